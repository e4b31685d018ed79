/* test-ui-arbiter.c: what the arbiter meets, in the window (issue 19)
 *
 * Point 5: a list whose header Qiwang knows but with a column it does not
 * (备用) offers the column mapping before importing (报名组别 is known now);
 * "Map Columns…" opens the mapping dialog, "Import Without Them" imports.
 * Point 1: an ID number corrected by hand (the entry editor's core function)
 * stays when the same list is imported again, and the import report says so
 * (保留了手工修改：身份证号). Point 9: the gate's reminders (需家属陪同) are shown
 * before pairing although nothing blocks, with a plain 继续编排, which pairs.
 * Point 6: the results file is written and the window says which ID numbers
 * Excel made.
 *
 * Point 17: a 2022 junior without the unit's stamped form is reminded of
 * in the gate, which marks the form received.
 *
 * Writes screenshot-columns-offer.png, screenshot-import-kept.png,
 * screenshot-reminders.png, screenshot-export-excel.png and
 * screenshot-stamped-form.png into the build directory. Needs a display (run under Xvfb, in zh_CN).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>

#include "qw-column-map-dialog.h"
#include "qw-date.h"
#include "qw-document-entries.h"
#include "qw-document-play.h"
#include "qw-entries-page.h"
#include "qw-entry.h"
#include "qw-entry-check.h"
#include "qw-event.h"
#include "qw-gate-dialog.h"
#include "qw-registration.h"
#include "qw-rounds-page.h"
#include "qw-ruleset.h"
#include "qw-ruleset-championship.h"
#include "qw-window.h"
#include "ui-wait.h"

static char *tmp_dir;

static QwWindow *
new_window (void)
{
  QwWindow *window = qw_window_new (NULL);

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  qw_test_wait_mapped (GTK_WIDGET (window));
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
  return window;
}

static char *
fresh_stop (const char *name)
{
  g_autoptr(GError) error = NULL;
  char *path = g_build_filename (tmp_dir, name, NULL);
  g_autoptr(QwDocument) doc = NULL;
  g_autoptr(QwEvent) event = qw_event_new ();

  g_unlink (path);
  doc = qw_document_create (path, QW_DOCUMENT_STOP, &error);
  g_assert_no_error (error);
  event->name = g_strdup ("2021年第六届全国象棋业余棋王赛江苏赛区苏州市昆山市锦溪镇预选赛");
  event->region = g_strdup ("江苏");
  event->place_city = g_strdup ("苏州市");
  event->place_county = g_strdup ("昆山市");
  event->place_town = g_strdup ("锦溪镇");
  event->start_date = qw_date_make (2021, 8, 14);
  event->end_date = qw_date_make (2021, 8, 15);
  event->rounds = 5;
  g_assert_true (qw_document_add_event (doc, event, &error));
  g_assert_no_error (error);
  return path;
}

static char *
write_list (const char *name,
            const char *text)
{
  g_autoptr(GError) error = NULL;
  char *path = g_build_filename (tmp_dir, name, NULL);

  g_assert_true (g_file_set_contents (path, text, -1, &error));
  return path;
}

/* Whether a label under @widget shows text containing @part. */
static gboolean
shows_part (GtkWidget  *widget,
            const char *part)
{
  if (GTK_IS_LABEL (widget) && strstr (gtk_label_get_text (GTK_LABEL (widget)), part) != NULL)
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (shows_part (child, part))
      return TRUE;
  return FALSE;
}

static GtkWindow *
wait_message (const char *heading)
{
  GtkWindow *dialog = qw_test_wait_toplevel (ADW_TYPE_MESSAGE_DIALOG);

  g_assert_cmpstr (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (dialog)), ==, heading);
  qw_test_wait_drawn (GTK_WIDGET (dialog));
  return dialog;
}

static void
answer (GtkWindow  *dialog,
        const char *response)
{
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), response);
  qw_test_close_toplevels (ADW_TYPE_MESSAGE_DIALOG);
}

