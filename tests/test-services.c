/* test-services.c: the core's services as both faces call them
 *
 * Registration: a player is placed the same way whether qiwang-cli imports
 * a list, the GUI imports it, or the GUI adds the players one by one; an
 * edit moves a player until the first pairing fixes the group.
 *
 * Region: results files, stops CSVs and stop documents come in through one
 * service, one step a file; typed-in stops are saved, deleted and restored
 * by the core; each of these steps is undone and redone.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <sqlite3.h>
#include <sys/wait.h>

#include "qw-entry-check.h"
#include "qw-entry-import.h"
#include "qw-error.h"
#include "qw-history.h"
#include "qw-nominees.h"
#include "qw-region-import.h"
#include "qw-registration.h"
#include "qw-results-export.h"
#include "qw-stops-csv.h"
#include "qw-tournament.h"
#include "qw-test-region.h"
#include "qw-test-play.h"
#include "qw-test-documents.h"

#define STOP_NAME "2021年第六届全国象棋业余棋王赛广东赛区白花（镇）预选赛"

static void
assert_undo_redo (QwDocument *doc,
                  const char *before,
                  const char *label)
{
  QwHistory *history = qw_document_get_history (doc);
  g_autoptr(GError) error = NULL;
  g_autofree char *after = qw_test_dump_document (qw_document_get_path (doc));
  g_autofree char *undone = NULL;
  g_autofree char *redone = NULL;

  g_assert_cmpstr (before, !=, after);
  g_assert_cmpstr (qw_history_get_undo_label (history), ==, label);
  g_assert_true (qw_history_undo (history, NULL, &error));
  g_assert_no_error (error);
  undone = qw_test_dump_document (qw_document_get_path (doc));
  g_assert_cmpstr (undone, ==, before);
  g_assert_true (qw_history_redo (history, NULL, &error));
  g_assert_no_error (error);
  redone = qw_test_dump_document (qw_document_get_path (doc));
  g_assert_cmpstr (redone, ==, after);
}

/* Registration */

static const char *registration_csv =
  "姓名,性别,出生日期,单位,组别\n"
  "王一,男,1990-05-06,白花镇象棋协会,\n"
  "李二,女,1992-03-04,惠东县象棋协会,\n"
  "张三,男,1950-01-02,惠州市棋院,\n"
  "刘四,女,1955-06-07,稔山镇文化站,\n"
  "陈五,男,2009-08-09,白花镇象棋协会,\n"
  "杨六,女,2010-10-11,惠东县象棋协会,\n"
  "黄七,男,2016-01-01,惠州市棋院,\n"
  "赵八,男,1988-12-12,稔山镇文化站,公开组男子\n";

static QwDocument *
stop_document (const char  *dir,
               const char  *name,
               QwEvent    **event)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (dir, name, NULL);
  QwDocument *doc = qw_document_create (path, QW_DOCUMENT_STOP, &error);

  g_assert_no_error (error);
  *event = qw_event_new ();
  (*event)->name = g_strdup (STOP_NAME);
  (*event)->region = g_strdup ("广东");
  (*event)->start_date = qw_date_make (2021, 7, 3);
  g_assert_true (qw_document_add_event (doc, *event, &error));
  g_assert_no_error (error);
  return doc;
}

/* name → group, for every entry of the document's event */
static GHashTable *
groups_of (QwDocument    *doc,
           const QwEvent *event)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) entries = qw_document_list_entries (doc, event->id, &error);
  GHashTable *groups = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  g_assert_no_error (error);
  for (guint i = 0; i < entries->len; i++)
    {
      const QwEntry *e = g_ptr_array_index (entries, i);

      g_hash_table_insert (groups, g_strdup (e->name), g_strdup (e->group_code));
    }
  return groups;
}

static void
assert_same_groups (GHashTable *a,
                    GHashTable *b)
{
  GHashTableIter iter;
  gpointer name, group;

  g_assert_cmpuint (g_hash_table_size (a), ==, g_hash_table_size (b));
  g_hash_table_iter_init (&iter, a);
  while (g_hash_table_iter_next (&iter, &name, &group))
    g_assert_cmpstr (g_hash_table_lookup (b, name), ==, group);
}

