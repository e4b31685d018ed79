/* qw-game-log.h: the arbiter's game log, written from a changeset (store/
 * only: the step recorder and the history write it)
 *
 * One log, two sources: the changeset of a step or of an undo or redo, or
 * (a step not kept in the history) the changes watched as it writes them. Both
 * give, for each game a step touched, the game before and after it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "qw-document-private.h"

G_BEGIN_DECLS

gboolean  _qw_game_log_write    (QwDocument  *doc,
                                 void        *changeset,
                                 int          size,
                                 const char  *cause,
                                 GError     **error);
gboolean  _qw_game_log_applies  (QwDocument  *doc);

/* Without a session (a step not kept in the history), the tables a step
 * writes to are noted in *@tables (qw-step-table.h) and, with @games, the
 * games it changes are watched as they are written; the log is the same.
 * One watch at a time, and never while a session is open on the
 * connection: both use SQLite's pre-update hook. */
typedef struct _QwGameWatch QwGameWatch;

QwGameWatch *_qw_game_watch_start   (QwDocument   *doc,
                                     gboolean      games,
                                     guint        *tables);
gboolean     _qw_game_watch_pause   (QwGameWatch  *self,
                                     gboolean      paused);
gboolean     _qw_game_watch_finish  (QwGameWatch  *self,
                                     const char   *cause,
                                     GError      **error);
void         _qw_game_watch_rewound (QwGameWatch  *self);
void         _qw_game_watch_free    (QwGameWatch  *self);

G_END_DECLS
