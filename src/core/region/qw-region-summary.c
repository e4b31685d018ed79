/* qw-region-summary.c: a region's stops summed up for its quota, and the
 * checks the province runs on them (warnings: nothing is forbidden)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-region"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "qw-document-entries.h"
#include "qw-entry-check.h"
#include "qw-region-private.h"

/* Summary */

static void
region_stop_free (gpointer data)
{
  QwRegionStop *stop = data;

  qw_event_free (stop->event);
  g_free (stop);
}

void
qw_region_summary_free (QwRegionSummary *summary)
{
  if (summary == NULL)
    return;
  g_free (summary->region);
  g_clear_pointer (&summary->stops, g_ptr_array_unref);
  g_clear_pointer (&summary->warnings, g_ptr_array_unref);
  g_free (summary);
}

/* Preliminaries by first day (undated last), then by name; the final last. */
static int
compare_stops (gconstpointer a,
               gconstpointer b)
{
  const QwRegionStop *x = *(QwRegionStop * const *) a;
  const QwRegionStop *y = *(QwRegionStop * const *) b;
  gboolean x_dated = qw_date_is_set (x->event->start_date);
  gboolean y_dated = qw_date_is_set (y->event->start_date);

  if (x->event->level != y->event->level)
    return x->event->level < y->event->level ? -1 : 1;
  if (x_dated != y_dated)
    return x_dated ? -1 : 1;
  if (x_dated && qw_date_compare (x->event->start_date, y->event->start_date) != 0)
    return qw_date_compare (x->event->start_date, y->event->start_date);
  return g_strcmp0 (x->event->name, y->event->name);
}

/**
 * qw_check_chief_arbiter:
 *
 * Returns: (nullable): why the chief arbiter's grade falls short of the
 *   ruleset's minimum for the event's level, or %NULL when it does not
 */
char *
qw_check_chief_arbiter (const QwRuleset *ruleset,
                        const QwEvent   *event)
{
  const char *min_grade = qw_ruleset_min_arbiter_grade (ruleset, qw_level_to_code (event->level));
  int needed, rank;

  if (min_grade == NULL)
    return NULL;
  needed = qw_ruleset_arbiter_grade_rank (ruleset, min_grade);
  rank = qw_ruleset_arbiter_grade_rank (ruleset, event->chief_arbiter_grade);
  if (event->chief_arbiter == NULL || event->chief_arbiter[0] == '\0')
    return g_strdup_printf (_("%s: no chief arbiter is named; a %s needs one of grade %s or above"),
                            event->name, qw_level_to_chinese (event->level), min_grade);
  if (rank < 0)
    return g_strdup_printf (_("%s: the chief arbiter %s has no known grade (“%s”); a %s needs %s "
                              "or above"),
                            event->name, event->chief_arbiter,
                            event->chief_arbiter_grade != NULL ? event->chief_arbiter_grade : "",
                            qw_level_to_chinese (event->level), min_grade);
  if (rank > needed)
    return g_strdup_printf (_("%s: the chief arbiter %s is %s; a %s needs %s or above"),
                            event->name, event->chief_arbiter, event->chief_arbiter_grade,
                            qw_level_to_chinese (event->level), min_grade);
  return NULL;
}

static QwDate
last_day (const QwEvent *e)
{
  return qw_date_is_set (e->end_date) ? e->end_date : e->start_date;
}

/**
 * qw_region_check_final_dates:
 *
 * Returns: (element-type utf8): warnings: the final does not come after every
 *   preliminary of the region, or ends after the ruleset's deadline
 */
GPtrArray *
qw_region_check_final_dates (const QwRuleset       *ruleset,
                             const QwEvent         *final,
                             const QwRegionSummary *summary)
{
  GPtrArray *warnings = g_ptr_array_new_with_free_func (g_free);
  QwDate end = last_day (final);
  QwDate deadline;
  char day[QW_DATE_ISO_LEN];

  if (!qw_date_is_set (final->start_date))
    {
      g_ptr_array_add (warnings, g_strdup_printf (_("%s has no dates, so they cannot be checked"),
                                                  final->name));
      return warnings;
    }
  for (guint i = 0; ruleset->final_after_preliminaries && i < summary->stops->len; i++)
    {
      const QwEvent *stop = ((QwRegionStop *) g_ptr_array_index (summary->stops, i))->event;
      char stop_day[QW_DATE_ISO_LEN];

      if (stop->level != QW_LEVEL_PRELIMINARY || !qw_date_is_set (last_day (stop))
          || qw_date_compare (final->start_date, last_day (stop)) > 0)
        continue;
      qw_date_to_iso (final->start_date, day);
      qw_date_to_iso (last_day (stop), stop_day);
      g_ptr_array_add (warnings,
                       g_strdup_printf (_("The provincial final starts on %s, but the preliminary %s "
                                          "ends on %s: the final must come after every preliminary"),
                                        day, stop->name, stop_day));
    }
  deadline = qw_ruleset_final_deadline (ruleset, end);
  if (qw_date_is_set (deadline) && qw_date_compare (end, deadline) > 0)
    {
      qw_date_to_iso (end, day);
      g_ptr_array_add (warnings,
                       g_strdup_printf (_("The provincial final ends on %s, after the deadline of "
                                          "%02d-%02d"),
                                        day, ruleset->final_deadline_month, ruleset->final_deadline_day));
    }
  return warnings;
}

