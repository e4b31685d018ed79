/* test-ui.c: the application's pages, driven as a user would, in Chinese
 *
 * Needs a display (build-aux/test runs the suite under Xvfb); without one the
 * test is skipped. Screenshots (PNG) go into the build directory for review.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <locale.h>

#include "qw-data.h"
#include "qw-demo.h"
#include "qw-entries-page.h"
#include "qw-entry-dialog.h"
#include "qw-entry-item.h"
#include "qw-board-item.h"
#include "qw-new-stop-dialog.h"
#include "qw-print-dialog.h"
#include "qw-rounds-page.h"
#include "qw-standings-page.h"
#include "qw-window.h"
#include "qw-date.h"
#include "qw-entry.h"
#include "qw-event.h"

static char *tmp_dir;

static void
spin (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
}

/* Renders a toplevel the way it is on screen and writes it as PNG. */
static void
screenshot (GtkWidget  *widget,
            const char *name)
{
  g_autofree char *path = g_build_filename (g_getenv ("G_TEST_BUILDDIR") != NULL
                                            ? g_getenv ("G_TEST_BUILDDIR") : ".",
                                            name, NULL);
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GtkSnapshot) snapshot = NULL;
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  int width, height;

  spin (400);
  width = gtk_widget_get_width (widget);
  height = gtk_widget_get_height (widget);
  g_assert_cmpint (width, >, 0);
  paintable = gtk_widget_paintable_new (widget);
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), width, height);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (widget)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_test_message ("screenshot: %s", path);
}

static QwWindow *
new_window (void)
{
  QwWindow *window = qw_window_new (NULL);

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  spin (300);
  return window;
}

static char *
demo_path (void)
{
  g_autoptr(GError) error = NULL;
  char *path = g_build_filename (tmp_dir, "demo.qiwang", NULL);
  g_autoptr(QwDocument) doc = qw_demo_create (path, &error);

  g_assert_no_error (error);
  return path;
}

