/* test-data-paths.c: a build finds its data, and a document's type is known
 * without opening it (issue 21 point 3)
 *
 * A development build run from its build folder finds the source tree's data,
 * the built translations, schema and MIME database with none of the variables
 * that `meson devenv` and the tests set; the same binary copied out of the
 * build folder never looks there. With the build's MIME database, GIO names a
 * .qiwang file by its name (never reading it: reading a document in Qiwang's
 * process dropped its locks, issue 17) and a document under another name by
 * its content. In a release build the first checks are skipped.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

#include "qw-data.h"
#include "qw-test.h"

#define QIWANG_TYPE "application/x-qiwang"

static char *dir = NULL;

/* Everything that points a build at its data, as the tests' and `meson
 * devenv`'s environments set it. Unset in this process before GIO starts
 * (main) and in every child. */
static const char *const pointers[] = {
  "QIWANG_DATA_DIR", "QIWANG_LOCALEDIR", "GSETTINGS_SCHEMA_DIR", "XDG_DATA_DIRS", NULL,
};

static char **
clean_environment (void)
{
  char **env = g_get_environ ();

  for (int i = 0; pointers[i] != NULL; i++)
    env = g_environ_unsetenv (env, pointers[i]);
  env = g_environ_setenv (env, "LC_ALL", "zh_CN.UTF-8", TRUE);
  env = g_environ_setenv (env, "LANG", "zh_CN.UTF-8", TRUE);
  env = g_environ_setenv (env, "HOME", dir, TRUE);
  env = g_environ_unsetenv (env, "XDG_DATA_HOME");
  return env;
}

/* Runs @program with @args in the test's folder, in a clean environment. */
static int
run (const char  *program,
     const char  *const *args,
     char       **out,
     char       **err)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_auto(GStrv) env = clean_environment ();
  g_autoptr(GError) error = NULL;
  int status = 0;

  g_ptr_array_add (argv, (gpointer) program);
  for (int i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  g_spawn_sync (dir, (char **) argv->pdata, env, G_SPAWN_DEFAULT, NULL, NULL, out, err, &status, &error);
  g_assert_no_error (error);
  return WIFEXITED (status) ? WEXITSTATUS (status) : -1;
}

static char *
demo_document (void)
{
  char *path = g_build_filename (dir, "白花镇.qiwang", NULL);

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    {
      const char *args[] = { "demo", path, NULL };
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;

      g_assert_cmpint (run (g_getenv ("QIWANG_CLI"), args, &out, &err), ==, 0);
    }
  return path;
}

static const char *
content_type_of (const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(GError) error = NULL;
  static char type[128];

  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_CONTENT_TYPE, G_FILE_QUERY_INFO_NONE, NULL, &error);
  g_assert_no_error (error);
  g_strlcpy (type, g_file_info_get_content_type (info), sizeof type);
  return type;
}

static gboolean
development_build (void)
{
  if (!DEVELOPMENT_BUILD)
    g_test_skip ("a release build has no build folder compiled in");
  return DEVELOPMENT_BUILD;
}

static gboolean
zh_cn_installed (void)
{
  locale_t zh = newlocale (LC_ALL_MASK, "zh_CN.UTF-8", (locale_t) 0);

  if (zh == (locale_t) 0)
    return FALSE;
  freelocale (zh);
  return TRUE;
}

/* The rulesets and the translations come from the source tree and the build
 * folder; an installed binary's come from the installation. */
static void
test_data_and_translations (void)
{
  g_autofree char *ruleset = qw_data_file ("rulesets", "qiwang-2021.xml", NULL);
  g_autofree char *mo = NULL;

  if (!development_build ())
    return;
  g_assert_true (g_file_test (ruleset, G_FILE_TEST_IS_REGULAR));
  g_assert_false (g_str_has_prefix (ruleset, PKGDATADIR));
  mo = g_build_filename (qw_locale_dir (), "zh_CN", "LC_MESSAGES", GETTEXT_PACKAGE ".mo", NULL);
  g_assert_true (g_file_test (mo, G_FILE_TEST_IS_REGULAR));
  g_assert_cmpstr (qw_locale_dir (), !=, LOCALEDIR);
}

/* The uninstalled qiwang-cli makes a stop and speaks Chinese, with none of
 * the variables of `meson devenv`, run from another folder. */
static void
test_uninstalled_cli (void)
{
  g_autofree char *path = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  const char *args[] = { "entries", NULL, NULL };

  if (!development_build ())
    return;
  if (!zh_cn_installed ())
    {
      g_test_skip ("the zh_CN.UTF-8 locale is not installed (build-aux/setup makes it)");
      return;
    }
  path = demo_document ();
  args[1] = path;
  g_assert_cmpint (run (g_getenv ("QIWANG_CLI"), args, &out, &err), ==, 0);
  g_assert_nonnull (strstr (out, "序号"));
  g_assert_nonnull (strstr (out, "身份证号"));
}

