/* test-ui-final.c: the 2022 final in the GUI (issue 12 point 8), in Chinese
 *
 * A 2022 final is built through the core (an individual field and a pair
 * event, played through), and a 2021 stop beside it. The window offers the
 * pages of the document's ruleset: the ladder and prize pages for the final,
 * never the region or quota pages, and the reverse for the 2021 stop. The
 * ladder's game log, players list and wild cards are imported on the ladder
 * page, each one undoable step, and the page's figures are compared with
 * `qiwang-cli ladder --json` on the same files; the prize list with
 * `qiwang-cli prizes --json`. The new-event dialog makes a final of the 2022
 * ruleset with its days. Screenshots in the build directory: ladder-page.png,
 * ladder-finalists.png, ladder-public.png, pair-rounds.png,
 * pair-standings.png, prize-list.png, prize-teams.png and prize-list-pdf.png
 * (the PDF's first page, when pdftoppm is there). Needs a display.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "qw-board-item.h"
#include "qw-demo.h"
#include "qw-document-entries.h"
#include "qw-document-play.h"
#include "qw-entries-page.h"
#include "qw-entry-item.h"
#include "qw-entry.h"
#include "qw-event.h"
#include "qw-final.h"
#include "qw-game.h"
#include "qw-idcard.h"
#include "qw-ladder-page.h"
#include "qw-ladder-store.h"
#include "qw-new-stop-dialog.h"
#include "qw-print-dialog.h"
#include "qw-prizes-page.h"
#include "qw-registration.h"
#include "qw-rounds-page.h"
#include "qw-ruleset-championship.h"
#include "qw-standings-page.h"
#include "qw-text-row.h"
#include "qw-tournament.h"
#include "qw-wildcard-dialog.h"
#include "qw-window.h"
#include "qw-error.h"
#include "qw-test-window.h"
#include "ui-wait.h"
#include "qw-test-play.h"
#include "qw-test-people.h"

#define FINAL_NAME "2022年全国业余象棋棋王争霸赛总决赛"

static char *tmp_dir;
static void
close_window (QwWindow *window)
{
  gtk_window_destroy (GTK_WINDOW (window));
  qw_test_close_toplevels (QW_TYPE_PRINT_DIALOG);
}

static void
screenshot (QwWindow   *window,
            const char *name)
{
  qw_test_settle (GTK_WIDGET (window));
  qw_test_screenshot (GTK_WIDGET (window), name);
}

/* A toast shown and the window settled (its bar done sliding in), as a
 * person would see it before the next action. */
static void
wait_toast (QwWindow   *window,
            const char *title)
{
  qw_test_wait_toast (GTK_WIDGET (window), title);
  qw_test_settle (GTK_WIDGET (window));
}

static char *
path_in_tmp (const char *name)
{
  return g_build_filename (tmp_dir, name, NULL);
}

static char *
build_path (const char *name)
{
  return g_build_filename (g_getenv ("G_TEST_BUILDDIR") != NULL ? g_getenv ("G_TEST_BUILDDIR") : ".", name, NULL);
}

/* The ladder's files */

typedef struct
{
  GString *games;
} Log;

/* The stronger (smaller number) wins; a sum divisible by 7 draws. */
static const char *
result_of (int a,
           int b)
{
  if ((a + b) % 7 == 0)
    return "1:1";
  return a < b ? "2:0" : "0:2";
}

static char *
account (int k)
{
  /* One account is a mobile number: the public list masks it. */
  return k == 12 ? g_strdup ("13812345678") : g_strdup_printf ("p%02d", k);
}

/* Everyone of [from, to] plays everyone once, on @day. */
static void
round_robin (GString    *log,
             int         period,
             const char *stage,
             const char *day,
             int         from,
             int         to)
{
  int minute = 0;

  for (int a = from; a <= to; a++)
    for (int b = a + 1; b <= to; b++)
      {
        g_autofree char *red = account ((a + b) % 2 == 0 ? a : b);
        g_autofree char *black = account ((a + b) % 2 == 0 ? b : a);
        int r = (a + b) % 2 == 0 ? a : b;
        int k = (a + b) % 2 == 0 ? b : a;

        g_string_append_printf (log, "%d,%s,%s %02d:%02d,%s,%s,%s\n", period, stage, day, 8 + minute / 60,
                                minute % 60, red, black, result_of (r, k));
        minute += 7;
      }
}

