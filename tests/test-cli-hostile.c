/* test-cli-hostile.c: issue 10, through qiwang-cli: hostile arguments and
 * files, and never replacing data silently
 *
 * Runs the built CLI ($QIWANG_CLI) as a user would. Every refusal exits
 * non-zero with a specific message, in under a second, and leaves every
 * file as it was (compared by checksum).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <sqlite3.h>
#include <string.h>
#include <sys/stat.h>

#include "qw-test.h"
#include "qw-test-cli.h"
#include "qw-test-region.h"

static char *dir;

/* The run failed with @status, quickly, saying @needle. */
static void
assert_refused (const QwTestRun *r,
                int              status,
                const char      *needle)
{
  g_test_message ("exit %d: %s", r->status, r->err);
  qw_test_run_assert_refused (r, status, needle);
  g_assert_cmpfloat (r->seconds, <, qw_test_seconds (1.0));
}

static int
count_entries (const char *path)
{
  g_auto(QwTestRun) r = { 0 };
  g_auto(GStrv) lines = NULL;

  qw_test_cli (&r, "entries", path, NULL);
  g_assert_cmpint (r.status, ==, 0);
  lines = g_strsplit (g_strchomp (r.out), "\n", -1);
  return (int) g_strv_length (lines) - 1;
}

/* 1. Text at the boundaries: an argument that is not UTF-8 */

static void
test_1_argument_not_utf8 (void)
{
  g_auto(QwTestRun) r = { 0 };
  g_auto(QwTestRun) ok = { 0 };

  qw_test_cli (&r, "idcard", "440102\xfd", NULL);
  assert_refused (&r, 2, "argument 1 (“440102\xef\xbf\xbd”) is not valid UTF-8 text");
  qw_test_cli (&ok, "idcard", "--json", "11010519491231002X", NULL);
  g_assert_cmpint (ok.status, ==, 0);
}

/* 2. /dev/zero, a FIFO and a folder as the file to import */

static void
test_2_import_devices (void)
{
  g_autofree char *doc = g_build_filename (dir, "devices.qiwang", NULL);
  g_autofree char *fifo = g_build_filename (dir, "list.csv", NULL);
  g_autofree char *workbook = g_build_filename (dir, "games.xlsx", NULL);
  g_auto(QwTestRun) made = { 0 };
  g_autofree char *before = NULL;
  const char *inputs[] = { "/dev/zero", fifo, dir };

  qw_test_cli (&made, "demo", doc, NULL);
  g_assert_cmpint (made.status, ==, 0);
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  g_assert_cmpint (mkfifo (workbook, 0600), ==, 0);
  before = qw_test_checksum_file (doc);
  for (guint i = 0; i < G_N_ELEMENTS (inputs); i++)
    {
      g_auto(QwTestRun) r = { 0 };
      g_auto(QwTestRun) t = { 0 };
      g_auto(QwTestRun) d = { 0 };

      qw_test_cli (&r, "import", doc, inputs[i], NULL);
      assert_refused (&r, 1, inputs[i] == dir ? "is a folder" : "not a regular file");
      qw_test_cli (&t, "team-result", inputs[i] == dir ? "/dev/zero" : inputs[i], NULL);
      assert_refused (&t, 1, "not a regular file");
      qw_test_cli (&d, "entries", inputs[i], NULL);
      assert_refused (&d, 1, inputs[i] == dir ? "is a folder" : "not a regular file");
      {
        g_auto(QwTestRun) q = { 0 };

        qw_test_cli (&q, "quota", inputs[i], NULL);
        assert_refused (&q, 1, inputs[i] == dir ? "is a folder" : "not a regular file");
      }
      /* The ladder's game log, as CSV and as a workbook. */
      {
        g_auto(QwTestRun) l = { 0 };
        g_auto(QwTestRun) w = { 0 };

        qw_test_cli (&l, "ladder", inputs[i], NULL);
        assert_refused (&l, 1, inputs[i] == dir ? "is a folder" : "not a regular file");
        qw_test_cli (&w, "ladder", inputs[i] == fifo ? workbook : inputs[i], NULL);
        assert_refused (&w, 1, inputs[i] == dir ? "is a folder" : "not a regular file");
      }
      qw_test_assert_checksum (doc, before);
    }
  g_unlink (fifo);
  g_unlink (workbook);
}

