/* qw-data.c: where Qiwang's data files (rulesets, schemas, templates) live
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-data"

#include "config.h"

#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>

#include "qw-data.h"

/* A development build (-Dprofile=development) has its build and source folders
 * compiled in (config.h), so that it runs from the build folder without
 * `meson devenv`. They are used only while the running binary itself lies in
 * that build folder (/proc/self/exe): an installed binary never looks at a
 * build folder, and a release build has no such path at all. */
static const char *
qw_build_root (void)
{
#ifdef QW_BUILD_ROOT
  static gsize state = 0;
  static char *root = NULL;

  if (g_once_init_enter (&state))
    {
      g_autofree char *exe = g_file_read_link ("/proc/self/exe", NULL);
      char resolved[PATH_MAX];

      if (exe != NULL && realpath (QW_BUILD_ROOT, resolved) != NULL)
        {
          g_autofree char *inside = g_strconcat (resolved, G_DIR_SEPARATOR_S, NULL);

          if (g_str_has_prefix (exe, inside))
            root = g_strdup (resolved);
        }
      g_once_init_leave (&state, 1);
    }
  return root;
#else
  return NULL;
#endif
}

/* The source tree's data/ when run from a development build folder. */
static char *
qw_build_tree_data_dir (void)
{
#ifdef QW_SOURCE_ROOT
  if (qw_build_root () != NULL)
    return g_build_filename (QW_SOURCE_ROOT, "data", NULL);
#endif
  return NULL;
}

/* QIWANG_DATA_DIR wins (tests, `meson devenv`); then the source tree's data
 * for a development build run from its build folder; else the installed data. */
static const char *
qw_data_dir (void)
{
  static gsize dir = 0;

  if (g_once_init_enter (&dir))
    {
      const char *env = g_getenv ("QIWANG_DATA_DIR");
      char *found;

      if (env != NULL && *env != '\0')
        found = g_strdup (env);
      else if ((found = qw_build_tree_data_dir ()) == NULL)
        found = g_strdup (PKGDATADIR);
      g_once_init_leave (&dir, (gsize) found);
    }
  return (const char *) dir;
}

char *
qw_data_file (const char *first_element,
              ...)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new ();
  va_list args;
  const char *part;

  g_ptr_array_add (parts, (gpointer) qw_data_dir ());
  va_start (args, first_element);
  for (part = first_element; part != NULL; part = va_arg (args, const char *))
    g_ptr_array_add (parts, (gpointer) part);
  va_end (args);
  g_ptr_array_add (parts, NULL);
  return g_build_filenamev ((char **) parts->pdata);
}

/* Translations: QIWANG_LOCALEDIR (set by `meson devenv` and the tests); the
 * build folder's po/ (build/po/<lang>/LC_MESSAGES) for a development build run
 * from it; else the installed ones. */
const char *
qw_locale_dir (void)
{
  static gsize dir = 0;
  const char *env = g_getenv ("QIWANG_LOCALEDIR");

  if (env != NULL && *env != '\0')
    return env;
  if (g_once_init_enter (&dir))
    {
      const char *root = qw_build_root ();
      char *found = root != NULL ? g_build_filename (root, "po", NULL) : g_strdup (LOCALEDIR);

      g_once_init_leave (&dir, (gsize) found);
    }
  return (const char *) dir;
}

/* A helper program of Qiwang's (src/libexec/), such as the .xls reader:
 * QIWANG_LIBEXECDIR wins (the tests, `meson devenv`); then the build
 * folder's src/libexec/ for a development build run from it; else the
 * installed one (libexecdir/qiwang). */
char *
qw_libexec_file (const char *program)
{
  const char *env = g_getenv ("QIWANG_LIBEXECDIR");
  const char *root = qw_build_root ();

  if (env != NULL && *env != '\0')
    return g_build_filename (env, program, NULL);
  if (root != NULL)
    return g_build_filename (root, "src", "libexec", program, NULL);
  return g_build_filename (PKGLIBEXECDIR, program, NULL);
}

/* Prepends DIR to the search path VARIABLE, whose value when unset is
 * FALLBACK (the XDG base directory specification's default). */
static void
prepend_search_path (const char *variable,
                     const char *dir,
                     const char *fallback)
{
  const char *current = g_getenv (variable);
  g_autofree char *value = NULL;

  if (current == NULL || *current == '\0')
    current = fallback;
  value = g_strconcat (dir, G_SEARCHPATH_SEPARATOR_S, current, NULL);
  g_setenv (variable, value, TRUE);
}

/* Run from a development build folder, the process sees that build's compiled
 * GSettings schema and MIME database (build/data/gschemas.compiled,
 * build/data/mime/), as an installed Qiwang sees the system's. With the MIME
 * type registered, GIO names a .qiwang file by its name and never opens it to
 * sniff its content (which, in Qiwang's own process, would drop the
 * document's POSIX locks). Call first thing in main(), before GIO or any
 * thread starts: it changes the environment. Does nothing anywhere else. */
void
qw_data_use_build_tree (void)
{
  const char *root = qw_build_root ();
  g_autofree char *data = NULL;

  if (root == NULL)
    return;
  data = g_build_filename (root, "data", NULL);
  g_setenv ("GSETTINGS_SCHEMA_DIR", data, FALSE);
  prepend_search_path ("XDG_DATA_DIRS", data, "/usr/local/share/:/usr/share/");
}
