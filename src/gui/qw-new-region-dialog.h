/* qw-new-region-dialog.h: create a region document (or a national one)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "qw-document.h"

G_BEGIN_DECLS

#define QW_TYPE_NEW_REGION_DIALOG (qw_new_region_dialog_get_type ())

G_DECLARE_FINAL_TYPE (QwNewRegionDialog, qw_new_region_dialog, QW, NEW_REGION_DIALOG, AdwWindow)

QwNewRegionDialog *qw_new_region_dialog_new        (GtkWindow          *parent,
                                                    QwDocumentKind      kind);
void               qw_new_region_dialog_set_region (QwNewRegionDialog  *self,
                                                    const char         *region);
gboolean           qw_new_region_dialog_create_at  (QwNewRegionDialog  *self,
                                                    GFile              *file,
                                                    GError            **error);

G_END_DECLS
