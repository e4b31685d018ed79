/* qw-print-grades.c: 技术等级申报表 (the technical-grade application sheet)
 *
 * Seed 002 §七(六)2: 可根据中国象棋协会技术等级标准申请相应技术等级，现场办证.
 * What the association needs to grant grades from a group's results is on
 * one signed sheet per group: the event's particulars (name, dates, place,
 * organiser, host, chief arbiter), the group's system, number of players and
 * rounds, and the ranked players with their places, points and score rate
 * (the grade norms are read as a score rate: points ÷ 2 ÷ rounds), their
 * present grade and an empty 申请等级 column for the grade applied for; the
 * chief arbiter signs and the host seals it.
 *
 * Which personal fields: it is an application to the sports authority
 * about people, a private document, so it carries what identifies each
 * player to the association and what the grade standard depends on, and no
 * more: name, sex, date of birth (grades and their junior norms depend on
 * age; it tells namesakes apart) and unit. Not the ID number: the seed asks
 * for no identity check on paper (现场办证: the certificate is made at the
 * venue, where the player is present), and a sheet that goes round a venue
 * and into the association's files should not hold numbers that open bank
 * accounts (个人信息保护法 §6, the minimum necessary). The PDF is still
 * written for its owner only (0600), because of the birth dates.
 *
 * Excluded players (不具备参赛资格) and late entries not admitted have no
 * place and are not listed.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-print"

#include "config.h"

#include "qw-date.h"
#include "qw-print-frame.h"
#include "qw-print-renderer.h"
#include "qw-tiebreak.h"

static const char *
or_dash (const char *text)
{
  return text != NULL && *text != '\0' ? text : "—";
}

/* "2021年7月3日至4日" (the subtitle's form, without the venue). */
static char *
event_dates (const QwEvent *event)
{
  g_autofree char *start = qw_date_to_chinese (event->start_date);
  g_autofree char *end = qw_date_to_chinese (event->end_date);

  if (qw_date_is_set (event->end_date) && qw_date_compare (event->end_date, event->start_date) != 0)
    return g_strdup_printf ("%s至%s", start, end);
  return g_strdup (*start != '\0' ? start : "—");
}

static char *
event_place (const QwEvent *event)
{
  g_autoptr(GString) place = g_string_new (NULL);
  const char *parts[] = { event->region, event->place_city, event->place_county, event->place_town };

  for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
    if (parts[i] != NULL && *parts[i] != '\0' && strstr (place->str, parts[i]) == NULL)
      g_string_append (place, parts[i]);
  if (event->venue != NULL && *event->venue != '\0')
    g_string_append_printf (place, "%s%s", place->len > 0 ? " " : "", event->venue);
  return g_strdup (place->len > 0 ? place->str : "—");
}

/* The event's and the group's particulars, as label–value pairs. */
static void
emit_particulars (QwFrame        *frame,
                  const QwPModel *model,
                  const QwPGroup *group,
                  guint           ranked,
                  int             rounds)
{
  static const QwColumn columns[] = {
    { "项目", NULL, 1.2, QW_ALIGN_CENTER, 1 },
    { "内容", NULL, 4.2, QW_ALIGN_LEFT, 2 },
    { "项目", NULL, 1.2, QW_ALIGN_CENTER, 1 },
    { "内容", NULL, 2.4, QW_ALIGN_LEFT, 2 },
  };
  const QwEvent *e = model->event;
  g_autoptr(QwTable) table = _qw_table_new (columns, G_N_ELEMENTS (columns), 10.5);
  g_autofree char *dates = event_dates (e);
  g_autofree char *place = event_place (e);
  g_autofree char *players = g_strdup_printf ("%u人（有名次%u人）", group->players->len, ranked);
  g_autofree char *played = g_strdup_printf ("%d轮（计划%d轮）", rounds, group->rounds);
  g_autofree char *arbiter = e->chief_arbiter_grade != NULL && *e->chief_arbiter_grade != '\0'
                             ? g_strdup_printf ("%s（%s）", or_dash (e->chief_arbiter), e->chief_arbiter_grade)
                             : g_strdup (or_dash (e->chief_arbiter));
  const char *rows[][4] = {
    { "比赛名称", or_dash (e->name), "组别", group->name },
    { "比赛日期", dates, "赛制", qw_system_to_chinese (group->system) },
    { "比赛地点", place, "参赛人数", players },
    { "主办单位", or_dash (e->organiser), "比赛轮次", played },
    { "承办单位", or_dash (e->host), "裁判长", arbiter },
  };

  for (guint r = 0; r < G_N_ELEMENTS (rows); r++)
    _qw_table_add_row (table, rows[r], 0);
  _qw_table_emit (table, frame);
}

static int
played_rounds (const QwPGroup *group)
{
  int rounds = 0;

  for (guint i = 0; i < group->standings->len; i++)
    {
      const QwPStanding *s = g_ptr_array_index (group->standings, i);

      for (guint c = 0; c < s->cells->len; c++)
        if (g_array_index (s->cells, QwPCell, c).result != QW_RESULT_NONE
            || g_array_index (s->cells, QwPCell, c).absent)
          rounds = MAX (rounds, g_array_index (s->cells, QwPCell, c).round);
    }
  return rounds;
}

