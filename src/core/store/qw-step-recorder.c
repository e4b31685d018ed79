/* qw-step-recorder.c: the session of a document's open step
 *
 * See qw-step-recorder.h. Calls only qw-document-sql.c, qw-game-log.c,
 * qw-undo-identities.c and qw-step-table.c: the document calls the
 * recorder, and the history reads the steps it recorded from the step
 * table, so that none calls another back.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define SQLITE_ENABLE_SESSION 1
#define SQLITE_ENABLE_PREUPDATE_HOOK 1

#define G_LOG_DOMAIN "qw-document"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "qw-game-log.h"
#include "qw-message.h"
#include "qw-step-recorder.h"
#include "qw-step-table.h"
#include "qw-undo-identities.h"

/* Written by the steps, never part of one: the logs, the history itself,
 * SQLite's record of the history's ids, and the venue's devices (an undo
 * never brings back a revoked device nor takes back a log line). */
static const char *const unrecorded_tables[] = { "round_log", "game_log", "step", "sqlite_sequence",
                                                 "device", "device_session", "device_log", "device_mark", NULL };

struct _QwStepRecorder
{
  QwDocument       *doc;            /* not owned: the document owns its recorder */
  char             *origin;         /* NULL: the steps are not kept in the history */

  /* The open step: a session when it is kept, else a watch of its writes */
  sqlite3_session  *session;
  gboolean          logs_games;     /* the game log applies (_qw_game_log_applies()) */
  gboolean          wrote_games;    /* the step wrote to the game table */
  QwGameWatch      *watch;
  char             *label;          /* NULL: no label given yet */
  guint             tables;         /* the tables it wrote to (qw-step-table.h) */
  gboolean          changed;        /* finished: it changed something */
};

QwStepRecorder *
_qw_step_recorder_new (QwDocument *doc)
{
  QwStepRecorder *self = g_new0 (QwStepRecorder, 1);

  self->doc = doc;
  return self;
}

static void
close_step (QwStepRecorder *self)
{
  g_clear_pointer (&self->session, sqlite3session_delete);
  g_clear_pointer (&self->watch, _qw_game_watch_free);
  g_clear_pointer (&self->label, g_free);
  self->tables = 0;
  self->logs_games = FALSE;
  self->wrote_games = FALSE;
  self->changed = FALSE;
}

/* Before the connection closes: a session left open goes first. */
void
_qw_step_recorder_free (QwStepRecorder *self)
{
  if (self == NULL)
    return;
  close_step (self);
  g_free (self->origin);
  g_free (self);
}

void
_qw_step_recorder_set_origin (QwStepRecorder *self,
                              const char     *origin)
{
  g_free (self->origin);
  self->origin = g_strdup (origin);
}

const char *
_qw_step_recorder_get_origin (QwStepRecorder *self)
{
  return self->origin;
}

/* The session records every table a step writes to but the unrecorded
 * ones, and notes each, as it is first written, for the step's topics. */
static int
session_filter (void       *data,
                const char *table)
{
  QwStepRecorder *self = data;

  self->tables |= _qw_tables_bit (table);
  self->wrote_games |= strcmp (table, "game") == 0;
  return !g_strv_contains (unrecorded_tables, table);
}

/* The outermost transaction has just begun. */
void
_qw_step_recorder_open (QwStepRecorder *self,
                        const char     *label)
{
  sqlite3 *db = self->doc->db;

  g_return_if_fail (self->session == NULL && self->watch == NULL);

  close_step (self);
  self->label = g_strdup (label);
  /* A step not kept needs only its tables and, for the game log, its
   * games: they are watched as they are written, which costs much less
   * than a session and its changeset. */
  if (self->origin == NULL)
    {
      self->watch = _qw_game_watch_start (self->doc, _qw_game_log_applies (self->doc), &self->tables);
      return;
    }
  if (sqlite3session_create (db, "main", &self->session) != SQLITE_OK)
    {
      g_warning ("No session for the step: %s", sqlite3_errmsg (db));
      self->session = NULL;
      return;
    }
  sqlite3session_table_filter (self->session, session_filter, self);
  sqlite3session_attach (self->session, NULL);
  self->logs_games = _qw_game_log_applies (self->doc);
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

/* The games the step changed, to the log, read from the step's changeset:
 * only a step that wrote games goes through its rows (an import of 200,000
 * entries does not), and a pairing's games are made into a changeset once,
 * not twice (a session of the games alone besides the step's). */
static gboolean
write_game_log (QwStepRecorder  *self,
                const char      *label,
                void            *changeset,
                int              size,
                GError         **error)
{
  if (!self->logs_games || !self->wrote_games)
    return TRUE;
  return _qw_game_log_write (self->doc, changeset, size, label, error);
}

/* Before the outermost commit: the step's games go to the log and the step
 * to the history, in the same transaction, with who then holds the ID
 * numbers its undo would give back (qw-undo-identities.h). */
gboolean
_qw_step_recorder_finish (QwStepRecorder  *self,
                          GError         **error)
{
  /* Stored untranslated, rendered in the reader's language (qw-message.h). */
  g_autofree char *unnamed = self->label != NULL ? NULL : qw_message (N_("Change"), NULL);
  const char *label = self->label != NULL ? self->label : unnamed;
  g_autoptr(QwIdentities) held = NULL;
  g_autofree char *held_text = NULL;
  int size = 0;
  void *changeset = NULL;
  gboolean ok;

  if (self->watch != NULL)
    {
      ok = _qw_game_watch_finish (self->watch, label, error);
      g_clear_pointer (&self->watch, _qw_game_watch_free);
      self->changed = ok && self->tables != 0;
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
  /* Rows written back as they were: nothing changed, nothing to keep. */
  if (size == 0)
    {
      sqlite3_free (changeset);
      return TRUE;
    }
  held = _qw_identities_note (self->doc, changeset, size, TRUE);
  held_text = _qw_identities_to_text (held);
  ok = write_game_log (self, label, changeset, size, error)
       && _qw_step_table_add (self->doc, label, self->origin, self->tables, held_text, changeset, size, error);
  sqlite3_free (changeset);
  self->changed = ok;
  return ok;
}

/* The outermost transaction has committed. */
guint
_qw_step_recorder_commit (QwStepRecorder *self)
{
  guint tables = self->changed ? self->tables : 0;

  close_step (self);
  return tables;
}

/* The outermost transaction was rolled back. */
void
_qw_step_recorder_abort (QwStepRecorder *self)
{
  close_step (self);
}

/* A savepoint inside the step was rolled back: what the watch saw of the
 * games it took back no longer holds. (A session compares with the tables
 * when it makes its changeset, so it needs nothing; the tables noted stay:
 * their topics are announced all the same, which costs a reading, never a
 * change missed.) */
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
  return was_paused;
}