/**
 * qw_region_check_rules_published:
 * @published: the day the region published its rules, or unset
 *
 * Returns: (nullable): a warning when the ruleset asks a region to publish
 *   its competition rules by a day (seed 002 §七(二)1: 05-15) and no day
 *   is recorded, or a later one; %NULL when in order. The day itself is
 *   in time.
 */
char *
qw_region_check_rules_published (const QwRuleset *ruleset,
                                 QwDate           published)
{
  QwDate deadline = qw_ruleset_rules_deadline (ruleset);
  char due[QW_DATE_ISO_LEN], day[QW_DATE_ISO_LEN];

  if (!qw_date_is_set (deadline))
    return NULL;
  qw_date_to_iso (deadline, due);
  if (!qw_date_is_set (published))
    return g_strdup_printf (_("The region publishes its competition rules, with how its national-final "
                              "places are decided, by %s; no day of publication is recorded"), due);
  if (qw_date_compare (published, deadline) <= 0)
    return NULL;
  qw_date_to_iso (published, day);
  return g_strdup_printf (_("The region’s competition rules were published on %s, after %s, the day "
                            "they are due"), day, due);
}

const QwRegionStop *
qw_region_summary_final (const QwRegionSummary *summary)
{
  for (guint i = 0; i < summary->stops->len; i++)
    {
      const QwRegionStop *stop = g_ptr_array_index (summary->stops, i);

      if (stop->event->level == QW_LEVEL_PROVINCIAL_FINAL)
        return stop;
    }
  return NULL;
}

static void
add_warnings (const QwRuleset *ruleset,
              QwRegionSummary *summary)
{
  const QwRegionStop *final = qw_region_summary_final (summary);
  int n_finals = 0;

  for (guint i = 0; i < summary->stops->len; i++)
    {
      const QwRegionStop *stop = g_ptr_array_index (summary->stops, i);
      char *warning;

      if (stop->event->level == QW_LEVEL_PROVINCIAL_FINAL)
        n_finals++;
      /* A stop typed in by hand says nothing about its arbiter. */
      if (stop->event->source != QW_SOURCE_MANUAL
          && (warning = qw_check_chief_arbiter (ruleset, stop->event)) != NULL)
        g_ptr_array_add (summary->warnings, warning);
    }
  if (n_finals > 1)
    g_ptr_array_add (summary->warnings,
                     g_strdup_printf (_("The region lists %d provincial finals; it holds one"), n_finals));
  if (final != NULL && final->event->source != QW_SOURCE_MANUAL)
    {
      g_autoptr(GPtrArray) dates = qw_region_check_final_dates (ruleset, final->event, summary);

      g_ptr_array_extend_and_steal (summary->warnings, g_steal_pointer (&dates));
    }
}

/**
 * qw_region_read_summary:
 *
 * Returns: every stop with its level, host, participants and validity, the
 *   region's totals and the warnings
 */
QwRegionSummary *
qw_region_read_summary (QwDocument      *doc,
                        const QwRuleset *ruleset,
                        GError         **error)
{
  g_autoptr(QwRegionSummary) summary = g_new0 (QwRegionSummary, 1);
  g_autoptr(GPtrArray) events = qw_document_list_events (doc, error);

  if (events == NULL)
    return NULL;
  summary->region = qw_document_get_meta (doc, "region");
  if (summary->region == NULL)
    summary->region = g_strdup ("");
  summary->stops = g_ptr_array_new_with_free_func (region_stop_free);
  summary->warnings = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < events->len; i++)
    {
      const QwEvent *event = g_ptr_array_index (events, i);
      QwRegionStop *stop;

      if (event->level == QW_LEVEL_NATIONAL_FINAL)
        continue;
      stop = g_new0 (QwRegionStop, 1);
      stop->event = qw_event_copy (event);
      stop->participants = stop->event->source == QW_SOURCE_MANUAL
                           ? stop->event->participants
                           : qw_document_count_participants (doc, stop->event->id);
      stop->valid = stop->event->level == QW_LEVEL_PRELIMINARY
                    && stop->participants >= ruleset->valid_stop_min_players;
      if (stop->event->level == QW_LEVEL_PRELIMINARY)
        {
          summary->n_preliminaries++;
          summary->n_valid += stop->valid;
          summary->participants += stop->participants;
        }
      else
        {
          summary->final = TRUE;
          if (ruleset->participants_include_final)
            summary->participants += stop->participants;
        }
      g_ptr_array_add (summary->stops, stop);
    }
  g_ptr_array_sort (summary->stops, compare_stops);
  add_warnings (ruleset, summary);
  if (qw_document_get_kind (doc) == QW_DOCUMENT_REGION)
    {
      char *warning;

      summary->rules_published = qw_region_get_rules_published (doc);
      warning = qw_region_check_rules_published (ruleset, summary->rules_published);
      if (warning != NULL)
        g_ptr_array_add (summary->warnings, warning);
    }
  return g_steal_pointer (&summary);
}

