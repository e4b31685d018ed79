/* qw-round-changes.c: the arbiter's changes to the last round: swaps and re-paired boards
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

/* Manual changes */

static QwGame *
game_of (QwPlayState *s,
         int          round,
         gint64       player)
{
  for (guint i = 0; i < s->games->len; i++)
    {
      QwGame *g = g_ptr_array_index (s->games, i);

      if (g->round == round && (g->red == player || (g->black != 0 && g->black == player)))
        return g;
    }
  return NULL;
}

/* The game's explanation, as stored (the engine's reasons, messages in no
 * one language: issue 19 point 22), gets "Changed by the arbiter" once. */
static void
mark_manual (QwGame *g)
{
  const char *old = g->explain_stored != NULL ? g->explain_stored : g->explain;
  g_autofree char *changed = qw_message (N_("Changed by the arbiter"), NULL);
  char *stored;

  g->manual = TRUE;
  /* Said once: as a message now, or as text in a document stored before. */
  if (old != NULL && (strstr (old, changed) != NULL || strstr (old, _("Changed by the arbiter")) != NULL))
    return;
  stored = g_strdup_printf ("%s%s%s", old != NULL ? old : "", old != NULL && *old != '\0' ? "\n" : "", changed);
  g_free (g->explain_stored);
  g->explain_stored = stored;
  g_free (g->explain);
  g->explain = qw_message_render (stored);
}

static void
replace_player (QwGame *g,
                gint64  from,
                gint64  to)
{
  if (g->red == from)
    g->red = to;
  else if (g->black == from)
    g->black = to;
  mark_manual (g);
}

static gboolean
changeable (const QwGame *g,
            GError      **error)
{
  if (g == NULL || g->result == QW_RESULT_NONE || g->result == QW_RESULT_BYE)
    return TRUE;
  g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT,
               _("Board %d of round %d has a result; undo it before changing the pairing"), g->board, g->round);
  return FALSE;
}

/* Exchanges @a and @b in @round in memory. */
static gboolean
swap_in_round (QwPlayState *s,
               int          round,
               gint64       a,
               gint64       b,
               GError     **error)
{
  QwGame *ga = game_of (s, round, a), *gb = game_of (s, round, b);

  if (a == b)
    return TRUE;
  if (_qw_play_state_entry (s, a) == NULL || _qw_play_state_entry (s, b) == NULL)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_NOT_FOUND, _("Both players must be in group %s"), s->section->code);
      return FALSE;
    }
  if (ga == NULL && gb == NULL)
    {
      g_autofree char *wa = _qw_play_player_label (s, a), *wb = _qw_play_player_label (s, b);

      g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT, _("Neither %s nor %s is paired in round %d"), wa, wb, round);
      return FALSE;
    }
  if (!changeable (ga, error) || !changeable (gb, error))
    return FALSE;
  if (ga == gb)
    {
      gint64 red = ga->red;

      ga->red = ga->black;
      ga->black = red;
      mark_manual (ga);
      return TRUE;
    }
  if (ga != NULL)
    replace_player (ga, a, b);
  if (gb != NULL)
    replace_player (gb, b, a);
  return TRUE;
}

static gboolean
check_last_round (QwPlayState *s,
                  int          round,
                  GError     **error)
{
  if (round >= 1 && round == s->last_round)
    return TRUE;
  g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT,
               s->last_round == 0 ? _("No round has been paired yet")
                                  : _("Only the last round paired (round %d) can be changed"), s->last_round);
  return FALSE;
}

/* Writes the manually changed games of @round, logs the change with the
 * warnings it causes (stored as messages, in the reader's language when
 * read: issue 19 point 22), and returns them in this reader's language. */
static GPtrArray *
store_manual_change (QwPlayState *s,
                     int          round,
                     const char  *label,
                     const char  *what,
                     GError     **error)
{
  g_autoptr(GPtrArray) warnings = _qw_play_check_loaded_round (s, round);
  g_autoptr(GString) message = g_string_new (what);
  g_autofree char *warning = qw_message (N_("Warning:"), NULL);

  for (guint i = 0; i < warnings->len; i++)
    g_string_append_printf (message, "\n%s %s", warning, (char *) g_ptr_array_index (warnings, i));
  qw_document_name_step (s->doc, label);
  for (guint i = 0; i < s->games->len; i++)
    {
      QwGame *g = g_ptr_array_index (s->games, i);

      if (g->round == round && g->manual && !qw_document_update_game (s->doc, g, error))
        return NULL;
    }
  if (!qw_document_log_round (s->doc, s->section->id, round, message->str, error))
    return NULL;
  return _qw_play_messages_render (warnings);
}

/* A manual change reads the round in the step that writes it: two
 * programs changing one round at once cannot write over each other's
 * change from what each read before it. */
typedef struct
{
  const QwSection *section;
  int              round;
  int              board;       /* repair: the board */
  gint64           a;           /* swap: the players; repair: red and black */
  gint64           b;
  GPtrArray       *warnings;    /* (out) */
} ChangeJob;

