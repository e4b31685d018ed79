/* qw-ruleset-championship.c: a ruleset's online ladder, final events, team
 * rankings and prize tables
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-ruleset"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "qw-error.h"
#include "qw-ruleset-championship.h"
#include "qw-ruleset-private.h"
#include "qw-xml.h"

/* Freeing */

static void
period_free (gpointer data)
{
  g_free (data);
}

static void
reason_free (gpointer data)
{
  QwWildcardReason *r = data;

  g_free (r->code);
  g_free (r->name);
  g_free (r->text);
  g_free (r);
}

static void
ladder_rules_free (QwLadderRules *rules)
{
  if (rules == NULL)
    return;
  g_clear_pointer (&rules->periods, g_ptr_array_unref);
  g_clear_pointer (&rules->wildcard_reasons, g_ptr_array_unref);
  g_free (rules);
}

static void
final_event_free (gpointer data)
{
  QwFinalEvent *e = data;

  g_free (e->code);
  g_free (e->name);
  g_free (e->field);
  g_free (e);
}

static void
relation_free (gpointer data)
{
  QwPairRelation *r = data;

  g_free (r->code);
  g_free (r->name);
  g_strfreev (r->words);
  g_free (r);
}

static void
pair_rule_free (gpointer data)
{
  QwPairRule *p = data;

  g_free (p->field);
  g_clear_pointer (&p->relations, g_ptr_array_unref);
  g_free (p);
}

static void
team_rule_free (gpointer data)
{
  QwTeamRule *t = data;

  g_free (t->event);
  g_free (t->field);
  g_free (t);
}

static void
prize_table_free (gpointer data)
{
  QwPrizeTable *t = data;

  g_free (t->event);
  g_free (t->of);
  g_free (t->name);
  g_free (t->cumulative_with);
  g_clear_pointer (&t->prizes, g_array_unref);
  g_free (t);
}

static void
final_rules_free (QwFinalRules *rules)
{
  if (rules == NULL)
    return;
  g_free (rules->city);
  g_clear_pointer (&rules->events, g_ptr_array_unref);
  g_free (rules->individual_field);
  g_free (rules->women_field);
  g_clear_pointer (&rules->pairs, g_ptr_array_unref);
  g_free (rules->junior_field);
  g_free (rules->junior_girls_field);
  g_free (rules->junior_certificate_issuer);
  g_clear_pointer (&rules->teams, g_ptr_array_unref);
  g_clear_pointer (&rules->team_limits, g_ptr_array_unref);
  g_clear_pointer (&rules->prize_tables, g_ptr_array_unref);
  g_free (rules);
}

void
_qw_ruleset_clear_championship (QwRuleset *self)
{
  g_clear_pointer (&self->ladder, ladder_rules_free);
  g_clear_pointer (&self->final, final_rules_free);
  g_clear_pointer (&self->pair_rules, g_ptr_array_unref);
}

/* Reading */

static QwDate
prop_date (xmlNode    *node,
           const char *name)
{
  g_autofree char *value = qw_xml_get_prop (node, name);
  QwDate date = QW_DATE_NONE;

  if (value != NULL)
    qw_date_parse_iso (value, &date);
  return date;
}

static gboolean
prop_is (xmlNode    *node,
         const char *name,
         const char *value)
{
  g_autofree char *text = qw_xml_get_prop (node, name);

  return g_strcmp0 (text, value) == 0;
}

/* "10:00" (the schema's time-of-day) as minutes after midnight. */
static int
prop_minutes (xmlNode    *node,
              const char *name)
{
  g_autofree char *value = qw_xml_get_prop (node, name);

  if (value == NULL || strlen (value) != 5)
    return 0;
  return atoi (value) * 60 + atoi (value + 3);
}

static char *
node_text (xmlNode *node)
{
  return g_strstrip (qw_xml_get_text (node));
}

