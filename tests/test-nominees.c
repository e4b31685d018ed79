/* test-nominees.c: nominees from the provincial final and the quota, their
 * file, duplicates across regions in a national document, team results
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "qw-error.h"
#include "qw-nominees.h"
#include "qw-stops-csv.h"
#include "qw-team.h"
#include "qw-entry.h"
#include "qw-event.h"
#include "qw-test-region.h"
#include "qw-test.h"

static QwResultsGroup *
ranked_group (const char *code,
              const char *name,
              QwSex       sex,
              const char *birth,
              int         first_no,
              int         n)
{
  QwResultsGroup *group = qw_results_group_new (code);

  g_free (group->name);
  group->name = g_strdup (name);
  g_strfreev (group->tiebreak_codes);
  group->tiebreak_codes = g_strsplit ("opponents,progressive", ",", -1);
  g_strfreev (group->tiebreak_names);
  group->tiebreak_names = g_strsplit ("对手分,累进分", ",", -1);
  for (int i = 0; i < n; i++)
    {
      g_autofree char *player = g_strdup_printf ("%s%d", name, i + 1);

      g_ptr_array_add (group->players, fixture_player (first_no + i, player, sex, birth, code));
      fixture_standing (group, i + 1, first_no + i, n - i, 0, 0);
    }
  return group;
}

/* A provincial final: the fixture's open-m (7, two sharing first place) and
 * junior-f (2), plus senior-m (3), senior-f (2) and family (2). */
static QwResults *
final_results (void)
{
  QwResults *r = fixture_results ("2021年第六届全国象棋业余棋王赛广东赛区省决赛", "final-0001", "2021-10-20", 7);

  r->event->level = QW_LEVEL_PROVINCIAL_FINAL;
  g_ptr_array_add (r->groups, ranked_group ("senior-m", "老年组男子", QW_SEX_MALE, "1950-01-01", 300, 3));
  g_ptr_array_add (r->groups, ranked_group ("senior-f", "老年组女子", QW_SEX_FEMALE, "1952-02-02", 400, 2));
  g_ptr_array_add (r->groups, ranked_group ("family", "家庭双人组", QW_SEX_MALE, "1980-03-03", 500, 2));
  return r;
}

/* @n valid county-level preliminaries of @per players in their own
 * prefectures (the first hosted by a 象棋之乡), and the final if @final > 0. */
static QwQuota *
quota_for (const QwRuleset *rules,
           int              n,
           int              per,
           int              final)
{
  g_autoptr(GPtrArray) stops = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_stop_summary_free);

  for (int i = 0; i < n; i++)
    {
      QwStopSummary *s = qw_stop_summary_new ();

      s->name = g_strdup_printf ("第%d站", i + 1);
      s->level = QW_LEVEL_PRELIMINARY;
      s->host_level = QW_HOST_COUNTY;
      s->host = g_strdup_printf ("第%d协会", i + 1);
      s->prefecture = g_strdup_printf ("第%d市", i + 1);
      s->honours = g_strdup (i == 0 ? "象棋之乡" : "");
      s->participants = per;
      g_ptr_array_add (stops, s);
    }
  if (final > 0)
    {
      QwStopSummary *f = qw_stop_summary_new ();

      f->name = g_strdup ("省决赛");
      f->level = QW_LEVEL_PROVINCIAL_FINAL;
      f->participants = final;
      g_ptr_array_add (stops, f);
    }
  return qw_quota_compute (rules, stops);
}

static GPtrArray *
nominees_of (const QwNomineeList *list,
             const char          *line)
{
  GPtrArray *found = g_ptr_array_new ();

  for (guint i = 0; i < list->nominees->len; i++)
    {
      QwNominee *n = g_ptr_array_index (list->nominees, i);

      if (g_str_equal (n->line, line))
        g_ptr_array_add (found, n);
    }
  return found;
}

