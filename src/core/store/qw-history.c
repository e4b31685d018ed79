/* qw-history.c: the undo history of an open document
 *
 * Each step that changed something, while the history is enabled, is kept
 * with its label as the changeset that the step recorder hands over (the
 * history is its sink: qw-step-recorder.h). Undo applies the inverted
 * changeset, redo the changeset itself, each in one transaction, and writes
 * the game log of what it changed (qw-game-log.c). A changeset holds every
 * row a step changed, those changed by foreign-key actions (ON DELETE
 * CASCADE) included, so it is applied with foreign keys off; a row that does
 * not hold the value the step left (or found), a key that is taken, or a
 * reference that the change would break all make the undo a conflict:
 * nothing is changed.
 *
 * The history sits above the document: it uses the document's API, and the
 * document never calls it (it holds it, made on first use by
 * qw_document_get_history(), which lives here with
 * qw_document_enable_history()).
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
#include "qw-step-recorder.h"

typedef struct
{
  char *label;
  void *changeset;
  int   size;
} Step;

struct _QwHistory
{
  GObject           parent_instance;
  QwDocument       *doc;          /* not owned: the document owns its history;
                                   * NULL once the document is gone */
  gboolean          enabled;
  GPtrArray        *undo;         /* Step, oldest first */
  GPtrArray        *redo;         /* Step, the next to redo last */
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


/* The recorder's sink: a step has committed. */
static void
take_step (char     *label,
           void     *changeset,
           int       size,
           gpointer  data)
{
  QwHistory *self = data;
  Step *step = g_new0 (Step, 1);
  Looks before;

  step->label = label;
  step->changeset = changeset;
  step->size = size;
  looks_take (self, &before);
  g_ptr_array_add (self->undo, step);
  g_ptr_array_set_size (self->redo, 0);
  forget_oldest (self);
  looks_notify (self, &before);
}

/* The document is going (its dispose): a history still held elsewhere (a
 * bound button) undoes nothing any more. */
static void
document_gone (gpointer  data,
               GObject  *where_the_document_was)
{
  QwHistory *self = data;
  Looks before;

  self->doc = NULL;
  looks_take (self, &before);
  g_ptr_array_set_size (self->undo, 0);
  g_ptr_array_set_size (self->redo, 0);
  looks_notify (self, &before);
}

/**
 * qw_document_get_history:
 *
 * Returns: (transfer none): the document's history, enabled or not
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
    }
  return doc->history;
}

/**
 * qw_document_enable_history:
 *
 * From now on, every step that changes the document can be undone and
 * redone (qw_document_get_history()). The GUI enables it; the CLI, which
 * makes one step a run, does not.
 */
void
qw_document_enable_history (QwDocument *doc)
{
  QwHistory *self;

  g_return_if_fail (QW_IS_DOCUMENT (doc));

  self = qw_document_get_history (doc);
  if (self->enabled)
    return;
  self->enabled = TRUE;
  _qw_step_recorder_set_sink (doc->recorder, take_step, self);
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

/* The tables a changeset changes. */
static void
collect_tables (void       *changeset,
                int         size,
                GHashTable *tables)
{
  sqlite3_changeset_iter *iter = NULL;

  if (sqlite3changeset_start (&iter, size, changeset) != SQLITE_OK)
    return;
  while (sqlite3changeset_next (iter) == SQLITE_ROW)
    {
      const char *table;
      int n_columns, op, indirect;

      sqlite3changeset_op (iter, &table, &n_columns, &op, &indirect);
      g_hash_table_add (tables, g_strdup (table));
    }
  sqlite3changeset_finalize (iter);
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
    { "meta", "meta" },           /* the document's settings and kept tables (the ladder's) */
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
  sqlite3 *db;
  void *changeset = step->changeset;
  int size = step->size;
  void *inverted = NULL;
  g_autofree char *cause = undo ? g_strdup_printf (_("Undo: %s"), step->label)
                                : g_strdup_printf (_("Redo: %s"), step->label);
  g_autoptr(GHashTable) tables = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  ApplyContext ctx = { FALSE };
  gboolean ok = FALSE;
  int rc;

  if (doc->depth > 0)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT,
                   _("“%s” cannot be taken back while another change is being made"), step->label);
      return FALSE;
    }
  /* Refused on a document read-only where it is; the connection opened
   * again first if another program removed its journal. */
  if (!_qw_document_prepare_write (doc, error))
    return FALSE;
  db = doc->db;
  if (undo)
    {
      if (sqlite3changeset_invert (step->size, step->changeset, &size, &inverted) != SQLITE_OK)
        {
          g_set_error (error, QW_ERROR, QW_ERROR_FAILED, _("“%s” could not be read back"), step->label);
          return FALSE;
        }
      changeset = inverted;
    }
  collect_tables (changeset, size, tables);
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
  if (!_qw_game_log_write (doc, changeset, size, cause, error) || !_qw_document_exec (doc, "COMMIT", error))
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

  if (self->doc != NULL)
    g_object_weak_unref (G_OBJECT (self->doc), document_gone, self);
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
