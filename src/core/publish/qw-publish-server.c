/* qw-publish-server.c: the read-only web server on the venue network
 *
 * Two threads meet only at start and stop (a mutex and a condition) and at
 * counters read with atomics; everything else (the connection, the
 * snapshot, the page cache, the SoupServer, the connections) belongs to the
 * server's thread. The connections, their limits and their timeouts are
 * qw-publish-connections.c's; the pages kept, qw-page-cache.c's.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-publish-server"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <ifaddrs.h>
#include <libsoup/soup.h>
#include <net/if.h>
#include <netinet/in.h>
#include <string.h>

#include "qw-certificate-check.h"
#include "qw-error.h"
#include "qw-fd-limit.h"
#include "qw-page-cache.h"
#include "qw-print-source.h"
#include "qw-publish-connections.h"
#include "qw-publish-server.h"
#include "qw-results-export.h"
#include "qw-site-pages.h"
#include "qw-venue-http.h"

/* Pages smaller than this are sent as they are. */
#define GZIP_MIN_BYTES 1400

struct _QwPublishServer
{
  GObject        parent_instance;
  char          *path;
  guint          poll_ms;

  /* Start and stop */
  GMutex         lock;
  GCond          cond;
  GThread       *thread;
  GMainContext  *context;
  GMainLoop     *loop;
  gboolean       started;       /* the thread has listened or failed */
  GError        *start_error;
  GStrv          urls;
  guint          port;
  char         **addresses;
  guint          want_port;
  QwPublishLimits asked;        /* qw_publish_server_set_limits() */
  QwPublishLimits limits;       /* in force: resolved at start */

  /* Read from other threads */
  gint           requests;      /* atomic */
  gint           version;       /* atomic */
  QwConnectionCounters counters;  /* atomics */
  gint           cached_pages;  /* atomic */
  gint           cached_bytes;  /* atomic */

  /* The server's thread only */
  QwDocument    *doc;
  SoupServer    *soup;
  QwPublishConnections *connections;
  QwSite        *site;
  gint64         data_version;
  gboolean       stale;
  QwPageCache   *cache;
  QwResults     *issued;        /* the certificates, for /verify */
  gint64         issued_version;
  QwVenueHttp   *venue;         /* the venue's writes, device pages and screens (qw-venue-http.h) */
};

G_DEFINE_FINAL_TYPE (QwPublishServer, qw_publish_server, G_TYPE_OBJECT)

/* Addresses */

char *
qw_publish_url_for (const char *address,
                    guint       port)
{
  if (strchr (address, ':') != NULL)
    return g_strdup_printf ("http://[%s]:%u/", address, port);
  return g_strdup_printf ("http://%s:%u/", address, port);
}

/**
 * qw_publish_list_addresses:
 *
 * Returns: (transfer full): the addresses of the machine's interfaces that
 *   are up, the venue network's first and loopback last; IPv6 link-local
 *   addresses are left out (a phone's browser cannot use them in a URL)
 */
GStrv
qw_publish_list_addresses (void)
{
  g_autoptr(GStrvBuilder) outside = g_strv_builder_new ();
  g_autoptr(GStrvBuilder) loopback = g_strv_builder_new ();
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  struct ifaddrs *list = NULL;
  g_autoptr(GStrvBuilder) all = g_strv_builder_new ();
  g_auto(GStrv) first = NULL, last = NULL;

  if (getifaddrs (&list) == 0)
    for (struct ifaddrs *i = list; i != NULL; i = i->ifa_next)
      {
        g_autoptr(GSocketAddress) address = NULL;
        GInetAddress *inet;
        char *text;

        if (i->ifa_addr == NULL || !(i->ifa_flags & IFF_UP)
            || (i->ifa_addr->sa_family != AF_INET && i->ifa_addr->sa_family != AF_INET6))
          continue;
        address = g_socket_address_new_from_native (i->ifa_addr, i->ifa_addr->sa_family == AF_INET
                                                                 ? sizeof (struct sockaddr_in)
                                                                 : sizeof (struct sockaddr_in6));
        if (address == NULL || !G_IS_INET_SOCKET_ADDRESS (address))
          continue;
        inet = g_inet_socket_address_get_address (G_INET_SOCKET_ADDRESS (address));
        if (g_inet_address_get_is_link_local (inet))
          continue;
        text = g_inet_address_to_string (inet);
        if (!g_hash_table_add (seen, text))
          continue;
        g_strv_builder_add (g_inet_address_get_is_loopback (inet) ? loopback : outside, text);
      }
  if (list != NULL)
    freeifaddrs (list);
  first = g_strv_builder_end (outside);
  last = g_strv_builder_end (loopback);
  g_strv_builder_addv (all, (const char **) first);
  g_strv_builder_addv (all, (const char **) last);
  return g_strv_builder_end (all);
}

