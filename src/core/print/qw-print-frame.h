/* qw-print-frame.h: page frames, paragraphs and tables on a canvas
 *
 * A frame is the page of a table document: the event's official name on top,
 * the document's title (with （续） on the pages that continue it), a cursor
 * that turns the page when the next piece does not fit, and page numbers once
 * the document is complete. Tables repeat their header row on every page.
 * Private to src/core/print/.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "qw-print-canvas.h"

G_BEGIN_DECLS

typedef struct
{
  QwCanvas   *canvas;
  QwPage     *page;
  const char *header;       /* the event's name, on top of every page */
  char       *title;        /* the document's title, repeated with （续） */
  char       *subtitle;
  double      left;
  double      right;
  double      top;          /* below the titles */
  double      bottom;
  double      y;            /* the cursor */
} QwFrame;

void        _qw_frame_init             (QwFrame     *frame,
                                        QwCanvas    *canvas,
                                        const char  *header);
void        _qw_frame_clear            (QwFrame     *frame);
void        _qw_frame_start            (QwFrame     *frame,
                                        const char  *title,
                                        const char  *subtitle);
void        _qw_frame_continue         (QwFrame     *frame);
void        _qw_frame_ensure           (QwFrame     *frame,
                                        double       height);
void        _qw_frame_paragraph        (QwFrame     *frame,
                                        const QwTextStyle *style,
                                        const char  *text);
void        _qw_frame_space            (QwFrame     *frame,
                                        double       height);
void        _qw_frame_notice           (QwFrame     *frame,
                                        const char  *text);
void        _qw_frame_number_pages     (QwCanvas    *canvas);
/* A QR code of @url at the right of the current page's title. */
void        _qw_frame_qr               (QwFrame     *frame,
                                        const char  *url);

typedef struct
{
  const char *title;
  const char *group;        /* a header spanning consecutive columns, or NULL */
  double      weight;       /* share of the table's width */
  QwAlign     align;
  int         max_lines;    /* 1: shrink only; 2: may wrap */
} QwColumn;

typedef enum
{
  QW_ROW_BOLD   = 1 << 0,
  QW_ROW_SHADED = 1 << 1,
} QwRowFlags;

typedef struct _QwTable QwTable;

QwTable    *_qw_table_new              (const QwColumn *columns,
                                        guint           n_columns,
                                        double          font_size);
void        _qw_table_add_row          (QwTable        *table,
                                        const char * const *cells,
                                        guint           flags);
void        _qw_table_set_caption      (QwTable        *table,
                                        const char     *caption);
/* Words no cell breaks across lines (see QwTextStyle.keep); copied. */
void        _qw_table_set_keep         (QwTable        *table,
                                        const char * const *words);
/* Rows at least this tall (points): room to sign in. */
void        _qw_table_set_min_row_height (QwTable      *table,
                                          double        height);
void        _qw_table_shade_cell       (QwTable        *table,
                                        guint           column);
guint       _qw_table_n_rows           (QwTable        *table);
void        _qw_table_emit             (QwTable        *table,
                                        QwFrame        *frame);
void        _qw_table_free             (QwTable        *table);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (QwTable, _qw_table_free)

G_END_DECLS
