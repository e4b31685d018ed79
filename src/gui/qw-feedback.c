/* qw-feedback.c: toasts and error dialogs for any widget in a window
 *
 * Pages and dialogs tell the user what happened without knowing the window
 * they are in: a toast goes to the notification bar of the nearest
 * QwNoticeOverlay above the widget, an error to a message dialog over its
 * window.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-feedback"

#include "config.h"

#include <glib/gi18n.h>

#include "qw-error.h"
#include "qw-feedback.h"
#include "qw-notice-overlay.h"

static QwNoticeOverlay *
overlay_for (GtkWidget *widget)
{
  GtkWidget *overlay = gtk_widget_get_ancestor (widget, QW_TYPE_NOTICE_OVERLAY);

  return overlay != NULL ? QW_NOTICE_OVERLAY (overlay) : NULL;
}

/* The toasts of this file are the window's notices (qw-notice-overlay.c
 * says why not libadwaita's toasts, and what the pacing that worked around
 * their crash could not see): shown, replaced and taken away at any time,
 * at once. */

/**
 * qw_feedback_add_notice:
 * @widget: any widget inside a window with a notification bar
 * @notice: (transfer full): the notice
 *
 * Shows @notice over @widget, for the callers that build their own (nothing
 * if no notification bar holds @widget).
 */
void
qw_feedback_add_notice (GtkWidget *widget,
                        QwNotice  *notice)
{
  QwNoticeOverlay *overlay;

  g_return_if_fail (GTK_IS_WIDGET (widget));
  g_return_if_fail (QW_IS_NOTICE (notice));

  if ((overlay = QW_IS_NOTICE_OVERLAY (widget) ? QW_NOTICE_OVERLAY (widget) : overlay_for (widget)) != NULL)
    qw_notice_overlay_add (overlay, notice);
  else
    g_object_unref (notice);
}

/**
 * qw_feedback_toast:
 * @widget: any widget inside a window with a notification bar
 *
 * Shows a notice over @widget (nothing if no notification bar holds it).
 */
void
qw_feedback_toast (GtkWidget  *widget,
                   const char *message)
{
  QwNoticeOverlay *overlay;

  g_return_if_fail (GTK_IS_WIDGET (widget));

  if ((overlay = overlay_for (widget)) != NULL)
    qw_notice_overlay_add (overlay, qw_notice_new (message));
}

/* A toast that says how something stands (a round's results, the file just
 * written) is replaced by the next of its kind, rather than queued behind
 * it: shown late, it would tell what is no longer so. The overlay keeps the
 * toast shown under its @key. */
static void
keyed_toast_dismissed_cb (QwNotice        *toast,
                          QwNoticeOverlay *overlay)
{
  g_autofree char *name = g_strdup (g_object_get_data (G_OBJECT (toast), "qw-toast-key"));

  if (name != NULL && g_object_get_data (G_OBJECT (overlay), name) == toast)
    g_object_set_data (G_OBJECT (overlay), name, NULL);
}

static void
dismiss_keyed (QwNoticeOverlay *overlay,
               const char      *key)
{
  g_autofree char *name = g_strconcat ("qw-toast-", key, NULL);
  g_autoptr(QwNotice) previous = g_object_get_data (G_OBJECT (overlay), name);

  if (previous != NULL)
    {
      g_object_ref (previous);
      g_object_set_data (G_OBJECT (overlay), name, NULL);
      qw_notice_dismiss (previous);
    }
}

static void
add_keyed (QwNoticeOverlay *overlay,
           const char      *key,
           QwNotice        *toast)
{
  g_autofree char *name = g_strconcat ("qw-toast-", key, NULL);

  dismiss_keyed (overlay, key);
  g_object_set_data_full (G_OBJECT (toast), "qw-toast-key", g_strdup (name), g_free);
  g_object_set_data_full (G_OBJECT (overlay), name, g_object_ref (toast), g_object_unref);
  g_signal_connect_object (toast, "dismissed", G_CALLBACK (keyed_toast_dismissed_cb), overlay, 0);
  qw_notice_overlay_add (overlay, toast);
}