/* 2. A results file naming its ruleset by a path */

static void
test_2_ruleset_path (void)
{
  g_autoptr(QwResults) results = fixture_results ("白花站", "0a1b2c3d-white-flower", "2021-07-03", 7);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = qw_results_to_xml (results, FALSE, NULL, &error);
  g_autoptr(GString) s = g_string_new (text);
  g_autofree char *sealed = NULL;
  g_autofree char *path = g_build_filename (dir, "zero-ruleset.xml", NULL);
  g_auto(QwTestRun) r = { 0 };

  g_assert_no_error (error);
  g_string_replace (s, "ruleset=\"qiwang-2021\"", "ruleset=\"/dev/zero\"", 1);
  sealed = qw_test_reseal (s->str);
  g_assert_true (g_file_set_contents (path, sealed, -1, NULL));
  qw_test_cli (&r, "team-result", path, NULL);
  assert_refused (&r, 1, "“/dev/zero” is not a ruleset id");
}

/* 6. Never replacing data silently: creating over a document */

static void
test_6_create_over_document (void)
{
  g_autofree char *doc = g_build_filename (dir, "k.qiwang", NULL);
  static const char *const commands[] = { "new", "demo", "simulate", "new-region" };
  g_auto(QwTestRun) made = { 0 };
  g_auto(QwTestRun) forced = { 0 };
  g_autofree char *before = NULL;

  qw_test_cli (&made, "demo", doc, NULL);
  g_assert_cmpint (made.status, ==, 0);
  g_assert_cmpint (count_entries (doc), ==, 80);
  before = qw_test_checksum_file (doc);
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_auto(QwTestRun) r = { 0 };

      if (g_str_equal (commands[i], "simulate"))
        qw_test_cli (&r, "simulate", doc, "--system", "swiss", "--players", "9", "--rounds", "3", "--seed", "1", NULL);
      else if (g_str_equal (commands[i], "new-region"))
        qw_test_cli (&r, "new-region", doc, "--region", "广东", NULL);
      else
        qw_test_cli (&r, commands[i], doc, NULL);
      assert_refused (&r, 2, "exists already; choose a new name, or give --force to replace it");
      qw_test_assert_checksum (doc, before);
      g_assert_cmpint (count_entries (doc), ==, 80);
    }
  /* With --force it is replaced, by a whole new document. */
  qw_test_cli (&forced, "new", doc, "--force", "--region", "广东", NULL);
  g_assert_cmpint (forced.status, ==, 0);
  g_assert_cmpint (count_entries (doc), ==, 0);
  {
    g_autofree char *wal = g_strconcat (doc, "-wal", NULL);
    g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
    const char *name;

    g_assert_false (g_file_test (wal, G_FILE_TEST_EXISTS));
    /* No temporary file is left behind. */
    while ((name = g_dir_read_name (d)) != NULL)
      g_assert_false (g_str_has_prefix (name, ".k.qiwang"));
  }
}

/* A simulation that fails leaves nothing: no half document. */
static void
test_6_failed_create_leaves_nothing (void)
{
  g_autofree char *doc = g_build_filename (dir, "never.qiwang", NULL);
  g_autofree char *missing = g_build_filename (dir, "no-such-folder/x.qiwang", NULL);
  g_auto(QwTestRun) r = { 0 };
  g_auto(QwTestRun) n = { 0 };

  qw_test_cli (&r, "new", doc, "--ruleset", "no-such-season", NULL);
  g_assert_cmpint (r.status, ==, 1);
  g_assert_false (g_file_test (doc, G_FILE_TEST_EXISTS));
  qw_test_cli (&n, "new", missing, NULL);
  g_assert_cmpint (n.status, ==, 1);
  g_assert_nonnull (strstr (n.err, "cannot be created"));
}

