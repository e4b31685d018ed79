/* qw-xlsx-writer.h: writing lists as Excel workbooks (.xlsx)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "qw-output.h"

G_BEGIN_DECLS

typedef enum
{
  QW_XLSX_COLUMN_TEXT = 0,  /* always text: names, ID numbers, phone numbers, codes */
  QW_XLSX_COLUMN_NUMBER,    /* a number when the cell is one Excel keeps exactly, else text */
  QW_XLSX_COLUMN_DATE,      /* a date cell (yyyy-mm-dd) when the cell is a YYYY-MM-DD date, else text */
} QwXlsxColumn;

typedef struct _QwXlsxWriter QwXlsxWriter;

QwXlsxWriter *qw_xlsx_writer_new           (const char          *path);
QwXlsxWriter *qw_xlsx_writer_new_full      (const char          *path,
                                           QwOutputFlags        flags);
const char   *qw_xlsx_writer_add_sheet     (QwXlsxWriter        *writer,
                                            const char          *name,
                                            const char * const  *header,
                                            const QwXlsxColumn  *columns,
                                            GError             **error);
gboolean      qw_xlsx_writer_add_row       (QwXlsxWriter        *writer,
                                            const char * const  *cells,
                                            GError             **error);
gboolean      qw_xlsx_writer_add_note      (QwXlsxWriter        *writer,
                                            const char          *note,
                                            GError             **error);
void          qw_xlsx_writer_set_page_title (QwXlsxWriter       *writer,
                                             const char         *title);
gboolean      qw_xlsx_writer_close         (QwXlsxWriter        *writer,
                                            GError             **error);
void          qw_xlsx_writer_free          (QwXlsxWriter        *writer);

gboolean      qw_xlsx_text_is_formula_like (const char          *text);
int           qw_xlsx_text_width           (const char          *text);
char         *qw_xlsx_sheet_name           (const char          *wanted,
                                            const char * const  *taken);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (QwXlsxWriter, qw_xlsx_writer_free)

G_END_DECLS
