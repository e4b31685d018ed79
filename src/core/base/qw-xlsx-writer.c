/* qw-xlsx-writer.c: writing lists as Excel workbooks (.xlsx)
 *
 * What goes wrong when an association opens an export in Excel, and what
 * this writer does about it:
 *   - an ID number written as a number loses its last three digits (Excel
 *     keeps 15 significant digits) and shows as 4.41381E+17: text columns
 *     are always strings, and a "number" column writes a number only when
 *     Excel can hold it exactly (at most 15 digits, no leading zero);
 *   - a cell starting with = + - @ (or a tab or carriage return) becomes a
 *     formula as soon as someone edits it, which is how spreadsheet formula
 *     injection works: such text is stored as a string in a cell formatted
 *     as Text ("@"), which Excel shows and keeps as text even when edited;
 *     every text column carries the Text format, so numbers typed into it
 *     later stay text too;
 *   - the header scrolls away and Chinese text is cut off: the header row is
 *     frozen and bold, and each column is as wide as its longest cell,
 *     counting a CJK character as two (Excel's width unit is one digit);
 *   - a date written as text ('2005-01-04', format @) does not sort, filter
 *     or compute as a date: a date column writes real date cells with the
 *     number format yyyy-mm-dd (text only where the cell is no date);
 *   - printed, a wide list is split across pages with the header on the
 *     first only and nothing saying what it is: every sheet prints on A4,
 *     landscape when its columns are wider than a portrait page, fitted to
 *     the page's width, its header row repeated on every page, the page
 *     title (the event's name) in the page header and "第 N 页，共 M 页" in
 *     the footer;
 *   - a write that fails part way must not leave half a workbook where a
 *     good file was: the workbook is written to a temporary file next to
 *     its path and renamed into place once complete (base/qw-output.h,
 *     which also creates a workbook with full ID numbers 0600).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-xlsx-writer"

#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <unistd.h>
#include <string.h>
#include <xlsxwriter.h>

#include "qw-error.h"
#include "qw-sheet.h"
#include "qw-xlsx-writer.h"

#define MIN_WIDTH 6
#define MAX_WIDTH 60
/* The columns (in Excel's width unit) an A4 portrait page holds at 100 %
 * with the default margins; wider sheets print landscape. */
#define PORTRAIT_WIDTH 90
#define PAPER_A4 9

typedef struct
{
  lxw_worksheet *worksheet;
  GArray        *columns;  /* QwXlsxColumn */
  GArray        *widths;   /* int */
  guint          next_row;
  char          *page_title;
} Sheet;

struct _QwXlsxWriter
{
  lxw_workbook *workbook;
  char         *path;
  QwOutput     *output;    /* the workbook is written to its temporary file, then put in place */
  GError       *error;     /* why there is no workbook */
  lxw_format   *header_format;
  lxw_format   *text_format;
  lxw_format   *date_format;
  lxw_format   *number_format;
  GPtrArray    *sheets;    /* Sheet */
  GPtrArray    *names;     /* char *, the sheet names as written */
};

static void
sheet_free (gpointer data)
{
  Sheet *sheet = data;

  g_array_unref (sheet->columns);
  g_array_unref (sheet->widths);
  g_free (sheet->page_title);
  g_free (sheet);
}

/**
 * qw_xlsx_writer_new_full:
 * @flags: %QW_OUTPUT_PRIVATE for a workbook with full ID numbers or dates
 *   of birth
 *
 * Starts a workbook; nothing is written to @path before
 * qw_xlsx_writer_close() (the workbook takes shape in a temporary file next
 * to it). Free the writer with qw_xlsx_writer_free() afterwards (freeing it
 * without closing writes nothing).
 */
