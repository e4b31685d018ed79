/* qw-player-chooser.h: choose one player of a group, by name or number
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "qw-entry.h"

G_BEGIN_DECLS

#define QW_TYPE_PLAYER_CHOOSER (qw_player_chooser_get_type ())

G_DECLARE_FINAL_TYPE (QwPlayerChooser, qw_player_chooser, QW, PLAYER_CHOOSER, GtkWidget)

GtkWidget     *qw_player_chooser_new          (GPtrArray       *entries,
                                               const gint64    *first,
                                               guint            n_first);
void           qw_player_chooser_set_note     (QwPlayerChooser *self,
                                               gint64           entry_id,
                                               const char      *note);
void           qw_player_chooser_set_search   (QwPlayerChooser *self,
                                               const char      *text);
gboolean       qw_player_chooser_select       (QwPlayerChooser *self,
                                               gint64           entry_id);
const QwEntry *qw_player_chooser_get_selected (QwPlayerChooser *self);
guint          qw_player_chooser_get_n_shown  (QwPlayerChooser *self);

G_END_DECLS
