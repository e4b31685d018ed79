/* test-stop-desk.c: the registration desk on the day of a stop (issue 9)
 *
 * Through the core, as the GUI calls it: the entries gate before pairing
 * (blocked, excluded, paired anyway, remembered), the sex and birth date a
 * valid ID number gives stored with the entry whichever service stored it,
 * a re-imported list merged row by row, late entries waiting until admitted
 * with the points of the rounds they missed (absences of kind late), the
 * documents the ruleset accepts, and the schema steps that bring version-4
 * and version-5 documents forward.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <sqlite3.h>
#include <string.h>

#include "qw-entry-check.h"
#include "qw-entry-import.h"
#include "qw-error.h"
#include "qw-history.h"
#include "qw-idcard.h"
#include "qw-pair-gate.h"
#include "qw-print-source.h"
#include "qw-print.h"
#include "qw-registration.h"
#include "qw-results-export.h"
#include "qw-results-file.h"
#include "qw-schema.sql.h"
#include "qw-standings.h"
#include "qw-test.h"
#include "qw-tournament.h"
#include "qw-test-play.h"
#include "qw-test-people.h"

typedef struct
{
  char       *dir;
  QwDocument *doc;
  QwEvent    *event;
  QwRuleset  *ruleset;
} Desk;

static QwEntry *
player (const char *name,
        const char *birth,
        const char *seq)
{
  QwEntry *e = qw_entry_new ();

  e->name = g_strdup (name);
  e->id_number = qw_test_id_number ("441323", birth, seq);
  e->unit = g_strdup ("白花镇象棋协会");
  return e;
}

static void
desk_set_up (Desk          *d,
             gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;

  d->dir = qw_test_make_tmp_dir ("qiwang-desk-XXXXXX");
  path = g_build_filename (d->dir, "stop.qiwang", NULL);
  d->doc = qw_document_create (path, QW_DOCUMENT_STOP, &error);
  g_assert_no_error (error);
  d->event = qw_event_new ();
  d->event->name = g_strdup ("2021年第六届全国象棋业余棋王赛广东赛区白花镇预选赛");
  d->event->start_date = qw_date_make (2021, 7, 3);
  g_assert_true (qw_document_add_event (d->doc, d->event, &error));
  d->ruleset = qw_test_ruleset ();
  qw_document_enable_history (d->doc);
}

static void
desk_tear_down (Desk          *d,
                gconstpointer  data)
{
  g_clear_object (&d->doc);
  qw_event_free (d->event);
  qw_ruleset_unref (d->ruleset);
  qw_test_remove_tree (d->dir);
  g_free (d->dir);
}

static void
add (Desk    *d,
     QwEntry *e)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (qw_registration_add_entry (d->doc, d->ruleset, d->event, e, &error));
  g_assert_no_error (error);
}

/* Six good players of open-m, 1991-03-01 … 06. */
static void
add_field (Desk *d,
           int   n)
{
  for (int i = 1; i <= n; i++)
    {
      g_autofree char *name = g_strdup_printf ("选手%d", i);
      g_autofree char *birth = g_strdup_printf ("199103%02d", i);
      g_autoptr(QwEntry) e = player (name, birth, "011");

      add (d, e);
    }
}

static QwEntry *
stored (Desk *d,
        int   no)
{
  g_autoptr(GPtrArray) entries = qw_document_list_entries (d->doc, d->event->id, NULL);

  for (guint i = 0; i < entries->len; i++)
    if (((QwEntry *) g_ptr_array_index (entries, i))->no == no)
      return qw_entry_copy (g_ptr_array_index (entries, i));
  g_assert_not_reached ();
}

static QwSection *
open_m (Desk *d)
{
  g_autoptr(GError) error = NULL;
  QwSection *s = qw_tournament_lookup_section (d->doc, d->event, "open-m", &error);

  g_assert_no_error (error);
  return s;
}

static QwGateItem *
item_of (GPtrArray *items,
         int        no)
{
  for (guint i = 0; i < items->len; i++)
    if (((QwGateItem *) g_ptr_array_index (items, i))->entry->no == no)
      return g_ptr_array_index (items, i);
  return NULL;
}

static gboolean
is_paired (QwDocument      *doc,
           const QwSection *section,
           int              round,
           gint64           entry_id)
{
  g_autoptr(GPtrArray) games = qw_document_list_round_games (doc, section->id, round, NULL);

  for (guint i = 0; games != NULL && i < games->len; i++)
    {
      const QwGame *g = g_ptr_array_index (games, i);

      if (g->red == entry_id || g->black == entry_id)
        return TRUE;
    }
  return FALSE;
}

static void
finish_round (Desk            *d,
              const QwSection *section,
              int              round)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) games = qw_document_list_round_games (d->doc, section->id, round, &error);

  for (guint i = 0; i < games->len; i++)
    {
      const QwGame *g = g_ptr_array_index (games, i);
      QwResultInput win = { QW_RESULT_RED_WIN, 0, 0, QW_PLAYOFF_NONE, FALSE };

      if (g->black != 0)
        g_assert_true (qw_tournament_record_result (d->doc, section, round, g->board, &win, &error));
      g_assert_no_error (error);
    }
}

static gboolean
log_mentions (QwDocument      *doc,
              const QwSection *section,
              const char      *text)
{
  g_autoptr(GPtrArray) lines = qw_document_list_round_log (doc, section->id, NULL);

  for (guint i = 0; lines != NULL && i < lines->len; i++)
    if (strstr (((QwRoundLogLine *) g_ptr_array_index (lines, i))->message, text) != NULL)
      return TRUE;
  return FALSE;
}

/* The entry's absences in the section, "round:kind:points" joined by
 * commas: "1:late:1,2:late:0". */
