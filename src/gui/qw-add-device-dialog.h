/* qw-add-device-dialog.h: 场馆网络 › 添加设备
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "qw-document-context.h"

G_BEGIN_DECLS

#define QW_TYPE_ADD_DEVICE_DIALOG (qw_add_device_dialog_get_type ())

G_DECLARE_FINAL_TYPE (QwAddDeviceDialog, qw_add_device_dialog, QW, ADD_DEVICE_DIALOG, AdwWindow)

/* Over @parent, a QwWindow (its publish dialog gives the server's address). */
QwAddDeviceDialog *qw_add_device_dialog_new      (GtkWindow          *parent,
                                                  QwDocumentContext  *context);
/* After a device was added: its join link, whole when the venue network is
 * served (else the path alone); NULL before. */
const char        *qw_add_device_dialog_get_link (QwAddDeviceDialog  *self);
/* The device added, or 0. */
gint64             qw_add_device_dialog_get_id   (QwAddDeviceDialog  *self);

G_END_DECLS