/* The server's thread: the snapshot */

static void
refresh (QwPublishServer *self)
{
  gint64 data_version = qw_document_get_data_version (self->doc);

  if (data_version != self->data_version)
    {
      self->data_version = data_version;
      self->stale = TRUE;
      g_atomic_int_inc (&self->version);
    }
  if (self->stale)
    {
      g_autoptr(GError) error = NULL;
      QwSite *site = qw_site_load (self->doc, &error);

      /* A failed read keeps the pages as they were; the next poll tries again. */
      if (site == NULL)
        {
          g_warning ("The pages could not be brought up to date: %s", error->message);
          return;
        }
      g_clear_pointer (&self->site, qw_site_unref);
      self->site = site;
      self->stale = FALSE;
      qw_page_cache_clear (self->cache);
    }
}

static gboolean
poll_cb (gpointer data)
{
  QwPublishServer *self = data;
  gint64 data_version;

  /* serve_teardown() closes the document before the thread's last
   * iterations of its context, which may still fire this source. */
  if (self->doc == NULL)
    return G_SOURCE_REMOVE;
  data_version = qw_document_get_data_version (self->doc);
  /* Only the version moves here; the snapshot is read when a page is asked for. */
  if (data_version != self->data_version)
    {
      self->data_version = data_version;
      self->stale = TRUE;
      g_atomic_int_inc (&self->version);
    }
  return G_SOURCE_CONTINUE;
}

static const QwResults *
issued_certificates (QwPublishServer *self)
{
  gint64 version = g_atomic_int_get (&self->version);
  g_autoptr(GError) error = NULL;

  if (self->issued != NULL && self->issued_version == version)
    return self->issued;
  g_clear_pointer (&self->issued, qw_results_free);
  if (qw_document_begin_read (self->doc, &error))
    {
      g_autofree char *secret = qw_certificate_secret (self->doc, FALSE, NULL);

      if (secret != NULL)
        self->issued = qw_results_from_document (self->doc, &error);
      else
        self->issued = qw_results_new ();
      qw_document_end_read (self->doc);
    }
  if (self->issued == NULL)
    {
      g_warning ("The certificates could not be read: %s", error->message);
      self->issued = qw_results_new ();
    }
  self->issued_version = version;
  return self->issued;
}

/* The server's thread: answering */

static GBytes *
gzip_bytes (GBytes *body)
{
  g_autoptr(GZlibCompressor) compressor = g_zlib_compressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP, 6);
  g_autoptr(GInputStream) raw = g_memory_input_stream_new_from_bytes (body);
  g_autoptr(GInputStream) zipped = g_converter_input_stream_new (raw, G_CONVERTER (compressor));
  g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();

  if (g_output_stream_splice (out, zipped, G_OUTPUT_STREAM_SPLICE_CLOSE_SOURCE | G_OUTPUT_STREAM_SPLICE_CLOSE_TARGET,
                              NULL, NULL) < 0)
    return NULL;
  return g_memory_output_stream_steal_as_bytes (G_MEMORY_OUTPUT_STREAM (out));
}

static char *
cache_key (const QwSiteRequest *request)
{
  /* A find (?q=) or a certificate is not worth keeping. */
  if ((request->find != NULL && *request->find != '\0') || request->kind == QW_SITE_PAGE_VERIFY
      || request->kind == QW_SITE_PAGE_VERIFY_JSON || request->kind == QW_SITE_PAGE_VERSION)
    return NULL;
  return g_strdup_printf ("%d|%s|%d|%d", request->kind, request->group != NULL ? request->group : "",
                          request->round, request->no);
}

