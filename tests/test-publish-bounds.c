/* test-publish-bounds.c: the venue server bounded in everything, in the window's own process (issue 17, point 2)
 *
 * The window serves 发布到场馆网络 from its own process, through the same
 * core as `qiwang-cli serve`; these tests run the server in this process
 * as the window does:
 *
 *  - 1,100 idle connections under a limit of 1,024 descriptors: the
 *    process never nears its limit, answers another phone meanwhile, and
 *    is back to its descriptors when they go;
 *  - the process out of descriptors (the window's other files): the server
 *    keeps running, says so in its log once (not in a loop, not spinning),
 *    and answers the phone that waited as soon as descriptors are free;
 *  - the oldest idle connection makes room for a new one, per address and
 *    in all; a silent connection and a slowloris are closed by their
 *    timeout;
 *  - rendered pages kept within their byte budget, least recently used
 *    first, never a page that does not exist, one entry for one page
 *    whatever its address;
 *  - bodies refused before they are read; URL text that is not UTF-8 never
 *    echoed; the soft descriptor limit raised to the hard one.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "qw-demo.h"
#include "qw-fd-limit.h"
#include "qw-page-cache.h"
#include "qw-publish-server.h"
#include "qw-test-net.h"
#include "qw-test.h"

static char *tmp_dir;
static char *demo;

/* The server's log, as the user would read it */

static GMutex log_lock;
static GPtrArray *log_lines;

static GLogWriterOutput
log_writer (GLogLevelFlags   level,
            const GLogField *fields,
            gsize            n_fields,
            gpointer         data)
{
  const char *domain = NULL, *message = NULL;

  for (gsize i = 0; i < n_fields; i++)
    if (g_str_equal (fields[i].key, "GLIB_DOMAIN"))
      domain = fields[i].value;
    else if (g_str_equal (fields[i].key, "MESSAGE"))
      message = fields[i].value;
  if (g_strcmp0 (domain, "qw-publish-server") == 0 && message != NULL)
    {
      g_mutex_lock (&log_lock);
      g_ptr_array_add (log_lines, g_strdup (message));
      g_mutex_unlock (&log_lock);
    }
  return g_log_writer_default (level, fields, n_fields, data);
}

static guint
log_count (const char *prefix)
{
  guint n = 0;

  g_mutex_lock (&log_lock);
  for (guint i = 0; i < log_lines->len; i++)
    n += g_str_has_prefix (g_ptr_array_index (log_lines, i), prefix);
  g_mutex_unlock (&log_lock);
  return n;
}

/* Helpers */

static QwPublishServer *
start_server (const QwPublishLimits *limits)
{
  QwPublishServer *server = qw_publish_server_new (demo);
  const char *loopback[] = { "127.0.0.1", NULL };
  g_autoptr(GError) error = NULL;

  qw_publish_server_set_limits (server, limits);
  g_assert_true (qw_publish_server_start (server, loopback, 0, &error));
  g_assert_no_error (error);
  return server;
}

static QwPublishStats
stats_of (QwPublishServer *server)
{
  QwPublishStats stats;

  qw_publish_server_get_stats (server, &stats);
  return stats;
}

/* Waits (bounded) until @server has @open connections counted. */
static gboolean
wait_open (QwPublishServer *server,
           guint            open)
{
  gint64 deadline = g_get_monotonic_time () + (gint64) (qw_test_seconds (5) * G_USEC_PER_SEC);

  while (stats_of (server).open != open && g_get_monotonic_time () < deadline)
    g_usleep (10 * 1000);
  return stats_of (server).open == open;
}

/* Whether the server closed @fd, waiting up to @timeout for it. */
static gboolean
closed_by_server (int    fd,
                  double timeout)
{
  struct pollfd p = { .fd = fd, .events = POLLIN };
  char byte;

  if (poll (&p, 1, (int) (timeout * 1000)) != 1)
    return FALSE;
  return recv (fd, &byte, 1, MSG_DONTWAIT) <= 0;
}

