/* qw-document.c: a Qiwang document, one SQLite file (.qiwang)
 *
 * The document is the only place that speaks SQL. Every public function that
 * writes runs in one transaction, so a crash leaves either the whole action or
 * none of it; WAL with synchronous=FULL keeps committed actions across a power
 * cut. Opening never writes to a file until it has been recognised as a
 * Qiwang document that this version can read.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-document"

#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "qw-document-identity.h"
#include "qw-document-private.h"
#include "qw-document-schema.h"
#include "qw-document-text.h"
#include "qw-file.h"
#include "qw-file-locks.h"
#include "qw-error.h"
#include "qw-step-recorder.h"

/* "QIWG": marks the file as ours in the SQLite header (PRAGMA application_id). */
#define QW_APPLICATION_ID 0x51495747


G_DEFINE_FINAL_TYPE (QwDocument, qw_document, G_TYPE_OBJECT)

enum {
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

int
qw_document_schema_version (void)
{
  return _qw_schema_n_versions ();
}

/* Transactions */

/**
 * qw_document_begin_step:
 * @label: (nullable): what the user did, translated: "Result of round 3,
 *   board 5"; the undo toast shows it
 *
 * Opens a transaction. The outermost one is a step of the document's
 * history; nested ones are savepoints, and a label given to one names an
 * outer step that has none yet. Ends with qw_document_commit() or
 * qw_document_rollback().
 */
gboolean
qw_document_begin_step (QwDocument  *self,
                        const char  *label,
                        GError     **error)
{
  g_return_val_if_fail (QW_IS_DOCUMENT (self), FALSE);

  if (self->depth == 0 && !_qw_document_prepare_write (self, error))
    return FALSE;
  /* The outermost transaction takes the write lock at once, waiting the
   * busy timeout for another program's writer: a deferred one would start
   * as a read and fail at its first write, without waiting, under WAL. */
  if (!_qw_document_exec (self, self->depth == 0 ? "BEGIN IMMEDIATE" : "SAVEPOINT qw", error))
    return FALSE;
  self->depth++;
  if (self->depth == 1)
    {
      self->step = self->ready;
      if (self->step)
        _qw_step_recorder_open (self->recorder, label);
    }
  else if (self->step)
    _qw_step_recorder_name (self->recorder, label);
  return TRUE;
}

/* An unlabelled transaction: nested, it is part of the step around it;
 * outermost, a step with a generic label. */
gboolean
qw_document_begin (QwDocument  *self,
                   GError     **error)
{
  return qw_document_begin_step (self, NULL, error);
}

gboolean
qw_document_commit (QwDocument  *self,
                    GError     **error)
{
  g_return_val_if_fail (QW_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (self->depth > 0, FALSE);

  if (self->depth == 1 && self->step && !_qw_step_recorder_finish (self->recorder, error))
    {
      qw_document_rollback (self);
      return FALSE;
    }
  if (!_qw_document_exec (self, self->depth == 1 ? "COMMIT" : "RELEASE qw", error))
    {
      qw_document_rollback (self);
      return FALSE;
    }
  self->depth--;
  if (self->depth == 0 && self->step)
    {
      self->step = FALSE;
      _qw_step_recorder_commit (self->recorder);
    }
  return TRUE;
}

void
qw_document_rollback (QwDocument *self)
{
  g_return_if_fail (QW_IS_DOCUMENT (self));
  g_return_if_fail (self->depth > 0);

  sqlite3_exec (self->db, self->depth == 1 ? "ROLLBACK" : "ROLLBACK TO qw; RELEASE qw", NULL, NULL, NULL);
  self->depth--;
  if (self->depth == 0 && self->step)
    {
      self->step = FALSE;
      _qw_step_recorder_abort (self->recorder);
    }
  else if (self->step)
    _qw_step_recorder_rewound (self->recorder);
}

gboolean
_qw_document_write_begin (QwDocument  *self,
                          gboolean    *opened,
                          GError     **error)
{
  *opened = self->depth == 0;
  return !*opened || qw_document_begin (self, error);
}

gboolean
_qw_document_write_end (QwDocument  *self,
                        gboolean     opened,
                        gboolean     ok,
                        GError     **error)
{
  if (!opened)
    return ok;
  if (!ok)
    {
      qw_document_rollback (self);
      return FALSE;
    }
  return qw_document_commit (self, error);
}

void
qw_document_emit_changed (QwDocument *self,
                          const char *what)
{
  g_signal_emit (self, signals[CHANGED], g_quark_from_string (what), what);
}

/* Opening and creating */

static void
qw_document_finalize (GObject *object)
{
  QwDocument *self = QW_DOCUMENT (object);

  /* The history let go of the document in its dispose (a weak
   * reference); the session of a step left open goes before the
   * connection, and so do the cached statements. */
  g_clear_object (&self->history);
  g_clear_pointer (&self->recorder, _qw_step_recorder_free);
  g_clear_pointer (&self->statements, g_hash_table_unref);
  if (self->db != NULL)
    sqlite3_close_v2 (self->db);
  g_free (self->path);
  G_OBJECT_CLASS (qw_document_parent_class)->finalize (object);
}

static void
qw_document_class_init (QwDocumentClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = qw_document_finalize;

  /**
   * QwDocument::changed:
   * @what: "events", "entries", "games", "sections", "region", "nominees",
   *   "ladder" (region/qw-ladder-store.h), "meta"
   *
   * Emitted after a change, with @what as the detail; after an undo or a
   * redo, once for each kind of row it changed ("meta" for the document's
   * settings and kept tables, the ladder's among them).
   */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass),
                                   G_SIGNAL_RUN_LAST | G_SIGNAL_DETAILED, 0, NULL, NULL,
                                   NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
qw_document_init (QwDocument *self)
{
  self->recorder = _qw_step_recorder_new (self);
}

/**
 * qw_document_busy_timeout:
 *
 * Returns: how long, in milliseconds, a connection waits for another
 *   program's transaction to end before it gives up with %QW_ERROR_BUSY:
 *   5000, or what the environment variable QIWANG_BUSY_TIMEOUT_MS says (0 to
 *   60000; the tests of two programs on one document set it short).
 */
int
qw_document_busy_timeout (void)
{
  static int timeout = -1;

  if (timeout < 0)
    {
      const char *text = g_getenv ("QIWANG_BUSY_TIMEOUT_MS");
      guint64 value = 0;

      timeout = 5000;
      if (text != NULL && g_ascii_string_to_unsigned (text, 10, 0, 60000, &value, NULL))
        timeout = (int) value;
    }
  return timeout;
}

/* A statement's clock starts when it starts running (SQLite's statement
 * trace), and the progress handler stops it once it has run too long. */
static int
statement_started (unsigned int  mask,
                   void         *data,
                   void         *statement,
                   void         *text)
{
  QwDocument *self = data;

  self->statement_start = g_get_monotonic_time ();
  return 0;
}

static int
statement_overrun (void *data)
{
  QwDocument *self = data;

  return self->statement_start > 0
         && g_get_monotonic_time () - self->statement_start > (gint64) qw_document_statement_limit () * 1000;
}

/* Defences every connection to a file from outside has, set before its
 * first statement: SQLite's defensive mode (no writable schema, no journal
 * turned off), no function of the file's schema trusted, triggers and views
 * off (Qiwang makes neither; qw-document-schema.c refuses a file that has
 * one); foreign-key actions are not triggers and still run. */
static void
harden_db (sqlite3 *db)
{
  sqlite3_db_config (db, SQLITE_DBCONFIG_DEFENSIVE, 1, NULL);
  sqlite3_db_config (db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, NULL);
  sqlite3_db_config (db, SQLITE_DBCONFIG_ENABLE_TRIGGER, 0, NULL);
#ifdef SQLITE_DBCONFIG_ENABLE_VIEW
  sqlite3_db_config (db, SQLITE_DBCONFIG_ENABLE_VIEW, 0, NULL);
#endif
  sqlite3_db_config (db, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0, NULL);
}

static void
harden (QwDocument *self)
{
  harden_db (self->db);
  self->statement_start = 0;
  sqlite3_trace_v2 (self->db, SQLITE_TRACE_STMT, statement_started, self);
  sqlite3_progress_handler (self->db, 10000, statement_overrun, self);
}

static gboolean
configure_connection (QwDocument  *self,
                      GError     **error)
{
  sqlite3_busy_timeout (self->db, qw_document_busy_timeout ());
  sqlite3_extended_result_codes (self->db, 0);
  /* Temporary storage in memory: the statement journal of each insert in a
   * step (a pairing writes thousands) would otherwise spill to a temporary
   * file once it passes 64 KiB. */
  return _qw_document_exec (self,
                            "PRAGMA foreign_keys = ON;"
                            "PRAGMA journal_mode = WAL;"
                            "PRAGMA synchronous = FULL;"
                            "PRAGMA temp_store = MEMORY;"
                            "PRAGMA cache_size = -65536;",
                            error);
}

/* Runs the steps from @from_version on and checks that every reference
 * still holds, in the transaction open. */
static gboolean
run_steps (QwDocument  *self,
           int          from_version,
           GError     **error)
{
  g_autofree char *set_version = g_strdup_printf ("PRAGMA user_version = %d", qw_document_schema_version ());
  g_autoptr(sqlite3_stmt) check = NULL;

  for (int v = from_version; v < qw_document_schema_version (); v++)
    if (!_qw_document_exec (self, _qw_schema_step (v), error))
      return FALSE;
  if (!_qw_document_exec (self, set_version, error)
      || (check = _qw_document_prepare (self, "PRAGMA foreign_key_check", error)) == NULL)
    return FALSE;
  if (sqlite3_step (check) == SQLITE_ROW)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_CORRUPT,
                   _("The document could not be brought up to date: a row of table %s refers to "
                     "one that does not exist"), _qw_column_text (check, 0));
      return FALSE;
    }
  return TRUE;
}

