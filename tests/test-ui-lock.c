/* test-ui-lock.c: issue 17, point 1: the day holds
 *
 * The window is started as a process of its own (this program again, with
 * QW_LOCK_APP naming the document), the demo stop open on its rounds page.
 * It goes through what an arbiter does in a day, and after each action
 * enters a result on the rounds page:
 *
 *   every file dialog of a stop document opened in the document's own
 *   folder (the chooser lists it, so GLib sniffs x.qiwang, its -wal and its
 *   -shm in the window's process) and cancelled or used: Ctrl+O, Ctrl+I
 *   (cancelled, then an import), the registration list's export, the Excel
 *   exports, TRF in and out, the results file (written by a worker on a
 *   connection of its own), the print dialog's PDF (written), the new
 *   event's save dialog; the venue server started (a reader thread with its
 *   own connection); a second window on the same document; an undo.
 *
 * After each action the test (the "other program") checks that
 *
 *   - the window's process still holds SQLite's shared lock on the
 *     document (/proc/PID/fdinfo, either kind of lock);
 *   - `qiwang-cli games DOC open-m --round 4 --json` shows every result the
 *     window has entered, and no result it has undone: another process sees
 *     them at once (and, opening and closing the document, deletes nothing
 *     under the window);
 *
 * and the window itself that every file went to (or came from) the
 * document's folder and that GTK showed no error dialog of its own (its
 * file chooser's); then the test kills the window with SIGKILL and checks
 * that every result is still in the document. The whole walk runs twice:
 * with GTK's own dialogs, and with GDK_DEBUG=portals (GTK 4.8's switch to
 * the portal file chooser; with no portal on the session bus, as here, GTK
 * falls back to its own dialog, which is what a desktop without the portal
 * gets). The /proc/locks lines before and after the first file dialog go to
 * the test's log.
 *
 * /ui-lock/read-only-window: a document on a read-only mount (a tmpfs in a
 * mount namespace of the test's own) opens in the window, which says 只读
 * in its title and header and has its changes disabled.
 *
 * Needs a display (run under Xvfb, in zh_CN) and $QIWANG_CLI.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define _GNU_SOURCE
#include "config.h"

#include <adwaita.h>
#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/wait.h>
#include <unistd.h>

#include "qw-board-item.h"
#include "qw-demo.h"
#include "qw-document.h"
#include "qw-entries-page.h"
#include "qw-game.h"
#include "qw-print-dialog.h"
#include "qw-publish-dialog.h"
#include "qw-rounds-page.h"
#include "qw-window.h"
#include "qw-test.h"
#include "qw-test-locks.h"
#include "qw-test-window.h"
#include "ui-wait.h"

#define PROTOCOL "QWLOCK "

/* The window's process (QW_LOCK_APP set) */

typedef struct
{
  QwWindow   *window;
  QwWindow   *second;
  char       *path;
  char       *folder;
  GHashTable *expected;     /* board number → result code */
  int         last_board;   /* the result the next undo takes back */
  int         n_results;
} App;

static App app;

typedef struct
{
  QwRoundsPage *rounds;
  guint         position;
} Shown;

static gboolean
has_result (gpointer data)
{
  Shown *s = data;
  g_autoptr(QwBoardItem) b = g_list_model_get_item (qw_rounds_page_get_boards (s->rounds), s->position);

  return b != NULL && qw_board_item_has_result (b);
}

