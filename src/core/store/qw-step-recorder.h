/* qw-step-recorder.h: what the open step of a document changes (store/ only)
 *
 * A step is the outermost transaction of a document (qw-document.c opens,
 * commits and rolls it back and tells the recorder). What every step
 * yields is the tables it wrote to, from which the document's listeners
 * hear its topics once it has committed.
 *
 * A connection that keeps its steps in the document's history (an origin
 * is set: "window", "cli", "device:NAME") records each with a SQLite
 * session: when it commits, its changes of games go to the arbiter's game
 * log (qw-game-log.c) and the step with its changeset to the step table
 * (qw-step-table.c), in the step's own transaction. Otherwise (the core's
 * own bulk work, such as a simulation) a watch of its writes gives the
 * tables and, where the log applies, the games, with no session.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "qw-document-private.h"

G_BEGIN_DECLS

QwStepRecorder *_qw_step_recorder_new        (QwDocument      *doc);
void            _qw_step_recorder_free       (QwStepRecorder  *self);
/* Who makes the steps from the next one on; NULL: they are not kept. */
void            _qw_step_recorder_set_origin (QwStepRecorder  *self,
                                              const char      *origin);
const char     *_qw_step_recorder_get_origin (QwStepRecorder  *self);

void            _qw_step_recorder_open       (QwStepRecorder  *self,
                                              const char      *label);
void            _qw_step_recorder_name       (QwStepRecorder  *self,
                                              const char      *label);
/* Before the outermost commit, in its transaction. */
gboolean        _qw_step_recorder_finish     (QwStepRecorder  *self,
                                              GError         **error);
/* The outermost transaction has committed: the tables the step changed
 * (qw-step-table.h), 0 when it changed nothing. */
guint           _qw_step_recorder_commit     (QwStepRecorder  *self);
void            _qw_step_recorder_abort      (QwStepRecorder  *self);
/* A savepoint inside the step was rolled back. */
void            _qw_step_recorder_rewound    (QwStepRecorder  *self);
gboolean        _qw_step_recorder_pause      (QwStepRecorder  *self,
                                              gboolean         paused);

G_END_DECLS
