/* test-ladder-cancel.c: cancelling a finalist's qualification (issue 19
 * point 17; seed 000 §九3 如被举报，经查实立即取消资格, §十一(三)3 若发现
 * 作弊行为，一经查实取消成绩), in the core and through qiwang-cli
 *
 * Period 1's qualifying stage has 24 players of distinct ranks; the top 23
 * go to the final. Cancelling one leaves the place empty: the 24th does not
 * move up (the seed states no rule for it, qw-ladder-cancel.c).
 *
 * A cancelled finalist entered into the final by hand (by account or by
 * document, before or after the cancellation) carries the problem
 * qualification-cancelled, which keeps the entry out of pairing; a stored
 * cancellation that no longer matches a finalist (the ladder's files
 * imported again) is warned about, in the core and in `ladder-finalists
 * --json` (cancellation_warnings).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>
#include <sys/wait.h>

#include "qw-cancelled-finalists.h"
#include "qw-document-entries.h"
#include "qw-entry-check.h"
#include "qw-error.h"
#include "qw-event.h"
#include "qw-ladder-store.h"
#include "qw-pair-gate.h"
#include "qw-registration.h"
#include "qw-ruleset-championship.h"
#include "qw-test.h"
#include "qw-test-region.h"

#define N_PLAYERS 24
#define CHEAT "13812345678"       /* the 5th: a mobile number, masked in the public list */
#define CHEAT_ID "11010519491231002X"

static char *tmp_dir;

static QwRuleset *
ruleset_2022 (void)
{
  g_autoptr(GError) error = NULL;
  QwRuleset *r = qw_ruleset_lookup ("qiwang-2022", &error);

  g_assert_no_error (error);
  return r;
}

