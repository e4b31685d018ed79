/* test-cli-publish.c: serve, export-site, share and verify-certificate (issue 13)
 *
 * Runs the built qiwang-cli ($QIWANG_CLI) on the demo: serve prints its
 * address first and answers the contract's paths (the standings JSON is
 * exactly `standings --json`'s), stops cleanly on SIGTERM; export-site
 * writes the folder; share writes a 1080-pixel PNG; verify-certificate
 * answers the contract's JSON from the document and from a results file,
 * with exit status 1 when the code is not valid.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>

#include "qw-test.h"
#include "qw-test-cli.h"
#include "qw-test-json.h"

static char *dir;

static char *
demo (const char *name)
{
  char *path = g_build_filename (dir, name, NULL);
  g_auto(QwTestRun) r = { 0 };

  qw_test_cli (&r, "demo", path, NULL);
  g_assert_cmpint (r.status, ==, 0);
  return path;
}

/* serve */

static void
test_serve (void)
{
  g_autofree char *doc = demo ("serve.qiwang");
  const char *argv[] = { g_getenv ("QIWANG_CLI"), "serve", doc, "--port", "0", NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(GIOChannel) out = NULL;
  g_autofree char *line = NULL;
  g_autofree char *base = NULL;
  g_autofree char *json = NULL;
  g_autofree char *missing = NULL;
  g_autofree char *index = NULL;
  g_autoptr(JsonNode) served = NULL, printed = NULL;
  g_auto(QwTestRun) standings = { 0 };
  GPid pid;
  int out_fd, status = 0;

  g_spawn_async_with_pipes (dir, (char **) argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL, &pid, NULL, &out_fd,
                            NULL, &error);
  g_assert_no_error (error);
  out = g_io_channel_unix_new (out_fd);
  g_io_channel_set_close_on_unref (out, TRUE);
  g_io_channel_read_line (out, &line, NULL, NULL, &error);
  g_assert_no_error (error);
  g_test_message ("first line: %s", line);
  g_assert_true (g_str_has_prefix (line, "serving http://127.0.0.1:"));
  g_assert_true (g_str_has_suffix (g_strchomp (line), "/"));
  base = g_strdup (line + strlen ("serving "));

  {
    g_autofree char *url = g_strconcat (base, "api/group/open-m/standings.json", NULL);
    g_autofree char *nope = g_strconcat (base, "group/nope/pairings", NULL);

    g_assert_cmpuint (qw_test_http_get (url, &json), ==, 200);
    g_assert_cmpuint (qw_test_http_get (nope, &missing), ==, 404);
    g_assert_cmpuint (qw_test_http_get (base, &index), ==, 200);
  }
  g_assert_nonnull (strstr (missing, "找不到这个页面"));
  g_assert_nonnull (strstr (index, "2021年第六届全国象棋业余棋王赛"));
  qw_test_cli (&standings, "standings", doc, "open-m", "--json", NULL);
  g_assert_cmpint (standings.status, ==, 0);
  served = qw_test_json_parse (json);
  printed = qw_test_json_parse (standings.out);
  g_assert_true (json_node_equal (served, printed));

  kill (pid, SIGTERM);
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, 0);
  g_spawn_close_pid (pid);
}

static void
test_serve_errors (void)
{
  g_autofree char *doc = demo ("serve-errors.qiwang");
  g_auto(QwTestRun) port = { 0 };
  g_auto(QwTestRun) address = { 0 };
  g_auto(QwTestRun) missing = { 0 };

  qw_test_cli (&port, "serve", doc, "--port", "70000", NULL);
  g_assert_cmpint (port.status, ==, 2);
  qw_test_cli (&address, "serve", doc, "--address", "no-such-address", "--port", "0", NULL);
  g_assert_cmpint (address.status, ==, 1);
  g_assert_nonnull (strstr (address.err, "no-such-address"));
  qw_test_cli (&missing, "serve", "missing.qiwang", NULL);
  g_assert_cmpint (missing.status, ==, 1);
}

/* export-site */

static void
test_export_site (void)
{
  g_autofree char *doc = demo ("export.qiwang");
  g_autofree char *out = g_build_filename (dir, "site", NULL);
  g_autofree char *index = g_build_filename (out, "index.html", NULL);
  g_autofree char *single = g_build_filename (out, "open-m.html", NULL);
  g_auto(QwTestRun) r = { 0 };
  g_auto(QwTestRun) bad = { 0 };
  g_auto(QwTestRun) none = { 0 };

  qw_test_cli (&r, "export-site", doc, "--out", out, "--url", "https://xq.example.cn/baihua/", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, "site"));
  g_assert_true (g_file_test (index, G_FILE_TEST_IS_REGULAR));
  g_assert_true (g_file_test (single, G_FILE_TEST_IS_REGULAR));
  qw_test_cli (&bad, "export-site", doc, "--out", out, "--url", "ftp:nowhere", NULL);
  g_assert_cmpint (bad.status, ==, 1);
  qw_test_cli (&none, "export-site", doc, NULL);
  g_assert_cmpint (none.status, ==, 2);
}

/* share */

static void
assert_png_width (const char *path,
                  guint32     width)
{
  g_autofree char *data = NULL;
  gsize length = 0;

  g_assert_true (g_file_get_contents (path, &data, &length, NULL));
  g_assert_cmpuint (length, >, 24);
  g_assert_true (memcmp (data, "\x89PNG", 4) == 0);
  g_assert_cmpuint (GUINT32_FROM_BE (*(guint32 *) (data + 16)), ==, width);
}

