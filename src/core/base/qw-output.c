/* qw-output.c: writing the files Qiwang hands out
 *
 * The temporary file is made with O_TMPFILE: it has no name until it is
 * complete, so that nothing is left behind when the program is killed while
 * it writes. It is then linked under a hidden name next to the output and
 * renamed over it (link() cannot replace a file; rename() can, atomically).
 * A file system without O_TMPFILE (FAT and exFAT USB sticks, some network
 * shares) gets a hidden named temporary file instead, removed on failure.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-output"
/* O_TMPFILE, AT_EMPTY_PATH (Linux) */
#define _GNU_SOURCE

#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "qw-error.h"
#include "qw-output.h"

#define SQLITE_HEADER "SQLite format 3"  /* and its NUL: the first 16 bytes of every database */

typedef enum
{
  TEMP_UNNAMED,   /* O_TMPFILE, linked and renamed into place */
  TEMP_NAMED,     /* a hidden file next to the output, renamed into place */
  DIRECT_NEW,     /* QW_OUTPUT_STAGED: the file itself, new in a new folder */
  DIRECT_STREAM,  /* a FIFO or a character device */
} Kind;

struct _QwOutput
{
  char          *path;
  char          *temp_path;  /* where the bytes go: /proc/self/fd/N, .NAME.XXXXXX, or @path */
  int            fd;
  Kind           kind;
  QwOutputFlags  flags;
  int            error;      /* the first write's errno */
  gboolean       made_name;  /* @temp_path is a file of ours, to remove unless committed */
  gboolean       committed;
};

static gboolean
set_io_error (GError     **error,
              const char  *path,
              int          saved)
{
  g_autofree char *display = g_filename_display_name (path);

  g_set_error (error, QW_ERROR, QW_ERROR_IO, _("%s cannot be written: %s"), display, g_strerror (saved));
  return FALSE;
}

static gboolean
same_file (const char        *path,
           const struct stat *st)
{
  struct stat other;

  return path != NULL && stat (path, &other) == 0 && other.st_dev == st->st_dev && other.st_ino == st->st_ino;
}

/* A descriptor this process already has open on the file @st describes
 * (-1: none; -2: the process's descriptors cannot be listed). */
static int
open_descriptor (const struct stat *st)
{
  DIR *dir = opendir ("/proc/self/fd");
  struct dirent *entry;
  int found = -1;

  if (dir == NULL)
    return -2;
  while (found < 0 && (entry = readdir (dir)) != NULL)
    {
      char *end = NULL;
      long fd = strtol (entry->d_name, &end, 10);
      struct stat fst;

      if (end == entry->d_name || *end != '\0' || fd == dirfd (dir))
        continue;
      if (fstat ((int) fd, &fst) == 0 && fst.st_dev == st->st_dev && fst.st_ino == st->st_ino)
        found = (int) fd;
    }
  closedir (dir);
  return found;
}

/* The first bytes of the regular file @path (@st: its stat()).
 *
 * The file is never opened when this process has it open already: closing
 * any descriptor of a file drops every POSIX lock the process holds on it
 * (SQLite's "How To Corrupt An SQLite Database File", §2.2), and the process
 * may be holding a document open right now (the window, an export thread,
 * the region's stops), whose locks SQLite relies on. Such a file is read
 * through the descriptor already open instead (pread() moves no offset).
 * Any other file is opened for reading only, without waiting on anything,
 * and closed: no lock of ours can be lost on a file we did not have open.
 *
 * Returns: the number of bytes read, or -1 when the file is open in this
 *   process and cannot be read through that descriptor */
static gssize
read_head (const char        *path,
           const struct stat *st,
           char              *buffer,
           gsize              size)
{
  int fd = open_descriptor (st);
  gssize n;

  if (fd >= 0)
    return pread (fd, buffer, size, 0);
  fd = open (path, O_RDONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0)
    return 0;
  do
    n = read (fd, buffer, size);
  while (n < 0 && errno == EINTR);
  close (fd);
  return MAX (n, 0);
}

