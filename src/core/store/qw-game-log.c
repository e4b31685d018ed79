/* qw-game-log.c: the arbiter's game log, written from a step's changes
 *
 * Every change of a pairing or a result in an event run in this document
 * (schema step 4): a step's changes of games when it commits, and those of
 * an undo or a redo, with the old and the new value as they read then. The
 * changes come from a changeset (the history on; undo and redo) or from a
 * watch of the step's writes (the history off); both become the games as
 * they were before the step and as they are now, and one writer logs them.
 *
 * Calls only qw-document-sql.c, so that the step recorder and the history
 * can both write the log.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define SQLITE_ENABLE_SESSION 1
#define SQLITE_ENABLE_PREUPDATE_HOOK 1

#define G_LOG_DOMAIN "qw-game-log"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "qw-document-private.h"
#include "qw-error.h"
#include "qw-game-log.h"
#include "qw-game.h"
#include "qw-message.h"
#include "qw-step-table.h"

/* Columns of the game table (schema step 2). */
enum {
  GAME_ID,
  GAME_SECTION,
  GAME_ROUND,
  GAME_BOARD,
  GAME_RED,
  GAME_BLACK,
  GAME_RESULT,
  GAME_RED_FOULS,
  GAME_BLACK_FOULS,
  GAME_PLAYOFF,
  GAME_ARMAGEDDON,
  N_GAME_COLUMNS_WATCHED
};

/* The game log */

typedef struct
{
  gint64    section_id;
  int       round;
  int       board;
  gint64    red;
  gint64    black;
  QwResult  result;
  int       red_fouls;
  int       black_fouls;
  QwPlayoff playoff;
  gboolean  armageddon;
} GameRow;

static QwPlayoff
playoff_from_text (const char *text)
{
  QwPlayoff playoff;

  return qw_playoff_from_code (text, &playoff) ? playoff : QW_PLAYOFF_NONE;
}

static void
game_row_set (GameRow       *row,
              int            column,
              sqlite3_value *value)
{
  const char *text = (const char *) sqlite3_value_text (value);

  switch (column)
    {
    case GAME_SECTION:
      row->section_id = sqlite3_value_int64 (value);
      break;
    case GAME_ROUND:
      row->round = sqlite3_value_int (value);
      break;
    case GAME_BOARD:
      row->board = sqlite3_value_int (value);
      break;
    case GAME_RED:
      row->red = sqlite3_value_int64 (value);
      break;
    case GAME_BLACK:
      row->black = sqlite3_value_type (value) == SQLITE_NULL ? 0 : sqlite3_value_int64 (value);
      break;
    case GAME_RESULT:
      if (!qw_result_from_code (text != NULL ? text : "", &row->result))
        row->result = QW_RESULT_NONE;
      break;
    case GAME_RED_FOULS:
      row->red_fouls = sqlite3_value_int (value);
      break;
    case GAME_BLACK_FOULS:
      row->black_fouls = sqlite3_value_int (value);
      break;
    case GAME_PLAYOFF:
      row->playoff = playoff_from_text (text);
      break;
    case GAME_ARMAGEDDON:
      row->armageddon = sqlite3_value_int (value) != 0;
      break;
    default:
      break;
    }
}

/* A game as the document holds it now. */
static gboolean
game_row_load (QwDocument *doc,
               gint64      id,
               GameRow    *row)
{
  g_autoptr(sqlite3_stmt) stmt =
    _qw_document_prepare (doc, "SELECT id, section_id, round, board, red, black, result, red_fouls, "
                               "black_fouls, playoff, armageddon FROM game WHERE id = ?", NULL);

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, id);
  if (sqlite3_step (stmt) != SQLITE_ROW)
    return FALSE;
  for (int c = GAME_SECTION; c < N_GAME_COLUMNS_WATCHED; c++)
    game_row_set (row, c, sqlite3_column_value (stmt, c));
  return TRUE;
}

/* The values are stored as messages (qw-message.h), rendered in the
 * language of whoever reads the log (issue 19 point 22). */
