/* test-ladder.c: the 2022 online ladder, rule by rule, with boundary dates
 *
 * Small logs written here, each showing one rule of seed 000 (§八, §十一)
 * as the ruleset qiwang-2022 states it. The simulated season and its
 * independent check are in test-ladder-season.py.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gstdio.h>
#include <string.h>

#include "qw-data.h"
#include "qw-error.h"
#include "qw-ladder.h"
#include "qw-test.h"
#include "qw-xlsx-writer.h"

static QwCsv *
table (const char *text)
{
  g_autoptr(GError) error = NULL;
  QwCsv *csv = qw_csv_parse_data (text, strlen (text), &error);

  g_assert_no_error (error);
  return csv;
}

/* A game log in the platform's columns, one game a line: "period,stage,time,red,black,result". */
typedef struct
{
  GString *text;
} Log;

static Log *
log_new (void)
{
  Log *log = g_new0 (Log, 1);

  log->text = g_string_new ("期,阶段,时间,红方,黑方,结果\n");
  return log;
}

static void
log_free (Log *log)
{
  g_string_free (log->text, TRUE);
  g_free (log);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Log, log_free)

static void
game (Log        *log,
      int         period,
      const char *stage,
      const char *time,
      const char *red,
      const char *black,
      const char *result)
{
  g_string_append_printf (log->text, "%d,%s,%s,%s,%s,%s\n", period, stage, time, red, black, result);
}

static QwLadderLog *
read_log (QwRuleset  *ruleset,
          const char *text)
{
  g_autoptr(QwCsv) csv = table (text);
  g_autoptr(GError) error = NULL;
  QwLadderLog *log = qw_ladder_log_from_table (ruleset, csv, "games.csv", NULL, &error);

  g_assert_no_error (error);
  return log;
}

static QwLadder *
compute (QwRuleset             *ruleset,
         Log                   *log,
         const QwLadderPlayers *players,
         GPtrArray             *wildcards)
{
  g_autoptr(QwLadderLog) games = read_log (ruleset, log->text->str);
  g_autoptr(GError) error = NULL;
  QwLadder *ladder = qw_ladder_compute (ruleset, games, players, wildcards, &error);

  g_assert_no_error (error);
  return ladder;
}

static const QwLadderRow *
find_row (GPtrArray  *rows,
          const char *player)
{
  for (guint i = 0; i < rows->len; i++)
    {
      const QwLadderRow *r = g_ptr_array_index (rows, i);

      if (g_str_equal (r->player, player))
        return r;
    }
  return NULL;
}

static const QwLadderRow *
selection_row (const QwLadder *ladder,
               int             period,
               const char     *player)
{
  return find_row (qw_ladder_get_period (ladder, period)->selection, player);
}

static const QwLadderRow *
qualifying_row (const QwLadder *ladder,
                int             period,
                const char     *player)
{
  return find_row (qw_ladder_get_period (ladder, period)->qualifying, player);
}

static void
assert_row (const QwLadderRow *r,
            int                games,
            int                wins,
            int                draws,
            int                losses,
            int                left,
            double             points,
            gboolean           qualified)
{
  g_assert_nonnull (r);
  g_assert_cmpint (r->games, ==, games);
  g_assert_cmpint (r->wins, ==, wins);
  g_assert_cmpint (r->draws, ==, draws);
  g_assert_cmpint (r->losses, ==, losses);
  g_assert_cmpint (r->left, ==, left);
  g_assert_cmpfloat (r->points, ==, points);
  g_assert_cmpint (r->qualified, ==, qualified);
}

static const QwLadderWarning *
find_warning (const QwLadder      *ladder,
              QwLadderWarningKind  kind,
              int                  period,
              const char          *player)
{
  for (guint i = 0; i < ladder->warnings->len; i++)
    {
      const QwLadderWarning *w = g_ptr_array_index (ladder->warnings, i);

      if (w->kind == kind && w->period == period && g_str_equal (w->player, player))
        return w;
    }
  return NULL;
}

static guint
count_warnings (const QwLadder      *ladder,
                QwLadderWarningKind  kind)
{
  guint n = 0;

  for (guint i = 0; i < ladder->warnings->len; i++)
    n += ((QwLadderWarning *) g_ptr_array_index (ladder->warnings, i))->kind == kind;
  return n;
}

static gboolean
is_finalist (const QwLadder *ladder,
             const char     *account)
{
  for (guint i = 0; i < ladder->finalists->len; i++)
    if (g_str_equal (((QwLadderFinalist *) g_ptr_array_index (ladder->finalists, i))->account, account))
      return TRUE;
  return FALSE;
}

/* Gives @player @points selection points in @period (wins and a draw against
 * one-game opponents), so that they enter the qualifying stage. */
static void
select_player (Log        *log,
               int         period,
               const char *day,
               const char *player,
               int         wins,
               int         draws)
{
  for (int i = 0; i < wins + draws; i++)
    {
      g_autofree char *time = g_strdup_printf ("%s 12:%02d", day, i % 60);
      g_autofree char *opponent = g_strdup_printf ("sel-%d-%s-%d", period, player, i);

      game (log, period, "海选", time, player, opponent, i < wins ? "2:0" : "1:1");
    }
}

/* 十一(一)3–4: win +2, draw +1, loss −2; the leaver −2 (a loss, and a game
 * left), the opponent +2 (a win); a void game counts for nothing. */
