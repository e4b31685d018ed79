/* test-notify.c: changes flow from the store (issue 18, point 1)
 *
 * A listener of a document hears each committed step exactly once, after
 * its commit (another connection already reads what it changed), and never
 * a change rolled back: for a pairing, an import, a result, an undo and a
 * redo, a step nested in another, and the steps another connection made,
 * which reach it through the same signals with the topics they touched.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gstdio.h>

#include "qw-demo.h"
#include "qw-date.h"
#include "qw-document-entries.h"
#include "qw-document-play.h"
#include "qw-entry-import.h"
#include "qw-error.h"
#include "qw-registration.h"
#include "qw-test.h"
#include "qw-test-play.h"
#include "qw-test-people.h"
#include "qw-tournament.h"

typedef struct
{
  char       *dir;
  char       *path;
  QwDocument *doc;
  QwEvent    *event;
  QwRuleset  *ruleset;
  QwSection  *section;

  /* What the listener heard */
  guint       committed;   /* "committed" emissions */
  GPtrArray  *topics;      /* "changed" details, in order */
  /* What another connection read while the listener was told (the last
   * "committed"): the document as committed, or as before. */
  int         seen_rounds;
  int         seen_results;
  int         seen_entries;
} Fixture;

/* Another connection's view: rounds paired, results recorded, entries. */
static void
read_elsewhere (const char *path,
                int        *rounds,
                int        *results,
                int        *entries)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) other = qw_document_open_read_only (path, &error);
  g_autoptr(QwEvent) event = NULL;
  g_autoptr(QwSection) section = NULL;
  g_autoptr(GPtrArray) games = NULL;

  g_assert_no_error (error);
  event = qw_document_get_main_event (other, &error);
  g_assert_no_error (error);
  *entries = qw_document_count_entries (other, event->id);
  section = qw_document_get_section (other, event->id, "open-m", NULL);
  *rounds = section != NULL ? qw_document_last_round (other, section->id) : 0;
  *results = 0;
  games = section != NULL ? qw_document_list_games (other, section->id, &error) : NULL;
  for (guint i = 0; games != NULL && i < games->len; i++)
    {
      const QwGame *g = g_ptr_array_index (games, i);

      *results += g->black != 0 && g->result != QW_RESULT_NONE;
    }
}

static void
committed_cb (QwDocument  *doc,
              const char **topics,
              Fixture     *f)
{
  f->committed++;
  read_elsewhere (f->path, &f->seen_rounds, &f->seen_results, &f->seen_entries);
}

static void
changed_cb (QwDocument *doc,
            const char *what,
            Fixture    *f)
{
  g_ptr_array_add (f->topics, g_strdup (what));
}

static void
listen (Fixture    *f,
        QwDocument *doc)
{
  g_signal_connect (doc, "committed", G_CALLBACK (committed_cb), f);
  g_signal_connect (doc, "changed", G_CALLBACK (changed_cb), f);
}

static void
forget_heard (Fixture *f)
{
  f->committed = 0;
  g_ptr_array_set_size (f->topics, 0);
  f->seen_rounds = f->seen_results = f->seen_entries = -1;
}

static guint
heard (Fixture    *f,
       const char *topic)
{
  guint n = 0;

  for (guint i = 0; i < f->topics->len; i++)
    n += g_str_equal (g_ptr_array_index (f->topics, i), topic);
  return n;
}

static const char *const units[] = { "单位0", "单位1", "单位2", "单位3", NULL };

/* A stop with 12 players in open-m; its steps are kept, as the window's. */
static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  f->dir = qw_test_make_tmp_dir ("qiwang-notify-XXXXXX");
  f->path = g_build_filename (f->dir, "stop.qiwang", NULL);
  f->doc = qw_test_stop_with_players (f->path, 18, 12, units, &f->event);
  f->ruleset = qw_ruleset_lookup (f->event->ruleset, &error);
  g_assert_no_error (error);
  f->section = qw_tournament_find_section (f->doc, "open-m", TRUE, &error);
  g_assert_no_error (error);
  qw_document_enable_history (f->doc);
  f->topics = g_ptr_array_new_with_free_func (g_free);
  listen (f, f->doc);
  forget_heard (f);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  g_clear_pointer (&f->topics, g_ptr_array_unref);
  g_clear_pointer (&f->section, qw_section_free);
  g_clear_pointer (&f->event, qw_event_free);
  g_clear_pointer (&f->ruleset, qw_ruleset_unref);
  g_clear_object (&f->doc);
  qw_test_remove_tree (f->dir);
  g_free (f->dir);
  g_free (f->path);
}

