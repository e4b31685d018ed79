/* qw-test-net.c: a client that behaves like the phones at a venue, and worse
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define _GNU_SOURCE
#include "config.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "qw-test-net.h"

static gint64
deadline_after (double seconds)
{
  return g_get_monotonic_time () + (gint64) (seconds * G_USEC_PER_SEC);
}

static int
ms_until (gint64 deadline)
{
  gint64 left = deadline - g_get_monotonic_time ();

  return left <= 0 ? 0 : (int) MIN (left / 1000 + 1, G_MAXINT);
}

/* Connecting (also in a forked child: system calls only) */

static gboolean
fill_address (struct sockaddr_in *address,
              const char         *text,
              guint               port)
{
  memset (address, 0, sizeof *address);
  address->sin_family = AF_INET;
  address->sin_port = htons ((guint16) port);
  return inet_pton (AF_INET, text != NULL ? text : "0.0.0.0", &address->sin_addr) == 1;
}

/* Async-signal-safe: connects @from to @to within @timeout_ms; the socket
 * is left non-blocking. */
static int
connect_raw (const struct sockaddr_in *from,
             const struct sockaddr_in *to,
             int                       timeout_ms)
{
  int fd = socket (AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  struct pollfd p = { .fd = fd, .events = POLLOUT };
  int error = 0;
  socklen_t length = sizeof error;

  if (fd < 0)
    return -1;
  if (from->sin_addr.s_addr != htonl (INADDR_ANY) && bind (fd, (const struct sockaddr *) from, sizeof *from) != 0)
    goto fail;
  if (connect (fd, (const struct sockaddr *) to, sizeof *to) == 0)
    return fd;
  if (errno != EINPROGRESS || poll (&p, 1, timeout_ms) != 1
      || getsockopt (fd, SOL_SOCKET, SO_ERROR, &error, &length) != 0 || error != 0)
    goto fail;
  return fd;
fail:
  close (fd);
  return -1;
}

int
qw_test_net_connect (const char *from,
                     guint       port,
                     double      timeout)
{
  struct sockaddr_in source, target;

  g_assert_true (fill_address (&source, from, 0));
  g_assert_true (fill_address (&target, "127.0.0.1", port));
  return connect_raw (&source, &target, (int) (timeout * 1000));
}

static gint64
now_ms_raw (void)
{
  struct timespec now;

  clock_gettime (CLOCK_MONOTONIC, &now);
  return (gint64) now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

gssize
qw_test_net_ask_raw (guint       port,
                     const char *request,
                     int         timeout_ms,
                     char       *reply,
                     gsize       size)
{
  struct sockaddr_in source = { .sin_family = AF_INET }, target = { .sin_family = AF_INET };
  gint64 deadline = now_ms_raw () + timeout_ms;
  gsize got = 0, length = strlen (request);
  int fd;

  target.sin_port = htons ((guint16) port);
  target.sin_addr.s_addr = htonl (INADDR_LOOPBACK);
  source.sin_addr.s_addr = htonl (INADDR_ANY);
  fd = connect_raw (&source, &target, timeout_ms);
  if (fd < 0)
    return -1;
  for (gsize sent = 0; sent < length;)
    {
      ssize_t n = send (fd, request + sent, length - sent, MSG_NOSIGNAL);

      if (n > 0)
        sent += (gsize) n;
      else if (n < 0 && errno != EAGAIN && errno != EINTR)
        break;
      else
        {
          struct pollfd p = { .fd = fd, .events = POLLOUT };

          if (poll (&p, 1, (int) MAX (deadline - now_ms_raw (), 0)) != 1)
            break;
        }
    }
  while (got + 1 < size)
    {
      struct pollfd p = { .fd = fd, .events = POLLIN };
      ssize_t n;

      if (poll (&p, 1, (int) MAX (deadline - now_ms_raw (), 0)) != 1)
        break;
      n = recv (fd, reply + got, size - 1 - got, 0);
      if (n < 0 && (errno == EAGAIN || errno == EINTR))
        continue;
      if (n <= 0)
        break;
      got += (gsize) n;
    }
  reply[got] = '\0';
  close (fd);
  return (gssize) got;
}

/* Requests */

static gboolean
send_all (int         fd,
          const char *data,
          gsize       length,
          gint64      deadline)
{
  while (length > 0)
    {
      struct pollfd p = { .fd = fd, .events = POLLOUT };
      ssize_t n;

      if (poll (&p, 1, ms_until (deadline)) != 1)
        return FALSE;
      n = send (fd, data, length, MSG_NOSIGNAL);
      if (n < 0 && (errno == EAGAIN || errno == EINTR))
        continue;
      if (n <= 0)
        return FALSE;
      data += n;
      length -= (gsize) n;
    }
  return TRUE;
}

/* The status of a whole answer in @reply, or 0 while it is not whole. */
static guint
answer_status (GString  *reply,
               gboolean  head,
               gboolean  ended,
               gsize    *body_at)
{
  const char *split = strstr (reply->str, "\r\n\r\n");
  const char *length;
  guint status;

  if (split == NULL || !g_str_has_prefix (reply->str, "HTTP/1."))
    return 0;
  status = (guint) g_ascii_strtoull (reply->str + strlen ("HTTP/1.x "), NULL, 10);
  *body_at = (gsize) (split + 4 - reply->str);
  length = g_strstr_len (reply->str, split - reply->str, "\r\nContent-Length: ");
  if (head)
    return status;
  if (length != NULL)
    return reply->len - *body_at >= g_ascii_strtoull (length + strlen ("\r\nContent-Length: "), NULL, 10) ? status : 0;
  /* HEAD, 304: nothing follows the headers; else the end says. */
  return ended || status == 304 || status == 204 ? status : 0;
}

guint
qw_test_net_request (const char *from,
                     guint       port,
                     const char *request,
                     double      timeout,
                     GString    *body)
{
  gint64 deadline = deadline_after (timeout);
  g_autoptr(GString) reply = g_string_new (NULL);
  gboolean head = g_str_has_prefix (request, "HEAD ");
  int fd = qw_test_net_connect (from, port, timeout);
  guint status = 0;
  gsize body_at = 0;

  if (fd < 0)
    return 0;
  if (send_all (fd, request, strlen (request), deadline))
    for (;;)
      {
        struct pollfd p = { .fd = fd, .events = POLLIN };
        char buffer[16384];
        ssize_t n;

        if ((status = answer_status (reply, head, FALSE, &body_at)) != 0)
          break;
        if (poll (&p, 1, ms_until (deadline)) != 1)
          break;
        n = recv (fd, buffer, sizeof buffer, 0);
        if (n < 0 && (errno == EAGAIN || errno == EINTR))
          continue;
        if (n <= 0)
          {
            status = n == 0 ? answer_status (reply, head, TRUE, &body_at) : 0;
            break;
          }
        g_string_append_len (reply, buffer, n);
      }
  close (fd);
  if (body != NULL && status != 0)
    g_string_assign (body, reply->str + body_at);
  return status;
}

guint
qw_test_net_get (guint       port,
                 const char *path,
                 double      timeout,
                 GString    *body)
{
  g_autofree char *request = g_strdup_printf ("GET %s HTTP/1.1\r\nHost: 127.0.0.1:%u\r\n\r\n", path, port);

  return qw_test_net_request (NULL, port, request, timeout, body);
}

/* Idle connections, held by children */

#define CHILD_READY_FD   3
#define CHILD_RELEASE_FD 4
#define MAX_PER_CHILD    600

typedef struct
{
  pid_t pid;
  int   ready;      /* read: how many connected; then how many the server closed */
  int   release;    /* write: a byte to close them all */
  guint held;
} Holder;

struct _QwTestIdle
{
  GArray *holders;  /* Holder */
};

static void
close_from (int first)
{
  struct rlimit limit;

  if (syscall (SYS_close_range, (unsigned) first, ~0U, 0) == 0)
    return;
  getrlimit (RLIMIT_NOFILE, &limit);
  for (rlim_t fd = (rlim_t) first; fd < limit.rlim_cur && fd < 65536; fd++)
    close ((int) fd);
}

/* In the child: system calls only (the parent may have threads). */
G_GNUC_NORETURN static void
hold_in_child (const struct sockaddr_in *from,
               guint                     n_from,
               guint                     first,
               const struct sockaddr_in *to,
               int                      *fds,
               guint                     n,
               gint64                    deadline_ms)
{
  struct rlimit limit;
  guint connected = 0, closed = 0;
  char byte;

  /* The parent's descriptors (an in-process server's connections among
   * them) must not stay open here. */
  close_from (CHILD_RELEASE_FD + 1);
  if (getrlimit (RLIMIT_NOFILE, &limit) == 0)
    {
      limit.rlim_cur = limit.rlim_max;
      setrlimit (RLIMIT_NOFILE, &limit);
    }
  for (guint i = 0; i < n; i++)
    {
      gint64 now_ms = now_ms_raw ();

      fds[i] = now_ms < deadline_ms ? connect_raw (&from[(first + i) % n_from], to, (int) MIN (deadline_ms - now_ms, 2000))
                                    : -1;
      connected += fds[i] >= 0;
    }
  if (write (CHILD_READY_FD, &connected, sizeof connected) != sizeof connected)
    _exit (1);
  while (read (CHILD_RELEASE_FD, &byte, 1) < 0 && errno == EINTR)
    ;
  for (guint i = 0; i < n; i++)
    if (fds[i] >= 0)
      {
        ssize_t got = recv (fds[i], &byte, 1, MSG_PEEK | MSG_DONTWAIT);

        closed += got == 0 || (got < 0 && errno != EAGAIN);
        close (fds[i]);
      }
  if (write (CHILD_READY_FD, &closed, sizeof closed) != sizeof closed)
    _exit (1);
  _exit (0);
}

static gboolean
read_count (int     fd,
            guint  *value,
            gint64  deadline)
{
  struct pollfd p = { .fd = fd, .events = POLLIN };

  return poll (&p, 1, ms_until (deadline)) == 1 && read (fd, value, sizeof *value) == sizeof *value;
}

QwTestIdle *
qw_test_net_hold_idle (guint               port,
                       const char * const *from,
                       guint               n,
                       double              timeout)
{
  QwTestIdle *idle = g_new0 (QwTestIdle, 1);
  guint n_from = g_strv_length ((char **) from);
  g_autofree struct sockaddr_in *sources = g_new0 (struct sockaddr_in, n_from);
  g_autofree int *fds = g_new0 (int, MAX_PER_CHILD);
  struct sockaddr_in target;
  gint64 deadline = deadline_after (timeout);
  gint64 deadline_ms = now_ms_raw () + (gint64) (timeout * 1000);
  for (guint i = 0; i < n_from; i++)
    g_assert_true (fill_address (&sources[i], from[i], 0));
  g_assert_true (fill_address (&target, "127.0.0.1", port));
  idle->holders = g_array_new (FALSE, TRUE, sizeof (Holder));
  for (guint first = 0; first < n; first += MAX_PER_CHILD)
    {
      guint count = MIN (MAX_PER_CHILD, n - first);
      int ready[2], release[2];
      Holder holder = { 0 };

      g_assert_cmpint (pipe2 (ready, O_CLOEXEC), ==, 0);
      g_assert_cmpint (pipe2 (release, O_CLOEXEC), ==, 0);
      holder.pid = fork ();
      g_assert_cmpint (holder.pid, >=, 0);
      if (holder.pid == 0)
        {
          /* Out of the way of 3 and 4 first: a pipe may be either. */
          int r = fcntl (ready[1], F_DUPFD, 10), l = fcntl (release[0], F_DUPFD, 10);

          if (r < 0 || l < 0 || dup2 (r, CHILD_READY_FD) < 0 || dup2 (l, CHILD_RELEASE_FD) < 0)
            _exit (1);
          hold_in_child (sources, n_from, first, &target, fds, count, deadline_ms);
        }
      close (ready[1]);
      close (release[0]);
      holder.ready = ready[0];
      holder.release = release[1];
      g_array_append_val (idle->holders, holder);
    }
  for (guint i = 0; i < idle->holders->len; i++)
    {
      Holder *holder = &g_array_index (idle->holders, Holder, i);

      if (!read_count (holder->ready, &holder->held, deadline + 5 * G_USEC_PER_SEC))
        holder->held = 0;
    }
  return idle;
}

guint
qw_test_net_idle_held (QwTestIdle *idle)
{
  guint held = 0;

  for (guint i = 0; i < idle->holders->len; i++)
    held += g_array_index (idle->holders, Holder, i).held;
  return held;
}

guint
qw_test_net_release (QwTestIdle *idle)
{
  guint closed = 0;

  for (guint i = 0; i < idle->holders->len; i++)
    {
      Holder *holder = &g_array_index (idle->holders, Holder, i);
      guint by_server = 0;
      int status = 0;

      g_assert_cmpint (write (holder->release, "x", 1), ==, 1);
      if (read_count (holder->ready, &by_server, deadline_after (30)))
        closed += by_server;
      else
        kill (holder->pid, SIGKILL);
      g_assert_cmpint (waitpid (holder->pid, &status, 0), ==, holder->pid);
      close (holder->ready);
      close (holder->release);
    }
  g_array_unref (idle->holders);
  g_free (idle);
  return closed;
}

/* /proc */

guint
qw_test_count_fds (pid_t pid)
{
  g_autofree char *path = g_strdup_printf ("/proc/%d/fd", (int) pid);
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  guint n = 0;

  /* This very process out of descriptors (an in-process server that holds
   * them all): more than any bound a test sets. */
  if (dir == NULL && errno == EMFILE)
    return G_MAXUINT;
  g_assert_nonnull (dir);
  while (g_dir_read_name (dir) != NULL)
    n++;
  return n;
}

guint64
qw_test_rss_kb (pid_t pid)
{
  g_autofree char *path = g_strdup_printf ("/proc/%d/status", (int) pid);
  g_autofree char *text = NULL;
  const char *line;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  line = strstr (text, "\nVmRSS:");
  g_assert_nonnull (line);
  return g_ascii_strtoull (line + strlen ("\nVmRSS:"), NULL, 10);
}