/* A step may rebuild a table the way SQLite documents it (create the new
 * table, copy the rows, drop the old one, rename the new one): foreign keys
 * are off meanwhile, so that dropping a table deletes nothing that refers to
 * it, and checked before the commit. (Inside the transaction of a creation
 * the pragma does nothing; every table is empty then.) */
static gboolean
apply_steps (QwDocument  *self,
             int          from_version,
             GError     **error)
{
  gboolean ok;

  if (!_qw_document_exec (self, "PRAGMA foreign_keys = OFF", error))
    return FALSE;
  ok = qw_document_begin (self, error);
  if (ok && !run_steps (self, from_version, error))
    {
      qw_document_rollback (self);
      ok = FALSE;
    }
  else if (ok)
    ok = qw_document_commit (self, error);
  return _qw_document_exec (self, "PRAGMA foreign_keys = ON", ok ? error : NULL) && ok;
}

/* Where a document is */

/* How a document can be opened where it is. */
typedef enum
{
  ACCESS_WRITE,       /* the file and its folder can be written */
  ACCESS_READ,        /* read-only here, with changes in a -wal (or a -journal) beside it:
                       * SQLite reads them, through a -shm it may have to make */
  ACCESS_IMMUTABLE,   /* read-only here, everything in the file: read as it is, with no
                       * lock and no -wal or -shm made beside it */
} Access;

