/* test-stopplay.c: the day of a stop (issue 9), through the core
 *
 * Absence (请假) beside withdrawal, the group's armageddon setting and a
 * drawn armageddon, tie-breaks that follow the system, the starting-rank
 * list and its lottery, a Swiss too small for its rounds and an unpairable
 * round explained once, the 等级分 column, schema step 6, and what the
 * printed documents show of all this (page numbers, place names on
 * certificates, 签到表, 种子排序表, absences and play-offs).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gstdio.h>
#include <sqlite3.h>
#include <string.h>

#include "qw-demo.h"
#include "qw-document.h"
#include "qw-entry-import.h"
#include "qw-error.h"
#include "qw-csv.h"
#include "qw-history.h"
#include "qw-knockout.h"
#include "qw-message.h"
#include "qw-play.h"
#include "qw-print-source.h"
#include "qw-print.h"
#include "qw-schema.sql.h"
#include "qw-seeding.h"
#include "qw-standings.h"
#include "qw-tiebreak.h"
#include "qw-tournament.h"
#include "qw-date.h"
#include "qw-document-entries.h"
#include "qw-document-play.h"
#include "qw-entry.h"
#include "qw-event.h"
#include "qw-game.h"
#include "qw-test.h"
#include "qw-test-play.h"

typedef QwTestStop Fixture;

static int
no_of_id (Fixture *f,
          gint64   id)
{
  for (guint i = 0; i < f->entries->len; i++)
    if (((QwEntry *) g_ptr_array_index (f->entries, i))->id == id)
      return ((QwEntry *) g_ptr_array_index (f->entries, i))->no;
  return 0;
}

static GPtrArray *
games_of (Fixture *f,
          int      round)
{
  g_autoptr(GError) error = NULL;
  GPtrArray *games = qw_document_list_round_games (f->doc, f->section->id, round, &error);

  g_assert_no_error (error);
  return games;
}

static gboolean
strv_find (GPtrArray  *lines,
           const char *text)
{
  for (guint i = 0; lines != NULL && i < lines->len; i++)
    if (strstr (g_ptr_array_index (lines, i), text) != NULL)
      return TRUE;
  return FALSE;
}

static GPtrArray *
standings (Fixture *f)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwRuleset) ruleset = qw_test_ruleset ();
  g_autoptr(GPtrArray) games = qw_document_list_games (f->doc, f->section->id, &error);
  g_autoptr(GPtrArray) absences = qw_tournament_list_absences (f->doc, f->section, &error);

  g_assert_no_error (error);
  return qw_standings_compute_with_absences (ruleset, f->section, f->entries, games, absences, 0);
}

/* 10. Absence */

/* A 请假 keeps the player out of the next round only, with 0 points, no
 * warning, a line in the round log and a cell that says so. */
static void
test_absence_one_round (Fixture       *f,
                        gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) notes = NULL;
  g_autoptr(GPtrArray) round2 = NULL, round3 = NULL, warnings = NULL, rows = NULL, absences = NULL;
  const QwStandingRow *row;
  const QwRoundCell *cell;
  gint64 one;

  qw_test_stop_make (f, "swiss", 8, 5, 9, NULL, NULL);
  one = qw_test_stop_id_of_no (f, 1);
  g_assert_cmpint (qw_test_pair_next (f->doc, &f->section, NULL), ==, 1);
  qw_test_stop_finish_round (f, 1, QW_RESULT_RED_WIN);

  g_assert_cmpint (qw_tournament_set_absent (f->doc, f->section, one, &error), ==, 2);
  g_assert_no_error (error);
  g_assert_true (qw_test_stop_log_contains (f, "absent (请假) in round 2"));
  /* Once per round. */
  g_assert_cmpint (qw_tournament_set_absent (f->doc, f->section, one, &error), ==, 0);
  g_assert_error (error, QW_ERROR, QW_ERROR_CONFLICT);
  g_clear_error (&error);

  g_assert_cmpint (qw_test_pair_next (f->doc, &f->section, &notes), ==, 2);
  round2 = games_of (f, 2);
  g_assert_null (qw_test_game_with (round2, one));
  g_assert_true (strv_find (notes, "is absent (请假) in round 2"));
  /* Seven players: three boards and a bye, for someone else. */
  g_assert_cmpuint (round2->len, ==, 4);
  warnings = qw_tournament_check_round (f->doc, f->section, 2, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (warnings->len, ==, 0);
  qw_test_stop_finish_round (f, 2, QW_RESULT_DRAW);

  rows = standings (f);
  row = qw_test_standing_row (rows, 1);
  cell = &g_array_index (row->rounds, QwRoundCell, 1);
  g_assert_true (cell->absent);
  g_assert_cmpint (cell->absence, ==, QW_ABSENCE_LEAVE);
  g_assert_cmpfloat (cell->points, ==, 0);
  g_assert_cmpint (cell->opponent, ==, 0);
  g_assert_false (row->withdrawn);
  /* Points of round 1 only (No. 1 was red on board 1 and won). */
  g_assert_cmpfloat (row->points, ==, 2);

  /* The next round only: No. 1 is paired again in round 3. */
  g_assert_cmpint (qw_test_pair_next (f->doc, &f->section, NULL), ==, 3);
  round3 = games_of (f, 3);
  g_assert_nonnull (qw_test_game_with (round3, one));
  absences = qw_tournament_list_absences (f->doc, f->section, &error);
  g_assert_cmpuint (absences->len, ==, 1);
  g_assert_cmpint (((QwAbsence *) g_ptr_array_index (absences, 0))->round, ==, 2);
}