/* A result on the first open board of round 4, as the arbiter types it. */
static void
enter_result (void)
{
  QwRoundsPage *rounds = qw_test_show_rounds (app.window);
  GListModel *boards = qw_rounds_page_get_boards (rounds);
  gboolean red = app.n_results % 2 == 0;
  Shown shown = { rounds, G_MAXUINT };
  g_autoptr(QwBoardItem) item = NULL;

  for (guint i = 0; i < g_list_model_get_n_items (boards) && shown.position == G_MAXUINT; i++)
    {
      g_autoptr(QwBoardItem) b = g_list_model_get_item (boards, i);

      if (!qw_board_item_is_bye (b) && !qw_board_item_has_result (b))
        shown.position = i;
    }
  g_assert_cmpuint (shown.position, !=, G_MAXUINT);
  qw_rounds_page_select_board (rounds, shown.position);
  g_assert_true (qw_rounds_page_key_result (rounds, red ? GDK_KEY_1 : GDK_KEY_3));
  qw_test_wait_until (has_result, &shown, "the result to be shown");
  item = g_list_model_get_item (boards, shown.position);
  app.last_board = qw_board_item_get_game (item)->board;
  g_hash_table_insert (app.expected, GINT_TO_POINTER (app.last_board), (gpointer) (red ? "2:0" : "0:2"));
  app.n_results++;
}

/* GTK's own error dialogs (its file chooser's) are GtkMessageDialogs; the
 * application's are AdwMessageDialogs, which the steps answer. */
static void
assert_no_gtk_error (const char *step)
{
  GtkWindow *dialog = qw_test_find_toplevel (GTK_TYPE_MESSAGE_DIALOG);

  if (dialog != NULL)
    {
      g_autofree char *text = NULL;
      g_autofree char *detail = NULL;

      g_object_get (dialog, "text", &text, "secondary-text", &detail, NULL);
      g_error ("by the end of %s, GTK showed an error: %s (%s)", step, text, detail);
    }
}

/* "QWLOCK step NAME 1=2:0,2=0:2,…", then waits for the test's "go". */
static void
report (const char *step)
{
  g_autoptr(GString) line = g_string_new (PROTOCOL "step ");
  char answer[64];

  assert_no_gtk_error (step);

  g_string_append (line, step);
  g_string_append_c (line, ' ');
  for (int board = 1; board <= 100; board++)
    {
      const char *result = g_hash_table_lookup (app.expected, GINT_TO_POINTER (board));

      if (result != NULL)
        g_string_append_printf (line, "%d=%s,", board, result);
    }
  g_print ("%s\n", line->str);
  fflush (stdout);
  if (fgets (answer, sizeof answer, stdin) == NULL || !g_str_has_prefix (answer, "go"))
    exit (1);
}

/* The file chooser: GTK's own dialog (also what GDK_DEBUG=portals falls back
 * to without a portal), shown by a GtkFileChooserNative. */

/* The list of files (a GtkTreeView in GTK 4.8; a save dialog's name entry
 * has another one for its completion): some view shows a file of @folder. */
static gboolean
lists_files_of (GtkWidget *widget,
                GFile     *folder)
{
  if (GTK_IS_TREE_VIEW (widget))
    {
      GtkTreeModel *model = gtk_tree_view_get_model (GTK_TREE_VIEW (widget));
      GtkTreeIter iter;

      for (gboolean more = model != NULL && gtk_tree_model_get_iter_first (model, &iter); more;
           more = gtk_tree_model_iter_next (model, &iter))
        for (int column = 0; column < gtk_tree_model_get_n_columns (model); column++)
          {
            GValue value = G_VALUE_INIT;
            gboolean in_folder = FALSE;

            if (gtk_tree_model_get_column_type (model, column) != G_TYPE_FILE)
              continue;
            gtk_tree_model_get_value (model, &iter, column, &value);
            in_folder = g_value_get_object (&value) != NULL
                        && g_file_has_parent (g_value_get_object (&value), folder);
            g_value_unset (&value);
            if (in_folder)
              return TRUE;
          }
    }
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    if (lists_files_of (c, folder))
      return TRUE;
  return FALSE;
}

typedef struct
{
  GtkWindow *dialog;
  GFile     *folder;
} Chooser;

