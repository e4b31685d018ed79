/* qw-final.h: the 2022 final's rankings, teams and prize list
 *
 * A final document (a ruleset with <final>, qw-ruleset-championship.h)
 * plays each field of the final as a group: the individual field, the
 * junior field, the pair events. From their standings this module makes:
 *
 *   rankings  per prize table (十四(一)): the field's overall ranking
 *             (男子个人: any sex), the women's ranking of the same field
 *             (女子个人), the junior field ranked for the boys and for the
 *             girls (or two junior groups), each pair event;
 *   teams     per team rule (十一(五)5): the province of the resident ID
 *             number's first digits (players without one are in no province
 *             team) or the entering unit; the sum of the counted places
 *             (men's team: best 3 places of the men in the overall ranking;
 *             women's team: best 2 places in the women's ranking; junior
 *             team: best 3 boys and 2 girls), short teams after the complete
 *             ones, and the places awarded under 十四(一)2 (fewer than 3
 *             teams: the champion; 3 teams: the top two);
 *   prizes    the prize list (十四(二)): every award with place, name, team
 *             or unit and amount in yuan before tax, the totals per table
 *             and overall, and each player's accumulated prizes where a
 *             table is cumulative with another (a woman's overall and
 *             women's prizes, 女子获混合名次奖金可以累积).
 *
 * Places follow the standings: excluded entries and late entries not yet
 * admitted have no place; a withdrawn player keeps the place the standings
 * give. A place the standings share (every criterion equal) is shared; the
 * players sharing it share the prizes of the places they cover in equal
 * parts (the ruleset's <prizes shared="split">), or each receives the
 * place's own (shared="each"). Teams alike.
 *
 * Everything is read from the document and nothing is written. The GUI's
 * prize page and the CLI's teams and prizes commands call
 * qw_final_results_compute(); the printout (print kind "prizes") and the
 * exports (qw_final_prizes_write()) take its result.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "qw-document.h"
#include "qw-entry.h"
#include "qw-event.h"
#include "qw-ruleset.h"
#include "qw-types.h"

G_BEGIN_DECLS

typedef struct
{
  int        place;        /* in this ranking, from 1 */
  int        field_place;  /* in the field's standings */
  gint64     entry_id;
  int        no;           /* 序号 */
  char      *name;         /* a pair: "甲 / 乙" */
  char      *unit;
  char      *province;     /* of the resident ID number ("浙江"); "" when none */
  QwSex      sex;          /* the ID number's when valid, else as entered; a pair's shared one */
} QwFinalPlace;

typedef struct
{
  char       *code;        /* the prize table's event: "individual", "women", "junior-boys", … */
  char       *name;        /* "男子个人" */
  char       *field;       /* the group the places come from */
  QwSex       sex;         /* UNKNOWN: everyone of the field; else that sex only */
  gboolean    played;      /* the field has a result */
  gboolean    finished;    /* every round of the field is paired and entered */
  GPtrArray  *places;      /* QwFinalPlace, by place */
} QwFinalRanking;

typedef struct
{
  gint64  entry_id;
  int     no;
  char   *name;
  QwSex   sex;
  int     place;           /* the place that counts (overall, or in the ranking of the sex) */
} QwFinalTeamMember;

typedef struct
{
  int         rank;        /* 0: not ranked (a short team, when the ruleset ranks none) */
  char       *team;        /* the province ("浙江") or the unit */
  int         sum;         /* of the counted places */
  gboolean    complete;    /* as many men and women as the rule counts */
  gboolean    awarded;     /* within the places awarded */
  GPtrArray  *members;     /* QwFinalTeamMember: the counted members, best place first */
} QwFinalTeam;

typedef struct
{
  char       *event;       /* the team rule's event: "team-men", "team-women", "team-junior" */
  char       *code;        /* the CLI's: "men", "women", "junior" (the event without "team-") */
  char       *name;        /* "男子团体" */
  int         places;      /* awarded: the prize table's places, limited by 十四(一)2 */
  GPtrArray  *teams;       /* QwFinalTeam, ranked; unranked short teams last */
} QwFinalTeamRanking;