/* A final's document with the ladder's log and players list imported. */
static char *
make_final (const char *name)
{
  char *path = g_build_filename (tmp_dir, name, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = qw_document_create (path, QW_DOCUMENT_STOP, &error);
  g_autoptr(QwRuleset) ruleset = ruleset_2022 ();
  g_autoptr(QwEvent) event = qw_event_new ();
  g_autofree char *players = NULL;
  g_autofree char *games = NULL;

  qw_test_write_ladder_inputs (tmp_dir, N_PLAYERS, 5, CHEAT, CHEAT_ID, &games, &players);

  g_assert_no_error (error);
  g_free (event->ruleset);
  event->ruleset = g_strdup (ruleset->id);
  event->name = g_strdup ("2022棋王争霸赛总决赛");
  qw_ruleset_event_defaults (ruleset, event, FALSE);
  g_assert_true (qw_document_add_event (doc, event, &error));
  g_assert_true (qw_ladder_store_import (doc, ruleset, QW_LADDER_FILE_GAMES, games, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (qw_ladder_store_import (doc, ruleset, QW_LADDER_FILE_PLAYERS, players, NULL, &error));
  g_assert_no_error (error);
  return path;
}

static gboolean
is_finalist (const QwLadder *ladder,
             const char     *a)
{
  for (guint i = 0; i < ladder->finalists->len; i++)
    if (g_str_equal (((QwLadderFinalist *) g_ptr_array_index (ladder->finalists, i))->account, a))
      return TRUE;
  return FALSE;
}

static QwLadderStored *
load (QwDocument *doc,
      QwRuleset  *ruleset)
{
  g_autoptr(GError) error = NULL;
  QwLadderStored *stored = qw_ladder_store_load (doc, ruleset, &error);

  g_assert_no_error (error);
  g_assert_nonnull (stored->ladder);
  return stored;
}

static void
test_cancel (void)
{
  g_autofree char *path = make_final ("cancel.qiwang");
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = qw_document_open (path, &error);
  g_autoptr(QwRuleset) ruleset = ruleset_2022 ();
  g_autoptr(QwLadderStored) before = NULL;
  g_autoptr(QwLadderStored) after = NULL;
  g_autoptr(QwLadderStored) undone = NULL;
  g_autofree char *cancelled = NULL;
  g_autofree char *label = NULL;
  g_autofree char *csv = NULL;
  const QwLadderCancelled *c;

  g_assert_no_error (error);
  qw_document_enable_history (doc);
  before = load (doc, ruleset);
  g_assert_cmpuint (before->ladder->finalists->len, ==, 23);
  g_assert_true (is_finalist (before->ladder, CHEAT));
  g_assert_false (is_finalist (before->ladder, "q24"));

  /* By 序号: the 5th finalist. */
  g_assert_true (qw_ladder_store_cancel (doc, ruleset, "5", QW_LADDER_CANCEL_CHEATING, "  代练，经平台核实  ",
                                        &cancelled, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (cancelled, ==, CHEAT);
  after = load (doc, ruleset);
  g_assert_false (is_finalist (after->ladder, CHEAT));
  g_assert_cmpuint (after->ladder->finalists->len, ==, 22);
  g_assert_cmpint (after->ladder->n_online, ==, 22);
  g_assert_cmpuint (after->ladder->cancelled->len, ==, 1);
  c = g_ptr_array_index (after->ladder->cancelled, 0);
  g_assert_cmpstr (c->finalist->account, ==, CHEAT);
  g_assert_cmpstr (c->reason, ==, "代练，经平台核实");
  g_assert_cmpint (c->kind, ==, QW_LADDER_CANCEL_CHEATING);
  g_assert_cmpint (c->number, ==, 5);
  g_assert_cmpint (c->finalist->rank, ==, 5);
  /* The place stays empty: the 24th of period 1 does not move up. */
  g_assert_false (is_finalist (after->ladder, "q24"));
  g_assert_null (qw_ladder_find_finalist (after->ladder, CHEAT));

  /* The public list: removed, no document, no reason, account masked. */
  csv = qw_ladder_public_list_csv (after->ladder);
  g_assert_nonnull (strstr (csv, "已取消资格（名额空缺）"));
  g_assert_nonnull (strstr (csv, "138****5678"));
  g_assert_null (strstr (csv, CHEAT));
  g_assert_null (strstr (csv, "代练"));
  g_assert_null (strstr (csv, "110105"));
  g_assert_null (strstr (csv, "002X"));

  /* One step: undo restores the finalist. */
  g_assert_true (qw_document_undo (doc, 0, &label, &error));
  g_assert_no_error (error);
  g_assert_nonnull (strstr (label, CHEAT));
  undone = load (doc, ruleset);
  g_assert_true (is_finalist (undone->ladder, CHEAT));
  g_assert_cmpuint (undone->ladder->finalists->len, ==, 23);
  g_assert_cmpuint (undone->ladder->cancelled->len, ==, 0);
}

static void
assert_refused (QwDocument  *doc,
                QwRuleset   *ruleset,
                const char  *finalist,
                const char  *reason,
                GQuark       domain,
                int          code,
                const char  *words)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *before = qw_document_get_meta (doc, "ladder-cancelled");
  g_autofree char *after = NULL;

  g_assert_false (qw_ladder_store_cancel (doc, ruleset, finalist, QW_LADDER_CANCEL_REPORTED, reason, NULL, &error));
  g_assert_error (error, domain, code);
  g_assert_nonnull (strstr (error->message, words));
  after = qw_document_get_meta (doc, "ladder-cancelled");
  g_assert_cmpstr (before, ==, after);
}

static void
test_bad_input (void)
{
  g_autofree char *path = make_final ("bad.qiwang");
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = qw_document_open (path, &error);
  g_autoptr(QwRuleset) ruleset = ruleset_2022 ();
  g_autoptr(QwLadderStored) stored = NULL;

  g_assert_no_error (error);
  assert_refused (doc, ruleset, "q01", "", QW_ERROR, QW_ERROR_INVALID, "reason");
  assert_refused (doc, ruleset, "q01", "   ", QW_ERROR, QW_ERROR_INVALID, "reason");
  assert_refused (doc, ruleset, "nobody", "举报属实", QW_ERROR, QW_ERROR_NOT_FOUND, "nobody");
  /* The 24th is no finalist, nor is a 序号 past the list. */
  assert_refused (doc, ruleset, "q24", "举报属实", QW_ERROR, QW_ERROR_NOT_FOUND, "q24");
  assert_refused (doc, ruleset, "24", "举报属实", QW_ERROR, QW_ERROR_NOT_FOUND, "24");
  g_assert_true (qw_ladder_store_cancel (doc, ruleset, "q01", QW_LADDER_CANCEL_REPORTED, "举报属实", NULL, &error));
  g_assert_no_error (error);
  assert_refused (doc, ruleset, "q01", "又一次", QW_ERROR, QW_ERROR_CONFLICT, "举报属实");
  stored = load (doc, ruleset);
  g_assert_cmpuint (stored->ladder->cancelled->len, ==, 1);
  g_assert_cmpuint (stored->ladder->finalists->len, ==, 22);
}

/* qiwang-cli */

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

static void
run_cli (Run *r,
         ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  va_list ap;
  const char *arg;

  g_ptr_array_add (argv, (char *) g_getenv ("QIWANG_CLI"));
  va_start (ap, r);
  while ((arg = va_arg (ap, const char *)) != NULL)
    g_ptr_array_add (argv, (char *) arg);
  va_end (ap);
  g_ptr_array_add (argv, NULL);
  g_spawn_sync (tmp_dir, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, &r->out, &r->err, &r->status,
                &error);
  g_assert_no_error (error);
  r->status = WIFEXITED (r->status) ? WEXITSTATUS (r->status) : -1;
}

static JsonObject *
parse (const char *text)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;

  json_parser_load_from_data (parser, text, -1, &error);
  g_assert_no_error (error);
  return json_object_ref (json_node_get_object (json_parser_get_root (parser)));
}

static void
test_cli (void)
{
  g_autofree char *path = make_final ("cli.qiwang");
  g_auto(Run) empty = { 0 };
  g_auto(Run) kind = { 0 };
  g_auto(Run) done = { 0 };
  g_auto(Run) twice = { 0 };
  g_auto(Run) text = { 0 };
  g_auto(Run) undo = { 0 };
  g_auto(Run) back = { 0 };
  g_autoptr(JsonObject) o = NULL;
  g_autoptr(JsonObject) restored = NULL;
  JsonArray *cancelled;
  JsonObject *row;

  run_cli (&empty, "ladder-cancel", path, "q02", "--reason", "", NULL);
  g_assert_cmpint (empty.status, !=, 0);
  g_assert_nonnull (strstr (empty.err, "reason"));
  run_cli (&kind, "ladder-cancel", path, "q02", "--reason", "x", "--kind", "lazy", NULL);
  g_assert_cmpint (kind.status, !=, 0);
  g_assert_nonnull (strstr (kind.err, "lazy"));

  run_cli (&done, "ladder-cancel", path, "q02", "--reason", "公示期间被举报替打，经查实", "--json", NULL);
  g_assert_cmpint (done.status, ==, 0);
  o = parse (done.out);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "finalists")), ==, 22);
  cancelled = json_object_get_array_member (o, "cancelled");
  g_assert_cmpuint (json_array_get_length (cancelled), ==, 1);
  row = json_array_get_object_element (cancelled, 0);
  g_assert_cmpstr (json_object_get_string_member (row, "account"), ==, "q02");
  g_assert_cmpstr (json_object_get_string_member (row, "name"), ==, "棋手2");
  g_assert_cmpstr (json_object_get_string_member (row, "reason"), ==, "公示期间被举报替打，经查实");
  g_assert_cmpstr (json_object_get_string_member (row, "kind"), ==, "reported");
  g_assert_cmpstr (json_object_get_string_member (row, "place"), ==, "empty");

  run_cli (&twice, "ladder-cancel", path, "q02", "--reason", "again", NULL);
  g_assert_cmpint (twice.status, !=, 0);
  g_assert_nonnull (strstr (twice.err, "q02"));

  run_cli (&text, "ladder-finalists", path, NULL);
  g_assert_cmpint (text.status, ==, 0);
  g_assert_nonnull (strstr (text.out, "公示期间被举报替打，经查实"));
  g_assert_nonnull (strstr (text.out, "名额空缺"));

  run_cli (&undo, "undo", path, NULL);
  g_assert_cmpint (undo.status, ==, 0);
  run_cli (&back, "ladder-finalists", path, "--json", NULL);
  g_assert_cmpint (back.status, ==, 0);
  restored = parse (back.out);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (restored, "finalists")), ==, 23);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (restored, "cancelled")), ==, 0);
}

