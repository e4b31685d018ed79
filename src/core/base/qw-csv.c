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

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "qw-csv.h"
#include "qw-error.h"
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

/**
 * qw_csv_decode:
 * @encoding: (out): the encoding that was recognised
 *
 * Returns: the text in UTF-8 without a BOM, or %NULL with an error when the
 *   bytes are neither UTF-8, UTF-16 with a BOM, nor GB18030.
 */
static char *
qw_csv_decode (const char  *data,
               gsize        length,
               char       **encoding,
               GError     **error)
{
  const guchar *u = (const guchar *) data;
  g_autoptr(GError) local_error = NULL;
  char *text;

  if (length >= 3 && u[0] == 0xEF && u[1] == 0xBB && u[2] == 0xBF)
    {
      if (!g_utf8_validate (data + 3, (gssize) length - 3, NULL))
        {
          g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                       _("The file says it is UTF-8 but contains bytes that are not"));
          return NULL;
        }
      *encoding = g_strdup ("UTF-8 (BOM)");
      return g_strndup (data + 3, length - 3);
    }
  if (length >= 2 && ((u[0] == 0xFF && u[1] == 0xFE) || (u[0] == 0xFE && u[1] == 0xFF)))
    {
      const char *from = u[0] == 0xFF ? "UTF-16LE" : "UTF-16BE";

      text = g_convert (data + 2, (gssize) length - 2, "UTF-8", from, NULL, NULL, &local_error);
      if (text == NULL)
        {
          g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                       _("The file is not valid %s: %s"), from, local_error->message);
          return NULL;
        }
      *encoding = g_strdup (from);
      return text;
    }
  if (memchr (data, '\0', length) != NULL)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                   _("The file is not a text file (it contains NUL bytes); save the sheet as CSV"));
      return NULL;
    }
  if (g_utf8_validate (data, (gssize) length, NULL))
    {
      *encoding = g_strdup ("UTF-8");
      return g_strndup (data, length);
    }
  text = g_convert (data, (gssize) length, "UTF-8", "GB18030", NULL, NULL, &local_error);
  if (text == NULL)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                   _("The file is neither UTF-8 nor GB18030 text"));
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

static GStrv
read_record (Cursor   *c,
             gboolean *ok)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_autoptr(GString) field = g_string_new (NULL);

  *ok = TRUE;
  for (;;)
    {
      if (!read_field (c, field))
        {
          *ok = FALSE;
          return NULL;
        }
      g_strv_builder_add (builder, g_strstrip (field->str));
      if (*c->p == c->sep)
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
  return g_strv_builder_end (builder);
}

QwCsv *
qw_csv_parse_data (const char  *data,
                   gsize        length,
                   GError     **error)
{
  g_autoptr(QwCsv) csv = g_new0 (QwCsv, 1);
  g_autofree char *text = NULL;
  Cursor c;

  text = qw_csv_decode (data, length, &csv->encoding, error);
  if (text == NULL)
    return NULL;
  csv->rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  csv->lines = g_array_new (FALSE, FALSE, sizeof (int));
  csv->separator = guess_separator (text);
  c = (Cursor) { text, 1, csv->separator };
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
    }
  if (csv->rows->len == 0)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("The file is empty"));
      return NULL;
    }
  return g_steal_pointer (&csv);
}

QwCsv *
qw_csv_read_file (const char  *path,
                  GError     **error)
{
  g_autofree char *data = NULL;
  g_autofree char *display_name = g_filename_display_name (path);
  g_autoptr(GError) local_error = NULL;
  gsize length = 0;
  GStatBuf st;
  QwCsv *csv;

  if (g_stat (path, &st) != 0)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_IO, _("%s cannot be read: %s"),
                   display_name, g_strerror (errno));
      return NULL;
    }
  if (st.st_size > QW_CSV_MAX_BYTES)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_TOO_LARGE,
                   _("%s is too large to be a registration list"), display_name);
      return NULL;
    }
  if (!g_file_get_contents (path, &data, &length, &local_error))
    {
      g_set_error (error, QW_ERROR, QW_ERROR_IO, _("%s cannot be read: %s"),
                   display_name, local_error->message);
      return NULL;
    }
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
  append_quoted (out, qw_xlsx_text_is_formula_like (field) && !is_negative_number (field) ? "'" : "",
                 field, "", separator);
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
