/* qw-gate-dialog.h: the entries that keep a round from being paired, and the arbiter's answers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "qw-document-context.h"
#include "qw-game.h"

G_BEGIN_DECLS

#define QW_TYPE_GATE_DIALOG (qw_gate_dialog_get_type ())

G_DECLARE_FINAL_TYPE (QwGateDialog, qw_gate_dialog, QW, GATE_DIALOG, AdwWindow)

QwGateDialog *qw_gate_dialog_new           (GtkWindow         *parent,
                                            QwDocumentContext *context,
                                            const char        *group,
                                            int                round);
const char   *qw_gate_dialog_get_group     (QwGateDialog      *self);
GPtrArray    *qw_gate_dialog_get_items     (QwGateDialog      *self);
guint         qw_gate_dialog_get_n_blocked (QwGateDialog      *self);

G_END_DECLS
