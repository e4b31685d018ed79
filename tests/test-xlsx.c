/* test-xlsx.c: workbooks (.xlsx) read as the CSV reader reads lists
 *
 * The workbooks are zipped here (tests/lib/qw-test-book.h) from XML parts
 * written the way Excel and WPS write them (shared strings, styles, sparse cells, merges), so that
 * each case shows exactly what it tests.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "qw-entry-import.h"
#include "qw-test-book.h"
#include "qw-error.h"
#include "qw-sheet.h"
#include "qw-xlsx.h"

/* cellXfs: 0 General, 1 date (14), 2 yyyy"年"m"月"d"日" (custom 176), 3 the
 * East Asian built-in 31 (no numFmt element), 4 "0", 5 h:mm (20), 6 Text,
 * 7 [h]:mm:ss (custom 177). */
static const char *styles =
  XML_HEAD "<styleSheet xmlns=\"" NS_MAIN "\">"
  "<numFmts count=\"2\"><numFmt numFmtId=\"176\" formatCode=\"yyyy&quot;年&quot;m&quot;月&quot;d&quot;日&quot;\"/>"
  "<numFmt numFmtId=\"177\" formatCode=\"[h]:mm:ss\"/></numFmts>"
  "<cellXfs count=\"8\"><xf numFmtId=\"0\"/><xf numFmtId=\"14\" applyNumberFormat=\"1\"/>"
  "<xf numFmtId=\"176\"/><xf numFmtId=\"31\"/><xf numFmtId=\"1\"/><xf numFmtId=\"20\"/>"
  "<xf numFmtId=\"49\"/><xf numFmtId=\"177\"/></cellXfs></styleSheet>";

static const char *shared_strings =
  XML_HEAD "<sst xmlns=\"" NS_MAIN "\" count=\"22\" uniqueCount=\"22\">"
  "<si><t>序号</t></si><si><t>姓名</t></si><si><t>性别</t></si><si><t>出生日期</t></si>"
  "<si><t>身份证号</t></si><si><t>单位</t></si><si><t>等级</t></si><si><t>组别</t></si>"
  "<si><t>手机</t></si><si><t>等级分</t></si>"
  "<si><t>王五</t></si><si><t>女</t></si><si><t>11010519491231002X</t></si>"
  "<si><t>北京象棋协会</t></si><si><t>公开组</t></si>"
  /* 15: rich text in two runs, with a phonetic run that is not part of the value */
  "<si><r><rPr><b/></rPr><t>李</t></r><r><t>四</t></r><rPh sb=\"0\" eb=\"1\"><t>lǐ</t></rPh>"
  "<phoneticPr fontId=\"1\"/></si>"
  "<si><t>男</t></si><si><t xml:space=\"preserve\"> 少年宫 </t></si><si><t>一级棋士</t></si>"
  "<si><t>2024年测试赛区报名表</t></si><si><t>赵六</t></si><si><t>1990/5/6</t></si>"
  "</sst>";

