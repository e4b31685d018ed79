/* qw-play.h: playing a stop: sections (groups as played), games, results
 *
 * This header is the contract between the play engines, the document, the
 * region export and the printers. Implemented in qw-play.c and
 * qw-document-play.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "qw-document.h"
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
  QW_PLAYOFF_BLACK,           /* … to black (in an armageddon a drawn play-off is a black win) */
} QwPlayoff;

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
  char      *explain;             /* why the engine made this pair (explain view) */
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
const char  *qw_result_to_code      (QwResult    result);     /* "2:0", …, "bye", "" */
gboolean     qw_result_from_code    (const char *code,
                                     QwResult   *out);
/* Points of the red and black player for a result, from the ruleset's six
 * values plus bye and forfeit values. */
void         qw_result_points       (const QwRuleset *ruleset,
                                     QwResult         result,
                                     double          *red,
                                     double          *black);

/* Whether the game was played over the board (not a bye, not a forfeit). */
gboolean     qw_result_is_played    (QwResult    result);
/* Whether the red (or black) player forfeited the game (弃权). */
gboolean     qw_result_forfeited_by (QwResult    result,
                                     gboolean    red);

/* Section settings as key=value lines (section.settings). Keys: seeding,
 * lottery_seed, first_round, unit_avoid, forfeit_limit, forfeit_counts_as_met,
 * tiebreaks, double_round_robin, armageddon, draw. */
void         qw_section_settings_init     (QwSectionSettings       *settings,
                                           const QwRuleset         *ruleset,
                                           QwSystem                 system);
void         qw_section_settings_clear    (QwSectionSettings       *settings);
void         qw_section_settings_copy     (QwSectionSettings       *dest,
                                           const QwSectionSettings *src);
char        *qw_section_settings_to_text  (const QwSectionSettings *settings);
/* Reads stored lines over the defaults already in @settings; a line that
 * cannot be read keeps the default (and is logged). */
void         qw_section_settings_parse    (QwSectionSettings       *settings,
                                           const char              *text);
/* Sets one key from text as typed by a user: a bad key or value is an error
 * (QW_ERROR_INVALID) naming what is accepted, and changes nothing. */
gboolean     qw_section_settings_set      (QwSectionSettings       *settings,
                                           const char              *key,
                                           const char              *value,
                                           GError                 **error);
const char * const *qw_section_settings_keys (void);
/* Rank of a grade text for seeding: 1 for 特级大师 … larger is weaker, 0 unknown. */
int          qw_grade_rank          (const char *grade);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (QwSection, qw_section_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (QwGame, qw_game_free)

/* In the document (qw-document-play.c). Each call that writes is one transaction. */
GPtrArray   *qw_document_list_sections   (QwDocument  *doc,
                                          gint64       event_id,
                                          GError     **error);
QwSection   *qw_document_get_section     (QwDocument  *doc,
                                          gint64       event_id,
                                          const char  *code,
                                          GError     **error);
/* Creates the section for a group code if it does not exist, with the ruleset's defaults. */
QwSection   *qw_document_ensure_section  (QwDocument  *doc,
                                          gint64       event_id,
                                          const char  *code,
                                          GError     **error);
gboolean     qw_document_update_section  (QwDocument  *doc,
                                          const QwSection *section,
                                          GError     **error);
GPtrArray   *qw_document_list_games      (QwDocument  *doc,
                                          gint64       section_id,
                                          GError     **error);
/* Entries placed in a section (entry.group_code == section code), by 序号. */
GPtrArray   *qw_document_list_section_entries (QwDocument *doc,
                                               const QwSection *section,
                                               GError    **error);

/* Lower-level writes used by qw-tournament.c, which checks the rules and
 * wraps each user action in one transaction. These do not check the rules. */
gboolean     qw_document_add_games       (QwDocument  *doc,
                                          GPtrArray   *games,
                                          GError     **error);
QwGame      *qw_document_get_game        (QwDocument  *doc,
                                          gint64       section_id,
                                          int          round,
                                          int          board,
                                          GError     **error);
gboolean     qw_document_update_game     (QwDocument  *doc,
                                          const QwGame *game,
                                          GError     **error);
gboolean     qw_document_delete_round    (QwDocument  *doc,
                                          gint64       section_id,
                                          int          round,
                                          GError     **error);
/* The last round that has games, 0 before round 1. */
int          qw_document_last_round      (QwDocument  *doc,
                                          gint64       section_id);
/* @before_round: the first round the entry is no longer paired in; 0 makes
 * it active again. */
gboolean     qw_document_set_withdrawn   (QwDocument  *doc,
                                          gint64       entry_id,
                                          int          before_round,
                                          GError     **error);
/* entry id (gint64 *) → GINT_TO_POINTER (first round not paired), for the
 * section's withdrawn entries. */
GHashTable  *qw_document_list_withdrawals (QwDocument *doc,
                                           const QwSection *section,
                                           GError    **error);

typedef struct
{
  int   round;
  char *at;                       /* ISO date and time, UTC */
  char *message;
} QwRoundLogLine;

void         qw_round_log_line_free      (QwRoundLogLine *line);
gboolean     qw_document_log_round       (QwDocument  *doc,
                                          gint64       section_id,
                                          int          round,
                                          const char  *message,
                                          GError     **error);
/* (element-type QwRoundLogLine), oldest first */
GPtrArray   *qw_document_list_round_log  (QwDocument  *doc,
                                          gint64       section_id,
                                          GError     **error);

G_END_DECLS
