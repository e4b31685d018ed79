/* qw-site-rounds.c: the public pages of a group's play: pairings,
 * standings, cross-table and bracket
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-site"

#include "config.h"

#include "qw-knockout.h"
#include "qw-site-pages-private.h"

/* Pairings */

static void
pairing_side (QwHtml            *h,
              const QwSiteGroup *group,
              int                no,
              int                round,
              gboolean           winner)
{
  const QwSitePlayer *p = qw_site_group_find_player (group, no);
  g_autofree char *points = NULL;

  _qw_html_raw (h, winner ? "<td class=\"side win\">" : "<td class=\"side\">");
  if (p == NULL)
    {
      _qw_html_raw (h, "</td>");
      return;
    }
  points = _qw_site_format_points (qw_site_group_points_before (group, no, round));
  _qw_html_printf (h, "<span class=\"no\">%d</span>", p->no);
  _qw_site_player_link (h, group, p->no, p->name);
  _qw_html_raw (h, "<span class=\"pts\">");
  _qw_html_text (h, points);
  _qw_html_raw (h, "分</span><span class=\"unit\">");
  _qw_html_text (h, p->unit);
  _qw_html_raw (h, "</span></td>");
}

static void
pairing_row (QwHtml            *h,
             const QwSiteGroup *group,
             const QwSiteGame  *g,
             const char        *words)
{
  g_autofree char *result = _qw_site_game_result_text (group, g);
  QwOutcome red = qw_result_outcome (g->result, TRUE);

  _qw_html_raw (h, "<tr data-find=\"");
  _qw_html_text (h, words);
  _qw_html_printf (h, "\"><td class=\"board\">%d</td>", g->board);
  pairing_side (h, group, g->red, g->round, red == QW_OUTCOME_WIN || red == QW_OUTCOME_FORFEIT_WIN);
  _qw_html_raw (h, "<td class=\"res\"><span aria-hidden=\"true\">");
  _qw_html_text (h, *result != '\0' ? result : "—");
  _qw_html_raw (h, "</span><span class=\"sr\">");
  _qw_html_text (h, _qw_site_game_result_words (g->result));
  _qw_html_raw (h, "</span></td>");
  if (g->black > 0)
    {
      QwOutcome black = qw_result_outcome (g->result, FALSE);

      pairing_side (h, group, g->black, g->round, black == QW_OUTCOME_WIN || black == QW_OUTCOME_FORFEIT_WIN);
    }
  else
    _qw_html_raw (h, "<td class=\"side note\">轮空</td>");
  _qw_html_raw (h, "</tr>");
}

static void
rounds_nav (QwHtml            *h,
            const QwSiteGroup *group,
            int                current)
{
  _qw_html_raw (h, "<nav aria-label=\"轮次\"><ul class=\"rounds\">");
  for (int r = 1; r <= group->last_round; r++)
    {
      g_autofree char *target = qw_site_page_path (QW_SITE_PAGE_PAIRINGS, group->code, r);
      g_autofree char *label = _qw_site_round_label (group, r);

      _qw_html_raw (h, "<li><a");
      _qw_html_href (h, target);
      if (r == current)
        _qw_html_raw (h, " aria-current=\"page\"");
      _qw_html_raw (h, ">");
      _qw_html_text (h, group->system == QW_SYSTEM_KNOCKOUT ? label : label + strlen ("第"));
      _qw_html_raw (h, "</a></li>");
    }
  _qw_html_raw (h, "</ul></nav>");
}

static void
absent_note (QwHtml            *h,
             const QwSiteGroup *group,
             int                round)
{
  g_autoptr(GString) names = g_string_new (NULL);

  for (guint i = 0; i < group->standings->len; i++)
    {
      const QwStandingRow *row = g_ptr_array_index (group->standings, i);
      const QwRoundCell *cell = _qw_site_round_cell (group, row->no, round);

      if (cell != NULL && cell->absent)
        g_string_append_printf (names, "%s%d %s", names->len > 0 ? "、" : "", row->no, row->name);
    }
  if (names->len == 0)
    return;
  _qw_html_raw (h, "<p class=\"note\">本轮请假或未赛：");
  _qw_html_text (h, names->str);
  _qw_html_raw (h, "</p>");
}

