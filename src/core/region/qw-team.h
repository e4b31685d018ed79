/* qw-team.h: team results at the national final (竞赛方案 五(三))
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "qw-results-file.h"
#include "qw-ruleset.h"

G_BEGIN_DECLS

typedef struct
{
  char *team;              /* the delegation: a region, or a unit */
  char *name;
  char *group_code;
  int   place;             /* place in the player's group */
} QwTeamMember;

typedef struct
{
  int        rank;         /* shared only when every place ties */
  char      *team;
  int        total;        /* sum of the counted places */
  int        counted;      /* players counted: the team's best, at most the ruleset's number */
  int        members;      /* placed players in formal groups */
  GArray    *places;       /* int: the counted places, best first */
  GPtrArray *names;        /* (char *) the counted players, in the same order */
} QwTeamResult;

typedef enum
{
  QW_TEAM_BY_UNIT = 0,     /* 单位, e.g. the region's delegation */
  QW_TEAM_BY_PROVINCE,     /* the province of the ID number (first two digits) */
} QwTeamBy;

QwTeamMember *qw_team_member_new        (const char      *team,
                                         const char      *name,
                                         const char      *group_code,
                                         int              place);
void          qw_team_member_free       (QwTeamMember    *member);

GPtrArray    *qw_team_results           (GPtrArray       *members,
                                         int              best);
GPtrArray    *qw_team_members_from_results (const QwRuleset *ruleset,
                                            const QwResults *results,
                                            QwTeamBy         by);

G_END_DECLS
