/* qw-spreadsheet.h: a list as the desk keeps it, whatever its file
 *
 * Associations keep their lists in Excel (.xlsx, and the old .xls) or save
 * them as CSV. One call reads any of them into the CSV reader's table, so
 * that every import (entries, stops) reads workbooks too.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "qw-csv.h"

G_BEGIN_DECLS

typedef enum
{
  QW_SPREADSHEET_CSV = 0,   /* CSV or tab-separated text, in any of the CSV reader's encodings */
  QW_SPREADSHEET_XLSX,      /* Excel 2007 and later, WPS: a zip of XML parts */
  QW_SPREADSHEET_XLS,       /* Excel 97-2003 (BIFF8 in an OLE2 compound file) */
} QwSpreadsheetKind;

QwSpreadsheetKind  qw_spreadsheet_kind_of     (const char  *path);
const char        *qw_spreadsheet_kind_to_code (QwSpreadsheetKind kind);   /* "csv", "xlsx", "xls" */
GStrv              qw_spreadsheet_sheet_names (const char  *path,
                                               GError     **error);
QwCsv             *qw_spreadsheet_read_file   (const char  *path,
                                               int          sheet,
                                               GError     **error);

G_END_DECLS
