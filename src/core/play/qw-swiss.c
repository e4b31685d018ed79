/* qw-swiss.c: the Swiss pairing engine (积分编排制, 《象棋竞赛规则》附录二)
 *
 * This file holds the bye, the score groups, round 1 and the entry point;
 * qw-swiss-private.h lists the others.
 *
 * How a later round is paired
 * ---------------------------
 * The hard rules (no rematch, the colour limits, one bye at most, everyone
 * paired) define a compatibility graph on the players, plus one "bye"
 * vertex when the count is odd. A valid pairing is a perfect matching of
 * that graph. The engine first finds one with Edmonds' blossom algorithm;
 * if there is none, no valid pairing exists and the Gallai–Edmonds
 * structure of the maximum matching names the players left over and why.
 *
 * That perfect matching (mstar) is then kept as a certificate while the
 * real pairing is built greedily by score group, from the top down, with
 * the preferences of 附录二: same score first, then colour preferences, unit
 * avoidance and seeding order (拦腰 inside the group: the i-th of m meets
 * the (i + m/2)-th). Every pair the greedy wants is committed only if the
 * players still free keep a perfect matching; the certificate is repaired
 * with at most one augmenting-path search, and when a wanted pair would
 * strand someone, one search yields every partner that is still safe
 * (the Gallai–Edmonds set D of the remaining graph). So the greedy can
 * never paint itself into a corner: completeness is exact. After the
 * greedy, augmenting paths inside the group (under the same guard) pair as
 * many of its players as possible; then paths that may also re-pair the
 * group above, without costing it a pair, let a different player float
 * down when that one fits here. The rest float to the top of the next group.
 *
 * How good the score order is: the top group always floats the fewest
 * possible players (never failed against brute force), no two boards can
 * ever be re-paired into smaller score differences, and on small, tightly
 * constrained fields 99.8 % of rounds match the exact lexicographic optimum
 * (tests/test-swiss.c). An exact optimum needs weighted matching, O(n³),
 * too slow for 5000 players.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-swiss"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "qw-error.h"
#include "qw-message.h"
#include "qw-swiss-private.h"

/* ---- The bye ------------------------------------------------------------- */

static int
compare_bye_candidates (gconstpointer a,
                        gconstpointer b,
                        gpointer      user_data)
{
  const QwSwissPlayer *players = user_data;
  const QwSwissPlayer *p = &players[*(const int *) a];
  const QwSwissPlayer *q = &players[*(const int *) b];

  if (p->score != q->score)
    return p->score < q->score ? -1 : 1;
  /* Among the lowest scores, the lowest seed. */
  return (p->seed < q->seed) - (p->seed > q->seed);
}

/* Gives the bye to the lowest-scored player who has not had one (the lowest
 * seed among them) unless that would leave the others unpairable, in which
 * case the next such player who keeps them pairable. Returns the player and
 * whether the first choice had to be passed over. */
static int
commit_bye (Engine   *e,
            gboolean *passed_over)
{
  g_autofree int *cands = g_new (int, e->n);
  int n_cands = 0;
  guint safe;

  for (int v = 0; v < e->n; v++)
    if (!e->players[v].had_bye)
      cands[n_cands++] = v;
  g_qsort_with_data (cands, n_cands, sizeof (int), compare_bye_candidates, (gpointer) e->players);

  *passed_over = FALSE;
  if (n_cands > 0 && _qw_swiss_try_commit (e, cands[0], e->bye))
    return cands[0];

  *passed_over = TRUE;
  safe = _qw_swiss_safe_partners (e, e->bye);
  for (int k = 1; k < n_cands; k++)
    if (e->tag[cands[k]] == safe && _qw_swiss_try_commit (e, cands[k], e->bye))
      return cands[k];

  g_assert_not_reached ();
  return -1;
}

/* ---- Score groups, top down ---------------------------------------------- */

