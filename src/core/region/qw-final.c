/* qw-final.c: the 2022 final's rankings, teams and prize list
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-final"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "qw-document-entries.h"
#include "qw-document-play.h"
#include "qw-entry-check.h"
#include "qw-error.h"
#include "qw-final.h"
#include "qw-idcard.h"
#include "qw-registration.h"
#include "qw-ruleset-championship.h"
#include "qw-standings.h"
#include "qw-tournament.h"

/* Freeing */

static void
final_place_free (gpointer data)
{
  QwFinalPlace *p = data;

  g_free (p->name);
  g_free (p->unit);
  g_free (p->province);
  g_free (p);
}

static void
ranking_free (gpointer data)
{
  QwFinalRanking *r = data;

  g_free (r->code);
  g_free (r->name);
  g_free (r->field);
  g_clear_pointer (&r->places, g_ptr_array_unref);
  g_free (r);
}

static void
team_member_free (gpointer data)
{
  QwFinalTeamMember *m = data;

  g_free (m->name);
  g_free (m);
}

static void
team_free (gpointer data)
{
  QwFinalTeam *t = data;

  g_free (t->team);
  g_clear_pointer (&t->members, g_ptr_array_unref);
  g_free (t);
}

static void
team_ranking_free (gpointer data)
{
  QwFinalTeamRanking *r = data;

  g_free (r->event);
  g_free (r->code);
  g_free (r->name);
  g_clear_pointer (&r->teams, g_ptr_array_unref);
  g_free (r);
}

static void
award_free (gpointer data)
{
  QwPrizeAward *a = data;

  g_free (a->event);
  g_free (a->event_name);
  g_free (a->name);
  g_free (a->team);
  g_free (a);
}

static void
total_free (gpointer data)
{
  QwPrizeTotal *t = data;

  g_free (t->event);
  g_free (t->name);
  g_free (t);
}

static void
accumulated_free (gpointer data)
{
  QwPrizeAccumulated *a = data;

  g_free (a->name);
  g_free (a->team);
  g_clear_pointer (&a->awards, g_ptr_array_unref);
  g_free (a);
}

void
qw_final_results_free (QwFinalResults *results)
{
  if (results == NULL)
    return;
  g_clear_pointer (&results->rankings, g_ptr_array_unref);
  g_clear_pointer (&results->teams, g_ptr_array_unref);
  g_clear_pointer (&results->accumulated, g_ptr_array_unref);
  g_clear_pointer (&results->awards, g_ptr_array_unref);
  g_clear_pointer (&results->totals, g_ptr_array_unref);
  g_clear_pointer (&results->notes, g_ptr_array_unref);
  g_free (results);
}

/* Players */

char *
qw_final_province_of (const QwEntry *entry,
                      int            digits)
{
  QwIdInfo info;
  const char *name;

  if (qw_entry_is_pair (entry) || entry->doc_kind != QW_DOC_RESIDENT_ID || entry->id_number == NULL)
    return NULL;
  qw_idcard_parse (entry->id_number, &info);
  if (info.normalized[0] == '\0')
    return NULL;
  name = qw_idcard_province_name (info.normalized);
  if (name == NULL)
    return NULL;
  /* The name is the province's (the first two digits); more digits would
   * name a prefecture, which the table does not know: keep the digits. */
  if (digits != 2)
    return g_strndup (info.normalized, CLAMP (digits, 1, 6));
  return g_strdup (name);
}

/* What a field's entry is for the rankings. */
typedef struct
{
  const QwEntry *entry;
  QwSex          sex;
  char          *province;
} Player;

typedef struct
{
  const QwFinalField *data;
  GHashTable         *players;   /* entry id → Player */
} Field;

static void
player_free (gpointer data)
{
  Player *p = data;

  g_free (p->province);
  g_free (p);
}

static void
field_free (gpointer data)
{
  Field *f = data;

  g_hash_table_unref (f->players);
  g_free (f);
}

typedef struct
{
  const QwRuleset    *ruleset;
  const QwFinalRules *final;
  GHashTable         *fields;    /* code → Field */
  QwFinalResults     *results;
  GHashTable         *by_table;  /* prize table event → GPtrArray of QwPrizeAward (borrowed) */
} Computation;

