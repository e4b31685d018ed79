/* test-xlsx-writer.c: workbooks Qiwang writes, read back by openpyxl and by
 * Qiwang's own reader
 *
 * openpyxl is Debian's python3-openpyxl, run with /usr/bin/python3 (a
 * python3 earlier on PATH may be another build without it).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gstdio.h>
#include <string.h>

#include "qw-xlsx.h"
#include "qw-xlsx-writer.h"
#include "qw-test-book.h"

static const char *header[] = { "序号", "姓名", "身份证号", "单位", "积分", "备注", NULL };
static const QwXlsxColumn columns[] = {
  QW_XLSX_COLUMN_NUMBER, QW_XLSX_COLUMN_TEXT, QW_XLSX_COLUMN_TEXT,
  QW_XLSX_COLUMN_TEXT, QW_XLSX_COLUMN_NUMBER, QW_XLSX_COLUMN_TEXT,
};
static const char *rows[][7] = {
  { "1", "王五", "11010519491231002X", "北京象棋协会", "4.5", "=1+1", NULL },
  { "2", "李四", "441381199001011234", "少年宫", "3", "+86 138", NULL },
  { "3", "赵六", "110105194912310021", "@SUM(A1)", "-2", "\tTAB", NULL },
  { "4", "钱七", "012345678901234567", "", "0123", "-5", NULL },
  /* a number column given an ID number still writes text */
  { "441381199001011234", "孙八", "", "", "12345678901234567", "", NULL },
};

/* Checks what a reader that is not Qiwang's sees. */
static const char *openpyxl_check =
  "import sys, openpyxl\n"
  "wb = openpyxl.load_workbook(sys.argv[1])\n"
  "assert wb.sheetnames == ['报名表', 'A_B_组_1_', '报名表 (2)'], wb.sheetnames\n"
  "ws = wb['报名表']\n"
  "assert ws.freeze_panes == 'A2', ws.freeze_panes\n"
  "assert [c.value for c in ws[1]] == ['序号', '姓名', '身份证号', '单位', '积分', '备注']\n"
  "assert all(c.font.b for c in ws[1])\n"
  "ids = ['11010519491231002X', '441381199001011234', '110105194912310021', '012345678901234567']\n"
  "for row, want in zip(range(2, 6), ids):\n"
  "    cell = ws.cell(row=row, column=3)\n"
  "    assert cell.data_type == 's' and cell.value == want, (row, cell.data_type, cell.value)\n"
  "cell = ws.cell(row=6, column=1)\n"
  "assert cell.data_type == 's' and cell.value == '441381199001011234', (cell.data_type, cell.value)\n"
  "assert ws.cell(row=6, column=5).value == '12345678901234567'\n"
  "assert [ws.cell(row=r, column=1).value for r in range(2, 6)] == [1, 2, 3, 4]\n"
  "assert ws.cell(row=2, column=5).value == 4.5 and ws.cell(row=4, column=5).value == -2\n"
  "assert ws.cell(row=5, column=5).value == '0123'\n"
  "for row, want in [(2, '=1+1'), (3, '+86 138'), (4, '\\tTAB'), (5, '-5')]:\n"
  "    cell = ws.cell(row=row, column=6)\n"
  "    assert cell.data_type == 's' and cell.value == want, (row, cell.data_type, cell.value)\n"
  "    assert cell.number_format == '@', cell.number_format\n"
  "cell = ws.cell(row=4, column=4)\n"
  "assert cell.data_type == 's' and cell.value == '@SUM(A1)' and cell.number_format == '@'\n"
  "# 北京象棋协会: six wide characters, twelve units, and a margin\n"
  "assert ws.column_dimensions['D'].width >= 14, ws.column_dimensions['D'].width\n"
  "assert ws.column_dimensions['C'].width >= 20, ws.column_dimensions['C'].width\n"
  "assert ws.column_dimensions['B'].width < ws.column_dimensions['D'].width\n"
  "print('openpyxl: ok')\n";

