/* test-region.c: the region document: importing stops, re-imports, manual
 * stops, the summary and quota, and the provincial final's checks
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "qw-error.h"
#include "qw-standings.h"
#include "qw-stops-csv.h"
#include "qw-tournament.h"
#include "qw-date.h"
#include "qw-document-entries.h"
#include "qw-document-play.h"
#include "qw-entry.h"
#include "qw-event.h"
#include "qw-game.h"
#include "qw-results-export.h"
#include "qw-tiebreak.h"
#include "qw-test-region.h"
#include "qw-test.h"
#include "qw-test-play.h"

#define STOP_NAME "2021年第六届全国象棋业余棋王赛广东赛区白花（镇）预选赛"

typedef QwTestRegion Fixture;

/* Writes and reads the results back, so that they carry a digest as a real
 * import does. */
static QwResults *
through_file (Fixture   *f,
              QwResults *results)
{
  g_autofree char *path = g_build_filename (f->dir, "stop.xml", NULL);
  g_autoptr(GError) error = NULL;
  QwResults *read;

  g_assert_true (qw_results_write_file (results, path, FALSE, &error));
  g_assert_no_error (error);
  read = qw_results_read_file (path, &error);
  g_assert_no_error (error);
  g_unlink (path);
  qw_results_free (results);
  return read;
}

static gint64
import_ok (Fixture         *f,
           const QwResults *results,
           QwImportOutcome  expected)
{
  g_autoptr(GError) error = NULL;
  QwImportOutcome outcome = -1;
  gint64 event_id = 0;

  g_assert_true (qw_region_import_results (f->doc, results, &outcome, &event_id, &error));
  g_assert_no_error (error);
  g_assert_cmpint (outcome, ==, expected);
  g_assert_cmpint (event_id, >, 0);
  return event_id;
}

static QwRegionSummary *
summary (Fixture *f)
{
  g_autoptr(GError) error = NULL;
  QwRegionSummary *s = qw_region_read_summary (f->doc, f->ruleset, &error);

  g_assert_no_error (error);
  return s;
}

static void
test_import_round_trip (Fixture       *f,
                        gconstpointer  data)
{
  g_autoptr(QwResults) results = through_file (f, fixture_results (STOP_NAME, "stop-0001", "2021-07-03", 7));
  g_autoptr(QwResults) back = NULL;
  g_autoptr(QwRegionSummary) s = NULL;
  g_autoptr(GError) error = NULL;
  gint64 id = import_ok (f, results, QW_IMPORT_ADDED);
  const QwRegionStop *stop;

  /* The same standings (shared first place included), games and players. */
  back = qw_region_imported_results (f->doc, id, &error);
  g_assert_no_error (error);
  assert_results_equal (results, back, FALSE);
  g_assert_cmpstr (back->digest, ==, results->digest);

  s = summary (f);
  g_assert_cmpuint (s->stops->len, ==, 1);
  stop = g_ptr_array_index (s->stops, 0);
  g_assert_cmpint (stop->event->source, ==, QW_SOURCE_IMPORTED);
  g_assert_cmpint (stop->participants, ==, 7 + 2 + 1);
  g_assert_false (stop->valid);
  g_assert_cmpint (s->n_preliminaries, ==, 1);
  g_assert_cmpint (s->n_valid, ==, 0);
  g_assert_cmpint (s->participants, ==, 10);
}

/* The rounds players were absent from travel with the stop: a late entry's
 * missed round with the point it was given, and a 请假. */
static void
test_import_absences (Fixture       *f,
                      gconstpointer  data)
{
  g_autoptr(QwResults) results = fixture_results (STOP_NAME, "stop-0002", "2021-07-03", 7);
  g_autoptr(QwResults) back = NULL;
  g_autoptr(GError) error = NULL;
  QwResultsGroup *open = g_ptr_array_index (results->groups, 0);
  const QwResultsAbsence late = { 8, 1, QW_ABSENCE_LATE, 1 }, leave = { 8, 2, QW_ABSENCE_LEAVE, 0 };
  gint64 id;

  g_ptr_array_add (open->players, fixture_player (8, "迟到", QW_SEX_MALE, "1991-03-20", "open-m"));
  g_array_append_val (open->absences, late);
  g_array_append_val (open->absences, leave);
  results = through_file (f, g_steal_pointer (&results));
  open = g_ptr_array_index (results->groups, 0);
  g_assert_cmpuint (open->absences->len, ==, 2);
  id = import_ok (f, results, QW_IMPORT_ADDED);
  back = qw_region_imported_results (f->doc, id, &error);
  g_assert_no_error (error);
  assert_results_equal (results, back, FALSE);
}

