/* bench-venue.c: the venue both ways under a venue's load (issue 20, point 6)
 *
 * A 302-player Swiss group, round 4 paired: 151 boards. The venue server
 * runs in this process, as it does in the window. 30 arbiter devices, each
 * joined through its link (a session cookie) and given 5 boards, enter the
 * 150 results of boards 1-150 within a minute (each at a random moment),
 * while 300 phones poll the public pages (/api/version every 2 s, the
 * pairings page after each change, as the pages' script does). Meanwhile
 * the window's own connection enters and clears a result on board 151
 * every 200 ms from a GTK main loop (frames timed under a display).
 *
 * Each device's page also asks every 3 s whether its boards changed
 * (/device?state=1), as the arbiter's page does.
 *
 * Prints: the devices' entry latencies (goal: p99 ≤ 300 ms), errors (goal:
 * 0), the phones' latencies, the window's result entry latency with and
 * without the load, and the frame intervals; then checks that each of the
 * 150 results is stored once, as entered, by the device that entered it
 * (no result lost, duplicated or misattributed). Exit status 1 when any of
 * that fails.
 *
 * Loopback only; every device and phone has a source address of its own
 * in 127.0.0.0/8, as phones on a venue's network do.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "bench-stats.h"
#include "config.h"

#include <adwaita.h>
#include <string.h>
#include <errno.h>
#include <poll.h>
#include <unistd.h>

#include "qw-document-play.h"
#include "qw-publish-server.h"
#include "qw-simulate.h"
#include "qw-test.h"
#include "qw-test-net.h"
#include "qw-test-play.h"
#include "qw-tournament.h"
#include "qw-venue.h"

#define N_PLAYERS      302
#define N_DEVICES      30
#define BOARDS_EACH    5
#define N_PHONES       300
#define POLL_MS        2000
#define ENTRY_SECONDS  55      /* the results come within this, of a minute */
#define WINDOW_MS      200
#define ROUND          4
#define WINDOW_BOARD   151

static guint port;

static const char *
result_for (int board)
{
  static const char *const results[] = { "2:0", "1:1", "0:2" };

  return results[board % 3];
}

/* The devices */

typedef struct
{
  GMutex   lock;
  GArray  *entry_ms;
  guint    errors;
  gint     stop;
  GArray  *phone_ms;
  guint    phone_requests;
  guint    phone_errors;
  GArray  *answered_at;     /* monotonic µs: each device result answered 200 */
  guint    page_looks;      /* the devices' pages asking whether their boards changed */
} Load;

typedef struct
{
  Load       *load;
  int         index;        /* 0.. */
  char       *token;
  char       *name;
} Device;

/* The session cookie the join link gives. */
static char *
join (Device     *d,
      const char *from)
{
  g_autofree char *request = g_strdup_printf ("GET /join/%s HTTP/1.1\r\nHost: 127.0.0.1:%u\r\n\r\n", d->token, port);
  g_autoptr(GString) reply = g_string_new (NULL);
  int fd = qw_test_net_connect (from, port, 30);
  char buffer[8192];
  ssize_t n;
  const char *cookie, *end;

  if (fd < 0)
    return NULL;
  if (write (fd, request, strlen (request)) < 0)
    {
      close (fd);
      return NULL;
    }
  /* The socket does not block: read until the server closes (one request
   * a connection), at most 30 s. */
  for (gint64 deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC; g_get_monotonic_time () < deadline;)
    {
      struct pollfd p = { .fd = fd, .events = POLLIN };

      if (poll (&p, 1, 1000) < 0 && errno != EINTR)
        break;
      n = read (fd, buffer, sizeof buffer);
      if (n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR))
        break;
      if (n > 0)
        g_string_append_len (reply, buffer, n);
    }
  close (fd);
  if (!g_str_has_prefix (reply->str, "HTTP/1.1 303") || (cookie = strstr (reply->str, "qw_session=")) == NULL
      || (end = strchr (cookie, ';')) == NULL)
    return NULL;
  return g_strndup (cookie, end - cookie);
}

