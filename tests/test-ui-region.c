/* test-ui-region.c: the region and national pages, driven as a province and
 * the national organiser would, in Chinese
 *
 * A realistic 广东 region is built the way it happens: stops run in Qiwang
 * (the demo and four simulated ones) export their results files, the
 * province keeps a stops CSV for those that did not use Qiwang, types one
 * more in, and runs its provincial final in the region document. The page
 * imports the folder; the test checks what the page shows and writes the
 * screenshots (screenshot-region.png, screenshot-quota.png, …) into the
 * build directory. Needs a display; skipped without one.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <locale.h>

#include "qw-data.h"
#include "qw-error.h"
#include "qw-demo.h"
#include "qw-import-report.h"
#include "qw-national-page.h"
#include "qw-new-region-dialog.h"
#include "qw-new-stop-dialog.h"
#include "qw-nominees.h"
#include "qw-region-page.h"
#include "qw-stop-dialog.h"
#include "qw-stop-item.h"
#include "qw-team.h"
#include "qw-tournament.h"
#include "qw-window.h"
#include "qw-date.h"
#include "qw-document-entries.h"
#include "qw-document-play.h"
#include "qw-entry-check.h"
#include "qw-entry.h"
#include "qw-event.h"
#include "qw-game.h"
#include "qw-results-export.h"
#include "qw-test-window.h"
#include "ui-wait.h"
#include "qw-test-play.h"
#include "qw-test.h"

#define PREFIX "2021年第六届全国象棋业余棋王赛广东赛区"

static char *tmp_dir;

/* Stops run in Qiwang */

typedef struct
{
  const char  *place;          /* the name after the region: "惠州市惠阳区预选赛" */
  const char  *host;
  QwHostLevel  host_level;
  const char  *prefecture;
  const char  *county_city;
  const char  *honours;
  const char  *grade;          /* the chief arbiter's */
  int          month, day;
  guint        players;
} StopSpec;

static const StopSpec stops[] = {
  { "惠州市惠阳区预选赛", "惠阳区象棋协会", QW_HOST_COUNTY, "惠州市", "", "象棋之乡", "一级", 5, 15, 36 },
  { "惠州市博罗县预选赛", "博罗县文化馆", QW_HOST_COUNTY, "惠州市", "", "", "一级", 6, 12, 28 },
  { "惠州市龙门县预选赛", "龙门县象棋协会", QW_HOST_COUNTY, "惠州市", "", "", "二级", 8, 7, 24 },
  { "广州市越秀区东山实验小学预选赛", "东山实验小学", QW_HOST_TOWNSHIP, "广州市", "", "象棋特色学校", "国家级", 8, 21, 30 },
  { "韶关市乳源瑶族自治县预选赛", "乳源县棋协", QW_HOST_COUNTY, "韶关市", "", "", "一级", 9, 4, 16 },
};

/* Plays the open-m group of a stop: every round paired and finished, with
 * results that depend only on the board. */
static void
play_group (QwDocument *doc,
            const char *code,
            int         rounds)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwSection) section = qw_tournament_find_section (doc, code, TRUE, &error);

  g_assert_no_error (error);
  for (int round = qw_document_last_round (doc, section->id) + 1; round <= rounds; round++)
    {
      g_autoptr(GPtrArray) games = NULL;

      if (qw_test_pair (doc, &section, NULL, &error) != round)
        {
          /* A small group runs out of new pairings: it stops there. */
          g_clear_error (&error);
          break;
        }
      games = qw_document_list_games (doc, section->id, &error);
      g_assert_no_error (error);
      for (guint i = 0; i < games->len; i++)
        {
          const QwGame *g = g_ptr_array_index (games, i);
          QwResultInput input = { QW_RESULT_RED_WIN, 0, 0, QW_PLAYOFF_NONE, FALSE };

          if (g->round != round || g->black == 0 || g->result != QW_RESULT_NONE)
            continue;
          input.result = (g->board + round) % 3 == 0 ? QW_RESULT_DRAW
                         : (g->board + round) % 3 == 1 ? QW_RESULT_RED_WIN : QW_RESULT_BLACK_WIN;
          g_assert_true (qw_tournament_record_result (doc, section, round, g->board, &input, &error));
          g_assert_no_error (error);
        }
    }
}

/* Runs a stop in its own document and writes its results file; its players
 * go into @players for the provincial final to draw from. */
