/* bench-entries-page.c: opening and scrolling 20,000 entries in the GUI
 *
 * Needs a display (xvfb-run). Prints the time to open the document onto the
 * entries page, and frame times while scrolling from top to bottom: the
 * worst frame says whether scrolling stalls.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>

#include "qw-demo.h"
#include "qw-entries-page.h"
#include "qw-window.h"
#include "qw-date.h"
#include "qw-document-entries.h"
#include "qw-event.h"

static void
spin_until_idle (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static GtkScrolledWindow *
find_scrolled (GtkWidget *widget)
{
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkScrolledWindow *found;

      if (GTK_IS_SCROLLED_WINDOW (c) && gtk_widget_get_mapped (c))
        return GTK_SCROLLED_WINDOW (c);
      if ((found = find_scrolled (c)) != NULL)
        return found;
    }
  return NULL;
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("qiwang-bench-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "big.qiwang", NULL);
  g_autoptr(QwDocument) doc = qw_document_create (path, QW_DOCUMENT_STOP, &error);
  g_autoptr(QwEvent) event = qw_event_new ();
  g_autoptr(GPtrArray) entries = qw_demo_make_entries (99, 20000, qw_date_make (2021, 7, 3));
  g_autoptr(GFile) file = g_file_new_for_path (path);
  GtkScrolledWindow *scrolled;
  GtkAdjustment *adj;
  QwWindow *window;
  gint64 t0, t1, worst = 0, sum = 0;
  guint frames = 0;

  if (!gtk_init_check ())
    {
      g_printerr ("no display: run under xvfb-run\n");
      return 77;
    }
  adw_init ();
  event->start_date = qw_date_make (2021, 7, 3);
  qw_document_add_event (doc, event, &error);
  qw_document_add_entries (doc, event->id, entries, &error);
  g_assert_no_error (error);
  g_clear_object (&doc);

  window = qw_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  spin_until_idle ();
  t0 = g_get_monotonic_time ();
  qw_window_open_file (window, file);
  spin_until_idle ();
  t1 = g_get_monotonic_time ();
  g_print ("open 20,000 entries onto the entries page: %.0f ms\n", (t1 - t0) / 1000.0);

  scrolled = find_scrolled (qw_window_get_page (window, "entries"));
  g_assert_nonnull (scrolled);
  adj = gtk_scrolled_window_get_vadjustment (scrolled);
  for (double v = 0; v < gtk_adjustment_get_upper (adj); v += gtk_adjustment_get_page_size (adj) / 2)
    {
      gint64 a = g_get_monotonic_time (), b;

      gtk_adjustment_set_value (adj, v);
      gtk_widget_queue_draw (GTK_WIDGET (scrolled));
      spin_until_idle ();
      b = g_get_monotonic_time ();
      if (b - a > 150000)
        g_print ("  slow step %u at %.0f: %.0f ms\n", frames, v, (b - a) / 1000.0);
      worst = MAX (worst, b - a);
      sum += b - a;
      frames++;
      if (frames >= 400)
        break;
    }
  g_print ("scroll: %u steps of half a page, mean %.1f ms, worst %.1f ms per step\n",
           frames, sum / 1000.0 / frames, worst / 1000.0);

  t0 = g_get_monotonic_time ();
  qw_entries_page_set_search (QW_ENTRIES_PAGE (qw_window_get_page (window, "entries")), "白花");
  spin_until_idle ();
  t1 = g_get_monotonic_time ();
  g_print ("search over 20,000 entries: %.0f ms\n", (t1 - t0) / 1000.0);
  gtk_window_destroy (GTK_WINDOW (window));
  g_unlink (path);
  return 0;
}
