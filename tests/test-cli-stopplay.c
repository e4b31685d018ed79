/* test-cli-stopplay.c: the day of a stop (issue 9), as qiwang-cli shows it
 *
 * Runs the built CLI ($QIWANG_CLI) on stops made with new and import: the
 * group's armageddon setting obeyed and games --json's play-offs, tie-breaks
 * that follow settings system=, seeding --json with the 等级分 column,
 * absent, the warning for a Swiss too small for its rounds with its
 * unpairable round explained once, and print checkin / seeding.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <stdlib.h>
#include <string.h>

#include "qw-test.h"
#include "qw-test-cli.h"
#include "qw-test-json.h"

static char *tmp_dir;

/* A stop with @n players in 公开组 (open-m); the first three rated. */
static char *
make_stop (const char *name,
           int         n)
{
  g_autofree char *csv = g_strdup_printf ("%s/%s.csv", tmp_dir, name);
  g_autoptr(GString) text = g_string_new ("姓名,性别,出生日期,单位,组别,等级,等级分\n");
  g_autoptr(GError) error = NULL;
  char *path = g_build_filename (tmp_dir, name, NULL);

  for (int i = 0; i < n; i++)
    g_string_append_printf (text, "棋手%c,男,198%d-01-0%d,第%d队,公开组,%s,%s\n", 'A' + i, i % 10, 1 + i % 9,
                            i + 1, i == 0 ? "棋协大师" : "", i == 0 ? "\"1,850\"" : i == 1 ? "2100" : i == 2 ? "1900分" : "");
  g_assert_true (g_file_set_contents (csv, text->str, -1, &error));
  g_free (qw_test_cli_out ("new", path, "--region", "广东", "--county", "惠东县", "--town", "白花镇", "--start",
                           "2021-07-03", NULL));
  g_free (qw_test_cli_out ("import", path, csv, NULL));
  return path;
}

static JsonObject *
game_json (const char *path,
           int         round,
           int         board)
{
  g_auto(QwTestRun) r = { 0 };
  g_autofree char *round_text = g_strdup_printf ("%d", round);
  g_autoptr(JsonNode) root = NULL;
  JsonArray *games;

  qw_test_cli (&r, "games", path, "open-m", "--round", round_text, "--json", NULL);
  g_assert_cmpint (r.status, ==, 0);
  root = qw_test_json_parse (r.out);
  games = json_node_get_array (root);
  for (guint i = 0; i < json_array_get_length (games); i++)
    {
      JsonObject *g = json_array_get_object_element (games, i);

      if (json_object_get_int_member (g, "board") == board)
        return json_object_ref (g);
    }
  g_assert_not_reached ();
  return NULL;
}

/* 7. The group's armageddon setting, and games --json's play-offs */
static void
test_armageddon (void)
{
  g_autofree char *path = make_stop ("ko.qiwang", 4);
  g_autoptr(JsonObject) drawn = NULL, red = NULL, plain = NULL, before = NULL;
  g_auto(QwTestRun) refused = { 0 }, refused2 = { 0 }, table = { 0 }, lone = { 0 };

  g_free (qw_test_cli_out ("settings", path, "open-m", "system=knockout", "armageddon=false", NULL));
  g_free (qw_test_cli_out ("pair", path, "open-m", NULL));
  qw_test_cli (&refused, "result", path, "open-m", "1", "1", "1:1", "--playoff", "draw", "--armageddon", NULL);
  g_assert_cmpint (refused.status, ==, 1);
  g_assert_nonnull (strstr (refused.err, "armageddon setting is off"));
  qw_test_cli (&refused2, "result", path, "open-m", "1", "1", "1:1", "--playoff", "red", "--armageddon", NULL);
  g_assert_cmpint (refused2.status, ==, 1);
  /* Nothing was written. */
  before = game_json (path, 1, 1);
  g_assert_cmpstr (json_object_get_string_member (before, "result"), ==, "");
  /* Without an armageddon, a drawn play-off decides nothing. */
  qw_test_cli (&lone, "result", path, "open-m", "1", "1", "1:1", "--playoff", "draw", NULL);
  g_assert_cmpint (lone.status, ==, 1);

  g_free (qw_test_cli_out ("result", path, "open-m", "1", "1", "1:1", "--playoff", "red", NULL));
  red = game_json (path, 1, 1);
  g_assert_cmpstr (json_object_get_string_member (red, "playoff"), ==, "red");
  g_assert_false (json_object_get_boolean_member (red, "armageddon"));

  /* On: --playoff draw is a drawn armageddon, without --armageddon. */
  g_free (qw_test_cli_out ("undo", path, "open-m", "1", "1", NULL));
  g_free (qw_test_cli_out ("settings", path, "open-m", "armageddon=true", NULL));
  g_free (qw_test_cli_out ("result", path, "open-m", "1", "1", "1:1", "--playoff", "draw", NULL));
  g_free (qw_test_cli_out ("result", path, "open-m", "1", "2", "2:0", NULL));
  drawn = game_json (path, 1, 1);
  g_assert_cmpstr (json_object_get_string_member (drawn, "playoff"), ==, "draw");
  g_assert_true (json_object_get_boolean_member (drawn, "armageddon"));
  plain = game_json (path, 1, 2);
  g_assert_true (json_object_get_null_member (plain, "playoff"));
  g_assert_false (json_object_get_boolean_member (plain, "armageddon"));
  qw_test_cli (&table, "games", path, "open-m", NULL);
  g_assert_nonnull (strstr (table.out, "armageddon drawn: black goes through"));
  /* Black went through: the final is paired. */
  g_free (qw_test_cli_out ("pair", path, "open-m", NULL));
}