static char *
run_stop (const StopSpec *spec,
          guint           seed,
          GPtrArray      *players)
{
  g_autofree char *doc_path = g_strdup_printf ("%s/stop-%u.qiwang", tmp_dir, seed);
  g_autofree char *xml_path = g_strdup_printf ("%s/%s.xml", tmp_dir, spec->place);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwRuleset) rules = qw_test_ruleset ();
  g_autoptr(QwDocument) doc = qw_document_create (doc_path, QW_DOCUMENT_STOP, &error);
  g_autoptr(QwEvent) e = qw_event_new ();
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(GPtrArray) stored = NULL;
  g_autoptr(QwResults) results = NULL;

  g_assert_no_error (error);
  e->name = g_strconcat (PREFIX, spec->place, NULL);
  e->region = g_strdup ("广东");
  e->host = g_strdup (spec->host);
  e->host_level = spec->host_level;
  e->prefecture = g_strdup (spec->prefecture);
  e->county_city = g_strdup (spec->county_city);
  e->honours = g_strdup (spec->honours);
  e->start_date = qw_date_make (2021, spec->month, spec->day);
  e->end_date = e->start_date;
  e->chief_arbiter = g_strdup ("张志强");
  e->chief_arbiter_grade = g_strdup (spec->grade);
  e->rounds = 3;
  g_assert_true (qw_document_add_event (doc, e, &error));
  entries = qw_demo_make_entries (seed, spec->players, e->start_date);
  qw_entries_place (rules, entries, e->start_date);
  g_assert_true (qw_document_add_entries (doc, e->id, entries, &error));
  g_assert_no_error (error);
  play_group (doc, "open-m", 3);
  stored = qw_document_list_entries (doc, e->id, &error);
  for (guint i = 0; i < stored->len; i++)
    g_ptr_array_add (players, qw_entry_copy (g_ptr_array_index (stored, i)));
  results = qw_results_from_document (doc, &error);
  g_assert_no_error (error);
  g_assert_true (qw_results_write_file (results, xml_path, FALSE, &error));
  g_assert_no_error (error);
  return g_steal_pointer (&xml_path);
}

/* The demo stop (白花镇), as the demo leaves it. */
static char *
demo_results (GPtrArray *players)
{
  g_autofree char *doc_path = g_build_filename (tmp_dir, "demo.qiwang", NULL);
  char *xml_path = g_build_filename (tmp_dir, "惠东县白花镇预选赛.xml", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = qw_demo_create (doc_path, &error);
  g_autoptr(QwResults) results = NULL;
  g_autoptr(QwEvent) event = NULL;
  g_autoptr(GPtrArray) stored = NULL;

  g_assert_no_error (error);
  event = qw_document_get_main_event (doc, &error);
  stored = qw_document_list_entries (doc, event->id, &error);
  for (guint i = 0; i < stored->len; i++)
    g_ptr_array_add (players, qw_entry_copy (g_ptr_array_index (stored, i)));
  results = qw_results_from_document (doc, &error);
  g_assert_no_error (error);
  g_assert_true (qw_results_write_file (results, xml_path, FALSE, &error));
  return xml_path;
}

/* Files the province cannot use: the public form of a results file (ID
 * numbers masked) and a results file cut short in transit. */
static void
bad_files (const char *good,
           GPtrArray  *files)
{
  g_autofree char *public_path = g_build_filename (tmp_dir, "白花镇-公示版.xml", NULL);
  g_autofree char *cut_path = g_build_filename (tmp_dir, "潮州市湘桥区预选赛（传输中断）.xml", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwResults) results = qw_results_read_file (good, &error);
  g_autofree char *data = NULL;
  gsize length;

  g_assert_no_error (error);
  g_assert_true (qw_results_write_file (results, public_path, TRUE, &error));
  g_assert_true (g_file_get_contents (good, &data, &length, &error));
  g_assert_true (g_file_set_contents (cut_path, data, (gssize) length / 2, &error));
  g_ptr_array_add (files, g_file_new_for_path (public_path));
  g_ptr_array_add (files, g_file_new_for_path (cut_path));
}

static const char stops_csv[] =
  "名称,类型,级别,承办单位,地级市,县级市,荣誉,参赛人数\n"
  PREFIX "惠州市惠城区预选赛,预选赛,县级,惠城区象棋协会,惠州市,,,150\n"
  PREFIX "广州市天河区预选赛,预选赛,县级,天河区棋类协会,广州市,,,180\n"
  PREFIX "佛山市顺德区预选赛,预选赛,县级,顺德区象棋协会,佛山市,,象棋之乡,160\n"
  PREFIX "东莞市预选赛,预选赛,市级,东莞市象棋协会,东莞市,,,210\n"
  PREFIX "汕头市潮阳区预选赛,预选赛,县级,潮阳区文化馆,汕头市,,,120\n"
  PREFIX "湛江市雷州市预选赛,预选赛,县级,雷州市象棋协会,湛江市,雷州市,,90\n"
  PREFIX "江门市台山市斗山镇预选赛,预选赛,乡级,斗山镇文化站,江门市,台山市,,45\n";

/* The provincial final, run in the region document: the best of each
 * group's preliminary players, two players who played no preliminary, and a
 * family pair. */
static void
run_final (QwDocument *doc,
           GPtrArray  *players)
{
  static const char *groups[] = { "open-m", "open-f", "senior-m", "senior-f", "junior-m", "junior-f",
                                  "child-m", "child-f" };
  g_autoptr(GError) error = NULL;
  g_autoptr(QwRuleset) rules = qw_test_ruleset ();
  g_autoptr(QwEvent) e = qw_event_new ();
  g_autoptr(GPtrArray) entries = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_entry_free);
  g_autoptr(GPtrArray) outsiders = qw_demo_make_entries (99, 12, qw_date_make (2021, 10, 16));
  g_autoptr(GHashTable) taken = g_hash_table_new (g_direct_hash, g_direct_equal);
  guint family = 0;

  e->name = g_strdup (PREFIX "省决赛");
  e->level = QW_LEVEL_PROVINCIAL_FINAL;
  e->region = g_strdup ("广东");
  e->host = g_strdup ("广东省象棋协会");
  e->host_level = QW_HOST_PROVINCE;
  e->start_date = qw_date_make (2021, 10, 16);
  e->end_date = qw_date_make (2021, 10, 17);
  e->chief_arbiter = g_strdup ("李国强");
  e->chief_arbiter_grade = g_strdup ("国家级");
  e->rounds = 3;
  g_assert_true (qw_document_add_event (doc, e, &error));
  for (guint g = 0; g < G_N_ELEMENTS (groups); g++)
    {
      guint n = 0;

      for (guint i = 0; i < players->len && n < 4; i++)
        {
          QwEntry *p = g_ptr_array_index (players, i);

          if (g_strcmp0 (p->group_code, groups[g]) != 0 || !g_hash_table_add (taken, p))
            continue;
          g_ptr_array_add (entries, qw_entry_copy (p));
          n++;
        }
    }
  for (guint i = 0; i < players->len && family < 2; i++)
    {
      QwEntry *p = g_ptr_array_index (players, i);

      if (g_strcmp0 (p->group_code, "open-f") != 0 || !g_hash_table_add (taken, p))
        continue;
      g_ptr_array_add (entries, qw_entry_copy (p));
      g_free (((QwEntry *) entries->pdata[entries->len - 1])->declared_group);
      ((QwEntry *) entries->pdata[entries->len - 1])->declared_group = g_strdup ("family");
      family++;
    }
  for (guint i = 0, n = 0; i < outsiders->len && n < 2; i++)
    if (g_strcmp0 (((QwEntry *) outsiders->pdata[i])->group_code, "open-m") == 0)
      {
        g_ptr_array_add (entries, qw_entry_copy (outsiders->pdata[i]));
        n++;
      }
  for (guint i = 0; i < entries->len; i++)
    {
      QwEntry *entry = g_ptr_array_index (entries, i);

      entry->id = 0;
      entry->no = (int) i + 1;
      g_clear_pointer (&entry->group_code, g_free);
    }
  qw_entries_place (rules, entries, e->start_date);
  g_assert_true (qw_document_add_entries (doc, e->id, entries, &error));
  g_assert_no_error (error);
  for (guint g = 0; g < G_N_ELEMENTS (groups); g++)
    play_group (doc, groups[g], 3);
  play_group (doc, "family", 1);
}

