/* qw-stop-item.h: one row of the region page's stops table
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "qw-region.h"
#include "qw-ruleset.h"
#include "qw-event.h"

G_BEGIN_DECLS

#define QW_TYPE_STOP_ITEM (qw_stop_item_get_type ())

G_DECLARE_FINAL_TYPE (QwStopItem, qw_stop_item, QW, STOP_ITEM, GObject)

QwStopItem    *qw_stop_item_new              (const QwRegionStop *stop,
                                              guint               position,
                                              const QwRuleset    *ruleset,
                                              const char         *region);
const QwEvent *qw_stop_item_get_event        (QwStopItem         *self);
int            qw_stop_item_get_participants (QwStopItem         *self);
gboolean       qw_stop_item_get_valid        (QwStopItem         *self);
const char    *qw_stop_item_get_short_name   (QwStopItem         *self);
const char    *qw_stop_item_get_source_text  (QwStopItem         *self);
const char    *qw_stop_item_get_dates_text   (QwStopItem         *self);

char          *qw_stop_short_name            (const QwRuleset    *ruleset,
                                              const char         *region,
                                              const char         *name);

G_END_DECLS
