/* qw-window-private.h: shared by qw-window.c and qw-window-actions.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "qw-document-context.h"
#include "qw-notice-overlay.h"
#include "qw-window.h"

G_BEGIN_DECLS

/* The pages, in the view stack's order; each is made on first use. */
typedef enum
{
  PAGE_REGION,
  PAGE_NATIONAL,
  PAGE_LADDER,
  PAGE_ENTRIES,
  PAGE_ROUNDS,
  PAGE_STANDINGS,
  PAGE_PRIZES,
  N_PAGES
} Page;

struct _QwWindow
{
  AdwApplicationWindow  parent_instance;

  QwNoticeOverlay      *toast_overlay;
  AdwHeaderBar         *header_bar;
  GtkStack             *title_stack;
  AdwWindowTitle       *window_title;
  AdwSqueezer          *title_squeezer;
  GtkWidget            *wide_title;
  GtkWidget            *narrow_title;
  GtkWidget            *wide_name;
  GtkWidget            *narrow_name;
  GtkLabel             *wide_name_label;
  GtkLabel             *wide_file_label;
  GtkLabel             *narrow_name_label;
  GtkLabel             *narrow_file_label;
  AdwWindowTitle       *document_title;
  AdwViewSwitcherBar   *switcher_bar;
  GtkStack             *main_stack;
  AdwViewStack         *view_stack;
  GtkListBox           *recent_list;
  AdwPreferencesGroup  *recent_group;
  GtkWidget            *undo_button;
  GtkWidget            *redo_button;
  GtkWidget            *print_button;
  AdwBin               *bins[N_PAGES];     /* each page's place in the view stack */

  GtkWidget            *pages[N_PAGES];    /* NULL until first shown */
  GtkWindow            *shortcuts;         /* made when first asked for */
  QwDocumentContext    *context;
  GtkExpressionWatch   *title_watch;       /* context.event: the title follows */
  GSignalGroup         *history_signals;   /* the document's history: undo and redo follow */
  GFile                *file;
  GCancellable         *export_cancellable; /* the results file being written */
  QwNotice             *export_toast;      /* says so meanwhile */
};

/* The application, or NULL in the tests' windows. */
static inline QwApplication *
get_app (QwWindow *self)
{
  return QW_APPLICATION (gtk_window_get_application (GTK_WINDOW (self)));
}

static inline const QwEvent *
event_of (QwWindow *self)
{
  return self->context != NULL ? qw_document_context_get_event (self->context) : NULL;
}

GtkWidget   *_qw_window_ensure_page         (QwWindow          *self,
                                             Page               page);
Page         _qw_window_visible_page        (QwWindow          *self);
gboolean     _qw_window_offered_page        (QwWindow          *self,
                                             int                n,
                                             Page              *page);
const char  *_qw_window_page_title          (QwWindow          *self,
                                             Page               page);
const char  *_qw_window_page_name           (Page               page);
void         _qw_window_set_context         (QwWindow          *self,
                                             QwDocumentContext *context,
                                             GFile             *file);
void         _qw_window_fill_recent         (QwWindow          *self);
void         _qw_window_update_title        (QwWindow          *self);
void         _qw_window_update_actions      (QwWindow          *self);
QwHistory   *_qw_window_history             (QwWindow          *self);
char        *_qw_window_short_name          (QwWindow          *self,
                                             const char        *name);
void         _qw_window_class_actions_init  (GtkWidgetClass    *widget_class);

G_END_DECLS