static gboolean
is_database (const char        *path,
             const struct stat *st)
{
  char head[sizeof SQLITE_HEADER] = { 0 };

  return S_ISREG (st->st_mode) && read_head (path, st, head, sizeof head) == (gssize) sizeof head
         && memcmp (head, SQLITE_HEADER, sizeof head) == 0;
}

/* Whether @path is the -wal, -shm or -journal beside a database: the
 * changes of a document not yet in its file live there. */
static gboolean
is_journal_of_database (const char *path)
{
  static const char *const suffixes[] = { "-wal", "-shm", "-journal" };

  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
    if (g_str_has_suffix (path, suffixes[i]))
      {
        g_autofree char *database = g_strndup (path, strlen (path) - strlen (suffixes[i]));
        struct stat st;

        if (stat (database, &st) == 0 && is_database (database, &st))
          return TRUE;
      }
  return FALSE;
}

/**
 * qw_output_check_target:
 * @path: where an output is about to be written
 * @document: (nullable): the document the output is made from
 * @inputs: (nullable) (array zero-terminated=1): other files being read
 *
 * Whether @path may receive an output. It may not when it is (or leads to,
 * by a symbolic link, or is a hard link of) @document or one of @inputs,
 * when it is any database (a Qiwang document, or another program's) or the
 * -wal, -shm or -journal of one, a folder, or a special file other than a
 * FIFO or a character device.
 * There is no overriding this: an output that replaces its own input
 * destroys the very data it was made from.
 *
 * Returns: %FALSE, with a message, when it may not
 */
gboolean
qw_output_check_target (const char          *path,
                        const char          *document,
                        const char * const  *inputs,
                        GError             **error)
{
  g_autofree char *display = g_filename_display_name (path);
  char head[sizeof SQLITE_HEADER] = { 0 };
  struct stat st;
  gssize n;

  g_return_val_if_fail (path != NULL, FALSE);

  /* Beside a document, even where there is none yet: SQLite would take the
   * output for the document's journal. */
  if (is_journal_of_database (path))
    {
      g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT,
                   _("%s belongs to a Qiwang document (its journal of changes); writing there would lose "
                     "them. Choose another name."), display);
      return FALSE;
    }
  /* Nothing there (or a dangling link, which the output replaces): free.
   * Anything stat() cannot see through is left to the write to report. */
  if (stat (path, &st) != 0)
    return TRUE;
  if (S_ISDIR (st.st_mode))
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("%s is a folder; an output is written to a file"), display);
      return FALSE;
    }
  /* The identities first, by stat(): the document may be open in this
   * process, and is then not to be opened again (read_head()). */
  if (same_file (document, &st))
    {
      g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT,
                   _("%s is the document being read; writing there would replace it. An output never "
                     "replaces its input: choose another name."), display);
      return FALSE;
    }
  for (guint i = 0; inputs != NULL && inputs[i] != NULL; i++)
    if (same_file (inputs[i], &st))
      {
        g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT,
                     _("%s is a file the command reads; writing there would replace it. An output never "
                       "replaces its input: choose another name."), display);
        return FALSE;
      }
  if (S_ISCHR (st.st_mode) || S_ISFIFO (st.st_mode))
    return TRUE;
  if (!S_ISREG (st.st_mode))
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                   _("%s is not a regular file (a device or a socket); outputs are written to files"), display);
      return FALSE;
    }
  n = read_head (path, &st, head, sizeof head);
  if (n < 0)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT,
                   _("%s is open in Qiwang; writing there would replace it. Choose another name."), display);
      return FALSE;
    }
  if (n == (gssize) sizeof head && memcmp (head, SQLITE_HEADER, sizeof head) == 0)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT,
                   _("%s is a Qiwang document; writing there would replace it. An output never replaces "
                     "a document: choose another name."), display);
      return FALSE;
    }
  return TRUE;
}

