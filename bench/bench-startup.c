/* bench-startup.c: from launch to the first window on the screen
 *
 * Launches a program under the current X display and times it from just
 * before the fork to the X server's MapNotify of its first top-level window
 * (a child of the root window whose _NET_WM_PID is the launched process),
 * then ends it. Without arguments it times Qiwang opening the demo document
 * ($QIWANG_GUI, as meson sets it) and, when installed, GNOME Text Editor
 * (`gnome-text-editor --standalone`, a new empty document), alternating the
 * two, and prints each one's median, fastest and slowest run and the ratio
 * of the medians. The goal: Qiwang's median at most half Text Editor's.
 *
 *   bench-startup [--runs N]                 Qiwang against Text Editor
 *   bench-startup [--runs N] -- CMD ARG…     any program
 *
 * Run under Xvfb with GSK_RENDERER=cairo (meson test --benchmark startup
 * sets the renderer; build-aux/test gives the display). Debian's
 * gnome-text-editor package is needed for the comparison only.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <xcb/xcb.h>

#include "qw-demo.h"

extern char **environ;

#define DEFAULT_RUNS   15
#define TIMEOUT_USEC   (20 * G_USEC_PER_SEC)

typedef struct
{
  const char *label;
  char      **argv;
  GArray     *ms;       /* double */
} Subject;

static xcb_atom_t
intern (xcb_connection_t *c,
        const char       *name)
{
  xcb_intern_atom_reply_t *reply = xcb_intern_atom_reply (c, xcb_intern_atom (c, 0, strlen (name), name), NULL);
  xcb_atom_t atom = reply != NULL ? reply->atom : XCB_ATOM_NONE;

  free (reply);
  return atom;
}

static guint32
window_pid (xcb_connection_t *c,
            xcb_window_t      window,
            xcb_atom_t        net_wm_pid)
{
  xcb_get_property_reply_t *reply =
    xcb_get_property_reply (c, xcb_get_property (c, 0, window, net_wm_pid, XCB_ATOM_CARDINAL, 0, 1), NULL);
  guint32 pid = 0;

  if (reply != NULL && xcb_get_property_value_length (reply) == 4)
    pid = *(guint32 *) xcb_get_property_value (reply);
  free (reply);
  return pid;
}

/* Launches @argv and returns the milliseconds until its first top-level
 * window is mapped, or a negative number if none was within the timeout. */
static double
time_one (xcb_connection_t *c,
          xcb_atom_t        net_wm_pid,
          char            **argv)
{
  gint64 start, end = 0;
  pid_t pid;
  int status;

  xcb_flush (c);
  start = g_get_monotonic_time ();
  /* With BENCH_TRACE set, the stamps (CLOCK_MONOTONIC, as g_get_monotonic_time) line up with a
   * program's own timing output. */
  if (g_getenv ("BENCH_TRACE") != NULL)
    g_printerr ("TRACE launch %.3f\n", start / 1000.0);
  if (posix_spawnp (&pid, argv[0], NULL, NULL, argv, environ) != 0)
    {
      g_printerr ("Could not launch %s\n", argv[0]);
      return -1;
    }
  while (end == 0 && g_get_monotonic_time () - start < TIMEOUT_USEC)
    {
      xcb_generic_event_t *event = xcb_poll_for_event (c);

      if (event == NULL)
        {
          if (xcb_connection_has_error (c))
            break;
          g_usleep (200);
          continue;
        }
      if ((event->response_type & ~0x80) == XCB_MAP_NOTIFY)
        {
          gint64 at = g_get_monotonic_time ();
          xcb_map_notify_event_t *map = (xcb_map_notify_event_t *) event;

          /* Under Xvfb there is no window manager: top-levels are the
           * root's children, and GTK names their process. */
          if (!map->override_redirect && window_pid (c, map->window, net_wm_pid) == (guint32) pid)
            {
              end = at;
              if (g_getenv ("BENCH_TRACE") != NULL)
                g_printerr ("TRACE mapnotify %.3f\n", at / 1000.0);
            }
        }
      free (event);
    }
  kill (pid, SIGTERM);
  waitpid (pid, &status, 0);
  /* Let the server drop the dead client's windows before the next run. */
  free (xcb_get_input_focus_reply (c, xcb_get_input_focus (c), NULL));
  return end > 0 ? (end - start) / 1000.0 : -1;
}

