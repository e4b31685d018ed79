/* qw-document.c: a Qiwang document, one SQLite file (.qiwang)
 *
 * The document is the only place that speaks SQL. Every public function that
 * writes runs in one transaction, so a crash leaves either the whole action or
 * none of it; WAL with synchronous=FULL keeps committed actions across a power
 * cut. Here: the object, where a document is and its connection, the
 * migrations, transactions and the document's settings (meta); creating and
 * opening one are qw-document-open.c's.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-document"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "qw-document-private.h"
#include "qw-document-schema.h"
#include "qw-file-locks.h"
#include "qw-error.h"
#include "qw-step-recorder.h"
#include "qw-step-table.h"

G_DEFINE_FINAL_TYPE (QwDocument, qw_document, G_TYPE_OBJECT)

enum {
  CHANGED,
  COMMITTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

int
qw_document_schema_version (void)
{
  return _qw_schema_n_versions ();
}

/* Transactions and what they changed
 *
 * Every change a step makes is announced once, after the outermost commit
 * has succeeded, never for a rollback: the "changed" signal, once for each
 * topic the step touched (the tables it wrote to, qw-step-table.h), after
 * "committed" with all of them. An undo or a redo is announced the same
 * way, with the topics of the rows it changed. So are the steps another
 * connection or program committed, as soon as this one looks
 * (qw_document_check_outside()) or makes a step of its own: the step table
 * tells what they touched. */

static void
announce (QwDocument *self,
          guint       tables)
{
  g_autofree const char **topics = NULL;

  if (tables == 0)
    return;
  topics = _qw_tables_topics (tables, self->kind);
  if (topics[0] == NULL)
    return;
  g_signal_emit (self, signals[COMMITTED], 0, topics);
  for (guint i = 0; topics[i] != NULL; i++)
    g_signal_emit (self, signals[CHANGED], g_quark_from_static_string (topics[i]), topics[i]);
}

/* What other connections committed since this one last looked: their
 * steps' tables go to outside_tables, announced with this connection's
 * next announcement. A change that no step of the table accounts for (a
 * program that keeps no history) stands for every topic. */
static void
look_outside (QwDocument *self)
{
  g_autoptr(QwStepSight) now = NULL;
  gint64 version;
  guint tables;

  if (!self->watching)
    return;
  version = qw_document_get_data_version (self);
  if (version < 0 || version == self->data_version)
    return;
  self->data_version = version;
  now = _qw_step_sight_take (self);
  tables = _qw_step_sight_changes (self->sight, now);
  self->outside_tables |= tables != 0 ? tables : QW_TABLES_ALL;
  g_clear_pointer (&self->sight, _qw_step_sight_free);
  self->sight = g_steal_pointer (&now);
  g_debug ("%s: changed by another connection", self->path);
}

/* The outermost transaction has ended: what it changed (@tables, 0 for a
 * rollback) and what others had, announced. */
static void
transaction_ended (QwDocument *self,
                   guint       tables)
{
  guint outside = self->outside_tables;

  self->outside_tables = 0;
  self->pending_tables = 0;
  announce (self, tables | outside);
}

/* Before the outermost commit, in its transaction: the step table as it
 * will be, this step included, is what the next look compares with. The
 * sight it replaces is kept until the commit is done. */
static QwStepSight *
see_own_step (QwDocument *self)
{
  QwStepSight *before;

  if (!self->watching)
    return NULL;
  before = g_steal_pointer (&self->sight);
  self->sight = _qw_step_sight_take (self);
  return before;
}

static gboolean
begin_outermost (QwDocument  *self,
                 GError     **error)
{
  if (!_qw_document_prepare_write (self, error))
    return FALSE;
  /* The outermost transaction takes the write lock at once, waiting the
   * busy timeout for another program's writer: a deferred one would start
   * as a read and fail at its first write, without waiting, under WAL. */
  if (!_qw_document_exec (self, "BEGIN IMMEDIATE", error))
    return FALSE;
  self->depth = 1;
  self->pending_tables = 0;
  /* Nobody else can commit now: what they did before is known here. */
  look_outside (self);
  return TRUE;
}

/**
 * qw_document_begin_step:
 * @label: (nullable): what the user did, as a message (qw-message.h:
 *   qw_message_printf (N_("Result of round %d, board %d"), 3, 5)), never
 *   translated here: it is rendered in the language of whoever reads the
 *   history (issue 19 point 22; build-aux/check-layers); the undo toast
 *   shows it
 *
 * Opens a transaction. The outermost one is a step of the document's
 * history; nested ones are savepoints, and a label given to one names an
 * outer step that has none yet. Ends with qw_document_commit() or
 * qw_document_rollback(). A service calls qw_document_run_step() rather
 * than these.
 */
