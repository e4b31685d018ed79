/* qw-list-sheet.c: a list to hand out, as a workbook (.xlsx) or CSV
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-list-sheet"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "qw-csv.h"
#include "qw-error.h"
#include "qw-list-sheet.h"
#include "qw-xlsx-writer.h"

/**
 * qw_list_sheet_new:
 * @header: (array zero-terminated=1): the column titles
 * @columns: (nullable) (array): the kind of each column; %NULL for all text
 */
QwListSheet *
qw_list_sheet_new (const char          *title,
                   const char * const  *header,
                   const QwListColumn  *columns)
{
  QwListSheet *sheet = g_new0 (QwListSheet, 1);
  guint n = g_strv_length ((char **) header);

  sheet->title = g_strdup (title != NULL ? title : "");
  sheet->header = g_strdupv ((char **) header);
  sheet->columns = g_array_sized_new (FALSE, TRUE, sizeof (QwListColumn), n);
  g_array_set_size (sheet->columns, n);
  for (guint c = 0; c < n && columns != NULL; c++)
    g_array_index (sheet->columns, QwListColumn, c) = columns[c];
  sheet->rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  return sheet;
}

void
qw_list_sheet_free (QwListSheet *sheet)
{
  if (sheet == NULL)
    return;
  g_free (sheet->title);
  g_strfreev (sheet->header);
  g_array_unref (sheet->columns);
  g_ptr_array_unref (sheet->rows);
  g_free (sheet->page_title);
  g_free (sheet->note);
  g_free (sheet);
}

/* @title: (nullable): printed at the top of the workbook sheet's pages */
void
qw_list_sheet_set_page_title (QwListSheet *sheet,
                              const char  *title)
{
  g_free (sheet->page_title);
  sheet->page_title = g_strdup (title);
}

/* @note: (nullable): a line under the rows in a workbook, after an empty
 * row (a remark on the whole list, not a cell of its columns) */
void
qw_list_sheet_set_note (QwListSheet *sheet,
                        const char  *note)
{
  g_free (sheet->note);
  sheet->note = g_strdup (note);
}

/* Takes @column out of the header and of every row (a form that has no
 * value for it leaves it out rather than print it empty). */
void
qw_list_sheet_remove_column (QwListSheet *sheet,
                             guint        column)
{
  guint n = sheet->columns->len;

  g_return_if_fail (column < n);
  g_free (sheet->header[column]);
  memmove (&sheet->header[column], &sheet->header[column + 1], sizeof (char *) * (n - column));
  for (guint r = 0; r < sheet->rows->len; r++)
    {
      char **row = g_ptr_array_index (sheet->rows, r);

      g_free (row[column]);
      memmove (&row[column], &row[column + 1], sizeof (char *) * (n - column));
    }
  g_array_remove_index (sheet->columns, column);
}

/* @cells: (array): one cell per column of the header, copied; a NULL cell is empty */
void
qw_list_sheet_add_row (QwListSheet         *sheet,
                       const char * const  *cells)
{
  guint n = sheet->columns->len;
  char **row = g_new0 (char *, n + 1);

  for (guint c = 0; c < n; c++)
    row[c] = g_strdup (cells[c] != NULL ? cells[c] : "");
  g_ptr_array_add (sheet->rows, row);
}

static void
append_csv_row (GString             *out,
                const QwListSheet   *sheet,
                const char * const  *cells,
                gboolean             header)
{
  for (guint c = 0; c < sheet->columns->len; c++)
    {
      if (c > 0)
        g_string_append_c (out, ',');
      if (!header && g_array_index (sheet->columns, QwListColumn, c) == QW_LIST_ID)
        qw_csv_append_id_field (out, cells[c], ',');
      else
        qw_csv_append_field (out, cells[c], ',');
    }
  g_string_append (out, "\r\n");
}

/**
 * qw_list_sheet_to_csv:
 *
 * Returns: the sheet as CSV for Excel: UTF-8 with a BOM, CRLF lines, ID
 *   columns kept as text (qw_csv_append_id_field()), formula-like cells
 *   neutralised (qw_csv_append_field())
 */
