/* qw-swiss-graph.c: the Swiss engine's players, their compatibility graph,
 * Edmonds' blossom search and the certificate matching (see qw-swiss.c)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-swiss"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "qw-error.h"
#include "qw-swiss-private.h"

int
_qw_swiss_colour_run (const QwSwissPlayer *p)
{
  if (p->run != 0)
    return p->run;
  if (p->last[0] == 0)
    return 0;
  if (p->last[1] == p->last[0])
    return 2 * p->last[0];
  return p->last[0];
}

gboolean
_qw_swiss_may_play_red (const Engine        *e,
                        const QwSwissPlayer *p)
{
  return _qw_swiss_colour_run (p) < e->max_run && p->reds + 1 - p->blacks <= e->max_diff;
}

gboolean
_qw_swiss_may_play_black (const Engine        *e,
                          const QwSwissPlayer *p)
{
  return -_qw_swiss_colour_run (p) < e->max_run && p->blacks + 1 - p->reds <= e->max_diff;
}

/* The colour a player is due, 附录二: the one they have had less of; with
 * equal counts, the opposite of their last colour. */
static void
colour_preference (const QwSwissPlayer *p,
                   signed char         *due,
                   guint8              *strength)
{
  int balance = p->reds - p->blacks;

  if (balance != 0)
    {
      *due = balance < 0 ? 1 : -1;
      *strength = 2;
    }
  else if (p->last[0] != 0)
    {
      *due = (signed char) -p->last[0];
      *strength = 1;
    }
  else
    {
      *due = 0;
      *strength = 0;
    }
}

static int
compare_int (const void *a,
             const void *b)
{
  int x = *(const int *) a;
  int y = *(const int *) b;

  return (x > y) - (x < y);
}

/* The met relation as sorted, duplicate-free lists, made symmetric so that a
 * game listed on one side only still counts. Opponents no longer in the
 * field (withdrawn) are dropped. */
static void
build_met (Engine     *e,
           GHashTable *index)
{
  g_autofree int *fill = g_new0 (int, e->nv + 1);

  for (int pass = 0; pass < 2; pass++)
    for (int v = 0; v < e->n; v++)
      {
        const QwSwissPlayer *p = &e->players[v];

        for (int k = 0; k < p->n_opponents; k++)
          {
            int w = GPOINTER_TO_INT (g_hash_table_lookup (index, GINT_TO_POINTER (p->opponents[k]))) - 1;

            if (w < 0 || w == v)
              continue;
            if (pass == 0)
              {
                e->met_start[v + 1]++;
                e->met_start[w + 1]++;
              }
            else
              {
                e->met[e->met_start[v] + fill[v]++] = w;
                e->met[e->met_start[w] + fill[w]++] = v;
              }
          }
        if (pass == 0 && v == e->n - 1)
          for (int u = 0; u < e->nv; u++)
            e->met_start[u + 1] += e->met_start[u];
      }

  /* Sort and squeeze out duplicates, compacting in place. */
  for (int v = 0, out = 0; v < e->nv; v++)
    {
      int *a = e->met + e->met_start[v];
      int len = fill[v];
      int start = out;

      qsort (a, len, sizeof (int), compare_int);
      for (int k = 0; k < len; k++)
        if (k == 0 || a[k] != a[k - 1])
          e->met[out++] = a[k];
      e->met_start[v] = start;
      if (v == e->nv - 1)
        e->met_start[v + 1] = out;
    }
}

gboolean
_qw_swiss_engine_init (Engine               *e,
                       const QwSwissPlayer  *players,
                       guint                 n,
                       const QwSwissOptions *options,
                       GError              **error)
{
  g_autoptr(GHashTable) index = g_hash_table_new (NULL, NULL);
  int total = 0;

  memset (e, 0, sizeof *e);
  e->players = players;
  e->n = (int) n;
  e->bye = n % 2 ? (int) n : -1;
  e->nv = (int) n + (int) (n % 2);
  e->options = options;
  e->max_run = options->max_run > 0 ? options->max_run : DEFAULT_MAX_RUN;
  e->max_diff = options->max_difference > 0 ? options->max_difference : DEFAULT_MAX_DIFFERENCE;

  for (guint i = 0; i < n; i++)
    {
      if (players[i].id < 0)
        {
          g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                       _("Player handle %d is negative"), players[i].id);
          return FALSE;
        }
      if (players[i].n_opponents < 0 || (players[i].n_opponents > 0 && players[i].opponents == NULL))
        {
          g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                       _("Player handle %d has a broken list of opponents"), players[i].id);
          return FALSE;
        }
      if (g_hash_table_contains (index, GINT_TO_POINTER (players[i].id)))
        {
          g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                       _("Player handle %d is given twice"), players[i].id);
          return FALSE;
        }
      g_hash_table_insert (index, GINT_TO_POINTER (players[i].id), GINT_TO_POINTER (i + 1));
      total += players[i].n_opponents;
    }
  total *= 2;

  e->can = g_new0 (guint8, e->nv);
  e->due = g_new0 (signed char, e->nv);
  e->strength = g_new0 (guint8, e->nv);
  e->met_start = g_new0 (int, e->nv + 1);
  e->met = g_new0 (int, MAX (total, 1));
  e->number = g_new0 (int, e->nv);
  e->start_rank = g_new0 (int, e->nv);
  e->free = g_new0 (guint8, e->nv);
  e->mstar = g_new (int, e->nv);
  e->partner = g_new (int, e->nv);
  e->base = g_new0 (int, e->nv);
  e->merged = g_new0 (int, 2 * e->nv);
  e->parent = g_new0 (int, e->nv);
  e->queue = g_new0 (int, e->nv);
  e->outer = g_new0 (guint8, e->nv);
  e->mark = g_new0 (guint, e->nv);
  e->tag = g_new0 (guint, e->nv);
  e->flist = g_new0 (int, e->nv);
  e->in_group = g_new0 (guint8, e->nv);

  for (int v = 0; v < e->nv; v++)
    {
      e->mstar[v] = -1;
      e->partner[v] = -1;
      e->free[v] = 1;
    }

  build_met (e, index);
  for (int v = 0; v < e->n; v++)
    {
      const QwSwissPlayer *p = &players[v];

      e->can[v] = (_qw_swiss_may_play_red (e, p) ? CAN_RED : 0) | (_qw_swiss_may_play_black (e, p) ? CAN_BLACK : 0);
      colour_preference (p, &e->due[v], &e->strength[v]);
      e->number[v] = p->number > 0 ? p->number : p->seed + 1;
      e->start_rank[v] = p->start_rank > 0 ? p->start_rank : p->seed + 1;
    }
  return TRUE;
}

