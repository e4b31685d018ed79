/* test-cli-print.c: qiwang-cli print, as an arbiter runs it
 *
 * Runs the built qiwang-cli ($QIWANG_CLI): every kind prints a PDF (and PNG
 * pages) from played documents; wrong input exits with a clear message and
 * writes nothing.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "qw-test.h"
#include "qw-test-cli.h"

static char *dir = NULL;

static gboolean
is_pdf (const char *path)
{
  g_autofree char *data = NULL;
  gsize length = 0;

  return g_file_get_contents (path, &data, &length, NULL) && length > 1000 && g_str_has_prefix (data, "%PDF-");
}

static void
setup_documents (void)
{
  g_autofree char *swiss = g_build_filename (dir, "swiss.qiwang", NULL);
  g_autofree char *rr = g_build_filename (dir, "rr.qiwang", NULL);
  g_autofree char *ko = g_build_filename (dir, "ko.qiwang", NULL);
  g_auto(QwTestRun) a = { 0 };
  g_auto(QwTestRun) b = { 0 };
  g_auto(QwTestRun) c = { 0 };

  qw_test_cli (&a, "simulate", swiss, "--system", "swiss", "--players", "25", "--rounds", "5", "--seed", "7", NULL);
  g_assert_cmpint (a.status, ==, 0);
  qw_test_cli (&b, "simulate", rr, "--system", "round-robin", "--players", "7", "--rounds", "7", "--seed", "8", NULL);
  g_assert_cmpint (b.status, ==, 0);
  qw_test_cli (&c, "simulate", ko, "--system", "knockout", "--players", "13", "--rounds", "4", "--seed", "9", NULL);
  g_assert_cmpint (c.status, ==, 0);
}

static void
test_every_kind (void)
{
  static const struct { const char *doc; const char *kind; } cases[] = {
    { "swiss.qiwang", "pairings" }, { "swiss.qiwang", "slips" }, { "swiss.qiwang", "standings" },
    { "rr.qiwang", "crosstable" }, { "ko.qiwang", "bracket" }, { "swiss.qiwang", "certificates" },
    { "swiss.qiwang", "awards" }, { "swiss.qiwang", "booklet" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *doc = g_build_filename (dir, cases[i].doc, NULL);
      g_autofree char *name = g_strconcat (cases[i].kind, ".pdf", NULL);
      g_autofree char *pdf = g_build_filename (dir, name, NULL);
      g_autofree char *pngs = g_build_filename (dir, "png", NULL);
      g_autofree char *first = g_strdup_printf ("%s/%s-001.png", pngs, cases[i].kind);
      g_auto(QwTestRun) r = { 0 };

      qw_test_cli (&r, "print", doc, cases[i].kind, "--out", pdf, "--png-dir", pngs, "--dpi", "40", NULL);
      if (r.status != 0)
        g_error ("print %s %s: %s", cases[i].doc, cases[i].kind, r.err);
      g_assert_true (is_pdf (pdf));
      g_assert_true (g_file_test (first, G_FILE_TEST_IS_REGULAR));
      g_assert_nonnull (strstr (r.out, pdf));
    }
}

static void
test_options (void)
{
  g_autofree char *doc = g_build_filename (dir, "swiss.qiwang", NULL);
  g_autofree char *pdf = g_build_filename (dir, "round2.pdf", NULL);
  g_auto(QwTestRun) r = { 0 };
  g_auto(QwTestRun) j = { 0 };

  qw_test_cli (&r, "print", doc, "pairings", "--group", "公开组男子", "--round", "2", "--paper", "a3", "--out", pdf, NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_true (is_pdf (pdf));
  qw_test_cli (&j, "print", doc, "awards", "--places", "3", "--offset-x", "2.5", "--out", pdf, "--json", NULL);
  g_assert_cmpint (j.status, ==, 0);
  g_assert_nonnull (strstr (j.out, "\"pages\" : 3"));
}

/* Issue 19 point 10: the demo has played 4 of open-m's 7 rounds. Its
 * certificates exit 3 and write nothing; with --force they are written,
 * each marked 成绩未确定 and without a verification code. */
