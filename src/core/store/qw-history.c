/* qw-history.c: steps, their changesets, undo and redo; the arbiter's game log
 *
 * A step is the outermost transaction of a document. While it is open a
 * SQLite session records what it changes: every table but the log tables
 * when the history is enabled, only the games otherwise (the game log needs
 * them). When the step commits, its changes of games are written to the game
 * log, and, with the history enabled, its changeset becomes the top of the
 * undo stack.
 *
 * Undo applies the inverted changeset, redo the changeset itself, each in one
 * transaction. A changeset holds every row a step changed, those changed by
 * foreign-key actions (ON DELETE CASCADE) included, so it is applied with
 * foreign keys off; a row that does not hold the value the step left (or
 * found), a key that is taken, or a reference that the change would break
 * all make the undo a conflict: nothing is changed.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define SQLITE_ENABLE_SESSION 1
#define SQLITE_ENABLE_PREUPDATE_HOOK 1

#define G_LOG_DOMAIN "qw-history"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "qw-document-private.h"
#include "qw-error.h"
#include "qw-game.h"
#include "qw-history.h"

/* The log tables: written by the steps, never undone. */
static const char *const log_tables[] = { "round_log", "game_log", NULL };

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

typedef struct
{
  char *label;
  void *changeset;
  int   size;
} Step;

struct _QwHistory
{
  GObject           parent_instance;
  QwDocument       *doc;          /* not owned: the document owns its history */
  gboolean          enabled;
  GPtrArray        *undo;         /* Step, oldest first */
  GPtrArray        *redo;         /* Step, the next to redo last */

  /* The open step */
  sqlite3_session  *session;
  char             *label;        /* NULL: no label given yet */
  Step             *pending;      /* taken when the step is about to commit */
};

G_DEFINE_FINAL_TYPE (QwHistory, qw_history, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ENABLED,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_UNDO_LABEL,
  PROP_REDO_LABEL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
step_free (gpointer data)
{
  Step *step = data;

  if (step == NULL)
    return;
  g_free (step->label);
  sqlite3_free (step->changeset);
  g_free (step);
}

static const char *
top_label (GPtrArray *stack)
{
  return stack->len > 0 ? ((Step *) g_ptr_array_index (stack, stack->len - 1))->label : NULL;
}

/* Stack changes: notifies what a bound button would show. */

typedef struct
{
  gboolean    can_undo;
  gboolean    can_redo;
  const char *undo;
  const char *redo;
} Looks;

static void
looks_take (QwHistory *self,
            Looks     *looks)
{
  looks->can_undo = self->undo->len > 0;
  looks->can_redo = self->redo->len > 0;
  looks->undo = top_label (self->undo);
  looks->redo = top_label (self->redo);
}

static void
looks_notify (QwHistory   *self,
              const Looks *before)
{
  Looks after;

  looks_take (self, &after);
  g_object_freeze_notify (G_OBJECT (self));
  if (before->can_undo != after.can_undo)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
  if (before->can_redo != after.can_redo)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_REDO]);
  /* Labels are compared by pointer: a new step with the same text is news too. */
  if (before->undo != after.undo)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_UNDO_LABEL]);
  if (before->redo != after.redo)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REDO_LABEL]);
  g_object_thaw_notify (G_OBJECT (self));
}

/* Reading a changeset */

typedef gboolean (*ChangeFunc) (QwHistory              *self,
                                const char             *table,
                                int                     op,
                                sqlite3_changeset_iter *iter,
                                gpointer                data);

static gboolean
changeset_foreach (QwHistory  *self,
                   void       *changeset,
                   int         size,
                   ChangeFunc  func,
                   gpointer    data)
{
  sqlite3_changeset_iter *iter = NULL;
  gboolean ok = TRUE;

  if (sqlite3changeset_start (&iter, size, changeset) != SQLITE_OK)
    return FALSE;
  while (ok && sqlite3changeset_next (iter) == SQLITE_ROW)
    {
      const char *table;
      int n_columns, op, indirect;

      sqlite3changeset_op (iter, &table, &n_columns, &op, &indirect);
      ok = func (self, table, op, iter, data);
    }
  return sqlite3changeset_finalize (iter) == SQLITE_OK && ok;
}

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

