/* qw-print-booklet.c: 秩序册 basics
 *
 * The cover; a page of competition information (who hosts, when, where,
 * time control, scoring, each group's system and tie-breaks, the chief
 * arbiter); the players of every group (no ID numbers: the booklet is
 * public; not the entries found ineligible, nor late entries not yet
 * admitted); and every group's round-1 pairings.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-print"

#include "config.h"

#include "qw-event-name.h"
#include "qw-event.h"
#include "qw-game.h"
#include "qw-print-games.h"
#include "qw-print-renderer.h"
#include "qw-tiebreak.h"

static const char *
text_or_empty (const char *text)
{
  return text != NULL ? text : "";
}

/* The words of the official name a line never breaks: the region, the
 * places as the name writes them, and the level (预选赛). NULL-terminated. */
static GPtrArray *
cover_words (const QwPModel *model)
{
  const QwEvent *e = model->event;
  const char *places[] = { e->region, e->place_city, e->place_county, e->place_town };
  GPtrArray *words = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < G_N_ELEMENTS (places); i++)
    if (places[i] != NULL && *places[i] != '\0')
      {
        g_ptr_array_add (words, g_strdup (places[i]));
        g_ptr_array_add (words, qw_place_bracketed (model->ruleset, places[i]));
      }
  if (e->region != NULL && *e->region != '\0' && model->ruleset->region_suffix != NULL)
    g_ptr_array_add (words, g_strconcat (e->region, model->ruleset->region_suffix, NULL));
  g_ptr_array_add (words, g_strdup (qw_level_to_chinese (e->level)));
  g_ptr_array_add (words, NULL);
  return words;
}

static void
cover (QwCanvas       *canvas,
       const QwPModel *model)
{
  QwPage *page = _qw_canvas_add_page (canvas, FALSE);
  double w = _qw_canvas_width (canvas), h = _qw_canvas_height (canvas);
  double side = 25 * QW_MM;
  QwTextStyle name = _qw_text_style (QW_FONT_SERIF, 28, QW_ALIGN_CENTER);
  QwTextStyle title = _qw_text_style (QW_FONT_SERIF, 54, QW_ALIGN_CENTER);
  QwTextStyle line = _qw_text_style (QW_FONT_SERIF, 15, QW_ALIGN_CENTER);
  const QwEvent *e = model->event;
  g_autofree char *dates = _qw_event_subtitle (e);
  g_autofree char *host = NULL, *organiser = NULL;
  QwBox box = { side, h * 0.18, w - 2 * side, h * 0.16 };
  QwBox frame = { 15 * QW_MM, 15 * QW_MM, w - 30 * QW_MM, h - 30 * QW_MM };
  g_autoptr(GPtrArray) keep = NULL;

  _qw_page_rect (page, &frame, 2, 0, 0x8b0000, FALSE, 0);
  name.bold = TRUE;
  name.max_lines = 3;
  name.min_size = 16;
  /* The name breaks between places, never inside one, nor before 赛 alone. */
  keep = cover_words (model);
  name.keep = (const char * const *) keep->pdata;
  _qw_page_text (canvas, page, &name, &box, model->header);

  title.bold = TRUE;
  title.letter_spacing = 24;
  title.rgb = 0x8b0000;
  box = (QwBox) { side, h * 0.40, w - 2 * side, h * 0.12 };
  _qw_page_text (canvas, page, &title, &box, "秩序册");

  line.min_size = 9;
  box = (QwBox) { side, h * 0.70, w - 2 * side, 24 };
  if (e->organiser != NULL && *e->organiser != '\0')
    {
      organiser = g_strdup_printf ("主办单位：%s", e->organiser);
      _qw_page_text (canvas, page, &line, &box, organiser);
      box.y += 26;
    }
  if (e->host != NULL && *e->host != '\0')
    {
      host = g_strdup_printf ("承办单位：%s", e->host);
      _qw_page_text (canvas, page, &line, &box, host);
      box.y += 26;
    }
  _qw_page_text (canvas, page, &line, &box, dates);
}

static const char *
system_name (const QwPGroup *group)
{
  switch (group->system)
    {
    case QW_SYSTEM_ROUND_ROBIN:
      return group->double_round_robin ? "双循环制" : "单循环制";
    case QW_SYSTEM_KNOCKOUT:
      return "淘汰制";
    case QW_SYSTEM_SWISS:
    default:
      return "积分编排制";
    }
}

static char *
tiebreak_names (const QwPGroup *group)
{
  GString *s = g_string_new ("积分");

  for (guint i = 0; i < group->tiebreaks->len; i++)
    g_string_append_printf (s, "、%s", qw_tiebreak_to_chinese (g_array_index (group->tiebreaks, QwTiebreak, i)));
  return g_string_free (s, FALSE);
}

