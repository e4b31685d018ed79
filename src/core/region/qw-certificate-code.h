/* qw-certificate-code.h: verification codes of certificates and 奖状
 *
 * Every certificate a stop prints carries a short code that anyone can check
 * (qiwang-cli verify-certificate, the venue pages' /verify/CODE):
 *
 *   code = base32 (HMAC-SHA256 (secret, name ␟ masked ID ␟ event ␟ group ␟
 *                               place ␟ results digest))[0..10]
 *
 * The secret is the document's own (32 random bytes, made on first use and
 * never undone); the results digest is the digest of the stop's public
 * results file without its certificates (qw-results-file.h), so a code
 * belongs to one state of the results: a correction after printing makes
 * the old certificates fail, and they are printed again. The codes are
 * 10 characters of Crockford's base32 (50 bits), typed in groups of five;
 * O reads as 0 and I, L as 1.
 *
 * Against the document the code is recomputed; against a results file
 * (which has no secret) it is looked up among the codes the file carries,
 * under the file's seal.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "qw-document.h"
#include "qw-results-file.h"

G_BEGIN_DECLS

#define QW_CERTIFICATE_CODE_LENGTH 10
/* Places 1 to this many get a code unless the document says more (awards printed further down). */
#define QW_CERTIFICATE_DEFAULT_PLACES 8

typedef struct
{
  gboolean  valid;
  char     *code;         /* as typed, normalised ("" when it was not a code at all) */
  char     *name;         /* the player's name; the rest as printed on the certificate */
  char     *event;
  char     *group;        /* the group's name, 公开组男子 */
  char     *group_code;
  int       no;           /* the player's 序号 */
  int       place;
  char     *title;        /* "白花镇棋王", "第三名" */
} QwCertificateCheck;

char               *qw_certificate_code_compute   (const char  *secret,
                                                   const char  *name,
                                                   const char  *masked_id,
                                                   const char  *event,
                                                   const char  *group,
                                                   int          place,
                                                   const char  *results_digest);
char               *qw_certificate_code_normalize (const char  *typed);
char               *qw_certificate_code_format    (const char  *code);

char               *qw_certificate_secret         (QwDocument  *doc,
                                                   gboolean     create,
                                                   GError     **error);
int                 qw_certificate_places         (QwDocument  *doc);
gboolean            qw_certificate_ensure_places  (QwDocument  *doc,
                                                   int          places,
                                                   GError     **error);

gboolean            qw_results_issue_certificates (QwDocument  *doc,
                                                   QwResults   *results,
                                                   GError     **error);
const QwResultsCertificate *qw_results_find_certificate (const QwResults *results,
                                                         const char      *group,
                                                         int              no);
QwCertificateCheck *qw_results_check_certificate  (const QwResults *results,
                                                   const char      *typed);
void                qw_certificate_check_free     (QwCertificateCheck *check);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (QwCertificateCheck, qw_certificate_check_free)

G_END_DECLS