static gboolean
can_write (const char *path)
{
  return g_access (path, W_OK) == 0;
}

static gboolean
holds_bytes (const char *path,
             const char *suffix)
{
  g_autofree char *name = g_strconcat (path, suffix, NULL);
  GStatBuf st;

  return g_stat (name, &st) == 0 && st.st_size > 0;
}

static gboolean
exists_beside (const char *path,
               const char *suffix)
{
  g_autofree char *name = g_strconcat (path, suffix, NULL);

  return g_file_test (name, G_FILE_TEST_EXISTS);
}

/* A file or a folder the user may not write, a write-protected stick or
 * disc, a read-only mount: access() knows them all (EACCES, EROFS). A
 * document that cannot be written is opened for reading, and so is one in a
 * folder that cannot be written, where SQLite could make no -wal, -shm or
 * -journal: a change could not be made safely there either.
 *
 * Read as it is when the file holds everything: no -wal with frames in it,
 * no -journal. A -wal with its -shm (a program with write access has the
 * document open) is read through them, as SQLite reads a document another
 * program writes; SQLite cannot read an -shm left without its -wal in a
 * place it may not write, and has no need to. */
static Access
access_of (const char *path)
{
  g_autofree char *folder = g_path_get_dirname (path);

  if (can_write (path) && can_write (folder))
    return ACCESS_WRITE;
  if (holds_bytes (path, "-wal") || holds_bytes (path, "-journal")
      || (exists_beside (path, "-wal") && exists_beside (path, "-shm")))
    return ACCESS_READ;
  return ACCESS_IMMUTABLE;
}

