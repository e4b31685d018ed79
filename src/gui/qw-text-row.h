/* qw-text-row.h: a table row of text cells, for tables computed whole
 *
 * The ladder and prize pages show tables the core computes whole (every
 * period's standings, the finalists, the prize list): each row is a few
 * strings, shown through the properties "c0" … "c11" by qw-column-view.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define QW_TEXT_ROW_MAX_CELLS 12

#define QW_TYPE_TEXT_ROW (qw_text_row_get_type ())

G_DECLARE_FINAL_TYPE (QwTextRow, qw_text_row, QW, TEXT_ROW, GObject)

/* Takes the cells (NULL-terminated; at most QW_TEXT_ROW_MAX_CELLS are shown). */
QwTextRow  *qw_text_row_new_take (GStrv      cells);
/* Takes each cell given, up to a NULL. */
QwTextRow  *qw_text_row_new      (char      *first,
                                  ...) G_GNUC_NULL_TERMINATED;
const char *qw_text_row_get      (QwTextRow *self,
                                  guint      index);
guint       qw_text_row_n_cells  (QwTextRow *self);

G_END_DECLS
