/* qw-xls.c: reading old Excel workbooks (.xls, BIFF8) as CSV tables
 *
 * Many desks still save as "Excel 97-2003". FreeXL reads the BIFF records,
 * decodes the text to UTF-8 and already tells dates from numbers by their
 * cell format (handing them over as "YYYY-MM-DD" text, in either date
 * system); the rest goes through the same table builder as .xlsx
 * (qw-sheet.c), so both read alike. FreeXL does not report merged cells,
 * so merges are not repeated for .xls; title rows are still dropped.
 *
 * FreeXL 1.0.6 trusts the lengths the file states: fuzzing found it reading
 * 53 KB past a 4 KB buffer of its stack for a directory entry whose name
 * says it is 53,841 bytes long. So before FreeXL sees a file, its container
 * is checked here as FreeXL will read it (check_container()): a compound
 * file (no BIFF 2-4 stream, which no Excel since 1992 writes), a sector size
 * of 512 or 4096, the first directory sector's entries up to the Workbook
 * stream with names of at most 64 bytes, and that stream's records within
 * the stream and within BIFF8's 8,224 bytes, sector by sector through the
 * allocation table (or the mini stream) exactly as FreeXL follows it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-xls"

#include "config.h"

#include <freexl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>

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

#define CFB_END_OF_CHAIN   0xFFFFFFFEu
#define CFB_FREE           0xFFFFFFFFu
#define BIFF8_MAX_RECORD   8224

static guint32
le32 (const guint8 *p)
{
  return (guint32) p[0] | (guint32) p[1] << 8 | (guint32) p[2] << 16 | (guint32) p[3] << 24;
}

static guint16
le16 (const guint8 *p)
{
  return (guint16) (p[0] | p[1] << 8);
}

/* The sector @sector of the file, or NULL when it lies outside it. */
static const guint8 *
sector_at (const guint8 *data,
           gsize         length,
           guint32       sector,
           gsize         size)
{
  guint64 start = ((guint64) sector + 1) * size;

  return start + size <= length ? data + start : NULL;
}

/* The allocation table as FreeXL builds it: the sectors the header lists,
 * then those of the DIFAT chain, each holding size / 4 entries. */
static GArray *
read_fat (const guint8 *data,
          gsize         length,
          gsize         size)
{
  GArray *fat = g_array_new (FALSE, FALSE, sizeof (guint32));
  guint32 difat_start = le32 (data + 0x44), difat_count = le32 (data + 0x48);
  guint per = (guint) (size / 4);

  for (guint i = 0; i < 109; i++)
    {
      guint32 s = le32 (data + 0x4C + 4 * i);
      const guint8 *sector;

      if (s == CFB_FREE)
        continue;
      if ((sector = sector_at (data, length, s, size)) == NULL)
        goto fail;
      for (guint k = 0; k < per; k++)
        {
          guint32 v = le32 (sector + 4 * k);

          g_array_append_val (fat, v);
        }
    }
  for (guint32 d = difat_start, blocks = 0; difat_count > 0 && blocks < difat_count; blocks++)
    {
      const guint8 *difat = sector_at (data, length, d, size);

      if (difat == NULL || fat->len > length)
        goto fail;
      for (guint k = 0; k + 1 < per; k++)
        {
          guint32 s = le32 (difat + 4 * k);
          const guint8 *sector;

          if (s == CFB_END_OF_CHAIN)
            return fat;
          if (s == CFB_FREE)
            continue;
          if ((sector = sector_at (data, length, s, size)) == NULL)
            goto fail;
          for (guint j = 0; j < per; j++)
            {
              guint32 v = le32 (sector + 4 * j);

              g_array_append_val (fat, v);
            }
        }
      d = le32 (difat + 4 * (per - 1));
    }
  return fat;

fail:
  g_array_unref (fat);
  return NULL;
}

/* The records of a Workbook stream: each within the stream and within
 * BIFF8's limit; 0000 0000 ends the stream for FreeXL. */
