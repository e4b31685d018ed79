/* qw-print-model.h: the plain model every renderer reads
 *
 * A printout outlives the request that made it (the print dialog lays it out
 * again when the paper changes), so it keeps its own copy of what it prints:
 * the request's contract structs (QwEntry, QwGame, QwStandingRow, …) copied
 * into the plain structs below, players by 序号, games with players as
 * indices, standings rows. Private to src/core/print/.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "qw-event.h"
#include "qw-game.h"
#include "qw-print.h"
#include "qw-ruleset.h"
#include "qw-tiebreak.h"

G_BEGIN_DECLS

typedef struct
{
  gint64    id;
  int       no;             /* 序号 */
  char     *name;
  char     *unit;
  QwSex     sex;
  char     *grade;
  char     *birth;          /* YYYY-MM-DD or "": only the private grade application prints it */
  int       rating;         /* 等级分, 0: none */
  gboolean  withdrawn;
  gboolean  excluded;       /* 不具备参赛资格 */
  gboolean  late;           /* a late entry not admitted yet: not a participant */
  gboolean  blocked;        /* a blocking problem keeps the player out of pairing until answered */
} QwPPlayer;

typedef struct
{
  int        round;
  int        board;
  int        red;           /* index into the group's players, -1 unknown */
  int        black;         /* -1 for a bye */
  QwResult   result;
  QwPlayoff  playoff;
  gboolean   armageddon;
} QwPGame;

typedef struct
{
  int       round;
  int       opponent_no;    /* 0: bye or not paired */
  char      colour;         /* 'R', 'B' or 0 */
  QwResult  result;
  double    points;
  QwPlayoff playoff;        /* knockout: how a drawn game was decided */
  gboolean  armageddon;
  gboolean  absent;         /* a round the player was absent from (请假, or before a late entry) */
  QwAbsenceKind absence;
} QwPCell;

typedef struct
{
  int            player;    /* index into the group's players */
  int            round;
  QwAbsenceKind  kind;
  double         points;    /* credited for the round (a late entry's missed round) */
} QwPAbsence;

typedef struct
{
  int       seed;           /* place in the starting-rank list, from 1 */
  int       player;         /* index into the group's players */
  gboolean  by_lot;
} QwPSeed;

typedef struct
{
  int       rank;
  int       player;         /* index into the group's players */
  double    points;
  double    tiebreaks[QW_N_TIEBREAKS];
  GArray   *cells;          /* QwPCell */
  gboolean  withdrawn;
} QwPStanding;

typedef struct
{
  char       *code;
  char       *name;         /* 公开组男子 */
  char       *category;     /* the ruleset's category code: "child", "junior", … or "" */
  QwSystem    system;
  int         rounds;       /* planned */
  gboolean    double_round_robin;
  GArray     *tiebreaks;    /* QwTiebreak, the chain */
  GPtrArray  *players;      /* QwPPlayer, by 序号 */
  GArray     *games;        /* QwPGame, by round then board */
  GPtrArray  *standings;    /* QwPStanding, ranked; empty when none was given */
  GArray     *draw;         /* int player indices in drawing order (knockout seeds); may be empty */
  GArray     *absences;     /* QwPAbsence, by round */
  gboolean    has_seeding;  /* the request gave the starting-rank list: */
  GArray     *seeds;        /* QwPSeed, in seed order */
  char       *seeding_method;  /* "rating", "grade", "order", "lottery" */
  guint64     lottery_seed;    /* 0: not drawn yet */
  gboolean    seeding_fixed;   /* round 1 is paired */
  gboolean    seeding_drawn;   /* the order is final */
  GHashTable *by_id;        /* entry id → player index + 1 */
  double      scores[QW_N_SCORES];  /* the group's points (qw_section_scores()) */
  gboolean    provisional;  /* QwPrintGroup's: not finished, certificates marked 成绩未确定 */
} QwPGroup;

typedef struct
{
  QwEvent    *event;
  QwRuleset  *ruleset;
  char       *header;       /* the official name, for page headers */
  GPtrArray  *groups;       /* QwPGroup */
  int         round;
  int         max_place;
  QwListOrder list_order;   /* the booklet's player lists */
  char       *site_url;     /* the request's, or NULL */
  GHashTable *codes;        /* the request's certificate codes, or NULL */
} QwPModel;

QwPModel   *_qw_pmodel_new             (const QwPrintRequest *request);
void        _qw_pmodel_free            (QwPModel             *model);
int         _qw_pgroup_last_round      (const QwPGroup       *group);
const QwPPlayer *_qw_pgroup_player     (const QwPGroup       *group,
                                        int                   index);
void        _qw_pgame_points           (const QwPModel       *model,
                                        const QwPGroup       *group,
                                        const QwPGame        *game,
                                        double               *red,
                                        double               *black);
double      _qw_pgroup_points_before   (const QwPModel       *model,
                                        const QwPGroup       *group,
                                        int                   player,
                                        int                   round);
char       *_qw_format_points          (double                points);
char       *_qw_event_subtitle         (const QwEvent        *event);
/* The public page @path ("group/open-m/standings", the paths of
 * publish/qw-site-pages.h) under the request's site address, or NULL. */
char       *_qw_pmodel_page_url        (const QwPModel       *model,
                                        const char           *path);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (QwPModel, _qw_pmodel_free)

G_END_DECLS
