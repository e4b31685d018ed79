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

#include "qw-error.h"
#include "qw-feedback.h"

static AdwToastOverlay *
overlay_for (GtkWidget *widget)
{
  GtkWidget *overlay = gtk_widget_get_ancestor (widget, ADW_TYPE_TOAST_OVERLAY);

  return overlay != NULL ? ADW_TOAST_OVERLAY (overlay) : NULL;
}

/* Pacing. libadwaita 1.2's overlay frees a toast when its hide animation
 * ends even if its show animation is still running, and that animation
 * then ends on freed memory: the application crashes when a toast is
 * dismissed, or pushed aside by a toast of high priority, within a few
 * hundred milliseconds of appearing (results typed quickly, each with its
 * Undo toast). So every toast shown or taken away here waits until the
 * overlay's toasts have settled (TOAST_SETTLE_MS after the last change);
 * a toast taken away before its turn came is never shown at all. */
#define TOAST_SETTLE_MS 550  /* the longest show animation, 500 ms, and a frame or two */
#define PACER_KEY "qw-toast-pacer"

typedef struct
{
  AdwToastOverlay *overlay;  /* not a reference: the pacer is the overlay's */
  GQueue           ops;      /* ToastOp */
  gint64           settled;  /* monotonic time after which a change is safe */
  guint            timer;
} Pacer;

typedef struct
{
  gboolean  add;    /* FALSE: dismiss */
  AdwToast *toast;  /* owned */
} ToastOp;

static void
toast_op_free (ToastOp *op)
{
  g_object_unref (op->toast);
  g_free (op);
}

static void
pacer_free (Pacer *pacer)
{
  g_clear_handle_id (&pacer->timer, g_source_remove);
  g_queue_clear_full (&pacer->ops, (GDestroyNotify) toast_op_free);
  g_free (pacer);
}

static Pacer *
pacer_for (AdwToastOverlay *overlay)
{
  Pacer *pacer = g_object_get_data (G_OBJECT (overlay), PACER_KEY);

  if (pacer == NULL)
    {
      pacer = g_new0 (Pacer, 1);
      pacer->overlay = overlay;
      g_queue_init (&pacer->ops);
      g_object_set_data_full (G_OBJECT (overlay), PACER_KEY, pacer, (GDestroyNotify) pacer_free);
    }
  return pacer;
}

static void
pacer_run (Pacer   *pacer,
           ToastOp *op)
{
  if (op->add)
    {
      g_object_set_data (G_OBJECT (op->toast), "qw-toast-waiting", NULL);
      g_object_set_data (G_OBJECT (op->toast), "qw-toast-overlay", pacer->overlay);
      adw_toast_overlay_add_toast (pacer->overlay, g_object_ref (op->toast));
    }
  else
    adw_toast_dismiss (op->toast);
  /* Either may have started an animation: the toast's, or the next one's. */
  pacer->settled = g_get_monotonic_time () + TOAST_SETTLE_MS * G_TIME_SPAN_MILLISECOND;
}

static void pacer_schedule (Pacer *pacer);

static gboolean
pacer_timer_cb (gpointer data)
{
  Pacer *pacer = data;
  ToastOp *op;

  pacer->timer = 0;
  if ((op = g_queue_pop_head (&pacer->ops)) != NULL)
    {
      gboolean dismissed = !op->add;

      pacer_run (pacer, op);
      toast_op_free (op);
      /* A toast that replaces the one just taken away comes with it, as
       * the overlay's own replacing does: that one had settled. */
      op = g_queue_peek_head (&pacer->ops);
      if (dismissed && op != NULL && op->add)
        {
          pacer_run (pacer, g_queue_pop_head (&pacer->ops));
          toast_op_free (op);
        }
    }
  pacer_schedule (pacer);
  return G_SOURCE_REMOVE;
}

static void
pacer_schedule (Pacer *pacer)
{
  gint64 wait = pacer->settled - g_get_monotonic_time ();

  if (pacer->timer == 0 && !g_queue_is_empty (&pacer->ops))
    pacer->timer = g_timeout_add ((guint) MAX (wait / G_TIME_SPAN_MILLISECOND, 1), pacer_timer_cb, pacer);
}

