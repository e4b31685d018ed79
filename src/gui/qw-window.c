/* qw-window.c: the main window, a welcome page or an open document
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-window"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "qw-demo.h"
#include "qw-entries-page.h"
#include "qw-error.h"
#include "qw-national-page.h"
#include "qw-new-region-dialog.h"
#include "qw-new-stop-dialog.h"
#include "qw-print-dialog.h"
#include "qw-rounds-page.h"
#include "qw-standings-page.h"
#include "qw-region-page.h"
#include "qw-region.h"
#include "qw-window.h"
#include "qw-document-entries.h"
#include "qw-event.h"

struct _QwWindow
{
  AdwApplicationWindow  parent_instance;

  AdwToastOverlay      *toast_overlay;
  AdwHeaderBar         *header_bar;
  GtkStack             *title_stack;
  AdwWindowTitle       *window_title;
  AdwViewSwitcherTitle *switcher_title;
  GtkStack             *main_stack;
  AdwViewStack         *view_stack;
  GtkListBox           *recent_list;
  AdwPreferencesGroup  *recent_group;
  GtkWidget            *undo_button;
  GtkWidget            *print_button;
  QwEntriesPage        *entries_page;
  QwRoundsPage         *rounds_page;
  QwStandingsPage      *standings_page;
  QwRegionPage         *region_page;
  QwNationalPage       *national_page;

  QwDocument           *doc;
  QwEvent              *event;          /* the locally run event; NULL in a region without one */
  QwRuleset            *ruleset;
  GFile                *file;
};

G_DEFINE_FINAL_TYPE (QwWindow, qw_window, ADW_TYPE_APPLICATION_WINDOW)

static QwApplication *
get_app (QwWindow *self)
{
  return QW_APPLICATION (gtk_window_get_application (GTK_WINDOW (self)));
}

static void
update_actions (QwWindow *self)
{
  gboolean has_doc = self->doc != NULL;
  static const char *doc_actions[] = {
    "win.close-document", "win.import-entries", "win.export-entries", "win.add-entry", "win.find",
    "win.print",
  };

  for (guint i = 0; i < G_N_ELEMENTS (doc_actions); i++)
    gtk_widget_action_set_enabled (GTK_WIDGET (self), doc_actions[i], has_doc);
  /* A region or national document may run no event of its own: no entries. */
  for (guint i = 1; i < G_N_ELEMENTS (doc_actions); i++)
    gtk_widget_action_set_enabled (GTK_WIDGET (self), doc_actions[i], has_doc && self->event != NULL);
  gtk_widget_set_visible (self->undo_button, has_doc);
}

/* A region document is about its region ("广东赛区"), a national one about
 * the season's nominees. */
static char *
document_title (QwWindow *self)
{
  g_autofree char *region = qw_document_get_meta (self->doc, "region");

  if (qw_document_get_kind (self->doc) == QW_DOCUMENT_NATIONAL)
    /* Translators: the title of a national document, "2021年第六届全国象棋业余棋王赛 Nominees" */
    return g_strdup_printf (_("%s Nominees"), self->ruleset->name);
  if (region == NULL || region[0] == '\0')
    return g_strdup (self->ruleset->name);
  return g_strconcat (region, self->ruleset->region_suffix != NULL ? self->ruleset->region_suffix : "", NULL);
}

static void
update_title (QwWindow *self)
{
  g_autofree char *basename = NULL;

  if (self->doc == NULL)
    {
      gtk_window_set_title (GTK_WINDOW (self), _("Qiwang"));
      gtk_stack_set_visible_child_name (self->title_stack, "welcome");
      return;
    }
  basename = g_file_get_basename (self->file);
  if (qw_document_get_kind (self->doc) != QW_DOCUMENT_STOP)
    {
      g_autofree char *title = document_title (self);

      adw_view_switcher_title_set_title (self->switcher_title, title);
      adw_view_switcher_title_set_subtitle (self->switcher_title, basename);
      gtk_window_set_title (GTK_WINDOW (self), title);
      gtk_stack_set_visible_child_name (self->title_stack, "document");
      return;
    }
  adw_view_switcher_title_set_title (self->switcher_title,
                                     self->event != NULL && self->event->name[0] != '\0'
                                     ? self->event->name : basename);
  adw_view_switcher_title_set_subtitle (self->switcher_title, basename);
  gtk_window_set_title (GTK_WINDOW (self), self->event != NULL ? self->event->name : basename);
  gtk_stack_set_visible_child_name (self->title_stack, "document");
}

