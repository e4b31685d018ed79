/* test-entry.c: groups by date of birth and the problems of an entry
 *
 * The boundaries are those of seed 002 §五: 老年组 on or before 1960-12-31,
 * 公开组 1961-01-01 … 2004-12-31, 少年组 2005-01-01 … 2009-12-31, 儿童组 from
 * 2010-01-01; players aged 70 or more need an escort.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>
#include "qw-entry.h"
#include "qw-date.h"
#include "qw-entry-check.h"
#include "qw-idcard.h"
#include "qw-test.h"

static QwRuleset *ruleset;

static QwEntry *
entry_born (const char *birth,
            QwSex       sex)
{
  QwEntry *e = qw_entry_new ();

  e->name = g_strdup ("张三");
  e->birth = g_strdup (birth);
  e->sex = sex;
  return e;
}

static const char *
group_of (const char *birth,
          QwSex       sex)
{
  g_autoptr(QwEntry) e = entry_born (birth, sex);
  QwCheckOptions options = { qw_date_make (2021, 7, 1), FALSE };
  QwEntryCheck check;

  qw_entry_check (ruleset, e, &options, &check);
  return check.group != NULL ? check.group->code : NULL;
}

static void
test_group_boundaries (void)
{
  g_assert_cmpstr (group_of ("1960-12-31", QW_SEX_MALE), ==, "senior-m");
  g_assert_cmpstr (group_of ("1961-01-01", QW_SEX_MALE), ==, "open-m");
  g_assert_cmpstr (group_of ("2004-12-31", QW_SEX_FEMALE), ==, "open-f");
  g_assert_cmpstr (group_of ("2005-01-01", QW_SEX_FEMALE), ==, "junior-f");
  g_assert_cmpstr (group_of ("2009-12-31", QW_SEX_MALE), ==, "junior-m");
  g_assert_cmpstr (group_of ("2010-01-01", QW_SEX_MALE), ==, "child-m");
  g_assert_cmpstr (group_of ("1930-05-05", QW_SEX_FEMALE), ==, "senior-f");
  g_assert_cmpstr (group_of ("2016-05-05", QW_SEX_FEMALE), ==, "child-f");
  g_assert_null (group_of ("", QW_SEX_MALE));
  g_assert_null (group_of ("1990-01-01", QW_SEX_UNKNOWN));
}

static guint
problems_of (QwEntry    *e,
             const char *event_date)
{
  QwCheckOptions options = { QW_DATE_NONE, FALSE };
  QwEntryCheck check;

  qw_date_parse_iso (event_date, &options.event_date);
  qw_entry_check (ruleset, e, &options, &check);
  return check.problems;
}

static void
test_escort_threshold (void)
{
  g_autoptr(QwEntry) e = entry_born ("1951-07-01", QW_SEX_MALE);

  /* 70 on the event's first day: the birthday itself counts. */
  g_assert_false (problems_of (e, "2021-06-30") & QW_PROBLEM_BIT (QW_PROBLEM_NEEDS_ESCORT));
  g_assert_true (problems_of (e, "2021-07-01") & QW_PROBLEM_BIT (QW_PROBLEM_NEEDS_ESCORT));
  g_assert_true (problems_of (e, "2021-07-02") & QW_PROBLEM_BIT (QW_PROBLEM_NEEDS_ESCORT));
}

static char *
make_id (const char *first17)
{
  char *id = g_strndup (first17, 18);

  id = g_realloc (id, 19);
  id[17] = qw_idcard_check_digit (first17);
  id[18] = '\0';
  return id;
}

static void
test_id_number_wins (void)
{
  g_autoptr(QwEntry) e = entry_born ("1990-01-01", QW_SEX_FEMALE);
  QwCheckOptions options = { qw_date_make (2021, 7, 1), FALSE };
  QwEntryCheck check;

  /* The card says 2006-03-04, a boy: the group follows the card. */
  e->id_number = make_id ("44132320060304123");
  qw_entry_check (ruleset, e, &options, &check);
  g_assert_cmpstr (check.group->code, ==, "junior-m");
  g_assert_true (check.problems & QW_PROBLEM_BIT (QW_PROBLEM_ID_BIRTH_MISMATCH));
  g_assert_true (check.problems & QW_PROBLEM_BIT (QW_PROBLEM_ID_SEX_MISMATCH));
  g_assert_false (check.problems & QW_PROBLEM_BIT (QW_PROBLEM_MISSING_BIRTH));
}