/* Shows @toast (transfer full) over @overlay once its toasts have settled. */
static void
paced_add (AdwToastOverlay *overlay,
           AdwToast        *toast)
{
  Pacer *pacer = pacer_for (overlay);
  ToastOp *op = g_new0 (ToastOp, 1);

  op->add = TRUE;
  op->toast = toast;
  if (g_queue_is_empty (&pacer->ops) && g_get_monotonic_time () >= pacer->settled)
    {
      pacer_run (pacer, op);
      toast_op_free (op);
      return;
    }
  g_object_set_data (G_OBJECT (toast), "qw-toast-waiting", overlay);
  g_queue_push_tail (&pacer->ops, op);
  pacer_schedule (pacer);
}

/* Takes @toast away once it is safe; one still waiting to be shown is
 * dropped (and says it was dismissed, for those who keep it). */
static void
paced_dismiss (AdwToast *toast)
{
  AdwToastOverlay *shown = g_object_get_data (G_OBJECT (toast), "qw-toast-overlay");
  AdwToastOverlay *waiting = g_object_get_data (G_OBJECT (toast), "qw-toast-waiting");
  Pacer *pacer;
  ToastOp *op;

  if (shown == NULL)
    {
      g_autoptr(AdwToast) keep = g_object_ref (toast);

      pacer = waiting != NULL ? g_object_get_data (G_OBJECT (waiting), PACER_KEY) : NULL;
      for (GList *l = pacer != NULL ? pacer->ops.head : NULL; l != NULL; l = l->next)
        if (((ToastOp *) l->data)->add && ((ToastOp *) l->data)->toast == toast)
          {
            toast_op_free (l->data);
            g_queue_delete_link (&pacer->ops, l);
            g_object_set_data (G_OBJECT (toast), "qw-toast-waiting", NULL);
            g_signal_emit_by_name (toast, "dismissed");
            break;
          }
      return;
    }
  pacer = pacer_for (shown);
  op = g_new0 (ToastOp, 1);
  op->toast = g_object_ref (toast);
  if (g_queue_is_empty (&pacer->ops) && g_get_monotonic_time () >= pacer->settled)
    {
      pacer_run (pacer, op);
      toast_op_free (op);
      return;
    }
  g_queue_push_tail (&pacer->ops, op);
  pacer_schedule (pacer);
}

/**
 * qw_feedback_add_toast:
 * @toast: (transfer full): the toast
 *
 * Shows @toast over @overlay, paced as every toast of this file is (see
 * above): for the callers that build their own toast.
 */
void
qw_feedback_add_toast (AdwToastOverlay *overlay,
                       AdwToast        *toast)
{
  g_return_if_fail (ADW_IS_TOAST_OVERLAY (overlay));
  g_return_if_fail (ADW_IS_TOAST (toast));

  paced_add (overlay, toast);
}

/**
 * qw_feedback_dismiss:
 *
 * Takes away a toast shown with qw_feedback_add_toast(), paced.
 */
void
qw_feedback_dismiss (AdwToast *toast)
{
  g_return_if_fail (ADW_IS_TOAST (toast));

  paced_dismiss (toast);
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
    paced_add (overlay, adw_toast_new (message));
}

/* A toast that says how something stands (a round's results, the file just
 * written) is replaced by the next of its kind, rather than queued behind
 * it: shown late, it would tell what is no longer so. The overlay keeps the
 * toast shown under its @key. */
static void
keyed_toast_dismissed_cb (AdwToast        *toast,
                          AdwToastOverlay *overlay)
{
  g_autofree char *name = g_strdup (g_object_get_data (G_OBJECT (toast), "qw-toast-key"));

  if (name != NULL && g_object_get_data (G_OBJECT (overlay), name) == toast)
    g_object_set_data (G_OBJECT (overlay), name, NULL);
}

static void
dismiss_keyed (AdwToastOverlay *overlay,
               const char      *key)
{
  g_autofree char *name = g_strconcat ("qw-toast-", key, NULL);
  AdwToast *previous = g_object_get_data (G_OBJECT (overlay), name);

  if (previous != NULL)
    {
      g_object_set_data (G_OBJECT (overlay), name, NULL);
      paced_dismiss (previous);
    }
}

