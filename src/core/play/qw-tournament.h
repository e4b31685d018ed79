/* qw-tournament.h: the arbiter's actions on a section of a document
 *
 * What the GUI and the CLI call: pair the next round (Swiss, round robin or
 * knockout), unpair the last one, record or undo a result, withdraw a
 * player, and change a pairing by hand. Each call that writes is one step
 * of the document's history, labelled for the undo toast ("Result of round
 * 3, board 5"), and leaves the document untouched when it fails. A section
 * that is not stored yet (id 0, from qw_tournament_lookup_section()) can be
 * given to pairing, withdrawals and qw_tournament_update_section(): it is
 * stored in the same step. A service never changes the section it is
 * given: those that change a section return it as stored. Reading never
 * writes.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "qw-document-entries.h"
#include "qw-document-play.h"
#include "qw-pair-gate.h"
#include "qw-play.h"
#include "qw-seeding.h"
#include "qw-event.h"
#include "qw-game.h"

G_BEGIN_DECLS

typedef struct
{
  QwResult   result;        /* 2:0 1:1 0:2 +:- -:+ -:- */
  int        red_fouls;     /* 犯规 */
  int        black_fouls;
  QwPlayoff  playoff;       /* knockout, drawn game: who won the play-off */
  gboolean   armageddon;    /* the play-off was an armageddon (a draw is a black win) */
} QwResultInput;

QwSection *qw_tournament_new_section   (QwDocument         *doc,
                                        const QwEvent      *event,
                                        const char         *code,
                                        GError            **error);
QwSection *qw_tournament_ensure_section (QwDocument        *doc,
                                        const QwEvent      *event,
                                        const char         *code,
                                        GError            **error);

QwSection *qw_tournament_lookup_section (QwDocument        *doc,
                                        const QwEvent      *event,
                                        const char         *code,
                                        GError            **error);
gboolean   qw_tournament_update_section (QwDocument        *doc,
                                        const QwSection    *section,
                                        QwSection         **stored,
                                        GError            **error);

/* The section of @code in the document's main event; with @create, made
 * from the ruleset's defaults when it does not exist yet. */
QwSection *qw_tournament_find_section  (QwDocument         *doc,
                                        const char         *code,
                                        gboolean            create,
                                        GError            **error);

/* Rounds the section plays: its planned rounds for a Swiss, the Berger
 * table's for a round robin, the bracket's for a knockout (from the draw
 * once fixed, else from the players who would be drawn). */
int        qw_tournament_total_rounds  (QwDocument         *doc,
                                        const QwSection    *section);

/* What a pairing is asked to do (qw_tournament_pair()). */
typedef struct
{
  QwPairGate  gate;        /* what to do with the group's entries that have a
                            * blocking problem (qw-pair-gate.h) */
  GPtrArray  *entries;     /* (nullable) (element-type QwEntry): the group's
                            * entries as qw_document_list_section_entries()
                            * reads them now, when the caller holds them: not
                            * read a second time, nor changed (when the gate
                            * changed some, the caller reads them again) */
  gboolean    present_only; /* round 1 of a Swiss: only the entries checked in
                             * (签到, qw-document-venue.h) are paired; each
                             * other active entry gets the round-1 absence
                             * (请假, 0 points), logged, in the same step */
} QwPairRequest;

/* What a pairing did: zero-filled by the caller, cleared with
 * qw_pair_outcome_clear(). */
typedef struct
{
  int         round;       /* the round paired, 0 when refused */
  QwSection  *section;     /* the section as stored after the round (its id,
                            * the draw round 1 fixed) */
  GPtrArray  *games;       /* (element-type QwGame) the round's games as stored,
                            * by board */
  GPtrArray  *notes;       /* (element-type utf8) players left out, and why */
  GPtrArray  *gate_items;  /* (element-type QwGateItem) the gate's list as it was
                            * before the pairing, also when it refused */
  GPtrArray  *broken;      /* (element-type utf8) a round typed in: the rules it
                            * breaks, also when it was refused for them */
} QwPairOutcome;

void       qw_pair_outcome_clear       (QwPairOutcome      *outcome);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (QwPairOutcome, qw_pair_outcome_clear)

int        qw_tournament_pair          (QwDocument          *doc,
                                        const QwSection     *section,
                                        const QwPairRequest *request,
                                        QwPairOutcome       *outcome,
                                        GError             **error);

/* Removes the last round (one step). A round with results entered is
 * removed only with @force. Unpairing round 1 releases the draw (the
 * lottery seed stays): @stored has the section as stored after it. */
gboolean   qw_tournament_unpair_last   (QwDocument         *doc,
                                        const QwSection    *section,
                                        gboolean            force,
                                        QwSection         **stored,
                                        GError            **error);

gboolean   qw_tournament_record_result (QwDocument         *doc,
                                        const QwSection    *section,
                                        int                 round,
                                        int                 board,
                                        const QwResultInput *input,
                                        GError            **error);
typedef struct
{
  int            board;
  QwResultInput  input;
} QwBoardResult;

