/* qw-publish-connections.c: the venue server's door, where every connection is bounded
 *
 * A connection is known from its accept() to the moment libsoup lets go of
 * the stream handed to it (a weak reference on that stream): only then is
 * its descriptor closed. A connection closed here (a timeout, room for a
 * new one) is shut down, which libsoup reads as the end of the stream and
 * answers by closing; one that libsoup has not closed 2 s later is closed
 * here, whatever libsoup thinks of it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-publish-server"

#include "config.h"

#include <errno.h>
#include <string.h>
#include <sys/socket.h>

#include "qw-publish-connections.h"

#define DEFAULT_MAX_CONNECTIONS     1024
#define DEFAULT_REQUEST_TIMEOUT_MS  (10 * 1000)
#define DEFAULT_IDLE_TIMEOUT_MS     (30 * 1000)
#define DEFAULT_CACHE_BYTES         (32 * 1024 * 1024)
/* Below this, the process would have too few descriptors left for itself. */
#define MIN_MAX_CONNECTIONS         8

#define ACCEPT_BATCH                64      /* accepted in one go, then other sources run */
#define RETRY_MS                    200     /* accepting again after a failed accept() */
#define SWEEP_MS                    250     /* how often the deadlines are looked at */
#define CLOSE_GRACE_US              (2 * G_USEC_PER_SEC)
#define LINGER_US                   (2 * G_USEC_PER_SEC)
#define LINGER_MAX_BYTES            (1024 * 1024)
#define LOG_EVERY_US                (60 * G_USEC_PER_SEC)

typedef enum
{
  CONN_WAITING,     /* for its request's headers */
  CONN_ANSWERING,   /* libsoup reads, the handler renders, libsoup writes */
  CONN_LINGERING,   /* refused: taken from libsoup, answered, drained */
  CONN_CLOSING,     /* shut down here; libsoup is to close it */
  CONN_ABANDONED,   /* closed here; libsoup still holds the stream */
} ConnState;

typedef struct
{
  char     *address;
  guint     open;
  gboolean  admitting;  /* kept while room is made for a new connection */
} Client;

typedef struct
{
  QwPublishConnections *owner;
  GList                 link;       /* in owner->connections, oldest first */
  GSocket              *socket;
  GIOStream            *stream;     /* weak: the stream libsoup holds */
  GSocketAddress       *remote;     /* weak: libsoup's, it leads from a message here */
  Client               *client;     /* NULL once no longer counted */
  ConnState             state;
  gint64                deadline;   /* monotonic µs */
  GIOStream            *stolen;     /* LINGERING: the stream taken back from libsoup */
  GSource              *drain;      /* LINGERING */
  gsize                 drained;
} Connection;

typedef struct
{
  QwPublishConnections *owner;
  GSocket              *socket;
  GSource              *source;     /* NULL while accepting is paused */
} Listener;

struct _QwPublishConnections
{
  SoupServer           *soup;
  GMainContext         *context;
  QwPublishLimits       limits;
  QwConnectionCounters *counters;
  gulong                started_handler;

  GPtrArray            *listeners;  /* Listener */
  GQueue                connections;
  GHashTable           *clients;    /* address → Client */
  guint                 open;       /* counted toward the caps */
  GSource              *sweep;
  GSource              *retry;      /* accepting is paused until it fires */

  /* The log: each kind of trouble once a minute at most, with a count. */
  gint64                shortage_since;
  gboolean              shortage_said;
  gint64                shortage_logged;
  guint                 shortage_failures;
  gint64                full_logged;
  guint                 full_unlogged;
};

static GQuark connection_quark;

static void connection_close (Connection *c);
static void linger_finish    (Connection *c);
static void accept_resume    (QwPublishConnections *self);

/* Limits */

