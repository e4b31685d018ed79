/* test-ui-ladder-cancel.c: a finalist's qualification cancelled in the window, and the dates of the
 * 2022 dialogs (issue 19 point 17), in Chinese
 *
 * Seed 000 §九3 (名单公示…如被举报，经查实立即取消资格), §十一(三)3 (若发现作弊
 * 行为，一经查实取消成绩): on the ladder page's finalists tab, 取消资格… on
 * the selected finalist asks the kind and the reason (required), cancels in
 * one undoable step, and the arbiter's page lists the cancelled player with
 * kind and reason while the public list shows only 已取消资格（名额空缺）;
 * Ctrl+Z takes it back. A players list imported again that gives the
 * account to another person is warned about on the warnings tab. The entry
 * dialog shows qualification-cancelled for that person's ID number, and
 * the 2022 ruleset's 报名日期 (§十三(一)) and 单位盖章 (§十一(五)4) fields,
 * stored as `qiwang-cli entry --registered/--stamped` stores them; a wild
 * card entered by hand has its 申请日期 checked against 10月1日 (§十三(四)1),
 * with 逾期准许. Both sizes of screen: 1280×800 and 1024×700 windows.
 * Screenshots in the build directory: ladder-cancel-dialog.png,
 * ladder-cancelled-1280.png, ladder-cancelled-1024.png,
 * ladder-cancel-warning.png, entry-dialog-cancelled.png,
 * entry-dialog-dates.png, wildcard-dialog-late.png. Needs a display.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>

#include "qw-cancel-finalist-dialog.h"
#include "qw-document-entries.h"
#include "qw-entry-check.h"
#include "qw-entry-dialog.h"
#include "qw-entry.h"
#include "qw-event.h"
#include "qw-ladder-page.h"
#include "qw-ladder-store.h"
#include "qw-ruleset-championship.h"
#include "qw-text-row.h"
#include "qw-wildcard-dialog.h"
#include "qw-window.h"
#include "qw-test.h"
#include "qw-test-region.h"
#include "qw-test-window.h"
#include "ui-wait.h"

#define N_PLAYERS 24
#define CHEAT "13812345678"       /* the 5th finalist */
#define CHEAT_ID "11010519491231002X"
#define REASON "名单公示期间被举报代练，经平台核实"

static char *tmp_dir;

static char *
path_in_tmp (const char *name)
{
  return g_build_filename (tmp_dir, name, NULL);
}

/* A 2022 final with the ladder's log and players list imported. */
static char *
make_final (const char *name)
{
  char *path = path_in_tmp (name);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = NULL;
  g_autoptr(QwRuleset) ruleset = qw_ruleset_lookup ("qiwang-2022", &error);
  g_autoptr(QwEvent) event = qw_event_new ();
  g_autofree char *games = NULL, *players = NULL;

  g_assert_no_error (error);
  g_unlink (path);
  doc = qw_document_create (path, QW_DOCUMENT_STOP, &error);
  g_assert_no_error (error);
  qw_test_write_ladder_inputs (tmp_dir, N_PLAYERS, 5, CHEAT, CHEAT_ID, &games, &players);
  g_free (event->ruleset);
  event->ruleset = g_strdup (ruleset->id);
  event->name = g_strdup ("2022年全国业余象棋棋王争霸赛总决赛");
  qw_ruleset_event_defaults (ruleset, event, FALSE);
  g_assert_true (qw_document_add_event (doc, event, &error));
  g_assert_true (qw_ladder_store_import (doc, ruleset, QW_LADDER_FILE_GAMES, games, NULL, &error));
  g_assert_true (qw_ladder_store_import (doc, ruleset, QW_LADDER_FILE_PLAYERS, players, NULL, &error));
  g_assert_no_error (error);
  return path;
}

static void
screenshot (GtkWidget  *widget,
            const char *name)
{
  qw_test_settle (widget);
  qw_test_screenshot (widget, name);
}

