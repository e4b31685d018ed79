/* ui-wait.c: the UI tests wait for conditions, never for fixed times
 *
 * Each wait runs the main loop until its condition holds (a widget mapped,
 * a model with so many items, a toast shown, a page no longer busy, a frame
 * drawn), and fails the test with what it waited for after a generous
 * timeout, so a slow machine (or the sanitizers) only makes it slower.
 * Screenshots go into the build directory.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <stdlib.h>

#include "qw-data.h"
#include "qw-notice-overlay.h"
#include "qw-page.h"
#include "qw-window.h"
#include "ui-wait.h"

#define TIMEOUT_SECONDS 120

static gboolean
timed_out_cb (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/**
 * qw_test_ui_init:
 *
 * GTest and GTK in Chinese, with the app's style sheet and icons; exits with
 * 77 (skipped) without a display.
 */
void
qw_test_ui_init (int    *argc,
                 char ***argv)
{
  g_autoptr(GtkCssProvider) css = gtk_css_provider_new ();

  g_setenv ("GSK_RENDERER", "cairo", TRUE);
  g_setenv ("LANGUAGE", "zh_CN", TRUE);
  setlocale (LC_ALL, "zh_CN.UTF-8");
  bindtextdomain (GETTEXT_PACKAGE, qw_locale_dir ());
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  g_test_init (argc, argv, NULL);
  if (!gtk_init_check ())
    {
      g_print ("1..0 # SKIP no display (run under xvfb-run)\n");
      exit (77);
    }
  adw_init ();
  /* The application loads style.css through its resource base path; the
   * tests have no application, so they load the same sheet themselves. */
  gtk_css_provider_load_from_resource (css, "/cn/qiwang/Qiwang/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  gtk_icon_theme_add_resource_path (gtk_icon_theme_get_for_display (gdk_display_get_default ()),
                                    "/cn/qiwang/Qiwang/icons");
}

void
qw_test_wait_until (QwTestCondition  condition,
                    gpointer         data,
                    const char      *what)
{
  gboolean timed_out = FALSE;
  guint timeout = g_timeout_add_seconds (TIMEOUT_SECONDS, timed_out_cb, &timed_out);

  /* Whatever makes a condition true (an event, a worker's result, a toast's
   * timeout) wakes the main loop. */
  while (!condition (data) && !timed_out)
    g_main_context_iteration (NULL, TRUE);
  if (!timed_out)
    g_source_remove (timeout);
  if (timed_out)
    g_error ("Waited %d s for %s", TIMEOUT_SECONDS, what);
}

static gboolean
is_mapped (gpointer data)
{
  return gtk_widget_get_mapped (data) && gtk_widget_get_width (data) > 0;
}

void
qw_test_wait_mapped (GtkWidget *widget)
{
  qw_test_wait_until (is_mapped, widget, "a widget to be mapped");
}

static gboolean
is_current (gpointer data)
{
  return !qw_page_is_pending (data);
}

/* A change is read by a shown page at an idle, after the change: the test
 * goes on once the page has read it. A hidden page reads it when shown. */
void
qw_test_wait_reloaded (GtkWidget *page)
{
  g_assert_true (QW_IS_PAGE (page));
  g_assert_true (gtk_widget_get_mapped (page));
  qw_test_wait_until (is_current, page, "a page to read the document's changes");
}

typedef struct
{
  GListModel *model;
  guint       n_items;
} ItemsWait;

static gboolean
has_items (gpointer data)
{
  ItemsWait *w = data;

  return g_list_model_get_n_items (w->model) == w->n_items;
}

void
qw_test_wait_items (GListModel *model,
                    guint       n_items)
{
  ItemsWait w = { model, n_items };
  g_autofree char *what = g_strdup_printf ("a model of %u items (it has %u)", n_items,
                                           g_list_model_get_n_items (model));

  qw_test_wait_until (has_items, &w, what);
}

typedef struct
{
  GObject    *object;
  const char *property;
} PropertyWait;

static gboolean
is_false (gpointer data)
{
  PropertyWait *w = data;
  gboolean value;

  g_object_get (w->object, w->property, &value, NULL);
  return !value;
}

/* E.g. a page's "busy": its worker is done and the result applied. */
void
qw_test_wait_false (gpointer    object,
                    const char *property)
{
  PropertyWait w = { object, property };
  g_autofree char *what = g_strdup_printf ("%s:%s to be false", G_OBJECT_TYPE_NAME (object), property);

  qw_test_wait_until (is_false, &w, what);
}

/* The bar of the window's notification overlay while it shows a notice
 * with @title (not one sliding out). */
