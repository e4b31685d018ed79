/* qw-file-locks.h: SQLite's locks held by the open file, not by the process
 *
 * See qw-file-locks.c: a document's locks are open file description locks,
 * which no other open and close of its path in the process can drop.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

gboolean _qw_file_locks_install (void);
gboolean _qw_file_locks_are_ofd (void);

G_END_DECLS
