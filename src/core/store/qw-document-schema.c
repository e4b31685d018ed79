/* qw-document-schema.c: a document is data, never code
 *
 * A document comes from outside (a stop's file sent to the region, a USB
 * stick), and SQLite keeps more than tables in a file: a trigger runs its
 * SQL when a row changes, a view runs its query when it is read (a
 * recursive one forever), a CHECK, a DEFAULT or an index on an expression
 * runs whatever expression the file gives. So a document is opened only if
 * its schema is exactly the one Qiwang writes for its version: the same
 * tables and indexes, each defined by the same SQL, and nothing else (no
 * trigger, no view, no virtual table, no table of its own). The check reads
 * sqlite_master only, before any other statement touches a table of the
 * file.
 *
 * The expected schema of each version is not written down twice: it is
 * what the schema steps 1..N make, replayed once per process in an
 * in-memory database with the same SQLite, and read back from its
 * sqlite_master. The SQL is compared normalised (keywords and identifiers
 * in lower case, quotes around identifiers and the spacing between tokens
 * dropped, string literals as they are), as SQLite versions differ in how
 * they quote a renamed table.
 *
 * The schema steps live here, so that the check and the migrations read
 * the same text. Only SQLite's own functions: qw-document.c calls this
 * file, never the other way round.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-document"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "qw-document-schema.h"
#include "qw-error.h"
#include "qw-schema.sql.h"

static const char *const schema_steps[] = {
  QW_SCHEMA_STEP_1,
  QW_SCHEMA_STEP_2,
  QW_SCHEMA_STEP_3,
  QW_SCHEMA_STEP_4,
  QW_SCHEMA_STEP_5,
  QW_SCHEMA_STEP_6,
  QW_SCHEMA_STEP_7,
  QW_SCHEMA_STEP_8,
  QW_SCHEMA_STEP_9,
  QW_SCHEMA_STEP_10,
  QW_SCHEMA_STEP_11,
};

#define N_VERSIONS ((int) G_N_ELEMENTS (schema_steps))

int
_qw_schema_n_versions (void)
{
  return N_VERSIONS;
}

const char *
_qw_schema_step (int version)
{
  g_return_val_if_fail (version >= 0 && version < N_VERSIONS, NULL);
  return schema_steps[version];
}

/* Normalised SQL */

static gboolean
is_word_char (char c)
{
  return g_ascii_isalnum (c) || c == '_' || c == '$' || (guchar) c >= 0x80;
}

/* The text up to the closing @quote (doubled, it stands for itself): *p is
 * left after it. */
static void
append_quoted (GString     *out,
               const char **p,
               char         close,
               gboolean     fold)
{
  const char *s = *p + 1;

  for (; *s != '\0'; s++)
    {
      if (*s == close)
        {
          if (close != ']' && s[1] == close)
            {
              g_string_append_c (out, close);
              s++;
              continue;
            }
          s++;
          break;
        }
      g_string_append_c (out, fold ? g_ascii_tolower (*s) : *s);
    }
  *p = s;
}

/**
 * _qw_schema_normalize:
 *
 * Returns: @sql as its tokens, separated by one space: comments dropped,
 *   words and quoted identifiers in lower case without their quotes, string
 *   literals kept with theirs, every other character a token of its own
 */
char *
_qw_schema_normalize (const char *sql)
{
  GString *out = g_string_new (NULL);
  const char *p = sql;

  while (p != NULL && *p != '\0')
    {
      if (g_ascii_isspace (*p))
        {
          p++;
          continue;
        }
      if (p[0] == '-' && p[1] == '-')
        {
          while (*p != '\0' && *p != '\n')
            p++;
          continue;
        }
      if (p[0] == '/' && p[1] == '*')
        {
          const char *end = strstr (p + 2, "*/");

          p = end != NULL ? end + 2 : p + strlen (p);
          continue;
        }
      if (out->len > 0)
        g_string_append_c (out, ' ');
      if (*p == '\'')
        {
          g_string_append_c (out, '\'');
          append_quoted (out, &p, '\'', FALSE);
          g_string_append_c (out, '\'');
        }
      else if (*p == '"' || *p == '`')
        append_quoted (out, &p, *p, TRUE);
      else if (*p == '[')
        append_quoted (out, &p, ']', TRUE);
      else if (is_word_char (*p))
        while (is_word_char (*p))
          g_string_append_c (out, g_ascii_tolower (*p++));
      else
        g_string_append_c (out, *p++);
    }
  return g_string_free (out, FALSE);
}

