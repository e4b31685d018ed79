/* qw-document-import-memory.h: what the last registration list brought for each field
 *
 * Per entry and field (the import's codes: "name", "id", …), the value the
 * last import brought and whether the current value was corrected by hand
 * since (schema version 11). The registration service keeps it
 * (registration/qw-import-memory.h): a correction stays when a later list
 * brings the same value the earlier one did.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "qw-document.h"

G_BEGIN_DECLS

typedef struct
{
  char     *field;       /* "name", "sex", "birth", "id", "unit", "grade", "phone", "group", "account" */
  char     *imported;    /* the value the last import brought */
  gboolean  corrected;   /* the current value was corrected by hand since */
} QwImportedField;

void        qw_imported_field_free            (QwImportedField *field);

/**
 * qw_document_list_import_memory:
 *
 * Returns: (transfer full): entry id (gint64 *) → GPtrArray of
 *   QwImportedField, for the entries of @event_id that an import gave
 *   values; %NULL with @error
 */
GHashTable *qw_document_list_import_memory    (QwDocument   *doc,
                                               gint64        event_id,
                                               GError      **error);
/* (element-type QwImportedField): one entry's; empty when none. */
GPtrArray  *qw_document_get_import_memory     (QwDocument   *doc,
                                               gint64        entry_id,
                                               GError      **error);
/* Replaces the entry's fields with @fields (element-type QwImportedField). */
gboolean    qw_document_set_import_memory     (QwDocument   *doc,
                                               gint64        entry_id,
                                               GPtrArray    *fields,
                                               GError      **error);

G_END_DECLS