static guint
fds_settle (guint  limit,
            double timeout)
{
  gint64 deadline = g_get_monotonic_time () + (gint64) (timeout * G_USEC_PER_SEC);
  guint n;

  while ((n = qw_test_count_fds (getpid ())) > limit && g_get_monotonic_time () < deadline)
    g_usleep (20 * 1000);
  return n;
}

/* Sets the soft limit on descriptors; returns the old limits. */
static struct rlimit
set_soft_fd_limit (rlim_t soft)
{
  struct rlimit old, limit;

  g_assert_cmpint (getrlimit (RLIMIT_NOFILE, &old), ==, 0);
  limit = old;
  limit.rlim_cur = MIN (soft, old.rlim_max);
  g_assert_cmpint (setrlimit (RLIMIT_NOFILE, &limit), ==, 0);
  return old;
}

/* The window's process: 1,100 idle connections under 1,024 descriptors */

static void
test_idle_in_process (void)
{
  struct rlimit old = set_soft_fd_limit (1024);
  g_autoptr(QwPublishServer) server = start_server (NULL);
  guint port = qw_publish_server_get_port (server);
  const char *one[] = { "127.0.0.1", NULL };
  guint base = qw_test_count_fds (getpid ()), held_fds, after, status, closed;
  QwPublishStats stats = stats_of (server);
  g_autoptr(GString) body = g_string_new (NULL);
  QwTestIdle *idle;
  gint64 asked, deadline;
  double answer;

  g_test_message ("limits under 1,024 descriptors: %u connections, %u from one address", stats.max_connections,
                  stats.max_per_client);
  g_assert_cmpuint (stats.max_connections, <=, 512);
  g_assert_cmpuint (stats.max_per_client, <=, stats.max_connections);
  idle = qw_test_net_hold_idle (port, one, 1100, qw_test_seconds (60));
  g_assert_cmpuint (qw_test_net_idle_held (idle), ==, 1100);
  /* Connected is not yet accepted: the kernel's queue holds up to 512. */
  deadline = g_get_monotonic_time () + (gint64) (qw_test_seconds (10) * G_USEC_PER_SEC);
  while (stats_of (server).accepted < 1100 && g_get_monotonic_time () < deadline)
    g_usleep (10 * 1000);
  held_fds = qw_test_count_fds (getpid ());
  stats = stats_of (server);
  asked = g_get_monotonic_time ();
  status = qw_test_net_get (port, "/", qw_test_seconds (10), body);
  answer = qw_test_seconds_since (asked);
  closed = qw_test_net_release (idle);
  after = fds_settle (base + 2, qw_test_seconds (10));
  g_test_message ("1,100 idle connections: the process held %u descriptors (%u before), %u open for the server, "
                  "%u idle ones closed to make room (%u seen closed by the client); another request answered %u "
                  "in %.3f s; %u descriptors after release", held_fds, base, stats.open, stats.dropped_idle, closed,
                  status, answer, after);
  g_assert_cmpuint (held_fds, <, 1024 - 100);
  g_assert_cmpuint (stats.open, <=, stats.max_per_client);
  g_assert_cmpuint (stats.accepted, ==, 1100);
  g_assert_cmpuint (stats.dropped_idle, ==, 1100 - stats.max_per_client);
  g_assert_cmpuint (status, ==, 200);
  g_assert_cmpfloat (answer, <, qw_test_seconds (3));
  g_assert_cmpuint (after, <=, base + 2);
  qw_publish_server_stop (server);
  g_assert_cmpint (setrlimit (RLIMIT_NOFILE, &old), ==, 0);
}

/* The process out of descriptors */

