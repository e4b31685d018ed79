/* test-document.c: the document store
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gstdio.h>
#include <sqlite3.h>
#include <string.h>

#include "qw-document.h"
#include "qw-error.h"
#include "qw-schema.sql.h"
#include "qw-date.h"
#include "qw-document-entries.h"
#include "qw-entry.h"
#include "qw-event.h"

typedef struct
{
  char *dir;
  char *path;
} Fixture;

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  f->dir = g_dir_make_tmp ("qiwang-doc-XXXXXX", &error);
  g_assert_no_error (error);
  f->path = g_build_filename (f->dir, "stop.qiwang", NULL);
}

static void
remove_tree (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *p = g_build_filename (dir, name, NULL);
      g_unlink (p);
    }
  g_rmdir (dir);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  remove_tree (f->dir);
  g_free (f->dir);
  g_free (f->path);
}

static QwEntry *
make_entry (const char *name,
            int         no)
{
  QwEntry *e = qw_entry_new ();

  e->name = g_strdup (name);
  e->sex = QW_SEX_MALE;
  e->birth = g_strdup ("1990-05-06");
  e->unit = g_strdup ("惠东县象棋协会");
  e->no = no;
  return e;
}

static gint64
add_event (QwDocument *doc)
{
  g_autoptr(QwEvent) event = qw_event_new ();
  g_autoptr(GError) error = NULL;

  event->name = g_strdup ("2021年第六届全国象棋业余棋王赛广东赛区白花（镇）预选赛");
  event->region = g_strdup ("广东");
  event->start_date = qw_date_make (2021, 7, 3);
  g_assert_true (qw_document_add_event (doc, event, &error));
  g_assert_no_error (error);
  return event->id;
}

static void
test_round_trip (Fixture       *f,
                 gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = qw_document_create (f->path, QW_DOCUMENT_STOP, &error);
  g_autoptr(GPtrArray) entries = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_entry_free);
  g_autoptr(GPtrArray) listed = NULL;
  g_autoptr(QwEvent) event = NULL;
  gint64 event_id;
  QwEntry *e;

  g_assert_no_error (error);
  event_id = add_event (doc);
  g_ptr_array_add (entries, make_entry ("王五", 0));
  g_ptr_array_add (entries, make_entry ("赵六", 0));
  g_assert_true (qw_document_add_entries (doc, event_id, entries, &error));
  g_assert_no_error (error);
  g_assert_cmpint (((QwEntry *) entries->pdata[1])->no, ==, 2);
  g_clear_object (&doc);

  doc = qw_document_open (f->path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (qw_document_get_kind (doc), ==, QW_DOCUMENT_STOP);
  event = qw_document_get_main_event (doc, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (event->region, ==, "广东");
  g_assert_cmpint (event->start_date.day, ==, 3);
  listed = qw_document_list_entries (doc, event->id, &error);
  g_assert_cmpuint (listed->len, ==, 2);
  e = g_ptr_array_index (listed, 1);
  g_assert_cmpstr (e->name, ==, "赵六");
  g_assert_cmpstr (e->unit, ==, "惠东县象棋协会");

  g_free (e->grade);
  e->grade = g_strdup ("一级棋士");
  g_assert_true (qw_document_update_entry (doc, e, &error));
  g_assert_no_error (error);
  {
    g_autoptr(QwEntry) again = qw_document_get_entry (doc, e->id, &error);
    g_assert_true (qw_entry_equal (again, e));
  }
  g_assert_true (qw_document_delete_entries (doc, &e->id, 1, &error));
  g_assert_cmpint (qw_document_count_entries (doc, event->id), ==, 1);

  /* Undo of a delete restores the entry under its old id and number. */
  g_assert_true (qw_document_add_entry (doc, e, &error));
  g_assert_no_error (error);
  g_assert_cmpint (qw_document_count_entries (doc, event->id), ==, 2);
}

static void
test_batch_is_atomic (Fixture       *f,
                      gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = qw_document_create (f->path, QW_DOCUMENT_STOP, &error);
  g_autoptr(GPtrArray) entries = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_entry_free);
  gint64 event_id = add_event (doc);

  g_ptr_array_add (entries, make_entry ("甲", 5));
  g_ptr_array_add (entries, make_entry ("乙", 6));
  g_ptr_array_add (entries, make_entry ("丙", 5));   /* clashes with 甲's number */
  g_assert_false (qw_document_add_entries (doc, event_id, entries, &error));
  g_assert_error (error, QW_ERROR, QW_ERROR_CONFLICT);
  g_assert_cmpint (qw_document_count_entries (doc, event_id), ==, 0);
}

