/* qw-document-sql.c: the statement cache and the SQL helpers of a document
 *
 * The lowest unit of store/: it reads the document's fields (struct
 * _QwDocument, qw-document-private.h) and calls no other file of the core,
 * so that every other unit of store/ may call it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-document"

#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>

#include "qw-document-private.h"
#include "qw-error.h"

sqlite3 *
_qw_document_get_db (QwDocument *self)
{
  return self->db;
}

/**
 * qw_document_statement_limit:
 *
 * Returns: how long, in milliseconds, one SQL statement may run before it
 *   is stopped: 60000, or what QIWANG_STATEMENT_LIMIT_MS says (100 to
 *   600000). No statement of Qiwang's comes near it on a real document;
 *   the limit is there so that no file, however made, keeps a program busy
 *   for ever.
 */
int
qw_document_statement_limit (void)
{
  static int limit = -1;

  if (limit < 0)
    {
      const char *text = g_getenv ("QIWANG_STATEMENT_LIMIT_MS");
      guint64 value = 0;

      limit = 60000;
      if (text != NULL && g_ascii_string_to_unsigned (text, 10, 100, 600000, &value, NULL))
        limit = (int) value;
    }
  return limit;
}

/**
 * _qw_set_busy_error:
 *
 * The refusal of a write (or a read) that waited the busy timeout for
 * another program's transaction to end.
 */
void
_qw_set_busy_error (GError **error)
{
  g_set_error_literal (error, QW_ERROR, QW_ERROR_BUSY,
                       _("The document is being changed by another program; try again in a moment"));
}

/**
 * _qw_set_read_only_error:
 *
 * The refusal of a change to a document that cannot be written where it
 * is (or that was opened for reading only).
 */
void
_qw_set_read_only_error (GError     **error,
                         const char  *path)
{
  g_autofree char *display_name = g_filename_display_name (path);

  g_set_error (error, QW_ERROR, QW_ERROR_READ_ONLY,
               _("The document is read-only: %s cannot be changed here (it is on a write-protected disk, "
                 "or in a folder or a file you cannot write to). Copy it to a folder you can write to, "
                 "then change the copy."), display_name);
}

/**
 * _qw_set_disk_full_error:
 *
 * A change (or an opening, which needs room for the journal) that the disk
 * had no room for: SQLite rolled it back.
 */
void
_qw_set_disk_full_error (GError     **error,
                         const char  *path)
{
  g_autofree char *display_name = g_filename_display_name (path);

  g_set_error (error, QW_ERROR, QW_ERROR_DISK_FULL,
               _("The disk is full: %s was not changed. Free some space on the disk, then try again."),
               display_name);
}

/**
 * _qw_set_overrun_error:
 *
 * A statement stopped after running longer than
 * qw_document_statement_limit().
 */
void
_qw_set_overrun_error (GError     **error,
                       const char  *path)
{
  g_autofree char *display_name = g_filename_display_name (path);

  g_set_error (error, QW_ERROR, QW_ERROR_FAILED,
               _("Reading %s took longer than %d seconds and was stopped: the document may be damaged, "
                 "or made to be read slowly."),
               display_name, (qw_document_statement_limit () + 999) / 1000);
}

