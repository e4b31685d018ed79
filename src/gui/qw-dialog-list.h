/* qw-dialog-list.h: a list inside a dialog, never taller than the screen
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

int        qw_dialog_list_max_height (GtkWindow *parent,
                                      int        most);
GtkWidget *qw_dialog_list_new        (GtkWindow *parent,
                                      GtkWidget *child,
                                      int        most);

G_END_DECLS
