/* qw-window-actions.c: the window's actions (win.*)
 *
 * What the header's buttons, the main menu and the shortcuts do: open and
 * make documents, close them, the event's details, the entries page's
 * actions forwarded to it, the exports and imports, undo and redo, the
 * results file, publishing, printing what the page shows, and the keyboard
 * shortcuts window. Installed on the class by _qw_window_class_actions_init().
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-window"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "qw-add-device-dialog.h"
#include "qw-demo.h"
#include "qw-devices-dialog.h"
#include "qw-error.h"
#include "qw-event-dialog.h"
#include "qw-export-results.h"
#include "qw-feedback.h"
#include "qw-file-chooser.h"
#include "qw-file-exports.h"
#include "qw-new-region-dialog.h"
#include "qw-new-stop-dialog.h"
#include "qw-print-dialog.h"
#include "qw-publish-dialog.h"
#include "qw-rounds-page.h"
#include "qw-ruleset-championship.h"
#include "qw-standings-page.h"
#include "qw-window-private.h"
#include "qw-event.h"

static void
open_chosen_cb (GtkWidget *owner,
                GPtrArray *files,
                gpointer   data)
{
  qw_window_open_file (QW_WINDOW (owner), g_ptr_array_index (files, 0));
}

static GtkFileFilter *
document_filter (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Qiwang Documents"));
  gtk_file_filter_add_pattern (filter, "*" QW_DOCUMENT_SUFFIX);
  gtk_file_filter_add_mime_type (filter, "application/x-qiwang");
  return filter;
}

static void
open_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  g_autoptr(GtkFileFilter) filter = document_filter ();
  QwFileQuestion question = { .action = GTK_FILE_CHOOSER_ACTION_OPEN, .title = _("Open a Document"),
                              .accept = _("_Open"), .filters = { filter } };

  qw_file_chooser_ask (widget, &question, open_chosen_cb, NULL, NULL);
}

/* win.open-file (path): what a page or a recent row opens. */
static void
open_file_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  g_autoptr(GFile) file = g_file_new_for_path (g_variant_get_string (parameter, NULL));

  qw_window_open_file (QW_WINDOW (widget), file);
}

static void
demo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  QwWindow *self = QW_WINDOW (widget);
  g_autofree char *path = qw_application_demo_path ();
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = NULL;
  g_autoptr(GFile) file = NULL;

  /* Another window may have the demo open: rewrite only when it is free. */
  if (self->context != NULL && g_strcmp0 (qw_document_get_path (qw_window_get_document (self)), path) == 0)
    return;
  doc = qw_demo_create (path, &error);
  if (doc == NULL)
    {
      qw_window_show_error (self, _("The demo could not be written"), error);
      return;
    }
  g_clear_object (&doc);
  file = g_file_new_for_path (path);
  qw_window_open_file (self, file);
}

static void
new_stop_created_cb (QwWindow *self,
                     GFile    *file)
{
  qw_window_open_file (self, file);
}

void
qw_window_open_new_stop_dialog (QwWindow *self)
{
  QwNewStopDialog *dialog = qw_new_stop_dialog_new (GTK_WINDOW (self));

  g_signal_connect_object (dialog, "created", G_CALLBACK (new_stop_created_cb), self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
new_stop_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  qw_window_open_new_stop_dialog (QW_WINDOW (widget));
}

void
qw_window_open_new_region_dialog (QwWindow       *self,
                                  QwDocumentKind  kind)
{
  QwNewRegionDialog *dialog = qw_new_region_dialog_new (GTK_WINDOW (self), kind);

  g_signal_connect_object (dialog, "created", G_CALLBACK (new_stop_created_cb), self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
new_region_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  qw_window_open_new_region_dialog (QW_WINDOW (widget), QW_DOCUMENT_REGION);
}

static void
new_national_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  qw_window_open_new_region_dialog (QW_WINDOW (widget), QW_DOCUMENT_NATIONAL);
}

static void
close_document_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  QwWindow *self = QW_WINDOW (widget);

  _qw_window_set_context (self, NULL, NULL);
  gtk_stack_set_visible_child_name (self->main_stack, "welcome");
  _qw_window_fill_recent (self);
  _qw_window_update_title (self);
  _qw_window_update_actions (self);
}

/* The stop's details (赛事信息): the dialog saves them as one undoable step. */
static void
event_details_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  QwWindow *self = QW_WINDOW (widget);

  if (event_of (self) == NULL)
    return;
  gtk_window_present (GTK_WINDOW (qw_event_dialog_new (GTK_WINDOW (self), self->context)));
}

/* The menu's and the shortcuts' entries actions show the entries page and
 * activate its own action there. */
