/* qw-page.h: a page of the window, showing the open document
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "qw-document-context.h"

G_BEGIN_DECLS

#define QW_TYPE_PAGE (qw_page_get_type ())

G_DECLARE_DERIVABLE_TYPE (QwPage, qw_page, QW, PAGE, GtkWidget)

struct _QwPageClass
{
  GtkWidgetClass parent_class;

  /* Another document, or none: forget what the last one showed (a search,
   * the group shown, a file being read). The reload follows. */
  void (*context_changed) (QwPage *self);
  /* Read the document again, keeping what the user chose to see. */
  void (*reload)          (QwPage *self);
};

void               qw_page_class_set_topics   (QwPageClass       *klass,
                                               const char        *first_topic,
                                               ...) G_GNUC_NULL_TERMINATED;

QwDocumentContext *qw_page_get_context        (QwPage            *self);
void               qw_page_set_context        (QwPage            *self,
                                               QwDocumentContext *context);
QwDocument        *qw_page_get_document       (QwPage            *self);
gboolean           qw_page_can_change         (QwPage            *self);
QwRuleset         *qw_page_get_ruleset        (QwPage            *self);
const QwEvent     *qw_page_get_event          (QwPage            *self);
void               qw_page_keep_selection     (QwPage            *self,
                                               GtkSelectionModel *selection,
                                               GtkExpression     *key);
GPtrArray         *qw_page_get_selected_items (QwPage            *self);
void               qw_page_reload             (QwPage            *self);
gboolean           qw_page_is_pending         (QwPage            *self);
GCancellable      *qw_page_get_cancellable    (QwPage            *self);
gboolean           qw_page_is_busy            (QwPage            *self);
void               qw_page_set_busy           (QwPage            *self,
                                               gboolean           busy);

G_END_DECLS