/* Drops files on a page as a file manager would: through its drop target. */
static void
drop_files (GtkWidget *page,
            GPtrArray *files)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (page);
  GSList *list = NULL;
  GValue value = G_VALUE_INIT;
  gboolean dropped = FALSE;

  for (guint i = files->len; i > 0; i--)
    list = g_slist_prepend (list, g_ptr_array_index (files, i - 1));
  g_value_init (&value, GDK_TYPE_FILE_LIST);
  g_value_take_boxed (&value, gdk_file_list_new_from_list (list));
  g_slist_free (list);
  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_DROP_TARGET (controller))
        g_signal_emit_by_name (controller, "drop", &value, 10.0, 10.0, &dropped);
    }
  g_value_unset (&value);
  g_assert_true (dropped);
}

/* The files are read in a worker; the report shows when they are in. */
static void
wait_for_import (gpointer page)
{
  qw_test_wait_false (page, "busy");
  qw_test_wait_toplevel (ADW_TYPE_MESSAGE_DIALOG);
}

static guint
count_outcomes (GPtrArray         *outcomes,
                QwFileOutcomeKind  kind)
{
  guint n = 0;

  for (guint i = 0; i < outcomes->len; i++)
    n += ((QwFileOutcome *) g_ptr_array_index (outcomes, i))->kind == kind;
  return n;
}

static QwStopItem *
find_stop (GListModel *model,
           const char *short_name)
{
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(QwStopItem) item = g_list_model_get_item (model, i);

      if (g_str_equal (qw_stop_item_get_short_name (item), short_name))
        return item;
    }
  return NULL;
}

/* The province types one stop in, through the page's own dialog. */
static void
type_in_stop (QwRegionPage *page)
{
  g_autoptr(QwStopSummary) stop = qw_stop_summary_new ();
  QwStopDialog *dialog;

  gtk_widget_activate_action (GTK_WIDGET (page), "region.add-stop", NULL);
  dialog = QW_STOP_DIALOG (qw_test_wait_toplevel (QW_TYPE_STOP_DIALOG));
  g_assert_nonnull (dialog);
  stop->name = g_strdup (PREFIX "梅州市梅县区预选赛");
  stop->level = QW_LEVEL_PRELIMINARY;
  stop->host_level = QW_HOST_COUNTY;
  stop->host = g_strdup ("梅县区象棋协会");
  stop->prefecture = g_strdup ("梅州市");
  stop->county_city = g_strdup ("");
  stop->honours = g_strdup ("象棋基地");
  stop->participants = 60;
  qw_stop_dialog_fill (dialog, stop);
  gtk_window_set_default_size (GTK_WINDOW (dialog), 560, 860);
  qw_test_screenshot (GTK_WIDGET (dialog), "screenshot-stop-dialog.png");
  g_assert_true (qw_stop_dialog_save (dialog));
  gtk_window_destroy (GTK_WINDOW (dialog));
}

