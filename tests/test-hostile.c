/* test-hostile.c: issue 10, through the core: every hostile input is refused
 * where it enters, with a specific message, in under a second, leaving
 * every file as it was
 *
 * Each test is the regression test of one defect of the issue (its number
 * in the name); the inputs are those that reproduced it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <math.h>
#include <sqlite3.h>
#include <string.h>
#include <sys/stat.h>

#include "qw-certificate.h"
#include "qw-csv.h"
#include "qw-document-entries.h"
#include "qw-entry-import.h"
#include "qw-error.h"
#include "qw-file.h"
#include "qw-ladder.h"
#include "qw-nominees.h"
#include "qw-standings.h"
#include "qw-stops-csv.h"
#include "qw-test.h"
#include "qw-test-region.h"
#include "qw-trf.h"
#include "qw-xls.h"
#include "qw-xlsx.h"
#include "qw-xlsx-writer.h"
#include "qw-xml.h"
#include "qw-xml-seal.h"

static char *dir;

static char *
write_file (const char *name,
            const char *data,
            gssize      length)
{
  char *path = g_build_filename (dir, name, NULL);

  g_assert_true (g_file_set_contents (path, data, length, NULL));
  return path;
}

static char *
make_fifo (const char *name)
{
  char *path = g_build_filename (dir, name, NULL);

  g_unlink (path);
  g_assert_cmpint (mkfifo (path, 0600), ==, 0);
  return path;
}

static void
assert_error_with (GError     *error,
                   int         code,
                   const char *needle)
{
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  if (!g_error_matches (error, QW_ERROR, code) || strstr (error->message, needle) == NULL)
    g_error ("expected error %d with “%s”, got %d: %s", code, needle, error->code, error->message);
  g_assert_null (strstr (error->message, "XML_PARSE_HUGE"));
}

static void
assert_unchanged_file (const char *path,
                       const char *before)
{
  g_autofree char *now = qw_test_checksum_file (path);

  g_assert_cmpstr (now, ==, before);
}

/* A results file is refused with @code and @needle, quickly, and neither
 * the file nor a region document that would import it changes. */
static void
assert_results_refused (const char *name,
                        const char *text,
                        gssize      length,
                        int         code,
                        const char *needle)
{
  g_autofree char *path = write_file (name, text, length);
  g_autofree char *region_path = g_build_filename (dir, "region.qiwang", NULL);
  g_autoptr(QwDocument) region = fixture_region (dir, "广东");
  g_autofree char *before = qw_test_checksum_file (path);
  g_autofree char *region_before = qw_test_checksum_file (region_path);
  g_autofree char *after = NULL;
  g_autofree char *region_after = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(QwResults) results = NULL;
  gint64 start = g_get_monotonic_time ();

  results = qw_results_read_file (path, &error);
  if (results != NULL)
    qw_region_import_results (region, results, NULL, NULL, NULL);
  g_assert_null (results);
  g_assert_cmpfloat (qw_test_seconds_since (start), <, qw_test_seconds (1.0));
  assert_error_with (error, code, needle);
  after = qw_test_checksum_file (path);
  region_after = qw_test_checksum_file (region_path);
  g_assert_cmpstr (before, ==, after);
  g_assert_cmpstr (region_before, ==, region_after);
  g_assert_cmpint (fixture_count_events (region), ==, 0);
}

/* The fixture with @from replaced by @to, sealed again: the digest is right,
 * so only the checks behind it can refuse it. */
static char *
edited (const char *from,
        const char *to)
{
  g_autofree char *text = fixture_results_text (FALSE);
  g_autoptr(GString) s = g_string_new (text);

  g_assert_cmpuint (g_string_replace (s, from, to, 1), ==, 1);
  return qw_test_reseal (s->str);
}

/* 1. The ID mask on text that is not UTF-8 */

static void
test_1_mask_invalid_utf8 (void)
{
  g_autofree char *masked = qw_idcard_mask ("440102\xfd");
  g_autofree char *long_masked = qw_idcard_mask ("4401021990\xfd\xfd\xfd\xfd\xfd\xfd\xfd\xfd");

  /* Seven bytes, the last one not a character: seven stars, nothing read past. */
  g_assert_cmpstr (masked, ==, "*******");
  g_assert_true (g_utf8_validate (long_masked, -1, NULL));
  g_assert_cmpuint (strlen (long_masked), ==, 18);
}

/* 2. Unbounded reads: rulesets by path, devices and FIFOs */

