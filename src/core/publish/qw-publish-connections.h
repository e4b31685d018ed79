/* qw-publish-connections.h: the venue server's door, where every connection is bounded
 *
 * The server (qw-publish-server.c) owns its listening sockets through this
 * door rather than through libsoup's listener, for two reasons found in
 * libsoup 3.2 (Debian 12):
 *
 *  - Its listener stops accepting for good on the first failed accept()
 *    (soup-listener.c: listen_watch returns G_SOURCE_REMOVE), and a process
 *    out of descriptors fails every accept(). Here a failed accept pauses
 *    accepting, is logged once, and accepting resumes as soon as a
 *    connection closes (or after 200 ms).
 *  - It leaks every kept-alive connection that the client closes between
 *    two requests: reading the end of the stream before the next request's
 *    first byte, it finishes a message that nothing waits for and never
 *    disconnects (soup-server-message-io-http1.c, fixed upstream after 3.2
 *    by "server: do not leak idle connections closed by the client"). A
 *    connection handed over with soup_server_accept_iostream() is never
 *    kept alive by libsoup 3.2 (request_finished() keeps a connection only
 *    when the server has listeners of its own): each connection carries one
 *    request, answered with "Connection: close", and is closed after it.
 *
 * Each connection gets 10 s from connecting to its request's last header
 * (slowloris) and, while it is answered, 30 s without taking a byte. There
 * are at most max_connections open, and max_per_client from one address;
 * a new one beyond either cap takes the place of the oldest idle one (no
 * byte of a request waiting), or is closed at once when none is idle. The
 * caps stay well below the descriptor limit, so the process keeps
 * descriptors for its documents (and, in the window, for GTK).
 *
 * A request refused before its body is read (qw_publish_connections_refuse)
 * is taken from libsoup, answered here, and its connection drained for at
 * most 2 s and 1 MB (so that the client can read the answer) and closed:
 * no body is ever read into memory.
 *
 * One thread only (the server's), but the counters are atomics that any
 * thread may read.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <libsoup/soup.h>

#include "qw-publish-server.h"

G_BEGIN_DECLS

/* Atomics, owned by the server (they outlive its thread). */
typedef struct
{
  gint  max_connections;  /* the limits in force */
  gint  max_per_client;
  gint  open;
  gint  accepted;
  gint  dropped_idle;
  gint  timed_out;
  gint  refused;
  gint  bodies_refused;
  gint  shortages;
} QwConnectionCounters;

typedef struct _QwPublishConnections QwPublishConnections;

/* Fills in the zero fields of @limits for a process that may hold
 * @fd_limit descriptors. */
void                  qw_publish_limits_resolve        (QwPublishLimits        *limits,
                                                        guint64                 fd_limit);

/* In the thread-default main context, which must stay the same until
 * qw_publish_connections_free(). */
QwPublishConnections *qw_publish_connections_new       (SoupServer             *soup,
                                                        const QwPublishLimits  *limits,
                                                        QwConnectionCounters   *counters);
/* Closes the listening sockets and every connection. Call after
 * soup_server_disconnect(). */
void                  qw_publish_connections_free      (QwPublishConnections   *self);

/* Accepts from @socket (bound and listening) from now on. */
void                  qw_publish_connections_listen    (QwPublishConnections   *self,
                                                        GSocket                *socket);

/* From a handler of libsoup's "got-headers" stage (an early handler):
 * answers @status with @text (plain, UTF-8) and closes the connection,
 * without reading the request's body. @allow: (nullable): the Allow
 * header (for 405). */
void                  qw_publish_connections_refuse    (QwPublishConnections   *self,
                                                        SoupServerMessage      *msg,
                                                        guint                   status,
                                                        const char             *allow,
                                                        const char             *text);

G_END_DECLS
