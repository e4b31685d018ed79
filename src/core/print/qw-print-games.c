/* qw-print-games.c: 对阵表 (pairing sheets) and 记分单 (result slips)
 *
 * A pairing sheet lists one round of one group, a board per row: 台号, the
 * red player's 序号, 姓名, 单位 and points before the round, the result
 * (blank until entered, for writing in), then the black player's four
 * columns; the bye on the last line. Result slips go to the boards, several
 * to a page with cut lines, for the players and the arbiter to sign.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-print"

#include "config.h"

#include <string.h>

#include "qw-game.h"
#include "qw-group-code.h"
#include "qw-knockout.h"
#include "qw-print-games.h"
#include "qw-print-renderer.h"

#define SLIP_MIN_HEIGHT 165.0
#define SLIP_GAP        (8 * QW_MM)

/* The round a group's sheet shows: the requested one, or its latest. */
static int
group_round (const QwPModel *model,
             const QwPGroup *group)
{
  return model->round > 0 ? model->round : _qw_pgroup_last_round (group);
}

static char *
round_title (const QwPGroup *group,
             int             round,
             const char     *what)
{
  if (round <= 0)
    return g_strdup_printf ("%s %s", group->name, what);
  return g_strdup_printf ("%s 第%d轮%s", group->name, round, what);
}

/* Why a group has no sheet to show, or NULL when it has one. */
static const char *
missing_games_notice (const QwPGroup *group,
                      int             round)
{
  if (group->players->len == 0)
    return "本组暂无棋手。";
  if (_qw_pgroup_last_round (group) == 0)
    return "本组尚未编排对阵。";
  for (guint i = 0; i < group->games->len; i++)
    if (g_array_index (group->games, QwPGame, i).round == round)
      return NULL;
  return "本轮尚未编排对阵。";
}

/* The result as a pairing sheet shows it: the two players' points, "+:-"
 * style for forfeits, and a knockout play-off's winner. Empty when the game
 * has no result yet, so that the arbiter can write it in. */
static char *
result_text (const QwPModel *model,
             const QwPGroup *group,
             const QwPGame  *game,
             gboolean       *forfeit)
{
  double red, black;
  g_autofree char *r = NULL, *b = NULL;

  switch (game->result)
    {
    case QW_RESULT_RED_WIN:
    case QW_RESULT_DRAW:
    case QW_RESULT_BLACK_WIN:
      _qw_pgame_points (model, group, game, &red, &black);
      r = _qw_format_points (red);
      b = _qw_format_points (black);
      if (game->result == QW_RESULT_DRAW && game->playoff != QW_PLAYOFF_NONE)
        return g_strdup_printf ("%s:%s %s", r, b, qw_playoff_to_chinese (game->playoff));
      return g_strdup_printf ("%s:%s", r, b);
    case QW_RESULT_RED_BY_FORFEIT:
      *forfeit = TRUE;
      return g_strdup ("+:-");
    case QW_RESULT_BLACK_BY_FORFEIT:
      *forfeit = TRUE;
      return g_strdup ("-:+");
    case QW_RESULT_DOUBLE_FORFEIT:
      *forfeit = TRUE;
      return g_strdup ("-:-");
    case QW_RESULT_BYE:
    case QW_RESULT_NONE:
    default:
      return g_strdup ("");
    }
}

static const QwColumn pairing_columns[] = {
  { "台号", NULL, 4.2, QW_ALIGN_CENTER, 1 },
  { "序号", "红　方", 4.2, QW_ALIGN_CENTER, 1 },
  { "姓名", "红　方", 8.5, QW_ALIGN_CENTER, 3 },
  { "单位", "红　方", 14, QW_ALIGN_LEFT, 3 },
  { "积分", "红　方", 4.4, QW_ALIGN_CENTER, 1 },
  { "结果", NULL, 6.6, QW_ALIGN_CENTER, 2 },
  { "序号", "黑　方", 4.2, QW_ALIGN_CENTER, 1 },
  { "姓名", "黑　方", 8.5, QW_ALIGN_CENTER, 3 },
  { "单位", "黑　方", 14, QW_ALIGN_LEFT, 3 },
  { "积分", "黑　方", 4.4, QW_ALIGN_CENTER, 1 },
};

