/* qw-site-pages.c: the public pages of a stop
 *
 * Each page is a body (pairings, standings, cross-table, bracket, player)
 * wrapped in the common head; the one-file export strings the bodies of a
 * group together. Everything is written from the snapshot (qw-site.h).
 * This file renders a request; qw-site-pages-private.h lists the others.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-site"

#include "config.h"

#include "qw-site-pages-private.h"

/* Rendering */

static QwSiteResponse *
response_new (guint       status,
              const char *content_type,
              char       *body)
{
  QwSiteResponse *response = g_new0 (QwSiteResponse, 1);

  response->status = status;
  response->content_type = content_type;
  response->body = g_bytes_new_take (body, strlen (body));
  return response;
}

void
qw_site_response_free (QwSiteResponse *response)
{
  if (response == NULL)
    return;
  g_bytes_unref (response->body);
  g_free (response);
}

static QwSiteResponse *
json_response (QwSiteResponse *response)
{
  response->content_type = "application/json; charset=utf-8";
  return response;
}

static char *
not_found_page (const QwSite        *site,
                const QwSiteRequest *request,
                const QwSiteGroup   *group,
                QwSiteMode           mode,
                gint64               version)
{
  QwHtml h;

  _qw_html_init (&h, site, mode, "404", version);
  _qw_html_begin (&h, "找不到这个页面", group, QW_TAB_NONE, NULL);
  _qw_site_not_found_body (&h, request, group);
  _qw_html_end (&h);
  return _qw_html_finish (&h);
}

/* The page of a group, or NULL when it does not exist (wrong round, player,
 * system). */
static char *
group_page (const QwSite        *site,
            const QwSiteRequest *request,
            const QwSiteGroup   *group,
            QwSiteMode           mode,
            gint64               version)
{
  int round = request->round == 0 ? group->last_round : request->round;
  const QwSitePlayer *player = NULL;
  g_autofree char *here = NULL;
  g_autofree char *title = NULL;
  QwHtml h;

  switch (request->kind)
    {
    case QW_SITE_PAGE_PAIRINGS:
      if (request->round < 0 || (group->last_round > 0 && !qw_site_group_has_round (group, round))
          || (group->last_round == 0 && request->round > 0))
        return NULL;
      here = qw_site_page_path (QW_SITE_PAGE_PAIRINGS, group->code, request->round);
      title = g_strdup_printf ("%s 第%d轮对阵", group->name, round);
      _qw_html_init (&h, site, mode, here, version);
      _qw_html_begin (&h, title, group, QW_TAB_PAIRINGS, request->find);
      _qw_site_pairings_body (&h, group, round, request->find);
      break;
    case QW_SITE_PAGE_STANDINGS:
      here = qw_site_page_path (request->kind, group->code, 0);
      title = g_strdup_printf ("%s 成绩表", group->name);
      _qw_html_init (&h, site, mode, here, version);
      _qw_html_begin (&h, title, group, QW_TAB_STANDINGS, request->find);
      _qw_site_standings_body (&h, group, request->find);
      break;
    case QW_SITE_PAGE_CROSSTABLE:
    case QW_SITE_PAGE_BRACKET:
      if (group->system != (request->kind == QW_SITE_PAGE_CROSSTABLE ? QW_SYSTEM_ROUND_ROBIN : QW_SYSTEM_KNOCKOUT))
        return NULL;
      here = qw_site_page_path (request->kind, group->code, 0);
      title = g_strdup_printf ("%s %s", group->name, request->kind == QW_SITE_PAGE_CROSSTABLE ? "交叉表" : "对阵图");
      _qw_html_init (&h, site, mode, here, version);
      _qw_html_begin (&h, title, group, QW_TAB_TABLE, NULL);
      if (request->kind == QW_SITE_PAGE_CROSSTABLE)
        _qw_site_crosstable_body (&h, group);
      else
        _qw_site_bracket_body (&h, group);
      break;
    case QW_SITE_PAGE_PLAYER:
      if ((player = qw_site_group_find_player (group, request->no)) == NULL)
        return NULL;
      here = qw_site_page_path (request->kind, group->code, player->no);
      title = g_strdup_printf ("%s（%s）", player->name, group->name);
      _qw_html_init (&h, site, mode, here, version);
      _qw_html_begin (&h, title, group, QW_TAB_NONE, NULL);
      _qw_site_player_body (&h, group, player, 1);
      break;
    case QW_SITE_PAGE_NOT_FOUND:
    case QW_SITE_PAGE_INDEX:
    case QW_SITE_PAGE_VERIFY:
    case QW_SITE_PAGE_STANDINGS_JSON:
    case QW_SITE_PAGE_VERIFY_JSON:
    case QW_SITE_PAGE_VERSION:
    default:
      return NULL;
    }
  _qw_html_end (&h);
  return _qw_html_finish (&h);
}