static void
write_ladder_files (char **games,
                    char **players,
                    char **wildcards)
{
  g_autoptr(GString) log = g_string_new ("期,阶段,时间,红方,黑方,结果\n");
  g_autoptr(GString) list = g_string_new ("账号,姓名,性别,证件类型,证件号码,单位\n");
  static const char *surnames[] = { "赵", "钱", "孙", "李", "周", "吴", "郑", "王", "冯", "陈", "褚", "卫",
                                    "蒋", "沈", "韩", "杨" };
  g_autoptr(GError) error = NULL;

  /* Period 1: ten players' selection, five of them play the qualifying;
   * period 2: the last ten and the mobile number. A void game, a game left. */
  round_robin (log, 1, "海选", "2022-06-01", 1, 10);
  g_string_append (log, "1,海选,2022-06-02 09:00,p01,p02,无效\n");
  g_string_append (log, "1,海选,2022-06-02 09:30,p09,p10,红方逃跑\n");
  round_robin (log, 1, "入围", "2022-06-12", 1, 5);
  round_robin (log, 2, "海选", "2022-06-13", 6, 16);
  round_robin (log, 2, "入围", "2022-06-24", 6, 10);
  for (int k = 1; k <= 16; k++)
    {
      g_autofree char *acc = account (k);
      QwSex sex = k % 4 == 0 ? QW_SEX_FEMALE : QW_SEX_MALE;
      g_autofree char *birth = g_strdup_printf ("19%02d-0%d-1%d", 70 + k, 1 + k % 9, k % 9);
      g_autofree char *id = qw_test_person_id_number (k % 2 == 0 ? "33" : "11", birth, sex);

      g_string_append_printf (list, "%s,%s%s,%s,身份证,%s,%s\n", acc, surnames[k - 1], k % 4 == 0 ? "丽" : "强",
                              sex == QW_SEX_FEMALE ? "女" : "男", id, k % 2 == 0 ? "浙江棋协" : "北京棋院");
    }
  *games = path_in_tmp ("对局记录.csv");
  *players = path_in_tmp ("选手名单.csv");
  *wildcards = path_in_tmp ("外卡.csv");
  g_assert_true (g_file_set_contents (*games, log->str, -1, &error));
  g_assert_true (g_file_set_contents (*players, list->str, -1, &error));
  g_assert_true (g_file_set_contents (*wildcards, "账号,姓名,理由\nw01,钱外卡,杭州区县市比赛\nw02,孙外卡,公开赛\n", -1,
                                      &error));
  g_assert_no_error (error);
}

/* `qiwang-cli ARGS… --json` */
static JsonNode *
cli_json (const char *first,
          ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  int status = 0;
  va_list ap;

  g_ptr_array_add (argv, (gpointer) g_getenv ("QIWANG_CLI"));
  va_start (ap, first);
  for (const char *a = first; a != NULL; a = va_arg (ap, const char *))
    g_ptr_array_add (argv, (gpointer) a);
  va_end (ap);
  g_ptr_array_add (argv, (gpointer) "--json");
  g_ptr_array_add (argv, NULL);
  g_assert_nonnull (g_getenv ("QIWANG_CLI"));
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status,
                               &error));
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("qiwang-cli failed: %s", err);
  g_assert_true (json_parser_load_from_data (parser, out, -1, &error));
  g_assert_no_error (error);
  return json_node_copy (json_parser_get_root (parser));
}

/* An unmasked resident ID number: 17 digits and a digit or X. */
static gboolean
looks_like_id (const char *text)
{
  if (strlen (text) != 18)
    return FALSE;
  for (int i = 0; i < 17; i++)
    if (!g_ascii_isdigit (text[i]))
      return FALSE;
  return g_ascii_isdigit (text[17]) || text[17] == 'X';
}

static const char *
cell (GListModel *rows,
      guint       i,
      guint       k)
{
  g_autoptr(QwTextRow) row = g_list_model_get_item (rows, i);

  /* The rows live in the page's store: the text outlives this reference. */
  return qw_text_row_get (row, k);
}

static char *
int_text (JsonObject *o,
          const char *member)
{
  return g_strdup_printf ("%" G_GINT64_FORMAT, json_object_get_int_member (o, member));
}

