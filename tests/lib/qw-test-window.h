/* qw-test-window.h: a window to drive, and the widgets in it
 *
 * For the UI tests (suite ui in tests/meson.build: every program built with
 * ui-wait.c gets these too). Finding a widget walks the tree from the one
 * given, itself included, depth first.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "qw-board-item.h"
#include "qw-publish-dialog.h"
#include "qw-rounds-page.h"
#include "qw-window.h"

G_BEGIN_DECLS

/* A window of @width × @height (the tests use 1280 × 800), without an
 * application, shown and mapped. */
QwWindow     *qw_test_new_window        (int           width,
                                         int           height);
/* No animations from now on (dialogs and stacks switch at once). */
void          qw_test_stop_animations   (void);

/* The first widget of @type, or NULL. */
GtkWidget    *qw_test_find_child        (GtkWidget    *widget,
                                         GType         type);
/* Every widget of @type, added to @found. */
void          qw_test_collect_children  (GtkWidget    *widget,
                                         GType         type,
                                         GPtrArray    *found);
/* The first button labelled @label, or NULL. */
GtkWidget    *qw_test_find_button       (GtkWidget    *widget,
                                         const char   *label);
/* The first button that activates @action ("win.undo"), or NULL. */
GtkWidget    *qw_test_find_action_button (GtkWidget   *widget,
                                         const char   *action);
/* Whether a mapped label shows @text (or a text with it inside). */
gboolean      qw_test_label_shown       (GtkWidget    *widget,
                                         const char   *text);

/* Whether the window's switcher offers its page @name. */
gboolean      qw_test_page_offered      (QwWindow     *window,
                                         const char   *name);
/* The rounds page shown, group open-m selected (on its fourth round). */
QwRoundsPage *qw_test_show_rounds       (QwWindow     *window);
/* The @i-th board of the rounds page's list (a new reference). */
QwBoardItem  *qw_test_board_at          (QwRoundsPage *rounds,
                                         guint         i);

/* Conditions for qw_test_wait_until() (ui-wait.h): the window (@data) no
 * longer exporting; the publish dialog (@data) serving; a file chooser. */
gboolean      qw_test_not_exporting     (gpointer      data);
gboolean      qw_test_serving           (gpointer      data);
/* The file chooser (@data) idle: done looking up the folder it shows. */
gboolean      qw_test_chooser_idle      (gpointer      data);

/* Serving from the publish dialog @dialog (shown) as a test does: on
 * loopback only (the test machine's network), any free port; started and
 * waited for. Returns the start button (its label says _Stop Publishing now;
 * a click stops serving). */
GtkWidget    *qw_test_serve_loopback    (QwPublishDialog *dialog);

G_END_DECLS