static void
test_descriptors_run_out (void)
{
  struct rlimit old = set_soft_fd_limit (256);
  g_autoptr(QwPublishServer) server = start_server (NULL);
  guint port = qw_publish_server_get_port (server);
  g_autoptr(GArray) fillers = g_array_new (FALSE, FALSE, sizeof (int));
  struct rusage before, after;
  gint64 deadline, freed;
  double cpu, answered = -1;
  int status = -1, fd;
  pid_t child;

  /* Everything this process may open, opened (as the window's other files could). */
  while ((fd = open ("/dev/null", O_RDONLY | O_CLOEXEC)) >= 0)
    g_array_append_val (fillers, fd);
  g_assert_cmpint (errno, ==, EMFILE);
  g_assert_cmpuint (fillers->len, >, 8);

  /* A phone asks meanwhile (from a process of its own, with two descriptors). */
  child = fork ();
  g_assert_cmpint (child, >=, 0);
  if (child == 0)
    {
      static char reply[65536];
      gssize got;

      close (g_array_index (fillers, int, 0));
      close (g_array_index (fillers, int, 1));
      got = qw_test_net_ask_raw (port, "GET / HTTP/1.1\r\nHost: x\r\n\r\n", 60 * 1000, reply, sizeof reply);
      _exit (got > 0 && strncmp (reply, "HTTP/1.1 200", 12) == 0 ? 0 : 3);
    }

  deadline = g_get_monotonic_time () + (gint64) (qw_test_seconds (10) * G_USEC_PER_SEC);
  while (log_count ("Cannot accept connections") == 0 && g_get_monotonic_time () < deadline)
    g_usleep (20 * 1000);
  g_assert_cmpuint (log_count ("Cannot accept connections"), ==, 1);
  /* A second of trying again: quietly, without spinning. */
  getrusage (RUSAGE_SELF, &before);
  g_usleep (G_USEC_PER_SEC);
  getrusage (RUSAGE_SELF, &after);
  cpu = (after.ru_utime.tv_sec - before.ru_utime.tv_sec) + (after.ru_utime.tv_usec - before.ru_utime.tv_usec) / 1e6
        + (after.ru_stime.tv_sec - before.ru_stime.tv_sec) + (after.ru_stime.tv_usec - before.ru_stime.tv_usec) / 1e6;
  g_assert_cmpuint (log_count ("Cannot accept connections"), ==, 1);
  g_assert_cmpuint (stats_of (server).shortages, ==, 1);
  g_assert_true (qw_publish_server_is_running (server));

  for (guint i = 0; i < fillers->len; i++)
    close (g_array_index (fillers, int, i));
  freed = g_get_monotonic_time ();
  deadline = freed + (gint64) (qw_test_seconds (10) * G_USEC_PER_SEC);
  while (g_get_monotonic_time () < deadline)
    {
      if (waitpid (child, &status, WNOHANG) == child)
        {
          answered = qw_test_seconds_since (freed);
          break;
        }
      g_usleep (10 * 1000);
    }
  if (answered < 0)
    {
      kill (child, SIGKILL);
      waitpid (child, &status, 0);
    }
  g_test_message ("out of descriptors: %u opened to the limit; logged once; %.3f s of CPU in the second that "
                  "followed; the waiting phone answered %.3f s after descriptors were freed (-1: never)",
                  fillers->len, cpu, answered);
  g_assert_cmpfloat (cpu, <, 0.5);
  g_assert_cmpfloat (answered, >=, 0);
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, 0);
  g_assert_cmpfloat (answered, <, qw_test_seconds (2));
  g_assert_cmpuint (log_count ("Accepting connections again"), ==, 1);
  g_assert_cmpuint (qw_test_net_get (port, "/", qw_test_seconds (5), NULL), ==, 200);
  qw_publish_server_stop (server);
  g_assert_cmpint (setrlimit (RLIMIT_NOFILE, &old), ==, 0);
}

/* Room for a new connection: the oldest idle one goes */

static void
test_oldest_idle_first (void)
{
  QwPublishLimits limits = { .max_connections = 4, .max_per_client = 4 };
  g_autoptr(QwPublishServer) server = start_server (&limits);
  guint port = qw_publish_server_get_port (server);
  int fds[5];

  for (guint i = 0; i < 4; i++)
    {
      fds[i] = qw_test_net_connect (NULL, port, qw_test_seconds (5));
      g_assert_cmpint (fds[i], >=, 0);
      g_assert_true (wait_open (server, i + 1));
    }
  fds[4] = qw_test_net_connect ("127.0.0.2", port, qw_test_seconds (5));
  g_assert_cmpint (fds[4], >=, 0);
  g_assert_true (closed_by_server (fds[0], qw_test_seconds (5)));
  for (guint i = 1; i < 5; i++)
    g_assert_false (closed_by_server (fds[i], 0.1));
  g_assert_cmpuint (stats_of (server).dropped_idle, ==, 1);
  /* A phone still gets its page (the next oldest idle making room). */
  g_assert_cmpuint (qw_test_net_get (port, "/", qw_test_seconds (5), NULL), ==, 200);
  g_assert_true (closed_by_server (fds[1], qw_test_seconds (5)));
  for (guint i = 0; i < 5; i++)
    close (fds[i]);
  qw_publish_server_stop (server);
}

