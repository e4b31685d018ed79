/* test-ui-formats.c: Excel lists and typed-in rounds in the GUI (issue 11)
 *
 * A workbook (written with the core's xlsx writer) whose first sheet is a
 * note and whose second holds the list under a header Qiwang does not know:
 * the column-mapping dialog opens, the sheet is chosen and the columns
 * mapped, the list imports as one undoable step, and a CSV with the same
 * header then imports without asking (the map is remembered). Round 1 of
 * the group is typed in clean; round 2 is typed in with a box naming nobody
 * (an error), then with a rematch (one warning), recorded past it, and
 * found in the document, its history and its round log.
 *
 * Writes column-mapping.png and manual-pairing.png into the build directory.
 * Needs a display (run under Xvfb, in zh_CN).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>

#include "qw-board-item.h"
#include "qw-column-map-dialog.h"
#include "qw-desk-settings.h"
#include "qw-entries-page.h"
#include "qw-entry-item.h"
#include "qw-file-exports.h"
#include "qw-manual-pairing-dialog.h"
#include "qw-tournament.h"
#include "qw-rounds-page.h"
#include "qw-window.h"
#include "qw-spreadsheet.h"
#include "qw-xlsx-writer.h"
#include "qw-date.h"
#include "qw-document-entries.h"
#include "qw-document-play.h"
#include "qw-entry.h"
#include "qw-event.h"
#include "qw-test-documents.h"
#include "qw-test-window.h"
#include "ui-wait.h"

static char *tmp_dir;

#define GROUP "open-m"

/* The list under a header Qiwang does not know: 参赛者 (the name), 证件
 * (the ID number), 所属 (the unit); 生日 is a birth date it does not know
 * either, and 备注 is left out. */
static const char *header[] = { "编号", "参赛者", "证件", "生日", "所属", "备注", NULL };
static const char *rows[][7] = {
  { "1", "陈志强", "441323198503121016", "1985/3/12", "惠东县象棋协会", "", NULL },
  { "2", "李国华", "441323199007211113", "1990/7/21", "平山街道文化站", "", NULL },
  { "3", "王建军", "441323197811051211", "1978/11/5", "惠东县象棋协会", "老会员", NULL },
  { "4", "张伟", "441323199201301315", "1992/1/30", "惠州市棋院", "", NULL },
  { "5", "刘德明", "44132319880817141X", "1988/8/17", "平山街道文化站", "", NULL },
  { "6", "黄晓东", "441323199504021513", "1995/4/2", "惠州市棋院", "", NULL },
  { "7", "赵永年", "441323198309091618", "1983/9/9", "惠东县象棋协会", "", NULL },
  { "8", "周文华", "441323199106141712", "1991/6/14", "惠州市棋院", "请假一天", NULL },
};

static char *
fresh_stop (const char *name)
{
  g_autoptr(QwEvent) event = qw_event_new ();

  event->name = g_strdup ("2021年第六届全国象棋业余棋王赛广东赛区惠州市惠东县平山街道预选赛");
  event->region = g_strdup ("广东");
  event->place_city = g_strdup ("惠州市");
  event->place_county = g_strdup ("惠东县");
  event->host = g_strdup ("惠东县平山街道文化站");
  event->start_date = qw_date_make (2021, 7, 10);
  event->end_date = qw_date_make (2021, 7, 11);
  event->rounds = 5;
  return qw_test_stop_document (tmp_dir, name, event);
}

/* The workbook: a note on sheet 1, the list on sheet 2 (the first 7 rows). */
static char *
write_workbook (void)
{
  g_autoptr(GError) error = NULL;
  char *path = g_build_filename (tmp_dir, "惠东报名表.xlsx", NULL);
  g_autoptr(QwXlsxWriter) writer = qw_xlsx_writer_new (path);
  static const char *note_header[] = { "说明", NULL };
  static const char *note[] = { "报名截止 7月5日，名单见下一页", NULL };
  QwXlsxColumn columns[6] = { QW_XLSX_COLUMN_NUMBER };

  g_assert_nonnull (qw_xlsx_writer_add_sheet (writer, "说明", note_header, columns, &error));
  g_assert_true (qw_xlsx_writer_add_row (writer, note, &error));
  g_assert_nonnull (qw_xlsx_writer_add_sheet (writer, "报名", header, columns, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < 7; i++)
    g_assert_true (qw_xlsx_writer_add_row (writer, rows[i], &error));
  g_assert_true (qw_xlsx_writer_close (writer, &error));
  g_assert_no_error (error);
  return path;
}

/* The same header as CSV, every row: the eighth is new. */
static char *
write_csv (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) text = g_string_new (NULL);
  char *path = g_build_filename (tmp_dir, "惠东报名表-补报.csv", NULL);
  g_autofree char *joined = g_strjoinv (",", (char **) header);

  g_string_append_printf (text, "%s\n", joined);
  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autofree char *row = g_strjoinv (",", (char **) rows[i]);

      g_string_append_printf (text, "%s\n", row);
    }
  g_assert_true (g_file_set_contents (path, text->str, -1, &error));
  return path;
}

