/* qw-site-players.c: the public pages of a player, the index, a
 * certificate's check, and the JSON
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-site"

#include "config.h"

#include <json-glib/json-glib.h>
#include <math.h>

#include "qw-site-pages-private.h"

/* Player */

static int
board_of (const QwSiteGroup *group,
          int                no,
          int                round)
{
  for (guint i = 0; i < group->games->len; i++)
    {
      const QwSiteGame *g = g_ptr_array_index (group->games, i);

      if (g->round == round && (g->red == no || g->black == no))
        return g->board;
    }
  return 0;
}

static gboolean
pending_cell (const QwSiteGroup *group,
              int                no,
              int                round,
              QwRoundCell       *cell)
{
  for (guint i = 0; i < group->games->len; i++)
    {
      const QwSiteGame *g = g_ptr_array_index (group->games, i);

      if (g->round != round || (g->red != no && g->black != no))
        continue;
      cell->opponent_no = g->red == no ? g->black : g->red;
      cell->colour = g->black == 0 ? 0 : g->red == no ? 'R' : 'B';
      cell->result = g->black == 0 ? QW_RESULT_BYE : QW_RESULT_NONE;
      return TRUE;
    }
  return FALSE;
}

static void
player_round (QwHtml            *h,
              const QwSiteGroup *group,
              int                no,
              const QwRoundCell *cell,
              double             total)
{
  const QwSitePlayer *opponent = cell->opponent_no > 0 ? qw_site_group_find_player (group, cell->opponent_no) : NULL;
  int board = board_of (group, no, cell->round);
  g_autofree char *points = _qw_site_format_points (cell->points);
  g_autofree char *sum = _qw_site_format_points (total);
  g_autofree char *label = _qw_site_round_label (group, cell->round);

  _qw_html_raw (h, "<tr><td>");
  _qw_html_text (h, label);
  _qw_html_raw (h, "</td><td class=\"c\">");
  if (board > 0)
    _qw_html_printf (h, "%d", board);
  _qw_html_raw (h, "</td><td class=\"c\">");
  _qw_html_text (h, cell->colour == 'R' ? "红" : cell->colour == 'B' ? "黑" : "");
  _qw_html_raw (h, "</td><td>");
  if (opponent != NULL)
    {
      _qw_html_printf (h, "<span class=\"no\">%d</span>", opponent->no);
      _qw_site_player_link (h, group, opponent->no, opponent->name);
    }
  _qw_html_raw (h, "</td><td class=\"c\">");
  _qw_html_text (h, _qw_site_cell_outcome (cell));
  _qw_html_raw (h, "</td><td class=\"n\">");
  if (cell->result != QW_RESULT_NONE || cell->absent)
    _qw_html_text (h, points);
  _qw_html_raw (h, "</td><td class=\"n\">");
  _qw_html_text (h, sum);
  _qw_html_raw (h, "</td></tr>");
}

void
_qw_site_player_body (QwHtml             *h,
                      const QwSiteGroup  *group,
                      const QwSitePlayer *p,
                      int                 level)
{
  const QwStandingRow *row = qw_site_group_find_row (group, p->no);
  g_autofree char *title = g_strdup_printf ("%s（%d号）", p->name, p->no);
  g_autofree char *id = g_strdup_printf ("player-%d", p->no);
  const char *note = _qw_site_status_note (p);
  double total = 0;

  _qw_site_heading (h, level, h->mode == QW_SITE_SINGLE ? id : NULL, title);
  _qw_html_raw (h, "<p class=\"meta\">");
  _qw_html_text (h, group->name);
  if (*p->unit != '\0')
    {
      _qw_html_raw (h, " · ");
      _qw_html_text (h, p->unit);
    }
  if (*p->grade != '\0')
    {
      _qw_html_raw (h, " · ");
      _qw_html_text (h, p->grade);
    }
  if (*note != '\0')
    {
      _qw_html_raw (h, " · ");
      _qw_html_text (h, note);
    }
  if (row != NULL && group->has_results)
    {
      g_autofree char *points = _qw_site_format_points (row->points);

      if (row->rank > 0)
        _qw_html_printf (h, " · 现列第%d名，积分 ", row->rank);
      else
        _qw_html_raw (h, " · 无名次，积分 ");
      _qw_html_text (h, points);
    }
  _qw_html_raw (h, "</p>");
  if (group->last_round == 0)
    {
      _qw_html_raw (h, "<p>尚无对局。</p>");
      return;
    }
  _qw_html_raw (h, "<div class=\"scroll\"><table><thead><tr><th scope=\"col\">轮次</th>"
                   "<th scope=\"col\" class=\"c\">台号</th><th scope=\"col\" class=\"c\">先后</th><th scope=\"col\">对手</th>"
                   "<th scope=\"col\" class=\"c\">结果</th><th scope=\"col\" class=\"n\">得分</th>"
                   "<th scope=\"col\" class=\"n\">累计</th></tr></thead><tbody>");
  for (int r = 1; r <= group->last_round; r++)
    {
      const QwRoundCell *cell = _qw_site_round_cell (group, p->no, r);
      QwRoundCell pending = { .round = r };

      /* A round paired but not played yet has no cell in the standings. */
      if (cell == NULL && !pending_cell (group, p->no, r, &pending))
        continue;
      if (cell == NULL)
        cell = &pending;
      total += cell->points;
      player_round (h, group, p->no, cell, total);
    }
  _qw_html_raw (h, "</tbody></table></div>");
}

