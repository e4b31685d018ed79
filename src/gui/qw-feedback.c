/* qw-feedback.c: toasts and error dialogs for any widget in a window
 *
 * Pages and dialogs tell the user what happened without knowing the window
 * they are in: a toast goes to the nearest AdwToastOverlay above the widget,
 * an error to a message dialog over its window.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-feedback"

#include "config.h"

#include <glib/gi18n.h>

#include "qw-feedback.h"

static AdwToastOverlay *
overlay_for (GtkWidget *widget)
{
  GtkWidget *overlay = gtk_widget_get_ancestor (widget, ADW_TYPE_TOAST_OVERLAY);

  return overlay != NULL ? ADW_TOAST_OVERLAY (overlay) : NULL;
}

/**
 * qw_feedback_toast:
 * @widget: any widget inside a window with a toast overlay
 *
 * Shows a toast over @widget (nothing if no toast overlay holds it).
 */
void
qw_feedback_toast (GtkWidget  *widget,
                   const char *message)
{
  AdwToastOverlay *overlay;

  g_return_if_fail (GTK_IS_WIDGET (widget));

  if ((overlay = overlay_for (widget)) != NULL)
    adw_toast_overlay_add_toast (overlay, adw_toast_new (message));
}

/**
 * qw_feedback_undo_toast:
 * @undo: called as undo (@instance) when the toast's Undo button is pressed
 * @instance: a GObject; the button does nothing once it is finalized
 *
 * Shows a toast with an Undo button over @widget.
 */
void
qw_feedback_undo_toast (GtkWidget  *widget,
                        const char *message,
                        GCallback   undo,
                        gpointer    instance)
{
  AdwToastOverlay *overlay;
  AdwToast *toast;

  g_return_if_fail (GTK_IS_WIDGET (widget));

  if ((overlay = overlay_for (widget)) == NULL)
    return;
  toast = adw_toast_new (message);
  adw_toast_set_button_label (toast, _("_Undo"));
  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  g_signal_connect_object (toast, "button-clicked", undo, instance, G_CONNECT_SWAPPED);
  adw_toast_overlay_add_toast (overlay, toast);
}

/**
 * qw_feedback_error:
 * @widget: any widget inside a window
 * @error: (nullable): the core's specific message, shown as the body
 *
 * Errors go to the user in Chinese, with what happened in the heading and
 * the core's message as the body, and to the log.
 */
void
qw_feedback_error (GtkWidget    *widget,
                   const char   *heading,
                   const GError *error)
{
  GtkRoot *root;
  GtkWidget *dialog;

  g_return_if_fail (GTK_IS_WIDGET (widget));

  g_warning ("%s: %s", heading, error != NULL ? error->message : "");
  root = gtk_widget_get_root (widget);
  if (!GTK_IS_WINDOW (root))
    return;
  dialog = adw_message_dialog_new (GTK_WINDOW (root), heading, error != NULL ? error->message : NULL);
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}
