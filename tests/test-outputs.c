/* test-outputs.c: issue 17 in the core: the one writer of outputs
 * (base/qw-output.h) and group codes (base/qw-group-code.h)
 *
 * What the window does: an export over the document it holds open is
 * refused without the file ever being opened again (closing a second
 * descriptor would drop the process's SQLite locks: /proc/locks tells);
 * outputs are whole or absent after a failed write; private ones are 0600.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "qw-demo.h"
#include "qw-document.h"
#include "qw-error.h"
#include "qw-group-code.h"
#include "qw-output.h"
#include "qw-test.h"
#include "qw-test-locks.h"

static char *dir;

static char *
names_in (const char *folder)
{
  g_autoptr(GDir) d = g_dir_open (folder, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  const char *name;

  while ((name = g_dir_read_name (d)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, (GCompareFunc) g_strcmp0);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (" ", (char **) names->pdata);
}

/* This process's locks on @path's file, as /proc/PID/fdinfo lists them:
 * SQLite's are open file description locks (store/qw-file-locks.c), which
 * /proc/locks shows with pid -1; fdinfo lists them, and classic ones, by the
 * descriptor that took them. */
static char *
locks_on (const char *path)
{
  g_autoptr(GPtrArray) lines = qw_test_fd_locks (getpid (), path);
  g_autoptr(GString) mine = g_string_new (NULL);

  for (guint i = 0; i < lines->len; i++)
    g_string_append_printf (mine, "%s\n", (const char *) g_ptr_array_index (lines, i));
  return g_string_free (g_steal_pointer (&mine), FALSE);
}

/* The window's case: the document is open in this process, in a read
 * transaction (its locks held); an export aimed at it, at a hard link of
 * it or at a link to it is refused, and the locks are all still there. */
static void
test_output_over_open_document (void)
{
  g_autofree char *path = g_build_filename (dir, "open.qiwang", NULL);
  g_autofree char *hard = g_build_filename (dir, "open-hard.xml", NULL);
  g_autofree char *soft = g_build_filename (dir, "open-soft.xml", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = NULL;
  g_autofree char *before = NULL;
  g_autofree char *locks = NULL;
  const char *targets[] = { path, hard, soft };

  doc = qw_demo_create (path, &error);
  g_assert_no_error (error);
  g_clear_object (&doc);
  /* Read before the document is open here: reading it after would drop
   * the very locks this test watches. */
  before = qw_test_checksum_file (path);
  doc = qw_document_open (path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (link (path, hard), ==, 0);
  g_assert_cmpint (symlink (path, soft), ==, 0);
  g_assert_true (qw_document_begin_read (doc, &error));
  g_assert_no_error (error);
  g_free (qw_document_get_meta (doc, "kind"));
  locks = locks_on (path);
  g_test_message ("locks held: %s", locks);
  g_assert_cmpstr (locks, !=, "");
  for (guint i = 0; i < G_N_ELEMENTS (targets); i++)
    {
      g_autoptr(GError) refused = NULL;
      g_autofree char *now = NULL;

      g_assert_false (qw_output_replace_contents (targets[i], "<results/>\n", -1, QW_OUTPUT_PRIVATE, &refused));
      g_assert_error (refused, QW_ERROR, QW_ERROR_CONFLICT);
      g_assert_nonnull (strstr (refused->message, "is a Qiwang document"));
      g_assert_false (qw_output_check_target (targets[i], path, NULL, &error));
      g_assert_nonnull (strstr (error->message, "is the document being read"));
      g_clear_error (&error);
      now = locks_on (path);
      g_assert_cmpstr (now, ==, locks);
    }
  /* Its journal files, there or not yet there. */
  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *journal = g_strconcat (path, (const char *[]) { "-wal", "-shm", "-journal" }[i], NULL);
      g_autoptr(GError) refused = NULL;
      g_autofree char *now = NULL;

      g_assert_false (qw_output_replace_contents (journal, "x", -1, QW_OUTPUT_PUBLIC, &refused));
      g_assert_nonnull (strstr (refused->message, "belongs to a Qiwang document"));
      now = locks_on (path);
      g_assert_cmpstr (now, ==, locks);
    }
  qw_document_end_read (doc);
  g_clear_object (&doc);
  g_assert_cmpstr (qw_test_checksum_file (path), ==, before);
}

/* A failed write (the file may grow no further: EFBIG, as a full disk)
 * leaves the old output whole and nothing beside it; the same write
 * without the limit replaces it. */
static void
test_failed_write_keeps_old (void)
{
  g_autofree char *folder = g_build_filename (dir, "full", NULL);
  g_autofree char *out = g_build_filename (folder, "list.csv", NULL);
  g_autofree char *big = g_strnfill (200000, 'x');
  g_autoptr(GError) error = NULL;
  g_autofree char *names = NULL;
  g_autofree char *after = NULL;
  g_autofree char *text = NULL;
  struct rlimit saved, limit = { 50000, 50000 };
  void (*old_handler) (int);

  g_assert_cmpint (g_mkdir (folder, 0755), ==, 0);
  g_assert_true (g_file_set_contents (out, "old\n", -1, NULL));
  names = names_in (folder);
  old_handler = signal (SIGXFSZ, SIG_IGN);
  g_assert_cmpint (getrlimit (RLIMIT_FSIZE, &saved), ==, 0);
  limit.rlim_max = saved.rlim_max;
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &limit), ==, 0);
  g_assert_false (qw_output_replace_contents (out, big, -1, QW_OUTPUT_PUBLIC, &error));
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &saved), ==, 0);
  signal (SIGXFSZ, old_handler);
  g_assert_error (error, QW_ERROR, QW_ERROR_IO);
  g_assert_nonnull (strstr (error->message, "list.csv cannot be written"));
  g_assert_true (g_file_get_contents (out, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, "old\n");
  after = names_in (folder);
  g_assert_cmpstr (after, ==, names);
  g_clear_error (&error);
  g_assert_true (qw_output_replace_contents (out, big, -1, QW_OUTPUT_PUBLIC, &error));
  g_assert_no_error (error);
  g_clear_pointer (&text, g_free);
  g_assert_true (g_file_get_contents (out, &text, NULL, NULL));
  g_assert_cmpuint (strlen (text), ==, 200000);
}

