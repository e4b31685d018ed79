/* qw-share.c: a group's pairings or standings as one long image for WeChat
 *
 * The table is laid out first (every row measured with Pango, so that a
 * long name or unit wraps instead of being cut), then cut into parts that
 * fit cairo's image limit, then drawn.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-share"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <pango/pangocairo.h>
#include <string.h>

#include "qw-error.h"
#include "qw-output.h"
#include "qw-print-source.h"
#include "qw-qr.h"
#include "qw-share.h"
#include "qw-site-pages.h"

#define MARGIN      44.0
#define CELL_PAD    14.0
#define MAX_HEIGHT  30000.0       /* cairo's images stop at 32767 pixels */
/* A long group is split into images a phone scrolls through comfortably:
 * 40 rows (about 4,500 px), not one 18,000 px strip (issue 19 point 25). */
#define ROWS_PER_PART 40
#define FONT        "Noto Sans CJK SC, Noto Sans SC, Source Han Sans SC, sans-serif"

typedef struct
{
  double      width;
  PangoAlignment align;
} Column;

typedef struct
{
  char   *cells[6];
  char   *small[6];           /* a second, smaller line under the cell (the unit) */
  gboolean bold[6];
  gboolean shaded;
  double   height;
} Row;

typedef struct
{
  const QwSite          *site;
  const QwSiteGroup     *group;
  const QwShareOptions  *options;
  int                    round;
  char                  *title;
  char                  *subtitle;
  char                  *when;
  Column                 columns[6];
  guint                  n_columns;
  GPtrArray             *header;  /* char *, one per column */
  GPtrArray             *rows;    /* Row */
  char                  *legend;  /* what the table's signs mean, or NULL */
} Sheet;

static void
row_free (gpointer data)
{
  Row *row = data;

  for (guint i = 0; i < G_N_ELEMENTS (row->cells); i++)
    {
      g_free (row->cells[i]);
      g_free (row->small[i]);
    }
  g_free (row);
}

static void
sheet_clear (Sheet *sheet)
{
  g_free (sheet->title);
  g_free (sheet->subtitle);
  g_free (sheet->when);
  g_free (sheet->legend);
  g_clear_pointer (&sheet->header, g_ptr_array_unref);
  g_clear_pointer (&sheet->rows, g_ptr_array_unref);
}

gboolean
qw_share_kind_from_code (const char  *code,
                         QwShareKind *out)
{
  if (g_strcmp0 (code, "pairings") == 0)
    *out = QW_SHARE_PAIRINGS;
  else if (g_strcmp0 (code, "standings") == 0)
    *out = QW_SHARE_STANDINGS;
  else
    return FALSE;
  return TRUE;
}

static char *
format_points (double points)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  return g_strdup (g_ascii_formatd (buffer, sizeof buffer, "%g", points));
}

/* Text */

static PangoLayout *
make_layout (cairo_t        *cr,
             const char     *text,
             double          size,
             gboolean        bold,
             double          width,
             PangoAlignment  align)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  g_autoptr(PangoFontDescription) font = pango_font_description_from_string (FONT);

  pango_font_description_set_absolute_size (font, size * PANGO_SCALE);
  pango_font_description_set_weight (font, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
  pango_layout_set_font_description (layout, font);
  pango_layout_set_width (layout, (int) (width * PANGO_SCALE));
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_alignment (layout, align);
  pango_layout_set_text (layout, text, -1);
  return layout;
}

static double
text_height (cairo_t    *cr,
             const char *text,
             double      size,
             gboolean    bold,
             double      width)
{
  g_autoptr(PangoLayout) layout = make_layout (cr, text, size, bold, width, PANGO_ALIGN_LEFT);
  int h = 0;

  pango_layout_get_pixel_size (layout, NULL, &h);
  return h;
}

