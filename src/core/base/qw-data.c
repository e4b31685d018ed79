/* qw-data.c: where Qiwang's data files (rulesets, schemas, templates) live
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-data"

#include "config.h"

#include <stdarg.h>

#include "qw-data.h"

/* QIWANG_DATA_DIR wins (tests, `meson devenv`, build-aux/run); else the
 * installed data. No source or build path is compiled in. */
static const char *
qw_data_dir (void)
{
  static gsize dir = 0;

  if (g_once_init_enter (&dir))
    {
      const char *env = g_getenv ("QIWANG_DATA_DIR");
      const char *found = PKGDATADIR;

      if (env != NULL && *env != '\0')
        found = env;
      g_once_init_leave (&dir, (gsize) g_strdup (found));
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

/* Translations: QIWANG_LOCALEDIR (the .mo files of an uninstalled build,
 * build/po/<lang>/LC_MESSAGES, set by `meson devenv` and the tests), else the
 * installed ones. */
const char *
qw_locale_dir (void)
{
  const char *env = g_getenv ("QIWANG_LOCALEDIR");

  if (env != NULL && *env != '\0')
    return env;
  return LOCALEDIR;
}