static void
test_invalid_id_falls_back (void)
{
  g_autoptr(QwEntry) e = entry_born ("2006-03-04", QW_SEX_MALE);
  QwCheckOptions options = { qw_date_make (2021, 7, 1), FALSE };
  QwEntryCheck check;

  e->id_number = g_strdup ("441323200603041230");  /* wrong check digit */
  if (qw_idcard_is_valid (e->id_number))
    e->id_number[17] = '1';
  qw_entry_check (ruleset, e, &options, &check);
  g_assert_true (check.problems & QW_PROBLEM_BIT (QW_PROBLEM_ID_CHECKSUM));
  g_assert_cmpstr (check.group->code, ==, "junior-m");
  g_assert_false (check.problems & QW_PROBLEM_BIT (QW_PROBLEM_ID_BIRTH_MISMATCH));
}

static void
test_missing_and_bad (void)
{
  g_autoptr(QwEntry) e = entry_born ("1990-02-30", QW_SEX_MALE);
  guint p;

  g_clear_pointer (&e->name, g_free);
  p = problems_of (e, "2021-07-01");
  g_assert_true (p & QW_PROBLEM_BIT (QW_PROBLEM_MISSING_NAME));
  g_assert_true (p & QW_PROBLEM_BIT (QW_PROBLEM_BAD_BIRTH_DATE));
  g_assert_true (p & QW_PROBLEM_BIT (QW_PROBLEM_MISSING_BIRTH));

  g_free (e->birth);
  e->birth = g_strdup ("2999-01-01");
  p = problems_of (e, "2021-07-01");
  g_assert_true (p & QW_PROBLEM_BIT (QW_PROBLEM_BAD_BIRTH_DATE));
}

static void
test_titles (void)
{
  static const char *barred[] = { "国家大师", "象棋大师", "运动健将", "国际级运动健将", "特级大师", "女子大师" };
  static const char *allowed[] = { "", "棋协大师", "地方大师", "一级棋士", "二级运动员" };

  for (guint i = 0; i < G_N_ELEMENTS (barred); i++)
    g_assert_true (qw_ruleset_is_barred_title (ruleset, barred[i]));
  for (guint i = 0; i < G_N_ELEMENTS (allowed); i++)
    g_assert_false (qw_ruleset_is_barred_title (ruleset, allowed[i]));
}

static void
test_declared_group (void)
{
  g_autoptr(QwEntry) e = entry_born ("2004-12-31", QW_SEX_MALE);

  e->declared_group = g_strdup ("少年组");
  g_assert_true (problems_of (e, "2021-07-01") & QW_PROBLEM_BIT (QW_PROBLEM_GROUP_MISMATCH));
  g_free (e->declared_group);
  e->declared_group = g_strdup ("公开组");
  g_assert_false (problems_of (e, "2021-07-01") & QW_PROBLEM_BIT (QW_PROBLEM_GROUP_MISMATCH));
  g_free (e->declared_group);
  e->declared_group = g_strdup ("open-m");
  g_assert_false (problems_of (e, "2021-07-01") & QW_PROBLEM_BIT (QW_PROBLEM_GROUP_MISMATCH));
  /* Display and local groups are the player's choice. */
  g_free (e->declared_group);
  e->declared_group = g_strdup ("行业组");
  g_assert_false (problems_of (e, "2021-07-01") & QW_PROBLEM_BIT (QW_PROBLEM_GROUP_MISMATCH));
  g_free (e->declared_group);
  e->declared_group = g_strdup ("新人组");
  g_assert_false (problems_of (e, "2021-07-01") & QW_PROBLEM_BIT (QW_PROBLEM_GROUP_MISMATCH));
}

