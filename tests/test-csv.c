/* test-csv.c: registration lists as associations keep them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gstdio.h>
#include <string.h>

#include "qw-entry-import.h"
#include "qw-error.h"
#include "qw-entry.h"

static const char *sample =
  "姓名,性别,出生日期,身份证号,单位,等级,组别,手机\n"
  "王五,女,1949-12-31,11010519491231002X,北京象棋协会,,,13800000000\n"
  "\"李, 四\",男,1990/5/6,,\"少年宫 \"\"东区\"\"\",一级棋士,公开组,\n"
  "赵六,男,1990年5月6日,,\"多行\n单位\",,,\n";

static QwEntryImport *
import_bytes (const char *data,
              gsize       length,
              GError    **error)
{
  g_autoptr(QwCsv) csv = qw_csv_parse_data (data, length, error);

  if (csv == NULL)
    return NULL;
  return qw_entry_import_csv (csv, error);
}

static void
assert_sample (QwEntryImport *import)
{
  const QwEntry *e;

  g_assert_cmpuint (import->entries->len, ==, 3);
  g_assert_cmpuint (import->rejected->len, ==, 0);
  e = g_ptr_array_index (import->entries, 0);
  g_assert_cmpstr (e->name, ==, "王五");
  g_assert_cmpint (e->sex, ==, QW_SEX_FEMALE);
  g_assert_cmpstr (e->birth, ==, "1949-12-31");
  g_assert_cmpstr (e->id_number, ==, "11010519491231002X");
  g_assert_cmpstr (e->phone, ==, "13800000000");
  e = g_ptr_array_index (import->entries, 1);
  g_assert_cmpstr (e->name, ==, "李, 四");
  g_assert_cmpstr (e->unit, ==, "少年宫 \"东区\"");
  g_assert_cmpstr (e->birth, ==, "1990-05-06");
  g_assert_cmpstr (e->declared_group, ==, "公开组");
  e = g_ptr_array_index (import->entries, 2);
  g_assert_cmpstr (e->birth, ==, "1990-05-06");
  g_assert_cmpstr (e->unit, ==, "多行\n单位");
}

static void
test_utf8 (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwEntryImport) import = import_bytes (sample, strlen (sample), &error);

  g_assert_no_error (error);
  g_assert_cmpstr (import->encoding, ==, "UTF-8");
  assert_sample (import);
}

static void
test_utf8_bom (void)
{
  g_autofree char *data = g_strconcat ("\xEF\xBB\xBF", sample, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwEntryImport) import = import_bytes (data, strlen (data), &error);

  g_assert_no_error (error);
  g_assert_cmpstr (import->encoding, ==, "UTF-8 (BOM)");
  assert_sample (import);
}

static void
test_gb18030 (void)
{
  g_autoptr(GError) error = NULL;
  gsize length = 0;
  g_autofree char *data = g_convert (sample, -1, "GB18030", "UTF-8", NULL, &length, &error);
  g_autoptr(QwEntryImport) import = NULL;

  g_assert_no_error (error);
  g_assert_false (g_utf8_validate (data, (gssize) length, NULL));
  import = import_bytes (data, length, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (import->encoding, ==, "GB18030");
  assert_sample (import);
}

static void
test_utf16_tabs (void)
{
  g_autoptr(GError) error = NULL;
  const char *tsv = "姓名\t性别\t出生日期\n王五\t女\t1949.12.31\n";
  gsize length = 0;
  g_autofree char *body = g_convert (tsv, -1, "UTF-16LE", "UTF-8", NULL, &length, &error);
  g_autofree char *data = g_malloc (length + 2);
  g_autoptr(QwEntryImport) import = NULL;
  const QwEntry *e;

  g_assert_no_error (error);
  data[0] = (char) 0xFF;
  data[1] = (char) 0xFE;
  memcpy (data + 2, body, length);
  import = import_bytes (data, length + 2, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (import->encoding, ==, "UTF-16LE");
  e = g_ptr_array_index (import->entries, 0);
  g_assert_cmpstr (e->name, ==, "王五");
  g_assert_cmpstr (e->birth, ==, "1949-12-31");
}

static void
test_english_header_and_crlf (void)
{
  const char *data = "Name,Sex,Birth,ID,Unit,Grade,Group,Phone,Notes\r\n"
                     "Zhang San,M,19900506,,Club,,,,left-handed\r\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(QwEntryImport) import = import_bytes (data, strlen (data), &error);
  const QwEntry *e;

  g_assert_no_error (error);
  e = g_ptr_array_index (import->entries, 0);
  g_assert_cmpstr (e->name, ==, "Zhang San");
  g_assert_cmpint (e->sex, ==, QW_SEX_MALE);
  g_assert_cmpstr (e->birth, ==, "1990-05-06");
  g_assert_cmpstr (e->unit, ==, "Club");
  g_assert_cmpstr (import->ignored_columns[0], ==, "Notes");
}

static void
test_bad_rows_reported (void)
{
  const char *data = "姓名,性别\n"
                     "甲,男\n"
                     ",,\n"                 /* blank: skipped, keeps its number */
                     "乙,男,多余,字段\n"    /* too many fields: rejected */
                     "丙\n";                /* too few: padded */
  g_autoptr(GError) error = NULL;
  g_autoptr(QwEntryImport) import = import_bytes (data, strlen (data), &error);
  QwRowError *bad;

  g_assert_no_error (error);
  g_assert_cmpuint (import->entries->len, ==, 2);
  g_assert_cmpint (g_array_index (import->rows, int, 0), ==, 1);
  g_assert_cmpint (g_array_index (import->rows, int, 1), ==, 4);
  g_assert_cmpuint (import->rejected->len, ==, 1);
  bad = g_ptr_array_index (import->rejected, 0);
  g_assert_cmpint (bad->row, ==, 3);
  g_assert_cmpint (bad->line, ==, 4);
  g_assert_nonnull (strstr (bad->message, "3"));
}