static void
test_placement_same_for_every_face (void)
{
  g_autofree char *dir = fixture_tmpdir ();
  g_autofree char *csv = g_build_filename (dir, "list.csv", NULL);
  g_autofree char *cli_path = g_build_filename (dir, "cli.qiwang", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwEvent) cli_event = NULL, import_event = NULL, add_event = NULL;
  g_autoptr(QwDocument) cli_doc = NULL, import_doc = NULL, add_doc = NULL;
  g_autoptr(QwEntryImport) import = NULL;
  g_autoptr(QwEntryImport) one_by_one = NULL;
  g_autoptr(QwRuleset) ruleset = qw_ruleset_lookup ("qiwang-2021", &error);
  g_autoptr(GHashTable) by_cli = NULL, by_import = NULL, by_add = NULL;
  const char *cli = g_getenv ("QIWANG_CLI");
  g_autofree char *out = NULL, *err = NULL;
  int status = -1;

  g_assert_no_error (error);
  g_assert_nonnull (cli);
  g_assert_true (g_file_set_contents (csv, registration_csv, -1, &error));

  /* qiwang-cli import */
  g_object_unref (stop_document (dir, "cli.qiwang", &cli_event));
  {
    const char *argv[] = { cli, "import", cli_path, csv, NULL };

    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status, &error));
    g_assert_no_error (error);
    g_assert_true (WIFEXITED (status) && WEXITSTATUS (status) == 0);
  }
  cli_doc = qw_document_open (cli_path, &error);
  g_assert_no_error (error);
  by_cli = groups_of (cli_doc, cli_event);

  /* The GUI's import */
  import_doc = stop_document (dir, "import.qiwang", &import_event);
  import = qw_entry_import_file (csv, &error);
  g_assert_no_error (error);
  g_assert_true (qw_registration_import_entries (import_doc, ruleset, import_event, import->entries, &error));
  by_import = groups_of (import_doc, import_event);

  /* The GUI's entry dialog, one player at a time */
  add_doc = stop_document (dir, "add.qiwang", &add_event);
  one_by_one = qw_entry_import_file (csv, &error);
  for (guint i = 0; i < one_by_one->entries->len; i++)
    {
      g_assert_true (qw_registration_add_entry (add_doc, ruleset, add_event,
                                                g_ptr_array_index (one_by_one->entries, i), &error));
      g_assert_no_error (error);
    }
  by_add = groups_of (add_doc, add_event);

  g_assert_cmpuint (g_hash_table_size (by_cli), ==, 8);
  assert_same_groups (by_cli, by_import);
  assert_same_groups (by_cli, by_add);
  /* … and it is the rule's own placement. */
  g_assert_cmpstr (g_hash_table_lookup (by_cli, "王一"), ==, "open-m");
  g_assert_cmpstr (g_hash_table_lookup (by_cli, "李二"), ==, "open-f");
  for (guint i = 0; i < import->entries->len; i++)
    {
      const QwEntry *e = g_ptr_array_index (import->entries, i);
      QwCheckOptions options = { qw_date_make (2021, 7, 3), FALSE };
      QwEntryCheck check;
      g_autofree char *placement = NULL;

      qw_entry_check (ruleset, e, &options, &check);
      placement = qw_entry_placement (ruleset, e, &check);
      if (e->declared_group == NULL || e->declared_group[0] == '\0')
        g_assert_cmpstr (g_hash_table_lookup (by_cli, e->name), ==, placement);
    }
  g_clear_object (&cli_doc);
  g_clear_object (&import_doc);
  g_clear_object (&add_doc);
  fixture_rmdir (dir);
}