static void
test_scoring (void)
{
  g_autoptr(QwRuleset) r = qw_test_ruleset_2022 ();
  g_autoptr(Log) log = log_new ();
  g_autoptr(QwLadder) ladder = NULL;

  game (log, 1, "海选", "2022-06-01 10:00", "a", "b", "2:0");
  game (log, 1, "海选", "2022-06-01 10:10", "a", "c", "1:1");
  game (log, 1, "海选", "2022-06-01 10:20", "a", "d", "0:2");
  game (log, 1, "海选", "2022-06-01 10:30", "a", "e", "红方逃跑");
  game (log, 1, "海选", "2022-06-01 10:40", "f", "a", "红方逃跑");
  game (log, 1, "海选", "2022-06-01 10:50", "b", "a", "无效");
  game (log, 1, "selection", "2022-06-01 11:00", "e", "f", "red-left");
  game (log, 1, "selection", "2022-06-01 11:10", "e", "f", "void");
  game (log, 1, "海选", "2022-06-01 11:20", "c", "d", "超时");
  ladder = compute (r, log, NULL, NULL);

  /* a: won, drew, lost, left, and won when f left. */
  assert_row (selection_row (ladder, 1, "a"), 5, 2, 1, 2, 1, 2 + 1 - 2 - 2 + 2, FALSE);
  assert_row (selection_row (ladder, 1, "b"), 1, 0, 0, 1, 0, -2, FALSE);
  assert_row (selection_row (ladder, 1, "d"), 1, 1, 0, 0, 0, 2, FALSE);
  /* e: a win by a's leaving, then left against f. */
  assert_row (selection_row (ladder, 1, "e"), 2, 1, 0, 1, 1, 0, FALSE);
  assert_row (selection_row (ladder, 1, "f"), 2, 1, 0, 1, 1, 0, FALSE);
  g_assert_cmpint (ladder->n_games, ==, 9);
  g_assert_cmpint (ladder->n_void, ==, 3);
  g_assert_cmpint (ladder->n_counted, ==, 6);
  g_assert_cmpint (ladder->warnings->len, ==, 0);
  /* Ordered by points, then wins, then account: d 2; a 1 (2 wins), c 1; e, f 0; b −2. */
  g_assert_cmpstr (((QwLadderRow *) g_ptr_array_index (qw_ladder_get_period (ladder, 1)->selection, 0))->player, ==, "d");
  g_assert_cmpstr (((QwLadderRow *) g_ptr_array_index (qw_ladder_get_period (ladder, 1)->selection, 1))->player, ==, "a");
  g_assert_cmpstr (((QwLadderRow *) g_ptr_array_index (qw_ladder_get_period (ladder, 1)->selection, 2))->player, ==, "c");
  g_assert_cmpstr (((QwLadderRow *) g_ptr_array_index (qw_ladder_get_period (ladder, 1)->selection, 3))->player, ==, "e");
}

/* 十一(一)5: 7 points or more enter the qualifying stage. */
static void
test_threshold (void)
{
  g_autoptr(QwRuleset) r = qw_test_ruleset_2022 ();
  g_autoptr(Log) log = log_new ();
  g_autoptr(QwLadder) ladder = NULL;

  select_player (log, 1, "2022-06-01", "seven", 3, 1);
  select_player (log, 1, "2022-06-01", "six", 3, 0);
  select_player (log, 1, "2022-06-01", "eight", 4, 0);
  /* 9 points, then a loss: 7. */
  select_player (log, 1, "2022-06-02", "back", 4, 1);
  game (log, 1, "海选", "2022-06-03 08:00", "back", "x", "0:2");
  /* 9 points, then leaving: 7 as well. */
  select_player (log, 1, "2022-06-02", "leaver", 4, 1);
  game (log, 1, "海选", "2022-06-03 08:00", "leaver", "y", "红方逃跑");
  ladder = compute (r, log, NULL, NULL);

  g_assert_true (selection_row (ladder, 1, "seven")->qualified);
  g_assert_cmpfloat (selection_row (ladder, 1, "seven")->points, ==, 7);
  g_assert_false (selection_row (ladder, 1, "six")->qualified);
  g_assert_true (selection_row (ladder, 1, "eight")->qualified);
  assert_row (selection_row (ladder, 1, "back"), 6, 4, 1, 1, 0, 7, TRUE);
  assert_row (selection_row (ladder, 1, "leaver"), 6, 4, 1, 1, 1, 7, TRUE);
  g_assert_cmpint (qw_ladder_get_period (ladder, 1)->n_selected, ==, 4);
}

/* 八2, 十一(二)2: each stage's first and last day count, the days around do
 * not, the qualifying's first day starts at 10:00, and period 8's
 * qualifying runs to 9月11日. A game outside is warned about and counts
 * for nothing. */
