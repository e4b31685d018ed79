/* test-history.c: one undo history per document
 *
 * Every kind of step is undone and redone: the document reads exactly as it
 * did before the step (and after it), table by table, except the logs, which
 * only grow. An undo refuses, and changes nothing, when a second connection
 * changed the rows since; a new step clears the redo stack.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <sqlite3.h>
#include <string.h>

#include "qw-demo.h"
#include "qw-data.h"
#include "qw-document.h"
#include "qw-error.h"
#include "qw-history.h"
#include "qw-play.h"
#include "qw-registration.h"
#include "qw-schema.sql.h"
#include "qw-tournament.h"
#include "qw-date.h"
#include "qw-document-entries.h"
#include "qw-document-play.h"
#include "qw-entry.h"
#include "qw-event.h"
#include "qw-game.h"
#include "qw-entry-import.h"
#include "qw-idcard.h"
#include "qw-message.h"
#include "qw-test-play.h"
#include "qw-test.h"
#include "qw-test-people.h"
#include "qw-test-documents.h"

typedef struct
{
  char       *dir;
  char       *path;
  QwDocument *doc;
  QwHistory  *history;
  QwEvent    *event;
  QwRuleset  *ruleset;
  QwSection  *section;
  GPtrArray  *changes;    /* "changed" details seen, in order */
} Fixture;

static void
changed_cb (QwDocument *doc,
            const char *what,
            Fixture    *f)
{
  g_ptr_array_add (f->changes, g_strdup (what));
}

static const char *const units[] = { "白花镇象棋协会", "惠东县象棋协会", "惠州市棋院", "稔山镇文化站", NULL };

/* A stop with 12 players in open-m, the history enabled. */
static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  f->dir = g_dir_make_tmp ("qiwang-history-XXXXXX", &error);
  g_assert_no_error (error);
  f->path = g_build_filename (f->dir, "stop.qiwang", NULL);
  f->doc = qw_test_stop_with_players (f->path, 7, 12, units, &f->event);
  f->ruleset = qw_ruleset_lookup (f->event->ruleset, &error);
  g_assert_no_error (error);
  f->section = qw_tournament_find_section (f->doc, "open-m", TRUE, &error);
  g_assert_no_error (error);

  qw_document_enable_history (f->doc);
  f->history = qw_document_get_history (f->doc);
  f->changes = g_ptr_array_new_with_free_func (g_free);
  g_signal_connect (f->doc, "changed", G_CALLBACK (changed_cb), f);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  g_clear_pointer (&f->changes, g_ptr_array_unref);
  g_clear_pointer (&f->section, qw_section_free);
  g_clear_pointer (&f->event, qw_event_free);
  g_clear_pointer (&f->ruleset, qw_ruleset_unref);
  g_clear_object (&f->doc);
  qw_test_remove_tree (f->dir);
  g_free (f->dir);
  g_free (f->path);
}

