/* qw-standings.h: standings with the Chinese tie-breaks (《象棋竞赛规则》第14条)
 *
 * Contract between the standings, the CLI, the results file and the printers.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "qw-play.h"

G_BEGIN_DECLS

typedef enum
{
  QW_TB_OPPONENTS = 0,    /* "opponents"   对手分: sum of opponents' final points (a bye counts as the lowest score among players who scored) */
  QW_TB_PROGRESSIVE,      /* "progressive" 累进分: sum of the running totals */
  QW_TB_WINS,             /* "wins"        胜局 */
  QW_TB_BLACK_GAMES,      /* "black_games" 后走局数 */
  QW_TB_BLACK_WINS,       /* "black_wins"  后走胜局 */
  QW_TB_FOULS,            /* "fouls"       犯规 (fewer ranks higher) */
  QW_TB_SONNEBORN,        /* "sonneborn"   小分 */
  QW_TB_DIRECT,           /* "direct"      直胜 (head-to-head among the tied) */
  QW_TB_EARLIER_ROUNDS,   /* "earlier"     compare points after round n-1, n-2, … */
  QW_TB_PROGRESSIVE_CUT,  /* "progressive_cut" 累进分 recomputed dropping round 1, then 2, … */
  QW_N_TIEBREAKS
} QwTiebreak;

typedef struct
{
  int        round;
  gint64     opponent;    /* entry id, 0 for a bye or no game */
  int        opponent_no; /* 序号, 0 for a bye */
  char       colour;      /* 'R', 'B', or 0 (bye / not paired) */
  QwResult   result;      /* as recorded in the game */
  double     points;      /* this player's points in the round */
} QwRoundCell;

typedef struct
{
  int        rank;        /* 1.. never shared unless every criterion ties */
  gint64     entry_id;
  int        no;          /* 序号 */
  char      *name;
  char      *unit;
  double     points;
  double     tiebreaks[QW_N_TIEBREAKS]; /* every value, whatever the chain uses */
  GArray    *rounds;      /* QwRoundCell, one per round played so far */
  gboolean   withdrawn;
} QwStandingRow;

const char  *qw_tiebreak_to_code   (QwTiebreak  tb);
gboolean     qw_tiebreak_from_code (const char *code,
                                    QwTiebreak *out);
const char  *qw_tiebreak_to_chinese (QwTiebreak tb);
/* Presets: "opponents" (对手分方案), "progressive" (累进分方案), "round-robin". */
char        *qw_tiebreak_preset    (const char *preset_id);

/**
 * qw_standings_compute:
 * @entries: (element-type QwEntry): the section's entries
 * @games: (element-type QwGame): the section's games
 * @up_to_round: last round to count; 0 for all
 *
 * Returns: (element-type QwStandingRow): ranked rows
 */
GPtrArray   *qw_standings_compute  (const QwRuleset *ruleset,
                                    const QwSection *section,
                                    GPtrArray       *entries,
                                    GPtrArray       *games,
                                    int              up_to_round);
void         qw_standing_row_free  (QwStandingRow   *row);

G_END_DECLS
