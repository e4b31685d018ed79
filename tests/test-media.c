/* test-media.c: issue 17, point 4: read-only places and full disks named for
 * what they are
 *
 *   - /media/read-only-mount: a document on a file system mounted read-only
 *     (a write-protected stick, a CD) opens for reading, in the core and in
 *     qiwang-cli: every reading command works (entries, games, standings,
 *     print and export to another folder), a change is refused as
 *     read-only ("文档是只读的" in Chinese), never as damaged, and nothing
 *     is written there; a document whose -wal still holds changes (a
 *     stick pulled out of a machine that crashed) is read with them;
 *   - /media/read-only-folder, /media/read-only-file: a folder or a file
 *     the user may not write (as a user other than root: the test drops
 *     to nobody in a subprocess when it runs as root): the same, and no
 *     -wal or -shm is left beside the file;
 *   - /media/disk-full: a document on a full file system: opening it (SQLite
 *     needs room for its -shm), and a change too large for the room left,
 *     say "磁盘已满" (the disk is full), never "damaged"; nothing is
 *     changed, and the document is whole once there is room again.
 *
 * The mounts are tmpfs file systems in a mount namespace of the test's own
 * (unshare, as root or in a user namespace): nothing outside sees them, and
 * they go with the test. Where neither is allowed, those tests are skipped.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define _GNU_SOURCE
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <grp.h>
#include <sched.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/wait.h>
#include <unistd.h>

#include "qw-demo.h"
#include "qw-document.h"
#include "qw-document-entries.h"
#include "qw-error.h"
#include "qw-event.h"
#include "qw-test.h"
#include "qw-test-cli.h"

#define NOBODY 65534

static char *dir;
static gboolean namespace_ok;
static char *namespace_problem;

/* A mount namespace of the test's own, its mounts private: as root, or as
 * root of a user namespace of its own. Before any thread starts. */
static void
enter_namespace (void)
{
  uid_t uid = getuid ();
  gid_t gid = getgid ();

  if (unshare (CLONE_NEWNS) != 0)
    {
      g_autofree char *uid_map = g_strdup_printf ("0 %u 1\n", (unsigned) uid);
      g_autofree char *gid_map = g_strdup_printf ("0 %u 1\n", (unsigned) gid);

      if (unshare (CLONE_NEWUSER | CLONE_NEWNS) != 0
          || !g_file_set_contents ("/proc/self/setgroups", "deny", -1, NULL)
          || !g_file_set_contents ("/proc/self/uid_map", uid_map, -1, NULL)
          || !g_file_set_contents ("/proc/self/gid_map", gid_map, -1, NULL))
        {
          namespace_problem = g_strdup_printf ("no mount namespace (%s)", g_strerror (errno));
          return;
        }
    }
  if (mount (NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0)
    {
      namespace_problem = g_strdup_printf ("mounts cannot be made private (%s)", g_strerror (errno));
      return;
    }
  namespace_ok = TRUE;
}

static gboolean
need_namespace (void)
{
  if (!namespace_ok)
    g_test_skip (namespace_problem);
  return namespace_ok;
}

static char *
mount_tmpfs (const char *name,
             const char *size)
{
  char *where = g_build_filename (dir, name, NULL);
  g_autofree char *options = g_strdup_printf ("size=%s,mode=0755", size);

  g_assert_cmpint (g_mkdir_with_parents (where, 0755), ==, 0);
  if (mount ("tmpfs", where, "tmpfs", 0, options) != 0)
    g_error ("mount -t tmpfs %s: %s", where, g_strerror (errno));
  return where;
}

static void
remount_read_only (const char *where)
{
  if (mount (NULL, where, NULL, MS_REMOUNT | MS_RDONLY, NULL) != 0)
    g_error ("mount -o remount,ro %s: %s", where, g_strerror (errno));
}

/* qiwang-cli */

static void
cli_env (QwTestRun          *r,
         const char * const *env,
         const char         *first,
         ...)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  g_auto(GStrv) envp = g_get_environ ();
  va_list ap;

  for (guint i = 0; env != NULL && env[i] != NULL; i += 2)
    envp = g_environ_setenv (envp, env[i], env[i + 1], TRUE);
  va_start (ap, first);
  for (const char *a = first; a != NULL; a = va_arg (ap, const char *))
    g_ptr_array_add (args, (gpointer) a);
  va_end (ap);
  g_ptr_array_add (args, NULL);
  qw_test_cli_with (r, &(QwTestCliOptions) { .dir = dir, .env = envp }, (const char * const *) args->pdata);
  g_test_message ("qiwang-cli %s …: exit %d %s", first, r->status, r->err);
}

