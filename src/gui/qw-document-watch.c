/* qw-document-watch.c: what a page or a dialog shows, read again as the document changes
 *
 * The one way a widget follows its document (as GNOME Calendar's views
 * follow the timeline through GcalTimelineSubscriber): it names the topics
 * it shows, the details of the document's "changed" signal ("entries",
 * "games", …: qw_document_topics()), and the function that reads the
 * document again. The store says which topics a committed step touched,
 * whether the step was the user's, an undo, a redo or another program's
 * (qw_document_check_outside()): a topic asked for here is heard whichever
 * way the change came.
 *
 * A change is not read at once. While the widget is hidden (a page of the
 * view stack not shown, a dialog not yet presented) nothing is read; the
 * change is remembered and read when the widget is mapped. While it is
 * shown, the changes of one step, of an import of many files or of another
 * program's commit come together in one reload, at an idle of high
 * priority: after the change is done, before the next frame is drawn. A
 * widget that changed the document itself and needs the outcome at once
 * (to select the next board) asks for it with qw_document_watch_reload().
 *
 * A reload keeps the selection: the items selected before it (told apart
 * by a key, such as an entry's id) are selected again where they still are.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-document-watch"

#include "config.h"

#include "qw-document-watch.h"

struct _QwDocumentWatch
{
  GObject            parent_instance;

  GtkWidget         *widget;       /* unowned: the widget owns its watch */
  QwWatchFunc        reload;       /* the widget's */
  GStrv              topics;
  GSignalGroup      *doc_signals;  /* "changed::TOPIC", each topic */
  QwDocument        *doc;
  GtkSelectionModel *selection;    /* kept across reloads, by key */
  GtkExpression     *key;
  gboolean           pending;      /* a change not read yet */
  guint              idle_id;
};

G_DEFINE_FINAL_TYPE (QwDocumentWatch, qw_document_watch, G_TYPE_OBJECT)

enum {
  RELOADED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* Keeping the selection */

static char *
key_of (QwDocumentWatch *self,
        gpointer         item)
{
  g_auto(GValue) value = G_VALUE_INIT;

  if (!gtk_expression_evaluate (self->key, item, &value))
    return NULL;
  return g_strdup_value_contents (&value);
}

static GHashTable *
selected_keys (QwDocumentWatch *self)
{
  GHashTable *keys = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GPtrArray) items = NULL;

  if (self->selection == NULL)
    return keys;
  items = qw_document_watch_selected_items (self);
  for (guint i = 0; i < items->len; i++)
    {
      char *key = key_of (self, g_ptr_array_index (items, i));

      if (key != NULL)
        g_hash_table_add (keys, key);
    }
  return keys;
}

static void
reselect (QwDocumentWatch *self,
          GHashTable      *keys)
{
  GListModel *model = G_LIST_MODEL (self->selection);
  guint n = g_list_model_get_n_items (model);
  g_autoptr(GtkBitset) set = gtk_bitset_new_empty ();
  g_autoptr(GtkBitset) mask = NULL;

  if (g_hash_table_size (keys) == 0)
    return;
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (model, i);
      g_autofree char *key = key_of (self, item);

      if (key != NULL && g_hash_table_contains (keys, key))
        gtk_bitset_add (set, i);
    }
  /* A single selection takes one item, and has no set_selection(). */
  if (GTK_IS_SINGLE_SELECTION (self->selection))
    {
      if (!gtk_bitset_is_empty (set))
        gtk_selection_model_select_item (self->selection, gtk_bitset_get_minimum (set), TRUE);
      return;
    }
  mask = gtk_bitset_new_range (0, n);
  gtk_selection_model_set_selection (self->selection, set, mask);
}

/* Reloading */

static void
reload_now (QwDocumentWatch *self,
            gboolean         keep_selection)
{
  g_autoptr(GHashTable) keys = NULL;

  g_clear_handle_id (&self->idle_id, g_source_remove);
  self->pending = FALSE;
  g_debug ("%s reads the document again", G_OBJECT_TYPE_NAME (self->widget));
  if (keep_selection)
    keys = selected_keys (self);
  self->reload (self->widget);
  if (keys != NULL && self->selection != NULL)
    reselect (self, keys);
  g_signal_emit (self, signals[RELOADED], 0);
}

static gboolean
reload_idle_cb (gpointer data)
{
  QwDocumentWatch *self = data;

  self->idle_id = 0;
  if (self->pending && gtk_widget_get_mapped (self->widget))
    reload_now (self, TRUE);
  return G_SOURCE_REMOVE;
}

static void
changed_cb (QwDocumentWatch *self)
{
  self->pending = TRUE;
  /* Hidden: read when shown (map_cb). Before the frame is drawn (GTK draws
   * at G_PRIORITY_HIGH_IDLE + 20), and once for the changes before it. */
  if (self->idle_id == 0 && gtk_widget_get_mapped (self->widget))
    self->idle_id = g_idle_add_full (G_PRIORITY_HIGH_IDLE, reload_idle_cb, self, NULL);
}

static void
map_cb (QwDocumentWatch *self)
{
  if (self->pending)
    reload_now (self, TRUE);
}

/* GObject */

static void
qw_document_watch_dispose (GObject *object)
{
  QwDocumentWatch *self = QW_DOCUMENT_WATCH (object);

  g_clear_handle_id (&self->idle_id, g_source_remove);
  g_clear_object (&self->doc_signals);
  g_clear_object (&self->doc);
  g_clear_object (&self->selection);
  g_clear_pointer (&self->key, gtk_expression_unref);
  G_OBJECT_CLASS (qw_document_watch_parent_class)->dispose (object);
}

