/* qw-stop-read.c: an imported stop read back: the standings as received,
 * and the stop as results (for public exports, nominees and checks)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-region"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "qw-document-play.h"
#include "qw-document-region.h"
#include "qw-error.h"
#include "qw-document-entries.h"
#include "qw-region-private.h"

/* Standings as received */

static void
qw_received_standing_free (QwReceivedStanding *standing)
{
  if (standing == NULL)
    return;
  g_free (standing->name);
  g_free (standing->unit);
  g_array_unref (standing->tiebreaks);
  g_free (standing);
}

static void
parse_standing_text (QwReceivedStanding *s,
                     const char         *text)
{
  g_auto(GStrv) fields = g_strsplit (text, ";", -1);

  s->place = s->rank;
  for (guint i = 0; fields[i] != NULL; i++)
    {
      if (g_str_has_prefix (fields[i], "place="))
        s->place = (int) g_ascii_strtoll (fields[i] + 6, NULL, 10);
      else if (g_str_has_prefix (fields[i], "values="))
        {
          g_auto(GStrv) values = g_strsplit (fields[i] + 7, " ", -1);

          for (guint v = 0; values[v] != NULL; v++)
            if (values[v][0] != '\0')
              {
                double value = g_ascii_strtod (values[v], NULL);

                g_array_append_val (s->tiebreaks, value);
              }
        }
    }
}

/**
 * qw_region_list_received_standings:
 *
 * Returns: (element-type QwReceivedStanding): a section's standings as they
 *   came in the results file, best first
 */
GPtrArray *
qw_region_list_received_standings (QwDocument *doc,
                                   gint64      section_id,
                                   GError    **error)
{
  g_autoptr(GPtrArray) stored = qw_document_list_standing_records (doc, section_id, error);
  GPtrArray *rows;

  if (stored == NULL)
    return NULL;
  rows = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_received_standing_free);
  for (guint i = 0; i < stored->len; i++)
    {
      const QwStandingRecord *row = g_ptr_array_index (stored, i);
      QwReceivedStanding *s = g_new0 (QwReceivedStanding, 1);

      s->rank = row->rank;
      s->entry_id = row->entry_id;
      s->no = row->no;
      s->name = g_strdup (row->name);
      s->unit = g_strdup (row->unit);
      s->points = row->points;
      s->tiebreaks = g_array_new (FALSE, TRUE, sizeof (double));
      parse_standing_text (s, row->values);
      g_ptr_array_add (rows, s);
    }
  return rows;
}

/* An imported stop, back as results (public exports, nominees, checks) */

/* A "# key=value" line written by section_settings(). */
static char *
settings_value (const char *settings,
                const char *key)
{
  g_auto(GStrv) lines = g_strsplit (settings, "\n", -1);
  g_autofree char *prefix = g_strconcat ("# ", key, "=", NULL);

  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], prefix))
      return g_strdup (lines[i] + strlen (prefix));
  return g_strdup ("");
}

static GStrv
split_list (const char *text)
{
  if (text == NULL || text[0] == '\0')
    return g_new0 (char *, 1);
  return g_strsplit (text, ",", -1);
}

/* @numbers: entry id → 序号, for the stop's entries */
static gboolean
read_games (QwDocument     *doc,
            gint64          section_id,
            GHashTable     *numbers,
            QwResultsGroup *group,
            GError        **error)
{
  g_autoptr(GPtrArray) games = qw_document_list_games (doc, section_id, error);

  if (games == NULL)
    return FALSE;
  for (guint i = 0; i < games->len; i++)
    {
      const QwGame *stored = g_ptr_array_index (games, i);
      QwResultsGame *g = qw_results_game_new ();

      g->round = stored->round;
      g->board = stored->board;
      g->red = GPOINTER_TO_INT (g_hash_table_lookup (numbers, &stored->red));
      g->black = stored->black != 0 ? GPOINTER_TO_INT (g_hash_table_lookup (numbers, &stored->black)) : 0;
      g_free (g->result);
      g->result = g_strdup (qw_result_to_code (stored->result));
      g->red_fouls = stored->red_fouls;
      g->black_fouls = stored->black_fouls;
      g_free (g->playoff);
      g->playoff = g_strdup (qw_playoff_to_code (stored->playoff));
      g->armageddon = stored->armageddon;
      g_ptr_array_add (group->games, g);
    }
  return TRUE;
}

static gboolean
read_absences (QwDocument     *doc,
               gint64          section_id,
               GHashTable     *numbers,
               QwResultsGroup *group,
               GError        **error)
{
  g_autoptr(GPtrArray) absences = qw_document_list_absences (doc, section_id, error);

  if (absences == NULL)
    return FALSE;
  for (guint i = 0; i < absences->len; i++)
    {
      const QwAbsence *a = g_ptr_array_index (absences, i);
      QwResultsAbsence out = { GPOINTER_TO_INT (g_hash_table_lookup (numbers, &a->entry_id)), a->round, a->kind,
                               a->points };

      if (out.no > 0)
        g_array_append_val (group->absences, out);
    }
  return TRUE;
}