gboolean
qw_document_begin_step (QwDocument  *self,
                        const char  *label,
                        GError     **error)
{
  g_return_val_if_fail (QW_IS_DOCUMENT (self), FALSE);

  if (self->depth > 0)
    {
      if (!_qw_document_exec (self, "SAVEPOINT qw", error))
        return FALSE;
      self->depth++;
      if (self->step)
        _qw_step_recorder_name (self->recorder, label);
      return TRUE;
    }
  if (!begin_outermost (self, error))
    return FALSE;
  self->step = self->ready;
  if (self->step)
    _qw_step_recorder_open (self->recorder, label);
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
  g_autoptr(QwStepSight) seen_before = NULL;
  guint tables = 0;

  g_return_val_if_fail (QW_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (self->depth > 0, FALSE);

  if (self->depth > 1)
    {
      if (!_qw_document_exec (self, "RELEASE qw", error))
        {
          qw_document_rollback (self);
          return FALSE;
        }
      self->depth--;
      return TRUE;
    }
  if (self->step && !_qw_step_recorder_finish (self->recorder, error))
    {
      qw_document_rollback (self);
      return FALSE;
    }
  seen_before = see_own_step (self);
  if (!_qw_document_exec (self, "COMMIT", error))
    {
      if (self->watching)
        {
          g_clear_pointer (&self->sight, _qw_step_sight_free);
          self->sight = g_steal_pointer (&seen_before);
        }
      qw_document_rollback (self);
      return FALSE;
    }
  self->depth = 0;
  if (self->step)
    {
      self->step = FALSE;
      tables = _qw_step_recorder_commit (self->recorder);
    }
  transaction_ended (self, tables | self->pending_tables);
  return TRUE;
}

void
qw_document_rollback (QwDocument *self)
{
  g_return_if_fail (QW_IS_DOCUMENT (self));
  g_return_if_fail (self->depth > 0);

  sqlite3_exec (self->db, self->depth == 1 ? "ROLLBACK" : "ROLLBACK TO qw; RELEASE qw", NULL, NULL, NULL);
  self->depth--;
  if (self->depth > 0)
    {
      if (self->step)
        _qw_step_recorder_rewound (self->recorder);
      return;
    }
  if (self->step)
    {
      self->step = FALSE;
      _qw_step_recorder_abort (self->recorder);
    }
  /* Nothing of this transaction happened; what others did, did. */
  transaction_ended (self, 0);
}

/**
 * qw_document_run_step:
 * @label: (nullable): what the user did, as a message (see
 *   qw_document_begin_step()); %NULL when @func names the step itself
 *   (qw_document_name_step()) from what it reads
 * @func: reads and writes what the action needs: returns %FALSE with
 *   @error when it cannot, and nothing it wrote stays
 *
 * Runs @func as one step of the document's history: in one transaction
 * (inside another step, a part of it that is undone with it), which reads
 * the document as no other program can change it meanwhile. Its changes
 * are announced once the outermost step has committed; a service touches
 * nothing of its caller's after this returns, as the listeners have run.
 */
gboolean
qw_document_run_step (QwDocument  *self,
                      const char  *label,
                      QwStepFunc   func,
                      gpointer     data,
                      GError     **error)
{
  g_return_val_if_fail (QW_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (func != NULL, FALSE);

  if (!qw_document_begin_step (self, label, error))
    return FALSE;
  if (!func (self, data, error))
    {
      qw_document_rollback (self);
      return FALSE;
    }
  return qw_document_commit (self, error);
}

/**
 * qw_document_name_step:
 * @label: what the user did, as a message (see qw_document_begin_step())
 *
 * Names the step open (qw_document_run_step()), when it has no label yet:
 * for an action whose label depends on what it reads ("Pairing of round 3").
 */
void
qw_document_name_step (QwDocument *self,
                       const char *label)
{
  g_return_if_fail (QW_IS_DOCUMENT (self));
  g_return_if_fail (self->depth > 0);

  if (self->step)
    _qw_step_recorder_name (self->recorder, label);
}

/* A transaction that is not a step (an undo, a redo: qw-history.c), whose
 * changes the caller tells (_qw_document_note_tables()). */
gboolean
_qw_document_begin_unrecorded (QwDocument  *self,
                               GError     **error)
{
  g_return_val_if_fail (self->depth == 0, FALSE);

  if (!begin_outermost (self, error))
    return FALSE;
  self->step = FALSE;
  return TRUE;
}

void
_qw_document_note_tables (QwDocument *self,
                          guint       tables)
{
  self->pending_tables |= tables;
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

/**
 * qw_document_check_outside:
 *
 * Looks whether another connection (another program, another window, the
 * venue server) has committed a change since this one last looked, and if
 * so announces it as a step of its own is: "committed", then "changed" for
 * each topic the steps made, undone or redone there touched (read from the
 * document's history), or for every topic when a program that keeps no
 * history wrote. The first call only starts looking. The GUI calls it every
 * half second; a connection that looks also learns of others' steps each
 * time it begins one of its own.
 *
 * Returns: whether something was announced
 */
gboolean
qw_document_check_outside (QwDocument *self)
{
  g_return_val_if_fail (QW_IS_DOCUMENT (self), FALSE);

  if (!self->watching)
    {
      self->watching = TRUE;
      self->data_version = qw_document_get_data_version (self);
      self->sight = _qw_step_sight_take (self);
      return FALSE;
    }
  if (self->depth > 0)
    return FALSE;
  look_outside (self);
  if (self->outside_tables == 0)
    return FALSE;
  transaction_ended (self, 0);
  return TRUE;
}

/**
 * qw_document_set_step_origin:
 * @origin: (nullable): who makes the steps from now on: "window", "cli",
 *   "device:NAME"; %NULL: they are not kept
 *
 * From the next step on, every step made through this connection is kept
 * in the document's history (qw-history.h) as made by @origin, in the same
 * transaction as the step. The faces set it (the window, qiwang-cli, the
 * venue server for a device); the core's own bulk work (a simulation) and
 * its tests leave it unset.
 */
void
qw_document_set_step_origin (QwDocument *self,
                             const char *origin)
{
  g_return_if_fail (QW_IS_DOCUMENT (self));
  _qw_step_recorder_set_origin (self->recorder, origin);
}

const char *
qw_document_get_step_origin (QwDocument *self)
{
  g_return_val_if_fail (QW_IS_DOCUMENT (self), NULL);
  return _qw_step_recorder_get_origin (self->recorder);
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
  g_clear_pointer (&self->sight, _qw_step_sight_free);
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
   * @what: the topic, one of qw_document_topics (): "events", "entries",
   *   "sections", "games", "nominees", "meta" (the document's settings and
   *   kept tables, the ladder's among them), and in a region's document
   *   "region" (its stops)
   *
   * Emitted with @what as the detail, once for each topic a step touched,
   * after it has committed (qw_document_run_step()); the same for an undo,
   * a redo and the steps another connection committed
   * (qw_document_check_outside()). Never for a change rolled back.
   */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass),
                                   G_SIGNAL_RUN_LAST | G_SIGNAL_DETAILED, 0, NULL, NULL,
                                   NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  /**
   * QwDocument::committed:
   * @topics: (array zero-terminated=1): the topics, as "changed" gives them
   *
   * Emitted once for each announcement, before "changed" for each of its
   * topics: for whoever follows the document as a whole (the history).
   */
  signals[COMMITTED] = g_signal_new ("committed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                     NULL, G_TYPE_NONE, 1, G_TYPE_STRV);
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

gboolean
_qw_document_configure (QwDocument  *self,
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
gboolean
_qw_document_apply_steps (QwDocument  *self,
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

gboolean
_qw_document_exists_beside (const char *path,
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
QwDocumentAccess
_qw_document_access_of (const char *path)
{
  g_autofree char *folder = g_path_get_dirname (path);

  if (can_write (path) && can_write (folder))
    return QW_ACCESS_WRITE;
  if (holds_bytes (path, "-wal") || holds_bytes (path, "-journal")
      || (_qw_document_exists_beside (path, "-wal") && _qw_document_exists_beside (path, "-shm")))
    return QW_ACCESS_READ;
  return QW_ACCESS_IMMUTABLE;
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

sqlite3 *
_qw_document_open_db (const char  *path,
         QwDocumentAccess       access,
         int          flags,
         GError     **error)
{
  g_autofree char *uri = access == QW_ACCESS_IMMUTABLE ? immutable_uri (path) : NULL;
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

QwDocument *
_qw_document_open_connection (const char  *path,
                 QwDocumentAccess       access,
                 int          flags,
                 GError     **error)
{
  g_autoptr(QwDocument) self = g_object_new (QW_TYPE_DOCUMENT, NULL);

  self->path = g_strdup (path);
  self->db = _qw_document_open_db (path, access, flags, error);
  if (self->db == NULL)
    return NULL;
  harden (self);
  return g_steal_pointer (&self);
}

/* The file and every journal beside it: a rollback journal left by a
 * creation killed there would otherwise be rolled back into the new file. */
void
_qw_document_remove_with_journal (const char *path)
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

void
_qw_document_note_journal (QwDocument *self)
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
  fresh = _qw_document_open_db (self->path, QW_ACCESS_WRITE, SQLITE_OPEN_READWRITE, error);
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

    if (!_qw_document_configure (self, error))
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
  _qw_document_note_journal (self);
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

static gboolean
set_metas_step (QwDocument  *doc,
                gpointer     data,
                GError     **error)
{
  const char *const *pairs = data;

  for (guint i = 0; pairs[i] != NULL; i += 2)
    if (!qw_document_set_meta (doc, pairs[i], pairs[i + 1], error))
      return FALSE;
  return TRUE;
}

/**
 * qw_document_set_settings:
 * @label: what the user did, as a message (see qw_document_begin_step())
 * @pairs: (array zero-terminated=1): keys and their values, in turn
 *
 * Stores the document's settings (meta) as one step of the history.
 */
gboolean
qw_document_set_settings (QwDocument         *self,
                          const char         *label,
                          const char *const  *pairs,
                          GError            **error)
{
  g_return_val_if_fail (QW_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (pairs != NULL, FALSE);

  return qw_document_run_step (self, label, set_metas_step, (gpointer) pairs, error);
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
