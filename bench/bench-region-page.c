/* bench-region-page.c: a large province's folder of stop files, in the GUI
 *
 * Needs a display (xvfb-run). Writes 40 stops' results files of 300 players
 * each and a stops CSV of 200 more stops, then prints the time the region
 * page takes to import the whole folder (read in a worker thread, one
 * transaction per file, the page and its quota rebuilt once, the report
 * shown), to import it again (every file already there), and to open the
 * finished region document onto the region page. Goal: a folder of a
 * province's stops goes in within a few seconds and the document opens in
 * well under a second.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>

#include "qw-demo.h"
#include "qw-region-page.h"
#include "qw-region.h"
#include "qw-window.h"
#include "qw-date.h"
#include "qw-entry.h"
#include "qw-event.h"

#define N_FILES   40
#define N_PLAYERS 300
#define N_TYPED   200
#define PREFIX    "2021年第六届全国象棋业余棋王赛广东赛区"

static void
spin_until_idle (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static double
ms_since (gint64 start)
{
  return (g_get_monotonic_time () - start) / 1000.0;
}

/* One stop: every player in open-m, five rounds, standings in order. */
static char *
write_stop (const char *dir,
            guint       n)
{
  g_autoptr(GPtrArray) entries = qw_demo_make_entries (1000 + n, N_PLAYERS, qw_date_make (2021, 7, 3));
  g_autoptr(QwResults) r = qw_results_new ();
  g_autoptr(GError) error = NULL;
  QwResultsGroup *group = qw_results_group_new ("open-m");
  char *path = g_strdup_printf ("%s/stop-%02u.xml", dir, n);
  guint even;

  r->uid = g_strdup_printf ("bench-stop-%02u", n);
  r->event->name = g_strdup_printf (PREFIX "第%u站预选赛", n + 1);
  r->event->region = g_strdup ("广东");
  r->event->host = g_strdup_printf ("第%u县象棋协会", n + 1);
  r->event->host_level = QW_HOST_COUNTY;
  r->event->prefecture = g_strdup_printf ("第%u市", n % 12);
  r->event->start_date = qw_date_make (2021, 5 + n % 5, 1 + n % 28);
  r->event->chief_arbiter = g_strdup ("张志强");
  r->event->chief_arbiter_grade = g_strdup ("一级");
  g_strfreev (group->tiebreak_codes);
  group->tiebreak_codes = g_strsplit ("opponents,progressive", ",", -1);
  g_strfreev (group->tiebreak_names);
  group->tiebreak_names = g_strsplit ("对手分,累进分", ",", -1);
  group->rounds = 5;
  for (guint i = 0; i < entries->len; i++)
    {
      QwEntry *e = qw_entry_copy (g_ptr_array_index (entries, i));

      e->no = (int) i + 1;
      g_free (e->group_code);
      e->group_code = g_strdup ("open-m");
      g_ptr_array_add (group->players, e);
    }
  even = group->players->len & ~1u;
  for (int round = 1; round <= 5; round++)
    for (guint b = 0; b < even / 2; b++)
      {
        QwResultsGame *g = qw_results_game_new ();

        g->round = round;
        g->board = (int) b + 1;
        g->red = (int) ((b * 2 + (guint) round) % even) + 1;
        g->black = (int) ((b * 2 + 1 + (guint) round) % even) + 1;
        g_free (g->result);
        g->result = g_strdup (b % 3 == 0 ? "1:1" : "2:0");
        g_ptr_array_add (group->games, g);
      }
  for (guint i = 0; i < group->players->len; i++)
    {
      QwResultsStanding *s = qw_results_standing_new ();
      double values[] = { 100.0 - i * 0.01, 50.0 };

      s->rank = (int) i + 1;
      s->no = (int) i + 1;
      s->points = 10.0 - i * (10.0 / group->players->len);
      g_array_append_vals (s->tiebreaks, values, G_N_ELEMENTS (values));
      g_ptr_array_add (group->standings, s);
    }
  g_ptr_array_add (r->groups, group);
  if (!qw_results_write_file (r, path, FALSE, &error))
    g_error ("%s", error->message);
  return path;
}