static gboolean
folder_listed (gpointer data)
{
  Chooser *c = data;
  g_autoptr(GFile) current = gtk_file_chooser_get_current_folder (GTK_FILE_CHOOSER (c->dialog));

  return qw_test_chooser_idle (c->dialog) && current != NULL && g_file_equal (current, c->folder)
         && lists_files_of (GTK_WIDGET (c->dialog), c->folder);
}

/* The dialog just opened; once it shows where it opened, the document's own
 * folder, listed, as a user goes there. GTK 4.8's chooser picks where it
 * opens itself when it is mapped (a save dialog: the working directory),
 * through a lookup in the background. A folder set while that lookup is out
 * cancels it, and GTK takes the cancellation for a failure
 * (update_current_folder_get_info_cb): it shows 无法显示文件夹内容 / 操作被取消
 * (a dialog without a parent once the chooser has gone: "GtkDialog mapped
 * without a transient parent") and goes to the *parent* of the folder it
 * had started with, whichever lookup ends last winning. The test set the
 * folder as soon as the dialog was mapped and went on once any files were
 * listed: under load it saved the results file into the parent of the
 * build directory and waited for it in the document's folder. */
static GtkWindow *
chooser_in_folder (void)
{
  GtkWindow *dialog = qw_test_wait_toplevel (GTK_TYPE_FILE_CHOOSER_DIALOG);
  g_autoptr(GFile) folder = g_file_new_for_path (app.folder);
  g_autoptr(GError) error = NULL;
  Chooser chooser = { dialog, folder };

  qw_test_wait_mapped (GTK_WIDGET (dialog));
  qw_test_wait_until (qw_test_chooser_idle, dialog, "the file chooser to show where it opened");
  g_assert_true (gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (dialog), folder, &error));
  g_assert_no_error (error);
  qw_test_wait_until (folder_listed, &chooser, "the file chooser to list the document's folder");
  return dialog;
}

static gboolean
no_chooser (gpointer data)
{
  return qw_test_find_toplevel (GTK_TYPE_FILE_CHOOSER_DIALOG) == NULL;
}

static void
chooser_respond (GtkWindow *dialog,
                 int        response)
{
  gtk_dialog_response (GTK_DIALOG (dialog), response);
  qw_test_wait_until (no_chooser, NULL, "the file chooser to close");
}

static void
chooser_cancel (void)
{
  chooser_respond (chooser_in_folder (), GTK_RESPONSE_CANCEL);
}

/* What the dialog answers if accepted now: @name in the document's folder,
 * not a file of that name elsewhere (the working directory's parent, above;
 * an open dialog's recent files, which hold earlier runs' list.csv). */
static void
assert_chosen (GtkWindow  *dialog,
               const char *name)
{
  g_autofree char *path = g_build_filename (app.folder, name, NULL);
  g_autoptr(GFile) chosen = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));

  g_assert_nonnull (chosen);
  g_assert_cmpstr (g_file_peek_path (chosen), ==, path);
}

/* The name typed (a save dialog) or the file given (an open dialog), then
 * the dialog's accept button: what the user does. What the application
 * then does with the file (an import, a file written) is waited for by
 * the step. */
static void
chooser_save_as (const char *name)
{
  GtkWindow *dialog = chooser_in_folder ();

  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), name);
  assert_chosen (dialog, name);
  chooser_respond (dialog, GTK_RESPONSE_ACCEPT);
}

/* Selects the row of @name in the dialog's list of files, as a click does. */
static gboolean
select_row (GtkWidget  *widget,
            const char *name)
{
  if (GTK_IS_TREE_VIEW (widget))
    {
      GtkTreeModel *model = gtk_tree_view_get_model (GTK_TREE_VIEW (widget));
      GtkTreeIter iter;

      for (gboolean more = model != NULL && gtk_tree_model_get_iter_first (model, &iter); more;
           more = gtk_tree_model_iter_next (model, &iter))
        for (int column = 0; column < gtk_tree_model_get_n_columns (model); column++)
          {
            GValue value = G_VALUE_INIT;
            gboolean same = FALSE;

            if (gtk_tree_model_get_column_type (model, column) != G_TYPE_FILE)
              continue;
            gtk_tree_model_get_value (model, &iter, column, &value);
            if (g_value_get_object (&value) != NULL)
              {
                g_autofree char *basename = g_file_get_basename (g_value_get_object (&value));

                same = g_strcmp0 (basename, name) == 0;
              }
            g_value_unset (&value);
            if (same)
              {
                gtk_tree_selection_select_iter (gtk_tree_view_get_selection (GTK_TREE_VIEW (widget)), &iter);
                return TRUE;
              }
          }
    }
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    if (select_row (c, name))
      return TRUE;
  return FALSE;
}

