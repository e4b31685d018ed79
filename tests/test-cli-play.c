/* test-cli-play.c: the play commands of qiwang-cli, as scripts see them
 *
 * Runs the built CLI ($QIWANG_CLI) and checks the JSON contract of issue 3
 * (exact keys), determinism of simulate, and the messages for bad input.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "qw-test.h"
#include "qw-test-cli.h"
#include "qw-test-json.h"

static char *tmp_dir;

static JsonArray *
parse_array (const char *text)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonNode *root;

  json_parser_load_from_data (parser, text, -1, &error);
  g_assert_no_error (error);
  root = json_parser_get_root (parser);
  g_assert_true (JSON_NODE_HOLDS_ARRAY (root));
  return json_array_ref (json_node_get_array (root));
}

static void
simulate (const char *path,
          const char *system,
          const char *players,
          const char *rounds,
          const char *seed)
{
  g_auto(QwTestRun) r = { 0 };

  qw_test_cli (&r, "simulate", path, "--system", system, "--players", players, "--rounds", rounds, "--seed", seed,
               "--forfeit-rate", "0.05", NULL);
  g_assert_cmpstr (r.err, ==, "");
  g_assert_cmpint (r.status, ==, 0);
}

static void
test_contract (void)
{
  g_autofree char *path = g_build_filename (tmp_dir, "swiss.qiwang", NULL);
  g_auto(QwTestRun) games = { 0 };
  g_auto(QwTestRun) standings = { 0 };
  g_autoptr(JsonArray) ga = NULL;
  g_autoptr(JsonArray) sa = NULL;
  /* Issue 9 added each game's play-off: "playoff" and "armageddon"; issue 20 "entered_by". */
  static const char *game_keys[] = { "round", "board", "red", "black", "result", "playoff", "armageddon",
                                      "entered_by", NULL };
  static const char *row_keys[] = { "rank", "no", "name", "unit", "points", "tiebreaks", NULL };
  static const char *tb_keys[] = { "opponents", "progressive", "wins", "black_games", "black_wins", "fouls",
                                   "sonneborn", "direct", NULL };
  static const char *results[] = { "2:0", "1:1", "0:2", "+:-", "-:+", "-:-", "bye", "", NULL };
  int byes = 0;

  simulate (path, "swiss", "9", "5", "1");
  qw_test_cli (&games, "games", path, "open-m", "--json", NULL);
  g_assert_cmpint (games.status, ==, 0);
  ga = parse_array (games.out);
  for (guint i = 0; i < json_array_get_length (ga); i++)
    {
      JsonObject *g = json_array_get_object_element (ga, i);

      qw_test_json_assert_keys (g, game_keys);
      g_assert_true (g_strv_contains (results, json_object_get_string_member (g, "result")));
      g_assert_cmpint (json_object_get_int_member (g, "red"), >=, 1);
      /* A Swiss has no play-offs. */
      g_assert_true (json_object_get_null_member (g, "playoff"));
      g_assert_false (json_object_get_boolean_member (g, "armageddon"));
      if (json_object_get_null_member (g, "black"))
        {
          g_assert_cmpstr (json_object_get_string_member (g, "result"), ==, "bye");
          byes++;
        }
    }
  /* Nine players, five rounds: four boards and a bye each round. */
  g_assert_cmpuint (json_array_get_length (ga), ==, 25);
  g_assert_cmpint (byes, ==, 5);

  qw_test_cli (&standings, "standings", path, "open-m", "--json", NULL);
  g_assert_cmpint (standings.status, ==, 0);
  sa = parse_array (standings.out);
  g_assert_cmpuint (json_array_get_length (sa), ==, 9);
  for (guint i = 0; i < json_array_get_length (sa); i++)
    {
      JsonObject *row = json_array_get_object_element (sa, i);
      JsonObject *tb = json_object_get_object_member (row, "tiebreaks");

      qw_test_json_assert_keys (row, row_keys);
      for (guint k = 0; tb_keys[k] != NULL; k++)
        g_assert_true (json_object_has_member (tb, tb_keys[k]));
      g_assert_cmpint (json_object_get_int_member (row, "rank"), >=, 1);
      if (i > 0)
        g_assert_cmpfloat (json_object_get_double_member (row, "points"), <=,
                           json_object_get_double_member (json_array_get_object_element (sa, i - 1), "points"));
    }
}

