/* qw-quota.h: a region's national-final places (竞赛方案 七(五)), from the ruleset
 *
 * Pure computation: a list of stop summaries in, the tier, the places per
 * group, the extra places and what is missing for the next tier out. Every
 * number comes from the ruleset's <quota>; every place carries its reason.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "qw-event.h"
#include "qw-ruleset.h"

G_BEGIN_DECLS

/* One stop of a region as the quota sees it: a preliminary or the
 * provincial final, with its participant count. */
typedef struct
{
  char        *name;
  QwLevel      level;         /* PRELIMINARY or PROVINCIAL_FINAL */
  QwHostLevel  host_level;    /* 市级, 县级, 乡级 (the host's administrative level) */
  char        *host;          /* 承办单位 */
  char        *prefecture;    /* 地级市 whose area the stop is in */
  char        *county_city;   /* 县级市 whose area the stop is in; empty for a county or district */
  char        *honours;       /* the ruleset's honour texts, separated by 、 */
  int          participants;
} QwStopSummary;

QwStopSummary *qw_stop_summary_new   (void);
void           qw_stop_summary_free  (QwStopSummary *stop);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (QwStopSummary, qw_stop_summary_free)

typedef struct
{
  char *group;                /* "open-m", "senior", "display" (the ruleset's line group) */
  char *label;                /* "公开组男子" */
  int   min;
  int   max;
  char *reason;               /* translated sentence */
} QwQuotaPlace;

typedef struct
{
  char  *reason;              /* "chess-hometown", … (the ruleset's bonus reason code) */
  char  *label;               /* the ruleset's label, "承办预选赛的全国象棋之乡" */
  char  *host;                /* the host unit, prefecture or county-level city that earns it */
  int    places;
  char  *groups;              /* "any" or "junior-or-child" */
  GStrv  stops;               /* the stops that earned it */
  char  *explanation;         /* translated sentence */
} QwQuotaBonus;

QwQuotaBonus *qw_quota_bonus_copy (const QwQuotaBonus *bonus);
void          qw_quota_bonus_free (QwQuotaBonus       *bonus);

typedef struct
{
  int         stops;          /* preliminaries listed */
  int         valid_stops;    /* preliminaries with at least the ruleset's minimum players */
  int         participants;   /* preliminaries (and the final, per the ruleset) */
  gboolean    final;          /* the provincial final is among the stops */
  char       *tier;           /* "A", "B", or NULL: left to the association */
  char       *tier_reason;    /* why this tier (or why none) */
  char       *otherwise;      /* the ruleset's text when no tier is reached */
  GPtrArray  *places;         /* QwQuotaPlace; empty without a tier */
  int         leader;         /* team leader places */
  GPtrArray  *bonuses;        /* QwQuotaBonus */
  int         bonus_places;   /* sum of the bonuses */
  /* The next tier up, if any. */
  char       *next_tier;      /* NULL when the best tier is reached */
  int         stops_missing;
  int         participants_missing;
  gboolean    final_missing;
  char       *next_reason;    /* "5 more valid stops and 800 more participants for tier A" */
} QwQuota;

/* Below every tier: the places the association decided, as lines to nominate. */
void      qw_quota_apply_decided (QwQuota         *quota,
                                  const QwRuleset *ruleset,
                                  int              places);
QwQuota  *qw_quota_compute (const QwRuleset *ruleset,
                            GPtrArray       *stops);
void      qw_quota_free    (QwQuota         *quota);
int       qw_quota_total_places (const QwQuota *quota);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (QwQuota, qw_quota_free)

G_END_DECLS
