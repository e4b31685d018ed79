/* qw-document-open.c: a document created, or recognised and opened
 *
 * Opening never writes to a file until it has been recognised as a Qiwang
 * document that this version can read: ours, not newer, of Qiwang's schema
 * for its version (qw-document-schema.c), not damaged. An older one is
 * copied aside, then brought up to date. Where the file cannot be written
 * it is opened for reading. The connection itself, where a document is and
 * the migrations are qw-document.c's.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-document"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "qw-document-identity.h"
#include "qw-document-private.h"
#include "qw-document-schema.h"
#include "qw-document-text.h"
#include "qw-file.h"
#include "qw-error.h"

/**
 * qw_document_create:
 * @path: where to write; an existing file there is replaced
 *
 * Creates an empty document of the current schema.
 */
QwDocument *
qw_document_create (const char      *path,
                    QwDocumentKind   kind,
                    GError         **error)
{
  g_autoptr(QwDocument) self = NULL;
  g_autofree char *set_id = g_strdup_printf ("PRAGMA application_id = %d", QW_APPLICATION_ID);

  _qw_document_remove_with_journal (path);
  self = _qw_document_open_connection (path, QW_ACCESS_WRITE, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, error);
  if (self == NULL)
    return NULL;
  self->kind = kind;
  /* WAL first, then the mark, the schema and the metadata in one
   * transaction: one commit to wait for, not five (each is an fsync, and
   * the mark alone took four in the rollback journal). */
  if (!_qw_document_configure (self, error) || !qw_document_begin (self, error))
    return NULL;
  if (!_qw_document_exec (self, set_id, error) || !_qw_document_apply_steps (self, 0, error)
      || !qw_document_set_meta (self, "kind", qw_document_kind_to_code (kind), error)
      || !qw_document_set_meta (self, "created-by", PACKAGE_NAME " " PACKAGE_VERSION, error)
      || !_qw_document_make_identity (self, error))
    {
      qw_document_rollback (self);
      return NULL;
    }
  if (!qw_document_commit (self, error))
    return NULL;
  _qw_document_note_journal (self);
  self->ready = TRUE;
  return g_steal_pointer (&self);
}

/* Recognising a file */

static void
set_damaged (GError     **error,
             const char  *display_name,
             const char  *problem)
{
  g_autofree char *text = g_utf8_make_valid (problem, -1);

  g_set_error (error, QW_ERROR, QW_ERROR_CORRUPT,
               _("%s is damaged and cannot be opened (%s). The file was left as it is; "
                 "a backup copy may hold your data."),
               display_name, text);
}

/* A failure of SQLite to read the file, named for what it is: another
 * program's lock, a full disk, a place that cannot be written, an
 * operation of the system that failed, a statement stopped as too long.
 * "Damaged" is said only when SQLite itself found the file damaged. */
static void
set_read_error (sqlite3     *db,
                int          rc,
                const char  *path,
                GError     **error)
{
  g_autofree char *display_name = g_filename_display_name (path);
  g_autofree char *message = g_utf8_make_valid (sqlite3_errmsg (db), -1);
  int os_error = sqlite3_system_errno (db);

  switch (rc & 0xff)
    {
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
      _qw_set_busy_error (error);
      return;
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB:
      set_damaged (error, display_name, message);
      return;
    case SQLITE_INTERRUPT:
      _qw_set_overrun_error (error, path);
      return;
    case SQLITE_FULL:
      _qw_set_disk_full_error (error, path);
      return;
    default:
      break;
    }
  if (os_error == ENOSPC || os_error == EDQUOT)
    _qw_set_disk_full_error (error, path);
  else if ((rc & 0xff) == SQLITE_READONLY || os_error == EROFS || os_error == EACCES || os_error == EPERM)
    _qw_set_read_only_error (error, path);
  else if (os_error != 0)
    g_set_error (error, QW_ERROR, QW_ERROR_IO, _("%s cannot be read: %s (%s)"), display_name, message,
                 g_strerror (os_error));
  else
    g_set_error (error, QW_ERROR, QW_ERROR_IO, _("%s cannot be read: %s"), display_name, message);
}

