/* test-standings.c: points and tie-breaks against hand-computed tournaments
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "qw-entry.h"
#include "qw-standings.h"
#include "qw-game.h"
#include "qw-tiebreak.h"
#include "qw-test.h"
#include "qw-test-play.h"

static GPtrArray *
make_entries (int n)
{
  GPtrArray *entries = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_entry_free);

  for (int i = 1; i <= n; i++)
    {
      QwEntry *e = qw_entry_new ();

      e->id = 100 + i;
      e->no = i;
      e->name = g_strdup_printf ("P%d", i);
      e->unit = g_strdup ("");
      g_ptr_array_add (entries, e);
    }
  return entries;
}

static void
add_game (GPtrArray *games,
          int        round,
          int        board,
          int        red,
          int        black,
          QwResult   result,
          int        red_fouls,
          int        black_fouls)
{
  QwGame *g = qw_game_new ();

  g->round = round;
  g->board = board;
  g->red = 100 + red;
  g->black = black != 0 ? 100 + black : 0;
  g->result = result;
  g->red_fouls = red_fouls;
  g->black_fouls = black_fouls;
  g_ptr_array_add (games, g);
}

static QwSection *
section_with_chain (QwSystem    system,
                    const char *chain)
{
  QwSection *s = qw_section_new ();

  s->system = system;
  s->code = g_strdup ("open-m");
  g_free (s->settings.tiebreaks);
  s->settings.tiebreaks = qw_tiebreak_preset (chain);
  if (s->settings.tiebreaks == NULL)
    s->settings.tiebreaks = g_strdup (chain);
  return s;
}

static char *
order_of (GPtrArray *rows)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < rows->len; i++)
    {
      const QwStandingRow *row = g_ptr_array_index (rows, i);

      g_string_append_printf (s, "%s%d:%d", i > 0 ? " " : "", row->rank, row->no);
    }
  return g_string_free (s, FALSE);
}

/* Five players, three Swiss rounds, scoring 2-1-0, a bye worth 2, a forfeit
 * 2-0. Players 1–5:
 *   R1: 1 v 2 2:0 (2 one foul)   3 v 4 1:1     5 bye
 *   R2: 5 v 1 0:2                2 v 3 +:- (3 forfeits)   4 bye
 *   R3: 1 v 4 1:1                3 v 5 0:2 (5 one foul)   2 bye
 * Points: 1: 2+2+1 = 5; 2: 0+2+2 = 4; 3: 1+0+0 = 1; 4: 1+2+1 = 4; 5: 2+0+2 = 4.
 * The lowest score among players who scored is 1 (player 3): a bye counts
 * as an opponent with 1 point for 对手分. */
static GPtrArray *
five_player_games (void)
{
  GPtrArray *games = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_game_free);

  add_game (games, 1, 1, 1, 2, QW_RESULT_RED_WIN, 0, 1);
  add_game (games, 1, 2, 3, 4, QW_RESULT_DRAW, 0, 0);
  add_game (games, 1, 3, 5, 0, QW_RESULT_BYE, 0, 0);
  add_game (games, 2, 1, 5, 1, QW_RESULT_BLACK_WIN, 0, 0);
  add_game (games, 2, 2, 2, 3, QW_RESULT_RED_BY_FORFEIT, 0, 0);
  add_game (games, 2, 3, 4, 0, QW_RESULT_BYE, 0, 0);
  add_game (games, 3, 1, 1, 4, QW_RESULT_DRAW, 0, 0);
  add_game (games, 3, 2, 3, 5, QW_RESULT_BLACK_WIN, 0, 1);
  add_game (games, 3, 3, 2, 0, QW_RESULT_BYE, 0, 0);
  return games;
}

