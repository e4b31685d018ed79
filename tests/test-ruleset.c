/* test-ruleset.c: the 2021 scheme as data, and bad ruleset files
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gstdio.h>
#include <string.h>

#include "qw-data.h"
#include "qw-error.h"
#include "qw-game.h"
#include "qw-ruleset.h"
#include "qw-ruleset-championship.h"
#include "qw-parts.h"

static void
test_2021 (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwRuleset) r = qw_ruleset_lookup ("qiwang-2021", &error);
  const QwQuotaTier *a, *b;

  g_assert_no_error (error);
  g_assert_cmpstr (r->id, ==, "qiwang-2021");
  g_assert_cmpint (r->season, ==, 2021);
  g_assert_cmpint (r->escort_age, ==, 70);
  g_assert_cmpint (r->valid_stop_min_players, ==, 20);
  g_assert_cmpfloat (r->scores[QW_SCORE_RED_WIN], ==, 2);
  g_assert_cmpfloat (r->scores[QW_SCORE_BLACK_DRAW], ==, 1);
  g_assert_cmpfloat (r->scores[QW_SCORE_BLACK_LOSS], ==, 0);
  g_assert_cmpfloat (r->scores[QW_SCORE_BYE], ==, 2);
  g_assert_cmpint (r->final_deadline_month, ==, 10);
  g_assert_cmpint (r->final_deadline_day, ==, 31);
  g_assert_cmpint (r->team_best, ==, 7);
  g_assert_cmpuint (r->tiers->len, ==, 2);
  a = g_ptr_array_index (r->tiers, 0);
  b = g_ptr_array_index (r->tiers, 1);
  g_assert_cmpint (a->valid_stops, ==, 15);
  g_assert_cmpint (a->participants, ==, 1800);
  g_assert_cmpint (b->valid_stops, ==, 10);
  g_assert_cmpint (b->participants, ==, 1000);
  g_assert_cmpuint (r->bonuses->len, ==, 5);
  g_assert_cmpstr (qw_ruleset_min_arbiter_grade (r, "provincial-final"), ==, "国家级");
  g_assert_cmpstr (qw_ruleset_min_arbiter_grade (r, "preliminary"), ==, "一级");
  g_assert_cmpint (qw_ruleset_arbiter_grade_rank (r, "国家级裁判"), <, qw_ruleset_arbiter_grade_rank (r, "一级"));
  g_assert_cmpint (qw_ruleset_arbiter_grade_rank (r, "某级"), ==, -1);
  g_assert_nonnull (qw_ruleset_find_group (r, "child-f"));
  g_assert_true (qw_ruleset_match_group_name (r, "公开组", QW_SEX_FEMALE)
                 == qw_ruleset_find_group (r, "open-f"));
  g_assert_true (qw_ruleset_match_group_name (r, "老年男子组", QW_SEX_UNKNOWN)
                 == qw_ruleset_find_group (r, "senior-m"));
}

/* The 2021 file names no left values: a game left scores as a forfeit, and
 * every result scores as it always did. */
static void
test_2021_scoring (void)
{
  g_autoptr(QwRuleset) r = qw_ruleset_lookup ("qiwang-2021", NULL);
  static const struct { QwResult result; double red, black; } table[] = {
    { QW_RESULT_NONE, 0, 0 }, { QW_RESULT_RED_WIN, 2, 0 }, { QW_RESULT_DRAW, 1, 1 },
    { QW_RESULT_BLACK_WIN, 0, 2 }, { QW_RESULT_RED_BY_FORFEIT, 2, 0 }, { QW_RESULT_BLACK_BY_FORFEIT, 0, 2 },
    { QW_RESULT_DOUBLE_FORFEIT, 0, 0 }, { QW_RESULT_BYE, 2, 0 },
  };

  g_assert_null (r->ladder);
  g_assert_null (r->final);
  g_assert_cmpfloat (r->scores[QW_SCORE_LEFT], ==, r->scores[QW_SCORE_FORFEIT_LOSS]);
  g_assert_cmpfloat (r->scores[QW_SCORE_LEFT_OPPONENT], ==, r->scores[QW_SCORE_FORFEIT_WIN]);
  for (guint i = 0; i < G_N_ELEMENTS (table); i++)
    {
      double red = -1, black = -1;

      qw_result_points (r, table[i].result, &red, &black);
      g_assert_cmpfloat (red, ==, table[i].red);
      g_assert_cmpfloat (black, ==, table[i].black);
    }
}