void
_qw_document_set_error (QwDocument  *self,
                        GError     **error,
                        const char  *what)
{
  int code = sqlite3_errcode (self->db);
  int os_error = sqlite3_system_errno (self->db);
  int kind = QW_ERROR_FAILED;

  /* Another program's writer outlasted the busy timeout: not a failure of
   * this document, and said so in the same words everywhere. */
  if (code == SQLITE_BUSY || code == SQLITE_LOCKED)
    {
      _qw_set_busy_error (error);
      return;
    }
  /* A full disk, a place that cannot be written and a statement that ran
   * too long are named for what they are, never called damage. */
  if (code == SQLITE_FULL
      || ((code == SQLITE_IOERR || code == SQLITE_CANTOPEN) && (os_error == ENOSPC || os_error == EDQUOT)))
    {
      _qw_set_disk_full_error (error, self->path);
      return;
    }
  if ((code == SQLITE_READONLY && sqlite3_extended_errcode (self->db) != SQLITE_READONLY_DBMOVED)
      || ((code == SQLITE_IOERR || code == SQLITE_CANTOPEN) && (os_error == EROFS || os_error == EACCES)))
    {
      _qw_set_read_only_error (error, self->path);
      return;
    }
  if (code == SQLITE_INTERRUPT)
    {
      _qw_set_overrun_error (error, self->path);
      return;
    }
  if (code == SQLITE_CONSTRAINT)
    kind = QW_ERROR_CONFLICT;
  else if (code == SQLITE_CORRUPT || code == SQLITE_NOTADB)
    kind = QW_ERROR_CORRUPT;
  else if (code == SQLITE_IOERR || code == SQLITE_READONLY || code == SQLITE_CANTOPEN)
    kind = QW_ERROR_IO;
  /* SQLite quotes the bytes of a damaged schema: the message is text. */
  {
    g_autofree char *message = g_utf8_make_valid (sqlite3_errmsg (self->db), -1);

    g_set_error (error, QW_ERROR, kind, _("%s: %s"), what, message);
  }
}

/* The statement cache
 *
 * Each document keeps its statements prepared, one for each SQL text it has
 * been asked for, and hands the same one out again once it has been
 * released (reset, bindings cleared). A statement that is still in use when
 * its SQL is asked for again (a loop over rows calling a function that runs
 * the same query) is not shared: the caller gets a fresh one, finalized on
 * release. The cached statements are finalized when the document closes
 * (it unrefs self->statements).
 *
 * Release gets only the statement, so the cached ones are found through one
 * process-wide table (a document may live in a worker thread). A statement
 * that is not in it (fresh, prepared by hand, or held across the close of its
 * document) is finalized; SQLite keeps a closed connection until its last
 * statement is. */

typedef struct
{
  sqlite3_stmt *stmt;
  gboolean      in_use;
} CachedStatement;

/* SQL built with values in its text would grow the cache without end: past
 * this many texts a document prepares afresh. */
#define MAX_CACHED_STATEMENTS 512

G_LOCK_DEFINE_STATIC (cached);
static GHashTable *cached;   /* sqlite3_stmt → CachedStatement, every document's */

static void
cached_statement_free (gpointer data)
{
  CachedStatement *c = data;

  G_LOCK (cached);
  g_hash_table_remove (cached, c->stmt);
  G_UNLOCK (cached);
  /* One in use is finalized when its holder releases it. */
  if (!c->in_use)
    sqlite3_finalize (c->stmt);
  g_free (c);
}

static gboolean
only_space (const char *text)
{
  for (; text != NULL && *text != '\0'; text++)
    if (!g_ascii_isspace (*text) && *text != ';')
      return FALSE;
  return TRUE;
}

/* The cached statement of @sql, marked in use; a fresh one if that is busy
 * (or if @sql holds more than one statement: *single is then FALSE). On a
 * failure to prepare, @what says what could not be done. *out is NULL for
 * text with no statement in it. */
static gboolean
statement_get (QwDocument     *self,
               const char     *sql,
               const char     *what,
               sqlite3_stmt  **out,
               gboolean       *single,
               GError        **error)
{
  CachedStatement *c;
  const char *tail = NULL;

  if (self->statements == NULL)
    self->statements = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, cached_statement_free);
  c = g_hash_table_lookup (self->statements, sql);

  *out = NULL;
  *single = TRUE;
  if (c != NULL && !c->in_use)
    {
      c->in_use = TRUE;
      *out = c->stmt;
      return TRUE;
    }
  if (sqlite3_prepare_v2 (self->db, sql, -1, out, &tail) != SQLITE_OK)
    {
      _qw_document_set_error (self, error, what);
      return FALSE;
    }
  *single = only_space (tail);
  /* Several statements in one text are left to sqlite3_exec, uncached. */
  if (c != NULL || *out == NULL || !*single || g_hash_table_size (self->statements) >= MAX_CACHED_STATEMENTS)
    return TRUE;
  c = g_new0 (CachedStatement, 1);
  c->stmt = *out;
  c->in_use = TRUE;
  G_LOCK (cached);
  if (cached == NULL)
    cached = g_hash_table_new (NULL, NULL);
  g_hash_table_insert (cached, c->stmt, c);
  G_UNLOCK (cached);
  g_hash_table_insert (self->statements, g_strdup (sql), c);
  return TRUE;
}

