/* qw-document-private.h: for the core modules that keep their tables in a
 * document (play, region). Nothing outside src/core/ includes this.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <sqlite3.h>

#include "qw-document.h"

G_BEGIN_DECLS

sqlite3      *_qw_document_get_db        (QwDocument   *self);
sqlite3_stmt *_qw_document_prepare       (QwDocument   *self,
                                          const char   *sql,
                                          GError      **error);
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

G_DEFINE_AUTOPTR_CLEANUP_FUNC (sqlite3_stmt, sqlite3_finalize)

G_END_DECLS
