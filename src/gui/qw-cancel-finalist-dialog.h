/* qw-cancel-finalist-dialog.h: cancelling a finalist's qualification on the ladder page
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "qw-document-context.h"
#include "qw-ladder.h"

G_BEGIN_DECLS

#define QW_TYPE_CANCEL_FINALIST_DIALOG (qw_cancel_finalist_dialog_get_type ())

G_DECLARE_FINAL_TYPE (QwCancelFinalistDialog, qw_cancel_finalist_dialog, QW, CANCEL_FINALIST_DIALOG,
                      AdwMessageDialog)

/* @feedback: the widget whose toast overlay tells the outcome; @number: the 序号 */
QwCancelFinalistDialog *qw_cancel_finalist_dialog_new    (GtkWindow              *parent,
                                                          GtkWidget              *feedback,
                                                          QwDocumentContext      *context,
                                                          const QwLadderFinalist *finalist,
                                                          int                     number);
/* Fills the fields (the UI tests). */
void                    qw_cancel_finalist_dialog_set    (QwCancelFinalistDialog *self,
                                                          QwLadderCancelKind      kind,
                                                          const char             *reason);
/* What the Cancel Qualification response does: one undoable step, through
 * qw_ladder_store_cancel() as `qiwang-cli ladder-cancel`. */
gboolean                qw_cancel_finalist_dialog_apply  (QwCancelFinalistDialog *self,
                                                          GError                **error);

G_END_DECLS