static char *
absences_of (QwDocument      *doc,
             const QwSection *section,
             gint64           entry_id)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) absences = qw_tournament_list_absences (doc, section, &error);
  g_autoptr(GString) text = g_string_new (NULL);

  g_assert_no_error (error);
  for (guint i = 0; i < absences->len; i++)
    {
      const QwAbsence *a = g_ptr_array_index (absences, i);

      if (a->entry_id == entry_id)
        g_string_append_printf (text, "%s%d:%s:%g", text->len > 0 ? "," : "", a->round,
                                qw_absence_kind_to_code (a->kind), a->points);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* 1. The entries gate */

/* Six good players, then one of each problem: the blocking ones stop the
 * pairing (and nothing is written), the others are warnings. */
static void
add_problem_field (Desk *d)
{
  g_autoptr(QwEntry) strong = player ("李晓东", "19850101", "013");
  g_autoptr(QwEntry) twin = player ("选手一号", "19910301", "011");   /* 选手1's number */
  g_autoptr(QwEntry) nameless = player ("", "19900202", "015");
  g_autoptr(QwEntry) passport = player ("约翰", "", "");
  g_autoptr(QwEntry) checksum = player ("校验", "19880808", "017");
  g_autoptr(QwEntry) old_form = qw_entry_new ();
  g_autoptr(QwEntry) no_id = qw_entry_new ();

  add_field (d, 6);
  g_free (strong->grade);
  strong->grade = g_strdup ("国家大师");
  add (d, strong);                                     /* 7 */
  add (d, twin);                                       /* 8 */
  add (d, nameless);                                   /* 9 */
  passport->doc_kind = QW_DOC_OTHER;
  g_free (passport->id_number);
  passport->id_number = g_strdup ("E12345678");
  passport->sex = QW_SEX_MALE;
  passport->birth = g_strdup ("1980-01-01");
  add (d, passport);                                   /* 10 */
  checksum->id_number[17] = checksum->id_number[17] == '1' ? '2' : '1';
  checksum->sex = QW_SEX_MALE;
  checksum->birth = g_strdup ("1988-08-08");
  add (d, checksum);                                   /* 11 */
  old_form->name = g_strdup ("老证");
  old_form->id_number = g_strdup ("441323880909013");  /* the 15-digit form */
  add (d, old_form);                                   /* 12 */
  no_id->name = g_strdup ("无证");
  no_id->sex = QW_SEX_MALE;
  no_id->birth = g_strdup ("1987-07-07");
  add (d, no_id);                                      /* 13 */
}

static void
test_gate_lists (Desk          *d,
                 gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwSection) section = NULL;
  g_autoptr(GPtrArray) items = NULL;
  QwGateItem *item;

  add_problem_field (d);
  section = open_m (d);
  items = qw_pair_gate_list (d->doc, section, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (qw_pair_gate_count_blocked (items), ==, 4);
  g_assert_null (item_of (items, 1));                  /* the first holder of the number is fine */
  g_assert_cmpuint ((item = item_of (items, 7))->blocking, ==, QW_PROBLEM_BIT (QW_PROBLEM_TOO_STRONG));
  g_assert_cmpuint ((item = item_of (items, 8))->blocking, ==, QW_PROBLEM_BIT (QW_PROBLEM_DUPLICATE_ID));
  g_assert_cmpuint ((item = item_of (items, 9))->blocking, ==, QW_PROBLEM_BIT (QW_PROBLEM_MISSING_NAME));
  g_assert_cmpuint ((item = item_of (items, 10))->blocking, ==, QW_PROBLEM_BIT (QW_PROBLEM_DOCUMENT_NOT_ACCEPTED));
  item = item_of (items, 11);
  g_assert_cmpuint (item->blocking, ==, 0);
  g_assert_true (item->warnings & QW_PROBLEM_BIT (QW_PROBLEM_ID_CHECKSUM));
  item = item_of (items, 12);
  g_assert_cmpuint (item->blocking, ==, 0);
  g_assert_cmpuint (item->warnings, ==, QW_PROBLEM_BIT (QW_PROBLEM_ID_OLD_FORM));
  item = item_of (items, 13);
  g_assert_cmpuint (item->blocking, ==, 0);
  g_assert_cmpuint (item->warnings, ==, QW_PROBLEM_BIT (QW_PROBLEM_MISSING_DOCUMENT));
}

static void
test_gate_refuses (Desk          *d,
                   gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwSection) section = NULL;
  QwHistory *history = qw_document_get_history (d->doc);
  const char *label;

  add_problem_field (d);
  label = qw_history_get_undo_label (history);
  section = open_m (d);
  g_assert_cmpint (qw_test_pair (d->doc, &section, NULL, &error), ==, 0);
  g_assert_error (error, QW_ERROR, QW_ERROR_BLOCKED);
  g_assert_nonnull (strstr (error->message, "No. 7 李晓东"));
  g_assert_nonnull (strstr (error->message, "No. 8 选手一号"));
  /* Nothing was written: no section, no step. */
  g_assert_null (qw_document_get_section (d->doc, d->event->id, "open-m", NULL));
  g_assert_cmpstr (qw_history_get_undo_label (history), ==, label);
}

static void
test_gate_exclude (Desk          *d,
                   gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwSection) section = NULL;
  g_autoptr(QwEntry) strong = NULL;
  g_autoptr(GPtrArray) games = NULL, entries = NULL, rows = NULL;
  QwHistory *history = qw_document_get_history (d->doc);

  add_problem_field (d);
  section = open_m (d);
  g_assert_cmpint (qw_test_pair_gated (d->doc, &section, QW_PAIR_GATE_EXCLUDE_BLOCKED, &error), ==, 1);
  g_assert_no_error (error);
  for (int no = 7; no <= 10; no++)
    {
      g_autoptr(QwEntry) e = stored (d, no);

      g_assert_cmpint (e->status, ==, QW_STATUS_EXCLUDED);
      g_assert_false (is_paired (d->doc, section, 1, e->id));
    }
  /* The warnings are paired. */
  for (int no = 11; no <= 13; no++)
    {
      g_autoptr(QwEntry) e = stored (d, no);

      g_assert_true (is_paired (d->doc, section, 1, e->id));
    }
  g_assert_true (log_mentions (d->doc, section, "No. 7 李晓东 is excluded"));
  /* Shown in the standings, below everyone. */
  finish_round (d, section, 1);
  games = qw_document_list_games (d->doc, section->id, &error);
  entries = qw_document_list_section_entries (d->doc, section, &error);
  rows = qw_standings_compute (d->ruleset, section, entries, games, 0);
  g_assert_cmpuint (rows->len, ==, 13);
  for (guint i = 0; i < rows->len; i++)
    {
      const QwStandingRow *row = g_ptr_array_index (rows, i);

      g_assert_cmpint (row->status == QW_STATUS_EXCLUDED, ==, i >= 9);
      /* Issue 19 point 7: no place for the excluded (it was 10–13). */
      if (i >= 9)
        g_assert_cmpint (row->rank, ==, 0);
      else
        g_assert_cmpint (row->rank, >=, 1);
    }
  /* Not asked again: the next round pairs. */
  g_assert_cmpint (qw_test_pair (d->doc, &section, NULL, &error), ==, 2);
  g_assert_no_error (error);
  /* The exclusion was part of round 1's step. */
  g_assert_true (qw_history_undo (history, NULL, &error));   /* round 2 */
  for (int i = 0; i < 4; i++)
    g_assert_true (qw_history_undo (history, NULL, &error));   /* the 4 results (9 played: a bye) */
  g_assert_cmpstr (qw_history_get_undo_label (history), ==, "Pairing of round 1");
  g_assert_true (qw_history_undo (history, NULL, &error));
  g_assert_no_error (error);
  strong = stored (d, 7);
  g_assert_cmpint (strong->status, ==, QW_STATUS_ACTIVE);
}

static void
test_gate_force_remembered (Desk          *d,
                            gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwSection) section = NULL;
  g_autoptr(QwEntry) strong = NULL, good = NULL;
  g_autoptr(GPtrArray) items = NULL;

  add_problem_field (d);
  section = open_m (d);
  g_assert_cmpint (qw_test_pair_gated (d->doc, &section, QW_PAIR_GATE_FORCE, &error), ==, 1);
  g_assert_no_error (error);
  strong = stored (d, 7);
  g_assert_cmpint (strong->status, ==, QW_STATUS_ACTIVE);
  g_assert_cmpstr (strong->allowed, ==, "too-strong");
  g_assert_true (is_paired (d->doc, section, 1, strong->id));
  g_assert_true (log_mentions (d->doc, section, "No. 7 李晓东 is paired anyway"));
  items = qw_pair_gate_list (d->doc, section, &error);
  g_assert_cmpuint (qw_pair_gate_count_blocked (items), ==, 0);
  g_assert_cmpuint (item_of (items, 7)->allowed, ==, QW_PROBLEM_BIT (QW_PROBLEM_TOO_STRONG));
  finish_round (d, section, 1);
  /* A problem found later is asked about. */
  good = stored (d, 2);
  g_free (good->grade);
  good->grade = g_strdup ("象棋大师");
  g_assert_true (qw_registration_update_entry (d->doc, d->ruleset, d->event, good, &error));
  g_assert_cmpint (qw_test_pair (d->doc, &section, NULL, &error), ==, 0);
  g_assert_error (error, QW_ERROR, QW_ERROR_BLOCKED);
  g_assert_nonnull (strstr (error->message, "No. 2 "));
  g_assert_null (strstr (error->message, "No. 7 "));
}