/**
 * qw_feedback_replace_toast:
 * @key: what the toast is about ("round-progress"): it replaces the toast
 *   shown or queued under the same key over the same overlay
 *
 * Shows a toast over @widget, as qw_feedback_toast() does.
 */
void
qw_feedback_replace_toast (GtkWidget  *widget,
                           const char *key,
                           const char *message)
{
  QwNoticeOverlay *overlay;

  g_return_if_fail (GTK_IS_WIDGET (widget));
  g_return_if_fail (key != NULL);

  if ((overlay = overlay_for (widget)) != NULL)
    add_keyed (overlay, key, qw_notice_new (message));
}

/* Takes away the toast of @key over @widget, if there is one. */
void
qw_feedback_dismiss_toast (GtkWidget  *widget,
                           const char *key)
{
  QwNoticeOverlay *overlay;

  g_return_if_fail (GTK_IS_WIDGET (widget));

  if ((overlay = overlay_for (widget)) != NULL)
    dismiss_keyed (overlay, key);
}

/* A toast whose button takes a step back (or forward) is only true while
 * that step is the history's next one: it goes when the history moves, and
 * when the window opens another document (its win.undo is then another
 * history's). The overlay keeps its step toasts for that. */
#define STEP_TOASTS_KEY "qw-step-toasts"

static void
history_moved_cb (QwNotice *toast)
{
  qw_notice_dismiss (toast);
}

static void
step_toast_dismissed_cb (QwNotice        *toast,
                         QwNoticeOverlay *overlay)
{
  GPtrArray *toasts = g_object_get_data (G_OBJECT (overlay), STEP_TOASTS_KEY);

  if (toasts != NULL)
    g_ptr_array_remove (toasts, toast);
}

static void
keep_step_toast (QwNoticeOverlay *overlay,
                 QwNotice        *toast)
{
  GPtrArray *toasts = g_object_get_data (G_OBJECT (overlay), STEP_TOASTS_KEY);

  if (toasts == NULL)
    {
      toasts = g_ptr_array_new_with_free_func (g_object_unref);
      g_object_set_data_full (G_OBJECT (overlay), STEP_TOASTS_KEY, toasts, (GDestroyNotify) g_ptr_array_unref);
    }
  g_ptr_array_add (toasts, g_object_ref (toast));
  g_signal_connect_object (toast, "dismissed", G_CALLBACK (step_toast_dismissed_cb), overlay, 0);
}

/**
 * qw_feedback_dismiss_step_toasts:
 * @widget: a toast overlay, or a widget inside one
 *
 * Dismisses every toast of qw_feedback_step_toast() still shown or queued
 * over @widget: the window calls it as it opens another document.
 */
void
qw_feedback_dismiss_step_toasts (GtkWidget *widget)
{
  QwNoticeOverlay *overlay = QW_IS_NOTICE_OVERLAY (widget) ? QW_NOTICE_OVERLAY (widget) : overlay_for (widget);
  GPtrArray *toasts = overlay != NULL ? g_object_get_data (G_OBJECT (overlay), STEP_TOASTS_KEY) : NULL;
  g_autoptr(GPtrArray) copy = NULL;

  if (toasts == NULL)
    return;
  copy = g_ptr_array_copy (toasts, (GCopyFunc) (void (*) (void)) g_object_ref, NULL);
  g_ptr_array_set_free_func (copy, g_object_unref);
  for (guint i = 0; i < copy->len; i++)
    qw_notice_dismiss (g_ptr_array_index (copy, i));
}

/**
 * qw_feedback_step_toast:
 * @history: the document's history
 * @offer: %QW_OFFER_UNDO for a step just made or redone, %QW_OFFER_REDO for
 *   one just undone
 *
 * Shows a toast over @widget whose button runs win.undo (win.redo); it is
 * dismissed as soon as the step it offers is no longer the history's next
 * one (another step, an undo from the keyboard).
 */