static void
test_reimport (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(QwResults) first = through_file (f, fixture_results (STOP_NAME, "stop-0001", "2021-07-03", 21));
  g_autoptr(QwResults) changed = fixture_results (STOP_NAME, "stop-0001", "2021-07-03", 21);
  g_autoptr(QwResults) other_uid = fixture_results (STOP_NAME, "stop-9999", "2021-07-03", 23);
  g_autoptr(QwResults) other_day = fixture_results (STOP_NAME, "stop-7777", "2021-08-03", 22);
  g_autoptr(QwRegionSummary) s = NULL;
  g_autoptr(QwResults) back = NULL;
  g_autoptr(GError) error = NULL;
  QwResultsGame *game;
  gint64 id;

  import_ok (f, first, QW_IMPORT_ADDED);
  /* The very same file again. */
  import_ok (f, first, QW_IMPORT_UNCHANGED);
  g_assert_cmpint (fixture_count_events (f->doc), ==, 1);

  /* The stop corrected a result and sent its file again: it replaces the first. */
  game = g_ptr_array_index (((QwResultsGroup *) g_ptr_array_index (changed->groups, 0))->games, 0);
  g_free (game->result);
  game->result = g_strdup ("1:1");
  changed = through_file (f, g_steal_pointer (&changed));
  id = import_ok (f, changed, QW_IMPORT_REPLACED);
  g_assert_cmpint (fixture_count_events (f->doc), ==, 1);
  back = qw_region_imported_results (f->doc, id, &error);
  g_assert_no_error (error);
  game = g_ptr_array_index (((QwResultsGroup *) g_ptr_array_index (back->groups, 0))->games, 0);
  g_assert_cmpstr (game->result, ==, "1:1");

  /* Exported again from another copy (a new id): same name, day and host. */
  other_uid = through_file (f, g_steal_pointer (&other_uid));
  import_ok (f, other_uid, QW_IMPORT_REPLACED);
  g_assert_cmpint (fixture_count_events (f->doc), ==, 1);

  /* Another stop of the same name on another day is another stop. */
  other_day = through_file (f, g_steal_pointer (&other_day));
  import_ok (f, other_day, QW_IMPORT_ADDED);
  s = summary (f);
  g_assert_cmpint (s->n_preliminaries, ==, 2);
  g_assert_cmpint (s->n_valid, ==, 2);
  g_assert_cmpint (s->participants, ==, (23 + 3) + (22 + 3));
}

static void
assert_refused (Fixture         *f,
                const QwResults *results,
                const char      *needle)
{
  g_autoptr(GError) error = NULL;
  int before = fixture_count_events (f->doc);

  g_assert_false (qw_region_import_results (f->doc, results, NULL, NULL, &error));
  g_assert_nonnull (error);
  if (strstr (error->message, needle) == NULL)
    g_error ("“%s” does not say “%s”", error->message, needle);
  g_assert_cmpint (fixture_count_events (f->doc), ==, before);
}

static void
test_import_refused (Fixture       *f,
                     gconstpointer  data)
{
  g_autoptr(QwResults) results = through_file (f, fixture_results (STOP_NAME, "stop-0001", "2021-07-03", 7));
  g_autoptr(GError) error = NULL;
  g_autofree char *stop_path = g_build_filename (f->dir, "stop.qiwang", NULL);
  g_autoptr(QwDocument) stop_doc = NULL;

  results->is_public = TRUE;
  assert_refused (f, results, "public form");
  results->is_public = FALSE;

  g_free (results->event->region);
  results->event->region = g_strdup ("广西");
  assert_refused (f, results, "广西");
  g_free (results->event->region);
  results->event->region = g_strdup ("广东");

  g_free (results->event->ruleset);
  results->event->ruleset = g_strdup ("qiwang-2020");
  assert_refused (f, results, "qiwang-2020");
  g_free (results->event->ruleset);
  results->event->ruleset = g_strdup ("qiwang-2021");

  results->event->level = QW_LEVEL_NATIONAL_FINAL;
  assert_refused (f, results, "national final");
  results->event->level = QW_LEVEL_PRELIMINARY;

  /* A stop document does not import results files. */
  stop_doc = qw_document_create (stop_path, QW_DOCUMENT_STOP, &error);
  g_assert_no_error (error);
  g_assert_false (qw_region_import_results (stop_doc, results, NULL, NULL, &error));
  g_assert_error (error, QW_ERROR, QW_ERROR_INVALID);
  g_assert_cmpint (fixture_count_events (f->doc), ==, 0);
}