/* A corrected birth date moves the player, until the first pairing. */
static void
test_edit_moves_until_paired (void)
{
  g_autofree char *dir = fixture_tmpdir ();
  g_autoptr(GError) error = NULL;
  g_autoptr(QwEvent) event = NULL;
  g_autoptr(QwDocument) doc = stop_document (dir, "stop.qiwang", &event);
  g_autoptr(QwRuleset) ruleset = qw_ruleset_lookup ("qiwang-2021", &error);
  g_autoptr(QwEntry) moved = fixture_player (1, "王一", QW_SEX_MALE, "1990-05-06", "");
  g_autoptr(QwSection) section = NULL;

  g_free (moved->id_number);
  moved->id_number = g_strdup ("");
  g_assert_true (qw_registration_add_entry (doc, ruleset, event, moved, &error));
  g_assert_cmpstr (moved->group_code, ==, "open-m");
  for (int i = 2; i <= 4; i++)
    {
      g_autoptr(QwEntry) e = fixture_player (i, "李", QW_SEX_MALE, "1991-01-01", "");

      g_assert_true (qw_registration_add_entry (doc, ruleset, event, e, &error));
    }
  g_free (moved->birth);
  moved->birth = g_strdup ("1950-05-06");
  g_assert_true (qw_registration_update_entry (doc, ruleset, event, moved, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (moved->group_code, ==, "senior-m");
  g_free (moved->birth);
  moved->birth = g_strdup ("1990-05-06");
  g_assert_true (qw_registration_update_entry (doc, ruleset, event, moved, &error));
  g_assert_cmpstr (moved->group_code, ==, "open-m");

  section = qw_tournament_lookup_section (doc, event, "open-m", &error);
  g_assert_cmpint (qw_test_pair (doc, &section, NULL, &error), ==, 1);
  g_free (moved->birth);
  moved->birth = g_strdup ("1950-05-06");
  g_assert_true (qw_registration_update_entry (doc, ruleset, event, moved, &error));
  g_assert_cmpstr (moved->group_code, ==, "open-m");
  g_clear_object (&doc);
  fixture_rmdir (dir);
}

/* Region */

typedef QwTestRegion Fixture;

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  qw_test_region_set_up (f, data);
  qw_document_enable_history (f->doc);
}

static QwResults *
results_through_file (Fixture    *f,
                      const char *name,
                      const char *uid,
                      int         n_open,
                      char      **path_out)
{
  g_autofree char *path = g_strdup_printf ("%s/%s.xml", f->dir, uid);
  g_autoptr(QwResults) results = fixture_results (name, uid, "2021-07-03", n_open);
  g_autoptr(GError) error = NULL;
  QwResults *read;

  g_assert_true (qw_results_write_file (results, path, FALSE, &error));
  read = qw_results_read_file (path, &error);
  g_assert_no_error (error);
  if (path_out != NULL)
    *path_out = g_steal_pointer (&path);
  return read;
}

static void
test_region_import_results (Fixture       *f,
                            gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwResults) first = results_through_file (f, STOP_NAME, "stop-0001", 7, NULL);
  g_autoptr(QwResults) second = NULL;
  g_autofree char *empty = qw_test_dump_document (qw_document_get_path (f->doc));
  g_autofree char *once = NULL;
  g_autofree char *label = g_strdup_printf ("Import of %s", STOP_NAME);
  QwImportOutcome outcome;

  g_assert_true (qw_region_import_results (f->doc, first, &outcome, NULL, &error));
  g_assert_no_error (error);
  assert_undo_redo (f->doc, empty, label);

  /* A corrected file replaces the stop; undone, the first import is back. */
  once = qw_test_dump_document (qw_document_get_path (f->doc));
  {
    g_autoptr(QwResults) corrected = fixture_results (STOP_NAME, "stop-0001", "2021-07-03", 9);
    g_autofree char *path = g_build_filename (f->dir, "corrected.xml", NULL);

    g_assert_true (qw_results_write_file (corrected, path, FALSE, &error));
    second = qw_results_read_file (path, &error);
  }
  g_assert_true (qw_region_import_results (f->doc, second, &outcome, NULL, &error));
  g_assert_cmpint (outcome, ==, QW_IMPORT_REPLACED);
  assert_undo_redo (f->doc, once, label);
}

