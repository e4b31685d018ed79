/* qiwang-xls-reader.c: FreeXL in a process of its own
 *
 * The only program of Qiwang that calls FreeXL. FreeXL 1.0.6 trusts the
 * lengths a workbook states (src/core/base/qw-xls.c tells what fuzzing
 * found), so whatever a damaged or hostile file makes it do to memory
 * happens here, in a process that holds nothing but that file, and not in
 * the application with its open documents. qw-xls.c starts it (spawn and
 * exec, never a bare fork of the application), hands it a compound file it
 * rebuilt itself on the standard input, and reads the answer that
 * qw-xls-reply.h describes from the standard output, trusting nothing in it.
 *
 * Before FreeXL runs, the process limits itself: CPU time, no core dump,
 * and (without AddressSanitizer) address space, so that a file that makes
 * FreeXL loop or allocate without end costs seconds, not the machine.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <freexl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "qw-xls-reply.h"

#if defined(__SANITIZE_ADDRESS__)
# define UNDER_ASAN 1
#elif defined(__has_feature)
# if __has_feature(address_sanitizer)
#  define UNDER_ASAN 1
# endif
#endif

static void
limit_resources (void)
{
  struct rlimit cpu = { QW_XLS_READER_CPU_SECONDS, QW_XLS_READER_CPU_SECONDS + 1 };
  struct rlimit core = { 0, 0 };

  setrlimit (RLIMIT_CPU, &cpu);
  setrlimit (RLIMIT_CORE, &core);
#ifndef UNDER_ASAN
  {
    struct rlimit memory = { QW_XLS_READER_MAX_MEMORY, QW_XLS_READER_MAX_MEMORY };

    setrlimit (RLIMIT_AS, &memory);
  }
#endif
}

static void
put_u32 (uint8_t  *p,
         uint32_t  value)
{
  for (int i = 0; i < 4; i++)
    p[i] = (uint8_t) (value >> (8 * i));
}

static void
reply (QwXlsReplyTag  tag,
       const void    *payload,
       size_t         length)
{
  uint8_t head[5];

  head[0] = (uint8_t) tag;
  put_u32 (head + 1, (uint32_t) length);
  fwrite (head, 1, sizeof head, stdout);
  if (length > 0)
    fwrite (payload, 1, length, stdout);
}

static void
reply_u32 (QwXlsReplyTag tag,
           uint32_t      value)
{
  uint8_t payload[4];

  put_u32 (payload, value);
  reply (tag, payload, sizeof payload);
}

/* A cell: its row and column, then @value (@length bytes). */
static void
reply_cell (QwXlsReplyTag   tag,
            unsigned int    row,
            unsigned short  column,
            const void     *value,
            size_t          length)
{
  uint8_t *payload = malloc (6 + length);

  if (payload == NULL)
    exit (3);
  put_u32 (payload, row);
  payload[4] = (uint8_t) column;
  payload[5] = (uint8_t) (column >> 8);
  memcpy (payload + 6, value, length);
  reply (tag, payload, 6 + length);
  free (payload);
}

static void
reply_value (unsigned int            row,
             unsigned short          column,
             const FreeXL_CellValue *cell)
{
  uint8_t bytes[8];

  switch (cell->type)
    {
    case FREEXL_CELL_INT:
      put_u32 (bytes, (uint32_t) cell->value.int_value);
      reply_cell (QW_XLS_REPLY_INT, row, column, bytes, 4);
      break;
    case FREEXL_CELL_DOUBLE:
      {
        uint64_t bits;

        memcpy (&bits, &cell->value.double_value, sizeof bits);
        put_u32 (bytes, (uint32_t) bits);
        put_u32 (bytes + 4, (uint32_t) (bits >> 32));
        reply_cell (QW_XLS_REPLY_DOUBLE, row, column, bytes, 8);
      }
      break;
    case FREEXL_CELL_TEXT:
    case FREEXL_CELL_SST_TEXT:
    case FREEXL_CELL_DATE:
    case FREEXL_CELL_DATETIME:
    case FREEXL_CELL_TIME:
      if (cell->value.text_value != NULL)
        reply_cell (QW_XLS_REPLY_TEXT, row, column, cell->value.text_value, strlen (cell->value.text_value));
      break;
    default:
      break;
    }
}