static GPtrArray *swap_players_locked (QwDocument       *doc,
                                       const QwSection  *section,
                                       int               round,
                                       gint64            a,
                                       gint64            b,
                                       GError          **error);

static gboolean
swap_step (QwDocument  *doc,
           gpointer     data,
           GError     **error)
{
  ChangeJob *job = data;

  job->warnings = swap_players_locked (doc, job->section, job->round, job->a, job->b, error);
  return job->warnings != NULL;
}

GPtrArray *
qw_tournament_swap_players (QwDocument      *doc,
                            const QwSection *section,
                            int              round,
                            gint64           a,
                            gint64           b,
                            GError         **error)
{
  ChangeJob job = { section, round, 0, a, b, NULL };

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), NULL);

  if (!qw_document_run_step (doc, NULL, swap_step, &job, error))
    {
      g_clear_pointer (&job.warnings, g_ptr_array_unref);
      return NULL;
    }
  return job.warnings;
}

static GPtrArray *
swap_players_locked (QwDocument      *doc,
                     const QwSection *section,
                     int              round,
                     gint64           a,
                     gint64           b,
                     GError         **error)
{
  g_auto(QwPlayState) s = { 0 };
  g_autofree char *what = NULL, *label = NULL;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), NULL);

  if (!_qw_play_state_load (&s, doc, section, error) || !check_last_round (&s, round, error))
    return NULL;
  if (a == b)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("Give two different players to swap"));
      return NULL;
    }
  if (!swap_in_round (&s, round, a, b, error))
    return NULL;
  {
    g_autofree char *ma = _qw_play_entry_message (_qw_play_state_entry (&s, a));
    g_autofree char *mb = _qw_play_entry_message (_qw_play_state_entry (&s, b));
    g_autofree char *in = g_strdup_printf ("%d", round);

    what = qw_message (N_("Round %d: the arbiter swapped %s and %s"), in, ma, mb, NULL);
  }
  label = qw_message_printf (N_("Swap of %s and %s in round %d"), _qw_play_state_entry (&s, a)->name,
                             _qw_play_state_entry (&s, b)->name, round);
  return store_manual_change (&s, round, label, what, error);
}

static GPtrArray *repair_board_locked (QwDocument       *doc,
                                       const QwSection  *section,
                                       int               round,
                                       int               board,
                                       gint64            red,
                                       gint64            black,
                                       GError          **error);

static gboolean
repair_step (QwDocument  *doc,
             gpointer     data,
             GError     **error)
{
  ChangeJob *job = data;

  job->warnings = repair_board_locked (doc, job->section, job->round, job->board, job->a, job->b, error);
  return job->warnings != NULL;
}

GPtrArray *
qw_tournament_repair_board (QwDocument      *doc,
                            const QwSection *section,
                            int              round,
                            int              board,
                            gint64           red,
                            gint64           black,
                            GError         **error)
{
  ChangeJob job = { section, round, board, red, black, NULL };

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), NULL);

  if (!qw_document_run_step (doc, NULL, repair_step, &job, error))
    {
      g_clear_pointer (&job.warnings, g_ptr_array_unref);
      return NULL;
    }
  return job.warnings;
}

static GPtrArray *
repair_board_locked (QwDocument      *doc,
                     const QwSection *section,
                     int              round,
                     int              board,
                     gint64           red,
                     gint64           black,
                     GError         **error)
{
  g_auto(QwPlayState) s = { 0 };
  g_autofree char *what = NULL, *label = NULL;
  QwGame *g = NULL;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), NULL);

  if (!_qw_play_state_load (&s, doc, section, error) || !check_last_round (&s, round, error))
    return NULL;
  for (guint i = 0; i < s.games->len && g == NULL; i++)
    {
      QwGame *candidate = g_ptr_array_index (s.games, i);

      if (candidate->round == round && candidate->board == board)
        g = candidate;
    }
  if (g == NULL)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_NOT_FOUND, _("Round %d has no board %d"), round, board);
      return NULL;
    }
  if (red == black || red == 0 || (black == 0) != (g->black == 0))
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                   g->black == 0 ? _("Board %d is a bye: give the one player who takes it")
                                 : _("Give two different players for board %d"), board);
      return NULL;
    }
  /* Two exchanges: red into the red place, then black into the black place. */
  if (!swap_in_round (&s, round, g->red, red, error)
      || (black != 0 && !swap_in_round (&s, round, g->black, black, error)))
    return NULL;
  {
    g_autofree char *mr = _qw_play_entry_message (_qw_play_state_entry (&s, red));
    g_autofree char *mb = black != 0 ? _qw_play_entry_message (_qw_play_state_entry (&s, black))
                                     : qw_message (N_("the bye"), NULL);
    g_autofree char *in = g_strdup_printf ("%d", round);
    g_autofree char *on = g_strdup_printf ("%d", board);

    what = qw_message (N_("Round %d: the arbiter re-paired board %d as %s v %s"), in, on, mr, mb, NULL);
  }
  label = qw_message_printf (N_("Re-pairing of round %d, board %d"), round, board);
  return store_manual_change (&s, round, label, what, error);
}