static void
test_hand_computed_values (void)
{
  g_autoptr(QwRuleset) rules = qw_test_ruleset ();
  g_autoptr(GPtrArray) entries = make_entries (5);
  g_autoptr(GPtrArray) games = five_player_games ();
  g_autoptr(QwSection) section = section_with_chain (QW_SYSTEM_SWISS, "opponents");
  g_autoptr(GPtrArray) rows = qw_standings_compute (rules, section, entries, games, 0);
  static const struct
  {
    int    no;
    double points, opponents, progressive, wins, black_games, black_wins, fouls, sonneborn, earlier, cut;
  } expected[] = {
    /* 对手分: 1: 4+4+4; 2: 5+1+bye 1; 3: 4+4+4; 4: 1+bye 1+5; 5: bye 1+5+1.
     * 累进分: 1: 2+4+5; 2: 0+2+4; 3: 1+1+1; 4: 1+3+4; 5: 2+2+4.
     * 胜局 (a bye and a forfeit win count): 1: R1 R2; 2: R2 R3; 3: 0; 4: R2; 5: R1 R3.
     * 后走局数 (played as black): 1: R2; 2: R1 (R2 was a forfeit); 3: none; 4: R1 R3; 5: R3.
     * 小分 (beaten + half drawn): 1: 4+4+4/2; 2: 1 (forfeit win over 3); 3: 4/2;
     *   4: 1/2+5/2; 5: 1.
     * earlier = points after round 2; progressive without round 1 = 2·R2 + R3. */
    { 1, 5, 12, 11, 2, 1, 1, 0, 10, 4, 5 },
    { 2, 4, 7, 6, 2, 1, 0, 1, 1, 2, 6 },
    { 3, 1, 12, 3, 0, 0, 0, 0, 2, 1, 0 },
    { 4, 4, 7, 8, 1, 2, 0, 0, 3, 3, 5 },
    { 5, 4, 7, 8, 2, 1, 1, 1, 1, 2, 2 },
  };

  g_assert_cmpuint (rows->len, ==, 5);
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      const QwStandingRow *row = qw_test_standing_row (rows, expected[i].no);

      g_assert_cmpfloat (row->points, ==, expected[i].points);
      g_assert_cmpfloat (row->tiebreaks[QW_TB_OPPONENTS], ==, expected[i].opponents);
      g_assert_cmpfloat (row->tiebreaks[QW_TB_PROGRESSIVE], ==, expected[i].progressive);
      g_assert_cmpfloat (row->tiebreaks[QW_TB_WINS], ==, expected[i].wins);
      g_assert_cmpfloat (row->tiebreaks[QW_TB_BLACK_GAMES], ==, expected[i].black_games);
      g_assert_cmpfloat (row->tiebreaks[QW_TB_BLACK_WINS], ==, expected[i].black_wins);
      g_assert_cmpfloat (row->tiebreaks[QW_TB_FOULS], ==, expected[i].fouls);
      g_assert_cmpfloat (row->tiebreaks[QW_TB_SONNEBORN], ==, expected[i].sonneborn);
      g_assert_cmpfloat (row->tiebreaks[QW_TB_EARLIER_ROUNDS], ==, expected[i].earlier);
      g_assert_cmpfloat (row->tiebreaks[QW_TB_PROGRESSIVE_CUT], ==, expected[i].cut);
      g_assert_cmpuint (row->rounds->len, ==, 3);
    }
  /* Round cells: player 2 in round 2 had red against 3 and won by forfeit. */
  {
    const QwStandingRow *row = qw_test_standing_row (rows, 2);
    const QwRoundCell *cell = &g_array_index (row->rounds, QwRoundCell, 1);

    g_assert_cmpint (cell->opponent_no, ==, 3);
    g_assert_cmpint (cell->colour, ==, 'R');
    g_assert_cmpint (cell->result, ==, QW_RESULT_RED_BY_FORFEIT);
    g_assert_cmpfloat (cell->points, ==, 2);
    cell = &g_array_index (row->rounds, QwRoundCell, 2);
    g_assert_cmpint (cell->opponent_no, ==, 0);
    g_assert_cmpint (cell->result, ==, QW_RESULT_BYE);
  }
}

/* 对手分方案: 1 first (5). 2, 4 and 5 have 4 points and 对手分 7: 胜局 puts 2
 * and 5 (2 wins) above 4 (1); 2 and 5 tie on 犯规 (1) and 后走局数 (1) and on
 * points after round 2 (2); after round 1, 5 had 2 and 2 had 0: 5 ranks
 * above 2. */
static void
test_order_opponents (void)
{
  g_autoptr(QwRuleset) rules = qw_test_ruleset ();
  g_autoptr(GPtrArray) entries = make_entries (5);
  g_autoptr(GPtrArray) games = five_player_games ();
  g_autoptr(QwSection) section = section_with_chain (QW_SYSTEM_SWISS, "opponents");
  g_autoptr(GPtrArray) rows = qw_standings_compute (rules, section, entries, games, 0);
  g_autofree char *order = order_of (rows);

  g_assert_cmpstr (order, ==, "1:1 2:5 3:2 4:4 5:3");
}

