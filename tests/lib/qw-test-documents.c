/* qw-test-documents.c: the documents a test starts from
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gstdio.h>
#include <sqlite3.h>

#include "qw-date.h"
#include "qw-demo.h"
#include "qw-document-entries.h"
#include "qw-entry-check.h"
#include "qw-event.h"
#include "qw-test-documents.h"

char *
qw_test_demo_document (const char *dir,
                       const char *name)
{
  g_autoptr(GError) error = NULL;
  char *path = g_build_filename (dir, name, NULL);
  g_autoptr(QwDocument) doc = NULL;

  g_mkdir_with_parents (dir, 0700);
  g_unlink (path);
  doc = qw_demo_create (path, &error);
  g_assert_no_error (error);
  return path;
}

static QwDocument *
create_stop (const char *path,
             QwEvent    *event)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = NULL;

  g_unlink (path);
  doc = qw_document_create (path, QW_DOCUMENT_STOP, &error);
  g_assert_no_error (error);
  g_assert_true (qw_document_add_event (doc, event, &error));
  g_assert_no_error (error);
  return g_steal_pointer (&doc);
}

char *
qw_test_stop_document (const char *dir,
                       const char *name,
                       QwEvent    *event)
{
  char *path = g_build_filename (dir, name, NULL);
  g_autoptr(QwDocument) doc = create_stop (path, event);

  return path;
}

char *
qw_test_new_stop (const char *dir,
                  const char *name,
                  guint       n)
{
  g_autoptr(GError) error = NULL;
  char *path = g_build_filename (dir, name, NULL);
  g_autoptr(QwEvent) event = qw_event_new ();
  g_autoptr(QwRuleset) ruleset = qw_ruleset_lookup ("qiwang-2021", &error);
  g_autoptr(QwDocument) doc = NULL;

  event->name = g_strdup ("2021年第六届全国象棋业余棋王赛广东赛区惠州市惠东县平山街道预选赛");
  event->region = g_strdup ("广东");
  event->start_date = qw_date_make (2021, 7, 10);
  event->rounds = 5;
  doc = create_stop (path, event);
  if (n > 0)
    {
      g_autoptr(GPtrArray) entries = qw_demo_make_entries (31, n, event->start_date);

      qw_entries_place (ruleset, entries, event->start_date);
      g_assert_true (qw_document_add_entries (doc, event->id, entries, &error));
    }
  g_assert_no_error (error);
  return path;
}

char *
qw_test_dump_document (const char *path)
{
  static const char *tables[] = { "meta", "event", "player", "entry", "section", "game", "standing",
                                  "nominee", NULL };
  GString *out = g_string_new (NULL);
  sqlite3 *db = NULL;

  g_assert_cmpint (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  for (guint t = 0; tables[t] != NULL; t++)
    {
      g_autofree char *sql = g_strdup_printf ("SELECT * FROM %s ORDER BY 1, 2", tables[t]);
      sqlite3_stmt *stmt = NULL;

      g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL), ==, SQLITE_OK);
      g_string_append_printf (out, "[%s]\n", tables[t]);
      while (sqlite3_step (stmt) == SQLITE_ROW)
        {
          for (int c = 0; c < sqlite3_column_count (stmt); c++)
            {
              const unsigned char *text = sqlite3_column_text (stmt, c);

              g_string_append_printf (out, "%s|", text != NULL ? (const char *) text : "NULL");
            }
          g_string_append_c (out, '\n');
        }
      sqlite3_finalize (stmt);
    }
  sqlite3_close (db);
  return g_string_free (out, FALSE);
}

void
qw_test_assert_dump (const char *path,
                     const char *expected)
{
  g_autofree char *now = qw_test_dump_document (path);

  g_assert_cmpstr (now, ==, expected);
}