void
qw_publish_limits_resolve (QwPublishLimits *limits,
                           guint64          fd_limit)
{
  /* Half the descriptors at most: the rest are the process's own (the
   * document, and in the window GTK's, fonts', the file chooser's). */
  if (limits->max_connections == 0)
    limits->max_connections = (guint) CLAMP (fd_limit / 2, MIN_MAX_CONNECTIONS, DEFAULT_MAX_CONNECTIONS);
  if (limits->max_per_client == 0)
    limits->max_per_client = MAX (limits->max_connections / 2, 1);
  if (limits->request_timeout_ms == 0)
    limits->request_timeout_ms = DEFAULT_REQUEST_TIMEOUT_MS;
  if (limits->idle_timeout_ms == 0)
    limits->idle_timeout_ms = DEFAULT_IDLE_TIMEOUT_MS;
  if (limits->cache_bytes == 0)
    limits->cache_bytes = DEFAULT_CACHE_BYTES;
}

/* The log */

static gboolean
log_due (gint64 *last)
{
  gint64 now = g_get_monotonic_time ();

  if (*last != 0 && now - *last < LOG_EVERY_US)
    return FALSE;
  *last = now;
  return TRUE;
}

static void
log_full (QwPublishConnections *self,
          const char           *what)
{
  self->full_unlogged++;
  if (!log_due (&self->full_logged))
    return;
  g_message ("%u connections open (at most %u, %u from one address): %s (%u time(s) since the last message)",
             self->open, self->limits.max_connections, self->limits.max_per_client, what, self->full_unlogged);
  self->full_unlogged = 0;
}

/* Counting */

static Client *
client_get (QwPublishConnections *self,
            const char           *address)
{
  Client *client = g_hash_table_lookup (self->clients, address);

  if (client == NULL)
    {
      client = g_new0 (Client, 1);
      client->address = g_strdup (address);
      g_hash_table_insert (self->clients, client->address, client);
    }
  return client;
}

static void
client_free (gpointer data)
{
  Client *client = data;

  g_free (client->address);
  g_free (client);
}

/* Forgets @client once it has no connection (and none being admitted). */
static void
client_release (QwPublishConnections *self,
                Client               *client)
{
  if (client->open == 0 && !client->admitting)
    g_hash_table_remove (self->clients, client->address);
}

static void
count (Connection *c,
       Client     *client)
{
  c->client = client;
  client->open++;
  c->owner->open++;
  g_atomic_int_inc (&c->owner->counters->open);
}

static void
uncount (Connection *c)
{
  QwPublishConnections *self = c->owner;

  if (c->client == NULL)
    return;
  self->open--;
  g_atomic_int_add (&self->counters->open, -1);
  c->client->open--;
  client_release (self, c->client);
  c->client = NULL;
}

/* Connections */

static Connection *
connection_of (SoupServerMessage *msg)
{
  GSocketAddress *remote = soup_server_message_get_remote_address (msg);

  return remote != NULL ? g_object_get_qdata (G_OBJECT (remote), connection_quark) : NULL;
}

static void
set_deadline (Connection *c,
              guint       ms)
{
  c->deadline = g_get_monotonic_time () + (gint64) ms * 1000;
}

/* Whether the first bytes of a request wait in the kernel, unread: such a
 * connection is not idle, libsoup is about to read it. */
static gboolean
has_unread_input (Connection *c)
{
  char byte;

  return recv (g_socket_get_fd (c->socket), &byte, 1, MSG_PEEK | MSG_DONTWAIT) > 0;
}

static gboolean
is_idle (Connection *c)
{
  return c->state == CONN_LINGERING || (c->state == CONN_WAITING && !has_unread_input (c));
}

/* The oldest idle connection (of @client, or of anyone), or NULL. */
static Connection *
oldest_idle (QwPublishConnections *self,
             Client               *client)
{
  for (GList *l = self->connections.head; l != NULL; l = l->next)
    {
      Connection *c = l->data;

      if (c->client != NULL && (client == NULL || c->client == client) && is_idle (c))
        return c;
    }
  return NULL;
}

/* The weak reference: libsoup let go of the stream, which closed the socket. */
static void
connection_gone (gpointer  data,
                 GObject  *stream)
{
  Connection *c = data;
  QwPublishConnections *self = c->owner;

  uncount (c);
  if (c->drain != NULL)
    {
      g_source_destroy (c->drain);
      g_source_unref (c->drain);
    }
  g_clear_object (&c->stolen);
  if (c->remote != NULL)
    {
      g_object_set_qdata (G_OBJECT (c->remote), connection_quark, NULL);
      g_object_remove_weak_pointer (G_OBJECT (c->remote), (gpointer *) &c->remote);
    }
  g_queue_unlink (&self->connections, &c->link);
  g_object_unref (c->socket);
  g_free (c);
  if (self->retry != NULL)
    accept_resume (self);
}