static void
assert_prizes (const QwFinalRules *f,
               const char         *event,
               int                 places,
               gint64              total,
               const int          *amounts)
{
  const QwPrizeTable *t = qw_final_rules_prize_table (f, event);

  g_assert_nonnull (t);
  g_assert_cmpint (t->places, ==, places);
  g_assert_cmpint (qw_prize_table_total (t), ==, total);
  for (int place = 1; place <= places; place++)
    g_assert_cmpint (qw_prize_table_amount (t, place), ==, amounts[place - 1]);
  g_assert_cmpint (qw_prize_table_amount (t, places + 1), ==, 0);
  g_assert_cmpint (qw_prize_table_amount (t, 0), ==, 0);
}

static void
assert_period (const QwLadderRules *l,
               int                  number,
               const char          *dates)
{
  const QwLadderPeriodRule *p = qw_ladder_rules_period (l, number);
  char a[QW_DATE_ISO_LEN], b[QW_DATE_ISO_LEN], c[QW_DATE_ISO_LEN], d[QW_DATE_ISO_LEN];
  g_autofree char *text = NULL;

  g_assert_nonnull (p);
  g_assert_cmpint (p->number, ==, number);
  qw_date_to_iso (p->selection_from, a);
  qw_date_to_iso (p->selection_to, b);
  qw_date_to_iso (p->qualifying_from, c);
  qw_date_to_iso (p->qualifying_to, d);
  text = g_strdup_printf ("%s %s %s %s", a, b, c, d);
  g_assert_cmpstr (text, ==, dates);
}

