/* qw-ruleset.h: a season's rules, loaded from data/rulesets/<id>.xml
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "qw-date.h"
#include "qw-types.h"

G_BEGIN_DECLS

typedef enum
{
  QW_GROUP_FORMAL,   /* 正式竞赛项目: ranked, counts for the team result */
  QW_GROUP_DISPLAY,  /* 表演项目: 家庭双人组, 行业组 */
  QW_GROUP_LOCAL,    /* added by a stop: 新人组, 幼儿组, … */
} QwGroupKind;

typedef struct
{
  char        *code;        /* "open-m" */
  char        *name;        /* "公开组男子" */
  char        *short_name;  /* "公开男" */
  char        *category;    /* "open" */
  GStrv        aliases;
  QwGroupKind  kind;
  QwSex        sex;         /* UNKNOWN: either */
  QwDate       born_from;   /* unset: no lower bound */
  QwDate       born_to;     /* unset: no upper bound */
} QwGroupRule;

typedef struct
{
  char *code;               /* "open" */
  char *name;               /* "公开组" */
} QwCategory;

typedef enum
{
  QW_SCORE_RED_WIN,
  QW_SCORE_RED_DRAW,
  QW_SCORE_RED_LOSS,
  QW_SCORE_BLACK_WIN,
  QW_SCORE_BLACK_DRAW,
  QW_SCORE_BLACK_LOSS,
  QW_SCORE_BYE,
  QW_SCORE_FORFEIT_WIN,
  QW_SCORE_FORFEIT_LOSS,
  QW_SCORE_LEFT,            /* the player who left a game under way (逃跑); default forfeit-loss */
  QW_SCORE_LEFT_OPPONENT,   /* … and the opponent; default forfeit-win */
  QW_N_SCORES
} QwScoreKind;

/* The 2022 championship's rules (qw-ruleset-championship.h): NULL in a
 * ruleset without them. */
typedef struct _QwLadderRules QwLadderRules;
typedef struct _QwFinalRules  QwFinalRules;

typedef struct
{
  char *group;              /* "open-m", "senior", "display" */
  char *label;
  int   min;
  int   max;
} QwQuotaLine;

typedef struct
{
  char      *id;            /* "A" */
  int        valid_stops;
  int        participants;
  gboolean   needs_final;
  int        leader;
  GPtrArray *lines;         /* QwQuotaLine */
} QwQuotaTier;

typedef enum
{
  QW_BONUS_PER_HOST,
  QW_BONUS_PER_PREFECTURE,
  QW_BONUS_PER_COUNTY_CITY,
} QwBonusScope;

typedef struct
{
  char         *reason;     /* "chess-hometown" */
  char         *label;      /* "承办预选赛的全国象棋之乡" */
  char         *honour;     /* "象棋之乡", for per-host rules */
  char         *host_level; /* "county", for the four-stop rules */
  char         *groups;     /* "any" or "junior-or-child" */
  QwBonusScope  scope;
  int           min_stops;
  int           places;
} QwBonusRule;

typedef struct
{
  char *level;              /* "preliminary", "provincial-final" */
  char *min_grade;          /* "一级" */
} QwArbiterRule;

typedef struct _QwRuleset QwRuleset;

struct _QwRuleset
{
  char       *id;
  char       *name;
  char       *source;
  char       *path;
  int         season;

  GPtrArray  *groups;           /* QwGroupRule, formal groups first as in the file */
  GPtrArray  *categories;       /* QwCategory */
  GStrv       barred_titles;
  int         escort_age;
  gboolean    document_required;      /* an entry without a document is missing-document */
  GStrv       accepted_documents;     /* document kinds: "resident" (第二代居民身份证 or 户口本), "other" */
  GStrv       pairing_blocks;         /* problem codes that keep an entry out of pairing until the
                                       * arbiter acts (play/qw-pair-gate.h) */
  double      scores[QW_N_SCORES];

  int         recommend_min_rounds;
  int         recommend_min_minutes;
  gboolean    recommend_increment;

