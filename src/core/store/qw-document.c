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

#include "qw-document-identity.h"
#include "qw-document-private.h"
#include "qw-document-text.h"
#include "qw-file.h"
#include "qw-error.h"
#include "qw-schema.sql.h"
#include "qw-step-recorder.h"

/* "QIWG": marks the file as ours in the SQLite header (PRAGMA application_id). */
#define QW_APPLICATION_ID 0x51495747

static const char *const schema_steps[] = {
  QW_SCHEMA_STEP_1,
  QW_SCHEMA_STEP_2,
  QW_SCHEMA_STEP_3,
  QW_SCHEMA_STEP_4,
  QW_SCHEMA_STEP_5,
  QW_SCHEMA_STEP_6,
  QW_SCHEMA_STEP_7,
  QW_SCHEMA_STEP_8,
  QW_SCHEMA_STEP_9,
};

G_DEFINE_FINAL_TYPE (QwDocument, qw_document, G_TYPE_OBJECT)

enum {
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

int
qw_document_schema_version (void)
{
  return (int) G_N_ELEMENTS (schema_steps);
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
    if (!_qw_document_exec (self, schema_steps[v], error))
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

static QwDocument *
open_connection (const char  *path,
                 int          flags,
                 GError     **error)
{
  g_autoptr(QwDocument) self = g_object_new (QW_TYPE_DOCUMENT, NULL);
  g_autofree char *display_name = g_filename_display_name (path);

  self->path = g_strdup (path);
  /* A document is used by one thread at a time (its statement cache and
   * savepoint depth are not locked either), so the connection needs no
   * mutex of its own around every call. */
  if (sqlite3_open_v2 (path, &self->db, flags | SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_IO, _("%s cannot be opened: %s"),
                   display_name, self->db != NULL ? sqlite3_errmsg (self->db) : g_strerror (errno));
      return NULL;
    }
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
  self = open_connection (path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, error);
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
  self->ready = TRUE;
  return g_steal_pointer (&self);
}

static gboolean
has_sqlite_header (const char  *path,
                   GError     **error)
{
  g_autofree char *display_name = g_filename_display_name (path);
  char header[16] = { 0 };
  FILE *f = g_fopen (path, "rb");
  gsize n;

  if (f == NULL)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_IO, _("%s cannot be opened: %s"),
                   display_name, g_strerror (errno));
      return FALSE;
    }
  n = fread (header, 1, sizeof header, f);
  fclose (f);
  if (n != sizeof header || memcmp (header, "SQLite format 3", 16) != 0)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_CORRUPT,
                   _("%s is not a Qiwang document (it is not a database file)"), display_name);
      return FALSE;
    }
  return TRUE;
}

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

/* One number of the probe. A failure to read it is never taken for a
 * foreign file: another program's lock that outlasts the busy timeout is
 * QW_ERROR_BUSY, anything else a damaged file. */
static gboolean
probe_int (sqlite3     *db,
           const char  *sql,
           const char  *display_name,
           int         *value,
           GError     **error)
{
  sqlite3_stmt *stmt = NULL;
  int rc = sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL);

  if (rc == SQLITE_OK)
    rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    *value = sqlite3_column_int (stmt, 0);
  else if ((rc & 0xff) == SQLITE_BUSY || (rc & 0xff) == SQLITE_LOCKED)
    _qw_set_busy_error (error);
  else
    set_damaged (error, display_name, sqlite3_errmsg (db));
  sqlite3_finalize (stmt);
  return rc == SQLITE_ROW;
}

/* The pages the header promises: a file cut short of them (a download or a
 * copy broken off) is damaged, whatever its first page says. */
