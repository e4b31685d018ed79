/* test-lock.c: issue 17, point 1, in the core: a document stays held
 *
 * A document open in this process keeps SQLite's shared lock whatever else
 * the process does with the file's path: another descriptor opened and
 * closed (what GLib does to sniff a content type for the file chooser),
 * GIO's own content-type query, a second connection. Another process that
 * then opens and closes the document deletes nothing under it, and every
 * change made afterwards is seen by another process at once.
 *
 *   - /lock/foreign-close: open()+close() and a GIO sniff of the path in
 *     this process, then another process opens and closes the document: the
 *     lock is still held (/proc/self/fdinfo), the -wal and -shm are the same
 *     files, a later change is read by another process;
 *   - /lock/journal-removed: a program that ignores the locks checkpoints
 *     and removes the -wal and -shm; the next change is still seen by
 *     another process (the store opens the document again first);
 *   - /lock/two-connections: a writer and a reader in one process closed in
 *     either order: nothing is lost, and the lock is held while either is
 *     open.
 *
 * "Another process" is this program started again (--other).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <fcntl.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <sqlite3.h>
#include <string.h>
#include <unistd.h>

#include "qw-document.h"
#include "qw-error.h"
#include "qw-test.h"
#include "qw-test-locks.h"

static char *dir;
static char *self_exe;

/* Another process: opens the document as Qiwang does, prints the meta
 * values asked for (one a line, "-" for none), closes it. */
static int
other_process (int    argc,
               char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = qw_document_open (argv[2], &error);

  if (doc == NULL)
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  for (int i = 3; i < argc; i++)
    {
      g_autofree char *value = qw_document_get_meta (doc, argv[i]);

      g_print ("%s\n", value != NULL ? value : "-");
    }
  return 0;
}

/* A program that does not keep to SQLite's locks: it folds the WAL into
 * the file, then removes the -wal and the -shm (what SQLite does at the
 * last close, done while the test's connection is still open). */
static int
remover_process (const char *path)
{
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);
  g_autofree char *shm = g_strconcat (path, "-shm", NULL);
  sqlite3 *db = NULL;

  if (sqlite3_open (path, &db) != SQLITE_OK
      || sqlite3_exec (db, "PRAGMA wal_checkpoint(FULL)", NULL, NULL, NULL) != SQLITE_OK)
    return 1;
  sqlite3_close (db);
  return g_unlink (wal) == 0 && g_unlink (shm) == 0 ? 0 : 1;
}

/* What another process reads: the values of @keys, one a line. */
static char *
other_reads (const char *path,
             ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *err = NULL;
  char *out = NULL;
  int status = 0;
  va_list ap;

  g_ptr_array_add (argv, self_exe);
  g_ptr_array_add (argv, (gpointer) "--other");
  g_ptr_array_add (argv, (gpointer) path);
  va_start (ap, path);
  for (const char *key = va_arg (ap, const char *); key != NULL; key = va_arg (ap, const char *))
    g_ptr_array_add (argv, (gpointer) key);
  va_end (ap);
  g_ptr_array_add (argv, NULL);
  g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status, &error);
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("the other process failed: %s", err);
  return out;
}

static gboolean
identity (const char *path,
          const char *suffix,
          GStatBuf   *st)
{
  g_autofree char *name = g_strconcat (path, suffix, NULL);

  return g_stat (name, st) == 0;
}

static void
assert_held (const char *path,
             const char *after)
{
  if (!qw_test_holds_shared_lock (getpid (), path))
    {
      g_autofree char *locks = qw_test_describe_locks (getpid (), path);

      g_error ("after %s the process no longer holds its lock on the document:\n%s", after, locks);
    }
}

static void
test_foreign_close (void)
{
  g_autofree char *path = g_build_filename (dir, "foreign.qiwang", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = qw_document_create (path, QW_DOCUMENT_STOP, &error);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFileInfo) info = NULL;
  g_autofree char *before_text = NULL;
  g_autofree char *after_text = NULL;
  g_autofree char *seen = NULL;
  GStatBuf wal_before, shm_before, wal_after, shm_after;
  char header[16];
  int fd;

  g_assert_no_error (error);
  g_assert_true (qw_document_set_meta (doc, "first", "1", &error));
  assert_held (path, "a change");
  before_text = qw_test_describe_locks (getpid (), path);
  g_test_message ("before the foreign close:\n%s", before_text);
  g_assert_true (identity (path, "-wal", &wal_before));
  g_assert_true (identity (path, "-shm", &shm_before));

  /* What GLib does to sniff x.qiwang's content type, by hand and through
   * GIO itself. */
  fd = g_open (path, O_RDONLY | O_CLOEXEC, 0);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (read (fd, header, sizeof header), ==, sizeof header);
  close (fd);
  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_CONTENT_TYPE, G_FILE_QUERY_INFO_NONE, NULL, &error);
  g_assert_no_error (error);
  g_test_message ("GIO's content type of the document: %s", g_file_info_get_content_type (info));
  assert_held (path, "another descriptor of the document was opened and closed");
  after_text = qw_test_describe_locks (getpid (), path);
  g_test_message ("after the foreign close:\n%s", after_text);

  /* Another process opens and closes the document: it is not the last. */
  seen = other_reads (path, "first", NULL);
  g_assert_cmpstr (seen, ==, "1\n");
  g_assert_true (identity (path, "-wal", &wal_after));
  g_assert_true (identity (path, "-shm", &shm_after));
  g_assert_true (wal_after.st_ino == wal_before.st_ino && shm_after.st_ino == shm_before.st_ino);

  /* A change made now is another process's to read at once. */
  g_assert_true (qw_document_set_meta (doc, "second", "2", &error));
  g_clear_pointer (&seen, g_free);
  seen = other_reads (path, "first", "second", NULL);
  g_assert_cmpstr (seen, ==, "1\n2\n");
  assert_held (path, "another process read the document");

  /* And after the last close, everything is in the file. */
  g_clear_object (&doc);
  g_clear_pointer (&seen, g_free);
  seen = other_reads (path, "first", "second", NULL);
  g_assert_cmpstr (seen, ==, "1\n2\n");
}

