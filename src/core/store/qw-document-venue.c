/* qw-document-venue.c: the venue's devices, check-in and rounds, as stored
 *
 * See qw-document-venue.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-document"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "qw-document-private.h"
#include "qw-document-venue.h"
#include "qw-error.h"
#include "qw-step-table.h"

/* Roles */

static const char *const role_codes[] = { "arbiter", "checkin", "screen" };

const char *
qw_device_role_to_code (QwDeviceRole role)
{
  g_return_val_if_fail ((guint) role < G_N_ELEMENTS (role_codes), "screen");
  return role_codes[role];
}

gboolean
qw_device_role_from_code (const char   *code,
                          QwDeviceRole *out)
{
  for (guint i = 0; code != NULL && i < G_N_ELEMENTS (role_codes); i++)
    if (strcmp (code, role_codes[i]) == 0)
      {
        *out = (QwDeviceRole) i;
        return TRUE;
      }
  return FALSE;
}

/* Devices as values */

QwDevice *
qw_device_copy (const QwDevice *device)
{
  QwDevice *copy = g_new0 (QwDevice, 1);

  *copy = *device;
  copy->name = g_strdup (device->name);
  copy->groups = g_strdupv (device->groups);
  copy->created = g_strdup (device->created);
  copy->last_seen = g_strdup (device->last_seen);
  return copy;
}

void
qw_device_free (QwDevice *device)
{
  if (device == NULL)
    return;
  g_free (device->name);
  g_strfreev (device->groups);
  g_free (device->created);
  g_free (device->last_seen);
  g_free (device);
}

gboolean
qw_device_has_group (const QwDevice *device,
                     const char     *code)
{
  if (device->groups == NULL || device->groups[0] == NULL)
    return TRUE;
  return code != NULL && g_strv_contains ((const char * const *) device->groups, code);
}

gboolean
qw_device_has_board (const QwDevice *device,
                     int             board)
{
  if (device->board_from == 0 && device->board_to == 0)
    return TRUE;
  return board >= device->board_from && board <= device->board_to;
}

void
qw_device_log_line_free (QwDeviceLogLine *line)
{
  if (line == NULL)
    return;
  g_free (line->time);
  g_free (line->device);
  g_free (line->address);
  g_free (line->action);
  g_free (line->group);
  g_free (line->result);
  g_free (line->outcome);
  g_free (line);
}

void
qw_round_state_clear (QwRoundState *state)
{
  g_clear_pointer (&state->clock_start, g_free);
  g_clear_pointer (&state->clock_end, g_free);
  state->entry_closed = FALSE;
}

/* The venue's own writes: never a step; a transaction of their own when
 * none is open, announced with the topic "devices", and counted in
 * device_mark so that other programs tell them apart (qw-step-table.c). */

static gboolean
bookkeeping_begin (QwDocument  *doc,
                   gboolean    *opened,
                   GError     **error)
{
  *opened = doc->depth == 0;
  return !*opened || _qw_document_begin_unrecorded (doc, error);
}

static gboolean
bookkeeping_end (QwDocument  *doc,
                 gboolean     opened,
                 gboolean     ok,
                 GError     **error)
{
  if (ok)
    ok = _qw_document_exec (doc, "INSERT INTO device_mark (id, seq) VALUES (1, 1) "
                                 "ON CONFLICT (id) DO UPDATE SET seq = seq + 1", error);
  if (ok)
    _qw_document_note_tables (doc, QW_TABLE_DEVICE);
  if (!opened)
    return ok;
  if (!ok)
    {
      qw_document_rollback (doc);
      return FALSE;
    }
  return qw_document_commit (doc, error);
}

/* Reading devices */

#define DEVICE_COLUMNS \
  "d.id, d.name, d.role, d.groups, d.board_from, d.board_to, d.joined, d.revoked, d.created, d.last_seen, " \
  "(SELECT count(*) FROM device_log l WHERE l.device_id = d.id AND l.outcome = 'recorded') "