static void
activate_on_entries (QwWindow   *self,
                     const char *action)
{
  if (event_of (self) == NULL)
    return;
  adw_view_stack_set_visible_child_name (self->view_stack, _qw_window_page_name (PAGE_ENTRIES));
  gtk_widget_activate_action (_qw_window_ensure_page (self, PAGE_ENTRIES), action, NULL);
}

static void
import_entries_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  activate_on_entries (QW_WINDOW (widget), "entries.import");
}

static void
export_entries_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  activate_on_entries (QW_WINDOW (widget), "entries.export");
}

static void
export_excel_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  QwWindow *self = QW_WINDOW (widget);
  QwExcelExport kind;

  if (event_of (self) != NULL && qw_excel_export_from_code (g_variant_get_string (parameter, NULL), &kind))
    qw_excel_export_choose (GTK_WINDOW (self), self->context, kind);
}

static void
import_trf_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  QwWindow *self = QW_WINDOW (widget);

  if (event_of (self) != NULL)
    qw_trf_import_choose (GTK_WINDOW (self), self->context);
}

/* The group the rounds page shows. */
static void
export_trf_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  QwWindow *self = QW_WINDOW (widget);
  const char *group;

  if (event_of (self) == NULL)
    return;
  group = qw_rounds_page_get_group (QW_ROUNDS_PAGE (_qw_window_ensure_page (self, PAGE_ROUNDS)));
  if (group == NULL)
    {
      g_autoptr(GError) error = g_error_new_literal (QW_ERROR, QW_ERROR_NOT_FOUND,
                                                     _("Choose the group on the rounds page first."));

      qw_feedback_error (GTK_WIDGET (self), _("No group to export"), error);
      return;
    }
  qw_trf_export_choose (GTK_WINDOW (self), self->context, group);
}

static void
add_entry_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  activate_on_entries (QW_WINDOW (widget), "entries.add");
}

static void
find_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  activate_on_entries (QW_WINDOW (widget), "entries.find");
}

/* Undo and redo take the document's last step back (do it again), whatever
 * page made it and whatever page is shown; the pages follow the document's
 * "changed" signal. A text field being typed in keeps Ctrl+Z for its text. */
static gboolean
text_takes_undo (QwWindow *self,
                 gboolean  undo)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));

  if (!GTK_IS_TEXT (focus) || !gtk_editable_get_editable (GTK_EDITABLE (focus))
      || !gtk_editable_get_enable_undo (GTK_EDITABLE (focus))
      || *gtk_editable_get_text (GTK_EDITABLE (focus)) == '\0')
    return FALSE;
  return gtk_widget_activate_action (focus, undo ? "text.undo" : "text.redo", NULL);
}

/* What win.undo and win.redo do: moves the open document's history one step
 * and says so in a toast whose button goes the other way. A step that can no
 * longer be taken back (another program changed its rows) changes nothing
 * and is shown as an error. */
static void
move_history (QwWindow *self,
              gboolean  undo)
{
  QwHistory *history = _qw_window_history (self);
  g_autoptr(GError) error = NULL;
  g_autofree char *label = NULL;
  g_autofree char *message = NULL;
  gboolean ok;

  if (history == NULL)
    return;
  /* The step the window shows; if another program's came after it and is
   * not shown yet, nothing is taken back (QW_ERROR_STALE). */
  ok = undo ? qw_document_undo (qw_document_context_get_document (self->context),
                                qw_history_get_undo_step (history), &label, &error)
            : qw_document_redo (qw_document_context_get_document (self->context),
                                qw_history_get_redo_step (history), &label, &error);
  if (!ok)
    {
      qw_window_show_error (self, undo ? _("The change could not be undone") : _("The change could not be redone"),
                            error);
      return;
    }
  /* Translators: the toast after an undo, "Undone: Result of round 3, board 5" */
  message = g_strdup_printf (undo ? _("Undone: %s") : _("Redone: %s"), label);
  qw_feedback_step_toast (GTK_WIDGET (self->toast_overlay), history, message,
                          undo ? QW_OFFER_REDO : QW_OFFER_UNDO);
}

static void
undo_or_redo (QwWindow *self,
              gboolean  undo)
{
  if (self->context == NULL || text_takes_undo (self, undo))
    return;
  move_history (self, undo);
}

static void
undo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  undo_or_redo (QW_WINDOW (widget), TRUE);
}

static void
redo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  undo_or_redo (QW_WINDOW (widget), FALSE);
}

/* The results file (成绩表) */

static void
export_toast_dismissed_cb (QwWindow *self)
{
  g_clear_object (&self->export_toast);
}

