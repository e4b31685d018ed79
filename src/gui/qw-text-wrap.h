/* qw-text-wrap.h: Chinese text wrapped without a character alone on its line
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

PangoAttrList *qw_text_no_orphans_attributes (const char *text);
void       qw_label_no_orphans       (GtkLabel   *label);
void       qw_text_wrap_watch_labels (void);
void       qw_message_dialog_no_orphans (AdwMessageDialog *dialog);
GtkWidget *qw_message_dialog_new     (GtkWindow  *parent,
                                      const char *heading,
                                      const char *body);

void       qw_combo_row_show_whole   (AdwComboRow *row);
void       qw_combo_row_value_whole  (AdwComboRow *row);

G_END_DECLS