/* The page's period tables against the CLI's. */
static void
compare_period (QwLadderPage *page,
                JsonObject   *period)
{
  JsonArray *selection = json_object_get_array_member (period, "selection");
  JsonArray *qualifying = json_object_get_array_member (period, "qualifying");
  GListModel *sel = qw_ladder_page_get_rows (page, "selection");
  GListModel *qual = qw_ladder_page_get_rows (page, "qualifying");

  g_assert_cmpuint (g_list_model_get_n_items (sel), ==, json_array_get_length (selection));
  g_assert_cmpuint (g_list_model_get_n_items (qual), ==, json_array_get_length (qualifying));
  for (guint i = 0; i < json_array_get_length (selection); i++)
    {
      JsonObject *r = json_array_get_object_element (selection, i);
      static const char *members[] = { "games", "wins", "draws", "losses", "left", "points" };

      g_assert_cmpstr (cell (sel, i, 1), ==, json_object_get_string_member (r, "player"));
      for (guint k = 0; k < G_N_ELEMENTS (members); k++)
        {
          g_autofree char *want = int_text (r, members[k]);

          g_assert_cmpstr (cell (sel, i, 3 + k), ==, want);
        }
      g_assert_cmpint (cell (sel, i, 9)[0] != '\0', ==, json_object_get_boolean_member (r, "qualified"));
    }
  for (guint i = 0; i < json_array_get_length (qualifying); i++)
    {
      JsonObject *r = json_array_get_object_element (qualifying, i);
      g_autofree char *rank = int_text (r, "rank");
      g_autofree char *games = int_text (r, "games");
      g_autofree char *wins = int_text (r, "wins");
      g_autofree char *points = int_text (r, "points");

      g_assert_cmpstr (cell (qual, i, 0), ==, rank);
      g_assert_cmpstr (cell (qual, i, 1), ==, json_object_get_string_member (r, "player"));
      g_assert_cmpstr (cell (qual, i, 3), ==, games);
      g_assert_cmpstr (cell (qual, i, 4), ==, wins);
      g_assert_cmpstr (cell (qual, i, 5), ==, points);
      g_assert_cmpint (cell (qual, i, 6)[0] != '\0', ==, json_object_get_boolean_member (r, "qualified"));
    }
}

/* The final, built through the core */

static QwEntry *
person (const char *name,
        QwSex       sex,
        const char *birth,
        const char *province,
        const char *unit,
        const char *account_name)
{
  QwEntry *e = qw_entry_new ();

  e->name = g_strdup (name);
  e->sex = sex;
  e->birth = g_strdup (birth);
  e->id_number = qw_test_person_id_number (province, birth, sex);
  e->unit = g_strdup (unit);
  e->account = g_strdup (account_name != NULL ? account_name : "");
  return e;
}

static void
add_entry (QwDocument      *doc,
           const QwRuleset *ruleset,
           const QwEvent   *event,
           QwEntry         *entry,
           const char      *group)
{
  g_autoptr(QwEntry) owned = entry;
  g_autoptr(GError) error = NULL;

  g_free (owned->group_code);
  owned->group_code = g_strdup (group);
  g_free (owned->declared_group);
  owned->declared_group = g_strdup (group);
  g_assert_true (qw_registration_add_entry (doc, ruleset, event, owned, &error));
  g_assert_no_error (error);
}

/* Every round of the group, the earlier entry winning. */
static void
play_group (QwDocument *doc,
            const char *code,
            QwSystem    system,
            int         swiss_rounds)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwSection) section = qw_tournament_find_section (doc, code, TRUE, &error);
  int rounds;

  g_assert_no_error (error);
  section->system = system;
  section->rounds = swiss_rounds;
  g_assert_true (qw_test_update_section (doc, &section, &error));
  g_assert_no_error (error);
  rounds = qw_tournament_total_rounds (doc, section);
  g_assert_cmpint (rounds, >, 0);
  for (int r = 1; r <= rounds; r++)
    {
      g_autoptr(GPtrArray) games = NULL;
      int paired = qw_test_pair (doc, &section, NULL, &error);

      g_assert_no_error (error);
      g_assert_cmpint (paired, ==, r);
      games = qw_document_list_games (doc, section->id, &error);
      for (guint i = 0; i < games->len; i++)
        {
          const QwGame *g = g_ptr_array_index (games, i);
          QwResultInput input = { 0 };

          if (g->round != r || g->black == 0 || g->result != QW_RESULT_NONE)
            continue;
          input.result = (g->red + g->black) % 9 == 0 ? QW_RESULT_DRAW
                         : g->red < g->black ? QW_RESULT_RED_WIN : QW_RESULT_BLACK_WIN;
          g_assert_true (qw_tournament_record_result (doc, section, r, g->board, &input, &error));
          g_assert_no_error (error);
        }
    }
}

