/* qw-excel-id.h: ID numbers that Excel turned into numbers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The entry-check problem code for such an ID number. */
#define QW_EXCEL_ID_PROBLEM "id-excel-number"

gboolean     qw_excel_id_is_number      (const char *text,
                                         const char *raw);
const char  *qw_excel_strip_text_marker (const char *text);
const char  *qw_excel_id_advice         (void);

G_END_DECLS
