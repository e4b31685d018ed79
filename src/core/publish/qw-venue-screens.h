/* qw-venue-screens.h: the hall's screens (issue 20, point 4)
 *
 * Pages made for a television or a projector at 1920×1080, read from 5 m:
 * the current round's pairings and the standings of a group in large type,
 * QW_SCREEN_ROWS lines a page, the event's name, the round and its clock.
 * No scrolling and nothing to touch: each page goes on to the next after
 * QW_SCREEN_SECONDS (a few inline lines, allowed by the pages' one CSP,
 * qw-site-pages.h), which also brings the latest results. /screen cycles
 * through every group's pairings and standings.
 *
 * Every text from the document is escaped; no outside resource.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "qw-site.h"

G_BEGIN_DECLS

#define QW_SCREEN_ROWS 15
#define QW_SCREEN_SECONDS 10

typedef enum
{
  QW_SCREEN_PAIRINGS,
  QW_SCREEN_STANDINGS,
} QwScreenKind;

/* The clock of a group's current round, as the arbiter set it (NULL: none). */
typedef char *(*QwScreenClockFunc) (const char *group,
                                    int         round,
                                    char      **end,
                                    gpointer    data);

/* /screen/GROUP/pairings?page=N, /screen/GROUP/standings?page=N; NULL
 * when the group does not exist (404). @page from 1; past the last, the
 * first. */
char *qw_venue_screen_render  (const QwSite      *site,
                               const char        *group,
                               QwScreenKind       kind,
                               int                page,
                               QwScreenClockFunc  clock,
                               gpointer           data);
/* /screen?at=K: the K-th page of the cycle through every group. */
char *qw_venue_screen_cycle   (const QwSite      *site,
                               int                at,
                               QwScreenClockFunc  clock,
                               gpointer           data);

G_END_DECLS