static GtkWidget *
recent_row_new (const char *path)
{
  GtkWidget *row = adw_action_row_new ();
  g_autofree char *name = g_path_get_basename (path);
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *escaped_name = g_markup_escape_text (name, -1);
  g_autofree char *escaped_dir = g_markup_escape_text (dir, -1);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), escaped_name);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), escaped_dir);
  adw_action_row_add_prefix (ADW_ACTION_ROW (row), gtk_image_new_from_icon_name ("x-office-document-symbolic"));
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), gtk_image_new_from_icon_name ("go-next-symbolic"));
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  g_object_set_data_full (G_OBJECT (row), "path", g_strdup (path), g_free);
  return row;
}

static void
fill_recent (QwWindow *self)
{
  g_auto(GStrv) recent = NULL;
  GtkWidget *child;
  guint shown = 0;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->recent_list))) != NULL)
    gtk_list_box_remove (self->recent_list, child);
  if (get_app (self) == NULL)
    {
      gtk_widget_set_visible (GTK_WIDGET (self->recent_group), FALSE);
      return;
    }
  recent = qw_application_get_recent (get_app (self));
  for (guint i = 0; recent[i] != NULL; i++)
    if (g_file_test (recent[i], G_FILE_TEST_IS_REGULAR))
      {
        gtk_list_box_append (self->recent_list, recent_row_new (recent[i]));
        shown++;
      }
  gtk_widget_set_visible (GTK_WIDGET (self->recent_group), shown > 0);
}

static void
recent_row_activated_cb (QwWindow      *self,
                         GtkListBoxRow *row)
{
  const char *path = g_object_get_data (G_OBJECT (row), "path");
  g_autoptr(GFile) file = g_file_new_for_path (path);

  qw_window_open_file (self, file);
}

static void
page_changed_cb (QwWindow *self)
{
  const char *name = adw_view_stack_get_visible_child_name (self->view_stack);

  /* Every page of a stop prints; the region and national pages have their own exports. */
  gtk_widget_set_visible (self->print_button, self->doc != NULL && self->event != NULL
                                             && g_strcmp0 (name, "region") != 0
                                             && g_strcmp0 (name, "national") != 0);
  /* Results may have changed on the rounds page. */
  if (self->doc != NULL && self->event != NULL && g_strcmp0 (name, "standings") == 0)
    qw_standings_page_refresh (self->standings_page);
}

void
qw_window_show_toast (QwWindow   *self,
                      const char *message)
{
  adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (message));
}

/* Errors go to the user in Chinese, with what happened in the heading and the
 * core's specific message as the body, and to the log. */
void
qw_window_show_error (QwWindow     *self,
                      const char   *heading,
                      const GError *error)
{
  GtkWidget *dialog;

  g_warning ("%s: %s", heading, error != NULL ? error->message : "");
  dialog = adw_message_dialog_new (GTK_WINDOW (self), heading, error != NULL ? error->message : NULL);
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

/**
 * qw_window_toast_for:
 * @widget: any widget inside a #QwWindow
 *
 * Shows a toast on the window that holds @widget (nothing if it has none).
 */
void
qw_window_toast_for (GtkWidget  *widget,
                     const char *message)
{
  GtkRoot *root = gtk_widget_get_root (widget);

  if (QW_IS_WINDOW (root))
    qw_window_show_toast (QW_WINDOW (root), message);
}

/**
 * qw_window_undo_toast_for:
 * @undo: called as undo (@instance) when the toast's Undo button is pressed
 * @instance: a GObject; the button does nothing once it is finalized
 *
 * Shows a toast with an Undo button on the window that holds @widget.
 */
void
qw_window_undo_toast_for (GtkWidget  *widget,
                          const char *message,
                          GCallback   undo,
                          gpointer    instance)
{
  GtkWidget *overlay = gtk_widget_get_ancestor (widget, ADW_TYPE_TOAST_OVERLAY);
  AdwToast *toast;

  if (overlay == NULL)
    return;
  toast = adw_toast_new (message);
  adw_toast_set_button_label (toast, _("_Undo"));
  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  g_signal_connect_object (toast, "button-clicked", undo, instance, G_CONNECT_SWAPPED);
  adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay), toast);
}

