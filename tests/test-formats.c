/* test-formats.c: the core of Excel and the other tools (issue 11)
 *
 * What the GUI will call as the CLI does: column maps (parsed, lettered,
 * laid over the header recognition, remembered per header set), the import
 * preview, the list order (one step of the history; the booklet follows
 * it), CSV fields for Excel, a group's own points, rounds typed in (checked
 * without writing, one undoable step, the pairing gate), a TRF's
 * half-point bye and a refused import, and a national document that keeps
 * each nominee's quota line and group.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gstdio.h>
#include <string.h>

#include "qw-csv.h"
#include "qw-demo.h"
#include "qw-desk-settings.h"
#include "qw-document-entries.h"
#include "qw-document-play.h"
#include "qw-entry-import.h"
#include "qw-error.h"
#include "qw-history.h"
#include "qw-nominees.h"
#include "qw-print-source.h"
#include "qw-print.h"
#include "qw-spreadsheet.h"
#include "qw-standings.h"
#include "qw-test.h"
#include "qw-tournament.h"
#include "qw-trf-document.h"

static char *tmp_dir;

static QwDocument *
new_stop (const char *name,
          QwEvent   **event_out)
{
  g_autofree char *path = g_build_filename (tmp_dir, name, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = qw_document_create (path, QW_DOCUMENT_STOP, &error);
  QwEvent *event = qw_event_new ();

  g_assert_no_error (error);
  event->name = g_strdup ("2021年第六届全国象棋业余棋王赛广东赛区白花（镇）预选赛");
  event->rounds = 5;
  event->start_date = qw_date_make (2021, 7, 3);
  g_assert_true (qw_document_add_event (doc, event, &error));
  *event_out = event;
  return g_steal_pointer (&doc);
}

/* @names: the players of open-m, 序号 in this order */
static GPtrArray *
add_players (QwDocument         *doc,
             const QwEvent      *event,
             const char * const *names)
{
  g_autoptr(GPtrArray) entries = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_entry_free);
  g_autoptr(GRand) rand = g_rand_new_with_seed (11);
  g_autoptr(GError) error = NULL;

  for (guint i = 0; names[i] != NULL; i++)
    {
      QwEntry *e = qw_entry_new ();
      QwDate birth = qw_date_make (1980 + (int) i, 1 + (int) i % 12, 1 + (int) i);

      e->name = g_strdup (names[i]);
      e->sex = QW_SEX_MALE;
      e->birth = qw_date_to_iso_dup (birth);
      e->id_number = qw_demo_make_id_number (rand, "441323", birth, QW_SEX_MALE);
      e->unit = g_strdup_printf ("单位%u", i);
      e->group_code = g_strdup ("open-m");
      e->rating = 2000 - 10 * (int) i;
      g_ptr_array_add (entries, e);
    }
  g_assert_true (qw_document_add_entries (doc, event->id, entries, &error));
  g_assert_no_error (error);
  return g_steal_pointer (&entries);
}

/* ---- column maps ------------------------------------------------------- */