/* 累进分方案: 4 and 5 (累进分 8) above 2 (6); 5 has 2 wins to 4's 1. */
static void
test_order_progressive (void)
{
  g_autoptr(QwRuleset) rules = qw_test_ruleset ();
  g_autoptr(GPtrArray) entries = make_entries (5);
  g_autoptr(GPtrArray) games = five_player_games ();
  g_autoptr(QwSection) section = section_with_chain (QW_SYSTEM_SWISS, "progressive");
  g_autoptr(GPtrArray) rows = qw_standings_compute (rules, section, entries, games, 0);
  g_autofree char *order = order_of (rows);

  g_assert_cmpstr (order, ==, "1:1 2:5 3:4 4:2 5:3");
}

/* The round-robin chain: 小分 puts 4 (3) first among the 4-pointers; 2 and 5
 * tie on 小分 (1), 胜局 (2), have not met (no 直胜), and tie on 犯规 and
 * 后走局数: every criterion ties, so they share third place. */
static void
test_shared_place (void)
{
  g_autoptr(QwRuleset) rules = qw_test_ruleset ();
  g_autoptr(GPtrArray) entries = make_entries (5);
  g_autoptr(GPtrArray) games = five_player_games ();
  g_autoptr(QwSection) section = section_with_chain (QW_SYSTEM_SWISS, "round-robin");
  g_autoptr(GPtrArray) rows = qw_standings_compute (rules, section, entries, games, 0);
  g_autofree char *order = order_of (rows);

  g_assert_cmpstr (order, ==, "1:1 2:4 3:2 3:5 5:3");
}

/* Standings after round 1: 1 and 5 lead with 2, then 3 and 4 (draw), 2 last. */
static void
test_up_to_round (void)
{
  g_autoptr(QwRuleset) rules = qw_test_ruleset ();
  g_autoptr(GPtrArray) entries = make_entries (5);
  g_autoptr(GPtrArray) games = five_player_games ();
  g_autoptr(QwSection) section = section_with_chain (QW_SYSTEM_SWISS, "opponents");
  g_autoptr(GPtrArray) rows = qw_standings_compute (rules, section, entries, games, 1);

  g_assert_cmpfloat (qw_test_standing_row (rows, 5)->points, ==, 2);
  g_assert_cmpfloat (qw_test_standing_row (rows, 2)->points, ==, 0);
  g_assert_cmpint (qw_test_standing_row (rows, 2)->rank, ==, 5);
  g_assert_cmpuint (qw_test_standing_row (rows, 1)->rounds->len, ==, 1);
  /* After round 1 the lowest score among those who scored is 1 (3 and 4):
   * 5's bye is worth 1 of 对手分. */
  g_assert_cmpfloat (qw_test_standing_row (rows, 5)->tiebreaks[QW_TB_OPPONENTS], ==, 1);
}

/* A round just paired (its bye recorded, no result yet) does not count:
 * the standings stay those after round 3. */
static void
test_fresh_round_ignored (void)
{
  g_autoptr(QwRuleset) rules = qw_test_ruleset ();
  g_autoptr(GPtrArray) entries = make_entries (5);
  g_autoptr(GPtrArray) games = five_player_games ();
  g_autoptr(QwSection) section = section_with_chain (QW_SYSTEM_SWISS, "opponents");
  g_autoptr(GPtrArray) rows = NULL;

  add_game (games, 4, 1, 1, 5, QW_RESULT_NONE, 0, 0);
  add_game (games, 4, 2, 4, 2, QW_RESULT_NONE, 0, 0);
  add_game (games, 4, 3, 3, 0, QW_RESULT_BYE, 0, 0);
  rows = qw_standings_compute (rules, section, entries, games, 0);
  g_assert_cmpuint (qw_test_standing_row (rows, 1)->rounds->len, ==, 3);
  g_assert_cmpfloat (qw_test_standing_row (rows, 3)->points, ==, 1);
  g_assert_cmpfloat (qw_test_standing_row (rows, 1)->tiebreaks[QW_TB_EARLIER_ROUNDS], ==, 4);
  g_clear_pointer (&rows, g_ptr_array_unref);
  /* Once a result is in, round 4 counts, the bye with it. */
  ((QwGame *) g_ptr_array_index (games, 9))->result = QW_RESULT_DRAW;
  rows = qw_standings_compute (rules, section, entries, games, 0);
  g_assert_cmpuint (qw_test_standing_row (rows, 1)->rounds->len, ==, 4);
  g_assert_cmpfloat (qw_test_standing_row (rows, 3)->points, ==, 3);
  g_assert_cmpfloat (qw_test_standing_row (rows, 1)->points, ==, 6);
}