static void
assert_line (const QwNomineeList *list,
             const char          *line,
             const char          *names)
{
  g_autoptr(GPtrArray) found = nominees_of (list, line);
  g_autoptr(GString) got = g_string_new (NULL);

  for (guint i = 0; i < found->len; i++)
    {
      if (i > 0)
        g_string_append_c (got, ',');
      g_string_append (got, ((QwNominee *) g_ptr_array_index (found, i))->name);
    }
  g_assert_cmpstr (got->str, ==, names);
}

static void
test_select (void)
{
  g_autoptr(QwRuleset) rules = qw_test_ruleset ();
  g_autoptr(QwResults) final = final_results ();
  g_autoptr(QwQuota) quota = quota_for (rules, 10, 90, 100);
  g_autoptr(QwNomineeList) list = NULL;
  const QwNominee *first;

  g_assert_cmpstr (quota->tier, ==, "B");
  list = qw_nominees_select (rules, quota, final, "广东");
  g_assert_cmpstr (list->region, ==, "广东");
  g_assert_cmpstr (list->tier, ==, "B");
  g_assert_cmpint (list->leader, ==, 1);
  /* open-m 2: the two who share first place. */
  assert_line (list, "open-m", "王一,李一");
  /* senior 1: both firsts tie on place; the ruleset's order puts 老年组男子 first. */
  assert_line (list, "senior", "老年组男子1");
  /* junior 2: only 少年组女子 was played. */
  assert_line (list, "junior", "何小,林小");
  /* display 1–2: the family pair's first two places. */
  assert_line (list, "display", "家庭双人组1,家庭双人组2");
  assert_line (list, "open-f", "");
  assert_line (list, "child", "");
  /* The lines that the standings cannot fill are said. */
  g_assert_cmpuint (list->notes->len, ==, 2);
  /* The extra place travels as a place for its host. */
  g_assert_cmpuint (list->bonuses->len, ==, 1);
  g_assert_cmpstr (((QwQuotaBonus *) g_ptr_array_index (list->bonuses, 0))->reason, ==, "chess-hometown");

  first = g_ptr_array_index (list->nominees, 0);
  g_assert_cmpint (first->rank, ==, 1);
  g_assert_nonnull (strstr (first->reason, "公开组男子"));
  g_assert_nonnull (strstr (first->reason, "tier B"));
}

static void
test_select_skips_withdrawn (void)
{
  g_autoptr(QwRuleset) rules = qw_test_ruleset ();
  g_autoptr(QwResults) final = final_results ();
  g_autoptr(QwQuota) none = quota_for (rules, 15, 130, 0);
  g_autoptr(QwQuota) a = quota_for (rules, 15, 130, 100);
  g_autoptr(QwNomineeList) list = NULL;
  g_autoptr(QwNomineeList) list_a = NULL;
  QwResultsGroup *senior_m = g_ptr_array_index (final->groups, 3);
  QwEntry *champion = g_ptr_array_index (senior_m->players, 0);

  /* No final, no tier: nobody is nominated from the lines, and a note says why. */
  g_assert_null (none->tier);
  list = qw_nominees_select (rules, none, final, "广东");
  g_assert_cmpuint (list->nominees->len, ==, 0);
  g_assert_cmpuint (list->notes->len, ==, 1);

  /* Tier A: the withdrawn 老年组男子 champion is passed over (老年组 2 places). */
  champion->status = QW_STATUS_WITHDRAWN;
  g_assert_cmpstr (a->tier, ==, "A");
  list_a = qw_nominees_select (rules, a, final, "广东");
  assert_line (list_a, "senior", "老年组女子1,老年组男子2");
  assert_line (list_a, "open-m", "王一,李一,张一");
  assert_line (list_a, "family", "家庭双人组1,家庭双人组2");
  assert_line (list_a, "junior-f", "何小");
}

