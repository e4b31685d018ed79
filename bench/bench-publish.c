/* bench-publish.c: the venue server under a venue's load (issue 13)
 *
 * A 2000-player Swiss group after 8 rounds, round 9 paired and open. The
 * server runs in this process, as it does in the GUI. Prints:
 *
 *   1. the standings page served: after a change (snapshot and page made
 *      anew) and from the cache; goal < 50 ms;
 *   2. 200 phones polling every 2 seconds (/api/version, and the pairings
 *      page again after each change, as the pages' script does) while the
 *      arbiter enters a result every 200 ms: errors (goal: none) and the
 *      response times' percentiles;
 *   3. the result entry's time, without and with that load;
 *   4. with a display (xvfb-run): the frame times of a GTK main loop (a
 *      spinner animating) without and with that load, the results entered
 *      from that same main loop as the GUI does.
 *
 * Only loopback is used; the clients are bounded in number (200) and time.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "bench-stats.h"
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "qw-document-play.h"
#include "qw-publish-server.h"
#include "qw-simulate.h"
#include "qw-test.h"
#include "qw-tournament.h"
#include "qw-test-play.h"

#define N_PLAYERS   2000
#define N_CLIENTS   200
#define POLL_MS     2000
#define LOAD_SECONDS 16
#define ENTRY_MS    200

static char *base_url;

/* The document */

static QwDocument *
make_document (const char *path,
               QwSection **section)
{
  /* Swiss, a quarter of the games drawn. */
  QwSimulateOptions options = {
    .system = QW_SYSTEM_SWISS, .players = N_PLAYERS, .rounds = 8, .seed = 2021, .draw_rate = 0.25,
  };
  QwSimulateOutcome outcome;
  g_autoptr(GError) error = NULL;
  QwDocument *doc;

  g_assert_true (qw_simulate (path, &options, &outcome, &error));
  doc = qw_document_open (path, &error);
  g_assert_no_error (error);
  *section = qw_tournament_find_section (doc, "open-m", FALSE, &error);
  g_assert_no_error (error);
  (*section)->rounds = 9;
  g_assert_true (qw_test_update_section (doc, section, &error));
  g_assert_cmpint (qw_test_pair (doc, section, NULL, &error), ==, 9);
  g_assert_no_error (error);
  return doc;
}

/* One result of round 9, board by board; the time it took. */
static double
enter_result (QwDocument      *doc,
              const QwSection *section,
              int             *board)
{
  QwResultInput input = { .result = *board % 3 == 0 ? QW_RESULT_DRAW : QW_RESULT_RED_WIN };
  g_autoptr(GError) error = NULL;
  gint64 start = g_get_monotonic_time ();

  (*board)++;
  g_assert_true (qw_tournament_record_result (doc, section, 9, *board, &input, &error));
  return bench_ms_since (start);
}

static void
standings_page (QwDocument      *doc,
                const QwSection *section,
                int             *board)
{
  g_autofree char *url = g_strconcat (base_url, "group/open-m/standings", NULL);
  g_autoptr(GArray) fresh = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) cached = g_array_new (FALSE, FALSE, sizeof (double));
  g_autofree char *body = NULL;

  for (int i = 0; i < 10; i++)
    {
      gint64 start;
      double ms;

      enter_result (doc, section, board);
      start = g_get_monotonic_time ();
      g_free (body);
      g_assert_cmpuint (qw_test_http_get (url, &body), ==, 200);
      ms = bench_ms_since (start);
      g_array_append_val (fresh, ms);
      for (int j = 0; j < 10; j++)
        {
          start = g_get_monotonic_time ();
          g_assert_cmpuint (qw_test_http_get (url, NULL), ==, 200);
          ms = bench_ms_since (start);
          g_array_append_val (cached, ms);
        }
    }
  g_print ("standings page of %d players: %zu kB of HTML\n", N_PLAYERS, strlen (body) / 1024);
  bench_print_times ("  served after a change (new snapshot)", fresh);
  bench_print_times ("  served from the cache", cached);
  g_print ("  goal < 50 ms: %s\n", bench_percentile (fresh, 100) < 50 ? "met" : "NOT met");
}

