/* qw-devices-dialog.c: 场馆网络 › 设备, the devices the chief arbiter added
 *
 * Every device with its role, its scope, its last contact and how many
 * entries it made, revoked ones dimmed; 撤销 (after a confirmation) ends its
 * sessions at once (qw_venue_revoke_device()). The list follows the
 * document (QwDocumentWatch on "devices", and on the results and check-ins
 * that count as its entries): a phone's contact or entry shows here as it
 * happens. The first row says whether the venue network is served, and
 * starts serving (the window's publish dialog).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-devices-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "qw-add-device-dialog.h"
#include "qw-device-text.h"
#include "qw-devices-dialog.h"
#include "qw-document-watch.h"
#include "qw-feedback.h"
#include "qw-notice-overlay.h"
#include "qw-publish-dialog.h"
#include "qw-venue.h"

#define DIALOG_KEY "qw-devices-dialog"

struct _QwDevicesDialog
{
  AdwWindow            parent_instance;

  QwNoticeOverlay     *toast_overlay;
  AdwActionRow        *server_row;
  GtkButton           *server_button;
  AdwPreferencesGroup *devices_group;
  AdwPreferencesGroup *empty_group;

  QwDocumentContext   *context;
  GtkWindow           *window;        /* the QwWindow: its publish dialog serves */
  QwDocumentWatch     *watch;
  GPtrArray           *devices;       /* QwDevice, as shown */
  GPtrArray           *rows;
};

G_DEFINE_FINAL_TYPE (QwDevicesDialog, qw_devices_dialog, ADW_TYPE_WINDOW)

enum {
  PROP_0,
  PROP_CONTEXT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static QwDocument *
doc_of (QwDevicesDialog *self)
{
  return self->context != NULL ? qw_document_context_get_document (self->context) : NULL;
}

/* The server */

static void
update_server (QwDevicesDialog *self)
{
  QwPublishDialog *publish = self->window != NULL ? qw_publish_dialog_get (self->window) : NULL;
  gboolean serving = publish != NULL && qw_publish_dialog_is_serving (publish);

  adw_action_row_set_subtitle (self->server_row, serving ? qw_publish_dialog_get_url (publish)
                               : _("Not served: devices cannot reach this computer"));
  gtk_button_set_label (self->server_button, serving ? _("_Settings…") : _("_Start Serving…"));
  if (serving)
    gtk_widget_remove_css_class (GTK_WIDGET (self->server_button), "suggested-action");
  else
    gtk_widget_add_css_class (GTK_WIDGET (self->server_button), "suggested-action");
}

static void
server_clicked_cb (QwDevicesDialog *self)
{
  if (self->window != NULL)
    qw_publish_dialog_present (self->window);
}

/* The rows */

static char *
row_subtitle (QwDevicesDialog *self,
              const QwDevice  *device)
{
  g_autofree char *scope = qw_device_scope_text (device, self->context);
  g_autofree char *seen = qw_device_last_seen_text (device);
  GString *text = g_string_new (qw_device_role_label (device->role));

  if (scope[0] != '\0')
    g_string_append_printf (text, " · %s", scope);
  g_string_append_c (text, '\n');
  /* Revoked or not (the row's end says so): when it was last heard of. */
  if (!device->joined && device->last_seen == NULL)
    g_string_append (text, _("not joined yet"));
  else
    g_string_append (text, seen);
  if (device->role != QW_DEVICE_SCREEN)
    g_string_append_printf (text, ngettext (" · %d entry", " · %d entries", device->entries), device->entries);
  return g_string_free (text, FALSE);
}

static GtkWidget *
device_row (QwDevicesDialog *self,
            const QwDevice  *device)
{
  AdwActionRow *row = ADW_ACTION_ROW (adw_action_row_new ());
  g_autofree char *subtitle = row_subtitle (self, device);

  /* A device's name is the arbiter's text, never markup. */
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), device->name);
  adw_action_row_set_subtitle (row, subtitle);
  adw_action_row_set_subtitle_lines (row, 2);
  if (device->revoked)
    {
      GtkWidget *label = gtk_label_new (_("Revoked"));

      gtk_widget_add_css_class (label, "dim-label");
      adw_action_row_add_suffix (row, label);
      gtk_widget_add_css_class (GTK_WIDGET (row), "dim-label");
    }
  else
    {
      GtkWidget *button = gtk_button_new_with_mnemonic (_("_Revoke…"));

      gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
      gtk_widget_add_css_class (button, "destructive-action");
      gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "devices.revoke");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "x", device->id);
      adw_action_row_add_suffix (row, button);
    }
  return GTK_WIDGET (row);
}