static char *
hidden_name_next_to (const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *name = g_strdup_printf (".%s.XXXXXX", base);

  return g_build_filename (dir, name, NULL);
}

static gboolean
open_temporary (QwOutput  *self,
                mode_t     mode,
                GError   **error)
{
  g_autofree char *dir = g_path_get_dirname (self->path);

  self->fd = open (dir, O_TMPFILE | O_WRONLY | O_CLOEXEC, mode);
  if (self->fd >= 0)
    {
      self->kind = TEMP_UNNAMED;
      /* For a library that opens its file by name (libxlsxwriter). */
      self->temp_path = g_strdup_printf ("/proc/self/fd/%d", self->fd);
      return TRUE;
    }
  if (errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL && errno != ENOSYS)
    return set_io_error (error, self->path, errno);
  self->kind = TEMP_NAMED;
  self->temp_path = hidden_name_next_to (self->path);
  self->fd = g_mkstemp_full (self->temp_path, O_WRONLY | O_CLOEXEC, (int) mode);
  if (self->fd < 0)
    return set_io_error (error, self->path, errno);
  self->made_name = TRUE;
  return TRUE;
}

/**
 * qw_output_new:
 * @path: the output (checked with qw_output_check_target(), without inputs)
 *
 * Starts writing @path: nothing there changes before qw_output_commit().
 * The bytes go through qw_output_write(), or, for a library that writes a
 * file by name, to qw_output_get_temp_path().
 */
QwOutput *
qw_output_new (const char     *path,
               QwOutputFlags   flags,
               GError        **error)
{
  g_autoptr(QwOutput) self = NULL;
  mode_t mode = (flags & QW_OUTPUT_PRIVATE) ? 0600 : 0666;
  struct stat st;

  g_return_val_if_fail (path != NULL && *path != '\0', NULL);

  if (!qw_output_check_target (path, NULL, NULL, error))
    return NULL;
  self = g_new0 (QwOutput, 1);
  self->path = g_strdup (path);
  self->flags = flags;
  self->fd = -1;
  if (flags & QW_OUTPUT_STAGED)
    {
      self->kind = DIRECT_NEW;
      self->temp_path = g_strdup (path);
      self->fd = open (path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode);
      if (self->fd < 0)
        {
          set_io_error (error, path, errno);
          return NULL;
        }
      self->made_name = TRUE;
      return g_steal_pointer (&self);
    }
  if (stat (path, &st) == 0 && (S_ISCHR (st.st_mode) || S_ISFIFO (st.st_mode)))
    {
      self->kind = DIRECT_STREAM;
      self->temp_path = g_strdup (path);
      self->fd = open (path, O_WRONLY | O_NOCTTY | O_CLOEXEC);
      if (self->fd < 0)
        {
          set_io_error (error, path, errno);
          return NULL;
        }
      return g_steal_pointer (&self);
    }
  if (!open_temporary (self, mode, error))
    return NULL;
  return g_steal_pointer (&self);
}

const char *
qw_output_get_path (QwOutput *self)
{
  return self->path;
}

const char *
qw_output_get_temp_path (QwOutput *self)
{
  return self->temp_path;
}

/**
 * qw_output_write:
 *
 * Appends @size bytes. A failure (a full disk) is kept: the commit fails
 * with it too, so a caller that streams through a library's callback may
 * check only the commit.
 */
gboolean
qw_output_write (QwOutput    *self,
                 const void  *data,
                 gsize        size,
                 GError     **error)
{
  const char *p = data;

  g_return_val_if_fail (self != NULL && !self->committed, FALSE);

  while (self->error == 0 && size > 0)
    {
      gssize n = write (self->fd, p, size);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          self->error = n < 0 ? errno : EIO;
          break;
        }
      p += n;
      size -= (gsize) n;
    }
  if (self->error != 0)
    return set_io_error (error, self->path, self->error);
  return TRUE;
}