typedef struct
{
  GtkWindow  *dialog;
  const char *name;
} Row;

static gboolean
row_selected (gpointer data)
{
  Row *r = data;

  return select_row (GTK_WIDGET (r->dialog), r->name);
}

static void
chooser_open (const char *name)
{
  GtkWindow *dialog = chooser_in_folder ();
  Row row = { dialog, name };

  qw_test_wait_until (row_selected, &row, "the file to be listed");
  assert_chosen (dialog, name);
  chooser_respond (dialog, GTK_RESPONSE_ACCEPT);
}

static void
activate (const char *action,
          GVariant   *parameter)
{
  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (app.window), action, parameter));
}

static gboolean
file_written (gpointer data)
{
  return g_file_test (data, G_FILE_TEST_IS_REGULAR);
}

static void
wait_written (const char *name)
{
  g_autofree char *path = g_build_filename (app.folder, name, NULL);
  g_autofree char *what = g_strdup_printf ("%s to be written", name);

  qw_test_wait_until (file_written, path, what);
}

/* The steps */

static void
step_open_dialog (void)
{
  activate ("win.open", NULL);
  chooser_cancel ();
}

static void
step_import_dialog (void)
{
  activate ("win.import-entries", NULL);
  chooser_cancel ();
}

static void
step_import (void)
{
  QwEntriesPage *entries = QW_ENTRIES_PAGE (qw_window_get_page (app.window, "entries"));

  activate ("win.import-entries", NULL);
  chooser_open ("list.csv");
  qw_test_wait_false (entries, "busy");
  qw_test_wait_toplevel (ADW_TYPE_MESSAGE_DIALOG);
  qw_test_close_toplevels (ADW_TYPE_MESSAGE_DIALOG);
}

static void
step_export_entries (void)
{
  QwEntriesPage *entries = QW_ENTRIES_PAGE (qw_window_get_page (app.window, "entries"));

  activate ("win.export-entries", NULL);
  chooser_save_as ("entries-out.csv");
  qw_test_wait_false (entries, "busy");
  wait_written ("entries-out.csv");
}

static void
step_export_excel (void)
{
  activate ("win.export-excel", g_variant_new_string ("standings"));
  chooser_cancel ();
  activate ("win.export-excel", g_variant_new_string ("entries-private"));
  chooser_save_as ("entries-private.xlsx");
  wait_written ("entries-private.xlsx");
}

static void
step_trf_dialogs (void)
{
  qw_test_show_rounds (app.window);
  activate ("win.export-trf", NULL);
  chooser_cancel ();
  activate ("win.import-trf", NULL);
  chooser_cancel ();
}

static void
step_export_results (void)
{
  activate ("win.export-results", g_variant_new_string ("private"));
  chooser_save_as ("results-out.xml");
  qw_test_wait_until (qw_test_not_exporting, app.window, "the results file to be written");
  wait_written ("results-out.xml");
}