static int
count_rows (const char *path,
            const char *table)
{
  g_autofree char *sql = g_strdup_printf ("SELECT COUNT(*) FROM %s", table);
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;
  int n;

  g_assert_cmpint (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  n = sqlite3_column_int (stmt, 0);
  sqlite3_finalize (stmt);
  sqlite3_close (db);
  return n;
}

static gboolean
saw_change (Fixture    *f,
            const char *what)
{
  for (guint i = 0; i < f->changes->len; i++)
    if (g_str_equal (g_ptr_array_index (f->changes, i), what))
      return TRUE;
  return FALSE;
}

/* The step just made has @label; undo brings back @before, redo the state
 * after the step, and each emits "changed" with @detail. */
static void
assert_undo_redo (Fixture    *f,
                  const char *before,
                  const char *label,
                  const char *detail)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *after = qw_test_dump_document (f->path);
  g_autofree char *undone = NULL;
  g_autofree char *redone = NULL;
  g_autofree char *undone_label = NULL;
  g_autofree char *redone_label = NULL;

  g_assert_cmpstr (before, !=, after);
  g_assert_true (qw_history_get_can_undo (f->history));
  g_assert_cmpstr (qw_history_get_undo_label (f->history), ==, label);

  g_ptr_array_set_size (f->changes, 0);
  g_assert_true (qw_history_undo (f->history, &undone_label, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (undone_label, ==, label);
  undone = qw_test_dump_document (f->path);
  g_assert_cmpstr (undone, ==, before);
  g_assert_true (saw_change (f, detail));
  g_assert_true (qw_history_get_can_redo (f->history));
  g_assert_cmpstr (qw_history_get_redo_label (f->history), ==, label);

  g_ptr_array_set_size (f->changes, 0);
  g_assert_true (qw_history_redo (f->history, &redone_label, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (redone_label, ==, label);
  redone = qw_test_dump_document (f->path);
  g_assert_cmpstr (redone, ==, after);
  g_assert_true (saw_change (f, detail));
  g_assert_false (qw_history_get_can_redo (f->history));
  g_assert_cmpstr (qw_history_get_undo_label (f->history), ==, label);
}

static QwGame *
game (Fixture *f,
      int      round,
      int      board)
{
  g_autoptr(GError) error = NULL;
  QwGame *g = qw_document_get_game (f->doc, f->section->id, round, board, &error);

  g_assert_no_error (error);
  return g;
}

static void
finish_round (Fixture *f,
              int      round)
{
  for (int board = 1; board <= 6; board++)
    qw_test_record (f->doc, f->section, round, board, board % 3 == 0 ? QW_RESULT_DRAW : QW_RESULT_RED_WIN);
}

/* Entries */

static void
test_entry_add (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (21);
  g_autoptr(QwEntry) e = qw_test_new_player (rand, 30, "", units);
  g_autofree char *before = qw_test_dump_document (f->path);
  g_autofree char *label = g_strdup_printf ("Adding %s", e->name);

  g_assert_true (qw_registration_add_entry (f->doc, f->ruleset, f->event, e, &error));
  g_assert_no_error (error);
  g_assert_cmpint (e->no, ==, 13);
  assert_undo_redo (f, before, label, "entries");
}

static void
test_entry_edit (Fixture       *f,
                 gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) entries = qw_document_list_entries (f->doc, f->event->id, &error);
  g_autoptr(QwEntry) e = qw_entry_copy (g_ptr_array_index (entries, 2));
  g_autofree char *before = qw_test_dump_document (f->path);
  g_autofree char *label = NULL;

  g_free (e->name);
  e->name = g_strdup ("陈改名");
  g_free (e->unit);
  e->unit = g_strdup ("新单位");
  label = g_strdup_printf ("Editing %s", e->name);
  g_assert_true (qw_registration_update_entry (f->doc, f->ruleset, f->event, e, &error));
  g_assert_no_error (error);
  assert_undo_redo (f, before, label, "entries");
}

static void
test_entry_delete (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) entries = qw_document_list_entries (f->doc, f->event->id, &error);
  g_autofree char *before = qw_test_dump_document (f->path);

  g_ptr_array_remove_range (entries, 3, entries->len - 3);
  g_assert_true (qw_registration_delete_entries (f->doc, entries, &error));
  g_assert_no_error (error);
  /* The players go with their entries; undone, both come back as they were. */
  assert_undo_redo (f, before, "Deleting 3 entries", "entries");
  g_assert_cmpint (count_rows (f->path, "player"), ==, 9);
}

static void
test_entry_import (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (5);
  g_autoptr(GPtrArray) entries = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_entry_free);
  g_autofree char *before = qw_test_dump_document (f->path);

  for (int i = 0; i < 20; i++)
    g_ptr_array_add (entries, qw_test_new_player (rand, 50 + i, "", units));
  g_assert_true (qw_registration_import_entries (f->doc, f->ruleset, f->event, entries, &error));
  g_assert_no_error (error);
  assert_undo_redo (f, before, "Import of 20 entries", "entries");
  g_assert_cmpint (count_rows (f->path, "entry"), ==, 32);
}

/* Results */

static void
test_result_record (Fixture       *f,
                    gconstpointer  data)
{
  g_autofree char *before = NULL;

  qw_test_pair_next (f->doc, &f->section, NULL);
  before = qw_test_dump_document (f->path);
  qw_test_record (f->doc, f->section, 1, 3, QW_RESULT_RED_WIN);
  assert_undo_redo (f, before, "Result of round 1, board 3", "games");
}

static void
test_result_change (Fixture       *f,
                    gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  QwResultInput input = { QW_RESULT_DRAW, 1, 2, QW_PLAYOFF_NONE, FALSE };

  qw_test_pair_next (f->doc, &f->section, NULL);
  qw_test_record (f->doc, f->section, 1, 2, QW_RESULT_RED_WIN);
  before = qw_test_dump_document (f->path);
  /* A changed result with fouls is one step too. */
  g_assert_true (qw_tournament_record_result (f->doc, f->section, 1, 2, &input, &error));
  g_assert_no_error (error);
  assert_undo_redo (f, before, "Result of round 1, board 2", "games");
}

static void
test_result_clear (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;

  qw_test_pair_next (f->doc, &f->section, NULL);
  qw_test_record (f->doc, f->section, 1, 4, QW_RESULT_BLACK_WIN);
  before = qw_test_dump_document (f->path);
  g_assert_true (qw_tournament_undo_result (f->doc, f->section, 1, 4, &error));
  g_assert_no_error (error);
  assert_undo_redo (f, before, "Clearing the result of round 1, board 4", "games");
}

/* Pairing */

static void
test_pair (Fixture       *f,
           gconstpointer  data)
{
  g_autofree char *before = NULL;

  qw_test_pair_next (f->doc, &f->section, NULL);
  finish_round (f, 1);
  before = qw_test_dump_document (f->path);
  qw_test_pair_next (f->doc, &f->section, NULL);
  assert_undo_redo (f, before, "Pairing of round 2", "games");
}

/* Round 1 fixes the draw in the section's settings: undone, it is released. */
static void
test_pair_first_round (Fixture       *f,
                       gconstpointer  data)
{
  g_autofree char *before = qw_test_dump_document (f->path);

  qw_test_pair_next (f->doc, &f->section, NULL);
  assert_undo_redo (f, before, "Pairing of round 1", "sections");
}

static void
test_unpair (Fixture       *f,
             gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;

  qw_test_pair_next (f->doc, &f->section, NULL);
  qw_test_record (f->doc, f->section, 1, 1, QW_RESULT_RED_WIN);
  before = qw_test_dump_document (f->path);
  g_assert_true (qw_test_unpair_last (f->doc, &f->section, TRUE, &error));
  g_assert_no_error (error);
  assert_undo_redo (f, before, "Unpairing of round 1", "games");
}

/* Manual changes */

static void
test_swap (Fixture       *f,
           gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwGame) g1 = NULL;
  g_autoptr(QwGame) g2 = NULL;
  g_autoptr(GPtrArray) warnings = NULL;
  g_autoptr(QwEntry) a = NULL;
  g_autoptr(QwEntry) b = NULL;
  g_autofree char *before = NULL;
  g_autofree char *label = NULL;

  qw_test_pair_next (f->doc, &f->section, NULL);
  g1 = game (f, 1, 1);
  g2 = game (f, 1, 2);
  a = qw_document_get_entry (f->doc, g1->red, &error);
  b = qw_document_get_entry (f->doc, g2->red, &error);
  before = qw_test_dump_document (f->path);
  warnings = qw_tournament_swap_players (f->doc, f->section, 1, g1->red, g2->red, &error);
  g_assert_no_error (error);
  g_assert_nonnull (warnings);
  label = g_strdup_printf ("Swap of %s and %s in round 1", a->name, b->name);
  assert_undo_redo (f, before, label, "games");
}

static void
test_repair (Fixture       *f,
             gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwGame) g1 = NULL;
  g_autoptr(QwGame) g3 = NULL;
  g_autoptr(GPtrArray) warnings = NULL;
  g_autofree char *before = NULL;

  qw_test_pair_next (f->doc, &f->section, NULL);
  g1 = game (f, 1, 1);
  g3 = game (f, 1, 3);
  before = qw_test_dump_document (f->path);
  warnings = qw_tournament_repair_board (f->doc, f->section, 1, 1, g1->red, g3->black, &error);
  g_assert_no_error (error);
  g_assert_nonnull (warnings);
  assert_undo_redo (f, before, "Re-pairing of round 1, board 1", "games");
}

/* Withdrawals */

static void
test_withdraw (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) entries = qw_document_list_section_entries (f->doc, f->section, &error);
  const QwEntry *e = g_ptr_array_index (entries, 3);
  g_autofree char *before = qw_test_dump_document (f->path);
  g_autofree char *label = g_strdup_printf ("Withdrawal of %s", e->name);
  g_autofree char *back = g_strdup_printf ("Reinstatement of %s", e->name);

  g_assert_true (qw_tournament_withdraw (f->doc, f->section, e->id, &error));
  g_assert_no_error (error);
  assert_undo_redo (f, before, label, "entries");

  g_free (before);
  before = qw_test_dump_document (f->path);
  g_assert_true (qw_tournament_reinstate (f->doc, f->section, e->id, &error));
  g_assert_no_error (error);
  assert_undo_redo (f, before, back, "entries");
}

/* Section settings and stop details */

static void
test_section_settings (Fixture       *f,
                       gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *before = qw_test_dump_document (f->path);
  g_autofree char *label = g_strdup_printf ("Settings of group %s", f->section->name);

  f->section->rounds = 7;
  g_assert_true (qw_section_settings_set (&f->section->settings, "unit_avoid", "always", &error));
  g_assert_true (qw_test_update_section (f->doc, &f->section, &error));
  g_assert_no_error (error);
  assert_undo_redo (f, before, label, "sections");
}

