/* qw-document-play.c: sections, games and the round log in a document
 *
 * The SQL side of playing a stop. The rules (what may be paired, recorded or
 * changed) live in qw-tournament.c, which wraps each user action in one
 * transaction around the calls here.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-document"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "qw-message.h"
#include "qw-document-private.h"
#include "qw-error.h"
#include "qw-document-entries.h"
#include "qw-document-play.h"
#include "qw-entry.h"
#include "qw-game.h"

/* Sections */

#define SECTION_SELECT \
  "SELECT s.id, s.event_id, s.code, s.name, s.system, s.rounds, s.settings, e.ruleset " \
  "FROM section s JOIN event e ON e.id = s.event_id "

static QwSection *
read_section (sqlite3_stmt *stmt)
{
  QwSection *section = g_new0 (QwSection, 1);

  section->id = sqlite3_column_int64 (stmt, 0);
  section->event_id = sqlite3_column_int64 (stmt, 1);
  section->code = g_strdup (_qw_column_text (stmt, 2));
  section->name = g_strdup (_qw_column_text (stmt, 3));
  if (!qw_system_from_code (_qw_column_text (stmt, 4), &section->system))
    section->system = QW_SYSTEM_SWISS;
  section->rounds = sqlite3_column_int (stmt, 5);
  /* Stored settings carry every key since the first version; an empty
   * tie-break chain stands for the system's preset. */
  qw_section_settings_init_stored (&section->settings);
  qw_section_settings_parse (&section->settings, _qw_column_text (stmt, 6));
  return section;
}

GPtrArray *
qw_document_list_sections (QwDocument  *doc,
                           gint64       event_id,
                           GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;
  GPtrArray *sections;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), NULL);

  stmt = _qw_document_prepare (doc, SECTION_SELECT "WHERE s.event_id = ? ORDER BY s.id", error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, event_id);
  sections = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_section_free);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    g_ptr_array_add (sections, read_section (stmt));
  return sections;
}

QwSection *
qw_document_get_section (QwDocument  *doc,
                         gint64       event_id,
                         const char  *code,
                         GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), NULL);

  stmt = _qw_document_prepare (doc, SECTION_SELECT "WHERE s.event_id = ? AND s.code = ?", error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, event_id);
  _qw_bind_text (stmt, 2, code);
  if (sqlite3_step (stmt) != SQLITE_ROW)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_NOT_FOUND, _("There is no group “%s” in this document"), code);
      return NULL;
    }
  return read_section (stmt);
}

gboolean
qw_document_group_has_entries (QwDocument *doc,
                   gint64      event_id,
                   const char *code)
{
  g_autoptr(sqlite3_stmt) stmt =
    _qw_document_prepare (doc, "SELECT 1 FROM entry WHERE event_id = ? AND group_code = ? LIMIT 1", NULL);

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, event_id);
  _qw_bind_text (stmt, 2, code);
  return sqlite3_step (stmt) == SQLITE_ROW;
}

static gboolean
insert_section (QwDocument       *doc,
                const QwSection  *section,
                GError          **error)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;
  g_autofree char *settings = qw_section_settings_to_text (&section->settings);

  stmt = _qw_document_prepare (doc, "INSERT INTO section (event_id, code, name, system, rounds, settings) "
                                    "VALUES (?,?,?,?,?,?)", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, section->event_id);
  _qw_bind_text (stmt, 2, section->code);
  _qw_bind_text (stmt, 3, section->name);
  _qw_bind_text (stmt, 4, qw_system_to_code (section->system));
  sqlite3_bind_int (stmt, 5, section->rounds);
  _qw_bind_text (stmt, 6, settings);
  return _qw_document_step_done (doc, stmt, error);
}

/**
 * qw_document_add_section:
 *
 * Stores a new section (its id is set on success). The section for a group
 * is made with its defaults by play/qw-tournament.c.
 */
gboolean
qw_document_add_section (QwDocument  *doc,
                         QwSection   *section,
                         GError     **error)
{
  gboolean opened, ok;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);
  g_return_val_if_fail (section != NULL && section->code != NULL, FALSE);

  if (!_qw_document_write_begin (doc, &opened, error))
    return FALSE;
  ok = insert_section (doc, section, error);
  if (ok)
    section->id = sqlite3_last_insert_rowid (_qw_document_get_db (doc));
  if (!_qw_document_write_end (doc, opened, ok, error))
    {
      section->id = 0;
      return FALSE;
    }
  return TRUE;
}