/* 直胜: 2 and 1 both have 2 points; 2 beat 1, so 2 ranks first although 1
 * has the lower number. Four players, two rounds:
 *   R1: 2 v 1 2:0, 3 v 4 2:0;  R2: 1 v 4 2:0, 3 v 2 2:0.
 * Points: 3: 4; 1: 2; 2: 2; 4: 0. */
static void
test_direct_two (void)
{
  g_autoptr(QwRuleset) rules = qw_test_ruleset ();
  g_autoptr(GPtrArray) entries = make_entries (4);
  g_autoptr(GPtrArray) games = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_game_free);
  g_autoptr(QwSection) section = section_with_chain (QW_SYSTEM_ROUND_ROBIN, "direct");
  g_autoptr(GPtrArray) rows = NULL;
  g_autofree char *order = NULL;

  add_game (games, 1, 1, 2, 1, QW_RESULT_RED_WIN, 0, 0);
  add_game (games, 1, 2, 3, 4, QW_RESULT_RED_WIN, 0, 0);
  add_game (games, 2, 1, 1, 4, QW_RESULT_RED_WIN, 0, 0);
  add_game (games, 2, 2, 3, 2, QW_RESULT_RED_WIN, 0, 0);
  rows = qw_standings_compute (rules, section, entries, games, 0);
  order = order_of (rows);
  g_assert_cmpstr (order, ==, "1:3 2:2 3:1 4:4");
  g_assert_cmpfloat (qw_test_standing_row (rows, 2)->tiebreaks[QW_TB_DIRECT], ==, 2);
  g_assert_cmpfloat (qw_test_standing_row (rows, 1)->tiebreaks[QW_TB_DIRECT], ==, 0);
}

/* A cycle among three (1 beat 2, 2 beat 3, 3 beat 1; all beat 4): 直胜 gives
 * each 2 and separates no one; 犯规 then puts 2 (one foul) last of the three,
 * and 1 and 3 stay tied on everything: shared first place. */
static void
test_direct_cycle (void)
{
  g_autoptr(QwRuleset) rules = qw_test_ruleset ();
  g_autoptr(GPtrArray) entries = make_entries (4);
  g_autoptr(GPtrArray) games = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_game_free);
  g_autoptr(QwSection) section = section_with_chain (QW_SYSTEM_ROUND_ROBIN, "direct,fouls");
  g_autoptr(GPtrArray) rows = NULL;
  g_autofree char *order = NULL;

  add_game (games, 1, 1, 1, 2, QW_RESULT_RED_WIN, 0, 1);
  add_game (games, 1, 2, 3, 4, QW_RESULT_RED_WIN, 0, 0);
  add_game (games, 2, 1, 2, 3, QW_RESULT_RED_WIN, 0, 0);
  add_game (games, 2, 2, 4, 1, QW_RESULT_BLACK_WIN, 0, 0);
  add_game (games, 3, 1, 3, 1, QW_RESULT_RED_WIN, 0, 0);
  add_game (games, 3, 2, 2, 4, QW_RESULT_RED_WIN, 0, 0);
  rows = qw_standings_compute (rules, section, entries, games, 0);
  order = order_of (rows);
  g_assert_cmpstr (order, ==, "1:1 1:3 3:2 4:4");
  for (int no = 1; no <= 3; no++)
    g_assert_cmpfloat (qw_test_standing_row (rows, no)->tiebreaks[QW_TB_DIRECT], ==, 2);
}

/* A round robin withdrawal before half the field was met cancels every
 * result of that player (2007 rules 第20条). Four players, 3 rounds; 4
 * withdraws after round 1 (one game of three), and the later games are
 * forfeits. 1's win over 4 no longer counts. */
