/* qw-typed-round.c: a round typed in: pairings made elsewhere or on paper
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-tournament"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "qw-message.h"
#include "qw-error.h"
#include "qw-tournament-private.h"
#include "qw-entry-check.h"

/* Rounds typed in */

static const QwGame *
game_of_list (GPtrArray *games,
              gint64     player)
{
  for (guint i = 0; i < games->len; i++)
    {
      const QwGame *g = g_ptr_array_index (games, i);

      if (g->red == player || (g->black != 0 && g->black == player))
        return g;
    }
  return NULL;
}

/* The games of @boards as round @round, byes on the last boards; checks
 * that they can be a round at all. */
static GPtrArray *
manual_games (QwPlayState         *s,
              int                  round,
              const QwManualBoard *boards,
              guint                n_boards,
              GError             **error)
{
  g_autoptr(GPtrArray) games = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_game_free);
  g_autoptr(GPtrArray) byes = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_game_free);
  g_autoptr(GHashTable) seen = g_hash_table_new (g_int64_hash, g_int64_equal);

  if (n_boards == 0)
    {
      g_set_error_literal (error, QW_ERROR, QW_ERROR_INVALID, _("Give at least one board"));
      return NULL;
    }
  for (guint i = 0; i < n_boards; i++)
    {
      const QwManualBoard *b = &boards[i];
      gint64 players[2] = { b->red, b->black };

      if (b->red == b->black)
        {
          g_autofree char *who = _qw_play_player_label (s, b->red);

          g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("Board %u: %s cannot play himself"), i + 1, who);
          return NULL;
        }
      for (guint k = 0; k < 2; k++)
        {
          if (k == 1 && players[k] == 0)
            continue;
          if (_qw_play_state_entry (s, players[k]) == NULL)
            {
              g_set_error (error, QW_ERROR, QW_ERROR_NOT_FOUND, _("Board %u names a player who is not in group %s"),
                           i + 1, s->section->code);
              return NULL;
            }
          if (!g_hash_table_add (seen, (gpointer) (k == 0 ? &boards[i].red : &boards[i].black)))
            {
              g_autofree char *who = _qw_play_player_label (s, players[k]);

              g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("%s is on two boards of round %d"), who, round);
              return NULL;
            }
        }
      g_ptr_array_add (b->black == 0 ? byes : games,
                       _qw_play_new_game (s->section, round, b->red, b->black, qw_message (N_("Paired by hand"), NULL)));
    }
  g_ptr_array_extend_and_steal (games, g_steal_pointer (&byes));
  _qw_play_number_boards (games);
  for (guint i = 0; i < games->len; i++)
    ((QwGame *) g_ptr_array_index (games, i))->manual = TRUE;
  return g_steal_pointer (&games);
}

/* Every rule the round of @games breaks: the rules of play, as
 * qw_tournament_check_round() reads them, and the pairing gate for each
 * entry paired with a problem that blocks pairing. */
static GPtrArray *
manual_broken_rules (QwPlayState *s,
                     int          round,
                     GPtrArray   *games,
                     GPtrArray   *gate_items)
{
  GPtrArray *broken;
  guint n_byes = 0;

  for (guint i = 0; i < games->len; i++)
    g_ptr_array_add (s->games, qw_game_copy (g_ptr_array_index (games, i)));
  broken = _qw_play_check_loaded_round (s, round);
  g_ptr_array_set_size (s->games, s->games->len - games->len);
  for (guint i = 0; i < games->len; i++)
    n_byes += ((QwGame *) g_ptr_array_index (games, i))->black == 0;
  if (n_byes > 1)
    g_ptr_array_add (broken, qw_message_printf (N_("Round %d has %u byes; a round has one at most"), round, n_byes));
  for (guint i = 0; i < gate_items->len; i++)
    {
      QwGateItem *item = g_ptr_array_index (gate_items, i);
      g_autofree char *who = NULL, *why = NULL;

      if (item->blocking == 0 || game_of_list (games, item->entry->id) == NULL)
        continue;
      who = _qw_play_entry_message (item->entry);
      why = qw_problems_join (item->blocking, TRUE, "；");
      g_ptr_array_add (broken, qw_message_printf (N_("%s has a problem that keeps it out of pairing: %s"), who, why));
    }
  return broken;
}