static void
test_duplicates (void)
{
  g_autoptr(GPtrArray) list = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_entry_free);
  QwCheckOptions options = { qw_date_make (2021, 7, 1), FALSE };
  QwEntryCheck checks[4];
  QwEntry *e;

  e = entry_born ("1949-12-31", QW_SEX_FEMALE);
  e->id_number = g_strdup ("11010519491231002X");
  g_ptr_array_add (list, e);
  e = entry_born ("", QW_SEX_UNKNOWN);
  e->id_number = g_strdup ("110105491231002");   /* the same card, old form */
  g_ptr_array_add (list, e);
  e = entry_born ("", QW_SEX_UNKNOWN);
  e->id_number = g_strdup ("11010519491231002x");
  g_ptr_array_add (list, e);
  e = entry_born ("1990-01-01", QW_SEX_MALE);
  g_ptr_array_add (list, e);

  qw_entry_check_all (ruleset, list, &options, checks);
  g_assert_false (checks[0].problems & QW_PROBLEM_BIT (QW_PROBLEM_DUPLICATE_ID));
  g_assert_true (checks[1].problems & QW_PROBLEM_BIT (QW_PROBLEM_DUPLICATE_ID));
  g_assert_true (checks[2].problems & QW_PROBLEM_BIT (QW_PROBLEM_DUPLICATE_ID));
  g_assert_false (checks[3].problems & QW_PROBLEM_BIT (QW_PROBLEM_DUPLICATE_ID));
}

/* A passport is only checked for being there, and the 2021 scheme does not
 * accept it (七(三)3: resident ID card or household register); a ruleset
 * open to any nationality (the 2022 rules, §九) does. */
static void
test_passport (void)
{
  g_autoptr(QwEntry) e = entry_born ("1985-03-03", QW_SEX_MALE);
  g_autofree char *dir = qw_test_make_tmp_dir ("qiwang-entry-XXXXXX");
  g_autoptr(QwRuleset) open_rules = qw_test_ruleset_variant (dir, "any-document", "<accept>resident</accept>",
                                                             "<accept>resident</accept><accept>other</accept>",
                                                             NULL);
  QwCheckOptions options = { qw_date_make (2021, 7, 1), FALSE };
  QwEntryCheck check;
  guint p;

  e->doc_kind = QW_DOC_OTHER;
  e->id_number = g_strdup ("E12345678");
  p = problems_of (e, "2021-07-01");
  g_assert_cmpuint (p, ==, QW_PROBLEM_BIT (QW_PROBLEM_DOCUMENT_NOT_ACCEPTED));
  qw_entry_check (open_rules, e, &options, &check);
  g_assert_cmpuint (check.problems, ==, 0);
  qw_test_remove_tree (dir);
}

/* Found on the second new-user walk (issue 19): an ID number typed in the
 * input method's full-width forms is the number (every face fills the entry
 * through qw_entry_fill_from_id()): stored in ASCII, valid, and it gives
 * the birth date and sex; a lower-case check character x is stored as the
 * standard's X (GB 11643), as it went into the results file. */
static void
test_full_width_id (void)
{
  g_autoptr(QwEntry) e = qw_entry_new ();

  e->name = g_strdup ("李明");
  e->id_number = g_strdup ("３２０５８３１９８５０１０１１１３８");
  g_assert_true (qw_entry_fill_from_id (e));
  g_assert_cmpstr (e->id_number, ==, "320583198501011138");
  g_assert_cmpstr (e->birth, ==, "1985-01-01");
  g_assert_cmpint (e->sex, ==, QW_SEX_MALE);
  g_free (e->id_number);
  e->id_number = g_strdup ("３２０５８３１９８７０３０５１０４ｘ");
  qw_entry_fill_from_id (e);
  g_assert_cmpstr (e->id_number, ==, "32058319870305104X");
  g_assert_true (qw_idcard_is_valid (e->id_number));
}

/* Names as lists type them (the second new-user walk of issue 19): the
 * spaces between Chinese characters go, a minority name's separator is
 * U+00B7 as on the ID card, a name in letters keeps its spaces; and a
 * re-import of the list as typed finds the entry unchanged. */
