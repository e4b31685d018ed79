/* qw-xls.c: reading old Excel workbooks (.xls, BIFF8) as CSV tables
 *
 * Many desks still save as "Excel 97-2003". FreeXL reads the BIFF records,
 * decodes the text to UTF-8 and already tells dates from numbers by their
 * cell format (handing them over as "YYYY-MM-DD" text, in either date
 * system); the rest goes through the same table builder as .xlsx
 * (qw-sheet.c), so both read alike. FreeXL does not report merged cells,
 * so merges are not repeated for .xls; title rows are still dropped.
 *
 * FreeXL 1.0.6 (Debian 12's, the newest release) trusts the numbers a file
 * states, in its container and in its records alike. Fuzzing found it
 * reading 53 KB past a 4 KB buffer of its stack for a directory entry whose
 * name says it is 53,841 bytes long, and 131,050 bytes past its 8 KB record
 * buffer for a FORMAT record whose text says it has 65,525 characters in a
 * record of 15 bytes; the container alone has a dozen more such numbers
 * (the mini stream's size, its cut-off, chains that loop or run past their
 * stream). Checking each number the way FreeXL reads it was tried first and
 * failed at the next one: FreeXL's record parsers are as trusting as its
 * container code. So a workbook is read in three steps, none of which lets
 * the file reach the application's memory through FreeXL:
 *
 *   1. qw-cfb.c, Qiwang's own code (fuzzed with AddressSanitizer), reads the
 *      user's compound file by [MS-CFB], checking every structure on the
 *      way to the Workbook stream; a damaged container is refused here with
 *      a clear message, before any other program sees it.
 *   2. The Workbook stream is copied into a compound file Qiwang writes
 *      itself, the simplest there is (qw_cfb_write_stream()): FreeXL never
 *      sees the user's container, its loops or its false lengths, only the
 *      BIFF records.
 *   3. FreeXL reads that file in a process of its own, qiwang-xls-reader
 *      (src/libexec/), started by spawn and exec (never a bare fork of this
 *      threaded process), limited in CPU time and memory, handed the file on
 *      a memfd and answering on a pipe (qw-xls-reply.h). Whatever a hostile
 *      record makes FreeXL do to memory, it does in that process: here it is
 *      a reader that did not finish, and the file is refused as damaged.
 *      Its answer is checked as input from outside: every length against
 *      the bytes there are, text as UTF-8, rows within the sheet's limit,
 *      the whole answer within QW_XLS_MAX_REPLY_BYTES and a deadline.
 *
 * A reader process costs a few milliseconds per file opened, nothing next
 * to a person choosing the file. The reader is installed in
 * libexecdir/qiwang; a development build run from its build folder and the
 * tests use the build's (qw_libexec_file()).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-xls"
#define _GNU_SOURCE

#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "qw-cfb.h"
#include "qw-data.h"
#include "qw-error.h"
#include "qw-file.h"
#include "qw-sheet.h"
#include "qw-xls-reply.h"
#include "qw-xls.h"

G_STATIC_ASSERT (QW_XLS_READER_MAX_ROWS == QW_SHEET_MAX_ROWS);

/* Wall-clock seconds the reader may take, past its own CPU limit: on a
 * loaded laptop, a large list still reads in a few. */
#define READER_SECONDS (3 * QW_XLS_READER_CPU_SECONDS)

#define BIFF_BOF        0x0809
#define BIFF_MAX_RECORD 8224

/* The streams looked for in the container, the preferred first: BIFF8's,
 * BIFF5's, and the one a password-protected .xlsx hides in. */
static const char * const stream_names[] = { "Workbook", "Book", "EncryptedPackage", NULL };
enum { STREAM_WORKBOOK, STREAM_BOOK, STREAM_ENCRYPTED };

typedef struct
{
  char      *display_name;
  GPtrArray *names;        /* the sheets' names, in order */
  int        sheet;        /* the sheet whose cells came, from 0, or -1 */
  gboolean   unreadable;   /* the sheet asked for could not be read */
  QwSheet   *cells;
} Book;

static void
book_clear (Book *book)
{
  g_clear_pointer (&book->display_name, g_free);
  g_clear_pointer (&book->names, g_ptr_array_unref);
  g_clear_pointer (&book->cells, qw_sheet_free);
}

