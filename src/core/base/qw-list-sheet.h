/* qw-list-sheet.h: a list to hand out, as a workbook (.xlsx) or CSV
 *
 * The exports that people open in Excel (entries, standings, stops, quota,
 * nominees) are built as sheets of text cells, then written either way: a
 * workbook with one sheet each (frozen header, widths for Chinese, ID
 * columns as text, formula-like cells neutralised: qw-xlsx-writer.h), or a
 * CSV file of one sheet that Excel opens right (UTF-8 with a BOM, ID numbers
 * kept as text, formula-like cells neutralised: qw-csv.h). Either file is
 * written whole or not at all.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "qw-output.h"

G_BEGIN_DECLS

typedef enum
{
  QW_LIST_TEXT = 0,   /* names, units, codes, messages */
  QW_LIST_NUMBER,     /* places, points, ratings: a number where Excel holds it exactly */
  QW_LIST_ID,         /* ID numbers, phone numbers: text Excel must never make a number */
  QW_LIST_DATE,       /* YYYY-MM-DD: a date cell in a workbook, the text in CSV */
} QwListColumn;

typedef struct
{
  char      *title;     /* the sheet's name in a workbook */
  GStrv      header;
  GArray    *columns;   /* QwListColumn, one per header cell */
  GPtrArray *rows;      /* GStrv, as long as the header at most */
  char      *page_title;  /* at the top of every printed page of a workbook's sheet; may be NULL */
  char      *note;        /* a line under the rows of a workbook's sheet; may be NULL */
} QwListSheet;

QwListSheet *qw_list_sheet_new         (const char          *title,
                                        const char * const  *header,
                                        const QwListColumn  *columns);
void         qw_list_sheet_free        (QwListSheet         *sheet);
void         qw_list_sheet_add_row     (QwListSheet         *sheet,
                                        const char * const  *cells);
void         qw_list_sheet_set_page_title (QwListSheet     *sheet,
                                           const char      *title);
void         qw_list_sheet_set_note     (QwListSheet      *sheet,
                                         const char       *note);
void         qw_list_sheet_remove_column (QwListSheet      *sheet,
                                          guint             column);
char        *qw_list_sheet_to_csv      (const QwListSheet   *sheet);

gboolean     qw_list_path_is_workbook  (const char          *path);
gboolean     qw_list_sheets_write_xlsx (GPtrArray           *sheets,
                                        const char          *path,
                                        QwOutputFlags        flags,
                                        GError             **error);
gboolean     qw_list_sheets_write      (GPtrArray           *sheets,
                                        const char          *path,
                                        QwOutputFlags        flags,
                                        GError             **error);
gboolean     qw_list_write_text        (const char          *path,
                                        const char          *text,
                                        QwOutputFlags        flags,
                                        GError             **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (QwListSheet, qw_list_sheet_free)

G_END_DECLS