static gboolean
fail_at (GError    **error,
         const char *display_name,
         xmlNode    *node,
         const char *message)
{
  g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("%s, line %ld: %s"), display_name,
               node != NULL ? xmlGetLineNo (node) : 0L, message);
  return FALSE;
}

static gboolean
has_group (const QwRuleset *self,
           const char      *code)
{
  for (guint i = 0; code != NULL && i < self->groups->len; i++)
    if (g_str_equal (((QwGroupRule *) g_ptr_array_index (self->groups, i))->code, code))
      return TRUE;
  return FALSE;
}

static gboolean
check_field (const QwRuleset *self,
             xmlNode         *node,
             const char      *field,
             const char      *display_name,
             GError         **error)
{
  g_autofree char *message = NULL;

  if (field == NULL || has_group (self, field))
    return TRUE;
  message = g_strdup_printf (_("the field “%s” is not one of the ruleset’s groups"), field);
  return fail_at (error, display_name, node, message);
}

static gboolean
dates_in_order (QwDate from,
                QwDate to)
{
  return !qw_date_is_set (from) || !qw_date_is_set (to) || qw_date_compare (from, to) <= 0;
}

static gboolean
parse_ladder (QwRuleset  *self,
              xmlNode    *ladder,
              const char *display_name,
              GError    **error)
{
  QwLadderRules *rules = g_new0 (QwLadderRules, 1);
  xmlNode *node;
  int expected = 1;

  self->ladder = rules;
  node = qw_xml_first_child (ladder, "selection");
  rules->selection_threshold = qw_xml_get_prop_double (node, "threshold", 7);

  node = qw_xml_first_child (ladder, "qualifying");
  rules->qualifying_places = qw_xml_get_prop_int (node, "places", 23);
  rules->ties_by_wins = !prop_is (node, "tiebreak", "none");
  rules->tied_last_all = !prop_is (node, "tied-at-last-place", "none");
  rules->qualifying_min_games = qw_xml_get_prop_int (node, "min-games", 1);
  rules->first_day_from = prop_minutes (node, "first-day-from");
  rules->rank_unselected = prop_is (node, "unselected", "ranked");

  node = qw_xml_first_child (ladder, "games");
  rules->left_is_loss = qw_xml_get_prop_bool (node, "left-is-loss", TRUE);
  rules->count_outside_dates = prop_is (node, "outside-dates", "counted");
  rules->first_move_seconds = qw_xml_get_prop_int (node, "first-move-seconds", 60);

  node = qw_xml_first_child (ladder, "certificate");
  rules->certificate_games = qw_xml_get_prop_int (node, "min-games", 10);

  rules->periods = g_ptr_array_new_with_free_func (period_free);
  qw_xml_foreach_child (ladder, "period", period_node)
    {
      QwLadderPeriodRule *p = g_new0 (QwLadderPeriodRule, 1);

      p->number = qw_xml_get_prop_int (period_node, "number", 0);
      p->selection_from = prop_date (period_node, "selection-from");
      p->selection_to = prop_date (period_node, "selection-to");
      p->qualifying_from = prop_date (period_node, "qualifying-from");
      p->qualifying_to = prop_date (period_node, "qualifying-to");
      g_ptr_array_add (rules->periods, p);
      if (p->number != expected++)
        return fail_at (error, display_name, period_node,
                        _("the periods must be numbered 1, 2, 3, … in order"));
      if (!dates_in_order (p->selection_from, p->selection_to)
          || !dates_in_order (p->qualifying_from, p->qualifying_to)
          || !dates_in_order (p->selection_from, p->qualifying_from))
        return fail_at (error, display_name, period_node,
                        _("a stage of the period ends before it starts, or the qualifying stage starts "
                          "before the selection"));
    }

  node = qw_xml_first_child (ladder, "finalists");
  rules->online_places = qw_xml_get_prop_int (node, "online", 0);
  rules->places = qw_xml_get_prop_int (node, "places", 0);
  rules->public_from = prop_date (node, "public-from");
  rules->public_to = prop_date (node, "public-to");
  if (rules->places < rules->online_places)
    return fail_at (error, display_name, node, _("the finalists’ places are fewer than the online places"));

  node = qw_xml_first_child (ladder, "wildcards");
  rules->wildcard_deadline = prop_date (node, "deadline");
  rules->wildcard_reasons = g_ptr_array_new_with_free_func (reason_free);
  qw_xml_foreach_child (node, "reason", reason_node)
    {
      QwWildcardReason *r = g_new0 (QwWildcardReason, 1);

      r->code = qw_xml_get_prop (reason_node, "code");
      r->name = qw_xml_get_prop (reason_node, "name");
      r->text = node_text (reason_node);
      g_ptr_array_add (rules->wildcard_reasons, r);
    }
  return TRUE;
}

