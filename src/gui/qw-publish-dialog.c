/* qw-publish-dialog.c: 发布到场馆网络, the venue server from the GUI
 *
 * The arbiter picks the addresses to serve on (this computer's, the venue
 * network's first) and a port; the dialog then shows the address phones
 * open and its QR code, and how many pages were asked for. The server
 * (publish/qw-publish-server.h) runs in its own thread with its own
 * read-only connection: starting it does not wait in the main loop, and
 * nothing the arbiter does waits for it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-publish-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "qw-feedback.h"
#include "qw-publish-dialog.h"
#include "qw-publish-server.h"
#include "qw-qr-texture.h"
#include "qw-site-export.h"

#define DIALOG_KEY "qw-publish-dialog"

struct _QwPublishDialog
{
  AdwWindow            parent_instance;

  AdwPreferencesGroup *addresses_group;
  AdwActionRow        *port_row;
  GtkSpinButton       *port_spin;
  GtkButton           *start_button;
  GtkLabel            *url_label;
  GtkPicture          *qr_picture;
  GtkLabel            *status_label;
  AdwEntryRow         *site_row;

  QwDocumentContext   *context;
  GPtrArray           *address_checks;   /* GtkCheckButton, with their address as "address" data */
  QwPublishServer     *server;
  GCancellable        *cancellable;
  char                *url;
  guint                stats_id;
  gboolean             starting;
};

G_DEFINE_FINAL_TYPE (QwPublishDialog, qw_publish_dialog, ADW_TYPE_WINDOW)

enum {
  PROP_0,
  PROP_CONTEXT,
  PROP_SERVING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Helpers */

static const char *
document_path (QwPublishDialog *self)
{
  QwDocument *doc = self->context != NULL ? qw_document_context_get_document (self->context) : NULL;

  return doc != NULL ? qw_document_get_path (doc) : NULL;
}

static void
update_controls (QwPublishDialog *self)
{
  /* While it starts, the server is the worker thread's: not asked. */
  gboolean serving = !self->starting && self->server != NULL && qw_publish_server_is_running (self->server);
  gboolean can_start = document_path (self) != NULL && !self->starting;

  for (guint i = 0; i < self->address_checks->len; i++)
    gtk_widget_set_sensitive (g_ptr_array_index (self->address_checks, i), !serving && !self->starting);
  gtk_widget_set_sensitive (GTK_WIDGET (self->port_spin), !serving && !self->starting);
  gtk_widget_set_sensitive (GTK_WIDGET (self->start_button), serving || can_start);
  gtk_widget_set_sensitive (GTK_WIDGET (self->site_row), self->context != NULL);
  gtk_button_set_label (self->start_button, serving ? _("_Stop Publishing") : _("_Start Publishing"));
  if (serving)
    {
      gtk_widget_remove_css_class (GTK_WIDGET (self->start_button), "suggested-action");
      gtk_widget_add_css_class (GTK_WIDGET (self->start_button), "destructive-action");
    }
  else
    {
      gtk_widget_remove_css_class (GTK_WIDGET (self->start_button), "destructive-action");
      gtk_widget_add_css_class (GTK_WIDGET (self->start_button), "suggested-action");
    }
}

static gboolean
stats_cb (gpointer data)
{
  QwPublishDialog *self = data;
  guint requests = self->server != NULL ? (guint) qw_publish_server_get_requests (self->server) : 0;
  g_autofree char *text = g_strdup_printf (ngettext ("Serving: %u page asked for so far",
                                                     "Serving: %u pages asked for so far", requests), requests);

  gtk_label_set_text (self->status_label, text);
  return G_SOURCE_CONTINUE;
}

static void
show_serving (QwPublishDialog *self)
{
  g_auto(GStrv) urls = qw_publish_server_get_urls (self->server);
  g_autoptr(GdkTexture) texture = NULL;
  g_autoptr(GString) others = g_string_new (NULL);

  /* The first address that is not this computer's own loopback. */
  g_free (self->url);
  self->url = NULL;
  for (guint i = 0; urls[i] != NULL && self->url == NULL; i++)
    if (!g_str_has_prefix (urls[i], "http://127.") && !g_str_has_prefix (urls[i], "http://[::1]"))
      self->url = g_strdup (urls[i]);
  if (self->url == NULL && urls[0] != NULL)
    self->url = g_strdup (urls[0]);
  for (guint i = 0; urls[i] != NULL; i++)
    if (g_strcmp0 (urls[i], self->url) != 0)
      g_string_append_printf (others, "\n%s", urls[i]);
  g_string_prepend (others, self->url != NULL ? self->url : "");
  gtk_label_set_text (self->url_label, others->str);
  texture = self->url != NULL ? qw_qr_texture_new (self->url, 8) : NULL;
  gtk_picture_set_paintable (self->qr_picture, GDK_PAINTABLE (texture));
  gtk_widget_set_visible (GTK_WIDGET (self->qr_picture), texture != NULL);
  stats_cb (self);
  g_clear_handle_id (&self->stats_id, g_source_remove);
  self->stats_id = g_timeout_add_seconds (1, stats_cb, self);
}

static void
stop_serving (QwPublishDialog *self)
{
  gboolean was_serving = self->server != NULL && !self->starting;

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_handle_id (&self->stats_id, g_source_remove);
  /* A server still starting is left to started_cb, which stops it: it is
   * not this dialog's any more. */
  if (self->server != NULL && !self->starting)
    qw_publish_server_stop (self->server);
  g_clear_object (&self->server);
  g_clear_pointer (&self->url, g_free);
  self->starting = FALSE;
  gtk_label_set_text (self->url_label, "");
  gtk_label_set_text (self->status_label, "");
  gtk_picture_set_paintable (self->qr_picture, NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->qr_picture), FALSE);
  if (was_serving)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SERVING]);
}

