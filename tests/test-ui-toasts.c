/* test-ui-toasts.c: the window's notifications, as fast as an arbiter types
 *
 * libadwaita 1.2's toast overlay crashed when a toast was taken away soon
 * after it began to slide in as a replacement (qw-notice-overlay.c says
 * how); the window now shows its notices itself. Here a window gets
 * notices of each kind a few milliseconds apart, with the main loop running
 * between them as it does between key presses (fifteen steps of a
 * document's history for the step notices): the application must not
 * crash, the notice left shown is the last one (those replaced before their
 * turn came are never shown), notices that wait are shown in turn, and the
 * Undo of a step notice undoes. /toasts/timeout-then-replaced is the crash
 * itself, which the pacing of main at 8fe3458 did not prevent: there it
 * crashed 10 runs of 10, idle and beside 3 busy loops, with the
 * environment tests/meson.build gives it (freed memory filled at once), 8
 * of 10 without.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "qw-feedback.h"
#include "qw-notice-overlay.h"
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
  GtkWidget *overlay = qw_notice_overlay_new ();

  f->window = gtk_window_new ();
  f->label = gtk_label_new ("棋王");
  qw_notice_overlay_set_child (QW_NOTICE_OVERLAY (overlay), f->label);
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

/* What libadwaita 1.2 crashed on, through the toasts' own timeouts (which
 * the pacing of main at 8fe3458 did not see): the first toast goes by its
 * timeout while another waits behind it, which is then shown, replacing it
 * (a 500 ms slide in); the next of its kind replaces it at once (a 300 ms
 * fade out). The overlay freed the replaced toast's record when it had
 * faded and its slide then ended on the freed record, reading a pointer
 * to unref from it. The record's memory is filled as it is freed (glibc's
 * MALLOC_PERTURB_, tests/meson.build) and taken again by blocks written
 * over from a tick callback run right after the overlay's, so that the read
 * cannot go unnoticed; with the window's own notifications there is
 * nothing to free and nothing happens. */

#define SCRIBBLES 64

typedef struct
{
  GtkWidget *window;
  gboolean   gone;        /* the replaced toast's widget is no more */
  gpointer   scribbles[SCRIBBLES];
} Scribbler;

static gboolean
scribble_tick_cb (GtkWidget     *widget,
                  GdkFrameClock *clock,
                  gpointer       data)
{
  Scribbler *s = data;

  if (qw_test_find_toast (s->window, "已录入第 1 台") != NULL)
    return G_SOURCE_CONTINUE;
  /* Blocks of the freed record's size (seven pointers) take its place. */
  for (guint i = 0; i < SCRIBBLES; i++)
    {
      s->scribbles[i] = g_malloc (7 * sizeof (gpointer));
      memset (s->scribbles[i], 0xa5, 7 * sizeof (gpointer));
    }
  s->gone = TRUE;
  return G_SOURCE_REMOVE;
}

static gboolean
is_gone (gpointer data)
{
  return ((Scribbler *) data)->gone;
}

static void
test_timeout_then_replaced (Fixture       *f,
                            gconstpointer  data)
{
  Scribbler s = { f->window, FALSE, { NULL } };

  qw_feedback_toast (f->label, "已导入报名表");
  qw_test_wait_toast (f->window, "已导入报名表");
  spin (700);
  qw_feedback_replace_toast (f->label, "round-progress", "已录入第 1 台");
  /* The first one goes after its 5 seconds, and this one comes. */
  qw_test_wait_toast (f->window, "已录入第 1 台");
  qw_feedback_replace_toast (f->label, "round-progress", "已录入第 2 台");
  gtk_widget_add_tick_callback (f->label, scribble_tick_cb, &s, NULL);
  qw_test_wait_until (is_gone, &s, "the replaced toast to go");
  /* Its slide would have ended by now. */
  spin (1000);
  qw_test_wait_toast (f->window, "已录入第 2 台");
  g_assert_null (qw_test_find_toast (f->window, "已录入第 1 台"));
  for (guint i = 0; i < SCRIBBLES; i++)
    g_free (s.scribbles[i]);
}

/* Notices that wait behind the one shown come in turn, none lost; one of
 * high priority comes at once, and the one it pushed aside after it. */
static gboolean
nothing_shown (gpointer data)
{
  return qw_test_find_toast (data, NULL) == NULL;
}

