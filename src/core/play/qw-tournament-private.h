/* qw-tournament-private.h: what the files of the play service share (play/ only)
 *
 * The arbiter's actions on a section (qw-tournament.h) are split by job:
 *
 *   qw-section.c         the section of a group: found, made, stored, its
 *                        settings, its draw and starting ranks
 *   qw-pairing.c         pairing the next round, unpairing the last
 *   qw-results.c         recording and clearing results
 *   qw-roster.c          who plays: withdrawals and absences (请假)
 *   qw-round-changes.c   the arbiter's swaps and re-paired boards
 *   qw-typed-round.c     a round typed in
 *
 * Each reads what it needs through the state below (qw-play-state.c) and
 * checks rounds with qw-round-check.c; neither of those calls the files
 * above, and none of those calls another but through qw-tournament.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "qw-tournament.h"

G_BEGIN_DECLS

/* What an action needs from the document. */
typedef struct
{
  QwDocument      *doc;
  const QwSection *section;
  QwRuleset       *ruleset;
  GPtrArray       *entries;    /* QwEntry, by 序号 */
  GPtrArray       *games;      /* QwGame, by round and board */
  GHashTable      *withdrawn;  /* entry id → first round not paired */
  GPtrArray       *absences;   /* QwAbsence: rounds a player is not paired in (请假, missed rounds) */
  GHashTable      *index;      /* entry id → index in entries + 1, when the ids are sparse */
  int             *dense;      /* else: entry id - dense_base → index in entries + 1 */
  gint64           dense_base;
  gint64           dense_len;
  int              last_round;
  double           scores[QW_N_SCORES];  /* the section's points (qw_section_scores()) */
} QwPlayState;

/* A player's past, before the round being paired or checked. */
typedef struct
{
  double       score;
  double       score_before_last;
  int          reds;
  int          blacks;
  signed char  last[2];        /* colours of the last two games played, most recent first */
  signed char  run_colour;     /* colour of the current run of games played */
  int          run_length;
  gboolean     had_bye;
  int          float_last;
  GArray      *opponents;      /* int: entry indices met */
  int          forfeit_run;
  gboolean     forfeit_out;    /* reached the section's consecutive-forfeit limit */
} QwPlayHistory;

/* qw-play-state.c */

void             _qw_play_state_clear          (QwPlayState *s);
gboolean         _qw_play_state_load           (QwPlayState     *s,
                                                QwDocument      *doc,
                                                const QwSection *section,
                                                GError         **error);
int              _qw_play_state_find           (QwPlayState *s,
                                                gint64       entry_id);
QwEntry         *_qw_play_state_entry          (QwPlayState *s,
                                                gint64       entry_id);
int              _qw_play_withdrawn_before     (QwPlayState *s,
                                                gint64       entry_id);
const QwAbsence *_qw_play_absence_in           (QwPlayState *s,
                                                gint64       entry_id,
                                                int          round);
char            *_qw_play_entry_label          (const QwEntry *e);
char           *_qw_play_entry_message        (const QwEntry   *e);
char            *_qw_play_player_label         (QwPlayState *s,
                                                gint64       entry_id);
char            *_qw_play_player_message       (QwPlayState *s,
                                                gint64       entry_id);
void             _qw_play_histories_free       (QwPlayHistory *h,
                                                guint          n);
QwPlayHistory   *_qw_play_histories_compute    (QwPlayState *s,
                                                int          round);
gboolean         _qw_play_excluded             (QwPlayState   *s,
                                                QwPlayHistory *hist,
                                                int            index,
                                                int            round);
char            *_qw_play_exclusion_reason     (QwPlayState   *s,
                                                QwPlayHistory *hist,
                                                int            index,
                                                int            round);
gboolean         _qw_play_seeded_by_lot        (QwPlayState   *s,
                                                const QwEntry *e);
GArray          *_qw_play_draw_order           (QwPlayState *s);
GArray          *_qw_play_starting_order       (QwPlayState   *s,
                                                QwPlayHistory *hist,
                                                gboolean       draw);
guint64          _qw_play_new_lottery_seed     (void);
void             _qw_play_fix_draw             (QwPlayState   *s,
                                                QwSection     *section,
                                                QwPlayHistory *hist);
QwGame          *_qw_play_new_game             (const QwSection *section,
                                                int              round,
                                                gint64           red,
                                                gint64           black,
                                                char            *explain);
gboolean         _qw_play_unit_avoid_applies   (const QwSection *section,
                                                int              round);
int              _qw_play_draw_size            (QwPlayState *s);
gboolean         _qw_play_store_section        (QwDocument *doc,
                                                QwSection  *section,
                                                GError    **error);
gboolean         _qw_play_round_complete       (GPtrArray *games,
                                                int        last_round,
                                                GError   **error);
gboolean         _qw_play_check_round_complete (QwPlayState *s,
                                                GError     **error);
void             _qw_play_number_boards        (GPtrArray *games);

/* qw-round-check.c */

/* (element-type utf8): stored messages (qw-message.h), one per broken
 * rule: a log stores them, a face is given them rendered
 * (_qw_play_messages_render()). */
GPtrArray       *_qw_play_check_loaded_round   (QwPlayState *s,
                                                int          round);
GPtrArray       *_qw_play_messages_render      (GPtrArray   *messages);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (QwPlayState, _qw_play_state_clear)

G_END_DECLS