static gboolean
read_standings (QwDocument     *doc,
                gint64          section_id,
                QwResultsGroup *group,
                GError        **error)
{
  g_autoptr(GPtrArray) rows = qw_region_list_received_standings (doc, section_id, error);

  if (rows == NULL)
    return FALSE;
  for (guint i = 0; i < rows->len; i++)
    {
      const QwReceivedStanding *r = g_ptr_array_index (rows, i);
      QwResultsStanding *s = qw_results_standing_new ();

      s->rank = r->place;
      s->no = r->no;
      s->points = r->points;
      g_array_append_vals (s->tiebreaks, r->tiebreaks->data, r->tiebreaks->len);
      g_ptr_array_add (group->standings, s);
    }
  return TRUE;
}

/* Moves the entries of @code from @entries into @group. */
static void
take_players (GPtrArray      *entries,
              const char     *code,
              QwResultsGroup *group)
{
  for (guint i = 0; i < entries->len;)
    {
      QwEntry *e = g_ptr_array_index (entries, i);

      if (g_strcmp0 (e->group_code, code) == 0)
        g_ptr_array_add (group->players, g_ptr_array_steal_index (entries, i));
      else
        i++;
    }
}

static gboolean
read_sections (QwDocument *doc,
               QwResults  *results,
               GPtrArray  *entries,
               GError    **error)
{
  g_autoptr(GPtrArray) rows = qw_document_list_section_records (doc, results->event->id, error);
  g_autoptr(GHashTable) numbers = g_hash_table_new (g_int64_hash, g_int64_equal);

  if (rows == NULL)
    return FALSE;
  for (guint i = 0; i < entries->len; i++)
    {
      QwEntry *e = g_ptr_array_index (entries, i);

      g_hash_table_insert (numbers, &e->id, GINT_TO_POINTER (e->no));
    }
  for (guint i = 0; i < rows->len; i++)
    {
      const QwSectionRecord *row = g_ptr_array_index (rows, i);
      QwResultsGroup *group = qw_results_group_new (row->code);
      g_autofree char *codes = settings_value (row->settings, "received-tiebreaks");
      g_autofree char *names = settings_value (row->settings, "received-tiebreak-names");

      g_ptr_array_add (results->groups, group);
      g_free (group->name);
      group->name = g_strdup (row->name);
      g_free (group->system);
      group->system = g_strdup (row->system);
      group->rounds = row->rounds;
      g_strfreev (group->tiebreak_codes);
      group->tiebreak_codes = split_list (codes);
      g_strfreev (group->tiebreak_names);
      group->tiebreak_names = split_list (names);
      if (!read_games (doc, row->id, numbers, group, error)
          || !read_absences (doc, row->id, numbers, group, error)
          || !read_standings (doc, row->id, group, error))
        return FALSE;
    }
  /* The players move into their groups only now: @numbers points into them. */
  for (guint i = 0; i < results->groups->len; i++)
    {
      QwResultsGroup *group = g_ptr_array_index (results->groups, i);

      g_hash_table_remove_all (numbers);
      take_players (entries, group->code, group);
    }
  return TRUE;
}

static char *
find_uid (QwDocument *doc,
          gint64      event_id)
{
  g_autofree char *id_text = g_strdup_printf ("%" G_GINT64_FORMAT, event_id);
  g_autofree char *key = qw_document_find_meta_key (doc, UID_KEY_PREFIX, id_text);

  if (key == NULL)
    return NULL;
  return g_strdup (key + strlen (UID_KEY_PREFIX));
}

/**
 * qw_region_imported_results:
 *
 * Returns: an imported stop as it was received: event, groups, players,
 *   games and standings (players placed in no group come last)
 */
QwResults *
qw_region_imported_results (QwDocument *doc,
                            gint64      event_id,
                            GError    **error)
{
  g_autoptr(QwResults) results = qw_results_new ();
  g_autoptr(GPtrArray) entries = NULL;
  QwEvent *event = qw_document_get_event (doc, event_id, error);

  if (event == NULL)
    return NULL;
  qw_event_free (results->event);
  results->event = event;
  if (event->source != QW_SOURCE_IMPORTED)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                   _("“%s” was not imported from a results file"), event->name);
      return NULL;
    }
  results->uid = find_uid (doc, event_id);
  results->digest = g_strdup (event->digest);
  entries = qw_document_list_entries (doc, event_id, error);
  if (entries == NULL || !read_sections (doc, results, entries, error))
    return NULL;
  if (entries->len > 0)
    {
      QwResultsGroup *rest = qw_results_group_new ("");

      g_ptr_array_extend_and_steal (rest->players, g_steal_pointer (&entries));
      g_ptr_array_add (results->groups, rest);
    }
  return g_steal_pointer (&results);
}