  char       *swiss_first_round;      /* "lanyao" */
  char       *swiss_tiebreaks;        /* preset id */
  char       *round_robin_tiebreaks;  /* preset id */
  char       *unit_avoid;             /* "off", "first-round", "always" */
  int         forfeit_limit;
  gboolean    forfeit_counts_as_met;
  int         max_same_colour_run;
  int         max_colour_difference;

  int         valid_stop_min_players;
  int         final_deadline_month;
  int         final_deadline_day;
  gboolean    final_after_preliminaries;
  int         rules_deadline_month;   /* a region publishes its rules by then (0: no rule) */
  int         rules_deadline_day;
  GStrv       arbiter_grades;         /* highest first */
  GPtrArray  *arbiter_rules;          /* QwArbiterRule */

  gboolean    participants_include_final;
  gboolean    bonus_valid_stops_only;
  GPtrArray  *tiers;                  /* QwQuotaTier, best first */
  char       *otherwise;
  char       *decided_lines;          /* a tier's id: the places the association decides when
                                       * no tier is reached fill its lines in order (NULL: none) */
  GPtrArray  *bonuses;                /* QwBonusRule */
  int         team_best;

  char       *name_prefix;            /* "2021年第六届全国象棋业余棋王赛" */
  char       *region_suffix;          /* "赛区" */
  char       *preliminary_suffix;     /* "预选赛" */
  GStrv       final_forms;            /* accepted endings of a provincial final's name */
  GStrv       admin_suffixes;         /* 市, 县, 镇, … longest first */

  gboolean    duplicates_per_group;   /* <eligibility duplicate-id="group">: one person may enter
                                       * several groups (events) of the event, once each; else
                                       * once in the whole event */
  GPtrArray  *pair_rules;             /* QwPairRule (qw-ruleset-championship.h): the pair events,
                                       * of <final> and of the top level; may be empty */

  QwLadderRules *ladder;              /* <ladder>: the online periods, or NULL */
  QwFinalRules  *final;               /* <final>, <teams>, <prizes>, or NULL */
};

QwRuleset         *qw_ruleset_load_file        (const char  *path,
                                                GError     **error);
QwRuleset         *qw_ruleset_load_memory      (const char  *data,
                                                gsize        length,
                                                const char  *display_name,
                                                const char  *path,
                                                GError     **error);
QwRuleset         *qw_ruleset_lookup           (const char  *id,
                                                GError     **error);
char             **qw_ruleset_list_ids         (void);
gboolean           qw_ruleset_id_is_valid      (const char  *id);
QwRuleset         *qw_ruleset_ref              (QwRuleset   *self);
void               qw_ruleset_unref            (QwRuleset   *self);

const QwGroupRule *qw_ruleset_find_group       (const QwRuleset *self,
                                                const char      *code);
const QwGroupRule *qw_ruleset_match_group_name (const QwRuleset *self,
                                                const char      *text,
                                                QwSex            sex);
const QwGroupRule *qw_ruleset_group_for        (const QwRuleset *self,
                                                QwDate           birth,
                                                QwSex            sex);
gboolean           qw_ruleset_is_barred_title  (const QwRuleset *self,
                                                const char      *grade);
/* @kind: "resident" or "other" */
gboolean           qw_ruleset_accepts_document (const QwRuleset *self,
                                                const char      *kind);
/* Whether the problem @code keeps an entry out of pairing. */
gboolean           qw_ruleset_blocks_pairing   (const QwRuleset *self,
                                                const char      *code);
int                qw_ruleset_arbiter_grade_rank (const QwRuleset *self,
                                                  const char      *grade);
const char        *qw_ruleset_min_arbiter_grade (const QwRuleset *self,
                                                 const char      *level);
char              *qw_ruleset_group_label      (const QwRuleset *self,
                                                const char      *code);
QwDate             qw_ruleset_final_deadline   (const QwRuleset *self,
                                                QwDate           day);
QwDate             qw_ruleset_rules_deadline   (const QwRuleset *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (QwRuleset, qw_ruleset_unref)

G_END_DECLS
