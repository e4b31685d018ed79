/* qw-document-entries.h: the events and entries of a document
 *
 * The SQL side of registration: these calls store what they are given; the
 * rules (checks, placement) are in registration/.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "qw-document.h"
#include "qw-entry.h"
#include "qw-event.h"

G_BEGIN_DECLS

/* Events */
gboolean        qw_document_add_event       (QwDocument     *self,
                                             QwEvent        *event,
                                             GError        **error);
gboolean        qw_document_update_event    (QwDocument     *self,
                                             const QwEvent  *event,
                                             GError        **error);
gboolean        qw_document_delete_event    (QwDocument     *self,
                                             gint64          event_id,
                                             GError        **error);
QwEvent        *qw_document_get_event       (QwDocument     *self,
                                             gint64          event_id,
                                             GError        **error);
QwEvent        *qw_document_get_main_event  (QwDocument     *self,
                                             GError        **error);
GPtrArray      *qw_document_list_events     (QwDocument     *self,
                                             GError        **error);

/* Entries */
gboolean        qw_document_add_entry       (QwDocument     *self,
                                             QwEntry        *entry,
                                             GError        **error);
gboolean        qw_document_add_entries     (QwDocument     *self,
                                             gint64          event_id,
                                             GPtrArray      *entries,
                                             GError        **error);
gboolean        qw_document_update_entry    (QwDocument     *self,
                                             const QwEntry  *entry,
                                             GError        **error);
/* Several entries in one transaction (an import's updates). */
gboolean        qw_document_update_entries  (QwDocument     *self,
                                             GPtrArray      *entries,
                                             GError        **error);
gboolean        qw_document_delete_entries  (QwDocument     *self,
                                             const gint64   *ids,
                                             guint           n_ids,
                                             GError        **error);
QwEntry        *qw_document_get_entry       (QwDocument     *self,
                                             gint64          entry_id,
                                             GError        **error);
GPtrArray      *qw_document_list_entries    (QwDocument     *self,
                                             gint64          event_id,
                                             GError        **error);
int             qw_document_count_entries   (QwDocument     *self,
                                             gint64          event_id);
int             qw_document_count_participants (QwDocument  *self,
                                                gint64       event_id);
gboolean        qw_document_entry_has_games (QwDocument     *self,
                                             gint64          entry_id);

G_END_DECLS