#define cli(r, ...) cli_env (r, NULL, __VA_ARGS__)

static void
assert_says (const char *text,
             const char *needle)
{
  if (strstr (text, needle) == NULL)
    g_error ("“%s” does not say “%s”", text, needle);
  g_assert_null (strstr (text, "damaged"));
  g_assert_null (strstr (text, "损坏"));
}

/* Documents */

static char *
make_demo (const char *folder,
           const char *name)
{
  char *path = g_build_filename (folder, name, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = qw_demo_create (path, &error);

  g_assert_no_error (error);
  return path;
}

/* The reading side of a read-only document, in the core, and a change
 * refused. */
static void
assert_core_reads_only (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = qw_document_open (path, &error);
  g_autofree char *kind = NULL;
  g_autofree char *before = qw_test_checksum_file (path);
  g_autofree char *after = NULL;
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);
  g_autoptr(GPtrArray) events = NULL;

  g_assert_no_error (error);
  g_assert_true (qw_document_is_read_only (doc));
  g_assert_true (qw_document_is_read_only_place (doc));
  kind = qw_document_get_meta (doc, "kind");
  g_assert_cmpstr (kind, ==, "stop");
  events = qw_document_list_events (doc, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (events->len, ==, 1);
  g_assert_false (qw_document_set_meta (doc, "changed", "yes", &error));
  g_assert_error (error, QW_ERROR, QW_ERROR_READ_ONLY);
  assert_says (error->message, "The document is read-only");
  g_clear_object (&doc);
  after = qw_test_checksum_file (path);
  g_assert_cmpstr (before, ==, after);
}

/* Every reading command of the CLI works on @path, output elsewhere; a
 * change is refused as read-only, in English and in Chinese. */
static void
assert_cli_reads_only (const char *path)
{
  g_autofree char *out_dir = g_build_filename (dir, "out", NULL);
  g_autofree char *pdf = g_build_filename (out_dir, "standings.pdf", NULL);
  g_autofree char *xml = g_build_filename (out_dir, "results.xml", NULL);
  g_autofree char *xlsx = g_build_filename (out_dir, "entries.xlsx", NULL);
  g_autofree char *locale_dir = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "..", "po", NULL);
  const char *chinese[] = { "LANGUAGE", "zh_CN", "LC_ALL", "zh_CN.UTF-8", "QIWANG_LOCALEDIR", locale_dir, NULL };
  g_autofree char *before = qw_test_checksum_file (path);
  g_autofree char *after = NULL;

  g_mkdir_with_parents (out_dir, 0755);
  {
    g_auto(QwTestRun) r = { 0 };

    cli (&r, "entries", path, NULL);
    qw_test_run_assert_ok (&r);
    g_assert_cmpuint (strlen (r.out), >, 1000);
  }
  {
    g_auto(QwTestRun) r = { 0 };

    cli (&r, "games", path, "open-m", "--json", NULL);
    qw_test_run_assert_ok (&r);
  }
  {
    g_auto(QwTestRun) r = { 0 };

    cli (&r, "standings", path, "open-m", NULL);
    qw_test_run_assert_ok (&r);
  }
  {
    g_auto(QwTestRun) r = { 0 };

    cli (&r, "print", path, "standings", "--group", "open-m", "--out", pdf, "--force", NULL);
    qw_test_run_assert_ok (&r);
    g_assert_true (g_file_test (pdf, G_FILE_TEST_IS_REGULAR));
  }
  {
    g_auto(QwTestRun) r = { 0 };

    cli (&r, "export-entries", path, "--out", xlsx, "--force", NULL);
    qw_test_run_assert_ok (&r);
  }
  {
    g_auto(QwTestRun) r = { 0 };

    cli (&r, "export", path, "--out", xml, "--force", NULL);
    qw_test_run_assert_ok (&r);
    g_assert_true (g_file_test (xml, G_FILE_TEST_IS_REGULAR));
  }
  {
    g_auto(QwTestRun) r = { 0 };

    cli (&r, "result", path, "open-m", "4", "1", "1:1", NULL);
    g_assert_cmpint (r.status, !=, 0);
    assert_says (r.err, "The document is read-only");
  }
  {
    g_auto(QwTestRun) r = { 0 };

    cli_env (&r, chinese, "result", path, "open-m", "4", "1", "1:1", NULL);
    g_assert_cmpint (r.status, !=, 0);
    assert_says (r.err, "文档是只读的");
  }
  after = qw_test_checksum_file (path);
  g_assert_cmpstr (before, ==, after);
}

