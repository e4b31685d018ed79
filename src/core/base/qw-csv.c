/* qw-csv.c: reading the spreadsheets that associations already keep
 *
 * Chinese Excel saves "CSV" in GB18030 (code page 936) without a BOM, "CSV UTF-8"
 * with a BOM, and "Unicode text" as UTF-16LE with tabs; WPS does the same. All
 * of them end up here as UTF-8 records.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-csv"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "qw-csv.h"
#include "qw-error.h"
#include "qw-file.h"
#include "qw-xlsx-writer.h"

void
qw_csv_free (QwCsv *csv)
{
  if (csv == NULL)
    return;
  g_clear_pointer (&csv->rows, g_ptr_array_unref);
  g_clear_pointer (&csv->lines, g_array_unref);
  g_clear_pointer (&csv->raw, g_ptr_array_unref);
  g_free (csv->encoding);
  g_free (csv);
}

/* The line (from 1) on which byte @offset of @data lies. */
static int
line_at (const char *data,
         gsize       offset)
{
  int line = 1;

  for (gsize i = 0; i < offset; i++)
    if (data[i] == '\n')
      line++;
  return line;
}

/* The same for UTF-16 code units, @big_endian or not. */
static int
line_at_utf16 (const guchar *data,
               gsize         offset,
               gboolean      big_endian)
{
  int line = 1;

  for (gsize i = 0; i + 2 <= offset; i += 2)
    if ((big_endian ? data[i] == 0 && data[i + 1] == '\n' : data[i] == '\n' && data[i + 1] == 0))
      line++;
  return line;
}

/* Whether the bytes before @bad hold at least one character of more than
 * one byte: then the file was meant as UTF-8, and its bad byte is the
 * problem to report. */
static gboolean
looks_like_utf8 (const char *data,
                 const char *bad)
{
  for (const char *p = data; p < bad; p++)
    if ((guchar) *p >= 0x80)
      return TRUE;
  return FALSE;
}

/**
 * qw_csv_decode:
 * @encoding: (out): the encoding that was recognised
 *
 * Returns: the text in UTF-8 without a BOM, or %NULL with an error when the
 *   bytes are neither UTF-8, UTF-16 with a BOM, nor GB18030; the error names
 *   the line of the first byte that is wrong
 */
static char *
qw_csv_decode (const char  *data,
               gsize        length,
               char       **encoding,
               GError     **error)
{
  const guchar *u = (const guchar *) data;
  g_autoptr(GError) local_error = NULL;
  const char *end = NULL;
  gsize bytes_read = 0;
  char *text;

  if (length >= 3 && u[0] == 0xEF && u[1] == 0xBB && u[2] == 0xBF)
    {
      if (!g_utf8_validate_len (data + 3, length - 3, &end))
        {
          g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                       _("Line %d: the file says it is UTF-8 but byte 0x%02X is not"),
                       line_at (data, (gsize) (end - data)), (guchar) *end);
          return NULL;
        }
      *encoding = g_strdup ("UTF-8 (BOM)");
      return g_strndup (data + 3, length - 3);
    }
  if (length >= 2 && ((u[0] == 0xFF && u[1] == 0xFE) || (u[0] == 0xFE && u[1] == 0xFF)))
    {
      gboolean big_endian = u[0] == 0xFE;
      const char *from = big_endian ? "UTF-16BE" : "UTF-16LE";

      gsize written = 0;

      text = g_convert (data + 2, (gssize) length - 2, "UTF-8", from, &bytes_read, &written, &local_error);
      if (text == NULL)
        {
          g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                       _("Line %d: the file is not valid %s: %s"),
                       line_at_utf16 (u + 2, bytes_read, big_endian), from, local_error->message);
          return NULL;
        }
      if (strlen (text) != written)
        {
          g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                       _("Line %d: the file is not a text file (it contains NUL bytes); save the sheet as CSV"),
                       line_at (text, strlen (text)));
          g_free (text);
          return NULL;
        }
      *encoding = g_strdup (from);
      return text;
    }
  if ((end = memchr (data, '\0', length)) != NULL)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                   _("Line %d: the file is not a text file (it contains NUL bytes); save the sheet as CSV"),
                   line_at (data, (gsize) (end - data)));
      return NULL;
    }
  if (g_utf8_validate_len (data, length, &end))
    {
      *encoding = g_strdup ("UTF-8");
      return g_strndup (data, length);
    }
  if (looks_like_utf8 (data, end))
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                   _("Line %d: byte 0x%02X is not UTF-8, although the text before it is"),
                   line_at (data, (gsize) (end - data)), (guchar) *end);
      return NULL;
    }
  text = g_convert (data, (gssize) length, "UTF-8", "GB18030", &bytes_read, NULL, &local_error);
  if (text == NULL)
    {
      bytes_read = MIN (bytes_read, length - 1);
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                   _("Line %d: byte 0x%02X is neither UTF-8 nor GB18030 text"),
                   line_at (data, bytes_read), u[bytes_read]);
      return NULL;
    }
  *encoding = g_strdup ("GB18030");
  return text;
}