void
qw_feedback_step_toast (GtkWidget  *widget,
                        QwHistory  *history,
                        const char *message,
                        QwOffer     offer)
{
  QwNoticeOverlay *overlay;
  QwNotice *toast;

  g_return_if_fail (GTK_IS_WIDGET (widget));
  g_return_if_fail (QW_IS_HISTORY (history));

  if ((overlay = overlay_for (widget)) == NULL)
    return;
  toast = qw_notice_new (message);
  qw_notice_set_priority (toast, QW_NOTICE_PRIORITY_HIGH);
  /* Long enough to read the step and reach for its button on a busy day. */
  qw_notice_set_timeout (toast, 8);
  if (offer == QW_OFFER_UNDO ? qw_history_get_can_undo (history) : qw_history_get_can_redo (history))
    {
      qw_notice_set_button_label (toast, offer == QW_OFFER_UNDO ? _("_Undo") : _("_Redo"));
      qw_notice_set_action_name (toast, offer == QW_OFFER_UNDO ? "win.undo" : "win.redo");
      g_signal_connect_object (history, offer == QW_OFFER_UNDO ? "notify::undo-label" : "notify::redo-label",
                               G_CALLBACK (history_moved_cb), toast, G_CONNECT_SWAPPED);
      keep_step_toast (overlay, toast);
    }
  qw_notice_overlay_add (overlay, toast);
}

/**
 * qw_feedback_undo_toast:
 * @doc: the document the step was made in
 *
 * A toast for a step just made in @doc, with an Undo button (see
 * qw_feedback_step_toast()).
 */
void
qw_feedback_undo_toast (GtkWidget  *widget,
                        QwDocument *doc,
                        const char *message)
{
  g_return_if_fail (QW_IS_DOCUMENT (doc));
  qw_feedback_step_toast (widget, qw_document_get_history (doc), message, QW_OFFER_UNDO);
}

static void
show_file_cb (QwNotice *toast,
              GFile    *file)
{
  g_autofree char *uri = g_file_get_uri (file);

  gtk_show_uri (NULL, uri, GDK_CURRENT_TIME);
}

/**
 * qw_feedback_file_toast:
 * @path: the file just written
 * @folder: the button opens the folder it is in (%FALSE: the file itself)
 *
 * Shows a toast saying a file was written, with a button to open its folder
 * or the file.
 */
void
qw_feedback_file_toast (GtkWidget  *widget,
                        const char *message,
                        const char *path,
                        gboolean    folder)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  QwNoticeOverlay *overlay;
  QwNotice *toast;

  g_return_if_fail (GTK_IS_WIDGET (widget));

  if ((overlay = overlay_for (widget)) == NULL)
    return;
  toast = qw_notice_new (message);
  qw_notice_set_timeout (toast, 8);
  qw_notice_set_button_label (toast, folder ? _("Open _Folder") : _("_Open"));
  g_signal_connect_data (toast, "button-clicked", G_CALLBACK (show_file_cb),
                         folder ? g_file_get_parent (file) : g_object_ref (file),
                         (GClosureNotify) (void (*) (void)) g_object_unref, 0);
  /* The next file written replaces it: one PDF after another. */
  add_keyed (overlay, "file", toast);
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

  /* Another program holds the document for a moment: nothing went wrong
   * here, and the user need only try again (a toast, replaced by the next
   * refusal rather than queued). */
  if (g_error_matches (error, QW_ERROR, QW_ERROR_BUSY) && overlay_for (widget) != NULL)
    {
      g_info ("%s: %s", heading, error->message);
      qw_feedback_replace_toast (widget, "busy", error->message);
      return;
    }
  /* A view behind another window or program: expected, and said in the
   * dialog; the view has been read again. A document read-only where it is,
   * a full disk: the user's conditions, said in the dialog. */
  if (g_error_matches (error, QW_ERROR, QW_ERROR_STALE) || g_error_matches (error, QW_ERROR, QW_ERROR_BUSY)
      || g_error_matches (error, QW_ERROR, QW_ERROR_READ_ONLY) || g_error_matches (error, QW_ERROR, QW_ERROR_DISK_FULL))
    g_info ("%s: %s", heading, error->message);
  else
    g_warning ("%s: %s", heading, error != NULL ? error->message : "");
  root = gtk_widget_get_root (widget);
  if (!GTK_IS_WINDOW (root))
    return;
  dialog = adw_message_dialog_new (GTK_WINDOW (root), heading, error != NULL ? error->message : NULL);
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}