static gboolean
check_length (const char  *path,
              const char  *display_name,
              GError     **error)
{
  guint8 header[100];
  GStatBuf st;
  FILE *f = g_fopen (path, "rb");
  gsize n = 0;
  guint64 page_size, pages;

  if (f != NULL)
    {
      n = fread (header, 1, sizeof header, f);
      fclose (f);
    }
  if (n != sizeof header || g_stat (path, &st) != 0)
    {
      set_damaged (error, display_name, _("the file ends inside its header"));
      return FALSE;
    }
  page_size = (guint64) header[16] << 8 | header[17];
  if (page_size == 1)
    page_size = 65536;
  pages = (guint64) header[28] << 24 | (guint64) header[29] << 16 | (guint64) header[30] << 8 | header[31];
  if (page_size < 512 || (page_size & (page_size - 1)) != 0 || (guint64) st.st_size % page_size != 0
      || (guint64) st.st_size < pages * page_size)
    {
      set_damaged (error, display_name, _("the file is shorter than its pages"));
      return FALSE;
    }
  return TRUE;
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
  sqlite3 *db = NULL;
  int rc = sqlite3_open_v2 (path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, NULL);

  if (rc == SQLITE_OK)
    {
      sqlite3_busy_timeout (db, qw_document_busy_timeout ());
      rc = sqlite3_exec (db, "PRAGMA application_id", NULL, NULL, NULL);
    }
  sqlite3_close_v2 (db);
  return rc == SQLITE_OK;
}

/* Looks at the file without writing to it: ours, not newer, not damaged.
 * Returns its schema version, or -1; *hot, when given, is set if the file
 * cannot be read for a hot journal (and no error is set then). */
static int
inspect_once (const char  *path,
              gboolean    *hot,
              GError     **error)
{
  g_autoptr(QwDocument) probe = NULL;
  g_autofree char *display_name = g_filename_display_name (path);
  g_autoptr(sqlite3_stmt) stmt = NULL;
  g_autoptr(GError) first_error = NULL;
  int application_id = 0, version = -1;

  if (!qw_file_check_regular (path, error) || !has_sqlite_header (path, error))
    return -1;
  probe = open_connection (path, SQLITE_OPEN_READONLY, error);
  if (probe == NULL)
    return -1;
  /* Another program may be writing the file (WAL lets it): wait for its
   * lock as any connection does, rather than reading the failure as an
   * answer. */
  sqlite3_busy_timeout (probe->db, qw_document_busy_timeout ());
  if (!probe_int (probe->db, "PRAGMA application_id", display_name, &application_id, &first_error))
    {
      if (hot != NULL && sqlite3_extended_errcode (probe->db) == SQLITE_READONLY_ROLLBACK)
        *hot = TRUE;
      else
        g_propagate_error (error, g_steal_pointer (&first_error));
      return -1;
    }
  if (application_id != QW_APPLICATION_ID)
    {
      if (!check_length (path, display_name, error))
        return -1;
      g_set_error (error, QW_ERROR, QW_ERROR_CORRUPT,
                   _("%s is a database, but not a Qiwang document"), display_name);
      return -1;
    }
  if (!probe_int (probe->db, "PRAGMA user_version", display_name, &version, error))
    return -1;
  if (version > qw_document_schema_version ())
    {
      g_set_error (error, QW_ERROR, QW_ERROR_NEWER_SCHEMA,
                   _("%s was written by a newer version of Qiwang (document version %d; this "
                     "version reads up to %d). Update Qiwang to open it."),
                   display_name, version, qw_document_schema_version ());
      return -1;
    }
  {
    int rc = sqlite3_prepare_v2 (probe->db, "PRAGMA quick_check", -1, &stmt, NULL);

    if (rc == SQLITE_OK)
      rc = sqlite3_step (stmt);
    if ((rc & 0xff) == SQLITE_BUSY || (rc & 0xff) == SQLITE_LOCKED)
      {
        _qw_set_busy_error (error);
        return -1;
      }
    if (rc != SQLITE_ROW || !g_str_equal (_qw_column_text (stmt, 0), "ok"))
      {
        set_damaged (error, display_name, rc == SQLITE_ROW ? _qw_column_text (stmt, 0) : sqlite3_errmsg (probe->db));
        return -1;
      }
  }
  if (version < 1)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_CORRUPT,
                   _("%s is not a complete Qiwang document"), display_name);
      return -1;
    }
  return version;
}

static int
inspect (const char  *path,
         GError     **error)
{
  gboolean hot = FALSE;
  int version = inspect_once (path, &hot, error);

  if (version >= 0 || !hot)
    return version;
  if (!roll_back_hot_journal (path))
    {
      g_autofree char *display_name = g_filename_display_name (path);

      set_damaged (error, display_name, _("an interrupted change could not be rolled back"));
      return -1;
    }
  return inspect_once (path, NULL, error);
}

