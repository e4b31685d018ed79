/* qw-document-region.c: the tables of region and national documents
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-document"

#include "config.h"


#include "qw-document-private.h"
#include "qw-document-region.h"

/* Sections as received */

gboolean
qw_document_add_section_record (QwDocument    *doc,
                             QwSectionRecord  *row,
                             GError       **error)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;
  gboolean opened, ok;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);

  if (!_qw_document_write_begin (doc, &opened, error))
    return FALSE;
  stmt = _qw_document_prepare (doc, "INSERT INTO section (event_id, code, name, system, rounds, settings) "
                                    "VALUES (?,?,?,?,?,?)", error);
  if (stmt != NULL)
    {
      sqlite3_bind_int64 (stmt, 1, row->event_id);
      _qw_bind_text (stmt, 2, row->code);
      _qw_bind_text (stmt, 3, row->name);
      _qw_bind_text (stmt, 4, row->system);
      sqlite3_bind_int (stmt, 5, row->rounds);
      _qw_bind_text (stmt, 6, row->settings);
    }
  ok = stmt != NULL && _qw_document_step_done (doc, stmt, error);
  if (ok)
    row->id = sqlite3_last_insert_rowid (_qw_document_get_db (doc));
  if (!_qw_document_write_end (doc, opened, ok, error))
    {
      row->id = 0;
      return FALSE;
    }
  return TRUE;
}

GPtrArray *
qw_document_list_section_records (QwDocument  *doc,
                               gint64       event_id,
                               GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt =
    _qw_document_prepare (doc, "SELECT id, event_id, code, name, system, rounds, settings FROM section "
                               "WHERE event_id = ? ORDER BY id", error);
  GPtrArray *rows;

  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, event_id);
  rows = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_section_record_free);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    {
      QwSectionRecord *row = qw_section_record_new ();

      row->id = sqlite3_column_int64 (stmt, 0);
      row->event_id = sqlite3_column_int64 (stmt, 1);
      row->code = g_strdup (_qw_column_text (stmt, 2));
      row->name = g_strdup (_qw_column_text (stmt, 3));
      row->system = g_strdup (_qw_column_text (stmt, 4));
      row->rounds = sqlite3_column_int (stmt, 5);
      row->settings = g_strdup (_qw_column_text (stmt, 6));
      g_ptr_array_add (rows, row);
    }
  return rows;
}

/* Standings as received */

/* Rows of one multi-row INSERT (64 × 5 parameters). */
#define STANDING_INSERT_BLOCK 64

static const char *
standing_block_sql (void)
{
  static char *sql;
  static gsize ready;

  if (g_once_init_enter (&ready))
    {
      GString *out = g_string_new ("INSERT INTO standing (section_id, rank, entry_id, points, tiebreaks) VALUES ");

      for (guint k = 0; k < STANDING_INSERT_BLOCK; k++)
        g_string_append (out, k == 0 ? "(?,?,?,?,?)" : ",(?,?,?,?,?)");
      sql = g_string_free (out, FALSE);
      g_once_init_leave (&ready, 1);
    }
  return sql;
}

/* Binds one row's five columns from parameter @first on. */
static void
bind_standing (sqlite3_stmt           *stmt,
               int                     first,
               gint64                  section_id,
               const QwStandingRecord *row)
{
  sqlite3_bind_int64 (stmt, first, section_id);
  sqlite3_bind_int (stmt, first + 1, row->rank);
  sqlite3_bind_int64 (stmt, first + 2, row->entry_id);
  sqlite3_bind_double (stmt, first + 3, row->points);
  _qw_bind_text (stmt, first + 4, row->values);
}