/* Tabs win when the header line has more tabs than commas outside quotes. */
static char
guess_separator (const char *text)
{
  int commas = 0, tabs = 0;
  gboolean quoted = FALSE;

  for (const char *p = text; *p != '\0' && (quoted || (*p != '\n' && *p != '\r')); p++)
    {
      if (*p == '"')
        quoted = !quoted;
      else if (!quoted && *p == ',')
        commas++;
      else if (!quoted && *p == '\t')
        tabs++;
    }
  return tabs > commas ? '\t' : ',';
}

typedef struct
{
  const char *p;
  int         line;
  char        sep;
  guint       fields;  /* read so far, in all records */
  /* Scratch, kept from one record to the next */
  GString    *field;
  GString    *bytes;   /* the record's fields, each ended by a NUL */
  GArray     *starts;  /* gsize: where each field begins in @bytes */
} Cursor;

/* Reads one field; returns FALSE on a quote that is never closed. */
static gboolean
read_field (Cursor  *c,
            GString *field)
{
  g_string_truncate (field, 0);
  if (*c->p != '"')
    {
      while (*c->p != '\0' && *c->p != c->sep && *c->p != '\n' && *c->p != '\r')
        g_string_append_c (field, *c->p++);
      return TRUE;
    }
  c->p++;
  for (;;)
    {
      if (*c->p == '\0')
        return FALSE;
      if (*c->p == '"' && c->p[1] == '"')
        {
          g_string_append_c (field, '"');
          c->p += 2;
          continue;
        }
      if (*c->p == '"')
        {
          c->p++;
          /* Tolerate text after the closing quote, as spreadsheets do. */
          while (*c->p != '\0' && *c->p != c->sep && *c->p != '\n' && *c->p != '\r')
            g_string_append_c (field, *c->p++);
          return TRUE;
        }
      if (*c->p == '\n')
        c->line++;
      g_string_append_c (field, *c->p++);
    }
}

/* A registration list of 200,000 players (a season's, issue 17) in 20
 * columns has four million fields; a file with more is not one, and each
 * field costs memory. */
#define MAX_FIELDS 4000000

/* An export writes '=1 as '\'=1' (qw_csv_append_field); reading takes the
 * apostrophe off again. */
static const char *
unneutralise (const char *field)
{
  if (field[0] == '\'' && field[1] != '\0' && strchr ("=+-@", field[1]) != NULL)
    return field + 1;
  return field;
}

/* A record as one block: the pointers, then the text of its fields, freed
 * with g_free(). (A list of 200,000 rows has two million fields: an
 * allocation each cost twice the memory of their text, issue 17.) */
static GStrv
pack_record (GString *bytes,
             GArray  *starts)
{
  gsize pointers = (starts->len + 1) * sizeof (char *);
  char **record = g_malloc (pointers + bytes->len);
  char *text = (char *) record + pointers;

  memcpy (text, bytes->str, bytes->len);
  for (guint i = 0; i < starts->len; i++)
    record[i] = text + g_array_index (starts, gsize, i);
  record[starts->len] = NULL;
  return record;
}