static Field *
field_new (const QwRuleset    *ruleset,
           const QwEvent      *event,
           const QwFinalField *data)
{
  Field *f = g_new0 (Field, 1);
  QwCheckOptions options = { qw_registration_event_date (event), FALSE };

  f->data = data;
  f->players = g_hash_table_new_full (g_int64_hash, g_int64_equal, NULL, player_free);
  for (guint i = 0; data->entries != NULL && i < data->entries->len; i++)
    {
      const QwEntry *e = g_ptr_array_index (data->entries, i);
      Player *p = g_new0 (Player, 1);
      QwEntryCheck check;

      qw_entry_check (ruleset, e, &options, &check);
      p->entry = e;
      p->sex = check.sex;
      p->province = qw_final_province_of (e, ruleset->final->province_digits);
      g_hash_table_insert (f->players, (gpointer) &e->id, p);
    }
  return f;
}

static gboolean
field_played (const Field *f)
{
  const QwFinalField *d = f != NULL ? f->data : NULL;

  if (d == NULL || d->standings == NULL)
    return FALSE;
  for (guint i = 0; i < d->standings->len; i++)
    {
      const QwStandingRow *row = g_ptr_array_index (d->standings, i);

      for (guint r = 0; row->rounds != NULL && r < row->rounds->len; r++)
        if (g_array_index (row->rounds, QwRoundCell, r).result != QW_RESULT_NONE)
          return TRUE;
    }
  return FALSE;
}

/* The field a sex's ranking comes from: the junior girls' group when the
 * juniors play in two groups, the women's field when the women's ranking is
 * a separate one. */
static const char *
field_for_sex (const QwFinalRules *final,
               const char         *field,
               QwSex               sex)
{
  if (field == NULL)
    return NULL;
  if (qw_final_rules_is_junior_field (final, field) && final->junior_two_groups)
    return sex == QW_SEX_FEMALE ? final->junior_girls_field : sex == QW_SEX_MALE ? final->junior_field : field;
  if (sex == QW_SEX_FEMALE && final->individual_field != NULL && g_str_equal (field, final->individual_field)
      && !final->women_same_field)
    return final->women_field;
  return field;
}

/* The places of @field's standings, of @sex only unless UNKNOWN. With
 * @by_sex the places are counted within the sex, else they are the field's.
 * Places the standings share stay shared. */
static GPtrArray *
places_of (Computation *c,
           const char  *field,
           QwSex        sex,
           gboolean     by_sex,
           GHashTable  *skip)
{
  GPtrArray *places = g_ptr_array_new_with_free_func (final_place_free);
  Field *f = field != NULL ? g_hash_table_lookup (c->fields, field) : NULL;
  int kept = 0, last_rank = 0, last_place = 0;

  if (!field_played (f))
    return places;
  for (guint i = 0; i < f->data->standings->len; i++)
    {
      const QwStandingRow *row = g_ptr_array_index (f->data->standings, i);
      Player *p = g_hash_table_lookup (f->players, &row->entry_id);
      QwFinalPlace *place;

      if (p == NULL || row->status == QW_STATUS_EXCLUDED || row->status == QW_STATUS_LATE)
        continue;
      if (sex != QW_SEX_UNKNOWN && p->sex != sex)
        continue;
      if (skip != NULL && g_hash_table_contains (skip, &row->entry_id))
        continue;
      kept++;
      place = g_new0 (QwFinalPlace, 1);
      place->field_place = row->rank;
      if (by_sex || skip != NULL)
        place->place = kept > 1 && row->rank == last_rank ? last_place : kept;
      else
        place->place = row->rank;
      last_rank = row->rank;
      last_place = place->place;
      place->entry_id = row->entry_id;
      place->no = p->entry->no;
      place->name = g_strdup (p->entry->name != NULL ? p->entry->name : "");
      place->unit = g_strstrip (g_strdup (p->entry->unit != NULL ? p->entry->unit : ""));
      place->province = g_strdup (p->province != NULL ? p->province : "");
      place->sex = p->sex;
      g_ptr_array_add (places, place);
    }
  return places;
}

/* Rankings and prizes of players and pairs */

static const char *
table_field (const QwFinalRules *final,
             const QwPrizeTable *table)
{
  const QwFinalEvent *of = qw_final_rules_event (final, table->of);

  return of != NULL ? field_for_sex (final, of->field, table->sex) : NULL;
}

