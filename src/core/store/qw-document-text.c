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

static gboolean
check_table (sqlite3     *db,
             const char  *display,
             const char  *table,
             GError     **error)
{
  g_autofree char *sql = NULL;
  g_autoptr(sqlite3_stmt) stmt = NULL;
  char *quoted = sqlite3_mprintf ("SELECT rowid, * FROM \"%w\"", table);

  sql = g_strdup (quoted);
  sqlite3_free (quoted);
  /* A table without a rowid holds nothing of ours. */
  if ((stmt = prepare (db, sql)) == NULL)
    return TRUE;
  for (int rc; (rc = sqlite3_step (stmt)) == SQLITE_ROW;)
    {
      int n = sqlite3_column_count (stmt);

      for (int c = 1; c < n; c++)
        {
          const char *text;

          if (sqlite3_column_type (stmt, c) != SQLITE_TEXT)
            continue;
          text = (const char *) sqlite3_column_text (stmt, c);
          if (text != NULL && !g_utf8_validate_len (text, (gsize) sqlite3_column_bytes (stmt, c), NULL))
            {
              gint64 rowid = sqlite3_column_int64 (stmt, 0);
              g_autofree char *entry = describe_entry (db, table, rowid);
              /* A damaged schema may name its columns in bytes that are not text either. */
              g_autofree char *column = g_utf8_make_valid (sqlite3_column_name (stmt, c), -1);

              if (entry != NULL)
                /* Translators: "k.qiwang is damaged: entry 12 (王五) holds text that is not UTF-8 (its id_number)" */
                g_set_error (error, QW_ERROR, QW_ERROR_CORRUPT,
                             _("%s is damaged: %s holds text that is not UTF-8 (its %s). The file was left "
                               "as it is; a backup copy may hold your data."),
                             display, entry, column);
              else
                {
                  g_autofree char *row = g_strdup_printf ("%" G_GINT64_FORMAT, rowid);

                  g_set_error (error, QW_ERROR, QW_ERROR_CORRUPT,
                               _("%s is damaged: row %s of %s holds text that is not UTF-8 (its %s). The file "
                                 "was left as it is; a backup copy may hold your data."),
                               display, row, table, column);
                }
              return FALSE;
            }
        }
    }
  return TRUE;
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
  g_autoptr(sqlite3_stmt) tables =
    prepare (db, "SELECT name FROM sqlite_master WHERE type = 'table' "
                 "AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name");
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);

  if (tables == NULL)
    {
      g_autofree char *message = g_utf8_make_valid (sqlite3_errmsg (db), -1);

      g_set_error (error, QW_ERROR, QW_ERROR_CORRUPT, _("%s is damaged: %s"), display, message);
      return FALSE;
    }
  while (sqlite3_step (tables) == SQLITE_ROW)
    g_ptr_array_add (names, g_strdup (column_text (tables, 0)));
  for (guint i = 0; i < names->len; i++)
    {
      const char *name = g_ptr_array_index (names, i);

      if (!g_utf8_validate (name, -1, NULL))
        {
          g_set_error (error, QW_ERROR, QW_ERROR_CORRUPT,
                       _("%s is damaged: a table's name is not UTF-8 text"), display);
          return FALSE;
        }
      if (!check_table (db, display, name, error))
        return FALSE;
    }
  return TRUE;
}
