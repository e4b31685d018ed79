/* test-cli-formats.c: Excel and the other tools (issue 11), as users and scripts see them
 *
 * Runs the built CLI ($QIWANG_CLI, under G_DEBUG=fatal-warnings):
 *   - a workbook (.xlsx written the way Excel writes it, the .xls fixture
 *     written by Spreadsheet::WriteExcel) imports exactly as the same list
 *     saved as CSV, merges on re-import, and check-entries reads it;
 *   - --columns maps an unknown header, is remembered for the header set,
 *     and bad maps, columns and files change nothing;
 *   - id-excel-number and the leading ' of Excel;
 *   - export-entries, export (standings), region and nominees as .xlsx are
 *     read back by Debian's python3-openpyxl ($QIWANG_PYTHON, a reader that
 *     is not Qiwang's): ID numbers intact as text, formula-like cells
 *     neutralised, frozen headers; the CSV forms keep ID numbers as text;
 *   - the national document's exports keep each nominee's region, quota
 *     line and group and mark players named by two regions;
 *   - import-trf of the published Kurt-Richter-Gedenkturnier 2023 (86
 *     players, 7 rounds): the standings' points are the published points;
 *     export-trf in the FIDE columns, read by bbpPairings when
 *     $QIWANG_BBPPAIRINGS names one; Qiwang → TRF → Qiwang keeps every game;
 *   - pair-manual: exit 3 with the broken rules and nothing written, --force;
 *   - list-order: the entries listing and export-entries by surname strokes;
 *   - pairs (双人, issue 12): pair rows from a workbook as from its CSV,
 *     --columns for the pair columns, export-entries with both members.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>

#include "qw-idcard.h"
#include "qw-test-book.h"
#include "qw-test-cli.h"
#include "qw-test-region.h"
#include "qw-test.h"
#include "qw-test-people.h"
#include "qw-test-json.h"

static char *tmp_dir;

static void
run_argv (QwTestRun   *r,
          const char  *program,
          GPtrArray   *args)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;

  qw_test_run_clear (r);
  g_ptr_array_add (argv, (char *) program);
  for (guint i = 0; i < args->len; i++)
    g_ptr_array_add (argv, g_ptr_array_index (args, i));
  g_ptr_array_add (argv, NULL);
  g_spawn_sync (tmp_dir, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, &r->out, &r->err, &r->status,
                &error);
  g_assert_no_error (error);
  r->status = WIFEXITED (r->status) ? WEXITSTATUS (r->status) : -1;
}

#define cli_status(r, status_, ...) \
  G_STMT_START { \
    qw_test_cli (r, __VA_ARGS__, NULL); \
    if ((r)->status != (status_)) \
      g_error ("qiwang-cli exited %d, not %d: %s%s", (r)->status, (status_), (r)->out, (r)->err); \
  } G_STMT_END

static char *
read_file (const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (tmp_dir, name, NULL);
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  return text;
}

static JsonArray *
entries_array (const char *doc)
{
  g_autofree char *text = qw_test_cli_out ("entries", doc, "--json", NULL);
  g_autoptr(JsonNode) root = qw_test_json_parse (text);

  return json_array_ref (json_node_get_array (root));
}

/* A workbook read back by python3-openpyxl: {"sheets": [{name, freeze, cells}]}. */
static JsonObject *
read_book (const char *name)
{
  const char *python = g_getenv ("QIWANG_PYTHON");
  g_autofree char *script = g_test_build_filename (G_TEST_DIST, "read-xlsx.py", NULL);
  g_autofree char *path = g_build_filename (tmp_dir, name, NULL);
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  g_autoptr(JsonNode) root = NULL;
  g_auto(QwTestRun) r = { 0 };

  g_assert_nonnull (python);
  g_ptr_array_add (args, script);
  g_ptr_array_add (args, path);
  run_argv (&r, python, args);
  if (r.status != 0)
    g_error ("openpyxl could not read %s: %s", name, r.err);
  root = qw_test_json_parse (r.out);
  return json_object_ref (json_node_get_object (root));
}

static JsonArray *
book_sheets (JsonObject *book)
{
  return json_object_get_array_member (book, "sheets");
}

static JsonObject *
book_cell (JsonObject *sheet,
           guint       row,
           guint       column)
{
  JsonArray *rows = json_object_get_array_member (sheet, "cells");

  return json_array_get_object_element (json_array_get_array_element (rows, row), column);
}

static guint
book_rows (JsonObject *sheet)
{
  return json_array_get_length (json_object_get_array_member (sheet, "cells"));
}

/* The header of a sheet, joined with commas. */
static char *
book_header (JsonObject *sheet)
{
  JsonArray *row = json_array_get_array_element (json_object_get_array_member (sheet, "cells"), 0);
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint c = 0; c < json_array_get_length (row); c++)
    g_string_append_printf (out, "%s%s", c > 0 ? "," : "",
                            json_object_get_string_member (json_array_get_object_element (row, c), "v"));
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static guint
header_column (JsonObject *sheet,
               const char *title)
{
  JsonArray *row = json_array_get_array_element (json_object_get_array_member (sheet, "cells"), 0);

  for (guint c = 0; c < json_array_get_length (row); c++)
    if (g_strcmp0 (json_object_get_string_member (json_array_get_object_element (row, c), "v"), title) == 0)
      return c;
  g_error ("no column %s", title);
}

/* ---- workbooks in ---------------------------------------------------- */

/* A list as Excel writes it: a merged title row, shared strings, a date as
 * a serial number, an ID number typed as a number, a text cell typed with
 * Excel's leading '. */
static char *
excel_book (const char *valid_id)
{
  g_autofree char *strings = g_strdup_printf (
    XML_HEAD "<sst xmlns=\"" NS_MAIN "\" count=\"16\" uniqueCount=\"16\">"
    "<si><t>2024年测试赛区报名表</t></si><si><t>序号</t></si><si><t>姓名</t></si><si><t>性别</t></si>"
    "<si><t>出生日期</t></si><si><t>身份证号</t></si><si><t>单位</t></si><si><t>等级分</t></si>"
    "<si><t>王五</t></si><si><t>女</t></si><si><t>11010519491231002X</t></si><si><t>北京象棋协会</t></si>"
    "<si><t>李四</t></si><si><t>男</t></si><si><t>少年宫</t></si><si><t>赵六</t></si>"
    "<si><t>%s</t></si><si><t>1990/5/6</t></si></sst>", valid_id);
  static const char *styles =
    XML_HEAD "<styleSheet xmlns=\"" NS_MAIN "\"><cellXfs count=\"2\"><xf numFmtId=\"0\"/>"
    "<xf numFmtId=\"14\" applyNumberFormat=\"1\"/></cellXfs></styleSheet>";
  static const char *sheet =
    XML_HEAD "<worksheet xmlns=\"" NS_MAIN "\" xmlns:r=\"" NS_REL "\"><dimension ref=\"A1:G5\"/><sheetData>"
    "<row r=\"1\"><c r=\"A1\" t=\"s\"><v>0</v></c></row>"
    "<row r=\"2\"><c r=\"A2\" t=\"s\"><v>1</v></c><c r=\"B2\" t=\"s\"><v>2</v></c><c r=\"C2\" t=\"s\"><v>3</v></c>"
    "<c r=\"D2\" t=\"s\"><v>4</v></c><c r=\"E2\" t=\"s\"><v>5</v></c><c r=\"F2\" t=\"s\"><v>6</v></c>"
    "<c r=\"G2\" t=\"s\"><v>7</v></c></row>"
    "<row r=\"3\"><c r=\"A3\"><v>1</v></c><c r=\"B3\" t=\"s\"><v>8</v></c><c r=\"C3\" t=\"s\"><v>9</v></c>"
    "<c r=\"D3\" s=\"1\"><v>18263</v></c><c r=\"E3\" t=\"s\"><v>10</v></c><c r=\"F3\" t=\"s\"><v>11</v></c>"
    "<c r=\"G3\"><v>1850</v></c></row>"
    "<row r=\"4\"><c r=\"A4\"><v>2</v></c><c r=\"B4\" t=\"s\"><v>12</v></c><c r=\"C4\" t=\"s\"><v>13</v></c>"
    "<c r=\"D4\" s=\"1\"><v>32999</v></c><c r=\"E4\"><v>4.41381199001011E+17</v></c>"
    "<c r=\"F4\" t=\"s\"><v>14</v></c></row>"
    "<row r=\"5\"><c r=\"A5\"><v>3</v></c><c r=\"B5\" t=\"s\"><v>15</v></c><c r=\"C5\" t=\"s\"><v>13</v></c>"
    "<c r=\"D5\" t=\"s\"><v>17</v></c><c r=\"E5\" t=\"s\"><v>16</v></c></row>"
    "</sheetData><mergeCells count=\"1\"><mergeCell ref=\"A1:G1\"/></mergeCells></worksheet>";
  QwTestSheet sheets[] = { { "报名表", NULL, sheet }, { NULL, NULL, NULL } };

  return qw_test_make_book ("list.xlsx", NULL, sheets, strings, styles);
}

/* The same list as Excel saves it as CSV: what the cells show. */
static char *
excel_csv (const char *valid_id)
{
  return g_strdup_printf ("序号,姓名,性别,出生日期,身份证号,单位,等级分\r\n"
                          "1,王五,女,1949/12/31,11010519491231002X,北京象棋协会,1850\r\n"
                          "2,李四,男,1990/5/6,4.41381E+17,少年宫,\r\n"
                          "3,赵六,男,1990/5/6,%s,,\r\n", valid_id);
}

