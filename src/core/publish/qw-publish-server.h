/* qw-publish-server.h: the read-only web server on the venue network
 *
 * Serves the public pages (qw-site-pages.h) of one document to the phones
 * at the venue. It runs in a thread of its own, with its own main context
 * and its own read-only connection to the document's file (SQLite's WAL
 * lets it read while the arbiter writes): neither side ever waits for the
 * other. It polls the connection's data version; after a change it loads
 * a new snapshot on the next request (or poll) and renders each page once
 * per version, caching it (and its gzip form) until the next change.
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

/* The machine's addresses a phone could reach (IPv4 and IPv6, loopback last). */
GStrv            qw_publish_list_addresses        (void);
/* "http://A:P/", with [A] for IPv6. */
char            *qw_publish_url_for               (const char           *address,
                                                   guint                 port);

G_END_DECLS