void
_qw_site_pairings_table (QwHtml            *h,
                         const QwSiteGroup *group,
                         int                round,
                         const char        *find)
{
  guint boards = 0, done = 0, shown = 0;
  g_autofree char *label = _qw_site_round_label (group, round);

  for (guint i = 0; i < group->games->len; i++)
    {
      const QwSiteGame *g = g_ptr_array_index (group->games, i);

      if (g->round == round)
        {
          boards++;
          done += g->result != QW_RESULT_NONE;
        }
    }
  _qw_html_printf (h, "<p class=\"meta\">共 %u 台，已出成绩 %u 台</p>", boards, done);
  _qw_html_raw (h, "<div class=\"scroll\"><table class=\"pairings\"><caption class=\"sr\">");
  _qw_html_text (h, group->name);
  _qw_html_text (h, label);
  _qw_html_raw (h, "对阵</caption><thead><tr><th scope=\"col\" class=\"c\">台号</th>"
                   "<th scope=\"col\">红方</th><th scope=\"col\" class=\"c\">结果</th>"
                   "<th scope=\"col\">黑方</th></tr></thead><tbody>");
  for (guint i = 0; i < group->games->len; i++)
    {
      const QwSiteGame *g = g_ptr_array_index (group->games, i);
      g_autoptr(GString) words = NULL;

      if (g->round != round)
        continue;
      words = g_string_new (NULL);
      g_string_append_printf (words, "#%d", g->board);
      _qw_site_add_find_words (words, qw_site_group_find_player (group, g->red));
      _qw_site_add_find_words (words, g->black > 0 ? qw_site_group_find_player (group, g->black) : NULL);
      if (!_qw_site_matches (find, words->str))
        continue;
      pairing_row (h, group, g, words->str);
      shown++;
    }
  _qw_html_raw (h, "</tbody></table></div>");
  _qw_site_found_note (h, find, shown);
  absent_note (h, group, round);
}

void
_qw_site_pairings_body (QwHtml            *h,
                        const QwSiteGroup *group,
                        int                round,
                        const char        *find)
{
  g_autofree char *label = _qw_site_round_label (group, round);
  g_autofree char *title = g_strdup_printf ("%s %s对阵", group->name, label);

  _qw_site_heading (h, 1, NULL, title);
  if (group->last_round == 0)
    {
      _qw_html_raw (h, "<p>本组尚未编排对阵。</p>");
      return;
    }
  rounds_nav (h, group, round);
  _qw_site_pairings_table (h, group, round, find);
}

/* Standings */

/* The chain's tie-breaks that are numbers worth a column (the printed
 * standings' choice): 直胜 and the earlier rounds decide, but add nothing. */
static gboolean
tiebreak_shown (QwTiebreak tb)
{
  return tb != QW_TB_DIRECT && tb != QW_TB_EARLIER_ROUNDS && tb != QW_TB_PROGRESSIVE_CUT;
}

static char *
row_note (const QwSiteGroup   *group,
          const QwStandingRow *row)
{
  g_autoptr(GString) note = g_string_new (_qw_site_status_note (qw_site_group_find_player (group, row->no)));
  g_autoptr(GString) leave = g_string_new (NULL);

  if (note->len == 0 && row->withdrawn)
    g_string_append (note, "退赛");
  for (guint i = 0; row->rounds != NULL && i < row->rounds->len; i++)
    {
      const QwRoundCell *cell = &g_array_index (row->rounds, QwRoundCell, i);

      if (cell->absent && cell->absence == QW_ABSENCE_LEAVE)
        g_string_append_printf (leave, "%s%d", leave->len > 0 ? "、" : "", cell->round);
    }
  if (leave->len > 0)
    g_string_append_printf (note, "%s第%s轮请假", note->len > 0 ? "；" : "", leave->str);
  return g_string_free (g_steal_pointer (&note), FALSE);
}