static void
test_welcome (void)
{
  QwWindow *window = new_window ();

  g_assert_false (qw_window_has_document (window));
  screenshot (GTK_WIDGET (window), "screenshot-welcome.png");
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_entries_page (void)
{
  QwWindow *window = new_window ();
  g_autofree char *path = demo_path ();
  g_autoptr(GFile) file = g_file_new_for_path (path);
  QwEntriesPage *page;
  GListModel *model;
  guint with_problems = 0;

  g_assert_true (qw_window_open_file (window, file));
  page = QW_ENTRIES_PAGE (qw_window_get_page (window, "entries"));
  model = qw_entries_page_get_model (page);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 80);
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(QwEntryItem) item = g_list_model_get_item (model, i);
      const char *masked = qw_entry_item_get_masked_id (item);

      with_problems += qw_entry_item_get_check (item)->problems != 0;
      /* Masked everywhere but the editing field. */
      g_assert_cmpint (strlen (masked), ==, 18);
      g_assert_cmpint (masked[6], ==, '*');
      g_assert_cmpint (masked[13], ==, '*');
    }
  /* The demo's planted problems: check digit, birth date, title, declared group, escort. */
  g_assert_cmpuint (with_problems, >=, 5);
  screenshot (GTK_WIDGET (window), "screenshot-entries.png");

  /* Search narrows the list. */
  qw_entries_page_set_search (page, "白花镇中心小学");
  g_assert_cmpuint (g_list_model_get_n_items (model), >, 0);
  g_assert_cmpuint (g_list_model_get_n_items (model), <, 80);
  qw_entries_page_set_search (page, "");
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_new_stop_dialog (void)
{
  QwWindow *window = new_window ();
  QwNewStopDialog *dialog = qw_new_stop_dialog_new (GTK_WINDOW (window));
  g_autoptr(QwEvent) event = qw_event_new ();
  g_autoptr(QwEvent) result = NULL;
  g_autofree char *path = g_build_filename (tmp_dir, "new.qiwang", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;

  event->region = g_strdup ("广东");
  event->place_city = g_strdup ("惠州市");
  event->place_county = g_strdup ("惠东县");
  event->place_town = g_strdup ("白花镇");
  event->host = g_strdup ("白花镇象棋协会");
  event->host_level = QW_HOST_TOWNSHIP;
  event->start_date = qw_date_make (2021, 7, 3);
  event->chief_arbiter = g_strdup ("陈国华");
  event->chief_arbiter_grade = g_strdup ("一级");
  qw_new_stop_dialog_set_event (dialog, event);
  gtk_window_set_default_size (GTK_WINDOW (dialog), 720, 900);
  gtk_window_present (GTK_WINDOW (dialog));
  result = qw_new_stop_dialog_get_event (dialog);
  g_assert_cmpstr (result->name, ==, "2021年第六届全国象棋业余棋王赛广东赛区惠州市惠东县白花镇预选赛");
  screenshot (GTK_WIDGET (dialog), "screenshot-new-stop.png");

  g_assert_true (qw_new_stop_dialog_create_at (dialog, file, &error));
  g_assert_no_error (error);
  g_assert_true (qw_window_open_file (window, file));
  g_assert_true (qw_window_has_document (window));
  gtk_window_destroy (GTK_WINDOW (dialog));
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_entry_dialog (void)
{
  QwWindow *window = new_window ();
  g_autoptr(GError) error = NULL;
  g_autoptr(QwRuleset) ruleset = qw_ruleset_lookup ("qiwang-2021", &error);
  g_autoptr(QwEvent) event = qw_event_new ();
  g_autoptr(QwEntry) entry = qw_entry_new ();
  g_autoptr(QwEntry) back = NULL;
  QwEntryDialog *dialog;

  event->start_date = qw_date_make (2021, 7, 3);
  entry->name = g_strdup ("王五");
  entry->sex = QW_SEX_MALE;
  entry->birth = g_strdup ("1949-12-30");
  entry->id_number = g_strdup ("11010519491231002X");
  entry->unit = g_strdup ("北京象棋协会");
  entry->no = 7;
  entry->id = 7;
  dialog = qw_entry_dialog_new (GTK_WINDOW (window), ruleset, event, entry);
  gtk_window_set_default_size (GTK_WINDOW (dialog), 560, 900);
  gtk_window_present (GTK_WINDOW (dialog));
  back = qw_entry_dialog_get_entry (dialog);
  g_assert_cmpstr (back->id_number, ==, "11010519491231002X");
  g_assert_cmpstr (back->birth, ==, "1949-12-30");
  screenshot (GTK_WIDGET (dialog), "screenshot-entry-dialog.png");
  gtk_window_destroy (GTK_WINDOW (dialog));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* An arbiter's round from the keyboard: a key per board, the selection
 * moving on by itself; then the next round is paired. */
static void
test_rounds_and_standings (void)
{
  QwWindow *window = new_window ();
  g_autofree char *path = demo_path ();
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  QwRoundsPage *rounds;
  QwStandingsPage *standings;
  GListModel *boards;
  guint n;
  int round;
  static const guint keys[] = { GDK_KEY_1, GDK_KEY_2, GDK_KEY_3 };

  g_assert_true (qw_window_open_file (window, file));
  qw_window_show_page (window, "rounds");
  rounds = QW_ROUNDS_PAGE (qw_window_get_page (window, "rounds"));
  g_assert_true (qw_rounds_page_select_group (rounds, "open-m"));
  round = qw_rounds_page_get_round (rounds);
  g_assert_cmpint (round, ==, 4);
  boards = qw_rounds_page_get_boards (rounds);
  n = g_list_model_get_n_items (boards);
  g_assert_cmpuint (n, ==, 15);
  /* The first half of the boards from the keyboard, then a screenshot mid-round. */
  qw_rounds_page_select_board (rounds, 0);
  for (guint i = 0; i < n / 2; i++)
    g_assert_true (qw_rounds_page_key_result (rounds, keys[i % 3]));
  screenshot (GTK_WIDGET (window), "screenshot-rounds.png");
  for (guint i = n / 2; i < n; i++)
    g_assert_true (qw_rounds_page_key_result (rounds, keys[i % 3]));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(QwBoardItem) board = g_list_model_get_item (boards, i);

      g_assert_true (qw_board_item_has_result (board) || qw_board_item_is_bye (board));
    }
  g_assert_true (qw_rounds_page_pair_next (rounds, &error));
  g_assert_no_error (error);
  g_assert_cmpint (qw_rounds_page_get_round (rounds), ==, 5);

  qw_window_show_page (window, "standings");
  standings = QW_STANDINGS_PAGE (qw_window_get_page (window, "standings"));
  g_assert_true (qw_standings_page_select_group (standings, "open-m"));
  g_assert_cmpuint (g_list_model_get_n_items (qw_standings_page_get_rows (standings)), ==, 30);
  screenshot (GTK_WIDGET (window), "screenshot-standings.png");
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_print_dialog (void)
{
  QwWindow *window = new_window ();
  g_autofree char *path = demo_path ();
  g_autofree char *pdf = g_build_filename (tmp_dir, "pairings.pdf", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) pdf_file = g_file_new_for_path (pdf);
  g_autoptr(GError) error = NULL;
  QwPrintDialog *dialog;
  QwPrintout *printout;

  g_assert_true (qw_window_open_file (window, file));
  dialog = qw_print_dialog_new (GTK_WINDOW (window), qw_window_get_document (window), QW_PRINT_PAIRINGS,
                                "open-m", 0);
  gtk_window_present (GTK_WINDOW (dialog));
  printout = qw_print_dialog_get_printout (dialog);
  g_assert_nonnull (printout);
  g_assert_cmpuint (qw_printout_get_n_pages (printout), >=, 1);
  g_assert_cmpuint (qw_printout_get_missing_glyphs (printout), ==, 0);
  screenshot (GTK_WIDGET (dialog), "screenshot-print.png");
  g_assert_true (qw_print_dialog_export_pdf (dialog, pdf_file, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (pdf, G_FILE_TEST_IS_REGULAR));
  gtk_window_destroy (GTK_WINDOW (dialog));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int    argc,
      char **argv)
{
  int rc;

  g_setenv ("GSK_RENDERER", "cairo", TRUE);
  g_setenv ("LANGUAGE", "zh_CN", TRUE);
  setlocale (LC_ALL, "zh_CN.UTF-8");
  bindtextdomain (GETTEXT_PACKAGE, qw_locale_dir ());
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  g_test_init (&argc, &argv, NULL);
  if (!gtk_init_check ())
    {
      g_print ("1..0 # SKIP no display (run under xvfb-run)\n");
      return 77;
    }
  adw_init ();
  /* The application loads style.css through its resource base path; the test
   * has no application, so it loads the same sheet itself. */
  {
    g_autoptr(GtkCssProvider) css = gtk_css_provider_new ();

    gtk_css_provider_load_from_resource (css, "/cn/qiwang/Qiwang/style.css");
    gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                                GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
    gtk_icon_theme_add_resource_path (gtk_icon_theme_get_for_display (gdk_display_get_default ()),
                                      "/cn/qiwang/Qiwang/icons");
  }
  tmp_dir = g_dir_make_tmp ("qiwang-ui-XXXXXX", NULL);
  g_test_add_func ("/ui/welcome", test_welcome);
  g_test_add_func ("/ui/entries-page", test_entries_page);
  g_test_add_func ("/ui/new-stop-dialog", test_new_stop_dialog);
  g_test_add_func ("/ui/entry-dialog", test_entry_dialog);
  g_test_add_func ("/ui/rounds-and-standings", test_rounds_and_standings);
  g_test_add_func ("/ui/print-dialog", test_print_dialog);
  rc = g_test_run ();
  return rc;
}