static char *
make_final (void)
{
  g_autofree char *path = path_in_tmp ("总决赛.qiwang");
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = qw_document_create (path, QW_DOCUMENT_STOP, &error);
  g_autoptr(QwRuleset) ruleset = qw_ruleset_lookup ("qiwang-2022", &error);
  g_autoptr(QwEvent) event = qw_event_new ();
  static const char *provinces[] = { "33", "11", "44" };
  static const char *province_names[] = { "浙江", "北京", "广东" };

  g_assert_no_error (error);
  g_free (event->ruleset);
  event->ruleset = g_strdup (ruleset->id);
  event->name = g_strdup (FINAL_NAME);
  qw_ruleset_event_defaults (ruleset, event, FALSE);
  g_assert_cmpint (event->level, ==, QW_LEVEL_NATIONAL_FINAL);
  g_assert_true (qw_document_add_event (doc, event, &error));
  g_assert_no_error (error);

  /* The individual field: twelve players of three provinces, women at 2, 6, 9 and 11. */
  for (int k = 1; k <= 12; k++)
    {
      gboolean woman = k == 2 || k == 6 || k == 9 || k == 11;
      g_autofree char *name = g_strdup_printf ("%s%s%d", province_names[k % 3], woman ? "女" : "男", k);
      g_autofree char *birth = g_strdup_printf ("19%02d-0%d-1%d", 75 + k, 1 + k % 9, k % 9);
      g_autofree char *unit = g_strdup_printf ("%s棋队", province_names[k % 3]);
      g_autofree char *acc = g_strdup_printf ("p%02d", k);

      add_entry (doc, ruleset, event, person (name, woman ? QW_SEX_FEMALE : QW_SEX_MALE, birth, provinces[k % 3],
                                              unit, acc), "individual");
    }
  /* 男子双人: eight pairs of men who played online. */
  for (int k = 1; k <= 8; k++)
    {
      g_autofree char *a = g_strdup_printf ("男双甲%d", k);
      g_autofree char *b = g_strdup_printf ("男双乙%d", k);
      g_autofree char *b1 = g_strdup_printf ("198%d-03-0%d", k % 10, k);
      g_autofree char *b2 = g_strdup_printf ("199%d-04-0%d", k % 10, k);
      g_autofree char *acc = g_strdup_printf ("dm%da", k);
      g_autofree char *acc2 = g_strdup_printf ("dm%db", k);
      QwEntry *pair = qw_entry_new ();

      qw_entry_add_member (pair, person (a, QW_SEX_MALE, b1, "33", "绍兴棋协", acc));
      qw_entry_add_member (pair, person (b, QW_SEX_MALE, b2, "33", "绍兴棋协", acc2));
      qw_entry_pair_sync (pair);
      add_entry (doc, ruleset, event, pair, "doubles-m");
    }
  play_group (doc, "individual", QW_SYSTEM_SWISS, 5);
  play_group (doc, "doubles-m", QW_SYSTEM_ROUND_ROBIN, 0);
  return g_steal_pointer (&path);
}

/* The tests */

