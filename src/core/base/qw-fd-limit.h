/* qw-fd-limit.h: the process's limit on open files
 *
 * A desktop session starts programs with a soft limit of 1,024 open files
 * and a much higher hard one; the soft limit exists only for programs that
 * still use select(). Qiwang does not (GLib polls), and the venue server
 * holds one descriptor per phone: both mains raise the soft limit to the
 * hard one before anything else, and the server sizes its caps from the
 * limit in force when it starts (publish/qw-publish-connections.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Raises the soft limit to the hard limit; returns the limit now in force.
 * Never fails: a limit that cannot be raised stays as it was. */
guint64  qw_fd_limit_raise  (void);
/* The soft limit in force (the descriptors this process may hold). */
guint64  qw_fd_limit_get    (void);

G_END_DECLS