typedef struct
{
  char   *event;           /* the prize table's event */
  char   *event_name;      /* "男子个人" */
  int     place;
  gint64  entry_id;        /* 0 for a team */
  int     no;              /* 0 for a team */
  char   *name;            /* a player, a pair ("甲 / 乙") or a team ("浙江") */
  char   *team;            /* the unit (a player's province when the unit is empty), or the team */
  int     amount;          /* yuan, before tax */
} QwPrizeAward;

typedef struct
{
  char   *event;
  char   *name;
  int     awards;          /* prizes given */
  gint64  amount;          /* their sum in yuan */
} QwPrizeTotal;

/* One player's prizes of tables that are cumulative with each other. */
typedef struct
{
  gint64      entry_id;
  int         no;
  char       *name;
  char       *team;
  GPtrArray  *awards;      /* QwPrizeAward (borrowed from QwFinalResults.awards) */
  gint64      amount;
} QwPrizeAccumulated;

typedef struct
{
  gboolean    before_tax;
  GPtrArray  *rankings;    /* QwFinalRanking, one per player or pair prize table, in the ruleset's order */
  GPtrArray  *teams;       /* QwFinalTeamRanking, one per team rule */
  GPtrArray  *awards;      /* QwPrizeAward, by table (the ruleset's order), then place */
  GPtrArray  *totals;      /* QwPrizeTotal, one per prize table */
  GPtrArray  *accumulated; /* QwPrizeAccumulated: players with prizes of more than one table */
  gint64      total;       /* every award, in yuan */
  GPtrArray  *notes;       /* (char *) translated: fields not finished, pair events short of pairs */
} QwFinalResults;

/* The data of one field, as qw_final_results_from_fields() takes it. */
typedef struct
{
  const char *code;        /* the group */
  GPtrArray  *entries;     /* (element-type QwEntry) the group's entries */
  GPtrArray  *standings;   /* (element-type QwStandingRow) ranked; NULL: no result yet */
  gboolean    finished;
} QwFinalField;

/**
 * qw_final_results_compute:
 *
 * The rankings, teams and prize list of a final document's main event.
 *
 * Returns: (transfer full): the results, or %NULL with @error (QW_ERROR_INVALID
 *   when the event's ruleset has no final)
 */
QwFinalResults           *qw_final_results_compute      (QwDocument            *doc,
                                                         GError               **error);
/* The same from fields already read (@fields: element-type QwFinalField);
 * a field the ruleset names and @fields lacks has no result. */
QwFinalResults           *qw_final_results_from_fields  (const QwRuleset       *ruleset,
                                                         const QwEvent         *event,
                                                         GPtrArray             *fields,
                                                         GError               **error);
void                      qw_final_results_free         (QwFinalResults        *results);

const QwFinalRanking     *qw_final_results_ranking      (const QwFinalResults  *results,
                                                         const char            *code);
/* @event: the team rule's ("team-men"), not the CLI's code */
const QwFinalTeamRanking *qw_final_results_team_ranking (const QwFinalResults  *results,
                                                         const char            *event);
/* The awards of one prize table (element-type QwPrizeAward, borrowed), by place. */
GPtrArray                *qw_final_results_awards_of    (const QwFinalResults  *results,
                                                         const char            *event);

/* The team of a player: the province of a resident ID number (by its first
 * @digits digits, "浙江"), NULL without one. */
char                     *qw_final_province_of          (const QwEntry         *entry,
                                                         int                    digits);

/* The prize list as a spreadsheet: one sheet (or CSV block) per table with
 * 名次, 序号, 姓名, 代表队/单位 and 奖金（元，税前）, the accumulated prizes,
 * and the totals per table and overall. @path ends in .xlsx or .csv (UTF-8
 * with a BOM, for Chinese Excel). */
gboolean                  qw_final_prizes_write         (const QwFinalResults  *results,
                                                         const QwEvent         *event,
                                                         const char            *path,
                                                         GError               **error);
char                     *qw_final_prizes_to_csv        (const QwFinalResults  *results,
                                                         const QwEvent         *event);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (QwFinalResults, qw_final_results_free)

G_END_DECLS