static QwNomineeList *
sample_list (const char *region,
             const char *shared_id)
{
  QwNomineeList *list = qw_nominee_list_new ();
  static const char *names[] = { "甲", "乙", "丙" };

  list->region = g_strdup (region);
  list->ruleset = g_strdup ("qiwang-2021");
  list->tier = g_strdup ("B");
  list->leader = 1;
  list->final_name = g_strdup_printf ("%s省决赛", region);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      QwNominee *n = qw_nominee_new ();

      n->region = g_strdup (region);
      n->line = g_strdup ("open-m");
      n->line_label = g_strdup ("公开组男子");
      n->group_code = g_strdup ("open-m");
      n->group_name = g_strdup ("公开组男子");
      n->rank = (int) i + 1;
      n->name = g_strdup_printf ("%s%s", region, names[i]);
      n->sex = QW_SEX_MALE;
      n->birth = g_strdup ("1990-01-01");
      n->id_number = i == 0 && shared_id != NULL
                     ? g_strdup (shared_id)
                     : fixture_id_number (g_str_hash (n->name), "1990-01-01", QW_SEX_MALE);
      n->unit = g_strdup ("某协会");
      n->reason = g_strdup ("place");
      g_ptr_array_add (list->nominees, n);
    }
  return list;
}

static QwNomineeList *
through_xml (const QwNomineeList *list)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *digest = NULL;
  g_autofree char *text = qw_nominees_to_xml (list, &digest, &error);
  QwNomineeList *read;

  g_assert_no_error (error);
  read = qw_nominees_read_memory (text, strlen (text), "nominees.xml", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (read->digest, ==, digest);
  return read;
}

static void
test_file (void)
{
  g_autoptr(QwNomineeList) list = sample_list ("广东", NULL);
  g_autoptr(QwNomineeList) read = through_xml (list);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = qw_nominees_to_xml (list, NULL, &error);
  g_autoptr(GString) edited = g_string_new (text);
  g_autoptr(QwNomineeList) bad = NULL;
  g_autofree char *masked_csv = qw_nominees_to_csv (list, TRUE);
  g_autofree char *private_csv = qw_nominees_to_csv (list, FALSE);
  const QwNominee *n = g_ptr_array_index (list->nominees, 0);

  g_assert_cmpstr (read->region, ==, "广东");
  g_assert_cmpstr (read->tier, ==, "B");
  g_assert_cmpuint (read->nominees->len, ==, 3);
  for (guint i = 0; i < 3; i++)
    {
      const QwNominee *a = g_ptr_array_index (list->nominees, i);
      const QwNominee *b = g_ptr_array_index (read->nominees, i);

      g_assert_cmpstr (a->name, ==, b->name);
      g_assert_cmpstr (a->id_number, ==, b->id_number);
      g_assert_cmpstr (a->group_code, ==, b->group_code);
      g_assert_cmpint (a->rank, ==, b->rank);
      g_assert_cmpstr (a->reason, ==, b->reason);
    }
  /* A name changed after the export is found out. */
  g_string_replace (edited, "广东乙", "广西乙", 1);
  bad = qw_nominees_read_memory (edited->str, edited->len, "edited.xml", &error);
  g_assert_null (bad);
  g_assert_error (error, QW_ERROR, QW_ERROR_CORRUPT);

  g_assert_null (strstr (masked_csv, n->id_number));
  g_assert_nonnull (strstr (private_csv, n->id_number));
}

