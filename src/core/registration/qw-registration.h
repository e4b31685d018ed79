/* qw-registration.h: the registration desk's actions on a document
 *
 * Adding, editing, deleting and importing entries, with the placement rule,
 * and the stop's details. The GUI and the CLI call these, so a player is
 * placed the same way whichever face adds them. Each call is one step of the
 * document's history, labelled for the undo toast.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "qw-date.h"
#include "qw-document.h"
#include "qw-entry.h"
#include "qw-event.h"
#include "qw-ruleset.h"

G_BEGIN_DECLS

/* Ages and groups are counted on the event's first day, today when unset. */
QwDate    qw_registration_event_date     (const QwEvent    *event);
/* The placement rule: each entry with no group gets the one its birth date
 * and sex give (qw_entry_placement()); a group already set is kept. */
void      qw_registration_place          (const QwRuleset  *ruleset,
                                          const QwEvent    *event,
                                          GPtrArray        *entries);

/* @entry: placed, then stored; its id, number and group are set. */
gboolean  qw_registration_add_entry      (QwDocument       *doc,
                                          const QwRuleset  *ruleset,
                                          const QwEvent    *event,
                                          QwEntry          *entry,
                                          GError          **error);
/* @entry: stored over the entry of its id. Until the player has been paired
 * the group follows the birth date and sex again (a corrected birth date
 * moves the player); after, it stays. @entry's group is set as stored. */
gboolean  qw_registration_update_entry   (QwDocument       *doc,
                                          const QwRuleset  *ruleset,
                                          const QwEvent    *event,
                                          QwEntry          *entry,
                                          GError          **error);
/* @entries: (element-type QwEntry): deleted with their players; an entry
 * that has been paired is refused (withdraw it instead). */
gboolean  qw_registration_delete_entries (QwDocument       *doc,
                                          GPtrArray        *entries,
                                          GError          **error);
/* @entries: (element-type QwEntry): a registration list as read
 * (qw_entry_import_file()), placed and added all or none. */
gboolean  qw_registration_import_entries (QwDocument       *doc,
                                          const QwRuleset  *ruleset,
                                          const QwEvent    *event,
                                          GPtrArray        *entries,
                                          GError          **error);

/* The stop's details: name, place, dates, host, arbiter, system, stored
 * over the event of its id as one step ("Stop details"). An event that fails
 * qw_event_check() (an end before the start, an unknown grade or honour, no
 * name) is refused with its errors, and nothing changes; warnings do not
 * refuse. */
gboolean  qw_registration_update_event   (QwDocument       *doc,
                                          const QwRuleset  *ruleset,
                                          const QwEvent    *event,
                                          GError          **error);

G_END_DECLS