static void
assert_nothing_beside (const char *path)
{
  const char *suffixes[] = { "-wal", "-shm", "-journal" };

  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
    {
      g_autofree char *name = g_strconcat (path, suffixes[i], NULL);

      if (g_file_test (name, G_FILE_TEST_EXISTS))
        g_error ("%s was left beside the read-only document", name);
    }
}

static void
test_read_only_mount (void)
{
  g_autofree char *where = NULL;
  g_autofree char *path = NULL;
  g_autofree char *pending = NULL;
  g_autofree char *pending_copy = NULL;
  g_autoptr(QwDocument) writer = NULL;
  g_autoptr(GError) error = NULL;

  if (!need_namespace ())
    return;
  where = mount_tmpfs ("stick", "8m");
  path = make_demo (where, "stop.qiwang");
  /* A document whose last changes are still in its -wal: copied, with
   * its -wal and -shm, while a program has it open. */
  pending = make_demo (dir, "pending.qiwang");
  writer = qw_document_open (pending, &error);
  g_assert_no_error (error);
  g_assert_true (qw_document_set_meta (writer, "pending", "in the wal", &error));
  pending_copy = g_build_filename (where, "pending.qiwang", NULL);
  {
    const char *suffixes[] = { "", "-wal", "-shm" };

    for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
      {
        g_autofree char *from = g_strconcat (pending, suffixes[i], NULL);
        g_autofree char *to = g_strconcat (pending_copy, suffixes[i], NULL);
        g_autofree char *bytes = NULL;
        gsize length = 0;

        g_assert_true (g_file_get_contents (from, &bytes, &length, NULL));
        g_assert_true (g_file_set_contents (to, bytes, (gssize) length, NULL));
      }
  }
  /* Another copied with its -wal and not its -shm: SQLite cannot read the
   * -wal's changes where no -shm can be made, and the refusal says so. */
  {
    const char *suffixes[] = { "", "-wal" };

    for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
      {
        g_autofree char *from = g_strconcat (pending, suffixes[i], NULL);
        g_autofree char *to = g_strconcat (where, "/no-shm.qiwang", suffixes[i], NULL);
        g_autofree char *bytes = NULL;
        gsize length = 0;

        g_assert_true (g_file_get_contents (from, &bytes, &length, NULL));
        g_assert_true (g_file_set_contents (to, bytes, (gssize) length, NULL));
      }
  }
  /* Another left only its -shm (a reader's, the -wal gone with a copy
   * that did not take it). */
  {
    g_autofree char *shm_from = g_strconcat (pending, "-shm", NULL);
    g_autofree char *stale = make_demo (where, "stale.qiwang");
    g_autofree char *shm_to = g_strconcat (stale, "-shm", NULL);
    g_autofree char *bytes = NULL;
    gsize length = 0;

    g_assert_true (g_file_get_contents (shm_from, &bytes, &length, NULL));
    g_assert_true (g_file_set_contents (shm_to, bytes, (gssize) length, NULL));
  }
  g_clear_object (&writer);
  remount_read_only (where);

  assert_core_reads_only (path);
  assert_cli_reads_only (path);
  assert_nothing_beside (path);
  {
    g_autoptr(QwDocument) doc = qw_document_open (pending_copy, &error);
    g_autofree char *value = NULL;

    g_assert_no_error (error);
    value = qw_document_get_meta (doc, "pending");
    g_assert_cmpstr (value, ==, "in the wal");
  }
  assert_core_reads_only (pending_copy);
  {
    g_autofree char *stale = g_build_filename (where, "stale.qiwang", NULL);

    assert_core_reads_only (stale);
  }
  {
    g_autofree char *no_shm = g_build_filename (where, "no-shm.qiwang", NULL);
    g_autoptr(QwDocument) doc = qw_document_open (no_shm, &error);

    g_assert_null (doc);
    g_assert_error (error, QW_ERROR, QW_ERROR_READ_ONLY);
    assert_says (error->message, "has changes in its journal");
    g_clear_error (&error);
  }
  g_assert_cmpint (umount (where), ==, 0);
}

