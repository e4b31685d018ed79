/* qw-document-entries.c: events, players and entries in a document
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-document"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "qw-document-entries.h"
#include "qw-document-private.h"
#include "qw-document-entries.h"
#include "qw-error.h"
#include "qw-date.h"
#include "qw-entry.h"
#include "qw-event.h"

/* Events */

#define EVENT_COLUMNS \
  "ruleset, name, level, region, place_city, place_county, place_town, host, host_level, " \
  "prefecture, county_city, honours, start_date, end_date, venue, organiser, chief_arbiter, " \
  "chief_arbiter_grade, system, rounds, minutes, increment, source, participants, digest"

static void
bind_event (sqlite3_stmt  *stmt,
            const QwEvent *e)
{
  char start[QW_DATE_ISO_LEN], end[QW_DATE_ISO_LEN];
  int i = 1;

  qw_date_to_iso (e->start_date, start);
  qw_date_to_iso (e->end_date, end);
  _qw_bind_text (stmt, i++, e->ruleset);
  _qw_bind_text (stmt, i++, e->name);
  _qw_bind_text (stmt, i++, qw_level_to_code (e->level));
  _qw_bind_text (stmt, i++, e->region);
  _qw_bind_text (stmt, i++, e->place_city);
  _qw_bind_text (stmt, i++, e->place_county);
  _qw_bind_text (stmt, i++, e->place_town);
  _qw_bind_text (stmt, i++, e->host);
  _qw_bind_text (stmt, i++, qw_host_level_to_code (e->host_level));
  _qw_bind_text (stmt, i++, e->prefecture);
  _qw_bind_text (stmt, i++, e->county_city);
  _qw_bind_text (stmt, i++, e->honours);
  _qw_bind_text (stmt, i++, start);
  _qw_bind_text (stmt, i++, end);
  _qw_bind_text (stmt, i++, e->venue);
  _qw_bind_text (stmt, i++, e->organiser);
  _qw_bind_text (stmt, i++, e->chief_arbiter);
  _qw_bind_text (stmt, i++, e->chief_arbiter_grade);
  _qw_bind_text (stmt, i++, e->system);
  sqlite3_bind_int (stmt, i++, e->rounds);
  sqlite3_bind_int (stmt, i++, e->minutes);
  sqlite3_bind_int (stmt, i++, e->increment);
  _qw_bind_text (stmt, i++, qw_source_to_code (e->source));
  sqlite3_bind_int (stmt, i++, e->participants);
  _qw_bind_text (stmt, i++, e->digest);
}

static char *
column_dup (sqlite3_stmt *stmt,
            int           column)
{
  return g_strdup (_qw_column_text (stmt, column));
}

static QwEvent *
read_event (sqlite3_stmt *stmt)
{
  QwEvent *e = g_new0 (QwEvent, 1);
  int i = 0;

  e->id = sqlite3_column_int64 (stmt, i++);
  e->ruleset = column_dup (stmt, i++);
  e->name = column_dup (stmt, i++);
  e->level = qw_level_from_code (_qw_column_text (stmt, i++));
  e->region = column_dup (stmt, i++);
  e->place_city = column_dup (stmt, i++);
  e->place_county = column_dup (stmt, i++);
  e->place_town = column_dup (stmt, i++);
  e->host = column_dup (stmt, i++);
  e->host_level = qw_host_level_from_code (_qw_column_text (stmt, i++));
  e->prefecture = column_dup (stmt, i++);
  e->county_city = column_dup (stmt, i++);
  e->honours = column_dup (stmt, i++);
  qw_date_parse_iso (_qw_column_text (stmt, i++), &e->start_date);
  qw_date_parse_iso (_qw_column_text (stmt, i++), &e->end_date);
  e->venue = column_dup (stmt, i++);
  e->organiser = column_dup (stmt, i++);
  e->chief_arbiter = column_dup (stmt, i++);
  e->chief_arbiter_grade = column_dup (stmt, i++);
  e->system = column_dup (stmt, i++);
  e->rounds = sqlite3_column_int (stmt, i++);
  e->minutes = sqlite3_column_int (stmt, i++);
  e->increment = sqlite3_column_int (stmt, i++);
  e->source = qw_source_from_code (_qw_column_text (stmt, i++));
  e->participants = sqlite3_column_int (stmt, i++);
  e->digest = column_dup (stmt, i++);
  return e;
}

