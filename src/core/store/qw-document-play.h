/* qw-document-play.h: sections, games and the round log in a document
 *
 * The SQL side of playing a stop: these calls do not check the rules of
 * play; play/qw-tournament.c does, and wraps each user action in one
 * transaction around them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "qw-document.h"
#include "qw-entry.h"
#include "qw-game.h"

G_BEGIN_DECLS

GPtrArray   *qw_document_list_sections   (QwDocument  *doc,
                                          gint64       event_id,
                                          GError     **error);
QwSection   *qw_document_get_section     (QwDocument  *doc,
                                          gint64       event_id,
                                          const char  *code,
                                          GError     **error);
gboolean     qw_document_add_section     (QwDocument  *doc,
                                          QwSection   *section,
                                          GError     **error);
/* Whether any entry of the event is placed in the group @code. */
gboolean     qw_document_group_has_entries (QwDocument *doc,
                                            gint64      event_id,
                                            const char *code);
gboolean     qw_document_update_section  (QwDocument  *doc,
                                          const QwSection *section,
                                          GError     **error);
GPtrArray   *qw_document_list_games      (QwDocument  *doc,
                                          gint64       section_id,
                                          GError     **error);
/* One round's games, by board. */
GPtrArray   *qw_document_list_round_games (QwDocument *doc,
                                           gint64      section_id,
                                           int         round,
                                           GError    **error);
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
/* Stores only the result, fouls and play-off of @game (by its id). */
gboolean     qw_document_set_game_result (QwDocument  *doc,
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
/* Sets an entry's status (qw-entry.h) and the first round it is not paired
 * in (withdrawn, excluded; 0 for the others). */
gboolean     qw_document_set_entry_status (QwDocument   *doc,
                                           gint64        entry_id,
                                           QwEntryStatus status,
                                           int           before_round,
                                           GError      **error);
/* entry id (gint64 *) → GINT_TO_POINTER (first round not paired), for the
 * section's withdrawn and excluded entries. */
GHashTable  *qw_document_list_withdrawals (QwDocument *doc,
                                           const QwSection *section,
                                           GError    **error);
/* entry id (gint64 *) → GINT_TO_POINTER (TRUE if active), for the entries
 * placed in the section. */
GHashTable  *qw_document_list_section_entry_ids (QwDocument *doc,
                                                 const QwSection *section,
                                                 GError    **error);

/* Absences (QwAbsence, qw-game.h): rounds a player is not paired in. */
GPtrArray   *qw_document_list_absences    (QwDocument *doc,
                                           gint64      section_id,
                                           GError    **error);
gboolean     qw_document_set_absence      (QwDocument      *doc,
                                           gint64           section_id,
                                           const QwAbsence *absence,
                                           GError         **error);
gboolean     qw_document_delete_absence   (QwDocument *doc,
                                           gint64      section_id,
                                           gint64      entry_id,
                                           int         round,
                                           GError    **error);
/* Removes every absence of @kind the entry has, in any section (an entry
 * that moves to another group leaves its missed rounds behind). */
gboolean     qw_document_delete_entry_absences (QwDocument    *doc,
                                                gint64         entry_id,
                                                QwAbsenceKind  kind,
                                                GError       **error);

typedef struct
{
  int   round;
  char *at;                       /* ISO date and time, UTC */
  char *message;
} QwRoundLogLine;

gboolean     qw_document_log_round       (QwDocument  *doc,
                                          gint64       section_id,
                                          int          round,
                                          const char  *message,
                                          GError     **error);
/* (element-type QwRoundLogLine), oldest first */
GPtrArray   *qw_document_list_round_log  (QwDocument  *doc,
                                          gint64       section_id,
                                          GError     **error);

/* The game log: every change of a pairing or a result, written by the store
 * when a step, an undo or a redo commits (qw-history.c). */
typedef enum
{
  QW_GAME_LOG_PAIRED = 0,         /* games of a round added (board 0) */
  QW_GAME_LOG_UNPAIRED,           /* … removed (board 0) */
  QW_GAME_LOG_RESULT,             /* a board's result, fouls or play-off */
  QW_GAME_LOG_PLAYERS,            /* who plays on a board */
} QwGameLogKind;

typedef struct
{
  char          *at;              /* ISO date and time, UTC */
  int            round;
  int            board;           /* 0: the whole round */
  QwGameLogKind  kind;
  char          *old_value;       /* as it read then: "1:1" ("" no result), "3 张三 – 17 李四", "40 boards" */
  char          *new_value;
  char          *cause;           /* the step: "Result of round 3, board 5", "Undo: …" */
} QwGameLogLine;

/* "Round 3, board 5: result 1:1 → 2:0 (Undo: Result of round 3, board 5)" */
char        *qw_game_log_line_describe   (const QwGameLogLine *line);
/* (element-type QwGameLogLine), oldest first */
GPtrArray   *qw_document_list_game_log   (QwDocument  *doc,
                                          gint64       section_id,
                                          GError     **error);
/* The arbiter's log of a section: the round log and the game log by time,
 * the game log's lines described (element-type QwRoundLogLine). */
GPtrArray   *qw_document_list_arbiter_log (QwDocument *doc,
                                           gint64      section_id,
                                           GError    **error);

G_END_DECLS