/* A section that was only looked at is stored by the first action. */
static void
test_section_stored_by_action (Fixture       *f,
                               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwSection) youth = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (11);
  g_autoptr(GPtrArray) entries = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_entry_free);
  g_autoptr(GPtrArray) stored = NULL;
  g_autofree char *before = NULL;
  g_autofree char *label = NULL;

  for (int i = 0; i < 4; i++)
    g_ptr_array_add (entries, qw_test_new_player (rand, 20 + i, "open-f", units));
  g_assert_true (qw_document_add_entries (f->doc, f->event->id, entries, &error));
  before = qw_test_dump_document (f->path);
  youth = qw_tournament_lookup_section (f->doc, f->event, "open-f", &error);
  g_assert_no_error (error);
  g_assert_cmpint (youth->id, ==, 0);
  qw_test_assert_dump (f->path, before);
  stored = qw_document_list_sections (f->doc, f->event->id, &error);
  g_assert_cmpuint (stored->len, ==, 1);

  label = g_strdup_printf ("Withdrawal of %s", ((QwEntry *) g_ptr_array_index (entries, 0))->name);
  g_assert_true (qw_tournament_withdraw (f->doc, youth, ((QwEntry *) g_ptr_array_index (entries, 0))->id, &error));
  g_assert_no_error (error);
  /* Undone, the section goes too. */
  assert_undo_redo (f, before, label, "entries");
  g_ptr_array_unref (stored);
  stored = qw_document_list_sections (f->doc, f->event->id, &error);
  g_assert_cmpuint (stored->len, ==, 2);
}

static void
test_event_update (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *before = qw_test_dump_document (f->path);

  g_free (f->event->chief_arbiter);
  f->event->chief_arbiter = g_strdup ("李裁判");
  f->event->end_date = qw_date_make (2021, 7, 4);
  g_assert_true (qw_registration_update_event (f->doc, f->ruleset, f->event, &error));
  g_assert_no_error (error);
  assert_undo_redo (f, before, "Stop details", "events");
}

/* The stack */

static void
test_redo_cleared (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  qw_test_pair_next (f->doc, &f->section, NULL);
  qw_test_record (f->doc, f->section, 1, 1, QW_RESULT_RED_WIN);
  g_assert_true (qw_history_undo (f->history, NULL, &error));
  g_assert_true (qw_history_get_can_redo (f->history));
  qw_test_record (f->doc, f->section, 1, 2, QW_RESULT_DRAW);
  g_assert_false (qw_history_get_can_redo (f->history));
  g_assert_null (qw_history_get_redo_label (f->history));
  g_assert_false (qw_history_redo (f->history, NULL, &error));
  g_assert_error (error, QW_ERROR, QW_ERROR_NOT_FOUND);
  g_clear_error (&error);
  /* Undo goes back through the stack in order. */
  g_assert_cmpstr (qw_history_get_undo_label (f->history), ==, "Result of round 1, board 2");
  g_assert_true (qw_history_undo (f->history, NULL, &error));
  g_assert_cmpstr (qw_history_get_undo_label (f->history), ==, "Pairing of round 1");
  g_assert_true (qw_history_undo (f->history, NULL, &error));
  g_assert_false (qw_history_get_can_undo (f->history));
  g_assert_cmpint (qw_document_last_round (f->doc, f->section->id), ==, 0);
}

static void
notify_cb (GObject    *object,
           GParamSpec *pspec,
           GPtrArray  *seen)
{
  g_ptr_array_add (seen, g_strdup (pspec->name));
}

static gboolean
contains (GPtrArray  *strings,
          const char *s)
{
  return g_ptr_array_find_with_equal_func (strings, s, g_str_equal, NULL);
}

static void
test_properties (Fixture       *f,
                 gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) seen = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *undo_label = NULL;
  gboolean can_undo = FALSE, can_redo = TRUE;

  g_signal_connect (f->history, "notify", G_CALLBACK (notify_cb), seen);
  g_object_get (f->history, "can-undo", &can_undo, "can-redo", &can_redo, NULL);
  g_assert_false (can_undo);
  g_assert_false (can_redo);
  qw_test_pair_next (f->doc, &f->section, NULL);
  g_assert_true (contains (seen, "can-undo"));
  g_assert_true (contains (seen, "undo-label"));
  g_object_get (f->history, "undo-label", &undo_label, "can-undo", &can_undo, NULL);
  g_assert_cmpstr (undo_label, ==, "Pairing of round 1");
  g_assert_true (can_undo);
  g_ptr_array_set_size (seen, 0);
  g_assert_true (qw_history_undo (f->history, NULL, &error));
  g_assert_true (contains (seen, "can-undo"));
  g_assert_true (contains (seen, "can-redo"));
  g_assert_true (contains (seen, "redo-label"));
  g_signal_handlers_disconnect_by_data (f->history, seen);
}

static void
assert_meta (Fixture    *f,
             const char *key,
             const char *expected)
{
  g_autofree char *value = qw_document_get_meta (f->doc, key);

  g_assert_cmpstr (value, ==, expected);
}

/* The oldest steps are forgotten. */
static void
test_limit (Fixture       *f,
            gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  int undone = 0;

  for (int i = 0; i < QW_HISTORY_MAX_STEPS + 5; i++)
    {
      g_autofree char *value = g_strdup_printf ("%d", i);

      g_assert_true (qw_document_set_meta (f->doc, "counter", value, &error));
    }
  while (qw_history_get_can_undo (f->history))
    {
      g_assert_true (qw_history_undo (f->history, NULL, &error));
      undone++;
    }
  g_assert_cmpint (undone, ==, QW_HISTORY_MAX_STEPS);
  assert_meta (f, "counter", "4");
}

/* A history held past its document (a bound button) undoes nothing. */
static void
test_outlives_document (Fixture       *f,
                        gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwHistory) history = g_object_ref (f->history);

  qw_test_pair_next (f->doc, &f->section, NULL);
  g_assert_true (qw_history_get_can_undo (history));
  g_clear_object (&f->doc);
  g_assert_false (qw_history_get_can_undo (history));
  g_assert_false (qw_history_undo (history, NULL, &error));
  g_assert_error (error, QW_ERROR, QW_ERROR_NOT_FOUND);
}

/* Only a step that changed something is kept; an unlabelled one is a
 * "Change"; a label given inside names it. */
static void
test_labels (Fixture       *f,
             gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (qw_document_begin_step (f->doc, "Nothing", &error));
  g_assert_true (qw_document_commit (f->doc, &error));
  g_assert_false (qw_history_get_can_undo (f->history));

  g_assert_true (qw_document_set_meta (f->doc, "note", "a", &error));
  g_assert_cmpstr (qw_history_get_undo_label (f->history), ==, "Change");

  g_assert_true (qw_document_begin (f->doc, &error));
  g_assert_true (qw_document_begin_step (f->doc, "Named inside", &error));
  g_assert_true (qw_document_set_meta (f->doc, "note", "b", &error));
  g_assert_true (qw_document_commit (f->doc, &error));
  g_assert_true (qw_document_commit (f->doc, &error));
  g_assert_cmpstr (qw_history_get_undo_label (f->history), ==, "Named inside");

  /* A value kept outside the history is never undone, even kept inside a step. */
  g_assert_true (qw_document_keep_meta (f->doc, "file-id", "x", &error));
  g_assert_cmpstr (qw_history_get_undo_label (f->history), ==, "Named inside");
  g_assert_true (qw_document_begin_step (f->doc, "Around", &error));
  g_assert_true (qw_document_keep_meta (f->doc, "file-id-2", "y", &error));
  g_assert_true (qw_document_set_meta (f->doc, "note", "d", &error));
  g_assert_true (qw_document_commit (f->doc, &error));
  g_assert_cmpstr (qw_history_get_undo_label (f->history), ==, "Around");
  g_assert_true (qw_history_undo (f->history, NULL, &error));
  assert_meta (f, "note", "b");
  assert_meta (f, "file-id-2", "y");

  /* A rolled back step leaves nothing. */
  g_assert_true (qw_document_begin_step (f->doc, "Rolled back", &error));
  g_assert_true (qw_document_set_meta (f->doc, "note", "c", &error));
  qw_document_rollback (f->doc);
  g_assert_cmpstr (qw_history_get_undo_label (f->history), ==, "Named inside");
  g_assert_true (qw_history_undo (f->history, NULL, &error));
  g_assert_true (qw_history_undo (f->history, NULL, &error));
  assert_meta (f, "note", NULL);
  assert_meta (f, "file-id", "x");
}

