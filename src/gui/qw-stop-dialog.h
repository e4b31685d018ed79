/* qw-stop-dialog.h: add or edit a stop typed in by hand (no results file)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "qw-event.h"
#include "qw-quota.h"
#include "qw-ruleset.h"

G_BEGIN_DECLS

#define QW_TYPE_STOP_DIALOG (qw_stop_dialog_get_type ())

G_DECLARE_FINAL_TYPE (QwStopDialog, qw_stop_dialog, QW, STOP_DIALOG, AdwWindow)

QwStopDialog  *qw_stop_dialog_new      (GtkWindow           *parent,
                                        QwRuleset           *ruleset,
                                        const QwEvent       *stop);
QwStopSummary *qw_stop_dialog_get_stop (QwStopDialog        *self);
const QwEvent *qw_stop_dialog_get_original (QwStopDialog    *self);
void           qw_stop_dialog_fill     (QwStopDialog        *self,
                                        const QwStopSummary *stop);
gboolean       qw_stop_dialog_save     (QwStopDialog        *self);

G_END_DECLS
