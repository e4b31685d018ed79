/* test-cli-stop-desk.c: the registration desk of issue 9, as scripts see it
 *
 * Runs the built CLI ($QIWANG_CLI, under G_DEBUG=fatal-warnings) on a stop
 * made as a user would: import (merged, rows by number), entries (stored sex
 * and birth date, status), export (the results file has them), pair (exit 3
 * with the blocked list and nothing written; --exclude-blocked, --force),
 * exclude / include / allow, admit (missed points, shown absent, counted),
 * and check-entries' document codes.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "qw-idcard.h"
#include "qw-test.h"
#include "qw-test-cli.h"
#include "qw-test-people.h"
#include "qw-test-json.h"

static char *tmp_dir;

/* Six players with only a name and a number, and a national master. */
static char *
first_list (void)
{
  GString *s = g_string_new ("姓名,身份证号,单位,等级\n");

  for (int i = 1; i <= 6; i++)
    {
      g_autofree char *birth = g_strdup_printf ("199103%02d", i);
      g_autofree char *id = qw_test_id_number ("441323", birth, "011");

      g_string_append_printf (s, "选手%d,%s,白花镇象棋协会,\n", i, id);
    }
  {
    g_autofree char *id = qw_test_id_number ("441323", "19850101", "013");

    g_string_append_printf (s, "李晓东,%s,稔山镇文化站,国家大师\n", id);
  }
  return g_string_free (s, FALSE);
}

static void
new_stop (const char *name)
{
  g_auto(QwTestRun) r = { 0 };
  g_autofree char *list = first_list ();

  qw_test_write_text (tmp_dir, "first.csv", list);
  qw_test_cli_ok (&r, "new", name, "--region", "广东", "--town", "白花镇", "--start", "2021-07-03", NULL);
  g_clear_pointer (&r.out, g_free);
  g_clear_pointer (&r.err, g_free);
  qw_test_cli_ok (&r, "import", name, "first.csv", NULL);
}

static JsonObject *
entry_no (JsonArray *entries,
          int        no)
{
  for (guint i = 0; i < json_array_get_length (entries); i++)
    {
      JsonObject *o = json_array_get_object_element (entries, i);

      if (json_object_get_int_member (o, "no") == no)
        return o;
    }
  g_assert_not_reached ();
}

static JsonNode *
entries_json (const char *doc)
{
  g_auto(QwTestRun) r = { 0 };

  qw_test_cli_ok (&r, "entries", doc, "--json", NULL);
  return qw_test_json_parse (r.out);
}

/* 2. The stored sex and birth date, in entries and the results file. */
static void
test_stored_facts (void)
{
  g_auto(QwTestRun) r = { 0 };
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *xml_path = g_build_filename (tmp_dir, "facts.xml", NULL);
  g_autofree char *xml = NULL;
  JsonObject *first;

  new_stop ("facts.qiwang");
  root = entries_json ("facts.qiwang");
  first = entry_no (json_node_get_array (root), 1);
  g_assert_cmpstr (json_object_get_string_member (first, "sex"), ==, "M");
  g_assert_cmpstr (json_object_get_string_member (first, "birth"), ==, "1991-03-01");
  g_assert_cmpstr (json_object_get_string_member (first, "status"), ==, "active");
  qw_test_cli_ok (&r, "export", "facts.qiwang", "--out", "facts.xml", NULL);
  g_assert_true (g_file_get_contents (xml_path, &xml, NULL, NULL));
  g_assert_nonnull (strstr (xml, "name=\"选手1\" sex=\"M\" birth=\"1991-03-01\""));
  g_assert_null (strstr (xml, "sex=\"\""));
  g_assert_null (strstr (xml, "birth=\"\""));
}