static void
fill_addresses (QwPublishDialog *self)
{
  g_auto(GStrv) addresses = qw_publish_list_addresses ();

  for (guint i = 0; addresses[i] != NULL; i++)
    {
      AdwActionRow *row = ADW_ACTION_ROW (adw_action_row_new ());
      GtkWidget *check = gtk_check_button_new ();
      gboolean loopback = g_str_has_prefix (addresses[i], "127.") || g_str_equal (addresses[i], "::1");

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), addresses[i]);
      adw_action_row_set_subtitle (row, loopback ? _("This computer only") : _("A network of this computer"));
      gtk_widget_set_valign (check, GTK_ALIGN_CENTER);
      /* The venue network's first address is the usual choice. */
      gtk_check_button_set_active (GTK_CHECK_BUTTON (check), i == 0);
      g_object_set_data_full (G_OBJECT (check), "address", g_strdup (addresses[i]), g_free);
      adw_action_row_add_prefix (row, check);
      adw_action_row_set_activatable_widget (row, check);
      adw_preferences_group_add (self->addresses_group, GTK_WIDGET (row));
      g_ptr_array_add (self->address_checks, check);
    }
}

static GStrv
chosen_addresses (QwPublishDialog *self)
{
  g_autoptr(GStrvBuilder) chosen = g_strv_builder_new ();

  for (guint i = 0; i < self->address_checks->len; i++)
    {
      GtkCheckButton *check = g_ptr_array_index (self->address_checks, i);

      if (gtk_check_button_get_active (check))
        g_strv_builder_add (chosen, g_object_get_data (G_OBJECT (check), "address"));
    }
  return g_strv_builder_end (chosen);
}

static void
load_site_url (QwPublishDialog *self)
{
  QwDocument *doc = self->context != NULL ? qw_document_context_get_document (self->context) : NULL;
  g_autofree char *url = doc != NULL ? qw_site_get_url (doc) : NULL;

  gtk_editable_set_text (GTK_EDITABLE (self->site_row), url != NULL ? url : "");
}

/* Callbacks */

static void
started_cb (GObject      *source,
            GAsyncResult *result,
            gpointer      data)
{
  g_autoptr(QwPublishDialog) self = data;
  g_autoptr(GError) error = NULL;
  gboolean ok = qw_publish_server_start_finish (QW_PUBLISH_SERVER (source), result, &error);

  /* The document changed, or serving was stopped, while the server started. */
  if (self->server != (gpointer) source)
    {
      qw_publish_server_stop (QW_PUBLISH_SERVER (source));
      return;
    }
  self->starting = FALSE;
  if (!ok)
    {
      g_clear_object (&self->server);
      gtk_label_set_text (self->status_label, error->message);
      update_controls (self);
      return;
    }
  show_serving (self);
  update_controls (self);
  /* The add-device dialog waits for the address of its join link. */
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SERVING]);
}

static void
start_clicked_cb (QwPublishDialog *self)
{
  g_auto(GStrv) addresses = NULL;
  const char *path = document_path (self);

  if (!self->starting && self->server != NULL && qw_publish_server_is_running (self->server))
    {
      stop_serving (self);
      update_controls (self);
      return;
    }
  addresses = chosen_addresses (self);
  if (path == NULL || self->starting)
    return;
  if (addresses[0] == NULL)
    {
      gtk_label_set_text (self->status_label, _("Check at least one address to serve on."));
      return;
    }
  self->starting = TRUE;
  gtk_label_set_text (self->status_label, _("Starting…"));
  self->server = qw_publish_server_new (path);
  self->cancellable = g_cancellable_new ();
  qw_publish_server_start_async (self->server, (const char * const *) addresses,
                                 (guint) gtk_spin_button_get_value_as_int (self->port_spin), self->cancellable,
                                 started_cb, g_object_ref (self));
  update_controls (self);
}

