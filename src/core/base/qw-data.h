/* qw-data.h: where Qiwang's data files (rulesets, schemas, templates) live
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

char       *qw_data_file      (const char *first_element,
                               ...) G_GNUC_NULL_TERMINATED;

const char *qw_locale_dir     (void);

char       *qw_libexec_file   (const char *program);

void        qw_data_use_build_tree (void);

G_END_DECLS
