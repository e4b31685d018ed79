/* qw-undo-identities.c: the ID numbers an undo or a redo gives back
 *
 * See qw-undo-identities.h. Who a person is comes from base/
 * (qw_person_identity_key(): the 15- and 18-digit forms of one card are one
 * person), and where one person may hold one number: the whole event, or
 * each group when the event's ruleset lets one person enter several groups
 * (the duplicate-id check of registration/ counts the same way).
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
#include "qw-entry.h"
#include "qw-error.h"
#include "qw-idcard.h"
#include "qw-ruleset.h"
#include "qw-undo-identities.h"

/* A person to whom the apply writes an ID number (or a document kind) */
typedef struct
{
  gboolean  member;
  gint64    player_id;    /* a player's row */
  gint64    entry_id;     /* a member's row: its entry (a player's: found) */
  int       position;     /* a member's */
  char     *id_number;    /* as the apply writes it; NULL: as stored */
  char     *doc_kind;     /* likewise */
  char     *name;         /* likewise */
} Given;

/* An entry row the apply writes: where it is */
typedef struct
{
  gint64  entry_id;
  gint64  event_id;
  int     no;
  char   *group_code;
  gboolean created;      /* by the apply: it is not there before */
} Place;

/* The first person the apply gives a number, for the message */
typedef struct
{
  char   *name;          /* "No. 4 张三" */
  char   *id_number;
} Whose;

struct _QwIdentities
{
  GHashTable *holders;    /* scoped key → GArray of gint64: the entries holding it, the apply's
                           * own excepted */
  GHashTable *whose;      /* scoped key → Whose */
};

/* The columns read, by name: the tables' order differs between documents
 * made new and those brought forward from older versions. */
typedef struct
{
  int player_id, player_kind, player_number, player_name;
  int member_entry, member_position, member_kind, member_number, member_name;
  int entry_id, entry_event, entry_player, entry_group, entry_no;
} Columns;

static void
given_free (Given *g)
{
  g_free (g->id_number);
  g_free (g->doc_kind);
  g_free (g->name);
  g_free (g);
}

static void
whose_free (Whose *w)
{
  g_free (w->name);
  g_free (w->id_number);
  g_free (w);
}

static void
place_free (Place *p)
{
  g_free (p->group_code);
  g_free (p);
}

void
_qw_identities_free (QwIdentities *identities)
{
  if (identities == NULL)
    return;
  g_hash_table_unref (identities->holders);
  g_hash_table_unref (identities->whose);
  g_free (identities);
}

static int
column_index (QwDocument *doc,
              const char *table,
              const char *name)
{
  g_autofree char *sql = g_strdup_printf ("SELECT cid FROM pragma_table_info('%s') WHERE name = ?", table);
  g_autoptr(sqlite3_stmt) stmt = _qw_document_prepare (doc, sql, NULL);

  if (stmt == NULL)
    return -1;
  sqlite3_bind_text (stmt, 1, name, -1, SQLITE_STATIC);
  return sqlite3_step (stmt) == SQLITE_ROW ? sqlite3_column_int (stmt, 0) : -1;
}

static gboolean
columns_read (QwDocument *doc,
              Columns    *c)
{
  *c = (Columns) {
    column_index (doc, "player", "id"), column_index (doc, "player", "doc_kind"),
    column_index (doc, "player", "id_number"), column_index (doc, "player", "name"),
    column_index (doc, "member", "entry_id"), column_index (doc, "member", "position"),
    column_index (doc, "member", "doc_kind"), column_index (doc, "member", "id_number"),
    column_index (doc, "member", "name"),
    column_index (doc, "entry", "id"), column_index (doc, "entry", "event_id"),
    column_index (doc, "entry", "player_id"), column_index (doc, "entry", "group_code"),
    column_index (doc, "entry", "no"),
  };
  return c->player_id >= 0 && c->player_kind >= 0 && c->player_number >= 0 && c->player_name >= 0
         && c->member_entry >= 0 && c->member_position >= 0 && c->member_kind >= 0 && c->member_number >= 0
         && c->member_name >= 0 && c->entry_id >= 0 && c->entry_event >= 0 && c->entry_player >= 0
         && c->entry_group >= 0 && c->entry_no >= 0;
}

