/* qw-print-dialog.h: choose a document to print, preview it, print or export PDF
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "qw-document.h"
#include "qw-print.h"

G_BEGIN_DECLS

#define QW_TYPE_PRINT_DIALOG (qw_print_dialog_get_type ())

G_DECLARE_FINAL_TYPE (QwPrintDialog, qw_print_dialog, QW, PRINT_DIALOG, AdwWindow)

QwPrintDialog *qw_print_dialog_new          (GtkWindow     *parent,
                                             QwDocument    *doc,
                                             QwPrintKind    kind,
                                             const char    *group,
                                             int            round);
QwPrintout    *qw_print_dialog_get_printout (QwPrintDialog *self);
gboolean       qw_print_dialog_export_pdf   (QwPrintDialog *self,
                                             GFile         *file,
                                             GError       **error);
char          *qw_print_dialog_suggest_name (QwPrintDialog *self);

G_END_DECLS
