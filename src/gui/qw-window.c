/* qw-window.c: the main window, a welcome page or an open document
 *
 * The window opens a document as a QwDocumentContext and hands it to its
 * pages through their "context" property, bound to its own. Pages are made
 * when first shown: opening a stop builds the entries page only, and the
 * window maps before any page exists. Pages ask for what the window does
 * through actions (win.open-file, win.show-page) and tell the user through
 * gui/qw-feedback.h; none of them knows the window.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-window"

#include "config.h"

#include <glib/gi18n.h>

#include "qw-demo.h"
#include "qw-document-context.h"
#include "qw-entries-page.h"
#include "qw-error.h"
#include "qw-event-dialog.h"
#include "qw-feedback.h"
#include "qw-national-page.h"
#include "qw-new-region-dialog.h"
#include "qw-new-stop-dialog.h"
#include "qw-print-dialog.h"
#include "qw-rounds-page.h"
#include "qw-standings-page.h"
#include "qw-region-page.h"
#include "qw-region.h"
#include "qw-window.h"
#include "qw-event.h"

/* The pages, in the view stack's order; each is made on first use. */
typedef enum
{
  PAGE_REGION,
  PAGE_NATIONAL,
  PAGE_ENTRIES,
  PAGE_ROUNDS,
  PAGE_STANDINGS,
  N_PAGES
} Page;

static const struct {
  const char *name;
  GType     (*get_type) (void);
} pages[N_PAGES] = {
  [PAGE_REGION] = { "region", qw_region_page_get_type },
  [PAGE_NATIONAL] = { "national", qw_national_page_get_type },
  [PAGE_ENTRIES] = { "entries", qw_entries_page_get_type },
  [PAGE_ROUNDS] = { "rounds", qw_rounds_page_get_type },
  [PAGE_STANDINGS] = { "standings", qw_standings_page_get_type },
};

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
  AdwBin               *bins[N_PAGES];     /* each page's place in the view stack */

  GtkWidget            *pages[N_PAGES];    /* NULL until first shown */
  GtkWindow            *shortcuts;         /* made when first asked for */
  QwDocumentContext    *context;
  GSignalGroup         *context_signals;   /* its "notify::event": the title follows */
  GFile                *file;
};

G_DEFINE_FINAL_TYPE (QwWindow, qw_window, ADW_TYPE_APPLICATION_WINDOW)

