/* test-kill.c: issue 10, build point 9: qiwang-cli killed at random moments
 *
 * Starts `qiwang-cli import`, `import-results` and `simulate` on real
 * work and SIGKILLs each at a random moment of its run (uniform over the
 * time an unkilled run of the same work takes in this build, so that the
 * sanitizer build's slower runs are killed as evenly). After each kill:
 *
 *   - the document opens, through the core and through `qiwang-cli`;
 *   - SQLite's PRAGMA integrity_check says ok;
 *   - an import is there wholly or not at all: a registration list's 4000
 *     entries, or each of three stops' results files with all of its rows
 *     (the files go in one transaction each, in order, so the stops there
 *     are the first k of them);
 *   - simulate's rounds are whole: the document it was building (under a
 *     temporary name, renamed only when done) holds either no players or
 *     the field and rounds 1..k, each exactly as the unkilled run played it.
 *
 * The random moments follow GTest's seed (printed at the start; --seed to
 * repeat a run). At least KILLS_EACH kills land on each command.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <signal.h>
#include <sqlite3.h>
#include <string.h>
#include <sys/wait.h>

#include "qw-document.h"
#include "qw-document-entries.h"
#include "qw-document-play.h"
#include "qw-document-region.h"
#include "qw-error.h"
#include "qw-event.h"
#include "qw-game.h"
#include "qw-test.h"
#include "qw-test-cli.h"

#define KILLS_EACH 11
#define MAX_RUNS_EACH 40

#define STOP_NAME "2021年第六届全国象棋业余棋王赛广东赛区白花（镇）预选赛"

static char *dir;
static int total_kills;

/* Starts qiwang-cli and kills it after @delay_us (never, if negative).
 * Returns TRUE if the kill landed (the process was still running), FALSE if
 * it had finished, successfully. */
static gboolean
run_and_kill (const char * const *args,
              gint64              delay_us)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  GPid pid = 0;
  int status = 0;

  g_ptr_array_add (argv, (gpointer) g_getenv ("QIWANG_CLI"));
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  g_spawn_async (dir, (char **) argv->pdata, NULL,
                 G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDOUT_TO_DEV_NULL | G_SPAWN_STDERR_TO_DEV_NULL,
                 NULL, NULL, &pid, &error);
  g_assert_no_error (error);
  if (delay_us >= 0)
    {
      g_usleep ((gulong) delay_us);
      kill (pid, SIGKILL);
    }
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_spawn_close_pid (pid);
  if (WIFSIGNALED (status) && WTERMSIG (status) == SIGKILL)
    return TRUE;
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, 0);
  return FALSE;
}

/* How long an unkilled run takes, in microseconds. */
static gint64
time_run (const char * const *args)
{
  gint64 start = g_get_monotonic_time ();

  g_assert_false (run_and_kill (args, -1));
  return g_get_monotonic_time () - start;
}

static void
copy_file (const char *from,
           const char *to)
{
  g_autofree char *contents = NULL;
  g_autofree char *wal = g_strconcat (to, "-wal", NULL);
  g_autofree char *shm = g_strconcat (to, "-shm", NULL);
  gsize length = 0;

  g_assert_true (g_file_get_contents (from, &contents, &length, NULL));
  g_unlink (wal);
  g_unlink (shm);
  g_assert_true (g_file_set_contents (to, contents, (gssize) length, NULL));
}

static void
remove_document (const char *path)
{
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);
  g_autofree char *shm = g_strconcat (path, "-shm", NULL);

  g_unlink (path);
  g_unlink (wal);
  g_unlink (shm);
}

/* PRAGMA integrity_check on a closed document (its journal folded in by the
 * core's last close). */
