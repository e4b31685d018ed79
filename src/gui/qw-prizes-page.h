/* qw-prizes-page.h: the 2022 final's prize list and teams (十四)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "qw-page.h"
#include "qw-final.h"

G_BEGIN_DECLS

#define QW_TYPE_PRIZES_PAGE (qw_prizes_page_get_type ())

G_DECLARE_FINAL_TYPE (QwPrizesPage, qw_prizes_page, QW, PRIZES_PAGE, QwPage)

/* "awards", "totals", "teams", "accumulated" */
void                  qw_prizes_page_show_view   (QwPrizesPage      *self,
                                                  const char        *name);
const QwFinalResults *qw_prizes_page_get_results (QwPrizesPage      *self);
/* The rows (QwTextRow) of a table: "awards", "totals", "teams", "accumulated". */
GListModel           *qw_prizes_page_get_rows    (QwPrizesPage      *self,
                                                  const char        *table);

G_END_DECLS
