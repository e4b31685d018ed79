/* test-cli-event.c: qiwang-cli event and new, the stop's details (issue 9 point 5)
 *
 * Runs the built CLI ($QIWANG_CLI) as a user would: the exact JSON of
 * `event --json`, changes and refusals (nothing written), the fields that
 * follow the place, the contract's host levels (prefecture stored as city),
 * the warnings, and the region's rules day (`region --rules-published`).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <json-glib/json-glib.h>
#include <string.h>

#include "qw-document.h"
#include "qw-document-entries.h"
#include "qw-event.h"
#include "qw-test.h"
#include "qw-test-cli.h"
#include "qw-test-json.h"

static char *dir;

static JsonObject *
event_json (const char *doc)
{
  g_auto(QwTestRun) r = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;

  qw_test_cli_ok (&r, "event", doc, "--json", NULL);
  json_parser_load_from_data (parser, r.out, -1, &error);
  g_assert_no_error (error);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)));
  return json_object_ref (json_node_get_object (json_parser_get_root (parser)));
}

static const char *
str (JsonObject *o,
     const char *key)
{
  g_assert_true (json_object_has_member (o, key));
  return json_object_get_null_member (o, key) ? NULL : json_object_get_string_member (o, key);
}

/* The array member as "a,b,c". */
static char *
list (JsonObject *o,
      const char *key)
{
  JsonArray *a = json_object_get_array_member (o, key);
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < json_array_get_length (a); i++)
    g_string_append_printf (out, "%s%s", i > 0 ? "," : "", json_array_get_string_element (a, i));
  return g_string_free (out, FALSE);
}

static QwEvent *
stored_event (const char *name)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = qw_document_open (path, &error);
  QwEvent *event;

  g_assert_no_error (error);
  event = qw_document_get_main_event (doc, &error);
  g_assert_no_error (error);
  return event;
}

static char *
shown (const char *doc)
{
  g_auto(QwTestRun) r = { 0 };

  qw_test_cli_ok (&r, "event", doc, "--json", NULL);
  return g_steal_pointer (&r.out);
}

/* new takes every option of the contract; event --json gives exactly its keys. */
static void
test_new_and_show (void)
{
  g_auto(QwTestRun) r = { 0 };
  g_autoptr(JsonObject) o = NULL;
  g_autoptr(GList) members = NULL;
  g_autoptr(GString) keys = g_string_new (NULL);
  g_autofree char *honours = NULL;
  g_autofree char *warnings = NULL;
  g_autoptr(QwEvent) stored = NULL;

  qw_test_cli_ok (&r, "new", "full.qiwang", "--region", "广东", "--city", "惠州市", "--county", "惠东县",
                  "--start", "2021-07-03", "--end", "2021-07-04", "--host", "惠东县象棋协会", "--host-level", "county",
                  "--prefecture", "惠州市", "--honour", "象棋之乡", "--honour", "全国象棋基地", "--arbiter", "陈国华",
                  "--arbiter-grade", "一级", "--venue", "惠东县文化馆", "--minutes", "30", "--increment", "10", NULL);
  g_assert_cmpstr (r.out, ==, "2021年第六届全国象棋业余棋王赛广东赛区惠州市惠东县预选赛\n");
  g_assert_cmpstr (r.err, ==, "");
  o = event_json ("full.qiwang");
  members = json_object_get_members (o);
  for (GList *l = members; l != NULL; l = l->next)
    g_string_append_printf (keys, "%s%s", keys->len > 0 ? "," : "", (char *) l->data);
  g_assert_cmpstr (keys->str, ==, "name,level,region,start,end,host,host_level,prefecture,county_city,honours,"
                                  "arbiter,arbiter_grade,warnings");
  g_assert_cmpstr (str (o, "name"), ==, "2021年第六届全国象棋业余棋王赛广东赛区惠州市惠东县预选赛");
  g_assert_cmpstr (str (o, "level"), ==, "preliminary");
  g_assert_cmpstr (str (o, "region"), ==, "广东");
  g_assert_cmpstr (str (o, "start"), ==, "2021-07-03");
  g_assert_cmpstr (str (o, "end"), ==, "2021-07-04");
  g_assert_cmpstr (str (o, "host"), ==, "惠东县象棋协会");
  g_assert_cmpstr (str (o, "host_level"), ==, "county");
  g_assert_cmpstr (str (o, "prefecture"), ==, "惠州市");
  g_assert_null (str (o, "county_city"));
  honours = list (o, "honours");
  g_assert_cmpstr (honours, ==, "象棋之乡,象棋基地");
  g_assert_cmpstr (str (o, "arbiter"), ==, "陈国华");
  g_assert_cmpstr (str (o, "arbiter_grade"), ==, "一级");
  warnings = list (o, "warnings");
  g_assert_cmpstr (warnings, ==, "");
  stored = stored_event ("full.qiwang");
  g_assert_cmpstr (stored->venue, ==, "惠东县文化馆");
  g_assert_cmpstr (stored->honours, ==, "象棋之乡、象棋基地");
}

