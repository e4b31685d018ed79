/* test-two-writers.c: issue 10, build point 9: two programs write one document
 *
 *   - 300 results on different boards from two processes at once (each result
 *     its own `qiwang-cli result`): every result is there, on its board, for
 *     its game, logged once; nothing else changed.
 *   - The same registration list imported by two processes at once: the
 *     entries are there once each, none lost.
 *   - A stop's results file imported into a region by two processes at
 *     once: the stop is there once.
 *   - The same round paired by two processes at once: paired once; the
 *     second is told that the round is not finished.
 *   - A writer that cannot get the lock within the busy timeout is refused
 *     with the busy message (English and zh_CN) and writes nothing; one that
 *     can waits and goes through. The lock is held by this process through
 *     the core (a step left open); QIWANG_BUSY_TIMEOUT_MS shortens the wait
 *     of the refused writer (qw_document_busy_timeout()).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <sqlite3.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>

#include "qw-document.h"
#include "qw-document-entries.h"
#include "qw-document-play.h"
#include "qw-entry.h"
#include "qw-error.h"
#include "qw-event.h"
#include "qw-game.h"
#include "qw-test.h"
#include "qw-test-cli.h"

#define STOP_NAME "2021年第六届全国象棋业余棋王赛广东赛区白花（镇）预选赛"
#define BUSY_EN "The document is being changed by another program; try again in a moment"
#define BUSY_ZH "文档正在被另一个程序修改，请稍后再试"

/* Boards each writer records */
#define BOARDS_EACH 150

static char *dir;

static QwSection *
open_m (QwDocument *doc)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwEvent) event = qw_document_get_main_event (doc, &error);
  QwSection *section;

  g_assert_no_error (error);
  section = qw_document_get_section (doc, event->id, "open-m", &error);
  g_assert_no_error (error);
  return section;
}

static GPtrArray *
round_2 (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = qw_document_open (path, &error);
  g_autoptr(QwSection) section = NULL;
  GPtrArray *games;

  g_assert_no_error (error);
  section = open_m (doc);
  games = qw_document_list_round_games (doc, section->id, 2, &error);
  g_assert_no_error (error);
  return games;
}

/* A stop of 640 players (320 boards) with round 2 paired and no results in it yet. */
static void
make_round_2 (const char *name)
{
  g_free (qw_test_cli_out ("simulate", name, "--system", "swiss", "--players", "640", "--rounds", "2", "--seed", "4",
                           NULL));
  g_free (qw_test_cli_out ("unpair", name, "open-m", "--force", NULL));
  g_free (qw_test_cli_out ("pair", name, "open-m", NULL));
}

typedef struct
{
  const char *doc;
  int         first_board;   /* 1 or 2: the odd or the even boards */
  const char *result;
  int         failures;
  GString    *errors;
} Writer;

static gpointer
write_results (gpointer data)
{
  Writer *w = data;

  for (int i = 0; i < BOARDS_EACH; i++)
    {
      g_autofree char *board = g_strdup_printf ("%d", w->first_board + 2 * i);
      const char *args[] = { "result", w->doc, "open-m", "2", board, w->result, NULL };
      g_auto(QwTestRun) r = { 0 };

      qw_test_cli_argv (&r, args);
      if (r.status != 0)
        {
          w->failures++;
          g_string_append_printf (w->errors, "board %s: %s", board, r.err);
        }
    }
  return NULL;
}

static int
count_in (const char *text,
          const char *needle)
{
  int n = 0;

  for (const char *p = strstr (text, needle); p != NULL; p = strstr (p + strlen (needle), needle))
    n++;
  return n;
}