static void
standings_row (QwHtml              *h,
               const QwSiteGroup   *group,
               const QwStandingRow *row,
               const char          *words,
               gboolean             notes)
{
  g_autofree char *points = _qw_site_format_points (row->points);
  g_autofree char *note = row_note (group, row);

  _qw_html_raw (h, "<tr data-find=\"");
  _qw_html_text (h, words);
  if (row->rank > 0)
    _qw_html_printf (h, "\"><td class=\"n\">%d</td>", row->rank);
  else
    _qw_html_raw (h, "\"><td class=\"n\">—</td>");
  _qw_html_printf (h, "<td class=\"name\"><span class=\"no\">%d</span>", row->no);
  _qw_site_player_link (h, group, row->no, row->name);
  _qw_html_raw (h, "<span class=\"unit\">");
  _qw_html_text (h, row->unit);
  _qw_html_raw (h, "</span></td><td class=\"n\"><strong>");
  _qw_html_text (h, points);
  _qw_html_raw (h, "</strong></td>");
  for (guint t = 0; t < group->chain->len; t++)
    {
      QwTiebreak tb = g_array_index (group->chain, QwTiebreak, t);
      g_autofree char *value = NULL;

      if (!tiebreak_shown (tb))
        continue;
      value = _qw_site_format_points (row->tiebreaks[tb]);
      _qw_html_raw (h, "<td class=\"n\">");
      _qw_html_text (h, value);
      _qw_html_raw (h, "</td>");
    }
  if (notes)
    {
      _qw_html_raw (h, "<td class=\"note\">");
      _qw_html_text (h, note);
      _qw_html_raw (h, "</td>");
    }
  _qw_html_raw (h, "</tr>");
}

static gboolean
any_note (const QwSiteGroup *group)
{
  for (guint i = 0; i < group->standings->len; i++)
    {
      g_autofree char *note = row_note (group, g_ptr_array_index (group->standings, i));

      if (*note != '\0')
        return TRUE;
    }
  return FALSE;
}

static void
standings_table (QwHtml            *h,
                 const QwSiteGroup *group,
                 const char        *find)
{
  gboolean notes = any_note (group);
  guint shown = 0;

  _qw_html_raw (h, "<div class=\"scroll\" role=\"region\" aria-label=\"成绩表，可左右滑动\" tabindex=\"0\">"
                   "<table class=\"standings\"><caption class=\"sr\">");
  _qw_html_text (h, group->name);
  _qw_html_raw (h, "成绩表</caption><thead><tr><th scope=\"col\" class=\"n\">名次</th>"
                   "<th scope=\"col\" class=\"name\">姓名</th><th scope=\"col\" class=\"n\">积分</th>");
  for (guint t = 0; t < group->chain->len; t++)
    {
      QwTiebreak tb = g_array_index (group->chain, QwTiebreak, t);

      if (!tiebreak_shown (tb))
        continue;
      _qw_html_raw (h, "<th scope=\"col\" class=\"n\">");
      _qw_html_text (h, qw_tiebreak_to_chinese (tb));
      _qw_html_raw (h, "</th>");
    }
  _qw_html_raw (h, notes ? "<th scope=\"col\">备注</th></tr></thead><tbody>" : "</tr></thead><tbody>");
  for (guint i = 0; i < group->standings->len; i++)
    {
      const QwStandingRow *row = g_ptr_array_index (group->standings, i);
      g_autofree char *words = g_strdup_printf ("#%d %s %s", row->no, row->name, row->unit);

      if (!_qw_site_matches (find, words))
        continue;
      standings_row (h, group, row, words, notes);
      shown++;
    }
  _qw_html_raw (h, "</tbody></table></div>");
  _qw_site_found_note (h, find, shown);
}

/* Before the first result: the players, by 序号. */
static void
entry_list (QwHtml            *h,
            const QwSiteGroup *group,
            const char        *find)
{
  guint shown = 0;

  _qw_html_printf (h, "<p class=\"meta\">尚未录入成绩。参赛选手 %u 名：</p>", group->players->len);
  _qw_html_raw (h, "<div class=\"scroll\"><table><thead><tr><th scope=\"col\" class=\"n\">序号</th>"
                   "<th scope=\"col\">姓名</th><th scope=\"col\">单位</th><th scope=\"col\">等级</th>"
                   "</tr></thead><tbody>");
  for (guint i = 0; i < group->players->len; i++)
    {
      const QwSitePlayer *p = g_ptr_array_index (group->players, i);
      g_autofree char *words = g_strdup_printf ("#%d %s %s", p->no, p->name, p->unit);

      if (!_qw_site_matches (find, words))
        continue;
      _qw_html_raw (h, "<tr data-find=\"");
      _qw_html_text (h, words);
      _qw_html_printf (h, "\"><td class=\"n\">%d</td><td>", p->no);
      _qw_site_player_link (h, group, p->no, p->name);
      _qw_html_raw (h, "</td><td>");
      _qw_html_text (h, p->unit);
      _qw_html_raw (h, "</td><td>");
      _qw_html_text (h, p->grade);
      _qw_html_raw (h, "</td></tr>");
      shown++;
    }
  _qw_html_raw (h, "</tbody></table></div>");
  _qw_site_found_note (h, find, shown);
}