gboolean
qw_document_add_event (QwDocument  *self,
                       QwEvent     *event,
                       GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;
  gboolean opened, ok;

  g_return_val_if_fail (QW_IS_DOCUMENT (self), FALSE);

  if (!_qw_document_write_begin (self, &opened, error))
    return FALSE;
  stmt = _qw_document_prepare (self,
                               "INSERT INTO event (" EVENT_COLUMNS ") VALUES "
                               "(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)", error);
  if (stmt != NULL)
    bind_event (stmt, event);
  ok = stmt != NULL && _qw_document_step_done (self, stmt, error);
  if (ok)
    event->id = sqlite3_last_insert_rowid (_qw_document_get_db (self));
  /* An event run here gets its results id with it (qw-document-identity.h). */
  if (ok && event->source == QW_SOURCE_LOCAL)
    ok = _qw_document_make_results_uid (self, event->id, error);
  if (!_qw_document_write_end (self, opened, ok, error))
    {
      event->id = 0;
      return FALSE;
    }
  return TRUE;
}

gboolean
qw_document_update_event (QwDocument     *self,
                          const QwEvent  *event,
                          GError        **error)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;
  gboolean opened, ok;

  g_return_val_if_fail (QW_IS_DOCUMENT (self), FALSE);

  if (!_qw_document_write_begin (self, &opened, error))
    return FALSE;
  stmt = _qw_document_prepare (self,
                               "UPDATE event SET (" EVENT_COLUMNS ") = "
                               "(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?) WHERE id = ?",
                               error);
  if (stmt != NULL)
    {
      bind_event (stmt, event);
      sqlite3_bind_int64 (stmt, 26, event->id);
    }
  ok = stmt != NULL && _qw_document_step_done (self, stmt, error);
  if (!_qw_document_write_end (self, opened, ok, error))
    return FALSE;
  return TRUE;
}

gboolean
qw_document_delete_event (QwDocument  *self,
                          gint64       event_id,
                          GError     **error)
{
  g_autoptr(sqlite3_stmt) players = NULL;
  g_autoptr(sqlite3_stmt) stmt = NULL;

  if (!qw_document_begin (self, error))
    return FALSE;
  /* Entries go with the event (ON DELETE CASCADE); their players must go too. */
  players = _qw_document_prepare (self,
                                  "DELETE FROM player WHERE id IN "
                                  "(SELECT player_id FROM entry WHERE event_id = ?)", error);
  stmt = players != NULL ? _qw_document_prepare (self, "DELETE FROM event WHERE id = ?", error) : NULL;
  if (stmt == NULL)
    {
      qw_document_rollback (self);
      return FALSE;
    }
  sqlite3_bind_int64 (players, 1, event_id);
  sqlite3_bind_int64 (stmt, 1, event_id);
  if (!_qw_document_step_done (self, players, error) || !_qw_document_step_done (self, stmt, error))
    {
      qw_document_rollback (self);
      return FALSE;
    }
  if (!qw_document_commit (self, error))
    return FALSE;
  return TRUE;
}

QwEvent *
qw_document_get_event (QwDocument  *self,
                       gint64       event_id,
                       GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt =
    _qw_document_prepare (self, "SELECT id, " EVENT_COLUMNS " FROM event WHERE id = ?", error);

  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, event_id);
  if (sqlite3_step (stmt) != SQLITE_ROW)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_NOT_FOUND, _("The event no longer exists"));
      return NULL;
    }
  return read_event (stmt);
}

/* The event a stop document is about: its first locally run event. */
QwEvent *
qw_document_get_main_event (QwDocument  *self,
                            GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt =
    _qw_document_prepare (self, "SELECT id, " EVENT_COLUMNS " FROM event "
                                "WHERE source = 'local' ORDER BY id LIMIT 1", error);

  if (stmt == NULL)
    return NULL;
  if (sqlite3_step (stmt) != SQLITE_ROW)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_NOT_FOUND, _("The document holds no event"));
      return NULL;
    }
  return read_event (stmt);
}

GPtrArray *
qw_document_list_events (QwDocument  *self,
                         GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt =
    _qw_document_prepare (self, "SELECT id, " EVENT_COLUMNS " FROM event ORDER BY id", error);
  GPtrArray *events;

  if (stmt == NULL)
    return NULL;
  events = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_event_free);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    g_ptr_array_add (events, read_event (stmt));
  return events;
}

