/* qw-roundrobin.h: round robin by the Berger tables (贝格尔编排法)
 *
 * Pure: numbers in, pairs out. xiangqi-rules.md §2.1.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  int red;    /* Berger number, from 1 */
  int black;  /* Berger number; 0 when @red has the bye (odd field) */
} QwBergerPair;

/* Rounds of one cycle: n - 1 for an even field, n for an odd one (a dummy
 * makes the field even; whoever meets it has the bye). */
int     qw_berger_rounds     (int n_players);

/**
 * qw_berger_round:
 * @n_players: the field, 2 or more
 * @round: from 1 to qw_berger_rounds (@n_players)
 *
 * Returns: (element-type QwBergerPair): the pairs of @round in the order of
 *   the published table, the largest number's pair first (for an odd field
 *   that pair is the bye, with black 0). The first-listed number plays red.
 */
GArray *qw_berger_round      (int n_players,
                              int round);

/* As qw_berger_round, over a double cycle when @double_cycle: rounds after
 * the first cycle repeat it with colours swapped. Byes are moved to the end. */
GArray *qw_roundrobin_round  (int      n_players,
                              int      round,
                              gboolean double_cycle);
int     qw_roundrobin_rounds (int      n_players,
                              gboolean double_cycle);

G_END_DECLS