static void
test_share (void)
{
  g_autofree char *doc = demo ("share.qiwang");
  g_autofree char *standings = g_build_filename (dir, "standings.png", NULL);
  g_autofree char *pairings = g_build_filename (dir, "pairings.png", NULL);
  g_auto(QwTestRun) a = { 0 };
  g_auto(QwTestRun) b = { 0 };
  g_auto(QwTestRun) unknown = { 0 };
  g_auto(QwTestRun) kind = { 0 };
  g_auto(QwTestRun) round = { 0 };

  qw_test_cli (&a, "share", doc, "open-m", "standings", "--out", standings, NULL);
  g_assert_cmpint (a.status, ==, 0);
  assert_png_width (standings, 1080);
  qw_test_cli (&b, "share", doc, "公开组男子", "pairings", "--round", "2", "--out", pairings, NULL);
  g_assert_cmpint (b.status, ==, 0);
  assert_png_width (pairings, 1080);
  qw_test_cli (&unknown, "share", doc, "nope", "standings", "--out", standings, NULL);
  g_assert_cmpint (unknown.status, ==, 1);
  qw_test_cli (&kind, "share", doc, "open-m", "crosstable", "--out", standings, NULL);
  g_assert_cmpint (kind.status, ==, 2);
  qw_test_cli (&round, "share", doc, "open-m", "pairings", "--round", "9", "--out", pairings, NULL);
  g_assert_cmpint (round.status, ==, 1);
}

/* verify-certificate */

static void
assert_check_keys (JsonObject *o)
{
  static const char *keys[] = { "valid", "name", "event", "group", "place", "title" };
  g_autoptr(GList) members = json_object_get_members (o);

  g_assert_cmpuint (g_list_length (members), ==, G_N_ELEMENTS (keys));
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    g_assert_true (json_object_has_member (o, keys[i]));
}

static char *
first_code (const char *results_path)
{
  g_autofree char *text = NULL;
  const char *p;

  g_assert_true (g_file_get_contents (results_path, &text, NULL, NULL));
  p = strstr (text, "<certificate code=\"");
  g_assert_nonnull (p);
  p += strlen ("<certificate code=\"");
  return g_strndup (p, 10);
}

static void
test_verify (void)
{
  g_autofree char *doc = demo ("verify.qiwang");
  g_autofree char *results = g_build_filename (dir, "verify-public.xml", NULL);
  g_autofree char *code = NULL;
  g_auto(QwTestRun) export = { 0 };
  g_auto(QwTestRun) from_doc = { 0 };
  g_auto(QwTestRun) from_file = { 0 };
  g_auto(QwTestRun) wrong = { 0 };
  g_auto(QwTestRun) words = { 0 };
  g_autoptr(JsonNode) a = NULL, b = NULL, c = NULL;
  JsonObject *o;

  qw_test_cli (&export, "export", doc, "--public", "--out", results, NULL);
  g_assert_cmpint (export.status, ==, 0);
  code = first_code (results);
  qw_test_cli (&from_doc, "verify-certificate", doc, code, "--json", NULL);
  g_assert_cmpint (from_doc.status, ==, 0);
  a = qw_test_json_parse (from_doc.out);
  o = json_node_get_object (a);
  assert_check_keys (o);
  g_assert_true (json_object_get_boolean_member (o, "valid"));
  g_assert_cmpint (json_object_get_int_member (o, "place"), ==, 1);
  g_assert_cmpstr (json_object_get_string_member (o, "title"), ==, "白花镇棋王");
  g_assert_cmpstr (json_object_get_string_member (o, "group"), ==, "公开组男子");
  qw_test_cli (&from_file, "verify-certificate", results, code, "--json", NULL);
  g_assert_cmpint (from_file.status, ==, 0);
  b = qw_test_json_parse (from_file.out);
  g_assert_true (json_node_equal (a, b));
  qw_test_cli (&wrong, "verify-certificate", doc, "ABCDE-12345", "--json", NULL);
  g_assert_cmpint (wrong.status, ==, 1);
  c = qw_test_json_parse (wrong.out);
  assert_check_keys (json_node_get_object (c));
  g_assert_false (json_object_get_boolean_member (json_node_get_object (c), "valid"));
  g_assert_true (json_object_get_null_member (json_node_get_object (c), "name"));
  qw_test_cli (&words, "verify-certificate", doc, code, NULL);
  g_assert_cmpint (words.status, ==, 0);
  g_assert_nonnull (strstr (words.out, "白花镇棋王"));
}

int
main (int    argc,
      char **argv)
{
  int status;

  qw_test_cli_init (&argc, &argv);
  dir = qw_test_make_tmp_dir ("qiwang-cli-publish-XXXXXX");
  qw_test_cli_configure (&(QwTestCliOptions) { .dir = dir, .may_die = TRUE });
  g_test_add_func ("/cli-publish/serve", test_serve);
  g_test_add_func ("/cli-publish/serve-errors", test_serve_errors);
  g_test_add_func ("/cli-publish/export-site", test_export_site);
  g_test_add_func ("/cli-publish/share", test_share);
  g_test_add_func ("/cli-publish/verify", test_verify);
  status = g_test_run ();
  qw_test_remove_tree (dir);
  return status;
}
