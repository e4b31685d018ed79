/* qw-labels.h: names for people of the play vocabulary the core keeps as codes;
 * systems (qw_system_label) and play-offs (qw_playoff_label) are named by the core
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "qw-game.h"

G_BEGIN_DECLS

/* The chain's preset by its name (对手分方案, …), or "Custom" */
const char *qw_tiebreak_chain_label  (const char   *chain);

G_END_DECLS