static char *
result_text (const GameRow *row)
{
  const char *code = qw_result_to_code (row->result);
  g_autoptr(GPtrArray) notes = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *joined = NULL;

  if (row->red_fouls > 0 || row->black_fouls > 0)
    g_ptr_array_add (notes, g_strdup_printf (_("fouls %d:%d"), row->red_fouls, row->black_fouls));
  if (row->playoff == QW_PLAYOFF_RED)
    g_ptr_array_add (notes, g_strdup (row->armageddon ? _("armageddon won by red") : _("play-off won by red")));
  else if (row->playoff == QW_PLAYOFF_BLACK)
    g_ptr_array_add (notes, g_strdup (row->armageddon ? _("armageddon won by black")
                                                      : _("play-off won by black")));
  else if (row->playoff == QW_PLAYOFF_DRAW)
    g_ptr_array_add (notes, g_strdup (_("armageddon drawn: black goes through")));
  if (notes->len == 0)
    return g_strdup (code);
  g_ptr_array_add (notes, NULL);
  joined = g_strjoinv (_(", "), (char **) notes->pdata);
  return g_strdup_printf (_("%s (%s)"), code, joined);
}

static char *
player_text (QwDocument *doc,
             gint64      entry_id)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;

  if (entry_id == 0)
    return g_strdup (_("bye"));
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

  return g_strdup_printf (_("%s – %s"), red, black);
}

static char *
round_text (int boards,
            int results)
{
  g_autofree char *text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d board", "%d boards", boards),
                                           boards);

  if (results == 0)
    return g_steal_pointer (&text);
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s, %d with a result", "%s, %d with results",
                                       results), text, results);
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

static gboolean
log_update (QwHistory              *self,
            LogContext             *ctx,
            sqlite3_changeset_iter *iter)
{
  gboolean players = FALSE, result = FALSE;
  sqlite3_value *id_value = NULL;
  GameRow before = { 0 }, after = { 0 };

  if (sqlite3changeset_old (iter, GAME_ID, &id_value) != SQLITE_OK || id_value == NULL
      || !game_row_load (self->doc, sqlite3_value_int64 (id_value), &after))
    return TRUE;
  before = after;
  for (int c = GAME_SECTION; c < N_GAME_COLUMNS_WATCHED; c++)
    {
      sqlite3_value *old = NULL;

      if (sqlite3changeset_old (iter, c, &old) != SQLITE_OK || old == NULL)
        continue;
      game_row_set (&before, c, old);
      players = players || c == GAME_RED || c == GAME_BLACK;
      result = result || c >= GAME_RESULT;
    }
  if (!section_is_logged (self->doc, ctx, after.section_id))
    return TRUE;
  if (players)
    {
      g_autofree char *from = pair_text (self->doc, &before);
      g_autofree char *to = pair_text (self->doc, &after);

      if (!write_log_line (self->doc, after.section_id, after.round, after.board, "players", from, to,
                           ctx->cause, ctx->error))
        return FALSE;
    }
  if (result)
    {
      g_autofree char *from = result_text (&before);
      g_autofree char *to = result_text (&after);

      if (!g_str_equal (from, to)
          && !write_log_line (self->doc, after.section_id, after.round, after.board, "result", from, to,
                              ctx->cause, ctx->error))
        return FALSE;
    }
  return TRUE;
}

/* Games added or removed are counted by round: one line says "round 3
 * paired: 40 boards". */
static void
count_round (LogContext             *ctx,
             int                     op,
             sqlite3_changeset_iter *iter)
{
  static const int columns[] = { GAME_SECTION, GAME_ROUND, GAME_RESULT };
  GameRow row = { 0 };
  RoundCount *count = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (columns); i++)
    {
      sqlite3_value *value = NULL;

      if ((op == SQLITE_INSERT ? sqlite3changeset_new (iter, columns[i], &value)
                               : sqlite3changeset_old (iter, columns[i], &value)) == SQLITE_OK && value != NULL)
        game_row_set (&row, columns[i], value);
    }
  for (guint i = 0; i < ctx->rounds->len && count == NULL; i++)
    {
      RoundCount *c = &g_array_index (ctx->rounds, RoundCount, i);

      if (c->op == op && c->section_id == row.section_id && c->round == row.round)
        count = c;
    }
  if (count == NULL)
    {
      RoundCount fresh = { op, row.section_id, row.round, 0, 0 };

      g_array_append_val (ctx->rounds, fresh);
      count = &g_array_index (ctx->rounds, RoundCount, ctx->rounds->len - 1);
    }
  count->boards++;
  if (row.result != QW_RESULT_NONE && row.result != QW_RESULT_BYE)
    count->results++;
}

