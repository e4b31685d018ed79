/* qw-test-region.c: stops, results and region documents for the region tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "qw-test.h"
#include "qw-test-region.h"
#include "qw-stops-csv.h"

/* A valid resident ID number for a birth date and sex, from a seed. */
char *
fixture_id_number (guint32     seed,
                   const char *birth,
                   QwSex       sex)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  QwDate date;

  g_assert_true (qw_date_parse_iso (birth, &date));
  return qw_demo_make_id_number (rand, "441323", date, sex);
}

QwEntry *
fixture_player (int         no,
                const char *name,
                QwSex       sex,
                const char *birth,
                const char *group)
{
  QwEntry *e = qw_entry_new ();

  e->no = no;
  g_free (e->name);
  e->name = g_strdup (name);
  e->sex = sex;
  g_free (e->birth);
  e->birth = g_strdup (birth);
  g_free (e->id_number);
  e->id_number = fixture_id_number ((guint32) no * 7919u + (guint32) strlen (name), birth, sex);
  g_free (e->unit);
  e->unit = g_strdup_printf ("%s象棋协会", name);
  g_free (e->group_code);
  e->group_code = g_strdup (group);
  return e;
}

void
fixture_game (QwResultsGroup *group,
              int             round,
              int             board,
              int             red,
              int             black,
              const char     *result)
{
  QwResultsGame *g = qw_results_game_new ();

  g->round = round;
  g->board = board;
  g->red = red;
  g->black = black;
  g_free (g->result);
  g->result = g_strdup (result);
  g_ptr_array_add (group->games, g);
}

void
fixture_standing (QwResultsGroup *group,
                  int             rank,
                  int             no,
                  double          points,
                  double          opponents,
                  double          progressive)
{
  QwResultsStanding *s = qw_results_standing_new ();

  s->rank = rank;
  s->no = no;
  s->points = points;
  g_array_append_val (s->tiebreaks, opponents);
  g_array_append_val (s->tiebreaks, progressive);
  g_ptr_array_add (group->standings, s);
}

/* A preliminary of @n_open players in 公开组男子 (a small Swiss of two rounds
 * with a shared first place), two in 少年组女子 and one player placed in no
 * group. */
