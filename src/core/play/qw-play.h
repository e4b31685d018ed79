/* qw-play.h: the rules of a section's settings: defaults from the ruleset,
 * what a user may type, and seeding by grade
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "qw-game.h"
#include "qw-ruleset.h"

G_BEGIN_DECLS

/* Fills @settings with the ruleset's defaults for a section played with
 * @system; the tie-break chain is the ruleset's preset for the system. */
void         qw_section_settings_init     (QwSectionSettings       *settings,
                                           const QwRuleset         *ruleset,
                                           QwSystem                 system);
/* Sets one key from text as typed by a user: a bad key or value is an error
 * (QW_ERROR_INVALID) naming what is accepted, and changes nothing. */
gboolean     qw_section_settings_set      (QwSectionSettings       *settings,
                                           const char              *key,
                                           const char              *value,
                                           GError                 **error);
/* Rank of a grade text for seeding: 1 for 特级大师 … larger is weaker, 0 unknown. */
int          qw_grade_rank          (const char *grade);

G_END_DECLS
