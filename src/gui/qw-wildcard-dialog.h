/* qw-wildcard-dialog.h: a wild card (外卡) entered by hand on the ladder page
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "qw-document-context.h"

G_BEGIN_DECLS

#define QW_TYPE_WILDCARD_DIALOG (qw_wildcard_dialog_get_type ())

G_DECLARE_FINAL_TYPE (QwWildcardDialog, qw_wildcard_dialog, QW, WILDCARD_DIALOG, AdwMessageDialog)

/* @feedback: the widget whose toast overlay tells the outcome */
QwWildcardDialog *qw_wildcard_dialog_new  (GtkWindow         *parent,
                                           GtkWidget         *feedback,
                                           QwDocumentContext *context);
/* Fills the fields (the UI tests); @reason: an index of the ruleset's reasons. */
void              qw_wildcard_dialog_set  (QwWildcardDialog  *self,
                                           const char        *account,
                                           const char        *name,
                                           guint              reason);
/* The application date (申请日期) and the arbiter's 逾期准许 (the UI tests). */
void              qw_wildcard_dialog_set_applied (QwWildcardDialog *self,
                                           const char        *applied,
                                           const char        *late_allowed);
/* What the Add response does: stores the wild card as one undoable step. */
gboolean          qw_wildcard_dialog_add  (QwWildcardDialog  *self,
                                           GError           **error);

G_END_DECLS