/* "胜2分，和1分，负0分", naming the colours only when they score differently. */
static char *
scoring_text (const QwRuleset *r)
{
  g_autofree char *rw = _qw_format_points (r->scores[QW_SCORE_RED_WIN]);
  g_autofree char *rd = _qw_format_points (r->scores[QW_SCORE_RED_DRAW]);
  g_autofree char *rl = _qw_format_points (r->scores[QW_SCORE_RED_LOSS]);
  g_autofree char *bw = _qw_format_points (r->scores[QW_SCORE_BLACK_WIN]);
  g_autofree char *bd = _qw_format_points (r->scores[QW_SCORE_BLACK_DRAW]);
  g_autofree char *bl = _qw_format_points (r->scores[QW_SCORE_BLACK_LOSS]);
  g_autofree char *bye = _qw_format_points (r->scores[QW_SCORE_BYE]);

  if (g_str_equal (rw, bw) && g_str_equal (rd, bd) && g_str_equal (rl, bl))
    return g_strdup_printf ("胜%s分，和%s分，负%s分；轮空计%s分", rw, rd, rl, bye);
  return g_strdup_printf ("红方胜%s分、和%s分、负%s分；黑方胜%s分、和%s分、负%s分；轮空计%s分",
                          rw, rd, rl, bw, bd, bl, bye);
}

/* The booklet lists the participants: not an entry found ineligible
 * (不具备参赛资格), nor a late entry the arbiter has not admitted. */
static gboolean
is_participant (const QwPPlayer *p)
{
  return !p->excluded && !p->late;
}

static guint
participants (const QwPGroup *g)
{
  guint n = 0;

  for (guint k = 0; k < g->players->len; k++)
    n += is_participant (g_ptr_array_index (g->players, k)) ? 1 : 0;
  return n;
}

static void
information (const QwPModel *model,
             QwFrame        *frame)
{
  static const QwColumn columns[] = {
    { "项目", NULL, 1, QW_ALIGN_CENTER, 1 },
    { "内容", NULL, 4, QW_ALIGN_LEFT, 3 },
  };
  static const QwColumn group_columns[] = {
    { "组别", NULL, 3, QW_ALIGN_CENTER, 2 },
    { "人数", NULL, 1.4, QW_ALIGN_CENTER, 1 },
    { "赛制", NULL, 2.4, QW_ALIGN_CENTER, 1 },
    { "轮次", NULL, 1.4, QW_ALIGN_CENTER, 1 },
    { "名次确定", NULL, 7, QW_ALIGN_LEFT, 3 },
  };
  const QwEvent *e = model->event;
  g_autoptr(QwTable) table = _qw_table_new (columns, G_N_ELEMENTS (columns), 10.5);
  g_autoptr(QwTable) groups = _qw_table_new (group_columns, G_N_ELEMENTS (group_columns), 10);
  g_autofree char *dates = _qw_event_subtitle (e);
  g_autofree char *time_control = NULL, *arbiter = NULL, *region = NULL, *total = NULL;
  g_autofree char *scoring = scoring_text (model->ruleset);
  guint players = 0;
  QwTextStyle heading = _qw_text_style (QW_FONT_SANS, 12, QW_ALIGN_LEFT);

  if (e->minutes > 0)
    time_control = e->increment > 0 ? g_strdup_printf ("每方基本用时%d分钟，每步加%d秒", e->minutes, e->increment)
                                    : g_strdup_printf ("每方%d分钟包干", e->minutes);
  if (e->chief_arbiter != NULL && *e->chief_arbiter != '\0')
    arbiter = e->chief_arbiter_grade != NULL && *e->chief_arbiter_grade != '\0'
      ? g_strdup_printf ("%s（%s裁判）", e->chief_arbiter, e->chief_arbiter_grade)
      : g_strdup (e->chief_arbiter);
  if (e->region != NULL && *e->region != '\0')
    region = g_strconcat (e->region, model->ruleset->region_suffix != NULL ? model->ruleset->region_suffix : "", NULL);
  for (guint i = 0; i < model->groups->len; i++)
    players += participants (g_ptr_array_index (model->groups, i));
  total = g_strdup_printf ("%u人", players);

  {
    const char *rows[][2] = {
      { "赛事名称", model->header },
      { "赛事级别", qw_level_to_chinese (e->level) },
      { "赛区", region },
      { "主办单位", e->organiser },
      { "承办单位", e->host },
      { "比赛时间、地点", dates },
      { "竞赛方案", model->ruleset->source },
      { "比赛用时", time_control },
      { "计分办法", scoring },
      { "裁判长", arbiter },
      { "参赛人数", total },
    };

    for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
      if (rows[i][1] != NULL && *rows[i][1] != '\0')
        _qw_table_add_row (table, rows[i], 0);
  }
  _qw_frame_start (frame, "竞赛信息", NULL);
  _qw_table_emit (table, frame);

  for (guint i = 0; i < model->groups->len; i++)
    {
      const QwPGroup *g = g_ptr_array_index (model->groups, i);
      g_autofree char *count = g_strdup_printf ("%u", participants (g));
      g_autofree char *rounds = g->rounds > 0 && g->system == QW_SYSTEM_SWISS
        ? g_strdup_printf ("%d轮", g->rounds) : g_strdup ("—");
      g_autofree char *chain = tiebreak_names (g);
      const char *row[] = { g->name, count, system_name (g), rounds, chain };

      _qw_table_add_row (groups, row, 0);
    }
  if (_qw_table_n_rows (groups) > 0)
    {
      heading.bold = TRUE;
      _qw_frame_space (frame, 12);
      _qw_frame_ensure (frame, 80);
      _qw_frame_paragraph (frame, &heading, "组别与赛制");
      _qw_frame_space (frame, 3);
      _qw_table_emit (groups, frame);
    }
}