static gboolean
field_finished (Computation *c,
                const char  *field)
{
  Field *f = field != NULL ? g_hash_table_lookup (c->fields, field) : NULL;

  return f != NULL && f->data->finished;
}

static QwPrizeAward *
award_new (const QwPrizeTable *table,
           int                 place,
           int                 amount)
{
  QwPrizeAward *a = g_new0 (QwPrizeAward, 1);

  a->event = g_strdup (table->event);
  a->event_name = g_strdup (table->name);
  a->place = place;
  a->amount = amount;
  return a;
}

/* What each of the @k players (or teams) sharing @place receives: with
 * shared="split" an equal part of the prizes of the places they cover (up
 * to @last, the last place awarded), rounded to the yuan; else the
 * place's own. */
static int
shared_amount (const QwFinalRules *final,
               const QwPrizeTable *table,
               int                 place,
               int                 k,
               int                 last)
{
  gint64 sum = 0;

  if (!final->shared_split || k <= 1)
    return qw_prize_table_amount (table, place);
  for (int p = place; p < place + k; p++)
    sum += p <= last ? qw_prize_table_amount (table, p) : 0;
  return (int) ((sum + k / 2) / k);
}

/* How many places of @places (ranked) are the same as the @i-th. */
static int
count_shared_places (GPtrArray *places,
                     guint      i)
{
  int place = ((QwFinalPlace *) g_ptr_array_index (places, i))->place, n = 0;

  for (guint j = 0; j < places->len; j++)
    n += ((QwFinalPlace *) g_ptr_array_index (places, j))->place == place ? 1 : 0;
  return n;
}

static int
count_shared_ranks (GPtrArray *teams,
                    guint      i)
{
  int rank = ((QwFinalTeam *) g_ptr_array_index (teams, i))->rank, n = 0;

  for (guint j = 0; j < teams->len; j++)
    n += ((QwFinalTeam *) g_ptr_array_index (teams, j))->rank == rank ? 1 : 0;
  return n;
}

static GPtrArray *
table_awards (Computation        *c,
              const QwPrizeTable *table)
{
  GPtrArray *awards = g_hash_table_lookup (c->by_table, table->event);

  if (awards == NULL)
    {
      awards = g_ptr_array_new ();
      g_hash_table_insert (c->by_table, table->event, awards);
    }
  return awards;
}

/* Whether the table's players may not also receive the prize of the table
 * it is cumulative with: women-both="false" (十四(一)1 read the other way). */
static gboolean
exclusive_table (const QwFinalRules *final,
                 const QwPrizeTable *table)
{
  return table->cumulative_with != NULL && !final->women_both;
}

static void
rank_players (Computation        *c,
              const QwPrizeTable *table)
{
  const char *field = table_field (c->final, table);
  Field *f = field != NULL ? g_hash_table_lookup (c->fields, field) : NULL;
  QwFinalRanking *r = g_new0 (QwFinalRanking, 1);
  g_autoptr(GHashTable) skip = NULL;
  GPtrArray *awards = table_awards (c, table);

  r->code = g_strdup (table->event);
  r->name = g_strdup (table->name);
  r->field = g_strdup (field);
  r->sex = table->sex;
  r->played = field_played (f);
  r->finished = field_finished (c, field);
  if (exclusive_table (c->final, table))
    {
      const QwPrizeTable *other = qw_final_rules_prize_table (c->final, table->cumulative_with);
      GPtrArray *given = other != NULL ? table_awards (c, other) : NULL;

      skip = g_hash_table_new (g_int64_hash, g_int64_equal);
      for (guint i = 0; given != NULL && i < given->len; i++)
        g_hash_table_add (skip, &((QwPrizeAward *) g_ptr_array_index (given, i))->entry_id);
    }
  r->places = places_of (c, field, table->sex, table->sex != QW_SEX_UNKNOWN, skip);
  g_ptr_array_add (c->results->rankings, r);
  for (guint i = 0; i < r->places->len; i++)
    {
      const QwFinalPlace *p = g_ptr_array_index (r->places, i);
      QwPrizeAward *a;
      int k;

      if (p->place > table->places)
        break;
      k = count_shared_places (r->places, i);
      a = award_new (table, p->place, shared_amount (c->final, table, p->place, k, table->places));
      a->entry_id = p->entry_id;
      a->no = p->no;
      a->name = g_strdup (p->name);
      a->team = g_strdup (*p->unit != '\0' ? p->unit : p->province);
      g_ptr_array_add (awards, a);
    }
}