static const char *list_sheet =
  XML_HEAD "<worksheet xmlns=\"" NS_MAIN "\" xmlns:r=\"" NS_REL "\"><dimension ref=\"A1:J8\"/><sheetData>"
  "<row r=\"1\"><c r=\"A1\" t=\"s\"><v>19</v></c><c r=\"B1\" s=\"6\"/></row>"
  "<row r=\"2\"><c r=\"A2\" t=\"s\"><v>0</v></c><c r=\"B2\" t=\"s\"><v>1</v></c><c r=\"C2\" t=\"s\"><v>2</v></c>"
  "<c r=\"D2\" t=\"s\"><v>3</v></c><c r=\"E2\" t=\"s\"><v>4</v></c><c r=\"F2\" t=\"s\"><v>5</v></c>"
  "<c r=\"G2\" t=\"s\"><v>6</v></c><c r=\"H2\" t=\"s\"><v>7</v></c><c r=\"I2\" t=\"s\"><v>8</v></c>"
  "<c r=\"J2\" t=\"s\"><v>9</v></c></row>"
  "<row r=\"3\"><c r=\"A3\"><v>1</v></c><c r=\"B3\" t=\"s\"><v>10</v></c><c r=\"C3\" t=\"s\"><v>11</v></c>"
  "<c r=\"D3\" s=\"1\"><v>18263</v></c><c r=\"E3\" t=\"s\"><v>12</v></c><c r=\"F3\" t=\"s\"><v>13</v></c>"
  "<c r=\"H3\" t=\"s\"><v>14</v></c><c r=\"I3\"><v>13800000000</v></c><c r=\"J3\"><v>1850</v></c></row>"
  "<row r=\"4\"><c r=\"A4\"><v>2</v></c><c r=\"B4\" t=\"s\"><v>15</v></c><c r=\"C4\" t=\"s\"><v>16</v></c>"
  "<c r=\"D4\" s=\"2\"><v>32999</v></c><c r=\"E4\"><v>4.41381199001011E+17</v></c>"
  "<c r=\"F4\" t=\"inlineStr\"><is><t>少年宫</t></is></c><c r=\"G4\" t=\"s\"><v>18</v></c>"
  "<c r=\"H4\" t=\"s\"><v>14</v></c><c r=\"J4\"><v>1623.5</v></c></row>"
  "<row r=\"5\"><c r=\"A5\" s=\"6\"/><c r=\"B5\" s=\"6\"/></row>"
  "<row r=\"6\"><c r=\"A6\"><v>3</v></c><c r=\"B6\" t=\"s\"><v>20</v></c><c r=\"C6\" t=\"s\"><v>16</v></c>"
  "<c r=\"D6\" t=\"s\"><v>21</v></c><c r=\"F6\" t=\"str\"><f>\"多行\"&amp;\"单位\"</f><v>多行单位</v></c>"
  "<c r=\"J6\"><v>1500</v></c></row>"
  "<row r=\"8\"><c r=\"A8\"><v>4</v></c><c r=\"B8\" t=\"inlineStr\"><is><t>孙八</t></is></c>"
  "<c r=\"D8\" s=\"3\"><v>32363</v></c><c r=\"E8\" s=\"4\"><v>441381199001011000</v></c>"
  "<c r=\"I8\" s=\"4\"><v>13812345678</v></c></row>"
  "</sheetData><mergeCells count=\"1\"><mergeCell ref=\"A1:J1\"/></mergeCells></worksheet>";

/* The same list as Excel saves it as CSV (without the title row, which
 * would stop the CSV import): dates and numbers as the cells show them. */
static const char *list_csv =
  "序号,姓名,性别,出生日期,身份证号,单位,等级,组别,手机,等级分\r\n"
  "1,王五,女,1949/12/31,11010519491231002X,北京象棋协会,,公开组,13800000000,1850\r\n"
  "2,李四,男,1990年5月6日,4.41381E+17,少年宫,一级棋士,公开组,,1623.5\r\n"
  ",,,,,,,,,\r\n"
  "3,赵六,男,1990/5/6,,多行单位,,,,1500\r\n"
  ",,,,,,,,,\r\n"
  "4,孙八,,1988年8月8日,441381199001011000,,,,13812345678,\r\n";

/* Two header rows joined by merges down, and a unit merged over its players. */
static const char *merge_sheet =
  XML_HEAD "<worksheet xmlns=\"" NS_MAIN "\"><sheetData>"
  "<row r=\"1\"><c r=\"A1\" t=\"inlineStr\"><is><t>姓名</t></is></c>"
  "<c r=\"B1\" t=\"inlineStr\"><is><t>单位</t></is></c>"
  "<c r=\"C1\" t=\"inlineStr\"><is><t>联系方式</t></is></c></row>"
  "<row r=\"2\"><c r=\"C2\" t=\"inlineStr\"><is><t>手机</t></is></c>"
  "<c r=\"D2\" t=\"inlineStr\"><is><t>邮箱</t></is></c></row>"
  "<row r=\"3\"><c r=\"A3\" t=\"inlineStr\"><is><t>张三</t></is></c>"
  "<c r=\"B3\" t=\"inlineStr\"><is><t>XX棋院</t></is></c><c r=\"C3\"><v>13900000001</v></c></row>"
  "<row r=\"4\"><c r=\"A4\" t=\"inlineStr\"><is><t>李四</t></is></c><c r=\"C4\"><v>13900000002</v></c></row>"
  "<row r=\"5\"><c r=\"A5\" t=\"inlineStr\"><is><t>王五</t></is></c></row>"
  "</sheetData><mergeCells count=\"4\"><mergeCell ref=\"A1:A2\"/><mergeCell ref=\"B1:B2\"/>"
  "<mergeCell ref=\"C1:D1\"/><mergeCell ref=\"B3:B5\"/></mergeCells></worksheet>";

