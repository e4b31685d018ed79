/* qw-swiss-boards.c: the Swiss engine's colours, boards and the
 * explanation of each pair
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-swiss"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "qw-message.h"
#include "qw-swiss-private.h"

/* ---- Colours, boards and explanations ------------------------------------ */

/* Which of u and v plays red, by 附录二: the lower red-minus-black balance
 * (with equal games, fewer reds), then fewer reds, then the one who had
 * black more recently, then by round parity: in odd rounds the smaller 序号
 * is red, in even rounds the larger. Returns TRUE when u is red. */
static gboolean
u_plays_red (const Engine *e,
             int           u,
             int           v,
             ColourWhy    *why)
{
  const QwSwissPlayer *p = &e->players[u];
  const QwSwissPlayer *q = &e->players[v];
  gboolean u_red = fits (e, u, v);
  gboolean v_red = fits (e, v, u);
  int bp = p->reds - p->blacks;
  int bq = q->reds - q->blacks;

  if (u_red != v_red)
    {
      *why = WHY_ONLY_WAY;
      return u_red;
    }
  if (bp != bq)
    {
      *why = WHY_BALANCE;
      return bp < bq;
    }
  if (p->reds != q->reds)
    {
      *why = WHY_FEWER_REDS;
      return p->reds < q->reds;
    }
  for (int k = 0; k < 2; k++)
    if (p->last[k] != q->last[k])
      {
        *why = WHY_SEQUENCE;
        return p->last[k] < q->last[k];
      }
  *why = WHY_PARITY;
  if (e->options->round % 2)
    return e->number[u] < e->number[v];
  return e->number[u] > e->number[v];
}

static char *
format_score (double score)
{
  return g_strdup_printf ("%g", score);
}

/* Why red cannot (red = TRUE) or black cannot go to the player. */
char *
_qw_swiss_limit_reason (const Engine        *e,
                        const QwSwissPlayer *p,
                        gboolean             red)
{
  int run = red ? _qw_swiss_colour_run (p) : -_qw_swiss_colour_run (p);
  int lead = red ? p->reds + 1 - p->blacks : p->blacks + 1 - p->reds;

  if (run >= e->max_run)
    {
      if (e->max_run == 2)
        return qw_message (red ? N_("a third red in a row") : N_("a third black in a row"), NULL);
      return qw_message_int (red ? N_("red %d times in a row") : N_("black %d times in a row"), 1, e->max_run + 1);
    }
  if (lead > e->max_diff)
    return qw_message_int (red ? N_("%d more reds than blacks") : N_("%d more blacks than reds"), 1, lead);
  return g_strdup ("");
}

static char *
colour_sentence (const Engine *e,
                 int           red,
                 int           black,
                 ColourWhy     why)
{
  const QwSwissPlayer *r = &e->players[red];
  const QwSwissPlayer *b = &e->players[black];

  switch (why)
    {
    case WHY_ONLY_WAY:
      if (!(e->can[black] & CAN_RED))
        {
          g_autofree char *reason = _qw_swiss_limit_reason (e, b, TRUE);
          g_autofree char *no = g_strdup_printf ("%d", e->number[black]);

          return qw_message (N_("No. %d plays black: red would be %s."), no, reason, NULL);
        }
      else
        {
          g_autofree char *reason = _qw_swiss_limit_reason (e, r, FALSE);
          g_autofree char *no = g_strdup_printf ("%d", e->number[red]);

          return qw_message (N_("No. %d plays red: black would be %s."), no, reason, NULL);
        }
    case WHY_BALANCE:
      return qw_message_int (N_("No. %d plays red, having the lower red-minus-black balance (%+d against %+d)."),
                             3, e->number[red], r->reds - r->blacks, b->reds - b->blacks);
    case WHY_FEWER_REDS:
      return qw_message_int (N_("No. %d plays red, having had fewer reds (%d against %d)."),
                             3, e->number[red], r->reds, b->reds);
    case WHY_SEQUENCE:
      return qw_message_int (N_("No. %d plays red, having played black more recently."), 1, e->number[red]);
    case WHY_PARITY:
      if (e->options->round % 2)
        return qw_message_int (N_("Same colour history: in odd rounds the smaller number, No. %d, plays red."),
                               1, e->number[red]);
      return qw_message_int (N_("Same colour history: in even rounds the larger number, No. %d, plays red."),
                             1, e->number[red]);
    case WHY_BOARD:
      if (e->players[red].seed < e->players[black].seed)
        return qw_message (N_("Odd board: the higher seed plays red."), NULL);
      return qw_message (N_("Even board: the lower seed plays red."), NULL);
    default:
      g_assert_not_reached ();
    }
  return NULL;
}

