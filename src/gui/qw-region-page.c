/* qw-region-page.c: a province's region document: stops, totals, quota, nominees
 *
 * The page a region document opens on. On the left, the region's totals
 * and every stop (imported from its results file, typed in, or run in this
 * document); on the right, what follows from them: the quota card, the
 * checks on arbiters, dates and the provincial final's players, and the
 * nominees (qw-region-page-sidebar.c). Files are imported by dropping them
 * on the page or with a chooser; every file gets its line in a report.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-region-page"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "qw-column-view.h"
#include "qw-date.h"
#include "qw-error.h"
#include "qw-feedback.h"
#include "qw-file-chooser.h"
#include "qw-tooltip.h"
#include "qw-import-report.h"
#include "qw-new-stop-dialog.h"
#include "qw-region-import.h"
#include "qw-region-page-private.h"
#include "qw-region.h"
#include "qw-stop-dialog.h"
#include "qw-stop-item.h"
#include "qw-document-entries.h"
#include "qw-event.h"


G_DEFINE_FINAL_TYPE (QwRegionPage, qw_region_page, QW_TYPE_PAGE)



/* Columns */

static void
setup_valid_cb (GtkSignalListItemFactory *factory,
                GtkListItem              *list_item,
                gpointer                  user_data)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_widget_set_halign (label, GTK_ALIGN_START);
  gtk_list_item_set_child (list_item, label);
}

static void
bind_valid_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *list_item,
               QwRegionPage             *self)
{
  GtkWidget *label = gtk_list_item_get_child (list_item);
  QwStopItem *item = gtk_list_item_get_item (list_item);
  int min_players = ruleset_of (self) != NULL ? ruleset_of (self)->valid_stop_min_players : 0;
  g_autofree char *short_of = NULL;

  gtk_widget_remove_css_class (label, "valid-badge");
  gtk_widget_remove_css_class (label, "dim-label");
  if (qw_stop_item_get_event (item)->level != QW_LEVEL_PRELIMINARY)
    {
      gtk_label_set_text (GTK_LABEL (label), "—");
      gtk_widget_add_css_class (label, "dim-label");
    }
  else if (qw_stop_item_get_valid (item))
    {
      gtk_label_set_text (GTK_LABEL (label), _("Valid Stop"));
      gtk_widget_add_css_class (label, "valid-badge");
    }
  else
    {
      short_of = g_strdup_printf (ngettext ("Fewer than %d player", "Fewer than %d players", min_players),
                                  min_players);
      gtk_label_set_text (GTK_LABEL (label), short_of);
      gtk_widget_add_css_class (label, "dim-label");
    }
}

static void
setup_honours_cb (GtkSignalListItemFactory *factory,
                  GtkListItem              *list_item,
                  gpointer                  user_data)
{
  gtk_list_item_set_child (list_item, gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4));
}

static void
bind_honours_cb (GtkSignalListItemFactory *factory,
                 GtkListItem              *list_item,
                 gpointer                  user_data)
{
  QwStopItem *item = gtk_list_item_get_item (list_item);
  GtkWidget *box = gtk_list_item_get_child (list_item);
  g_auto(GStrv) honours = qw_honours_split (qw_stop_item_get_event (item)->honours);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (box)) != NULL)
    gtk_box_remove (GTK_BOX (box), child);
  for (guint i = 0; honours[i] != NULL; i++)
    {
      GtkWidget *badge = gtk_label_new (honours[i]);

      gtk_widget_add_css_class (badge, "honour-badge");
      gtk_box_append (GTK_BOX (box), badge);
    }
}

/* The full name, the host, the honours and the dates come as tooltips, asked
 * for when shown. Ties in any column keep the region's order. */
static const QwColumn columns[] = {
  { N_("Stop"), "short-name", "short-name", 170, QW_COLUMN_EXPAND, NULL, "name" },
  { N_("Type"), "level-text", "level", 56 },
  { N_("Level"), "host-level-text", "host-level", 44 },
  { N_("Host Unit"), "host", "host", 110, QW_COLUMN_EXPAND, NULL, "host" },
  { N_("Prefecture"), "prefecture", "prefecture", 64 },
  { N_("County-Level City"), "county-city", "county-city", 64 },
  { N_("Honours"), NULL, "honours", 96, 0, NULL, "honours", G_CALLBACK (setup_honours_cb),
    G_CALLBACK (bind_honours_cb) },
  { N_("Players"), "participants", "participants", 52, QW_COLUMN_NUMERIC | QW_COLUMN_END },
  { N_("Validity"), NULL, "valid", 76, 0, NULL, "validity-note", G_CALLBACK (setup_valid_cb),
    G_CALLBACK (bind_valid_cb) },
  { N_("Source"), "source-text", "source", 76, 0, NULL, "dates-text" },
};