static const char *notes_sheet =
  XML_HEAD "<worksheet xmlns=\"" NS_MAIN "\"><sheetData>"
  "<row r=\"1\"><c r=\"A1\" t=\"inlineStr\"><is><t>填表说明</t></is></c></row>"
  "</sheetData></worksheet>";

/* Cells without references, booleans, errors, times, escapes, ISO dates. */
static const char *kinds_sheet =
  XML_HEAD "<worksheet xmlns=\"" NS_MAIN "\"><sheetData>"
  "<row><c t=\"inlineStr\"><is><t>a</t></is></c><c t=\"inlineStr\"><is><t>b</t></is></c>"
  "<c t=\"inlineStr\"><is><t>c</t></is></c><c t=\"inlineStr\"><is><t>d</t></is></c>"
  "<c t=\"inlineStr\"><is><t>e</t></is></c><c t=\"inlineStr\"><is><t>f</t></is></c></row>"
  "<row><c t=\"b\"><v>1</v></c><c t=\"b\"><v>0</v></c><c t=\"e\"><v>#N/A</v></c>"
  "<c s=\"5\"><v>0.5</v></c><c s=\"7\"><v>1.5</v></c>"
  "<c t=\"inlineStr\"><is><t>行一_x000D_行二</t></is></c></row>"
  "<row><c t=\"d\"><v>1990-05-06T00:00:00</v></c><c><v>0.30000000000000004</v></c>"
  "<c s=\"6\"><v>441381199001011234</v></c><c><v>-0</v></c></row>"
  "</sheetData></worksheet>";

static const QwTestSheet book_sheets[] = {
  { "说明", "hidden", NULL },
  { "报名表", NULL, NULL },
  { "合并", NULL, NULL },
  { "类型", NULL, NULL },
  { NULL, NULL, NULL },
};

static char *
make_test_book (void)
{
  QwTestSheet sheets[G_N_ELEMENTS (book_sheets)];

  memcpy (sheets, book_sheets, sizeof sheets);
  sheets[0].xml = notes_sheet;
  sheets[1].xml = list_sheet;
  sheets[2].xml = merge_sheet;
  sheets[3].xml = kinds_sheet;
  return qw_test_make_book ("list.xlsx", NULL, sheets, shared_strings, styles);
}

static void
test_list (void)
{
  g_autofree char *path = make_test_book ();
  g_autoptr(GError) error = NULL;
  g_autoptr(QwCsv) csv = qw_xlsx_read_file (path, 0, NULL, &error);
  GStrv raw;

  g_assert_no_error (error);
  g_assert_cmpstr (csv->encoding, ==, "xlsx");
  /* The title row is dropped, the empty rows 5 and 7 are skipped, and each
   * record keeps its sheet row. */
  g_assert_cmpuint (csv->rows->len, ==, 5);
  qw_test_assert_sheet_row (csv, 0, 2, "序号|姓名|性别|出生日期|身份证号|单位|等级|组别|手机|等级分");
  qw_test_assert_sheet_row (csv, 1, 3, "1|王五|女|1949-12-31|11010519491231002X|北京象棋协会||公开组|13800000000|1850");
  qw_test_assert_sheet_row (csv, 2, 4, "2|李四|男|1990-05-06|4.41381E+17|少年宫|一级棋士|公开组||1623.5");
  qw_test_assert_sheet_row (csv, 3, 6, "3|赵六|男|1990/5/6||多行单位||||1500");
  qw_test_assert_sheet_row (csv, 4, 8, "4|孙八||1988-08-08|441381199001011000||||13812345678");
  /* The stored numbers stay available for the ID check. */
  raw = g_ptr_array_index (csv->raw, 2);
  g_assert_cmpstr (raw[4], ==, "4.41381199001011E+17");
  g_assert_cmpstr (raw[1], ==, "");
  g_assert_cmpstr (raw[3], ==, "");  /* a date is not a number for the check */
  raw = g_ptr_array_index (csv->raw, 4);
  g_assert_cmpstr (raw[4], ==, "441381199001011000");
  g_assert_cmpuint (g_strv_length (g_ptr_array_index (csv->raw, 0)), ==, 10);
  qw_test_remove_book (path);
}