static void
set_damaged (GError     **error,
             const char  *display_name)
{
  g_set_error (error, QW_ERROR, QW_ERROR_CORRUPT,
               _("%s: this .xls file is damaged or malformed and cannot be read"), display_name);
}

static void
set_password (GError     **error,
              const char  *display_name)
{
  g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
               _("%s is protected by a password; remove the password in Excel first"), display_name);
}

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

/* The records of a Workbook stream, each within the stream and within
 * BIFF8's 8,224 bytes; 0000 0000 (the padding some writers leave) ends the
 * stream, as do fewer than 4 bytes left. FreeXL takes a longer record for the end of the stream and would
 * silently drop the sheets after it: a damaged file, not a shorter list. */
static gboolean
records_whole (const guint8 *stream,
               gsize         length)
{
  gsize at = 0;

  while (at + 4 <= length)
    {
      guint16 type = le16 (stream + at), size = le16 (stream + at + 2);

      if (type == 0 && size == 0)
        return TRUE;
      if (size > BIFF_MAX_RECORD || size > length - at - 4)
        return FALSE;
      at += 4 + (gsize) size;
    }
  return TRUE;
}

/* Step 1 and 2: the user's file, its container checked, its Workbook stream
 * in a compound file of Qiwang's. */
static GBytes *
rebuild_container (const char  *path,
                   const char  *display_name,
                   GError     **error)
{
  g_autofree char *data = NULL;
  g_autoptr(GBytes) stream = NULL;
  const char *detail = NULL;
  const guint8 *bytes;
  gsize length = 0, size = 0;
  guint which = 0;

  /* A regular file within the limit (qw-file.h), never a FIFO or a device. */
  if (!qw_file_read (path, QW_FILE_WORKBOOK, &data, &length, error))
    return NULL;
  switch (qw_cfb_read_stream ((const guint8 *) data, length, stream_names, &which, &stream, &detail))
    {
    case QW_CFB_NOT_CFB:
      g_set_error (error, QW_ERROR, QW_ERROR_CORRUPT,
                   _("%s is not an .xls workbook (Excel 97–2003), or it is damaged"), display_name);
      return NULL;
    case QW_CFB_NO_STREAM:
      g_set_error (error, QW_ERROR, QW_ERROR_CORRUPT,
                   _("%s is an Office file but not an Excel workbook (a Word or PowerPoint file?)"),
                   display_name);
      return NULL;
    case QW_CFB_DAMAGED:
      g_debug ("%s: the compound file is refused: %s", display_name, detail);
      set_damaged (error, display_name);
      return NULL;
    case QW_CFB_OK:
    default:
      break;
    }
  if (which == STREAM_ENCRYPTED)
    {
      set_password (error, display_name);
      return NULL;
    }
  bytes = g_bytes_get_data (stream, &size);
  if (size < 4 || le16 (bytes) != BIFF_BOF || !records_whole (bytes, size))
    {
      g_debug ("%s: the Workbook stream does not begin with a BOF record or a record runs past it",
               display_name);
      set_damaged (error, display_name);
      return NULL;
    }
  return qw_cfb_write_stream ("Workbook", stream);
}

/* A memfd holding @bytes, at offset 0: the reader's standard input. */
static int
memfd_with (GBytes *bytes)
{
  gsize size = 0;
  const guint8 *data = g_bytes_get_data (bytes, &size);
  int fd = memfd_create ("qiwang-xls", MFD_CLOEXEC);

  if (fd < 0)
    return -1;
  for (gsize done = 0; done < size;)
    {
      ssize_t n = write (fd, data + done, size - done);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          int saved = errno != 0 ? errno : EIO;

          close (fd);
          errno = saved;
          return -1;
        }
      done += (gsize) n;
    }
  if (lseek (fd, 0, SEEK_SET) != 0)
    {
      int saved = errno;

      close (fd);
      errno = saved;
      return -1;
    }
  return fd;
}

typedef enum
{
  COLLECT_DONE,        /* both pipes closed */
  COLLECT_TOO_LARGE,
  COLLECT_TIMED_OUT,
  COLLECT_FAILED,
} Collect;

/* The reader's standard output into @answer (at most
 * QW_XLS_MAX_REPLY_BYTES), and the start of its standard error into
 * @messages, until both close or @deadline passes. */
