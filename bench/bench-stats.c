/* bench-stats.c: the latency figures the venue benchmarks print
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "bench-stats.h"

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

double
bench_percentile (GArray *values,
                  double  p)
{
  guint i;

  if (values->len == 0)
    return 0;
  g_array_sort (values, compare_doubles);
  i = (guint) MIN (values->len - 1, (guint) (p / 100.0 * values->len));
  return g_array_index (values, double, i);
}

void
bench_print_times (const char *what,
                   GArray     *ms)
{
  double sum = 0;

  for (guint i = 0; i < ms->len; i++)
    sum += g_array_index (ms, double, i);
  g_print ("%-46s n=%-6u mean %7.2f  p50 %7.2f  p90 %7.2f  p99 %7.2f  max %7.2f ms\n", what, ms->len,
           ms->len > 0 ? sum / ms->len : 0, bench_percentile (ms, 50), bench_percentile (ms, 90),
           bench_percentile (ms, 99), bench_percentile (ms, 100));
}

double
bench_ms_since (gint64 start)
{
  return (g_get_monotonic_time () - start) / 1000.0;
}
