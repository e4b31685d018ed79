/* qw-desk-settings.h: what a document remembers for the desk
 *
 * The order of the lists it hands out (by 序号, by pinyin, or by surname
 * strokes: 按姓氏笔画排序, as official Chinese lists are), and the column map
 * chosen for each header set of the registration lists it imported. Both
 * are the document's, so they travel with it from one desk's computer to
 * the next: the same association's sheet imports the same way into every
 * copy of the stop.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "qw-collate.h"
#include "qw-document.h"
#include "qw-entry-import.h"

G_BEGIN_DECLS

typedef enum
{
  QW_LIST_ORDER_NUMBER = 0,   /* by 序号 (the default) */
  QW_LIST_ORDER_PINYIN,       /* by name, in pinyin order (ICU zh@collation=pinyin) */
  QW_LIST_ORDER_STROKE,       /* by name, surname strokes first (ICU zh@collation=stroke) */
} QwListOrder;

const char  *qw_list_order_to_code    (QwListOrder   order);    /* "number", "pinyin", "stroke" */
gboolean     qw_list_order_from_code  (const char   *code,
                                       QwListOrder  *out);
const char  *qw_list_order_label      (QwListOrder   order);    /* translated: "按序号", … */

/* The document's order of the entries listing, the booklet and the public lists. */
QwListOrder  qw_desk_list_order       (QwDocument   *doc);
/* One step of the history ("List order"). */
gboolean     qw_desk_set_list_order   (QwDocument   *doc,
                                       QwListOrder   order,
                                       GError      **error);

/* Sorts @items in @order: by name (then @no_of) for pinyin and stroke, by
 * @no_of for number. Entries: qw_entries_sort_for_list(). */
void         qw_list_sort             (GPtrArray    *items,
                                       QwListOrder   order,
                                       const char *(*name_of) (gconstpointer item),
                                       int         (*no_of)   (gconstpointer item));
/* @entries: (element-type QwEntry) */
void         qw_entries_sort_for_list (GPtrArray    *entries,
                                       QwListOrder   order);

/* Where a list's columns come from. */
typedef enum
{
  QW_COLUMNS_RECOGNISED = 0,  /* the header recognition */
  QW_COLUMNS_REMEMBERED,      /* the map the document keeps for this header set */
  QW_COLUMNS_GIVEN,           /* the user's map (laid over the recognition) */
} QwColumnsSource;

/**
 * qw_desk_columns_for:
 * @doc: (nullable): without a document nothing is remembered
 * @header: the list's header row (QwImportPreview.header)
 * @given: (nullable): the user's map; it is laid over what the header
 *   recognition finds (qw_column_map_overlay())
 * @out: (out): the columns to import with
 *
 * Returns: where @out came from: @given, else the map remembered for the
 *   header set, else the recognition
 */
QwColumnsSource qw_desk_columns_for   (QwDocument         *doc,
                                       const char * const *header,
                                       const QwColumnMap  *given,
                                       QwColumnMap        *out);
/* Remembers @map for the header set (outside the history: a preference,
 * not an action). */
gboolean     qw_desk_remember_columns (QwDocument         *doc,
                                       const char * const *header,
                                       const QwColumnMap  *map,
                                       GError            **error);
gboolean     qw_desk_forget_columns   (QwDocument         *doc,
                                       const char * const *header,
                                       GError            **error);

G_END_DECLS
