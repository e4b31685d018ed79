/* qw-notice-overlay.c: the window's notification bar over its content
 *
 * Why not AdwToastOverlay. libadwaita 1.2's overlay keeps a record
 * (ToastInfo) for each toast it shows, with two animations: the toast
 * slides in (300 ms; 500 ms when it replaces another), and fades out when
 * it is dismissed (300 ms). The record is freed when the fade ends
 * (hide_done_cb() → free_toast_info()), which drops the overlay's
 * reference to the slide; but a playing AdwAnimation keeps itself alive,
 * with its "done" handler, show_done_cb(), still connected to the record.
 * A toast dismissed less than 200 ms after it began to slide in as a
 * replacement fades out before its slide ends: the slide then ends on the
 * freed record, and show_done_cb() unrefs whatever pointer the freed
 * memory holds by then (adw_animation_skip() → g_object_unref(): the crash
 * ui-region met). Fixed upstream after 1.2 (libadwaita commit 1674ebc9,
 * "toast-overlay: Prevent show_done from firing after hide_done"); Debian
 * 12 has 1.2.2. The pacing this replaced waited 550 ms after each change
 * it made, but the overlay also changes by itself: a toast that goes by
 * its own timeout brings on the one waiting behind it, unseen by any
 * pacing, and a replacement right then crashed (tests/test-ui-toasts.c
 * shows it).
 *
 * So the window shows its notifications itself, in one bar that lives as
 * long as the window: a GtkRevealer slides it in and out, and a notice
 * replacing another only changes its text. Nothing is freed while an
 * animation runs, so no timing can make it crash. It keeps what users had:
 * one notice at a time, a button (Undo) and a close button, a notice of
 * high priority shown at once with the one it pushed aside waiting behind
 * it, the others in turn, each for its timeout (held while the pointer or
 * the focus is on it), Escape to dismiss; the bar is an alert to screen
 * readers, named by its text.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-notice-overlay"

#include "config.h"

#include "qw-notice-overlay.h"

struct _QwNoticeOverlay
{
  GtkWidget    parent_instance;

  GtkWidget   *overlay;
  GtkRevealer *revealer;
  GtkWidget   *bar;
  GtkLabel    *title_label;
  GtkButton   *action_button;

  QwNotice    *current;     /* owned; NULL: none (the bar may still be sliding out) */
  GQueue       waiting;     /* QwNotice, owned, the next first */
  guint        timeout_id;
  guint        holds;       /* the pointer and the focus on the bar: its notice stays */
};

G_DEFINE_FINAL_TYPE (QwNoticeOverlay, qw_notice_overlay, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_CHILD,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void notice_dismissed_cb (QwNotice        *notice,
                                 QwNoticeOverlay *self);

/* The notices this overlay holds, shown or waiting, are watched. */
static void
watch (QwNoticeOverlay *self,
       QwNotice        *notice)
{
  g_signal_connect_object (notice, "dismissed", G_CALLBACK (notice_dismissed_cb), self, 0);
}

static void
forget (QwNoticeOverlay *self,
        QwNotice        *notice)
{
  g_signal_handlers_disconnect_by_func (notice, notice_dismissed_cb, self);
  g_object_unref (notice);
}

static gboolean
timeout_cb (gpointer data)
{
  QwNoticeOverlay *self = data;

  self->timeout_id = 0;
  if (self->current != NULL)
    qw_notice_dismiss (self->current);
  return G_SOURCE_REMOVE;
}

static void
restart_timeout (QwNoticeOverlay *self)
{
  guint seconds;

  g_clear_handle_id (&self->timeout_id, g_source_remove);
  if (self->current == NULL || self->holds > 0 || (seconds = qw_notice_get_timeout (self->current)) == 0)
    return;
  self->timeout_id = g_timeout_add (seconds * 1000, timeout_cb, self);
}

/* @notice (owned) goes into the bar. */
static void
show (QwNoticeOverlay *self,
      QwNotice        *notice)
{
  const char *button = qw_notice_get_button_label (notice);

  self->current = notice;
  gtk_label_set_text (self->title_label, qw_notice_get_title (notice));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->bar), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  qw_notice_get_title (notice), -1);
  gtk_button_set_label (self->action_button, button != NULL ? button : "");
  gtk_widget_set_visible (GTK_WIDGET (self->action_button), button != NULL && button[0] != '\0');
  gtk_widget_set_can_target (GTK_WIDGET (self->revealer), TRUE);
  gtk_revealer_set_reveal_child (self->revealer, TRUE);
  restart_timeout (self);
}