/* The same binary copied out of the build folder (as an installed one is)
 * never reads the source tree: it looks for its rulesets where it is
 * installed, and finds them only if Qiwang is installed there. */
static void
test_outside_build_folder (void)
{
  g_autofree char *copy = g_build_filename (dir, "qiwang-cli", NULL);
  g_autofree char *target = g_build_filename (dir, "elsewhere.qiwang", NULL);
  g_autofree char *installed = g_build_filename (PKGDATADIR, "rulesets", "qiwang-2021.xml", NULL);
  g_autofree char *contents = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  const char *args[] = { "demo", target, NULL };
  gsize length;
  int status;

  g_assert_true (g_file_get_contents (g_getenv ("QIWANG_CLI"), &contents, &length, NULL));
  g_assert_true (g_file_set_contents_full (copy, contents, length, G_FILE_SET_CONTENTS_NONE, 0755, NULL));
  status = run (copy, args, &out, &err);
  if (g_file_test (installed, G_FILE_TEST_IS_REGULAR))
    g_assert_cmpint (status, ==, 0);
  else
    {
      g_assert_cmpint (status, !=, 0);
      g_assert_nonnull (strstr (err, PKGDATADIR));
      g_assert_false (g_file_test (target, G_FILE_TEST_EXISTS));
    }
#ifdef QW_SOURCE_ROOT
  g_assert_null (strstr (err, QW_SOURCE_ROOT));
#endif
}

/* Named by its name alone: GIO is certain without reading the file. */
static void
test_type_by_name (void)
{
  g_autofree char *type = NULL;
  g_autofree char *text = g_build_filename (dir, "not-a-document.qiwang", NULL);
  gboolean uncertain = TRUE;

  if (!development_build ())
    return;
  type = g_content_type_guess ("赛事.qiwang", NULL, 0, &uncertain);
  g_assert_cmpstr (type, ==, QIWANG_TYPE);
  g_assert_false (uncertain);
  /* Text that is no document at all: if GIO had read it, it would say text/plain. */
  g_assert_true (g_file_set_contents (text, "no SQLite here\n", -1, NULL));
  g_assert_cmpstr (content_type_of (text), ==, QIWANG_TYPE);
}

/* A document under another name is known by its header (SQLite, and the
 * application id "QIWG"); another SQLite file is not a Qiwang document. */
static void
test_type_by_content (void)
{
  g_autofree char *path = NULL;
  g_autofree char *renamed = g_build_filename (dir, "copy-without-extension", NULL);
  g_autofree char *other = g_build_filename (dir, "other-sqlite", NULL);
  g_autofree char *contents = NULL;
  gsize length;

  if (!development_build ())
    return;
  path = demo_document ();
  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  g_assert_cmpuint (length, >, 72);
  g_assert_true (g_file_set_contents (renamed, contents, length, NULL));
  g_assert_cmpstr (content_type_of (renamed), ==, QIWANG_TYPE);
  memcpy (contents + 68, "ABCD", 4);
  g_assert_true (g_file_set_contents (other, contents, length, NULL));
  g_assert_cmpstr (content_type_of (other), ==, "application/vnd.sqlite3");
}

/* The window's settings: the build's compiled schema is found. */
static void
test_settings_schema (void)
{
  g_autoptr(GSettingsSchema) schema = NULL;

  if (!development_build ())
    return;
  schema = g_settings_schema_source_lookup (g_settings_schema_source_get_default (), APP_BASE_ID, TRUE);
  g_assert_nonnull (schema);
}

int
main (int    argc,
      char **argv)
{
  int status;

  for (int i = 0; pointers[i] != NULL; i++)
    g_unsetenv (pointers[i]);
  qw_data_use_build_tree ();
  g_test_init (&argc, &argv, NULL);
  dir = qw_test_make_tmp_dir ("qiwang-data-paths-XXXXXX");

  g_test_add_func ("/data-paths/data-and-translations", test_data_and_translations);
  g_test_add_func ("/data-paths/uninstalled-cli", test_uninstalled_cli);
  g_test_add_func ("/data-paths/outside-build-folder", test_outside_build_folder);
  g_test_add_func ("/data-paths/type-by-name", test_type_by_name);
  g_test_add_func ("/data-paths/type-by-content", test_type_by_content);
  g_test_add_func ("/data-paths/settings-schema", test_settings_schema);
  status = g_test_run ();
  qw_test_remove_tree (dir);
  return status;
}
