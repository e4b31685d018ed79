/* qw-results.c: recording and clearing the results of a round
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
#include "qw-knockout.h"
#include "qw-tournament-private.h"

/* Results */

static gboolean
check_input (const QwSection     *section,
             const QwResultInput *input,
             GError             **error)
{
  switch (input->result)
    {
    case QW_RESULT_RED_WIN:
    case QW_RESULT_DRAW:
    case QW_RESULT_BLACK_WIN:
    case QW_RESULT_RED_BY_FORFEIT:
    case QW_RESULT_BLACK_BY_FORFEIT:
    case QW_RESULT_DOUBLE_FORFEIT:
      break;
    case QW_RESULT_NONE:
    case QW_RESULT_BYE:
    default:
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                   _("A result is one of 2:0, 1:1, 0:2, +:-, -:+ or -:-"));
      return FALSE;
    }
  if (input->red_fouls < 0 || input->black_fouls < 0 || input->red_fouls > 99 || input->black_fouls > 99)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("A foul count is a number from 0 to 99"));
      return FALSE;
    }
  if ((input->playoff != QW_PLAYOFF_NONE || input->armageddon)
      && (section->system != QW_SYSTEM_KNOCKOUT || input->result != QW_RESULT_DRAW))
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                   _("A play-off is recorded only for a drawn knockout game"));
      return FALSE;
    }
  /* The group's setting says whether its play-offs may be armageddons. */
  if (input->armageddon && !section->settings.armageddon)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                   _("Group %s does not play armageddon play-offs (its armageddon setting is off): record who "
                     "won the play-off"), section->name != NULL && *section->name != '\0' ? section->name
                                                                                       : section->code);
      return FALSE;
    }
  if (input->playoff == QW_PLAYOFF_DRAW && !input->armageddon)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                   _("A drawn play-off decides the tie only in an armageddon (a draw is a black win)"));
      return FALSE;
    }
  return TRUE;
}

static char *
describe_result (const QwGame *g)
{
  const char *code = qw_result_to_code (g->result);

  return g_strdup (*code != '\0' ? code : _("no result"));
}

/* The game of @board with @input applied, checked against the rules, and
 * the round log's line when it changes a round that later rounds were
 * paired from (@last: the last round paired). @stored: the round's games
 * by board, when they have been read already. */
static QwGame *
apply_result (QwDocument          *doc,
              const QwSection     *section,
              int                  round,
              int                  board,
              const QwResultInput *input,
              int                  last,
              GHashTable          *stored,
              char               **message,
              GError             **error)
{
  g_autoptr(QwGame) game = NULL;
  g_autoptr(QwGame) before = NULL;

  *message = NULL;
  if (!check_input (section, input, error))
    return NULL;
  if (stored != NULL && g_hash_table_contains (stored, GINT_TO_POINTER (board)))
    game = qw_game_copy (g_hash_table_lookup (stored, GINT_TO_POINTER (board)));
  else
    game = qw_document_get_game (doc, section->id, round, board, error);
  if (game == NULL)
    return NULL;
  if (game->black == 0)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT,
                   _("Board %d of round %d is a bye; it has no result to record"), board, round);
      return NULL;
    }
  before = qw_game_copy (game);
  game->result = input->result;
  game->red_fouls = input->red_fouls;
  game->black_fouls = input->black_fouls;
  game->playoff = input->playoff;
  game->armageddon = input->armageddon;
  if (round < last && section->system == QW_SYSTEM_KNOCKOUT
      && qw_knockout_winner (before) != qw_knockout_winner (game))
    {
      g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT,
                   _("Round %d was paired from this result; unpair it before changing who went through"), last);
      return NULL;
    }
  if (round < last && before->result != game->result)
    {
      g_autofree char *from = describe_result (before);

      g_autofree char *in = g_strdup_printf ("%d", round), *on = g_strdup_printf ("%d", board);
      g_autofree char *paired = g_strdup_printf ("%d", last);

      *message = qw_message (N_("Round %d, board %d: result changed from %s to %s after round %d was paired"),
                             in, on, from, qw_result_to_code (game->result), paired, NULL);
    }
  return g_steal_pointer (&game);
}