static QwDevice *
read_device (sqlite3_stmt *stmt)
{
  QwDevice *device = g_new0 (QwDevice, 1);
  const char *groups = _qw_column_text (stmt, 3);
  const char *seen = _qw_column_text (stmt, 9);

  device->id = sqlite3_column_int64 (stmt, 0);
  device->name = g_strdup (_qw_column_text (stmt, 1));
  if (!qw_device_role_from_code (_qw_column_text (stmt, 2), &device->role))
    device->role = QW_DEVICE_SCREEN;
  device->groups = *groups != '\0' ? g_strsplit (groups, " ", -1) : g_new0 (char *, 1);
  device->board_from = sqlite3_column_int (stmt, 4);
  device->board_to = sqlite3_column_int (stmt, 5);
  device->joined = sqlite3_column_int (stmt, 6) != 0;
  device->revoked = sqlite3_column_int (stmt, 7) != 0;
  device->created = g_strdup (_qw_column_text (stmt, 8));
  device->last_seen = *seen != '\0' ? g_strdup (seen) : NULL;
  device->entries = sqlite3_column_int (stmt, 10);
  return device;
}

static QwDevice *
one_device (QwDocument  *doc,
            const char  *sql,
            gint64       id,
            const char  *text,
            GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt = _qw_document_prepare (doc, sql, error);
  int rc;

  if (stmt == NULL)
    return NULL;
  if (text != NULL)
    _qw_bind_text (stmt, 1, text);
  else
    sqlite3_bind_int64 (stmt, 1, id);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    return read_device (stmt);
  if (rc == SQLITE_DONE)
    g_set_error (error, QW_ERROR, QW_ERROR_NOT_FOUND, _("No such device"));
  else
    _qw_document_set_error (doc, error, _("The devices could not be read"));
  return NULL;
}

GPtrArray *
qw_document_list_devices (QwDocument  *doc,
                          GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt = _qw_document_prepare (doc, "SELECT " DEVICE_COLUMNS "FROM device d ORDER BY d.id",
                                                       error);
  g_autoptr(GPtrArray) devices = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_device_free);
  int rc;

  if (stmt == NULL)
    return NULL;
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    g_ptr_array_add (devices, read_device (stmt));
  if (rc != SQLITE_DONE)
    {
      _qw_document_set_error (doc, error, _("The devices could not be read"));
      return NULL;
    }
  return g_steal_pointer (&devices);
}

QwDevice *
qw_document_get_device (QwDocument  *doc,
                        gint64       id,
                        GError     **error)
{
  return one_device (doc, "SELECT " DEVICE_COLUMNS "FROM device d WHERE d.id = ?", id, NULL, error);
}

QwDevice *
qw_document_find_device_by_token (QwDocument  *doc,
                                  const char  *token_hash,
                                  GError     **error)
{
  return one_device (doc, "SELECT " DEVICE_COLUMNS "FROM device d WHERE d.token_hash = ?", 0, token_hash, error);
}

QwDevice *
qw_document_find_session_device (QwDocument  *doc,
                                 const char  *session_hash,
                                 gint64       now,
                                 GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt = _qw_document_prepare (doc, "SELECT " DEVICE_COLUMNS "FROM device d "
                                                       "JOIN device_session s ON s.device_id = d.id "
                                                       "WHERE s.hash = ? AND s.expires > ? AND d.revoked = 0",
                                                       error);
  int rc;

  if (stmt == NULL)
    return NULL;
  _qw_bind_text (stmt, 1, session_hash);
  sqlite3_bind_int64 (stmt, 2, now);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    return read_device (stmt);
  if (rc == SQLITE_DONE)
    g_set_error (error, QW_ERROR, QW_ERROR_NOT_FOUND, _("No such session"));
  else
    _qw_document_set_error (doc, error, _("The devices could not be read"));
  return NULL;
}

/* Writing devices */

