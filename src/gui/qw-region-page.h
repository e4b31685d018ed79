/* qw-region-page.h: a province's region document: stops, totals, quota, nominees
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "qw-page.h"
#include "qw-nominees.h"
#include "qw-quota-card.h"
#include "qw-quota.h"
#include "qw-ruleset.h"
#include "qw-date.h"
#include "qw-event.h"

G_BEGIN_DECLS

#define QW_TYPE_REGION_PAGE (qw_region_page_get_type ())

G_DECLARE_FINAL_TYPE (QwRegionPage, qw_region_page, QW, REGION_PAGE, QwPage)

void                 qw_region_page_import_files    (QwRegionPage        *self,
                                                     GPtrArray           *files);
GPtrArray           *qw_region_page_get_outcomes    (QwRegionPage        *self);
gboolean             qw_region_page_save_stop       (QwRegionPage        *self,
                                                     const QwStopSummary *stop,
                                                     const QwEvent       *original,
                                                     GError             **error);
gboolean             qw_region_page_delete_stops    (QwRegionPage        *self,
                                                     GPtrArray           *events,
                                                     GError             **error);
gboolean             qw_region_page_export_nominees (QwRegionPage        *self,
                                                     const char          *format,
                                                     GFile               *file,
                                                     GError             **error);
GListModel          *qw_region_page_get_model       (QwRegionPage        *self);
QwQuotaCard         *qw_region_page_get_quota_card  (QwRegionPage        *self);
const QwQuota       *qw_region_page_get_quota       (QwRegionPage        *self);
const QwNomineeList *qw_region_page_get_nominees    (QwRegionPage        *self);
guint                qw_region_page_get_n_warnings  (QwRegionPage        *self);
gboolean             qw_region_page_set_rules_published (QwRegionPage    *self,
                                                     QwDate               day,
                                                     GError             **error);

G_END_DECLS