/* 8. settings system= brings the system's tie-breaks */
static void
test_tiebreaks (void)
{
  g_autofree char *path = make_stop ("tb.qiwang", 6);
  g_auto(QwTestRun) rr = { 0 }, swiss = { 0 }, custom = { 0 }, kept = { 0 };

  qw_test_cli (&rr, "settings", path, "open-m", "system=round-robin", NULL);
  g_assert_cmpint (rr.status, ==, 0);
  g_assert_nonnull (strstr (rr.out, "\ntiebreaks=sonneborn,wins,direct,fouls,black_games\n"));
  g_assert_nonnull (strstr (rr.err, "follow the system"));
  qw_test_cli (&swiss, "settings", path, "open-m", "system=swiss", NULL);
  g_assert_nonnull (strstr (swiss.out, "\ntiebreaks=opponents,wins,fouls,black_games,earlier\n"));
  qw_test_cli (&custom, "settings", path, "open-m", "tiebreaks=wins,opponents", NULL);
  g_assert_cmpint (custom.status, ==, 0);
  qw_test_cli (&kept, "settings", path, "open-m", "system=round-robin", NULL);
  g_assert_nonnull (strstr (kept.out, "\ntiebreaks=wins,opponents\n"));
  g_assert_null (strstr (kept.err, "follow the system"));
}

/* 9. seeding --json, from the imported 等级分 */
static void
test_seeding (void)
{
  static const char *top_keys[] = { "method", "lottery_seed", "players", NULL };
  static const char *player_keys[] = { "seed", "no", "name", "rating", "grade", NULL };
  g_autofree char *path = make_stop ("seed.qiwang", 5);
  g_auto(QwTestRun) first = { 0 }, again = { 0 }, paired = { 0 }, text = { 0 };
  g_autoptr(JsonNode) a = NULL, b = NULL;
  g_autofree char *seed_line = NULL;
  JsonObject *o;
  JsonArray *players;
  gint64 seed;

  qw_test_cli (&first, "seeding", path, "open-m", "--json", NULL);
  g_assert_cmpint (first.status, ==, 0);
  a = qw_test_json_parse (first.out);
  o = json_node_get_object (a);
  qw_test_json_assert_keys (o, top_keys);
  g_assert_cmpstr (json_object_get_string_member (o, "method"), ==, "rating");
  seed = json_object_get_int_member (o, "lottery_seed");
  g_assert_cmpint (seed, >, 0);
  players = json_object_get_array_member (o, "players");
  g_assert_cmpuint (json_array_get_length (players), ==, 5);
  for (guint i = 0; i < 5; i++)
    {
      JsonObject *p = json_array_get_object_element (players, i);

      qw_test_json_assert_keys (p, player_keys);
      g_assert_cmpint (json_object_get_int_member (p, "seed"), ==, i + 1);
    }
  /* 2100, 1900分, 1,850 (the CSV's 等级分), then the unrated by lot. */
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (players, 0), "no"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (players, 0), "rating"), ==, 2100);
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (players, 1), "rating"), ==, 1900);
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (players, 2), "rating"), ==, 1850);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (players, 2), "grade"), ==,
                   "棋协大师");
  g_assert_true (json_object_get_null_member (json_array_get_object_element (players, 3), "rating"));
  g_assert_true (json_object_get_null_member (json_array_get_object_element (players, 3), "grade"));

  /* The lots were drawn once: the same list again, and round 1 uses it. */
  qw_test_cli (&again, "seeding", path, "open-m", "--json", NULL);
  b = qw_test_json_parse (again.out);
  g_assert_true (json_node_equal (a, b));
  g_assert_cmpstr (again.err, ==, "");
  qw_test_cli (&paired, "pair", path, "open-m", NULL);
  seed_line = g_strdup_printf ("(抽签种子): %" G_GINT64_FORMAT "\n", seed);
  g_assert_nonnull (strstr (paired.out, seed_line));
  qw_test_cli (&text, "seeding", path, "open-m", NULL);
  g_assert_cmpint (text.status, ==, 0);
  g_assert_nonnull (strstr (text.out, "By rating"));
}