static void
assert_integrity (const char *path)
{
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;

  g_assert_cmpint (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, "PRAGMA integrity_check", -1, &stmt, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  g_assert_cmpstr ((const char *) sqlite3_column_text (stmt, 0), ==, "ok");
  sqlite3_finalize (stmt);
  sqlite3_close (db);
}

/* The document opens in qiwang-cli too (a read command). */
static void
assert_cli_reads (const char *path,
                  const char *command)
{
  g_autofree char *out = qw_test_cli_out (command, path, NULL);

  g_assert_nonnull (out);
}

static gint64
random_moment (gint64 duration)
{
  return (gint64) (g_test_rand_double_range (0.0, 1.05) * (double) duration);
}

/* import: a registration list of 4000 players */

static void
test_kill_import (void)
{
  g_autofree char *base = g_build_filename (dir, "import-base.qiwang", NULL);
  g_autofree char *doc_path = g_build_filename (dir, "import.qiwang", NULL);
  const char *args[] = { "import", "import.qiwang", "list.csv", NULL };
  int kills = 0, runs = 0, whole = 0, none = 0;
  gint64 duration;

  copy_file (base, doc_path);
  duration = time_run (args);
  g_test_message ("import: %.0f ms unkilled", duration / 1000.0);
  while (kills < KILLS_EACH && runs < MAX_RUNS_EACH)
    {
      g_autoptr(QwDocument) doc = NULL;
      g_autoptr(QwEvent) event = NULL;
      g_autoptr(GError) error = NULL;
      int count;

      copy_file (base, doc_path);
      runs++;
      if (run_and_kill (args, random_moment (duration)))
        kills++;
      doc = qw_document_open (doc_path, &error);
      g_assert_no_error (error);
      event = qw_document_get_main_event (doc, &error);
      g_assert_no_error (error);
      count = qw_document_count_entries (doc, event->id);
      if (count != 0 && count != 4000)
        g_error ("a killed import left %d of its 4000 entries", count);
      count == 0 ? none++ : whole++;
      g_clear_object (&doc);
      assert_integrity (doc_path);
      assert_cli_reads (doc_path, "entries");
    }
  g_test_message ("import: %d runs, %d killed; %d left nothing, %d the whole list", runs, kills, none, whole);
  g_assert_cmpint (kills, >=, KILLS_EACH);
  total_kills += kills;
}

/* import-results: three stops' results files in one run */

typedef struct
{
  char *name;
  int   entries;
  int   sections;
  int   standings;
} StopPrint;

static void
stop_print_free (gpointer data)
{
  StopPrint *p = data;

  g_free (p->name);
  g_free (p);
}

/* What each imported stop holds, in the order of the events. */
static GPtrArray *
region_prints (QwDocument *doc)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) events = qw_document_list_events (doc, &error);
  GPtrArray *prints = g_ptr_array_new_with_free_func (stop_print_free);

  g_assert_no_error (error);
  for (guint i = 0; i < events->len; i++)
    {
      const QwEvent *e = g_ptr_array_index (events, i);
      g_autoptr(GPtrArray) sections = qw_document_list_section_records (doc, e->id, &error);
      StopPrint *p = g_new0 (StopPrint, 1);

      g_assert_no_error (error);
      p->name = g_strdup (e->name);
      p->entries = qw_document_count_entries (doc, e->id);
      p->sections = (int) sections->len;
      for (guint j = 0; j < sections->len; j++)
        {
          const QwSectionRecord *s = g_ptr_array_index (sections, j);
          g_autoptr(GPtrArray) standings = qw_document_list_standing_records (doc, s->id, &error);

          g_assert_no_error (error);
          p->standings += (int) standings->len;
        }
      g_ptr_array_add (prints, p);
    }
  return prints;
}

static GPtrArray *
region_prints_of (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = qw_document_open (path, &error);

  g_assert_no_error (error);
  return region_prints (doc);
}

static void
test_kill_import_results (void)
{
  g_autofree char *base = g_build_filename (dir, "region-base.qiwang", NULL);
  g_autofree char *doc_path = g_build_filename (dir, "region.qiwang", NULL);
  const char *args[] = { "import-results", "region.qiwang", "stop1.xml", "stop2.xml", "stop3.xml", NULL };
  g_autoptr(GPtrArray) reference = NULL;
  int kills = 0, runs = 0;
  int found[4] = { 0 };
  gint64 duration;

  copy_file (base, doc_path);
  duration = time_run (args);
  reference = region_prints_of (doc_path);
  g_assert_cmpuint (reference->len, ==, 3);
  g_test_message ("import-results: %.0f ms unkilled", duration / 1000.0);
  while (kills < KILLS_EACH && runs < MAX_RUNS_EACH)
    {
      g_autoptr(GPtrArray) prints = NULL;

      copy_file (base, doc_path);
      runs++;
      if (run_and_kill (args, random_moment (duration)))
        kills++;
      prints = region_prints_of (doc_path);
      /* The first k files, each whole. */
      g_assert_cmpuint (prints->len, <=, 3);
      for (guint i = 0; i < prints->len; i++)
        {
          const StopPrint *p = g_ptr_array_index (prints, i);
          const StopPrint *r = g_ptr_array_index (reference, i);

          g_assert_cmpstr (p->name, ==, r->name);
          if (p->entries != r->entries || p->sections != r->sections || p->standings != r->standings)
            g_error ("a killed import-results left %s with %d entries, %d groups, %d standings "
                     "(the file has %d, %d, %d)", p->name, p->entries, p->sections, p->standings,
                     r->entries, r->sections, r->standings);
        }
      found[prints->len]++;
      assert_integrity (doc_path);
      assert_cli_reads (doc_path, "region");
    }
  g_test_message ("import-results: %d runs, %d killed; stops there: 0 in %d, 1 in %d, 2 in %d, 3 in %d",
                  runs, kills, found[0], found[1], found[2], found[3]);
  g_assert_cmpint (kills, >=, KILLS_EACH);
  total_kills += kills;
}