/* Teams */

typedef struct
{
  QwFinalTeam *team;
  GArray      *places;   /* int, best first: for ties */
  int          counted;
} TeamSort;

static int
compare_team_sorts (const TeamSort     *a,
                    const TeamSort     *b,
                    const QwFinalRules *final)
{
  if (a->team->complete != b->team->complete)
    return a->team->complete ? -1 : 1;
  if (a->counted != b->counted)
    return a->counted > b->counted ? -1 : 1;
  if (a->team->sum != b->team->sum)
    return a->team->sum < b->team->sum ? -1 : 1;
  if (!final->team_tie_best_member)
    return 0;
  for (guint i = 0; i < a->places->len && i < b->places->len; i++)
    {
      int pa = g_array_index (a->places, int, i), pb = g_array_index (b->places, int, i);

      if (pa != pb)
        return pa < pb ? -1 : 1;
    }
  return 0;
}

static int
compare_team_sorts_with (gconstpointer a,
                         gconstpointer b,
                         gpointer      final)
{
  const TeamSort *x = a, *y = b;
  int c = compare_team_sorts (x, y, final);

  return c != 0 ? c : g_strcmp0 (x->team->team, y->team->team);
}

static int
compare_ints (gconstpointer a,
              gconstpointer b)
{
  int x = *(const int *) a, y = *(const int *) b;

  return (x > y) - (x < y);
}

static char *
team_of (const QwTeamRule   *rule,
         const QwFinalPlace *p)
{
  if (rule->by == QW_TEAM_BASIS_UNIT)
    return *p->unit != '\0' ? g_strdup (p->unit) : NULL;
  return *p->province != '\0' ? g_strdup (p->province) : NULL;
}

/* Adds the best @wanted places of @places to their teams (team → QwFinalTeam). */
static void
collect_members (const QwTeamRule *rule,
                 GPtrArray        *places,
                 int               wanted,
                 GHashTable       *teams,
                 GHashTable       *counts)
{
  if (wanted <= 0)
    return;
  for (guint i = 0; i < places->len; i++)
    {
      const QwFinalPlace *p = g_ptr_array_index (places, i);
      g_autofree char *name = team_of (rule, p);
      QwFinalTeam *team;
      QwFinalTeamMember *m;
      int n;

      if (name == NULL)
        continue;
      team = g_hash_table_lookup (teams, name);
      if (team == NULL)
        {
          team = g_new0 (QwFinalTeam, 1);
          team->team = g_strdup (name);
          team->members = g_ptr_array_new_with_free_func (team_member_free);
          g_hash_table_insert (teams, team->team, team);
        }
      n = GPOINTER_TO_INT (g_hash_table_lookup (counts, team->team));
      if (n >= wanted)
        continue;
      g_hash_table_insert (counts, team->team, GINT_TO_POINTER (n + 1));
      m = g_new0 (QwFinalTeamMember, 1);
      m->entry_id = p->entry_id;
      m->no = p->no;
      m->name = g_strdup (p->name);
      m->sex = p->sex;
      m->place = p->place;
      g_ptr_array_add (team->members, m);
      team->sum += p->place;
    }
}

static int
compare_members (gconstpointer a,
                 gconstpointer b)
{
  const QwFinalTeamMember *x = *(QwFinalTeamMember * const *) a;
  const QwFinalTeamMember *y = *(QwFinalTeamMember * const *) b;

  return x->place != y->place ? (x->place > y->place) - (x->place < y->place) : (x->no > y->no) - (x->no < y->no);
}

