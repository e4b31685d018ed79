/* test-final.c: the 2022 final in the core (issue 12)
 *
 * Entrants of two stored, checked and imported; the junior event's checks;
 * the 2021 家庭双人组 with the same entrant; the rankings, teams and prize
 * list of 十四 on standings made here, with the settings of the ruleset
 * (women-both, shared places, two junior groups); the exports and the
 * printout; schema step 8.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gstdio.h>
#include <sqlite3.h>
#include <string.h>

#include "qw-document-entries.h"
#include "qw-entry-check.h"
#include "qw-entry-import.h"
#include "qw-error.h"
#include "qw-final.h"
#include "qw-history.h"
#include "qw-idcard.h"
#include "qw-play.h"
#include "qw-print.h"
#include "qw-registration.h"
#include "qw-ruleset-championship.h"
#include "qw-schema.sql.h"
#include "qw-standings.h"
#include "qw-test.h"
#include "qw-test-people.h"
#include "qw-xlsx.h"

static char *tmp_dir;

/* People */

static QwEntry *
person (const char *name,
        QwSex       sex,
        const char *birth,
        const char *province,
        const char *account)
{
  QwEntry *e = qw_entry_new ();

  e->name = g_strdup (name);
  e->sex = sex;
  e->birth = g_strdup (birth);
  e->id_number = province != NULL ? qw_test_person_id_number (province, birth, sex) : g_strdup ("");
  e->unit = g_strdup ("绍兴棋协");
  e->account = g_strdup (account != NULL ? account : "");
  return e;
}

static QwEntry *
pair_of (QwEntry    *a,
         QwEntry    *b,
         const char *group,
         const char *relation)
{
  QwEntry *e = qw_entry_new ();

  qw_entry_add_member (e, a);
  qw_entry_add_member (e, b);
  e->relation = g_strdup (relation);
  e->group_code = g_strdup (group);
  qw_entry_pair_sync (e);
  return e;
}

static QwEntry *
single (QwEntry    *p,
        const char *group)
{
  g_free (p->group_code);
  p->group_code = g_strdup (group);
  return p;
}

/* qiwang-2022 as @id, with each @edits[2k] replaced (once) by @edits[2k + 1]. */
static QwRuleset *
variant_2022 (const char         *id,
              const char * const *edits)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *source = g_build_filename (g_getenv ("QIWANG_DATA_DIR"), "rulesets", "qiwang-2022.xml", NULL);
  g_autofree char *text = NULL;
  g_autofree char *file = g_strconcat (id, ".xml", NULL);
  g_autofree char *path = g_build_filename (tmp_dir, file, NULL);
  g_autofree char *own = g_strdup_printf ("id=\"%s\"", id);
  g_autoptr(GString) changed = NULL;
  QwRuleset *r;

  g_assert_true (g_file_get_contents (source, &text, NULL, &error));
  changed = g_string_new (text);
  for (guint i = 0; edits[i] != NULL; i += 2)
    g_assert_cmpuint (g_string_replace (changed, edits[i], edits[i + 1], 1), ==, 1);
  g_assert_cmpuint (g_string_replace (changed, "id=\"qiwang-2022\"", own, 1), ==, 1);
  g_assert_true (g_file_set_contents (path, changed->str, -1, &error));
  r = qw_ruleset_load_file (path, &error);
  g_assert_no_error (error);
  return r;
}

static guint
problems_of (const QwRuleset *ruleset,
             GPtrArray       *entries,
             guint            i)
{
  g_autofree QwEntryCheck *checks = g_new0 (QwEntryCheck, entries->len);
  QwCheckOptions options = { qw_date_make (2022, 11, 25), FALSE };

  qw_entry_check_all (ruleset, entries, &options, checks);
  return checks[i].problems;
}

#define HAS(problems, p) (((problems) & QW_PROBLEM_BIT (p)) != 0)

/* Pair entries: stored, read back, edited, undone */