/**
 * qw_document_update_section:
 *
 * Stores a section's name, system, rounds and settings. The system cannot
 * change once round 1 has been paired.
 */
gboolean
qw_document_update_section (QwDocument       *doc,
                            const QwSection  *section,
                            GError          **error)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;
  g_autoptr(QwSection) stored = NULL;
  g_autofree char *settings = NULL;
  gboolean opened;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);

  if (section->rounds < 0 || section->rounds > 99)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("A group plays from 0 to 99 rounds, not %d"),
                   section->rounds);
      return FALSE;
    }
  stored = qw_document_get_section (doc, section->event_id, section->code, error);
  if (stored == NULL)
    return FALSE;
  if (stored->system != section->system && qw_document_last_round (doc, section->id) > 0)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT,
                   _("The system of group %s cannot change after round 1 has been paired; unpair every "
                     "round first"), section->code);
      return FALSE;
    }
  settings = qw_section_settings_to_text (&section->settings);
  if (!_qw_document_write_begin (doc, &opened, error))
    return FALSE;
  stmt = _qw_document_prepare (doc, "UPDATE section SET name = ?, system = ?, rounds = ?, settings = ? "
                                    "WHERE id = ?", error);
  if (stmt != NULL)
    {
      _qw_bind_text (stmt, 1, section->name);
      _qw_bind_text (stmt, 2, qw_system_to_code (section->system));
      sqlite3_bind_int (stmt, 3, section->rounds);
      _qw_bind_text (stmt, 4, settings);
      sqlite3_bind_int64 (stmt, 5, section->id);
    }
  if (!_qw_document_write_end (doc, opened, stmt != NULL && _qw_document_step_done (doc, stmt, error), error))
    return FALSE;
  return TRUE;
}

GPtrArray *
qw_document_list_section_entries (QwDocument       *doc,
                                  const QwSection  *section,
                                  GError          **error)
{
  g_autoptr(GPtrArray) all = qw_document_list_entries (doc, section->event_id, error);
  GPtrArray *entries;

  if (all == NULL)
    return NULL;
  entries = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_entry_free);
  for (guint i = 0; i < all->len; i++)
    {
      QwEntry *e = g_ptr_array_index (all, i);

      if (g_strcmp0 (e->group_code, section->code) == 0)
        g_ptr_array_add (entries, g_steal_pointer (&all->pdata[i]));
    }
  return entries;
}

/* Games */

#define GAME_COLUMNS \
  "section_id, round, board, red, black, result, red_fouls, black_fouls, playoff, armageddon, " \
  "manual, explain"

static const char *
playoff_to_code (QwPlayoff playoff)
{
  return qw_playoff_to_code (playoff);
}

static QwPlayoff
playoff_from_code (const char *code)
{
  QwPlayoff playoff;

  return qw_playoff_from_code (code, &playoff) ? playoff : QW_PLAYOFF_NONE;
}

#define GAME_N_COLUMNS 12

/* Binds @g's GAME_COLUMNS from parameter @first on. */
static void
bind_game_at (sqlite3_stmt *stmt,
              int           first,
              const QwGame *g)
{
  int i = first;

  sqlite3_bind_int64 (stmt, i++, g->section_id);
  sqlite3_bind_int (stmt, i++, g->round);
  sqlite3_bind_int (stmt, i++, g->board);
  sqlite3_bind_int64 (stmt, i++, g->red);
  if (g->black > 0)
    sqlite3_bind_int64 (stmt, i++, g->black);
  else
    sqlite3_bind_null (stmt, i++);
  _qw_bind_text (stmt, i++, qw_result_to_code (g->result));
  sqlite3_bind_int (stmt, i++, g->red_fouls);
  sqlite3_bind_int (stmt, i++, g->black_fouls);
  _qw_bind_text (stmt, i++, playoff_to_code (g->playoff));
  sqlite3_bind_int (stmt, i++, g->armageddon ? 1 : 0);
  sqlite3_bind_int (stmt, i++, g->manual ? 1 : 0);
  /* A game read from the document keeps its explanation as stored, not as
   * this reader's language renders it (issue 19 point 22). */
  _qw_bind_text (stmt, i++, g->explain_stored != NULL ? g->explain_stored : g->explain);
  g_assert (i == first + GAME_N_COLUMNS);
}

