/* qw-add-device-dialog.c: 场馆网络 › 添加设备
 *
 * The chief arbiter names a device, gives it a role (裁判, 签到, 大屏) and
 * a scope (its groups; an arbiter's boards), and adds it
 * (qw_venue_add_device(), which decides what is valid). The dialog then
 * shows the device's one-time join link as a QR code and as text, with a
 * copy button: the token exists only here, in this dialog's memory, and is
 * gone when it closes. The link needs the address the window serves the
 * venue network on: while nothing is served, the dialog says so and offers
 * to start serving, and shows the code as soon as the server runs.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-add-device-dialog"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "qw-add-device-dialog.h"
#include "qw-device-text.h"
#include "qw-error.h"
#include "qw-feedback.h"
#include "qw-notice-overlay.h"
#include "qw-publish-dialog.h"
#include "qw-qr-texture.h"
#include "qw-venue.h"

struct _QwAddDeviceDialog
{
  AdwWindow            parent_instance;

  QwNoticeOverlay     *toast_overlay;
  AdwWindowTitle      *title;
  GtkWidget           *cancel_button;
  GtkWidget           *add_button;
  GtkWidget           *done_button;
  GtkStack            *stack;
  AdwEntryRow         *name_row;
  AdwComboRow         *role_row;
  AdwPreferencesGroup *groups_group;
  AdwPreferencesGroup *boards_group;
  AdwExpanderRow      *boards_row;
  GtkSpinButton       *from_spin;
  GtkSpinButton       *to_spin;
  GtkLabel            *added_label;
  GtkLabel            *scope_label;
  GtkPicture          *qr_picture;
  GtkWidget           *server_box;
  GtkLabel            *url_label;

  QwDocumentContext   *context;
  GtkWindow           *window;        /* the QwWindow, whose publish dialog serves */
  GPtrArray           *group_checks;  /* GtkCheckButton, their group code as "code" data */
  char                *token;         /* shown once: only here */
  char                *link;
  gint64               device_id;
};

G_DEFINE_FINAL_TYPE (QwAddDeviceDialog, qw_add_device_dialog, ADW_TYPE_WINDOW)

static QwDeviceRole
chosen_role (QwAddDeviceDialog *self)
{
  guint selected = adw_combo_row_get_selected (self->role_row);

  return selected == 1 ? QW_DEVICE_CHECKIN : selected == 2 ? QW_DEVICE_SCREEN : QW_DEVICE_ARBITER;
}

/* The form */

static void
role_changed_cb (QwAddDeviceDialog *self)
{
  QwDeviceRole role = chosen_role (self);

  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->role_row), qw_device_role_description (role));
  /* A screen writes nothing: it has no scope. */
  gtk_widget_set_visible (GTK_WIDGET (self->groups_group), role != QW_DEVICE_SCREEN);
  gtk_widget_set_visible (GTK_WIDGET (self->boards_group), role == QW_DEVICE_ARBITER);
}

static void
fill_roles (QwAddDeviceDialog *self)
{
  g_autoptr(GtkStringList) roles = gtk_string_list_new (NULL);

  gtk_string_list_append (roles, qw_device_role_label (QW_DEVICE_ARBITER));
  gtk_string_list_append (roles, qw_device_role_label (QW_DEVICE_CHECKIN));
  gtk_string_list_append (roles, qw_device_role_label (QW_DEVICE_SCREEN));
  adw_combo_row_set_model (self->role_row, G_LIST_MODEL (roles));
  adw_combo_row_set_selected (self->role_row, 0);
  role_changed_cb (self);
}

static void
fill_groups (QwAddDeviceDialog *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) sections = qw_document_context_list_sections (self->context, &error);

  if (sections == NULL)
    {
      qw_feedback_error (GTK_WIDGET (self), _("The groups could not be read"), error);
      return;
    }
  for (guint i = 0; i < sections->len; i++)
    {
      QwSection *s = g_ptr_array_index (sections, i);
      AdwActionRow *row = ADW_ACTION_ROW (adw_action_row_new ());
      GtkWidget *check = gtk_check_button_new ();

      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), s->name != NULL && s->name[0] != '\0' ? s->name : s->code);
      gtk_widget_set_valign (check, GTK_ALIGN_CENTER);
      g_object_set_data_full (G_OBJECT (check), "code", g_strdup (s->code), g_free);
      adw_action_row_add_prefix (row, check);
      adw_action_row_set_activatable_widget (row, check);
      adw_preferences_group_add (self->groups_group, GTK_WIDGET (row));
      g_ptr_array_add (self->group_checks, check);
    }
}

