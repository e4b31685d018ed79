/* ui-wait.h: the UI tests wait for conditions, never for fixed times
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "qw-test-window.h"
#include "qw-window.h"

G_BEGIN_DECLS

typedef gboolean (*QwTestCondition) (gpointer data);

void       qw_test_ui_init        (int         *argc,
                                   char      ***argv);
void       qw_test_wait_until     (QwTestCondition  condition,
                                   gpointer         data,
                                   const char      *what);
void       qw_test_wait_mapped    (GtkWidget   *widget);
void       qw_test_wait_reloaded  (GtkWidget   *page);
void       qw_test_wait_items     (GListModel  *model,
                                   guint        n_items);
void       qw_test_wait_false     (gpointer     object,
                                   const char  *property);
GtkWidget *qw_test_find_toast     (GtkWidget   *window,
                                   const char  *title);
void       qw_test_wait_toast     (GtkWidget   *window,
                                   const char  *title);
void       qw_test_wait_no_toast  (GtkWidget   *window);
GtkWindow *qw_test_find_toplevel  (GType        type);
GtkWindow *qw_test_wait_toplevel  (GType        type);
void       qw_test_close_toplevels (GType       type);
void       qw_test_wait_drawn     (GtkWidget   *widget);
void       qw_test_settle         (GtkWidget   *widget);
void       qw_test_screenshot     (GtkWidget   *widget,
                                   const char  *name);

G_END_DECLS