/* simulate: 1500 players, 9 rounds */

static GPtrArray *
round_games (QwDocument *doc,
             int         round)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwEvent) event = qw_document_get_main_event (doc, &error);
  g_autoptr(QwSection) section = NULL;
  GPtrArray *games;

  g_assert_no_error (error);
  section = qw_document_get_section (doc, event->id, "open-m", &error);
  g_assert_no_error (error);
  games = qw_document_list_round_games (doc, section->id, round, &error);
  g_assert_no_error (error);
  return games;
}

static int
last_round (QwDocument *doc)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwEvent) event = qw_document_get_main_event (doc, &error);
  g_autoptr(QwSection) section = NULL;

  g_assert_no_error (error);
  section = qw_document_get_section (doc, event->id, "open-m", &error);
  g_assert_no_error (error);
  return qw_document_last_round (doc, section->id);
}

static void
assert_same_round (QwDocument *doc,
                   QwDocument *reference,
                   int         round)
{
  g_autoptr(GPtrArray) games = round_games (doc, round);
  g_autoptr(GPtrArray) expected = round_games (reference, round);

  if (games->len != expected->len)
    g_error ("round %d has %u games, not %u", round, games->len, expected->len);
  for (guint i = 0; i < games->len; i++)
    {
      const QwGame *g = g_ptr_array_index (games, i);
      const QwGame *e = g_ptr_array_index (expected, i);

      g_assert_cmpint (g->board, ==, e->board);
      g_assert_cmpint (g->red, ==, e->red);
      g_assert_cmpint (g->black, ==, e->black);
      if (g->result != e->result)
        g_error ("round %d board %d: result %d, not %d", round, g->board, g->result, e->result);
    }
}

/* The document a killed simulate was building: its temporary file. */
static char *
find_leftover (void)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  char *found = NULL;

  while ((name = g_dir_read_name (d)) != NULL)
    if (g_str_has_prefix (name, ".sim.qiwang.") && !g_str_has_suffix (name, "-wal")
        && !g_str_has_suffix (name, "-shm") && !g_str_has_suffix (name, "-journal"))
      {
        g_assert_null (found);
        found = g_build_filename (dir, name, NULL);
      }
  return found;
}

static void
remove_leftovers (void)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while ((name = g_dir_read_name (d)) != NULL)
    if (g_str_has_prefix (name, ".sim.qiwang."))
      {
        g_autofree char *p = g_build_filename (dir, name, NULL);

        g_unlink (p);
      }
}

