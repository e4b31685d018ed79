/* qw-notice.h: what a notification says, and its button
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

typedef enum
{
  QW_NOTICE_PRIORITY_NORMAL,  /* waits behind the one shown */
  QW_NOTICE_PRIORITY_HIGH,    /* shown at once; the one shown waits behind it */
} QwNoticePriority;

#define QW_TYPE_NOTICE (qw_notice_get_type ())

G_DECLARE_FINAL_TYPE (QwNotice, qw_notice, QW, NOTICE, GObject)

QwNotice         *qw_notice_new                (const char       *title);
const char       *qw_notice_get_title          (QwNotice         *self);
void              qw_notice_set_button_label   (QwNotice         *self,
                                                const char       *label);
const char       *qw_notice_get_button_label   (QwNotice         *self);
void              qw_notice_set_action_name    (QwNotice         *self,
                                                const char       *action_name);
const char       *qw_notice_get_action_name    (QwNotice         *self);
void              qw_notice_set_priority       (QwNotice         *self,
                                                QwNoticePriority  priority);
QwNoticePriority  qw_notice_get_priority       (QwNotice         *self);
void              qw_notice_set_timeout        (QwNotice         *self,
                                                guint             seconds);
guint             qw_notice_get_timeout        (QwNotice         *self);
void              qw_notice_dismiss            (QwNotice         *self);
gboolean          qw_notice_get_dismissed      (QwNotice         *self);

G_END_DECLS