/* Entering a cancelled finalist by hand (九3, 十一(三)3) */

static QwEvent *
final_event (QwDocument *doc)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) events = qw_document_list_events (doc, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (events->len, ==, 1);
  return qw_event_copy (g_ptr_array_index (events, 0));
}

static void
add_entry (QwDocument  *doc,
           QwRuleset   *ruleset,
           QwEvent     *event,
           const char  *name,
           const char  *id_number,
           const char  *account_text)
{
  g_autoptr(QwEntry) e = qw_entry_new ();
  g_autoptr(GError) error = NULL;

  g_free (e->name);
  e->name = g_strdup (name);
  e->sex = QW_SEX_FEMALE;
  g_free (e->birth);
  e->birth = g_strdup ("1949-12-31");
  g_free (e->id_number);
  e->id_number = g_strdup (id_number);
  g_free (e->account);
  e->account = g_strdup (account_text);
  g_assert_true (qw_registration_add_entry (doc, ruleset, event, e, &error));
  g_assert_no_error (error);
}

/* The entries flagged qualification-cancelled, by name, joined. */
static char *
flagged (QwDocument *doc,
         QwRuleset  *ruleset,
         QwEvent    *event)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) entries = qw_document_list_entries (doc, event->id, &error);
  g_autofree QwEntryCheck *checks = NULL;
  QwCheckOptions options = { event->start_date, FALSE };
  GString *out = g_string_new (NULL);

  g_assert_no_error (error);
  checks = g_new0 (QwEntryCheck, MAX (entries->len, 1));
  qw_entry_check_all (ruleset, entries, &options, checks);
  qw_registration_mark_cancelled (doc, entries, checks);
  for (guint i = 0; i < entries->len; i++)
    if (checks[i].problems & QW_PROBLEM_BIT (QW_PROBLEM_QUALIFICATION_CANCELLED))
      g_string_append_printf (out, "%s%s", out->len > 0 ? "," : "", ((QwEntry *) g_ptr_array_index (entries, i))->name);
  return g_string_free (out, FALSE);
}