/* tests/data/list.xls as Excel saves it as CSV (see test-xls.c). */
static const char *xls_csv =
  "\xEF\xBB\xBF序号,姓名,性别,出生日期,身份证号,单位,等级,组别,手机,等级分\r\n"
  "1,王五,女,1949-12-31,11010519491231002X,北京象棋协会,,公开组,13800000000,1850\r\n"
  "2,李四,男,1990年5月6日,4.41381E+17,少年宫,一级棋士,公开组,,1623.5\r\n"
  ",,,,,,,,,\r\n"
  "3,赵六,男,1990/5/6,,\"多行\n单位\",,,,\r\n";

static void
new_stop (const char *name)
{
  g_auto(QwTestRun) r = { 0 };

  qw_test_cli_ok (&r, "new", name, "--region", "北京", "--city", "北京市", "--start", "2024-07-01", NULL);
}

static JsonObject *
import_json (const char *doc,
             const char *file)
{
  g_auto(QwTestRun) r = { 0 };
  g_autoptr(JsonNode) root = NULL;

  qw_test_cli_ok (&r, "import", doc, file, "--json", NULL);
  root = qw_test_json_parse (r.out);
  return json_object_ref (json_node_get_object (root));
}

static void
test_workbooks (void)
{
  g_autofree char *valid = qw_test_id_number ("110105", "19900506", "001");
  g_autofree char *book = excel_book (valid);
  g_autofree char *csv = excel_csv (valid);
  g_autofree char *xls = g_test_build_filename (G_TEST_DIST, "data", "list.xls", NULL);
  g_autofree char *a = NULL, *b = NULL, *c = NULL, *d = NULL, *again = NULL;
  g_autoptr(JsonObject) imported = NULL;
  g_autoptr(JsonObject) reimported = NULL;
  g_autoptr(JsonObject) from_xls = NULL;
  g_autoptr(JsonNode) checks = NULL;
  g_autoptr(JsonArray) entries = NULL;
  g_auto(QwTestRun) r = { 0 };

  qw_test_write_text (tmp_dir, "list.csv", csv);
  qw_test_write_text (tmp_dir, "xls.csv", xls_csv);
  new_stop ("book.qiwang");
  new_stop ("csv.qiwang");
  new_stop ("xls.qiwang");
  new_stop ("xlscsv.qiwang");

  /* .xlsx and its CSV: the same entries, problems and groups. */
  imported = import_json ("book.qiwang", book);
  g_assert_cmpstr (json_object_get_string_member (imported, "encoding"), ==, "xlsx");
  g_assert_cmpint (json_object_get_int_member (imported, "added"), ==, 3);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (imported, "rejected")), ==, 0);
  g_clear_pointer (&imported, json_object_unref);
  imported = import_json ("csv.qiwang", "list.csv");
  g_assert_cmpint (json_object_get_int_member (imported, "added"), ==, 3);
  a = qw_test_cli_out ("entries", "book.qiwang", "--json", NULL);
  b = qw_test_cli_out ("entries", "csv.qiwang", "--json", NULL);
  g_assert_cmpstr (a, ==, b);
  /* The ID number Excel made a number, said as such. */
  entries = entries_array ("book.qiwang");
  g_assert_true (qw_test_json_lists (json_array_get_object_element (entries, 1), "problems", "id-excel-number"));
  g_assert_false (qw_test_json_lists (json_array_get_object_element (entries, 1), "problems", "id-format"));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (json_array_get_object_element (entries, 2),
                                                                         "problems")), ==, 0);

  /* Merged on re-import: nothing added, nothing changed. */
  reimported = import_json ("book.qiwang", book);
  g_assert_cmpint (json_object_get_int_member (reimported, "added"), ==, 0);
  g_assert_cmpint (json_object_get_int_member (reimported, "updated"), ==, 0);
  g_assert_cmpint (json_object_get_int_member (reimported, "unchanged"), ==, 3);
  again = qw_test_cli_out ("entries", "book.qiwang", "--json", NULL);
  g_assert_cmpstr (again, ==, a);

  /* .xls and its CSV. */
  from_xls = import_json ("xls.qiwang", xls);
  g_assert_cmpstr (json_object_get_string_member (from_xls, "encoding"), ==, "xls");
  g_clear_pointer (&imported, json_object_unref);
  imported = import_json ("xlscsv.qiwang", "xls.csv");
  g_assert_cmpint (json_object_get_int_member (from_xls, "added"), ==, json_object_get_int_member (imported, "added"));
  c = qw_test_cli_out ("entries", "xls.qiwang", "--json", NULL);
  d = qw_test_cli_out ("entries", "xlscsv.qiwang", "--json", NULL);
  g_assert_cmpstr (c, ==, d);

  /* check-entries reads workbooks too; rows are the list's data rows. */
  qw_test_cli_ok (&r, "check-entries", "--date", "2024-07-01", "--json", book, NULL);
  checks = qw_test_json_parse (r.out);
  g_assert_cmpuint (json_array_get_length (json_node_get_array (checks)), ==, 3);
  g_assert_true (qw_test_json_lists (json_array_get_object_element (json_node_get_array (checks), 1), "problems",
                                     "id-excel-number"));
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (json_node_get_array (checks), 2),
                                               "row"), ==, 3);
  /* --sheet: the fixture's second sheet, and one it does not have. */
  qw_test_cli_ok (&r, "check-entries", "--date", "2024-07-01", "--sheet", "1", xls, NULL);
  cli_status (&r, 1, "check-entries", "--sheet", "9", xls);
  g_assert_nonnull (strstr (r.err, "9"));
  cli_status (&r, 1, "import", "csv.qiwang", "list.csv", "--sheet", "2");

  {
    g_autofree char *dir = g_path_get_dirname (book);

    g_unlink (book);
    g_rmdir (dir);
  }
}

/* A header Qiwang does not know: --columns, remembered; bad input changes nothing. */
static void
test_columns (void)
{
  g_autofree char *id = qw_test_id_number ("110105", "19800101", "002");
  g_autofree char *list = g_strdup_printf ("名字,号码,所属\r\n张三,%s,东城区棋协\r\n李明,,西城区\r\n", id);
  g_autofree char *before = NULL, *after = NULL;
  g_autoptr(JsonObject) imported = NULL;
  g_autoptr(JsonArray) entries = NULL;
  g_auto(QwTestRun) r = { 0 };

  qw_test_write_text (tmp_dir, "odd.csv", list);
  qw_test_write_text (tmp_dir, "garbage.xlsx", "PK\x03\x04 this is no workbook at all, only its first bytes");
  new_stop ("columns.qiwang");
  before = qw_test_cli_out ("entries", "columns.qiwang", "--json", NULL);

  /* Refused with what to do, and nothing written. */
  cli_status (&r, 1, "import", "columns.qiwang", "odd.csv");
  g_assert_nonnull (strstr (r.err, "--columns"));
  cli_status (&r, 2, "import", "columns.qiwang", "odd.csv", "--columns", "姓名=A,身份证号=B,单位=B");
  g_assert_nonnull (strstr (r.err, "B"));
  cli_status (&r, 2, "import", "columns.qiwang", "odd.csv", "--columns", "名称=A");
  cli_status (&r, 2, "import", "columns.qiwang", "odd.csv", "--columns", "姓名=A1");
  cli_status (&r, 2, "import", "columns.qiwang", "odd.csv", "--columns", "");
  cli_status (&r, 1, "import", "columns.qiwang", "odd.csv", "--columns", "姓名=A,单位=Z");
  g_assert_nonnull (strstr (r.err, "Z"));
  cli_status (&r, 1, "import", "columns.qiwang", "garbage.xlsx");
  g_assert_nonnull (strstr (r.err, "garbage.xlsx"));
  after = qw_test_cli_out ("entries", "columns.qiwang", "--json", NULL);
  g_assert_cmpstr (after, ==, before);

  /* Letters or numbers, fields in Chinese or English. */
  qw_test_cli_ok (&r, "import", "columns.qiwang", "odd.csv", "--columns", "name=A，身份证号=2,unit=c", NULL);
  g_assert_nonnull (strstr (r.out, "name=A,id=B,unit=C"));
  entries = entries_array ("columns.qiwang");
  g_assert_cmpuint (json_array_get_length (entries), ==, 2);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (entries, 0), "unit"), ==,
                   "东城区棋协");
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (entries, 0), "birth"), ==,
                   "1980-01-01");

  /* The map is remembered for this header: the list imports again without it. */
  imported = import_json ("columns.qiwang", "odd.csv");
  g_assert_cmpint (json_object_get_int_member (imported, "added"), ==, 0);
  g_assert_cmpint (json_object_get_int_member (imported, "unchanged"), ==, 2);
  qw_test_cli_ok (&r, "import", "columns.qiwang", "odd.csv", NULL);
  g_assert_nonnull (strstr (r.out, "name=A,id=B,unit=C"));
}