static void
bind_game (sqlite3_stmt *stmt,
           const QwGame *g)
{
  bind_game_at (stmt, 1, g);
}

static QwGame *
read_game (sqlite3_stmt *stmt)
{
  QwGame *g = qw_game_new ();

  g->id = sqlite3_column_int64 (stmt, 0);
  g->section_id = sqlite3_column_int64 (stmt, 1);
  g->round = sqlite3_column_int (stmt, 2);
  g->board = sqlite3_column_int (stmt, 3);
  g->red = sqlite3_column_int64 (stmt, 4);
  g->black = sqlite3_column_type (stmt, 5) == SQLITE_NULL ? 0 : sqlite3_column_int64 (stmt, 5);
  if (!qw_result_from_code (_qw_column_text (stmt, 6), &g->result))
    g->result = QW_RESULT_NONE;
  g->red_fouls = sqlite3_column_int (stmt, 7);
  g->black_fouls = sqlite3_column_int (stmt, 8);
  g->playoff = playoff_from_code (_qw_column_text (stmt, 9));
  g->armageddon = sqlite3_column_int (stmt, 10) != 0;
  g->manual = sqlite3_column_int (stmt, 11) != 0;
  /* Stored as messages (qw-message.h): read in the reader's language. */
  g->explain_stored = g_strdup (_qw_column_text (stmt, 12));
  g->explain = qw_message_render (g->explain_stored);
  return g;
}

GPtrArray *
qw_document_list_games (QwDocument  *doc,
                        gint64       section_id,
                        GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;
  GPtrArray *games;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), NULL);

  stmt = _qw_document_prepare (doc, "SELECT id, " GAME_COLUMNS " FROM game WHERE section_id = ? "
                                    "ORDER BY round, board", error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, section_id);
  games = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_game_free);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    g_ptr_array_add (games, read_game (stmt));
  return games;
}

/* The games of one round, by board. */
GPtrArray *
qw_document_list_round_games (QwDocument  *doc,
                              gint64       section_id,
                              int          round,
                              GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;
  GPtrArray *games;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), NULL);

  stmt = _qw_document_prepare (doc, "SELECT id, " GAME_COLUMNS " FROM game WHERE section_id = ? "
                                    "AND round = ? ORDER BY board", error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, section_id);
  sqlite3_bind_int (stmt, 2, round);
  games = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_game_free);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    g_ptr_array_add (games, read_game (stmt));
  return games;
}

QwGame *
qw_document_get_game (QwDocument  *doc,
                      gint64       section_id,
                      int          round,
                      int          board,
                      GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), NULL);

  stmt = _qw_document_prepare (doc, "SELECT id, " GAME_COLUMNS " FROM game WHERE section_id = ? "
                                    "AND round = ? AND board = ?", error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, section_id);
  sqlite3_bind_int (stmt, 2, round);
  sqlite3_bind_int (stmt, 3, board);
  if (sqlite3_step (stmt) != SQLITE_ROW)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_NOT_FOUND, _("Round %d has no board %d"), round, board);
      return NULL;
    }
  return read_game (stmt);
}

/* Rows of one multi-row INSERT: 64 × 13 parameters stay under SQLite's
 * oldest limit (999). */
#define GAME_INSERT_BLOCK 64

/* "INSERT INTO game (id, …) VALUES (?,…),(?,…)…", GAME_INSERT_BLOCK rows. */
static const char *
game_block_sql (void)
{
  static char *sql;
  static gsize ready;

  if (g_once_init_enter (&ready))
    {
      GString *out = g_string_new ("INSERT INTO game (id, " GAME_COLUMNS ") VALUES ");

      for (guint k = 0; k < GAME_INSERT_BLOCK; k++)
        g_string_append (out, k == 0 ? "(?,?,?,?,?,?,?,?,?,?,?,?,?)" : ",(?,?,?,?,?,?,?,?,?,?,?,?,?)");
      sql = g_string_free (out, FALSE);
      g_once_init_leave (&ready, 1);
    }
  return sql;
}

/* The id SQLite would give the next game (one past the largest), or 0 when
 * it would have to pick one at random (the largest id is taken). */