static void
test_pair_store (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (tmp_dir, "pairs.qiwang", NULL);
  g_autoptr(QwDocument) doc = qw_document_create (path, QW_DOCUMENT_STOP, &error);
  g_autoptr(QwEvent) event = qw_event_new ();
  g_autoptr(QwRuleset) ruleset = qw_test_ruleset_2022 ();
  g_autoptr(QwEntry) pair = NULL;
  g_autoptr(QwEntry) read = NULL;
  g_autoptr(GPtrArray) list = NULL;
  QwHistory *history;

  g_assert_no_error (error);
  g_free (event->ruleset);
  event->ruleset = g_strdup ("qiwang-2022");
  event->name = g_strdup ("2022年全国业余象棋棋王争霸赛总决赛");
  event->start_date = qw_date_make (2022, 11, 25);
  event->level = QW_LEVEL_NATIONAL_FINAL;
  g_assert_true (qw_document_add_event (doc, event, &error));
  qw_document_enable_history (doc);
  history = qw_document_get_history (doc);

  pair = pair_of (person ("赵六", QW_SEX_FEMALE, "1980-04-04", "11", "zl"),
                  person ("赵小六", QW_SEX_MALE, "2012-05-05", "11", NULL), NULL, "母子");
  g_free (pair->declared_group);
  pair->declared_group = g_strdup ("亲子");
  g_assert_true (qw_registration_add_entry (doc, ruleset, event, pair, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (pair->group_code, ==, "parent-child");

  read = qw_document_get_entry (doc, pair->id, &error);
  g_assert_no_error (error);
  g_assert_true (qw_entry_equal (read, pair));
  g_assert_cmpstr (read->name, ==, "赵六 / 赵小六");
  g_assert_cmpint (read->sex, ==, QW_SEX_UNKNOWN);
  g_assert_cmpstr (read->unit, ==, "绍兴棋协");
  g_assert_cmpstr (read->relation, ==, "母子");
  g_assert_cmpuint (read->members->len, ==, 2);
  g_assert_cmpstr (qw_entry_member (read, 0)->account, ==, "zl");
  g_assert_cmpint (qw_entry_member (read, 1)->sex, ==, QW_SEX_MALE);
  g_assert_cmpstr (qw_entry_member (read, 1)->birth, ==, "2012-05-05");

  /* Editing a member renames the pair; undo brings the members back. */
  g_free (qw_entry_member (read, 1)->name);
  qw_entry_member (read, 1)->name = g_strdup ("赵晓六");
  g_assert_true (qw_registration_update_entry (doc, ruleset, event, read, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (read->name, ==, "赵六 / 赵晓六");
  list = qw_document_list_entries (doc, event->id, &error);
  g_assert_cmpstr (((QwEntry *) list->pdata[0])->name, ==, "赵六 / 赵晓六");
  g_assert_cmpstr (qw_entry_member (list->pdata[0], 1)->name, ==, "赵晓六");
  g_clear_pointer (&list, g_ptr_array_unref);
  g_assert_true (qw_history_undo (history, NULL, &error));
  g_assert_no_error (error);
  list = qw_document_list_entries (doc, event->id, &error);
  g_assert_cmpstr (((QwEntry *) list->pdata[0])->name, ==, "赵六 / 赵小六");
  g_assert_cmpstr (qw_entry_member (list->pdata[0], 1)->name, ==, "赵小六");
  g_clear_pointer (&list, g_ptr_array_unref);

  /* Deleting the entry takes its members; undoing the deletion restores them. */
  list = qw_document_list_entries (doc, event->id, &error);
  g_assert_true (qw_registration_delete_entries (doc, list, &error));
  g_clear_pointer (&list, g_ptr_array_unref);
  g_assert_null (qw_document_get_entry (doc, pair->id, NULL));
  g_assert_true (qw_history_undo (history, NULL, &error));
  g_clear_object (&doc);

  /* And all of it survives closing the document. */
  doc = qw_document_open (path, &error);
  g_assert_no_error (error);
  list = qw_document_list_entries (doc, event->id, &error);
  g_assert_cmpuint (list->len, ==, 1);
  g_assert_cmpuint (((QwEntry *) list->pdata[0])->members->len, ==, 2);
  g_assert_cmpstr (qw_entry_member (list->pdata[0], 0)->id_number, ==, qw_entry_member (pair, 0)->id_number);
}

/* The pair events' rules */

static void
test_pair_checks (void)
{
  g_autoptr(QwRuleset) r = qw_test_ruleset_2022 ();
  g_autoptr(GPtrArray) e = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_entry_free);
  QwEntry *shared_member;

  /* 0: good men's pair; 1: a man and a woman in the men's pairs; 2: two men in the mixed
   * pairs; 3: one account only in the men's pairs; 4: parent and child without a
   * relationship; 5: "同事" is none; 6: a child of 3; 7: an elder of 66; 8: nobody online
   * in parent-child; 9: one player in a pair event; 10: a pair in the individual field;
   * 11: a member's ID number with a wrong check digit; 12: 外婆 and grandson, fine. */
  g_ptr_array_add (e, pair_of (person ("甲", QW_SEX_MALE, "1990-01-01", "33", "a"),
                               person ("乙", QW_SEX_MALE, "1991-01-01", "33", "b"), "doubles-m", NULL));
  g_ptr_array_add (e, pair_of (person ("丙", QW_SEX_MALE, "1990-02-01", "33", "c"),
                               person ("丁", QW_SEX_FEMALE, "1991-02-01", "33", "d"), "doubles-m", NULL));
  g_ptr_array_add (e, pair_of (person ("戊", QW_SEX_MALE, "1990-03-01", "33", "e"),
                               person ("己", QW_SEX_MALE, "1991-03-01", "33", "f"), "doubles-x", NULL));
  g_ptr_array_add (e, pair_of (person ("庚", QW_SEX_MALE, "1990-04-01", "33", "g"),
                               person ("辛", QW_SEX_MALE, "1991-04-01", "33", NULL), "doubles-m", NULL));
  g_ptr_array_add (e, pair_of (person ("父1", QW_SEX_MALE, "1980-01-01", "44", "p1"),
                               person ("子1", QW_SEX_MALE, "2010-01-01", "44", NULL), "parent-child", ""));
  g_ptr_array_add (e, pair_of (person ("父2", QW_SEX_MALE, "1980-01-02", "44", "p2"),
                               person ("子2", QW_SEX_MALE, "2010-01-02", "44", NULL), "parent-child", "同事"));
  g_ptr_array_add (e, pair_of (person ("母3", QW_SEX_FEMALE, "1985-01-03", "44", "p3"),
                               person ("女3", QW_SEX_FEMALE, "2019-01-03", "44", NULL), "parent-child", "母女"));
  g_ptr_array_add (e, pair_of (person ("爷4", QW_SEX_MALE, "1956-11-24", "44", "p4"),
                               person ("孙4", QW_SEX_MALE, "2012-01-04", "44", NULL), "parent-child", "爷孙"));
  g_ptr_array_add (e, pair_of (person ("父5", QW_SEX_MALE, "1980-01-05", "44", NULL),
                               person ("子5", QW_SEX_MALE, "2010-01-05", "44", NULL), "parent-child", "父子"));
  g_ptr_array_add (e, single (person ("单人", QW_SEX_MALE, "1990-01-06", "33", "s"), "doubles-m"));
  g_ptr_array_add (e, pair_of (person ("个1", QW_SEX_MALE, "1990-01-07", "33", "i1"),
                               person ("个2", QW_SEX_MALE, "1991-01-07", "33", "i2"), "individual", NULL));
  g_ptr_array_add (e, pair_of (person ("错号", QW_SEX_MALE, "1990-01-08", "33", "x1"),
                               person ("对号", QW_SEX_MALE, "1991-01-08", "33", "x2"), "doubles-m", NULL));
  ((QwEntry *) qw_entry_member (e->pdata[11], 0))->id_number[17] =
    qw_entry_member (e->pdata[11], 0)->id_number[17] == '1' ? '2' : '1';
  g_ptr_array_add (e, pair_of (person ("外婆", QW_SEX_FEMALE, "1957-11-25", "44", "w"),
                               person ("外孙", QW_SEX_MALE, "2018-11-25", "44", NULL), "parent-child", "外婆外孙"));

  g_assert_cmpuint (problems_of (r, e, 0) & ~QW_PROBLEM_BIT (QW_PROBLEM_PAIRS_TOO_FEW), ==, 0);
  g_assert_true (HAS (problems_of (r, e, 0), QW_PROBLEM_PAIRS_TOO_FEW));
  g_assert_true (HAS (problems_of (r, e, 1), QW_PROBLEM_PAIR_MAKE_UP));
  g_assert_true (HAS (problems_of (r, e, 2), QW_PROBLEM_PAIR_MAKE_UP));
  g_assert_true (HAS (problems_of (r, e, 3), QW_PROBLEM_PAIR_ONLINE));
  g_assert_false (HAS (problems_of (r, e, 3), QW_PROBLEM_PAIR_MAKE_UP));
  g_assert_true (HAS (problems_of (r, e, 4), QW_PROBLEM_PAIR_RELATION));
  g_assert_true (HAS (problems_of (r, e, 5), QW_PROBLEM_PAIR_RELATION));
  g_assert_true (HAS (problems_of (r, e, 6), QW_PROBLEM_PAIR_AGE));
  /* 65 on the first day still plays (4 to 65 inclusive); 66 does not. */
  g_assert_true (HAS (problems_of (r, e, 7), QW_PROBLEM_PAIR_AGE));
  g_assert_false (HAS (problems_of (r, e, 12), QW_PROBLEM_PAIR_AGE));
  g_assert_true (HAS (problems_of (r, e, 8), QW_PROBLEM_PAIR_ONLINE));
  g_assert_true (HAS (problems_of (r, e, 9), QW_PROBLEM_PAIR_INCOMPLETE));
  g_assert_true (HAS (problems_of (r, e, 10), QW_PROBLEM_PAIR_WRONG_EVENT));
  g_assert_true (HAS (problems_of (r, e, 11), QW_PROBLEM_ID_CHECKSUM));
  g_assert_cmpuint (problems_of (r, e, 12) & ~QW_PROBLEM_BIT (QW_PROBLEM_PAIRS_TOO_FEW), ==, 0);
  g_assert_cmpstr (qw_pair_rule_match_relation (qw_ruleset_pair_rule (r, "parent-child"), "外婆外孙")->code, ==,
                   "maternal-grandparent");
  g_assert_cmpstr (qw_pair_rule_match_relation (qw_ruleset_pair_rule (r, "parent-child"), "奶奶孙女")->code, ==,
                   "grandparent");
  g_assert_cmpstr (qw_pair_rule_match_relation (qw_ruleset_pair_rule (r, "parent-child"), "父女")->code, ==,
                   "parent");

  /* The same person twice in one event is a duplicate; in two events is not. */
  shared_member = person ("两项", QW_SEX_MALE, "1990-05-05", "33", "two");
  g_ptr_array_add (e, single (qw_entry_copy (shared_member), "individual"));
  g_ptr_array_add (e, pair_of (qw_entry_copy (shared_member), person ("伙伴", QW_SEX_MALE, "1991-05-05", "33", "p"),
                               "doubles-m", NULL));
  g_ptr_array_add (e, pair_of (shared_member, person ("伙伴2", QW_SEX_MALE, "1992-05-05", "33", "q"),
                               "doubles-m", NULL));
  g_assert_false (HAS (problems_of (r, e, e->len - 2), QW_PROBLEM_DUPLICATE_ID));
  g_assert_true (HAS (problems_of (r, e, e->len - 1), QW_PROBLEM_DUPLICATE_ID));
}

static void
test_pair_counts (void)
{
  g_autoptr(QwRuleset) r = qw_test_ruleset_2022 ();
  g_autoptr(GPtrArray) e = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_entry_free);

  for (int i = 0; i < 33; i++)
    {
      g_autofree char *a = g_strdup_printf ("男%d甲", i), *b = g_strdup_printf ("男%d乙", i);
      g_autofree char *ba = g_strdup_printf ("19%02d-01-01", 60 + i), *bb = g_strdup_printf ("19%02d-02-02", 60 + i);

      g_ptr_array_add (e, pair_of (person (a, QW_SEX_MALE, ba, "33", a), person (b, QW_SEX_MALE, bb, "33", b),
                                   "doubles-m", NULL));
    }
  /* 33 pairs: the 33rd is one too many; the event opens. */
  g_assert_cmpuint (problems_of (r, e, 31), ==, 0);
  g_assert_cmpuint (problems_of (r, e, 32), ==, QW_PROBLEM_BIT (QW_PROBLEM_PAIRS_TOO_MANY));
  /* Withdrawn pairs count; excluded ones do not. */
  g_ptr_array_set_size (e, 8);
  ((QwEntry *) e->pdata[7])->status = QW_STATUS_WITHDRAWN;
  g_assert_cmpuint (problems_of (r, e, 0), ==, 0);
  ((QwEntry *) e->pdata[7])->status = QW_STATUS_EXCLUDED;
  g_assert_cmpuint (problems_of (r, e, 0), ==, QW_PROBLEM_BIT (QW_PROBLEM_PAIRS_TOO_FEW));
}

/* Juniors: born on or after 2009-01-01, with a grade certificate. */
static void
test_junior_checks (void)
{
  g_autoptr(QwRuleset) r = qw_test_ruleset_2022 ();
  g_autoptr(GPtrArray) e = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_entry_free);

  g_ptr_array_add (e, single (person ("早", QW_SEX_MALE, "2008-12-31", "33", NULL), "junior"));
  g_ptr_array_add (e, single (person ("正", QW_SEX_FEMALE, "2009-01-01", "33", NULL), "junior"));
  g_ptr_array_add (e, single (person ("无证", QW_SEX_MALE, "2012-01-01", "33", NULL), "junior"));
  for (guint i = 0; i < 2; i++)
    ((QwEntry *) e->pdata[i])->grade = g_strdup ("三级棋士");
  for (guint i = 0; i < 3; i++)
    ((QwEntry *) e->pdata[i])->form_stamped = TRUE;
  g_assert_cmpuint (problems_of (r, e, 0), ==, QW_PROBLEM_BIT (QW_PROBLEM_JUNIOR_TOO_OLD));
  g_assert_cmpuint (problems_of (r, e, 1), ==, 0);
  g_assert_cmpuint (problems_of (r, e, 2), ==, QW_PROBLEM_BIT (QW_PROBLEM_NO_CERTIFICATE));
  g_assert_true (qw_ruleset_blocks_pairing (r, "no-certificate") && qw_ruleset_blocks_pairing (r, "pairs-too-few"));
}

/* Seed 000 §十一(五)4 报名表经单位盖章: a junior's form stamped by the unit is a
 * problem until marked received (a reminder of the gate, never a block);
 * §十三(一): the pair and junior events are entered from 9月1日 to 30日, and an
 * entry dated outside is flagged (no date: not checked). The individual
 * field has neither rule. */
static void
test_stamp_and_entry_window (void)
{
  g_autoptr(QwRuleset) r = qw_test_ruleset_2022 ();
  g_autoptr(GPtrArray) e = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_entry_free);
  static const char *const dates[] = { "2022-09-01", "2022-09-30", "2022-08-31", "2022-10-01", "" };

  for (guint i = 0; i < G_N_ELEMENTS (dates); i++)
    {
      QwEntry *junior = single (person ("少", QW_SEX_MALE, "2012-01-01", "33", NULL), "junior");

      junior->grade = g_strdup ("三级棋士");
      junior->form_stamped = TRUE;
      junior->registered = g_strdup (dates[i]);
      g_ptr_array_add (e, junior);
    }
  g_assert_cmpuint (problems_of (r, e, 0), ==, 0);
  g_assert_cmpuint (problems_of (r, e, 1), ==, 0);
  g_assert_cmpuint (problems_of (r, e, 2), ==, QW_PROBLEM_BIT (QW_PROBLEM_OUTSIDE_ENTRY_WINDOW));
  g_assert_cmpuint (problems_of (r, e, 3), ==, QW_PROBLEM_BIT (QW_PROBLEM_OUTSIDE_ENTRY_WINDOW));
  g_assert_cmpuint (problems_of (r, e, 4), ==, 0);
  ((QwEntry *) e->pdata[0])->form_stamped = FALSE;
  g_assert_cmpuint (problems_of (r, e, 0), ==, QW_PROBLEM_BIT (QW_PROBLEM_FORM_NOT_STAMPED));
  g_assert_false (qw_ruleset_blocks_pairing (r, "form-not-stamped"));
  g_assert_false (qw_ruleset_blocks_pairing (r, "outside-entry-window"));
  /* A pair entered on 10月1日; an individual entry has no window. */
  g_ptr_array_add (e, pair_of (person ("甲", QW_SEX_MALE, "1990-01-01", "33", "a"),
                               person ("乙", QW_SEX_MALE, "1991-01-01", "33", "b"), "doubles-m", NULL));
  ((QwEntry *) e->pdata[e->len - 1])->registered = g_strdup ("2022-10-01");
  g_assert_true (HAS (problems_of (r, e, e->len - 1), QW_PROBLEM_OUTSIDE_ENTRY_WINDOW));
  g_ptr_array_add (e, single (person ("个", QW_SEX_MALE, "1990-01-02", "33", "c"), "individual"));
  ((QwEntry *) e->pdata[e->len - 1])->registered = g_strdup ("2022-11-20");
  g_assert_cmpuint (problems_of (r, e, e->len - 1), ==, 0);
}

