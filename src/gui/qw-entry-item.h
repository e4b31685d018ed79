/* qw-entry-item.h: one row of the entries page (an entry and its check)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "qw-document.h"
#include "qw-entry.h"
#include "qw-entry-check.h"
#include "qw-event.h"

G_BEGIN_DECLS

#define QW_TYPE_ENTRY_ITEM (qw_entry_item_get_type ())

G_DECLARE_FINAL_TYPE (QwEntryItem, qw_entry_item, QW, ENTRY_ITEM, GObject)

QwEntryItem        *qw_entry_item_new            (QwEntry            *entry,
                                                  const QwEntryCheck *check);
const QwEntry      *qw_entry_item_get_entry      (QwEntryItem        *self);
const QwEntryCheck *qw_entry_item_get_check      (QwEntryItem        *self);
const char         *qw_entry_item_get_masked_id  (QwEntryItem        *self);
const char         *qw_entry_item_get_group_name (QwEntryItem        *self);
const QwGroupRule  *qw_entry_item_get_group      (QwEntryItem        *self);
const char         *qw_entry_item_get_problems_text (QwEntryItem     *self);
const char         *qw_entry_item_get_search_key (QwEntryItem        *self);
const char         *qw_entry_item_get_birth_text (QwEntryItem        *self);
gboolean            qw_entry_item_has_errors     (QwEntryItem        *self);
void                qw_entry_item_set_present    (QwEntryItem        *self,
                                                  gboolean            present);
gboolean            qw_entry_item_get_present    (QwEntryItem        *self);

GListStore         *qw_entry_items_load          (QwDocument         *doc,
                                                  const QwRuleset    *ruleset,
                                                  const QwEvent      *event,
                                                  GError            **error);

G_END_DECLS
