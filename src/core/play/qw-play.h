/* qw-play.h: the rules of a section's settings: defaults from the ruleset,
 * what a user may type, and seeding by grade
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "qw-entry.h"
#include "qw-event.h"
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
/* Tie-breaks follow the system (issue 9): after the system changed from
 * @old_system (whose chain was @old_chain) to @settings' section's new
 * @system, the chain becomes the new system's preset, unless the arbiter set
 * a custom chain (one that is no preset) or changed the chain in the same
 * change (@settings->tiebreaks differs from @old_chain). Returns whether
 * the chain was replaced. */
gboolean     qw_section_settings_follow_system (QwSectionSettings  *settings,
                                                const QwRuleset    *ruleset,
                                                QwSystem            old_system,
                                                const char         *old_chain,
                                                QwSystem            system);
/* A Swiss whose field is too small for its rounds: a translated warning
 * suggesting a round robin, or NULL when the rounds suit the field (or the
 * section is no Swiss, or has fewer than 2 players). */
int          qw_swiss_safe_rounds         (int                      n_players);
char        *qw_section_field_warning     (const QwSection         *section,
                                           int                      n_players);
/* The section a group of @event would be played as before it is stored:
 * its label from the ruleset, the event's system (Swiss if none) and
 * rounds, the ruleset's settings for that system. For readers (printing,
 * public pages, the CLI's read-only commands), which never store it. */
QwSection   *qw_section_new_unstored      (const QwEvent           *event,
                                           const QwRuleset         *ruleset,
                                           const char              *code);
/* The section of @code among @sections (QwSection), or NULL. */
QwSection   *qw_sections_find             (GPtrArray               *sections,
                                           const char              *code);
/* The codes of every group that has a section among @sections or an entry
 * among @entries (QwEntry): the ruleset's groups in the ruleset's order,
 * then local groups by code. Free with g_ptr_array_unref(). */
GPtrArray   *qw_event_group_codes         (const QwRuleset         *ruleset,
                                           GPtrArray               *sections,
                                           GPtrArray               *entries);
/* Rank of a grade text for seeding: 1 for 特级大师 … larger is weaker, 0 unknown. */
int          qw_grade_rank          (const char *grade);

G_END_DECLS