/* A failure half-way (here a game naming a player who is not in the file,
 * which the reader would have refused) leaves nothing behind. */
static void
test_import_atomic (Fixture       *f,
                    gconstpointer  data)
{
  g_autoptr(QwResults) results = fixture_results (STOP_NAME, "stop-0001", "2021-07-03", 7);
  g_autoptr(GError) error = NULL;
  QwResultsGroup *junior = g_ptr_array_index (results->groups, 1);
  QwResultsGame *game = g_ptr_array_index (junior->games, 0);

  game->black = 555;
  g_assert_false (qw_region_import_results (f->doc, results, NULL, NULL, &error));
  g_assert_nonnull (error);
  g_assert_cmpint (fixture_count_events (f->doc), ==, 0);
}

static GPtrArray *
stops_from_text (Fixture    *f,
                 const char *text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwCsv) csv = qw_csv_parse_data (text, strlen (text), &error);
  g_autoptr(QwStopsImport) import = NULL;

  g_assert_no_error (error);
  import = qw_stops_csv_parse (f->ruleset, csv, &error);
  g_assert_no_error (error);
  g_assert_true (qw_stops_import_check (import, "stops.csv", &error));
  return g_ptr_array_ref (import->stops);
}

static char *
ten_stops_csv (int per_stop,
               int final)
{
  GString *text = g_string_new ("名称,类型,级别,承办单位,地级市,县级市,荣誉,参赛人数\n");

  for (int i = 0; i < 10; i++)
    g_string_append_printf (text, "第%d站,预选赛,县级,第%d县象棋协会,某市,,,%d\n", i + 1, i + 1, per_stop);
  if (final > 0)
    g_string_append_printf (text, "广东省决赛,省决赛,,省象棋协会,,,,%d\n", final);
  return g_string_free (text, FALSE);
}

static void
test_manual_stops (Fixture       *f,
                   gconstpointer  data)
{
  g_autofree char *text = ten_stops_csv (90, 100);
  g_autofree char *fewer = ten_stops_csv (19, 0);
  g_autoptr(GPtrArray) stops = stops_from_text (f, text);
  g_autoptr(GPtrArray) stops_fewer = stops_from_text (f, fewer);
  g_autoptr(GPtrArray) quota_stops = NULL;
  g_autoptr(QwQuota) quota = NULL;
  g_autoptr(QwRegionSummary) s = NULL;
  g_autoptr(QwRegionSummary) s2 = NULL;
  g_autoptr(GError) error = NULL;
  int added = -1, replaced = -1;

  g_assert_true (qw_region_import_stops (f->doc, stops, &added, &replaced, &error));
  g_assert_no_error (error);
  g_assert_cmpint (added, ==, 11);
  g_assert_cmpint (replaced, ==, 0);
  s = summary (f);
  g_assert_cmpint (s->n_preliminaries, ==, 10);
  g_assert_cmpint (s->n_valid, ==, 10);
  g_assert_true (s->final);
  g_assert_cmpint (s->participants, ==, 1000);
  quota_stops = qw_region_summary_quota_stops (s);
  quota = qw_quota_compute (f->ruleset, quota_stops);
  g_assert_cmpstr (quota->tier, ==, "B");
  g_assert_cmpuint (quota->bonuses->len, ==, 1);

  /* The list typed again with other counts updates the same stops. */
  g_assert_true (qw_region_import_stops (f->doc, stops_fewer, &added, &replaced, &error));
  g_assert_cmpint (added, ==, 0);
  g_assert_cmpint (replaced, ==, 10);
  s2 = summary (f);
  g_assert_cmpuint (s2->stops->len, ==, 11);
  g_assert_cmpint (s2->n_valid, ==, 0);
  g_assert_cmpint (s2->participants, ==, 190 + 100);
}

/* 参赛人数 counts who took part: not an entry found ineligible (不具备参赛资格)
 * nor a late entry never admitted, though the results file lists both
 * (issue 9); one who withdrew took part. */
