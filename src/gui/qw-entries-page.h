/* qw-entries-page.h: registration: the entries of a stop
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "qw-page.h"

G_BEGIN_DECLS

#define QW_TYPE_ENTRIES_PAGE (qw_entries_page_get_type ())

G_DECLARE_FINAL_TYPE (QwEntriesPage, qw_entries_page, QW, ENTRIES_PAGE, QwPage)

GListModel        *qw_entries_page_get_model    (QwEntriesPage     *self);
void               qw_entries_page_import_file  (QwEntriesPage     *self,
                                                 GFile             *file);
void               qw_entries_page_export_file  (QwEntriesPage     *self,
                                                 GFile             *file);
void               qw_entries_page_set_search   (QwEntriesPage     *self,
                                                 const char        *text);
gboolean           qw_entries_page_toggle_checkin (QwEntriesPage   *self);

G_END_DECLS