/* Excel's text mark ' is dropped; its numbers are explained. */
static void
test_excel_ids (void)
{
  g_autofree char *id = qw_test_id_number ("110105", "19750505", "003");
  g_autofree char *list = g_strdup_printf ("姓名,性别,身份证号\r\n"
                                           "甲,男,'%s\r\n"
                                           "乙,男,4.41381E+17\r\n"
                                           "丙,女,441381199001011000\r\n", id);
  g_autoptr(JsonNode) checks = NULL;
  g_autoptr(JsonArray) entries = NULL;
  JsonArray *rows;
  g_auto(QwTestRun) r = { 0 };

  qw_test_write_text (tmp_dir, "excel.csv", list);
  qw_test_cli_ok (&r, "check-entries", "--date", "2024-07-01", "--json", "excel.csv", NULL);
  checks = qw_test_json_parse (r.out);
  rows = json_node_get_array (checks);
  g_assert_false (qw_test_json_lists (json_array_get_object_element (rows, 0), "problems", "id-format"));
  g_assert_false (qw_test_json_lists (json_array_get_object_element (rows, 0), "problems", "id-excel-number"));
  g_assert_true (qw_test_json_lists (json_array_get_object_element (rows, 1), "problems", "id-excel-number"));
  g_assert_true (qw_test_json_lists (json_array_get_object_element (rows, 2), "problems", "id-excel-number"));
  g_assert_false (qw_test_json_lists (json_array_get_object_element (rows, 2), "problems", "id-checksum"));
  qw_test_cli_ok (&r, "check-entries", "--date", "2024-07-01", "excel.csv", NULL);
  g_assert_nonnull (strstr (r.out, "Text"));

  new_stop ("excel.qiwang");
  qw_test_cli_ok (&r, "import", "excel.qiwang", "excel.csv", NULL);
  /* The import's report says it too, with the advice. */
  g_assert_nonnull (strstr (r.out, "Text"));
  entries = entries_array ("excel.qiwang");
  g_assert_true (qw_test_json_lists (json_array_get_object_element (entries, 1), "problems", "id-excel-number"));
  /* Two rows Excel ruined are not one person. */
  g_assert_false (qw_test_json_lists (json_array_get_object_element (entries, 2), "problems", "duplicate-id"));
}

/* ---- exports for Excel ----------------------------------------------- */

static void
test_export_entries (void)
{
  g_autofree char *first = qw_test_id_number ("110105", "19600101", "003");
  g_autofree char *second = qw_test_id_number ("110105", "20100303", "002");
  g_autofree char *list = g_strdup_printf ("姓名,性别,出生日期,身份证号,单位,等级分\r\n"
                                           "\"=HYPERLINK(\"\"http://x\"\")\",男,,%s,+单位,1700\r\n"
                                           "周小,女,2010-03-03,%s,@棋社,\r\n", first, second);
  g_autoptr(JsonObject) masked = NULL;
  g_autoptr(JsonObject) full = NULL;
  g_autofree char *csv = NULL, *private_csv = NULL, *header = NULL;
  JsonObject *sheet;
  g_auto(QwTestRun) r = { 0 };

  qw_test_write_text (tmp_dir, "export.csv", list);
  new_stop ("export.qiwang");
  qw_test_cli_ok (&r, "import", "export.qiwang", "export.csv", NULL);
  qw_test_cli_ok (&r, "export-entries", "export.qiwang", "--out", "masked.xlsx", NULL);
  qw_test_cli_ok (&r, "export-entries", "export.qiwang", "--out", "full.xlsx", "--private", NULL);
  qw_test_cli_ok (&r, "export-entries", "export.qiwang", "--out", "masked.csv", NULL);
  qw_test_cli_ok (&r, "export-entries", "export.qiwang", "--out", "full.csv", "--private", NULL);
  cli_status (&r, 2, "export-entries", "export.qiwang", "--out", "list.txt");
  cli_status (&r, 2, "export-entries", "export.qiwang");

  masked = read_book ("masked.xlsx");
  full = read_book ("full.xlsx");
  sheet = json_array_get_object_element (book_sheets (full), 0);
  header = book_header (sheet);
  g_assert_cmpstr (header, ==, "序号,姓名,性别,出生日期,身份证号,单位,等级,等级分,组别,问题");
  g_assert_cmpstr (json_object_get_string_member (sheet, "name"), ==, "参赛名单");
  g_assert_cmpstr (json_object_get_string_member (sheet, "freeze"), ==, "A2");
  g_assert_cmpuint (book_rows (sheet), ==, 3);
  /* ID numbers intact, as text, in a text column. */
  g_assert_cmpstr (json_object_get_string_member (book_cell (sheet, 1, 4), "t"), ==, "s");
  g_assert_cmpstr (json_object_get_string_member (book_cell (sheet, 1, 4), "v"), ==, first);
  g_assert_cmpstr (json_object_get_string_member (book_cell (sheet, 2, 4), "v"), ==, second);
  g_assert_cmpstr (json_object_get_string_member (book_cell (sheet, 2, 4), "fmt"), ==, "@");
  /* Formula-like text stays text. */
  g_assert_cmpstr (json_object_get_string_member (book_cell (sheet, 1, 1), "t"), ==, "s");
  g_assert_cmpstr (json_object_get_string_member (book_cell (sheet, 1, 1), "v"), ==, "=HYPERLINK(\"http://x\")");
  g_assert_cmpstr (json_object_get_string_member (book_cell (sheet, 1, 5), "v"), ==, "+单位");
  /* The derived formal group and the problems in words. */
  g_assert_cmpstr (json_object_get_string_member (book_cell (sheet, 2, 8), "v"), ==, "儿童组女子");
  g_assert_cmpint (json_object_get_int_member (book_cell (sheet, 1, 7), "v"), ==, 1700);
  g_assert_cmpstr (json_object_get_string_member (book_cell (sheet, 2, 3), "v"), ==, "2010-03-03");
  /* A date cell with a date format, not text (issue 19 point 23). */
  g_assert_cmpstr (json_object_get_string_member (book_cell (sheet, 2, 3), "t"), ==, "d");
  g_assert_cmpstr (json_object_get_string_member (book_cell (sheet, 2, 3), "fmt"), ==, "yyyy-mm-dd");
  /* Masked: no ID number, and no 出生日期 column at all (issue 19 point 25). */
  sheet = json_array_get_object_element (book_sheets (masked), 0);
  {
    g_autofree char *columns = book_header (sheet);

    g_assert_cmpstr (columns, ==, "序号,姓名,性别,身份证号,单位,等级,等级分,组别,问题");
  }
  g_assert_cmpstr (json_object_get_string_member (book_cell (sheet, 1, 3), "v"), !=, first);
  g_assert_nonnull (strstr (json_object_get_string_member (book_cell (sheet, 1, 3), "v"), "****"));

  /* CSV: ID numbers stay text in Excel, formulas are neutralised. */
  csv = read_file ("masked.csv");
  private_csv = read_file ("full.csv");
  g_assert_true (g_str_has_prefix (csv, "\xEF\xBB\xBF序号,姓名,性别,身份证号,单位,等级,等级分,组别,问题\r\n"));
  g_assert_null (strstr (csv, first));
  {
    g_autofree char *as_text = g_strdup_printf (",\"%s\t\",", first);

    g_assert_nonnull (strstr (private_csv, as_text));
  }
  g_assert_nonnull (strstr (private_csv, "\"'=HYPERLINK(\"\"http://x\"\")\""));
  g_assert_nonnull (strstr (private_csv, ",'+单位,"));
  g_assert_nonnull (strstr (private_csv, ",'@棋社,"));

  /* The private CSV imports back as the same entries. */
  {
    g_autofree char *a = NULL, *b = NULL;

    new_stop ("back.qiwang");
    qw_test_cli_ok (&r, "import", "back.qiwang", "full.csv", NULL);
    a = qw_test_cli_out ("entries", "export.qiwang", "--json", NULL);
    b = qw_test_cli_out ("entries", "back.qiwang", "--json", NULL);
    g_assert_cmpstr (a, ==, b);
  }
}

static void
test_export_standings (void)
{
  g_autoptr(JsonObject) book = NULL;
  g_autoptr(JsonNode) standings = NULL;
  g_autofree char *header = NULL;
  JsonObject *sheet;
  JsonArray *rows;
  g_auto(QwTestRun) r = { 0 };

  qw_test_cli_ok (&r, "simulate", "played.qiwang", "--system", "swiss", "--players", "12", "--rounds", "4", "--seed",
                  "5", NULL);
  qw_test_cli_ok (&r, "export", "played.qiwang", "--out", "standings.xlsx", NULL);
  qw_test_cli_ok (&r, "standings", "played.qiwang", "open-m", "--json", NULL);
  standings = qw_test_json_parse (r.out);
  rows = json_node_get_array (standings);
  book = read_book ("standings.xlsx");
  g_assert_cmpuint (json_array_get_length (book_sheets (book)), ==, 1);
  sheet = json_array_get_object_element (book_sheets (book), 0);
  g_assert_cmpstr (json_object_get_string_member (sheet, "name"), ==, "公开组男子");
  g_assert_cmpstr (json_object_get_string_member (sheet, "freeze"), ==, "A2");
  header = book_header (sheet);
  g_assert_true (g_str_has_prefix (header, "名次,序号,姓名,单位,积分,"));
  g_assert_cmpuint (book_rows (sheet), ==, json_array_get_length (rows) + 1);
  for (guint i = 0; i < json_array_get_length (rows); i++)
    {
      JsonObject *row = json_array_get_object_element (rows, i);

      g_assert_cmpint (json_object_get_int_member (book_cell (sheet, i + 1, 0), "v"), ==,
                       json_object_get_int_member (row, "rank"));
      g_assert_cmpint (json_object_get_int_member (book_cell (sheet, i + 1, 1), "v"), ==,
                       json_object_get_int_member (row, "no"));
      g_assert_cmpstr (json_object_get_string_member (book_cell (sheet, i + 1, 2), "v"), ==,
                       json_object_get_string_member (row, "name"));
      g_assert_cmpfloat (json_object_get_double_member (book_cell (sheet, i + 1, 4), "v"), ==,
                         json_object_get_double_member (row, "points"));
    }
}