static void
test_results_participants (Fixture       *f,
                           gconstpointer  data)
{
  g_autoptr(QwResults) results = fixture_results (STOP_NAME, "stop-0002", "2021-07-03", 7);
  QwResultsGroup *open = g_ptr_array_index (results->groups, 0);
  g_autoptr(QwResults) read = NULL;
  g_autoptr(QwRegionSummary) s = NULL;

  ((QwEntry *) g_ptr_array_index (open->players, 4))->status = QW_STATUS_EXCLUDED;
  ((QwEntry *) g_ptr_array_index (open->players, 5))->status = QW_STATUS_LATE;
  ((QwEntry *) g_ptr_array_index (open->players, 6))->status = QW_STATUS_WITHDRAWN;
  read = through_file (f, g_steal_pointer (&results));
  g_assert_cmpint (qw_results_count_players (read), ==, 10);
  import_ok (f, read, QW_IMPORT_ADDED);
  s = summary (f);
  g_assert_cmpint (((QwRegionStop *) g_ptr_array_index (s->stops, 0))->participants, ==, 8);
  g_assert_cmpint (s->participants, ==, 8);
}

static void
test_results_replace_manual (Fixture       *f,
                             gconstpointer  data)
{
  g_autofree char *text = g_strdup_printf ("名称,类型,级别,承办单位,地级市,县级市,荣誉,参赛人数\n"
                                           "%s,预选赛,乡级,白花镇象棋协会,惠州市,,,30\n", STOP_NAME);
  g_autoptr(GPtrArray) stops = stops_from_text (f, text);
  g_autoptr(QwResults) results = through_file (f, fixture_results (STOP_NAME, "stop-0001", "2021-07-03", 7));
  g_autoptr(QwRegionSummary) s = NULL;
  g_autoptr(GError) error = NULL;
  int added = 0, replaced = 0;

  g_assert_true (qw_region_import_stops (f->doc, stops, &added, &replaced, &error));
  g_assert_cmpint (added, ==, 1);
  /* The stop's own results file comes in: it takes the typed row's place. */
  import_ok (f, results, QW_IMPORT_REPLACED);
  s = summary (f);
  g_assert_cmpuint (s->stops->len, ==, 1);
  g_assert_cmpint (((QwRegionStop *) g_ptr_array_index (s->stops, 0))->participants, ==, 10);
  /* Typing the list again does not overwrite the imported stop. */
  g_assert_true (qw_region_import_stops (f->doc, stops, &added, &replaced, &error));
  g_assert_cmpint (added + replaced, ==, 0);
  g_assert_cmpint (fixture_count_events (f->doc), ==, 1);
}

static QwResults *
final_results (const char *start,
               const char *end,
               const char *arbiter_grade)
{
  QwResults *r = fixture_results ("2021年第六届全国象棋业余棋王赛广东赛区省决赛", "final-0001", start, 7);

  r->event->level = QW_LEVEL_PROVINCIAL_FINAL;
  qw_date_parse_iso (end, &r->event->end_date);
  g_free (r->event->host);
  r->event->host = g_strdup ("广东省象棋协会");
  r->event->host_level = QW_HOST_PROVINCE;
  g_free (r->event->chief_arbiter_grade);
  r->event->chief_arbiter_grade = g_strdup (arbiter_grade);
  return r;
}

static void
test_arbiters_and_dates (Fixture       *f,
                         gconstpointer  data)
{
  g_autoptr(QwResults) prelim = through_file (f, fixture_results (STOP_NAME, "stop-0001", "2021-09-04", 7));
  g_autoptr(QwResults) good = through_file (f, final_results ("2021-10-20", "2021-10-21", "国家级裁判"));
  g_autoptr(QwResults) bad = through_file (f, final_results ("2021-09-04", "2021-11-01", "一级"));
  g_autoptr(QwRegionSummary) s = NULL;
  g_autoptr(QwRegionSummary) s2 = NULL;
  g_autoptr(GError) error = NULL;

  /* The region's rules were published in time: only the stops' warnings. */
  g_assert_true (qw_region_set_rules_published (f->doc, qw_date_make (2021, 5, 10), &error));
  g_assert_no_error (error);
  g_free (prelim->event->chief_arbiter_grade);
  prelim->event->chief_arbiter_grade = g_strdup ("二级");
  import_ok (f, prelim, QW_IMPORT_ADDED);
  import_ok (f, good, QW_IMPORT_ADDED);
  s = summary (f);
  g_assert_true (s->final);
  g_assert_cmpint (qw_region_summary_final (s)->participants, ==, 10);
  g_assert_cmpint (s->participants, ==, 20);
  /* The preliminary's arbiter is 二级 (一级 needed); the final is fine. */
  g_assert_cmpuint (s->warnings->len, ==, 1);
  g_assert_true (fixture_summary_warns (s, "二级"));

  /* Replaced by a final with a 一级 arbiter, on the preliminary's day and after 10-31. */
  import_ok (f, bad, QW_IMPORT_REPLACED);
  s2 = summary (f);
  g_assert_cmpuint (s2->warnings->len, ==, 4);
  g_assert_true (fixture_summary_warns (s2, "国家级"));
  g_assert_true (fixture_summary_warns (s2, "after every preliminary"));
  g_assert_true (fixture_summary_warns (s2, "10-31"));
}

