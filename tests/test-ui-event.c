/* test-ui-event.c: the stop-details dialog (赛事信息), issue 9 point 5, in Chinese
 *
 * Opened from the window's menu action on a fresh stop, walked with messy
 * input as a user would type it (an end before the start, a date that does
 * not read, a 镇 typed in, no chief arbiter), saved as one undoable step,
 * and undone from its toast. Screenshots go into the build directory.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "qw-document-entries.h"
#include "qw-error.h"
#include "qw-event-dialog.h"
#include "qw-event-name.h"
#include "qw-new-stop-dialog.h"
#include "qw-window.h"
#include "qw-test-documents.h"
#include "qw-test-window.h"
#include "ui-wait.h"

#define PREFIX "2021年第六届全国象棋业余棋王赛广东赛区"

static char *tmp_dir;

/* A county stop, 惠州市惠东县, made without a chief arbiter. */
static char *
county_stop (void)
{
  g_autoptr(QwEvent) event = qw_event_new ();

  event->region = g_strdup ("广东");
  event->place_city = g_strdup ("惠州市");
  event->place_county = g_strdup ("惠东县");
  event->name = g_strdup (PREFIX "惠州市惠东县预选赛");
  event->host = g_strdup ("惠东县象棋协会");
  event->host_level = QW_HOST_COUNTY;
  event->prefecture = g_strdup ("惠州市");
  event->start_date = qw_date_make (2021, 7, 3);
  event->end_date = qw_date_make (2021, 7, 4);
  event->rounds = 7;
  event->minutes = 30;
  event->increment = 10;
  return qw_test_stop_document (tmp_dir, "county.qiwang", event);
}

static GtkWidget *
find_child (GtkWidget  *widget,
            GType       type,
            const char *title)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type)
      && (title == NULL || g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), title) == 0))
    return widget;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_child (c, type, title);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Types into the entry row titled @title (as translated), as a user does:
 * the old text selected and replaced, one character at a time. */
static void
type_into (GtkWidget  *dialog,
           const char *title,
           const char *text)
{
  GtkWidget *row = find_child (dialog, ADW_TYPE_ENTRY_ROW, _(title));
  int position = 0;

  g_assert_nonnull (row);
  gtk_editable_delete_text (GTK_EDITABLE (row), 0, -1);
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    gtk_editable_insert_text (GTK_EDITABLE (row), p, g_utf8_next_char (p) - p, &position);
}

static guint
combo_selected (GtkWidget  *dialog,
                const char *title)
{
  GtkWidget *row = find_child (dialog, ADW_TYPE_COMBO_ROW, _(title));

  g_assert_nonnull (row);
  return adw_combo_row_get_selected (ADW_COMBO_ROW (row));
}

static gboolean
row_marked (GtkWidget  *dialog,
            const char *title,
            const char *css_class)
{
  GtkWidget *row = find_child (dialog, ADW_TYPE_PREFERENCES_ROW, _(title));

  g_assert_nonnull (row);
  return gtk_widget_has_css_class (row, css_class);
}

static void
scroll_to_bottom (GtkWidget *dialog)
{
  GtkWidget *scrolled = find_child (dialog, GTK_TYPE_SCROLLED_WINDOW, NULL);
  GtkAdjustment *adj;

  g_assert_nonnull (scrolled);
  adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));
  qw_test_wait_drawn (dialog);
  gtk_adjustment_set_value (adj, gtk_adjustment_get_upper (adj) - gtk_adjustment_get_page_size (adj));
}

static void
press_toast_button (GtkWidget *window)
{
  GtkWidget *toast = qw_test_find_toast (window, NULL);
  GtkWidget *button;

  g_assert_nonnull (toast);
  button = find_child (toast, GTK_TYPE_BUTTON, NULL);
  g_assert_nonnull (button);
  g_signal_emit_by_name (button, "clicked");
}