/* Index */

static void
group_card (QwHtml            *h,
            const QwSiteGroup *group)
{
  g_autofree char *pairings = qw_site_page_path (QW_SITE_PAGE_PAIRINGS, group->code, 0);
  g_autofree char *standings = qw_site_page_path (QW_SITE_PAGE_STANDINGS, group->code, 0);

  _qw_html_raw (h, "<li><h2>");
  _qw_html_text (h, group->name);
  _qw_html_printf (h, "</h2><p class=\"meta\">%s · %u 人 · ", qw_system_to_chinese (group->system),
                   group->players->len);
  if (group->last_round == 0)
    _qw_html_raw (h, "尚未开赛");
  else
    _qw_html_printf (h, "第%d轮（共%d轮）", group->last_round, group->total_rounds);
  _qw_html_raw (h, "</p><p class=\"links\"><a");
  _qw_html_href (h, pairings);
  _qw_html_raw (h, ">对阵</a><a");
  _qw_html_href (h, standings);
  _qw_html_raw (h, ">成绩</a>");
  if (group->system == QW_SYSTEM_ROUND_ROBIN || group->system == QW_SYSTEM_KNOCKOUT)
    {
      g_autofree char *table = qw_site_page_path (group->system == QW_SYSTEM_ROUND_ROBIN
                                                  ? QW_SITE_PAGE_CROSSTABLE : QW_SITE_PAGE_BRACKET,
                                                  group->code, 0);

      _qw_html_raw (h, "<a");
      _qw_html_href (h, table);
      _qw_html_raw (h, group->system == QW_SYSTEM_ROUND_ROBIN ? ">交叉表</a>" : ">对阵图</a>");
    }
  /* The folder also holds the group as one file (qw-site-export.h). */
  if (h->mode == QW_SITE_STATIC)
    {
      g_autofree char *single = qw_site_group_file (group->code);

      _qw_html_raw (h, "<a href=\"");
      _qw_html_text (h, single);
      _qw_html_raw (h, "\">单页版</a>");
    }
  _qw_html_raw (h, "</p></li>");
}

static void
verify_form (QwHtml *h)
{
  /* Served: the form asks /verify/?code=; in a folder, the script opens the
   * code's page (verify/CODE/index.html). */
  _qw_html_raw (h, "<h2>证书查验</h2><form class=\"find\" id=\"verify\" method=\"get\" action=\"");
  if (h->mode == QW_SITE_LIVE)
    _qw_html_raw (h, "/verify/");
  _qw_html_raw (h, "\"><label for=\"code\">验证码</label><input id=\"code\" name=\"code\" "
                   "autocomplete=\"off\" autocapitalize=\"characters\" placeholder=\"证书上的10位验证码\">"
                   "<button type=\"submit\">查验</button></form>");
  if (h->mode == QW_SITE_STATIC)
    _qw_html_raw (h, "<script>document.getElementById('verify').addEventListener('submit',function(e){"
                     "e.preventDefault();var c=document.getElementById('code').value.toUpperCase()"
                     ".replace(/[\\s-]/g,'').replace(/O/g,'0').replace(/[IL]/g,'1');"
                     "location.href='verify/'+encodeURIComponent(c)+'/index.html';});</script>");
}

/* Every player of the event, for the search at the top of the home page
 * (issue 19 point 25): one row each with a link to the player's page. The
 * page's own script (no outside resource, allowed by QW_SITE_CSP, the same
 * in an exported folder opened offline) filters the rows as one types and
 * opens the list; without scripts the list opens by a tap and the
 * browser's own find does the rest. */