typedef struct
{
  int    *items;   /* vertices in pairing order */
  int     m;
  int    *next;    /* union-find: next available position >= i (m: none) */
  int    *prev;    /* union-find over i + 1: previous available position <= i (-1: none) */
} Group;

static int
group_find_next (Group *g,
                 int    i)
{
  int root = i;

  while (g->next[root] != root)
    root = g->next[root];
  while (g->next[i] != root)
    {
      int up = g->next[i];

      g->next[i] = root;
      i = up;
    }
  return root;
}

static int
group_find_prev (Group *g,
                 int    i)
{
  int root = i + 1;
  int j = i + 1;

  while (g->prev[root] != root)
    root = g->prev[root];
  while (g->prev[j] != root)
    {
      int up = g->prev[j];

      g->prev[j] = root;
      j = up;
    }
  return root - 1;
}

static void
group_take (Group *g,
            int    i)
{
  g->next[i] = i + 1;
  g->prev[i + 1] = i;
}

/* Colour cost of a pair: how far the better colour assignment strays from
 * what the two are due. Within the hard limits only. */
static int
colour_cost (const Engine *e,
             int           u,
             int           v)
{
  int best = G_MAXINT;

  for (int side = 0; side < 2; side++)
    {
      int red = side ? v : u;
      int black = side ? u : v;
      int cost = 0;

      if (!(e->can[red] & CAN_RED) || !(e->can[black] & CAN_BLACK))
        continue;
      if (e->due[red] < 0)
        cost += e->strength[red];
      if (e->due[black] > 0)
        cost += e->strength[black];
      best = MIN (best, cost);
    }
  return best;
}

/* The best partner for the player at position i among the group's available
 * positions: least colour cost, then unit avoidance, then nearest to the 拦腰
 * position i + m/2. With @safe non-zero only tagged vertices qualify. Scans
 * outwards from the ideal position and stops once nothing can be better. */
static int
best_partner (Engine *e,
              Group  *g,
              int     i,
              guint   safe)
{
  int u = g->items[i];
  int ideal = MIN (i + g->m / 2, g->m - 1);
  int right = group_find_next (g, ideal);
  int left = group_find_prev (g, ideal - 1);
  gint64 best_key = G_MAXINT64;
  int best = -1;
  gint64 span = g->m + 1;

  while (right < g->m || left >= 0)
    {
      int dr = right < g->m ? right - ideal : G_MAXINT;
      int dl = left >= 0 ? ideal - left : G_MAXINT;
      gboolean take_right = dr <= dl;
      int at = take_right ? right : left;
      int d = take_right ? dr : dl;
      int v = g->items[at];
      gint64 key;

      if ((gint64) d * 2 > best_key)
        break;
      if (take_right)
        right = group_find_next (g, right + 1);
      else
        left = group_find_prev (g, left - 1);

      if ((safe != 0 && e->tag[v] != safe) || !compatible (e, u, v))
        continue;
      key = (gint64) colour_cost (e, u, v) * 2;
      if (e->options->avoid_units && same_unit (e, u, v))
        key += 1;
      key = (key * span + d) * 2 + (take_right ? 0 : 1);
      if (key < best_key)
        {
          best_key = key;
          best = at;
        }
    }
  return best;
}

static void
set_pair (Engine *e,
          int     u,
          int     v)
{
  e->partner[u] = v;
  e->partner[v] = u;
}

/* The greedy pass over one group: each player in order takes the best
 * partner whose pairing keeps the rest of the field pairable. */
static void
greedy_group (Engine *e,
              Group  *g)
{
  for (int i = 0; i < g->m; i++)
    {
      int u = g->items[i];
      int at;

      if (!e->free[u])
        continue;
      group_take (g, i);
      at = best_partner (e, g, i, 0);
      if (at >= 0 && _qw_swiss_try_commit (e, u, g->items[at]))
        {
          set_pair (e, u, g->items[at]);
          group_take (g, at);
          continue;
        }
      if (at < 0)
        continue;   /* no one here at all: u floats down */
      at = best_partner (e, g, i, _qw_swiss_safe_partners (e, u));
      if (at < 0)
        continue;
      if (!_qw_swiss_try_commit (e, u, g->items[at]))
        g_assert_not_reached ();
      set_pair (e, u, g->items[at]);
      group_take (g, at);
    }
}