/* A region with ten valid stops and its final (tier B), then its nominees. */
static void
region_with_nominees (const char *doc,
                      const char *region,
                      const char *out)
{
  g_autofree char *name = g_strdup_printf ("2021年第六届全国象棋业余棋王赛%s赛区省决赛", region);
  g_autofree char *uid = g_strdup_printf ("final-%08x", g_str_hash (doc));
  g_autofree char *file = g_strdup_printf ("%s-final.xml", doc);
  g_autoptr(QwResults) final = fixture_results (name, uid, "2021-10-20", 7);
  g_autoptr(GError) error = NULL;
  g_autofree char *xml = NULL;
  g_auto(QwTestRun) r = { 0 };

  /* The same players in both regions' finals: the same ID numbers. */
  final->event->level = QW_LEVEL_PROVINCIAL_FINAL;
  g_free (final->event->region);
  final->event->region = g_strdup (region);
  xml = qw_results_to_xml (final, FALSE, NULL, &error);
  g_assert_no_error (error);
  qw_test_write_text (tmp_dir, file, xml);
  qw_test_cli_ok (&r, "new-region", doc, "--region", region, NULL);
  qw_test_cli_ok (&r, "import-results", doc, file, "ten.csv", NULL);
  qw_test_cli_ok (&r, "nominees", doc, "--out", out, "--private", NULL);
}

static void
test_region_and_nominees (void)
{
  g_autoptr(GString) ten = g_string_new ("名称,类型,级别,承办单位,地级市,县级市,荣誉,参赛人数\n");
  g_autofree char *csv = NULL, *national_xml = NULL, *stops_csv = NULL;
  g_autoptr(JsonObject) region_book = NULL;
  g_autoptr(JsonObject) nominee_book = NULL;
  g_autoptr(JsonObject) national_book = NULL;
  JsonObject *sheet;
  g_auto(GStrv) lines = NULL;
  g_auto(QwTestRun) r = { 0 };

  for (int i = 0; i < 10; i++)
    g_string_append_printf (ten, "第%d站,预选赛,县级,第%d协会,第%d市,,,99\n", i + 1, i + 1, i + 1);
  qw_test_write_text (tmp_dir, "ten.csv", ten->str);
  region_with_nominees ("gd.qiwang", "广东", "gd.xml");
  region_with_nominees ("gx.qiwang", "广西", "gx.xml");

  /* The region: its stops with validity, and the quota. */
  qw_test_cli_ok (&r, "region", "gd.qiwang", "--out", "region.xlsx", NULL);
  qw_test_cli_ok (&r, "region", "gd.qiwang", "--out", "stops.csv", NULL);
  region_book = read_book ("region.xlsx");
  g_assert_cmpuint (json_array_get_length (book_sheets (region_book)), ==, 2);
  sheet = json_array_get_object_element (book_sheets (region_book), 0);
  g_assert_cmpstr (json_object_get_string_member (sheet, "name"), ==, "赛站");
  g_assert_cmpuint (book_rows (sheet), ==, 12);
  g_assert_cmpstr (json_object_get_string_member (book_cell (sheet, 1, header_column (sheet, "有效")), "v"), ==, "是");
  sheet = json_array_get_object_element (book_sheets (region_book), 1);
  g_assert_cmpstr (json_object_get_string_member (sheet, "name"), ==, "名额");
  g_assert_cmpstr (json_object_get_string_member (book_cell (sheet, 1, 1), "v"), ==, "B");
  stops_csv = read_file ("stops.csv");
  g_assert_nonnull (strstr (stops_csv, "名称,类型,级别,承办单位,地级市,县级市,荣誉,参赛人数,有效"));

  /* A region's nominees as a workbook. */
  qw_test_cli_ok (&r, "nominees", "gd.qiwang", "--out", "gd.xlsx", "--private", NULL);
  nominee_book = read_book ("gd.xlsx");
  sheet = json_array_get_object_element (book_sheets (nominee_book), 0);
  g_assert_cmpstr (json_object_get_string_member (book_cell (sheet, 1, 0), "v"), ==, "广东");
  g_assert_cmpstr (json_object_get_string_member (book_cell (sheet, 1, header_column (sheet, "身份证号")), "t"),
                   ==, "s");
  g_assert_cmpuint (strlen (json_object_get_string_member (book_cell (sheet, 1, header_column (sheet, "身份证号")),
                                                           "v")), ==, 18);

  /* The national document: both regions named the same players. */
  qw_test_cli_ok (&r, "new-region", "national.qiwang", "--national", NULL);
  qw_test_cli_ok (&r, "import-nominees", "national.qiwang", "gd.xml", "gx.xml", NULL);
  g_assert_nonnull (strstr (r.out, "Warning"));
  qw_test_cli_ok (&r, "nominees", "national.qiwang", "--out", "national.xml", "--private", NULL);
  qw_test_cli_ok (&r, "nominees", "national.qiwang", "--out", "national.csv", NULL);
  qw_test_cli_ok (&r, "nominees", "national.qiwang", "--out", "national.xlsx", "--private", NULL);
  national_xml = read_file ("national.xml");
  g_assert_nonnull (strstr (national_xml, "<region ruleset=\"qiwang-2021\""));
  g_assert_nonnull (strstr (national_xml, ">全国</region>"));
  g_assert_nonnull (strstr (national_xml, "region=\"广东\""));
  g_assert_nonnull (strstr (national_xml, "region=\"广西\""));
  g_assert_nonnull (strstr (national_xml, "duplicate=\"广东、广西\""));
  g_assert_nonnull (strstr (national_xml, "group-name=\"公开组男子\""));
  g_assert_null (strstr (national_xml, "line=\"\""));
  /* The national XML reads back, each nominee with its region. */
  qw_test_cli_ok (&r, "new-region", "national2.qiwang", "--national", NULL);
  qw_test_cli_ok (&r, "import-nominees", "national2.qiwang", "national.xml", NULL);

  csv = read_file ("national.csv");
  lines = g_strsplit (csv, "\r\n", -1);
  g_assert_cmpstr (lines[0], ==, "\xEF\xBB\xBF赛区,名额,组别,名次,姓名,性别,身份证号,单位,理由,重复提名");
  for (guint i = 1; lines[i] != NULL && lines[i][0] != '\0'; i++)
    {
      g_auto(GStrv) cells = g_strsplit (lines[i], ",", -1);

      if (g_str_has_prefix (cells[1], "额外名额"))
        continue;
      g_assert_true (g_str_equal (cells[0], "广东") || g_str_equal (cells[0], "广西"));
      g_assert_cmpstr (cells[1], !=, "");
      g_assert_cmpstr (cells[2], !=, "");
      g_assert_cmpstr (cells[g_strv_length (cells) - 1], ==, "广东、广西");
    }
  national_book = read_book ("national.xlsx");
  sheet = json_array_get_object_element (book_sheets (national_book), 0);
  g_assert_cmpstr (json_object_get_string_member (book_cell (sheet, 1, header_column (sheet, "重复提名")), "v"),
                   ==, "广东、广西");
  g_assert_cmpstr (json_object_get_string_member (book_cell (sheet, 1, header_column (sheet, "名额")), "v"), ==,
                   "公开组男子");
}

/* ---- TRF --------------------------------------------------------------- */

/* The published tournament as a TRF in the columns of the FIDE
 * specification, written here, not by Qiwang; @points is the 162 record
 * or NULL. */
static char *
json_to_trf (JsonObject *root,
             const char *points)
{
  JsonArray *players = json_object_get_array_member (root, "players");
  int rounds = (int) json_object_get_int_member (root, "rounds");
  GString *out = g_string_new (NULL);

  g_string_append_printf (out, "012 %s\r\n022 Berlin\r\n032 GER\r\n062 %u\r\n142 %d\r\n",
                          json_object_get_string_member (root, "event"), json_array_get_length (players), rounds);
  if (points != NULL)
    g_string_append_printf (out, "162 %s\r\n", points);
  g_string_append_printf (out, "XXR %d\r\n", rounds);
  for (guint i = 0; i < json_array_get_length (players); i++)
    {
      JsonObject *p = json_array_get_object_element (players, i);
      JsonArray *games = json_object_get_array_member (p, "rounds");
      const char *rating = json_object_get_string_member_with_default (p, "rating_TWZ", "");
      int pts = qw_test_tenths (json_object_get_double_member (p, "points"));
      g_autofree char *no = g_strdup_printf ("%" G_GINT64_FORMAT, json_object_get_int_member (p, "no"));
      g_autofree char *rank = g_strdup_printf ("%" G_GINT64_FORMAT, json_object_get_int_member (p, "rank"));
      g_autofree char *shown = g_strdup_printf ("%d.%d", pts / 10, pts % 10);

      g_string_append (out, "001 ");
      qw_test_append_padded (out, no, 4, TRUE);
      g_string_append (out, "      ");
      qw_test_append_padded (out, json_object_get_string_member (p, "name"), 33, FALSE);
      g_string_append_c (out, ' ');
      qw_test_append_padded (out, rating != NULL ? rating : "", 4, TRUE);
      g_string_append (out, "                            ");
      qw_test_append_padded (out, shown, 4, TRUE);
      g_string_append_c (out, ' ');
      qw_test_append_padded (out, rank, 4, TRUE);
      for (guint r = 0; r < json_array_get_length (games); r++)
        {
          JsonObject *g = json_array_get_object_element (games, r);
          const char *result = json_object_get_string_member (g, "result");
          const char *colour = json_object_get_null_member (g, "colour") ? "" : json_object_get_string_member (g, "colour");
          char code;

          g_string_append (out, "  ");
          if (g_str_equal (result, "absent") || g_str_equal (result, "bye"))
            {
              g_string_append_printf (out, "0000 - %c", g_str_equal (result, "bye") ? 'U' : 'Z');
              continue;
            }
          code = g_str_equal (result, "W") ? '1' : g_str_equal (result, "D") ? '='
                 : g_str_equal (result, "L") ? '0' : g_str_equal (result, "forfeit-win") ? '+' : '-';
          g_string_append_printf (out, "%4" G_GINT64_FORMAT " %c %c", json_object_get_int_member (g, "opp"),
                                  g_str_equal (colour, "R") ? 'w' : 'b', code);
        }
      g_string_append (out, "\r\n");
    }
  return g_string_free (out, FALSE);
}