static void
test_results_on_different_boards (void)
{
  g_autofree char *path = g_build_filename (dir, "boards.qiwang", NULL);
  g_autoptr(GPtrArray) before = NULL;
  g_autoptr(GPtrArray) after = NULL;
  Writer red = { "boards.qiwang", 1, "2:0", 0, g_string_new (NULL) };
  Writer black = { "boards.qiwang", 2, "0:2", 0, g_string_new (NULL) };
  g_auto(QwTestRun) log = { 0 };
  const char *log_args[] = { "log", "boards.qiwang", "open-m", NULL };
  GThread *a, *b;
  gint64 start;

  make_round_2 ("boards.qiwang");
  before = round_2 (path);
  g_assert_cmpuint (before->len, ==, 320);

  start = g_get_monotonic_time ();
  a = g_thread_new ("red", write_results, &red);
  b = g_thread_new ("black", write_results, &black);
  g_thread_join (a);
  g_thread_join (b);
  g_test_message ("%d results from two processes at once in %.1f s", 2 * BOARDS_EACH,
                  (g_get_monotonic_time () - start) / 1e6);
  if (red.failures + black.failures > 0)
    g_error ("writers refused: %s%s", red.errors->str, black.errors->str);

  /* Every result on its board, for the game that was there; nothing else. */
  after = round_2 (path);
  g_assert_cmpuint (after->len, ==, before->len);
  for (guint i = 0; i < after->len; i++)
    {
      const QwGame *g = g_ptr_array_index (after, i);
      const QwGame *was = g_ptr_array_index (before, i);
      QwResult expected = g->board > 2 * BOARDS_EACH ? QW_RESULT_NONE
                          : g->board % 2 == 1 ? QW_RESULT_RED_WIN : QW_RESULT_BLACK_WIN;

      g_assert_cmpint (g->id, ==, was->id);
      g_assert_cmpint (g->board, ==, was->board);
      g_assert_cmpint (g->red, ==, was->red);
      g_assert_cmpint (g->black, ==, was->black);
      if (g->result != expected)
        g_error ("board %d holds result %d, not %d", g->board, g->result, expected);
    }
  /* Logged once each. */
  qw_test_cli_argv (&log, log_args);
  g_assert_cmpint (log.status, ==, 0);
  for (int board = 1; board <= 2 * BOARDS_EACH; board++)
    {
      g_autofree char *line = g_strdup_printf ("Round 2, board %d: result — → %s ", board,
                                               board % 2 == 1 ? "2:0" : "0:2");

      g_assert_cmpint (count_in (log.out, line), ==, 1);
    }
  g_assert_cmpint (count_in (log.out, "Round 2, board "), ==, 2 * BOARDS_EACH);
  g_string_free (red.errors, TRUE);
  g_string_free (black.errors, TRUE);
}

typedef struct
{
  const char *doc;
  QwTestRun         run;
} Importer;

static gpointer
import_list (gpointer data)
{
  Importer *im = data;
  const char *args[] = { "import", im->doc, "list.csv", NULL };

  qw_test_cli_argv (&im->run, args);
  return NULL;
}

/* "Imported 1000 entries (…): 1000 added, 0 updated, …" */
static int
added_of (const QwTestRun *r)
{
  const char *colon = strstr (r->out, "): ");
  int added = -1;

  g_assert_nonnull (colon);
  g_assert_cmpint (sscanf (colon, "): %d added,", &added), ==, 1);
  return added;
}

static void
test_same_import_twice (void)
{
  for (int attempt = 0; attempt < 3; attempt++)
    {
      g_autofree char *name = g_strdup_printf ("twice-%d.qiwang", attempt);
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autoptr(QwDocument) doc = NULL;
      g_autoptr(QwEvent) event = NULL;
      g_autoptr(GPtrArray) entries = NULL;
      g_autoptr(GHashTable) ids = g_hash_table_new (g_str_hash, g_str_equal);
      g_autoptr(GError) error = NULL;
      Importer one = { name }, two = { name };
      GThread *a, *b;

      g_free (qw_test_cli_out ("new", name, "--name", STOP_NAME, NULL));
      a = g_thread_new ("one", import_list, &one);
      b = g_thread_new ("two", import_list, &two);
      g_thread_join (a);
      g_thread_join (b);
      if (one.run.status != 0 || two.run.status != 0)
        g_error ("an import failed: %d %s / %d %s", one.run.status, one.run.err, two.run.status, two.run.err);

      doc = qw_document_open (path, &error);
      g_assert_no_error (error);
      event = qw_document_get_main_event (doc, &error);
      g_assert_no_error (error);
      entries = qw_document_list_entries (doc, event->id, &error);
      g_assert_no_error (error);
      /* Each of the list's players once: the second import found them all there. */
      g_assert_cmpuint (entries->len, ==, 1000);
      for (guint i = 0; i < entries->len; i++)
        {
          const QwEntry *e = g_ptr_array_index (entries, i);

          g_assert_false (g_hash_table_contains (ids, e->id_number));
          g_hash_table_add (ids, e->id_number);
        }
      /* One of them added the list, the other found it there. */
      g_assert_cmpint (added_of (&one.run) + added_of (&two.run), ==, 1000);
      qw_test_run_clear (&one.run);
      qw_test_run_clear (&two.run);
    }
}

static gpointer
import_results (gpointer data)
{
  Importer *im = data;
  const char *args[] = { "import-results", im->doc, "stop.xml", NULL };

  qw_test_cli_argv (&im->run, args);
  return NULL;
}

/* A stop's results file imported into a region by two processes at once:
 * the stop is there once, with all its players. */
