/* qw-file-exports.h: lists for Excel, and groups to and from TRF files
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "qw-document-context.h"

G_BEGIN_DECLS

typedef enum
{
  QW_EXCEL_ENTRIES = 0,     /* export-entries: ID numbers masked */
  QW_EXCEL_ENTRIES_PRIVATE, /* export-entries --private */
  QW_EXCEL_STANDINGS,       /* export --out FILE.xlsx: a sheet per group */
} QwExcelExport;

gboolean qw_excel_export_from_code (const char         *code,
                                    QwExcelExport      *out);
gboolean qw_excel_export_write     (QwDocumentContext  *context,
                                    QwExcelExport       kind,
                                    const char         *path,
                                    char              **message,
                                    GError            **error);
void     qw_excel_export_choose    (GtkWindow          *parent,
                                    QwDocumentContext  *context,
                                    QwExcelExport       kind);

gboolean qw_trf_export_write       (QwDocumentContext  *context,
                                    const char         *group,
                                    const char         *path,
                                    char              **message,
                                    GError            **error);
void     qw_trf_export_choose      (GtkWindow          *parent,
                                    QwDocumentContext  *context,
                                    const char         *group);
gboolean qw_trf_import_read        (QwDocumentContext  *context,
                                    const char         *path,
                                    const char         *group,
                                    char              **message,
                                    GPtrArray         **warnings,
                                    GError            **error);
void     qw_trf_import_choose      (GtkWindow          *parent,
                                    QwDocumentContext  *context);

G_END_DECLS