/* A schema: one line per object of sqlite_master, "type\nname\ntable\nsql"
 * (the SQL normalised, or empty for the indexes SQLite makes itself for a
 * PRIMARY KEY or UNIQUE), in a set. */

static char *
object_key (sqlite3_stmt *stmt)
{
  const char *sql = (const char *) sqlite3_column_text (stmt, 3);
  g_autofree char *normal = sql != NULL ? _qw_schema_normalize (sql) : g_strdup ("");

  return g_strdup_printf ("%s\n%s\n%s\n%s", (const char *) sqlite3_column_text (stmt, 0),
                          (const char *) sqlite3_column_text (stmt, 1),
                          (const char *) sqlite3_column_text (stmt, 2), normal);
}

#define SCHEMA_QUERY "SELECT coalesce (type, ''), coalesce (name, ''), coalesce (tbl_name, ''), sql FROM sqlite_master"

static GHashTable *
read_schema (sqlite3 *db,
             int     *rc_out)
{
  GHashTable *objects = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  sqlite3_stmt *stmt = NULL;
  int rc = sqlite3_prepare_v2 (db, SCHEMA_QUERY, -1, &stmt, NULL);

  while (rc == SQLITE_OK && (rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      rc = SQLITE_OK;
      g_hash_table_add (objects, object_key (stmt));
    }
  sqlite3_finalize (stmt);
  *rc_out = rc == SQLITE_DONE ? SQLITE_OK : rc;
  return objects;
}

/* The schema steps 1..@version make, in memory. */
static GHashTable *
replay (int version)
{
  sqlite3 *db = NULL;
  GHashTable *objects = NULL;
  int rc = sqlite3_open_v2 (":memory:", &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, NULL);

  for (int v = 0; rc == SQLITE_OK && v < version; v++)
    rc = sqlite3_exec (db, schema_steps[v], NULL, NULL, NULL);
  if (rc == SQLITE_OK)
    objects = read_schema (db, &rc);
  if (rc != SQLITE_OK)
    g_error ("The schema steps do not replay (version %d): %s", version, sqlite3_errmsg (db));
  sqlite3_close_v2 (db);
  return objects;
}

G_LOCK_DEFINE_STATIC (expected);

static GHashTable *
expected_schema (int version)
{
  static GHashTable *schemas[N_VERSIONS + 1];
  GHashTable *schema;

  G_LOCK (expected);
  if (schemas[version] == NULL)
    schemas[version] = replay (version);
  schema = schemas[version];
  G_UNLOCK (expected);
  return schema;
}

/* A name from the file, for a message: text, and not a page long. */
static char *
shown_name (const char *key_part)
{
  g_autofree char *valid = g_utf8_make_valid (key_part, -1);

  if (g_utf8_strlen (valid, -1) <= 48)
    return g_steal_pointer (&valid);
  return g_strconcat (g_utf8_substring (valid, 0, 47), "…", NULL);
}

static void
set_foreign (GError      **error,
             const char   *display,
             const char   *key,
             gboolean      extra)
{
  g_auto(GStrv) parts = g_strsplit (key, "\n", 4);
  g_autofree char *name = shown_name (parts[0] != NULL && parts[1] != NULL ? parts[1] : "");
  const char *type = parts[0] != NULL ? parts[0] : "";

  if (extra && g_str_equal (type, "trigger"))
    g_set_error (error, QW_ERROR, QW_ERROR_CORRUPT,
                 _("%s is not a Qiwang document: it holds a trigger (“%s”), and Qiwang never makes one"),
                 display, name);
  else if (extra && g_str_equal (type, "view"))
    g_set_error (error, QW_ERROR, QW_ERROR_CORRUPT,
                 _("%s is not a Qiwang document: it holds a view (“%s”), and Qiwang never makes one"),
                 display, name);
  else if (extra)
    g_set_error (error, QW_ERROR, QW_ERROR_CORRUPT,
                 _("%s is not a Qiwang document: it holds “%s”, which Qiwang does not make"), display, name);
  else
    g_set_error (error, QW_ERROR, QW_ERROR_CORRUPT,
                 _("%s is not a Qiwang document: its “%s” is not the one Qiwang makes"), display, name);
}

static int
compare_keys (gconstpointer a,
              gconstpointer b)
{
  return g_strcmp0 (*(const char * const *) a, *(const char * const *) b);
}

/**
 * _qw_schema_check:
 * @version: the document's schema version (PRAGMA user_version)
 * @display: the document's name, for messages
 *
 * Reads the file's sqlite_master, and nothing else.
 *
 * Returns: %FALSE with a %QW_ERROR_CORRUPT saying the file is not a Qiwang
 *   document when its schema is not exactly the one Qiwang writes for
 *   @version; %FALSE with *@sqlite_rc set and no error when SQLite could not
 *   read it (a damaged schema, a busy file: the caller names the failure)
 */
gboolean
_qw_schema_check (sqlite3      *db,
                  int           version,
                  const char   *display,
                  int          *sqlite_rc,
                  GError      **error)
{
  g_autoptr(GHashTable) found = NULL;
  GHashTable *expected;
  int rc = SQLITE_OK;

  g_return_val_if_fail (version >= 1 && version <= N_VERSIONS, FALSE);
  expected = expected_schema (version);
  found = read_schema (db, &rc);
  if (sqlite_rc != NULL)
    *sqlite_rc = rc;
  if (rc != SQLITE_OK)
    return FALSE;
  /* Anything the file holds that Qiwang does not write (a trigger first,
   * then a view: the code a file could run), then anything it lacks or has
   * defined otherwise, in the order of their keys. */
  {
    g_autofree gpointer *keys = g_hash_table_get_keys_as_array (found, NULL);
    guint n = g_hash_table_size (found);
    const char *worst = NULL;
    int worst_rank = G_MAXINT;

    qsort (keys, n, sizeof (gpointer), compare_keys);
    for (guint i = 0; i < n; i++)
      if (!g_hash_table_contains (expected, keys[i]))
        {
          const char *key = keys[i];
          int rank = g_str_has_prefix (key, "trigger\n") ? 0 : g_str_has_prefix (key, "view\n") ? 1 : 2;

          if (rank < worst_rank)
            {
              worst = key;
              worst_rank = rank;
            }
        }
    if (worst != NULL)
      {
        g_auto(GStrv) parts = g_strsplit (worst, "\n", 4);
        gboolean ours = FALSE;
        GHashTableIter iter;
        gpointer key;

        /* A name Qiwang uses, defined otherwise: "its meta is not the one". */
        g_hash_table_iter_init (&iter, expected);
        while (!ours && g_hash_table_iter_next (&iter, &key, NULL))
          {
            g_auto(GStrv) mine = g_strsplit (key, "\n", 4);

            ours = parts[1] != NULL && mine[1] != NULL && g_str_equal (parts[1], mine[1])
                   && g_str_equal (parts[0], mine[0]);
          }
        set_foreign (error, display, worst, !ours);
        return FALSE;
      }
  }
  {
    g_autofree gpointer *keys = g_hash_table_get_keys_as_array (expected, NULL);
    guint n = g_hash_table_size (expected);

    qsort (keys, n, sizeof (gpointer), compare_keys);
    for (guint i = 0; i < n; i++)
      if (!g_hash_table_contains (found, keys[i]))
        {
          set_foreign (error, display, keys[i], FALSE);
          return FALSE;
        }
  }
  return TRUE;
}
