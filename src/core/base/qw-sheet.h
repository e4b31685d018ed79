/* qw-sheet.h: what a spreadsheet cell shows, and a sheet turned into the
 * table the CSV reader makes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "qw-csv.h"
#include "qw-date.h"

G_BEGIN_DECLS

/* Excel's limits (ECMA-376 and the .xls format both fit inside them). */
#define QW_SHEET_MAX_ROWS    1048576
#define QW_SHEET_MAX_COLUMNS 16384

/* How a number format shows a number. */
typedef enum
{
  QW_SHEET_FORMAT_GENERAL = 0,  /* General, and everything not listed below */
  QW_SHEET_FORMAT_FIXED,        /* "0", "0.00": a fixed count of decimals */
  QW_SHEET_FORMAT_DATE,         /* a calendar date (y, m or d in the format) */
  QW_SHEET_FORMAT_DATETIME,     /* a date with a time of day */
  QW_SHEET_FORMAT_TIME,         /* a time of day, or elapsed time ([h]:mm:ss) */
} QwSheetFormatKind;

typedef struct
{
  QwSheetFormatKind kind;
  int               decimals;   /* FIXED: digits after the point */
  gboolean          seconds;    /* TIME, DATETIME: the format shows seconds */
  gboolean          elapsed;    /* TIME: [h] shows hours past 24 */
} QwSheetFormat;

void      qw_sheet_format_classify (int            numfmt_id,
                                    const char    *code,
                                    QwSheetFormat *out);
char     *qw_sheet_format_general  (double         value);
char     *qw_sheet_format_fixed    (double         value,
                                    int            decimals);
gboolean  qw_sheet_serial_to_date  (double         serial,
                                    gboolean       date1904,
                                    QwDate        *date,
                                    int           *seconds);
char     *qw_sheet_format_number   (double               value,
                                    const QwSheetFormat *format,
                                    gboolean             date1904);

/* A sheet being read: cells by row (from 1) and column (from 0), then merges;
 * qw_sheet_to_table() turns it into a QwCsv. */
typedef struct _QwSheet QwSheet;

QwSheet  *qw_sheet_new             (void);
void      qw_sheet_free            (QwSheet    *sheet);
gboolean  qw_sheet_set             (QwSheet    *sheet,
                                    int         row,
                                    int         column,
                                    const char *text,
                                    const char *raw);
void      qw_sheet_merge           (QwSheet    *sheet,
                                    int         first_row,
                                    int         first_column,
                                    int         last_row,
                                    int         last_column);
QwCsv    *qw_sheet_to_table        (QwSheet    *sheet,
                                    const char *encoding,
                                    GError    **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (QwSheet, qw_sheet_free)

G_END_DECLS