static void
add_keyed (AdwToastOverlay *overlay,
           const char      *key,
           AdwToast        *toast)
{
  g_autofree char *name = g_strconcat ("qw-toast-", key, NULL);

  dismiss_keyed (overlay, key);
  g_object_set_data_full (G_OBJECT (toast), "qw-toast-key", g_strdup (name), g_free);
  g_object_set_data_full (G_OBJECT (overlay), name, g_object_ref (toast), g_object_unref);
  g_signal_connect_object (toast, "dismissed", G_CALLBACK (keyed_toast_dismissed_cb), overlay, 0);
  paced_add (overlay, toast);
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
  AdwToastOverlay *overlay;

  g_return_if_fail (GTK_IS_WIDGET (widget));
  g_return_if_fail (key != NULL);

  if ((overlay = overlay_for (widget)) != NULL)
    add_keyed (overlay, key, adw_toast_new (message));
}

/* Takes away the toast of @key over @widget, if there is one. */
void
qw_feedback_dismiss_toast (GtkWidget  *widget,
                           const char *key)
{
  AdwToastOverlay *overlay;

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
history_moved_cb (AdwToast *toast)
{
  paced_dismiss (toast);
}

static void
step_toast_dismissed_cb (AdwToast        *toast,
                         AdwToastOverlay *overlay)
{
  GPtrArray *toasts = g_object_get_data (G_OBJECT (overlay), STEP_TOASTS_KEY);

  if (toasts != NULL)
    g_ptr_array_remove (toasts, toast);
}

static void
keep_step_toast (AdwToastOverlay *overlay,
                 AdwToast        *toast)
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
  AdwToastOverlay *overlay = ADW_IS_TOAST_OVERLAY (widget) ? ADW_TOAST_OVERLAY (widget) : overlay_for (widget);
  GPtrArray *toasts = overlay != NULL ? g_object_get_data (G_OBJECT (overlay), STEP_TOASTS_KEY) : NULL;
  g_autoptr(GPtrArray) copy = NULL;

  if (toasts == NULL)
    return;
  copy = g_ptr_array_copy (toasts, (GCopyFunc) (void (*) (void)) g_object_ref, NULL);
  g_ptr_array_set_free_func (copy, g_object_unref);
  for (guint i = 0; i < copy->len; i++)
    paced_dismiss (g_ptr_array_index (copy, i));
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
  AdwToastOverlay *overlay;
  AdwToast *toast;

  g_return_if_fail (GTK_IS_WIDGET (widget));
  g_return_if_fail (QW_IS_HISTORY (history));

  if ((overlay = overlay_for (widget)) == NULL)
    return;
  toast = adw_toast_new (message);
  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  /* Long enough to read the step and reach for its button on a busy day. */
  adw_toast_set_timeout (toast, 8);
  if (offer == QW_OFFER_UNDO ? qw_history_get_can_undo (history) : qw_history_get_can_redo (history))
    {
      adw_toast_set_button_label (toast, offer == QW_OFFER_UNDO ? _("_Undo") : _("_Redo"));
      adw_toast_set_action_name (toast, offer == QW_OFFER_UNDO ? "win.undo" : "win.redo");
      g_signal_connect_object (history, offer == QW_OFFER_UNDO ? "notify::undo-label" : "notify::redo-label",
                               G_CALLBACK (history_moved_cb), toast, G_CONNECT_SWAPPED);
      keep_step_toast (overlay, toast);
    }
  paced_add (overlay, toast);
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
show_file_cb (AdwToast *toast,
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
  AdwToastOverlay *overlay;
  AdwToast *toast;

  g_return_if_fail (GTK_IS_WIDGET (widget));

  if ((overlay = overlay_for (widget)) == NULL)
    return;
  toast = adw_toast_new (message);
  adw_toast_set_timeout (toast, 8);
  adw_toast_set_button_label (toast, folder ? _("Open _Folder") : _("_Open"));
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