/* The GUI's per-entry answers, each its own step. */
static void
test_gate_answers (Desk          *d,
                   gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwSection) section = NULL;
  g_autoptr(QwEntry) strong = NULL, twin = NULL, back = NULL;
  QwHistory *history = qw_document_get_history (d->doc);

  add_problem_field (d);
  section = open_m (d);
  strong = stored (d, 7);
  twin = stored (d, 8);
  g_assert_true (qw_pair_gate_exclude (d->doc, section, strong->id, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (qw_history_get_undo_label (history), ==, "Exclusion of 李晓东");
  g_assert_true (qw_pair_gate_include (d->doc, section, strong->id, &error));
  g_assert_cmpstr (qw_history_get_undo_label (history), ==, "Taking back the exclusion of 李晓东");
  back = stored (d, 7);
  g_assert_cmpint (back->status, ==, QW_STATUS_ACTIVE);
  g_assert_true (qw_pair_gate_exclude (d->doc, section, strong->id, &error));
  g_assert_true (qw_pair_gate_allow (d->doc, section, twin->id, &error));
  g_assert_cmpstr (qw_history_get_undo_label (history), ==, "Pairing 选手一号 anyway");
  /* Nothing to allow on a good entry. */
  g_assert_false (qw_pair_gate_allow (d->doc, section, stored (d, 1)->id, &error));
  g_assert_error (error, QW_ERROR, QW_ERROR_CONFLICT);
  g_clear_error (&error);
  g_assert_true (qw_pair_gate_exclude (d->doc, section, stored (d, 9)->id, &error));
  g_assert_true (qw_pair_gate_exclude (d->doc, section, stored (d, 10)->id, &error));
  g_assert_cmpint (qw_test_pair (d->doc, &section, NULL, &error), ==, 1);
  g_assert_no_error (error);
  g_assert_true (is_paired (d->doc, section, 1, twin->id));
  g_assert_false (is_paired (d->doc, section, 1, strong->id));
}

/* The ruleset says what blocks and which documents it takes. */
static void
test_gate_ruleset (Desk          *d,
                   gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  /* A season of the user's own: rulesets are found by id only, in the
   * installed folder and then the user's (main() points it into the test's). */
  g_autofree char *folder = g_build_filename (g_get_user_data_dir (), "qiwang", "rulesets", NULL);
  g_autoptr(QwRuleset) open_rules = NULL;
  g_autoptr(QwSection) section = NULL;
  g_autoptr(GPtrArray) items = NULL;

  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  open_rules = qw_test_ruleset_variant (folder, "qiwang-open", "<accept>resident</accept>",
                                        "<accept>resident</accept><accept>other</accept>", NULL);
  g_assert_true (qw_ruleset_accepts_document (open_rules, "other"));
  g_assert_false (qw_ruleset_accepts_document (d->ruleset, "other"));
  g_assert_true (qw_ruleset_blocks_pairing (d->ruleset, "late-entry"));
  g_free (d->event->ruleset);
  d->event->ruleset = g_strdup ("qiwang-open");
  g_assert_true (qw_registration_update_event (d->doc, open_rules, d->event, &error));
  g_assert_no_error (error);
  add_problem_field (d);
  section = open_m (d);
  items = qw_pair_gate_list (d->doc, section, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (qw_pair_gate_count_blocked (items), ==, 3);
  g_assert_cmpuint (item_of (items, 10) != NULL ? item_of (items, 10)->blocking : 0, ==, 0);
}

/* 2. Stored facts */

static void
test_facts_stored (Desk          *d,
                   gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwEntry) typed = player ("王一", "19910305", "011");
  g_autoptr(QwEntry) mismatch = player ("王二", "19910306", "022");
  g_autoptr(QwEntry) edited = NULL, one = NULL, two = NULL;
  g_autoptr(QwResults) results = NULL;
  g_autoptr(GPtrArray) list = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_entry_free);
  g_autoptr(QwEntryImport) import = NULL;
  g_autofree char *csv = g_build_filename (d->dir, "ids.csv", NULL);
  g_autofree char *xml = NULL;
  g_autofree char *id = qw_test_id_number ("441323", "19920407", "024");
  g_autofree char *text = g_strdup_printf ("姓名,身份证号\n导入,%s\n", id);

  /* Typed in with only the number. */
  add (d, typed);
  one = stored (d, 1);
  g_assert_cmpint (one->sex, ==, QW_SEX_MALE);
  g_assert_cmpstr (one->birth, ==, "1991-03-05");
  g_assert_cmpstr (one->group_code, ==, "open-m");
  /* A typed date that differs is kept, and reported. */
  mismatch->birth = g_strdup ("1991-04-06");
  add (d, mismatch);
  two = stored (d, 2);
  g_assert_cmpstr (two->birth, ==, "1991-04-06");
  g_assert_cmpint (two->sex, ==, QW_SEX_FEMALE);
  /* Cleared in the dialog: read from the number again. */
  edited = qw_entry_copy (one);
  edited->sex = QW_SEX_UNKNOWN;
  g_free (edited->birth);
  edited->birth = g_strdup ("");
  g_assert_true (qw_registration_update_entry (d->doc, d->ruleset, d->event, edited, &error));
  g_clear_pointer (&one, qw_entry_free);
  one = stored (d, 1);
  g_assert_cmpstr (one->birth, ==, "1991-03-05");
  /* Imported with only the number. */
  g_assert_true (g_file_set_contents (csv, text, -1, &error));
  import = qw_entry_import_file (csv, &error);
  g_assert_no_error (error);
  g_assert_true (qw_registration_import_entries (d->doc, d->ruleset, d->event, import->entries, &error));
  g_clear_pointer (&one, qw_entry_free);
  one = stored (d, 3);
  g_assert_cmpint (one->sex, ==, QW_SEX_FEMALE);
  g_assert_cmpstr (one->birth, ==, "1992-04-07");
  /* … and into the results file. */
  results = qw_results_from_document (d->doc, &error);
  g_assert_no_error (error);
  xml = qw_results_to_xml (results, FALSE, NULL, &error);
  g_assert_nonnull (strstr (xml, "name=\"导入\" sex=\"F\" birth=\"1992-04-07\""));
  g_assert_nonnull (strstr (xml, "name=\"王一\" sex=\"M\" birth=\"1991-03-05\""));
}

/* 3. Re-import merges */

#define FIRST_LIST \
  "姓名,性别,出生日期,身份证号,单位\n" \
  "甲,男,1991-03-01,%s,白花镇象棋协会\n" \
  "乙,男,1991-03-02,,白花镇象棋协会\n" \
  "丙,男,1991-03-03,%s,惠东县象棋协会\n"

