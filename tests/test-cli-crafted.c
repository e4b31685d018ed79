/* test-cli-crafted.c: issue 17, point 5: a document is data, never code
 *
 * Stop documents made by hand with the sqlite3 library, as a hostile sender
 * would make them:
 *
 *   - trigger: a trigger planted on game that rewrites every player's name
 *     when a result is recorded;
 *   - view: meta replaced by a recursive view that never ends (every
 *     command reads meta first);
 *   - memory: meta replaced by a view that builds a string as long as
 *     SQLite allows, row after row (the 912 MB in 60 s);
 *   - default: a table of Qiwang's with a column's DEFAULT changed (an
 *     expression of the file's that a write would run);
 *   - old-trigger: a document of schema version 4 (it would be migrated, a
 *     backup copy written first) with a trigger on meta.
 *
 * Every command of qiwang-cli that takes a document (the list is checked
 * against `qiwang-cli help`), and the region's import-results of such a
 * stop document, refuses the trigger and the view (the others, refused by
 * the same check, with a few commands) in under 2 seconds, saying it is
 * not a Qiwang document, and leaves the file as it was: the same bytes and the same
 * modification time, no journal with anything in it, no backup copy. A
 * command that runs longer than 20 s is killed and fails the test (the old
 * code spun for ever on the view). The region document the stops were to be
 * imported into is unchanged too.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <sqlite3.h>
#include <string.h>

#include "qw-demo.h"
#include "qw-document-private.h"
#include "qw-document.h"
#include "qw-error.h"
#include "qw-schema.sql.h"
#include "qw-test.h"
#include "qw-test-cli.h"

#define KILL_AFTER_SECONDS 20

static char *dir;

typedef struct
{
  const char *name;
  const char *sql;     /* run on a copy of the demo document */
  gboolean    every;   /* tried with every command (else with a few: the refusal is the same) */
} Crafted;

static const Crafted crafted[] = {
  { "trigger",
    "CREATE TRIGGER rename_players AFTER UPDATE OF result ON game "
    "BEGIN UPDATE player SET name = '被改名' || id; END;", TRUE },
  { "view",
    "ALTER TABLE meta RENAME TO meta_kept;"
    "CREATE VIEW meta AS WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) "
    "SELECT 'n' || x AS key, '' AS value FROM n UNION ALL SELECT key, value FROM meta_kept;", TRUE },
  { "memory",
    "ALTER TABLE meta RENAME TO meta_kept;"
    "CREATE VIEW meta AS WITH RECURSIVE n(x, s) AS (SELECT 1, 'x' UNION ALL "
    "SELECT x + 1, s || s FROM n WHERE length (s) < 100000000) SELECT 'kind' AS key, s AS value FROM n;" },
  { "default",
    "CREATE TABLE round_log_new (id INTEGER PRIMARY KEY, section_id INTEGER NOT NULL REFERENCES section (id) "
    "ON DELETE CASCADE, round INTEGER NOT NULL, at TEXT NOT NULL DEFAULT (hex (zeroblob (100000000))), "
    "message TEXT NOT NULL);"
    "INSERT INTO round_log_new SELECT * FROM round_log; DROP TABLE round_log;"
    "ALTER TABLE round_log_new RENAME TO round_log;" },
};

/* A command line; DOC stands for the crafted document, REGION for a region
 * document, OUT for a file in a folder of its own. */
