/* qw-step-recorder.c: the session of a document's open step
 *
 * See qw-step-recorder.h. Calls only qw-document-sql.c and qw-game-log.c:
 * the document calls the recorder, and the history hears of committed steps
 * through the sink it sets, so that neither calls the other.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define SQLITE_ENABLE_SESSION 1
#define SQLITE_ENABLE_PREUPDATE_HOOK 1

#define G_LOG_DOMAIN "qw-document"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "qw-game-log.h"
#include "qw-step-recorder.h"

/* The log tables: written by the steps, never undone. */
static const char *const log_tables[] = { "round_log", "game_log", NULL };

struct _QwStepRecorder
{
  QwDocument       *doc;            /* not owned: the document owns its recorder */
  QwStepSink        sink;
  gpointer          sink_data;

  /* The open step: a session with a sink, else a watch of its games */
  sqlite3_session  *session;
  sqlite3_session  *games;          /* the same, of the game table alone: see open() */
  QwGameWatch      *watch;
  char             *label;          /* NULL: no label given yet */
  /* Taken when the step is about to commit */
  char             *pending_label;
  void             *pending;
  int               pending_size;
};

QwStepRecorder *
_qw_step_recorder_new (QwDocument *doc)
{
  QwStepRecorder *self = g_new0 (QwStepRecorder, 1);

  self->doc = doc;
  return self;
}

static void
clear_pending (QwStepRecorder *self)
{
  g_clear_pointer (&self->pending_label, g_free);
  g_clear_pointer (&self->pending, sqlite3_free);
  self->pending_size = 0;
}

/* Before the connection closes: a session left open goes first. */
void
_qw_step_recorder_free (QwStepRecorder *self)
{
  if (self == NULL)
    return;
  g_clear_pointer (&self->session, sqlite3session_delete);
  g_clear_pointer (&self->games, sqlite3session_delete);
  g_clear_pointer (&self->watch, _qw_game_watch_free);
  g_free (self->label);
  clear_pending (self);
  g_free (self);
}

/* With a sink, the steps record every table but the log tables (from the
 * next step on), and each one that changed something goes to @sink. */
void
_qw_step_recorder_set_sink (QwStepRecorder *self,
                            QwStepSink      sink,
                            gpointer        data)
{
  self->sink = sink;
  self->sink_data = data;
}

/* The session records every table but the log tables. */
static int
session_filter (void       *data,
                const char *table)
{
  return !g_strv_contains (log_tables, table);
}

/* The outermost transaction has just begun. */
void
_qw_step_recorder_open (QwStepRecorder *self,
                        const char     *label)
{
  sqlite3 *db = self->doc->db;

  g_return_if_fail (self->session == NULL && self->watch == NULL);

  g_clear_pointer (&self->label, g_free);
  clear_pending (self);
  self->label = g_strdup (label);
  /* Without the history only the game log needs the step's changes: they
   * are watched as they are written, which costs much less than a session
   * and its changeset; and a region whose stops are all imported or typed
   * in needs nothing at all (an import of thousands of games records
   * nothing). */
  if (self->sink == NULL)
    {
      if (_qw_game_log_applies (self->doc))
        self->watch = _qw_game_watch_start (self->doc);
      return;
    }
  if (sqlite3session_create (db, "main", &self->session) != SQLITE_OK)
    {
      g_warning ("No session for the step: %s", sqlite3_errmsg (db));
      self->session = NULL;
      return;
    }
  sqlite3session_table_filter (self->session, session_filter, NULL);
  sqlite3session_attach (self->session, NULL);
  /* The game log reads the games of the step from a session of their own:
   * reading them out of the step's changeset meant going through every row
   * of it, a second and more for an import of 200,000 entries. */
  if (sqlite3session_create (db, "main", &self->games) != SQLITE_OK
      || sqlite3session_attach (self->games, "game") != SQLITE_OK)
    {
      g_warning ("No session for the step's games: %s", sqlite3_errmsg (db));
      g_clear_pointer (&self->games, sqlite3session_delete);
    }
}

/* A nested begin that names the action: an outer step opened without a
 * label takes it. */
