/* test-results.c: the results file (成绩表): round trip, public form, and
 * damaged or hostile files rejected with a clear message, importing nothing
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "qw-error.h"
#include "qw-idcard.h"
#include "qw-xml-seal.h"
#include "qw-entry.h"
#include "qw-test.h"
#include "qw-test-region.h"

static char *
write_fixture (const char *dir,
               gboolean    public_form)
{
  g_autoptr(QwResults) results = fixture_results ("2021年第六届全国象棋业余棋王赛广东赛区白花（镇）预选赛",
                                                  "0a1b2c3d-white-flower", "2021-07-03", 7);
  g_autoptr(GError) error = NULL;
  char *path = g_build_filename (dir, public_form ? "public.xml" : "private.xml", NULL);

  g_assert_true (qw_results_write_file (results, path, public_form, &error));
  g_assert_no_error (error);
  return path;
}

static void
test_round_trip (void)
{
  g_autofree char *dir = fixture_tmpdir ();
  g_autofree char *path = write_fixture (dir, FALSE);
  g_autoptr(QwResults) original = fixture_results ("2021年第六届全国象棋业余棋王赛广东赛区白花（镇）预选赛",
                                                   "0a1b2c3d-white-flower", "2021-07-03", 7);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwResults) read = qw_results_read_file (path, &error);
  g_autofree char *digest = NULL;
  g_autofree char *again = NULL;

  g_assert_no_error (error);
  g_assert_false (read->is_public);
  g_assert_cmpuint (strlen (read->digest), ==, 64);
  assert_results_equal (original, read, FALSE);

  /* Written again, the same content gives the same digest. */
  again = qw_results_to_xml (read, FALSE, &digest, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (digest, ==, read->digest);
  fixture_rmdir (dir);
}

static void
test_public_form (void)
{
  g_autofree char *dir = fixture_tmpdir ();
  g_autofree char *path = write_fixture (dir, TRUE);
  g_autoptr(QwResults) original = fixture_results ("2021年第六届全国象棋业余棋王赛广东赛区白花（镇）预选赛",
                                                   "0a1b2c3d-white-flower", "2021-07-03", 7);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwResults) read = qw_results_read_file (path, &error);
  g_autofree char *text = NULL;
  const QwEntry *first = g_ptr_array_index (((QwResultsGroup *) g_ptr_array_index (original->groups, 0))->players, 0);

  g_assert_no_error (error);
  g_assert_true (read->is_public);
  assert_results_equal (original, read, TRUE);
  /* No full ID number and no date of birth anywhere in the file. */
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_null (strstr (text, first->id_number));
  g_assert_null (strstr (text, first->birth));
  g_assert_null (strstr (text, "birth="));
  fixture_rmdir (dir);
}

static void
test_standings_exports (void)
{
  g_autoptr(QwResults) results = fixture_results ("白花站", "0a1b2c3d-white-flower", "2021-07-03", 7);
  const QwEntry *first = g_ptr_array_index (((QwResultsGroup *) g_ptr_array_index (results->groups, 0))->players, 0);
  g_autofree char *masked = qw_idcard_mask (first->id_number);
  g_autofree char *csv = qw_results_standings_csv (results);
  g_autofree char *html = qw_results_standings_html (results);

  for (guint i = 0; i < 2; i++)
    {
      const char *text = i == 0 ? csv : html;

      g_assert_null (strstr (text, first->id_number));
      g_assert_null (strstr (text, first->birth));
      /* No ID column, not even masked (issue 19 point 25). */
      g_assert_null (strstr (text, masked));
      g_assert_null (strstr (text, "身份证号"));
      g_assert_nonnull (strstr (text, "对手分"));
      g_assert_nonnull (strstr (text, "公开组男子"));
      g_assert_nonnull (strstr (text, first->name));
    }
  /* A header, one row per ranked player (7 + 2), and the final line end. */
  {
    g_auto(GStrv) lines = g_strsplit (csv, "\r\n", -1);

    g_assert_cmpuint (g_strv_length (lines), ==, 1 + 9 + 1);
    g_assert_true (g_str_has_prefix (lines[0], "\xEF\xBB\xBF组别,名次,姓名"));
  }
}

/* Hostile and damaged files */

/* The file is refused with @code and a message containing @needle, and a
 * region document importing it stays empty. */