static Collect
collect (int         out,
         int         err,
         GByteArray *answer,
         GString    *messages,
         gint64      deadline)
{
  struct pollfd fds[2] = { { out, POLLIN, 0 }, { err, POLLIN, 0 } };
  guint8 buffer[65536];

  while (fds[0].fd >= 0 || fds[1].fd >= 0)
    {
      gint64 left = (deadline - g_get_monotonic_time ()) / 1000;
      int ready;

      if (left <= 0)
        return COLLECT_TIMED_OUT;
      ready = poll (fds, G_N_ELEMENTS (fds), (int) MIN (left, (gint64) G_MAXINT));
      if (ready < 0 && errno == EINTR)
        continue;
      if (ready < 0)
        return COLLECT_FAILED;
      for (guint i = 0; i < G_N_ELEMENTS (fds); i++)
        {
          ssize_t n;

          if (fds[i].fd < 0 || fds[i].revents == 0)
            continue;
          n = read (fds[i].fd, buffer, sizeof buffer);
          if (n < 0 && (errno == EINTR || errno == EAGAIN))
            continue;
          if (n <= 0)
            {
              fds[i].fd = -1;
              continue;
            }
          if (i == 0)
            {
              if (answer->len + (gsize) n > QW_XLS_MAX_REPLY_BYTES)
                return COLLECT_TOO_LARGE;
              g_byte_array_append (answer, buffer, (guint) n);
            }
          else if (messages->len < 4096)
            g_string_append_len (messages, (const char *) buffer, MIN ((gsize) n, 4096 - messages->len));
        }
    }
  return COLLECT_DONE;
}

/* The reader's exit status, once it has exited; killed if it has not by
 * @deadline (or at once, with @kill_now). */
static int
reap (GPid     pid,
      gboolean kill_now,
      gint64   deadline)
{
  int status = 0;

  if (kill_now)
    kill (pid, SIGKILL);
  for (;;)
    {
      pid_t done = waitpid (pid, &status, kill_now ? 0 : WNOHANG);

      if (done == pid)
        return status;
      if (done < 0 && errno != EINTR)
        return -1;
      if (!kill_now && g_get_monotonic_time () >= deadline)
        {
          kill (pid, SIGKILL);
          kill_now = TRUE;
        }
      else if (!kill_now)
        g_usleep (1000);
    }
}

/* Step 3: the reader run on @container, with @option and @value (or none).
 * Returns its answer, complete, or NULL with an error. */
static GBytes *
run_reader (GBytes      *container,
            const char  *option,
            const char  *value,
            const char  *display_name,
            GError     **error)
{
  g_autofree char *program = qw_libexec_file ("qiwang-xls-reader");
  const char *argv[] = { program, option, value, NULL };
  g_autoptr(GByteArray) answer = g_byte_array_new ();
  g_autoptr(GString) messages = g_string_new (NULL);
  g_autoptr(GError) local_error = NULL;
  gint64 deadline = g_get_monotonic_time () + READER_SECONDS * G_USEC_PER_SEC;
  int input, out = -1, err = -1, status;
  GPid pid;
  Collect collected;

  input = memfd_with (container);
  if (input < 0)
    {
      int saved = errno;

      g_set_error (error, QW_ERROR, QW_ERROR_IO, _("%s could not be passed to the .xls reader: %s"),
                   display_name, g_strerror (saved));
      return NULL;
    }
  if (!g_spawn_async_with_pipes_and_fds (NULL, argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_CLOEXEC_PIPES,
                                         NULL, NULL, input, -1, -1, NULL, NULL, 0,
                                         &pid, NULL, &out, &err, &local_error))
    {
      close (input);
      g_set_error (error, QW_ERROR, QW_ERROR_FAILED, _("Qiwang’s .xls reader (%s) cannot be started: %s"),
                   program, local_error->message);
      return NULL;
    }
  close (input);
  collected = collect (out, err, answer, messages, deadline);
  close (out);
  close (err);
  status = reap (pid, collected != COLLECT_DONE, deadline);
  g_spawn_close_pid (pid);

  if (collected == COLLECT_TOO_LARGE)
    {
      g_autofree char *limit = g_format_size (QW_XLS_MAX_REPLY_BYTES);

      g_set_error (error, QW_ERROR, QW_ERROR_TOO_LARGE,
                   _("%s holds more than Qiwang reads from a workbook (%s of text)"), display_name, limit);
      return NULL;
    }
  if (collected == COLLECT_TIMED_OUT)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_CORRUPT,
                   _("Reading %s took more than %d seconds and was stopped: the file may be damaged"),
                   display_name, READER_SECONDS);
      return NULL;
    }
  if (collected != COLLECT_DONE || status == -1 || !WIFEXITED (status) || WEXITSTATUS (status) != 0)
    {
      /* FreeXL failed in its own process: a damaged or hostile file. */
      if (status != -1 && WIFSIGNALED (status))
        g_debug ("%s: the .xls reader was stopped by signal %d: %s", display_name, WTERMSIG (status),
                 messages->str);
      else
        g_debug ("%s: the .xls reader did not finish (status %d): %s", display_name, status, messages->str);
      set_damaged (error, display_name);
      return NULL;
    }
  return g_byte_array_free_to_bytes (g_steal_pointer (&answer));
}