/* Conflicts with a second connection */

static void
test_conflict (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) other = NULL;
  g_autoptr(QwSection) section = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after_other = NULL;
  QwResultInput input = { QW_RESULT_BLACK_WIN, 0, 0, QW_PLAYOFF_NONE, FALSE };

  qw_test_pair_next (f->doc, &f->section, NULL);
  qw_test_record (f->doc, f->section, 1, 5, QW_RESULT_RED_WIN);
  other = qw_document_open (f->path, &error);
  g_assert_no_error (error);
  section = qw_tournament_find_section (other, "open-m", FALSE, &error);
  g_assert_true (qw_tournament_record_result (other, section, 1, 5, &input, &error));
  g_assert_no_error (error);
  after_other = qw_test_dump_document (f->path);

  g_assert_false (qw_history_undo (f->history, NULL, &error));
  g_assert_error (error, QW_ERROR, QW_ERROR_CONFLICT);
  g_assert_nonnull (strstr (error->message, "“Result of round 1, board 5” cannot be undone"));
  g_clear_error (&error);
  qw_test_assert_dump (f->path, after_other);
  /* The step stays where it was; the document still works. */
  g_assert_cmpstr (qw_history_get_undo_label (f->history), ==, "Result of round 1, board 5");
  g_assert_false (qw_history_get_can_redo (f->history));
  qw_test_record (f->doc, f->section, 1, 6, QW_RESULT_DRAW);
  g_assert_true (qw_history_undo (f->history, NULL, &error));
  g_assert_no_error (error);

  /* Redo too: a row the step would change was changed meanwhile. */
  before = qw_test_dump_document (f->path);
  g_assert_true (qw_tournament_undo_result (other, section, 1, 5, &error));
  g_assert_no_error (error);
  qw_test_record (f->doc, f->section, 1, 5, QW_RESULT_DRAW);
  g_assert_true (qw_history_undo (f->history, NULL, &error));
  g_assert_true (qw_tournament_record_result (other, section, 1, 5, &input, &error));
  g_free (after_other);
  after_other = qw_test_dump_document (f->path);
  g_assert_false (qw_history_redo (f->history, NULL, &error));
  g_assert_error (error, QW_ERROR, QW_ERROR_CONFLICT);
  g_clear_error (&error);
  qw_test_assert_dump (f->path, after_other);
}

/* An entry taken back while another connection paired it would leave its
 * games without a player: refused. */
