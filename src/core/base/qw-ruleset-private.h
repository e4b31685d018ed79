/* qw-ruleset-private.h: what the ruleset loader shares between its files
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <libxml/tree.h>

#include "qw-ruleset.h"

G_BEGIN_DECLS

/* Reads <ladder>, <final>, <teams> and <prizes> (qw-ruleset-championship.c)
 * into self->ladder and self->final, except the ladder's <scoring>, which
 * the loader reads as it reads the document's. Checks what the schema cannot
 * say; errors name the file and the line. */
gboolean _qw_ruleset_parse_championship (QwRuleset   *self,
                                         xmlNode     *root,
                                         const char  *display_name,
                                         GError     **error);
void     _qw_ruleset_clear_championship (QwRuleset   *self);

G_END_DECLS