static void
test_per_client_cap (void)
{
  QwPublishLimits limits = { .max_connections = 8, .max_per_client = 2 };
  g_autoptr(QwPublishServer) server = start_server (&limits);
  guint port = qw_publish_server_get_port (server);
  const char *from[] = { "127.0.0.1", "127.0.0.1", "127.0.0.2", "127.0.0.2", "127.0.0.1" };
  int fds[5];

  for (guint i = 0; i < 5; i++)
    {
      fds[i] = qw_test_net_connect (from[i], port, qw_test_seconds (5));
      g_assert_cmpint (fds[i], >=, 0);
      if (i < 4)
        g_assert_true (wait_open (server, i + 1));
    }
  /* The third from 127.0.0.1 took the place of its first, not of another's. */
  g_assert_true (closed_by_server (fds[0], qw_test_seconds (5)));
  for (guint i = 1; i < 5; i++)
    g_assert_false (closed_by_server (fds[i], 0.1));
  g_assert_cmpuint (stats_of (server).open, ==, 4);
  for (guint i = 0; i < 5; i++)
    close (fds[i]);
  qw_publish_server_stop (server);
}

/* Room made by closing the new connection's own address's only one. */
static void
test_room_from_same_address (void)
{
  QwPublishLimits limits = { .max_connections = 2, .max_per_client = 1 };
  g_autoptr(QwPublishServer) server = start_server (&limits);
  guint port = qw_publish_server_get_port (server);
  const char *from[] = { "127.0.0.1", "127.0.0.1", "127.0.0.2", "127.0.0.3" };
  int fds[4];

  for (guint i = 0; i < 4; i++)
    {
      fds[i] = qw_test_net_connect (from[i], port, qw_test_seconds (5));
      g_assert_cmpint (fds[i], >=, 0);
      g_assert_true (wait_open (server, i < 2 ? 1 : 2));
      if (i == 1)
        g_assert_true (closed_by_server (fds[0], qw_test_seconds (5)));
    }
  /* The fourth, at the cap in all, took the place of the second (the
   * oldest idle, the only one of its address). */
  g_assert_true (closed_by_server (fds[1], qw_test_seconds (5)));
  g_assert_false (closed_by_server (fds[2], 0.1));
  g_assert_false (closed_by_server (fds[3], 0.1));
  g_assert_cmpuint (stats_of (server).dropped_idle, ==, 2);
  for (guint i = 0; i < 4; i++)
    close (fds[i]);
  qw_publish_server_stop (server);
}

/* Timeouts: silence and slowloris */

