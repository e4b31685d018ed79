/* qw-history.c: the undo history of a document
 *
 * The steps are rows of the document's step table (qw-step-table.c), which
 * the step recorder writes; this object is a view of it for a connection:
 * what undo and redo would take back now, followed as steps are announced,
 * here or from elsewhere (the document's "committed" signal). Undo applies
 * the inverted changeset of the newest step not taken back, redo the
 * changeset of the oldest taken back, each in one transaction that also
 * marks the step, writes the game log of what it changed (qw-game-log.c)
 * and is announced as a step is. A changeset holds every row a step
 * changed, those changed by foreign-key actions (ON DELETE CASCADE)
 * included, so it is applied with foreign keys off; a row that does not
 * hold the value the step left (or found), a key that is taken, or a
 * reference that the change would break all make the undo a conflict:
 * nothing is changed. A step made by another program is undone the same
 * way, when its rows are as it left them.
 *
 * The history sits above the document: it uses the document's API, and the
 * document never calls it (it holds it, made on first use by
 * qw_document_get_history(), which lives here with
 * qw_document_enable_history(), qw_document_undo() and qw_document_redo()).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define SQLITE_ENABLE_SESSION 1
#define SQLITE_ENABLE_PREUPDATE_HOOK 1

#define G_LOG_DOMAIN "qw-history"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "qw-document-private.h"
#include "qw-error.h"
#include "qw-game-log.h"
#include "qw-history.h"
#include "qw-message.h"
#include "qw-step-table.h"
#include "qw-undo-identities.h"

/* The step undo or redo would move, as last read */
typedef struct
{
  gint64  id;
  char   *label;
} Next;

struct _QwHistory
{
  GObject     parent_instance;
  QwDocument *doc;          /* not owned: the document owns its history;
                             * NULL once the document is gone */
  Next        undo;
  Next        redo;
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

/* The view */

/* Reads what undo (@undone FALSE) or redo would move now; TRUE if it is
 * another step than before. */
static gboolean
read_next (QwHistory *self,
           gboolean   undone,
           Next      *next)
{
  g_auto(QwStepRow) row = { 0 };
  g_autoptr(GError) error = NULL;

  if (self->doc == NULL || !_qw_step_table_next (self->doc, undone, &row, &error))
    {
      if (error != NULL)
        g_debug ("The history could not be read: %s", error->message);
      row.id = 0;
    }
  if (row.id == next->id && g_strcmp0 (row.label, next->label) == 0)
    return FALSE;
  next->id = row.id;
  g_free (next->label);
  next->label = g_steal_pointer (&row.label);
  return TRUE;
}

/* Reads the table again and notifies what a bound button would show. A
 * new step with the same label is news too. */
static void
refresh (QwHistory *self)
{
  gboolean could_undo = self->undo.id != 0, could_redo = self->redo.id != 0;
  gboolean undo_moved = read_next (self, FALSE, &self->undo);
  gboolean redo_moved = read_next (self, TRUE, &self->redo);

  g_object_freeze_notify (G_OBJECT (self));
  if (could_undo != (self->undo.id != 0))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
  if (could_redo != (self->redo.id != 0))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_REDO]);
  if (undo_moved)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_UNDO_LABEL]);
  if (redo_moved)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REDO_LABEL]);
  g_object_thaw_notify (G_OBJECT (self));
}

static void
committed_cb (QwDocument  *doc,
              const char **topics,
              QwHistory   *self)
{
  refresh (self);
}

/* The document is going (its dispose): a history still held elsewhere (a
 * bound button) undoes nothing any more. */
static void
document_gone (gpointer  data,
               GObject  *where_the_document_was)
{
  QwHistory *self = data;

  self->doc = NULL;
  refresh (self);
}

/**
 * qw_document_get_history:
 *
 * Returns: (transfer none): the document's history
 */
QwHistory *
qw_document_get_history (QwDocument *doc)
{
  g_return_val_if_fail (QW_IS_DOCUMENT (doc), NULL);

  if (doc->history == NULL)
    {
      doc->history = g_object_new (QW_TYPE_HISTORY, NULL);
      doc->history->doc = doc;
      g_object_weak_ref (G_OBJECT (doc), document_gone, doc->history);
      g_signal_connect_object (doc, "committed", G_CALLBACK (committed_cb), doc->history, 0);
      read_next (doc->history, FALSE, &doc->history->undo);
      read_next (doc->history, TRUE, &doc->history->redo);
    }
  return doc->history;
}