static void
test_2_ruleset_only_by_id (void)
{
  static const char *const bad[] = { "/dev/zero", "qiwang-2021.xml", "../rulesets/qiwang-2021", "rulesets/qiwang-2021",
                                     "", ".hidden", "a..b", NULL };

  for (guint i = 0; bad[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(QwRuleset) r = NULL;
      gint64 start = g_get_monotonic_time ();

      r = qw_ruleset_lookup (bad[i], &error);
      g_assert_null (r);
      g_assert_cmpfloat (qw_test_seconds_since (start), <, qw_test_seconds (1.0));
      assert_error_with (error, QW_ERROR_INVALID, "is not a ruleset id");
    }
}

/* A season that came after the release: the user's own ruleset folder. */
static void
test_2_ruleset_user_folder (void)
{
  g_autofree char *installed = g_build_filename (g_getenv ("QIWANG_DATA_DIR"), "rulesets", "qiwang-2021.xml", NULL);
  g_autofree char *folder = g_build_filename (g_get_user_data_dir (), "qiwang", "rulesets", NULL);
  g_autofree char *copy = g_build_filename (folder, "my-season.xml", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(QwRuleset) r = NULL;
  g_auto(GStrv) ids = NULL;

  g_assert_true (g_file_get_contents (installed, &text, NULL, NULL));
  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  g_assert_true (g_file_set_contents (copy, text, -1, NULL));
  r = qw_ruleset_lookup ("my-season", &error);
  g_assert_no_error (error);
  g_assert_nonnull (r);
  ids = qw_ruleset_list_ids ();
  g_assert_true (g_strv_contains ((const char *const *) ids, "my-season"));
  g_assert_true (g_strv_contains ((const char *const *) ids, "qiwang-2021"));
}

static void
test_2_devices_and_fifos (void)
{
  g_autofree char *fifo = make_fifo ("list.csv");
  const char *paths[] = { "/dev/zero", fifo, dir };

  for (guint i = 0; i < G_N_ELEMENTS (paths); i++)
    {
      g_autoptr(GError) e1 = NULL, e2 = NULL, e3 = NULL, e4 = NULL, e5 = NULL, e6 = NULL, e7 = NULL;
      g_autoptr(QwRuleset) ruleset = qw_test_ruleset ();
      gint64 start = g_get_monotonic_time ();
      const char *needle = paths[i] == dir ? "is a folder" : "not a regular file";
      g_autoptr(QwCsv) csv = qw_csv_read_file (paths[i], &e1);
      g_autoptr(QwEntryImport) entries = qw_entry_import_file (paths[i], &e2);
      g_autoptr(QwStopsImport) stops = qw_stops_csv_read_file (ruleset, paths[i], &e3);
      g_autoptr(QwResults) results = qw_results_read_file (paths[i], &e4);
      g_autoptr(QwNomineeList) nominees = qw_nominees_read_file (paths[i], &e5);
      g_autoptr(QwCertificateTemplate) layout = qw_certificate_template_load (paths[i], &e6);
      g_autoptr(QwDocument) doc = qw_document_open (paths[i], &e7);

      g_assert_null (csv);
      g_assert_null (entries);
      g_assert_null (stops);
      g_assert_null (results);
      g_assert_null (nominees);
      g_assert_null (layout);
      g_assert_null (doc);
      assert_error_with (e1, QW_ERROR_IO, needle);
      assert_error_with (e2, QW_ERROR_IO, needle);
      assert_error_with (e3, QW_ERROR_IO, needle);
      assert_error_with (e4, QW_ERROR_IO, needle);
      assert_error_with (e5, QW_ERROR_IO, needle);
      assert_error_with (e6, QW_ERROR_IO, needle);
      assert_error_with (e7, QW_ERROR_IO, needle);
      g_assert_cmpfloat (qw_test_seconds_since (start), <, qw_test_seconds (1.0));
    }
  g_unlink (fifo);
}

/* The readers that came with workbooks, the ladder and TRF: the same rule.
 * Before, a FIFO made them wait for ever and /dev/zero made them read for
 * ever (or call it a damaged zip). */
static void
test_2_workbooks_and_reports (void)
{
  static const char *const names[] = { "list.xlsx", "list.xls", "games.csv", "report.trf" };
  g_autoptr(QwRuleset) ladder_rules = NULL;
  g_autoptr(GError) error = NULL;

  ladder_rules = qw_ruleset_lookup ("qiwang-2022", &error);
  g_assert_no_error (error);
  for (guint k = 0; k < G_N_ELEMENTS (names); k++)
    {
      g_autofree char *fifo = make_fifo (names[k]);
      g_autofree char *folder = g_build_filename (dir, names[k], NULL);
      const char *paths[] = { "/dev/zero", fifo, NULL };

      for (guint i = 0; i < G_N_ELEMENTS (paths); i++)
        {
          g_autoptr(GError) e1 = NULL, e2 = NULL, e3 = NULL, e4 = NULL, e5 = NULL, e6 = NULL, e7 = NULL;
          g_autoptr(GError) e8 = NULL;
          const char *path = paths[i];
          const char *needle = "not a regular file";
          gint64 start;

          if (path == NULL)
            {
              /* The same name as a folder. */
              g_unlink (fifo);
              g_assert_cmpint (g_mkdir (folder, 0700), ==, 0);
              path = folder;
              needle = "is a folder";
            }
          start = g_get_monotonic_time ();
          {
            g_auto(GStrv) xlsx_names = qw_xlsx_sheet_names (path, &e1);
            g_autoptr(QwCsv) xlsx = qw_xlsx_read_file (path, 0, NULL, &e2);
            g_auto(GStrv) xls_names = qw_xls_sheet_names (path, &e3);
            g_autoptr(QwCsv) xls = qw_xls_read_file (path, 0, NULL, &e4);
            g_autoptr(QwTrf) trf = qw_trf_read_file (path, &e5);
            g_autoptr(QwLadderLog) log = qw_ladder_log_read_file (ladder_rules, path, NULL, &e6);
            g_autoptr(QwLadderPlayers) players = qw_ladder_players_read_file (path, NULL, &e7);
            g_autoptr(GPtrArray) wildcards = qw_ladder_wildcards_read_file (ladder_rules, path, NULL, &e8);

            g_assert_null (xlsx_names);
            g_assert_null (xlsx);
            g_assert_null (xls_names);
            g_assert_null (xls);
            g_assert_null (trf);
            g_assert_null (log);
            g_assert_null (players);
            g_assert_null (wildcards);
          }
          g_test_message ("%s", path);
          assert_error_with (e1, QW_ERROR_IO, needle);
          assert_error_with (e2, QW_ERROR_IO, needle);
          assert_error_with (e3, QW_ERROR_IO, needle);
          assert_error_with (e4, QW_ERROR_IO, needle);
          assert_error_with (e5, QW_ERROR_IO, needle);
          assert_error_with (e6, QW_ERROR_IO, needle);
          assert_error_with (e7, QW_ERROR_IO, needle);
          assert_error_with (e8, QW_ERROR_IO, needle);
          g_assert_cmpfloat (qw_test_seconds_since (start), <, qw_test_seconds (1.0));
        }
      g_rmdir (folder);
    }
}

/* Workbooks and reports over their limits (qw-file.h), refused before they are read. */
static void
test_2_workbook_and_report_limits (void)
{
  g_autofree char *xlsx = g_build_filename (dir, "big.xlsx", NULL);
  g_autofree char *xls = g_build_filename (dir, "big.xls", NULL);
  g_autofree char *trf = g_build_filename (dir, "big.trf", NULL);
  const struct { const char *path; gsize limit; } files[] = {
    { xlsx, QW_WORKBOOK_MAX_BYTES }, { xls, QW_WORKBOOK_MAX_BYTES }, { trf, QW_TRF_MAX_BYTES },
  };

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      FILE *f = g_fopen (files[i].path, "wb");

      /* Sparse: one byte past the limit. */
      g_assert_nonnull (f);
      g_assert_cmpint (fseek (f, (long) files[i].limit, SEEK_SET), ==, 0);
      g_assert_cmpint (fputc ('x', f), ==, 'x');
      fclose (f);
    }
  {
    g_autoptr(GError) e1 = NULL, e2 = NULL, e3 = NULL;
    g_autoptr(QwCsv) a = qw_xlsx_read_file (xlsx, 0, NULL, &e1);
    g_autoptr(QwCsv) b = qw_xls_read_file (xls, 0, NULL, &e2);
    g_autoptr(QwTrf) c = qw_trf_read_file (trf, &e3);

    g_assert_null (a);
    g_assert_null (b);
    g_assert_null (c);
    assert_error_with (e1, QW_ERROR_TOO_LARGE, "is too large to be a workbook");
    assert_error_with (e2, QW_ERROR_TOO_LARGE, "is too large to be a workbook");
    assert_error_with (e3, QW_ERROR_TOO_LARGE, "is too large to be a tournament report");
  }
  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    g_unlink (files[i].path);
}

/* A results file naming its ruleset by a path: refused by the reader, so
 * that nothing ever looks the path up. */
static void
test_2_results_ruleset_path (void)
{
  g_autofree char *text = edited ("ruleset=\"qiwang-2021\"", "ruleset=\"/dev/zero\"");

  assert_results_refused ("ruleset-path.xml", text, -1, QW_ERROR_INVALID, "“/dev/zero” is not a ruleset id");
}

/* 7. Formula injection: every CSV export neutralises cells that start a formula */

static void
test_7_formulas (void)
{
  g_autoptr(GPtrArray) entries = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_entry_free);
  QwEntry *e = fixture_player (1, "=HYPERLINK(\"http://evil.example/\",\"点击\")", QW_SEX_MALE, "1990-01-01", "open-m");
  g_autofree char *csv = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(QwCsv) back = NULL;
  g_autoptr(QwResults) results = fixture_results ("白花站", "0a1b2c3d-white-flower", "2021-07-03", 7);
  QwEntry *first = g_ptr_array_index (((QwResultsGroup *) g_ptr_array_index (results->groups, 0))->players, 0);
  g_autofree char *standings = NULL;
  GStrv row;

  g_free (e->unit);
  e->unit = g_strdup ("+1+1");
  g_free (e->grade);
  e->grade = g_strdup ("-1+2");
  g_free (e->phone);
  e->phone = g_strdup ("@SUM(A1:A9)");
  g_free (e->declared_group);
  e->declared_group = g_strdup ("-1.5");
  g_ptr_array_add (entries, e);
  csv = qw_entries_to_csv (entries, FALSE);
  g_assert_nonnull (strstr (csv, "\"'=HYPERLINK(\"\"http://evil.example/\"\",\"\"点击\"\")\""));
  g_assert_nonnull (strstr (csv, ",'+1+1,"));
  g_assert_nonnull (strstr (csv, ",'-1+2,"));
  g_assert_nonnull (strstr (csv, ",'@SUM(A1:A9)"));
  /* A plain number is not a formula: it stays a number. */
  g_assert_nonnull (strstr (csv, ",-1.5,"));
  g_assert_null (strstr (csv, ",=") );
  /* Read back, the values are what they were. */
  back = qw_csv_parse_data (csv, strlen (csv), &error);
  g_assert_no_error (error);
  row = g_ptr_array_index (back->rows, 1);
  g_assert_cmpstr (row[1], ==, e->name);
  g_assert_cmpstr (row[5], ==, "+1+1");
  g_assert_cmpstr (row[6], ==, "-1+2");
  g_assert_cmpstr (row[8], ==, "@SUM(A1:A9)");

  /* The public standings, the other CSV that leaves the desk. */
  g_free (first->name);
  first->name = g_strdup ("=cmd|' /C calc'!A0");
  standings = qw_results_standings_csv (results);
  g_assert_nonnull (strstr (standings, ",'=cmd|' /C calc'!A0,"));
  g_assert_true (qw_csv_field_starts_formula ("=1") && qw_csv_field_starts_formula ("@x")
                 && qw_csv_field_starts_formula ("+x") && qw_csv_field_starts_formula ("-x"));
  g_assert_false (qw_csv_field_starts_formula ("-12.5") || qw_csv_field_starts_formula ("王五")
                  || qw_csv_field_starts_formula (""));
}