enum {
  PROP_0,
  PROP_CONTEXT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static QwApplication *
get_app (QwWindow *self)
{
  return QW_APPLICATION (gtk_window_get_application (GTK_WINDOW (self)));
}

static const QwEvent *
event_of (QwWindow *self)
{
  return self->context != NULL ? qw_document_context_get_event (self->context) : NULL;
}

static QwDocumentKind
kind_of (QwWindow *self)
{
  return qw_document_context_get_kind (self->context);
}

/* Pages */

/* A page gets the window's context only when the document is for it: the
 * region page a region's, the national page a national one's, the others
 * one that runs an event. */
static gboolean
context_for_page (GBinding     *binding,
                  const GValue *from,
                  GValue       *to,
                  gpointer      user_data)
{
  Page page = GPOINTER_TO_INT (user_data);
  QwDocumentContext *context = g_value_get_object (from);
  gboolean mine = FALSE;

  if (context != NULL)
    {
      switch (page)
        {
        case PAGE_REGION:
          mine = qw_document_context_get_kind (context) == QW_DOCUMENT_REGION;
          break;
        case PAGE_NATIONAL:
          mine = qw_document_context_get_kind (context) == QW_DOCUMENT_NATIONAL;
          break;
        case PAGE_ENTRIES:
        case PAGE_ROUNDS:
        case PAGE_STANDINGS:
        case N_PAGES:
        default:
          mine = qw_document_context_get_event (context) != NULL;
          break;
        }
    }
  g_value_set_object (to, mine ? context : NULL);
  return TRUE;
}

static GtkWidget *
ensure_page (QwWindow *self,
             Page      page)
{
  if (self->pages[page] == NULL)
    {
      self->pages[page] = g_object_new (pages[page].get_type (), NULL);
      g_object_bind_property_full (self, "context", self->pages[page], "context", G_BINDING_SYNC_CREATE,
                                   context_for_page, NULL, GINT_TO_POINTER (page), NULL);
      adw_bin_set_child (self->bins[page], self->pages[page]);
    }
  return self->pages[page];
}

static gboolean
page_from_name (const char *name,
                Page       *page)
{
  for (int i = 0; i < N_PAGES; i++)
    if (g_strcmp0 (name, pages[i].name) == 0)
      {
        *page = (Page) i;
        return TRUE;
      }
  return FALSE;
}

static Page
visible_page (QwWindow *self)
{
  Page page = PAGE_ENTRIES;

  page_from_name (adw_view_stack_get_visible_child_name (self->view_stack), &page);
  return page;
}

static void
update_actions (QwWindow *self)
{
  gboolean has_doc = self->context != NULL;
  gboolean has_event = event_of (self) != NULL;
  static const char *event_actions[] = {
    "win.import-entries", "win.export-entries", "win.add-entry", "win.find", "win.print",
    "win.event-details",
  };

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.close-document", has_doc);
  /* A region or national document may run no event of its own: no entries. */
  for (guint i = 0; i < G_N_ELEMENTS (event_actions); i++)
    gtk_widget_action_set_enabled (GTK_WIDGET (self), event_actions[i], has_event);
  gtk_widget_set_visible (self->undo_button, has_doc);
}

/* A region document is about its region ("广东赛区"), a national one about
 * the season's nominees. */
static char *
document_title (QwWindow *self)
{
  QwRuleset *ruleset = qw_document_context_get_ruleset (self->context);
  g_autofree char *region = qw_document_get_meta (qw_document_context_get_document (self->context), "region");

  if (kind_of (self) == QW_DOCUMENT_NATIONAL)
    /* Translators: the title of a national document, "2021年第六届全国象棋业余棋王赛 Nominees" */
    return g_strdup_printf (_("%s Nominees"), ruleset->name);
  if (region == NULL || region[0] == '\0')
    return g_strdup (ruleset->name);
  return g_strconcat (region, ruleset->region_suffix != NULL ? ruleset->region_suffix : "", NULL);
}

static void
update_title (QwWindow *self)
{
  g_autofree char *basename = NULL;
  const QwEvent *event = event_of (self);

  if (self->context == NULL)
    {
      gtk_window_set_title (GTK_WINDOW (self), _("Qiwang"));
      gtk_stack_set_visible_child_name (self->title_stack, "welcome");
      return;
    }
  basename = g_file_get_basename (self->file);
  if (kind_of (self) != QW_DOCUMENT_STOP)
    {
      g_autofree char *title = document_title (self);

      adw_view_switcher_title_set_title (self->switcher_title, title);
      adw_view_switcher_title_set_subtitle (self->switcher_title, basename);
      gtk_window_set_title (GTK_WINDOW (self), title);
      gtk_stack_set_visible_child_name (self->title_stack, "document");
      return;
    }
  adw_view_switcher_title_set_title (self->switcher_title,
                                     event != NULL && event->name[0] != '\0' ? event->name : basename);
  adw_view_switcher_title_set_subtitle (self->switcher_title, basename);
  gtk_window_set_title (GTK_WINDOW (self), event != NULL ? event->name : basename);
  gtk_stack_set_visible_child_name (self->title_stack, "document");
}

/* The welcome page's recent documents: each row opens its file (win.open-file). */
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
  gtk_actionable_set_action_name (GTK_ACTIONABLE (row), "win.open-file");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (row), "s", path);
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
page_changed_cb (QwWindow *self)
{
  const char *name = adw_view_stack_get_visible_child_name (self->view_stack);
  Page page;

  /* The page is made as it is shown. */
  if (self->context != NULL && page_from_name (name, &page))
    ensure_page (self, page);
  /* Every page of a stop prints; the region and national pages have their own exports. */
  gtk_widget_set_visible (self->print_button, event_of (self) != NULL
                                             && g_strcmp0 (name, "region") != 0
                                             && g_strcmp0 (name, "national") != 0);
}

void
qw_window_show_toast (QwWindow   *self,
                      const char *message)
{
  g_return_if_fail (QW_IS_WINDOW (self));
  qw_feedback_toast (GTK_WIDGET (self->toast_overlay), message);
}

void
qw_window_show_error (QwWindow     *self,
                      const char   *heading,
                      const GError *error)
{
  g_return_if_fail (QW_IS_WINDOW (self));
  qw_feedback_error (GTK_WIDGET (self), heading, error);
}

/* The region page for a region document, the national page for a national
 * one; the pages of an event (entries, …) when the document runs one. */
