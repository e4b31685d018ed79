/* qw-knockout.c: single elimination from a seeded bracket (淘汰制)
 *
 * The bracket is the usual seeded one: slots are filled by folding, so that
 * 1 v 8, 4 v 5, 2 v 7, 3 v 6 for eight, and a field that is not a power of
 * two is padded with byes that fall to the top seeds in round 1. The bracket
 * is never stored: each round is derived from the draw (the seeding order
 * fixed at round 1) and the games already played, following each match's
 * winner by player, so that boards may be numbered freely.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-knockout"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "qw-error.h"
#include "qw-knockout.h"
#include "qw-game.h"

int
qw_knockout_bracket_size (int n_players)
{
  int size = 2;

  while (size < n_players)
    size *= 2;
  return size;
}

int
qw_knockout_rounds (int n_players)
{
  int rounds = 1;

  if (n_players < 2)
    return 0;
  while ((1 << rounds) < n_players)
    rounds++;
  return rounds;
}

GArray *
qw_knockout_slots (int n_players)
{
  int size = qw_knockout_bracket_size (n_players);
  GArray *slots = g_array_new (FALSE, FALSE, sizeof (int));
  int one = 1, two = 2;

  g_array_append_val (slots, one);
  g_array_append_val (slots, two);
  /* Doubling: every seed s is followed by its partner (2·len + 1 − s). */
  while ((int) slots->len < size)
    {
      int len = (int) slots->len;
      GArray *next = g_array_sized_new (FALSE, FALSE, sizeof (int), len * 2);

      for (int i = 0; i < len; i++)
        {
          int s = g_array_index (slots, int, i);
          int partner = 2 * len + 1 - s;

          g_array_append_val (next, s);
          g_array_append_val (next, partner);
        }
      g_array_unref (slots);
      slots = next;
    }
  return slots;
}

QwKnockoutWinner
qw_knockout_winner (const QwGame *game)
{
  switch (game->result)
    {
    case QW_RESULT_BYE:
    case QW_RESULT_RED_WIN:
    case QW_RESULT_RED_BY_FORFEIT:
      return QW_KNOCKOUT_RED;
    case QW_RESULT_BLACK_WIN:
    case QW_RESULT_BLACK_BY_FORFEIT:
      return QW_KNOCKOUT_BLACK;
    case QW_RESULT_DOUBLE_FORFEIT:
      return QW_KNOCKOUT_NOBODY;
    case QW_RESULT_DRAW:
      if (game->playoff == QW_PLAYOFF_RED)
        return QW_KNOCKOUT_RED;
      /* A drawn armageddon is a black win. */
      if (game->playoff == QW_PLAYOFF_BLACK || game->playoff == QW_PLAYOFF_DRAW)
        return QW_KNOCKOUT_BLACK;
      return QW_KNOCKOUT_UNDECIDED;
    case QW_RESULT_NONE:
    default:
      return QW_KNOCKOUT_UNDECIDED;
    }
}

const char *
qw_playoff_to_chinese (QwPlayoff playoff)
{
  switch (playoff)
    {
    case QW_PLAYOFF_RED:
      return "加赛红胜";
    case QW_PLAYOFF_BLACK:
      return "加赛黑胜";
    case QW_PLAYOFF_DRAW:
      return "加赛和·黑胜";
    case QW_PLAYOFF_NONE:
    default:
      return "";
    }
}

const char *
qw_playoff_label (QwPlayoff playoff,
                  gboolean  armageddon)
{
  switch (playoff)
    {
    case QW_PLAYOFF_RED:
      return armageddon ? _("armageddon won by red") : _("play-off: red");
    case QW_PLAYOFF_BLACK:
      return armageddon ? _("armageddon won by black") : _("play-off: black");
    case QW_PLAYOFF_DRAW:
      return _("armageddon drawn: black goes through");
    case QW_PLAYOFF_NONE:
    default:
      return "";
    }
}

static const QwGame *
find_game (GPtrArray *games,
           int        round,
           gint64     player)
{
  for (guint i = 0; i < games->len; i++)
    {
      const QwGame *g = g_ptr_array_index (games, i);

      if (g->round == round && (g->red == player || (player != 0 && g->black == player)))
        return g;
    }
  return NULL;
}

/* Who comes out of a match of @round between @a and @b (0 for an empty
 * place): -1 with @error when it is not decided yet. */
