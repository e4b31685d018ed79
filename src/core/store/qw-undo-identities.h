/* qw-undo-identities.h: the ID numbers an undo or a redo gives back
 *
 * Private to the history (qw-history.c) and the step recorder. An undo of
 * a deleted entry, or a redo of an added one, writes a person back with
 * their ID number; if another window or program has meanwhile entered the
 * same person again, the event would hold two entries of one ID number. The
 * history refuses such a step: as each step is recorded (and again as it
 * is undone or redone) it notes who then holds the numbers its next undo
 * (or redo) would give, kept with the step in the document, and before
 * applying it checks that nobody else has come to hold them (a duplicate
 * the event had already, flagged duplicate-id, is no reason to refuse).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "qw-document.h"

G_BEGIN_DECLS

typedef struct _QwIdentities QwIdentities;

/* Who holds now the numbers that applying @changeset (its inverse when
 * @undo) would give. NULL when it gives none: there is nothing to check. */
QwIdentities *_qw_identities_note  (QwDocument    *doc,
                                    const void    *changeset,
                                    int            size,
                                    gboolean       undo);
/* Before applying @changeset as _qw_identities_note() saw it, in the
 * apply's transaction: FALSE, with QW_ERROR_CONFLICT naming the person and
 * the entry that has their number, when an entry other than those @held
 * names holds a number the apply would give (the entries the apply writes
 * are not counted, so that before and after applying are the same). @label:
 * the step's. */
gboolean      _qw_identities_check (QwDocument    *doc,
                                    QwIdentities  *held,
                                    const void    *changeset,
                                    int            size,
                                    gboolean       undo,
                                    const char    *label,
                                    GError       **error);
void          _qw_identities_free  (QwIdentities  *identities);
/* As the step table keeps them: "" for NULL. The text back gives the
 * holders, enough for _qw_identities_check(). */
char         *_qw_identities_to_text   (const QwIdentities *identities);
QwIdentities *_qw_identities_from_text (const char         *text);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (QwIdentities, _qw_identities_free)

G_END_DECLS
