/* qw-csv.h: reading the spreadsheets that associations already keep
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "qw-file.h"

G_BEGIN_DECLS

/* The size limit, QW_CSV_MAX_BYTES, is in qw-file.h with the others. */

typedef struct
{
  GPtrArray *rows;        /* GStrv per record, the header first; read only (a CSV
                           * file's record is one block: its fields are not to be
                           * freed or replaced one by one) */
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
gboolean qw_csv_check_record (const QwCsv *csv,
                              guint        r,
                              GError     **error);
gboolean qw_csv_field_starts_formula (const char *field);
void   qw_csv_append_field (GString    *out,
                            const char *field,
                            char        separator);
void   qw_csv_append_id_field (GString    *out,
                               const char *field,
                               char        separator);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (QwCsv, qw_csv_free)

G_END_DECLS
