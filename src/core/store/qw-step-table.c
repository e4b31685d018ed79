/* qw-step-table.c: the steps of a document's history, kept in the document
 *
 * See qw-step-table.h. The topics a step touched are made from the tables
 * it wrote to, the map that undo used alone before.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-document"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "qw-history.h"
#include "qw-message.h"
#include "qw-step-table.h"

/* Topics */

static const struct
{
  const char *table;
  guint       bit;
} table_bits[] = {
  { "game", QW_TABLE_GAME },
  { "entry", QW_TABLE_ENTRY },
  { "player", QW_TABLE_ENTRY },
  { "member", QW_TABLE_ENTRY },
  { "entry_import", QW_TABLE_ENTRY },
  { "absence", QW_TABLE_GAME },
  { "section", QW_TABLE_SECTION },
  { "event", QW_TABLE_EVENT },
  { "meta", QW_TABLE_META },
  { "standing", QW_TABLE_STANDING },
  { "nominee", QW_TABLE_NOMINEE },
  { "checkin", QW_TABLE_ENTRY },
  { "round_state", QW_TABLE_GAME },
  { "game_origin", QW_TABLE_GAME },
  { "device", QW_TABLE_DEVICE },
  { "device_session", QW_TABLE_DEVICE },
  { "device_log", QW_TABLE_DEVICE },
  { "device_mark", QW_TABLE_DEVICE },
};

guint
_qw_tables_bit (const char *table)
{
  for (guint i = 0; i < G_N_ELEMENTS (table_bits); i++)
    if (strcmp (table, table_bits[i].table) == 0)
      return table_bits[i].bit;
  return 0;
}

/* Each topic and the tables that make it; "region" only in a region's
 * document: its stops are events, their entries, standings and the ids of
 * their files (in meta). */
static const struct
{
  const char *topic;
  guint       tables;
} topic_tables[] = {
  { "events", QW_TABLE_EVENT },
  { "entries", QW_TABLE_ENTRY },
  { "sections", QW_TABLE_SECTION },
  { "games", QW_TABLE_GAME },
  { "nominees", QW_TABLE_NOMINEE },
  { "meta", QW_TABLE_META },       /* the document's settings and kept tables (the ladder's) */
  { "region", QW_TABLE_META | QW_TABLE_STANDING | QW_TABLE_EVENT | QW_TABLE_ENTRY },
  { "devices", QW_TABLE_DEVICE },  /* the venue's devices: their contacts, sessions, log */
};

/**
 * qw_document_topics:
 *
 * The topics of the document's "changed" signal, its details: what a
 * listener names (a page of the window follows those it shows), whichever
 * way the change comes (a step, an undo or a redo, another connection's).
 *
 * Returns: (array zero-terminated=1) (transfer none): the topics
 */
const char * const *
qw_document_topics (void)
{
  /* topic_tables' topics, in its order */
  static const char * const topics[] = { "events", "entries", "sections", "games", "nominees", "meta", "region",
                                         "devices", NULL };

  G_STATIC_ASSERT (G_N_ELEMENTS (topics) == G_N_ELEMENTS (topic_tables) + 1);
  return topics;
}

static gboolean
topic_applies (guint          i,
               guint          tables,
               QwDocumentKind kind)
{
  if (g_str_equal (topic_tables[i].topic, "region") && kind != QW_DOCUMENT_REGION)
    return FALSE;
  return (tables & topic_tables[i].tables) != 0;
}

const char **
_qw_tables_topics (guint          tables,
                   QwDocumentKind kind)
{
  const char **topics = g_new0 (const char *, G_N_ELEMENTS (topic_tables) + 1);
  guint n = 0;

  for (guint i = 0; i < G_N_ELEMENTS (topic_tables); i++)
    if (topic_applies (i, tables, kind))
      topics[n++] = topic_tables[i].topic;
  return topics;
}

char *
_qw_tables_topics_text (guint          tables,
                        QwDocumentKind kind)
{
  g_autofree const char **topics = _qw_tables_topics (tables, kind);

  return g_strjoinv (" ", (char **) topics);
}

guint
_qw_topics_tables (const char *text)
{
  g_auto(GStrv) words = g_strsplit (text != NULL ? text : "", " ", -1);
  guint tables = 0;

  for (guint w = 0; words[w] != NULL; w++)
    for (guint i = 0; i < G_N_ELEMENTS (topic_tables); i++)
      {
        if (!g_str_equal (words[w], topic_tables[i].topic))
          continue;
        /* "region" alone comes back as the one table only it stands for. */
        tables |= g_str_equal (words[w], "region") ? QW_TABLE_STANDING : topic_tables[i].tables;
      }
  return tables;
}

/* Rows */