static void
test_region_page (void)
{
  g_autoptr(GPtrArray) players = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_entry_free);
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);
  g_autofree char *region_path = g_build_filename (tmp_dir, "广东赛区.qiwang", NULL);
  g_autofree char *csv_path = g_build_filename (tmp_dir, "未使用棋王的站点.csv", NULL);
  g_autofree char *xml_out = g_build_filename (tmp_dir, "广东赛区-推荐名单.xml", NULL);
  g_autofree char *csv_out = g_build_filename (tmp_dir, "广东赛区-推荐名单-公示.csv", NULL);
  g_autofree char *first_xml = NULL;
  g_autofree char *tier_b = g_strdup_printf (_("Tier %s"), "B");
  g_autoptr(GFile) region_file = g_file_new_for_path (region_path);
  g_autoptr(GFile) out = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = NULL;
  g_autoptr(QwNomineeList) sent = NULL;
  g_autofree char *public_csv = NULL;
  QwNewRegionDialog *new_dialog;
  QwWindow *window = qw_test_new_window (1280, 800);
  QwRegionPage *page;
  GListModel *model;
  const QwQuota *quota;
  const QwNomineeList *nominees;
  QwStopItem *item;

  /* The province creates its region document, as the dialog does. */
  new_dialog = qw_new_region_dialog_new (GTK_WINDOW (window), QW_DOCUMENT_REGION);
  qw_new_region_dialog_set_region (new_dialog, "广东");
  gtk_window_present (GTK_WINDOW (new_dialog));
  qw_test_screenshot (GTK_WIDGET (new_dialog), "screenshot-new-region.png");
  g_assert_true (qw_new_region_dialog_create_at (new_dialog, region_file, &error));
  g_assert_no_error (error);
  gtk_window_destroy (GTK_WINDOW (new_dialog));

  /* The stops' files arrive: five run in Qiwang, two the province cannot use. */
  first_xml = demo_results (players);
  g_ptr_array_add (files, g_file_new_for_path (first_xml));
  for (guint i = 0; i < G_N_ELEMENTS (stops); i++)
    {
      g_autofree char *xml = run_stop (&stops[i], 101 + i, players);

      g_ptr_array_add (files, g_file_new_for_path (xml));
    }
  bad_files (first_xml, files);
  g_assert_true (g_file_set_contents (csv_path, stops_csv, -1, &error));
  g_ptr_array_add (files, g_file_new_for_path (csv_path));

  /* The provincial final is run in the region document itself. */
  doc = qw_document_open (region_path, &error);
  g_assert_no_error (error);
  run_final (doc, players);
  /* Its rules were published in time (the rule's own checks: test-event-check). */
  g_assert_true (qw_region_set_rules_published (doc, qw_date_make (2021, 5, 10), &error));
  g_assert_no_error (error);
  g_clear_object (&doc);

  g_assert_true (qw_window_open_file (window, region_file));
  page = QW_REGION_PAGE (qw_window_get_page (window, "region"));
  qw_test_wait_mapped (GTK_WIDGET (page));
  model = qw_region_page_get_model (page);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 1);
  /* The final is run here: the entries page shows its players. */
  g_assert_true (qw_test_page_offered (window, "entries"));
  g_assert_true (qw_test_page_offered (window, "region"));
  g_assert_false (qw_test_page_offered (window, "national"));

  /* The whole folder at once, dropped on the page. */
  drop_files (GTK_WIDGET (page), files);
  wait_for_import (page);
  g_assert_cmpuint (count_outcomes (qw_region_page_get_outcomes (page), QW_FILE_ADDED), ==, 7);
  g_assert_cmpuint (count_outcomes (qw_region_page_get_outcomes (page), QW_FILE_REJECTED), ==, 2);
  {
    GtkWindow *report = qw_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG);

    g_assert_nonnull (report);
    gtk_window_set_default_size (report, 640, -1);
    qw_test_screenshot (GTK_WIDGET (report), "screenshot-import-report.png");
    qw_test_close_toplevels (ADW_TYPE_MESSAGE_DIALOG);
  }
  type_in_stop (page);

  /* 6 imported + 7 from the CSV + 1 typed in + the final. */
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 15);
  item = find_stop (model, "韶关市乳源瑶族自治县预选赛");
  g_assert_nonnull (item);
  g_assert_false (qw_stop_item_get_valid (item));
  item = find_stop (model, "省决赛");
  g_assert_nonnull (item);
  g_assert_cmpint (qw_stop_item_get_event (item)->source, ==, QW_SOURCE_LOCAL);

  /* 13 valid stops, the final and 1,200-odd participants: tier B, and what tier A lacks. */
  quota = qw_region_page_get_quota (page);
  g_assert_cmpstr (quota->tier, ==, "B");
  g_assert_cmpint (quota->valid_stops, ==, 13);
  g_assert_cmpstr (quota->next_tier, ==, "A");
  g_assert_cmpint (quota->stops_missing, ==, 2);
  g_assert_cmpint (quota->participants_missing, >, 0);
  g_assert_cmpstr (qw_quota_card_get_tier_text (qw_region_page_get_quota_card (page)), ==, tier_b);
  g_assert_cmpuint (qw_quota_card_get_n_lines (qw_region_page_get_quota_card (page)), ==, 6);
  /* Extra places: 惠阳 (象棋之乡), 顺德 (象棋之乡), 梅县 (象棋基地), 东山实验小学
   * (象棋特色学校), and 惠州市 with four valid county-level stops. */
  g_assert_cmpuint (quota->bonuses->len, ==, 5);
  g_assert_cmpint (quota->bonus_places, ==, 7);
  /* The 二级 chief arbiter, and the final's two players from no preliminary. */
  g_assert_cmpuint (qw_region_page_get_n_warnings (page), ==, 3);
  nominees = qw_region_page_get_nominees (page);
  g_assert_nonnull (nominees);
  g_assert_cmpuint (nominees->nominees->len, ==, 10);

  /* The toasts of the import and the typed-in stop go before the picture. */
  qw_test_wait_no_toast (GTK_WIDGET (window));
  qw_test_screenshot (GTK_WIDGET (window), "screenshot-region.png");
  qw_test_screenshot (GTK_WIDGET (qw_region_page_get_quota_card (page)), "screenshot-quota.png");
  /* The whole sidebar: the quota card, the checks and the nominees. */
  qw_test_screenshot (gtk_widget_get_parent (GTK_WIDGET (qw_region_page_get_quota_card (page))),
              "screenshot-region-sidebar.png");

  /* A typed-in stop is deleted, and the deletion undone. */
  {
    g_autoptr(GPtrArray) doomed = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_event_free);

    item = find_stop (model, "梅州市梅县区预选赛");
    g_ptr_array_add (doomed, qw_event_copy (qw_stop_item_get_event (item)));
    item = find_stop (model, "惠州市博罗县预选赛");
    g_ptr_array_add (doomed, qw_event_copy (qw_stop_item_get_event (item)));
    g_assert_true (qw_region_page_delete_stops (page, doomed, &error));
    g_assert_no_error (error);
    qw_test_wait_items (model, 13);
    g_assert_cmpint (qw_region_page_get_quota (page)->valid_stops, ==, 11);
    /* The window's Undo (Ctrl+Z) takes the deletion back: it is a step of the history. */
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
    {
      g_autofree char *deleted = g_strdup_printf (ngettext ("Deleting %u stop", "Deleting %u stops", 2), 2);
      g_autofree char *undone = g_strdup_printf (_("Undone: %s"), deleted);

      qw_test_wait_toast (GTK_WIDGET (window), undone);
    }
    qw_test_wait_reloaded (GTK_WIDGET (page));
    g_assert_cmpuint (g_list_model_get_n_items (model), ==, 15);
    g_assert_cmpint (qw_region_page_get_quota (page)->valid_stops, ==, 13);
    g_assert_nonnull (find_stop (model, "惠州市博罗县预选赛"));
    /* Redo deletes them again, Undo puts them back once more. */
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
    {
      g_autofree char *deleted = g_strdup_printf (ngettext ("Deleting %u stop", "Deleting %u stops", 2), 2);
      g_autofree char *redone = g_strdup_printf (_("Redone: %s"), deleted);

      qw_test_wait_toast (GTK_WIDGET (window), redone);
    }
    qw_test_wait_reloaded (GTK_WIDGET (page));
    g_assert_cmpuint (g_list_model_get_n_items (model), ==, 13);
    g_assert_null (find_stop (model, "惠州市博罗县预选赛"));
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
    qw_test_wait_reloaded (GTK_WIDGET (page));
    g_assert_cmpuint (g_list_model_get_n_items (model), ==, 15);
    g_assert_nonnull (find_stop (model, "惠州市博罗县预选赛"));
  }

  /* A typed-in stop is corrected: renamed, with its new count. */
  {
    g_autoptr(QwStopSummary) fixed = qw_stop_summary_new ();
    g_autoptr(QwEvent) original = NULL;

    item = find_stop (model, "汕头市潮阳区预选赛");
    original = qw_event_copy (qw_stop_item_get_event (item));
    fixed->name = g_strdup (PREFIX "汕头市潮南区预选赛");
    fixed->level = QW_LEVEL_PRELIMINARY;
    fixed->host_level = QW_HOST_COUNTY;
    fixed->host = g_strdup ("潮南区文化馆");
    fixed->prefecture = g_strdup ("汕头市");
    fixed->participants = 18;
    g_assert_true (qw_region_page_save_stop (page, fixed, original, &error));
    g_assert_no_error (error);
    g_assert_null (find_stop (model, "汕头市潮阳区预选赛"));
    item = find_stop (model, "汕头市潮南区预选赛");
    g_assert_nonnull (item);
    g_assert_false (qw_stop_item_get_valid (item));
    g_assert_cmpuint (g_list_model_get_n_items (model), ==, 15);
    g_assert_cmpint (qw_region_page_get_quota (page)->valid_stops, ==, 12);
    /* A name the region lists already is refused, and nothing changes. */
    g_free (fixed->name);
    fixed->name = g_strdup (PREFIX "东莞市预选赛");
    g_clear_pointer (&original, qw_event_free);
    original = qw_event_copy (qw_stop_item_get_event (item));
    g_assert_false (qw_region_page_save_stop (page, fixed, original, &error));
    g_assert_error (error, QW_ERROR, QW_ERROR_INVALID);
    g_clear_error (&error);
    g_assert_nonnull (find_stop (model, "汕头市潮南区预选赛"));
  }

  /* The same folder again: the results files change nothing; the stops CSV
   * rewrites its rows, and adds back the one renamed by hand. */
  qw_region_page_import_files (page, files);
  wait_for_import (page);
  g_assert_cmpuint (count_outcomes (qw_region_page_get_outcomes (page), QW_FILE_UNCHANGED), ==, 6);
  g_assert_cmpuint (count_outcomes (qw_region_page_get_outcomes (page), QW_FILE_ADDED), ==, 1);
  g_assert_cmpuint (count_outcomes (qw_region_page_get_outcomes (page), QW_FILE_REJECTED), ==, 2);
  qw_test_close_toplevels (ADW_TYPE_MESSAGE_DIALOG);
  /* The CSV brings 潮阳区 back beside the corrected 潮南区. */
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 16);

  /* The nominees go out: the sealed file reads back, the public CSV masks IDs. */
  out = g_file_new_for_path (xml_out);
  g_assert_true (qw_region_page_export_nominees (page, "xml", out, &error));
  g_assert_no_error (error);
  sent = qw_nominees_read_file (xml_out, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (sent->region, ==, "广东");
  g_assert_cmpuint (sent->nominees->len, ==, 10);
  g_clear_object (&out);
  out = g_file_new_for_path (csv_out);
  g_assert_true (qw_region_page_export_nominees (page, "public-csv", out, &error));
  g_assert_true (g_file_get_contents (csv_out, &public_csv, NULL, &error));
  g_assert_nonnull (strstr (public_csv, ((QwNominee *) sent->nominees->pdata[0])->name));
  g_assert_null (strstr (public_csv, ((QwNominee *) sent->nominees->pdata[0])->id_number));

  gtk_window_destroy (GTK_WINDOW (window));
}