/* 10. absent: the next round only */
static void
test_absent (void)
{
  g_autofree char *path = make_stop ("absent.qiwang", 6);
  g_auto(QwTestRun) once = { 0 }, twice = { 0 }, games = { 0 }, table = { 0 }, standings = { 0 }, rr = { 0 };
  g_auto(QwTestRun) cancel = { 0 };
  g_autoptr(JsonNode) root = NULL;
  JsonArray *round2;

  g_free (qw_test_cli_out ("pair", path, "open-m", NULL));
  for (int b = 1; b <= 3; b++)
    {
      g_autofree char *board = g_strdup_printf ("%d", b);

      g_free (qw_test_cli_out ("result", path, "open-m", "1", board, "2:0", NULL));
    }
  qw_test_cli (&once, "absent", path, "open-m", "2", NULL);
  g_assert_cmpint (once.status, ==, 0);
  g_assert_nonnull (strstr (once.out, "round 2"));
  qw_test_cli (&twice, "absent", path, "open-m", "2", NULL);
  g_assert_cmpint (twice.status, ==, 1);
  g_assert_nonnull (strstr (twice.err, "already absent"));
  /* Taken back and given again. */
  qw_test_cli (&cancel, "absent", path, "open-m", "2", "--cancel", NULL);
  g_assert_cmpint (cancel.status, ==, 0);
  g_free (qw_test_cli_out ("absent", path, "open-m", "2", NULL));

  g_free (qw_test_cli_out ("pair", path, "open-m", NULL));
  qw_test_cli (&games, "games", path, "open-m", "--round", "2", "--json", NULL);
  root = qw_test_json_parse (games.out);
  round2 = json_node_get_array (root);
  /* Five players: two boards and a bye, without No. 2. */
  g_assert_cmpuint (json_array_get_length (round2), ==, 3);
  for (guint i = 0; i < json_array_get_length (round2); i++)
    {
      JsonObject *g = json_array_get_object_element (round2, i);

      g_assert_cmpint (json_object_get_int_member (g, "red"), !=, 2);
      g_assert_true (json_object_get_null_member (g, "black") || json_object_get_int_member (g, "black") != 2);
    }
  qw_test_cli (&table, "games", path, "open-m", "--round", "2", NULL);
  g_assert_nonnull (strstr (table.out, "absent (请假)"));
  g_free (qw_test_cli_out ("result", path, "open-m", "2", "1", "1:1", NULL));
  g_free (qw_test_cli_out ("result", path, "open-m", "2", "2", "1:1", NULL));
  qw_test_cli (&standings, "standings", path, "open-m", NULL);
  g_assert_nonnull (strstr (standings.out, "(absent: round 2)"));

  /* A round robin's schedule is fixed. */
  g_free (qw_test_cli_out ("unpair", path, "open-m", "--force", NULL));
  g_free (qw_test_cli_out ("unpair", path, "open-m", "--force", NULL));
  g_free (qw_test_cli_out ("settings", path, "open-m", "system=round-robin", NULL));
  qw_test_cli (&rr, "absent", path, "open-m", "3", NULL);
  g_assert_cmpint (rr.status, ==, 1);
  g_assert_nonnull (strstr (rr.err, "forfeit"));
}

/* 12. Six players, seven rounds: warned when set up and paired; the round
 * that cannot be paired is explained once. */