static void
test_timeouts (void)
{
  QwPublishLimits limits = { .request_timeout_ms = 400, .idle_timeout_ms = 400 };
  g_autoptr(QwPublishServer) server = start_server (&limits);
  guint port = qw_publish_server_get_port (server);
  const char *request = "GET /group/open-m/standings HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: slow\r\n";
  int silent = qw_test_net_connect (NULL, port, qw_test_seconds (5));
  int slow = qw_test_net_connect (NULL, port, qw_test_seconds (5));
  gint64 start = g_get_monotonic_time ();
  double silent_closed = -1, slow_closed = -1;

  g_assert_cmpint (silent, >=, 0);
  g_assert_cmpint (slow, >=, 0);
  /* One byte of the request every 50 ms: never done, never silent. */
  for (guint i = 0; request[i] != '\0' && qw_test_seconds_since (start) < qw_test_seconds (5); i++)
    {
      if (send (slow, request + i, 1, MSG_NOSIGNAL) != 1 && slow_closed < 0)
        slow_closed = qw_test_seconds_since (start);
      if (silent_closed < 0 && closed_by_server (silent, 0))
        silent_closed = qw_test_seconds_since (start);
      if (slow_closed < 0 && closed_by_server (slow, 0))
        slow_closed = qw_test_seconds_since (start);
      if (silent_closed >= 0 && slow_closed >= 0)
        break;
      g_usleep (50 * 1000);
    }
  g_test_message ("request timeout 0.4 s: a silent connection closed after %.2f s, a slowloris after %.2f s "
                  "(-1: not closed)", silent_closed, slow_closed);
  g_assert_cmpfloat (silent_closed, >=, 0.3);
  g_assert_cmpfloat (slow_closed, >=, 0.3);
  g_assert_cmpfloat (silent_closed, <, qw_test_seconds (2));
  g_assert_cmpfloat (slow_closed, <, qw_test_seconds (2));
  g_assert_cmpuint (stats_of (server).timed_out, ==, 2);
  g_assert_cmpuint (qw_test_net_get (port, "/", qw_test_seconds (5), NULL), ==, 200);
  close (silent);
  close (slow);
  qw_publish_server_stop (server);
}

/* The page cache */

static QwServedPage *
page_of_size (gsize size,
              guint status)
{
  g_autofree char *data = g_malloc0 (size);
  g_autoptr(GBytes) body = g_bytes_new_take (g_steal_pointer (&data), size);

  return qw_served_page_new (body, status, "text/html; charset=utf-8", "\"1-0\"");
}

static gboolean
cached (QwPageCache *cache,
        const char  *key)
{
  g_autoptr(QwServedPage) page = qw_page_cache_lookup (cache, key);

  return page != NULL;
}

static void
test_page_cache_lru (void)
{
  QwPageCache *cache = qw_page_cache_new (100 * 1024);
  g_autoptr(QwServedPage) missing = page_of_size (1000, 404);
  g_autoptr(QwServedPage) huge = page_of_size (20 * 1024, 200);

  for (guint i = 0; i < 8; i++)
    {
      g_autofree char *key = g_strdup_printf ("page-%u", i);
      g_autoptr(QwServedPage) page = page_of_size (10 * 1024, 200);

      qw_page_cache_insert (cache, key, page);
    }
  g_assert_cmpuint (qw_page_cache_get_count (cache), ==, 8);
  /* page-0 used again: page-1 is now the least recently used. */
  g_assert_true (cached (cache, "page-0"));
  for (guint i = 8; i < 10; i++)
    {
      g_autofree char *key = g_strdup_printf ("page-%u", i);
      g_autoptr(QwServedPage) page = page_of_size (10 * 1024, 200);

      qw_page_cache_insert (cache, key, page);
      g_assert_cmpuint (qw_page_cache_get_bytes (cache), <=, 100 * 1024);
    }
  g_assert_true (cached (cache, "page-0"));
  g_assert_false (cached (cache, "page-1"));
  g_assert_true (cached (cache, "page-9"));
  /* Not a page that exists; a page worth more than an eighth of the budget. */
  qw_page_cache_insert (cache, "missing", missing);
  qw_page_cache_insert (cache, "huge", huge);
  g_assert_false (cached (cache, "missing"));
  g_assert_false (cached (cache, "huge"));
  /* A page grows (its gzip form): counted again, within the budget. */
  {
    g_autoptr(QwServedPage) page = qw_page_cache_lookup (cache, "page-9");

    page->gzipped = g_bytes_new_take (g_malloc0 (2 * 1024), 2 * 1024);
    qw_page_cache_update (cache, "page-9");
    g_assert_cmpuint (qw_page_cache_get_bytes (cache), <=, 100 * 1024);
    g_assert_true (cached (cache, "page-9"));
  }
  qw_page_cache_clear (cache);
  g_assert_cmpuint (qw_page_cache_get_count (cache), ==, 0);
  g_assert_cmpuint (qw_page_cache_get_bytes (cache), ==, 0);
  qw_page_cache_free (cache);
}