static GStrv
read_record (Cursor   *c,
             gboolean *ok)
{
  *ok = TRUE;
  g_string_truncate (c->bytes, 0);
  g_array_set_size (c->starts, 0);
  for (;;)
    {
      const char *text;

      if (!read_field (c, c->field))
        {
          *ok = FALSE;
          return NULL;
        }
      text = unneutralise (g_strstrip (c->field->str));
      g_array_append_val (c->starts, c->bytes->len);
      g_string_append_len (c->bytes, text, (gssize) strlen (text) + 1);
      c->fields++;
      if (*c->p == c->sep && c->fields <= MAX_FIELDS)
        {
          c->p++;
          continue;
        }
      break;
    }
  if (*c->p == '\r')
    c->p++;
  if (*c->p == '\n')
    c->p++;
  c->line++;
  return pack_record (c->bytes, c->starts);
}

/**
 * qw_csv_check_record:
 * @r: the record, 0 for the header
 *
 * A field longer than any field Qiwang stores is refused with where it is
 * (row, line, column and its header). For a table read from a workbook,
 * whose cells did not come through qw_csv_decode(), every field is also
 * checked as UTF-8 text.
 *
 * Returns: %FALSE, with the message, for the first such field
 */
gboolean
qw_csv_check_record (const QwCsv  *csv,
                     guint         r,
                     GError      **error)
{
  GStrv record = g_ptr_array_index (csv->rows, r);
  GStrv header = g_ptr_array_index (csv->rows, 0);
  int line = g_array_index (csv->lines, int, r);

  for (guint c = 0; record[c] != NULL; c++)
    {
      glong n;

      if (csv->raw != NULL && !g_utf8_validate (record[c], -1, NULL))
        {
          g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                       _("Row %u (line %d), column %u: the cell is not valid text"), r, line, c + 1);
          return FALSE;
        }
      if (strlen (record[c]) <= QW_TEXT_MAX_CHARS || (n = g_utf8_strlen (record[c], -1)) <= QW_TEXT_MAX_CHARS)
        continue;
      if (r == 0)
        g_set_error (error, QW_ERROR, QW_ERROR_TOO_LARGE,
                     _("The header (line %d), column %u: the field has %ld characters; a field holds at "
                       "most %d"), line, c + 1, n, QW_TEXT_MAX_CHARS);
      else if (c < g_strv_length (header) && header[c][0] != '\0')
        /* Translators: "Row 3 (line 4), column 5 (单位): the field has 1048576 characters; …" */
        g_set_error (error, QW_ERROR, QW_ERROR_TOO_LARGE,
                     _("Row %u (line %d), column %u (%s): the field has %ld characters; a field holds at "
                       "most %d"), r, line, c + 1, header[c], n, QW_TEXT_MAX_CHARS);
      else
        g_set_error (error, QW_ERROR, QW_ERROR_TOO_LARGE,
                     _("Row %u (line %d), column %u: the field has %ld characters; a field holds at most %d"),
                     r, line, c + 1, n, QW_TEXT_MAX_CHARS);
      return FALSE;
    }
  return TRUE;
}

/**
 * qw_csv_parse_data:
 *
 * Decodes (qw_csv_decode()) and splits the text into records. Refuses a
 * quote that is never closed, a field of more than %QW_TEXT_MAX_CHARS
 * characters (naming its row and column) and a file of more fields than a
 * registration list can have.
 */
QwCsv *
qw_csv_parse_data (const char  *data,
                   gsize        length,
                   GError     **error)
{
  g_autoptr(QwCsv) csv = g_new0 (QwCsv, 1);
  g_autofree char *text = NULL;
  g_autoptr(GString) field = g_string_new (NULL);
  g_autoptr(GString) bytes = g_string_new (NULL);
  g_autoptr(GArray) starts = g_array_new (FALSE, FALSE, sizeof (gsize));
  Cursor c;

  text = qw_csv_decode (data, length, &csv->encoding, error);
  if (text == NULL)
    return NULL;
  /* Each record is one block (read_record()). */
  csv->rows = g_ptr_array_new_with_free_func (g_free);
  csv->lines = g_array_new (FALSE, FALSE, sizeof (int));
  csv->separator = guess_separator (text);
  c = (Cursor) { text, 1, csv->separator, 0, field, bytes, starts };
  while (*c.p != '\0')
    {
      int start_line = c.line;
      gboolean ok;
      GStrv record = read_record (&c, &ok);

      if (!ok)
        {
          g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                       _("Line %d: a quoted field is never closed; the file is damaged or truncated"),
                       start_line);
          return NULL;
        }
      g_ptr_array_add (csv->rows, record);
      g_array_append_val (csv->lines, start_line);
      if (c.fields > MAX_FIELDS)
        {
          g_set_error (error, QW_ERROR, QW_ERROR_TOO_LARGE,
                       _("Line %d: the file has more than %d fields; it is not a registration or stops list"),
                       start_line, MAX_FIELDS);
          return NULL;
        }
      if (!qw_csv_check_record (csv, csv->rows->len - 1, error))
        return NULL;
    }
  if (csv->rows->len == 0)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("The file is empty"));
      return NULL;
    }
  return g_steal_pointer (&csv);
}

