/* qw-xlsx.h: reading Excel and WPS workbooks (.xlsx) as CSV tables
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "qw-csv.h"

G_BEGIN_DECLS

/* Limits against damaged files and zip bombs: a workbook's parts are
 * inflated only up to these sizes, whatever the zip says about them. */
#define QW_XLSX_MAX_PART_BYTES  (32 * 1024 * 1024)
#define QW_XLSX_MAX_TOTAL_BYTES (96 * 1024 * 1024)

GStrv  qw_xlsx_sheet_names (const char  *path,
                            GError     **error);
QwCsv *qw_xlsx_read_file   (const char  *path,
                            int          sheet_index,
                            const char  *sheet_name,
                            GError     **error);

G_END_DECLS