static gboolean
log_change (QwHistory              *self,
            const char             *table,
            int                     op,
            sqlite3_changeset_iter *iter,
            gpointer                data)
{
  LogContext *ctx = data;

  if (!g_str_equal (table, "game"))
    return TRUE;
  if (op == SQLITE_UPDATE)
    return log_update (self, ctx, iter);
  count_round (ctx, op, iter);
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

/* Writes the game log lines for a changeset that the document now holds. */
static gboolean
log_changeset (QwHistory   *self,
               void        *changeset,
               int          size,
               const char  *cause,
               GError     **error)
{
  g_autoptr(GHashTable) local = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  g_autoptr(GArray) rounds = g_array_new (FALSE, TRUE, sizeof (RoundCount));
  LogContext ctx = { local, rounds, cause, error };

  if (!changeset_foreach (self, changeset, size, log_change, &ctx))
    {
      if (error != NULL && *error == NULL)
        _qw_document_set_error (self->doc, error, _("The arbiter’s log could not be written"));
      return FALSE;
    }
  g_array_sort (rounds, compare_rounds);
  for (guint i = 0; i < rounds->len; i++)
    {
      const RoundCount *count = &g_array_index (rounds, RoundCount, i);
      g_autofree char *text = NULL;
      gboolean paired = count->op == SQLITE_INSERT;

      if (!section_is_logged (self->doc, &ctx, count->section_id))
        continue;
      text = round_text (count->boards, count->results);
      if (!write_log_line (self->doc, count->section_id, count->round, 0, paired ? "paired" : "unpaired",
                           paired ? "" : text, paired ? text : "", cause, error))
        return FALSE;
    }
  return TRUE;
}

/* Steps (called by qw-document.c) */

static int
session_filter (void       *data,
                const char *table)
{
  QwHistory *self = data;

  if (!self->enabled)
    return g_str_equal (table, "game");
  return !g_strv_contains (log_tables, table);
}

/* Whether a step can change an arbiter's games: a stop document runs its
 * event; a region runs at most its final. Without the history, a region
 * whose stops are all imported or typed in needs no session at all (an
 * import of thousands of games records nothing). */
static gboolean
games_are_logged (QwHistory *self)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;

  if (qw_document_get_kind (self->doc) == QW_DOCUMENT_STOP)
    return TRUE;
  stmt = _qw_document_prepare (self->doc, "SELECT 1 FROM event WHERE source = 'local' LIMIT 1", NULL);
  return stmt == NULL || sqlite3_step (stmt) == SQLITE_ROW;
}

/* The outermost transaction has just begun. */
void
_qw_history_step_open (QwHistory  *self,
                       const char *label)
{
  sqlite3 *db = _qw_document_get_db (self->doc);

  g_return_if_fail (self->session == NULL);

  g_clear_pointer (&self->label, g_free);
  g_clear_pointer (&self->pending, step_free);
  self->label = g_strdup (label);
  if (!self->enabled && !games_are_logged (self))
    return;
  if (sqlite3session_create (db, "main", &self->session) != SQLITE_OK)
    {
      g_warning ("No session for the step: %s", sqlite3_errmsg (db));
      self->session = NULL;
      return;
    }
  sqlite3session_table_filter (self->session, session_filter, self);
  sqlite3session_attach (self->session, NULL);
}

/* A nested begin that names the action: an outer step opened without a
 * label takes it. */
void
_qw_history_step_name (QwHistory  *self,
                       const char *label)
{
  if (self->session != NULL && self->label == NULL && label != NULL)
    self->label = g_strdup (label);
}

/* Before the outermost commit: the step's games go to the log, in the same
 * transaction. */
gboolean
_qw_history_step_finish (QwHistory  *self,
                         GError    **error)
{
  Step *step;
  int size = 0;
  void *changeset = NULL;

  if (self->session == NULL)
    return TRUE;
  if (sqlite3session_changeset (self->session, &size, &changeset) != SQLITE_OK)
    {
      _qw_document_set_error (self->doc, error, _("The change could not be recorded"));
      return FALSE;
    }
  sqlite3session_delete (g_steal_pointer (&self->session));
  if (size == 0)
    {
      sqlite3_free (changeset);
      return TRUE;
    }
  step = g_new0 (Step, 1);
  step->label = self->label != NULL ? g_strdup (self->label) : g_strdup (_("Change"));
  step->changeset = changeset;
  step->size = size;
  if (!log_changeset (self, changeset, size, step->label, error))
    {
      step_free (step);
      return FALSE;
    }
  self->pending = step;
  return TRUE;
}