/**
 * qw_document_enable_history:
 *
 * From now on, every step made through this connection is kept in the
 * document's history and can be undone and redone
 * (qw_document_get_history()), as made in the window unless
 * qw_document_set_step_origin() said who makes them.
 */
void
qw_document_enable_history (QwDocument *doc)
{
  QwHistory *self;

  g_return_if_fail (QW_IS_DOCUMENT (doc));

  self = qw_document_get_history (doc);
  if (qw_document_get_step_origin (doc) != NULL)
    return;
  qw_document_set_step_origin (doc, "window");
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ENABLED]);
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

/* The step @expected was meant, and another is the one to move now. */
static void
set_stale (QwDocument  *doc,
           gint64       expected,
           gboolean     undo,
           GError     **error)
{
  g_auto(QwStepRow) meant = { 0 };

  if (_qw_step_table_get (doc, expected, &meant, NULL))
    g_set_error (error, QW_ERROR, QW_ERROR_STALE,
                 undo ? _("“%s” is no longer the last change: nothing was undone")
                      : _("“%s” is no longer the last change undone: nothing was redone"), meant.label);
  else
    g_set_error (error, QW_ERROR, QW_ERROR_STALE,
                 undo ? _("That change is no longer the last one: nothing was undone")
                      : _("That change is no longer the last one undone: nothing was redone"));
}

/* Applies @step's changeset (inverted for an undo) in the transaction
 * open, marks it and logs its games. */
static gboolean
apply_step (QwDocument       *doc,
            const QwStepRow  *step,
            gboolean          undo,
            GError          **error)
{
  g_autofree void *stored = NULL;
  g_autofree char *held_text = NULL, *next_held = NULL;
  g_autoptr(QwIdentities) held = NULL;
  g_autoptr(QwIdentities) next = NULL;
  void *changeset, *inverted = NULL;
  int stored_size = 0, size = 0, rc;
  /* The log's cause quotes the label as stored, rendered when read. */
  g_autofree char *cause = undo ? qw_message_printf (N_("Undo: %s"), step->stored_label)
                                : qw_message_printf (N_("Redo: %s"), step->stored_label);
  ApplyContext ctx = { FALSE };
  gboolean ok = FALSE;

  if (!_qw_step_table_changeset (doc, step->id, &stored, &stored_size, &held_text, error))
    return FALSE;
  /* Two entries of one person: refused, saying who they are (before the
   * changeset, which may conflict on a number the other entry took too). */
  held = _qw_identities_from_text (held_text);
  if (!_qw_identities_check (doc, held, stored, stored_size, undo, step->label, error))
    return FALSE;
  changeset = stored;
  size = stored_size;
  if (undo)
    {
      if (sqlite3changeset_invert (stored_size, stored, &size, &inverted) != SQLITE_OK)
        {
          g_set_error (error, QW_ERROR, QW_ERROR_FAILED, _("“%s” could not be read back"), step->label);
          return FALSE;
        }
      changeset = inverted;
    }
  rc = sqlite3changeset_apply (doc->db, size, changeset, NULL, on_conflict, &ctx);
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
    }
  else
    {
      /* Its next move goes the other way: who holds the numbers it would
       * give back then. */
      next = _qw_identities_note (doc, stored, stored_size, !undo);
      next_held = _qw_identities_to_text (next);
      ok = _qw_game_log_write (doc, changeset, size, cause, error)
           && _qw_step_table_set_undone (doc, step->id, undo, next_held, error);
    }
  sqlite3_free (inverted);
  if (ok)
    _qw_document_note_tables (doc, step->tables);
  return ok;
}

/* Moves the step undo (redo) takes back now, @expected when not 0, in one
 * transaction that reads the step table as it is: whoever made the last
 * step, and whenever this connection last looked. */
