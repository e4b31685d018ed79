/* fuzz-results.c: a stop's results file (成绩表), read and verified
 *
 * The bytes as they come (mostly stopped by the digest), then sealed again
 * so that mutations reach the schema, the consistency checks and the
 * reading itself. What is accepted must carry the digest libxml2's own C14N
 * gives, export again (both forms) and give its public standings.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "qw-fuzz.h"
#include "qw-results-file.h"
#include "qw-test.h"

static void
use (const char *data,
     gsize       length)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwResults) results = qw_results_read_memory (data, length, "fuzz.xml", &error);
  g_autofree char *reference = NULL;
  g_autofree char *csv = NULL;
  g_autofree char *html = NULL;

  if (results == NULL)
    {
      qw_fuzz_assert_xml_error (error, "qw_results_read_memory");
      return;
    }
  reference = qw_test_reference_digest (data, length);
  if (g_strcmp0 (reference, results->digest) != 0)
    {
      g_printerr ("the streaming digest %s is not libxml2's C14N digest %s\n", results->digest, reference);
      abort ();
    }
  for (int public_form = 0; public_form < 2; public_form++)
    {
      g_autofree char *text = NULL;

      text = qw_results_to_xml (results, public_form, NULL, &error);
      if (text == NULL)
        {
          g_printerr ("an accepted results file cannot be exported again: %s\n", error->message);
          abort ();
        }
    }
  csv = qw_results_standings_csv (results);
  html = qw_results_standings_html (results);
  if (!g_utf8_validate (csv, -1, NULL) || !g_utf8_validate (html, -1, NULL))
    abort ();
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