/* The games of a round as the log writes them: "1–5, 2–6, 7 轮空". */
static char *
manual_summary (QwPlayState *s,
                GPtrArray   *games)
{
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *separator = qw_message (N_(", "), NULL);

  for (guint i = 0; i < games->len; i++)
    {
      const QwGame *g = g_ptr_array_index (games, i);
      QwEntry *red = _qw_play_state_entry (s, g->red), *black = g->black != 0 ? _qw_play_state_entry (s, g->black) : NULL;

      if (i > 0)
        g_string_append (text, separator);
      if (black != NULL)
        g_string_append_printf (text, "%d–%d", red->no, black->no);
      else
        {
          g_autofree char *bye = qw_message_printf (N_("%d bye"), red->no);

          g_string_append (text, bye);
        }
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* Loads @section (the stored one when it was stored meanwhile) for the next round. */
static gboolean
manual_load (QwPlayState *s,
             QwDocument  *doc,
             QwSection   *updated,
             int         *round,
             GError     **error)
{
  if (updated->id == 0)
    {
      g_autoptr(QwSection) stored = qw_document_get_section (doc, updated->event_id, updated->code, NULL);

      if (stored != NULL)
        {
          updated->id = stored->id;
          qw_section_settings_clear (&updated->settings);
          qw_section_settings_copy (&updated->settings, &stored->settings);
          updated->system = stored->system;
          updated->rounds = stored->rounds;
        }
    }
  if (updated->system == QW_SYSTEM_KNOCKOUT)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                   _("A knockout’s rounds follow its bracket; they cannot be typed in"));
      return FALSE;
    }
  if (!_qw_play_state_load (s, doc, updated, error) || !_qw_play_check_round_complete (s, error))
    return FALSE;
  *round = s->last_round + 1;
  if (updated->system == QW_SYSTEM_SWISS && *round > qw_tournament_total_rounds (doc, updated))
    {
      g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT,
                   _("All %d planned rounds of group %s have been paired; raise the number of rounds "
                     "to pair more"), qw_tournament_total_rounds (doc, updated), updated->code);
      return FALSE;
    }
  return TRUE;
}

/**
 * qw_tournament_check_manual:
 * @boards: (array length=n_boards): red and black of each board, by entry
 *   id; black 0 for the bye
 *
 * What qw_tournament_pair_manual() would find, without writing: the rules
 * the boards as the next round would break (a rematch, the colours, the
 * bye, a player left out, out of play or absent, the pairing gate).
 *
 * Returns: (element-type utf8): one message per broken rule (empty when
 *   none), or %NULL with @error when the boards cannot be a round at all (a
 *   player on two boards or not in the group, the last round unfinished, a
 *   knockout)
 */
GPtrArray *
qw_tournament_check_manual (QwDocument          *doc,
                            const QwSection     *section,
                            const QwManualBoard *boards,
                            guint                n_boards,
                            GError             **error)
{
  g_auto(QwPlayState) s = { 0 };
  g_autoptr(QwSection) updated = qw_section_copy (section);
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(GPtrArray) items = NULL;
  int round;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), NULL);

  if (!manual_load (&s, doc, updated, &round, error)
      || (games = manual_games (&s, round, boards, n_boards, error)) == NULL
      || (items = qw_pair_gate_list (doc, updated, error)) == NULL)
    return NULL;
  {
    g_autoptr(GPtrArray) messages = manual_broken_rules (&s, round, games, items);

    return _qw_play_messages_render (messages);
  }
}

/**
 * qw_tournament_pair_manual:
 * @section: not changed: a section not stored yet is stored, and round 1
 *   fixes its draw (@outcome has the section as stored)
 * @boards: (array length=n_boards): as for qw_tournament_check_manual()
 * @force: record the round even when it breaks rules: entries paired with
 *   a blocking problem are then allowed (late entries admitted), as
 *   qw_tournament_pair() does with %QW_PAIR_GATE_FORCE
 * @outcome: (out caller-allocates) (optional): the round, the section as
 *   stored, the games and the rules the round breaks (broken), also when it
 *   was refused for them
 *
 * Records the next round exactly as given, in one step of the history
 * ("Round 3 paired by hand"), logged in the group's round log with every
 * rule it breaks. Without @force a round that breaks a rule is refused with
 * %QW_ERROR_BLOCKED, whose message lists them, and nothing is written.
 *
 * Returns: the round recorded, or 0 with @error
 */
typedef struct
{
  const QwSection     *section;
  const QwManualBoard *boards;
  guint                n_boards;
  gboolean             force;
  QwPairOutcome       *outcome;
} TypedJob;