QwXlsxWriter *
qw_xlsx_writer_new_full (const char    *path,
                         QwOutputFlags  flags)
{
  QwXlsxWriter *writer = g_new0 (QwXlsxWriter, 1);

  writer->path = g_strdup (path);
  writer->sheets = g_ptr_array_new_with_free_func (sheet_free);
  writer->names = g_ptr_array_new_with_free_func (g_free);
  writer->output = qw_output_new (path, flags, &writer->error);
  if (writer->output == NULL)
    return writer;
  writer->workbook = workbook_new (qw_output_get_temp_path (writer->output));
  if (writer->workbook != NULL)
    {
      writer->header_format = workbook_add_format (writer->workbook);
      format_set_bold (writer->header_format);
      format_set_num_format (writer->header_format, "@");
      writer->text_format = workbook_add_format (writer->workbook);
      format_set_num_format (writer->text_format, "@");
      writer->date_format = workbook_add_format (writer->workbook);
      format_set_num_format (writer->date_format, "yyyy-mm-dd");
      /* Centred: a number set flush right runs into the name flush left
       * of the next column once printed without grid lines ("50钟杰"). */
      writer->number_format = workbook_add_format (writer->workbook);
      format_set_align (writer->number_format, LXW_ALIGN_CENTER);
    }
  return writer;
}

/* A workbook for anyone to read. */
QwXlsxWriter *
qw_xlsx_writer_new (const char *path)
{
  return qw_xlsx_writer_new_full (path, QW_OUTPUT_PUBLIC);
}

void
qw_xlsx_writer_free (QwXlsxWriter *writer)
{
  if (writer == NULL)
    return;
  if (writer->workbook != NULL)
    lxw_workbook_free (writer->workbook);
  qw_output_free (writer->output);
  g_clear_error (&writer->error);
  g_ptr_array_unref (writer->sheets);
  g_ptr_array_unref (writer->names);
  g_free (writer->path);
  g_free (writer);
}

/**
 * qw_xlsx_text_is_formula_like:
 *
 * Returns: whether a spreadsheet would take @text for a formula (or a DDE
 *   command) when it is typed or edited: it starts with = + - @, a tab or a
 *   carriage return
 */
gboolean
qw_xlsx_text_is_formula_like (const char *text)
{
  return text != NULL && text[0] != '\0' && strchr ("=+-@\t\r", text[0]) != NULL;
}

/**
 * qw_xlsx_text_width:
 *
 * Returns: the width @text needs in Excel's unit (one digit of the default
 *   font): a wide character (CJK, fullwidth forms) counts two, others one;
 *   for text on several lines, the longest line
 */
int
qw_xlsx_text_width (const char *text)
{
  int width = 0, line = 0;

  if (text == NULL || !g_utf8_validate (text, -1, NULL))
    return 0;
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c == '\n')
        {
          width = MAX (width, line);
          line = 0;
          continue;
        }
      line += g_unichar_iswide (c) || g_unichar_iswide_cjk (c) ? 2 : 1;
    }
  return MAX (width, line);
}

/**
 * qw_xlsx_sheet_name:
 * @taken: (nullable): names already in the workbook
 *
 * Returns: @wanted made into a name Excel accepts: none of []:*?/\, no
 *   apostrophe at either end, at most 31 characters, not empty, and
 *   different (ignoring case, as Excel does) from every name in @taken,
 *   with " (2)", " (3)"… added when needed
 */
char *
qw_xlsx_sheet_name (const char         *wanted,
                    const char * const *taken)
{
  g_autoptr(GString) base = g_string_new (NULL);
  char *name = NULL;

  for (const char *p = wanted != NULL && g_utf8_validate (wanted, -1, NULL) ? wanted : "";
       *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      /* strchr () looks at a char, the low byte of a code point: 累 (U+7D2F)
       * would read as "/", 赛 (U+8D5B) as "[". */
      if (c < 0x20 || (c < 0x80 && strchr ("[]:*?/\\", (int) c) != NULL))
        c = '_';
      g_string_append_unichar (base, c);
    }
  while (base->len > 0 && base->str[0] == '\'')
    g_string_erase (base, 0, 1);
  while (base->len > 0 && base->str[base->len - 1] == '\'')
    g_string_truncate (base, base->len - 1);
  if (base->len == 0)
    g_string_assign (base, "Sheet");

  for (int n = 1; name == NULL; n++)
    {
      g_autofree char *suffix = n == 1 ? g_strdup ("") : g_strdup_printf (" (%d)", n);
      glong keep = LXW_SHEETNAME_MAX - g_utf8_strlen (suffix, -1);
      g_autofree char *cut = g_utf8_substring (base->str, 0, MIN (keep, g_utf8_strlen (base->str, -1)));
      g_autofree char *candidate = g_strconcat (cut, suffix, NULL);
      g_autofree char *folded = g_utf8_casefold (candidate, -1);
      gboolean clash = FALSE;

      for (guint i = 0; taken != NULL && taken[i] != NULL && !clash; i++)
        {
          g_autofree char *other = g_utf8_casefold (taken[i], -1);

          clash = g_str_equal (folded, other);
        }
      if (!clash)
        name = g_steal_pointer (&candidate);
    }
  return name;
}