static void
test_walk (void)
{
  QwWindow *window = qw_test_new_window (1280, 800);
  g_autofree char *path = county_stop ();
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(QwEvent) e = NULL;
  g_autoptr(QwEvent) stored = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) forms = NULL;
  g_autofree char *saved = NULL;
  g_autofree char *undone = NULL;
  QwEventDialog *dialog;
  GtkWidget *d;

  g_assert_true (qw_window_open_file (window, file));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.event-details", NULL);
  dialog = QW_EVENT_DIALOG (qw_test_wait_toplevel (QW_TYPE_EVENT_DIALOG));
  d = GTK_WIDGET (dialog);
  gtk_window_set_default_size (GTK_WINDOW (dialog), 720, 1000);
  qw_test_wait_mapped (d);

  /* As stored: a county stop; no chief arbiter is a warning, not an error. */
  g_assert_cmpuint (qw_event_dialog_get_n_errors (dialog), ==, 0);
  g_assert_true (qw_event_dialog_has_problem (dialog, "no-arbiter"));
  g_assert_true (qw_event_dialog_get_can_save (dialog));
  g_assert_true (row_marked (d, "Chief Arbiter", "warning"));

  /* An end before the start blocks saving, as typed. */
  type_into (d, "Last Day", "2021-07-01");
  g_assert_true (qw_event_dialog_has_problem (dialog, "end-before-start"));
  g_assert_false (qw_event_dialog_get_can_save (dialog));
  g_assert_true (row_marked (d, "Last Day", "error"));
  g_assert_false (qw_event_dialog_save (dialog, &error));
  g_assert_error (error, QW_ERROR, QW_ERROR_INVALID);
  g_clear_error (&error);
  /* A date that does not read blocks it too. */
  type_into (d, "Last Day", "2021-13-45");
  g_assert_true (qw_event_dialog_has_problem (dialog, "date-unreadable"));
  g_assert_false (qw_event_dialog_get_can_save (dialog));
  /* The last day may be the first. */
  type_into (d, "Last Day", "2021/7/3");
  g_assert_cmpuint (qw_event_dialog_get_n_errors (dialog), ==, 0);
  g_assert_true (qw_event_dialog_get_can_save (dialog));

  /* A 镇 typed in: the host level follows to 乡级, the name is rebuilt in its form. */
  type_into (d, "Town or Township", "白花镇");
  g_assert_cmpuint (combo_selected (d, "Host Level"), ==, QW_HOST_TOWNSHIP);
  e = qw_event_dialog_get_event (dialog);
  g_assert_cmpstr (e->name, ==, PREFIX "惠州市惠东县白花镇预选赛");
  g_assert_cmpint (e->host_level, ==, QW_HOST_TOWNSHIP);
  g_assert_cmpstr (e->prefecture, ==, "惠州市");
  forms = qw_event_dialog_get_name_forms (dialog);
  g_assert_cmpuint (g_strv_length (forms), ==, 3);
  g_assert_cmpstr (forms[1], ==, PREFIX "惠东（县）白花镇预选赛");
  g_assert_cmpstr (forms[2], ==, PREFIX "白花（镇）预选赛");
  g_assert_false (qw_event_dialog_has_problem (dialog, "host-level-place"));
  g_clear_pointer (&e, qw_event_free);

  /* A name typed with half-width brackets is warned about. */
  type_into (d, "Or Type the Name", PREFIX "白花(镇)预选赛");
  g_assert_true (qw_event_dialog_has_problem (dialog, "name-form"));
  g_assert_true (qw_event_dialog_get_can_save (dialog));
  type_into (d, "Or Type the Name", "");
  e = qw_event_dialog_get_event (dialog);
  g_assert_cmpstr (e->name, ==, PREFIX "惠州市惠东县白花镇预选赛");
  g_clear_pointer (&e, qw_event_free);

  /* The picture: the top, then the checks at the bottom (an end before the start, no arbiter). */
  type_into (d, "Last Day", "2021-07-01");
  qw_test_screenshot (d, "screenshot-event-dialog.png");
  scroll_to_bottom (d);
  qw_test_screenshot (d, "screenshot-event-dialog-checks.png");
  type_into (d, "Last Day", "2021-07-03");
  type_into (d, "Chief Arbiter", "陈国华");
  g_assert_false (qw_event_dialog_has_problem (dialog, "no-arbiter"));

  /* Saving is one step, undone from its toast. */
  g_signal_emit_by_name (qw_test_find_button (d, _("_Save")), "clicked");
  saved = g_strdup_printf (_("Saved: %s"), _("Stop details"));
  qw_test_wait_toast (GTK_WIDGET (window), saved);
  g_assert_null (qw_test_find_toplevel (QW_TYPE_EVENT_DIALOG));
  stored = qw_document_get_main_event (qw_window_get_document (window), &error);
  g_assert_cmpstr (stored->place_town, ==, "白花镇");
  g_assert_cmpint (stored->host_level, ==, QW_HOST_TOWNSHIP);
  g_assert_cmpstr (stored->chief_arbiter, ==, "陈国华");
  g_assert_cmpint (qw_date_compare (stored->end_date, stored->start_date), ==, 0);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, PREFIX "惠州市惠东县白花镇预选赛");
  g_clear_pointer (&stored, qw_event_free);

  press_toast_button (GTK_WIDGET (window));
  undone = g_strdup_printf (_("Undone: %s"), _("Stop details"));
  qw_test_wait_toast (GTK_WIDGET (window), undone);
  stored = qw_document_get_main_event (qw_window_get_document (window), &error);
  g_assert_cmpstr (stored->place_town, ==, "");
  g_assert_cmpint (stored->host_level, ==, QW_HOST_COUNTY);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, PREFIX "惠州市惠东县预选赛");
  g_clear_pointer (&stored, qw_event_free);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The new-stop dialog follows the place the same way: a 镇 makes 乡级. */
