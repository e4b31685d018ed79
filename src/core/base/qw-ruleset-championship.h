/* qw-ruleset-championship.h: a ruleset's online ladder, final events, team
 * rankings and prize tables (the 2022 championship, seed 000)
 *
 * Loaded with the ruleset (qw-ruleset.h) from its <ladder>, <final>, <teams>
 * and <prizes> elements; QwRuleset.ladder and QwRuleset.final are NULL when
 * the file has none (the 2021 scheme). Plain data, read-only once loaded.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "qw-date.h"
#include "qw-event.h"
#include "qw-ruleset.h"
#include "qw-types.h"

G_BEGIN_DECLS

/* The ladder (网络海选赛 and 网络入围赛) */

typedef struct
{
  int    number;                  /* from 1 */
  QwDate selection_from;          /* 海选赛, inclusive */
  QwDate selection_to;
  QwDate qualifying_from;         /* 入围赛, inclusive */
  QwDate qualifying_to;
} QwLadderPeriodRule;

typedef struct
{
  char *code;                     /* "hangzhou" */
  char *name;                     /* "杭州区县市比赛" */
  char *text;                     /* "2019-2022年杭州13个区县市比赛前三名选手" */
} QwWildcardReason;

struct _QwLadderRules
{
  double      scores[QW_N_SCORES]; /* colour-independent here: red-win = black-win, … */
  gboolean    left_is_loss;       /* a game left counts in the leaver's losses too */
  gboolean    count_outside_dates; /* FALSE: a game outside its stage's dates counts for nothing */
  int         first_move_seconds; /* 60: a game timed out on the first move is void */
  double      selection_threshold; /* 7: points that enter the period's qualifying stage */
  int         qualifying_places;  /* 23 per period */
  gboolean    ties_by_wins;       /* equal points: more wins first */
  gboolean    tied_last_all;      /* players still tied at the last place all go through */
  int         qualifying_min_games; /* games that put a player in the standings */
  int         first_day_from;     /* minutes after midnight the qualifying's first day starts; 0 */
  gboolean    rank_unselected;    /* FALSE: a player below the threshold is not ranked */
  int         certificate_games;  /* 10 counted games for a grade certificate */
  int         online_places;      /* 184 */
  int         places;             /* 240: online qualifiers and wild cards together */
  QwDate      public_from;        /* 名单公示 */
  QwDate      public_to;
  QwDate      wildcard_deadline;
  GPtrArray  *periods;            /* QwLadderPeriodRule, numbered 1..n in order */
  GPtrArray  *wildcard_reasons;   /* QwWildcardReason */
};

/* The final */

typedef enum
{
  QW_FINAL_EVENT_INDIVIDUAL,
  QW_FINAL_EVENT_TEAM,
  QW_FINAL_EVENT_PAIR,
  QW_FINAL_EVENT_JUNIOR,
} QwFinalEventKind;

typedef struct
{
  char             *code;         /* "individual", "women", "team-men", "doubles-m", "junior" */
  char             *name;         /* "男子个人" */
  char             *field;        /* the group played in, NULL for a team event */
  QwFinalEventKind  kind;
} QwFinalEvent;

typedef enum
{
  QW_PAIR_MEN,                    /* two men */
  QW_PAIR_WOMEN,                  /* two women */
  QW_PAIR_MIXED,                  /* one of each */
  QW_PAIR_RELATIVES,              /* direct relatives, either sex */
} QwPairMakeUp;

typedef struct
{
  char *code;                     /* "parent" */
  char *name;                     /* "父母与子女" */
  GStrv words;                    /* words of a declared relationship that name it: 父, 母, … */
} QwPairRelation;

/* A pair event (双人): the 2022 final's <final><pairs>, or a season's
 * top-level <pairs> (the 2021 家庭双人组). Entries of its group are pairs
 * (QwEntry.members); registration/qw-entry-check.c reports what breaks it. */
typedef struct
{
  char         *field;            /* "doubles-m" */
  QwPairMakeUp  make_up;
  int           min_pairs;        /* the event opens with this many pairs; 0: no bound */
  int           max_pairs;        /* 0: no bound */
  int           min_online;       /* members who must have played online (an account given) */
  int           min_age;          /* -1: no bound; ages in 周岁 on the event's first day, inclusive */
  int           max_age;
  int           adult_age;        /* -1: no rule; else one member is at least this old … */
  int           child_max_age;    /* … and the other at most this old (-1: no rule) */
  QwDate        entries_from;
  QwDate        entries_to;
  GPtrArray    *relations;        /* QwPairRelation; empty unless RELATIVES */
} QwPairRule;

typedef enum
{
  QW_TEAM_BASIS_PROVINCE,         /* the first digits of the resident ID number */
  QW_TEAM_BASIS_UNIT,             /* the entering unit (报名单位) */
} QwTeamBasis;

typedef struct
{
  char        *event;             /* "team-men" */
  QwTeamBasis  by;
  char        *field;             /* the field whose places count */
  gboolean     by_sex;            /* places in the men's / women's ranking, else the overall one */
  int          men;               /* best places of men (boys) that count */
  int          women;
} QwTeamRule;

typedef struct
{
  int max_teams;                  /* with this many teams or fewer … */
  int places;                     /* … at most this many places are awarded */
} QwTeamLimit;

