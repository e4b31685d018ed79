/* qw-document-private.h: for the core modules that keep their tables in a
 * document (play, region). Nothing outside src/core/ includes this.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <sqlite3.h>

#include "qw-document.h"
#include "qw-history.h"

G_BEGIN_DECLS

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
void          _qw_document_set_error     (QwDocument   *self,
                                          GError      **error,
                                          const char   *what);
const char   *_qw_column_text            (sqlite3_stmt *stmt,
                                          int           column);
void          _qw_bind_text              (sqlite3_stmt *stmt,
                                          int           index,
                                          const char   *text);

int           _qw_document_get_depth     (QwDocument   *self);

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

/* The history's side of a step (qw-history.c), called by qw-document.c. */
QwHistory    *_qw_history_new            (QwDocument   *doc);
void          _qw_history_detach         (QwHistory    *self);
void          _qw_history_enable         (QwHistory    *self);
void          _qw_history_step_open      (QwHistory    *self,
                                          const char   *label);
void          _qw_history_step_name      (QwHistory    *self,
                                          const char   *label);
gboolean      _qw_history_step_finish    (QwHistory    *self,
                                          GError      **error);
void          _qw_history_step_commit    (QwHistory    *self);
void          _qw_history_step_abort     (QwHistory    *self);
gboolean      _qw_history_pause          (QwHistory    *self,
                                          gboolean      paused);

/* Resets a cached statement for its next use; finalizes any other. */
G_DEFINE_AUTOPTR_CLEANUP_FUNC (sqlite3_stmt, _qw_statement_release)

G_END_DECLS
