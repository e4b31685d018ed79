/* qw-feedback.h: toasts and error dialogs for any widget in a window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

void qw_feedback_toast      (GtkWidget    *widget,
                             const char   *message);
void qw_feedback_undo_toast (GtkWidget    *widget,
                             const char   *message,
                             GCallback     undo,
                             gpointer      instance);
void qw_feedback_error      (GtkWidget    *widget,
                             const char   *heading,
                             const GError *error);

G_END_DECLS
