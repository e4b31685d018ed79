/* qw-publish-server.h: the read-only web server on the venue network
 *
 * Serves the public pages (qw-site-pages.h) of one document to the phones
 * at the venue. It runs in a thread of its own, with its own main context
 * and its own read-only connection to the document's file (SQLite's WAL
 * lets it read while the arbiter writes): neither side ever waits for the
 * other. It polls the connection's data version; after a change it loads
 * a new snapshot on the next request (or poll) and renders each page once
 * per version, keeping it (and its gzip form) until the next change within
 * a byte budget (qw-page-cache.h).
 *
 * It is bounded in everything (qw-publish-connections.h): connections in
 * all and per address, the time a request may take to arrive and an answer
 * to be taken, the pages kept; only GET and HEAD are served, and a request
 * with a body is refused before the body is read. Out of descriptors, it
 * waits for them and says so in its log.
 *
 * Only the addresses given are bound. Nothing is written to the document.
 * While it runs, the QR codes of the document's printouts point to it
 * (print/qw-print-source.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* What the server allows itself and each phone. A zero field takes the
 * default, the one a venue gets (qw-publish-connections.h says why). */
typedef struct
{
  guint  max_connections;     /* open at once; default: half the descriptor limit, at most 1,024 */
  guint  max_per_client;      /* from one address; default: half of max_connections */
  guint  request_timeout_ms;  /* from connecting to the request's last header; default 10 s */
  guint  idle_timeout_ms;     /* answering, without the phone taking a byte; default 30 s */
  gsize  cache_bytes;         /* the rendered pages kept (qw-page-cache.h); default 32 MB */
} QwPublishLimits;

/* Counters since the start, for the log, the window and the tests. */
typedef struct
{
  guint  open;                /* connections open now */
  guint  max_connections;     /* the limits in force */
  guint  max_per_client;
  guint  accepted;            /* connections accepted */
  guint  dropped_idle;        /* idle ones closed to make room for a new one */
  guint  timed_out;           /* closed by a timeout */
  guint  refused;             /* closed at once: no room and none idle */
  guint  bodies_refused;      /* requests refused before their body was read (405, 413) */
  guint  shortages;           /* times accepting paused for want of descriptors */
  guint  cached_pages;        /* rendered pages kept, and their bytes */
  gsize  cached_bytes;
} QwPublishStats;

#define QW_TYPE_PUBLISH_SERVER (qw_publish_server_get_type ())

G_DECLARE_FINAL_TYPE (QwPublishServer, qw_publish_server, QW, PUBLISH_SERVER, GObject)

QwPublishServer *qw_publish_server_new            (const char           *path);
const char      *qw_publish_server_get_path       (QwPublishServer      *self);

/* @addresses: IP addresses to bind ("192.168.1.5", "::1", "0.0.0.0");
 * @port: 0 picks a free one (the same on every address). Blocks until the
 * server listens or failed: a few milliseconds. */
gboolean         qw_publish_server_start          (QwPublishServer      *self,
                                                   const char * const   *addresses,
                                                   guint                 port,
                                                   GError              **error);
void             qw_publish_server_start_async    (QwPublishServer      *self,
                                                   const char * const   *addresses,
                                                   guint                 port,
                                                   GCancellable         *cancellable,
                                                   GAsyncReadyCallback   callback,
                                                   gpointer              user_data);
gboolean         qw_publish_server_start_finish   (QwPublishServer      *self,
                                                   GAsyncResult         *result,
                                                   GError              **error);
/* Stops serving and waits for the server's thread (at most one page being
 * rendered). */
void             qw_publish_server_stop           (QwPublishServer      *self);
gboolean         qw_publish_server_is_running     (QwPublishServer      *self);

/* "http://192.168.1.5:8080/", one per address, as bound. */
GStrv            qw_publish_server_get_urls       (QwPublishServer      *self);
guint            qw_publish_server_get_port       (QwPublishServer      *self);
/* Requests answered so far, and the pages' version (changes with the document). */
guint64          qw_publish_server_get_requests   (QwPublishServer      *self);
gint64           qw_publish_server_get_version    (QwPublishServer      *self);
/* How often the document is polled for changes; default 250 ms. */
void             qw_publish_server_set_poll_interval (QwPublishServer   *self,
                                                      guint              milliseconds);

/* Before start; NULL: the defaults. */
void             qw_publish_server_set_limits     (QwPublishServer      *self,
                                                   const QwPublishLimits *limits);
/* From any thread, while it runs or after. */
void             qw_publish_server_get_stats      (QwPublishServer      *self,
                                                   QwPublishStats       *stats);

/* The machine's addresses a phone could reach (IPv4 and IPv6, loopback last). */
GStrv            qw_publish_list_addresses        (void);
/* "http://A:P/", with [A] for IPv6. */
char            *qw_publish_url_for               (const char           *address,
                                                   guint                 port);

G_END_DECLS