static void
player_index (QwHtml    *h,
              GPtrArray *groups)
{
  guint count = 0;

  for (guint i = 0; i < groups->len; i++)
    count += ((const QwSiteGroup *) g_ptr_array_index (groups, i))->players->len;
  if (count == 0)
    return;
  _qw_html_printf (h, "<details class=\"players\" id=\"players\"><summary>全部棋手（%u 人）</summary>"
                      "<div class=\"scroll\"><table><thead><tr><th>姓名</th><th>单位</th><th>组别</th>"
                      "</tr></thead><tbody>", count);
  for (guint i = 0; i < groups->len; i++)
    {
      const QwSiteGroup *group = g_ptr_array_index (groups, i);

      for (guint p = 0; p < group->players->len; p++)
        {
          const QwSitePlayer *player = g_ptr_array_index (group->players, p);
          g_autofree char *page = qw_site_page_path (QW_SITE_PAGE_PLAYER, group->code, player->no);
          g_autofree char *words = g_strdup_printf ("#%d %s %s %s", player->no, player->name,
                                                    player->unit != NULL ? player->unit : "", group->name);

          _qw_html_raw (h, "<tr data-find=\"");
          _qw_html_text (h, words);
          _qw_html_raw (h, "\"><td><a");
          _qw_html_href (h, page);
          _qw_html_raw (h, ">");
          _qw_html_text (h, player->name);
          _qw_html_raw (h, "</a></td><td>");
          _qw_html_text (h, player->unit != NULL ? player->unit : "");
          _qw_html_raw (h, "</td><td>");
          _qw_html_text (h, group->name);
          _qw_html_raw (h, "</td></tr>");
        }
    }
  _qw_html_raw (h, "</tbody></table></div></details>");
}

void
_qw_site_index_body (QwHtml *h)
{
  const QwEvent *event = qw_site_get_event (h->site);
  GPtrArray *groups = qw_site_get_groups (h->site);
  g_autofree char *start = qw_date_to_chinese (event->start_date);
  g_autofree char *end = qw_date_to_chinese (event->end_date);

  _qw_site_heading (h, 1, NULL, event->name);
  _qw_html_raw (h, "<p class=\"meta\">");
  _qw_html_text (h, start);
  if (*end != '\0' && g_strcmp0 (start, end) != 0)
    {
      _qw_html_raw (h, "至");
      _qw_html_text (h, end);
    }
  if (event->venue != NULL && *event->venue != '\0')
    {
      _qw_html_raw (h, " · ");
      _qw_html_text (h, event->venue);
    }
  _qw_html_raw (h, "</p>");
  if (groups->len == 0)
    _qw_html_raw (h, "<p>尚无组别。</p>");
  /* Under the search at the top: a hit shows without scrolling past the groups. */
  player_index (h, groups);
  _qw_html_raw (h, "<ul class=\"groups\">");
  for (guint i = 0; i < groups->len; i++)
    group_card (h, g_ptr_array_index (groups, i));
  _qw_html_raw (h, "</ul>");
  if (h->mode != QW_SITE_SINGLE)
    verify_form (h);
}

/* Verify */

void
_qw_site_verify_body (QwHtml                   *h,
                      const char               *typed,
                      const QwCertificateCheck *check)
{
  g_autofree char *shown = NULL;
  g_autofree char *normal = NULL;

  _qw_site_heading (h, 1, NULL, "证书查验");
  if (check != NULL && check->valid)
    {
      g_autofree char *place = g_strdup_printf ("第%d名", check->place);

      shown = qw_certificate_code_format (check->code);
      _qw_html_raw (h, "<div class=\"card ok\" role=\"status\"><strong>✔ 证书有效</strong>：验证码 ");
      _qw_html_text (h, shown);
      _qw_html_raw (h, " 是本次比赛颁发的证书，证明：<dl><dt>姓名</dt><dd>");
      _qw_html_text (h, check->name);
      _qw_html_raw (h, "</dd><dt>比赛</dt><dd>");
      _qw_html_text (h, check->event);
      _qw_html_raw (h, "</dd><dt>组别</dt><dd>");
      _qw_html_text (h, check->group);
      _qw_html_raw (h, "</dd><dt>名次</dt><dd>");
      _qw_html_text (h, place);
      _qw_html_raw (h, "</dd><dt>称号</dt><dd>");
      _qw_html_text (h, check->title);
      _qw_html_raw (h, "</dd></dl></div><p class=\"note\">请核对证书上的姓名、组别和名次与上面一致。</p>");
      return;
    }
  _qw_html_raw (h, "<div class=\"card bad\" role=\"status\"><strong>✘ 未能核实</strong>：");
  normal = qw_certificate_code_normalize (typed);
  if (normal == NULL)
    {
      _qw_html_raw (h, "“");
      _qw_html_text (h, typed);
      _qw_html_raw (h, "”不是证书验证码（验证码为10位数字和字母）。");
    }
  else
    {
      shown = qw_certificate_code_format (normal);
      _qw_html_raw (h, "本次比赛没有颁发验证码为 ");
      _qw_html_text (h, shown);
      _qw_html_raw (h, " 的证书。");
    }
  _qw_html_raw (h, "</div><p class=\"note\">请核对验证码。成绩更正后，此前打印的证书不再有效，"
                   "以重新打印的为准；如有疑问请联系承办单位。</p>");
}