static char *
result_text (const GameRow *row)
{
  const char *code = qw_result_to_code (row->result);
  g_autoptr(GPtrArray) notes = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *separator = NULL;
  g_autofree char *joined = NULL;

  if (row->red_fouls > 0 || row->black_fouls > 0)
    g_ptr_array_add (notes, qw_message_printf (N_("fouls %d:%d"), row->red_fouls, row->black_fouls));
  if (row->playoff == QW_PLAYOFF_RED)
    g_ptr_array_add (notes, qw_message (row->armageddon ? N_("armageddon won by red") : N_("play-off won by red"),
                                        NULL));
  else if (row->playoff == QW_PLAYOFF_BLACK)
    g_ptr_array_add (notes, qw_message (row->armageddon ? N_("armageddon won by black")
                                                        : N_("play-off won by black"), NULL));
  else if (row->playoff == QW_PLAYOFF_DRAW)
    g_ptr_array_add (notes, qw_message (N_("armageddon drawn: black goes through"), NULL));
  if (notes->len == 0)
    return g_strdup (code);
  g_ptr_array_add (notes, NULL);
  separator = qw_message (N_(", "), NULL);
  joined = g_strjoinv (separator, (char **) notes->pdata);
  return qw_message_printf (N_("%s (%s)"), code, joined);
}

static char *
player_text (QwDocument *doc,
             gint64      entry_id)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;

  if (entry_id == 0)
    return qw_message (N_("bye"), NULL);
  stmt = _qw_document_prepare (doc, "SELECT e.no, p.name FROM entry e JOIN player p ON p.id = e.player_id "
                                    "WHERE e.id = ?", NULL);
  if (stmt == NULL)
    return g_strdup ("?");
  sqlite3_bind_int64 (stmt, 1, entry_id);
  if (sqlite3_step (stmt) != SQLITE_ROW)
    return g_strdup ("?");
  return g_strdup_printf ("%d %s", sqlite3_column_int (stmt, 0), _qw_column_text (stmt, 1));
}

static char *
pair_text (QwDocument    *doc,
           const GameRow *row)
{
  g_autofree char *red = player_text (doc, row->red);
  g_autofree char *black = player_text (doc, row->black);

  return qw_message_printf (N_("%s – %s"), red, black);
}

static char *
round_text (int boards,
            int results)
{
  g_autofree char *text = qw_message_plural ("%d board", "%d boards", (gulong) boards, boards);

  if (results == 0)
    return g_steal_pointer (&text);
  return qw_message_plural ("%s, %d with a result", "%s, %d with results", (gulong) results, text, results);
}

typedef struct
{
  int    op;
  gint64 section_id;
  int    round;
  int    boards;
  int    results;
} RoundCount;

typedef struct
{
  GHashTable *local;      /* section id → GINT_TO_POINTER (1 logged, 2 not) */
  GArray     *rounds;     /* RoundCount: a step touches few rounds */
  const char *cause;
  GError    **error;
} LogContext;

/* Only the games of events run in this document are an arbiter's: the games
 * of a stop imported into a region are not logged. */
static gboolean
section_is_logged (QwDocument *doc,
                   LogContext *ctx,
                   gint64      section_id)
{
  gpointer known = g_hash_table_lookup (ctx->local, &section_id);
  g_autoptr(sqlite3_stmt) stmt = NULL;
  gboolean logged = FALSE;

  if (known != NULL)
    return GPOINTER_TO_INT (known) == 1;
  stmt = _qw_document_prepare (doc, "SELECT e.source FROM section s JOIN event e ON e.id = s.event_id "
                                    "WHERE s.id = ?", NULL);
  if (stmt != NULL)
    {
      sqlite3_bind_int64 (stmt, 1, section_id);
      logged = sqlite3_step (stmt) == SQLITE_ROW && g_str_equal (_qw_column_text (stmt, 0), "local");
    }
  g_hash_table_insert (ctx->local, g_memdup2 (&section_id, sizeof section_id), GINT_TO_POINTER (logged ? 1 : 2));
  return logged;
}

static gboolean
write_log_line (QwDocument  *doc,
                gint64       section_id,
                int          round,
                int          board,
                const char  *kind,
                const char  *old_value,
                const char  *new_value,
                const char  *cause,
                GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt =
    _qw_document_prepare (doc, "INSERT INTO game_log (section_id, round, board, kind, old_value, new_value, "
                               "cause, after_round_log) VALUES (?,?,?,?,?,?,?, "
                               "(SELECT COALESCE(MAX(id), 0) FROM round_log))", error);

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, section_id);
  sqlite3_bind_int (stmt, 2, round);
  sqlite3_bind_int (stmt, 3, board);
  _qw_bind_text (stmt, 4, kind);
  _qw_bind_text (stmt, 5, old_value);
  _qw_bind_text (stmt, 6, new_value);
  _qw_bind_text (stmt, 7, cause);
  return _qw_document_step_done (doc, stmt, error);
}