static int
compare_double (gconstpointer a,
                gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static double
median (GArray *ms)
{
  g_array_sort (ms, compare_double);
  if (ms->len == 0)
    return 0;
  if (ms->len % 2 == 1)
    return g_array_index (ms, double, ms->len / 2);
  return (g_array_index (ms, double, ms->len / 2 - 1) + g_array_index (ms, double, ms->len / 2)) / 2;
}

static void
report (Subject *s)
{
  double m = median (s->ms);

  g_print ("%-24s median %7.1f ms   fastest %7.1f   slowest %7.1f   (%u runs)\n", s->label, m,
           s->ms->len > 0 ? g_array_index (s->ms, double, 0) : 0.0,
           s->ms->len > 0 ? g_array_index (s->ms, double, s->ms->len - 1) : 0.0, s->ms->len);
}

static char *
demo_document (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("qiwang-bench-startup-XXXXXX", &error);
  char *path;
  g_autoptr(QwDocument) doc = NULL;

  if (dir == NULL)
    g_error ("%s", error->message);
  path = g_build_filename (dir, "白花镇预选赛-演示.qiwang", NULL);
  doc = qw_demo_create (path, &error);
  if (doc == NULL)
    g_error ("The demo could not be written: %s", error->message);
  return path;
}

int
main (int    argc,
      char **argv)
{
  int runs = DEFAULT_RUNS;
  g_autoptr(GPtrArray) subjects = g_ptr_array_new ();
  g_autofree char *demo = NULL;
  g_autofree char *editor = NULL;
  xcb_connection_t *c;
  xcb_screen_t *screen;
  xcb_atom_t net_wm_pid;
  guint32 mask = XCB_EVENT_MASK_SUBSTRUCTURE_NOTIFY;
  int first = 1;
  Subject qiwang = { "Qiwang (demo document)", NULL, NULL };
  Subject text_editor = { "GNOME Text Editor", NULL, NULL };
  Subject custom = { NULL, NULL, NULL };

  if (argc > 2 && g_str_equal (argv[1], "--runs"))
    {
      runs = MAX (1, atoi (argv[2]));
      first = 3;
    }
  if (g_getenv ("DISPLAY") == NULL)
    {
      g_print ("1..0 # SKIP no X display (run under xvfb-run)\n");
      return 77;
    }
  c = xcb_connect (NULL, NULL);
  if (xcb_connection_has_error (c))
    {
      g_printerr ("Could not connect to the X display %s\n", g_getenv ("DISPLAY"));
      return 1;
    }
  screen = xcb_setup_roots_iterator (xcb_get_setup (c)).data;
  xcb_change_window_attributes (c, screen->root, XCB_CW_EVENT_MASK, &mask);
  net_wm_pid = intern (c, "_NET_WM_PID");

  if (argc > first && g_str_equal (argv[first], "--"))
    {
      custom.label = argv[first + 1];
      custom.argv = argv + first + 1;
      g_ptr_array_add (subjects, &custom);
    }
  else
    {
      const char *gui = g_getenv ("QIWANG_GUI");

      if (gui == NULL)
        {
          g_printerr ("Set QIWANG_GUI to the qiwang program (meson does), or give a command after --\n");
          return 1;
        }
      demo = demo_document ();
      qiwang.argv = (char *[]) { (char *) gui, demo, NULL };
      g_ptr_array_add (subjects, &qiwang);
      editor = g_find_program_in_path ("gnome-text-editor");
      if (editor != NULL)
        {
          text_editor.argv = (char *[]) { editor, (char *) "--standalone", NULL };
          g_ptr_array_add (subjects, &text_editor);
        }
      else
        g_print ("gnome-text-editor is not installed: timing Qiwang alone "
                 "(apt-get install gnome-text-editor to compare)\n");
    }
  for (guint s = 0; s < subjects->len; s++)
    {
      Subject *subject = g_ptr_array_index (subjects, s);

      subject->ms = g_array_new (FALSE, FALSE, sizeof (double));
      /* One run unmeasured: the file cache and fontconfig's caches warm up. */
      time_one (c, net_wm_pid, subject->argv);
    }
  /* Alternating, so that a busy moment of the machine falls on both. */
  for (int run = 0; run < runs; run++)
    for (guint s = 0; s < subjects->len; s++)
      {
        Subject *subject = g_ptr_array_index (subjects, s);
        double ms = time_one (c, net_wm_pid, subject->argv);

        if (ms < 0)
          {
            g_printerr ("%s showed no window within %d s\n", subject->label, (int) (TIMEOUT_USEC / G_USEC_PER_SEC));
            return 1;
          }
        g_array_append_val (subject->ms, ms);
      }
  g_print ("Launch to the X server's MapNotify of the first window (GSK_RENDERER=%s):\n",
           g_getenv ("GSK_RENDERER") != NULL ? g_getenv ("GSK_RENDERER") : "default");
  for (guint s = 0; s < subjects->len; s++)
    report (g_ptr_array_index (subjects, s));
  if (qiwang.ms != NULL && text_editor.ms != NULL)
    g_print ("Qiwang / Text Editor: %.2f (goal: at most 0.50)\n", median (qiwang.ms) / median (text_editor.ms));
  for (guint s = 0; s < subjects->len; s++)
    g_array_unref (((Subject *) g_ptr_array_index (subjects, s))->ms);
  if (demo != NULL)
    {
      g_autofree char *dir = g_path_get_dirname (demo);
      g_autofree char *wal = g_strconcat (demo, "-wal", NULL);
      g_autofree char *shm = g_strconcat (demo, "-shm", NULL);

      g_unlink (demo);
      g_unlink (wal);
      g_unlink (shm);
      g_rmdir (dir);
    }
  xcb_disconnect (c);
  return 0;
}