static void
test_tidy_names (void)
{
  const char *typed[] = { "欧阳 娜娜", "司马　光", "买买提•艾力", "阿依古丽 . 吐尔逊", "努尔・买买提",
                          "买买提·艾力", "John Smith", "张三 Li", "李明", "欧阳  娜娜 " };
  const char *stored[] = { "欧阳娜娜", "司马光", "买买提·艾力", "阿依古丽·吐尔逊", "努尔·买买提",
                           "买买提·艾力", "John Smith", "张三 Li", "李明", "欧阳娜娜 " };

  for (guint i = 0; i < G_N_ELEMENTS (typed); i++)
    {
      g_autoptr(QwEntry) e = qw_entry_new ();
      gboolean changed;

      e->name = g_strdup (typed[i]);
      changed = qw_entry_fill_from_id (e);
      g_assert_cmpstr (e->name, ==, stored[i]);
      g_assert_true (changed == (strcmp (typed[i], stored[i]) != 0));
      /* Tidy once, tidy for good. */
      g_assert_false (qw_entry_fill_from_id (e));
    }
}

static void
test_placement (void)
{
  g_autoptr(GPtrArray) list = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_entry_free);
  /* 公開組 and 行業組: a list in traditional characters (found on the second
   * new-user walk of issue 19, where 公開組 became a group of its own that
   * the pairing of 公开组男子 left out without a word). */
  const char *declared[] = { "", "行业组", "新人组", "少年组", "", "公開組", "行業組", "少年组", "" };
  const char *expected[] = { "open-m", "industry", "新人组", "open-m", "already", "open-m", "industry",
                             "junior-m", "" };

  for (guint i = 0; i < G_N_ELEMENTS (declared); i++)
    {
      /* The last two have a birth date nobody can read ("2008年3月", found on
       * the second walk): the declared group places the first (its gate then
       * shows the date missing); with none declared there is no group. */
      QwEntry *e = entry_born (i >= 7 ? "2008年3月" : "1990-01-01", QW_SEX_MALE);

      e->declared_group = g_strdup (declared[i]);
      g_ptr_array_add (list, e);
    }
  /* A group already set (by the arbiter, or by play) is left alone. */
  ((QwEntry *) list->pdata[4])->group_code = g_strdup ("already");
  qw_entries_place (ruleset, list, qw_date_make (2021, 7, 1));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    g_assert_cmpstr (((QwEntry *) list->pdata[i])->group_code, ==, expected[i]);
}

static void
test_codes (void)
{
  g_assert_cmpstr (qw_problem_code (QW_PROBLEM_ID_FORMAT), ==, "id-format");
  g_assert_cmpstr (qw_problem_code (QW_PROBLEM_NEEDS_ESCORT), ==, "needs-escort");
  g_assert_cmpstr (qw_problem_code (QW_PROBLEM_GROUP_MISMATCH), ==, "group-mismatch");
  for (int p = 0; p < QW_N_PROBLEMS; p++)
    {
      g_assert_nonnull (qw_problem_code ((QwProblem) p));
      g_assert_nonnull (qw_problem_message ((QwProblem) p));
    }
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GError) error = NULL;
  int rc;

  g_test_init (&argc, &argv, NULL);
  ruleset = qw_ruleset_lookup ("qiwang-2021", &error);
  g_assert_no_error (error);
  g_test_add_func ("/entry/group-boundaries", test_group_boundaries);
  g_test_add_func ("/entry/escort-threshold", test_escort_threshold);
  g_test_add_func ("/entry/id-number-wins", test_id_number_wins);
  g_test_add_func ("/entry/invalid-id-falls-back", test_invalid_id_falls_back);
  g_test_add_func ("/entry/missing-and-bad", test_missing_and_bad);
  g_test_add_func ("/entry/titles", test_titles);
  g_test_add_func ("/entry/declared-group", test_declared_group);
  g_test_add_func ("/entry/duplicates", test_duplicates);
  g_test_add_func ("/entry/passport", test_passport);
  g_test_add_func ("/entry/full-width-id", test_full_width_id);
  g_test_add_func ("/entry/placement", test_placement);
  g_test_add_func ("/entry/tidy-names", test_tidy_names);
  g_test_add_func ("/entry/codes", test_codes);
  rc = g_test_run ();
  qw_ruleset_unref (ruleset);
  return rc;
}
