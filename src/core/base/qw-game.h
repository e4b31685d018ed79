/* qw-game.h: sections (groups as played), games and result codes, as the
 * document stores them
 *
 * Plain data shared by the store, the play engines, the region and the
 * printers; the rules of play are in play/.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "qw-ruleset.h"

G_BEGIN_DECLS

typedef enum
{
  QW_SYSTEM_SWISS = 0,        /* 积分编排制 */
  QW_SYSTEM_ROUND_ROBIN,      /* 循环制 */
  QW_SYSTEM_KNOCKOUT,         /* 淘汰制 */
} QwSystem;

typedef enum
{
  QW_RESULT_NONE = 0,         /* ""    not played yet */
  QW_RESULT_RED_WIN,          /* "2:0" */
  QW_RESULT_DRAW,             /* "1:1" */
  QW_RESULT_BLACK_WIN,        /* "0:2" */
  QW_RESULT_RED_BY_FORFEIT,   /* "+:-" black forfeited (弃权) */
  QW_RESULT_BLACK_BY_FORFEIT, /* "-:+" red forfeited */
  QW_RESULT_DOUBLE_FORFEIT,   /* "-:-" both forfeited, or an agreed draw without play */
  QW_RESULT_BYE,              /* "bye" the red player had no opponent */
} QwResult;

typedef enum
{
  QW_PLAYOFF_NONE = 0,        /* knockout: the game decided the tie, or not a knockout */
  QW_PLAYOFF_RED,             /* a drawn tie went to red in the play-off */
  QW_PLAYOFF_BLACK,           /* … to black, who won the play-off */
  QW_PLAYOFF_DRAW,            /* the armageddon play-off was drawn: black goes through (armageddon only) */
} QwPlayoff;

/* A round a player of the section is not paired in, and why. Stored per
 * section, entry and round; the standings show the round as such, with
 * @points (a 请假 scores 0). */
typedef enum
{
  QW_ABSENCE_LEAVE = 0,       /* 请假: excused for this one round; 0 points, not a forfeit, not a withdrawal */
  QW_ABSENCE_LATE,            /* a late entry's round missed before it joined, with the points the
                               * arbiter chose when admitting it (play/qw-pair-gate.h): the one
                               * record of those rounds */
} QwAbsenceKind;

typedef struct
{
  gint64         entry_id;
  int            round;       /* from 1 */
  QwAbsenceKind  kind;
  double         points;      /* credited for the round: 0 for a 请假 */
} QwAbsence;

/* Settings of a section; defaults come from the ruleset's <play>. Stored as
 * key=value lines in section.settings. */
typedef struct
{
  char     *seeding;             /* "rating", "grade", "order" (typed order) or "lottery" */
  guint64   lottery_seed;        /* stored and printed so the draw can be audited */
  char     *first_round;         /* "lanyao" (拦腰, default), "shouwei" (首尾), "linjin" (临近), "random" */
  char     *unit_avoid;          /* "off", "first-round", "always" (同单位回避) */
  int       forfeit_limit;       /* consecutive forfeits that end pairing; 0 = never */
  gboolean  forfeit_counts_as_met; /* a forfeited game counts as met for the no-rematch rule */
  char     *tiebreaks;           /* comma-separated chain of QwTiebreak codes, see qw-standings.h */
  gboolean  double_round_robin;  /* round robin: two games per pairing, colours swapped */
  char     *draw;                /* entry ids in drawing order (seeding or lottery), fixed
                                  * when round 1 is paired; Berger numbers and bracket seeds */
  gboolean  armageddon;          /* knockout: play-offs are armageddon games (a draw is a black win) */
  gboolean  third_place;         /* knockout: the final round has a third-place game (三四名决赛)
                                  * between the semi-final losers; without, they share place 3 */
  char     *scores;              /* the group's own points, as "W=1,D=0.5,L=0,A=0,P=1" (a win, a
                                  * draw, a loss, a forfeit lost, a bye: FIDE's 162 record, as a
                                  * tournament imported from a TRF keeps them); "" for the
                                  * ruleset's */
} QwSectionSettings;

typedef struct
{
  gint64             id;
  gint64             event_id;
  char              *code;        /* "open-m", or a local group's code */
  char              *name;        /* "公开组男子" */
  QwSystem           system;
  int                rounds;      /* planned rounds (Swiss); round robin and knockout derive theirs */
  QwSectionSettings  settings;
} QwSection;

typedef struct
{
  gint64     id;
  gint64     section_id;
  int        round;               /* from 1 */
  int        board;               /* from 1; the bye is on the last board */
  gint64     red;                 /* entry id */
  gint64     black;               /* entry id, 0 for a bye */
  QwResult   result;
  int        red_fouls;           /* 犯规 in this game */
  int        black_fouls;
  QwPlayoff  playoff;
  gboolean   armageddon;
  gboolean   manual;              /* changed by the arbiter after pairing */
  char      *explain;             /* why the engine made this pair (explain view), in
                                   * the reader's language when read from a document */
  char      *explain_stored;      /* read from a document: the same as stored (messages,
                                   * qw-message.h), which a change of the game adds to
                                   * and writes back (issue 19 point 22); else NULL */
} QwGame;

#define QW_TYPE_SECTION (qw_section_get_type ())
#define QW_TYPE_GAME (qw_game_get_type ())

