/* qw-admit-dialog.h: admit late entries, with the points of the rounds they missed
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "qw-document-context.h"

G_BEGIN_DECLS

#define QW_TYPE_ADMIT_DIALOG (qw_admit_dialog_get_type ())

G_DECLARE_FINAL_TYPE (QwAdmitDialog, qw_admit_dialog, QW, ADMIT_DIALOG, AdwMessageDialog)

QwAdmitDialog *qw_admit_dialog_new         (GtkWindow         *parent,
                                            GtkWidget         *feedback,
                                            QwDocumentContext *context,
                                            GPtrArray         *entries);
guint          qw_admit_dialog_get_n_rows  (QwAdmitDialog     *self);
void           qw_admit_dialog_set_points  (QwAdmitDialog     *self,
                                            guint              row,
                                            int                round,
                                            double             points);
void           qw_admit_dialog_set_admit   (QwAdmitDialog     *self,
                                            guint              row,
                                            gboolean           admit);
guint          qw_admit_dialog_admit       (QwAdmitDialog     *self,
                                            GError           **error);

/* The entries of @entries (QwEntry) that wait as late entries; %NULL when none. */
GPtrArray     *qw_admit_dialog_late_only   (GPtrArray         *entries);

G_END_DECLS
