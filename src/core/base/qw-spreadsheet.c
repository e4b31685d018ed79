/* qw-spreadsheet.c: a list as the desk keeps it, whatever its file
 *
 * The kind is told by the file's first bytes, not its name: a workbook
 * saved as "名单.csv", or a CSV renamed .xls (both happen), is still read
 * for what it is. A zip is taken for .xlsx, an OLE2 compound file for .xls,
 * anything else for text.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-spreadsheet"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>

#include "qw-error.h"
#include "qw-spreadsheet.h"
#include "qw-xls.h"
#include "qw-xlsx.h"

static const unsigned char zip_magic[] = { 'P', 'K', 3, 4 };
static const unsigned char ole_magic[] = { 0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1 };

/**
 * qw_spreadsheet_kind_of:
 *
 * Returns: what @path holds, from its first bytes; %QW_SPREADSHEET_CSV when
 *   it cannot be read or is not a regular file (the CSV reader then says why)
 */
QwSpreadsheetKind
qw_spreadsheet_kind_of (const char *path)
{
  unsigned char head[8] = { 0 };
  gsize n = 0;
  GStatBuf st;
  FILE *f = NULL;

  /* Only a regular file is sniffed: opening a FIFO would wait for a writer
   * forever. Anything else goes to the CSV reader, which refuses it. */
  if (g_stat (path, &st) == 0 && S_ISREG (st.st_mode))
    f = g_fopen (path, "rb");
  if (f != NULL)
    {
      n = fread (head, 1, sizeof head, f);
      fclose (f);
    }
  if (n >= sizeof zip_magic && memcmp (head, zip_magic, sizeof zip_magic) == 0)
    return QW_SPREADSHEET_XLSX;
  if (n >= sizeof ole_magic && memcmp (head, ole_magic, sizeof ole_magic) == 0)
    return QW_SPREADSHEET_XLS;
  return QW_SPREADSHEET_CSV;
}

const char *
qw_spreadsheet_kind_to_code (QwSpreadsheetKind kind)
{
  switch (kind)
    {
    case QW_SPREADSHEET_XLSX:
      return "xlsx";
    case QW_SPREADSHEET_XLS:
      return "xls";
    case QW_SPREADSHEET_CSV:
    default:
      return "csv";
    }
}

/**
 * qw_spreadsheet_sheet_names:
 *
 * Returns: the sheets of a workbook, in order; for a CSV file, one sheet
 *   named after the file
 */
GStrv
qw_spreadsheet_sheet_names (const char  *path,
                            GError     **error)
{
  g_autofree char *basename = NULL;

  switch (qw_spreadsheet_kind_of (path))
    {
    case QW_SPREADSHEET_XLSX:
      return qw_xlsx_sheet_names (path, error);
    case QW_SPREADSHEET_XLS:
      return qw_xls_sheet_names (path, error);
    case QW_SPREADSHEET_CSV:
    default:
      basename = g_path_get_basename (path);
      return g_strdupv ((char *[]) { basename, NULL });
    }
}

/**
 * qw_spreadsheet_read_file:
 * @sheet: the sheet of a workbook, from 1; 0 for the first visible sheet.
 *   A CSV file is one sheet: any other number than 0 or 1 is an error.
 *
 * Returns: the file as the CSV reader's table: for a workbook `encoding` is
 *   "xlsx" or "xls", `lines` holds the sheet's row numbers and `raw` the
 *   numbers as stored; or %NULL with an error naming the file
 */
QwCsv *
qw_spreadsheet_read_file (const char  *path,
                          int          sheet,
                          GError     **error)
{
  g_autofree char *display_name = NULL;

  g_return_val_if_fail (path != NULL, NULL);

  switch (qw_spreadsheet_kind_of (path))
    {
    case QW_SPREADSHEET_XLSX:
      return qw_xlsx_read_file (path, MAX (sheet, 0), NULL, error);
    case QW_SPREADSHEET_XLS:
      return qw_xls_read_file (path, MAX (sheet, 0), NULL, error);
    case QW_SPREADSHEET_CSV:
    default:
      if (sheet > 1)
        {
          display_name = g_filename_display_name (path);
          g_set_error (error, QW_ERROR, QW_ERROR_NOT_FOUND,
                       _("%s is a CSV file, which has one sheet; there is no sheet %d"), display_name, sheet);
          return NULL;
        }
      return qw_csv_read_file (path, error);
    }
}