GType        qw_section_get_type    (void) G_GNUC_CONST;
QwSection   *qw_section_new         (void);
QwSection   *qw_section_copy        (const QwSection *section);
void         qw_section_free        (QwSection       *section);
GType        qw_game_get_type       (void) G_GNUC_CONST;
QwGame      *qw_game_new            (void);
QwGame      *qw_game_copy           (const QwGame    *game);
void         qw_game_free           (QwGame          *game);

const char  *qw_system_to_code      (QwSystem    system);     /* "swiss", "round-robin", "knockout" */
gboolean     qw_system_from_code    (const char *code,
                                     QwSystem   *out);
const char  *qw_playoff_to_code     (QwPlayoff   playoff);    /* "red", "black", "draw", "" */
gboolean     qw_playoff_from_code   (const char *code,
                                     QwPlayoff  *out);
const char  *qw_absence_kind_to_code (QwAbsenceKind kind);    /* "leave", "late" */
gboolean     qw_absence_kind_from_code (const char    *code,
                                        QwAbsenceKind *out);
const char  *qw_result_to_code      (QwResult    result);     /* "2:0", …, "bye", "" */
gboolean     qw_result_from_code    (const char *code,
                                     QwResult   *out);
/* What one side got from a game, whatever the result is written as: a
 * document's results (QwResult) and the online ladder's (region/qw-ladder.h)
 * both score through it. */
typedef enum
{
  QW_OUTCOME_NONE = 0,        /* no game (the empty side of a bye), not played, void */
  QW_OUTCOME_WIN,
  QW_OUTCOME_DRAW,
  QW_OUTCOME_LOSS,
  QW_OUTCOME_BYE,
  QW_OUTCOME_FORFEIT_WIN,     /* the opponent forfeited (弃权) */
  QW_OUTCOME_FORFEIT_LOSS,
  QW_OUTCOME_LEFT,            /* this side left the game under way (逃跑) */
  QW_OUTCOME_OPPONENT_LEFT,
} QwOutcome;

/* The points of @outcome for the red (or black) side in a scoring table
 * (QwRuleset.scores, or the ladder's). */
double       qw_scoring_points      (const double     scores[QW_N_SCORES],
                                     QwOutcome        outcome,
                                     gboolean         red);
/* The outcome of @result for the red (or black) side. */
QwOutcome    qw_result_outcome      (QwResult         result,
                                     gboolean         red);
/* Points of the red and black player for a result, from the ruleset's six
 * values plus bye and forfeit values. */
void         qw_result_points       (const QwRuleset *ruleset,
                                     QwResult         result,
                                     double          *red,
                                     double          *black);

/* The same for a result in @section: its own points (settings.scores) when
 * it has them, else the ruleset's. */
void         qw_section_result_points (const QwRuleset *ruleset,
                                       const QwSection *section,
                                       QwResult         result,
                                       double          *red,
                                       double          *black);
/* The scoring table @section plays by (its own, else the ruleset's). */
void         qw_section_scores      (const QwRuleset *ruleset,
                                     const QwSection *section,
                                     double           scores[QW_N_SCORES]);
/* Reads "W=1,D=0.5,L=0,A=0,P=1" (any of the five; W, D and L are needed)
 * into a scoring table: W for wins of either colour, forfeit wins and the
 * opponent's leaving, D for draws, L for losses, A for forfeits lost and
 * leaving (default L), P for a bye (default W). */
gboolean     qw_scores_parse        (const char      *text,
                                     double           scores[QW_N_SCORES],
                                     GError         **error);

/* Whether the game was played over the board (not a bye, not a forfeit). */
gboolean     qw_result_is_played    (QwResult    result);
/* Whether the red (or black) player forfeited the game (弃权). */
gboolean     qw_result_forfeited_by (QwResult    result,
                                     gboolean    red);

/* Section settings as key=value lines (section.settings). Keys: seeding,
 * lottery_seed, first_round, unit_avoid, forfeit_limit, forfeit_counts_as_met,
 * tiebreaks, double_round_robin, armageddon, draw, scores and third_place (the last two
 * written only when set). */
/* The rulebook's defaults with an empty tie-break chain (the system's preset). */
void         qw_section_settings_init_stored (QwSectionSettings    *settings);
void         qw_section_settings_clear    (QwSectionSettings       *settings);
void         qw_section_settings_copy     (QwSectionSettings       *dest,
                                           const QwSectionSettings *src);
char        *qw_section_settings_to_text  (const QwSectionSettings *settings);
/* Reads stored lines over the defaults already in @settings; a line that
 * cannot be read keeps the default (and is logged). The tie-break chain is
 * taken as stored: play/qw-tiebreak.h reads it, and skips a code it does not
 * know (one written by a newer version). */
void         qw_section_settings_parse    (QwSectionSettings       *settings,
                                           const char              *text);
/* Sets one stored key; enumerations and numbers are checked, the tie-break
 * chain is not (qw_section_settings_set in play/ checks what users type). */
gboolean     qw_section_settings_set_stored (QwSectionSettings     *settings,
                                             const char            *key,
                                             const char            *value,
                                             GError               **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (QwSection, qw_section_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (QwGame, qw_game_free)

G_END_DECLS