/* Draws @text in the box's width; returns its height. */
static double
draw_text (cairo_t              *cr,
           const QwShareOptions *options,
           const char           *text,
           double                size,
           gboolean              bold,
           double                x,
           double                y,
           double                width,
           PangoAlignment        align,
           guint32               rgb)
{
  g_autoptr(PangoLayout) layout = NULL;
  int h = 0;

  if (text == NULL || *text == '\0')
    return 0;
  if (options->text_func != NULL)
    options->text_func (text, options->text_data);
  layout = make_layout (cr, text, size, bold, width, align);
  cairo_set_source_rgb (cr, ((rgb >> 16) & 0xff) / 255.0, ((rgb >> 8) & 0xff) / 255.0, (rgb & 0xff) / 255.0);
  cairo_move_to (cr, x, y);
  pango_cairo_show_layout (cr, layout);
  pango_layout_get_pixel_size (layout, NULL, &h);
  return h;
}

/* The table */

static void
set_columns (Sheet             *sheet,
             const double      *widths,
             const PangoAlignment *aligns,
             const char * const *titles,
             guint              n)
{
  double fixed = 0;
  guint flexible = 0;

  sheet->n_columns = n;
  for (guint i = 0; i < n; i++)
    {
      sheet->columns[i].width = widths[i];
      sheet->columns[i].align = aligns[i];
      fixed += widths[i];
      flexible += widths[i] == 0;
      g_ptr_array_add (sheet->header, g_strdup (titles[i]));
    }
  for (guint i = 0; i < n; i++)
    if (widths[i] == 0)
      sheet->columns[i].width = (QW_SHARE_WIDTH - 2 * MARGIN - fixed) / flexible;
}

static void
player_cell (const QwSiteGroup *group,
             int                no,
             int                round,
             Row               *row,
             guint              column)
{
  const QwSitePlayer *p = no > 0 ? qw_site_group_find_player (group, no) : NULL;
  g_autofree char *points = NULL;

  if (p == NULL)
    {
      row->cells[column] = g_strdup (no > 0 ? "" : "轮空");
      return;
    }
  points = format_points (qw_site_group_points_before (group, no, round));
  row->cells[column] = g_strdup_printf ("%d %s（%s分）", p->no, p->name, points);
  row->small[column] = g_strdup (p->unit);
}

static const QwRoundCell *
cell_of (const QwSiteGroup *group,
         int                no,
         int                round)
{
  const QwStandingRow *row = qw_site_group_find_row (group, no);

  for (guint i = 0; row != NULL && row->rounds != NULL && i < row->rounds->len; i++)
    if (g_array_index (row->rounds, QwRoundCell, i).round == round)
      return &g_array_index (row->rounds, QwRoundCell, i);
  return NULL;
}

static char *
result_text (const QwSiteGroup *group,
             const QwSiteGame  *g)
{
  const QwRoundCell *red = cell_of (group, g->red, g->round);
  const QwRoundCell *black = g->black > 0 ? cell_of (group, g->black, g->round) : NULL;
  g_autofree char *r = NULL, *b = NULL;

  switch (g->result)
    {
    case QW_RESULT_RED_WIN:
    case QW_RESULT_DRAW:
    case QW_RESULT_BLACK_WIN:
      r = format_points (red != NULL ? red->points : 0);
      b = format_points (black != NULL ? black->points : 0);
      return g_strdup_printf ("%s : %s", r, b);
    case QW_RESULT_RED_BY_FORFEIT:
      return g_strdup ("+ : -");
    case QW_RESULT_BLACK_BY_FORFEIT:
      return g_strdup ("- : +");
    case QW_RESULT_DOUBLE_FORFEIT:
      return g_strdup ("- : -");
    case QW_RESULT_BYE:
      return g_strdup ("轮空");
    case QW_RESULT_NONE:
    default:
      return g_strdup ("对");
    }
}

/* The pairings' signs, said under every part (a reader on a phone does
 * not know that "+ : -" is a forfeit). */
static const char *pairings_legend =
  "说明：2 : 0、1 : 1 等为本局双方所得积分；+ : - 红方不战而胜（黑方弃权），- : + 黑方不战而胜，"
  "- : - 双方弃权；轮空：本轮无对手；对：尚未出成绩。";