/* Entries */

#define ENTRY_SELECT \
  "SELECT e.id, e.event_id, e.no, p.name, p.sex, p.birth, p.doc_kind, p.id_number, p.unit, " \
  "p.grade, p.phone, e.declared_group, e.group_code, e.status, e.rating, e.allowed, p.account, " \
  "e.relation, e.registered, e.form_stamped FROM entry e JOIN player p ON p.id = e.player_id "

/* A pair's members (schema step 8), in the person columns' order of the player table. */
#define MEMBER_COLUMNS "name, sex, birth, doc_kind, id_number, unit, grade, phone, account"

/* The stored code (bind_player writes it, the schema allows no other):
 * qw_sex_parse() reads what people type, at a hundred times the cost. */
static QwSex
sex_from_code (const char *code)
{
  if (g_str_equal (code, "M"))
    return QW_SEX_MALE;
  if (g_str_equal (code, "F"))
    return QW_SEX_FEMALE;
  return QW_SEX_UNKNOWN;
}

static QwEntry *
read_entry (sqlite3_stmt *stmt)
{
  QwEntry *e = qw_entry_new ();
  int i = 0;

  e->id = sqlite3_column_int64 (stmt, i++);
  e->event_id = sqlite3_column_int64 (stmt, i++);
  e->no = sqlite3_column_int (stmt, i++);
  e->name = column_dup (stmt, i++);
  e->sex = sex_from_code (_qw_column_text (stmt, i++));
  e->birth = column_dup (stmt, i++);
  e->doc_kind = qw_doc_kind_from_code (_qw_column_text (stmt, i++));
  e->id_number = column_dup (stmt, i++);
  e->unit = column_dup (stmt, i++);
  e->grade = column_dup (stmt, i++);
  e->phone = column_dup (stmt, i++);
  e->declared_group = column_dup (stmt, i++);
  e->group_code = column_dup (stmt, i++);
  e->status = qw_entry_status_from_code (_qw_column_text (stmt, i++));
  e->rating = sqlite3_column_int (stmt, i++);
  e->allowed = column_dup (stmt, i++);
  e->account = column_dup (stmt, i++);
  e->relation = column_dup (stmt, i++);
  e->registered = column_dup (stmt, i++);
  e->form_stamped = sqlite3_column_int (stmt, i++) != 0;
  return e;
}

/* A member from the MEMBER_COLUMNS of a row, from @first. */
static QwEntry *
read_member (sqlite3_stmt *stmt,
             int           first)
{
  QwEntry *m = qw_entry_new ();
  int i = first;

  m->name = column_dup (stmt, i++);
  m->sex = sex_from_code (_qw_column_text (stmt, i++));
  m->birth = column_dup (stmt, i++);
  m->doc_kind = qw_doc_kind_from_code (_qw_column_text (stmt, i++));
  m->id_number = column_dup (stmt, i++);
  m->unit = column_dup (stmt, i++);
  m->grade = column_dup (stmt, i++);
  m->phone = column_dup (stmt, i++);
  m->account = column_dup (stmt, i++);
  return m;
}

/* The person's fields, from @first; returns the next index. */
static int
bind_person (sqlite3_stmt  *stmt,
             int            first,
             const QwEntry *e)
{
  const char *sex = qw_sex_to_code (e->sex);
  int i = first;

  _qw_bind_text (stmt, i++, e->name);
  _qw_bind_text (stmt, i++, sex != NULL ? sex : "");
  _qw_bind_text (stmt, i++, e->birth);
  _qw_bind_text (stmt, i++, qw_doc_kind_to_code (e->doc_kind));
  _qw_bind_text (stmt, i++, e->id_number);
  _qw_bind_text (stmt, i++, e->unit);
  _qw_bind_text (stmt, i++, e->grade);
  _qw_bind_text (stmt, i++, e->phone);
  _qw_bind_text (stmt, i++, e->account);
  return i;
}

static void
bind_player (sqlite3_stmt  *stmt,
             const QwEntry *e)
{
  bind_person (stmt, 1, e);
}

/* Writes @entry's members over those stored (none for one player); an
 * entry just inserted (@fresh) has none stored: a member row cannot
 * outlive its entry (ON DELETE CASCADE), so there is nothing to clear. */
