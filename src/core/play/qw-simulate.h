/* qw-simulate.h: a whole stop played out by chance, for tests and timing
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "qw-game.h"

G_BEGIN_DECLS

typedef struct
{
  QwSystem  system;
  int       players;         /* 2 to 100000 */
  int       rounds;          /* Swiss; a round robin or knockout plays all of its own */
  guint32   seed;            /* the players, the lottery and the results */
  double    draw_rate;       /* share of drawn games */
  double    forfeit_rate;    /* share of forfeited games */
  double    withdraw_rate;   /* chance that a player withdraws after a round */
} QwSimulateOptions;

typedef struct
{
  gboolean  created;         /* the document was written, its players registered */
  int       played;          /* rounds paired */
  guint64   lottery_seed;
} QwSimulateOutcome;

gboolean  qw_simulate              (const char              *path,
                                    const QwSimulateOptions *options,
                                    QwSimulateOutcome       *outcome,
                                    GError                 **error);

G_END_DECLS
