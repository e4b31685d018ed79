/* replay.c: a harness without libFuzzer, for the test suite
 *
 * Runs a harness of tests/fuzz/ once on every file of the folders given:
 * the committed seeds and regressions/<name>/, the inputs fuzzing found,
 * so that what was fixed stays fixed in every build (plain and sanitizer)
 * and not only in the fuzzing one.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "qw-fuzz.h"

static int
replay (const char *path)
{
  g_autofree char *data = NULL;
  gsize length = 0;
  g_autoptr(GError) error = NULL;

  if (!g_file_get_contents (path, &data, &length, &error))
    {
      g_printerr ("%s: %s\n", path, error->message);
      return 1;
    }
  g_print ("%s\n", path);
  LLVMFuzzerTestOneInput ((const uint8_t *) data, length);
  return 0;
}

int
main (int    argc,
      char **argv)
{
  int failures = 0, n = 0;

  LLVMFuzzerInitialize (&argc, &argv);
  for (int i = 1; i < argc; i++)
    {
      g_autoptr(GDir) dir = g_dir_open (argv[i], 0, NULL);
      const char *name;

      /* A harness without regressions yet has no folder for them. */
      if (dir == NULL)
        {
          if (g_file_test (argv[i], G_FILE_TEST_IS_REGULAR))
            {
              failures += replay (argv[i]);
              n++;
            }
          continue;
        }
      while ((name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *path = g_build_filename (argv[i], name, NULL);

          if (name[0] == '.')
            continue;
          failures += replay (path);
          n++;
        }
    }
  g_print ("%d inputs\n", n);
  return failures > 0 ? 1 : 0;
}
