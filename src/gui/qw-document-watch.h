/* qw-document-watch.h: what a page or a dialog shows, read again as the document changes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "qw-document.h"

G_BEGIN_DECLS

#define QW_TYPE_DOCUMENT_WATCH (qw_document_watch_get_type ())

G_DECLARE_FINAL_TYPE (QwDocumentWatch, qw_document_watch, QW, DOCUMENT_WATCH, GObject)

/* Reads the document again into the widget. */
typedef void (*QwWatchFunc) (GtkWidget *widget);

QwDocumentWatch *qw_document_watch_new            (GtkWidget          *widget,
                                                   const char * const *topics,
                                                   QwWatchFunc         reload);
const char * const *qw_document_watch_get_topics  (QwDocumentWatch    *self);
void             qw_document_watch_set_document   (QwDocumentWatch    *self,
                                                   QwDocument         *doc);
QwDocument      *qw_document_watch_get_document   (QwDocumentWatch    *self);
void             qw_document_watch_keep_selection (QwDocumentWatch    *self,
                                                   GtkSelectionModel  *selection,
                                                   GtkExpression      *key);
GPtrArray       *qw_document_watch_selected_items (QwDocumentWatch    *self);
void             qw_document_watch_reload         (QwDocumentWatch    *self);
gboolean         qw_document_watch_is_pending     (QwDocumentWatch    *self);

G_END_DECLS