/* One number of the probe. A failure to read it is never taken for a
 * foreign file. */
static gboolean
probe_int (QwDocument  *probe,
           const char  *sql,
           int         *value,
           GError     **error)
{
  sqlite3_stmt *stmt = NULL;
  int rc = sqlite3_prepare_v2 (probe->db, sql, -1, &stmt, NULL);

  if (rc == SQLITE_OK)
    rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    *value = sqlite3_column_int (stmt, 0);
  else
    set_read_error (probe->db, rc, probe->path, error);
  sqlite3_finalize (stmt);
  return rc == SQLITE_ROW;
}

/* The file as SQLite has it open: its header and its length are read
 * through the connection's own descriptor. Opening the path again to read
 * them would be harmless with open file description locks, but with
 * classic ones (a file system that refuses the others) closing that second
 * descriptor would drop every lock this process holds on the document. */
static sqlite3_file *
file_of (sqlite3 *db)
{
  sqlite3_file *file = NULL;

  if (sqlite3_file_control (db, "main", SQLITE_FCNTL_FILE_POINTER, &file) != SQLITE_OK || file == NULL
      || file->pMethods == NULL)
    return NULL;
  return file;
}

/* The first @length bytes (fewer in a shorter file: *read_out says how many). */
static gboolean
read_head (QwDocument  *probe,
           guint8      *buffer,
           int          length,
           gint64      *size_out,
           int         *read_out,
           GError     **error)
{
  sqlite3_file *file = file_of (probe->db);
  sqlite3_int64 size = 0;
  int rc;

  if (file == NULL || file->pMethods->xFileSize (file, &size) != SQLITE_OK)
    {
      g_autofree char *display_name = g_filename_display_name (probe->path);

      g_set_error (error, QW_ERROR, QW_ERROR_IO, _("%s cannot be read: %s"), display_name,
                   g_strerror (sqlite3_system_errno (probe->db) != 0 ? sqlite3_system_errno (probe->db) : EIO));
      return FALSE;
    }
  *size_out = size;
  *read_out = (int) MIN ((sqlite3_int64) length, size);
  memset (buffer, 0, (gsize) length);
  rc = *read_out > 0 ? file->pMethods->xRead (file, buffer, *read_out, 0) : SQLITE_OK;
  if (rc != SQLITE_OK && (rc & 0xff) != SQLITE_IOERR)
    rc = SQLITE_IOERR;
  if (rc != SQLITE_OK && rc != SQLITE_IOERR_SHORT_READ)
    {
      g_autofree char *display_name = g_filename_display_name (probe->path);

      g_set_error (error, QW_ERROR, QW_ERROR_IO, _("%s cannot be read: %s"), display_name,
                   g_strerror (sqlite3_system_errno (probe->db) != 0 ? sqlite3_system_errno (probe->db) : EIO));
      return FALSE;
    }
  return TRUE;
}

static gboolean
has_sqlite_header (QwDocument  *probe,
                   GError     **error)
{
  guint8 header[16];
  gint64 size = 0;
  int n = 0;

  if (!read_head (probe, header, sizeof header, &size, &n, error))
    return FALSE;
  if (n != sizeof header || memcmp (header, "SQLite format 3", 16) != 0)
    {
      g_autofree char *display_name = g_filename_display_name (probe->path);

      g_set_error (error, QW_ERROR, QW_ERROR_CORRUPT,
                   _("%s is not a Qiwang document (it is not a database file)"), display_name);
      return FALSE;
    }
  return TRUE;
}

/* The pages the header promises: a file cut short of them (a download or a
 * copy broken off) is damaged, whatever its first page says. */
