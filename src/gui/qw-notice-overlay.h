/* qw-notice-overlay.h: the window's notification bar over its content
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "qw-notice.h"

G_BEGIN_DECLS

#define QW_TYPE_NOTICE_OVERLAY (qw_notice_overlay_get_type ())

G_DECLARE_FINAL_TYPE (QwNoticeOverlay, qw_notice_overlay, QW, NOTICE_OVERLAY, GtkWidget)

GtkWidget *qw_notice_overlay_new        (void);
void       qw_notice_overlay_set_child  (QwNoticeOverlay *self,
                                         GtkWidget       *child);
GtkWidget *qw_notice_overlay_get_child  (QwNoticeOverlay *self);
void       qw_notice_overlay_add        (QwNoticeOverlay *self,
                                         QwNotice        *notice);
QwNotice  *qw_notice_overlay_get_notice (QwNoticeOverlay *self);
guint      qw_notice_overlay_get_n_waiting (QwNoticeOverlay *self);
GtkWidget *qw_notice_overlay_get_bar    (QwNoticeOverlay *self);

G_END_DECLS