/* 6. Outputs written over the document itself, or over another */

static void
test_6_output_over_document (void)
{
  g_autofree char *doc = g_build_filename (dir, "s.qiwang", NULL);
  g_autofree char *other = g_build_filename (dir, "other.qiwang", NULL);
  g_autofree char *before = NULL;
  g_autofree char *other_before = NULL;
  g_auto(QwTestRun) made = { 0 };
  g_auto(QwTestRun) made2 = { 0 };
  g_auto(QwTestRun) e1 = { 0 };
  g_auto(QwTestRun) e2 = { 0 };
  g_auto(QwTestRun) p1 = { 0 };
  g_auto(QwTestRun) p2 = { 0 };
  g_auto(QwTestRun) ok = { 0 };

  qw_test_cli (&made, "demo", doc, NULL);
  qw_test_cli (&made2, "demo", other, NULL);
  g_assert_cmpint (made.status + made2.status, ==, 0);
  before = qw_test_checksum_file (doc);
  other_before = qw_test_checksum_file (other);
  qw_test_cli (&e1, "export", doc, "--out", doc, "--public", NULL);
  assert_refused (&e1, 2, "is the document being read; writing there would replace it");
  qw_test_cli (&e2, "export", doc, "--out", other, NULL);
  assert_refused (&e2, 2, "is a Qiwang document; writing there would replace it");
  qw_test_cli (&p1, "print", doc, "standings", "--out", doc, NULL);
  assert_refused (&p1, 2, "is the document being read");
  qw_test_cli (&p2, "print", doc, "standings", "--out", other, NULL);
  assert_refused (&p2, 2, "is a Qiwang document");
  qw_test_assert_checksum (doc, before);
  qw_test_assert_checksum (other, other_before);
  g_assert_cmpint (count_entries (doc), ==, 80);
  /* Anywhere else, the export is written as before. */
  qw_test_cli (&ok, "export", doc, "--out", "s.xml", NULL);
  g_assert_cmpint (ok.status, ==, 0);
}

/* 6. The ladder's 名单公示 (--public-list): never over a document, nor over
 * the lists it reads, --force or not */

static void
test_6_ladder_public_list (void)
{
  g_autofree char *doc = g_build_filename (dir, "ladder.qiwang", NULL);
  g_autofree char *games = g_build_filename (dir, "games.csv", NULL);
  g_autofree char *players = g_build_filename (dir, "players.csv", NULL);
  g_autofree char *doc_before = NULL;
  g_autofree char *games_before = NULL;
  g_autofree char *players_before = NULL;
  g_auto(QwTestRun) made = { 0 };
  g_auto(QwTestRun) over_doc = { 0 };
  g_auto(QwTestRun) over_log = { 0 };
  g_auto(QwTestRun) over_players = { 0 };
  g_auto(QwTestRun) ok = { 0 };
  g_auto(QwTestRun) forced = { 0 };

  g_assert_true (g_file_set_contents (games, "期,阶段,时间,红方,黑方,结果\n"
                                             "1,海选,2022-06-01 10:00,a,b,2:0\n"
                                             "1,入围,2022-06-12 10:00,a,b,2:0\n", -1, NULL));
  g_assert_true (g_file_set_contents (players, "账号,姓名,性别,身份证号,单位\na,王一,男,,白花镇\n", -1, NULL));
  qw_test_cli (&made, "demo", doc, NULL);
  g_assert_cmpint (made.status, ==, 0);
  doc_before = qw_test_checksum_file (doc);
  games_before = qw_test_checksum_file (games);
  players_before = qw_test_checksum_file (players);
  qw_test_cli (&over_doc, "ladder", games, "--public-list", doc, NULL);
  assert_refused (&over_doc, 2, "is a Qiwang document; writing there would replace it");
  qw_test_cli (&over_log, "ladder", games, "--public-list", games, NULL);
  assert_refused (&over_log, 2, "is a file the command reads; writing there would replace it");
  qw_test_cli (&over_players, "ladder", games, "--players", players, "--public-list", players, NULL);
  assert_refused (&over_players, 2, "is a file the command reads");
  qw_test_assert_checksum (doc, doc_before);
  qw_test_assert_checksum (games, games_before);
  qw_test_assert_checksum (players, players_before);
  qw_test_cli (&ok, "ladder", games, "--players", players, "--public-list", "public.csv", NULL);
  g_assert_cmpint (ok.status, ==, 0);
  /* --force replaces no document, nor an input (issue 17). */
  qw_test_cli (&forced, "ladder", games, "--public-list", doc, "--force", NULL);
  assert_refused (&forced, 2, "is a Qiwang document; writing there would replace it");
  qw_test_assert_checksum (doc, doc_before);
}