static QwEntry *
final_entry (const char *name,
             const char *id_number)
{
  QwEntry *e = qw_entry_new ();

  g_free (e->name);
  e->name = g_strdup (name);
  g_free (e->id_number);
  e->id_number = g_strdup (id_number);
  return e;
}

static void
test_final_eligibility (Fixture       *f,
                        gconstpointer  data)
{
  g_autoptr(QwResults) prelim = through_file (f, fixture_results (STOP_NAME, "stop-0001", "2021-07-03", 7));
  g_autofree char *text = g_strdup ("名称,类型,级别,承办单位,地级市,县级市,荣誉,参赛人数\n"
                                    "手填站,预选赛,县级,某协会,某市,,,40\n");
  g_autoptr(GPtrArray) stops = stops_from_text (f, text);
  g_autoptr(GPtrArray) entries = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_entry_free);
  g_autoptr(GPtrArray) checks = NULL;
  g_autoptr(GError) error = NULL;
  const QwEntry *played = g_ptr_array_index (((QwResultsGroup *) g_ptr_array_index (prelim->groups, 0))->players, 2);
  g_autofree char *lower = g_ascii_strdown (played->id_number, -1);
  g_autofree char *stranger = fixture_id_number (4242, "1985-03-03", QW_SEX_MALE);
  const QwFinalEntryCheck *c;
  int unchecked = -1;

  import_ok (f, prelim, QW_IMPORT_ADDED);
  g_assert_true (qw_region_import_stops (f->doc, stops, NULL, NULL, &error));
  /* Found whatever the case of a final X; a stranger and a blank are flagged. */
  g_ptr_array_add (entries, final_entry (played->name, lower));
  g_ptr_array_add (entries, final_entry ("陌生人", stranger));
  g_ptr_array_add (entries, final_entry ("无证件", ""));
  checks = qw_region_check_final_entries (f->doc, entries, &unchecked, &error);
  g_assert_no_error (error);
  g_assert_cmpint (unchecked, ==, 1);
  g_assert_cmpuint (checks->len, ==, 3);
  c = g_ptr_array_index (checks, 0);
  g_assert_true (c->played);
  g_assert_cmpstr (c->stops, ==, STOP_NAME);
  g_assert_null (c->message);
  c = g_ptr_array_index (checks, 1);
  g_assert_false (c->played);
  g_assert_nonnull (strstr (c->message, "陌生人"));
  g_assert_nonnull (strstr (c->message, "no preliminary"));
  /* The message masks the number. */
  g_assert_null (strstr (c->message, stranger));
  c = g_ptr_array_index (checks, 2);
  g_assert_false (c->played);
  g_assert_nonnull (strstr (c->message, "no ID number"));
}

static void
test_decided_places (Fixture       *f,
                     gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (qw_region_get_decided_places (f->doc), ==, -1);
  g_assert_true (qw_region_set_decided_places (f->doc, 4, &error));
  g_assert_cmpint (qw_region_get_decided_places (f->doc), ==, 4);
  g_assert_false (qw_region_set_decided_places (f->doc, 5000, &error));
  g_assert_error (error, QW_ERROR, QW_ERROR_INVALID);
  g_assert_cmpint (qw_region_get_decided_places (f->doc), ==, 4);
  g_clear_error (&error);
  g_assert_true (qw_region_set_decided_places (f->doc, -1, &error));
  g_assert_cmpint (qw_region_get_decided_places (f->doc), ==, -1);
}

static void
test_delete_stop (Fixture       *f,
                  gconstpointer  data)
{
  g_autoptr(QwResults) results = through_file (f, fixture_results (STOP_NAME, "stop-0001", "2021-07-03", 7));
  g_autoptr(GError) error = NULL;
  gint64 id = import_ok (f, results, QW_IMPORT_ADDED);

  g_assert_true (qw_region_delete_stop (f->doc, id, &error));
  g_assert_no_error (error);
  g_assert_cmpint (fixture_count_events (f->doc), ==, 0);
  /* Imported again it is a new stop, not a replacement of the deleted one. */
  import_ok (f, results, QW_IMPORT_ADDED);
}

