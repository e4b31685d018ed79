/* fuzz-nominees.c: a region's nominee file, read and verified
 *
 * As fuzz-results.c: the bytes as they come, then sealed again; what is
 * accepted carries libxml2's C14N digest, exports again in both forms and
 * as CSV.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "qw-fuzz.h"
#include "qw-nominees.h"
#include "qw-test.h"

static void
use (const char *data,
     gsize       length)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwNomineeList) list = qw_nominees_read_memory (data, length, "fuzz.xml", &error);
  g_autofree char *reference = NULL;

  if (list == NULL)
    {
      qw_fuzz_assert_xml_error (error, "qw_nominees_read_memory");
      return;
    }
  reference = qw_test_reference_digest (data, length);
  if (g_strcmp0 (reference, list->digest) != 0)
    {
      g_printerr ("the streaming digest %s is not libxml2's C14N digest %s\n", list->digest, reference);
      abort ();
    }
  for (int public_form = 0; public_form < 2; public_form++)
    {
      g_autofree char *text = qw_nominees_to_xml_form (list, public_form, NULL, &error);
      g_autofree char *csv = qw_nominees_to_csv (list, public_form);

      if (text == NULL)
        {
          g_printerr ("an accepted list cannot be exported again: %s\n", error->message);
          abort ();
        }
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autofree char *sealed = NULL;
  gsize length = 0;

  qw_fuzz_begin (data, size);
  use ((const char *) data, size);
  sealed = qw_fuzz_reseal (data, size, &length);
  if (sealed != NULL)
    use (sealed, length);
  return 0;
}
