/* qw-results-export.c: a document's event as results (the results file's
 * content), with the final standings computed by the play module
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-results-file"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "qw-certificate-code.h"
#include "qw-error.h"
#include "qw-region.h"
#include "qw-results-export.h"
#include "qw-results-file.h"
#include "qw-standings.h"
#include "qw-tournament.h"
#include "qw-document-entries.h"
#include "qw-document-identity.h"
#include "qw-document-play.h"
#include "qw-entry-check.h"
#include "qw-entry.h"
#include "qw-event.h"
#include "qw-game.h"
#include "qw-tiebreak.h"

/* The stop's own id, made with its event and kept, so that the province
 * recognises the stop when its file is sent again after a correction
 * (store/qw-document-identity.h). */
static char *
ensure_uid (QwDocument  *doc,
            gint64       event_id,
            GError     **error)
{
  g_autofree char *key = qw_document_results_uid_key (event_id);
  char *uid = qw_document_get_meta (doc, key);

  if (uid != NULL && uid[0] != '\0')
    return uid;
  g_clear_pointer (&uid, g_free);
  /* Only a document made by an older Qiwang, that could not be written when
   * it was opened, has none yet. */
  if (qw_document_is_read_only (doc))
    g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT,
                 _("The results file needs an id this document has not made yet: open it once where it "
                   "can be written"));
  else if (qw_document_make_identity (doc, error)
           && ((uid = qw_document_get_meta (doc, key)) == NULL || uid[0] == '\0'))
    {
      g_clear_pointer (&uid, g_free);
      g_set_error_literal (error, QW_ERROR, QW_ERROR_FAILED, _("The results file’s id could not be made"));
    }
  return uid;
}

static gboolean
has_results (GPtrArray *games)
{
  for (guint i = 0; i < games->len; i++)
    if (((QwGame *) g_ptr_array_index (games, i))->result != QW_RESULT_NONE)
      return TRUE;
  return FALSE;
}

static int
entry_no (GHashTable *numbers,
          gint64      entry_id)
{
  return GPOINTER_TO_INT (g_hash_table_lookup (numbers, &entry_id));
}

static void
add_games (QwResultsGroup *group,
           GPtrArray      *games,
           GHashTable     *numbers)
{
  for (guint i = 0; i < games->len; i++)
    {
      const QwGame *g = g_ptr_array_index (games, i);
      QwResultsGame *out = qw_results_game_new ();

      out->round = g->round;
      out->board = g->board;
      out->red = entry_no (numbers, g->red);
      out->black = g->black > 0 ? entry_no (numbers, g->black) : 0;
      g_free (out->result);
      out->result = g_strdup (qw_result_to_code (g->result));
      out->red_fouls = g->red_fouls;
      out->black_fouls = g->black_fouls;
      g_free (out->playoff);
      out->playoff = g_strdup (qw_playoff_to_code (g->playoff));
      out->armageddon = g->armageddon;
      g_ptr_array_add (group->games, out);
    }
}

/* Rounds players were not paired in: 请假, and late entries' missed rounds
 * with the points given (which the standings count). */
static void
add_absences (QwResultsGroup *group,
              GPtrArray      *absences,
              GHashTable     *numbers)
{
  for (guint i = 0; i < absences->len; i++)
    {
      const QwAbsence *a = g_ptr_array_index (absences, i);
      QwResultsAbsence out = { entry_no (numbers, a->entry_id), a->round, a->kind, a->points };

      if (out.no > 0)
        g_array_append_val (group->absences, out);
    }
}

static void
set_chain (QwResultsGroup *group,
           const char     *chain)
{
  g_auto(GStrv) codes = g_strsplit (chain != NULL ? chain : "", ",", -1);
  g_autoptr(GStrvBuilder) kept = g_strv_builder_new ();
  g_autoptr(GStrvBuilder) names = g_strv_builder_new ();

  for (guint i = 0; codes[i] != NULL; i++)
    {
      QwTiebreak tb;

      if (!qw_tiebreak_from_code (g_strstrip (codes[i]), &tb))
        continue;
      g_strv_builder_add (kept, codes[i]);
      g_strv_builder_add (names, qw_tiebreak_to_chinese (tb));
    }
  g_strfreev (group->tiebreak_codes);
  group->tiebreak_codes = g_strv_builder_end (kept);
  g_strfreev (group->tiebreak_names);
  group->tiebreak_names = g_strv_builder_end (names);
}

static void
add_standings (QwResultsGroup *group,
               GPtrArray      *rows)
{
  for (guint i = 0; i < rows->len; i++)
    {
      const QwStandingRow *row = g_ptr_array_index (rows, i);
      QwResultsStanding *s = qw_results_standing_new ();

      s->rank = row->rank;
      s->no = row->no;
      s->points = row->points;
      for (guint t = 0; group->tiebreak_codes[t] != NULL; t++)
        {
          QwTiebreak tb;

          qw_tiebreak_from_code (group->tiebreak_codes[t], &tb);
          g_array_append_val (s->tiebreaks, row->tiebreaks[tb]);
        }
      g_ptr_array_add (group->standings, s);
    }
}

