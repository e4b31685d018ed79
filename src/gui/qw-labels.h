/* qw-labels.h: names for people of the play vocabulary the core keeps as codes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "qw-game.h"

G_BEGIN_DECLS

/* 积分编排制, 循环制, 淘汰制 (translated) */
const char *qw_system_label          (QwSystem      system);
/* The chain's preset by its name (对手分方案, …), or "Custom" */
const char *qw_tiebreak_chain_label  (const char   *chain);
/* A knockout game's play-off as shown beside its result: "play-off: red",
 * "armageddon: black goes through"; NULL when it has none. */
const char *qw_playoff_label         (const QwGame *game);

G_END_DECLS