/* Closed here: libsoup reads the end of the stream (or fails to write) and
 * lets go of it. The connection no longer counts toward the caps. */
static void
connection_close (Connection *c)
{
  if (c->state == CONN_LINGERING)
    {
      linger_finish (c);
      return;
    }
  if (c->state == CONN_CLOSING || c->state == CONN_ABANDONED)
    return;
  uncount (c);
  g_socket_shutdown (c->socket, TRUE, TRUE, NULL);
  c->state = CONN_CLOSING;
  c->deadline = g_get_monotonic_time () + CLOSE_GRACE_US;
}

static void
connection_abandon (Connection *c)
{
  g_message ("A connection was still open 2 s after it was shut down: closed");
  g_socket_close (c->socket, NULL);
  c->state = CONN_ABANDONED;
}

/* Room for one more connection from @client, or FALSE. */
static gboolean
make_room (QwPublishConnections *self,
           Client               *client)
{
  if (client->open >= self->limits.max_per_client)
    {
      Connection *idle = oldest_idle (self, client);

      if (idle == NULL)
        return FALSE;
      g_atomic_int_inc (&self->counters->dropped_idle);
      log_full (self, "the oldest idle connection from one address closed for a new one");
      connection_close (idle);
    }
  if (self->open >= self->limits.max_connections)
    {
      Connection *idle = oldest_idle (self, NULL);

      if (idle == NULL)
        return FALSE;
      g_atomic_int_inc (&self->counters->dropped_idle);
      log_full (self, "the oldest idle connection closed for a new one");
      connection_close (idle);
    }
  return TRUE;
}

/* Deadlines */

static gboolean
sweep_cb (gpointer data)
{
  QwPublishConnections *self = data;
  gint64 now = g_get_monotonic_time ();
  GList *l = self->connections.head;

  while (l != NULL)
    {
      Connection *c = l->data;

      /* Closing a lingering connection may free it: step first. */
      l = l->next;
      if (c->state == CONN_ABANDONED || now < c->deadline)
        continue;
      if (c->state == CONN_CLOSING)
        connection_abandon (c);
      else
        {
          if (c->state != CONN_LINGERING)
            g_atomic_int_inc (&self->counters->timed_out);
          connection_close (c);
        }
    }
  if (self->connections.length > 0)
    return G_SOURCE_CONTINUE;
  g_clear_pointer (&self->sweep, g_source_unref);
  return G_SOURCE_REMOVE;
}

static void
sweep_start (QwPublishConnections *self)
{
  if (self->sweep != NULL)
    return;
  self->sweep = g_timeout_source_new (SWEEP_MS);
  g_source_set_callback (self->sweep, sweep_cb, self, NULL);
  g_source_attach (self->sweep, self->context);
}

/* libsoup's stages of the one request */

static void
got_headers_cb (SoupServerMessage *msg,
                gpointer           data)
{
  Connection *c = data;

  if (c->state == CONN_WAITING)
    {
      c->state = CONN_ANSWERING;
      set_deadline (c, c->owner->limits.idle_timeout_ms);
    }
}

/* The client took some of the answer: it has another idle_timeout_ms. */
static void
wrote_body_data_cb (SoupServerMessage *msg,
                    guint              size,
                    gpointer           data)
{
  Connection *c = data;

  if (c->state == CONN_ANSWERING)
    set_deadline (c, c->owner->limits.idle_timeout_ms);
}

/* Emitted as libsoup takes the connection (its one message). The message
 * goes before the stream it was read from, so before the connection. */
static void
request_started_cb (SoupServer        *soup,
                    SoupServerMessage *msg,
                    gpointer           data)
{
  Connection *c = connection_of (msg);

  if (c == NULL)
    return;
  g_signal_connect (msg, "got-headers", G_CALLBACK (got_headers_cb), c);
  g_signal_connect (msg, "wrote-body-data", G_CALLBACK (wrote_body_data_cb), c);
}

