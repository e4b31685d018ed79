/* qw-player-ref.h: a player as the arbiter types one
 *
 * Typing a round in (the manual-pairing dialog, qiwang-cli pair-manual), a
 * player is named by 序号, by name or a part of one, and the bye as 轮空,
 * bye or -. One rule for both faces.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "qw-entry.h"

G_BEGIN_DECLS

typedef enum
{
  QW_PLAYER_REF_EMPTY = 0,   /* nothing typed */
  QW_PLAYER_REF_PLAYER,      /* one player */
  QW_PLAYER_REF_BYE,         /* the bye, where one is allowed */
  QW_PLAYER_REF_UNKNOWN,     /* no player of the group */
  QW_PLAYER_REF_AMBIGUOUS,   /* a name, or a part of one, that several players' names hold */
} QwPlayerRef;

QwPlayerRef  qw_play_resolve_player   (GPtrArray      *entries,
                                       const char     *text,
                                       gboolean        bye_allowed,
                                       const QwEntry **player,
                                       GError        **error);

G_END_DECLS