static void
test_migration_from_version_1 (Fixture       *f,
                               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = NULL;
  g_autoptr(GPtrArray) listed = NULL;
  g_autofree char *backup = g_strconcat (f->path, ".v1.bak", NULL);
  sqlite3 *db = NULL;

  /* A document as the first release wrote it. */
  g_assert_cmpint (sqlite3_open (f->path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "PRAGMA application_id = 1363760967;" QW_SCHEMA_STEP_1
                                 "PRAGMA user_version = 1;"
                                 "INSERT INTO meta VALUES ('kind', 'stop');"
                                 "INSERT INTO event (id, ruleset, name) VALUES (1, 'qiwang-2021', '旧站');"
                                 "INSERT INTO player (id, name) VALUES (1, '老棋手');"
                                 "INSERT INTO entry (event_id, player_id, no) VALUES (1, 1, 1);",
                                 NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);

  g_assert_cmpint (qw_document_peek_version (f->path, &error), ==, 1);
  doc = qw_document_open (f->path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (qw_document_peek_version (f->path, NULL), ==, qw_document_schema_version ());
  listed = qw_document_list_entries (doc, 1, &error);
  g_assert_cmpuint (listed->len, ==, 1);
  g_assert_cmpstr (((QwEntry *) listed->pdata[0])->name, ==, "老棋手");
  g_assert_true (g_file_test (backup, G_FILE_TEST_IS_REGULAR));
}

static void
assert_refused_untouched (const char *path,
                          int         expected_code)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL, *after = NULL;
  gsize len_before = 0, len_after = 0;
  g_autoptr(QwDocument) doc = NULL;
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);

  g_assert_true (g_file_get_contents (path, &before, &len_before, NULL));
  doc = qw_document_open (path, &error);
  g_assert_null (doc);
  g_assert_error (error, QW_ERROR, expected_code);
  g_assert_cmpstr (error->message, !=, "");
  g_assert_true (g_file_get_contents (path, &after, &len_after, NULL));
  g_assert_cmpmem (before, len_before, after, len_after);
  g_assert_false (g_file_test (wal, G_FILE_TEST_EXISTS));
}

static void
test_newer_schema_refused (Fixture       *f,
                           gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = qw_document_create (f->path, QW_DOCUMENT_STOP, &error);
  sqlite3 *db = NULL;

  g_clear_object (&doc);
  g_assert_cmpint (sqlite3_open (f->path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "PRAGMA journal_mode = DELETE; PRAGMA user_version = 99;",
                                 NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);
  assert_refused_untouched (f->path, QW_ERROR_NEWER_SCHEMA);
}

static void
test_foreign_files_refused (Fixture       *f,
                            gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  sqlite3 *db = NULL;

  g_assert_true (g_file_set_contents (f->path, "姓名,性别\n王五,女\n", -1, &error));
  assert_refused_untouched (f->path, QW_ERROR_CORRUPT);

  g_assert_true (g_file_set_contents (f->path, "", 0, &error));
  assert_refused_untouched (f->path, QW_ERROR_CORRUPT);

  /* Somebody else's database. */
  g_unlink (f->path);
  g_assert_cmpint (sqlite3_open (f->path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "CREATE TABLE t (x); INSERT INTO t VALUES (1);", NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);
  assert_refused_untouched (f->path, QW_ERROR_CORRUPT);
}

static void
test_damaged_file_refused (Fixture       *f,
                           gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = qw_document_create (f->path, QW_DOCUMENT_STOP, &error);
  g_autoptr(GPtrArray) entries = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_entry_free);
  g_autofree char *contents = NULL;
  gint64 event_id = add_event (doc);
  gsize length = 0;
  sqlite3 *db = NULL;

  for (int i = 0; i < 2000; i++)
    g_ptr_array_add (entries, make_entry ("一个名字比较长的棋手", 0));
  g_assert_true (qw_document_add_entries (doc, event_id, entries, &error));
  g_clear_object (&doc);
  /* Fold the WAL back so the file holds everything, then damage pages in the middle. */
  g_assert_cmpint (sqlite3_open (f->path, &db), ==, SQLITE_OK);
  sqlite3_exec (db, "PRAGMA journal_mode = DELETE", NULL, NULL, NULL);
  sqlite3_close (db);
  g_assert_true (g_file_get_contents (f->path, &contents, &length, NULL));
  g_assert_cmpuint (length, >, 3 * 4096);
  memset (contents + 2 * 4096, 0xA5, 4096);
  g_assert_true (g_file_set_contents (f->path, contents, (gssize) length, NULL));
  assert_refused_untouched (f->path, QW_ERROR_CORRUPT);

  /* A truncated copy (a download cut short). */
  g_assert_true (g_file_set_contents (f->path, contents, 1000, NULL));
  {
    g_autoptr(QwDocument) none = qw_document_open (f->path, &error);
    g_assert_null (none);
  }
}

static void
test_missing_file (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = qw_document_open (f->path, &error);

  g_assert_null (doc);
  g_assert_error (error, QW_ERROR, QW_ERROR_IO);
  g_assert_false (g_file_test (f->path, G_FILE_TEST_EXISTS));
}

static void
count_changes (QwDocument *doc,
               const char *what,
               int        *count)
{
  (*count)++;
}

static void
test_changed_signal (Fixture       *f,
                     gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = qw_document_create (f->path, QW_DOCUMENT_STOP, &error);
  g_autoptr(QwEntry) e = make_entry ("王五", 0);
  int count = 0;

  e->event_id = add_event (doc);
  g_signal_connect (doc, "changed::entries", G_CALLBACK (count_changes), &count);
  g_assert_true (qw_document_add_entry (doc, e, &error));
  g_assert_true (qw_document_update_entry (doc, e, &error));
  g_assert_cmpint (count, ==, 2);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
#define ADD(path, fn) g_test_add (path, Fixture, NULL, fixture_set_up, fn, fixture_tear_down)
  ADD ("/document/round-trip", test_round_trip);
  ADD ("/document/batch-is-atomic", test_batch_is_atomic);
  ADD ("/document/migration-from-1", test_migration_from_version_1);
  ADD ("/document/newer-schema", test_newer_schema_refused);
  ADD ("/document/foreign-files", test_foreign_files_refused);
  ADD ("/document/damaged-file", test_damaged_file_refused);
  ADD ("/document/missing-file", test_missing_file);
  ADD ("/document/changed-signal", test_changed_signal);
#undef ADD
  return g_test_run ();
}