static gboolean
check (lxw_error   rc,
       const char *path,
       GError    **error)
{
  g_autofree char *display = NULL;

  if (rc == LXW_NO_ERROR)
    return TRUE;
  display = g_filename_display_name (path);
  g_set_error (error, QW_ERROR, QW_ERROR_IO, _("%s cannot be written: %s"), display,
               lxw_strerror (rc));
  return FALSE;
}

static gboolean
write_text (QwXlsxWriter *writer,
            Sheet        *sheet,
            guint         column,
            const char   *text,
            lxw_format   *format,
            GError      **error)
{
  int *width = &g_array_index (sheet->widths, int, column);

  *width = MAX (*width, qw_xlsx_text_width (text));
  if (text == NULL || text[0] == '\0')
    return TRUE;
  return check (worksheet_write_string (sheet->worksheet, sheet->next_row, (lxw_col_t) column,
                                        text, format),
                writer->path, error);
}

/**
 * qw_xlsx_writer_add_sheet:
 * @name: the sheet's name; it is made valid with qw_xlsx_sheet_name()
 * @header: (array zero-terminated=1): the column titles
 * @columns: (nullable) (array): the kind of each column; %NULL for all text
 *
 * Adds a sheet with a frozen header row; the following rows go to it.
 *
 * Returns: (transfer none): the name the sheet was given, or %NULL
 */
const char *
qw_xlsx_writer_add_sheet (QwXlsxWriter        *writer,
                          const char          *name,
                          const char * const  *header,
                          const QwXlsxColumn  *columns,
                          GError             **error)
{
  Sheet *sheet;
  char *valid;
  guint n = g_strv_length ((char **) header);

  if (writer->workbook == NULL)
    {
      /* Why there is no workbook (the output refused), said once. */
      if (writer->error != NULL)
        g_propagate_error (error, g_steal_pointer (&writer->error));
      else
        check (LXW_ERROR_CREATING_XLSX_FILE, writer->path, error);
      return NULL;
    }
  g_ptr_array_add (writer->names, NULL);
  valid = qw_xlsx_sheet_name (name, (const char * const *) writer->names->pdata);
  g_ptr_array_remove_index (writer->names, writer->names->len - 1);
  sheet = g_new0 (Sheet, 1);
  sheet->worksheet = workbook_add_worksheet (writer->workbook, valid);
  if (sheet->worksheet == NULL)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("Excel does not accept the sheet name “%s”"),
                   valid);
      g_free (valid);
      g_free (sheet);
      return NULL;
    }
  g_ptr_array_add (writer->names, valid);
  sheet->columns = g_array_sized_new (FALSE, TRUE, sizeof (QwXlsxColumn), n);
  sheet->widths = g_array_sized_new (FALSE, TRUE, sizeof (int), n);
  g_array_set_size (sheet->columns, n);
  g_array_set_size (sheet->widths, n);
  for (guint c = 0; c < n && columns != NULL; c++)
    g_array_index (sheet->columns, QwXlsxColumn, c) = columns[c];
  g_ptr_array_add (writer->sheets, sheet);
  worksheet_freeze_panes (sheet->worksheet, 1, 0);
  for (guint c = 0; c < n; c++)
    if (!write_text (writer, sheet, c, header[c], writer->header_format, error))
      return NULL;
  sheet->next_row = 1;
  return valid;
}

/* A decimal Excel holds exactly: no leading zero (an ID number or a phone
 * number would lose it), at most 15 significant digits. */