/* An output abandoned (a library failed, the caller gave up) leaves nothing. */
static void
test_abandoned_output (void)
{
  g_autofree char *folder = g_build_filename (dir, "abandoned", NULL);
  g_autofree char *out = g_build_filename (folder, "book.xlsx", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *names = NULL;
  QwOutput *output;

  g_assert_cmpint (g_mkdir (folder, 0755), ==, 0);
  output = qw_output_new (out, QW_OUTPUT_PRIVATE, &error);
  g_assert_no_error (error);
  /* A library writes the temporary file by its name. */
  {
    FILE *f = fopen (qw_output_get_temp_path (output), "wb");

    g_assert_nonnull (f);
    g_assert_cmpint (fputs ("half a workbook", f), >=, 0);
    g_assert_cmpint (fclose (f), ==, 0);
  }
  qw_output_free (output);
  names = names_in (folder);
  g_assert_cmpstr (names, ==, "");
}

/* 0600 for private outputs, 0666 less the umask for public ones, new or
 * replacing a file of the other mode. */
static void
test_modes (void)
{
  g_autofree char *out = g_build_filename (dir, "mode.xml", NULL);
  mode_t mask = umask (027);

  for (int replace = 0; replace < 2; replace++)
    {
      GStatBuf st;

      g_assert_true (qw_output_replace_contents (out, "x", -1, QW_OUTPUT_PRIVATE, NULL));
      g_assert_cmpint (g_stat (out, &st), ==, 0);
      g_assert_cmpint (st.st_mode & 0777, ==, 0600);
      g_assert_true (qw_output_replace_contents (out, "x", -1, QW_OUTPUT_PUBLIC, NULL));
      g_assert_cmpint (g_stat (out, &st), ==, 0);
      g_assert_cmpint (st.st_mode & 0777, ==, 0640);
    }
  umask (mask);
}

/* Where an output cannot go: a folder, a block device; where it goes
 * straight: /dev/null. */
static void
test_targets (void)
{
  g_autoptr(GError) error = NULL;

  g_assert_false (qw_output_replace_contents (dir, "x", -1, QW_OUTPUT_PUBLIC, &error));
  g_assert_nonnull (strstr (error->message, "is a folder"));
  g_clear_error (&error);
  g_assert_true (qw_output_replace_contents ("/dev/null", "x", -1, QW_OUTPUT_PUBLIC, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test ("/dev/null", G_FILE_TEST_EXISTS));
}

static void
test_group_codes (void)
{
  const char *valid[] = { "open-m", "senior_f", "krt2023", "A", "0123456789012345678901234567890x" };
  const char *invalid[] = { "", "../../ESCAPED", "javascript:alert(1)//", "a/b", "a\\b", "..", ".", "open m",
                            "行业组", "a.b", "x\n", "0123456789012345678901234567890xy", "%2e%2e" };

  for (guint i = 0; i < G_N_ELEMENTS (valid); i++)
    {
      g_autofree char *segment = qw_group_code_segment (valid[i]);

      g_assert_true (qw_group_code_is_valid (valid[i]));
      g_assert_true (qw_group_code_check (valid[i], NULL));
      g_assert_cmpstr (segment, ==, valid[i]);
    }
  for (guint i = 0; i < G_N_ELEMENTS (invalid); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *segment = qw_group_code_segment (invalid[i]);
      g_autofree char *again = qw_group_code_segment (invalid[i]);

      g_assert_false (qw_group_code_is_valid (invalid[i]));
      g_assert_false (qw_group_code_check (invalid[i], &error));
      g_assert_error (error, QW_ERROR, QW_ERROR_INVALID);
      /* Stored codes from before: a safe segment, the same every time. */
      g_assert_true (qw_group_code_is_valid (segment));
      g_assert_true (g_str_has_prefix (segment, "x-"));
      g_assert_cmpstr (segment, ==, again);
    }
  g_assert_false (qw_group_code_is_valid (NULL));
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  dir = qw_test_make_tmp_dir ("qiwang-outputs-XXXXXX");

  g_test_add_func ("/outputs/over-open-document", test_output_over_open_document);
  g_test_add_func ("/outputs/failed-write-keeps-old", test_failed_write_keeps_old);
  g_test_add_func ("/outputs/abandoned", test_abandoned_output);
  g_test_add_func ("/outputs/modes", test_modes);
  g_test_add_func ("/outputs/targets", test_targets);
  g_test_add_func ("/outputs/group-codes", test_group_codes);

  status = g_test_run ();
  qw_test_remove_tree (dir);
  g_free (dir);
  return status;
}