static gboolean
check_length (QwDocument  *probe,
              GError     **error)
{
  g_autofree char *display_name = g_filename_display_name (probe->path);
  guint8 header[100];
  gint64 size = 0;
  int n = 0;
  guint64 page_size, pages;

  if (!read_head (probe, header, sizeof header, &size, &n, error))
    return FALSE;
  if (n != sizeof header)
    {
      set_damaged (error, display_name, _("the file ends inside its header"));
      return FALSE;
    }
  page_size = (guint64) header[16] << 8 | header[17];
  if (page_size == 1)
    page_size = 65536;
  pages = (guint64) header[28] << 24 | (guint64) header[29] << 16 | (guint64) header[30] << 8 | header[31];
  if (page_size < 512 || (page_size & (page_size - 1)) != 0 || (guint64) size % page_size != 0
      || (guint64) size < pages * page_size)
    {
      set_damaged (error, display_name, _("the file is shorter than its pages"));
      return FALSE;
    }
  return TRUE;
}

/* The schema is Qiwang's, for @version, and nothing else: before any
 * statement touches a table (qw-document-schema.c). */
static gboolean
check_schema (QwDocument  *self,
              int          version,
              GError     **error)
{
  g_autofree char *display_name = g_filename_display_name (self->path);
  int rc = SQLITE_OK;

  if (_qw_schema_check (self->db, version, display_name, &rc, error))
    return TRUE;
  if (rc != SQLITE_OK)
    set_read_error (self->db, rc, self->path, error);
  return FALSE;
}

/* A program stopped in the middle of a transaction in a rollback journal
 * (a creation killed before the document went over to WAL) leaves a hot
 * journal, and no read-only connection can read the file until it has been
 * rolled back. SQLite does that on the first connection that may write,
 * restoring the file as it was before the transaction: the file as its
 * last complete change left it. */
static gboolean
roll_back_hot_journal (const char *path)
{
  sqlite3 *db = _qw_document_open_db (path, QW_ACCESS_WRITE, SQLITE_OPEN_READWRITE, NULL);
  int rc = db != NULL ? SQLITE_OK : SQLITE_CANTOPEN;

  if (rc == SQLITE_OK)
    {
      sqlite3_busy_timeout (db, qw_document_busy_timeout ());
      rc = sqlite3_exec (db, "PRAGMA application_id", NULL, NULL, NULL);
    }
  sqlite3_close_v2 (db);
  return rc == SQLITE_OK;
}

/* Looks at the file without writing to it: ours, not newer, of Qiwang's
 * schema, not damaged. Returns its schema version, or -1; *hot, when given,
 * is set if the file cannot be read for a hot journal (and no error is set
 * then). */
