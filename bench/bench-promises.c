/* bench-promises.c: the speeds the tests used to assert
 *
 * Issue 17: a timed assertion fails on a loaded machine (ui-concurrent met
 * 1.005 s against 1 s), so the tests now wait for what they check, with a
 * deadline only a hang exceeds (qw_test_seconds()), and the speeds they
 * promised are measured here, a few times each, with the promise beside
 * the figures:
 *
 *   - refusals of hostile input (test-hostile): /dev/zero given as a list,
 *     a list with a 1 MB field, a CSV of 4,100,000 empty lines, a ruleset
 *     id that is a path: under a second;
 *   - a result on the venue server's page after it was entered, and a page
 *     served while a write step is open (test-publish): under 2 s, under
 *     a second;
 *   - with a display (xvfb-run): another program's result on the window's
 *     rounds page (ui-concurrent): within a second.
 *
 * Not a test: figures for people.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <sqlite3.h>
#include <string.h>

#include "qw-board-item.h"
#include "qw-csv.h"
#include "qw-demo.h"
#include "qw-document-play.h"
#include "qw-entry-import.h"
#include "qw-publish-server.h"
#include "qw-rounds-page.h"
#include "qw-ruleset.h"
#include "qw-test.h"
#include "qw-test-documents.h"
#include "qw-tournament.h"
#include "qw-window.h"
#include "ui-wait.h"

#define RUNS 5

static char *dir;

static double
ms_since (gint64 start)
{
  return (g_get_monotonic_time () - start) / 1000.0;
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

/* One line: the median and the longest of @ms, against @goal_ms. */
static void
report (const char *what,
        GArray     *ms,
        double      goal_ms)
{
  double longest;

  g_array_sort (ms, compare_doubles);
  longest = g_array_index (ms, double, ms->len - 1);
  g_print ("%-52s n=%-3u median %8.1f  max %8.1f ms   promise < %.0f ms: %s\n", what, ms->len,
           g_array_index (ms, double, ms->len / 2), longest, goal_ms, longest < goal_ms ? "kept" : "NOT kept");
}

/* Refusals */

typedef gboolean (*Refusal) (gpointer data);

static gboolean
list_refused (gpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwEntryImport) import = qw_entry_import_file (data, &error);

  return import == NULL;
}

static gboolean
csv_refused (gpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwCsv) csv = qw_csv_parse_data (data, strlen (data), &error);

  return csv == NULL;
}

static gboolean
ruleset_refused (gpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwRuleset) ruleset = qw_ruleset_lookup (data, &error);

  return ruleset == NULL;
}

static void
time_refusal_within (const char *what,
                     Refusal     refused,
                     gpointer    data,
                     double      goal_ms)
{
  g_autoptr(GArray) ms = g_array_new (FALSE, FALSE, sizeof (double));

  for (guint i = 0; i < RUNS; i++)
    {
      gint64 start = g_get_monotonic_time ();
      double t;

      g_assert_true (refused (data));
      t = ms_since (start);
      g_array_append_val (ms, t);
    }
  report (what, ms, goal_ms);
}

static void
time_refusal (const char *what,
              Refusal     refused,
              gpointer    data)
{
  time_refusal_within (what, refused, data, 1000);
}

static void
refusals (void)
{
  g_autofree char *big_field = g_build_filename (dir, "big-field.csv", NULL);
  g_autofree char *big = g_strnfill (1024 * 1024, 'x');
  g_autofree char *text = g_strdup_printf ("姓名,性别,单位\n王五,男,北京\n李四,男,%s\n", big);
  g_autofree char *lines = g_strnfill (4100000, '\n');

  g_assert_true (g_file_set_contents (big_field, text, -1, NULL));
  g_print ("Hostile input refused (test-hostile):\n");
  time_refusal ("/dev/zero as a registration list", list_refused, (gpointer) "/dev/zero");
  time_refusal ("a list with a field of 1 MB", list_refused, big_field);
  time_refusal ("a CSV of 4,100,000 empty lines", csv_refused, lines);
  time_refusal ("a ruleset id that is a path", ruleset_refused, (gpointer) "../rulesets/qiwang-2021");
  g_unlink (big_field);
}

/* Crafted documents: the demo with SQL of test-cli-crafted.c planted in it. */