void
_qw_step_recorder_name (QwStepRecorder *self,
                        const char     *label)
{
  if ((self->session != NULL || self->watch != NULL) && self->label == NULL && label != NULL)
    self->label = g_strdup (label);
}

/* The games the step changed, to the log. */
static gboolean
write_game_log (QwStepRecorder  *self,
                const char      *label,
                GError         **error)
{
  sqlite3_session *games = g_steal_pointer (&self->games);
  void *changeset = NULL;
  int size = 0;
  gboolean ok;

  if (games == NULL || sqlite3session_isempty (games))
    {
      g_clear_pointer (&games, sqlite3session_delete);
      return TRUE;
    }
  ok = sqlite3session_changeset (games, &size, &changeset) == SQLITE_OK;
  sqlite3session_delete (games);
  if (!ok)
    {
      _qw_document_set_error (self->doc, error, _("The change could not be recorded"));
      return FALSE;
    }
  ok = _qw_game_log_write (self->doc, changeset, size, label, error);
  sqlite3_free (changeset);
  return ok;
}

/* Before the outermost commit: the step's games go to the log, in the same
 * transaction. */
gboolean
_qw_step_recorder_finish (QwStepRecorder  *self,
                          GError         **error)
{
  g_autofree char *label = NULL;
  int size = 0;
  void *changeset = NULL;

  if (self->watch != NULL)
    {
      gboolean ok = _qw_game_watch_finish (self->watch, self->label != NULL ? self->label : _("Change"), error);

      g_clear_pointer (&self->watch, _qw_game_watch_free);
      return ok;
    }
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
      g_clear_pointer (&self->games, sqlite3session_delete);
      sqlite3_free (changeset);
      return TRUE;
    }
  label = self->label != NULL ? g_strdup (self->label) : g_strdup (_("Change"));
  if (!write_game_log (self, label, error))
    {
      sqlite3_free (changeset);
      return FALSE;
    }
  self->pending_label = g_steal_pointer (&label);
  self->pending = changeset;
  self->pending_size = size;
  return TRUE;
}

/* The outermost transaction has committed. */
void
_qw_step_recorder_commit (QwStepRecorder *self)
{
  g_clear_pointer (&self->session, sqlite3session_delete);
  g_clear_pointer (&self->games, sqlite3session_delete);
  g_clear_pointer (&self->watch, _qw_game_watch_free);
  g_clear_pointer (&self->label, g_free);
  if (self->pending == NULL || self->sink == NULL)
    {
      clear_pending (self);
      return;
    }
  self->sink (g_steal_pointer (&self->pending_label), g_steal_pointer (&self->pending), self->pending_size,
              self->sink_data);
  self->pending_size = 0;
}

/* The outermost transaction was rolled back. */
void
_qw_step_recorder_abort (QwStepRecorder *self)
{
  g_clear_pointer (&self->session, sqlite3session_delete);
  g_clear_pointer (&self->games, sqlite3session_delete);
  g_clear_pointer (&self->watch, _qw_game_watch_free);
  g_clear_pointer (&self->label, g_free);
  clear_pending (self);
}

/* A savepoint inside the step was rolled back: what the watch saw of the
 * games it took back no longer holds. (A session compares with the tables
 * when it makes its changeset, so it needs nothing.) */
void
_qw_step_recorder_rewound (QwStepRecorder *self)
{
  if (self->watch != NULL)
    _qw_game_watch_rewound (self->watch);
}

/* A write that is part of no step (a file's own id): the open step's
 * session does not record it. Returns the previous state. */
gboolean
_qw_step_recorder_pause (QwStepRecorder *self,
                         gboolean        paused)
{
  gboolean was_paused;

  if (self->watch != NULL)
    return _qw_game_watch_pause (self->watch, paused);
  if (self->session == NULL)
    return FALSE;
  was_paused = sqlite3session_enable (self->session, -1) == 0;
  sqlite3session_enable (self->session, paused ? 0 : 1);
  if (self->games != NULL)
    sqlite3session_enable (self->games, paused ? 0 : 1);
  return was_paused;
}