static void
test_journal_removed (void)
{
  g_autofree char *path = g_build_filename (dir, "removed.qiwang", NULL);
  const char *argv[] = { self_exe, "--remover", path, NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = qw_document_create (path, QW_DOCUMENT_STOP, &error);
  g_autofree char *seen = NULL;
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);
  int status = 0;

  g_assert_no_error (error);
  g_assert_true (qw_document_set_meta (doc, "before", "1", &error));
  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL, NULL, &status, &error);
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_assert_false (g_file_test (wal, G_FILE_TEST_EXISTS));

  /* The next change goes to the file another process reads, not into the
   * removed journal (the store says, in its log, that it opens the
   * document again). */
  g_assert_true (qw_document_set_meta (doc, "after", "2", &error));
  g_assert_no_error (error);
  seen = other_reads (path, "before", "after", NULL);
  g_assert_cmpstr (seen, ==, "1\n2\n");
  g_assert_true (g_file_test (wal, G_FILE_TEST_EXISTS));
  assert_held (path, "the document was opened again");
  /* The history and the cached statements carry on. */
  g_assert_true (qw_document_set_meta (doc, "later", "3", &error));
  g_clear_pointer (&seen, g_free);
  seen = other_reads (path, "later", NULL);
  g_assert_cmpstr (seen, ==, "3\n");
}

/* A writer and a reader in one process (the window and the venue server):
 * closed in either order, nothing is lost; either holds the lock. */
static void
test_two_connections (void)
{
  for (int order = 0; order < 2; order++)
    {
      g_autofree char *name = g_strdup_printf ("two-%d.qiwang", order);
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(QwDocument) writer = qw_document_create (path, QW_DOCUMENT_STOP, &error);
      g_autoptr(QwDocument) reader = NULL;
      g_autofree char *seen = NULL;
      g_autofree char *value = NULL;

      g_assert_no_error (error);
      g_clear_object (&writer);
      writer = qw_document_open (path, &error);
      g_assert_no_error (error);
      reader = qw_document_open_read_only (path, &error);
      g_assert_no_error (error);
      g_assert_true (qw_document_set_meta (writer, "a", "1", &error));
      value = qw_document_get_meta (reader, "a");
      g_assert_cmpstr (value, ==, "1");
      if (order == 0)
        g_clear_object (&writer);
      else
        g_clear_object (&reader);
      assert_held (path, "one of two connections closed");
      if (writer != NULL)
        g_assert_true (qw_document_set_meta (writer, "b", "2", &error));
      seen = other_reads (path, "a", "b", NULL);
      g_assert_cmpstr (seen, ==, order == 0 ? "1\n-\n" : "1\n2\n");
      g_clear_object (&writer);
      g_clear_object (&reader);
      g_clear_pointer (&seen, g_free);
      seen = other_reads (path, "a", "b", NULL);
      g_assert_cmpstr (seen, ==, order == 0 ? "1\n-\n" : "1\n2\n");
    }
}

/* The mechanism itself: open file description locks (Linux), which the
 * note of issue 17 explains. */
static void
test_locks_are_ofd (void)
{
  g_autofree char *path = g_build_filename (dir, "ofd.qiwang", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = qw_document_create (path, QW_DOCUMENT_STOP, &error);
  g_autoptr(GPtrArray) lines = NULL;
  gboolean ofd = FALSE;

  g_assert_no_error (error);
  lines = qw_test_fd_locks (getpid (), path);
  for (guint i = 0; i < lines->len; i++)
    ofd |= strstr (g_ptr_array_index (lines, i), "OFDLCK") != NULL;
  g_assert_true (ofd);
}

int
main (int    argc,
      char **argv)
{
  int status;

  if (argc >= 3 && g_str_equal (argv[1], "--other"))
    return other_process (argc, argv);
  if (argc == 3 && g_str_equal (argv[1], "--remover"))
    return remover_process (argv[2]);
  g_test_init (&argc, &argv, NULL);
  self_exe = g_file_read_link ("/proc/self/exe", NULL);
  dir = qw_test_make_tmp_dir ("qiwang-lock-XXXXXX");
  g_test_add_func ("/lock/ofd", test_locks_are_ofd);
  g_test_add_func ("/lock/foreign-close", test_foreign_close);
  g_test_add_func ("/lock/journal-removed", test_journal_removed);
  g_test_add_func ("/lock/two-connections", test_two_connections);
  status = g_test_run ();
  qw_test_remove_tree (dir);
  g_free (dir);
  g_free (self_exe);
  return status;
}