static void
set_exporting (QwWindow *self,
               gboolean  exporting)
{
  if (exporting)
    {
      self->export_cancellable = g_cancellable_new ();
      self->export_toast = qw_notice_new (_("Writing the results file…"));
      qw_notice_set_timeout (self->export_toast, 0);
      g_signal_connect_object (self->export_toast, "dismissed", G_CALLBACK (export_toast_dismissed_cb), self,
                               G_CONNECT_SWAPPED);
      qw_feedback_add_notice (GTK_WIDGET (self->toast_overlay), g_object_ref (self->export_toast));
    }
  else
    {
      g_clear_object (&self->export_cancellable);
      if (self->export_toast != NULL)
        qw_notice_dismiss (self->export_toast);
    }
  _qw_window_update_actions (self);
}

static void
results_exported_cb (GObject      *source,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  g_autoptr(QwWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(QwExportedResults) exported = qw_export_results_finish (result, &error);
  g_autofree char *message = NULL;

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      /* Disposed: nothing more to do; another document opened: free again. */
      if (self->export_cancellable != NULL)
        set_exporting (self, FALSE);
      return;
    }
  set_exporting (self, FALSE);
  if (exported == NULL)
    {
      qw_window_show_error (self, _("The results file could not be written"), error);
      return;
    }
  /* The file's name is the stop's, long: the button shows where it is. */
  message = g_strdup_printf (exported->public_form
                             ? ngettext ("Public results file written (%d player)",
                                         "Public results file written (%d players)", exported->players)
                             : ngettext ("Results file written (%d player)",
                                         "Results file written (%d players)", exported->players),
                             exported->players);
  qw_feedback_file_toast (GTK_WIDGET (self->toast_overlay), message, exported->path, TRUE);
}

/**
 * qw_window_export_results:
 * @public_form: the public form (ID numbers masked, no dates of birth)
 *
 * Writes the results file of the open event to @file in a worker thread; a
 * toast says it is being written, then where it went. The open document
 * itself (or any Qiwang document) is never written over: an error says so
 * and nothing is written. Returns whether the writing started.
 */
gboolean
qw_window_export_results (QwWindow *self,
                          GFile    *file,
                          gboolean  public_form)
{
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (QW_IS_WINDOW (self), FALSE);

  if (event_of (self) == NULL || self->export_cancellable != NULL
      || !qw_ruleset_offers (qw_document_context_get_ruleset (self->context), QW_RULESET_REGIONS))
    return FALSE;
  if (!qw_export_results_check_path (qw_window_get_document (self), file, &error))
    {
      qw_window_show_error (self, _("The results file was not written"), error);
      return FALSE;
    }
  set_exporting (self, TRUE);
  qw_export_results_async (qw_window_get_document (self), file, public_form, self->export_cancellable,
                           results_exported_cb, g_object_ref (self));
  return TRUE;
}

gboolean
qw_window_is_exporting (QwWindow *self)
{
  g_return_val_if_fail (QW_IS_WINDOW (self), FALSE);
  return self->export_cancellable != NULL;
}

/* @data: whether the public form was asked for */
static void
export_results_chosen_cb (GtkWidget *owner,
                          GPtrArray *files,
                          gpointer   data)
{
  qw_window_export_results (QW_WINDOW (owner), g_ptr_array_index (files, 0), GPOINTER_TO_INT (data));
}

static void
export_results_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  QwWindow *self = QW_WINDOW (widget);
  gboolean public_form = g_str_equal (g_variant_get_string (parameter, NULL), "public");
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  QwFileQuestion question = { .action = GTK_FILE_CHOOSER_ACTION_SAVE,
                              .title = public_form ? _("Export the Public Results File") : _("Export the Results File"),
                              .accept = _("_Export"), .filters = { filter } };
  g_autofree char *stop = NULL;
  g_autofree char *name = NULL;

  if (event_of (self) == NULL)
    return;
  stop = _qw_window_short_name (self, event_of (self)->name);
  /* Translators: file names: "广东赛区…预选赛-成绩表.xml", "…-成绩表-公开.xml" */
  name = g_strdup_printf (public_form ? _("%s-results-public.xml") : _("%s-results.xml"), stop);
  g_strdelimit (name, "/\\:", '-');
  gtk_file_filter_set_name (filter, _("Results files (.xml)"));
  gtk_file_filter_add_pattern (filter, "*.xml");
  gtk_file_filter_add_pattern (filter, "*.XML");
  question.name = name;
  qw_file_chooser_ask (widget, &question, export_results_chosen_cb, GINT_TO_POINTER (public_form), NULL);
}

