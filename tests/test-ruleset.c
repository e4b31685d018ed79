/* test-ruleset.c: the 2021 scheme as data, and bad ruleset files
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gstdio.h>
#include <string.h>

#include "qw-data.h"
#include "qw-error.h"
#include "qw-ruleset.h"

static void
test_2021 (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwRuleset) r = qw_ruleset_lookup ("qiwang-2021", &error);
  const QwQuotaTier *a, *b;

  g_assert_no_error (error);
  g_assert_cmpstr (r->id, ==, "qiwang-2021");
  g_assert_cmpint (r->season, ==, 2021);
  g_assert_cmpint (r->escort_age, ==, 70);
  g_assert_cmpint (r->valid_stop_min_players, ==, 20);
  g_assert_cmpfloat (r->scores[QW_SCORE_RED_WIN], ==, 2);
  g_assert_cmpfloat (r->scores[QW_SCORE_BLACK_DRAW], ==, 1);
  g_assert_cmpfloat (r->scores[QW_SCORE_BLACK_LOSS], ==, 0);
  g_assert_cmpfloat (r->scores[QW_SCORE_BYE], ==, 2);
  g_assert_cmpint (r->final_deadline_month, ==, 10);
  g_assert_cmpint (r->final_deadline_day, ==, 31);
  g_assert_cmpint (r->team_best, ==, 7);
  g_assert_cmpuint (r->tiers->len, ==, 2);
  a = g_ptr_array_index (r->tiers, 0);
  b = g_ptr_array_index (r->tiers, 1);
  g_assert_cmpint (a->valid_stops, ==, 15);
  g_assert_cmpint (a->participants, ==, 1800);
  g_assert_cmpint (b->valid_stops, ==, 10);
  g_assert_cmpint (b->participants, ==, 1000);
  g_assert_cmpuint (r->bonuses->len, ==, 5);
  g_assert_cmpstr (qw_ruleset_min_arbiter_grade (r, "provincial-final"), ==, "国家级");
  g_assert_cmpstr (qw_ruleset_min_arbiter_grade (r, "preliminary"), ==, "一级");
  g_assert_cmpint (qw_ruleset_arbiter_grade_rank (r, "国家级裁判"), <, qw_ruleset_arbiter_grade_rank (r, "一级"));
  g_assert_cmpint (qw_ruleset_arbiter_grade_rank (r, "某级"), ==, -1);
  g_assert_nonnull (qw_ruleset_find_group (r, "child-f"));
  g_assert_true (qw_ruleset_match_group_name (r, "公开组", QW_SEX_FEMALE)
                 == qw_ruleset_find_group (r, "open-f"));
  g_assert_true (qw_ruleset_match_group_name (r, "老年男子组", QW_SEX_UNKNOWN)
                 == qw_ruleset_find_group (r, "senior-m"));
}

static void
test_unknown_id (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwRuleset) r = qw_ruleset_lookup ("qiwang-1999", &error);

  g_assert_null (r);
  g_assert_error (error, QW_ERROR, QW_ERROR_NOT_FOUND);
}

/* Writes the real ruleset with one replacement applied and loads it. */
static GError *
load_modified (const char *from,
               const char *to)
{
  g_autofree char *original_path = qw_data_file ("rulesets", "qiwang-2021.xml", NULL);
  g_autofree char *original = NULL;
  g_autofree char *dir = g_dir_make_tmp ("qiwang-ruleset-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "broken.xml", NULL);
  g_autoptr(GString) text = NULL;
  g_autoptr(QwRuleset) r = NULL;
  GError *error = NULL;

  g_assert_true (g_file_get_contents (original_path, &original, NULL, NULL));
  text = g_string_new (original);
  g_assert_nonnull (strstr (text->str, from));
  g_string_replace (text, from, to, 1);
  g_assert_true (g_file_set_contents (path, text->str, (gssize) text->len, NULL));
  r = qw_ruleset_load_file (path, &error);
  g_assert_null (r);
  g_unlink (path);
  g_rmdir (dir);
  return error;
}

static void
assert_names_file_and_line (GError     *error,
                            int         code,
                            const char *line)
{
  g_assert_error (error, QW_ERROR, code);
  g_assert_nonnull (strstr (error->message, "broken.xml"));
  if (line != NULL && strstr (error->message, line) == NULL)
    g_error ("expected line %s in: %s", line, error->message);
  g_error_free (error);
}

static int
line_of (const char *needle)
{
  g_autofree char *path = qw_data_file ("rulesets", "qiwang-2021.xml", NULL);
  g_autofree char *text = NULL;
  const char *at;
  int line = 1;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  at = strstr (text, needle);
  g_assert_nonnull (at);
  for (const char *p = text; p < at; p++)
    line += *p == '\n';
  return line;
}

static void
test_schema_errors (void)
{
  g_autofree char *sex_line = g_strdup_printf ("line %d", line_of ("code=\"open-f\""));
  g_autofree char *stop_line = g_strdup_printf ("line %d", line_of ("<valid-stop"));

  /* A value the schema does not allow, on the line where it stands. */
  assert_names_file_and_line (load_modified ("code=\"open-f\" kind=\"formal\" category=\"open\" sex=\"F\"",
                                             "code=\"open-f\" kind=\"formal\" category=\"open\" sex=\"W\""),
                              QW_ERROR_INVALID, sex_line);
  /* A required attribute missing. */
  assert_names_file_and_line (load_modified ("<valid-stop min-players=\"20\"/>", "<valid-stop/>"),
                              QW_ERROR_INVALID, stop_line);
  /* A required element missing. */
  assert_names_file_and_line (load_modified ("<team best=\"7\"/>", ""), QW_ERROR_INVALID, NULL);
  /* Not well-formed. */
  assert_names_file_and_line (load_modified ("</groups>", "</group>"), QW_ERROR_CORRUPT, NULL);
  /* Entities are never expanded. */
  assert_names_file_and_line (load_modified ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
                                             "<?xml version=\"1.0\"?><!DOCTYPE r [<!ENTITY a \"aaaa\">]>"),
                              QW_ERROR_INVALID, NULL);
  /* What the schema cannot say: a range that ends before it starts. */
  assert_names_file_and_line (load_modified ("born-from=\"2005-01-01\" born-to=\"2009-12-31\"",
                                             "born-from=\"2009-12-31\" born-to=\"2005-01-01\""),
                              QW_ERROR_INVALID, NULL);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ruleset/2021", test_2021);
  g_test_add_func ("/ruleset/unknown-id", test_unknown_id);
  g_test_add_func ("/ruleset/schema-errors", test_schema_errors);
  return g_test_run ();
}