static void
test_same_results_twice (void)
{
  for (int attempt = 0; attempt < 3; attempt++)
    {
      g_autofree char *name = g_strdup_printf ("region-%d.qiwang", attempt);
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autoptr(QwDocument) doc = NULL;
      g_autoptr(GPtrArray) events = NULL;
      g_autoptr(GError) error = NULL;
      Importer one = { name }, two = { name };
      GThread *a, *b;

      g_free (qw_test_cli_out ("new-region", name, "--region", "广东", NULL));
      a = g_thread_new ("one", import_results, &one);
      b = g_thread_new ("two", import_results, &two);
      g_thread_join (a);
      g_thread_join (b);
      if (one.run.status != 0 || two.run.status != 0)
        g_error ("an import failed: %d %s / %d %s", one.run.status, one.run.err, two.run.status, two.run.err);
      /* One added it, the other found it there. */
      g_assert_cmpint (count_in (one.run.out, ": added ") + count_in (two.run.out, ": added "), ==, 1);
      g_assert_cmpint (count_in (one.run.out, "imported already") + count_in (two.run.out, "imported already"), ==, 1);
      doc = qw_document_open (path, &error);
      g_assert_no_error (error);
      events = qw_document_list_events (doc, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (events->len, ==, 1);
      g_assert_cmpint (qw_document_count_entries (doc, ((QwEvent *) g_ptr_array_index (events, 0))->id), ==, 300);
      qw_test_run_clear (&one.run);
      qw_test_run_clear (&two.run);
    }
}

typedef struct
{
  const char *doc;
  QwTestRun         run;
} Pairer;

static gpointer
pair_round (gpointer data)
{
  Pairer *p = data;
  const char *args[] = { "pair", p->doc, "open-m", NULL };

  qw_test_cli_argv (&p->run, args);
  return NULL;
}

/* Two programs pairing the same round at once: it is paired once; the
 * second, which waited for the first, is told why it cannot pair again. */
static void
test_same_pairing_twice (void)
{
  for (int attempt = 0; attempt < 3; attempt++)
    {
      g_autofree char *name = g_strdup_printf ("pair-%d.qiwang", attempt);
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autoptr(GPtrArray) games = NULL;
      Pairer one = { name }, two = { name };
      const QwTestRun *refused;
      GThread *a, *b;

      g_free (qw_test_cli_out ("simulate", name, "--system", "swiss", "--players", "400", "--rounds", "2", "--seed",
                               "4", NULL));
      g_free (qw_test_cli_out ("unpair", name, "open-m", "--force", NULL));
      a = g_thread_new ("one", pair_round, &one);
      b = g_thread_new ("two", pair_round, &two);
      g_thread_join (a);
      g_thread_join (b);
      g_assert_cmpint ((one.run.status == 0) + (two.run.status == 0), ==, 1);
      refused = one.run.status != 0 ? &one.run : &two.run;
      g_test_message ("the second: %s", refused->err);
      g_assert_nonnull (strstr (refused->err, "Round 2 is not finished"));
      games = round_2 (path);
      g_assert_cmpuint (games->len, ==, 200);
      qw_test_run_clear (&one.run);
      qw_test_run_clear (&two.run);
    }
}

static char **
busy_env (const char *timeout_ms,
          gboolean    chinese)
{
  char **env = g_get_environ ();

  env = g_environ_setenv (env, "QIWANG_BUSY_TIMEOUT_MS", timeout_ms, TRUE);
  if (chinese)
    {
      g_autofree char *po = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "..", "po", NULL);

      env = g_environ_setenv (env, "LC_ALL", "zh_CN.UTF-8", TRUE);
      env = g_environ_setenv (env, "LANG", "zh_CN.UTF-8", TRUE);
      env = g_environ_setenv (env, "QIWANG_LOCALEDIR", po, TRUE);
    }
  return env;
}

static QwResult
result_of (const char *path,
           int         board)
{
  g_autoptr(GPtrArray) games = round_2 (path);

  for (guint i = 0; i < games->len; i++)
    {
      const QwGame *g = g_ptr_array_index (games, i);

      if (g->board == board)
        return g->result;
    }
  g_assert_not_reached ();
}