/* Row 1 unchanged; 2 updated (the same person without a number: a phone);
 * 3 updated by its number (the unit); 4 added, flagged bad-birth-date;
 * 5 rejected; 6 blank, skipped; 7 added, repeating row 3's number. */
#define SECOND_LIST \
  "姓名,性别,出生日期,身份证号,单位,手机\n" \
  "甲,男,1991-03-01,%s,白花镇象棋协会,\n" \
  "乙,男,1991/3/2,,白花镇象棋协会,13800000000\n" \
  "丙,男,1991-03-03,%s,惠州市棋院,\n" \
  "丁,男,1990/13/45,,稔山镇文化站,\n" \
  ",,,,,13900000000\n" \
  "\n" \
  "丙二,男,1991-03-03,%s,惠州市棋院,\n"

static QwImportReport *
import_text (Desk       *d,
             const char *name,
             const char *text)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (d->dir, name, NULL);
  g_autoptr(QwEntryImport) import = NULL;
  QwImportReport *report;

  g_assert_true (g_file_set_contents (path, text, -1, &error));
  import = qw_entry_import_file (path, &error);
  g_assert_no_error (error);
  report = qw_registration_import (d->doc, d->ruleset, d->event, import, &error);
  g_assert_no_error (error);
  g_assert_nonnull (report);
  return report;
}

static const QwImportRow *
row_of (QwImportReport *report,
        int             row)
{
  for (guint i = 0; i < report->rows->len; i++)
    if (((QwImportRow *) g_ptr_array_index (report->rows, i))->row == row)
      return g_ptr_array_index (report->rows, i);
  return NULL;
}

