/* qw-notice.c: what a notification says, and its button
 *
 * A notice is what the window's notification bar (QwNoticeOverlay) shows:
 * a line of text, optionally a button (its label, and the action it
 * activates, such as win.undo, or its "button-clicked" signal), how long it
 * stays, and whether it goes before the one shown. It is dismissed once, by
 * its timeout, its close button, Escape, or the code that made it (the
 * history moved on): "dismissed" is emitted then, and never again.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-notice"

#include "config.h"

#include "qw-notice.h"

struct _QwNotice
{
  GObject           parent_instance;

  char             *title;
  char             *button_label;
  char             *action_name;
  QwNoticePriority  priority;
  guint             timeout;
  gboolean          dismissed;
};

G_DEFINE_FINAL_TYPE (QwNotice, qw_notice, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_TITLE,
  PROP_BUTTON_LABEL,
  PROP_ACTION_NAME,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  BUTTON_CLICKED,
  DISMISSED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
qw_notice_finalize (GObject *object)
{
  QwNotice *self = QW_NOTICE (object);

  g_free (self->title);
  g_free (self->button_label);
  g_free (self->action_name);
  G_OBJECT_CLASS (qw_notice_parent_class)->finalize (object);
}

static void
qw_notice_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  QwNotice *self = QW_NOTICE (object);

  switch (prop_id)
    {
    case PROP_TITLE:
      g_value_set_string (value, self->title);
      break;
    case PROP_BUTTON_LABEL:
      g_value_set_string (value, self->button_label);
      break;
    case PROP_ACTION_NAME:
      g_value_set_string (value, self->action_name);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
qw_notice_set_property (GObject      *object,
                        guint         prop_id,
                        const GValue *value,
                        GParamSpec   *pspec)
{
  QwNotice *self = QW_NOTICE (object);

  switch (prop_id)
    {
    case PROP_TITLE:
      g_free (self->title);
      self->title = g_value_dup_string (value);
      break;
    case PROP_BUTTON_LABEL:
      qw_notice_set_button_label (self, g_value_get_string (value));
      break;
    case PROP_ACTION_NAME:
      qw_notice_set_action_name (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
qw_notice_class_init (QwNoticeClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = qw_notice_finalize;
  object_class->get_property = qw_notice_get_property;
  object_class->set_property = qw_notice_set_property;

  properties[PROP_TITLE] =
    g_param_spec_string ("title", NULL, NULL, "",
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_BUTTON_LABEL] =
    g_param_spec_string ("button-label", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ACTION_NAME] =
    g_param_spec_string ("action-name", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* The button was pressed (after its action, if it has one, ran). */
  signals[BUTTON_CLICKED] =
    g_signal_new ("button-clicked", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
  signals[DISMISSED] =
    g_signal_new ("dismissed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
}

static void
qw_notice_init (QwNotice *self)
{
  self->timeout = 5;
}

QwNotice *
qw_notice_new (const char *title)
{
  return g_object_new (QW_TYPE_NOTICE, "title", title != NULL ? title : "", NULL);
}

const char *
qw_notice_get_title (QwNotice *self)
{
  g_return_val_if_fail (QW_IS_NOTICE (self), NULL);
  return self->title;
}

/* "_Undo": the button shows when there is a label. */
void
qw_notice_set_button_label (QwNotice   *self,
                            const char *label)
{
  g_return_if_fail (QW_IS_NOTICE (self));

  if (g_strcmp0 (self->button_label, label) == 0)
    return;
  g_free (self->button_label);
  self->button_label = g_strdup (label);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUTTON_LABEL]);
}

const char *
qw_notice_get_button_label (QwNotice *self)
{
  g_return_val_if_fail (QW_IS_NOTICE (self), NULL);
  return self->button_label;
}

/* "win.undo": what the button activates. */
void
qw_notice_set_action_name (QwNotice   *self,
                           const char *action_name)
{
  g_return_if_fail (QW_IS_NOTICE (self));

  if (g_strcmp0 (self->action_name, action_name) == 0)
    return;
  g_free (self->action_name);
  self->action_name = g_strdup (action_name);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ACTION_NAME]);
}

const char *
qw_notice_get_action_name (QwNotice *self)
{
  g_return_val_if_fail (QW_IS_NOTICE (self), NULL);
  return self->action_name;
}

void
qw_notice_set_priority (QwNotice         *self,
                        QwNoticePriority  priority)
{
  g_return_if_fail (QW_IS_NOTICE (self));
  self->priority = priority;
}

QwNoticePriority
qw_notice_get_priority (QwNotice *self)
{
  g_return_val_if_fail (QW_IS_NOTICE (self), QW_NOTICE_PRIORITY_NORMAL);
  return self->priority;
}

/* Seconds it stays once shown (while the pointer or the focus is not on
 * it); 0: until dismissed. 5 unless set. */
void
qw_notice_set_timeout (QwNotice *self,
                       guint     seconds)
{
  g_return_if_fail (QW_IS_NOTICE (self));
  self->timeout = seconds;
}

guint
qw_notice_get_timeout (QwNotice *self)
{
  g_return_val_if_fail (QW_IS_NOTICE (self), 0);
  return self->timeout;
}

/**
 * qw_notice_dismiss:
 *
 * Takes the notice away, shown or waiting; "dismissed" is emitted the
 * first time only.
 */
void
qw_notice_dismiss (QwNotice *self)
{
  g_return_if_fail (QW_IS_NOTICE (self));

  if (self->dismissed)
    return;
  self->dismissed = TRUE;
  g_signal_emit (self, signals[DISMISSED], 0);
}

gboolean
qw_notice_get_dismissed (QwNotice *self)
{
  g_return_val_if_fail (QW_IS_NOTICE (self), TRUE);
  return self->dismissed;
}