void
_qw_swiss_engine_clear (Engine *e)
{
  g_free (e->can);
  g_free (e->due);
  g_free (e->strength);
  g_free (e->met_start);
  g_free (e->met);
  g_free (e->number);
  g_free (e->start_rank);
  g_free (e->free);
  g_free (e->mstar);
  g_free (e->partner);
  g_free (e->base);
  g_free (e->merged);
  g_free (e->parent);
  g_free (e->queue);
  g_free (e->outer);
  g_free (e->mark);
  g_free (e->tag);
  g_free (e->flist);
  g_free (e->in_group);
}

guint
_qw_swiss_next_stamp (Engine *e)
{
  if (++e->stamp == 0)
    {
      /* Wrapped: old stamps could collide, so forget them all. */
      memset (e->mark, 0, sizeof (guint) * e->nv);
      memset (e->tag, 0, sizeof (guint) * e->nv);
      e->stamp = 1;
    }
  return e->stamp;
}

/* ---- Edmonds' blossom search -------------------------------------------- */

/* Blossoms are contracted by union-find over the base array, so that a
 * contraction costs the length of its cycle rather than a pass over every
 * vertex: that pass made dense 5000-player rounds ten times slower. */
static inline int
base_of (Engine *e,
         int     v)
{
  int root = v;

  while (e->base[root] != root)
    root = e->base[root];
  while (e->base[v] != root)
    {
      int up = e->base[v];

      e->base[v] = root;
      v = up;
    }
  return root;
}

static int
find_base (Engine    *e,
           const int *mate,
           int        a,
           int        b)
{
  guint s = _qw_swiss_next_stamp (e);

  for (;;)
    {
      a = base_of (e, a);
      e->mark[a] = s;
      if (mate[a] < 0)
        break;
      a = e->parent[mate[a]];
    }
  for (;;)
    {
      b = base_of (e, b);
      if (e->mark[b] == s)
        return b;
      b = e->parent[mate[b]];
    }
}

/* Walks from v up to the blossom base b, re-pointing parents so the blossom
 * can be traversed both ways, and records the bases on the way. */
static int
mark_path (Engine    *e,
           const int *mate,
           int        v,
           int        b,
           int        child,
           int        n_merged)
{
  while (base_of (e, v) != b)
    {
      e->merged[n_merged++] = base_of (e, v);
      e->merged[n_merged++] = base_of (e, mate[v]);
      e->parent[v] = child;
      child = mate[v];
      v = e->parent[mate[v]];
    }
  return n_merged;
}

/* Grows an alternating tree from the exposed vertex @root inside the vertices
 * of @list that have @member set, and returns the exposed vertex that ends an
 * augmenting path (follow e->parent), or -1. Exposed vertices whose tag is
 * @reject are not accepted as ends. Members
 * paired with a non-member are left alone. With @upper, see augment_group. After a failed search, e->outer marks the
 * outer vertices: with @root the only exposed vertex, exactly those that some
 * maximum matching leaves exposed. O(|list|²) compatibility tests at worst. */