static gboolean
games_next_id (QwDocument  *doc,
               gint64      *next_id,
               GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt = _qw_document_prepare (doc, "SELECT COALESCE(MAX(id), 0) FROM game", error);
  gint64 max;

  if (stmt == NULL)
    return FALSE;
  if (sqlite3_step (stmt) != SQLITE_ROW)
    {
      _qw_document_set_error (doc, error, _("The document could not be read"));
      return FALSE;
    }
  max = sqlite3_column_int64 (stmt, 0);
  *next_id = max < G_MAXINT64 - G_MAXUINT32 ? max + 1 : 0;
  return TRUE;
}

/**
 * qw_document_add_games:
 * @games: (element-type QwGame): new games; their ids are set
 */
gboolean
qw_document_add_games (QwDocument  *doc,
                       GPtrArray   *games,
                       GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;
  sqlite3 *db = _qw_document_get_db (doc);
  guint i = 0;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);

  if (!qw_document_begin (doc, error))
    return FALSE;
  /* Whole blocks of rows a statement: a results file brings a hundred
   * thousand games, and each statement costs as much again as its row. */
  if (games->len >= GAME_INSERT_BLOCK)
    {
      g_autoptr(sqlite3_stmt) block = NULL;
      gint64 next_id;

      if (!games_next_id (doc, &next_id, error)
          || (block = _qw_document_prepare (doc, game_block_sql (), error)) == NULL)
        goto fail;
      for (; next_id > 0 && games->len - i >= GAME_INSERT_BLOCK; i += GAME_INSERT_BLOCK)
        {
          sqlite3_reset (block);
          for (guint k = 0; k < GAME_INSERT_BLOCK; k++)
            {
              QwGame *g = g_ptr_array_index (games, i + k);

              g->id = next_id++;
              sqlite3_bind_int64 (block, (int) k * (GAME_N_COLUMNS + 1) + 1, g->id);
              bind_game_at (block, (int) k * (GAME_N_COLUMNS + 1) + 2, g);
            }
          if (!_qw_document_step_done (doc, block, error))
            goto fail;
        }
    }
  stmt = _qw_document_prepare (doc, "INSERT INTO game (" GAME_COLUMNS ") VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                               error);
  if (stmt == NULL)
    goto fail;
  for (; i < games->len; i++)
    {
      QwGame *g = g_ptr_array_index (games, i);

      sqlite3_reset (stmt);
      bind_game (stmt, g);
      if (!_qw_document_step_done (doc, stmt, error))
        goto fail;
      g->id = sqlite3_last_insert_rowid (db);
    }
  return qw_document_commit (doc, error);

fail:
  qw_document_rollback (doc);
  return FALSE;
}

gboolean
qw_document_update_game (QwDocument    *doc,
                         const QwGame  *game,
                         GError       **error)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;
  gboolean opened, ok;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);

  if (!_qw_document_write_begin (doc, &opened, error))
    return FALSE;
  stmt = _qw_document_prepare (doc, "UPDATE game SET (" GAME_COLUMNS ") = (?,?,?,?,?,?,?,?,?,?,?,?) "
                                    "WHERE id = ?", error);
  if (stmt != NULL)
    {
      bind_game (stmt, game);
      sqlite3_bind_int64 (stmt, 13, game->id);
    }
  ok = stmt != NULL && _qw_document_step_done (doc, stmt, error);
  if (ok && sqlite3_changes (_qw_document_get_db (doc)) == 0)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_NOT_FOUND, _("The game no longer exists"));
      ok = FALSE;
    }
  return _qw_document_write_end (doc, opened, ok, error);
}

/**
 * qw_document_set_game_result:
 *
 * Stores a game's result, fouls and play-off; its players, board and
 * explanation are left as stored. Cheaper than qw_document_update_game():
 * no index or reference of the game changes.
 */
/* Who entered the result, in the step that writes it ("window", "cli",
 * "device:NAME": the connection's step origin); a result cleared clears it. */
