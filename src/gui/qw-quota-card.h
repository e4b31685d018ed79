/* qw-quota-card.h: a region's national-final places, with every reason
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "qw-quota.h"
#include "qw-ruleset.h"

G_BEGIN_DECLS

#define QW_TYPE_QUOTA_CARD (qw_quota_card_get_type ())

G_DECLARE_FINAL_TYPE (QwQuotaCard, qw_quota_card, QW, QUOTA_CARD, GtkWidget)

void        qw_quota_card_set_quota      (QwQuotaCard     *self,
                                          const QwRuleset *ruleset,
                                          const QwQuota   *quota,
                                          int              decided_places);
const char *qw_quota_card_get_tier_text  (QwQuotaCard     *self);
guint       qw_quota_card_get_n_lines    (QwQuotaCard     *self);

G_END_DECLS