static void
test_dates (void)
{
  g_autoptr(QwRuleset) r = qw_test_ruleset_2022 ();
  g_autoptr(Log) log = log_new ();
  g_autoptr(QwLadder) ladder = NULL;
  const QwLadderWarning *w;

  game (log, 1, "海选", "2022-05-30 00:00", "first", "o1", "2:0");        /* row 1: in */
  game (log, 1, "海选", "2022-05-29 23:59", "early", "o2", "2:0");        /* row 2: out */
  game (log, 1, "海选", "2022-06-10 23:59:59", "last", "o3", "2:0");      /* row 3: in */
  game (log, 1, "海选", "2022-06-11 00:00", "late", "o4", "2:0");         /* row 4: out */
  game (log, 1, "海选", "2022/6/11", "late", "o4", "2:0");                /* row 5: out */
  game (log, 2, "海选", "2022-06-11 00:00", "late", "o4", "2:0");         /* row 6: period 2, in */
  select_player (log, 1, "2022-06-01", "q", 4, 0);                       /* rows 7–10 */
  game (log, 1, "入围", "2022-06-11 09:59", "q", "o5", "2:0");            /* row 11: before 10:00, out */
  game (log, 1, "入围", "2022-06-11 10:00", "q", "o5", "2:0");            /* row 12: in */
  game (log, 1, "入围", "2022-06-11", "q", "o5", "2:0");                  /* row 13: day only: in */
  game (log, 1, "入围", "2022-06-19 23:59", "q", "o5", "2:0");            /* row 14: in */
  game (log, 1, "入围", "2022-06-20 00:01", "q", "o5", "2:0");            /* row 15: out */
  game (log, 1, "入围", "2022-06-12 09:00", "q", "o5", "2:0");            /* row 16: not the first day: in */
  game (log, 1, "海选", "2022-06-10 09:00", "q", "o6", "无效");           /* row 17: void, no warning */
  game (log, 1, "海选", "2022-06-20 09:00", "q", "o6", "无效");           /* row 18: void outside: no warning */
  select_player (log, 8, "2022-08-22", "p8", 4, 0);                      /* rows 19–22 */
  game (log, 8, "入围", "2022-09-11 23:59", "p8", "o7", "2:0");           /* row 23: in */
  game (log, 8, "入围", "2022-09-12 00:00", "p8", "o7", "2:0");           /* row 24: out */
  game (log, 8, "海选", "2022-09-03 00:00", "p8", "o7", "2:0");           /* row 25: out */
  ladder = compute (r, log, NULL, NULL);

  g_assert_cmpint (selection_row (ladder, 1, "first")->games, ==, 1);
  g_assert_null (selection_row (ladder, 1, "early"));
  g_assert_cmpint (selection_row (ladder, 1, "last")->games, ==, 1);
  g_assert_null (selection_row (ladder, 1, "late"));
  g_assert_cmpint (selection_row (ladder, 2, "late")->games, ==, 1);
  assert_row (qualifying_row (ladder, 1, "q"), 4, 4, 0, 0, 0, 8, TRUE);
  g_assert_cmpint (qualifying_row (ladder, 8, "p8")->games, ==, 1);
  g_assert_cmpint (selection_row (ladder, 8, "p8")->games, ==, 4);
  g_assert_cmpint (ladder->n_outside, ==, 7);
  g_assert_cmpint (ladder->n_void, ==, 2);

  w = find_warning (ladder, QW_LADDER_WARNING_OUTSIDE_DATES, 1, "late");
  g_assert_nonnull (w);
  g_assert_cmpuint (w->rows->len, ==, 2);
  g_assert_cmpint (g_array_index (w->rows, int, 0), ==, 4);
  g_assert_cmpint (g_array_index (w->rows, int, 1), ==, 5);
  g_assert_nonnull (find_warning (ladder, QW_LADDER_WARNING_OUTSIDE_DATES, 1, "o4"));
  g_assert_nonnull (find_warning (ladder, QW_LADDER_WARNING_OUTSIDE_DATES, 1, "early"));
  w = find_warning (ladder, QW_LADDER_WARNING_OUTSIDE_DATES, 1, "q");
  g_assert_cmpuint (w->rows->len, ==, 2);
  g_assert_cmpint (g_array_index (w->rows, int, 0), ==, 11);
  g_assert_cmpint (g_array_index (w->rows, int, 1), ==, 15);
  w = find_warning (ladder, QW_LADDER_WARNING_OUTSIDE_DATES, 8, "p8");
  g_assert_cmpuint (w->rows->len, ==, 2);
  g_assert_nonnull (strstr (w->message, "24"));
  g_assert_null (find_warning (ladder, QW_LADDER_WARNING_OUTSIDE_DATES, 1, "first"));
  g_assert_null (find_warning (ladder, QW_LADDER_WARNING_OUTSIDE_DATES, 1, "o6"));
  g_assert_null (find_warning (ladder, QW_LADDER_WARNING_OUTSIDE_DATES, 2, "late"));
  /* Warnings come by period, kind and account. */
  g_assert_cmpint (((QwLadderWarning *) g_ptr_array_index (ladder->warnings, 0))->period, ==, 1);
  g_assert_cmpstr (((QwLadderWarning *) g_ptr_array_index (ladder->warnings, 0))->player, ==, "early");
}

/* The qualifying standings of one period with 30 players: p01–p20 alone,
 * q1 and q2 tied at 21st on points and wins, r1–r3 tied at 23rd, s1 equal
 * on points with fewer wins, t1 a point behind. Every player entered from
 * the selection; the opponents are one-game accounts below the threshold. */
static void
ranked_period (Log *log)
{
  struct { const char *player; int wins, draws; } records[] = {
    { "q1", 8, 0 }, { "q2", 8, 0 }, { "r1", 7, 2 }, { "r2", 7, 2 }, { "r3", 7, 2 }, { "s1", 6, 4 }, { "t1", 7, 1 },
  };
  int n = 0;

  for (int i = 1; i <= 20; i++)
    {
      g_autofree char *player = g_strdup_printf ("p%02d", i);

      select_player (log, 3, "2022-06-25", player, 4, 0);
      for (int g = 0; g < 30 - i; g++)
        {
          g_autofree char *opponent = g_strdup_printf ("fodder%d", n++ % 7);

          game (log, 3, "入围", "2022-07-06 12:00", player, opponent, "2:0");
        }
    }
  for (guint k = 0; k < G_N_ELEMENTS (records); k++)
    {
      select_player (log, 3, "2022-06-25", records[k].player, 4, 0);
      for (int g = 0; g < records[k].wins + records[k].draws; g++)
        {
          g_autofree char *opponent = g_strdup_printf ("fodder%d", n++ % 7);

          game (log, 3, "入围", "2022-07-07 12:00", records[k].player, opponent, g < records[k].wins ? "2:0" : "1:1");
        }
    }
}

static void
assert_rank (const QwLadder *ladder,
             const char     *player,
             int             rank,
             gboolean        qualified)
{
  const QwLadderRow *r = qualifying_row (ladder, 3, player);

  g_assert_nonnull (r);
  if (r->rank != rank || r->qualified != qualified)
    g_error ("%s: rank %d%s, expected %d%s", player, r->rank, r->qualified ? " (qualified)" : "", rank,
             qualified ? " (qualified)" : "");
}

/* 十一(二)1: top 23, ties by wins, players still tied all go through; the
 * rank is a competition rank. */
static void
test_ranks (void)
{
  g_autoptr(QwRuleset) r = qw_test_ruleset_2022 ();
  g_autoptr(Log) log = log_new ();
  g_autoptr(QwLadder) ladder = NULL;
  const QwLadderPeriod *p;

  ranked_period (log);
  ladder = compute (r, log, NULL, NULL);
  p = qw_ladder_get_period (ladder, 3);
  assert_rank (ladder, "p01", 1, TRUE);
  assert_rank (ladder, "p20", 20, TRUE);
  assert_rank (ladder, "q1", 21, TRUE);
  assert_rank (ladder, "q2", 21, TRUE);
  assert_rank (ladder, "r1", 23, TRUE);
  assert_rank (ladder, "r2", 23, TRUE);
  assert_rank (ladder, "r3", 23, TRUE);
  assert_rank (ladder, "s1", 26, FALSE);
  assert_rank (ladder, "t1", 27, FALSE);
  g_assert_cmpfloat (qualifying_row (ladder, 3, "r1")->points, ==, qualifying_row (ladder, 3, "s1")->points);
  g_assert_cmpint (p->n_qualified, ==, 25);
  g_assert_cmpint (ladder->n_online, ==, 25);
  g_assert_cmpuint (p->qualifying->len, ==, 27);
  /* Tied players are listed by account. */
  g_assert_cmpstr (((QwLadderRow *) g_ptr_array_index (p->qualifying, 22))->player, ==, "r1");
  g_assert_cmpstr (((QwLadderRow *) g_ptr_array_index (p->qualifying, 24))->player, ==, "r3");
  /* The fodder played qualifying games without selection points: warned, not ranked. */
  g_assert_cmpuint (count_warnings (ladder, QW_LADDER_WARNING_NOT_SELECTED), ==, 7);
  g_assert_null (qualifying_row (ladder, 3, "fodder0"));
}