static const char *const commands[][10] = {
  { "event", "DOC", NULL },
  { "event", "DOC", "--name", "改名", NULL },
  { "import", "DOC", "list.csv", NULL },
  { "entries", "DOC", NULL },
  { "entry", "DOC", "1", NULL },
  { "export-entries", "DOC", "--out", "OUT.xlsx", NULL },
  { "list-order", "DOC", NULL },
  { "list-order", "DOC", "pinyin", NULL },
  { "pair", "DOC", "open-m", NULL },
  { "pair-manual", "DOC", "open-m", "--pairs", "1-2", NULL },
  { "import-trf", "DOC", "t.trf", "--group", "trf", NULL },
  { "export-trf", "DOC", "open-m", "--out", "OUT.trf", NULL },
  { "unpair", "DOC", "open-m", NULL },
  { "result", "DOC", "open-m", "1", "1", "1:1", NULL },
  { "clear-result", "DOC", "open-m", "1", "1", NULL },
  { "undo", "DOC", "open-m", "1", "1", NULL },
  { "undo", "DOC", NULL },
  { "redo", "DOC", NULL },
  { "games", "DOC", "open-m", NULL },
  { "standings", "DOC", "open-m", NULL },
  { "explain", "DOC", "open-m", "1", NULL },
  { "withdraw", "DOC", "open-m", "1", NULL },
  { "reinstate", "DOC", "open-m", "1", NULL },
  { "absent", "DOC", "open-m", "1", NULL },
  { "seeding", "DOC", "open-m", NULL },
  { "admit", "DOC", "open-m", "1", NULL },
  { "exclude", "DOC", "open-m", "1", NULL },
  { "include", "DOC", "open-m", "1", NULL },
  { "allow", "DOC", "open-m", "1", NULL },
  { "swap", "DOC", "open-m", "1", "1", "2", NULL },
  { "repair", "DOC", "open-m", "1", "1", "1", "2", NULL },
  { "check", "DOC", "open-m", "1", NULL },
  { "log", "DOC", "open-m", NULL },
  { "sections", "DOC", NULL },
  { "settings", "DOC", "open-m", NULL },
  { "quota", "DOC", NULL },
  { "import-results", "REGION", "DOC", NULL },
  { "import-stops", "DOC", "stops.csv", NULL },
  { "region", "DOC", NULL },
  { "export", "DOC", "--out", "OUT.xml", NULL },
  { "export", "DOC", "--out", "OUT.html", "--public", NULL },
  { "check-final", "DOC", NULL },
  { "check-final", "REGION", "DOC", NULL },
  { "nominees", "DOC", NULL },
  { "import-nominees", "DOC", "nominees.xml", NULL },
  { "team-result", "DOC", NULL },
  { "print", "DOC", "standings", "--out", "OUT.pdf", NULL },
  { "teams", "DOC", NULL },
  { "prizes", "DOC", NULL },
  { "ladder-finalists", "DOC", NULL },
  { "ladder-cancel", "DOC", "q01", "--reason", "举报属实", NULL },
  { "serve", "DOC", "--address", "127.0.0.1", "--port", "18917", NULL },
  { "export-site", "DOC", "--out", "OUT", NULL },
  { "share", "DOC", "open-m", "standings", "--out", "OUT.png", NULL },
  { "verify-certificate", "DOC", "ABCD-EFGH", NULL },
  /* Issue 20: the venue */
  { "device", "DOC", "add", "--name", "裁判1", "--role", "arbiter", NULL },
  { "device", "DOC", "list", NULL },
  { "device", "DOC", "revoke", "1", NULL },
  { "devices", "DOC", "--log", NULL },
  { "checkin", "DOC", "open-m", "1", NULL },
  { "round-entry", "DOC", "open-m", "1", "--close", NULL },
  { "round-clock", "DOC", "open-m", "1", "--start", "09:00", NULL },
};

/* Commands that make a document at DOC: they refuse an existing file
 * without --force, and never read it. */
static const char *const makers[][12] = {
  { "new", "DOC", NULL },
  { "demo", "DOC", NULL },
  { "simulate", "DOC", "--system", "swiss", "--players", "8", "--rounds", "1", "--seed", "1", NULL },
  { "new-region", "DOC", "--region", "广东", NULL },
};

typedef struct
{
  GMainLoop *loop;
  QwTestRun *run;
  GError    *error;
} Wait;

static void
communicated (GObject      *source,
              GAsyncResult *result,
              gpointer      data)
{
  Wait *w = data;

  g_subprocess_communicate_utf8_finish (G_SUBPROCESS (source), result, &w->run->out, &w->run->err, &w->error);
  g_main_loop_quit (w->loop);
}

static gboolean
kill_cb (gpointer data)
{
  GSubprocess *process = data;

  g_subprocess_force_exit (process);
  return G_SOURCE_REMOVE;
}