/* 6 and 11. nominees --out: never over a document; public unless --private */

static void
test_11_nominees_public (void)
{
  g_autofree char *region = fixture_region_with_nominees (dir);
  g_autoptr(QwResults) final = fixture_results ("省决赛", "final-0001", "2021-10-20", 7);
  const QwEntry *first = g_ptr_array_index (((QwResultsGroup *) g_ptr_array_index (final->groups, 0))->players, 0);
  g_autofree char *before = qw_test_checksum_file (region);
  g_autofree char *public_text = NULL;
  g_autofree char *private_text = NULL;
  g_auto(QwTestRun) over = { 0 };
  g_auto(QwTestRun) pub = { 0 };
  g_auto(QwTestRun) priv = { 0 };

  qw_test_cli (&over, "nominees", region, "--out", region, NULL);
  assert_refused (&over, 1, "is the document being read");
  qw_test_assert_checksum (region, before);

  qw_test_cli (&pub, "nominees", region, "--out", "public.xml", NULL);
  g_assert_cmpint (pub.status, ==, 0);
  {
    g_autofree char *path = g_build_filename (dir, "public.xml", NULL);

    g_assert_true (g_file_get_contents (path, &public_text, NULL, NULL));
  }
  g_assert_nonnull (strstr (public_text, "form=\"public\""));
  g_assert_null (strstr (public_text, first->id_number));
  g_assert_null (strstr (public_text, first->birth));

  qw_test_cli (&priv, "nominees", region, "--out", "private.xml", "--private", NULL);
  g_assert_cmpint (priv.status, ==, 0);
  {
    g_autofree char *path = g_build_filename (dir, "private.xml", NULL);

    g_assert_true (g_file_get_contents (path, &private_text, NULL, NULL));
  }
  g_assert_nonnull (strstr (private_text, "form=\"private\""));
  g_assert_nonnull (strstr (private_text, first->id_number));
}

/* 7. Formula injection through export */