static void
test_page_cache_served (void)
{
  QwPublishLimits limits = { .cache_bytes = 256 * 1024 };
  g_autoptr(QwPublishServer) server = start_server (&limits);
  guint port = qw_publish_server_get_port (server);
  const char *groups[] = { "open-m", "open-f", "senior-m", "senior-f", "junior-m", "junior-f", "child-m", "child-f" };
  const char *names[] = { "/group/open-m/standings", "/group/open-m/standings/", "/group/open-m/standings/index.html",
                          "/group/open-m/standings?x=1", "/group/open-m/standings?x=2&y=3" };
  QwPublishStats stats;
  guint pages;

  for (guint i = 0; i < G_N_ELEMENTS (groups); i++)
    {
      g_autofree char *pairings = g_strdup_printf ("/group/%s/pairings", groups[i]);
      g_autofree char *standings = g_strdup_printf ("/group/%s/standings", groups[i]);
      g_autofree char *json = g_strdup_printf ("/api/group/%s/standings.json", groups[i]);

      g_assert_cmpuint (qw_test_net_get (port, pairings, qw_test_seconds (5), NULL), ==, 200);
      g_assert_cmpuint (qw_test_net_get (port, standings, qw_test_seconds (5), NULL), ==, 200);
      g_assert_cmpuint (qw_test_net_get (port, json, qw_test_seconds (5), NULL), ==, 200);
    }
  stats = stats_of (server);
  g_test_message ("%u pages kept in %zu bytes (budget %u)", stats.cached_pages, stats.cached_bytes, 256 * 1024);
  g_assert_cmpuint (stats.cached_bytes, <=, 256 * 1024);
  g_assert_cmpuint (stats.cached_pages, >, 0);
  pages = stats.cached_pages;
  /* Addresses that lead nowhere cost nothing. */
  for (guint i = 0; i < 300; i++)
    {
      g_autofree char *path = g_strdup_printf (i % 2 ? "/group/nope%u/standings" : "/group/open-m/player/%u", 9000 + i);

      g_assert_cmpuint (qw_test_net_get (port, path, qw_test_seconds (5), NULL), ==, 404);
    }
  g_assert_cmpuint (stats_of (server).cached_pages, <=, pages);
  /* One page, whatever its address. */
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    g_assert_cmpuint (qw_test_net_get (port, names[i], qw_test_seconds (5), NULL), ==, 200);
  g_assert_cmpuint (stats_of (server).cached_pages, <=, pages + 1);
  qw_publish_server_stop (server);
}

/* Bodies and URLs */