/* Whether the pairing gate blocks the entry of that name for the cancellation. */
static gboolean
gate_blocks (QwDocument *doc,
             QwEvent    *event,
             const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) entries = qw_document_list_entries (doc, event->id, &error);
  g_autoptr(GPtrArray) items = NULL;
  QwSection section = { 0 };

  g_assert_no_error (error);
  for (guint i = 0; i < entries->len; i++)
    {
      const QwEntry *e = g_ptr_array_index (entries, i);

      if (g_str_equal (e->name, name))
        section.code = e->group_code;
    }
  g_assert_nonnull (section.code);
  section.event_id = event->id;
  items = qw_pair_gate_list_entries (doc, &section, entries, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < items->len; i++)
    {
      const QwGateItem *item = g_ptr_array_index (items, i);

      if (g_str_equal (item->entry->name, name))
        {
          gboolean cancelled = (item->blocking & QW_PROBLEM_BIT (QW_PROBLEM_QUALIFICATION_CANCELLED)) != 0;

          /* The gate offers no 仍然编排 for it: the cancellation is undone
           * on the ladder page, if at all. */
          if (cancelled)
            g_assert_false (qw_gate_item_can_allow (item));
          return cancelled;
        }
    }
  return FALSE;
}

static void
test_entry_blocked (void)
{
  g_autofree char *path = make_final ("entry.qiwang");
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = qw_document_open (path, &error);
  g_autoptr(QwRuleset) ruleset = ruleset_2022 ();
  g_autoptr(QwEvent) event = NULL;
  g_autofree char *none = NULL, *both = NULL, *undone = NULL, *label = NULL;
  g_autoptr(QwEntry) typed = qw_entry_new ();

  g_assert_no_error (error);
  qw_document_enable_history (doc);
  event = final_event (doc);
  /* The 2022 ruleset's gate blocks it (九3 立即取消资格). */
  g_assert_true (qw_ruleset_blocks_pairing (ruleset, "qualification-cancelled"));
  /* Entered before the cancellation: by account, by document, and another finalist. */
  add_entry (doc, ruleset, event, "按账号", "", CHEAT);
  add_entry (doc, ruleset, event, "按证件", CHEAT_ID, "");
  add_entry (doc, ruleset, event, "另一人", "110105198001010016", "q01");
  none = flagged (doc, ruleset, event);
  g_assert_cmpstr (none, ==, "");
  g_assert_false (gate_blocks (doc, event, "按账号"));

  g_assert_true (qw_ladder_store_cancel (doc, ruleset, CHEAT, QW_LADDER_CANCEL_CHEATING, "代练", NULL, &error));
  g_assert_no_error (error);
  both = flagged (doc, ruleset, event);
  g_assert_cmpstr (both, ==, "按账号,按证件");
  g_assert_true (gate_blocks (doc, event, "按账号"));
  g_assert_true (gate_blocks (doc, event, "按证件"));
  g_assert_false (gate_blocks (doc, event, "另一人"));
  /* Not "paired anyway": the cancellation is taken back by undo, if at all. */
  {
    g_autoptr(GPtrArray) entries = qw_document_list_entries (doc, event->id, &error);
    const QwEntry *e = g_ptr_array_index (entries, 0);
    QwSection section = { 0 };

    g_assert_cmpstr (e->name, ==, "按账号");
    section.event_id = event->id;
    section.code = e->group_code;
    g_assert_false (qw_pair_gate_allow (doc, &section, e->id, &error));
    g_assert_error (error, QW_ERROR, QW_ERROR_CONFLICT);
    g_assert_nonnull (strstr (error->message, "cancelled"));
    g_clear_error (&error);
    g_assert_true (gate_blocks (doc, event, "按账号"));
  }
  /* The entry dialog's check of an entry not stored yet: the 15-digit
   * form of the same card is the same person. */
  g_free (typed->id_number);
  typed->id_number = g_strdup ("110105491231002");
  g_assert_true (qw_registration_is_cancelled (doc, typed));
  g_free (typed->id_number);
  typed->id_number = g_strdup ("110105198001010016");
  g_assert_false (qw_registration_is_cancelled (doc, typed));

  /* Undo the cancellation: the entries play again. */
  g_assert_true (qw_document_undo (doc, 0, &label, &error));
  g_assert_no_error (error);
  undone = flagged (doc, ruleset, event);
  g_assert_cmpstr (undone, ==, "");
}