static void
player_cells (const QwPModel *model,
              const QwPGroup *group,
              int             index,
              int             round,
              char          **cells)
{
  const QwPPlayer *p = _qw_pgroup_player (group, index);

  if (p == NULL)
    return;
  cells[0] = g_strdup_printf ("%d", p->no);
  cells[1] = g_strdup (p->name);
  cells[2] = g_strdup (p->unit);
  cells[3] = _qw_format_points (_qw_pgroup_points_before (model, group, index, round));
}

/* "请假：38 孙梓豪、12 王伟", below the round's table. */
static void
emit_absent (QwFrame        *frame,
             const QwPGroup *group,
             int             round)
{
  g_autoptr(GString) leave = g_string_new (NULL), late = g_string_new (NULL);
  QwTextStyle style = _qw_text_style (QW_FONT_SANS, 10, QW_ALIGN_LEFT);

  for (guint i = 0; i < group->absences->len; i++)
    {
      const QwPAbsence *a = &g_array_index (group->absences, QwPAbsence, i);
      const QwPPlayer *p = _qw_pgroup_player (group, a->player);
      GString *list = a->kind == QW_ABSENCE_LEAVE ? leave : late;

      if (a->round != round || p == NULL)
        continue;
      g_string_append_printf (list, "%s%d %s", list->len > 0 ? "、" : "", p->no, p->name);
    }
  style.max_lines = 4;
  if (leave->len > 0)
    {
      g_autofree char *text = g_strconcat ("请假（本轮不编排）：", leave->str, NULL);

      _qw_frame_space (frame, 4);
      _qw_frame_paragraph (frame, &style, text);
    }
  if (late->len > 0)
    {
      g_autofree char *text = g_strconcat ("尚未入场（补报名）：", late->str, NULL);

      _qw_frame_space (frame, 4);
      _qw_frame_paragraph (frame, &style, text);
    }
}

/**
 * _qw_emit_pairings_table:
 *
 * The table of one group's round, from the frame's cursor, with the bye on
 * the last line and the legend for forfeits when there are any. Without
 * @with_results the result column is left blank (the booklet is printed
 * before play). A @caption is repeated when the table goes on over a page.
 */
void
_qw_emit_pairings_table (QwFrame        *frame,
                         const QwPModel *model,
                         const QwPGroup *group,
                         int             round,
                         gboolean        with_results,
                         const char     *caption)
{
  static const char * const playoffs[] = { "加赛红胜", "加赛黑胜", "加赛和·黑胜", NULL };
  g_autoptr(QwTable) table = _qw_table_new (pairing_columns, G_N_ELEMENTS (pairing_columns), 10);
  gboolean forfeit = FALSE;
  const char *notice = missing_games_notice (group, round);

  if (notice != NULL)
    {
      _qw_frame_notice (frame, notice);
      return;
    }
  if (caption != NULL)
    _qw_table_set_caption (table, caption);
  /* "1:1" and how the play-off went wrap as two pieces, never inside one. */
  _qw_table_set_keep (table, playoffs);
  for (guint i = 0; i < group->games->len; i++)
    {
      const QwPGame *g = &g_array_index (group->games, QwPGame, i);
      char *cells[G_N_ELEMENTS (pairing_columns) + 1] = { NULL };

      if (g->round != round)
        continue;
      cells[0] = g_strdup_printf ("%d", g->board);
      player_cells (model, group, g->red, round, cells + 1);
      cells[5] = with_results ? result_text (model, group, g, &forfeit) : NULL;
      if (g->black < 0)
        cells[7] = g_strdup ("轮空");
      else
        player_cells (model, group, g->black, round, cells + 6);
      _qw_table_add_row (table, (const char * const *) cells, 0);
      for (guint c = 0; c < G_N_ELEMENTS (cells); c++)
        g_free (cells[c]);
    }
  _qw_table_emit (table, frame);
  emit_absent (frame, group, round);
  if (forfeit)
    {
      QwTextStyle note = _qw_text_style (QW_FONT_SANS, 9, QW_ALIGN_LEFT);

      _qw_frame_space (frame, 4);
      _qw_frame_paragraph (frame, &note, "注：+:- 黑方弃权；-:+ 红方弃权；-:- 双方弃权。");
    }
}