/* Taken back before the round is paired; again is an error. */
static void
test_absence_cancel (Fixture       *f,
                     gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) absences = NULL, round1 = NULL;
  gint64 two;

  qw_test_stop_make (f, "swiss", 6, 3, 9, NULL, NULL);
  two = qw_test_stop_id_of_no (f, 2);
  g_assert_cmpint (qw_tournament_set_absent (f->doc, f->section, two, &error), ==, 1);
  g_assert_true (qw_tournament_cancel_absence (f->doc, f->section, two, &error));
  g_assert_no_error (error);
  absences = qw_tournament_list_absences (f->doc, f->section, &error);
  g_assert_cmpuint (absences->len, ==, 0);
  g_assert_false (qw_tournament_cancel_absence (f->doc, f->section, two, &error));
  g_assert_error (error, QW_ERROR, QW_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_true (qw_test_stop_log_contains (f, "no longer absent"));
  qw_test_pair_next (f->doc, &f->section, NULL);
  round1 = games_of (f, 1);
  g_assert_nonnull (qw_test_game_with (round1, two));
}

/* Absent from round 1: still in the draw (an absence is no withdrawal). */
static void
test_absence_round_one (Fixture       *f,
                        gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwSeeding) seeding = NULL;
  g_autoptr(GPtrArray) round1 = NULL;
  gint64 three;

  qw_test_stop_make (f, "swiss", 6, 3, 9, NULL, NULL);
  three = qw_test_stop_id_of_no (f, 3);
  g_assert_cmpint (qw_tournament_set_absent (f->doc, f->section, three, &error), ==, 1);
  qw_test_pair_next (f->doc, &f->section, NULL);
  round1 = games_of (f, 1);
  g_assert_null (qw_test_game_with (round1, three));
  seeding = qw_tournament_seeding (f->doc, f->section, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (seeding->players->len, ==, 6);
  g_assert_cmpint (((QwSeed *) g_ptr_array_index (seeding->players, 2))->no, ==, 3);
}

/* A forfeit ends pairing after two in a row; an absence between is no
 * forfeit: after forfeit, absence, the player is paired again. The run of
 * forfeits goes on through the absence (a second forfeit ends pairing). */
static void
test_absence_not_a_forfeit (Fixture       *f,
                            gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) round1 = NULL, round3 = NULL, round4 = NULL, notes = NULL;
  const QwGame *g;
  gint64 one;

  qw_test_stop_make (f, "swiss", 8, 5, 9, NULL, NULL);
  g_assert_cmpint (f->section->settings.forfeit_limit, ==, 2);
  one = qw_test_stop_id_of_no (f, 1);
  qw_test_pair_next (f->doc, &f->section, NULL);
  round1 = games_of (f, 1);
  g = qw_test_game_with (round1, one);
  qw_test_record (f->doc, f->section, 1, g->board,
                  g->red == one ? QW_RESULT_BLACK_BY_FORFEIT : QW_RESULT_RED_BY_FORFEIT);
  qw_test_stop_finish_round (f, 1, QW_RESULT_DRAW);
  g_assert_cmpint (qw_tournament_set_absent (f->doc, f->section, one, &error), ==, 2);
  qw_test_pair_next (f->doc, &f->section, NULL);
  qw_test_stop_finish_round (f, 2, QW_RESULT_DRAW);
  qw_test_pair_next (f->doc, &f->section, NULL);
  round3 = games_of (f, 3);
  g = qw_test_game_with (round3, one);
  g_assert_nonnull (g);
  qw_test_record (f->doc, f->section, 3, g->board,
                  g->red == one ? QW_RESULT_BLACK_BY_FORFEIT : QW_RESULT_RED_BY_FORFEIT);
  qw_test_stop_finish_round (f, 3, QW_RESULT_DRAW);
  qw_test_pair_next (f->doc, &f->section, &notes);
  round4 = games_of (f, 4);
  g_assert_null (qw_test_game_with (round4, one));
  g_assert_true (strv_find (notes, "forfeited 2 games in a row"));
}

static void
test_absence_refused (Fixture       *f,
                      gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwSection) rr = NULL;

  qw_test_stop_make (f, "swiss", 6, 3, 9, NULL, NULL);
  g_assert_true (qw_tournament_withdraw (f->doc, f->section, qw_test_stop_id_of_no (f, 4), &error));
  g_assert_cmpint (qw_tournament_set_absent (f->doc, f->section, qw_test_stop_id_of_no (f, 4), &error), ==, 0);
  g_assert_error (error, QW_ERROR, QW_ERROR_CONFLICT);
  g_clear_error (&error);

  /* A round robin's schedule is fixed: a missed game is a forfeit. */
  f->section->system = QW_SYSTEM_ROUND_ROBIN;
  g_assert_true (qw_test_update_section (f->doc, &f->section, &error));
  g_assert_cmpint (qw_tournament_set_absent (f->doc, f->section, qw_test_stop_id_of_no (f, 1), &error), ==, 0);
  g_assert_error (error, QW_ERROR, QW_ERROR_CONFLICT);
  g_assert_nonnull (strstr (error->message, "forfeit"));
}

/* One labelled step, undone with the history. */
static void
test_absence_undo (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) absences = NULL;
  g_autofree char *label = NULL;
  QwHistory *history;
  const QwEntry *e;

  qw_test_stop_make (f, "swiss", 6, 3, 9, NULL, NULL);
  qw_document_enable_history (f->doc);
  history = qw_document_get_history (f->doc);
  e = g_ptr_array_index (f->entries, 0);
  g_assert_cmpint (qw_tournament_set_absent (f->doc, f->section, e->id, &error), ==, 1);
  label = g_strdup_printf ("Absence of %s in round 1", e->name);
  g_assert_cmpstr (qw_history_get_undo_label (history), ==, label);
  g_assert_true (qw_history_undo (history, NULL, &error));
  g_assert_no_error (error);
  absences = qw_tournament_list_absences (f->doc, f->section, &error);
  g_assert_cmpuint (absences->len, ==, 0);
}