static void
finish_round (QwDocument      *doc,
              const QwSection *section,
              int              round)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) games = qw_document_list_games (doc, section->id, &error);

  g_assert_no_error (error);
  for (guint i = 0; i < games->len; i++)
    {
      const QwGame *g = g_ptr_array_index (games, i);
      QwResultInput input = { QW_RESULT_RED_WIN, 0, 0, QW_PLAYOFF_NONE, FALSE };

      if (g->round != round || g->black == 0 || g->result != QW_RESULT_NONE)
        continue;
      input.result = (g->board + round) % 3 == 0 ? QW_RESULT_DRAW
                     : (g->board + round) % 3 == 1 ? QW_RESULT_RED_WIN : QW_RESULT_BLACK_WIN;
      if (g->board == 2)
        input.result = QW_RESULT_RED_BY_FORFEIT;
      input.black_fouls = g->board == 1;
      g_assert_true (qw_tournament_record_result (doc, section, round, g->board, &input, &error));
      g_assert_no_error (error);
    }
}

/* Plays a group of the demo stop up to @rounds rounds (the demo may have
 * played some already), with results that depend only on the board, a
 * forfeit, fouls, and a withdrawal before the last round. */
static void
play_group (QwDocument *doc,
            const char *code,
            int         rounds)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwSection) section = qw_tournament_find_section (doc, code, TRUE, &error);
  int last;

  g_assert_no_error (error);
  last = qw_document_last_round (doc, section->id);
  g_assert_cmpint (last, <, rounds);
  section->rounds = MAX (section->rounds, rounds);
  g_assert_true (qw_document_update_section (doc, section, &error));
  for (int round = MAX (last, 1); round <= rounds; round++)
    {
      if (round > last)
        {
          g_assert_cmpint (qw_test_pair (doc, &section, NULL, &error), ==, round);
          g_assert_no_error (error);
        }
      finish_round (doc, section, round);
      if (round == rounds - 1)
        {
          g_autoptr(GPtrArray) entries = qw_document_list_section_entries (doc, section, &error);

          g_assert_true (qw_tournament_withdraw (doc, section,
                                                 ((QwEntry *) g_ptr_array_index (entries, 0))->id, &error));
          g_assert_no_error (error);
        }
    }
}

/* Standings as the stop computes them equal the standings the region
 * received through the results file. */
static void
assert_same_standings (QwDocument *stop,
                       QwDocument *region,
                       gint64      region_event_id,
                       const char *code)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwSection) section = qw_tournament_find_section (stop, code, FALSE, &error);
  g_autoptr(QwEvent) event = qw_document_get_main_event (stop, &error);
  g_autoptr(QwRuleset) ruleset = qw_ruleset_lookup (event->ruleset, &error);
  g_autoptr(GPtrArray) entries = qw_document_list_section_entries (stop, section, &error);
  g_autoptr(GPtrArray) games = qw_document_list_games (stop, section->id, &error);
  g_autoptr(GPtrArray) rows = qw_standings_compute (ruleset, section, entries, games, 0);
  g_autoptr(QwSection) received_section = qw_document_get_section (region, region_event_id, code, &error);
  g_autoptr(GPtrArray) received = NULL;
  g_auto(GStrv) chain = g_strsplit (section->settings.tiebreaks, ",", -1);

  g_assert_no_error (error);
  received = qw_region_list_received_standings (region, received_section->id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (rows->len, >, 0);
  g_assert_cmpuint (rows->len, ==, received->len);
  for (guint i = 0; i < rows->len; i++)
    {
      const QwStandingRow *a = g_ptr_array_index (rows, i);
      const QwReceivedStanding *b = g_ptr_array_index (received, i);

      g_assert_cmpint (a->rank, ==, b->place);
      g_assert_cmpint (a->no, ==, b->no);
      g_assert_cmpstr (a->name, ==, b->name);
      g_assert_cmpstr (a->unit, ==, b->unit);
      g_assert_cmpfloat (a->points, ==, b->points);
      g_assert_cmpuint (b->tiebreaks->len, ==, g_strv_length (chain));
      for (guint t = 0; chain[t] != NULL; t++)
        {
          QwTiebreak tb;

          g_assert_true (qw_tiebreak_from_code (chain[t], &tb));
          g_assert_cmpfloat (a->tiebreaks[tb], ==, g_array_index (b->tiebreaks, double, t));
        }
    }
}