/* 3. The import report and the merge. */
static void
test_import_merges (void)
{
  g_auto(QwTestRun) r = { 0 }, again = { 0 }, text = { 0 };
  g_autoptr(JsonNode) root = NULL, second = NULL, listed = NULL;
  g_autofree char *list = first_list ();
  g_autofree char *id = qw_test_id_number ("441323", "19910301", "011");
  g_autofree char *update = g_strdup_printf ("姓名,身份证号,单位,手机\n"
                                             "选手1,%s,惠州市棋院,13800000000\n"
                                             ",,,13900000000\n"
                                             "新人,,某地,\n"
                                             "选手1重复,%s,惠州市棋院,\n", id, id);
  JsonObject *o;
  JsonArray *rejected;

  qw_test_write_text (tmp_dir, "first.csv", list);
  qw_test_write_text (tmp_dir, "update.csv", update);
  qw_test_cli_ok (&r, "new", "merge.qiwang", "--region", "广东", "--start", "2021-07-03", NULL);
  g_clear_pointer (&r.out, g_free);
  qw_test_cli_ok (&r, "import", "merge.qiwang", "first.csv", "--json", NULL);
  root = qw_test_json_parse (r.out);
  o = json_node_get_object (root);
  g_assert_cmpint (json_object_get_int_member (o, "added"), ==, 7);
  g_assert_cmpint (json_object_get_int_member (o, "imported"), ==, 7);
  /* Before round 1 nobody waits as a late entry. */
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "late")), ==, 0);
  qw_test_cli_ok (&again, "import", "merge.qiwang", "update.csv", "--json", NULL);
  second = qw_test_json_parse (again.out);
  o = json_node_get_object (second);
  g_assert_cmpint (json_object_get_int_member (o, "added"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (o, "updated"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (o, "unchanged"), ==, 0);
  g_assert_cmpint (json_object_get_int_member (o, "imported"), ==, 3);
  rejected = json_object_get_array_member (o, "rejected");
  g_assert_cmpuint (json_array_get_length (rejected), ==, 1);
  /* The row in the file (header line 1): issue 19 point 8. */
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (rejected, 0), "row"), ==, 3);
  g_assert_nonnull (json_object_get_string_member (json_array_get_object_element (rejected, 0), "reason"));
  listed = entries_json ("merge.qiwang");
  g_assert_cmpuint (json_array_get_length (json_node_get_array (listed)), ==, 9);
  o = entry_no (json_node_get_array (listed), 1);
  g_assert_cmpstr (json_object_get_string_member (o, "unit"), ==, "惠州市棋院");
  /* The row repeating row 1's number of the same list is kept, and flagged. */
  o = entry_no (json_node_get_array (listed), 9);
  g_assert_cmpstr (json_array_get_string_element (json_object_get_array_member (o, "problems"), 0), ==,
                   "duplicate-id");
  /* Without --json, every row by number. */
  qw_test_cli_ok (&text, "import", "merge.qiwang", "update.csv", NULL);
  g_assert_nonnull (strstr (text.out, "0 added, 0 updated, 3 unchanged, 1 rejected"));
  g_assert_nonnull (strstr (text.out, "\n2 "));
  g_assert_nonnull (strstr (text.out, "\n4 "));
}

