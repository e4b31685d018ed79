/* test-statements.c: the document's statement cache
 *
 * A white-box test of store/: statements are prepared once per document and
 * reset on release; the same SQL in use twice at once gets a fresh
 * statement, finalized on release; a statement that failed is usable again;
 * closing the document finalizes the cached ones.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gstdio.h>
#include <sqlite3.h>

#include "qw-document-private.h"
#include "qw-document.h"

typedef struct
{
  char       *dir;
  char       *path;
  QwDocument *doc;
} Fixture;

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  f->dir = g_dir_make_tmp ("qiwang-stmt-XXXXXX", &error);
  g_assert_no_error (error);
  f->path = g_build_filename (f->dir, "stop.qiwang", NULL);
  f->doc = qw_document_create (f->path, QW_DOCUMENT_STOP, &error);
  g_assert_no_error (error);
  g_assert_nonnull (f->doc);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  const char *suffixes[] = { "", "-wal", "-shm" };

  g_clear_object (&f->doc);
  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
    {
      g_autofree char *p = g_strconcat (f->path, suffixes[i], NULL);

      g_unlink (p);
    }
  g_rmdir (f->dir);
  g_free (f->dir);
  g_free (f->path);
}

/* Statements prepared on the connection, cached or not. */
static guint
n_statements (sqlite3 *db)
{
  guint n = 0;

  for (sqlite3_stmt *s = sqlite3_next_stmt (db, NULL); s != NULL; s = sqlite3_next_stmt (db, s))
    n++;
  return n;
}

static void
put_meta (QwDocument *doc,
          const char *key,
          const char *value)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (qw_document_set_meta (doc, key, value, &error));
  g_assert_no_error (error);
}

#define SELECT_BY_KEY "SELECT value FROM meta WHERE key = ?"
#define SELECT_ALL "SELECT key, value FROM meta WHERE key GLOB 'k[0-9]*' ORDER BY key"

static void
test_reused (Fixture       *f,
             gconstpointer  data)
{
  sqlite3 *db = _qw_document_get_db (f->doc);
  sqlite3_stmt *first;
  guint before;

  put_meta (f->doc, "k1", "one");
  {
    g_autoptr(sqlite3_stmt) stmt = _qw_document_prepare (f->doc, SELECT_BY_KEY, NULL);

    g_assert_nonnull (stmt);
    first = stmt;
    _qw_bind_text (stmt, 1, "k1");
    g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
    g_assert_cmpstr (_qw_column_text (stmt, 0), ==, "one");
    /* Released here without being stepped to its end. */
  }
  before = n_statements (db);
  {
    g_autoptr(sqlite3_stmt) stmt = _qw_document_prepare (f->doc, SELECT_BY_KEY, NULL);

    /* The same statement, reset and with its bindings cleared: an unbound
     * parameter is NULL, which matches no key. */
    g_assert_true (stmt == first);
    g_assert_false (sqlite3_stmt_busy (stmt));
    g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_DONE);
  }
  g_assert_cmpuint (n_statements (db), ==, before);

  /* The public calls run on the cache as well: no statement a call. */
  for (int i = 0; i < 50; i++)
    {
      g_autofree char *value = qw_document_get_meta (f->doc, "k1");

      g_assert_cmpstr (value, ==, "one");
      put_meta (f->doc, "k2", "two");
    }
  g_assert_cmpuint (n_statements (db), ==, before);
}