static gpointer
device_thread (gpointer data)
{
  Device *d = data;
  g_autofree char *from = g_strdup_printf ("127.0.2.%d", d->index + 1);
  g_autofree char *cookie = join (d, from);
  gint64 start = g_get_monotonic_time ();
  gint64 at[BOARDS_EACH];
  g_autoptr(GRand) rand = g_rand_new_with_seed (20 + d->index);
  gint64 next_look = g_get_monotonic_time () + g_rand_int_range (rand, 0, 3000) * 1000;

  if (cookie == NULL)
    {
      g_mutex_lock (&d->load->lock);
      d->load->errors += BOARDS_EACH;
      g_mutex_unlock (&d->load->lock);
      g_printerr ("device %d could not join\n", d->index);
      return NULL;
    }
  /* Its 5 results at random moments of the minute, in order. */
  for (int i = 0; i < BOARDS_EACH; i++)
    at[i] = start + (gint64) g_rand_int_range (rand, 0, ENTRY_SECONDS * 1000) * 1000;
  for (int i = 0; i < BOARDS_EACH; i++)
    for (int j = i + 1; j < BOARDS_EACH; j++)
      if (at[j] < at[i])
        {
          gint64 t = at[i];

          at[i] = at[j];
          at[j] = t;
        }
  for (int i = 0; i < BOARDS_EACH; i++)
    {
      int board = d->index * BOARDS_EACH + i + 1;
      g_autofree char *body = g_strdup_printf ("{\"group\": \"open-m\", \"round\": %d, \"board\": %d, "
                                               "\"result\": \"%s\"}", ROUND, board, result_for (board));
      g_autofree char *request = NULL;
      g_autoptr(GString) reply = g_string_new (NULL);
      gint64 sent;
      guint status;
      double ms;

      /* Meanwhile its page asks every 3 s whether its boards changed, as
       * the arbiter's page does. */
      while (g_get_monotonic_time () < at[i])
        {
          if (g_get_monotonic_time () >= next_look)
            {
              g_autofree char *look = g_strdup_printf ("GET /device?state=1 HTTP/1.1\r\nHost: 127.0.0.1:%u\r\n"
                                                       "Cookie: %s\r\n\r\n", port, cookie);
              guint look_status = qw_test_net_request (from, port, look, 30, NULL);

              next_look += 3 * G_USEC_PER_SEC;
              g_mutex_lock (&d->load->lock);
              d->load->page_looks++;
              d->load->errors += look_status != 200;
              g_mutex_unlock (&d->load->lock);
            }
          g_usleep (MIN (50000, MAX (0, at[i] - g_get_monotonic_time ())));
        }
      request = g_strdup_printf ("POST /api/result HTTP/1.1\r\nHost: 127.0.0.1:%u\r\nOrigin: http://127.0.0.1:%u\r\n"
                                 "Cookie: %s\r\nContent-Type: application/json\r\nContent-Length: %zu\r\n\r\n%s",
                                 port, port, cookie, strlen (body), body);
      sent = g_get_monotonic_time ();
      status = qw_test_net_request (from, port, request, 30, reply);
      ms = bench_ms_since (sent);
      g_mutex_lock (&d->load->lock);
      g_array_append_val (d->load->entry_ms, ms);
      if (status == 200)
        {
          gint64 now = g_get_monotonic_time ();

          g_array_append_val (d->load->answered_at, now);
        }
      if (status != 200 || strstr (reply->str, "\"recorded\":true") == NULL)
        {
          d->load->errors++;
          g_printerr ("device %d board %d: %u %s\n", d->index, board, status, reply->str);
        }
      g_mutex_unlock (&d->load->lock);
    }
  return NULL;
}

/* The phones */

typedef struct
{
  Load *load;
  int   index;
} Phone;

static gpointer
phone_thread (gpointer data)
{
  Phone *p = data;
  Load *load = p->load;
  g_autofree char *from = g_strdup_printf ("127.0.%d.%d", 10 + p->index / 200, 1 + p->index % 200);
  g_autofree char *version_req = g_strdup_printf ("GET /api/version HTTP/1.1\r\nHost: 127.0.0.1:%u\r\n\r\n", port);
  g_autofree char *page_req = g_strdup_printf ("GET /group/open-m/pairings HTTP/1.1\r\nHost: 127.0.0.1:%u\r\n\r\n",
                                               port);
  g_autofree char *seen = NULL;
  gint64 next = g_get_monotonic_time () + g_random_int_range (0, POLL_MS) * 1000;

  while (!g_atomic_int_get (&load->stop))
    {
      g_autoptr(GString) version = g_string_new (NULL);
      guint status, page_status = 200;
      gint64 start;
      double ms, page_ms = -1;

      if (g_get_monotonic_time () < next)
        {
          g_usleep (20 * 1000);
          continue;
        }
      next += POLL_MS * 1000;
      start = g_get_monotonic_time ();
      status = qw_test_net_request (from, port, version_req, 30, version);
      ms = bench_ms_since (start);
      if (status == 200 && g_strcmp0 (version->str, seen) != 0)
        {
          start = g_get_monotonic_time ();
          page_status = qw_test_net_request (from, port, page_req, 30, NULL);
          page_ms = bench_ms_since (start);
          g_free (seen);
          seen = g_strdup (version->str);
        }
      g_mutex_lock (&load->lock);
      load->phone_requests += page_ms >= 0 ? 2 : 1;
      load->phone_errors += (status != 200) + (page_status != 200);
      g_array_append_val (load->phone_ms, ms);
      if (page_ms >= 0)
        g_array_append_val (load->phone_ms, page_ms);
      g_mutex_unlock (&load->lock);
    }
  return NULL;
}