static gboolean
note_game_origin (QwDocument    *doc,
                  const QwGame  *game,
                  GError       **error)
{
  const char *origin = qw_document_get_step_origin (doc);
  gboolean cleared = game->result == QW_RESULT_NONE || origin == NULL;
  g_autoptr(sqlite3_stmt) stmt = _qw_document_prepare (doc, cleared ? "DELETE FROM game_origin WHERE game_id = ?"
                                                                    : "INSERT OR REPLACE INTO game_origin "
                                                                      "(game_id, entered_by) VALUES (?, ?)",
                                                       error);

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, game->id);
  if (!cleared)
    _qw_bind_text (stmt, 2, origin);
  return _qw_document_step_done (doc, stmt, error);
}

gboolean
qw_document_set_game_result (QwDocument    *doc,
                             const QwGame  *game,
                             GError       **error)
{
  /* Each CHECK (… IN (…)) that a statement has to evaluate builds a
   * temporary table of its list, for every row: most results leave the
   * play-off as it is, and then only the result's check is run. */
  static const char *const sql[] = {
    "UPDATE game SET result = ?1, red_fouls = ?2, black_fouls = ?3, armageddon = ?5 "
    "WHERE id = ?6 AND playoff = ?4",
    "UPDATE game SET result = ?1, red_fouls = ?2, black_fouls = ?3, playoff = ?4, armageddon = ?5 "
    "WHERE id = ?6",
  };

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);

  for (guint i = 0; i < G_N_ELEMENTS (sql); i++)
    {
      g_autoptr(sqlite3_stmt) stmt = _qw_document_prepare (doc, sql[i], error);

      if (stmt == NULL)
        return FALSE;
      _qw_bind_text (stmt, 1, qw_result_to_code (game->result));
      sqlite3_bind_int (stmt, 2, game->red_fouls);
      sqlite3_bind_int (stmt, 3, game->black_fouls);
      _qw_bind_text (stmt, 4, playoff_to_code (game->playoff));
      sqlite3_bind_int (stmt, 5, game->armageddon ? 1 : 0);
      sqlite3_bind_int64 (stmt, 6, game->id);
      if (!_qw_document_step_done (doc, stmt, error))
        return FALSE;
      if (sqlite3_changes (_qw_document_get_db (doc)) > 0)
        return note_game_origin (doc, game, error);
    }
  g_set_error (error, QW_ERROR, QW_ERROR_NOT_FOUND, _("The game no longer exists"));
  return FALSE;
}

gboolean
qw_document_delete_round (QwDocument  *doc,
                          gint64       section_id,
                          int          round,
                          GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;
  gboolean opened;

  if (!_qw_document_write_begin (doc, &opened, error))
    return FALSE;
  stmt = _qw_document_prepare (doc, "DELETE FROM game WHERE section_id = ? AND round = ?", error);
  if (stmt != NULL)
    {
      sqlite3_bind_int64 (stmt, 1, section_id);
      sqlite3_bind_int (stmt, 2, round);
    }
  return _qw_document_write_end (doc, opened, stmt != NULL && _qw_document_step_done (doc, stmt, error), error);
}

int
qw_document_last_round (QwDocument *doc,
                        gint64      section_id)
{
  g_autoptr(sqlite3_stmt) stmt =
    _qw_document_prepare (doc, "SELECT COALESCE(MAX(round), 0) FROM game WHERE section_id = ?", NULL);

  if (stmt == NULL)
    return 0;
  sqlite3_bind_int64 (stmt, 1, section_id);
  return sqlite3_step (stmt) == SQLITE_ROW ? sqlite3_column_int (stmt, 0) : 0;
}

/* Withdrawals */

gboolean
qw_document_set_withdrawn (QwDocument  *doc,
                           gint64       entry_id,
                           int          before_round,
                           GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;
  gboolean opened, ok;

  if (!_qw_document_write_begin (doc, &opened, error))
    return FALSE;
  stmt = _qw_document_prepare (doc, "UPDATE entry SET status = ?, withdrawn_before = ? WHERE id = ?", error);
  if (stmt != NULL)
    {
      _qw_bind_text (stmt, 1, before_round > 0 ? "withdrawn" : "active");
      sqlite3_bind_int (stmt, 2, MAX (before_round, 0));
      sqlite3_bind_int64 (stmt, 3, entry_id);
    }
  ok = stmt != NULL && _qw_document_step_done (doc, stmt, error);
  if (ok && sqlite3_changes (_qw_document_get_db (doc)) == 0)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_NOT_FOUND, _("The entry no longer exists"));
      ok = FALSE;
    }
  return _qw_document_write_end (doc, opened, ok, error);
}