/**
 * qw_window_error_for:
 * @widget: any widget inside a window
 *
 * Shows an error over the window that holds @widget, and logs it.
 */
void
qw_window_error_for (GtkWidget    *widget,
                     const char   *heading,
                     const GError *error)
{
  GtkRoot *root = gtk_widget_get_root (widget);

  if (QW_IS_WINDOW (root))
    qw_window_show_error (QW_WINDOW (root), heading, error);
  else
    g_warning ("%s: %s", heading, error != NULL ? error->message : "");
}

static void
clear_document (QwWindow *self)
{
  qw_entries_page_set_document (self->entries_page, NULL, NULL, NULL);
  qw_rounds_page_set_document (self->rounds_page, NULL, NULL, NULL);
  qw_standings_page_set_document (self->standings_page, NULL, NULL, NULL);
  qw_region_page_set_document (self->region_page, NULL, NULL);
  qw_national_page_set_document (self->national_page, NULL, NULL);
  g_clear_object (&self->doc);
  g_clear_pointer (&self->event, qw_event_free);
  g_clear_pointer (&self->ruleset, qw_ruleset_unref);
  g_clear_object (&self->file);
}

static void
document_changed_cb (QwWindow   *self,
                     const char *what,
                     QwDocument *doc)
{
  g_autoptr(QwEvent) event = NULL;

  if (g_strcmp0 (what, "events") != 0 || self->event == NULL)
    return;
  event = qw_document_get_event (doc, self->event->id, NULL);
  if (event == NULL)
    return;
  g_clear_pointer (&self->event, qw_event_free);
  self->event = g_steal_pointer (&event);
  update_title (self);
}

/* A stop document is about its event; a region or national document holds
 * its region's (or the regions') data, and may run an event of its own,
 * such as the provincial final. */
static gboolean
load_document (QwDocument  *doc,
               QwEvent    **event,
               QwRuleset  **ruleset,
               GError     **error)
{
  g_autoptr(GError) local_error = NULL;

  if (qw_document_get_kind (doc) == QW_DOCUMENT_STOP)
    {
      *event = qw_document_get_main_event (doc, error);
      if (*event != NULL)
        *ruleset = qw_ruleset_lookup ((*event)->ruleset, error);
      return *ruleset != NULL;
    }
  *ruleset = qw_document_region_ruleset (doc, error);
  if (*ruleset == NULL)
    return FALSE;
  *event = qw_document_get_main_event (doc, &local_error);
  if (*event == NULL && !g_error_matches (local_error, QW_ERROR, QW_ERROR_NOT_FOUND))
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  return TRUE;
}

/* The region page for a region document, the national page for a national
 * one; the pages of an event (entries, …) when the document runs one. */
static void
show_pages_for (QwWindow       *self,
                QwDocumentKind  kind)
{
  g_autoptr(GtkSelectionModel) pages = adw_view_stack_get_pages (self->view_stack);
  const char *first = kind == QW_DOCUMENT_REGION ? "region"
                      : kind == QW_DOCUMENT_NATIONAL ? "national" : "entries";

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (pages)); i++)
    {
      g_autoptr(AdwViewStackPage) page = g_list_model_get_item (G_LIST_MODEL (pages), i);
      const char *name = adw_view_stack_page_get_name (page);
      gboolean visible;

      if (g_strcmp0 (name, "region") == 0)
        visible = kind == QW_DOCUMENT_REGION;
      else if (g_strcmp0 (name, "national") == 0)
        visible = kind == QW_DOCUMENT_NATIONAL;
      else
        visible = self->event != NULL;
      adw_view_stack_page_set_visible (page, visible);
    }
  adw_view_stack_set_visible_child_name (self->view_stack, first);
}