static void
test_stop_round_trip (Fixture       *f,
                      gconstpointer  data)
{
  g_autofree char *stop_path = g_build_filename (f->dir, "stop.qiwang", NULL);
  g_autofree char *xml_path = g_build_filename (f->dir, "stop.xml", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) stop = qw_demo_create (stop_path, &error);
  g_autoptr(QwResults) exported = NULL;
  g_autoptr(QwResults) again = NULL;
  g_autoptr(QwResults) read = NULL;
  g_autoptr(QwRegionSummary) s = NULL;
  gint64 id;

  g_assert_no_error (error);
  play_group (stop, "open-m", 5);
  play_group (stop, "junior-m", 4);
  exported = qw_results_from_document (stop, &error);
  g_assert_no_error (error);
  g_assert_cmpint (qw_results_count_players (exported), ==, qw_document_count_entries (stop, exported->event->id));
  g_assert_true (qw_results_write_file (exported, xml_path, FALSE, &error));
  g_assert_no_error (error);
  read = qw_results_read_file (xml_path, &error);
  g_assert_no_error (error);
  id = import_ok (f, read, QW_IMPORT_ADDED);
  assert_same_standings (stop, f->doc, id, "open-m");
  assert_same_standings (stop, f->doc, id, "junior-m");

  /* Exported again, the stop keeps its id: the region replaces it. */
  again = qw_results_from_document (stop, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (again->uid, ==, exported->uid);
  g_assert_true (qw_results_write_file (again, xml_path, FALSE, &error));
  g_clear_pointer (&read, qw_results_free);
  read = qw_results_read_file (xml_path, &error);
  g_assert_no_error (error);
  import_ok (f, read, QW_IMPORT_UNCHANGED);

  s = summary (f);
  g_assert_cmpint (s->n_valid, ==, 1);
  g_assert_cmpint (s->participants, ==, qw_results_count_players (exported));
}

/* Importing while reading (qw_region_import_results_file()): what it
 * stores is what reading and then importing store; the same outcomes; a file
 * refused at its end, after its parts were stored, leaves the document as it
 * was and is refused with the reader's message, which comes before the
 * region's own refusals as it did. */
static gboolean
import_file (Fixture          *f,
             const char       *path,
             QwImportOutcome  *outcome,
             gint64           *event_id,
             GError          **error)
{
  g_autoptr(QwResults) read = NULL;
  gboolean ok = qw_region_import_results_file (f->doc, path, outcome, event_id, &read, error);

  g_assert_true (ok == (read != NULL));
  return ok;
}

static void
write_text (const char *path,
            const char *text)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (path, text, -1, &error));
  g_assert_no_error (error);
}

static void
assert_file_refused (Fixture    *f,
                     const char *path,
                     const char *needle)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) read_error = NULL;
  g_autoptr(QwResults) read = qw_results_read_file (path, &read_error);
  gint64 id = 0;

  g_assert_false (import_file (f, path, NULL, &id, &error));
  g_assert_nonnull (error);
  if (strstr (error->message, needle) == NULL)
    g_error ("“%s” does not say “%s”", error->message, needle);
  /* The reader's refusal, when it refuses the file. */
  if (read == NULL)
    g_assert_cmpstr (error->message, ==, read_error->message);
}