/* 2021 五(二)1: 家庭双人组, one adult and one member 12岁以下 of three generations.
 * 以上/以下 include the number (民法典 第1259条): 12 on the event's first day plays,
 * 13 does not (the reading is stated in data/rulesets/qiwang-2021.xml). */
static void
test_family_2021 (void)
{
  g_autoptr(QwRuleset) r = qw_test_ruleset ();
  g_autoptr(GPtrArray) e = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_entry_free);
  g_autofree QwEntryCheck *checks = NULL;
  QwCheckOptions options = { qw_date_make (2021, 7, 3), FALSE };
  const QwPairRule *family = qw_ruleset_pair_rule (r, "family");

  g_assert_nonnull (family);
  g_assert_null (r->final);
  g_assert_cmpint (family->adult_age, ==, 18);
  g_assert_cmpint (family->child_max_age, ==, 12);
  g_ptr_array_add (e, pair_of (person ("父", QW_SEX_MALE, "1985-01-01", "44", NULL),
                               person ("女", QW_SEX_FEMALE, "2009-07-04", "44", NULL), "family", "父女"));
  g_ptr_array_add (e, pair_of (person ("母", QW_SEX_FEMALE, "1985-01-02", "44", NULL),
                               person ("子", QW_SEX_MALE, "2009-07-03", "44", NULL), "family", "母子"));
  g_ptr_array_add (e, pair_of (person ("兄", QW_SEX_MALE, "1985-01-03", "44", NULL),
                               person ("弟", QW_SEX_MALE, "1988-01-03", "44", NULL), "family", "父子"));
  g_ptr_array_add (e, pair_of (person ("外公", QW_SEX_MALE, "1955-01-04", "44", NULL),
                               person ("外孙", QW_SEX_MALE, "2015-01-04", "44", NULL), "family", "外公外孙"));
  g_ptr_array_add (e, pair_of (person ("姑", QW_SEX_FEMALE, "1985-01-05", "44", NULL),
                               person ("侄", QW_SEX_MALE, "2015-01-05", "44", NULL), "family", "姑侄"));
  g_ptr_array_add (e, single (person ("一人", QW_SEX_MALE, "2012-01-06", "44", NULL), "family"));
  g_ptr_array_add (e, pair_of (person ("爷", QW_SEX_MALE, "1960-01-07", "44", NULL),
                               person ("孙", QW_SEX_MALE, "2008-07-03", "44", NULL), "family", "爷孙"));
  g_ptr_array_add (e, pair_of (person ("奶", QW_SEX_FEMALE, "1962-01-08", "44", NULL),
                               person ("孙女", QW_SEX_FEMALE, "2008-07-04", "44", NULL), "family", "奶奶孙女"));
  checks = g_new0 (QwEntryCheck, e->len);
  qw_entry_check_all (r, e, &options, checks);
  /* 11 the day before the 12th birthday; exactly 12 on it (12岁以下 includes 12);
   * 13 on the first day is refused, 12 the day before the 13th birthday plays. */
  g_assert_cmpuint (checks[0].problems, ==, 0);
  g_assert_cmpuint (checks[1].problems, ==, 0);
  g_assert_cmpuint (checks[6].problems, ==, QW_PROBLEM_BIT (QW_PROBLEM_PAIR_AGE));
  g_assert_cmpuint (checks[7].problems, ==, 0);
  g_assert_cmpuint (checks[2].problems, ==, QW_PROBLEM_BIT (QW_PROBLEM_PAIR_AGE));
  g_assert_cmpuint (checks[3].problems, ==, 0);
  g_assert_cmpuint (checks[4].problems, ==, QW_PROBLEM_BIT (QW_PROBLEM_PAIR_RELATION));
  g_assert_cmpuint (checks[5].problems, ==, QW_PROBLEM_BIT (QW_PROBLEM_PAIR_INCOMPLETE));
  /* Reported, not blocking: a display group, entered one by one before pairs existed. */
  g_assert_false (qw_ruleset_blocks_pairing (r, "pair-age"));
  /* 2021: one person once in the event, a pair member too. */
  g_ptr_array_add (e, single (qw_entry_copy (qw_entry_member (e->pdata[0], 0)), "open-m"));
  qw_entry_check_all (r, e, &options, checks = g_renew (QwEntryCheck, checks, e->len));
  g_assert_true (HAS (checks[e->len - 1].problems, QW_PROBLEM_DUPLICATE_ID));
}

