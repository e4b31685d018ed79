/* qw-file.c: reading the files that come from outside, and the limits
 *
 * A size taken from stat() is 0 for a device or a FIFO, so a limit checked
 * against st_size alone lets /dev/zero through; here the file must be a
 * regular one, and the reading itself stops one byte past the limit, so that
 * a file that grows while it is read is refused as well.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-file"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "qw-error.h"
#include "qw-file.h"

static const gsize max_bytes[QW_N_FILE_KINDS] = {
  [QW_FILE_CSV] = QW_CSV_MAX_BYTES,
  [QW_FILE_RESULTS] = QW_RESULTS_MAX_BYTES,
  [QW_FILE_NOMINEES] = QW_NOMINEES_MAX_BYTES,
  [QW_FILE_RULESET] = QW_RULESET_MAX_BYTES,
  [QW_FILE_TEMPLATE] = QW_TEMPLATE_MAX_BYTES,
  [QW_FILE_WORKBOOK] = QW_WORKBOOK_MAX_BYTES,
  [QW_FILE_TRF] = QW_TRF_MAX_BYTES,
};

gsize
qw_file_max_bytes (QwFileKind kind)
{
  g_return_val_if_fail (kind < QW_N_FILE_KINDS, 0);
  return max_bytes[kind];
}

static const char *
kind_name (QwFileKind kind)
{
  switch (kind)
    {
    case QW_FILE_CSV:
      return _("a registration or stops list");
    case QW_FILE_RESULTS:
      return _("a results file");
    case QW_FILE_NOMINEES:
      return _("a list of nominees");
    case QW_FILE_RULESET:
      return _("a ruleset");
    case QW_FILE_TEMPLATE:
      return _("a certificate layout");
    case QW_FILE_WORKBOOK:
      return _("a workbook");
    case QW_FILE_TRF:
      return _("a tournament report (TRF)");
    case QW_N_FILE_KINDS:
    default:
      g_return_val_if_reached ("");
    }
}

static gboolean
too_large (guint64      size,
           gboolean     at_least,
           QwFileKind   kind,
           const char  *display_name,
           GError     **error)
{
  g_autofree char *size_text = g_format_size (size);
  g_autofree char *limit = g_format_size (max_bytes[kind]);

  if (at_least)
    /* Translators: "list.csv is too large to be a registration or stops list (more than 64.0 MB, the limit)" */
    g_set_error (error, QW_ERROR, QW_ERROR_TOO_LARGE, _("%s is too large to be %s (more than %s, the limit)"),
                 display_name, kind_name (kind), limit);
  else
    /* Translators: "big.xml is too large to be a results file (40.0 MB; the limit is 32.0 MB)" */
    g_set_error (error, QW_ERROR, QW_ERROR_TOO_LARGE, _("%s is too large to be %s (%s; the limit is %s)"),
                 display_name, kind_name (kind), size_text, limit);
  return FALSE;
}

/**
 * qw_file_check_size:
 *
 * Returns: %FALSE, with a message naming the kind and the limit, when
 *   @length bytes are more than a file of @kind may have
 */
gboolean
qw_file_check_size (gsize        length,
                    QwFileKind   kind,
                    const char  *display_name,
                    GError     **error)
{
  g_return_val_if_fail (kind < QW_N_FILE_KINDS, FALSE);
  if (length <= max_bytes[kind])
    return TRUE;
  return too_large (length, FALSE, kind, display_name, error);
}

static gboolean
check_mode (mode_t       mode,
            const char  *display_name,
            GError     **error)
{
  if (S_ISREG (mode))
    return TRUE;
  if (S_ISDIR (mode))
    g_set_error (error, QW_ERROR, QW_ERROR_IO, _("%s is a folder, not a file"), display_name);
  else
    g_set_error (error, QW_ERROR, QW_ERROR_IO,
                 _("%s is not a regular file (a device, a pipe or a socket); only files are read"),
                 display_name);
  return FALSE;
}

/**
 * qw_file_check_regular:
 *
 * Returns: %TRUE when @path names a regular file (after symbolic links)
 */