/* A loop over rows that calls a function running the same statement. */
static void
test_nested (Fixture       *f,
             gconstpointer  data)
{
  sqlite3 *db = _qw_document_get_db (f->doc);
  g_autoptr(GString) seen = g_string_new (NULL);
  sqlite3_stmt *outer_ptr;
  guint before;

  put_meta (f->doc, "k1", "one");
  put_meta (f->doc, "k2", "two");
  put_meta (f->doc, "k3", "three");
  {
    g_autoptr(sqlite3_stmt) warm = _qw_document_prepare (f->doc, SELECT_ALL, NULL);
    g_autofree char *value = qw_document_get_meta (f->doc, "k1");   /* SELECT_BY_KEY */
  }
  before = n_statements (db);
  {
    g_autoptr(sqlite3_stmt) outer = _qw_document_prepare (f->doc, SELECT_ALL, NULL);

    outer_ptr = outer;
    while (sqlite3_step (outer) == SQLITE_ROW)
      {
        g_autoptr(sqlite3_stmt) inner = _qw_document_prepare (f->doc, SELECT_ALL, NULL);
        int rows = 0;

        /* Busy: the inner use gets a statement of its own, from the start. */
        g_assert_true (inner != outer);
        while (sqlite3_step (inner) == SQLITE_ROW)
          rows++;
        g_assert_cmpint (rows, ==, 3);
        g_assert_cmpuint (n_statements (db), ==, before + 1);
        /* And a public call on the same table, in the middle of it. */
        {
          g_autofree char *value = qw_document_get_meta (f->doc, _qw_column_text (outer, 0));

          g_string_append_printf (seen, "%s=%s;", _qw_column_text (outer, 0), value);
        }
      }
  }
  g_assert_cmpstr (seen->str, ==, "k1=one;k2=two;k3=three;");
  /* The fresh ones were finalized; the cached one is free again. */
  g_assert_cmpuint (n_statements (db), ==, before);
  {
    g_autoptr(sqlite3_stmt) again = _qw_document_prepare (f->doc, SELECT_ALL, NULL);

    g_assert_true (again == outer_ptr);
  }

  /* Nested three deep, all of one text (the one qw_document_get_meta runs). */
  {
    g_autoptr(sqlite3_stmt) a = _qw_document_prepare (f->doc, SELECT_BY_KEY, NULL);
    g_autoptr(sqlite3_stmt) b = _qw_document_prepare (f->doc, SELECT_BY_KEY, NULL);
    g_autoptr(sqlite3_stmt) c = _qw_document_prepare (f->doc, SELECT_BY_KEY, NULL);

    g_assert_true (a != b && b != c && a != c);
    g_assert_cmpuint (n_statements (db), ==, before + 2);
    _qw_bind_text (a, 1, "k1");
    _qw_bind_text (b, 1, "k2");
    _qw_bind_text (c, 1, "k3");
    g_assert_cmpint (sqlite3_step (a), ==, SQLITE_ROW);
    g_assert_cmpint (sqlite3_step (b), ==, SQLITE_ROW);
    g_assert_cmpint (sqlite3_step (c), ==, SQLITE_ROW);
    g_assert_cmpstr (_qw_column_text (a, 0), ==, "one");
    g_assert_cmpstr (_qw_column_text (b, 0), ==, "two");
    g_assert_cmpstr (_qw_column_text (c, 0), ==, "three");
  }
  g_assert_cmpuint (n_statements (db), ==, before);
}

