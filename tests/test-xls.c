/* test-xls.c: old workbooks (.xls, BIFF8) read as the CSV reader reads lists
 *
 * The fixtures in tests/data were written by Spreadsheet::WriteExcel
 * (tests/data/make-xls.pl), not by Qiwang.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gstdio.h>
#include <string.h>

#include "qw-entry-import.h"
#include "qw-error.h"
#include "qw-xls.h"

static void
assert_row (const QwCsv *csv,
            guint        index,
            int          line,
            const char  *joined)
{
  g_autofree char *got = g_strjoinv ("|", g_ptr_array_index (csv->rows, index));

  g_assert_cmpstr (got, ==, joined);
  g_assert_cmpint (g_array_index (csv->lines, int, index), ==, line);
}

static void
test_list (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "list.xls", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwCsv) csv = qw_xls_read_file (path, 0, NULL, &error);
  GStrv raw;

  g_assert_no_error (error);
  g_assert_cmpstr (csv->encoding, ==, "xls");
  /* The title row goes, the empty row 5 is skipped, dates become ISO text
   * in both formats, and the ID number typed as a number shows as Excel
   * shows it. */
  g_assert_cmpuint (csv->rows->len, ==, 4);
  assert_row (csv, 0, 2, "序号|姓名|性别|出生日期|身份证号|单位|等级|组别|手机|等级分");
  assert_row (csv, 1, 3, "1|王五|女|1949-12-31|11010519491231002X|北京象棋协会||公开组|13800000000|1850");
  assert_row (csv, 2, 4, "2|李四|男|1990-05-06|4.41381E+17|少年宫|一级棋士|公开组||1623.5");
  assert_row (csv, 3, 6, "3|赵六|男|1990/5/6||多行\n单位");
  raw = g_ptr_array_index (csv->raw, 2);
  g_assert_cmpfloat (g_ascii_strtod (raw[4], NULL), ==, 441381199001011234.0);
  g_assert_cmpstr (raw[1], ==, "");
}

static const char *list_csv =
  "\xEF\xBB\xBF序号,姓名,性别,出生日期,身份证号,单位,等级,组别,手机,等级分\r\n"
  "1,王五,女,1949-12-31,11010519491231002X,北京象棋协会,,公开组,13800000000,1850\r\n"
  "2,李四,男,1990年5月6日,4.41381E+17,少年宫,一级棋士,公开组,,1623.5\r\n"
  ",,,,,,,,,\r\n"
  "3,赵六,男,1990/5/6,,\"多行\n单位\",,,,\r\n";

static void
test_same_as_csv (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "list.xls", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwCsv) book = qw_xls_read_file (path, 1, NULL, &error);
  g_autoptr(QwCsv) csv = qw_csv_parse_data (list_csv, strlen (list_csv), &error);
  g_autoptr(QwEntryImport) a = NULL;
  g_autoptr(QwEntryImport) b = NULL;

  g_assert_no_error (error);
  a = qw_entry_import_csv (book, &error);
  g_assert_no_error (error);
  b = qw_entry_import_csv (csv, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (a->entries->len, ==, 3);
  g_assert_cmpuint (a->entries->len, ==, b->entries->len);
  g_assert_cmpuint (a->rejected->len, ==, b->rejected->len);
  for (guint i = 0; i < a->entries->len; i++)
    {
      const QwEntry *x = g_ptr_array_index (a->entries, i);
      const QwEntry *y = g_ptr_array_index (b->entries, i);

      g_assert_cmpstr (x->name, ==, y->name);
      g_assert_cmpint (x->sex, ==, y->sex);
      g_assert_cmpstr (x->birth, ==, y->birth);
      g_assert_cmpstr (x->id_number, ==, y->id_number);
      g_assert_cmpstr (x->unit, ==, y->unit);
      g_assert_cmpstr (x->grade, ==, y->grade);
      g_assert_cmpstr (x->declared_group, ==, y->declared_group);
      g_assert_cmpstr (x->phone, ==, y->phone);
      g_assert_cmpint (x->rating, ==, y->rating);
    }
}

