/* qw-document-import-memory.h: what the last registration list brought for each field
 *
 * Per entry, the values the last import brought for its fields and which of
 * them were corrected by hand since (schema version 12). The registration
 * service keeps it and says what the text and the bits mean
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
  gint64  entry_id;
  char   *imported;     /* the values, as registration/qw-import-memory.c writes them */
  guint   present;      /* the fields an import gave, a bit each */
  guint   corrected;    /* the fields corrected by hand since */
} QwImportedEntry;

void             qw_imported_entry_free          (QwImportedEntry *entry);

/**
 * qw_document_list_import_memory:
 *
 * Returns: (transfer full): entry id (gint64 *) → QwImportedEntry, for the
 *   entries of @event_id that an import gave values; %NULL with @error
 */
GHashTable      *qw_document_list_import_memory  (QwDocument   *doc,
                                                  gint64        event_id,
                                                  GError      **error);
/* One entry's; %NULL without @error when it has none. */
QwImportedEntry *qw_document_get_import_memory   (QwDocument   *doc,
                                                  gint64        entry_id,
                                                  GError      **error);
/* Stores @entry's (over what it had). */
gboolean         qw_document_set_import_memory   (QwDocument            *doc,
                                                  const QwImportedEntry *entry,
                                                  GError               **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (QwImportedEntry, qw_imported_entry_free)

G_END_DECLS