static void
step_print_pdf (void)
{
  QwPrintDialog *dialog = qw_print_dialog_new (GTK_WINDOW (app.window), qw_window_get_document (app.window),
                                               QW_PRINT_STANDINGS, "open-m", 0);
  GtkWidget *button;

  gtk_window_present (GTK_WINDOW (dialog));
  qw_test_wait_mapped (GTK_WIDGET (dialog));
  button = qw_test_find_button (GTK_WIDGET (dialog), _("_Export PDF…"));
  g_assert_nonnull (button);
  qw_test_wait_until ((QwTestCondition) gtk_widget_get_sensitive, button, "the printout to be ready");
  g_signal_emit_by_name (button, "clicked");
  chooser_save_as ("standings-out.pdf");
  wait_written ("standings-out.pdf");
  gtk_window_destroy (GTK_WINDOW (dialog));
}

static void
step_new_event_dialog (void)
{
  GtkWindow *dialog;
  GtkWidget *create;

  activate ("win.new-stop", NULL);
  dialog = qw_test_wait_toplevel (g_type_from_name ("QwNewStopDialog"));
  qw_test_wait_mapped (GTK_WIDGET (dialog));
  create = qw_test_find_button (GTK_WIDGET (dialog), _("C_reate…"));
  g_assert_nonnull (create);
  g_signal_emit_by_name (create, "clicked");
  chooser_cancel ();
  gtk_window_destroy (dialog);
}

/* 发布到场馆网络, on the loopback address and any free port; it keeps
 * serving to the end. */
static void
step_publish (void)
{
  g_autoptr(GPtrArray) checks = g_ptr_array_new ();
  g_autoptr(GPtrArray) spins = g_ptr_array_new ();
  QwPublishDialog *dialog;
  GtkWidget *start;

  activate ("win.publish", NULL);
  dialog = QW_PUBLISH_DIALOG (qw_test_wait_toplevel (QW_TYPE_PUBLISH_DIALOG));
  qw_test_wait_mapped (GTK_WIDGET (dialog));
  qw_test_collect_children (GTK_WIDGET (dialog), GTK_TYPE_CHECK_BUTTON, checks);
  for (guint i = 0; i < checks->len; i++)
    {
      const char *address = g_object_get_data (G_OBJECT (g_ptr_array_index (checks, i)), "address");

      gtk_check_button_set_active (g_ptr_array_index (checks, i), g_strcmp0 (address, "127.0.0.1") == 0);
    }
  qw_test_collect_children (GTK_WIDGET (dialog), GTK_TYPE_SPIN_BUTTON, spins);
  g_assert_cmpuint (spins->len, >, 0);
  gtk_spin_button_set_value (g_ptr_array_index (spins, 0), 0);
  start = qw_test_find_button (GTK_WIDGET (dialog), _("_Start Publishing"));
  g_assert_nonnull (start);
  g_signal_emit_by_name (start, "clicked");
  qw_test_wait_until (qw_test_serving, dialog, "the venue server to start");
  {
    g_autofree char *url = g_strdup (qw_publish_dialog_get_url (dialog));

    g_assert_cmpuint (qw_test_http_get (url, NULL), ==, 200);
  }
}

static void
step_second_window (void)
{
  g_autoptr(GFile) file = g_file_new_for_path (app.path);

  app.second = qw_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (app.second), 1000, 700);
  gtk_window_present (GTK_WINDOW (app.second));
  qw_test_wait_mapped (GTK_WIDGET (app.second));
  g_assert_true (qw_window_open_file (app.second, file));
  qw_test_show_rounds (app.second);
}

static void
step_undo (void)
{
  /* The second window goes (its connection closes first), then the last
   * result is taken back. */
  gtk_window_destroy (GTK_WINDOW (app.second));
  app.second = NULL;
  activate ("win.undo", NULL);
  g_hash_table_remove (app.expected, GINT_TO_POINTER (app.last_board));
  {
    QwRoundsPage *rounds = qw_test_show_rounds (app.window);
    GListModel *boards = qw_rounds_page_get_boards (rounds);

    for (guint i = 0; i < g_list_model_get_n_items (boards); i++)
      {
        g_autoptr(QwBoardItem) b = g_list_model_get_item (boards, i);

        if (qw_board_item_get_game (b)->board == app.last_board)
          g_assert_false (qw_board_item_has_result (b));
      }
  }
}

