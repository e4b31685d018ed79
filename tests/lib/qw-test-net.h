/* qw-test-net.h: a client that behaves like the phones at a venue, and worse
 *
 * Raw sockets on loopback, every wait bounded: a server that does not
 * answer makes a helper return 0 (no answer), never hang. The source
 * address can be any of 127.0.0.0/8 (Linux routes them all to loopback),
 * so that one test has many "phones".
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <sys/types.h>

G_BEGIN_DECLS

/* A connected socket from @from (NULL: any) to 127.0.0.1:@port, or -1. */
int         qw_test_net_connect      (const char  *from,
                                      guint        port,
                                      double       timeout);

/* Sends @request on a new connection and reads the answer: through its
 * Content-Length when it has one (then closes first, as a client that keeps
 * connections alive does), else to the end. Returns the status, 0 for no
 * answer within @timeout (or a reset); @body (nullable) gets the body. */
guint       qw_test_net_request      (const char  *from,
                                      guint        port,
                                      const char  *request,
                                      double       timeout,
                                      GString     *body);
/* "GET @path HTTP/1.1" with a Host header, keep-alive (HTTP/1.1's default). */
guint       qw_test_net_get          (guint        port,
                                      const char  *path,
                                      double       timeout,
                                      GString     *body);

/* For a forked child (system calls only, no GLib): connects to
 * 127.0.0.1:@port, sends @request and reads the answer into @reply (at
 * most @size - 1 bytes, NUL-terminated) until the server closes or
 * @timeout_ms passes. Returns the bytes read, -1 if it could not connect. */
gssize      qw_test_net_ask_raw      (guint        port,
                                      const char  *request,
                                      int          timeout_ms,
                                      char        *reply,
                                      gsize        size);

/* Idle connections held by child processes (so that the test process's
 * own descriptor limit does not matter): @n connections, round-robin from
 * @from (NULL-terminated), that send nothing. Returns once all connected
 * (or failed). */
typedef struct _QwTestIdle QwTestIdle;

QwTestIdle *qw_test_net_hold_idle    (guint               port,
                                      const char * const *from,
                                      guint               n,
                                      double              timeout);
/* How many of them connected. */
guint       qw_test_net_idle_held    (QwTestIdle         *idle);
/* Closes them all; returns how many the server had closed before. */
guint       qw_test_net_release      (QwTestIdle         *idle);

/* /proc/@pid/fd entries (G_MAXUINT when this process has no descriptor
 * left to read them); VmRSS of /proc/@pid/status in kB. */
guint       qw_test_count_fds        (pid_t               pid);
guint64     qw_test_rss_kb           (pid_t               pid);

G_END_DECLS
