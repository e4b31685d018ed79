/* bench-stats.h: the latency figures the venue benchmarks print
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

/* The p-th percentile (0–100) of @values, in place sorted; 0 when empty. */
double bench_percentile  (GArray     *values,
                          double      p);
/* One line: @what, count, mean, p50, p90, p99 and max of @ms. */
void   bench_print_times (const char *what,
                          GArray     *ms);
double bench_ms_since    (gint64      start);