/* 1. The gate: exit 3, the list, nothing written; then the two answers. */
static void
test_pair_gate (void)
{
  g_auto(QwTestRun) blocked = { 0 }, text = { 0 }, games = { 0 }, excluded = { 0 }, forced = { 0 }, log = { 0 };
  g_auto(QwTestRun) standings = { 0 };
  g_autoptr(JsonNode) root = NULL, listed = NULL, paired = NULL;
  g_autofree char *path = g_build_filename (tmp_dir, "gate.qiwang", NULL);
  g_autofree char *copy = g_build_filename (tmp_dir, "gate-force.qiwang", NULL);
  g_autofree char *before = NULL, *after = NULL;
  gsize before_len = 0, after_len = 0;
  JsonArray *list, *problems;
  JsonObject *o;

  new_stop ("gate.qiwang");
  g_assert_true (g_file_get_contents (path, &before, &before_len, NULL));
  qw_test_cli (&blocked, "pair", "gate.qiwang", "open-m", "--json", NULL);
  g_assert_cmpint (blocked.status, ==, 3);
  root = qw_test_json_parse (blocked.out);
  o = json_node_get_object (root);
  list = json_object_get_array_member (o, "blocked");
  g_assert_cmpuint (json_array_get_length (list), ==, 1);
  o = json_array_get_object_element (list, 0);
  g_assert_cmpint (json_object_get_int_member (o, "no"), ==, 7);
  g_assert_cmpstr (json_object_get_string_member (o, "name"), ==, "李晓东");
  problems = json_object_get_array_member (o, "problems");
  g_assert_cmpuint (json_array_get_length (problems), ==, 1);
  g_assert_cmpstr (json_array_get_string_element (problems, 0), ==, "too-strong");
  qw_test_cli (&text, "pair", "gate.qiwang", "open-m", NULL);
  g_assert_cmpint (text.status, ==, 3);
  g_assert_nonnull (strstr (text.out, "李晓东"));
  g_assert_nonnull (strstr (text.err, "--exclude-blocked"));
  g_assert_true (g_file_get_contents (path, &after, &after_len, NULL));
  g_assert_cmpmem (before, before_len, after, after_len);
  qw_test_cli_ok (&games, "games", "gate.qiwang", "open-m", "--json", NULL);
  g_assert_cmpstr (g_strstrip (games.out), ==, "[]");

  g_assert_true (g_file_set_contents (copy, before, (gssize) before_len, NULL));
  qw_test_cli_ok (&excluded, "pair", "gate.qiwang", "open-m", "--exclude-blocked", "--json", NULL);
  paired = qw_test_json_parse (excluded.out);
  o = json_node_get_object (paired);
  g_assert_cmpint (json_object_get_int_member (o, "round"), ==, 1);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "games")), ==, 3);
  listed = entries_json ("gate.qiwang");
  g_assert_cmpstr (json_object_get_string_member (entry_no (json_node_get_array (listed), 7), "status"), ==,
                   "excluded");
  qw_test_cli_ok (&log, "log", "gate.qiwang", "open-m", NULL);
  g_assert_nonnull (strstr (log.out, "No. 7 李晓东 is excluded"));
  qw_test_cli_ok (&standings, "standings", "gate.qiwang", "open-m", NULL);
  g_assert_nonnull (strstr (standings.out, "李晓东 (excluded)"));

  qw_test_cli_ok (&forced, "pair", "gate-force.qiwang", "open-m", "--force", NULL);
  g_assert_nonnull (strstr (forced.out, "7 李晓东"));
  g_assert_nonnull (strstr (forced.err, "Paired anyway: 7 李晓东"));
  {
    g_auto(QwTestRun) flog = { 0 };

    qw_test_cli_ok (&flog, "log", "gate-force.qiwang", "open-m", NULL);
    g_assert_nonnull (strstr (flog.out, "No. 7 李晓东 is paired anyway"));
  }
}

/* The gate checks the whole event: pair hands the pairing only its group's
 * entries, yet a number already held in another group blocks. */