static JsonObject *
load_krt (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "chess-krt2023-berlin.json", NULL);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;

  g_assert_true (json_parser_load_from_file (parser, path, &error));
  g_assert_no_error (error);
  return json_object_ref (json_node_get_object (json_parser_get_root (parser)));
}

static double
published_points (JsonObject *krt,
                  gint64      no)
{
  JsonArray *players = json_object_get_array_member (krt, "players");

  for (guint i = 0; i < json_array_get_length (players); i++)
    {
      JsonObject *p = json_array_get_object_element (players, i);

      if (json_object_get_int_member (p, "no") == no)
        return json_object_get_double_member (p, "points");
    }
  g_error ("no player %" G_GINT64_FORMAT, no);
}

/* Each player's standings points, by 序号. */
static JsonArray *
standings (const char *doc,
           const char *group)
{
  g_auto(QwTestRun) r = { 0 };
  g_autoptr(JsonNode) root = NULL;

  qw_test_cli_ok (&r, "standings", doc, group, "--json", NULL);
  root = qw_test_json_parse (r.out);
  return json_array_ref (json_node_get_array (root));
}

static void
check_with_bbppairings (const char *name)
{
  const char *bbp = g_getenv ("QIWANG_BBPPAIRINGS");
  g_autofree char *path = g_build_filename (tmp_dir, name, NULL);
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  g_auto(QwTestRun) r = { 0 };

  if (bbp == NULL)
    return;
  g_ptr_array_add (args, (char *) "--dutch");
  g_ptr_array_add (args, path);
  g_ptr_array_add (args, (char *) "-c");
  run_argv (&r, bbp, args);
  g_test_message ("bbpPairings --dutch %s -c: exit %d\n%s%s", name, r.status, r.out, r.err);
  /* Exit 0: read and every round checked (the differences it lists are
   * the other program's pairing choices, not errors of the file). */
  g_assert_cmpint (r.status, ==, 0);
}

static void
test_trf_published (void)
{
  g_autoptr(JsonObject) krt = load_krt ();
  g_autofree char *chess = json_to_trf (krt, " W 1.0    D 0.5    L 0.0");
  g_autofree char *plain = json_to_trf (krt, NULL);
  g_autofree char *exported = NULL;
  g_autoptr(JsonNode) imported = NULL;
  g_autoptr(JsonArray) points = NULL;
  g_autoptr(JsonArray) doubled = NULL;
  g_autoptr(JsonNode) games = NULL;
  g_auto(GStrv) lines = NULL;
  JsonObject *o;
  guint n_players = 0;
  g_auto(QwTestRun) r = { 0 };

  qw_test_write_text (tmp_dir, "krt.trf", chess);
  qw_test_write_text (tmp_dir, "krt-plain.trf", plain);
  new_stop ("krt.qiwang");
  qw_test_cli_ok (&r, "import-trf", "krt.qiwang", "krt.trf", "--group", "krt2023", "--json", NULL);
  imported = qw_test_json_parse (r.out);
  o = json_node_get_object (imported);
  g_assert_cmpint (json_object_get_int_member (o, "players"), ==, 86);
  g_assert_cmpint (json_object_get_int_member (o, "rounds"), ==, 7);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "warnings")), ==, 0);

  /* With the file's 162 (1-½-0) the standings are the published points. */
  points = standings ("krt.qiwang", "krt2023");
  g_assert_cmpuint (json_array_get_length (points), ==, 86);
  for (guint i = 0; i < json_array_get_length (points); i++)
    {
      JsonObject *row = json_array_get_object_element (points, i);

      g_assert_cmpfloat (json_object_get_double_member (row, "points"), ==,
                         published_points (krt, json_object_get_int_member (row, "no")));
    }
  /* Every game and bye is a game of the group; 7 rounds of them. */
  qw_test_cli_ok (&r, "games", "krt.qiwang", "krt2023", "--json", NULL);
  games = qw_test_json_parse (r.out);
  g_assert_cmpint (json_array_get_length (json_node_get_array (games)), ==, json_object_get_int_member (o, "games"));

  /* Without 162: the ruleset's points, 2-1-0, twice the published ones. */
  new_stop ("krt-plain.qiwang");
  qw_test_cli_ok (&r, "import-trf", "krt-plain.qiwang", "krt-plain.trf", "--group", "open-m", NULL);
  g_assert_nonnull (strstr (r.out, "162"));
  doubled = standings ("krt-plain.qiwang", "open-m");
  g_assert_cmpuint (json_array_get_length (doubled), ==, 86);
  for (guint i = 0; i < json_array_get_length (doubled); i++)
    {
      JsonObject *row = json_array_get_object_element (doubled, i);

      g_assert_cmpfloat (json_object_get_double_member (row, "points"), ==,
                         2 * published_points (krt, json_object_get_int_member (row, "no")));
    }
  /* The same group twice is refused. */
  cli_status (&r, 1, "import-trf", "krt.qiwang", "krt.trf", "--group", "krt2023");

  /* Out again, in the specification's columns. */
  qw_test_cli_ok (&r, "export-trf", "krt.qiwang", "krt2023", "--out", "krt-out.trf", NULL);
  exported = read_file ("krt-out.trf");
  lines = g_strsplit (exported, "\r\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autofree gunichar *u = NULL;
      glong n = 0;
      g_autofree char *c1 = NULL, *c5 = NULL, *c81 = NULL, *name = NULL;
      int start;

      if (g_str_has_prefix (lines[i], "162 "))
        g_assert_cmpstr (lines[i], ==, "162  W 1.0    D 0.5    L 0.0");
      if (g_str_has_prefix (lines[i], "XXR ") || g_str_has_prefix (lines[i], "142 "))
        g_assert_cmpstr (lines[i] + 4, ==, "7");
      if (!g_str_has_prefix (lines[i], "001"))
        continue;
      n_players++;
      u = g_utf8_to_ucs4_fast (lines[i], -1, &n);
      /* The last result is in column 99 + 10 × 6. */
      g_assert_cmpint (n, ==, 99 + 10 * 6);
#define COL(from, to) g_ucs4_to_utf8 (u + (from) - 1, (to) - (from) + 1, NULL, NULL, NULL)
      c1 = COL (1, 4);
      c5 = COL (5, 8);
      name = COL (15, 47);
      c81 = COL (81, 84);
      g_assert_cmpstr (c1, ==, "001 ");
      start = atoi (c5);
      g_assert_cmpint (start, >=, 1);
      g_assert_cmpint (start, <=, 86);
      /* Each round's block: opponent 92-95, colour 97, result 99. */
      for (int r0 = 0; r0 < 7; r0++)
        {
          g_autofree char *colour = COL (97 + 10 * r0, 97 + 10 * r0);
          g_autofree char *gap = COL (90 + 10 * r0, 91 + 10 * r0);

          g_assert_cmpstr (gap, ==, "  ");
          g_assert_true (strchr ("wb-", colour[0]) != NULL);
        }
#undef COL
      g_assert_cmpfloat (g_ascii_strtod (c81, NULL), ==, published_points (krt, start));
      g_assert_cmpuint (strlen (g_strchomp (name)), >, 0);
    }
  g_assert_cmpuint (n_players, ==, 86);
  check_with_bbppairings ("krt-out.trf");

  /* A file with a bad line: a clear message, and no group. */
  {
    g_autofree char *bad = g_strconcat (chess, "001    x      Broken\r\n", NULL);
    g_autoptr(JsonArray) entries = NULL;
    guint before;

    entries = entries_array ("krt.qiwang");
    before = json_array_get_length (entries);
    qw_test_write_text (tmp_dir, "bad.trf", bad);
    cli_status (&r, 1, "import-trf", "krt.qiwang", "bad.trf", "--group", "bad");
    g_assert_nonnull (strstr (r.err, "bad.trf"));
    g_clear_pointer (&entries, json_array_unref);
    entries = entries_array ("krt.qiwang");
    g_assert_cmpuint (json_array_get_length (entries), ==, before);
    cli_status (&r, 1, "games", "krt.qiwang", "bad");
    cli_status (&r, 2, "import-trf", "krt.qiwang", "krt.trf");
  }
}

/* name of 序号 in a document */
static GHashTable *
names_by_no (const char *doc)
{
  g_autoptr(JsonArray) entries = entries_array (doc);
  GHashTable *names = g_hash_table_new_full (NULL, NULL, NULL, g_free);

  for (guint i = 0; i < json_array_get_length (entries); i++)
    {
      JsonObject *e = json_array_get_object_element (entries, i);

      g_hash_table_insert (names, GINT_TO_POINTER (json_object_get_int_member (e, "no")),
                           g_strdup (json_object_get_string_member (e, "name")));
    }
  return names;
}

/* Every game of a group as "round red black result", by the players' names, sorted. */
static char *
games_by_name (const char *doc,
               const char *group)
{
  g_autoptr(GHashTable) names = names_by_no (doc);
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  JsonArray *games;
  g_auto(QwTestRun) r = { 0 };

  qw_test_cli_ok (&r, "games", doc, group, "--json", NULL);
  root = qw_test_json_parse (r.out);
  games = json_node_get_array (root);
  for (guint i = 0; i < json_array_get_length (games); i++)
    {
      JsonObject *g = json_array_get_object_element (games, i);
      gint64 black = json_object_get_null_member (g, "black") ? 0 : json_object_get_int_member (g, "black");

      g_ptr_array_add (lines, g_strdup_printf ("%" G_GINT64_FORMAT " %s %s %s",
                                               json_object_get_int_member (g, "round"),
                                               (char *) g_hash_table_lookup (names, GINT_TO_POINTER (
                                                 json_object_get_int_member (g, "red"))),
                                               black != 0 ? (char *) g_hash_table_lookup (names, GINT_TO_POINTER (black))
                                                          : "-",
                                               json_object_get_string_member (g, "result")));
    }
  g_ptr_array_sort (lines, qw_test_compare_strings);
  g_ptr_array_add (lines, NULL);
  return g_strjoinv ("\n", (char **) lines->pdata);
}

