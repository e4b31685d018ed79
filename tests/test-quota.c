/* test-quota.c: the national-final quota (竞赛方案 七(五)) and the stops CSV
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "qw-error.h"
#include "qw-quota.h"
#include "qw-ruleset.h"
#include "qw-stops-csv.h"
#include "qw-event.h"
#include "qw-test.h"

static QwStopSummary *
stop_new (const char  *name,
          QwLevel      level,
          QwHostLevel  host_level,
          const char  *host,
          const char  *prefecture,
          const char  *county_city,
          const char  *honours,
          int          participants)
{
  QwStopSummary *s = qw_stop_summary_new ();

  s->name = g_strdup (name);
  s->level = level;
  s->host_level = host_level;
  s->host = g_strdup (host);
  s->prefecture = g_strdup (prefecture);
  s->county_city = g_strdup (county_city);
  s->honours = g_strdup (honours);
  s->participants = participants;
  return s;
}

/* @n_valid county-level stops in different prefectures (so that no four-stop
 * bonus interferes), sharing @participants as evenly as possible (each at
 * least 20), plus the final with @final_players (-1: no final). */
static GPtrArray *
region (int n_valid,
        int participants,
        int final_players)
{
  GPtrArray *stops = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_stop_summary_free);
  int preliminary_total = participants - MAX (final_players, 0);

  for (int i = 0; i < n_valid; i++)
    {
      g_autofree char *name = g_strdup_printf ("第%d站", i + 1);
      g_autofree char *host = g_strdup_printf ("第%d县象棋协会", i + 1);
      g_autofree char *prefecture = g_strdup_printf ("第%d市", i + 1);
      int share = preliminary_total / n_valid + (i < preliminary_total % n_valid ? 1 : 0);

      g_assert_cmpint (share, >=, 20);
      g_ptr_array_add (stops, stop_new (name, QW_LEVEL_PRELIMINARY, QW_HOST_COUNTY, host,
                                        prefecture, "", "", share));
    }
  if (final_players >= 0)
    g_ptr_array_add (stops, stop_new ("省决赛", QW_LEVEL_PROVINCIAL_FINAL, QW_HOST_PROVINCE,
                                      "省象棋协会", "", "", "", final_players));
  return stops;
}

static QwQuota *
quota_for (GPtrArray *stops)
{
  g_autoptr(QwRuleset) r = qw_test_ruleset ();

  return qw_quota_compute (r, stops);
}

static void
assert_tier (int         n_valid,
             int         participants,
             int         final_players,
             const char *tier)
{
  g_autoptr(GPtrArray) stops = region (n_valid, participants, final_players);
  g_autoptr(QwQuota) q = quota_for (stops);

  g_assert_cmpint (q->valid_stops, ==, n_valid);
  g_assert_cmpint (q->participants, ==, participants);
  g_assert_cmpint (q->final, ==, final_players >= 0);
  g_assert_cmpstr (q->tier, ==, tier);
}

static void
test_valid_stop_threshold (void)
{
  g_autoptr(GPtrArray) stops = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_stop_summary_free);
  g_autoptr(QwQuota) q = NULL;

  g_ptr_array_add (stops, stop_new ("十九人站", QW_LEVEL_PRELIMINARY, QW_HOST_COUNTY, "甲协会",
                                    "甲市", "", "", 19));
  g_ptr_array_add (stops, stop_new ("二十人站", QW_LEVEL_PRELIMINARY, QW_HOST_COUNTY, "乙协会",
                                    "甲市", "", "", 20));
  q = quota_for (stops);
  g_assert_cmpint (q->stops, ==, 2);
  g_assert_cmpint (q->valid_stops, ==, 1);
  /* An invalid stop's players still count towards the total. */
  g_assert_cmpint (q->participants, ==, 39);
}