/* Keeps at most QW_HISTORY_MAX_STEPS steps and QW_HISTORY_MAX_BYTES of
 * changesets (a region's imports can be large); the last step always stays. */
static void
forget_oldest (QwHistory *self)
{
  gsize total = 0;
  guint keep = 0;

  for (guint i = self->undo->len; i > 0; i--)
    {
      const Step *step = g_ptr_array_index (self->undo, i - 1);

      total += (gsize) step->size;
      if (keep > 0 && (keep >= QW_HISTORY_MAX_STEPS || total > QW_HISTORY_MAX_BYTES))
        break;
      keep++;
    }
  if (keep < self->undo->len)
    g_ptr_array_remove_range (self->undo, 0, self->undo->len - keep);
}

/* The outermost transaction has committed. */
void
_qw_history_step_commit (QwHistory *self)
{
  Looks before;

  g_clear_pointer (&self->session, sqlite3session_delete);
  g_clear_pointer (&self->label, g_free);
  if (self->pending == NULL)
    return;
  if (!self->enabled)
    {
      g_clear_pointer (&self->pending, step_free);
      return;
    }
  looks_take (self, &before);
  g_ptr_array_add (self->undo, g_steal_pointer (&self->pending));
  g_ptr_array_set_size (self->redo, 0);
  forget_oldest (self);
  looks_notify (self, &before);
}

/* The outermost transaction was rolled back. */
void
_qw_history_step_abort (QwHistory *self)
{
  g_clear_pointer (&self->session, sqlite3session_delete);
  g_clear_pointer (&self->label, g_free);
  g_clear_pointer (&self->pending, step_free);
}

/* A write that is part of no step (a file's own id): the open step's
 * session does not record it. Returns the previous state. */
gboolean
_qw_history_pause (QwHistory *self,
                   gboolean   paused)
{
  gboolean was_paused;

  if (self->session == NULL)
    return FALSE;
  was_paused = sqlite3session_enable (self->session, -1) == 0;
  sqlite3session_enable (self->session, paused ? 0 : 1);
  return was_paused;
}

void
_qw_history_enable (QwHistory *self)
{
  if (self->enabled)
    return;
  self->enabled = TRUE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ENABLED]);
}

/* The document is going: a history still held elsewhere (a bound button)
 * undoes nothing any more. */
void
_qw_history_detach (QwHistory *self)
{
  Looks before;

  g_clear_pointer (&self->session, sqlite3session_delete);
  g_clear_pointer (&self->pending, step_free);
  self->doc = NULL;
  looks_take (self, &before);
  g_ptr_array_set_size (self->undo, 0);
  g_ptr_array_set_size (self->redo, 0);
  looks_notify (self, &before);
}

QwHistory *
_qw_history_new (QwDocument *doc)
{
  QwHistory *self = g_object_new (QW_TYPE_HISTORY, NULL);

  self->doc = doc;
  return self;
}

/* Undo and redo */

typedef struct
{
  gboolean conflict;
} ApplyContext;

static int
on_conflict (void                   *data,
             int                     kind,
             sqlite3_changeset_iter *iter)
{
  ApplyContext *ctx = data;
  const char *table;
  int n_columns, op, indirect;

  sqlite3changeset_op (iter, &table, &n_columns, &op, &indirect);
  g_debug ("Conflict %d on %s (operation %d)", kind, table, op);
  ctx->conflict = TRUE;
  return SQLITE_CHANGESET_ABORT;
}

static gboolean
collect_table (QwHistory              *self,
               const char             *table,
               int                     op,
               sqlite3_changeset_iter *iter,
               gpointer                data)
{
  GHashTable *tables = data;

  g_hash_table_add (tables, g_strdup (table));
  return TRUE;
}

/* A reference that the change broke (an entry taken back while another
 * window paired it) is a conflict too. The log tables are not checked: a
 * line may outlive what it tells of. */