/* The contract's "prefecture" is the city level, stored as 'city'. */
static void
test_prefecture_level (void)
{
  g_auto(QwTestRun) r = { 0 };
  g_autoptr(JsonObject) o = NULL;
  g_autoptr(QwEvent) stored = NULL;

  qw_test_cli_ok (&r, "new", "city.qiwang", "--region", "广东", "--city", "惠州市", "--start", "2021-07-03", NULL);
  o = event_json ("city.qiwang");
  g_assert_cmpstr (str (o, "host_level"), ==, "prefecture");
  stored = stored_event ("city.qiwang");
  g_assert_cmpint (stored->host_level, ==, QW_HOST_CITY);
  g_assert_cmpstr (qw_host_level_to_code (stored->host_level), ==, "city");
  g_clear_pointer (&stored, qw_event_free);
  g_clear_pointer (&o, json_object_unref);
  qw_test_run_clear (&r);
  qw_test_cli_ok (&r, "event", "city.qiwang", "--host-level", "township", NULL);
  qw_test_cli_ok (&r, "event", "city.qiwang", "--host-level", "prefecture", NULL);
  stored = stored_event ("city.qiwang");
  g_assert_cmpint (stored->host_level, ==, QW_HOST_CITY);
}

/* A 镇 makes a township stop; a 县级市 is the county-level city. */
static void
test_follows_place (void)
{
  g_auto(QwTestRun) r = { 0 };
  g_autoptr(JsonObject) o = NULL;
  g_autoptr(JsonObject) moved = NULL;
  g_autoptr(JsonObject) county = NULL;
  g_autoptr(JsonObject) kept = NULL;

  qw_test_cli_ok (&r, "new", "town.qiwang", "--region", "江苏", "--city", "苏州市", "--county", "昆山市",
                  "--town", "周庄镇", "--start", "2021-08-07", NULL);
  o = event_json ("town.qiwang");
  g_assert_cmpstr (str (o, "name"), ==, "2021年第六届全国象棋业余棋王赛江苏赛区苏州市昆山市周庄镇预选赛");
  g_assert_cmpstr (str (o, "host_level"), ==, "township");
  g_assert_cmpstr (str (o, "prefecture"), ==, "苏州市");
  g_assert_cmpstr (str (o, "county_city"), ==, "昆山市");

  /* The town changes: the name is rebuilt in its form. */
  qw_test_run_clear (&r);
  qw_test_cli_ok (&r, "event", "town.qiwang", "--town", "锦溪镇", NULL);
  moved = event_json ("town.qiwang");
  g_assert_cmpstr (str (moved, "name"), ==, "2021年第六届全国象棋业余棋王赛江苏赛区苏州市昆山市锦溪镇预选赛");
  /* No town: a county-level stop in 昆山市. */
  qw_test_run_clear (&r);
  qw_test_cli_ok (&r, "event", "town.qiwang", "--town", "", NULL);
  county = event_json ("town.qiwang");
  g_assert_cmpstr (str (county, "host_level"), ==, "county");
  g_assert_cmpstr (str (county, "name"), ==, "2021年第六届全国象棋业余棋王赛江苏赛区苏州市昆山市预选赛");
  /* A host level given by hand stays when the place moves, with a warning. */
  qw_test_run_clear (&r);
  qw_test_cli_ok (&r, "event", "town.qiwang", "--host-level", "prefecture", NULL);
  qw_test_run_clear (&r);
  qw_test_cli_ok (&r, "event", "town.qiwang", "--town", "周庄镇", "--name",
                  "2021年第六届全国象棋业余棋王赛江苏赛区周庄（镇）预选赛", NULL);
  kept = event_json ("town.qiwang");
  g_assert_cmpstr (str (kept, "host_level"), ==, "prefecture");
  g_assert_cmpstr (str (kept, "name"), ==, "2021年第六届全国象棋业余棋王赛江苏赛区周庄（镇）预选赛");
  g_assert_true (qw_test_json_lists (kept, "warnings", "host-level-place"));
}

