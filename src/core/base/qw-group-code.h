/* qw-group-code.h: a group's code is a name, never a path
 *
 * A group code (open-m, senior-f, krt2023) names the group in commands, in
 * the public pages' addresses (group/CODE/standings) and in the exported
 * site's file names (CODE.html). So it is made of letters, digits, '-' and
 * '_' only, at most 32 of them: nothing that could climb out of a folder
 * (../), start a URL scheme (javascript:), or need escaping anywhere.
 *
 * A code is checked where it is made: a group imported from a TRF file
 * (import-trf --group, the window's 导入 TRF), a ruleset's groups. A code
 * that was made elsewhere before this rule (an older document, a results
 * file from another installation) is kept as the data it is, and never
 * used as it stands where it would become a path or a link:
 * qw_group_code_segment() gives every group, whatever its code, a segment
 * that is safe there, the same one in every page and file.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define QW_GROUP_CODE_MAX_CHARS 32

gboolean  qw_group_code_is_valid  (const char  *code);
gboolean  qw_group_code_check     (const char  *code,
                                   GError     **error);
char     *qw_group_code_segment   (const char  *code);

G_END_DECLS