static gboolean
exact_number (const char *text,
              double     *value)
{
  const char *p = text;
  int digits = 0;
  gboolean significant = FALSE;

  if (*p == '-')
    p++;
  if (!g_ascii_isdigit (*p) || (p[0] == '0' && g_ascii_isdigit (p[1])))
    return FALSE;
  for (; g_ascii_isdigit (*p) || *p == '.'; p++)
    {
      if (*p == '.')
        {
          if (strchr (p + 1, '.') != NULL || !g_ascii_isdigit (p[1]))
            return FALSE;
          continue;
        }
      significant = significant || *p != '0';
      if (significant)
        digits++;
    }
  if (*p != '\0' || digits > 15)
    return FALSE;
  *value = g_ascii_strtod (text, NULL);
  return TRUE;
}

/* A calendar date YYYY-MM-DD that Excel holds as a date (from 1900-03-01:
 * Excel's serial numbers count a 29 February 1900 that never was). */
static gboolean
exact_date (const char   *text,
            lxw_datetime *value)
{
  unsigned year, month, day;
  char end;

  if (strlen (text) != 10 || text[4] != '-' || text[7] != '-'
      || sscanf (text, "%4u-%2u-%2u%c", &year, &month, &day, &end) != 3
      || !g_date_valid_dmy ((GDateDay) day, (GDateMonth) month, (GDateYear) year)
      || year < 1901 || year > 9999)
    return FALSE;
  *value = (lxw_datetime) { (int) year, (int) month, (int) day, 0, 0, 0.0 };
  return TRUE;
}

/**
 * qw_xlsx_writer_add_row:
 * @cells: (array zero-terminated=1): the row's cells; a row shorter than
 *   the header leaves the rest empty
 */
gboolean
qw_xlsx_writer_add_row (QwXlsxWriter        *writer,
                        const char * const  *cells,
                        GError             **error)
{
  Sheet *sheet;
  guint n;

  g_return_val_if_fail (writer->sheets->len > 0, FALSE);
  sheet = g_ptr_array_index (writer->sheets, writer->sheets->len - 1);
  if (sheet->next_row >= QW_SHEET_MAX_ROWS)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_TOO_LARGE,
                   _("A sheet holds at most %d rows"), QW_SHEET_MAX_ROWS);
      return FALSE;
    }
  n = MIN (g_strv_length ((char **) cells), sheet->columns->len);
  for (guint c = 0; c < n; c++)
    {
      double value;
      lxw_datetime date;

      if (g_array_index (sheet->columns, QwXlsxColumn, c) == QW_XLSX_COLUMN_DATE
          && exact_date (cells[c], &date))
        {
          int *width = &g_array_index (sheet->widths, int, c);

          *width = MAX (*width, qw_xlsx_text_width (cells[c]));
          if (!check (worksheet_write_datetime (sheet->worksheet, sheet->next_row, (lxw_col_t) c,
                                                &date, writer->date_format),
                      writer->path, error))
            return FALSE;
        }
      else if (g_array_index (sheet->columns, QwXlsxColumn, c) == QW_XLSX_COLUMN_NUMBER
          && exact_number (cells[c], &value))
        {
          int *width = &g_array_index (sheet->widths, int, c);

          *width = MAX (*width, qw_xlsx_text_width (cells[c]));
          if (!check (worksheet_write_number (sheet->worksheet, sheet->next_row, (lxw_col_t) c,
                                              value, writer->number_format),
                      writer->path, error))
            return FALSE;
        }
      else if (!write_text (writer, sheet, c, cells[c], writer->text_format, error))
        return FALSE;
    }
  sheet->next_row++;
  return TRUE;
}

/**
 * qw_xlsx_writer_add_note:
 *
 * Writes @note in the first column after an empty row, as text that runs
 * over the empty cells to its right: it does not widen the column (a long
 * remark would otherwise make 名次 60 characters wide).
 */
