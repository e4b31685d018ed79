/* qw-print-lists.c: 签到表 (check-in sheet) and 种子排序表 (starting-rank list)
 *
 * The check-in sheet lists the players of the groups asked for, group by
 * group and by 序号, with a box to sign in; the box of a player who withdrew,
 * was found ineligible or waits as a late entry says so. The starting-rank list shows each group's players in the order the
 * draw of round 1 uses (qw_tournament_seeding()): seed, 序号, name, unit,
 * grade and rating, with the method and the lottery seed, so that the draw
 * can be checked before round 1 and audited after it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-print"

#include "config.h"

#include "qw-game.h"
#include "qw-print-frame.h"
#include "qw-print-renderer.h"
#include "qw-seeding.h"

/* Check-in */

static void
render_checkin (QwCanvas       *canvas,
                const QwPModel *model,
                gconstpointer   data)
{
  static const QwColumn columns[] = {
    { "序号", NULL, 1.3, QW_ALIGN_CENTER, 1 },
    { "姓名", NULL, 2.6, QW_ALIGN_CENTER, 2 },
    { "单位", NULL, 5.2, QW_ALIGN_LEFT, 2 },
    { "组别", NULL, 2.8, QW_ALIGN_CENTER, 2 },
    { "签名", NULL, 4.2, QW_ALIGN_CENTER, 1 },
  };
  g_autoptr(QwTable) table = _qw_table_new (columns, G_N_ELEMENTS (columns), 11);
  g_autofree char *subtitle = _qw_event_subtitle (model->event);
  QwTextStyle line = _qw_text_style (QW_FONT_SANS, 10.5, QW_ALIGN_RIGHT);
  QwFrame frame;
  guint players = 0;

  _qw_frame_init (&frame, canvas, model->header);
  if (model->groups->len == 1)
    {
      const QwPGroup *g = g_ptr_array_index (model->groups, 0);
      g_autofree char *title = g_strconcat (g->name, "签到表", NULL);

      _qw_frame_start (&frame, title, subtitle);
    }
  else
    _qw_frame_start (&frame, "签到表", subtitle);
  /* Room for a signature: about 9 mm a row. */
  _qw_table_set_min_row_height (table, 9 * QW_MM);
  for (guint i = 0; i < model->groups->len; i++)
    {
      const QwPGroup *g = g_ptr_array_index (model->groups, i);

      for (guint k = 0; k < g->players->len; k++)
        {
          const QwPPlayer *p = g_ptr_array_index (g->players, k);
          g_autofree char *no = g_strdup_printf ("%d", p->no);
          const char *note = p->excluded ? "不具备参赛资格" : p->withdrawn ? "退赛" : p->late ? "迟到报名，待接纳" : "";
          const char *row[] = { no, p->name, p->unit, g->name, note };

          _qw_table_add_row (table, row, *note != '\0' ? QW_ROW_SHADED : 0);
          players++;
        }
    }
  if (players == 0)
    _qw_frame_notice (&frame, model->groups->len == 1 ? "本组暂无棋手。" : "尚无参赛棋手。");
  else
    {
      g_autofree char *count = g_strdup_printf ("共%u人　应到____人　实到____人　　报到时间：____________　　工作人员：____________",
                                                players);

      _qw_table_emit (table, &frame);
      _qw_frame_space (&frame, 10);
      _qw_frame_paragraph (&frame, &line, count);
    }
  _qw_frame_clear (&frame);
}

/* The starting-rank list */

static gboolean
any_blocked (const QwPGroup *g)
{
  for (guint k = 0; k < g->seeds->len; k++)
    if (_qw_pgroup_player (g, g_array_index (g->seeds, QwPSeed, k).player)->blocked)
      return TRUE;
  return FALSE;
}