static char *
points_by_name (const char *doc,
                const char *group)
{
  g_autoptr(JsonArray) rows = standings (doc, group);
  g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < json_array_get_length (rows); i++)
    {
      JsonObject *row = json_array_get_object_element (rows, i);

      g_ptr_array_add (lines, g_strdup_printf ("%s %g", json_object_get_string_member (row, "name"),
                                               json_object_get_double_member (row, "points")));
    }
  g_ptr_array_sort (lines, qw_test_compare_strings);
  g_ptr_array_add (lines, NULL);
  return g_strjoinv ("\n", (char **) lines->pdata);
}

/* Qiwang → TRF → Qiwang: every game, forfeit, bye and absence comes back. */
static void
test_trf_round_trip (void)
{
  g_autofree char *games_a = NULL, *games_b = NULL, *points_a = NULL, *points_b = NULL;
  g_autofree char *first = NULL, *second = NULL;
  g_auto(QwTestRun) r = { 0 };

  qw_test_cli_ok (&r, "simulate", "trip.qiwang", "--system", "swiss", "--players", "23", "--rounds", "6", "--seed", "7",
                  "--forfeit-rate", "0.1", "--withdraw-rate", "0.05", NULL);
  /* A 请假 in the last round too. */
  qw_test_cli_ok (&r, "unpair", "trip.qiwang", "open-m", "--force", NULL);
  qw_test_cli_ok (&r, "absent", "trip.qiwang", "open-m", "3", NULL);
  qw_test_cli_ok (&r, "pair", "trip.qiwang", "open-m", NULL);
  /* A board without a result is left out, and said so. */
  qw_test_cli_ok (&r, "export-trf", "trip.qiwang", "open-m", "--out", "unfinished.trf", NULL);
  g_assert_nonnull (strstr (r.err, "no result"));
  {
    g_autoptr(JsonNode) root = NULL;
    JsonArray *round;

    qw_test_cli_ok (&r, "games", "trip.qiwang", "open-m", "--round", "6", "--json", NULL);
    root = qw_test_json_parse (r.out);
    round = json_node_get_array (root);
    for (guint i = 0; i < json_array_get_length (round); i++)
      {
        JsonObject *g = json_array_get_object_element (round, i);
        g_autofree char *board = g_strdup_printf ("%" G_GINT64_FORMAT, json_object_get_int_member (g, "board"));
        g_auto(QwTestRun) played = { 0 };

        if (json_object_get_null_member (g, "black") || json_object_get_string_member (g, "result")[0] != '\0')
          continue;
        qw_test_cli_ok (&played, "result", "trip.qiwang", "open-m", "6", board,
                        i % 3 == 0 ? "1:1" : i % 3 == 1 ? "2:0" : "0:2", NULL);
      }
  }
  qw_test_cli_ok (&r, "export-trf", "trip.qiwang", "open-m", "--out", "trip.trf", NULL);
  g_assert_cmpstr (r.err, ==, "");
  check_with_bbppairings ("trip.trf");
  new_stop ("trip2.qiwang");
  qw_test_cli_ok (&r, "import-trf", "trip2.qiwang", "trip.trf", "--group", "open-m", NULL);
  games_a = games_by_name ("trip.qiwang", "open-m");
  games_b = games_by_name ("trip2.qiwang", "open-m");
  g_assert_cmpstr (games_a, ==, games_b);
  points_a = points_by_name ("trip.qiwang", "open-m");
  points_b = points_by_name ("trip2.qiwang", "open-m");
  g_assert_cmpstr (points_a, ==, points_b);
  /* The group goes out the same again, and can be paired on. */
  qw_test_cli_ok (&r, "export-trf", "trip2.qiwang", "open-m", "--out", "trip2.trf", NULL);
  first = read_file ("trip.trf");
  second = read_file ("trip2.trf");
  g_assert_cmpstr (strstr (first, "\r\n142 "), ==, strstr (second, "\r\n142 "));
  /* ID numbers never go into a TRF. */
  {
    g_autoptr(JsonArray) entries = entries_array ("trip.qiwang");

    g_assert_cmpuint (json_array_get_length (entries), >, 0);
    g_assert_null (strstr (first, "110105"));
    g_assert_null (strstr (first, "4413"));
  }
}

/* ---- rounds typed in --------------------------------------------------- */

/* Players named as the manual-pairing dialog reads them (issue 18): by
 * name or a part of one, the bye as 轮空; a name two players hold is
 * refused, naming them, and nothing is written. */
static void
test_pair_manual_names (void)
{
  static const char *names[] = { "王伟", "王伟明", "李强", "张晓东", "陈晓东", NULL };
  g_autoptr(GString) csv = g_string_new ("姓名,性别,出生日期,身份证号,单位\n");
  g_autoptr(JsonNode) recorded = NULL;
  JsonArray *games;
  g_auto(QwTestRun) r = { 0 };

  for (int i = 0; names[i] != NULL; i++)
    {
      g_autofree char *birth = g_strdup_printf ("199003%02d", i + 1);
      g_autofree char *id = qw_test_id_number ("110105", birth, "011");

      g_string_append_printf (csv, "%s,男,1990-03-%02d,%s,白花镇象棋协会\n", names[i], i + 1, id);
    }
  new_stop ("named.qiwang");
  qw_test_write_text (tmp_dir, "named.csv", csv->str);
  qw_test_cli_ok (&r, "import", "named.qiwang", "named.csv", NULL);
  cli_status (&r, 1, "pair-manual", "named.qiwang", "open-m", "--pairs", "晓东-李强,王伟-王伟明,5-轮空");
  g_assert_nonnull (strstr (r.err, "张晓东"));
  g_assert_nonnull (strstr (r.err, "陈晓东"));
  cli_status (&r, 1, "pair-manual", "named.qiwang", "open-m", "--pairs", "赵六-李强");
  g_assert_nonnull (strstr (r.err, "赵六"));
  qw_test_cli_ok (&r, "pair-manual", "named.qiwang", "open-m", "--pairs", "王伟-李强，王伟明：张晓东，陈晓东-轮空", "--json", NULL);
  recorded = qw_test_json_parse (r.out);
  games = json_object_get_array_member (json_node_get_object (recorded), "games");
  g_assert_cmpuint (json_array_get_length (games), ==, 3);
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (games, 0), "red"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (games, 0), "black"), ==, 3);
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (games, 1), "red"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (games, 1), "black"), ==, 4);
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (games, 2), "red"), ==, 5);
  g_assert_true (JSON_NODE_HOLDS_NULL (json_object_get_member (json_array_get_object_element (games, 2), "black"))
                 || json_object_get_int_member (json_array_get_object_element (games, 2), "black") == 0);
}

static void
test_pair_manual (void)
{
  g_autofree char *before = NULL, *after = NULL;
  g_autoptr(JsonNode) refused = NULL;
  g_autoptr(JsonNode) recorded = NULL;
  g_autoptr(JsonNode) round1 = NULL;
  JsonArray *games;
  int a, b;
  g_auto(QwTestRun) r = { 0 };

  qw_test_cli_ok (&r, "simulate", "manual.qiwang", "--system", "swiss", "--players", "8", "--rounds", "3", "--seed",
                  "3", NULL);
  qw_test_cli_ok (&r, "unpair", "manual.qiwang", "open-m", "--force", NULL);
  qw_test_cli_ok (&r, "games", "manual.qiwang", "open-m", "--round", "1", "--json", NULL);
  round1 = qw_test_json_parse (r.out);
  games = json_node_get_array (round1);
  a = (int) json_object_get_int_member (json_array_get_object_element (games, 0), "red");
  b = (int) json_object_get_int_member (json_array_get_object_element (games, 0), "black");
  qw_test_cli_ok (&r, "games", "manual.qiwang", "open-m", "--json", NULL);
  before = g_steal_pointer (&r.out);

  /* A rematch and a player left out: exit 3, the rules, nothing written. */
  {
    g_autofree char *pairs = g_strdup_printf ("%d-%d", a, b);

    cli_status (&r, 3, "pair-manual", "manual.qiwang", "open-m", "--pairs", pairs, "--json");
    refused = qw_test_json_parse (r.out);
    g_assert_cmpuint (json_array_get_length (json_object_get_array_member (json_node_get_object (refused), "broken")),
                      >=, 2);
    cli_status (&r, 3, "pair-manual", "manual.qiwang", "open-m", "--pairs", pairs);
    g_assert_nonnull (strstr (r.out, "met"));
    g_assert_nonnull (strstr (r.err, "--force"));
  }
  cli_status (&r, 2, "pair-manual", "manual.qiwang", "open-m", "--pairs", "1-2-3");
  cli_status (&r, 2, "pair-manual", "manual.qiwang", "open-m", "--pairs", "1");
  cli_status (&r, 2, "pair-manual", "manual.qiwang", "open-m");
  cli_status (&r, 1, "pair-manual", "manual.qiwang", "open-m", "--pairs", "1-99");
  cli_status (&r, 1, "pair-manual", "manual.qiwang", "open-m", "--pairs", "1-2,2-3");
  qw_test_cli_ok (&r, "games", "manual.qiwang", "open-m", "--json", NULL);
  after = g_steal_pointer (&r.out);
  g_assert_cmpstr (after, ==, before);

  /* --force records it as given, logged with the rules it breaks. */
  {
    g_autofree char *pairs = g_strdup_printf ("%d-%d", a, b);

    qw_test_cli_ok (&r, "pair-manual", "manual.qiwang", "open-m", "--pairs", pairs, "--force", "--json", NULL);
    recorded = qw_test_json_parse (r.out);
    g_assert_cmpint (json_object_get_int_member (json_node_get_object (recorded), "round"), ==, 3);
    games = json_object_get_array_member (json_node_get_object (recorded), "games");
    g_assert_cmpuint (json_array_get_length (games), ==, 1);
    g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (games, 0), "red"), ==, a);
    g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (games, 0), "black"), ==, b);
  }
  qw_test_cli_ok (&r, "log", "manual.qiwang", "open-m", NULL);
  g_assert_nonnull (strstr (r.out, "by hand"));

  /* A round that keeps every rule is recorded without --force. */
  qw_test_cli_ok (&r, "unpair", "manual.qiwang", "open-m", "--force", NULL);
  qw_test_cli_ok (&r, "unpair", "manual.qiwang", "open-m", "--force", NULL);
  qw_test_cli_ok (&r, "unpair", "manual.qiwang", "open-m", "--force", NULL);
  qw_test_cli_ok (&r, "pair-manual", "manual.qiwang", "open-m", "--pairs", "1-5,6-2,3-7,8-4", NULL);
  qw_test_cli_ok (&r, "games", "manual.qiwang", "open-m", "--round", "1", "--json", NULL);
  {
    g_autoptr(JsonNode) first = qw_test_json_parse (r.out);
    JsonObject *g = json_array_get_object_element (json_node_get_array (first), 1);

    g_assert_cmpint (json_object_get_int_member (g, "red"), ==, 6);
    g_assert_cmpint (json_object_get_int_member (g, "black"), ==, 2);
  }
  /* The engine goes on from a round typed in. */
  qw_test_cli_ok (&r, "result", "manual.qiwang", "open-m", "1", "1", "2:0", NULL);
  qw_test_cli_ok (&r, "result", "manual.qiwang", "open-m", "1", "2", "1:1", NULL);
  qw_test_cli_ok (&r, "result", "manual.qiwang", "open-m", "1", "3", "0:2", NULL);
  qw_test_cli_ok (&r, "result", "manual.qiwang", "open-m", "1", "4", "2:0", NULL);
  qw_test_cli_ok (&r, "pair", "manual.qiwang", "open-m", NULL);
}

