/* qw-devices-dialog.h: 场馆网络 › 设备, the devices the chief arbiter added
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "qw-document-context.h"

G_BEGIN_DECLS

#define QW_TYPE_DEVICES_DIALOG (qw_devices_dialog_get_type ())

G_DECLARE_FINAL_TYPE (QwDevicesDialog, qw_devices_dialog, QW, DEVICES_DIALOG, AdwWindow)

/* The window's list (made on first use, kept while the window lives); it
 * follows the window's "context" property. */
QwDevicesDialog *qw_devices_dialog_present   (GtkWindow       *parent);
/* (element-type QwDevice): the devices as shown now */
GPtrArray       *qw_devices_dialog_get_devices (QwDevicesDialog *self);
/* Asks to revoke device @id (the confirmation dialog is returned, shown). */
GtkWindow       *qw_devices_dialog_ask_revoke (QwDevicesDialog *self,
                                               gint64           id);

G_END_DECLS
