/* qw-knockout.h: single elimination from a seeded bracket (淘汰制)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "qw-play.h"
#include "qw-game.h"

G_BEGIN_DECLS

typedef enum
{
  QW_KNOCKOUT_UNDECIDED = 0,  /* no result yet, or a drawn tie without a play-off result */
  QW_KNOCKOUT_RED,            /* the red player goes through (a bye is red) */
  QW_KNOCKOUT_BLACK,
  QW_KNOCKOUT_NOBODY,         /* both forfeited: the next opponent has a walkover */
} QwKnockoutWinner;

typedef struct
{
  gint64 red;                 /* entry id */
  gint64 black;               /* entry id, 0 for a bye */
  int    match;               /* position in the round, in bracket order, from 0 */
} QwKnockoutPair;

/* The smallest power of two holding the field (at least 2). */
int              qw_knockout_bracket_size (int            n_players);
int              qw_knockout_rounds       (int            n_players);
/* Seeds (from 1) in bracket slot order; seeds above @n_players are byes.
 * Seeds 1 and 2 are in opposite halves, 1–4 in different quarters, …, and
 * the byes fall to the top seeds. (element-type int) */
GArray          *qw_knockout_slots        (int            n_players);
QwKnockoutWinner qw_knockout_winner       (const QwGame  *game);
/* How a drawn tie was decided, for printed documents (untranslated):
 * "加赛红胜", "加赛黑胜", or "加赛和·黑胜" for a drawn armageddon;
 * "" without a play-off. */
const char      *qw_playoff_to_chinese    (QwPlayoff      playoff);
/* The same for people, translated: "play-off: red", "play-off: black",
 * "armageddon won by red", …, "armageddon drawn: black goes through". */
const char      *qw_playoff_label         (QwPlayoff      playoff,
                                           gboolean       armageddon);

/**
 * qw_knockout_pair_round:
 * @draw: (array length=n_players): entry ids in seeding order
 * @games: (element-type QwGame): the games of the earlier rounds
 * @round: the round to pair, from 1
 * @lottery_seed: colours are drawn by lot (猜先) from this seed
 * @third_place: the final round also has the third-place game (三四名决赛)
 *   between the semi-finals' losers, as the last match
 *
 * Returns: (element-type QwKnockoutPair): the round's matches in bracket
 *   order, or %NULL with @error when an earlier tie is not decided.
 */
GArray          *qw_knockout_pair_round   (const gint64  *draw,
                                           int            n_players,
                                           GPtrArray     *games,
                                           int            round,
                                           guint64        lottery_seed,
                                           gboolean       third_place,
                                           GError       **error);

G_END_DECLS