static char *
score_sentence (const Engine *e,
                int           red,
                int           black)
{
  int hi = e->players[red].score >= e->players[black].score ? red : black;
  int lo = hi == red ? black : red;
  g_autofree char *hs = format_score (e->players[hi].score);
  g_autofree char *ls = format_score (e->players[lo].score);

  g_autofree char *hn = g_strdup_printf ("%d", e->number[hi]);
  g_autofree char *ln = g_strdup_printf ("%d", e->number[lo]);

  if (e->players[hi].score == e->players[lo].score)
    return qw_message (N_("Score group %s: both players have %s points."), hs, hs, NULL);
  return qw_message (N_("No. %d floats down from the %s-point group and No. %d floats up from the %s-point group: the higher group could not pair everyone within itself."),
                     hn, hs, ln, ls, NULL);
}

char *
_qw_swiss_explain_pair (const Engine *e,
                        int           red,
                        int           black,
                        ColourWhy     why,
                        const char   *lead)
{
  GString *s = g_string_new (lead);
  g_autofree char *colour = colour_sentence (e, red, black, why);

  if (lead == NULL)
    {
      g_autofree char *score = score_sentence (e, red, black);
      g_string_append (s, score);
    }
  g_string_append_c (s, ' ');
  g_string_append (s, colour);
  if (e->options->avoid_units && same_unit (e, red, black))
    {
      g_autofree char *unit = qw_message (N_("Both are from the same unit: no valid pairing kept them apart."), NULL);

      g_string_append_c (s, ' ');
      g_string_append (s, unit);
    }
  return g_string_free (s, FALSE);
}

typedef struct
{
  int    red;
  int    black;
  double high;
  double low;
  int    seed;
} Board;

static int
compare_boards (const void *a,
                const void *b)
{
  const Board *x = a;
  const Board *y = b;

  if (x->high != y->high)
    return x->high > y->high ? -1 : 1;
  if (x->low != y->low)
    return x->low > y->low ? -1 : 1;
  return (x->seed > y->seed) - (x->seed < y->seed);
}

void
_qw_swiss_append_pair (QwSwissResult *out,
                       int            red,
                       int            black,
                       char          *explain)
{
  QwSwissPair pair = { red, black, explain };

  g_array_append_val (out->pairs, pair);
}

static char *
bye_sentence (const Engine *e,
              int           v,
              gboolean      passed_over)
{
  g_autofree char *score = format_score (e->players[v].score);

  g_autofree char *no = g_strdup_printf ("%d", e->number[v]);

  if (passed_over)
    return qw_message (N_("No. %d (%s points) gets the bye: lower-scored players without a bye could not be given it without leaving someone unpairable."),
                       no, score, NULL);
  return qw_message (N_("No. %d (%s points) gets the bye: the lowest score, then the lowest seed, among players who have not had one."),
                     no, score, NULL);
}

/* Boards by the pair's higher score, then its lower score, then seed; the
 * bye last. */
void
_qw_swiss_emit_boards (const Engine  *e,
                       int            bye_player,
                       gboolean       passed_over,
                       QwSwissResult *out)
{
  g_autofree Board *boards = g_new (Board, e->n / 2 + 1);
  int n_boards = 0;

  for (int u = 0; u < e->n; u++)
    {
      int v = e->partner[u];
      Board *b;
      ColourWhy why;

      if (v < u || v == e->bye)
        continue;
      b = &boards[n_boards++];
      if (u_plays_red (e, u, v, &why))
        {
          b->red = u;
          b->black = v;
        }
      else
        {
          b->red = v;
          b->black = u;
        }
      b->high = MAX (e->players[u].score, e->players[v].score);
      b->low = MIN (e->players[u].score, e->players[v].score);
      b->seed = MIN (e->players[u].seed, e->players[v].seed);
    }
  qsort (boards, n_boards, sizeof (Board), compare_boards);

  for (int k = 0; k < n_boards; k++)
    {
      ColourWhy why;

      u_plays_red (e, boards[k].red, boards[k].black, &why);
      _qw_swiss_append_pair (out, e->players[boards[k].red].id, e->players[boards[k].black].id,
                             _qw_swiss_explain_pair (e, boards[k].red, boards[k].black, why, NULL));
    }
  if (bye_player >= 0)
    _qw_swiss_append_pair (out, e->players[bye_player].id, -1, bye_sentence (e, bye_player, passed_over));
}
