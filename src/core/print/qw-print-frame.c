/* qw-print-frame.c: page frames, paragraphs and tables
 *
 * Every page of a table document carries the event's official name on top,
 * the document's title (with （续） on the pages that continue it) and, once
 * the document is complete, "第 N 页 / 共 M 页" at the bottom. Tables repeat
 * their header row on every page, and a row is never split across pages.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-print"

#include "config.h"

#include <math.h>
#include <string.h>

#include "qw-print-frame.h"

#define MARGIN_SIDE   (14 * QW_MM)
#define MARGIN_TOP    (10 * QW_MM)
#define MARGIN_BOTTOM (14 * QW_MM)
#define HEADER_SIZE   9.0
#define TITLE_SIZE    16.0
#define SUBTITLE_SIZE 10.5
#define FOOTER_SIZE   9.0

#define GRID_RGB      0x000000
#define HEADER_FILL   0xe6e6e6
#define SHADE_FILL    0xf2f2f2
#define DIAGONAL_FILL 0xbfbfbf
#define GREY_TEXT     0x404040

void
_qw_frame_init (QwFrame    *frame,
                QwCanvas   *canvas,
                const char *header)
{
  memset (frame, 0, sizeof *frame);
  frame->canvas = canvas;
  frame->header = header;
  frame->left = MARGIN_SIDE;
  frame->right = _qw_canvas_width (canvas) - MARGIN_SIDE;
  frame->bottom = _qw_canvas_height (canvas) - MARGIN_BOTTOM;
}

void
_qw_frame_clear (QwFrame *frame)
{
  g_clear_pointer (&frame->title, g_free);
  g_clear_pointer (&frame->subtitle, g_free);
  frame->page = NULL;
}

static void
text_line (QwFrame           *frame,
           const QwTextStyle *style,
           double             height,
           const char        *text)
{
  QwBox box = { frame->left, frame->y, frame->right - frame->left, height };

  _qw_page_text (frame->canvas, frame->page, style, &box, text);
  frame->y += height;
}

static void
open_page (QwFrame  *frame,
           gboolean  continued)
{
  QwTextStyle header = _qw_text_style (QW_FONT_SANS, HEADER_SIZE, QW_ALIGN_CENTER);
  QwTextStyle title = _qw_text_style (QW_FONT_SANS, TITLE_SIZE, QW_ALIGN_CENTER);
  QwTextStyle subtitle = _qw_text_style (QW_FONT_SANS, SUBTITLE_SIZE, QW_ALIGN_CENTER);
  g_autofree char *title_text = NULL;

  frame->page = _qw_canvas_add_page (frame->canvas, TRUE);
  frame->y = MARGIN_TOP;
  header.rgb = GREY_TEXT;
  header.min_size = 6;
  text_line (frame, &header, HEADER_SIZE * 1.6, frame->header);
  _qw_page_line (frame->page, frame->left, frame->y + 1, frame->right, frame->y + 1, 0.6, 0, GRID_RGB);
  frame->y += 6;

  title.bold = TRUE;
  title.min_size = 10;
  title_text = continued ? g_strconcat (frame->title, "（续）", NULL) : g_strdup (frame->title);
  text_line (frame, &title, TITLE_SIZE * 1.6, title_text);
  if (frame->subtitle != NULL && *frame->subtitle != '\0')
    {
      subtitle.min_size = 7;
      text_line (frame, &subtitle, SUBTITLE_SIZE * 1.6, frame->subtitle);
    }
  frame->y += 6;
  frame->top = frame->y;
}

void
_qw_frame_qr (QwFrame    *frame,
              const char *url)
{
  double top = MARGIN_TOP + HEADER_SIZE * 1.6 + 4;
  double size = MAX (frame->top - top - 2, 12 * QW_MM);

  if (frame->page == NULL || url == NULL)
    return;
  _qw_page_qr (frame->page, frame->right - size, top, size, url);
}

/* Starts a new page for a new part of the document. */
void
_qw_frame_start (QwFrame    *frame,
                 const char *title,
                 const char *subtitle)
{
  g_free (frame->title);
  g_free (frame->subtitle);
  frame->title = g_strdup (title != NULL ? title : "");
  frame->subtitle = g_strdup (subtitle);
  open_page (frame, FALSE);
}

/* Continues the current part on a new page. */
void
_qw_frame_continue (QwFrame *frame)
{
  open_page (frame, TRUE);
}

/* Makes sure @height fits below the cursor, turning the page if not (unless
 * the page is still empty, where turning would not help). */
void
_qw_frame_ensure (QwFrame *frame,
                  double   height)
{
  if (frame->page == NULL)
    open_page (frame, FALSE);
  else if (frame->y + height > frame->bottom && frame->y > frame->top + 0.5)
    _qw_frame_continue (frame);
}