void
_qw_site_standings_body (QwHtml            *h,
                         const QwSiteGroup *group,
                         const char        *find)
{
  g_autofree char *title = g_strdup_printf ("%s 成绩表", group->name);

  _qw_site_heading (h, 1, NULL, title);
  if (!group->has_results)
    {
      entry_list (h, group, find);
      return;
    }
  _qw_html_printf (h, "<p class=\"meta\">%s · 第%d轮后（共%d轮）</p>",
                   qw_system_to_chinese (group->system), group->last_round, group->total_rounds);
  standings_table (h, group, find);
}

/* Cross-table */

static void
cross_cell (QwHtml              *h,
            const QwSiteGroup   *group,
            const QwStandingRow *row,
            int                  opponent)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; row->rounds != NULL && i < row->rounds->len; i++)
    {
      const QwRoundCell *cell = &g_array_index (row->rounds, QwRoundCell, i);
      g_autofree char *points = NULL;

      if (cell->opponent_no != opponent || cell->result == QW_RESULT_NONE)
        continue;
      points = _qw_site_format_points (cell->points);
      if (text->len > 0)
        g_string_append_c (text, ' ');
      g_string_append (text, qw_result_forfeited_by (cell->result, cell->colour == 'R') ? "-"
                             : qw_result_forfeited_by (cell->result, cell->colour != 'R') ? "+" : points);
    }
  _qw_html_raw (h, "<td>");
  _qw_html_text (h, text->str);
  _qw_html_raw (h, "</td>");
}

void
_qw_site_crosstable_body (QwHtml            *h,
                          const QwSiteGroup *group)
{
  g_autofree char *title = g_strdup_printf ("%s 交叉表", group->name);

  _qw_site_heading (h, 1, h->mode == QW_SITE_SINGLE ? "crosstable" : NULL, title);
  _qw_html_raw (h, "<p class=\"meta\">每格为该行选手对该列选手的得分；+ 为对手弃权，- 为本人弃权。</p>"
                   "<div class=\"scroll\" role=\"region\" aria-label=\"交叉表，可左右滑动\" tabindex=\"0\">"
                   "<table class=\"cross\"><thead><tr><th scope=\"col\" class=\"name\">姓名</th>");
  for (guint c = 0; c < group->standings->len; c++)
    _qw_html_printf (h, "<th scope=\"col\">%u</th>", c + 1);
  _qw_html_raw (h, "<th scope=\"col\">积分</th><th scope=\"col\">名次</th></tr></thead><tbody>");
  for (guint r = 0; r < group->standings->len; r++)
    {
      const QwStandingRow *row = g_ptr_array_index (group->standings, r);
      g_autofree char *points = _qw_site_format_points (row->points);

      _qw_html_printf (h, "<tr><th scope=\"row\" class=\"name\">%u. ", r + 1);
      _qw_site_player_link (h, group, row->no, row->name);
      _qw_html_raw (h, "</th>");
      for (guint c = 0; c < group->standings->len; c++)
        {
          const QwStandingRow *col = g_ptr_array_index (group->standings, c);

          if (c == r)
            _qw_html_raw (h, "<td class=\"self\"><span class=\"sr\">本人</span></td>");
          else
            cross_cell (h, group, row, col->no);
        }
      _qw_html_raw (h, "<td><strong>");
      _qw_html_text (h, points);
      if (row->rank > 0)
        _qw_html_printf (h, "</strong></td><td>%d</td></tr>", row->rank);
      else
        _qw_html_raw (h, "</strong></td><td>—</td></tr>");
    }
  _qw_html_raw (h, "</tbody></table></div>");
}