static void
site_apply_cb (QwPublishDialog *self)
{
  QwDocument *doc = self->context != NULL ? qw_document_context_get_document (self->context) : NULL;
  g_autoptr(GError) error = NULL;

  if (doc == NULL)
    return;
  if (!qw_site_set_url (doc, gtk_editable_get_text (GTK_EDITABLE (self->site_row)), &error))
    {
      qw_feedback_error (GTK_WIDGET (self), _("The web address was not kept"), error);
      load_site_url (self);
      return;
    }
  load_site_url (self);
  qw_feedback_toast (GTK_WIDGET (self), _("QR codes on printouts now point to this address"));
}

/* GObject */

static void
set_context (QwPublishDialog   *self,
             QwDocumentContext *context)
{
  if (self->context == context)
    return;
  /* Another document (or none): what was published is not this one. */
  stop_serving (self);
  g_set_object (&self->context, context);
  load_site_url (self);
  update_controls (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CONTEXT]);
}

static void
qw_publish_dialog_dispose (GObject *object)
{
  QwPublishDialog *self = QW_PUBLISH_DIALOG (object);

  stop_serving (self);
  g_clear_object (&self->context);
  g_clear_pointer (&self->address_checks, g_ptr_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), QW_TYPE_PUBLISH_DIALOG);
  G_OBJECT_CLASS (qw_publish_dialog_parent_class)->dispose (object);
}

static void
qw_publish_dialog_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  QwPublishDialog *self = QW_PUBLISH_DIALOG (object);

  switch (prop_id)
    {
    case PROP_CONTEXT:
      g_value_set_object (value, self->context);
      break;
    case PROP_SERVING:
      g_value_set_boolean (value, qw_publish_dialog_is_serving (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
qw_publish_dialog_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  QwPublishDialog *self = QW_PUBLISH_DIALOG (object);

  switch (prop_id)
    {
    case PROP_CONTEXT:
      set_context (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
qw_publish_dialog_class_init (QwPublishDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = qw_publish_dialog_dispose;
  object_class->get_property = qw_publish_dialog_get_property;
  object_class->set_property = qw_publish_dialog_set_property;

  properties[PROP_CONTEXT] = g_param_spec_object ("context", NULL, NULL, QW_TYPE_DOCUMENT_CONTEXT,
                                                  G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* Whether the pages are served now (the address is then known). */
  properties[PROP_SERVING] = g_param_spec_boolean ("serving", NULL, NULL, FALSE,
                                                   G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, "/cn/qiwang/Qiwang/ui/qw-publish-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, QwPublishDialog, addresses_group);
  gtk_widget_class_bind_template_child (widget_class, QwPublishDialog, port_row);
  gtk_widget_class_bind_template_child (widget_class, QwPublishDialog, port_spin);
  gtk_widget_class_bind_template_child (widget_class, QwPublishDialog, start_button);
  gtk_widget_class_bind_template_child (widget_class, QwPublishDialog, url_label);
  gtk_widget_class_bind_template_child (widget_class, QwPublishDialog, qr_picture);
  gtk_widget_class_bind_template_child (widget_class, QwPublishDialog, status_label);
  gtk_widget_class_bind_template_child (widget_class, QwPublishDialog, site_row);
  gtk_widget_class_bind_template_callback (widget_class, start_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, site_apply_cb);
}

static void
qw_publish_dialog_init (QwPublishDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->address_checks = g_ptr_array_new ();
  fill_addresses (self);
  update_controls (self);
}

/* Public API */

/**
 * qw_publish_dialog_get:
 * @parent: a window with a "context" property (QwWindow)
 *
 * Returns: (transfer none): the window's dialog, made on first use, not
 * shown (the add-device dialog follows its "serving")
 */
QwPublishDialog *
qw_publish_dialog_get (GtkWindow *parent)
{
  QwPublishDialog *self = g_object_get_data (G_OBJECT (parent), DIALOG_KEY);

  if (self == NULL)
    {
      self = g_object_new (QW_TYPE_PUBLISH_DIALOG, "transient-for", parent, NULL);
      /* The window owns it; destroy-with-parent ends it (and the serving) with the window. */
      g_object_set_data (G_OBJECT (parent), DIALOG_KEY, self);
      g_object_bind_property (parent, "context", self, "context", G_BINDING_SYNC_CREATE);
    }
  return self;
}

/**
 * qw_publish_dialog_present:
 * @parent: a window with a "context" property (QwWindow)
 *
 * Returns: (transfer none): the window's dialog, shown
 */
QwPublishDialog *
qw_publish_dialog_present (GtkWindow *parent)
{
  QwPublishDialog *self = qw_publish_dialog_get (parent);

  gtk_window_present (GTK_WINDOW (self));
  return self;
}

const char *
qw_publish_dialog_get_url (QwPublishDialog *self)
{
  g_return_val_if_fail (QW_IS_PUBLISH_DIALOG (self), NULL);
  return self->url;
}

gboolean
qw_publish_dialog_is_serving (QwPublishDialog *self)
{
  g_return_val_if_fail (QW_IS_PUBLISH_DIALOG (self), FALSE);
  return self->server != NULL && qw_publish_server_is_running (self->server) && !self->starting;
}
