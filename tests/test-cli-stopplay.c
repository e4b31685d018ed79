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
#include <string.h>

typedef struct
{
  int   status;
  char *out;
  char *err;
} Run;

static void
run_clear (Run *r)
{
  g_free (r->out);
  g_free (r->err);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Run, run_clear)

static char *tmp_dir;

static void
run_cli (Run *r,
         ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  const char *cli = g_getenv ("QIWANG_CLI");
  va_list ap;
  const char *arg;

  g_assert_nonnull (cli);
  g_ptr_array_add (argv, (char *) cli);
  va_start (ap, r);
  while ((arg = va_arg (ap, const char *)) != NULL)
    g_ptr_array_add (argv, (char *) arg);
  va_end (ap);
  g_ptr_array_add (argv, NULL);
  g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, &r->out, &r->err, &r->status,
                &error);
  g_assert_no_error (error);
  r->status = WIFEXITED (r->status) ? WEXITSTATUS (r->status) : -1;
}

/* Runs and expects success; returns stdout. */
#define CLI_OK(...) G_STMT_START {                                         \
    g_auto(Run) _r = { 0 };                                               \
    run_cli (&_r, __VA_ARGS__, NULL);                                     \
    if (_r.status != 0)                                                   \
      g_error ("%s failed (%d): %s", #__VA_ARGS__, _r.status, _r.err);     \
  } G_STMT_END

static char *
doc_path (const char *name)
{
  return g_build_filename (tmp_dir, name, NULL);
}

/* A stop with @n players in 公开组 (open-m); the first three rated. */
static char *
make_stop (const char *name,
           int         n)
{
  g_autofree char *csv = g_strdup_printf ("%s/%s.csv", tmp_dir, name);
  g_autoptr(GString) text = g_string_new ("姓名,性别,出生日期,单位,组别,等级,等级分\n");
  g_autoptr(GError) error = NULL;
  char *path = doc_path (name);

  for (int i = 0; i < n; i++)
    g_string_append_printf (text, "棋手%c,男,198%d-01-0%d,第%d队,公开组,%s,%s\n", 'A' + i, i % 10, 1 + i % 9,
                            i + 1, i == 0 ? "棋协大师" : "", i == 0 ? "\"1,850\"" : i == 1 ? "2100" : i == 2 ? "1900分" : "");
  g_assert_true (g_file_set_contents (csv, text->str, -1, &error));
  CLI_OK ("new", path, "--region", "广东", "--county", "惠东县", "--town", "白花镇", "--start", "2021-07-03");
  CLI_OK ("import", path, csv);
  return path;
}

static JsonNode *
parse (const char *text)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;

  json_parser_load_from_data (parser, text, -1, &error);
  g_assert_no_error (error);
  return json_node_copy (json_parser_get_root (parser));
}

static void
assert_keys (JsonObject  *obj,
             const char **keys)
{
  g_autoptr(GList) members = json_object_get_members (obj);

  g_assert_cmpuint (g_list_length (members), ==, g_strv_length ((char **) keys));
  for (guint i = 0; keys[i] != NULL; i++)
    g_assert_true (json_object_has_member (obj, keys[i]));
}