static void
test_pair_gate_other_group (void)
{
  g_auto(QwTestRun) r = { 0 }, blocked = { 0 }, open = { 0 };
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *first = qw_test_id_number ("441323", "19910301", "011");
  g_autofree char *a = qw_test_id_number ("441323", "19800101", "031");
  g_autofree char *b = qw_test_id_number ("441323", "19800102", "031");
  GString *list = g_string_new ("姓名,身份证号,单位,组别\n");
  JsonArray *items;
  JsonObject *o;

  for (int i = 1; i <= 6; i++)
    {
      g_autofree char *birth = g_strdup_printf ("199103%02d", i);
      g_autofree char *id = qw_test_id_number ("441323", birth, "011");

      g_string_append_printf (list, "选手%d,%s,白花镇象棋协会,\n", i, id);
    }
  g_string_append_printf (list, "选手1重复,%s,某单位,行业组\n行业甲,%s,某单位,行业组\n行业乙,%s,某单位,行业组\n",
                          first, a, b);
  qw_test_write_text (tmp_dir, "groups.csv", list->str);
  g_string_free (list, TRUE);
  qw_test_cli_ok (&r, "new", "groups.qiwang", "--region", "广东", "--town", "白花镇", "--start", "2021-07-03", NULL);
  g_clear_pointer (&r.out, g_free);
  g_clear_pointer (&r.err, g_free);
  qw_test_cli_ok (&r, "import", "groups.qiwang", "groups.csv", NULL);

  qw_test_cli (&blocked, "pair", "groups.qiwang", "industry", "--json", NULL);
  g_assert_cmpint (blocked.status, ==, 3);
  root = qw_test_json_parse (blocked.out);
  items = json_object_get_array_member (json_node_get_object (root), "blocked");
  g_assert_cmpuint (json_array_get_length (items), ==, 1);
  o = json_array_get_object_element (items, 0);
  g_assert_cmpint (json_object_get_int_member (o, "no"), ==, 7);
  g_assert_cmpstr (json_array_get_string_element (json_object_get_array_member (o, "problems"), 0), ==,
                   "duplicate-id");
  /* The earlier holder's group pairs. */
  qw_test_cli_ok (&open, "pair", "groups.qiwang", "open-m", NULL);
  g_assert_nonnull (strstr (open.out, "1 选手1"));
}

/* The per-entry answers: exclude, include, allow. */
static void
test_answers (void)
{
  g_auto(QwTestRun) ex = { 0 }, in = { 0 }, allow = { 0 }, pair = { 0 }, again = { 0 }, bad = { 0 };
  g_autoptr(JsonNode) listed = NULL;

  new_stop ("answers.qiwang");
  qw_test_cli_ok (&ex, "exclude", "answers.qiwang", "open-m", "7", NULL);
  listed = entries_json ("answers.qiwang");
  g_assert_cmpstr (json_object_get_string_member (entry_no (json_node_get_array (listed), 7), "status"), ==,
                   "excluded");
  qw_test_cli (&again, "exclude", "answers.qiwang", "open-m", "7", NULL);
  g_assert_cmpint (again.status, ==, 1);
  qw_test_cli_ok (&in, "include", "answers.qiwang", "open-m", "7", NULL);
  qw_test_cli (&bad, "allow", "answers.qiwang", "open-m", "1", NULL);
  g_assert_cmpint (bad.status, ==, 1);
  qw_test_cli_ok (&allow, "allow", "answers.qiwang", "open-m", "7", NULL);
  qw_test_cli_ok (&pair, "pair", "answers.qiwang", "open-m", NULL);
  g_assert_nonnull (strstr (pair.out, "7 李晓东"));
}

/* The line of @text that holds @needle, without its leading blanks, or "". */
static char *
line_with (const char *text,
           const char *needle)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    if (strstr (lines[i], needle) != NULL)
      return g_strdup (g_strchug (lines[i]));
  return g_strdup ("");
}

/* Issue 19 point 7, printed and published: the standings sheet gives No. 7
 * and No. 8 "—" for a place with the reason in 备注, and the public
 * standings page "—" in the place column (no place 7 or 8, as before). */