static void
assert_same_entry (const QwEntry *a,
                   const QwEntry *b)
{
  g_assert_cmpstr (a->name, ==, b->name);
  g_assert_cmpint (a->sex, ==, b->sex);
  g_assert_cmpstr (a->birth, ==, b->birth);
  g_assert_cmpint (a->doc_kind, ==, b->doc_kind);
  g_assert_cmpstr (a->id_number, ==, b->id_number);
  g_assert_cmpstr (a->unit, ==, b->unit);
  g_assert_cmpstr (a->grade, ==, b->grade);
  g_assert_cmpstr (a->declared_group, ==, b->declared_group);
  g_assert_cmpstr (a->phone, ==, b->phone);
  g_assert_cmpint (a->rating, ==, b->rating);
}

/* The issue's promise: a workbook imports exactly as the same list saved
 * as CSV. */
static void
test_same_as_csv (void)
{
  g_autofree char *path = make_test_book ();
  g_autoptr(GError) error = NULL;
  g_autoptr(QwCsv) book = qw_xlsx_read_file (path, 2, NULL, &error);
  g_autoptr(QwCsv) csv = qw_csv_parse_data (list_csv, strlen (list_csv), &error);
  g_autoptr(QwEntryImport) from_book = NULL;
  g_autoptr(QwEntryImport) from_csv = NULL;

  g_assert_no_error (error);
  from_book = qw_entry_import_csv (book, &error);
  g_assert_no_error (error);
  from_csv = qw_entry_import_csv (csv, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (from_book->entries->len, ==, 4);
  g_assert_cmpuint (from_book->entries->len, ==, from_csv->entries->len);
  g_assert_cmpuint (from_book->rejected->len, ==, from_csv->rejected->len);
  g_assert_cmpuint (g_strv_length (from_book->ignored_columns), ==,
                    g_strv_length (from_csv->ignored_columns));
  for (guint i = 0; i < from_book->entries->len; i++)
    assert_same_entry (g_ptr_array_index (from_book->entries, i),
                       g_ptr_array_index (from_csv->entries, i));
  g_assert_cmpstr (from_book->encoding, ==, "xlsx");
  g_assert_cmpstr (((QwEntry *) g_ptr_array_index (from_book->entries, 1))->birth, ==, "1990-05-06");
  qw_test_remove_book (path);
}

static void
test_merges (void)
{
  g_autofree char *path = make_test_book ();
  g_autoptr(GError) error = NULL;
  g_autoptr(QwCsv) csv = qw_xlsx_read_file (path, 0, "合并", &error);

  g_assert_no_error (error);
  g_assert_cmpuint (csv->rows->len, ==, 4);
  /* Merged down: 姓名 and 单位 over both header rows; 联系方式 across, named
   * by the sub-headers below it. */
  qw_test_assert_sheet_row (csv, 0, 1, "姓名|单位|手机|邮箱");
  qw_test_assert_sheet_row (csv, 1, 3, "张三|XX棋院|13900000001");
  qw_test_assert_sheet_row (csv, 2, 4, "李四|XX棋院|13900000002");
  qw_test_assert_sheet_row (csv, 3, 5, "王五|XX棋院");
  qw_test_remove_book (path);
}

static void
test_sheet_choice (void)
{
  g_autofree char *path = make_test_book ();
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) names = qw_xlsx_sheet_names (path, &error);
  g_autoptr(QwCsv) first = NULL;
  g_autoptr(QwCsv) hidden = NULL;
  g_autoptr(QwCsv) none = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (g_strv_length (names), ==, 4);
  g_assert_cmpstr (names[0], ==, "说明");
  g_assert_cmpstr (names[3], ==, "类型");
  /* By default the first sheet that is not hidden. */
  first = qw_xlsx_read_file (path, 0, NULL, &error);
  g_assert_no_error (error);
  qw_test_assert_sheet_row (first, 0, 2, "序号|姓名|性别|出生日期|身份证号|单位|等级|组别|手机|等级分");
  /* By index, hidden sheets count. */
  hidden = qw_xlsx_read_file (path, 1, NULL, &error);
  g_assert_no_error (error);
  qw_test_assert_sheet_row (hidden, 0, 1, "填表说明");
  none = qw_xlsx_read_file (path, 5, NULL, &error);
  g_assert_error (error, QW_ERROR, QW_ERROR_NOT_FOUND);
  g_assert_null (none);
  g_clear_error (&error);
  none = qw_xlsx_read_file (path, 0, "没有", &error);
  g_assert_error (error, QW_ERROR, QW_ERROR_NOT_FOUND);
  g_assert_null (none);
  qw_test_remove_book (path);
}