static void
test_import_merges (Desk          *d,
                    gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *a = qw_test_id_number ("441323", "19910301", "011");
  g_autofree char *c = qw_test_id_number ("441323", "19910303", "031");
  g_autofree char *first = g_strdup_printf (FIRST_LIST, a, c);
  g_autofree char *second = g_strdup_printf (SECOND_LIST, a, c, c);
  g_autoptr(QwImportReport) r1 = NULL, r2 = NULL, r3 = NULL;
  g_autoptr(QwEntry) yi = NULL, bing = NULL;
  QwHistory *history = qw_document_get_history (d->doc);

  r1 = import_text (d, "first.csv", first);
  g_assert_cmpuint (r1->added, ==, 3);
  r2 = import_text (d, "second.csv", second);
  g_assert_cmpuint (r2->added, ==, 2);
  g_assert_cmpuint (r2->updated, ==, 2);
  g_assert_cmpuint (r2->unchanged, ==, 1);
  g_assert_cmpuint (r2->rejected, ==, 1);
  g_assert_cmpuint (r2->rows->len, ==, 6);
  /* Rows are the file's own lines, the header line 1 (issue 19 point 8). */
  g_assert_cmpint (row_of (r2, 2)->outcome, ==, QW_ROW_UNCHANGED);
  g_assert_cmpint (row_of (r2, 2)->no, ==, 1);
  g_assert_cmpint (row_of (r2, 3)->outcome, ==, QW_ROW_UPDATED);
  g_assert_cmpint (row_of (r2, 4)->outcome, ==, QW_ROW_UPDATED);
  g_assert_cmpint (row_of (r2, 5)->outcome, ==, QW_ROW_ADDED);
  g_assert_true (row_of (r2, 5)->problems & QW_PROBLEM_BIT (QW_PROBLEM_BAD_BIRTH_DATE));
  g_assert_cmpint (row_of (r2, 6)->outcome, ==, QW_ROW_REJECTED);
  g_assert_nonnull (strstr (row_of (r2, 6)->reason, "Row 6"));
  g_assert_null (row_of (r2, 7));
  g_assert_cmpint (row_of (r2, 8)->outcome, ==, QW_ROW_ADDED);
  g_assert_cmpint (row_of (r2, 8)->no, ==, 5);
  g_assert_cmpuint (row_of (r2, 8)->problems, ==, QW_PROBLEM_BIT (QW_PROBLEM_DUPLICATE_ID));
  g_assert_cmpuint (row_of (r2, 4)->problems, ==, 0);   /* the earlier holder is not the duplicate */
  yi = stored (d, 2);
  g_assert_cmpstr (yi->phone, ==, "13800000000");
  bing = stored (d, 3);
  g_assert_cmpstr (bing->unit, ==, "惠州市棋院");
  g_assert_cmpint (qw_document_count_entries (d->doc, d->event->id), ==, 5);
  g_assert_cmpstr (qw_history_get_undo_label (history), ==, "Import of a registration list (2 added, 2 updated)");

  /* The same list again changes nothing and writes nothing. */
  r3 = import_text (d, "again.csv", second);
  g_assert_cmpuint (r3->added, ==, 0);
  g_assert_cmpuint (r3->updated, ==, 0);
  g_assert_cmpuint (r3->unchanged, ==, 5);
  g_assert_cmpstr (qw_history_get_undo_label (history), ==, "Import of a registration list (2 added, 2 updated)");

  /* One step: undone, the first list is back. */
  g_assert_true (qw_history_undo (history, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (qw_document_count_entries (d->doc, d->event->id), ==, 3);
  g_clear_pointer (&bing, qw_entry_free);
  bing = stored (d, 3);
  g_assert_cmpstr (bing->unit, ==, "惠东县象棋协会");
}

/* A first list without numbers, an updated one with them: the same people. */
static void
test_import_adds_numbers (Desk          *d,
                          gconstpointer  data)
{
  g_autofree char *a = qw_test_id_number ("441323", "19910301", "011");
  g_autofree char *with = g_strdup_printf ("姓名,出生日期,单位,身份证号\n甲,1991-03-01,白花镇象棋协会,%s\n", a);
  g_autoptr(QwImportReport) r1 = import_text (d, "without.csv", "姓名,出生日期,单位\n甲,1991-03-01,白花镇象棋协会\n");
  g_autoptr(QwImportReport) r2 = import_text (d, "with.csv", with);
  g_autoptr(QwEntry) e = stored (d, 1);

  g_assert_cmpuint (r2->updated, ==, 1);
  g_assert_cmpuint (r2->added, ==, 0);
  g_assert_cmpstr (e->id_number, ==, a);
  g_assert_cmpint (e->sex, ==, QW_SEX_MALE);
}

/* 4. Late entries */

static void
test_late_entry (Desk          *d,
                 gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwSection) section = NULL;
  g_autoptr(QwEntry) late = player ("迟到", "19910320", "051");
  g_autoptr(QwEntry) admitted = NULL;
  g_autoptr(GPtrArray) items = NULL, games = NULL, entries = NULL, rows = NULL, absences = NULL;
  g_autoptr(QwResults) results = NULL;
  g_autofree char *missed_text = NULL, *xml = NULL;
  const double missed[] = { 1 };
  QwHistory *history = qw_document_get_history (d->doc);

  add_field (d, 6);
  section = open_m (d);
  g_assert_cmpint (qw_test_pair (d->doc, &section, NULL, &error), ==, 1);
  add (d, late);
  g_assert_cmpint (late->status, ==, QW_STATUS_LATE);
  items = qw_pair_gate_list (d->doc, section, &error);
  g_assert_cmpuint (item_of (items, 7)->blocking, ==, QW_PROBLEM_BIT (QW_PROBLEM_LATE_ENTRY));
  finish_round (d, section, 1);
  /* Round 2 waits for the arbiter's answer. */
  g_assert_cmpint (qw_test_pair (d->doc, &section, NULL, &error), ==, 0);
  g_assert_error (error, QW_ERROR, QW_ERROR_BLOCKED);
  g_clear_error (&error);
  g_assert_cmpint (qw_pair_gate_missed_rounds (d->doc, section), ==, 1);
  /* Too many points for a round are refused. */
  g_assert_false (qw_pair_gate_admit (d->doc, section, late->id, (const double[]) { 3 }, 1, &error));
  g_assert_error (error, QW_ERROR, QW_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_true (qw_pair_gate_admit (d->doc, section, late->id, missed, 1, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (qw_history_get_undo_label (history), ==, "Admission of 迟到");
  admitted = stored (d, 7);
  g_assert_cmpint (admitted->status, ==, QW_STATUS_ACTIVE);
  /* Round 1 is its absence of kind late, with the point given. */
  missed_text = absences_of (d->doc, section, admitted->id);
  g_assert_cmpstr (missed_text, ==, "1:late:1");
  g_assert_true (log_mentions (d->doc, section, "No. 7 迟到 is admitted as a late entry"));
  /* One step: undone, the entry waits again and has no missed round. */
  g_assert_true (qw_history_undo (history, NULL, &error));
  g_clear_pointer (&admitted, qw_entry_free);
  admitted = stored (d, 7);
  g_assert_cmpint (admitted->status, ==, QW_STATUS_LATE);
  g_clear_pointer (&missed_text, g_free);
  missed_text = absences_of (d->doc, section, admitted->id);
  g_assert_cmpstr (missed_text, ==, "");
  g_assert_true (qw_history_redo (history, NULL, &error));
  g_assert_no_error (error);
  g_clear_pointer (&missed_text, g_free);
  missed_text = absences_of (d->doc, section, admitted->id);
  g_assert_cmpstr (missed_text, ==, "1:late:1");
  g_assert_cmpint (qw_test_pair (d->doc, &section, NULL, &error), ==, 2);
  g_assert_no_error (error);
  g_assert_false (is_paired (d->doc, section, 1, admitted->id));
  g_assert_true (is_paired (d->doc, section, 2, admitted->id));
  finish_round (d, section, 2);
  /* Round 1 shows as absent with the point given; it counts. */
  games = qw_document_list_games (d->doc, section->id, &error);
  entries = qw_document_list_section_entries (d->doc, section, &error);
  absences = qw_tournament_list_absences (d->doc, section, &error);
  rows = qw_standings_compute_with_absences (d->ruleset, section, entries, games, absences, 0);
  for (guint i = 0; i < rows->len; i++)
    {
      const QwStandingRow *row = g_ptr_array_index (rows, i);
      const QwRoundCell *first = &g_array_index (row->rounds, QwRoundCell, 0);
      const QwRoundCell *second = &g_array_index (row->rounds, QwRoundCell, 1);

      if (row->no != 7)
        {
          g_assert_false (first->absent);
          continue;
        }
      g_assert_true (first->absent);
      g_assert_cmpint (first->absence, ==, QW_ABSENCE_LATE);
      g_assert_cmpfloat (first->points, ==, 1);
      g_assert_cmpfloat (row->points, ==, 1 + second->points);
    }
  /* The results file carries the missed round and counts it. */
  results = qw_results_from_document (d->doc, &error);
  g_assert_no_error (error);
  xml = qw_results_to_xml (results, FALSE, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (xml, "<absence no=\"7\" round=\"1\" kind=\"late\" points=\"1\"/>"));
}

/* The Swiss counts a missed round's points: the late entry given a win's
 * points for round 1 meets a winner of round 1 in round 2. */
static void
test_late_swiss_score (Desk          *d,
                       gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwSection) section = NULL;
  g_autoptr(QwEntry) late = player ("迟到", "19910320", "051");
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(GPtrArray) round1 = NULL;
  g_autoptr(GHashTable) winners = g_hash_table_new (g_int64_hash, g_int64_equal);
  gint64 opponent = 0;

  add_field (d, 6);
  section = open_m (d);
  g_assert_cmpint (qw_test_pair (d->doc, &section, NULL, &error), ==, 1);
  finish_round (d, section, 1);
  round1 = qw_document_list_round_games (d->doc, section->id, 1, &error);
  for (guint i = 0; i < round1->len; i++)
    {
      QwGame *g = g_ptr_array_index (round1, i);

      g_hash_table_add (winners, &g->red);
    }
  add (d, late);
  g_assert_true (qw_pair_gate_admit (d->doc, section, late->id, (const double[]) { 2 }, 1, &error));
  g_assert_no_error (error);
  /* Seven players: the late entry's 2 points put it with the three winners
   * of round 1 (the bye goes to one of the others). */
  g_assert_cmpint (qw_test_pair (d->doc, &section, NULL, &error), ==, 2);
  g_assert_no_error (error);
  games = qw_document_list_round_games (d->doc, section->id, 2, &error);
  for (guint i = 0; i < games->len; i++)
    {
      const QwGame *g = g_ptr_array_index (games, i);

      if (g->red == late->id)
        opponent = g->black;
      else if (g->black == late->id)
        opponent = g->red;
    }
  g_assert_cmpint (opponent, !=, 0);
  g_assert_true (g_hash_table_contains (winners, &opponent));
}

static void
test_late_unpaired (Desk          *d,
                    gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwSection) section = NULL;
  g_autoptr(QwEntry) late = player ("迟到", "19910320", "051");
  g_autoptr(QwEntry) after = NULL;
  g_autofree char *before_unpair = NULL, *after_unpair = NULL;

  add_field (d, 6);
  section = open_m (d);
  g_assert_cmpint (qw_test_pair (d->doc, &section, NULL, &error), ==, 1);
  finish_round (d, section, 1);
  g_assert_cmpint (qw_test_pair (d->doc, &section, NULL, &error), ==, 2);
  add (d, late);
  g_assert_true (qw_pair_gate_admit (d->doc, section, late->id, (const double[]) { 0, 1 }, 2, &error));
  g_assert_no_error (error);
  before_unpair = absences_of (d->doc, section, late->id);
  g_assert_cmpstr (before_unpair, ==, "1:late:0,2:late:1");
  /* Round 2 is paired again with the late entry in it. */
  g_assert_true (qw_test_unpair_last (d->doc, &section, TRUE, &error));
  after = stored (d, 7);
  after_unpair = absences_of (d->doc, section, after->id);
  g_assert_cmpstr (after_unpair, ==, "1:late:0");
  g_assert_cmpint (qw_test_pair (d->doc, &section, NULL, &error), ==, 2);
  g_assert_true (is_paired (d->doc, section, 2, after->id));
}

/* Round 1 unpaired: the group has not started, and an entry that came in
 * after round 1 was paired waits no more as a late entry; round 1 paired
 * again pairs it like the others. Undo makes it late again (one step). */
static void
test_late_round1_unpaired (Desk          *d,
                           gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwSection) section = NULL;
  g_autoptr(QwEntry) late = player ("迟到", "19910320", "051");
  g_autoptr(QwEntry) waiting = NULL;
  g_autoptr(QwEntry) released = NULL;
  g_autoptr(QwEntry) again = NULL;

  add_field (d, 6);
  section = open_m (d);
  g_assert_cmpint (qw_test_pair (d->doc, &section, NULL, &error), ==, 1);
  add (d, late);
  waiting = stored (d, 7);
  g_assert_cmpint (waiting->status, ==, QW_STATUS_LATE);
  g_assert_true (qw_test_unpair_last (d->doc, &section, FALSE, &error));
  g_assert_no_error (error);
  released = stored (d, 7);
  g_assert_cmpint (released->status, ==, QW_STATUS_ACTIVE);
  g_assert_cmpint (qw_test_pair (d->doc, &section, NULL, &error), ==, 1);
  g_assert_no_error (error);
  g_assert_true (is_paired (d->doc, section, 1, released->id));
  /* Undo the pairing, then the unpairing: late again, as it was. */
  g_assert_true (qw_document_undo (d->doc, 0, NULL, &error));
  g_assert_true (qw_document_undo (d->doc, 0, NULL, &error));
  g_assert_no_error (error);
  again = stored (d, 7);
  g_assert_cmpint (again->status, ==, QW_STATUS_LATE);
}

/* Forced, a late entry joins with 0 for each round it missed. */
static void
test_late_forced (Desk          *d,
                  gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwSection) section = NULL;
  g_autoptr(QwEntry) late = player ("迟到", "19910320", "051");
  g_autoptr(QwEntry) after = NULL;
  g_autofree char *missed = NULL;

  add_field (d, 5);
  section = open_m (d);
  g_assert_cmpint (qw_test_pair (d->doc, &section, NULL, &error), ==, 1);
  finish_round (d, section, 1);
  add (d, late);
  g_assert_cmpint (qw_test_pair_gated (d->doc, &section, QW_PAIR_GATE_FORCE, &error), ==, 2);
  g_assert_no_error (error);
  after = stored (d, 6);
  g_assert_cmpint (after->status, ==, QW_STATUS_ACTIVE);
  missed = absences_of (d->doc, section, after->id);
  g_assert_cmpstr (missed, ==, "1:late:0");
  g_assert_true (is_paired (d->doc, section, 2, after->id));
}