/* "file:///…?immutable=1": every byte of the path but the safe ones
 * escaped, as SQLite's URIs take them. */
static char *
immutable_uri (const char *path)
{
  g_autofree char *absolute = g_canonicalize_filename (path, NULL);
  GString *uri = g_string_new ("file://");

  for (const char *p = absolute; *p != '\0'; p++)
    if (g_ascii_isalnum (*p) || strchr ("/._-~", *p) != NULL)
      g_string_append_c (uri, *p);
    else
      g_string_append_printf (uri, "%%%02X", (guchar) *p);
  g_string_append (uri, "?immutable=1");
  return g_string_free (uri, FALSE);
}

static sqlite3 *
open_db (const char  *path,
         Access       access,
         int          flags,
         GError     **error)
{
  g_autofree char *uri = access == ACCESS_IMMUTABLE ? immutable_uri (path) : NULL;
  sqlite3 *db = NULL;

  /* Before any connection of the process: SQLite's locks as open file
   * description locks (qw-file-locks.c). */
  _qw_file_locks_install ();
  if (uri != NULL)
    flags = (flags & ~(SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)) | SQLITE_OPEN_READONLY | SQLITE_OPEN_URI;
  /* A document is used by one thread at a time (its statement cache and
   * savepoint depth are not locked either), so the connection needs no
   * mutex of its own around every call. */
  if (sqlite3_open_v2 (uri != NULL ? uri : path, &db, flags | SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK)
    {
      g_autofree char *display_name = g_filename_display_name (path);

      g_set_error (error, QW_ERROR, QW_ERROR_IO, _("%s cannot be opened: %s"),
                   display_name, db != NULL ? sqlite3_errmsg (db) : g_strerror (errno));
      sqlite3_close_v2 (db);
      return NULL;
    }
  harden_db (db);
  return db;
}

static QwDocument *
open_connection (const char  *path,
                 Access       access,
                 int          flags,
                 GError     **error)
{
  g_autoptr(QwDocument) self = g_object_new (QW_TYPE_DOCUMENT, NULL);

  self->path = g_strdup (path);
  self->db = open_db (path, access, flags, error);
  if (self->db == NULL)
    return NULL;
  harden (self);
  return g_steal_pointer (&self);
}

/* The file and every journal beside it: a rollback journal left by a
 * creation killed there would otherwise be rolled back into the new file. */
static void
remove_with_journal (const char *path)
{
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);
  g_autofree char *shm = g_strconcat (path, "-shm", NULL);
  g_autofree char *journal = g_strconcat (path, "-journal", NULL);

  g_unlink (path);
  g_unlink (wal);
  g_unlink (shm);
  g_unlink (journal);
}

/* The journal a writer works with: the -wal and -shm beside the file, as
 * they were when it opened. SQLite deletes them only when the last
 * connection of the last program closes, never while this one is open
 * (it holds a shared lock on the file for that); if another program did,
 * this connection would go on writing into deleted files. */

static gboolean
identity_of (const char *path,
             const char *suffix,
             guint64     id[2])
{
  g_autofree char *name = g_strconcat (path, suffix, NULL);
  GStatBuf st;

  if (g_stat (name, &st) != 0)
    return FALSE;
  id[0] = (guint64) st.st_dev;
  id[1] = (guint64) st.st_ino;
  return TRUE;
}