/* The 2022 rules (seed 000) as data, every number checked against the text. */
static void
test_2022 (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwRuleset) r = qw_ruleset_lookup ("qiwang-2022", &error);
  const QwLadderRules *l;
  const QwFinalRules *f;
  const QwPairRule *p;
  const QwTeamRule *t;
  static const char *events[] = { "individual", "women", "team-men", "team-women", "doubles-m",
                                  "doubles-f", "doubles-x", "parent-child", "junior" };
  static const char *tables[] = { "individual", "women", "junior-boys", "junior-girls", "doubles-m", "doubles-f",
                                  "doubles-x", "parent-child", "team-men", "team-women", "team-junior" };
  int individual[32], women[] = { 5000, 3000, 2000, 1000, 800, 600 };
  int boys[] = { 2000, 1500, 1000, 500, 500, 500, 500, 500 }, girls[] = { 1000, 800, 500 };
  int pairs[] = { 6000, 4000, 2000, 1000, 1000, 1000 };
  int team_men[] = { 12000, 9000, 6000, 4000, 3000, 2000 }, team_women[] = { 8000, 5000, 2000 };
  int team_junior[] = { 3000, 2000, 1000, 800, 800, 800 };
  QwDate d;

  g_assert_no_error (error);
  g_assert_cmpstr (r->id, ==, "qiwang-2022");
  g_assert_cmpint (r->season, ==, 2022);

  /* 九: 运动健将 and above barred. */
  g_assert_true (qw_ruleset_is_barred_title (r, "运动健将"));
  g_assert_true (qw_ruleset_is_barred_title (r, "国家大师"));
  g_assert_false (qw_ruleset_is_barred_title (r, "一级棋士"));

  /* The final's board games: 2/1/0. */
  g_assert_cmpfloat (r->scores[QW_SCORE_RED_WIN], ==, 2);
  g_assert_cmpfloat (r->scores[QW_SCORE_BLACK_LOSS], ==, 0);

  /* Everyone falls in the individual field; the other events are chosen. */
  g_assert_true (qw_ruleset_group_for (r, qw_date_make (1990, 1, 1), QW_SEX_FEMALE)
                 == qw_ruleset_find_group (r, "individual"));
  g_assert_true (qw_ruleset_group_for (r, qw_date_make (2012, 1, 1), QW_SEX_MALE)
                 == qw_ruleset_find_group (r, "individual"));
  g_assert_true (qw_ruleset_match_group_name (r, "男女混双", QW_SEX_MALE) == qw_ruleset_find_group (r, "doubles-x"));
  g_assert_true (qw_ruleset_match_group_name (r, "少儿赛", QW_SEX_MALE) == qw_ruleset_find_group (r, "junior"));

  /* 十一(一)(二): the ladder. */
  l = r->ladder;
  g_assert_nonnull (l);
  g_assert_cmpfloat (l->scores[QW_SCORE_RED_WIN], ==, 2);
  g_assert_cmpfloat (l->scores[QW_SCORE_BLACK_WIN], ==, 2);
  g_assert_cmpfloat (l->scores[QW_SCORE_RED_DRAW], ==, 1);
  g_assert_cmpfloat (l->scores[QW_SCORE_BLACK_DRAW], ==, 1);
  g_assert_cmpfloat (l->scores[QW_SCORE_RED_LOSS], ==, -2);
  g_assert_cmpfloat (l->scores[QW_SCORE_BLACK_LOSS], ==, -2);
  g_assert_cmpfloat (l->scores[QW_SCORE_LEFT], ==, -2);
  g_assert_cmpfloat (l->scores[QW_SCORE_LEFT_OPPONENT], ==, 2);
  g_assert_cmpfloat (qw_scoring_points (l->scores, QW_OUTCOME_LOSS, FALSE), ==, -2);
  g_assert_cmpfloat (qw_scoring_points (l->scores, QW_OUTCOME_OPPONENT_LEFT, TRUE), ==, 2);
  g_assert_cmpfloat (qw_scoring_points (l->scores, QW_OUTCOME_NONE, TRUE), ==, 0);
  g_assert_true (l->left_is_loss);
  g_assert_false (l->count_outside_dates);
  g_assert_cmpint (l->first_move_seconds, ==, 60);
  g_assert_cmpfloat (l->selection_threshold, ==, 7);
  g_assert_cmpint (l->qualifying_places, ==, 23);
  g_assert_true (l->ties_by_wins);
  g_assert_true (l->tied_last_all);
  g_assert_cmpint (l->qualifying_min_games, ==, 1);
  g_assert_cmpint (l->first_day_from, ==, 10 * 60);
  g_assert_false (l->rank_unselected);
  g_assert_cmpint (l->certificate_games, ==, 10);
  g_assert_cmpint (l->online_places, ==, 184);
  g_assert_cmpint (l->online_places, ==, l->qualifying_places * qw_ladder_rules_n_periods (l));
  g_assert_cmpint (l->places, ==, 240);
  g_assert_cmpint (qw_ladder_rules_n_periods (l), ==, 8);
  assert_period (l, 1, "2022-05-30 2022-06-10 2022-06-11 2022-06-19");
  assert_period (l, 2, "2022-06-11 2022-06-22 2022-06-23 2022-07-01");
  assert_period (l, 3, "2022-06-23 2022-07-04 2022-07-05 2022-07-13");
  assert_period (l, 4, "2022-07-05 2022-07-16 2022-07-17 2022-07-25");
  assert_period (l, 5, "2022-07-17 2022-07-28 2022-07-29 2022-08-06");
  assert_period (l, 6, "2022-07-29 2022-08-09 2022-08-10 2022-08-18");
  assert_period (l, 7, "2022-08-10 2022-08-21 2022-08-22 2022-08-30");
  assert_period (l, 8, "2022-08-22 2022-09-02 2022-09-03 2022-09-11");
  g_assert_null (qw_ladder_rules_period (l, 0));
  g_assert_null (qw_ladder_rules_period (l, 9));
  g_assert_true (qw_date_parse_iso ("2022-10-14", &d) && qw_date_compare (l->public_from, d) == 0);
  g_assert_true (qw_date_parse_iso ("2022-10-20", &d) && qw_date_compare (l->public_to, d) == 0);
  g_assert_true (qw_date_parse_iso ("2022-10-01", &d) && qw_date_compare (l->wildcard_deadline, d) == 0);
  g_assert_cmpuint (l->wildcard_reasons->len, ==, 4);
  g_assert_cmpstr (qw_ladder_rules_match_reason (l, "hangzhou")->code, ==, "hangzhou");
  g_assert_cmpstr (qw_ladder_rules_match_reason (l, "省级运动会")->code, ==, "provincial-games");
  g_assert_cmpstr (qw_ladder_rules_match_reason (l, "2021年浙江省运会 省级运动会第二名")->code, ==, "provincial-games");
  g_assert_cmpstr (qw_ladder_rules_match_reason (l, "推广分站赛若干名额")->code, ==, "promotion");
  g_assert_null (qw_ladder_rules_match_reason (l, "朋友推荐"));
  g_assert_null (qw_ladder_rules_match_reason (l, " "));

  /* 五, 十一(五): the final. */
  f = r->final;
  g_assert_nonnull (f);
  g_assert_cmpstr (f->city, ==, "绍兴");
  g_assert_true (qw_date_parse_iso ("2022-11-25", &d) && qw_date_compare (f->first_day, d) == 0);
  g_assert_true (qw_date_parse_iso ("2022-11-30", &d) && qw_date_compare (f->last_day, d) == 0);
  g_assert_cmpuint (f->events->len, ==, G_N_ELEMENTS (events));
  for (guint i = 0; i < G_N_ELEMENTS (events); i++)
    g_assert_cmpstr (((QwFinalEvent *) g_ptr_array_index (f->events, i))->code, ==, events[i]);
  g_assert_cmpstr (qw_final_rules_event (f, "individual")->name, ==, "男子个人");
  g_assert_cmpstr (qw_final_rules_event (f, "women")->field, ==, "individual");
  g_assert_cmpint (qw_final_rules_event (f, "team-women")->kind, ==, QW_FINAL_EVENT_TEAM);
  g_assert_null (qw_final_rules_event (f, "team-women")->field);
  g_assert_cmpstr (f->individual_field, ==, "individual");
  g_assert_true (f->women_same_field);
  g_assert_true (f->women_both);

  g_assert_cmpuint (f->pairs->len, ==, 4);
  for (guint i = 0; i < f->pairs->len; i++)
    {
      p = g_ptr_array_index (f->pairs, i);
      g_assert_cmpint (p->min_pairs, ==, 8);
      g_assert_cmpint (p->max_pairs, ==, 32);
    }
  g_assert_cmpint (qw_final_rules_pair (f, "doubles-m")->make_up, ==, QW_PAIR_MEN);
  g_assert_cmpint (qw_final_rules_pair (f, "doubles-f")->make_up, ==, QW_PAIR_WOMEN);
  g_assert_cmpint (qw_final_rules_pair (f, "doubles-x")->make_up, ==, QW_PAIR_MIXED);
  g_assert_cmpint (qw_final_rules_pair (f, "doubles-x")->min_online, ==, 2);
  p = qw_final_rules_pair (f, "parent-child");
  g_assert_cmpint (p->make_up, ==, QW_PAIR_RELATIVES);
  g_assert_cmpint (p->min_online, ==, 1);
  g_assert_cmpuint (p->relations->len, ==, 3);
  g_assert_false (qw_pair_rule_age_ok (p, 3));
  g_assert_true (qw_pair_rule_age_ok (p, 4));
  g_assert_true (qw_pair_rule_age_ok (p, 65));
  g_assert_false (qw_pair_rule_age_ok (p, 66));
  g_assert_true (qw_pair_rule_age_ok (qw_final_rules_pair (f, "doubles-m"), 90));
  g_assert_null (qw_final_rules_pair (f, "individual"));

  g_assert_cmpstr (f->junior_field, ==, "junior");
  g_assert_true (qw_date_parse_iso ("2009-01-01", &d) && qw_date_compare (f->junior_born_from, d) == 0);
  g_assert_true (f->junior_certificate_required);
  g_assert_cmpstr (f->junior_certificate_issuer, ==, "中国象棋协会");
  g_assert_false (f->junior_two_groups);
  g_assert_true (f->junior_unit_stamp);

  /* 十一(五)5, 十四(一)2: the teams. */
  g_assert_cmpint (f->province_digits, ==, 2);
  g_assert_true (f->short_teams_ranked);
  g_assert_true (f->team_tie_best_member);
  t = qw_final_rules_team (f, "team-men");
  g_assert_true (t->by == QW_TEAM_BASIS_PROVINCE && !t->by_sex && t->men == 3 && t->women == 0);
  g_assert_cmpstr (t->field, ==, "individual");
  t = qw_final_rules_team (f, "team-women");
  g_assert_true (t->by == QW_TEAM_BASIS_PROVINCE && t->by_sex && t->men == 0 && t->women == 2);
  t = qw_final_rules_team (f, "team-junior");
  g_assert_true (t->by == QW_TEAM_BASIS_UNIT && t->by_sex && t->men == 3 && t->women == 2);
  g_assert_cmpstr (t->field, ==, "junior");
  g_assert_null (qw_final_rules_team (f, "doubles-m"));
  g_assert_cmpint (qw_final_rules_team_places (f, "team-men", 1), ==, 1);
  g_assert_cmpint (qw_final_rules_team_places (f, "team-men", 2), ==, 1);
  g_assert_cmpint (qw_final_rules_team_places (f, "team-men", 3), ==, 2);
  g_assert_cmpint (qw_final_rules_team_places (f, "team-men", 4), ==, 4);
  g_assert_cmpint (qw_final_rules_team_places (f, "team-men", 30), ==, 6);
  g_assert_cmpint (qw_final_rules_team_places (f, "team-women", 3), ==, 2);
  g_assert_cmpint (qw_final_rules_team_places (f, "team-women", 9), ==, 3);
  g_assert_cmpint (qw_final_rules_team_places (f, "team-junior", 0), ==, 0);

  /* 十四: the places awarded and the prizes, to the yuan. */
  g_assert_true (f->before_tax);
  g_assert_cmpuint (f->prize_tables->len, ==, G_N_ELEMENTS (tables));
  for (guint i = 0; i < G_N_ELEMENTS (tables); i++)
    g_assert_cmpstr (((QwPrizeTable *) g_ptr_array_index (f->prize_tables, i))->event, ==, tables[i]);
  individual[0] = 50000, individual[1] = 20000, individual[2] = 10000;
  for (int i = 3; i < 8; i++)
    individual[i] = 3000;
  for (int i = 8; i < 32; i++)
    individual[i] = 1000;
  assert_prizes (f, "individual", 32, 119000, individual);
  assert_prizes (f, "women", 6, 12400, women);
  assert_prizes (f, "junior-boys", 8, 7000, boys);
  assert_prizes (f, "junior-girls", 3, 2300, girls);
  assert_prizes (f, "doubles-m", 6, 15000, pairs);
  assert_prizes (f, "doubles-f", 6, 15000, pairs);
  assert_prizes (f, "doubles-x", 6, 15000, pairs);
  assert_prizes (f, "parent-child", 6, 15000, pairs);
  assert_prizes (f, "team-men", 6, 36000, team_men);
  assert_prizes (f, "team-women", 3, 15000, team_women);
  assert_prizes (f, "team-junior", 6, 8400, team_junior);
  g_assert_cmpstr (qw_final_rules_prize_table (f, "women")->cumulative_with, ==, "individual");
  g_assert_cmpint (qw_final_rules_prize_table (f, "women")->sex, ==, QW_SEX_FEMALE);
  g_assert_cmpint (qw_final_rules_prize_table (f, "junior-boys")->sex, ==, QW_SEX_MALE);
  g_assert_cmpstr (qw_final_rules_prize_table (f, "junior-boys")->of, ==, "junior");
  g_assert_cmpint (qw_final_rules_prize_table (f, "parent-child")->per, ==, QW_PRIZE_PER_PAIR);
  g_assert_cmpint (qw_final_rules_prize_table (f, "team-junior")->per, ==, QW_PRIZE_PER_TEAM);
  g_assert_null (qw_final_rules_prize_table (f, "team-doubles"));
}