/**
 * qw_csv_read_file:
 *
 * Reads a regular file of at most %QW_CSV_MAX_BYTES (qw-file.h) and parses
 * it; errors start with the file's name.
 */
QwCsv *
qw_csv_read_file (const char  *path,
                  GError     **error)
{
  g_autofree char *data = NULL;
  g_autofree char *display_name = g_filename_display_name (path);
  g_autoptr(GError) local_error = NULL;
  gsize length = 0;
  QwCsv *csv;

  if (!qw_file_read (path, QW_FILE_CSV, &data, &length, error))
    return NULL;
  csv = qw_csv_parse_data (data, length, &local_error);
  if (csv == NULL)
    g_set_error (error, QW_ERROR, local_error->code, "%s: %s", display_name, local_error->message);
  return csv;
}

/* -12 or -1.5: a number, which a spreadsheet reads as one, not a formula. */
static gboolean
is_negative_number (const char *text)
{
  const char *p = text + 1;
  gboolean digits = FALSE, point = FALSE;

  if (text[0] != '-')
    return FALSE;
  for (; *p != '\0'; p++)
    {
      if (g_ascii_isdigit (*p))
        digits = TRUE;
      else if (*p == '.' && !point)
        point = TRUE;
      else
        return FALSE;
    }
  return digits;
}

static void
append_quoted (GString    *out,
               const char *prefix,
               const char *field,
               const char *suffix,
               char        separator)
{
  g_autofree char *whole = g_strconcat (prefix, field, suffix, NULL);

  if (strpbrk (whole, "\"\r\n") == NULL && strchr (whole, separator) == NULL && suffix[0] == '\0')
    {
      g_string_append (out, whole);
      return;
    }
  g_string_append_c (out, '"');
  for (const char *p = whole; *p != '\0'; p++)
    {
      if (*p == '"')
        g_string_append_c (out, '"');
      g_string_append_c (out, *p);
    }
  g_string_append_c (out, '"');
}

/**
 * qw_csv_field_starts_formula:
 *
 * Returns: whether a spreadsheet would read @field as a formula (it starts
 *   with =, +, -, @, a tab or a carriage return, and is not a negative number)
 */
gboolean
qw_csv_field_starts_formula (const char *field)
{
  return qw_xlsx_text_is_formula_like (field) && !is_negative_number (field);
}

/**
 * qw_csv_append_field:
 *
 * Appends a field of a CSV export that Excel opens, quoted when it needs it.
 * Text that a spreadsheet would take for a formula (it starts with = + - @,
 * a tab or a carriage return: how formula injection works) is written
 * after Excel's text mark ', which the import reads away again; a negative
 * number stays as it is.
 */
void
qw_csv_append_field (GString    *out,
                     const char *field,
                     char        separator)
{
  if (field == NULL)
    field = "";
  append_quoted (out, qw_csv_field_starts_formula (field) ? "'" : "", field, "", separator);
}

/**
 * qw_csv_append_id_field:
 *
 * Appends an ID number (or another long code) so that Excel keeps it as
 * text when it opens the file: a field of 12 digits or more, which Excel
 * would turn into a number and show as 4.41381E+17 (losing the digits past
 * the 15th), gets a tab after it, as Chinese systems' exports do; Excel
 * then keeps the cell as text, and Qiwang's import reads the tab away.
 */
void
qw_csv_append_id_field (GString    *out,
                        const char *field,
                        char        separator)
{
  gsize n;

  if (field == NULL)
    field = "";
  n = strlen (field);
  if (n >= 12 && strspn (field, "0123456789") == n)
    append_quoted (out, "", field, "\t", separator);
  else
    qw_csv_append_field (out, field, separator);
}