/* Whether a row of @model has @text in one of its cells. */
static gboolean
rows_have (GListModel *model,
           const char *text)
{
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(QwTextRow) row = g_list_model_get_item (model, i);

      for (guint k = 0; k < QW_TEXT_ROW_MAX_CELLS; k++)
        if (g_strcmp0 (qw_text_row_get (row, k), text) == 0
            || (qw_text_row_get (row, k) != NULL && strstr (qw_text_row_get (row, k), text) != NULL))
          return TRUE;
    }
  return FALSE;
}

typedef struct
{
  QwLadderPage *page;
  const char   *table;
  const char   *text;
} Wanted;

static gboolean
page_rows_have (gpointer data)
{
  Wanted *w = data;

  return rows_have (qw_ladder_page_get_rows (w->page, w->table), w->text);
}

/* The page follows the document after a change: wait until it shows @text. */
static void
wait_rows_have (QwLadderPage *page,
                const char   *table,
                const char   *text)
{
  Wanted w = { page, table, text };

  qw_test_wait_until (page_rows_have, &w, text);
}

/* Scrolls a dialog's page to its end: the fields and checks at the bottom in the screenshot. */
static void
scroll_to_end (GtkWidget *dialog)
{
  GtkWidget *scrolled = qw_test_find_child (dialog, GTK_TYPE_SCROLLED_WINDOW);
  GtkAdjustment *adj;

  g_assert_nonnull (scrolled);
  /* After the layout that follows the last change: the page's height is known then. */
  qw_test_settle (dialog);
  adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));
  gtk_adjustment_set_value (adj, gtk_adjustment_get_upper (adj) - gtk_adjustment_get_page_size (adj));
}

/* The button of @action is inside the window: a person can reach it. */
static void
assert_reachable (QwWindow   *window,
                  const char *action)
{
  GtkWidget *button = qw_test_find_action_button (GTK_WIDGET (window), action);
  graphene_rect_t bounds;

  g_assert_nonnull (button);
  g_assert_true (gtk_widget_get_mapped (button));
  g_assert_true (gtk_widget_compute_bounds (button, GTK_WIDGET (window), &bounds));
  g_assert_cmpfloat (bounds.origin.x, >=, 0);
  g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=, gtk_widget_get_width (GTK_WIDGET (window)));
  g_assert_cmpfloat (bounds.origin.y + bounds.size.height, <=, gtk_widget_get_height (GTK_WIDGET (window)));
}

static QwLadderPage *
show_finalists (QwWindow *window)
{
  QwLadderPage *page;

  qw_window_show_page (window, "ladder");
  page = QW_LADDER_PAGE (qw_window_get_page (window, "ladder"));
  qw_test_wait_mapped (GTK_WIDGET (page));
  g_assert_nonnull (qw_ladder_page_get_ladder (page));
  qw_ladder_page_show_view (page, "finalists");
  return page;
}