/* The same seed gives the same games and standings; another seed does not. */
static void
test_deterministic (void)
{
  g_autofree char *a = g_build_filename (tmp_dir, "a.qiwang", NULL);
  g_autofree char *b = g_build_filename (tmp_dir, "b.qiwang", NULL);
  g_autofree char *c = g_build_filename (tmp_dir, "c.qiwang", NULL);
  const char *commands[] = { "games", "standings" };

  simulate (a, "swiss", "40", "7", "123");
  simulate (b, "swiss", "40", "7", "123");
  simulate (c, "swiss", "40", "7", "124");
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_auto(QwTestRun) ra = { 0 };
      g_auto(QwTestRun) rb = { 0 };
      g_auto(QwTestRun) rc = { 0 };

      qw_test_cli (&ra, commands[i], a, "open-m", "--json", NULL);
      qw_test_cli (&rb, commands[i], b, "open-m", "--json", NULL);
      qw_test_cli (&rc, commands[i], c, "open-m", "--json", NULL);
      g_assert_cmpstr (ra.out, ==, rb.out);
      g_assert_cmpstr (ra.out, !=, rc.out);
    }
}

static void
test_round_robin_and_knockout (void)
{
  g_autofree char *rr = g_build_filename (tmp_dir, "rr.qiwang", NULL);
  g_autofree char *ko = g_build_filename (tmp_dir, "ko.qiwang", NULL);
  g_auto(QwTestRun) rg = { 0 };
  g_auto(QwTestRun) kg = { 0 };
  g_autoptr(JsonArray) ra = NULL;
  g_autoptr(JsonArray) ka = NULL;
  g_autoptr(GHashTable) pairs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  int real = 0, byes = 0;

  simulate (rr, "round-robin", "7", "7", "5");
  qw_test_cli (&rg, "games", rr, "open-m", "--json", NULL);
  ra = parse_array (rg.out);
  /* Seven players: seven rounds, three boards and a bye in each. */
  g_assert_cmpuint (json_array_get_length (ra), ==, 28);
  for (guint i = 0; i < json_array_get_length (ra); i++)
    {
      JsonObject *g = json_array_get_object_element (ra, i);
      gint64 red = json_object_get_int_member (g, "red");
      gint64 black;

      if (json_object_get_null_member (g, "black"))
        continue;
      black = json_object_get_int_member (g, "black");
      g_assert_true (g_hash_table_add (pairs, g_strdup_printf ("%" G_GINT64_FORMAT "-%" G_GINT64_FORMAT,
                                                               MIN (red, black), MAX (red, black))));
    }
  g_assert_cmpuint (g_hash_table_size (pairs), ==, 21);

  simulate (ko, "knockout", "13", "4", "5");
  qw_test_cli (&kg, "games", ko, "open-m", "--json", NULL);
  ka = parse_array (kg.out);
  for (guint i = 0; i < json_array_get_length (ka); i++)
    {
      JsonObject *g = json_array_get_object_element (ka, i);

      if (json_object_get_null_member (g, "black"))
        byes++;
      else
        real++;
    }
  /* Every real game knocks one player out; a 16 bracket gives 3 byes. */
  g_assert_cmpint (real, ==, 12);
  g_assert_cmpint (byes, ==, 3);
}

/* An arbiter's round by hand: pair, record (a forfeit that looks like an
 * option), and the messages for what is refused. */