/* The same through qiwang-cli: an imported list and `entry`. */
static void
test_cli_entry_blocked (void)
{
  g_autofree char *path = make_final ("cli-entry.qiwang");
  g_autofree char *list = g_build_filename (tmp_dir, "entries.csv", NULL);
  g_auto(Run) cancel = { 0 };
  g_auto(Run) import = { 0 };
  g_auto(Run) entries = { 0 };
  g_auto(Run) one = { 0 };
  g_auto(Run) other = { 0 };

  g_assert_true (g_file_set_contents (list, "姓名,性别,出生日期,身份证号,账号\n"
                                            "某某,女,1949-12-31," CHEAT_ID ",\n"
                                            "棋手1,男,1980-01-01,110105198001010016,q01\n", -1, NULL));
  run_cli (&cancel, "ladder-cancel", path, "5", "--reason", "作弊，经查实", "--kind", "cheating", NULL);
  g_assert_cmpint (cancel.status, ==, 0);
  run_cli (&import, "import", path, list, NULL);
  g_assert_cmpint (import.status, ==, 0);
  run_cli (&entries, "entries", path, "--json", NULL);
  g_assert_cmpint (entries.status, ==, 0);
  g_assert_nonnull (strstr (entries.out, "qualification-cancelled"));
  run_cli (&one, "entry", path, "1", NULL);
  g_assert_cmpint (one.status, ==, 0);
  g_assert_nonnull (strstr (one.out, "qualification for the final was cancelled"));
  run_cli (&other, "entry", path, "2", "--json", NULL);
  g_assert_cmpint (other.status, ==, 0);
  g_assert_null (strstr (other.out, "qualification-cancelled"));
}

