/* qw-tiebreak-names.c: tie-break names for people (translated)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "qw-tiebreak-names.h"

static const struct {
  const char *label;
  const char *short_label;
  const char *description;
} names[QW_N_TIEBREAKS] = {
  [QW_TB_OPPONENTS] = { N_("Opponents’ score (对手分)"), N_("Opp."),
                        N_("Sum of the opponents’ final points; a bye counts as the lowest score of those who scored") },
  [QW_TB_PROGRESSIVE] = { N_("Progressive score (累进分)"), N_("Prog."),
                          N_("Sum of the running totals after each round") },
  [QW_TB_WINS] = { N_("Wins (胜局)"), N_("Wins"), N_("Games won, byes and forfeit wins included") },
  [QW_TB_BLACK_GAMES] = { N_("Games as black (后走局数)"), N_("Black games"), N_("More games as black ranks higher") },
  [QW_TB_BLACK_WINS] = { N_("Wins as black (后走胜局)"), N_("Black wins"), N_("Games won as black") },
  [QW_TB_FOULS] = { N_("Fouls (犯规)"), N_("Fouls"), N_("Fewer fouls ranks higher") },
  [QW_TB_SONNEBORN] = { N_("Sonneborn–Berger (小分)"), N_("S-B"),
                        N_("Points of the opponents beaten, plus half of those drawn") },
  [QW_TB_DIRECT] = { N_("Direct encounter (直胜)"), N_("Direct"), N_("The result between the tied players") },
  [QW_TB_EARLIER_ROUNDS] = { N_("Earlier rounds"), N_("Earlier"),
                             N_("Points after the round before, then the one before that, …") },
  [QW_TB_PROGRESSIVE_CUT] = { N_("Progressive, rounds dropped in turn"), N_("Prog. cut"),
                              N_("The progressive score without round 1, then without rounds 1 and 2, …") },
};

const char *
qw_tiebreak_label (QwTiebreak tb)
{
  g_return_val_if_fail (tb < QW_N_TIEBREAKS, "");
  return _(names[tb].label);
}

const char *
qw_tiebreak_short_label (QwTiebreak tb)
{
  g_return_val_if_fail (tb < QW_N_TIEBREAKS, "");
  return _(names[tb].short_label);
}

const char *
qw_tiebreak_description (QwTiebreak tb)
{
  g_return_val_if_fail (tb < QW_N_TIEBREAKS, "");
  return _(names[tb].description);
}
