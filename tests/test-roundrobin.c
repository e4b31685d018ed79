/* test-roundrobin.c: Berger tables (贝格尔编排法, xiangqi-rules.md §2.1)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "qw-roundrobin.h"

/* Published tables, red listed first, one round per line. n = 6 is the
 * table of the rules file; n = 4, 8 and 10 are the standard (FIDE Handbook
 * C.05 annex 1) Berger tables. */
static const char *table_4[] = {
  "1-4 2-3",
  "4-3 1-2",
  "2-4 3-1",
  NULL,
};

static const char *table_6[] = {
  "1-6 2-5 3-4",
  "6-4 5-3 1-2",
  "2-6 3-1 4-5",
  "6-5 1-4 2-3",
  "3-6 4-2 5-1",
  NULL,
};

static const char *table_8[] = {
  "1-8 2-7 3-6 4-5",
  "8-5 6-4 7-3 1-2",
  "2-8 3-1 4-7 5-6",
  "8-6 7-5 1-4 2-3",
  "3-8 4-2 5-1 6-7",
  "8-7 1-6 2-5 3-4",
  "4-8 5-3 6-2 7-1",
  NULL,
};

static const char *table_10[] = {
  "1-10 2-9 3-8 4-7 5-6",
  "10-6 7-5 8-4 9-3 1-2",
  "2-10 3-1 4-9 5-8 6-7",
  "10-7 8-6 9-5 1-4 2-3",
  "3-10 4-2 5-1 6-9 7-8",
  "10-8 9-7 1-6 2-5 3-4",
  "4-10 5-3 6-2 7-1 8-9",
  "10-9 1-8 2-7 3-6 4-5",
  "5-10 6-4 7-3 8-2 9-1",
  NULL,
};

static char *
round_text (GArray *pairs)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < pairs->len; i++)
    {
      QwBergerPair *p = &g_array_index (pairs, QwBergerPair, i);

      g_string_append_printf (s, "%s%d-%d", i > 0 ? " " : "", p->red, p->black);
    }
  return g_string_free (s, FALSE);
}

static void
check_published (int          n,
                 const char **table)
{
  g_assert_cmpint (qw_berger_rounds (n), ==, (int) g_strv_length ((char **) table));
  for (int r = 1; table[r - 1] != NULL; r++)
    {
      g_autoptr(GArray) pairs = qw_berger_round (n, r);
      g_autofree char *text = round_text (pairs);

      g_assert_cmpstr (text, ==, table[r - 1]);
    }
}

static void
test_published_tables (void)
{
  check_published (4, table_4);
  check_published (6, table_6);
  check_published (8, table_8);
  check_published (10, table_10);
}

/* The hand construction, independent of the formula: round 1 pairs first
 * with last and works inwards; from round 2 every number but n moves on by
 * n/2 (mod n − 1) and keeps its place in the table, while n stays on board 1
 * and alternates colour, red in even rounds. */
static GArray *
hand_round (int n,
            int round)
{
  GArray *pairs = g_array_new (FALSE, FALSE, sizeof (QwBergerPair));

  for (int b = 0; b < n / 2; b++)
    {
      QwBergerPair p = { b + 1, n - b };

      g_array_append_val (pairs, p);
    }
  for (int r = 2; r <= round; r++)
    for (int b = 0; b < n / 2; b++)
      {
        QwBergerPair *p = &g_array_index (pairs, QwBergerPair, b);
        int *movers[2] = { &p->red, &p->black };

        for (int k = 0; k < 2; k++)
          if (*movers[k] != n)
            *movers[k] = (*movers[k] - 1 + n / 2) % (n - 1) + 1;
        if (b == 0)
          {
            int other = p->red == n ? p->black : p->red;

            *p = r % 2 == 0 ? (QwBergerPair) { n, other } : (QwBergerPair) { other, n };
          }
      }
  return pairs;
}

static void
test_hand_construction_4_to_16 (void)
{
  for (int n = 4; n <= 16; n += 2)
    for (int r = 1; r < n; r++)
      {
        g_autoptr(GArray) formula = qw_berger_round (n, r);
        g_autoptr(GArray) hand = hand_round (n, r);
        g_autofree char *a = round_text (formula);
        g_autofree char *b = round_text (hand);

        g_assert_cmpstr (a, ==, b);
      }
}

/* The construction rule of §2.1: the largest number meets whoever was
 * listed last in the previous round. */
static void
test_largest_meets_last_listed (void)
{
  for (int n = 4; n <= 16; n += 2)
    for (int r = 2; r < n; r++)
      {
        g_autoptr(GArray) prev = qw_berger_round (n, r - 1);
        g_autoptr(GArray) cur = qw_berger_round (n, r);
        QwBergerPair last = g_array_index (prev, QwBergerPair, prev->len - 1);
        QwBergerPair first = g_array_index (cur, QwBergerPair, 0);

        g_assert_cmpint (first.red == n ? first.black : first.red, ==, last.black);
        g_assert_cmpint (first.red == n, ==, r % 2 == 0);
      }
}