static void
apply_path (Engine *e,
            GArray *path)
{
  for (guint k = 0; k + 1 < path->len; k += 2)
    set_pair (e, g_array_index (path, int, k), g_array_index (path, int, k + 1));
}

/* Pairs inside the upper group's own set that a re-pairing gains or loses. */
static int
upper_pairs_delta (const Engine *e,
                   GArray       *path,
                   const guint8 *upper)
{
  int delta = 0;

  for (guint k = 0; k + 1 < path->len; k += 2)
    {
      int a = g_array_index (path, int, k);
      int b = g_array_index (path, int, k + 1);
      int old = e->partner[b];

      delta += upper[a] && upper[b];
      if (old >= 0 && old != a)
        delta -= upper[b] && upper[old];
    }
  return delta;
}

/* Pairs more of the group by augmenting paths, so that only as few players
 * as incompatibilities force float down. The paths may also run through the
 * group above (its players are all paired by now): re-pairing it can let a
 * different player float into this group, one who fits here. Such a path is
 * taken only if the upper group keeps as many pairs inside itself, so no
 * higher cut gets a larger score difference: the tree enters the upper group
 * only through a floater's pair, re-pairs inside it, and leaves through the
 * player who floats instead (checked again on the path, as blossoms can
 * bend that rule). @list holds the upper group's
 * paired players, then this group; @upper flags the upper group's members
 * (its floaters included). */
static void
augment_group (Engine       *e,
               Group        *g,
               const int    *list,
               int           len,
               const guint8 *upper)
{
  g_autoptr(GArray) path = g_array_new (FALSE, FALSE, sizeof (int));
  int exposed = 0;

  for (int i = 0; i < g->m; i++)
    exposed += e->partner[g->items[i]] < 0;
  if (exposed < 2)
    return;

  for (int k = 0; k < len; k++)
    e->in_group[list[k]] = 1;

  for (int i = 0; i < g->m && exposed >= 2; i++)
    {
      int x = g->items[i];
      guint reject = _qw_swiss_next_stamp (e);

      if (e->partner[x] >= 0)
        continue;
      for (;;)
        {
          int end = _qw_swiss_search (e, list, len, e->in_group, e->partner, x, reject, upper);

          if (end < 0)
            break;
          g_array_set_size (path, 0);
          for (int w = end; w >= 0; w = e->partner[e->parent[w]])
            {
              g_array_append_val (path, w);
              g_array_append_val (path, e->parent[w]);
            }
          if (upper_pairs_delta (e, path, upper) >= 0 && _qw_swiss_try_commit (e, x, end))
            {
              apply_path (e, path);
              exposed -= 2;
              break;
            }
          e->tag[end] = reject;
        }
    }

  for (int k = 0; k < len; k++)
    e->in_group[list[k]] = 0;
}

static int
compare_score_order (gconstpointer a,
                     gconstpointer b,
                     gpointer      user_data)
{
  const QwSwissPlayer *players = user_data;
  const QwSwissPlayer *p = &players[*(const int *) a];
  const QwSwissPlayer *q = &players[*(const int *) b];

  if (p->score != q->score)
    return p->score > q->score ? -1 : 1;
  return (p->seed > q->seed) - (p->seed < q->seed);
}

/* Pairs every free player, score group by score group from the top; the
 * players a group cannot pair float down to the top of the next one. */