gint64
qw_document_add_device (QwDocument     *doc,
                        const QwDevice *device,
                        const char     *token_hash,
                        GError        **error)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;
  g_autofree char *groups = NULL;
  gboolean opened, ok;
  gint64 id = 0;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), 0);
  g_return_val_if_fail (device != NULL && token_hash != NULL, 0);

  if (!bookkeeping_begin (doc, &opened, error))
    return 0;
  groups = device->groups != NULL ? g_strjoinv (" ", device->groups) : g_strdup ("");
  stmt = _qw_document_prepare (doc, "INSERT INTO device (name, role, groups, board_from, board_to, token_hash) "
                                    "VALUES (?, ?, ?, ?, ?, ?)", error);
  ok = stmt != NULL;
  if (ok)
    {
      _qw_bind_text (stmt, 1, device->name);
      _qw_bind_text (stmt, 2, qw_device_role_to_code (device->role));
      _qw_bind_text (stmt, 3, groups);
      sqlite3_bind_int (stmt, 4, device->board_from);
      sqlite3_bind_int (stmt, 5, device->board_to);
      _qw_bind_text (stmt, 6, token_hash);
      ok = _qw_document_step_done (doc, stmt, error);
      id = sqlite3_last_insert_rowid (_qw_document_get_db (doc));
    }
  return bookkeeping_end (doc, opened, ok, error) ? id : 0;
}

static gboolean
run_with_id (QwDocument  *doc,
             const char  *sql,
             gint64       id,
             GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt = _qw_document_prepare (doc, sql, error);

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, id);
  return _qw_document_step_done (doc, stmt, error);
}

gboolean
qw_document_revoke_device (QwDocument  *doc,
                           gint64       id,
                           GError     **error)
{
  gboolean opened, ok;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);

  if (!bookkeeping_begin (doc, &opened, error))
    return FALSE;
  ok = run_with_id (doc, "UPDATE device SET revoked = 1 WHERE id = ?", id, error);
  if (ok && sqlite3_changes (_qw_document_get_db (doc)) == 0)
    {
      g_autofree char *text = g_strdup_printf ("%" G_GINT64_FORMAT, id);

      g_set_error (error, QW_ERROR, QW_ERROR_NOT_FOUND, _("There is no device %s"), text);
      ok = FALSE;
    }
  ok = ok && run_with_id (doc, "DELETE FROM device_session WHERE device_id = ?", id, error);
  return bookkeeping_end (doc, opened, ok, error);
}

gboolean
qw_document_join_device (QwDocument  *doc,
                         gint64       id,
                         const char  *session_hash,
                         gint64       expires,
                         GError     **error)
{
  g_autoptr(sqlite3_stmt) add = NULL;
  gboolean opened, ok;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);

  if (!bookkeeping_begin (doc, &opened, error))
    return FALSE;
  /* Read and marked in one transaction: two phones with one link, one
   * session. */
  ok = run_with_id (doc, "UPDATE device SET joined = 1 WHERE id = ? AND joined = 0 AND revoked = 0", id, error);
  if (ok && sqlite3_changes (_qw_document_get_db (doc)) == 0)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT, _("This join link was used already or revoked"));
      ok = FALSE;
    }
  if (ok)
    {
      add = _qw_document_prepare (doc, "INSERT INTO device_session (hash, device_id, expires) VALUES (?, ?, ?)",
                                  error);
      ok = add != NULL;
    }
  if (ok)
    {
      _qw_bind_text (add, 1, session_hash);
      sqlite3_bind_int64 (add, 2, id);
      sqlite3_bind_int64 (add, 3, expires);
      ok = _qw_document_step_done (doc, add, error);
    }
  /* Sessions long over go as a new one comes. */
  ok = ok && run_with_id (doc, "DELETE FROM device_session WHERE expires < ?", expires - 7 * 24 * 3600, error);
  return bookkeeping_end (doc, opened, ok, error);
}

