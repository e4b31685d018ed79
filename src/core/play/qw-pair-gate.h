/* qw-pair-gate.h: what keeps an entry out of pairing, and the arbiter's answers
 *
 * Before a round of a group is paired, the group's entries with a problem
 * that the ruleset says blocks pairing (its <pairing-gate>; by default
 * too-strong, duplicate-id on the later of two entries, missing-name,
 * document-not-accepted and late-entry) are listed, each with its other
 * problems as warnings (a wrong check digit, the old 15-digit form, no
 * document, …). qw_tournament_pair() refuses with QW_ERROR_BLOCKED while one
 * is left, unless asked (its QwPairRequest's gate) to exclude them or pair
 * them anyway in the same step as the pairing.
 *
 * The arbiter's answers, for one entry at a time (the GUI's list offers
 * them per entry): exclude it (不具备参赛资格: not paired, shown in the
 * entries and standings), take the exclusion back, pair it anyway (its
 * blocking problems are remembered as allowed, so the next round does not
 * ask again; a problem that appears later is asked about), or admit a late
 * entry with the points of each round it missed. Each answer is one step of
 * the document's history, labelled for the undo toast, and written in the
 * group's round log. Withdrawn and excluded entries are not listed.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "qw-document.h"
#include "qw-entry.h"
#include "qw-game.h"

G_BEGIN_DECLS

typedef enum
{
  QW_PAIR_GATE_CHECK = 0,         /* refuse (QW_ERROR_BLOCKED) while an entry is blocked */
  QW_PAIR_GATE_EXCLUDE_BLOCKED,   /* exclude the blocked entries, pair the rest */
  QW_PAIR_GATE_FORCE,             /* pair everyone: blocking problems become allowed, late
                                   * entries are admitted with 0 for each missed round */
} QwPairGate;

typedef struct
{
  QwEntry *entry;
  guint    blocking;   /* QW_PROBLEM_BIT set (registration/qw-entry-check.h): keep it out of pairing */
  guint    warnings;   /* the entry's other problems */
  guint    allowed;    /* blocking problems the arbiter has let it play with */
} QwGateItem;

void        qw_gate_item_free            (QwGateItem      *item);
/* Whether the arbiter may let @item play with its blocking problems
 * (qw_pair_gate_allow()): not for a late entry alone (admitted instead) nor
 * for a cancelled qualification (undone on the ladder page instead). */
gboolean    qw_gate_item_can_allow       (const QwGateItem *item);

/**
 * qw_pair_gate_list:
 *
 * Returns: (element-type QwGateItem): the group's entries that have a
 *   problem (blocking, warning or allowed), by 序号; %NULL with @error
 */
GPtrArray  *qw_pair_gate_list            (QwDocument      *doc,
                                          const QwSection *section,
                                          GError         **error);
/**
 * qw_pair_gate_list_entries:
 * @entries: (element-type QwEntry): every entry of the section's event, by
 *   序号, as the document holds them now (a duplicate ID number may sit in
 *   another group); not changed
 *
 * qw_pair_gate_list() with the event's entries at hand: they are not read
 * again. The items hold copies of the entries.
 */
GPtrArray  *qw_pair_gate_list_entries    (QwDocument      *doc,
                                          const QwSection *section,
                                          GPtrArray       *entries,
                                          GError         **error);
/* How many items of qw_pair_gate_list() block pairing. */
guint       qw_pair_gate_count_blocked   (GPtrArray       *items);
/* Whether a problem of the whole group blocks (pairs-too-few: fewer eligible
 * pairs than the event opens with), which excluding entries cannot cure. */
gboolean    qw_pair_gate_blocks_group    (GPtrArray       *items);
/* One line per blocked item: "No. 21 李晓东: 等级超限 …". */
char       *qw_pair_gate_describe        (GPtrArray       *items);

/* The rounds a late entry admitted now misses: the rounds paired so far. */
int         qw_pair_gate_missed_rounds   (QwDocument      *doc,
                                          const QwSection *section);

gboolean    qw_pair_gate_exclude         (QwDocument      *doc,
                                          const QwSection *section,
                                          gint64           entry_id,
                                          GError         **error);
gboolean    qw_pair_gate_include         (QwDocument      *doc,
                                          const QwSection *section,
                                          gint64           entry_id,
                                          GError         **error);
/* Pair anyway: the entry's blocking problems (other than late-entry, which
 * is answered by an admission) are allowed from now on. */
gboolean    qw_pair_gate_allow           (QwDocument      *doc,
                                          const QwSection *section,
                                          gint64           entry_id,
                                          GError         **error);

/**
 * qw_pair_gate_admit:
 * @missed: (array length=n_missed) (nullable): the points for each missed
 *   round: none (0 for each), one value (the same for each), or one per
 *   missed round (qw_pair_gate_missed_rounds())
 *
 * Admits a late entry: it is paired from the next round on; each round paired
 * before is stored as its absence of kind %QW_ABSENCE_LATE (qw-game.h) with
 * these points (from 0 to a win's points), which the Swiss scores, the
 * standings, the prints and the results file count. Unpairing such a round
 * gives it back: the entry is paired in it when it is paired again.
 * Only a Swiss takes a late entry once round 1 is paired: a round robin's or
 * a knockout's draw is fixed.
 */
gboolean    qw_pair_gate_admit           (QwDocument      *doc,
                                          const QwSection *section,
                                          gint64           entry_id,
                                          const double    *missed,
                                          guint            n_missed,
                                          GError         **error);

/* For qw-tournament.c, inside the step that pairs @round of a stored
 * section: applies @gate (EXCLUDE_BLOCKED or FORCE) to the blocked items
 * and logs each. */
gboolean    qw_pair_gate_resolve         (QwDocument      *doc,
                                          const QwSection *section,
                                          GPtrArray       *items,
                                          QwPairGate       gate,
                                          int              round,
                                          GError         **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (QwGateItem, qw_gate_item_free)

G_END_DECLS
