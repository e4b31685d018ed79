/* qw-ladder.h: the online ladder (网络海选赛, 网络入围赛) from the platform's game log
 *
 * The 2022 championship qualifies its finalists online (seed 000 §八, §十一):
 * in each of the ruleset's periods a selection stage (海选) whose players
 * with enough points enter the period's qualifying stage (入围), whose top
 * places go to the final. This module reads the platform's game log, the
 * players list and the wild cards (CSV or a workbook), and computes every
 * period's standings, the finalists, the players eligible for a grade
 * certificate and the warnings, all by the ruleset's <ladder>
 * (qw-ruleset-championship.h). No GTK, no document: the results are plain
 * structs, and every function may run in a worker thread.
 *
 * A GUI page reads a QwLadder: qw_ladder_get_period() for each period's two
 * tables, ->season for the season's leaderboard, ->finalists and
 * ->warnings; qw_ladder_public_list_csv() for 名单公示.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "qw-csv.h"
#include "qw-date.h"
#include "qw-entry.h"
#include "qw-entry-import.h"
#include "qw-ruleset.h"
#include "qw-ruleset-championship.h"

G_BEGIN_DECLS

typedef enum
{
  QW_LADDER_SELECTION = 0,        /* 海选 */
  QW_LADDER_QUALIFYING,           /* 入围 */
} QwLadderStage;

typedef enum
{
  QW_LADDER_RED_WIN = 0,          /* "2:0" */
  QW_LADDER_DRAW,                 /* "1:1" */
  QW_LADDER_BLACK_WIN,            /* "0:2" */
  QW_LADDER_RED_LEFT,             /* "红方逃跑": red left the game, black wins */
  QW_LADDER_BLACK_LEFT,           /* "黑方逃跑" */
  QW_LADDER_VOID,                 /* "无效": the first move timed out (十一(二)4) */
} QwLadderResult;

/* One game of the log. */
typedef struct
{
  int             row;            /* data row, from 1 (the header is row 0) */
  int             line;           /* the file's line, or the sheet's row */
  int             period;         /* from 1 */
  QwLadderStage   stage;
  QwDate          date;
  int             minute;         /* minutes after midnight; -1 when the log gives the day only */
  char           *red;            /* platform accounts */
  char           *black;
  QwLadderResult  result;
} QwLadderGame;

typedef struct
{
  GPtrArray *games;               /* QwLadderGame, in the log's order */
  char      *encoding;
  int        n_rows;              /* data rows, blank ones included */
} QwLadderLog;

/* A row of the players list: who an account is. */
typedef struct
{
  int        row;
  char      *account;
  char      *name;
  QwSex      sex;
  QwDocKind  doc_kind;
  char      *doc_number;          /* 身份证号 or the other document's number */
  char      *unit;                /* unit, or the place the player comes from */
  char      *grade;               /* 等级 or title, may be empty */
} QwLadderPlayer;

typedef struct
{
  GPtrArray  *players;            /* QwLadderPlayer, in the list's order */
  GHashTable *by_account;         /* account → QwLadderPlayer of @players */
  char       *encoding;
} QwLadderPlayers;

/* A wild card (外卡, 十一(五)1). */
typedef struct
{
  int   row;                      /* in its file; 0 when entered by hand */
  char *account;
  char *name;
  char *reason;                   /* as entered */
  char *reason_code;              /* the ruleset's reason it names ("hangzhou") */
  QwDate applied;                 /* 申请日期 (十三(四)1); unset when the file does not say */
  char *late_allowed;             /* 逾期准许: the arbiter's word letting an application after the
                                   * deadline stand (logged in the warnings); NULL or "": none */
} QwLadderWildcard;

/* Reading. A file with any bad row is refused whole (nothing half-read):
 * the function returns NULL, @error names the file and the first bad rows,
 * and @rejected (if given) receives every bad row as a QwRowError. A .xlsx
 * or .xls file is read as its first sheet; anything else as CSV. */