/* Importing pairs: the second member's columns, and merging again. */
static void
test_import_pairs (void)
{
  static const char *list =
    "姓名,性别,出生日期,身份证号,单位,组别,账号,姓名2,性别2,出生日期2,身份证号2,单位2,账号2,关系,备注\n"
    "张三,男,1990-01-01,,浙江,,zs,,,,,,,,\n"
    "李四,男,1991-02-02,,浙江,男双,ls,王五,男,1992-03-03,,浙江,ww,,\n"
    "赵六,女,1980-04-04,,北京,亲子,zl,赵小六,男,2012-05-05,,北京,,母子,\n";
  static const char *again =
    "姓名,性别,出生日期,身份证号,单位,组别,账号,姓名2,出生日期2,单位2,账号2,关系\n"
    "王五,男,1992-03-03,,浙江,男双,ww,李四,1991-02-02,浙江,ls2,\n"
    "赵六,女,1980-04-04,,北京,亲子,zl,赵小六,2012-05-05,北京,,母子\n";
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (tmp_dir, "import.qiwang", NULL);
  g_autoptr(QwDocument) doc = qw_document_create (path, QW_DOCUMENT_STOP, &error);
  g_autoptr(QwEvent) event = qw_event_new ();
  g_autoptr(QwRuleset) ruleset = qw_test_ruleset_2022 ();
  g_autoptr(QwCsv) csv = qw_csv_parse_data (list, strlen (list), &error);
  g_autoptr(QwEntryImport) import = qw_entry_import_csv (csv, &error);
  g_autoptr(QwImportReport) report = NULL;
  g_autoptr(GPtrArray) entries = NULL;
  const QwEntry *pair;

  g_assert_no_error (error);
  g_assert_cmpstrv (import->ignored_columns, ((const char *[]) { "备注", NULL }));
  g_assert_cmpuint (import->entries->len, ==, 3);
  g_assert_false (qw_entry_is_pair (import->entries->pdata[0]));
  g_assert_cmpstr (((QwEntry *) import->entries->pdata[0])->account, ==, "zs");
  pair = import->entries->pdata[1];
  g_assert_true (qw_entry_is_pair (pair));
  g_assert_cmpstr (pair->name, ==, "李四 / 王五");
  g_assert_cmpstr (pair->declared_group, ==, "男双");
  g_assert_cmpstr (qw_entry_member (pair, 1)->account, ==, "ww");

  g_free (event->ruleset);
  event->ruleset = g_strdup ("qiwang-2022");
  event->name = g_strdup ("2022年全国业余象棋棋王争霸赛总决赛");
  event->start_date = qw_date_make (2022, 11, 25);
  g_assert_true (qw_document_add_event (doc, event, &error));
  report = qw_registration_import (doc, ruleset, event, import, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (report->added, ==, 3);
  entries = qw_document_list_entries (doc, event->id, &error);
  g_assert_cmpstr (((QwEntry *) entries->pdata[0])->group_code, ==, "individual");
  g_assert_cmpstr (((QwEntry *) entries->pdata[1])->group_code, ==, "doubles-m");
  g_assert_cmpstr (((QwEntry *) entries->pdata[2])->group_code, ==, "parent-child");
  g_assert_cmpstr (((QwEntry *) entries->pdata[2])->relation, ==, "母子");
  g_clear_pointer (&entries, g_ptr_array_unref);
  g_clear_pointer (&report, qw_import_report_free);

  /* The same pairs, the men's listed the other way round with a new account. */
  g_clear_pointer (&import, qw_entry_import_free);
  g_clear_pointer (&csv, qw_csv_free);
  csv = qw_csv_parse_data (again, strlen (again), &error);
  import = qw_entry_import_csv (csv, &error);
  report = qw_registration_import (doc, ruleset, event, import, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (report->added, ==, 0);
  g_assert_cmpuint (report->updated, ==, 1);
  g_assert_cmpuint (report->unchanged, ==, 1);
  entries = qw_document_list_entries (doc, event->id, &error);
  g_assert_cmpuint (entries->len, ==, 3);
  g_assert_cmpstr (((QwEntry *) entries->pdata[1])->name, ==, "李四 / 王五");
  g_assert_cmpstr (qw_entry_member (entries->pdata[1], 0)->account, ==, "ls2");

  /* The registration list written out reads back as the same entrants. */
  {
    g_autofree char *out = qw_entries_to_csv (entries, FALSE);
    g_autoptr(QwCsv) back_csv = qw_csv_parse_data (out, strlen (out), &error);
    g_autoptr(QwEntryImport) back = qw_entry_import_csv (back_csv, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (back->entries->len, ==, 3);
    for (guint i = 0; i < 3; i++)
      {
        QwEntry *row = back->entries->pdata[i], *stored = entries->pdata[i];

        g_assert_cmpstr (row->name, ==, stored->name);
        g_assert_cmpstr (row->relation != NULL ? row->relation : "", ==, stored->relation);
        g_assert_cmpint (qw_entry_is_pair (row), ==, qw_entry_is_pair (stored));
        for (guint m = 0; qw_entry_is_pair (stored) && m < 2; m++)
          {
            g_assert_cmpstr (qw_entry_member (row, m)->birth, ==, qw_entry_member (stored, m)->birth);
            g_assert_cmpstr (qw_entry_member (row, m)->account, ==, qw_entry_member (stored, m)->account);
          }
      }
  }
}

/* Rankings, teams and prizes on standings made here */

typedef struct
{
  GPtrArray *entries;
  GPtrArray *standings;
  QwFinalField field;
} Made;

static void
made_free (gpointer data)
{
  Made *m = data;

  g_ptr_array_unref (m->entries);
  g_ptr_array_unref (m->standings);
  g_free (m);
}

static gint64 next_id = 1;

/* A field whose standings are its entries in order; @ranks (may be NULL)
 * gives each its rank (to share one). */
static Made *
made_field (const char *code,
            GPtrArray  *entries,
            const int  *ranks)
{
  Made *m = g_new0 (Made, 1);

  m->entries = entries;
  m->standings = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_standing_row_free);
  for (guint i = 0; i < entries->len; i++)
    {
      QwEntry *e = g_ptr_array_index (entries, i);
      QwStandingRow *row = g_new0 (QwStandingRow, 1);
      QwRoundCell cell = { .round = 1, .result = QW_RESULT_RED_WIN };

      e->id = next_id++;
      e->no = (int) e->id;
      g_free (e->group_code);
      e->group_code = g_strdup (code);
      row->rank = ranks != NULL ? ranks[i] : (int) i + 1;
      row->entry_id = e->id;
      row->no = e->no;
      row->name = g_strdup (e->name);
      row->rounds = g_array_new (FALSE, TRUE, sizeof (QwRoundCell));
      g_array_append_val (row->rounds, cell);
      g_ptr_array_add (m->standings, row);
    }
  m->field = (QwFinalField) { code, m->entries, m->standings, TRUE };
  return m;
}

static GPtrArray *
players (const char *spec)
{
  /* One letter a player: M/F a man or a woman of 浙江, m/f of 北京, g/h of 广东 (man,
   * woman), s of 上海, x a foreign man (passport). */
  GPtrArray *list = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_entry_free);

  for (const char *c = spec; *c != '\0'; c++)
    {
      QwSex sex = strchr ("Ffh", *c) != NULL ? QW_SEX_FEMALE : QW_SEX_MALE;
      const char *province = strchr ("MF", *c) ? "33" : strchr ("mf", *c) ? "11" : strchr ("gh", *c) ? "44"
                           : *c == 's' ? "31" : NULL;
      g_autofree char *name = g_strdup_printf ("%c%ld", *c, (long) (c - spec) + 1);
      g_autofree char *birth = g_strdup_printf ("19%02d-03-04", 60 + (int) (c - spec) % 40);
      QwEntry *e = person (name, sex, birth, province, NULL);

      if (province == NULL)
        {
          e->doc_kind = QW_DOC_OTHER;
          g_free (e->id_number);
          e->id_number = g_strdup_printf ("E%07ld", (long) (c - spec));
        }
      g_ptr_array_add (list, e);
    }
  return list;
}

static QwFinalResults *
results_of (const QwRuleset *ruleset,
            GPtrArray       *made)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwEvent) event = qw_event_new ();
  g_autoptr(GPtrArray) fields = g_ptr_array_new ();
  QwFinalResults *results;

  event->start_date = qw_date_make (2022, 11, 25);
  for (guint i = 0; i < made->len; i++)
    g_ptr_array_add (fields, &((Made *) g_ptr_array_index (made, i))->field);
  results = qw_final_results_from_fields (ruleset, event, fields, &error);
  g_assert_no_error (error);
  return results;
}

