/* qw-column-map-dialog.h: which column of a registration list holds which field
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "qw-csv.h"
#include "qw-entry-import.h"

G_BEGIN_DECLS

#define QW_TYPE_COLUMN_MAP_DIALOG (qw_column_map_dialog_get_type ())

G_DECLARE_FINAL_TYPE (QwColumnMapDialog, qw_column_map_dialog, QW, COLUMN_MAP_DIALOG, AdwWindow)

QwColumnMapDialog  *qw_column_map_dialog_new        (GtkWindow          *parent,
                                                     const char         *path,
                                                     QwCsv              *csv,
                                                     int                 sheet);
void                qw_column_map_dialog_get_map    (QwColumnMapDialog  *self,
                                                     QwColumnMap        *out);
gboolean            qw_column_map_dialog_set_field  (QwColumnMapDialog  *self,
                                                     int                 column,
                                                     int                 field);
gboolean            qw_column_map_dialog_set_sheet  (QwColumnMapDialog  *self,
                                                     int                 sheet);
int                 qw_column_map_dialog_get_sheet  (QwColumnMapDialog  *self);
guint               qw_column_map_dialog_get_n_sheets (QwColumnMapDialog *self);
const char         *qw_column_map_dialog_get_path   (QwColumnMapDialog  *self);
const QwCsv        *qw_column_map_dialog_get_csv    (QwColumnMapDialog  *self);
const char * const *qw_column_map_dialog_get_header (QwColumnMapDialog  *self);
gboolean            qw_column_map_dialog_can_import (QwColumnMapDialog  *self);

G_END_DECLS