static void
cancel_on (int         width,
           int         height,
           const char *shot)
{
  g_autofree char *name = g_strdup_printf ("cancel-%d.qiwang", width);
  g_autofree char *path = make_final (name);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  QwWindow *window = qw_test_new_window (width, height);
  QwLadderPage *page;
  QwCancelFinalistDialog *dialog;
  GListModel *finalists, *cancelled, *public_rows;

  g_assert_true (qw_window_open_file (window, file));
  page = show_finalists (window);
  finalists = qw_ladder_page_get_rows (page, "finalists");
  cancelled = qw_ladder_page_get_rows (page, "cancelled");
  public_rows = qw_ladder_page_get_rows (page, "public");
  g_assert_cmpuint (g_list_model_get_n_items (finalists), ==, 23);
  g_assert_cmpuint (g_list_model_get_n_items (cancelled), ==, 0);
  /* Nothing selected: nothing to cancel. */
  g_assert_false (gtk_widget_is_sensitive (qw_test_find_action_button (GTK_WIDGET (window),
                                                                       "ladder.cancel-finalist")));
  g_assert_true (qw_ladder_page_select_finalist (page, 5));
  qw_test_settle (GTK_WIDGET (window));
  assert_reachable (window, "ladder.cancel-finalist");
  g_assert_true (gtk_widget_is_sensitive (qw_test_find_action_button (GTK_WIDGET (window),
                                                                      "ladder.cancel-finalist")));
  gtk_widget_activate (qw_test_find_action_button (GTK_WIDGET (window), "ladder.cancel-finalist"));
  dialog = QW_CANCEL_FINALIST_DIALOG (qw_test_wait_toplevel (QW_TYPE_CANCEL_FINALIST_DIALOG));
  /* The reason is required. */
  g_assert_false (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (dialog), "cancel-qualification"));
  qw_cancel_finalist_dialog_set (dialog, QW_LADDER_CANCEL_CHEATING, "   ");
  g_assert_false (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (dialog), "cancel-qualification"));
  qw_cancel_finalist_dialog_set (dialog, QW_LADDER_CANCEL_REPORTED, REASON);
  g_assert_true (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (dialog), "cancel-qualification"));
  g_assert_true (qw_test_label_shown (GTK_WIDGET (dialog), "名额"));
  if (width == 1280)
    screenshot (GTK_WIDGET (dialog), "ladder-cancel-dialog.png");
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "cancel-qualification");
  qw_test_wait_toast (GTK_WIDGET (window), _("Qualification cancelled; the place stays empty"));
  qw_test_close_toplevels (QW_TYPE_CANCEL_FINALIST_DIALOG);

  /* The arbiter's page: kind and reason; the public list: neither. */
  qw_test_wait_items (cancelled, 1);
  g_assert_cmpuint (g_list_model_get_n_items (finalists), ==, 22);
  g_assert_true (rows_have (cancelled, CHEAT));
  g_assert_true (rows_have (cancelled, REASON));
  g_assert_true (rows_have (cancelled, "名单公示期间被举报，经查实"));
  g_assert_true (rows_have (cancelled, "名额空缺"));
  g_assert_false (rows_have (finalists, CHEAT));
  g_assert_true (rows_have (public_rows, "已取消资格（名额空缺）"));
  g_assert_false (rows_have (public_rows, REASON));
  g_assert_false (rows_have (public_rows, CHEAT));
  g_assert_true (qw_test_label_shown (GTK_WIDGET (page), REASON));
  screenshot (GTK_WIDGET (window), shot);

  /* Ctrl+Z takes it back: the finalist is back, nothing listed as cancelled. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  qw_test_wait_items (cancelled, 0);
  g_assert_cmpuint (g_list_model_get_n_items (finalists), ==, 23);
  g_assert_true (rows_have (finalists, CHEAT));
  g_assert_false (rows_have (public_rows, "已取消资格"));

  if (width == 1280)
    {
      g_autofree char *text = NULL;
      g_autofree char *changed = path_in_tmp ("players-changed.csv");
      g_autofree char *players = path_in_tmp ("players.csv");
      g_auto(GStrv) parts = NULL;
      g_autofree char *joined = NULL;

      /* Redo, then the players list imported again gives the account to
       * someone else: the warnings tab says so, the cancellation holds. */
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
      qw_test_wait_items (cancelled, 1);
      g_assert_true (g_file_get_contents (players, &text, NULL, NULL));
      parts = g_strsplit (text, "棋手5,男,身份证," CHEAT_ID, -1);
      joined = g_strjoinv ("别人,男,身份证,110105198001010016", parts);
      g_assert_true (g_file_set_contents (changed, joined, -1, NULL));
      g_assert_true (qw_ladder_page_import (page, QW_LADDER_FILE_PLAYERS, changed));
      g_assert_true (rows_have (qw_ladder_page_get_rows (page, "warnings"), "别人"));
      g_assert_cmpuint (g_list_model_get_n_items (cancelled), ==, 1);
      qw_ladder_page_show_view (page, "warnings");
      screenshot (GTK_WIDGET (window), "ladder-cancel-warning.png");
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_cancel_1280x800 (void)
{
  cancel_on (1280, 800, "ladder-cancelled-1280.png");
}