static GStrv
chosen_groups (QwAddDeviceDialog *self)
{
  g_autoptr(GStrvBuilder) codes = g_strv_builder_new ();

  if (chosen_role (self) != QW_DEVICE_SCREEN)
    for (guint i = 0; i < self->group_checks->len; i++)
      {
        GtkCheckButton *check = g_ptr_array_index (self->group_checks, i);

        if (gtk_check_button_get_active (check))
          g_strv_builder_add (codes, g_object_get_data (G_OBJECT (check), "code"));
      }
  return g_strv_builder_end (codes);
}

/* The link */

static QwPublishDialog *
publish_dialog (QwAddDeviceDialog *self)
{
  return self->window != NULL ? qw_publish_dialog_get (self->window) : NULL;
}

/* The whole link while the venue network is served, with its QR code;
 * else the path, and the offer to start serving. */
static void
show_link (QwAddDeviceDialog *self)
{
  QwPublishDialog *publish = publish_dialog (self);
  gboolean serving = publish != NULL && qw_publish_dialog_is_serving (publish);
  g_autofree char *path = NULL;
  g_autoptr(GdkTexture) texture = NULL;

  if (self->token == NULL)
    return;
  path = qw_venue_join_path (self->token);
  g_free (self->link);
  if (serving)
    {
      g_autofree char *base = g_strdup (qw_publish_dialog_get_url (publish));

      /* The server's address ends with "/", the path starts with one. */
      if (g_str_has_suffix (base, "/"))
        base[strlen (base) - 1] = '\0';
      self->link = g_strconcat (base, path, NULL);
      texture = qw_qr_texture_new (self->link, 6);
    }
  else
    self->link = g_steal_pointer (&path);
  gtk_label_set_text (self->url_label, self->link);
  gtk_picture_set_paintable (self->qr_picture, GDK_PAINTABLE (texture));
  gtk_widget_set_visible (GTK_WIDGET (self->qr_picture), texture != NULL);
  gtk_widget_set_visible (self->server_box, !serving);
  /* A path alone opens nothing on a phone: copied once it is whole. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "device.copy", serving);
}

static void
serving_changed_cb (QwAddDeviceDialog *self)
{
  show_link (self);
}

static void
start_serving_cb (QwAddDeviceDialog *self)
{
  if (self->window != NULL)
    qw_publish_dialog_present (self->window);
}

static void
show_added (QwAddDeviceDialog *self,
            const QwDevice    *device)
{
  g_autofree char *heading = g_strdup_printf (_("“%s” Added"), device->name);
  g_autofree char *scope = qw_device_scope_text (device, self->context);
  g_autofree char *line = scope[0] != '\0' ? g_strdup_printf (_("%s · %s"), qw_device_role_label (device->role), scope)
                                            : g_strdup (qw_device_role_label (device->role));

  gtk_label_set_text (self->added_label, heading);
  gtk_label_set_text (self->scope_label, line);
  adw_window_title_set_title (self->title, _("Join Link"));
  gtk_widget_set_visible (self->cancel_button, FALSE);
  gtk_widget_set_visible (self->add_button, FALSE);
  gtk_widget_set_visible (self->done_button, TRUE);
  gtk_stack_set_visible_child_name (self->stack, "link");
  show_link (self);
  gtk_window_set_default_widget (GTK_WINDOW (self), self->done_button);
  gtk_widget_grab_focus (self->done_button);
}

/* Actions */

static void
add_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  QwAddDeviceDialog *self = QW_ADD_DEVICE_DIALOG (widget);
  g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->name_row))));
  g_auto(GStrv) groups = chosen_groups (self);
  QwDeviceRole role = chosen_role (self);
  gboolean some_boards = role == QW_DEVICE_ARBITER && adw_expander_row_get_enable_expansion (self->boards_row);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDevice) device = NULL;

  if (self->token != NULL || self->context == NULL)
    return;
  if (name[0] == '\0')
    {
      error = g_error_new_literal (QW_ERROR, QW_ERROR_INVALID, _("Give the device a name, such as “Boards 1–10”."));
      qw_feedback_error (GTK_WIDGET (self), _("The device was not added"), error);
      gtk_widget_grab_focus (GTK_WIDGET (self->name_row));
      return;
    }
  device = qw_venue_add_device (qw_document_context_get_document (self->context), name, role,
                                (const char * const *) groups,
                                some_boards ? gtk_spin_button_get_value_as_int (self->from_spin) : 0,
                                some_boards ? gtk_spin_button_get_value_as_int (self->to_spin) : 0,
                                &self->token, &error);
  if (device == NULL)
    {
      qw_feedback_error (GTK_WIDGET (self), _("The device was not added"), error);
      return;
    }
  self->device_id = device->id;
  show_added (self, device);
}

static void
copy_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  QwAddDeviceDialog *self = QW_ADD_DEVICE_DIALOG (widget);

  if (self->link == NULL)
    return;
  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), self->link);
  qw_feedback_toast (GTK_WIDGET (self->toast_overlay), _("Join link copied"));
}

