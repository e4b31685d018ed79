/* qw-csv.h: reading the spreadsheets that associations already keep
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Files larger than this are not a registration list. */
#define QW_CSV_MAX_BYTES (64 * 1024 * 1024)

typedef struct
{
  GPtrArray *rows;        /* GStrv per record, the header first */
  GArray    *lines;       /* int: the file line on which each record starts;
                           * for a workbook, the sheet's row number */
  char      *encoding;    /* "UTF-8", "UTF-8 (BOM)", "GB18030", "UTF-16LE";
                           * "xlsx" or "xls" for a workbook */
  char       separator;   /* ',' or '\t' */
  /* Workbooks only (NULL for a CSV file): a GStrv per record, parallel to
   * rows, holding each numeric cell's value as the file stores it
   * ("4.41381199001011E+17") and "" for every other cell. It tells an ID
   * number that Excel made a number (registration/qw-excel-id.h). */
  GPtrArray *raw;
} QwCsv;

QwCsv *qw_csv_parse_data  (const char  *data,
                           gsize        length,
                           GError     **error);
QwCsv *qw_csv_read_file   (const char  *path,
                           GError     **error);
void   qw_csv_free        (QwCsv       *csv);
void   qw_csv_append_field (GString    *out,
                            const char *field,
                            char        separator);
void   qw_csv_append_id_field (GString    *out,
                               const char *field,
                               char        separator);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (QwCsv, qw_csv_free)

G_END_DECLS
