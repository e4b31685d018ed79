/* qw-site-parts.c: the small pieces every public page is made of
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-site"

#include "config.h"

#include "qw-knockout.h"
#include "qw-site-pages-private.h"

/* Small pieces */

char *
_qw_site_format_points (double points)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  return g_strdup (g_ascii_formatd (buffer, sizeof buffer, "%g", points));
}

/* h1 on a page, one level down in the one-file export. */
void
_qw_site_heading (QwHtml     *h,
                  int         level,
                  const char *id,
                  const char *text)
{
  int l = MIN (level + (h->mode == QW_SITE_SINGLE ? 1 : 0), 6);

  if (id != NULL)
    _qw_html_printf (h, "<h%d id=\"%s\">", l, id);
  else
    _qw_html_printf (h, "<h%d>", l);
  _qw_html_text (h, text);
  _qw_html_printf (h, "</h%d>", l);
}

void
_qw_site_player_link (QwHtml            *h,
                      const QwSiteGroup *group,
                      int                no,
                      const char        *name)
{
  g_autofree char *target = qw_site_page_path (QW_SITE_PAGE_PLAYER, group->code, no);

  _qw_html_raw (h, "<a");
  _qw_html_href (h, target);
  _qw_html_raw (h, ">");
  _qw_html_text (h, name);
  _qw_html_raw (h, "</a>");
}

const char *
_qw_site_status_note (const QwSitePlayer *p)
{
  if (p == NULL)
    return "";
  if (p->status == QW_STATUS_EXCLUDED)
    return "不具备参赛资格";
  if (p->status == QW_STATUS_LATE)
    return "迟到报名，待审核";
  if (p->withdrawn || p->status == QW_STATUS_WITHDRAWN)
    return "退赛";
  return "";
}

/* The round's name: knockouts name their last rounds. */
char *
_qw_site_round_label (const QwSiteGroup *group,
                      int                round)
{
  if (group->system == QW_SYSTEM_KNOCKOUT && group->total_rounds > 0)
    {
      int left = group->total_rounds - round;

      if (left == 0)
        return g_strdup ("决赛");
      if (left == 1)
        return g_strdup ("半决赛");
      if (left == 2)
        return g_strdup ("1/4决赛");
      if (left == 3)
        return g_strdup ("1/8决赛");
    }
  return g_strdup_printf ("第%d轮", round);
}

const QwRoundCell *
_qw_site_round_cell (const QwSiteGroup *group,
                     int                no,
                     int                round)
{
  const QwStandingRow *row = qw_site_group_find_row (group, no);

  for (guint i = 0; row != NULL && row->rounds != NULL && i < row->rounds->len; i++)
    {
      const QwRoundCell *cell = &g_array_index (row->rounds, QwRoundCell, i);

      if (cell->round == round)
        return cell;
    }
  return NULL;
}

/* "2:0", "1:1 加赛红胜", "+:-"; "" before the result. */
char *
_qw_site_game_result_text (const QwSiteGroup *group,
                           const QwSiteGame  *g)
{
  const QwRoundCell *red = _qw_site_round_cell (group, g->red, g->round);
  const QwRoundCell *black = g->black > 0 ? _qw_site_round_cell (group, g->black, g->round) : NULL;
  g_autofree char *r = NULL, *b = NULL;

  switch (g->result)
    {
    case QW_RESULT_RED_WIN:
    case QW_RESULT_DRAW:
    case QW_RESULT_BLACK_WIN:
      r = _qw_site_format_points (red != NULL ? red->points : 0);
      b = _qw_site_format_points (black != NULL ? black->points : 0);
      if (g->result == QW_RESULT_DRAW && g->playoff != QW_PLAYOFF_NONE)
        return g_strdup_printf ("%s:%s %s", r, b, qw_playoff_to_chinese (g->playoff));
      return g_strdup_printf ("%s:%s", r, b);
    case QW_RESULT_RED_BY_FORFEIT:
      return g_strdup ("+:-");
    case QW_RESULT_BLACK_BY_FORFEIT:
      return g_strdup ("-:+");
    case QW_RESULT_DOUBLE_FORFEIT:
      return g_strdup ("-:-");
    case QW_RESULT_BYE:
      return g_strdup ("轮空");
    case QW_RESULT_NONE:
    default:
      return g_strdup ("");
    }
}