/* 8. Sealing: the root's attributes, and DTDs in any encoding */

static void
test_8_form_is_sealed (void)
{
  g_autofree char *public_text = fixture_results_text (TRUE);
  g_autofree char *private_text = fixture_results_text (FALSE);
  g_autoptr(GString) to_private = g_string_new (public_text);
  g_autoptr(GString) to_public = g_string_new (private_text);

  g_assert_cmpuint (g_string_replace (to_private, "form=\"public\"", "form=\"private\"", 1), ==, 1);
  g_assert_cmpuint (g_string_replace (to_public, "form=\"private\"", "form=\"public\"", 1), ==, 1);
  assert_results_refused ("to-private.xml", to_private->str, -1, QW_ERROR_CORRUPT, "SHA-256 digest");
  assert_results_refused ("to-public.xml", to_public->str, -1, QW_ERROR_CORRUPT, "SHA-256 digest");
}

static void
test_8_nominee_form_is_sealed (void)
{
  g_autoptr(QwNomineeList) list = qw_nominee_list_new ();
  QwNominee *n = qw_nominee_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GString) flipped = NULL;
  g_autoptr(QwNomineeList) read = NULL;
  g_autoptr(QwNomineeList) bad = NULL;

  list->region = g_strdup ("广东");
  list->ruleset = g_strdup ("qiwang-2021");
  list->tier = g_strdup ("B");
  list->final_name = g_strdup ("省决赛");
  n->line = g_strdup ("open-m");
  n->line_label = g_strdup ("公开组男子");
  n->group_code = g_strdup ("open-m");
  n->group_name = g_strdup ("公开组男子");
  n->rank = 1;
  n->name = g_strdup ("王五");
  n->sex = QW_SEX_MALE;
  n->birth = g_strdup ("1990-01-01");
  n->id_number = fixture_id_number (7, "1990-01-01", QW_SEX_MALE);
  n->unit = g_strdup ("白花镇象棋协会");
  n->reason = g_strdup ("省决赛第一名");
  g_ptr_array_add (list->nominees, n);

  /* 11. The public form has no full ID number and no date of birth. */
  text = qw_nominees_to_xml_form (list, TRUE, NULL, &error);
  g_assert_no_error (error);
  g_assert_null (strstr (text, n->id_number));
  g_assert_null (strstr (text, "1990-01-01"));
  g_assert_nonnull (strstr (text, "form=\"public\""));
  read = qw_nominees_read_memory (text, strlen (text), "public.xml", &error);
  g_assert_no_error (error);
  g_assert_true (read->is_public);

  flipped = g_string_new (text);
  g_assert_cmpuint (g_string_replace (flipped, "form=\"public\"", "form=\"private\"", 1), ==, 1);
  bad = qw_nominees_read_memory (flipped->str, flipped->len, "flipped.xml", &error);
  g_assert_null (bad);
  assert_error_with (error, QW_ERROR_CORRUPT, "SHA-256 digest");
  g_clear_error (&error);

  /* The national document takes only the private form. */
  {
    g_autofree char *path = g_build_filename (dir, "national.qiwang", NULL);
    g_autoptr(QwDocument) national = qw_document_create (path, QW_DOCUMENT_NATIONAL, &error);

    g_assert_no_error (error);
    g_assert_false (qw_national_import_nominees (national, read, NULL, &error));
    assert_error_with (error, QW_ERROR_INVALID, "public form");
  }
}