/* GObject */

static void
qw_add_device_dialog_dispose (GObject *object)
{
  QwAddDeviceDialog *self = QW_ADD_DEVICE_DIALOG (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), QW_TYPE_ADD_DEVICE_DIALOG);
  g_clear_object (&self->context);
  g_clear_pointer (&self->group_checks, g_ptr_array_unref);
  g_clear_pointer (&self->link, g_free);
  /* The token is not left in freed memory. */
  if (self->token != NULL)
    memset (self->token, 0, strlen (self->token));
  g_clear_pointer (&self->token, g_free);
  G_OBJECT_CLASS (qw_add_device_dialog_parent_class)->dispose (object);
}

static void
qw_add_device_dialog_class_init (QwAddDeviceDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = qw_add_device_dialog_dispose;
  gtk_widget_class_set_template_from_resource (widget_class, "/cn/qiwang/Qiwang/ui/qw-add-device-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, QwAddDeviceDialog, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, QwAddDeviceDialog, title);
  gtk_widget_class_bind_template_child (widget_class, QwAddDeviceDialog, cancel_button);
  gtk_widget_class_bind_template_child (widget_class, QwAddDeviceDialog, add_button);
  gtk_widget_class_bind_template_child (widget_class, QwAddDeviceDialog, done_button);
  gtk_widget_class_bind_template_child (widget_class, QwAddDeviceDialog, stack);
  gtk_widget_class_bind_template_child (widget_class, QwAddDeviceDialog, name_row);
  gtk_widget_class_bind_template_child (widget_class, QwAddDeviceDialog, role_row);
  gtk_widget_class_bind_template_child (widget_class, QwAddDeviceDialog, groups_group);
  gtk_widget_class_bind_template_child (widget_class, QwAddDeviceDialog, boards_group);
  gtk_widget_class_bind_template_child (widget_class, QwAddDeviceDialog, boards_row);
  gtk_widget_class_bind_template_child (widget_class, QwAddDeviceDialog, from_spin);
  gtk_widget_class_bind_template_child (widget_class, QwAddDeviceDialog, to_spin);
  gtk_widget_class_bind_template_child (widget_class, QwAddDeviceDialog, added_label);
  gtk_widget_class_bind_template_child (widget_class, QwAddDeviceDialog, scope_label);
  gtk_widget_class_bind_template_child (widget_class, QwAddDeviceDialog, qr_picture);
  gtk_widget_class_bind_template_child (widget_class, QwAddDeviceDialog, server_box);
  gtk_widget_class_bind_template_child (widget_class, QwAddDeviceDialog, url_label);
  gtk_widget_class_bind_template_callback (widget_class, role_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, start_serving_cb);

  gtk_widget_class_install_action (widget_class, "device.add", NULL, add_action);
  gtk_widget_class_install_action (widget_class, "device.copy", NULL, copy_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, GDK_CONTROL_MASK, "device.add", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_c, GDK_CONTROL_MASK, "device.copy", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
qw_add_device_dialog_init (QwAddDeviceDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->group_checks = g_ptr_array_new ();
  fill_roles (self);
  /* A link broken across lines gets no hyphen that someone would type. */
  {
    PangoAttrList *attrs = pango_attr_list_new ();

    pango_attr_list_insert (attrs, pango_attr_insert_hyphens_new (FALSE));
    gtk_label_set_attributes (self->url_label, attrs);
    pango_attr_list_unref (attrs);
  }
  gtk_window_set_default_widget (GTK_WINDOW (self), self->add_button);
}

/* Public API */

QwAddDeviceDialog *
qw_add_device_dialog_new (GtkWindow         *parent,
                          QwDocumentContext *context)
{
  QwAddDeviceDialog *self = g_object_new (QW_TYPE_ADD_DEVICE_DIALOG, "transient-for", parent, NULL);

  self->context = g_object_ref (context);
  self->window = parent;
  fill_groups (self);
  if (parent != NULL)
    g_signal_connect_object (publish_dialog (self), "notify::serving", G_CALLBACK (serving_changed_cb), self,
                             G_CONNECT_SWAPPED);
  gtk_widget_grab_focus (GTK_WIDGET (self->name_row));
  return self;
}

const char *
qw_add_device_dialog_get_link (QwAddDeviceDialog *self)
{
  g_return_val_if_fail (QW_IS_ADD_DEVICE_DIALOG (self), NULL);
  return self->link;
}

gint64
qw_add_device_dialog_get_id (QwAddDeviceDialog *self)
{
  g_return_val_if_fail (QW_IS_ADD_DEVICE_DIALOG (self), 0);
  return self->device_id;
}