static void
test_final_pages (void)
{
  g_autofree char *path = make_final ();
  g_autofree char *games = NULL;
  g_autofree char *players = NULL;
  g_autofree char *wildcards = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) ladder_json = NULL;
  g_autoptr(JsonNode) prizes_json = NULL;
  QwWindow *window = qw_test_new_window (1280, 800);
  QwLadderPage *ladder_page;
  QwRoundsPage *rounds_page;
  QwStandingsPage *standings_page;
  QwPrizesPage *prizes_page;
  QwHistory *history;
  const QwLadder *ladder;
  JsonArray *periods, *finalists, *awards;
  GListModel *rows;
  gboolean pair_named = FALSE;
  g_autofree char *undone = NULL;
  g_autofree char *redone = NULL;

  write_ladder_files (&games, &players, &wildcards);
  g_assert_true (qw_window_open_file (window, file));
  history = qw_document_get_history (qw_window_get_document (window));

  /* The final's pages: no region or quota pages, the ladder and the prizes. */
  g_assert_false (qw_test_page_offered (window, "region"));
  g_assert_false (qw_test_page_offered (window, "national"));
  g_assert_true (qw_test_page_offered (window, "ladder"));
  g_assert_true (qw_test_page_offered (window, "entries"));
  g_assert_true (qw_test_page_offered (window, "rounds"));
  g_assert_true (qw_test_page_offered (window, "prizes"));
  /* The results file (成绩表) goes to a 2021 region: a final has none. */
  g_assert_false (qw_window_export_results (window, file, FALSE));

  /* The ladder: three imports, three undoable steps. */
  qw_window_show_page (window, "ladder");
  ladder_page = QW_LADDER_PAGE (qw_window_get_page (window, "ladder"));
  g_assert_null (qw_ladder_page_get_ladder (ladder_page));
  screenshot (window, "ladder-empty.png");
  g_assert_true (qw_ladder_page_import (ladder_page, QW_LADDER_FILE_GAMES, games));
  wait_toast (window, _("Game log imported"));
  g_assert_true (qw_ladder_page_import (ladder_page, QW_LADDER_FILE_PLAYERS, players));
  wait_toast (window, _("Players list imported"));
  g_assert_true (qw_ladder_page_import (ladder_page, QW_LADDER_FILE_WILDCARDS, wildcards));
  wait_toast (window, _("Wild cards imported"));
  ladder = qw_ladder_page_get_ladder (ladder_page);
  g_assert_nonnull (ladder);
  g_assert_cmpint (ladder->n_wildcards, ==, 2);
  g_assert_cmpstr (qw_history_get_undo_label (history), ==, _("Import the wild cards"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  undone = g_strdup_printf (_("Undone: %s"), _("Import the wild cards"));
  wait_toast (window, undone);
  g_assert_cmpint (qw_ladder_page_get_ladder (ladder_page)->n_wildcards, ==, 0);
  g_assert_false (qw_ladder_store_has (qw_window_get_document (window), QW_LADDER_FILE_WILDCARDS));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  redone = g_strdup_printf (_("Redone: %s"), _("Import the wild cards"));
  wait_toast (window, redone);
  g_assert_cmpint (qw_ladder_page_get_ladder (ladder_page)->n_wildcards, ==, 2);
  /* Removing a table is a step too. */
  g_assert_true (qw_ladder_page_forget (ladder_page, QW_LADDER_FILE_WILDCARDS));
  wait_toast (window, _("Wild cards removed"));
  g_assert_cmpint (qw_ladder_page_get_ladder (ladder_page)->n_wildcards, ==, 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_free (undone);
  undone = g_strdup_printf (_("Undone: %s"), _("Remove the wild cards"));
  wait_toast (window, undone);
  ladder = qw_ladder_page_get_ladder (ladder_page);
  g_assert_cmpint (ladder->n_wildcards, ==, 2);
  /* A wild card entered by hand, one more step; a second for the same account is refused. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (ladder_page), "ladder.add-wildcard", NULL));
  {
    QwWildcardDialog *dialog = QW_WILDCARD_DIALOG (qw_test_wait_toplevel (QW_TYPE_WILDCARD_DIALOG));

    qw_wildcard_dialog_set (dialog, "w03", "李外卡", 3);
    qw_wildcard_dialog_set_applied (dialog, "2022-09-20", NULL);
    qw_test_settle (GTK_WIDGET (window));
    qw_test_screenshot (GTK_WIDGET (dialog), "ladder-wildcard-dialog.png");
    adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "add");
    wait_toast (window, _("Wild card added"));
  }
  qw_test_close_toplevels (QW_TYPE_WILDCARD_DIALOG);
  g_assert_cmpint (qw_ladder_page_get_ladder (ladder_page)->n_wildcards, ==, 3);
  g_assert_cmpstr (qw_history_get_undo_label (history), ==, _("Add a wild card"));
  {
    QwWildcardDialog *again = qw_wildcard_dialog_new (GTK_WINDOW (window), GTK_WIDGET (ladder_page),
                                                      qw_window_get_context (window));

    qw_wildcard_dialog_set (again, "w03", "李外卡", 0);
    qw_wildcard_dialog_set_applied (again, "2022-09-21", NULL);
    g_assert_false (qw_wildcard_dialog_add (again, &error));
    g_assert_error (error, QW_ERROR, QW_ERROR_CONFLICT);
    g_clear_error (&error);
    gtk_window_destroy (GTK_WINDOW (again));
  }
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_free (undone);
  undone = g_strdup_printf (_("Undone: %s"), _("Add a wild card"));
  wait_toast (window, undone);
  ladder = qw_ladder_page_get_ladder (ladder_page);
  g_assert_cmpint (ladder->n_wildcards, ==, 2);
  /* A file the ladder cannot read is refused whole: nothing changes. */
  g_assert_false (qw_ladder_store_import (qw_window_get_document (window),
                                          qw_document_context_get_ruleset (qw_window_get_context (window)),
                                          QW_LADDER_FILE_GAMES, wildcards, NULL, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_true (qw_ladder_page_get_ladder (ladder_page) == ladder);

  /* The same figures as `qiwang-cli ladder`. */
  ladder_json = cli_json ("ladder", "--ruleset", "qiwang-2022", games, "--players", players, "--wildcards", wildcards,
                          NULL);
  periods = json_object_get_array_member (json_node_get_object (ladder_json), "periods");
  g_assert_cmpuint (json_array_get_length (periods), ==, ladder->periods->len);
  for (guint k = 0; k < 2; k++)
    {
      g_assert_true (qw_ladder_page_select_period (ladder_page, (int) k + 1));
      compare_period (ladder_page, json_array_get_object_element (periods, k));
    }
  finalists = json_object_get_array_member (json_node_get_object (ladder_json), "finalists");
  rows = qw_ladder_page_get_rows (ladder_page, "finalists");
  g_assert_cmpuint (g_list_model_get_n_items (rows), ==, json_array_get_length (finalists));
  g_assert_cmpuint (json_array_get_length (finalists), >, 2);
  for (guint i = 0; i < json_array_get_length (finalists); i++)
    g_assert_cmpstr (cell (rows, i, 1), ==, json_array_get_string_element (finalists, i));
  g_assert_cmpuint (g_list_model_get_n_items (qw_ladder_page_get_rows (ladder_page, "warnings")), ==,
                    json_array_get_length (json_object_get_array_member (json_node_get_object (ladder_json),
                                                                         "warnings")));
  /* 名单公示: the mobile number and the documents masked. */
  rows = qw_ladder_page_get_rows (ladder_page, "public");
  g_assert_cmpuint (g_list_model_get_n_items (rows), ==, json_array_get_length (finalists));
  for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
    for (guint k = 0; k < QW_TEXT_ROW_MAX_CELLS; k++)
      {
        g_assert_null (strstr (cell (rows, i, k), "13812345678"));
        g_assert_false (looks_like_id (cell (rows, i, k)));
      }

  /* The screenshots show the page, not the toasts over it. */
  qw_test_wait_no_toast (GTK_WIDGET (window));
  qw_ladder_page_select_period (ladder_page, 1);
  qw_ladder_page_show_view (ladder_page, "periods");
  screenshot (window, "ladder-page.png");
  qw_ladder_page_show_view (ladder_page, "finalists");
  screenshot (window, "ladder-finalists.png");
  qw_ladder_page_show_view (ladder_page, "public");
  screenshot (window, "ladder-public.png");

  /* The entries page lists a pair as one entrant of two, in its pair event. */
  {
    g_autoptr(GListStore) items = qw_entry_items_load (qw_window_get_document (window),
                                                       qw_document_context_get_ruleset (qw_window_get_context (window)),
                                                       qw_document_context_get_event (qw_window_get_context (window)),
                                                       &error);
    g_autoptr(QwEntryItem) last = NULL;

    g_assert_no_error (error);
    g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (items)), ==, 20);
    last = g_list_model_get_item (G_LIST_MODEL (items), 19);
    g_assert_cmpstr (qw_entry_item_get_group_name (last), ==, "男子双人");
    g_assert_cmpstr (qw_entry_item_get_group (last)->code, ==, "doubles-m");
  }
  /* The entries page lists a pair as one entrant of two. */
  qw_window_show_page (window, "entries");
  qw_entries_page_set_search (QW_ENTRIES_PAGE (qw_window_get_page (window, "entries")), "男双");
  screenshot (window, "pair-entries.png");
  qw_entries_page_set_search (QW_ENTRIES_PAGE (qw_window_get_page (window, "entries")), "");

  /* The pair event's rounds and standings name both members. */
  qw_window_show_page (window, "rounds");
  rounds_page = QW_ROUNDS_PAGE (qw_window_get_page (window, "rounds"));
  g_assert_true (qw_rounds_page_select_group (rounds_page, "doubles-m"));
  rows = qw_rounds_page_get_boards (rounds_page);
  g_assert_cmpuint (g_list_model_get_n_items (rows), >, 0);
  for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
    {
      g_autoptr(QwBoardItem) board = g_list_model_get_item (rows, i);
      g_autofree char *red = NULL;

      g_object_get (board, "red-name", &red, NULL);
      pair_named |= strstr (red, "男双甲") != NULL && strstr (red, " / 男双乙") != NULL;
    }
  g_assert_true (pair_named);
  screenshot (window, "pair-rounds.png");
  qw_window_show_page (window, "standings");
  standings_page = QW_STANDINGS_PAGE (qw_window_get_page (window, "standings"));
  g_assert_true (qw_standings_page_select_group (standings_page, "doubles-m"));
  g_assert_cmpuint (g_list_model_get_n_items (qw_standings_page_get_rows (standings_page)), ==, 8);
  screenshot (window, "pair-standings.png");

  /* The prize list: the same awards as `qiwang-cli prizes`. */
  qw_window_show_page (window, "prizes");
  prizes_page = QW_PRIZES_PAGE (qw_window_get_page (window, "prizes"));
  qw_page_reload (QW_PAGE (prizes_page));
  prizes_json = cli_json ("prizes", path, NULL);
  awards = json_node_get_array (prizes_json);
  rows = qw_prizes_page_get_rows (prizes_page, "awards");
  g_assert_cmpuint (json_array_get_length (awards), >, 0);
  g_assert_cmpuint (g_list_model_get_n_items (rows), ==, json_array_get_length (awards));
  for (guint i = 0; i < json_array_get_length (awards); i++)
    {
      JsonObject *a = json_array_get_object_element (awards, i);
      g_autofree char *place = int_text (a, "place");
      g_autofree char *amount = int_text (a, "amount");

      g_assert_cmpstr (cell (rows, i, 1), ==, place);
      g_assert_cmpstr (cell (rows, i, 3), ==, json_object_get_string_member (a, "name"));
      g_assert_cmpstr (cell (rows, i, 4), ==, json_object_get_string_member (a, "team"));
      g_assert_cmpstr (cell (rows, i, 5), ==, amount);
    }
  qw_prizes_page_show_view (prizes_page, "awards");
  screenshot (window, "prize-list.png");
  qw_prizes_page_show_view (prizes_page, "teams");
  screenshot (window, "prize-teams.png");

  /* Printed through the print dialog, as the page's Print button opens it. */
  {
    QwPrintDialog *dialog = qw_print_dialog_new (GTK_WINDOW (window), qw_window_get_document (window),
                                                 QW_PRINT_PRIZES, NULL, 0);
    g_autofree char *pdf = build_path ("prize-list.pdf");
    g_autoptr(GFile) pdf_file = g_file_new_for_path (pdf);
    g_autofree char *name = qw_print_dialog_suggest_name (dialog);
    g_autofree char *prefix = build_path ("prize-list-pdf");
    g_autofree char *pdftoppm = g_find_program_in_path ("pdftoppm");

    g_assert_true (g_str_has_prefix (name, "奖金名单"));
    g_assert_nonnull (qw_print_dialog_get_printout (dialog));
    gtk_window_set_default_size (GTK_WINDOW (dialog), 1100, 760);
    gtk_window_present (GTK_WINDOW (dialog));
    qw_test_wait_mapped (GTK_WIDGET (dialog));
    qw_test_screenshot (GTK_WIDGET (dialog), "prize-print-dialog.png");
    g_assert_true (qw_print_dialog_export_pdf (dialog, pdf_file, &error));
    g_assert_no_error (error);
    if (pdftoppm != NULL)
      {
        const char *argv[] = { pdftoppm, "-png", "-r", "90", "-f", "1", "-l", "1", "-singlefile", pdf, prefix, NULL };
        int status = 0;

        g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL, NULL, &status,
                                     &error));
        g_assert_no_error (error);
        g_assert_true (g_spawn_check_wait_status (status, NULL));
      }
    gtk_window_destroy (GTK_WINDOW (dialog));
  }
  close_window (window);
}