static void
test_queue (Fixture       *f,
            gconstpointer  data)
{
  const char *order[] = { "紧急", "第一条", "第二条", "第三条" };
  g_autoptr(GPtrArray) seen = g_ptr_array_new_with_free_func (g_free);
  GtkWidget *bar;

  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *text = g_strdup_printf ("第%s条", i == 0 ? "一" : i == 1 ? "二" : "三");
      QwNotice *notice = qw_notice_new (text);

      qw_notice_set_timeout (notice, 1);
      qw_feedback_add_notice (f->label, notice);
      spin (3);
    }
  {
    QwNotice *urgent = qw_notice_new ("紧急");

    qw_notice_set_timeout (urgent, 1);
    qw_notice_set_priority (urgent, QW_NOTICE_PRIORITY_HIGH);
    qw_feedback_add_notice (f->label, urgent);
  }
  /* The bar is an alert to screen readers. */
  bar = qw_test_find_toast (f->window, "紧急");
  g_assert_nonnull (bar);
  g_assert_cmpint (gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (bar)), ==, GTK_ACCESSIBLE_ROLE_ALERT);
  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    {
      qw_test_wait_toast (f->window, order[i]);
      /* Until it goes by its timeout. */
      while (qw_test_find_toast (f->window, order[i]) != NULL)
        g_main_context_iteration (NULL, TRUE);
    }
  qw_test_wait_until (nothing_shown, f->window, "the notices to go");
}

/* The Undo of a step notice runs win.undo, and the notice goes; the close
 * button takes a notice away. */
static void
undo_activated_cb (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       data)
{
  (*(int *) data)++;
}

static void
test_undo_button (Fixture       *f,
                  gconstpointer  data)
{
  g_autofree char *dir = qw_test_make_tmp_dir ("qiwang-toasts-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "undo.qiwang", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = qw_document_create (path, QW_DOCUMENT_STOP, &error);
  g_autoptr(GSimpleActionGroup) group = g_simple_action_group_new ();
  g_autoptr(GSimpleAction) undo = g_simple_action_new ("undo", NULL);
  GtkWidget *bar, *button;
  int undone = 0;

  g_signal_connect (undo, "activate", G_CALLBACK (undo_activated_cb), &undone);
  g_action_map_add_action (G_ACTION_MAP (group), G_ACTION (undo));
  gtk_widget_insert_action_group (f->window, "win", G_ACTION_GROUP (group));
  g_assert_no_error (error);
  qw_document_enable_history (doc);
  g_assert_true (qw_document_begin_step (doc, "第 1 台", &error));
  g_assert_true (qw_document_set_meta (doc, "toast-test", "1", &error));
  g_assert_true (qw_document_commit (doc, &error));
  qw_feedback_undo_toast (f->label, doc, "已录入第 1 台");
  bar = qw_test_find_toast (f->window, "已录入第 1 台");
  g_assert_nonnull (bar);
  button = gtk_widget_get_first_child (bar);
  while (button != NULL && !GTK_IS_BUTTON (button))
    button = gtk_widget_get_next_sibling (button);
  g_assert_nonnull (button);
  g_assert_true (gtk_widget_get_visible (button));
  qw_test_screenshot (f->window, "screenshot-notice.png");
  g_signal_emit_by_name (button, "clicked");
  g_assert_cmpint (undone, ==, 1);
  g_assert_null (qw_test_find_toast (f->window, "已录入第 1 台"));

  /* The close button takes the notice shown away. */
  qw_feedback_toast (f->label, "已写入成绩表");
  bar = qw_test_find_toast (f->window, "已写入成绩表");
  g_assert_nonnull (bar);
  g_signal_emit_by_name (gtk_widget_get_last_child (bar), "clicked");
  g_assert_null (qw_test_find_toast (f->window, NULL));
  g_clear_object (&doc);
  qw_test_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  qw_test_ui_init (&argc, &argv);
  g_test_add ("/toasts/step", Fixture, NULL, fixture_set_up, test_step_toasts, fixture_tear_down);
  g_test_add ("/toasts/replaced", Fixture, NULL, fixture_set_up, test_replaced_toasts, fixture_tear_down);
  g_test_add ("/toasts/queue", Fixture, NULL, fixture_set_up, test_queue, fixture_tear_down);
  g_test_add ("/toasts/undo-button", Fixture, NULL, fixture_set_up, test_undo_button, fixture_tear_down);
  g_test_add ("/toasts/timeout-then-replaced", Fixture, NULL, fixture_set_up, test_timeout_then_replaced,
              fixture_tear_down);
  return g_test_run ();
}