int
_qw_swiss_search (Engine       *e,
                  const int    *list,
                  int           len,
                  const guint8 *member,
                  int          *mate,
                  int           root,
                  guint         reject,
                  const guint8 *upper)
{
  int head = 0;
  int tail = 0;

  for (int k = 0; k < len; k++)
    {
      int i = list[k];

      e->outer[i] = 0;
      e->parent[i] = -1;
      e->base[i] = i;
    }
  e->outer[root] = 1;
  e->queue[tail++] = root;

  while (head < tail)
    {
      int v = e->queue[head++];

      for (int k = 0; k < len; k++)
        {
          int to = list[k];

          /* A vertex paired outside the list is fixed: not part of it. */
          if (!member[to] || mate[v] == to || (mate[to] >= 0 && !member[mate[to]]))
            continue;
          /* Look-back: the tree may not break into a pair inside the group
           * above from below, only leave it (see augment_group). */
          if (upper != NULL && !upper[v] && upper[to] && mate[to] >= 0 && upper[mate[to]])
            continue;
          if (!compatible (e, v, to))
            continue;
          if (base_of (e, v) == base_of (e, to))
            continue;
          if (to == root || (mate[to] >= 0 && e->parent[mate[to]] >= 0))
            {
              int b = find_base (e, mate, v, to);
              int n_merged = mark_path (e, mate, v, b, to, 0);

              n_merged = mark_path (e, mate, to, b, v, n_merged);
              /* Inner vertices on the cycle are single vertices that now
               * turn outer; the outer bases were outer already. */
              for (int j = 0; j < n_merged; j++)
                {
                  int x = e->merged[j];

                  if (x != b)
                    e->base[x] = b;
                  if (!e->outer[x])
                    {
                      e->outer[x] = 1;
                      e->queue[tail++] = x;
                    }
                }
            }
          else if (e->parent[to] < 0)
            {
              if (mate[to] < 0)
                {
                  if (reject != 0 && e->tag[to] == reject)
                    continue;
                  e->parent[to] = v;
                  return to;
                }
              e->parent[to] = v;
              e->outer[mate[to]] = 1;
              e->queue[tail++] = mate[to];
            }
        }
    }
  return -1;
}

void
_qw_swiss_augment (Engine *e,
                   int    *mate,
                   int     end)
{
  while (end >= 0)
    {
      int p = e->parent[end];
      int next = mate[p];

      mate[end] = p;
      mate[p] = end;
      end = next;
    }
}

/* ---- The certificate: a perfect matching of the free vertices ----------- */

void
_qw_swiss_rebuild_free_list (Engine *e)
{
  e->flen = 0;
  for (int v = 0; v < e->nv; v++)
    if (e->free[v])
      e->flist[e->flen++] = v;
}

/* A maximum matching of the whole graph: greedy, then one search from every
 * vertex left exposed (Edmonds: a vertex with no augmenting path now never
 * gets one later). Returns the number of exposed vertices. */
int
_qw_swiss_maximum_matching (Engine *e)
{
  int exposed = 0;

  _qw_swiss_rebuild_free_list (e);
  for (int u = 0; u < e->nv; u++)
    {
      if (e->mstar[u] >= 0)
        continue;
      for (int v = u + 1; v < e->nv; v++)
        if (e->mstar[v] < 0 && compatible (e, u, v))
          {
            e->mstar[u] = v;
            e->mstar[v] = u;
            break;
          }
    }
  for (int u = 0; u < e->nv; u++)
    {
      int end;

      if (e->mstar[u] >= 0)
        continue;
      end = _qw_swiss_search (e, e->flist, e->flen, e->free, e->mstar, u, 0, NULL);
      if (end >= 0)
        _qw_swiss_augment (e, e->mstar, end);
      else
        exposed++;
    }
  return exposed;
}

/* Takes u and v out of the free set if what remains can still be paired,
 * repairing mstar; otherwise changes nothing and returns FALSE. */
gboolean
_qw_swiss_try_commit (Engine *e,
                      int     u,
                      int     v)
{
  int a = e->mstar[u];
  int b = e->mstar[v];
  int end;

  e->free[u] = 0;
  e->free[v] = 0;
  e->mstar[u] = -1;
  e->mstar[v] = -1;
  if (a == v)
    return TRUE;

  e->mstar[a] = -1;
  e->mstar[b] = -1;
  if (compatible (e, a, b))
    {
      e->mstar[a] = b;
      e->mstar[b] = a;
      return TRUE;
    }
  end = _qw_swiss_search (e, e->flist, e->flen, e->free, e->mstar, a, 0, NULL);
  if (end >= 0)
    {
      _qw_swiss_augment (e, e->mstar, end);
      return TRUE;
    }

  e->free[u] = 1;
  e->free[v] = 1;
  e->mstar[u] = a;
  e->mstar[a] = u;
  e->mstar[v] = b;
  e->mstar[b] = v;
  return FALSE;
}

/* Tags (with the returned stamp) every free vertex w such that committing
 * (u, w) keeps the rest pairable: the set D of the free graph without u. */
guint
_qw_swiss_safe_partners (Engine *e,
                         int     u)
{
  int a = e->mstar[u];
  guint s;

  e->free[u] = 0;
  e->mstar[a] = -1;
  _qw_swiss_search (e, e->flist, e->flen, e->free, e->mstar, a, 0, NULL);
  s = _qw_swiss_next_stamp (e);
  for (int k = 0; k < e->flen; k++)
    {
      int w = e->flist[k];

      if (e->free[w] && e->outer[w])
        e->tag[w] = s;
    }
  e->free[u] = 1;
  e->mstar[a] = u;
  return s;
}