static gboolean
pairings_sheet (Sheet   *sheet,
                GError **error)
{
  static const double widths[] = { 84, 0, 150, 0 };
  static const PangoAlignment aligns[] = { PANGO_ALIGN_CENTER, PANGO_ALIGN_LEFT, PANGO_ALIGN_CENTER,
                                           PANGO_ALIGN_LEFT };
  static const char * const titles[] = { "台号", "红方", "结果", "黑方" };
  const QwSiteGroup *group = sheet->group;
  guint boards = 0, done = 0;

  if (group->last_round == 0)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT, _("Group %s has not been paired yet"), group->name);
      return FALSE;
    }
  sheet->round = sheet->options->round > 0 ? sheet->options->round : group->last_round;
  if (!qw_site_group_has_round (group, sheet->round))
    {
      g_set_error (error, QW_ERROR, QW_ERROR_NOT_FOUND,
                   _("Group %s has no round %d: its last paired round is %d"), group->name, sheet->round,
                   group->last_round);
      return FALSE;
    }
  set_columns (sheet, widths, aligns, titles, G_N_ELEMENTS (widths));
  for (guint i = 0; i < group->games->len; i++)
    {
      const QwSiteGame *g = g_ptr_array_index (group->games, i);
      Row *row;

      if (g->round != sheet->round)
        continue;
      row = g_new0 (Row, 1);
      row->cells[0] = g_strdup_printf ("%d", g->board);
      player_cell (group, g->red, g->round, row, 1);
      row->cells[2] = result_text (group, g);
      row->bold[2] = TRUE;
      player_cell (group, g->black, g->round, row, 3);
      row->shaded = sheet->rows->len % 2 == 1;
      g_ptr_array_add (sheet->rows, row);
      boards++;
      done += g->result != QW_RESULT_NONE;
    }
  sheet->title = g_strdup_printf ("%s 第%d轮对阵", group->name, sheet->round);
  sheet->legend = g_strdup (pairings_legend);
  sheet->subtitle = g_strdup_printf ("共 %u 台，已出成绩 %u 台", boards, done);
  return TRUE;
}

/* The first two tie-breaks of the chain that are numbers. */
static guint
standing_tiebreaks (const QwSiteGroup *group,
                    QwTiebreak        *out)
{
  guint n = 0;

  for (guint i = 0; i < group->chain->len && n < 2; i++)
    {
      QwTiebreak tb = g_array_index (group->chain, QwTiebreak, i);

      if (tb != QW_TB_DIRECT && tb != QW_TB_EARLIER_ROUNDS && tb != QW_TB_PROGRESSIVE_CUT)
        out[n++] = tb;
    }
  return n;
}