static int
inspect_once (const char  *path,
              QwDocumentAccess       access,
              gboolean    *hot,
              GError     **error)
{
  g_autoptr(QwDocument) probe = NULL;
  g_autofree char *display_name = g_filename_display_name (path);
  g_autoptr(sqlite3_stmt) stmt = NULL;
  g_autoptr(GError) first_error = NULL;
  int application_id = 0, version = -1;

  if (!qw_file_check_regular (path, error))
    return -1;
  probe = _qw_document_open_connection (path, access, SQLITE_OPEN_READONLY, error);
  if (probe == NULL || !has_sqlite_header (probe, error))
    return -1;
  /* Another program may be writing the file (WAL lets it): wait for its
   * lock as any connection does, rather than reading the failure as an
   * answer. */
  sqlite3_busy_timeout (probe->db, qw_document_busy_timeout ());
  if (!probe_int (probe, "PRAGMA application_id", &application_id, &first_error))
    {
      if (hot != NULL && sqlite3_extended_errcode (probe->db) == SQLITE_READONLY_ROLLBACK)
        *hot = TRUE;
      else
        g_propagate_error (error, g_steal_pointer (&first_error));
      return -1;
    }
  if (application_id != QW_APPLICATION_ID)
    {
      if (!check_length (probe, error))
        return -1;
      g_set_error (error, QW_ERROR, QW_ERROR_CORRUPT,
                   _("%s is a database, but not a Qiwang document"), display_name);
      return -1;
    }
  if (!probe_int (probe, "PRAGMA user_version", &version, error))
    return -1;
  if (version > qw_document_schema_version ())
    {
      g_set_error (error, QW_ERROR, QW_ERROR_NEWER_SCHEMA,
                   _("%s was written by a newer version of Qiwang (document version %d; this "
                     "version reads up to %d). Update Qiwang to open it."),
                   display_name, version, qw_document_schema_version ());
      return -1;
    }
  if (version < 1)
    {
      if (!check_length (probe, error))
        return -1;
      g_set_error (error, QW_ERROR, QW_ERROR_CORRUPT,
                   _("%s is not a complete Qiwang document"), display_name);
      return -1;
    }
  if (!check_schema (probe, version, error))
    return -1;
  {
    int rc = sqlite3_prepare_v2 (probe->db, "PRAGMA quick_check", -1, &stmt, NULL);

    if (rc == SQLITE_OK)
      rc = sqlite3_step (stmt);
    if (rc == SQLITE_ROW && !g_str_equal (_qw_column_text (stmt, 0), "ok"))
      {
        set_damaged (error, display_name, _qw_column_text (stmt, 0));
        return -1;
      }
    if (rc != SQLITE_ROW)
      {
        set_read_error (probe->db, rc, path, error);
        return -1;
      }
  }
  return version;
}

static int
inspect (const char  *path,
         QwDocumentAccess       access,
         GError     **error)
{
  g_autoptr(GError) local_error = NULL;
  gboolean hot = FALSE;
  int version = inspect_once (path, access, &hot, &local_error);

  /* Changes in a -wal without its -shm, where no -shm can be made: SQLite
   * cannot read them there. */
  if (version < 0 && access == QW_ACCESS_READ && g_error_matches (local_error, QW_ERROR, QW_ERROR_IO)
      && !_qw_document_exists_beside (path, "-shm"))
    {
      g_autofree char *display_name = g_filename_display_name (path);

      g_clear_error (&local_error);
      g_set_error (&local_error, QW_ERROR, QW_ERROR_READ_ONLY,
                   _("The document is read-only: %s has changes in its journal (%s-wal) that can only be "
                     "read where the file can be written. Copy the document and its journal to a folder "
                     "you can write to, then open the copy."),
                   display_name, display_name);
    }
  if (local_error != NULL)
    g_propagate_error (error, g_steal_pointer (&local_error));
  if (version >= 0 || !hot)
    return version;
  if (access != QW_ACCESS_WRITE)
    {
      g_autofree char *display_name = g_filename_display_name (path);

      g_set_error (error, QW_ERROR, QW_ERROR_READ_ONLY,
                   _("The document is read-only: %s holds a change that was interrupted, and it can "
                     "only be rolled back where the file can be written. Copy the document and its "
                     "journal (%s-journal) to a folder you can write to, then open the copy."),
                   display_name, display_name);
      return -1;
    }
  if (!roll_back_hot_journal (path))
    {
      g_autofree char *display_name = g_filename_display_name (path);

      set_damaged (error, display_name, _("an interrupted change could not be rolled back"));
      return -1;
    }
  return inspect_once (path, access, NULL, error);
}

int
qw_document_peek_version (const char  *path,
                          GError     **error)
{
  return inspect (path, _qw_document_access_of (path), error);
}

/* Before a migration, the old file is copied aside, so an older Qiwang can
 * still open it and nothing is lost if the migration goes wrong. */