/* Texts of a printout that are exactly @text, or contain it. */
typedef struct
{
  const char *text;
  gboolean    exact;
  guint       found;
} Find;

static void
find_text (const QwPrintTextInfo *info,
           gpointer               user_data)
{
  Find *f = user_data;

  if (f->exact ? g_strcmp0 (info->text, f->text) == 0 : strstr (info->text, f->text) != NULL)
    f->found++;
}

static guint
printed (QwDocument  *doc,
         QwPrintKind  kind,
         int          round,
         const char  *text,
         gboolean     exact)
{
  g_autoptr(GError) error = NULL;
  QwPrintOptions options = { .group = "open-m", .round = round };
  g_autoptr(QwPrintout) printout = qw_print_document (doc, kind, &options, NULL, &error);
  Find f = { text, exact, 0 };

  g_assert_no_error (error);
  for (guint p = 0; p < qw_printout_get_n_pages (printout); p++)
    qw_printout_foreach_text (printout, p, find_text, &f);
  return f.found;
}

/* The prints read the missed round from the same absence: round 1's
 * pairings list the late entry as not yet entered, round 2's count its 1.5
 * points before the round, and the standings show 缺席 with them. */
static void
test_late_printed (Desk          *d,
                   gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwSection) section = NULL;
  g_autoptr(QwEntry) late = player ("迟到", "19910320", "051");

  add_field (d, 6);
  section = open_m (d);
  g_assert_cmpint (qw_test_pair (d->doc, &section, NULL, &error), ==, 1);
  finish_round (d, section, 1);
  add (d, late);
  g_assert_true (qw_pair_gate_admit (d->doc, section, late->id, (const double[]) { 1.5 }, 1, &error));
  g_assert_no_error (error);
  g_assert_cmpint (qw_test_pair (d->doc, &section, NULL, &error), ==, 2);
  g_assert_cmpuint (printed (d->doc, QW_PRINT_PAIRINGS, 1, "尚未入场（补报名）：7 迟到", FALSE), ==, 1);
  g_assert_cmpuint (printed (d->doc, QW_PRINT_PAIRINGS, 2, "尚未入场", FALSE), ==, 0);
  g_assert_cmpuint (printed (d->doc, QW_PRINT_PAIRINGS, 2, "1.5", TRUE), ==, 1);
  finish_round (d, section, 2);
  g_assert_cmpuint (printed (d->doc, QW_PRINT_STANDINGS, 0, "缺席", TRUE), ==, 1);
  g_assert_cmpuint (printed (d->doc, QW_PRINT_STANDINGS, 0, "1.5", TRUE), ==, 1);
}

/* Excluded and taken back, an admitted late entry keeps its missed rounds
 * and plays on (it is not asked about again as a late entry), like an entry
 * that played. */
static void
test_late_included (Desk          *d,
                    gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwSection) section = NULL;
  g_autoptr(QwEntry) late = player ("迟到", "19910320", "051");
  g_autoptr(QwEntry) back = NULL, first = NULL;
  g_autofree char *missed = NULL;

  add_field (d, 6);
  section = open_m (d);
  g_assert_cmpint (qw_test_pair (d->doc, &section, NULL, &error), ==, 1);
  finish_round (d, section, 1);
  add (d, late);
  g_assert_true (qw_pair_gate_admit (d->doc, section, late->id, (const double[]) { 1 }, 1, &error));
  g_assert_true (qw_pair_gate_exclude (d->doc, section, late->id, &error));
  first = stored (d, 1);
  g_assert_true (qw_pair_gate_exclude (d->doc, section, first->id, &error));
  g_assert_no_error (error);
  g_assert_cmpint (qw_test_pair (d->doc, &section, NULL, &error), ==, 2);
  g_assert_no_error (error);
  g_assert_true (qw_pair_gate_include (d->doc, section, late->id, &error));
  g_assert_no_error (error);
  back = stored (d, 7);
  g_assert_cmpint (back->status, ==, QW_STATUS_ACTIVE);
  missed = absences_of (d->doc, section, late->id);
  g_assert_cmpstr (missed, ==, "1:late:1");
  /* No. 1 played round 1: it is paired again. */
  g_assert_true (qw_pair_gate_include (d->doc, section, first->id, &error));
  g_clear_pointer (&first, qw_entry_free);
  first = stored (d, 1);
  g_assert_cmpint (first->status, ==, QW_STATUS_ACTIVE);
}

/* An admitted late entry moved to another group before it played leaves
 * its missed rounds behind: in the new group it waits, or starts afresh. */
