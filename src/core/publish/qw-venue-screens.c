/* qw-venue-screens.c: the hall's screens (see qw-venue-screens.h)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-venue"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "qw-group-code.h"
#include "qw-site-pages.h"
#include "qw-venue-screens.h"

/* Made for 1920×1080 seen from 5 m: 38 px type (a 55" screen: 2.3 cm), on a
 * dark ground. */
static const char screen_style[] =
  "*{box-sizing:border-box;margin:0;padding:0}"
  "html,body{width:100%;height:100%;overflow:hidden;background:#10161f;color:#f4f1e8;"
  "font-family:'Noto Sans CJK SC','Source Han Sans SC','WenQuanYi Zen Hei',sans-serif}"
  "body{display:flex;flex-direction:column;padding:24px 48px}"
  "header{display:flex;align-items:baseline;gap:32px;border-bottom:4px solid #c8102e;"
  "padding-bottom:10px;margin-bottom:8px;height:78px}"
  "header h1{font-size:44px;font-weight:700;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;flex:1}"
  "header .round{font-size:40px;color:#ffd166;white-space:nowrap}"
  "header .clock{font-size:36px;color:#9ad1ff;white-space:nowrap}"
  "table{width:100%;border-collapse:collapse;table-layout:fixed;font-size:38px}"
  "th{font-size:28px;color:#aab4c3;font-weight:400;text-align:left;padding:0 12px;height:44px}"
  "td{padding:0 12px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;height:54px;line-height:54px}"
  "tr:nth-child(even) td{background:#1a2330}"
  "td.n{text-align:right;font-variant-numeric:tabular-nums}"
  "td.b{text-align:center;color:#ffd166;font-weight:700}"
  "td.r{text-align:center;font-weight:700;color:#7ee081}"
  "td.u{color:#aab4c3;font-size:30px}"
  "footer{margin-top:auto;display:flex;justify-content:space-between;font-size:26px;color:#aab4c3;height:40px;"
  "align-items:flex-end}"
  ".empty{font-size:48px;text-align:center;margin-top:200px;color:#aab4c3}";

typedef struct
{
  GString *out;
} Page;

static void
text (Page       *p,
      const char *t)
{
  g_autofree char *escaped = g_markup_escape_text (t != NULL ? t : "", -1);

  g_string_append (p->out, escaped);
}

static void
begin (Page               *p,
       const QwSite       *site,
       const QwSiteGroup  *group,
       const char         *what,
       const char         *next_url,
       QwScreenClockFunc   clock,
       gpointer            data)
{
  const QwEvent *event = qw_site_get_event (site);
  g_autofree char *start = NULL, *end = NULL;

  g_string_append (p->out, "<!DOCTYPE html><html lang=\"zh-CN\"><head><meta charset=\"utf-8\">"
                           "<meta name=\"viewport\" content=\"width=1920\">"
                           "<meta http-equiv=\"Content-Security-Policy\" content=\"" QW_SITE_CSP "\"><title>");
  text (p, event != NULL ? event->name : "");
  g_string_append_printf (p->out, "</title><style>%s</style></head><body data-next=\"", screen_style);
  text (p, next_url);
  g_string_append (p->out, "\"><header><h1>");
  text (p, event != NULL ? event->name : "");
  g_string_append (p->out, "</h1><span class=\"round\">");
  text (p, group->name);
  if (group->last_round > 0)
    g_string_append_printf (p->out, " · 第%d轮", group->last_round);
  g_string_append (p->out, " · ");
  text (p, what);
  g_string_append (p->out, "</span>");
  if (clock != NULL && group->last_round > 0)
    start = clock (group->code, group->last_round, &end, data);
  if (start != NULL || end != NULL)
    {
      g_string_append (p->out, "<span class=\"clock\">");
      if (start != NULL)
        {
          g_string_append (p->out, "开始 ");
          text (p, start);
        }
      if (end != NULL)
        {
          g_string_append (p->out, start != NULL ? " · 结束 " : "结束 ");
          text (p, end);
        }
      g_string_append (p->out, "</span>");
    }
  g_string_append (p->out, "</header>");
}

