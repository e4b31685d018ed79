/* qw-seed-item.h: one line of the starting-rank list (种子排序) on the rounds page
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "qw-pair-gate.h"
#include "qw-seeding.h"

G_BEGIN_DECLS

#define QW_TYPE_SEED_ITEM (qw_seed_item_get_type ())

G_DECLARE_FINAL_TYPE (QwSeedItem, qw_seed_item, QW, SEED_ITEM, GObject)

QwSeedItem    *qw_seed_item_new       (const QwSeed *seed,
                                       gboolean      drawn,
                                       const char   *blocked);
const QwSeed  *qw_seed_item_get_seed  (QwSeedItem   *self);

/* (transfer full): a store of #QwSeedItem, in seed order. */
GListStore    *qw_seed_items_new      (const QwSeeding *seeding,
                                       GPtrArray       *gate);

G_END_DECLS