/* A stored cancellation that no longer matches a finalist */

static char *
rewrite (const char *name,
         const char *from,
         const char *to)
{
  g_autofree char *source = g_build_filename (tmp_dir, name, NULL);
  g_autofree char *text = NULL;
  g_auto(GStrv) parts = NULL;
  g_autofree char *joined = NULL;
  g_autofree char *out_name = g_strconcat ("changed-", name, NULL);
  char *path = g_build_filename (tmp_dir, out_name, NULL);

  g_assert_true (g_file_get_contents (source, &text, NULL, NULL));
  parts = g_strsplit (text, from, -1);
  g_assert_cmpuint (g_strv_length (parts), >, 1);
  joined = g_strjoinv (to, parts);
  g_assert_true (g_file_set_contents (path, joined, -1, NULL));
  return path;
}

static guint
count_warnings (const QwLadder      *ladder,
                QwLadderWarningKind  kind,
                const char          *player)
{
  guint n = 0;

  for (guint i = 0; i < ladder->warnings->len; i++)
    {
      const QwLadderWarning *w = g_ptr_array_index (ladder->warnings, i);

      n += w->kind == kind && g_strcmp0 (w->player, player) == 0;
    }
  return n;
}

static void
test_stale (void)
{
  g_autofree char *path = make_final ("stale.qiwang");
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = qw_document_open (path, &error);
  g_autoptr(QwRuleset) ruleset = ruleset_2022 ();
  g_autoptr(QwLadderStored) fresh = NULL, renamed = NULL, gone = NULL;
  g_autofree char *players = NULL, *games = NULL, *label = NULL;
  g_auto(Run) json = { 0 };
  g_autoptr(JsonObject) o = NULL;
  JsonArray *warnings;

  g_assert_no_error (error);
  qw_document_enable_history (doc);
  g_assert_true (qw_ladder_store_cancel (doc, ruleset, CHEAT, QW_LADDER_CANCEL_REPORTED, "举报属实", NULL, &error));
  g_assert_no_error (error);
  fresh = load (doc, ruleset);
  g_assert_cmpuint (count_warnings (fresh->ladder, QW_LADDER_WARNING_CANCELLED_NOT_FINALIST, CHEAT), ==, 0);
  g_assert_cmpuint (count_warnings (fresh->ladder, QW_LADDER_WARNING_CANCELLED_IDENTITY_CHANGED, CHEAT), ==, 0);

  /* The players list imported again gives the account to another person. */
  players = rewrite ("players.csv", "棋手5,男,身份证," CHEAT_ID, "别人,男,身份证,110105198001010016");
  g_assert_true (qw_ladder_store_import (doc, ruleset, QW_LADDER_FILE_PLAYERS, players, NULL, &error));
  g_assert_no_error (error);
  renamed = load (doc, ruleset);
  g_assert_cmpuint (count_warnings (renamed->ladder, QW_LADDER_WARNING_CANCELLED_IDENTITY_CHANGED, CHEAT), ==, 1);
  /* … and the cancellation still holds: it never lapses on its own. */
  g_assert_cmpuint (renamed->ladder->cancelled->len, ==, 1);
  g_assert_false (is_finalist (renamed->ladder, CHEAT));
  g_assert_true (qw_document_undo (doc, 0, &label, &error));
  g_assert_no_error (error);

  /* The game log imported again: the account is no finalist now. */
  games = rewrite ("games.csv", "," CHEAT ",", ",13900000000,");
  g_assert_true (qw_ladder_store_import (doc, ruleset, QW_LADDER_FILE_GAMES, games, NULL, &error));
  g_assert_no_error (error);
  gone = load (doc, ruleset);
  g_assert_cmpuint (gone->ladder->cancelled->len, ==, 0);
  g_assert_cmpuint (count_warnings (gone->ladder, QW_LADDER_WARNING_CANCELLED_NOT_FINALIST, CHEAT), ==, 1);
  g_clear_object (&doc);

  run_cli (&json, "ladder-finalists", path, "--json", NULL);
  g_assert_cmpint (json.status, ==, 0);
  o = parse (json.out);
  warnings = json_object_get_array_member (o, "cancellation_warnings");
  g_assert_nonnull (warnings);
  g_assert_cmpuint (json_array_get_length (warnings), ==, 1);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (warnings, 0), "code"), ==,
                   "cancelled-not-finalist");
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (warnings, 0), "account"), ==,
                   CHEAT);
}

