/* qw-sheet.c: what a spreadsheet cell shows, and a sheet turned into the
 * table the CSV reader makes
 *
 * A workbook must import exactly as the same list saved as CSV, and Excel's
 * CSV holds what the cells show, not what they store. So numbers are written
 * the way Excel's General format shows them in a standard column (at most 11
 * characters and 15 significant digits: 1850, 0.3, 4.41381E+17), and a number
 * whose format is a date becomes that date in ISO form, because the import
 * reads ISO dates.
 *
 * Sheets differ from CSV files in three ways that matter for a registration
 * list, and the table builder below smooths them:
 *   - a title row ("2024年XX赛区报名表", one cell merged across) usually sits
 *     above the header: leading rows with a single filled cell, followed by a
 *     row with more, are dropped;
 *   - merged cells hold their value only in the first cell: the value is
 *     repeated over the merge (a unit merged down over its players gives
 *     every one of them the unit), and a header merged down over a second
 *     header row makes both rows the header, each column named by its
 *     lowest filled header cell;
 *   - rows and cells are sparse: empty rows are dropped, and every record
 *     keeps its sheet row number in `lines`, so reports name the row the
 *     user sees.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-sheet"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qw-error.h"
#include "qw-sheet.h"

/* Leading title rows dropped at most; more is not a title but a list. */
#define MAX_TITLE_ROWS 5

/* Cell slots (filled or not, up to each row's last cell) a sheet may take,
 * merges included: a registration list needs a few hundred thousand, and a
 * crafted file with one cell at column XFD in every row must not take
 * gigabytes. */
#define MAX_SLOTS (4 * 1024 * 1024)

/* ----------------------------------------------------------------------- */
/* Number formats                                                          */
/* ----------------------------------------------------------------------- */

/* ECMA-376 Part 1, 18.8.30: the built-in formats, with the East Asian ids
 * that Chinese Excel and WPS write for 1990年1月1日 and the like. */
static void
classify_builtin (int            id,
                  QwSheetFormat *out)
{
  switch (id)
    {
    case 1:
    case 3:
    case 37:
    case 38:
      out->kind = QW_SHEET_FORMAT_FIXED;
      out->decimals = 0;
      break;
    case 2:
    case 4:
    case 39:
    case 40:
      out->kind = QW_SHEET_FORMAT_FIXED;
      out->decimals = 2;
      break;
    case 14: case 15: case 16: case 17:
    case 27: case 28: case 29: case 30: case 31: case 36:
    case 50: case 51: case 52: case 53: case 54: case 57: case 58:
      out->kind = QW_SHEET_FORMAT_DATE;
      break;
    case 22:
      out->kind = QW_SHEET_FORMAT_DATETIME;
      break;
    case 18: case 20: case 32: case 34: case 55:
      out->kind = QW_SHEET_FORMAT_TIME;
      break;
    case 19: case 21: case 33: case 35: case 45: case 47: case 56:
      out->kind = QW_SHEET_FORMAT_TIME;
      out->seconds = TRUE;
      break;
    case 46:
      out->kind = QW_SHEET_FORMAT_TIME;
      out->seconds = TRUE;
      out->elapsed = TRUE;
      break;
    default:
      break;
    }
}

/* Reads a custom format code: only its first section counts (the one for
 * positive numbers), and quoted text, escapes, fill and padding characters
 * and [colour] or [$-804] tags are not format letters. */