static void
show_pages_for (QwWindow *self)
{
  QwDocumentKind kind = kind_of (self);
  Page first = kind == QW_DOCUMENT_REGION ? PAGE_REGION : kind == QW_DOCUMENT_NATIONAL ? PAGE_NATIONAL : PAGE_ENTRIES;

  for (int i = 0; i < N_PAGES; i++)
    {
      AdwViewStackPage *page = adw_view_stack_get_page (self->view_stack, GTK_WIDGET (self->bins[i]));
      gboolean visible;

      if (i == PAGE_REGION)
        visible = kind == QW_DOCUMENT_REGION;
      else if (i == PAGE_NATIONAL)
        visible = kind == QW_DOCUMENT_NATIONAL;
      else
        visible = event_of (self) != NULL;
      adw_view_stack_page_set_visible (page, visible);
    }
  ensure_page (self, first);
  adw_view_stack_set_visible_child_name (self->view_stack, pages[first].name);
}

static void
set_context (QwWindow          *self,
             QwDocumentContext *context,
             GFile             *file)
{
  if (!g_set_object (&self->context, context))
    return;
  g_set_object (&self->file, file);
  g_signal_group_set_target (self->context_signals, context);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CONTEXT]);
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
  g_autoptr(QwDocumentContext) context = NULL;

  g_return_val_if_fail (QW_IS_WINDOW (self), FALSE);

  if (path == NULL)
    g_set_error (&error, QW_ERROR, QW_ERROR_IO, _("Only local files can be opened"));
  else
    context = qw_document_context_open (path, &error);
  if (context == NULL)
    {
      qw_window_show_error (self, _("The document could not be opened"), error);
      return FALSE;
    }
  /* Every step from now on can be undone (qw_document_get_history ()). */
  qw_document_enable_history (qw_document_context_get_document (context));
  set_context (self, NULL, NULL);
  set_context (self, context, file);
  show_pages_for (self);
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
  return self->context != NULL;
}

QwDocument *
qw_window_get_document (QwWindow *self)
{
  return self->context != NULL ? qw_document_context_get_document (self->context) : NULL;
}

QwDocumentContext *
qw_window_get_context (QwWindow *self)
{
  g_return_val_if_fail (QW_IS_WINDOW (self), NULL);
  return self->context;
}

void
qw_window_show_page (QwWindow   *self,
                     const char *name)
{
  Page page;

  g_return_if_fail (QW_IS_WINDOW (self));

  /* A region document has no rounds, a stop document no region page. */
  if (self->context != NULL && page_from_name (name, &page)
      && adw_view_stack_page_get_visible (adw_view_stack_get_page (self->view_stack, GTK_WIDGET (self->bins[page]))))
    adw_view_stack_set_visible_child_name (self->view_stack, name);
}

/**
 * qw_window_get_page:
 * @name: "entries", "rounds", "standings", "region" or "national"
 *
 * Returns: (transfer none) (nullable): the page, made if it was not yet
 */