/* Changes of games
 *
 * A step's changes, whatever their source, are turned into one GameChange
 * per game it touched: the game as it was before the step (if it existed)
 * and as it is now (if it still exists), which is what a SQLite session
 * reports too. Games added or removed are counted by round (one line says
 * "round 3 paired: 40 boards"); a game changed gets a line for its players
 * and one for its result. */

typedef struct
{
  gint64   id;
  gboolean existed;    /* before the step */
  gboolean exists;     /* after it */
  GameRow  before;
  GameRow  after;
} GameChange;

static void
count_round (LogContext    *ctx,
             int            op,
             const GameRow *row)
{
  RoundCount *count = NULL;

  for (guint i = 0; i < ctx->rounds->len && count == NULL; i++)
    {
      RoundCount *c = &g_array_index (ctx->rounds, RoundCount, i);

      if (c->op == op && c->section_id == row->section_id && c->round == row->round)
        count = c;
    }
  if (count == NULL)
    {
      RoundCount fresh = { op, row->section_id, row->round, 0, 0 };

      g_array_append_val (ctx->rounds, fresh);
      count = &g_array_index (ctx->rounds, RoundCount, ctx->rounds->len - 1);
    }
  count->boards++;
  if (row->result != QW_RESULT_NONE && row->result != QW_RESULT_BYE)
    count->results++;
}

static gboolean
log_update (QwDocument       *doc,
            LogContext       *ctx,
            const GameChange *change)
{
  const GameRow *before = &change->before, *after = &change->after;
  gboolean players = before->red != after->red || before->black != after->black;
  gboolean result = before->result != after->result || before->red_fouls != after->red_fouls
                    || before->black_fouls != after->black_fouls || before->playoff != after->playoff
                    || before->armageddon != after->armageddon;

  if ((!players && !result) || !section_is_logged (doc, ctx, after->section_id))
    return TRUE;
  if (players)
    {
      g_autofree char *from = pair_text (doc, before);
      g_autofree char *to = pair_text (doc, after);

      if (!write_log_line (doc, after->section_id, after->round, after->board, "players", from, to,
                           ctx->cause, ctx->error))
        return FALSE;
    }
  if (result)
    {
      g_autofree char *from = result_text (before);
      g_autofree char *to = result_text (after);

      if (!g_str_equal (from, to)
          && !write_log_line (doc, after->section_id, after->round, after->board, "result", from, to,
                              ctx->cause, ctx->error))
        return FALSE;
    }
  return TRUE;
}

/* Rounds removed first, the last first; then rounds added, in order. */
static int
compare_rounds (gconstpointer a,
                gconstpointer b)
{
  const RoundCount *x = a;
  const RoundCount *y = b;

  if (x->op != y->op)
    return x->op == SQLITE_DELETE ? -1 : 1;
  if (x->section_id != y->section_id)
    return x->section_id < y->section_id ? -1 : 1;
  return x->op == SQLITE_DELETE ? y->round - x->round : x->round - y->round;
}

static int
compare_changes (gconstpointer a,
                 gconstpointer b)
{
  const GameChange *x = *(GameChange *const *) a;
  const GameChange *y = *(GameChange *const *) b;

  return x->id < y->id ? -1 : x->id > y->id;
}

/* Writes the log lines of @changes (GameChange), in the order of the games'
 * ids; then the rounds added and removed. */
static gboolean
write_changes (QwDocument  *doc,
               GPtrArray   *changes,
               const char  *cause,
               GError     **error)
{
  g_autoptr(GHashTable) local = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  g_autoptr(GArray) rounds = g_array_new (FALSE, TRUE, sizeof (RoundCount));
  LogContext ctx = { local, rounds, cause, error };

  g_ptr_array_sort (changes, compare_changes);
  for (guint i = 0; i < changes->len; i++)
    {
      const GameChange *change = g_ptr_array_index (changes, i);

      if (change->existed && change->exists)
        {
          if (!log_update (doc, &ctx, change))
            return FALSE;
        }
      else if (change->exists)
        count_round (&ctx, SQLITE_INSERT, &change->after);
      else if (change->existed)
        count_round (&ctx, SQLITE_DELETE, &change->before);
    }
  g_array_sort (rounds, compare_rounds);
  for (guint i = 0; i < rounds->len; i++)
    {
      const RoundCount *count = &g_array_index (rounds, RoundCount, i);
      g_autofree char *text = NULL;
      gboolean paired = count->op == SQLITE_INSERT;

      if (!section_is_logged (doc, &ctx, count->section_id))
        continue;
      text = round_text (count->boards, count->results);
      if (!write_log_line (doc, count->section_id, count->round, 0, paired ? "paired" : "unpaired",
                           paired ? "" : text, paired ? text : "", cause, error))
        return FALSE;
    }
  return TRUE;
}