gboolean
qw_document_set_entry_status (QwDocument     *doc,
                              gint64          entry_id,
                              QwEntryStatus   status,
                              int             before_round,
                              GError        **error)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;
  gboolean opened, ok;

  if (!_qw_document_write_begin (doc, &opened, error))
    return FALSE;
  stmt = _qw_document_prepare (doc, "UPDATE entry SET status = ?, withdrawn_before = ? WHERE id = ?", error);
  if (stmt != NULL)
    {
      _qw_bind_text (stmt, 1, qw_entry_status_to_code (status));
      sqlite3_bind_int (stmt, 2, MAX (before_round, 0));
      sqlite3_bind_int64 (stmt, 3, entry_id);
    }
  ok = stmt != NULL && _qw_document_step_done (doc, stmt, error);
  if (ok && sqlite3_changes (_qw_document_get_db (doc)) == 0)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_NOT_FOUND, _("The entry no longer exists"));
      ok = FALSE;
    }
  return _qw_document_write_end (doc, opened, ok, error);
}

GHashTable *
qw_document_list_withdrawals (QwDocument       *doc,
                              const QwSection  *section,
                              GError          **error)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;
  GHashTable *table;

  stmt = _qw_document_prepare (doc, "SELECT id, withdrawn_before FROM entry WHERE event_id = ? "
                                    "AND group_code = ? AND status IN ('withdrawn', 'excluded')", error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, section->event_id);
  _qw_bind_text (stmt, 2, section->code);
  table = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    {
      /* Withdrawn (or excluded) at the desk, before any round was paired: not paired at all. */
      int before = MAX (sqlite3_column_int (stmt, 1), 1);

      g_hash_table_insert (table, g_memdup2 (&(gint64) { sqlite3_column_int64 (stmt, 0) }, sizeof (gint64)),
                           GINT_TO_POINTER (before));
    }
  return table;
}

/* Absences */

/**
 * qw_document_list_absences:
 *
 * Returns: (element-type QwAbsence): the section's absences, by round then
 *   entry, freed with g_free
 */
GPtrArray *
qw_document_list_absences (QwDocument  *doc,
                           gint64       section_id,
                           GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;
  GPtrArray *list;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), NULL);

  stmt = _qw_document_prepare (doc, "SELECT entry_id, round, kind, points FROM absence WHERE section_id = ? "
                                    "ORDER BY round, entry_id", error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, section_id);
  list = g_ptr_array_new_with_free_func (g_free);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    {
      QwAbsence *a = g_new0 (QwAbsence, 1);

      a->entry_id = sqlite3_column_int64 (stmt, 0);
      a->round = sqlite3_column_int (stmt, 1);
      if (!qw_absence_kind_from_code (_qw_column_text (stmt, 2), &a->kind))
        a->kind = QW_ABSENCE_LEAVE;
      a->points = sqlite3_column_double (stmt, 3);
      g_ptr_array_add (list, a);
    }
  return list;
}

/* Stores (or replaces) the absence of @absence->entry_id in its round. */
gboolean
qw_document_set_absence (QwDocument       *doc,
                         gint64            section_id,
                         const QwAbsence  *absence,
                         GError          **error)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;
  gboolean opened, ok;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);

  if (!_qw_document_write_begin (doc, &opened, error))
    return FALSE;
  stmt = _qw_document_prepare (doc, "INSERT OR REPLACE INTO absence (section_id, entry_id, round, kind, points) "
                                    "VALUES (?, ?, ?, ?, ?)", error);
  if (stmt != NULL)
    {
      sqlite3_bind_int64 (stmt, 1, section_id);
      sqlite3_bind_int64 (stmt, 2, absence->entry_id);
      sqlite3_bind_int (stmt, 3, absence->round);
      _qw_bind_text (stmt, 4, qw_absence_kind_to_code (absence->kind));
      sqlite3_bind_double (stmt, 5, absence->points);
    }
  ok = stmt != NULL && _qw_document_step_done (doc, stmt, error);
  return _qw_document_write_end (doc, opened, ok, error);
}

/* Removes the entry's absence from @round; FALSE with QW_ERROR_NOT_FOUND
 * when there was none. */
