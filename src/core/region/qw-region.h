/* qw-region.h: a province's region document: its stops, totals, quota and final
 *
 * Stops arrive three ways: imported from a stop's results file (source
 * 'imported', with players, games and the standings as received), typed in
 * or read from a stops CSV (source 'manual', a participant count only), or
 * run in the document itself (source 'local', e.g. the provincial final).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "qw-document.h"
#include "qw-quota.h"
#include "qw-results-file.h"
#include "qw-ruleset.h"
#include "qw-stops-csv.h"
#include "qw-entry.h"
#include "qw-event.h"

G_BEGIN_DECLS

typedef struct
{
  QwEvent  *event;
  int       participants;   /* players (imported, local) or the typed count (manual) */
  gboolean  valid;          /* a preliminary with at least the ruleset's minimum */
} QwRegionStop;

typedef struct
{
  char      *region;
  GPtrArray *stops;          /* QwRegionStop: preliminaries by date, then the final */
  int        n_preliminaries;
  int        n_valid;
  int        participants;   /* as the quota counts them (ruleset: with or without the final) */
  gboolean   final;
  QwDate     rules_published; /* the day the region published its rules, if recorded */
  GPtrArray *warnings;       /* translated sentences: arbiter grades, dates, two finals,
                              * the region's rules */
} QwRegionSummary;

typedef enum
{
  QW_IMPORT_ADDED = 0,
  QW_IMPORT_REPLACED,        /* the same stop was there: it was replaced */
  QW_IMPORT_UNCHANGED,       /* the very same file was already imported */
} QwImportOutcome;

typedef struct
{
  int      rank;             /* position, from 1 */
  int      place;            /* as printed (shared only on a complete tie) */
  gint64   entry_id;
  int      no;
  char    *name;
  char    *unit;
  double   points;
  GArray  *tiebreaks;        /* double, in the section's chain order */
} QwReceivedStanding;

/* The region and its ruleset */
gboolean          qw_region_setup                 (QwDocument        *doc,
                                                   const char        *region,
                                                   const char        *ruleset_id,
                                                   GError           **error);
QwRuleset        *qw_region_ruleset               (QwDocument        *doc,
                                                   GError           **error);
/* When no tier is reached the association decides the number of places;
 * the province records it here (-1: not recorded). */
gboolean          qw_region_set_decided_places          (QwDocument  *doc,
                                                         int          places,
                                                         GError     **error);
int               qw_region_get_decided_places          (QwDocument  *doc);
/* The day the region published its competition rules (竞赛办法, seed 002
 * §七(二)1); an unset date clears it. */
gboolean          qw_region_set_rules_published          (QwDocument  *doc,
                                                          QwDate       day,
                                                          GError     **error);
QwDate            qw_region_get_rules_published          (QwDocument  *doc);

/* Stops */
gboolean          qw_region_import_results        (QwDocument        *doc,
                                                   const QwResults   *results,
                                                   QwImportOutcome   *outcome,
                                                   gint64            *event_id,
                                                   GError           **error);
gboolean          qw_region_import_results_file   (QwDocument        *doc,
                                                   const char        *path,
                                                   QwImportOutcome   *outcome,
                                                   gint64            *event_id,
                                                   QwResults        **results,
                                                   GError           **error);
gboolean          qw_region_import_stops          (QwDocument        *doc,
                                                   GPtrArray         *stops,
                                                   int               *added,
                                                   int               *replaced,
                                                   GError           **error);
gboolean          qw_region_delete_stop           (QwDocument        *doc,
                                                   gint64             event_id,
                                                   GError           **error);
/* Typed-in stops and deletions, as the region page makes them (one step each) */
gboolean          qw_region_save_stop             (QwDocument        *doc,
                                                   const QwStopSummary *stop,
                                                   const QwEvent     *original,
                                                   GError           **error);

/* Deleted stops, as needed to put them back: an imported stop's results as
 * received, a typed-in stop's fields. */
typedef struct
{
  GPtrArray *results;        /* QwResults */
  GPtrArray *manual;         /* QwStopSummary */
} QwStopsBackup;

QwStopsBackup    *qw_region_backup_stops          (QwDocument        *doc,
                                                   GPtrArray         *events,
                                                   GError           **error);
void              qw_stops_backup_free            (QwStopsBackup     *backup);
gboolean          qw_region_delete_stops          (QwDocument        *doc,
                                                   GPtrArray         *events,
                                                   GError           **error);
gboolean          qw_region_restore_stops         (QwDocument        *doc,
                                                   const QwStopsBackup *backup,
                                                   GError           **error);

QwResults        *qw_region_imported_results      (QwDocument        *doc,
                                                   gint64             event_id,
                                                   GError           **error);
GPtrArray        *qw_region_list_received_standings   (QwDocument    *doc,
                                                       gint64         section_id,
                                                       GError       **error);

/* Summary and quota */
QwRegionSummary  *qw_region_read_summary          (QwDocument        *doc,
                                                   const QwRuleset   *ruleset,
                                                   GError           **error);
void              qw_region_summary_free          (QwRegionSummary   *summary);
GPtrArray        *qw_region_summary_quota_stops   (const QwRegionSummary *summary);
const QwRegionStop *qw_region_summary_final       (const QwRegionSummary *summary);

/* Checks (warnings: the GUI shows them, nothing is forbidden) */
char             *qw_check_chief_arbiter          (const QwRuleset   *ruleset,
                                                   const QwEvent     *event);
GPtrArray        *qw_region_check_final_dates     (const QwRuleset   *ruleset,
                                                   const QwEvent     *final,
                                                   const QwRegionSummary *summary);
char             *qw_region_check_rules_published (const QwRuleset   *ruleset,
                                                   QwDate             published);

typedef struct
{
  QwEntry  *entry;           /* the final's entry */
  gboolean  played;          /* the ID number appears in an imported preliminary */
  char     *stops;           /* the preliminaries it appears in, joined by 、 */
  char     *message;         /* NULL when played */
} QwFinalEntryCheck;

GPtrArray        *qw_region_check_final_entries          (QwDocument *doc,
                                                          GPtrArray  *entries,
                                                          int        *n_unchecked_stops,
                                                          GError    **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (QwRegionSummary, qw_region_summary_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (QwStopsBackup, qw_stops_backup_free)

G_END_DECLS
