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
#include <string.h>

#include "qw-demo.h"
#include "qw-document-context.h"
#include "qw-entries-page.h"
#include "qw-error.h"
#include "qw-event-dialog.h"
#include "qw-export-results.h"
#include "qw-file-exports.h"
#include "qw-feedback.h"
#include "qw-notice-overlay.h"
#include "qw-ladder-page.h"
#include "qw-national-page.h"
#include "qw-new-region-dialog.h"
#include "qw-new-stop-dialog.h"
#include "qw-print-dialog.h"
#include "qw-prizes-page.h"
#include "qw-publish-dialog.h"
#include "qw-rounds-page.h"
#include "qw-standings-page.h"
#include "qw-region-page.h"
#include "qw-parts.h"
#include "qw-region.h"
#include "qw-ruleset-championship.h"
#include "qw-tooltip.h"
#include "qw-window.h"
#include "qw-event.h"

/* The pages, in the view stack's order; each is made on first use. */
typedef enum
{
  PAGE_REGION,
  PAGE_NATIONAL,
  PAGE_LADDER,
  PAGE_ENTRIES,
  PAGE_ROUNDS,
  PAGE_STANDINGS,
  PAGE_PRIZES,
  N_PAGES
} Page;

static const struct {
  const char *name;
  GType     (*get_type) (void);
} pages[N_PAGES] = {
  [PAGE_REGION] = { "region", qw_region_page_get_type },
  [PAGE_NATIONAL] = { "national", qw_national_page_get_type },
  [PAGE_LADDER] = { "ladder", qw_ladder_page_get_type },
  [PAGE_ENTRIES] = { "entries", qw_entries_page_get_type },
  [PAGE_ROUNDS] = { "rounds", qw_rounds_page_get_type },
  [PAGE_STANDINGS] = { "standings", qw_standings_page_get_type },
  [PAGE_PRIZES] = { "prizes", qw_prizes_page_get_type },
};

struct _QwWindow
{
  AdwApplicationWindow  parent_instance;

  QwNoticeOverlay      *toast_overlay;
  AdwHeaderBar         *header_bar;
  GtkStack             *title_stack;
  AdwWindowTitle       *window_title;
  AdwSqueezer          *title_squeezer;
  GtkWidget            *wide_title;
  GtkWidget            *narrow_title;
  GtkWidget            *wide_name;
  GtkWidget            *narrow_name;
  GtkLabel             *wide_name_label;
  GtkLabel             *wide_file_label;
  GtkLabel             *narrow_name_label;
  GtkLabel             *narrow_file_label;
  AdwWindowTitle       *document_title;
  AdwViewSwitcherBar   *switcher_bar;
  GtkStack             *main_stack;
  AdwViewStack         *view_stack;
  GtkListBox           *recent_list;
  AdwPreferencesGroup  *recent_group;
  GtkWidget            *undo_button;
  GtkWidget            *redo_button;
  GtkWidget            *print_button;
  AdwBin               *bins[N_PAGES];     /* each page's place in the view stack */