QwResults *
fixture_results (const char *name,
                 const char *uid,
                 const char *start,
                 int         n_open)
{
  QwResults *r = qw_results_new ();
  QwEvent *e = r->event;
  QwResultsGroup *open = qw_results_group_new ("open-m");
  QwResultsGroup *junior = qw_results_group_new ("junior-f");
  QwResultsGroup *rest = qw_results_group_new ("");
  static const char *surnames[] = { "王", "李", "张", "刘", "陈", "杨", "黄", "赵", "吴", "周" };

  r->uid = g_strdup (uid);
  e->name = g_strdup (name);
  e->level = QW_LEVEL_PRELIMINARY;
  e->region = g_strdup ("广东");
  e->place_city = g_strdup ("惠州市");
  e->place_county = g_strdup ("惠东县");
  e->place_town = g_strdup ("白花镇");
  e->host = g_strdup ("白花镇象棋协会");
  e->host_level = QW_HOST_TOWNSHIP;
  e->prefecture = g_strdup ("惠州市");
  e->county_city = g_strdup ("");
  e->honours = g_strdup ("象棋之乡");
  qw_date_parse_iso (start, &e->start_date);
  e->end_date = e->start_date;
  e->chief_arbiter = g_strdup ("赵裁判");
  e->chief_arbiter_grade = g_strdup ("一级");
  e->rounds = 2;
  e->minutes = 60;
  e->increment = 30;

  g_free (open->name);
  open->name = g_strdup ("公开组男子");
  g_strfreev (open->tiebreak_codes);
  open->tiebreak_codes = g_strsplit ("opponents,progressive", ",", -1);
  g_strfreev (open->tiebreak_names);
  open->tiebreak_names = g_strsplit ("对手分,累进分", ",", -1);
  open->rounds = 2;
  for (int i = 0; i < n_open; i++)
    {
      g_autofree char *player = g_strdup_printf ("%s%s", surnames[i % 10], i < 10 ? "一" : "二");
      g_autofree char *birth = g_strdup_printf ("19%02d-0%d-1%d", 70 + i % 30, 1 + i % 9, i % 10);

      g_ptr_array_add (open->players, fixture_player (i + 1, player, QW_SEX_MALE, birth, "open-m"));
    }
  for (int round = 1; round <= 2; round++)
    {
      for (int i = 0; i + 1 < n_open; i += 2)
        {
          if (round == 1)
            fixture_game (open, 1, i / 2 + 1, i + 1, i + 2, "2:0");
          else
            fixture_game (open, 2, i / 2 + 1, i + 2, i + 1, i == 0 ? "1:1" : "0:2");
        }
      if (n_open % 2 == 1)
        fixture_game (open, round, n_open / 2 + 1, n_open, 0, "bye");
    }
  for (int i = 0; i < n_open; i++)
    /* The first two share the first place: every criterion ties. */
    fixture_standing (open, i < 2 ? 1 : i + 1, i + 1, 4 - (i > 1) - (i > 3), 10 - i, 7.5 - i);

  g_free (junior->name);
  junior->name = g_strdup ("少年组女子");
  g_strfreev (junior->tiebreak_codes);
  junior->tiebreak_codes = g_strsplit ("opponents,progressive", ",", -1);
  g_strfreev (junior->tiebreak_names);
  junior->tiebreak_names = g_strsplit ("对手分,累进分", ",", -1);
  g_ptr_array_add (junior->players, fixture_player (101, "林小", QW_SEX_FEMALE, "2007-05-06", "junior-f"));
  g_ptr_array_add (junior->players, fixture_player (102, "何小", QW_SEX_FEMALE, "2008-11-30", "junior-f"));
  fixture_game (junior, 1, 1, 101, 102, "-:+");
  fixture_standing (junior, 1, 102, 2, 0, 2);
  fixture_standing (junior, 2, 101, 0, 2, 0);

  g_ptr_array_add (rest->players, fixture_player (200, "未分组", QW_SEX_MALE, "1990-01-01", ""));

  g_ptr_array_add (r->groups, open);
  g_ptr_array_add (r->groups, junior);
  g_ptr_array_add (r->groups, rest);
  return r;
}

char *
fixture_tmpdir (void)
{
  return qw_test_make_tmp_dir ("qiwang-region-XXXXXX");
}

void
fixture_rmdir (const char *dir)
{
  qw_test_remove_tree (dir);
}

QwDocument *
fixture_region (const char *dir,
                const char *region)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (dir, "region.qiwang", NULL);
  QwDocument *doc = qw_document_create (path, QW_DOCUMENT_REGION, &error);

  g_assert_no_error (error);
  g_assert_true (qw_region_setup (doc, region, "qiwang-2021", &error));
  g_assert_no_error (error);
  return doc;
}

char *
fixture_region_with_nominees (const char *dir)
{
  g_autofree char *xml = g_build_filename (dir, "final.xml", NULL);
  g_autoptr(QwDocument) doc = fixture_region (dir, "广东");
  g_autoptr(QwResults) final = fixture_results ("2021年第六届全国象棋业余棋王赛广东赛区省决赛", "final-0001",
                                                "2021-10-20", 7);
  g_autoptr(QwRuleset) rules = qw_test_ruleset ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) text = g_string_new ("名称,类型,级别,承办单位,地级市,县级市,荣誉,参赛人数\n");
  g_autoptr(QwCsv) csv = NULL;
  g_autoptr(QwStopsImport) import = NULL;
  g_autoptr(QwResults) read = NULL;

  for (int i = 0; i < 10; i++)
    g_string_append_printf (text, "第%d站,预选赛,县级,第%d协会,第%d市,,,99\n", i + 1, i + 1, i + 1);
  csv = qw_csv_parse_data (text->str, text->len, &error);
  import = qw_stops_csv_parse (rules, csv, &error);
  g_assert_no_error (error);
  g_assert_true (qw_region_import_stops (doc, import->stops, NULL, NULL, &error));
  final->event->level = QW_LEVEL_PROVINCIAL_FINAL;
  g_assert_true (qw_results_write_file (final, xml, FALSE, &error));
  read = qw_results_read_file (xml, &error);
  g_assert_no_error (error);
  g_assert_true (qw_region_import_results (doc, read, NULL, NULL, &error));
  g_assert_no_error (error);
  return g_strdup (qw_document_get_path (doc));
}