/* Runs qiwang-cli in the test's folder, killing it after KILL_AFTER_SECONDS. */
static void
cli_argv (QwTestRun          *r,
          const char * const *args)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE
                                                                       | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  g_autoptr(GError) error = NULL;
  gint64 start = g_get_monotonic_time ();
  Wait w = { loop, r, NULL };
  guint kill_id;

  g_ptr_array_add (argv, (gpointer) g_getenv ("QIWANG_CLI"));
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  g_subprocess_launcher_set_cwd (launcher, dir);
  process = g_subprocess_launcher_spawnv (launcher, (const char * const *) argv->pdata, &error);
  g_assert_no_error (error);
  kill_id = g_timeout_add_seconds (KILL_AFTER_SECONDS, kill_cb, process);
  g_subprocess_communicate_utf8_async (process, NULL, NULL, communicated, &w);
  g_main_loop_run (loop);
  g_assert_no_error (w.error);
  g_subprocess_wait (process, NULL, NULL);
  r->seconds = (g_get_monotonic_time () - start) / 1e6;
  r->signal = g_subprocess_get_if_signaled (process) ? g_subprocess_get_term_sig (process) : 0;
  r->status = -1;
  if (r->signal == 0)
    {
      g_source_remove (kill_id);
      r->status = g_subprocess_get_exit_status (process);
    }
}

/* What must not change: the bytes, the modification time, and nothing in a
 * journal beside the file. */
typedef struct
{
  char   *checksum;
  gint64  mtime;
} Snapshot;

static void
snapshot_take (Snapshot   *s,
               const char *path)
{
  GStatBuf st;

  g_assert_cmpint (g_stat (path, &st), ==, 0);
  s->checksum = qw_test_checksum_file (path);
  s->mtime = (gint64) st.st_mtim.tv_sec * 1000000000 + st.st_mtim.tv_nsec;
}

static void
assert_untouched (const Snapshot *s,
                  const char     *path,
                  const char     *after)
{
  g_autofree char *checksum = qw_test_checksum_file (path);
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);
  g_autofree char *journal = g_strconcat (path, "-journal", NULL);
  GStatBuf st;

  g_assert_cmpint (g_stat (path, &st), ==, 0);
  if (g_strcmp0 (checksum, s->checksum) != 0
      || (gint64) st.st_mtim.tv_sec * 1000000000 + st.st_mtim.tv_nsec != s->mtime)
    g_error ("%s changed %s", path, after);
  if (g_stat (wal, &st) == 0 && st.st_size > 0)
    g_error ("%s has a journal with %" G_GINT64_FORMAT " bytes in it %s", path, (gint64) st.st_size, after);
  g_assert_false (g_file_test (journal, G_FILE_TEST_EXISTS));
}

static char *
make_crafted (const Crafted *c)
{
  g_autofree char *name = g_strdup_printf ("%s.qiwang", c->name);
  char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = NULL;
  char *message = NULL;
  sqlite3 *db = NULL;

  doc = qw_demo_create (path, &error);
  g_assert_no_error (error);
  g_clear_object (&doc);
  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  if (sqlite3_exec (db, c->sql, NULL, NULL, &message) != SQLITE_OK)
    g_error ("%s: %s", c->name, message);
  /* The journal folded into the file, as a document that was sent. */
  g_assert_cmpint (sqlite3_exec (db, "PRAGMA wal_checkpoint(TRUNCATE)", NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);
  return path;
}

static void
run_refused (const char * const *args,
             const char         *doc_path,
             const char         *region_path,
             const char         *needle)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *line = NULL;
  g_auto(QwTestRun) r = { 0 };
  Snapshot doc = { 0 }, region = { 0 };
  static int out_count;

  for (guint i = 0; args[i] != NULL; i++)
    {
      const char *a = args[i];

      if (g_str_equal (a, "DOC"))
        g_ptr_array_add (argv, g_strdup (doc_path));
      else if (g_str_equal (a, "REGION"))
        g_ptr_array_add (argv, g_strdup (region_path));
      else if (g_str_has_prefix (a, "OUT"))
        {
          g_autofree char *name = g_strdup_printf ("out-%d%s", ++out_count, a + 3);

          g_ptr_array_add (argv, g_build_filename (dir, name, NULL));
        }
      else
        g_ptr_array_add (argv, g_strdup (a));
    }
  g_ptr_array_add (argv, NULL);
  line = g_strjoinv (" ", (char **) argv->pdata);
  snapshot_take (&doc, doc_path);
  snapshot_take (&region, region_path);
  cli_argv (&r, (const char * const *) argv->pdata);
  g_test_message ("%s: %.2f s, exit %d, %s", line, r.seconds, r.status, r.err);
  if (r.signal != 0)
    g_error ("qiwang-cli %s was still running after %d s", line, KILL_AFTER_SECONDS);
  if (r.status == 0 || (strstr (r.err, needle) == NULL && strstr (r.out, needle) == NULL))
    g_error ("qiwang-cli %s: exit %d, not refused with “%s”: %s%s", line, r.status, needle, r.out, r.err);
  g_assert_cmpfloat (r.seconds, <, qw_test_seconds (2.0));
  assert_untouched (&doc, doc_path, line);
  assert_untouched (&region, region_path, line);
  g_free (doc.checksum);
  g_free (region.checksum);
}

