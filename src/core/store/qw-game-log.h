/* qw-game-log.h: the arbiter's game log, written from a changeset (store/
 * only: the step recorder and the history write it)
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

G_END_DECLS