typedef struct
{
  const char *name;
  void      (*run) (void);
} Step;

static const Step steps[] = {
  { "opened", NULL },
  { "open-dialog", step_open_dialog },
  { "import-dialog", step_import_dialog },
  { "import", step_import },
  { "export-entries", step_export_entries },
  { "export-excel", step_export_excel },
  { "trf-dialogs", step_trf_dialogs },
  { "export-results", step_export_results },
  { "print-pdf", step_print_pdf },
  { "new-event-dialog", step_new_event_dialog },
  { "publish", step_publish },
  { "second-window", step_second_window },
  { "undo", step_undo },
};

static int
run_app (int    argc,
         char **argv)
{
  g_autoptr(GFile) file = NULL;

  qw_test_ui_init (&argc, &argv);
  app.path = g_strdup (g_getenv ("QW_LOCK_APP"));
  app.folder = g_path_get_dirname (app.path);
  app.expected = g_hash_table_new (NULL, NULL);
  file = g_file_new_for_path (app.path);
  app.window = qw_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (app.window), 1280, 800);
  gtk_window_present (GTK_WINDOW (app.window));
  qw_test_wait_mapped (GTK_WIDGET (app.window));
  g_assert_true (qw_window_open_file (app.window, file));
  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    {
      if (steps[i].run != NULL)
        steps[i].run ();
      enter_result ();
      report (steps[i].name);
    }
  g_print (PROTOCOL "done\n");
  fflush (stdout);
  /* Until the test kills the window. */
  for (;;)
    g_main_context_iteration (NULL, TRUE);
  return 0;
}

/* The test: the other program */

static char *self_exe;
static char *tmp_dir;

/* Round 4 of open-m as another process reads it: "1=2:0,2=0:2,…" in the
 * form the window reports. */
static char *
results_seen (const char *path)
{
  const char *argv[] = { g_getenv ("QIWANG_CLI"), "games", path, "open-m", "--round", "4", "--json", NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(GString) seen = g_string_new (NULL);
  g_autoptr(GHashTable) results = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  JsonArray *games;
  int status = 0;

  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status, &error);
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("qiwang-cli games failed: %s", err);
  g_assert_true (json_parser_load_from_data (parser, out, -1, &error));
  games = json_node_get_array (json_parser_get_root (parser));
  for (guint i = 0; i < json_array_get_length (games); i++)
    {
      JsonObject *game = json_array_get_object_element (games, i);
      const char *result = json_object_get_string_member (game, "result");

      if (result != NULL && result[0] != '\0')
        g_hash_table_insert (results, GINT_TO_POINTER ((int) json_object_get_int_member (game, "board")),
                             g_strdup (result));
    }
  for (int board = 1; board <= 100; board++)
    {
      const char *result = g_hash_table_lookup (results, GINT_TO_POINTER (board));

      if (result != NULL)
        g_string_append_printf (seen, "%d=%s,", board, result);
    }
  return g_strdup (seen->str);
}

static void
copy_into (const char *from,
           const char *to)
{
  g_autofree char *bytes = NULL;
  gsize length = 0;

  g_assert_true (g_file_get_contents (from, &bytes, &length, NULL));
  g_assert_true (g_file_set_contents (to, bytes, (gssize) length, NULL));
}

/* The document's folder: the demo, a registration list to import, and a
 * file of each kind the dialogs filter for, so that every dialog lists
 * something. */
