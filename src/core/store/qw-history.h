/* qw-history.h: the undo history of a document
 *
 * A user action is a step: qw_document_run_step() runs it, the commit of
 * the outermost transaction closes it. A connection whose steps are kept
 * (qw_document_set_step_origin(): the window, qiwang-cli, the venue server
 * for a device) writes each step that changed something into the document
 * itself, in the step's own transaction, as a SQLite changeset with its
 * label and origin: so every program on the document shares one history,
 * and a step can be undone and redone wherever it was made, in the window
 * or with qiwang-cli undo. The log tables (the round log and the arbiter's
 * game log) are not part of any step: an undo adds a line to the log
 * rather than taking one away.
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

/* This connection keeps its steps (qw_document_enable_history()). */
gboolean     qw_history_get_enabled     (QwHistory  *self);
/* What undo (redo) would take back now, whoever made it: follows the steps
 * committed here and, as they are announced (qw_document_check_outside()),
 * elsewhere. */
gboolean     qw_history_get_can_undo    (QwHistory  *self);
gboolean     qw_history_get_can_redo    (QwHistory  *self);
/* (nullable): the label of the step that undo (redo) would take back */
const char  *qw_history_get_undo_label  (QwHistory  *self);
const char  *qw_history_get_redo_label  (QwHistory  *self);
/* Its id (0: none), for qw_document_undo() to check it is still the one */
gint64       qw_history_get_undo_step   (QwHistory  *self);
gint64       qw_history_get_redo_step   (QwHistory  *self);

/* The primitives: take back the last step (do again the last step taken
 * back), in one transaction. When the rows it changed have changed since
 * (another window or program wrote to the file), nothing is changed and
 * @error says so (QW_ERROR_CONFLICT); the step stays where it was. @label:
 * (out) (optional) the step's label. The faces call qw_document_undo()
 * instead (build-aux/check-layers). */
gboolean     qw_history_undo            (QwHistory  *self,
                                         char      **label,
                                         GError    **error);
gboolean     qw_history_redo            (QwHistory  *self,
                                         char      **label,
                                         GError    **error);

G_END_DECLS