static QwServedPage *
render_page (QwPublishServer     *self,
             const QwSiteRequest *request)
{
  g_autoptr(QwCertificateCheck) check = NULL;
  g_autoptr(QwSiteResponse) response = NULL;
  gint64 version = g_atomic_int_get (&self->version);
  g_autofree char *etag = NULL;

  if (request->kind == QW_SITE_PAGE_VERIFY || request->kind == QW_SITE_PAGE_VERIFY_JSON)
    check = qw_results_check_certificate (issued_certificates (self), request->code);
  response = qw_site_render (self->site, request, QW_SITE_LIVE, version, check);
  etag = g_strdup_printf ("\"%" G_GINT64_FORMAT "-%x\"", version, g_str_hash (g_bytes_get_data (response->body, NULL)));
  return qw_served_page_new (response->body, response->status, response->content_type, etag);
}

static gboolean
accepts_gzip (SoupMessageHeaders *headers)
{
  const char *accept = soup_message_headers_get_list (headers, "Accept-Encoding");

  return accept != NULL && soup_header_contains (accept, "gzip");
}

/* Returns: whether the page grew (its gzip form was made) */
static gboolean
send_page (SoupServerMessage *msg,
           QwServedPage      *page,
           gboolean           head)
{
  SoupMessageHeaders *in = soup_server_message_get_request_headers (msg);
  SoupMessageHeaders *out = soup_server_message_get_response_headers (msg);
  const char *match = soup_message_headers_get_one (in, "If-None-Match");
  GBytes *body = page->body;
  gboolean grew = FALSE;

  /* One request a connection (qw-publish-connections.h). */
  soup_message_headers_replace (out, "Connection", "close");
  soup_message_headers_replace (out, "Cache-Control", "no-cache");
  soup_message_headers_replace (out, "X-Content-Type-Options", "nosniff");
  soup_message_headers_replace (out, "Content-Security-Policy", QW_SITE_CSP);
  soup_message_headers_replace (out, "ETag", page->etag);
  soup_message_headers_append (out, "Vary", "Accept-Encoding");
  if (page->status == 200 && match != NULL && g_str_equal (match, page->etag))
    {
      soup_server_message_set_status (msg, 304, NULL);
      return FALSE;
    }
  soup_server_message_set_status (msg, page->status, NULL);
  soup_message_headers_set_content_type (out, page->content_type, NULL);
  if (g_bytes_get_size (page->body) >= GZIP_MIN_BYTES && accepts_gzip (in))
    {
      if (page->gzipped == NULL)
        grew = (page->gzipped = gzip_bytes (page->body)) != NULL;
      if (page->gzipped != NULL)
        {
          body = page->gzipped;
          soup_message_headers_replace (out, "Content-Encoding", "gzip");
        }
    }
  if (head)
    soup_message_headers_set_content_length (out, (goffset) g_bytes_get_size (body));
  else
    soup_message_body_append_bytes (soup_server_message_get_response_body (msg), body);
  return grew;
}

/* Text that came in a URL is shown on pages (a group's code, a search, a
 * certificate's code): it must be UTF-8 before anything reads it. */
static gboolean
url_is_utf8 (const char *path,
             GHashTable *query)
{
  GHashTableIter iter;
  gpointer key, value;

  if (!g_utf8_validate (path, -1, NULL))
    return FALSE;
  if (query == NULL)
    return TRUE;
  g_hash_table_iter_init (&iter, query);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (!g_utf8_validate (key, -1, NULL) || (value != NULL && !g_utf8_validate (value, -1, NULL)))
      return FALSE;
  return TRUE;
}