static void
test_small_swiss (void)
{
  g_autofree char *path = make_stop ("small.qiwang", 6);
  g_auto(QwTestRun) settings = { 0 }, first = { 0 };
  g_autofree char *failure = NULL;

  qw_test_cli (&settings, "settings", path, "open-m", "rounds=7", NULL);
  g_assert_cmpint (settings.status, ==, 0);
  g_assert_nonnull (strstr (settings.err, "Warning: A Swiss of 6 players over 7 rounds cannot be paired to the end"));
  qw_test_cli (&first, "pair", path, "open-m", NULL);
  g_assert_cmpint (first.status, ==, 0);
  g_assert_nonnull (strstr (first.err, "round robin"));
  for (int round = 1; round <= 7 && failure == NULL; round++)
    {
      g_autofree char *r = g_strdup_printf ("%d", round);
      g_auto(QwTestRun) next = { 0 };

      for (int b = 1; b <= 3; b++)
        {
          g_autofree char *board = g_strdup_printf ("%d", b);

          g_free (qw_test_cli_out ("result", path, "open-m", r, board, "1:1", NULL));
        }
      qw_test_cli (&next, "pair", path, "open-m", NULL);
      if (next.status != 0)
        failure = g_strdup (next.err);
    }
  g_assert_nonnull (failure);
  g_test_message ("%s", failure);
  for (int no = 1; no <= 6; no++)
    {
      g_autofree char *needle = g_strdup_printf ("No. %d", no);
      guint n = 0;

      for (const char *p = strstr (failure, needle); p != NULL; p = strstr (p + 1, needle))
        n += g_ascii_isdigit (p[strlen (needle)]) ? 0 : 1;
      g_assert_cmpuint (n, ==, 1);
    }
  g_assert_nonnull (strstr (failure, "Play it as a round robin"));
}

/* Issue 19 point 19: the rounds a Swiss can always pair without rematches
 * (qw_swiss_safe_rounds()), said when the group is set up: 8 players over 7
 * rounds (which failed in round 7) and 10 over 7 are warned with the round
 * robin offered; 8 over 5 and 10 over 5 are not. */
