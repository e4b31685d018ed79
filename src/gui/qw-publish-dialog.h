/* qw-publish-dialog.h: 发布到场馆网络, the venue server from the GUI
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "qw-document-context.h"

G_BEGIN_DECLS

#define QW_TYPE_PUBLISH_DIALOG (qw_publish_dialog_get_type ())

G_DECLARE_FINAL_TYPE (QwPublishDialog, qw_publish_dialog, QW, PUBLISH_DIALOG, AdwWindow)

/* The window's dialog (made on first use, kept while the window lives, so
 * that serving goes on when it is closed); it follows the window's
 * "context" property and stops serving when the document changes; its
 * "serving" property says whether it serves. */
QwPublishDialog *qw_publish_dialog_get       (GtkWindow        *parent);
QwPublishDialog *qw_publish_dialog_present   (GtkWindow        *parent);
/* The address phones open, while serving; else NULL. */
const char      *qw_publish_dialog_get_url   (QwPublishDialog  *self);
gboolean         qw_publish_dialog_is_serving (QwPublishDialog *self);

G_END_DECLS