static void
assert_rejected (const char *dir,
                 const char *name,
                 const char *text,
                 gsize       length,
                 int         code,
                 const char *needle)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwResults) results = NULL;
  g_autoptr(QwDocument) doc = fixture_region (dir, "广东");

  g_assert_true (g_file_set_contents (path, text, (gssize) length, NULL));
  results = qw_results_read_file (path, &error);
  g_assert_null (results);
  g_test_message ("%s: %s", name, error->message);
  g_assert_error (error, QW_ERROR, code);
  if (strstr (error->message, needle) == NULL)
    g_error ("%s: “%s” does not say “%s”", name, error->message, needle);
  /* The message names the file. */
  g_assert_nonnull (strstr (error->message, name));
  g_assert_cmpint (fixture_count_events (doc), ==, 0);
  g_unlink (path);
}

static void
test_truncated (void)
{
  g_autofree char *dir = fixture_tmpdir ();
  g_autofree char *text = fixture_results_text (FALSE);
  gsize length = strlen (text);

  assert_rejected (dir, "half.xml", text, length / 2, QW_ERROR_CORRUPT, "truncated");
  /* Cut just before the closing tag: still not a whole file. */
  assert_rejected (dir, "end.xml", text, length - 12, QW_ERROR_CORRUPT, "truncated");
  assert_rejected (dir, "empty.xml", "", 0, QW_ERROR_CORRUPT, "not well-formed");
  fixture_rmdir (dir);
}

static void
test_wrong_digest (void)
{
  g_autofree char *dir = fixture_tmpdir ();
  g_autofree char *text = fixture_results_text (FALSE);
  g_autoptr(GString) edited = g_string_new (text);
  g_autoptr(GString) flipped = g_string_new (text);
  char *digest;

  /* A result changed by hand after the export. */
  g_assert_cmpuint (g_string_replace (edited, "result=\"0:2\"", "result=\"2:0\"", 1), ==, 1);
  assert_rejected (dir, "edited.xml", edited->str, edited->len, QW_ERROR_CORRUPT, "SHA-256");
  /* One character of the digest itself damaged. */
  digest = strstr (flipped->str, "<digest algorithm=\"sha256\">") + strlen ("<digest algorithm=\"sha256\">");
  *digest = *digest == '0' ? '1' : '0';
  assert_rejected (dir, "flipped.xml", flipped->str, flipped->len, QW_ERROR_CORRUPT, "digest");
  fixture_rmdir (dir);
}

static void
test_entity_expansion (void)
{
  g_autofree char *dir = fixture_tmpdir ();
  g_autoptr(GString) laughs = g_string_new ("<?xml version=\"1.0\"?>\n<!DOCTYPE results [\n"
                                            "<!ENTITY lol \"lol\">\n");
  static const char *external = "<?xml version=\"1.0\"?>\n"
                                "<!DOCTYPE results SYSTEM \"http://example.com/evil.dtd\">\n"
                                "<results/>\n";

  /* The billion laughs: ten levels of ten references. */
  for (int i = 1; i <= 9; i++)
    {
      g_string_append_printf (laughs, "<!ENTITY lol%d \"", i);
      for (int j = 0; j < 10; j++)
        g_string_append_printf (laughs, i == 1 ? "&lol;" : "&lol%d;", i - 1);
      g_string_append (laughs, "\">\n");
    }
  g_string_append (laughs, "]>\n<results xmlns=\"https://qiwang.cn/ns/results/1\">&lol9;</results>\n");
  assert_rejected (dir, "laughs.xml", laughs->str, laughs->len, QW_ERROR_INVALID, "entity");
  assert_rejected (dir, "external.xml", external, strlen (external), QW_ERROR_INVALID, "document type");
  fixture_rmdir (dir);
}

