/* test-import-large.c: a large import reports what it always reported
 *
 * Issue 17 made qw_registration_import() linear (a hash for the reader's
 * rows, one savepoint for the updates, the problems checked on the entries
 * in memory rather than read again). This test imports two lists of a few
 * thousand rows into a new stop, as the window does (history on): the first
 * with repeated rows (added, flagged duplicate-id), rows without an ID
 * number and a row with neither name nor number; the second the same
 * people again, some with a new phone or unit (updated), some without their
 * number (matched by name, birth date and unit), some who gave their number
 * only now, some with another number (added), repeated rows and new people.
 * Each report (row, outcome, 序号, problems) and the entries as stored are
 * compared, line for line, with tests/data/import-large.txt, which the
 * quadratic implementation wrote (main at 8fe3458). Then the import is
 * undone and redone.
 *
 * QIWANG_WRITE_REFERENCE=PATH writes the listing there instead.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>

#include "qw-date.h"
#include "qw-demo.h"
#include "qw-document.h"
#include "qw-document-entries.h"
#include "qw-entries-export.h"
#include "qw-entry-import.h"
#include "qw-event.h"
#include "qw-history.h"
#include "qw-registration.h"
#include "qw-test.h"

#define ROWS 3000

/* The first list: the demo's people, every 97th row twice, every 31st
 * without its ID number; a row with neither name nor number at the end. */
static char *
first_list (GPtrArray *people)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  g_autofree char *csv = NULL;

  for (guint i = 0; i < people->len; i++)
    {
      QwEntry *e = g_ptr_array_index (people, i);

      if (i % 31 == 7)
        g_clear_pointer (&e->id_number, g_free);
      g_ptr_array_add (rows, e);
      if (i % 97 == 3)
        g_ptr_array_add (rows, e);
    }
  csv = qw_entries_to_csv (rows, FALSE);
  return g_strconcat (csv, ",,男,1990-01-01,,无名单位,,,,\n", NULL);
}

/* The second list: the same people as the desk sends them again. */
static char *
second_list (GPtrArray *people,
             GPtrArray *others)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_entry_free);

  for (guint i = 0; i < people->len; i++)
    {
      QwEntry *e = qw_entry_copy (g_ptr_array_index (people, i));

      if (i % 10 == 0)
        {
          g_free (e->phone);
          e->phone = g_strdup_printf ("139%08u", i);
        }
      if (i % 40 == 1 && e->id_number != NULL)
        {
          g_free (e->unit);
          e->unit = g_strdup ("惠州市棋院");
        }
      if (i % 25 == 2)
        g_clear_pointer (&e->id_number, g_free);
      /* Without a number in the first list: it comes now. */
      if (i % 31 == 7)
        e->id_number = g_strdup (((QwEntry *) g_ptr_array_index (others, i % others->len))->id_number);
      /* Another number than the one stored: not the same person. */
      if (i % 61 == 5 && i % 31 != 7)
        {
          g_free (e->id_number);
          e->id_number = g_strdup (((QwEntry *) g_ptr_array_index (others, (i + 1) % others->len))->id_number);
        }
      g_ptr_array_add (rows, e);
      if (i % 113 == 9)
        g_ptr_array_add (rows, qw_entry_copy (e));
    }
  for (guint i = 0; i < 50; i++)
    g_ptr_array_add (rows, qw_entry_copy (g_ptr_array_index (others, others->len - 1 - i)));
  return qw_entries_to_csv (rows, FALSE);
}

static void
list_report (GString              *out,
             const char           *title,
             const QwImportReport *report)
{
  g_string_append_printf (out, "# %s: %u added, %u updated, %u unchanged, %u rejected\n", title, report->added,
                          report->updated, report->unchanged, report->rejected);
  for (guint i = 0; i < report->rows->len; i++)
    {
      const QwImportRow *r = g_ptr_array_index (report->rows, i);

      g_string_append_printf (out, "row %d %d no %d problems %#x\n", r->row, r->outcome, r->no, r->problems);
    }
}

static void
list_entries (GString    *out,
              QwDocument *doc,
              gint64      event_id)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) entries = qw_document_list_entries (doc, event_id, &error);

  g_assert_no_error (error);
  g_string_append_printf (out, "# entries: %u\n", entries->len);
  for (guint i = 0; i < entries->len; i++)
    {
      const QwEntry *e = g_ptr_array_index (entries, i);

      g_string_append_printf (out, "%d|%s|%s|%s|%s|%s|%s|%d\n", e->no, e->name, e->id_number, e->birth, e->unit,
                              e->phone, e->group_code, e->status);
    }
}