/* 发布到场馆网络: qw-publish-dialog.c does the rest. */
static void
publish_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  if (event_of (QW_WINDOW (widget)) != NULL)
    qw_publish_dialog_present (GTK_WINDOW (widget));
}

/* 场馆网络 › 设备: the devices and their rights (qw-devices-dialog.c). */
static void
devices_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  if (event_of (QW_WINDOW (widget)) != NULL)
    qw_devices_dialog_present (GTK_WINDOW (widget));
}

/* 场馆网络 › 添加设备 (qw-add-device-dialog.c). */
static void
add_device_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  QwWindow *self = QW_WINDOW (widget);

  if (event_of (self) != NULL)
    gtk_window_present (GTK_WINDOW (qw_add_device_dialog_new (GTK_WINDOW (self), self->context)));
}

/* Opens the print dialog on what the page shows: the rounds page's group and
 * round as a pairing sheet (its starting ranks before round 1), the standings
 * page's group as standings, and the booklet from the entries page. */
static void
print_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  QwWindow *self = QW_WINDOW (widget);
  QwPrintKind kind = QW_PRINT_BOOKLET;
  const char *group = NULL;
  int round = 0;
  QwPrintDialog *dialog;

  if (event_of (self) == NULL)
    return;
  switch (_qw_window_visible_page (self))
    {
    case PAGE_ROUNDS:
      group = qw_rounds_page_get_group (QW_ROUNDS_PAGE (_qw_window_ensure_page (self, PAGE_ROUNDS)));
      round = qw_rounds_page_get_round (QW_ROUNDS_PAGE (_qw_window_ensure_page (self, PAGE_ROUNDS)));
      /* Before round 1 the page shows the starting ranks. */
      kind = round > 0 ? QW_PRINT_PAIRINGS : QW_PRINT_SEEDING;
      break;
    case PAGE_STANDINGS:
      kind = QW_PRINT_STANDINGS;
      group = qw_standings_page_get_group (QW_STANDINGS_PAGE (_qw_window_ensure_page (self, PAGE_STANDINGS)));
      break;
    case PAGE_PRIZES:
      kind = QW_PRINT_PRIZES;
      break;
    case PAGE_REGION:
    case PAGE_NATIONAL:
    case PAGE_LADDER:
    case PAGE_ENTRIES:
    case N_PAGES:
    default:
      break;
    }
  dialog = qw_print_dialog_new (GTK_WINDOW (self), qw_window_get_document (self), kind, group, round);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Ctrl+R wherever the focus is, while the rounds page is shown. */
static void
pair_next_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  QwWindow *self = QW_WINDOW (widget);

  if (self->context != NULL && _qw_window_visible_page (self) == PAGE_ROUNDS)
    gtk_widget_activate_action (_qw_window_ensure_page (self, PAGE_ROUNDS), "rounds.pair-next", NULL);
}

static void
show_page_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  qw_window_show_page (QW_WINDOW (widget), g_variant_get_string (parameter, NULL));
}

/* Alt+1, Alt+2, …: the pages the document offers, in the switcher's order
 * (a stop has no region page, a final its ladder and prizes). */
static void
show_page_at_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  QwWindow *self = QW_WINDOW (widget);
  Page page;

  if (_qw_window_offered_page (self, g_variant_get_int32 (parameter), &page))
    qw_window_show_page (self, _qw_window_page_name (page));
}

/* The shortcuts window's "Pages" group lists the pages this document
 * offers, with their keys (show_page_at_action()), and no other. */