static void
rank_teams (Computation      *c,
            const QwTeamRule *rule)
{
  const QwFinalRules *final = c->final;
  const QwPrizeTable *table = qw_final_rules_prize_table (final, rule->event);
  const QwFinalEvent *event = qw_final_rules_event (final, rule->event);
  QwFinalTeamRanking *r = g_new0 (QwFinalTeamRanking, 1);
  g_autoptr(GHashTable) teams = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) men_counts = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) women_counts = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) men = NULL, women = NULL;
  g_autoptr(GArray) sorts = g_array_new (FALSE, TRUE, sizeof (TeamSort));
  GHashTableIter iter;
  gpointer value;
  int ranked = 0;

  r->event = g_strdup (rule->event);
  r->code = g_strdup (g_str_has_prefix (rule->event, "team-") ? rule->event + strlen ("team-") : rule->event);
  r->name = g_strdup (event != NULL ? event->name : table != NULL ? table->name : rule->event);
  r->teams = g_ptr_array_new_with_free_func (team_free);
  men = places_of (c, rule->by_sex ? field_for_sex (final, rule->field, QW_SEX_MALE) : rule->field, QW_SEX_MALE,
                   rule->by_sex, NULL);
  women = places_of (c, rule->by_sex ? field_for_sex (final, rule->field, QW_SEX_FEMALE) : rule->field,
                     QW_SEX_FEMALE, rule->by_sex, NULL);
  collect_members (rule, men, rule->men, teams, men_counts);
  collect_members (rule, women, rule->women, teams, women_counts);

  g_hash_table_iter_init (&iter, teams);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      QwFinalTeam *team = value;
      int n_men = GPOINTER_TO_INT (g_hash_table_lookup (men_counts, team->team));
      int n_women = GPOINTER_TO_INT (g_hash_table_lookup (women_counts, team->team));
      TeamSort s = { team, g_array_new (FALSE, FALSE, sizeof (int)), n_men + n_women };

      /* A team exists once one of its members counts. */
      if (s.counted == 0)
        {
          g_array_unref (s.places);
          team_free (team);
          continue;
        }
      team->complete = n_men >= rule->men && n_women >= rule->women;
      g_ptr_array_sort (team->members, compare_members);
      for (guint i = 0; i < team->members->len; i++)
        g_array_append_val (s.places, ((QwFinalTeamMember *) g_ptr_array_index (team->members, i))->place);
      g_array_sort (s.places, compare_ints);
      g_array_append_val (sorts, s);
    }
  g_array_sort_with_data (sorts, compare_team_sorts_with, (gpointer) final);
  for (guint i = 0; i < sorts->len; i++)
    {
      TeamSort *s = &g_array_index (sorts, TeamSort, i);

      if (!s->team->complete && !final->short_teams_ranked)
        continue;
      ranked++;
      if (i > 0 && compare_team_sorts (&g_array_index (sorts, TeamSort, i - 1), s, final) == 0)
        s->team->rank = g_array_index (sorts, TeamSort, i - 1).team->rank;
      else
        s->team->rank = (int) i + 1;
    }
  r->places = qw_final_rules_team_places (final, rule->event, ranked);
  for (guint i = 0; i < sorts->len; i++)
    {
      TeamSort *s = &g_array_index (sorts, TeamSort, i);

      s->team->awarded = s->team->rank > 0 && s->team->rank <= r->places;
      g_ptr_array_add (r->teams, s->team);
      g_array_unref (s->places);
    }
  g_ptr_array_add (c->results->teams, r);

  if (table == NULL)
    return;
  for (guint i = 0; i < r->teams->len; i++)
    {
      const QwFinalTeam *team = g_ptr_array_index (r->teams, i);
      QwPrizeAward *a;
      int k;

      if (!team->awarded)
        continue;
      k = count_shared_ranks (r->teams, i);
      a = award_new (table, team->rank, shared_amount (final, table, team->rank, k, r->places));
      a->name = g_strdup (team->team);
      a->team = g_strdup (team->team);
      g_ptr_array_add (table_awards (c, table), a);
    }
}

/* The prize list */

static char *
person_key (Computation        *c,
            const QwPrizeAward *a)
{
  g_autofree char *key = NULL;
  GHashTableIter iter;
  gpointer value;

  g_hash_table_iter_init (&iter, c->fields);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      Player *p = g_hash_table_lookup (((Field *) value)->players, &a->entry_id);

      if (p != NULL)
        {
          if (qw_entry_is_pair (p->entry))
            return NULL;
          key = qw_entry_identity_key (p->entry);
          break;
        }
    }
  return key != NULL ? g_steal_pointer (&key) : g_strdup_printf ("entry:%" G_GINT64_FORMAT, a->entry_id);
}