/* A value the apply writes: an undo writes the old values of the rows the
 * step deleted or updated, a redo the new values of those it inserted or
 * updated. NULL: not written (a column the update left alone). */
static sqlite3_value *
written (sqlite3_changeset_iter *iter,
         gboolean                undo,
         int                     column)
{
  sqlite3_value *value = NULL;

  if ((undo ? sqlite3changeset_old (iter, column, &value) : sqlite3changeset_new (iter, column, &value))
      != SQLITE_OK)
    return NULL;
  return value;
}

/* A row's key: in the old values, but for an inserted row. */
static gint64
key_of (sqlite3_changeset_iter *iter,
        int                     op,
        int                     column)
{
  sqlite3_value *value = NULL;

  if ((op == SQLITE_INSERT ? sqlite3changeset_new (iter, column, &value) : sqlite3changeset_old (iter, column, &value))
      != SQLITE_OK || value == NULL)
    return 0;
  return sqlite3_value_int64 (value);
}

static gint64
int_of (sqlite3_value *value)
{
  return value != NULL ? sqlite3_value_int64 (value) : 0;
}

static char *
text_dup (sqlite3_value *value)
{
  return value != NULL && sqlite3_value_type (value) != SQLITE_NULL
         ? g_strdup ((const char *) sqlite3_value_text (value)) : NULL;
}

/* The people the apply gives a number (or a kind of document), and the
 * entry rows it writes. */
static gboolean
collect (const void *changeset,
         int         size,
         gboolean    undo,
         const Columns *c,
         GPtrArray  *given,
         GHashTable *places_by_player,
         GHashTable *places_by_entry)
{
  sqlite3_changeset_iter *iter = NULL;

  if (sqlite3changeset_start (&iter, size, (void *) changeset) != SQLITE_OK)
    return FALSE;
  while (sqlite3changeset_next (iter) == SQLITE_ROW)
    {
      const char *table;
      int n_columns, op, indirect;
      gboolean member;

      sqlite3changeset_op (iter, &table, &n_columns, &op, &indirect);
      /* What the apply writes: an undo takes back inserts (it deletes them). */
      if (op == (undo ? SQLITE_INSERT : SQLITE_DELETE))
        continue;
      if (g_str_equal (table, "entry") && op != SQLITE_UPDATE)
        {
          Place *p = g_new0 (Place, 1);

          p->entry_id = key_of (iter, op, c->entry_id);
          p->event_id = int_of (written (iter, undo, c->entry_event));
          p->no = (int) int_of (written (iter, undo, c->entry_no));
          p->group_code = text_dup (written (iter, undo, c->entry_group));
          p->created = TRUE;
          g_hash_table_insert (places_by_entry, g_memdup2 (&p->entry_id, sizeof (gint64)), p);
          g_hash_table_insert (places_by_player,
                               g_memdup2 (&(gint64) { int_of (written (iter, undo, c->entry_player)) },
                                          sizeof (gint64)),
                               p);
          continue;
        }
      member = g_str_equal (table, "member");
      if (member || g_str_equal (table, "player"))
        {
          sqlite3_value *number = written (iter, undo, member ? c->member_number : c->player_number);
          sqlite3_value *kind = written (iter, undo, member ? c->member_kind : c->player_kind);
          Given *g;

          if (number == NULL && kind == NULL)
            continue;
          g = g_new0 (Given, 1);
          g->member = member;
          if (member)
            {
              g->entry_id = key_of (iter, op, c->member_entry);
              g->position = (int) key_of (iter, op, c->member_position);
            }
          else
            g->player_id = key_of (iter, op, c->player_id);
          g->id_number = text_dup (number);
          g->doc_kind = text_dup (kind);
          g->name = text_dup (written (iter, undo, member ? c->member_name : c->player_name));
          g_ptr_array_add (given, g);
        }
    }
  return sqlite3changeset_finalize (iter) == SQLITE_OK;
}