static void
pair_score_groups (Engine *e)
{
  g_autofree int *order = g_new (int, e->n);
  g_autofree int *items = g_new (int, e->n);
  g_autofree int *next = g_new (int, e->n + 1);
  g_autofree int *prev = g_new (int, e->n + 1);
  g_autofree int *upper = g_new (int, e->n);      /* the group above, as it was paired */
  g_autofree int *list = g_new (int, 2 * e->n);
  g_autofree guint8 *in_upper = g_new0 (guint8, e->nv);
  int n_upper = 0;
  int n_floaters = 0;

  for (int v = 0; v < e->n; v++)
    order[v] = v;
  g_qsort_with_data (order, e->n, sizeof (int), compare_score_order, (gpointer) e->players);

  for (int start = 0; start < e->n;)
    {
      int end = start;
      Group g = { items, 0, next, prev };

      while (end < e->n && e->players[order[end]].score == e->players[order[start]].score)
        end++;

      /* The floaters from above are already at the front of items. */
      g.m = n_floaters;
      for (int k = start; k < end; k++)
        if (e->free[order[k]])
          items[g.m++] = order[k];
      for (int k = 0; k <= g.m; k++)
        {
          next[k] = k;
          prev[k] = k;
        }

      _qw_swiss_rebuild_free_list (e);
      greedy_group (e, &g);
      {
        int len = 0;

        /* The upper group's paired players that did not float here. */
        for (int k = 0; k < g.m; k++)
          e->in_group[items[k]] = 1;
        for (int k = 0; k < n_upper; k++)
          if (e->partner[upper[k]] >= 0 && !e->in_group[upper[k]])
            list[len++] = upper[k];
        for (int k = 0; k < g.m; k++)
          e->in_group[items[k]] = 0;
        memcpy (list + len, items, sizeof (int) * g.m);
        /* Inside the group first: a path through the group above that is
         * refused could otherwise hide a plain one to the same player. */
        augment_group (e, &g, items, g.m, in_upper);
        if (len > 0)
          augment_group (e, &g, list, len + g.m, in_upper);
      }

      for (int k = 0; k < n_upper; k++)
        in_upper[upper[k]] = 0;
      memcpy (upper, items, sizeof (int) * g.m);
      n_upper = g.m;
      for (int k = 0; k < n_upper; k++)
        in_upper[upper[k]] = 1;

      n_floaters = 0;
      for (int k = 0; k < g.m; k++)
        if (e->partner[items[k]] < 0)
          items[n_floaters++] = items[k];

      start = end;
    }
  g_assert (n_floaters == 0);
}

/* ---- Round 1 --------------------------------------------------------------- */

static int
compare_seed (gconstpointer a,
              gconstpointer b,
              gpointer      user_data)
{
  const QwSwissPlayer *players = user_data;
  int s = players[*(const int *) a].seed;
  int t = players[*(const int *) b].seed;

  return (s > t) - (s < t);
}

static const char *
first_round_mode_name (QwFirstRoundMode mode)
{
  switch (mode)
    {
    case QW_FIRST_ROUND_SHOUWEI:
      return N_("first against last (首尾)");
    case QW_FIRST_ROUND_LINJIN:
      return N_("neighbours (临近)");
    case QW_FIRST_ROUND_RANDOM:
      return N_("lottery (随机)");
    case QW_FIRST_ROUND_LANYAO:
    default:
      return N_("top half against bottom half (拦腰)");
    }
}

/* Swaps the lower-seeded sides of two boards to separate players of one
 * unit, trying the nearest boards first; a swap must not create a clash. */
static void
separate_units (const Engine *e,
                int          *top,
                int          *bottom,
                int           n_boards)
{
  for (int k = 0; k < n_boards; k++)
    {
      if (!same_unit (e, top[k], bottom[k]))
        continue;
      for (int d = 1; d < n_boards; d++)
        {
          int j = -1;

          if (k + d < n_boards && !same_unit (e, top[k], bottom[k + d])
              && !same_unit (e, top[k + d], bottom[k]))
            j = k + d;
          else if (k - d >= 0 && !same_unit (e, top[k], bottom[k - d])
                   && !same_unit (e, top[k - d], bottom[k]))
            j = k - d;
          if (j >= 0)
            {
              int t = bottom[k];

              bottom[k] = bottom[j];
              bottom[j] = t;
              break;
            }
        }
    }
}