static void
note_journal (QwDocument *self)
{
  self->journal_known = identity_of (self->path, "", self->file_id)
                        && identity_of (self->path, "-wal", self->wal_id)
                        && identity_of (self->path, "-shm", self->shm_id);
}

static gboolean
same_identity (const char    *path,
               const char    *suffix,
               const guint64  id[2])
{
  guint64 now[2];

  return identity_of (path, suffix, now) && now[0] == id[0] && now[1] == id[1];
}

/* Another program removed or replaced the -wal or the -shm under this
 * connection (a program that lost track of its locks, a user's rm, a sync
 * tool). Whatever was committed before had been checkpointed into the file
 * by whoever deleted them, if it was SQLite; the connection opens again and
 * works on with the file as it is, before anything is written into the
 * deleted journal. The document must still be the same file. */
static gboolean
reconnect (QwDocument  *self,
           GError     **error)
{
  g_autofree char *display_name = g_filename_display_name (self->path);
  sqlite3 *fresh;
  sqlite3 *old;

  if (!same_identity (self->path, "", self->file_id))
    {
      g_set_error (error, QW_ERROR, QW_ERROR_IO,
                   _("%s was moved, deleted or replaced by another program; nothing was changed. "
                     "Open the document again."), display_name);
      return FALSE;
    }
  g_message ("The journal of %s (-wal, -shm) was removed or replaced by another program: the document "
             "is opened again before the next change", display_name);
  fresh = open_db (self->path, ACCESS_WRITE, SQLITE_OPEN_READWRITE, error);
  if (fresh == NULL)
    return FALSE;
  /* The cached statements belong to the old connection; those in use are
   * finalized when they are released, and SQLite closes the old
   * connection after its last one. */
  g_clear_pointer (&self->statements, g_hash_table_unref);
  old = self->db;
  self->db = fresh;
  sqlite3_close_v2 (old);
  harden (self);
  {
    int version = -1;
    g_autoptr(sqlite3_stmt) stmt = NULL;
    g_autoptr(GError) local_error = NULL;

    if (!configure_connection (self, error))
      return FALSE;
    stmt = _qw_document_prepare (self, "PRAGMA user_version", error);
    if (stmt == NULL || sqlite3_step (stmt) != SQLITE_ROW)
      return FALSE;
    version = sqlite3_column_int (stmt, 0);
    if (version != qw_document_schema_version ()
        || !_qw_schema_check (self->db, version, display_name, NULL, &local_error))
      {
        g_set_error (error, QW_ERROR, QW_ERROR_IO,
                     _("%s was changed by another program in a way Qiwang cannot follow; nothing was "
                       "changed. Open the document again."), display_name);
        return FALSE;
      }
  }
  note_journal (self);
  return TRUE;
}

/**
 * _qw_document_prepare_write:
 *
 * Before a change is made outside any transaction (a step about to begin,
 * a value kept, an undo): a document open for reading refuses it, and a
 * writer whose journal another program removed opens again first.
 */
gboolean
_qw_document_prepare_write (QwDocument  *self,
                            GError     **error)
{
  if (self->read_only)
    {
      _qw_set_read_only_error (error, self->path);
      return FALSE;
    }
  if (!self->journal_known || self->depth > 0)
    return TRUE;
  if (same_identity (self->path, "-wal", self->wal_id) && same_identity (self->path, "-shm", self->shm_id))
    return TRUE;
  return reconnect (self, error);
}

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

  remove_with_journal (path);
  self = open_connection (path, ACCESS_WRITE, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, error);
  if (self == NULL)
    return NULL;
  self->kind = kind;
  /* WAL first, then the mark, the schema and the metadata in one
   * transaction: one commit to wait for, not five (each is an fsync, and
   * the mark alone took four in the rollback journal). */
  if (!configure_connection (self, error) || !qw_document_begin (self, error))
    return NULL;
  if (!_qw_document_exec (self, set_id, error) || !apply_steps (self, 0, error)
      || !qw_document_set_meta (self, "kind", qw_document_kind_to_code (kind), error)
      || !qw_document_set_meta (self, "created-by", PACKAGE_NAME " " PACKAGE_VERSION, error)
      || !_qw_document_make_identity (self, error))
    {
      qw_document_rollback (self);
      return NULL;
    }
  if (!qw_document_commit (self, error))
    return NULL;
  note_journal (self);
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
  sqlite3 *db = open_db (path, ACCESS_WRITE, SQLITE_OPEN_READWRITE, NULL);
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
              Access       access,
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
  probe = open_connection (path, access, SQLITE_OPEN_READONLY, error);
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
         Access       access,
         GError     **error)
{
  g_autoptr(GError) local_error = NULL;
  gboolean hot = FALSE;
  int version = inspect_once (path, access, &hot, &local_error);

  /* Changes in a -wal without its -shm, where no -shm can be made: SQLite
   * cannot read them there. */
  if (version < 0 && access == ACCESS_READ && g_error_matches (local_error, QW_ERROR, QW_ERROR_IO)
      && !exists_beside (path, "-shm"))
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
  if (access != ACCESS_WRITE)
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
  return inspect (path, access_of (path), error);
}