/* Not found */

void
_qw_site_not_found_body (QwHtml              *h,
                         const QwSiteRequest *request,
                         const QwSiteGroup   *group)
{
  _qw_site_heading (h, 1, NULL, "找不到这个页面");
  _qw_html_raw (h, "<p>");
  if (request->group != NULL && group == NULL)
    {
      _qw_html_raw (h, "本次比赛没有代码为“");
      _qw_html_text (h, request->group);
      _qw_html_raw (h, "”的组别。");
    }
  else if (group != NULL && request->kind == QW_SITE_PAGE_PAIRINGS)
    _qw_html_printf (h, "本组没有第%d轮（已编排到第%d轮）。", MAX (request->round, 0), group->last_round);
  else if (group != NULL && request->kind == QW_SITE_PAGE_PLAYER)
    _qw_html_raw (h, "本组没有这个序号的选手。");
  else if (group != NULL && request->kind == QW_SITE_PAGE_CROSSTABLE)
    _qw_html_raw (h, "本组不是循环赛，没有交叉表。");
  else if (group != NULL && request->kind == QW_SITE_PAGE_BRACKET)
    _qw_html_raw (h, "本组不是淘汰赛，没有对阵图。");
  else
    _qw_html_raw (h, "地址有误，或页面已不存在。");
  _qw_html_raw (h, "</p><p><a");
  _qw_html_href (h, "");
  _qw_html_raw (h, ">返回比赛首页</a></p>");
}

/* JSON */

static void
set_number_member (JsonObject *o,
                   const char *member,
                   double      value)
{
  /* As the CLI writes it: integers as integers. */
  if (value == floor (value) && fabs (value) < 1e15)
    json_object_set_int_member (o, member, (gint64) value);
  else
    json_object_set_double_member (o, member, value);
}

static char *
json_text (JsonNode *node)
{
  g_autoptr(JsonGenerator) generator = json_generator_new ();

  json_generator_set_pretty (generator, TRUE);
  json_generator_set_root (generator, node);
  return json_generator_to_data (generator, NULL);
}

char *
qw_site_standings_json (const QwSiteGroup *group)
{
  g_autoptr(JsonNode) root = json_node_new (JSON_NODE_ARRAY);
  JsonArray *array = json_array_new ();

  for (guint i = 0; i < group->standings->len; i++)
    {
      const QwStandingRow *row = g_ptr_array_index (group->standings, i);
      JsonObject *o = json_object_new ();
      JsonObject *tiebreaks = json_object_new ();

      if (row->rank > 0)
        json_object_set_int_member (o, "rank", row->rank);
      else
        json_object_set_null_member (o, "rank");
      json_object_set_int_member (o, "no", row->no);
      json_object_set_string_member (o, "name", row->name);
      json_object_set_string_member (o, "unit", row->unit);
      set_number_member (o, "points", row->points);
      for (int t = 0; t < QW_N_TIEBREAKS; t++)
        set_number_member (tiebreaks, qw_tiebreak_to_code ((QwTiebreak) t), row->tiebreaks[t]);
      json_object_set_object_member (o, "tiebreaks", tiebreaks);
      json_array_add_object_element (array, o);
    }
  json_node_take_array (root, array);
  return json_text (root);
}

/* {"valid", "name", "event", "group", "place", "title"}: null when not valid. */
char *
qw_site_check_json (const QwCertificateCheck *check)
{
  g_autoptr(JsonNode) root = json_node_new (JSON_NODE_OBJECT);
  JsonObject *o = json_object_new ();
  gboolean valid = check != NULL && check->valid;

  json_object_set_boolean_member (o, "valid", valid);
  if (valid)
    {
      json_object_set_string_member (o, "name", check->name);
      json_object_set_string_member (o, "event", check->event);
      json_object_set_string_member (o, "group", check->group);
      json_object_set_int_member (o, "place", check->place);
      json_object_set_string_member (o, "title", check->title);
    }
  else
    {
      json_object_set_null_member (o, "name");
      json_object_set_null_member (o, "event");
      json_object_set_null_member (o, "group");
      json_object_set_null_member (o, "place");
      json_object_set_null_member (o, "title");
    }
  json_node_take_object (root, o);
  return json_text (root);
}
