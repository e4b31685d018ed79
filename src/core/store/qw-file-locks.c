/* qw-file-locks.c: SQLite's locks held by the open file, not by the process
 *
 * SQLite's unix VFS locks a database with classic POSIX record locks
 * (fcntl F_SETLK). Those belong to the process, and closing *any*
 * descriptor of the file in the process drops every one of them: GLib
 * sniffing the content type of x.qiwang for the file chooser (open, read,
 * close), a thumbnailer, a drag and drop, any library that opens the
 * document's path for a moment. The window then works on without its
 * shared lock; the next program that closes the document believes it is the
 * last, checkpoints, and deletes the -wal and -shm under the window, whose
 * later changes go to a deleted file (SQLite's "How To Corrupt An SQLite
 * Database File", §2.2).
 *
 * On Linux, open file description locks (F_OFD_SETLK, since 3.15) are held
 * by the open file that took them and released only when its last
 * descriptor closes: another open and close of the same path, in this
 * process or another, leaves them alone. They conflict with classic locks
 * and with each other, so other programs (the sqlite3 shell, another
 * Qiwang) still see them and coordinate as before.
 *
 * SQLite lets a program replace the system calls its unix VFS makes
 * (xSetSystemCall); "fcntl" is replaced here by a function that turns
 * F_SETLK, F_SETLKW and F_GETLK into their OFD forms (l_pid must then be 0)
 * and passes every other command through. A kernel or a file system that
 * refuses OFD locks (EINVAL) gets the classic command, for that call and, as
 * the refusal is the file system's, for every later one on that file.
 *
 * Per-process sharing (SQLite's unixInodeInfo). SQLite keeps one record of
 * the locks on a file per process and takes the SHARED lock through the
 * descriptor of the first connection that needs it; the others only count
 * (nShared). With classic locks the descriptor does not matter; with OFD
 * locks the read lock stays on the first connection's open file until that
 * file is closed. SQLite never closes a connection's descriptor while
 * another connection of the process holds a lock on the file (it keeps it
 * on the pUnused list and closes it when the last lock goes), so the
 * difference only shows when the first connection closes before another
 * one of the same process: the later connection's close-time attempt at an
 * EXCLUSIVE lock (to checkpoint and delete the WAL) then fails on the
 * first one's still-open file, and the WAL and -shm are left for the next
 * program, which recovers them. That is the safe direction: a checkpoint
 * skipped, nothing deleted. In WAL mode, the only one a document is used
 * in, writers and checkpoints lock the -shm, never the database file; the
 * -shm's locks go through one descriptor per process (unixShmNode.hShm),
 * so there every lock is released by the open file that took it.
 *
 * The override is installed once per process, before the first connection
 * opens (a lock taken the classic way and released the OFD way would be
 * kept): from a constructor, when the core is loaded, and again (a no-op)
 * before every connection the store opens.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define _GNU_SOURCE
#define G_LOG_DOMAIN "qw-document"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <sqlite3.h>
#include <stdarg.h>

#include "qw-file-locks.h"

static sqlite3_syscall_ptr classic_fcntl;
static gboolean ofd_refused;

#if defined(F_OFD_SETLK) && defined(F_OFD_SETLKW) && defined(F_OFD_GETLK)
static int
ofd_command (int cmd)
{
  switch (cmd)
    {
    case F_SETLK:
      return F_OFD_SETLK;
    case F_SETLKW:
      return F_OFD_SETLKW;
    case F_GETLK:
      return F_OFD_GETLK;
    default:
      return 0;
    }
}
#else
static int
ofd_command (int cmd)
{
  return 0;
}
#endif

/* SQLite calls it as fcntl (fd, cmd, arg); like glibc's fcntl, the third
 * argument is read as a pointer whatever the command. */
static int
ofd_fcntl (int fd,
           int cmd,
           ...)
{
  int (*next) (int, int, ...) = (int (*) (int, int, ...)) classic_fcntl;
  int ofd = ofd_command (cmd);
  void *arg;
  va_list ap;

  va_start (ap, cmd);
  arg = va_arg (ap, void *);
  va_end (ap);
  if (ofd != 0 && arg != NULL)
    {
      struct flock lock = *(struct flock *) arg;
      int rc;

      lock.l_pid = 0;
      rc = next (fd, ofd, &lock);
      if (rc == 0 && cmd == F_GETLK)
        *(struct flock *) arg = lock;
      if (rc == 0 || errno != EINVAL)
        return rc;
      if (!g_atomic_int_get (&ofd_refused))
        {
          g_atomic_int_set (&ofd_refused, TRUE);
          g_info ("Open file description locks were refused here: SQLite's locks are the classic "
                     "ones, which closing another descriptor of the document would drop");
        }
    }
  return next (fd, cmd, arg);
}

static gpointer
install (gpointer data)
{
  sqlite3_vfs *vfs = sqlite3_vfs_find (NULL);

  if (vfs == NULL || vfs->iVersion < 3 || vfs->xSetSystemCall == NULL || vfs->xGetSystemCall == NULL)
    return GINT_TO_POINTER (FALSE);
  classic_fcntl = vfs->xGetSystemCall (vfs, "fcntl");
  if (classic_fcntl == NULL)
    return GINT_TO_POINTER (FALSE);
  /* The system call table is shared by every unix VFS (unix, unix-none,
   * unix-excl …): one override covers them all. */
  return GINT_TO_POINTER (vfs->xSetSystemCall (vfs, "fcntl", (sqlite3_syscall_ptr) ofd_fcntl) == SQLITE_OK);
}

/**
 * _qw_file_locks_install:
 *
 * Makes SQLite lock through open file descriptions from now on, once per
 * process; call it before the first connection opens.
 *
 * Returns: %TRUE if SQLite's fcntl goes through the OFD wrapper
 */
gboolean
_qw_file_locks_install (void)
{
  static GOnce once = G_ONCE_INIT;

  return GPOINTER_TO_INT (g_once (&once, install, NULL));
}

/**
 * _qw_file_locks_are_ofd:
 *
 * Returns: %TRUE if the locks SQLite has taken in this process are open file
 *   description locks: the wrapper is installed and no file system has
 *   refused them
 */
gboolean
_qw_file_locks_are_ofd (void)
{
  return _qw_file_locks_install () && !g_atomic_int_get (&ofd_refused);
}

/* Before main(), single-threaded, before anything can open a connection:
 * xSetSystemCall is not thread-safe. */
__attribute__ ((constructor)) static void
install_at_load (void)
{
  _qw_file_locks_install ();
}