static gboolean
store_result (QwDocument      *doc,
              const QwSection *section,
              const QwGame    *game,
              const char      *message,
              GError         **error)
{
  return qw_document_set_game_result (doc, game, error)
         && (message == NULL || qw_document_log_round (doc, section->id, game->round, message, error));
}

gboolean
qw_tournament_record_result (QwDocument          *doc,
                             const QwSection     *section,
                             int                  round,
                             int                  board,
                             const QwResultInput *input,
                             GError             **error)
{
  QwBoardResult one = { board, *input };

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);
  g_return_val_if_fail (input != NULL, FALSE);

  return qw_tournament_record_results (doc, section, round, &one, 1, error);
}

typedef struct
{
  const QwSection     *section;
  int                  round;
  const QwBoardResult *results;
  guint                n_results;
} ResultsJob;

/* The games are read in the step that writes them: another program cannot
 * re-pair the round between the reading and the writing. */
static gboolean
record_results_step (QwDocument  *doc,
                     gpointer     data,
                     GError     **error)
{
  ResultsJob *job = data;
  g_autoptr(GHashTable) by_board = NULL;
  g_autoptr(GPtrArray) changed = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_game_free);
  g_autoptr(GPtrArray) messages = g_ptr_array_new_with_free_func (g_free);
  int last = qw_document_last_round (doc, job->section->id);

  /* Many results: the round's games are read once, not a query each. */
  if (job->n_results > 1)
    {
      g_autoptr(GPtrArray) games = qw_document_list_round_games (doc, job->section->id, job->round, error);

      if (games == NULL)
        return FALSE;
      by_board = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) qw_game_free);
      g_ptr_array_set_free_func (games, NULL);
      for (guint i = 0; i < games->len; i++)
        {
          QwGame *g = g_ptr_array_index (games, i);

          g_hash_table_insert (by_board, GINT_TO_POINTER (g->board), g);
        }
    }
  /* Every result is checked before anything is written. */
  for (guint i = 0; i < job->n_results; i++)
    {
      char *message = NULL;
      QwGame *game = apply_result (doc, job->section, job->round, job->results[i].board, &job->results[i].input,
                                   last, by_board, &message, error);

      if (game == NULL)
        return FALSE;
      g_ptr_array_add (changed, game);
      g_ptr_array_add (messages, message);
      /* The same board again in the batch sees this result as its before. */
      if (by_board != NULL)
        g_hash_table_replace (by_board, GINT_TO_POINTER (game->board), qw_game_copy (game));
    }
  for (guint i = 0; i < changed->len; i++)
    if (!store_result (doc, job->section, g_ptr_array_index (changed, i), g_ptr_array_index (messages, i), error))
      return FALSE;
  return TRUE;
}

/**
 * qw_tournament_record_results:
 * @results: (array length=n_results): boards of @round and their results
 *
 * Records several results of one round as one action, each checked as
 * qw_tournament_record_result() checks it: all are stored, or none.
 */
gboolean
qw_tournament_record_results (QwDocument          *doc,
                              const QwSection     *section,
                              int                  round,
                              const QwBoardResult *results,
                              guint                n_results,
                              GError             **error)
{
  ResultsJob job = { section, round, results, n_results };
  g_autofree char *label = NULL;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);
  g_return_val_if_fail (results != NULL || n_results == 0, FALSE);

  label = n_results == 1 ? qw_message_printf (N_("Result of round %d, board %d"), round, results[0].board)
                         : qw_message_printf (N_("Results of round %d"), round);
  return qw_document_run_step (doc, label, record_results_step, &job, error);
}

/* The game @shown, as a view last read it, is still the game at its round
 * and board, as it was read. If not, the view is behind the document:
 * another window or program re-paired the round, changed its players or
 * entered a result meanwhile, and nothing may be written from it. A game's
 * identity is its id with its players (an id freed by an unpairing may be
 * given to a new game). In the transaction open. */
