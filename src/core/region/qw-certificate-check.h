/* qw-certificate-check.h: is this certificate one the document issued?
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "qw-certificate-code.h"
#include "qw-document.h"

G_BEGIN_DECLS

QwCertificateCheck *qw_certificate_check          (QwDocument  *doc,
                                                   const char  *typed,
                                                   GError     **error);

G_END_DECLS
