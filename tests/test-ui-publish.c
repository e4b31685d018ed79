/* test-ui-publish.c: 发布到场馆网络 from the window (issue 13), in Chinese
 *
 * The menu's action opens the dialog on the demo; serving on loopback
 * (port 0) shows the address and its QR code; the pages answer while the
 * window's main loop runs; a result entered in the window's document (its
 * own connection) is on the served page within 2 seconds; the stop button
 * stops serving, and closing the document stops it too. A screenshot of
 * the dialog goes into the build directory.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <string.h>

#include "qw-demo.h"
#include "qw-document-context.h"
#include "qw-publish-dialog.h"
#include "qw-test.h"
#include "qw-tournament.h"
#include "qw-window.h"
#include "qw-test-window.h"
#include "ui-wait.h"

static char *tmp_dir;

/* A request in a thread while the main loop runs (the GUI's, as a phone
 * would ask while the arbiter works). */
typedef struct
{
  char     *url;
  guint     status;
  char     *body;
  gboolean  done;
} Request;

static gpointer
request_thread (gpointer data)
{
  Request *r = data;

  r->status = qw_test_http_get (r->url, &r->body);
  g_atomic_int_set (&r->done, TRUE);
  return NULL;
}

static gboolean
request_done (gpointer data)
{
  return g_atomic_int_get (&((Request *) data)->done);
}

static guint
get (const char  *url,
     char       **body)
{
  Request r = { g_strdup (url) };
  GThread *thread = g_thread_new ("request", request_thread, &r);

  qw_test_wait_until (request_done, &r, "a page from the served document");
  g_thread_join (thread);
  g_free (r.url);
  if (body != NULL)
    *body = r.body;
  else
    g_free (r.body);
  return r.status;
}

static gboolean
board_result_shown (const char *base,
                    const char *result)
{
  g_autofree char *url = g_strconcat (base, "group/open-m/pairings?round=4", NULL);
  g_autofree char *body = NULL;
  g_autofree char *cell = g_strdup_printf ("<td class=\"board\">3</td>");
  const char *row;

  g_assert_cmpuint (get (url, &body), ==, 200);
  row = strstr (body, cell);
  g_assert_nonnull (row);
  return g_str_has_prefix (strstr (row, "<td class=\"res\">"), result);
}

static void
test_publish (void)
{
  QwWindow *window = qw_test_new_window (1280, 800);
  g_autofree char *path = g_build_filename (tmp_dir, "publish.qiwang", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(QwDocument) demo = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocumentContext) context = NULL;
  g_autoptr(QwSection) section = NULL;
  g_autofree char *url = NULL;
  g_autofree char *index = NULL;
  QwResultInput win = { .result = QW_RESULT_RED_WIN };
  QwPublishDialog *dialog;
  GtkWidget *start;
  gint64 entered;
  double seconds;

  demo = qw_demo_create (path, &error);
  g_assert_no_error (error);
  g_clear_object (&demo);
  g_assert_true (qw_window_open_file (window, file));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.publish", NULL);
  dialog = QW_PUBLISH_DIALOG (qw_test_wait_toplevel (QW_TYPE_PUBLISH_DIALOG));
  qw_test_wait_mapped (GTK_WIDGET (dialog));
  g_assert_false (qw_publish_dialog_is_serving (dialog));

  start = qw_test_serve_loopback (dialog);
  url = g_strdup (qw_publish_dialog_get_url (dialog));
  g_assert_true (g_str_has_prefix (url, "http://127.0.0.1:"));
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (start)), ==, _("_Stop Publishing"));
  g_assert_cmpuint (get (url, &index), ==, 200);
  g_assert_nonnull (strstr (index, "公开组男子"));
  qw_test_screenshot (GTK_WIDGET (dialog), "screenshot-publish-dialog.png");

  /* A result entered in the window's document shows on the served page. */
  g_object_get (window, "context", &context, NULL);
  section = qw_tournament_find_section (qw_document_context_get_document (context), "open-m", FALSE, &error);
  g_assert_no_error (error);
  g_assert_false (board_result_shown (url, "<td class=\"res\"><span aria-hidden=\"true\">2:0"));
  entered = g_get_monotonic_time ();
  g_assert_true (qw_tournament_record_result (qw_document_context_get_document (context), section, 4, 3, &win,
                                              &error));
  while (!board_result_shown (url, "<td class=\"res\"><span aria-hidden=\"true\">2:0"))
    g_assert_cmpfloat ((g_get_monotonic_time () - entered) / 1e6, <, qw_test_seconds (2.0));
  seconds = (g_get_monotonic_time () - entered) / (double) G_USEC_PER_SEC;
  g_test_message ("result on the served page %.3f s after it was entered in the window's document", seconds);

  /* Stop, start again, then close the document: serving stops with it. */
  g_signal_emit_by_name (start, "clicked");
  g_assert_false (qw_publish_dialog_is_serving (dialog));
  g_assert_cmpuint (get (url, NULL), ==, 0);
  g_signal_emit_by_name (start, "clicked");
  qw_test_wait_until (qw_test_serving, dialog, "serving again");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.close-document", NULL);
  g_assert_false (qw_publish_dialog_is_serving (dialog));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int    argc,
      char **argv)
{
  int status;

  qw_test_ui_init (&argc, &argv);
  tmp_dir = qw_test_make_tmp_dir ("qiwang-ui-publish-XXXXXX");
  g_test_add_func ("/ui-publish/serve", test_publish);
  status = g_test_run ();
  qw_test_remove_tree (tmp_dir);
  return status;
}