static int
amount_of (const QwFinalResults *results,
           const char           *event,
           int                   place,
           guint                 nth)
{
  g_autoptr(GPtrArray) awards = qw_final_results_awards_of (results, event);

  for (guint i = 0, seen = 0; i < awards->len; i++)
    {
      const QwPrizeAward *a = g_ptr_array_index (awards, i);

      if (a->place == place && seen++ == nth)
        return a->amount;
    }
  return -1;
}

static gint64
total_of (const QwFinalResults *results,
          const char           *event)
{
  for (guint i = 0; i < results->totals->len; i++)
    {
      const QwPrizeTotal *t = g_ptr_array_index (results->totals, i);

      if (g_str_equal (t->event, event))
        return t->amount;
    }
  return -1;
}

static void
test_prizes (void)
{
  g_autoptr(QwRuleset) r = qw_test_ruleset_2022 ();
  g_autoptr(GPtrArray) made = g_ptr_array_new_with_free_func (made_free);
  g_autoptr(QwFinalResults) results = NULL;
  const QwFinalRanking *women;
  const QwFinalTeamRanking *men_teams, *women_teams;
  const QwFinalTeam *team;

  /* 40 players: a woman of 浙江 first; women of three provinces; 上海's two men. */
  g_ptr_array_add (made, made_field ("individual", players ("FmgMfmgsMhmgMFmxMgmsgMhmgMfmgMhgmMgmgMgm"), NULL));
  results = results_of (r, made);

  g_assert_cmpint (amount_of (results, "individual", 1, 0), ==, 50000);
  g_assert_cmpint (amount_of (results, "women", 1, 0), ==, 5000);
  g_assert_cmpint (amount_of (results, "individual", 32, 0), ==, 1000);
  g_assert_cmpint (amount_of (results, "individual", 33, 0), ==, -1);
  g_assert_cmpint (total_of (results, "individual"), ==, 50000 + 20000 + 10000 + 5 * 3000 + 24 * 1000);
  g_assert_cmpint (total_of (results, "women"), ==, 5000 + 3000 + 2000 + 1000 + 800 + 600);
  women = qw_final_results_ranking (results, "women");
  g_assert_cmpuint (women->places->len, ==, 7);
  g_assert_cmpint (((QwFinalPlace *) women->places->pdata[1])->field_place, ==, 5);
  g_assert_cmpint (((QwFinalPlace *) women->places->pdata[1])->place, ==, 2);
  /* Her two prizes, accumulated. */
  g_assert_cmpuint (results->accumulated->len, >=, 1);
  g_assert_cmpint (((QwPrizeAccumulated *) results->accumulated->pdata[0])->amount, ==, 55000);
  g_assert_cmpint (((QwPrizeAccumulated *) results->accumulated->pdata[0])->no, ==, 1);

  /* Men: 浙江, 北京, 广东 complete, 上海 short (2 men) and ranked after them. */
  men_teams = qw_final_results_team_ranking (results, "team-men");
  g_assert_cmpstr (men_teams->code, ==, "men");
  g_assert_cmpuint (men_teams->teams->len, ==, 4);
  g_assert_cmpint (men_teams->places, ==, 4);
  team = men_teams->teams->pdata[3];
  g_assert_cmpstr (team->team, ==, "上海");
  g_assert_false (team->complete);
  g_assert_cmpint (team->rank, ==, 4);
  g_assert_cmpuint (team->members->len, ==, 2);
  for (guint i = 0; i < 3; i++)
    g_assert_true (((QwFinalTeam *) men_teams->teams->pdata[i])->complete);
  /* 北京: the men at places 2, 6, 11 (the overall places). */
  team = NULL;
  for (guint i = 0; i < men_teams->teams->len; i++)
    if (g_str_equal (((QwFinalTeam *) men_teams->teams->pdata[i])->team, "北京"))
      team = men_teams->teams->pdata[i];
  g_assert_nonnull (team);
  g_assert_cmpint (team->sum, ==, 2 + 6 + 11);
  /* Women: three teams (浙江, 北京, 广东), two awarded; the foreign player is in none. */
  women_teams = qw_final_results_team_ranking (results, "team-women");
  g_assert_cmpuint (women_teams->teams->len, ==, 3);
  g_assert_cmpint (women_teams->places, ==, 2);
  g_assert_true (((QwFinalTeam *) women_teams->teams->pdata[1])->awarded);
  g_assert_false (((QwFinalTeam *) women_teams->teams->pdata[2])->awarded);
  g_assert_cmpint (total_of (results, "team-women"), ==, 8000 + 5000);
}