static gboolean
store_members (QwDocument     *self,
               const QwEntry  *entry,
               gboolean        fresh,
               GError        **error)
{
  g_autoptr(sqlite3_stmt) insert = NULL;

  if (!fresh)
    {
      g_autoptr(sqlite3_stmt) clear = _qw_document_prepare (self, "DELETE FROM member WHERE entry_id = ?", error);

      if (clear == NULL)
        return FALSE;
      sqlite3_bind_int64 (clear, 1, entry->id);
      if (!_qw_document_step_done (self, clear, error))
        return FALSE;
    }
  if (!qw_entry_is_pair (entry))
    return TRUE;
  insert = _qw_document_prepare (self, "INSERT INTO member (entry_id, position, " MEMBER_COLUMNS ") "
                                       "VALUES (?,?,?,?,?,?,?,?,?,?,?)", error);
  if (insert == NULL)
    return FALSE;
  for (guint i = 0; i < entry->members->len; i++)
    {
      sqlite3_reset (insert);
      sqlite3_bind_int64 (insert, 1, entry->id);
      sqlite3_bind_int (insert, 2, (int) i + 1);
      bind_person (insert, 3, g_ptr_array_index (entry->members, i));
      if (!_qw_document_step_done (self, insert, error))
        return FALSE;
    }
  return TRUE;
}

/* Gives each pair of @entries its members: one query for the event (@event_id
 * > 0) or for the one entry. */
static gboolean
load_members (QwDocument  *self,
              GPtrArray   *entries,
              gint64       event_id,
              GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;
  g_autoptr(GHashTable) by_id = NULL;

  if (entries->len == 0)
    return TRUE;
  if (event_id > 0)
    stmt = _qw_document_prepare (self, "SELECT m.entry_id, " MEMBER_COLUMNS " FROM member m "
                                       "JOIN entry e ON e.id = m.entry_id WHERE e.event_id = ? "
                                       "ORDER BY m.entry_id, m.position", error);
  else
    stmt = _qw_document_prepare (self, "SELECT entry_id, " MEMBER_COLUMNS " FROM member "
                                       "WHERE entry_id = ? ORDER BY position", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, event_id > 0 ? event_id : ((QwEntry *) g_ptr_array_index (entries, 0))->id);
  /* Most events have no pair: the index is made only for the first member. */
  if (sqlite3_step (stmt) != SQLITE_ROW)
    return TRUE;
  by_id = g_hash_table_new (g_int64_hash, g_int64_equal);
  for (guint i = 0; i < entries->len; i++)
    {
      QwEntry *e = g_ptr_array_index (entries, i);

      g_hash_table_insert (by_id, &e->id, e);
    }
  do
    {
      gint64 id = sqlite3_column_int64 (stmt, 0);
      QwEntry *e = g_hash_table_lookup (by_id, &id);

      if (e != NULL)
        qw_entry_add_member (e, read_member (stmt, 1));
    }
  while (sqlite3_step (stmt) == SQLITE_ROW);
  return TRUE;
}

/* The entry's own columns, in ENTRY_COLUMNS' order, from 1; returns the next index. */
#define ENTRY_COLUMNS "no, declared_group, group_code, status, rating, allowed, relation, registered, form_stamped"
#define ENTRY_VALUES "?,?,?,?,?,?,?,?,?"

static int
bind_entry_at (sqlite3_stmt  *stmt,
               int            first,
               const QwEntry *e)
{
  int i = first;

  sqlite3_bind_int (stmt, i++, e->no);
  _qw_bind_text (stmt, i++, e->declared_group);
  _qw_bind_text (stmt, i++, e->group_code);
  _qw_bind_text (stmt, i++, qw_entry_status_to_code (e->status));
  sqlite3_bind_int (stmt, i++, e->rating);
  _qw_bind_text (stmt, i++, e->allowed);
  _qw_bind_text (stmt, i++, e->relation);
  _qw_bind_text (stmt, i++, e->registered);
  sqlite3_bind_int (stmt, i++, e->form_stamped ? 1 : 0);
  return i;
}

static int
bind_entry (sqlite3_stmt  *stmt,
            const QwEntry *e)
{
  return bind_entry_at (stmt, 1, e);
}

/**
 * qw_document_count_participants:
 *
 * The event's participants (参赛人数): its entries, but not one found
 * ineligible (excluded) nor a late entry never admitted, who took no part.
 * A player who withdrew took part.
 */