static char *
shortcuts_ui_with_pages (QwWindow *self)
{
  g_autoptr(GBytes) bytes = g_resources_lookup_data ("/cn/qiwang/Qiwang/ui/qw-shortcuts-window.ui", 0, NULL);
  const char *ui = g_bytes_get_data (bytes, NULL);
  const char *marker = strstr (ui, "context=\"shortcut window\">Pages</property>");
  g_autoptr(GString) pages = g_string_new (NULL);
  g_autoptr(GString) text = g_string_new (NULL);
  Page page;

  g_return_val_if_fail (marker != NULL, g_strdup (ui));
  marker = strstr (marker, "</property>") + strlen ("</property>");
  for (int n = 1; n <= 9 && _qw_window_offered_page (self, n, &page); n++)
    {
      g_autofree char *title = g_markup_escape_text (_qw_window_page_title (self, page), -1);

      g_string_append_printf (pages, "<child><object class=\"GtkShortcutsShortcut\">"
                                     "<property name=\"title\">%s</property>"
                                     "<property name=\"accelerator\">&lt;Alt&gt;%d</property>"
                                     "</object></child>", title, n);
    }
  g_string_append_len (text, ui, marker - ui);
  g_string_append (text, pages->str);
  g_string_append (text, marker);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* GTK fills in the keys of the shortcuts that name an action only for the
 * help overlay it builds itself: this one asks the application. */
static void
fill_action_accels (GtkApplication *app,
                    GtkWidget      *widget)
{
  if (GTK_IS_SHORTCUTS_SHORTCUT (widget))
    {
      g_autofree char *action = NULL;

      g_object_get (widget, "action-name", &action, NULL);
      if (action != NULL)
        {
          g_auto(GStrv) accels = gtk_application_get_accels_for_action (app, action);
          g_autofree char *joined = g_strjoinv (" ", accels);

          g_object_set (widget, "accelerator", joined, NULL);
        }
    }
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    fill_action_accels (app, c);
}

/* The keyboard shortcuts window, built when asked for (not with every
 * window, as GtkApplication does with gtk/help-overlay.ui), for the pages
 * the document offers then. */
static void
show_help_overlay_action (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  QwWindow *self = QW_WINDOW (widget);
  g_autofree char *ui = shortcuts_ui_with_pages (self);
  g_autoptr(GtkBuilder) builder = gtk_builder_new_from_string (ui, -1);
  Page first;

  if (self->shortcuts != NULL)
    gtk_window_destroy (self->shortcuts);
  g_clear_object (&self->shortcuts);
  self->shortcuts = GTK_WINDOW (g_object_ref (gtk_builder_get_object (builder, "help_overlay")));
  gtk_widget_set_visible (GTK_WIDGET (gtk_builder_get_object (builder, "pages_group")),
                          _qw_window_offered_page (self, 1, &first));
  gtk_window_set_transient_for (self->shortcuts, GTK_WINDOW (self));
  gtk_window_set_destroy_with_parent (self->shortcuts, TRUE);
  if (get_app (self) != NULL)
    {
      gtk_window_set_application (self->shortcuts, GTK_APPLICATION (get_app (self)));
      fill_action_accels (GTK_APPLICATION (get_app (self)), GTK_WIDGET (self->shortcuts));
    }
  gtk_window_present (self->shortcuts);
}

void
_qw_window_class_actions_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.open", NULL, open_action);
  gtk_widget_class_install_action (widget_class, "win.open-file", "s", open_file_action);
  gtk_widget_class_install_action (widget_class, "win.demo", NULL, demo_action);
  gtk_widget_class_install_action (widget_class, "win.new-stop", NULL, new_stop_action);
  gtk_widget_class_install_action (widget_class, "win.new-region", NULL, new_region_action);
  gtk_widget_class_install_action (widget_class, "win.new-national", NULL, new_national_action);
  gtk_widget_class_install_action (widget_class, "win.close-document", NULL, close_document_action);
  gtk_widget_class_install_action (widget_class, "win.event-details", NULL, event_details_action);
  gtk_widget_class_install_action (widget_class, "win.import-entries", NULL, import_entries_action);
  gtk_widget_class_install_action (widget_class, "win.export-entries", NULL, export_entries_action);
  gtk_widget_class_install_action (widget_class, "win.add-entry", NULL, add_entry_action);
  gtk_widget_class_install_action (widget_class, "win.export-excel", "s", export_excel_action);
  gtk_widget_class_install_action (widget_class, "win.import-trf", NULL, import_trf_action);
  gtk_widget_class_install_action (widget_class, "win.export-trf", NULL, export_trf_action);
  gtk_widget_class_install_action (widget_class, "win.find", NULL, find_action);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, redo_action);
  gtk_widget_class_install_action (widget_class, "win.show-page", "s", show_page_action);
  gtk_widget_class_install_action (widget_class, "win.show-page-at", "i", show_page_at_action);
  for (int n = 1; n <= 9; n++)
    gtk_widget_class_add_binding_action (widget_class, GDK_KEY_1 + n - 1, GDK_ALT_MASK, "win.show-page-at", "i", n);
  gtk_widget_class_install_action (widget_class, "win.print", NULL, print_action);
  gtk_widget_class_install_action (widget_class, "win.publish", NULL, publish_action);
  gtk_widget_class_install_action (widget_class, "win.devices", NULL, devices_action);
  gtk_widget_class_install_action (widget_class, "win.add-device", NULL, add_device_action);
  gtk_widget_class_install_action (widget_class, "win.export-results", "s", export_results_action);
  gtk_widget_class_install_action (widget_class, "win.pair-next", NULL, pair_next_action);
  gtk_widget_class_install_action (widget_class, "win.show-help-overlay", NULL, show_help_overlay_action);
}