static gboolean
site_has_players (const QwSite *site)
{
  GPtrArray *groups = qw_site_get_groups (site);

  for (guint i = 0; i < groups->len; i++)
    if (((const QwSiteGroup *) g_ptr_array_index (groups, i))->players->len > 0)
      return TRUE;
  return FALSE;
}

static char *
simple_page (const QwSite             *site,
             const QwSiteRequest      *request,
             QwSiteMode                mode,
             gint64                    version,
             const QwCertificateCheck *check)
{
  g_autofree char *here = NULL;
  QwHtml h;

  if (request->kind == QW_SITE_PAGE_INDEX)
    {
      _qw_html_init (&h, site, mode, "", version);
      /* The home page's search finds a player of any group (issue 19 point 25). */
      _qw_html_begin (&h, "成绩公布", NULL, QW_TAB_NONE, site_has_players (site) ? "" : NULL);
      _qw_site_index_body (&h);
    }
  else
    {
      g_autofree char *code = qw_certificate_code_normalize (request->code);

      here = qw_site_page_path (QW_SITE_PAGE_VERIFY, code != NULL ? code : "x", 0);
      _qw_html_init (&h, site, mode, here, version);
      _qw_html_begin (&h, "证书查验", NULL, QW_TAB_NONE, NULL);
      _qw_site_verify_body (&h, request->code, check);
    }
  _qw_html_end (&h);
  return _qw_html_finish (&h);
}

QwSiteResponse *
qw_site_render (const QwSite             *site,
                const QwSiteRequest      *request,
                QwSiteMode                mode,
                gint64                    version,
                const QwCertificateCheck *check)
{
  const QwSiteGroup *group = request->group != NULL ? qw_site_find_group (site, request->group) : NULL;
  char *body = NULL;

  switch (request->kind)
    {
    case QW_SITE_PAGE_VERSION:
      return json_response (response_new (200, NULL, g_strdup_printf ("{\"version\":%" G_GINT64_FORMAT "}", version)));
    case QW_SITE_PAGE_STANDINGS_JSON:
      if (group == NULL)
        return json_response (response_new (404, NULL, g_strdup ("{\"error\":\"没有这个组别\"}")));
      return json_response (response_new (200, NULL, qw_site_standings_json (group)));
    case QW_SITE_PAGE_VERIFY_JSON:
      return json_response (response_new (check != NULL && check->valid ? 200 : 404, NULL, qw_site_check_json (check)));
    case QW_SITE_PAGE_INDEX:
      return response_new (200, "text/html; charset=utf-8", simple_page (site, request, mode, version, check));
    case QW_SITE_PAGE_VERIFY:
      return response_new (check != NULL && check->valid ? 200 : 404, "text/html; charset=utf-8",
                           simple_page (site, request, mode, version, check));
    case QW_SITE_PAGE_PAIRINGS:
    case QW_SITE_PAGE_STANDINGS:
    case QW_SITE_PAGE_CROSSTABLE:
    case QW_SITE_PAGE_BRACKET:
    case QW_SITE_PAGE_PLAYER:
      if (group != NULL && (body = group_page (site, request, group, mode, version)) != NULL)
        return response_new (200, "text/html; charset=utf-8", body);
      break;
    case QW_SITE_PAGE_NOT_FOUND:
    default:
      break;
    }
  return response_new (404, "text/html; charset=utf-8", not_found_page (site, request, group, mode, version));
}

/* The one-file export */