/**
 * qw_region_summary_quota_stops:
 *
 * Returns: (element-type QwStopSummary): the stops as qw_quota_compute() takes them
 */
GPtrArray *
qw_region_summary_quota_stops (const QwRegionSummary *summary)
{
  GPtrArray *stops = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_stop_summary_free);

  for (guint i = 0; i < summary->stops->len; i++)
    {
      const QwRegionStop *r = g_ptr_array_index (summary->stops, i);
      QwStopSummary *s = qw_stop_summary_new ();

      s->name = g_strdup (r->event->name);
      s->level = r->event->level;
      s->host_level = r->event->host_level;
      s->host = g_strdup (r->event->host);
      s->prefecture = g_strdup (r->event->prefecture);
      s->county_city = g_strdup (r->event->county_city);
      s->honours = g_strdup (r->event->honours);
      s->participants = r->participants;
      g_ptr_array_add (stops, s);
    }
  return stops;
}

/* The provincial final's entries against the preliminaries */

static void
qw_final_entry_check_free (QwFinalEntryCheck *check)
{
  if (check == NULL)
    return;
  qw_entry_free (check->entry);
  g_free (check->stops);
  g_free (check->message);
  g_free (check);
}

/* ID number → the names of the preliminaries it played, joined by 、. */
static GHashTable *
preliminary_players (QwDocument *doc,
                     int        *n_unchecked,
                     GError    **error)
{
  g_autoptr(GHashTable) players = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GPtrArray) events = qw_document_list_events (doc, error);

  if (events == NULL)
    return NULL;
  *n_unchecked = 0;
  for (guint i = 0; i < events->len; i++)
    {
      const QwEvent *event = g_ptr_array_index (events, i);
      g_autoptr(GPtrArray) entries = NULL;

      if (event->level != QW_LEVEL_PRELIMINARY)
        continue;
      if (event->source == QW_SOURCE_MANUAL)
        {
          (*n_unchecked)++;
          continue;
        }
      entries = qw_document_list_entries (doc, event->id, error);
      if (entries == NULL)
        return NULL;
      for (guint j = 0; j < entries->len; j++)
        {
          char *key = qw_entry_identity_key (g_ptr_array_index (entries, j));
          const char *before;

          if (key == NULL)
            continue;
          before = g_hash_table_lookup (players, key);
          g_hash_table_replace (players, key,
                                before != NULL ? g_strconcat (before, "、", event->name, NULL)
                                               : g_strdup (event->name));
        }
    }
  return g_steal_pointer (&players);
}

/**
 * qw_region_check_final_entries:
 * @entries: (element-type QwEntry): the provincial final's entries
 * @n_unchecked_stops: (out): preliminaries typed in without players, which
 *   cannot be checked against
 *
 * Only players of a preliminary may enter the provincial final (七(二)4(4)):
 * each entry is looked up by ID number among the region's preliminaries.
 *
 * Returns: (element-type QwFinalEntryCheck): one per entry, in order
 */
GPtrArray *
qw_region_check_final_entries (QwDocument *doc,
                               GPtrArray  *entries,
                               int        *n_unchecked_stops,
                               GError    **error)
{
  g_autoptr(GHashTable) players = preliminary_players (doc, n_unchecked_stops, error);
  GPtrArray *checks;

  if (players == NULL)
    return NULL;
  checks = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_final_entry_check_free);
  for (guint i = 0; i < entries->len; i++)
    {
      const QwEntry *entry = g_ptr_array_index (entries, i);
      QwFinalEntryCheck *check = g_new0 (QwFinalEntryCheck, 1);
      g_autofree char *key = qw_entry_identity_key (entry);
      g_autofree char *masked = qw_idcard_mask (entry->id_number);
      const char *stops = key != NULL ? g_hash_table_lookup (players, key) : NULL;

      check->entry = qw_entry_copy (entry);
      check->played = stops != NULL;
      check->stops = g_strdup (stops != NULL ? stops : "");
      if (key == NULL)
        check->message = g_strdup_printf (_("%s has no ID number, so it cannot be checked against "
                                            "the preliminaries"), entry->name);
      else if (stops == NULL)
        check->message = g_strdup_printf (_("%s (%s) played in no preliminary of this region"),
                                          entry->name, masked);
      g_ptr_array_add (checks, check);
    }
  return checks;
}