/* Before a migration, the old file is copied aside, so an older Qiwang can
 * still open it and nothing is lost if the migration goes wrong. */
static gboolean
backup_before_migration (QwDocument  *self,
                         int          version,
                         GError     **error)
{
  g_autofree char *backup_path = g_strdup_printf ("%s.v%d.bak", self->path, version);
  sqlite3 *dest = open_db (backup_path, ACCESS_WRITE, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL);
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
             Access       access,
             int          version,
             gboolean     from_outside,
             GError     **error)
{
  g_autoptr(QwDocument) self = NULL;
  g_autofree char *kind = NULL;
  g_autofree char *display_name = g_filename_display_name (path);

  if (version < qw_document_schema_version () && access != ACCESS_WRITE)
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
  self = open_connection (path, access == ACCESS_WRITE ? ACCESS_READ : access, SQLITE_OPEN_READONLY, error);
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
  self->read_only_place = access != ACCESS_WRITE;
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
  Access access = access_of (path);
  int version = inspect (path, access, error);

  if (version < 0)
    return NULL;
  if (access != ACCESS_WRITE)
    return open_reader (path, access, version, TRUE, error);
  self = open_connection (path, ACCESS_WRITE, SQLITE_OPEN_READWRITE, error);
  if (self == NULL)
    return NULL;
  sqlite3_busy_timeout (self->db, qw_document_busy_timeout ());
  /* The file may have changed since the probe looked at it. */
  if (!check_schema (self, version, error) || !configure_connection (self, error))
    return NULL;
  if (version < qw_document_schema_version ())
    {
      g_info ("Migrating %s from version %d to %d", path, version, qw_document_schema_version ());
      if (!backup_before_migration (self, version, error) || !apply_steps (self, version, error)
          || !check_schema (self, qw_document_schema_version (), error))
        return NULL;
    }
  /* Text enters the core here: checked once, as every other input is. */
  if (!_qw_document_check_text (_qw_document_get_db (self), display, error))
    return NULL;
  kind = qw_document_get_meta (self, "kind");
  self->kind = kind_from_code (kind);
  note_journal (self);
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
  Access access = access_of (path);
  int version = inspect (path, access, error);

  if (version < 0)
    return NULL;
  return open_reader (path, access, version, access != ACCESS_WRITE, error);
}

/**
 * qw_document_is_read_only:
 *
 * Returns: %TRUE if the connection never writes: a reader for another
 *   thread (qw_document_open_read_only()), or a document that is read-only
 *   where it is
 */
gboolean
qw_document_is_read_only (QwDocument *self)
{
  g_return_val_if_fail (QW_IS_DOCUMENT (self), FALSE);
  return self->read_only;
}

/**
 * qw_document_is_read_only_place:
 *
 * Returns: %TRUE if the document cannot be written where it is (a
 *   write-protected disk, a read-only mount, a file or a folder the user
 *   may not write): it was opened for reading, and every change is refused
 *   with %QW_ERROR_READ_ONLY
 */