/* 7. Play-offs */

static void
set_armageddon (Fixture  *f,
                gboolean  on)
{
  g_autoptr(GError) error = NULL;

  f->section->settings.armageddon = on;
  g_assert_true (qw_test_update_section (f->doc, &f->section, &error));
  g_assert_no_error (error);
}

static void
test_armageddon (Fixture       *f,
                 gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) round1 = NULL, round2 = NULL, lines = NULL, rows = NULL;
  g_autoptr(QwGame) stored = NULL;
  QwResultInput input = { QW_RESULT_DRAW, 0, 0, QW_PLAYOFF_DRAW, TRUE };
  const QwGame *first;
  gboolean logged = FALSE;

  qw_test_stop_make (f, "knockout", 4, 0, 9, NULL, NULL);
  qw_test_pair_next (f->doc, &f->section, NULL);
  round1 = games_of (f, 1);
  first = g_ptr_array_index (round1, 0);

  /* Off: an armageddon play-off is refused, naming the setting. */
  set_armageddon (f, FALSE);
  g_assert_false (qw_tournament_record_result (f->doc, f->section, 1, 1, &input, &error));
  g_assert_error (error, QW_ERROR, QW_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "armageddon setting is off"));
  g_clear_error (&error);
  /* A drawn play-off decides only an armageddon. */
  input.armageddon = FALSE;
  g_assert_false (qw_tournament_record_result (f->doc, f->section, 1, 1, &input, &error));
  g_assert_error (error, QW_ERROR, QW_ERROR_INVALID);
  g_clear_error (&error);

  /* On: the drawn armageddon is stored as such, and black goes through. */
  set_armageddon (f, TRUE);
  input.armageddon = TRUE;
  g_assert_true (qw_tournament_record_result (f->doc, f->section, 1, 1, &input, &error));
  g_assert_no_error (error);
  stored = qw_document_get_game (f->doc, f->section->id, 1, 1, &error);
  g_assert_cmpint (stored->playoff, ==, QW_PLAYOFF_DRAW);
  g_assert_true (stored->armageddon);
  g_assert_cmpint (qw_knockout_winner (stored), ==, QW_KNOCKOUT_BLACK);
  g_assert_cmpstr (qw_playoff_to_chinese (stored->playoff), ==, "加赛和·黑胜");
  g_assert_cmpstr (qw_playoff_label (stored->playoff, TRUE), ==, "armageddon drawn: black goes through");
  qw_test_record (f->doc, f->section, 1, 2, QW_RESULT_RED_WIN);
  qw_test_pair_next (f->doc, &f->section, NULL);
  round2 = games_of (f, 2);
  g_assert_nonnull (qw_test_game_with (round2, first->black));
  g_assert_null (qw_test_game_with (round2, first->red));

  /* The arbiter's log says what happened. */
  lines = qw_document_list_game_log (f->doc, f->section->id, &error);
  for (guint i = 0; i < lines->len; i++)
    logged |= strstr (((QwGameLogLine *) g_ptr_array_index (lines, i))->new_value, "armageddon drawn") != NULL;
  g_assert_true (logged);
  /* The standings' cell keeps the play-off. */
  rows = standings (f);
  {
    const QwStandingRow *row = qw_test_standing_row (rows, no_of_id (f, first->black));
    const QwRoundCell *cell = &g_array_index (row->rounds, QwRoundCell, 0);

    g_assert_cmpint (cell->playoff, ==, QW_PLAYOFF_DRAW);
    g_assert_true (cell->armageddon);
  }
}

/* 8. Tie-breaks follow the system */

static void
test_tiebreaks_follow (Fixture       *f,
                       gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwSection) stored = NULL;
  g_autofree char *swiss = qw_tiebreak_preset ("opponents");
  g_autofree char *rr = qw_tiebreak_preset ("round-robin");
  g_autofree char *ko = qw_tiebreak_preset ("knockout");

  qw_test_stop_make (f, "swiss", 6, 3, 9, NULL, NULL);
  g_assert_cmpstr (f->section->settings.tiebreaks, ==, swiss);
  f->section->system = QW_SYSTEM_ROUND_ROBIN;
  g_assert_true (qw_test_update_section (f->doc, &f->section, &error));
  g_assert_cmpstr (f->section->settings.tiebreaks, ==, "sonneborn,wins,direct,fouls,black_games");
  stored = qw_tournament_find_section (f->doc, "open-m", FALSE, &error);
  g_assert_cmpstr (stored->settings.tiebreaks, ==, rr);
  f->section->system = QW_SYSTEM_KNOCKOUT;
  g_assert_true (qw_test_update_section (f->doc, &f->section, &error));
  g_assert_cmpstr (f->section->settings.tiebreaks, ==, ko);
  /* Back to Swiss: the ruleset's Swiss preset. */
  f->section->system = QW_SYSTEM_SWISS;
  g_assert_true (qw_test_update_section (f->doc, &f->section, &error));
  g_assert_cmpstr (f->section->settings.tiebreaks, ==, swiss);

  /* The arbiter's own chain stays whatever the system. */
  g_free (f->section->settings.tiebreaks);
  f->section->settings.tiebreaks = g_strdup ("wins,opponents");
  g_assert_true (qw_test_update_section (f->doc, &f->section, &error));
  f->section->system = QW_SYSTEM_ROUND_ROBIN;
  g_assert_true (qw_test_update_section (f->doc, &f->section, &error));
  g_assert_cmpstr (f->section->settings.tiebreaks, ==, "wins,opponents");

  /* A chain changed with the system in one call is what the arbiter chose. */
  g_free (f->section->settings.tiebreaks);
  f->section->settings.tiebreaks = qw_tiebreak_preset ("progressive");
  f->section->system = QW_SYSTEM_SWISS;
  g_assert_true (qw_test_update_section (f->doc, &f->section, &error));
  g_assert_cmpstr (f->section->settings.tiebreaks, ==, "progressive,wins,fouls,black_games,progressive_cut");
  /* A preset is the system's, so the progressive scheme follows to RR. */
  f->section->system = QW_SYSTEM_ROUND_ROBIN;
  g_assert_true (qw_test_update_section (f->doc, &f->section, &error));
  g_assert_cmpstr (f->section->settings.tiebreaks, ==, rr);
  g_assert_no_error (error);
}