int
fixture_count_events (QwDocument *doc)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) events = qw_document_list_events (doc, &error);

  g_assert_no_error (error);
  return (int) events->len;
}

void
assert_entries_equal (const QwEntry *a,
                      const QwEntry *b,
                      gboolean       public_form)
{
  g_autofree char *masked = qw_idcard_mask (a->id_number);

  g_assert_cmpint (a->no, ==, b->no);
  g_assert_cmpstr (a->name, ==, b->name);
  g_assert_cmpint (a->sex, ==, b->sex);
  g_assert_cmpstr (a->unit, ==, b->unit);
  g_assert_cmpstr (a->group_code, ==, b->group_code);
  g_assert_cmpint (a->status, ==, b->status);
  if (public_form)
    {
      g_assert_cmpstr (b->id_number, ==, masked);
      g_assert_cmpstr (b->birth, ==, "");
    }
  else
    {
      g_assert_cmpstr (a->id_number, ==, b->id_number);
      g_assert_cmpstr (a->birth, ==, b->birth);
    }
}

/* Same event, groups, players, games and standings. */
void
assert_results_equal (const QwResults *a,
                      const QwResults *b,
                      gboolean         public_form)
{
  g_assert_cmpstr (a->uid, ==, b->uid);
  g_assert_cmpstr (a->event->name, ==, b->event->name);
  g_assert_cmpstr (a->event->region, ==, b->event->region);
  g_assert_cmpstr (a->event->host, ==, b->event->host);
  g_assert_cmpint (a->event->host_level, ==, b->event->host_level);
  g_assert_cmpstr (a->event->prefecture, ==, b->event->prefecture);
  g_assert_cmpstr (a->event->honours, ==, b->event->honours);
  g_assert_cmpstr (a->event->chief_arbiter, ==, b->event->chief_arbiter);
  g_assert_cmpstr (a->event->chief_arbiter_grade, ==, b->event->chief_arbiter_grade);
  g_assert_cmpint (qw_date_compare (a->event->start_date, b->event->start_date), ==, 0);
  g_assert_cmpint (a->event->rounds, ==, b->event->rounds);
  g_assert_cmpuint (a->groups->len, ==, b->groups->len);
  for (guint i = 0; i < a->groups->len; i++)
    {
      const QwResultsGroup *ga = g_ptr_array_index (a->groups, i);
      const QwResultsGroup *gb = g_ptr_array_index (b->groups, i);

      g_assert_cmpstr (ga->code, ==, gb->code);
      g_assert_cmpstr (ga->name, ==, gb->name);
      g_assert_true (g_strv_equal ((const char * const *) ga->tiebreak_codes,
                                   (const char * const *) gb->tiebreak_codes));
      g_assert_true (g_strv_equal ((const char * const *) ga->tiebreak_names,
                                   (const char * const *) gb->tiebreak_names));
      g_assert_cmpuint (ga->players->len, ==, gb->players->len);
      for (guint p = 0; p < ga->players->len; p++)
        assert_entries_equal (g_ptr_array_index (ga->players, p), g_ptr_array_index (gb->players, p),
                              public_form);
      g_assert_cmpuint (ga->games->len, ==, gb->games->len);
      for (guint g = 0; g < ga->games->len; g++)
        {
          const QwResultsGame *x = g_ptr_array_index (ga->games, g);
          const QwResultsGame *y = g_ptr_array_index (gb->games, g);

          g_assert_cmpint (x->round, ==, y->round);
          g_assert_cmpint (x->board, ==, y->board);
          g_assert_cmpint (x->red, ==, y->red);
          g_assert_cmpint (x->black, ==, y->black);
          g_assert_cmpstr (x->result, ==, y->result);
        }
      g_assert_cmpuint (ga->absences->len, ==, gb->absences->len);
      for (guint k = 0; k < ga->absences->len; k++)
        {
          const QwResultsAbsence *x = &g_array_index (ga->absences, QwResultsAbsence, k);
          const QwResultsAbsence *y = &g_array_index (gb->absences, QwResultsAbsence, k);

          g_assert_cmpint (x->no, ==, y->no);
          g_assert_cmpint (x->round, ==, y->round);
          g_assert_cmpint (x->kind, ==, y->kind);
          g_assert_cmpfloat (x->points, ==, y->points);
        }
      g_assert_cmpuint (ga->standings->len, ==, gb->standings->len);
      for (guint s = 0; s < ga->standings->len; s++)
        {
          const QwResultsStanding *x = g_ptr_array_index (ga->standings, s);
          const QwResultsStanding *y = g_ptr_array_index (gb->standings, s);

          g_assert_cmpint (x->rank, ==, y->rank);
          g_assert_cmpint (x->no, ==, y->no);
          g_assert_cmpfloat (x->points, ==, y->points);
          g_assert_cmpuint (x->tiebreaks->len, ==, y->tiebreaks->len);
          for (guint t = 0; t < x->tiebreaks->len; t++)
            g_assert_cmpfloat (g_array_index (x->tiebreaks, double, t), ==,
                               g_array_index (y->tiebreaks, double, t));
        }
    }
}