/* A wild card entered by hand has its 申请日期 checked against the deadline
 * (seed 000 §十三(四)1: 10月1日, the ruleset's <wildcards deadline>) as an
 * imported one: late is refused unless the arbiter allowed it (逾期准许). */

static gboolean
is_wildcard_finalist (const QwLadder *ladder,
                      const char     *a)
{
  const QwLadderFinalist *f = qw_ladder_find_finalist (ladder, a);

  return f != NULL && f->via == QW_LADDER_VIA_WILDCARD && g_str_equal (f->account, a);
}

static void
test_wildcard_applied (void)
{
  g_autofree char *path = make_final ("wildcard.qiwang");
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = qw_document_open (path, &error);
  g_autoptr(QwRuleset) ruleset = ruleset_2022 ();
  g_autoptr(QwLadderStored) stored = NULL;

  g_assert_no_error (error);
  /* No date, or one that is not a date: refused, nothing stored. */
  g_assert_false (qw_ladder_store_add_wildcard (doc, ruleset, "w01", "甲", "hangzhou", "", NULL, &error));
  g_assert_error (error, QW_ERROR, QW_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (qw_ladder_store_add_wildcard (doc, ruleset, "w01", "甲", "hangzhou", "2022-13-01", NULL, &error));
  g_assert_error (error, QW_ERROR, QW_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "2022-13-01"));
  g_clear_error (&error);
  g_assert_false (qw_ladder_store_has (doc, QW_LADDER_FILE_WILDCARDS));
  /* In time, on the deadline, late, late but allowed. */
  g_assert_true (qw_ladder_store_add_wildcard (doc, ruleset, "w01", "甲", "hangzhou", "2022-09-20", NULL, &error));
  g_assert_true (qw_ladder_store_add_wildcard (doc, ruleset, "w02", "乙", "open", "2022-10-01", NULL, &error));
  g_assert_true (qw_ladder_store_add_wildcard (doc, ruleset, "w03", "丙", "open", "2022-10-05", "", &error));
  g_assert_true (qw_ladder_store_add_wildcard (doc, ruleset, "w04", "丁", "open", "2022-10-06", "组委会同意",
                                              &error));
  g_assert_no_error (error);
  stored = load (doc, ruleset);
  g_assert_true (is_wildcard_finalist (stored->ladder, "w01"));
  g_assert_true (is_wildcard_finalist (stored->ladder, "w02"));
  g_assert_false (is_wildcard_finalist (stored->ladder, "w03"));
  g_assert_true (is_wildcard_finalist (stored->ladder, "w04"));
  g_assert_cmpuint (count_warnings (stored->ladder, QW_LADDER_WARNING_WILDCARD_LATE, "w03"), ==, 1);
  g_assert_cmpuint (count_warnings (stored->ladder, QW_LADDER_WARNING_WILDCARD_LATE_ALLOWED, "w04"), ==, 1);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  tmp_dir = qw_test_make_tmp_dir ("qiwang-ladder-cancel-XXXXXX");
  g_test_add_func ("/ladder-cancel/cancel", test_cancel);
  g_test_add_func ("/ladder-cancel/bad-input", test_bad_input);
  g_test_add_func ("/ladder-cancel/cli", test_cli);
  g_test_add_func ("/ladder-cancel/entry-blocked", test_entry_blocked);
  g_test_add_func ("/ladder-cancel/cli-entry-blocked", test_cli_entry_blocked);
  g_test_add_func ("/ladder-cancel/stale", test_stale);
  g_test_add_func ("/ladder-cancel/wildcard-applied", test_wildcard_applied);
  status = g_test_run ();
  qw_test_remove_tree (tmp_dir);
  g_free (tmp_dir);
  return status;
}