static void
unranked_printed_and_published (void)
{
  g_auto(QwTestRun) printed = { 0 }, site = { 0 };
  g_autofree char *pdf = g_build_filename (tmp_dir, "unranked.pdf", NULL);
  g_autofree char *site_dir = g_build_filename (tmp_dir, "unranked-site", NULL);
  g_autofree char *page_path = g_build_filename (site_dir, "group", "open-m", "standings", "index.html", NULL);
  g_autofree char *text = NULL, *page = NULL, *excluded = NULL, *late = NULL;
  g_autoptr(GError) error = NULL;
  const char *pdftotext[] = { "pdftotext", "-layout", pdf, "-", NULL };
  guint dashes = 0;

  qw_test_cli_ok (&printed, "print", "late.qiwang", "standings", "--group", "open-m", "--out", "unranked.pdf", NULL);
  g_assert_true (g_spawn_sync (NULL, (char **) pdftotext, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL,
                               NULL, NULL, &text, NULL, NULL, &error));
  g_assert_no_error (error);
  excluded = line_with (text, "不具备参赛资格");
  late = line_with (text, "迟到报名，未接纳");
  g_test_message ("printed: \"%s\" and \"%s\"", excluded, late);
  g_assert_true (g_str_has_prefix (excluded, "—"));
  g_assert_true (g_str_has_prefix (late, "—"));

  qw_test_cli_ok (&site, "export-site", "late.qiwang", "--out", "unranked-site", NULL);
  g_assert_true (g_file_get_contents (page_path, &page, NULL, &error));
  g_assert_no_error (error);
  for (const char *p = page; (p = strstr (p, "<td class=\"n\">—</td>")) != NULL; p++)
    dashes++;
  g_assert_cmpuint (dashes, ==, 2);
  g_assert_null (strstr (page, "<td class=\"n\">7</td>"));
  g_assert_null (strstr (page, "<td class=\"n\">8</td>"));
}

/* Issue 19 point 7: in late.qiwang, No. 7 excluded (不具备参赛资格) and No. 8 a
 * late entry not admitted have no place: standings --json gives them
 * "rank": null after the ranked players, the table "—", the results file
 * lists them without a rank, and a region reads that file. */
static void
unranked_have_no_place (void)
{
  g_auto(QwTestRun) json = { 0 }, table = { 0 }, exported = { 0 }, region = { 0 }, imported = { 0 };
  g_autoptr(JsonNode) rows = NULL;
  g_autofree char *xml_path = g_build_filename (tmp_dir, "unranked.xml", NULL);
  g_autofree char *xml = NULL;
  JsonArray *array;
  guint n;

  qw_test_cli_ok (&json, "standings", "late.qiwang", "open-m", "--json", NULL);
  rows = qw_test_json_parse (json.out);
  array = json_node_get_array (rows);
  n = json_array_get_length (array);
  g_assert_cmpuint (n, ==, 8);
  for (guint i = 0; i < n; i++)
    {
      JsonObject *o = json_array_get_object_element (array, i);
      gint64 no = json_object_get_int_member (o, "no");

      g_assert_true (json_object_has_member (o, "rank"));
      /* The last two: 7 and 8, without a place. */
      g_assert_cmpint (i >= n - 2, ==, no == 7 || no == 8);
      if (no == 7 || no == 8)
        g_assert_true (json_object_get_null_member (o, "rank"));
      else
        g_assert_cmpint (json_object_get_int_member (o, "rank"), >=, 1);
    }
  qw_test_cli_ok (&table, "standings", "late.qiwang", "open-m", NULL);
  g_assert_nonnull (strstr (table.out, "—"));
  qw_test_cli_ok (&exported, "export", "late.qiwang", "--out", "unranked.xml", NULL);
  g_assert_true (g_file_get_contents (xml_path, &xml, NULL, NULL));
  g_assert_nonnull (strstr (xml, "<standing no=\"7\""));
  g_assert_nonnull (strstr (xml, "<standing no=\"8\""));
  g_assert_null (strstr (xml, "rank=\"7\""));
  g_assert_null (strstr (xml, "rank=\"8\""));
  qw_test_cli_ok (&region, "new-region", "unranked-region.qiwang", "--region", "广东", NULL);
  qw_test_cli_ok (&imported, "import-results", "unranked-region.qiwang", "unranked.xml", NULL);
  unranked_printed_and_published ();
}