static void
signature_line (QwFrame    *frame,
                const char *text)
{
  QwTextStyle style = _qw_text_style (QW_FONT_SANS, 10.5, QW_ALIGN_RIGHT);

  _qw_frame_space (frame, 10);
  _qw_frame_paragraph (frame, &style, text);
}

static void
render_pairings (QwCanvas       *canvas,
                 const QwPModel *model,
                 gconstpointer   data)
{
  QwFrame frame;
  g_autofree char *subtitle = _qw_event_subtitle (model->event);

  _qw_frame_init (&frame, canvas, model->header);
  for (guint i = 0; i < model->groups->len; i++)
    {
      const QwPGroup *group = g_ptr_array_index (model->groups, i);
      int round = group_round (model, group);
      g_autofree char *title = round_title (group, round, "对阵表");
      g_autofree char *segment = qw_group_code_segment (group->code);
      g_autofree char *path = g_strdup_printf ("group/%s/pairings/round-%d", segment, round);
      g_autofree char *url = _qw_pmodel_page_url (model, path);

      _qw_frame_start (&frame, title, subtitle);
      _qw_frame_qr (&frame, url);
      _qw_emit_pairings_table (&frame, model, group, round, TRUE, NULL);
      if (missing_games_notice (group, round) == NULL)
        signature_line (&frame, "编排：____________　　裁判长：____________");
    }
  _qw_frame_clear (&frame);
}

/* Result slips */

typedef struct
{
  QwCanvas   *canvas;
  QwPage     *page;
  double      left;
  double      right;
} Slip;

static void
slip_text (Slip        *s,
           double       x,
           double       y,
           double       width,
           double       height,
           double       size,
           QwAlign      align,
           gboolean     bold,
           const char  *text)
{
  QwTextStyle style = _qw_text_style (QW_FONT_SANS, size, align);
  QwBox box = { x, y, width, height };

  style.bold = bold;
  style.max_lines = 2;
  style.min_size = MIN (size, 6);
  _qw_page_text (s->canvas, s->page, &style, &box, text);
}

/* One row of the slip's grid: cells from @edges with @texts, padded. */
static void
slip_row (Slip              *s,
          const double      *edges,
          guint              n,
          double             y,
          double             height,
          const char * const *texts,
          gboolean           header)
{
  for (guint i = 0; i < n; i++)
    {
      QwBox rect = { edges[i], y, edges[i + 1] - edges[i], height };

      _qw_page_rect (s->page, &rect, 0.6, 0, 0x000000, header, 0xe6e6e6);
      slip_text (s, rect.x + 3, y + 2, rect.width - 6, height - 4, 10.5,
                 (i == 3 && !header) ? QW_ALIGN_LEFT : QW_ALIGN_CENTER, header || i == 0, texts[i]);
    }
}

static void
slip_side (Slip           *s,
           const double   *edges,
           double          y,
           double          height,
           const char     *side,
           const QwPPlayer *p)
{
  g_autofree char *no = p != NULL ? g_strdup_printf ("%d", p->no) : g_strdup ("");
  const char *texts[] = { side, no, p != NULL ? p->name : "", p != NULL ? p->unit : "",
                          "□胜　□和　□负", "", "" };

  slip_row (s, edges, G_N_ELEMENTS (texts), y, height, texts, FALSE);
}