static char *region_path;

static void
test_crafted (gconstpointer data)
{
  const Crafted *c = data;
  g_autofree char *path = make_crafted (c);

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (c->every || g_strv_contains ((const char *const[]) { "entries", "result", "import-results", "serve", NULL },
                                     commands[i][0]))
      run_refused (commands[i], path, region_path, "is not a Qiwang document");
  for (guint i = 0; i < G_N_ELEMENTS (makers); i++)
    run_refused (makers[i], path, region_path, "exists already");
}

/* The list above is every command of `qiwang-cli help` whose first argument
 * is a document. */
static void
test_every_command_listed (void)
{
  const char *args[] = { "help", NULL };
  g_auto(QwTestRun) r = { 0 };
  g_auto(GStrv) lines = NULL;
  guint checked = 0;

  cli_argv (&r, args);
  g_assert_cmpint (r.status, ==, 0);
  lines = g_strsplit (r.out, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) words = g_strsplit (g_strstrip (lines[i]), " ", 3);
      gboolean listed = FALSE;

      if (words[0] == NULL || words[1] == NULL
          || (strstr (words[1], "DOC") == NULL && strstr (words[1], ".qiwang") == NULL))
        continue;
      for (guint c = 0; c < G_N_ELEMENTS (commands); c++)
        listed |= g_str_equal (commands[c][0], words[0]);
      for (guint c = 0; c < G_N_ELEMENTS (makers); c++)
        listed |= g_str_equal (makers[c][0], words[0]);
      if (!listed)
        g_error ("qiwang-cli %s takes a document and is not tried with the crafted ones", words[0]);
      checked++;
    }
  g_assert_cmpuint (checked, >=, 40);
}

/* In the core: a document of an older schema with a trigger is refused
 * before it is migrated: no backup copy is written, the file is as it
 * was. An older document made as Qiwang made it still opens (migrated). */
static void
test_old_schema (void)
{
  g_autofree char *clean = g_build_filename (dir, "old-clean.qiwang", NULL);
  g_autofree char *planted = g_build_filename (dir, "old-planted.qiwang", NULL);
  g_autofree char *backup = g_strconcat (planted, ".v4.bak", NULL);
  const char *versions[] = { clean, planted };
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = NULL;
  g_autofree char *value = NULL;
  Snapshot before = { 0 };

  for (guint i = 0; i < G_N_ELEMENTS (versions); i++)
    {
      sqlite3 *db = NULL;

      g_assert_cmpint (sqlite3_open (versions[i], &db), ==, SQLITE_OK);
      g_assert_cmpint (sqlite3_exec (db, "PRAGMA application_id = 1363760967;" QW_SCHEMA_STEP_1 QW_SCHEMA_STEP_2
                                     QW_SCHEMA_STEP_3 QW_SCHEMA_STEP_4 "PRAGMA user_version = 4;"
                                     "INSERT INTO meta (key, value) VALUES ('kind', 'stop');",
                                     NULL, NULL, NULL), ==, SQLITE_OK);
      if (i == 1)
        g_assert_cmpint (sqlite3_exec (db, "CREATE TRIGGER spy AFTER INSERT ON meta "
                                       "BEGIN DELETE FROM player; END;", NULL, NULL, NULL), ==, SQLITE_OK);
      sqlite3_close (db);
    }
  doc = qw_document_open (clean, &error);
  g_assert_no_error (error);
  g_assert_true (qw_document_set_meta (doc, "checked", "yes", &error));
  value = qw_document_get_meta (doc, "checked");
  g_assert_cmpstr (value, ==, "yes");
  g_clear_object (&doc);

  snapshot_take (&before, planted);
  doc = qw_document_open (planted, &error);
  g_assert_null (doc);
  g_assert_error (error, QW_ERROR, QW_ERROR_CORRUPT);
  g_assert_nonnull (strstr (error->message, "is not a Qiwang document: it holds a trigger (“spy”)"));
  assert_untouched (&before, planted, "when it was refused");
  g_assert_false (g_file_test (backup, G_FILE_TEST_EXISTS));
  g_free (before.checksum);
}