static void
test_conflict_reference (Fixture       *f,
                         gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) other = NULL;
  g_autoptr(QwSection) section = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (3);
  g_autoptr(QwEntry) e = qw_test_new_player (rand, 40, "", units);
  g_autofree char *after_other = NULL;

  e->event_id = f->event->id;
  g_assert_true (qw_registration_add_entry (f->doc, f->ruleset, f->event, e, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (e->group_code, ==, "open-m");
  other = qw_document_open (f->path, &error);
  section = qw_tournament_find_section (other, "open-m", FALSE, &error);
  g_assert_cmpint (qw_test_pair (other, &section, NULL, &error), ==, 1);
  g_assert_no_error (error);
  after_other = qw_test_dump_document (f->path);
  g_assert_false (qw_history_undo (f->history, NULL, &error));
  g_assert_error (error, QW_ERROR, QW_ERROR_CONFLICT);
  g_clear_error (&error);
  qw_test_assert_dump (f->path, after_other);
}

/* The arbiter's log */

static GPtrArray *
game_log (Fixture *f)
{
  g_autoptr(GError) error = NULL;
  GPtrArray *lines = qw_document_list_game_log (f->doc, f->section->id, &error);

  g_assert_no_error (error);
  return lines;
}

static void
test_log (Fixture       *f,
          gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) lines = NULL;
  g_autoptr(GPtrArray) all = NULL;
  g_autoptr(QwGame) g1 = NULL;
  g_autoptr(QwGame) g2 = NULL;
  g_autoptr(GPtrArray) warnings = NULL;
  QwResultInput input = { QW_RESULT_DRAW, 1, 0, QW_PLAYOFF_NONE, FALSE };
  const QwGameLogLine *line;
  g_autofree char *text = NULL;
  int n;

  qw_test_pair_next (f->doc, &f->section, NULL);
  qw_test_record (f->doc, f->section, 1, 1, QW_RESULT_RED_WIN);
  g_assert_true (qw_tournament_record_result (f->doc, f->section, 1, 1, &input, &error));
  lines = game_log (f);
  g_assert_cmpuint (lines->len, ==, 3);
  line = g_ptr_array_index (lines, 0);
  g_assert_cmpint (line->kind, ==, QW_GAME_LOG_PAIRED);
  g_assert_cmpint (line->round, ==, 1);
  g_assert_cmpint (line->board, ==, 0);
  g_assert_cmpstr (line->new_value, ==, "6 boards");
  g_assert_cmpstr (line->cause, ==, "Pairing of round 1");
  line = g_ptr_array_index (lines, 1);
  g_assert_cmpint (line->kind, ==, QW_GAME_LOG_RESULT);
  g_assert_cmpint (line->board, ==, 1);
  g_assert_cmpstr (line->old_value, ==, "");
  g_assert_cmpstr (line->new_value, ==, "2:0");
  line = g_ptr_array_index (lines, 2);
  g_assert_cmpstr (line->old_value, ==, "2:0");
  g_assert_cmpstr (line->new_value, ==, "1:1 (fouls 1:0)");
  g_assert_cmpstr (line->cause, ==, "Result of round 1, board 1");
  text = qw_game_log_line_describe (line);
  g_assert_cmpstr (text, ==, "Round 1, board 1: result 2:0 → 1:1 (fouls 1:0) (Result of round 1, board 1)");

  /* Undo and redo add lines; none goes. */
  g_assert_true (qw_history_undo (f->history, NULL, &error));
  g_assert_true (qw_history_redo (f->history, NULL, &error));
  g_ptr_array_unref (lines);
  lines = game_log (f);
  g_assert_cmpuint (lines->len, ==, 5);
  line = g_ptr_array_index (lines, 3);
  g_assert_cmpstr (line->old_value, ==, "1:1 (fouls 1:0)");
  g_assert_cmpstr (line->new_value, ==, "2:0");
  g_assert_cmpstr (line->cause, ==, "Undo: Result of round 1, board 1");
  line = g_ptr_array_index (lines, 4);
  g_assert_cmpstr (line->new_value, ==, "1:1 (fouls 1:0)");
  g_assert_cmpstr (line->cause, ==, "Redo: Result of round 1, board 1");

  /* A swap is logged as who plays on each board, besides the round log's line. */
  g1 = game (f, 1, 2);
  g2 = game (f, 1, 3);
  warnings = qw_tournament_swap_players (f->doc, f->section, 1, g1->red, g2->red, &error);
  g_assert_no_error (error);
  g_ptr_array_unref (lines);
  lines = game_log (f);
  g_assert_cmpuint (lines->len, ==, 7);
  line = g_ptr_array_index (lines, 5);
  g_assert_cmpint (line->kind, ==, QW_GAME_LOG_PLAYERS);

  /* Unpairing, then undoing it: both are in the log, round log lines too. */
  g_assert_true (qw_test_unpair_last (f->doc, &f->section, TRUE, &error));
  n = count_rows (f->path, "round_log");
  g_assert_true (qw_history_undo (f->history, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (count_rows (f->path, "round_log"), ==, n);
  g_ptr_array_unref (lines);
  lines = game_log (f);
  line = g_ptr_array_index (lines, lines->len - 2);
  g_assert_cmpint (line->kind, ==, QW_GAME_LOG_UNPAIRED);
  g_assert_cmpstr (line->old_value, ==, "6 boards, 1 with a result");
  line = g_ptr_array_index (lines, lines->len - 1);
  g_assert_cmpint (line->kind, ==, QW_GAME_LOG_PAIRED);
  g_assert_cmpstr (line->cause, ==, "Undo: Unpairing of round 1");

  /* The arbiter's log reads both logs in the order written. */
  all = qw_document_list_arbiter_log (f->doc, f->section->id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (all->len, ==, lines->len + (guint) n);
  g_assert_nonnull (strstr (((QwRoundLogLine *) g_ptr_array_index (all, 5))->message, "the arbiter swapped"));
  g_assert_nonnull (strstr (((QwRoundLogLine *) g_ptr_array_index (all, 6))->message, "Round 1, board"));
  g_assert_nonnull (strstr (((QwRoundLogLine *) g_ptr_array_index (all, 8))->message, "Round 1 unpaired, discarding"));
  g_assert_nonnull (strstr (((QwRoundLogLine *) g_ptr_array_index (all, 9))->message, "Round 1 unpaired: 6 boards"));
}

/* A document of the version before the game log gets it when opened; its
 * next change of a result is logged, and can be undone. */
static void
test_log_migrated (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("qiwang-history-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "v3.qiwang", NULL);
  g_autoptr(QwDocument) doc = NULL;
  g_autoptr(QwSection) section = NULL;
  g_autoptr(GPtrArray) lines = NULL;
  QwResultInput input = { QW_RESULT_DRAW, 0, 0, QW_PLAYOFF_NONE, FALSE };
  sqlite3 *db = NULL;

  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "PRAGMA application_id = 1363760967;" QW_SCHEMA_STEP_1 QW_SCHEMA_STEP_2
                                 QW_SCHEMA_STEP_3 "PRAGMA user_version = 3;"
                                 "INSERT INTO meta VALUES ('kind', 'stop');"
                                 "INSERT INTO event (id, ruleset, name) VALUES (1, 'qiwang-2021', '旧站');"
                                 "INSERT INTO player (id, name) VALUES (1, '甲'), (2, '乙');"
                                 "INSERT INTO entry (id, event_id, player_id, no, group_code) "
                                 "VALUES (1, 1, 1, 1, 'open-m'), (2, 1, 2, 2, 'open-m');"
                                 "INSERT INTO section (id, event_id, code, name) VALUES (1, 1, 'open-m', '公开组男子');"
                                 "INSERT INTO game (section_id, round, board, red, black, result) "
                                 "VALUES (1, 1, 1, 1, 2, '2:0');",
                                 NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);
  doc = qw_document_open (path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (qw_document_peek_version (path, NULL), ==, qw_document_schema_version ());
  qw_document_enable_history (doc);
  section = qw_tournament_find_section (doc, "open-m", FALSE, &error);
  g_assert_true (qw_tournament_record_result (doc, section, 1, 1, &input, &error));
  g_assert_no_error (error);
  g_assert_true (qw_history_undo (qw_document_get_history (doc), NULL, &error));
  lines = qw_document_list_game_log (doc, section->id, &error);
  g_assert_cmpuint (lines->len, ==, 2);
  g_assert_cmpstr (((QwGameLogLine *) g_ptr_array_index (lines, 0))->new_value, ==, "1:1");
  g_assert_cmpstr (((QwGameLogLine *) g_ptr_array_index (lines, 1))->new_value, ==, "2:0");
  g_clear_object (&doc);
  qw_test_remove_tree (dir);
}

/* Two entries of one person (issue 17, finding 9) */

/* How many entries of the event hold @id_number (as stored). */
static int
holders_of (Fixture    *f,
            const char *id_number)
{
  g_autofree char *sql = g_strdup_printf ("SELECT COUNT(*) FROM entry e JOIN player p ON p.id = e.player_id "
                                          "WHERE p.id_number = '%s'", id_number);
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;
  int n;

  g_assert_cmpint (sqlite3_open_v2 (f->path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  n = sqlite3_column_int (stmt, 0);
  sqlite3_finalize (stmt);
  sqlite3_close (db);
  return n;
}

/* Another program on the same file imports a list with @e in it (as
 * `qiwang-cli import` does): @id_number instead of @e's own when given (the
 * 15-digit form of the same card, say). */
static void
import_elsewhere (Fixture       *f,
                  const QwEntry *e,
                  const char    *id_number)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) other = qw_document_open (f->path, &error);
  g_autofree char *path = g_build_filename (f->dir, "again.csv", NULL);
  g_autofree char *csv = g_strdup_printf ("姓名,性别,出生日期,身份证号,单位\n%s,男,%s,%s,%s\n", e->name, e->birth,
                                          id_number != NULL ? id_number : e->id_number, e->unit);
  g_autoptr(QwEntryImport) import = NULL;
  g_autoptr(QwImportReport) report = NULL;

  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (path, csv, -1, &error));
  import = qw_entry_import_file (path, &error);
  g_assert_no_error (error);
  report = qw_registration_import (other, f->ruleset, f->event, import, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (report->added, ==, 1);
}

static QwEntry *
stored_entry (Fixture *f,
              guint    index)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) entries = qw_document_list_entries (f->doc, f->event->id, &error);

  g_assert_no_error (error);
  return qw_entry_copy (g_ptr_array_index (entries, index));
}

static void
assert_refused_for_two (Fixture    *f,
                        gboolean    undo,
                        const char *label,
                        const char *id_number)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *before = qw_test_dump_document (f->path);
  g_autofree char *masked = qw_idcard_mask (id_number);
  gboolean ok = undo ? qw_history_undo (f->history, NULL, &error) : qw_history_redo (f->history, NULL, &error);

  g_assert_false (ok);
  g_assert_error (error, QW_ERROR, QW_ERROR_CONFLICT);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, label));
  g_assert_nonnull (strstr (error->message, undo ? "cannot be undone" : "cannot be redone"));
  /* Who it is, masked, and who has the number now. */
  g_assert_nonnull (strstr (error->message, masked));
  g_assert_null (strstr (error->message, id_number));
  g_assert_nonnull (strstr (error->message, "No. 13"));
  /* Nothing changed; the step stays where it was. */
  qw_test_assert_dump (f->path, before);
  g_assert_cmpint (holders_of (f, id_number), ==, 1);
  g_assert_cmpstr (undo ? qw_history_get_undo_label (f->history) : qw_history_get_redo_label (f->history), ==,
                   label);
}