static const char *const crafted_sql[][2] = {
  { "a trigger planted on the games",
    "CREATE TRIGGER rename_players AFTER UPDATE OF result ON game "
    "BEGIN UPDATE player SET name = '被改名' || id; END;" },
  { "meta replaced by an endless recursive view",
    "ALTER TABLE meta RENAME TO meta_kept;"
    "CREATE VIEW meta AS WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) "
    "SELECT 'n' || x AS key, '' AS value FROM n UNION ALL SELECT key, value FROM meta_kept;" },
  { "meta replaced by a view that grows a string",
    "ALTER TABLE meta RENAME TO meta_kept;"
    "CREATE VIEW meta AS WITH RECURSIVE n(x, s) AS (SELECT 1, 'x' UNION ALL "
    "SELECT x + 1, s || s FROM n WHERE length (s) < 100000000) SELECT 'kind' AS key, s AS value FROM n;" },
};

static gboolean
document_refused (gpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = qw_document_open (data, &error);

  return doc == NULL;
}

static void
crafted_documents (void)
{
  g_print ("\nCrafted documents refused on opening (test-cli-crafted):\n");
  for (guint i = 0; i < G_N_ELEMENTS (crafted_sql); i++)
    {
      g_autofree char *path = qw_test_demo_document (dir, "crafted.qiwang");
      sqlite3 *db = NULL;

      g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
      g_assert_cmpint (sqlite3_exec (db, crafted_sql[i][1], NULL, NULL, NULL), ==, SQLITE_OK);
      sqlite3_close (db);
      time_refusal_within (crafted_sql[i][0], document_refused, path, 2000);
      g_unlink (path);
    }
}

/* The venue server */

static char *
served_result (const char *base,
               int         board)
{
  g_autofree char *url = g_strconcat (base, "group/open-m/pairings?round=4", NULL);
  g_autofree char *body = NULL;
  g_autofree char *marker = g_strdup_printf ("<td class=\"board\">%d</td>", board);
  const char *row, *res, *end;
  const char *cell = "<td class=\"res\"><span aria-hidden=\"true\">";

  if (qw_test_http_get (url, &body) != 200 || (row = strstr (body, marker)) == NULL
      || (res = strstr (row, cell)) == NULL || (end = strstr (res + strlen (cell), "</span>")) == NULL)
    return g_strdup ("?");
  res += strlen (cell);
  return g_strndup (res, end - res);
}

/* The boards of round 4 of open-m without a result. */
static GArray *
open_boards (QwDocument *doc,
             QwSection  *section)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) games = qw_document_list_round_games (doc, section->id, 4, &error);
  GArray *boards = g_array_new (FALSE, FALSE, sizeof (int));

  g_assert_no_error (error);
  for (guint i = 0; i < games->len; i++)
    {
      const QwGame *g = g_ptr_array_index (games, i);

      if (g->black != 0 && g->result == QW_RESULT_NONE)
        g_array_append_val (boards, g->board);
    }
  return boards;
}

static void
venue_server (void)
{
  g_autofree char *path = qw_test_demo_document (dir, "live.qiwang");
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = qw_document_open (path, &error);
  g_autoptr(QwPublishServer) server = qw_publish_server_new (path);
  const char *loopback[] = { "127.0.0.1", NULL };
  g_autoptr(QwSection) section = NULL;
  g_autoptr(GArray) boards = NULL;
  g_autoptr(GArray) shown = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) during = g_array_new (FALSE, FALSE, sizeof (double));
  g_auto(GStrv) urls = NULL;
  QwResultInput win = { .result = QW_RESULT_BLACK_WIN };

  g_assert_no_error (error);
  section = qw_tournament_find_section (doc, "open-m", FALSE, &error);
  g_assert_no_error (error);
  g_assert_true (qw_publish_server_start (server, loopback, 0, &error));
  g_assert_no_error (error);
  urls = qw_publish_server_get_urls (server);
  boards = open_boards (doc, section);
  for (guint i = 0; i < MIN (boards->len, RUNS); i++)
    {
      int board = g_array_index (boards, int, i);
      gint64 start = g_get_monotonic_time ();
      double t;

      g_assert_true (qw_tournament_record_result (doc, section, 4, board, &win, &error));
      for (;;)
        {
          g_autofree char *now = served_result (urls[0], board);

          if (g_str_equal (now, "0:2") || ms_since (start) > 30000)
            break;
          g_usleep (5 * 1000);
        }
      t = ms_since (start);
      g_array_append_val (shown, t);
    }
  for (guint i = 0; i < RUNS; i++)
    {
      g_autofree char *url = g_strconcat (urls[0], "group/open-m/standings", NULL);
      gint64 start;
      double t;

      g_assert_true (qw_document_begin_step (doc, "open", &error));
      g_assert_true (qw_document_set_meta (doc, "bench-open-step", "1", &error));
      start = g_get_monotonic_time ();
      g_assert_cmpuint (qw_test_http_get (url, NULL), ==, 200);
      t = ms_since (start);
      g_array_append_val (during, t);
      qw_document_rollback (doc);
    }
  qw_publish_server_stop (server);
  g_print ("\nThe venue server (test-publish):\n");
  report ("a result entered, on the served page", shown, 2000);
  report ("a page served while a write step is open", during, 1000);
  g_unlink (path);
}