/* The shown notice goes; the next waiting one comes, or the bar slides out
 * (with the text it had, and deaf to the pointer meanwhile). */
static void
take_away_current (QwNoticeOverlay *self)
{
  QwNotice *next;

  g_clear_handle_id (&self->timeout_id, g_source_remove);
  if (self->current != NULL)
    forget (self, g_steal_pointer (&self->current));
  if ((next = g_queue_pop_head (&self->waiting)) != NULL)
    {
      show (self, next);
      return;
    }
  gtk_widget_set_can_target (GTK_WIDGET (self->revealer), FALSE);
  gtk_revealer_set_reveal_child (self->revealer, FALSE);
  /* Nothing holds a bar that goes: should a pointer's leave not come, the
   * next notice still goes by its timeout. */
  self->holds = 0;
}

static void
notice_dismissed_cb (QwNotice        *notice,
                     QwNoticeOverlay *self)
{
  GList *link;

  if (notice == self->current)
    take_away_current (self);
  else if ((link = g_queue_find (&self->waiting, notice)) != NULL)
    {
      g_queue_delete_link (&self->waiting, link);
      forget (self, notice);
    }
}

/**
 * qw_notice_overlay_add:
 * @notice: (transfer full): the notice
 *
 * Shows @notice: at once when nothing is shown or when it is of high
 * priority (the notice shown then waits to come back after it), else after
 * the notices waiting. A notice shown already starts its timeout again; one
 * waiting goes ahead (first, when of high priority); one dismissed is not
 * shown.
 */
void
qw_notice_overlay_add (QwNoticeOverlay *self,
                       QwNotice        *notice)
{
  gboolean high;
  GList *link;

  g_return_if_fail (QW_IS_NOTICE_OVERLAY (self));
  g_return_if_fail (QW_IS_NOTICE (notice));

  high = qw_notice_get_priority (notice) == QW_NOTICE_PRIORITY_HIGH;
  if (qw_notice_get_dismissed (notice))
    {
      g_object_unref (notice);
      return;
    }
  if (notice == self->current)
    {
      restart_timeout (self);
      g_object_unref (notice);
      return;
    }
  if ((link = g_queue_find (&self->waiting, notice)) != NULL)
    {
      g_queue_delete_link (&self->waiting, link);
      if (high)
        g_queue_push_head (&self->waiting, notice);
      else
        g_queue_push_tail (&self->waiting, notice);
      g_object_unref (notice);
      return;
    }
  watch (self, notice);
  if (self->current == NULL)
    show (self, notice);
  else if (high)
    {
      g_clear_handle_id (&self->timeout_id, g_source_remove);
      g_queue_push_head (&self->waiting, g_steal_pointer (&self->current));
      show (self, notice);
    }
  else
    g_queue_push_tail (&self->waiting, notice);
}

/* (transfer none) (nullable): the notice shown, not one sliding out */
QwNotice *
qw_notice_overlay_get_notice (QwNoticeOverlay *self)
{
  g_return_val_if_fail (QW_IS_NOTICE_OVERLAY (self), NULL);
  return self->current;
}

guint
qw_notice_overlay_get_n_waiting (QwNoticeOverlay *self)
{
  g_return_val_if_fail (QW_IS_NOTICE_OVERLAY (self), 0);
  return self->waiting.length;
}

/* (transfer none): the bar that shows the notice, with its buttons (the
 * action's first): for the tests, which press them. */
GtkWidget *
qw_notice_overlay_get_bar (QwNoticeOverlay *self)
{
  g_return_val_if_fail (QW_IS_NOTICE_OVERLAY (self), NULL);
  return self->bar;
}

/* The button of the notice shown when it was pressed: its action (win.undo)
 * runs, then "button-clicked", and it goes. (Not the button's own action:
 * that ran before any handler of "clicked", and the notice it brings, say
 * "Undone: …", would be the shown one by then.) */
static void
action_clicked_cb (QwNoticeOverlay *self)
{
  g_autoptr(QwNotice) notice = self->current != NULL ? g_object_ref (self->current) : NULL;
  const char *action;

  if (notice == NULL)
    return;
  action = qw_notice_get_action_name (notice);
  if (action != NULL && !gtk_widget_activate_action_variant (GTK_WIDGET (self), action, NULL))
    g_info ("The action %s of “%s” is not there now", action, qw_notice_get_title (notice));
  g_signal_emit_by_name (notice, "button-clicked");
  qw_notice_dismiss (notice);
}