static void
test_swiss_bound (void)
{
  static const struct { int players; const char *rounds; gboolean warned; } cases[] = {
    { 8, "rounds=7", TRUE }, { 8, "rounds=5", FALSE }, { 10, "rounds=7", TRUE }, { 10, "rounds=5", FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *name = g_strdup_printf ("bound-%u.qiwang", i);
      g_autofree char *path = make_stop (name, cases[i].players);
      g_auto(QwTestRun) settings = { 0 };

      qw_test_cli (&settings, "settings", path, "open-m", cases[i].rounds, NULL);
      g_assert_cmpint (settings.status, ==, 0);
      g_test_message ("%d players, %s: %s", cases[i].players, cases[i].rounds, settings.err);
      g_assert_cmpint (strstr (settings.err, "Play it as a round robin") != NULL, ==, cases[i].warned);
    }
}

/* Issue 19 point 15: a round robin of 8 paired (through the gate, as the
 * walk did), unpaired, paired again: 7 rounds (0 paired) in between, then
 * the same schedule. */
static void
test_round_robin_repair (void)
{
  g_autofree char *path = make_stop ("rr-again.qiwang", 8);
  g_auto(QwTestRun) first = { 0 }, sections = { 0 }, again = { 0 };
  g_autoptr(JsonNode) a = NULL, b = NULL;
  JsonArray *ga, *gb;

  g_free (qw_test_cli_out ("settings", path, "open-m", "system=round-robin", NULL));
  qw_test_cli (&first, "pair", path, "open-m", "--exclude-blocked", "--json", NULL);
  g_assert_cmpint (first.status, ==, 0);
  g_free (qw_test_cli_out ("unpair", path, "open-m", NULL));
  qw_test_cli (&sections, "sections", path, NULL);
  g_assert_nonnull (strstr (sections.out, "7 rounds (0 paired)"));
  qw_test_cli (&again, "pair", path, "open-m", "--json", NULL);
  g_assert_cmpint (again.status, ==, 0);
  a = qw_test_json_parse (first.out);
  b = qw_test_json_parse (again.out);
  ga = json_object_get_array_member (json_node_get_object (a), "games");
  gb = json_object_get_array_member (json_node_get_object (b), "games");
  g_assert_cmpuint (json_array_get_length (ga), ==, json_array_get_length (gb));
  for (guint i = 0; i < json_array_get_length (ga); i++)
    {
      JsonObject *x = json_array_get_object_element (ga, i), *y = json_array_get_object_element (gb, i);

      g_assert_cmpint (json_object_get_int_member (x, "board"), ==, json_object_get_int_member (y, "board"));
      g_assert_true (json_node_equal (json_object_get_member (x, "red"), json_object_get_member (y, "red")));
      g_assert_true (json_node_equal (json_object_get_member (x, "black"), json_object_get_member (y, "black")));
    }
}

/* A stop whose open-m group has @n players, the first @barred of them
 * holding a barred title (特级大师: blocked at the gate). */
static char *
make_barred_stop (const char *name,
                  int         n,
                  int         barred)
{
  g_autofree char *csv = g_strdup_printf ("%s/%s.csv", tmp_dir, name);
  g_autoptr(GString) text = g_string_new ("姓名,性别,出生日期,单位,组别,等级\n");
  g_autoptr(GError) error = NULL;
  char *path = g_build_filename (tmp_dir, name, NULL);

  for (int i = 0; i < n; i++)
    g_string_append_printf (text, "选手%c,男,198%d-02-0%d,第%d队,公开组,%s\n", 'A' + i, i, 1 + i, i + 1,
                            i < barred ? "特级大师" : "");
  g_assert_true (g_file_set_contents (csv, text->str, -1, &error));
  g_free (qw_test_cli_out ("new", path, "--region", "广东", "--county", "惠东县", "--town", "白花镇", "--start",
                           "2021-07-03", NULL));
  g_free (qw_test_cli_out ("import", path, csv, NULL));
  return path;
}

/* The "N rounds (M paired)" of `sections` for open-m: N, or -1. */
static int
listed_rounds (const char *path,
               int        *paired)
{
  g_auto(QwTestRun) r = { 0 };
  const char *line;

  qw_test_cli (&r, "sections", path, NULL);
  g_assert_cmpint (r.status, ==, 0);
  line = strstr (r.out, "open-m ");
  if (line == NULL || (line = strstr (line, " rounds (")) == NULL)
    return -1;
  while (line > r.out && g_ascii_isdigit (line[-1]))
    line--;
  *paired = atoi (strstr (line, "(") + 1);
  return atoi (line);
}

/* Issue 19 point 15: "5 rounds (0 paired)", then `pair` exits 1 with "All 0
 * rounds of group … have been paired". The pairing counted the rounds its
 * own way, after the gate had excluded every blocked entry in its step: a
 * round robin (or a knockout) left with nobody to draw was told all its 0
 * rounds were paired. One function now counts the rounds for the group
 * list and the pairing, and a round 1 without two players to draw says so;
 * the step is undone, nobody stays excluded. */
static void
test_round_robin_nobody_left (void)
{
  const char *systems[] = { "system=round-robin", "system=knockout" };

  for (guint k = 0; k < G_N_ELEMENTS (systems); k++)
    {
      g_autofree char *name = g_strdup_printf ("nobody-%u.qiwang", k);
      g_autofree char *path = make_barred_stop (name, 4, 4);
      g_auto(QwTestRun) pair = { 0 };
      g_autoptr(JsonNode) listed = NULL;
      g_autofree char *entries = NULL;
      int paired = -1;

      g_free (qw_test_cli_out ("settings", path, "open-m", systems[k], NULL));
      g_assert_cmpint (listed_rounds (path, &paired), >, 0);
      g_assert_cmpint (paired, ==, 0);
      qw_test_cli (&pair, "pair", path, "open-m", "--exclude-blocked", NULL);
      g_assert_cmpint (pair.status, ==, 1);
      g_assert_null (strstr (pair.err, "All 0 rounds"));
      g_assert_nonnull (strstr (pair.err, "Round 1 cannot be paired: only 0 player can play"));
      entries = qw_test_cli_out ("entries", path, "--json", NULL);
      listed = qw_test_json_parse (entries);
      for (guint i = 0; i < json_array_get_length (json_node_get_array (listed)); i++)
        g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (json_node_get_array (listed), i),
                                                        "status"), ==, "active");
    }
}

/* Issue 19 point 15: the rounds the group list announces are the rounds the
 * pairing pairs, with an excluded player in the group: a round robin of 5
 * entries, 1 excluded, plays 3 rounds, and the 4th pairing is refused
 * naming those 3. */
static void
test_round_robin_rounds_agree (void)
{
  g_autofree char *path = make_barred_stop ("agree.qiwang", 5, 1);
  int announced, paired = -1, played = 0;

  g_free (qw_test_cli_out ("settings", path, "open-m", "system=round-robin", NULL));
  g_free (qw_test_cli_out ("pair", path, "open-m", "--exclude-blocked", NULL));
  g_free (qw_test_cli_out ("unpair", path, "open-m", NULL));
  announced = listed_rounds (path, &paired);
  g_assert_cmpint (announced, ==, 3);
  g_assert_cmpint (paired, ==, 0);
  for (;;)
    {
      g_auto(QwTestRun) pair = { 0 };
      g_autofree char *expected = NULL;
      g_autofree char *round = NULL;

      qw_test_cli (&pair, "pair", path, "open-m", NULL);
      if (pair.status != 0)
        {
          expected = g_strdup_printf ("All %d rounds of group open-m have been paired", announced);
          g_assert_nonnull (strstr (pair.err, expected));
          break;
        }
      played++;
      g_assert_cmpint (played, <=, announced);
      g_assert_cmpint (listed_rounds (path, &paired), ==, announced);
      g_assert_cmpint (paired, ==, played);
      round = g_strdup_printf ("%d", played);
      for (int board = 1; board <= 2; board++)
        {
          g_autofree char *b = g_strdup_printf ("%d", board);

          g_free (qw_test_cli_out ("result", path, "open-m", round, b, "2:0", NULL));
        }
    }
  g_assert_cmpint (played, ==, announced);
}