static void
test_7_export_formulas (void)
{
  g_autofree char *doc = g_build_filename (dir, "formula.qiwang", NULL);
  g_autofree char *csv_path = g_build_filename (dir, "standings.csv", NULL);
  g_autofree char *csv = NULL;
  g_auto(QwTestRun) made = { 0 };
  g_auto(QwTestRun) r = { 0 };
  sqlite3 *db = NULL;

  qw_test_cli (&made, "demo", doc, NULL);
  g_assert_cmpint (made.status, ==, 0);
  g_assert_cmpint (sqlite3_open (doc, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "UPDATE player SET name = '=HYPERLINK(\"http://evil.example/\",\"x\")', "
                                     "unit = '@SUM(1+1)'", NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);
  qw_test_cli (&r, "export", doc, "--out", "standings.csv", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_true (g_file_get_contents (csv_path, &csv, NULL, NULL));
  g_assert_nonnull (strstr (csv, "\"'=HYPERLINK("));
  g_assert_nonnull (strstr (csv, ",'@SUM(1+1),"));
  g_assert_null (strstr (csv, ",=HYPERLINK"));
  g_assert_null (strstr (csv, ",\"=HYPERLINK"));
}

/* 12. A 1 MB field is refused at import, with its row and column */

static void
test_12_oversized_field (void)
{
  g_autofree char *doc = g_build_filename (dir, "big-field.qiwang", NULL);
  g_autofree char *list = g_build_filename (dir, "big-field.csv", NULL);
  g_autofree char *big = g_strnfill (1024 * 1024, 'x');
  g_autofree char *text = g_strdup_printf ("姓名,性别,单位\n王五,男,%s\n", big);
  g_autofree char *before = NULL;
  g_auto(QwTestRun) made = { 0 };
  g_auto(QwTestRun) r = { 0 };

  qw_test_cli (&made, "new", doc, NULL);
  g_assert_cmpint (made.status, ==, 0);
  g_assert_true (g_file_set_contents (list, text, -1, NULL));
  before = qw_test_checksum_file (doc);
  qw_test_cli (&r, "import", doc, list, NULL);
  assert_refused (&r, 1, "Row 1 (line 2), column 3 (单位): the field has 1048576 characters");
  qw_test_assert_checksum (doc, before);
}

/* Build 2: a document field that is not UTF-8 reports the document damaged */

static void
test_b2_damaged_document (void)
{
  g_autofree char *doc = g_build_filename (dir, "bad-text.qiwang", NULL);
  g_autofree char *before = NULL;
  g_auto(QwTestRun) made = { 0 };
  g_auto(QwTestRun) r = { 0 };
  sqlite3 *db = NULL;

  qw_test_cli (&made, "demo", doc, NULL);
  g_assert_cmpint (made.status, ==, 0);
  g_assert_cmpint (sqlite3_open (doc, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "UPDATE player SET id_number = CAST(X'343430313032FD' AS TEXT) WHERE id = "
                                     "(SELECT player_id FROM entry WHERE no = 5)", NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);
  before = qw_test_checksum_file (doc);
  qw_test_cli (&r, "entries", doc, NULL);
  assert_refused (&r, 1, "is damaged: entry 5 (");
  g_assert_nonnull (strstr (r.err, "(its id_number)"));
  qw_test_assert_checksum (doc, before);
}

int
main (int    argc,
      char **argv)
{
  int status;

  qw_test_cli_init (&argc, &argv);
  dir = qw_test_make_tmp_dir ("qiwang-cli-hostile-XXXXXX");
  qw_test_cli_configure (&(QwTestCliOptions) { .dir = dir });

  g_test_add_func ("/cli-hostile/1/argument-not-utf8", test_1_argument_not_utf8);
  g_test_add_func ("/cli-hostile/2/import-devices", test_2_import_devices);
  g_test_add_func ("/cli-hostile/2/ruleset-path", test_2_ruleset_path);
  g_test_add_func ("/cli-hostile/6/create-over-document", test_6_create_over_document);
  g_test_add_func ("/cli-hostile/6/failed-create-leaves-nothing", test_6_failed_create_leaves_nothing);
  g_test_add_func ("/cli-hostile/6/output-over-document", test_6_output_over_document);
  g_test_add_func ("/cli-hostile/6/ladder-public-list", test_6_ladder_public_list);
  g_test_add_func ("/cli-hostile/11/nominees-public", test_11_nominees_public);
  g_test_add_func ("/cli-hostile/7/export-formulas", test_7_export_formulas);
  g_test_add_func ("/cli-hostile/12/oversized-field", test_12_oversized_field);
  g_test_add_func ("/cli-hostile/build-2/damaged-document", test_b2_damaged_document);

  status = g_test_run ();
  qw_test_remove_tree (dir);
  g_free (dir);
  return status;
}