static GPtrArray *
stored_entries (QwWindow *window)
{
  g_autoptr(GError) error = NULL;
  const QwEvent *event = qw_document_context_get_event (qw_window_get_context (window));
  GPtrArray *entries = qw_document_list_entries (qw_window_get_document (window), event->id, &error);

  g_assert_no_error (error);
  return entries;
}

static const QwEntry *
entry_named (GPtrArray  *entries,
             const char *name)
{
  for (guint i = 0; i < entries->len; i++)
    if (g_str_equal (((QwEntry *) g_ptr_array_index (entries, i))->name, name))
      return g_ptr_array_index (entries, i);
  return NULL;
}

static const char *
undo_label (QwWindow *window)
{
  return qw_history_get_undo_label (qw_document_get_history (qw_window_get_document (window)));
}

static void
close_report (const char *says)
{
  GtkWindow *report = qw_test_wait_toplevel (ADW_TYPE_MESSAGE_DIALOG);

  g_assert_cmpstr (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (report)), ==, _("Registration List Imported"));
  if (says != NULL)
    g_assert_nonnull (strstr (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (report)), says));
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (report), "close");
  qw_test_close_toplevels (ADW_TYPE_MESSAGE_DIALOG);
}

/* Whether a label under @widget shows @text. */
static gboolean
shows_text (GtkWidget  *widget,
            const char *text)
{
  if (GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0)
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (shows_text (child, text))
      return TRUE;
  return FALSE;
}