/* The phones */

typedef struct
{
  GMutex   lock;
  GArray  *version_ms;
  GArray  *page_ms;
  guint    errors;
  guint    requests;
  gint     stop;
} Load;

static gpointer
phone_thread (gpointer data)
{
  Load *load = data;
  g_autofree char *version_url = g_strconcat (base_url, "api/version", NULL);
  g_autofree char *page_url = g_strconcat (base_url, "group/open-m/pairings", NULL);
  g_autofree char *seen = NULL;
  /* Phones come in at different moments. */
  gint64 next = g_get_monotonic_time () + g_random_int_range (0, POLL_MS) * 1000;

  while (!g_atomic_int_get (&load->stop))
    {
      g_autofree char *version = NULL;
      gint64 start;
      double v_ms, p_ms = -1;
      guint status, page_status = 200;

      if (g_get_monotonic_time () < next)
        {
          g_usleep (20 * 1000);
          continue;
        }
      next += POLL_MS * 1000;
      start = g_get_monotonic_time ();
      status = qw_test_http_get (version_url, &version);
      v_ms = bench_ms_since (start);
      if (status == 200 && g_strcmp0 (version, seen) != 0)
        {
          start = g_get_monotonic_time ();
          page_status = qw_test_http_get (page_url, NULL);
          p_ms = bench_ms_since (start);
          g_free (seen);
          seen = g_steal_pointer (&version);
        }
      g_mutex_lock (&load->lock);
      load->requests += p_ms >= 0 ? 2 : 1;
      load->errors += (status != 200) + (page_status != 200);
      g_array_append_val (load->version_ms, v_ms);
      if (p_ms >= 0)
        g_array_append_val (load->page_ms, p_ms);
      g_mutex_unlock (&load->lock);
    }
  return NULL;
}

static void
start_load (Load      *load,
            GPtrArray *threads)
{
  g_mutex_init (&load->lock);
  load->version_ms = g_array_new (FALSE, FALSE, sizeof (double));
  load->page_ms = g_array_new (FALSE, FALSE, sizeof (double));
  for (int i = 0; i < N_CLIENTS; i++)
    g_ptr_array_add (threads, g_thread_new ("phone", phone_thread, load));
}

static void
stop_load (Load      *load,
           GPtrArray *threads)
{
  g_atomic_int_set (&load->stop, TRUE);
  for (guint i = 0; i < threads->len; i++)
    g_thread_join (g_ptr_array_index (threads, i));
  g_ptr_array_set_size (threads, 0);
}

/* The arbiter's main loop: a result every ENTRY_MS, frames counted. */

typedef struct
{
  QwDocument      *doc;
  const QwSection *section;
  int             *board;
  GArray          *entry_ms;
  GArray          *frame_ms;
  gint64           last_frame;
  GMainLoop       *loop;
} Arbiter;

static gboolean
enter_cb (gpointer data)
{
  Arbiter *a = data;
  double ms = enter_result (a->doc, a->section, a->board);

  g_array_append_val (a->entry_ms, ms);
  return G_SOURCE_CONTINUE;
}

static gboolean
quit_cb (gpointer data)
{
  g_main_loop_quit (data);
  return G_SOURCE_REMOVE;
}

static gboolean
tick_cb (GtkWidget     *widget,
         GdkFrameClock *clock,
         gpointer       data)
{
  Arbiter *a = data;
  gint64 now = gdk_frame_clock_get_frame_time (clock);

  if (a->last_frame > 0)
    {
      double ms = (now - a->last_frame) / 1000.0;

      g_array_append_val (a->frame_ms, ms);
    }
  a->last_frame = now;
  return G_SOURCE_CONTINUE;
}