/* An entry deleted here, the same person imported again by another
 * program: the undo would make two entries of one ID number. */
static void
test_undo_delete_reimported (Fixture       *f,
                             gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwEntry) e = stored_entry (f, 3);
  g_autoptr(GPtrArray) one = g_ptr_array_new ();
  g_autofree char *label = g_strdup_printf ("Deleting %s", e->name);

  g_ptr_array_add (one, e);
  g_assert_true (qw_registration_delete_entries (f->doc, one, &error));
  g_assert_no_error (error);
  import_elsewhere (f, e, NULL);
  g_assert_cmpint (holders_of (f, e->id_number), ==, 1);
  assert_refused_for_two (f, TRUE, label, e->id_number);
}

/* The same when the other program's list gives the 15-digit form of the
 * card: one person. */
static void
test_undo_delete_reimported_short (Fixture       *f,
                                   gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwEntry) e = stored_entry (f, 4);
  g_autoptr(GPtrArray) one = g_ptr_array_new ();
  g_autofree char *label = g_strdup_printf ("Deleting %s", e->name);
  /* 18 digits: 6 of the area, 8 of the birth date, 3 more, a check; 15: the year in 2 digits, no check. */
  g_autofree char *area = g_strndup (e->id_number, 6);
  g_autofree char *short_form = g_strdup_printf ("%s%.9s", area, e->id_number + 8);

  g_ptr_array_add (one, e);
  g_assert_true (qw_registration_delete_entries (f->doc, one, &error));
  import_elsewhere (f, e, short_form);
  g_assert_false (qw_history_undo (f->history, NULL, &error));
  g_assert_error (error, QW_ERROR, QW_ERROR_CONFLICT);
  g_assert_nonnull (strstr (error->message, label));
  g_assert_cmpint (holders_of (f, e->id_number), ==, 0);
  g_assert_cmpint (holders_of (f, short_form), ==, 1);
}

/* An entry added here and undone, the same person imported by another
 * program: the redo would make two. */
static void
test_redo_add_reimported (Fixture       *f,
                          gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (11);
  g_autoptr(QwEntry) e = qw_test_new_player (rand, 40, "", units);
  g_autofree char *label = g_strdup_printf ("Adding %s", e->name);

  g_assert_true (qw_registration_add_entry (f->doc, f->ruleset, f->event, e, &error));
  g_assert_no_error (error);
  g_assert_true (qw_history_undo (f->history, NULL, &error));
  import_elsewhere (f, e, NULL);
  assert_refused_for_two (f, FALSE, label, e->id_number);
}

/* An entry's ID number corrected here, the old number imported again by
 * another program: the undo would give it back. */
static void
test_undo_edit_reimported (Fixture       *f,
                           gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (13);
  g_autoptr(QwEntry) e = stored_entry (f, 5);
  g_autoptr(QwEntry) old = qw_entry_copy (e);
  g_autoptr(QwEntry) other_person = qw_test_new_player (rand, 41, "", units);
  g_autofree char *label = g_strdup_printf ("Editing %s", e->name);

  g_free (e->id_number);
  e->id_number = g_strdup (other_person->id_number);
  g_assert_true (qw_registration_update_entry (f->doc, f->ruleset, f->event, e, &error));
  g_assert_no_error (error);
  import_elsewhere (f, old, NULL);
  assert_refused_for_two (f, TRUE, label, old->id_number);
}

/* Two entries with one number before the step (flagged duplicate-id): the
 * undo brings back what was, and the redo too. Another person imported
 * meanwhile does not stand in the way. */
