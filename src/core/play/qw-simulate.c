/* qw-simulate.c: a whole tournament played out with generated results
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-simulate"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "qw-document-play.h"
#include "qw-entry.h"
#include "qw-simulate.h"
#include "qw-tournament.h"

/* Elo's expectation decides who wins a decisive game. */
static void
simulate_result (GRand          *rand,
                 const QwSimulateRates    *rates,
                 const QwEntry  *red,
                 const QwEntry  *black,
                 QwResultInput  *input)
{
  double u = g_rand_double (rand);
  double expect = 1.0 / (1.0 + pow (10.0, (black->rating - red->rating) / 400.0));

  memset (input, 0, sizeof *input);
  if (u < rates->forfeit_rate)
    {
      double v = g_rand_double (rand);

      input->result = v < 0.45 ? QW_RESULT_RED_BY_FORFEIT : v < 0.9 ? QW_RESULT_BLACK_BY_FORFEIT
                                                                   : QW_RESULT_DOUBLE_FORFEIT;
      return;
    }
  if (u < rates->forfeit_rate + rates->draw_rate)
    input->result = QW_RESULT_DRAW;
  else
    input->result = g_rand_double (rand) < expect ? QW_RESULT_RED_WIN : QW_RESULT_BLACK_WIN;
  input->red_fouls = g_rand_double (rand) < 0.04 ? 1 : 0;
  input->black_fouls = g_rand_double (rand) < 0.04 ? 1 : 0;
}

/* A drawn knockout game goes to an armageddon: a draw there is a black win. */
static void
simulate_playoff (GRand         *rand,
                  const QwSimulateRates   *rates,
                  QwResultInput *input)
{
  double u = g_rand_double (rand);

  input->armageddon = TRUE;
  input->playoff = u < rates->draw_rate || u > 0.5 + rates->draw_rate / 2 ? QW_PLAYOFF_BLACK : QW_PLAYOFF_RED;
}

static gboolean
simulate_round (QwDocument       *doc,
                const QwSection  *section,
                GRand            *rand,
                const QwSimulateRates      *rates,
                GHashTable       *by_id,
                int               round,
                GError          **error)
{
  g_autoptr(GPtrArray) games = qw_document_list_games (doc, section->id, error);

  if (games == NULL)
    return FALSE;
  for (guint i = 0; i < games->len; i++)
    {
      const QwGame *g = g_ptr_array_index (games, i);
      QwResultInput input;

      if (g->round != round || g->result != QW_RESULT_NONE)
        continue;
      simulate_result (rand, rates, g_hash_table_lookup (by_id, &g->red), g_hash_table_lookup (by_id, &g->black),
                       &input);
      if (section->system == QW_SYSTEM_KNOCKOUT && input.result == QW_RESULT_DRAW)
        simulate_playoff (rand, rates, &input);
      if (!qw_tournament_record_result (doc, section, g->round, g->board, &input, error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
simulate_withdrawals (QwDocument       *doc,
                      const QwSection  *section,
                      GRand            *rand,
                      const QwSimulateRates      *rates,
                      GPtrArray        *entries,
                      GError          **error)
{
  if (rates->withdraw_rate <= 0)
    return TRUE;
  for (guint i = 0; i < entries->len; i++)
    {
      QwEntry *e = g_ptr_array_index (entries, i);

      if (e->status == QW_STATUS_WITHDRAWN || g_rand_double (rand) >= rates->withdraw_rate)
        continue;
      if (!qw_tournament_withdraw (doc, section, e->id, error))
        return FALSE;
      e->status = QW_STATUS_WITHDRAWN;
    }
  return TRUE;
}

static gboolean
simulate_play (QwDocument             *doc,
               QwSection              *section,
               GRand                  *rand,
               const QwSimulateRates  *rates,
               GPtrArray              *entries,
               int                    *played,
               GError                **error)
{
  g_autoptr(GHashTable) by_id = g_hash_table_new (g_int64_hash, g_int64_equal);

  for (guint i = 0; i < entries->len; i++)
    g_hash_table_insert (by_id, &((QwEntry *) g_ptr_array_index (entries, i))->id, g_ptr_array_index (entries, i));
  for (;;)
    {
      int total = qw_tournament_total_rounds (doc, section);
      int round;

      if (*played >= total)
        return TRUE;
      round = qw_tournament_pair_next (doc, section, NULL, error);
      if (round == 0)
        return FALSE;
      *played = round;
      if (!simulate_round (doc, section, rand, rates, by_id, round, error)
          || (round < qw_tournament_total_rounds (doc, section)
              && !simulate_withdrawals (doc, section, rand, rates, entries, error)))
        return FALSE;
    }
}

/**
 * qw_simulate_play:
 * @entries: (element-type QwEntry): the section's players, stored (their
 *   status is kept up to date as they withdraw)
 * @played: (inout): rounds played so far; the last round played on return
 *
 * Pairs every round of the section and records generated results, as one
 * step: a simulation is one action.
 */
gboolean
qw_simulate_play (QwDocument             *doc,
                  QwSection              *section,
                  GRand                  *rand,
                  const QwSimulateRates  *rates,
                  GPtrArray              *entries,
                  int                    *played,
                  GError                **error)
{
  gboolean ok;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);

  if (!qw_document_begin_step (doc, _("Simulation"), error))
    return FALSE;
  ok = simulate_play (doc, section, rand, rates, entries, played, error);
  /* The rounds played are kept even when one fails. */
  if (!qw_document_commit (doc, ok ? error : NULL) && ok)
    return FALSE;
  return ok;
}