static void
test_team_limits (void)
{
  g_autoptr(QwRuleset) r = qw_test_ruleset_2022 ();
  const QwFinalRules *f = r->final;

  /* 十四(一)2: fewer than 3 teams, the champion; 3 teams, the top two. */
  g_assert_cmpint (qw_final_rules_team_places (f, "team-men", 1), ==, 1);
  g_assert_cmpint (qw_final_rules_team_places (f, "team-men", 2), ==, 1);
  g_assert_cmpint (qw_final_rules_team_places (f, "team-men", 3), ==, 2);
  g_assert_cmpint (qw_final_rules_team_places (f, "team-men", 4), ==, 4);
  g_assert_cmpint (qw_final_rules_team_places (f, "team-men", 9), ==, 6);
  g_assert_cmpint (qw_final_rules_team_places (f, "team-women", 9), ==, 3);
}

/* women-both="false": a woman with an overall prize has no women's prize. */
static void
test_women_not_both (void)
{
  g_autoptr(QwRuleset) r = variant_2022 ("final-women-once", (const char *[]) {
    "women-both=\"true\"", "women-both=\"false\"", NULL });
  g_autoptr(GPtrArray) made = g_ptr_array_new_with_free_func (made_free);
  g_autoptr(QwFinalResults) results = NULL;
  g_autoptr(GPtrArray) women = NULL;

  /* Women at 1 and 40 (and 41 … 45): the women's prizes go to those without an overall one. */
  g_ptr_array_add (made, made_field ("individual", players ("FMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMFFFFFF"), NULL));
  results = results_of (r, made);
  g_assert_cmpint (amount_of (results, "individual", 1, 0), ==, 50000);
  women = qw_final_results_awards_of (results, "women");
  g_assert_cmpuint (women->len, ==, 6);
  g_assert_cmpint (((QwPrizeAward *) women->pdata[0])->no, !=, ((QwFinalPlace *) qw_final_results_ranking (results, "individual")->places->pdata[0])->no);
  g_assert_cmpint (((QwPrizeAward *) women->pdata[0])->place, ==, 1);
  g_assert_cmpuint (results->accumulated->len, ==, 0);
}

/* Players sharing a place share its prizes (shared="split"), or each has it (shared="each"). */
static void
test_shared_places (void)
{
  static const int ranks[] = { 1, 1, 3, 4, 5, 6, 6, 6 };
  g_autoptr(QwRuleset) split = qw_test_ruleset_2022 ();
  g_autoptr(QwRuleset) each = variant_2022 ("final-each", (const char *[]) {
    "before-tax=\"true\" shared=\"split\"", "before-tax=\"true\" shared=\"each\"", NULL });
  g_autoptr(GPtrArray) made = g_ptr_array_new_with_free_func (made_free);
  g_autoptr(QwFinalResults) a = NULL, b = NULL;
  g_autoptr(GPtrArray) pairs = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_entry_free);

  for (int i = 0; i < 8; i++)
    {
      g_autofree char *x = g_strdup_printf ("甲%d", i), *y = g_strdup_printf ("乙%d", i);

      g_ptr_array_add (pairs, pair_of (person (x, QW_SEX_MALE, "1980-01-01", "33", x),
                                       person (y, QW_SEX_MALE, "1981-01-01", "33", y), NULL, NULL));
    }
  g_ptr_array_add (made, made_field ("doubles-m", g_steal_pointer (&pairs), ranks));
  a = results_of (split, made);
  b = results_of (each, made);
  /* (6000 + 4000) / 2; 6th shared by three: (1000 + 0 + 0) / 3 rounded. */
  g_assert_cmpint (amount_of (a, "doubles-m", 1, 0), ==, 5000);
  g_assert_cmpint (amount_of (a, "doubles-m", 1, 1), ==, 5000);
  g_assert_cmpint (amount_of (a, "doubles-m", 6, 2), ==, 333);
  g_assert_cmpint (total_of (a, "doubles-m"), ==, 5000 * 2 + 2000 + 1000 + 1000 + 333 * 3);
  g_assert_cmpint (amount_of (b, "doubles-m", 1, 1), ==, 6000);
  g_assert_cmpint (amount_of (b, "doubles-m", 6, 2), ==, 1000);
}