/* Bracket */

static QwKnockoutWinner
site_game_winner (const QwSiteGame *g)
{
  QwGame game = { 0 };

  game.result = g->result;
  game.playoff = g->playoff;
  game.armageddon = g->armageddon;
  return qw_knockout_winner (&game);
}

static void
match_side (QwHtml            *h,
            const QwSiteGroup *group,
            int                no,
            const char        *score,
            gboolean           winner)
{
  const QwSitePlayer *p = no > 0 ? qw_site_group_find_player (group, no) : NULL;

  _qw_html_raw (h, winner ? "<p class=\"win\"><span>" : "<p><span>");
  if (p != NULL)
    {
      _qw_html_printf (h, "<span class=\"no\">%d</span>", p->no);
      _qw_site_player_link (h, group, p->no, p->name);
      if (winner)
        _qw_html_raw (h, "<span class=\"sr\">（胜出）</span>");
    }
  else
    _qw_html_raw (h, "<span class=\"note\">轮空</span>");
  _qw_html_raw (h, "</span><span>");
  _qw_html_text (h, score);
  _qw_html_raw (h, "</span></p>");
}

static void
bracket_match (QwHtml            *h,
               const QwSiteGroup *group,
               const QwSiteGame  *g)
{
  QwKnockoutWinner winner = site_game_winner (g);
  const QwRoundCell *red = _qw_site_round_cell (group, g->red, g->round);
  const QwRoundCell *black = g->black > 0 ? _qw_site_round_cell (group, g->black, g->round) : NULL;
  g_autofree char *r = NULL, *b = NULL;
  gboolean scored = g->result != QW_RESULT_NONE && g->result != QW_RESULT_BYE;

  r = scored && red != NULL ? _qw_site_format_points (red->points) : g_strdup ("");
  b = scored && black != NULL ? _qw_site_format_points (black->points) : g_strdup ("");
  _qw_html_printf (h, "<div class=\"match\" role=\"group\" aria-label=\"第%d台\">", g->board);
  match_side (h, group, g->red, r, winner == QW_KNOCKOUT_RED);
  match_side (h, group, g->black, b, winner == QW_KNOCKOUT_BLACK);
  if (g->result == QW_RESULT_DRAW && g->playoff != QW_PLAYOFF_NONE)
    {
      _qw_html_raw (h, "<p class=\"how\">");
      _qw_html_text (h, qw_playoff_to_chinese (g->playoff));
      _qw_html_raw (h, "</p>");
    }
  else if (g->result == QW_RESULT_NONE && g->black > 0)
    _qw_html_raw (h, "<p class=\"how\">待赛</p>");
  _qw_html_raw (h, "</div>");
}

void
_qw_site_bracket_body (QwHtml            *h,
                       const QwSiteGroup *group)
{
  g_autofree char *title = g_strdup_printf ("%s 淘汰赛对阵图", group->name);

  _qw_site_heading (h, 1, h->mode == QW_SITE_SINGLE ? "bracket" : NULL, title);
  if (group->last_round == 0)
    {
      _qw_html_raw (h, "<p>本组尚未编排对阵。</p>");
      return;
    }
  _qw_html_raw (h, "<div class=\"bracket\">");
  for (int round = 1; round <= group->last_round; round++)
    {
      g_autofree char *label = _qw_site_round_label (group, round);

      _qw_html_raw (h, "<section>");
      _qw_site_heading (h, 2, NULL, label);
      for (guint i = 0; i < group->games->len; i++)
        {
          const QwSiteGame *g = g_ptr_array_index (group->games, i);

          if (g->round == round)
            bracket_match (h, group, g);
        }
      _qw_html_raw (h, "</section>");
    }
  for (int round = group->last_round + 1; round <= group->total_rounds; round++)
    {
      g_autofree char *label = _qw_site_round_label (group, round);

      _qw_html_raw (h, "<section>");
      _qw_site_heading (h, 2, NULL, label);
      _qw_html_raw (h, "<p class=\"note\">待上一轮结束后编排</p></section>");
    }
  _qw_html_raw (h, "</div>");
}