static gboolean
check_records (const guint8 *stream,
               gsize         length)
{
  gsize pos = 0;

  while (pos + 4 <= length)
    {
      guint16 type = le16 (stream + pos), size = le16 (stream + pos + 2);

      if (type == 0 && size == 0)
        return TRUE;
      if (size > BIFF8_MAX_RECORD || pos + 4 + size > length)
        return FALSE;
      pos += 4 + size;
    }
  return TRUE;
}

/* Whether FreeXL can be given the file: see the comment at the top. */
static gboolean
check_container (const guint8 *data,
                 gsize         length)
{
  static const guint8 magic[8] = { 0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1 };
  g_autoptr(GArray) fat = NULL;
  g_autoptr(GByteArray) stream = NULL;
  const guint8 *directory;
  guint16 shift;
  gsize size;
  guint32 root_start = 0, root_size = 0, book_start = 0, book_size = 0, cutoff;
  gboolean found = FALSE;

  if (length < 512 || memcmp (data, magic, sizeof magic) != 0)
    return FALSE;
  shift = le16 (data + 0x1E);
  if (shift != 9 && shift != 12)
    return FALSE;
  size = (gsize) 1 << shift;
  /* FreeXL takes the cut-off only when there is a mini FAT (else 0). */
  cutoff = le32 (data + 0x40) > 0 ? le32 (data + 0x38) : 0;
  if ((fat = read_fat (data, length, size)) == NULL)
    return FALSE;
  if ((directory = sector_at (data, length, le32 (data + 0x30), size)) == NULL)
    return FALSE;
  /* The entries FreeXL reads: up to the Workbook stream's. */
  for (gsize e = 0; e + 128 <= size && !found; e += 128)
    {
      const guint8 *entry = directory + e;
      guint16 name_size = le16 (entry + 0x40);
      g_autofree char *name = NULL;

      if (name_size < 2 || name_size > 64 || name_size % 2 != 0)
        return FALSE;
      name = g_utf16_to_utf8 ((const gunichar2 *) entry, name_size / 2 - 1, NULL, NULL, NULL);
      if (name == NULL)
        return FALSE;
      if (g_str_equal (name, "Root Entry"))
        {
          root_start = le32 (entry + 0x74);
          root_size = le32 (entry + 0x78);
        }
      if (g_str_equal (name, "Workbook") || g_str_equal (name, "Book"))
        {
          book_start = le32 (entry + 0x74);
          book_size = le32 (entry + 0x78);
          found = TRUE;
        }
    }
  if (!found || book_size > length)
    return FALSE;

  /* The stream, as FreeXL reads it: from the mini stream when it is small
   * (FreeXL reads it from the mini stream's start), else sector by sector. */
  stream = g_byte_array_new ();
  {
    gboolean mini = book_size <= cutoff;
    guint32 sector = mini ? root_start : book_start;
    guint64 wanted = mini ? root_size : book_size;
    guint steps = 0;

    if (mini && book_size > root_size)
      return FALSE;
    while (stream->len < wanted)
      {
        const guint8 *bytes = sector_at (data, length, sector, size);

        if (bytes == NULL || ++steps > fat->len)
          return FALSE;
        g_byte_array_append (stream, bytes, (guint) MIN (size, wanted - stream->len));
        if (stream->len >= wanted)
          break;
        if (sector >= fat->len)
          return FALSE;
        sector = g_array_index (fat, guint32, sector);
        if (sector == CFB_END_OF_CHAIN)
          break;
      }
    if (stream->len < MIN (wanted, (guint64) book_size))
      return FALSE;
  }
  return check_records (stream->data, MIN ((gsize) stream->len, (gsize) book_size));
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
   * (qw-file.h), never a FIFO or a device it would wait on or read forever,
   * whose container FreeXL can read safely. */
  {
    g_autofree char *data = NULL;
    gsize length = 0;

    if (!qw_file_read (path, QW_FILE_WORKBOOK, &data, &length, error))
      return FALSE;
    if (!check_container ((const guint8 *) data, length))
      {
        g_set_error (error, QW_ERROR, QW_ERROR_CORRUPT,
                     _("%s is not an .xls workbook (Excel 97–2003), or it is damaged"), book->display_name);
        return FALSE;
      }
  }
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
