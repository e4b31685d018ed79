/* qw-document-schema.h: the schema Qiwang writes, version by version, and
 * the check that a file holds that and nothing else
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <sqlite3.h>

G_BEGIN_DECLS

/* The number of schema versions (the current one). */
int           _qw_schema_n_versions   (void);
/* The SQL that brings a document from @version to @version + 1. */
const char   *_qw_schema_step         (int           version);
/* FALSE with a QW_ERROR_CORRUPT (not a Qiwang document) when the schema
 * differs; FALSE with *sqlite_rc (optional) set and no error when SQLite
 * could not read it. */
gboolean      _qw_schema_check        (sqlite3      *db,
                                       int           version,
                                       const char   *display,
                                       int          *sqlite_rc,
                                       GError      **error);
/* For the tests: SQL text as the check compares it. */
char         *_qw_schema_normalize    (const char   *sql);

G_END_DECLS