static void
test_by_hand (void)
{
  g_autofree char *path = g_build_filename (tmp_dir, "hand.qiwang", NULL);
  g_auto(QwTestRun) settings = { 0 };
  g_auto(QwTestRun) paired = { 0 };
  g_auto(QwTestRun) again = { 0 };
  g_auto(QwTestRun) res = { 0 };
  g_auto(QwTestRun) bad = { 0 };
  g_auto(QwTestRun) nogroup = { 0 };
  g_auto(QwTestRun) games = { 0 };
  g_auto(QwTestRun) text = { 0 };
  g_autoptr(JsonArray) ga = NULL;
  gboolean found = FALSE;

  simulate (path, "swiss", "8", "2", "9");
  qw_test_cli (&settings, "settings", path, "open-m", "rounds=3", NULL);
  g_assert_cmpint (settings.status, ==, 0);
  qw_test_cli (&paired, "pair", path, "open-m", NULL);
  g_assert_cmpint (paired.status, ==, 0);
  qw_test_cli (&again, "pair", path, "open-m", NULL);
  g_assert_cmpint (again.status, ==, 1);
  g_assert_nonnull (strstr (again.err, "Round 3 is not finished"));

  qw_test_cli (&res, "result", path, "open-m", "3", "1", "-:+", "--red-fouls", "1", NULL);
  g_assert_cmpstr (res.err, ==, "");
  g_assert_cmpint (res.status, ==, 0);
  qw_test_cli (&games, "games", path, "open-m", "--json", "--round", "3", NULL);
  ga = parse_array (games.out);
  for (guint i = 0; i < json_array_get_length (ga); i++)
    {
      JsonObject *g = json_array_get_object_element (ga, i);

      if (json_object_get_int_member (g, "board") == 1)
        {
          g_assert_cmpstr (json_object_get_string_member (g, "result"), ==, "-:+");
          found = TRUE;
        }
      else
        g_assert_cmpstr (json_object_get_string_member (g, "result"), ==, "");
    }
  g_assert_true (found);

  qw_test_cli (&bad, "result", path, "open-m", "3", "2", "3:0", NULL);
  g_assert_cmpint (bad.status, ==, 2);
  g_assert_nonnull (strstr (bad.err, "not a result"));
  qw_test_cli (&nogroup, "result", path, "open-x", "3", "2", "2:0", NULL);
  g_assert_cmpint (nogroup.status, ==, 1);
  g_assert_nonnull (strstr (nogroup.err, "open-x"));

  qw_test_cli (&text, "standings", path, "open-m", NULL);
  g_assert_cmpint (text.status, ==, 0);
  /* The tie-breaks by name, not by their --json codes (issue 19 point 22). */
  g_assert_nonnull (strstr (text.out, "Opp."));
  g_assert_null (strstr (text.out, "opponents"));
}

static void
test_bad_simulate (void)
{
  g_autofree char *path = g_build_filename (tmp_dir, "bad.qiwang", NULL);
  g_auto(QwTestRun) r1 = { 0 };
  g_auto(QwTestRun) r2 = { 0 };
  g_auto(QwTestRun) r3 = { 0 };

  qw_test_cli (&r1, "simulate", path, "--system", "ladder", "--players", "8", "--rounds", "3", "--seed", "1", NULL);
  g_assert_cmpint (r1.status, ==, 2);
  g_assert_nonnull (strstr (r1.err, "--system"));
  qw_test_cli (&r2, "simulate", path, "--system", "swiss", "--players", "1", "--rounds", "3", "--seed", "1", NULL);
  g_assert_cmpint (r2.status, ==, 2);
  qw_test_cli (&r3, "simulate", path, "--system", "swiss", "--players", "8", "--rounds", "3", "--seed", "1",
               "--draw-rate", "1.5", NULL);
  g_assert_cmpint (r3.status, ==, 2);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
}

int
main (int    argc,
      char **argv)
{
  int status;

  qw_test_cli_init (&argc, &argv);
  tmp_dir = qw_test_make_tmp_dir ("qiwang-cli-play-XXXXXX");
  qw_test_cli_configure (&(QwTestCliOptions) { .may_die = TRUE });
  g_test_add_func ("/cli-play/contract", test_contract);
  g_test_add_func ("/cli-play/deterministic", test_deterministic);
  g_test_add_func ("/cli-play/round-robin-and-knockout", test_round_robin_and_knockout);
  g_test_add_func ("/cli-play/by-hand", test_by_hand);
  g_test_add_func ("/cli-play/bad-simulate", test_bad_simulate);
  status = g_test_run ();
  qw_test_remove_tree (tmp_dir);
  g_free (tmp_dir);
  return status;
}