static void
test_unknown_id (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwRuleset) r = qw_ruleset_lookup ("qiwang-1999", &error);

  g_assert_null (r);
  g_assert_error (error, QW_ERROR, QW_ERROR_NOT_FOUND);
}

/* Writes the real ruleset with one replacement applied and loads it. */
static GError *
load_modified_file (const char *file,
                    const char *from,
                    const char *to)
{
  g_autofree char *original_path = qw_data_file ("rulesets", file, NULL);
  g_autofree char *original = NULL;
  g_autofree char *dir = g_dir_make_tmp ("qiwang-ruleset-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "broken.xml", NULL);
  g_autoptr(GString) text = NULL;
  g_autoptr(QwRuleset) r = NULL;
  GError *error = NULL;

  g_assert_true (g_file_get_contents (original_path, &original, NULL, NULL));
  text = g_string_new (original);
  g_assert_nonnull (strstr (text->str, from));
  g_string_replace (text, from, to, 1);
  g_assert_true (g_file_set_contents (path, text->str, (gssize) text->len, NULL));
  r = qw_ruleset_load_file (path, &error);
  g_assert_null (r);
  g_unlink (path);
  g_rmdir (dir);
  return error;
}

static GError *
load_modified (const char *from,
               const char *to)
{
  return load_modified_file ("qiwang-2021.xml", from, to);
}

static void
assert_names_file_and_line (GError     *error,
                            int         code,
                            const char *line)
{
  g_assert_error (error, QW_ERROR, code);
  g_assert_nonnull (strstr (error->message, "broken.xml"));
  if (line != NULL && strstr (error->message, line) == NULL)
    g_error ("expected line %s in: %s", line, error->message);
  g_error_free (error);
}

static int
line_of (const char *needle)
{
  g_autofree char *path = qw_data_file ("rulesets", "qiwang-2021.xml", NULL);
  g_autofree char *text = NULL;
  const char *at;
  int line = 1;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  at = strstr (text, needle);
  g_assert_nonnull (at);
  for (const char *p = text; p < at; p++)
    line += *p == '\n';
  return line;
}

static void
test_schema_errors (void)
{
  g_autofree char *sex_line = g_strdup_printf ("line %d", line_of ("code=\"open-f\""));
  g_autofree char *stop_line = g_strdup_printf ("line %d", line_of ("<valid-stop"));

  /* A value the schema does not allow, on the line where it stands. */
  assert_names_file_and_line (load_modified ("code=\"open-f\" kind=\"formal\" category=\"open\" sex=\"F\"",
                                             "code=\"open-f\" kind=\"formal\" category=\"open\" sex=\"W\""),
                              QW_ERROR_INVALID, sex_line);
  /* A required attribute missing. */
  assert_names_file_and_line (load_modified ("<valid-stop min-players=\"20\"/>", "<valid-stop/>"),
                              QW_ERROR_INVALID, stop_line);
  /* A required element missing. */
  assert_names_file_and_line (load_modified ("<team best=\"7\"/>", ""), QW_ERROR_INVALID, NULL);
  /* Not well-formed. */
  assert_names_file_and_line (load_modified ("</groups>", "</group>"), QW_ERROR_CORRUPT, NULL);
  /* Entities are never expanded. */
  assert_names_file_and_line (load_modified ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
                                             "<?xml version=\"1.0\"?><!DOCTYPE r [<!ENTITY a \"aaaa\">]>"),
                              QW_ERROR_INVALID, NULL);
  /* What the schema cannot say: a range that ends before it starts. */
  assert_names_file_and_line (load_modified ("born-from=\"2005-01-01\" born-to=\"2009-12-31\"",
                                             "born-from=\"2009-12-31\" born-to=\"2005-01-01\""),
                              QW_ERROR_INVALID, NULL);
}