/* From a changeset: an insert holds the new game, a delete the old one; an
 * update the game's key and the old values of the columns it changed, the
 * rest is read from the document. */
static gboolean
changes_from_changeset (QwDocument *doc,
                        void       *changeset,
                        int         size,
                        GPtrArray  *changes)
{
  sqlite3_changeset_iter *iter = NULL;

  if (sqlite3changeset_start (&iter, size, changeset) != SQLITE_OK)
    return FALSE;
  while (sqlite3changeset_next (iter) == SQLITE_ROW)
    {
      g_autofree GameChange *change = NULL;
      sqlite3_value *value = NULL;
      const char *table;
      int n_columns, op, indirect;

      sqlite3changeset_op (iter, &table, &n_columns, &op, &indirect);
      if (!g_str_equal (table, "game"))
        continue;
      change = g_new0 (GameChange, 1);
      if ((op == SQLITE_INSERT ? sqlite3changeset_new (iter, GAME_ID, &value)
                               : sqlite3changeset_old (iter, GAME_ID, &value)) != SQLITE_OK || value == NULL)
        continue;
      change->id = sqlite3_value_int64 (value);
      change->existed = op != SQLITE_INSERT;
      change->exists = op != SQLITE_DELETE;
      if (op == SQLITE_UPDATE)
        {
          if (!game_row_load (doc, change->id, &change->after))
            continue;
          change->before = change->after;
        }
      for (int c = GAME_SECTION; c < N_GAME_COLUMNS_WATCHED; c++)
        {
          value = NULL;
          if ((op == SQLITE_INSERT ? sqlite3changeset_new (iter, c, &value)
                                   : sqlite3changeset_old (iter, c, &value)) != SQLITE_OK || value == NULL)
            continue;
          game_row_set (op == SQLITE_INSERT ? &change->after : &change->before, c, value);
        }
      g_ptr_array_add (changes, g_steal_pointer (&change));
    }
  return sqlite3changeset_finalize (iter) == SQLITE_OK;
}

/**
 * _qw_game_log_write:
 * @changeset: a changeset that the document now holds (a step's, or the one
 *   an undo or a redo applied)
 * @cause: the label of the step, or "Undo: …"
 *
 * Writes the game log lines for @changeset, in the transaction open.
 */
gboolean
_qw_game_log_write (QwDocument  *doc,
                    void        *changeset,
                    int          size,
                    const char  *cause,
                    GError     **error)
{
  g_autoptr(GPtrArray) changes = g_ptr_array_new_with_free_func (g_free);

  if (!changes_from_changeset (doc, changeset, size, changes))
    {
      _qw_document_set_error (doc, error, _("The arbiter’s log could not be written"));
      return FALSE;
    }
  return write_changes (doc, changes, cause, error);
}

/* Watching a step
 *
 * A step that is not kept in the history has no session: the tables it
 * writes to (its topics), and the games it changes where the game log
 * applies, are watched through SQLite's pre-update hook, which sees every
 * row written, those that foreign-key actions delete included. The first
 * change of a game keeps the game as it was; every change, the game as it
 * is now. */

struct _QwGameWatch
{
  QwDocument *doc;          /* not owned */
  gboolean    games;        /* the game log applies: games are watched */
  guint      *tables;       /* the step's tables (qw-step-table.h), not owned */
  const char *last_table;   /* SQLite's name of the last table written, and its bit */
  guint       last_bit;
  gboolean    last_is_game;
  GHashTable *by_id;        /* game id → GameChange of @changes */
  GPtrArray  *changes;      /* GameChange */
  gboolean    paused;
  gboolean    rewound;      /* a savepoint was rolled back: read the games again */
};

static void
read_column (sqlite3  *db,
             gboolean  old,
             int       column,
             GameRow  *row)
{
  sqlite3_value *value = NULL;

  if ((old ? sqlite3_preupdate_old (db, column, &value) : sqlite3_preupdate_new (db, column, &value)) == SQLITE_OK
      && value != NULL)
    game_row_set (row, column, value);
}

static void
read_preupdate (sqlite3  *db,
                gboolean  old,
                GameRow  *row)
{
  for (int c = GAME_SECTION; c < N_GAME_COLUMNS_WATCHED; c++)
    read_column (db, old, c, row);
}

/* The change of game @id; on its first change, the game as it was
 * (@old: the pre-update hook's old values hold it). */