/* Filtering */

static gboolean
filter_func (gpointer item,
             gpointer user_data)
{
  QwRegionPage *self = user_data;
  const QwEvent *e = qw_stop_item_get_event (item);
  g_autofree char *haystack = NULL;
  g_autofree char *folded = NULL;

  if (self->needle == NULL)
    return TRUE;
  haystack = g_strjoin (" ", e->name, e->host, e->prefecture, e->county_city, e->honours, NULL);
  folded = g_utf8_casefold (haystack, -1);
  return strstr (folded, self->needle) != NULL;
}

static void
update_content (QwRegionPage *self)
{
  qw_column_view_show_content (self->content_stack, G_LIST_MODEL (self->store), G_LIST_MODEL (self->filter_model));
}

static void
search_changed_cb (QwRegionPage *self)
{
  g_free (self->needle);
  self->needle = qw_column_view_needle (GTK_EDITABLE (self->search_entry));
  gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
  update_content (self);
}

static void
stop_search_cb (QwRegionPage *self)
{
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
}

static void
update_status (QwRegionPage *self)
{
  guint counts[3] = { 0, 0, 0 };
  g_autofree char *text = NULL;

  if (qw_page_is_busy (QW_PAGE (self)))
    {
      gtk_label_set_text (self->status_label, _("Reading the files…"));
      return;
    }
  for (guint i = 0; self->summary != NULL && i < self->summary->stops->len; i++)
    {
      const QwRegionStop *stop = g_ptr_array_index (self->summary->stops, i);

      counts[CLAMP ((int) stop->event->source, 0, 2)]++;
    }
  text = g_strdup_printf (_("%u from results files, %u typed in, %u run in this document · Drop results "
                            "files here to import them"),
                          counts[QW_SOURCE_IMPORTED], counts[QW_SOURCE_MANUAL], counts[QW_SOURCE_LOCAL]);
  gtk_label_set_text (self->status_label, text);
}

/* Loading */

/* The stops read again; QwPage selects again those that were selected (a
 * change here, in another window or in another program). */
static void
fill_store (QwRegionPage *self)
{
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < self->summary->stops->len; i++)
    {
      g_ptr_array_add (items, qw_stop_item_new (g_ptr_array_index (self->summary->stops, i), i, ruleset_of (self),
                                                self->summary->region));
    }
  g_list_store_splice (self->store, 0, g_list_model_get_n_items (G_LIST_MODEL (self->store)),
                       items->pdata, items->len);
}

static void
reload (QwPage *page)
{
  QwRegionPage *self = QW_REGION_PAGE (page);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwRegionSummary) summary = NULL;
  g_autoptr(GPtrArray) stops = NULL;

  if (doc_of (self) == NULL)
    {
      g_list_store_remove_all (self->store);
      update_content (self);
      return;
    }
  summary = qw_region_read_summary (doc_of (self), ruleset_of (self), &error);
  if (summary == NULL)
    {
      qw_feedback_error (GTK_WIDGET (self), _("The region could not be read"), error);
      return;
    }
  g_clear_pointer (&self->summary, qw_region_summary_free);
  self->summary = g_steal_pointer (&summary);
  stops = qw_region_summary_quota_stops (self->summary);
  g_clear_pointer (&self->quota, qw_quota_free);
  self->quota = qw_quota_compute (ruleset_of (self), stops);
  fill_store (self);
  update_content (self);
  update_status (self);
  _qw_region_page_update_sidebar (self);
}

static void update_actions (QwRegionPage *self);

/* Another region document, or none: files still being read for the
 * previous one are dropped. */
static void
context_changed (QwPage *page)
{
  QwRegionPage *self = QW_REGION_PAGE (page);

  g_clear_pointer (&self->summary, qw_region_summary_free);
  g_clear_pointer (&self->quota, qw_quota_free);
  g_clear_pointer (&self->nominees, qw_nominee_list_free);
  update_actions (self);
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
}