static void
test_kinds (void)
{
  g_autofree char *path = make_test_book ();
  g_autoptr(GError) error = NULL;
  g_autoptr(QwCsv) csv = qw_xlsx_read_file (path, 4, NULL, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (csv->rows->len, ==, 3);
  qw_test_assert_sheet_row (csv, 0, 1, "a|b|c|d|e|f");
  qw_test_assert_sheet_row (csv, 1, 2, "TRUE|FALSE|#N/A|12:00|36:00:00|行一\r行二");
  /* Strict OOXML date; General shows 0.3; a Text-formatted cell holding a
   * number shows it in General. */
  qw_test_assert_sheet_row (csv, 2, 3, "1990-05-06|0.3|4.41381E+17|0");
  qw_test_remove_book (path);
}

static void
test_date1904 (void)
{
  QwTestSheet sheets[] = {
    { "Sheet1", NULL,
      XML_HEAD "<worksheet xmlns=\"" NS_MAIN "\"><sheetData>"
      "<row r=\"1\"><c r=\"A1\" t=\"inlineStr\"><is><t>姓名</t></is></c>"
      "<c r=\"B1\" t=\"inlineStr\"><is><t>出生日期</t></is></c></row>"
      "<row r=\"2\"><c r=\"A2\" t=\"inlineStr\"><is><t>孙八</t></is></c><c r=\"B2\" s=\"1\"><v>31412</v></c></row>"
      "</sheetData></worksheet>" },
    { NULL, NULL, NULL },
  };
  g_autofree char *path = qw_test_make_book ("mac.xlsx", "<workbookPr date1904=\"1\"/>", sheets, NULL, styles);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwCsv) csv = qw_xlsx_read_file (path, 0, NULL, &error);

  g_assert_no_error (error);
  qw_test_assert_sheet_row (csv, 1, 2, "孙八|1990-01-01");
  qw_test_remove_book (path);
}