static void
test_wrong_schema (void)
{
  g_autofree char *dir = fixture_tmpdir ();
  g_autoptr(GError) error = NULL;
  g_autofree char *ruleset = NULL;
  g_autofree char *ruleset_path = g_build_filename (g_getenv ("QIWANG_DATA_DIR"), "rulesets",
                                                    "qiwang-2021.xml", NULL);
  g_autofree char *sealed = NULL;
  static const char *content =
    "  <content>\n    <event uid=\"abcdefgh\" ruleset=\"qiwang-2021\" level=\"preliminary\" "
    "system=\"swiss\" rounds=\"5\">\n      <name>某站</name>\n    </event>\n  </content>\n";
  g_autofree char *text = fixture_results_text (FALSE);
  g_autoptr(GString) bad_result = g_string_new (text);

  /* Another kind of XML file altogether. */
  g_assert_true (g_file_get_contents (ruleset_path, &ruleset, NULL, NULL));
  assert_rejected (dir, "ruleset.xml", ruleset, strlen (ruleset), QW_ERROR_INVALID, "schema");
  /* A correctly sealed file whose event lacks its required parts. */
  sealed = qw_xml_seal ("results", " xmlns=\"https://qiwang.cn/ns/results/1\" version=\"1\" form=\"private\"",
                        content, NULL, &error);
  g_assert_no_error (error);
  assert_rejected (dir, "sealed.xml", sealed, strlen (sealed), QW_ERROR_INVALID, "schema");
  /* A result code that does not exist. */
  g_string_replace (bad_result, "result=\"1:1\"", "result=\"3:0\"", 1);
  assert_rejected (dir, "result.xml", bad_result->str, bad_result->len, QW_ERROR_INVALID, "schema");
  /* A game naming a player who is not there (序号 999), sealed again so that
   * the digest is right: the reader's own checks refuse it. */
  {
    g_autoptr(GString) s = g_string_new (text);
    g_autofree char *sealed_again = NULL;

    g_string_replace (s, "red=\"1\" black=\"2\"", "red=\"1\" black=\"999\"", 1);
    sealed_again = qw_test_reseal (s->str);
    assert_rejected (dir, "keyref.xml", sealed_again, strlen (sealed_again), QW_ERROR_INVALID,
                     "player 999, who is not in the group");
  }
  fixture_rmdir (dir);
}

static void
test_too_large (void)
{
  g_autofree char *dir = fixture_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "huge.xml", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = fixture_region (dir, "广东");
  g_autoptr(QwResults) results = NULL;
  g_autofree char *padding = g_strnfill (1024 * 1024, ' ');
  FILE *f = g_fopen (path, "wb");

  /* 100 MB: a results file's start, then a comment of spaces. */
  g_assert_nonnull (f);
  fputs ("<?xml version=\"1.0\"?>\n<results xmlns=\"https://qiwang.cn/ns/results/1\"><!--", f);
  for (int i = 0; i < 100; i++)
    g_assert_cmpuint (fwrite (padding, 1, 1024 * 1024, f), ==, 1024 * 1024);
  fputs ("--></results>\n", f);
  fclose (f);

  results = qw_results_read_file (path, &error);
  g_assert_null (results);
  g_assert_error (error, QW_ERROR, QW_ERROR_TOO_LARGE);
  g_assert_nonnull (strstr (error->message, "huge.xml"));
  g_assert_nonnull (strstr (error->message, "too large"));
  g_assert_cmpint (fixture_count_events (doc), ==, 0);
  g_unlink (path);
  fixture_rmdir (dir);
}

static void
test_deep_nesting (void)
{
  g_autofree char *dir = fixture_tmpdir ();
  g_autoptr(GString) deep = g_string_new ("<?xml version=\"1.0\"?>\n");

  for (int i = 0; i < 100000; i++)
    g_string_append (deep, "<a>");
  for (int i = 0; i < 100000; i++)
    g_string_append (deep, "</a>");
  assert_rejected (dir, "deep.xml", deep->str, deep->len, QW_ERROR_CORRUPT, "not well-formed");
  fixture_rmdir (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/results/round-trip", test_round_trip);
  g_test_add_func ("/results/public-form", test_public_form);
  g_test_add_func ("/results/standings-exports", test_standings_exports);
  g_test_add_func ("/results/hostile/truncated", test_truncated);
  g_test_add_func ("/results/hostile/wrong-digest", test_wrong_digest);
  g_test_add_func ("/results/hostile/entity-expansion", test_entity_expansion);
  g_test_add_func ("/results/hostile/wrong-schema", test_wrong_schema);
  g_test_add_func ("/results/hostile/too-large", test_too_large);
  g_test_add_func ("/results/hostile/deep-nesting", test_deep_nesting);

  return g_test_run ();
}