static JsonObject *
game_json (const char *path,
           int         round,
           int         board)
{
  g_auto(Run) r = { 0 };
  g_autofree char *round_text = g_strdup_printf ("%d", round);
  g_autoptr(JsonNode) root = NULL;
  JsonArray *games;

  run_cli (&r, "games", path, "open-m", "--round", round_text, "--json", NULL);
  g_assert_cmpint (r.status, ==, 0);
  root = parse (r.out);
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
  g_auto(Run) refused = { 0 }, refused2 = { 0 }, table = { 0 }, lone = { 0 };

  CLI_OK ("settings", path, "open-m", "system=knockout", "armageddon=false");
  CLI_OK ("pair", path, "open-m");
  run_cli (&refused, "result", path, "open-m", "1", "1", "1:1", "--playoff", "draw", "--armageddon", NULL);
  g_assert_cmpint (refused.status, ==, 1);
  g_assert_nonnull (strstr (refused.err, "armageddon setting is off"));
  run_cli (&refused2, "result", path, "open-m", "1", "1", "1:1", "--playoff", "red", "--armageddon", NULL);
  g_assert_cmpint (refused2.status, ==, 1);
  /* Nothing was written. */
  before = game_json (path, 1, 1);
  g_assert_cmpstr (json_object_get_string_member (before, "result"), ==, "");
  /* Without an armageddon, a drawn play-off decides nothing. */
  run_cli (&lone, "result", path, "open-m", "1", "1", "1:1", "--playoff", "draw", NULL);
  g_assert_cmpint (lone.status, ==, 1);

  CLI_OK ("result", path, "open-m", "1", "1", "1:1", "--playoff", "red");
  red = game_json (path, 1, 1);
  g_assert_cmpstr (json_object_get_string_member (red, "playoff"), ==, "red");
  g_assert_false (json_object_get_boolean_member (red, "armageddon"));

  /* On: --playoff draw is a drawn armageddon, without --armageddon. */
  CLI_OK ("undo", path, "open-m", "1", "1");
  CLI_OK ("settings", path, "open-m", "armageddon=true");
  CLI_OK ("result", path, "open-m", "1", "1", "1:1", "--playoff", "draw");
  CLI_OK ("result", path, "open-m", "1", "2", "2:0");
  drawn = game_json (path, 1, 1);
  g_assert_cmpstr (json_object_get_string_member (drawn, "playoff"), ==, "draw");
  g_assert_true (json_object_get_boolean_member (drawn, "armageddon"));
  plain = game_json (path, 1, 2);
  g_assert_true (json_object_get_null_member (plain, "playoff"));
  g_assert_false (json_object_get_boolean_member (plain, "armageddon"));
  run_cli (&table, "games", path, "open-m", NULL);
  g_assert_nonnull (strstr (table.out, "armageddon drawn: black goes through"));
  /* Black went through: the final is paired. */
  CLI_OK ("pair", path, "open-m");
}