static void
classify_code (const char    *code,
               QwSheetFormat *out)
{
  gboolean y = FALSE, m = FALSE, d = FALSE, h = FALSE, s = FALSE;
  gboolean elapsed = FALSE, digits = FALSE, other = FALSE;
  int decimals = -1;

  if (g_ascii_strncasecmp (code, "general", 7) == 0)
    return;
  for (const char *p = code; *p != '\0' && *p != ';'; p++)
    {
      char c = g_ascii_tolower (*p);

      if (*p == '"')
        {
          const char *end = strchr (p + 1, '"');

          if (end == NULL)
            break;
          p = end;
        }
      else if (*p == '\\' || *p == '_' || *p == '*')
        {
          if (p[1] == '\0')
            break;
          p++;
        }
      else if (*p == '[')
        {
          const char *end = strchr (p + 1, ']');
          gsize len;

          if (end == NULL)
            break;
          len = (gsize) (end - p - 1);
          /* [h], [mm], [ss]: elapsed time; [Red], [$-804], [DBNum1]: not letters */
          if (len > 0 && strspn (p + 1, "hHmMsS") == len)
            {
              elapsed = TRUE;
              h = h || g_ascii_tolower (p[1]) == 'h';
              s = s || g_ascii_tolower (p[1]) == 's';
            }
          p = end;
        }
      else if (g_ascii_strncasecmp (p, "am/pm", 5) == 0)
        p += 4;
      else if (g_ascii_strncasecmp (p, "a/p", 3) == 0)
        p += 2;
      else if (c == 'e' && (p[1] == '+' || p[1] == '-'))
        other = TRUE;   /* scientific: 0.00E+00 */
      else if (c == 'y')
        y = TRUE;
      else if (c == 'd' || c == 'a')  /* aaa: the weekday in Chinese formats */
        d = TRUE;
      else if (c == 'm')
        m = TRUE;
      else if (c == 'h')
        h = TRUE;
      else if (c == 's')
        s = TRUE;
      else if (*p == '0' || *p == '#' || *p == '?')
        {
          digits = TRUE;
          if (decimals >= 0)
            decimals++;
        }
      else if (*p == '.')
        decimals = 0;
      else if (*p == '%' || *p == '/' || *p == '@')
        other = TRUE;
    }

  if (y || d || (m && !h && !s && !elapsed))
    {
      out->kind = h || s ? QW_SHEET_FORMAT_DATETIME : QW_SHEET_FORMAT_DATE;
      out->seconds = s;
    }
  else if (h || s || elapsed || m)
    {
      out->kind = QW_SHEET_FORMAT_TIME;
      out->seconds = s;
      out->elapsed = elapsed;
    }
  else if (digits && !other)
    {
      out->kind = QW_SHEET_FORMAT_FIXED;
      out->decimals = MAX (decimals, 0);
    }
}

/**
 * qw_sheet_format_classify:
 * @numfmt_id: the cell style's numFmtId
 * @code: (nullable): the format code the workbook gives for that id; when
 *   set it wins over the built-in meaning of the id
 */
void
qw_sheet_format_classify (int            numfmt_id,
                          const char    *code,
                          QwSheetFormat *out)
{
  *out = (QwSheetFormat) { QW_SHEET_FORMAT_GENERAL, 0, FALSE, FALSE };
  if (code != NULL && code[0] != '\0')
    classify_code (code, out);
  else
    classify_builtin (numfmt_id, out);
}

static void
strip_trailing_zeros (char *s)
{
  char *point = strchr (s, '.');
  char *end;

  if (point == NULL)
    return;
  end = s + strlen (s);
  while (end > point + 1 && end[-1] == '0')
    end--;
  if (end == point + 1)
    end = point;
  *end = '\0';
}

static char *
general_scientific (double value)
{
  char buf[64];
  char *e;
  GString *out;

  g_snprintf (buf, sizeof buf, "%.5E", value);
  e = strchr (buf, 'E');
  if (e == NULL)
    return g_strdup (buf);
  out = g_string_new_len (buf, e - buf);
  strip_trailing_zeros (out->str);
  g_string_set_size (out, strlen (out->str));
  g_string_append (out, e);
  return g_string_free (out, FALSE);
}

/**
 * qw_sheet_format_general:
 *
 * Returns: @value as Excel's General format shows it in a column of standard
 *   width, which is what Excel writes when it saves the sheet as CSV:
 *   integers without ".0", at most 11 characters, scientific form for
 *   12 digits and more (4.41381E+17) and below 0.0001 (1E-05).
 */
char *
qw_sheet_format_general (double value)
{
  char buf[64];
  double a = fabs (value);
  int exponent, int_digits, decimals;

  if (!isfinite (value))
    return g_strdup ("#NUM!");
  if (value == 0)
    return g_strdup ("0");
  g_snprintf (buf, sizeof buf, "%.14e", a);
  exponent = atoi (strchr (buf, 'e') + 1);
  int_digits = exponent + 1;
  if (int_digits > 11 || a < 1e-4)
    return general_scientific (value);
  decimals = int_digits >= 1 ? MAX (0, 10 - int_digits) : 9;
  g_snprintf (buf, sizeof buf, "%.*f", decimals, value);
  strip_trailing_zeros (buf);
  /* Rounding may carry into a 12th digit (99999999999.5). */
  if (strspn (buf + (buf[0] == '-'), "0123456789") > 11)
    return general_scientific (value);
  if (strcmp (buf, "-0") == 0)
    return g_strdup ("0");
  return g_strdup (buf);
}

