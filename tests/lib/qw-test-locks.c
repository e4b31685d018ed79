/* qw-test-locks.c: which locks a process holds on a document (/proc)
 *
 * /proc/locks lists every lock of the system, but an open file description
 * lock shows pid -1 there; /proc/PID/fdinfo/FD lists the locks taken
 * through that descriptor (its open file), of either kind, so the locks of
 * a process on a file are those of its descriptors open on the file.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "qw-test-locks.h"

/* SQLite's shared byte range: PENDING_BYTE (0x40000000) + 2, 510 bytes. */
#define SHARED_FIRST "1073741826"
#define SHARED_LAST "1073742335"

static gboolean
same_file (const char *a,
           GStatBuf   *b)
{
  GStatBuf st;

  return g_stat (a, &st) == 0 && st.st_dev == b->st_dev && st.st_ino == b->st_ino;
}

GPtrArray *
qw_test_fd_locks (GPid        pid,
                  const char *path)
{
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *fd_dir = g_strdup_printf ("/proc/%d/fd", (int) pid);
  g_autoptr(GDir) dir = g_dir_open (fd_dir, 0, NULL);
  GStatBuf target;
  const char *name;

  if (dir == NULL || g_stat (path, &target) != 0)
    return lines;
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *link = g_build_filename (fd_dir, name, NULL);
      g_autofree char *info_path = g_strdup_printf ("/proc/%d/fdinfo/%s", (int) pid, name);
      g_autofree char *info = NULL;
      g_auto(GStrv) info_lines = NULL;

      if (!same_file (link, &target) || !g_file_get_contents (info_path, &info, NULL, NULL))
        continue;
      info_lines = g_strsplit (info, "\n", -1);
      for (guint i = 0; info_lines[i] != NULL; i++)
        if (g_str_has_prefix (info_lines[i], "lock:"))
          g_ptr_array_add (lines, g_strdup_printf ("fd %s %s", name, info_lines[i]));
    }
  return lines;
}

GPtrArray *
qw_test_proc_locks (const char *path)
{
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *all = NULL;
  g_autofree char *needle = NULL;
  g_auto(GStrv) split = NULL;
  GStatBuf st;

  if (g_stat (path, &st) != 0 || !g_file_get_contents ("/proc/locks", &all, NULL, NULL))
    return lines;
  needle = g_strdup_printf (":%" G_GUINT64_FORMAT " ", (guint64) st.st_ino);
  split = g_strsplit (all, "\n", -1);
  for (guint i = 0; split[i] != NULL; i++)
    if (strstr (split[i], needle) != NULL)
      g_ptr_array_add (lines, g_strdup (split[i]));
  return lines;
}

gboolean
qw_test_holds_shared_lock (GPid        pid,
                           const char *path)
{
  g_autoptr(GPtrArray) lines = qw_test_fd_locks (pid, path);

  for (guint i = 0; i < lines->len; i++)
    {
      const char *line = g_ptr_array_index (lines, i);

      if (strstr (line, " READ ") != NULL && g_str_has_suffix (line, " " SHARED_FIRST " " SHARED_LAST))
        return TRUE;
    }
  return FALSE;
}

char *
qw_test_describe_locks (GPid        pid,
                        const char *path)
{
  g_autoptr(GPtrArray) fd = qw_test_fd_locks (pid, path);
  g_autoptr(GPtrArray) all = qw_test_proc_locks (path);
  GString *text = g_string_new (NULL);

  g_string_append_printf (text, "process %d, through its descriptors:\n", (int) pid);
  for (guint i = 0; i < fd->len; i++)
    g_string_append_printf (text, "  %s\n", (const char *) g_ptr_array_index (fd, i));
  if (fd->len == 0)
    g_string_append (text, "  (none)\n");
  g_string_append (text, "/proc/locks on the file:\n");
  for (guint i = 0; i < all->len; i++)
    g_string_append_printf (text, "  %s\n", (const char *) g_ptr_array_index (all, i));
  if (all->len == 0)
    g_string_append (text, "  (none)\n");
  return g_string_free (text, FALSE);
}