/* Writes qiwang-2022 with replacements into a folder of its own and loads it. */
static QwRuleset *
modified_ruleset (const char *from1,
                  const char *to1,
                  const char *from2,
                  const char *to2)
{
  g_autofree char *original_path = qw_data_file ("rulesets", "qiwang-2022.xml", NULL);
  g_autofree char *original = NULL;
  g_autofree char *dir = qw_test_make_tmp_dir ("qiwang-ladder-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "qiwang-2022-test.xml", NULL);
  g_autoptr(GString) text = NULL;
  g_autoptr(GError) error = NULL;
  QwRuleset *r;

  g_assert_true (g_file_get_contents (original_path, &original, NULL, NULL));
  text = g_string_new (original);
  /* Every occurrence: the comments that quote the setting too. */
  g_assert_cmpuint (g_string_replace (text, from1, to1, 0), >=, 1);
  if (from2 != NULL)
    g_assert_cmpuint (g_string_replace (text, from2, to2, 0), >=, 1);
  g_assert_true (g_file_set_contents (path, text->str, (gssize) text->len, NULL));
  r = qw_ruleset_load_file (path, &error);
  g_assert_no_error (error);
  qw_test_remove_tree (dir);
  return r;
}

/* The settings of the readings: nobody tied at the last place goes through;
 * no tie-break by wins; unselected players ranked; outside games counted. */
static void
test_settings (void)
{
  g_autoptr(QwRuleset) none = modified_ruleset ("tied-at-last-place=\"all\"", "tied-at-last-place=\"none\"",
                                                 NULL, NULL);
  g_autoptr(QwRuleset) no_wins = modified_ruleset ("tiebreak=\"wins\"", "tiebreak=\"none\"",
                                                    "unselected=\"not-ranked\"", "unselected=\"ranked\"");
  g_autoptr(QwRuleset) counted = modified_ruleset ("outside-dates=\"not-counted\"", "outside-dates=\"counted\"",
                                                    "left-is-loss=\"true\"", "left-is-loss=\"false\"");
  g_autoptr(Log) log = log_new ();
  g_autoptr(Log) dates = log_new ();
  g_autoptr(QwLadder) a = NULL;
  g_autoptr(QwLadder) b = NULL;
  g_autoptr(QwLadder) c = NULL;

  ranked_period (log);
  a = compute (none, log, NULL, NULL);
  assert_rank (a, "q2", 21, TRUE);
  assert_rank (a, "r1", 23, FALSE);
  g_assert_cmpint (qw_ladder_get_period (a, 3)->n_qualified, ==, 22);

  b = compute (no_wins, log, NULL, NULL);
  /* Without wins, q1–q2, r1–r3 and s1 share 21st (16 points); the fodder is ranked at the bottom. */
  assert_rank (b, "q1", 21, TRUE);
  assert_rank (b, "r1", 21, TRUE);
  assert_rank (b, "s1", 21, TRUE);
  assert_rank (b, "t1", 27, FALSE);
  g_assert_nonnull (qualifying_row (b, 3, "fodder0"));
  g_assert_cmpuint (count_warnings (b, QW_LADDER_WARNING_NOT_SELECTED), ==, 7);

  game (dates, 1, "海选", "2022-06-11 00:00", "late", "o", "红方逃跑");
  c = compute (counted, dates, NULL, NULL);
  assert_row (selection_row (c, 1, "late"), 1, 0, 0, 0, 1, -2, FALSE);
  assert_row (selection_row (c, 1, "o"), 1, 1, 0, 0, 0, 2, FALSE);
  g_assert_nonnull (find_warning (c, QW_LADDER_WARNING_OUTSIDE_DATES, 1, "late"));
  g_assert_nonnull (strstr (find_warning (c, QW_LADDER_WARNING_OUTSIDE_DATES, 1, "late")->message, "count"));
}

/* A qualifying game of a player who did not reach 7 in that period's
 * selection: warned about, the player not ranked, the game counts for the
 * opponent; 7 points in another period do not help. */
static void
test_not_selected (void)
{
  g_autoptr(QwRuleset) r = qw_test_ruleset_2022 ();
  g_autoptr(Log) log = log_new ();
  g_autoptr(QwLadder) ladder = NULL;
  const QwLadderWarning *w;

  select_player (log, 1, "2022-06-01", "in", 4, 0);
  select_player (log, 1, "2022-06-01", "short", 3, 0);
  select_player (log, 2, "2022-06-15", "elsewhere", 4, 0);
  game (log, 1, "入围", "2022-06-12 12:00", "short", "in", "2:0");
  game (log, 1, "入围", "2022-06-12 13:00", "elsewhere", "in", "0:2");
  game (log, 1, "入围", "2022-06-12 14:00", "nobody", "in", "1:1");
  ladder = compute (r, log, NULL, NULL);

  assert_row (qualifying_row (ladder, 1, "in"), 3, 1, 1, 1, 0, 2 - 2 + 1, TRUE);
  g_assert_null (qualifying_row (ladder, 1, "short"));
  g_assert_null (qualifying_row (ladder, 1, "elsewhere"));
  g_assert_null (qualifying_row (ladder, 1, "nobody"));
  w = find_warning (ladder, QW_LADDER_WARNING_NOT_SELECTED, 1, "short");
  g_assert_nonnull (w);
  g_assert_cmpuint (w->rows->len, ==, 1);
  g_assert_cmpint (g_array_index (w->rows, int, 0), ==, 12);
  g_assert_nonnull (find_warning (ladder, QW_LADDER_WARNING_NOT_SELECTED, 1, "elsewhere"));
  g_assert_nonnull (find_warning (ladder, QW_LADDER_WARNING_NOT_SELECTED, 1, "nobody"));
  g_assert_null (find_warning (ladder, QW_LADDER_WARNING_NOT_SELECTED, 1, "in"));
  g_assert_cmpuint (ladder->finalists->len, ==, 1);
}

/* A player who qualifies in two periods counts once; the later period warns. */
static void
test_twice (void)
{
  g_autoptr(QwRuleset) r = qw_test_ruleset_2022 ();
  g_autoptr(Log) log = log_new ();
  g_autoptr(QwLadder) ladder = NULL;
  const QwLadderFinalist *f;

  select_player (log, 1, "2022-06-01", "star", 4, 0);
  select_player (log, 1, "2022-06-01", "one", 4, 0);
  game (log, 1, "入围", "2022-06-12 12:00", "star", "one", "2:0");
  select_player (log, 2, "2022-06-20", "star", 4, 0);
  select_player (log, 2, "2022-06-20", "two", 4, 0);
  game (log, 2, "入围", "2022-06-24 12:00", "two", "star", "2:0");
  select_player (log, 3, "2022-07-01", "star", 4, 0);
  game (log, 3, "入围", "2022-07-06 12:00", "star", "sel-3-star-0", "2:0");
  ladder = compute (r, log, NULL, NULL);

  g_assert_cmpuint (ladder->finalists->len, ==, 3);
  f = g_ptr_array_index (ladder->finalists, 0);
  g_assert_cmpstr (f->account, ==, "star");
  g_assert_cmpint (f->period, ==, 1);
  g_assert_cmpint (f->rank, ==, 1);
  g_assert_cmpuint (f->periods->len, ==, 3);
  g_assert_cmpint (g_array_index (f->periods, int, 1), ==, 2);
  g_assert_cmpstr (((QwLadderFinalist *) g_ptr_array_index (ladder->finalists, 1))->account, ==, "one");
  g_assert_cmpstr (((QwLadderFinalist *) g_ptr_array_index (ladder->finalists, 2))->account, ==, "two");
  g_assert_cmpint (ladder->n_online, ==, 3);
  g_assert_true (is_finalist (ladder, "two"));
  g_assert_false (is_finalist (ladder, "sel-3-star-0"));
  g_assert_nonnull (find_warning (ladder, QW_LADDER_WARNING_QUALIFIED_TWICE, 2, "star"));
  g_assert_nonnull (find_warning (ladder, QW_LADDER_WARNING_QUALIFIED_TWICE, 3, "star"));
  g_assert_null (find_warning (ladder, QW_LADDER_WARNING_QUALIFIED_TWICE, 1, "star"));
  /* sel-3-star-0 lost in period 3's selection and played its qualifying. */
  g_assert_nonnull (find_warning (ladder, QW_LADDER_WARNING_NOT_SELECTED, 3, "sel-3-star-0"));
}

/* 十一(一)6: 10 counted games for a grade certificate; void games and games
 * outside the dates do not count. */
static void
test_certificate (void)
{
  g_autoptr(QwRuleset) r = qw_test_ruleset_2022 ();
  g_autoptr(Log) log = log_new ();
  g_autoptr(QwLadder) ladder = NULL;

  for (int i = 0; i < 10; i++)
    {
      g_autofree char *time = g_strdup_printf ("2022-0%d-%02d 12:00", i < 5 ? 6 : 7, 1 + i);

      /* ten: 5 games in period 1's selection, 5 in period 3's (with stage dates to match). */
      if (i < 5)
        game (log, 1, "海选", time, "ten", "nine", i % 2 ? "2:0" : "0:2");
      else
        game (log, 3, "入围", "2022-07-06 12:00", "ten", "nine", "红方逃跑");
    }
  game (log, 1, "海选", "2022-06-06 12:00", "nine", "x", "无效");
  game (log, 1, "海选", "2022-06-20 12:00", "nine", "x", "2:0");
  ladder = compute (r, log, NULL, NULL);

  g_assert_cmpuint (ladder->certificate_eligible->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (ladder->certificate_eligible, 0), ==, "nine");
  g_assert_cmpstr (g_ptr_array_index (ladder->certificate_eligible, 1), ==, "ten");
  g_assert_cmpint (qw_ladder_season_row (ladder, "ten")->games, ==, 10);
  g_assert_true (qw_ladder_season_row (ladder, "ten")->qualified);
  g_assert_null (qw_ladder_season_row (ladder, "x"));
  g_assert_null (qw_ladder_season_row (ladder, "nobody"));
  g_clear_pointer (&ladder, qw_ladder_free);

  /* One game fewer: not eligible. */
  g_string_truncate (log->text, 0);
  g_string_append (log->text, "期,阶段,时间,红方,黑方,结果\n");
  for (int i = 0; i < 9; i++)
    game (log, 1, "海选", "2022-06-01 12:00", "nine", "other", "1:1");
  game (log, 1, "海选", "2022-06-01 12:00", "nine", "other", "无效");
  ladder = compute (r, log, NULL, NULL);
  g_assert_cmpuint (ladder->certificate_eligible->len, ==, 0);
  g_assert_false (qw_ladder_season_row (ladder, "nine")->qualified);
}

/* A file with bad rows is refused whole, every bad row named. */
static void
test_bad_rows (void)
{
  g_autoptr(QwRuleset) r = qw_test_ruleset_2022 ();
  g_autoptr(QwCsv) csv = table ("期/period,阶段/stage,时间/time,红方/red,黑方/black,结果/result\n"
                                "1,海选,2022-06-01 10:00,a,b,2:0\n"
                                "9,海选,2022-06-01 10:00,a,b,2:0\n"
                                "1,决赛,2022-06-01 10:00,a,b,2:0\n"
                                "\n"
                                "1,海选,昨天,a,b,2:0\n"
                                "1,海选,2022-06-01 25:00,a,b,2:0\n"
                                "1,海选,2022-06-01 10:00,,b,2:0\n"
                                "1,海选,2022-06-01 10:00,a,a,2:0\n"
                                "1,海选,2022-06-01 10:00,a,b,3:0\n"
                                "1,海选,2022-06-01 10:00,a,b,2:0,extra\n"
                                "第二期,入围赛,2022年6月25日 10:00,a,b,2：0\n"
                                "八,qualifying,2022-09-05T10:00:00,a,b,黑方逃跑\n");
  g_autoptr(QwCsv) missing = table ("期,阶段,红方,黑方,结果\n1,海选,a,b,2:0\n");
  g_autoptr(QwCsv) good = table ("period,stage,time,red,black,result\n"
                                 "第二期,入围赛,2022年6月25日 10:00,a,b,2：0\n"
                                 "八,qualifying,2022-09-05T10:00:00,a,b,黑方逃跑\n"
                                 "3, selection ,2022/7/1 8:05, a , b ,VOID\n");
  g_autoptr(GPtrArray) rejected = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(QwLadderLog) log = qw_ladder_log_from_table (r, csv, "games.csv", &rejected, &error);
  static const int bad[] = { 2, 3, 5, 6, 7, 8, 9, 10 };
  const QwLadderGame *g;

  g_assert_null (log);
  g_assert_error (error, QW_ERROR, QW_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "games.csv"));
  g_assert_nonnull (strstr (error->message, "Row 2 (line 3)"));
  g_assert_nonnull (strstr (error->message, "Row 10 (line 11)"));
  g_assert_cmpuint (rejected->len, ==, G_N_ELEMENTS (bad));
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    g_assert_cmpint (((QwRowError *) g_ptr_array_index (rejected, i))->row, ==, bad[i]);
  g_assert_nonnull (strstr (((QwRowError *) g_ptr_array_index (rejected, 0))->message, "period"));
  g_assert_nonnull (strstr (((QwRowError *) g_ptr_array_index (rejected, 7))->message, "fields"));
  g_clear_error (&error);

  g_assert_null (qw_ladder_log_from_table (r, missing, "games.csv", NULL, &error));
  g_assert_error (error, QW_ERROR, QW_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "时间"));
  g_clear_error (&error);

  log = qw_ladder_log_from_table (r, good, "games.csv", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (log->games->len, ==, 3);
  g = g_ptr_array_index (log->games, 0);
  g_assert_true (g->period == 2 && g->stage == QW_LADDER_QUALIFYING && g->result == QW_LADDER_RED_WIN);
  g_assert_true (g->date.month == 6 && g->date.day == 25 && g->minute == 600);
  g = g_ptr_array_index (log->games, 1);
  g_assert_true (g->period == 8 && g->result == QW_LADDER_BLACK_LEFT && g->minute == 600);
  g = g_ptr_array_index (log->games, 2);
  g_assert_true (g->period == 3 && g->stage == QW_LADDER_SELECTION && g->result == QW_LADDER_VOID);
  g_assert_cmpint (g->minute, ==, 8 * 60 + 5);
  g_assert_cmpstr (g->red, ==, "a");
  g_assert_cmpint (g->row, ==, 3);
  g_assert_cmpstr (qw_ladder_result_to_code (g->result), ==, "void");
  g_assert_cmpstr (qw_ladder_stage_to_code (g->stage), ==, "selection");
}

