/* qw-event-check.c: the checks of a stop's details (赛事信息)
 *
 * The rules come from the 2021 scheme (seed 002) through the ruleset: the
 * chief arbiter's minimum grade per level (§八(二)1), the provincial final's
 * deadline (§四(二)), the recommended rounds and time (§七(二)3, advice
 * only), the honours and host levels the quota's extra places read
 * (§七(五)5 and 6), and the three forms of the name (§四(四)).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-event-check"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "qw-error.h"
#include "qw-event-check.h"
#include "qw-event-name.h"

/* A round's time, both players together: their base time and about this
 * many moves each of increment (an estimate, not a rule). */
#define MOVES_PER_GAME 40

static gboolean
is_empty (const char *s)
{
  return s == NULL || *s == '\0';
}

static void
problem_free (gpointer data)
{
  QwEventProblem *p = data;

  g_free (p->message);
  g_free (p);
}

static void
add (GPtrArray  *list,
     const char *code,
     const char *field,
     char       *message)
{
  QwEventProblem *p = g_new0 (QwEventProblem, 1);

  p->code = code;
  p->field = field;
  p->message = message;
  g_ptr_array_add (list, p);
}

void
qw_event_check_free (QwEventCheck *check)
{
  if (check == NULL)
    return;
  g_clear_pointer (&check->errors, g_ptr_array_unref);
  g_clear_pointer (&check->warnings, g_ptr_array_unref);
  g_free (check);
}

/* Place */

/* The level an administrative suffix names: 镇, 乡 and 街道 are township
 * level; 县, 区, 旗 and their autonomous forms county level; 市 is a city
 * (地级市) in the city slot and a county-level city (县级市) below it. */
static QwHostLevel
level_of_place (const char  *place,
                QwHostLevel  slot)
{
  static const char *township[] = { "镇", "乡", "街道" };
  static const char *county[] = { "县", "区", "旗" };

  for (guint i = 0; i < G_N_ELEMENTS (township); i++)
    if (g_str_has_suffix (place, township[i]))
      return QW_HOST_TOWNSHIP;
  if (slot == QW_HOST_TOWNSHIP)
    return QW_HOST_TOWNSHIP;
  for (guint i = 0; i < G_N_ELEMENTS (county); i++)
    if (g_str_has_suffix (place, county[i]))
      return QW_HOST_COUNTY;
  return slot;
}

/**
 * qw_event_place_host_level:
 *
 * Returns: the host level the place chain gives: the smallest level given,
 *   read from its suffix (白花镇: township; 惠东县, 昆山市 below a city:
 *   county; 惠州市: city); a provincial final's is the province.
 *   %QW_HOST_UNKNOWN without a place.
 */
QwHostLevel
qw_event_place_host_level (const QwRuleset *ruleset,
                           const QwEvent   *event)
{
  g_return_val_if_fail (event != NULL, QW_HOST_UNKNOWN);

  if (event->level != QW_LEVEL_PRELIMINARY)
    return QW_HOST_PROVINCE;
  if (!is_empty (event->place_town))
    return level_of_place (event->place_town, QW_HOST_TOWNSHIP);
  if (!is_empty (event->place_county))
    return level_of_place (event->place_county, QW_HOST_COUNTY);
  if (!is_empty (event->place_city))
    return level_of_place (event->place_city, QW_HOST_CITY);
  return QW_HOST_UNKNOWN;
}

/**
 * qw_event_place_prefecture:
 *
 * Returns: the prefecture-level city (地级市) of the place chain: its city
 *   when that is a 市, else ""
 */
static char *
qw_event_place_prefecture (const QwRuleset *ruleset,
                           const QwEvent   *event)
{
  if (event->level == QW_LEVEL_PRELIMINARY && !is_empty (event->place_city)
      && g_str_has_suffix (event->place_city, "市") && strlen (event->place_city) > strlen ("市"))
    return g_strdup (event->place_city);
  return g_strdup ("");
}

/**
 * qw_event_place_county_city:
 *
 * Returns: the county-level city (县级市) of the place chain: its county
 *   when that is a 市 (昆山市 in 苏州市昆山市周庄镇), else ""
 */