static QwImportReport *
import_text (QwDocument      *doc,
             const QwRuleset *ruleset,
             const QwEvent   *event,
             const char      *dir,
             const char      *name,
             const char      *text)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr(QwEntryImport) import = NULL;
  g_autoptr(GError) error = NULL;
  QwImportReport *report;

  g_assert_true (g_file_set_contents (path, text, -1, &error));
  import = qw_entry_import_file (path, &error);
  g_assert_no_error (error);
  report = qw_registration_import (doc, ruleset, event, import, &error);
  g_assert_no_error (error);
  return report;
}

static void
test_same_report (void)
{
  g_autofree char *dir = qw_test_make_tmp_dir ("qiwang-import-large-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "stop.qiwang", NULL);
  g_autofree char *reference_path = g_test_build_filename (G_TEST_DIST, "data", "import-large.txt", NULL);
  g_autoptr(GPtrArray) people = qw_demo_make_entries (20240817, ROWS, qw_date_make (2021, 7, 3));
  g_autoptr(GPtrArray) others = qw_demo_make_entries (19491001, 400, qw_date_make (2021, 7, 3));
  g_autoptr(QwRuleset) ruleset = qw_test_ruleset ();
  g_autoptr(QwEvent) event = qw_event_new ();
  g_autoptr(QwDocument) doc = NULL;
  g_autoptr(QwImportReport) first = NULL, second = NULL;
  g_autoptr(GString) listing = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *first_text = NULL, *second_text = NULL, *reference = NULL, *before_undo = NULL;
  g_auto(GStrv) got_lines = NULL, want_lines = NULL;
  const char *write_to = g_getenv ("QIWANG_WRITE_REFERENCE");
  QwHistory *history;

  doc = qw_document_create (path, QW_DOCUMENT_STOP, &error);
  g_assert_no_error (error);
  event->name = g_strdup ("2021年第六届全国象棋业余棋王赛广东赛区预选赛");
  event->start_date = qw_date_make (2021, 7, 3);
  g_assert_true (qw_document_add_event (doc, event, &error));
  qw_document_enable_history (doc);
  history = qw_document_get_history (doc);

  second_text = second_list (people, others);
  first_text = first_list (people);
  first = import_text (doc, ruleset, event, dir, "first.csv", first_text);
  list_report (listing, "first", first);
  second = import_text (doc, ruleset, event, dir, "second.csv", second_text);
  list_report (listing, "second", second);
  list_entries (listing, doc, event->id);

  /* Every kind of row is there. */
  g_assert_cmpuint (second->added, >, 50);
  g_assert_cmpuint (second->updated, >, 300);
  g_assert_cmpuint (second->unchanged, >, 1000);
  g_assert_cmpuint (first->rejected, ==, 1);

  if (write_to != NULL)
    {
      g_assert_true (g_file_set_contents (write_to, listing->str, -1, &error));
      g_test_message ("wrote %s", write_to);
    }
  else
    {
      g_assert_true (g_file_get_contents (reference_path, &reference, NULL, &error));
      g_assert_no_error (error);
      got_lines = g_strsplit (listing->str, "\n", -1);
      want_lines = g_strsplit (reference, "\n", -1);
      for (guint i = 0; got_lines[i] != NULL && want_lines[i] != NULL; i++)
        g_assert_cmpstr (got_lines[i], ==, want_lines[i]);
      g_assert_cmpuint (g_strv_length (got_lines), ==, g_strv_length (want_lines));
    }

  /* The second import is one step: undone, the first import's entries are
   * back as they were; redone, as the import left them. */
  before_undo = g_strdup (listing->str);
  g_assert_true (qw_history_undo (history, NULL, &error));
  g_assert_no_error (error);
  g_string_truncate (listing, 0);
  list_entries (listing, doc, event->id);
  g_assert_cmpstr (strstr (before_undo, "# entries:"), !=, listing->str);
  g_assert_true (qw_history_redo (history, NULL, &error));
  g_string_truncate (listing, 0);
  list_entries (listing, doc, event->id);
  g_assert_cmpstr (strstr (before_undo, "# entries:"), ==, listing->str);

  g_clear_object (&doc);
  qw_test_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/import-large/same-report", test_same_report);
  return g_test_run ();
}