static void
run_arbiter (Arbiter   *a,
             GtkWidget *spinner,
             guint      seconds)
{
  guint enter = g_timeout_add (ENTRY_MS, enter_cb, a);
  guint tick = spinner != NULL ? gtk_widget_add_tick_callback (spinner, tick_cb, a, NULL) : 0;

  a->loop = g_main_loop_new (NULL, FALSE);
  a->last_frame = 0;
  g_timeout_add_seconds (seconds, quit_cb, a->loop);
  g_main_loop_run (a->loop);
  g_source_remove (enter);
  if (tick != 0)
    gtk_widget_remove_tick_callback (spinner, tick);
  g_main_loop_unref (a->loop);
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *dir = qw_test_make_tmp_dir ("qiwang-bench-publish-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "big.qiwang", NULL);
  g_autoptr(QwSection) section = NULL;
  g_autoptr(QwDocument) doc = NULL;
  g_autoptr(QwPublishServer) server = NULL;
  g_autoptr(GPtrArray) threads = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  const char *loopback[] = { "127.0.0.1", NULL };
  g_auto(GStrv) urls = NULL;
  GtkWidget *window = NULL, *spinner = NULL;
  Load load = { 0 };
  Arbiter quiet = { 0 }, busy = { 0 };
  int board = 0;
  gint64 start;

  if (gtk_init_check ())
    {
      window = gtk_window_new ();
      spinner = gtk_spinner_new ();
      gtk_spinner_start (GTK_SPINNER (spinner));
      gtk_window_set_child (GTK_WINDOW (window), spinner);
      gtk_window_set_default_size (GTK_WINDOW (window), 400, 300);
      gtk_window_present (GTK_WINDOW (window));
    }

  start = g_get_monotonic_time ();
  doc = make_document (path, &section);
  g_print ("document: %d players, 8 rounds played, round 9 paired (%.0f ms)\n", N_PLAYERS, bench_ms_since (start));
  server = qw_publish_server_new (path);
  g_assert_true (qw_publish_server_start (server, loopback, 0, &error));
  urls = qw_publish_server_get_urls (server);
  base_url = g_strdup (urls[0]);

  standings_page (doc, section, &board);

  /* Without load, then with it; the same main loop both times. */
  quiet = (Arbiter) { doc, section, &board, g_array_new (FALSE, FALSE, sizeof (double)),
                      g_array_new (FALSE, FALSE, sizeof (double)) };
  busy = quiet;
  busy.entry_ms = g_array_new (FALSE, FALSE, sizeof (double));
  busy.frame_ms = g_array_new (FALSE, FALSE, sizeof (double));
  run_arbiter (&quiet, spinner, 6);
  start_load (&load, threads);
  run_arbiter (&busy, spinner, LOAD_SECONDS);
  stop_load (&load, threads);

  g_print ("\n%d phones polling every %d ms for %d s, a result every %d ms:\n", N_CLIENTS, POLL_MS, LOAD_SECONDS,
           ENTRY_MS);
  g_print ("  requests %u, errors %u (goal: none)\n", load.requests, load.errors);
  bench_print_times ("  /api/version", load.version_ms);
  bench_print_times ("  pairings page (1000 boards) after a change", load.page_ms);
  g_print ("\nresult entry (qw_tournament_record_result):\n");
  bench_print_times ("  without load", quiet.entry_ms);
  bench_print_times ("  with 200 phones", busy.entry_ms);
  if (spinner != NULL)
    {
      g_print ("\nGTK frame clock of a main loop entering results (spinner animating):\n");
      bench_print_times ("  frame interval without load", quiet.frame_ms);
      bench_print_times ("  frame interval with 200 phones", busy.frame_ms);
    }
  else
    g_print ("\nno display: the GTK frame times were not measured (run under xvfb-run)\n");
  g_print ("server: %" G_GUINT64_FORMAT " requests answered\n", qw_publish_server_get_requests (server));

  qw_publish_server_stop (server);
  if (window != NULL)
    gtk_window_destroy (GTK_WINDOW (window));
  g_clear_object (&doc);
  qw_test_remove_tree (dir);
  return load.errors == 0 ? 0 : 1;
}