#define LIST \
  "姓名,性别,出生日期,身份证号,单位,报名组别\n" \
  "长者,男,1945-02-02,,锦溪棋社,老年组\n" \
  "老将一,男,1955-04-04,,锦溪棋社,\n" \
  "老将二,男,1956-04-04,,锦溪棋社,\n" \
  "老将三,男,1957-04-04,,锦溪棋社,\n" \
  "姚伟,男,1990-02-02,4.42E+17,锦溪棋社,\n" \
  "陈强,男,1988-03-03,,周庄棋社,\n"

/* Point 5: a column Qiwang does not know is offered to the mapping step. */
static void
walk_columns_offer (QwEntriesPage *page)
{
  g_autofree char *odd = write_list ("报名表（备用列）.csv", "序号,姓名,性别,出生日期,报名组别,备用\n"
                                                   "1,王一,男,1980-01-01,公开组,甲\n");
  g_autoptr(GFile) file = g_file_new_for_path (odd);
  GtkWindow *dialog;

  qw_entries_page_import_file (page, file);
  qw_test_wait_false (page, "busy");
  dialog = wait_message (_("Columns Not Recognised"));
  /* 备用 is named; 报名组别 is the declared group now, and 序号 is bookkeeping. */
  g_assert_nonnull (strstr (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog)), "备用"));
  g_assert_null (strstr (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog)), "报名组别"));
  g_assert_null (strstr (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog)), "序号"));
  qw_test_screenshot (GTK_WIDGET (dialog), "screenshot-columns-offer.png");
  answer (dialog, "map");
  qw_test_wait_toplevel (QW_TYPE_COLUMN_MAP_DIALOG);
  qw_test_close_toplevels (QW_TYPE_COLUMN_MAP_DIALOG);
  /* Nothing was imported by the offer itself. */
  g_assert_cmpint (qw_document_count_entries (qw_window_get_document (QW_WINDOW (gtk_widget_get_root (GTK_WIDGET (page)))), 1), ==, 0);
}