/**
 * qw_sheet_format_fixed:
 *
 * Returns: @value with @decimals digits after the point, as Excel shows it:
 *   with 15 significant digits at most, so the number Excel made of
 *   441381199001011234 shows as 441381199001011000.
 */
char *
qw_sheet_format_fixed (double value,
                       int    decimals)
{
  char buf[64];
  int exponent;
  GString *out;

  if (!isfinite (value))
    return g_strdup ("#NUM!");
  decimals = CLAMP (decimals, 0, 15);
  g_snprintf (buf, sizeof buf, "%.14e", value);
  exponent = atoi (strchr (buf, 'e') + 1);
  if (exponent < 15)
    {
      g_snprintf (buf, sizeof buf, "%.*f", decimals, g_ascii_strtod (buf, NULL));
      return g_strcmp0 (buf, "-0") == 0 ? g_strdup ("0") : g_strdup (buf);
    }
  /* 15 digits, then zeros: the binary double's further digits are noise. */
  out = g_string_new (NULL);
  for (const char *p = buf; *p != 'e'; p++)
    if (*p != '.')
      g_string_append_c (out, *p);
  for (int i = 14; i < exponent; i++)
    g_string_append_c (out, '0');
  if (decimals > 0)
    {
      g_string_append_c (out, '.');
      for (int i = 0; i < decimals; i++)
        g_string_append_c (out, '0');
    }
  return g_string_free (out, FALSE);
}

/**
 * qw_sheet_serial_to_date:
 * @date1904: the workbook counts from 1904-01-01 (Excel for Mac's old
 *   default, workbookPr date1904) instead of 1900
 * @date: (out): the calendar day
 * @seconds: (out) (optional): the time of day, in seconds
 *
 * In the 1900 system day 1 is 1900-01-01 and Excel counts a 29 February
 * 1900 that never was (Lotus 1-2-3's bug, kept for compatibility): day 60 is
 * that day, and from day 61 (1900-03-01) on, days count from 1899-12-30.
 * Day 60 is returned as 1900-02-29, which is what Excel shows.
 *
 * Returns: %FALSE when the serial is no day Excel can show (negative, past
 *   9999-12-31, or day 0 in the 1900 system, a pure time)
 */
gboolean
qw_sheet_serial_to_date (double    serial,
                         gboolean  date1904,
                         QwDate   *date,
                         int      *seconds)
{
  g_autoptr(GDate) g = NULL;
  double day_part;
  int days, secs;

  *date = QW_DATE_NONE;
  if (seconds != NULL)
    *seconds = 0;
  /* 2958465 is 9999-12-31; the check also keeps the casts below defined. */
  if (!isfinite (serial) || serial < 0 || serial >= 2958466)
    return FALSE;
  day_part = floor (serial);
  days = (int) day_part;
  secs = (int) lround ((serial - day_part) * 86400.0);
  if (secs >= 86400)
    {
      days++;
      secs = 0;
    }
  if (seconds != NULL)
    *seconds = secs;
  if (date1904)
    {
      g = g_date_new_dmy (1, G_DATE_JANUARY, 1904);
      g_date_add_days (g, (guint) days);
    }
  else if (days == 0)
    return FALSE;
  else if (days == 60)
    {
      *date = (QwDate) { 1900, 2, 29 };
      return TRUE;
    }
  else if (days < 60)
    {
      g = g_date_new_dmy (31, G_DATE_DECEMBER, 1899);
      g_date_add_days (g, (guint) days);
    }
  else
    {
      g = g_date_new_dmy (30, G_DATE_DECEMBER, 1899);
      g_date_add_days (g, (guint) days);
    }
  if (g_date_get_year (g) > 9999)
    return FALSE;
  *date = qw_date_make (g_date_get_year (g), g_date_get_month (g), g_date_get_day (g));
  return TRUE;
}

static void
append_time (GString *out,
             double   serial,
             int      seconds,
             gboolean show_seconds,
             gboolean elapsed)
{
  gint64 hours = seconds / 3600;

  if (elapsed)
    hours = (gint64) llround (floor (serial) * 24) + seconds / 3600;
  g_string_append_printf (out, "%02" G_GINT64_FORMAT ":%02d", hours, (seconds / 60) % 60);
  if (show_seconds)
    g_string_append_printf (out, ":%02d", seconds % 60);
}

/**
 * qw_sheet_format_number:
 *
 * Returns: a numeric cell as text: dates in ISO form (1990-05-06), date
 *   and time as "1990-05-06 08:30", times as "08:30" or "08:30:15", other
 *   numbers as qw_sheet_format_general() or qw_sheet_format_fixed() show them.
 */