static void
group_heading (QwFrame    *frame,
               const char *text,
               gboolean    first)
{
  QwTextStyle heading = _qw_text_style (QW_FONT_SANS, 12, QW_ALIGN_LEFT);

  heading.bold = TRUE;
  if (!first)
    _qw_frame_space (frame, 12);
  /* Keep a heading with the start of its table. */
  _qw_frame_ensure (frame, 90);
  _qw_frame_paragraph (frame, &heading, text);
  _qw_frame_space (frame, 3);
}

static const char *
player_name (gconstpointer item)
{
  return ((const QwPPlayer *) item)->name;
}

static int
player_no (gconstpointer item)
{
  return ((const QwPPlayer *) item)->no;
}

static void
player_lists (const QwPModel *model,
              QwFrame        *frame)
{
  static const QwColumn columns[] = {
    { "序号", NULL, 1.2, QW_ALIGN_CENTER, 1 },
    { "姓名", NULL, 2.4, QW_ALIGN_CENTER, 3 },
    { "性别", NULL, 1.1, QW_ALIGN_CENTER, 1 },
    { "单位", NULL, 5, QW_ALIGN_LEFT, 3 },
    { "等级", NULL, 2.2, QW_ALIGN_CENTER, 1 },
  };

  _qw_frame_start (frame, "参赛名单", NULL);
  for (guint i = 0; i < model->groups->len; i++)
    {
      const QwPGroup *g = g_ptr_array_index (model->groups, i);
      g_autoptr(QwTable) table = _qw_table_new (columns, G_N_ELEMENTS (columns), 10);
      g_autofree char *heading = g_strdup_printf ("%s（%u人）", g->name, participants (g));
      GPtrArray *players;

      group_heading (frame, heading, i == 0);
      _qw_table_set_caption (table, g->name);
      if (participants (g) == 0)
        {
          _qw_frame_notice (frame, "本组暂无棋手。");
          continue;
        }
      /* In the document's list order: by 序号, pinyin or surname strokes. */
      players = g_ptr_array_new ();
      for (guint k = 0; k < g->players->len; k++)
        g_ptr_array_add (players, g_ptr_array_index (g->players, k));
      qw_list_sort (players, model->list_order, player_name, player_no);
      for (guint k = 0; k < players->len; k++)
        {
          const QwPPlayer *p = g_ptr_array_index (players, k);
          g_autofree char *no = g_strdup_printf ("%d", p->no);
          const char *row[] = { no, p->name, qw_sex_to_chinese (p->sex), p->unit, text_or_empty (p->grade) };

          if (is_participant (p))
            _qw_table_add_row (table, row, 0);
        }
      g_ptr_array_unref (players);
      _qw_table_emit (table, frame);
    }
}

static void
first_round (const QwPModel *model,
             QwFrame        *frame)
{
  _qw_frame_start (frame, "第一轮对阵表", NULL);
  for (guint i = 0; i < model->groups->len; i++)
    {
      const QwPGroup *g = g_ptr_array_index (model->groups, i);

      group_heading (frame, g->name, i == 0);
      _qw_emit_pairings_table (frame, model, g, 1, FALSE, g->name);
    }
}

static void
render_booklet (QwCanvas       *canvas,
                const QwPModel *model,
                gconstpointer   data)
{
  QwFrame frame;

  _qw_frame_init (&frame, canvas, model->header);
  cover (canvas, model);
  information (model, &frame);
  player_lists (model, &frame);
  first_round (model, &frame);
  _qw_frame_clear (&frame);
}

/* The kinds' table (qw-print-kinds.c) lists this. */
const QwPrintRenderer _qw_print_booklet_renderer = { .render = render_booklet };