/* Found on the second new-user walk (issue 19): a date of birth nobody
 * could read ("2008年3月", "1953-02-29") went into the private results file
 * as typed without a word, where the province counts ages from it; the
 * export now warns, as it does for Excel-made ID numbers, and still writes
 * the file. */
static void
test_results_bad_birth (void)
{
  g_autofree char *csv = g_build_filename (tmp_dir, "births.csv", NULL);
  g_autofree char *path = g_build_filename (tmp_dir, "births.qiwang", NULL);
  g_autofree char *out = g_build_filename (tmp_dir, "births.xml", NULL);
  g_auto(QwTestRun) export = { 0 };
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (csv, "姓名,性别,出生日期,单位\n"
                                           "周小龙,男,2008年3月,锦溪小学\n"
                                           "胡老,男,1953-02-29,周庄棋社\n"
                                           "赵磊,男,1986-02-03,锦溪棋社\n", -1, &error));
  g_free (qw_test_cli_out ("new", path, "--region", "广东", "--county", "惠东县", "--town", "白花镇", "--start",
                           "2021-07-03", NULL));
  g_free (qw_test_cli_out ("import", path, csv, NULL));
  qw_test_cli (&export, "export", path, "--out", out, NULL);
  g_assert_cmpint (export.status, ==, 0);
  g_assert_true (g_file_test (out, G_FILE_TEST_IS_REGULAR));
  g_assert_nonnull (strstr (export.err, "2 dates of birth in the results file are not dates"));
  g_assert_nonnull (strstr (export.err, "周小龙: 2008年3月"));
  g_assert_nonnull (strstr (export.err, "胡老: 1953-02-29"));
  g_assert_null (strstr (export.err, "赵磊"));
}

/* Runs the CLI in @locale (LC_ALL), as someone reading in that language would. */
static void
run_cli_in (QwTestRun  *r,
            const char *locale,
            ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) env = g_environ_setenv (g_get_environ (), "LC_ALL", locale, TRUE);
  va_list ap;
  const char *arg;

  env = g_environ_setenv (env, "LANGUAGE", "", TRUE);
  g_ptr_array_add (argv, (char *) g_getenv ("QIWANG_CLI"));
  va_start (ap, locale);
  while ((arg = va_arg (ap, const char *)) != NULL)
    g_ptr_array_add (argv, (char *) arg);
  va_end (ap);
  g_ptr_array_add (argv, NULL);
  g_spawn_sync (NULL, (char **) argv->pdata, env, G_SPAWN_DEFAULT, NULL, NULL, &r->out, &r->err, &r->status,
                &error);
  g_assert_no_error (error);
  r->status = WIFEXITED (r->status) ? WEXITSTATUS (r->status) : -1;
}

/* Issue 19 point 22: a group paired and logged by an English process reads
 * in Chinese under zh_CN: explain and log render the stored messages in the
 * reader's language, the standings' header names the tie-breaks, and --json
 * keeps its keys and codes. */
