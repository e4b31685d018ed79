/* bench-registration-import.c: a registration list imported, and again
 *
 * The desk's import as `qiwang-cli import` and the window run it
 * (qw_registration_import(); the window with the undo history on, which
 * records the step's changes in a SQLite session and keeps its changeset):
 * a list of 2,000, 20,000 and 200,000 rows read and imported into a new stop, then
 * a second list of the same people read and merged into it (every tenth row
 * with a new phone number, every fiftieth without its ID number, so matched
 * by name, birth date and unit; a few rows repeated). Prints the time and
 * rows per second of each, the peak memory and the memory per row, and how
 * both grow from 20,000 to 200,000 rows. Goal (issue 17): 200,000 rows in
 * under 5 s and under 1 KB per row; growth from 20,000 to 200,000 within
 * 12× (linear is 10×). Not a test: figures for people.
 *
 * Each size runs three times, each in a child of its own (this program
 * again with --run); the least times and the median memory are printed
 * (other programs' load only adds time): the peak memory is the
 * child's VmHWM, which its exec starts afresh, so the sizes' peaks do not
 * mix and the lists written here do not count.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gstdio.h>
#include <sys/resource.h>
#include <stdlib.h>
#include <string.h>

#include "qw-demo.h"
#include "qw-date.h"
#include "qw-document.h"
#include "qw-document-entries.h"
#include "qw-entries-export.h"
#include "qw-entry-import.h"
#include "qw-event.h"
#include "qw-registration.h"
#include "qw-ruleset.h"

#define SEED 4242

/* The peak resident set of this process so far, in KiB. */
static gint64
peak_kib (void)
{
  g_autofree char *status = NULL;
  const char *line;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL)
      || (line = strstr (status, "VmHWM:")) == NULL)
    return -1;
  return g_ascii_strtoll (line + strlen ("VmHWM:"), NULL, 10);
}

/* The second list: the same people as a desk sends them again. */
static void
revise (GPtrArray *entries)
{
  guint n = entries->len;

  for (guint i = 0; i < n; i++)
    {
      QwEntry *e = g_ptr_array_index (entries, i);

      if (i % 10 == 0)
        {
          g_free (e->phone);
          e->phone = g_strdup_printf ("139%08u", i);
        }
      if (i % 50 == 25)
        g_clear_pointer (&e->id_number, g_free);
    }
  for (guint i = 0; i < n; i += 997)
    g_ptr_array_add (entries, qw_entry_copy (g_ptr_array_index (entries, i)));
}

static void
write_lists (guint       rows,
             const char *first,
             const char *second)
{
  g_autoptr(GPtrArray) entries = qw_demo_make_entries (SEED, rows, qw_date_make (2021, 7, 3));
  g_autoptr(GError) error = NULL;
  g_autofree char *csv = NULL;

  csv = qw_entries_to_csv (entries, FALSE);
  g_assert_true (g_file_set_contents (first, csv, -1, &error));
  revise (entries);
  g_free (csv);
  csv = qw_entries_to_csv (entries, FALSE);
  g_assert_true (g_file_set_contents (second, csv, -1, &error));
}

/* Processor time of this process (user and system), in milliseconds. */
static double
cpu_ms (void)
{
  struct rusage usage;

  getrusage (RUSAGE_SELF, &usage);
  return usage.ru_utime.tv_sec * 1000.0 + usage.ru_utime.tv_usec / 1000.0
         + usage.ru_stime.tv_sec * 1000.0 + usage.ru_stime.tv_usec / 1000.0;
}

typedef struct
{
  guint   rows;
  double  read_ms;      /* wall */
  double  import_ms;    /* wall */
  double  cpu_ms;       /* both */
  gint64  peak_kib;     /* after it */
} Timing;

static Timing
import_list (QwDocument      *doc,
             const QwRuleset *ruleset,
             const QwEvent   *event,
             const char      *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwEntryImport) import = NULL;
  g_autoptr(QwImportReport) report = NULL;
  double c0 = cpu_ms ();
  gint64 t0, t1, t2;
  Timing t;

  t0 = g_get_monotonic_time ();
  import = qw_entry_import_file (path, &error);
  g_assert_no_error (error);
  t1 = g_get_monotonic_time ();
  report = qw_registration_import (doc, ruleset, event, import, &error);
  g_assert_no_error (error);
  t2 = g_get_monotonic_time ();
  t.rows = report->rows->len;
  t.read_ms = (t1 - t0) / 1000.0;
  t.import_ms = (t2 - t1) / 1000.0;
  t.cpu_ms = cpu_ms () - c0;
  t.peak_kib = peak_kib ();
  return t;
}

