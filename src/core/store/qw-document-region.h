/* qw-document-region.h: the tables of region and national documents
 *
 * The SQL side of a region: sections and standings of stops as they were
 * received, the ids of their results files (meta keys), and a national
 * document's nominees. These calls store what they are given; what the rows
 * mean (a results file, a summary, the checks) is in region/.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "qw-document.h"
#include "qw-nominee.h"
#include "qw-records.h"

G_BEGIN_DECLS

/* Sections as received; @row's id is set. */
gboolean    qw_document_add_section_record     (QwDocument    *doc,
                                             QwSectionRecord  *row,
                                             GError       **error);
/* (element-type QwSectionRecord), in the order stored */
GPtrArray  *qw_document_list_section_records   (QwDocument    *doc,
                                             gint64         event_id,
                                             GError       **error);

/* @rows: (element-type QwStandingRecord): rank, entry, points and values */
gboolean    qw_document_add_standing_records   (QwDocument    *doc,
                                             gint64         section_id,
                                             GPtrArray     *rows,
                                             GError       **error);
/* (element-type QwStandingRecord), by rank, with the entry's number, name and unit */
GPtrArray  *qw_document_list_standing_records  (QwDocument    *doc,
                                             gint64         section_id,
                                             GError       **error);

/* Meta keys made of a prefix and a name ("stop-uid:<uid>"), whose value
 * is @value: the first one's key, or %NULL. */
char       *qw_document_find_meta_key       (QwDocument    *doc,
                                             const char    *prefix,
                                             const char    *value);
gboolean    qw_document_delete_meta_keys    (QwDocument    *doc,
                                             const char    *prefix,
                                             const char    *value,
                                             GError       **error);

/* A national document's nominees. @nominees (element-type QwNominee)
 * replace those of @region; @source is the file's digest. */
gboolean    qw_document_replace_nominees    (QwDocument    *doc,
                                             const char    *region,
                                             GPtrArray     *nominees,
                                             const char    *source,
                                             int           *replaced,
                                             GError       **error);
/* (element-type QwNominee): every region's nominees, by region */
GPtrArray  *qw_document_list_nominees       (QwDocument    *doc,
                                             GError       **error);

G_END_DECLS
