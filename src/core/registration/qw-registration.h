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
#include "qw-entry-import.h"
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

/* Every service that stores an entry stores what its valid resident ID
 * number says about sex and birth date when the entry does not say it
 * (qw_entry_fill_from_id()), and an entry placed in a group whose round 1
 * has been paired waits as a late entry (QW_STATUS_LATE) until the arbiter
 * admits it (qw_pair_gate_admit() in play/). */

/* @entry: placed, then stored; its id, number, group and status are set. */
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

/* Importing a registration list: what became of each row. */
typedef enum
{
  QW_ROW_ADDED = 0,      /* a new entry */
  QW_ROW_UPDATED,        /* merged into the entry it matched, which changed */
  QW_ROW_UNCHANGED,      /* matched an entry that already said the same */
  QW_ROW_REJECTED,       /* not stored: see the reason */
} QwRowOutcome;

typedef struct
{
  int              row;          /* its own row in the sheet, title and header rows counted (a
                                  * CSV's line); a list of entries without one: from 1 */
  QwRowOutcome  outcome;
  gint64           entry_id;     /* the entry added, updated or matched; 0 when rejected */
  int              no;           /* its 序号; 0 when rejected */
  char            *name;         /* as the row gives it */
  char            *reason;       /* rejected: why (translated); else NULL */
  guint            problems;     /* QW_PROBLEM_BIT set of the entry as stored after the import */
  guint            kept;         /* QW_MEMO_BIT set (qw-import-memory.h): fields corrected by hand
                                  * that the row brought as the earlier list did, kept */
} QwImportRow;

typedef struct
{
  char      *encoding;
  guint      added;
  guint      updated;
  guint      unchanged;
  guint      rejected;
  GPtrArray *rows;              /* QwImportRow, one per data row that is not blank, by row */
  GPtrArray *late_entries;      /* QwEntry: the entries the import left waiting as late entries
                                 * (added to a group that had started, or moved into one), as
                                 * stored; the window asks about admitting them */
} QwImportReport;

void            qw_import_report_free      (QwImportReport  *report);

/**
 * qw_registration_import:
 * @import: a registration list as read (qw_entry_import_file())
 *
 * Imports the list into the event as one step, merging it with the entries
 * already there. A row matches an entry of the document with the same ID
 * number (15- and 18-digit forms alike), or, when the row has no ID number
 * or its number is new, an entry without one with the same name, birth date
 * and unit; each entry is matched by one row at most, so a row repeating an
 * earlier row's ID number is added, and flagged duplicate-id. A matched entry
 * takes the row's non-empty fields (its group follows them until it is
 * paired). A row with neither a name nor a document is rejected, as are the
 * rows the reader could not use. Nothing is written when no row adds or
 * changes an entry.
 *
 * Returns: (transfer full): what became of every row, or %NULL with @error
 *   (nothing is stored then)
 */
QwImportReport *qw_registration_import     (QwDocument           *doc,
                                            const QwRuleset      *ruleset,
                                            const QwEvent        *event,
                                            const QwEntryImport  *import,
                                            GError              **error);
/* @entries: (element-type QwEntry): rows as read, merged as
 * qw_registration_import() merges them; each entry's id, number, group and
 * status are set to those of the entry it was stored as (rows with neither
 * a name nor a document are skipped: their id stays 0). */
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

G_DEFINE_AUTOPTR_CLEANUP_FUNC (QwImportReport, qw_import_report_free)

G_END_DECLS