static void
test_column_maps (void)
{
  const char *header[] = { "名字", "身份证号码", "Unit", "性别", NULL };
  const char *other[] = { "名字", "身份证号码", "Unit", NULL };
  g_autofree char *a = qw_column_letters (0), *z = qw_column_letters (25), *aa = qw_column_letters (26);
  g_autofree char *last = qw_column_letters (16383), *text = NULL, *key1 = NULL, *key2 = NULL, *key3 = NULL;
  const char *bad[] = { "", "姓名", "姓名=", "姓名=AAAA", "姓名=0", "姓名=A1", "体重=A", "姓名=A,姓名=B",
                        "姓名=A,单位=A", ",,", NULL };
  QwColumnMap map, recognised;
  QwEntryField field;
  g_autoptr(GError) error = NULL;

  g_assert_cmpstr (a, ==, "A");
  g_assert_cmpstr (z, ==, "Z");
  g_assert_cmpstr (aa, ==, "AA");
  g_assert_cmpstr (last, ==, "XFD");

  g_assert_true (qw_entry_field_from_header (" 身份证号码 ", &field));
  g_assert_cmpint (field, ==, QW_ENTRY_FIELD_ID);
  g_assert_true (qw_entry_field_from_header ("doc_kind", &field));
  g_assert_cmpint (field, ==, QW_ENTRY_FIELD_DOC_KIND);
  g_assert_false (qw_entry_field_from_header ("体重", &field));
  g_assert_cmpstr (qw_entry_field_label (QW_ENTRY_FIELD_RATING), ==, "等级分");
  g_assert_cmpstr (qw_entry_field_to_code (QW_ENTRY_FIELD_BIRTH), ==, "birth");
  /* The pair columns (双人) are fields too: by their headers or codes. */
  g_assert_true (qw_entry_field_from_header ("搭档身份证号", &field));
  g_assert_cmpint (field, ==, QW_ENTRY_FIELD_ID2);
  g_assert_true (qw_entry_field_from_header ("Name2", &field));
  g_assert_cmpint (field, ==, QW_ENTRY_FIELD_NAME2);
  g_assert_true (qw_entry_field_from_header ("关系", &field));
  g_assert_cmpint (field, ==, QW_ENTRY_FIELD_RELATION);
  g_assert_cmpstr (qw_entry_field_label (QW_ENTRY_FIELD_ACCOUNT2), ==, "账号2");
  g_assert_cmpstr (qw_entry_field_to_code (QW_ENTRY_FIELD_DOC_KIND2), ==, "doc_kind2");
  g_assert_true (qw_column_map_parse (&map, "姓名=A,姓名2=B,身份证号2=c,账号=D", &error));
  g_assert_no_error (error);
  g_assert_cmpint (map.column[QW_ENTRY_FIELD_NAME2], ==, 1);
  g_assert_cmpint (map.column[QW_ENTRY_FIELD_ID2], ==, 2);
  g_assert_cmpint (map.column[QW_ENTRY_FIELD_ACCOUNT], ==, 3);
  text = qw_column_map_to_text (&map);
  g_assert_cmpstr (text, ==, "name=A,account=D,name2=B,id2=C");
  g_clear_pointer (&text, g_free);

  /* Full-width punctuation, letters in either case, numbers from 1. */
  g_assert_true (qw_column_map_parse (&map, "姓名＝a，身份证号：4、 sex = C；Rating=xfd", &error));
  g_assert_no_error (error);
  g_assert_cmpint (map.column[QW_ENTRY_FIELD_NAME], ==, 0);
  g_assert_cmpint (map.column[QW_ENTRY_FIELD_ID], ==, 3);
  g_assert_cmpint (map.column[QW_ENTRY_FIELD_SEX], ==, 2);
  g_assert_cmpint (map.column[QW_ENTRY_FIELD_RATING], ==, 16383);
  g_assert_cmpint (map.column[QW_ENTRY_FIELD_UNIT], ==, -1);
  text = qw_column_map_to_text (&map);
  g_assert_cmpstr (text, ==, "name=A,sex=C,id=D,rating=XFD");
  for (guint i = 0; bad[i] != NULL; i++)
    {
      g_autoptr(GError) e = NULL;

      if (qw_column_map_parse (&map, bad[i], &e))
        g_error ("accepted “%s”", bad[i]);
      g_assert_error (e, QW_ERROR, QW_ERROR_INVALID);
    }

  /* Recognised, then the user's map laid over it: its columns win. */
  qw_column_map_recognise (&recognised, header);
  g_assert_cmpint (recognised.column[QW_ENTRY_FIELD_NAME], ==, -1);
  g_assert_cmpint (recognised.column[QW_ENTRY_FIELD_ID], ==, 1);
  g_assert_cmpint (recognised.column[QW_ENTRY_FIELD_UNIT], ==, 2);
  g_assert_true (qw_column_map_parse (&map, "姓名=A,性别=C", NULL));
  qw_column_map_overlay (&recognised, &map);
  g_assert_cmpint (recognised.column[QW_ENTRY_FIELD_NAME], ==, 0);
  g_assert_cmpint (recognised.column[QW_ENTRY_FIELD_SEX], ==, 2);
  g_assert_cmpint (recognised.column[QW_ENTRY_FIELD_UNIT], ==, -1);
  g_assert_cmpint (recognised.column[QW_ENTRY_FIELD_ID], ==, 1);

  /* A header set's key: blind to case and spaces, not to the cells. */
  key1 = qw_column_map_key (header);
  {
    const char *same[] = { " 名字", "身份证号码 ", "UNIT", "性别", NULL };

    key2 = qw_column_map_key (same);
  }
  key3 = qw_column_map_key (other);
  g_assert_cmpstr (key1, ==, key2);
  g_assert_cmpstr (key1, !=, key3);
}