/* A 2021 stop has its pages and no ladder or prize list; its print dialog
 * offers no prize list. */
static void
test_stop_2021 (void)
{
  g_autofree char *path = path_in_tmp ("demo.qiwang");
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = qw_demo_create (path, &error);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  QwWindow *window;
  QwPrintDialog *dialog;
  g_autoptr(QwRuleset) r2021 = qw_ruleset_lookup ("qiwang-2021", NULL);
  g_autoptr(QwRuleset) r2022 = qw_ruleset_lookup ("qiwang-2022", NULL);

  g_assert_no_error (error);
  g_clear_object (&doc);
  window = qw_test_new_window (1280, 800);
  g_assert_true (qw_window_open_file (window, file));
  g_assert_true (qw_test_page_offered (window, "entries"));
  g_assert_true (qw_test_page_offered (window, "rounds"));
  g_assert_true (qw_test_page_offered (window, "standings"));
  g_assert_false (qw_test_page_offered (window, "ladder"));
  g_assert_false (qw_test_page_offered (window, "prizes"));
  g_assert_false (qw_test_page_offered (window, "region"));
  qw_window_show_page (window, "ladder");
  g_assert_cmpstr (adw_view_stack_get_visible_child_name (ADW_VIEW_STACK (gtk_widget_get_ancestor (
                     qw_window_get_page (window, "entries"), ADW_TYPE_VIEW_STACK))), !=, "ladder");
  /* The pages a 2021 stop never shows get no document either. */
  g_assert_null (qw_page_get_context (QW_PAGE (qw_window_get_page (window, "ladder"))));
  g_assert_null (qw_page_get_context (QW_PAGE (qw_window_get_page (window, "prizes"))));

  g_assert_true (qw_ruleset_offers (r2021, QW_RULESET_REGIONS));
  g_assert_false (qw_ruleset_offers (r2021, QW_RULESET_LADDER));
  g_assert_false (qw_print_kind_offered (r2021, QW_PRINT_PRIZES));
  g_assert_false (qw_ruleset_offers (r2022, QW_RULESET_REGIONS));
  g_assert_true (qw_print_kind_offered (r2022, QW_PRINT_PRIZES));
  dialog = qw_print_dialog_new (GTK_WINDOW (window), qw_window_get_document (window), QW_PRINT_PRIZES, NULL, 0);
  /* Not offered: the dialog starts on its first kind instead. */
  {
    g_autofree char *name = qw_print_dialog_suggest_name (dialog);

    g_assert_false (g_str_has_prefix (name, "奖金名单"));
  }
  gtk_window_destroy (GTK_WINDOW (dialog));
  close_window (window);
}