static QwFinalEventKind
event_kind (xmlNode *node)
{
  g_autofree char *kind = qw_xml_get_prop (node, "kind");

  if (g_strcmp0 (kind, "team") == 0)
    return QW_FINAL_EVENT_TEAM;
  if (g_strcmp0 (kind, "pair") == 0)
    return QW_FINAL_EVENT_PAIR;
  if (g_strcmp0 (kind, "junior") == 0)
    return QW_FINAL_EVENT_JUNIOR;
  return QW_FINAL_EVENT_INDIVIDUAL;
}

static QwPairMakeUp
pair_make_up (xmlNode *node)
{
  g_autofree char *make_up = qw_xml_get_prop (node, "make-up");

  if (g_strcmp0 (make_up, "women") == 0)
    return QW_PAIR_WOMEN;
  if (g_strcmp0 (make_up, "mixed") == 0)
    return QW_PAIR_MIXED;
  if (g_strcmp0 (make_up, "relatives") == 0)
    return QW_PAIR_RELATIVES;
  return QW_PAIR_MEN;
}

/* The <pairs> children of @parent (the root or <final>), added to the
 * ruleset's pair rules. */
static gboolean
parse_pairs (QwRuleset  *self,
             xmlNode    *parent,
             const char *display_name,
             GError    **error)
{
  if (self->pair_rules == NULL)
    self->pair_rules = g_ptr_array_new_with_free_func (pair_rule_free);
  qw_xml_foreach_child (parent, "pairs", node)
    {
      QwPairRule *p = g_new0 (QwPairRule, 1);

      g_ptr_array_add (self->pair_rules, p);
      p->field = qw_xml_get_prop (node, "field");
      p->make_up = pair_make_up (node);
      p->min_pairs = qw_xml_get_prop_int (node, "min-pairs", 0);
      p->max_pairs = qw_xml_get_prop_int (node, "max-pairs", 0);
      p->min_online = qw_xml_get_prop_int (node, "min-online", 0);
      p->min_age = qw_xml_get_prop_int (node, "min-age", -1);
      p->max_age = qw_xml_get_prop_int (node, "max-age", -1);
      p->adult_age = qw_xml_get_prop_int (node, "adult-age", -1);
      p->child_max_age = qw_xml_get_prop_int (node, "child-max-age", -1);
      p->entries_from = prop_date (node, "entries-from");
      p->entries_to = prop_date (node, "entries-to");
      p->relations = g_ptr_array_new_with_free_func (relation_free);
      qw_xml_foreach_child (node, "relation", relation_node)
        {
          QwPairRelation *r = g_new0 (QwPairRelation, 1);
          g_autofree char *words = qw_xml_get_prop (relation_node, "words");

          r->code = qw_xml_get_prop (relation_node, "code");
          r->name = node_text (relation_node);
          r->words = g_strsplit_set (words != NULL ? words : "", " ", -1);
          g_ptr_array_add (p->relations, r);
        }
      if (!check_field (self, node, p->field, display_name, error))
        return FALSE;
      if (qw_ruleset_pair_rule (self, p->field) != p)
        return fail_at (error, display_name, node, _("two pair events are played in the same group"));
      if ((p->max_pairs > 0 && p->min_pairs > p->max_pairs) || p->min_online > 2
          || (p->min_age >= 0 && p->max_age >= 0 && p->min_age > p->max_age)
          || (p->adult_age >= 0 && p->child_max_age >= p->adult_age))
        return fail_at (error, display_name, node,
                        _("a pair event needs min-pairs ≤ max-pairs, min-age ≤ max-age, a child younger than "
                          "the adult and at most 2 online members"));
      if ((p->make_up == QW_PAIR_RELATIVES) != (p->relations->len > 0))
        return fail_at (error, display_name, node,
                        _("a pair event of relatives lists the relations it accepts, and only it does"));
    }
  return TRUE;
}