void
_qw_step_row_clear (QwStepRow *row)
{
  g_clear_pointer (&row->label, g_free);
  g_clear_pointer (&row->stored_label, g_free);
  g_clear_pointer (&row->origin, g_free);
  row->id = 0;
  row->tables = 0;
  row->undone = FALSE;
}

static void
row_read (sqlite3_stmt *stmt,
          QwStepRow    *row)
{
  _qw_step_row_clear (row);
  row->id = sqlite3_column_int64 (stmt, 0);
  /* Stored as a message (issue 19 point 22), or, written before, as text
   * in the writer's language, shown as it is. */
  row->stored_label = g_strdup (_qw_column_text (stmt, 1));
  row->label = qw_message_render (row->stored_label);
  row->origin = g_strdup (_qw_column_text (stmt, 2));
  row->tables = _qw_topics_tables (_qw_column_text (stmt, 3));
  row->undone = sqlite3_column_int (stmt, 4) != 0;
}

static gboolean
read_one (QwDocument   *doc,
          sqlite3_stmt *stmt,
          QwStepRow    *row,
          GError      **error)
{
  int rc = sqlite3_step (stmt);

  if (rc == SQLITE_ROW)
    {
      row_read (stmt, row);
      return TRUE;
    }
  if (rc != SQLITE_DONE)
    _qw_document_set_error (doc, error, _("The document’s history could not be read"));
  return FALSE;
}

/* Keeps at most QW_HISTORY_MAX_STEPS steps and QW_HISTORY_MAX_BYTES of
 * changesets (a region's imports can be large); the newest always stays. */
static gboolean
forget_oldest (QwDocument  *doc,
               GError     **error)
{
  g_autoptr(sqlite3_stmt) rows = _qw_document_prepare (doc, "SELECT id, size FROM step ORDER BY id DESC", error);
  g_autoptr(sqlite3_stmt) forget = NULL;
  gint64 total = 0, last_kept = 0;
  guint kept = 0;
  int rc;

  if (rows == NULL)
    return FALSE;
  while ((rc = sqlite3_step (rows)) == SQLITE_ROW)
    {
      gint64 size = sqlite3_column_int64 (rows, 1);

      total += size;
      if (kept > 0 && (kept >= QW_HISTORY_MAX_STEPS || total > QW_HISTORY_MAX_BYTES))
        break;
      last_kept = sqlite3_column_int64 (rows, 0);
      kept++;
    }
  if (rc == SQLITE_DONE)
    return TRUE;
  if (rc != SQLITE_ROW)
    {
      _qw_document_set_error (doc, error, _("The document’s history could not be read"));
      return FALSE;
    }
  forget = _qw_document_prepare (doc, "DELETE FROM step WHERE id < ?", error);
  if (forget == NULL)
    return FALSE;
  sqlite3_bind_int64 (forget, 1, last_kept);
  return _qw_document_step_done (doc, forget, error);
}

gboolean
_qw_step_table_add (QwDocument  *doc,
                    const char  *label,
                    const char  *origin,
                    guint        tables,
                    const char  *held,
                    const void  *changeset,
                    int          size,
                    GError     **error)
{
  g_autoptr(sqlite3_stmt) redo = _qw_document_prepare (doc, "DELETE FROM step WHERE undone = 1", error);
  g_autoptr(sqlite3_stmt) add = NULL;
  g_autofree char *topics = _qw_tables_topics_text (tables, doc->kind);

  if (redo == NULL || !_qw_document_step_done (doc, redo, error))
    return FALSE;
  add = _qw_document_prepare (doc, "INSERT INTO step (label, origin, topics, held, size, changeset) "
                                   "VALUES (?, ?, ?, ?, ?, ?)", error);
  if (add == NULL)
    return FALSE;
  _qw_bind_text (add, 1, label);
  _qw_bind_text (add, 2, origin);
  _qw_bind_text (add, 3, topics);
  _qw_bind_text (add, 4, held != NULL ? held : "");
  sqlite3_bind_int (add, 5, size);
  sqlite3_bind_blob (add, 6, changeset, size, SQLITE_STATIC);
  return _qw_document_step_done (doc, add, error) && forget_oldest (doc, error);
}

gboolean
_qw_step_table_next (QwDocument  *doc,
                     gboolean     undone,
                     QwStepRow   *row,
                     GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt =
    _qw_document_prepare (doc, undone ? "SELECT id, label, origin, topics, undone FROM step WHERE undone = 1 "
                                        "ORDER BY id LIMIT 1"
                                      : "SELECT id, label, origin, topics, undone FROM step WHERE undone = 0 "
                                        "ORDER BY id DESC LIMIT 1", error);

  return stmt != NULL && read_one (doc, stmt, row, error);
}

gboolean
_qw_step_table_get (QwDocument  *doc,
                    gint64       id,
                    QwStepRow   *row,
                    GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt =
    _qw_document_prepare (doc, "SELECT id, label, origin, topics, undone FROM step WHERE id = ?", error);

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, id);
  return read_one (doc, stmt, row, error);
}