/* Importing files */

static void
show_report (QwRegionPage *self)
{
  gtk_window_present (GTK_WINDOW (qw_import_report_new (get_parent (self), self->outcomes)));
}

/* One import at a time; the status line says the files are being read. */
static void
update_actions (QwRegionPage *self)
{
  /* A region read-only where it is is shown and exported, never changed. */
  QwDocument *doc = doc_of (self);
  gboolean editable = doc == NULL || !qw_document_is_read_only (doc);
  gboolean busy = qw_page_is_busy (QW_PAGE (self));
  static const char *changes[] = { "region.add-stop", "region.run-final", "region.rules-published" };

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "region.import-results", editable && !busy);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "region.import-stops", editable && !busy);
  for (guint i = 0; i < G_N_ELEMENTS (changes); i++)
    gtk_widget_action_set_enabled (GTK_WIDGET (self), changes[i], editable);
  update_status (self);
}

static void
files_read_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(QwRegionPage) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) read = qw_region_read_files_finish (result, &error);

  /* Cancelled: the page has another document, or is going away. */
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  qw_page_set_busy (QW_PAGE (self), FALSE);
  if (read == NULL)
    {
      qw_feedback_error (GTK_WIDGET (self), _("Nothing was imported"), error);
      return;
    }
  if (doc_of (self) == NULL)
    return;
  g_clear_pointer (&self->outcomes, g_ptr_array_unref);
  self->outcomes = qw_region_import_read (doc_of (self), read);
  /* Once for all the files, and before the report goes over the page. */
  qw_page_reload (QW_PAGE (self));
  show_report (self);
}

/**
 * qw_region_page_import_files:
 * @files: (element-type GFile): results files, stops CSVs or stop documents
 *
 * Reads the files in a worker thread, imports each one into the region
 * document (a file is taken whole or not at all), then shows a report.
 */
void
qw_region_page_import_files (QwRegionPage *self,
                             GPtrArray    *files)
{
  g_return_if_fail (QW_IS_REGION_PAGE (self));

  if (doc_of (self) == NULL || qw_page_is_busy (QW_PAGE (self)) || files->len == 0)
    return;
  qw_page_set_busy (QW_PAGE (self), TRUE);
  qw_region_read_files_async (ruleset_of (self), files, qw_page_get_cancellable (QW_PAGE (self)), files_read_cb,
                              g_object_ref (self));
}

/**
 * qw_region_page_get_outcomes:
 *
 * Returns: (element-type QwFileOutcome) (nullable): the last import's outcomes
 */
GPtrArray *
qw_region_page_get_outcomes (QwRegionPage *self)
{
  g_return_val_if_fail (QW_IS_REGION_PAGE (self), NULL);
  return self->outcomes;
}

static void
import_chosen_cb (GtkWidget *owner,
                  GPtrArray *files,
                  gpointer   data)
{
  qw_region_page_import_files (QW_REGION_PAGE (owner), files);
}

static void
choose_files (QwRegionPage  *self,
              const char    *title,
              GtkFileFilter *filter)
{
  QwFileQuestion question = { .action = GTK_FILE_CHOOSER_ACTION_OPEN, .title = title, .accept = _("_Import"),
                              .filters = { filter }, .multiple = TRUE };

  qw_file_chooser_ask (GTK_WIDGET (self), &question, import_chosen_cb, NULL, NULL);
}

static void
import_results_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Results files (.xml) and stops’ documents (.qiwang)"));
  gtk_file_filter_add_pattern (filter, "*.xml");
  gtk_file_filter_add_pattern (filter, "*.XML");
  gtk_file_filter_add_pattern (filter, "*" QW_DOCUMENT_SUFFIX);
  choose_files (QW_REGION_PAGE (widget), _("Import Stops’ Results Files"), filter);
}

static void
import_stops_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Stops CSV (名称,类型,级别,承办单位,地级市,县级市,荣誉,参赛人数)"));
  gtk_file_filter_add_pattern (filter, "*.csv");
  gtk_file_filter_add_pattern (filter, "*.CSV");
  choose_files (QW_REGION_PAGE (widget), _("Import a Stops CSV"), filter);
}

/* Drag and drop */