void
_qw_frame_space (QwFrame *frame,
                 double   height)
{
  frame->y = MIN (frame->y + height, frame->bottom);
}

void
_qw_frame_paragraph (QwFrame           *frame,
                     const QwTextStyle *style,
                     const char        *text)
{
  QwTextStyle s = *style;
  double width = frame->right - frame->left;
  int lines = _qw_canvas_lines_needed (frame->canvas, &s, width, text);
  double height = lines * _qw_canvas_line_height (frame->canvas, &s) + 2;

  s.max_lines = MAX (lines, s.max_lines);
  height = MIN (height, frame->bottom - frame->top);
  _qw_frame_ensure (frame, height);
  text_line (frame, &s, height, text);
}

/* A short centred remark in the body, e.g. why a group has nothing to show. */
void
_qw_frame_notice (QwFrame    *frame,
                  const char *text)
{
  QwTextStyle style = _qw_text_style (QW_FONT_SANS, 12, QW_ALIGN_CENTER);

  style.max_lines = 3;
  _qw_frame_space (frame, 24);
  _qw_frame_paragraph (frame, &style, text);
}

/* "第 N 页 / 共 M 页" on every numbered page, now that M is known. */
void
_qw_frame_number_pages (QwCanvas *canvas)
{
  QwTextStyle style = _qw_text_style (QW_FONT_SANS, FOOTER_SIZE, QW_ALIGN_CENTER);
  guint total = _qw_canvas_n_pages (canvas);
  double width = _qw_canvas_width (canvas);
  QwBox box = { MARGIN_SIDE, _qw_canvas_height (canvas) - MARGIN_BOTTOM + 5,
                width - 2 * MARGIN_SIDE, FOOTER_SIZE * 1.8 };

  /* Every page counts, those that show no number (a cover) too: page N of
   * the file is 第 N 页, and 共 M 页 is the file's page count. */
  style.rgb = GREY_TEXT;
  for (guint i = 0; i < total; i++)
    {
      QwPage *page = _qw_canvas_page (canvas, i);
      g_autofree char *text = NULL;

      if (!_qw_page_is_numbered (page))
        continue;
      text = g_strdup_printf ("第 %u 页 / 共 %u 页", i + 1, total);
      _qw_page_text (canvas, page, &style, &box, text);
    }
}

/* Tables */

typedef struct
{
  char    *title;
  char    *group;
  double   weight;
  QwAlign  align;
  int      max_lines;
} Column;

typedef struct
{
  GStrv   cells;
  guint   flags;
  guint8 *shaded;       /* per cell, or NULL */
} Row;

struct _QwTable
{
  GArray    *columns;   /* Column */
  GArray    *rows;      /* Row */
  double     font_size;
  double     min_row_height;
  GStrv      keep;
  char      *caption;   /* repeated with （续） above the header on later pages */
};

static void
column_clear (gpointer data)
{
  Column *c = data;

  g_free (c->title);
  g_free (c->group);
}

static void
row_clear (gpointer data)
{
  Row *r = data;

  g_strfreev (r->cells);
  g_free (r->shaded);
}

QwTable *
_qw_table_new (const QwColumn *columns,
               guint           n_columns,
               double          font_size)
{
  QwTable *table = g_new0 (QwTable, 1);

  table->columns = g_array_new (FALSE, TRUE, sizeof (Column));
  g_array_set_clear_func (table->columns, column_clear);
  table->rows = g_array_new (FALSE, TRUE, sizeof (Row));
  g_array_set_clear_func (table->rows, row_clear);
  table->font_size = font_size;
  for (guint i = 0; i < n_columns; i++)
    {
      Column c = { g_strdup (columns[i].title), g_strdup (columns[i].group),
                   columns[i].weight > 0 ? columns[i].weight : 1, columns[i].align,
                   MAX (1, columns[i].max_lines) };

      g_array_append_val (table->columns, c);
    }
  return table;
}

void
_qw_table_free (QwTable *table)
{
  g_array_unref (table->columns);
  g_array_unref (table->rows);
  g_strfreev (table->keep);
  g_free (table->caption);
  g_free (table);
}

/* @cells: one text per column (NULL for the rest) */
void
_qw_table_add_row (QwTable            *table,
                   const char * const *cells,
                   guint               flags)
{
  Row row = { g_new0 (char *, table->columns->len + 1), flags, NULL };

  for (guint i = 0; i < table->columns->len; i++)
    row.cells[i] = g_strdup (cells[i] != NULL ? cells[i] : "");
  g_array_append_val (table->rows, row);
}