static void
test_bodies_refused (void)
{
  g_autoptr(QwPublishServer) server = start_server (NULL);
  guint port = qw_publish_server_get_port (server);
  g_autoptr(GString) body = g_string_new (NULL);
  g_autofree char *big = g_strnfill (100 * 1024, 'x');
  g_autofree char *post = g_strdup_printf ("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: %zu\r\n\r\n%s",
                                           strlen (big), big);
  struct
  {
    const char *request;
    guint       status;
    const char *says;
  } cases[] = {
    { post, 405, "GET 和 HEAD" },
    { "PUT / HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n", 405, "GET 和 HEAD" },
    { "DELETE / HTTP/1.1\r\nHost: x\r\n\r\n", 405, "GET 和 HEAD" },
    { "GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello", 413, "内容太大" },
    { "GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n", 413, "内容太大" },
    { "HEAD / HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\n\r\nx", 413, NULL },
    { "GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n", 200, "公开组男子" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_string_truncate (body, 0);
      g_assert_cmpuint (qw_test_net_request (NULL, port, cases[i].request, qw_test_seconds (5), body), ==,
                        cases[i].status);
      if (cases[i].says != NULL)
        g_assert_nonnull (strstr (body->str, cases[i].says));
    }
  g_assert_cmpuint (stats_of (server).bodies_refused, ==, 6);
  qw_publish_server_stop (server);
}

static void
test_url_utf8 (void)
{
  g_autoptr(QwPublishServer) server = start_server (NULL);
  guint port = qw_publish_server_get_port (server);
  const char *paths[] = { "/group/%FF%FE/pairings", "/group/open-m/pairings?q=%FF", "/group/open-m/standings?q=a%C3%28",
                          "/verify/%C3%28", "/api/verify/%ED%A0%80", "/group/%C0%AFetc/standings",
                          "/group/open-m/pairings?%FF=1" };

  for (guint i = 0; i < G_N_ELEMENTS (paths); i++)
    {
      g_autoptr(GString) body = g_string_new (NULL);
      guint status = qw_test_net_get (port, paths[i], qw_test_seconds (5), body);

      g_test_message ("%s: %u, %zu bytes", paths[i], status, body->len);
      g_assert_cmpuint (status, ==, 404);
      g_assert_true (g_utf8_validate (body->str, (gssize) body->len, NULL));
      g_assert_nonnull (strstr (body->str, "找不到这个页面"));
    }
  /* Text that is UTF-8 is still shown, escaped. */
  {
    g_autoptr(GString) body = g_string_new (NULL);

    g_assert_cmpuint (qw_test_net_get (port, "/group/%E4%B8%AD%3Cb%3E/pairings", qw_test_seconds (5), body), ==, 404);
    g_assert_nonnull (strstr (body->str, "中&lt;b&gt;"));
  }
  qw_publish_server_stop (server);
}

static void
test_fd_limit_raised (void)
{
  struct rlimit old, now;

  g_assert_cmpint (getrlimit (RLIMIT_NOFILE, &old), ==, 0);
  if (old.rlim_max != RLIM_INFINITY && old.rlim_max <= 64)
    {
      g_test_skip ("the hard limit is too low to lower the soft one");
      return;
    }
  set_soft_fd_limit (64);
  g_assert_cmpuint (qw_fd_limit_get (), ==, 64);
  qw_fd_limit_raise ();
  g_assert_cmpint (getrlimit (RLIMIT_NOFILE, &now), ==, 0);
  g_assert_cmpuint (now.rlim_max, ==, old.rlim_max);
  if (old.rlim_max != RLIM_INFINITY)
    g_assert_cmpuint (now.rlim_cur, ==, old.rlim_max);
  else
    g_assert_cmpuint (now.rlim_cur, >, 64);
  g_assert_cmpint (setrlimit (RLIMIT_NOFILE, &old), ==, 0);
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GError) error = NULL;
  int status;

  log_lines = g_ptr_array_new_with_free_func (g_free);
  g_log_set_writer_func (log_writer, NULL, NULL);
  g_test_init (&argc, &argv, NULL);
  tmp_dir = qw_test_make_tmp_dir ("qiwang-bounds-XXXXXX");
  demo = g_build_filename (tmp_dir, "demo.qiwang", NULL);
  {
    g_autoptr(QwDocument) doc = qw_demo_create (demo, &error);

    g_assert_no_error (error);
  }
  g_test_add_func ("/publish-bounds/idle-in-process", test_idle_in_process);
  g_test_add_func ("/publish-bounds/descriptors-run-out", test_descriptors_run_out);
  g_test_add_func ("/publish-bounds/oldest-idle-first", test_oldest_idle_first);
  g_test_add_func ("/publish-bounds/per-client-cap", test_per_client_cap);
  g_test_add_func ("/publish-bounds/room-from-same-address", test_room_from_same_address);
  g_test_add_func ("/publish-bounds/timeouts", test_timeouts);
  g_test_add_func ("/publish-bounds/page-cache-lru", test_page_cache_lru);
  g_test_add_func ("/publish-bounds/page-cache-served", test_page_cache_served);
  g_test_add_func ("/publish-bounds/bodies-refused", test_bodies_refused);
  g_test_add_func ("/publish-bounds/url-utf8", test_url_utf8);
  g_test_add_func ("/publish-bounds/fd-limit-raised", test_fd_limit_raised);
  status = g_test_run ();
  qw_test_remove_tree (tmp_dir);
  g_free (demo);
  g_free (tmp_dir);
  g_ptr_array_unref (log_lines);
  return status;
}