/* What the apply leaves out of a person's row is as stored. */
static gboolean
fill_from_row (QwDocument *doc,
               Given      *g)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;

  if (g->id_number != NULL && g->doc_kind != NULL && g->name != NULL)
    return TRUE;
  stmt = _qw_document_prepare (doc, g->member
                                    ? "SELECT doc_kind, id_number, name FROM member WHERE entry_id = ? AND position = ?"
                                    : "SELECT doc_kind, id_number, name FROM player WHERE id = ?", NULL);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, g->member ? g->entry_id : g->player_id);
  if (g->member)
    sqlite3_bind_int (stmt, 2, g->position);
  if (sqlite3_step (stmt) != SQLITE_ROW)
    return FALSE;
  if (g->doc_kind == NULL)
    g->doc_kind = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
  if (g->id_number == NULL)
    g->id_number = g_strdup ((const char *) sqlite3_column_text (stmt, 1));
  if (g->name == NULL)
    g->name = g_strdup ((const char *) sqlite3_column_text (stmt, 2));
  return TRUE;
}

/* The entry of a given person, and where it is: as the apply writes it, or
 * as stored. */
static gboolean
place_of (QwDocument  *doc,
          Given       *g,
          GHashTable  *places_by_player,
          GHashTable  *places_by_entry,
          Place       *out)
{
  Place *known = g->member ? g_hash_table_lookup (places_by_entry, &g->entry_id)
                           : g_hash_table_lookup (places_by_player, &g->player_id);
  g_autoptr(sqlite3_stmt) stmt = NULL;

  if (known != NULL)
    {
      *out = *known;
      out->group_code = g_strdup (known->group_code);
      return TRUE;
    }
  stmt = _qw_document_prepare (doc, g->member ? "SELECT id, event_id, no, group_code FROM entry WHERE id = ?"
                                              : "SELECT id, event_id, no, group_code FROM entry WHERE player_id = ?",
                               NULL);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, g->member ? g->entry_id : g->player_id);
  if (sqlite3_step (stmt) != SQLITE_ROW)
    return FALSE;
  *out = (Place) { sqlite3_column_int64 (stmt, 0), sqlite3_column_int64 (stmt, 1), sqlite3_column_int (stmt, 2),
                   g_strdup ((const char *) sqlite3_column_text (stmt, 3)), FALSE };
  return TRUE;
}

/* Whether one person may enter several groups of @event_id (then a number
 * is one person's within a group). */
static gboolean
per_group (QwDocument *doc,
           gint64      event_id)
{
  g_autoptr(sqlite3_stmt) stmt = _qw_document_prepare (doc, "SELECT ruleset FROM event WHERE id = ?", NULL);
  g_autoptr(QwRuleset) ruleset = NULL;

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, event_id);
  if (sqlite3_step (stmt) != SQLITE_ROW)
    return FALSE;
  ruleset = qw_ruleset_lookup ((const char *) sqlite3_column_text (stmt, 0), NULL);
  return ruleset != NULL && ruleset->duplicates_per_group;
}

static char *
scoped_key (gint64      event_id,
            gboolean    by_group,
            const char *group_code,
            const char *doc_kind,
            const char *id_number)
{
  g_autofree char *key = qw_person_identity_key (qw_doc_kind_from_code (doc_kind), id_number, NULL, FALSE);

  if (key == NULL)
    return NULL;
  return g_strdup_printf ("%" G_GINT64_FORMAT "\x1f%s\x1f%s", event_id,
                          by_group && group_code != NULL ? group_code : "", key);
}

static gboolean
holds (GArray *ids,
       gint64  id)
{
  for (guint i = 0; ids != NULL && i < ids->len; i++)
    if (g_array_index (ids, gint64, i) == id)
      return TRUE;
  return FALSE;
}

/* Every person of @event_id with a number: the entries that hold the keys
 * wanted, but the apply's own (@own). */