/* 4. A late entry waits, is admitted with points for the missed round,
 * shows absent and counts. */
static void
test_admit (void)
{
  g_auto(QwTestRun) r = { 0 }, add = { 0 }, blocked = { 0 }, bad = { 0 }, admit = { 0 }, pair = { 0 };
  g_auto(QwTestRun) games = { 0 }, standings = { 0 }, exported = { 0 }, unpair = { 0 }, repaired = { 0 };
  g_auto(QwTestRun) games_again = { 0 };
  g_autofree char *xml_path = g_build_filename (tmp_dir, "late.xml", NULL);
  g_autofree char *xml = NULL;
  g_autoptr(JsonNode) listed = NULL, root = NULL, rows = NULL;
  g_autofree char *late_id = qw_test_id_number ("441323", "19910320", "051");
  g_autofree char *late = g_strdup_printf ("姓名,身份证号,单位\n迟到,%s,白花镇象棋协会\n", late_id);
  JsonArray *list;
  double points = -1;

  new_stop ("late.qiwang");
  qw_test_cli_ok (&r, "exclude", "late.qiwang", "open-m", "7", NULL);
  g_clear_pointer (&r.out, g_free);
  g_clear_pointer (&r.err, g_free);
  qw_test_cli_ok (&r, "pair", "late.qiwang", "open-m", NULL);
  for (int board = 1; board <= 3; board++)
    {
      g_auto(QwTestRun) res = { 0 };
      g_autofree char *b = g_strdup_printf ("%d", board);

      qw_test_cli_ok (&res, "result", "late.qiwang", "open-m", "1", b, "2:0", NULL);
    }
  qw_test_write_text (tmp_dir, "late.csv", late);
  /* import --json names the entries it left waiting (issue 18). */
  qw_test_cli_ok (&add, "import", "late.qiwang", "late.csv", "--json", NULL);
  {
    g_autoptr(JsonNode) report = qw_test_json_parse (add.out);
    JsonArray *waiting = json_object_get_array_member (json_node_get_object (report), "late");

    g_assert_nonnull (waiting);
    g_assert_cmpuint (json_array_get_length (waiting), ==, 1);
    g_assert_cmpint (json_array_get_int_element (waiting, 0), ==, 8);
  }
  listed = entries_json ("late.qiwang");
  g_assert_cmpstr (json_object_get_string_member (entry_no (json_node_get_array (listed), 8), "status"), ==, "late");
  qw_test_cli (&blocked, "pair", "late.qiwang", "open-m", "--json", NULL);
  g_assert_cmpint (blocked.status, ==, 3);
  root = qw_test_json_parse (blocked.out);
  list = json_object_get_array_member (json_node_get_object (root), "blocked");
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (list, 0), "no"), ==, 8);
  g_assert_cmpstr (json_array_get_string_element (json_object_get_array_member (json_array_get_object_element (list, 0),
                                                                                "problems"), 0), ==, "late-entry");
  unranked_have_no_place ();
  qw_test_cli (&bad, "admit", "late.qiwang", "open-m", "8", "--missed-points", "x", NULL);
  g_assert_cmpint (bad.status, ==, 2);
  qw_test_cli_ok (&admit, "admit", "late.qiwang", "open-m", "8", "--missed-points", "1", NULL);
  g_clear_pointer (&listed, json_node_unref);
  listed = entries_json ("late.qiwang");
  g_assert_cmpstr (json_object_get_string_member (entry_no (json_node_get_array (listed), 8), "status"), ==,
                   "active");
  qw_test_cli_ok (&pair, "pair", "late.qiwang", "open-m", NULL);
  g_assert_nonnull (strstr (pair.out, "8 迟到"));
  qw_test_cli_ok (&games, "games", "late.qiwang", "open-m", NULL);
  g_assert_nonnull (strstr (games.out, "absent (late entry): 1"));
  qw_test_cli_ok (&standings, "standings", "late.qiwang", "open-m", "--json", NULL);
  rows = qw_test_json_parse (standings.out);
  for (guint i = 0; i < json_array_get_length (json_node_get_array (rows)); i++)
    {
      JsonObject *o = json_array_get_object_element (json_node_get_array (rows), i);

      if (json_object_get_int_member (o, "no") == 8)
        points = json_object_get_double_member (o, "points");
    }
  g_assert_cmpfloat (points, ==, 1);
  /* The results file carries the missed round with its point. */
  qw_test_cli_ok (&exported, "export", "late.qiwang", "--out", "late.xml", NULL);
  g_assert_true (g_file_get_contents (xml_path, &xml, NULL, NULL));
  g_assert_nonnull (strstr (xml, "<absence no=\"8\" round=\"1\" kind=\"late\" points=\"1\"/>"));
  /* Unpairing round 2 keeps round 1 missed; the entry is paired in round 2 again. */
  qw_test_cli_ok (&unpair, "unpair", "late.qiwang", "open-m", NULL);
  qw_test_cli_ok (&repaired, "pair", "late.qiwang", "open-m", NULL);
  g_assert_nonnull (strstr (repaired.out, "8 迟到"));
  qw_test_cli_ok (&games_again, "games", "late.qiwang", "open-m", NULL);
  g_assert_nonnull (strstr (games_again.out, "absent (late entry): 1"));
}