gboolean
qw_xlsx_writer_add_note (QwXlsxWriter  *writer,
                         const char    *note,
                         GError       **error)
{
  Sheet *sheet;

  g_return_val_if_fail (writer->sheets->len > 0, FALSE);
  sheet = g_ptr_array_index (writer->sheets, writer->sheets->len - 1);
  if (sheet->next_row + 1 >= QW_SHEET_MAX_ROWS)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_TOO_LARGE,
                   _("A sheet holds at most %d rows"), QW_SHEET_MAX_ROWS);
      return FALSE;
    }
  sheet->next_row++;
  if (!check (worksheet_write_string (sheet->worksheet, sheet->next_row, 0, note, writer->text_format),
              writer->path, error))
    return FALSE;
  sheet->next_row++;
  return TRUE;
}

/**
 * qw_xlsx_writer_set_page_title:
 * @title: (nullable): what the printed pages of the sheet added last say at
 *   their top, usually the event's name
 */
void
qw_xlsx_writer_set_page_title (QwXlsxWriter *writer,
                               const char   *title)
{
  Sheet *sheet;

  g_return_if_fail (writer->sheets->len > 0);
  sheet = g_ptr_array_index (writer->sheets, writer->sheets->len - 1);
  g_free (sheet->page_title);
  sheet->page_title = title != NULL && g_utf8_validate (title, -1, NULL) ? g_strdup (title) : NULL;
}

/* "&C" and the title, with & doubled (a code letter follows a single one)
 * and cut to what a header holds (255 bytes with its codes). */
static char *
page_header (const char *title)
{
  GString *out = g_string_new ("&C");

  for (const char *p = title; *p != '\0'; p = g_utf8_next_char (p))
    {
      const char *next = g_utf8_next_char (p);

      if (out->len + (gsize) (next - p) + 2 > LXW_HEADER_FOOTER_MAX - 1)
        break;
      if (*p == '&')
        g_string_append_c (out, '&');
      g_string_append_len (out, p, next - p);
    }
  return g_string_free (out, FALSE);
}

/* How a sheet prints (see the top of the file). */
static void
set_print_layout (Sheet *sheet,
                  int    total_width)
{
  worksheet_set_paper (sheet->worksheet, PAPER_A4);
  if (total_width > PORTRAIT_WIDTH)
    worksheet_set_landscape (sheet->worksheet);
  worksheet_fit_to_pages (sheet->worksheet, 1, 0);
  worksheet_repeat_rows (sheet->worksheet, 0, 0);
  if (sheet->page_title != NULL && sheet->page_title[0] != '\0')
    {
      g_autofree char *header = page_header (sheet->page_title);

      worksheet_set_header (sheet->worksheet, header);
    }
  worksheet_set_footer (sheet->worksheet, "&C第 &P 页，共 &N 页");
}

/**
 * qw_xlsx_writer_close:
 *
 * Sets the column widths and writes the workbook to a temporary file, then
 * renames it to its path (an existing file is replaced whole). The writer
 * takes no more sheets afterwards; free it with qw_xlsx_writer_free().
 */
gboolean
qw_xlsx_writer_close (QwXlsxWriter  *writer,
                      GError       **error)
{
  lxw_workbook *workbook = g_steal_pointer (&writer->workbook);

  if (writer->error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&writer->error));
      return FALSE;
    }
  if (workbook == NULL)
    return check (LXW_ERROR_CREATING_XLSX_FILE, writer->path, error);
  if (writer->sheets->len == 0)
    workbook_add_worksheet (workbook, NULL);
  for (guint i = 0; i < writer->sheets->len; i++)
    {
      Sheet *sheet = g_ptr_array_index (writer->sheets, i);
      int total_width = 0;

      for (guint c = 0; c < sheet->widths->len; c++)
        {
          int width = CLAMP (g_array_index (sheet->widths, int, c) + 2, MIN_WIDTH, MAX_WIDTH);
          gboolean text = g_array_index (sheet->columns, QwXlsxColumn, c) == QW_XLSX_COLUMN_TEXT;

          total_width += width;
          worksheet_set_column (sheet->worksheet, (lxw_col_t) c, (lxw_col_t) c, width,
                                text ? writer->text_format : NULL);
        }
      set_print_layout (sheet, total_width);
    }
  /* workbook_close() frees the workbook whether it succeeds or not. */
  if (!check (workbook_close (workbook), writer->path, error))
    return FALSE;
  return qw_output_commit (writer->output, error);
}