/* A workbook reads as the CSV reads. */
static void
test_xlsx (void)
{
  g_autoptr(QwRuleset) r = qw_test_ruleset_2022 ();
  g_autofree char *dir = qw_test_make_tmp_dir ("qiwang-ladder-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "对局.xlsx", NULL);
  g_autoptr(QwXlsxWriter) writer = qw_xlsx_writer_new (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(Log) log = log_new ();
  g_autoptr(QwLadderLog) from_book = NULL;
  g_autoptr(QwLadderLog) from_csv = NULL;
  g_auto(GStrv) lines = NULL;
  static const char *header[] = { "期", "阶段", "时间", "红方", "黑方", "结果", NULL };

  select_player (log, 1, "2022-06-01", "a", 4, 1);
  game (log, 1, "入围", "2022-06-11 10:00", "a", "b", "红方逃跑");
  game (log, 1, "入围", "2022-06-11 10:00", "a", "13812345678", "无效");
  qw_xlsx_writer_add_sheet (writer, "对局", header, NULL, &error);
  g_assert_no_error (error);
  lines = g_strsplit (log->text->str, "\n", -1);
  for (guint i = 1; lines[i] != NULL && lines[i][0] != '\0'; i++)
    {
      g_auto(GStrv) cells = g_strsplit (lines[i], ",", -1);

      qw_xlsx_writer_add_row (writer, (const char * const *) cells, &error);
      g_assert_no_error (error);
    }
  qw_xlsx_writer_close (writer, &error);
  g_assert_no_error (error);

  from_book = qw_ladder_log_read_file (r, path, NULL, &error);
  g_assert_no_error (error);
  from_csv = read_log (r, log->text->str);
  g_assert_cmpstr (from_book->encoding, ==, "xlsx");
  g_assert_cmpuint (from_book->games->len, ==, from_csv->games->len);
  for (guint i = 0; i < from_csv->games->len; i++)
    {
      const QwLadderGame *a = g_ptr_array_index (from_book->games, i);
      const QwLadderGame *b = g_ptr_array_index (from_csv->games, i);

      g_assert_cmpint (a->row, ==, b->row);
      g_assert_cmpint (a->period, ==, b->period);
      g_assert_cmpint (a->stage, ==, b->stage);
      g_assert_cmpint (qw_date_compare (a->date, b->date), ==, 0);
      g_assert_cmpint (a->minute, ==, b->minute);
      g_assert_cmpstr (a->red, ==, b->red);
      g_assert_cmpstr (a->black, ==, b->black);
      g_assert_cmpint (a->result, ==, b->result);
    }
  qw_test_remove_tree (dir);
}

/* Wild cards: by reason of 十一(五)1, imported or entered; one for a
 * qualifier counts once; more finalists than 240 places warn. */
static void
test_wildcards (void)
{
  g_autoptr(QwRuleset) r = qw_test_ruleset_2022 ();
  g_autoptr(Log) log = log_new ();
  g_autoptr(QwCsv) good = table ("账号,姓名,理由\n"
                                 "wc1,甲,hangzhou\n"
                                 "wc2,乙,2021年浙江省运会 省级运动会第二名\n"
                                 "star,丙,推广分站赛\n");
  g_autoptr(QwCsv) bad = table ("account,name,reason\n"
                                "wc1,甲,hangzhou\n"
                                "wc1,甲,open\n"
                                "wc3,,open\n"
                                "wc4,丁,朋友推荐\n");
  g_autoptr(GPtrArray) wildcards = NULL;
  g_autoptr(GPtrArray) many = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_ladder_wildcard_free);
  g_autoptr(GPtrArray) rejected = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(QwLadder) ladder = NULL;
  g_autoptr(QwLadder) full = NULL;
  g_autoptr(QwLadder) over = NULL;
  QwLadderWildcard *w;

  wildcards = qw_ladder_wildcards_from_table (r, good, "wild.csv", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (wildcards->len, ==, 3);
  g_assert_cmpstr (((QwLadderWildcard *) g_ptr_array_index (wildcards, 1))->reason_code, ==, "provincial-games");

  g_assert_null (qw_ladder_wildcards_from_table (r, bad, "wild.csv", &rejected, &error));
  g_assert_nonnull (strstr (error->message, "wild.csv"));
  g_assert_cmpuint (rejected->len, ==, 3);
  g_assert_cmpint (((QwRowError *) g_ptr_array_index (rejected, 0))->row, ==, 2);
  g_assert_nonnull (strstr (((QwRowError *) g_ptr_array_index (rejected, 0))->message, "wc1"));
  g_assert_cmpint (((QwRowError *) g_ptr_array_index (rejected, 1))->row, ==, 3);
  g_assert_cmpint (((QwRowError *) g_ptr_array_index (rejected, 2))->row, ==, 4);
  g_assert_nonnull (strstr (((QwRowError *) g_ptr_array_index (rejected, 2))->message, "朋友推荐"));
  g_clear_error (&error);

  select_player (log, 1, "2022-06-01", "star", 4, 0);
  game (log, 1, "入围", "2022-06-12 12:00", "star", "sel-1-star-0", "2:0");
  ladder = compute (r, log, NULL, wildcards);
  g_assert_cmpuint (ladder->finalists->len, ==, 3);
  g_assert_cmpint (ladder->n_online, ==, 1);
  g_assert_cmpint (ladder->n_wildcards, ==, 2);
  g_assert_cmpint (((QwLadderFinalist *) g_ptr_array_index (ladder->finalists, 1))->via, ==, QW_LADDER_VIA_WILDCARD);
  g_assert_cmpstr (((QwLadderFinalist *) g_ptr_array_index (ladder->finalists, 1))->name, ==, "甲");
  g_assert_nonnull (find_warning (ladder, QW_LADDER_WARNING_WILDCARD_FINALIST, 0, "star"));
  g_assert_null (find_warning (ladder, QW_LADDER_WARNING_TOO_MANY, 0, ""));

  /* Entered by hand. */
  g_assert_null (qw_ladder_wildcard_new (r, "x", "某", "没有理由", &error));
  g_assert_error (error, QW_ERROR, QW_ERROR_INVALID);
  g_clear_error (&error);
  for (int i = 0; i < 240; i++)
    {
      g_autofree char *account = g_strdup_printf ("w%03d", i);

      w = qw_ladder_wildcard_new (r, account, "某", "open", &error);
      g_assert_no_error (error);
      g_assert_cmpstr (w->reason_code, ==, "open");
      g_ptr_array_add (many, w);
    }
  g_string_truncate (log->text, 0);
  g_string_append (log->text, "期,阶段,时间,红方,黑方,结果\n");
  full = compute (r, log, NULL, many);
  g_assert_cmpuint (full->finalists->len, ==, 240);
  g_assert_null (find_warning (full, QW_LADDER_WARNING_TOO_MANY, 0, ""));
  g_ptr_array_add (many, qw_ladder_wildcard_new (r, "w240", "某", "hangzhou", NULL));
  over = compute (r, log, NULL, many);
  g_assert_cmpuint (over->finalists->len, ==, 241);
  g_assert_nonnull (find_warning (over, QW_LADDER_WARNING_TOO_MANY, 0, ""));
  g_assert_nonnull (strstr (find_warning (over, QW_LADDER_WARNING_TOO_MANY, 0, "")->message, "240"));
}

/* Seed 000 §十三(四)1: wild cards are applied for by 10月1日 (the ruleset's
 * <wildcards deadline="2022-10-01">). An application on the day stands; one
 * the day after is refused with its date, unless the arbiter let it stand
 * (逾期准许), which is logged; one without a date is not checked. The table
 * the document keeps carries the dates. */
static void
test_wildcard_deadline (void)
{
  g_autoptr(QwRuleset) r = qw_test_ruleset_2022 ();
  g_autoptr(Log) log = log_new ();
  g_autoptr(QwCsv) wild = table ("账号,姓名,理由,申请日期,逾期准许\n"
                                 "on-day,准时,hangzhou,2022-10-01,\n"
                                 "late,迟到,open,2022-10-02,\n"
                                 "allowed,特批,open,2022年10月5日,裁判长同意（邮件已到）\n"
                                 "undated,无日期,open,,\n");
  g_autoptr(QwCsv) bad = table ("账号,姓名,理由,申请日期\n"
                                "x1,某,open,十月\n");
  g_autoptr(GPtrArray) wildcards = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(QwLadder) ladder = NULL;
  const QwLadderWarning *refused, *allowed;

  g_assert_cmpint (r->ladder->wildcard_deadline.year, ==, 2022);
  wildcards = qw_ladder_wildcards_from_table (r, wild, "wild.csv", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (wildcards->len, ==, 4);
  g_assert_null (qw_ladder_wildcards_from_table (r, bad, "wild.csv", NULL, &error));
  g_assert_nonnull (strstr (error->message, "十月"));
  g_clear_error (&error);
  ladder = compute (r, log, NULL, wildcards);
  /* on-day, allowed and undated are finalists; late is not. */
  g_assert_cmpint (ladder->n_wildcards, ==, 3);
  for (guint i = 0; i < ladder->finalists->len; i++)
    g_assert_cmpstr (((QwLadderFinalist *) g_ptr_array_index (ladder->finalists, i))->account, !=, "late");
  refused = find_warning (ladder, QW_LADDER_WARNING_WILDCARD_LATE, 0, "late");
  g_assert_nonnull (refused);
  g_assert_nonnull (strstr (refused->message, "2022-10-02"));
  g_assert_nonnull (strstr (refused->message, "2022-10-01"));
  allowed = find_warning (ladder, QW_LADDER_WARNING_WILDCARD_LATE_ALLOWED, 0, "allowed");
  g_assert_nonnull (allowed);
  g_assert_nonnull (strstr (allowed->message, "裁判长同意"));
  g_assert_null (find_warning (ladder, QW_LADDER_WARNING_WILDCARD_LATE, 0, "on-day"));
  g_assert_null (find_warning (ladder, QW_LADDER_WARNING_WILDCARD_LATE, 0, "undated"));
  g_assert_cmpstr (qw_ladder_warning_code (QW_LADDER_WARNING_WILDCARD_LATE), ==, "wildcard-late");
}

/* The players list gives names and documents; the public list masks them
 * and shows no phone and no birth date. */
static void
test_public_list (void)
{
  g_autoptr(QwRuleset) r = qw_test_ruleset_2022 ();
  g_autoptr(Log) log = log_new ();
  g_autoptr(QwCsv) list = table ("账号,姓名,性别,证件类型,证件号码,单位,手机,出生日期,等级\n"
                                 "13812345678,王五,女,身份证,11010519491231002X,北京象棋协会,13812345678,1949-12-31,\n"
                                 "lee,Lee Wei,男,护照,E12345678,新加坡,,,\n"
                                 "master,张大师,男,身份证,,杭州,,,国家大师\n");
  g_autoptr(QwCsv) bad = table ("账号,姓名,性别\nlee,李,男\nlee,李,男\n,李,男\nzhao,赵,未知\n");
  g_autoptr(QwCsv) wild = table ("账号,姓名,理由\nguest,客人,open\n");
  g_autoptr(QwLadderPlayers) players = NULL;
  g_autoptr(GPtrArray) wildcards = NULL;
  g_autoptr(GPtrArray) rejected = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(QwLadder) ladder = NULL;
  g_autofree char *csv = NULL;
  g_autofree char *dir = qw_test_make_tmp_dir ("qiwang-ladder-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "公示.csv", NULL);
  g_autofree char *written = NULL;
  g_autoptr(QwCsv) back = NULL;

  players = qw_ladder_players_from_table (list, "players.csv", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (players->players->len, ==, 3);
  g_assert_cmpint (qw_ladder_players_find (players, "lee")->doc_kind, ==, QW_DOC_OTHER);
  g_assert_null (qw_ladder_players_from_table (bad, "players.csv", &rejected, &error));
  g_assert_cmpuint (rejected->len, ==, 3);
  g_assert_cmpint (((QwRowError *) g_ptr_array_index (rejected, 0))->row, ==, 2);
  g_clear_error (&error);

  wildcards = qw_ladder_wildcards_from_table (r, wild, "wild.csv", NULL, &error);
  g_assert_no_error (error);
  for (int i = 0; i < 3; i++)
    {
      const char *who[] = { "13812345678", "lee", "master" };

      select_player (log, 2, "2022-06-12", who[i], 4, 0);
      game (log, 2, "入围", "2022-06-24 12:00", who[i], "sel-2-master-0", "2:0");
    }
  ladder = compute (r, log, players, wildcards);
  g_assert_cmpuint (ladder->finalists->len, ==, 4);
  g_assert_cmpstr (((QwLadderFinalist *) g_ptr_array_index (ladder->finalists, 0))->name, ==, "王五");
  g_assert_nonnull (find_warning (ladder, QW_LADDER_WARNING_TOO_STRONG, 2, "master"));
  g_assert_nonnull (find_warning (ladder, QW_LADDER_WARNING_NOT_LISTED, 0, "guest"));
  g_assert_null (find_warning (ladder, QW_LADDER_WARNING_NOT_LISTED, 2, "lee"));

  csv = qw_ladder_public_list_csv (ladder);
  g_assert_true (g_str_has_prefix (csv, "\xEF\xBB\xBF序号,姓名,性别,证件类型,证件号码,单位或地区,平台账号,入选方式\r\n"));
  g_assert_nonnull (strstr (csv, "\r\n1,王五,女,居民身份证,110105********002X,北京象棋协会,138****5678,第2期网络入围赛第1名\r\n"));
  g_assert_nonnull (strstr (csv, "\r\n2,Lee Wei,男,其他证件,E1*****78,新加坡,lee,第2期网络入围赛第1名\r\n"));
  g_assert_nonnull (strstr (csv, "\r\n4,客人,,,,,guest,外卡：open\r\n"));
  g_assert_null (strstr (csv, "13812345678"));
  g_assert_null (strstr (csv, "1949"));
  g_assert_null (strstr (csv, "19491231"));

  g_assert_true (qw_ladder_write_public_list (ladder, path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &written, NULL, NULL));
  g_assert_cmpstr (written, ==, csv);
  back = qw_csv_read_file (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (back->rows->len, ==, 5);
  {
    g_autofree char *ten = qw_ladder_mask_account ("1381234567");
    g_autofree char *letters = qw_ladder_mask_account ("1381234567a");

    g_assert_cmpstr (ten, ==, "1381234567");
    g_assert_cmpstr (letters, ==, "1381234567a");
  }
  qw_test_remove_tree (dir);
}

/* A ruleset without a ladder has no ladder to read. */
static void
test_2021 (void)
{
  g_autoptr(QwRuleset) r = qw_test_ruleset ();
  g_autoptr(QwCsv) csv = table ("期,阶段,时间,红方,黑方,结果\n1,海选,2022-06-01 10:00,a,b,2:0\n");
  g_autoptr(GError) error = NULL;

  g_assert_null (qw_ladder_log_from_table (r, csv, "games.csv", NULL, &error));
  g_assert_error (error, QW_ERROR, QW_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "qiwang-2021"));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ladder/scoring", test_scoring);
  g_test_add_func ("/ladder/threshold", test_threshold);
  g_test_add_func ("/ladder/dates", test_dates);
  g_test_add_func ("/ladder/ranks", test_ranks);
  g_test_add_func ("/ladder/settings", test_settings);
  g_test_add_func ("/ladder/not-selected", test_not_selected);
  g_test_add_func ("/ladder/twice", test_twice);
  g_test_add_func ("/ladder/certificate", test_certificate);
  g_test_add_func ("/ladder/bad-rows", test_bad_rows);
  g_test_add_func ("/ladder/xlsx", test_xlsx);
  g_test_add_func ("/ladder/wildcards", test_wildcards);
  g_test_add_func ("/ladder/wildcard-deadline", test_wildcard_deadline);
  g_test_add_func ("/ladder/public-list", test_public_list);
  g_test_add_func ("/ladder/2021", test_2021);
  return g_test_run ();
}