/* Every field from 3 to 16 (odd ones with a bye): everyone meets everyone
 * once, plays once a round, and colours stay balanced. */
static void
test_every_pair_once (void)
{
  for (int n = 3; n <= 16; n++)
    {
      int rounds = qw_berger_rounds (n);
      g_autofree int *met = g_new0 (int, (n + 1) * (n + 1));
      g_autofree int *reds = g_new0 (int, n + 1);
      g_autofree int *byes = g_new0 (int, n + 1);

      g_assert_cmpint (rounds, ==, n % 2 == 0 ? n - 1 : n);
      for (int r = 1; r <= rounds; r++)
        {
          g_autoptr(GArray) pairs = qw_berger_round (n, r);
          g_autofree int *seen = g_new0 (int, n + 1);

          g_assert_cmpuint (pairs->len, ==, (guint) (n + 1) / 2);
          for (guint i = 0; i < pairs->len; i++)
            {
              QwBergerPair *p = &g_array_index (pairs, QwBergerPair, i);

              g_assert_cmpint (p->red, >=, 1);
              g_assert_cmpint (p->red, <=, n);
              seen[p->red]++;
              if (p->black == 0)
                {
                  byes[p->red]++;
                  /* The dummy's pair is listed first, as in the table. */
                  g_assert_cmpuint (i, ==, 0);
                  continue;
                }
              seen[p->black]++;
              reds[p->red]++;
              met[p->red * (n + 1) + p->black]++;
              met[p->black * (n + 1) + p->red]++;
            }
          for (int k = 1; k <= n; k++)
            g_assert_cmpint (seen[k], ==, 1);
        }
      for (int i = 1; i <= n; i++)
        {
          int games = n - 1;

          g_assert_cmpint (byes[i], ==, n % 2);
          g_assert_cmpint (ABS (2 * reds[i] - games), <=, 1 + (n % 2 == 0 ? 0 : 1));
          for (int j = 1; j <= n; j++)
            g_assert_cmpint (met[i * (n + 1) + j], ==, i == j ? 0 : 1);
        }
    }
}

/* An odd field: No. 1 has the bye in round 1, and the dummy (n + 1) is the
 * table's largest number. */
static void
test_odd_field (void)
{
  g_autoptr(GArray) r1 = qw_berger_round (5, 1);
  g_autoptr(GArray) r2 = qw_berger_round (5, 2);
  g_autofree char *t1 = round_text (r1);
  g_autofree char *t2 = round_text (r2);

  /* The n = 6 table with 6 as the bye. */
  g_assert_cmpstr (t1, ==, "1-0 2-5 3-4");
  g_assert_cmpstr (t2, ==, "4-0 5-3 1-2");
}

static void
test_double_cycle (void)
{
  int n = 6, cycle = qw_berger_rounds (n);

  g_assert_cmpint (qw_roundrobin_rounds (n, TRUE), ==, 2 * cycle);
  for (int r = 1; r <= cycle; r++)
    {
      g_autoptr(GArray) first = qw_roundrobin_round (n, r, TRUE);
      g_autoptr(GArray) second = qw_roundrobin_round (n, r + cycle, TRUE);

      g_assert_cmpuint (first->len, ==, second->len);
      for (guint i = 0; i < first->len; i++)
        {
          QwBergerPair *a = &g_array_index (first, QwBergerPair, i);
          QwBergerPair *b = &g_array_index (second, QwBergerPair, i);

          g_assert_cmpint (a->red, ==, b->black);
          g_assert_cmpint (a->black, ==, b->red);
        }
    }
}

static void
test_bye_on_last_board (void)
{
  g_autoptr(GArray) pairs = qw_roundrobin_round (7, 3, FALSE);
  QwBergerPair last = g_array_index (pairs, QwBergerPair, pairs->len - 1);

  g_assert_cmpint (last.black, ==, 0);
  for (guint i = 0; i + 1 < pairs->len; i++)
    g_assert_cmpint (g_array_index (pairs, QwBergerPair, i).black, !=, 0);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/roundrobin/published-tables", test_published_tables);
  g_test_add_func ("/roundrobin/hand-construction-4-to-16", test_hand_construction_4_to_16);
  g_test_add_func ("/roundrobin/largest-meets-last-listed", test_largest_meets_last_listed);
  g_test_add_func ("/roundrobin/every-pair-once", test_every_pair_once);
  g_test_add_func ("/roundrobin/odd-field", test_odd_field);
  g_test_add_func ("/roundrobin/double-cycle", test_double_cycle);
  g_test_add_func ("/roundrobin/bye-on-last-board", test_bye_on_last_board);
  return g_test_run ();
}
