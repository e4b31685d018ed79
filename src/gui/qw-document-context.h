/* qw-document-context.h: an open document with its main event and ruleset
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "qw-document.h"
#include "qw-ruleset.h"
#include "qw-event.h"
#include "qw-game.h"

G_BEGIN_DECLS

#define QW_TYPE_DOCUMENT_CONTEXT (qw_document_context_get_type ())

G_DECLARE_FINAL_TYPE (QwDocumentContext, qw_document_context, QW, DOCUMENT_CONTEXT, GObject)

QwDocumentContext *qw_document_context_open           (const char         *path,
                                                       GError            **error);
QwDocument        *qw_document_context_get_document   (QwDocumentContext  *self);
QwDocumentKind     qw_document_context_get_kind       (QwDocumentContext  *self);
const QwEvent     *qw_document_context_get_event      (QwDocumentContext  *self);
QwRuleset         *qw_document_context_get_ruleset    (QwDocumentContext  *self);
GPtrArray         *qw_document_context_list_sections  (QwDocumentContext  *self,
                                                       GError            **error);
QwSection         *qw_document_context_find_section   (QwDocumentContext  *self,
                                                       const char         *code,
                                                       GError            **error);
gboolean           qw_document_context_check_outside  (QwDocumentContext  *self);

G_END_DECLS