static void
test_unfinished (void)
{
  g_autofree char *doc = g_build_filename (dir, "unfinished.qiwang", NULL);
  g_autofree char *pdf = g_build_filename (dir, "unfinished.pdf", NULL);
  g_autofree char *text = NULL;
  g_auto(QwTestRun) demo = { 0 }, refused = { 0 }, forced = { 0 };
  g_autoptr(GError) error = NULL;
  const char *pdftotext[] = { "pdftotext", "-layout", pdf, "-", NULL };

  qw_test_cli (&demo, "demo", doc, NULL);
  g_assert_cmpint (demo.status, ==, 0);
  qw_test_cli (&refused, "print", doc, "certificates", "--group", "open-m", "--out", pdf, NULL);
  g_assert_cmpint (refused.status, ==, 3);
  g_assert_nonnull (strstr (refused.err, "--force"));
  g_assert_false (g_file_test (pdf, G_FILE_TEST_EXISTS));
  qw_test_cli (&forced, "print", doc, "certificates", "--group", "open-m", "--out", pdf, "--force", NULL);
  g_assert_cmpint (forced.status, ==, 0);
  g_assert_true (is_pdf (pdf));
  g_assert_true (g_spawn_sync (NULL, (char **) pdftotext, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL,
                               NULL, NULL, &text, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_nonnull (strstr (text, "成绩未确定"));
  g_assert_null (strstr (text, "验证码"));
}

static void
test_bad_input (void)
{
  static const struct { const char *args[8]; int status; const char *message; } cases[] = {
    { { "print", "@swiss", "posters", "--out", "@bad.pdf" }, 2, "not a document kind" },
    { { "print", "@swiss", "pairings" }, 2, "--out" },
    { { "print", "@swiss", "pairings", "--paper", "b5", "--out", "@bad.pdf" }, 2, "--paper" },
    { { "print", "@swiss", "pairings", "--group", "nope", "--out", "@bad.pdf" }, 1, "open-m" },
    { { "print", "@swiss", "pairings", "--round", "9", "--out", "@bad.pdf" }, 1, "round 9" },
    { { "print", "@swiss", "crosstable", "--out", "@bad.pdf" }, 1, "round robin" },
    { { "print", "@swiss", "bracket", "--group", "open-m", "--out", "@bad.pdf" }, 1, "knockout" },
    { { "print", "@swiss", "certificates", "--template", "@missing.xml", "--out", "@bad.pdf" }, 1, "missing.xml" },
  };
  g_autofree char *bad = g_build_filename (dir, "bad.pdf", NULL);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GPtrArray) args = g_ptr_array_new_with_free_func (g_free);
      g_auto(QwTestRun) r = { 0 };

      for (guint k = 0; k < G_N_ELEMENTS (cases[i].args) && cases[i].args[k] != NULL; k++)
        {
          const char *a = cases[i].args[k];
          char *arg = g_str_equal (a, "@swiss") ? g_build_filename (dir, "swiss.qiwang", NULL)
                    : a[0] == '@' ? g_build_filename (dir, a + 1, NULL) : g_strdup (a);

          g_ptr_array_add (args, arg);
        }
      g_ptr_array_add (args, NULL);
      /* A signal fails the test here. */
      qw_test_cli_with (&r, &(QwTestCliOptions) { .no_leak_check = TRUE }, (const char * const *) args->pdata);
      g_assert_cmpint (r.status, ==, cases[i].status);
      if (strstr (r.err, cases[i].message) == NULL)
        g_error ("case %u: expected “%s” in: %s", i, cases[i].message, r.err);
      g_assert_false (g_file_test (bad, G_FILE_TEST_EXISTS));
    }
}

int
main (int    argc,
      char **argv)
{
  int status;

  qw_test_cli_init (&argc, &argv);
  /* In the sanitizer build the CLI's memory errors still abort it; its leaks
   * are not checked (the print code's own are, by test-print). */
  dir = qw_test_make_tmp_dir ("qiwang-cli-print-XXXXXX");
  qw_test_cli_configure (&(QwTestCliOptions) { .may_die = TRUE, .no_leak_check = TRUE });
  setup_documents ();
  g_test_add_func ("/cli/print/every-kind", test_every_kind);
  g_test_add_func ("/cli/print/options", test_options);
  g_test_add_func ("/cli/print/bad-input", test_bad_input);
  g_test_add_func ("/cli/print/unfinished", test_unfinished);
  status = g_test_run ();
  qw_test_remove_tree (dir);
  g_free (dir);
  return status;
}
