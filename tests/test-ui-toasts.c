/* test-ui-toasts.c: toasts as fast as an arbiter types results
 *
 * libadwaita 1.2 crashes when a toast is taken away, or pushed aside by a
 * toast of high priority, while it is still sliding in (qw-feedback.c paces
 * every toast for that). Here a window gets toasts of each kind a few
 * milliseconds apart, with the main loop running between them as it
 * does between key presses (fifteen steps of a document's history for the
 * step toasts); the application must not crash, and the toast
 * left shown is the last one (the ones replaced before their turn came are
 * never shown).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>

#include "qw-feedback.h"
#include "qw-test.h"
#include "ui-wait.h"

#define N_TOASTS 40
/* Each step is a commit (synchronous=FULL): fewer, still faster than toasts slide in. */
#define N_STEPS 15

typedef struct
{
  GtkWidget *window;
  GtkWidget *label;
} Fixture;

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  GtkWidget *overlay = adw_toast_overlay_new ();

  f->window = gtk_window_new ();
  f->label = gtk_label_new ("棋王");
  adw_toast_overlay_set_child (ADW_TOAST_OVERLAY (overlay), f->label);
  gtk_window_set_child (GTK_WINDOW (f->window), overlay);
  gtk_window_set_default_size (GTK_WINDOW (f->window), 800, 600);
  gtk_window_present (GTK_WINDOW (f->window));
  qw_test_wait_mapped (f->window);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
}

/* Runs the main loop for about @ms milliseconds: frames, animations. */
static void
spin (guint ms)
{
  gint64 until = g_get_monotonic_time () + ms * G_TIME_SPAN_MILLISECOND;

  while (g_get_monotonic_time () < until)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}

/* A step toast each, the history moving on before the last one has slid
 * in (each new step dismisses the previous step's toast). */
static void
test_step_toasts (Fixture       *f,
                  gconstpointer  data)
{
  g_autofree char *dir = qw_test_make_tmp_dir ("qiwang-toasts-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "toasts.qiwang", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = qw_document_create (path, QW_DOCUMENT_STOP, &error);
  QwHistory *history;
  g_autofree char *last = NULL;

  g_assert_no_error (error);
  qw_document_enable_history (doc);
  history = qw_document_get_history (doc);
  for (int i = 1; i <= N_STEPS; i++)
    {
      g_autofree char *label = g_strdup_printf ("第 %d 台", i);

      g_assert_true (qw_document_begin_step (doc, label, &error));
      g_assert_true (qw_document_set_meta (doc, "toast-test", label, &error));
      g_assert_true (qw_document_commit (doc, &error));
      g_assert_no_error (error);
      qw_feedback_step_toast (f->label, history, label, QW_OFFER_UNDO);
      spin (i % 3 == 0 ? 40 : 4);
    }
  last = g_strdup_printf ("第 %d 台", N_STEPS);
  qw_test_wait_toast (f->window, last);
  spin (800);
  g_assert_nonnull (qw_test_find_toast (f->window, last));
  g_assert_null (qw_test_find_toast (f->window, "第 1 台"));
  g_clear_object (&doc);
  qw_test_remove_tree (dir);
}

/* A toast that replaces the one of its kind (a round's progress). */
static void
test_replaced_toasts (Fixture       *f,
                      gconstpointer  data)
{
  g_autofree char *last = NULL;

  for (int i = 1; i <= N_TOASTS; i++)
    {
      g_autofree char *text = g_strdup_printf ("已录入 %d 台", i);

      qw_feedback_replace_toast (f->label, "round-progress", text);
      spin (i % 4 == 0 ? 30 : 3);
    }
  last = g_strdup_printf ("已录入 %d 台", N_TOASTS);
  qw_test_wait_toast (f->window, last);
  spin (800);
  g_assert_nonnull (qw_test_find_toast (f->window, last));
  qw_feedback_dismiss_toast (f->label, "round-progress");
  qw_test_wait_no_toast (f->window);
}

int
main (int   argc,
      char *argv[])
{
  qw_test_ui_init (&argc, &argv);
  g_test_add ("/toasts/step", Fixture, NULL, fixture_set_up, test_step_toasts, fixture_tear_down);
  g_test_add ("/toasts/replaced", Fixture, NULL, fixture_set_up, test_replaced_toasts, fixture_tear_down);
  return g_test_run ();
}