static void
test_late_moved (Desk          *d,
                 gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwSection) section = NULL;
  g_autoptr(QwEntry) late = player ("迟到", "19910320", "051");
  g_autoptr(QwEntry) moved = NULL;
  g_autofree char *before = NULL, *after = NULL;

  add_field (d, 6);
  section = open_m (d);
  g_assert_cmpint (qw_test_pair (d->doc, &section, NULL, &error), ==, 1);
  add (d, late);
  g_assert_true (qw_pair_gate_admit (d->doc, section, late->id, (const double[]) { 1 }, 1, &error));
  before = absences_of (d->doc, section, late->id);
  g_assert_cmpstr (before, ==, "1:late:1");
  moved = stored (d, 7);
  g_free (moved->declared_group);
  moved->declared_group = g_strdup ("open-f");
  moved->sex = QW_SEX_FEMALE;
  g_free (moved->id_number);
  moved->id_number = qw_test_id_number ("441323", "19910320", "062");
  g_assert_true (qw_registration_update_entry (d->doc, d->ruleset, d->event, moved, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (moved->group_code, !=, "open-m");
  after = absences_of (d->doc, section, late->id);
  g_assert_cmpstr (after, ==, "");
}

/* A round robin's draw is fixed: a late entry cannot join it. */
static void
test_late_round_robin (Desk          *d,
                       gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwSection) section = NULL;
  g_autoptr(QwEntry) late = player ("迟到", "19910320", "051");

  add_field (d, 4);
  section = open_m (d);
  section->system = QW_SYSTEM_ROUND_ROBIN;
  g_assert_true (qw_test_update_section (d->doc, &section, &error));
  g_assert_cmpint (qw_test_pair (d->doc, &section, NULL, &error), ==, 1);
  add (d, late);
  g_assert_false (qw_pair_gate_admit (d->doc, section, late->id, NULL, 0, &error));
  g_assert_error (error, QW_ERROR, QW_ERROR_CONFLICT);
  g_clear_error (&error);
  g_assert_true (qw_pair_gate_exclude (d->doc, section, late->id, &error));
  g_assert_no_error (error);
}

/* 11. Documents */

static void
test_documents (Desk          *d,
                gconstpointer  data)
{
  g_autoptr(QwEntry) none = player ("无证", "19910301", "011");
  g_autoptr(QwEntry) passport = player ("护照", "19910301", "011");
  g_autoptr(QwEntry) old = player ("旧证", "19910301", "011");
  QwCheckOptions options = { qw_date_make (2021, 7, 3), FALSE };
  QwEntryCheck check;

  g_free (none->id_number);
  none->id_number = g_strdup ("");
  none->sex = QW_SEX_MALE;
  none->birth = g_strdup ("1991-03-01");
  qw_entry_check (d->ruleset, none, &options, &check);
  g_assert_cmpuint (check.problems, ==, QW_PROBLEM_BIT (QW_PROBLEM_MISSING_DOCUMENT));
  passport->doc_kind = QW_DOC_OTHER;
  passport->sex = QW_SEX_MALE;
  passport->birth = g_strdup ("1991-03-01");
  qw_entry_check (d->ruleset, passport, &options, &check);
  g_assert_cmpuint (check.problems, ==, QW_PROBLEM_BIT (QW_PROBLEM_DOCUMENT_NOT_ACCEPTED));
  g_free (old->id_number);
  old->id_number = g_strdup ("441323910301011");
  qw_entry_check (d->ruleset, old, &options, &check);
  g_assert_cmpuint (check.problems, ==, QW_PROBLEM_BIT (QW_PROBLEM_ID_OLD_FORM));
  g_assert_false (qw_problem_is_error (QW_PROBLEM_ID_OLD_FORM));
  g_assert_cmpstr (qw_problem_code (QW_PROBLEM_DOCUMENT_NOT_ACCEPTED), ==, "document-not-accepted");
  g_assert_cmpint (qw_problem_from_code ("id-old-form"), ==, QW_PROBLEM_ID_OLD_FORM);
  g_assert_cmpint (qw_problem_from_code ("late-entry"), ==, QW_PROBLEM_LATE_ENTRY);
}

/* Schema steps 5 and 6 */

/* A version-4 document with games and standings referring to its entries:
 * the rebuilt table keeps every row, id and reference (nothing cascades),
 * its index, and takes the new statuses; step 6 follows. */
static void
test_migration_from_4 (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = qw_test_make_tmp_dir ("qiwang-desk-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "v4.qiwang", NULL);
  g_autoptr(QwDocument) doc = NULL;
  g_autoptr(GPtrArray) entries = NULL, games = NULL;
  g_autoptr(QwEntry) first = NULL;
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;
  int found = 0;

  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "PRAGMA foreign_keys = ON; PRAGMA application_id = 1363760967;"
                                 QW_SCHEMA_STEP_1 QW_SCHEMA_STEP_2 QW_SCHEMA_STEP_3 QW_SCHEMA_STEP_4
                                 "PRAGMA user_version = 4;"
                                 "INSERT INTO meta VALUES ('kind', 'stop');"
                                 "INSERT INTO event (id, ruleset, name) VALUES (1, 'qiwang-2021', '旧站');"
                                 "INSERT INTO player (id, name, sex) VALUES (1, '甲', 'M'), (2, '乙', 'M'), (3, '丙', 'M');"
                                 "INSERT INTO entry (id, event_id, player_id, no, group_code, status, withdrawn_before) "
                                 "VALUES (11, 1, 1, 1, 'open-m', 'active', 0), (12, 1, 2, 2, 'open-m', 'active', 0), "
                                 "(17, 1, 3, 3, 'open-m', 'withdrawn', 2);"
                                 "INSERT INTO section (id, event_id, code, name) VALUES (1, 1, 'open-m', '公开组男子');"
                                 "INSERT INTO game (section_id, round, board, red, black, result) "
                                 "VALUES (1, 1, 1, 11, 12, '2:0'), (1, 1, 2, 17, NULL, 'bye');"
                                 "INSERT INTO standing (section_id, rank, entry_id, points) VALUES (1, 1, 11, 2);",
                                 NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);

  doc = qw_document_open (path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (qw_document_peek_version (path, NULL), ==, qw_document_schema_version ());
  entries = qw_document_list_entries (doc, 1, &error);
  g_assert_cmpuint (entries->len, ==, 3);
  g_assert_cmpint (((QwEntry *) entries->pdata[2])->id, ==, 17);
  g_assert_cmpint (((QwEntry *) entries->pdata[2])->status, ==, QW_STATUS_WITHDRAWN);
  games = qw_document_list_games (doc, 1, &error);
  g_assert_cmpuint (games->len, ==, 2);
  /* The new statuses are stored. */
  first = qw_entry_copy (entries->pdata[0]);
  first->status = QW_STATUS_EXCLUDED;
  first->allowed = g_strdup ("too-strong");
  g_assert_true (qw_document_update_entry (doc, first, &error));
  g_assert_no_error (error);
  g_clear_object (&doc);

  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT COUNT(*) FROM standing WHERE entry_id = 11", -1, &stmt, NULL), ==,
                   SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  g_assert_cmpint (sqlite3_column_int (stmt, 0), ==, 1);
  sqlite3_finalize (stmt);
  /* The game table still refers to entry, and the index is there. */
  g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT \"from\" FROM pragma_foreign_key_list('game') "
                                       "WHERE \"table\" = 'entry' ORDER BY 1", -1, &stmt, NULL), ==, SQLITE_OK);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    {
      g_assert_cmpstr ((const char *) sqlite3_column_text (stmt, 0), ==, found == 0 ? "black" : "red");
      found++;
    }
  sqlite3_finalize (stmt);
  g_assert_cmpint (found, ==, 2);
  g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT COUNT(*) FROM sqlite_schema WHERE type = 'index' AND name = "
                                       "'entry_event'", -1, &stmt, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  g_assert_cmpint (sqlite3_column_int (stmt, 0), ==, 1);
  sqlite3_finalize (stmt);
  /* Step 6 ran after it: the absence table, and no entry column for missed rounds. */
  g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT (SELECT COUNT(*) FROM sqlite_schema WHERE name = 'absence'), "
                                       "(SELECT COUNT(*) FROM pragma_table_info('entry') "
                                       "WHERE name IN ('joined_round', 'missed_points'))", -1, &stmt, NULL), ==,
                   SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  g_assert_cmpint (sqlite3_column_int (stmt, 0), ==, 1);
  g_assert_cmpint (sqlite3_column_int (stmt, 1), ==, 0);
  sqlite3_finalize (stmt);
  g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT status, allowed FROM entry WHERE id = 11", -1, &stmt, NULL), ==,
                   SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  g_assert_cmpstr ((const char *) sqlite3_column_text (stmt, 0), ==, "excluded");
  g_assert_cmpstr ((const char *) sqlite3_column_text (stmt, 1), ==, "too-strong");
  sqlite3_finalize (stmt);
  sqlite3_close (db);
  qw_test_remove_tree (dir);
}