/* A user who may not write: nobody, when the test runs as root. */
static void
become_nobody (void)
{
  if (geteuid () != 0)
    return;
  if (setgroups (0, NULL) != 0 || setresgid (NOBODY, NOBODY, NOBODY) != 0 || setresuid (NOBODY, NOBODY, NOBODY) != 0)
    g_error ("cannot become nobody: %s", g_strerror (errno));
}

/* In a folder of its own, readable by all: @path's folder mode and file
 * mode set as given, owned by whoever runs the test (root, whom the
 * subprocess then leaves for nobody). */
static char *
place_demo (const char *name,
            int         folder_mode,
            int         file_mode)
{
  g_autofree char *folder = g_build_filename (dir, name, NULL);
  char *path = NULL;

  g_assert_cmpint (g_mkdir_with_parents (folder, 0755), ==, 0);
  path = make_demo (folder, "stop.qiwang");
  g_assert_cmpint (g_chmod (path, file_mode), ==, 0);
  g_assert_cmpint (g_chmod (folder, folder_mode), ==, 0);
  return path;
}

static void
run_as_user (const char *test_path)
{
  if (geteuid () != 0)
    return;
  /* The subprocess runs the same test, as nobody. */
  g_test_trap_subprocess (test_path, 0, G_TEST_SUBPROCESS_INHERIT_STDOUT | G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

static void
test_read_only_folder (void)
{
  static char *path;

  if (!g_test_subprocess ())
    {
      g_chmod (dir, 0755);
      path = place_demo ("folder-ro", 0555, 0644);
      if (geteuid () == 0)
        {
          g_setenv ("QIWANG_TEST_DOC", path, TRUE);
          run_as_user ("/media/read-only-folder");
          return;
        }
    }
  else
    {
      path = g_strdup (g_getenv ("QIWANG_TEST_DOC"));
      become_nobody ();
    }
  assert_core_reads_only (path);
  assert_cli_reads_only (path);
  assert_nothing_beside (path);
}

static void
test_read_only_file (void)
{
  static char *path;

  if (!g_test_subprocess ())
    {
      g_chmod (dir, 0755);
      path = place_demo ("file-ro", 0777, 0444);
      if (geteuid () == 0)
        {
          g_setenv ("QIWANG_TEST_DOC", path, TRUE);
          run_as_user ("/media/read-only-file");
          return;
        }
    }
  else
    {
      path = g_strdup (g_getenv ("QIWANG_TEST_DOC"));
      become_nobody ();
    }
  assert_core_reads_only (path);
  assert_cli_reads_only (path);
  assert_nothing_beside (path);
}

/* Fills @where up to the last block, and returns the filler's path. */
static char *
fill_disk (const char *where)
{
  char *filler = g_build_filename (where, "filler", NULL);
  char block[4096];
  int fd = g_open (filler, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);

  g_assert_cmpint (fd, >=, 0);
  memset (block, 'x', sizeof block);
  while (write (fd, block, sizeof block) > 0)
    ;
  g_assert_cmpint (errno, ==, ENOSPC);
  close (fd);
  return filler;
}

static void
free_space (const char *filler,
            gsize       bytes)
{
  GStatBuf st;

  g_assert_cmpint (g_stat (filler, &st), ==, 0);
  g_assert_cmpint (truncate (filler, st.st_size > (goffset) bytes ? st.st_size - (goffset) bytes : 0), ==, 0);
}

static void
test_disk_full (void)
{
  g_autofree char *where = NULL;
  g_autofree char *path = NULL;
  g_autofree char *filler = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *big = g_strnfill (512 * 1024, 'x');
  g_autofree char *long_name = g_strnfill (100 * 1024, 'x');
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = NULL;

  if (!need_namespace ())
    return;
  where = mount_tmpfs ("full", "2m");
  path = make_demo (where, "stop.qiwang");
  filler = fill_disk (where);
  before = qw_test_checksum_file (path);

  /* No room for the -shm: the document cannot be opened, and the disk is
   * said to be full. */
  doc = qw_document_open (path, &error);
  g_assert_null (doc);
  g_assert_error (error, QW_ERROR, QW_ERROR_DISK_FULL);
  assert_says (error->message, "The disk is full");
  g_clear_error (&error);
  {
    g_auto(QwTestRun) r = { 0 };

    cli (&r, "result", path, "open-m", "4", "1", "1:1", NULL);
    g_assert_cmpint (r.status, !=, 0);
    assert_says (r.err, "The disk is full");
  }

  /* Room for the journal's files, not for the change. */
  free_space (filler, 128 * 1024);
  doc = qw_document_open (path, &error);
  g_assert_no_error (error);
  g_assert_false (qw_document_set_meta (doc, "big", big, &error));
  g_assert_error (error, QW_ERROR, QW_ERROR_DISK_FULL);
  assert_says (error->message, "The disk is full");
  g_clear_error (&error);
  {
    g_autofree char *value = qw_document_get_meta (doc, "big");

    g_assert_null (value);
  }
  /* A small change still fits. */
  g_assert_true (qw_document_set_meta (doc, "small", "fits", &error));
  g_assert_no_error (error);
  /* Another program's change too large for the room left (the window
   * still has the document open). */
  {
    g_auto(QwTestRun) r = { 0 };
    g_autoptr(QwEvent) event = NULL;

    cli (&r, "event", path, "--name", long_name, NULL);
    g_assert_cmpint (r.status, !=, 0);
    assert_says (r.err, "The disk is full");
    event = qw_document_get_main_event (doc, &error);
    g_assert_no_error (error);
    g_assert_cmpstr (event->name, !=, long_name);
  }
  g_clear_object (&doc);

  /* Room again: the document is whole and has everything but the big change. */
  g_assert_cmpint (g_unlink (filler), ==, 0);
  doc = qw_document_open (path, &error);
  g_assert_no_error (error);
  {
    g_autofree char *small = qw_document_get_meta (doc, "small");
    g_autofree char *value = qw_document_get_meta (doc, "big");

    g_assert_cmpstr (small, ==, "fits");
    g_assert_null (value);
  }
  g_clear_object (&doc);
  after = qw_test_checksum_file (path);
  g_assert_nonnull (after);
  g_assert_cmpint (umount (where), ==, 0);
}

int
main (int    argc,
      char **argv)
{
  int status;

  enter_namespace ();
  qw_test_cli_init (&argc, &argv);
  if (g_test_subprocess ())
    dir = g_strdup (g_getenv ("QIWANG_TEST_DIR"));
  else
    {
      g_autofree char *out_dir = NULL;

      dir = qw_test_make_tmp_dir ("qiwang-media-XXXXXX");
      g_setenv ("QIWANG_TEST_DIR", dir, TRUE);
      /* Outputs go there, whoever runs the commands. */
      out_dir = g_build_filename (dir, "out", NULL);
      g_assert_cmpint (g_mkdir_with_parents (out_dir, 0777), ==, 0);
      g_assert_cmpint (g_chmod (out_dir, 0777), ==, 0);
      g_assert_cmpint (g_chmod (dir, 0755), ==, 0);
    }
  g_test_add_func ("/media/read-only-mount", test_read_only_mount);
  g_test_add_func ("/media/read-only-folder", test_read_only_folder);
  g_test_add_func ("/media/read-only-file", test_read_only_file);
  g_test_add_func ("/media/disk-full", test_disk_full);
  status = g_test_run ();
  if (!g_test_subprocess ())
    {
      /* The folders made read-only for the test, writable again to be removed. */
      g_autofree char *a = g_build_filename (dir, "folder-ro", NULL);
      g_autofree char *b = g_build_filename (dir, "file-ro", NULL);

      g_chmod (a, 0755);
      g_chmod (b, 0755);
      qw_test_remove_tree (dir);
    }
  g_free (dir);
  return status;
}
