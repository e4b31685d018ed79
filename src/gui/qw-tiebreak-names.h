/* qw-tiebreak-names.h: tie-break names for people (translated)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "qw-standings.h"

G_BEGIN_DECLS

const char *qw_tiebreak_label       (QwTiebreak tb);
const char *qw_tiebreak_short_label (QwTiebreak tb);
const char *qw_tiebreak_description (QwTiebreak tb);

G_END_DECLS
