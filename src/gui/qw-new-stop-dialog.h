/* qw-new-stop-dialog.h: set up a stop with a correctly formed name
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "qw-document.h"
#include "qw-event.h"

G_BEGIN_DECLS

#define QW_TYPE_NEW_STOP_DIALOG (qw_new_stop_dialog_get_type ())

G_DECLARE_FINAL_TYPE (QwNewStopDialog, qw_new_stop_dialog, QW, NEW_STOP_DIALOG, AdwWindow)

QwNewStopDialog *qw_new_stop_dialog_new        (GtkWindow        *parent);
QwEvent         *qw_new_stop_dialog_get_event  (QwNewStopDialog  *self);
void             qw_new_stop_dialog_set_event  (QwNewStopDialog  *self,
                                                const QwEvent    *event);
gboolean         qw_new_stop_dialog_create_at  (QwNewStopDialog  *self,
                                                GFile            *file,
                                                GError          **error);
void             qw_new_stop_dialog_set_target (QwNewStopDialog  *self,
                                                QwDocument       *doc);
const char * const *qw_regions                 (void);

gboolean         qw_new_stop_dialog_set_ruleset (QwNewStopDialog *self,
                                                 const char      *id);

G_END_DECLS
