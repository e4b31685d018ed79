/* test-cli-commands.c: every qiwang-cli command, as the dispatcher sees it
 *
 * Runs the built CLI ($QIWANG_CLI): the list of commands, their argument
 * counts and usage errors (exit 2, before anything is opened), their help,
 * which ones take --json, the exact keys of every command's JSON, and
 * import-results with each kind of file the region page accepts.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <json-glib/json-glib.h>

#include "qw-test.h"
#include "qw-test-cli.h"
#include "qw-test-region.h"
#include "qw-results-export.h"

static char *dir;

/* Every command, its argument counts (-1: any number) and whether it takes
 * --json. */
static const struct
{
  const char *name;
  int         min;
  int         max;
  gboolean    json;
} commands[] = {
  { "idcard", 1, -1, TRUE },
  { "check-entries", 1, 1, TRUE },
  { "new", 1, 1, FALSE },
  { "event", 1, 1, TRUE },
  { "import", 2, 2, TRUE },
  { "entries", 1, 1, TRUE },
  { "export-entries", 1, 1, FALSE },
  { "list-order", 1, 2, FALSE },
  { "demo", 1, 1, FALSE },
  { "entry", 2, 2, TRUE },
  { "simulate", 1, 1, FALSE },
  { "pair", 2, 2, TRUE },
  { "pair-manual", 2, 2, TRUE },
  { "import-trf", 2, 2, TRUE },
  { "export-trf", 2, 2, FALSE },
  { "unpair", 2, 2, FALSE },
  { "result", 5, 5, FALSE },
  { "clear-result", 4, 4, FALSE },
  { "undo", 1, 4, TRUE },
  { "redo", 1, 1, TRUE },
  { "games", 2, 2, TRUE },
  { "standings", 2, 2, TRUE },
  { "explain", 3, 3, FALSE },
  { "withdraw", 3, 3, FALSE },
  { "reinstate", 3, 3, FALSE },
  { "absent", 3, 3, FALSE },
  { "seeding", 2, 2, TRUE },
  { "admit", 3, 3, FALSE },
  { "exclude", 3, 3, FALSE },
  { "include", 3, 3, FALSE },
  { "allow", 3, 3, FALSE },
  { "swap", 5, 5, FALSE },
  { "repair", 5, 6, FALSE },
  { "check", 3, 3, FALSE },
  { "log", 2, 2, FALSE },
  { "sections", 1, 1, FALSE },
  { "settings", 2, -1, FALSE },
  { "quota", 1, 1, TRUE },
  { "new-region", 1, 1, FALSE },
  { "import-results", 2, -1, TRUE },
  { "import-stops", 2, 2, FALSE },
  { "region", 1, 1, TRUE },
  { "export", 1, 1, FALSE },
  { "check-final", 1, 2, TRUE },
  { "nominees", 1, 1, TRUE },
  { "import-nominees", 2, -1, FALSE },
  { "team-result", 1, 1, TRUE },
  { "print", 2, 2, TRUE },
  { "ladder", 1, 1, TRUE },
  { "ladder-finalists", 1, 1, TRUE },
  { "ladder-cancel", 2, 2, TRUE },
  { "teams", 1, 1, TRUE },
  { "prizes", 1, 1, TRUE },
  { "serve", 1, 1, FALSE },
  { "export-site", 1, 1, FALSE },
  { "share", 3, 3, FALSE },
  { "verify-certificate", 2, 2, TRUE },
  /* Issue 20: the venue, both ways */
  { "device", 2, 3, TRUE },
  { "devices", 1, 1, TRUE },
  { "checkin", 3, 3, FALSE },
  { "round-entry", 3, 3, FALSE },
  { "round-clock", 3, 3, FALSE },
};

static JsonNode *
parse_json (const char *text)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;

  json_parser_load_from_data (parser, text, -1, &error);
  g_assert_no_error (error);
  return json_node_copy (json_parser_get_root (parser));
}

/* The object's members are exactly @keys (comma-separated), in that order. */
static void
assert_keys (JsonObject *obj,
             const char *keys)
{
  g_autoptr(GList) members = json_object_get_members (obj);
  g_autoptr(GString) got = g_string_new (NULL);

  for (GList *l = members; l != NULL; l = l->next)
    g_string_append_printf (got, "%s%s", got->len > 0 ? "," : "", (char *) l->data);
  g_assert_cmpstr (got->str, ==, keys);
}