static gboolean
has_place (const QwPStanding *s,
           const QwPPlayer   *p)
{
  return s->rank >= 1 && !p->excluded && !p->late;
}

static void
emit_group (QwFrame        *frame,
            const QwPModel *model,
            const QwPGroup *group)
{
  static const QwColumn columns[] = {
    { "名次", NULL, 1.0, QW_ALIGN_CENTER, 1 },
    { "姓名", NULL, 1.8, QW_ALIGN_CENTER, 2 },
    { "性别", NULL, 0.9, QW_ALIGN_CENTER, 1 },
    { "出生日期", NULL, 2.1, QW_ALIGN_CENTER, 1 },
    { "单位", NULL, 3.4, QW_ALIGN_LEFT, 2 },
    { "现有等级", NULL, 1.8, QW_ALIGN_CENTER, 2 },
    { "积分", NULL, 1.0, QW_ALIGN_CENTER, 1 },
    { "得分率", NULL, 1.3, QW_ALIGN_CENTER, 1 },
    { "申请等级", NULL, 2.0, QW_ALIGN_CENTER, 1 },
  };
  g_autoptr(QwTable) table = _qw_table_new (columns, G_N_ELEMENTS (columns), 10);
  QwTextStyle note = _qw_text_style (QW_FONT_SANS, 9, QW_ALIGN_LEFT);
  QwTextStyle sign = _qw_text_style (QW_FONT_SANS, 10.5, QW_ALIGN_LEFT);
  int rounds = played_rounds (group);
  guint ranked = 0;

  for (guint i = 0; i < group->standings->len; i++)
    {
      const QwPStanding *s = g_ptr_array_index (group->standings, i);

      ranked += has_place (s, _qw_pgroup_player (group, s->player)) ? 1 : 0;
    }
  emit_particulars (frame, model, group, ranked, rounds);
  _qw_frame_space (frame, 6);
  if (ranked > 0 && rounds < group->rounds)
    {
      g_autofree char *unfinished = g_strdup_printf ("本组比赛尚未结束（第%d轮后，共%d轮）：名次未定，"
                                                     "比赛结束后再行申报。", rounds, group->rounds);

      QwTextStyle warning = _qw_text_style (QW_FONT_SANS, 10.5, QW_ALIGN_LEFT);

      warning.bold = TRUE;
      warning.rgb = 0xc00000;
      _qw_frame_paragraph (frame, &warning, unfinished);
      _qw_frame_space (frame, 4);
    }
  if (ranked == 0)
    {
      _qw_frame_notice (frame, group->players->len == 0 ? "本组暂无棋手。" : "本组尚无名次：录入成绩、排出名次后才能申报。");
      return;
    }
  _qw_table_set_min_row_height (table, 7 * QW_MM);
  for (guint i = 0; i < group->standings->len; i++)
    {
      const QwPStanding *s = g_ptr_array_index (group->standings, i);
      const QwPPlayer *p = _qw_pgroup_player (group, s->player);
      g_autofree char *rank = NULL, *points = NULL, *rate = NULL;

      if (!has_place (s, p))
        continue;
      rank = g_strdup_printf ("%d", s->rank);
      points = _qw_format_points (s->points);
      rate = rounds > 0 ? g_strdup_printf ("%.1f%%", 100.0 * s->points / (2.0 * rounds)) : g_strdup ("—");
      {
        const char *row[] = { rank, p->name, qw_sex_to_chinese (p->sex), or_dash (p->birth), p->unit,
                              or_dash (p->grade), points, rate, "" };

        _qw_table_add_row (table, row, 0);
      }
    }
  _qw_table_emit (table, frame);
  _qw_frame_space (frame, 4);
  _qw_frame_paragraph (frame, &note,
                       "依据：本赛事规程第七条（六）2“可根据中国象棋协会技术等级标准申请相应技术等级，现场办证”。"
                       "得分率＝积分÷（2×比赛轮次）。申请等级由裁判长按中国象棋协会技术等级标准填写；"
                       "本表含个人信息，仅供等级审批使用。");
  _qw_frame_space (frame, 14);
  _qw_frame_ensure (frame, 60);
  _qw_frame_paragraph (frame, &sign, "裁判长（签字）：________________　　　　日期：________________");
  _qw_frame_space (frame, 18);
  _qw_frame_paragraph (frame, &sign, "承办单位（盖章）：________________　　　　日期：________________");
}

static void
render_grades (QwCanvas       *canvas,
               const QwPModel *model,
               gconstpointer   data)
{
  g_autofree char *subtitle = _qw_event_subtitle (model->event);
  QwFrame frame;

  _qw_frame_init (&frame, canvas, model->header);
  for (guint i = 0; i < model->groups->len; i++)
    {
      const QwPGroup *group = g_ptr_array_index (model->groups, i);
      g_autofree char *title = g_strconcat (group->name, " 技术等级申报表", NULL);

      _qw_frame_start (&frame, title, subtitle);
      emit_group (&frame, model, group);
    }
  if (model->groups->len == 0)
    {
      _qw_frame_start (&frame, "技术等级申报表", subtitle);
      _qw_frame_notice (&frame, "尚无组别。");
    }
  _qw_frame_clear (&frame);
}

/* The kinds' table (qw-print-kinds.c) lists this. */
const QwPrintRenderer _qw_print_grades_renderer = {
  .render = render_grades,
};