static void
test_undo_known_duplicate (Fixture       *f,
                           gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwEntry) e = stored_entry (f, 6);
  g_autoptr(QwEntry) twin = qw_entry_copy (e);
  g_autoptr(GRand) rand = g_rand_new_with_seed (17);
  g_autoptr(QwEntry) someone = qw_test_new_player (rand, 42, "", units);
  g_autoptr(GPtrArray) one = g_ptr_array_new ();
  g_autofree char *before = NULL;

  twin->id = 0;
  twin->no = 0;
  g_assert_true (qw_registration_add_entry (f->doc, f->ruleset, f->event, twin, &error));
  g_assert_no_error (error);
  g_assert_cmpint (holders_of (f, e->id_number), ==, 2);
  before = qw_test_dump_document (f->path);
  g_ptr_array_add (one, e);
  g_assert_true (qw_registration_delete_entries (f->doc, one, &error));
  import_elsewhere (f, someone, NULL);
  g_assert_true (qw_history_undo (f->history, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (holders_of (f, e->id_number), ==, 2);
  g_assert_true (qw_history_redo (f->history, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (holders_of (f, e->id_number), ==, 1);
}

/* The game log, its lines as they read (not when). */
static char *
dump_game_log (const char *path)
{
  GString *out = g_string_new (NULL);
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;

  g_assert_cmpint (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT section_id, round, board, kind, old_value, new_value, cause, "
                                           "after_round_log FROM game_log ORDER BY id", -1, &stmt, NULL), ==, SQLITE_OK);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    {
      for (int c = 0; c < sqlite3_column_count (stmt); c++)
        {
          /* Values and causes are stored as messages (issue 19 point 22). */
          g_autofree char *text = qw_message_render ((const char *) sqlite3_column_text (stmt, c));

          g_string_append_printf (out, "%s|", text);
        }
      g_string_append_c (out, '\n');
    }
  sqlite3_finalize (stmt);
  sqlite3_close (db);
  return g_string_free (out, FALSE);
}

static QwBoardResult
board_result (int      board,
              QwResult result,
              int      red_fouls)
{
  QwBoardResult r = { board, { result, red_fouls, 0, QW_PLAYOFF_NONE, FALSE } };

  return r;
}

/* The same actions on the same players, the history on or off: the game log
 * is watched through a session's changesets with the history, through the
 * pre-update hook without it. */
static char *
log_of_actions (gboolean history)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("qiwang-history-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "stop.qiwang", NULL);
  g_autoptr(GRand) rand = g_rand_new_with_seed (11);
  g_autoptr(GPtrArray) entries = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_entry_free);
  g_autoptr(QwDocument) doc = qw_document_create (path, QW_DOCUMENT_STOP, &error);
  g_autoptr(QwEvent) event = qw_event_new ();
  g_autoptr(QwSection) section = NULL;
  g_autoptr(QwEvent) other = NULL;
  g_autoptr(QwSection) other_section = NULL;
  g_autoptr(GPtrArray) n_lines = NULL;
  g_autoptr(GPtrArray) round2 = NULL;
  g_autoptr(GPtrArray) warnings = NULL;
  QwBoardResult results[6];
  QwResultInput input = { QW_RESULT_BLACK_WIN, 0, 2, QW_PLAYOFF_NONE, FALSE };
  QwResultInput input2 = { QW_RESULT_RED_WIN, 0, 0, QW_PLAYOFF_NONE, FALSE };
  QwGame *g;
  char *log;

  g_assert_no_error (error);
  event->name = g_strdup ("白花（镇）预选赛");
  event->region = g_strdup ("广东");
  event->start_date = qw_date_make (2021, 7, 3);
  event->rounds = 5;
  g_assert_true (qw_document_add_event (doc, event, &error));
  for (int i = 0; i < 12; i++)
    g_ptr_array_add (entries, qw_test_new_player (rand, i, "open-m", units));
  g_assert_true (qw_document_add_entries (doc, event->id, entries, &error));
  section = qw_tournament_find_section (doc, "open-m", TRUE, &error);
  g_assert_no_error (error);
  section->settings.lottery_seed = 20210703;
  if (history)
    qw_document_enable_history (doc);

  /* Pairing, a round's results, a changed result, a cleared one. */
  g_assert_cmpint (qw_test_pair (doc, &section, NULL, &error), ==, 1);
  for (int b = 0; b < 6; b++)
    results[b] = board_result (b + 1, b % 3 == 0 ? QW_RESULT_RED_WIN : b % 3 == 1 ? QW_RESULT_DRAW
                                                                                   : QW_RESULT_BLACK_WIN, b % 2);
  g_assert_true (qw_tournament_record_results (doc, section, 1, results, 6, &error));
  g_assert_true (qw_tournament_record_result (doc, section, 1, 2, &input, &error));
  g_assert_true (qw_tournament_undo_result (doc, section, 1, 3, &error));
  g_assert_true (qw_tournament_record_result (doc, section, 1, 3, &input, &error));
  g_assert_no_error (error);

  /* Round 2, changed by hand, then results in one step of several. */
  g_assert_cmpint (qw_test_pair (doc, &section, NULL, &error), ==, 2);
  round2 = qw_document_list_round_games (doc, section->id, 2, &error);
  warnings = qw_tournament_swap_players (doc, section, 2, ((QwGame *) round2->pdata[1])->red,
                                         ((QwGame *) round2->pdata[4])->black, &error);
  g_assert_no_error (error);
  g_clear_pointer (&warnings, g_ptr_array_unref);
  g_clear_pointer (&round2, g_ptr_array_unref);
  round2 = qw_document_list_round_games (doc, section->id, 2, &error);
  g = round2->pdata[0];
  warnings = qw_tournament_repair_board (doc, section, 2, 1, g->black, ((QwGame *) round2->pdata[2])->red, &error);
  g_assert_no_error (error);
  g_assert_true (qw_document_begin_step (doc, "Two results", &error));
  g_assert_true (qw_tournament_record_results (doc, section, 2, results, 2, &error));
  input.playoff = QW_PLAYOFF_NONE;
  g_assert_true (qw_tournament_record_result (doc, section, 2, 1, &input, &error));
  g_assert_true (qw_tournament_record_result (doc, section, 2, 4, &input, &error));
  g_assert_true (qw_document_commit (doc, &error));

  /* A part of a step taken back (a savepoint rolled back) is not logged. */
  g_assert_true (qw_document_begin_step (doc, "Partly", &error));
  g_assert_true (qw_tournament_record_result (doc, section, 2, 6, &input, &error));
  g_assert_true (qw_document_begin (doc, &error));
  g_assert_true (qw_tournament_record_result (doc, section, 2, 3, &input, &error));
  g_assert_true (qw_tournament_record_result (doc, section, 2, 6, &input2, &error));
  qw_document_rollback (doc);
  g_assert_true (qw_document_commit (doc, &error));
  g_assert_no_error (error);

  /* A step that enters a result and clears it changes no game; one that
   * unpairs a round and pairs it again gives the new games the old ids
   * (SQLite reuses the largest rowids): they read as changed games. */
  g_assert_true (qw_document_begin_step (doc, "Nothing", &error));
  g_assert_true (qw_tournament_record_result (doc, section, 2, 5, &input, &error));
  g_assert_true (qw_tournament_undo_result (doc, section, 2, 5, &error));
  g_assert_true (qw_document_commit (doc, &error));
  g_assert_true (qw_document_begin_step (doc, "Again", &error));
  g_assert_true (qw_test_unpair_last (doc, &section, TRUE, &error));
  g_assert_cmpint (qw_test_pair (doc, &section, NULL, &error), ==, 2);
  g_assert_true (qw_document_commit (doc, &error));
  g_assert_true (qw_test_unpair_last (doc, &section, TRUE, &error));
  g_assert_no_error (error);

  /* A second event of players who play: deleting it removes their games
   * (ON DELETE CASCADE), and with their section they leave the log. */
  other = qw_event_copy (event);
  g_assert_true (qw_document_add_event (doc, other, &error));
  g_ptr_array_set_size (entries, 0);
  for (int i = 0; i < 4; i++)
    g_ptr_array_add (entries, qw_test_new_player (rand, 20 + i, "open-m", units));
  g_assert_true (qw_document_add_entries (doc, other->id, entries, &error));
  other_section = qw_tournament_ensure_section (doc, other, "open-m", &error);
  g_assert_no_error (error);
  g_assert_cmpint (qw_test_pair (doc, &other_section, NULL, &error), ==, 1);
  n_lines = qw_document_list_game_log (doc, other_section->id, &error);
  g_assert_cmpuint (n_lines->len, ==, 1);
  g_assert_true (qw_document_delete_event (doc, other->id, &error));
  g_assert_no_error (error);

  g_clear_object (&doc);
  log = dump_game_log (path);
  qw_test_remove_tree (dir);
  return log;
}

static void
test_log_without_history (void)
{
  g_autofree char *with = log_of_actions (TRUE);
  g_autofree char *without = log_of_actions (FALSE);

  g_assert_nonnull (strstr (with, "|players|"));
  g_assert_nonnull (strstr (with, "|result|"));
  g_assert_nonnull (strstr (with, "|unpaired|"));
  g_assert_nonnull (strstr (with, "|Two results|"));
  g_assert_null (strstr (with, "|Nothing|"));
  g_assert_nonnull (strstr (with, "1|2|6|result||0:2 (fouls 0:2)|Partly|"));
  g_assert_null (strstr (with, "1|2|3|result||0:2 (fouls 0:2)|Partly|"));
  g_assert_null (strstr (with, "2:0|Partly|"));
  g_assert_nonnull (strstr (with, "|result|0:2 (fouls 0:2)||Again|"));
  g_assert_cmpstr (without, ==, with);
}

/* Without the history (the CLI), nothing is kept, but the log is written. */
static void
test_disabled (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("qiwang-history-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "demo.qiwang", NULL);
  g_autoptr(QwDocument) doc = qw_demo_create (path, &error);
  g_autoptr(QwSection) section = NULL;
  g_autoptr(GPtrArray) lines = NULL;
  QwHistory *history;

  g_assert_no_error (error);
  history = qw_document_get_history (doc);
  g_assert_false (qw_history_get_enabled (history));
  section = qw_tournament_find_section (doc, "open-m", FALSE, &error);
  g_assert_true (qw_tournament_undo_result (doc, section, 3, 1, &error) || error != NULL);
  g_clear_error (&error);
  g_assert_true (qw_test_unpair_last (doc, &section, TRUE, &error));
  g_assert_no_error (error);
  g_assert_false (qw_history_get_can_undo (history));
  lines = qw_document_list_game_log (doc, section->id, &error);
  g_assert_cmpuint (lines->len, >=, 1);
  g_assert_cmpint (((QwGameLogLine *) g_ptr_array_index (lines, lines->len - 1))->kind, ==, QW_GAME_LOG_UNPAIRED);
  g_clear_object (&doc);
  qw_test_remove_tree (dir);
}


/* Issue 19 point 22: the reader's language */

/* Reads (and writes) from now on as someone whose language is @language
 * ("zh_CN", or NULL for the untranslated English of C.UTF-8). */
static void
read_in (const char *language)
{
  if (language != NULL)
    {
      g_setenv ("LANGUAGE", language, TRUE);
      g_assert_nonnull (setlocale (LC_ALL, "zh_CN.UTF-8"));
    }
  else
    {
      g_unsetenv ("LANGUAGE");
      g_assert_nonnull (setlocale (LC_ALL, "C.UTF-8"));
    }
  bindtextdomain (GETTEXT_PACKAGE, qw_locale_dir ());
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
}

/* @msgid in the reader's language, with its arguments. */
static char *
shown (const char *msgid,
       ...) G_GNUC_PRINTF (1, 2);

static char *
shown (const char *msgid,
       ...)
{
  va_list ap;
  char *text;

  va_start (ap, msgid);
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
  text = g_strdup_vprintf (g_dgettext (GETTEXT_PACKAGE, msgid), ap);
#pragma GCC diagnostic pop
  va_end (ap);
  return text;
}

/* The label undo would take back, as a fresh connection (another program,
 * in the reader's language) reads it. */
static char *
undo_label_read_anew (Fixture *f)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) other = qw_document_open (f->path, &error);

  g_assert_no_error (error);
  qw_document_enable_history (other);
  return g_strdup (qw_history_get_undo_label (qw_document_get_history (other)));
}