static void
handle_cb (SoupServer        *server,
           SoupServerMessage *msg,
           const char        *path,
           GHashTable        *query,
           gpointer           data)
{
  QwPublishServer *self = data;
  const char *method = soup_server_message_get_method (msg);
  g_auto(QwSiteRequest) request = { 0 };
  g_autofree char *key = NULL;
  g_autoptr(QwServedPage) page = NULL;

  g_atomic_int_inc (&self->requests);
  /* early_cb() refused any other method before this. */
  g_return_if_fail (g_strcmp0 (method, "GET") == 0 || g_strcmp0 (method, "HEAD") == 0
                    || g_strcmp0 (method, "POST") == 0);
  /* A device's write or page reads the document itself: it never waits
   * for the public pages' snapshot to be made again. */
  if (url_is_utf8 (path, query) && qw_venue_http_serves (path) && !g_str_has_prefix (path, "/screen"))
    {
      qw_venue_http_handle (self->venue, msg, path, query, NULL);
      return;
    }
  refresh (self);
  if (self->site == NULL)
    {
      soup_server_message_set_status (msg, 503, NULL);
      soup_message_headers_replace (soup_server_message_get_response_headers (msg), "Connection", "close");
      return;
    }
  /* The venue's writes, device pages and screens: answered there, never
   * kept in the page cache. */
  if (url_is_utf8 (path, query) && qw_venue_http_serves (path))
    {
      qw_venue_http_handle (self->venue, msg, path, query, self->site);
      return;
    }
  g_return_if_fail (g_strcmp0 (method, "POST") != 0);
  /* Not UTF-8: no page has that address; the not-found page (of the path
   * "/not-utf-8") says so without repeating any of it. */
  if (url_is_utf8 (path, query))
    qw_site_request_parse (&request, path, query);
  else
    qw_site_request_parse (&request, "/not-utf-8", NULL);
  key = cache_key (&request);
  page = key != NULL ? qw_page_cache_lookup (self->cache, key) : NULL;
  if (page == NULL)
    {
      page = render_page (self, &request);
      if (key != NULL)
        qw_page_cache_insert (self->cache, key, page);
    }
  if (send_page (msg, page, g_str_equal (method, "HEAD")) && key != NULL)
    qw_page_cache_update (self->cache, key);
  g_atomic_int_set (&self->cached_pages, (gint) qw_page_cache_get_count (self->cache));
  g_atomic_int_set (&self->cached_bytes, (gint) qw_page_cache_get_bytes (self->cache));
}

/* The largest request body each method and path takes; -1: the method is
 * not served. GET and HEAD without a body; POST only to the venue's write
 * endpoints, a small JSON body (qw-venue-http.h). */
static gssize
body_limit (const char *method,
            const char *path)
{
  if (qw_venue_http_serves (path))
    return qw_venue_http_body_limit (method, path);
  if (g_strcmp0 (method, "GET") == 0 || g_strcmp0 (method, "HEAD") == 0)
    return 0;
  return -1;
}

/* libsoup's "got-headers" stage: the body, if any, is not read yet. A
 * request refused here never reaches handle_cb(). */
static void
early_cb (SoupServer        *server,
          SoupServerMessage *msg,
          const char        *path,
          GHashTable        *query,
          gpointer           data)
{
  QwPublishServer *self = data;
  SoupMessageHeaders *headers = soup_server_message_get_request_headers (msg);
  gssize limit = body_limit (soup_server_message_get_method (msg), path);
  SoupEncoding encoding = soup_message_headers_get_encoding (headers);

  if (limit < 0)
    {
      g_atomic_int_inc (&self->requests);
      qw_publish_connections_refuse (self->connections, msg, 405, "GET, HEAD",
                                     "405 这里只能用 GET 和 HEAD 读取页面。\n");
      return;
    }
  /* A write's body must say its length: a chunked one is refused unread
   * (411), whatever it holds. */
  if (limit > 0 && (encoding == SOUP_ENCODING_CHUNKED || encoding == SOUP_ENCODING_EOF))
    {
      g_atomic_int_inc (&self->requests);
      qw_publish_connections_refuse (self->connections, msg, 411, NULL,
                                     "411 请求内容须注明长度（Content-Length），最多 4096 字节。\n");
      return;
    }
  /* A chunked body declares no length: refused whole, whatever the limit. */
  if (encoding == SOUP_ENCODING_CHUNKED || encoding == SOUP_ENCODING_EOF
      || (encoding == SOUP_ENCODING_CONTENT_LENGTH && soup_message_headers_get_content_length (headers) > limit))
    {
      g_atomic_int_inc (&self->requests);
      qw_publish_connections_refuse (self->connections, msg, 413, NULL,
                                     limit > 0 ? "413 请求内容太大：最多 4096 字节的 JSON。\n"
                                               : "413 请求带的内容太大（读取页面的请求不带内容）。\n");
    }
}

/* The server's thread: life */

static void
report_started (QwPublishServer *self,
                GError          *error,
                GStrv            urls)
{
  g_mutex_lock (&self->lock);
  self->start_error = error;
  self->urls = urls;
  self->started = TRUE;
  g_cond_broadcast (&self->cond);
  g_mutex_unlock (&self->lock);
}

/* A phone's page is one short connection: a venue's worth of them arriving
 * together must not overflow the kernel's queue of connections not yet
 * accepted (GLib's default is 10; an overflow costs the phone a second). */
#define LISTEN_BACKLOG 512