static void
test_new_stop (void)
{
  QwWindow *window = qw_test_new_window (1280, 800);
  QwNewStopDialog *dialog = qw_new_stop_dialog_new (GTK_WINDOW (window));
  GtkWidget *d = GTK_WIDGET (dialog);
  g_autoptr(QwEvent) event = qw_event_new ();
  g_autoptr(QwEvent) e = NULL;
  GtkWidget *create;

  event->region = g_strdup ("江苏");
  event->place_city = g_strdup ("苏州市");
  event->place_county = g_strdup ("昆山市");
  event->start_date = qw_date_make (2021, 8, 7);
  event->host = g_strdup ("昆山市象棋协会");
  qw_new_stop_dialog_set_event (dialog, event);
  gtk_window_present (GTK_WINDOW (dialog));
  qw_test_wait_mapped (d);
  create = qw_test_find_button (d, _("C_reate…"));
  g_assert_nonnull (create);
  e = qw_new_stop_dialog_get_event (dialog);
  g_assert_cmpint (e->host_level, ==, QW_HOST_COUNTY);
  g_assert_cmpstr (e->prefecture, ==, "苏州市");
  g_assert_cmpstr (e->county_city, ==, "昆山市");
  g_clear_pointer (&e, qw_event_free);

  type_into (d, "Town or Township", "周庄镇");
  e = qw_new_stop_dialog_get_event (dialog);
  g_assert_cmpint (e->host_level, ==, QW_HOST_TOWNSHIP);
  g_assert_cmpstr (e->name, ==, "2021年第六届全国象棋业余棋王赛江苏赛区苏州市昆山市周庄镇预选赛");
  g_clear_pointer (&e, qw_event_free);
  g_assert_true (gtk_widget_get_sensitive (create));

  /* An end before the start, or a date that does not read, blocks Create. */
  type_into (d, "Last Day", "2021-08-06");
  g_assert_false (gtk_widget_get_sensitive (create));
  type_into (d, "Last Day", "8月7日");
  g_assert_false (gtk_widget_get_sensitive (create));
  type_into (d, "Last Day", "2021-08-07");
  g_assert_true (gtk_widget_get_sensitive (create));

  /* A host level chosen by hand stays when the place changes. */
  adw_combo_row_set_selected (ADW_COMBO_ROW (find_child (d, ADW_TYPE_COMBO_ROW, _("Host Level"))), 2);
  type_into (d, "Town or Township", "锦溪镇");
  e = qw_new_stop_dialog_get_event (dialog);
  g_assert_cmpint (e->host_level, ==, QW_HOST_COUNTY);
  gtk_window_destroy (GTK_WINDOW (dialog));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int    argc,
      char **argv)
{
  qw_test_ui_init (&argc, &argv);
  tmp_dir = g_dir_make_tmp ("qiwang-ui-event-XXXXXX", NULL);
  g_test_add_func ("/ui-event/walk", test_walk);
  g_test_add_func ("/ui-event/new-stop", test_new_stop);
  return g_test_run ();
}