static gboolean
parse_final (QwRuleset  *self,
             xmlNode    *final,
             const char *display_name,
             GError    **error)
{
  QwFinalRules *rules = self->final;
  xmlNode *node;

  rules->city = qw_xml_get_prop (final, "city");
  rules->first_day = prop_date (final, "first-day");
  rules->last_day = prop_date (final, "last-day");
  if (!dates_in_order (rules->first_day, rules->last_day))
    return fail_at (error, display_name, final, _("the final ends before it starts"));

  rules->events = g_ptr_array_new_with_free_func (final_event_free);
  qw_xml_foreach_child (final, "event", event_node)
    {
      QwFinalEvent *e = g_new0 (QwFinalEvent, 1);

      e->code = qw_xml_get_prop (event_node, "code");
      e->name = node_text (event_node);
      e->field = qw_xml_get_prop (event_node, "field");
      e->kind = event_kind (event_node);
      g_ptr_array_add (rules->events, e);
      if (!check_field (self, event_node, e->field, display_name, error))
        return FALSE;
      if ((e->kind == QW_FINAL_EVENT_TEAM) != (e->field == NULL))
        return fail_at (error, display_name, event_node, _("every event but a team event names its field"));
    }

  node = qw_xml_first_child (final, "individual");
  rules->individual_field = qw_xml_get_prop (node, "field");
  rules->women_same_field = !prop_is (node, "women-ranking", "separate");
  rules->women_field = qw_xml_get_prop (node, "women-field");
  rules->women_both = qw_xml_get_prop_bool (node, "women-both", TRUE);
  if (!check_field (self, node, rules->individual_field, display_name, error)
      || !check_field (self, node, rules->women_field, display_name, error))
    return FALSE;
  if (!rules->women_same_field && rules->women_field == NULL)
    return fail_at (error, display_name, node, _("a separate women’s ranking names its field (women-field)"));

  if (!parse_pairs (self, final, display_name, error))
    return FALSE;
  rules->pairs = g_ptr_array_ref (self->pair_rules);

  node = qw_xml_first_child (final, "junior");
  if (node != NULL)
    {
      rules->junior_two_groups = prop_is (node, "ranking", "two-groups");
      rules->junior_field = qw_xml_get_prop (node, rules->junior_two_groups ? "boys-field" : "field");
      rules->junior_girls_field = qw_xml_get_prop (node, rules->junior_two_groups ? "girls-field" : "field");
      if (rules->junior_field == NULL || rules->junior_girls_field == NULL)
        return fail_at (error, display_name, node,
                        _("the junior event names its field, or with two groups the boys’ and the girls’ "
                          "(boys-field, girls-field)"));
      rules->junior_born_from = prop_date (node, "born-from");
      rules->junior_certificate_required = prop_is (node, "certificate", "required");
      rules->junior_certificate_issuer = qw_xml_get_prop (node, "certificate-issuer");
      rules->junior_unit_stamp = qw_xml_get_prop_bool (node, "unit-stamp", FALSE);
      rules->junior_entries_from = prop_date (node, "entries-from");
      rules->junior_entries_to = prop_date (node, "entries-to");
      if (!check_field (self, node, rules->junior_field, display_name, error)
          || !check_field (self, node, rules->junior_girls_field, display_name, error))
        return FALSE;
    }
  return TRUE;
}