gboolean
qw_document_touch_device (QwDocument  *doc,
                          gint64       id,
                          const char  *time,
                          int          min_seconds,
                          GError     **error)
{
  g_autoptr(sqlite3_stmt) look = _qw_document_prepare (doc, "SELECT 1 FROM device WHERE id = ?1 AND "
                                                       "(last_seen = '' OR unixepoch (?2) - unixepoch (last_seen) >= ?3)",
                                                       error);
  g_autoptr(sqlite3_stmt) set = NULL;
  gboolean opened, ok;

  if (look == NULL)
    return FALSE;
  sqlite3_bind_int64 (look, 1, id);
  _qw_bind_text (look, 2, time);
  sqlite3_bind_int (look, 3, min_seconds);
  if (sqlite3_step (look) != SQLITE_ROW)
    return TRUE;
  g_clear_pointer (&look, _qw_statement_release);
  if (!bookkeeping_begin (doc, &opened, error))
    return FALSE;
  set = _qw_document_prepare (doc, "UPDATE device SET last_seen = ? WHERE id = ?", error);
  ok = set != NULL;
  if (ok)
    {
      _qw_bind_text (set, 1, time);
      sqlite3_bind_int64 (set, 2, id);
      ok = _qw_document_step_done (doc, set, error);
    }
  return bookkeeping_end (doc, opened, ok, error);
}

/* The log */

gboolean
qw_document_add_device_log (QwDocument            *doc,
                            const QwDeviceLogLine *line,
                            GError               **error)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;
  gboolean opened, ok;

  if (!bookkeeping_begin (doc, &opened, error))
    return FALSE;
  stmt = _qw_document_prepare (doc, "INSERT INTO device_log (device_id, device, address, action, group_code, round, "
                                    "board, result, outcome) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", error);
  ok = stmt != NULL;
  if (ok)
    {
      sqlite3_bind_int64 (stmt, 1, line->device_id);
      _qw_bind_text (stmt, 2, line->device != NULL ? line->device : "");
      _qw_bind_text (stmt, 3, line->address != NULL ? line->address : "");
      _qw_bind_text (stmt, 4, line->action);
      _qw_bind_text (stmt, 5, line->group != NULL ? line->group : "");
      sqlite3_bind_int (stmt, 6, line->round);
      sqlite3_bind_int (stmt, 7, line->board);
      _qw_bind_text (stmt, 8, line->result != NULL ? line->result : "");
      _qw_bind_text (stmt, 9, line->outcome != NULL ? line->outcome : "");
      ok = _qw_document_step_done (doc, stmt, error);
    }
  return bookkeeping_end (doc, opened, ok, error);
}

GPtrArray *
qw_document_list_device_log (QwDocument  *doc,
                             GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt = _qw_document_prepare (doc, "SELECT id, time, device_id, device, address, action, "
                                                       "group_code, round, board, result, outcome FROM device_log "
                                                       "ORDER BY id", error);
  g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_device_log_line_free);
  int rc;

  if (stmt == NULL)
    return NULL;
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      QwDeviceLogLine *line = g_new0 (QwDeviceLogLine, 1);

      line->id = sqlite3_column_int64 (stmt, 0);
      line->time = g_strdup (_qw_column_text (stmt, 1));
      line->device_id = sqlite3_column_int64 (stmt, 2);
      line->device = g_strdup (_qw_column_text (stmt, 3));
      line->address = g_strdup (_qw_column_text (stmt, 4));
      line->action = g_strdup (_qw_column_text (stmt, 5));
      line->group = g_strdup (_qw_column_text (stmt, 6));
      line->round = sqlite3_column_int (stmt, 7);
      line->board = sqlite3_column_int (stmt, 8);
      line->result = g_strdup (_qw_column_text (stmt, 9));
      line->outcome = g_strdup (_qw_column_text (stmt, 10));
      g_ptr_array_add (lines, line);
    }
  if (rc != SQLITE_DONE)
    {
      _qw_document_set_error (doc, error, _("The devices' log could not be read"));
      return NULL;
    }
  return g_steal_pointer (&lines);
}

/* Check-in */

gboolean
qw_document_set_present (QwDocument  *doc,
                         gint64       entry_id,
                         gboolean     present,
                         const char  *origin,
                         GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;
  gboolean opened, ok;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);

  if (!_qw_document_write_begin (doc, &opened, error))
    return FALSE;
  stmt = _qw_document_prepare (doc, present ? "INSERT INTO checkin (entry_id, origin) VALUES (?, ?) "
                                              "ON CONFLICT (entry_id) DO NOTHING"
                                            : "DELETE FROM checkin WHERE entry_id = ?", error);
  ok = stmt != NULL;
  if (ok)
    {
      sqlite3_bind_int64 (stmt, 1, entry_id);
      if (present)
        _qw_bind_text (stmt, 2, origin != NULL ? origin : "");
      ok = _qw_document_step_done (doc, stmt, error);
    }
  return _qw_document_write_end (doc, opened, ok, error);
}

