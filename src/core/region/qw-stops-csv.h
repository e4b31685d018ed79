/* qw-stops-csv.h: the stops CSV (issue 4 §4), for stops that did not use Qiwang
 *
 * Header 名称,类型,级别,承办单位,地级市,县级市,荣誉,参赛人数 or in English
 * name,type,level,host,prefecture,county_city,honours,participants.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "qw-csv.h"
#include "qw-entry-import.h"
#include "qw-quota.h"
#include "qw-ruleset.h"

G_BEGIN_DECLS

typedef struct
{
  GPtrArray *stops;       /* QwStopSummary, one per good data row */
  GArray    *rows;        /* int: the data row of each stop, from 1 */
  GPtrArray *rejected;    /* QwRowError: every bad row, with why */
  char      *encoding;
} QwStopsImport;

QwStopsImport *qw_stops_csv_parse       (const QwRuleset  *ruleset,
                                         const QwCsv      *csv,
                                         GError          **error);
QwStopsImport *qw_stops_csv_read_file   (const QwRuleset  *ruleset,
                                         const char       *path,
                                         GError          **error);
void           qw_stops_import_free     (QwStopsImport    *import);
gboolean       qw_stops_import_check    (const QwStopsImport *import,
                                         const char       *display_name,
                                         GError          **error);
char          *qw_stops_to_csv          (GPtrArray        *stops);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (QwStopsImport, qw_stops_import_free)

G_END_DECLS
