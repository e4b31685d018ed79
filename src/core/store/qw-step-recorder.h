/* qw-step-recorder.h: what the open step of a document changes (store/ only)
 *
 * A step is the outermost transaction of a document (qw-document.c opens,
 * commits and rolls it back and tells the recorder). With a sink set (the
 * history sets one when it is enabled), a SQLite session records what the
 * step changes; when it commits, its changes of games are written to the
 * arbiter's game log (qw-game-log.c) and its changeset goes to the sink.
 * Without a sink (the CLI) only the log needs the step's changes: a watch of
 * the games (qw-game-log.h) gives them, with no session.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "qw-document-private.h"

G_BEGIN_DECLS

/* Takes @label (g_free) and @changeset (sqlite3_free) of a committed step
 * that changed something. */
typedef void (*QwStepSink) (char     *label,
                            void     *changeset,
                            int       size,
                            gpointer  data);

QwStepRecorder *_qw_step_recorder_new       (QwDocument      *doc);
void            _qw_step_recorder_free      (QwStepRecorder  *self);
void            _qw_step_recorder_set_sink  (QwStepRecorder  *self,
                                             QwStepSink       sink,
                                             gpointer         data);

void            _qw_step_recorder_open      (QwStepRecorder  *self,
                                             const char      *label);
void            _qw_step_recorder_name      (QwStepRecorder  *self,
                                             const char      *label);
gboolean        _qw_step_recorder_finish    (QwStepRecorder  *self,
                                             GError         **error);
void            _qw_step_recorder_commit    (QwStepRecorder  *self);
void            _qw_step_recorder_abort     (QwStepRecorder  *self);
/* A savepoint inside the step was rolled back. */
void            _qw_step_recorder_rewound   (QwStepRecorder  *self);
gboolean        _qw_step_recorder_pause     (QwStepRecorder  *self,
                                             gboolean         paused);

G_END_DECLS
