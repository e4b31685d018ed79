/* qw-round-check.c: checking a round against the rules
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-tournament"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "qw-message.h"
#include "qw-tournament-private.h"

/* Checking a round against the rules */

static void
check_colour (QwPlayState   *s,
              QwPlayHistory *h,
              gint64         id,
              signed char    colour,
              int            board,
              GPtrArray     *out)
{
  int max_run = s->ruleset->max_same_colour_run > 0 ? s->ruleset->max_same_colour_run : 2;
  int max_diff = s->ruleset->max_colour_difference > 0 ? s->ruleset->max_colour_difference : 2;
  int run = h->run_colour == colour ? h->run_length + 1 : 1;
  int diff = (h->reds - h->blacks) + colour;
  g_autofree char *who = _qw_play_player_message (s, id);

  if (run > max_run)
    g_ptr_array_add (out, qw_message_printf (colour > 0 ? N_("Board %d: %s would play red %d times in a row")
                                                      : N_("Board %d: %s would play black %d times in a row"),
                                           board, who, run));
  if (ABS (diff) > max_diff)
    g_ptr_array_add (out, qw_message_printf (diff > 0 ? N_("Board %d: %s would have %d more reds than blacks")
                                                    : N_("Board %d: %s would have %d more blacks than reds"),
                                           board, who, ABS (diff)));
}

static gboolean
have_met (QwPlayHistory *h,
          int            other)
{
  for (guint i = 0; i < h->opponents->len; i++)
    if (g_array_index (h->opponents, int, i) == other)
      return TRUE;
  return FALSE;
}

static void
check_pair (QwPlayState   *s,
            QwPlayHistory *hist,
            const QwGame  *g,
            GPtrArray     *out)
{
  int r = _qw_play_state_find (s, g->red), b = _qw_play_state_find (s, g->black);
  QwEntry *red, *black;
  g_autofree char *rw = NULL, *bw = NULL;

  if (r < 0 || b < 0)
    return;
  red = g_ptr_array_index (s->entries, r);
  black = g_ptr_array_index (s->entries, b);
  rw = _qw_play_player_message (s, red->id);
  bw = _qw_play_player_message (s, black->id);
  if (have_met (&hist[r], b))
    g_ptr_array_add (out, qw_message_printf (N_("Board %d: %s and %s have already met"), g->board, rw, bw));
  if (s->section->system != QW_SYSTEM_SWISS)
    return;
  check_colour (s, &hist[r], red->id, +1, g->board, out);
  check_colour (s, &hist[b], black->id, -1, g->board, out);
  if (_qw_play_unit_avoid_applies (s->section, g->round) && red->unit != NULL && *red->unit != '\0'
      && g_strcmp0 (red->unit, black->unit) == 0)
    g_ptr_array_add (out, qw_message_printf (N_("Board %d: %s and %s are from the same unit (%s)"),
                                           g->board, rw, bw, red->unit));
}

static void
check_bye (QwPlayState   *s,
           QwPlayHistory *hist,
           const QwGame  *g,
           const int     *seen,
           GPtrArray     *out)
{
  int r = _qw_play_state_find (s, g->red);
  g_autofree char *who = NULL;

  if (r < 0 || s->section->system != QW_SYSTEM_SWISS)
    return;
  who = _qw_play_player_message (s, g->red);
  if (hist[r].had_bye)
    g_ptr_array_add (out, qw_message_printf (N_("%s has a second bye"), who));
  /* §2.3: the bye goes to the lowest-scored player who has not had one. */
  for (guint i = 0; i < s->entries->len; i++)
    if (seen[i] > 0 && (int) i != r && !hist[i].had_bye && hist[i].score < hist[r].score - 1e-9)
      {
        g_autofree char *other = _qw_play_player_message (s, ((QwEntry *) g_ptr_array_index (s->entries, i))->id);

        g_ptr_array_add (out, qw_message_printf (N_("The bye should go to %s, who has a lower score and no "
                                                 "bye yet, not to %s"), other, who));
        break;
      }
}

static void
check_presence (QwPlayState   *s,
                QwPlayHistory *hist,
                int            round,
                const int     *seen,
                GPtrArray     *out)
{
  for (guint i = 0; i < s->entries->len; i++)
    {
      QwEntry *e = g_ptr_array_index (s->entries, i);
      g_autofree char *who = _qw_play_player_message (s, e->id);
      gboolean out_of_play = _qw_play_excluded (s, hist, (int) i, round);
      const QwAbsence *absence = _qw_play_absence_in (s, e->id, round);
      gboolean absent = absence != NULL;

      if (seen[i] > 1)
        g_ptr_array_add (out, qw_message_printf (N_("%s is paired %d times in round %d"), who, seen[i], round));
      if (seen[i] > 0 && out_of_play)
        g_ptr_array_add (out, qw_message_printf (N_("%s is paired in round %d but is out of play"), who, round));
      if (seen[i] > 0 && absent && s->section->system == QW_SYSTEM_SWISS)
        g_ptr_array_add (out, absence->kind == QW_ABSENCE_LATE
                              ? qw_message_printf (N_("%s is paired in round %d, a round it missed as a late entry"),
                                                 who, round)
                              : qw_message_printf (N_("%s is paired in round %d but is absent (请假)"), who, round));
      if (seen[i] == 0 && !out_of_play && !absent && s->section->system == QW_SYSTEM_SWISS)
        g_ptr_array_add (out, qw_message_printf (N_("%s is not paired in round %d"), who, round));
    }
}

GPtrArray *
_qw_play_check_loaded_round (QwPlayState *s,
                             int          round)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);
  QwPlayHistory *hist = _qw_play_histories_compute (s, round);
  g_autofree int *seen = g_new0 (int, MAX (s->entries->len, 1));

  for (guint i = 0; i < s->games->len; i++)
    {
      const QwGame *g = g_ptr_array_index (s->games, i);
      int r = _qw_play_state_find (s, g->red), b = _qw_play_state_find (s, g->black);

      if (g->round != round)
        continue;
      if (r >= 0)
        seen[r]++;
      if (b >= 0)
        seen[b]++;
    }
  check_presence (s, hist, round, seen, out);
  for (guint i = 0; i < s->games->len; i++)
    {
      const QwGame *g = g_ptr_array_index (s->games, i);

      if (g->round != round)
        continue;
      if (g->black != 0)
        check_pair (s, hist, g, out);
      else
        check_bye (s, hist, g, seen, out);
    }
  _qw_play_histories_free (hist, s->entries->len);
  return out;
}

GPtrArray *
qw_tournament_check_round (QwDocument      *doc,
                           const QwSection *section,
                           int              round,
                           GError         **error)
{
  g_auto(QwPlayState) s = { 0 };

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), NULL);

  if (!_qw_play_state_load (&s, doc, section, error))
    return NULL;
  {
    g_autoptr(GPtrArray) messages = _qw_play_check_loaded_round (&s, round);

    return _qw_play_messages_render (messages);
  }
}

/* The texts of stored @messages in the reader's language, for a face. */
GPtrArray *
_qw_play_messages_render (GPtrArray *messages)
{
  GPtrArray *shown = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < messages->len; i++)
    g_ptr_array_add (shown, qw_message_render (g_ptr_array_index (messages, i)));
  return shown;
}