static void
test_national_duplicates (void)
{
  g_autofree char *dir = fixture_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "national.qiwang", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) national = qw_document_create (path, QW_DOCUMENT_NATIONAL, &error);
  g_autoptr(QwDocument) region = fixture_region (dir, "广东");
  g_autofree char *shared = fixture_id_number (77, "1988-08-08", QW_SEX_MALE);
  g_autofree char *shared_lower = g_ascii_strdown (shared, -1);
  g_autoptr(QwNomineeList) gd_sent = sample_list ("广东", shared);
  g_autoptr(QwNomineeList) gx_sent = sample_list ("广西", shared_lower);
  g_autoptr(QwNomineeList) gd_fixed_sent = sample_list ("广东", NULL);
  g_autoptr(QwNomineeList) gd = through_xml (gd_sent);
  g_autoptr(QwNomineeList) gx = through_xml (gx_sent);
  g_autoptr(QwNomineeList) gd_fixed = through_xml (gd_fixed_sent);
  g_autoptr(GPtrArray) duplicates = NULL;
  g_autoptr(GPtrArray) all = NULL;
  const QwNomineeDuplicate *d;
  int replaced = -1;

  g_assert_no_error (error);
  g_assert_true (qw_national_import_nominees (national, gd, &replaced, &error));
  g_assert_cmpint (replaced, ==, 0);
  g_assert_true (qw_national_import_nominees (national, gx, &replaced, &error));
  g_assert_no_error (error);
  duplicates = qw_national_nominee_duplicates (national, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (duplicates->len, ==, 1);
  d = g_ptr_array_index (duplicates, 0);
  g_assert_cmpstr (d->id_number, ==, shared);
  g_assert_cmpuint (g_strv_length (d->regions), ==, 2);
  g_assert_cmpstr (d->regions[0], ==, "广东");
  g_assert_cmpstr (d->regions[1], ==, "广西");
  g_assert_null (strstr (d->message, shared));

  /* The same region again replaces its list: no duplicate within a region. */
  g_assert_true (qw_national_import_nominees (national, gd, &replaced, &error));
  g_assert_cmpint (replaced, ==, 3);
  all = qw_document_list_nominees (national, &error);
  g_assert_cmpuint (all->len, ==, 6);
  /* 广东 sends a corrected list: the duplicate is gone. */
  g_assert_true (qw_national_import_nominees (national, gd_fixed, &replaced, &error));
  g_clear_pointer (&duplicates, g_ptr_array_unref);
  duplicates = qw_national_nominee_duplicates (national, &error);
  g_assert_cmpuint (duplicates->len, ==, 0);

  /* A region document does not collect nominees. */
  g_assert_false (qw_national_import_nominees (region, gd, NULL, &error));
  g_assert_error (error, QW_ERROR, QW_ERROR_INVALID);
  g_clear_object (&national);
  g_clear_object (&region);
  fixture_rmdir (dir);
}