#define FIGURES_FORMAT "%u %lf %lf %lf %" G_GINT64_FORMAT

/* The child: both imports into a new document, one line of figures. */
static int
run (gboolean    history,
     const char *first,
     const char *second,
     const char *doc_path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwRuleset) ruleset = qw_ruleset_lookup ("qiwang-2021", &error);
  g_autoptr(QwDocument) doc = NULL;
  g_autoptr(QwEvent) event = qw_event_new ();
  gint64 base;
  Timing a, b;

  g_assert_no_error (error);
  doc = qw_document_create (doc_path, QW_DOCUMENT_STOP, &error);
  g_assert_no_error (error);
  event->name = g_strdup ("2021年第六届全国象棋业余棋王赛广东赛区预选赛");
  event->start_date = qw_date_make (2021, 7, 3);
  g_assert_true (qw_document_add_event (doc, event, &error));
  if (history)
    qw_document_enable_history (doc);
  base = peak_kib ();
  a = import_list (doc, ruleset, event, first);
  b = import_list (doc, ruleset, event, second);
  g_print ("%" G_GINT64_FORMAT " " FIGURES_FORMAT " " FIGURES_FORMAT "\n", base,
           a.rows, a.read_ms, a.import_ms, a.cpu_ms, a.peak_kib, b.rows, b.read_ms, b.import_ms, b.cpu_ms, b.peak_kib);
  return 0;
}

typedef struct
{
  guint  rows;
  double first_ms;     /* read and import, wall: the least of the runs */
  double first_cpu;    /* processor time: likewise */
  double second_ms;
  double second_cpu;
  double first_kib;    /* the peak after the first import, above the child's before it */
} Figures;

/* Each size runs this many times, each in a child of its own: the times
 * are the least of the runs (another program's load on a shared machine
 * only adds to them), the memory the median. */
#define RUNS 3

static double
median3 (double a,
         double b,
         double c)
{
  return MAX (MIN (a, b), MIN (MAX (a, b), c));
}

static double
least3 (double a,
        double b,
        double c)
{
  return MIN (a, MIN (b, c));
}

static gboolean
run_child (const char *self,
           gboolean    history,
           const char *first,
           const char *second,
           const char *doc,
           gint64     *base,
           Timing     *a,
           Timing     *b)
{
  g_autofree char *out = NULL, *wal = g_strconcat (doc, "-wal", NULL), *shm = g_strconcat (doc, "-shm", NULL);
  g_autoptr(GError) error = NULL;
  const char *argv[] = { self, history ? "--run-history" : "--run", first, second, doc, NULL };
  int status;
  gboolean ok;

  ok = g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, NULL, &status, &error)
       && g_spawn_check_wait_status (status, &error)
       && sscanf (out, "%" G_GINT64_FORMAT " " FIGURES_FORMAT " " FIGURES_FORMAT, base,
                  &a->rows, &a->read_ms, &a->import_ms, &a->cpu_ms, &a->peak_kib,
                  &b->rows, &b->read_ms, &b->import_ms, &b->cpu_ms, &b->peak_kib) == 11;
  if (!ok)
    g_printerr ("%s: %s\n", first, error != NULL ? error->message : "no figures");
  g_unlink (doc);
  g_unlink (wal);
  g_unlink (shm);
  return ok;
}