static char *
make_folder (const char *name)
{
  g_autofree char *folder = g_build_filename (tmp_dir, name, NULL);
  char *path = g_build_filename (folder, "stop.qiwang", NULL);
  g_autofree char *list = g_build_filename (folder, "list.csv", NULL);
  g_autofree char *source = g_test_build_filename (G_TEST_DIST, "data", "walk-list-1.csv", NULL);
  const char *others[] = { "old.xml", "old.trf", "old.xlsx", "old.pdf", "old.png", "other.qiwang" };
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = NULL;

  g_assert_cmpint (g_mkdir_with_parents (folder, 0755), ==, 0);
  doc = qw_demo_create (path, &error);
  g_assert_no_error (error);
  copy_into (source, list);
  for (guint i = 0; i < G_N_ELEMENTS (others); i++)
    {
      g_autofree char *other = g_build_filename (folder, others[i], NULL);

      g_assert_true (g_file_set_contents (other, "", 0, NULL));
    }
  return path;
}

static char *
read_line (GIOChannel *channel)
{
  for (;;)
    {
      g_autofree char *line = NULL;
      g_autoptr(GError) error = NULL;
      GIOStatus status = g_io_channel_read_line (channel, &line, NULL, NULL, &error);

      g_assert_no_error (error);
      if (status != G_IO_STATUS_NORMAL)
        return NULL;
      g_strchomp (line);
      if (g_str_has_prefix (line, PROTOCOL))
        return g_strdup (line + strlen (PROTOCOL));
      g_test_message ("window: %s", line);
    }
}

static void
walk_the_day (const char *gdk_debug)
{
  g_autofree char *path = make_folder (gdk_debug);
  const char *argv[] = { self_exe, NULL };
  g_auto(GStrv) env = g_get_environ ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GIOChannel) from = NULL;
  g_autoptr(GIOChannel) to = NULL;
  g_autofree char *last = NULL;
  GPid pid = 0;
  int in_fd = -1, out_fd = -1, status = 0;

  env = g_environ_setenv (env, "QW_LOCK_APP", path, TRUE);
  env = g_environ_setenv (env, "GDK_DEBUG", gdk_debug, TRUE);
  g_spawn_async_with_pipes (NULL, (char **) argv, env, G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL, &pid, &in_fd,
                            &out_fd, NULL, &error);
  g_assert_no_error (error);
  from = g_io_channel_unix_new (out_fd);
  to = g_io_channel_unix_new (in_fd);
  g_io_channel_set_close_on_unref (from, TRUE);
  g_io_channel_set_close_on_unref (to, TRUE);

  for (;;)
    {
      g_autofree char *line = read_line (from);
      g_auto(GStrv) words = NULL;
      g_autofree char *seen = NULL;
      g_autofree char *locks = NULL;
      gsize written = 0;

      if (line == NULL)
        g_error ("the window's process ended before the walk was done");
      if (g_str_equal (line, "done"))
        break;
      words = g_strsplit (line, " ", 3);
      g_assert_cmpstr (words[0], ==, "step");
      locks = qw_test_describe_locks (pid, path);
      /* Another process reads what the window wrote, at once. */
      seen = results_seen (path);
      g_test_message ("after %s: the window entered %s; qiwang-cli reads %s\n%s", words[1], words[2], seen, locks);
      if (g_strcmp0 (seen, words[2]) != 0)
        g_error ("after %s, another process reads %s, not what the window entered (%s)\n%s", words[1], seen,
                 words[2], locks);
      if (!qw_test_holds_shared_lock (pid, path))
        g_error ("after %s, the window's process no longer holds its lock on the document\n%s", words[1], locks);
      g_free (last);
      last = g_strdup (words[2]);
      g_io_channel_write_chars (to, "go\n", -1, &written, &error);
      g_assert_no_error (error);
      g_io_channel_flush (to, &error);
      g_assert_no_error (error);
    }

  /* A battery runs out. */
  g_assert_cmpint (kill (pid, SIGKILL), ==, 0);
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_spawn_close_pid (pid);
  g_assert_true (WIFSIGNALED (status) && WTERMSIG (status) == SIGKILL);
  {
    g_autofree char *seen = results_seen (path);

    g_test_message ("after kill -9: qiwang-cli reads %s", seen);
    g_assert_cmpstr (seen, ==, last);
  }
}

