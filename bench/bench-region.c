/* bench-region.c: results files and the region document at scale
 *
 * Prints the time to write a stop's results file (with its self-check), to
 * read it back (size limit, schema, digest, cross-references), and to import
 * it into a region document, for stops of 200 to 5,000 players playing 9
 * rounds; then the quota of a region of 2,000 stops. Goal: a stop of 1,000
 * players (the largest preliminaries) reads and imports in well under a
 * second. Not a test: figures for people.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gstdio.h>

#include "qw-demo.h"
#include "qw-quota.h"
#include "qw-region.h"
#include "qw-results-file.h"
#include "qw-date.h"
#include "qw-entry.h"
#include "qw-event.h"

#define ROUNDS 9

static QwResults *
make_results (guint n_players)
{
  g_autoptr(GPtrArray) entries = qw_demo_make_entries (4242, n_players, qw_date_make (2021, 7, 3));
  QwResults *r = qw_results_new ();
  QwResultsGroup *group = qw_results_group_new ("open-m");
  guint n;

  r->uid = g_strdup ("bench-0001");
  r->event->name = g_strdup ("2021年第六届全国象棋业余棋王赛广东赛区白花（镇）预选赛");
  r->event->region = g_strdup ("广东");
  r->event->host = g_strdup ("白花镇象棋协会");
  r->event->host_level = QW_HOST_TOWNSHIP;
  r->event->start_date = qw_date_make (2021, 7, 3);
  g_strfreev (group->tiebreak_codes);
  group->tiebreak_codes = g_strsplit ("opponents,progressive,wins", ",", -1);
  g_strfreev (group->tiebreak_names);
  group->tiebreak_names = g_strsplit ("对手分,累进分,胜局", ",", -1);
  group->rounds = ROUNDS;
  /* Everyone in one group: the worst case for cross-references. */
  for (guint i = 0; i < entries->len; i++)
    {
      QwEntry *e = qw_entry_copy (g_ptr_array_index (entries, i));

      e->no = (int) i + 1;
      g_free (e->group_code);
      e->group_code = g_strdup ("open-m");
      g_ptr_array_add (group->players, e);
    }
  n = group->players->len & ~1u;
  for (int round = 1; round <= ROUNDS; round++)
    for (guint b = 0; b < n / 2; b++)
      {
        QwResultsGame *g = qw_results_game_new ();

        g->round = round;
        g->board = (int) b + 1;
        g->red = (int) ((b * 2 + (guint) round) % n) + 1;
        g->black = (int) ((b * 2 + 1 + (guint) round) % n) + 1;
        g_free (g->result);
        g->result = g_strdup (b % 3 == 0 ? "1:1" : "2:0");
        g_ptr_array_add (group->games, g);
      }
  for (guint i = 0; i < group->players->len; i++)
    {
      QwResultsStanding *s = qw_results_standing_new ();
      double values[] = { 100.0 - i * 0.01, 50.0, 4 };

      s->rank = (int) i + 1;
      s->no = (int) i + 1;
      s->points = 18.0 - i * (18.0 / group->players->len);
      g_array_append_vals (s->tiebreaks, values, G_N_ELEMENTS (values));
      g_ptr_array_add (group->standings, s);
    }
  g_ptr_array_add (r->groups, group);
  return r;
}

static double
ms_since (gint64 start)
{
  return (g_get_monotonic_time () - start) / 1000.0;
}

static void
bench_stop (const char *dir,
            guint       n_players)
{
  g_autoptr(QwResults) results = make_results (n_players);
  g_autofree char *xml = g_build_filename (dir, "stop.xml", NULL);
  g_autofree char *region_path = g_build_filename (dir, "region.qiwang", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwResults) read = NULL;
  g_autoptr(QwDocument) doc = NULL;
  GStatBuf st;
  double write_ms, read_ms, import_ms;
  gint64 start;

  start = g_get_monotonic_time ();
  g_assert_true (qw_results_write_file (results, xml, FALSE, &error));
  write_ms = ms_since (start);
  g_stat (xml, &st);

  start = g_get_monotonic_time ();
  read = qw_results_read_file (xml, &error);
  g_assert_no_error (error);
  read_ms = ms_since (start);

  doc = qw_document_create (region_path, QW_DOCUMENT_REGION, &error);
  g_assert_true (qw_region_setup (doc, "广东", "qiwang-2021", &error));
  start = g_get_monotonic_time ();
  g_assert_true (qw_region_import_results (doc, read, NULL, NULL, &error));
  g_assert_no_error (error);
  import_ms = ms_since (start);

  g_print ("%8u %8u %10.0f %10.1f %10.1f %10.1f\n", n_players,
           ((QwResultsGroup *) g_ptr_array_index (read->groups, 0))->games->len,
           st.st_size / 1024.0, write_ms, read_ms, import_ms);
  g_clear_object (&doc);
  g_unlink (xml);
  g_unlink (region_path);
}

static void
bench_quota (guint n_stops)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwRuleset) ruleset = qw_ruleset_lookup ("qiwang-2021", &error);
  g_autoptr(GPtrArray) stops = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_stop_summary_free);
  g_autoptr(QwQuota) quota = NULL;
  gint64 start;

  for (guint i = 0; i < n_stops; i++)
    {
      QwStopSummary *s = qw_stop_summary_new ();

      s->name = g_strdup_printf ("第%u站", i + 1);
      s->level = QW_LEVEL_PRELIMINARY;
      s->host_level = i % 2 ? QW_HOST_COUNTY : QW_HOST_TOWNSHIP;
      s->host = g_strdup_printf ("第%u协会", i / 2);
      s->prefecture = g_strdup_printf ("第%u市", i % 21);
      s->county_city = g_strdup_printf ("第%u县级市", i % 57);
      s->honours = g_strdup (i % 10 == 0 ? "象棋之乡、象棋基地" : "");
      s->participants = 10 + (int) (i % 40);
      g_ptr_array_add (stops, s);
    }
  start = g_get_monotonic_time ();
  quota = qw_quota_compute (ruleset, stops);
  g_print ("quota of %u stops: %.1f ms (tier %s, %u extra-place lines)\n", n_stops, ms_since (start),
           quota->tier != NULL ? quota->tier : "none", quota->bonuses->len);
}

int
main (int    argc,
      char **argv)
{
  guint sizes[] = { 200, 1000, 5000 };
  g_autofree char *dir = g_dir_make_tmp ("qiwang-bench-XXXXXX", NULL);

  g_print ("%8s %8s %10s %10s %10s %10s\n", "players", "games", "file KiB", "write ms", "read ms",
           "import ms");
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    bench_stop (dir, sizes[i]);
  bench_quota (2000);
  g_rmdir (dir);
  return 0;
}