gboolean
_qw_step_table_changeset (QwDocument  *doc,
                          gint64       id,
                          void       **changeset,
                          int         *size,
                          char       **held,
                          GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt = _qw_document_prepare (doc, "SELECT changeset, held FROM step WHERE id = ?", error);
  int rc;

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, id);
  rc = sqlite3_step (stmt);
  if (rc != SQLITE_ROW)
    {
      _qw_document_set_error (doc, error, _("The document’s history could not be read"));
      return FALSE;
    }
  *size = sqlite3_column_bytes (stmt, 0);
  *changeset = g_memdup2 (sqlite3_column_blob (stmt, 0), (gsize) *size);
  *held = g_strdup (_qw_column_text (stmt, 1));
  return TRUE;
}

gboolean
_qw_step_table_set_undone (QwDocument  *doc,
                           gint64       id,
                           gboolean     undone,
                           const char  *held,
                           GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt = _qw_document_prepare (doc, "UPDATE step SET undone = ?, held = ? WHERE id = ?",
                                                       error);

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int (stmt, 1, undone ? 1 : 0);
  _qw_bind_text (stmt, 2, held != NULL ? held : "");
  sqlite3_bind_int64 (stmt, 3, id);
  return _qw_document_step_done (doc, stmt, error);
}

/* Sights */

typedef struct
{
  gint64   id;
  guint    tables;
  gboolean undone;
} Seen;

struct _QwStepSight
{
  GArray *steps;                  /* Seen, by id */
  gint64  device_seq;             /* device_mark's count of the venue's writes outside steps */
};

/* The venue's writes that are no step (a join, a contact, a log line)
 * count in device_mark; 0 where there is no such table (a document read
 * as it is, older than version 11). */
static gint64
device_seq (QwDocument *doc)
{
  g_autoptr(sqlite3_stmt) stmt = _qw_document_prepare (doc, "SELECT seq FROM device_mark WHERE id = 1", NULL);

  if (stmt == NULL || sqlite3_step (stmt) != SQLITE_ROW)
    return 0;
  return sqlite3_column_int64 (stmt, 0);
}

QwStepSight *
_qw_step_sight_take (QwDocument *doc)
{
  g_autoptr(sqlite3_stmt) stmt = _qw_document_prepare (doc, "SELECT id, topics, undone FROM step ORDER BY id", NULL);
  QwStepSight *sight;

  if (stmt == NULL)
    return NULL;
  sight = g_new0 (QwStepSight, 1);
  sight->steps = g_array_new (FALSE, FALSE, sizeof (Seen));
  while (sqlite3_step (stmt) == SQLITE_ROW)
    {
      Seen seen = { sqlite3_column_int64 (stmt, 0), _qw_topics_tables (_qw_column_text (stmt, 1)),
                    sqlite3_column_int (stmt, 2) != 0 };

      g_array_append_val (sight->steps, seen);
    }
  sight->device_seq = device_seq (doc);
  return sight;
}

void
_qw_step_sight_free (QwStepSight *sight)
{
  if (sight == NULL)
    return;
  g_array_unref (sight->steps);
  g_free (sight);
}

static const Seen *
seen_find (const QwStepSight *sight,
           gint64             id)
{
  guint lo = 0, hi = sight->steps->len;

  while (lo < hi)
    {
      guint mid = (lo + hi) / 2;
      const Seen *s = &g_array_index (sight->steps, Seen, mid);

      if (s->id == id)
        return s;
      if (s->id < id)
        lo = mid + 1;
      else
        hi = mid;
    }
  return NULL;
}

/* New steps and steps undone or redone since; the steps forgotten since
 * (the oldest, or those a new step took off the redo) changed nothing.
 * When none of the steps seen before is left, more steps may have been
 * made than the table keeps: every topic, then. */
guint
_qw_step_sight_changes (const QwStepSight *before,
                        const QwStepSight *now)
{
  guint tables = 0, kept = 0;

  if (before == NULL || now == NULL)
    return QW_TABLES_ALL;
  for (guint i = 0; i < now->steps->len; i++)
    {
      const Seen *s = &g_array_index (now->steps, Seen, i);
      const Seen *b = seen_find (before, s->id);

      if (b != NULL)
        kept++;
      if (b == NULL || b->undone != s->undone)
        tables |= s->tables;
    }
  if (kept == 0 && now->steps->len > 0
      && (before->steps->len > 0 || now->steps->len >= QW_HISTORY_MAX_STEPS))
    return QW_TABLES_ALL;
  /* The venue's own writes (a phone's contact, a join, a log line) are
   * told apart from a change no step accounts for: they touch only the
   * devices, and must not make every page of the window read again. */
  if (now->device_seq != before->device_seq)
    tables |= QW_TABLE_DEVICE;
  return tables;
}