QwLadderLog      *qw_ladder_log_from_table       (const QwRuleset  *ruleset,
                                                  const QwCsv      *table,
                                                  const char       *display_name,
                                                  GPtrArray       **rejected,
                                                  GError          **error);
QwLadderLog      *qw_ladder_log_read_file        (const QwRuleset  *ruleset,
                                                  const char       *path,
                                                  GPtrArray       **rejected,
                                                  GError          **error);
void              qw_ladder_log_free             (QwLadderLog      *log);

QwLadderPlayers  *qw_ladder_players_from_table   (const QwCsv      *table,
                                                  const char       *display_name,
                                                  GPtrArray       **rejected,
                                                  GError          **error);
QwLadderPlayers  *qw_ladder_players_read_file    (const char       *path,
                                                  GPtrArray       **rejected,
                                                  GError          **error);
QwLadderPlayer   *qw_ladder_player_copy          (const QwLadderPlayer *player);
void              qw_ladder_player_free          (QwLadderPlayer   *player);
const QwLadderPlayer *qw_ladder_players_find     (const QwLadderPlayers *players,
                                                  const char       *account);
void              qw_ladder_players_free         (QwLadderPlayers  *players);

/* A wild card entered by hand: the reason must name one of the ruleset's. */
QwLadderWildcard *qw_ladder_wildcard_new         (const QwRuleset  *ruleset,
                                                  const char       *account,
                                                  const char       *name,
                                                  const char       *reason,
                                                  GError          **error);
void              qw_ladder_wildcard_free        (QwLadderWildcard *wildcard);
/* Returns: (element-type QwLadderWildcard): the file's wild cards */
GPtrArray        *qw_ladder_wildcards_from_table (const QwRuleset  *ruleset,
                                                  const QwCsv      *table,
                                                  const char       *display_name,
                                                  GPtrArray       **rejected,
                                                  GError          **error);
GPtrArray        *qw_ladder_wildcards_read_file  (const QwRuleset  *ruleset,
                                                  const char       *path,
                                                  GPtrArray       **rejected,
                                                  GError          **error);

const char       *qw_ladder_result_to_code       (QwLadderResult    result);  /* "2:0", …, "red-left", "void" */
const char       *qw_ladder_stage_to_code        (QwLadderStage     stage);   /* "selection", "qualifying" */

/* The computation */

/* A player's figures in one stage of one period, or over the season. A game
 * left is a loss too when the ruleset says so (left-is-loss), and a win for
 * the opponent; void games count for nothing, not even in @games. */
typedef struct
{
  char     *player;               /* the account */
  int       games;
  int       wins;
  int       draws;
  int       losses;
  int       left;                 /* games this player left (逃跑) */
  double    points;
  int       rank;                 /* competition rank on (points, wins): equal players share the better rank */
  gboolean  qualified;            /* selection: reached the threshold; qualifying: goes to the final;
                                   * season: eligible for a grade certificate */
} QwLadderRow;

typedef struct
{
  int                       number;
  const QwLadderPeriodRule *rule;
  GPtrArray                *selection;  /* QwLadderRow, by points, wins, account */
  GPtrArray                *qualifying; /* QwLadderRow, by rank, then account; only that period's
                                         * qualifying games count */
  int                       n_selected; /* players who reached the threshold */
  int                       n_qualified;
} QwLadderPeriod;

typedef enum
{
  QW_LADDER_VIA_ONLINE = 0,       /* a period's qualifying stage */
  QW_LADDER_VIA_WILDCARD,         /* 外卡 */
} QwLadderVia;

typedef struct
{
  char           *account;
  char           *name;           /* from the players list, else the wild-card file; may be empty */
  QwLadderVia     via;
  int             period;         /* ONLINE: the first period qualified in; else 0 */
  int             rank;           /* ONLINE: the rank there; else 0 */
  GArray         *periods;        /* int: every period the player qualified in */
  char           *reason;         /* WILDCARD: as entered */
  char           *reason_code;
  QwLadderPlayer *player;         /* a copy of the players list's row, or NULL */
} QwLadderFinalist;