int
qw_document_count_participants (QwDocument *self,
                                gint64      event_id)
{
  g_autoptr(sqlite3_stmt) stmt =
    _qw_document_prepare (self, "SELECT COUNT(*) FROM entry WHERE event_id = ? "
                                "AND status NOT IN ('excluded', 'late')", NULL);

  if (stmt == NULL)
    return 0;
  sqlite3_bind_int64 (stmt, 1, event_id);
  return sqlite3_step (stmt) == SQLITE_ROW ? sqlite3_column_int (stmt, 0) : 0;
}

static int
qw_document_next_entry_no (QwDocument *self,
                           gint64      event_id)
{
  g_autoptr(sqlite3_stmt) stmt =
    _qw_document_prepare (self, "SELECT COALESCE(MAX(no), 0) + 1 FROM entry WHERE event_id = ?", NULL);

  if (stmt == NULL)
    return 1;
  sqlite3_bind_int64 (stmt, 1, event_id);
  return sqlite3_step (stmt) == SQLITE_ROW ? sqlite3_column_int (stmt, 0) : 1;
}

typedef struct
{
  sqlite3_stmt *player;
  sqlite3_stmt *entry;
} InsertStatements;

static void
insert_statements_clear (InsertStatements *s)
{
  g_clear_pointer (&s->player, _qw_statement_release);
  g_clear_pointer (&s->entry, _qw_statement_release);
}

static gboolean
insert_statements_prepare (QwDocument       *self,
                           InsertStatements *s,
                           GError          **error)
{
  s->player = _qw_document_prepare (self,
                                    "INSERT INTO player (" MEMBER_COLUMNS ") VALUES (?,?,?,?,?,?,?,?,?)",
                                    error);
  if (s->player == NULL)
    return FALSE;
  /* An explicit id restores a deleted entry under its old id (undo). */
  s->entry = _qw_document_prepare (self,
                                   "INSERT INTO entry (" ENTRY_COLUMNS ", event_id, player_id, id) "
                                   "VALUES (" ENTRY_VALUES ",?,?,?)", error);
  return s->entry != NULL;
}

static gboolean
insert_one (QwDocument       *self,
            InsertStatements *s,
            QwEntry          *entry,
            GError          **error)
{
  sqlite3 *db = _qw_document_get_db (self);
  int i;

  sqlite3_reset (s->player);
  sqlite3_reset (s->entry);
  bind_player (s->player, entry);
  if (!_qw_document_step_done (self, s->player, error))
    return FALSE;
  i = bind_entry (s->entry, entry);
  sqlite3_bind_int64 (s->entry, i++, entry->event_id);
  sqlite3_bind_int64 (s->entry, i++, sqlite3_last_insert_rowid (db));
  if (entry->id > 0)
    sqlite3_bind_int64 (s->entry, i, entry->id);
  else
    sqlite3_bind_null (s->entry, i);
  if (!_qw_document_step_done (self, s->entry, error))
    return FALSE;
  entry->id = sqlite3_last_insert_rowid (db);
  return store_members (self, entry, TRUE, error);
}

/* Rows of one multi-row INSERT: 64 × 12 parameters stay under SQLite's
 * oldest limit (999). An import brings tens of thousands of entries, and
 * each statement costs about as much again as its row. A player's row has
 * its id and the 9 MEMBER_COLUMNS; an entry's the 9 ENTRY_COLUMNS, its
 * event, player and id. */
#define ENTRY_INSERT_BLOCK 64
#define PLAYER_ROW_PARAMS 10
#define ENTRY_ROW_PARAMS 12
G_STATIC_ASSERT (ENTRY_INSERT_BLOCK * ENTRY_ROW_PARAMS <= 999);

/* Whether the ENTRY_INSERT_BLOCK entries from @first can go in one
 * statement each for players and entries: new ones (no id to restore),
 * each a single player (no members to store). */
static gboolean
block_insertable (GPtrArray *entries,
                  guint      first)
{
  if (entries->len - first < ENTRY_INSERT_BLOCK)
    return FALSE;
  for (guint k = 0; k < ENTRY_INSERT_BLOCK; k++)
    {
      const QwEntry *e = g_ptr_array_index (entries, first + k);

      if (e->id > 0 || qw_entry_is_pair (e))
        return FALSE;
    }
  return TRUE;
}

