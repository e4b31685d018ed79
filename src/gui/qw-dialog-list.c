/* qw-dialog-list.c: a list inside a dialog, never taller than the screen
 *
 * A message dialog grows with what it holds: 25 late entries made one 1,233
 * px tall on a 900 px screen, its buttons below the screen's edge (issue 19
 * point 4). A list in a dialog scrolls instead, in a height that leaves room
 * on the screen of the dialog's window for its heading, its text and its
 * buttons.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-dialog-list"

#include "config.h"

#include "qw-dialog-list.h"

/* A dialog's heading, text (a few lines) and buttons, with its margins. */
#define ROOM_FOR_THE_REST 400
#define LEAST_HEIGHT      120

static int
screen_height (GtkWindow *parent)
{
  GdkDisplay *display = parent != NULL ? gtk_widget_get_display (GTK_WIDGET (parent)) : gdk_display_get_default ();
  GdkSurface *surface = parent != NULL ? gtk_native_get_surface (GTK_NATIVE (parent)) : NULL;
  g_autoptr(GdkMonitor) monitor = NULL;
  GdkRectangle area = { 0 };

  if (display == NULL)
    return 0;
  if (surface != NULL && gdk_display_get_monitor_at_surface (display, surface) != NULL)
    monitor = g_object_ref (gdk_display_get_monitor_at_surface (display, surface));
  else if (g_list_model_get_n_items (gdk_display_get_monitors (display)) > 0)
    monitor = g_list_model_get_item (gdk_display_get_monitors (display), 0);
  if (monitor == NULL)
    return 0;
  gdk_monitor_get_geometry (monitor, &area);
  return area.height;
}

/**
 * qw_dialog_list_max_height:
 * @parent: (nullable): the window the dialog is over
 * @most: the height the list takes at most on a tall screen
 *
 * Returns: the height a list in a dialog over @parent may take
 */
int
qw_dialog_list_max_height (GtkWindow *parent,
                           int        most)
{
  int screen = screen_height (parent);

  if (screen <= 0)
    return most;
  return CLAMP (screen - ROOM_FOR_THE_REST, LEAST_HEIGHT, most);
}

/**
 * qw_dialog_list_new:
 * @child: the list (a box, a grid, a label …)
 *
 * Returns: (transfer floating): @child in a scrolled window as tall as it
 *   is, up to qw_dialog_list_max_height(), with a scroll bar that shows there
 *   is more
 */
GtkWidget *
qw_dialog_list_new (GtkWindow *parent,
                    GtkWidget *child,
                    int        most)
{
  GtkWidget *scrolled = gtk_scrolled_window_new ();

  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_width (GTK_SCROLLED_WINDOW (scrolled), TRUE);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scrolled), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scrolled), qw_dialog_list_max_height (parent, most));
  gtk_scrolled_window_set_overlay_scrolling (GTK_SCROLLED_WINDOW (scrolled), FALSE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), child);
  return scrolled;
}