static JsonArray *
run_json_array (QwTestRun *r)
{
  g_autoptr(JsonNode) root = NULL;

  if (r->status != 0)
    g_error ("exit %d: %s", r->status, r->err);
  root = parse_json (r->out);
  g_assert_true (JSON_NODE_HOLDS_ARRAY (root));
  return json_array_ref (json_node_get_array (root));
}

static JsonObject *
run_json_object (QwTestRun *r)
{
  g_autoptr(JsonNode) root = NULL;

  if (r->status != 0)
    g_error ("exit %d: %s", r->status, r->err);
  root = parse_json (r->out);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (root));
  return json_object_ref (json_node_get_object (root));
}

static void
assert_array_keys (QwTestRun  *r,
                   const char *keys)
{
  g_autoptr(JsonArray) array = run_json_array (r);

  g_assert_cmpuint (json_array_get_length (array), >, 0);
  for (guint i = 0; i < json_array_get_length (array); i++)
    assert_keys (json_array_get_object_element (array, i), keys);
}

/* Fixtures: a stop with entries, a simulated stop, a preliminary's and a
 * provincial final's results files, a stops CSV. */

static void
write_results (const char *name,
               QwResults  *results)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *xml = qw_results_to_xml (results, FALSE, NULL, &error);

  g_assert_no_error (error);
  qw_test_write_text (dir, name, xml);
}

static void
setup_fixtures (void)
{
  g_autoptr(QwResults) prelim = fixture_results ("2021年第六届全国象棋业余棋王赛广东赛区惠东（县）预选赛", "prelim-0001",
                                                 "2021-07-03", 7);
  g_autoptr(QwResults) final = fixture_results ("2021年第六届全国象棋业余棋王赛广东赛区省决赛", "final-0001",
                                                "2021-10-20", 7);
  g_autoptr(GString) ten = g_string_new ("名称,类型,级别,承办单位,地级市,县级市,荣誉,参赛人数\n");

  for (int i = 0; i < 10; i++)
    g_string_append_printf (ten, "第%d站,预选赛,县级,第%d协会,第%d市,,,99\n", i + 1, i + 1, i + 1);

  qw_test_write_text (dir, "entries.csv", "姓名,性别,出生日期,身份证号,单位,等级\n"
                      "王五,女,1949-12-31,11010519491231002X,北京象棋协会,\n"
                      "赵六,男,2012-03-04,,少年宫,\n"
                      ",男,1980/1/2,,,国家大师\n");
  qw_test_write_text (dir, "stops.csv", "名称,类型,级别,承办单位,地级市,县级市,荣誉,参赛人数\n"
                      "第1站,预选赛,县级,第1县象棋协会,某市,,,90\n"
                      "第2站,预选赛,县级,第2县象棋协会,另一市,,,60\n");
  qw_test_write_text (dir, "ten.csv", ten->str);
  qw_test_write_text (dir, "broken.csv", "not,a,stops,list\n");
  qw_test_write_text (dir, "games.csv", "期,阶段,时间,红方,黑方,结果\n"
                      "1,海选,2022-06-01 10:00,a,b,2:0\n1,海选,2022-06-02 10:00,a,c,2:0\n"
                      "1,海选,2022-06-03 10:00,a,d,2:0\n1,海选,2022-06-04 10:00,a,e,1:1\n"
                      "1,入围,2022-06-12 10:00,a,b,2:0\n1,海选,2022-06-12 10:00,a,b,2:0\n");
  write_results ("prelim.xml", prelim);
  final->event->level = QW_LEVEL_PROVINCIAL_FINAL;
  write_results ("final.xml", final);
  g_free (qw_test_cli_out ("new", "stop.qiwang", "--region", "广东", "--county", "惠东县", "--start", "2021-07-03", NULL));
  g_free (qw_test_cli_out ("simulate", "sim.qiwang", "--system", "swiss", "--players", "9", "--rounds", "3",
                           "--seed", "1", NULL));
}

/* The tests */