/* Returns: (transfer full): the socket, listening */
static GSocket *
listen_on (GSocketAddress  *address,
           GError         **error)
{
  g_autoptr(GSocket) socket = g_socket_new (g_socket_address_get_family (address), G_SOCKET_TYPE_STREAM,
                                            G_SOCKET_PROTOCOL_TCP, error);

  if (socket == NULL)
    return NULL;
  if (g_socket_address_get_family (address) == G_SOCKET_FAMILY_IPV6)
    g_socket_set_option (socket, IPPROTO_IPV6, IPV6_V6ONLY, 1, NULL);
  g_socket_set_listen_backlog (socket, LISTEN_BACKLOG);
  if (!g_socket_bind (socket, address, TRUE, error) || !g_socket_listen (socket, error))
    return NULL;
  return g_steal_pointer (&socket);
}

static gboolean
listen_all (QwPublishServer  *self,
            GError          **error)
{
  guint port = self->want_port;

  for (guint i = 0; self->addresses[i] != NULL; i++)
    {
      g_autoptr(GSocketAddress) address = g_inet_socket_address_new_from_string (self->addresses[i], port);
      g_autoptr(GError) local_error = NULL;
      g_autoptr(GSocket) socket = NULL;

      if (address == NULL)
        {
          g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("“%s” is not an IP address"), self->addresses[i]);
          return FALSE;
        }
      socket = listen_on (address, &local_error);
      if (socket == NULL)
        {
          g_set_error (error, QW_ERROR, QW_ERROR_IO, _("Cannot serve on %s, port %u: %s"),
                       self->addresses[i], port, local_error->message);
          return FALSE;
        }
      qw_publish_connections_listen (self->connections, socket);
      /* Port 0: the port the first address got, for all. */
      if (port == 0)
        {
          g_autoptr(GSocketAddress) bound = g_socket_get_local_address (socket, NULL);

          if (bound != NULL)
            port = g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (bound));
        }
    }
  self->port = port;
  return TRUE;
}

static GStrv
bound_urls (QwPublishServer *self)
{
  g_autoptr(GStrvBuilder) urls = g_strv_builder_new ();

  for (guint i = 0; self->addresses[i] != NULL; i++)
    {
      g_autofree char *url = qw_publish_url_for (self->addresses[i], self->port);

      g_strv_builder_add (urls, url);
    }
  return g_strv_builder_end (urls);
}

/* The address phones should use: the first that is not loopback. */
static const char *
public_url (GStrv urls)
{
  for (guint i = 0; urls[i] != NULL; i++)
    if (strstr (urls[i], "//127.") == NULL && strstr (urls[i], "//[::1]") == NULL)
      return urls[i];
  return urls[0];
}

static gboolean
serve_setup (QwPublishServer  *self,
             GError          **error)
{
  GSource *poll;

  self->doc = qw_document_open_read_only (self->path, error);
  if (self->doc == NULL)
    return FALSE;
  self->cache = qw_page_cache_new (self->limits.cache_bytes);
  self->venue = qw_venue_http_new (self->path);
  self->data_version = qw_document_get_data_version (self->doc);
  g_atomic_int_set (&self->version, 1);
  self->stale = TRUE;
  refresh (self);
  if (self->site == NULL)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_IO, _("The document could not be read"));
      return FALSE;
    }
  self->soup = soup_server_new ("server-header", PACKAGE_NAME " ", NULL);
  soup_server_add_early_handler (self->soup, NULL, early_cb, self, NULL);
  soup_server_add_handler (self->soup, NULL, handle_cb, self, NULL);
  self->connections = qw_publish_connections_new (self->soup, &self->limits, &self->counters);
  if (!listen_all (self, error))
    return FALSE;
  poll = g_timeout_source_new (self->poll_ms);
  g_source_set_callback (poll, poll_cb, self, NULL);
  g_source_attach (poll, self->context);
  g_source_unref (poll);
  return TRUE;
}

static void
serve_teardown (QwPublishServer *self)
{
  if (self->soup != NULL)
    soup_server_disconnect (self->soup);
  g_clear_pointer (&self->connections, qw_publish_connections_free);
  g_clear_object (&self->soup);
  g_clear_pointer (&self->site, qw_site_unref);
  g_clear_pointer (&self->issued, qw_results_free);
  g_clear_pointer (&self->cache, qw_page_cache_free);
  g_clear_pointer (&self->venue, qw_venue_http_free);
  g_clear_object (&self->doc);
}