/* A statement that failed (a constraint, mid-iteration) is usable again. */
static void
test_after_error (Fixture       *f,
                  gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  sqlite3_stmt *failed;

  {
    g_autoptr(sqlite3_stmt) stmt =
      _qw_document_prepare (f->doc, "INSERT INTO meta (key, value) VALUES (?, ?)", NULL);

    failed = stmt;
    _qw_bind_text (stmt, 1, "k9");
    sqlite3_bind_null (stmt, 2);   /* value is NOT NULL */
    g_assert_false (_qw_document_step_done (f->doc, stmt, &error));
    g_assert_nonnull (error);
    g_clear_error (&error);
  }
  {
    g_autoptr(sqlite3_stmt) stmt =
      _qw_document_prepare (f->doc, "INSERT INTO meta (key, value) VALUES (?, ?)", NULL);

    g_assert_true (stmt == failed);
    _qw_bind_text (stmt, 1, "k9");
    _qw_bind_text (stmt, 2, "nine");
    g_assert_true (_qw_document_step_done (f->doc, stmt, &error));
    g_assert_no_error (error);
  }
  {
    g_autofree char *value = qw_document_get_meta (f->doc, "k9");

    g_assert_cmpstr (value, ==, "nine");
  }
  /* The same key again: a constraint error, then a different key works. */
  {
    g_autoptr(sqlite3_stmt) stmt =
      _qw_document_prepare (f->doc, "INSERT INTO meta (key, value) VALUES (?, ?)", NULL);

    _qw_bind_text (stmt, 1, "k9");
    _qw_bind_text (stmt, 2, "again");
    g_assert_false (_qw_document_step_done (f->doc, stmt, &error));
    g_assert_nonnull (error);
    g_clear_error (&error);
  }
  {
    g_autoptr(sqlite3_stmt) stmt =
      _qw_document_prepare (f->doc, "INSERT INTO meta (key, value) VALUES (?, ?)", NULL);

    _qw_bind_text (stmt, 1, "k10");
    _qw_bind_text (stmt, 2, "ten");
    g_assert_true (_qw_document_step_done (f->doc, stmt, &error));
    g_assert_no_error (error);
  }

  /* SQL that does not prepare is an error, every time, and not cached. */
  for (int i = 0; i < 2; i++)
    {
      g_assert_null (_qw_document_prepare (f->doc, "SELECT nothing FROM nowhere", &error));
      g_assert_nonnull (error);
      g_clear_error (&error);
    }

  /* A failing exec inside a transaction, then the transaction goes on. */
  g_assert_true (qw_document_begin (f->doc, &error));
  g_assert_false (_qw_document_exec (f->doc, "INSERT INTO meta (key, value) VALUES ('k11', NULL)", &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  put_meta (f->doc, "k11", "eleven");
  g_assert_true (qw_document_commit (f->doc, &error));
  g_assert_no_error (error);
  {
    g_autofree char *value = qw_document_get_meta (f->doc, "k11");

    g_assert_cmpstr (value, ==, "eleven");
  }
}

/* Closing the document finalizes its statements; one still held is
 * finalized when it is released, and the connection closes then. */
static void
test_close (Fixture       *f,
            gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *wal = g_strconcat (f->path, "-wal", NULL);
  sqlite3_stmt *held;

  put_meta (f->doc, "k1", "one");
  put_meta (f->doc, "k2", "two");
  {
    g_autofree char *value = qw_document_get_meta (f->doc, "k1");
  }
  g_assert_cmpuint (n_statements (_qw_document_get_db (f->doc)), >=, 2);

  /* Closed with nothing held: the connection really closes, which SQLite
   * does (checkpointing and removing the WAL) only once every statement is
   * finalized. */
  g_clear_object (&f->doc);
  g_assert_false (g_file_test (wal, G_FILE_TEST_EXISTS));

  f->doc = qw_document_open (f->path, &error);
  g_assert_no_error (error);
  put_meta (f->doc, "k3", "three");
  {
    g_autofree char *value = qw_document_get_meta (f->doc, "k3");

    g_assert_cmpstr (value, ==, "three");
  }
  held = _qw_document_prepare (f->doc, SELECT_ALL, NULL);
  g_assert_cmpint (sqlite3_step (held), ==, SQLITE_ROW);
  g_assert_cmpstr (_qw_column_text (held, 0), ==, "k1");
  g_clear_object (&f->doc);
  /* The held statement keeps the connection open; the others are gone,
   * since releasing it closes the connection. */
  g_assert_true (g_file_test (wal, G_FILE_TEST_EXISTS));
  _qw_statement_release (held);
  g_assert_false (g_file_test (wal, G_FILE_TEST_EXISTS));

  /* The document reads back as written. */
  f->doc = qw_document_open (f->path, &error);
  g_assert_no_error (error);
  {
    g_autofree char *value = qw_document_get_meta (f->doc, "k2");

    g_assert_cmpstr (value, ==, "two");
  }
}

/* Each document has its own statements; SQL built with values in it does
 * not grow the cache without end. */
static void
test_documents_and_bounds (Fixture       *f,
                           gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *other_path = g_build_filename (f->dir, "other.qiwang", NULL);
  g_autoptr(QwDocument) other = qw_document_create (other_path, QW_DOCUMENT_STOP, &error);
  sqlite3 *db = _qw_document_get_db (f->doc);

  g_assert_no_error (error);
  put_meta (f->doc, "k1", "here");
  put_meta (other, "k1", "there");
  {
    g_autoptr(sqlite3_stmt) a = _qw_document_prepare (f->doc, SELECT_BY_KEY, NULL);
    g_autoptr(sqlite3_stmt) b = _qw_document_prepare (other, SELECT_BY_KEY, NULL);

    g_assert_true (a != b);
    g_assert_true (sqlite3_db_handle (a) == db);
    g_assert_true (sqlite3_db_handle (b) == _qw_document_get_db (other));
    _qw_bind_text (a, 1, "k1");
    _qw_bind_text (b, 1, "k1");
    g_assert_cmpint (sqlite3_step (a), ==, SQLITE_ROW);
    g_assert_cmpint (sqlite3_step (b), ==, SQLITE_ROW);
    g_assert_cmpstr (_qw_column_text (a, 0), ==, "here");
    g_assert_cmpstr (_qw_column_text (b, 0), ==, "there");
  }

  for (int i = 0; i < 2000; i++)
    {
      g_autofree char *sql = g_strdup_printf ("SELECT %d", i);
      g_autoptr(sqlite3_stmt) stmt = _qw_document_prepare (f->doc, sql, NULL);

      g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
      g_assert_cmpint (sqlite3_column_int (stmt, 0), ==, i);
    }
  g_assert_cmpuint (n_statements (db), <=, 600);

  g_clear_object (&other);
  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *p = g_strconcat (other_path, (const char *[]) { "", "-wal", "-shm" }[i], NULL);

      g_unlink (p);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/statements/reused", Fixture, NULL, fixture_set_up, test_reused, fixture_tear_down);
  g_test_add ("/statements/nested", Fixture, NULL, fixture_set_up, test_nested, fixture_tear_down);
  g_test_add ("/statements/after-error", Fixture, NULL, fixture_set_up, test_after_error, fixture_tear_down);
  g_test_add ("/statements/close", Fixture, NULL, fixture_set_up, test_close, fixture_tear_down);
  g_test_add ("/statements/documents-and-bounds", Fixture, NULL, fixture_set_up, test_documents_and_bounds,
              fixture_tear_down);
  return g_test_run ();
}