static gboolean
drop_cb (GtkDropTarget *target,
         const GValue  *value,
         double         x,
         double         y,
         QwRegionPage  *self)
{
  g_autoptr(GSList) list = gdk_file_list_get_files (g_value_get_boxed (value));
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);

  gtk_revealer_set_reveal_child (self->drop_revealer, FALSE);
  for (GSList *l = list; l != NULL; l = l->next)
    g_ptr_array_add (files, g_object_ref (l->data));
  if (files->len == 0 || doc_of (self) == NULL || qw_page_is_busy (QW_PAGE (self)))
    return FALSE;
  qw_region_page_import_files (self, files);
  return TRUE;
}

static GdkDragAction
drop_enter_cb (GtkDropTarget *target,
               double         x,
               double         y,
               QwRegionPage  *self)
{
  if (doc_of (self) == NULL || qw_page_is_busy (QW_PAGE (self)))
    return 0;
  gtk_revealer_set_reveal_child (self->drop_revealer, TRUE);
  return GDK_ACTION_COPY;
}

static void
drop_leave_cb (GtkDropTarget *target,
               QwRegionPage  *self)
{
  gtk_revealer_set_reveal_child (self->drop_revealer, FALSE);
}

static void
add_drop_target (QwRegionPage *self)
{
  GtkDropTarget *target = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);

  g_signal_connect (target, "drop", G_CALLBACK (drop_cb), self);
  g_signal_connect (target, "enter", G_CALLBACK (drop_enter_cb), self);
  g_signal_connect (target, "leave", G_CALLBACK (drop_leave_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (target));
}

/* Typed-in stops */

/**
 * qw_region_page_save_stop:
 * @original: (nullable): the typed-in stop edited, or %NULL for a new one
 *
 * Adds or updates a typed-in stop, in one transaction.
 */
gboolean
qw_region_page_save_stop (QwRegionPage         *self,
                          const QwStopSummary  *stop,
                          const QwEvent        *original,
                          GError              **error)
{
  gboolean ok;

  g_return_val_if_fail (QW_IS_REGION_PAGE (self), FALSE);
  g_return_val_if_fail (doc_of (self) != NULL, FALSE);

  ok = qw_region_save_stop (doc_of (self), stop, original, error);
  if (ok)
    qw_page_reload (QW_PAGE (self));
  return ok;
}

static gboolean
stop_saved_cb (QwRegionPage  *self,
               QwStopSummary *stop,
               QwStopDialog  *dialog)
{
  const QwEvent *original = qw_stop_dialog_get_original (dialog);
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;

  if (!qw_region_page_save_stop (self, stop, original, &error))
    {
      qw_feedback_error (GTK_WIDGET (self), _("The stop could not be saved"), error);
      return FALSE;
    }
  message = g_strdup_printf (original != NULL ? _("Saved %s") : _("Added %s"), stop->name);
  qw_feedback_undo_toast (GTK_WIDGET (self), doc_of (self), message);
  return TRUE;
}