/* The round is read, checked and written in one step: no other program
 * pairs it meanwhile. */
static gboolean
typed_round_step (QwDocument  *doc,
                  gpointer     data,
                  GError     **error)
{
  TypedJob *job = data;
  QwPairOutcome *outcome = job->outcome;
  g_auto(QwPlayState) s = { 0 };
  g_autoptr(QwSection) updated = qw_section_copy (job->section);
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(GPtrArray) items = NULL;
  g_autoptr(GPtrArray) rules = NULL;       /* stored messages */
  g_autoptr(GPtrArray) shown = NULL;       /* the same, rendered */
  g_autoptr(GPtrArray) paired_blocked = g_ptr_array_new ();
  g_autoptr(GString) message = NULL;
  g_autofree char *summary = NULL, *label = NULL;
  int round;

  if (!manual_load (&s, doc, updated, &round, error)
      || (games = manual_games (&s, round, job->boards, job->n_boards, error)) == NULL
      || (items = qw_pair_gate_list (doc, updated, error)) == NULL)
    return FALSE;
  rules = manual_broken_rules (&s, round, games, items);
  shown = _qw_play_messages_render (rules);
  if (rules->len > 0 && !job->force)
    {
      g_autoptr(GString) list = g_string_new (NULL);

      for (guint i = 0; i < shown->len; i++)
        g_string_append_printf (list, "\n%s", (char *) g_ptr_array_index (shown, i));
      g_set_error (error, QW_ERROR, QW_ERROR_BLOCKED,
                   g_dngettext (GETTEXT_PACKAGE, "Round %d of group %s was not recorded: it breaks %u rule%s",
                                "Round %d of group %s was not recorded: it breaks %u rules%s", rules->len),
                   round, updated->code, rules->len, list->str);
      g_clear_pointer (&outcome->broken, g_ptr_array_unref);
      outcome->broken = g_steal_pointer (&shown);
      return FALSE;
    }
  for (guint i = 0; i < items->len; i++)
    {
      QwGateItem *item = g_ptr_array_index (items, i);

      if (item->blocking != 0 && game_of_list (games, item->entry->id) != NULL)
        g_ptr_array_add (paired_blocked, item);
    }
  summary = manual_summary (&s, games);
  message = g_string_new (NULL);
  {
    /* Stored as messages, read in the reader's language (issue 19 point 22). */
    g_autofree char *head = qw_message_printf (N_("Round %d paired by hand: %s"), round, summary);
    g_autofree char *warning = qw_message (N_("Warning:"), NULL);

    g_string_append (message, head);
    for (guint i = 0; i < rules->len; i++)
      g_string_append_printf (message, "\n%s %s", warning, (char *) g_ptr_array_index (rules, i));
  }

  label = qw_message_printf (N_("Round %d paired by hand"), round);
  qw_document_name_step (doc, label);
  if (!_qw_play_store_section (doc, updated, error))
    return FALSE;
  if (round == 1)
    {
      QwPlayHistory *hist = _qw_play_histories_compute (&s, round);

      _qw_play_fix_draw (&s, updated, hist);
      _qw_play_histories_free (hist, s.entries->len);
      if (!qw_document_update_section (doc, updated, error))
        return FALSE;
    }
  for (guint i = 0; i < games->len; i++)
    ((QwGame *) g_ptr_array_index (games, i))->section_id = updated->id;
  if ((paired_blocked->len > 0
       && !qw_pair_gate_resolve (doc, updated, paired_blocked, QW_PAIR_GATE_FORCE, round, error))
      || !qw_document_add_games (doc, games, error)
      || !qw_document_log_round (doc, updated->id, round, message->str, error))
    return FALSE;
  qw_pair_outcome_clear (outcome);
  outcome->round = round;
  outcome->section = g_steal_pointer (&updated);
  outcome->games = g_steal_pointer (&games);
  outcome->broken = g_steal_pointer (&shown);
  return TRUE;
}

int
qw_tournament_pair_manual (QwDocument          *doc,
                           const QwSection     *section,
                           const QwManualBoard *boards,
                           guint                n_boards,
                           gboolean             force,
                           QwPairOutcome       *outcome,
                           GError             **error)
{
  g_auto(QwPairOutcome) local = { 0 };
  TypedJob job = { section, boards, n_boards, force, outcome != NULL ? outcome : &local };

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), 0);

  if (!qw_document_run_step (doc, NULL, typed_round_step, &job, error))
    return 0;
  return job.outcome->round;
}
