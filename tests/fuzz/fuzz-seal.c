/* fuzz-seal.c: the streaming canonical form against libxml2's own
 *
 * For any XML that both read, the digest computed as the file streams by
 * (qw-xml-seal.c) must be the SHA-256 of xmlC14NExecute()'s exclusive
 * canonical form of the same subset: the root and its <content>.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>

#include "qw-fuzz.h"
#include "qw-test.h"
#include "qw-xml-seal.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwSealedReader) reader = NULL;
  g_autofree char *streamed = NULL;
  g_autofree char *reference = NULL;

  qw_fuzz_begin (data, size);
  reader = qw_sealed_reader_new ((const char *) data, size, "fuzz.xml", QW_FILE_RESULTS, NULL, &error);
  if (reader == NULL || !qw_sealed_reader_finish (reader, &streamed, &error))
    {
      qw_fuzz_assert_xml_error (error, "the sealed reader");
      return 0;
    }
  reference = qw_test_reference_digest ((const char *) data, size);
  if (reference != NULL && g_strcmp0 (reference, streamed) != 0)
    {
      g_printerr ("streamed %s, libxml2's C14N %s\n", streamed, reference);
      abort ();
    }
  return 0;
}