gboolean
qw_document_add_standing_records (QwDocument  *doc,
                               gint64       section_id,
                               GPtrArray   *rows,
                               GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;
  gboolean opened, ok = TRUE;
  guint i = 0;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);

  if (!_qw_document_write_begin (doc, &opened, error))
    return FALSE;
  /* Whole blocks of rows a statement (a results file brings tens of
   * thousands), then the rest one by one. */
  if (rows->len >= STANDING_INSERT_BLOCK)
    {
      g_autoptr(sqlite3_stmt) block = _qw_document_prepare (doc, standing_block_sql (), error);

      ok = block != NULL;
      for (; ok && rows->len - i >= STANDING_INSERT_BLOCK; i += STANDING_INSERT_BLOCK)
        {
          sqlite3_reset (block);
          for (guint k = 0; k < STANDING_INSERT_BLOCK; k++)
            bind_standing (block, (int) k * 5 + 1, section_id, g_ptr_array_index (rows, i + k));
          ok = _qw_document_step_done (doc, block, error);
        }
    }
  stmt = ok ? _qw_document_prepare (doc, "INSERT INTO standing (section_id, rank, entry_id, points, tiebreaks) "
                                         "VALUES (?,?,?,?,?)", error) : NULL;
  ok = stmt != NULL;
  for (; ok && i < rows->len; i++)
    {
      sqlite3_reset (stmt);
      bind_standing (stmt, 1, section_id, g_ptr_array_index (rows, i));
      ok = _qw_document_step_done (doc, stmt, error);
    }
  return _qw_document_write_end (doc, opened, ok, error);
}

GPtrArray *
qw_document_list_standing_records (QwDocument  *doc,
                                gint64       section_id,
                                GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt =
    _qw_document_prepare (doc, "SELECT s.rank, s.entry_id, e.no, p.name, p.unit, s.points, s.tiebreaks "
                               "FROM standing s JOIN entry e ON e.id = s.entry_id "
                               "JOIN player p ON p.id = e.player_id "
                               "WHERE s.section_id = ? ORDER BY s.rank", error);
  GPtrArray *rows;

  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, section_id);
  rows = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_standing_record_free);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    {
      QwStandingRecord *row = qw_standing_record_new ();

      row->rank = sqlite3_column_int (stmt, 0);
      row->entry_id = sqlite3_column_int64 (stmt, 1);
      row->no = sqlite3_column_int (stmt, 2);
      row->name = g_strdup (_qw_column_text (stmt, 3));
      row->unit = g_strdup (_qw_column_text (stmt, 4));
      row->points = sqlite3_column_double (stmt, 5);
      row->values = g_strdup (_qw_column_text (stmt, 6));
      g_ptr_array_add (rows, row);
    }
  return rows;
}

/* Meta keys by prefix */

char *
qw_document_find_meta_key (QwDocument *doc,
                           const char *prefix,
                           const char *value)
{
  g_autoptr(sqlite3_stmt) stmt =
    _qw_document_prepare (doc, "SELECT key FROM meta WHERE substr (key, 1, length (?1)) = ?1 AND value = ?2 "
                               "ORDER BY key LIMIT 1", NULL);

  if (stmt == NULL)
    return NULL;
  _qw_bind_text (stmt, 1, prefix);
  _qw_bind_text (stmt, 2, value);
  if (sqlite3_step (stmt) != SQLITE_ROW)
    return NULL;
  return g_strdup (_qw_column_text (stmt, 0));
}

gboolean
qw_document_delete_meta_keys (QwDocument  *doc,
                              const char  *prefix,
                              const char  *value,
                              GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;
  gboolean opened;

  if (!_qw_document_write_begin (doc, &opened, error))
    return FALSE;
  stmt = _qw_document_prepare (doc, "DELETE FROM meta WHERE substr (key, 1, length (?1)) = ?1 AND value = ?2",
                               error);
  if (stmt != NULL)
    {
      _qw_bind_text (stmt, 1, prefix);
      _qw_bind_text (stmt, 2, value);
    }
  return _qw_document_write_end (doc, opened, stmt != NULL && _qw_document_step_done (doc, stmt, error), error);
}

/* Nominees */