static QwResultsGroup *
section_group (QwDocument       *doc,
               const QwRuleset  *ruleset,
               QwSection        *section,
               GPtrArray        *entries,
               GError          **error)
{
  g_autoptr(QwResultsGroup) group = qw_results_group_new (section->code);
  g_autoptr(GPtrArray) games = qw_document_list_games (doc, section->id, error);
  g_autoptr(GPtrArray) absences = NULL;
  g_autoptr(GHashTable) numbers = g_hash_table_new (g_int64_hash, g_int64_equal);
  g_autoptr(GPtrArray) players = g_ptr_array_new ();

  if (games == NULL || (absences = qw_tournament_list_absences (doc, section, error)) == NULL)
    return NULL;
  g_free (group->name);
  group->name = section->name != NULL && section->name[0] != '\0'
                ? g_strdup (section->name) : qw_ruleset_group_label (ruleset, section->code);
  g_free (group->system);
  group->system = g_strdup (qw_system_to_code (section->system));
  group->rounds = qw_tournament_total_rounds (doc, section);
  set_chain (group, section->settings.tiebreaks);
  for (guint i = 0; i < entries->len;)
    {
      QwEntry *e = g_ptr_array_index (entries, i);

      if (g_strcmp0 (e->group_code, section->code) != 0)
        {
          i++;
          continue;
        }
      g_hash_table_insert (numbers, &e->id, GINT_TO_POINTER (e->no));
      g_ptr_array_add (players, e);
      g_ptr_array_add (group->players, g_ptr_array_steal_index (entries, i));
    }
  add_games (group, games, numbers);
  add_absences (group, absences, numbers);
  /* Before the first result there are no standings to send. Absent rounds
   * score what they credit (late entries' missed rounds). */
  if (has_results (games))
    {
      g_autoptr(GPtrArray) rows = qw_standings_compute_with_absences (ruleset, section, players, games,
                                                                      absences, 0);

      add_standings (group, rows);
    }
  return g_steal_pointer (&group);
}

/* Entries of groups that have no section yet, or of none: players only. */
static void
add_unplayed_groups (QwResults       *results,
                     const QwRuleset *ruleset,
                     GPtrArray       *entries)
{
  while (entries->len > 0)
    {
      const QwEntry *first = g_ptr_array_index (entries, 0);
      g_autofree char *code = g_strdup (first->group_code != NULL ? first->group_code : "");
      QwResultsGroup *group = qw_results_group_new (code);

      g_free (group->name);
      group->name = code[0] != '\0' ? qw_ruleset_group_label (ruleset, code) : g_strdup ("");
      for (guint i = 0; i < entries->len;)
        {
          QwEntry *e = g_ptr_array_index (entries, i);

          if (g_strcmp0 (e->group_code != NULL ? e->group_code : "", code) == 0)
            g_ptr_array_add (group->players, g_ptr_array_steal_index (entries, i));
          else
            i++;
        }
      g_ptr_array_add (results->groups, group);
    }
}

static QwResults *
local_results (QwDocument  *doc,
               QwEvent     *event,
               GError     **error)
{
  g_autoptr(QwResults) results = qw_results_new ();
  g_autoptr(QwRuleset) ruleset = qw_ruleset_lookup (event->ruleset, error);
  g_autoptr(GPtrArray) sections = NULL;
  g_autoptr(GPtrArray) entries = NULL;

  qw_event_free (results->event);
  results->event = event;
  if (ruleset == NULL || (results->uid = ensure_uid (doc, event->id, error)) == NULL
      || (sections = qw_document_list_sections (doc, event->id, error)) == NULL
      || (entries = qw_document_list_entries (doc, event->id, error)) == NULL)
    return NULL;
  /* Stored with every entry since version 5; an older document's are read
   * from the ID number here, so that the region's group checks have them. */
  for (guint i = 0; i < entries->len; i++)
    qw_entry_fill_from_id (g_ptr_array_index (entries, i));
  for (guint i = 0; i < sections->len; i++)
    {
      QwResultsGroup *group = section_group (doc, ruleset, g_ptr_array_index (sections, i),
                                             entries, error);

      if (group == NULL)
        return NULL;
      g_ptr_array_add (results->groups, group);
    }
  add_unplayed_groups (results, ruleset, entries);
  /* The codes of the certificates these results make (qw-certificate-code.h). */
  if (!qw_results_issue_certificates (doc, results, error))
    return NULL;
  return g_steal_pointer (&results);
}

/**
 * qw_results_from_event:
 *
 * Returns: the event's results: computed for an event run in the document,
 *   as received for an imported one
 */
QwResults *
qw_results_from_event (QwDocument  *doc,
                       gint64       event_id,
                       GError     **error)
{
  QwEvent *event = qw_document_get_event (doc, event_id, error);

  if (event == NULL)
    return NULL;
  switch (event->source)
    {
    case QW_SOURCE_IMPORTED:
      qw_event_free (event);
      return qw_region_imported_results (doc, event_id, error);
    case QW_SOURCE_MANUAL:
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                   _("“%s” was typed in by hand: there are no players or games to export"), event->name);
      qw_event_free (event);
      return NULL;
    case QW_SOURCE_LOCAL:
    default:
      return local_results (doc, event, error);
    }
}

/**
 * qw_results_from_document:
 *
 * Returns: the results of a stop document's event (its main event)
 */
QwResults *
qw_results_from_document (QwDocument  *doc,
                          GError     **error)
{
  g_autoptr(QwEvent) event = qw_document_get_main_event (doc, error);

  if (event == NULL)
    return NULL;
  return qw_results_from_event (doc, event->id, error);
}
