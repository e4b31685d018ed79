/* qw-document-text.c: a document's text checked once, where it enters
 *
 * SQLite stores whatever bytes it is given, and a document comes from
 * outside (a USB stick, an e-mail, a damaged disk), so a text column may
 * hold bytes that are not UTF-8. The core takes valid text for granted
 * everywhere else (masks, widths, exports, the GUI), so every text value of
 * every table is checked once when the document is opened; a document with
 * text that is not UTF-8 is reported as damaged, naming where the bad text
 * is (the entry, for players and entries), and is not opened.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-document"

#include "config.h"

#include <glib/gi18n-lib.h>

#include <sqlite3.h>

#include "qw-document-text.h"
#include "qw-error.h"

/* Only SQLite's own functions here, so that qw-document.c depends on this
 * file and not the other way round. */
static sqlite3_stmt *
prepare (sqlite3    *db,
         const char *sql)
{
  sqlite3_stmt *stmt = NULL;

  if (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL) != SQLITE_OK)
    {
      sqlite3_finalize (stmt);
      return NULL;
    }
  return stmt;
}

static const char *
column_text (sqlite3_stmt *stmt,
             int           column)
{
  const unsigned char *text = sqlite3_column_text (stmt, column);

  return text != NULL ? (const char *) text : "";
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (sqlite3_stmt, sqlite3_finalize)

/* "entry 12 (王五)" for a row of player or entry, or of a table whose rows
 * belong to an entry (standing, absence: an entry_id column); NULL for
 * other tables. */
static char *
describe_entry (sqlite3    *db,
                const char *table,
                gint64      rowid)
{
  g_autofree char *sql = NULL;
  g_autoptr(sqlite3_stmt) stmt = NULL;
  g_autofree char *name = NULL;

  if (g_str_equal (table, "player"))
    sql = g_strdup ("SELECT e.no, p.name FROM entry e JOIN player p ON p.id = e.player_id WHERE p.id = ?");
  else if (g_str_equal (table, "entry"))
    sql = g_strdup ("SELECT e.no, p.name FROM entry e JOIN player p ON p.id = e.player_id WHERE e.id = ?");
  else
    {
      char *quoted = sqlite3_mprintf ("SELECT e.no, p.name FROM \"%w\" t JOIN entry e ON e.id = t.entry_id "
                                      "JOIN player p ON p.id = e.player_id WHERE t.rowid = ?", table);

      sql = g_strdup (quoted);
      sqlite3_free (quoted);
    }
  /* A table without an entry_id column does not prepare. */
  if ((stmt = prepare (db, sql)) == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, rowid);
  if (sqlite3_step (stmt) != SQLITE_ROW)
    return NULL;
  name = g_utf8_make_valid (column_text (stmt, 1), -1);
  return g_strdup_printf (_("entry %d (%s)"), sqlite3_column_int (stmt, 0), name);
}

/* qw_first_bad_text (a, b, …): the place (from 1) of the first argument
 * that is text but not UTF-8, or 0. One call a row instead of one a value:
 * a document of 5000 players is checked in half the time. The text is the
 * text the program would read (sqlite3_column_text(): converted from
 * UTF-16 when the database is stored so). */
static void
first_bad_text (sqlite3_context  *ctx,
                int               argc,
                sqlite3_value   **argv)
{
  for (int i = 0; i < argc; i++)
    if (sqlite3_value_type (argv[i]) == SQLITE_TEXT)
      {
        const char *text = (const char *) sqlite3_value_text (argv[i]);

        if (text != NULL && !g_utf8_validate_len (text, (gsize) sqlite3_value_bytes (argv[i]), NULL))
          {
            sqlite3_result_int (ctx, i + 1);
            return;
          }
      }
  sqlite3_result_int (ctx, 0);
}

/* More arguments than SQLite takes for a function: the row is read value by value. */
#define MAX_FUNCTION_COLUMNS 100

static gboolean
report_bad_text (sqlite3     *db,
                 const char  *display,
                 const char  *table,
                 gboolean     has_rowid,
                 gint64       rowid,
                 const char  *column_name,
                 GError     **error)
{
  g_autofree char *entry = has_rowid ? describe_entry (db, table, rowid) : NULL;
  /* A damaged schema may name its columns in bytes that are not text either. */
  g_autofree char *column = g_utf8_make_valid (column_name != NULL ? column_name : "?", -1);
  g_autofree char *shown_table = g_utf8_make_valid (table, -1);

  if (entry != NULL)
    /* Translators: "k.qiwang is damaged: entry 12 (王五) holds text that is not UTF-8 (its id_number)" */
    g_set_error (error, QW_ERROR, QW_ERROR_CORRUPT,
                 _("%s is damaged: %s holds text that is not UTF-8 (its %s). The file was left "
                   "as it is; a backup copy may hold your data."),
                 display, entry, column);
  else
    {
      g_autofree char *row = has_rowid ? g_strdup_printf ("%" G_GINT64_FORMAT, rowid) : g_strdup ("?");

      g_set_error (error, QW_ERROR, QW_ERROR_CORRUPT,
                   _("%s is damaged: row %s of %s holds text that is not UTF-8 (its %s). The file "
                     "was left as it is; a backup copy may hold your data."),
                   display, row, shown_table, column);
    }
  return FALSE;
}

/* "SELECT rowid, <what> FROM table", or, for a table without a rowid
 * (WITHOUT ROWID: never one of ours, but a hostile file may make a table of
 * ours so, and the program would still read it), "SELECT NULL, …". */
static sqlite3_stmt *
prepare_rows (sqlite3    *db,
              const char *table,
              const char *what,
              gboolean   *has_rowid)
{
  sqlite3_stmt *stmt;

  for (int pass = 0; pass < 2; pass++)
    {
      char *quoted = sqlite3_mprintf ("SELECT %s, %s FROM \"%w\"", pass == 0 ? "rowid" : "NULL", what, table);
      g_autofree char *sql = g_strdup (quoted);

      sqlite3_free (quoted);
      if ((stmt = prepare (db, sql)) != NULL)
        {
          *has_rowid = pass == 0;
          return stmt;
        }
    }
  return NULL;
}

static gboolean
step_failed (sqlite3     *db,
             const char  *display,
             int          rc,
             GError     **error)
{
  g_autofree char *message = NULL;

  if (rc == SQLITE_DONE)
    return FALSE;
  message = g_utf8_make_valid (sqlite3_errmsg (db), -1);
  g_set_error (error, QW_ERROR, QW_ERROR_CORRUPT, _("%s is damaged: %s"), display, message);
  return TRUE;
}

/* A column declared BLOB (a step's changeset) is bytes, never read as text:
 * it is not checked, and its pages are not read. (A document whose tables
 * are not exactly as Qiwang writes them is refused first:
 * qw-document-schema.c.) */
static gboolean
declared_blob (sqlite3_stmt *stmt,
               int           column)
{
  const char *type = sqlite3_column_decltype (stmt, column);

  return type != NULL && g_ascii_strcasecmp (type, "BLOB") == 0;
}

static gboolean
check_table (sqlite3     *db,
             const char  *display,
             const char  *table,
             GError     **error)
{
  g_autoptr(sqlite3_stmt) columns = NULL;
  g_autoptr(sqlite3_stmt) stmt = NULL;
  g_autoptr(GString) args = g_string_new (NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  gboolean has_rowid = FALSE;
  int rc;

  /* The columns, without reading a row. A table that cannot be read at all
   * is not read by the program either. */
  {
    char *quoted = sqlite3_mprintf ("SELECT * FROM \"%w\"", table);
    g_autofree char *sql = g_strdup (quoted);

    sqlite3_free (quoted);
    if ((columns = prepare (db, sql)) == NULL)
      return TRUE;
  }
  for (int c = 0; c < sqlite3_column_count (columns); c++)
    {
      const char *name = sqlite3_column_name (columns, c);
      char *quoted;

      if (declared_blob (columns, c))
        continue;
      quoted = sqlite3_mprintf ("%s\"%w\"", args->len > 0 ? ", " : "", name != NULL ? name : "");

      g_string_append (args, quoted);
      sqlite3_free (quoted);
      g_ptr_array_add (names, g_strdup (name));
    }
  if (names->len == 0)
    return TRUE;

  if (names->len <= MAX_FUNCTION_COLUMNS)
    {
      g_autofree char *what = g_strdup_printf ("qw_first_bad_text (%s)", args->str);

      stmt = prepare_rows (db, table, what, &has_rowid);
    }
  if (stmt != NULL)
    {
      while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
        {
          int bad = sqlite3_column_int (stmt, 1);

          if (bad > 0 && (guint) bad <= names->len)
            return report_bad_text (db, display, table, has_rowid, sqlite3_column_int64 (stmt, 0),
                                    g_ptr_array_index (names, bad - 1), error);
        }
      return !step_failed (db, display, rc, error);
    }

  /* Value by value. */
  stmt = prepare_rows (db, table, "*", &has_rowid);
  if (stmt == NULL)
    return TRUE;
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      int n = sqlite3_column_count (stmt);

      for (int c = 1; c < n; c++)
        {
          const char *text;

          if (declared_blob (stmt, c) || sqlite3_column_type (stmt, c) != SQLITE_TEXT)
            continue;
          text = (const char *) sqlite3_column_text (stmt, c);
          if (text != NULL && !g_utf8_validate_len (text, (gsize) sqlite3_column_bytes (stmt, c), NULL))
            return report_bad_text (db, display, table, has_rowid, sqlite3_column_int64 (stmt, 0),
                                    sqlite3_column_name (stmt, c), error);
        }
    }
  return !step_failed (db, display, rc, error);
}

/**
 * _qw_document_check_text:
 * @display: the document's name, for messages
 *
 * Returns: %FALSE, with a message naming the entry (or the table and row),
 *   when a text value anywhere in the database is not valid UTF-8
 */
gboolean
_qw_document_check_text (sqlite3     *db,
                         const char  *display,
                         GError     **error)
{
  /* Virtual tables are never ours, and reading one runs its module (FTS,
   * R-tree) on what the file says: they are left alone. Their shadow
   * tables are plain tables, checked like the others. */
  g_autoptr(sqlite3_stmt) tables =
    prepare (db, "SELECT name FROM sqlite_master WHERE type = 'table' "
                 "AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' "
                 "AND rootpage > 0 AND ltrim (coalesce (sql, '')) NOT LIKE 'CREATE VIRTUAL%' ORDER BY name");
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  gboolean ok = TRUE;

  if (tables == NULL)
    {
      g_autofree char *message = g_utf8_make_valid (sqlite3_errmsg (db), -1);

      g_set_error (error, QW_ERROR, QW_ERROR_CORRUPT, _("%s is damaged: %s"), display, message);
      return FALSE;
    }
  while (sqlite3_step (tables) == SQLITE_ROW)
    g_ptr_array_add (names, g_strdup (column_text (tables, 0)));
  /* Only for the checks here: not callable from the file's own schema
   * (views, triggers), and taken away again afterwards. */
  sqlite3_create_function_v2 (db, "qw_first_bad_text", -1, SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_DIRECTONLY,
                              NULL, first_bad_text, NULL, NULL, NULL);
  for (guint i = 0; ok && i < names->len; i++)
    {
      const char *name = g_ptr_array_index (names, i);

      if (!g_utf8_validate (name, -1, NULL))
        {
          g_set_error (error, QW_ERROR, QW_ERROR_CORRUPT,
                       _("%s is damaged: a table's name is not UTF-8 text"), display);
          ok = FALSE;
        }
      else
        ok = check_table (db, display, name, error);
    }
  sqlite3_create_function_v2 (db, "qw_first_bad_text", -1, SQLITE_UTF8, NULL, NULL, NULL, NULL, NULL);
  return ok;
}