static char *
write_stops_csv (const char *dir)
{
  g_autoptr(GString) csv = g_string_new ("名称,类型,级别,承办单位,地级市,县级市,荣誉,参赛人数\n");
  char *path = g_build_filename (dir, "stops.csv", NULL);

  for (guint i = 0; i < N_TYPED; i++)
    g_string_append_printf (csv, PREFIX "手录%u站预选赛,预选赛,%s,手录%u协会,第%u市,,%s,%u\n", i + 1,
                            i % 2 ? "县级" : "乡级", i / 2, i % 12, i % 25 == 0 ? "象棋之乡" : "",
                            12 + i % 40);
  g_file_set_contents (path, csv->str, (gssize) csv->len, NULL);
  return path;
}

/* Imports the folder through the page, as a drop does, and waits for the report. */
static double
import_folder (QwRegionPage *page,
               GPtrArray    *files)
{
  gint64 start = g_get_monotonic_time ();

  qw_region_page_import_files (page, files);
  while (qw_page_is_busy (QW_PAGE (page)))
    g_main_context_iteration (NULL, TRUE);
  spin_until_idle ();
  return ms_since (start);
}

static void
close_dialogs (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = g_list_model_get_n_items (toplevels); i > 0; i--)
    {
      g_autoptr(GObject) w = g_list_model_get_item (toplevels, i - 1);

      if (ADW_IS_MESSAGE_DIALOG (w))
        gtk_window_destroy (GTK_WINDOW (w));
    }
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("qiwang-bench-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "region.qiwang", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(QwDocument) doc = NULL;
  const QwQuota *quota;
  QwRegionPage *page;
  QwWindow *window;
  double first, again, open_ms;
  gint64 start;

  if (!gtk_init_check ())
    {
      g_printerr ("no display: run under xvfb-run\n");
      return 77;
    }
  adw_init ();
  for (guint i = 0; i < N_FILES; i++)
    {
      g_autofree char *xml = write_stop (dir, i);

      g_ptr_array_add (files, g_file_new_for_path (xml));
    }
  {
    g_autofree char *csv = write_stops_csv (dir);

    g_ptr_array_add (files, g_file_new_for_path (csv));
  }
  doc = qw_document_create (path, QW_DOCUMENT_REGION, &error);
  if (doc == NULL || !qw_region_setup (doc, "广东", "qiwang-2021", &error))
    g_error ("%s", error->message);
  g_clear_object (&doc);

  window = qw_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  qw_window_open_file (window, file);
  spin_until_idle ();
  page = QW_REGION_PAGE (qw_window_get_page (window, "region"));

  first = import_folder (page, files);
  close_dialogs ();
  again = import_folder (page, files);
  close_dialogs ();
  g_print ("folder: %u results files of %u players and a stops CSV of %u stops\n",
           N_FILES, N_PLAYERS, N_TYPED);
  g_print ("import the folder:        %8.0f ms\n", first);
  g_print ("import it again (same):   %8.0f ms\n", again);

  start = g_get_monotonic_time ();
  qw_window_open_file (window, file);
  spin_until_idle ();
  open_ms = ms_since (start);
  quota = qw_region_page_get_quota (page);
  g_print ("open the region document: %8.0f ms (%u stops, %d participants, tier %s, %u extra-place lines)\n",
           open_ms, g_list_model_get_n_items (qw_region_page_get_model (page)), quota->participants,
           quota->tier != NULL ? quota->tier : "none", quota->bonuses->len);

  gtk_window_destroy (GTK_WINDOW (window));
  spin_until_idle ();
  for (guint i = 0; i < files->len; i++)
    g_file_delete (g_ptr_array_index (files, i), NULL, NULL);
  g_unlink (path);
  g_rmdir (dir);
  return 0;
}