/**
 * qw_window_open_file:
 *
 * Opens a document in this window. Errors (a damaged file, a newer version)
 * are shown, and the window keeps what it had.
 */
gboolean
qw_window_open_file (QwWindow *self,
                     GFile    *file)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_file_get_path (file);
  g_autoptr(QwDocument) doc = NULL;
  g_autoptr(QwEvent) event = NULL;
  g_autoptr(QwRuleset) ruleset = NULL;

  g_return_val_if_fail (QW_IS_WINDOW (self), FALSE);

  if (path == NULL)
    {
      g_set_error (&error, QW_ERROR, QW_ERROR_IO, _("Only local files can be opened"));
      qw_window_show_error (self, _("The document could not be opened"), error);
      return FALSE;
    }
  doc = qw_document_open (path, &error);
  if (doc != NULL && !load_document (doc, &event, &ruleset, &error))
    g_clear_object (&doc);
  if (doc == NULL)
    {
      qw_window_show_error (self, _("The document could not be opened"), error);
      return FALSE;
    }
  clear_document (self);
  self->doc = g_steal_pointer (&doc);
  /* Every step from now on can be undone (qw_document_get_history ()). */
  qw_document_enable_history (self->doc);
  self->event = g_steal_pointer (&event);
  self->ruleset = g_steal_pointer (&ruleset);
  self->file = g_object_ref (file);
  g_signal_connect_object (self->doc, "changed", G_CALLBACK (document_changed_cb), self, G_CONNECT_SWAPPED);
  if (self->event != NULL)
    {
      qw_entries_page_set_document (self->entries_page, self->doc, self->event, self->ruleset);
      qw_rounds_page_set_document (self->rounds_page, self->doc, self->event, self->ruleset);
      qw_standings_page_set_document (self->standings_page, self->doc, self->event, self->ruleset);
    }
  if (qw_document_get_kind (self->doc) == QW_DOCUMENT_REGION)
    qw_region_page_set_document (self->region_page, self->doc, self->ruleset);
  if (qw_document_get_kind (self->doc) == QW_DOCUMENT_NATIONAL)
    qw_national_page_set_document (self->national_page, self->doc, self->ruleset);
  show_pages_for (self, qw_document_get_kind (self->doc));
  gtk_stack_set_visible_child_name (self->main_stack, "document");
  if (get_app (self) != NULL)
    qw_application_add_recent (get_app (self), file);
  update_title (self);
  update_actions (self);
  page_changed_cb (self);
  return TRUE;
}

gboolean
qw_window_has_document (QwWindow *self)
{
  return self->doc != NULL;
}

QwDocument *
qw_window_get_document (QwWindow *self)
{
  return self->doc;
}

void
qw_window_show_page (QwWindow   *self,
                     const char *name)
{
  GtkWidget *child = adw_view_stack_get_child_by_name (self->view_stack, name);

  /* A region document has no rounds, a stop document no region page. */
  if (self->doc != NULL && child != NULL
      && adw_view_stack_page_get_visible (adw_view_stack_get_page (self->view_stack, child)))
    adw_view_stack_set_visible_child_name (self->view_stack, name);
}

GtkWidget *
qw_window_get_page (QwWindow   *self,
                    const char *name)
{
  return adw_view_stack_get_child_by_name (self->view_stack, name);
}

/* Actions */

