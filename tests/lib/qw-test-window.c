/* qw-test-window.c: a window to drive, and the widgets in it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "qw-publish-dialog.h"
#include "qw-test-window.h"
#include "ui-wait.h"

QwWindow *
qw_test_new_window (int width,
                    int height)
{
  QwWindow *window = qw_window_new (NULL);

  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
  qw_test_wait_mapped (GTK_WIDGET (window));
  return window;
}

void
qw_test_stop_animations (void)
{
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
}

GtkWidget *
qw_test_find_child (GtkWidget *widget,
                    GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    return widget;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = qw_test_find_child (c, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

void
qw_test_collect_children (GtkWidget *widget,
                          GType      type,
                          GPtrArray *found)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    g_ptr_array_add (found, widget);
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    qw_test_collect_children (c, type, found);
}

GtkWidget *
qw_test_find_button (GtkWidget  *widget,
                     const char *label)
{
  if (GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0)
    return widget;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = qw_test_find_button (c, label);

      if (found != NULL)
        return found;
    }
  return NULL;
}

GtkWidget *
qw_test_find_action_button (GtkWidget  *widget,
                            const char *action)
{
  if (GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0)
    return widget;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = qw_test_find_action_button (c, action);

      if (found != NULL)
        return found;
    }
  return NULL;
}

gboolean
qw_test_label_shown (GtkWidget  *widget,
                     const char *text)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget)
      && strstr (gtk_label_get_text (GTK_LABEL (widget)), text) != NULL)
    return TRUE;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    if (qw_test_label_shown (c, text))
      return TRUE;
  return FALSE;
}

gboolean
qw_test_page_offered (QwWindow   *window,
                      const char *name)
{
  GtkWidget *child = qw_window_get_page (window, name);
  GtkWidget *stack = gtk_widget_get_ancestor (child, ADW_TYPE_VIEW_STACK);

  /* The page sits in the stack's child for it. */
  while (gtk_widget_get_parent (child) != stack)
    child = gtk_widget_get_parent (child);
  return adw_view_stack_page_get_visible (adw_view_stack_get_page (ADW_VIEW_STACK (stack), child));
}

QwRoundsPage *
qw_test_show_rounds (QwWindow *window)
{
  QwRoundsPage *rounds;

  qw_window_show_page (window, "rounds");
  rounds = QW_ROUNDS_PAGE (qw_window_get_page (window, "rounds"));
  qw_test_wait_mapped (GTK_WIDGET (rounds));
  g_assert_true (qw_rounds_page_select_group (rounds, "open-m"));
  g_assert_cmpint (qw_rounds_page_get_round (rounds), ==, 4);
  return rounds;
}

QwBoardItem *
qw_test_board_at (QwRoundsPage *rounds,
                  guint         i)
{
  return g_list_model_get_item (qw_rounds_page_get_boards (rounds), i);
}

gboolean
qw_test_not_exporting (gpointer data)
{
  return !qw_window_is_exporting (data);
}

gboolean
qw_test_serving (gpointer data)
{
  return qw_publish_dialog_is_serving (data);
}

GtkWidget *
qw_test_serve_loopback (QwPublishDialog *dialog)
{
  g_autoptr(GPtrArray) checks = g_ptr_array_new ();
  g_autoptr(GPtrArray) spins = g_ptr_array_new ();
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();
  GtkWidget *start = NULL;

  qw_test_wait_mapped (GTK_WIDGET (dialog));
  qw_test_collect_children (GTK_WIDGET (dialog), GTK_TYPE_CHECK_BUTTON, checks);
  g_assert_cmpuint (checks->len, >, 0);
  for (guint i = 0; i < checks->len; i++)
    {
      const char *address = g_object_get_data (G_OBJECT (g_ptr_array_index (checks, i)), "address");

      gtk_check_button_set_active (g_ptr_array_index (checks, i), g_strcmp0 (address, "127.0.0.1") == 0);
    }
  qw_test_collect_children (GTK_WIDGET (dialog), GTK_TYPE_SPIN_BUTTON, spins);
  gtk_spin_button_set_value (g_ptr_array_index (spins, 0), 0);
  qw_test_collect_children (GTK_WIDGET (dialog), GTK_TYPE_BUTTON, buttons);
  for (guint i = 0; i < buttons->len && start == NULL; i++)
    if (g_strcmp0 (gtk_button_get_label (g_ptr_array_index (buttons, i)), _("_Start Publishing")) == 0)
      start = g_ptr_array_index (buttons, i);
  g_assert_nonnull (start);
  g_signal_emit_by_name (start, "clicked");
  qw_test_wait_until (qw_test_serving, dialog, "the publish dialog serving");
  return start;
}

/* GTK 4.8's chooser shows the progress cursor on its dialog from the moment
 * it starts looking up a folder (or the recent files) until the folder is
 * listed. */
gboolean
qw_test_chooser_idle (gpointer data)
{
  return gtk_widget_get_cursor (data) == NULL;
}