/* When the table goes on over a page, the new page says whose table it is
 * (in a booklet, which group's). */
void
_qw_table_set_caption (QwTable    *table,
                       const char *caption)
{
  g_free (table->caption);
  table->caption = g_strdup (caption);
}

void
_qw_table_set_keep (QwTable            *table,
                    const char * const *words)
{
  g_strfreev (table->keep);
  table->keep = g_strdupv ((char **) words);
}

void
_qw_table_set_min_row_height (QwTable *table,
                              double   height)
{
  table->min_row_height = MAX (0, height);
}

/* Shades one cell of the last row added (a cross-table's diagonal). */
void
_qw_table_shade_cell (QwTable *table,
                      guint    column)
{
  Row *row;

  g_return_if_fail (table->rows->len > 0 && column < table->columns->len);
  row = &g_array_index (table->rows, Row, table->rows->len - 1);
  if (row->shaded == NULL)
    row->shaded = g_new0 (guint8, table->columns->len);
  row->shaded[column] = 1;
}

guint
_qw_table_n_rows (QwTable *table)
{
  return table->rows->len;
}

typedef struct
{
  QwTable  *table;
  QwFrame  *frame;
  double   *x;            /* column edges, n_columns + 1 */
  double    pad_x;
  double    pad_y;
  double    header_top;   /* the group titles' row (two-row headers) */
  double    header_bottom; /* the column titles' row, or the only row */
  gboolean  two_rows;     /* some columns have a group header */
  double    chunk_top;    /* top of the table on this page */
} Emit;

static const Column *
column_at (QwTable *table,
           guint    i)
{
  return &g_array_index (table->columns, Column, i);
}

static gboolean
same_group (const Column *a,
            const Column *b)
{
  return a->group != NULL && b->group != NULL && g_str_equal (a->group, b->group);
}

static QwTextStyle
cell_style (Emit         *e,
            const Column *c,
            gboolean      bold)
{
  QwTextStyle style = _qw_text_style (QW_FONT_SANS, e->table->font_size, c->align);

  style.bold = bold;
  style.min_size = MAX (4.5, e->table->font_size * 0.6);
  style.max_lines = c->max_lines;
  style.keep = (const char * const *) e->table->keep;
  return style;
}

static void
cell (Emit              *e,
      const QwTextStyle *style,
      double             x0,
      double             x1,
      double             y,
      double             height,
      const char        *text,
      gboolean           shaded)
{
  QwBox rect = { x0, y, x1 - x0, height };
  QwBox inner = { x0 + e->pad_x, y + e->pad_y, x1 - x0 - 2 * e->pad_x, height - 2 * e->pad_y };

  _qw_page_rect (e->frame->page, &rect, 0.5, 0, GRID_RGB, shaded, shaded ? HEADER_FILL : 0xffffff);
  _qw_page_text (e->frame->canvas, e->frame->page, style, &inner, text);
}

static double
header_height (Emit *e)
{
  return (e->two_rows ? e->header_top : 0) + e->header_bottom;
}

static void
emit_header (Emit *e)
{
  QwTable *t = e->table;
  double y = e->frame->y;

  e->chunk_top = y;
  for (guint i = 0; i < t->columns->len; i++)
    {
      const Column *c = column_at (t, i);
      QwTextStyle style = cell_style (e, c, TRUE);

      style.align = QW_ALIGN_CENTER;
      style.max_lines = 2;
      if (c->group == NULL)
        {
          cell (e, &style, e->x[i], e->x[i + 1], y, header_height (e), c->title, TRUE);
          continue;
        }
      if (i == 0 || !same_group (column_at (t, i - 1), c))
        {
          guint end = i + 1;

          while (end < t->columns->len && same_group (column_at (t, end), c))
            end++;
          cell (e, &style, e->x[i], e->x[end], y, e->header_top, c->group, TRUE);
        }
      cell (e, &style, e->x[i], e->x[i + 1], y + e->header_top, e->header_bottom, c->title, TRUE);
    }
  e->frame->y = y + header_height (e);
}

static void
close_chunk (Emit *e)
{
  QwBox outline = { e->x[0], e->chunk_top, e->x[e->table->columns->len] - e->x[0],
                    e->frame->y - e->chunk_top };

  _qw_page_rect (e->frame->page, &outline, 1.2, 0, GRID_RGB, FALSE, 0);
}

