/* qw-simulate.h: a whole tournament played out with generated results
 *
 * For trying the engines at scale (qiwang-cli simulate, the benchmarks):
 * Elo's expectation decides who wins a decisive game.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "qw-document.h"
#include "qw-game.h"

G_BEGIN_DECLS

typedef struct
{
  double draw_rate;       /* share of drawn games */
  double forfeit_rate;    /* share of forfeited games */
  double withdraw_rate;   /* chance that a player withdraws after a round */
} QwSimulateRates;

gboolean qw_simulate_play (QwDocument             *doc,
                           QwSection              *section,
                           GRand                  *rand,
                           const QwSimulateRates  *rates,
                           GPtrArray              *entries,
                           int                    *played,
                           GError                **error);

G_END_DECLS