static char *
write_book (void)
{
  g_autofree char *dir = g_dir_make_tmp ("qiwang-xlsxw-XXXXXX", NULL);
  char *path = g_build_filename (dir, "导出.xlsx", NULL);
  g_autoptr(QwXlsxWriter) writer = qw_xlsx_writer_new (path);
  g_autoptr(GError) error = NULL;
  const char *name;

  name = qw_xlsx_writer_add_sheet (writer, "报名表", header, columns, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (name, ==, "报名表");
  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      qw_xlsx_writer_add_row (writer, rows[i], &error);
      g_assert_no_error (error);
    }
  name = qw_xlsx_writer_add_sheet (writer, "A/B:组[1]", header, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (name, ==, "A_B_组_1_");
  name = qw_xlsx_writer_add_sheet (writer, "报名表", header, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (name, ==, "报名表 (2)");
  g_assert_true (qw_xlsx_writer_close (writer, &error));
  g_assert_no_error (error);
  return path;
}

static void
test_openpyxl (void)
{
  g_autofree char *path = write_book ();
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(GError) error = NULL;
  const char *argv[] = { "/usr/bin/python3", "-c", openpyxl_check, path, NULL };
  int status = 0;

  if (!g_file_test (argv[0], G_FILE_TEST_IS_EXECUTABLE))
    {
      g_test_fail_printf ("%s is missing; install python3-openpyxl (build-aux/setup does)", argv[0]);
      return;
    }
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               &out, &err, &status, &error));
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL))
    g_test_fail_printf ("openpyxl disagrees:\n%s%s", out, err);
  else
    g_test_message ("%s", out);
  qw_test_remove_book (path);
}

static void
test_own_reader (void)
{
  g_autofree char *path = write_book ();
  g_autoptr(GError) error = NULL;
  g_autoptr(QwCsv) csv = qw_xlsx_read_file (path, 1, NULL, &error);
  g_auto(GStrv) names = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (csv->rows->len, ==, 1 + G_N_ELEMENTS (rows));
  for (guint i = 0; i < csv->rows->len; i++)
    {
      GStrv got = g_ptr_array_index (csv->rows, i);
      const char * const *want = i == 0 ? header : rows[i - 1];
      guint n = g_strv_length ((char **) want);

      for (guint c = 0; c < n; c++)
        {
          g_autofree char *trimmed = g_strstrip (g_strdup (want[c]));

          g_assert_cmpstr (c < g_strv_length (got) ? got[c] : "", ==, trimmed);
        }
    }
  names = qw_xlsx_sheet_names (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_strv_length (names), ==, 3);
  qw_test_remove_book (path);
}

static void
test_helpers (void)
{
  g_autofree char *long_name = NULL;
  const char *taken[] = { "Sheet", "组别", NULL };
  g_autofree char *clash = qw_xlsx_sheet_name ("组别", taken);
  g_autofree char *empty = qw_xlsx_sheet_name ("''", taken);
  g_autofree char *cut = NULL;

  g_assert_true (qw_xlsx_text_is_formula_like ("=HYPERLINK(\"x\")"));
  g_assert_true (qw_xlsx_text_is_formula_like ("+1"));
  g_assert_true (qw_xlsx_text_is_formula_like ("-1"));
  g_assert_true (qw_xlsx_text_is_formula_like ("@x"));
  g_assert_true (qw_xlsx_text_is_formula_like ("\t=1"));
  g_assert_true (qw_xlsx_text_is_formula_like ("\r=1"));
  g_assert_false (qw_xlsx_text_is_formula_like ("王五"));
  g_assert_false (qw_xlsx_text_is_formula_like (""));
  g_assert_false (qw_xlsx_text_is_formula_like (NULL));
  g_assert_cmpint (qw_xlsx_text_width ("北京象棋协会"), ==, 12);
  g_assert_cmpint (qw_xlsx_text_width ("Ａ1"), ==, 3);
  g_assert_cmpint (qw_xlsx_text_width ("abc\n王"), ==, 3);
  g_assert_cmpstr (clash, ==, "组别 (2)");
  g_assert_cmpstr (empty, ==, "Sheet (2)");
  long_name = g_strnfill (40, 'x');
  cut = qw_xlsx_sheet_name (long_name, NULL);
  g_assert_cmpint (g_utf8_strlen (cut, -1), ==, 31);
  /* A character whose code point ends in a forbidden byte stays (累 is U+7D2F, 2F is "/"). */
  {
    g_autofree char *chinese = qw_xlsx_sheet_name ("累计奖金", NULL);
    g_autofree char *slash = qw_xlsx_sheet_name ("男/女", NULL);

    g_assert_cmpstr (chinese, ==, "累计奖金");
    g_assert_cmpstr (slash, ==, "男_女");
  }
  /* Characters whose low byte is one of []:*?/\ are kept: 赛 is U+8D5B. */
  {
    g_autofree char *chinese = qw_xlsx_sheet_name ("参赛名单：公开组[男]", NULL);

    g_assert_cmpstr (chinese, ==, "参赛名单：公开组_男_");
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/xlsx-writer/openpyxl", test_openpyxl);
  g_test_add_func ("/xlsx-writer/own-reader", test_own_reader);
  g_test_add_func ("/xlsx-writer/helpers", test_helpers);
  return g_test_run ();
}