/* One slip in the band [top, top + height). */
static void
draw_slip (Slip           *s,
           const QwPModel *model,
           const QwPGroup *group,
           const QwPGame  *game,
           double          top,
           double          height)
{
  static const double weights[] = { 7, 6, 13, 22, 17, 8, 15 };
  static const char *heads[] = { "", "序号", "姓名", "单位", "结果", "犯规", "签名" };
  double edges[G_N_ELEMENTS (weights) + 1];
  double width = s->right - s->left, total = 0, x = s->left, y = top;
  double head = 20, row = MAX (22, (height - 22 - 16 - 19 - head - 6 - 16) / 2);
  g_autofree char *line = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (weights); i++)
    total += weights[i];
  for (guint i = 0; i < G_N_ELEMENTS (weights); i++)
    {
      edges[i] = x;
      x += width * weights[i] / total;
    }
  edges[G_N_ELEMENTS (weights)] = s->right;

  slip_text (s, s->left, y, width, 22, 15, QW_ALIGN_CENTER, TRUE, "记　分　单");
  y += 22;
  slip_text (s, s->left, y, width, 14, 9, QW_ALIGN_CENTER, FALSE, model->header);
  y += 16;
  line = g_strdup_printf ("组别：%s　　　第 %d 轮　　　第 %d 台", group->name, game->round, game->board);
  slip_text (s, s->left, y, width, 16, 11, QW_ALIGN_LEFT, FALSE, line);
  y += 19;
  slip_row (s, edges, G_N_ELEMENTS (heads), y, head, heads, TRUE);
  y += head;
  slip_side (s, edges, y, row, "红方", _qw_pgroup_player (group, game->red));
  y += row;
  slip_side (s, edges, y, row, "黑方", _qw_pgroup_player (group, game->black));
  y += row + 6;
  slip_text (s, s->left, y, width * 0.55, 16, 10.5, QW_ALIGN_LEFT, FALSE,
             "裁判员签名：____________　时间：________");
  slip_text (s, s->left + width * 0.55, y, width * 0.45, 16, 9, QW_ALIGN_RIGHT, FALSE,
             "负方签名；和棋双方签名。");
}

static void
cut_line (Slip   *s,
          double  y)
{
  QwTextStyle style = _qw_text_style (QW_FONT_SANS, 7, QW_ALIGN_RIGHT);
  QwBox label = { s->right - 60, y + 1.5, 60, 9 };

  style.rgb = 0x707070;
  _qw_page_line (s->page, s->left - 20, y, s->right + 20, y, 0.5, 3, 0x707070);
  _qw_page_text (s->canvas, s->page, &style, &label, "沿虚线剪开");
}

static void
render_slips (QwCanvas       *canvas,
              const QwPModel *model,
              gconstpointer   data)
{
  double margin = 14 * QW_MM;
  double usable = _qw_canvas_height (canvas) - 2 * margin;
  guint per_page = MAX (1, (guint) ((usable + SLIP_GAP) / (SLIP_MIN_HEIGHT + SLIP_GAP)));
  double band = (usable + SLIP_GAP) / per_page;
  Slip s = { canvas, NULL, margin, _qw_canvas_width (canvas) - margin };
  guint on_page = per_page;
  QwFrame frame;

  _qw_frame_init (&frame, canvas, model->header);
  for (guint i = 0; i < model->groups->len; i++)
    {
      const QwPGroup *group = g_ptr_array_index (model->groups, i);
      int round = group_round (model, group);
      const char *notice = missing_games_notice (group, round);

      if (notice != NULL)
        {
          g_autofree char *title = round_title (group, round, "记分单");

          /* A group without boards says so on a page of its own. */
          _qw_frame_start (&frame, title, NULL);
          _qw_frame_notice (&frame, notice);
          on_page = per_page;
          continue;
        }
      for (guint k = 0; k < group->games->len; k++)
        {
          const QwPGame *g = &g_array_index (group->games, QwPGame, k);

          /* A bye has nothing to sign. */
          if (g->round != round || g->black < 0)
            continue;
          if (on_page == per_page)
            {
              s.page = _qw_canvas_add_page (canvas, FALSE);
              on_page = 0;
            }
          if (on_page > 0)
            cut_line (&s, margin + on_page * band - SLIP_GAP / 2);
          draw_slip (&s, model, group, g, margin + on_page * band, band - SLIP_GAP);
          on_page++;
        }
    }
  _qw_frame_clear (&frame);
}

/* The kinds' table (qw-print-kinds.c) lists these. */
const QwPrintRenderer _qw_print_pairings_renderer = { .render = render_pairings };
const QwPrintRenderer _qw_print_slips_renderer = { .render = render_slips };