static gboolean
find_holders (QwDocument   *doc,
              gint64        event_id,
              QwIdentities *identities,
              GHashTable   *own)
{
  g_autoptr(sqlite3_stmt) stmt = NULL;
  gboolean by_group = per_group (doc, event_id);
  int rc;

  stmt = _qw_document_prepare (doc,
                               "SELECT e.id, e.group_code, p.doc_kind, p.id_number FROM entry e "
                               "JOIN player p ON p.id = e.player_id WHERE e.event_id = ?1 AND p.id_number <> '' "
                               "UNION ALL "
                               "SELECT e.id, e.group_code, m.doc_kind, m.id_number FROM member m "
                               "JOIN entry e ON e.id = m.entry_id WHERE e.event_id = ?1 AND m.id_number <> ''",
                               NULL);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, event_id);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      gint64 entry_id = sqlite3_column_int64 (stmt, 0);
      g_autofree char *key = NULL;
      GArray *ids;

      if (g_hash_table_contains (own, &entry_id))
        continue;
      key = scoped_key (event_id, by_group, (const char *) sqlite3_column_text (stmt, 1),
                        (const char *) sqlite3_column_text (stmt, 2), (const char *) sqlite3_column_text (stmt, 3));
      if (key == NULL || (ids = g_hash_table_lookup (identities->holders, key)) == NULL)
        continue;
      if (!holds (ids, entry_id))
        g_array_append_val (ids, entry_id);
    }
  return rc == SQLITE_DONE;
}

/* Reading a changeset as its bytes (the format of sqlite3session.h: per
 * table a header, 'T', the number of columns, a byte per column, the name;
 * then its changes, each an operation, a flag and one record of values, two
 * for an update): only to know whether the apply writes a person's row at
 * all, without making a value of every field (which took more than half a
 * second for the step of an import of 200,000 entries). */
static gboolean
read_varint (const guchar **p,
             const guchar  *end,
             guint64       *value)
{
  *value = 0;
  for (int i = 0; i < 9; i++)
    {
      if (*p >= end)
        return FALSE;
      if (i == 8)
        {
          *value = (*value << 8) | *(*p)++;
          return TRUE;
        }
      *value = (*value << 7) | (**p & 0x7f);
      if ((*(*p)++ & 0x80) == 0)
        return TRUE;
    }
  return TRUE;
}

static gboolean
skip_record (const guchar **p,
             const guchar  *end,
             guint64        n_columns)
{
  for (guint64 i = 0; i < n_columns; i++)
    {
      guint64 length;

      if (*p >= end)
        return FALSE;
      switch (*(*p)++)
        {
        case 0:             /* not written */
        case SQLITE_NULL:
          break;
        case SQLITE_INTEGER:
        case SQLITE_FLOAT:
          *p += 8;
          break;
        case SQLITE_TEXT:
        case SQLITE_BLOB:
          if (!read_varint (p, end, &length) || length > (guint64) (end - *p))
            return FALSE;
          *p += length;
          break;
        default:
          return FALSE;
        }
      if (*p > end)
        return FALSE;
    }
  return TRUE;
}

/* Whether applying @changeset (its inverse when @undo) writes a row of
 * player or member: an undo takes back deletes and updates, a redo does
 * inserts and updates again. TRUE too when the bytes cannot be read so. */
static gboolean
writes_people (const void *changeset,
               int         size,
               gboolean    undo)
{
  const guchar *p = changeset, *end = p + size;
  gboolean people = FALSE;
  guint64 n_columns = 0;

  while (p < end)
    {
      int op = *p++;

      if (op == 'T')
        {
          const guchar *name;

          if (!read_varint (&p, end, &n_columns) || n_columns > (guint64) (end - p))
            return TRUE;
          p += n_columns;
          name = p;
          while (p < end && *p != '\0')
            p++;
          if (p >= end)
            return TRUE;
          people = g_str_equal ((const char *) name, "player") || g_str_equal ((const char *) name, "member");
          p++;
          continue;
        }
      if (op != SQLITE_INSERT && op != SQLITE_DELETE && op != SQLITE_UPDATE)
        return TRUE;
      if (people && op != (undo ? SQLITE_INSERT : SQLITE_DELETE))
        return TRUE;
      p++;  /* indirect */
      if (!skip_record (&p, end, n_columns) || (op == SQLITE_UPDATE && !skip_record (&p, end, n_columns)))
        return TRUE;
    }
  return FALSE;
}