/* A rename is on the disk only once its folder is. */
static void
sync_folder_of (const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);
  int fd = open (dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

  if (fd >= 0)
    {
      fsync (fd);
      close (fd);
    }
}

/* The unnamed file gets a hidden name next to @path (link() never replaces
 * anything, so a name taken is simply tried again). */
static char *
link_unnamed (QwOutput *self,
              int      *saved)
{
  for (int attempt = 0; attempt < 100; attempt++)
    {
      char *name = hidden_name_next_to (self->path);
      char *x = name + strlen (name) - 6;

      for (int i = 0; i < 6; i++)
        x[i] = "abcdefghijklmnopqrstuvwxyz0123456789"[g_random_int_range (0, 36)];
      /* Through /proc; else by the descriptor itself, which needs
       * CAP_DAC_READ_SEARCH. */
      if (linkat (AT_FDCWD, self->temp_path, AT_FDCWD, name, AT_SYMLINK_FOLLOW) == 0
          || (errno != EEXIST && linkat (self->fd, "", AT_FDCWD, name, AT_EMPTY_PATH) == 0))
        return name;
      *saved = errno;
      g_free (name);
      if (*saved != EEXIST)
        return NULL;
    }
  return NULL;
}

/**
 * qw_output_commit:
 *
 * Puts the output in place: flushed to the disk, then renamed over the old
 * file in one step. On failure the old file is as it was and the temporary
 * file is gone. Free the output with qw_output_free() either way.
 */
gboolean
qw_output_commit (QwOutput  *self,
                  GError   **error)
{
  g_autofree char *linked = NULL;
  int saved = self->error;
  int fd;

  g_return_val_if_fail (self != NULL && !self->committed && self->fd >= 0, FALSE);

  if (saved == 0 && (self->kind == TEMP_UNNAMED || self->kind == TEMP_NAMED) && fsync (self->fd) != 0)
    saved = errno;
  if (saved == 0 && self->kind == TEMP_UNNAMED && (linked = link_unnamed (self, &saved)) == NULL && saved == 0)
    saved = EEXIST;
  fd = self->fd;
  self->fd = -1;
  if (close (fd) != 0 && saved == 0)
    saved = errno;
  if (saved == 0 && self->kind == TEMP_NAMED && g_rename (self->temp_path, self->path) != 0)
    saved = errno;
  if (saved == 0 && linked != NULL && g_rename (linked, self->path) != 0)
    saved = errno;
  if (saved != 0)
    {
      if (linked != NULL)
        g_unlink (linked);
      return set_io_error (error, self->path, saved);
    }
  self->committed = TRUE;
  if (self->kind == TEMP_UNNAMED || self->kind == TEMP_NAMED)
    sync_folder_of (self->path);
  return TRUE;
}

/**
 * qw_output_free:
 *
 * Without a commit, nothing is left: the temporary file (or, staged, the
 * file begun) is removed.
 */
void
qw_output_free (QwOutput *self)
{
  if (self == NULL)
    return;
  if (self->fd >= 0)
    close (self->fd);
  if (!self->committed && self->made_name)
    g_unlink (self->temp_path);
  g_free (self->temp_path);
  g_free (self->path);
  g_free (self);
}

/**
 * qw_output_replace_contents:
 * @size: the length of @data, or -1 for text ending in a NUL
 *
 * Writes @path whole or not at all (see qw-output.h).
 */
gboolean
qw_output_replace_contents (const char     *path,
                            const void     *data,
                            gssize          size,
                            QwOutputFlags   flags,
                            GError        **error)
{
  g_autoptr(QwOutput) output = qw_output_new (path, flags, error);

  if (output == NULL)
    return FALSE;
  if (size < 0)
    size = (gssize) strlen (data);
  return qw_output_write (output, data, (gsize) size, error) && qw_output_commit (output, error);
}