/* A change that fails a check exits non-zero, says why and writes nothing. */
static void
test_refused (void)
{
  static const struct { const char *option, *value, *message; int status; } cases[] = {
    { "--end", "2021-07-02", "2021-07-02", 1 },
    { "--arbiter-grade", "特级", "特级", 1 },
    { "--honour", "围棋之乡", "围棋之乡", 1 },
    { "--name", "", "name", 1 },
    { "--host-level", "city-level", "--host-level", 2 },
    { "--level", "national", "--level", 2 },
    { "--start", "2021-02-30", "--start", 2 },
    { "--rounds", "0", "--rounds", 2 },
  };
  g_auto(QwTestRun) r = { 0 };
  g_autofree char *before = NULL;

  qw_test_cli_ok (&r, "new", "refuse.qiwang", "--region", "广东", "--city", "惠州市", "--county", "惠东县",
                  "--town", "白花镇", "--start", "2021-07-03", "--end", "2021-07-03", NULL);
  before = shown ("refuse.qiwang");
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto(QwTestRun) bad = { 0 };
      g_autofree char *after = NULL;

      qw_test_cli (&bad, "event", "refuse.qiwang", cases[i].option, cases[i].value, "--venue", "某处", NULL);
      if (bad.status != cases[i].status || strstr (bad.err, cases[i].message) == NULL)
        g_error ("%s %s: expected exit %d and “%s”, got %d: %s", cases[i].option, cases[i].value,
                 cases[i].status, cases[i].message, bad.status, bad.err);
      g_assert_cmpstr (bad.out, ==, "");
      after = shown ("refuse.qiwang");
      g_assert_cmpstr (before, ==, after);
      {
        g_autoptr(QwEvent) stored = stored_event ("refuse.qiwang");

        g_assert_true (stored->venue == NULL || stored->venue[0] == '\0');
      }
    }
}

/* new refuses the same and creates no file. */
static void
test_new_refused (void)
{
  g_auto(QwTestRun) r = { 0 };
  g_autofree char *path = g_build_filename (dir, "never.qiwang", NULL);

  qw_test_cli (&r, "new", "never.qiwang", "--region", "广东", "--city", "惠州市", "--start", "2021-07-03",
               "--end", "2021-07-01", NULL);
  g_assert_cmpint (r.status, ==, 1);
  g_assert_nonnull (strstr (r.err, "2021-07-01"));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  qw_test_run_clear (&r);
  qw_test_cli (&r, "new", "never.qiwang", "--region", "广东", "--city", "惠州市", "--arbiter-grade", "特级", NULL);
  g_assert_cmpint (r.status, ==, 1);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
}

/* The boundaries: end == start; the final's 10-31. */
static void
test_boundaries (void)
{
  g_auto(QwTestRun) r = { 0 };
  g_autoptr(JsonObject) same = NULL;
  g_autoptr(JsonObject) in_time = NULL;
  g_autoptr(JsonObject) late = NULL;

  qw_test_cli_ok (&r, "new", "final.qiwang", "--level", "provincial-final", "--region", "广东", "--start", "2021-10-30",
                  "--end", "2021-10-31", "--arbiter", "李国强", "--arbiter-grade", "国家级", "--host", "广东省象棋协会",
                  "--minutes", "30", "--increment", "10", NULL);
  in_time = event_json ("final.qiwang");
  g_assert_cmpstr (str (in_time, "name"), ==, "2021年第六届全国象棋业余棋王赛广东赛区省决赛");
  g_assert_cmpstr (str (in_time, "host_level"), ==, "province");
  g_assert_false (qw_test_json_lists (in_time, "warnings", "final-deadline"));
  qw_test_run_clear (&r);
  qw_test_cli_ok (&r, "event", "final.qiwang", "--start", "2021-11-01", "--end", "2021-11-01", NULL);
  same = event_json ("final.qiwang");
  g_assert_cmpstr (str (same, "start"), ==, "2021-11-01");
  g_assert_cmpstr (str (same, "end"), ==, "2021-11-01");
  g_assert_true (qw_test_json_lists (same, "warnings", "final-deadline"));
  /* A 一级 chief arbiter is warned about for a final, not refused. */
  qw_test_run_clear (&r);
  qw_test_cli_ok (&r, "event", "final.qiwang", "--arbiter-grade", "一级", NULL);
  late = event_json ("final.qiwang");
  g_assert_true (qw_test_json_lists (late, "warnings", "arbiter-grade-low"));
  g_assert_cmpstr (str (late, "arbiter_grade"), ==, "一级");
}

