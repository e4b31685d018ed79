/* qw-roundrobin.c: round robin by the Berger tables (贝格尔编排法)
 *
 * The tables follow from a closed formula (xiangqi-rules.md §2.1). With an
 * even field size n (a dummy added to an odd field) and rounds r = 1 … n−1:
 *   - players i, j < n meet in round r when (i + j − 2) mod (n − 1) = r − 1;
 *     the lower number is red when i + j is odd, else the higher number;
 *   - player n meets the i with (2i − 2) mod (n − 1) = r − 1, and is red in
 *     even rounds.
 * The published tables list the largest number's pair first and then, going
 * outwards from its opponent p, the pairs p + k and p − k (mod n − 1).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-roundrobin"

#include "config.h"

#include "qw-roundrobin.h"

int
qw_berger_rounds (int n_players)
{
  if (n_players < 2)
    return 0;
  return n_players % 2 == 0 ? n_players - 1 : n_players;
}

/* Wraps a number into 1 … m. */
static int
wrap (int value,
      int m)
{
  int w = ((value - 1) % m + m) % m;

  return w + 1;
}

static QwBergerPair
coloured (int a,
          int b)
{
  int lo = MIN (a, b), hi = MAX (a, b);

  if ((a + b) % 2 == 1)
    return (QwBergerPair) { lo, hi };
  return (QwBergerPair) { hi, lo };
}

GArray *
qw_berger_round (int n_players,
                 int round)
{
  int n = n_players + (n_players % 2);   /* with the dummy */
  int m = n - 1;
  GArray *pairs = g_array_new (FALSE, FALSE, sizeof (QwBergerPair));
  QwBergerPair first;
  int p = 0;

  g_return_val_if_fail (n_players >= 2, pairs);
  g_return_val_if_fail (round >= 1 && round <= m, pairs);

  /* The largest number's opponent: 2p − 2 ≡ r − 1 (mod n − 1). */
  for (int i = 1; i <= m; i++)
    if ((2 * i - 2) % m == round - 1)
      p = i;
  if (n != n_players)   /* the dummy: p has the bye */
    first = (QwBergerPair) { p, 0 };
  else if (round % 2 == 0)
    first = (QwBergerPair) { n, p };
  else
    first = (QwBergerPair) { p, n };
  g_array_append_val (pairs, first);
  for (int k = 1; k < n / 2; k++)
    {
      QwBergerPair pair = coloured (wrap (p + k, m), wrap (p - k, m));

      g_array_append_val (pairs, pair);
    }
  return pairs;
}

int
qw_roundrobin_rounds (int      n_players,
                      gboolean double_cycle)
{
  return qw_berger_rounds (n_players) * (double_cycle ? 2 : 1);
}

GArray *
qw_roundrobin_round (int      n_players,
                     int      round,
                     gboolean double_cycle)
{
  int cycle = qw_berger_rounds (n_players);
  gboolean second = double_cycle && round > cycle;
  GArray *pairs = qw_berger_round (n_players, second ? round - cycle : round);

  if (second)
    for (guint i = 0; i < pairs->len; i++)
      {
        QwBergerPair *pair = &g_array_index (pairs, QwBergerPair, i);

        if (pair->black != 0)
          *pair = (QwBergerPair) { pair->black, pair->red };
      }
  /* The bye goes on the last board. */
  if (pairs->len > 1 && g_array_index (pairs, QwBergerPair, 0).black == 0)
    {
      QwBergerPair bye = g_array_index (pairs, QwBergerPair, 0);

      g_array_remove_index (pairs, 0);
      g_array_append_val (pairs, bye);
    }
  return pairs;
}