/* Point 1: the corrected ID number stays, and the report says so. */
static void
walk_kept_correction (QwWindow      *window,
                      QwEntriesPage *page)
{
  g_autofree char *list = write_list ("报名表.csv", LIST);
  g_autoptr(GFile) file = g_file_new_for_path (list);
  QwDocument *doc = qw_window_get_document (window);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(QwEntry) edited = NULL;
  g_autoptr(QwEvent) event = NULL;
  g_autoptr(QwRuleset) ruleset = NULL;
  const char *said = _(" — corrections by hand kept: %s");
  g_autofree char *kept = g_strndup (said, strstr (said, "%s") - said);
  GtkWindow *report;

  qw_entries_page_import_file (page, file);
  qw_test_wait_false (page, "busy");
  answer (wait_message (_("Registration List Imported")), "close");
  entries = qw_document_list_entries (doc, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (entries->len, ==, 6);
  edited = qw_entry_copy (g_ptr_array_index (entries, 4));
  g_assert_cmpstr (edited->name, ==, "姚伟");
  event = qw_document_get_event (doc, 1, &error);
  ruleset = qw_ruleset_lookup (event->ruleset, &error);
  g_assert_no_error (error);
  /* What the entry editor calls when 保存 is pressed. */
  g_free (edited->id_number);
  edited->id_number = g_strdup ("320583199002021133");
  g_assert_true (qw_registration_update_entry (doc, ruleset, event, edited, &error));
  g_assert_no_error (error);
  qw_test_wait_reloaded (GTK_WIDGET (page));

  qw_entries_page_import_file (page, file);
  qw_test_wait_false (page, "busy");
  report = wait_message (_("Registration List Imported"));
  g_assert_true (shows_part (GTK_WIDGET (report), "姚伟"));
  g_assert_true (shows_part (GTK_WIDGET (report), "身份证号"));
  g_assert_true (shows_part (GTK_WIDGET (report), kept));
  /* The kept number is no Excel number: the row does not say Excel数字. */
  g_assert_false (shows_part (GTK_WIDGET (report), qw_problem_short_label (QW_PROBLEM_ID_EXCEL_NUMBER)));
  qw_test_screenshot (GTK_WIDGET (report), "screenshot-import-kept.png");
  answer (report, "close");
  g_clear_pointer (&entries, g_ptr_array_unref);
  entries = qw_document_list_entries (doc, 1, &error);
  g_assert_cmpstr (((QwEntry *) g_ptr_array_index (entries, 4))->id_number, ==, "320583199002021133");
  g_assert_cmpuint (entries->len, ==, 6);
}

static gboolean
round_paired (gpointer data)
{
  QwWindow *window = data;
  g_autoptr(QwSection) section = qw_document_get_section (qw_window_get_document (window), 1, "senior-m", NULL);

  return section != NULL && qw_document_last_round (qw_window_get_document (window), section->id) == 1;
}

/* Point 9: reminders before pairing, nothing blocking. */
static void
walk_reminders (QwWindow *window)
{
  QwRoundsPage *rounds = QW_ROUNDS_PAGE (qw_window_get_page (window, "rounds"));
  GtkWindow *gate;
  GtkWidget *button;

  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-page", "s", "rounds");
  qw_test_wait_mapped (GTK_WIDGET (rounds));
  g_assert_true (qw_rounds_page_select_group (rounds, "senior-m"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (rounds), "rounds.pair-next", NULL));
  gate = qw_test_wait_toplevel (QW_TYPE_GATE_DIALOG);
  qw_test_wait_drawn (GTK_WIDGET (gate));
  g_assert_cmpuint (qw_gate_dialog_get_n_blocked (QW_GATE_DIALOG (gate)), ==, 0);
  g_assert_true (shows_part (GTK_WIDGET (gate), "长者"));
  button = qw_test_find_child (GTK_WIDGET (gate), GTK_TYPE_BUTTON);
  g_assert_nonnull (button);
  g_assert_true (shows_part (GTK_WIDGET (gate), _("_Continue Pairing")) || shows_part (GTK_WIDGET (gate), "继续编排"));
  qw_test_screenshot (GTK_WIDGET (gate), "screenshot-reminders.png");
  g_assert_false (round_paired (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (gate), "gate.pair", NULL));
  qw_test_wait_until (round_paired, window, "round 1 of senior-m paired");
  qw_test_close_toplevels (QW_TYPE_GATE_DIALOG);
}

/* Point 6: the export warns about the number Excel made. */
static void
walk_export_warning (QwWindow *window)
{
  g_autofree char *out = g_build_filename (tmp_dir, "成绩表.xml", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (out);
  GtkWindow *dialog;

  g_assert_true (qw_window_export_results (window, file, FALSE));
  dialog = wait_message (_("The results file was written, but some ID numbers must be corrected"));
  g_assert_nonnull (strstr (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog)), "4.40104E+17"));
  qw_test_screenshot (GTK_WIDGET (dialog), "screenshot-export-excel.png");
  answer (dialog, "close");
  g_assert_true (g_file_test (out, G_FILE_TEST_EXISTS));
}

/* Point 17 (seed 000 §十一(五)4): a 2022 final's juniors, one without the
 * unit's stamped form; the gate reminds of it and marks it received. */