/* A version-5 document (statuses, allowed problems, a waiting late entry,
 * a game with a play-off): step 6 keeps every row and reference, and the
 * late entry's admission is stored as absences. */
static void
test_migration_from_5 (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = qw_test_make_tmp_dir ("qiwang-desk-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "v5.qiwang", NULL);
  g_autofree char *missed = NULL;
  g_autoptr(QwDocument) doc = NULL;
  g_autoptr(QwSection) section = NULL;
  g_autoptr(GPtrArray) entries = NULL, games = NULL;
  g_autoptr(QwEntry) late = NULL;
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;
  int found = 0;

  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "PRAGMA foreign_keys = ON; PRAGMA application_id = 1363760967;"
                                 QW_SCHEMA_STEP_1 QW_SCHEMA_STEP_2 QW_SCHEMA_STEP_3 QW_SCHEMA_STEP_4
                                 QW_SCHEMA_STEP_5 "PRAGMA user_version = 5;"
                                 "INSERT INTO meta VALUES ('kind', 'stop');"
                                 "INSERT INTO event (id, ruleset, name, start_date) "
                                 "VALUES (1, 'qiwang-2021', '旧站', '2021-07-03');"
                                 "INSERT INTO player (id, name, sex, birth) VALUES (1, '甲', 'M', '1991-03-01'), "
                                 "(2, '乙', 'M', '1991-03-02'), (3, '丙', 'M', '1991-03-03'), "
                                 "(4, '丁', 'M', '1991-03-04'), (5, '迟到', 'M', '1991-03-20');"
                                 "INSERT INTO entry (id, event_id, player_id, no, group_code, status, allowed) "
                                 "VALUES (11, 1, 1, 1, 'open-m', 'active', 'too-strong'), "
                                 "(12, 1, 2, 2, 'open-m', 'active', ''), (13, 1, 3, 3, 'open-m', 'active', ''), "
                                 "(14, 1, 4, 4, 'open-m', 'excluded', ''), (15, 1, 5, 5, 'open-m', 'late', '');"
                                 "INSERT INTO section (id, event_id, code, name) VALUES (1, 1, 'open-m', '公开组男子');"
                                 "INSERT INTO game (section_id, round, board, red, black, result, playoff) "
                                 "VALUES (1, 1, 1, 11, 12, '2:0', ''), (1, 1, 2, 13, NULL, 'bye', '');",
                                 NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);

  doc = qw_document_open (path, &error);
  g_assert_no_error (error);
  /* Brought to the newest version, whatever steps came after 6. */
  g_assert_cmpint (qw_document_peek_version (path, NULL), ==, qw_document_schema_version ());
  entries = qw_document_list_entries (doc, 1, &error);
  g_assert_cmpuint (entries->len, ==, 5);
  g_assert_cmpstr (((QwEntry *) entries->pdata[0])->allowed, ==, "too-strong");
  g_assert_cmpint (((QwEntry *) entries->pdata[3])->status, ==, QW_STATUS_EXCLUDED);
  g_assert_cmpint (((QwEntry *) entries->pdata[4])->status, ==, QW_STATUS_LATE);
  games = qw_document_list_games (doc, 1, &error);
  g_assert_cmpuint (games->len, ==, 2);
  /* The waiting late entry is admitted with a point for round 1. */
  section = qw_document_get_section (doc, 1, "open-m", &error);
  g_assert_no_error (error);
  g_assert_true (qw_pair_gate_admit (doc, section, 15, (const double[]) { 1 }, 1, &error));
  g_assert_no_error (error);
  late = qw_document_get_entry (doc, 15, &error);
  g_assert_cmpint (late->status, ==, QW_STATUS_ACTIVE);
  missed = absences_of (doc, section, 15);
  g_assert_cmpstr (missed, ==, "1:late:1");
  g_clear_object (&doc);

  /* The absence table refers to its section and entry; the game table
   * still refers to entry. */
  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT \"table\" FROM pragma_foreign_key_list('absence') ORDER BY 1",
                                       -1, &stmt, NULL), ==, SQLITE_OK);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    {
      g_assert_cmpstr ((const char *) sqlite3_column_text (stmt, 0), ==, found == 0 ? "entry" : "section");
      found++;
    }
  sqlite3_finalize (stmt);
  g_assert_cmpint (found, ==, 2);
  g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT COUNT(*) FROM pragma_foreign_key_list('game') "
                                       "WHERE \"table\" = 'entry'", -1, &stmt, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  g_assert_cmpint (sqlite3_column_int (stmt, 0), ==, 2);
  sqlite3_finalize (stmt);
  g_assert_cmpint (sqlite3_prepare_v2 (db, "PRAGMA foreign_key_check", -1, &stmt, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_DONE);
  sqlite3_finalize (stmt);
  sqlite3_close (db);
  qw_test_remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *home = qw_test_make_tmp_dir ("qiwang-desk-home-XXXXXX");
  g_autofree char *data_home = g_build_filename (home, "data", NULL);
  int status;

  /* The user's ruleset folder, in a folder of the test's own. */
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  g_test_init (&argc, &argv, NULL);
#define ADD(path, fn) g_test_add ("/desk/" path, Desk, NULL, desk_set_up, fn, desk_tear_down)
  ADD ("gate/lists", test_gate_lists);
  ADD ("gate/refuses", test_gate_refuses);
  ADD ("gate/exclude", test_gate_exclude);
  ADD ("gate/force-remembered", test_gate_force_remembered);
  ADD ("gate/answers", test_gate_answers);
  ADD ("gate/ruleset", test_gate_ruleset);
  ADD ("facts/stored", test_facts_stored);
  ADD ("import/merges", test_import_merges);
  ADD ("import/adds-numbers", test_import_adds_numbers);
  ADD ("late/admitted", test_late_entry);
  ADD ("late/swiss-score", test_late_swiss_score);
  ADD ("late/unpaired", test_late_unpaired);
  ADD ("late/round1-unpaired", test_late_round1_unpaired);
  ADD ("late/printed", test_late_printed);
  ADD ("late/included", test_late_included);
  ADD ("late/moved", test_late_moved);
  ADD ("late/forced", test_late_forced);
  ADD ("late/round-robin", test_late_round_robin);
  ADD ("documents", test_documents);
#undef ADD
  g_test_add_func ("/desk/migration-from-4", test_migration_from_4);
  g_test_add_func ("/desk/migration-from-5", test_migration_from_5);
  status = g_test_run ();
  qw_test_remove_tree (home);
  return status;
}