/* What a screen reader says for the result column. */
const char *
_qw_site_game_result_words (QwResult result)
{
  switch (result)
    {
    case QW_RESULT_RED_WIN:
      return "红方胜";
    case QW_RESULT_DRAW:
      return "和棋";
    case QW_RESULT_BLACK_WIN:
      return "黑方胜";
    case QW_RESULT_RED_BY_FORFEIT:
      return "黑方弃权，红方胜";
    case QW_RESULT_BLACK_BY_FORFEIT:
      return "红方弃权，黑方胜";
    case QW_RESULT_DOUBLE_FORFEIT:
      return "双方弃权";
    case QW_RESULT_BYE:
      return "轮空";
    case QW_RESULT_NONE:
    default:
      return "尚无结果";
    }
}

/* One player's outcome of a round: 胜, 和, 负, … */
const char *
_qw_site_cell_outcome (const QwRoundCell *cell)
{
  if (cell->absent)
    return cell->absence == QW_ABSENCE_LEAVE ? "请假" : "迟到未赛";
  switch (qw_result_outcome (cell->result, cell->colour != 'B'))
    {
    case QW_OUTCOME_WIN:
      return "胜";
    case QW_OUTCOME_DRAW:
      return "和";
    case QW_OUTCOME_LOSS:
      return "负";
    case QW_OUTCOME_BYE:
      return "轮空";
    case QW_OUTCOME_FORFEIT_WIN:
      return "对手弃权";
    case QW_OUTCOME_FORFEIT_LOSS:
      return "弃权";
    case QW_OUTCOME_LEFT:
      return "逃跑";
    case QW_OUTCOME_OPPONENT_LEFT:
      return "对手逃跑";
    case QW_OUTCOME_NONE:
    default:
      return cell->result == QW_RESULT_NONE && cell->opponent_no > 0 ? "待赛" : "";
    }
}

/* Whether @find (a name, unit, 序号 or board) matches; the page script's rule. */
gboolean
_qw_site_matches (const char *find,
                  const char *haystack)
{
  g_autofree char *padded = NULL;
  g_autofree char *token = NULL;
  g_autofree char *lower_hay = NULL;
  g_autofree char *lower_find = NULL;

  if (find == NULL || *find == '\0')
    return TRUE;
  padded = g_strdup_printf (" %s ", haystack);
  if (_qw_site_parse_number (find) > 0)
    {
      token = g_strdup_printf (" #%s ", find);
      return strstr (padded, token) != NULL;
    }
  lower_hay = g_utf8_strdown (padded, -1);
  lower_find = g_utf8_strdown (find, -1);
  return strstr (lower_hay, lower_find) != NULL;
}

void
_qw_site_add_find_words (GString            *words,
                         const QwSitePlayer *p)
{
  if (p == NULL)
    return;
  g_string_append_printf (words, " #%d %s %s", p->no, p->name, p->unit);
}

void
_qw_site_found_note (QwHtml     *h,
                     const char *find,
                     guint       found)
{
  if (find == NULL || *find == '\0')
    return;
  _qw_html_raw (h, "<p class=\"meta\">");
  if (found > 0)
    _qw_html_printf (h, "“");
  else
    _qw_html_raw (h, "没有找到“");
  _qw_html_text (h, find);
  if (found > 0)
    _qw_html_printf (h, "”：%u 行 · ", found);
  else
    _qw_html_raw (h, "”。");
  _qw_html_raw (h, "<a");
  _qw_html_href (h, h->here);
  _qw_html_raw (h, ">显示全部</a></p>");
}