/* The window */

static QwBoardItem *
board_at (QwRoundsPage *rounds,
          guint         i)
{
  return g_list_model_get_item (qw_rounds_page_get_boards (rounds), i);
}

typedef struct
{
  QwRoundsPage *rounds;
  int           board;
} Shows;

static gboolean
shows_result (gpointer data)
{
  Shows *s = data;
  guint n = g_list_model_get_n_items (qw_rounds_page_get_boards (s->rounds));

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(QwBoardItem) b = board_at (s->rounds, i);

      if (qw_board_item_get_game (b)->board == s->board)
        return qw_board_item_get_game (b)->result == QW_RESULT_BLACK_WIN;
    }
  return FALSE;
}

static void
window (void)
{
  g_autofree char *path = qw_test_demo_document (dir, "window.qiwang");
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) other = NULL;
  g_autoptr(QwSection) section = NULL;
  g_autoptr(GArray) boards = NULL;
  g_autoptr(GArray) shown = g_array_new (FALSE, FALSE, sizeof (double));
  QwWindow *win = qw_window_new (NULL);
  QwResultInput result = { .result = QW_RESULT_BLACK_WIN };
  QwRoundsPage *rounds;

  gtk_window_set_default_size (GTK_WINDOW (win), 1280, 800);
  gtk_window_present (GTK_WINDOW (win));
  qw_test_wait_mapped (GTK_WIDGET (win));
  g_assert_true (qw_window_open_file (win, file));
  qw_window_show_page (win, "rounds");
  rounds = QW_ROUNDS_PAGE (qw_window_get_page (win, "rounds"));
  qw_test_wait_mapped (GTK_WIDGET (rounds));
  g_assert_true (qw_rounds_page_select_group (rounds, "open-m"));
  other = qw_document_open (path, &error);
  g_assert_no_error (error);
  section = qw_tournament_find_section (other, "open-m", FALSE, &error);
  g_assert_no_error (error);
  boards = open_boards (other, section);
  for (guint i = 0; i < MIN (boards->len, RUNS); i++)
    {
      Shows s = { rounds, g_array_index (boards, int, i) };
      gint64 start = g_get_monotonic_time ();
      double t;

      g_assert_true (qw_tournament_record_result (other, section, 4, s.board, &result, &error));
      qw_test_wait_until (shows_result, &s, "the window to show the other program's result");
      t = ms_since (start);
      g_array_append_val (shown, t);
    }
  g_print ("\nThe window (ui-concurrent):\n");
  report ("another program's result on the rounds page", shown, 1000);
  gtk_window_destroy (GTK_WINDOW (win));
  g_unlink (path);
}

int
main (int    argc,
      char **argv)
{
  gboolean display;

  g_setenv ("GSK_RENDERER", "cairo", TRUE);
  display = gtk_init_check ();
  if (display)
    adw_init ();
  dir = g_dir_make_tmp ("qiwang-bench-XXXXXX", NULL);
  refusals ();
  crafted_documents ();
  venue_server ();
  if (display)
    window ();
  else
    g_print ("\nno display: the window was not measured (run under xvfb-run)\n");
  qw_test_remove_tree (dir);
  return 0;
}