static void
single_nav (QwHtml            *h,
            const QwSiteGroup *group)
{
  _qw_html_raw (h, "<nav aria-label=\"本组内容\"><ul class=\"tabs\">"
                   "<li><a href=\"#pairings\">对阵</a></li><li><a href=\"#standings\">成绩</a></li>");
  if (group->system == QW_SYSTEM_ROUND_ROBIN)
    _qw_html_raw (h, "<li><a href=\"#crosstable\">交叉表</a></li>");
  else if (group->system == QW_SYSTEM_KNOCKOUT)
    _qw_html_raw (h, "<li><a href=\"#bracket\">对阵图</a></li>");
  _qw_html_raw (h, "<li><a href=\"#players\">选手</a></li></ul></nav>");
}

static void
single_pairings (QwHtml            *h,
                 const QwSiteGroup *group)
{
  _qw_html_raw (h, "<section id=\"pairings\">");
  _qw_site_heading (h, 1, NULL, "对阵");
  if (group->last_round == 0)
    _qw_html_raw (h, "<p>本组尚未编排对阵。</p>");
  for (int r = group->last_round; r >= 1; r--)
    {
      g_autofree char *label = _qw_site_round_label (group, r);

      _qw_html_printf (h, "<details id=\"round-%d\"%s><summary>", r, r == group->last_round ? " open" : "");
      _qw_html_text (h, label);
      _qw_html_raw (h, "</summary>");
      _qw_site_pairings_table (h, group, r, NULL);
      _qw_html_raw (h, "</details>");
    }
  _qw_html_raw (h, "</section>");
}

/**
 * qw_site_render_group_file:
 *
 * Returns: (nullable): the group's page as one self-contained file; %NULL
 *   for a group the site does not have
 */
char *
qw_site_render_group_file (const QwSite *site,
                           const char   *code)
{
  const QwSiteGroup *group = qw_site_find_group (site, code);
  const QwEvent *event = qw_site_get_event (site);
  QwHtml h;

  if (group == NULL)
    return NULL;
  _qw_html_init (&h, site, QW_SITE_SINGLE, "", 0);
  _qw_html_raw (&h, "<!DOCTYPE html>\n<html lang=\"zh-CN\"><head><meta charset=\"utf-8\">"
                    "<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">"
                    "<meta http-equiv=\"Content-Security-Policy\" content=\"" QW_SITE_CSP "\"><title>");
  _qw_html_text (&h, group->name);
  _qw_html_raw (&h, " · ");
  _qw_html_text (&h, event->name);
  _qw_html_raw (&h, "</title><style>");
  _qw_html_raw (&h, _qw_html_style ());
  _qw_html_raw (&h, "</style></head><body id=\"top\"><a class=\"skip\" href=\"#main\">跳到正文</a>"
                    "<header><p class=\"event\">");
  _qw_html_text (&h, event->name);
  _qw_html_raw (&h, "</p>");
  single_nav (&h, group);
  _qw_html_raw (&h, "</header><main id=\"main\"><h1>");
  _qw_html_text (&h, group->name);
  _qw_html_raw (&h, "</h1>");
  _qw_html_raw (&h, "<form class=\"find\" id=\"find\" role=\"search\"><label for=\"q\">找自己</label>"
                    "<input id=\"q\" type=\"search\" placeholder=\"姓名、序号或台号\" autocomplete=\"off\">"
                    "<button type=\"submit\">查找</button></form>"
                    "<p class=\"found\" id=\"found\" role=\"status\" aria-live=\"polite\"></p><div id=\"content\">");
  single_pairings (&h, group);
  _qw_html_raw (&h, "<section id=\"standings\">");
  _qw_site_standings_body (&h, group, NULL);
  _qw_html_raw (&h, "</section>");
  if (group->system == QW_SYSTEM_ROUND_ROBIN)
    _qw_site_crosstable_body (&h, group);
  else if (group->system == QW_SYSTEM_KNOCKOUT)
    _qw_site_bracket_body (&h, group);
  _qw_html_raw (&h, "<section id=\"players\">");
  _qw_site_heading (&h, 1, NULL, "选手");
  for (guint i = 0; i < group->players->len; i++)
    _qw_site_player_body (&h, group, g_ptr_array_index (group->players, i), 2);
  _qw_html_raw (&h, "</section>");
  _qw_html_end (&h);
  return _qw_html_finish (&h);
}
