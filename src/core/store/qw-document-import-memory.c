/* qw-document-import-memory.c: what the last registration list brought for each field
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-document"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "qw-document-import-memory.h"
#include "qw-document-private.h"

void
qw_imported_entry_free (QwImportedEntry *entry)
{
  if (entry == NULL)
    return;
  g_free (entry->imported);
  g_free (entry);
}

static QwImportedEntry *
entry_from_row (sqlite3_stmt *stmt)
{
  QwImportedEntry *e = g_new0 (QwImportedEntry, 1);

  e->entry_id = sqlite3_column_int64 (stmt, 0);
  e->imported = g_strdup (_qw_column_text (stmt, 1));
  e->present = (guint) sqlite3_column_int64 (stmt, 2);
  e->corrected = (guint) sqlite3_column_int64 (stmt, 3);
  return e;
}

GHashTable *
qw_document_list_import_memory (QwDocument  *doc,
                                gint64       event_id,
                                GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;
  g_autoptr(GHashTable) table = NULL;
  int rc;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), NULL);

  stmt = _qw_document_prepare (doc, "SELECT m.entry_id, m.imported, m.present, m.corrected FROM entry_import m "
                                    "JOIN entry e ON e.id = m.entry_id WHERE e.event_id = ?", error);
  if (stmt == NULL)
    return NULL;
  table = g_hash_table_new_full (g_int64_hash, g_int64_equal, NULL, (GDestroyNotify) qw_imported_entry_free);
  sqlite3_bind_int64 (stmt, 1, event_id);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      QwImportedEntry *e = entry_from_row (stmt);

      g_hash_table_insert (table, &e->entry_id, e);
    }
  if (rc != SQLITE_DONE)
    {
      _qw_document_set_error (doc, error, _("The document could not be read"));
      return NULL;
    }
  return g_steal_pointer (&table);
}

QwImportedEntry *
qw_document_get_import_memory (QwDocument  *doc,
                               gint64       entry_id,
                               GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;
  int rc;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), NULL);

  stmt = _qw_document_prepare (doc, "SELECT entry_id, imported, present, corrected FROM entry_import "
                                    "WHERE entry_id = ?", error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, entry_id);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    return entry_from_row (stmt);
  if (rc != SQLITE_DONE)
    _qw_document_set_error (doc, error, _("The document could not be read"));
  return NULL;
}

gboolean
qw_document_set_import_memory (QwDocument             *doc,
                               const QwImportedEntry  *entry,
                               GError                **error)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;
  gboolean opened;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);

  if (!_qw_document_write_begin (doc, &opened, error))
    return FALSE;
  stmt = _qw_document_prepare (doc, "INSERT OR REPLACE INTO entry_import (entry_id, imported, present, corrected) "
                                    "VALUES (?, ?, ?, ?)", error);
  if (stmt != NULL)
    {
      sqlite3_bind_int64 (stmt, 1, entry->entry_id);
      _qw_bind_text (stmt, 2, entry->imported);
      sqlite3_bind_int64 (stmt, 3, entry->present);
      sqlite3_bind_int64 (stmt, 4, entry->corrected);
    }
  return _qw_document_write_end (doc, opened, stmt != NULL && _qw_document_step_done (doc, stmt, error), error);
}
