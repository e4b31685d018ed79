/* qw-feedback.h: toasts and error dialogs for any widget in a window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "qw-document.h"
#include "qw-notice.h"

G_BEGIN_DECLS

void qw_feedback_add_notice (GtkWidget    *widget,
                             QwNotice     *notice);
void qw_feedback_toast      (GtkWidget    *widget,
                             const char   *message);
void qw_feedback_replace_toast (GtkWidget *widget,
                                const char *key,
                                const char *message);
void qw_feedback_dismiss_toast (GtkWidget *widget,
                                const char *key);
typedef enum
{
  QW_OFFER_UNDO,      /* the button takes the step back (win.undo) */
  QW_OFFER_REDO,      /* the button does it again (win.redo) */
} QwOffer;

void qw_feedback_step_toast (GtkWidget    *widget,
                             QwHistory    *history,
                             const char   *message,
                             QwOffer       offer);
void qw_feedback_dismiss_step_toasts (GtkWidget *widget);
void qw_feedback_undo_toast (GtkWidget    *widget,
                             QwDocument   *doc,
                             const char   *message);
void qw_feedback_file_toast (GtkWidget    *widget,
                             const char   *message,
                             const char   *path,
                             gboolean      folder);
void qw_feedback_error      (GtkWidget    *widget,
                             const char   *heading,
                             const GError *error);

G_END_DECLS