/* Accepting */

static void
admit (QwPublishConnections *self,
       GSocket              *socket)
{
  g_autoptr(GSocketAddress) remote = g_socket_get_remote_address (socket, NULL);
  g_autoptr(GSocketAddress) local = g_socket_get_local_address (socket, NULL);
  g_autofree char *address = NULL;
  GSocketConnection *stream;
  Client *client;
  Connection *c;
  gboolean room;

  /* A client gone before it was accepted. */
  if (remote == NULL || local == NULL || !G_IS_INET_SOCKET_ADDRESS (remote))
    {
      g_socket_close (socket, NULL);
      return;
    }
  address = g_inet_address_to_string (g_inet_socket_address_get_address (G_INET_SOCKET_ADDRESS (remote)));
  client = client_get (self, address);
  /* Making room may close the client's only other connection. */
  client->admitting = TRUE;
  room = make_room (self, client);
  client->admitting = FALSE;
  if (!room)
    {
      g_atomic_int_inc (&self->counters->refused);
      log_full (self, "a new connection closed at once, none being idle");
      client_release (self, client);
      g_socket_close (socket, NULL);
      return;
    }
  c = g_new0 (Connection, 1);
  c->owner = self;
  c->socket = g_object_ref (socket);
  c->link.data = c;
  c->state = CONN_WAITING;
  set_deadline (c, self->limits.request_timeout_ms);
  count (c, client);
  g_queue_push_tail_link (&self->connections, &c->link);
  g_atomic_int_inc (&self->counters->accepted);
  sweep_start (self);

  stream = g_socket_connection_factory_create_connection (socket);
  c->stream = G_IO_STREAM (stream);
  g_object_weak_ref (G_OBJECT (stream), connection_gone, c);
  c->remote = remote;
  g_object_add_weak_pointer (G_OBJECT (remote), (gpointer *) &c->remote);
  g_object_set_qdata (G_OBJECT (remote), connection_quark, c);
  /* libsoup may read, answer and let go of it before this returns; the
   * last reference then goes with ours, and the connection with it. */
  soup_server_accept_iostream (self->soup, G_IO_STREAM (stream), local, remote, NULL);
  g_object_unref (stream);
}

static void accept_pause (QwPublishConnections *self,
                          const GError         *error);

static gboolean
accept_cb (GSocket      *socket,
           GIOCondition  condition,
           gpointer      data)
{
  Listener *listener = data;
  QwPublishConnections *self = listener->owner;

  for (guint i = 0; i < ACCEPT_BATCH; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GSocket) accepted = g_socket_accept (listener->socket, NULL, &error);

      if (accepted == NULL && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_WOULD_BLOCK))
        break;
      if (accepted == NULL)
        {
          /* The source goes; accept_resume() makes a new one. */
          accept_pause (self, error);
          return G_SOURCE_CONTINUE;
        }
      if (self->shortage_since != 0)
        {
          if (self->shortage_said)
            g_message ("Accepting connections again, after %.1f s",
                       (g_get_monotonic_time () - self->shortage_since) / (double) G_USEC_PER_SEC);
          self->shortage_since = 0;
        }
      admit (self, accepted);
    }
  return G_SOURCE_CONTINUE;
}

static void
listener_watch (Listener *listener)
{
  if (listener->source != NULL)
    return;
  listener->source = g_socket_create_source (listener->socket, G_IO_IN, NULL);
  g_source_set_callback (listener->source, G_SOURCE_FUNC (accept_cb), listener, NULL);
  g_source_attach (listener->source, listener->owner->context);
}

static void
listener_unwatch (Listener *listener)
{
  if (listener->source == NULL)
    return;
  g_source_destroy (listener->source);
  g_clear_pointer (&listener->source, g_source_unref);
}

static gboolean
retry_cb (gpointer data)
{
  QwPublishConnections *self = data;

  g_clear_pointer (&self->retry, g_source_unref);
  for (guint i = 0; i < self->listeners->len; i++)
    listener_watch (g_ptr_array_index (self->listeners, i));
  return G_SOURCE_REMOVE;
}

