/* qw-region-private.h: what the files of a region document's stops share
 * (region/ only)
 *
 *   qw-stop-import.c     a stop's results file or a stops CSV imported
 *   qw-stop-read.c       an imported stop read back
 *   qw-region-settings.c the region's own settings
 *   qw-region.c          stops typed in, deleted and put back
 *   qw-region-summary.c  the stops summed up for the quota, and the checks
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "qw-region.h"

G_BEGIN_DECLS

/* The id a results file names its stop by, kept in meta. */
#define UID_KEY_PREFIX "stop-uid:"

/* qw-stop-import.c */

gint64   _qw_region_find_by_uid      (QwDocument *doc,
                                      const char *uid);
gboolean _qw_region_delete_uid_keys  (QwDocument *doc,
                                      gint64      event_id,
                                      GError    **error);
QwEvent *_qw_region_event_from_stop  (const QwStopSummary *stop,
                                      const char          *ruleset_id,
                                      const char          *region);
gint64   _qw_region_find_manual_stop (QwDocument          *doc,
                                      const QwStopSummary *stop);

G_END_DECLS
