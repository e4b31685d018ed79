/* qw-device-text.h: a venue device in words, for the window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "qw-document-context.h"
#include "qw-document-venue.h"

G_BEGIN_DECLS

/* "Arbiter", "Check-in", "Screen", translated */
const char *qw_device_role_label       (QwDeviceRole       role);
/* What the role may do, one sentence */
const char *qw_device_role_description (QwDeviceRole       role);
/* Its groups by name and its boards: "公开组男子 · 第 1–10 台" */
char       *qw_device_scope_text       (const QwDevice    *device,
                                        QwDocumentContext *context);
/* When it was last in contact, in local time: "14:32" today, else the date */
char       *qw_device_last_seen_text   (const QwDevice    *device);
/* Who entered a result: "窗口", "命令行", "设备：NAME"; NULL for NULL */
char       *qw_entered_by_label        (const char        *origin);

G_END_DECLS