/* "INSERT INTO @table (@columns) VALUES (@row),(@row)…", ENTRY_INSERT_BLOCK rows. */
static char *
block_sql (const char *table,
           const char *columns,
           const char *row)
{
  GString *out = g_string_new (NULL);

  g_string_append_printf (out, "INSERT INTO %s (%s) VALUES ", table, columns);
  for (guint k = 0; k < ENTRY_INSERT_BLOCK; k++)
    g_string_append_printf (out, "%s(%s)", k == 0 ? "" : ",", row);
  return g_string_free (out, FALSE);
}

/* One past the largest id of @stmt's table (SELECT MAX(id)), the id SQLite
 * gives the next row; 0 when it would have to pick one at random. */
static gboolean
next_rowid (QwDocument    *self,
            sqlite3_stmt  *stmt,
            gint64        *next,
            GError       **error)
{
  gint64 max;

  if (sqlite3_step (stmt) != SQLITE_ROW)
    {
      _qw_document_set_error (self, error, _("The document could not be read"));
      return FALSE;
    }
  max = sqlite3_column_int64 (stmt, 0);
  *next = max < G_MAXINT64 - ENTRY_INSERT_BLOCK ? max + 1 : 0;
  return TRUE;
}

/* Inserts the ENTRY_INSERT_BLOCK entries from @first (numbered already),
 * their players first, giving each the ids SQLite would have given it one
 * by one. *done is FALSE when there are no such ids to give (nothing
 * written then). */
static gboolean
insert_block (QwDocument  *self,
              GPtrArray   *entries,
              guint        first,
              gboolean    *done,
              GError     **error)
{
  static char *player_sql, *entry_sql;
  static gsize ready;
  g_autoptr(sqlite3_stmt) max_player = NULL;
  g_autoptr(sqlite3_stmt) max_entry = NULL;
  g_autoptr(sqlite3_stmt) players = NULL;
  g_autoptr(sqlite3_stmt) rows = NULL;
  gint64 player_id, entry_id;

  if (g_once_init_enter (&ready))
    {
      player_sql = block_sql ("player", "id, " MEMBER_COLUMNS, "?,?,?,?,?,?,?,?,?,?");
      entry_sql = block_sql ("entry", ENTRY_COLUMNS ", event_id, player_id, id", ENTRY_VALUES ",?,?,?");
      g_once_init_leave (&ready, 1);
    }
  *done = FALSE;
  max_player = _qw_document_prepare (self, "SELECT COALESCE(MAX(id), 0) FROM player", error);
  max_entry = max_player != NULL ? _qw_document_prepare (self, "SELECT COALESCE(MAX(id), 0) FROM entry", error) : NULL;
  if (max_entry == NULL || !next_rowid (self, max_player, &player_id, error)
      || !next_rowid (self, max_entry, &entry_id, error))
    return FALSE;
  if (player_id == 0 || entry_id == 0)
    return TRUE;
  players = _qw_document_prepare (self, player_sql, error);
  rows = players != NULL ? _qw_document_prepare (self, entry_sql, error) : NULL;
  if (rows == NULL)
    return FALSE;
  for (guint k = 0; k < ENTRY_INSERT_BLOCK; k++)
    {
      QwEntry *e = g_ptr_array_index (entries, first + k);
      int i = (int) k * ENTRY_ROW_PARAMS + 1;

      sqlite3_bind_int64 (players, (int) k * PLAYER_ROW_PARAMS + 1, player_id + k);
      bind_person (players, (int) k * PLAYER_ROW_PARAMS + 2, e);
      i = bind_entry_at (rows, i, e);
      sqlite3_bind_int64 (rows, i++, e->event_id);
      sqlite3_bind_int64 (rows, i++, player_id + k);
      sqlite3_bind_int64 (rows, i, entry_id + k);
    }
  if (!_qw_document_step_done (self, players, error) || !_qw_document_step_done (self, rows, error))
    return FALSE;
  for (guint k = 0; k < ENTRY_INSERT_BLOCK; k++)
    ((QwEntry *) g_ptr_array_index (entries, first + k))->id = entry_id + k;
  *done = TRUE;
  return TRUE;
}

/**
 * qw_document_add_entries:
 * @entries: (element-type QwEntry): entries to add; those with no number get
 *   the next free ones, and every entry's id is set
 *
 * Adds all entries in one transaction: either all are added or none.
 */