/* The first round from seeding order. Returns FALSE (and emits nothing) when
 * the players carry history that the fixed scheme would break, so that the
 * general engine handles them. */
static gboolean
pair_first_round (Engine        *e,
                  QwSwissResult *out)
{
  const QwSwissOptions *o = e->options;
  g_autofree int *order = g_new (int, e->n);
  g_autofree int *top = g_new (int, e->n / 2 + 1);
  g_autofree int *bottom = g_new (int, e->n / 2 + 1);
  int m = e->n;
  int h;
  int bye_player = -1;

  for (int v = 0; v < e->n; v++)
    order[v] = v;
  g_qsort_with_data (order, e->n, sizeof (int), compare_seed, (gpointer) e->players);

  if (m % 2)
    {
      int k = m - 1;

      while (k >= 0 && e->players[order[k]].had_bye)
        k--;
      if (k < 0)
        return FALSE;
      bye_player = order[k];
      memmove (order + k, order + k + 1, sizeof (int) * (m - 1 - k));
      m--;
    }
  h = m / 2;

  if (o->first_round == QW_FIRST_ROUND_RANDOM)
    {
      guint32 words[2] = { (guint32) o->lottery_seed, (guint32) (o->lottery_seed >> 32) };
      g_autoptr(GRand) rand = g_rand_new_with_seed_array (words, 2);

      for (int k = m - 1; k > 0; k--)
        {
          int j = g_rand_int_range (rand, 0, k + 1);
          int t = order[k];

          order[k] = order[j];
          order[j] = t;
        }
    }

  for (int k = 0; k < h; k++)
    {
      switch (o->first_round)
        {
        case QW_FIRST_ROUND_SHOUWEI:
          top[k] = order[k];
          bottom[k] = order[m - 1 - k];
          break;
        case QW_FIRST_ROUND_LINJIN:
        case QW_FIRST_ROUND_RANDOM:
          top[k] = order[2 * k];
          bottom[k] = order[2 * k + 1];
          break;
        case QW_FIRST_ROUND_LANYAO:
        default:
          top[k] = order[k];
          bottom[k] = order[k + h];
          break;
        }
      if (e->players[bottom[k]].seed < e->players[top[k]].seed)
        {
          int t = top[k];

          top[k] = bottom[k];
          bottom[k] = t;
        }
    }
  if (o->avoid_units)
    separate_units (e, top, bottom, h);

  for (int k = 0; k < h; k++)
    {
      /* Odd boards (1, 3, …): the higher seed is red; even boards: black. */
      int red = k % 2 == 0 ? top[k] : bottom[k];
      int black = k % 2 == 0 ? bottom[k] : top[k];

      if (!fits (e, red, black) || has_met (e, red, black))
        return FALSE;
    }

  for (int k = 0; k < h; k++)
    {
      int red = k % 2 == 0 ? top[k] : bottom[k];
      int black = k % 2 == 0 ? bottom[k] : top[k];
      /* Stored as a message, rendered in the reader's language (qw-message.h). */
      g_autofree char *mode = qw_message (first_round_mode_name (o->first_round), NULL);
      g_autofree char *top_seed = g_strdup_printf ("%d", e->start_rank[top[k]]);
      g_autofree char *top_no = g_strdup_printf ("%d", e->number[top[k]]);
      g_autofree char *bottom_seed = g_strdup_printf ("%d", e->start_rank[bottom[k]]);
      g_autofree char *bottom_no = g_strdup_printf ("%d", e->number[bottom[k]]);
      g_autofree char *lead = qw_message (N_("Round 1, %s: seed %d (No. %d) against seed %d (No. %d)."),
                                          mode, top_seed, top_no, bottom_seed, bottom_no, NULL);

      _qw_swiss_append_pair (out, e->players[red].id, e->players[black].id,
                             _qw_swiss_explain_pair (e, red, black, WHY_BOARD, lead));
    }
  if (bye_player >= 0)
    _qw_swiss_append_pair (out, e->players[bye_player].id, -1,
                           qw_message_int (N_("Round 1: seed %d (No. %d), the lowest seed without a bye, gets the bye."),
                                           2, e->start_rank[bye_player], e->number[bye_player]));
  return TRUE;
}