char *
qw_list_sheet_to_csv (const QwListSheet *sheet)
{
  GString *out = g_string_new ("\xEF\xBB\xBF");

  append_csv_row (out, sheet, (const char * const *) sheet->header, TRUE);
  for (guint r = 0; r < sheet->rows->len; r++)
    append_csv_row (out, sheet, g_ptr_array_index (sheet->rows, r), FALSE);
  return g_string_free (out, FALSE);
}

/* Whether an export to @path is a workbook (it ends in .xlsx), not CSV. */
gboolean
qw_list_path_is_workbook (const char *path)
{
  g_autofree char *basename = g_path_get_basename (path);
  g_autofree char *name = g_filename_display_name (basename);
  g_autofree char *lower = g_utf8_strdown (name, -1);

  return g_str_has_suffix (lower, ".xlsx");
}

/**
 * qw_list_sheets_write_xlsx:
 * @sheets: (element-type QwListSheet): one sheet each, in order
 * @flags: %QW_OUTPUT_PRIVATE when the sheets hold full ID numbers or dates
 *   of birth
 */
gboolean
qw_list_sheets_write_xlsx (GPtrArray      *sheets,
                           const char     *path,
                           QwOutputFlags   flags,
                           GError        **error)
{
  g_autoptr(QwXlsxWriter) writer = qw_xlsx_writer_new_full (path, flags);

  for (guint i = 0; i < sheets->len; i++)
    {
      const QwListSheet *sheet = g_ptr_array_index (sheets, i);
      g_autofree QwXlsxColumn *kinds = g_new0 (QwXlsxColumn, MAX (sheet->columns->len, 1));

      for (guint c = 0; c < sheet->columns->len; c++)
        switch (g_array_index (sheet->columns, QwListColumn, c))
          {
          case QW_LIST_NUMBER:
            kinds[c] = QW_XLSX_COLUMN_NUMBER;
            break;
          case QW_LIST_DATE:
            kinds[c] = QW_XLSX_COLUMN_DATE;
            break;
          case QW_LIST_TEXT:
          case QW_LIST_ID:
          default:
            kinds[c] = QW_XLSX_COLUMN_TEXT;
            break;
          }
      if (qw_xlsx_writer_add_sheet (writer, sheet->title, (const char * const *) sheet->header, kinds,
                                    error) == NULL)
        return FALSE;
      qw_xlsx_writer_set_page_title (writer, sheet->page_title);
      for (guint r = 0; r < sheet->rows->len; r++)
        if (!qw_xlsx_writer_add_row (writer, g_ptr_array_index (sheet->rows, r), error))
          return FALSE;
      if (sheet->note != NULL && !qw_xlsx_writer_add_note (writer, sheet->note, error))
        return FALSE;
    }
  return qw_xlsx_writer_close (writer, error);
}

/* Writes @text to @path whole or not at all (base/qw-output.h). */
gboolean
qw_list_write_text (const char     *path,
                    const char     *text,
                    QwOutputFlags   flags,
                    GError        **error)
{
  return qw_output_replace_contents (path, text, -1, flags, error);
}

/**
 * qw_list_sheets_write:
 * @sheets: (element-type QwListSheet)
 *
 * Writes a workbook when @path ends in .xlsx, else a CSV file, which holds
 * one list: the first sheet (the callers that have more say so).
 */
gboolean
qw_list_sheets_write (GPtrArray      *sheets,
                      const char     *path,
                      QwOutputFlags   flags,
                      GError        **error)
{
  g_autofree char *text = NULL;

  if (qw_list_path_is_workbook (path))
    return qw_list_sheets_write_xlsx (sheets, path, flags, error);
  g_return_val_if_fail (sheets->len > 0, FALSE);
  text = qw_list_sheet_to_csv (g_ptr_array_index (sheets, 0));
  return qw_list_write_text (path, text, flags, error);
}