gboolean
qw_document_delete_absence (QwDocument  *doc,
                            gint64       section_id,
                            gint64       entry_id,
                            int          round,
                            GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;
  gboolean opened, ok;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);

  if (!_qw_document_write_begin (doc, &opened, error))
    return FALSE;
  stmt = _qw_document_prepare (doc, "DELETE FROM absence WHERE section_id = ? AND entry_id = ? AND round = ?",
                               error);
  if (stmt != NULL)
    {
      sqlite3_bind_int64 (stmt, 1, section_id);
      sqlite3_bind_int64 (stmt, 2, entry_id);
      sqlite3_bind_int (stmt, 3, round);
    }
  ok = stmt != NULL && _qw_document_step_done (doc, stmt, error);
  if (ok && sqlite3_changes (_qw_document_get_db (doc)) == 0)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_NOT_FOUND, _("The absence no longer exists"));
      ok = FALSE;
    }
  return _qw_document_write_end (doc, opened, ok, error);
}

gboolean
qw_document_delete_entry_absences (QwDocument    *doc,
                                   gint64         entry_id,
                                   QwAbsenceKind  kind,
                                   GError       **error)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;
  gboolean opened;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);

  if (!_qw_document_write_begin (doc, &opened, error))
    return FALSE;
  stmt = _qw_document_prepare (doc, "DELETE FROM absence WHERE entry_id = ? AND kind = ?", error);
  if (stmt != NULL)
    {
      sqlite3_bind_int64 (stmt, 1, entry_id);
      _qw_bind_text (stmt, 2, qw_absence_kind_to_code (kind));
    }
  return _qw_document_write_end (doc, opened, stmt != NULL && _qw_document_step_done (doc, stmt, error), error);
}

/**
 * qw_document_list_section_entry_ids:
 *
 * Returns: entry id (gint64 *) → GINT_TO_POINTER (TRUE if active, FALSE if
 *   withdrawn), for the entries placed in the section; lighter than
 *   qw_document_list_section_entries() when only who is placed matters.
 */
GHashTable *
qw_document_list_section_entry_ids (QwDocument       *doc,
                                    const QwSection  *section,
                                    GError          **error)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;
  GHashTable *table;

  stmt = _qw_document_prepare (doc, "SELECT id, status <> 'active' FROM entry WHERE event_id = ? "
                                    "AND group_code = ?", error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, section->event_id);
  _qw_bind_text (stmt, 2, section->code);
  table = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    g_hash_table_insert (table, g_memdup2 (&(gint64) { sqlite3_column_int64 (stmt, 0) }, sizeof (gint64)),
                         GINT_TO_POINTER (sqlite3_column_int (stmt, 1) == 0));
  return table;
}

/* The round log: manual changes and other arbiter actions, for the record. */

static void
qw_round_log_line_free (QwRoundLogLine *line)
{
  if (line == NULL)
    return;
  g_free (line->at);
  g_free (line->message);
  g_free (line);
}

gboolean
qw_document_log_round (QwDocument  *doc,
                       gint64       section_id,
                       int          round,
                       const char  *message,
                       GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt =
    _qw_document_prepare (doc, "INSERT INTO round_log (section_id, round, message) VALUES (?,?,?)", error);

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, section_id);
  sqlite3_bind_int (stmt, 2, round);
  _qw_bind_text (stmt, 3, message);
  return _qw_document_step_done (doc, stmt, error);
}

GPtrArray *
qw_document_list_round_log (QwDocument  *doc,
                            gint64       section_id,
                            GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt =
    _qw_document_prepare (doc, "SELECT round, at, message FROM round_log WHERE section_id = ? ORDER BY id",
                          error);
  GPtrArray *lines;

  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, section_id);
  lines = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_round_log_line_free);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    {
      QwRoundLogLine *line = g_new0 (QwRoundLogLine, 1);

      line->round = sqlite3_column_int (stmt, 0);
      line->at = g_strdup (_qw_column_text (stmt, 1));
      line->message = qw_message_render (_qw_column_text (stmt, 2));
      g_ptr_array_add (lines, line);
    }
  return lines;
}

/* The game log */