static void
test_refused_writer_is_told (void)
{
  g_autofree char *path = g_build_filename (dir, "held.qiwang", NULL);
  g_autoptr(QwDocument) holder = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) short_wait = busy_env ("300", FALSE);
  g_auto(GStrv) short_wait_zh = busy_env ("300", TRUE);
  const char *args[] = { "result", "held.qiwang", "open-m", "2", "150", "1:1", NULL };
  g_auto(QwTestRun) refused = { 0 };
  g_auto(QwTestRun) refused_zh = { 0 };
  GPid pid = 0;
  int status = 0;
  gint64 start;

  make_round_2 ("held.qiwang");
  holder = qw_document_open (path, &error);
  g_assert_no_error (error);

  /* This process holds the write lock (an open step) past the timeout. */
  g_assert_true (qw_document_begin_step (holder, "Holding", &error));
  g_assert_true (qw_document_set_meta (holder, "held-by-the-test", "1", &error));
  qw_test_cli_with (&refused, &(QwTestCliOptions) { .dir = dir, .env = short_wait }, args);
  g_assert_cmpint (refused.status, ==, 1);
  g_test_message ("refused after %.2f s: %s", refused.seconds, refused.err);
  g_assert_nonnull (strstr (refused.err, BUSY_EN));
  g_assert_cmpfloat (refused.seconds, >=, 0.25);
  qw_test_cli_with (&refused_zh, &(QwTestCliOptions) { .dir = dir, .env = short_wait_zh }, args);
  g_assert_cmpint (refused_zh.status, ==, 1);
  g_assert_nonnull (strstr (refused_zh.err, BUSY_ZH));
  qw_document_rollback (holder);
  g_assert_cmpint (result_of (path, 150), ==, QW_RESULT_NONE);

  /* Held for less than the (default) timeout: the writer waits, then writes. */
  g_assert_true (qw_document_begin_step (holder, "Holding", &error));
  g_assert_true (qw_document_set_meta (holder, "held-by-the-test", "2", &error));
  {
    g_autoptr(GPtrArray) argv = g_ptr_array_new ();

    g_ptr_array_add (argv, (gpointer) g_getenv ("QIWANG_CLI"));
    for (guint i = 0; args[i] != NULL; i++)
      g_ptr_array_add (argv, (gpointer) args[i]);
    g_ptr_array_add (argv, NULL);
    start = g_get_monotonic_time ();
    g_spawn_async (dir, (char **) argv->pdata, NULL, G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL, &pid, &error);
    g_assert_no_error (error);
  }
  g_usleep (800 * 1000);
  g_assert_true (qw_document_commit (holder, &error));
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_spawn_close_pid (pid);
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, 0);
  g_assert_cmpint (g_get_monotonic_time () - start, >=, 750 * 1000);
  g_assert_cmpint (result_of (path, 150), ==, QW_RESULT_DRAW);
  {
    g_autofree char *held = qw_document_get_meta (holder, "held-by-the-test");

    g_assert_cmpstr (held, ==, "2");
  }

  /* Problem 4: a program holding the file for itself alone (no reader may
   * look) makes even opening it busy, never "not a Qiwang document". */
  {
    const char *read_args[] = { "games", "held.qiwang", "open-m", "--round", "2", NULL };
    g_auto(QwTestRun) opened = { 0 };
    sqlite3 *db = NULL;

    g_clear_object (&holder);
    g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
    g_assert_cmpint (sqlite3_exec (db, "PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE;"
                                   "UPDATE meta SET value = '3' WHERE key = 'held-by-the-test';", NULL, NULL, NULL),
                     ==, SQLITE_OK);
    qw_test_cli_with (&opened, &(QwTestCliOptions) { .dir = dir, .env = short_wait }, read_args);
    g_assert_cmpint (opened.status, ==, 1);
    g_assert_nonnull (strstr (opened.err, BUSY_EN));
    g_assert_null (strstr (opened.err, "not a Qiwang document"));
    sqlite3_exec (db, "ROLLBACK", NULL, NULL, NULL);
    sqlite3_close (db);
  }

}

int
main (int    argc,
      char **argv)
{
  int status;

  qw_test_cli_init (&argc, &argv);
  dir = qw_test_make_tmp_dir ("qiwang-writers-XXXXXX");
  qw_test_cli_configure (&(QwTestCliOptions) { .dir = dir });
  g_free (qw_test_cli_out ("simulate", "field.qiwang", "--system", "swiss", "--players", "1000", "--rounds", "1",
                           "--seed", "7", NULL));
  g_free (qw_test_cli_out ("export-entries", "field.qiwang", "--out", "list.csv", "--private", NULL));
  g_free (qw_test_cli_out ("simulate", "stop.qiwang", "--system", "swiss", "--players", "300", "--rounds", "5",
                           "--seed", "8", NULL));
  g_free (qw_test_cli_out ("export", "stop.qiwang", "--out", "stop.xml", NULL));
  g_test_add_func ("/two-writers/results-on-different-boards", test_results_on_different_boards);
  g_test_add_func ("/two-writers/same-import-twice", test_same_import_twice);
  g_test_add_func ("/two-writers/same-results-twice", test_same_results_twice);
  g_test_add_func ("/two-writers/same-pairing-twice", test_same_pairing_twice);
  g_test_add_func ("/two-writers/refused-writer-is-told", test_refused_writer_is_told);
  status = g_test_run ();
  qw_test_remove_tree (dir);
  g_free (dir);
  return status;
}