static void
test_import_file_in_parts (Fixture       *f,
                           gconstpointer  data)
{
  g_autofree char *path = g_build_filename (f->dir, "stop.xml", NULL);
  g_autofree char *edited_path = g_build_filename (f->dir, "edited.xml", NULL);
  /* More players than a block of rows (qw-document-entries.c). */
  g_autoptr(QwResults) results = fixture_results (STOP_NAME, "stop-0003", "2021-07-03", 90);
  g_autoptr(QwResults) more = fixture_results (STOP_NAME, "stop-0003", "2021-07-03", 91);
  g_autoptr(QwResults) expected = NULL;
  g_autoptr(QwResults) back = NULL;
  g_autoptr(QwRegionSummary) s = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *resealed = NULL;
  g_autoptr(GString) edited = NULL;
  QwImportOutcome outcome = -1;
  gint64 id = 0, again = 0;

  g_assert_true (qw_results_write_file (results, path, FALSE, &error));
  g_assert_no_error (error);
  expected = qw_results_read_file (path, &error);
  g_assert_no_error (error);

  g_assert_true (import_file (f, path, &outcome, &id, &error));
  g_assert_no_error (error);
  g_assert_cmpint (outcome, ==, QW_IMPORT_ADDED);
  g_assert_cmpint (id, >, 0);
  back = qw_region_imported_results (f->doc, id, &error);
  g_assert_no_error (error);
  assert_results_equal (expected, back, FALSE);
  g_assert_cmpstr (back->digest, ==, expected->digest);
  s = summary (f);
  g_assert_cmpuint (s->stops->len, ==, 1);
  g_assert_cmpint (((const QwRegionStop *) g_ptr_array_index (s->stops, 0))->participants, ==,
                   qw_results_count_players (expected));

  /* The very same file again. */
  g_assert_true (import_file (f, path, &outcome, &again, &error));
  g_assert_no_error (error);
  g_assert_cmpint (outcome, ==, QW_IMPORT_UNCHANGED);
  g_assert_cmpint (again, ==, id);

  /* Refused at the end of the file, after its groups were stored (the same
   * stop: its earlier import was deleted in the step, and comes back). */
  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  edited = g_string_new (text);
  g_assert_cmpuint (g_string_replace (edited, "end=\"2021-07-03\"", "end=\"2021-07-02\"", 1), ==, 1);
  resealed = qw_test_reseal (edited->str);
  write_text (edited_path, resealed);
  assert_file_refused (f, edited_path, "the event ends (2021-07-02) before it starts (2021-07-03)");
  /* Damaged: the digest, checked at the end. */
  write_text (edited_path, edited->str);
  assert_file_refused (f, edited_path, "does not match its SHA-256 digest");
  /* Another region's stop, and impossible: the reader's refusal first. */
  g_assert_cmpuint (g_string_replace (edited, "<region>广东</region>", "<region>广西</region>", 1), ==, 1);
  g_free (resealed);
  resealed = qw_test_reseal (edited->str);
  write_text (edited_path, resealed);
  assert_file_refused (f, edited_path, "before it starts");
  /* Only another region's: the region's refusal. */
  g_assert_cmpuint (g_string_replace (edited, "end=\"2021-07-02\"", "end=\"2021-07-03\"", 1), ==, 1);
  g_free (resealed);
  resealed = qw_test_reseal (edited->str);
  write_text (edited_path, resealed);
  assert_file_refused (f, edited_path, "广西");
  g_assert_cmpint (fixture_count_events (f->doc), ==, 1);
  g_clear_pointer (&back, qw_results_free);
  back = qw_region_imported_results (f->doc, id, &error);
  g_assert_no_error (error);
  assert_results_equal (expected, back, FALSE);
  g_assert_cmpstr (back->digest, ==, expected->digest);

  /* Sent again with one more player: it replaces the first. */
  g_assert_true (qw_results_write_file (more, path, FALSE, &error));
  g_assert_no_error (error);
  g_clear_pointer (&expected, qw_results_free);
  expected = qw_results_read_file (path, &error);
  g_assert_no_error (error);
  g_assert_true (import_file (f, path, &outcome, &id, &error));
  g_assert_no_error (error);
  g_assert_cmpint (outcome, ==, QW_IMPORT_REPLACED);
  g_assert_cmpint (fixture_count_events (f->doc), ==, 1);
  g_clear_pointer (&back, qw_results_free);
  back = qw_region_imported_results (f->doc, id, &error);
  g_assert_no_error (error);
  assert_results_equal (expected, back, FALSE);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, qw_test_region_set_up, func, qw_test_region_tear_down)

  ADD ("/region/import/round-trip", test_import_round_trip);
  ADD ("/region/import/absences", test_import_absences);
  ADD ("/region/import/reimport", test_reimport);
  ADD ("/region/import/refused", test_import_refused);
  ADD ("/region/import/atomic", test_import_atomic);
  ADD ("/region/import/file-in-parts", test_import_file_in_parts);
  ADD ("/region/manual-stops", test_manual_stops);
  ADD ("/region/results-replace-manual", test_results_replace_manual);
  ADD ("/region/results-participants", test_results_participants);
  ADD ("/region/arbiters-and-dates", test_arbiters_and_dates);
  ADD ("/region/final-eligibility", test_final_eligibility);
  ADD ("/region/delete-stop", test_delete_stop);
  ADD ("/region/decided-places", test_decided_places);
  ADD ("/region/stop-round-trip", test_stop_round_trip);

#undef ADD

  return g_test_run ();
}