/* Part 1: the column-mapping dialog. */
static void
walk_column_mapping (QwWindow      *window,
                     QwEntriesPage *page)
{
  g_autofree char *xlsx = write_workbook ();
  g_autofree char *csv = write_csv ();
  g_autoptr(GFile) xlsx_file = g_file_new_for_path (xlsx);
  g_autoptr(GFile) csv_file = g_file_new_for_path (csv);
  g_autoptr(GPtrArray) entries = NULL;
  QwColumnMapDialog *dialog;
  QwColumnMap map;
  const QwEntry *e;

  qw_entries_page_import_file (page, xlsx_file);
  qw_test_wait_false (page, "busy");
  dialog = QW_COLUMN_MAP_DIALOG (qw_test_wait_toplevel (QW_TYPE_COLUMN_MAP_DIALOG));
  /* The note sheet is shown first: no 姓名, nothing to import. */
  g_assert_cmpuint (qw_column_map_dialog_get_n_sheets (dialog), ==, 2);
  g_assert_false (qw_column_map_dialog_can_import (dialog));
  g_assert_false (gtk_widget_activate_action (GTK_WIDGET (dialog), "column-map.import", NULL)
                  && qw_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG) != NULL);
  g_assert_true (qw_column_map_dialog_set_sheet (dialog, 2));
  g_assert_cmpstr (qw_column_map_dialog_get_header (dialog)[1], ==, "参赛者");
  g_assert_false (qw_column_map_dialog_can_import (dialog));
  g_assert_true (qw_column_map_dialog_set_field (dialog, 1, QW_ENTRY_FIELD_NAME));
  g_assert_true (qw_column_map_dialog_set_field (dialog, 2, QW_ENTRY_FIELD_ID));
  g_assert_true (qw_column_map_dialog_set_field (dialog, 3, QW_ENTRY_FIELD_BIRTH));
  g_assert_true (qw_column_map_dialog_set_field (dialog, 4, QW_ENTRY_FIELD_UNIT));
  /* A field is one column's: choosing 单位 for 备注 takes it from 所属, and back. */
  g_assert_true (qw_column_map_dialog_set_field (dialog, 5, QW_ENTRY_FIELD_UNIT));
  qw_column_map_dialog_get_map (dialog, &map);
  g_assert_cmpint (map.column[QW_ENTRY_FIELD_UNIT], ==, 5);
  g_assert_true (qw_column_map_dialog_set_field (dialog, 4, QW_ENTRY_FIELD_UNIT));
  qw_column_map_dialog_get_map (dialog, &map);
  g_assert_cmpint (map.column[QW_ENTRY_FIELD_UNIT], ==, 4);
  g_assert_true (qw_column_map_dialog_can_import (dialog));
  /* The preview is not an editing field: its ID numbers are masked. */
  g_assert_false (shows_text (GTK_WIDGET (dialog), "441323198503121016"));
  g_assert_true (shows_text (GTK_WIDGET (dialog), "441323********1016"));
  qw_test_screenshot (GTK_WIDGET (dialog), "column-mapping.png");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "column-map.import", NULL));
  close_report (NULL);
  g_assert_null (qw_test_find_toplevel (QW_TYPE_COLUMN_MAP_DIALOG));
  qw_test_wait_items (qw_entries_page_get_model (page), 7);

  /* In the document, through the core: the mapped fields, sex from the ID number. */
  entries = stored_entries (window);
  g_assert_cmpuint (entries->len, ==, 7);
  e = entry_named (entries, "王建军");
  g_assert_nonnull (e);
  g_assert_cmpstr (e->id_number, ==, "441323197811051211");
  g_assert_cmpstr (e->birth, ==, "1978-11-05");
  g_assert_cmpstr (e->unit, ==, "惠东县象棋协会");
  g_assert_cmpint (e->sex, ==, QW_SEX_MALE);
  g_clear_pointer (&entries, g_ptr_array_unref);

  /* One step of the history: undone, the list is gone; redone, it is back. */
  g_assert_nonnull (undo_label (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  qw_test_wait_items (qw_entries_page_get_model (page), 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  qw_test_wait_items (qw_entries_page_get_model (page), 7);

  /* The map is remembered for the header set: the CSV with the same header
   * imports without asking, merging (7 unchanged, 1 added). */
  {
    QwColumnMap remembered;

    g_assert_cmpint (qw_desk_columns_for (qw_window_get_document (window), header, NULL, &remembered), ==,
                     QW_COLUMNS_REMEMBERED);
    g_assert_cmpint (remembered.column[QW_ENTRY_FIELD_NAME], ==, 1);
    g_assert_cmpint (remembered.column[QW_ENTRY_FIELD_ID], ==, 2);
  }
  qw_entries_page_import_file (page, csv_file);
  qw_test_wait_false (page, "busy");
  close_report ("姓名=B、出生日期=D、身份证号=C、单位=E");
  g_assert_null (qw_test_find_toplevel (QW_TYPE_COLUMN_MAP_DIALOG));
  qw_test_wait_items (qw_entries_page_get_model (page), 8);
  entries = stored_entries (window);
  g_assert_nonnull (entry_named (entries, "周文华"));
}

static int
no_of (GPtrArray  *entries,
       const char *name)
{
  return entry_named (entries, name)->no;
}

static char *
no_text (GPtrArray  *entries,
         const char *name)
{
  return g_strdup_printf ("%d", no_of (entries, name));
}

static void
type_board (QwManualPairingDialog *dialog,
            GPtrArray             *entries,
            guint                  board,
            const char            *red,
            const char            *black)
{
  g_autofree char *r = no_text (entries, red);
  g_autofree char *b = black != NULL ? no_text (entries, black) : g_strdup ("轮空");

  g_assert_true (qw_manual_pairing_dialog_set_board (dialog, board, r, b));
}

static void
enter_results (QwRoundsPage *rounds)
{
  GListModel *boards = qw_rounds_page_get_boards (rounds);
  guint n = g_list_model_get_n_items (boards);

  qw_rounds_page_select_board (rounds, 0);
  for (guint i = 0; i < n; i++)
    g_assert_true (qw_rounds_page_key_result (rounds, i % 2 == 0 ? GDK_KEY_1 : GDK_KEY_2));
}

/* Part 2: rounds typed in. */
static void
walk_manual_pairing (QwWindow     *window,
                     QwRoundsPage *rounds)
{
  g_autoptr(GPtrArray) entries = stored_entries (window);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwSection) section = NULL;
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(GPtrArray) log = NULL;
  g_autofree char *label = NULL;
  QwManualPairingDialog *dialog;
  GPtrArray *warnings;
  gboolean logged = FALSE;

  qw_window_show_page (window, "rounds");
  qw_test_wait_mapped (GTK_WIDGET (rounds));
  g_assert_true (qw_rounds_page_select_group (rounds, GROUP));
  g_assert_cmpint (qw_rounds_page_get_round (rounds), ==, 0);

  /* Round 1, clean: four boards. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (rounds), "rounds.pair-manual", NULL));
  dialog = QW_MANUAL_PAIRING_DIALOG (qw_test_wait_toplevel (QW_TYPE_MANUAL_PAIRING_DIALOG));
  g_assert_cmpuint (qw_manual_pairing_dialog_get_n_boards (dialog), ==, 4);
  g_assert_false (qw_manual_pairing_dialog_can_record (dialog));
  type_board (dialog, entries, 0, "陈志强", "李国华");
  type_board (dialog, entries, 1, "王建军", "张伟");
  type_board (dialog, entries, 2, "刘德明", "黄晓东");
  type_board (dialog, entries, 3, "赵永年", "周文华");
  warnings = qw_manual_pairing_dialog_get_warnings (dialog);
  g_assert_nonnull (warnings);
  for (guint i = 0; i < warnings->len; i++)
    g_test_message ("round 1: %s", (char *) g_ptr_array_index (warnings, i));
  g_assert_cmpuint (warnings->len, ==, 0);
  g_assert_true (qw_manual_pairing_dialog_can_record (dialog));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "manual.record", NULL));
  g_assert_null (qw_test_find_toplevel (QW_TYPE_MANUAL_PAIRING_DIALOG));
  g_assert_cmpint (qw_rounds_page_get_round (rounds), ==, 1);
  label = g_strdup_printf (_("Round %d paired by hand"), 1);
  g_assert_cmpstr (undo_label (window), ==, label);
  g_clear_pointer (&label, g_free);
  enter_results (rounds);

  /* Round 2: a number nobody has is an error, then a rematch is the one warning. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (rounds), "rounds.pair-manual", NULL));
  dialog = QW_MANUAL_PAIRING_DIALOG (qw_test_wait_toplevel (QW_TYPE_MANUAL_PAIRING_DIALOG));
  g_assert_true (qw_manual_pairing_dialog_set_board (dialog, 0, "99", "1"));
  g_assert_false (qw_manual_pairing_dialog_can_record (dialog));
  /* A part of one name is enough (德: 刘德明); 华 is in two (李国华, 周文华). */
  g_assert_true (qw_manual_pairing_dialog_set_board (dialog, 0, "德", "志强"));
  g_assert_cmpuint (qw_manual_pairing_dialog_get_boards (dialog)->len, ==, 1);
  g_assert_cmpint (g_array_index (qw_manual_pairing_dialog_get_boards (dialog), QwManualBoard, 0).red, ==,
                   entry_named (entries, "刘德明")->id);
  g_assert_true (qw_manual_pairing_dialog_set_board (dialog, 0, "华", "1"));
  g_assert_false (qw_manual_pairing_dialog_can_record (dialog));
  g_assert_cmpuint (qw_manual_pairing_dialog_get_boards (dialog)->len, ==, 0);
  type_board (dialog, entries, 0, "李国华", "陈志强");     /* met in round 1 */
  type_board (dialog, entries, 1, "张伟", "刘德明");
  type_board (dialog, entries, 2, "黄晓东", "赵永年");
  type_board (dialog, entries, 3, "周文华", "王建军");
  warnings = qw_manual_pairing_dialog_get_warnings (dialog);
  g_assert_nonnull (warnings);
  for (guint i = 0; i < warnings->len; i++)
    g_test_message ("round 2: %s", (char *) g_ptr_array_index (warnings, i));
  g_assert_cmpuint (warnings->len, ==, 1);
  g_assert_nonnull (strstr (g_ptr_array_index (warnings, 0), "陈志强"));
  g_assert_false (qw_manual_pairing_dialog_can_record (dialog));
  qw_manual_pairing_dialog_set_force (dialog, TRUE);
  g_assert_true (qw_manual_pairing_dialog_can_record (dialog));
  qw_manual_pairing_dialog_set_force (dialog, FALSE);
  qw_test_screenshot (GTK_WIDGET (dialog), "manual-pairing.png");
  qw_manual_pairing_dialog_set_force (dialog, TRUE);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "manual.record", NULL));
  g_assert_null (qw_test_find_toplevel (QW_TYPE_MANUAL_PAIRING_DIALOG));
  g_assert_cmpint (qw_rounds_page_get_round (rounds), ==, 2);

  /* In the document: the boards as typed, one step, in the round log with the warning. */
  label = g_strdup_printf (_("Round %d paired by hand"), 2);
  g_assert_cmpstr (undo_label (window), ==, label);
  section = qw_document_context_find_section (qw_window_get_context (window), GROUP, NULL);
  games = qw_document_list_round_games (qw_window_get_document (window), section->id, 2, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (games->len, ==, 4);
  g_assert_cmpint (((QwGame *) g_ptr_array_index (games, 0))->red, ==, entry_named (entries, "李国华")->id);
  g_assert_cmpint (((QwGame *) g_ptr_array_index (games, 0))->black, ==, entry_named (entries, "陈志强")->id);
  log = qw_document_list_round_log (qw_window_get_document (window), section->id, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < log->len; i++)
    {
      const QwRoundLogLine *line = g_ptr_array_index (log, i);

      logged |= line->round == 2 && strstr (line->message, _("Warning:")) != NULL;
    }
  g_assert_true (logged);
  /* Undone: round 2 is gone. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_clear_pointer (&games, g_ptr_array_unref);
  games = qw_document_list_round_games (qw_window_get_document (window), section->id, 2, &error);
  g_assert_cmpuint (games->len, ==, 0);
}

static GtkDropDown *
order_dropdown (GtkWidget *widget)
{
  if (GTK_IS_DROP_DOWN (widget))
    {
      GListModel *model = gtk_drop_down_get_model (GTK_DROP_DOWN (widget));

      if (GTK_IS_STRING_LIST (model) && g_list_model_get_n_items (model) == 3
          && g_strcmp0 (gtk_string_list_get_string (GTK_STRING_LIST (model), 0),
                        qw_list_order_label (QW_LIST_ORDER_NUMBER)) == 0)
        return GTK_DROP_DOWN (widget);
    }
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkDropDown *found = order_dropdown (c);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static const char *
first_shown (QwEntriesPage *page)
{
  g_autoptr(QwEntryItem) item = g_list_model_get_item (qw_entries_page_get_model (page), 0);

  return qw_entry_item_get_entry (item)->name;
}

/* Part 3: the list order, chosen on the entries page, one step. */
static void
walk_list_order (QwWindow      *window,
                 QwEntriesPage *page)
{
  GtkDropDown *dropdown = order_dropdown (GTK_WIDGET (page));
  g_autoptr(GPtrArray) entries = stored_entries (window);
  g_autoptr(GPtrArray) by_stroke = g_ptr_array_new ();
  g_autoptr(GPtrArray) by_no = g_ptr_array_new ();

  qw_window_show_page (window, "entries");
  g_assert_nonnull (dropdown);
  /* Borrowed: the arrays own nothing. */
  g_ptr_array_extend (by_stroke, entries, NULL, NULL);
  g_ptr_array_extend (by_no, entries, NULL, NULL);
  qw_entries_sort_for_list (by_stroke, QW_LIST_ORDER_STROKE);
  qw_entries_sort_for_list (by_no, QW_LIST_ORDER_NUMBER);
  /* 王 (4 strokes) before 刘 (6) and 陈 (7): not the 序号 order. */
  g_assert_cmpstr (((QwEntry *) g_ptr_array_index (by_stroke, 0))->name, ==, "王建军");
  g_assert_cmpstr (first_shown (page), ==, ((QwEntry *) g_ptr_array_index (by_no, 0))->name);
  gtk_drop_down_set_selected (dropdown, QW_LIST_ORDER_STROKE);
  g_assert_cmpint (qw_desk_list_order (qw_window_get_document (window)), ==, QW_LIST_ORDER_STROKE);
  for (guint i = 0; i < by_stroke->len; i++)
    {
      g_autoptr(QwEntryItem) item = g_list_model_get_item (qw_entries_page_get_model (page), i);

      g_assert_cmpstr (qw_entry_item_get_entry (item)->name, ==, ((QwEntry *) g_ptr_array_index (by_stroke, i))->name);
    }
  qw_test_screenshot (GTK_WIDGET (window), "list-order.png");
  /* Undone from the window: by 序号 again. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_cmpint (qw_desk_list_order (qw_window_get_document (window)), ==, QW_LIST_ORDER_NUMBER);
  qw_test_wait_reloaded (GTK_WIDGET (page));
  g_assert_cmpuint (gtk_drop_down_get_selected (dropdown), ==, QW_LIST_ORDER_NUMBER);
  g_assert_cmpstr (first_shown (page), ==, ((QwEntry *) g_ptr_array_index (by_no, 0))->name);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  qw_test_wait_reloaded (GTK_WIDGET (page));
  g_assert_cmpstr (first_shown (page), ==, "王建军");
}

/* Part 4: the menu's exports, through the functions its items call. */
static void
walk_exports (QwWindow *window)
{
  QwDocumentContext *context = qw_window_get_context (window);
  g_autoptr(GError) error = NULL;
  g_autofree char *xlsx = g_build_filename (tmp_dir, "报名表.xlsx", NULL);
  g_autofree char *standings = g_build_filename (tmp_dir, "成绩表.xlsx", NULL);
  g_autofree char *trf = g_build_filename (tmp_dir, "open-m.trf", NULL);
  g_autofree char *message = NULL;
  g_autoptr(GPtrArray) warnings = NULL;
  g_autoptr(QwCsv) sheet = NULL;
  g_autoptr(QwSection) copy = NULL;
  g_autoptr(GPtrArray) games = NULL;
  GStrv top, first;

  /* The entries for Excel: in the list order (strokes), ID numbers masked. */
  g_assert_true (qw_excel_export_write (context, QW_EXCEL_ENTRIES, xlsx, &message, &error));
  g_assert_no_error (error);
  g_test_message ("%s", message);
  sheet = qw_spreadsheet_read_file (xlsx, 0, &error);
  g_assert_no_error (error);
  top = g_ptr_array_index (sheet->rows, 0);
  first = g_ptr_array_index (sheet->rows, 1);
  g_assert_cmpstr (top[0], ==, "序号");
  g_assert_cmpstr (first[1], ==, "王建军");
  g_assert_null (strstr (first[4], "197811051211"));
  g_clear_pointer (&message, g_free);
  g_assert_true (qw_excel_export_write (context, QW_EXCEL_STANDINGS, standings, &message, &error));
  g_assert_no_error (error);
  g_test_message ("%s", message);
  g_clear_pointer (&message, g_free);

  /* The group as TRF, and back as a new group with the same round. */
  g_assert_true (qw_trf_export_write (context, GROUP, trf, &message, &error));
  g_assert_no_error (error);
  g_test_message ("%s", message);
  g_clear_pointer (&message, g_free);
  g_assert_true (qw_trf_import_read (context, trf, "trf-copy", &message, &warnings, &error));
  g_assert_no_error (error);
  g_test_message ("%s", message);
  copy = qw_document_context_find_section (context, "trf-copy", &error);
  g_assert_no_error (error);
  games = qw_document_list_round_games (qw_window_get_document (window), copy->id, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (games->len, ==, 4);
  g_clear_pointer (&message, g_free);
  /* A code already taken is refused in words. */
  g_assert_false (qw_trf_import_read (context, trf, "trf-copy", &message, &warnings, &error));
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
}

static void
test_formats (void)
{
  g_autofree char *path = fresh_stop ("平山街道预选赛.qiwang");
  g_autoptr(GFile) file = g_file_new_for_path (path);
  QwWindow *window = qw_test_new_window (1280, 800);
  QwEntriesPage *entries;

  g_assert_true (qw_window_open_file (window, file));
  entries = QW_ENTRIES_PAGE (qw_window_get_page (window, "entries"));
  qw_test_wait_mapped (GTK_WIDGET (entries));
  walk_column_mapping (window, entries);
  walk_manual_pairing (window, QW_ROUNDS_PAGE (qw_window_get_page (window, "rounds")));
  walk_list_order (window, entries);
  walk_exports (window);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int    argc,
      char **argv)
{
  qw_test_ui_init (&argc, &argv);
  /* Dialogs and stacks switch at once. */
  qw_test_stop_animations ();
  tmp_dir = g_dir_make_tmp ("qiwang-ui-formats-XXXXXX", NULL);
  g_test_add_func ("/ui-formats/walk", test_formats);
  return g_test_run ();
}