static void
open_response_cb (GtkNativeDialog *chooser,
                  int              response,
                  QwWindow        *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));

      qw_window_open_file (self, file);
    }
  gtk_native_dialog_destroy (chooser);
  g_object_unref (chooser);
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
  QwWindow *self = QW_WINDOW (widget);
  GtkFileChooserNative *chooser;
  g_autoptr(GtkFileFilter) filter = document_filter ();

  chooser = gtk_file_chooser_native_new (_("Open a Document"), GTK_WINDOW (self),
                                         GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  g_signal_connect (chooser, "response", G_CALLBACK (open_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
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
  if (self->doc != NULL && g_strcmp0 (qw_document_get_path (self->doc), path) == 0)
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
  qw_window_open_new_region_dialog (QW_WINDOW (widget), g_str_equal (action_name, "win.new-national")
                                                        ? QW_DOCUMENT_NATIONAL : QW_DOCUMENT_REGION);
}

static void
close_document_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  QwWindow *self = QW_WINDOW (widget);

  clear_document (self);
  gtk_stack_set_visible_child_name (self->main_stack, "welcome");
  fill_recent (self);
  update_title (self);
  update_actions (self);
}

static void
forward_to_entries (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  QwWindow *self = QW_WINDOW (widget);

  if (self->doc == NULL)
    return;
  adw_view_stack_set_visible_child_name (self->view_stack, "entries");
  qw_entries_page_activate_action (self->entries_page, action_name + strlen ("win."));
}

static void
undo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  QwWindow *self = QW_WINDOW (widget);
  const char *page = adw_view_stack_get_visible_child_name (self->view_stack);

  if (self->doc == NULL)
    return;
  if (g_strcmp0 (page, "region") == 0 && g_str_equal (action_name, "win.undo"))
    qw_region_page_undo (self->region_page);
  else if (g_strcmp0 (page, "region") == 0 || g_strcmp0 (page, "national") == 0)
    qw_window_show_toast (self, _("Nothing to redo"));
  else
    qw_entries_page_activate_action (self->entries_page, action_name + strlen ("win."));
}

/* Opens the print dialog on what the page shows: the rounds page's group and
 * round as a pairing sheet, the standings page's group as standings, and the
 * booklet from the entries page. */
static void
print_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  QwWindow *self = QW_WINDOW (widget);
  const char *page = adw_view_stack_get_visible_child_name (self->view_stack);
  QwPrintKind kind = QW_PRINT_BOOKLET;
  const char *group = NULL;
  int round = 0;
  QwPrintDialog *dialog;

  if (self->doc == NULL)
    return;
  if (g_strcmp0 (page, "rounds") == 0)
    {
      kind = QW_PRINT_PAIRINGS;
      group = qw_rounds_page_get_group (self->rounds_page);
      round = qw_rounds_page_get_round (self->rounds_page);
    }
  else if (g_strcmp0 (page, "standings") == 0)
    {
      kind = QW_PRINT_STANDINGS;
      group = qw_standings_page_get_group (self->standings_page);
    }
  dialog = qw_print_dialog_new (GTK_WINDOW (self), self->doc, kind, group, round);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
show_page_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  qw_window_show_page (QW_WINDOW (widget), g_variant_get_string (parameter, NULL));
}

/* Lifecycle */

static void
save_window_state (QwWindow *self)
{
  QwApplication *app = get_app (self);
  GSettings *settings = app != NULL ? qw_application_get_settings (app) : NULL;
  int width, height;

  if (settings == NULL)
    return;
  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  g_settings_set_int (settings, "window-width", width);
  g_settings_set_int (settings, "window-height", height);
  g_settings_set_boolean (settings, "window-maximized", gtk_window_is_maximized (GTK_WINDOW (self)));
}

static gboolean
qw_window_close_request (GtkWindow *window)
{
  save_window_state (QW_WINDOW (window));
  return GTK_WINDOW_CLASS (qw_window_parent_class)->close_request (window);
}

static void
qw_window_dispose (GObject *object)
{
  QwWindow *self = QW_WINDOW (object);

  clear_document (self);
  gtk_widget_dispose_template (GTK_WIDGET (self), QW_TYPE_WINDOW);
  G_OBJECT_CLASS (qw_window_parent_class)->dispose (object);
}