typedef enum
{
  QW_LADDER_WARNING_OUTSIDE_DATES = 0, /* "outside-dates": games outside the period's stage dates */
  QW_LADDER_WARNING_NOT_SELECTED,      /* "not-selected": qualifying games without the selection's points */
  QW_LADDER_WARNING_QUALIFIED_TWICE,   /* "qualified-twice": qualified again in a later period (counts once) */
  QW_LADDER_WARNING_WILDCARD_FINALIST, /* "wildcard-finalist": a wild card for a player already a finalist */
  QW_LADDER_WARNING_NOT_LISTED,        /* "not-listed": a finalist missing from the players list */
  QW_LADDER_WARNING_TOO_STRONG,        /* "too-strong": a finalist holds a barred title (九2) */
  QW_LADDER_WARNING_TOO_MANY,          /* "too-many-finalists": more finalists than the final's places */
  QW_LADDER_WARNING_WILDCARD_LATE,     /* "wildcard-late": applied after the deadline (十三(四)1): refused */
  QW_LADDER_WARNING_WILDCARD_LATE_ALLOWED, /* "wildcard-late-allowed": … and let stand by the arbiter */
  /* A stored cancellation (九3, 十一(三)3) that no longer matches the ladder, e.g. after the
   * ladder's files were imported again: */
  QW_LADDER_WARNING_CANCELLED_NOT_FINALIST,    /* "cancelled-not-finalist": the account is no finalist
                                                * (any more); the cancellation applies to nobody */
  QW_LADDER_WARNING_CANCELLED_IDENTITY_CHANGED, /* "cancelled-identity-changed": the finalist of that
                                                * account is not the person cancelled (document or
                                                * name differ); the cancellation still applies */
} QwLadderWarningKind;

typedef struct
{
  QwLadderWarningKind  kind;
  int                  period;    /* 0: not of one period */
  char                *player;    /* the account; "" for the whole list */
  GArray              *rows;      /* int: the log's rows concerned, may be empty */
  char                *message;   /* for people, translated */
} QwLadderWarning;

/* A finalist's qualification cancelled (seed 000 §九3: 如被举报，经查实立即
 * 取消资格; §十一(三)3: 若发现作弊行为，一经查实取消成绩). */
typedef enum
{
  QW_LADDER_CANCEL_REPORTED = 0,  /* "reported": reported during 名单公示 and found true */
  QW_LADDER_CANCEL_CHEATING,      /* "cheating": cheating found */
} QwLadderCancelKind;

/* What the document keeps: the arbiter's decision. */
typedef struct
{
  char               *account;
  QwLadderCancelKind  kind;
  char               *reason;     /* never empty */
  char               *identity;   /* qw_person_identity_key() of the players list's document when
                                   * cancelled; NULL: none known (or stored before it was kept) */
  char               *name;       /* the name when cancelled; NULL: not known */
} QwLadderCancellation;

/* A cancellation applied to the computed ladder. */
typedef struct
{
  QwLadderFinalist   *finalist;   /* no longer in ->finalists */
  int                 number;     /* the 序号 it had among the finalists */
  QwLadderCancelKind  kind;
  char               *reason;
} QwLadderCancelled;

typedef struct
{
  QwRuleset  *ruleset;
  GPtrArray  *periods;            /* QwLadderPeriod, every period of the ruleset, 1 first */
  GPtrArray  *season;             /* QwLadderRow: every counted game of the season, by account;
                                   * qualified = eligible for a grade certificate */
  GPtrArray  *finalists;          /* QwLadderFinalist: the periods' qualifiers by period and rank,
                                   * then the wild cards in their order */
  GPtrArray  *certificate_eligible; /* char *: accounts with enough counted games, sorted */
  GPtrArray  *warnings;           /* QwLadderWarning, by period, kind and account */
  int         n_games;            /* the log's games */
  int         n_counted;          /* … counted: not void, not outside the dates (unless counted) */
  int         n_void;
  int         n_outside;
  int         n_online;           /* finalists from the periods */
  int         n_wildcards;        /* … from wild cards */
  GPtrArray  *cancelled;          /* QwLadderCancelled, in the order cancelled: out of ->finalists
                                   * (and out of n_online, n_wildcards); their places stay empty */
} QwLadder;

