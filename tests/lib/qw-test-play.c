/* qw-test-play.c: the arbiter's actions as the tests call them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "qw-date.h"
#include "qw-document-entries.h"
#include "qw-document-play.h"
#include "qw-event.h"
#include "qw-test.h"
#include "qw-test-people.h"
#include "qw-test-play.h"

static void
replace_section (QwSection **section,
                 QwSection  *stored)
{
  if (stored == NULL)
    return;
  qw_section_free (*section);
  *section = stored;
}

int
qw_test_pair (QwDocument  *doc,
              QwSection  **section,
              GPtrArray  **notes,
              GError     **error)
{
  g_auto(QwPairOutcome) outcome = { 0 };
  int round = qw_tournament_pair (doc, *section, NULL, &outcome, error);

  if (round == 0)
    return 0;
  replace_section (section, g_steal_pointer (&outcome.section));
  if (notes != NULL)
    *notes = g_steal_pointer (&outcome.notes);
  return round;
}

int
qw_test_pair_gated (QwDocument  *doc,
                    QwSection  **section,
                    QwPairGate   gate,
                    GError     **error)
{
  const QwPairRequest request = { gate, NULL };
  g_auto(QwPairOutcome) outcome = { 0 };
  int round = qw_tournament_pair (doc, *section, &request, &outcome, error);

  if (round > 0)
    replace_section (section, g_steal_pointer (&outcome.section));
  return round;
}

gboolean
qw_test_unpair_last (QwDocument  *doc,
                     QwSection  **section,
                     gboolean     force,
                     GError     **error)
{
  QwSection *stored = NULL;

  if (!qw_tournament_unpair_last (doc, *section, force, &stored, error))
    return FALSE;
  replace_section (section, stored);
  return TRUE;
}

gboolean
qw_test_update_section (QwDocument  *doc,
                        QwSection  **section,
                        GError     **error)
{
  QwSection *stored = NULL;

  if (!qw_tournament_update_section (doc, *section, &stored, error))
    return FALSE;
  replace_section (section, stored);
  return TRUE;
}

guint64
qw_test_draw_lots (QwDocument  *doc,
                   QwSection  **section,
                   GError     **error)
{
  QwSection *stored = NULL;
  guint64 seed = qw_tournament_draw_lots (doc, *section, &stored, error);

  replace_section (section, stored);
  return seed;
}

int
qw_test_pair_next (QwDocument  *doc,
                   QwSection  **section,
                   GPtrArray  **notes)
{
  g_autoptr(GError) error = NULL;
  int round = qw_test_pair (doc, section, notes, &error);

  g_assert_no_error (error);
  g_assert_cmpint (round, >, 0);
  return round;
}

void
qw_test_record (QwDocument      *doc,
                const QwSection *section,
                int              round,
                int              board,
                QwResult         result)
{
  g_autoptr(GError) error = NULL;
  QwResultInput input = { result, 0, 0, QW_PLAYOFF_NONE, FALSE };

  g_assert_true (qw_tournament_record_result (doc, section, round, board, &input, &error));
  g_assert_no_error (error);
}

void
qw_test_stop_set_up (QwTestStop    *f,
                     gconstpointer  data)
{
  f->dir = qw_test_make_tmp_dir ("qiwang-stop-XXXXXX");
  f->path = g_build_filename (f->dir, "stop.qiwang", NULL);
}

void
qw_test_stop_tear_down (QwTestStop    *f,
                        gconstpointer  data)
{
  g_clear_pointer (&f->section, qw_section_free);
  g_clear_pointer (&f->entries, g_ptr_array_unref);
  g_clear_object (&f->doc);
  qw_test_remove_tree (f->dir);
  g_free (f->dir);
  g_free (f->path);
}

void
qw_test_stop_make (QwTestStop         *f,
                   const char         *system,
                   int                 n,
                   int                 rounds,
                   guint32             seed,
                   const int          *ratings,
                   const char * const *units)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwEvent) event = qw_event_new ();
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  g_autoptr(GPtrArray) entries = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_entry_free);

  g_clear_pointer (&f->section, qw_section_free);
  g_clear_pointer (&f->entries, g_ptr_array_unref);
  g_clear_object (&f->doc);
  f->doc = qw_document_create (f->path, QW_DOCUMENT_STOP, &error);
  g_assert_no_error (error);
  event->name = g_strdup ("2021年第六届全国象棋业余棋王赛广东赛区白花（镇）预选赛");
  g_free (event->system);
  event->system = g_strdup (system);
  event->rounds = rounds;
  g_assert_true (qw_document_add_event (f->doc, event, &error));
  for (int i = 0; i < n; i++)
    {
      QwEntry *e = qw_test_new_player (rand, i, "open-m", units);

      if (ratings != NULL)
        e->rating = ratings[i];
      g_ptr_array_add (entries, e);
    }
  g_assert_true (qw_document_add_entries (f->doc, event->id, entries, &error));
  f->section = qw_tournament_find_section (f->doc, "open-m", TRUE, &error);
  g_assert_no_error (error);
  f->entries = qw_document_list_section_entries (f->doc, f->section, &error);
  g_assert_no_error (error);
}

gint64
qw_test_stop_id_of_no (QwTestStop *f,
                       int         no)
{
  for (guint i = 0; i < f->entries->len; i++)
    if (((QwEntry *) g_ptr_array_index (f->entries, i))->no == no)
      return ((QwEntry *) g_ptr_array_index (f->entries, i))->id;
  g_assert_not_reached ();
  return 0;
}

gboolean
qw_test_stop_log_contains (QwTestStop *f,
                           const char *text)
{
  g_autoptr(GPtrArray) lines = qw_document_list_round_log (f->doc, f->section->id, NULL);

  for (guint i = 0; i < lines->len; i++)
    if (strstr (((QwRoundLogLine *) g_ptr_array_index (lines, i))->message, text) != NULL)
      return TRUE;
  return FALSE;
}

void
qw_test_stop_finish_round (QwTestStop *f,
                           int         round,
                           QwResult    result)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) games = qw_document_list_round_games (f->doc, f->section->id, round, &error);

  g_assert_no_error (error);
  for (guint i = 0; i < games->len; i++)
    {
      QwGame *g = g_ptr_array_index (games, i);

      if (g->result == QW_RESULT_NONE)
        qw_test_record (f->doc, f->section, round, g->board, result);
    }
}

QwGame *
qw_test_game_with (GPtrArray *games,
                   gint64     id)
{
  for (guint i = 0; i < games->len; i++)
    {
      QwGame *g = g_ptr_array_index (games, i);

      if (g->red == id || (g->black != 0 && g->black == id))
        return g;
    }
  return NULL;
}

const QwStandingRow *
qw_test_standing_row (GPtrArray *rows,
                      int        no)
{
  for (guint i = 0; i < rows->len; i++)
    {
      const QwStandingRow *row = g_ptr_array_index (rows, i);

      if (row->no == no)
        return row;
    }
  g_assert_not_reached ();
  return NULL;
}

QwDocument *
qw_test_stop_with_players (const char         *path,
                           guint32             seed,
                           int                 n,
                           const char * const *units,
                           QwEvent           **event)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  g_autoptr(GPtrArray) entries = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_entry_free);
  g_autoptr(QwDocument) doc = qw_document_create (path, QW_DOCUMENT_STOP, &error);
  QwEvent *e = qw_event_new ();

  g_assert_no_error (error);
  e->name = g_strdup ("2021年第六届全国象棋业余棋王赛广东赛区白花（镇）预选赛");
  e->region = g_strdup ("广东");
  e->start_date = qw_date_make (2021, 7, 3);
  e->rounds = 5;
  g_assert_true (qw_document_add_event (doc, e, &error));
  for (int i = 0; i < n; i++)
    g_ptr_array_add (entries, qw_test_new_player (rand, i, "open-m", units));
  g_assert_true (qw_document_add_entries (doc, e->id, entries, &error));
  g_assert_no_error (error);
  *event = e;
  return g_steal_pointer (&doc);
}