QwIdentities *
_qw_identities_note (QwDocument *doc,
                     const void *changeset,
                     int         size,
                     gboolean    undo)
{
  g_autoptr(GPtrArray) given = g_ptr_array_new_with_free_func ((GDestroyNotify) given_free);
  g_autoptr(GHashTable) places_by_entry = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free,
                                                                 (GDestroyNotify) place_free);
  g_autoptr(GHashTable) places_by_player = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  g_autoptr(GHashTable) own = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  g_autoptr(GHashTable) by_group = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  g_autoptr(GHashTable) events = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  QwIdentities *identities;
  GHashTableIter it;
  gpointer event;
  Columns c;

  if (!writes_people (changeset, size, undo) || !columns_read (doc, &c)
      || !collect (changeset, size, undo, &c, given, places_by_player, places_by_entry) || given->len == 0)
    return NULL;
  identities = g_new0 (QwIdentities, 1);
  identities->holders = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_array_unref);
  identities->whose = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) whose_free);
  for (guint i = 0; i < given->len; i++)
    {
      Given *g = g_ptr_array_index (given, i);
      Place place = { 0, 0, 0, NULL, FALSE };
      g_autofree char *key = NULL;
      gpointer grouped;
      Whose *w;

      if (!place_of (doc, g, places_by_player, places_by_entry, &place) || !fill_from_row (doc, g))
        {
          g_free (place.group_code);
          continue;
        }
      /* An entry the apply rewrites is not another holder; one it makes
       * is not there yet (a row there with its id is someone else's). */
      if (!place.created)
        g_hash_table_add (own, g_memdup2 (&place.entry_id, sizeof (gint64)));
      if (!g_hash_table_lookup_extended (by_group, &place.event_id, NULL, &grouped))
        {
          grouped = GINT_TO_POINTER (per_group (doc, place.event_id));
          g_hash_table_insert (by_group, g_memdup2 (&place.event_id, sizeof (gint64)), grouped);
        }
      key = scoped_key (place.event_id, GPOINTER_TO_INT (grouped), place.group_code, g->doc_kind, g->id_number);
      g_free (place.group_code);
      if (key == NULL || g_hash_table_contains (identities->holders, key))
        continue;
      g_hash_table_add (events, g_memdup2 (&place.event_id, sizeof (gint64)));
      w = g_new0 (Whose, 1);
      w->name = g_strdup_printf (_("No. %d %s"), place.no, g->name != NULL ? g->name : "");
      w->id_number = g_strdup (g->id_number);
      g_hash_table_insert (identities->whose, g_strdup (key), w);
      g_hash_table_insert (identities->holders, g_steal_pointer (&key), g_array_new (FALSE, FALSE, sizeof (gint64)));
    }
  g_hash_table_iter_init (&it, events);
  while (g_hash_table_iter_next (&it, &event, NULL))
    if (!find_holders (doc, *(gint64 *) event, identities, own))
      g_warning ("The entries of event %" G_GINT64_FORMAT " could not be read", *(gint64 *) event);
  if (g_hash_table_size (identities->holders) == 0)
    {
      _qw_identities_free (identities);
      return NULL;
    }
  return identities;
}