/* A pairing is heard once, as games, when another connection reads it. */
static void
test_pairing (Fixture       *f,
              gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  qw_test_pair_next (f->doc, &f->section, NULL);
  g_assert_cmpuint (f->committed, ==, 1);
  g_assert_cmpuint (heard (f, "games"), ==, 1);
  g_assert_cmpint (f->seen_rounds, ==, 1);

  /* Round 1 unfinished: the pairing is refused, and nothing is heard. */
  forget_heard (f);
  g_assert_cmpint (qw_test_pair (f->doc, &f->section, NULL, &error), ==, 0);
  g_assert_error (error, QW_ERROR, QW_ERROR_CONFLICT);
  g_assert_cmpuint (f->committed, ==, 0);
  g_assert_cmpuint (f->topics->len, ==, 0);
}

/* A result, an undo and a redo: each heard once, after its commit. */
static void
test_result_undo_redo (Fixture       *f,
                       gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *label = NULL;

  qw_test_pair_next (f->doc, &f->section, NULL);
  forget_heard (f);
  qw_test_record (f->doc, f->section, 1, 1, QW_RESULT_RED_WIN);
  g_assert_cmpuint (f->committed, ==, 1);
  g_assert_cmpuint (heard (f, "games"), ==, 1);
  g_assert_cmpint (f->seen_results, ==, 1);

  forget_heard (f);
  g_assert_true (qw_document_undo (f->doc, 0, &label, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (label, ==, "Result of round 1, board 1");
  g_assert_cmpuint (f->committed, ==, 1);
  g_assert_cmpuint (heard (f, "games"), ==, 1);
  g_assert_cmpint (f->seen_results, ==, 0);

  forget_heard (f);
  g_assert_true (qw_document_redo (f->doc, 0, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (f->committed, ==, 1);
  g_assert_cmpuint (heard (f, "games"), ==, 1);
  g_assert_cmpint (f->seen_results, ==, 1);
}

/* A registration list imported: one step, heard once as entries. */
static void
test_import (Fixture       *f,
             gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *csv = g_build_filename (f->dir, "list.csv", NULL);
  g_autoptr(QwEntryImport) import = NULL;
  g_autoptr(QwImportReport) report = NULL;

  g_assert_true (g_file_set_contents (csv, "姓名,性别,出生日期,身份证号,单位\n"
                                           "甲,男,1991-03-01,,白花镇象棋协会\n"
                                           "乙,男,1991-03-02,,白花镇象棋协会\n", -1, &error));
  import = qw_entry_import_file (csv, &error);
  g_assert_no_error (error);
  report = qw_registration_import (f->doc, f->ruleset, f->event, import, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (report->added, ==, 2);
  g_assert_cmpuint (f->committed, ==, 1);
  g_assert_cmpuint (heard (f, "entries"), ==, 1);
  g_assert_cmpint (f->seen_entries, ==, 14);
}

typedef struct
{
  Fixture  *f;
  gboolean  fail;
} Nested;

/* Two services inside one step: neither is heard on its own. */
static gboolean
two_results (QwDocument  *doc,
             gpointer     data,
             GError     **error)
{
  Nested *n = data;
  QwResultInput input = { QW_RESULT_DRAW, 0, 0, QW_PLAYOFF_NONE, FALSE };

  if (!qw_tournament_record_result (doc, n->f->section, 1, 1, &input, error)
      || !qw_tournament_record_result (doc, n->f->section, 1, 2, &input, error))
    return FALSE;
  g_assert_cmpuint (n->f->committed, ==, 0);
  g_assert_cmpuint (n->f->topics->len, ==, 0);
  if (n->fail)
    {
      g_set_error_literal (error, QW_ERROR, QW_ERROR_INVALID, "refused after writing");
      return FALSE;
    }
  return TRUE;
}

static void
test_nested (Fixture       *f,
             gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  Nested n = { f, TRUE };

  qw_test_pair_next (f->doc, &f->section, NULL);
  /* Rolled back after both were written: nothing heard, nothing stored. */
  forget_heard (f);
  g_assert_false (qw_document_run_step (f->doc, "Two results", two_results, &n, &error));
  g_assert_error (error, QW_ERROR, QW_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_cmpuint (f->committed, ==, 0);
  g_assert_cmpuint (f->topics->len, ==, 0);
  read_elsewhere (f->path, &f->seen_rounds, &f->seen_results, &f->seen_entries);
  g_assert_cmpint (f->seen_results, ==, 0);

  /* Committed: heard once, both results in it, and one step to undo. */
  forget_heard (f);
  n.fail = FALSE;
  g_assert_true (qw_document_run_step (f->doc, "Two results", two_results, &n, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (f->committed, ==, 1);
  g_assert_cmpuint (heard (f, "games"), ==, 1);
  g_assert_cmpint (f->seen_results, ==, 2);
  g_assert_cmpstr (qw_history_get_undo_label (qw_document_get_history (f->doc)), ==, "Two results");
}

/* Steps another connection (another program) made: heard here as soon as
 * this one looks or makes a step of its own, with their topics, once; the
 * history follows them. */
static void
test_outside (Fixture       *f,
              gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) other = NULL;
  g_autoptr(QwSection) section = NULL;
  g_autoptr(GPtrArray) entries = NULL;
  QwHistory *history = qw_document_get_history (f->doc);
  QwResultInput input = { QW_RESULT_BLACK_WIN, 0, 0, QW_PLAYOFF_NONE, FALSE };

  qw_test_pair_next (f->doc, &f->section, NULL);
  g_assert_false (qw_document_check_outside (f->doc));   /* starts looking */
  other = qw_document_open (f->path, &error);
  g_assert_no_error (error);
  qw_document_set_step_origin (other, "cli");
  section = qw_tournament_find_section (other, "open-m", FALSE, &error);
  g_assert_no_error (error);

  forget_heard (f);
  g_assert_true (qw_tournament_record_result (other, section, 1, 3, &input, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (f->committed, ==, 0);
  g_assert_true (qw_document_check_outside (f->doc));
  g_assert_cmpuint (f->committed, ==, 1);
  g_assert_cmpuint (heard (f, "games"), ==, 1);
  g_assert_cmpuint (heard (f, "entries"), ==, 0);
  g_assert_cmpint (f->seen_results, ==, 1);
  g_assert_cmpstr (qw_history_get_undo_label (history), ==, "Result of round 1, board 3");
  forget_heard (f);
  g_assert_false (qw_document_check_outside (f->doc));
  g_assert_cmpuint (f->committed, ==, 0);

  /* The window undoes the other program's step; the other program hears it. */
  listen (f, other);
  g_assert_false (qw_document_check_outside (other));
  g_assert_true (qw_document_undo (f->doc, qw_history_get_undo_step (history), NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (f->committed, ==, 1);
  forget_heard (f);
  g_assert_true (qw_document_check_outside (other));
  g_assert_cmpuint (f->committed, ==, 1);
  g_assert_cmpuint (heard (f, "games"), ==, 1);
  g_signal_handlers_disconnect_by_data (other, f);

  /* A step made elsewhere, then one here before looking: both heard, in
   * one announcement after this one's commit. */
  forget_heard (f);
  entries = qw_document_list_section_entries (other, section, &error);
  g_assert_no_error (error);
  g_assert_true (qw_tournament_withdraw (other, section, ((QwEntry *) g_ptr_array_index (entries, 0))->id, &error));
  g_assert_no_error (error);
  qw_test_record (f->doc, f->section, 1, 2, QW_RESULT_RED_WIN);
  g_assert_cmpuint (f->committed, ==, 1);
  g_assert_cmpuint (heard (f, "games"), ==, 1);
  g_assert_cmpuint (heard (f, "entries"), ==, 1);
  forget_heard (f);
  g_assert_false (qw_document_check_outside (f->doc));
  g_assert_cmpuint (f->committed, ==, 0);
}

/* A program that keeps no history wrote: every topic, since nothing tells
 * which. */
static void
test_outside_unkept (Fixture       *f,
                     gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) other = NULL;
  g_autoptr(QwSection) section = NULL;
  QwResultInput input = { QW_RESULT_RED_WIN, 0, 0, QW_PLAYOFF_NONE, FALSE };

  qw_test_pair_next (f->doc, &f->section, NULL);
  g_assert_false (qw_document_check_outside (f->doc));
  other = qw_document_open (f->path, &error);
  g_assert_no_error (error);
  section = qw_tournament_find_section (other, "open-m", FALSE, &error);
  g_assert_true (qw_tournament_record_result (other, section, 1, 1, &input, &error));
  g_assert_no_error (error);
  forget_heard (f);
  g_assert_true (qw_document_check_outside (f->doc));
  g_assert_cmpuint (f->committed, ==, 1);
  g_assert_cmpuint (heard (f, "games"), ==, 1);
  g_assert_cmpuint (heard (f, "entries"), ==, 1);
  g_assert_cmpuint (heard (f, "events"), ==, 1);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
#define ADD(path, fn) g_test_add (path, Fixture, NULL, fixture_set_up, fn, fixture_tear_down)
  ADD ("/notify/pairing", test_pairing);
  ADD ("/notify/result-undo-redo", test_result_undo_redo);
  ADD ("/notify/import", test_import);
  ADD ("/notify/nested", test_nested);
  ADD ("/notify/outside", test_outside);
  ADD ("/notify/outside-unkept", test_outside_unkept);
  return g_test_run ();
}