typedef struct
{
  int from;
  int to;                         /* inclusive */
  int amount;                     /* yuan */
} QwPrize;

typedef enum
{
  QW_PRIZE_PER_PLAYER,
  QW_PRIZE_PER_PAIR,
  QW_PRIZE_PER_TEAM,
} QwPrizeUnit;

typedef struct
{
  char        *event;             /* "individual", "women", "junior-boys", "team-men", … */
  char        *of;                /* the final event (五) it belongs to */
  char        *name;              /* "男子个人" */
  int          places;            /* places awarded (十四(一)) */
  QwPrizeUnit  per;
  QwSex        sex;               /* UNKNOWN: any; else the ranking of that sex */
  char        *cumulative_with;   /* another table whose prize one player may also receive */
  GArray      *prizes;            /* QwPrize, from place 1 up to places, without gaps */
} QwPrizeTable;

struct _QwFinalRules
{
  char       *city;
  QwDate      first_day;          /* ages are counted on this day */
  QwDate      last_day;
  GPtrArray  *events;             /* QwFinalEvent, in the order of 五 */
  char       *individual_field;   /* "individual" */
  gboolean    women_same_field;   /* the women's ranking is of the individual field */
  char       *women_field;        /* else the field the women play in (women-field) */
  gboolean    women_both;         /* a woman may receive an overall and a women's prize */
  GPtrArray  *pairs;              /* QwPairRule: the final's (the ruleset's pair_rules) */
  char       *junior_field;       /* NULL without a junior event; with two groups the boys' */
  char       *junior_girls_field; /* two groups: the girls' field; else the junior field */
  QwDate      junior_born_from;
  gboolean    junior_certificate_required;
  char       *junior_certificate_issuer;
  gboolean    junior_two_groups;  /* FALSE: one field ranked for boys and for girls */
  gboolean    junior_unit_stamp;
  QwDate      junior_entries_from;
  QwDate      junior_entries_to;

  /* <teams> */
  int         province_digits;    /* 2 */
  gboolean    short_teams_ranked; /* a team short of members is ranked after the complete ones */
  gboolean    team_tie_best_member; /* equal sums: the better best place first, else shared */
  GPtrArray  *teams;              /* QwTeamRule */
  GPtrArray  *team_limits;        /* QwTeamLimit, by max_teams */

  /* <prizes> */
  gboolean    before_tax;
  gboolean    shared_split;       /* players (teams) sharing a place share the prizes of the places
                                   * they cover, in equal parts; else each has the place's own */
  GPtrArray  *prize_tables;       /* QwPrizeTable */
};

const QwLadderPeriodRule *qw_ladder_rules_period        (const QwLadderRules *rules,
                                                         int                  number);
int                       qw_ladder_rules_n_periods     (const QwLadderRules *rules);
const QwWildcardReason   *qw_ladder_rules_match_reason  (const QwLadderRules *rules,
                                                         const char          *text);

/* The pair event played in the group @field, from <final> or the top level. */
const QwPairRule         *qw_ruleset_pair_rule          (const QwRuleset     *ruleset,
                                                         const char          *field);
/* The relation a declared relationship names ("父子", "外婆", "parent",
 * "父母与子女"): by code or name, else the first relation of the rule whose
 * words the text contains. */
const QwPairRelation     *qw_pair_rule_match_relation   (const QwPairRule    *rule,
                                                         const char          *text);
/* Whether @field is the junior field (or, with two groups, one of them), or
 * the junior event's group. */
gboolean                  qw_final_rules_is_junior_field (const QwFinalRules *rules,
                                                          const char         *field);

const QwFinalEvent       *qw_final_rules_event          (const QwFinalRules  *rules,
                                                         const char          *code);
const QwPairRule         *qw_final_rules_pair           (const QwFinalRules  *rules,
                                                         const char          *field);
const QwTeamRule         *qw_final_rules_team           (const QwFinalRules  *rules,
                                                         const char          *event);
int                       qw_final_rules_team_places    (const QwFinalRules  *rules,
                                                         const char          *event,
                                                         int                  n_teams);
const QwPrizeTable       *qw_final_rules_prize_table    (const QwFinalRules  *rules,
                                                         const char          *event);
int                       qw_prize_table_amount         (const QwPrizeTable  *table,
                                                         int                  place);
gint64                    qw_prize_table_total          (const QwPrizeTable  *table);
gboolean                  qw_pair_rule_age_ok           (const QwPairRule    *rule,
                                                         int                  age);

/* What a season's rules offer, for the faces to show or hide (the GUI's
 * pages, groups and printouts follow the document's ruleset through this,
 * not through its id). */
typedef enum
{
  QW_RULESET_REGIONS = 0,         /* regions with stops and places by quota tiers (2021) */
  QW_RULESET_LADDER,              /* the online ladder (2022) */
  QW_RULESET_FINAL,               /* a final with rankings, teams and a prize list (2022) */
} QwRulesetPart;

gboolean                  qw_ruleset_offers             (const QwRuleset     *ruleset,
                                                         QwRulesetPart        part);
/* A new event of @ruleset: a ruleset with a final makes the final (its
 * level, and its first and last days unless @keep_dates and both are set),
 * as `qiwang-cli new` does. */
void                      qw_ruleset_event_defaults     (const QwRuleset     *ruleset,
                                                         QwEvent             *event,
                                                         gboolean             keep_dates);

G_END_DECLS