static void
retry_after (QwPublishConnections *self,
             guint                 ms)
{
  if (self->retry != NULL)
    {
      g_source_destroy (self->retry);
      g_source_unref (self->retry);
    }
  self->retry = g_timeout_source_new (ms);
  g_source_set_callback (self->retry, retry_cb, self, NULL);
  g_source_attach (self->retry, self->context);
}

/* accept() failed: with the listening socket still readable, trying again
 * at once would spin. No source watches it until the retry fires: after
 * RETRY_MS, or as soon as a connection goes. */
static void
accept_pause (QwPublishConnections *self,
              const GError         *error)
{
  gboolean shortage = g_error_matches (error, G_IO_ERROR, G_IO_ERROR_TOO_MANY_OPEN_FILES)
                      || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE);

  for (guint i = 0; i < self->listeners->len; i++)
    listener_unwatch (g_ptr_array_index (self->listeners, i));
  retry_after (self, RETRY_MS);
  self->shortage_failures++;
  if (self->shortage_since == 0)
    {
      self->shortage_since = g_get_monotonic_time ();
      g_atomic_int_inc (&self->counters->shortages);
      self->shortage_said = log_due (&self->shortage_logged);
      if (self->shortage_said)
        {
          g_message ("Cannot accept connections: %s (%u connections open); accepting again when descriptors "
                     "are free (%u failure(s) since the last message)",
                     error->message, self->open, self->shortage_failures);
          self->shortage_failures = 0;
        }
    }
  /* Our own idle connections are descriptors too. */
  if (shortage)
    {
      Connection *idle = oldest_idle (self, NULL);

      if (idle != NULL)
        {
          g_atomic_int_inc (&self->counters->dropped_idle);
          connection_close (idle);
        }
    }
}

static void
accept_resume (QwPublishConnections *self)
{
  retry_after (self, 0);
}

void
qw_publish_connections_listen (QwPublishConnections *self,
                               GSocket              *socket)
{
  Listener *listener = g_new0 (Listener, 1);

  listener->owner = self;
  listener->socket = g_object_ref (socket);
  g_socket_set_blocking (socket, FALSE);
  g_ptr_array_add (self->listeners, listener);
  if (self->retry == NULL)
    listener_watch (listener);
}

static void
listener_free (gpointer data)
{
  Listener *listener = data;

  listener_unwatch (listener);
  g_socket_close (listener->socket, NULL);
  g_object_unref (listener->socket);
  g_free (listener);
}

/* Refusing before the body */

static gboolean
drain_cb (GSocket      *socket,
          GIOCondition  condition,
          gpointer      data)
{
  Connection *c = data;
  char buffer[16384];

  /* 16 reads a turn at most, then other sources' turn. */
  for (guint i = 0; i < 16; i++)
    {
      g_autoptr(GError) error = NULL;
      gssize n = g_socket_receive_with_blocking (c->socket, buffer, sizeof buffer, FALSE, NULL, &error);

      if (n < 0 && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_WOULD_BLOCK))
        return G_SOURCE_CONTINUE;
      if (n <= 0 || (c->drained += (gsize) n) > LINGER_MAX_BYTES)
        {
          linger_finish (c);
          return G_SOURCE_REMOVE;
        }
    }
  return G_SOURCE_CONTINUE;
}

/* Lets go of the stream taken back from libsoup: it is closed, and the
 * connection goes with it. */
static void
linger_finish (Connection *c)
{
  GIOStream *stolen = g_steal_pointer (&c->stolen);

  if (c->drain != NULL)
    {
      g_source_destroy (c->drain);
      g_clear_pointer (&c->drain, g_source_unref);
    }
  uncount (c);
  /* Closed here: waiting only for the last reference to the stream. */
  c->state = CONN_ABANDONED;
  g_socket_close (c->socket, NULL);
  if (stolen != NULL)
    {
      g_io_stream_close (stolen, NULL, NULL);
      g_object_unref (stolen);
    }
}

static const char *
reason_phrase (guint status)
{
  const char *phrase = soup_status_get_phrase (status);

  return phrase != NULL ? phrase : "Error";
}

