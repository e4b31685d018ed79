/* qw-demo.h: the demo document, a realistic preliminary
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "qw-document.h"
#include "qw-types.h"
#include "qw-date.h"

G_BEGIN_DECLS

QwDocument *qw_demo_create          (const char *path,
                                     GError    **error);
GPtrArray  *qw_demo_make_entries    (guint32     seed,
                                     guint       count,
                                     QwDate      event_date);
char       *qw_demo_make_id_number  (GRand      *rand,
                                     const char *area,
                                     QwDate      birth,
                                     QwSex       sex);
char       *qw_demo_make_name       (GRand      *rand,
                                     QwSex       sex);

G_END_DECLS
