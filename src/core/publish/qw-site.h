/* qw-site.h: what the public pages show, read from a document
 *
 * A QwSite is a snapshot of a stop as the public may see it: the event, and
 * for each group its players (序号, name, unit, grade, status: never an ID
 * number, a phone number or a birth date, which are not even copied), its
 * games by round and board, its standings with the tie-break columns, and
 * the time of its last result. It is read in one read transaction, never
 * changes afterwards and is shared by reference, so that one thread can
 * render from it while another loads the next one.
 *
 * The pages (qw-site-pages.h), the static export (qw-site-export.h), the
 * WeChat image (qw-share.h) and the venue server (qw-publish-server.h) all
 * draw from it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "qw-document.h"
#include "qw-event.h"
#include "qw-game.h"
#include "qw-standings.h"
#include "qw-tiebreak.h"

G_BEGIN_DECLS

typedef struct
{
  int            no;          /* 序号 */
  char          *name;
  char          *unit;
  char          *grade;
  QwSex          sex;
  QwEntryStatus  status;
  gboolean       withdrawn;
} QwSitePlayer;

typedef struct
{
  int        round;
  int        board;
  int        red;             /* 序号 */
  int        black;           /* 序号, 0 for a bye */
  QwResult   result;
  QwPlayoff  playoff;
  gboolean   armageddon;
  int        red_fouls;
  int        black_fouls;
} QwSiteGame;

typedef struct
{
  char       *code;           /* "open-m" */
  char       *name;           /* "公开组男子" */
  QwSystem    system;
  int         total_rounds;   /* planned (a round robin's and a knockout's from their draw) */
  int         last_round;     /* the latest paired round, 0 before round 1 */
  gboolean    has_results;
  GArray     *chain;          /* QwTiebreak: the group's tie-break columns, in order */
  GPtrArray  *players;        /* QwSitePlayer, by 序号 */
  GPtrArray  *games;          /* QwSiteGame, by round then board */
  GPtrArray  *standings;      /* QwStandingRow, ranked (every player, also before round 1) */
  char       *last_result_at; /* ISO date and time (UTC) of the last result entered; NULL: none */
} QwSiteGroup;

typedef struct _QwSite QwSite;

QwSite            *qw_site_load              (QwDocument        *doc,
                                              GError           **error);
QwSite            *qw_site_ref               (QwSite            *site);
void               qw_site_unref             (QwSite            *site);

const QwEvent     *qw_site_get_event         (const QwSite      *site);
GPtrArray         *qw_site_get_groups        (const QwSite      *site);
const QwSiteGroup *qw_site_find_group        (const QwSite      *site,
                                              const char        *code);
/* By code ("open-m") or by name ("公开组男子"). */
const QwSiteGroup *qw_site_resolve_group     (const QwSite      *site,
                                              const char        *wanted);
/* The latest result entered in any group (ISO, UTC), or NULL. */
const char        *qw_site_last_result_at    (const QwSite      *site);

const QwSitePlayer *qw_site_group_find_player (const QwSiteGroup *group,
                                               int                no);
const QwStandingRow *qw_site_group_find_row  (const QwSiteGroup *group,
                                              int                no);
/* The player's points before @round (the running total after round - 1). */
double             qw_site_group_points_before (const QwSiteGroup *group,
                                                int                no,
                                                int                round);
gboolean           qw_site_group_has_round   (const QwSiteGroup *group,
                                              int                round);

/* "2021-07-04T02:31:05" (UTC) → "7月4日 10:31" in local time; "" when unset. */
char              *qw_site_format_time       (const char        *iso_utc);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (QwSite, qw_site_unref)

G_END_DECLS