char *
qw_sheet_format_number (double               value,
                        const QwSheetFormat *format,
                        gboolean             date1904)
{
  QwDate date;
  int seconds;
  GString *out;

  switch (format->kind)
    {
    case QW_SHEET_FORMAT_FIXED:
      return qw_sheet_format_fixed (value, format->decimals);
    case QW_SHEET_FORMAT_DATE:
    case QW_SHEET_FORMAT_DATETIME:
      if (!qw_sheet_serial_to_date (value, date1904, &date, &seconds))
        return qw_sheet_format_general (value);
      out = g_string_new (NULL);
      g_string_append_printf (out, "%04d-%02d-%02d", date.year, date.month, date.day);
      if (format->kind == QW_SHEET_FORMAT_DATETIME && seconds != 0)
        {
          g_string_append_c (out, ' ');
          append_time (out, value, seconds, format->seconds, FALSE);
        }
      return g_string_free (out, FALSE);
    case QW_SHEET_FORMAT_TIME:
      if (!isfinite (value) || value < 0 || value >= 2958466)
        return qw_sheet_format_general (value);
      qw_sheet_serial_to_date (value, date1904, &date, &seconds);
      out = g_string_new (NULL);
      append_time (out, value, seconds, format->seconds, format->elapsed);
      return g_string_free (out, FALSE);
    case QW_SHEET_FORMAT_GENERAL:
    default:
      return qw_sheet_format_general (value);
    }
}

/* ----------------------------------------------------------------------- */
/* Sheets to tables                                                        */
/* ----------------------------------------------------------------------- */

typedef struct
{
  int        number;   /* the sheet's row number, from 1 */
  GPtrArray *text;     /* char *, NULL for an empty cell */
  GPtrArray *raw;      /* char *, NULL unless the cell is a number */
  int        filled;   /* non-empty cells before merges are applied */
} SheetRow;

typedef struct
{
  int first_row, first_column, last_row, last_column;
} Merge;

struct _QwSheet
{
  GHashTable *rows;       /* row number -> SheetRow */
  GArray     *merges;     /* Merge */
  gsize       slots;      /* cell slots allocated, against MAX_SLOTS */
  gboolean    too_large;  /* a cell was refused for MAX_SLOTS */
};

static void
sheet_row_free (gpointer data)
{
  SheetRow *row = data;

  g_ptr_array_unref (row->text);
  g_ptr_array_unref (row->raw);
  g_free (row);
}

QwSheet *
qw_sheet_new (void)
{
  QwSheet *sheet = g_new0 (QwSheet, 1);

  sheet->rows = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, sheet_row_free);
  sheet->merges = g_array_new (FALSE, FALSE, sizeof (Merge));
  return sheet;
}

void
qw_sheet_free (QwSheet *sheet)
{
  if (sheet == NULL)
    return;
  g_hash_table_unref (sheet->rows);
  g_array_unref (sheet->merges);
  g_free (sheet);
}

static SheetRow *
get_row (QwSheet *sheet,
         int      number)
{
  SheetRow *row = g_hash_table_lookup (sheet->rows, GINT_TO_POINTER (number));

  if (row == NULL)
    {
      row = g_new0 (SheetRow, 1);
      row->number = number;
      row->text = g_ptr_array_new_with_free_func (g_free);
      row->raw = g_ptr_array_new_with_free_func (g_free);
      g_hash_table_insert (sheet->rows, GINT_TO_POINTER (number), row);
    }
  return row;
}

static gboolean
put (QwSheet    *sheet,
     SheetRow   *row,
     int         column,
     const char *text,
     const char *raw)
{
  if ((guint) column >= row->text->len)
    {
      gsize more = (gsize) column + 1 - row->text->len;

      if (sheet->slots + more > MAX_SLOTS)
        {
          sheet->too_large = TRUE;
          return FALSE;
        }
      sheet->slots += more;
      g_ptr_array_set_size (row->text, column + 1);
      g_ptr_array_set_size (row->raw, column + 1);
    }
  g_free (row->text->pdata[column]);
  g_free (row->raw->pdata[column]);
  row->text->pdata[column] = g_strdup (text);
  row->raw->pdata[column] = g_strdup (raw);
  return TRUE;
}

