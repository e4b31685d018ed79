/* qw-result-buttons.h: the six result buttons of a board on the rounds page
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "qw-board-item.h"

G_BEGIN_DECLS

#define QW_TYPE_RESULT_BUTTONS (qw_result_buttons_get_type ())

G_DECLARE_FINAL_TYPE (QwResultButtons, qw_result_buttons, QW, RESULT_BUTTONS, GtkWidget)

GtkWidget   *qw_result_buttons_new        (void);
QwBoardItem *qw_result_buttons_get_board  (QwResultButtons *self);
void         qw_result_buttons_set_board  (QwResultButtons *self,
                                           QwBoardItem     *board);

G_END_DECLS