static gboolean
standings_sheet (Sheet   *sheet,
                 GError **error)
{
  const QwSiteGroup *group = sheet->group;
  QwTiebreak tiebreaks[2];
  guint n_tb = standing_tiebreaks (group, tiebreaks);
  double widths[5] = { 96, 0, 124, 150, 150 };
  PangoAlignment aligns[5] = { PANGO_ALIGN_CENTER, PANGO_ALIGN_LEFT, PANGO_ALIGN_CENTER, PANGO_ALIGN_CENTER,
                               PANGO_ALIGN_CENTER };
  const char *titles[5] = { "名次", "姓名", "积分", NULL, NULL };

  if (!group->has_results)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT, _("Group %s has no results yet"), group->name);
      return FALSE;
    }
  if (sheet->options->round > 0)
    {
      g_set_error_literal (error, QW_ERROR, QW_ERROR_INVALID,
                           _("The standings image shows the standings after the latest round; --round is "
                             "for pairings"));
      return FALSE;
    }
  for (guint t = 0; t < n_tb; t++)
    titles[3 + t] = qw_tiebreak_to_chinese (tiebreaks[t]);
  set_columns (sheet, widths, aligns, titles, 3 + n_tb);
  for (guint i = 0; i < group->standings->len; i++)
    {
      const QwStandingRow *s = g_ptr_array_index (group->standings, i);
      Row *row = g_new0 (Row, 1);

      row->cells[0] = s->rank > 0 ? g_strdup_printf ("%d", s->rank) : g_strdup ("—");
      row->cells[1] = g_strdup_printf ("%d %s%s", s->no, s->name, s->withdrawn ? "（退赛）" : "");
      row->small[1] = g_strdup (s->unit);
      row->cells[2] = format_points (s->points);
      row->bold[2] = TRUE;
      for (guint t = 0; t < n_tb; t++)
        row->cells[3 + t] = format_points (s->tiebreaks[tiebreaks[t]]);
      row->bold[0] = s->rank > 0 && s->rank <= 3;
      row->shaded = i % 2 == 1;
      g_ptr_array_add (sheet->rows, row);
    }
  sheet->title = g_strdup_printf ("%s 成绩表", group->name);
  sheet->legend = g_strdup ("说明：名次按积分排列，积分相同时依次比较右侧各项；（退赛）为已退出比赛的棋手。");
  sheet->subtitle = g_strdup_printf ("%s · 第%d轮后（共%d轮）", qw_system_to_chinese (group->system),
                                     group->last_round, group->total_rounds);
  return TRUE;
}

/* Layout and drawing */

#define BODY_SIZE   34.0
#define SMALL_SIZE  25.0
#define HEAD_SIZE   28.0

static void
measure_rows (Sheet   *sheet,
              cairo_t *cr)
{
  for (guint r = 0; r < sheet->rows->len; r++)
    {
      Row *row = g_ptr_array_index (sheet->rows, r);
      double tallest = 0;

      for (guint c = 0; c < sheet->n_columns; c++)
        {
          double w = sheet->columns[c].width - 2 * CELL_PAD;
          double h = row->cells[c] != NULL ? text_height (cr, row->cells[c], BODY_SIZE, row->bold[c], w) : 0;

          if (row->small[c] != NULL && *row->small[c] != '\0')
            h += 4 + text_height (cr, row->small[c], SMALL_SIZE, FALSE, w);
          tallest = MAX (tallest, h);
        }
      row->height = tallest + 2 * CELL_PAD;
    }
}

static double
header_height (Sheet   *sheet,
               cairo_t *cr)
{
  double w = QW_SHARE_WIDTH - 2 * MARGIN;
  const QwEvent *event = qw_site_get_event (sheet->site);

  return 36 + text_height (cr, event->name, 30, FALSE, w) + 14 + text_height (cr, sheet->title, 54, TRUE, w)
         + 10 + text_height (cr, sheet->subtitle, 30, FALSE, w) + 8 + text_height (cr, sheet->when, 28, FALSE, w) + 34;
}

static double
draw_header (Sheet   *sheet,
             cairo_t *cr,
             int      part,
             int      n_parts)
{
  const QwShareOptions *o = sheet->options;
  const QwEvent *event = qw_site_get_event (sheet->site);
  double w = QW_SHARE_WIDTH - 2 * MARGIN;
  double y = 36, height = header_height (sheet, cr);
  g_autofree char *title = n_parts > 1 ? g_strdup_printf ("%s（%d/%d）", sheet->title, part + 1, n_parts)
                                       : g_strdup (sheet->title);

  cairo_set_source_rgb (cr, 0xa3 / 255.0, 0x16 / 255.0, 0x1b / 255.0);
  cairo_rectangle (cr, 0, 0, QW_SHARE_WIDTH, height);
  cairo_fill (cr);
  y += draw_text (cr, o, event->name, 30, FALSE, MARGIN, y, w, PANGO_ALIGN_LEFT, 0xffffff) + 14;
  y += draw_text (cr, o, title, 54, TRUE, MARGIN, y, w, PANGO_ALIGN_LEFT, 0xffffff) + 10;
  y += draw_text (cr, o, sheet->subtitle, 30, FALSE, MARGIN, y, w, PANGO_ALIGN_LEFT, 0xffe9e9) + 8;
  draw_text (cr, o, sheet->when, 28, FALSE, MARGIN, y, w, PANGO_ALIGN_LEFT, 0xffe9e9);
  return height;
}