static void
reply_cells (const void   *book,
             unsigned int  sheet)
{
  unsigned int rows = 0;
  unsigned short columns = 0;

  if (freexl_select_active_worksheet (book, (unsigned short) sheet) != FREEXL_OK
      || freexl_worksheet_dimensions (book, &rows, &columns) != FREEXL_OK)
    {
      reply_u32 (QW_XLS_REPLY_UNREADABLE, sheet);
      return;
    }
  reply_u32 (QW_XLS_REPLY_SHEET, sheet);
  if (rows > QW_XLS_READER_MAX_ROWS)
    rows = QW_XLS_READER_MAX_ROWS;
  for (unsigned int r = 0; r < rows; r++)
    for (unsigned short c = 0; c < columns; c++)
      {
        FreeXL_CellValue cell;

        if (freexl_get_cell_value (book, r, c, &cell) == FREEXL_OK)
          reply_value (r, c, &cell);
      }
}

/* The sheet the arguments ask for: its index, or -1 for none (names only,
 * or no sheet of that name). */
static long
wanted_sheet (int           argc,
              char        **argv,
              const void   *book,
              unsigned int  n_sheets)
{
  if (argc == 3 && strcmp (argv[1], "--sheet") == 0)
    {
      char *end = NULL;
      unsigned long index = strtoul (argv[2], &end, 10);

      return *end == '\0' && index < n_sheets ? (long) index : -1;
    }
  if (argc == 3 && strcmp (argv[1], "--sheet-name") == 0)
    for (unsigned int i = 0; i < n_sheets; i++)
      {
        const char *name = NULL;

        if (freexl_get_worksheet_name (book, (unsigned short) i, &name) == FREEXL_OK && name != NULL
            && strcmp (name, argv[2]) == 0)
          return (long) i;
      }
  return -1;
}

static void
reply_book (int    argc,
            char **argv)
{
  const void *book = NULL;
  unsigned int info = 0, n_sheets = 0;
  long wanted;
  int rc;

  /* The standard input is a memfd: FreeXL opens it again by name. FreeXL
   * 1.0.6 returns FREEXL_OK without a workbook when a record parser fails
   * (common_open() keeps the last error code, an OK): reported as a
   * handle that is not one. */
  rc = freexl_open ("/proc/self/fd/0", &book);
  if (rc == FREEXL_OK && book == NULL)
    rc = FREEXL_INVALID_HANDLE;
  if (rc != FREEXL_OK)
    {
      reply_u32 (QW_XLS_REPLY_OPEN_ERROR, (uint32_t) rc);
      if (book != NULL)
        freexl_close (book);
      return;
    }
  if (freexl_get_info (book, FREEXL_BIFF_PASSWORD, &info) == FREEXL_OK && info == FREEXL_BIFF_OBFUSCATED)
    reply (QW_XLS_REPLY_PASSWORD, NULL, 0);
  else
    {
      if (freexl_get_info (book, FREEXL_BIFF_SHEET_COUNT, &n_sheets) != FREEXL_OK)
        n_sheets = 0;
      if (n_sheets > 65535)
        n_sheets = 65535;
      for (unsigned int i = 0; i < n_sheets; i++)
        {
          const char *name = NULL;

          if (freexl_get_worksheet_name (book, (unsigned short) i, &name) != FREEXL_OK || name == NULL)
            name = "";
          reply (QW_XLS_REPLY_SHEET_NAME, name, strlen (name));
        }
      wanted = wanted_sheet (argc, argv, book, n_sheets);
      if (wanted >= 0)
        reply_cells (book, (unsigned int) wanted);
    }
  freexl_close (book);
}

int
main (int    argc,
      char **argv)
{
  limit_resources ();
  reply_book (argc, argv);
  reply (QW_XLS_REPLY_END, NULL, 0);
  if (fflush (stdout) != 0 || ferror (stdout))
    return 2;
  return 0;
}
