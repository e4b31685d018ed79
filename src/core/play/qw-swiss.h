/* qw-swiss.h: the Swiss pairing engine (积分编排制, 《象棋竞赛规则》附录二)
 *
 * Pure: no document, no GTK. The caller (qw-play.c) turns a section's games
 * into QwSwissPlayer records, and the engine returns the boards.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  int          id;            /* the caller's handle, unique, >= 0 */
  double       score;         /* points so far (byes and forfeit wins included) */
  int          seed;          /* seeding rank, 0 = first (rating, grade, typed order or lottery) */
  int          unit;          /* interned 单位, -1 for none */
  int          reds;          /* games played as red */
  int          blacks;        /* games played as black */
  signed char  last[2];       /* the last two colours, last[0] the most recent: +1 red, -1 black, 0 none */
  gboolean     had_bye;
  int          float_last;    /* +1 floated up last round, -1 floated down, 0 neither */
  const int   *opponents;     /* ids of everyone already met (no rematch) */
  int          n_opponents;
  /* Added after the first version; a zero-initialised struct gets the fallback. */
  int          number;        /* 序号 shown in explanations and used by the colour rule; 0: seed + 1 */
  int          run;           /* signed length of the current colour run (+3: the last three red),
                               * needed only when max_run > 2; 0: derived from last[] */
  int          start_rank;    /* place in the starting-rank list (1 = first), cited by round 1's
                               * explanations; 0: seed + 1 */
} QwSwissPlayer;

typedef enum
{
  QW_FIRST_ROUND_LANYAO = 0,  /* 拦腰: 1 v n/2+1, 2 v n/2+2, … (default) */
  QW_FIRST_ROUND_SHOUWEI,     /* 首尾: 1 v n, 2 v n-1, … */
  QW_FIRST_ROUND_LINJIN,      /* 临近: 1 v 2, 3 v 4, … */
  QW_FIRST_ROUND_RANDOM,      /* random pairs from the lottery seed */
} QwFirstRoundMode;

typedef struct
{
  int               round;          /* the round being paired, from 1 */
  gboolean          avoid_units;    /* 同单位回避 for this round (soft: preference 4) */
  int               max_run;        /* hard: at most this many games in a row with one colour (2);
                                     * 0 means the default 2 */
  int               max_difference; /* hard: |reds - blacks| never exceeds this (2); 0: the default 2 */
  QwFirstRoundMode  first_round;    /* round 1 only */
  guint64           lottery_seed;   /* round 1 "random" mode, and any lottery the engine draws */
} QwSwissOptions;

typedef struct
{
  int   red;                  /* player id */
  int   black;                /* player id, -1 for the bye */
  char *explain;              /* why: score group, float down/up, colour reason (translated) */
} QwSwissPair;

typedef struct
{
  GArray    *pairs;           /* QwSwissPair in board order; the bye, if any, last */
  GPtrArray *unpairable;      /* on failure: one message per player who cannot be paired, with why */
} QwSwissResult;

/**
 * qw_swiss_pair:
 * @players: (array length=n_players): the players to pair this round
 *   (withdrawn and excluded players are simply not passed). For round 1
 *   they are in seeding order.
 * @out: (out caller-allocates): cleared with qw_swiss_result_clear()
 *
 * Pairs one round. Hard rules: no rematch, the colour limits, at most one
 * bye per player (the bye goes to the lowest-scored player who has not had
 * one), every player paired once. If a pairing that keeps every hard rule
 * exists, it is found; among them the engine prefers, in order: the most
 * pairs; the smallest score differences, top group first; colour
 * preferences; unit avoidance; seeding order.
 *
 * Conventions (the rules leave them open):
 * - Round 1 (options->round <= 1): players are taken in @seed order; with an
 *   odd count the lowest seed who has not had a bye gets it. The random mode
 *   shuffles with a GRand seeded from both halves of lottery_seed and pairs
 *   neighbours, so a stored seed reproduces the draw. Colours follow board
 *   parity (WXC practice): on odd boards the higher seed is red, on even
 *   boards black. With avoid_units, a same-unit board swaps its lower-seeded
 *   player with the nearest board where that separates both. If players
 *   already carry history that this would break, the general engine pairs
 *   the round instead.
 * - Later rounds: inside a score group the i-th of m players (by seed) is
 *   ideally paired with the (i + m/2)-th (拦腰), after colour preferences and
 *   unit avoidance. Floaters join the top of the next group.
 * - Colours within a pair: the only assignment the hard limits allow; else
 *   the lower reds-minus-blacks balance is red (with equal games, fewer
 *   reds); then fewer reds; then the one who had black more recently
 *   (last[0], then last[1]); then in odd rounds the smaller @number is red,
 *   in even rounds the larger.
 * - Boards are ordered by the pair's higher score, then its lower score,
 *   then the better seed; the bye is last.
 * - float_last is accepted but not used: the rules do not ask for it.
 *
 * @out need not be initialised; on return it always holds two (possibly
 * empty) arrays, to be freed with qw_swiss_result_clear(), also on failure.
 *
 * Returns: %FALSE with @error (QW_ERROR_CONFLICT) and out->unpairable filled
 *   when no valid pairing exists (out->pairs is then empty), or with
 *   QW_ERROR_INVALID for duplicate or negative ids or a NULL opponent list.
 */
gboolean qw_swiss_pair         (const QwSwissPlayer  *players,
                                guint                 n_players,
                                const QwSwissOptions *options,
                                QwSwissResult        *out,
                                GError              **error);
void     qw_swiss_result_clear (QwSwissResult        *result);

G_END_DECLS