static void
open_stop_dialog (QwRegionPage  *self,
                  const QwEvent *original)
{
  QwStopDialog *dialog;

  if (doc_of (self) == NULL)
    return;
  dialog = qw_stop_dialog_new (get_parent (self), ruleset_of (self), original);
  g_signal_connect_object (dialog, "save", G_CALLBACK (stop_saved_cb), self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
final_created_cb (QwRegionPage *self,
                  GFile        *file)
{
  g_autofree char *path = g_file_get_path (file);

  /* Opened again, the window finds the final and shows its entries page. */
  gtk_widget_activate_action (GTK_WIDGET (self), "win.open-file", "s", path);
}

static void
run_final_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  QwRegionPage *self = QW_REGION_PAGE (widget);
  QwNewStopDialog *dialog;

  if (doc_of (self) == NULL)
    return;
  dialog = qw_new_stop_dialog_new (get_parent (self));
  qw_new_stop_dialog_set_target (dialog, doc_of (self));
  g_signal_connect_object (dialog, "created", G_CALLBACK (final_created_cb), self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
add_stop_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  open_stop_dialog (QW_REGION_PAGE (widget), NULL);
}

static void
row_activated_cb (QwRegionPage *self,
                  guint         position)
{
  g_autoptr(QwStopItem) item = g_list_model_get_item (G_LIST_MODEL (self->selection), position);
  const QwEvent *e;

  if (item == NULL)
    return;
  e = qw_stop_item_get_event (item);
  switch (e->source)
    {
    case QW_SOURCE_MANUAL:
      open_stop_dialog (self, e);
      break;
    case QW_SOURCE_LOCAL:
      gtk_widget_activate_action (GTK_WIDGET (self), "win.show-page", "s", "entries");
      break;
    case QW_SOURCE_IMPORTED:
    default:
      qw_feedback_toast (GTK_WIDGET (self), _("This stop came from its results file: import a newer file to change it"));
      break;
    }
}

/* Deleting */

/**
 * qw_region_page_delete_stops:
 * @events: (element-type QwEvent): imported or typed-in stops
 *
 * Deletes the stops in one step of the document's history (the window's
 * Undo puts them back). A stop run in this document is not deleted here (its
 * entries and games would go with it).
 */
gboolean
qw_region_page_delete_stops (QwRegionPage  *self,
                             GPtrArray     *events,
                             GError       **error)
{
  g_autofree char *message = NULL;
  gboolean ok;

  g_return_val_if_fail (QW_IS_REGION_PAGE (self), FALSE);

  ok = qw_region_delete_stops (doc_of (self), events, error);
  qw_page_reload (QW_PAGE (self));
  if (!ok)
    return FALSE;
  message = events->len == 1
            ? g_strdup_printf (_("Deleted %s"), ((QwEvent *) events->pdata[0])->name)
            : g_strdup_printf (ngettext ("Deleted %u stop", "Deleted %u stops", events->len), events->len);
  qw_feedback_undo_toast (GTK_WIDGET (self), doc_of (self), message);
  return TRUE;
}

static GPtrArray *
selected_events (QwRegionPage *self)
{
  g_autoptr(GPtrArray) items = qw_page_get_selected_items (QW_PAGE (self));
  GPtrArray *events = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_event_free);

  for (guint i = 0; i < items->len; i++)
    g_ptr_array_add (events, qw_event_copy (qw_stop_item_get_event (g_ptr_array_index (items, i))));
  return events;
}

static void
delete_stops_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  QwRegionPage *self = QW_REGION_PAGE (widget);
  g_autoptr(GPtrArray) events = selected_events (self);
  g_autoptr(GError) error = NULL;

  if (doc_of (self) == NULL || events->len == 0)
    return;
  if (!qw_region_page_delete_stops (self, events, &error))
    qw_feedback_error (GTK_WIDGET (self), _("The stops could not be deleted"), error);
}

static void
selection_changed_cb (QwRegionPage *self)
{
  g_autoptr(GtkBitset) set = gtk_selection_model_get_selection (GTK_SELECTION_MODEL (self->selection));

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "region.delete-stops",
                                 !gtk_bitset_is_empty (set) && (doc_of (self) == NULL
                                                                  || !qw_document_is_read_only (doc_of (self))));
}

static gboolean
key_pressed_cb (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                QwRegionPage          *self)
{
  if (keyval == GDK_KEY_Delete && (state & GDK_MODIFIER_MASK) == 0)
    {
      gtk_widget_activate_action (GTK_WIDGET (self), "region.delete-stops", NULL);
      return TRUE;
    }
  return FALSE;
}

/* Accessors (the window and the UI tests) */

GListModel *
qw_region_page_get_model (QwRegionPage *self)
{
  g_return_val_if_fail (QW_IS_REGION_PAGE (self), NULL);
  return G_LIST_MODEL (self->filter_model);
}

QwQuotaCard *
qw_region_page_get_quota_card (QwRegionPage *self)
{
  g_return_val_if_fail (QW_IS_REGION_PAGE (self), NULL);
  return self->quota_card;
}

const QwQuota *
qw_region_page_get_quota (QwRegionPage *self)
{
  g_return_val_if_fail (QW_IS_REGION_PAGE (self), NULL);
  return self->quota;
}

const QwNomineeList *
qw_region_page_get_nominees (QwRegionPage *self)
{
  g_return_val_if_fail (QW_IS_REGION_PAGE (self), NULL);
  return self->nominees;
}

guint
qw_region_page_get_n_warnings (QwRegionPage *self)
{
  g_return_val_if_fail (QW_IS_REGION_PAGE (self), 0);
  return self->n_warnings;
}

/* GObject */

