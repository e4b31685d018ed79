/* qw-region-export.h: a region's stops and quota as lists to hand out
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "qw-document.h"
#include "qw-list-sheet.h"
#include "qw-quota.h"
#include "qw-region.h"
#include "qw-ruleset.h"

G_BEGIN_DECLS

QwListSheet *qw_region_stops_sheet (const QwRuleset       *ruleset,
                                    const QwRegionSummary *summary);
QwListSheet *qw_region_quota_sheet (const QwRuleset       *ruleset,
                                    const QwQuota         *quota);
GPtrArray   *qw_region_sheets      (QwDocument            *doc,
                                    GError               **error);

G_END_DECLS
