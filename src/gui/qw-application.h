/* qw-application.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define QW_TYPE_APPLICATION (qw_application_get_type ())

G_DECLARE_FINAL_TYPE (QwApplication, qw_application, QW, APPLICATION, AdwApplication)

QwApplication *qw_application_new             (void);
GSettings     *qw_application_get_settings    (QwApplication *self);
void           qw_application_add_recent      (QwApplication *self,
                                               GFile         *file);
char         **qw_application_get_recent      (QwApplication *self);
char          *qw_application_demo_path       (void);

G_END_DECLS