static void
qw_document_watch_finalize (GObject *object)
{
  QwDocumentWatch *self = QW_DOCUMENT_WATCH (object);

  g_strfreev (self->topics);
  G_OBJECT_CLASS (qw_document_watch_parent_class)->finalize (object);
}

static void
qw_document_watch_class_init (QwDocumentWatchClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = qw_document_watch_dispose;
  object_class->finalize = qw_document_watch_finalize;

  /**
   * QwDocumentWatch::reloaded:
   *
   * The widget read the document again, and the selection is back: the
   * document is another one (qw_document_watch_set_document()), it changed
   * in a topic watched while the widget was shown or until it was shown,
   * or the widget asked (qw_document_watch_reload()).
   */
  signals[RELOADED] = g_signal_new ("reloaded", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                    NULL, G_TYPE_NONE, 0);
}

static void
qw_document_watch_init (QwDocumentWatch *self)
{
  self->doc_signals = g_signal_group_new (QW_TYPE_DOCUMENT);
}

/* Public API */

/**
 * qw_document_watch_new:
 * @widget: the page or dialog that shows the document; it owns the watch
 * @topics: the details of the document's "changed" signal it shows
 *   ("entries", "games", …: qw_document_topics())
 * @reload: reads the document again into @widget
 *
 * Returns: (transfer full): a watch without a document yet
 */
QwDocumentWatch *
qw_document_watch_new (GtkWidget          *widget,
                       const char * const *topics,
                       QwWatchFunc         reload)
{
  QwDocumentWatch *self;

  g_return_val_if_fail (GTK_IS_WIDGET (widget), NULL);
  g_return_val_if_fail (topics != NULL && topics[0] != NULL, NULL);
  g_return_val_if_fail (reload != NULL, NULL);

  self = g_object_new (QW_TYPE_DOCUMENT_WATCH, NULL);
  self->widget = widget;
  self->reload = reload;
  self->topics = g_strdupv ((char **) topics);
  for (guint i = 0; topics[i] != NULL; i++)
    {
      g_autofree char *signal = g_strconcat ("changed::", topics[i], NULL);

      /* A topic the document never announces would never be heard. */
      if (!g_strv_contains (qw_document_topics (), topics[i]))
        g_critical ("“%s” is not a topic of the document (qw_document_topics ())", topics[i]);

      g_signal_group_connect_swapped (self->doc_signals, signal, G_CALLBACK (changed_cb), self);
    }
  g_signal_connect_object (widget, "map", G_CALLBACK (map_cb), self, G_CONNECT_SWAPPED);
  return self;
}

const char * const *
qw_document_watch_get_topics (QwDocumentWatch *self)
{
  g_return_val_if_fail (QW_IS_DOCUMENT_WATCH (self), NULL);
  return (const char * const *) self->topics;
}

/**
 * qw_document_watch_set_document:
 * @doc: (nullable): the document the widget shows now, or %NULL
 *
 * Follows @doc, and reloads at once (without keeping the selection: the
 * items are another document's).
 */
void
qw_document_watch_set_document (QwDocumentWatch *self,
                                QwDocument      *doc)
{
  g_return_if_fail (QW_IS_DOCUMENT_WATCH (self));
  g_return_if_fail (doc == NULL || QW_IS_DOCUMENT (doc));

  g_set_object (&self->doc, doc);
  g_signal_group_set_target (self->doc_signals, doc);
  reload_now (self, FALSE);
}

QwDocument *
qw_document_watch_get_document (QwDocumentWatch *self)
{
  g_return_val_if_fail (QW_IS_DOCUMENT_WATCH (self), NULL);
  return self->doc;
}

/**
 * qw_document_watch_keep_selection:
 * @selection: the list whose selection a reload keeps
 * @key: (transfer full): what tells an item apart across reloads, evaluated
 *   on the item (an entry's "id")
 */
void
qw_document_watch_keep_selection (QwDocumentWatch   *self,
                                  GtkSelectionModel *selection,
                                  GtkExpression     *key)
{
  g_return_if_fail (QW_IS_DOCUMENT_WATCH (self));
  g_return_if_fail (GTK_IS_SELECTION_MODEL (selection));
  g_return_if_fail (key != NULL);

  g_set_object (&self->selection, selection);
  g_clear_pointer (&self->key, gtk_expression_unref);
  self->key = key;
}

/**
 * qw_document_watch_selected_items:
 *
 * Returns: (transfer container) (element-type GObject): the items selected
 *   in the kept selection, in their order
 */
GPtrArray *
qw_document_watch_selected_items (QwDocumentWatch *self)
{
  GPtrArray *items = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GtkBitset) set = NULL;
  GtkBitsetIter iter;
  guint position;

  g_return_val_if_fail (QW_IS_DOCUMENT_WATCH (self), items);

  if (self->selection == NULL)
    return items;
  set = gtk_selection_model_get_selection (self->selection);
  if (gtk_bitset_iter_init_first (&iter, set, &position))
    do
      g_ptr_array_add (items, g_list_model_get_item (G_LIST_MODEL (self->selection), position));
    while (gtk_bitset_iter_next (&iter, &position));
  return items;
}

/**
 * qw_document_watch_reload:
 *
 * Reloads now, keeping the selection, shown or not: the widget changed the
 * document itself and goes on from what it holds now. A reload the change
 * scheduled is done with it.
 */
void
qw_document_watch_reload (QwDocumentWatch *self)
{
  g_return_if_fail (QW_IS_DOCUMENT_WATCH (self));
  reload_now (self, TRUE);
}

/* Whether a change waits to be read (the widget is hidden, or the idle has
 * not come yet). */
gboolean
qw_document_watch_is_pending (QwDocumentWatch *self)
{
  g_return_val_if_fail (QW_IS_DOCUMENT_WATCH (self), FALSE);
  return self->pending;
}