/* help lists exactly the commands of this test's table, in its order. */
static void
test_listed (void)
{
  g_auto(QwTestRun) r = { 0 };
  g_auto(GStrv) lines = NULL;
  guint n = 0;

  qw_test_cli (&r, "help", NULL);
  g_assert_cmpint (r.status, ==, 0);
  lines = g_strsplit (r.out, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autofree char *prefix = NULL;

      if (!g_str_has_prefix (lines[i], "  "))
        continue;
      g_assert_cmpuint (n, <, G_N_ELEMENTS (commands));
      prefix = g_strdup_printf ("  %s ", commands[n].name);
      if (!g_str_has_prefix (lines[i], prefix))
        g_error ("help lists “%s” where the test expects %s", lines[i], commands[n].name);
      n++;
    }
  g_assert_cmpuint (n, ==, G_N_ELEMENTS (commands));
}

/* The first line of the command's help: "Usage: qiwang-cli NAME USAGE". */
static char *
usage_line (const char *name)
{
  g_auto(QwTestRun) r = { 0 };
  char *end;

  qw_test_cli (&r, name, "--help", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_cmpstr (r.err, ==, "");
  end = strchr (r.out, '\n');
  g_assert_nonnull (end);
  return g_strndup (r.out, end - r.out);
}

static void
assert_usage_error (QwTestRun  *r,
                    const char *name,
                    const char *message)
{
  g_autofree char *first = g_strdup_printf ("qiwang-cli %s: ", name);
  g_autofree char *usage = usage_line (name);

  g_assert_cmpint (r->status, ==, 2);
  g_assert_cmpstr (r->out, ==, "");
  if (!g_str_has_prefix (r->err, first) || strstr (r->err, usage) == NULL
      || (message != NULL && strstr (r->err, message) == NULL))
    g_error ("%s: expected “%s…%s” and its usage, got: %s", name, first, message != NULL ? message : "", r->err);
}

/* Too few and too many arguments are usage errors, said the same way for
 * every command, before anything is opened. */
static void
test_counts (void)
{
  for (guint c = 0; c < G_N_ELEMENTS (commands); c++)
    {
      g_autoptr(GPtrArray) few = g_ptr_array_new ();
      g_autoptr(GPtrArray) many = g_ptr_array_new ();
      g_auto(QwTestRun) r1 = { 0 };
      g_auto(QwTestRun) r2 = { 0 };

      g_ptr_array_add (few, (gpointer) commands[c].name);
      for (int i = 0; i < commands[c].min - 1; i++)
        g_ptr_array_add (few, (gpointer) "missing.qiwang");
      g_ptr_array_add (few, NULL);
      qw_test_cli_argv (&r1, (const char * const *) few->pdata);
      assert_usage_error (&r1, commands[c].name, "takes");
      if (commands[c].max < 0)
        continue;
      g_ptr_array_add (many, (gpointer) commands[c].name);
      for (int i = 0; i < commands[c].max + 1; i++)
        g_ptr_array_add (many, (gpointer) "missing.qiwang");
      g_ptr_array_add (many, NULL);
      qw_test_cli_argv (&r2, (const char * const *) many->pdata);
      assert_usage_error (&r2, commands[c].name, "takes");
    }
}

static void
test_count_messages (void)
{
  g_auto(QwTestRun) exact = { 0 };
  g_auto(QwTestRun) at_least = { 0 };
  g_auto(QwTestRun) either = { 0 };

  qw_test_cli (&exact, "pair", "a.qiwang", NULL);
  assert_usage_error (&exact, "pair", "takes 2 arguments, not 1");
  qw_test_cli (&at_least, "idcard", NULL);
  assert_usage_error (&at_least, "idcard", "takes at least 1 argument, not 0");
  qw_test_cli (&either, "repair", "a", "b", "c", "d", "e", "f", "g", NULL);
  assert_usage_error (&either, "repair", "takes 5 or 6 arguments, not 7");
}

/* An unknown option is a usage error; --json is known exactly where the
 * table says. */
static void
test_options (void)
{
  for (guint c = 0; c < G_N_ELEMENTS (commands); c++)
    {
      g_auto(QwTestRun) unknown = { 0 };
      g_auto(QwTestRun) json = { 0 };
      g_auto(QwTestRun) help = { 0 };

      qw_test_cli (&unknown, commands[c].name, "--no-such-option", NULL);
      assert_usage_error (&unknown, commands[c].name, "--no-such-option");
      qw_test_cli (&help, commands[c].name, "--help", NULL);
      g_assert_cmpint (help.status, ==, 0);
      g_assert_true ((strstr (help.out, "\n  --json ") != NULL) == commands[c].json);
      if (commands[c].json)
        continue;
      qw_test_cli (&json, commands[c].name, "--json", NULL);
      assert_usage_error (&json, commands[c].name, "--json");
    }
}

/* COMMAND --help, help COMMAND and the list print the table's usage. */
static void
test_help (void)
{
  g_auto(QwTestRun) list = { 0 };
  g_auto(QwTestRun) none = { 0 };
  g_auto(QwTestRun) unknown = { 0 };
  g_auto(QwTestRun) version = { 0 };

  qw_test_cli (&list, "help", NULL);
  g_assert_cmpint (list.status, ==, 0);
  for (guint c = 0; c < G_N_ELEMENTS (commands); c++)
    {
      g_autofree char *usage = usage_line (commands[c].name);
      g_autofree char *listed = g_strdup_printf ("\n  %s", usage + strlen ("Usage: qiwang-cli "));
      g_auto(QwTestRun) a = { 0 };
      g_auto(QwTestRun) b = { 0 };
      g_auto(QwTestRun) h = { 0 };

      g_assert_true (g_str_has_prefix (usage, "Usage: qiwang-cli "));
      if (strstr (list.out, listed) == NULL)
        g_error ("help does not list “%s”", listed + 1);
      qw_test_cli (&a, commands[c].name, "--help", NULL);
      qw_test_cli (&b, "help", commands[c].name, NULL);
      qw_test_cli (&h, commands[c].name, "-h", NULL);
      g_assert_cmpstr (a.out, ==, b.out);
      g_assert_cmpstr (a.out, ==, h.out);
      g_assert_nonnull (strstr (a.out, "\n  -h, --help "));
    }
  qw_test_cli_argv (&none, (const char *[]) { NULL });
  g_assert_cmpint (none.status, ==, 2);
  g_assert_cmpstr (none.out, ==, list.out);
  qw_test_cli (&unknown, "no-such-command", NULL);
  g_assert_cmpint (unknown.status, ==, 2);
  g_assert_nonnull (strstr (unknown.err, "qiwang-cli no-such-command: unknown command"));
  qw_test_cli (&version, "--version", NULL);
  g_assert_cmpint (version.status, ==, 0);
  g_assert_true (g_str_has_prefix (version.out, "qiwang-cli "));
}

/* Arguments and options are checked before anything is opened: a bad round
 * is a usage error even when the document does not exist. */
static void
test_exit_status (void)
{
  static const struct { const char *args[8]; int status; const char *message; } cases[] = {
    { { "result", "missing.qiwang", "open-m", "x", "1", "2:0" }, 2, "The round must be a whole number" },
    { { "result", "missing.qiwang", "open-m", "1", "0", "2:0" }, 2, "The board must be a whole number" },
    { { "result", "missing.qiwang", "open-m", "1", "1", "3:0" }, 2, "not a result" },
    { { "result", "missing.qiwang", "open-m", "1", "1", "-:-" }, 1, "missing.qiwang" },
    { { "undo", "missing.qiwang", "open-m", "100", "1" }, 2, "The round" },
    { { "swap", "missing.qiwang", "open-m", "y", "1", "2" }, 2, "The round" },
    { { "repair", "missing.qiwang", "open-m", "1", "z", "1" }, 2, "The board" },
    { { "check", "missing.qiwang", "open-m", "0" }, 2, "The round" },
    { { "explain", "missing.qiwang", "open-m", "3rd" }, 2, "The round" },
    { { "standings", "missing.qiwang", "open-m", "--round", "-1" }, 2, "--round" },
    { { "region", "missing.qiwang", "--decided-places", "-3" }, 2, "--decided-places" },
    { { "export", "missing.qiwang" }, 2, "--out" },
    { { "print", "missing.qiwang", "posters", "--out", "x.pdf" }, 2, "not a document kind" },
    { { "games", "missing.qiwang", "open-m" }, 1, "missing.qiwang" },
    { { "import-nominees", "stop.qiwang", "final.xml" }, 1, "not a national document" },
    { { "import-results", "stop.qiwang", "final.xml" }, 1, "not a region document" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GPtrArray) args = g_ptr_array_new ();
      g_auto(QwTestRun) r = { 0 };

      for (guint k = 0; k < G_N_ELEMENTS (cases[i].args) && cases[i].args[k] != NULL; k++)
        g_ptr_array_add (args, (gpointer) cases[i].args[k]);
      g_ptr_array_add (args, NULL);
      qw_test_cli_argv (&r, (const char * const *) args->pdata);
      if (r.status != cases[i].status || strstr (r.err, cases[i].message) == NULL)
        g_error ("case %u (%s): expected exit %d and “%s”, got %d: %s", i, cases[i].args[0], cases[i].status,
                 cases[i].message, r.status, r.err);
      if (cases[i].status == 2)
        assert_usage_error (&r, cases[i].args[0], cases[i].message);
    }
}

/* Each kind of file the region page imports, one action per file. */
static void
test_import_results (void)
{
  g_auto(QwTestRun) text = { 0 };
  g_auto(QwTestRun) again = { 0 };
  g_auto(QwTestRun) bad = { 0 };
  g_auto(QwTestRun) summary = { 0 };
  g_autoptr(JsonArray) outcomes = NULL;
  g_autoptr(JsonObject) region = NULL;
  JsonObject *o;

  g_free (qw_test_cli_out ("new-region", "import.qiwang", "--region", "广东", NULL));
  qw_test_cli (&text, "import-results", "import.qiwang", "prelim.xml", "stops.csv", "sim.qiwang", NULL);
  g_assert_cmpstr (text.err, ==, "");
  g_assert_cmpint (text.status, ==, 0);
  g_assert_nonnull (strstr (text.out, "prelim.xml: added 2021年第六届全国象棋业余棋王赛广东赛区惠东（县）预选赛 (10 players)\n"));
  g_assert_nonnull (strstr (text.out, "stops.csv: 2 stops added, 0 replaced, 0 kept as imported from their results files\n"));
  g_assert_nonnull (strstr (text.out, "sim.qiwang: added "));
  g_assert_nonnull (strstr (text.out, " (9 players)\n"));

  qw_test_cli (&again, "import-results", "--json", "import.qiwang", "prelim.xml", "stops.csv", "sim.qiwang", NULL);
  outcomes = run_json_array (&again);
  g_assert_cmpuint (json_array_get_length (outcomes), ==, 3);
  o = json_array_get_object_element (outcomes, 0);
  assert_keys (o, "file,outcome,name,players");
  g_assert_cmpstr (json_object_get_string_member (o, "outcome"), ==, "unchanged");
  o = json_array_get_object_element (outcomes, 1);
  assert_keys (o, "file,outcome,added,replaced,kept");
  g_assert_cmpstr (json_object_get_string_member (o, "outcome"), ==, "replaced");
  g_assert_cmpint (json_object_get_int_member (o, "replaced"), ==, 2);
  o = json_array_get_object_element (outcomes, 2);
  assert_keys (o, "file,outcome,name,players");
  g_assert_cmpstr (json_object_get_string_member (o, "file"), ==, "sim.qiwang");
  g_assert_cmpint (json_object_get_int_member (o, "players"), ==, 9);

  /* A bad file is refused; the others still go in. */
  qw_test_cli (&bad, "import-results", "import.qiwang", "broken.csv", "import.qiwang", "final.xml", NULL);
  g_assert_cmpint (bad.status, ==, 1);
  g_assert_nonnull (strstr (bad.err, "broken.csv: rejected: "));
  g_assert_nonnull (strstr (bad.err, "import.qiwang: rejected: import.qiwang is not a stop’s document"));
  g_assert_nonnull (strstr (bad.out, "final.xml: added "));

  qw_test_cli (&summary, "region", "--json", "import.qiwang", NULL);
  region = run_json_object (&summary);
  /* The preliminary, the stop document, the CSV's two stops; the final. */
  g_assert_cmpint (json_object_get_int_member (region, "preliminaries"), ==, 4);
  g_assert_true (json_object_get_boolean_member (region, "final"));
}

/* The exact keys of every command's JSON. */
static void
test_json (void)
{
  g_auto(QwTestRun) idcard = { 0 };
  g_auto(QwTestRun) check = { 0 };
  g_auto(QwTestRun) import = { 0 };
  g_auto(QwTestRun) entries = { 0 };
  g_auto(QwTestRun) games = { 0 };
  g_auto(QwTestRun) standings = { 0 };
  g_auto(QwTestRun) imported = { 0 };
  g_auto(QwTestRun) region = { 0 };
  g_auto(QwTestRun) quota = { 0 };
  g_auto(QwTestRun) quota_csv = { 0 };
  g_auto(QwTestRun) final = { 0 };
  g_auto(QwTestRun) nominees = { 0 };
  g_auto(QwTestRun) national = { 0 };
  g_auto(QwTestRun) teams = { 0 };
  g_auto(QwTestRun) print = { 0 };
  g_auto(QwTestRun) ladder = { 0 };
  g_autoptr(JsonObject) l = NULL;
  g_autoptr(JsonObject) o = NULL;
  g_autoptr(JsonObject) q = NULL;
  g_autoptr(JsonObject) qc = NULL;
  g_autoptr(JsonObject) r = NULL;
  g_autoptr(JsonObject) f = NULL;
  g_autoptr(JsonObject) n = NULL;
  g_autoptr(JsonObject) nn = NULL;
  g_autoptr(JsonObject) p = NULL;
  g_autoptr(JsonArray) rows = NULL;
  JsonArray *stops;

  qw_test_cli (&idcard, "idcard", "--json", "11010519491231002X", "110105194912310021", NULL);
  assert_array_keys (&idcard, "input,valid,error,birth,sex,province");
  qw_test_cli (&check, "check-entries", "--date", "2021-07-01", "--json", "entries.csv", NULL);
  assert_array_keys (&check, "row,name,group,problems");

  qw_test_cli (&import, "import", "--json", "stop.qiwang", "entries.csv", NULL);
  o = run_json_object (&import);
  assert_keys (o, "encoding,added,updated,unchanged,imported,rejected,late,rows,unused_columns");
  g_assert_cmpint (json_object_get_int_member (o, "imported"), ==, 2);
  /* The third row has neither a name nor an ID number (issue 9). */
  g_assert_cmpint (json_object_get_int_member (o, "added"), ==, 2);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "rejected")), ==, 1);
  assert_keys (json_array_get_object_element (json_object_get_array_member (o, "rejected"), 0), "row,reason,message");
  qw_test_cli (&entries, "entries", "stop.qiwang", "--json", NULL);
  assert_array_keys (&entries, "name,group,problems,no,id,unit,sex,birth,status,present,registered,form_stamped");

  qw_test_cli (&games, "games", "sim.qiwang", "open-m", "--json", NULL);
  assert_array_keys (&games, "round,board,red,black,result,playoff,armageddon,entered_by");
  qw_test_cli (&standings, "standings", "--json", "sim.qiwang", "open-m", NULL);
  assert_array_keys (&standings, "rank,no,name,unit,points,tiebreaks");

  g_free (qw_test_cli_out ("new-region", "json.qiwang", "--region", "广东", NULL));
  qw_test_cli (&imported, "import-results", "json.qiwang", "prelim.xml", "final.xml", "stops.csv", "--json", NULL);
  rows = run_json_array (&imported);
  g_assert_cmpuint (json_array_get_length (rows), ==, 3);
  assert_keys (json_array_get_object_element (rows, 0), "file,outcome,name,players");
  assert_keys (json_array_get_object_element (rows, 2), "file,outcome,added,replaced,kept");

  qw_test_cli (&region, "region", "json.qiwang", "--json", NULL);
  r = run_json_object (&region);
  assert_keys (r, "region,stops,preliminaries,valid_stops,participants,final,decided_places,warnings");
  stops = json_object_get_array_member (r, "stops");
  g_assert_cmpuint (json_array_get_length (stops), ==, 4);
  for (guint i = 0; i < json_array_get_length (stops); i++)
    assert_keys (json_array_get_object_element (stops, i),
                 "name,type,level,host,prefecture,county_city,honours,start,end,participants,valid,source");

  qw_test_cli (&quota, "quota", "--json", "json.qiwang", NULL);
  q = run_json_object (&quota);
  assert_keys (q, "stops,valid_stops,participants,final,tier,quota,leader,bonus,next");
  qw_test_cli (&quota_csv, "quota", "--ruleset", "qiwang-2021", "--json", "stops.csv", NULL);
  qc = run_json_object (&quota_csv);
  assert_keys (qc, "stops,valid_stops,participants,final,tier,quota,leader,bonus,next");

  qw_test_cli (&final, "check-final", "--json", "json.qiwang", NULL);
  f = run_json_object (&final);
  assert_keys (f, "entries,unchecked_stops,warnings");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (f, "entries")), >, 0);
  assert_keys (json_array_get_object_element (json_object_get_array_member (f, "entries"), 0),
               "no,name,id,played,stops,message");

  /* Ten valid preliminaries and the final: tier B, and nominees (the private
   * form, for the national document). */
  g_free (qw_test_cli_out ("import-results", "json.qiwang", "ten.csv", NULL));
  qw_test_cli (&nominees, "nominees", "json.qiwang", "--out", "nominees.xml", "--private", "--json", NULL);
  n = run_json_object (&nominees);
  assert_keys (n, "region,tier,leader,nominees,bonus,notes,duplicates");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (n, "nominees")), >, 0);
  assert_keys (json_array_get_object_element (json_object_get_array_member (n, "nominees"), 0),
               "region,line,group,rank,name,id,unit,reason");

  g_free (qw_test_cli_out ("new-region", "national.qiwang", "--national", NULL));
  g_free (qw_test_cli_out ("import-nominees", "national.qiwang", "nominees.xml", NULL));
  qw_test_cli (&national, "nominees", "--json", "national.qiwang", NULL);
  nn = run_json_object (&national);
  assert_keys (nn, "region,tier,leader,nominees,bonus,notes,duplicates");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (nn, "nominees")), ==,
                    json_array_get_length (json_object_get_array_member (n, "nominees")));

  qw_test_cli (&teams, "team-result", "--json", "final.xml", NULL);
  assert_array_keys (&teams, "rank,team,total,counted,places");

  qw_test_cli (&print, "print", "sim.qiwang", "standings", "--out", "standings.pdf", "--json", NULL);
  p = run_json_object (&print);
  assert_keys (p, "kind,pdf,pages,png,notes");

  qw_test_cli (&ladder, "ladder", "--ruleset", "qiwang-2022", "games.csv", "--json", NULL);
  l = run_json_object (&ladder);
  assert_keys (l, "periods,finalists,certificate_eligible,warnings");
  {
    JsonArray *periods = json_object_get_array_member (l, "periods");
    JsonObject *first = json_array_get_object_element (periods, 0);

    g_assert_cmpuint (json_array_get_length (periods), ==, 8);
    assert_keys (first, "period,selection,qualifying");
    assert_keys (json_array_get_object_element (json_object_get_array_member (first, "selection"), 0),
                 "player,games,wins,draws,losses,left,points,qualified");
    assert_keys (json_array_get_object_element (json_object_get_array_member (first, "qualifying"), 0),
                 "rank,player,games,wins,points,qualified");
    assert_keys (json_array_get_object_element (json_object_get_array_member (l, "warnings"), 0),
                 "code,period,player");
    g_assert_cmpstr (json_array_get_string_element (json_object_get_array_member (l, "finalists"), 0), ==, "a");
  }
}

int
main (int    argc,
      char **argv)
{
  int status;

  qw_test_cli_init (&argc, &argv);
  dir = qw_test_make_tmp_dir ("qiwang-cli-commands-XXXXXX");
  qw_test_cli_configure (&(QwTestCliOptions) { .dir = dir, .no_leak_check = TRUE });
  setup_fixtures ();
  g_test_add_func ("/cli/commands/listed", test_listed);
  g_test_add_func ("/cli/commands/counts", test_counts);
  g_test_add_func ("/cli/commands/count-messages", test_count_messages);
  g_test_add_func ("/cli/commands/options", test_options);
  g_test_add_func ("/cli/commands/help", test_help);
  g_test_add_func ("/cli/commands/exit-status", test_exit_status);
  g_test_add_func ("/cli/commands/import-results", test_import_results);
  g_test_add_func ("/cli/commands/json", test_json);
  status = g_test_run ();
  fixture_rmdir (dir);
  g_free (dir);
  return status;
}