/* The page goes on by itself: the next one, with the latest results. */
static char *
finish (Page *p,
        int   page,
        int   pages)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *time = g_date_time_format (now, "%H:%M");

  g_string_append_printf (p->out, "<footer><span>第 %d / %d 页</span><span id=\"now\">%s</span></footer>", page,
                          pages, time);
  g_string_append_printf (p->out,
                          "<script>setTimeout(function(){location.replace(document.body.dataset.next)},%d);"
                          "</script></body></html>", QW_SCREEN_SECONDS * 1000);
  return g_string_free (g_steal_pointer (&p->out), FALSE);
}

static const QwSiteGame *
nth_game (const QwSiteGroup *group,
          guint              n,
          guint             *count)
{
  const QwSiteGame *found = NULL;

  *count = 0;
  for (guint i = 0; i < group->games->len; i++)
    {
      const QwSiteGame *g = g_ptr_array_index (group->games, i);

      if (g->round != group->last_round)
        continue;
      if (*count == n)
        found = g;
      (*count)++;
    }
  return found;
}

static int
pages_of (guint rows)
{
  return MAX (1, (int) ((rows + QW_SCREEN_ROWS - 1) / QW_SCREEN_ROWS));
}

static int
kind_pages (const QwSiteGroup *group,
            QwScreenKind       kind)
{
  guint games = 0;

  if (kind == QW_SCREEN_STANDINGS)
    return pages_of (group->standings->len);
  nth_game (group, G_MAXUINT, &games);
  return pages_of (games);
}

static void
player_cells (Page              *p,
              const QwSiteGroup *group,
              int                no)
{
  const QwSitePlayer *player = no != 0 ? qw_site_group_find_player (group, no) : NULL;

  if (player == NULL)
    {
      g_string_append (p->out, "<td class=\"n\"></td><td>轮空</td>");
      return;
    }
  g_string_append_printf (p->out, "<td class=\"n\">%d</td><td>", no);
  text (p, player->name);
  g_string_append (p->out, "</td>");
}

static void
pairings_body (Page              *p,
               const QwSiteGroup *group,
               int                page)
{
  guint count = 0;

  nth_game (group, G_MAXUINT, &count);
  if (count == 0)
    {
      g_string_append (p->out, "<p class=\"empty\">尚未编排</p>");
      return;
    }
  g_string_append (p->out, "<table><colgroup><col style=\"width:8%\"><col style=\"width:8%\"><col style=\"width:30%\">"
                           "<col style=\"width:10%\"><col style=\"width:8%\"><col style=\"width:30%\"></colgroup>"
                           "<tr><th>台号</th><th>序号</th><th>红方</th><th style=\"text-align:center\">结果</th>"
                           "<th>序号</th><th>黑方</th></tr>");
  for (guint i = (guint) (page - 1) * QW_SCREEN_ROWS; i < (guint) page * QW_SCREEN_ROWS && i < count; i++)
    {
      guint n;
      const QwSiteGame *g = nth_game (group, i, &n);
      const char *result = g->black == 0 ? "" : qw_result_to_code (g->result);

      g_string_append_printf (p->out, "<tr><td class=\"b\">%d</td>", g->board);
      player_cells (p, group, g->red);
      g_string_append (p->out, "<td class=\"r\">");
      text (p, result != NULL && *result != '\0' ? result : g->black == 0 ? "" : "—");
      g_string_append (p->out, "</td>");
      player_cells (p, group, g->black);
      g_string_append (p->out, "</tr>");
    }
  g_string_append (p->out, "</table>");
}