static char *
qw_event_place_county_city (const QwRuleset *ruleset,
                            const QwEvent   *event)
{
  if (event->level == QW_LEVEL_PRELIMINARY && !is_empty (event->place_county)
      && g_str_has_suffix (event->place_county, "市") && strlen (event->place_county) > strlen ("市"))
    return g_strdup (event->place_county);
  return g_strdup ("");
}

static gboolean
place_changed (const QwEvent *before,
               const QwEvent *event)
{
  return before == NULL || before->level != event->level
         || g_strcmp0 (before->region, event->region) != 0
         || g_strcmp0 (before->place_city, event->place_city) != 0
         || g_strcmp0 (before->place_county, event->place_county) != 0
         || g_strcmp0 (before->place_town, event->place_town) != 0;
}

static void
replace (char       **field,
         char        *value)
{
  g_free (*field);
  *field = value;
}

/* The name follows when it was one of the place's forms (it keeps its
 * form), or is not right for the new place; a typed name that still fits
 * stays. */
static void
follow_name (const QwRuleset *ruleset,
             const QwEvent   *before,
             QwEvent         *event,
             gboolean         moved)
{
  int form = before != NULL ? qw_event_name_form_of (ruleset, before, before->name) : -1;
  char *built;

  if (!is_empty (event->name) && !moved)
    return;
  if (!is_empty (event->name) && form < 0)
    {
      g_autoptr(GPtrArray) problems = qw_event_name_check (ruleset, event, event->name);

      if (problems->len == 0)
        return;
    }
  built = qw_event_name_build (ruleset, event, form >= 0 ? (QwNameForm) form : QW_NAME_FORM_FULL);
  if (built == NULL)
    built = qw_event_name_build (ruleset, event, QW_NAME_FORM_FULL);
  if (built == NULL && is_empty (event->name))
    built = g_strdup (ruleset->name);
  if (built != NULL)
    replace (&event->name, built);
}

/* A text field follows when it is empty, or when the place moved and it
 * was what the old place gave. */
static void
follow_text (char          **field,
             const char     *before_value,
             char           *before_derived,
             char           *derived,
             gboolean        moved)
{
  g_autofree char *old = before_derived;

  if (is_empty (*field) || (moved && g_strcmp0 (before_value, old) == 0))
    replace (field, derived);
  else
    g_free (derived);
}

/**
 * qw_event_follow_place:
 * @before: (nullable): the event as it was (%NULL: a new event)
 * @event: the event as changed
 * @set: the fields the user set in this change: they are kept
 *
 * Makes the fields that follow the place follow it: the official name
 * (rebuilt in the form it had, see follow_name()), the host level, the
 * prefecture and the county-level city. Each one follows when it is not in
 * @set and either is empty (never set) or, when the place, level or region
 * changed, was what the old place gave; otherwise the user's value stays.
 */
void
qw_event_follow_place (const QwRuleset *ruleset,
                       const QwEvent   *before,
                       QwEvent         *event,
                       QwEventFields    set)
{
  gboolean moved;

  g_return_if_fail (ruleset != NULL && event != NULL);

  moved = place_changed (before, event);
  if (!(set & QW_EVENT_FIELD_NAME))
    follow_name (ruleset, before, event, moved);
  if (!(set & QW_EVENT_FIELD_HOST_LEVEL)
      && (event->host_level == QW_HOST_UNKNOWN
          || (moved && (before == NULL || before->host_level == QW_HOST_UNKNOWN
                        || before->host_level == qw_event_place_host_level (ruleset, before)))))
    event->host_level = qw_event_place_host_level (ruleset, event);
  if (!(set & QW_EVENT_FIELD_PREFECTURE))
    follow_text (&event->prefecture, before != NULL ? before->prefecture : NULL,
                 before != NULL ? qw_event_place_prefecture (ruleset, before) : NULL,
                 qw_event_place_prefecture (ruleset, event), moved);
  if (!(set & QW_EVENT_FIELD_COUNTY_CITY))
    follow_text (&event->county_city, before != NULL ? before->county_city : NULL,
                 before != NULL ? qw_event_place_county_city (ruleset, before) : NULL,
                 qw_event_place_county_city (ruleset, event), moved);
}

