/* qw-document-private.h: the document's connection and the SQL helpers,
 * for the files of store/ only: store/ is the only place that speaks SQL,
 * and build-aux/check-layers refuses this header anywhere else (play/,
 * region/ and the rest call store/'s public headers: qw-document-entries.h,
 * qw-document-play.h, qw-document-region.h …).
 *
 * store/ is layered, each unit calling only those below it:
 *
 *   qw-history.c          undo and redo (QwHistory, qw_document_undo ()):
 *                         a view of the step table that follows the
 *                         document's announcements
 *   qw-document-open.c    creating, recognising and opening a document
 *   qw-document.c         the object, where a document is, its connection,
 *                         migrations, transactions and their announcement,
 *                         meta
 *   qw-document-identity.c  the secret and the results ids, made with the
 *                         document (qw-document-identity.h)
 *   qw-step-recorder.c    the open step: its session (kept in the history)
 *                         or a watch of its writes
 *   qw-undo-identities.c  who holds the ID numbers an undo gives back
 *   qw-game-log.c         the arbiter's game log, from a changeset or a
 *                         watch of the games (SQLite's pre-update hook)
 *   qw-step-table.c       the steps kept in the document, their topics
 *   qw-document-sql.c     the statement cache and the SQL helpers below
 *
 * The lower units read the fields of struct _QwDocument instead of calling
 * qw-document.c, so that no two files call each other (check-circles).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <sqlite3.h>

#include "qw-document.h"

G_BEGIN_DECLS

typedef struct _QwStepRecorder QwStepRecorder;
typedef struct _QwStepSight QwStepSight;

struct _QwDocument
{
  GObject          parent_instance;
  sqlite3         *db;
  char            *path;
  QwDocumentKind   kind;
  int              depth;       /* open savepoints */
  GHashTable      *statements;  /* SQL text → cached statement (qw-document-sql.c,
                                 * made on first use; unref finalizes them) */
  gboolean         ready;       /* opened (and migrated): transactions are steps */
  gboolean         read_only;   /* never writes: a reader for another thread, or a document
                                 * read-only where it is (QW_ERROR_READ_ONLY for a change) */
  gboolean         read_only_place; /* the file or its folder cannot be written */
  gint64           statement_start; /* when the running statement began (monotonic µs) */
  gboolean         journal_known;   /* a writer: the identities below were read at opening */
  guint64          file_id[2];  /* st_dev, st_ino of the file, its -wal and its -shm */
  guint64          wal_id[2];
  guint64          shm_id[2];
  gboolean         step;        /* the outermost transaction is a step */
  QwStepRecorder  *recorder;    /* qw-step-recorder.c */
  QwHistory       *history;     /* qw-history.c, made on first use */
  guint            pending_tables; /* written by the open transaction that is not a step */

  /* Other connections' changes (qw_document_check_outside()) */
  gboolean         watching;    /* looked for once: look again */
  gint64           data_version; /* SQLite's, when last looked */
  QwStepSight     *sight;       /* the step table as last seen (qw-step-table.h) */
  guint            outside_tables; /* what they changed, to announce */
};

/* qw-document-sql.c */

sqlite3      *_qw_document_get_db        (QwDocument   *self);
/* A statement prepared once per document and reused: release it with
 * _qw_statement_release() (g_autoptr (sqlite3_stmt) does so), never with
 * sqlite3_finalize(). @sql is the cache's key: give constant text and bind
 * the values. */
sqlite3_stmt *_qw_document_prepare       (QwDocument   *self,
                                          const char   *sql,
                                          GError      **error);
void          _qw_statement_release      (sqlite3_stmt *stmt);
gboolean      _qw_document_exec          (QwDocument   *self,
                                          const char   *sql,
                                          GError      **error);
gboolean      _qw_document_step_done     (QwDocument   *self,
                                          sqlite3_stmt *stmt,
                                          GError      **error);