/**
 * qw_ladder_compute:
 * @ruleset: a ruleset with a <ladder>
 * @players: (nullable): the players list, for names and the checks of finalists
 * @wildcards: (nullable) (element-type QwLadderWildcard): the wild cards, in order
 */
QwLadder             *qw_ladder_compute          (QwRuleset             *ruleset,
                                                  const QwLadderLog     *log,
                                                  const QwLadderPlayers *players,
                                                  GPtrArray             *wildcards,
                                                  GError               **error);
void                  qw_ladder_free             (QwLadder              *ladder);
void                  qw_ladder_finalist_free    (gpointer               finalist);
GPtrArray            *qw_ladder_cancelled_array_new (void);  /* of QwLadderCancelled */
const QwLadderPeriod *qw_ladder_get_period       (const QwLadder        *ladder,
                                                  int                    number);
const QwLadderRow    *qw_ladder_season_row       (const QwLadder        *ladder,
                                                  const char            *account);
const char           *qw_ladder_warning_code     (QwLadderWarningKind    kind);

/* Takes the cancelled finalists out of ->finalists into ->cancelled; a
 * cancellation of an account that is not a finalist (any more) is skipped
 * with the warning cancelled-not-finalist, one whose finalist is another
 * person now (document or name) is applied with cancelled-identity-changed. */
void                  qw_ladder_apply_cancellations (QwLadder       *ladder,
                                                     GPtrArray      *cancellations);
QwLadderCancellation *qw_ladder_cancellation_new  (const char        *account,
                                                   QwLadderCancelKind kind,
                                                   const char        *reason);
/* The finalist's identity (qw_person_identity_key() of the players list's
 * document), NULL when the players list does not give one. */
char                 *qw_ladder_finalist_identity (const QwLadderFinalist *finalist);
/* Adds a warning of no period (@message taken). */
void                  qw_ladder_add_warning      (QwLadder              *ladder,
                                                  QwLadderWarningKind    kind,
                                                  const char            *player,
                                                  char                  *message);
void                  qw_ladder_cancellation_free (QwLadderCancellation *c);
const char           *qw_ladder_cancel_kind_to_code (QwLadderCancelKind kind);   /* "reported", "cheating" */
gboolean              qw_ladder_cancel_kind_from_code (const char      *code,
                                                       QwLadderCancelKind *kind);
const char           *qw_ladder_cancel_kind_to_chinese (QwLadderCancelKind kind);
/* "名额空缺": what becomes of a cancelled finalist's place (no one moves up). */
const char           *qw_ladder_cancelled_place_text (void);
/* Returns: (nullable): the finalist of that account, or of that 序号 ("3"). */
const QwLadderFinalist *qw_ladder_find_finalist   (const QwLadder       *ladder,
                                                   const char           *account_or_number);
const QwLadderCancelled *qw_ladder_find_cancelled (const QwLadder       *ladder,
                                                   const char           *account);

/* 名单公示: the finalists as CSV (UTF-8 with a BOM), documents masked, no
 * phone number, no birth date; an account that is a mobile number is masked
 * too. */
char                 *qw_ladder_public_list_csv  (const QwLadder        *ladder);
gboolean              qw_ladder_write_public_list (const QwLadder       *ladder,
                                                   const char           *path,
                                                   GError              **error);
/* "13812345678" → "138****5678"; any other account as it is. */
char                 *qw_ladder_mask_account     (const char            *account);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (QwLadderLog, qw_ladder_log_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (QwLadderPlayers, qw_ladder_players_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (QwLadderWildcard, qw_ladder_wildcard_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (QwLadder, qw_ladder_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (QwLadderCancellation, qw_ladder_cancellation_free)

/* How @finalist reached the final, for a table's cell ("第2期第5名",
 * "外卡：…"), the same on the ladder page and in `ladder-finalists`. */
char                 *qw_ladder_finalist_qualified_text (const QwLadderFinalist *finalist);

G_END_DECLS
