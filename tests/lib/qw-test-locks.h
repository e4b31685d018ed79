/* qw-test-locks.h: which locks a process holds on a document (/proc)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The "lock:" lines of /proc/PID/fdinfo/FD for every descriptor of @pid
 * open on @path (compared by device and inode): the locks taken through
 * those descriptors, open file description locks (OFDLCK, pid -1) as well
 * as classic ones (POSIX, with the pid). */
GPtrArray  *qw_test_fd_locks               (GPid         pid,
                                            const char  *path);
/* The lines of /proc/locks on @path's inode, for the record. */
GPtrArray  *qw_test_proc_locks             (const char  *path);
/* %TRUE if @pid holds SQLite's SHARED lock on the database @path: a read
 * lock on the shared byte range (1073741826–1073742335) taken through one of
 * its descriptors. */
gboolean    qw_test_holds_shared_lock      (GPid         pid,
                                            const char  *path);
/* The lines above, one string, for messages. */
char       *qw_test_describe_locks         (GPid         pid,
                                            const char  *path);

G_END_DECLS