static gpointer
serve_thread (gpointer data)
{
  QwPublishServer *self = data;
  GError *error = NULL;

  g_main_context_push_thread_default (self->context);
  if (!serve_setup (self, &error))
    {
      serve_teardown (self);
      g_main_context_pop_thread_default (self->context);
      report_started (self, error, NULL);
      return NULL;
    }
  {
    GStrv urls = bound_urls (self);

    qw_print_set_live_url (self->path, public_url (urls));
    report_started (self, NULL, urls);
  }
  g_main_loop_run (self->loop);
  qw_print_set_live_url (self->path, NULL);
  serve_teardown (self);
  /* Sources still in the context (a connection being closed) go with it. */
  while (g_main_context_iteration (self->context, FALSE))
    ;
  g_main_context_pop_thread_default (self->context);
  return NULL;
}

/* Public API */

QwPublishServer *
qw_publish_server_new (const char *path)
{
  QwPublishServer *self = g_object_new (QW_TYPE_PUBLISH_SERVER, NULL);

  self->path = g_strdup (path);
  return self;
}

const char *
qw_publish_server_get_path (QwPublishServer *self)
{
  g_return_val_if_fail (QW_IS_PUBLISH_SERVER (self), NULL);
  return self->path;
}

void
qw_publish_server_set_poll_interval (QwPublishServer *self,
                                     guint            milliseconds)
{
  g_return_if_fail (QW_IS_PUBLISH_SERVER (self));
  g_return_if_fail (self->thread == NULL);
  self->poll_ms = MAX (milliseconds, 10);
}

/**
 * qw_publish_server_start:
 *
 * Returns: whether the server listens on every address; else nothing is
 *   left running and @error says why (an address in use, not this
 *   machine's, a document that cannot be read)
 */
gboolean
qw_publish_server_start (QwPublishServer    *self,
                         const char * const *addresses,
                         guint               port,
                         GError            **error)
{
  GError *failed;

  g_return_val_if_fail (QW_IS_PUBLISH_SERVER (self), FALSE);
  g_return_val_if_fail (addresses != NULL && addresses[0] != NULL, FALSE);
  g_return_val_if_fail (self->thread == NULL, FALSE);

  g_strfreev (self->addresses);
  self->addresses = g_strdupv ((char **) addresses);
  self->want_port = port;
  self->started = FALSE;
  memset (&self->counters, 0, sizeof self->counters);
  self->limits = self->asked;
  qw_publish_limits_resolve (&self->limits, qw_fd_limit_get ());
  self->context = g_main_context_new ();
  self->loop = g_main_loop_new (self->context, FALSE);
  self->thread = g_thread_new ("qw-publish", serve_thread, self);
  g_mutex_lock (&self->lock);
  while (!self->started)
    g_cond_wait (&self->cond, &self->lock);
  failed = g_steal_pointer (&self->start_error);
  g_mutex_unlock (&self->lock);
  if (failed != NULL)
    {
      g_thread_join (g_steal_pointer (&self->thread));
      g_clear_pointer (&self->loop, g_main_loop_unref);
      g_clear_pointer (&self->context, g_main_context_unref);
      g_propagate_error (error, failed);
      return FALSE;
    }
  return TRUE;
}

typedef struct
{
  char **addresses;
  guint  port;
} StartData;

static void
start_data_free (gpointer data)
{
  StartData *d = data;

  g_strfreev (d->addresses);
  g_free (d);
}