/* The window: a result entered and cleared on its own board every 200 ms. */

typedef struct
{
  QwDocument      *doc;
  QwSection       *section;
  GArray          *entry_ms;
  GArray          *frame_ms;
  gint64           last_frame;
  GMainLoop       *loop;
  gboolean         set;
  guint            errors;
} Window;

static gboolean
window_entry_cb (gpointer data)
{
  Window *w = data;
  QwResultInput input = { .result = QW_RESULT_DRAW };
  g_autoptr(GError) error = NULL;
  gint64 start = g_get_monotonic_time ();
  gboolean ok;
  double ms;

  ok = w->set ? qw_tournament_undo_result (w->doc, w->section, ROUND, WINDOW_BOARD, &error)
              : qw_tournament_record_result (w->doc, w->section, ROUND, WINDOW_BOARD, &input, &error);
  ms = bench_ms_since (start);
  if (!ok)
    {
      w->errors++;
      g_printerr ("window: %s\n", error->message);
    }
  else
    w->set = !w->set;
  g_array_append_val (w->entry_ms, ms);
  return G_SOURCE_CONTINUE;
}

/* As the window's document context does every 500 ms (qw-document-context.c). */
static gboolean
window_look_cb (gpointer data)
{
  Window *w = data;

  qw_document_check_outside (w->doc);
  return G_SOURCE_CONTINUE;
}

/* When the window's connection is told "games" (its pages reload then). */
static void
heard_cb (QwDocument *doc,
          const char *topic,
          GArray     *heard)
{
  gint64 now = g_get_monotonic_time ();

  g_array_append_val (heard, now);
}

/* For each device result, the time until the window's connection was next
 * told "games". */
static GArray *
heard_delays (GArray *answered,
              GArray *heard)
{
  GArray *ms = g_array_new (FALSE, FALSE, sizeof (double));

  for (guint i = 0; i < answered->len; i++)
    {
      gint64 t = g_array_index (answered, gint64, i);

      for (guint j = 0; j < heard->len; j++)
        if (g_array_index (heard, gint64, j) >= t)
          {
            double d = (g_array_index (heard, gint64, j) - t) / 1000.0;

            g_array_append_val (ms, d);
            break;
          }
    }
  return ms;
}

static gboolean
tick_cb (GtkWidget     *widget,
         GdkFrameClock *clock,
         gpointer       data)
{
  Window *w = data;
  gint64 now = gdk_frame_clock_get_frame_time (clock);

  if (w->last_frame > 0)
    {
      double ms = (now - w->last_frame) / 1000.0;

      g_array_append_val (w->frame_ms, ms);
    }
  w->last_frame = now;
  return G_SOURCE_CONTINUE;
}

static gboolean
quit_cb (gpointer data)
{
  g_main_loop_quit (data);
  return G_SOURCE_REMOVE;
}

static void
run_window (Window    *w,
            GtkWidget *spinner,
            guint      seconds)
{
  guint entry = g_timeout_add (WINDOW_MS, window_entry_cb, w);
  guint look = g_timeout_add (500, window_look_cb, w);
  guint tick = spinner != NULL ? gtk_widget_add_tick_callback (spinner, tick_cb, w, NULL) : 0;

  w->loop = g_main_loop_new (NULL, FALSE);
  w->last_frame = 0;
  g_timeout_add_seconds (seconds, quit_cb, w->loop);
  g_main_loop_run (w->loop);
  g_source_remove (entry);
  g_source_remove (look);
  if (tick != 0)
    gtk_widget_remove_tick_callback (spinner, tick);
  g_main_loop_unref (w->loop);
}