gboolean
qw_document_add_entries (QwDocument  *self,
                         gint64       event_id,
                         GPtrArray   *entries,
                         GError     **error)
{
  InsertStatements s = { NULL, NULL };
  int next_no;

  g_return_val_if_fail (QW_IS_DOCUMENT (self), FALSE);

  if (!qw_document_begin (self, error))
    return FALSE;
  next_no = qw_document_next_entry_no (self, event_id);
  if (!insert_statements_prepare (self, &s, error))
    goto fail;
  for (guint i = 0; i < entries->len; )
    {
      QwEntry *entry = g_ptr_array_index (entries, i);
      gboolean block = block_insertable (entries, i);

      for (guint k = 0; k < (block ? ENTRY_INSERT_BLOCK : 1); k++)
        {
          QwEntry *e = g_ptr_array_index (entries, i + k);

          e->event_id = event_id;
          if (e->no <= 0)
            e->no = next_no++;
          else
            next_no = MAX (next_no, e->no + 1);
        }
      if (block)
        {
          gboolean done = FALSE;

          if (!insert_block (self, entries, i, &done, error))
            goto fail;
          if (done)
            {
              i += ENTRY_INSERT_BLOCK;
              continue;
            }
          /* No ids to give in order: one by one, as SQLite gives them. */
          for (guint k = 0; k < ENTRY_INSERT_BLOCK; k++)
            if (!insert_one (self, &s, g_ptr_array_index (entries, i + k), error))
              goto fail;
          i += ENTRY_INSERT_BLOCK;
          continue;
        }
      if (!insert_one (self, &s, entry, error))
        goto fail;
      i++;
    }
  insert_statements_clear (&s);
  if (!qw_document_commit (self, error))
    return FALSE;
  return TRUE;

fail:
  insert_statements_clear (&s);
  qw_document_rollback (self);
  for (guint i = 0; i < entries->len; i++)
    ((QwEntry *) g_ptr_array_index (entries, i))->id = 0;
  return FALSE;
}

gboolean
qw_document_add_entry (QwDocument  *self,
                       QwEntry     *entry,
                       GError     **error)
{
  g_autoptr(GPtrArray) one = g_ptr_array_new ();

  g_ptr_array_add (one, entry);
  return qw_document_add_entries (self, entry->event_id, one, error);
}

/* One entry's rows, inside the transaction of qw_document_update_entries(). */
static gboolean
update_one (QwDocument     *self,
            const QwEntry  *entry,
            GError        **error)
{
  g_autoptr(sqlite3_stmt) player = NULL;
  g_autoptr(sqlite3_stmt) stmt = NULL;

  player = _qw_document_prepare (self,
                                 "UPDATE player SET (" MEMBER_COLUMNS ") = (?,?,?,?,?,?,?,?,?) WHERE id = "
                                 "(SELECT player_id FROM entry WHERE id = ?)", error);
  stmt = player != NULL
         ? _qw_document_prepare (self,
                                 "UPDATE entry SET (" ENTRY_COLUMNS ") = (" ENTRY_VALUES ") WHERE id = ?",
                                 error)
         : NULL;
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (player, bind_person (player, 1, entry), entry->id);
  sqlite3_bind_int64 (stmt, bind_entry (stmt, entry), entry->id);
  if (!_qw_document_step_done (self, player, error) || !_qw_document_step_done (self, stmt, error))
    return FALSE;
  if (sqlite3_changes (_qw_document_get_db (self)) == 0)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_NOT_FOUND, _("The entry no longer exists"));
      return FALSE;
    }
  return store_members (self, entry, FALSE, error);
}

gboolean
qw_document_update_entry (QwDocument     *self,
                          const QwEntry  *entry,
                          GError        **error)
{
  g_autoptr(GPtrArray) one = g_ptr_array_new ();

  g_return_val_if_fail (QW_IS_DOCUMENT (self), FALSE);

  g_ptr_array_add (one, (gpointer) entry);
  return qw_document_update_entries (self, one, error);
}

/**
 * qw_document_update_entries:
 * @entries: (element-type QwEntry): entries as they are to be stored
 *
 * Stores each entry over the one of its id, in one transaction: all of
 * them or none. (One savepoint for all: a savepoint each, inside the
 * import's transaction, cost SQLite time in proportion to the document, so
 * that a large list's updates took minutes.)
 */