static void
test_round_robin_cancelled (void)
{
  g_autoptr(QwRuleset) rules = qw_test_ruleset ();
  g_autoptr(GPtrArray) entries = make_entries (4);
  g_autoptr(GPtrArray) games = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_game_free);
  g_autoptr(QwSection) section = section_with_chain (QW_SYSTEM_ROUND_ROBIN, "round-robin");
  g_autoptr(GPtrArray) rows = NULL;

  ((QwEntry *) g_ptr_array_index (entries, 3))->status = QW_STATUS_WITHDRAWN;
  add_game (games, 1, 1, 1, 4, QW_RESULT_RED_WIN, 0, 0);
  add_game (games, 1, 2, 2, 3, QW_RESULT_DRAW, 0, 0);
  add_game (games, 2, 1, 4, 3, QW_RESULT_BLACK_BY_FORFEIT, 0, 0);
  add_game (games, 2, 2, 1, 2, QW_RESULT_DRAW, 0, 0);
  add_game (games, 3, 1, 2, 4, QW_RESULT_RED_BY_FORFEIT, 0, 0);
  add_game (games, 3, 2, 3, 1, QW_RESULT_DRAW, 0, 0);
  rows = qw_standings_compute (rules, section, entries, games, 0);
  /* Without 4: every remaining game was drawn. */
  g_assert_cmpfloat (qw_test_standing_row (rows, 1)->points, ==, 2);
  g_assert_cmpfloat (qw_test_standing_row (rows, 2)->points, ==, 2);
  g_assert_cmpfloat (qw_test_standing_row (rows, 3)->points, ==, 2);
  g_assert_cmpfloat (qw_test_standing_row (rows, 4)->points, ==, 0);
  g_assert_true (qw_test_standing_row (rows, 4)->withdrawn);
  g_assert_cmpint (qw_test_standing_row (rows, 4)->rank, ==, 4);
}

/* A knockout ranks by the stage reached before points. */
static void
test_knockout_stage (void)
{
  g_autoptr(QwRuleset) rules = qw_test_ruleset ();
  g_autoptr(GPtrArray) entries = make_entries (3);
  g_autoptr(GPtrArray) games = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_game_free);
  g_autoptr(QwSection) section = section_with_chain (QW_SYSTEM_KNOCKOUT, "knockout");
  g_autoptr(GPtrArray) rows = NULL;
  g_autofree char *order = NULL;

  /* 1 has a bye, 2 beats 3 only in the play-off, then 1 beats 2. */
  add_game (games, 1, 1, 2, 3, QW_RESULT_DRAW, 0, 0);
  ((QwGame *) g_ptr_array_index (games, 0))->playoff = QW_PLAYOFF_RED;
  add_game (games, 1, 2, 1, 0, QW_RESULT_BYE, 0, 0);
  add_game (games, 2, 1, 2, 1, QW_RESULT_BLACK_WIN, 0, 0);
  rows = qw_standings_compute (rules, section, entries, games, 0);
  order = order_of (rows);
  g_assert_cmpstr (order, ==, "1:1 2:2 3:3");
}

static void
test_codes_and_presets (void)
{
  g_autofree char *opp = qw_tiebreak_preset ("opponents");
  g_autofree char *prog = qw_tiebreak_preset ("progressive");
  g_autofree char *rr = qw_tiebreak_preset ("round-robin");
  QwTiebreak tb;

  g_assert_cmpstr (opp, ==, "opponents,wins,fouls,black_games,earlier");
  g_assert_cmpstr (prog, ==, "progressive,wins,fouls,black_games,progressive_cut");
  g_assert_cmpstr (rr, ==, "sonneborn,wins,direct,fouls,black_games");
  g_assert_null (qw_tiebreak_preset ("nonsense"));
  for (int i = 0; i < QW_N_TIEBREAKS; i++)
    {
      g_assert_true (qw_tiebreak_from_code (qw_tiebreak_to_code ((QwTiebreak) i), &tb));
      g_assert_cmpint (tb, ==, i);
      g_assert_cmpstr (qw_tiebreak_to_chinese ((QwTiebreak) i), !=, "");
    }
  g_assert_false (qw_tiebreak_from_code ("buchholz", &tb));
  g_assert_cmpstr (qw_tiebreak_to_chinese (QW_TB_OPPONENTS), ==, "对手分");
  g_assert_cmpstr (qw_tiebreak_to_chinese (QW_TB_SONNEBORN), ==, "小分");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/standings/hand-computed-values", test_hand_computed_values);
  g_test_add_func ("/standings/order-opponents", test_order_opponents);
  g_test_add_func ("/standings/order-progressive", test_order_progressive);
  g_test_add_func ("/standings/shared-place", test_shared_place);
  g_test_add_func ("/standings/up-to-round", test_up_to_round);
  g_test_add_func ("/standings/fresh-round-ignored", test_fresh_round_ignored);
  g_test_add_func ("/standings/direct-two", test_direct_two);
  g_test_add_func ("/standings/direct-cycle", test_direct_cycle);
  g_test_add_func ("/standings/round-robin-cancelled", test_round_robin_cancelled);
  g_test_add_func ("/standings/knockout-stage", test_knockout_stage);
  g_test_add_func ("/standings/codes-and-presets", test_codes_and_presets);
  return g_test_run ();
}