/**
 * qw_sheet_set:
 * @text: what the cell shows; it is trimmed like a CSV field, and an empty
 *   text leaves the cell empty
 * @raw: (nullable): for a numeric cell, the value as the file stores it
 *
 * Returns: %FALSE when @row or @column lies outside Excel's limits, or
 *   the sheet has grown past its size limit (qw_sheet_to_table() then fails)
 */
gboolean
qw_sheet_set (QwSheet    *sheet,
              int         row,
              int         column,
              const char *text,
              const char *raw)
{
  g_autofree char *trimmed = NULL;
  SheetRow *r;

  if (row < 1 || row > QW_SHEET_MAX_ROWS || column < 0 || column >= QW_SHEET_MAX_COLUMNS)
    return FALSE;
  trimmed = g_strstrip (g_strdup (text != NULL ? text : ""));
  if (trimmed[0] == '\0')
    return TRUE;
  r = get_row (sheet, row);
  if ((guint) column >= r->text->len || r->text->pdata[column] == NULL)
    {
      if (!put (sheet, r, column, trimmed, raw))
        return FALSE;
      r->filled++;
      return TRUE;
    }
  return put (sheet, r, column, trimmed, raw);
}

void
qw_sheet_merge (QwSheet *sheet,
                int      first_row,
                int      first_column,
                int      last_row,
                int      last_column)
{
  Merge m = {
    CLAMP (MIN (first_row, last_row), 1, QW_SHEET_MAX_ROWS),
    CLAMP (MIN (first_column, last_column), 0, QW_SHEET_MAX_COLUMNS - 1),
    CLAMP (MAX (first_row, last_row), 1, QW_SHEET_MAX_ROWS),
    CLAMP (MAX (first_column, last_column), 0, QW_SHEET_MAX_COLUMNS - 1),
  };

  if (m.first_row == m.last_row && m.first_column == m.last_column)
    return;
  g_array_append_val (sheet->merges, m);
}

static int
compare_rows (gconstpointer a,
              gconstpointer b)
{
  const SheetRow *ra = *(SheetRow *const *) a;
  const SheetRow *rb = *(SheetRow *const *) b;

  return (ra->number > rb->number) - (ra->number < rb->number);
}

static const char *
cell_text (const SheetRow *row,
           int             column)
{
  if (row == NULL || (guint) column >= row->text->len)
    return NULL;
  return row->text->pdata[column];
}

/* Repeats each merge's first value over the merge, inside the used area
 * (a merge over whole columns must not create a million rows). */
static void
apply_merges (QwSheet   *sheet,
              GHashTable *title_rows,
              int        max_row,
              int        max_column)
{
  for (guint i = 0; i < sheet->merges->len; i++)
    {
      const Merge *m = &g_array_index (sheet->merges, Merge, i);
      SheetRow *anchor = g_hash_table_lookup (sheet->rows, GINT_TO_POINTER (m->first_row));
      g_autofree char *text = NULL;
      g_autofree char *raw = NULL;

      if (anchor == NULL || cell_text (anchor, m->first_column) == NULL
          || g_hash_table_contains (title_rows, GINT_TO_POINTER (m->first_row)))
        continue;
      text = g_strdup (cell_text (anchor, m->first_column));
      raw = g_strdup (anchor->raw->pdata[m->first_column]);
      for (int r = m->first_row; r <= MIN (m->last_row, max_row); r++)
        for (int c = m->first_column; c <= MIN (m->last_column, max_column); c++)
          if ((r != m->first_row || c != m->first_column)
              && !put (sheet, get_row (sheet, r), c, text, raw))
            return;
    }
}

static int
row_length (const SheetRow *row)
{
  int n = (int) row->text->len;

  while (n > 0 && row->text->pdata[n - 1] == NULL)
    n--;
  return n;
}

static GStrv
row_strv (GPtrArray *cells,
          int        length)
{
  GStrv v = g_new0 (char *, length + 1);

  for (int c = 0; c < length; c++)
    v[c] = g_strdup (c < (int) cells->len && cells->pdata[c] != NULL ? cells->pdata[c] : "");
  return v;
}

/**
 * qw_sheet_to_table:
 * @encoding: what the table's `encoding` says ("xlsx", "xls")
 *
 * Returns: the sheet as the CSV reader's table: the header first, then one
 *   record per non-empty row, `lines` holding sheet row numbers and `raw`
 *   the numeric cells' stored values. Data rows end at their last filled
 *   cell; the header is padded to the widest row, as Excel pads a CSV.
 */