static void
start_in_thread (GTask        *task,
                 gpointer      source,
                 gpointer      data,
                 GCancellable *cancellable)
{
  StartData *d = data;
  GError *error = NULL;

  if (qw_publish_server_start (source, (const char * const *) d->addresses, d->port, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

/* As qw_publish_server_start(), without waiting: for the GUI. */
void
qw_publish_server_start_async (QwPublishServer     *self,
                               const char * const  *addresses,
                               guint                port,
                               GCancellable        *cancellable,
                               GAsyncReadyCallback  callback,
                               gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);
  StartData *d = g_new0 (StartData, 1);

  g_task_set_source_tag (task, qw_publish_server_start_async);
  d->addresses = g_strdupv ((char **) addresses);
  d->port = port;
  g_task_set_task_data (task, d, start_data_free);
  g_task_run_in_thread (task, start_in_thread);
}

gboolean
qw_publish_server_start_finish (QwPublishServer  *self,
                                GAsyncResult     *result,
                                GError          **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

static gboolean
quit_cb (gpointer data)
{
  g_main_loop_quit (data);
  return G_SOURCE_REMOVE;
}

void
qw_publish_server_stop (QwPublishServer *self)
{
  g_return_if_fail (QW_IS_PUBLISH_SERVER (self));

  if (self->thread == NULL)
    return;
  g_main_context_invoke (self->context, quit_cb, self->loop);
  g_thread_join (g_steal_pointer (&self->thread));
  g_clear_pointer (&self->loop, g_main_loop_unref);
  g_clear_pointer (&self->context, g_main_context_unref);
  g_clear_pointer (&self->urls, g_strfreev);
  self->port = 0;
}

void
qw_publish_server_set_limits (QwPublishServer       *self,
                              const QwPublishLimits *limits)
{
  g_return_if_fail (QW_IS_PUBLISH_SERVER (self));
  g_return_if_fail (self->thread == NULL);
  if (limits != NULL)
    self->asked = *limits;
  else
    memset (&self->asked, 0, sizeof self->asked);
}

void
qw_publish_server_get_stats (QwPublishServer *self,
                             QwPublishStats  *stats)
{
  g_return_if_fail (QW_IS_PUBLISH_SERVER (self));
  memset (stats, 0, sizeof *stats);
  stats->open = (guint) g_atomic_int_get (&self->counters.open);
  stats->max_connections = (guint) g_atomic_int_get (&self->counters.max_connections);
  stats->max_per_client = (guint) g_atomic_int_get (&self->counters.max_per_client);
  stats->accepted = (guint) g_atomic_int_get (&self->counters.accepted);
  stats->dropped_idle = (guint) g_atomic_int_get (&self->counters.dropped_idle);
  stats->timed_out = (guint) g_atomic_int_get (&self->counters.timed_out);
  stats->refused = (guint) g_atomic_int_get (&self->counters.refused);
  stats->bodies_refused = (guint) g_atomic_int_get (&self->counters.bodies_refused);
  stats->shortages = (guint) g_atomic_int_get (&self->counters.shortages);
  stats->cached_pages = (guint) g_atomic_int_get (&self->cached_pages);
  stats->cached_bytes = (gsize) g_atomic_int_get (&self->cached_bytes);
}

gboolean
qw_publish_server_is_running (QwPublishServer *self)
{
  g_return_val_if_fail (QW_IS_PUBLISH_SERVER (self), FALSE);
  return self->thread != NULL;
}

GStrv
qw_publish_server_get_urls (QwPublishServer *self)
{
  g_return_val_if_fail (QW_IS_PUBLISH_SERVER (self), NULL);
  return g_strdupv (self->urls);
}

guint
qw_publish_server_get_port (QwPublishServer *self)
{
  g_return_val_if_fail (QW_IS_PUBLISH_SERVER (self), 0);
  return self->port;
}

guint64
qw_publish_server_get_requests (QwPublishServer *self)
{
  g_return_val_if_fail (QW_IS_PUBLISH_SERVER (self), 0);
  return (guint) g_atomic_int_get (&self->requests);
}

gint64
qw_publish_server_get_version (QwPublishServer *self)
{
  g_return_val_if_fail (QW_IS_PUBLISH_SERVER (self), 0);
  return g_atomic_int_get (&self->version);
}

static void
qw_publish_server_dispose (GObject *object)
{
  qw_publish_server_stop (QW_PUBLISH_SERVER (object));
  G_OBJECT_CLASS (qw_publish_server_parent_class)->dispose (object);
}

static void
qw_publish_server_finalize (GObject *object)
{
  QwPublishServer *self = QW_PUBLISH_SERVER (object);

  g_free (self->path);
  g_strfreev (self->addresses);
  g_strfreev (self->urls);
  g_mutex_clear (&self->lock);
  g_cond_clear (&self->cond);
  G_OBJECT_CLASS (qw_publish_server_parent_class)->finalize (object);
}

static void
qw_publish_server_class_init (QwPublishServerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = qw_publish_server_dispose;
  object_class->finalize = qw_publish_server_finalize;
}

static void
qw_publish_server_init (QwPublishServer *self)
{
  self->poll_ms = 250;
  g_mutex_init (&self->lock);
  g_cond_init (&self->cond);
}