static void
test_tier_boundaries_with_final (void)
{
  /* Valid stops: 14 / 15 for A, 9 / 10 for B. */
  assert_tier (14, 1800, 100, "B");
  assert_tier (15, 1800, 100, "A");
  assert_tier (9, 1000, 100, NULL);
  assert_tier (10, 1000, 100, "B");
  /* Participants: 1799 / 1800 for A, 999 / 1000 for B. */
  assert_tier (15, 1799, 100, "B");
  assert_tier (15, 1800, 100, "A");
  assert_tier (10, 999, 100, NULL);
  assert_tier (10, 1000, 100, "B");
}

static void
test_tier_boundaries_without_final (void)
{
  g_autoptr(GPtrArray) stops = region (15, 1800, -1);
  g_autoptr(QwQuota) q = quota_for (stops);

  /* Every tier needs the provincial final. */
  assert_tier (15, 1800, -1, NULL);
  assert_tier (10, 1000, -1, NULL);
  assert_tier (15, 1799, -1, NULL);
  assert_tier (9, 999, -1, NULL);
  g_assert_cmpstr (q->next_tier, ==, "B");
  g_assert_cmpint (q->stops_missing, ==, 0);
  g_assert_cmpint (q->participants_missing, ==, 0);
  g_assert_true (q->final_missing);
  g_assert_nonnull (strstr (q->next_reason, "provincial final"));
  g_assert_cmpuint (q->places->len, ==, 0);
  g_assert_cmpint (q->leader, ==, 0);
  g_assert_nonnull (q->otherwise);
}

static void
test_final_participants_count (void)
{
  /* The contract's example: 10 × 90 in the preliminaries plus 100 in the final. */
  g_autoptr(GPtrArray) stops = region (10, 1000, 100);
  g_autoptr(QwQuota) q = quota_for (stops);

  g_assert_cmpint (q->participants, ==, 1000);
  g_assert_cmpstr (q->tier, ==, "B");
  g_assert_cmpstr (q->next_tier, ==, "A");
  g_assert_cmpint (q->stops_missing, ==, 5);
  g_assert_cmpint (q->participants_missing, ==, 800);
  g_assert_false (q->final_missing);
}

static const QwQuotaPlace *
find_place (const QwQuota *q,
            const char    *group)
{
  for (guint i = 0; i < q->places->len; i++)
    {
      const QwQuotaPlace *p = g_ptr_array_index (q->places, i);

      if (g_str_equal (p->group, group))
        return p;
    }
  return NULL;
}

static void
assert_line (const QwQuota *q,
             const char    *group,
             int            min,
             int            max)
{
  const QwQuotaPlace *p = find_place (q, group);

  g_assert_nonnull (p);
  g_assert_cmpint (p->min, ==, min);
  g_assert_cmpint (p->max, ==, max);
  g_assert_nonnull (p->reason);
  g_assert_nonnull (strstr (p->reason, p->label));
}

static void
test_tier_lines (void)
{
  g_autoptr(GPtrArray) a_stops = region (15, 1800, 100);
  g_autoptr(GPtrArray) b_stops = region (10, 1000, 100);
  g_autoptr(QwQuota) a = quota_for (a_stops);
  g_autoptr(QwQuota) b = quota_for (b_stops);

  g_assert_cmpuint (a->places->len, ==, 9);
  assert_line (a, "open-m", 3, 3);
  assert_line (a, "open-f", 1, 1);
  assert_line (a, "senior", 2, 2);
  assert_line (a, "junior-m", 2, 2);
  assert_line (a, "junior-f", 1, 1);
  assert_line (a, "child-m", 2, 2);
  assert_line (a, "child-f", 1, 1);
  assert_line (a, "family", 2, 2);
  assert_line (a, "industry", 1, 1);
  g_assert_cmpint (a->leader, ==, 1);
  g_assert_null (a->next_tier);
  g_assert_null (a->next_reason);
  /* 15 places plus the leader. */
  g_assert_cmpint (qw_quota_total_places (a), ==, 16);

  g_assert_cmpuint (b->places->len, ==, 6);
  assert_line (b, "open-m", 2, 2);
  assert_line (b, "open-f", 1, 1);
  assert_line (b, "senior", 1, 1);
  assert_line (b, "junior", 2, 2);
  assert_line (b, "child", 2, 2);
  assert_line (b, "display", 1, 2);
  g_assert_cmpint (b->leader, ==, 1);
}