/* A cell of the answer into the sheet, as Excel shows it. */
static void
set_cell (QwSheet      *cells,
          guint8        tag,
          guint32       row,
          guint16       column,
          const guint8 *value,
          gsize         length)
{
  g_autofree char *text = NULL;
  g_autofree char *raw = NULL;

  switch (tag)
    {
    case QW_XLS_REPLY_INT:
      raw = g_strdup_printf ("%d", (gint32) le32 (value));
      text = g_strdup (raw);
      break;
    case QW_XLS_REPLY_DOUBLE:
      {
        guint64 bits = (guint64) le32 (value) | (guint64) le32 (value + 4) << 32;
        char buffer[G_ASCII_DTOSTR_BUF_SIZE];
        double number;

        memcpy (&number, &bits, sizeof number);
        raw = g_strdup (g_ascii_dtostr (buffer, sizeof buffer, number));
        text = qw_sheet_format_general (number);
      }
      break;
    case QW_XLS_REPLY_TEXT:
    default:
      text = g_strndup ((const char *) value, length);
      break;
    }
  qw_sheet_set (cells, (int) row + 1, column, text, raw);
}

/* The reader's answer (qw-xls-reply.h) into @book, checked as input from
 * outside. Sets @open_error and @password from their records. */
static gboolean
parse_answer (GBytes      *answer,
              Book        *book,
              int         *open_error,
              gboolean    *password,
              const char **problem)
{
  gsize left = 0;
  const guint8 *p = g_bytes_get_data (answer, &left);
  gboolean ended = FALSE, first = TRUE;

  *open_error = 0;
  *password = FALSE;
  while (left > 0)
    {
      guint8 tag;
      guint32 length;
      const guint8 *payload;

      if (ended || left < 5 || (length = le32 (p + 1)) > left - 5)
        {
          *problem = ended ? "bytes after the end" : "a record runs past the answer";
          return FALSE;
        }
      tag = p[0];
      payload = p + 5;
      p += 5 + length;
      left -= 5 + (gsize) length;
      switch (tag)
        {
        case QW_XLS_REPLY_OPEN_ERROR:
          if (!first || length != 4)
            return (*problem = "a misplaced open error", FALSE);
          *open_error = (int) le32 (payload);
          if (*open_error == 0)
            return (*problem = "an open error that is no error", FALSE);
          break;
        case QW_XLS_REPLY_PASSWORD:
          if (!first || length != 0)
            return (*problem = "a misplaced password record", FALSE);
          *password = TRUE;
          break;
        case QW_XLS_REPLY_SHEET_NAME:
          if (*open_error != 0 || *password || book->sheet >= 0 || book->unreadable
              || !g_utf8_validate_len ((const char *) payload, length, NULL))
            return (*problem = "a misplaced or invalid sheet name", FALSE);
          g_ptr_array_add (book->names, g_strndup ((const char *) payload, length));
          break;
        case QW_XLS_REPLY_SHEET:
        case QW_XLS_REPLY_UNREADABLE:
          if (length != 4 || book->sheet >= 0 || book->unreadable || le32 (payload) >= book->names->len)
            return (*problem = "a misplaced or impossible sheet", FALSE);
          if (tag == QW_XLS_REPLY_SHEET)
            book->sheet = (int) le32 (payload);
          else
            book->unreadable = TRUE;
          break;
        case QW_XLS_REPLY_INT:
        case QW_XLS_REPLY_DOUBLE:
        case QW_XLS_REPLY_TEXT:
          if (book->sheet < 0 || length < 6
              || (tag == QW_XLS_REPLY_INT && length != 6 + 4)
              || (tag == QW_XLS_REPLY_DOUBLE && length != 6 + 8)
              || (tag == QW_XLS_REPLY_TEXT && !g_utf8_validate_len ((const char *) payload + 6, length - 6, NULL))
              || le32 (payload) >= QW_SHEET_MAX_ROWS)
            return (*problem = "a misplaced or invalid cell", FALSE);
          set_cell (book->cells, tag, le32 (payload), le16 (payload + 4), payload + 6, length - 6);
          break;
        case QW_XLS_REPLY_END:
          if (length != 0)
            return (*problem = "an end record with a payload", FALSE);
          ended = TRUE;
          break;
        default:
          return (*problem = "an unknown record", FALSE);
        }
      first = FALSE;
    }
  if (!ended)
    *problem = "no end record";
  return ended;
}

