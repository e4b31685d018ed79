/* qw-entries-page.h: registration: the entries of a stop
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "qw-document.h"
#include "qw-ruleset.h"
#include "qw-event.h"

G_BEGIN_DECLS

#define QW_TYPE_ENTRIES_PAGE (qw_entries_page_get_type ())

G_DECLARE_FINAL_TYPE (QwEntriesPage, qw_entries_page, QW, ENTRIES_PAGE, GtkWidget)

void        qw_entries_page_set_document      (QwEntriesPage   *self,
                                               QwDocument      *doc,
                                               const QwEvent   *event,
                                               QwRuleset       *ruleset);
void        qw_entries_page_activate_action   (QwEntriesPage   *self,
                                               const char      *name);
GListModel *qw_entries_page_get_model         (QwEntriesPage   *self);
gboolean    qw_entries_page_import_file       (QwEntriesPage   *self,
                                               GFile           *file,
                                               GError         **error);
void        qw_entries_page_set_search        (QwEntriesPage   *self,
                                               const char      *text);

G_END_DECLS