/* ---- list order -------------------------------------------------------- */

static void
test_list_order (void)
{
  /* Strokes of the surnames: 丁 2, 王 4, 李 7, 赵 9, 蔡 14. */
  static const char *list =
    "姓名,性别,出生日期\r\n蔡明,男,1980-01-01\r\n赵一,男,1980-01-01\r\n丁二,女,1980-01-01\r\n"
    "李三,男,1980-01-01\r\n王四,男,1980-01-01\r\n";
  static const char *by_strokes[] = { "丁二", "王四", "李三", "赵一", "蔡明" };
  static const char *by_pinyin[] = { "蔡明", "丁二", "李三", "王四", "赵一" };
  g_autoptr(JsonArray) stroke = NULL;
  g_autoptr(JsonArray) number = NULL;
  g_autoptr(JsonObject) book = NULL;
  JsonObject *sheet;
  g_auto(QwTestRun) r = { 0 };

  qw_test_write_text (tmp_dir, "names.csv", list);
  new_stop ("order.qiwang");
  qw_test_cli_ok (&r, "import", "order.qiwang", "names.csv", NULL);
  qw_test_cli_ok (&r, "list-order", "order.qiwang", NULL);
  g_assert_true (g_str_has_prefix (r.out, "number"));
  number = entries_array ("order.qiwang");
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (number, 0), "name"), ==, "蔡明");
  qw_test_cli_ok (&r, "entries", "order.qiwang", "--order", "pinyin", "--json", NULL);
  {
    g_autoptr(JsonNode) pinyin = qw_test_json_parse (r.out);

    for (guint i = 0; i < G_N_ELEMENTS (by_pinyin); i++)
      g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (json_node_get_array (pinyin), i),
                                                      "name"), ==, by_pinyin[i]);
  }
  cli_status (&r, 2, "entries", "order.qiwang", "--order", "height");
  cli_status (&r, 2, "list-order", "order.qiwang", "height");

  qw_test_cli_ok (&r, "list-order", "order.qiwang", "stroke", NULL);
  stroke = entries_array ("order.qiwang");
  for (guint i = 0; i < G_N_ELEMENTS (by_strokes); i++)
    g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (stroke, i), "name"), ==,
                     by_strokes[i]);
  /* The numbers stay: 蔡明 is still No. 1. */
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (stroke, 4), "no"), ==, 1);
  qw_test_cli_ok (&r, "export-entries", "order.qiwang", "--out", "ordered.xlsx", NULL);
  book = read_book ("ordered.xlsx");
  sheet = json_array_get_object_element (book_sheets (book), 0);
  for (guint i = 0; i < G_N_ELEMENTS (by_strokes); i++)
    g_assert_cmpstr (json_object_get_string_member (book_cell (sheet, i + 1, 1), "v"), ==, by_strokes[i]);
}

/* ---- pairs (双人, issue 12) in the lists of issue 11 ------------------ */

/* A worksheet of inline strings, but for the cell @number_cell (e.g. "K4"),
 * which holds @number as a number, as Excel stores an ID column it took
 * for numbers. */
static char *
inline_sheet (const char * const *const *rows,
              guint                      n_rows,
              const char                *number_cell,
              const char                *number)
{
  g_autoptr(GString) xml = g_string_new (XML_HEAD "<worksheet xmlns=\"" NS_MAIN "\" xmlns:r=\"" NS_REL "\"><sheetData>");

  for (guint r = 0; r < n_rows; r++)
    {
      g_string_append_printf (xml, "<row r=\"%u\">", r + 1);
      for (guint c = 0; rows[r][c] != NULL; c++)
        {
          g_autofree char *ref = g_strdup_printf ("%c%u", 'A' + c, r + 1);
          g_autofree char *text = g_markup_escape_text (rows[r][c], -1);

          if (g_str_equal (ref, number_cell))
            g_string_append_printf (xml, "<c r=\"%s\"><v>%s</v></c>", ref, number);
          else if (rows[r][c][0] != '\0')
            g_string_append_printf (xml, "<c r=\"%s\" t=\"inlineStr\"><is><t>%s</t></is></c>", ref, text);
        }
      g_string_append (xml, "</row>");
    }
  g_string_append (xml, "</sheetData></worksheet>");
  return g_string_free (g_steal_pointer (&xml), FALSE);
}

static void
new_final (const char *name)
{
  g_auto(QwTestRun) r = { 0 };

  qw_test_cli_ok (&r, "new", name, "--ruleset", "qiwang-2022", "--name", "2022年全国业余象棋棋王争霸赛总决赛",
                  "--start", "2022-11-25", NULL);
}

static JsonObject *
entry_named (JsonArray  *entries,
             const char *name)
{
  for (guint i = 0; i < json_array_get_length (entries); i++)
    if (g_strcmp0 (json_object_get_string_member (json_array_get_object_element (entries, i), "name"), name) == 0)
      return json_array_get_object_element (entries, i);
  g_error ("no entry %s", name);
}

/* Pair rows (a second member in 姓名2 …) import from a workbook exactly as
 * from its CSV, an ID number Excel made a number in a member's column
 * included; --columns maps the pair columns of an unknown header; and
 * export-entries carries both members, the second's ID number masked and
 * its birth date left out unless --private, as the entries CSV does. */