static void
qw_window_constructed (GObject *object)
{
  QwWindow *self = QW_WINDOW (object);
  QwApplication *app = get_app (self);
  GSettings *settings = app != NULL ? qw_application_get_settings (app) : NULL;

  G_OBJECT_CLASS (qw_window_parent_class)->constructed (object);
  if (settings != NULL)
    {
      gtk_window_set_default_size (GTK_WINDOW (self), g_settings_get_int (settings, "window-width"),
                                   g_settings_get_int (settings, "window-height"));
      if (g_settings_get_boolean (settings, "window-maximized"))
        gtk_window_maximize (GTK_WINDOW (self));
    }
  fill_recent (self);
}

static void
qw_window_class_init (QwWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = qw_window_dispose;
  object_class->constructed = qw_window_constructed;
  GTK_WINDOW_CLASS (klass)->close_request = qw_window_close_request;

  g_type_ensure (QW_TYPE_ENTRIES_PAGE);
  g_type_ensure (QW_TYPE_ROUNDS_PAGE);
  g_type_ensure (QW_TYPE_STANDINGS_PAGE);
  g_type_ensure (QW_TYPE_REGION_PAGE);
  g_type_ensure (QW_TYPE_NATIONAL_PAGE);
  gtk_widget_class_set_template_from_resource (widget_class, "/cn/qiwang/Qiwang/ui/qw-window.ui");
  gtk_widget_class_bind_template_child (widget_class, QwWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, QwWindow, header_bar);
  gtk_widget_class_bind_template_child (widget_class, QwWindow, title_stack);
  gtk_widget_class_bind_template_child (widget_class, QwWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, QwWindow, switcher_title);
  gtk_widget_class_bind_template_child (widget_class, QwWindow, main_stack);
  gtk_widget_class_bind_template_child (widget_class, QwWindow, view_stack);
  gtk_widget_class_bind_template_child (widget_class, QwWindow, recent_list);
  gtk_widget_class_bind_template_child (widget_class, QwWindow, recent_group);
  gtk_widget_class_bind_template_child (widget_class, QwWindow, undo_button);
  gtk_widget_class_bind_template_child (widget_class, QwWindow, print_button);
  gtk_widget_class_bind_template_child (widget_class, QwWindow, entries_page);
  gtk_widget_class_bind_template_child (widget_class, QwWindow, rounds_page);
  gtk_widget_class_bind_template_child (widget_class, QwWindow, standings_page);
  gtk_widget_class_bind_template_child (widget_class, QwWindow, region_page);
  gtk_widget_class_bind_template_child (widget_class, QwWindow, national_page);
  gtk_widget_class_bind_template_callback (widget_class, recent_row_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, page_changed_cb);

  gtk_widget_class_install_action (widget_class, "win.open", NULL, open_action);
  gtk_widget_class_install_action (widget_class, "win.demo", NULL, demo_action);
  gtk_widget_class_install_action (widget_class, "win.new-stop", NULL, new_stop_action);
  gtk_widget_class_install_action (widget_class, "win.new-region", NULL, new_region_action);
  gtk_widget_class_install_action (widget_class, "win.new-national", NULL, new_region_action);
  gtk_widget_class_install_action (widget_class, "win.close-document", NULL, close_document_action);
  gtk_widget_class_install_action (widget_class, "win.import-entries", NULL, forward_to_entries);
  gtk_widget_class_install_action (widget_class, "win.export-entries", NULL, forward_to_entries);
  gtk_widget_class_install_action (widget_class, "win.add-entry", NULL, forward_to_entries);
  gtk_widget_class_install_action (widget_class, "win.find", NULL, forward_to_entries);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "win.show-page", "s", show_page_action);
  gtk_widget_class_install_action (widget_class, "win.print", NULL, print_action);
}

static void
qw_window_init (QwWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  if (DEVELOPMENT_BUILD)
    gtk_widget_add_css_class (GTK_WIDGET (self), "devel");
  update_actions (self);
}

QwWindow *
qw_window_new (QwApplication *app)
{
  return g_object_new (QW_TYPE_WINDOW, "application", app, NULL);
}
