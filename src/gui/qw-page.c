/* qw-page.c: a page of the window, showing the open document
 *
 * Every page of the window's view stack derives from QwPage. The window
 * binds its "context" property to the page's (qw-window.c); the page names
 * in its class_init the topics it shows (qw_page_class_set_topics()) and
 * implements reload(), which reads the document again keeping what the
 * user chose to see (the group, the round, a search); QwPage does the rest
 * through a QwDocumentWatch: it reloads when the document is another one,
 * and when it changed in one of the topics, once, when the page is shown.
 * A page whose list has a selection hands it to qw_page_keep_selection()
 * and a reload selects the same items again. After a change of its own
 * the page calls qw_page_reload(), so that what it does next (select the
 * next board, show a report) goes on from what the document holds now.
 *
 * A page that reads or writes a file in a worker thread does it with the
 * page's cancellable (cancelled when the document changes or the page
 * goes) and says so with its "busy" property.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-page"

#include "config.h"

#include "qw-document-watch.h"
#include "qw-page.h"

typedef struct
{
  QwDocumentContext *context;
  QwDocumentWatch   *watch;        /* made on first use, with the class's topics */
  GCancellable      *cancellable;  /* the worker's, for this document */
  gboolean           busy;
} QwPagePrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (QwPage, qw_page, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_CONTEXT,
  PROP_BUSY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  RELOADED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static GQuark topics_quark;

/* The topics of the page's class, or of the nearest class above it that
 * names some. */
static const char * const *
topics_of (GType type)
{
  for (; type != QW_TYPE_PAGE && type != G_TYPE_INVALID; type = g_type_parent (type))
    {
      const char * const *topics = g_type_get_qdata (type, topics_quark);

      if (topics != NULL)
        return topics;
    }
  return NULL;
}

static void
reload_cb (GtkWidget *widget)
{
  QwPage *self = QW_PAGE (widget);

  QW_PAGE_GET_CLASS (self)->reload (self);
}

static void
reloaded_cb (QwPage *self)
{
  g_signal_emit (self, signals[RELOADED], 0);
}

static QwDocumentWatch *
ensure_watch (QwPage *self)
{
  QwPagePrivate *priv = qw_page_get_instance_private (self);
  const char * const *topics;

  if (priv->watch != NULL)
    return priv->watch;
  topics = topics_of (G_OBJECT_TYPE (self));
  g_assert (topics != NULL);
  priv->watch = qw_document_watch_new (GTK_WIDGET (self), topics, reload_cb);
  g_signal_connect_object (priv->watch, "reloaded", G_CALLBACK (reloaded_cb), self, G_CONNECT_SWAPPED);
  return priv->watch;
}

/* GObject */

/* A worker still running drops its result. */
static void
cancel_worker (QwPage *self)
{
  QwPagePrivate *priv = qw_page_get_instance_private (self);

  g_cancellable_cancel (priv->cancellable);
  g_clear_object (&priv->cancellable);
}

static void
qw_page_dispose (GObject *object)
{
  QwPagePrivate *priv = qw_page_get_instance_private (QW_PAGE (object));

  cancel_worker (QW_PAGE (object));
  g_clear_object (&priv->watch);
  g_clear_object (&priv->context);
  G_OBJECT_CLASS (qw_page_parent_class)->dispose (object);
}

static void
qw_page_get_property (GObject    *object,
                      guint       prop_id,
                      GValue     *value,
                      GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_CONTEXT:
      g_value_set_object (value, qw_page_get_context (QW_PAGE (object)));
      break;
    case PROP_BUSY:
      g_value_set_boolean (value, qw_page_is_busy (QW_PAGE (object)));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
qw_page_set_property (GObject      *object,
                      guint         prop_id,
                      const GValue *value,
                      GParamSpec   *pspec)
{
  switch (prop_id)
    {
    case PROP_CONTEXT:
      qw_page_set_context (QW_PAGE (object), g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
qw_page_class_init (QwPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = qw_page_dispose;
  object_class->get_property = qw_page_get_property;
  object_class->set_property = qw_page_set_property;

  topics_quark = g_quark_from_static_string ("qw-page-topics");

  /* The open document, or NULL: the window binds it to its own. */
  properties[PROP_CONTEXT] = g_param_spec_object ("context", NULL, NULL, QW_TYPE_DOCUMENT_CONTEXT,
                                                  G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY
                                                  | G_PARAM_STATIC_STRINGS);
  /* A file is being read or written in a worker thread. */
  properties[PROP_BUSY] = g_param_spec_boolean ("busy", NULL, NULL, FALSE,
                                                G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * QwPage::reloaded:
   *
   * The page read the document again (its selection back).
   */
  signals[RELOADED] = g_signal_new ("reloaded", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                    NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_layout_manager_type (GTK_WIDGET_CLASS (klass), GTK_TYPE_BIN_LAYOUT);
}

static void
qw_page_init (QwPage *self)
{
}

/* Public API */

/**
 * qw_page_class_set_topics:
 * @first_topic: the first detail of the document's "changed" signal the
 *   page shows ("entries", "games", …)
 *
 * In a page's class_init: what it shows, read again when they change.
 */
void
qw_page_class_set_topics (QwPageClass *klass,
                          const char  *first_topic,
                          ...)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  va_list args;

  g_return_if_fail (QW_IS_PAGE_CLASS (klass));
  g_return_if_fail (first_topic != NULL);

  va_start (args, first_topic);
  for (const char *topic = first_topic; topic != NULL; topic = va_arg (args, const char *))
    g_strv_builder_add (builder, topic);
  va_end (args);
  g_type_set_qdata (G_TYPE_FROM_CLASS (klass), topics_quark, g_strv_builder_end (builder));
}

QwDocumentContext *
qw_page_get_context (QwPage *self)
{
  QwPagePrivate *priv;

  g_return_val_if_fail (QW_IS_PAGE (self), NULL);

  priv = qw_page_get_instance_private (self);
  return priv->context;
}

/**
 * qw_page_set_context:
 * @context: (nullable): the open document, or %NULL
 *
 * Shows @context: a worker's job for the previous document is dropped, the
 * page forgets what it showed (its context_changed()) and reads the new
 * document at once.
 */
void
qw_page_set_context (QwPage            *self,
                     QwDocumentContext *context)
{
  QwPagePrivate *priv;

  g_return_if_fail (QW_IS_PAGE (self));
  g_return_if_fail (context == NULL || QW_IS_DOCUMENT_CONTEXT (context));

  priv = qw_page_get_instance_private (self);
  if (!g_set_object (&priv->context, context))
    return;
  cancel_worker (self);
  qw_page_set_busy (self, FALSE);
  if (QW_PAGE_GET_CLASS (self)->context_changed != NULL)
    QW_PAGE_GET_CLASS (self)->context_changed (self);
  qw_document_watch_set_document (ensure_watch (self),
                                  context != NULL ? qw_document_context_get_document (context) : NULL);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CONTEXT]);
}

/* (nullable): the context's document */
QwDocument *
qw_page_get_document (QwPage *self)
{
  QwDocumentContext *context = qw_page_get_context (self);

  return context != NULL ? qw_document_context_get_document (context) : NULL;
}

/* (nullable): the context's ruleset */
QwRuleset *
qw_page_get_ruleset (QwPage *self)
{
  QwDocumentContext *context = qw_page_get_context (self);

  return context != NULL ? qw_document_context_get_ruleset (context) : NULL;
}

/* (nullable): the event the document runs, as it is now */
const QwEvent *
qw_page_get_event (QwPage *self)
{
  QwDocumentContext *context = qw_page_get_context (self);

  return context != NULL ? qw_document_context_get_event (context) : NULL;
}

/**
 * qw_page_keep_selection:
 * @selection: the page's list
 * @key: (transfer full): what tells its items apart across reloads
 *
 * A reload selects again the items that were selected, where they still are.
 */
void
qw_page_keep_selection (QwPage            *self,
                        GtkSelectionModel *selection,
                        GtkExpression     *key)
{
  g_return_if_fail (QW_IS_PAGE (self));
  qw_document_watch_keep_selection (ensure_watch (self), selection, key);
}

/**
 * qw_page_get_selected_items:
 *
 * Returns: (transfer container) (element-type GObject): the items selected
 *   in the list given to qw_page_keep_selection()
 */
GPtrArray *
qw_page_get_selected_items (QwPage *self)
{
  g_return_val_if_fail (QW_IS_PAGE (self), NULL);
  return qw_document_watch_selected_items (ensure_watch (self));
}

/**
 * qw_page_reload:
 *
 * Reads the document again now, keeping the selection: the page changed it
 * itself and goes on from the outcome.
 */
void
qw_page_reload (QwPage *self)
{
  g_return_if_fail (QW_IS_PAGE (self));
  qw_document_watch_reload (ensure_watch (self));
}

/* Whether a change waits until the page is shown, or for the next idle. */
gboolean
qw_page_is_pending (QwPage *self)
{
  g_return_val_if_fail (QW_IS_PAGE (self), FALSE);
  return qw_document_watch_is_pending (ensure_watch (self));
}

/**
 * qw_page_get_cancellable:
 *
 * Returns: (transfer none): what a worker thread of the page runs with:
 *   cancelled when the page shows another document, or goes
 */
GCancellable *
qw_page_get_cancellable (QwPage *self)
{
  QwPagePrivate *priv;

  g_return_val_if_fail (QW_IS_PAGE (self), NULL);

  priv = qw_page_get_instance_private (self);
  if (priv->cancellable == NULL)
    priv->cancellable = g_cancellable_new ();
  return priv->cancellable;
}

/* Whether a worker reads or writes a file for the page. */
gboolean
qw_page_is_busy (QwPage *self)
{
  QwPagePrivate *priv;

  g_return_val_if_fail (QW_IS_PAGE (self), FALSE);

  priv = qw_page_get_instance_private (self);
  return priv->busy;
}

void
qw_page_set_busy (QwPage   *self,
                  gboolean  busy)
{
  QwPagePrivate *priv;

  g_return_if_fail (QW_IS_PAGE (self));

  priv = qw_page_get_instance_private (self);
  if (priv->busy == busy)
    return;
  priv->busy = busy;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
}

/* Whether the page may change its document: one is open, and it can be
 * written where it is (a document on a write-protected stick is shown,
 * listed and exported, never changed: qw_document_is_read_only()). */
gboolean
qw_page_can_change (QwPage *self)
{
  QwDocument *doc = qw_page_get_document (self);

  return doc != NULL && !qw_document_is_read_only (doc);
}