/* Honours and grades */

/**
 * qw_event_honours_offered:
 *
 * Returns: the honours of the ruleset's per-host extra places (象棋之乡,
 *   象棋基地, 象棋特色学校), in its order
 */
GStrv
qw_event_honours_offered (const QwRuleset *ruleset)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  for (guint i = 0; i < ruleset->bonuses->len; i++)
    {
      const QwBonusRule *rule = g_ptr_array_index (ruleset->bonuses, i);

      if (rule->scope == QW_BONUS_PER_HOST && !is_empty (rule->honour))
        g_strv_builder_add (builder, rule->honour);
    }
  return g_strv_builder_end (builder);
}

/* "全国象棋之乡" names the same honour as "象棋之乡". */
static const char *
honour_of (const char * const *offered,
           const char         *text)
{
  for (guint i = 0; offered[i] != NULL; i++)
    if (g_str_equal (text, offered[i]) || g_str_has_suffix (text, offered[i]))
      return offered[i];
  return NULL;
}

/**
 * qw_event_honours_normalize:
 * @text: (nullable): honours separated by 、 or commas
 * @unknown: (out) (optional) (nullable): the first honour not offered
 *
 * Returns: (nullable): the honours as the ruleset writes them, each once,
 *   joined by 、 ("" for none), or %NULL when one is not offered
 */
char *
qw_event_honours_normalize (const QwRuleset  *ruleset,
                            const char       *text,
                            char            **unknown)
{
  g_auto(GStrv) offered = qw_event_honours_offered (ruleset);
  g_auto(GStrv) parts = qw_honours_split (text);
  g_autoptr(GPtrArray) found = g_ptr_array_new ();

  if (unknown != NULL)
    *unknown = NULL;
  for (guint i = 0; parts[i] != NULL; i++)
    {
      const char *honour = honour_of ((const char * const *) offered, parts[i]);

      if (honour == NULL)
        {
          if (unknown != NULL)
            *unknown = g_strdup (parts[i]);
          return NULL;
        }
      if (!g_ptr_array_find (found, honour, NULL))
        g_ptr_array_add (found, (gpointer) honour);
    }
  g_ptr_array_add (found, NULL);
  return g_strjoinv ("、", (char **) found->pdata);
}

/**
 * qw_event_arbiter_grade_of:
 * @text: (nullable): a grade as typed: 国家级, 国家级裁判, 一级裁判员
 *
 * Returns: (nullable): the ruleset's grade it names, or %NULL
 */
const char *
qw_event_arbiter_grade_of (const QwRuleset *ruleset,
                           const char      *text)
{
  int rank = qw_ruleset_arbiter_grade_rank (ruleset, text);

  return rank >= 0 ? ruleset->arbiter_grades[rank] : NULL;
}

/* The checks */

static void
check_name (const QwRuleset *ruleset,
            const QwEvent   *event,
            QwEventCheck    *check)
{
  g_autoptr(GPtrArray) problems = NULL;

  if (is_empty (event->name))
    {
      add (check->errors, "name-missing", "name", g_strdup (_("The stop has no name")));
      return;
    }
  problems = qw_event_name_check (ruleset, event, event->name);
  for (guint i = 0; i < problems->len; i++)
    add (check->warnings, "name-form", "name", g_strdup (g_ptr_array_index (problems, i)));
}