GtkWidget *
qw_window_get_page (QwWindow   *self,
                    const char *name)
{
  Page page;

  g_return_val_if_fail (QW_IS_WINDOW (self), NULL);

  return page_from_name (name, &page) ? ensure_page (self, page) : NULL;
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

  set_context (self, NULL, NULL);
  gtk_stack_set_visible_child_name (self->main_stack, "welcome");
  fill_recent (self);
  update_title (self);
  update_actions (self);
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
  adw_view_stack_set_visible_child_name (self->view_stack, pages[PAGE_ENTRIES].name);
  gtk_widget_activate_action (ensure_page (self, PAGE_ENTRIES), action, NULL);
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

/* Undo works on the region page's deletions there, on the entries elsewhere. */
static void
undo_or_redo (QwWindow *self,
              gboolean  undo)
{
  Page page = visible_page (self);

  if (self->context == NULL)
    return;
  if (page == PAGE_REGION && undo)
    qw_region_page_undo (QW_REGION_PAGE (ensure_page (self, PAGE_REGION)));
  else if (page == PAGE_REGION || page == PAGE_NATIONAL)
    qw_window_show_toast (self, _("Nothing to redo"));
  else
    gtk_widget_activate_action (ensure_page (self, PAGE_ENTRIES), undo ? "entries.undo" : "entries.redo", NULL);
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

/* Opens the print dialog on what the page shows: the rounds page's group and
 * round as a pairing sheet, the standings page's group as standings, and the
 * booklet from the entries page. */
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
  switch (visible_page (self))
    {
    case PAGE_ROUNDS:
      kind = QW_PRINT_PAIRINGS;
      group = qw_rounds_page_get_group (QW_ROUNDS_PAGE (ensure_page (self, PAGE_ROUNDS)));
      round = qw_rounds_page_get_round (QW_ROUNDS_PAGE (ensure_page (self, PAGE_ROUNDS)));
      break;
    case PAGE_STANDINGS:
      kind = QW_PRINT_STANDINGS;
      group = qw_standings_page_get_group (QW_STANDINGS_PAGE (ensure_page (self, PAGE_STANDINGS)));
      break;
    case PAGE_REGION:
    case PAGE_NATIONAL:
    case PAGE_ENTRIES:
    case N_PAGES:
    default:
      break;
    }
  dialog = qw_print_dialog_new (GTK_WINDOW (self), qw_window_get_document (self), kind, group, round);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
show_page_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  qw_window_show_page (QW_WINDOW (widget), g_variant_get_string (parameter, NULL));
}

/* The keyboard shortcuts window, built the first time it is asked for (not
 * with every window, as GtkApplication does with gtk/help-overlay.ui). */
static void
show_help_overlay_action (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  QwWindow *self = QW_WINDOW (widget);

  if (self->shortcuts == NULL)
    {
      g_autoptr(GtkBuilder) builder = gtk_builder_new_from_resource ("/cn/qiwang/Qiwang/ui/qw-shortcuts-window.ui");

      self->shortcuts = GTK_WINDOW (g_object_ref (gtk_builder_get_object (builder, "help_overlay")));
      gtk_window_set_transient_for (self->shortcuts, GTK_WINDOW (self));
      gtk_window_set_destroy_with_parent (self->shortcuts, TRUE);
      if (get_app (self) != NULL)
        gtk_window_set_application (self->shortcuts, GTK_APPLICATION (get_app (self)));
    }
  gtk_window_present (self->shortcuts);
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

  if (self->shortcuts != NULL)
    gtk_window_destroy (self->shortcuts);
  g_clear_object (&self->shortcuts);
  g_clear_object (&self->context_signals);
  g_clear_object (&self->context);
  g_clear_object (&self->file);
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
qw_window_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_CONTEXT:
      g_value_set_object (value, QW_WINDOW (object)->context);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
qw_window_class_init (QwWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = qw_window_dispose;
  object_class->constructed = qw_window_constructed;
  object_class->get_property = qw_window_get_property;
  GTK_WINDOW_CLASS (klass)->close_request = qw_window_close_request;

  /* The open document, with its main event and ruleset; the pages bind to it. */
  properties[PROP_CONTEXT] = g_param_spec_object ("context", NULL, NULL, QW_TYPE_DOCUMENT_CONTEXT,
                                                  G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY
                                                  | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

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
  gtk_widget_class_bind_template_child_full (widget_class, "region_bin", FALSE,
                                             G_STRUCT_OFFSET (QwWindow, bins[PAGE_REGION]));
  gtk_widget_class_bind_template_child_full (widget_class, "national_bin", FALSE,
                                             G_STRUCT_OFFSET (QwWindow, bins[PAGE_NATIONAL]));
  gtk_widget_class_bind_template_child_full (widget_class, "entries_bin", FALSE,
                                             G_STRUCT_OFFSET (QwWindow, bins[PAGE_ENTRIES]));
  gtk_widget_class_bind_template_child_full (widget_class, "rounds_bin", FALSE,
                                             G_STRUCT_OFFSET (QwWindow, bins[PAGE_ROUNDS]));
  gtk_widget_class_bind_template_child_full (widget_class, "standings_bin", FALSE,
                                             G_STRUCT_OFFSET (QwWindow, bins[PAGE_STANDINGS]));
  gtk_widget_class_bind_template_callback (widget_class, page_changed_cb);

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
  gtk_widget_class_install_action (widget_class, "win.find", NULL, find_action);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, redo_action);
  gtk_widget_class_install_action (widget_class, "win.show-page", "s", show_page_action);
  gtk_widget_class_install_action (widget_class, "win.print", NULL, print_action);
  gtk_widget_class_install_action (widget_class, "win.show-help-overlay", NULL, show_help_overlay_action);
}

static void
qw_window_init (QwWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->context_signals = g_signal_group_new (QW_TYPE_DOCUMENT_CONTEXT);
  g_signal_group_connect_swapped (self->context_signals, "notify::event", G_CALLBACK (update_title), self);
  if (DEVELOPMENT_BUILD)
    gtk_widget_add_css_class (GTK_WIDGET (self), "devel");
  update_actions (self);
}

QwWindow *
qw_window_new (QwApplication *app)
{
  return g_object_new (QW_TYPE_WINDOW, "application", app, NULL);
}