static const QwQuotaBonus *
find_bonus (const QwQuota *q,
            const char    *reason,
            const char    *host)
{
  for (guint i = 0; i < q->bonuses->len; i++)
    {
      const QwQuotaBonus *b = g_ptr_array_index (q->bonuses, i);

      if (g_str_equal (b->reason, reason) && g_str_equal (b->host, host))
        return b;
    }
  return NULL;
}

static void
test_bonus_honours (void)
{
  g_autoptr(GPtrArray) stops = region (10, 1000, 100);
  g_autoptr(QwQuota) q = NULL;
  const QwQuotaBonus *b;

  /* A 象棋之乡 holding two stops (the honour written on one row only) earns once;
   * a host that is both a base and a school earns each once. */
  g_ptr_array_add (stops, stop_new ("白花站", QW_LEVEL_PRELIMINARY, QW_HOST_TOWNSHIP, "白花镇象棋协会",
                                    "惠州市", "", "全国象棋之乡", 30));
  g_ptr_array_add (stops, stop_new ("白花二站", QW_LEVEL_PRELIMINARY, QW_HOST_TOWNSHIP, "白花镇象棋协会",
                                    "惠州市", "", "", 30));
  g_ptr_array_add (stops, stop_new ("棋校站", QW_LEVEL_PRELIMINARY, QW_HOST_CITY, "实验小学",
                                    "汕头市", "", "象棋基地、象棋特色学校", 25));
  /* An honour on an invalid stop earns nothing (bonus stops are valid only). */
  g_ptr_array_add (stops, stop_new ("小站", QW_LEVEL_PRELIMINARY, QW_HOST_CITY, "小协会",
                                    "汕头市", "", "象棋之乡", 19));
  /* The provincial final does not earn honours. */
  g_ptr_array_add (stops, stop_new ("决赛站", QW_LEVEL_PROVINCIAL_FINAL, QW_HOST_PROVINCE, "省之乡",
                                    "", "", "象棋之乡", 50));
  q = quota_for (stops);
  g_assert_cmpuint (q->bonuses->len, ==, 3);

  b = find_bonus (q, "chess-hometown", "白花镇象棋协会");
  g_assert_nonnull (b);
  g_assert_cmpint (b->places, ==, 2);
  g_assert_cmpstr (b->groups, ==, "any");
  g_assert_cmpuint (g_strv_length (b->stops), ==, 2);
  g_assert_nonnull (strstr (b->explanation, "白花镇象棋协会"));

  b = find_bonus (q, "chess-base", "实验小学");
  g_assert_nonnull (b);
  g_assert_cmpint (b->places, ==, 1);
  g_assert_cmpstr (b->groups, ==, "junior-or-child");
  b = find_bonus (q, "chess-school", "实验小学");
  g_assert_nonnull (b);
  g_assert_cmpint (b->places, ==, 1);
  g_assert_cmpstr (b->groups, ==, "junior-or-child");

  g_assert_null (find_bonus (q, "chess-hometown", "小协会"));
  g_assert_null (find_bonus (q, "chess-hometown", "省之乡"));
  g_assert_cmpint (q->bonus_places, ==, 4);
}

static void
add_stops (GPtrArray   *stops,
           const char  *prefix,
           int          n,
           QwHostLevel  level,
           const char  *prefecture,
           const char  *county_city,
           int          participants)
{
  for (int i = 0; i < n; i++)
    {
      g_autofree char *name = g_strdup_printf ("%s%d站", prefix, i + 1);
      g_autofree char *host = g_strdup_printf ("%s%d协会", prefix, i + 1);

      g_ptr_array_add (stops, stop_new (name, QW_LEVEL_PRELIMINARY, level, host, prefecture,
                                        county_city, "", participants));
    }
}