static gboolean
references_hold (QwDocument *doc)
{
  static const char *const checks[] = {
    "PRAGMA foreign_key_check (event)",
    "PRAGMA foreign_key_check (player)",
    "PRAGMA foreign_key_check (entry)",
    "PRAGMA foreign_key_check (section)",
    "PRAGMA foreign_key_check (game)",
    "PRAGMA foreign_key_check (standing)",
    NULL
  };

  for (guint i = 0; checks[i] != NULL; i++)
    {
      g_autoptr(sqlite3_stmt) stmt = _qw_document_prepare (doc, checks[i], NULL);

      if (stmt == NULL)
        return FALSE;
      if (sqlite3_step (stmt) == SQLITE_ROW)
        {
          g_debug ("%s: a reference is broken", checks[i]);
          return FALSE;
        }
    }
  return TRUE;
}

/* The "changed" details for the tables a step changed. */
static void
emit_changed (QwHistory  *self,
              GHashTable *tables)
{
  gboolean region = qw_document_get_kind (self->doc) == QW_DOCUMENT_REGION;
  struct { const char *table; const char *detail; } map[] = {
    { "event", "events" },
    { "player", "entries" },
    { "entry", "entries" },
    { "member", "entries" },
    { "section", "sections" },
    { "game", "games" },
    { "absence", "games" },
    { "nominee", "nominees" },
  };
  g_autoptr(GPtrArray) details = g_ptr_array_new ();

  for (guint i = 0; i < G_N_ELEMENTS (map); i++)
    if (g_hash_table_contains (tables, map[i].table)
        && !g_ptr_array_find_with_equal_func (details, map[i].detail, g_str_equal, NULL))
      g_ptr_array_add (details, (gpointer) map[i].detail);
  /* A region's stops: events, their entries, standings, the ids of their files. */
  if (region && (g_hash_table_contains (tables, "meta") || g_hash_table_contains (tables, "standing")
                 || g_hash_table_contains (tables, "event") || g_hash_table_contains (tables, "entry")))
    g_ptr_array_add (details, (gpointer) "region");
  for (guint i = 0; i < details->len; i++)
    qw_document_emit_changed (self->doc, g_ptr_array_index (details, i));
}

static gboolean
apply_step (QwHistory   *self,
            const Step  *step,
            gboolean     undo,
            GError     **error)
{
  QwDocument *doc = self->doc;
  sqlite3 *db = _qw_document_get_db (doc);
  void *changeset = step->changeset;
  int size = step->size;
  void *inverted = NULL;
  g_autofree char *cause = undo ? g_strdup_printf (_("Undo: %s"), step->label)
                                : g_strdup_printf (_("Redo: %s"), step->label);
  g_autoptr(GHashTable) tables = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  ApplyContext ctx = { FALSE };
  gboolean ok = FALSE;
  int rc;

  if (_qw_document_get_depth (doc) > 0)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT,
                   _("“%s” cannot be taken back while another change is being made"), step->label);
      return FALSE;
    }
  if (undo)
    {
      if (sqlite3changeset_invert (step->size, step->changeset, &size, &inverted) != SQLITE_OK)
        {
          g_set_error (error, QW_ERROR, QW_ERROR_FAILED, _("“%s” could not be read back"), step->label);
          return FALSE;
        }
      changeset = inverted;
    }
  changeset_foreach (self, changeset, size, collect_table, tables);
  /* Every row the step changed is in the changeset, those that foreign-key
   * actions changed too: the keys are checked at the end instead. */
  if (!_qw_document_exec (doc, "PRAGMA foreign_keys = OFF", error))
    goto out;
  if (!_qw_document_exec (doc, "BEGIN IMMEDIATE", error))
    goto keys_on;
  rc = sqlite3changeset_apply (db, size, changeset, NULL, on_conflict, &ctx);
  if (rc != SQLITE_OK || ctx.conflict || !references_hold (doc))
    {
      if (ctx.conflict || rc == SQLITE_ABORT || rc == SQLITE_OK)
        g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT,
                     undo ? _("“%s” cannot be undone: what it changed has been changed since, perhaps in "
                              "another window or program. Nothing was changed.")
                          : _("“%s” cannot be redone: what it would change has been changed since, perhaps "
                              "in another window or program. Nothing was changed."),
                     step->label);
      else
        _qw_document_set_error (doc, error, undo ? _("The change could not be undone")
                                                 : _("The change could not be redone"));
      sqlite3_exec (db, "ROLLBACK", NULL, NULL, NULL);
      goto keys_on;
    }
  if (!log_changeset (self, changeset, size, cause, error) || !_qw_document_exec (doc, "COMMIT", error))
    {
      sqlite3_exec (db, "ROLLBACK", NULL, NULL, NULL);
      goto keys_on;
    }
  ok = TRUE;