static gboolean
move_step (QwDocument  *doc,
           gboolean     undo,
           gint64       expected,
           char       **label,
           GError     **error)
{
  g_auto(QwStepRow) step = { 0 };
  g_autoptr(GError) local_error = NULL;
  gboolean ok;

  if (doc->depth > 0)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT,
                   undo ? _("Nothing can be undone while another change is being made")
                        : _("Nothing can be redone while another change is being made"));
      return FALSE;
    }
  /* Every row the step changed is in the changeset, those that foreign-key
   * actions changed too: the keys are checked at the end instead (the
   * pragma does nothing inside a transaction). */
  if (!_qw_document_exec (doc, "PRAGMA foreign_keys = OFF", error))
    return FALSE;
  if (!_qw_document_begin_unrecorded (doc, error))
    {
      _qw_document_exec (doc, "PRAGMA foreign_keys = ON", NULL);
      return FALSE;
    }
  ok = _qw_step_table_next (doc, !undo, &step, &local_error);
  if (!ok && local_error == NULL)
    g_set_error (&local_error, QW_ERROR, QW_ERROR_NOT_FOUND, undo ? _("Nothing to undo") : _("Nothing to redo"));
  else if (ok && expected != 0 && step.id != expected)
    {
      set_stale (doc, expected, undo, &local_error);
      ok = FALSE;
    }
  ok = ok && apply_step (doc, &step, undo, &local_error);
  if (ok)
    ok = qw_document_commit (doc, &local_error);
  else
    qw_document_rollback (doc);
  _qw_document_exec (doc, "PRAGMA foreign_keys = ON", NULL);
  if (!ok)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  if (label != NULL)
    *label = g_steal_pointer (&step.label);
  return TRUE;
}

gboolean
qw_history_undo (QwHistory  *self,
                 char      **label,
                 GError    **error)
{
  g_return_val_if_fail (QW_IS_HISTORY (self), FALSE);

  if (self->doc == NULL)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_NOT_FOUND, _("Nothing to undo"));
      return FALSE;
    }
  return move_step (self->doc, TRUE, 0, label, error);
}

gboolean
qw_history_redo (QwHistory  *self,
                 char      **label,
                 GError    **error)
{
  g_return_val_if_fail (QW_IS_HISTORY (self), FALSE);

  if (self->doc == NULL)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_NOT_FOUND, _("Nothing to redo"));
      return FALSE;
    }
  return move_step (self->doc, FALSE, 0, label, error);
}

gboolean
qw_document_undo (QwDocument  *doc,
                  gint64       step,
                  char       **label,
                  GError     **error)
{
  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);
  return move_step (doc, TRUE, step, label, error);
}

gboolean
qw_document_redo (QwDocument  *doc,
                  gint64       step,
                  char       **label,
                  GError     **error)
{
  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);
  return move_step (doc, FALSE, step, label, error);
}

/* Properties */

gboolean
qw_history_get_enabled (QwHistory *self)
{
  g_return_val_if_fail (QW_IS_HISTORY (self), FALSE);
  return self->doc != NULL && qw_document_get_step_origin (self->doc) != NULL;
}

gboolean
qw_history_get_can_undo (QwHistory *self)
{
  g_return_val_if_fail (QW_IS_HISTORY (self), FALSE);
  return self->undo.id != 0;
}

gboolean
qw_history_get_can_redo (QwHistory *self)
{
  g_return_val_if_fail (QW_IS_HISTORY (self), FALSE);
  return self->redo.id != 0;
}

const char *
qw_history_get_undo_label (QwHistory *self)
{
  g_return_val_if_fail (QW_IS_HISTORY (self), NULL);
  return self->undo.label;
}

const char *
qw_history_get_redo_label (QwHistory *self)
{
  g_return_val_if_fail (QW_IS_HISTORY (self), NULL);
  return self->redo.label;
}

gint64
qw_history_get_undo_step (QwHistory *self)
{
  g_return_val_if_fail (QW_IS_HISTORY (self), 0);
  return self->undo.id;
}

gint64
qw_history_get_redo_step (QwHistory *self)
{
  g_return_val_if_fail (QW_IS_HISTORY (self), 0);
  return self->redo.id;
}

/* The object */

static void
qw_history_finalize (GObject *object)
{
  QwHistory *self = QW_HISTORY (object);

  if (self->doc != NULL)
    g_object_weak_unref (G_OBJECT (self->doc), document_gone, self);
  g_free (self->undo.label);
  g_free (self->redo.label);
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
      g_value_set_boolean (value, qw_history_get_enabled (self));
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
}