/* Players (not pairs, not teams) with prizes of more than one table: the
 * same person by the ID number, or the same entry. */
static void
accumulate (Computation *c)
{
  g_autoptr(GHashTable) by_person = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  GPtrArray *list = c->results->accumulated;

  for (guint i = 0; i < c->results->awards->len; i++)
    {
      QwPrizeAward *a = g_ptr_array_index (c->results->awards, i);
      g_autofree char *key = NULL;
      QwPrizeAccumulated *acc;

      if (a->entry_id == 0 || (key = person_key (c, a)) == NULL)
        continue;
      acc = g_hash_table_lookup (by_person, key);
      if (acc == NULL)
        {
          acc = g_new0 (QwPrizeAccumulated, 1);
          acc->entry_id = a->entry_id;
          acc->no = a->no;
          acc->name = g_strdup (a->name);
          acc->team = g_strdup (a->team);
          acc->awards = g_ptr_array_new ();
          g_hash_table_insert (by_person, g_steal_pointer (&key), acc);
          g_ptr_array_add (list, acc);
        }
      g_ptr_array_add (acc->awards, a);
      acc->amount += a->amount;
    }
  for (guint i = list->len; i > 0; i--)
    if (((QwPrizeAccumulated *) g_ptr_array_index (list, i - 1))->awards->len < 2)
      g_ptr_array_remove_index (list, i - 1);
}

static void
note_fields (Computation *c)
{
  GPtrArray *notes = c->results->notes;

  for (guint i = 0; i < c->ruleset->pair_rules->len; i++)
    {
      const QwPairRule *rule = g_ptr_array_index (c->ruleset->pair_rules, i);
      Field *f = g_hash_table_lookup (c->fields, rule->field);
      const QwGroupRule *group = qw_ruleset_find_group (c->ruleset, rule->field);
      guint n = 0;

      for (guint k = 0; f != NULL && f->data->entries != NULL && k < f->data->entries->len; k++)
        n += ((QwEntry *) g_ptr_array_index (f->data->entries, k))->status != QW_STATUS_EXCLUDED ? 1 : 0;
      if (n > 0 && (int) n < rule->min_pairs)
        g_ptr_array_add (notes, g_strdup_printf (_("%s has %u pairs; the event opens with %d"),
                                                 group != NULL ? group->name : rule->field, n, rule->min_pairs));
    }
  for (guint i = 0; i < c->results->rankings->len; i++)
    {
      const QwFinalRanking *r = g_ptr_array_index (c->results->rankings, i);
      const QwGroupRule *group = r->field != NULL ? qw_ruleset_find_group (c->ruleset, r->field) : NULL;
      const char *name = group != NULL ? group->name : r->field != NULL ? r->field : r->name;
      Field *f = r->field != NULL ? g_hash_table_lookup (c->fields, r->field) : NULL;
      g_autofree char *text = NULL;

      /* An event nobody entered is not held: nothing to say. */
      if ((r->played && r->finished) || f == NULL || f->data->entries == NULL || f->data->entries->len == 0)
        continue;
      text = r->played ? g_strdup_printf (_("%s has not finished: the places of %s are not final"), name, r->name)
                       : g_strdup_printf (_("%s has no result yet: %s awards nothing"), name, r->name);
      if (!g_ptr_array_find_with_equal_func (notes, text, g_str_equal, NULL))
        g_ptr_array_add (notes, g_steal_pointer (&text));
    }
}