/* A region document without any stop: the empty page, and no tier. */
static void
test_region_empty (void)
{
  g_autofree char *path = g_build_filename (tmp_dir, "广西赛区.qiwang", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = qw_document_create (path, QW_DOCUMENT_REGION, &error);
  g_autofree char *no_tier = NULL;
  QwWindow *window = qw_test_new_window (1280, 800);
  QwRegionPage *page;

  g_assert_true (qw_region_setup (doc, "广西", "qiwang-2021", &error));
  g_clear_object (&doc);
  g_assert_true (qw_window_open_file (window, file));
  page = QW_REGION_PAGE (qw_window_get_page (window, "region"));
  g_assert_cmpuint (g_list_model_get_n_items (qw_region_page_get_model (page)), ==, 0);
  /* No local event: no entries page. */
  g_assert_false (qw_test_page_offered (window, "entries"));
  g_assert_true (qw_test_page_offered (window, "region"));
  g_assert_null (qw_region_page_get_quota (page)->tier);
  no_tier = g_strdup (_("No Tier"));
  g_assert_cmpstr (qw_quota_card_get_tier_text (qw_region_page_get_quota_card (page)), ==, no_tier);
  qw_test_screenshot (GTK_WIDGET (window), "screenshot-region-empty.png");

  /* No tier: the association's number is recorded from the card. */
  g_signal_emit_by_name (qw_region_page_get_quota_card (page), "decide-places", 6);
  g_assert_cmpint (qw_region_get_decided_places (qw_window_get_document (window)), ==, 6);

  /* The province runs its final in this document: the entries page appears. */
  {
    g_autoptr(QwEvent) final = qw_event_new ();
    QwNewStopDialog *dialog;
    GListModel *model;
    g_autoptr(QwStopItem) item = NULL;

    gtk_widget_activate_action (GTK_WIDGET (page), "region.run-final", NULL);
    dialog = QW_NEW_STOP_DIALOG (qw_test_wait_toplevel (QW_TYPE_NEW_STOP_DIALOG));
    g_assert_nonnull (dialog);
    final->level = QW_LEVEL_PROVINCIAL_FINAL;
    final->region = g_strdup ("广西");
    final->host = g_strdup ("广西象棋协会");
    final->start_date = qw_date_make (2021, 10, 23);
    final->chief_arbiter = g_strdup ("黄志明");
    final->chief_arbiter_grade = g_strdup ("国家级");
    qw_new_stop_dialog_set_event (dialog, final);
    /* The final goes into this document, which the window opens again (win.open-file). */
    g_signal_emit_by_name (qw_test_find_button (GTK_WIDGET (dialog), _("_Add")), "clicked");
    g_assert_null (qw_test_find_toplevel (QW_TYPE_NEW_STOP_DIALOG));
    page = QW_REGION_PAGE (qw_window_get_page (window, "region"));
    model = qw_region_page_get_model (page);
    g_assert_cmpuint (g_list_model_get_n_items (model), ==, 1);
    item = g_list_model_get_item (model, 0);
    g_assert_cmpint (qw_stop_item_get_event (item)->level, ==, QW_LEVEL_PROVINCIAL_FINAL);
    g_assert_cmpint (qw_stop_item_get_event (item)->source, ==, QW_SOURCE_LOCAL);
    g_assert_cmpstr (qw_stop_item_get_event (item)->name, ==, "2021年第六届全国象棋业余棋王赛广西赛区省决赛");
    g_assert_true (qw_test_page_offered (window, "entries"));
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The national organiser */

static QwNominee *
nominee (const char *region,
         const char *group,
         int         rank,
         const char *name,
         QwSex       sex,
         const char *birth,
         const char *id_number)
{
  QwNominee *n = qw_nominee_new ();

  n->region = g_strdup (region);
  n->line = g_strdup (group);
  n->line_label = g_strdup ("");
  n->group_code = g_strdup (group);
  n->group_name = g_strdup ("");
  n->rank = rank;
  n->name = g_strdup (name);
  n->sex = sex;
  n->birth = g_strdup (birth);
  n->id_number = g_strdup (id_number);
  n->unit = g_strdup_printf ("%s象棋协会", region);
  n->reason = g_strdup_printf ("%s省决赛第%d名", region, rank);
  return n;
}

/* A region's nominee file: eight players of its own (ID numbers from its
 * area), and @shared, when given, also nominated elsewhere. */
static char *
nominee_file (const char *region,
              const char *area,
              guint32     seed,
              QwEntry    *shared)
{
  static const char *groups[] = { "open-m", "open-m", "open-f", "senior-m", "junior-m", "junior-f",
                                  "child-m", "child-f" };
  g_autoptr(QwNomineeList) list = qw_nominee_list_new ();
  g_autoptr(GPtrArray) entries = qw_demo_make_entries (seed, 80, qw_date_make (2021, 11, 20));
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  g_autoptr(GHashTable) taken = g_hash_table_new (g_direct_hash, g_direct_equal);
  g_autoptr(GError) error = NULL;
  g_autofree char *xml = NULL;
  char *path = g_strdup_printf ("%s/%s赛区-推荐名单.xml", tmp_dir, region);

  list->region = g_strdup (region);
  list->ruleset = g_strdup ("qiwang-2021");
  list->tier = g_strdup ("B");
  list->leader = 1;
  list->final_name = g_strdup_printf ("2021年第六届全国象棋业余棋王赛%s赛区省决赛", region);
  for (guint g = 0; g < G_N_ELEMENTS (groups); g++)
    for (guint i = 0; i < entries->len; i++)
      {
        QwEntry *e = g_ptr_array_index (entries, i);
        g_autofree char *id = NULL;
        QwDate birth;

        if (g_strcmp0 (e->group_code, groups[g]) != 0 || !g_hash_table_add (taken, e))
          continue;
        g_assert_true (qw_date_parse_iso (e->birth, &birth));
        id = qw_demo_make_id_number (rand, area, birth, e->sex);
        g_ptr_array_add (list->nominees, nominee (region, groups[g], g == 1 ? 2 : 1, e->name, e->sex,
                                                  e->birth, id));
        break;
      }
  if (shared != NULL)
    g_ptr_array_add (list->nominees, nominee (region, "open-m", 3, shared->name, shared->sex, shared->birth,
                                              shared->id_number));
  xml = qw_nominees_to_xml (list, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (path, xml, -1, &error));
  return path;
}

/* The national final's results: every region's nominees placed in their
 * groups, the regions' lists taken in turn. */
static char *
national_final (const char * const *lists)
{
  g_autoptr(QwResults) r = qw_results_new ();
  g_autoptr(GHashTable) groups = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) players = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) read = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_nominee_list_free);
  g_autoptr(GError) error = NULL;
  char *path = g_build_filename (tmp_dir, "全国总决赛成绩表.xml", NULL);
  int no = 1;

  r->uid = g_strdup ("national-final-2021");
  r->event->name = g_strdup ("2021年第六届全国象棋业余棋王赛总决赛");
  r->event->level = QW_LEVEL_NATIONAL_FINAL;
  r->event->start_date = qw_date_make (2021, 11, 20);
  r->event->chief_arbiter = g_strdup ("王建国");
  r->event->chief_arbiter_grade = g_strdup ("国家级");
  for (guint l = 0; lists[l] != NULL; l++)
    {
      g_ptr_array_add (read, qw_nominees_read_file (lists[l], &error));
      g_assert_no_error (error);
    }
  for (guint i = 0; i < 9; i++)
    for (guint l = 0; l < read->len; l++)
      {
        const QwNomineeList *list = g_ptr_array_index (read, l);
        const QwNominee *n = i < list->nominees->len ? g_ptr_array_index (list->nominees, i) : NULL;
        QwResultsGroup *group;
        QwResultsStanding *s;
        QwEntry *player;
        double tiebreak = 0;

        /* A player nominated twice still plays once. */
        if (n == NULL || !g_hash_table_add (players, n->id_number))
          continue;
        group = g_hash_table_lookup (groups, n->group_code);
        if (group == NULL)
          {
            group = qw_results_group_new (n->group_code);
            g_strfreev (group->tiebreak_codes);
            group->tiebreak_codes = g_strsplit ("opponents", ",", -1);
            g_strfreev (group->tiebreak_names);
            group->tiebreak_names = g_strsplit ("对手分", ",", -1);
            g_ptr_array_add (r->groups, group);
            g_hash_table_insert (groups, group->code, group);
          }
        player = qw_entry_new ();
        player->no = no++;
        g_free (player->name);
        player->name = g_strdup (n->name);
        player->sex = n->sex;
        g_free (player->birth);
        player->birth = g_strdup (n->birth);
        g_free (player->id_number);
        player->id_number = g_strdup (n->id_number);
        g_free (player->unit);
        player->unit = g_strdup (n->unit);
        g_free (player->group_code);
        player->group_code = g_strdup (n->group_code);
        g_ptr_array_add (group->players, player);
        s = qw_results_standing_new ();
        s->rank = (int) group->standings->len + 1;
        s->no = player->no;
        s->points = 10.0 - group->standings->len;
        g_array_append_val (s->tiebreaks, tiebreak);
        g_ptr_array_add (group->standings, s);
      }
  g_assert_true (qw_results_write_file (r, path, FALSE, &error));
  g_assert_no_error (error);
  return path;
}