/* A statement that would run for ever is stopped at the limit
 * (QIWANG_STATEMENT_LIMIT_MS, set short here): no file, however made, keeps
 * a program busy. */
static void
test_statement_limit (void)
{
  g_autofree char *path = g_build_filename (dir, "limit.qiwang", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = qw_demo_create (path, &error);
  g_autofree char *out = NULL;
  gint64 start;

  g_assert_no_error (error);
  g_assert_cmpint (qw_document_statement_limit (), ==, 500);
  start = g_get_monotonic_time ();
  g_assert_false (_qw_document_exec (doc, "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) "
                                               "SELECT count (*) FROM n", &error));
  g_assert_error (error, QW_ERROR, QW_ERROR_FAILED);
  g_assert_nonnull (strstr (error->message, "took longer than 1 seconds and was stopped"));
  g_assert_cmpfloat ((g_get_monotonic_time () - start) / 1e6, <, qw_test_seconds (2.0));
  g_clear_error (&error);
  /* The next statement has its own time. */
  out = qw_document_get_meta (doc, "kind");
  g_assert_cmpstr (out, ==, "stop");
}

static void
write_inputs (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *csv = g_build_filename (dir, "list.csv", NULL);
  g_autofree char *stops = g_build_filename (dir, "stops.csv", NULL);
  g_autofree char *trf = g_build_filename (dir, "t.trf", NULL);
  g_autofree char *nominees = g_build_filename (dir, "nominees.xml", NULL);

  g_assert_true (g_file_set_contents (csv, "姓名,性别,出生日期,证件号码,单位,组别\n"
                                           "王五,男,1990-01-01,,北京,open-m\n", -1, &error));
  g_assert_true (g_file_set_contents (stops, "赛区,名称,开始日期\n", -1, &error));
  g_assert_true (g_file_set_contents (trf, "012 Test\n", -1, &error));
  g_assert_true (g_file_set_contents (nominees, "<nominees/>\n", -1, &error));
  region_path = g_build_filename (dir, "region.qiwang", NULL);
  {
    const char *args[] = { "new-region", region_path, "--region", "广东", NULL };
    g_auto(QwTestRun) r = { 0 };

    cli_argv (&r, args);
    g_assert_cmpint (r.status, ==, 0);
  }
}

int
main (int    argc,
      char **argv)
{
  int status;

  /* This process stops a statement after half a second (read once); the
   * CLI runs with the usual limit: its refusals must not rely on it. */
  g_setenv ("QIWANG_STATEMENT_LIMIT_MS", "500", TRUE);
  g_assert_cmpint (qw_document_statement_limit (), ==, 500);
  g_unsetenv ("QIWANG_STATEMENT_LIMIT_MS");
  qw_test_cli_init (&argc, &argv);
  dir = qw_test_make_tmp_dir ("qiwang-crafted-XXXXXX");
  write_inputs ();
  g_test_add_func ("/crafted/every-command-listed", test_every_command_listed);
  for (guint i = 0; i < G_N_ELEMENTS (crafted); i++)
    {
      g_autofree char *name = g_strdup_printf ("/crafted/%s", crafted[i].name);

      g_test_add_data_func (name, &crafted[i], test_crafted);
    }
  g_test_add_func ("/crafted/old-schema", test_old_schema);
  g_test_add_func ("/crafted/statement-limit", test_statement_limit);
  status = g_test_run ();
  qw_test_remove_tree (dir);
  g_free (dir);
  g_free (region_path);
  return status;
}
