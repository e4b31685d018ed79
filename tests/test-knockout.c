/* test-knockout.c: seeded single-elimination brackets
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "qw-error.h"
#include "qw-knockout.h"
#include "qw-game.h"

static const int field_sizes[] = { 2, 3, 4, 5, 6, 7, 8, 9, 12, 13, 16, 17, 31, 33, 100 };

static void
test_bracket_shape (void)
{
  for (guint f = 0; f < G_N_ELEMENTS (field_sizes); f++)
    {
      int n = field_sizes[f];
      int size = qw_knockout_bracket_size (n);
      g_autoptr(GArray) slots = qw_knockout_slots (n);
      int byes = 0, pos1 = -1, pos2 = -1;

      g_assert_cmpint (size, >=, n);
      g_assert_cmpint (size / 2, <, n);
      g_assert_cmpint (1 << qw_knockout_rounds (n), ==, size);
      g_assert_cmpuint (slots->len, ==, (guint) size);
      for (int i = 0; i < size; i += 2)
        {
          int a = g_array_index (slots, int, i), b = g_array_index (slots, int, i + 1);

          /* Never two byes in one match; a bye always faces a top seed. */
          g_assert_true (a <= n || b <= n);
          if (a > n || b > n)
            {
              byes++;
              g_assert_cmpint (MIN (a, b), <=, size - n);
            }
        }
      for (int i = 0; i < size; i++)
        {
          pos1 = g_array_index (slots, int, i) == 1 ? i : pos1;
          pos2 = g_array_index (slots, int, i) == 2 ? i : pos2;
        }
      g_assert_cmpint (byes, ==, size - n);
      /* Seeds 1 and 2 in opposite halves: they can only meet in the final. */
      g_assert_cmpint (pos1 < size / 2, !=, pos2 < size / 2);
    }
}

/* The standard eight-player bracket: 1-8, 4-5, 2-7, 3-6. */
static void
test_eight (void)
{
  static const int expected[] = { 1, 8, 4, 5, 2, 7, 3, 6 };
  g_autoptr(GArray) slots = qw_knockout_slots (8);

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    g_assert_cmpint (g_array_index (slots, int, i), ==, expected[i]);
}

static gint64 *
make_draw (int n)
{
  gint64 *draw = g_new (gint64, n);

  /* Entry ids that are not the seeds, to keep the two apart. */
  for (int i = 0; i < n; i++)
    draw[i] = 1000 + (i + 1) * 7;
  return draw;
}

static int
seed_of (gint64 id)
{
  return (int) ((id - 1000) / 7);
}

static QwGame *
game_for (const QwKnockoutPair *p,
          int                   round,
          int                   board,
          QwResult              result)
{
  QwGame *g = qw_game_new ();

  g->round = round;
  g->board = board;
  g->red = p->red;
  g->black = p->black;
  g->result = p->black == 0 ? QW_RESULT_BYE : result;
  return g;
}

/* The better seed always wins: the semi-finalists are seeds 1–4 and the
 * final is 1 v 2; each round halves the field. */
static void
test_favourites_win (void)
{
  for (guint f = 0; f < G_N_ELEMENTS (field_sizes); f++)
    {
      int n = field_sizes[f], rounds = qw_knockout_rounds (n), size = qw_knockout_bracket_size (n);
      g_autofree gint64 *draw = make_draw (n);
      g_autoptr(GPtrArray) games = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_game_free);

      for (int r = 1; r <= rounds; r++)
        {
          g_autoptr(GError) error = NULL;
          g_autoptr(GArray) pairs = qw_knockout_pair_round (draw, n, games, r, 42, FALSE, &error);
          int players = 0;

          g_assert_no_error (error);
          g_assert_cmpuint (pairs->len, ==, (guint) (size >> r));
          for (guint i = 0; i < pairs->len; i++)
            {
              QwKnockoutPair *p = &g_array_index (pairs, QwKnockoutPair, i);
              gboolean red_better = p->black == 0 || seed_of (p->red) < seed_of (p->black);

              players += p->black != 0 ? 2 : 1;
              g_ptr_array_add (games, game_for (p, r, (int) i + 1,
                                                red_better ? QW_RESULT_RED_WIN : QW_RESULT_BLACK_WIN));
              if (r == rounds)
                g_assert_cmpint (seed_of (p->red) + seed_of (p->black), ==, 3);
              if (r == rounds - 1 && n >= 4)
                g_assert_cmpint (MAX (seed_of (p->red), seed_of (p->black)), <=, 4);
            }
          /* Round 1 holds everyone; later rounds the winners, half as many. */
          g_assert_cmpint (players, ==, r == 1 ? n : size >> (r - 1));
        }
    }
}

/* Whatever the results, seeds 1 and 2 never meet before the final, and
 * everyone plays at most once a round. */
static void
test_random_results (void)
{
  for (guint f = 0; f < G_N_ELEMENTS (field_sizes); f++)
    for (guint32 seed = 1; seed <= 20; seed++)
      {
        int n = field_sizes[f], rounds = qw_knockout_rounds (n);
        g_autofree gint64 *draw = make_draw (n);
        g_autoptr(GPtrArray) games = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_game_free);
        g_autoptr(GRand) rand = g_rand_new_with_seed (seed);

        for (int r = 1; r <= rounds; r++)
          {
            g_autoptr(GArray) pairs = qw_knockout_pair_round (draw, n, games, r, seed, FALSE, NULL);
            g_autoptr(GHashTable) seen = g_hash_table_new (g_int64_hash, g_int64_equal);

            g_assert_nonnull (pairs);
            for (guint i = 0; i < pairs->len; i++)
              {
                QwKnockoutPair *p = &g_array_index (pairs, QwKnockoutPair, i);

                g_assert_true (g_hash_table_add (seen, &p->red));
                if (p->black != 0)
                  g_assert_true (g_hash_table_add (seen, &p->black));
                if (r < rounds && p->black != 0)
                  g_assert_cmpint (seed_of (p->red) + seed_of (p->black), !=, 3);
                g_ptr_array_add (games, game_for (p, r, (int) i + 1,
                                                  g_rand_boolean (rand) ? QW_RESULT_RED_WIN : QW_RESULT_BLACK_WIN));
              }
          }
        g_assert_null (qw_knockout_pair_round (draw, n, games, rounds + 1, seed, FALSE, NULL));
      }
}

