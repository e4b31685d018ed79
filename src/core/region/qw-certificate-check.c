/* qw-certificate-check.c: is this certificate one the document issued?
 *
 * The codes are recomputed from the document as it is now (its results and
 * its secret), never read from a list kept beside them: a certificate
 * verifies exactly as long as the results it was printed from stand.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-certificate-code"

#include "config.h"

#include "qw-certificate-check.h"
#include "qw-results-export.h"

/**
 * qw_certificate_check:
 * @typed: the code as typed
 *
 * Works on a read-only connection too (the venue server's).
 *
 * Returns: (transfer full): the check (never %NULL unless @error is set:
 *   the document could not be read)
 */
QwCertificateCheck *
qw_certificate_check (QwDocument  *doc,
                      const char  *typed,
                      GError     **error)
{
  g_autofree char *secret = qw_certificate_secret (doc, FALSE, NULL);
  g_autoptr(QwResults) results = NULL;
  g_autoptr(QwResults) none = NULL;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), NULL);

  /* No secret: no certificate was ever issued from this document. */
  if (secret == NULL)
    {
      none = qw_results_new ();
      return qw_results_check_certificate (none, typed);
    }
  results = qw_results_from_document (doc, error);
  if (results == NULL)
    return NULL;
  return qw_results_check_certificate (results, typed);
}