static QwDocument *
make_document (const char *path,
               QwSection **section)
{
  QwSimulateOptions options = {
    .system = QW_SYSTEM_SWISS, .players = N_PLAYERS, .rounds = ROUND - 1, .seed = 2021, .draw_rate = 0.25,
  };
  QwSimulateOutcome outcome;
  g_autoptr(GError) error = NULL;
  QwDocument *doc;

  g_assert_true (qw_simulate (path, &options, &outcome, &error));
  doc = qw_document_open (path, &error);
  g_assert_no_error (error);
  *section = qw_tournament_find_section (doc, "open-m", FALSE, &error);
  g_assert_no_error (error);
  (*section)->rounds = ROUND + 2;
  g_assert_true (qw_test_update_section (doc, section, &error));
  g_assert_cmpint (qw_test_pair (doc, section, NULL, &error), ==, ROUND);
  g_assert_no_error (error);
  /* The window's steps are kept, as the window's are. */
  qw_document_enable_history (doc);
  return doc;
}

/* Every result of boards 1-150 stored once, as entered, by its device. */
static guint
check_results (QwDocument      *doc,
               const QwSection *section,
               Device          *devices)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) games = qw_document_list_round_games (doc, section->id, ROUND, &error);
  g_autoptr(GHashTable) by = qw_venue_entered_by (doc, section->id, &error);
  g_autoptr(GPtrArray) log = qw_venue_list_log (doc, &error);
  guint lost = 0, wrong = 0, misattributed = 0, recorded = 0, duplicated = 0;
  int per_board[N_DEVICES * BOARDS_EACH + 1] = { 0 };

  for (guint i = 0; i < games->len; i++)
    {
      const QwGame *g = g_ptr_array_index (games, i);
      g_autofree char *owner = NULL;
      QwResult want;

      if (g->board > N_DEVICES * BOARDS_EACH)
        continue;
      owner = g_strdup_printf ("device:%s", devices[(g->board - 1) / BOARDS_EACH].name);
      qw_result_from_code (result_for (g->board), &want);
      lost += g->result == QW_RESULT_NONE;
      wrong += g->result != QW_RESULT_NONE && g->result != want;
      misattributed += g_strcmp0 (g_hash_table_lookup (by, &g->id), owner) != 0;
    }
  for (guint i = 0; i < log->len; i++)
    {
      const QwDeviceLogLine *l = g_ptr_array_index (log, i);

      if (!g_str_equal (l->action, "result") || !g_str_equal (l->outcome, "recorded"))
        continue;
      recorded++;
      if (l->board >= 1 && l->board <= N_DEVICES * BOARDS_EACH && ++per_board[l->board] > 1)
        duplicated++;
    }
  g_print ("\nstored: %u results logged as recorded; lost %u, wrong %u, misattributed %u, duplicated %u "
           "(goal: 150 and 0, 0, 0, 0)\n", recorded, lost, wrong, misattributed, duplicated);
  return lost + wrong + misattributed + duplicated + (recorded != N_DEVICES * BOARDS_EACH);
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *dir = qw_test_make_tmp_dir ("qiwang-bench-venue-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "venue.qiwang", NULL);
  g_autoptr(QwSection) section = NULL;
  g_autoptr(QwDocument) doc = NULL;
  g_autoptr(QwPublishServer) server = NULL;
  g_autoptr(GPtrArray) device_threads = g_ptr_array_new ();
  g_autoptr(GPtrArray) phone_threads = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  const char *loopback[] = { "127.0.0.1", NULL };
  GtkWidget *window = NULL, *spinner = NULL;
  Device devices[N_DEVICES];
  Phone phones[N_PHONES];
  Load load = { 0 };
  Window quiet = { 0 }, busy = { 0 };
  g_autoptr(GArray) heard = NULL, delays = NULL;
  guint bad;
  gint64 start;
  double seconds;

  if (gtk_init_check ())
    {
      window = gtk_window_new ();
      spinner = gtk_spinner_new ();
      gtk_spinner_start (GTK_SPINNER (spinner));
      gtk_window_set_child (GTK_WINDOW (window), spinner);
      gtk_window_set_default_size (GTK_WINDOW (window), 400, 300);
      gtk_window_present (GTK_WINDOW (window));
    }
  doc = make_document (path, &section);
  for (int i = 0; i < N_DEVICES; i++)
    {
      g_autoptr(QwDevice) d = NULL;
      const char *groups[] = { "open-m", NULL };

      devices[i] = (Device) { &load, i, NULL, g_strdup_printf ("裁判%02d", i + 1) };
      d = qw_venue_add_device (doc, devices[i].name, QW_DEVICE_ARBITER, groups, i * BOARDS_EACH + 1,
                               (i + 1) * BOARDS_EACH, &devices[i].token, &error);
      g_assert_no_error (error);
    }
  g_print ("document: %d players, round %d paired (%d boards); %d arbiter devices of %d boards each\n", N_PLAYERS,
           ROUND, N_PLAYERS / 2, N_DEVICES, BOARDS_EACH);
  server = qw_publish_server_new (path);
  g_assert_true (qw_publish_server_start (server, loopback, 0, &error));
  port = qw_publish_server_get_port (server);

  quiet = (Window) { doc, section, g_array_new (FALSE, FALSE, sizeof (double)),
                     g_array_new (FALSE, FALSE, sizeof (double)) };
  busy = quiet;
  busy.entry_ms = g_array_new (FALSE, FALSE, sizeof (double));
  busy.frame_ms = g_array_new (FALSE, FALSE, sizeof (double));
  run_window (&quiet, spinner, 5);

  g_mutex_init (&load.lock);
  load.entry_ms = g_array_new (FALSE, FALSE, sizeof (double));
  load.phone_ms = g_array_new (FALSE, FALSE, sizeof (double));
  load.answered_at = g_array_new (FALSE, FALSE, sizeof (gint64));
  heard = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_signal_connect (doc, "changed::games", G_CALLBACK (heard_cb), heard);
  for (int i = 0; i < N_PHONES; i++)
    {
      phones[i] = (Phone) { &load, i };
      g_ptr_array_add (phone_threads, g_thread_new ("phone", phone_thread, &phones[i]));
    }
  start = g_get_monotonic_time ();
  for (int i = 0; i < N_DEVICES; i++)
    g_ptr_array_add (device_threads, g_thread_new ("device", device_thread, &devices[i]));
  run_window (&busy, spinner, ENTRY_SECONDS + 3);
  for (guint i = 0; i < device_threads->len; i++)
    g_thread_join (g_ptr_array_index (device_threads, i));
  seconds = bench_ms_since (start) / 1000.0;
  g_atomic_int_set (&load.stop, TRUE);
  for (guint i = 0; i < phone_threads->len; i++)
    g_thread_join (g_ptr_array_index (phone_threads, i));

  g_print ("\n%d devices entered %u results in %.1f s while %d phones polled every %d ms:\n", N_DEVICES,
           load.entry_ms->len, seconds, N_PHONES, POLL_MS);
  g_print ("  device errors %u (of %u results and %u looks of their pages), phone requests %u, phone errors %u "
           "(goal: 0 errors)\n", load.errors, load.entry_ms->len, load.page_looks, load.phone_requests,
           load.phone_errors);
  bench_print_times ("  device entry (POST /api/result)", load.entry_ms);
  g_print ("  goal p99 ≤ 300 ms: %s\n", bench_percentile (load.entry_ms, 99) <= 300 ? "met" : "NOT met");
  bench_print_times ("  phones (/api/version, pairings page)", load.phone_ms);
  delays = heard_delays (load.answered_at, heard);
  bench_print_times ("  window's connection told \"games\" after", delays);
  g_print ("  (the window looks every 500 ms and with each of its own steps, every %d ms here)\n", WINDOW_MS);
  g_print ("\nthe window's own result entry (its connection, qw_tournament_record_result/undo_result):\n");
  bench_print_times ("  without load", quiet.entry_ms);
  bench_print_times ("  with 30 devices and 300 phones", busy.entry_ms);
  if (spinner != NULL)
    {
      g_print ("\nGTK frame clock of that main loop (spinner animating):\n");
      bench_print_times ("  frame interval without load", quiet.frame_ms);
      bench_print_times ("  frame interval with the load", busy.frame_ms);
    }
  else
    g_print ("\nno display: the GTK frame times were not measured (run under xvfb-run)\n");
  qw_publish_server_stop (server);
  qw_document_check_outside (doc);
  bad = check_results (doc, section, devices);

  for (int i = 0; i < N_DEVICES; i++)
    {
      g_free (devices[i].token);
      g_free (devices[i].name);
    }
  if (window != NULL)
    gtk_window_destroy (GTK_WINDOW (window));
  g_clear_object (&doc);
  qw_test_remove_tree (dir);
  return load.errors == 0 && load.phone_errors == 0 && quiet.errors + busy.errors == 0 && bad == 0
         && bench_percentile (load.entry_ms, 99) <= 300 ? 0 : 1;
}