QwFinalResults *
qw_final_results_from_fields (const QwRuleset  *ruleset,
                              const QwEvent    *event,
                              GPtrArray        *fields,
                              GError          **error)
{
  g_autoptr(QwFinalResults) results = NULL;
  g_autoptr(GHashTable) by_table = NULL;
  g_autoptr(GHashTable) field_map = NULL;
  Computation c = { ruleset, ruleset->final, NULL, NULL, NULL };
  const QwFinalRules *final = ruleset->final;

  if (final == NULL)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                   _("The ruleset %s has no final: there are no prize tables or team rankings"), ruleset->id);
      return NULL;
    }
  results = g_new0 (QwFinalResults, 1);
  results->before_tax = final->before_tax;
  results->rankings = g_ptr_array_new_with_free_func (ranking_free);
  results->teams = g_ptr_array_new_with_free_func (team_ranking_free);
  results->awards = g_ptr_array_new_with_free_func (award_free);
  results->totals = g_ptr_array_new_with_free_func (total_free);
  results->accumulated = g_ptr_array_new_with_free_func (accumulated_free);
  results->notes = g_ptr_array_new_with_free_func (g_free);
  field_map = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, field_free);
  by_table = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify) g_ptr_array_unref);
  for (guint i = 0; fields != NULL && i < fields->len; i++)
    {
      const QwFinalField *data = g_ptr_array_index (fields, i);

      g_hash_table_insert (field_map, (gpointer) data->code, field_new (ruleset, event, data));
    }
  c.fields = field_map;
  c.results = results;
  c.by_table = by_table;

  /* Tables whose players may not also have the prize of another table come
   * after that table. */
  for (int pass = 0; pass < 2; pass++)
    for (guint i = 0; i < final->prize_tables->len; i++)
      {
        const QwPrizeTable *t = g_ptr_array_index (final->prize_tables, i);

        if (t->per != QW_PRIZE_PER_TEAM && exclusive_table (final, t) == (pass == 1))
          rank_players (&c, t);
      }
  for (guint i = 0; i < final->teams->len; i++)
    rank_teams (&c, g_ptr_array_index (final->teams, i));

  /* The list in the ruleset's order of tables, and its totals. */
  for (guint i = 0; i < final->prize_tables->len; i++)
    {
      const QwPrizeTable *t = g_ptr_array_index (final->prize_tables, i);
      GPtrArray *awards = g_hash_table_lookup (by_table, t->event);
      QwPrizeTotal *total = g_new0 (QwPrizeTotal, 1);

      total->event = g_strdup (t->event);
      total->name = g_strdup (t->name);
      for (guint k = 0; awards != NULL && k < awards->len; k++)
        {
          QwPrizeAward *a = g_ptr_array_index (awards, k);

          total->awards++;
          total->amount += a->amount;
          g_ptr_array_add (results->awards, a);
        }
      results->total += total->amount;
      g_ptr_array_add (results->totals, total);
    }
  /* The rankings in the ruleset's order too (the exclusive ones were made last). */
  {
    g_autoptr(GPtrArray) ordered = g_ptr_array_new_with_free_func (ranking_free);

    for (guint i = 0; i < final->prize_tables->len; i++)
      {
        const QwPrizeTable *t = g_ptr_array_index (final->prize_tables, i);

        for (guint k = 0; k < results->rankings->len; k++)
          if (g_str_equal (((QwFinalRanking *) g_ptr_array_index (results->rankings, k))->code, t->event))
            g_ptr_array_add (ordered, g_ptr_array_steal_index (results->rankings, k--));
      }
    g_ptr_array_extend_and_steal (ordered, g_steal_pointer (&results->rankings));
    results->rankings = g_steal_pointer (&ordered);
  }
  accumulate (&c);
  note_fields (&c);
  return g_steal_pointer (&results);
}

/* Reading a document */

typedef struct
{
  QwFinalField  field;
  char         *code;
  GPtrArray    *entries;
  GPtrArray    *standings;
} LoadedField;

static void
loaded_field_free (gpointer data)
{
  LoadedField *f = data;

  g_free (f->code);
  g_clear_pointer (&f->entries, g_ptr_array_unref);
  g_clear_pointer (&f->standings, g_ptr_array_unref);
  g_free (f);
}

static void
add_code (GPtrArray  *codes,
          const char *code)
{
  if (code != NULL && !g_ptr_array_find_with_equal_func (codes, code, g_str_equal, NULL))
    g_ptr_array_add (codes, (gpointer) code);
}