/* 8. settings system= brings the system's tie-breaks */
static void
test_tiebreaks (void)
{
  g_autofree char *path = make_stop ("tb.qiwang", 6);
  g_auto(Run) rr = { 0 }, swiss = { 0 }, custom = { 0 }, kept = { 0 };

  run_cli (&rr, "settings", path, "open-m", "system=round-robin", NULL);
  g_assert_cmpint (rr.status, ==, 0);
  g_assert_nonnull (strstr (rr.out, "\ntiebreaks=sonneborn,wins,direct,fouls,black_games\n"));
  g_assert_nonnull (strstr (rr.err, "follow the system"));
  run_cli (&swiss, "settings", path, "open-m", "system=swiss", NULL);
  g_assert_nonnull (strstr (swiss.out, "\ntiebreaks=opponents,wins,fouls,black_games,earlier\n"));
  run_cli (&custom, "settings", path, "open-m", "tiebreaks=wins,opponents", NULL);
  g_assert_cmpint (custom.status, ==, 0);
  run_cli (&kept, "settings", path, "open-m", "system=round-robin", NULL);
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
  g_auto(Run) first = { 0 }, again = { 0 }, paired = { 0 }, text = { 0 };
  g_autoptr(JsonNode) a = NULL, b = NULL;
  g_autofree char *seed_line = NULL;
  JsonObject *o;
  JsonArray *players;
  gint64 seed;

  run_cli (&first, "seeding", path, "open-m", "--json", NULL);
  g_assert_cmpint (first.status, ==, 0);
  a = parse (first.out);
  o = json_node_get_object (a);
  assert_keys (o, top_keys);
  g_assert_cmpstr (json_object_get_string_member (o, "method"), ==, "rating");
  seed = json_object_get_int_member (o, "lottery_seed");
  g_assert_cmpint (seed, >, 0);
  players = json_object_get_array_member (o, "players");
  g_assert_cmpuint (json_array_get_length (players), ==, 5);
  for (guint i = 0; i < 5; i++)
    {
      JsonObject *p = json_array_get_object_element (players, i);

      assert_keys (p, player_keys);
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
  run_cli (&again, "seeding", path, "open-m", "--json", NULL);
  b = parse (again.out);
  g_assert_true (json_node_equal (a, b));
  g_assert_cmpstr (again.err, ==, "");
  run_cli (&paired, "pair", path, "open-m", NULL);
  seed_line = g_strdup_printf ("(抽签种子): %" G_GINT64_FORMAT "\n", seed);
  g_assert_nonnull (strstr (paired.out, seed_line));
  run_cli (&text, "seeding", path, "open-m", NULL);
  g_assert_cmpint (text.status, ==, 0);
  g_assert_nonnull (strstr (text.out, "By rating"));
}

/* 10. absent: the next round only */
static void
test_absent (void)
{
  g_autofree char *path = make_stop ("absent.qiwang", 6);
  g_auto(Run) once = { 0 }, twice = { 0 }, games = { 0 }, table = { 0 }, standings = { 0 }, rr = { 0 };
  g_auto(Run) cancel = { 0 };
  g_autoptr(JsonNode) root = NULL;
  JsonArray *round2;

  CLI_OK ("pair", path, "open-m");
  for (int b = 1; b <= 3; b++)
    {
      g_autofree char *board = g_strdup_printf ("%d", b);

      CLI_OK ("result", path, "open-m", "1", board, "2:0");
    }
  run_cli (&once, "absent", path, "open-m", "2", NULL);
  g_assert_cmpint (once.status, ==, 0);
  g_assert_nonnull (strstr (once.out, "round 2"));
  run_cli (&twice, "absent", path, "open-m", "2", NULL);
  g_assert_cmpint (twice.status, ==, 1);
  g_assert_nonnull (strstr (twice.err, "already absent"));
  /* Taken back and given again. */
  run_cli (&cancel, "absent", path, "open-m", "2", "--cancel", NULL);
  g_assert_cmpint (cancel.status, ==, 0);
  CLI_OK ("absent", path, "open-m", "2");

  CLI_OK ("pair", path, "open-m");
  run_cli (&games, "games", path, "open-m", "--round", "2", "--json", NULL);
  root = parse (games.out);
  round2 = json_node_get_array (root);
  /* Five players: two boards and a bye, without No. 2. */
  g_assert_cmpuint (json_array_get_length (round2), ==, 3);
  for (guint i = 0; i < json_array_get_length (round2); i++)
    {
      JsonObject *g = json_array_get_object_element (round2, i);

      g_assert_cmpint (json_object_get_int_member (g, "red"), !=, 2);
      g_assert_true (json_object_get_null_member (g, "black") || json_object_get_int_member (g, "black") != 2);
    }
  run_cli (&table, "games", path, "open-m", "--round", "2", NULL);
  g_assert_nonnull (strstr (table.out, "absent (请假)"));
  CLI_OK ("result", path, "open-m", "2", "1", "1:1");
  CLI_OK ("result", path, "open-m", "2", "2", "1:1");
  run_cli (&standings, "standings", path, "open-m", NULL);
  g_assert_nonnull (strstr (standings.out, "(absent: round 2)"));

  /* A round robin's schedule is fixed. */
  CLI_OK ("unpair", path, "open-m", "--force");
  CLI_OK ("unpair", path, "open-m", "--force");
  CLI_OK ("settings", path, "open-m", "system=round-robin");
  run_cli (&rr, "absent", path, "open-m", "3", NULL);
  g_assert_cmpint (rr.status, ==, 1);
  g_assert_nonnull (strstr (rr.err, "forfeit"));
}

/* 12. Six players, seven rounds: warned when set up and paired; the round
 * that cannot be paired is explained once. */
static void
test_small_swiss (void)
{
  g_autofree char *path = make_stop ("small.qiwang", 6);
  g_auto(Run) settings = { 0 }, first = { 0 };
  g_autofree char *failure = NULL;

  run_cli (&settings, "settings", path, "open-m", "rounds=7", NULL);
  g_assert_cmpint (settings.status, ==, 0);
  g_assert_nonnull (strstr (settings.err, "Warning: A Swiss of 6 players over 7 rounds cannot be paired to the end"));
  run_cli (&first, "pair", path, "open-m", NULL);
  g_assert_cmpint (first.status, ==, 0);
  g_assert_nonnull (strstr (first.err, "round robin"));
  for (int round = 1; round <= 7 && failure == NULL; round++)
    {
      g_autofree char *r = g_strdup_printf ("%d", round);
      g_auto(Run) next = { 0 };

      for (int b = 1; b <= 3; b++)
        {
          g_autofree char *board = g_strdup_printf ("%d", b);

          CLI_OK ("result", path, "open-m", r, board, "1:1");
        }
      run_cli (&next, "pair", path, "open-m", NULL);
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
      g_auto(Run) settings = { 0 };

      run_cli (&settings, "settings", path, "open-m", cases[i].rounds, NULL);
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
  g_auto(Run) first = { 0 }, sections = { 0 }, again = { 0 };
  g_autoptr(JsonNode) a = NULL, b = NULL;
  JsonArray *ga, *gb;

  CLI_OK ("settings", path, "open-m", "system=round-robin");
  run_cli (&first, "pair", path, "open-m", "--exclude-blocked", "--json", NULL);
  g_assert_cmpint (first.status, ==, 0);
  CLI_OK ("unpair", path, "open-m");
  run_cli (&sections, "sections", path, NULL);
  g_assert_nonnull (strstr (sections.out, "7 rounds (0 paired)"));
  run_cli (&again, "pair", path, "open-m", "--json", NULL);
  g_assert_cmpint (again.status, ==, 0);
  a = parse (first.out);
  b = parse (again.out);
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

/* Runs the CLI in @locale (LC_ALL), as someone reading in that language would. */
static void
run_cli_in (Run        *r,
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
  g_auto(Run) explain = { 0 }, english = { 0 }, log = { 0 }, table = { 0 }, json = { 0 };
  g_autoptr(JsonNode) rows = NULL;
  JsonObject *first;

  CLI_OK ("pair", path, "open-m", "--exclude-blocked");
  /* Eight players: four boards. */
  for (int b = 1; b <= 4; b++)
    {
      g_autofree char *board = g_strdup_printf ("%d", b);

      CLI_OK ("result", path, "open-m", "1", board, "2:0");
    }
  CLI_OK ("pair", path, "open-m");
  CLI_OK ("absent", path, "open-m", "3");
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
    g_autofree char *demo = doc_path ("language-demo.qiwang");
    g_auto(Run) demo_log = { 0 };

    CLI_OK ("demo", demo);
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
  rows = parse (json.out);
  first = json_array_get_object_element (json_node_get_array (rows), 0);
  g_assert_true (json_object_has_member (first, "rank"));
  g_assert_true (json_object_has_member (json_object_get_object_member (first, "tiebreaks"), "opponents"));
}

/* 6. print checkin and seeding */
static void
test_print (void)
{
  g_autofree char *path = make_stop ("print.qiwang", 5);
  g_autofree char *checkin = doc_path ("checkin.pdf");
  g_autofree char *seeding = doc_path ("seeding.pdf");
  g_auto(Run) c = { 0 }, s = { 0 };
  g_autoptr(JsonNode) root = NULL;

  run_cli (&c, "print", path, "checkin", "--out", checkin, "--json", NULL);
  g_assert_cmpint (c.status, ==, 0);
  root = parse (c.out);
  g_assert_cmpstr (json_object_get_string_member (json_node_get_object (root), "kind"), ==, "checkin");
  g_assert_cmpint (json_object_get_int_member (json_node_get_object (root), "pages"), ==, 1);
  g_assert_true (g_file_test (checkin, G_FILE_TEST_IS_REGULAR));
  run_cli (&s, "print", path, "seeding", "--group", "open-m", "--out", seeding, NULL);
  g_assert_cmpint (s.status, ==, 0);
  g_assert_true (g_file_test (seeding, G_FILE_TEST_IS_REGULAR));
}

static void
remove_tree (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *p = g_build_filename (dir, name, NULL);

      g_unlink (p);
    }
  g_rmdir (dir);
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  if (g_getenv ("QIWANG_CLI") == NULL)
    {
      g_test_skip ("QIWANG_CLI is not set");
      return 77;
    }
  tmp_dir = g_dir_make_tmp ("qiwang-cli-stopplay-XXXXXX", NULL);
  g_test_add_func ("/cli-stopplay/armageddon", test_armageddon);
  g_test_add_func ("/cli-stopplay/tiebreaks", test_tiebreaks);
  g_test_add_func ("/cli-stopplay/seeding", test_seeding);
  g_test_add_func ("/cli-stopplay/absent", test_absent);
  g_test_add_func ("/cli-stopplay/small-swiss", test_small_swiss);
  g_test_add_func ("/cli-stopplay/swiss-bound", test_swiss_bound);
  g_test_add_func ("/cli-stopplay/reader-language", test_reader_language);
  g_test_add_func ("/cli-stopplay/round-robin-repair", test_round_robin_repair);
  g_test_add_func ("/cli-stopplay/print", test_print);
  status = g_test_run ();
  remove_tree (tmp_dir);
  g_free (tmp_dir);
  return status;
}
