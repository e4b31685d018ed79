/* qw-xls.c: reading old Excel workbooks (.xls, BIFF8) as CSV tables
 *
 * Many desks still save as "Excel 97-2003". FreeXL reads the BIFF records,
 * decodes the text to UTF-8 and already tells dates from numbers by their
 * cell format (handing them over as "YYYY-MM-DD" text, in either date
 * system); the rest goes through the same table builder as .xlsx
 * (qw-sheet.c), so both read alike. FreeXL does not report merged cells,
 * so merges are not repeated for .xls; title rows are still dropped.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-xls"

#include "config.h"

#include <freexl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "qw-error.h"
#include "qw-file.h"
#include "qw-sheet.h"
#include "qw-xls.h"

typedef struct
{
  const void *handle;
  char       *display_name;
  guint       n_sheets;
} Book;

static void
book_close (Book *book)
{
  if (book->handle != NULL)
    freexl_close (book->handle);
  g_free (book->display_name);
}

static gboolean
book_open (Book       *book,
           const char *path,
           GError    **error)
{
  unsigned int info = 0;
  int rc;

  book->handle = NULL;
  book->n_sheets = 0;
  book->display_name = g_filename_display_name (path);
  /* FreeXL opens the file itself: first, a regular file within the limit
   * (qw-file.h), never a FIFO or a device it would wait on or read forever. */
  if (!qw_file_check (path, QW_FILE_WORKBOOK, error))
    return FALSE;
  rc = freexl_open (path, &book->handle);
  if (rc != FREEXL_OK)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_CORRUPT,
                   _("%s is not an .xls workbook, or it is damaged (FreeXL error %d)"),
                   book->display_name, rc);
      return FALSE;
    }
  if (freexl_get_info (book->handle, FREEXL_BIFF_PASSWORD, &info) == FREEXL_OK
      && info == FREEXL_BIFF_OBFUSCATED)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                   _("%s is protected by a password; remove the password in Excel first"),
                   book->display_name);
      return FALSE;
    }
  if (freexl_get_info (book->handle, FREEXL_BIFF_SHEET_COUNT, &info) != FREEXL_OK || info == 0)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("%s has no sheets"), book->display_name);
      return FALSE;
    }
  book->n_sheets = info;
  return TRUE;
}

static char *
sheet_name (Book  *book,
            guint  index)
{
  const char *name = NULL;

  if (freexl_get_worksheet_name (book->handle, (unsigned short) index, &name) != FREEXL_OK
      || name == NULL)
    return g_strdup ("");
  return g_strdup (name);
}

/**
 * qw_xls_sheet_names:
 *
 * Returns: (transfer full): the workbook's sheet names in their order
 */
GStrv
qw_xls_sheet_names (const char  *path,
                    GError     **error)
{
  g_autoptr(GStrvBuilder) names = g_strv_builder_new ();
  Book book;

  if (!book_open (&book, path, error))
    {
      book_close (&book);
      return NULL;
    }
  for (guint i = 0; i < book.n_sheets; i++)
    {
      g_autofree char *name = sheet_name (&book, i);

      g_strv_builder_add (names, name);
    }
  book_close (&book);
  return g_strv_builder_end (names);
}

static char *
cell_text (const FreeXL_CellValue *cell,
           char                  **raw)
{
  *raw = NULL;
  switch (cell->type)
    {
    case FREEXL_CELL_INT:
      *raw = g_strdup_printf ("%d", cell->value.int_value);
      return g_strdup (*raw);
    case FREEXL_CELL_DOUBLE:
      {
        char buf[G_ASCII_DTOSTR_BUF_SIZE];

        *raw = g_strdup (g_ascii_dtostr (buf, sizeof buf, cell->value.double_value));
        return qw_sheet_format_general (cell->value.double_value);
      }
    case FREEXL_CELL_TEXT:
    case FREEXL_CELL_SST_TEXT:
    case FREEXL_CELL_DATE:
    case FREEXL_CELL_DATETIME:
    case FREEXL_CELL_TIME:
      return g_strdup (cell->value.text_value != NULL ? cell->value.text_value : "");
    case FREEXL_CELL_NULL:
    default:
      return NULL;
    }
}

/**
 * qw_xls_read_file:
 * @sheet_index: the sheet to read, counted from 1; 0 for the one named
 *   @sheet_name, or without a name the first sheet
 * @sheet_name: (nullable): the sheet's name, when @sheet_index is 0
 *
 * Returns: the sheet as the CSV reader's table (see qw_sheet_to_table()),
 *   with `encoding` "xls", or %NULL with an error naming the file
 */
QwCsv *
qw_xls_read_file (const char  *path,
                  int          sheet_index,
                  const char  *sheet_name_wanted,
                  GError     **error)
{
  g_autoptr(QwSheet) sheet = qw_sheet_new ();
  g_autoptr(GError) local_error = NULL;
  unsigned int rows = 0;
  unsigned short columns = 0;
  int chosen = -1;
  QwCsv *csv;
  Book book;

  if (!book_open (&book, path, error))
    {
      book_close (&book);
      return NULL;
    }
  if (sheet_index > 0)
    chosen = sheet_index <= (int) book.n_sheets ? sheet_index - 1 : -1;
  else if (sheet_name_wanted != NULL)
    {
      for (guint i = 0; i < book.n_sheets && chosen < 0; i++)
        {
          g_autofree char *name = sheet_name (&book, i);

          if (g_str_equal (name, sheet_name_wanted))
            chosen = (int) i;
        }
    }
  else
    chosen = 0;
  if (chosen < 0)
    {
      if (sheet_index > 0)
        g_set_error (error, QW_ERROR, QW_ERROR_NOT_FOUND,
                     _("%s has %u sheets; there is no sheet %d"),
                     book.display_name, book.n_sheets, sheet_index);
      else
        g_set_error (error, QW_ERROR, QW_ERROR_NOT_FOUND, _("%s has no sheet named “%s”"),
                     book.display_name, sheet_name_wanted);
      book_close (&book);
      return NULL;
    }
  if (freexl_select_active_worksheet (book.handle, (unsigned short) chosen) != FREEXL_OK
      || freexl_worksheet_dimensions (book.handle, &rows, &columns) != FREEXL_OK)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_CORRUPT, _("%s is damaged: a sheet cannot be read"),
                   book.display_name);
      book_close (&book);
      return NULL;
    }
  rows = MIN (rows, (unsigned int) QW_SHEET_MAX_ROWS);
  for (unsigned int r = 0; r < rows; r++)
    for (unsigned short c = 0; c < columns; c++)
      {
        FreeXL_CellValue cell;
        g_autofree char *text = NULL;
        g_autofree char *raw = NULL;

        if (freexl_get_cell_value (book.handle, r, c, &cell) != FREEXL_OK)
          continue;
        text = cell_text (&cell, &raw);
        if (text != NULL)
          qw_sheet_set (sheet, (int) r + 1, c, text, raw);
      }
  csv = qw_sheet_to_table (sheet, "xls", &local_error);
  if (csv == NULL)
    g_set_error (error, QW_ERROR, local_error->code, "%s: %s", book.display_name,
                 local_error->message);
  book_close (&book);
  return csv;
}