static void
check_dates (const QwRuleset *ruleset,
             const QwEvent   *event,
             QwEventCheck    *check)
{
  char start[QW_DATE_ISO_LEN], end[QW_DATE_ISO_LEN], due[QW_DATE_ISO_LEN];
  QwDate last = qw_date_is_set (event->end_date) ? event->end_date : event->start_date;
  QwDate deadline;

  qw_date_to_iso (event->start_date, start);
  qw_date_to_iso (event->end_date, end);
  if (!qw_date_is_set (event->start_date))
    add (check->warnings, "no-start", "start",
         g_strdup (_("No first day is given: ages and groups are counted on it")));
  else if (qw_date_is_set (event->end_date) && qw_date_compare (event->end_date, event->start_date) < 0)
    add (check->errors, "end-before-start", "end",
         g_strdup_printf (_("The last day (%s) is before the first day (%s)"), end, start));
  if (event->level != QW_LEVEL_PROVINCIAL_FINAL || !qw_date_is_set (last))
    return;
  deadline = qw_ruleset_final_deadline (ruleset, last);
  if (!qw_date_is_set (deadline) || qw_date_compare (last, deadline) <= 0)
    return;
  qw_date_to_iso (deadline, due);
  qw_date_to_iso (last, end);
  add (check->warnings, "final-deadline", "end",
       g_strdup_printf (_("A provincial final is held by %s; this one ends on %s"), due, end));
}

static void
check_arbiter (const QwRuleset *ruleset,
               const QwEvent   *event,
               QwEventCheck    *check)
{
  const char *min_grade = qw_ruleset_min_arbiter_grade (ruleset, qw_level_to_code (event->level));
  const char *level = qw_level_to_chinese (event->level);
  int rank = qw_ruleset_arbiter_grade_rank (ruleset, event->chief_arbiter_grade);

  if (!is_empty (event->chief_arbiter_grade) && rank < 0)
    {
      g_autofree char *grades = g_strjoinv ("、", ruleset->arbiter_grades);

      add (check->errors, "arbiter-grade-unknown", "arbiter_grade",
           g_strdup_printf (_("“%s” is not a grade of arbiter; the grades are %s"),
                            event->chief_arbiter_grade, grades));
      return;
    }
  if (min_grade == NULL)
    return;
  if (is_empty (event->chief_arbiter))
    add (check->warnings, "no-arbiter", "arbiter",
         g_strdup_printf (_("No chief arbiter is named; a %s needs one of grade %s or above"), level, min_grade));
  else if (is_empty (event->chief_arbiter_grade))
    add (check->warnings, "arbiter-grade-missing", "arbiter_grade",
         g_strdup_printf (_("The chief arbiter’s grade is not given; a %s needs %s or above"), level, min_grade));
  else if (rank > qw_ruleset_arbiter_grade_rank (ruleset, min_grade))
    add (check->warnings, "arbiter-grade-low", "arbiter_grade",
         g_strdup_printf (_("The chief arbiter is %s; the chief arbiter of a %s must be %s or above"),
                          event->chief_arbiter_grade, level, min_grade));
}

static void
check_host (const QwRuleset *ruleset,
            const QwEvent   *event,
            QwEventCheck    *check)
{
  g_autofree char *unknown = NULL;
  g_autofree char *honours = qw_event_honours_normalize (ruleset, event->honours, &unknown);
  g_autofree char *county_city = qw_event_place_county_city (ruleset, event);
  QwHostLevel derived = qw_event_place_host_level (ruleset, event);

  if (honours == NULL)
    {
      g_auto(GStrv) offered = qw_event_honours_offered (ruleset);
      g_autofree char *list = g_strjoinv ("、", offered);

      add (check->errors, "honour-unknown", "honours",
           g_strdup_printf (_("“%s” is not an honour that earns an extra place; they are %s"), unknown, list));
    }
  if (is_empty (event->host))
    add (check->warnings, "host-missing", "host",
         g_strdup (_("No host (承办单位) is given: the results file and the certificates name it")));
  if (event->level != QW_LEVEL_PRELIMINARY)
    return;
  if (event->host_level == QW_HOST_UNKNOWN)
    add (check->warnings, "host-level-missing", "host_level",
         g_strdup (_("The host level is not given: the extra places of a prefecture-level or county-level "
                     "city count the stops of each level")));
  else if (derived != QW_HOST_UNKNOWN && derived != event->host_level)
    {
      g_autofree char *place = qw_event_place (event);

      add (check->warnings, "host-level-place", "host_level",
           g_strdup_printf (_("The host place %s is %s, but the host level is %s"), place,
                            qw_host_level_to_chinese (derived), qw_host_level_to_chinese (event->host_level)));
    }
  if (event->host_level == QW_HOST_COUNTY && is_empty (event->prefecture))
    add (check->warnings, "prefecture-missing", "prefecture",
         g_strdup (_("No prefecture-level city is given, so this county-level stop counts towards no "
                     "city’s extra place")));
  if (event->host_level == QW_HOST_TOWNSHIP && is_empty (event->county_city) && county_city[0] != '\0')
    add (check->warnings, "county-city-missing", "county_city",
         g_strdup_printf (_("The stop is in %s, a county-level city, but no county-level city is given, so "
                            "it counts towards no city’s extra place"), county_city));
}