void          _qw_set_busy_error         (GError      **error);
void          _qw_set_read_only_error    (GError      **error,
                                          const char   *path);
void          _qw_set_disk_full_error    (GError      **error,
                                          const char   *path);
void          _qw_set_overrun_error      (GError      **error,
                                          const char   *path);
void          _qw_document_set_error     (QwDocument   *self,
                                          GError      **error,
                                          const char   *what);
const char   *_qw_column_text            (sqlite3_stmt *stmt,
                                          int           column);
void          _qw_bind_text              (sqlite3_stmt *stmt,
                                          int           index,
                                          const char   *text);

/* qw-document-identity.c: the secret and the results ids, made with the
 * document and its events (qw-document-identity.h) */

gboolean      _qw_document_make_identity (QwDocument   *self,
                                          GError      **error);
gboolean      _qw_document_lacks_identity (QwDocument  *self);
gboolean      _qw_document_make_results_uid (QwDocument *self,
                                          gint64        event_id,
                                          GError      **error);

/* qw-document.c */

/* "QIWG": marks the file as ours in the SQLite header (PRAGMA application_id). */
#define QW_APPLICATION_ID 0x51495747

/* How a document can be opened where it is. */
typedef enum
{
  QW_ACCESS_WRITE,       /* the file and its folder can be written */
  QW_ACCESS_READ,        /* read-only here, with changes in a -wal (or a -journal) beside it:
                          * SQLite reads them, through a -shm it may have to make */
  QW_ACCESS_IMMUTABLE,   /* read-only here, everything in the file: read as it is, with no
                          * lock and no -wal or -shm made beside it */
} QwDocumentAccess;


/* Opening (for qw-document-open.c) */
gboolean         _qw_document_configure          (QwDocument       *self,
                                                  GError          **error);
/* Runs the schema steps from @from_version on, in a transaction of their
 * own (qw-document.c says why the foreign keys are off meanwhile). */
gboolean         _qw_document_apply_steps        (QwDocument       *self,
                                                  int               from_version,
                                                  GError          **error);
gboolean         _qw_document_exists_beside      (const char       *path,
                                                  const char       *suffix);
QwDocumentAccess _qw_document_access_of          (const char       *path);
sqlite3         *_qw_document_open_db            (const char       *path,
                                                  QwDocumentAccess  access,
                                                  int               flags,
                                                  GError          **error);
QwDocument      *_qw_document_open_connection    (const char       *path,
                                                  QwDocumentAccess  access,
                                                  int               flags,
                                                  GError          **error);
void             _qw_document_remove_with_journal (const char      *path);
/* A writer notes the identities of its file, -wal and -shm when it opens. */
void             _qw_document_note_journal       (QwDocument       *self);


/* A write primitive that may be called outside any transaction opens one
 * (a step with the generic label) around itself: every change is part of a
 * step, so the history misses none. */
gboolean      _qw_document_write_begin   (QwDocument   *self,
                                          gboolean     *opened,
                                          GError      **error);
gboolean      _qw_document_write_end     (QwDocument   *self,
                                          gboolean      opened,
                                          gboolean      ok,
                                          GError      **error);
/* A transaction that is not a step (an undo, a redo), announced at its
 * commit with the tables it tells it changed (qw-step-table.h). */
gboolean      _qw_document_begin_unrecorded (QwDocument *self,
                                          GError      **error);
void          _qw_document_note_tables   (QwDocument   *self,
                                          guint         tables);
/* Before a change outside any transaction: refused on a document open for
 * reading; a writer whose -wal or -shm another program removed opens again
 * first. */
gboolean      _qw_document_prepare_write (QwDocument   *self,
                                          GError      **error);

/* Resets a cached statement for its next use; finalizes any other. */
G_DEFINE_AUTOPTR_CLEANUP_FUNC (sqlite3_stmt, _qw_statement_release)

G_END_DECLS
