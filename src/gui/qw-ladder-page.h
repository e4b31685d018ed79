/* qw-ladder-page.h: the 2022 online ladder (网络海选赛, 网络入围赛)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "qw-page.h"
#include "qw-ladder-store.h"

#include "qw-cancel-finalist-dialog.h"

G_BEGIN_DECLS

#define QW_TYPE_LADDER_PAGE (qw_ladder_page_get_type ())

G_DECLARE_FINAL_TYPE (QwLadderPage, qw_ladder_page, QW, LADDER_PAGE, QwPage)

/* Imports a file as the page's chooser does; FALSE (an error shown) when refused. */
gboolean           qw_ladder_page_import        (QwLadderPage      *self,
                                                 QwLadderFile       file,
                                                 const char        *path);
/* Takes an imported table out, one undoable step; FALSE (an error shown) when it could not. */
gboolean           qw_ladder_page_forget        (QwLadderPage      *self,
                                                 QwLadderFile       file);
/* "periods", "season", "finalists", "public", "warnings" */
void               qw_ladder_page_show_view     (QwLadderPage      *self,
                                                 const char        *name);
gboolean           qw_ladder_page_select_period (QwLadderPage      *self,
                                                 int                number);
/* The ladder shown, or NULL without a game log. */
const QwLadder    *qw_ladder_page_get_ladder    (QwLadderPage      *self);
/* The rows (QwTextRow) of a table: "selection", "qualifying", "season",
 * "finalists", "public", "warnings". */
GListModel        *qw_ladder_page_get_rows      (QwLadderPage      *self,
                                                 const char        *table);
/* "cancelled": the cancelled finalists, with kind and reason (the arbiter's view). */
/* Selects the finalist of that 序号 (from 1), as a click does; FALSE when none. */
gboolean           qw_ladder_page_select_finalist (QwLadderPage    *self,
                                                 int                number);
/* Opens 取消资格… for that finalist (the button does it for the selected one). */
QwCancelFinalistDialog *qw_ladder_page_cancel_finalist (QwLadderPage *self,
                                                 int                number);

G_END_DECLS