static double
draw_table_head (Sheet   *sheet,
                 cairo_t *cr,
                 double   y)
{
  double x = MARGIN, h = HEAD_SIZE * 1.5 + 2 * CELL_PAD;

  cairo_set_source_rgb (cr, 0xf4 / 255.0, 0xf0 / 255.0, 0xe8 / 255.0);
  cairo_rectangle (cr, 0, y, QW_SHARE_WIDTH, h);
  cairo_fill (cr);
  for (guint c = 0; c < sheet->n_columns; c++)
    {
      draw_text (cr, sheet->options, g_ptr_array_index (sheet->header, c), HEAD_SIZE, TRUE, x + CELL_PAD,
                 y + CELL_PAD, sheet->columns[c].width - 2 * CELL_PAD, sheet->columns[c].align, 0x333333);
      x += sheet->columns[c].width;
    }
  return h;
}

static void
draw_row (Sheet     *sheet,
          cairo_t   *cr,
          const Row *row,
          double     y)
{
  double x = MARGIN;

  if (row->shaded)
    {
      cairo_set_source_rgb (cr, 0xfa / 255.0, 0xf8 / 255.0, 0xf3 / 255.0);
      cairo_rectangle (cr, 0, y, QW_SHARE_WIDTH, row->height);
      cairo_fill (cr);
    }
  cairo_set_source_rgb (cr, 0xde / 255.0, 0xdb / 255.0, 0xd4 / 255.0);
  cairo_rectangle (cr, MARGIN, y + row->height - 1, QW_SHARE_WIDTH - 2 * MARGIN, 1);
  cairo_fill (cr);
  for (guint c = 0; c < sheet->n_columns; c++)
    {
      double w = sheet->columns[c].width - 2 * CELL_PAD;
      double h = draw_text (cr, sheet->options, row->cells[c], BODY_SIZE, row->bold[c], x + CELL_PAD, y + CELL_PAD,
                            w, sheet->columns[c].align, 0x1c1b1a);

      if (row->small[c] != NULL)
        draw_text (cr, sheet->options, row->small[c], SMALL_SIZE, FALSE, x + CELL_PAD, y + CELL_PAD + h + 4, w,
                   sheet->columns[c].align, 0x6b6760);
      x += sheet->columns[c].width;
    }
}

static double
legend_height (const Sheet *sheet)
{
  cairo_surface_t *probe;
  cairo_t *cr;
  double h;

  if (sheet->legend == NULL)
    return 0;
  probe = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 1, 1);
  cr = cairo_create (probe);
  h = text_height (cr, sheet->legend, 24, FALSE, QW_SHARE_WIDTH - 2 * MARGIN) + 16;
  cairo_destroy (cr);
  cairo_surface_destroy (probe);
  return h;
}

static double
footer_height (const Sheet *sheet)
{
  return (sheet->options->url != NULL ? 330 : 120) + legend_height (sheet);
}

static void
draw_footer (Sheet   *sheet,
             cairo_t *cr,
             double   y)
{
  const QwShareOptions *o = sheet->options;
  double text_x = MARGIN, w = QW_SHARE_WIDTH - 2 * MARGIN;

  y += 36;
  if (sheet->legend != NULL)
    y += draw_text (cr, o, sheet->legend, 24, FALSE, MARGIN, y, w, PANGO_ALIGN_LEFT, 0x4a4640) + 16;
  if (o->url != NULL)
    {
      qw_qr_draw (cr, o->url, MARGIN, y, 250);
      text_x = MARGIN + 280;
      w -= 280;
      y += 40;
      y += draw_text (cr, o, "扫码查看实时成绩", 34, TRUE, text_x, y, w, PANGO_ALIGN_LEFT, 0x1c1b1a) + 10;
      y += draw_text (cr, o, o->url, 24, FALSE, text_x, y, w, PANGO_ALIGN_LEFT, 0x6b6760) + 10;
    }
  draw_text (cr, o, "成绩以裁判组公布为准 · 棋王赛事系统", 24, FALSE, text_x, y, w, PANGO_ALIGN_LEFT, 0x6b6760);
}