static GtkWidget *
find_toast_in (GtkWidget  *widget,
               const char *title)
{
  if (QW_IS_NOTICE_OVERLAY (widget))
    {
      QwNotice *notice = qw_notice_overlay_get_notice (QW_NOTICE_OVERLAY (widget));

      if (notice != NULL && (title == NULL || g_strcmp0 (qw_notice_get_title (notice), title) == 0))
        return qw_notice_overlay_get_bar (QW_NOTICE_OVERLAY (widget));
    }
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_toast_in (c, title);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/**
 * qw_test_find_toast:
 * @title: (nullable): the toast's text; %NULL for any toast
 *
 * Returns: (nullable): the toast shown in @window with @title
 */
GtkWidget *
qw_test_find_toast (GtkWidget  *window,
                    const char *title)
{
  return find_toast_in (window, title);
}

typedef struct
{
  GtkWidget  *window;
  const char *title;
} ToastWait;

static gboolean
toast_shown (gpointer data)
{
  ToastWait *w = data;

  return qw_test_find_toast (w->window, w->title) != NULL;
}

static gboolean
no_toast (gpointer data)
{
  return qw_test_find_toast (data, NULL) == NULL;
}

void
qw_test_wait_toast (GtkWidget  *window,
                    const char *title)
{
  ToastWait w = { window, title };
  g_autofree char *what = g_strdup_printf ("the toast “%s”", title);

  qw_test_wait_until (toast_shown, &w, what);
}

/* Toasts go by themselves after a few seconds: before a screenshot of what
 * they would cover. */
void
qw_test_wait_no_toast (GtkWidget *window)
{
  qw_test_wait_until (no_toast, window, "the toasts to go");
}

/* The first visible toplevel of @type, e.g. a dialog a page opened. */
GtkWindow *
qw_test_find_toplevel (GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) w = g_list_model_get_item (toplevels, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (w, type) && gtk_widget_get_visible (GTK_WIDGET (w)))
        return GTK_WINDOW (w);
    }
  return NULL;
}

static gboolean
toplevel_shown (gpointer data)
{
  GtkWindow *window = qw_test_find_toplevel (GPOINTER_TO_SIZE (data));

  return window != NULL && gtk_widget_get_mapped (GTK_WIDGET (window));
}

GtkWindow *
qw_test_wait_toplevel (GType type)
{
  g_autofree char *what = g_strdup_printf ("a %s to be shown", g_type_name (type));

  qw_test_wait_until (toplevel_shown, GSIZE_TO_POINTER (type), what);
  return qw_test_find_toplevel (type);
}

void
qw_test_close_toplevels (GType type)
{
  GtkWindow *w;

  while ((w = qw_test_find_toplevel (type)) != NULL)
    gtk_window_destroy (w);
}

typedef struct
{
  GtkWidget *widget;
  guint      frames;
} DrawWait;

static void
after_paint_cb (GdkFrameClock *clock,
                DrawWait      *w)
{
  /* Asks for the next frame itself: a window with nothing new draws none. */
  if (++w->frames < 2)
    gtk_widget_queue_draw (w->widget);
}

static gboolean
in_transition (GtkWidget *widget)
{
  if (GTK_IS_STACK (widget) && gtk_stack_get_transition_running (GTK_STACK (widget)))
    return TRUE;
  /* The view switcher title's, between the switcher and the title. */
  if (ADW_IS_SQUEEZER (widget) && adw_squeezer_get_transition_running (ADW_SQUEEZER (widget)))
    return TRUE;
  /* A revealer on its way, such as the view switcher bar's. */
  if (GTK_IS_REVEALER (widget) && gtk_widget_get_visible (widget)
      && gtk_revealer_get_child_revealed (GTK_REVEALER (widget)) != gtk_revealer_get_reveal_child (GTK_REVEALER (widget)))
    return TRUE;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    if (in_transition (c))
      return TRUE;
  return FALSE;
}

static gboolean
settled (gpointer data)
{
  return !in_transition (data);
}

static gboolean
drawn (gpointer data)
{
  DrawWait *w = data;

  /* Two frames: the one that lays the change out, and one that draws it. */
  return w->frames >= 2;
}

/* Waits until @widget is mapped, no stack of its window is in a transition,
 * and the window has drawn it as it is now. */
void
qw_test_wait_drawn (GtkWidget *widget)
{
  DrawWait w = { widget, 0 };
  GdkFrameClock *clock;
  gulong handler;

  qw_test_wait_mapped (widget);
  /* A stack crossfading from the welcome page to the document, say. */
  qw_test_wait_until (settled, gtk_widget_get_native (widget), "the transitions to end");
  clock = gtk_widget_get_frame_clock (widget);
  handler = g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint_cb), &w);
  gtk_widget_queue_draw (widget);
  qw_test_wait_until (drawn, &w, "a frame to be drawn");
  g_signal_handler_disconnect (clock, handler);
}

/* Switching a page or a view starts CSS transitions (the switcher's
 * buttons, a row's highlight): 0.4 s of frames lets them end before a
 * screenshot. */
typedef struct
{
  gint64   until;
  gboolean done;
} Settle;

static gboolean
settle_tick_cb (GtkWidget     *widget,
                GdkFrameClock *clock,
                gpointer       data)
{
  Settle *s = data;

  if (s->until == 0)
    s->until = gdk_frame_clock_get_frame_time (clock) + 400000;
  s->done = gdk_frame_clock_get_frame_time (clock) >= s->until;
  return s->done ? G_SOURCE_REMOVE : G_SOURCE_CONTINUE;
}

static gboolean
settle_done (gpointer data)
{
  return ((Settle *) data)->done;
}

void
qw_test_settle (GtkWidget *widget)
{
  Settle s = { 0, FALSE };

  gtk_widget_add_tick_callback (widget, settle_tick_cb, &s, NULL);
  qw_test_wait_until (settle_done, &s, "the transitions to end");
}

/* Renders a widget the way it is on screen and writes it as PNG into the
 * build directory. */
void
qw_test_screenshot (GtkWidget  *widget,
                    const char *name)
{
  g_autofree char *path = g_build_filename (g_getenv ("G_TEST_BUILDDIR") != NULL
                                            ? g_getenv ("G_TEST_BUILDDIR") : ".",
                                            name, NULL);
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  int width, height;

  qw_test_wait_drawn (widget);
  width = gtk_widget_get_width (widget);
  height = gtk_widget_get_height (widget);
  paintable = gtk_widget_paintable_new (widget);
  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), width, height);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (widget)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_test_message ("screenshot: %s", path);
}