/* A drawn tie needs its play-off; in an armageddon a drawn play-off is a
 * black win, recorded as QW_PLAYOFF_BLACK. */
static void
test_playoff (void)
{
  g_autofree gint64 *draw = make_draw (4);
  g_autoptr(GPtrArray) games = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_game_free);
  g_autoptr(GArray) r1 = qw_knockout_pair_round (draw, 4, games, 1, 7, FALSE, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) r2 = NULL;
  QwGame *drawn;
  gint64 black_of_drawn;

  g_assert_cmpuint (r1->len, ==, 2);
  drawn = game_for (&g_array_index (r1, QwKnockoutPair, 0), 1, 1, QW_RESULT_DRAW);
  black_of_drawn = drawn->black;
  g_ptr_array_add (games, drawn);
  g_ptr_array_add (games, game_for (&g_array_index (r1, QwKnockoutPair, 1), 1, 2, QW_RESULT_RED_BY_FORFEIT));
  g_assert_cmpint (qw_knockout_winner (drawn), ==, QW_KNOCKOUT_UNDECIDED);
  g_assert_null (qw_knockout_pair_round (draw, 4, games, 2, 7, FALSE, &error));
  g_assert_error (error, QW_ERROR, QW_ERROR_CONFLICT);

  drawn->armageddon = TRUE;
  drawn->playoff = QW_PLAYOFF_BLACK;
  r2 = qw_knockout_pair_round (draw, 4, games, 2, 7, FALSE, NULL);
  g_assert_cmpuint (r2->len, ==, 1);
  g_assert_true (g_array_index (r2, QwKnockoutPair, 0).red == black_of_drawn
                 || g_array_index (r2, QwKnockoutPair, 0).black == black_of_drawn);
}

/* Both players forfeit: nobody goes through and the next opponent has a
 * walkover (a bye). */
static void
test_double_forfeit (void)
{
  g_autofree gint64 *draw = make_draw (4);
  g_autoptr(GPtrArray) games = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_game_free);
  g_autoptr(GArray) r1 = qw_knockout_pair_round (draw, 4, games, 1, 7, FALSE, NULL);
  g_autoptr(GArray) r2 = NULL;

  g_ptr_array_add (games, game_for (&g_array_index (r1, QwKnockoutPair, 0), 1, 1, QW_RESULT_DOUBLE_FORFEIT));
  g_ptr_array_add (games, game_for (&g_array_index (r1, QwKnockoutPair, 1), 1, 2, QW_RESULT_BLACK_WIN));
  r2 = qw_knockout_pair_round (draw, 4, games, 2, 7, FALSE, NULL);
  g_assert_cmpuint (r2->len, ==, 1);
  g_assert_cmpint (g_array_index (r2, QwKnockoutPair, 0).red, ==, g_array_index (r1, QwKnockoutPair, 1).black);
  g_assert_cmpint (g_array_index (r2, QwKnockoutPair, 0).black, ==, 0);
}

static void
test_winner_codes (void)
{
  QwGame g = { 0 };
  static const struct
  {
    QwResult         result;
    QwPlayoff        playoff;
    QwKnockoutWinner winner;
  } cases[] = {
    { QW_RESULT_NONE, QW_PLAYOFF_NONE, QW_KNOCKOUT_UNDECIDED },
    { QW_RESULT_RED_WIN, QW_PLAYOFF_NONE, QW_KNOCKOUT_RED },
    { QW_RESULT_BLACK_WIN, QW_PLAYOFF_NONE, QW_KNOCKOUT_BLACK },
    { QW_RESULT_DRAW, QW_PLAYOFF_NONE, QW_KNOCKOUT_UNDECIDED },
    { QW_RESULT_DRAW, QW_PLAYOFF_RED, QW_KNOCKOUT_RED },
    { QW_RESULT_DRAW, QW_PLAYOFF_BLACK, QW_KNOCKOUT_BLACK },
    { QW_RESULT_RED_BY_FORFEIT, QW_PLAYOFF_NONE, QW_KNOCKOUT_RED },
    { QW_RESULT_BLACK_BY_FORFEIT, QW_PLAYOFF_NONE, QW_KNOCKOUT_BLACK },
    { QW_RESULT_DOUBLE_FORFEIT, QW_PLAYOFF_NONE, QW_KNOCKOUT_NOBODY },
    { QW_RESULT_BYE, QW_PLAYOFF_NONE, QW_KNOCKOUT_RED },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g.result = cases[i].result;
      g.playoff = cases[i].playoff;
      g_assert_cmpint (qw_knockout_winner (&g), ==, cases[i].winner);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/knockout/bracket-shape", test_bracket_shape);
  g_test_add_func ("/knockout/eight", test_eight);
  g_test_add_func ("/knockout/favourites-win", test_favourites_win);
  g_test_add_func ("/knockout/random-results", test_random_results);
  g_test_add_func ("/knockout/playoff", test_playoff);
  g_test_add_func ("/knockout/double-forfeit", test_double_forfeit);
  g_test_add_func ("/knockout/winner-codes", test_winner_codes);
  return g_test_run ();
}