/* The streaming digest is libxml2's exclusive C14N of the same subset,
 * whatever the file's prefixes, PIs, CDATA, references and attribute order. */
static void
test_8_digest_is_c14n (void)
{
  static const char *const odd[][2] = {
    { " xmlns=\"urn:x\" b=\"2\" a=\"1\"", "<content z=\"&amp;&lt;&quot;&#9;&#10;&#13;\" a=\"x\">t&amp;&lt;&gt;&#13;<![CDATA[<c>&]]><?pi  data?><!-- c --></content>" },
    { " xmlns:r=\"urn:r\" xmlns:u=\"urn:unused\"", "<r:content xmlns:q=\"urn:q\" q:b=\"1\" a=\"2\"><r:x xmlns:r=\"urn:other\"/><y xmlns=\"\"/></r:content>" },
    { " xmlns=\"urn:x\" xml:lang=\"zh\"", "<content><a xmlns=\"urn:y\"><b xmlns=\"urn:x\"/></a><?empty?>中文 &#x4E2D;</content>" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (odd); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *digest = NULL;
      g_autofree char *text = qw_xml_seal ("results", odd[i][0], odd[i][1], &digest, &error);
      g_autofree char *reference = NULL;

      g_assert_no_error (error);
      reference = qw_test_reference_digest (text, strlen (text));
      g_assert_cmpstr (digest, ==, reference);
    }
  for (int public_form = 0; public_form < 2; public_form++)
    {
      g_autoptr(QwResults) results = fixture_results ("白花站", "0a1b2c3d-white-flower", "2021-07-03", 7);
      g_autoptr(GError) error = NULL;
      g_autofree char *digest = NULL;
      g_autofree char *text = qw_results_to_xml (results, public_form, &digest, &error);
      g_autofree char *reference = qw_test_reference_digest (text, strlen (text));

      g_assert_cmpstr (digest, ==, reference);
    }
}

static void
test_8_dtd_in_utf16 (void)
{
  g_autofree char *text = fixture_results_text (FALSE);
  g_autoptr(GString) laughs = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<!DOCTYPE results [\n"
                                            "<!ENTITY a \"aaaaaaaaaa\">\n");
  g_autofree char *utf16 = NULL;
  g_autofree char *with_bom = NULL;
  gsize length = 0;
  const char *body = strstr (text, "<results");

  for (int i = 1; i < 10; i++)
    g_string_append_printf (laughs, "<!ENTITY %c \"&%c;&%c;&%c;&%c;&%c;&%c;&%c;&%c;&%c;&%c;\">\n", 'a' + i,
                            'a' + i - 1, 'a' + i - 1, 'a' + i - 1, 'a' + i - 1, 'a' + i - 1, 'a' + i - 1,
                            'a' + i - 1, 'a' + i - 1, 'a' + i - 1, 'a' + i - 1);
  g_string_append (laughs, "]>\n");
  g_string_append (laughs, body);
  g_string_replace (laughs, "<name>白花站</name>", "<name>&j;</name>", 1);
  utf16 = g_convert (laughs->str, -1, "UTF-16LE", "UTF-8", NULL, &length, NULL);
  g_assert_nonnull (utf16);
  with_bom = g_malloc (length + 2);
  with_bom[0] = (char) 0xFF;
  with_bom[1] = (char) 0xFE;
  memcpy (with_bom + 2, utf16, length);
  /* No "<!DOCTYPE" in the bytes: it is found once decoded. */
  g_assert_null (g_strstr_len (with_bom, (gssize) length + 2, "<!DOCTYPE"));
  assert_results_refused ("utf16-dtd.xml", with_bom, (gssize) length + 2, QW_ERROR_INVALID, "document type");
}

/* Found by fuzzing: a namespace C14N cannot canonicalise, and messages that
 * quoted bytes that are not text. */
static void
test_8_fuzz_findings (void)
{
  g_autofree char *text = fixture_results_text (FALSE);
  g_autoptr(GString) relative = g_string_new (text);
  g_autoptr(GString) bad_bytes = g_string_new (text);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwResults) results = NULL;

  /* An unused declaration is not in the exclusive canonical form: the digest
   * stays right, and only the namespace check refuses it. */
  g_string_replace (relative, "<place ", "<place xmlns:rating=\"0\" ", 1);
  assert_results_refused ("relative.xml", relative->str, -1, QW_ERROR_INVALID,
                          "the namespace “0” is not an absolute URI");
  /* libxml2 keeps "&amp;" in a namespace as "&#38;" and canonicalises it
   * unescaped: the streamed digest and libxml2's differed (fuzz-seal). */
  {
    g_autoptr(GString) entity = g_string_new (text);

    g_string_replace (entity, "<place ", "<place xmlns:x=\"https://qi&amp;wang.cn/.0\" ", 1);
    assert_results_refused ("entity.xml", entity->str, -1, QW_ERROR_INVALID,
                            "holds characters that a sealed file’s namespace cannot hold");
  }
  g_string_replace (bad_bytes, "xmlns=\"https://qiwang.cn/ns/results/1\"", "xmlns:x=\"\x8e\x9a\" y", 1);
  results = qw_results_read_memory (bad_bytes->str, bad_bytes->len, "bytes.xml", &error);
  g_assert_null (results);
  g_assert_nonnull (error);
  g_assert_true (g_utf8_validate (error->message, -1, NULL));
}