/* Rows @first to @last (exclusive) as one image. */
static cairo_surface_t *
draw_part (Sheet  *sheet,
           guint   first,
           guint   last,
           int     part,
           int     n_parts,
           double  head)
{
  double height = head + HEAD_SIZE * 1.5 + 2 * CELL_PAD + footer_height (sheet), y;
  cairo_surface_t *surface;
  cairo_t *cr;

  for (guint r = first; r < last; r++)
    height += ((Row *) g_ptr_array_index (sheet->rows, r))->height;
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, QW_SHARE_WIDTH, (int) ceil (height));
  cr = cairo_create (surface);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  y = draw_header (sheet, cr, part, n_parts);
  y += draw_table_head (sheet, cr, y);
  for (guint r = first; r < last; r++)
    {
      const Row *row = g_ptr_array_index (sheet->rows, r);

      draw_row (sheet, cr, row, y);
      y += row->height;
    }
  draw_footer (sheet, cr, y);
  cairo_destroy (cr);
  return surface;
}

/* Where each part starts: as many rows as fit under cairo's limit. */
static GArray *
cut_parts (Sheet  *sheet,
           double  head)
{
  GArray *starts = g_array_new (FALSE, FALSE, sizeof (guint));
  double room = MAX_HEIGHT - head - HEAD_SIZE * 1.5 - 2 * CELL_PAD - footer_height (sheet), used = 0;
  guint zero = 0;

  g_array_append_val (starts, zero);
  for (guint r = 0; r < sheet->rows->len; r++)
    {
      double h = ((Row *) g_ptr_array_index (sheet->rows, r))->height;

      guint start = g_array_index (starts, guint, starts->len - 1);

      if ((used + h > room && used > 0) || r - start >= ROWS_PER_PART)
        {
          g_array_append_val (starts, r);
          used = 0;
        }
      used += h;
    }
  return starts;
}

/* Results from before the game log (a document made by the demo) have no
 * time: the round they reach is what can be said. */
static int
last_result_round (const QwSiteGroup *group)
{
  int round = 0;

  for (guint i = 0; i < group->games->len; i++)
    {
      const QwSiteGame *g = g_ptr_array_index (group->games, i);

      if (g->result != QW_RESULT_NONE)
        round = MAX (round, g->round);
    }
  return round;
}

GPtrArray *
qw_share_render (const QwSite          *site,
                 const char            *group,
                 const QwShareOptions  *options,
                 GError               **error)
{
  Sheet sheet = { site, NULL, options };
  g_autofree char *at = NULL;
  g_autoptr(GArray) starts = NULL;
  GPtrArray *parts;
  cairo_surface_t *probe;
  cairo_t *cr;
  double head;
  gboolean ok;

  sheet.group = qw_site_resolve_group (site, group);
  if (sheet.group == NULL)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_NOT_FOUND, _("The event has no group “%s”"), group);
      return NULL;
    }
  sheet.header = g_ptr_array_new_with_free_func (g_free);
  sheet.rows = g_ptr_array_new_with_free_func (row_free);
  ok = options->kind == QW_SHARE_PAIRINGS ? pairings_sheet (&sheet, error) : standings_sheet (&sheet, error);
  if (!ok)
    {
      sheet_clear (&sheet);
      return NULL;
    }
  at = qw_site_format_time (sheet.group->last_result_at);
  if (*at != '\0')
    sheet.when = g_strdup_printf ("最后一个成绩录入于 %s", at);
  else if (sheet.group->has_results)
    sheet.when = g_strdup_printf ("已录入至第%d轮的成绩", last_result_round (sheet.group));
  else
    sheet.when = g_strdup ("尚未录入成绩");
  probe = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 1, 1);
  cr = cairo_create (probe);
  measure_rows (&sheet, cr);
  head = header_height (&sheet, cr);
  cairo_destroy (cr);
  cairo_surface_destroy (probe);
  starts = cut_parts (&sheet, head);
  parts = g_ptr_array_new_with_free_func ((GDestroyNotify) cairo_surface_destroy);
  for (guint p = 0; p < starts->len; p++)
    {
      guint first = g_array_index (starts, guint, p);
      guint last = p + 1 < starts->len ? g_array_index (starts, guint, p + 1) : sheet.rows->len;

      g_ptr_array_add (parts, draw_part (&sheet, first, last, (int) p, (int) starts->len, head));
    }
  sheet_clear (&sheet);
  return parts;
}