/* "No. 12 李四": an entry as the message names it. */
static char *
entry_named (QwDocument *doc,
             gint64      entry_id)
{
  g_autoptr(sqlite3_stmt) stmt = _qw_document_prepare (doc, "SELECT e.no, p.name FROM entry e "
                                                            "JOIN player p ON p.id = e.player_id WHERE e.id = ?",
                                                       NULL);

  if (stmt == NULL)
    return g_strdup ("?");
  sqlite3_bind_int64 (stmt, 1, entry_id);
  if (sqlite3_step (stmt) != SQLITE_ROW)
    return g_strdup ("?");
  return g_strdup_printf (_("No. %d %s"), sqlite3_column_int (stmt, 0), (const char *) sqlite3_column_text (stmt, 1));
}

gboolean
_qw_identities_check (QwDocument    *doc,
                      QwIdentities  *held,
                      const void    *changeset,
                      int            size,
                      gboolean       undo,
                      const char    *label,
                      GError       **error)
{
  g_autoptr(QwIdentities) now = NULL;
  GHashTableIter it;
  gpointer key, value;

  if (held == NULL)
    return TRUE;
  now = _qw_identities_note (doc, changeset, size, undo);
  if (now == NULL)
    return TRUE;
  g_hash_table_iter_init (&it, now->holders);
  while (g_hash_table_iter_next (&it, &key, &value))
    {
      GArray *ids = value, *before = g_hash_table_lookup (held->holders, key);
      const Whose *w = g_hash_table_lookup (now->whose, key);

      for (guint i = 0; i < ids->len; i++)
        {
          g_autofree char *holder = NULL, *masked = NULL;

          if (holds (before, g_array_index (ids, gint64, i)))
            continue;
          holder = entry_named (doc, g_array_index (ids, gint64, i));
          masked = qw_idcard_mask (w->id_number);
          g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT,
                       undo ? _("“%s” cannot be undone: it would give %s the ID number %s, which %s now has "
                                "(entered again, perhaps in another window or program), and one person cannot "
                                "be entered twice. Nothing was changed.")
                            : _("“%s” cannot be redone: it would give %s the ID number %s, which %s now has "
                                "(entered again, perhaps in another window or program), and one person cannot "
                                "be entered twice. Nothing was changed."),
                       label, w->name, masked, holder);
          return FALSE;
        }
    }
  return TRUE;
}

/* Kept with the step in the document (qw-step-table.c): one line for each
 * number, its key, a tab, and the entries that held it, by id. */
char *
_qw_identities_to_text (const QwIdentities *identities)
{
  GString *text = g_string_new (NULL);
  GHashTableIter it;
  gpointer key, value;

  if (identities == NULL)
    return g_string_free (text, FALSE);
  g_hash_table_iter_init (&it, identities->holders);
  while (g_hash_table_iter_next (&it, &key, &value))
    {
      g_autofree char *escaped = g_strescape (key, NULL);
      GArray *ids = value;

      g_string_append_printf (text, "%s\t", escaped);
      for (guint i = 0; i < ids->len; i++)
        g_string_append_printf (text, "%s%" G_GINT64_FORMAT, i > 0 ? "," : "", g_array_index (ids, gint64, i));
      g_string_append_c (text, '\n');
    }
  return g_string_free (text, FALSE);
}

/* NULL for no numbers (empty text), as _qw_identities_note() gives. */
QwIdentities *
_qw_identities_from_text (const char *text)
{
  g_auto(GStrv) lines = NULL;
  QwIdentities *identities;

  if (text == NULL || text[0] == '\0')
    return NULL;
  identities = g_new0 (QwIdentities, 1);
  identities->holders = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_array_unref);
  identities->whose = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) whose_free);
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *tab = strchr (lines[i], '\t');
      g_auto(GStrv) ids = NULL;
      GArray *held;

      if (tab == NULL)
        continue;
      *tab = '\0';
      held = g_array_new (FALSE, FALSE, sizeof (gint64));
      ids = g_strsplit (tab + 1, ",", -1);
      for (guint k = 0; ids[k] != NULL; k++)
        {
          gint64 id;

          if (g_ascii_string_to_signed (ids[k], 10, 1, G_MAXINT64, &id, NULL))
            g_array_append_val (held, id);
        }
      g_hash_table_insert (identities->holders, g_strcompress (lines[i]), held);
    }
  return identities;
}
