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

/* Every row of every table, with its rowid and each value's type. */
static char *
dump_rows (sqlite3 *db)
{
  GString *out = g_string_new (NULL);
  sqlite3_stmt *tables = NULL;

  g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name",
                                       -1, &tables, NULL), ==, SQLITE_OK);
  while (sqlite3_step (tables) == SQLITE_ROW)
    {
      g_autofree char *sql = g_strdup_printf ("SELECT rowid, * FROM \"%s\" ORDER BY rowid",
                                              (const char *) sqlite3_column_text (tables, 0));
      sqlite3_stmt *rows = NULL;

      g_string_append_printf (out, "[%s]\n", (const char *) sqlite3_column_text (tables, 0));
      g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &rows, NULL), ==, SQLITE_OK);
      while (sqlite3_step (rows) == SQLITE_ROW)
        {
          for (int c = 0; c < sqlite3_column_count (rows); c++)
            g_string_append_printf (out, "%s=%s:%d|", sqlite3_column_name (rows, c),
                                    sqlite3_column_type (rows, c) == SQLITE_NULL
                                    ? "NULL" : (const char *) sqlite3_column_text (rows, c),
                                    sqlite3_column_type (rows, c));
          g_string_append_c (out, '\n');
        }
      sqlite3_finalize (rows);
    }
  sqlite3_finalize (tables);
  return g_string_free (out, FALSE);
}

/* One row for each result of @sql, its columns joined. */
static char *
dump_query (sqlite3    *db,
            const char *sql)
{
  GString *out = g_string_new (NULL);
  sqlite3_stmt *stmt = NULL;

  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    {
      for (int c = 0; c < sqlite3_column_count (stmt); c++)
        g_string_append_printf (out, "%s|", sqlite3_column_type (stmt, c) == SQLITE_NULL
                                            ? "NULL" : (const char *) sqlite3_column_text (stmt, c));
      g_string_append_c (out, '\n');
    }
  sqlite3_finalize (stmt);
  return g_string_free (out, FALSE);
}

/* The indexes and foreign keys of the rebuilt tables. */
static char *
dump_structure (sqlite3 *db)
{
  static const char *const queries[] = {
    "SELECT name, \"unique\", origin, partial FROM pragma_index_list ('game') ORDER BY name",
    "SELECT name, \"unique\", origin, partial FROM pragma_index_list ('game_log') ORDER BY name",
    "SELECT il.name, ii.seqno, ii.name FROM pragma_index_list ('game') il, pragma_index_info (il.name) ii "
    "WHERE il.origin = 'c' ORDER BY il.name, ii.seqno",
    "SELECT il.name, ii.seqno, ii.name FROM pragma_index_list ('game_log') il, pragma_index_info (il.name) ii "
    "WHERE il.origin = 'c' ORDER BY il.name, ii.seqno",
    "SELECT * FROM pragma_index_info ('sqlite_autoindex_game_1')",
    "SELECT * FROM pragma_foreign_key_list ('game') ORDER BY id, seq",
    "SELECT * FROM pragma_foreign_key_list ('game_log') ORDER BY id, seq",
    "SELECT name, type, \"notnull\", dflt_value, pk FROM pragma_table_info ('game') ORDER BY cid",
    "SELECT name, type, \"notnull\", dflt_value, pk FROM pragma_table_info ('game_log') ORDER BY cid",
  };
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (queries); i++)
    {
      g_autofree char *part = dump_query (db, queries[i]);

      g_string_append_printf (out, "%u:\n%s", i, part);
    }
  return g_string_free (out, FALSE);
}

static int
exec_status (sqlite3    *db,
             const char *sql)
{
  return sqlite3_exec (db, sql, NULL, NULL, NULL);
}

/* Step 5 rebuilds the game and game_log tables: a document of version 4
 * with games, results, play-offs and log lines keeps every row under its
 * id, every index and foreign key, and the checks still refuse what they
 * refused. */