static void
test_hostile (void)
{
  g_autofree char *dir = g_dir_make_tmp ("qiwang-xlsx-XXXXXX", NULL);
  g_autofree char *text_path = g_build_filename (dir, "text.xlsx", NULL);
  g_autofree char *ole_path = g_build_filename (dir, "old.xlsx", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) huge = g_string_new (XML_HEAD "<worksheet xmlns=\"" NS_MAIN "\"><sheetData>");
  g_autofree char *bomb = NULL;
  g_autofree char *entity = NULL;
  g_autofree char *wide = NULL;
  QwCsv *csv;
  QwTestSheet sheets[] = { { "Sheet1", NULL, NULL }, { NULL, NULL, NULL } };

  /* Not a zip, and an OLE file (an .xls, or an encrypted .xlsx). */
  g_assert_true (g_file_set_contents (text_path, "姓名,单位\n", -1, NULL));
  csv = qw_xlsx_read_file (text_path, 0, NULL, &error);
  g_assert_null (csv);
  g_assert_error (error, QW_ERROR, QW_ERROR_CORRUPT);
  g_clear_error (&error);
  g_assert_true (g_file_set_contents (ole_path, "\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1", 8, NULL));
  csv = qw_xlsx_read_file (ole_path, 0, NULL, &error);
  g_assert_null (csv);
  g_assert_error (error, QW_ERROR, QW_ERROR_INVALID);
  g_clear_error (&error);

  /* A zip bomb: a sheet that inflates past the part limit (it compresses to
   * a few dozen kilobytes). */
  while (huge->len <= QW_XLSX_MAX_PART_BYTES)
    g_string_append (huge, "<row/>                                                          ");
  g_string_append (huge, "</sheetData></worksheet>");
  sheets[0].xml = huge->str;
  bomb = qw_test_make_book ("bomb.xlsx", NULL, sheets, NULL, NULL);
  csv = qw_xlsx_read_file (bomb, 0, NULL, &error);
  g_assert_null (csv);
  g_assert_error (error, QW_ERROR, QW_ERROR_TOO_LARGE);
  g_clear_error (&error);

  /* Few bytes, many cells: one cell at the last column of 300 rows. */
  g_string_assign (huge, XML_HEAD "<worksheet xmlns=\"" NS_MAIN "\"><sheetData>");
  for (int r = 1; r <= 300; r++)
    g_string_append_printf (huge, "<row r=\"%d\"><c r=\"XFD%d\"><v>1</v></c></row>", r, r);
  g_string_append (huge, "</sheetData></worksheet>");
  sheets[0].xml = huge->str;
  wide = qw_test_make_book ("wide.xlsx", NULL, sheets, NULL, NULL);
  csv = qw_xlsx_read_file (wide, 0, NULL, &error);
  g_assert_null (csv);
  g_assert_error (error, QW_ERROR, QW_ERROR_TOO_LARGE);
  g_clear_error (&error);

  /* Entity expansion ("billion laughs") in the shared strings. */
  sheets[0].xml = notes_sheet;
  entity = qw_test_make_book ("entity.xlsx", NULL, sheets,
                      XML_HEAD "<!DOCTYPE sst [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;\">]>"
                      "<sst xmlns=\"" NS_MAIN "\"><si><t>&b;</t></si></sst>", NULL);
  csv = qw_xlsx_read_file (entity, 0, NULL, &error);
  g_assert_null (csv);
  g_assert_error (error, QW_ERROR, QW_ERROR_INVALID);

  qw_test_remove_book (bomb);
  qw_test_remove_book (wide);
  qw_test_remove_book (entity);
  g_unlink (text_path);
  g_unlink (ole_path);
  g_rmdir (dir);
}