/* The rule itself, and a section not stored yet. */
static void
test_tiebreaks_follow_rule (Fixture       *f,
                            gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwRuleset) r = qw_test_ruleset ();
  g_autoptr(QwEvent) event = NULL;
  g_autoptr(QwSection) unstored = NULL;
  QwSectionSettings s = { 0 };

  qw_section_settings_init (&s, r, QW_SYSTEM_SWISS);
  g_assert_false (qw_section_settings_follow_system (&s, r, QW_SYSTEM_SWISS, s.tiebreaks, QW_SYSTEM_SWISS));
  g_assert_true (qw_section_settings_follow_system (&s, r, QW_SYSTEM_SWISS, s.tiebreaks, QW_SYSTEM_ROUND_ROBIN));
  g_assert_cmpstr (s.tiebreaks, ==, "sonneborn,wins,direct,fouls,black_games");
  /* An empty chain (an old document) is its system's preset: it follows. */
  g_free (s.tiebreaks);
  s.tiebreaks = g_strdup ("");
  g_assert_true (qw_section_settings_follow_system (&s, r, QW_SYSTEM_ROUND_ROBIN, "", QW_SYSTEM_SWISS));
  g_assert_cmpstr (s.tiebreaks, ==, "opponents,wins,fouls,black_games,earlier");
  qw_section_settings_clear (&s);

  qw_test_stop_make (f, "swiss", 4, 3, 9, NULL, NULL);
  event = qw_document_get_main_event (f->doc, &error);
  g_assert_no_error (error);
  unstored = qw_tournament_lookup_section (f->doc, event, "senior-m", &error);
  g_assert_no_error (error);
  g_assert_cmpint (unstored->id, ==, 0);
  unstored->system = QW_SYSTEM_ROUND_ROBIN;
  g_assert_true (qw_test_update_section (f->doc, &unstored, &error));
  g_assert_no_error (error);
  g_assert_cmpint (unstored->id, !=, 0);
  g_assert_cmpstr (unstored->settings.tiebreaks, ==, "sonneborn,wins,direct,fouls,black_games");
}

/* Every system, preset and tie-break has its Chinese name in the core. */
static void
test_chinese_names (void)
{
  const char * const *presets = qw_tiebreak_preset_ids ();

  g_assert_cmpstr (qw_system_to_chinese (QW_SYSTEM_SWISS), ==, "积分编排制");
  g_assert_cmpstr (qw_system_to_chinese (QW_SYSTEM_ROUND_ROBIN), ==, "循环制");
  g_assert_cmpstr (qw_system_to_chinese (QW_SYSTEM_KNOCKOUT), ==, "淘汰制");
  for (int s = QW_SYSTEM_SWISS; s <= QW_SYSTEM_KNOCKOUT; s++)
    g_assert_nonnull (strstr (qw_system_label ((QwSystem) s), qw_system_to_chinese ((QwSystem) s)));
  for (guint i = 0; presets[i] != NULL; i++)
    {
      const char *name = qw_tiebreak_preset_to_chinese (presets[i]);

      g_assert_nonnull (name);
      g_assert_true (g_str_has_suffix (name, "方案"));
    }
  g_assert_cmpstr (qw_tiebreak_preset_to_chinese ("round-robin"), ==, "小分方案");
  g_assert_null (qw_tiebreak_preset_to_chinese ("nonsense"));
  for (int t = 0; t < QW_N_TIEBREAKS; t++)
    g_assert_cmpuint (strlen (qw_tiebreak_to_chinese ((QwTiebreak) t)), >, 0);
  g_assert_cmpstr (qw_seeding_method_to_chinese ("rating"), ==, "按等级分");
  g_assert_cmpstr (qw_seeding_method_to_chinese ("lottery"), ==, "抽签");
}

/* 9. The starting-rank list */