static void
test_bonus_four_stops (void)
{
  g_autoptr(GPtrArray) stops = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_stop_summary_free);
  g_autoptr(QwQuota) q = NULL;
  const QwQuotaBonus *b;

  /* 惠州市: four valid county-level stops → +1. */
  add_stops (stops, "惠东", 4, QW_HOST_COUNTY, "惠州市", "", 20);
  /* 汕头市: three valid county-level stops, one invalid, and township stops → nothing. */
  add_stops (stops, "潮阳", 3, QW_HOST_COUNTY, "汕头市", "", 30);
  add_stops (stops, "南澳", 1, QW_HOST_COUNTY, "汕头市", "", 19);
  add_stops (stops, "澄海镇", 3, QW_HOST_TOWNSHIP, "汕头市", "", 30);
  /* 普宁市 (county-level city): four valid township stops → +1; in a county
   * (no county-level city) the same earns nothing. */
  add_stops (stops, "普宁镇", 4, QW_HOST_TOWNSHIP, "揭阳市", "普宁市", 25);
  add_stops (stops, "揭西镇", 4, QW_HOST_TOWNSHIP, "揭阳市", "", 25);
  /* 陆丰市: three valid township stops and one with 19 → nothing. */
  add_stops (stops, "陆丰镇", 3, QW_HOST_TOWNSHIP, "汕尾市", "陆丰市", 25);
  add_stops (stops, "碣石镇", 1, QW_HOST_TOWNSHIP, "汕尾市", "陆丰市", 19);
  q = quota_for (stops);

  g_assert_cmpuint (q->bonuses->len, ==, 2);
  b = find_bonus (q, "prefecture-4-county", "惠州市");
  g_assert_nonnull (b);
  g_assert_cmpint (b->places, ==, 1);
  g_assert_cmpstr (b->groups, ==, "any");
  g_assert_cmpuint (g_strv_length (b->stops), ==, 4);
  b = find_bonus (q, "county-city-4-township", "普宁市");
  g_assert_nonnull (b);
  g_assert_cmpint (b->places, ==, 1);
  g_assert_cmpstr (b->groups, ==, "any");
  g_assert_null (find_bonus (q, "prefecture-4-county", "汕头市"));
  g_assert_null (find_bonus (q, "county-city-4-township", "陆丰市"));
}

static void
test_bonus_four_stops_one_host (void)
{
  g_autoptr(GPtrArray) stops = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_stop_summary_free);
  g_autoptr(QwQuota) q = NULL;

  /* Eight county-level stops in one prefecture still earn one place: the
   * count is per prefecture, not per four stops. */
  add_stops (stops, "惠东", 8, QW_HOST_COUNTY, "惠州市", "", 20);
  q = quota_for (stops);
  g_assert_cmpuint (q->bonuses->len, ==, 1);
  g_assert_cmpint (q->bonus_places, ==, 1);
}

/* Stops CSV */

static QwStopsImport *
parse_csv (const char *text)
{
  g_autoptr(QwRuleset) r = qw_test_ruleset ();
  g_autoptr(GError) error = NULL;
  g_autoptr(QwCsv) csv = qw_csv_parse_data (text, strlen (text), &error);
  QwStopsImport *import;

  g_assert_no_error (error);
  import = qw_stops_csv_parse (r, csv, &error);
  g_assert_no_error (error);
  return import;
}