void
qw_publish_connections_refuse (QwPublishConnections *self,
                               SoupServerMessage    *msg,
                               guint                 status,
                               const char           *allow,
                               const char           *text)
{
  Connection *c = connection_of (msg);
  /* A HEAD's answer has the length of the body it does not carry. */
  gboolean head = g_strcmp0 (soup_server_message_get_method (msg), "HEAD") == 0;
  g_autofree char *answer = NULL;

  g_atomic_int_inc (&self->counters->bodies_refused);
  if (c == NULL || c->state != CONN_WAITING)
    {
      /* Not a connection of the door's (cannot be): libsoup answers, and
       * no handler runs. */
      soup_server_message_set_status (msg, status, NULL);
      soup_message_headers_replace (soup_server_message_get_response_headers (msg), "Connection", "close");
      return;
    }
  c->stolen = soup_server_message_steal_connection (msg);
  c->state = CONN_LINGERING;
  c->deadline = g_get_monotonic_time () + LINGER_US;
  answer = g_strdup_printf ("HTTP/1.1 %u %s\r\n"
                            "Content-Type: text/plain; charset=utf-8\r\n"
                            "Content-Length: %zu\r\n"
                            "%s%s%s"
                            "Cache-Control: no-cache\r\n"
                            "X-Content-Type-Options: nosniff\r\n"
                            "Connection: close\r\n"
                            "\r\n%s",
                            status, reason_phrase (status), strlen (text), allow != NULL ? "Allow: " : "",
                            allow != NULL ? allow : "", allow != NULL ? "\r\n" : "", head ? "" : text);
  /* A new connection's buffer takes it whole; if not, the client gets the
   * connection closed, which is what it would get anyway. */
  g_socket_send_with_blocking (c->socket, answer, strlen (answer), FALSE, NULL, NULL);
  g_socket_shutdown (c->socket, FALSE, TRUE, NULL);
  c->drain = g_socket_create_source (c->socket, G_IO_IN | G_IO_HUP | G_IO_ERR, NULL);
  g_source_set_callback (c->drain, G_SOURCE_FUNC (drain_cb), c, NULL);
  g_source_attach (c->drain, self->context);
}

/* Life */

QwPublishConnections *
qw_publish_connections_new (SoupServer            *soup,
                            const QwPublishLimits *limits,
                            QwConnectionCounters  *counters)
{
  QwPublishConnections *self = g_new0 (QwPublishConnections, 1);

  if (connection_quark == 0)
    connection_quark = g_quark_from_static_string ("qw-publish-connection");
  self->soup = g_object_ref (soup);
  self->context = g_main_context_ref_thread_default ();
  self->limits = *limits;
  self->counters = counters;
  g_atomic_int_set (&counters->max_connections, (gint) limits->max_connections);
  g_atomic_int_set (&counters->max_per_client, (gint) limits->max_per_client);
  self->listeners = g_ptr_array_new_with_free_func (listener_free);
  self->clients = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, client_free);
  g_queue_init (&self->connections);
  self->started_handler = g_signal_connect (soup, "request-started", G_CALLBACK (request_started_cb), self);
  return self;
}

void
qw_publish_connections_free (QwPublishConnections *self)
{
  if (self == NULL)
    return;
  g_clear_pointer (&self->listeners, g_ptr_array_unref);
  if (self->retry != NULL)
    {
      g_source_destroy (self->retry);
      g_clear_pointer (&self->retry, g_source_unref);
    }
  if (self->sweep != NULL)
    {
      g_source_destroy (self->sweep);
      g_clear_pointer (&self->sweep, g_source_unref);
    }
  /* What libsoup still holds after soup_server_disconnect(): closed here. */
  while (self->connections.head != NULL)
    {
      Connection *c = self->connections.head->data;

      if (c->state == CONN_LINGERING)
        {
          linger_finish (c);
          continue;
        }
      g_object_weak_unref (G_OBJECT (c->stream), connection_gone, c);
      g_socket_close (c->socket, NULL);
      connection_gone (c, NULL);
    }
  g_signal_handler_disconnect (self->soup, self->started_handler);
  g_object_unref (self->soup);
  g_hash_table_unref (self->clients);
  g_main_context_unref (self->context);
  g_free (self);
}