/* What the schema cannot say about the 2022 elements, and what it can. */
static void
test_2022_errors (void)
{
  static const struct { const char *from, *to; int code; const char *message; } cases[] = {
    { "<period number=\"8\"", "<period number=\"9\"", QW_ERROR_INVALID, "numbered" },
    { "selection-to=\"2022-06-10\"", "selection-to=\"2022-05-29\"", QW_ERROR_INVALID, "ends before" },
    { "qualifying-from=\"2022-06-11\"", "qualifying-from=\"2022-05-01\"", QW_ERROR_INVALID, "ends before" },
    { "<prize from=\"4\" to=\"8\" amount=\"3000\"/>", "<prize from=\"4\" to=\"7\" amount=\"3000\"/>",
      QW_ERROR_INVALID, "without gaps" },
    { "<prize from=\"9\" to=\"32\" amount=\"1000\"/>", "<prize from=\"9\" to=\"31\" amount=\"1000\"/>",
      QW_ERROR_INVALID, "exactly the places" },
    { "<pairs field=\"doubles-m\"", "<pairs field=\"doubles-z\"", QW_ERROR_INVALID, "doubles-z" },
    { "min-age=\"4\" max-age=\"65\"", "min-age=\"66\" max-age=\"65\"", QW_ERROR_INVALID, "min-age" },
    { "of=\"team-men\"", "of=\"team-mixed\"", QW_ERROR_INVALID, "team-mixed" },
    { "cumulative-with=\"individual\"", "cumulative-with=\"overall\"", QW_ERROR_INVALID, "cumulative" },
    { "<finalists online=\"184\" places=\"240\"", "<finalists online=\"184\" places=\"180\"",
      QW_ERROR_INVALID, "fewer" },
    { "men=\"3\"/>", "/>", QW_ERROR_INVALID, "at least one" },
    /* The schema: a prize in yuan is whole, a threshold a number, a duplicate period refused. */
    { "amount=\"50000\"", "amount=\"50000.5\"", QW_ERROR_INVALID, "amount" },
    { "<selection threshold=\"7\"/>", "<selection threshold=\"seven\"/>", QW_ERROR_INVALID, "threshold" },
    { "<period number=\"8\"", "<period number=\"7\"", QW_ERROR_INVALID, NULL },
    { "first-day-from=\"10:00\"", "first-day-from=\"25:00\"", QW_ERROR_INVALID, "first-day-from" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      GError *error = load_modified_file ("qiwang-2022.xml", cases[i].from, cases[i].to);

      if (cases[i].message != NULL && strstr (error->message, cases[i].message) == NULL)
        g_error ("case %u: expected “%s” in: %s", i, cases[i].message, error->message);
      assert_names_file_and_line (error, cases[i].code, NULL);
    }
}

/* What a document offers (issue 18): the window's pages come from here. */
static void
test_parts (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwRuleset) r2021 = qw_ruleset_lookup ("qiwang-2021", &error);
  g_autoptr(QwRuleset) r2022 = qw_ruleset_lookup ("qiwang-2022", &error);

  g_assert_no_error (error);
  /* A 2021 stop: its event, no region, no ladder, no prizes. */
  g_assert_true (qw_part_offered (QW_DOCUMENT_STOP, r2021, TRUE, QW_PART_ENTRIES));
  g_assert_true (qw_part_offered (QW_DOCUMENT_STOP, r2021, TRUE, QW_PART_STANDINGS));
  g_assert_false (qw_part_offered (QW_DOCUMENT_STOP, r2021, TRUE, QW_PART_REGION));
  g_assert_false (qw_part_offered (QW_DOCUMENT_STOP, r2021, TRUE, QW_PART_LADDER));
  g_assert_false (qw_part_offered (QW_DOCUMENT_STOP, r2021, TRUE, QW_PART_PRIZES));
  /* A 2021 region without an event of its own: the region only. */
  g_assert_true (qw_part_offered (QW_DOCUMENT_REGION, r2021, FALSE, QW_PART_REGION));
  g_assert_false (qw_part_offered (QW_DOCUMENT_REGION, r2021, FALSE, QW_PART_ROUNDS));
  g_assert_false (qw_part_offered (QW_DOCUMENT_REGION, r2021, FALSE, QW_PART_NATIONAL));
  g_assert_true (qw_part_offered (QW_DOCUMENT_NATIONAL, r2021, FALSE, QW_PART_NATIONAL));
  /* A 2022 final: the ladder and the prize list, no regions. */
  g_assert_true (qw_part_offered (QW_DOCUMENT_STOP, r2022, TRUE, QW_PART_LADDER));
  g_assert_true (qw_part_offered (QW_DOCUMENT_STOP, r2022, TRUE, QW_PART_PRIZES));
  g_assert_false (qw_part_offered (QW_DOCUMENT_REGION, r2022, FALSE, QW_PART_REGION));
  g_assert_false (qw_part_offered (QW_DOCUMENT_STOP, NULL, TRUE, QW_PART_ENTRIES));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ruleset/2021", test_2021);
  g_test_add_func ("/ruleset/parts", test_parts);
  g_test_add_func ("/ruleset/2021-scoring", test_2021_scoring);
  g_test_add_func ("/ruleset/2022", test_2022);
  g_test_add_func ("/ruleset/2022-errors", test_2022_errors);
  g_test_add_func ("/ruleset/unknown-id", test_unknown_id);
  g_test_add_func ("/ruleset/schema-errors", test_schema_errors);
  return g_test_run ();
}
