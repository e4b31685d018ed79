/* qw-xls.h: reading old Excel workbooks (.xls, BIFF8) as CSV tables
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "qw-csv.h"

G_BEGIN_DECLS

GStrv  qw_xls_sheet_names (const char  *path,
                           GError     **error);
QwCsv *qw_xls_read_file   (const char  *path,
                           int          sheet_index,
                           const char  *sheet_name,
                           GError     **error);

G_END_DECLS
