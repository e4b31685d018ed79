/* qw-group-choice.h: the drop-down of the groups to play
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "qw-document-context.h"

G_BEGIN_DECLS

gboolean    qw_group_choice_fill   (GtkDropDown       *dropdown,
                                    QwDocumentContext *context,
                                    GError           **error);
const char *qw_group_choice_get    (GtkDropDown       *dropdown);
const char *qw_group_choice_first  (GtkDropDown       *dropdown);
gboolean    qw_group_choice_select (GtkDropDown       *dropdown,
                                    const char        *code);

G_END_DECLS