/* §七(二)3 in the CLI: the warnings print (and --json lists their codes). */
static void
test_recommendations (void)
{
  g_auto(QwTestRun) r = { 0 };
  g_auto(QwTestRun) text = { 0 };
  g_autoptr(JsonObject) o = NULL;
  g_autoptr(JsonObject) fixed = NULL;

  qw_test_cli_ok (&r, "new", "short.qiwang", "--region", "广东", "--city", "惠州市", "--county", "惠东县",
                  "--town", "白花镇", "--start", "2021-07-03", "--rounds", "4", "--minutes", "20", NULL);
  g_assert_nonnull (strstr (r.err, "Warning: 4 rounds: the scheme recommends at least 5"));
  g_assert_nonnull (strstr (r.err, "increment"));
  o = event_json ("short.qiwang");
  g_assert_true (qw_test_json_lists (o, "warnings", "few-rounds"));
  g_assert_true (qw_test_json_lists (o, "warnings", "no-increment"));
  g_assert_true (qw_test_json_lists (o, "warnings", "short-rounds"));
  g_assert_true (qw_test_json_lists (o, "warnings", "no-arbiter"));
  qw_test_cli_ok (&text, "event", "short.qiwang", NULL);
  g_assert_nonnull (strstr (text.out, "Warning: 4 rounds: the scheme recommends at least 5"));
  g_assert_nonnull (strstr (text.out, "Warning: A round takes about 40 minutes; the scheme recommends at least 60"));
  g_assert_nonnull (strstr (text.out, "Warning: No chief arbiter is named"));
  qw_test_run_clear (&r);
  qw_test_cli_ok (&r, "event", "short.qiwang", "--rounds", "5", "--minutes", "30", "--increment", "10",
                  "--arbiter", "陈国华", "--arbiter-grade", "一级", "--host", "白花镇象棋协会", NULL);
  fixed = event_json ("short.qiwang");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (fixed, "warnings")), ==, 0);
}

/* Honours: repeated, normalised, cleared with "". */
static void
test_honours (void)
{
  g_auto(QwTestRun) r = { 0 };
  g_autoptr(JsonObject) o = NULL;
  g_autoptr(JsonObject) none = NULL;
  g_autofree char *honours = NULL;

  qw_test_cli_ok (&r, "new", "honours.qiwang", "--region", "广东", "--city", "惠州市", "--county", "惠阳区",
                  "--honour", "象棋特色学校", "--honour", "全国象棋之乡", "--honour", "象棋之乡", NULL);
  o = event_json ("honours.qiwang");
  honours = list (o, "honours");
  g_assert_cmpstr (honours, ==, "象棋特色学校,象棋之乡");
  qw_test_run_clear (&r);
  qw_test_cli_ok (&r, "event", "honours.qiwang", "--honour", "", NULL);
  none = event_json ("honours.qiwang");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (none, "honours")), ==, 0);
}

/* §七(二)1 in the region: rules by 05-15, the day itself in time. */
static void
test_region_rules (void)
{
  static const struct { const char *day; guint warnings; } days[] = {
    { "2021-05-15", 0 }, { "2021-05-16", 1 }, { "", 1 }, { "2021-05-01", 0 },
  };
  g_auto(QwTestRun) r = { 0 };
  g_auto(QwTestRun) bad = { 0 };
  g_auto(QwTestRun) text = { 0 };

  qw_test_cli_ok (&r, "new-region", "region.qiwang", "--region", "广东", NULL);
  qw_test_cli_ok (&text, "region", "region.qiwang", NULL);
  g_assert_nonnull (strstr (text.out, "Warning: The region publishes its competition rules"));
  g_assert_nonnull (strstr (text.out, "2021-05-15"));
  for (guint i = 0; i < G_N_ELEMENTS (days); i++)
    {
      g_auto(QwTestRun) j = { 0 };
      g_autoptr(JsonParser) parser = json_parser_new ();
      g_autoptr(GError) error = NULL;
      JsonObject *o;

      qw_test_cli_ok (&j, "region", "region.qiwang", "--rules-published", days[i].day, "--json", NULL);
      json_parser_load_from_data (parser, j.out, -1, &error);
      g_assert_no_error (error);
      o = json_node_get_object (json_parser_get_root (parser));
      g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "warnings")), ==, days[i].warnings);
    }
  qw_test_cli (&bad, "region", "region.qiwang", "--rules-published", "2021-5-40", NULL);
  g_assert_cmpint (bad.status, ==, 2);
  g_assert_nonnull (strstr (bad.err, "--rules-published"));
}

int
main (int    argc,
      char **argv)
{
  int status;

  qw_test_cli_init (&argc, &argv);
  dir = qw_test_make_tmp_dir ("qiwang-cli-event-XXXXXX");
  qw_test_cli_configure (&(QwTestCliOptions) { .dir = dir });
  g_test_add_func ("/cli-event/new-and-show", test_new_and_show);
  g_test_add_func ("/cli-event/prefecture-level", test_prefecture_level);
  g_test_add_func ("/cli-event/follows-place", test_follows_place);
  g_test_add_func ("/cli-event/refused", test_refused);
  g_test_add_func ("/cli-event/new-refused", test_new_refused);
  g_test_add_func ("/cli-event/boundaries", test_boundaries);
  g_test_add_func ("/cli-event/recommendations", test_recommendations);
  g_test_add_func ("/cli-event/honours", test_honours);
  g_test_add_func ("/cli-event/region-rules", test_region_rules);
  status = g_test_run ();
  qw_test_remove_tree (dir);
  g_free (dir);
  return status;
}