  GtkWidget            *pages[N_PAGES];    /* NULL until first shown */
  GtkWindow            *shortcuts;         /* made when first asked for */
  QwDocumentContext    *context;
  GSignalGroup         *context_signals;   /* its "notify::event": the title follows */
  GSignalGroup         *history_signals;   /* the document's history: undo and redo follow */
  GFile                *file;
  GCancellable         *export_cancellable; /* the results file being written */
  QwNotice             *export_toast;      /* says so meanwhile */
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

/* Whether the document offers the page's part (qw_part_offered()); the
 * pages are in the parts' order. */
static gboolean
page_offered (QwDocumentContext *context,
              Page               page)
{
  G_STATIC_ASSERT ((int) PAGE_REGION == (int) QW_PART_REGION && (int) PAGE_PRIZES == (int) QW_PART_PRIZES
                   && (int) N_PAGES == (int) QW_N_PARTS);

  return context != NULL
         && qw_part_offered (qw_document_context_get_kind (context), qw_document_context_get_ruleset (context),
                             qw_document_context_get_event (context) != NULL, (QwPart) page);
}

/* A page gets the window's context only when the document has it. */
static gboolean
context_for_page (GBinding     *binding,
                  const GValue *from,
                  GValue       *to,
                  gpointer      user_data)
{
  QwDocumentContext *context = g_value_get_object (from);

  g_value_set_object (to, page_offered (context, (Page) GPOINTER_TO_INT (user_data)) ? context : NULL);
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
      qw_tooltips_wrap (self->pages[page]);
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

/* A document that cannot be written where it is (a write-protected stick, a
 * CD, a folder the user may not write): opened for reading, said in the
 * header, its changes disabled. */
static gboolean
read_only_of (QwWindow *self)
{
  return self->context != NULL && qw_document_is_read_only (qw_document_context_get_document (self->context));
}

static void
update_actions (QwWindow *self)
{
  gboolean has_doc = self->context != NULL;
  gboolean has_event = event_of (self) != NULL;
  gboolean editable = !read_only_of (self);
  static const char *event_actions[] = {
    "win.export-entries", "win.find", "win.print", "win.publish", "win.export-excel", "win.export-trf",
  };
  static const char *change_actions[] = {
    "win.import-entries", "win.add-entry", "win.event-details", "win.import-trf", "win.pair-next",
  };

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.close-document", has_doc);
  /* A region or national document may run no event of its own: no entries. */
  for (guint i = 0; i < G_N_ELEMENTS (event_actions); i++)
    gtk_widget_action_set_enabled (GTK_WIDGET (self), event_actions[i], has_event);
  for (guint i = 0; i < G_N_ELEMENTS (change_actions); i++)
    gtk_widget_action_set_enabled (GTK_WIDGET (self), change_actions[i], has_event && editable);
  /* One results file at a time; the results file (成绩表) goes to a region,
   * so only a ruleset with regions (2021) has it. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.export-results",
                                 has_event && self->export_cancellable == NULL
                                 && qw_ruleset_offers (qw_document_context_get_ruleset (self->context),
                                                       QW_RULESET_REGIONS));
  gtk_widget_set_visible (self->undo_button, has_doc);
  gtk_widget_set_visible (self->redo_button, has_doc);
}

static QwHistory *
history_of (QwWindow *self)
{
  return self->context != NULL ? qw_document_get_history (qw_document_context_get_document (self->context)) : NULL;
}

/* Undo and redo follow the document's history: sensitive when there is a
 * step, and the tooltip names it. */
static void
update_history (QwWindow *self)
{
  QwHistory *history = history_of (self);
  const char *undo = history != NULL ? qw_history_get_undo_label (history) : NULL;
  const char *redo = history != NULL ? qw_history_get_redo_label (history) : NULL;
  g_autofree char *undo_tip = NULL;
  g_autofree char *redo_tip = NULL;
  gboolean editable = !read_only_of (self);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo",
                                 editable && history != NULL && qw_history_get_can_undo (history));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.redo",
                                 editable && history != NULL && qw_history_get_can_redo (history));
  /* Translators: a button's tooltip naming the step it takes back: "Undo: Result of round 3, board 5 (Ctrl+Z)" */
  undo_tip = undo != NULL ? g_strdup_printf (_("Undo: %s (Ctrl+Z)"), undo) : g_strdup (_("Undo (Ctrl+Z)"));
  /* Translators: "Redo: Result of round 3, board 5 (Ctrl+Shift+Z)" */
  redo_tip = redo != NULL ? g_strdup_printf (_("Redo: %s (Ctrl+Shift+Z)"), redo) : g_strdup (_("Redo (Ctrl+Shift+Z)"));
  qw_tooltip_set_text (self->undo_button, undo_tip);
  qw_tooltip_set_text (self->redo_button, redo_tip);
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

/* The name in the header: a stop's name without the championship's, which
 * every stop shares ("广东赛区惠州市惠东县白花镇预选赛"). */
static char *
short_name (QwWindow   *self,
            const char *name)
{
  QwRuleset *ruleset = qw_document_context_get_ruleset (self->context);
  const char *prefix = ruleset != NULL ? ruleset->name : NULL;

  if (prefix != NULL && *prefix != '\0' && g_str_has_prefix (name, prefix) && name[strlen (prefix)] != '\0')
    return g_strdup (name + strlen (prefix));
  return g_strdup (name);
}

static guint
n_visible_pages (QwWindow *self)
{
  guint n = 0;

  for (int i = 0; i < N_PAGES; i++)
    n += adw_view_stack_page_get_visible (adw_view_stack_get_page (self->view_stack, GTK_WIDGET (self->bins[i])));
  return n;
}

/* The pages are offered in the header while they fit beside the name, else
 * in the bar at the bottom; a document with one page offers none. */
static void
update_switcher_bar (QwWindow *self)
{
  gboolean several = self->context != NULL && n_visible_pages (self) > 1;

  gtk_widget_set_visible (self->wide_title, several);
  gtk_widget_set_visible (self->narrow_title, several);
  adw_view_switcher_bar_set_reveal (self->switcher_bar,
                                    several && adw_squeezer_get_visible_child (self->title_squeezer)
                                               == GTK_WIDGET (self->document_title));
}

static void
set_document_name (QwWindow   *self,
                   const char *title,
                   const char *file)
{
  g_autofree char *shown = short_name (self, title);
  g_autofree char *tip = g_strdup_printf ("%s\n%s", title, g_file_peek_path (self->file));
  g_autofree char *window_title = NULL;
  g_autofree char *file_shown = NULL;

  if (read_only_of (self))
    {
      /* Translators: the file's name under the document's in the header, for a document that cannot be
       * changed where it is: "stop.qiwang — read-only" */
      file_shown = g_strdup_printf (_("%s — read-only"), file);
      /* Translators: the window's title for a document that cannot be changed where it is */
      window_title = g_strdup_printf (_("%s (read-only)"), title);
      file = file_shown;
      title = window_title;
    }
  gtk_label_set_text (self->wide_name_label, shown);
  gtk_label_set_text (self->narrow_name_label, shown);
  gtk_label_set_text (self->wide_file_label, file);
  gtk_label_set_text (self->narrow_file_label, file);
  qw_tooltip_set_text (self->wide_name, tip);
  qw_tooltip_set_text (self->narrow_name, tip);
  adw_window_title_set_title (self->document_title, shown);
  adw_window_title_set_subtitle (self->document_title, file);
  gtk_window_set_title (GTK_WINDOW (self), title);
}

static void
update_title (QwWindow *self)
{
  g_autofree char *basename = NULL;
  g_autofree char *title = NULL;
  const QwEvent *event = event_of (self);

  if (self->context == NULL)
    {
      gtk_window_set_title (GTK_WINDOW (self), _("Qiwang"));
      gtk_stack_set_visible_child_name (self->title_stack, "welcome");
      return;
    }
  basename = g_file_get_basename (self->file);
  if (kind_of (self) != QW_DOCUMENT_STOP)
    title = document_title (self);
  else
    title = g_strdup (event != NULL && event->name[0] != '\0' ? event->name : basename);
  set_document_name (self, title, basename);
  gtk_stack_set_visible_child_name (self->title_stack, "document");
  update_switcher_bar (self);
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

  /* The page is made as it is shown; the rounds page takes the keyboard
   * for the results at once. */
  if (self->context != NULL && page_from_name (name, &page))
    {
      ensure_page (self, page);
      if (page == PAGE_ROUNDS)
        gtk_widget_grab_focus (self->pages[page]);
    }
  /* Every page of a stop prints; the region and national pages have their
   * own exports, the ladder page its public list. */
  gtk_widget_set_visible (self->print_button, event_of (self) != NULL
                                             && g_strcmp0 (name, "region") != 0
                                             && g_strcmp0 (name, "national") != 0
                                             && g_strcmp0 (name, "ladder") != 0);
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

/* The pages the document has (page_offered()); the first of them shown. */
static void
show_pages_for (QwWindow *self)
{
  QwDocumentKind kind = kind_of (self);
  Page first = kind == QW_DOCUMENT_REGION ? PAGE_REGION : kind == QW_DOCUMENT_NATIONAL ? PAGE_NATIONAL : PAGE_ENTRIES;

  if (!page_offered (self->context, first))
    for (int i = 0; i < N_PAGES; i++)
      if (page_offered (self->context, (Page) i))
        {
          first = (Page) i;
          break;
        }
  for (int i = 0; i < N_PAGES; i++)
    {
      AdwViewStackPage *page = adw_view_stack_get_page (self->view_stack, GTK_WIDGET (self->bins[i]));

      adw_view_stack_page_set_visible (page, page_offered (self->context, (Page) i));
    }
  ensure_page (self, first);
  adw_view_stack_set_visible_child_name (self->view_stack, pages[first].name);
  update_switcher_bar (self);
}

static void
set_context (QwWindow          *self,
             QwDocumentContext *context,
             GFile             *file)
{
  if (!g_set_object (&self->context, context))
    return;
  g_set_object (&self->file, file);
  /* A results file still being written belongs to the document it was asked
   * for; the toasts that offer Undo, to its history. */
  g_cancellable_cancel (self->export_cancellable);
  qw_feedback_dismiss_step_toasts (GTK_WIDGET (self->toast_overlay));
  g_signal_group_set_target (self->context_signals, context);
  g_signal_group_set_target (self->history_signals, history_of (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CONTEXT]);
  update_history (self);
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
 * @name: "entries", "rounds", "standings", "region", "national", "ladder" or "prizes"
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
  group = qw_rounds_page_get_group (QW_ROUNDS_PAGE (ensure_page (self, PAGE_ROUNDS)));
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
  QwHistory *history = history_of (self);
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
  update_actions (self);
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

static void
export_results_response_cb (GtkNativeDialog *chooser,
                            int              response,
                            QwWindow        *self)
{
  gboolean public_form = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (chooser), "public"));

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));