gboolean   qw_tournament_record_results (QwDocument         *doc,
                                         const QwSection    *section,
                                         int                 round,
                                         const QwBoardResult *results,
                                         guint               n_results,
                                         GError            **error);
gboolean   qw_tournament_undo_result   (QwDocument         *doc,
                                        const QwSection    *section,
                                        int                 round,
                                        int                 board,
                                        GError            **error);

/* By the game's identity: @shown is the game as a view read it; when the
 * game at its round and board is another one now, or no longer as shown,
 * QW_ERROR_STALE and nothing is written. What the GUI uses. */
gboolean   qw_tournament_record_game_result (QwDocument          *doc,
                                             const QwSection     *section,
                                             const QwGame        *shown,
                                             const QwResultInput *input,
                                             GError             **error);
gboolean   qw_tournament_undo_game_result (QwDocument            *doc,
                                           const QwSection       *section,
                                           const QwGame          *shown,
                                           GError               **error);

/* 退赛: the player is not paired from the next round on. */
gboolean   qw_tournament_withdraw      (QwDocument         *doc,
                                        const QwSection    *section,
                                        gint64              entry_id,
                                        GError            **error);
gboolean   qw_tournament_reinstate     (QwDocument         *doc,
                                        const QwSection    *section,
                                        gint64              entry_id,
                                        GError            **error);
/* Whether the entry plays, so that it can withdraw or come back: the rule
 * both faces ask (the window offers only these players to withdraw). */
gboolean   qw_tournament_can_withdraw  (const QwEntry      *entry,
                                        GError            **error);

/**
 * qw_tournament_swap_players:
 *
 * Exchanges two players' places in @round (on one board: their colours).
 * A player not paired in the round takes the other's place. The change is
 * recorded in the round log and checked against the rules.
 *
 * Returns: (element-type utf8): one warning per rule the round now breaks
 *   (empty when none), or %NULL with @error when nothing was changed
 */
GPtrArray *qw_tournament_swap_players  (QwDocument         *doc,
                                        const QwSection    *section,
                                        int                 round,
                                        gint64              a,
                                        gint64              b,
                                        GError            **error);
/* Puts @red and @black on @board, moving the players they displace to the
 * places @red and @black came from. Returns warnings as above. */
GPtrArray *qw_tournament_repair_board  (QwDocument         *doc,
                                        const QwSection    *section,
                                        int                 round,
                                        int                 board,
                                        gint64              red,
                                        gint64              black,
                                        GError            **error);
/* Every rule @round breaks (element-type utf8), e.g. after manual changes. */
GPtrArray *qw_tournament_check_round   (QwDocument         *doc,
                                        const QwSection    *section,
                                        int                 round,
                                        GError            **error);

/* A round typed in (pairings made elsewhere, or on paper): one board. */
typedef struct
{
  gint64  red;     /* entry id */
  gint64  black;   /* entry id; 0 for the bye */
} QwManualBoard;

GPtrArray *qw_tournament_check_manual  (QwDocument          *doc,
                                        const QwSection     *section,
                                        const QwManualBoard *boards,
                                        guint                n_boards,
                                        GError             **error);
int        qw_tournament_pair_manual   (QwDocument          *doc,
                                        const QwSection     *section,
                                        const QwManualBoard *boards,
                                        guint                n_boards,
                                        gboolean             force,
                                        QwPairOutcome       *outcome,
                                        GError             **error);

/* The starting-rank list (the order round 1 draws from) with its method and
 * lottery seed: the stored draw once round 1 is paired, else what round 1
 * would use now. Reading never writes. */
QwSeeding *qw_tournament_seeding       (QwDocument         *doc,
                                        const QwSection    *section,
                                        GError            **error);
/* Draws the lots before round 1 (stores a lottery seed, one step), so that
 * the starting-rank list is final; returns the seed, or 0 with @error. */
guint64    qw_tournament_draw_lots     (QwDocument         *doc,
                                        const QwSection    *section,
                                        QwSection         **stored,
                                        GError            **error);

/* A Swiss too small for its rounds, for the players who can play now: a
 * translated warning suggesting a round robin, or NULL. For `settings`,
 * `pair` and the section dialog. */
char      *qw_tournament_field_warning (QwDocument         *doc,
                                        const QwSection    *section);

/* 请假: the player is not paired in the next round (that round only) and
 * scores 0 for it; not a withdrawal, never a forfeit for the forfeit limit.
 * A Swiss only. One labelled step. Returns the round, or 0 with @error. */
int        qw_tournament_set_absent    (QwDocument         *doc,
                                        const QwSection    *section,
                                        gint64              entry_id,
                                        GError            **error);
/* Takes back an absence from the next round (one step). */
gboolean   qw_tournament_cancel_absence (QwDocument        *doc,
                                         const QwSection   *section,
                                         gint64             entry_id,
                                         GError           **error);
/* (element-type QwAbsence) the section's absent rounds, by round. */
GPtrArray *qw_tournament_list_absences (QwDocument         *doc,
                                        const QwSection    *section,
                                        GError            **error);

G_END_DECLS