/* The junior field ranked for boys and girls, or two groups; the team per unit. */
static void
test_juniors (void)
{
  g_autoptr(QwRuleset) one = qw_test_ruleset_2022 ();
  g_autoptr(QwRuleset) two = variant_2022 ("final-junior-groups", (const char *[]) {
    "<junior field=\"junior\" born-from=\"2009-01-01\"",
    "<junior boys-field=\"junior-m\" girls-field=\"junior-f\" born-from=\"2009-01-01\"",
    "ranking=\"one-field\" unit-stamp", "ranking=\"two-groups\" unit-stamp",
    "<group code=\"junior\" kind=\"display\" category=\"junior\" born-from=\"2009-01-01\">",
    "<group code=\"junior-m\" kind=\"display\" category=\"junior\" sex=\"M\"><name>少儿男子组</name><short>少男</short></group>"
    "<group code=\"junior-f\" kind=\"display\" category=\"junior\" sex=\"F\"><name>少儿女子组</name><short>少女</short></group>"
    "<group code=\"junior\" kind=\"display\" category=\"junior\" born-from=\"2009-01-01\">", NULL });
  g_autoptr(GPtrArray) made = g_ptr_array_new_with_free_func (made_free);
  g_autoptr(GPtrArray) made2 = g_ptr_array_new_with_free_func (made_free);
  g_autoptr(QwFinalResults) a = NULL, b = NULL;
  g_autoptr(GPtrArray) boys = NULL, girls = NULL;
  GPtrArray *field;
  const QwFinalTeamRanking *teams;

  g_assert_true (two->final->junior_two_groups);
  /* One field: boys and girls of two units. */
  field = players ("MFMMFMMMFMFF");
  for (guint i = 0; i < field->len; i++)
    {
      QwEntry *e = field->pdata[i];

      g_free (e->unit);
      e->unit = g_strdup (i % 2 == 0 ? "杭州棋院" : "北京少年宫");
    }
  g_ptr_array_add (made, made_field ("junior", field, NULL));
  a = results_of (one, made);
  g_assert_cmpuint (qw_final_results_ranking (a, "junior-boys")->places->len, ==, 7);
  g_assert_cmpuint (qw_final_results_ranking (a, "junior-girls")->places->len, ==, 5);
  g_assert_cmpint (amount_of (a, "junior-boys", 1, 0), ==, 2000);
  g_assert_cmpint (amount_of (a, "junior-girls", 1, 0), ==, 1000);
  g_assert_cmpint (total_of (a, "junior-boys"), ==, 2000 + 1500 + 1000 + 4 * 500);
  teams = qw_final_results_team_ranking (a, "team-junior");
  /* Two units: only the champion (3000). */
  g_assert_cmpuint (teams->teams->len, ==, 2);
  g_assert_cmpint (teams->places, ==, 1);
  g_assert_cmpint (total_of (a, "team-junior"), ==, 3000);

  /* Two groups: the boys' and the girls' places are their groups' own. */
  boys = players ("MMMM");
  girls = players ("FFF");
  g_ptr_array_add (made2, made_field ("junior-m", g_steal_pointer (&boys), NULL));
  g_ptr_array_add (made2, made_field ("junior-f", g_steal_pointer (&girls), NULL));
  b = results_of (two, made2);
  g_assert_cmpuint (qw_final_results_ranking (b, "junior-boys")->places->len, ==, 4);
  g_assert_cmpstr (qw_final_results_ranking (b, "junior-girls")->field, ==, "junior-f");
  g_assert_cmpint (amount_of (b, "junior-girls", 3, 0), ==, 500);
}

/* Exports and the printout */

static QwFinalResults *
sample_results (void)
{
  g_autoptr(QwRuleset) r = qw_test_ruleset_2022 ();
  g_autoptr(GPtrArray) made = g_ptr_array_new_with_free_func (made_free);

  g_ptr_array_add (made, made_field ("individual", players ("FmgMfmgsMhmgMFmxMgmsgMhmgMfmgMhgmMgmgMgm"), NULL));
  return results_of (r, made);
}

