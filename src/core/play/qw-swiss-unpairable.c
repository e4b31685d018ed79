/* qw-swiss-unpairable.c: when no valid pairing exists, the Swiss engine says
 * who is left over and why (the Gallai–Edmonds structure)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-swiss"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "qw-message.h"
#include "qw-swiss-private.h"

/* ---- When no valid pairing exists ----------------------------------------- */

static char *
name_list (const Engine *e,
           const int    *vs,
           int           count)
{
  GString *s = g_string_new (NULL);

  for (int k = 0; k < count && k < MAX_NAMES; k++)
    {
      if (k > 0)
        g_string_append (s, ", ");
      if (vs[k] == e->bye)
        g_string_append (s, _("the bye"));
      else
        g_string_append_printf (s, _("No. %d"), e->number[vs[k]]);
    }
  if (count > MAX_NAMES)
    g_string_append (s, ", …");
  return g_string_free (s, FALSE);
}

/* A player who can play a colour but has met every remaining opponent:
 * said once for all of them (a finished round robin), not once each. */
static gboolean
met_everyone (const Engine *e,
              int           v)
{
  int others = 0;

  if ((e->can[v] & (CAN_RED | CAN_BLACK)) == 0)
    return FALSE;
  for (int w = 0; w < e->n; w++)
    {
      if (w == v)
        continue;
      others++;
      if (!has_met (e, v, w))
        return FALSE;
    }
  return others > 0;
}

/* The limit as said now, in the reader's language (the explanations store it
 * as a message). */
static char *
limit_text (const Engine        *e,
            const QwSwissPlayer *p,
            gboolean             red)
{
  g_autofree char *message = _qw_swiss_limit_reason (e, p, red);

  return qw_message_render (message);
}

/* A player with no possible opponent at all: say which rule stops each. */
static char *
isolated_reason (const Engine *e,
                 int           v)
{
  const QwSwissPlayer *p = &e->players[v];
  gboolean red = (e->can[v] & CAN_RED) != 0;
  gboolean black = (e->can[v] & CAN_BLACK) != 0;
  int met = 0;
  int others = 0;

  if (!red && !black)
    {
      g_autofree char *no_red = limit_text (e, p, TRUE);
      g_autofree char *no_black = limit_text (e, p, FALSE);

      return g_strdup_printf (_("No. %d can play neither colour: red would be %s and black would be %s."),
                              e->number[v], no_red, no_black);
    }
  for (int w = 0; w < e->n; w++)
    {
      if (w == v)
        continue;
      others++;
      met += has_met (e, v, w);
    }
  if (others == 0)
    return g_strdup_printf (_("No. %d is the only player and has already had a bye."), e->number[v]);
  if (met == others)
    return g_strdup_printf (_("No. %d has already met every remaining opponent."), e->number[v]);
  if (red && black)
    return g_strdup_printf (_("No. %d has already met every remaining opponent who can still play."),
                            e->number[v]);
  {
    g_autofree char *reason = limit_text (e, p, !red);

    if (met == 0)
      return g_strdup_printf (red ? _("No. %d must play red (black would be %s), and so must every remaining opponent.")
                                  : _("No. %d must play black (red would be %s), and so must every remaining opponent."),
                              e->number[v], reason);
    return g_strdup_printf (red ? _("No. %d must play red (black would be %s), and every remaining opponent who could play black has already met them.")
                                : _("No. %d must play black (red would be %s), and every remaining opponent who could play red has already met them."),
                            e->number[v], reason);
  }
}

/* Players by 序号, for lists in messages. */
static int
compare_number (gconstpointer a,
                gconstpointer b,
                gpointer      user_data)
{
  const Engine *e = user_data;
  int x = *(const int *) a, y = *(const int *) b;
  int nx = x == e->bye ? G_MAXINT : e->number[x], ny = y == e->bye ? G_MAXINT : e->number[y];

  return (nx > ny) - (nx < ny);
}