static int
compare_limits (gconstpointer a,
                gconstpointer b)
{
  const QwTeamLimit *x = *(QwTeamLimit * const *) a;
  const QwTeamLimit *y = *(QwTeamLimit * const *) b;

  return (x->max_teams > y->max_teams) - (x->max_teams < y->max_teams);
}

static gboolean
parse_teams (QwRuleset  *self,
             xmlNode    *teams,
             const char *display_name,
             GError    **error)
{
  QwFinalRules *rules = self->final;

  rules->province_digits = qw_xml_get_prop_int (teams, "province-digits", 2);
  rules->short_teams_ranked = !prop_is (teams, "short", "not-ranked");
  rules->team_tie_best_member = !prop_is (teams, "tie", "shared");
  rules->teams = g_ptr_array_new_with_free_func (team_rule_free);
  rules->team_limits = g_ptr_array_new_with_free_func (g_free);
  qw_xml_foreach_child (teams, "team", node)
    {
      QwTeamRule *t = g_new0 (QwTeamRule, 1);

      g_ptr_array_add (rules->teams, t);
      t->event = qw_xml_get_prop (node, "event");
      t->by = prop_is (node, "by", "unit") ? QW_TEAM_BASIS_UNIT : QW_TEAM_BASIS_PROVINCE;
      t->field = qw_xml_get_prop (node, "field");
      t->by_sex = prop_is (node, "ranking", "by-sex");
      t->men = qw_xml_get_prop_int (node, "men", 0);
      t->women = qw_xml_get_prop_int (node, "women", 0);
      if (!check_field (self, node, t->field, display_name, error))
        return FALSE;
      if (t->men + t->women == 0)
        return fail_at (error, display_name, node, _("a team counts the places of at least one member"));
    }
  qw_xml_foreach_child (teams, "limit", node)
    {
      QwTeamLimit *l = g_new0 (QwTeamLimit, 1);

      l->max_teams = qw_xml_get_prop_int (node, "max-teams", 0);
      l->places = qw_xml_get_prop_int (node, "places", 0);
      g_ptr_array_add (rules->team_limits, l);
    }
  g_ptr_array_sort (rules->team_limits, compare_limits);
  return TRUE;
}

static gboolean
parse_prize_table (QwRuleset    *self,
                   xmlNode      *node,
                   QwPrizeTable *t,
                   const char   *display_name,
                   GError      **error)
{
  g_autofree char *per = qw_xml_get_prop (node, "per");
  g_autofree char *sex = qw_xml_get_prop (node, "sex");
  int next = 1;

  t->event = qw_xml_get_prop (node, "event");
  t->of = qw_xml_get_prop (node, "of");
  t->name = qw_xml_get_prop (node, "name");
  t->places = qw_xml_get_prop_int (node, "places", 0);
  t->per = g_strcmp0 (per, "pair") == 0 ? QW_PRIZE_PER_PAIR
         : g_strcmp0 (per, "team") == 0 ? QW_PRIZE_PER_TEAM : QW_PRIZE_PER_PLAYER;
  t->sex = qw_sex_parse (sex);
  t->cumulative_with = qw_xml_get_prop (node, "cumulative-with");
  t->prizes = g_array_new (FALSE, FALSE, sizeof (QwPrize));
  if (qw_final_rules_event (self->final, t->of) == NULL)
    {
      g_autofree char *message = g_strdup_printf (_("the prize table names an unknown event “%s”"), t->of);

      return fail_at (error, display_name, node, message);
    }
  qw_xml_foreach_child (node, "prize", prize_node)
    {
      QwPrize p;

      p.from = qw_xml_get_prop_int (prize_node, "from", 0);
      p.to = qw_xml_get_prop_int (prize_node, "to", p.from);
      p.amount = qw_xml_get_prop_int (prize_node, "amount", 0);
      if (p.from != next || p.to < p.from)
        return fail_at (error, display_name, prize_node,
                        _("the prizes must cover the places from 1 in order, without gaps or overlaps"));
      next = p.to + 1;
      g_array_append_val (t->prizes, p);
    }
  if (next - 1 != t->places)
    return fail_at (error, display_name, node, _("the prizes do not cover exactly the places awarded"));
  return TRUE;
}