static double
row_height (Emit      *e,
            const Row *row)
{
  QwTable *t = e->table;
  int lines = 1;

  for (guint i = 0; i < t->columns->len; i++)
    {
      const Column *c = column_at (t, i);
      QwTextStyle style = cell_style (e, c, (row->flags & QW_ROW_BOLD) != 0);

      if (c->max_lines > 1)
        lines = MAX (lines, MIN (c->max_lines, _qw_canvas_lines_needed (e->frame->canvas, &style,
                                                                          e->x[i + 1] - e->x[i] - 2 * e->pad_x,
                                                                          row->cells[i])));
    }
  return MAX (t->min_row_height,
              lines * _qw_canvas_line_height (e->frame->canvas, &(QwTextStyle) { .font = QW_FONT_SANS,
                                                                               .size = t->font_size })
              + 2 * e->pad_y);
}

static void
emit_row (Emit      *e,
          const Row *row,
          double     height)
{
  QwTable *t = e->table;
  double y = e->frame->y;

  for (guint i = 0; i < t->columns->len; i++)
    {
      QwTextStyle style = cell_style (e, column_at (t, i), (row->flags & QW_ROW_BOLD) != 0);
      QwBox rect = { e->x[i], y, e->x[i + 1] - e->x[i], height };
      QwBox inner = { rect.x + e->pad_x, y + e->pad_y, rect.width - 2 * e->pad_x, height - 2 * e->pad_y };
      gboolean dark = row->shaded != NULL && row->shaded[i];

      _qw_page_rect (e->frame->page, &rect, 0.5, 0, GRID_RGB,
                     dark || (row->flags & QW_ROW_SHADED) != 0, dark ? DIAGONAL_FILL : SHADE_FILL);
      _qw_page_text (e->frame->canvas, e->frame->page, &style, &inner, row->cells[i]);
    }
  e->frame->y = y + height;
}

/* The header rows' heights: a line each, or two where a title must wrap.
 * Titles without a group span both rows of a two-row header, so only what
 * they need beyond the top row goes into the bottom one. */
static void
measure_header (Emit *e)
{
  QwTable *t = e->table;
  int grouped = 1, single = 1;
  double line = _qw_canvas_line_height (e->frame->canvas, &(QwTextStyle) { .font = QW_FONT_SANS,
                                                                         .size = t->font_size,
                                                                         .bold = TRUE });

  for (guint i = 0; i < t->columns->len; i++)
    {
      const Column *c = column_at (t, i);
      QwTextStyle style = cell_style (e, c, TRUE);
      int lines = MIN (2, _qw_canvas_lines_needed (e->frame->canvas, &style,
                                                      e->x[i + 1] - e->x[i] - 2 * e->pad_x, c->title));

      if (c->group != NULL)
        grouped = MAX (grouped, lines);
      else
        single = MAX (single, lines);
    }
  e->header_top = line + 2 * e->pad_y;
  if (e->two_rows)
    e->header_bottom = MAX (grouped * line + 2 * e->pad_y, single * line + 2 * e->pad_y - e->header_top);
  else
    e->header_bottom = single * line + 2 * e->pad_y;
}

/**
 * _qw_table_emit:
 *
 * Lays the table out from the frame's cursor across the frame's width,
 * turning pages as needed with the header repeated on each.
 */
void
_qw_table_emit (QwTable *table,
                QwFrame *frame)
{
  Emit e = { table, frame };
  double total = 0, x, width = frame->right - frame->left;
  g_autofree double *edges = g_new (double, table->columns->len + 1);

  e.x = edges;
  for (guint i = 0; i < table->columns->len; i++)
    {
      total += column_at (table, i)->weight;
      e.two_rows |= column_at (table, i)->group != NULL;
    }
  x = frame->left;
  for (guint i = 0; i < table->columns->len; i++)
    {
      edges[i] = x;
      x += width * column_at (table, i)->weight / total;
    }
  edges[table->columns->len] = frame->right;
  e.pad_x = MAX (1.5, table->font_size * 0.3);
  e.pad_y = MAX (1.5, table->font_size * 0.3);
  measure_header (&e);

  _qw_frame_ensure (frame, header_height (&e) + table->font_size * 2);
  emit_header (&e);
  for (guint r = 0; r < table->rows->len; r++)
    {
      const Row *row = &g_array_index (table->rows, Row, r);
      double height = MIN (row_height (&e, row), frame->bottom - frame->top - header_height (&e));

      if (frame->y + height > frame->bottom + 0.01)
        {
          close_chunk (&e);
          _qw_frame_continue (frame);
          if (table->caption != NULL)
            {
              g_autofree char *caption = g_strconcat (table->caption, "（续）", NULL);
              QwTextStyle style = _qw_text_style (QW_FONT_SANS, 12, QW_ALIGN_LEFT);

              style.bold = TRUE;
              _qw_frame_paragraph (frame, &style, caption);
              _qw_frame_space (frame, 3);
            }
          emit_header (&e);
        }
      emit_row (&e, row, height);
    }
  close_chunk (&e);
}