static gboolean
measure (const char *self,
         gboolean    history,
         guint       rows,
         Figures    *f)
{
  g_autofree char *dir = g_dir_make_tmp ("qiwang-bench-XXXXXX", NULL);
  g_autofree char *first = g_build_filename (dir, "first.csv", NULL);
  g_autofree char *second = g_build_filename (dir, "second.csv", NULL);
  g_autofree char *doc = g_build_filename (dir, "stop.qiwang", NULL);
  Timing a[RUNS], b[RUNS];
  gint64 base[RUNS];
  double read, import, peak, second_peak, base_kib;

  write_lists (rows, first, second);
  for (guint r = 0; r < RUNS; r++)
    if (!run_child (self, history, first, second, doc, &base[r], &a[r], &b[r]))
      return FALSE;
  g_unlink (first);
  g_unlink (second);
  g_rmdir (dir);
#define MEDIAN(x) median3 (x[0], x[1], x[2])
#define LEAST(x) least3 (x[0], x[1], x[2])
#define FIELD(array, field) (double[]) { array[0].field, array[1].field, array[2].field }
  f->rows = a[0].rows;
  read = LEAST (FIELD (a, read_ms));
  import = LEAST (FIELD (a, import_ms));
  f->first_ms = LEAST (((double[]) { a[0].read_ms + a[0].import_ms, a[1].read_ms + a[1].import_ms,
                                     a[2].read_ms + a[2].import_ms }));
  f->first_cpu = LEAST (FIELD (a, cpu_ms));
  f->second_ms = LEAST (((double[]) { b[0].read_ms + b[0].import_ms, b[1].read_ms + b[1].import_ms,
                                      b[2].read_ms + b[2].import_ms }));
  f->second_cpu = LEAST (FIELD (b, cpu_ms));
  base_kib = MEDIAN (((double[]) { base[0], base[1], base[2] }));
  peak = MEDIAN (FIELD (a, peak_kib));
  second_peak = MEDIAN (FIELD (b, peak_kib));
  f->first_kib = peak - base_kib;
#undef MEDIAN
#undef LEAST
#undef FIELD
  g_print ("%-7u %7.0f %7.0f %7.0f %8.0f %8.1f %7.2f | %7.0f %7.0f %8.0f %8.1f %7.2f\n", f->rows,
           read, import, f->first_cpu, f->rows / (f->first_ms / 1000.0), peak / 1024.0, f->first_kib / f->rows,
           f->second_ms, f->second_cpu, b[0].rows / (f->second_ms / 1000.0), second_peak / 1024.0,
           (second_peak - base_kib) / b[0].rows);
  return TRUE;
}

int
main (int    argc,
      char **argv)
{
  static const guint sizes[] = { 2000, 20000, 200000 };
  Figures f[G_N_ELEMENTS (sizes)];
  const Figures *small, *large;

  if (argc == 5 && (g_str_equal (argv[1], "--run") || g_str_equal (argv[1], "--run-history")))
    return run (g_str_equal (argv[1], "--run-history"), argv[2], argv[3], argv[4]);
  /* For a profiler: --write ROWS FIRST SECOND, then --run FIRST SECOND DOC. */
  if (argc == 5 && g_str_equal (argv[1], "--write"))
    {
      write_lists ((guint) g_ascii_strtoull (argv[2], NULL, 10), argv[3], argv[4]);
      return 0;
    }

  for (int history = 0; history <= 1; history++)
    {
      g_print ("%s\n", history ? "The window (the undo history on):" : "qiwang-cli import (no undo history):");
      g_print ("        first list, into a new stop                 | the same people again, merged\n");
      g_print ("%-7s %7s %7s %7s %8s %8s %7s | %7s %7s %8s %8s %7s\n", "rows", "read", "import", "cpu", "rows/s",
               "peak MB", "KiB/row", "wall", "cpu", "rows/s", "peak MB", "KiB/row");
      for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
        if (!measure (argv[0], history, sizes[s], &f[s]))
          return 1;
      small = &f[1];
      large = &f[2];
      g_print ("growth %u -> %u rows: wall time x%.1f, processor time x%.1f (again: x%.1f, x%.1f), "
               "memory x%.1f; linear is x%.1f, goal within x12\n",
               small->rows, large->rows, large->first_ms / small->first_ms, large->first_cpu / small->first_cpu,
               large->second_ms / small->second_ms, large->second_cpu / small->second_cpu,
               large->first_kib / small->first_kib, (double) large->rows / small->rows);
      g_print ("goal: %u rows read and imported in under 5000 ms: %.0f ms (processor %.0f ms); "
               "under 1 KiB per row: %.2f\n\n",
               large->rows, large->first_ms, large->first_cpu, large->first_kib / large->rows);
    }
  g_print ("(%d runs each: times in ms, the least of the runs: read and import are wall times, cpu is the\n"
           " process's user and system time of both; KiB/row: the peak resident memory above the one before the\n"
           " import, per row, the median)\n", RUNS);
  return 0;
}