static void
test_cancel_1024x700 (void)
{
  cancel_on (1024, 700, "ladder-cancelled-1024.png");
}

/* The entry dialog of a 2022 final */

static AdwEntryRow *
entry_row_titled (GtkWidget  *dialog,
                  const char *title)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();

  qw_test_collect_children (dialog, ADW_TYPE_ENTRY_ROW, rows);
  for (guint i = 0; i < rows->len; i++)
    if (g_strcmp0 (adw_preferences_row_get_title (g_ptr_array_index (rows, i)), title) == 0)
      return g_ptr_array_index (rows, i);
  g_assert_not_reached ();
}

static void
type_in (GtkWidget  *dialog,
         const char *title,
         const char *text)
{
  gtk_editable_set_text (GTK_EDITABLE (entry_row_titled (dialog, title)), text);
}

static QwEntryDialog *
open_entry_dialog (QwWindow *window)
{
  GtkWidget *entries;

  qw_window_show_page (window, "entries");
  entries = qw_window_get_page (window, "entries");
  qw_test_wait_mapped (entries);
  g_assert_true (gtk_widget_activate_action (entries, "entries.add", NULL));
  return QW_ENTRY_DIALOG (qw_test_wait_toplevel (QW_TYPE_ENTRY_DIALOG));
}

static void
test_entry_dialog (void)
{
  g_autofree char *path = make_final ("entry.qiwang");
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  QwWindow *window = qw_test_new_window (1280, 800);
  const char *cancelled_message = qw_problem_message (QW_PROBLEM_QUALIFICATION_CANCELLED);
  const char *outside = qw_problem_message (QW_PROBLEM_OUTSIDE_ENTRY_WINDOW);
  const char *not_stamped = qw_problem_message (QW_PROBLEM_FORM_NOT_STAMPED);
  const char *registered_title = _("Registration Date (报名日期, e.g. 2022-09-15)");
  QwEntryDialog *dialog;
  GtkWidget *stamped;
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(QwRuleset) ruleset = qw_ruleset_lookup ("qiwang-2022", &error);
  const QwEntry *stored = NULL;

  g_assert_true (qw_window_open_file (window, file));
  g_assert_true (qw_ladder_store_cancel (qw_window_get_document (window), ruleset, CHEAT,
                                         QW_LADDER_CANCEL_CHEATING, "作弊", NULL, &error));
  g_assert_no_error (error);

  /* The cancelled finalist typed in by ID number: the problem shows at once. */
  dialog = open_entry_dialog (window);
  type_in (GTK_WIDGET (dialog), _("Name"), "替身");
  type_in (GTK_WIDGET (dialog), _("ID Number"), CHEAT_ID);
  g_assert_true (qw_test_label_shown (GTK_WIDGET (dialog), cancelled_message));
  scroll_to_end (GTK_WIDGET (dialog));
  screenshot (GTK_WIDGET (dialog), "entry-dialog-cancelled.png");
  type_in (GTK_WIDGET (dialog), _("ID Number"), "110105198001010016");
  g_assert_false (qw_test_label_shown (GTK_WIDGET (dialog), cancelled_message));

  /* 报名日期 and 单位盖章 (the 2022 ruleset asks for both): a junior entered
   * on 10月3日 without the stamped form, then corrected and saved. */
  {
    g_autoptr(QwEntry) junior = qw_entry_new ();

    g_free (junior->name);
    junior->name = g_strdup ("少儿甲");
    junior->sex = QW_SEX_MALE;
    g_free (junior->birth);
    junior->birth = g_strdup ("2012-03-01");
    g_free (junior->grade);
    junior->grade = g_strdup ("三级棋士");
    g_free (junior->declared_group);
    junior->declared_group = g_strdup ("少儿");
    qw_entry_dialog_fill (dialog, junior);
  }
  type_in (GTK_WIDGET (dialog), registered_title, "2022-10-03");
  stamped = qw_test_find_child (GTK_WIDGET (dialog), GTK_TYPE_SWITCH);
  g_assert_nonnull (stamped);
  g_assert_true (gtk_widget_get_mapped (stamped));
  g_assert_true (qw_test_label_shown (GTK_WIDGET (dialog), outside));
  g_assert_true (qw_test_label_shown (GTK_WIDGET (dialog), not_stamped));
  scroll_to_end (GTK_WIDGET (dialog));
  screenshot (GTK_WIDGET (dialog), "entry-dialog-dates.png");
  type_in (GTK_WIDGET (dialog), registered_title, "2022-09-15");
  gtk_switch_set_active (GTK_SWITCH (stamped), TRUE);
  g_assert_false (qw_test_label_shown (GTK_WIDGET (dialog), outside));
  g_assert_false (qw_test_label_shown (GTK_WIDGET (dialog), not_stamped));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "entry.save", NULL));
  {
    g_autofree char *added = g_strdup_printf (_("Added %s"), "少儿甲");

    qw_test_wait_toast (GTK_WIDGET (window), added);
  }
  entries = qw_document_list_entries (qw_window_get_document (window), qw_document_context_get_event (qw_window_get_context (window))->id, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < entries->len; i++)
    if (g_str_equal (((QwEntry *) g_ptr_array_index (entries, i))->name, "少儿甲"))
      stored = g_ptr_array_index (entries, i);
  g_assert_nonnull (stored);
  g_assert_cmpstr (stored->registered, ==, "2022-09-15");
  g_assert_true (stored->form_stamped);
  qw_test_close_toplevels (QW_TYPE_ENTRY_DIALOG);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A 2021 stop asks for neither field. */
