/* qw-manual-pairing-dialog.h: a round typed in board by board
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "qw-document.h"
#include "qw-game.h"

G_BEGIN_DECLS

#define QW_TYPE_MANUAL_PAIRING_DIALOG (qw_manual_pairing_dialog_get_type ())

G_DECLARE_FINAL_TYPE (QwManualPairingDialog, qw_manual_pairing_dialog, QW, MANUAL_PAIRING_DIALOG, AdwWindow)

QwManualPairingDialog *qw_manual_pairing_dialog_new          (GtkWindow             *parent,
                                                              QwDocument            *doc,
                                                              const QwSection       *section,
                                                              int                    round,
                                                              GPtrArray             *entries);
gboolean               qw_manual_pairing_dialog_set_board    (QwManualPairingDialog *self,
                                                              guint                  board,
                                                              const char            *red,
                                                              const char            *black);
guint                  qw_manual_pairing_dialog_get_n_boards (QwManualPairingDialog *self);
GArray                *qw_manual_pairing_dialog_get_boards   (QwManualPairingDialog *self);
GPtrArray             *qw_manual_pairing_dialog_get_warnings (QwManualPairingDialog *self);
gboolean               qw_manual_pairing_dialog_get_force    (QwManualPairingDialog *self);
void                   qw_manual_pairing_dialog_set_force    (QwManualPairingDialog *self,
                                                              gboolean               force);
gboolean               qw_manual_pairing_dialog_can_record   (QwManualPairingDialog *self);
void                   qw_manual_pairing_dialog_show_error   (QwManualPairingDialog *self,
                                                              const GError          *error);

G_END_DECLS
