/* qw-column-view.h: columns of a GtkColumnView from a table
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

typedef enum
{
  QW_COLUMN_EXPAND     = 1 << 0,   /* takes the spare width */
  QW_COLUMN_NUMERIC    = 1 << 1,   /* tabular figures */
  QW_COLUMN_END        = 1 << 2,   /* aligned to the end */
  QW_COLUMN_HEADING    = 1 << 3,   /* bold */
  QW_COLUMN_BADGE      = 1 << 4,   /* as wide as its text, hidden when empty */
  QW_COLUMN_DESCENDING = 1 << 5,   /* sorted largest first */
  QW_COLUMN_TOOLTIP    = 1 << 6,   /* a text table's cell: its text as its tooltip */
  QW_COLUMN_WRAP       = 1 << 7,   /* wraps onto more lines rather than end in "…" */
} QwColumnFlags;

/* One column. A plain column shows the item's @property in a label (a
 * string or a number); a custom one gives "setup" and "bind" handlers of a
 * GtkSignalListItemFactory, called with the user data of
 * qw_column_view_add_columns(). */
typedef struct
{
  const char    *title;             /* N_(): translated when the column is made */
  const char    *property;          /* shown in a label; NULL for a custom cell */
  const char    *sort_property;     /* sorted by it (a string or a number); NULL: not sortable */
  int            width;             /* fixed width in pixels; 0: none */
  QwColumnFlags  flags;
  const char    *css_classes;       /* of the label, space-separated; NULL: none */
  const char    *tooltip_property;  /* the cell's tooltip, asked for when shown; NULL: none */
  GCallback      setup;
  GCallback      bind;
} QwColumn;

GtkColumnViewColumn *qw_column_view_add_column  (GtkColumnView  *view,
                                                 GType           item_type,
                                                 const QwColumn *column,
                                                 gpointer        user_data);
void                 qw_column_view_add_columns (GtkColumnView  *view,
                                                 GType           item_type,
                                                 const QwColumn *columns,
                                                 guint           n_columns,
                                                 gpointer        user_data);
GtkSorter           *qw_column_view_sorter      (GtkColumnView  *view,
                                                 GType           item_type,
                                                 const char     *tie_property);
void                 qw_column_view_clear       (GtkColumnView  *view);

/* A searched list's stack: "empty", "no-results" or "list". */
void                 qw_column_view_show_content (GtkStack      *stack,
                                                  GListModel    *all,
                                                  GListModel    *shown);
char                *qw_column_view_needle      (GtkEditable    *search);

/* A column of a table computed whole, of QwTextRow (qw-text-row.h): cell i
 * in column i. */
typedef struct
{
  const char    *title;             /* N_() */
  int            width;
  QwColumnFlags  flags;
} QwTextColumn;

GListStore          *qw_column_view_text_table  (GtkColumnView      *view,
                                                 const QwTextColumn *columns,
                                                 guint               n_columns);

G_END_DECLS