static LoadedField *
load_field (QwDocument      *doc,
            const QwRuleset *ruleset,
            const QwEvent   *event,
            GPtrArray       *all,
            const char      *code,
            GError         **error)
{
  LoadedField *f = g_new0 (LoadedField, 1);
  g_autoptr(QwSection) section = qw_document_get_section (doc, event->id, code, NULL);
  g_autoptr(GPtrArray) games = NULL, absences = NULL;
  gboolean open = FALSE;
  int last = 0;

  f->code = g_strdup (code);
  f->entries = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_entry_free);
  for (guint i = 0; i < all->len; i++)
    {
      const QwEntry *e = g_ptr_array_index (all, i);

      if (g_strcmp0 (e->group_code, code) == 0)
        g_ptr_array_add (f->entries, qw_entry_copy (e));
    }
  f->field.code = f->code;
  f->field.entries = f->entries;
  if (section == NULL)
    return f;
  if ((games = qw_document_list_games (doc, section->id, error)) == NULL
      || (absences = qw_tournament_list_absences (doc, section, error)) == NULL)
    {
      loaded_field_free (f);
      return NULL;
    }
  for (guint i = 0; i < games->len; i++)
    {
      const QwGame *g = g_ptr_array_index (games, i);

      last = MAX (last, g->round);
      open |= g->result == QW_RESULT_NONE;
    }
  if (games->len > 0)
    f->standings = qw_standings_compute_with_absences (ruleset, section, f->entries, games, absences, 0);
  f->field.standings = f->standings;
  f->field.finished = games->len > 0 && !open && last >= qw_tournament_total_rounds (doc, section);
  return f;
}

QwFinalResults *
qw_final_results_compute (QwDocument  *doc,
                          GError     **error)
{
  g_autoptr(QwEvent) event = NULL;
  g_autoptr(QwRuleset) ruleset = NULL;
  g_autoptr(GPtrArray) all = NULL;
  g_autoptr(GPtrArray) loaded = g_ptr_array_new_with_free_func (loaded_field_free);
  g_autoptr(GPtrArray) fields = g_ptr_array_new ();
  g_autoptr(GPtrArray) codes = g_ptr_array_new ();
  const QwFinalRules *final;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), NULL);

  if ((event = qw_document_get_main_event (doc, error)) == NULL
      || (ruleset = qw_ruleset_lookup (event->ruleset, error)) == NULL)
    return NULL;
  if ((final = ruleset->final) == NULL)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                   _("The event follows %s, which has no final: there are no prize tables or team rankings"),
                   ruleset->id);
      return NULL;
    }
  if ((all = qw_document_list_entries (doc, event->id, error)) == NULL)
    return NULL;
  for (guint i = 0; i < final->events->len; i++)
    add_code (codes, ((QwFinalEvent *) g_ptr_array_index (final->events, i))->field);
  for (guint i = 0; i < final->teams->len; i++)
    add_code (codes, ((QwTeamRule *) g_ptr_array_index (final->teams, i))->field);
  add_code (codes, final->junior_field);
  add_code (codes, final->junior_girls_field);
  add_code (codes, final->women_field);
  for (guint i = 0; i < codes->len; i++)
    {
      LoadedField *f = load_field (doc, ruleset, event, all, g_ptr_array_index (codes, i), error);

      if (f == NULL)
        return NULL;
      g_ptr_array_add (loaded, f);
      g_ptr_array_add (fields, &f->field);
    }
  return qw_final_results_from_fields (ruleset, event, fields, error);
}

/* Queries */

const QwFinalRanking *
qw_final_results_ranking (const QwFinalResults *results,
                          const char           *code)
{
  for (guint i = 0; code != NULL && i < results->rankings->len; i++)
    {
      const QwFinalRanking *r = g_ptr_array_index (results->rankings, i);

      if (g_str_equal (r->code, code))
        return r;
    }
  return NULL;
}

const QwFinalTeamRanking *
qw_final_results_team_ranking (const QwFinalResults *results,
                               const char           *event)
{
  for (guint i = 0; event != NULL && i < results->teams->len; i++)
    {
      const QwFinalTeamRanking *r = g_ptr_array_index (results->teams, i);

      if (g_str_equal (r->event, event))
        return r;
    }
  return NULL;
}

GPtrArray *
qw_final_results_awards_of (const QwFinalResults *results,
                            const char           *event)
{
  GPtrArray *awards = g_ptr_array_new ();

  for (guint i = 0; event != NULL && i < results->awards->len; i++)
    {
      QwPrizeAward *a = g_ptr_array_index (results->awards, i);

      if (g_str_equal (a->event, event))
        g_ptr_array_add (awards, a);
    }
  return awards;
}