/* "按等级分排序（无等级分者抽签排在其后）；抽签种子：20210703" and how final it is. */
static char *
seeding_note (const QwPGroup *g)
{
  g_autoptr(GString) s = g_string_new ("排序方法：");
  const char *method = g->seeding_method;

  g_string_append (s, qw_seeding_method_to_chinese (method));
  if (g_strcmp0 (method, "rating") == 0)
    g_string_append (s, "（等级分高者在前，无等级分者抽签排在其后）");
  else if (g_strcmp0 (method, "grade") == 0)
    g_string_append (s, "（等级高者在前，同等级按等级分，无等级者抽签排在其后）");
  g_string_append (s, "；抽签种子：");
  if (g->lottery_seed != 0)
    g_string_append_printf (s, "%" G_GUINT64_FORMAT, g->lottery_seed);
  else
    g_string_append (s, "尚未抽签");
  if (g->seeding_fixed)
    g_string_append (s, "。第一轮已按此顺序编排。");
  else if (!g->seeding_drawn)
    g_string_append (s, "。尚未抽签：标“待抽签”的棋手暂按序号排列，抽签后顺序将改变。");
  else
    g_string_append (s, "。第一轮将按此顺序编排。");
  if (!g->seeding_fixed && any_blocked (g))
    g_string_append (s, "标“待审查”的棋手须经裁判长处理（改正报名、判定不具备参赛资格或允许参赛）后方可编排，"
                        "处理后种子号可能改变。");
  return g_string_free (g_steal_pointer (&s), FALSE);
}

static void
render_seeding (QwCanvas       *canvas,
                const QwPModel *model,
                gconstpointer   data)
{
  static const QwColumn columns[] = {
    { "种子号", NULL, 1.5, QW_ALIGN_CENTER, 1 },
    { "序号", NULL, 1.3, QW_ALIGN_CENTER, 1 },
    { "姓名", NULL, 2.6, QW_ALIGN_CENTER, 2 },
    { "单位", NULL, 5.2, QW_ALIGN_LEFT, 2 },
    { "等级", NULL, 2.4, QW_ALIGN_CENTER, 2 },
    { "等级分", NULL, 1.6, QW_ALIGN_CENTER, 1 },
    { "备注", NULL, 1.6, QW_ALIGN_CENTER, 1 },
  };
  g_autofree char *subtitle = _qw_event_subtitle (model->event);
  QwTextStyle note = _qw_text_style (QW_FONT_SANS, 10, QW_ALIGN_LEFT);
  QwFrame frame;

  note.max_lines = 3;
  _qw_frame_init (&frame, canvas, model->header);
  for (guint i = 0; i < model->groups->len; i++)
    {
      const QwPGroup *g = g_ptr_array_index (model->groups, i);
      g_autofree char *title = g_strconcat (g->name, "种子排序表", NULL);
      g_autoptr(QwTable) table = _qw_table_new (columns, G_N_ELEMENTS (columns), 10);
      g_autofree char *method = NULL;

      _qw_frame_start (&frame, title, subtitle);
      if (g->players->len == 0)
        {
          _qw_frame_notice (&frame, "本组暂无棋手。");
          continue;
        }
      /* A request made without the list (it comes from the document). */
      if (!g->has_seeding)
        {
          _qw_frame_notice (&frame, "未提供本组的种子排序。");
          continue;
        }
      method = seeding_note (g);
      _qw_frame_paragraph (&frame, &note, method);
      _qw_frame_space (&frame, 4);
      if (g->seeds->len == 0)
        {
          _qw_frame_notice (&frame, "本组暂无棋手。");
          continue;
        }
      _qw_table_set_caption (table, title);
      for (guint k = 0; k < g->seeds->len; k++)
        {
          const QwPSeed *seed = &g_array_index (g->seeds, QwPSeed, k);
          const QwPPlayer *p = _qw_pgroup_player (g, seed->player);
          g_autofree char *rank = g_strdup_printf ("%d", seed->seed);
          g_autofree char *no = g_strdup_printf ("%d", p->no);
          g_autofree char *rating = p->rating > 0 ? g_strdup_printf ("%d", p->rating) : g_strdup ("—");
          const char *remark = p->blocked && !g->seeding_fixed ? "待审查"
                               : !seed->by_lot ? "" : g->seeding_drawn ? "抽签" : "待抽签";
          const char *row[] = { rank, no, p->name, p->unit, p->grade, rating, remark };

          _qw_table_add_row (table, row, 0);
        }
      _qw_table_emit (table, &frame);
    }
  _qw_frame_clear (&frame);
}

/* The kinds' table (qw-print-kinds.c) lists these. */
const QwPrintRenderer _qw_print_checkin_renderer = { .render = render_checkin };
const QwPrintRenderer _qw_print_seeding_renderer = { .render = render_seeding };
