/* qw-data.c: where Qiwang's data files (rulesets, schemas, templates) live
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-data"

#include "config.h"

#include <stdarg.h>

#include "qw-data.h"

static gboolean
is_data_dir (const char *dir)
{
  g_autofree char *probe = g_build_filename (dir, "rulesets", "ruleset.xsd", NULL);

  return g_file_test (probe, G_FILE_TEST_IS_REGULAR);
}

/* QIWANG_DATA_DIR wins (tests, meson devenv); then the source tree of an
 * uninstalled build; then the installed data. */
const char *
qw_data_dir (void)
{
  static gsize dir = 0;

  if (g_once_init_enter (&dir))
    {
      const char *env = g_getenv ("QIWANG_DATA_DIR");
      const char *found = PKGDATADIR;

      if (env != NULL && *env != '\0')
        found = env;
      else if (is_data_dir (SOURCE_DATADIR))
        found = SOURCE_DATADIR;
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

/* Translations: QIWANG_LOCALEDIR, then the .mo files of an uninstalled build
 * (build/po/<lang>/LC_MESSAGES), then the installed ones. */
const char *
qw_locale_dir (void)
{
  const char *env = g_getenv ("QIWANG_LOCALEDIR");
  g_autofree char *probe = NULL;

  if (env != NULL && *env != '\0')
    return env;
  probe = g_build_filename (BUILD_LOCALEDIR, "zh_CN", "LC_MESSAGES", GETTEXT_PACKAGE ".mo", NULL);
  if (g_file_test (probe, G_FILE_TEST_IS_REGULAR))
    return BUILD_LOCALEDIR;
  return LOCALEDIR;
}