static void
test_exports (void)
{
  g_autoptr(QwFinalResults) results = sample_results ();
  g_autoptr(QwEvent) event = qw_event_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *csv = NULL, *total_line = NULL;
  g_autofree char *xlsx = g_build_filename (tmp_dir, "prizes.xlsx", NULL);
  g_autofree char *csv_path = g_build_filename (tmp_dir, "prizes.csv", NULL);
  g_auto(GStrv) sheets = NULL;
  g_autoptr(QwCsv) read = NULL;
  GStrv first;

  event->name = g_strdup ("2022年全国业余象棋棋王争霸赛总决赛");
  csv = qw_final_prizes_to_csv (results, event);
  g_assert_true (g_str_has_prefix (csv, "\xEF\xBB\xBF" "2022年全国业余象棋棋王争霸赛总决赛奖金名单（税前）\r\n"
                                        "项目,名次,序号,姓名,代表队/单位,奖金（元）\r\n男子个人,1,"));
  g_assert_nonnull (strstr (csv, "\r\n累计奖金\r\n"));
  g_assert_nonnull (strstr (csv, "男子个人第1名 50000元；女子个人第1名 5000元,55000\r\n"));
  total_line = g_strdup_printf ("\r\n总计,%u,%" G_GINT64_FORMAT "\r\n", results->awards->len, results->total);
  g_assert_cmpuint (results->awards->len, ==, 32 + 6 + 4 + 2);
  g_assert_nonnull (strstr (csv, total_line));
  g_assert_true (qw_final_prizes_write (results, event, csv_path, &error));
  g_assert_true (qw_final_prizes_write (results, event, xlsx, &error));
  g_assert_no_error (error);
  g_assert_false (qw_final_prizes_write (results, event, "prizes.pdf", &error));
  g_assert_error (error, QW_ERROR, QW_ERROR_INVALID);
  g_clear_error (&error);
  sheets = qw_xlsx_sheet_names (xlsx, &error);
  g_assert_no_error (error);
  g_assert_cmpstrv (sheets, ((const char *[]) { "奖金名单（税前）", "累计奖金", "奖金合计", NULL }));
  read = qw_xlsx_read_file (xlsx, 0, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (read->rows->len, ==, results->awards->len + 1);
  first = g_ptr_array_index (read->rows, 1);
  g_assert_cmpstr (first[0], ==, "男子个人");
  g_assert_cmpstr (first[5], ==, "50000");
}

typedef struct
{
  guint texts;
  guint ellipsized;
  guint tofu;
  gboolean total;
} TextCount;

static void
count_text (const QwPrintTextInfo *info,
            gpointer               data)
{
  TextCount *c = data;

  c->texts++;
  c->ellipsized += info->ellipsized ? 1 : 0;
  c->tofu += (guint) info->unknown_glyphs;
  c->total |= g_str_equal (info->text, "总计");
}

static void
test_print (void)
{
  g_autoptr(QwFinalResults) results = sample_results ();
  g_autoptr(QwRuleset) r = qw_test_ruleset_2022 ();
  g_autoptr(QwEvent) event = qw_event_new ();
  g_autoptr(GPtrArray) groups = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(QwPrintout) printout = NULL;
  g_autoptr(QwPrintout) empty = NULL;
  g_autofree char *pdf = g_build_filename (tmp_dir, "prizes.pdf", NULL);
  QwPrintRequest request = { 0 };
  TextCount count = { 0 };

  event->name = g_strdup ("2022年全国业余象棋棋王争霸赛总决赛");
  event->start_date = qw_date_make (2022, 11, 25);
  event->end_date = qw_date_make (2022, 11, 30);
  request.event = event;
  request.ruleset = r;
  request.groups = groups;
  request.prizes = results;
  printout = qw_printout_new (QW_PRINT_PRIZES, &request, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (qw_printout_get_n_pages (printout), >=, 2);
  for (guint p = 0; p < qw_printout_get_n_pages (printout); p++)
    qw_printout_foreach_text (printout, p, count_text, &count);
  g_assert_cmpuint (count.texts, >, 100);
  g_assert_cmpuint (count.ellipsized, ==, 0);
  g_assert_cmpuint (count.tofu, ==, 0);
  g_assert_true (count.total);
  g_assert_true (qw_print_to_pdf (printout, pdf, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (qw_print_kind_to_code (QW_PRINT_PRIZES), ==, "prizes");
  g_assert_cmpstr (qw_print_kind_to_chinese (QW_PRINT_PRIZES), ==, "奖金名单");

  /* Without a prize list the sheet says so. */
  request.prizes = NULL;
  empty = qw_printout_new (QW_PRINT_PRIZES, &request, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (qw_printout_get_n_pages (empty), ==, 1);
}

typedef struct
{
  guint names;
  guint wrapped;   /* names on more than one line */
  guint broken;    /* a member's name broken across lines */
} NameCount;

static void
count_names (const QwPrintTextInfo *info,
             gpointer               data)
{
  NameCount *c = data;
  g_auto(GStrv) lines = NULL;

  if (strstr (info->text, " / ") == NULL || !g_str_has_prefix (info->text, "长名字甲"))
    return;
  c->names++;
  g_test_message ("%s → %s (%.1f pt)", info->text, info->wrapped, info->size);
  lines = g_strsplit (info->wrapped, "\n", -1);
  c->wrapped += lines[0] != NULL && lines[1] != NULL ? 1 : 0;
  for (guint i = 0; lines[i] != NULL; i++)
    if (lines[i + 1] != NULL && !g_str_has_suffix (g_strstrip (lines[i]), "/"))
      c->broken++;
}

/* A pair's name breaks between its members, never inside a member's name. */
static void
test_print_pair_names (void)
{
  g_autoptr(QwRuleset) r = qw_test_ruleset_2022 ();
  g_autoptr(GPtrArray) made = g_ptr_array_new_with_free_func (made_free);
  g_autoptr(GPtrArray) pairs = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_entry_free);
  g_autoptr(QwEvent) event = qw_event_new ();
  g_autoptr(QwSection) section = qw_section_new ();
  g_autoptr(GPtrArray) groups = g_ptr_array_new ();
  g_autoptr(QwPrintout) printout = NULL;
  g_autoptr(GError) error = NULL;
  QwPrintRequest request = { 0 };
  QwPrintGroup group = { 0 };
  NameCount count = { 0 };
  Made *m;

  for (int i = 0; i < 8; i++)
    {
      g_autofree char *x = g_strdup_printf ("长名字甲%d号选手", i), *y = g_strdup_printf ("长名字乙%d号选手", i);

      g_ptr_array_add (pairs, pair_of (person (x, QW_SEX_MALE, "1980-01-01", "33", x),
                                       person (y, QW_SEX_MALE, "1981-01-01", "33", y), NULL, NULL));
    }
  m = made_field ("doubles-m", g_steal_pointer (&pairs), NULL);
  g_ptr_array_add (made, m);
  section->code = g_strdup ("doubles-m");
  section->name = g_strdup ("男子双人");
  section->rounds = 1;
  qw_section_settings_init (&section->settings, r, QW_SYSTEM_SWISS);
  group.section = section;
  group.entries = m->entries;
  group.standings = m->standings;
  g_ptr_array_add (groups, &group);
  event->name = g_strdup ("2022年全国业余象棋棋王争霸赛总决赛");
  request.event = event;
  request.ruleset = r;
  request.groups = groups;
  printout = qw_printout_new (QW_PRINT_STANDINGS, &request, &error);
  g_assert_no_error (error);
  qw_printout_foreach_text (printout, 0, count_names, &count);
  g_assert_cmpuint (count.names, ==, 8);
  g_assert_cmpuint (count.wrapped, ==, 8);
  g_assert_cmpuint (count.broken, ==, 0);
}

/* Schema step 8: a document of version 7 gains the members' table. */
static void
test_schema_8 (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (tmp_dir, "v7.qiwang", NULL);
  g_autoptr(QwDocument) doc = NULL;
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(QwRuleset) ruleset = qw_test_ruleset_2022 ();
  g_autoptr(QwEvent) event = NULL;
  g_autoptr(QwEntry) pair = NULL;
  sqlite3 *db = NULL;

  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "PRAGMA foreign_keys = ON; PRAGMA application_id = 1363760967;"
                                 QW_SCHEMA_STEP_1 QW_SCHEMA_STEP_2 QW_SCHEMA_STEP_3 QW_SCHEMA_STEP_4
                                 QW_SCHEMA_STEP_5 QW_SCHEMA_STEP_6 QW_SCHEMA_STEP_7 "PRAGMA user_version = 7;"
                                 "INSERT INTO meta VALUES ('kind', 'stop');"
                                 "INSERT INTO event (id, ruleset, name, start_date) "
                                 "VALUES (1, 'qiwang-2022', '总决赛', '2022-11-25');"
                                 "INSERT INTO player (id, name, sex, birth) VALUES (1, '甲', 'M', '1991-03-01');"
                                 "INSERT INTO entry (id, event_id, player_id, no, group_code) "
                                 "VALUES (11, 1, 1, 1, 'individual');",
                                 NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);
  doc = qw_document_open (path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (qw_document_peek_version (path, NULL), ==, qw_document_schema_version ());
  entries = qw_document_list_entries (doc, 1, &error);
  g_assert_cmpuint (entries->len, ==, 1);
  g_assert_false (qw_entry_is_pair (entries->pdata[0]));
  g_assert_cmpstr (((QwEntry *) entries->pdata[0])->account, ==, "");
  event = qw_document_get_event (doc, 1, &error);
  pair = pair_of (person ("甲1", QW_SEX_MALE, "1990-01-01", "33", "a"),
                  person ("乙1", QW_SEX_MALE, "1990-01-02", "33", "b"), NULL, NULL);
  pair->declared_group = g_strdup ("男双");
  g_assert_true (qw_registration_add_entry (doc, ruleset, event, pair, &error));
  g_assert_no_error (error);
  g_clear_pointer (&entries, g_ptr_array_unref);
  entries = qw_document_list_entries (doc, 1, &error);
  g_assert_cmpuint (entries->len, ==, 2);
  g_assert_true (qw_entry_is_pair (entries->pdata[1]));
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  tmp_dir = qw_test_make_tmp_dir ("qiwang-final-XXXXXX");

  g_test_add_func ("/final/pair/store", test_pair_store);
  g_test_add_func ("/final/pair/checks", test_pair_checks);
  g_test_add_func ("/final/pair/counts", test_pair_counts);
  g_test_add_func ("/final/pair/import", test_import_pairs);
  g_test_add_func ("/final/pair/family-2021", test_family_2021);
  g_test_add_func ("/final/junior/checks", test_junior_checks);
  g_test_add_func ("/final/junior/stamp-and-entry-window", test_stamp_and_entry_window);
  g_test_add_func ("/final/prizes/individual-and-teams", test_prizes);
  g_test_add_func ("/final/prizes/team-limits", test_team_limits);
  g_test_add_func ("/final/prizes/women-not-both", test_women_not_both);
  g_test_add_func ("/final/prizes/shared-places", test_shared_places);
  g_test_add_func ("/final/prizes/juniors", test_juniors);
  g_test_add_func ("/final/prizes/exports", test_exports);
  g_test_add_func ("/final/prizes/print", test_print);
  g_test_add_func ("/final/prizes/print-pair-names", test_print_pair_names);
  g_test_add_func ("/final/schema-8", test_schema_8);
  status = g_test_run ();
  qw_test_remove_tree (tmp_dir);
  g_free (tmp_dir);
  return status;
}