static gboolean
insert_nominees (QwDocument  *doc,
                 const char  *region,
                 GPtrArray   *nominees,
                 const char  *source,
                 GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt =
    _qw_document_prepare (doc, "INSERT INTO nominee (region, group_code, name, sex, birth, id_number, "
                               "unit, rank, reason, source, line, line_label, group_name) "
                               "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)", error);

  if (stmt == NULL)
    return FALSE;
  for (guint i = 0; i < nominees->len; i++)
    {
      const QwNominee *n = g_ptr_array_index (nominees, i);
      const char *sex = qw_sex_to_code (n->sex);

      sqlite3_reset (stmt);
      _qw_bind_text (stmt, 1, region);
      _qw_bind_text (stmt, 2, n->group_code);
      _qw_bind_text (stmt, 3, n->name);
      _qw_bind_text (stmt, 4, sex != NULL ? sex : "");
      _qw_bind_text (stmt, 5, n->birth);
      _qw_bind_text (stmt, 6, n->id_number);
      _qw_bind_text (stmt, 7, n->unit);
      sqlite3_bind_int (stmt, 8, n->rank);
      _qw_bind_text (stmt, 9, n->reason);
      _qw_bind_text (stmt, 10, source);
      _qw_bind_text (stmt, 11, n->line != NULL ? n->line : "");
      _qw_bind_text (stmt, 12, n->line_label != NULL ? n->line_label : "");
      _qw_bind_text (stmt, 13, n->group_name != NULL ? n->group_name : "");
      if (!_qw_document_step_done (doc, stmt, error))
        return FALSE;
    }
  return TRUE;
}

gboolean
qw_document_replace_nominees (QwDocument  *doc,
                              const char  *region,
                              GPtrArray   *nominees,
                              const char  *source,
                              int         *replaced,
                              GError     **error)
{
  g_autoptr(sqlite3_stmt) delete = NULL;
  gboolean opened, ok;
  int n_replaced = 0;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);

  if (!_qw_document_write_begin (doc, &opened, error))
    return FALSE;
  delete = _qw_document_prepare (doc, "DELETE FROM nominee WHERE region = ?", error);
  if (delete != NULL)
    _qw_bind_text (delete, 1, region);
  ok = delete != NULL && _qw_document_step_done (doc, delete, error);
  if (ok)
    {
      n_replaced = sqlite3_changes (_qw_document_get_db (doc));
      ok = insert_nominees (doc, region, nominees, source, error);
    }
  if (!_qw_document_write_end (doc, opened, ok, error))
    return FALSE;
  if (replaced != NULL)
    *replaced = n_replaced;
  return TRUE;
}

GPtrArray *
qw_document_list_nominees (QwDocument  *doc,
                           GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt =
    _qw_document_prepare (doc, "SELECT region, group_code, name, sex, birth, id_number, unit, rank, "
                               "reason, line, line_label, group_name FROM nominee ORDER BY region, id", error);
  GPtrArray *nominees;

  if (stmt == NULL)
    return NULL;
  nominees = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_nominee_free);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    {
      QwNominee *n = qw_nominee_new ();

      n->region = g_strdup (_qw_column_text (stmt, 0));
      n->line = g_strdup (_qw_column_text (stmt, 9));
      n->line_label = g_strdup (_qw_column_text (stmt, 10));
      n->group_code = g_strdup (_qw_column_text (stmt, 1));
      n->group_name = g_strdup (_qw_column_text (stmt, 11));
      n->name = g_strdup (_qw_column_text (stmt, 2));
      n->sex = qw_sex_parse (_qw_column_text (stmt, 3));
      n->birth = g_strdup (_qw_column_text (stmt, 4));
      n->id_number = g_strdup (_qw_column_text (stmt, 5));
      n->unit = g_strdup (_qw_column_text (stmt, 6));
      n->rank = sqlite3_column_int (stmt, 7);
      n->reason = g_strdup (_qw_column_text (stmt, 8));
      g_ptr_array_add (nominees, n);
    }
  return nominees;
}
