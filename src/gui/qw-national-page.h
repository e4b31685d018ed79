/* qw-national-page.h: the national organiser's document: every region's nominees
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "qw-page.h"

G_BEGIN_DECLS

#define QW_TYPE_NATIONAL_PAGE (qw_national_page_get_type ())

G_DECLARE_FINAL_TYPE (QwNationalPage, qw_national_page, QW, NATIONAL_PAGE, QwPage)

void        qw_national_page_import_files     (QwNationalPage  *self,
                                               GPtrArray       *files);
GPtrArray  *qw_national_page_get_outcomes     (QwNationalPage  *self);
void        qw_national_page_load_final       (QwNationalPage  *self,
                                               GFile           *file);
GListModel *qw_national_page_get_model        (QwNationalPage  *self);
guint       qw_national_page_get_n_duplicates (QwNationalPage  *self);
GPtrArray  *qw_national_page_get_teams        (QwNationalPage  *self);

G_END_DECLS