static gboolean
check_shown (QwDocument      *doc,
             const QwSection *section,
             const QwGame    *shown,
             GError         **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autoptr(QwGame) now = qw_document_get_game (doc, section->id, shown->round, shown->board, &local_error);

  if (now == NULL && !g_error_matches (local_error, QW_ERROR, QW_ERROR_NOT_FOUND))
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  if (now == NULL || now->id != shown->id || now->section_id != shown->section_id || now->red != shown->red
      || now->black != shown->black)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_STALE,
                   _("Round %d, board %d is no longer the game shown: the round was changed in another window "
                     "or program. Nothing was recorded; the round now shows what is stored."),
                   shown->round, shown->board);
      return FALSE;
    }
  if (now->result != shown->result || now->red_fouls != shown->red_fouls || now->black_fouls != shown->black_fouls
      || now->playoff != shown->playoff || now->armageddon != shown->armageddon)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_STALE,
                   _("The result of round %d, board %d was changed in another window or program after it was "
                     "shown. Nothing was recorded; the board now shows what is stored."),
                   shown->round, shown->board);
      return FALSE;
    }
  return TRUE;
}

typedef struct
{
  const QwSection     *section;
  const QwGame        *shown;
  const QwResultInput *input;     /* NULL: clear the result */
  int                  round;
  int                  board;
} GameJob;

static gboolean
game_result_step (QwDocument  *doc,
                  gpointer     data,
                  GError     **error)
{
  GameJob *job = data;

  if (!check_shown (doc, job->section, job->shown, error))
    return FALSE;
  if (job->input == NULL)
    return qw_tournament_undo_result (doc, job->section, job->shown->round, job->shown->board, error);
  return qw_tournament_record_result (doc, job->section, job->shown->round, job->shown->board, job->input, error);
}

/**
 * qw_tournament_record_game_result:
 * @shown: the game as the caller read it (a view's board)
 *
 * Records @input for the game @shown, never for whichever game is at its
 * round and board now: when that game is gone or no longer as @shown
 * (%QW_ERROR_STALE), nothing is written.
 */
gboolean
qw_tournament_record_game_result (QwDocument          *doc,
                                  const QwSection     *section,
                                  const QwGame        *shown,
                                  const QwResultInput *input,
                                  GError             **error)
{
  GameJob job = { section, shown, input };

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);
  g_return_val_if_fail (shown != NULL && input != NULL, FALSE);

  return qw_document_run_step (doc, NULL, game_result_step, &job, error);
}

/**
 * qw_tournament_undo_game_result:
 * @shown: the game as the caller read it
 *
 * Clears the result of the game @shown, as
 * qw_tournament_record_game_result() records one.
 */
gboolean
qw_tournament_undo_game_result (QwDocument      *doc,
                                const QwSection *section,
                                const QwGame    *shown,
                                GError         **error)
{
  GameJob job = { section, shown, NULL };

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);
  g_return_val_if_fail (shown != NULL, FALSE);

  return qw_document_run_step (doc, NULL, game_result_step, &job, error);
}

/* Read in the step that writes (see record_results_step()). */
static gboolean
undo_result_step (QwDocument  *doc,
                  gpointer     data,
                  GError     **error)
{
  GameJob *job = data;
  g_autoptr(QwGame) game = qw_document_get_game (doc, job->section->id, job->round, job->board, error);
  int last;

  if (game == NULL)
    return FALSE;
  if (game->black == 0 || game->result == QW_RESULT_NONE)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT,
                   game->black == 0 ? _("Board %d of round %d is a bye; it has no result to undo")
                                    : _("Board %d of round %d has no result to undo"), job->board, job->round);
      return FALSE;
    }
  last = qw_document_last_round (doc, job->section->id);
  if (job->round < last)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT,
                   _("Round %d has been paired since; unpair it first, or record the corrected result"), last);
      return FALSE;
    }
  game->result = QW_RESULT_NONE;
  game->red_fouls = game->black_fouls = 0;
  game->playoff = QW_PLAYOFF_NONE;
  game->armageddon = FALSE;
  return qw_document_set_game_result (doc, game, error);
}

gboolean
qw_tournament_undo_result (QwDocument      *doc,
                           const QwSection *section,
                           int              round,
                           int              board,
                           GError         **error)
{
  GameJob job = { section, NULL, NULL, round, board };
  g_autofree char *label = NULL;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);

  label = qw_message_printf (N_("Clearing the result of round %d, board %d"), round, board);
  return qw_document_run_step (doc, label, undo_result_step, &job, error);
}
