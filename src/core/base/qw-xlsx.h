/* qw-xlsx.h: reading Excel and WPS workbooks (.xlsx) as CSV tables
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "qw-csv.h"
#include "qw-file.h"

G_BEGIN_DECLS

/* The limits (the file's, and its parts' once inflated) are in qw-file.h
 * with the others. */

GStrv  qw_xlsx_sheet_names (const char  *path,
                            GError     **error);
QwCsv *qw_xlsx_read_file   (const char  *path,
                            int          sheet_index,
                            const char  *sheet_name,
                            GError     **error);

G_END_DECLS