static void
test_seeding (Fixture       *f,
              gconstpointer  data)
{
  static const int ratings[] = { 2000, 0, 1900, 0, 0, 1800 };
  g_autoptr(GError) error = NULL;
  g_autoptr(QwSeeding) before = NULL, drawn = NULL, after = NULL;
  g_autoptr(QwSection) stored = NULL;
  g_autoptr(GPtrArray) round1 = NULL;
  g_auto(GStrv) draw = NULL;
  guint64 seed;

  qw_test_stop_make (f, "swiss", 6, 3, 9, ratings, NULL);
  before = qw_tournament_seeding (f->doc, f->section, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (before->method, ==, "rating");
  g_assert_cmpuint (before->lottery_seed, ==, 0);
  g_assert_false (before->drawn);
  g_assert_false (before->fixed);
  {
    /* The rated by rating, then the unrated by 序号 until the lot. */
    static const int nos[] = { 1, 3, 6, 2, 4, 5 };

    for (guint i = 0; i < 6; i++)
      {
        const QwSeed *s = g_ptr_array_index (before->players, i);

        g_assert_cmpint (s->seed, ==, (int) i + 1);
        g_assert_cmpint (s->no, ==, nos[i]);
        g_assert_cmpint (s->by_lot, ==, i >= 3);
        g_assert_cmpint (s->rating, ==, ratings[nos[i] - 1]);
      }
  }
  /* Reading never writes. */
  stored = qw_tournament_find_section (f->doc, "open-m", FALSE, &error);
  g_assert_cmpuint (stored->settings.lottery_seed, ==, 0);

  seed = qw_test_draw_lots (f->doc, &f->section, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (seed, !=, 0);
  g_assert_cmpuint (seed, <, G_GUINT64_CONSTANT (1) << 53);
  g_assert_cmpuint (qw_test_draw_lots (f->doc, &f->section, &error), ==, seed);
  g_assert_true (qw_test_stop_log_contains (f, "Lots drawn"));
  drawn = qw_tournament_seeding (f->doc, f->section, &error);
  g_assert_true (drawn->drawn);
  g_assert_cmpuint (drawn->lottery_seed, ==, seed);

  /* Round 1 draws exactly the list shown. */
  qw_test_pair_next (f->doc, &f->section, NULL);
  draw = g_strsplit (f->section->settings.draw, ",", -1);
  g_assert_cmpuint (g_strv_length (draw), ==, 6);
  for (guint i = 0; i < 6; i++)
    g_assert_cmpint (g_ascii_strtoll (draw[i], NULL, 10), ==,
                     ((QwSeed *) g_ptr_array_index (drawn->players, i))->entry_id);
  after = qw_tournament_seeding (f->doc, f->section, &error);
  g_assert_true (after->fixed);
  for (guint i = 0; i < 6; i++)
    g_assert_cmpint (((QwSeed *) g_ptr_array_index (after->players, i))->entry_id, ==,
                     ((QwSeed *) g_ptr_array_index (drawn->players, i))->entry_id);
  g_assert_cmpuint (qw_test_draw_lots (f->doc, &f->section, &error), ==, 0);
  g_assert_error (error, QW_ERROR, QW_ERROR_CONFLICT);
  g_clear_error (&error);

  /* 编排说明 of round 1 cites the seeds: seed 1 is No. 1. */
  round1 = games_of (f, 1);
  g_assert_nonnull (strstr (((QwGame *) g_ptr_array_index (round1, 0))->explain, "seed 1 (No. 1)"));
}

static void
test_seeding_lottery (Fixture       *f,
                      gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwSeeding) seeding = NULL;

  qw_test_stop_make (f, "swiss", 5, 3, 9, NULL, NULL);
  g_assert_true (qw_section_settings_set (&f->section->settings, "seeding", "lottery", &error));
  g_assert_true (qw_test_update_section (f->doc, &f->section, &error));
  seeding = qw_tournament_seeding (f->doc, f->section, &error);
  g_assert_cmpstr (seeding->method, ==, "lottery");
  g_assert_false (seeding->drawn);
  for (guint i = 0; i < seeding->players->len; i++)
    g_assert_true (((QwSeed *) g_ptr_array_index (seeding->players, i))->by_lot);
}

/* The 等级分 column, as lists write it. */
static void
test_import_rating (void)
{
  static const char *text = "姓名,等级分\n甲,1850\n乙,\"1,900\"\n丙,2000分\n丁,abc\n戊,1623.5\n己,\n庚,９９９\n";
  static const int expected[] = { 1850, 1900, 2000, 0, 1624, 0, 999 };
  static const char *english = "name,rating\nA,2100\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(QwCsv) csv = qw_csv_parse_data (text, strlen (text), &error);
  g_autoptr(QwCsv) csv2 = qw_csv_parse_data (english, strlen (english), &error);
  g_autoptr(QwEntryImport) import = qw_entry_import_csv (csv, &error);
  g_autoptr(QwEntryImport) import2 = qw_entry_import_csv (csv2, &error);
  g_autofree char *exported = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (import->entries->len, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    g_assert_cmpint (((QwEntry *) g_ptr_array_index (import->entries, i))->rating, ==, expected[i]);
  g_assert_cmpint (((QwEntry *) g_ptr_array_index (import2->entries, 0))->rating, ==, 2100);
  /* The list export writes it back. */
  exported = qw_entries_to_csv (import->entries, FALSE);
  g_assert_nonnull (strstr (exported, ",等级分\r\n"));
  g_assert_nonnull (strstr (exported, ",1850\r\n"));
}

/* 12. A Swiss too small for its rounds */

static void
test_field_warning (void)
{
  g_autoptr(QwSection) s = qw_section_new ();
  g_autofree char *six = NULL, *eight = NULL, *ten = NULL, *rr = NULL;

  s->system = QW_SYSTEM_SWISS;
  s->rounds = 7;
  six = qw_section_field_warning (s, 6);
  g_assert_nonnull (strstr (six, "cannot be paired to the end"));
  g_assert_nonnull (strstr (six, "at most 5 rounds"));
  g_assert_nonnull (strstr (six, "round robin"));
  eight = qw_section_field_warning (s, 8);
  g_assert_nonnull (strstr (eight, "round robin"));
  /* Issue 19 point 19: the bound a Swiss can always pair without rematches
   * (qw_swiss_safe_rounds(): N/2 rounds, N/2 + 1 when N is divisible by 4).
   * 10 players over 7 rounds can end like 8 over 7 did (two halves of 5
   * that met only across after 5 rounds): warned now, with the round robin. */
  ten = qw_section_field_warning (s, 10);
  g_assert_nonnull (ten);
  g_assert_nonnull (strstr (ten, "for 5 rounds only"));
  g_assert_nonnull (strstr (ten, "round robin (9 rounds)"));
  g_assert_null (qw_section_field_warning (s, 12));
  g_assert_null (qw_section_field_warning (s, 14));
  g_assert_cmpint (qw_swiss_safe_rounds (8), ==, 5);
  g_assert_cmpint (qw_swiss_safe_rounds (6), ==, 3);
  g_assert_cmpint (qw_swiss_safe_rounds (7), ==, 5);
  g_assert_cmpint (qw_swiss_safe_rounds (10), ==, 5);
  g_assert_cmpint (qw_swiss_safe_rounds (12), ==, 7);
  s->rounds = 5;
  g_assert_null (qw_section_field_warning (s, 8));
  s->rounds = 6;
  g_clear_pointer (&eight, g_free);
  eight = qw_section_field_warning (s, 8);
  g_assert_nonnull (strstr (eight, "round robin (7 rounds)"));
  s->rounds = 7;
  g_assert_null (qw_section_field_warning (s, 1));
  s->system = QW_SYSTEM_ROUND_ROBIN;
  rr = qw_section_field_warning (s, 6);
  g_assert_null (rr);
}

/* How often "No. @no" (not "No. @no0"…) occurs. */
static guint
count_player (const char *haystack,
              int         no)
{
  g_autofree char *needle = g_strdup_printf ("No. %d", no);
  guint n = 0;

  for (const char *p = strstr (haystack, needle); p != NULL; p = strstr (p + 1, needle))
    n += g_ascii_isdigit (p[strlen (needle)]) ? 0 : 1;
  return n;
}

/* Six players, seven rounds: warned about at once, and the round that
 * cannot be paired is explained once, each player named once. */
static void
test_unpairable_once (Fixture       *f,
                      gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *warning = NULL;
  int round = 0;

  qw_test_stop_make (f, "swiss", 6, 7, 9, NULL, NULL);
  warning = qw_tournament_field_warning (f->doc, f->section);
  g_assert_nonnull (warning);
  g_assert_nonnull (strstr (warning, "6 players over 7 rounds"));
  for (;;)
    {
      round = qw_test_pair (f->doc, &f->section, NULL, &error);
      if (round == 0)
        break;
      qw_test_stop_finish_round (f, round, QW_RESULT_DRAW);
    }
  g_assert_error (error, QW_ERROR, QW_ERROR_CONFLICT);
  g_test_message ("%s", error->message);
  for (int no = 1; no <= 6; no++)
    g_assert_cmpuint (count_player (error->message, no), ==, 1);
  g_assert_nonnull (strstr (error->message, "Play it as a round robin"));
}

/* Schema steps 5 and 6 over a version-4 document keep every game; a
 * play-off can then be drawn, and absences are stored. */
static void
test_schema_step (Fixture       *f,
                  gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwGame) game = NULL;
  g_autoptr(GPtrArray) absences = NULL;
  sqlite3 *db = NULL;

  g_assert_cmpint (sqlite3_open (f->path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "PRAGMA application_id = 1363760967;" QW_SCHEMA_STEP_1 QW_SCHEMA_STEP_2
                                 QW_SCHEMA_STEP_3 QW_SCHEMA_STEP_4 "PRAGMA user_version = 4;"
                                 "INSERT INTO meta VALUES ('kind', 'stop');"
                                 "INSERT INTO event (id, ruleset, name) VALUES (1, 'qiwang-2021', '旧站');"
                                 "INSERT INTO player (id, name) VALUES (1, '甲'), (2, '乙');"
                                 "INSERT INTO entry (id, event_id, player_id, no, group_code) "
                                 "VALUES (1, 1, 1, 1, 'open-m'), (2, 1, 2, 2, 'open-m');"
                                 "INSERT INTO section (id, event_id, code, name, system) "
                                 "VALUES (1, 1, 'open-m', '公开组男子', 'knockout');"
                                 "INSERT INTO game (section_id, round, board, red, black, result, playoff, armageddon, "
                                 "explain) VALUES (1, 1, 1, 1, 2, '1:1', 'black', 1, '旧的说明');",
                                 NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);
  f->doc = qw_document_open (f->path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (qw_document_peek_version (f->path, NULL), ==, qw_document_schema_version ());
  game = qw_document_get_game (f->doc, 1, 1, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (game->playoff, ==, QW_PLAYOFF_BLACK);
  g_assert_true (game->armageddon);
  g_assert_cmpstr (game->explain, ==, "旧的说明");
  game->playoff = QW_PLAYOFF_DRAW;
  g_assert_true (qw_document_set_game_result (f->doc, game, &error));
  g_clear_pointer (&game, qw_game_free);
  game = qw_document_get_game (f->doc, 1, 1, 1, &error);
  g_assert_cmpint (game->playoff, ==, QW_PLAYOFF_DRAW);
  /* The absence table is there. */
  g_assert_true (qw_document_set_absence (f->doc, 1, &(QwAbsence) { 2, 2, QW_ABSENCE_LEAVE, 0 }, &error));
  g_assert_no_error (error);
  absences = qw_document_list_absences (f->doc, 1, &error);
  g_assert_cmpuint (absences->len, ==, 1);
}

/* What the printed documents show */

typedef struct
{
  const char *needle;
  guint       found;
  GPtrArray  *wrapped;
} Texts;

static void
collect_text (const QwPrintTextInfo *info,
              gpointer               user_data)
{
  Texts *t = user_data;

  if (t->needle != NULL && strstr (info->text, t->needle) != NULL)
    t->found++;
  if (t->wrapped != NULL)
    g_ptr_array_add (t->wrapped, g_strdup (info->wrapped));
}

static guint
count_text (QwPrintout *printout,
            const char *needle)
{
  Texts t = { needle, 0, NULL };

  for (guint p = 0; p < qw_printout_get_n_pages (printout); p++)
    qw_printout_foreach_text (printout, p, collect_text, &t);
  return t.found;
}

static QwPrintout *
print_kind (QwDocument  *doc,
            QwPrintKind  kind,
            const char  *group)
{
  g_autoptr(GError) error = NULL;
  /* The demo has not finished open-m: its certificates are proof prints
   * (marked 成绩未确定), which is what these layout checks need. */
  QwPrintOptions options = { .group = group, .unfinished_ok = TRUE };
  QwPrintout *printout = qw_print_document (doc, kind, &options, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (printout);
  return printout;
}

/* 6. The footer counts every page: the booklet's cover is page 1. */
static void
test_print_page_numbers (Fixture       *f,
                         gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwPrintout) booklet = NULL;
  guint n;

  f->doc = qw_demo_create (f->path, &error);
  g_assert_no_error (error);
  booklet = print_kind (f->doc, QW_PRINT_BOOKLET, NULL);
  n = qw_printout_get_n_pages (booklet);
  g_assert_cmpuint (n, >=, 4);
  for (guint p = 1; p < n; p++)
    {
      g_autofree char *footer = g_strdup_printf ("第 %u 页 / 共 %u 页", p + 1, n);
      Texts t = { footer, 0, NULL };

      qw_printout_foreach_text (booklet, p, collect_text, &t);
      g_assert_cmpuint (t.found, ==, 1);
    }
  /* The cover shows no number. */
  g_assert_cmpuint (count_text (booklet, "第 1 页"), ==, 0);
}

/* 6. A certificate breaks lines between place names, never inside one. */
static void
test_print_place_names (Fixture       *f,
                        gconstpointer  data)
{
  static const char *places[] = { "惠州市", "惠东县", "白花镇", "白花镇棋王", NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(QwPrintout) certificates = NULL, awards = NULL;
  Texts t = { NULL, 0, NULL };
  guint wrapped_lines = 0;

  f->doc = qw_demo_create (f->path, &error);
  g_assert_no_error (error);
  certificates = print_kind (f->doc, QW_PRINT_CERTIFICATES, NULL);
  awards = print_kind (f->doc, QW_PRINT_AWARDS, "open-m");
  t.wrapped = g_ptr_array_new_with_free_func (g_free);
  for (guint p = 0; p < qw_printout_get_n_pages (certificates); p++)
    qw_printout_foreach_text (certificates, p, collect_text, &t);
  for (guint p = 0; p < qw_printout_get_n_pages (awards); p++)
    qw_printout_foreach_text (awards, p, collect_text, &t);
  for (guint i = 0; i < t.wrapped->len; i++)
    {
      const char *text = g_ptr_array_index (t.wrapped, i);
      g_autofree char *joined = NULL;
      g_auto(GStrv) lines = g_strsplit (text, "\n", -1);

      if (lines[1] == NULL)
        continue;
      wrapped_lines++;
      joined = g_strjoinv ("", lines);
      for (guint k = 0; places[k] != NULL; k++)
        if (strstr (joined, places[k]) != NULL && strstr (text, places[k]) == NULL)
          g_error ("“%s” is broken across lines:\n%s", places[k], text);
    }
  /* The paragraphs do wrap (so the check above checked something). */
  g_assert_cmpuint (wrapped_lines, >, 0);
  g_ptr_array_unref (t.wrapped);
}

/* 6. The check-in sheet and the starting-rank list. */
static void
test_print_lists (Fixture       *f,
                  gconstpointer  data)
{
  static const int ratings[] = { 2000, 0, 1900, 0, 0, 1800 };
  g_autoptr(GError) error = NULL;
  g_autoptr(QwPrintout) checkin = NULL, seeding = NULL, drawn = NULL;
  g_autofree char *seed_text = NULL;
  guint64 seed;

  qw_test_stop_make (f, "swiss", 6, 3, 9, ratings, NULL);
  checkin = print_kind (f->doc, QW_PRINT_CHECKIN, "open-m");
  g_assert_cmpuint (count_text (checkin, "公开组男子签到表"), ==, 1);
  g_assert_cmpuint (count_text (checkin, "签名"), ==, 1);
  g_assert_cmpuint (count_text (checkin, "第3象棋队"), ==, 1);
  g_assert_cmpuint (count_text (checkin, "公开组男子"), ==, 7);
  g_assert_cmpuint (qw_printout_get_missing_glyphs (checkin), ==, 0);

  /* Before the lots: printed as it stands, saying so; printing never writes. */
  seeding = print_kind (f->doc, QW_PRINT_SEEDING, "open-m");
  g_assert_cmpuint (count_text (seeding, "公开组男子种子排序表"), ==, 1);
  g_assert_cmpuint (count_text (seeding, "尚未抽签"), ==, 1);
  /* Three players by lot, and the note that explains 待抽签. */
  g_assert_cmpuint (count_text (seeding, "待抽签"), ==, 4);
  g_assert_cmpuint (count_text (seeding, "2000"), ==, 1);
  seed = qw_test_draw_lots (f->doc, &f->section, &error);
  drawn = print_kind (f->doc, QW_PRINT_SEEDING, "open-m");
  seed_text = g_strdup_printf ("抽签种子：%" G_GUINT64_FORMAT, seed);
  g_assert_cmpuint (count_text (drawn, seed_text), ==, 1);
  g_assert_cmpuint (count_text (drawn, "待抽签"), ==, 0);
  g_assert_cmpuint (count_text (drawn, "抽签"), >=, 3);
  g_assert_cmpuint (count_text (drawn, "按等级分"), ==, 1);
}

/* 10 and 7. Absences in the pairings and standings; a drawn armageddon in
 * the pairings and the standings' notes. */
static void
test_print_absence_playoff (Fixture       *f,
                            gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwPrintout) pairings = NULL, standings_print = NULL, ko_pairings = NULL, ko_standings = NULL;
  g_autoptr(QwEntry) one = NULL;
  g_autofree char *absent = NULL;
  QwResultInput input = { QW_RESULT_DRAW, 0, 0, QW_PLAYOFF_DRAW, TRUE };

  qw_test_stop_make (f, "swiss", 7, 3, 9, NULL, NULL);
  one = qw_document_get_entry (f->doc, qw_test_stop_id_of_no (f, 1), &error);
  qw_test_pair_next (f->doc, &f->section, NULL);
  qw_test_stop_finish_round (f, 1, QW_RESULT_RED_WIN);
  qw_tournament_set_absent (f->doc, f->section, one->id, &error);
  g_assert_no_error (error);
  qw_test_pair_next (f->doc, &f->section, NULL);
  pairings = print_kind (f->doc, QW_PRINT_PAIRINGS, "open-m");
  absent = g_strdup_printf ("请假（本轮不编排）：1 %s", one->name);
  g_assert_cmpuint (count_text (pairings, absent), ==, 1);
  qw_test_stop_finish_round (f, 2, QW_RESULT_BLACK_WIN);
  standings_print = print_kind (f->doc, QW_PRINT_STANDINGS, "open-m");
  g_assert_cmpuint (count_text (standings_print, "第2轮请假"), ==, 1);
  g_assert_cmpuint (count_text (standings_print, "请假"), ==, 2);

  /* A knockout group decided by a drawn armageddon, in another stop. */
  g_clear_pointer (&f->section, qw_section_free);
  g_clear_pointer (&f->entries, g_ptr_array_unref);
  g_clear_object (&f->doc);
  g_free (f->path);
  f->path = g_build_filename (f->dir, "knockout.qiwang", NULL);
  qw_test_stop_make (f, "knockout", 4, 0, 9, NULL, NULL);
  qw_test_pair_next (f->doc, &f->section, NULL);
  g_assert_true (qw_tournament_record_result (f->doc, f->section, 1, 1, &input, &error));
  qw_test_record (f->doc, f->section, 1, 2, QW_RESULT_RED_WIN);
  ko_pairings = print_kind (f->doc, QW_PRINT_PAIRINGS, "open-m");
  g_assert_cmpuint (count_text (ko_pairings, "1:1 加赛和·黑胜"), ==, 1);
  ko_standings = print_kind (f->doc, QW_PRINT_STANDINGS, "open-m");
  g_assert_cmpuint (count_text (ko_standings, "第1轮加赛和·黑胜"), ==, 2);
}

/* Issue 19 point 22: a stored message renders with its arguments in place
 * (%+d signed, %N$s by position), nested messages inside, plain text
 * (stored before messages were) as it is, and a crafted text without its
 * end, or nested without end, as plain text without control characters. */
static void
test_messages (void)
{
  g_autofree char *inner = qw_message ("a third red in a row", NULL);
  g_autofree char *outer = qw_message ("No. %d plays black: red would be %s.", "7", inner, NULL);
  g_autofree char *signed_ = qw_message_int ("No. %d plays red, having the lower red-minus-black balance "
                                             "(%+d against %+d).", 3, 4, -1, 2);
  g_autofree char *two = g_strconcat (outer, " ", signed_, NULL);
  g_autofree char *shown = qw_message_render (two);
  g_autofree char *plain = qw_message_render ("Score group 2: both players have 2 points.");
  g_autofree char *cut = qw_message_render ("\x1e" "No. %d" "\x1f" "7");
  g_autofree char *deep = g_strdup ("x");

  g_assert_cmpstr (shown, ==, "No. 7 plays black: red would be a third red in a row. "
                              "No. 4 plays red, having the lower red-minus-black balance (-1 against +2).");
  g_assert_cmpstr (plain, ==, "Score group 2: both players have 2 points.");
  g_assert_null (strchr (cut, '\x1e'));
  g_assert_null (strchr (cut, '\x1f'));
  for (int i = 0; i < 50; i++)
    {
      char *wrapped = qw_message ("%s", deep, NULL);

      g_free (deep);
      deep = wrapped;
    }
  {
    g_autofree char *rendered = qw_message_render (deep);

    g_assert_null (strchr (rendered, '\x1d'));
  }
  g_assert_false (qw_message_is_coded (plain));
  g_assert_true (qw_message_is_coded (two));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) g_test_add ("/stopplay/" path, Fixture, NULL, qw_test_stop_set_up, func, qw_test_stop_tear_down)
  ADD ("absence/one-round", test_absence_one_round);
  ADD ("absence/cancel", test_absence_cancel);
  ADD ("absence/round-one", test_absence_round_one);
  ADD ("absence/not-a-forfeit", test_absence_not_a_forfeit);
  ADD ("absence/refused", test_absence_refused);
  ADD ("absence/undo", test_absence_undo);
  ADD ("playoff/armageddon", test_armageddon);
  ADD ("tiebreaks/follow-system", test_tiebreaks_follow);
  ADD ("tiebreaks/follow-rule", test_tiebreaks_follow_rule);
  g_test_add_func ("/stopplay/names", test_chinese_names);
  ADD ("seeding/rating", test_seeding);
  ADD ("seeding/lottery", test_seeding_lottery);
  g_test_add_func ("/stopplay/import/rating", test_import_rating);
  g_test_add_func ("/stopplay/swiss/field-warning", test_field_warning);
  g_test_add_func ("/stopplay/messages", test_messages);
  ADD ("swiss/unpairable-once", test_unpairable_once);
  ADD ("schema/step-6", test_schema_step);
  ADD ("print/page-numbers", test_print_page_numbers);
  ADD ("print/place-names", test_print_place_names);
  ADD ("print/lists", test_print_lists);
  ADD ("print/absence-playoff", test_print_absence_playoff);
#undef ADD
  return g_test_run ();
}
