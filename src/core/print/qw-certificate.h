/* qw-certificate.h: certificate layouts, data/certificates/NAME.xml
 *
 * The champion's certificate ("<place>棋王", 2021 scheme 七(六)1) and the 奖状
 * for places 1 to 8 are drawn from a layout kept as data, validated against
 * data/certificates/certificate.xsd: positions in millimetres, font sizes,
 * and global offsets so that an association can fit its pre-printed paper.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "qw-date.h"

G_BEGIN_DECLS

typedef struct _QwCertificateTemplate QwCertificateTemplate;

QwCertificateTemplate *qw_certificate_template_load   (const char                  *path,
                                                       GError                     **error);
void                   qw_certificate_template_free   (QwCertificateTemplate       *self);

/* 2021-07-04 → "二〇二一年七月四日", as certificates write dates. */
char                  *qw_certificate_chinese_date    (QwDate                       date);
/* 1 → "第一名" … */
char                  *qw_certificate_place_text      (int                          place);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (QwCertificateTemplate, qw_certificate_template_free)

G_END_DECLS