      qw_window_export_results (self, file, public_form);
    }
  gtk_native_dialog_destroy (chooser);
  g_object_unref (chooser);
}

static void
export_results_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  QwWindow *self = QW_WINDOW (widget);
  gboolean public_form = g_str_equal (g_variant_get_string (parameter, NULL), "public");
  GtkFileChooserNative *chooser;
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  g_autofree char *stop = NULL;
  g_autofree char *name = NULL;

  if (event_of (self) == NULL)
    return;
  stop = short_name (self, event_of (self)->name);
  /* Translators: file names: "广东赛区…预选赛-成绩表.xml", "…-成绩表-公开.xml" */
  name = g_strdup_printf (public_form ? _("%s-results-public.xml") : _("%s-results.xml"), stop);
  g_strdelimit (name, "/\\:", '-');
  gtk_file_filter_set_name (filter, _("Results files (.xml)"));
  gtk_file_filter_add_pattern (filter, "*.xml");
  gtk_file_filter_add_pattern (filter, "*.XML");
  chooser = gtk_file_chooser_native_new (public_form ? _("Export the Public Results File")
                                                     : _("Export the Results File"),
                                         GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
  g_object_set_data (G_OBJECT (chooser), "public", GINT_TO_POINTER (public_form));
  g_signal_connect (chooser, "response", G_CALLBACK (export_results_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
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
  switch (visible_page (self))
    {
    case PAGE_ROUNDS:
      group = qw_rounds_page_get_group (QW_ROUNDS_PAGE (ensure_page (self, PAGE_ROUNDS)));
      round = qw_rounds_page_get_round (QW_ROUNDS_PAGE (ensure_page (self, PAGE_ROUNDS)));
      /* Before round 1 the page shows the starting ranks. */
      kind = round > 0 ? QW_PRINT_PAIRINGS : QW_PRINT_SEEDING;
      break;
    case PAGE_STANDINGS:
      kind = QW_PRINT_STANDINGS;
      group = qw_standings_page_get_group (QW_STANDINGS_PAGE (ensure_page (self, PAGE_STANDINGS)));
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

  if (self->context != NULL && visible_page (self) == PAGE_ROUNDS)
    gtk_widget_activate_action (ensure_page (self, PAGE_ROUNDS), "rounds.pair-next", NULL);
}

static void
show_page_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  qw_window_show_page (QW_WINDOW (widget), g_variant_get_string (parameter, NULL));
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
        {
          gtk_window_set_application (self->shortcuts, GTK_APPLICATION (get_app (self)));
          fill_action_accels (GTK_APPLICATION (get_app (self)), GTK_WIDGET (self->shortcuts));
        }
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
  g_cancellable_cancel (self->export_cancellable);
  g_clear_object (&self->export_cancellable);
  g_clear_object (&self->export_toast);
  g_clear_object (&self->context_signals);
  g_clear_object (&self->history_signals);
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

  g_type_ensure (QW_TYPE_NOTICE_OVERLAY);

  gtk_widget_class_set_template_from_resource (widget_class, "/cn/qiwang/Qiwang/ui/qw-window.ui");
  gtk_widget_class_bind_template_child (widget_class, QwWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, QwWindow, header_bar);
  gtk_widget_class_bind_template_child (widget_class, QwWindow, title_stack);
  gtk_widget_class_bind_template_child (widget_class, QwWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, QwWindow, title_squeezer);
  gtk_widget_class_bind_template_child (widget_class, QwWindow, wide_title);
  gtk_widget_class_bind_template_child (widget_class, QwWindow, narrow_title);
  gtk_widget_class_bind_template_child (widget_class, QwWindow, wide_name);
  gtk_widget_class_bind_template_child (widget_class, QwWindow, narrow_name);
  gtk_widget_class_bind_template_child (widget_class, QwWindow, wide_name_label);
  gtk_widget_class_bind_template_child (widget_class, QwWindow, wide_file_label);
  gtk_widget_class_bind_template_child (widget_class, QwWindow, narrow_name_label);
  gtk_widget_class_bind_template_child (widget_class, QwWindow, narrow_file_label);
  gtk_widget_class_bind_template_child (widget_class, QwWindow, document_title);
  gtk_widget_class_bind_template_child (widget_class, QwWindow, switcher_bar);
  gtk_widget_class_bind_template_child (widget_class, QwWindow, main_stack);
  gtk_widget_class_bind_template_child (widget_class, QwWindow, view_stack);
  gtk_widget_class_bind_template_child (widget_class, QwWindow, recent_list);
  gtk_widget_class_bind_template_child (widget_class, QwWindow, recent_group);
  gtk_widget_class_bind_template_child (widget_class, QwWindow, undo_button);
  gtk_widget_class_bind_template_child (widget_class, QwWindow, redo_button);
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
  gtk_widget_class_bind_template_child_full (widget_class, "ladder_bin", FALSE,
                                             G_STRUCT_OFFSET (QwWindow, bins[PAGE_LADDER]));
  gtk_widget_class_bind_template_child_full (widget_class, "prizes_bin", FALSE,
                                             G_STRUCT_OFFSET (QwWindow, bins[PAGE_PRIZES]));
  gtk_widget_class_bind_template_callback (widget_class, page_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, update_switcher_bar);

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
  gtk_widget_class_install_action (widget_class, "win.print", NULL, print_action);
  gtk_widget_class_install_action (widget_class, "win.publish", NULL, publish_action);
  gtk_widget_class_install_action (widget_class, "win.export-results", "s", export_results_action);
  gtk_widget_class_install_action (widget_class, "win.pair-next", NULL, pair_next_action);
  gtk_widget_class_install_action (widget_class, "win.show-help-overlay", NULL, show_help_overlay_action);
}

static void
qw_window_init (QwWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->context_signals = g_signal_group_new (QW_TYPE_DOCUMENT_CONTEXT);
  g_signal_group_connect_swapped (self->context_signals, "notify::event", G_CALLBACK (update_title), self);
  self->history_signals = g_signal_group_new (QW_TYPE_HISTORY);
  g_signal_group_connect_swapped (self->history_signals, "notify::can-undo", G_CALLBACK (update_history), self);
  g_signal_group_connect_swapped (self->history_signals, "notify::can-redo", G_CALLBACK (update_history), self);
  g_signal_group_connect_swapped (self->history_signals, "notify::undo-label", G_CALLBACK (update_history), self);
  g_signal_group_connect_swapped (self->history_signals, "notify::redo-label", G_CALLBACK (update_history), self);
  qw_tooltips_wrap (GTK_WIDGET (self));
  if (DEVELOPMENT_BUILD)
    gtk_widget_add_css_class (GTK_WIDGET (self), "devel");
  update_actions (self);
  update_history (self);
}

QwWindow *
qw_window_new (QwApplication *app)
{
  return g_object_new (QW_TYPE_WINDOW, "application", app, NULL);
}