static void
test_csv_chinese (void)
{
  g_autoptr(QwStopsImport) import =
    parse_csv ("名称,类型,级别,承办单位,地级市,县级市,荣誉,参赛人数\n"
               "白花站,预选赛,乡级,白花镇象棋协会,惠州市,,象棋之乡;象棋基地,30\n"
               "\"普宁站, 一\",预选赛,县级,普宁协会,揭阳市,普宁市,,25人\n"
               ",,,,,,,\n"
               "广东省决赛,省决赛,,广东省象棋协会,,,,120\n");
  const QwStopSummary *s;

  g_assert_cmpuint (import->rejected->len, ==, 0);
  g_assert_cmpuint (import->stops->len, ==, 3);
  s = g_ptr_array_index (import->stops, 0);
  g_assert_cmpstr (s->name, ==, "白花站");
  g_assert_cmpint (s->level, ==, QW_LEVEL_PRELIMINARY);
  g_assert_cmpint (s->host_level, ==, QW_HOST_TOWNSHIP);
  g_assert_cmpstr (s->host, ==, "白花镇象棋协会");
  g_assert_cmpstr (s->prefecture, ==, "惠州市");
  g_assert_cmpstr (s->honours, ==, "象棋之乡、象棋基地");
  g_assert_cmpint (s->participants, ==, 30);
  s = g_ptr_array_index (import->stops, 1);
  g_assert_cmpstr (s->name, ==, "普宁站, 一");
  g_assert_cmpstr (s->county_city, ==, "普宁市");
  g_assert_cmpint (s->participants, ==, 25);
  s = g_ptr_array_index (import->stops, 2);
  g_assert_cmpint (s->level, ==, QW_LEVEL_PROVINCIAL_FINAL);
  g_assert_cmpint (s->host_level, ==, QW_HOST_UNKNOWN);
  g_assert_cmpint (s->participants, ==, 120);
}

static void
test_csv_english_gb18030 (void)
{
  g_autoptr(QwRuleset) r = qw_test_ruleset ();
  g_autoptr(GError) error = NULL;
  const char *utf8 = "participants,name,type,level,host,prefecture,county_city,honours\n"
                     "40,白花站,预选赛,乡级,白花镇象棋协会,惠州市,,全国象棋特色学校\n";
  g_autofree char *gb = g_convert (utf8, -1, "GB18030", "UTF-8", NULL, NULL, &error);
  g_autoptr(QwCsv) csv = NULL;
  g_autoptr(QwStopsImport) import = NULL;
  const QwStopSummary *s;

  g_assert_no_error (error);
  csv = qw_csv_parse_data (gb, strlen (gb), &error);
  g_assert_no_error (error);
  g_assert_cmpstr (csv->encoding, ==, "GB18030");
  import = qw_stops_csv_parse (r, csv, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (import->stops->len, ==, 1);
  s = g_ptr_array_index (import->stops, 0);
  g_assert_cmpstr (s->name, ==, "白花站");
  g_assert_cmpint (s->participants, ==, 40);
  g_assert_cmpstr (s->honours, ==, "全国象棋特色学校");
}

static void
test_csv_bad_rows (void)
{
  g_autoptr(QwStopsImport) import =
    parse_csv ("名称,类型,级别,承办单位,地级市,县级市,荣誉,参赛人数\n"
               "好站,预选赛,县级,甲协会,甲市,,,30\n"
               "坏类型,决赛吧,县级,乙协会,甲市,,,30\n"
               "缺级别,预选赛,,丙协会,甲市,,,30\n"
               "错人数,预选赛,县级,丁协会,甲市,,,三十\n"
               "错荣誉,预选赛,县级,戊协会,甲市,,象棋之王,30\n"
               "好站,预选赛,县级,己协会,甲市,,,30\n"
               "决赛一,省决赛,,省协会,,,,80\n"
               "决赛二,省决赛,,省协会,,,,80\n"
               ",预选赛,县级,庚协会,甲市,,,30\n"
               "缺承办,预选赛,县级,,甲市,,,30\n");
  g_autoptr(GError) error = NULL;
  static const struct { int row; const char *needle; } expected[] = {
    { 2, "决赛吧" }, { 3, "级别" }, { 4, "三十" }, { 5, "象棋之王" }, { 6, "row 1" },
    { 8, "provincial final" }, { 9, "名称" }, { 10, "承办单位" },
  };

  g_assert_cmpuint (import->stops->len, ==, 2);
  g_assert_cmpuint (import->rejected->len, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      const QwRowError *e = g_ptr_array_index (import->rejected, i);
      g_autofree char *prefix = g_strdup_printf ("Row %d ", expected[i].row);

      g_assert_cmpint (e->row, ==, expected[i].row);
      g_assert_true (g_str_has_prefix (e->message, prefix));
      if (strstr (e->message, expected[i].needle) == NULL)
        g_error ("row %d: “%s” does not mention “%s”", e->row, e->message, expected[i].needle);
    }
  /* Nothing is usable when a row is bad. */
  g_assert_false (qw_stops_import_check (import, "stops.csv", &error));
  g_assert_error (error, QW_ERROR, QW_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "8 bad rows"));
}