/* The new-event dialog: the 2022 ruleset makes a final with its days and
 * no region; the document stores it and opens on the final's pages. */
static void
test_new_final (void)
{
  QwWindow *window = qw_test_new_window (1280, 800);
  QwNewStopDialog *dialog = qw_new_stop_dialog_new (GTK_WINDOW (window));
  g_autoptr(QwEvent) before = NULL;
  g_autoptr(QwEvent) event = NULL;
  g_autoptr(QwEvent) stored = NULL;
  g_autoptr(QwRuleset) ruleset = qw_ruleset_lookup ("qiwang-2022", NULL);
  g_autofree char *path = path_in_tmp ("新总决赛.qiwang");
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = NULL;

  gtk_window_present (GTK_WINDOW (dialog));
  qw_test_wait_mapped (GTK_WIDGET (dialog));
  before = qw_new_stop_dialog_get_event (dialog);
  g_assert_cmpstr (before->ruleset, ==, "qiwang-2021");
  g_assert_true (qw_new_stop_dialog_set_ruleset (dialog, "qiwang-2022"));
  event = qw_new_stop_dialog_get_event (dialog);
  g_assert_cmpstr (event->ruleset, ==, "qiwang-2022");
  g_assert_cmpint (event->level, ==, QW_LEVEL_NATIONAL_FINAL);
  g_assert_cmpstr (event->region, ==, "");
  /* The final's name belongs to no region. */
  g_assert_cmpstr (event->name, ==, FINAL_NAME);
  g_assert_true (qw_date_compare (event->start_date, ruleset->final->first_day) == 0);
  g_assert_true (qw_date_compare (event->end_date, ruleset->final->last_day) == 0);
  qw_test_screenshot (GTK_WIDGET (dialog), "new-final-dialog.png");
  g_assert_true (qw_new_stop_dialog_create_at (dialog, file, &error));
  g_assert_no_error (error);
  gtk_window_destroy (GTK_WINDOW (dialog));

  doc = qw_document_open (path, &error);
  g_assert_no_error (error);
  stored = qw_document_get_main_event (doc, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (stored->ruleset, ==, "qiwang-2022");
  g_assert_cmpint (stored->level, ==, QW_LEVEL_NATIONAL_FINAL);
  g_clear_object (&doc);
  g_assert_true (qw_window_open_file (window, file));
  g_assert_true (qw_test_page_offered (window, "ladder"));
  g_assert_true (qw_test_page_offered (window, "prizes"));
  g_assert_false (qw_test_page_offered (window, "region"));
  close_window (window);
}

int
main (int    argc,
      char **argv)
{
  qw_test_ui_init (&argc, &argv);
  tmp_dir = g_dir_make_tmp ("qiwang-ui-final-XXXXXX", NULL);
  g_test_add_func ("/ui/final/pages", test_final_pages);
  g_test_add_func ("/ui/final/stop-2021", test_stop_2021);
  g_test_add_func ("/ui/final/new", test_new_final);
  return g_test_run ();
}