/* 9. Impossible content behind a valid digest */

static void
test_9_impossible_content (void)
{
  static const char *const cases[][3] = {
    { "round=\"1\" board=\"2\" red=\"3\" black=\"4\"", "round=\"1\" board=\"2\" red=\"1\" black=\"4\"",
      "round 1: player 1 plays twice (boards 1 and 2)" },
    { "round=\"1\" board=\"3\" red=\"5\" black=\"6\"", "round=\"1\" board=\"3\" red=\"5\" black=\"5\"",
      "player 5 plays against himself" },
    { "system=\"swiss\" rounds=\"2\">\n      <tiebreak", "system=\"swiss\" rounds=\"10000\">\n      <tiebreak",
      "plays 10000 rounds; a group of 7 players plays at most 99" },
    { "round=\"2\" board=\"4\" red=\"7\"", "round=\"100000\" board=\"4\" red=\"7\"",
      "a game in round 100000, board 4, but plays 2 rounds" },
    { "no=\"7\" points=\"2\"", "no=\"7\" points=\"-2\"", "player 7 has -2 points, but 2 rounds give from 0 to 4" },
    { "no=\"7\" points=\"2\"", "no=\"7\" points=\"INF\"", "player 7 has inf points" },
    { "no=\"7\" points=\"2\"", "no=\"7\" points=\"NaN\"", "player 7 has nan points" },
    { "no=\"7\" points=\"2\"", "no=\"7\" points=\"5\"", "player 7 has 5 points, but 2 rounds give from 0 to 4" },
    { "tiebreaks=\"4 1.5\"", "tiebreaks=\"4 INF\"", "player 7 has a tie-break that is not a number" },
    { "id=\"44132319710211737X\"", "id=\"441323197001105396\"", "two players with the ID number 441323********5396" },
    { "rank=\"7\" no=\"7\"", "rank=\"7\" no=\"6\"", "ranks player 6 twice" },
    { "rank=\"7\" no=\"7\"", "rank=\"2\" no=\"7\"", "the standings are not in order (place 2 after place 6" },
    { "end=\"2021-07-03\"", "end=\"2021-07-02\"", "the event ends (2021-07-02) before it starts (2021-07-03)" },
    { "start=\"2021-07-03\"", "start=\"2021-07-03Z\"", "the date “2021-07-03Z” is not a date written YYYY-MM-DD" },
    { "<player no=\"2\"", "<player no=\"1\"", "the number (序号) 1 is given to two players" },
    { "<player no=\"200\"", "<player no=\"1\"", "the number (序号) 1 is given to two players" },
    { "code=\"junior-f\"", "code=\"open-m\"", "two groups have the code “open-m”" },
    { "red=\"7\" result=\"bye\"", "red=\"7\" black=\"6\" result=\"bye\"", "round 1, board 4 is a bye with an opponent" },
    { "red=\"1\" black=\"2\" result=\"2:0\"", "red=\"1\" result=\"2:0\"", "has a result but no opponent" },
    { "red=\"1\" black=\"2\"", "red=\"1\" black=\"101\"", "names player 101, who is not in the group" },
    { "no=\"102\" points=\"2\"", "no=\"102\" points=\"3\"", "player 102 has 3 points, but 1 round gives from 0 to 2" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = edited (cases[i][0], cases[i][1]);
      g_autofree char *name = g_strdup_printf ("impossible-%u.xml", i);

      assert_results_refused (name, text, -1, QW_ERROR_INVALID, cases[i][2]);
    }
}

static void
test_9_nominees_impossible (void)
{
  g_autoptr(QwNomineeList) list = qw_nominee_list_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *resealed = NULL;
  g_autoptr(GString) s = NULL;
  g_autoptr(QwNomineeList) read = NULL;

  list->region = g_strdup ("广东");
  list->ruleset = g_strdup ("qiwang-2021");
  list->tier = g_strdup ("B");
  list->final_name = g_strdup ("省决赛");
  for (int i = 0; i < 2; i++)
    {
      QwNominee *n = qw_nominee_new ();

      n->line = g_strdup ("open-m");
      n->line_label = g_strdup ("");
      n->group_code = g_strdup ("open-m");
      n->group_name = g_strdup ("公开组男子");
      n->rank = i + 1;
      n->name = g_strdup (i == 0 ? "王五" : "李四");
      n->birth = g_strdup ("1990-01-01");
      n->id_number = fixture_id_number (7 + i, "1990-01-01", QW_SEX_MALE);
      n->unit = g_strdup ("");
      n->reason = g_strdup ("");
      g_ptr_array_add (list->nominees, n);
    }
  text = qw_nominees_to_xml (list, NULL, &error);
  g_assert_no_error (error);
  s = g_string_new (text);
  g_string_replace (s, ((QwNominee *) g_ptr_array_index (list->nominees, 1))->id_number,
                    ((QwNominee *) g_ptr_array_index (list->nominees, 0))->id_number, 1);
  resealed = qw_test_reseal (s->str);
  read = qw_nominees_read_memory (resealed, strlen (resealed), "twice.xml", &error);
  g_assert_null (read);
  assert_error_with (error, QW_ERROR_INVALID, "is nominated twice");
}

/* 10. round × 100000 + board overflowed an int from round 21,475 on, and
 * then told two different games apart wrongly: a large round robin. */
static void
test_10_no_overflow (void)
{
  g_autoptr(QwResults) results = fixture_results ("大循环", "0a1b2c3d-round-robin", "2021-07-03", 2);
  QwResultsGroup *group = qw_results_group_new ("open-f");
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autoptr(QwResults) read = NULL;
  const QwResultsGroup *back;

  g_free (group->system);
  group->system = g_strdup ("round-robin");
  group->rounds = 42950;
  for (int i = 0; i < 21475; i++)
    {
      QwEntry *e = fixture_player (1000 + i, "棋手", QW_SEX_FEMALE, "1990-01-01", "open-f");

      g_free (e->id_number);
      e->id_number = g_strdup ("");
      g_ptr_array_add (group->players, e);
    }
  /* 1 × 100000 + 1 and 42950 × 100000 + 67297 are equal modulo 2³². */
  fixture_game (group, 1, 1, 1000, 1001, "2:0");
  fixture_game (group, 42950, 67297, 1002, 1003, "1:1");
  g_ptr_array_add (results->groups, group);
  text = qw_results_to_xml (results, FALSE, NULL, &error);
  g_assert_no_error (error);
  read = qw_results_read_memory (text, strlen (text), "round-robin.xml", &error);
  g_assert_no_error (error);
  back = g_ptr_array_index (read->groups, read->groups->len - 1);
  g_assert_cmpuint (back->games->len, ==, 2);
}

/* 12. Resources and messages */

static void
test_12_oversized_field (void)
{
  g_autoptr(GString) text = g_string_new ("姓名,性别,单位\n王五,男,北京\n");
  g_autofree char *big = g_strnfill (1024 * 1024, 'x');
  g_autofree char *path = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(QwEntryImport) import = NULL;
  gint64 start;

  g_string_append_printf (text, "李四,男,%s\n", big);
  path = write_file ("big-field.csv", text->str, (gssize) text->len);
  before = qw_test_checksum_file (path);
  start = g_get_monotonic_time ();
  import = qw_entry_import_file (path, &error);
  g_assert_null (import);
  g_assert_cmpfloat (qw_test_seconds_since (start), <, qw_test_seconds (1.0));
  assert_error_with (error, QW_ERROR_TOO_LARGE,
                     "Row 2 (line 3), column 3 (单位): the field has 1048576 characters; a field holds at most 500");
  after = qw_test_checksum_file (path);
  g_assert_cmpstr (before, ==, after);
}

/* 6. A workbook replaces a file whole: written under a temporary name and
 * renamed; a writer given up leaves the old file and nothing else. */
static void
test_6_workbook_written_whole (void)
{
  g_autofree char *folder = g_build_filename (dir, "workbooks", NULL);
  g_autofree char *path = g_build_filename (folder, "list.xlsx", NULL);
  const char *header[] = { "姓名", NULL };
  const char *row[] = { "王五", NULL };
  const QwXlsxColumn columns[] = { QW_XLSX_COLUMN_TEXT };
  g_autofree char *before = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  g_assert_true (g_file_set_contents (path, "the old list", -1, NULL));
  before = qw_test_checksum_file (path);
  for (int close_it = 0; close_it < 2; close_it++)
    {
      g_autoptr(QwXlsxWriter) writer = qw_xlsx_writer_new (path);
      g_autoptr(GDir) d = NULL;
      const char *name;
      guint n = 0;

      g_assert_nonnull (qw_xlsx_writer_add_sheet (writer, "名单", header, columns, &error));
      g_assert_true (qw_xlsx_writer_add_row (writer, row, &error));
      assert_unchanged_file (path, before);
      if (close_it)
        {
          g_assert_true (qw_xlsx_writer_close (writer, &error));
          g_assert_no_error (error);
        }
      g_clear_pointer (&writer, qw_xlsx_writer_free);
      if (!close_it)
        assert_unchanged_file (path, before);
      /* Only the list itself: no temporary file is left behind. */
      d = g_dir_open (folder, 0, NULL);
      while ((name = g_dir_read_name (d)) != NULL)
        {
          g_assert_cmpstr (name, ==, "list.xlsx");
          n++;
        }
      g_assert_cmpuint (n, ==, 1);
    }
  {
    g_autoptr(QwCsv) table = qw_xlsx_read_file (path, 0, NULL, &error);

    g_assert_no_error (error);
    g_assert_cmpstr (((GStrv) g_ptr_array_index (table->rows, 1))[0], ==, "王五");
  }
}

/* A workbook's cell is a field like any other: the same limit, with where it is. */
static void
test_12_oversized_cell (void)
{
  g_autofree char *path = g_build_filename (dir, "big-cell.xlsx", NULL);
  g_autofree char *big = g_strnfill (600, 'x');
  const char *header[] = { "账号", "姓名", "单位", NULL };
  const char *small[] = { "a", "王五", "北京", NULL };
  const char *large[] = { "b", "李四", big, NULL };
  const QwXlsxColumn columns[] = { QW_XLSX_COLUMN_TEXT, QW_XLSX_COLUMN_TEXT, QW_XLSX_COLUMN_TEXT };
  g_autoptr(QwXlsxWriter) writer = qw_xlsx_writer_new (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) ladder_error = NULL;
  g_autoptr(QwCsv) table = NULL;
  g_autoptr(QwLadderPlayers) players = NULL;

  g_assert_nonnull (qw_xlsx_writer_add_sheet (writer, "名单", header, columns, &error));
  g_assert_true (qw_xlsx_writer_add_row (writer, small, &error));
  g_assert_true (qw_xlsx_writer_add_row (writer, large, &error));
  g_assert_true (qw_xlsx_writer_close (writer, &error));
  g_assert_no_error (error);
  table = qw_xlsx_read_file (path, 0, NULL, &error);
  g_assert_null (table);
  assert_error_with (error, QW_ERROR_TOO_LARGE,
                     "Row 2 (line 3), column 3 (单位): the field has 600 characters; a field holds at most 500");
  players = qw_ladder_players_read_file (path, NULL, &ladder_error);
  g_assert_null (players);
  assert_error_with (ladder_error, QW_ERROR_TOO_LARGE, "the field has 600 characters");
}

static void
test_12_too_many_fields (void)
{
  g_autofree char *lines = g_strnfill (4100000, '\n');
  g_autoptr(GError) error = NULL;
  g_autoptr(QwCsv) csv = NULL;
  gint64 start = g_get_monotonic_time ();

  csv = qw_csv_parse_data (lines, strlen (lines), &error);
  g_assert_null (csv);
  g_assert_cmpfloat (qw_test_seconds_since (start), <, qw_test_seconds (1.0));
  assert_error_with (error, QW_ERROR_TOO_LARGE, "more than 4000000 fields");
}

static void
test_12_encoding_lines (void)
{
  const char *sample = "姓名,单位\n王五,北京\n李四,上海\n";
  gsize length = 0;
  g_autofree char *gb = g_convert (sample, -1, "GB18030", "UTF-8", NULL, &length, NULL);
  g_autoptr(GString) bad_gb = g_string_new_len (gb, (gssize) length);
  g_autoptr(GString) bad_utf8 = g_string_new (sample);
  g_autoptr(GError) e1 = NULL, e2 = NULL, e3 = NULL;
  g_autoptr(QwCsv) c1 = NULL, c2 = NULL, c3 = NULL;
  const char *nul = "姓名\n王五\n\0\n";

  /* A byte that is not GB18030 at the start of line 3. */
  g_string_insert_c (bad_gb, (gssize) (strchr (strchr (gb, '\n') + 1, '\n') + 1 - gb), (char) 0xFF);
  c1 = qw_csv_parse_data (bad_gb->str, bad_gb->len, &e1);
  g_assert_null (c1);
  assert_error_with (e1, QW_ERROR_INVALID, "Line 3: byte 0xFF is neither UTF-8 nor GB18030 text");
  /* UTF-8 with one bad byte on line 3. */
  g_string_insert_c (bad_utf8, (gssize) (strstr (sample, "李四") - sample), (char) 0xFD);
  c2 = qw_csv_parse_data (bad_utf8->str, bad_utf8->len, &e2);
  g_assert_null (c2);
  assert_error_with (e2, QW_ERROR_INVALID, "Line 3: byte 0xFD is not UTF-8");
  c3 = qw_csv_parse_data (nul, 22, &e3);
  g_assert_null (c3);
  assert_error_with (e3, QW_ERROR_INVALID, "Line 3: the file is not a text file");
  /* U+0000 in UTF-16 is a NUL too, not the end of the text. */
  {
    static const char utf16[] = "\xff\xfe" "a\0\n\0b\0\0\0c\0";
    g_autoptr(GError) e4 = NULL;
    g_autoptr(QwCsv) c4 = qw_csv_parse_data (utf16, sizeof utf16 - 1, &e4);

    g_assert_null (c4);
    assert_error_with (e4, QW_ERROR_INVALID, "Line 2: the file is not a text file");
  }
}

static void
test_12_participants_too_large (void)
{
  const char *text = "名称,类型,级别,承办单位,地级市,县级市,荣誉,参赛人数\n第1站,预选赛,县级,第1协会,第1市,,,2147483647\n"
                     "第2站,预选赛,县级,第2协会,第2市,,,九十\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(QwCsv) csv = qw_csv_parse_data (text, strlen (text), &error);
  g_autoptr(QwRuleset) ruleset = qw_test_ruleset ();
  g_autoptr(QwStopsImport) import = NULL;

  g_assert_no_error (error);
  import = qw_stops_csv_parse (ruleset, csv, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (import->rejected->len, ==, 2);
  g_assert_nonnull (strstr (((QwRowError *) g_ptr_array_index (import->rejected, 0))->message,
                            "“2147483647” are too many: a stop has at most 1000000"));
  g_assert_nonnull (strstr (((QwRowError *) g_ptr_array_index (import->rejected, 1))->message,
                            "“九十” is not a whole number"));
}

static void
test_12_deep_nesting_message (void)
{
  g_autoptr(GString) deep = g_string_new ("<?xml version=\"1.0\"?>\n<results xmlns=\"https://qiwang.cn/ns/results/1\">");

  for (int i = 0; i < 1000; i++)
    g_string_append (deep, "<content>");
  assert_results_refused ("deep.xml", deep->str, (gssize) deep->len, QW_ERROR_CORRUPT,
                          "the elements are nested more than 256 deep");
}

/* Found by fuzzing: a damaged document's game of round 0 wrote before the
 * standings' row, and one of round two billion sized every row by it. */
static void
test_fuzz_standings_rounds (void)
{
  g_autoptr(QwRuleset) ruleset = qw_test_ruleset ();
  g_autoptr(QwSection) section = qw_section_new ();
  g_autoptr(GPtrArray) entries = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_entry_free);
  g_autoptr(GPtrArray) games = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_game_free);
  g_autoptr(GPtrArray) rows = NULL;
  const int rounds[] = { 1, 0, -5, 2000000000 };

  section->code = g_strdup ("open-m");
  section->rounds = 2;
  for (int i = 0; i < 4; i++)
    {
      QwEntry *e = fixture_player (i + 1, "棋手", QW_SEX_MALE, "1990-01-01", "open-m");

      e->id = i + 1;
      g_ptr_array_add (entries, e);
    }
  for (guint i = 0; i < G_N_ELEMENTS (rounds); i++)
    {
      QwGame *g = qw_game_new ();

      g->round = rounds[i];
      g->board = 1;
      g->red = 1 + (i % 2) * 2;
      g->black = 2 + (i % 2) * 2;
      g->result = QW_RESULT_RED_WIN;
      g_ptr_array_add (games, g);
    }
  rows = qw_standings_compute (ruleset, section, entries, games, 0);
  g_assert_cmpuint (rows->len, ==, 4);
  for (guint i = 0; i < rows->len; i++)
    g_assert_cmpuint (((QwStandingRow *) g_ptr_array_index (rows, i))->rounds->len, ==, 1);
}