gboolean
qw_file_check_regular (const char  *path,
                       GError     **error)
{
  g_autofree char *display_name = g_filename_display_name (path);
  GStatBuf st;

  if (g_stat (path, &st) != 0)
    {
      int saved = errno;

      g_set_error (error, QW_ERROR, QW_ERROR_IO, _("%s cannot be read: %s"), display_name, g_strerror (saved));
      return FALSE;
    }
  return check_mode (st.st_mode, display_name, error);
}

/* Opens @path for reading without waiting (a FIFO would wait for a writer),
 * and checks that it is a regular file within the limit of @kind.
 * Returns: the descriptor, or -1 with @error set. */
static int
open_checked (const char   *path,
              const char   *display_name,
              QwFileKind    kind,
              struct stat  *st,
              GError      **error)
{
  int fd = g_open (path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0);

  if (fd < 0)
    {
      int saved = errno;

      g_set_error (error, QW_ERROR, QW_ERROR_IO, _("%s cannot be read: %s"), display_name, g_strerror (saved));
      return -1;
    }
  if (fstat (fd, st) != 0)
    {
      int saved = errno;

      close (fd);
      g_set_error (error, QW_ERROR, QW_ERROR_IO, _("%s cannot be read: %s"), display_name, g_strerror (saved));
      return -1;
    }
  if (!check_mode (st->st_mode, display_name, error))
    {
      close (fd);
      return -1;
    }
  if ((guint64) st->st_size > max_bytes[kind])
    {
      close (fd);
      too_large ((guint64) st->st_size, FALSE, kind, display_name, error);
      return -1;
    }
  return fd;
}

/**
 * qw_file_check:
 *
 * For a library that opens the file itself (FreeXL): checks, without
 * waiting on a FIFO, that @path is a regular file within the limit of @kind.
 *
 * Returns: %FALSE, with a message, when it is not
 */
gboolean
qw_file_check (const char  *path,
               QwFileKind   kind,
               GError     **error)
{
  g_autofree char *display_name = g_filename_display_name (path);
  struct stat st;
  int fd;

  g_return_val_if_fail (kind < QW_N_FILE_KINDS, FALSE);
  fd = open_checked (path, display_name, kind, &st, error);
  if (fd < 0)
    return FALSE;
  close (fd);
  return TRUE;
}

/**
 * qw_file_read:
 * @contents: (out): the bytes, NUL-terminated
 * @length: (out): their number, without the NUL
 *
 * Reads a whole regular file of at most the limit of @kind. A FIFO is opened
 * without waiting for a writer and then refused, like any other file that is
 * not a regular one.
 */
gboolean
qw_file_read (const char  *path,
              QwFileKind   kind,
              char       **contents,
              gsize       *length,
              GError     **error)
{
  g_autofree char *display_name = g_filename_display_name (path);
  g_autofree char *data = NULL;
  gsize limit, size = 0, allocated;
  struct stat st;
  int fd;

  g_return_val_if_fail (kind < QW_N_FILE_KINDS, FALSE);
  limit = max_bytes[kind];
  fd = open_checked (path, display_name, kind, &st, error);
  if (fd < 0)
    return FALSE;
  /* One byte more than the limit tells a file that grew meanwhile. */
  allocated = MIN ((gsize) st.st_size, limit) + 2;
  data = g_malloc (allocated);
  for (;;)
    {
      gssize n;

      if (size + 1 >= allocated)
        {
          if (size > limit)
            break;
          allocated = MIN (allocated * 2, limit + 2);
          data = g_realloc (data, allocated);
        }
      n = read (fd, data + size, allocated - 1 - size);
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int saved = errno;

          close (fd);
          g_set_error (error, QW_ERROR, QW_ERROR_IO, _("%s cannot be read: %s"), display_name, g_strerror (saved));
          return FALSE;
        }
      if (n == 0)
        break;
      size += (gsize) n;
    }
  close (fd);
  if (size > limit)
    return too_large (size, TRUE, kind, display_name, error);
  data[size] = '\0';
  *contents = g_steal_pointer (&data);
  *length = size;
  return TRUE;
}