static gboolean
parse_prizes (QwRuleset  *self,
              xmlNode    *prizes,
              const char *display_name,
              GError    **error)
{
  QwFinalRules *rules = self->final;

  rules->before_tax = qw_xml_get_prop_bool (prizes, "before-tax", TRUE);
  rules->shared_split = !prop_is (prizes, "shared", "each");
  rules->prize_tables = g_ptr_array_new_with_free_func (prize_table_free);
  qw_xml_foreach_child (prizes, "table", node)
    {
      QwPrizeTable *t = g_new0 (QwPrizeTable, 1);

      g_ptr_array_add (rules->prize_tables, t);
      if (!parse_prize_table (self, node, t, display_name, error))
        return FALSE;
    }
  for (guint i = 0; i < rules->prize_tables->len; i++)
    {
      const QwPrizeTable *t = g_ptr_array_index (rules->prize_tables, i);

      if (t->cumulative_with != NULL && qw_final_rules_prize_table (rules, t->cumulative_with) == NULL)
        return fail_at (error, display_name, prizes,
                        _("a prize table is cumulative with a table that does not exist"));
    }
  return TRUE;
}

gboolean
_qw_ruleset_parse_championship (QwRuleset   *self,
                                xmlNode     *root,
                                const char  *display_name,
                                GError     **error)
{
  xmlNode *ladder = qw_xml_first_child (root, "ladder");
  xmlNode *final = qw_xml_first_child (root, "final");
  xmlNode *teams = qw_xml_first_child (root, "teams");
  xmlNode *prizes = qw_xml_first_child (root, "prizes");

  if (ladder != NULL && !parse_ladder (self, ladder, display_name, error))
    return FALSE;
  /* The pair events of a season without a final (the 2021 家庭双人组). */
  if (!parse_pairs (self, root, display_name, error))
    return FALSE;
  if (final == NULL)
    {
      if (teams != NULL || prizes != NULL)
        return fail_at (error, display_name, teams != NULL ? teams : prizes,
                        _("team rankings and prize tables need a <final>"));
      return TRUE;
    }
  self->final = g_new0 (QwFinalRules, 1);
  if (!parse_final (self, final, display_name, error))
    return FALSE;
  if (teams != NULL && !parse_teams (self, teams, display_name, error))
    return FALSE;
  if (prizes != NULL && !parse_prizes (self, prizes, display_name, error))
    return FALSE;
  if (self->final->teams == NULL)
    self->final->teams = g_ptr_array_new_with_free_func (team_rule_free);
  if (self->final->team_limits == NULL)
    self->final->team_limits = g_ptr_array_new_with_free_func (g_free);
  if (self->final->prize_tables == NULL)
    self->final->prize_tables = g_ptr_array_new_with_free_func (prize_table_free);
  return TRUE;
}

/* Queries */

/**
 * qw_ladder_rules_period:
 * @number: from 1
 *
 * Returns: (nullable): the period, or %NULL if the ladder has none of that number
 */
const QwLadderPeriodRule *
qw_ladder_rules_period (const QwLadderRules *rules,
                        int                  number)
{
  if (rules == NULL || number < 1 || (guint) number > rules->periods->len)
    return NULL;
  return g_ptr_array_index (rules->periods, number - 1);
}

int
qw_ladder_rules_n_periods (const QwLadderRules *rules)
{
  return rules != NULL ? (int) rules->periods->len : 0;
}