static void
test_reader_language (void)
{
  g_autofree char *path = make_stop ("language.qiwang", 8);
  g_auto(QwTestRun) explain = { 0 }, english = { 0 }, log = { 0 }, table = { 0 }, json = { 0 };
  g_autoptr(JsonNode) rows = NULL;
  JsonObject *first;

  g_free (qw_test_cli_out ("pair", path, "open-m", "--exclude-blocked", NULL));
  /* Eight players: four boards. */
  for (int b = 1; b <= 4; b++)
    {
      g_autofree char *board = g_strdup_printf ("%d", b);

      g_free (qw_test_cli_out ("result", path, "open-m", "1", board, "2:0", NULL));
    }
  g_free (qw_test_cli_out ("pair", path, "open-m", NULL));
  g_free (qw_test_cli_out ("absent", path, "open-m", "3", NULL));
  run_cli_in (&english, "C.UTF-8", "explain", path, "open-m", "2", NULL);
  g_assert_cmpint (english.status, ==, 0);
  g_assert_nonnull (strstr (english.out, "Score group"));
  run_cli_in (&explain, "zh_CN.UTF-8", "explain", path, "open-m", "2", NULL);
  g_assert_cmpint (explain.status, ==, 0);
  g_test_message ("%s", explain.out);
  g_assert_null (strstr (explain.out, "Score group"));
  g_assert_null (strstr (explain.out, "plays red"));
  g_assert_nonnull (strstr (explain.out, "分组"));
  run_cli_in (&log, "zh_CN.UTF-8", "log", path, "open-m", NULL);
  g_assert_cmpint (log.status, ==, 0);
  g_test_message ("%s", log.out);
  g_assert_null (strstr (log.out, "is absent"));
  g_assert_null (strstr (log.out, "is excluded"));
  g_assert_nonnull (strstr (log.out, "请假"));
  /* The demo's log names each round's pairing by what wrote it, not round 1's. */
  {
    g_autofree char *demo = g_build_filename (tmp_dir, "language-demo.qiwang", NULL);
    g_auto(QwTestRun) demo_log = { 0 };

    g_free (qw_test_cli_out ("demo", demo, NULL));
    run_cli_in (&demo_log, "C.UTF-8", "log", demo, "open-m", NULL);
    g_assert_cmpint (demo_log.status, ==, 0);
    g_assert_nonnull (strstr (demo_log.out, "Round 4 paired"));
    g_assert_null (strstr (demo_log.out, "Pairing of round 1"));
  }
  run_cli_in (&table, "zh_CN.UTF-8", "standings", path, "open-m", NULL);
  g_assert_cmpint (table.status, ==, 0);
  g_test_message ("%s", table.out);
  g_assert_null (strstr (table.out, "opponents"));
  g_assert_null (strstr (table.out, "earlier"));
  g_assert_null (strstr (table.out, "black_games"));
  g_assert_nonnull (strstr (table.out, "对手分"));
  run_cli_in (&json, "zh_CN.UTF-8", "standings", path, "open-m", "--json", NULL);
  g_assert_cmpint (json.status, ==, 0);
  rows = qw_test_json_parse (json.out);
  first = json_array_get_object_element (json_node_get_array (rows), 0);
  g_assert_true (json_object_has_member (first, "rank"));
  g_assert_true (json_object_has_member (json_object_get_object_member (first, "tiebreaks"), "opponents"));
}

/* Issue 19 point 22: a group paired, played and re-paired by an English
 * qiwang-cli (LANG=C) reads in Chinese under zh_CN: `log` gives the game
 * log's values and causes (the steps' labels), and a re-paired board's
 * warnings, in Chinese; `undo` names the step in Chinese. And the reverse:
 * a result entered under zh_CN is undone in English under LANG=C. */
static void
test_reader_language_steps (void)
{
  g_autofree char *path = make_stop ("language-steps.qiwang", 8);
  g_auto(QwTestRun) repair = { 0 }, log = { 0 }, explain = { 0 }, undo = { 0 }, redo = { 0 }, result = { 0 };
  g_auto(QwTestRun) english = { 0 };
  g_autoptr(JsonObject) met = NULL;
  g_autofree char *red = NULL, *black = NULL;

  g_free (qw_test_cli_out ("pair", path, "open-m", "--exclude-blocked", NULL));
  for (int b = 1; b <= 4; b++)
    {
      g_autofree char *board = g_strdup_printf ("%d", b);

      g_free (qw_test_cli_out ("result", path, "open-m", "1", board, "2:0", NULL));
    }
  g_free (qw_test_cli_out ("pair", path, "open-m", NULL));
  /* Round 2's board 1 given to round 1's board 1: they have already met. */
  met = game_json (path, 1, 1);
  red = g_strdup_printf ("%" G_GINT64_FORMAT, json_object_get_int_member (met, "red"));
  black = g_strdup_printf ("%" G_GINT64_FORMAT, json_object_get_int_member (met, "black"));
  run_cli_in (&repair, "C.UTF-8", "repair", path, "open-m", "2", "1", red, black, NULL);
  g_assert_cmpint (repair.status, ==, 0);
  g_assert_nonnull (strstr (repair.out, "have already met"));

  run_cli_in (&log, "zh_CN.UTF-8", "log", path, "open-m", NULL);
  g_assert_cmpint (log.status, ==, 0);
  g_test_message ("%s", log.out);
  for (const char *const *english_text = (const char *const[]) { "Pairing of round", "Result of round", "board",
                                                                  "Re-pairing", "Warning", "already met", NULL };
       *english_text != NULL; english_text++)
    if (strstr (log.out, *english_text) != NULL)
      g_error ("“%s” in the Chinese log:\n%s", *english_text, log.out);
  g_assert_nonnull (strstr (log.out, "（第 2 轮编排）"));
  g_assert_nonnull (strstr (log.out, "（第 1 轮第 4 台结果）"));
  g_assert_nonnull (strstr (log.out, "4 台"));
  g_assert_nonnull (strstr (log.out, "（第 2 轮第 1 台改编）"));
  g_assert_nonnull (strstr (log.out, "警告： 第 1 台："));
  g_assert_nonnull (strstr (log.out, "已交过手"));
  /* The re-paired boards keep the engine's reasons as messages. */
  run_cli_in (&explain, "zh_CN.UTF-8", "explain", path, "open-m", "2", NULL);
  g_assert_cmpint (explain.status, ==, 0);
  g_test_message ("%s", explain.out);
  g_assert_null (strstr (explain.out, "Score group"));
  g_assert_null (strstr (explain.out, "Changed by"));
  g_assert_nonnull (strstr (explain.out, "裁判手动调整"));

  run_cli_in (&undo, "zh_CN.UTF-8", "undo", path, NULL);
  g_assert_cmpint (undo.status, ==, 0);
  g_assert_cmpstr (undo.out, ==, "已撤销：第 2 轮第 1 台改编\n");

  /* The reverse. */
  run_cli_in (&redo, "zh_CN.UTF-8", "redo", path, NULL);
  g_assert_cmpstr (redo.out, ==, "已重做：第 2 轮第 1 台改编\n");
  run_cli_in (&result, "zh_CN.UTF-8", "result", path, "open-m", "2", "2", "2:0", NULL);
  g_assert_cmpint (result.status, ==, 0);
  run_cli_in (&english, "C.UTF-8", "undo", path, NULL);
  g_assert_cmpint (english.status, ==, 0);
  g_assert_cmpstr (english.out, ==, "Undone: Result of round 2, board 2\n");
}

