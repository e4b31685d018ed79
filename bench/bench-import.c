/* bench-import.c: importing a large registration list
 *
 * Prints the time to read, check and store a 20,000-row CSV (goal: under 1 s),
 * and to list and check the stored entries again (what the entries page does
 * when a document opens). Not a test: figures for people.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gstdio.h>

#include "qw-demo.h"
#include "qw-document.h"
#include "qw-entry-import.h"
#include "qw-date.h"
#include "qw-document-entries.h"
#include "qw-entry-check.h"
#include "qw-event.h"

static char *
make_csv (guint rows)
{
  g_autoptr(GPtrArray) entries = qw_demo_make_entries (4242, rows, qw_date_make (2021, 7, 3));
  g_autofree char *csv = qw_entries_to_csv (entries, FALSE);
  g_autofree char *dir = g_dir_make_tmp ("qiwang-bench-XXXXXX", NULL);
  char *path = g_build_filename (dir, "list.csv", NULL);

  g_file_set_contents (path, csv, -1, NULL);
  return path;
}

static double
median (double *values,
        guint   n)
{
  for (guint i = 1; i < n; i++)
    for (guint j = i; j > 0 && values[j - 1] > values[j]; j--)
      {
        double t = values[j];
        values[j] = values[j - 1];
        values[j - 1] = t;
      }
  return values[n / 2];
}

int
main (int    argc,
      char **argv)
{
  guint sizes[] = { 1000, 5000, 20000 };
  g_autoptr(GError) error = NULL;
  g_autoptr(QwRuleset) ruleset = qw_ruleset_lookup ("qiwang-2021", &error);

  g_assert_no_error (error);
  g_print ("%-8s %12s %12s %12s %14s\n", "rows", "parse ms", "store ms", "total ms", "reopen+check ms");
  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      g_autofree char *csv = make_csv (sizes[s]);
      double parse[5], store[5], total[5], reopen[5];

      for (guint run = 0; run < 5; run++)
        {
          g_autofree char *doc_path = g_strconcat (csv, ".qiwang", NULL);
          g_autoptr(QwDocument) doc = qw_document_create (doc_path, QW_DOCUMENT_STOP, &error);
          g_autoptr(QwEvent) event = qw_event_new ();
          g_autoptr(QwEntryImport) import = NULL;
          g_autoptr(GPtrArray) listed = NULL;
          g_autofree QwEntryCheck *checks = NULL;
          QwCheckOptions options = { qw_date_make (2021, 7, 3), TRUE };
          gint64 t0, t1, t2, t3;

          qw_document_add_event (doc, event, &error);
          t0 = g_get_monotonic_time ();
          import = qw_entry_import_file (csv, &error);
          g_assert_no_error (error);
          t1 = g_get_monotonic_time ();
          g_assert_true (qw_document_add_entries (doc, event->id, import->entries, &error));
          t2 = g_get_monotonic_time ();
          g_clear_object (&doc);
          doc = qw_document_open (doc_path, &error);
          listed = qw_document_list_entries (doc, event->id, &error);
          checks = g_new0 (QwEntryCheck, listed->len);
          qw_entry_check_all (ruleset, listed, &options, checks);
          t3 = g_get_monotonic_time ();
          g_assert_cmpuint (listed->len, ==, import->entries->len);
          parse[run] = (t1 - t0) / 1000.0;
          store[run] = (t2 - t1) / 1000.0;
          total[run] = (t2 - t0) / 1000.0;
          reopen[run] = (t3 - t2) / 1000.0;
          g_clear_object (&doc);
          g_unlink (doc_path);
        }
      g_print ("%-8u %12.1f %12.1f %12.1f %14.1f\n", sizes[s], median (parse, 5), median (store, 5),
               median (total, 5), median (reopen, 5));
    }
  g_print ("goal: a 20,000-row CSV imported in under 1000 ms (median of 5 runs)\n");
  return 0;
}