static void
reload (GtkWidget *widget)
{
  QwDevicesDialog *self = QW_DEVICES_DIALOG (widget);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) devices = doc_of (self) != NULL ? qw_venue_list_devices (doc_of (self), &error)
                                                       : g_ptr_array_new_with_free_func ((GDestroyNotify) qw_device_free);

  if (devices == NULL)
    {
      qw_feedback_error (GTK_WIDGET (self->toast_overlay), _("The devices could not be read"), error);
      return;
    }
  for (guint i = 0; i < self->rows->len; i++)
    adw_preferences_group_remove (self->devices_group, g_ptr_array_index (self->rows, i));
  g_ptr_array_set_size (self->rows, 0);
  for (guint i = 0; i < devices->len; i++)
    {
      GtkWidget *row = device_row (self, g_ptr_array_index (devices, i));

      adw_preferences_group_add (self->devices_group, row);
      g_ptr_array_add (self->rows, row);
    }
  g_ptr_array_unref (self->devices);
  self->devices = g_steal_pointer (&devices);
  gtk_widget_set_visible (GTK_WIDGET (self->devices_group), self->devices->len > 0);
  gtk_widget_set_visible (GTK_WIDGET (self->empty_group), self->devices->len == 0);
  update_server (self);
}

/* Revoking */

static const QwDevice *
find_device (QwDevicesDialog *self,
             gint64           id)
{
  for (guint i = 0; i < self->devices->len; i++)
    {
      const QwDevice *d = g_ptr_array_index (self->devices, i);

      if (d->id == id)
        return d;
    }
  return NULL;
}

static void
revoke_response_cb (AdwMessageDialog *dialog,
                    const char       *response,
                    QwDevicesDialog  *self)
{
  gint64 id = *(gint64 *) g_object_get_data (G_OBJECT (dialog), "device-id");
  const char *name = g_object_get_data (G_OBJECT (dialog), "device-name");
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;

  if (!g_str_equal (response, "revoke") || doc_of (self) == NULL)
    return;
  if (!qw_venue_revoke_device (doc_of (self), id, &error))
    {
      qw_feedback_error (GTK_WIDGET (self->toast_overlay), _("The device could not be revoked"), error);
      return;
    }
  qw_document_watch_reload (self->watch);
  message = g_strdup_printf (_("“%s” revoked: its sessions are ended"), name);
  qw_feedback_toast (GTK_WIDGET (self->toast_overlay), message);
}

GtkWindow *
qw_devices_dialog_ask_revoke (QwDevicesDialog *self,
                              gint64           id)
{
  const QwDevice *device = find_device (self, id);
  g_autofree char *heading = NULL;
  GtkWidget *dialog;

  g_return_val_if_fail (QW_IS_DEVICES_DIALOG (self), NULL);
  if (device == NULL || device->revoked)
    return NULL;
  heading = g_strdup_printf (_("Revoke “%s”?"), device->name);
  dialog = adw_message_dialog_new (GTK_WINDOW (self), heading,
                                   _("Its sessions end now: whatever it sends next is refused. A revocation "
                                     "cannot be undone; to use the device again, add it again."));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"), "revoke", _("_Revoke"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "revoke", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_object_set_data_full (G_OBJECT (dialog), "device-id", g_memdup2 (&id, sizeof id), g_free);
  g_object_set_data_full (G_OBJECT (dialog), "device-name", g_strdup (device->name), g_free);
  g_signal_connect_object (dialog, "response", G_CALLBACK (revoke_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  return GTK_WINDOW (dialog);
}

static void
revoke_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  qw_devices_dialog_ask_revoke (QW_DEVICES_DIALOG (widget), g_variant_get_int64 (parameter));
}

/* Adding */

static void
add_dialog_destroyed_cb (QwDevicesDialog *self)
{
  qw_document_watch_reload (self->watch);
}

static void
add_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  QwDevicesDialog *self = QW_DEVICES_DIALOG (widget);
  QwAddDeviceDialog *dialog;

  if (self->context == NULL || self->window == NULL)
    return;
  dialog = qw_add_device_dialog_new (self->window, self->context);
  gtk_window_set_transient_for (GTK_WINDOW (dialog), GTK_WINDOW (self));
  g_signal_connect_object (dialog, "destroy", G_CALLBACK (add_dialog_destroyed_cb), self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* GObject */

static void
set_context (QwDevicesDialog   *self,
             QwDocumentContext *context)
{
  if (self->context == context)
    return;
  g_set_object (&self->context, context);
  qw_document_watch_set_document (self->watch, doc_of (self));
  reload (GTK_WIDGET (self));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "devices.add", context != NULL);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CONTEXT]);
}