static void
qw_game_log_line_free (QwGameLogLine *line)
{
  if (line == NULL)
    return;
  g_free (line->at);
  g_free (line->old_value);
  g_free (line->new_value);
  g_free (line->cause);
  g_free (line);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (QwGameLogLine, qw_game_log_line_free)

static QwGameLogKind
game_log_kind_from_code (const char *code)
{
  if (g_str_equal (code, "unpaired"))
    return QW_GAME_LOG_UNPAIRED;
  if (g_str_equal (code, "result"))
    return QW_GAME_LOG_RESULT;
  if (g_str_equal (code, "players"))
    return QW_GAME_LOG_PLAYERS;
  return QW_GAME_LOG_PAIRED;
}

char *
qw_game_log_line_describe (const QwGameLogLine *line)
{
  g_autofree char *what = NULL;

  switch (line->kind)
    {
    case QW_GAME_LOG_UNPAIRED:
      what = g_strdup_printf (_("Round %d unpaired: %s"), line->round, line->old_value);
      break;
    case QW_GAME_LOG_RESULT:
      /* An empty value: no result. */
      what = g_strdup_printf (_("Round %d, board %d: result %s → %s"), line->round, line->board,
                              line->old_value[0] != '\0' ? line->old_value : "—",
                              line->new_value[0] != '\0' ? line->new_value : "—");
      break;
    case QW_GAME_LOG_PLAYERS:
      what = g_strdup_printf (_("Round %d, board %d: %s → %s"), line->round, line->board, line->old_value,
                              line->new_value);
      break;
    case QW_GAME_LOG_PAIRED:
    default:
      what = g_strdup_printf (_("Round %d paired: %s"), line->round, line->new_value);
      break;
    }
  if (line->cause == NULL || line->cause[0] == '\0')
    return g_steal_pointer (&what);
  return g_strdup_printf (_("%s (%s)"), what, line->cause);
}

static QwGameLogLine *
read_game_log_line (sqlite3_stmt *stmt,
                    int           first)
{
  QwGameLogLine *line = g_new0 (QwGameLogLine, 1);

  line->at = g_strdup (_qw_column_text (stmt, first));
  line->round = sqlite3_column_int (stmt, first + 1);
  line->board = sqlite3_column_int (stmt, first + 2);
  line->kind = game_log_kind_from_code (_qw_column_text (stmt, first + 3));
  /* Stored as messages (qw-game-log.c), or before as text in the writer's
   * language, shown as it is (issue 19 point 22). */
  line->old_value = qw_message_render (_qw_column_text (stmt, first + 4));
  line->new_value = qw_message_render (_qw_column_text (stmt, first + 5));
  line->cause = qw_message_render (_qw_column_text (stmt, first + 6));
  return line;
}

GPtrArray *
qw_document_list_game_log (QwDocument  *doc,
                           gint64       section_id,
                           GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt =
    _qw_document_prepare (doc, "SELECT at, round, board, kind, old_value, new_value, cause FROM game_log "
                               "WHERE section_id = ? ORDER BY id", error);
  GPtrArray *lines;

  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, section_id);
  lines = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_game_log_line_free);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    g_ptr_array_add (lines, read_game_log_line (stmt, 0));
  return lines;
}

GPtrArray *
qw_document_list_arbiter_log (QwDocument  *doc,
                              gint64       section_id,
                              GError     **error)
{
  /* A game log line comes after the round log lines written before it. */
  g_autoptr(sqlite3_stmt) stmt =
    _qw_document_prepare (doc, "SELECT 0, id, at, round, 0, '', '', '', '', message, id FROM round_log "
                               "WHERE section_id = ?1 "
                               "UNION ALL SELECT 1, id, at, round, board, kind, old_value, new_value, cause, '', "
                               "after_round_log FROM game_log WHERE section_id = ?1 ORDER BY 11, 1, 2", error);
  GPtrArray *lines;

  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, section_id);
  lines = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_round_log_line_free);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    {
      QwRoundLogLine *line = g_new0 (QwRoundLogLine, 1);

      line->round = sqlite3_column_int (stmt, 3);
      if (sqlite3_column_int (stmt, 0) == 0)
        {
          line->at = g_strdup (_qw_column_text (stmt, 2));
          line->message = qw_message_render (_qw_column_text (stmt, 9));
        }
      else
        {
          g_autoptr(QwGameLogLine) game = read_game_log_line (stmt, 2);

          line->at = g_strdup (game->at);
          line->message = qw_game_log_line_describe (game);
        }
      g_ptr_array_add (lines, line);
    }
  return lines;
}