static void
test_region_nominees (void)
{
  g_autofree char *dir = fixture_tmpdir ();
  g_autofree char *xml = g_build_filename (dir, "final.xml", NULL);
  g_autoptr(QwDocument) doc = fixture_region (dir, "广东");
  g_autoptr(QwResults) final = final_results ();
  g_autoptr(QwResults) read = NULL;
  g_autoptr(QwNomineeList) list = NULL;
  g_autoptr(QwStopsImport) import = NULL;
  g_autoptr(QwCsv) csv = NULL;
  g_autoptr(QwRuleset) rules = qw_test_ruleset ();
  g_autoptr(GError) error = NULL;
  GString *text = g_string_new ("名称,类型,级别,承办单位,地级市,县级市,荣誉,参赛人数\n");

  for (int i = 0; i < 10; i++)
    g_string_append_printf (text, "第%d站,预选赛,县级,第%d协会,第%d市,,,99\n", i + 1, i + 1, i + 1);
  csv = qw_csv_parse_data (text->str, text->len, &error);
  g_string_free (text, TRUE);
  import = qw_stops_csv_parse (rules, csv, &error);
  g_assert_no_error (error);

  /* No final yet: a clear message. */
  list = qw_region_nominees (doc, &error);
  g_assert_null (list);
  g_assert_error (error, QW_ERROR, QW_ERROR_NOT_FOUND);
  g_clear_error (&error);

  g_assert_true (qw_region_import_stops (doc, import->stops, NULL, NULL, &error));
  qw_results_write_file (final, xml, FALSE, &error);
  g_assert_no_error (error);
  read = qw_results_read_file (xml, &error);
  g_assert_no_error (error);
  g_assert_true (qw_region_import_results (doc, read, NULL, NULL, &error));
  g_assert_no_error (error);
  /* 990 + the final's 17 players = 1007: tier B. */
  list = qw_region_nominees (doc, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (list->tier, ==, "B");
  g_assert_cmpstr (list->region, ==, "广东");
  assert_line (list, "open-m", "王一,李一");
  assert_line (list, "senior", "老年组男子1");
  g_clear_object (&doc);
  fixture_rmdir (dir);
}

/* Issue 19 point 18: below every tier (seed 002 七(五) 不足B类) the association
 * decides the number of places (`region --decided-places N`); they are
 * nominated like a tier's, along tier B's lines in order (the reading stated
 * in qiwang-2021.xml, <otherwise decided-lines="B">). */
static void
test_region_below_tier (void)
{
  g_autofree char *dir = fixture_tmpdir ();
  g_autofree char *xml = g_build_filename (dir, "final.xml", NULL);
  g_autoptr(QwDocument) doc = fixture_region (dir, "广东");
  g_autoptr(QwResults) final = final_results ();
  g_autoptr(QwResults) read = NULL;
  g_autoptr(QwNomineeList) list = NULL;
  g_autoptr(QwStopsImport) import = NULL;
  g_autoptr(QwCsv) csv = NULL;
  g_autoptr(QwRuleset) rules = qw_test_ruleset ();
  g_autoptr(GError) error = NULL;
  GString *text = g_string_new ("名称,类型,级别,承办单位,地级市,县级市,荣誉,参赛人数\n");

  for (int i = 0; i < 3; i++)
    g_string_append_printf (text, "第%d站,预选赛,县级,第%d协会,第%d市,,,30\n", i + 1, i + 1, i + 1);
  csv = qw_csv_parse_data (text->str, text->len, &error);
  g_string_free (text, TRUE);
  import = qw_stops_csv_parse (rules, csv, &error);
  g_assert_no_error (error);
  g_assert_true (qw_region_import_stops (doc, import->stops, NULL, NULL, &error));
  qw_results_write_file (final, xml, FALSE, &error);
  g_assert_no_error (error);
  read = qw_results_read_file (xml, &error);
  g_assert_no_error (error);
  g_assert_true (qw_region_import_results (doc, read, NULL, NULL, &error));

  /* Nothing decided yet: no tier, nobody. */
  list = qw_region_nominees (doc, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (list->tier, ==, "");
  g_assert_cmpuint (list->nominees->len, ==, 0);
  g_clear_pointer (&list, qw_nominee_list_free);

  /* 2 places: tier B's first line, 公开组男子 (2). */
  g_assert_true (qw_region_set_decided_places (doc, 2, &error));
  list = qw_region_nominees (doc, &error);
  g_assert_no_error (error);
  assert_line (list, "open-m", "王一,李一");
  g_assert_cmpuint (list->nominees->len, ==, 2);
  g_clear_pointer (&list, qw_nominee_list_free);

  /* 4: 公开组男子 2, 公开组女子 1 (the final has none: a note), 老年组 1. */
  g_assert_true (qw_region_set_decided_places (doc, 4, &error));
  list = qw_region_nominees (doc, &error);
  g_assert_no_error (error);
  assert_line (list, "open-m", "王一,李一");
  assert_line (list, "open-f", "");
  assert_line (list, "senior", "老年组男子1");
  g_clear_object (&doc);
  fixture_rmdir (dir);
}

/* Team results */

static void
add_team (GPtrArray  *members,
          const char *team,
          const int  *places,
          guint       n)
{
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = g_strdup_printf ("%s%u", team, i + 1);

      g_ptr_array_add (members, qw_team_member_new (team, name, "open-m", places[i]));
    }
}

static const QwTeamResult *
team (GPtrArray  *results,
      const char *name)
{
  for (guint i = 0; i < results->len; i++)
    if (g_str_equal (((QwTeamResult *) g_ptr_array_index (results, i))->team, name))
      return g_ptr_array_index (results, i);
  g_assert_not_reached ();
  return NULL;
}

static void
test_team_ties (void)
{
  g_autoptr(GPtrArray) members = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_team_member_free);
  g_autoptr(GPtrArray) results = NULL;
  /* Nine players: the two worst (50, 60) do not count. Sum 28. */
  static const int a[] = { 60, 2, 3, 4, 5, 6, 50, 1, 7 };
  /* Sum 28 too, best place 1 as well, second best 3 (A's is 2). */
  static const int b[] = { 1, 3, 4, 4, 5, 5, 6 };
  /* Sum 28, best place 2: after A and B. */
  static const int c[] = { 2, 2, 3, 4, 5, 6, 6 };
  /* Exactly C's places: shares C's rank. */
  static const int d[] = { 6, 6, 5, 4, 3, 2, 2 };
  /* A smaller sum than anyone, but only five players: after every full team. */
  static const int e[] = { 1, 1, 1, 2, 2 };
  /* Sum 27: first. */
  static const int f[] = { 1, 2, 3, 4, 5, 6, 6 };

  add_team (members, "A", a, G_N_ELEMENTS (a));
  add_team (members, "B", b, G_N_ELEMENTS (b));
  add_team (members, "C", c, G_N_ELEMENTS (c));
  add_team (members, "D", d, G_N_ELEMENTS (d));
  add_team (members, "E", e, G_N_ELEMENTS (e));
  add_team (members, "F", f, G_N_ELEMENTS (f));
  results = qw_team_results (members, 7);

  g_assert_cmpuint (results->len, ==, 6);
  g_assert_cmpstr (((QwTeamResult *) g_ptr_array_index (results, 0))->team, ==, "F");
  g_assert_cmpint (team (results, "F")->total, ==, 27);
  g_assert_cmpint (team (results, "A")->total, ==, 28);
  g_assert_cmpint (team (results, "A")->counted, ==, 7);
  g_assert_cmpint (team (results, "A")->members, ==, 9);
  g_assert_cmpint (g_array_index (team (results, "A")->places, int, 6), ==, 7);
  g_assert_cmpint (team (results, "F")->rank, ==, 1);
  g_assert_cmpint (team (results, "A")->rank, ==, 2);
  g_assert_cmpint (team (results, "B")->rank, ==, 3);
  g_assert_cmpint (team (results, "C")->rank, ==, 4);
  g_assert_cmpint (team (results, "D")->rank, ==, 4);
  g_assert_cmpint (team (results, "E")->rank, ==, 6);
  g_assert_cmpint (team (results, "E")->total, ==, 7);
}

static void
test_team_formal_groups (void)
{
  g_autoptr(QwRuleset) rules = qw_test_ruleset ();
  g_autoptr(QwResults) final = final_results ();
  g_autoptr(GPtrArray) members = qw_team_members_from_results (rules, final, QW_TEAM_BY_UNIT);

  /* open-m 7, junior-f 2, senior-m 3, senior-f 2; the family pair (display) does not count. */
  g_assert_cmpuint (members->len, ==, 7 + 2 + 3 + 2);
  for (guint i = 0; i < members->len; i++)
    g_assert_cmpstr (((QwTeamMember *) g_ptr_array_index (members, i))->group_code, !=, "family");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/nominees/select", test_select);
  g_test_add_func ("/nominees/select-withdrawn", test_select_skips_withdrawn);
  g_test_add_func ("/nominees/file", test_file);
  g_test_add_func ("/nominees/national-duplicates", test_national_duplicates);
  g_test_add_func ("/nominees/region", test_region_nominees);
  g_test_add_func ("/nominees/region-below-tier", test_region_below_tier);
  g_test_add_func ("/team/ties", test_team_ties);
  g_test_add_func ("/team/formal-groups", test_team_formal_groups);

  return g_test_run ();
}