static void
test_region_stops_csv (Fixture       *f,
                       gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (f->dir, "stops.csv", NULL);
  g_autoptr(QwStopsImport) import = NULL;
  g_autofree char *before = qw_test_dump_document (qw_document_get_path (f->doc));

  g_assert_true (g_file_set_contents (path, "名称,类型,级别,承办单位,地级市,县级市,荣誉,参赛人数\n"
                                            "第一站,预选赛,县级,第一县象棋协会,某市,,,90\n"
                                            "第二站,预选赛,县级,第二县象棋协会,某市,,,40\n", -1, &error));
  import = qw_stops_csv_read_file (f->ruleset, path, &error);
  g_assert_no_error (error);
  g_assert_true (qw_region_import_stops (f->doc, import->stops, NULL, NULL, &error));
  assert_undo_redo (f->doc, before, "Import of 2 stops");
}

static QwStopSummary *
typed_stop (const char *name,
            int         participants)
{
  QwStopSummary *s = qw_stop_summary_new ();

  s->name = g_strdup (name);
  s->level = QW_LEVEL_PRELIMINARY;
  s->host_level = QW_HOST_COUNTY;
  s->host = g_strdup ("某县象棋协会");
  s->prefecture = g_strdup ("某市");
  s->county_city = g_strdup ("");
  s->honours = g_strdup ("");
  s->participants = participants;
  return s;
}

static QwEvent *
find_event (Fixture    *f,
            const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) events = qw_document_list_events (f->doc, &error);

  for (guint i = 0; i < events->len; i++)
    if (g_str_equal (((QwEvent *) g_ptr_array_index (events, i))->name, name))
      return qw_event_copy (g_ptr_array_index (events, i));
  return NULL;
}

static void
test_region_typed_stop (Fixture       *f,
                        gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwStopSummary) stop = typed_stop ("第一站", 40);
  g_autoptr(QwStopSummary) renamed = typed_stop ("第一站（改）", 45);
  g_autoptr(QwStopSummary) unnamed = typed_stop ("", 45);
  g_autoptr(QwStopSummary) other = typed_stop ("第二站", 20);
  g_autoptr(QwEvent) original = NULL;
  g_autofree char *before = qw_test_dump_document (qw_document_get_path (f->doc));

  g_assert_true (qw_region_save_stop (f->doc, stop, NULL, &error));
  g_assert_no_error (error);
  assert_undo_redo (f->doc, before, "Adding the stop 第一站");

  g_free (before);
  before = qw_test_dump_document (qw_document_get_path (f->doc));
  original = find_event (f, "第一站");
  g_assert_true (qw_region_save_stop (f->doc, renamed, original, &error));
  g_assert_no_error (error);
  g_assert_null (find_event (f, "第一站"));
  assert_undo_redo (f->doc, before, "Editing the stop 第一站（改）");

  /* What the page used to check, the core checks. */
  g_assert_false (qw_region_save_stop (f->doc, unnamed, NULL, &error));
  g_assert_error (error, QW_ERROR, QW_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_true (qw_region_save_stop (f->doc, other, NULL, &error));
  g_clear_pointer (&original, qw_event_free);
  original = find_event (f, "第二站");
  g_assert_false (qw_region_save_stop (f->doc, renamed, original, &error));
  g_assert_error (error, QW_ERROR, QW_ERROR_INVALID);
}