static char *
make_final (void)
{
  g_autofree char *path = g_build_filename (tmp_dir, "总决赛.qiwang", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = NULL;
  g_autoptr(QwRuleset) ruleset = qw_ruleset_lookup ("qiwang-2022", &error);
  g_autoptr(QwEvent) event = qw_event_new ();

  g_unlink (path);
  doc = qw_document_create (path, QW_DOCUMENT_STOP, &error);
  g_assert_no_error (error);
  g_free (event->ruleset);
  event->ruleset = g_strdup (ruleset->id);
  event->name = g_strdup ("2022年全国业余象棋棋王争霸赛总决赛");
  qw_ruleset_event_defaults (ruleset, event, FALSE);
  g_assert_true (qw_document_add_event (doc, event, &error));
  for (int k = 1; k <= 4; k++)
    {
      g_autoptr(QwEntry) e = qw_entry_new ();

      e->name = g_strdup_printf ("少儿%d", k);
      e->sex = QW_SEX_MALE;
      e->birth = g_strdup_printf ("201%d-03-0%d", k, k);
      e->unit = g_strdup ("杭州棋院");
      e->grade = g_strdup ("三级棋士");
      e->declared_group = g_strdup ("少儿");
      e->form_stamped = k != 2;
      g_assert_true (qw_registration_add_entry (doc, ruleset, event, e, &error));
      g_assert_no_error (error);
    }
  return g_steal_pointer (&path);
}

static gboolean
junior_stamped (gpointer data)
{
  QwWindow *window = data;
  g_autoptr(GPtrArray) entries = qw_document_list_entries (qw_window_get_document (window), 1, NULL);

  return entries != NULL && ((QwEntry *) g_ptr_array_index (entries, 1))->form_stamped;
}

static void
test_stamped_form (void)
{
  g_autofree char *path = make_final ();
  g_autoptr(GFile) file = g_file_new_for_path (path);
  QwWindow *window = new_window ();
  QwRoundsPage *rounds;
  g_autoptr(GPtrArray) entries = NULL;
  GtkWindow *gate;

  g_assert_true (qw_window_open_file (window, file));
  rounds = QW_ROUNDS_PAGE (qw_window_get_page (window, "rounds"));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-page", "s", "rounds");
  qw_test_wait_mapped (GTK_WIDGET (rounds));
  g_assert_true (qw_rounds_page_select_group (rounds, "junior"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (rounds), "rounds.pair-next", NULL));
  gate = qw_test_wait_toplevel (QW_TYPE_GATE_DIALOG);
  qw_test_wait_drawn (GTK_WIDGET (gate));
  g_assert_true (shows_part (GTK_WIDGET (gate), "少儿2"));
  g_assert_true (shows_part (GTK_WIDGET (gate), qw_problem_message (QW_PROBLEM_FORM_NOT_STAMPED)));
  qw_test_screenshot (GTK_WIDGET (gate), "screenshot-stamped-form.png");
  entries = qw_document_list_entries (qw_window_get_document (window), 1, NULL);
  g_assert_false (junior_stamped (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (gate), "gate.stamped", "x",
                                             ((QwEntry *) g_ptr_array_index (entries, 1))->id));
  qw_test_wait_until (junior_stamped, window, "the stamped form marked received");
  qw_test_close_toplevels (QW_TYPE_GATE_DIALOG);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_arbiter (void)
{
  g_autofree char *path = fresh_stop ("锦溪镇预选赛.qiwang");
  g_autoptr(GFile) file = g_file_new_for_path (path);
  QwWindow *window = new_window ();
  QwEntriesPage *entries;
  g_autoptr(GError) error = NULL;
  g_autoptr(QwEntry) excel = qw_entry_new ();
  g_autoptr(QwEvent) event = NULL;
  g_autoptr(QwRuleset) ruleset = NULL;

  g_assert_true (qw_window_open_file (window, file));
  entries = QW_ENTRIES_PAGE (qw_window_get_page (window, "entries"));
  qw_test_wait_mapped (GTK_WIDGET (entries));
  walk_columns_offer (entries);
  walk_kept_correction (window, entries);
  walk_reminders (window);
  /* A player of the senior group with a number Excel made, added by hand. */
  event = qw_document_get_event (qw_window_get_document (window), 1, &error);
  ruleset = qw_ruleset_lookup (event->ruleset, &error);
  excel->name = g_strdup ("表格");
  excel->sex = QW_SEX_MALE;
  excel->birth = g_strdup ("1985-05-05");
  excel->id_number = g_strdup ("4.40104E+17");
  excel->unit = g_strdup ("锦溪棋社");
  g_assert_true (qw_registration_add_entry (qw_window_get_document (window), ruleset, event, excel, &error));
  g_assert_no_error (error);
  walk_export_warning (window);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int    argc,
      char **argv)
{
  qw_test_ui_init (&argc, &argv);
  tmp_dir = g_dir_make_tmp ("qiwang-ui-arbiter-XXXXXX", NULL);
  g_test_add_func ("/ui-arbiter/walk", test_arbiter);
  g_test_add_func ("/ui-arbiter/stamped-form", test_stamped_form);
  return g_test_run ();
}