/* 6. print checkin and seeding */
static void
test_print (void)
{
  g_autofree char *path = make_stop ("print.qiwang", 5);
  g_autofree char *checkin = g_build_filename (tmp_dir, "checkin.pdf", NULL);
  g_autofree char *seeding = g_build_filename (tmp_dir, "seeding.pdf", NULL);
  g_auto(QwTestRun) c = { 0 }, s = { 0 };
  g_autoptr(JsonNode) root = NULL;

  qw_test_cli (&c, "print", path, "checkin", "--out", checkin, "--json", NULL);
  g_assert_cmpint (c.status, ==, 0);
  root = qw_test_json_parse (c.out);
  g_assert_cmpstr (json_object_get_string_member (json_node_get_object (root), "kind"), ==, "checkin");
  g_assert_cmpint (json_object_get_int_member (json_node_get_object (root), "pages"), ==, 1);
  g_assert_true (g_file_test (checkin, G_FILE_TEST_IS_REGULAR));
  qw_test_cli (&s, "print", path, "seeding", "--group", "open-m", "--out", seeding, NULL);
  g_assert_cmpint (s.status, ==, 0);
  g_assert_true (g_file_test (seeding, G_FILE_TEST_IS_REGULAR));
}

int
main (int    argc,
      char **argv)
{
  int status;

  qw_test_cli_init (&argc, &argv);
  tmp_dir = qw_test_make_tmp_dir ("qiwang-cli-stopplay-XXXXXX");
  qw_test_cli_configure (&(QwTestCliOptions) { .may_die = TRUE });
  g_test_add_func ("/cli-stopplay/armageddon", test_armageddon);
  g_test_add_func ("/cli-stopplay/tiebreaks", test_tiebreaks);
  g_test_add_func ("/cli-stopplay/seeding", test_seeding);
  g_test_add_func ("/cli-stopplay/absent", test_absent);
  g_test_add_func ("/cli-stopplay/small-swiss", test_small_swiss);
  g_test_add_func ("/cli-stopplay/swiss-bound", test_swiss_bound);
  g_test_add_func ("/cli-stopplay/reader-language", test_reader_language);
  g_test_add_func ("/cli-stopplay/reader-language-steps", test_reader_language_steps);
  g_test_add_func ("/cli-stopplay/round-robin-repair", test_round_robin_repair);
  g_test_add_func ("/cli-stopplay/round-robin-nobody-left", test_round_robin_nobody_left);
  g_test_add_func ("/cli-stopplay/round-robin-rounds-agree", test_round_robin_rounds_agree);
  g_test_add_func ("/cli-stopplay/results-bad-birth", test_results_bad_birth);
  g_test_add_func ("/cli-stopplay/print", test_print);
  status = g_test_run ();
  qw_test_remove_tree (tmp_dir);
  g_free (tmp_dir);
  return status;
}