static void
test_pairs (void)
{
  g_autofree char *id1 = qw_test_id_number ("110105", "19900101", "011");
  g_autofree char *id2a = qw_test_id_number ("110105", "19910202", "031");
  g_autofree char *id2b = qw_test_id_number ("110105", "19920303", "051");
  g_autofree char *id3a = qw_test_id_number ("110105", "19800404", "022");
  g_autofree char *id3b = qw_test_id_number ("110105", "20120505", "071");
  g_autofree char *id4a = qw_test_id_number ("110105", "19930606", "091");
  const char *header[] = { "姓名", "性别", "出生日期", "身份证号", "单位", "组别", "账号", "姓名2", "性别2", "出生日期2",
                           "身份证号2", "单位2", "账号2", "关系", "备注", NULL };
  const char *row1[] = { "张三", "男", "1990-01-01", id1, "浙江", "", "zs", "", "", "", "", "", "", "", "", NULL };
  const char *row2[] = { "李四", "男", "1991-02-02", id2a, "浙江", "男双", "ls", "王五", "男", "1992-03-03", id2b,
                         "浙江", "ww", "", "", NULL };
  const char *row3[] = { "赵六", "女", "1980-04-04", id3a, "北京", "亲子", "zl", "赵小六", "男", "2012-05-05", id3b,
                         "北京", "", "母子", "", NULL };
  const char *row4[] = { "孙七", "男", "1993-06-06", id4a, "上海", "男双", "sq", "周八", "男", "1994-07-07",
                         "4.41381E+17", "上海", "zb", "", "身份证号2 是数字", NULL };
  const char *const *rows[] = { header, row1, row2, row3, row4 };
  g_autofree char *sheet_xml = inline_sheet (rows, G_N_ELEMENTS (rows), "K5", "4.41381199407070E+17");
  QwTestSheet sheets[] = { { "报名表", NULL, sheet_xml }, { NULL, NULL, NULL } };
  g_autofree char *book = qw_test_make_book ("pairs.xlsx", NULL, sheets, NULL, NULL);
  g_autoptr(GString) csv = g_string_new (NULL);
  g_autofree char *a = NULL, *b = NULL, *odd = NULL;
  g_autofree char *masked_csv = NULL, *private_csv = NULL, *masked_header = NULL;
  g_autoptr(JsonObject) imported = NULL;
  g_autoptr(JsonArray) entries = NULL;
  g_autoptr(JsonObject) masked = NULL;
  g_autoptr(JsonObject) full = NULL;
  JsonObject *pair, *sheet;
  JsonArray *members;
  g_auto(QwTestRun) r = { 0 };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autofree char *line = g_strjoinv (",", (char **) rows[i]);

      g_string_append_printf (csv, "%s\r\n", line);
    }
  qw_test_write_text (tmp_dir, "pairs.csv", csv->str);
  new_final ("pairs-book.qiwang");
  new_final ("pairs-csv.qiwang");

  /* The workbook and its CSV: the same entrants, members and problems. */
  imported = import_json ("pairs-book.qiwang", book);
  g_assert_cmpstr (json_object_get_string_member (imported, "encoding"), ==, "xlsx");
  g_assert_cmpint (json_object_get_int_member (imported, "added"), ==, 4);
  g_clear_pointer (&imported, json_object_unref);
  imported = import_json ("pairs-csv.qiwang", "pairs.csv");
  g_assert_cmpint (json_object_get_int_member (imported, "added"), ==, 4);
  a = qw_test_cli_out ("entries", "pairs-book.qiwang", "--json", NULL);
  b = qw_test_cli_out ("entries", "pairs-csv.qiwang", "--json", NULL);
  g_assert_cmpstr (a, ==, b);
  entries = entries_array ("pairs-book.qiwang");
  g_assert_false (json_object_has_member (entry_named (entries, "张三"), "members"));
  pair = entry_named (entries, "李四 / 王五");
  members = json_object_get_array_member (pair, "members");
  g_assert_cmpuint (json_array_get_length (members), ==, 2);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (members, 1), "name"), ==, "王五");
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (members, 1), "account"), ==, "ww");
  g_assert_false (qw_test_json_lists (pair, "problems", "id-excel-number"));
  g_assert_true (qw_test_json_lists (entry_named (entries, "孙七 / 周八"), "problems", "id-excel-number"));
  g_assert_false (qw_test_json_lists (entry_named (entries, "孙七 / 周八"), "problems", "id-format"));
  /* Entered again, nothing changes. */
  g_clear_pointer (&imported, json_object_unref);
  imported = import_json ("pairs-book.qiwang", book);
  g_assert_cmpint (json_object_get_int_member (imported, "unchanged"), ==, 4);

  /* A header Qiwang does not know, the pair columns given with --columns. */
  odd = g_strdup_printf ("队员甲,队员乙,证件甲,证件乙,项目,亲属\r\n李四,王五,%s,%s,男双,\r\n"
                         "赵六,赵小六,%s,%s,亲子,母子\r\n", id2a, id2b, id3a, id3b);
  qw_test_write_text (tmp_dir, "pairs-odd.csv", odd);
  new_final ("pairs-odd.qiwang");
  cli_status (&r, 1, "import", "pairs-odd.qiwang", "pairs-odd.csv");
  qw_test_cli_ok (&r, "import", "pairs-odd.qiwang", "pairs-odd.csv", "--columns",
                  "姓名=A,姓名2=B,身份证号=C,id2=D,组别=E,关系=F", NULL);
  g_assert_nonnull (strstr (r.out, "name=A,id=C,group=E,relation=F,name2=B,id2=D"));
  g_clear_pointer (&entries, json_array_unref);
  entries = entries_array ("pairs-odd.qiwang");
  g_assert_cmpuint (json_array_get_length (entries), ==, 2);
  pair = entry_named (entries, "赵六 / 赵小六");
  members = json_object_get_array_member (pair, "members");
  /* Sex and birth date from the members' ID numbers. */
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (members, 1), "birth"), ==,
                   "2012-05-05");
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (members, 0), "sex"), ==, "F");
  cli_status (&r, 2, "import", "pairs-odd.qiwang", "pairs-odd.csv", "--columns", "姓名=A,姓名2=A");
  /* The map, pair columns and all, is remembered for this header. */
  g_clear_pointer (&imported, json_object_unref);
  imported = import_json ("pairs-odd.qiwang", "pairs-odd.csv");
  g_assert_cmpint (json_object_get_int_member (imported, "unchanged"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (imported, "added"), ==, 0);

  /* export-entries: the pair columns after the usual ones. */
  qw_test_cli_ok (&r, "export-entries", "pairs-csv.qiwang", "--out", "pairs-masked.xlsx", NULL);
  qw_test_cli_ok (&r, "export-entries", "pairs-csv.qiwang", "--out", "pairs-full.xlsx", "--private", NULL);
  qw_test_cli_ok (&r, "export-entries", "pairs-csv.qiwang", "--out", "pairs-masked.csv", NULL);
  qw_test_cli_ok (&r, "export-entries", "pairs-csv.qiwang", "--out", "pairs-full.csv", "--private", NULL);
  full = read_book ("pairs-full.xlsx");
  sheet = json_array_get_object_element (book_sheets (full), 0);
  masked_header = book_header (sheet);
  g_assert_cmpstr (masked_header, ==, "序号,姓名,性别,出生日期,身份证号,单位,等级,等级分,组别,问题,"
                                      "账号,姓名2,性别2,出生日期2,身份证号2,单位2,等级2,账号2,关系");
  g_assert_cmpuint (book_rows (sheet), ==, 5);
  /* Row 2 is 李四 / 王五 (序号 2): its first member in the usual columns. */
  g_assert_cmpstr (json_object_get_string_member (book_cell (sheet, 2, 1), "v"), ==, "李四");
  g_assert_cmpstr (json_object_get_string_member (book_cell (sheet, 2, header_column (sheet, "组别")), "v"), ==,
                   "男子双人");
  g_assert_cmpstr (json_object_get_string_member (book_cell (sheet, 2, header_column (sheet, "姓名2")), "v"), ==,
                   "王五");
  g_assert_cmpstr (json_object_get_string_member (book_cell (sheet, 2, header_column (sheet, "身份证号2")), "v"), ==,
                   id2b);
  g_assert_cmpstr (json_object_get_string_member (book_cell (sheet, 2, header_column (sheet, "身份证号2")), "fmt"), ==,
                   "@");
  g_assert_cmpstr (json_object_get_string_member (book_cell (sheet, 2, header_column (sheet, "出生日期2")), "v"), ==,
                   "1992-03-03");
  g_assert_cmpstr (json_object_get_string_member (book_cell (sheet, 3, header_column (sheet, "关系")), "v"), ==,
                   "母子");
  g_assert_cmpstr (json_object_get_string_member (book_cell (sheet, 1, header_column (sheet, "账号")), "v"), ==,
                   "zs");
  masked = read_book ("pairs-masked.xlsx");
  sheet = json_array_get_object_element (book_sheets (masked), 0);
  g_assert_nonnull (strstr (json_object_get_string_member (book_cell (sheet, 2, header_column (sheet, "身份证号2")),
                                                           "v"), "****"));
  {
    g_autofree char *columns = book_header (sheet);

    g_assert_null (strstr (columns, "出生日期"));
  }

  /* The CSV forms: no member's full number when masked; as text when not. */
  masked_csv = read_file ("pairs-masked.csv");
  private_csv = read_file ("pairs-full.csv");
  for (const char *const *id = (const char *const[]) { id1, id2a, id2b, id3a, id3b, id4a, NULL }; *id != NULL; id++)
    {
      g_autofree char *as_text = g_strdup_printf (",\"%s\t\",", *id);

      g_assert_null (strstr (masked_csv, *id));
      g_assert_nonnull (strstr (private_csv, as_text));
    }
  g_assert_null (strstr (masked_csv, "1992-03-03"));

  /* The private CSV imports back as the same entrants. */
  {
    g_autofree char *back = NULL;

    new_final ("pairs-back.qiwang");
    qw_test_cli_ok (&r, "import", "pairs-back.qiwang", "pairs-full.csv", NULL);
    back = qw_test_cli_out ("entries", "pairs-back.qiwang", "--json", NULL);
    g_assert_cmpstr (back, ==, b);
  }

  {
    g_autofree char *dir = g_path_get_dirname (book);

    g_unlink (book);
    g_rmdir (dir);
  }
}

int
main (int   argc,
      char *argv[])
{
  int status;

  qw_test_cli_init (&argc, &argv);
  tmp_dir = qw_test_make_tmp_dir ("qiwang-cli-formats-XXXXXX");
  qw_test_cli_configure (&(QwTestCliOptions) { .dir = tmp_dir, .may_die = TRUE });
  g_test_add_func ("/cli-formats/workbooks", test_workbooks);
  g_test_add_func ("/cli-formats/columns", test_columns);
  g_test_add_func ("/cli-formats/excel-ids", test_excel_ids);
  g_test_add_func ("/cli-formats/export-entries", test_export_entries);
  g_test_add_func ("/cli-formats/export-standings", test_export_standings);
  g_test_add_func ("/cli-formats/region-and-nominees", test_region_and_nominees);
  g_test_add_func ("/cli-formats/trf-published", test_trf_published);
  g_test_add_func ("/cli-formats/trf-round-trip", test_trf_round_trip);
  g_test_add_func ("/cli-formats/pair-manual", test_pair_manual);
  g_test_add_func ("/cli-formats/pair-manual-names", test_pair_manual_names);
  g_test_add_func ("/cli-formats/list-order", test_list_order);
  g_test_add_func ("/cli-formats/pairs", test_pairs);
  status = g_test_run ();
  qw_test_remove_tree (tmp_dir);
  g_free (tmp_dir);
  return status;
}