static void
test_national_page (void)
{
  g_autofree char *path = g_build_filename (tmp_dir, "全国推荐名单.qiwang", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) shared = qw_demo_make_entries (7, 12, qw_date_make (2021, 11, 20));
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);
  GPtrArray *outcomes;
  g_autoptr(GFile) final_file = NULL;
  g_autofree char *final_path = NULL;
  g_autofree char *gd = NULL, *gx = NULL, *hn = NULL;
  QwNewRegionDialog *new_dialog;
  QwWindow *window = qw_test_new_window (1280, 800);
  QwNationalPage *page;
  GPtrArray *teams;

  new_dialog = qw_new_region_dialog_new (GTK_WINDOW (window), QW_DOCUMENT_NATIONAL);
  g_assert_true (qw_new_region_dialog_create_at (new_dialog, file, &error));
  g_assert_no_error (error);
  gtk_window_destroy (GTK_WINDOW (new_dialog));
  g_assert_true (qw_window_open_file (window, file));
  page = QW_NATIONAL_PAGE (qw_window_get_page (window, "national"));
  qw_test_wait_mapped (GTK_WIDGET (page));
  g_assert_false (qw_test_page_offered (window, "entries"));
  g_assert_false (qw_test_page_offered (window, "region"));

  /* 广东 and 广西 both nominate the same player. */
  while (g_strcmp0 (((QwEntry *) shared->pdata[0])->group_code, "open-m") != 0)
    g_ptr_array_remove_index (shared, 0);
  gd = nominee_file ("广东", "441302", 11, g_ptr_array_index (shared, 0));
  gx = nominee_file ("广西", "450102", 12, g_ptr_array_index (shared, 0));
  hn = nominee_file ("湖南", "430102", 13, NULL);
  g_ptr_array_add (files, g_file_new_for_path (gd));
  g_ptr_array_add (files, g_file_new_for_path (gx));
  g_ptr_array_add (files, g_file_new_for_path (hn));
  qw_national_page_import_files (page, files);
  wait_for_import (page);
  outcomes = qw_national_page_get_outcomes (page);
  g_assert_cmpuint (count_outcomes (outcomes, QW_FILE_ADDED), ==, 3);
  qw_test_close_toplevels (ADW_TYPE_MESSAGE_DIALOG);
  g_assert_cmpuint (g_list_model_get_n_items (qw_national_page_get_model (page)), ==, 26);
  g_assert_cmpuint (qw_national_page_get_n_duplicates (page), ==, 1);

  /* 广东 sends its list again: replaced, not doubled. */
  g_ptr_array_set_size (files, 1);
  qw_national_page_import_files (page, files);
  wait_for_import (page);
  outcomes = qw_national_page_get_outcomes (page);
  g_assert_cmpuint (count_outcomes (outcomes, QW_FILE_REPLACED), ==, 1);
  qw_test_close_toplevels (ADW_TYPE_MESSAGE_DIALOG);
  g_assert_cmpuint (g_list_model_get_n_items (qw_national_page_get_model (page)), ==, 26);

  /* The team results from the national final's results file. */
  final_path = national_final ((const char * const []) { gd, gx, hn, NULL });
  final_file = g_file_new_for_path (final_path);
  qw_national_page_load_final (page, final_file);
  g_assert_true (qw_page_is_busy (QW_PAGE (page)));
  qw_test_wait_false (page, "busy");
  teams = qw_national_page_get_teams (page);
  g_assert_nonnull (teams);
  g_assert_cmpuint (teams->len, ==, 3);
  for (guint i = 0; i < teams->len; i++)
    {
      const QwTeamResult *t = g_ptr_array_index (teams, i);

      g_assert_true (g_str_equal (t->team, "广东") || g_str_equal (t->team, "广西")
                     || g_str_equal (t->team, "湖南"));
      g_assert_cmpint (t->counted, <=, 7);
    }
  qw_test_screenshot (GTK_WIDGET (window), "screenshot-national.png");
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int    argc,
      char **argv)
{
  qw_test_ui_init (&argc, &argv);
  tmp_dir = g_dir_make_tmp ("qiwang-ui-region-XXXXXX", NULL);
  g_test_add_func ("/ui/region/page", test_region_page);
  g_test_add_func ("/ui/region/empty", test_region_empty);
  g_test_add_func ("/ui/national/page", test_national_page);
  return g_test_run ();
}