static void
test_csv_bad_header (void)
{
  g_autoptr(QwRuleset) r = qw_test_ruleset ();
  static const char *texts[] = {
    "名称,类型,级别,承办单位,地级市,县级市,荣誉\n白花站,预选赛,乡级,甲,,,\n",
    "名称,类型,级别,承办单位,地级市,县级市,荣誉,参赛人数,备注\n",
    "名称,名称,类型,级别,承办单位,参赛人数\n",
  };
  static const char *needles[] = { "参赛人数", "备注", "twice" };

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(QwCsv) csv = qw_csv_parse_data (texts[i], strlen (texts[i]), &error);
      g_autoptr(QwStopsImport) import = NULL;

      g_assert_no_error (error);
      import = qw_stops_csv_parse (r, csv, &error);
      g_assert_null (import);
      g_assert_error (error, QW_ERROR, QW_ERROR_INVALID);
      g_assert_nonnull (strstr (error->message, needles[i]));
    }
}

static void
test_csv_round_trip (void)
{
  g_autoptr(QwStopsImport) first =
    parse_csv ("名称,类型,级别,承办单位,地级市,县级市,荣誉,参赛人数\n"
               "白花站,预选赛,乡级,\"白花镇\"\"象棋\"\"协会\",惠州市,,象棋之乡、象棋基地,30\n"
               "广东省决赛,省决赛,,广东省象棋协会,,,,120\n");
  g_autofree char *text = qw_stops_to_csv (first->stops);
  g_autoptr(QwStopsImport) second = parse_csv (text);

  g_assert_cmpuint (second->rejected->len, ==, 0);
  g_assert_cmpuint (second->stops->len, ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      const QwStopSummary *a = g_ptr_array_index (first->stops, i);
      const QwStopSummary *b = g_ptr_array_index (second->stops, i);

      g_assert_cmpstr (a->name, ==, b->name);
      g_assert_cmpstr (a->host, ==, b->host);
      g_assert_cmpstr (a->honours, ==, b->honours);
      g_assert_cmpint (a->level, ==, b->level);
      g_assert_cmpint (a->host_level, ==, b->host_level);
      g_assert_cmpint (a->participants, ==, b->participants);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/quota/valid-stop-threshold", test_valid_stop_threshold);
  g_test_add_func ("/quota/tiers-with-final", test_tier_boundaries_with_final);
  g_test_add_func ("/quota/tiers-without-final", test_tier_boundaries_without_final);
  g_test_add_func ("/quota/final-participants", test_final_participants_count);
  g_test_add_func ("/quota/tier-lines", test_tier_lines);
  g_test_add_func ("/quota/bonus/honours", test_bonus_honours);
  g_test_add_func ("/quota/bonus/four-stops", test_bonus_four_stops);
  g_test_add_func ("/quota/bonus/four-stops-once", test_bonus_four_stops_one_host);
  g_test_add_func ("/stops-csv/chinese", test_csv_chinese);
  g_test_add_func ("/stops-csv/english-gb18030", test_csv_english_gb18030);
  g_test_add_func ("/stops-csv/bad-rows", test_csv_bad_rows);
  g_test_add_func ("/stops-csv/bad-header", test_csv_bad_header);
  g_test_add_func ("/stops-csv/round-trip", test_csv_round_trip);

  return g_test_run ();
}