/* Found on the second new-user walk (issue 19): a totals row at the bottom
 * ("合计 | 40人") is no entry; numbers typed in the input method's
 * full-width forms are read as numbers (phone, birth date); a number that
 * begins with a letter, without a 证件类型 column, is a passport, not a
 * malformed resident ID. */
static void
test_walk_messy_rows (void)
{
  const char *data = "序号,姓名,性别,出生日期,身份证号,手机\n"
                     "1,甲,男,２００８年３月５日,,１３８００１３８０００\n"
                     "2,John SMITH,男,1988-08-18, E12345678,\n"
                     "3,乙,男,1980-01-01,320583198001011238,\n"
                     "合 计：,3人,,,,\n"
                     "總計,,,,,\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(QwEntryImport) import = import_bytes (data, strlen (data), &error);
  const QwEntry *e;
  QwRowError *bad;

  g_assert_no_error (error);
  g_assert_cmpuint (import->entries->len, ==, 3);
  e = g_ptr_array_index (import->entries, 0);
  g_assert_cmpstr (e->birth, ==, "2008-03-05");
  g_assert_cmpstr (e->phone, ==, "13800138000");
  g_assert_cmpint (e->doc_kind, ==, QW_DOC_RESIDENT_ID);
  e = g_ptr_array_index (import->entries, 1);
  g_assert_cmpint (e->doc_kind, ==, QW_DOC_OTHER);
  g_assert_cmpstr (e->id_number, ==, "E12345678");
  e = g_ptr_array_index (import->entries, 2);
  g_assert_cmpint (e->doc_kind, ==, QW_DOC_RESIDENT_ID);
  g_assert_cmpuint (import->rejected->len, ==, 2);
  bad = g_ptr_array_index (import->rejected, 0);
  g_assert_cmpint (bad->line, ==, 5);
  g_assert_nonnull (strstr (bad->message, "合计"));
  bad = g_ptr_array_index (import->rejected, 1);
  g_assert_cmpint (bad->line, ==, 6);
}

static void
test_unreadable_files (void)
{
  static const struct {
    const char *data;
    gsize       length;
  } cases[] = {
    { "", 0 },
    { "姓名,性别\n\"王五,女\n", sizeof "姓名,性别\n\"王五,女\n" - 1 },  /* truncated quote */
    { "性别,单位\n男,某地\n", sizeof "性别,单位\n男,某地\n" - 1 },      /* no name column */
    { "PK\x03\x04\x00\x00binary", 12 },                                 /* an .xlsx, not CSV */
    { "\xEF\xBB\xBF\xFF\xFE bad", 8 },                                  /* BOM but not UTF-8 */
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(QwEntryImport) import = import_bytes (cases[i].data, cases[i].length, &error);

      g_assert_null (import);
      g_assert_error (error, QW_ERROR, QW_ERROR_INVALID);
      g_assert_cmpstr (error->message, !=, "");
    }
}

static void
test_missing_file (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwEntryImport) import = qw_entry_import_file ("/nonexistent/list.csv", &error);

  g_assert_null (import);
  g_assert_error (error, QW_ERROR, QW_ERROR_IO);
}

static void
test_export_round_trip (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwEntryImport) import = import_bytes (sample, strlen (sample), &error);
  g_autofree char *csv = qw_entries_to_csv (import->entries, FALSE);
  g_autofree char *masked = qw_entries_to_csv (import->entries, TRUE);
  g_autoptr(QwEntryImport) again = import_bytes (csv, strlen (csv), &error);

  g_assert_no_error (error);
  g_assert_cmpuint (again->entries->len, ==, import->entries->len);
  for (guint i = 0; i < again->entries->len; i++)
    {
      const QwEntry *a = g_ptr_array_index (import->entries, i);
      const QwEntry *b = g_ptr_array_index (again->entries, i);

      g_assert_cmpstr (a->name, ==, b->name);
      g_assert_cmpstr (a->unit, ==, b->unit);
      g_assert_cmpstr (a->id_number, ==, b->id_number);
    }
  /* A public list never carries the full number or the phone. */
  g_assert_null (strstr (masked, "11010519491231002X"));
  g_assert_nonnull (strstr (masked, "110105********002X"));
  g_assert_null (strstr (masked, "13800000000"));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/csv/utf8", test_utf8);
  g_test_add_func ("/csv/utf8-bom", test_utf8_bom);
  g_test_add_func ("/csv/gb18030", test_gb18030);
  g_test_add_func ("/csv/utf16-tabs", test_utf16_tabs);
  g_test_add_func ("/csv/english-header-crlf", test_english_header_and_crlf);
  g_test_add_func ("/csv/bad-rows", test_bad_rows_reported);
  g_test_add_func ("/csv/walk-messy-rows", test_walk_messy_rows);
  g_test_add_func ("/csv/unreadable", test_unreadable_files);
  g_test_add_func ("/csv/missing-file", test_missing_file);
  g_test_add_func ("/csv/export-round-trip", test_export_round_trip);
  return g_test_run ();
}
