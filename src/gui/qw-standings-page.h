/* qw-standings-page.h: the standings of a group with the Chinese tie-breaks
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "qw-page.h"

G_BEGIN_DECLS

#define QW_TYPE_STANDINGS_PAGE (qw_standings_page_get_type ())

G_DECLARE_FINAL_TYPE (QwStandingsPage, qw_standings_page, QW, STANDINGS_PAGE, QwPage)

gboolean    qw_standings_page_select_group (QwStandingsPage *self,
                                            const char      *code);
const char *qw_standings_page_get_group    (QwStandingsPage *self);
GListModel *qw_standings_page_get_rows     (QwStandingsPage *self);

G_END_DECLS