static void
test_preview (void)
{
  static const char *data =
    "2024年报名表,,\r\n"
    "名字,证件号码,备注\r\n"
    "张三,110105194912310021,x\r\n"
    ",,\r\n"
    "李四,,\r\n"
    "王五,,\r\n";
  static const char *titled =
    "2024年报名表,,\r\n"
    "姓名,证件号码,备注\r\n"
    "张三,110105194912310021,x\r\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(QwCsv) csv = qw_csv_parse_data (data, strlen (data), &error);
  g_autoptr(QwCsv) csv2 = qw_csv_parse_data (titled, strlen (titled), &error);
  g_autoptr(QwImportPreview) preview = qw_entry_import_preview (csv, 2);
  g_autoptr(QwImportPreview) preview2 = qw_entry_import_preview (csv2, 10);
  g_autoptr(QwEntryImport) refused = NULL;
  g_autoptr(QwEntryImport) mapped = NULL;
  g_autoptr(QwEntryImport) found = NULL;
  QwColumnMap map;

  g_assert_no_error (error);
  /* No 姓名 among the first rows: the first row is shown as the header. */
  g_assert_false (preview->has_name);
  g_assert_cmpstr (preview->header[0], ==, "2024年报名表");
  g_assert_cmpuint (preview->rows->len, ==, 2);
  g_assert_cmpint (g_array_index (preview->lines, int, 1), ==, 3);
  /* A title row above a known header is skipped. */
  g_assert_true (preview2->has_name);
  g_assert_cmpstr (preview2->header[0], ==, "姓名");
  g_assert_cmpint (preview2->header_line, ==, 2);
  g_assert_cmpint (preview2->recognised.column[QW_ENTRY_FIELD_ID], ==, 1);
  g_assert_cmpstr (preview2->unknown[0], ==, "备注");
  g_assert_null (preview2->unknown[1]);
  found = qw_entry_import_csv (csv2, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (found->entries->len, ==, 1);
  g_assert_cmpint (g_array_index (found->rows, int, 0), ==, 1);

  refused = qw_entry_import_csv (csv, &error);
  g_assert_null (refused);
  g_assert_error (error, QW_ERROR, QW_ERROR_INVALID);
  g_clear_error (&error);
  /* With a map the first row is the header; row numbers count from it. */
  g_assert_true (qw_column_map_parse (&map, "姓名=A,身份证号=B", NULL));
  mapped = qw_entry_import_table (csv, &map, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (mapped->entries->len, ==, 4);
  g_assert_cmpstr (((QwEntry *) mapped->entries->pdata[0])->name, ==, "名字");
  g_assert_cmpint (g_array_index (mapped->rows, int, 3), ==, 5);
  /* The first row's cells that no field takes: only empty ones here. */
  g_assert_null (mapped->ignored_columns[0]);
}

static void
test_desk_settings (void)
{
  g_autoptr(QwEvent) event = NULL;
  g_autoptr(QwDocument) doc = new_stop ("desk.qiwang", &event);
  const char *header[] = { "名字", "号码", NULL };
  const char *names[] = { "蔡明", "赵一", "丁二", "李三", "王四", NULL };
  const char *strokes[] = { "丁二", "王四", "李三", "赵一", "蔡明" };
  const char *pinyin[] = { "蔡明", "丁二", "李三", "王四", "赵一" };
  g_autoptr(GPtrArray) entries = add_players (doc, event, names);
  g_autoptr(GError) error = NULL;
  QwColumnMap given, out;
  QwListOrder order;

  /* Nothing remembered: the recognition. */
  g_assert_cmpint (qw_desk_columns_for (doc, header, NULL, &out), ==, QW_COLUMNS_RECOGNISED);
  g_assert_true (qw_column_map_is_empty (&out));
  g_assert_true (qw_column_map_parse (&given, "姓名=A,身份证号=B", NULL));
  g_assert_cmpint (qw_desk_columns_for (doc, header, &given, &out), ==, QW_COLUMNS_GIVEN);
  g_assert_true (qw_desk_remember_columns (doc, header, &out, &error));
  g_assert_no_error (error);
  g_assert_cmpint (qw_desk_columns_for (doc, header, NULL, &out), ==, QW_COLUMNS_REMEMBERED);
  g_assert_cmpint (out.column[QW_ENTRY_FIELD_ID], ==, 1);
  g_assert_cmpint (qw_desk_columns_for (NULL, header, NULL, &out), ==, QW_COLUMNS_RECOGNISED);
  g_assert_true (qw_desk_forget_columns (doc, header, &error));
  g_assert_cmpint (qw_desk_columns_for (doc, header, NULL, &out), ==, QW_COLUMNS_RECOGNISED);

  /* The list order: codes, and one undoable step. */
  g_assert_true (qw_list_order_from_code ("stroke", &order));
  g_assert_cmpint (order, ==, QW_LIST_ORDER_STROKE);
  g_assert_false (qw_list_order_from_code ("height", &order));
  g_assert_cmpint (qw_desk_list_order (doc), ==, QW_LIST_ORDER_NUMBER);
  qw_document_enable_history (doc);
  g_assert_true (qw_desk_set_list_order (doc, QW_LIST_ORDER_STROKE, &error));
  g_assert_no_error (error);
  g_assert_cmpint (qw_desk_list_order (doc), ==, QW_LIST_ORDER_STROKE);
  g_assert_true (qw_history_undo (qw_document_get_history (doc), NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (qw_desk_list_order (doc), ==, QW_LIST_ORDER_NUMBER);

  qw_entries_sort_for_list (entries, QW_LIST_ORDER_STROKE);
  for (guint i = 0; i < G_N_ELEMENTS (strokes); i++)
    g_assert_cmpstr (((QwEntry *) entries->pdata[i])->name, ==, strokes[i]);
  qw_entries_sort_for_list (entries, QW_LIST_ORDER_PINYIN);
  for (guint i = 0; i < G_N_ELEMENTS (pinyin); i++)
    g_assert_cmpstr (((QwEntry *) entries->pdata[i])->name, ==, pinyin[i]);
  qw_entries_sort_for_list (entries, QW_LIST_ORDER_NUMBER);
  g_assert_cmpstr (((QwEntry *) entries->pdata[0])->name, ==, "蔡明");
}

typedef struct
{
  GString *texts;
} Collected;

static void
collect_text (const QwPrintTextInfo *info,
              gpointer               user_data)
{
  g_string_append_printf (((Collected *) user_data)->texts, "%s\n", info->text);
}

/* The booklet's player list follows the document's list order. */
static void
test_booklet_order (void)
{
  g_autoptr(QwEvent) event = NULL;
  g_autoptr(QwDocument) doc = new_stop ("booklet.qiwang", &event);
  const char *names[] = { "蔡明", "赵一", "丁二", "李三", "王四", NULL };
  g_autoptr(GPtrArray) entries = add_players (doc, event, names);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwPrintout) printout = NULL;
  g_autoptr(GString) texts = g_string_new (NULL);
  Collected collected = { texts };
  QwPrintOptions options = { 0 };
  const char *at[5];

  g_assert_true (qw_desk_set_list_order (doc, QW_LIST_ORDER_STROKE, &error));
  printout = qw_print_document (doc, QW_PRINT_BOOKLET, &options, NULL, &error);
  g_assert_no_error (error);
  for (guint page = 0; page < qw_printout_get_n_pages (printout); page++)
    qw_printout_foreach_text (printout, page, collect_text, &collected);
  /* In the 参赛名单, before the round-1 pairings (none here). */
  for (guint i = 0; i < 5; i++)
    {
      static const char *strokes[] = { "丁二", "王四", "李三", "赵一", "蔡明" };
      g_autofree char *line = g_strdup_printf ("\n%s\n", strokes[i]);

      at[i] = strstr (texts->str, line);
      g_assert_nonnull (at[i]);
      if (i > 0)
        g_assert_true (at[i] > at[i - 1]);
    }
}

/* ---- CSV for Excel ----------------------------------------------------- */

static void
test_csv_fields (void)
{
  static const struct { const char *in, *out; } cases[] = {
    { "王五", "王五" },
    { "=SUM(A1)", "'=SUM(A1)" },
    { "+86 138", "'+86 138" },
    { "@x", "'@x" },
    { "-2+3", "'-2+3" },
    { "-12", "-12" },
    { "-1.5", "-1.5" },
    { "a,b", "\"a,b\"" },
    { "=a,b", "\"'=a,b\"" },
    { "", "" },
  };
  g_autofree char *path = g_build_filename (tmp_dir, "kinds.xlsx", NULL);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GString) out = g_string_new (NULL);

      qw_csv_append_field (out, cases[i].in, ',');
      g_assert_cmpstr (out->str, ==, cases[i].out);
    }
  {
    g_autoptr(GString) out = g_string_new (NULL);

    qw_csv_append_id_field (out, "441381199001011234", ',');
    g_assert_cmpstr (out->str, ==, "\"441381199001011234\t\"");
    g_string_truncate (out, 0);
    qw_csv_append_id_field (out, "44138119900101123X", ',');
    g_assert_cmpstr (out->str, ==, "44138119900101123X");
    g_string_truncate (out, 0);
    qw_csv_append_id_field (out, "13800000000", ',');
    g_assert_cmpstr (out->str, ==, "13800000000");
  }
  /* Told by the first bytes, not the name. */
  g_assert_true (g_file_set_contents (path, "姓名\r\n王五\r\n", -1, NULL));
  g_assert_cmpint (qw_spreadsheet_kind_of (path), ==, QW_SPREADSHEET_CSV);
  g_assert_true (g_file_set_contents (path, "PK\x03\x04rest", 8, NULL));
  g_assert_cmpint (qw_spreadsheet_kind_of (path), ==, QW_SPREADSHEET_XLSX);
  g_assert_true (g_file_set_contents (path, "\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1", 8, NULL));
  g_assert_cmpint (qw_spreadsheet_kind_of (path), ==, QW_SPREADSHEET_XLS);
}

/* ---- a group's own points ---------------------------------------------- */

static void
test_section_scores (void)
{
  double scores[QW_N_SCORES];
  g_autoptr(QwSection) section = qw_section_new ();
  g_autoptr(QwRuleset) ruleset = qw_test_ruleset ();
  g_autofree char *plain = NULL, *own = NULL;
  g_autoptr(GError) error = NULL;
  double red, black;

  g_assert_true (qw_scores_parse ("W=1,D=0.5,L=0", scores, NULL));
  g_assert_cmpfloat (scores[QW_SCORE_BLACK_DRAW], ==, 0.5);
  g_assert_cmpfloat (scores[QW_SCORE_BYE], ==, 1);
  g_assert_cmpfloat (scores[QW_SCORE_FORFEIT_LOSS], ==, 0);
  g_assert_true (qw_scores_parse ("W=3,D=1,L=0,A=-1,P=2", scores, NULL));
  g_assert_cmpfloat (scores[QW_SCORE_FORFEIT_LOSS], ==, -1);
  g_assert_cmpfloat (scores[QW_SCORE_FORFEIT_WIN], ==, 3);
  g_assert_cmpfloat (scores[QW_SCORE_BYE], ==, 2);
  g_assert_false (qw_scores_parse ("W=1,D=0.5", scores, NULL));
  g_assert_false (qw_scores_parse ("W=1,D=x,L=0", scores, NULL));
  g_assert_false (qw_scores_parse ("Q=1,W=1,D=0,L=0", scores, NULL));

  /* Written only when set: a group without its own reads as before. */
  plain = qw_section_settings_to_text (&section->settings);
  g_assert_null (strstr (plain, "scores"));
  qw_section_result_points (ruleset, section, QW_RESULT_RED_WIN, &red, &black);
  g_assert_cmpfloat (red, ==, 2);
  g_assert_false (qw_section_settings_set_stored (&section->settings, "scores", "W=1", &error));
  g_clear_error (&error);
  g_assert_true (qw_section_settings_set_stored (&section->settings, "scores", "W=1,D=0.5,L=0", &error));
  own = qw_section_settings_to_text (&section->settings);
  g_assert_nonnull (strstr (own, "scores=W=1,D=0.5,L=0\n"));
  qw_section_result_points (ruleset, section, QW_RESULT_DRAW, &red, &black);
  g_assert_cmpfloat (red, ==, 0.5);
  g_assert_cmpfloat (black, ==, 0.5);
  qw_section_result_points (ruleset, section, QW_RESULT_BYE, &red, &black);
  g_assert_cmpfloat (red, ==, 1);
  {
    g_autoptr(QwSection) read = qw_section_new ();

    qw_section_settings_parse (&read->settings, own);
    g_assert_cmpstr (read->settings.scores, ==, "W=1,D=0.5,L=0");
  }
}

/* ---- rounds typed in --------------------------------------------------- */

static gint64
id_of (GPtrArray *entries,
       int        no)
{
  for (guint i = 0; i < entries->len; i++)
    if (((QwEntry *) entries->pdata[i])->no == no)
      return ((QwEntry *) entries->pdata[i])->id;
  g_assert_not_reached ();
}

static void
test_pair_manual (void)
{
  g_autoptr(QwEvent) event = NULL;
  g_autoptr(QwDocument) doc = new_stop ("manual.qiwang", &event);
  const char *names[] = { "甲", "乙", "丙", "丁", "戊", NULL };
  g_autoptr(GPtrArray) added = add_players (doc, event, names);
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(QwSection) section = NULL;
  g_autoptr(GPtrArray) rules = NULL;
  g_auto(QwPairOutcome) outcome = { 0 };
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(GError) error = NULL;
  QwManualBoard boards[3];
  QwHistory *history;
  int round;

  section = qw_tournament_lookup_section (doc, event, "open-m", &error);
  g_assert_no_error (error);
  entries = qw_document_list_section_entries (doc, section, &error);
  boards[0] = (QwManualBoard) { id_of (entries, 1), id_of (entries, 2) };
  boards[1] = (QwManualBoard) { id_of (entries, 3), id_of (entries, 4) };
  boards[2] = (QwManualBoard) { id_of (entries, 5), 0 };

  /* A player on two boards cannot be a round. */
  {
    QwManualBoard twice[] = { boards[0], { id_of (entries, 2), id_of (entries, 3) } };

    g_assert_null (qw_tournament_check_manual (doc, section, twice, 2, &error));
    g_assert_error (error, QW_ERROR, QW_ERROR_INVALID);
    g_clear_error (&error);
  }
  /* Left out: checked, nothing written. */
  rules = qw_tournament_check_manual (doc, section, boards, 2, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (rules->len, ==, 1);
  g_assert_nonnull (strstr (g_ptr_array_index (rules, 0), "戊"));
  g_assert_cmpint (qw_tournament_pair_manual (doc, section, boards, 2, FALSE, &outcome, &error), ==, 0);
  g_assert_error (error, QW_ERROR, QW_ERROR_BLOCKED);
  g_clear_error (&error);
  g_assert_cmpuint (outcome.broken->len, ==, 1);
  g_assert_cmpint (qw_document_last_round (doc, section->id), ==, 0);
  qw_pair_outcome_clear (&outcome);

  /* Round 1 as given, one step: it fixes the draw; undo takes all of it back. */
  qw_document_enable_history (doc);
  history = qw_document_get_history (doc);
  round = qw_tournament_pair_manual (doc, section, boards, 3, FALSE, &outcome, &error);
  g_assert_no_error (error);
  g_assert_cmpint (round, ==, 1);
  g_assert_cmpuint (outcome.broken->len, ==, 0);
  g_assert_cmpuint (section->id, ==, 0);
  qw_section_free (section);
  section = g_steal_pointer (&outcome.section);
  g_assert_cmpuint (section->id, !=, 0);
  g_assert_cmpstr (section->settings.draw, !=, "");
  g_assert_cmpstr (qw_history_get_undo_label (history), ==, "Round 1 paired by hand");
  games = qw_document_list_round_games (doc, section->id, 1, &error);
  g_assert_cmpuint (games->len, ==, 3);
  g_assert_cmpint (((QwGame *) games->pdata[2])->black, ==, 0);
  g_assert_cmpint (((QwGame *) games->pdata[2])->result, ==, QW_RESULT_BYE);
  g_assert_true (((QwGame *) games->pdata[0])->manual);
  g_assert_true (qw_history_undo (history, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (qw_document_last_round (doc, section->id), ==, 0);

  /* The pairing gate: a master of sport is paired only with --force, and is then allowed. */
  {
    g_autoptr(QwEntry) strong = qw_entry_copy (g_ptr_array_index (entries, 0));
    g_autoptr(GPtrArray) gate = NULL;
    g_autoptr(QwSection) fresh = qw_tournament_lookup_section (doc, event, "open-m", NULL);

    g_free (strong->grade);
    strong->grade = g_strdup ("国家大师");
    g_assert_true (qw_document_update_entry (doc, strong, &error));
    g_clear_pointer (&rules, g_ptr_array_unref);
    rules = qw_tournament_check_manual (doc, fresh, boards, 3, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (rules->len, ==, 1);
    g_assert_cmpint (qw_tournament_pair_manual (doc, fresh, boards, 3, TRUE, NULL, &error), ==, 1);
    g_assert_no_error (error);
    gate = qw_pair_gate_list (doc, fresh, &error);
    g_assert_cmpuint (qw_pair_gate_count_blocked (gate), ==, 0);
  }
}

/* ---- TRF --------------------------------------------------------------- */

static const char *half_bye =
  "012 Half\r\n"
  "142 2\r\n"
  "162  W 1.0    D 0.5    L 0.0\r\n"
  "001    1      A                                                                  1.5    1     2 w 1  0000 - H\r\n"
  "001    2      B                                                                  1.0    2     1 b 0     3 w 1\r\n"
  "001    3      C                                                                  0.0    3  0000 - Z     2 b 0\r\n";

static void
test_trf_import (void)
{
  g_autoptr(QwEvent) event = NULL;
  g_autoptr(QwDocument) doc = new_stop ("trf.qiwang", &event);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwTrf) trf = qw_trf_parse (half_bye, strlen (half_bye), &error);
  g_autoptr(QwTrfImport) import = NULL;
  g_autoptr(QwTrfImport) again = NULL;
  g_autoptr(QwRuleset) ruleset = qw_test_ruleset ();
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(GPtrArray) absences = NULL;
  g_autoptr(GPtrArray) rows = NULL;
  g_autoptr(QwTrf) out = NULL;
  g_autofree char *text = NULL;

  g_assert_no_error (error);
  import = qw_trf_import_group (doc, event, trf, "local", &error);
  g_assert_no_error (error);
  g_assert_cmpint (import->players, ==, 3);
  g_assert_cmpint (import->games, ==, 2);
  g_assert_cmpint (import->section->system, ==, QW_SYSTEM_SWISS);
  g_assert_cmpstr (import->section->settings.scores, ==, "W=1,D=0.5,L=0,A=0,P=1");
  g_assert_cmpstr (import->section->settings.seeding, ==, "order");
  entries = qw_document_list_section_entries (doc, import->section, &error);
  games = qw_document_list_games (doc, import->section->id, &error);
  absences = qw_document_list_absences (doc, import->section->id, &error);
  g_assert_cmpuint (entries->len, ==, 3);
  g_assert_cmpuint (games->len, ==, 2);
  g_assert_cmpuint (absences->len, ==, 2);
  rows = qw_standings_compute_with_absences (ruleset, import->section, entries, games, absences, 0);
  /* A's half-point bye is half a point under the file's 162. */
  g_assert_cmpfloat (((QwStandingRow *) rows->pdata[0])->points, ==, 1.5);
  g_assert_cmpstr (((QwStandingRow *) rows->pdata[0])->name, ==, "A");

  /* Out again: H and Z as they came. */
  out = qw_trf_from_group (doc, event, import->section, NULL, &error);
  g_assert_no_error (error);
  text = qw_trf_write (out);
  g_assert_nonnull (strstr (text, "0000 - H"));
  g_assert_nonnull (strstr (text, "0000 - Z"));
  g_assert_nonnull (strstr (text, "162  W 1.0    D 0.5    L 0.0"));

  /* The same group again, or a code that is none: refused, nothing written. */
  again = qw_trf_import_group (doc, event, trf, "local", &error);
  g_assert_null (again);
  g_assert_error (error, QW_ERROR, QW_ERROR_CONFLICT);
  g_clear_error (&error);
  g_assert_null (qw_trf_import_group (doc, event, trf, "two words", &error));
  g_assert_error (error, QW_ERROR, QW_ERROR_INVALID);
  g_clear_error (&error);
  g_clear_pointer (&entries, g_ptr_array_unref);
  entries = qw_document_list_entries (doc, event->id, &error);
  g_assert_cmpuint (entries->len, ==, 3);
}

/* Issue 19 point 20: the old TRF-16 forms of the unpaired rounds carry their
 * points, as FIDE's TRF description and bbpPairings' reader score them:
 * "0000 - +" the pairing-allocated bye (a published TRF-16 writes it so),
 * "0000 - =" a half-point bye, "0000 - -" a zero-point bye, beside the newer
 * U, F, H and Z. Three players, one unpaired each round, scored 2-1-0: the
 * standings give each the points the file's 81-84 columns give. */
static const char *old_byes =
  "012 Old byes\r\n"
  "142 7\r\n"
  "162  W 2.0    D 1.0    L 0.0\r\n"
  "001    1      A                                                                  8.0    1     2 w 1  0000 - =     3 w 0     2 w =  0000 - F     3 w 1     2 w 0\r\n"
  "001    2      B                                                                  7.0    2     1 b 0     3 w =  0000 - -     1 b =     3 w 1  0000 - H     1 b 1\r\n"
  "001    3      C                                                                  7.0    3  0000 - +     2 b =     1 b 1  0000 - U     2 b 0     1 b 0  0000 - Z\r\n";

static void
test_trf_old_byes (void)
{
  g_autoptr(QwEvent) event = NULL;
  g_autoptr(QwDocument) doc = new_stop ("trf-old.qiwang", &event);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwTrf) trf = qw_trf_parse (old_byes, strlen (old_byes), &error);
  g_autoptr(QwTrfImport) import = NULL;
  g_autoptr(QwRuleset) ruleset = qw_test_ruleset ();
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(GPtrArray) absences = NULL;
  g_autoptr(GPtrArray) rows = NULL;
  guint byes = 0;

  g_assert_no_error (error);
  /* The file's own sums: "0000 - +" is the bye's points (P, here W's). */
  for (guint i = 0; i < trf->players->len; i++)
    {
      const QwTrfPlayer *p = g_ptr_array_index (trf->players, i);

      g_assert_cmpint (qw_trf_player_points (trf, p), ==, p->points10);
    }
  import = qw_trf_import_group (doc, event, trf, "old", &error);
  g_assert_no_error (error);
  for (guint i = 0; i < import->warnings->len; i++)
    g_assert_null (strstr (g_ptr_array_index (import->warnings, i), "the file gives"));
  entries = qw_document_list_section_entries (doc, import->section, &error);
  games = qw_document_list_games (doc, import->section->id, &error);
  absences = qw_document_list_absences (doc, import->section->id, &error);
  for (guint i = 0; i < games->len; i++)
    byes += ((QwGame *) games->pdata[i])->result == QW_RESULT_BYE;
  /* The byes: "0000 - +" (C, round 1), U (C, round 4), F (A, round 5). */
  g_assert_cmpuint (byes, ==, 3);
  rows = qw_standings_compute_with_absences (ruleset, import->section, entries, games, absences, 0);
  g_assert_cmpuint (rows->len, ==, 3);
  for (guint i = 0; i < rows->len; i++)
    {
      const QwStandingRow *row = rows->pdata[i];
      double expected = g_str_equal (row->name, "A") ? 8 : 7;

      g_assert_cmpfloat (row->points, ==, expected);
    }
}

/* ---- the national document --------------------------------------------- */

static QwNomineeList *
region_list (const char *region,
             const char *id)
{
  QwNomineeList *list = qw_nominee_list_new ();
  QwNominee *n = qw_nominee_new ();

  list->region = g_strdup (region);
  list->ruleset = g_strdup ("qiwang-2021");
  list->tier = g_strdup ("B");
  list->final_name = g_strdup ("省决赛");
  n->region = g_strdup (region);
  n->line = g_strdup ("senior");
  n->line_label = g_strdup ("");
  n->group_code = g_strdup ("senior-f");
  n->group_name = g_strdup ("老年组女子");
  n->rank = 1;
  n->name = g_strdup ("王五");
  n->sex = QW_SEX_FEMALE;
  n->birth = g_strdup ("1949-12-31");
  n->id_number = g_strdup (id);
  n->unit = g_strdup ("北京象棋协会");
  n->reason = g_strdup ("第1名");
  g_ptr_array_add (list->nominees, n);
  return list;
}

static void
test_national (void)
{
  g_autofree char *path = g_build_filename (tmp_dir, "national.qiwang", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = qw_document_create (path, QW_DOCUMENT_NATIONAL, &error);
  g_autoptr(QwNomineeList) gd = region_list ("广东", "11010519491231002X");
  g_autoptr(QwNomineeList) gx = region_list ("广西", "11010519491231002x");
  g_autoptr(QwNomineeList) national = NULL;
  g_autoptr(QwNomineeList) read = NULL;
  g_autofree char *xml = NULL, *csv = NULL;
  const QwNominee *n;

  g_assert_no_error (error);
  g_assert_true (qw_national_import_nominees (doc, gd, NULL, &error));
  g_assert_true (qw_national_import_nominees (doc, gx, NULL, &error));
  g_assert_no_error (error);
  national = qw_national_nominees (doc, &error);
  g_assert_no_error (error);
  g_assert_true (national->national);
  g_assert_cmpuint (national->nominees->len, ==, 2);
  n = g_ptr_array_index (national->nominees, 1);
  g_assert_cmpstr (n->region, ==, "广西");
  g_assert_cmpstr (n->line, ==, "senior");
  /* The file gives the line's code; the ruleset its label. */
  g_assert_cmpstr (n->line_label, ==, "老年组");
  g_assert_cmpstr (n->group_name, ==, "老年组女子");
  g_assert_cmpstr (n->duplicate, ==, "广东、广西");

  xml = qw_nominees_to_xml (national, NULL, &error);
  g_assert_no_error (error);
  read = qw_nominees_read_memory (xml, strlen (xml), "national.xml", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (read->region, ==, "全国");
  g_assert_cmpstr (((QwNominee *) read->nominees->pdata[0])->region, ==, "广东");
  g_assert_cmpstr (((QwNominee *) read->nominees->pdata[1])->region, ==, "广西");
  g_assert_cmpstr (((QwNominee *) read->nominees->pdata[1])->duplicate, ==, "广东、广西");
  csv = qw_nominees_to_csv (national, TRUE);
  g_assert_nonnull (strstr (csv, "\r\n广西,老年组,老年组女子,1,王五,女,110105********002X,北京象棋协会,第1名,广东、广西\r\n"));
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  tmp_dir = qw_test_make_tmp_dir ("qiwang-formats-XXXXXX");
  g_test_add_func ("/formats/column-maps", test_column_maps);
  g_test_add_func ("/formats/preview", test_preview);
  g_test_add_func ("/formats/desk-settings", test_desk_settings);
  g_test_add_func ("/formats/booklet-order", test_booklet_order);
  g_test_add_func ("/formats/csv-fields", test_csv_fields);
  g_test_add_func ("/formats/section-scores", test_section_scores);
  g_test_add_func ("/formats/pair-manual", test_pair_manual);
  g_test_add_func ("/formats/trf-import", test_trf_import);
  g_test_add_func ("/formats/trf-old-byes", test_trf_old_byes);
  g_test_add_func ("/formats/national", test_national);
  status = g_test_run ();
  qw_test_remove_tree (tmp_dir);
  g_free (tmp_dir);
  return status;
}