static void
close_clicked_cb (QwNoticeOverlay *self)
{
  if (self->current != NULL)
    qw_notice_dismiss (self->current);
}

static void
hold_cb (QwNoticeOverlay *self)
{
  if (self->holds++ == 0)
    g_clear_handle_id (&self->timeout_id, g_source_remove);
}

static void
release_cb (QwNoticeOverlay *self)
{
  if (self->holds > 0 && --self->holds == 0)
    restart_timeout (self);
}

static gboolean
escape_cb (GtkWidget *widget,
           GVariant  *args,
           gpointer   data)
{
  QwNoticeOverlay *self = QW_NOTICE_OVERLAY (widget);

  if (self->current == NULL)
    return FALSE;
  qw_notice_dismiss (self->current);
  return TRUE;
}

void
qw_notice_overlay_set_child (QwNoticeOverlay *self,
                             GtkWidget       *child)
{
  g_return_if_fail (QW_IS_NOTICE_OVERLAY (self));

  if (gtk_overlay_get_child (GTK_OVERLAY (self->overlay)) == child)
    return;
  gtk_overlay_set_child (GTK_OVERLAY (self->overlay), child);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CHILD]);
}

GtkWidget *
qw_notice_overlay_get_child (QwNoticeOverlay *self)
{
  g_return_val_if_fail (QW_IS_NOTICE_OVERLAY (self), NULL);
  return gtk_overlay_get_child (GTK_OVERLAY (self->overlay));
}

GtkWidget *
qw_notice_overlay_new (void)
{
  return g_object_new (QW_TYPE_NOTICE_OVERLAY, NULL);
}

/* The window goes: every notice it holds is dismissed, as the code that
 * keeps one may wait for that. */
static void
qw_notice_overlay_dispose (GObject *object)
{
  QwNoticeOverlay *self = QW_NOTICE_OVERLAY (object);
  g_autoptr(GPtrArray) held = g_ptr_array_new_with_free_func (g_object_unref);
  QwNotice *notice;

  g_clear_handle_id (&self->timeout_id, g_source_remove);
  if (self->current != NULL)
    g_ptr_array_add (held, g_steal_pointer (&self->current));
  while ((notice = g_queue_pop_head (&self->waiting)) != NULL)
    g_ptr_array_add (held, notice);
  for (guint i = 0; i < held->len; i++)
    {
      g_signal_handlers_disconnect_by_func (g_ptr_array_index (held, i), notice_dismissed_cb, self);
      qw_notice_dismiss (g_ptr_array_index (held, i));
    }
  gtk_widget_dispose_template (GTK_WIDGET (self), QW_TYPE_NOTICE_OVERLAY);
  G_OBJECT_CLASS (qw_notice_overlay_parent_class)->dispose (object);
}

static void
qw_notice_overlay_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  QwNoticeOverlay *self = QW_NOTICE_OVERLAY (object);

  switch (prop_id)
    {
    case PROP_CHILD:
      g_value_set_object (value, qw_notice_overlay_get_child (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
qw_notice_overlay_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  QwNoticeOverlay *self = QW_NOTICE_OVERLAY (object);

  switch (prop_id)
    {
    case PROP_CHILD:
      qw_notice_overlay_set_child (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
qw_notice_overlay_class_init (QwNoticeOverlayClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = qw_notice_overlay_dispose;
  object_class->get_property = qw_notice_overlay_get_property;
  object_class->set_property = qw_notice_overlay_set_property;

  properties[PROP_CHILD] =
    g_param_spec_object ("child", NULL, NULL, GTK_TYPE_WIDGET,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, "/cn/qiwang/Qiwang/ui/qw-notice-overlay.ui");
  gtk_widget_class_bind_template_child (widget_class, QwNoticeOverlay, overlay);
  gtk_widget_class_bind_template_child (widget_class, QwNoticeOverlay, revealer);
  gtk_widget_class_bind_template_child (widget_class, QwNoticeOverlay, bar);
  gtk_widget_class_bind_template_child (widget_class, QwNoticeOverlay, title_label);
  gtk_widget_class_bind_template_child (widget_class, QwNoticeOverlay, action_button);
  gtk_widget_class_bind_template_callback (widget_class, action_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, close_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, hold_cb);
  gtk_widget_class_bind_template_callback (widget_class, release_cb);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Escape, 0, escape_cb, NULL);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "noticeoverlay");
}

static void
qw_notice_overlay_init (QwNoticeOverlay *self)
{
  g_queue_init (&self->waiting);
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_widget_set_can_target (GTK_WIDGET (self->revealer), FALSE);
}
