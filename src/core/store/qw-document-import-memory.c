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
qw_imported_field_free (QwImportedField *field)
{
  if (field == NULL)
    return;
  g_free (field->field);
  g_free (field->imported);
  g_free (field);
}

static QwImportedField *
field_from_row (sqlite3_stmt *stmt,
                int           first)
{
  QwImportedField *f = g_new0 (QwImportedField, 1);

  f->field = g_strdup (_qw_column_text (stmt, first));
  f->imported = g_strdup (_qw_column_text (stmt, first + 1));
  f->corrected = sqlite3_column_int (stmt, first + 2) != 0;
  return f;
}

static GPtrArray *
fields_new (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify) qw_imported_field_free);
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

  stmt = _qw_document_prepare (doc, "SELECT m.entry_id, m.field, m.imported, m.corrected FROM entry_import m "
                                    "JOIN entry e ON e.id = m.entry_id WHERE e.event_id = ? "
                                    "ORDER BY m.entry_id, m.field", error);
  if (stmt == NULL)
    return NULL;
  table = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, (GDestroyNotify) g_ptr_array_unref);
  sqlite3_bind_int64 (stmt, 1, event_id);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      gint64 id = sqlite3_column_int64 (stmt, 0);
      GPtrArray *fields = g_hash_table_lookup (table, &id);

      if (fields == NULL)
        {
          fields = fields_new ();
          g_hash_table_insert (table, g_memdup2 (&id, sizeof id), fields);
        }
      g_ptr_array_add (fields, field_from_row (stmt, 1));
    }
  if (rc != SQLITE_DONE)
    {
      _qw_document_set_error (doc, error, _("The document could not be read"));
      return NULL;
    }
  return g_steal_pointer (&table);
}

GPtrArray *
qw_document_get_import_memory (QwDocument  *doc,
                               gint64       entry_id,
                               GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;
  g_autoptr(GPtrArray) fields = fields_new ();
  int rc;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), NULL);

  stmt = _qw_document_prepare (doc, "SELECT field, imported, corrected FROM entry_import WHERE entry_id = ? "
                                    "ORDER BY field", error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, entry_id);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    g_ptr_array_add (fields, field_from_row (stmt, 0));
  if (rc != SQLITE_DONE)
    {
      _qw_document_set_error (doc, error, _("The document could not be read"));
      return NULL;
    }
  return g_steal_pointer (&fields);
}

static gboolean
write_fields (QwDocument  *doc,
              gint64       entry_id,
              GPtrArray   *fields,
              GError     **error)
{
  g_autoptr(sqlite3_stmt) clear = _qw_document_prepare (doc, "DELETE FROM entry_import WHERE entry_id = ?", error);

  if (clear == NULL)
    return FALSE;
  sqlite3_bind_int64 (clear, 1, entry_id);
  if (!_qw_document_step_done (doc, clear, error))
    return FALSE;
  for (guint i = 0; i < fields->len; i++)
    {
      const QwImportedField *f = g_ptr_array_index (fields, i);
      g_autoptr(sqlite3_stmt) insert =
        _qw_document_prepare (doc, "INSERT INTO entry_import (entry_id, field, imported, corrected) "
                                   "VALUES (?, ?, ?, ?)", error);

      if (insert == NULL)
        return FALSE;
      sqlite3_bind_int64 (insert, 1, entry_id);
      _qw_bind_text (insert, 2, f->field);
      _qw_bind_text (insert, 3, f->imported != NULL ? f->imported : "");
      sqlite3_bind_int (insert, 4, f->corrected ? 1 : 0);
      if (!_qw_document_step_done (doc, insert, error))
        return FALSE;
    }
  return TRUE;
}

gboolean
qw_document_set_import_memory (QwDocument  *doc,
                               gint64       entry_id,
                               GPtrArray   *fields,
                               GError     **error)
{
  gboolean opened;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);

  if (!_qw_document_write_begin (doc, &opened, error))
    return FALSE;
  return _qw_document_write_end (doc, opened, write_fields (doc, entry_id, fields, error), error);
}