static void
test_region_delete_restore (Fixture       *f,
                            gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwResults) results = results_through_file (f, STOP_NAME, "stop-0001", 7, NULL);
  g_autoptr(QwStopSummary) stop = typed_stop ("第二站", 40);
  g_autoptr(GPtrArray) events = NULL;
  g_autoptr(QwStopsBackup) backup = NULL;
  g_autoptr(QwRegionSummary) summary = NULL;
  g_autoptr(QwRegionSummary) restored = NULL;
  g_autofree char *before = NULL;
  QwEvent *local;

  g_assert_true (qw_region_import_results (f->doc, results, NULL, NULL, &error));
  g_assert_true (qw_region_save_stop (f->doc, stop, NULL, &error));
  summary = qw_region_read_summary (f->doc, f->ruleset, &error);
  before = qw_test_dump_document (qw_document_get_path (f->doc));
  events = qw_document_list_events (f->doc, &error);
  g_assert_cmpuint (events->len, ==, 2);
  backup = qw_region_backup_stops (f->doc, events, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (backup->results->len, ==, 1);
  g_assert_cmpuint (backup->manual->len, ==, 1);
  g_assert_true (qw_region_delete_stops (f->doc, events, &error));
  g_assert_no_error (error);
  g_assert_cmpint (fixture_count_events (f->doc), ==, 0);
  assert_undo_redo (f->doc, before, "Deleting 2 stops");

  /* Restored from the backup (the region page's own undo), the stops are as they were. */
  g_assert_true (qw_region_restore_stops (f->doc, backup, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (qw_history_get_undo_label (qw_document_get_history (f->doc)), ==, "Restoring 2 stops");
  restored = qw_region_read_summary (f->doc, f->ruleset, &error);
  g_assert_cmpuint (restored->stops->len, ==, summary->stops->len);
  g_assert_cmpint (restored->participants, ==, summary->participants);

  /* A stop run in the document is refused, and nothing goes. */
  g_ptr_array_set_size (events, 0);
  local = qw_event_new ();
  local->name = g_strdup ("广东省决赛");
  local->level = QW_LEVEL_PROVINCIAL_FINAL;
  g_assert_true (qw_document_add_event (f->doc, local, &error));
  g_ptr_array_add (events, local);
  g_assert_false (qw_region_delete_stops (f->doc, events, &error));
  g_assert_error (error, QW_ERROR, QW_ERROR_INVALID);
  g_assert_cmpint (fixture_count_events (f->doc), ==, 3);
}

/* A results file, a stops CSV and a stop's own document: one service, one
 * step a file, each undone in turn. */
static void
test_region_import_files (Fixture       *f,
                          gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *xml = NULL;
  g_autofree char *csv = g_build_filename (f->dir, "stops.csv", NULL);
  g_autofree char *stop_path = g_build_filename (f->dir, "final-stop.qiwang", NULL);
  g_autofree char *bad = g_build_filename (f->dir, "notes.txt", NULL);
  g_autoptr(QwResults) results = results_through_file (f, "2021年广东赛区第一站预选赛", "stop-0001", 7, &xml);
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GPtrArray) read = NULL;
  g_autoptr(GPtrArray) outcomes = NULL;
  g_autoptr(QwDocument) stop_doc = NULL;
  g_autoptr(QwEvent) stop_event = NULL;
  g_autofree char *empty = qw_test_dump_document (qw_document_get_path (f->doc));
  g_autofree char *last = NULL;
  QwHistory *history = qw_document_get_history (f->doc);

  g_assert_true (g_file_set_contents (csv, "名称,类型,级别,承办单位,地级市,县级市,荣誉,参赛人数\n"
                                           "第三站,预选赛,县级,第三县象棋协会,某市,,,60\n", -1, &error));
  g_assert_true (g_file_set_contents (bad, "?", -1, &error));
  stop_doc = qw_demo_create (stop_path, &error);
  g_assert_no_error (error);
  stop_event = qw_document_get_main_event (stop_doc, &error);
  g_free (stop_event->region);
  stop_event->region = g_strdup ("广东");
  g_assert_true (qw_registration_update_event (stop_doc, f->ruleset, stop_event, &error));
  g_clear_object (&stop_doc);

  g_ptr_array_add (files, g_file_new_for_path (xml));
  g_ptr_array_add (files, g_file_new_for_path (csv));
  g_ptr_array_add (files, g_file_new_for_path (stop_path));
  g_ptr_array_add (files, g_file_new_for_path (bad));
  read = qw_region_read_files (f->ruleset, files, NULL);
  outcomes = qw_region_import_read (f->doc, read);
  g_assert_cmpuint (outcomes->len, ==, 4);
  g_assert_cmpint (((QwFileOutcome *) g_ptr_array_index (outcomes, 0))->kind, ==, QW_FILE_ADDED);
  g_assert_cmpint (((QwFileOutcome *) g_ptr_array_index (outcomes, 1))->kind, ==, QW_FILE_ADDED);
  g_assert_cmpint (((QwFileOutcome *) g_ptr_array_index (outcomes, 2))->kind, ==, QW_FILE_ADDED);
  g_assert_cmpint (((QwFileOutcome *) g_ptr_array_index (outcomes, 3))->kind, ==, QW_FILE_REJECTED);
  g_assert_cmpint (fixture_count_events (f->doc), ==, 3);

  last = g_strdup_printf ("Import of %s", stop_event->name);
  g_assert_cmpstr (qw_history_get_undo_label (history), ==, last);
  g_assert_true (qw_history_undo (history, NULL, &error));
  g_assert_cmpstr (qw_history_get_undo_label (history), ==, "Adding the stop 第三站");
  g_assert_true (qw_history_undo (history, NULL, &error));
  g_assert_true (qw_history_undo (history, NULL, &error));
  g_assert_no_error (error);
  qw_test_assert_dump (qw_document_get_path (f->doc), empty);
  g_assert_false (qw_history_get_can_undo (history));
}

static void
test_region_decided_places (Fixture       *f,
                            gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *before = qw_test_dump_document (qw_document_get_path (f->doc));

  g_assert_true (qw_region_set_decided_places (f->doc, 4, &error));
  assert_undo_redo (f->doc, before, "Places decided by the association");
}

static void
test_national_nominees (void)
{
  g_autofree char *dir = fixture_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "national.qiwang", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = qw_document_create (path, QW_DOCUMENT_NATIONAL, &error);
  g_autoptr(QwNomineeList) list = qw_nominee_list_new ();
  g_autofree char *before = NULL;

  g_assert_no_error (error);
  qw_document_enable_history (doc);
  before = qw_test_dump_document (qw_document_get_path (doc));
  list->region = g_strdup ("广东");
  list->digest = g_strdup ("abc");
  for (int i = 0; i < 3; i++)
    {
      QwNominee *n = qw_nominee_new ();

      n->group_code = g_strdup ("open-m");
      n->name = g_strdup_printf ("选手%d", i + 1);
      n->sex = QW_SEX_MALE;
      n->birth = g_strdup ("1990-05-06");
      n->id_number = fixture_id_number ((guint32) i, "1990-05-06", QW_SEX_MALE);
      n->unit = g_strdup ("广东省象棋协会");
      n->rank = i + 1;
      n->reason = g_strdup ("");
      g_ptr_array_add (list->nominees, n);
    }
  g_assert_true (qw_national_import_nominees (doc, list, NULL, &error));
  g_assert_no_error (error);
  assert_undo_redo (doc, before, "Nominees of 广东");
  g_clear_object (&doc);
  fixture_rmdir (dir);
}

/* Exporting a stop writes the id it is recognised by: that is no step. */
static void
test_export_not_a_step (void)
{
  g_autofree char *dir = fixture_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "demo.qiwang", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = qw_demo_create (path, &error);
  g_autoptr(QwResults) results = NULL;

  g_assert_no_error (error);
  qw_document_enable_history (doc);
  results = qw_results_from_document (doc, &error);
  g_assert_no_error (error);
  g_assert_nonnull (results->uid);
  g_assert_false (qw_history_get_can_undo (qw_document_get_history (doc)));
  g_clear_object (&doc);
  fixture_rmdir (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/services/registration/same-placement", test_placement_same_for_every_face);
  g_test_add_func ("/services/registration/edit-moves-until-paired", test_edit_moves_until_paired);
#define ADD(name, func) \
  g_test_add ("/services/region/" name, Fixture, NULL, fixture_set_up, func, qw_test_region_tear_down)
  ADD ("import-results", test_region_import_results);
  ADD ("stops-csv", test_region_stops_csv);
  ADD ("typed-stop", test_region_typed_stop);
  ADD ("delete-restore", test_region_delete_restore);
  ADD ("import-files", test_region_import_files);
  ADD ("decided-places", test_region_decided_places);
#undef ADD
  g_test_add_func ("/services/region/export-not-a-step", test_export_not_a_step);
  g_test_add_func ("/services/national/nominees", test_national_nominees);
  return g_test_run ();
}