char *
fixture_results_text (gboolean public_form)
{
  g_autoptr(QwResults) results = fixture_results ("白花站", "0a1b2c3d-white-flower", "2021-07-03", 7);
  g_autoptr(GError) error = NULL;
  char *text = qw_results_to_xml (results, public_form, NULL, &error);

  g_assert_no_error (error);
  return text;
}

gboolean
fixture_summary_warns (const QwRegionSummary *s,
                       const char            *needle)
{
  for (guint i = 0; i < s->warnings->len; i++)
    if (strstr (g_ptr_array_index (s->warnings, i), needle) != NULL)
      return TRUE;
  return FALSE;
}

void
qw_test_region_set_up (QwTestRegion  *f,
                       gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  f->dir = fixture_tmpdir ();
  f->doc = fixture_region (f->dir, "广东");
  f->ruleset = qw_region_ruleset (f->doc, &error);
  g_assert_no_error (error);
}

void
qw_test_region_tear_down (QwTestRegion  *f,
                          gconstpointer  data)
{
  g_clear_object (&f->doc);
  qw_ruleset_unref (f->ruleset);
  fixture_rmdir (f->dir);
  g_free (f->dir);
}

static char *
ladder_account (int         k,
                int         special_no,
                const char *special_account)
{
  return k == special_no ? g_strdup (special_account) : g_strdup_printf ("q%02d", k);
}

void
qw_test_write_ladder_inputs (const char *dir,
                             int         n,
                             int         special_no,
                             const char *special_account,
                             const char *special_id,
                             char      **games_path,
                             char      **players_path)
{
  g_autoptr(GString) log = g_string_new ("期,阶段,时间,红方,黑方,结果\n");
  g_autoptr(GString) players = g_string_new ("账号,姓名,性别,证件类型,证件号码,单位\n");
  int minute = 0;

  for (int k = 1; k <= n; k++)
    {
      g_autofree char *a = ladder_account (k, special_no, special_account);

      for (int i = 0; i < 4; i++)
        g_string_append_printf (log, "1,海选,2022-06-01 12:%02d,%s,sel-%d-%d,2:0\n", i, a, k, i);
      g_string_append_printf (players, "%s,棋手%d,男,身份证,%s,杭州\n", a, k, k == special_no ? special_id : "");
    }
  for (int i = 1; i <= n; i++)
    for (int j = i + 1; j <= n; j++)
      {
        g_autofree char *a = ladder_account (i, special_no, special_account);
        g_autofree char *b = ladder_account (j, special_no, special_account);

        g_string_append_printf (log, "1,入围,2022-06-12 %02d:%02d,%s,%s,2:0\n", 8 + minute / 60, minute % 60, a, b);
        minute++;
      }
  *games_path = g_build_filename (dir, "games.csv", NULL);
  *players_path = g_build_filename (dir, "players.csv", NULL);
  g_assert_true (g_file_set_contents (*games_path, log->str, -1, NULL));
  g_assert_true (g_file_set_contents (*players_path, players->str, -1, NULL));
}
