/* qw-board-item.h: one board of a round on the rounds page
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "qw-entry.h"
#include "qw-document.h"
#include "qw-game.h"

G_BEGIN_DECLS

#define QW_TYPE_BOARD_ITEM (qw_board_item_get_type ())

G_DECLARE_FINAL_TYPE (QwBoardItem, qw_board_item, QW, BOARD_ITEM, GObject)

typedef struct
{
  int         no;          /* 序号, 0 when there is no player (the bye's black side) */
  const char *name;
  const char *unit;
  double      points;      /* before this round */
} QwBoardSide;

QwBoardItem  *qw_board_item_new        (const QwGame   *game,
                                        const QwEntry  *red,
                                        double          red_points,
                                        const QwEntry  *black,
                                        double          black_points);
const QwGame *qw_board_item_get_game   (QwBoardItem    *self);
void          qw_board_item_get_side   (QwBoardItem    *self,
                                        gboolean        red,
                                        QwBoardSide    *side);
gboolean      qw_board_item_is_bye     (QwBoardItem    *self);
gboolean      qw_board_item_has_result (QwBoardItem    *self);
void          qw_board_item_set_entered_by (QwBoardItem *self,
                                            const char  *text);
const char   *qw_board_item_get_entered_by (QwBoardItem *self);

GListStore   *qw_board_items_load      (QwDocument       *doc,
                                        const QwRuleset  *ruleset,
                                        const QwSection  *section,
                                        int               round,
                                        GError          **error);
char         *qw_format_points         (double          points);

G_END_DECLS