static void
test_kill_simulate (void)
{
  g_autofree char *doc_path = g_build_filename (dir, "sim.qiwang", NULL);
  g_autofree char *ref_path = g_build_filename (dir, "sim-reference.qiwang", NULL);
  const char *args[] = { "simulate", "sim.qiwang", "--system", "swiss", "--players", "1500", "--rounds", "9",
                         "--seed", "2026", "--withdraw-rate", "0.01", NULL };
  g_autoptr(QwDocument) reference = NULL;
  g_autoptr(GError) error = NULL;
  int kills = 0, runs = 0, empty = 0, unborn = 0, finished = 0;
  int rounds_found[10] = { 0 };
  gint64 duration;

  remove_document (doc_path);
  duration = time_run (args);
  g_assert_cmpint (g_rename (doc_path, ref_path), ==, 0);
  reference = qw_document_open (ref_path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (last_round (reference), ==, 9);
  g_test_message ("simulate: %.0f ms unkilled", duration / 1000.0);
  while (kills < KILLS_EACH && runs < MAX_RUNS_EACH)
    {
      g_autoptr(QwDocument) doc = NULL;
      g_autofree char *leftover = NULL;
      g_autoptr(QwEvent) event = NULL;
      gboolean killed;
      int count, rounds;

      remove_document (doc_path);
      remove_leftovers ();
      runs++;
      killed = run_and_kill (args, random_moment (duration));
      leftover = find_leftover ();
      kills += killed;
      g_assert_true (killed || g_file_test (doc_path, G_FILE_TEST_IS_REGULAR));
      if (g_file_test (doc_path, G_FILE_TEST_EXISTS))
        {
          /* Only a finished run puts the document in place (a kill may
           * land between the rename and the exit): whole, nothing left over. */
          g_assert_null (leftover);
          doc = qw_document_open (doc_path, &error);
          g_assert_no_error (error);
          g_assert_cmpint (last_round (doc), ==, 9);
          for (int r = 1; r <= 9; r++)
            assert_same_round (doc, reference, r);
          g_clear_object (&doc);
          assert_integrity (doc_path);
          finished++;
          continue;
        }
      if (leftover == NULL)
        {
          unborn++;
          continue;
        }
      doc = qw_document_open (leftover, &error);
      if (doc == NULL)
        {
          /* Killed before the creation's one transaction committed: the
           * temporary file is not yet a Qiwang document, and says so (it
           * is never called damaged). */
          g_assert_error (error, QW_ERROR, QW_ERROR_CORRUPT);
          g_assert_null (strstr (error->message, "damaged"));
          g_clear_error (&error);
          unborn++;
          continue;
        }
      event = qw_document_get_main_event (doc, NULL);
      count = event != NULL ? qw_document_count_entries (doc, event->id) : 0;
      if (count == 0)
        {
          empty++;
          continue;
        }
      g_assert_cmpint (count, ==, 1500);
      rounds = last_round (doc);
      /* The field comes with its first round, never without it. */
      if (rounds < 1)
        g_error ("a killed simulate left its 1500 players with no games");
      for (int r = 1; r <= rounds; r++)
        assert_same_round (doc, reference, r);
      g_assert_cmpint (rounds, <=, 9);
      rounds_found[rounds]++;
      g_clear_object (&doc);
      assert_integrity (leftover);
      assert_cli_reads (leftover, "sections");
    }
  remove_leftovers ();
  g_test_message ("simulate: %d runs, %d killed, %d finished; %d before the document, %d empty; "
                  "whole rounds 1: %d, 2: %d, 3: %d, 4: %d, 5: %d, 6: %d, 7: %d, 8: %d, 9: %d",
                  runs, kills, finished, unborn, empty, rounds_found[1], rounds_found[2], rounds_found[3],
                  rounds_found[4], rounds_found[5], rounds_found[6], rounds_found[7], rounds_found[8],
                  rounds_found[9]);
  g_assert_cmpint (kills, >=, KILLS_EACH);
  total_kills += kills;
}

static void
test_total (void)
{
  g_test_message ("%d kills in all", total_kills);
  g_assert_cmpint (total_kills, >=, 30);
}

/* The work: a list of 4000 players, three stops of 1500 players each. */
static void
setup_fixtures (void)
{
  static const char *const names[] = {
    STOP_NAME,
    "2021年第六届全国象棋业余棋王赛广东赛区稔山（镇）预选赛",
    "2021年第六届全国象棋业余棋王赛广东赛区平山（街道）预选赛",
  };

  g_free (qw_test_cli_out ("simulate", "field.qiwang", "--system", "swiss", "--players", "4000", "--rounds", "1",
                           "--seed", "7", NULL));
  g_free (qw_test_cli_out ("export-entries", "field.qiwang", "--out", "list.csv", "--private", NULL));
  g_free (qw_test_cli_out ("new", "import-base.qiwang", "--name", STOP_NAME, NULL));
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *doc = g_strdup_printf ("stop%u.qiwang", i + 1);
      g_autofree char *xml = g_strdup_printf ("stop%u.xml", i + 1);
      g_autofree char *seed = g_strdup_printf ("%u", i + 11);

      g_free (qw_test_cli_out ("simulate", doc, "--system", "swiss", "--players", "1500", "--rounds", "7", "--seed",
                               seed, NULL));
      g_free (qw_test_cli_out ("event", doc, "--name", names[i], NULL));
      g_free (qw_test_cli_out ("export", doc, "--out", xml, NULL));
    }
  g_free (qw_test_cli_out ("new-region", "region-base.qiwang", "--region", "广东", NULL));
}

int
main (int    argc,
      char **argv)
{
  int status;

  qw_test_cli_init (&argc, &argv);
  dir = qw_test_make_tmp_dir ("qiwang-kill-XXXXXX");
  qw_test_cli_configure (&(QwTestCliOptions) { .dir = dir });
  setup_fixtures ();
  g_test_add_func ("/kill/import", test_kill_import);
  g_test_add_func ("/kill/import-results", test_kill_import_results);
  g_test_add_func ("/kill/simulate", test_kill_simulate);
  g_test_add_func ("/kill/total", test_total);
  status = g_test_run ();
  qw_test_remove_tree (dir);
  g_free (dir);
  return status;
}