/* A group paired and played under LANG=C reads in Chinese under zh_CN: the
 * Undo label, the game log's values and causes (a result with fouls, the
 * round paired, an undo of it), and the reverse; a label stored as text
 * before (plain Chinese) shows as it was. */
static void
test_reader_language (Fixture       *f,
                      gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) lines = NULL;
  QwResultInput input = { QW_RESULT_DRAW, 1, 0, QW_PLAYOFF_NONE, FALSE };
  g_autofree char *label = NULL, *expected = NULL, *fouls = NULL, *boards = NULL, *undo = NULL;
  const QwGameLogLine *line;

  read_in (NULL);
  qw_test_pair_next (f->doc, &f->section, NULL);
  g_assert_true (qw_tournament_record_result (f->doc, f->section, 1, 1, &input, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (qw_history_get_undo_label (f->history), ==, "Result of round 1, board 1");

  read_in ("zh_CN");
  expected = shown ("Result of round %d, board %d", 1, 1);
  g_assert_cmpstr (expected, !=, "Result of round 1, board 1");  /* the translations are found */
  label = undo_label_read_anew (f);
  g_assert_cmpstr (label, ==, expected);
  g_assert_true (qw_history_undo (f->history, NULL, &error));
  g_assert_no_error (error);
  lines = game_log (f);
  g_assert_cmpuint (lines->len, ==, 3);
  boards = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d board", "%d boards", 6), 6);
  line = g_ptr_array_index (lines, 0);
  g_assert_cmpstr (line->new_value, ==, boards);
  g_free (expected);
  expected = shown ("Pairing of round %d", 1);
  g_assert_cmpstr (line->cause, ==, expected);
  line = g_ptr_array_index (lines, 1);
  fouls = shown ("fouls %d:%d", 1, 0);
  g_assert_nonnull (strstr (line->new_value, fouls));
  g_assert_null (strstr (line->new_value, "fouls"));
  g_assert_cmpstr (line->cause, ==, label);
  line = g_ptr_array_index (lines, 2);
  undo = shown ("Undo: %s", label);
  g_assert_cmpstr (line->cause, ==, undo);
  g_assert_nonnull (strstr (line->old_value, fouls));

  /* The reverse: written in Chinese, read in English. */
  g_assert_true (qw_history_redo (f->history, NULL, &error));
  g_assert_no_error (error);
  qw_test_record (f->doc, f->section, 1, 2, QW_RESULT_RED_WIN);
  read_in (NULL);
  g_free (label);
  label = undo_label_read_anew (f);
  g_assert_cmpstr (label, ==, "Result of round 1, board 2");
  g_ptr_array_unref (lines);
  lines = game_log (f);
  line = g_ptr_array_index (lines, lines->len - 1);
  g_assert_cmpstr (line->cause, ==, "Result of round 1, board 2");
  line = g_ptr_array_index (lines, lines->len - 2);
  g_assert_cmpstr (line->cause, ==, "Redo: Result of round 1, board 1");
  g_assert_cmpstr (line->new_value, ==, "1:1 (fouls 1:0)");

  /* A label stored as text (before messages were) shows as it was. */
  {
    sqlite3 *db = NULL;

    g_assert_cmpint (sqlite3_open (f->path, &db), ==, SQLITE_OK);
    g_assert_cmpint (sqlite3_exec (db, "UPDATE step SET label = '第1轮第2台成绩' WHERE id = (SELECT MAX(id) FROM step)",
                                   NULL, NULL, NULL), ==, SQLITE_OK);
    sqlite3_close (db);
  }
  g_free (label);
  label = undo_label_read_anew (f);
  g_assert_cmpstr (label, ==, "第1轮第2台成绩");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

#define ADD(name, func) g_test_add ("/history/" name, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("entry/add", test_entry_add);
  ADD ("entry/edit", test_entry_edit);
  ADD ("entry/delete", test_entry_delete);
  ADD ("entry/import", test_entry_import);
  ADD ("result/record", test_result_record);
  ADD ("result/change", test_result_change);
  ADD ("result/clear", test_result_clear);
  ADD ("pair/next", test_pair);
  ADD ("pair/first-round", test_pair_first_round);
  ADD ("pair/unpair", test_unpair);
  ADD ("manual/swap", test_swap);
  ADD ("manual/repair", test_repair);
  ADD ("withdraw", test_withdraw);
  ADD ("section/settings", test_section_settings);
  ADD ("section/stored-by-action", test_section_stored_by_action);
  ADD ("event/update", test_event_update);
  ADD ("stack/redo-cleared", test_redo_cleared);
  ADD ("stack/properties", test_properties);
  ADD ("stack/labels", test_labels);
  ADD ("stack/outlives-document", test_outlives_document);
  ADD ("stack/limit", test_limit);
  ADD ("conflict/changed-row", test_conflict);
  ADD ("conflict/reference", test_conflict_reference);
  ADD ("conflict/id-number/undo-delete", test_undo_delete_reimported);
  ADD ("conflict/id-number/undo-delete-15-digits", test_undo_delete_reimported_short);
  ADD ("conflict/id-number/redo-add", test_redo_add_reimported);
  ADD ("conflict/id-number/undo-edit", test_undo_edit_reimported);
  ADD ("conflict/id-number/known-duplicate", test_undo_known_duplicate);
  ADD ("log", test_log);
  ADD ("reader-language", test_reader_language);
#undef ADD
  g_test_add_func ("/history/disabled", test_disabled);
  g_test_add_func ("/history/log/migrated", test_log_migrated);
  g_test_add_func ("/history/log/without-history", test_log_without_history);
  return g_test_run ();
}