keys_on:
  sqlite3_exec (db, "PRAGMA foreign_keys = ON", NULL, NULL, NULL);
out:
  sqlite3_free (inverted);
  if (ok)
    emit_changed (self, tables);
  return ok;
}

static gboolean
move_step (QwHistory  *self,
           gboolean    undo,
           char      **label,
           GError    **error)
{
  GPtrArray *from = undo ? self->undo : self->redo;
  GPtrArray *to = undo ? self->redo : self->undo;
  Looks before;
  Step *step;

  if (from->len == 0 || self->doc == NULL)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_NOT_FOUND, undo ? _("Nothing to undo") : _("Nothing to redo"));
      return FALSE;
    }
  step = g_ptr_array_index (from, from->len - 1);
  if (!apply_step (self, step, undo, error))
    return FALSE;
  looks_take (self, &before);
  g_ptr_array_add (to, g_ptr_array_steal_index (from, from->len - 1));
  looks_notify (self, &before);
  if (label != NULL)
    *label = g_strdup (step->label);
  return TRUE;
}

gboolean
qw_history_undo (QwHistory  *self,
                 char      **label,
                 GError    **error)
{
  g_return_val_if_fail (QW_IS_HISTORY (self), FALSE);
  return move_step (self, TRUE, label, error);
}

gboolean
qw_history_redo (QwHistory  *self,
                 char      **label,
                 GError    **error)
{
  g_return_val_if_fail (QW_IS_HISTORY (self), FALSE);
  return move_step (self, FALSE, label, error);
}

void
qw_history_clear (QwHistory *self)
{
  Looks before;

  g_return_if_fail (QW_IS_HISTORY (self));

  looks_take (self, &before);
  g_ptr_array_set_size (self->undo, 0);
  g_ptr_array_set_size (self->redo, 0);
  looks_notify (self, &before);
}

gboolean
qw_history_get_enabled (QwHistory *self)
{
  g_return_val_if_fail (QW_IS_HISTORY (self), FALSE);
  return self->enabled;
}

gboolean
qw_history_get_can_undo (QwHistory *self)
{
  g_return_val_if_fail (QW_IS_HISTORY (self), FALSE);
  return self->undo->len > 0;
}

gboolean
qw_history_get_can_redo (QwHistory *self)
{
  g_return_val_if_fail (QW_IS_HISTORY (self), FALSE);
  return self->redo->len > 0;
}

const char *
qw_history_get_undo_label (QwHistory *self)
{
  g_return_val_if_fail (QW_IS_HISTORY (self), NULL);
  return top_label (self->undo);
}

const char *
qw_history_get_redo_label (QwHistory *self)
{
  g_return_val_if_fail (QW_IS_HISTORY (self), NULL);
  return top_label (self->redo);
}

/* The object */

static void
qw_history_finalize (GObject *object)
{
  QwHistory *self = QW_HISTORY (object);

  g_clear_pointer (&self->session, sqlite3session_delete);
  g_clear_pointer (&self->pending, step_free);
  g_free (self->label);
  g_ptr_array_unref (self->undo);
  g_ptr_array_unref (self->redo);
  G_OBJECT_CLASS (qw_history_parent_class)->finalize (object);
}

static void
qw_history_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  QwHistory *self = QW_HISTORY (object);

  switch (prop_id)
    {
    case PROP_ENABLED:
      g_value_set_boolean (value, self->enabled);
      break;
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, qw_history_get_can_undo (self));
      break;
    case PROP_CAN_REDO:
      g_value_set_boolean (value, qw_history_get_can_redo (self));
      break;
    case PROP_UNDO_LABEL:
      g_value_set_string (value, qw_history_get_undo_label (self));
      break;
    case PROP_REDO_LABEL:
      g_value_set_string (value, qw_history_get_redo_label (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
qw_history_class_init (QwHistoryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = qw_history_finalize;
  object_class->get_property = qw_history_get_property;

  properties[PROP_ENABLED] =
    g_param_spec_boolean ("enabled", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAN_UNDO] =
    g_param_spec_boolean ("can-undo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAN_REDO] =
    g_param_spec_boolean ("can-redo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_UNDO_LABEL] =
    g_param_spec_string ("undo-label", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_REDO_LABEL] =
    g_param_spec_string ("redo-label", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
qw_history_init (QwHistory *self)
{
  self->undo = g_ptr_array_new_with_free_func (step_free);
  self->redo = g_ptr_array_new_with_free_func (step_free);
}