/**
 * qw_ladder_rules_match_reason:
 * @text: a wild card's reason as entered: a code ("hangzhou"), a name
 *   ("杭州区县市比赛"), the reason's text, or a text that contains the name
 *   ("2021年杭州区县市比赛西湖区第二名")
 *
 * Returns: (nullable): the reason of 十一(五)1 it names
 */
const QwWildcardReason *
qw_ladder_rules_match_reason (const QwLadderRules *rules,
                              const char          *text)
{
  g_autofree char *t = NULL;

  if (rules == NULL || text == NULL)
    return NULL;
  t = g_strstrip (g_strdup (text));
  if (*t == '\0')
    return NULL;
  for (guint i = 0; i < rules->wildcard_reasons->len; i++)
    {
      const QwWildcardReason *r = g_ptr_array_index (rules->wildcard_reasons, i);

      if (g_ascii_strcasecmp (t, r->code) == 0 || g_str_equal (t, r->name) || g_str_equal (t, r->text))
        return r;
    }
  for (guint i = 0; i < rules->wildcard_reasons->len; i++)
    {
      const QwWildcardReason *r = g_ptr_array_index (rules->wildcard_reasons, i);

      if (strstr (t, r->name) != NULL)
        return r;
    }
  return NULL;
}

const QwPairRule *
qw_ruleset_pair_rule (const QwRuleset *ruleset,
                      const char      *field)
{
  for (guint i = 0; ruleset->pair_rules != NULL && field != NULL && i < ruleset->pair_rules->len; i++)
    {
      const QwPairRule *p = g_ptr_array_index (ruleset->pair_rules, i);

      if (g_str_equal (p->field, field))
        return p;
    }
  return NULL;
}

const QwPairRelation *
qw_pair_rule_match_relation (const QwPairRule *rule,
                             const char       *text)
{
  g_autofree char *t = NULL;

  if (rule == NULL || text == NULL)
    return NULL;
  t = g_strstrip (g_strdup (text));
  if (*t == '\0')
    return NULL;
  for (guint i = 0; i < rule->relations->len; i++)
    {
      const QwPairRelation *r = g_ptr_array_index (rule->relations, i);

      if (g_ascii_strcasecmp (t, r->code) == 0 || g_str_equal (t, r->name))
        return r;
    }
  for (guint i = 0; i < rule->relations->len; i++)
    {
      const QwPairRelation *r = g_ptr_array_index (rule->relations, i);

      for (guint w = 0; r->words[w] != NULL; w++)
        if (r->words[w][0] != '\0' && strstr (t, r->words[w]) != NULL)
          return r;
    }
  return NULL;
}

gboolean
qw_final_rules_is_junior_field (const QwFinalRules *rules,
                                const char         *field)
{
  if (rules == NULL || field == NULL || rules->junior_field == NULL)
    return FALSE;
  if (g_str_equal (field, rules->junior_field) || g_str_equal (field, rules->junior_girls_field))
    return TRUE;
  /* The junior event's own group, whatever the juniors are ranked in. */
  for (guint i = 0; i < rules->events->len; i++)
    {
      const QwFinalEvent *e = g_ptr_array_index (rules->events, i);

      if (e->kind == QW_FINAL_EVENT_JUNIOR && g_strcmp0 (e->field, field) == 0)
        return TRUE;
    }
  return FALSE;
}

const QwFinalEvent *
qw_final_rules_event (const QwFinalRules *rules,
                      const char         *code)
{
  for (guint i = 0; rules != NULL && code != NULL && i < rules->events->len; i++)
    {
      const QwFinalEvent *e = g_ptr_array_index (rules->events, i);

      if (g_str_equal (e->code, code))
        return e;
    }
  return NULL;
}

const QwPairRule *
qw_final_rules_pair (const QwFinalRules *rules,
                     const char         *field)
{
  for (guint i = 0; rules != NULL && field != NULL && i < rules->pairs->len; i++)
    {
      const QwPairRule *p = g_ptr_array_index (rules->pairs, i);

      if (g_str_equal (p->field, field))
        return p;
    }
  return NULL;
}

