/* qw-entries-export.h: the entries as a list to hand out (.xlsx or CSV)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "qw-desk-settings.h"
#include "qw-event.h"
#include "qw-list-sheet.h"
#include "qw-ruleset.h"

G_BEGIN_DECLS

QwListSheet *qw_entries_list_sheet (const QwRuleset *ruleset,
                                    const QwEvent   *event,
                                    GPtrArray       *entries,
                                    QwListOrder      order,
                                    gboolean         private_form);

G_END_DECLS
