/* qw-tooltip.h: tooltips that wrap at a readable width, in Chinese too
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* The widest a tooltip line grows, in average character widths (about 20
 * Chinese characters). */
#define QW_TOOLTIP_WIDTH_CHARS 40

GtkWidget *qw_tooltip_label_new (const char *markup);
void qw_tooltip_set_text     (GtkWidget  *widget,
                              const char *text);
void qw_tooltip_set_wrapped  (GtkTooltip *tooltip,
                              const char *text);
void qw_tooltips_wrap        (GtkWidget  *root);

G_END_DECLS