static char *
part_path (const char *path,
           guint       part)
{
  g_autofree char *stem = NULL;

  if (part == 0)
    return g_strdup (path);
  stem = g_str_has_suffix (path, ".png") ? g_strndup (path, strlen (path) - 4) : g_strdup (path);
  return g_strdup_printf ("%s-%u.png", stem, part + 1);
}

static cairo_status_t
write_png (void                *closure,
           const unsigned char *data,
           unsigned int         length)
{
  return qw_output_write (closure, data, length, NULL) ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR;
}

GPtrArray *
qw_share_write (QwDocument            *doc,
                const char            *group,
                const QwShareOptions  *options,
                const char            *path,
                GError               **error)
{
  g_autoptr(QwSite) site = qw_site_load (doc, error);
  g_autoptr(GPtrArray) parts = NULL;
  g_autoptr(GPtrArray) written = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) outputs = NULL;
  g_autofree char *base = NULL;
  g_autofree char *url = NULL;
  QwShareOptions with_url;
  const QwSiteGroup *g;

  if (site == NULL)
    return NULL;
  with_url = *options;
  g = qw_site_resolve_group (site, group);
  if (with_url.url == NULL && g != NULL && (base = qw_print_get_site_url (doc)) != NULL)
    {
      g_autofree char *page = qw_site_page_path (options->kind == QW_SHARE_PAIRINGS ? QW_SITE_PAGE_PAIRINGS
                                                 : QW_SITE_PAGE_STANDINGS, g->code, 0);

      url = g_strconcat (base, page, "/", NULL);
      with_url.url = url;
    }
  parts = qw_share_render (site, group, &with_url, error);
  if (parts == NULL)
    return NULL;
  /* Every part is written before any is put in place: a failure (a full
   * disk) leaves the images of the last time whole. */
  outputs = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_output_free);
  for (guint i = 0; i < parts->len; i++)
    {
      char *file = part_path (path, i);
      QwOutput *output = qw_output_new (file, QW_OUTPUT_PUBLIC, error);
      cairo_status_t status;

      g_ptr_array_add (written, file);
      if (output == NULL)
        return NULL;
      g_ptr_array_add (outputs, output);
      status = cairo_surface_write_to_png_stream (g_ptr_array_index (parts, i), write_png, output);
      if (status == CAIRO_STATUS_WRITE_ERROR)
        {
          /* The output kept the write's errno: its commit refuses with it. */
          qw_output_commit (output, error);
          return NULL;
        }
      if (status != CAIRO_STATUS_SUCCESS)
        {
          g_autofree char *display = g_filename_display_name (file);

          g_set_error (error, QW_ERROR, QW_ERROR_IO, _("%s cannot be written: %s"), display,
                       cairo_status_to_string (status));
          return NULL;
        }
    }
  for (guint i = 0; i < outputs->len; i++)
    if (!qw_output_commit (g_ptr_array_index (outputs, i), error))
      return NULL;
  return g_steal_pointer (&written);
}