/* Build 2: a document's text is checked where it enters */

static void
test_b2_document_text (void)
{
  g_autofree char *path = g_build_filename (dir, "damaged.qiwang", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = qw_demo_create (path, &error);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  sqlite3 *db = NULL;

  g_assert_no_error (error);
  g_clear_object (&doc);
  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "UPDATE player SET id_number = CAST(X'343430313032FD' AS TEXT) WHERE id = "
                                     "(SELECT player_id FROM entry WHERE no = 3)", NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);
  before = qw_test_checksum_file (path);
  doc = qw_document_open (path, &error);
  g_assert_null (doc);
  assert_error_with (error, QW_ERROR_CORRUPT, "is damaged: entry 3 (");
  g_assert_nonnull (strstr (error->message, "holds text that is not UTF-8 (its id_number)"));
  after = qw_test_checksum_file (path);
  g_assert_cmpstr (before, ==, after);
}

/* The tables that came later are checked as well: the arbiter's game log,
 * absences and standings (rows of an entry: named by it), the stop's details. */
static void
test_b2_document_text_new_tables (void)
{
  static const struct { const char *sql; const char *needle; } cases[] = {
    { "INSERT INTO game_log (section_id, round, board, kind, cause) "
      "VALUES (1, 1, 1, 'result', CAST(X'E4B8AD' || X'FF' AS TEXT))",
      "of game_log holds text that is not UTF-8 (its cause)" },
    { "INSERT INTO standing (section_id, rank, entry_id, tiebreaks) "
      "SELECT 1, 1, id, CAST(X'31FE' AS TEXT) FROM entry WHERE no = 5",
      "is damaged: entry 5 (" },
    { "UPDATE event SET venue = CAST(X'C0' AS TEXT)",
      "row 1 of event holds text that is not UTF-8 (its venue)" },
    { "INSERT INTO round_log (section_id, round, message) VALUES (1, 1, CAST(X'ED' AS TEXT))",
      "of round_log holds text that is not UTF-8 (its message)" },
    /* The history's labels are shown in the window's menu. */
    { "INSERT INTO step (label, origin, size, changeset) VALUES (CAST(X'E6' AS TEXT), 'cli', 1, X'00')",
      "of step holds text that is not UTF-8 (its label)" },
    /* A table made WITHOUT ROWID is not one Qiwang makes: refused by the
     * schema check (issue 17) before any of its text is read. */
    { "CREATE TABLE meta2 (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID; "
      "INSERT INTO meta2 SELECT key, value FROM meta; DROP TABLE meta; ALTER TABLE meta2 RENAME TO meta; "
      "UPDATE meta SET value = CAST(X'FF' AS TEXT) WHERE key = 'created-by'",
      "is not a Qiwang document: its “meta” is not the one Qiwang makes" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *name = g_strdup_printf ("damaged-%u.qiwang", i);
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(QwDocument) doc = qw_demo_create (path, &error);
      g_autofree char *before = NULL;
      g_autofree char *after = NULL;
      char *message = NULL;
      sqlite3 *db = NULL;

      g_assert_no_error (error);
      g_clear_object (&doc);
      g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
      if (sqlite3_exec (db, cases[i].sql, NULL, NULL, &message) != SQLITE_OK)
        g_error ("%s: %s", cases[i].sql, message);
      g_assert_cmpint (sqlite3_changes (db), ==, 1);
      sqlite3_close (db);
      before = qw_test_checksum_file (path);
      doc = qw_document_open (path, &error);
      g_assert_null (doc);
      assert_error_with (error, QW_ERROR_CORRUPT, cases[i].needle);
      after = qw_test_checksum_file (path);
      g_assert_cmpstr (before, ==, after);
    }
}

/* A step's changeset is bytes, never read as text (nor read at all when
 * the document opens): whatever it holds, the document opens, and an undo
 * of a changeset that is not one is refused with a message, changing
 * nothing. */
static void
test_b2_step_changeset (void)
{
  g_autofree char *path = g_build_filename (dir, "garbled-step.qiwang", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = qw_demo_create (path, &error);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *label = NULL;
  sqlite3 *db = NULL;

  g_assert_no_error (error);
  g_clear_object (&doc);
  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "INSERT INTO step (label, origin, size, changeset) "
                                     "VALUES ('结果', 'cli', 3, CAST(X'FFFE54' AS TEXT))", NULL, NULL, NULL), ==,
                   SQLITE_OK);
  sqlite3_close (db);
  doc = qw_document_open (path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (doc);
  g_clear_object (&doc);
  before = qw_test_checksum_file (path);
  doc = qw_document_open (path, &error);
  g_assert_no_error (error);
  g_assert_false (qw_document_undo (doc, 0, &label, &error));
  g_assert_nonnull (error);
  g_assert_null (label);
  g_test_message ("%s", error->message);
  g_clear_object (&doc);
  after = qw_test_checksum_file (path);
  g_assert_cmpstr (before, ==, after);
}

int
main (int    argc,
      char **argv)
{
  int status;

  /* The user's ruleset folder, in a folder of the test's own. */
  dir = qw_test_make_tmp_dir ("qiwang-hostile-XXXXXX");
  {
    g_autofree char *data_home = g_build_filename (dir, "data-home", NULL);

    g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  }
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/hostile/1/mask-invalid-utf8", test_1_mask_invalid_utf8);
  g_test_add_func ("/hostile/2/ruleset-only-by-id", test_2_ruleset_only_by_id);
  g_test_add_func ("/hostile/2/ruleset-user-folder", test_2_ruleset_user_folder);
  g_test_add_func ("/hostile/2/devices-and-fifos", test_2_devices_and_fifos);
  g_test_add_func ("/hostile/2/workbooks-and-reports", test_2_workbooks_and_reports);
  g_test_add_func ("/hostile/2/workbook-and-report-limits", test_2_workbook_and_report_limits);
  g_test_add_func ("/hostile/2/results-ruleset-path", test_2_results_ruleset_path);
  g_test_add_func ("/hostile/7/formulas", test_7_formulas);
  g_test_add_func ("/hostile/8/form-is-sealed", test_8_form_is_sealed);
  g_test_add_func ("/hostile/8/nominee-form-is-sealed", test_8_nominee_form_is_sealed);
  g_test_add_func ("/hostile/8/digest-is-c14n", test_8_digest_is_c14n);
  g_test_add_func ("/hostile/8/dtd-in-utf16", test_8_dtd_in_utf16);
  g_test_add_func ("/hostile/8/fuzz-findings", test_8_fuzz_findings);
  g_test_add_func ("/hostile/9/impossible-content", test_9_impossible_content);
  g_test_add_func ("/hostile/9/nominees-impossible", test_9_nominees_impossible);
  g_test_add_func ("/hostile/10/no-overflow", test_10_no_overflow);
  g_test_add_func ("/hostile/12/oversized-field", test_12_oversized_field);
  g_test_add_func ("/hostile/6/workbook-written-whole", test_6_workbook_written_whole);
  g_test_add_func ("/hostile/12/oversized-cell", test_12_oversized_cell);
  g_test_add_func ("/hostile/12/too-many-fields", test_12_too_many_fields);
  g_test_add_func ("/hostile/12/encoding-lines", test_12_encoding_lines);
  g_test_add_func ("/hostile/12/participants-too-large", test_12_participants_too_large);
  g_test_add_func ("/hostile/12/deep-nesting-message", test_12_deep_nesting_message);
  g_test_add_func ("/hostile/fuzz/standings-rounds", test_fuzz_standings_rounds);
  g_test_add_func ("/hostile/build-2/document-text", test_b2_document_text);
  g_test_add_func ("/hostile/build-2/document-text-new-tables", test_b2_document_text_new_tables);
  g_test_add_func ("/hostile/build-2/step-changeset", test_b2_step_changeset);

  status = g_test_run ();
  qw_test_remove_tree (dir);
  g_free (dir);
  return status;
}