static GameChange *
watched_game (QwGameWatch *self,
              sqlite3     *db,
              gint64       id,
              gboolean     old)
{
  GameChange *change = g_hash_table_lookup (self->by_id, &id);

  if (change != NULL)
    return change;
  change = g_new0 (GameChange, 1);
  change->id = id;
  change->existed = old;
  if (old)
    read_preupdate (db, TRUE, &change->before);
  g_ptr_array_add (self->changes, change);
  g_hash_table_insert (self->by_id, &change->id, change);
  return change;
}

static void
on_preupdate (void          *data,
              sqlite3       *db,
              int            op,
              const char    *database,
              const char    *table,
              sqlite3_int64  old_key,
              sqlite3_int64  new_key)
{
  QwGameWatch *self = data;

  if (self->paused || strcmp (database, "main") != 0)
    return;
  /* Rows come table by table, and SQLite names a table by one string. */
  if (table != self->last_table)
    {
      self->last_table = table;
      self->last_bit = _qw_tables_bit (table);
      self->last_is_game = strcmp (table, "game") == 0;
    }
  *self->tables |= self->last_bit;
  if (!self->games || !self->last_is_game)
    return;
  /* An update that changes the id removes one row and adds another. */
  if (op == SQLITE_DELETE || (op == SQLITE_UPDATE && old_key != new_key))
    watched_game (self, db, old_key, TRUE)->exists = FALSE;
  if (op != SQLITE_DELETE)
    {
      GameChange *change = watched_game (self, db, new_key, op == SQLITE_UPDATE && old_key == new_key);

      change->exists = TRUE;
      /* A new game is only counted, by its round (a pairing adds
       * thousands): unless a later change reads it all. */
      if (op == SQLITE_INSERT && !change->existed)
        {
          read_column (db, FALSE, GAME_SECTION, &change->after);
          read_column (db, FALSE, GAME_ROUND, &change->after);
          read_column (db, FALSE, GAME_RESULT, &change->after);
        }
      else
        read_preupdate (db, FALSE, &change->after);
    }
}

QwGameWatch *
_qw_game_watch_start (QwDocument *doc,
                      gboolean    games,
                      guint      *tables)
{
  QwGameWatch *self = g_new0 (QwGameWatch, 1);

  self->doc = doc;
  self->games = games;
  self->tables = tables;
  self->by_id = g_hash_table_new (g_int64_hash, g_int64_equal);
  self->changes = g_ptr_array_new_with_free_func (g_free);
  sqlite3_preupdate_hook (doc->db, on_preupdate, self);
  return self;
}

/* Changes made meanwhile are not the step's. */
gboolean
_qw_game_watch_pause (QwGameWatch *self,
                      gboolean     paused)
{
  gboolean was_paused = self->paused;

  self->paused = paused;
  return was_paused;
}

/* A savepoint was rolled back, which the hook does not see: the games as
 * they were before the step still hold, but what they are now must be read
 * from the document, as a session does. */
void
_qw_game_watch_rewound (QwGameWatch *self)
{
  self->rewound = TRUE;
}

/* Before the outermost commit: writes the log of the games the step
 * changed, in the same transaction, and stops watching. */
gboolean
_qw_game_watch_finish (QwGameWatch  *self,
                       const char   *cause,
                       GError      **error)
{
  sqlite3_preupdate_hook (self->doc->db, NULL, NULL);
  if (!self->games)
    return TRUE;
  for (guint i = 0; self->rewound && i < self->changes->len; i++)
    {
      GameChange *change = g_ptr_array_index (self->changes, i);

      memset (&change->after, 0, sizeof change->after);
      change->exists = game_row_load (self->doc, change->id, &change->after);
    }
  return write_changes (self->doc, self->changes, cause, error);
}

void
_qw_game_watch_free (QwGameWatch *self)
{
  if (self == NULL)
    return;
  sqlite3_preupdate_hook (self->doc->db, NULL, NULL);
  g_hash_table_unref (self->by_id);
  g_ptr_array_unref (self->changes);
  g_free (self);
}

/**
 * _qw_game_log_applies:
 *
 * Whether a step can change an arbiter's games: a stop document runs its
 * event; a region runs at most its final. A region whose stops are all
 * imported or typed in logs nothing (and its steps need not watch games).
 */
gboolean
_qw_game_log_applies (QwDocument *doc)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;

  if (doc->kind == QW_DOCUMENT_STOP)
    return TRUE;
  stmt = _qw_document_prepare (doc, "SELECT 1 FROM event WHERE source = 'local' LIMIT 1", NULL);
  return stmt == NULL || sqlite3_step (stmt) == SQLITE_ROW;
}
