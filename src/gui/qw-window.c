/* qw-window.c: the main window, a welcome page or an open document
 *
 * The window opens a document as a QwDocumentContext and hands it to its
 * pages through their "context" property, bound to its own. Pages are made
 * when first shown: opening a stop builds the entries page only, and the
 * window maps before any page exists. Pages ask for what the window does
 * through actions (win.open-file, win.show-page: qw-window-actions.c) and
 * tell the user through gui/qw-feedback.h; none of them knows the window.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-window"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "qw-entries-page.h"
#include "qw-error.h"
#include "qw-feedback.h"
#include "qw-notice-overlay.h"
#include "qw-ladder-page.h"
#include "qw-national-page.h"
#include "qw-prizes-page.h"
#include "qw-rounds-page.h"
#include "qw-standings-page.h"
#include "qw-region-page.h"
#include "qw-parts.h"
#include "qw-region.h"
#include "qw-ruleset-championship.h"
#include "qw-text-wrap.h"
#include "qw-tooltip.h"
#include "qw-window-private.h"
#include "qw-event.h"


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


G_DEFINE_FINAL_TYPE (QwWindow, qw_window, ADW_TYPE_APPLICATION_WINDOW)

enum {
  PROP_0,
  PROP_CONTEXT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

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

GtkWidget *
_qw_window_ensure_page (QwWindow *self,
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

const char *
_qw_window_page_name (Page page)
{
  return pages[page].name;
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

/* The @n-th page the document offers (1: the first), in the switcher's
 * order: what Alt+@n shows and the shortcuts window lists. */
gboolean
_qw_window_offered_page (QwWindow *self,
                         int       n,
                         Page     *page)
{
  for (int i = 0; self->context != NULL && i < N_PAGES; i++)
    if (adw_view_stack_page_get_visible (adw_view_stack_get_page (self->view_stack, GTK_WIDGET (self->bins[i])))
        && --n == 0)
      {
        *page = (Page) i;
        return TRUE;
      }
  return FALSE;
}

const char *
_qw_window_page_title (QwWindow *self,
                       Page      page)
{
  return adw_view_stack_page_get_title (adw_view_stack_get_page (self->view_stack, GTK_WIDGET (self->bins[page])));
}

Page
_qw_window_visible_page (QwWindow *self)
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

void
_qw_window_update_actions (QwWindow *self)
{
  gboolean has_doc = self->context != NULL;
  gboolean has_event = event_of (self) != NULL;
  gboolean editable = !read_only_of (self);
  static const char *event_actions[] = {
    "win.export-entries", "win.find", "win.print", "win.publish", "win.export-excel", "win.export-trf",
  };
  static const char *change_actions[] = {
    "win.import-entries", "win.add-entry", "win.event-details", "win.import-trf", "win.pair-next",
    "win.devices", "win.add-device",
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

QwHistory *
_qw_window_history (QwWindow *self)
{
  return self->context != NULL ? qw_document_get_history (qw_document_context_get_document (self->context)) : NULL;
}

/* Undo and redo follow the document's history: sensitive when there is a
 * step, and the tooltip names it. */
static void
update_history (QwWindow *self)
{
  QwHistory *history = _qw_window_history (self);
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
char *
_qw_window_short_name (QwWindow   *self,
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
  g_autofree char *shown = _qw_window_short_name (self, title);
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

void
_qw_window_update_title (QwWindow *self)
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

void
_qw_window_fill_recent (QwWindow *self)
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
      _qw_window_ensure_page (self, page);
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
  _qw_window_ensure_page (self, first);
  adw_view_stack_set_visible_child_name (self->view_stack, pages[first].name);
  update_switcher_bar (self);
}

void
_qw_window_set_context (QwWindow          *self,
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
  g_signal_group_set_target (self->history_signals, _qw_window_history (self));
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
  _qw_window_set_context (self, NULL, NULL);
  _qw_window_set_context (self, context, file);
  show_pages_for (self);
  gtk_stack_set_visible_child_name (self->main_stack, "document");
  if (get_app (self) != NULL)
    qw_application_add_recent (get_app (self), file);
  _qw_window_update_title (self);
  _qw_window_update_actions (self);
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

  return page_from_name (name, &page) ? _qw_window_ensure_page (self, page) : NULL;
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
  g_clear_pointer (&self->title_watch, gtk_expression_watch_unwatch);
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
  _qw_window_fill_recent (self);
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
  /* Every label that wraps, in this window and in its dialogs, keeps no
   * character alone on a line (qw-text-wrap.h). */
  qw_text_wrap_watch_labels ();

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
  _qw_window_class_actions_init (widget_class);

}

static void
qw_window_init (QwWindow *self)
{
  g_autoptr(GtkExpression) title = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));
  /* The title names the document's event, as its details are changed. */
  title = gtk_property_expression_new (QW_TYPE_DOCUMENT_CONTEXT,
                                       gtk_property_expression_new (QW_TYPE_WINDOW, NULL, "context"), "event");
  self->title_watch = gtk_expression_watch (title, self, (GtkExpressionNotify) _qw_window_update_title, self, NULL);
  self->history_signals = g_signal_group_new (QW_TYPE_HISTORY);
  g_signal_group_connect_swapped (self->history_signals, "notify::can-undo", G_CALLBACK (update_history), self);
  g_signal_group_connect_swapped (self->history_signals, "notify::can-redo", G_CALLBACK (update_history), self);
  g_signal_group_connect_swapped (self->history_signals, "notify::undo-label", G_CALLBACK (update_history), self);
  g_signal_group_connect_swapped (self->history_signals, "notify::redo-label", G_CALLBACK (update_history), self);
  qw_tooltips_wrap (GTK_WIDGET (self));
  if (DEVELOPMENT_BUILD)
    gtk_widget_add_css_class (GTK_WIDGET (self), "devel");
  _qw_window_update_actions (self);
  update_history (self);
}

QwWindow *
qw_window_new (QwApplication *app)
{
  return g_object_new (QW_TYPE_WINDOW, "application", app, NULL);
}