QwCsv *
qw_sheet_to_table (QwSheet    *sheet,
                   const char *encoding,
                   GError    **error)
{
  g_autoptr(QwCsv) csv = NULL;
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  g_autoptr(GHashTable) titles = g_hash_table_new (g_direct_hash, g_direct_equal);
  g_autoptr(GPtrArray) header_cells = g_ptr_array_new ();
  GHashTableIter iter;
  gpointer value;
  guint first = 0, data_from;
  int max_row = 0, max_column = -1, header_end, width = 0;
  GStrv header;

  if (sheet->too_large)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_TOO_LARGE,
                   _("The sheet has too many cells to be a registration list"));
      return NULL;
    }
  g_hash_table_iter_init (&iter, sheet->rows);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      SheetRow *row = value;

      if (row->filled == 0)
        continue;
      max_row = MAX (max_row, row->number);
      max_column = MAX (max_column, row_length (row) - 1);
    }
  if (max_row == 0)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("The sheet is empty"));
      return NULL;
    }

  /* Titles, judged before merges repeat anything. */
  g_hash_table_iter_init (&iter, sheet->rows);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    if (((SheetRow *) value)->filled > 0)
      g_ptr_array_add (rows, value);
  g_ptr_array_sort (rows, compare_rows);
  while (first + 1 < rows->len && first < MAX_TITLE_ROWS
         && ((SheetRow *) rows->pdata[first])->filled == 1
         && ((SheetRow *) rows->pdata[first + 1])->filled >= 2)
    {
      g_hash_table_add (titles, GINT_TO_POINTER (((SheetRow *) rows->pdata[first])->number));
      first++;
    }

  apply_merges (sheet, titles, max_row, max_column);
  if (sheet->too_large)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_TOO_LARGE,
                   _("The sheet has too many cells to be a registration list"));
      return NULL;
    }

  /* Merges may have filled rows that were empty: collect the rows again. */
  g_ptr_array_set_size (rows, 0);
  g_hash_table_iter_init (&iter, sheet->rows);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      SheetRow *row = value;

      if (row_length (row) > 0 && !g_hash_table_contains (titles, GINT_TO_POINTER (row->number)))
        g_ptr_array_add (rows, row);
    }
  g_ptr_array_sort (rows, compare_rows);
  if (rows->len == 0)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("The sheet has no header row"));
      return NULL;
    }

  /* The header block: the first row, and the rows a header merged down covers. */
  header_end = ((SheetRow *) rows->pdata[0])->number;
  for (guint i = 0; i < sheet->merges->len; i++)
    {
      const Merge *m = &g_array_index (sheet->merges, Merge, i);

      if (m->first_row == ((SheetRow *) rows->pdata[0])->number)
        header_end = MAX (header_end, m->last_row);
    }
  data_from = 0;
  while (data_from < rows->len && ((SheetRow *) rows->pdata[data_from])->number <= header_end)
    data_from++;
  for (guint i = data_from; i < rows->len; i++)
    width = MAX (width, row_length (rows->pdata[i]));
  for (guint i = 0; i < data_from; i++)
    width = MAX (width, row_length (rows->pdata[i]));
  g_ptr_array_set_size (header_cells, width);
  for (guint i = 0; i < data_from; i++)
    for (int c = 0; c < width; c++)
      if (cell_text (rows->pdata[i], c) != NULL)
        header_cells->pdata[c] = (gpointer) cell_text (rows->pdata[i], c);

  csv = g_new0 (QwCsv, 1);
  csv->rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  csv->raw = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  csv->lines = g_array_new (FALSE, FALSE, sizeof (int));
  csv->encoding = g_strdup (encoding);
  csv->separator = ',';
  header = row_strv (header_cells, width);
  g_ptr_array_add (csv->rows, header);
  g_ptr_array_set_size (header_cells, 0);
  g_ptr_array_add (csv->raw, row_strv (header_cells, width));
  g_array_append_val (csv->lines, ((SheetRow *) rows->pdata[0])->number);
  for (guint i = data_from; i < rows->len; i++)
    {
      SheetRow *row = rows->pdata[i];
      int n = row_length (row);

      g_ptr_array_add (csv->rows, row_strv (row->text, n));
      g_ptr_array_add (csv->raw, row_strv (row->raw, n));
      g_array_append_val (csv->lines, row->number);
    }
  /* The same limits as a CSV file's (a field's length, with its row and
   * column), and the text checked where it enters. */
  for (guint r = 0; r < csv->rows->len; r++)
    if (!qw_csv_check_record (csv, r, error))
      return NULL;
  return g_steal_pointer (&csv);
}