gboolean
qw_document_update_entries (QwDocument  *self,
                            GPtrArray   *entries,
                            GError     **error)
{
  g_return_val_if_fail (QW_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (entries != NULL, FALSE);

  if (entries->len == 0)
    return TRUE;
  if (!qw_document_begin (self, error))
    return FALSE;
  for (guint i = 0; i < entries->len; i++)
    if (!update_one (self, g_ptr_array_index (entries, i), error))
      {
        qw_document_rollback (self);
        return FALSE;
      }
  if (!qw_document_commit (self, error))
    return FALSE;
  return TRUE;
}

/**
 * qw_document_delete_entries:
 *
 * Deletes entries (and their players) in one transaction. An entry that has
 * played a game cannot be deleted: withdraw it instead.
 */
gboolean
qw_document_delete_entries (QwDocument    *self,
                            const gint64  *ids,
                            guint          n_ids,
                            GError       **error)
{
  g_autoptr(sqlite3_stmt) played = NULL;
  g_autoptr(sqlite3_stmt) stmt = NULL;

  g_return_val_if_fail (QW_IS_DOCUMENT (self), FALSE);

  if (!qw_document_begin (self, error))
    return FALSE;
  played = _qw_document_prepare (self, "SELECT 1 FROM game WHERE red = ?1 OR black = ?1 LIMIT 1", error);
  stmt = played != NULL
         ? _qw_document_prepare (self, "DELETE FROM player WHERE id = "
                                       "(SELECT player_id FROM entry WHERE id = ?)", error)
         : NULL;
  if (stmt == NULL)
    goto fail;
  for (guint i = 0; i < n_ids; i++)
    {
      sqlite3_reset (played);
      sqlite3_bind_int64 (played, 1, ids[i]);
      if (sqlite3_step (played) == SQLITE_ROW)
        {
          g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT,
                       _("An entry that has been paired cannot be deleted; mark it as withdrawn instead"));
          goto fail;
        }
      sqlite3_reset (stmt);
      sqlite3_bind_int64 (stmt, 1, ids[i]);
      if (!_qw_document_step_done (self, stmt, error))
        goto fail;
    }
  if (!qw_document_commit (self, error))
    return FALSE;
  return TRUE;

fail:
  qw_document_rollback (self);
  return FALSE;
}

QwEntry *
qw_document_get_entry (QwDocument  *self,
                       gint64       entry_id,
                       GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt = _qw_document_prepare (self, ENTRY_SELECT "WHERE e.id = ?", error);
  g_autoptr(GPtrArray) one = NULL;

  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, entry_id);
  if (sqlite3_step (stmt) != SQLITE_ROW)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_NOT_FOUND, _("The entry no longer exists"));
      return NULL;
    }
  one = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_entry_free);
  g_ptr_array_add (one, read_entry (stmt));
  g_clear_pointer (&stmt, _qw_statement_release);
  if (!load_members (self, one, 0, error))
    return NULL;
  return g_ptr_array_steal_index (one, 0);
}

GPtrArray *
qw_document_list_entries (QwDocument  *self,
                          gint64       event_id,
                          GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt =
    _qw_document_prepare (self, ENTRY_SELECT "WHERE e.event_id = ? ORDER BY e.no", error);
  GPtrArray *entries;

  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, event_id);
  entries = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_entry_free);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    g_ptr_array_add (entries, read_entry (stmt));
  g_clear_pointer (&stmt, _qw_statement_release);
  if (!load_members (self, entries, event_id, error))
    {
      g_ptr_array_unref (entries);
      return NULL;
    }
  return entries;
}

/* Whether the entry has been paired in any game: its group is then fixed. */
gboolean
qw_document_entry_has_games (QwDocument *self,
                             gint64      entry_id)
{
  g_autoptr(sqlite3_stmt) stmt =
    _qw_document_prepare (self, "SELECT 1 FROM game WHERE red = ?1 OR black = ?1 LIMIT 1", NULL);

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, entry_id);
  return sqlite3_step (stmt) == SQLITE_ROW;
}

int
qw_document_count_entries (QwDocument *self,
                           gint64      event_id)
{
  g_autoptr(sqlite3_stmt) stmt =
    _qw_document_prepare (self, "SELECT COUNT(*) FROM entry WHERE event_id = ?", NULL);

  if (stmt == NULL)
    return 0;
  sqlite3_bind_int64 (stmt, 1, event_id);
  return sqlite3_step (stmt) == SQLITE_ROW ? sqlite3_column_int (stmt, 0) : 0;
}
