/* qw-rounds-page.h: pair rounds and enter results, group by group
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "qw-page.h"

G_BEGIN_DECLS

#define QW_TYPE_ROUNDS_PAGE (qw_rounds_page_get_type ())

G_DECLARE_FINAL_TYPE (QwRoundsPage, qw_rounds_page, QW, ROUNDS_PAGE, QwPage)

gboolean    qw_rounds_page_select_group    (QwRoundsPage  *self,
                                            const char    *code);
const char *qw_rounds_page_get_group       (QwRoundsPage  *self);
int         qw_rounds_page_get_round       (QwRoundsPage  *self);
GListModel *qw_rounds_page_get_boards      (QwRoundsPage  *self);
GListModel *qw_rounds_page_get_seeds       (QwRoundsPage  *self);
GtkWindow  *qw_rounds_page_type_in_round   (QwRoundsPage  *self);
gboolean    qw_rounds_page_pair_next       (QwRoundsPage  *self,
                                            GError       **error);
gboolean    qw_rounds_page_enter_result    (QwRoundsPage  *self,
                                            guint          position,
                                            const char    *code,
                                            GError       **error);
void        qw_rounds_page_select_board    (QwRoundsPage  *self,
                                            guint          position);
gboolean    qw_rounds_page_key_result      (QwRoundsPage  *self,
                                            guint          keyval);
GtkWindow  *qw_rounds_page_ask_round_clock (QwRoundsPage  *self);

G_END_DECLS
