/* test-document.c: the document store
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gstdio.h>
#include <sqlite3.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "qw-document.h"
#include "qw-error.h"
#include "qw-schema.sql.h"
#include "qw-date.h"
#include "qw-document-entries.h"
#include "qw-entry.h"
#include "qw-event.h"
#include "qw-test.h"

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
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  qw_test_remove_tree (f->dir);
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

/* Many entries go in blocks of rows a statement (qw-document-entries.c):
 * the same numbers, ids in order, a pair's members and an entry restored
 * under its old id among them; a clash inside a block still undoes all. */
static void
test_many_entries (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = qw_document_create (f->path, QW_DOCUMENT_STOP, &error);
  g_autoptr(GPtrArray) entries = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_entry_free);
  g_autoptr(GPtrArray) clash = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_entry_free);
  g_autoptr(GPtrArray) listed = NULL;
  g_autoptr(QwEntry) restored = NULL;
  gint64 event_id = add_event (doc);
  gint64 gone;
  QwEntry *pair;

  for (int i = 0; i < 200; i++)
    {
      g_autofree char *name = g_strdup_printf ("选手%d", i + 1);

      g_ptr_array_add (entries, make_entry (name, i == 150 ? 500 : 0));
    }
  pair = g_ptr_array_index (entries, 70);
  qw_entry_add_member (pair, make_entry ("甲", 0));
  qw_entry_add_member (pair, make_entry ("乙", 0));
  qw_entry_pair_sync (pair);
  g_assert_true (qw_document_add_entries (doc, event_id, entries, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < entries->len; i++)
    {
      const QwEntry *e = g_ptr_array_index (entries, i);

      /* Numbered in order, after a number given; ids as SQLite gives them. */
      g_assert_cmpint (e->no, ==, i < 150 ? (int) i + 1 : 500 + (int) i - 150);
      g_assert_cmpint (e->id, ==, (gint64) i + 1);
    }
  listed = qw_document_list_entries (doc, event_id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (listed->len, ==, entries->len);
  for (guint i = 0; i < listed->len; i++)
    {
      const QwEntry *e = g_ptr_array_index (listed, i);
      const QwEntry *given = g_ptr_array_index (entries, i);

      g_assert_cmpint (e->id, ==, given->id);
      g_assert_cmpint (e->no, ==, given->no);
      g_assert_cmpstr (e->name, ==, given->name);
      g_assert_true (qw_entry_is_pair (e) == (i == 70));
    }
  g_assert_cmpstr (qw_entry_member (g_ptr_array_index (listed, 70), 1)->name, ==, "乙");

  /* Deleted and restored under its old id, among new ones. */
  restored = qw_entry_copy (g_ptr_array_index (listed, 10));
  gone = restored->id;
  g_assert_true (qw_document_delete_entries (doc, &gone, 1, &error));
  g_assert_no_error (error);
  for (int i = 0; i < 100; i++)
    {
      g_autofree char *name = g_strdup_printf ("后来%d", i + 1);

      g_ptr_array_add (clash, make_entry (name, 0));
    }
  g_ptr_array_insert (clash, 20, g_steal_pointer (&restored));
  g_assert_true (qw_document_add_entries (doc, event_id, clash, &error));
  g_assert_no_error (error);
  g_assert_cmpint (((QwEntry *) g_ptr_array_index (clash, 20))->id, ==, gone);
  g_assert_cmpint (((QwEntry *) g_ptr_array_index (clash, 20))->no, ==, 11);
  g_assert_cmpint (((QwEntry *) g_ptr_array_index (clash, 0))->no, ==, 550);
  g_assert_cmpint (((QwEntry *) g_ptr_array_index (clash, 100))->no, ==, 649);
  g_assert_cmpint (qw_document_count_entries (doc, event_id), ==, 300);

  /* A number taken, in the middle of a block: nothing of the batch stays. */
  g_ptr_array_set_size (clash, 0);
  for (int i = 0; i < 130; i++)
    g_ptr_array_add (clash, make_entry ("又来", i == 90 ? 7 : 1000 + i));
  g_assert_false (qw_document_add_entries (doc, event_id, clash, &error));
  g_assert_error (error, QW_ERROR, QW_ERROR_CONFLICT);
  g_assert_cmpint (qw_document_count_entries (doc, event_id), ==, 300);
  for (guint i = 0; i < clash->len; i++)
    g_assert_cmpint (((QwEntry *) g_ptr_array_index (clash, i))->id, ==, 0);
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

/* Opening a document made before its identity was made with it (the
 * certificates' secret, each local event's results id:
 * store/qw-document-identity.h) makes it: checked here, then taken out, so
 * that the rest compares with what the migration alone leaves. */
static void
take_identity (sqlite3 *db)
{
  sqlite3_stmt *stmt = NULL;
  int events = 0, uids = 0;

  g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT value FROM meta WHERE key = 'certificate-secret'", -1, &stmt,
                                       NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  g_assert_cmpuint (strlen ((const char *) sqlite3_column_text (stmt, 0)), ==, 64);
  sqlite3_finalize (stmt);
  g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT (SELECT count(*) FROM event WHERE source = 'local'), "
                                       "(SELECT count(*) FROM meta WHERE key LIKE 'results-uid:%' AND "
                                       "length (value) = 36)", -1, &stmt, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  events = sqlite3_column_int (stmt, 0);
  uids = sqlite3_column_int (stmt, 1);
  sqlite3_finalize (stmt);
  g_assert_cmpint (uids, ==, events);
  g_assert_cmpint (sqlite3_exec (db, "DELETE FROM meta WHERE key = 'certificate-secret' "
                                     "OR key LIKE 'results-uid:%'", NULL, NULL, NULL), ==, SQLITE_OK);
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

/* The columns, indexes and foreign keys of every table. */
static char *
dump_structure (sqlite3 *db)
{
  static const char *const queries[] = {
    "SELECT type, name, tbl_name FROM sqlite_schema ORDER BY name",
    "SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND sql IS NOT NULL ORDER BY name",
    "SELECT t.name, il.name, il.\"unique\", il.origin, il.partial FROM sqlite_schema t, "
    "pragma_index_list (t.name) il WHERE t.type = 'table' ORDER BY t.name, il.name",
    "SELECT t.name, il.name, ii.seqno, ii.name FROM sqlite_schema t, pragma_index_list (t.name) il, "
    "pragma_index_info (il.name) ii WHERE t.type = 'table' ORDER BY t.name, il.name, ii.seqno",
    "SELECT t.name, fk.* FROM sqlite_schema t, pragma_foreign_key_list (t.name) fk "
    "WHERE t.type = 'table' ORDER BY t.name, fk.id, fk.seq",
    "SELECT t.name, c.cid, c.name, c.type, c.\"notnull\", c.dflt_value, c.pk FROM sqlite_schema t, "
    "pragma_table_info (t.name) c WHERE t.type = 'table' ORDER BY t.name, c.cid",
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

static const char *const schema_steps[] = {
  QW_SCHEMA_STEP_1, QW_SCHEMA_STEP_2, QW_SCHEMA_STEP_3, QW_SCHEMA_STEP_4, QW_SCHEMA_STEP_5, QW_SCHEMA_STEP_6,
  QW_SCHEMA_STEP_7, QW_SCHEMA_STEP_8, QW_SCHEMA_STEP_9, QW_SCHEMA_STEP_10,
  QW_SCHEMA_STEP_11,
  QW_SCHEMA_STEP_12,
};

/* Applies to @db the steps after version 7, which only add (columns,
 * tables, indexes): a document of version 6 given them has the structure
 * the migration through step 7 must keep. */
static void
add_steps_after_7 (sqlite3 *db)
{
  for (guint v = 7; v < G_N_ELEMENTS (schema_steps); v++)
    g_assert_cmpint (exec_status (db, schema_steps[v]), ==, SQLITE_OK);
}

/* A document of schema @version (4 to 6) in @db, holding what such a
 * document could hold: ids with gaps, every result, a bye, fouls, play-offs
 * (a drawn armageddon from version 6), manual changes, a withdrawal, a
 * standing, round and game log lines; from version 5 an excluded entry, a
 * late one and an allowed problem; from version 6 absences. The data of a
 * version is also valid in every later one. */
static void
make_document (sqlite3 *db,
               int      version,
               int      data_version)
{
  g_autofree char *set_version = g_strdup_printf ("PRAGMA user_version = %d;", version);

  g_assert_cmpint (version, <=, G_N_ELEMENTS (schema_steps));
  g_assert_cmpint (exec_status (db, "PRAGMA application_id = 1363760967;"), ==, SQLITE_OK);
  for (int v = 0; v < version; v++)
    g_assert_cmpint (exec_status (db, schema_steps[v]), ==, SQLITE_OK);
  g_assert_cmpint (exec_status (db, set_version), ==, SQLITE_OK);
  g_assert_cmpint (exec_status (db, "INSERT INTO meta VALUES ('kind', 'stop');"
                                "INSERT INTO event (id, ruleset, name) VALUES (1, 'qiwang-2021', '旧站');"
                                "INSERT INTO player (id, name, sex, doc_kind, id_number) VALUES "
                                "  (1, '甲', 'M', 'resident', ''), (2, '乙', 'M', 'resident', ''), "
                                "  (3, '丙', 'F', 'other', 'E1234567'), (5, '丁', '', 'resident', ''), "
                                "  (6, '戊', 'F', 'resident', '');"
                                "INSERT INTO entry (id, event_id, player_id, no, group_code, status, "
                                "  withdrawn_before, rating) VALUES "
                                "  (1, 1, 1, 1, 'open-m', 'active', 0, 1800), (2, 1, 2, 2, 'open-m', 'active', 0, 0), "
                                "  (3, 1, 3, 3, 'open-m', 'active', 0, 0), (7, 1, 5, 4, 'open-m', 'active', 0, 0), "
                                "  (8, 1, 6, 6, 'open-m', 'withdrawn', 3, 0);"
                                "INSERT INTO section (id, event_id, code, name, system) VALUES "
                                "  (1, 1, 'open-m', '公开组男子', 'swiss'), (4, 1, 'ko', '淘汰', 'knockout');"
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
                                "INSERT INTO nominee (id, region, name) VALUES (2, '惠州', '甲');"
                                "INSERT INTO game_log (id, at, section_id, round, board, kind, old_value, "
                                "  new_value, cause, after_round_log) VALUES "
                                "  (2, '2024-05-01T09:00:01', 1, 1, 0, 'paired', '', '2 boards', '配对', 1),"
                                "  (5, '2024-05-01T09:10:00', 1, 1, 1, 'result', '', '2:0', '成绩', 1),"
                                "  (6, '2024-05-01T09:20:00', 1, 1, 2, 'players', '3 丙 – 4 丁', '3 丙 – 4 丁', "
                                "   '换人', 1),"
                                "  (8, '2024-05-01T09:30:00', 1, 2, 0, 'unpaired', '2 boards', '', '', 1);"),
                   ==, SQLITE_OK);
  if (data_version >= 5)
    g_assert_cmpint (exec_status (db, "INSERT INTO player (id, name, sex) VALUES (9, '己', 'M'), (10, '庚', 'F');"
                                  "INSERT INTO entry (id, event_id, player_id, no, group_code, status, allowed) "
                                  "  VALUES (12, 1, 9, 5, 'open-m', 'excluded', ''), "
                                  "  (15, 1, 10, 8, 'open-m', 'late', '');"
                                  "UPDATE entry SET allowed = 'too-strong' WHERE id = 1;"),
                     ==, SQLITE_OK);
  if (data_version >= 6)
    g_assert_cmpint (exec_status (db, "INSERT INTO game (id, section_id, round, board, red, black, result, "
                                  "  playoff, armageddon) VALUES (22, 4, 3, 1, 7, 1, '1:1', 'draw', 1);"
                                  "INSERT INTO absence (section_id, entry_id, round, kind, points) VALUES "
                                  "  (1, 3, 4, 'leave', 0), (1, 15, 1, 'late', 1), (1, 15, 2, 'late', 0.5);"),
                     ==, SQLITE_OK);
}

/* Step 7 rebuilds the player, entry, game and game_log tables with their
 * checks as comparisons. A document of @data (4, 5 or 6) brought up to
 * date holds every row under its id, and every column, index and foreign
 * key, as a document of version 6 with the same data does once the later
 * steps, which only add, are applied to it (steps 5 and 6 are tested with
 * the desk, tests/test-stop-desk.c; the later ones from version 7 below);
 * the checks refuse what they refused, and the keys hold and cascade. */
static void
test_migration_to_7 (Fixture       *f,
                     gconstpointer  data)
{
  int from = GPOINTER_TO_INT (data);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = NULL;
  g_autofree char *rows_before = NULL, *rows_expected = NULL, *rows_after = NULL, *rows_v6 = NULL;
  g_autofree char *structure_v6 = NULL;
  g_autofree char *structure_expected = NULL, *structure_after = NULL;
  g_autofree char *schema = NULL, *check = NULL;
  sqlite3 *db = NULL;

  g_assert_cmpint (qw_document_schema_version (), ==, G_N_ELEMENTS (schema_steps));
  g_assert_cmpint (sqlite3_open (":memory:", &db), ==, SQLITE_OK);
  make_document (db, 6, from);
  rows_v6 = dump_rows (db);
  structure_v6 = dump_structure (db);
  add_steps_after_7 (db);
  rows_expected = dump_rows (db);
  structure_expected = dump_structure (db);
  sqlite3_close (db);

  g_assert_cmpint (sqlite3_open (f->path, &db), ==, SQLITE_OK);
  make_document (db, from, from);
  rows_before = dump_rows (db);
  if (from == 6)
    {
      g_autofree char *structure_before = dump_structure (db);

      g_assert_cmpstr (rows_before, ==, rows_v6);
      g_assert_cmpstr (structure_before, ==, structure_v6);
    }
  sqlite3_close (db);

  doc = qw_document_open (f->path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (qw_document_peek_version (f->path, NULL), ==, qw_document_schema_version ());
  g_clear_object (&doc);

  g_assert_cmpint (sqlite3_open (f->path, &db), ==, SQLITE_OK);
  take_identity (db);
  rows_after = dump_rows (db);
  structure_after = dump_structure (db);
  g_assert_cmpstr (rows_after, ==, rows_expected);
  g_assert_cmpstr (structure_after, ==, structure_expected);
  check = dump_query (db, "PRAGMA integrity_check");
  g_assert_cmpstr (check, ==, "ok|\n");
  g_clear_pointer (&check, g_free);
  check = dump_query (db, "PRAGMA foreign_key_check");
  g_assert_cmpstr (check, ==, "");
  /* No list left in the checks of the rebuilt tables, nor a table aside. */
  schema = dump_query (db, "SELECT sql FROM sqlite_schema WHERE tbl_name IN ('player', 'entry', 'game', "
                           "'game_log')");
  g_assert_null (strstr (schema, " IN ("));
  g_assert_nonnull (strstr (schema, "status = 'late'"));
  g_clear_pointer (&schema, g_free);
  schema = dump_query (db, "SELECT name FROM sqlite_schema WHERE name GLOB '*_v[0-9]'");
  g_assert_cmpstr (schema, ==, "");

  /* The checks refuse what they refused and accept what they accepted. */
  g_assert_cmpint (exec_status (db, "PRAGMA foreign_keys = ON"), ==, SQLITE_OK);
  g_assert_cmpint (exec_status (db, "INSERT INTO game (section_id, round, board, red, result) "
                                    "VALUES (1, 3, 5, 2, '3:0')"), ==, SQLITE_CONSTRAINT);
  g_assert_cmpint (exec_status (db, "INSERT INTO game (section_id, round, board, red, result) "
                                    "VALUES (1, 3, 5, 2, NULL)"), ==, SQLITE_CONSTRAINT);
  g_assert_cmpint (exec_status (db, "UPDATE game SET playoff = 'tie' WHERE id = 12"), ==, SQLITE_CONSTRAINT);
  g_assert_cmpint (exec_status (db, "UPDATE game SET round = 0 WHERE id = 12"), ==, SQLITE_CONSTRAINT);
  g_assert_cmpint (exec_status (db, "UPDATE game SET red_fouls = -1 WHERE id = 12"), ==, SQLITE_CONSTRAINT);
  g_assert_cmpint (exec_status (db, "INSERT INTO game (section_id, round, board, red) VALUES (1, 1, 1, 2)"),
                   ==, SQLITE_CONSTRAINT);
  g_assert_cmpint (exec_status (db, "INSERT INTO game (section_id, round, board, red) VALUES (1, 3, 5, 99)"),
                   ==, SQLITE_CONSTRAINT);
  g_assert_cmpint (exec_status (db, "INSERT INTO game (section_id, round, board, red) VALUES (9, 3, 5, 2)"),
                   ==, SQLITE_CONSTRAINT);
  g_assert_cmpint (exec_status (db, "INSERT INTO game_log (section_id, round, kind) VALUES (1, 1, 'swap')"),
                   ==, SQLITE_CONSTRAINT);
  g_assert_cmpint (exec_status (db, "INSERT INTO player (name, sex) VALUES ('辛', 'X')"), ==, SQLITE_CONSTRAINT);
  g_assert_cmpint (exec_status (db, "INSERT INTO player (name, doc_kind) VALUES ('辛', 'passport')"),
                   ==, SQLITE_CONSTRAINT);
  g_assert_cmpint (exec_status (db, "INSERT INTO player (name, birth) VALUES ('辛', NULL)"), ==, SQLITE_CONSTRAINT);
  g_assert_cmpint (exec_status (db, "UPDATE entry SET status = 'gone' WHERE id = 2"), ==, SQLITE_CONSTRAINT);
  g_assert_cmpint (exec_status (db, "UPDATE entry SET no = 0 WHERE id = 2"), ==, SQLITE_CONSTRAINT);
  g_assert_cmpint (exec_status (db, "UPDATE entry SET no = 1 WHERE id = 2"), ==, SQLITE_CONSTRAINT);
  g_assert_cmpint (exec_status (db, "UPDATE entry SET player_id = 1 WHERE id = 2"), ==, SQLITE_CONSTRAINT);
  g_assert_cmpint (exec_status (db, "UPDATE entry SET player_id = 77 WHERE id = 2"), ==, SQLITE_CONSTRAINT);
  g_assert_cmpint (exec_status (db, "UPDATE entry SET event_id = 5 WHERE id = 2"), ==, SQLITE_CONSTRAINT);
  g_assert_cmpint (exec_status (db, "INSERT INTO game (section_id, round, board, red, black, result, playoff) "
                                    "VALUES (1, 3, 2, 2, 7, '-:+', 'black')"), ==, SQLITE_OK);
  g_assert_cmpint (exec_status (db, "UPDATE game SET playoff = 'draw', armageddon = 1 WHERE id = 12"), ==,
                   SQLITE_OK);
  g_assert_cmpint (exec_status (db, "INSERT INTO game_log (section_id, round, kind) VALUES (1, 3, 'result')"),
                   ==, SQLITE_OK);
  g_assert_cmpint (exec_status (db, "INSERT INTO player (id, name, sex, doc_kind) VALUES (30, '辛', 'F', 'other')"),
                   ==, SQLITE_OK);
  g_assert_cmpint (exec_status (db, "INSERT INTO entry (event_id, player_id, no, status) VALUES (1, 30, 30, 'late')"),
                   ==, SQLITE_OK);
  g_assert_cmpint (exec_status (db, "UPDATE entry SET status = 'excluded' WHERE id = 2"), ==, SQLITE_OK);

  /* Deleting an entry deletes its games; a player, its entry; a section, its
   * games, standings and absences. */
  g_assert_cmpint (exec_status (db, "DELETE FROM entry WHERE id = 7"), ==, SQLITE_OK);
  g_clear_pointer (&check, g_free);
  check = dump_query (db, "SELECT id FROM game ORDER BY id");
  g_assert_cmpstr (check, ==, "3|\n9|\n11|\n13|\n21|\n");
  g_assert_cmpint (exec_status (db, "DELETE FROM player WHERE id = 3"), ==, SQLITE_OK);
  g_clear_pointer (&check, g_free);
  check = dump_query (db, "SELECT (SELECT group_concat (id) FROM game), (SELECT COUNT(*) FROM entry WHERE id = 3), "
                          "(SELECT COUNT(*) FROM absence WHERE entry_id = 3)");
  g_assert_cmpstr (check, ==, "3,21|0|0|\n");
  g_assert_cmpint (exec_status (db, "DELETE FROM section WHERE id = 1"), ==, SQLITE_OK);
  g_clear_pointer (&check, g_free);
  check = dump_query (db, "SELECT (SELECT group_concat (id) FROM game), (SELECT COUNT(*) FROM standing), "
                          "(SELECT COUNT(*) FROM absence)");
  g_assert_cmpstr (check, ==, "21|0|0|\n");
  sqlite3_close (db);
}

/* The steps after 7 (8: the pairs' members, a player's account and a
 * pair's relation; 9: a nominee's quota line and group name) from a
 * document of version 7: every row is kept, the new columns read as their
 * defaults, the structure is that of the steps applied by hand, and the
 * new table's checks are comparisons that refuse what they must. */
static void
test_migration_from_7 (Fixture       *f,
                       gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = NULL;
  g_autoptr(GPtrArray) entries = NULL;
  g_autofree char *rows_expected = NULL, *structure_expected = NULL;
  g_autofree char *rows_after = NULL, *structure_after = NULL;
  g_autofree char *schema = NULL, *check = NULL;
  sqlite3 *db = NULL;

  g_assert_cmpint (sqlite3_open (":memory:", &db), ==, SQLITE_OK);
  make_document (db, 7, 6);
  add_steps_after_7 (db);
  rows_expected = dump_rows (db);
  structure_expected = dump_structure (db);
  sqlite3_close (db);

  g_assert_cmpint (sqlite3_open (f->path, &db), ==, SQLITE_OK);
  make_document (db, 7, 6);
  sqlite3_close (db);
  g_assert_cmpint (qw_document_peek_version (f->path, NULL), ==, 7);

  doc = qw_document_open (f->path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (qw_document_peek_version (f->path, NULL), ==, qw_document_schema_version ());
  entries = qw_document_list_entries (doc, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (entries->len, ==, 7);
  for (guint i = 0; i < entries->len; i++)
    g_assert_false (qw_entry_is_pair (entries->pdata[i]));
  g_clear_object (&doc);

  g_assert_cmpint (sqlite3_open (f->path, &db), ==, SQLITE_OK);
  take_identity (db);
  rows_after = dump_rows (db);
  structure_after = dump_structure (db);
  g_assert_cmpstr (rows_after, ==, rows_expected);
  g_assert_cmpstr (structure_after, ==, structure_expected);
  check = dump_query (db, "PRAGMA integrity_check");
  g_assert_cmpstr (check, ==, "ok|\n");
  g_clear_pointer (&check, g_free);
  check = dump_query (db, "PRAGMA foreign_key_check");
  g_assert_cmpstr (check, ==, "");
  g_clear_pointer (&check, g_free);
  check = dump_query (db, "SELECT (SELECT group_concat (account, ',') FROM player), "
                          "(SELECT COUNT(*) FROM entry WHERE relation <> ''), (SELECT COUNT(*) FROM member)");
  g_assert_cmpstr (check, ==, ",,,,,,|0|0|\n");
  g_clear_pointer (&check, g_free);
  check = dump_query (db, "SELECT id, region, name, line, line_label, group_name FROM nominee");
  g_assert_cmpstr (check, ==, "2|惠州|甲||||\n");
  g_assert_cmpint (exec_status (db, "UPDATE nominee SET line = 'open', line_label = '公开组', "
                                    "group_name = '公开组男子' WHERE id = 2"), ==, SQLITE_OK);
  g_assert_cmpint (exec_status (db, "INSERT INTO nominee (region, name, line) VALUES ('深圳', '乙', NULL)"),
                   ==, SQLITE_CONSTRAINT);

  /* The checks of the tables written per entry are comparisons. */
  schema = dump_query (db, "SELECT sql FROM sqlite_schema WHERE tbl_name IN ('player', 'entry', 'game', "
                           "'game_log', 'member')");
  g_assert_null (strstr (schema, " IN ("));
  g_assert_nonnull (strstr (schema, "CREATE TABLE member"));

  /* A member is a person of an entry, by position: what it may hold, and
   * that it goes with its entry. */
  g_assert_cmpint (exec_status (db, "PRAGMA foreign_keys = ON"), ==, SQLITE_OK);
  g_assert_cmpint (exec_status (db, "INSERT INTO member (entry_id, position, name, sex) VALUES (1, 1, '甲', 'X')"),
                   ==, SQLITE_CONSTRAINT);
  g_assert_cmpint (exec_status (db, "INSERT INTO member (entry_id, position, name, doc_kind) "
                                    "VALUES (1, 1, '甲', 'passport')"), ==, SQLITE_CONSTRAINT);
  g_assert_cmpint (exec_status (db, "INSERT INTO member (entry_id, position, name) VALUES (1, 0, '甲')"),
                   ==, SQLITE_CONSTRAINT);
  g_assert_cmpint (exec_status (db, "INSERT INTO member (entry_id, position, name) VALUES (99, 1, '甲')"),
                   ==, SQLITE_CONSTRAINT);
  g_assert_cmpint (exec_status (db, "INSERT INTO member (entry_id, position, name, sex, doc_kind) VALUES "
                                    "(1, 1, '甲', 'M', 'resident'), (1, 2, '乙', 'F', 'other')"), ==, SQLITE_OK);
  g_assert_cmpint (exec_status (db, "INSERT INTO member (entry_id, position, name) VALUES (1, 2, '丙')"),
                   ==, SQLITE_CONSTRAINT);
  g_assert_cmpint (exec_status (db, "UPDATE entry SET relation = '父子' WHERE id = 1"), ==, SQLITE_OK);
  g_assert_cmpint (exec_status (db, "DELETE FROM entry WHERE id = 1"), ==, SQLITE_OK);
  g_clear_pointer (&check, g_free);
  check = dump_query (db, "SELECT COUNT(*) FROM member");
  g_assert_cmpstr (check, ==, "0|\n");
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

/* Issue 10, problem 4: a document another program holds is busy, never
 * foreign; a truncated one is damaged, never foreign; a foreign database
 * is foreign. Three causes, three answers. */

static void
assert_message_has (const GError *error,
                    const char   *part)
{
  if (strstr (error->message, part) == NULL)
    g_error ("“%s” does not say “%s”", error->message, part);
}

static void
test_busy_is_not_foreign (Fixture       *f,
                          gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = qw_document_create (f->path, QW_DOCUMENT_STOP, &error);
  g_autoptr(QwDocument) none = NULL;
  sqlite3 *db = NULL;

  add_event (doc);
  g_clear_object (&doc);
  /* Another program writing with the file locked for itself alone: even a
   * reader must wait (SQLITE_BUSY on the probe's first read). */
  g_assert_cmpint (sqlite3_open (f->path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE;"
                                 "UPDATE meta SET value = value WHERE key = 'kind';", NULL, NULL, NULL), ==, SQLITE_OK);
  none = qw_document_open (f->path, &error);
  g_assert_null (none);
  g_assert_error (error, QW_ERROR, QW_ERROR_BUSY);
  g_assert_cmpstr (error->message, ==, "The document is being changed by another program; try again in a moment");
  g_clear_error (&error);
  none = qw_document_open_read_only (f->path, &error);
  g_assert_null (none);
  g_assert_error (error, QW_ERROR, QW_ERROR_BUSY);
  g_clear_error (&error);
  g_assert_cmpint (sqlite3_exec (db, "COMMIT", NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);
  doc = qw_document_open (f->path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (doc);
}

typedef struct
{
  const char *path;
  GMutex      lock;
  GCond       cond;
  gboolean    holding;
  int         hold_ms;
} Holder;

/* Another program's writer: holds the write lock for a while, then commits. */
static gpointer
hold_write_lock (gpointer data)
{
  Holder *h = data;
  sqlite3 *db = NULL;

  g_assert_cmpint (sqlite3_open (h->path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "BEGIN IMMEDIATE; UPDATE meta SET value = 'x' WHERE key = 'held';",
                                 NULL, NULL, NULL), ==, SQLITE_OK);
  g_mutex_lock (&h->lock);
  h->holding = TRUE;
  g_cond_signal (&h->cond);
  g_mutex_unlock (&h->lock);
  g_usleep ((gulong) h->hold_ms * 1000);
  g_assert_cmpint (sqlite3_exec (db, "COMMIT", NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);
  return NULL;
}

static GThread *
start_holder (Holder *h)
{
  GThread *thread;

  g_mutex_init (&h->lock);
  g_cond_init (&h->cond);
  thread = g_thread_new ("holder", hold_write_lock, h);
  g_mutex_lock (&h->lock);
  while (!h->holding)
    g_cond_wait (&h->cond, &h->lock);
  g_mutex_unlock (&h->lock);
  return thread;
}

/* Problem 5: a write waits for another writer (BEGIN IMMEDIATE with the busy
 * timeout) and goes through once it is done; one that outlasts the timeout
 * is refused with the busy message, and nothing of it is written. */
static void
test_writer_waits_or_is_busy (Fixture       *f,
                              gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = qw_document_create (f->path, QW_DOCUMENT_STOP, &error);
  g_autoptr(QwEntry) e = make_entry ("王五", 0);
  g_autoptr(QwEntry) late = make_entry ("赵六", 0);
  g_autoptr(GPtrArray) entries = NULL;
  Holder shortly = { f->path, .hold_ms = qw_document_busy_timeout () / 4 };
  Holder long_ = { f->path, .hold_ms = qw_document_busy_timeout () * 3 };
  GThread *thread;
  gint64 start;

  g_assert_true (qw_document_set_meta (doc, "held", "", &error));
  e->event_id = late->event_id = add_event (doc);

  thread = start_holder (&shortly);
  start = g_get_monotonic_time ();
  g_assert_true (qw_document_add_entry (doc, e, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_get_monotonic_time () - start, >=, (gint64) shortly.hold_ms * 1000 / 2);
  g_thread_join (thread);

  thread = start_holder (&long_);
  g_assert_false (qw_document_add_entry (doc, late, &error));
  g_assert_error (error, QW_ERROR, QW_ERROR_BUSY);
  g_assert_cmpstr (error->message, ==, "The document is being changed by another program; try again in a moment");
  g_clear_error (&error);
  /* A step refused leaves the document as it was and ready for the next. */
  g_assert_false (qw_document_begin_step (doc, "x", &error));
  g_assert_error (error, QW_ERROR, QW_ERROR_BUSY);
  g_clear_error (&error);
  g_thread_join (thread);
  entries = qw_document_list_entries (doc, e->event_id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (entries->len, ==, 1);
  g_assert_true (qw_document_add_entry (doc, late, &error));
  g_assert_no_error (error);
}

static void
test_truncated_is_damaged (Fixture       *f,
                           gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = qw_document_create (f->path, QW_DOCUMENT_STOP, &error);
  g_autoptr(GPtrArray) entries = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_entry_free);
  g_autofree char *contents = NULL;
  gint64 event_id = add_event (doc);
  gsize length = 0;
  const gsize cuts[] = { 20, 99, 100, 1000, 4096, 4097, 3 * 4096, 0 };

  for (int i = 0; i < 2000; i++)
    g_ptr_array_add (entries, make_entry ("一个名字比较长的棋手", 0));
  g_assert_true (qw_document_add_entries (doc, event_id, entries, &error));
  g_clear_object (&doc);
  g_assert_true (g_file_get_contents (f->path, &contents, &length, NULL));
  g_assert_cmpuint (length, >, 5 * 4096);
  for (guint i = 0; cuts[i] != 0; i++)
    {
      g_autoptr(QwDocument) none = NULL;

      g_assert_true (g_file_set_contents (f->path, contents, (gssize) cuts[i], NULL));
      none = qw_document_open (f->path, &error);
      g_assert_null (none);
      g_assert_error (error, QW_ERROR, QW_ERROR_CORRUPT);
      assert_message_has (error, "is damaged and cannot be opened");
      g_clear_error (&error);
    }
}

/* A program killed in the middle of a change in a rollback journal leaves
 * a hot journal: the document is neither damaged nor foreign; opening it
 * rolls the change back and finds it as it was. */
static void
test_hot_journal_rolled_back (Fixture       *f,
                              gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = qw_document_create (f->path, QW_DOCUMENT_STOP, &error);
  g_autoptr(GPtrArray) entries = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_entry_free);
  g_autofree char *journal = g_strconcat (f->path, "-journal", NULL);
  gint64 event_id = add_event (doc);
  sqlite3 *db = NULL;
  int status = 0;
  pid_t pid;

  for (int i = 0; i < 500; i++)
    g_ptr_array_add (entries, make_entry ("一个名字比较长的棋手", 0));
  g_assert_true (qw_document_add_entries (doc, event_id, entries, &error));
  g_clear_object (&doc);
  g_assert_cmpint (sqlite3_open (f->path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "PRAGMA journal_mode = DELETE", NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);

  pid = fork ();
  g_assert_cmpint (pid, >=, 0);
  if (pid == 0)
    {
      sqlite3 *child = NULL;

      /* Pages of the file written, the journal not yet done with: then gone. */
      if (sqlite3_open (f->path, &child) != SQLITE_OK
          || sqlite3_exec (child, "PRAGMA cache_size = 1; BEGIN; DELETE FROM entry;", NULL, NULL, NULL) != SQLITE_OK)
        _exit (1);
      _exit (0);
    }
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, 0);
  g_assert_true (g_file_test (journal, G_FILE_TEST_EXISTS));

  doc = qw_document_open (f->path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (qw_document_count_entries (doc, event_id), ==, 500);
  g_clear_object (&doc);

  /* The same again, then the file goes and a new document is created in
   * its place: the old journal is not rolled back into the new file. */
  g_assert_cmpint (sqlite3_open (f->path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "PRAGMA journal_mode = DELETE", NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);
  pid = fork ();
  g_assert_cmpint (pid, >=, 0);
  if (pid == 0)
    {
      sqlite3 *child = NULL;

      if (sqlite3_open (f->path, &child) != SQLITE_OK
          || sqlite3_exec (child, "PRAGMA cache_size = 1; BEGIN; DELETE FROM entry;", NULL, NULL, NULL) != SQLITE_OK)
        _exit (1);
      _exit (0);
    }
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_assert_true (g_file_test (journal, G_FILE_TEST_EXISTS));
  g_unlink (f->path);
  doc = qw_document_create (f->path, QW_DOCUMENT_STOP, &error);
  g_assert_no_error (error);
  g_clear_object (&doc);
  doc = qw_document_open (f->path, &error);
  g_assert_no_error (error);
  {
    g_autoptr(GPtrArray) events = qw_document_list_events (doc, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (events->len, ==, 0);
  }
}

static void
test_foreign_is_foreign (Fixture       *f,
                         gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) none = NULL;
  sqlite3 *db = NULL;

  g_assert_cmpint (sqlite3_open (f->path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "PRAGMA journal_mode = WAL; CREATE TABLE t (x); INSERT INTO t VALUES (1);",
                                 NULL, NULL, NULL), ==, SQLITE_OK);
  /* Even while its own program writes to it. */
  g_assert_cmpint (sqlite3_exec (db, "BEGIN IMMEDIATE; INSERT INTO t VALUES (2);", NULL, NULL, NULL), ==, SQLITE_OK);
  none = qw_document_open (f->path, &error);
  g_assert_null (none);
  g_assert_error (error, QW_ERROR, QW_ERROR_CORRUPT);
  assert_message_has (error, "is a database, but not a Qiwang document");
  sqlite3_exec (db, "COMMIT", NULL, NULL, NULL);
  sqlite3_close (db);
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
  /* The busy tests wait this long for a lock (qw_document_busy_timeout()). */
  g_setenv ("QIWANG_BUSY_TIMEOUT_MS", "400", TRUE);
  g_test_init (&argc, &argv, NULL);
#define ADD(path, fn) g_test_add (path, Fixture, NULL, fixture_set_up, fn, fixture_tear_down)
  ADD ("/document/round-trip", test_round_trip);
  ADD ("/document/batch-is-atomic", test_batch_is_atomic);
  ADD ("/document/many-entries", test_many_entries);
  ADD ("/document/migration-from-1", test_migration_from_version_1);
  g_test_add ("/document/migration-from-4", Fixture, GINT_TO_POINTER (4), fixture_set_up, test_migration_to_7,
              fixture_tear_down);
  g_test_add ("/document/migration-from-5", Fixture, GINT_TO_POINTER (5), fixture_set_up, test_migration_to_7,
              fixture_tear_down);
  g_test_add ("/document/migration-from-6", Fixture, GINT_TO_POINTER (6), fixture_set_up, test_migration_to_7,
              fixture_tear_down);
  ADD ("/document/migration-from-7", test_migration_from_7);
  ADD ("/document/newer-schema", test_newer_schema_refused);
  ADD ("/document/foreign-files", test_foreign_files_refused);
  ADD ("/document/damaged-file", test_damaged_file_refused);
  ADD ("/document/missing-file", test_missing_file);
  ADD ("/document/busy-is-not-foreign", test_busy_is_not_foreign);
  ADD ("/document/writer-waits-or-is-busy", test_writer_waits_or_is_busy);
  ADD ("/document/truncated-is-damaged", test_truncated_is_damaged);
  ADD ("/document/foreign-is-foreign", test_foreign_is_foreign);
  ADD ("/document/hot-journal-rolled-back", test_hot_journal_rolled_back);
  ADD ("/document/changed-signal", test_changed_signal);
#undef ADD
  return g_test_run ();
}