static void
qw_devices_dialog_dispose (GObject *object)
{
  QwDevicesDialog *self = QW_DEVICES_DIALOG (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), QW_TYPE_DEVICES_DIALOG);
  g_clear_object (&self->watch);
  g_clear_object (&self->context);
  g_clear_pointer (&self->devices, g_ptr_array_unref);
  g_clear_pointer (&self->rows, g_ptr_array_unref);
  G_OBJECT_CLASS (qw_devices_dialog_parent_class)->dispose (object);
}

static void
qw_devices_dialog_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  QwDevicesDialog *self = QW_DEVICES_DIALOG (object);

  switch (prop_id)
    {
    case PROP_CONTEXT:
      g_value_set_object (value, self->context);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
qw_devices_dialog_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  QwDevicesDialog *self = QW_DEVICES_DIALOG (object);

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
qw_devices_dialog_class_init (QwDevicesDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = qw_devices_dialog_dispose;
  object_class->get_property = qw_devices_dialog_get_property;
  object_class->set_property = qw_devices_dialog_set_property;
  properties[PROP_CONTEXT] = g_param_spec_object ("context", NULL, NULL, QW_TYPE_DOCUMENT_CONTEXT,
                                                  G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, "/cn/qiwang/Qiwang/ui/qw-devices-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, QwDevicesDialog, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, QwDevicesDialog, server_row);
  gtk_widget_class_bind_template_child (widget_class, QwDevicesDialog, server_button);
  gtk_widget_class_bind_template_child (widget_class, QwDevicesDialog, devices_group);
  gtk_widget_class_bind_template_child (widget_class, QwDevicesDialog, empty_group);
  gtk_widget_class_bind_template_callback (widget_class, server_clicked_cb);
  gtk_widget_class_install_action (widget_class, "devices.add", NULL, add_action);
  gtk_widget_class_install_action (widget_class, "devices.revoke", "x", revoke_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_n, GDK_CONTROL_MASK, "devices.add", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
qw_devices_dialog_init (QwDevicesDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->devices = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_device_free);
  self->rows = g_ptr_array_new ();
  /* Contacts, joins and revocations ("devices"); the results and check-ins
   * they count as entries. */
  self->watch = qw_document_watch_new (GTK_WIDGET (self), (const char *[]) { "devices", "games", "entries", NULL },
                                       reload);
}

/* Public API */

QwDevicesDialog *
qw_devices_dialog_present (GtkWindow *parent)
{
  QwDevicesDialog *self = g_object_get_data (G_OBJECT (parent), DIALOG_KEY);

  if (self == NULL)
    {
      self = g_object_new (QW_TYPE_DEVICES_DIALOG, "transient-for", parent, NULL);
      self->window = parent;
      g_object_set_data (G_OBJECT (parent), DIALOG_KEY, self);
      g_object_bind_property (parent, "context", self, "context", G_BINDING_SYNC_CREATE);
      g_signal_connect_object (qw_publish_dialog_get (parent), "notify::serving", G_CALLBACK (update_server), self,
                               G_CONNECT_SWAPPED);
      update_server (self);
    }
  gtk_window_present (GTK_WINDOW (self));
  return self;
}

GPtrArray *
qw_devices_dialog_get_devices (QwDevicesDialog *self)
{
  g_return_val_if_fail (QW_IS_DEVICES_DIALOG (self), NULL);
  return self->devices;
}