static gboolean
backup_before_migration (QwDocument  *self,
                         int          version,
                         GError     **error)
{
  g_autofree char *backup_path = g_strdup_printf ("%s.v%d.bak", self->path, version);
  sqlite3 *dest = _qw_document_open_db (backup_path, QW_ACCESS_WRITE, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL);
  sqlite3_backup *backup;
  int rc;

  if (dest == NULL)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_IO, _("A backup copy could not be written to %s"),
                   backup_path);
      return FALSE;
    }
  backup = sqlite3_backup_init (dest, "main", self->db, "main");
  rc = backup != NULL ? sqlite3_backup_step (backup, -1) : SQLITE_ERROR;
  sqlite3_backup_finish (backup);
  if (rc == SQLITE_FULL || ((rc & 0xff) == SQLITE_IOERR && sqlite3_system_errno (dest) == ENOSPC))
    {
      sqlite3_close_v2 (dest);
      g_unlink (backup_path);
      _qw_set_disk_full_error (error, self->path);
      return FALSE;
    }
  sqlite3_close_v2 (dest);
  if (rc != SQLITE_DONE)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_IO, _("A backup copy could not be written to %s"),
                   backup_path);
      return FALSE;
    }
  return TRUE;
}

static QwDocumentKind
kind_from_code (const char *code)
{
  if (g_strcmp0 (code, "region") == 0)
    return QW_DOCUMENT_REGION;
  if (g_strcmp0 (code, "national") == 0)
    return QW_DOCUMENT_NATIONAL;
  return QW_DOCUMENT_STOP;
}

/* A connection that only reads: another thread's reader of a document the
 * program has open, or a document that is read-only where it is (whose
 * text is then checked, as a writer's is). */
static QwDocument *
open_reader (const char  *path,
             QwDocumentAccess       access,
             int          version,
             gboolean     from_outside,
             GError     **error)
{
  g_autoptr(QwDocument) self = NULL;
  g_autofree char *kind = NULL;
  g_autofree char *display_name = g_filename_display_name (path);

  if (version < qw_document_schema_version () && access != QW_ACCESS_WRITE)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_READ_ONLY,
                   _("The document is read-only: %s was written by an older version of Qiwang, and it "
                     "can only be brought up to date where it can be written. Copy it to a folder you "
                     "can write to, then open the copy."), display_name);
      return NULL;
    }
  if (version < qw_document_schema_version ())
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                   _("%s must be brought up to date first: open it in Qiwang once"), display_name);
      return NULL;
    }
  self = _qw_document_open_connection (path, access == QW_ACCESS_WRITE ? QW_ACCESS_READ : access, SQLITE_OPEN_READONLY, error);
  if (self == NULL)
    return NULL;
  sqlite3_busy_timeout (self->db, qw_document_busy_timeout ());
  if (!check_schema (self, version, error) || !_qw_document_exec (self, "PRAGMA query_only = ON", error))
    return NULL;
  if (from_outside && !_qw_document_check_text (_qw_document_get_db (self), display_name, error))
    return NULL;
  kind = qw_document_get_meta (self, "kind");
  self->kind = kind_from_code (kind);
  self->ready = TRUE;
  self->read_only = TRUE;
  self->read_only_place = access != QW_ACCESS_WRITE;
  return g_steal_pointer (&self);
}

/* A document made by an older Qiwang made its secret and its results ids
 * when they were first read; they are made now, once, with the rest of
 * bringing it up to date (qw-document-identity.h), when the file can be
 * written. Another program's lock is waited for no longer than the busy
 * timeout, and does not keep the document from opening: they are then made
 * the next time. */
static void
make_missing_identity (QwDocument *self)
{
  g_autoptr(GError) error = NULL;

  if (self->read_only || sqlite3_db_readonly (self->db, "main") != 0 || !_qw_document_lacks_identity (self))
    return;
  if (!qw_document_begin (self, &error))
    {
      g_debug ("%s: its identity is made later: %s", self->path, error->message);
      return;
    }
  if (!_qw_document_make_identity (self, &error))
    {
      g_debug ("%s: its identity is made later: %s", self->path, error->message);
      qw_document_rollback (self);
      return;
    }
  if (!qw_document_commit (self, &error))
    g_debug ("%s: its identity is made later: %s", self->path, error->message);
}