static void
test_general (void)
{
  static const struct { double value; const char *shown; } cases[] = {
    { 1850, "1850" },
    { 1623.5, "1623.5" },
    { 0.1 + 0.2, "0.3" },
    { 1.0 / 3.0, "0.333333333" },
    { 1234.5678, "1234.5678" },
    { -5.5, "-5.5" },
    { 13812345678.0, "13812345678" },
    { 123456789012.0, "1.23457E+11" },
    { 441381199001011234.0, "4.41381E+17" },
    { 110101490101001.0, "1.10101E+14" },
    { 1e20, "1E+20" },
    { 0.0001, "0.0001" },
    { 0.00001234, "1.234E-05" },
    { 0.00001, "1E-05" },
    { 0, "0" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *shown = qw_sheet_format_general (cases[i].value);

      g_assert_cmpstr (shown, ==, cases[i].shown);
    }
}

static void
test_fixed (void)
{
  g_autofree char *id = qw_sheet_format_fixed (441381199001011234.0, 0);
  g_autofree char *pi = qw_sheet_format_fixed (3.14159, 2);
  g_autofree char *phone = qw_sheet_format_fixed (13812345678.0, 0);
  g_autofree char *half = qw_sheet_format_fixed (2.5, 0);

  /* Excel shows 15 significant digits, then zeros. */
  g_assert_cmpstr (id, ==, "441381199001011000");
  g_assert_cmpstr (pi, ==, "3.14");
  g_assert_cmpstr (phone, ==, "13812345678");
  g_assert_cmpstr (half, ==, "2");
}

static void
assert_serial (double      serial,
               gboolean    date1904,
               const char *iso)
{
  QwDate date;
  char buf[QW_DATE_ISO_LEN + 8];

  g_assert_true (qw_sheet_serial_to_date (serial, date1904, &date, NULL));
  g_snprintf (buf, sizeof buf, "%04d-%02d-%02d", date.year, date.month, date.day);
  g_assert_cmpstr (buf, ==, iso);
}

static void
test_serial_dates (void)
{
  QwDate date;
  int seconds;

  assert_serial (1, FALSE, "1900-01-01");
  assert_serial (59, FALSE, "1900-02-28");
  assert_serial (60, FALSE, "1900-02-29");   /* the day Lotus invented */
  assert_serial (61, FALSE, "1900-03-01");
  assert_serial (18263, FALSE, "1949-12-31");
  assert_serial (32874, FALSE, "1990-01-01");
  assert_serial (2958465, FALSE, "9999-12-31");
  assert_serial (0, TRUE, "1904-01-01");
  assert_serial (31412, TRUE, "1990-01-01");
  g_assert_true (qw_sheet_serial_to_date (32874.75, FALSE, &date, &seconds));
  g_assert_cmpint (seconds, ==, 18 * 3600);
  g_assert_false (qw_sheet_serial_to_date (0.5, FALSE, &date, NULL));
  g_assert_false (qw_sheet_serial_to_date (-1, FALSE, &date, NULL));
  g_assert_false (qw_sheet_serial_to_date (3e9, FALSE, &date, NULL));
  g_assert_false (qw_sheet_serial_to_date (NAN, FALSE, &date, NULL));
}

static void
test_format_classify (void)
{
  static const struct { int id; const char *code; QwSheetFormatKind kind; } cases[] = {
    { 0, NULL, QW_SHEET_FORMAT_GENERAL },
    { 1, NULL, QW_SHEET_FORMAT_FIXED },
    { 14, NULL, QW_SHEET_FORMAT_DATE },
    { 17, NULL, QW_SHEET_FORMAT_DATE },
    { 20, NULL, QW_SHEET_FORMAT_TIME },
    { 22, NULL, QW_SHEET_FORMAT_DATETIME },
    { 31, NULL, QW_SHEET_FORMAT_DATE },
    { 45, NULL, QW_SHEET_FORMAT_TIME },
    { 46, NULL, QW_SHEET_FORMAT_TIME },
    { 47, NULL, QW_SHEET_FORMAT_TIME },
    { 49, NULL, QW_SHEET_FORMAT_GENERAL },
    { 176, "yyyy/m/d", QW_SHEET_FORMAT_DATE },
    { 176, "[$-804]yyyy\"年\"m\"月\"d\"日\"", QW_SHEET_FORMAT_DATE },
    { 176, "mmm-yy", QW_SHEET_FORMAT_DATE },
    { 176, "yyyy-mm-dd hh:mm", QW_SHEET_FORMAT_DATETIME },
    { 176, "[h]:mm:ss", QW_SHEET_FORMAT_TIME },
    { 176, "mm:ss", QW_SHEET_FORMAT_TIME },
    { 176, "h:mm AM/PM", QW_SHEET_FORMAT_TIME },
    { 176, "0.00", QW_SHEET_FORMAT_FIXED },
    { 176, "[Red]0;[Blue]-0", QW_SHEET_FORMAT_FIXED },
    { 176, "0.00E+00", QW_SHEET_FORMAT_GENERAL },
    { 176, "0%", QW_SHEET_FORMAT_GENERAL },
    { 176, "\"第\"0\"名\"", QW_SHEET_FORMAT_FIXED },
    { 176, "General", QW_SHEET_FORMAT_GENERAL },
    { 176, "@", QW_SHEET_FORMAT_GENERAL },
    /* A numFmt element overrides the built-in meaning of its id. */
    { 14, "0", QW_SHEET_FORMAT_FIXED },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      QwSheetFormat format;

      qw_sheet_format_classify (cases[i].id, cases[i].code, &format);
      if (format.kind != cases[i].kind)
        g_error ("format %d “%s”: kind %d, expected %d", cases[i].id,
                 cases[i].code != NULL ? cases[i].code : "", format.kind, cases[i].kind);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/xlsx/list", test_list);
  g_test_add_func ("/xlsx/same-as-csv", test_same_as_csv);
  g_test_add_func ("/xlsx/merges", test_merges);
  g_test_add_func ("/xlsx/sheet-choice", test_sheet_choice);
  g_test_add_func ("/xlsx/kinds", test_kinds);
  g_test_add_func ("/xlsx/date1904", test_date1904);
  g_test_add_func ("/xlsx/hostile", test_hostile);
  g_test_add_func ("/sheet/general", test_general);
  g_test_add_func ("/sheet/fixed", test_fixed);
  g_test_add_func ("/sheet/serial-dates", test_serial_dates);
  g_test_add_func ("/sheet/format-classify", test_format_classify);
  return g_test_run ();
}