/* 11. check-entries knows the documents. */
static void
test_check_documents (void)
{
  g_auto(QwTestRun) r = { 0 };
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *id = qw_test_id_number ("441323", "19910301", "011");
  g_autofree char *list = g_strdup_printf ("姓名,性别,出生日期,证件类型,身份证号\n"
                                           "甲,男,1991-03-01,身份证,%s\n"
                                           "乙,男,1991-03-01,,\n"
                                           "丙,男,1991-03-01,护照,E12345678\n"
                                           "丁,男,1991-03-01,身份证,441323910301021\n", id);
  JsonArray *rows;

  qw_test_write_text (tmp_dir, "documents.csv", list);
  qw_test_cli_ok (&r, "check-entries", "--ruleset", "qiwang-2021", "--date", "2021-07-01", "--json", "documents.csv",
                  NULL);
  root = qw_test_json_parse (r.out);
  rows = json_node_get_array (root);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (json_array_get_object_element (rows, 0),
                                                                         "problems")), ==, 0);
#define ONLY(i, code) \
  G_STMT_START { \
    JsonArray *p = json_object_get_array_member (json_array_get_object_element (rows, i), "problems"); \
    g_assert_cmpuint (json_array_get_length (p), ==, 1); \
    g_assert_cmpstr (json_array_get_string_element (p, 0), ==, code); \
  } G_STMT_END
  ONLY (1, "missing-document");
  ONLY (2, "document-not-accepted");
  ONLY (3, "id-old-form");
#undef ONLY
}

int
main (int    argc,
      char **argv)
{
  int status;

  qw_test_cli_init (&argc, &argv);
  tmp_dir = qw_test_make_tmp_dir ("qiwang-cli-desk-XXXXXX");
  qw_test_cli_configure (&(QwTestCliOptions) { .dir = tmp_dir, .may_die = TRUE });
  g_test_add_func ("/cli-desk/stored-facts", test_stored_facts);
  g_test_add_func ("/cli-desk/import-merges", test_import_merges);
  g_test_add_func ("/cli-desk/pair-gate", test_pair_gate);
  g_test_add_func ("/cli-desk/pair-gate-other-group", test_pair_gate_other_group);
  g_test_add_func ("/cli-desk/answers", test_answers);
  g_test_add_func ("/cli-desk/admit", test_admit);
  g_test_add_func ("/cli-desk/check-documents", test_check_documents);
  status = g_test_run ();
  qw_test_remove_tree (tmp_dir);
  g_free (tmp_dir);
  return status;
}