const QwTeamRule *
qw_final_rules_team (const QwFinalRules *rules,
                     const char         *event)
{
  for (guint i = 0; rules != NULL && event != NULL && i < rules->teams->len; i++)
    {
      const QwTeamRule *t = g_ptr_array_index (rules->teams, i);

      if (g_str_equal (t->event, event))
        return t;
    }
  return NULL;
}

const QwPrizeTable *
qw_final_rules_prize_table (const QwFinalRules *rules,
                            const char         *event)
{
  for (guint i = 0; rules != NULL && event != NULL && i < rules->prize_tables->len; i++)
    {
      const QwPrizeTable *t = g_ptr_array_index (rules->prize_tables, i);

      if (g_str_equal (t->event, event))
        return t;
    }
  return NULL;
}

/**
 * qw_final_rules_team_places:
 * @event: a team ranking ("team-men")
 * @n_teams: the teams ranked
 *
 * Returns: the places awarded: those of the event's prize table, fewer when
 *   few teams take part (十四(一)2), never more than @n_teams
 */
int
qw_final_rules_team_places (const QwFinalRules *rules,
                            const char         *event,
                            int                 n_teams)
{
  const QwPrizeTable *table = qw_final_rules_prize_table (rules, event);
  int places = table != NULL ? table->places : n_teams;

  for (guint i = 0; rules != NULL && i < rules->team_limits->len; i++)
    {
      const QwTeamLimit *l = g_ptr_array_index (rules->team_limits, i);

      if (n_teams <= l->max_teams)
        {
          places = MIN (places, l->places);
          break;
        }
    }
  return CLAMP (places, 0, MAX (n_teams, 0));
}

/* The amount in yuan for @place, 0 beyond the places awarded. */
int
qw_prize_table_amount (const QwPrizeTable *table,
                       int                 place)
{
  for (guint i = 0; table != NULL && i < table->prizes->len; i++)
    {
      const QwPrize *p = &g_array_index (table->prizes, QwPrize, i);

      if (place >= p->from && place <= p->to)
        return p->amount;
    }
  return 0;
}

/* What the table pays out when every place is awarded. */
gint64
qw_prize_table_total (const QwPrizeTable *table)
{
  gint64 total = 0;

  for (guint i = 0; table != NULL && i < table->prizes->len; i++)
    {
      const QwPrize *p = &g_array_index (table->prizes, QwPrize, i);

      total += (gint64) p->amount * (p->to - p->from + 1);
    }
  return total;
}

/* Whether a member's age (周岁 on the final's first day) is within the
 * event's bounds, both inclusive. */
gboolean
qw_pair_rule_age_ok (const QwPairRule *rule,
                     int               age)
{
  if (rule->min_age >= 0 && age < rule->min_age)
    return FALSE;
  if (rule->max_age >= 0 && age > rule->max_age)
    return FALSE;
  return TRUE;
}

gboolean
qw_ruleset_offers (const QwRuleset *ruleset,
                   QwRulesetPart    part)
{
  if (ruleset == NULL)
    return FALSE;
  switch (part)
    {
    case QW_RULESET_REGIONS:
      return ruleset->tiers != NULL && ruleset->tiers->len > 0;
    case QW_RULESET_LADDER:
      return ruleset->ladder != NULL;
    case QW_RULESET_FINAL:
      return ruleset->final != NULL;
    default:
      return FALSE;
    }
}

void
qw_ruleset_event_defaults (const QwRuleset *ruleset,
                           QwEvent         *event,
                           gboolean         keep_dates)
{
  g_return_if_fail (ruleset != NULL && event != NULL);

  if (ruleset->final == NULL)
    return;
  event->level = QW_LEVEL_NATIONAL_FINAL;
  if (keep_dates && qw_date_is_set (event->start_date) && qw_date_is_set (event->end_date))
    return;
  event->start_date = ruleset->final->first_day;
  event->end_date = ruleset->final->last_day;
}