static void
test_sheets (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "list.xls", NULL);
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) names = qw_xls_sheet_names (path, &error);
  g_autoptr(QwCsv) second = NULL;
  QwCsv *none;

  g_assert_no_error (error);
  g_assert_cmpuint (g_strv_length (names), ==, 2);
  g_assert_cmpstr (names[0], ==, "报名表");
  g_assert_cmpstr (names[1], ==, "第二页");
  second = qw_xls_read_file (path, 0, "第二页", &error);
  g_assert_no_error (error);
  assert_row (second, 0, 1, "姓名|单位");
  assert_row (second, 1, 2, "钱七|上海");
  none = qw_xls_read_file (path, 3, NULL, &error);
  g_assert_null (none);
  g_assert_error (error, QW_ERROR, QW_ERROR_NOT_FOUND);
}

static void
test_date1904 (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "list-1904.xls", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwCsv) csv = qw_xls_read_file (path, 0, NULL, &error);

  g_assert_no_error (error);
  assert_row (csv, 1, 2, "孙八|1990-01-01");
}

static void
test_not_xls (void)
{
  g_autofree char *dir = g_dir_make_tmp ("qiwang-xls-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "list.xls", NULL);
  g_autoptr(GError) error = NULL;
  QwCsv *csv;

  /* Desks rename CSV files to .xls. */
  g_assert_true (g_file_set_contents (path, "姓名,单位\n张三,北京\n", -1, NULL));
  csv = qw_xls_read_file (path, 0, NULL, &error);
  g_assert_null (csv);
  g_assert_error (error, QW_ERROR, QW_ERROR_CORRUPT);
  g_unlink (path);
  g_rmdir (dir);
}

/* A copy of list.xls with @value written at @offset (little-endian, @width bytes). */
static char *
damaged_copy (const char *name,
              gsize       offset,
              guint       value,
              guint       width)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "list.xls", NULL);
  g_autofree char *dir = g_dir_make_tmp ("qiwang-xls-XXXXXX", NULL);
  char *copy = g_build_filename (dir, name, NULL);
  g_autofree char *data = NULL;
  gsize length = 0;

  g_assert_true (g_file_get_contents (path, &data, &length, NULL));
  g_assert_cmpuint (offset + width, <=, length);
  for (guint i = 0; i < width; i++)
    data[offset + i] = (char) ((value >> (8 * i)) & 0xFF);
  g_assert_true (g_file_set_contents (copy, data, (gssize) length, NULL));
  return copy;
}

static void
remove_copy (const char *copy)
{
  g_autofree char *dir = g_path_get_dirname (copy);

  g_unlink (copy);
  g_rmdir (dir);
}

/* FreeXL trusts the lengths a file states (it read 53 KB past a 4 KB buffer
 * of its stack for the first, found by fuzz-workbook): the container is
 * checked before FreeXL sees it, and such a file is refused as damaged. */
static void
test_lengths_checked (void)
{
  /* list.xls: 512-byte sectors, the directory in sector 8, the Workbook
   * stream (4096 bytes) from sector 0. */
  static const struct { gsize offset; guint value; guint width; } cases[] = {
    { 0x1200 + 128 + 0x40, 53841, 2 },  /* the Workbook entry's name length */
    { 0x1200 + 0x40, 0, 2 },            /* the Root Entry's name length */
    { 0x200 + 2, 9000, 2 },             /* the first record's size, over BIFF8's 8,224 */
    { 0x1E, 10, 2 },                    /* a sector size FreeXL does not know */
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *copy = damaged_copy ("damaged.xls", cases[i].offset, cases[i].value, cases[i].width);
      g_autoptr(GError) error = NULL;
      g_autoptr(GError) names_error = NULL;
      g_autoptr(QwCsv) csv = qw_xls_read_file (copy, 0, NULL, &error);
      g_auto(GStrv) names = qw_xls_sheet_names (copy, &names_error);

      g_assert_null (csv);
      g_assert_null (names);
      g_assert_error (error, QW_ERROR, QW_ERROR_CORRUPT);
      g_assert_nonnull (strstr (error->message, "is not an .xls workbook (Excel 97–2003), or it is damaged"));
      g_assert_error (names_error, QW_ERROR, QW_ERROR_CORRUPT);
      remove_copy (copy);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/xls/list", test_list);
  g_test_add_func ("/xls/same-as-csv", test_same_as_csv);
  g_test_add_func ("/xls/sheets", test_sheets);
  g_test_add_func ("/xls/date1904", test_date1904);
  g_test_add_func ("/xls/not-xls", test_not_xls);
  g_test_add_func ("/xls/lengths-checked", test_lengths_checked);
  return g_test_run ();
}