/**
 * qw_document_make_identity:
 *
 * Makes what a document made by an older Qiwang lacks (its secret, its
 * results ids: qw-document-identity.h), in a transaction of its own or
 * inside the current one. Opening a document for writing does it already;
 * a reader calls it only when that could not be done then (another program
 * held the document).
 */
gboolean
qw_document_make_identity (QwDocument  *self,
                           GError     **error)
{
  gboolean opened;

  g_return_val_if_fail (QW_IS_DOCUMENT (self), FALSE);

  if (!_qw_document_lacks_identity (self))
    return TRUE;
  if (!_qw_document_write_begin (self, &opened, error))
    return FALSE;
  return _qw_document_write_end (self, opened, _qw_document_make_identity (self, error), error);
}

/**
 * qw_document_open:
 *
 * Opens a document, bringing an older schema up to date (after copying the
 * file to <path>.v<N>.bak). A file that is not a Qiwang document (its
 * schema not exactly Qiwang's: qw-document-schema.c), is damaged, or was
 * written by a newer version is refused and left untouched; one that
 * another program holds past the busy timeout is refused with QW_ERROR_BUSY.
 * (A change a killed program left half done in a rollback journal is rolled
 * back first, as SQLite does on any open that may write.) A document that
 * cannot be written where it is (qw_document_is_read_only_place()) is
 * opened for reading: every change is then refused with QW_ERROR_READ_ONLY.
 *
 * The schema is checked before the migration, against the schema of the
 * document's own version: the steps that bring it up to date then run on
 * tables Qiwang made and nothing else, so no trigger a file could hold
 * fires on the rows they copy.
 */
QwDocument *
qw_document_open (const char  *path,
                  GError     **error)
{
  g_autoptr(QwDocument) self = NULL;
  g_autofree char *kind = NULL;
  g_autofree char *display = g_filename_display_name (path);
  QwDocumentAccess access = _qw_document_access_of (path);
  int version = inspect (path, access, error);

  if (version < 0)
    return NULL;
  if (access != QW_ACCESS_WRITE)
    return open_reader (path, access, version, TRUE, error);
  self = _qw_document_open_connection (path, QW_ACCESS_WRITE, SQLITE_OPEN_READWRITE, error);
  if (self == NULL)
    return NULL;
  sqlite3_busy_timeout (self->db, qw_document_busy_timeout ());
  /* The file may have changed since the probe looked at it. */
  if (!check_schema (self, version, error) || !_qw_document_configure (self, error))
    return NULL;
  if (version < qw_document_schema_version ())
    {
      g_info ("Migrating %s from version %d to %d", path, version, qw_document_schema_version ());
      if (!backup_before_migration (self, version, error) || !_qw_document_apply_steps (self, version, error)
          || !check_schema (self, qw_document_schema_version (), error))
        return NULL;
    }
  /* Text enters the core here: checked once, as every other input is. */
  if (!_qw_document_check_text (_qw_document_get_db (self), display, error))
    return NULL;
  kind = qw_document_get_meta (self, "kind");
  self->kind = kind_from_code (kind);
  _qw_document_note_journal (self);
  make_missing_identity (self);
  self->ready = TRUE;
  return g_steal_pointer (&self);
}

/**
 * qw_document_open_read_only:
 *
 * Opens a second connection to a document that is up to date, for reading
 * only: what a reader in another thread uses (the venue server,
 * publish/qw-publish-server.h) while the arbiter writes through his own
 * connection. SQLite's WAL lets both work at once; this one never writes,
 * never migrates and takes no history.
 */
QwDocument *
qw_document_open_read_only (const char  *path,
                            GError     **error)
{
  QwDocumentAccess access = _qw_document_access_of (path);
  int version = inspect (path, access, error);

  if (version < 0)
    return NULL;
  return open_reader (path, access, version, access != QW_ACCESS_WRITE, error);
}
