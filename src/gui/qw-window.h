/* qw-window.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "qw-application.h"
#include "qw-document-context.h"

G_BEGIN_DECLS

#define QW_TYPE_WINDOW (qw_window_get_type ())

G_DECLARE_FINAL_TYPE (QwWindow, qw_window, QW, WINDOW, AdwApplicationWindow)

QwWindow   *qw_window_new              (QwApplication *app);
gboolean    qw_window_open_file        (QwWindow      *self,
                                        GFile         *file);
gboolean    qw_window_has_document     (QwWindow      *self);
QwDocument *qw_window_get_document     (QwWindow      *self);
QwDocumentContext *qw_window_get_context (QwWindow    *self);
void        qw_window_show_toast       (QwWindow      *self,
                                        const char    *message);
void        qw_window_show_error       (QwWindow      *self,
                                        const char    *heading,
                                        const GError  *error);
void        qw_window_show_page        (QwWindow      *self,
                                        const char    *name);
GtkWidget  *qw_window_get_page         (QwWindow      *self,
                                        const char    *name);
void        qw_window_open_new_stop_dialog (QwWindow  *self);
void        qw_window_open_new_region_dialog (QwWindow       *self,
                                              QwDocumentKind  kind);
gboolean    qw_window_export_results   (QwWindow      *self,
                                        GFile         *file,
                                        gboolean       public_form);
gboolean    qw_window_is_exporting     (QwWindow      *self);

G_END_DECLS