/* The workbook at @path read by the reader with @option and @value: its
 * sheets' names and, if one was asked for, its cells. */
static gboolean
book_read (Book        *book,
           const char  *path,
           const char  *option,
           const char  *value,
           GError     **error)
{
  g_autoptr(GBytes) container = NULL;
  g_autoptr(GBytes) answer = NULL;
  const char *problem = NULL;
  gboolean password = FALSE;
  int open_error = 0;

  book->display_name = g_filename_display_name (path);
  book->names = g_ptr_array_new_with_free_func (g_free);
  book->sheet = -1;
  book->unreadable = FALSE;
  book->cells = qw_sheet_new ();
  if ((container = rebuild_container (path, book->display_name, error)) == NULL
      || (answer = run_reader (container, option, value, book->display_name, error)) == NULL)
    return FALSE;
  if (!parse_answer (answer, book, &open_error, &password, &problem))
    {
      g_debug ("%s: the .xls reader's answer is refused: %s", book->display_name, problem);
      set_damaged (error, book->display_name);
      return FALSE;
    }
  if (open_error != 0)
    {
      /* FreeXL's codes name its own steps (-3: a record it could not
       * parse), nothing the user can act on: for the debug log. */
      g_debug ("%s: FreeXL error %d", book->display_name, open_error);
      set_damaged (error, book->display_name);
      return FALSE;
    }
  if (password)
    {
      set_password (error, book->display_name);
      return FALSE;
    }
  if (book->names->len == 0)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("%s has no sheets"), book->display_name);
      return FALSE;
    }
  return TRUE;
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
  Book book = { 0 };

  if (!book_read (&book, path, NULL, NULL, error))
    {
      book_clear (&book);
      return NULL;
    }
  for (guint i = 0; i < book.names->len; i++)
    g_strv_builder_add (names, g_ptr_array_index (book.names, i));
  book_clear (&book);
  return g_strv_builder_end (names);
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
  g_autoptr(GError) local_error = NULL;
  g_autofree char *number = g_strdup_printf ("%d", sheet_index > 0 ? sheet_index - 1 : 0);
  gboolean by_name = sheet_index <= 0 && sheet_name_wanted != NULL;
  QwCsv *csv;
  Book book = { 0 };

  if (!book_read (&book, path, by_name ? "--sheet-name" : "--sheet", by_name ? sheet_name_wanted : number,
                  error))
    {
      book_clear (&book);
      return NULL;
    }
  if (book.sheet < 0)
    {
      if (book.unreadable)
        g_set_error (error, QW_ERROR, QW_ERROR_CORRUPT, _("%s is damaged: a sheet cannot be read"),
                     book.display_name);
      else if (!by_name)
        g_set_error (error, QW_ERROR, QW_ERROR_NOT_FOUND,
                     _("%s has %u sheets; there is no sheet %d"),
                     book.display_name, book.names->len, sheet_index);
      else
        g_set_error (error, QW_ERROR, QW_ERROR_NOT_FOUND, _("%s has no sheet named “%s”"),
                     book.display_name, sheet_name_wanted);
      book_clear (&book);
      return NULL;
    }
  csv = qw_sheet_to_table (book.cells, "xls", &local_error);
  if (csv == NULL)
    g_set_error (error, QW_ERROR, local_error->code, "%s: %s", book.display_name,
                 local_error->message);
  book_clear (&book);
  return csv;
}