/* After a failed search from the exposed vertex x, the outer vertices of its
 * tree can only be paired with the inner ones, and there is one too few.
 * One message for the whole tangle, naming its players once: every outer
 * vertex is marked reported, so that a search from another of them does not
 * say the same again. */
static void
explain_tree (Engine    *e,
              int        x,
              guint8    *reported,
              GPtrArray *messages)
{
  g_autofree int *outer = g_new (int, e->nv);
  g_autofree int *inner = g_new (int, e->nv);
  g_autofree char *inner_names = NULL;
  g_autofree char *outer_names = NULL;
  int n_outer = 0;
  int n_inner = 0;

  if (reported[x])
    return;
  _qw_swiss_search (e, e->flist, e->flen, e->free, e->mstar, x, 0, NULL);
  for (int k = 0; k < e->flen; k++)
    {
      int v = e->flist[k];

      if (e->outer[v])
        {
          if (v != e->bye)
            outer[n_outer++] = v;
          reported[v] = 1;
        }
      else if (e->parent[v] >= 0)
        inner[n_inner++] = v;
    }
  reported[x] = 1;
  g_qsort_with_data (outer, n_outer, sizeof (int), compare_number, e);
  g_qsort_with_data (inner, n_inner, sizeof (int), compare_number, e);
  inner_names = name_list (e, inner, n_inner);

  if (x == e->bye)
    {
      g_ptr_array_add (messages,
                       g_strdup_printf (_("Nobody can take the bye: the players who have not had one (%s) are each needed on a board."),
                                        inner_names));
      return;
    }
  if (n_outer == 0)
    return;
  outer_names = name_list (e, outer, n_outer);
  if (n_inner > 0)
    g_ptr_array_add (messages,
                     g_strdup_printf (_("%s can only meet %s: %d players for %d opponents, one opponent too few."),
                                      outer_names, inner_names, n_outer, n_inner));
  else
    g_ptr_array_add (messages,
                     g_strdup_printf (_("%s can only meet one another, and these %d players cannot be split into pairs."),
                                      outer_names, n_outer));
}

static gboolean
isolated (const Engine *e,
          int           x)
{
  for (int w = 0; w < e->nv; w++)
    if (compatible (e, x, w))
      return FALSE;
  return TRUE;
}

void
_qw_swiss_explain_failure (Engine        *e,
                           QwSwissResult *out)
{
  g_autofree guint8 *reported = g_new0 (guint8, e->nv);
  g_autofree int *all_met = g_new (int, MAX (e->n, 1));
  int n_all_met = 0;
  int tangled = 0;
  gboolean no_bye = e->bye >= 0 && e->mstar[e->bye] < 0 && isolated (e, e->bye);

  for (int x = 0; x < e->n; x++)
    tangled += e->mstar[x] < 0 && !isolated (e, x);

  if (no_bye)
    g_ptr_array_add (out->unpairable,
                     g_strdup_printf (_("All %d players have had a bye, and the odd number of players needs one."),
                                      e->n));
  for (int x = 0; x < e->n; x++)
    if (e->mstar[x] < 0 && x != e->bye && isolated (e, x) && met_everyone (e, x))
      all_met[n_all_met++] = x;
  if (n_all_met > 1)
    {
      g_autofree char *names = NULL;

      g_qsort_with_data (all_met, n_all_met, sizeof (int), compare_number, e);
      names = name_list (e, all_met, n_all_met);
      g_ptr_array_add (out->unpairable,
                       g_strdup_printf (_("%s have each already met every remaining opponent."), names));
    }
  for (int x = 0; x < e->nv; x++)
    {
      if (e->mstar[x] >= 0 || x == e->bye)
        continue;
      if (isolated (e, x))
        {
          if (n_all_met <= 1 || !met_everyone (e, x))
            g_ptr_array_add (out->unpairable, isolated_reason (e, x));
        }
      else if (!(no_bye && tangled == 1))
        explain_tree (e, x, reported, out->unpairable);
    }
  if (e->bye >= 0 && e->mstar[e->bye] < 0 && !no_bye)
    explain_tree (e, e->bye, reported, out->unpairable);
}
