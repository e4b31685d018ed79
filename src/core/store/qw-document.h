/* qw-document.h: a Qiwang document, one SQLite file (.qiwang)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "qw-history.h"

G_BEGIN_DECLS

#define QW_TYPE_DOCUMENT (qw_document_get_type ())

G_DECLARE_FINAL_TYPE (QwDocument, qw_document, QW, DOCUMENT, GObject)

typedef enum
{
  QW_DOCUMENT_STOP = 0,     /* one event run here: a preliminary or a provincial final */
  QW_DOCUMENT_REGION,       /* a province's stops, its quota and its final */
  QW_DOCUMENT_NATIONAL,     /* the regions' nominees */
} QwDocumentKind;

#define QW_DOCUMENT_SUFFIX ".qiwang"

int             qw_document_schema_version  (void);
/* Milliseconds a connection waits for another program's writer before a
 * QW_ERROR_BUSY: 5000, or $QIWANG_BUSY_TIMEOUT_MS. */
int             qw_document_busy_timeout    (void);
/* Milliseconds one SQL statement may run before it is stopped: 60000, or
 * $QIWANG_STATEMENT_LIMIT_MS. */
int             qw_document_statement_limit (void);

QwDocument     *qw_document_create          (const char     *path,
                                             QwDocumentKind  kind,
                                             GError        **error);
QwDocument     *qw_document_open            (const char     *path,
                                             GError        **error);
/* A second, read-only connection for a reader in another thread. */
QwDocument     *qw_document_open_read_only  (const char     *path,
                                             GError        **error);
gboolean        qw_document_is_read_only    (QwDocument     *self);
/* The document cannot be written where it is: opened for reading. */
gboolean        qw_document_is_read_only_place (QwDocument  *self);
gint64          qw_document_get_data_version (QwDocument    *self);
gboolean        qw_document_begin_read      (QwDocument     *self,
                                             GError        **error);
void            qw_document_end_read        (QwDocument     *self);
int             qw_document_peek_version    (const char     *path,
                                             GError        **error);
const char     *qw_document_get_path        (QwDocument     *self);
QwDocumentKind  qw_document_get_kind        (QwDocument     *self);
const char     *qw_document_kind_to_code    (QwDocumentKind  kind);
char           *qw_document_get_meta        (QwDocument     *self,
                                             const char     *key);
gboolean        qw_document_set_meta        (QwDocument     *self,
                                             const char     *key,
                                             const char     *value,
                                             GError        **error);

/* @pairs: keys and values, in turn, NULL-terminated: one labelled step. */
gboolean        qw_document_set_settings    (QwDocument         *self,
                                             const char         *label,
                                             const char *const  *pairs,
                                             GError            **error);

/* Stored outside any step: never undone (see qw-document.c). */
gboolean        qw_document_keep_meta       (QwDocument     *self,
                                             const char     *key,
                                             const char     *value,
                                             GError        **error);

/* One user action is one transaction, a step of the history, named by its
 * label (a stored message, qw-message.h, rendered in the reader's language
 * when read: never a translated text): qw_document_run_step() runs a service's reading and writing as
 * one. The outermost transaction takes the write lock at once (BEGIN
 * IMMEDIATE), waiting the busy timeout for another program's writer, else
 * fails with QW_ERROR_BUSY. Steps nest (savepoints): a step run inside
 * another is part of it. Its changes are announced once the outermost has
 * committed (the "changed" and "committed" signals), never when it is
 * rolled back. */
typedef gboolean (*QwStepFunc) (QwDocument  *doc,
                                gpointer     data,
                                GError     **error);

gboolean        qw_document_run_step        (QwDocument     *self,
                                             const char     *label,
                                             QwStepFunc      func,
                                             gpointer        data,
                                             GError        **error);
void            qw_document_name_step       (QwDocument     *self,
                                             const char     *label);
/* The same by hand, for the core's own bulk work; plain
 * qw_document_begin() is for nesting inside a step (outermost, it makes a
 * step with a generic label). No face calls these (build-aux/check-layers). */
gboolean        qw_document_begin_step      (QwDocument     *self,
                                             const char     *label,
                                             GError        **error);
gboolean        qw_document_begin           (QwDocument     *self,
                                             GError        **error);
gboolean        qw_document_commit          (QwDocument     *self,
                                             GError        **error);
void            qw_document_rollback        (QwDocument     *self);

/* The topics of the "changed" signal: "events", "entries", "sections",
 * "games", "nominees", "meta", "region" (qw-step-table.c). */
const char * const *qw_document_topics      (void);

/* Changes another connection committed, announced here (qw-document.c). */
gboolean        qw_document_check_outside   (QwDocument     *self);

/* Who makes this connection's steps, kept in the document's history:
 * "window", "cli", "device:NAME"; NULL (the default): not kept. */
void            qw_document_set_step_origin (QwDocument     *self,
                                             const char     *origin);
const char     *qw_document_get_step_origin (QwDocument     *self);

/* Undo and redo (qw-history.h): the steps are kept from now on, as made
 * in the window unless another origin was set. */
void            qw_document_enable_history  (QwDocument     *self);
QwHistory      *qw_document_get_history     (QwDocument     *self);

/* Undo and redo as a user asks for them: the window's Ctrl+Z and its
 * toasts' buttons, qiwang-cli undo and redo. @step: the step the user
 * means, as qw_history_get_undo_step() (redo: _redo_step()) gave it when
 * the button was shown; when it is no longer the one to take back (another
 * step came after it, here or in another program), nothing is changed and
 * @error is QW_ERROR_STALE. 0: whichever is last now. @label: (out)
 * (optional): the label of the step moved. Conflicts as qw_history_undo(). */
gboolean        qw_document_undo            (QwDocument     *self,
                                             gint64          step,
                                             char          **label,
                                             GError        **error);
gboolean        qw_document_redo            (QwDocument     *self,
                                             gint64          step,
                                             char          **label,
                                             GError        **error);

G_END_DECLS
