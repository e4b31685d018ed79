/* qw-standings.h: standings with the Chinese tie-breaks (《象棋竞赛规则》第14条)
 *
 * Contract between the standings, the CLI, the results file and the printers.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "qw-entry.h"
#include "qw-game.h"
#include "qw-tiebreak.h"

G_BEGIN_DECLS


typedef struct
{
  int        round;
  gint64     opponent;    /* entry id, 0 for a bye or no game */
  int        opponent_no; /* 序号, 0 for a bye */
  char       colour;      /* 'R', 'B', or 0 (bye / not paired) */
  QwResult   result;      /* as recorded in the game */
  double     points;      /* this player's points in the round */
  QwPlayoff  playoff;     /* knockout: how a drawn game was decided (armageddon: see @armageddon) */
  gboolean   armageddon;
  gboolean   absent;      /* not paired: a 请假 or a round missed before a late entry joined */
  QwAbsenceKind absence;  /* why, when @absent */
} QwRoundCell;

typedef struct
{
  int        rank;        /* 1.. never shared unless every criterion ties; 0: no place
                           * (excluded, or a late entry not admitted), after the ranked */
  gint64     entry_id;
  int        no;          /* 序号 */
  char      *name;
  char      *unit;
  double     points;
  double     tiebreaks[QW_N_TIEBREAKS]; /* every value, whatever the chain uses */
  GArray    *rounds;      /* QwRoundCell, one per round played so far */
  gboolean   withdrawn;
  QwEntryStatus status;   /* excluded and waiting late entries have no place (rank 0) */
} QwStandingRow;


/**
 * qw_standings_compute:
 * @entries: (element-type QwEntry): the section's entries
 * @games: (element-type QwGame): the section's games
 * @up_to_round: last round to count; 0 for all
 *
 * Returns: (element-type QwStandingRow): ranked rows
 */
GPtrArray   *qw_standings_compute  (const QwRuleset *ruleset,
                                    const QwSection *section,
                                    GPtrArray       *entries,
                                    GPtrArray       *games,
                                    int              up_to_round);
/**
 * qw_standings_compute_with_absences:
 * @absences: (element-type QwAbsence) (nullable): the section's absent rounds
 *   (qw_tournament_list_absences()); each shows in its round's cell and
 *   scores its points
 *
 * As qw_standings_compute(), with the rounds players were absent from.
 */
GPtrArray   *qw_standings_compute_with_absences (const QwRuleset *ruleset,
                                                 const QwSection *section,
                                                 GPtrArray       *entries,
                                                 GPtrArray       *games,
                                                 GPtrArray       *absences,
                                                 int              up_to_round);
void         qw_standing_row_free  (QwStandingRow   *row);

G_END_DECLS