static void
test_entry_dialog_2021 (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwRuleset) ruleset = qw_ruleset_lookup ("qiwang-2021", &error);
  g_autoptr(QwEvent) event = qw_event_new ();
  QwEntryDialog *dialog;
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  gboolean registered_shown = FALSE;

  g_assert_no_error (error);
  dialog = qw_entry_dialog_new (NULL, ruleset, event, NULL);
  gtk_window_present (GTK_WINDOW (dialog));
  qw_test_wait_mapped (GTK_WIDGET (dialog));
  qw_test_collect_children (GTK_WIDGET (dialog), ADW_TYPE_ENTRY_ROW, rows);
  for (guint i = 0; i < rows->len; i++)
    if (g_strcmp0 (adw_preferences_row_get_title (g_ptr_array_index (rows, i)),
                   _("Registration Date (报名日期, e.g. 2022-09-15)")) == 0)
      registered_shown = gtk_widget_get_mapped (g_ptr_array_index (rows, i));
  g_assert_false (registered_shown);
  g_assert_false (gtk_widget_get_mapped (qw_test_find_child (GTK_WIDGET (dialog), GTK_TYPE_SWITCH)));
  gtk_window_destroy (GTK_WINDOW (dialog));
}

/* A wild card entered by hand: 申请日期 against 10月1日 (十三(四)1). */
static void
test_wildcard_dates (void)
{
  g_autofree char *path = make_final ("wildcard.qiwang");
  g_autoptr(GFile) file = g_file_new_for_path (path);
  QwWindow *window = qw_test_new_window (1280, 800);
  QwLadderPage *page;
  QwWildcardDialog *dialog;
  const QwLadder *ladder;
  GtkWidget *late_row;
  g_autofree char *deadline_title = g_strdup_printf (_("Application date (deadline %s)"), "2022-10-01");

  g_assert_true (qw_window_open_file (window, file));
  page = show_finalists (window);

  /* Late without the arbiter's word: stored, and refused as an imported one. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "ladder.add-wildcard", NULL));
  dialog = QW_WILDCARD_DIALOG (qw_test_wait_toplevel (QW_TYPE_WILDCARD_DIALOG));
  qw_wildcard_dialog_set (dialog, "w01", "迟到甲", 0);
  /* No date: nothing to add (the ruleset has a deadline). */
  g_assert_false (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (dialog), "add"));
  type_in (GTK_WIDGET (dialog), deadline_title, "2022-10-05");
  g_assert_true (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (dialog), "add"));
  late_row = GTK_WIDGET (entry_row_titled (GTK_WIDGET (dialog), _("Late, allowed by the arbiter because (逾期准许)")));
  g_assert_true (gtk_widget_get_visible (late_row));
  screenshot (GTK_WIDGET (dialog), "wildcard-dialog-late.png");
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "add");
  qw_test_wait_toast (GTK_WIDGET (window), _("Wild card added"));
  qw_test_close_toplevels (QW_TYPE_WILDCARD_DIALOG);
  wait_rows_have (page, "warnings", "2022-10-05");
  ladder = qw_ladder_page_get_ladder (page);
  g_assert_cmpint (ladder->n_wildcards, ==, 0);

  /* Late, allowed: a finalist, the arbiter's word logged. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "ladder.add-wildcard", NULL));
  dialog = QW_WILDCARD_DIALOG (qw_test_wait_toplevel (QW_TYPE_WILDCARD_DIALOG));
  qw_wildcard_dialog_set (dialog, "w02", "迟到乙", 0);
  type_in (GTK_WIDGET (dialog), deadline_title, "2022-10-06");
  type_in (GTK_WIDGET (dialog), _("Late, allowed by the arbiter because (逾期准许)"), "组委会同意");
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "add");
  qw_test_wait_toast (GTK_WIDGET (window), _("Wild card added"));
  qw_test_close_toplevels (QW_TYPE_WILDCARD_DIALOG);
  wait_rows_have (page, "warnings", "组委会同意");
  ladder = qw_ladder_page_get_ladder (page);
  g_assert_cmpint (ladder->n_wildcards, ==, 1);

  /* In time: no date check to pass, no 逾期准许 asked. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "ladder.add-wildcard", NULL));
  dialog = QW_WILDCARD_DIALOG (qw_test_wait_toplevel (QW_TYPE_WILDCARD_DIALOG));
  qw_wildcard_dialog_set (dialog, "w03", "按时丙", 0);
  type_in (GTK_WIDGET (dialog), deadline_title, "2022-09-30");
  late_row = GTK_WIDGET (entry_row_titled (GTK_WIDGET (dialog), _("Late, allowed by the arbiter because (逾期准许)")));
  g_assert_false (gtk_widget_get_visible (late_row));
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "add");
  qw_test_wait_toast (GTK_WIDGET (window), _("Wild card added"));
  qw_test_close_toplevels (QW_TYPE_WILDCARD_DIALOG);
  wait_rows_have (page, "finalists", "按时丙");
  g_assert_cmpint (qw_ladder_page_get_ladder (page)->n_wildcards, ==, 2);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int    argc,
      char **argv)
{
  int status;

  qw_test_ui_init (&argc, &argv);
  tmp_dir = g_dir_make_tmp ("qiwang-ui-ladder-cancel-XXXXXX", NULL);
  g_test_add_func ("/ui/ladder-cancel/cancel-1280x800", test_cancel_1280x800);
  g_test_add_func ("/ui/ladder-cancel/cancel-1024x700", test_cancel_1024x700);
  g_test_add_func ("/ui/ladder-cancel/entry-dialog", test_entry_dialog);
  g_test_add_func ("/ui/ladder-cancel/entry-dialog-2021", test_entry_dialog_2021);
  g_test_add_func ("/ui/ladder-cancel/wildcard-dates", test_wildcard_dates);
  status = g_test_run ();
  qw_test_remove_tree (tmp_dir);
  g_free (tmp_dir);
  return status;
}