int
qw_document_peek_version (const char  *path,
                          GError     **error)
{
  return inspect (path, error);
}

/* Before a migration, the old file is copied aside, so an older Qiwang can
 * still open it and nothing is lost if the migration goes wrong. */
static gboolean
backup_before_migration (QwDocument  *self,
                         int          version,
                         GError     **error)
{
  g_autofree char *backup_path = g_strdup_printf ("%s.v%d.bak", self->path, version);
  sqlite3 *dest = NULL;
  sqlite3_backup *backup;
  int rc;

  if (sqlite3_open_v2 (backup_path, &dest, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) != SQLITE_OK)
    {
      sqlite3_close_v2 (dest);
      g_set_error (error, QW_ERROR, QW_ERROR_IO, _("A backup copy could not be written to %s"),
                   backup_path);
      return FALSE;
    }
  backup = sqlite3_backup_init (dest, "main", self->db, "main");
  rc = backup != NULL ? sqlite3_backup_step (backup, -1) : SQLITE_ERROR;
  sqlite3_backup_finish (backup);
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
 * file to <path>.v<N>.bak). A file that is not a Qiwang document, is damaged,
 * or was written by a newer version is refused and left untouched; one that
 * another program holds past the busy timeout is refused with QW_ERROR_BUSY.
 * (A change a killed program left half done in a rollback journal is rolled
 * back first, as SQLite does on any open that may write.)
 */
QwDocument *
qw_document_open (const char  *path,
                  GError     **error)
{
  g_autoptr(QwDocument) self = NULL;
  g_autofree char *kind = NULL;
  int version = inspect (path, error);

  if (version < 0)
    return NULL;
  self = open_connection (path, SQLITE_OPEN_READWRITE, error);
  if (self == NULL || !configure_connection (self, error))
    return NULL;
  if (version < qw_document_schema_version ())
    {
      g_info ("Migrating %s from version %d to %d", path, version, qw_document_schema_version ());
      if (!backup_before_migration (self, version, error) || !apply_steps (self, version, error))
        return NULL;
    }
  /* Text enters the core here: checked once, as every other input is. */
  {
    g_autofree char *display = g_filename_display_name (path);

    if (!_qw_document_check_text (_qw_document_get_db (self), display, error))
      return NULL;
  }
  kind = qw_document_get_meta (self, "kind");
  self->kind = kind_from_code (kind);
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
  g_autoptr(QwDocument) self = NULL;
  g_autofree char *kind = NULL;
  g_autofree char *display_name = g_filename_display_name (path);
  int version = inspect (path, error);

  if (version < 0)
    return NULL;
  if (version < qw_document_schema_version ())
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                   _("%s must be brought up to date first: open it in Qiwang once"), display_name);
      return NULL;
    }
  self = open_connection (path, SQLITE_OPEN_READONLY, error);
  if (self == NULL)
    return NULL;
  sqlite3_busy_timeout (self->db, qw_document_busy_timeout ());
  if (!_qw_document_exec (self, "PRAGMA query_only = ON", error))
    return NULL;
  kind = qw_document_get_meta (self, "kind");
  self->kind = kind_from_code (kind);
  self->ready = TRUE;
  self->read_only = TRUE;
  return g_steal_pointer (&self);
}

gboolean
qw_document_is_read_only (QwDocument *self)
{
  g_return_val_if_fail (QW_IS_DOCUMENT (self), FALSE);
  return self->read_only;
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
  g_autoptr(sqlite3_stmt) stmt =
    _qw_document_prepare (self, "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", error);
  gboolean was_paused, ok;

  if (stmt == NULL)
    return FALSE;
  _qw_bind_text (stmt, 1, key);
  _qw_bind_text (stmt, 2, value);
  was_paused = _qw_step_recorder_pause (self->recorder, TRUE);
  ok = _qw_document_step_done (self, stmt, error);
  _qw_step_recorder_pause (self->recorder, was_paused);
  return ok;
}