static void
qw_region_page_dispose (GObject *object)
{
  QwRegionPage *self = QW_REGION_PAGE (object);

  g_clear_pointer (&self->summary, qw_region_summary_free);
  g_clear_pointer (&self->quota, qw_quota_free);
  g_clear_pointer (&self->nominees, qw_nominee_list_free);
  gtk_widget_dispose_template (GTK_WIDGET (self), QW_TYPE_REGION_PAGE);
  g_clear_object (&self->selection);
  g_clear_object (&self->store);
  g_clear_pointer (&self->check_rows, g_ptr_array_unref);
  g_clear_pointer (&self->nominee_rows, g_ptr_array_unref);
  g_clear_pointer (&self->outcomes, g_ptr_array_unref);
  g_clear_pointer (&self->needle, g_free);
  G_OBJECT_CLASS (qw_region_page_parent_class)->dispose (object);
}

static void
qw_region_page_class_init (QwRegionPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = qw_region_page_dispose;
  QW_PAGE_CLASS (klass)->context_changed = context_changed;
  QW_PAGE_CLASS (klass)->reload = reload;
  /* The stops, and those run here with their entries and games. */
  qw_page_class_set_topics (QW_PAGE_CLASS (klass), "region", "events", "entries", "games", NULL);


  g_type_ensure (QW_TYPE_QUOTA_CARD);
  gtk_widget_class_set_template_from_resource (widget_class, "/cn/qiwang/Qiwang/ui/qw-region-page.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, QwRegionPage, name)
  BIND (overlay);
  BIND (drop_revealer);
  BIND (search_entry);
  BIND (preliminaries_value);
  BIND (valid_value);
  BIND (valid_caption);
  BIND (final_value);
  BIND (participants_value);
  BIND (participants_caption);
  BIND (content_stack);
  BIND (column_view);
  BIND (status_label);
  BIND (quota_card);
  BIND (checks_group);
  BIND (nominees_group);
  BIND (export_button);
#undef BIND
  gtk_widget_class_bind_template_callback (widget_class, search_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, stop_search_cb);
  gtk_widget_class_bind_template_callback (widget_class, row_activated_cb);

  gtk_widget_class_install_action (widget_class, "region.import-results", NULL, import_results_action);
  gtk_widget_class_install_action (widget_class, "region.import-stops", NULL, import_stops_action);
  gtk_widget_class_install_action (widget_class, "region.add-stop", NULL, add_stop_action);
  gtk_widget_class_install_action (widget_class, "region.run-final", NULL, run_final_action);
  gtk_widget_class_install_action (widget_class, "region.delete-stops", NULL, delete_stops_action);
  _qw_region_page_class_sidebar_init (widget_class);
}

static void
qw_region_page_init (QwRegionPage *self)
{
  GtkEventController *keys;
  g_autoptr(GtkSorter) sorter = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->check_rows = g_ptr_array_new ();
  self->nominee_rows = g_ptr_array_new ();
  self->store = g_list_store_new (QW_TYPE_STOP_ITEM);
  self->filter = gtk_custom_filter_new (filter_func, self, NULL);
  /* Sorted, then filtered: a search keeps the order, it does not sort again. */
  self->sort_model = gtk_sort_list_model_new (G_LIST_MODEL (g_object_ref (self->store)), NULL);
  self->filter_model = gtk_filter_list_model_new (G_LIST_MODEL (self->sort_model),
                                                  GTK_FILTER (self->filter));
  self->selection = gtk_multi_selection_new (G_LIST_MODEL (self->filter_model));
  qw_column_view_add_columns (self->column_view, QW_TYPE_STOP_ITEM, columns, G_N_ELEMENTS (columns), self);
  sorter = qw_column_view_sorter (self->column_view, QW_TYPE_STOP_ITEM, "position");
  gtk_sort_list_model_set_sorter (self->sort_model, sorter);
  gtk_column_view_set_model (self->column_view, GTK_SELECTION_MODEL (self->selection));
  qw_page_keep_selection (QW_PAGE (self), GTK_SELECTION_MODEL (self->selection),
                          gtk_property_expression_new (QW_TYPE_STOP_ITEM, NULL, "id"));
  g_signal_connect_swapped (self->selection, "selection-changed", G_CALLBACK (selection_changed_cb), self);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "region.delete-stops", FALSE);

  keys = gtk_event_controller_key_new ();
  g_signal_connect (keys, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->column_view), keys);
  add_drop_target (self);
  g_signal_connect (self, "notify::busy", G_CALLBACK (update_actions), NULL);
  update_content (self);
}
