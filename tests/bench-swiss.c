/* bench-swiss.c: how long the Swiss engine takes to pair one round
 *
 * For each field size and round, the earlier rounds are paired by the engine
 * and played with random results (draws 20 %, forfeits 2 %); then only the
 * pairing of the measured round is timed, several times, and the median is
 * printed. The last line is the engine's share of a whole 5000 × 9
 * simulation (every round paired, nothing else).
 *
 * Usage: bench-swiss [RUNS]
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdlib.h>
#include <string.h>

#include "qw-swiss.h"

typedef struct
{
  double  score;
  int     reds;
  int     blacks;
  signed char last[2];
  gboolean had_bye;
  GArray *met;
} BenchPlayer;

typedef struct
{
  GRand       *rand;
  BenchPlayer *players;
  int          n;
} Field;

static void
field_init (Field   *f,
            int      n,
            guint32  seed)
{
  f->rand = g_rand_new_with_seed (seed);
  f->n = n;
  f->players = g_new0 (BenchPlayer, n);
  for (int i = 0; i < n; i++)
    f->players[i].met = g_array_new (FALSE, FALSE, sizeof (int));
}

static void
field_clear (Field *f)
{
  for (int i = 0; i < f->n; i++)
    g_array_unref (f->players[i].met);
  g_free (f->players);
  g_rand_free (f->rand);
}

static QwSwissPlayer *
field_snapshot (const Field *f)
{
  QwSwissPlayer *ps = g_new0 (QwSwissPlayer, f->n);

  for (int i = 0; i < f->n; i++)
    {
      const BenchPlayer *b = &f->players[i];

      ps[i].id = i;
      ps[i].score = b->score;
      ps[i].seed = i;
      ps[i].unit = i % 97;
      ps[i].reds = b->reds;
      ps[i].blacks = b->blacks;
      ps[i].last[0] = b->last[0];
      ps[i].last[1] = b->last[1];
      ps[i].had_bye = b->had_bye;
      ps[i].opponents = (const int *) b->met->data;
      ps[i].n_opponents = (int) b->met->len;
    }
  return ps;
}

static void
give_colour (BenchPlayer *b,
             int          colour)
{
  b->last[1] = b->last[0];
  b->last[0] = (signed char) colour;
  if (colour > 0)
    b->reds++;
  else
    b->blacks++;
}

static void
play (Field               *f,
      const QwSwissResult *r)
{
  for (guint k = 0; k < r->pairs->len; k++)
    {
      const QwSwissPair *p = &g_array_index (r->pairs, QwSwissPair, k);
      BenchPlayer *red = &f->players[p->red];
      BenchPlayer *black;
      double x = g_rand_double (f->rand);

      if (p->black < 0)
        {
          red->had_bye = TRUE;
          red->score += 2;
          continue;
        }
      black = &f->players[p->black];
      g_array_append_val (red->met, p->black);
      g_array_append_val (black->met, p->red);
      give_colour (red, 1);
      give_colour (black, -1);
      if (x < 0.20)
        {
          red->score += 1;
          black->score += 1;
        }
      else if (x < 0.22)
        black->score += 2;   /* red forfeited */
      else if (g_rand_boolean (f->rand))
        red->score += 2;
      else
        black->score += 2;
    }
}

static gint64
pair_once (const Field   *f,
           int            round,
           QwSwissResult *out)
{
  g_autofree QwSwissPlayer *ps = field_snapshot (f);
  QwSwissOptions o = { 0 };
  g_autoptr(GError) error = NULL;
  gint64 start;
  gint64 elapsed;

  o.round = round;
  o.max_run = 2;
  o.max_difference = 2;
  o.first_round = QW_FIRST_ROUND_LANYAO;
  start = g_get_monotonic_time ();
  if (!qw_swiss_pair (ps, f->n, &o, out, &error))
    g_error ("round %d of %d players: %s", round, f->n, error->message);
  elapsed = g_get_monotonic_time () - start;
  return elapsed;
}

static int
compare_gint64 (const void *a,
                const void *b)
{
  gint64 x = *(const gint64 *) a;
  gint64 y = *(const gint64 *) b;

  return (x > y) - (x < y);
}

static double
measure (int n,
         int round,
         int runs)
{
  Field f;
  g_autofree gint64 *times = g_new (gint64, runs);
  double median;

  field_init (&f, n, 1000u * n + round);
  for (int r = 1; r < round; r++)
    {
      QwSwissResult res;

      pair_once (&f, r, &res);
      play (&f, &res);
      qw_swiss_result_clear (&res);
    }
  for (int k = 0; k < runs; k++)
    {
      QwSwissResult res;

      times[k] = pair_once (&f, round, &res);
      qw_swiss_result_clear (&res);
    }
  qsort (times, runs, sizeof (gint64), compare_gint64);
  median = times[runs / 2] / 1000.0;
  field_clear (&f);
  return median;
}

int
main (int   argc,
      char *argv[])
{
  static const int sizes[] = { 100, 500, 2000, 5000 };
  static const int rounds[] = { 1, 5, 9 };
  int runs = argc > 1 ? atoi (argv[1]) : 7;
  gint64 total = 0;
  Field f;

  if (runs < 1)
    runs = 1;
  g_print ("Swiss pairing of one round, median of %d runs (ms)\n", runs);
  g_print ("%8s %10s %10s %10s\n", "players", "round 1", "round 5", "round 9");
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_print ("%8d", sizes[i]);
      for (guint j = 0; j < G_N_ELEMENTS (rounds); j++)
        g_print (" %10.2f", measure (sizes[i], rounds[j], runs));
      g_print ("\n");
    }

  field_init (&f, 5000, 42);
  for (int r = 1; r <= 9; r++)
    {
      QwSwissResult res;

      total += pair_once (&f, r, &res);
      play (&f, &res);
      qw_swiss_result_clear (&res);
    }
  field_clear (&f);
  g_print ("5000 players x 9 rounds, pairing only: %.1f ms\n", total / 1000.0);
  return 0;
}
