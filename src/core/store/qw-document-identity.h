/* qw-document-identity.h: what a document is known by, made with it
 *
 * Two values belong to the file rather than to any user action, and never
 * change once made: the secret its certificates' codes are keyed with
 * (region/qw-certificate-code.h) and, for each event run in it, the id its
 * results file carries (region/qw-results-export.c), by which the province
 * recognises the stop when a corrected file comes again.
 *
 * They are made when the document or the event is made, in the same
 * transaction, never when they are first read: reading a document (an
 * export, a printout, the public pages) never writes to it, and works on a
 * document that cannot be written. A document made by an older Qiwang gets
 * what it lacks the first time it is opened for writing, as part of
 * bringing it up to date.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "qw-document.h"

G_BEGIN_DECLS

#define QW_META_CERTIFICATE_SECRET "certificate-secret"

/* The meta key of an event's results id: "results-uid:12". */
char      *qw_document_results_uid_key       (gint64       event_id);
gboolean   qw_document_make_identity         (QwDocument  *self,
                                              GError     **error);

G_END_DECLS
