/* qw-history.h: the undo history of an open document
 *
 * A user action is a step: qw_document_begin_step() opens it, the commit of
 * the outermost transaction closes it. While the history is enabled
 * (qw_document_enable_history(), the GUI does), each step that changed
 * something is kept as a SQLite changeset with its label, so it can be
 * undone and redone whatever page made it. The log tables (the round log and
 * the arbiter's game log) are not part of any step: an undo adds a line to
 * the log rather than taking one away.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/* Steps kept for undo, and the size of their changesets; older steps are
 * forgotten (the last one always stays). */
#define QW_HISTORY_MAX_STEPS 100
#define QW_HISTORY_MAX_BYTES (64 * 1024 * 1024)

#define QW_TYPE_HISTORY (qw_history_get_type ())

G_DECLARE_FINAL_TYPE (QwHistory, qw_history, QW, HISTORY, GObject)

gboolean     qw_history_get_enabled     (QwHistory  *self);
gboolean     qw_history_get_can_undo    (QwHistory  *self);
gboolean     qw_history_get_can_redo    (QwHistory  *self);
/* (nullable): the label of the step that undo (redo) would take back */
const char  *qw_history_get_undo_label  (QwHistory  *self);
const char  *qw_history_get_redo_label  (QwHistory  *self);

/* Take back the last step (do again the last step taken back), in one
 * transaction. When the rows it changed have changed since (another window
 * or program wrote to the file), nothing is changed and @error says so
 * (QW_ERROR_CONFLICT); the step stays where it was. @label: (out) (optional)
 * the step's label, for "Undone: …". */
gboolean     qw_history_undo            (QwHistory  *self,
                                         char      **label,
                                         GError    **error);
gboolean     qw_history_redo            (QwHistory  *self,
                                         char      **label,
                                         GError    **error);
/* Forgets every step (the document is unchanged). */
void         qw_history_clear           (QwHistory  *self);

G_END_DECLS
