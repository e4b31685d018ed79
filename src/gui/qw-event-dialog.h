/* qw-event-dialog.h: the stop's details (赛事信息), checked as they are typed
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "qw-document-context.h"
#include "qw-event.h"

G_BEGIN_DECLS

#define QW_TYPE_EVENT_DIALOG (qw_event_dialog_get_type ())

G_DECLARE_FINAL_TYPE (QwEventDialog, qw_event_dialog, QW, EVENT_DIALOG, AdwWindow)

QwEventDialog *qw_event_dialog_new            (GtkWindow         *parent,
                                               QwDocumentContext *context);
QwEvent       *qw_event_dialog_get_event      (QwEventDialog     *self);
guint          qw_event_dialog_get_n_errors   (QwEventDialog     *self);
guint          qw_event_dialog_get_n_warnings (QwEventDialog     *self);
gboolean       qw_event_dialog_has_problem    (QwEventDialog     *self,
                                               const char        *code);
GStrv          qw_event_dialog_get_name_forms (QwEventDialog     *self);
gboolean       qw_event_dialog_get_can_save   (QwEventDialog     *self);
gboolean       qw_event_dialog_save           (QwEventDialog     *self,
                                               GError           **error);

G_END_DECLS