static void
test_walk_plain (void)
{
  walk_the_day ("gl-disable");
}

static void
test_walk_portal (void)
{
  walk_the_day ("gl-disable,portals");
}

/* A read-only mount */

static gboolean namespace_ok;

static void
enter_namespace (void)
{
  namespace_ok = unshare (CLONE_NEWNS) == 0 && mount (NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) == 0;
}

static gboolean
action_sensitive (GtkWidget  *widget,
                  const char *action,
                  gboolean   *found)
{
  gboolean sensitive = FALSE;

  if (GTK_IS_ACTIONABLE (widget) && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0)
    {
      *found = TRUE;
      sensitive |= gtk_widget_get_sensitive (widget);
    }
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    sensitive |= action_sensitive (c, action, found);
  return sensitive;
}

static void
test_read_only_window (void)
{
  g_autofree char *where = g_build_filename (tmp_dir, "stick", NULL);
  g_autofree char *path = g_build_filename (where, "stop.qiwang", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  static const char *disabled[] = { "rounds.pair-next", "rounds.unpair", "rounds.withdraw", "rounds.absent" };
  QwWindow *window;
  QwRoundsPage *rounds;

  if (!namespace_ok)
    {
      g_test_skip ("no mount namespace of the test's own");
      return;
    }
  g_assert_cmpint (g_mkdir_with_parents (where, 0755), ==, 0);
  g_assert_cmpint (mount ("tmpfs", where, "tmpfs", 0, "size=8m"), ==, 0);
  {
    g_autoptr(QwDocument) doc = qw_demo_create (path, &error);

    g_assert_no_error (error);
  }
  g_assert_cmpint (mount (NULL, where, NULL, MS_REMOUNT | MS_RDONLY, NULL), ==, 0);

  window = qw_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  qw_test_wait_mapped (GTK_WIDGET (window));
  g_assert_true (qw_window_open_file (window, file));
  g_assert_true (qw_document_is_read_only_place (qw_window_get_document (window)));
  g_assert_nonnull (strstr (gtk_window_get_title (GTK_WINDOW (window)), "只读"));
  rounds = qw_test_show_rounds (window);
  qw_test_screenshot (GTK_WIDGET (window), "screenshot-read-only.png");
  for (guint i = 0; i < G_N_ELEMENTS (disabled); i++)
    {
      gboolean found = FALSE;

      if (action_sensitive (GTK_WIDGET (window), disabled[i], &found))
        g_error ("%s is offered on a read-only document", disabled[i]);
    }
  /* A result typed all the same is refused with the read-only message. */
  qw_rounds_page_select_board (rounds, 0);
  qw_rounds_page_key_result (rounds, GDK_KEY_1);
  {
    GtkWindow *dialog = qw_test_wait_toplevel (ADW_TYPE_MESSAGE_DIALOG);

    g_assert_nonnull (strstr (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog)), "文档是只读的"));
  }
  qw_test_close_toplevels (ADW_TYPE_MESSAGE_DIALOG);
  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_cmpint (umount2 (where, MNT_DETACH), ==, 0);
}

int
main (int    argc,
      char **argv)
{
  int status;

  if (g_getenv ("QW_LOCK_APP") != NULL)
    return run_app (argc, argv);
  enter_namespace ();
  qw_test_ui_init (&argc, &argv);
  self_exe = g_file_read_link ("/proc/self/exe", NULL);
  tmp_dir = qw_test_make_tmp_dir ("qiwang-ui-lock-XXXXXX");
  g_test_add_func ("/ui-lock/walk", test_walk_plain);
  g_test_add_func ("/ui-lock/walk-portal", test_walk_portal);
  g_test_add_func ("/ui-lock/read-only-window", test_read_only_window);
  status = g_test_run ();
  qw_test_remove_tree (tmp_dir);
  g_free (tmp_dir);
  g_free (self_exe);
  return status;
}
