/* qw-xls-reply.h: what Qiwang's .xls reader answers
 *
 * The reader (src/libexec/qiwang-xls-reader.c) runs FreeXL in a process of
 * its own; qw-xls.c says why. It reads a compound file from its standard
 * input (seekable: qw-xls.c passes a memfd) and is run as
 *   qiwang-xls-reader                     the sheets' names
 *   qiwang-xls-reader --sheet N           and the cells of sheet N (from 0)
 *   qiwang-xls-reader --sheet-name NAME   and the cells of the sheet NAME
 * It answers on its standard output with records: a tag (one byte), the
 * payload's length (32 bits), the payload. Numbers are little-endian; text is
 * UTF-8 without a NUL. A complete answer ends with QW_XLS_REPLY_END and the
 * reader's exit status 0; anything else means it did not finish.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

typedef enum
{
  QW_XLS_REPLY_OPEN_ERROR = 'E',   /* int32: freexl_open()'s error (not 0); nothing else follows */
  QW_XLS_REPLY_PASSWORD = 'P',     /* (empty): the workbook is encrypted; nothing else follows */
  QW_XLS_REPLY_SHEET_NAME = 'N',   /* text: the next sheet's name, in the workbook's order */
  QW_XLS_REPLY_SHEET = 'S',        /* uint32: the sheet whose cells follow, from 0 */
  QW_XLS_REPLY_UNREADABLE = 'U',   /* uint32: the sheet asked for, which FreeXL cannot read */
  QW_XLS_REPLY_INT = 'I',          /* uint32 row (from 0), uint16 column, int32 value */
  QW_XLS_REPLY_DOUBLE = 'D',       /* uint32 row, uint16 column, IEEE 754 binary64 value */
  QW_XLS_REPLY_TEXT = 'T',         /* uint32 row, uint16 column, text (also dates, as FreeXL writes them) */
  QW_XLS_REPLY_END = 'Z',          /* (empty): the answer is complete */
} QwXlsReplyTag;

/* The reader's own limits: CPU seconds (then the kernel stops it) and, in a
 * build without AddressSanitizer (whose shadow memory needs terabytes of
 * address space), bytes of address space. A list of thousands of players
 * takes a fraction of a second and tens of megabytes. */
#define QW_XLS_READER_CPU_SECONDS 20
#define QW_XLS_READER_MAX_MEMORY  ((unsigned long) 1024 * 1024 * 1024)

/* The rows read of a sheet, at most: qw-sheet.h's QW_SHEET_MAX_ROWS (the
 * reader does not link the core; qw-xls.c checks that the two agree). */
#define QW_XLS_READER_MAX_ROWS 1048576