/* §七(二)3: at least 5 rounds, with increment, an hour per round: advice. */
static void
check_time (const QwRuleset *ruleset,
            const QwEvent   *event,
            QwEventCheck    *check)
{
  int per_round = 2 * event->minutes + (2 * MOVES_PER_GAME * event->increment) / 60;

  if (event->rounds > 0 && event->rounds < ruleset->recommend_min_rounds)
    add (check->warnings, "few-rounds", "rounds",
         g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d round: the scheme recommends at least %d",
                                       "%d rounds: the scheme recommends at least %d", event->rounds),
                          event->rounds, ruleset->recommend_min_rounds));
  if (event->minutes == 0 && event->increment == 0)
    {
      if (ruleset->recommend_min_minutes > 0 || ruleset->recommend_increment)
        add (check->warnings, "time-unset", "time",
             g_strdup_printf (_("No time control is given; the scheme recommends at least %d minutes per "
                                "round, with an increment"), ruleset->recommend_min_minutes));
      return;
    }
  if (ruleset->recommend_increment && event->increment == 0)
    add (check->warnings, "no-increment", "time",
         g_strdup (_("The scheme recommends an increment (seconds added per move)")));
  if (per_round < ruleset->recommend_min_minutes)
    add (check->warnings, "short-rounds", "time",
         g_strdup_printf (_("A round takes about %d minutes; the scheme recommends at least %d"),
                          per_round, ruleset->recommend_min_minutes));
}

/**
 * qw_event_check:
 *
 * Checks a stop's details as typed. Nothing is changed.
 *
 * Returns: (transfer full): the errors, which refuse the change, and the
 *   warnings, which do not
 */
QwEventCheck *
qw_event_check (const QwRuleset *ruleset,
                const QwEvent   *event)
{
  QwEventCheck *check = g_new0 (QwEventCheck, 1);

  g_return_val_if_fail (ruleset != NULL && event != NULL, check);

  check->errors = g_ptr_array_new_with_free_func (problem_free);
  check->warnings = g_ptr_array_new_with_free_func (problem_free);
  check_name (ruleset, event, check);
  check_dates (ruleset, event, check);
  check_host (ruleset, event, check);
  check_arbiter (ruleset, event, check);
  check_time (ruleset, event, check);
  return check;
}

gboolean
qw_event_check_has_code (const QwEventCheck *check,
                         const char         *code)
{
  GPtrArray *lists[] = { check->errors, check->warnings };

  for (guint l = 0; l < G_N_ELEMENTS (lists); l++)
    for (guint i = 0; i < lists[l]->len; i++)
      if (g_str_equal (((QwEventProblem *) g_ptr_array_index (lists[l], i))->code, code))
        return TRUE;
  return FALSE;
}

/**
 * qw_event_check_to_error:
 *
 * Returns: %TRUE when there is no error; else %FALSE with @error
 *   (%QW_ERROR_INVALID) saying every one, a line each
 */
gboolean
qw_event_check_to_error (const QwEventCheck  *check,
                         GError             **error)
{
  g_autoptr(GString) text = NULL;

  if (check->errors->len == 0)
    return TRUE;
  text = g_string_new (NULL);
  for (guint i = 0; i < check->errors->len; i++)
    g_string_append_printf (text, "%s%s", i > 0 ? "\n" : "",
                            ((QwEventProblem *) g_ptr_array_index (check->errors, i))->message);
  g_set_error_literal (error, QW_ERROR, QW_ERROR_INVALID, text->str);
  return FALSE;
}