/* ---- Entry point ------------------------------------------------------------ */

static void
clear_pairs (QwSwissResult *out)
{
  for (guint k = 0; k < out->pairs->len; k++)
    g_free (g_array_index (out->pairs, QwSwissPair, k).explain);
  g_array_set_size (out->pairs, 0);
}

/**
 * qw_swiss_pair:
 *
 * Complexity, for n players of whom each has met at most r others: building
 * the graph is O(n r log r); a compatibility test is O(log r). The first
 * maximum matching is a greedy pass plus one blossom search per vertex it
 * leaves exposed, O(n²) tests each in the worst case. The greedy then
 * scans each player's group outwards from its 拦腰 position and stops at the
 * first partner nothing can beat, O(1) amortised when colours balance and
 * O(group) when they do not; each commit costs O(1) when the certificate's
 * two orphaned partners may meet and one O(n²) search otherwise (blossoms
 * contract by union-find, so a search is O(n²) tests, not O(n³)). The
 * augmenting passes run only on groups left with two or more unpaired
 * players, O(m²) per search for a group of m. In a large field nearly
 * every commit is O(1), so a round is close to O(n log n + Σ group scans);
 * the worst case (a sparse, nearly unpairable field) is O(n³), Edmonds'
 * bound. Measured: 2000 players at round 9 in about 2.5 ms, 5000 × 9
 * rounds in about 40 ms (tests/bench-swiss.c).
 */
gboolean
qw_swiss_pair (const QwSwissPlayer  *players,
               guint                 n_players,
               const QwSwissOptions *options,
               QwSwissResult        *out,
               GError              **error)
{
  Engine e;
  int bye_player = -1;
  gboolean passed_over = FALSE;

  g_return_val_if_fail (players != NULL || n_players == 0, FALSE);
  g_return_val_if_fail (options != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  out->pairs = g_array_new (FALSE, FALSE, sizeof (QwSwissPair));
  out->unpairable = g_ptr_array_new_with_free_func (g_free);

  if (n_players > G_MAXINT / 4)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_TOO_LARGE,
                   _("Too many players to pair (%u)"), n_players);
      return FALSE;
    }
  if (!_qw_swiss_engine_init (&e, players, n_players, options, error))
    {
      _qw_swiss_engine_clear (&e);
      return FALSE;
    }

  if (options->round <= 1 && e.n > 0 && pair_first_round (&e, out))
    {
      _qw_swiss_engine_clear (&e);
      return TRUE;
    }
  clear_pairs (out);

  if (_qw_swiss_maximum_matching (&e) > 0)
    {
      _qw_swiss_explain_failure (&e, out);
      g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT,
                   _("No valid pairing exists for round %d: %u players cannot all be paired under the rules"),
                   options->round, n_players);
      _qw_swiss_engine_clear (&e);
      return FALSE;
    }

  if (e.bye >= 0)
    {
      _qw_swiss_rebuild_free_list (&e);
      bye_player = commit_bye (&e, &passed_over);
      e.partner[bye_player] = e.bye;
      e.partner[e.bye] = bye_player;
    }
  pair_score_groups (&e);
  _qw_swiss_emit_boards (&e, bye_player, passed_over, out);

  _qw_swiss_engine_clear (&e);
  return TRUE;
}

void
qw_swiss_result_clear (QwSwissResult *result)
{
  g_return_if_fail (result != NULL);

  if (result->pairs != NULL)
    {
      clear_pairs (result);
      g_array_unref (result->pairs);
      result->pairs = NULL;
    }
  g_clear_pointer (&result->unpairable, g_ptr_array_unref);
}