static void
standings_body (Page              *p,
                const QwSiteGroup *group,
                int                page)
{
  guint count = group->standings->len;

  g_string_append (p->out, "<table><colgroup><col style=\"width:9%\"><col style=\"width:9%\"><col style=\"width:30%\">"
                           "<col style=\"width:38%\"><col style=\"width:14%\"></colgroup>"
                           "<tr><th>名次</th><th>序号</th><th>姓名</th><th>单位</th><th style=\"text-align:right\">积分</th></tr>");
  for (guint i = (guint) (page - 1) * QW_SCREEN_ROWS; i < (guint) page * QW_SCREEN_ROWS && i < count; i++)
    {
      const QwStandingRow *row = g_ptr_array_index (group->standings, i);

      g_string_append_printf (p->out, "<tr><td class=\"b\">%d</td><td class=\"n\">%d</td><td>", row->rank, row->no);
      text (p, row->name);
      g_string_append (p->out, "</td><td class=\"u\">");
      text (p, row->unit);
      g_string_append_printf (p->out, "</td><td class=\"n\">%g</td></tr>", row->points);
    }
  g_string_append (p->out, "</table>");
}

static char *
render (const QwSite      *site,
        const QwSiteGroup *group,
        QwScreenKind       kind,
        int                page,
        const char        *next_url,
        QwScreenClockFunc  clock,
        gpointer           data)
{
  Page p = { g_string_new (NULL) };
  int pages = kind_pages (group, kind);

  if (page < 1 || page > pages)
    page = 1;
  begin (&p, site, group, kind == QW_SCREEN_PAIRINGS ? "对阵" : "排名", next_url, clock, data);
  if (kind == QW_SCREEN_PAIRINGS)
    pairings_body (&p, group, page);
  else
    standings_body (&p, group, page);
  return finish (&p, page, pages);
}

char *
qw_venue_screen_render (const QwSite      *site,
                        const char        *code,
                        QwScreenKind       kind,
                        int                page,
                        QwScreenClockFunc  clock,
                        gpointer           data)
{
  const QwSiteGroup *group = code != NULL && qw_group_code_is_valid (code) ? qw_site_find_group (site, code) : NULL;
  g_autofree char *next = NULL;
  int pages;

  if (group == NULL)
    return NULL;
  pages = kind_pages (group, kind);
  if (page < 1 || page > pages)
    page = 1;
  next = g_strdup_printf ("/screen/%s/%s?page=%d", group->code, kind == QW_SCREEN_PAIRINGS ? "pairings" : "standings",
                          page % pages + 1);
  return render (site, group, kind, page, next, clock, data);
}

char *
qw_venue_screen_cycle (const QwSite      *site,
                       int                at,
                       QwScreenClockFunc  clock,
                       gpointer           data)
{
  GPtrArray *groups = qw_site_get_groups (site);
  int total = 0, k;
  g_autofree char *next = NULL;

  for (guint i = 0; i < groups->len; i++)
    {
      const QwSiteGroup *g = g_ptr_array_index (groups, i);

      total += kind_pages (g, QW_SCREEN_PAIRINGS) + kind_pages (g, QW_SCREEN_STANDINGS);
    }
  if (total == 0)
    {
      Page p = { g_string_new (NULL) };

      g_string_append (p.out, "<!DOCTYPE html><html lang=\"zh-CN\"><head><meta charset=\"utf-8\"><title>赛场大屏</title>"
                              "<style>");
      g_string_append (p.out, screen_style);
      g_string_append (p.out, "</style></head><body data-next=\"/screen\"><p class=\"empty\">暂无组别</p>");
      return finish (&p, 1, 1);
    }
  if (at < 0 || at >= total)
    at = 0;
  next = g_strdup_printf ("/screen?at=%d", (at + 1) % total);
  k = at;
  for (guint i = 0; i < groups->len; i++)
    {
      const QwSiteGroup *g = g_ptr_array_index (groups, i);
      int pairings = kind_pages (g, QW_SCREEN_PAIRINGS), standings = kind_pages (g, QW_SCREEN_STANDINGS);

      if (k < pairings)
        return render (site, g, QW_SCREEN_PAIRINGS, k + 1, next, clock, data);
      k -= pairings;
      if (k < standings)
        return render (site, g, QW_SCREEN_STANDINGS, k + 1, next, clock, data);
      k -= standings;
    }
  g_return_val_if_reached (NULL);
}