/**
 * _qw_document_prepare:
 * @sql: one SQL statement, its values as parameters (the text is the key of
 *   the cache)
 *
 * Returns: (transfer full): a statement ready to bind and step; give it back
 *   with _qw_statement_release() (g_autoptr (sqlite3_stmt) does), never with
 *   sqlite3_finalize().
 */
sqlite3_stmt *
_qw_document_prepare (QwDocument  *self,
                      const char  *sql,
                      GError     **error)
{
  sqlite3_stmt *stmt;
  gboolean single;

  if (!statement_get (self, sql, _("The document could not be read"), &stmt, &single, error))
    return NULL;
  return stmt;
}

/**
 * _qw_statement_release:
 *
 * Gives back a statement of _qw_document_prepare(): a cached one is reset
 * and its bindings cleared for the next use, any other one is finalized.
 */
void
_qw_statement_release (sqlite3_stmt *stmt)
{
  CachedStatement *c = NULL;

  if (stmt == NULL)
    return;
  G_LOCK (cached);
  if (cached != NULL)
    c = g_hash_table_lookup (cached, stmt);
  G_UNLOCK (cached);
  if (c == NULL)
    {
      sqlite3_finalize (stmt);
      return;
    }
  sqlite3_reset (stmt);
  sqlite3_clear_bindings (stmt);
  c->in_use = FALSE;
}

/* Runs @sql to its end: one statement goes through the cache, a script of
 * several (the schema steps) through sqlite3_exec(). */
gboolean
_qw_document_exec (QwDocument  *self,
                   const char  *sql,
                   GError     **error)
{
  const char *what = _("The document could not be changed");
  sqlite3_stmt *stmt;
  gboolean single;
  int rc = SQLITE_DONE;

  if (!statement_get (self, sql, what, &stmt, &single, error))
    return FALSE;
  if (single)
    {
      while (stmt != NULL && (rc = sqlite3_step (stmt)) == SQLITE_ROW)
        ;
      rc = rc == SQLITE_DONE ? SQLITE_OK : rc;
      /* Read the error before the release resets the statement. */
      if (rc != SQLITE_OK)
        _qw_document_set_error (self, error, what);
      _qw_statement_release (stmt);
      return rc == SQLITE_OK;
    }
  _qw_statement_release (stmt);
  if (sqlite3_exec (self->db, sql, NULL, NULL, NULL) != SQLITE_OK)
    {
      _qw_document_set_error (self, error, what);
      return FALSE;
    }
  return TRUE;
}

gboolean
_qw_document_step_done (QwDocument    *self,
                        sqlite3_stmt  *stmt,
                        GError       **error)
{
  int rc = sqlite3_step (stmt);

  if (rc != SQLITE_DONE && rc != SQLITE_ROW)
    {
      _qw_document_set_error (self, error, _("The document could not be changed"));
      return FALSE;
    }
  return TRUE;
}

const char *
_qw_column_text (sqlite3_stmt *stmt,
                 int           column)
{
  const unsigned char *text = sqlite3_column_text (stmt, column);

  return text != NULL ? (const char *) text : "";
}

void
_qw_bind_text (sqlite3_stmt *stmt,
               int           index,
               const char   *text)
{
  sqlite3_bind_text (stmt, index, text != NULL ? text : "", -1, SQLITE_TRANSIENT);
}
