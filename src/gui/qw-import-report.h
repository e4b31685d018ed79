/* qw-import-report.h: what happened to each imported file, in a dialog
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "qw-region-import.h"

G_BEGIN_DECLS

GtkWidget *qw_import_report_new  (GtkWindow *parent,
                                  GPtrArray *outcomes);
GtkWidget *qw_message_row_new    (const char *title,
                                  const char *subtitle,
                                  const char *icon_name,
                                  const char *css_class);

G_END_DECLS