static void
test_migration_from_version_4 (Fixture       *f,
                               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = NULL;
  g_autofree char *rows_before = NULL, *rows_after = NULL;
  g_autofree char *structure_before = NULL, *structure_after = NULL;
  g_autofree char *schema = NULL, *check = NULL;
  sqlite3 *db = NULL;

  g_assert_cmpint (sqlite3_open (f->path, &db), ==, SQLITE_OK);
  g_assert_cmpint (exec_status (db, "PRAGMA application_id = 1363760967;" QW_SCHEMA_STEP_1 QW_SCHEMA_STEP_2
                                QW_SCHEMA_STEP_3 QW_SCHEMA_STEP_4 "PRAGMA user_version = 4;"
                                "INSERT INTO meta VALUES ('kind', 'stop');"
                                "INSERT INTO event (id, ruleset, name) VALUES (1, 'qiwang-2021', '旧站');"
                                "INSERT INTO player (id, name, sex) VALUES (1, '甲', 'M'), (2, '乙', 'M'), "
                                "  (3, '丙', 'F'), (5, '丁', '');"
                                "INSERT INTO entry (id, event_id, player_id, no, group_code) VALUES "
                                "  (1, 1, 1, 1, 'open-m'), (2, 1, 2, 2, 'open-m'), (3, 1, 3, 3, 'open-m'), "
                                "  (7, 1, 5, 4, 'open-m');"
                                "INSERT INTO section (id, event_id, code, name, system) VALUES "
                                "  (1, 1, 'open-m', '公开组男子', 'swiss'), (4, 1, 'ko', '淘汰', 'knockout');"
                                /* ids with gaps, every result, a bye, fouls, a play-off, manual changes */
                                "INSERT INTO game (id, section_id, round, board, red, black, result, red_fouls, "
                                "  black_fouls, playoff, armageddon, manual, explain) VALUES "
                                "  (3, 1, 1, 1, 1, 2, '2:0', 1, 0, '', 0, 0, 'score group 0'),"
                                "  (4, 1, 1, 2, 3, 7, '1:1', 0, 2, '', 0, 1, ''),"
                                "  (9, 1, 2, 1, 2, 3, '+:-', 0, 0, '', 0, 0, ''),"
                                "  (10, 1, 2, 2, 7, NULL, 'bye', 0, 0, '', 0, 0, 'bye'),"
                                "  (11, 1, 3, 1, 1, 3, '', 0, 0, '', 0, 0, ''),"
                                "  (12, 4, 1, 1, 1, 7, '1:1', 0, 0, 'black', 1, 0, ''),"
                                "  (13, 4, 1, 2, 2, 3, '-:-', 0, 0, '', 0, 0, ''),"
                                "  (20, 4, 2, 1, 7, 3, '0:2', 0, 0, 'red', 0, 0, ''),"
                                "  (21, 4, 2, 2, 1, 2, '-:+', 0, 0, '', 0, 0, '');"
                                "INSERT INTO round_log (section_id, round, at, message) VALUES "
                                "  (1, 1, '2024-05-01T09:00:00', 'Round 1 paired');"
                                "INSERT INTO standing (section_id, rank, entry_id, points) VALUES (1, 1, 1, 2);"
                                "INSERT INTO game_log (id, at, section_id, round, board, kind, old_value, "
                                "  new_value, cause, after_round_log) VALUES "
                                "  (2, '2024-05-01T09:00:01', 1, 1, 0, 'paired', '', '2 boards', '配对', 1),"
                                "  (5, '2024-05-01T09:10:00', 1, 1, 1, 'result', '', '2:0', '成绩', 1),"
                                "  (6, '2024-05-01T09:20:00', 1, 1, 2, 'players', '3 丙 – 4 丁', '3 丙 – 4 丁', "
                                "   '换人', 1),"
                                "  (8, '2024-05-01T09:30:00', 1, 2, 0, 'unpaired', '2 boards', '', '', 1);"),
                   ==, SQLITE_OK);
  rows_before = dump_rows (db);
  structure_before = dump_structure (db);
  sqlite3_close (db);

  doc = qw_document_open (f->path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (qw_document_peek_version (f->path, NULL), ==, qw_document_schema_version ());
  g_clear_object (&doc);

  g_assert_cmpint (sqlite3_open (f->path, &db), ==, SQLITE_OK);
  rows_after = dump_rows (db);
  structure_after = dump_structure (db);
  g_assert_cmpstr (rows_after, ==, rows_before);
  g_assert_cmpstr (structure_after, ==, structure_before);
  check = dump_query (db, "PRAGMA integrity_check");
  g_assert_cmpstr (check, ==, "ok|\n");
  g_clear_pointer (&check, g_free);
  check = dump_query (db, "PRAGMA foreign_key_check");
  g_assert_cmpstr (check, ==, "");
  /* No list left in the checks of the rebuilt tables. */
  schema = dump_query (db, "SELECT sql FROM sqlite_schema WHERE tbl_name IN ('game', 'game_log')");
  g_assert_null (strstr (schema, " IN ("));
  g_assert_null (strstr (schema, "_v5"));

  /* The checks refuse what they refused, the keys hold and cascade. */
  g_assert_cmpint (exec_status (db, "PRAGMA foreign_keys = ON"), ==, SQLITE_OK);
  g_assert_cmpint (exec_status (db, "INSERT INTO game (section_id, round, board, red, result) "
                                    "VALUES (1, 3, 5, 2, '3:0')"), ==, SQLITE_CONSTRAINT);
  g_assert_cmpint (exec_status (db, "INSERT INTO game (section_id, round, board, red, result) "
                                    "VALUES (1, 3, 5, 2, NULL)"), ==, SQLITE_CONSTRAINT);
  g_assert_cmpint (exec_status (db, "UPDATE game SET playoff = 'draw' WHERE id = 12"), ==, SQLITE_CONSTRAINT);
  g_assert_cmpint (exec_status (db, "UPDATE game SET round = 0 WHERE id = 12"), ==, SQLITE_CONSTRAINT);
  g_assert_cmpint (exec_status (db, "INSERT INTO game (section_id, round, board, red) VALUES (1, 1, 1, 2)"),
                   ==, SQLITE_CONSTRAINT);
  g_assert_cmpint (exec_status (db, "INSERT INTO game (section_id, round, board, red) VALUES (1, 3, 5, 99)"),
                   ==, SQLITE_CONSTRAINT);
  g_assert_cmpint (exec_status (db, "INSERT INTO game_log (section_id, round, kind) VALUES (1, 1, 'swap')"),
                   ==, SQLITE_CONSTRAINT);
  g_assert_cmpint (exec_status (db, "INSERT INTO game (section_id, round, board, red, black, result, playoff) "
                                    "VALUES (1, 3, 2, 2, 7, '-:+', 'black')"), ==, SQLITE_OK);
  g_assert_cmpint (exec_status (db, "INSERT INTO game_log (section_id, round, kind) VALUES (1, 3, 'result')"),
                   ==, SQLITE_OK);
  g_assert_cmpint (exec_status (db, "DELETE FROM entry WHERE id = 7"), ==, SQLITE_OK);
  g_clear_pointer (&check, g_free);
  check = dump_query (db, "SELECT id FROM game ORDER BY id");
  g_assert_cmpstr (check, ==, "3|\n9|\n11|\n13|\n21|\n");
  g_assert_cmpint (exec_status (db, "DELETE FROM section WHERE id = 1"), ==, SQLITE_OK);
  g_clear_pointer (&check, g_free);
  check = dump_query (db, "SELECT id FROM game ORDER BY id");
  g_assert_cmpstr (check, ==, "13|\n21|\n");
  sqlite3_close (db);
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
  ADD ("/document/migration-from-4", test_migration_from_version_4);
  ADD ("/document/newer-schema", test_newer_schema_refused);
  ADD ("/document/foreign-files", test_foreign_files_refused);
  ADD ("/document/damaged-file", test_damaged_file_refused);
  ADD ("/document/missing-file", test_missing_file);
  ADD ("/document/changed-signal", test_changed_signal);
#undef ADD
  return g_test_run ();
}