gboolean
qw_document_is_read_only_place (QwDocument *self)
{
  g_return_val_if_fail (QW_IS_DOCUMENT (self), FALSE);
  return self->read_only_place;
}

/**
 * qw_document_get_data_version:
 *
 * Returns: SQLite's data version of this connection: it changes whenever
 *   another connection (another thread, another process) has committed a
 *   change to the file since it was last asked. Cheap enough to poll.
 */
gint64
qw_document_get_data_version (QwDocument *self)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;

  g_return_val_if_fail (QW_IS_DOCUMENT (self), -1);
  stmt = _qw_document_prepare (self, "PRAGMA data_version", NULL);
  if (stmt == NULL || sqlite3_step (stmt) != SQLITE_ROW)
    return -1;
  return sqlite3_column_int64 (stmt, 0);
}

/**
 * qw_document_begin_read:
 *
 * Opens a read transaction, outside any step: everything read until
 * qw_document_end_read() comes from one state of the file, whatever other
 * connections commit meanwhile. Not for use inside a transaction.
 */
gboolean
qw_document_begin_read (QwDocument  *self,
                        GError     **error)
{
  g_return_val_if_fail (QW_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (self->depth == 0, FALSE);
  return _qw_document_exec (self, "BEGIN DEFERRED", error);
}

void
qw_document_end_read (QwDocument *self)
{
  g_return_if_fail (QW_IS_DOCUMENT (self));
  _qw_document_exec (self, "COMMIT", NULL);
}

const char *
qw_document_get_path (QwDocument *self)
{
  g_return_val_if_fail (QW_IS_DOCUMENT (self), NULL);
  return self->path;
}

QwDocumentKind
qw_document_get_kind (QwDocument *self)
{
  g_return_val_if_fail (QW_IS_DOCUMENT (self), QW_DOCUMENT_STOP);
  return self->kind;
}

const char *
qw_document_kind_to_code (QwDocumentKind kind)
{
  switch (kind)
    {
    case QW_DOCUMENT_REGION:
      return "region";
    case QW_DOCUMENT_NATIONAL:
      return "national";
    case QW_DOCUMENT_STOP:
    default:
      return "stop";
    }
}

char *
qw_document_get_meta (QwDocument *self,
                      const char *key)
{
  g_autoptr(sqlite3_stmt) stmt = _qw_document_prepare (self, "SELECT value FROM meta WHERE key = ?", NULL);

  if (stmt == NULL)
    return NULL;
  _qw_bind_text (stmt, 1, key);
  if (sqlite3_step (stmt) != SQLITE_ROW)
    return NULL;
  return g_strdup (_qw_column_text (stmt, 0));
}

gboolean
qw_document_set_meta (QwDocument  *self,
                      const char  *key,
                      const char  *value,
                      GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;
  gboolean opened;

  if (!_qw_document_write_begin (self, &opened, error))
    return FALSE;
  stmt = _qw_document_prepare (self, "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", error);
  if (stmt != NULL)
    {
      _qw_bind_text (stmt, 1, key);
      _qw_bind_text (stmt, 2, value);
    }
  return _qw_document_write_end (self, opened, stmt != NULL && _qw_document_step_done (self, stmt, error),
                                 error);
}

/**
 * qw_document_keep_meta:
 *
 * Stores a value that belongs to the file rather than to a user action (the
 * id a stop's results file is recognised by): no step records it, so no
 * undo takes it back.
 */
gboolean
qw_document_keep_meta (QwDocument  *self,
                       const char  *key,
                       const char  *value,
                       GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;
  gboolean was_paused, ok;

  if (self->depth == 0 && !_qw_document_prepare_write (self, error))
    return FALSE;
  stmt = _qw_document_prepare (self, "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", error);
  if (stmt == NULL)
    return FALSE;
  _qw_bind_text (stmt, 1, key);
  _qw_bind_text (stmt, 2, value);
  was_paused = _qw_step_recorder_pause (self->recorder, TRUE);
  ok = _qw_document_step_done (self, stmt, error);
  _qw_step_recorder_pause (self->recorder, was_paused);
  return ok;
}