static gint64
match_winner (GPtrArray  *games,
              int         round,
              gint64      a,
              gint64      b,
              GError    **error)
{
  const QwGame *game;

  if (a == 0 || b == 0)
    return a != 0 ? a : b;
  game = find_game (games, round, a);
  if (game == NULL)
    game = find_game (games, round, b);
  if (game == NULL)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT,
                   _("Round %d has no game for a match of the bracket; unpair the later rounds and "
                     "pair round %d again"), round, round);
      return -1;
    }
  switch (qw_knockout_winner (game))
    {
    case QW_KNOCKOUT_RED:
      return game->red;
    case QW_KNOCKOUT_BLACK:
      return game->black;
    case QW_KNOCKOUT_NOBODY:
      return 0;
    case QW_KNOCKOUT_UNDECIDED:
    default:
      g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT,
                   game->result == QW_RESULT_DRAW
                   ? _("Round %d, board %d was drawn: record the play-off result first")
                   : _("Round %d, board %d has no result yet"), round, game->board);
      return -1;
    }
}

GArray *
qw_knockout_pair_round (const gint64  *draw,
                        int            n_players,
                        GPtrArray     *games,
                        int            round,
                        guint64        lottery_seed,
                        gboolean       third_place,
                        GError       **error)
{
  g_autoptr(GArray) slots = NULL;
  g_autoptr(GArray) level = NULL;
  g_autoptr(GArray) semi_losers = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GRand) lot = NULL;
  gboolean final = round == qw_knockout_rounds (n_players);
  GArray *pairs;

  g_return_val_if_fail (round >= 1, NULL);

  if (n_players < 2 || round > qw_knockout_rounds (n_players))
    {
      g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT,
                   _("A knockout of %d players has %d rounds; there is no round %d"),
                   n_players, qw_knockout_rounds (n_players), round);
      return NULL;
    }
  slots = qw_knockout_slots (n_players);
  level = g_array_sized_new (FALSE, TRUE, sizeof (gint64), slots->len);
  for (guint i = 0; i < slots->len; i++)
    {
      int seed = g_array_index (slots, int, i);
      gint64 id = seed <= n_players ? draw[seed - 1] : 0;

      g_array_append_val (level, id);
    }
  /* Walk the earlier rounds: each match sends its winner up. */
  for (int r = 1; r < round; r++)
    {
      GArray *next = g_array_sized_new (FALSE, TRUE, sizeof (gint64), level->len / 2);

      for (guint m = 0; m < level->len / 2; m++)
        {
          gint64 w = match_winner (games, r, g_array_index (level, gint64, 2 * m),
                                   g_array_index (level, gint64, 2 * m + 1), error);

          if (w < 0)
            {
              g_array_unref (next);
              return NULL;
            }
          g_array_append_val (next, w);
          /* The semi-finals' losers, for a third-place game in the final round. */
          if (r == round - 1 && final)
            {
              gint64 a = g_array_index (level, gint64, 2 * m), b = g_array_index (level, gint64, 2 * m + 1);
              gint64 loser = w == a ? b : w == b ? a : 0;

              if (a != 0 && b != 0 && loser != 0)
                g_array_append_val (semi_losers, loser);
            }
        }
      g_array_unref (level);
      level = next;
    }

  /* Colours by lot (猜先), reproducible from the stored seed. */
  lot = g_rand_new_with_seed_array ((const guint32[]) { (guint32) lottery_seed, (guint32) (lottery_seed >> 32),
                                                        (guint32) round }, 3);
  pairs = g_array_new (FALSE, FALSE, sizeof (QwKnockoutPair));
  for (guint m = 0; m < level->len / 2; m++)
    {
      gint64 a = g_array_index (level, gint64, 2 * m);
      gint64 b = g_array_index (level, gint64, 2 * m + 1);
      QwKnockoutPair pair = { a != 0 ? a : b, a != 0 ? b : 0, (int) m };

      if (pair.red == 0)
        continue;   /* both places empty after a double forfeit */
      if (pair.black != 0 && g_rand_boolean (lot))
        pair = (QwKnockoutPair) { pair.black, pair.red, (int) m };
      g_array_append_val (pairs, pair);
    }
  /* The third-place game (三四名决赛), after the final, when both semi-finals
   * had a loser (a walkover leaves none to play it). */
  if (third_place && final && semi_losers->len == 2)
    {
      QwKnockoutPair pair = { g_array_index (semi_losers, gint64, 0), g_array_index (semi_losers, gint64, 1),
                              (int) level->len / 2 };

      if (g_rand_boolean (lot))
        pair = (QwKnockoutPair) { pair.black, pair.red, pair.match };
      g_array_append_val (pairs, pair);
    }
  return pairs;
}