GHashTable *
qw_document_list_present (QwDocument  *doc,
                          GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt = _qw_document_prepare (doc, "SELECT entry_id FROM checkin", error);
  g_autoptr(GHashTable) present = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  int rc;

  if (stmt == NULL)
    return NULL;
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      gint64 *id = g_new (gint64, 1);

      *id = sqlite3_column_int64 (stmt, 0);
      g_hash_table_add (present, id);
    }
  if (rc != SQLITE_DONE)
    {
      _qw_document_set_error (doc, error, _("The check-in could not be read"));
      return NULL;
    }
  return g_steal_pointer (&present);
}

/* Rounds */

gboolean
qw_document_get_round_state (QwDocument    *doc,
                             gint64         section_id,
                             int            round,
                             QwRoundState  *state,
                             GError       **error)
{
  g_autoptr(sqlite3_stmt) stmt = _qw_document_prepare (doc, "SELECT entry_closed, clock_start, clock_end "
                                                       "FROM round_state WHERE section_id = ? AND round = ?", error);
  int rc;

  memset (state, 0, sizeof *state);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, section_id);
  sqlite3_bind_int (stmt, 2, round);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    {
      const char *start = _qw_column_text (stmt, 1), *end = _qw_column_text (stmt, 2);

      state->entry_closed = sqlite3_column_int (stmt, 0) != 0;
      state->clock_start = *start != '\0' ? g_strdup (start) : NULL;
      state->clock_end = *end != '\0' ? g_strdup (end) : NULL;
      return TRUE;
    }
  if (rc == SQLITE_DONE)
    return TRUE;
  _qw_document_set_error (doc, error, _("The round could not be read"));
  return FALSE;
}

gboolean
qw_document_set_round_state (QwDocument         *doc,
                             gint64              section_id,
                             int                 round,
                             const QwRoundState *state,
                             GError            **error)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;
  gboolean opened, ok;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);

  if (!_qw_document_write_begin (doc, &opened, error))
    return FALSE;
  stmt = _qw_document_prepare (doc, "INSERT INTO round_state (section_id, round, entry_closed, clock_start, clock_end) "
                                    "VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT (section_id, round) DO UPDATE SET "
                                    "entry_closed = ?3, clock_start = ?4, clock_end = ?5", error);
  ok = stmt != NULL;
  if (ok)
    {
      sqlite3_bind_int64 (stmt, 1, section_id);
      sqlite3_bind_int (stmt, 2, round);
      sqlite3_bind_int (stmt, 3, state->entry_closed ? 1 : 0);
      _qw_bind_text (stmt, 4, state->clock_start != NULL ? state->clock_start : "");
      _qw_bind_text (stmt, 5, state->clock_end != NULL ? state->clock_end : "");
      ok = _qw_document_step_done (doc, stmt, error);
    }
  return _qw_document_write_end (doc, opened, ok, error);
}

/* Who entered a result */

GHashTable *
qw_document_list_entered_by (QwDocument  *doc,
                             gint64       section_id,
                             GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt = _qw_document_prepare (doc, "SELECT o.game_id, o.entered_by FROM game_origin o "
                                                       "JOIN game g ON g.id = o.game_id WHERE g.section_id = ?",
                                                       error);
  g_autoptr(GHashTable) by = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  int rc;

  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, section_id);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      gint64 *id = g_new (gint64, 1);

      *id = sqlite3_column_int64 (stmt, 0);
      g_hash_table_insert (by, id, g_strdup (_qw_column_text (stmt, 1)));
    }
  if (rc != SQLITE_DONE)
    {
      _qw_document_set_error (doc, error, _("The games could not be read"));
      return NULL;
    }
  return g_steal_pointer (&by);
}
