/* qw-site-html.c: writing the public pages
 *
 * The pages are read on phones over a venue's Wi-Fi: one request each, a
 * few kilobytes of inline style, system fonts (Noto Sans CJK on Linux,
 * PingFang on iPhones, the Android and Windows CJK fonts), tables that
 * scroll sideways inside the page rather than the page itself, and tap
 * targets of a finger's size.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-site"

#include "config.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "qw-group-code.h"
#include "qw-site-html.h"

static const char style[] =
  ":root{--fg:#1c1b1a;--muted:#5d5a55;--bg:#fff;--line:#dedbd4;--head:#f4f0e8;--band:#faf8f3;"
  "--accent:#a3161b;--on-accent:#fff;--win:#0a6a2e;--mark:#fff1a8;--ok:#e7f5ea;--bad:#fbe9e9}"
  "@media (prefers-color-scheme:dark){:root{--fg:#ecebe8;--muted:#b3afa8;--bg:#141312;--line:#3a3835;"
  "--head:#25231f;--band:#1b1a18;--accent:#c3282e;--win:#79d98f;--mark:#5a4a00;--ok:#15301c;--bad:#3a1616}}"
  "*{box-sizing:border-box}"
  "html{-webkit-text-size-adjust:100%;text-size-adjust:100%}"
  "body{margin:0;color:var(--fg);background:var(--bg);font:16px/1.5 system-ui,-apple-system,"
  "\"Noto Sans CJK SC\",\"Noto Sans SC\",\"Source Han Sans SC\",\"PingFang SC\",\"Microsoft YaHei\",sans-serif}"
  "a{color:inherit}"
  ".sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}"
  ".skip{position:absolute;left:-9999px}.skip:focus{left:8px;top:8px;z-index:9;background:var(--bg);"
  "color:var(--fg);padding:6px 10px}"
  ":focus-visible{outline:3px solid #1a73e8;outline-offset:2px}"
  "header{background:var(--accent);color:var(--on-accent);padding:10px 14px 12px}"
  "header .event{margin:0;font-size:14px;line-height:1.45}"
  "header .event a{text-decoration:none}"
  ".tabs{display:flex;flex-wrap:wrap;gap:6px;margin:8px 0 0;padding:0;list-style:none}"
  ".tabs a{display:block;min-height:36px;padding:6px 14px;border-radius:18px;text-decoration:none;"
  "background:rgba(255,255,255,.16);color:var(--on-accent)}"
  ".tabs a[aria-current]{background:var(--on-accent);color:var(--accent);font-weight:600}"
  "main{max-width:1120px;margin:0 auto;padding:12px 14px 48px}"
  "h1{font-size:21px;line-height:1.35;margin:2px 0 6px}"
  "h2{font-size:18px;margin:22px 0 8px}"
  ".meta{color:var(--muted);font-size:14px;margin:0 0 10px}"
  ".live{color:var(--muted);font-size:13px;margin:0 0 8px;min-height:1.5em}"
  ".rounds{display:flex;flex-wrap:wrap;gap:6px;margin:0 0 10px;padding:0;list-style:none}"
  ".rounds a{display:block;min-width:40px;min-height:36px;padding:6px 8px;text-align:center;"
  "border:1px solid var(--line);border-radius:6px;text-decoration:none}"
  ".rounds a[aria-current]{background:var(--fg);color:var(--bg);border-color:var(--fg);font-weight:600}"
  "form.find{display:flex;flex-wrap:wrap;gap:8px;align-items:center;margin:6px 0 4px}"
  "form.find label{font-weight:600}"
  "form.find input{flex:1 1 10em;min-width:0;font:inherit;padding:7px 10px;border:1px solid var(--muted);"
  "border-radius:6px;background:var(--bg);color:var(--fg)}"
  "form.find button{font:inherit;padding:7px 14px;border-radius:6px;border:1px solid var(--muted);"
  "background:var(--head);color:var(--fg)}"
  ".found{font-size:14px;color:var(--muted);margin:0 0 6px;min-height:1.5em}"
  ".scroll{overflow-x:auto;-webkit-overflow-scrolling:touch;margin:0 -14px;padding:0 14px}"
  "table{border-collapse:collapse;width:100%}"
  "caption{text-align:left;font-weight:600;padding:4px 0}"
  "th,td{padding:7px 5px;border-bottom:1px solid var(--line);text-align:left;vertical-align:top}"
  "thead th{background:var(--head);font-size:14px;font-weight:600;line-height:1.3}"
  "tbody tr:nth-child(even){background:var(--band)}"
  "tr[hidden]{display:none}"
  ".n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}"
  ".c{text-align:center;white-space:nowrap}"
  ".no{color:var(--muted);font-variant-numeric:tabular-nums;margin-right:.25em}"
  ".unit{display:block;color:var(--muted);font-size:13px;line-height:1.35}"
  ".pts{color:var(--muted);font-size:13px;margin-left:.3em;white-space:nowrap}"
  ".res{text-align:center;white-space:nowrap;font-weight:600;font-variant-numeric:tabular-nums}"
  ".pairings td.board{width:2.6em;text-align:center;font-variant-numeric:tabular-nums}"
  ".pairings td.res{width:4.6em}"
  ".pairings td.side{width:42%}"
  ".win{color:var(--win);font-weight:600}"
  ".note{color:var(--muted);font-size:13px}"
  ".standings td.name,.standings th.name{position:sticky;left:0;background:inherit;min-width:6.5em}"
  ".standings th.n{min-width:2.2em;max-width:3.6em}"
  ".standings tbody tr{background:var(--bg)}.standings tbody tr:nth-child(even){background:var(--band)}"
  ".cross td,.cross th{text-align:center;padding:6px 4px;min-width:2.4em}"
  ".cross td.self{background:var(--line)}"
  ".cross td.name,.cross th.name{text-align:left;position:sticky;left:0;background:var(--bg);min-width:6.5em}"
  ".groups{list-style:none;margin:0;padding:0;display:grid;gap:10px;"
  "grid-template-columns:repeat(auto-fill,minmax(16em,1fr))}"
  ".groups li{border:1px solid var(--line);border-radius:8px;padding:10px 12px}"
  ".groups h2{margin:0 0 4px;font-size:17px}"
  ".links{display:flex;flex-wrap:wrap;gap:6px 14px;margin:6px 0 0}"
  ".links a{display:inline-block;min-height:32px;padding:4px 0}"
  ".bracket section{margin:0 0 6px}"
  ".bracket h2{margin-top:6px}"
  ".match{border:1px solid var(--line);border-radius:6px;margin:0 0 10px;padding:0}"
  ".match p{margin:0;padding:5px 8px;display:flex;justify-content:space-between;gap:8px}"
  ".match p+p{border-top:1px solid var(--line)}"
  ".match .how{font-size:13px;color:var(--muted);justify-content:flex-start}"
  ".card{border-radius:8px;padding:12px 14px;margin:10px 0}"
  ".card.ok{background:var(--ok)}.card.bad{background:var(--bad)}"
  ".card dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;margin:8px 0 0}"
  ".card dt{color:var(--muted)}.card dd{margin:0;font-weight:600}"
  "footer{color:var(--muted);font-size:13px;text-align:center;padding:0 14px 24px}"
  "details.players{margin:16px 0}details.players summary{cursor:pointer;font-weight:600;padding:8px 0}"
  "@media (max-width:420px){th,td{padding:7px 3px}.pts{display:block;margin:0}}"
  "@media (min-width:760px){header{padding:14px 24px}main{padding:16px 24px 56px}"
  ".bracket{display:flex;gap:16px;align-items:flex-start;overflow-x:auto}.bracket section{flex:0 0 15em}"
  ".scroll{margin:0;padding:0}h1{font-size:26px}.unit{display:inline;margin-left:.5em}}"
  "@media print{header,.tabs,form.find,.live,footer{display:none}}";

/* Find your board: filters the rows as one types; a number finds a 序号 or
 * a board, anything else a name or unit. On the home page it searches the
 * list of every player, which it opens. */
static const char find_script[] =
  "(function(){var f=document.getElementById('find');if(!f)return;"
  "var q=document.getElementById('q'),st=document.getElementById('found');"
  "function run(){var v=q.value.trim().toLowerCase(),n=0,rows=document.querySelectorAll('tr[data-find]');"
  "var num=/^[0-9]+$/.test(v);"
  "for(var i=0;i<rows.length;i++){var r=rows[i],k=' '+r.getAttribute('data-find').toLowerCase()+' ';"
  "var hit=!v||(num?k.indexOf(' #'+v+' ')>=0:k.indexOf(v)>=0);r.hidden=!hit;if(hit)n++;}"
  "var all=document.getElementById('players');if(all&&v)all.open=true;"
  "st.textContent=v?(n?'找到 '+n+' 行':'没有找到“'+q.value.trim()+'”'):'';}"
  "q.addEventListener('input',run);f.addEventListener('submit',function(e){e.preventDefault();run();});"
  "window.qwFind=run;if(q.value)run();})();";

/* Served pages follow the document: /api/version changes with every change;
 * then the page is fetched again and its #content swapped in. */
static const char live_script[] =
  "(function(){var m=document.querySelector('meta[name=\"qw-version\"]'),live=document.getElementById('live');"
  "if(!m||!live||!window.fetch||!window.DOMParser)return;var v=m.getAttribute('content'),busy=0,fails=0;"
  "function two(n){return('0'+n).slice(-2);}"
  "function now(){var d=new Date();return two(d.getHours())+':'+two(d.getMinutes())+':'+two(d.getSeconds());}"
  "function swap(h){var d=new DOMParser().parseFromString(h,'text/html'),c=d.getElementById('content'),"
  "o=document.getElementById('content'),nv=d.querySelector('meta[name=\"qw-version\"]');"
  "if(c&&o)o.parentNode.replaceChild(c,o);if(nv)v=nv.getAttribute('content');if(d.title)document.title=d.title;"
  "if(window.qwFind)window.qwFind();live.textContent='已更新 '+now();}"
  "function tick(){if(busy||document.hidden)return;busy=1;"
  "fetch('/api/version',{cache:'no-store'}).then(function(r){if(!r.ok)throw r;return r.json();})"
  ".then(function(j){fails=0;if(String(j.version)===v){busy=0;return;}"
  "return fetch(location.href,{cache:'no-store'}).then(function(r){return r.text();})"
  ".then(function(h){swap(h);busy=0;});})"
  ".catch(function(){busy=0;if(++fails>2)live.textContent='与赛场电脑的连接中断，正在重试…';});}"
  "setInterval(tick,1000);document.addEventListener('visibilitychange',tick);})();";

const char *
_qw_html_style (void)
{
  return style;
}

const char *
_qw_html_find_script (void)
{
  return find_script;
}

void
_qw_html_init (QwHtml       *h,
               const QwSite *site,
               QwSiteMode    mode,
               const char   *here,
               gint64        version)
{
  h->site = site;
  h->mode = mode;
  h->here = g_strdup (here != NULL ? here : "");
  h->version = version;
  h->out = g_string_sized_new (16 * 1024);
}

char *
_qw_html_finish (QwHtml *h)
{
  g_clear_pointer (&h->here, g_free);
  return g_string_free (g_steal_pointer (&h->out), FALSE);
}

void
_qw_html_raw (QwHtml     *h,
              const char *markup)
{
  g_string_append (h->out, markup);
}

void
_qw_html_text (QwHtml     *h,
               const char *text)
{
  for (const char *p = text != NULL ? text : ""; *p != '\0'; p++)
    switch (*p)
      {
      case '<':
        g_string_append (h->out, "&lt;");
        break;
      case '>':
        g_string_append (h->out, "&gt;");
        break;
      case '&':
        g_string_append (h->out, "&amp;");
        break;
      case '"':
        g_string_append (h->out, "&quot;");
        break;
      case '\'':
        g_string_append (h->out, "&#39;");
        break;
      default:
        g_string_append_c (h->out, *p);
      }
}

void
_qw_html_printf (QwHtml     *h,
                 const char *format,
                 ...)
{
  va_list ap;

  va_start (ap, format);
  g_string_append_vprintf (h->out, format, ap);
  va_end (ap);
}

static guint
depth (const char *path)
{
  guint n = 0;

  if (*path == '\0')
    return 0;
  for (const char *p = path; *p != '\0'; p++)
    n += *p == '/';
  return n + 1;
}

/* "group/open-m/pairings/round-3" → the round, else 0. */
static int
round_of (const char *target,
          char      **base)
{
  const char *slash = strrchr (target, '/');

  if (slash == NULL || !g_str_has_prefix (slash + 1, "round-"))
    return 0;
  *base = g_strndup (target, slash - target);
  return atoi (slash + 1 + strlen ("round-"));
}

/* In the one-file export: the section of the page. */
static char *
anchor (const char *target)
{
  g_auto(GStrv) parts = g_strsplit (target, "/", -1);
  guint n = g_strv_length (parts);

  if (n >= 3 && g_str_equal (parts[0], "group"))
    {
      if (n >= 4 && g_str_equal (parts[2], "player"))
        return g_strdup_printf ("#player-%s", parts[3]);
      if (n >= 4 && g_str_equal (parts[2], "pairings"))
        return g_strdup_printf ("#%s", parts[3]);
      return g_strdup_printf ("#%s", parts[2]);
    }
  return g_strdup ("#top");
}

void
_qw_html_href (QwHtml     *h,
               const char *target)
{
  g_autofree char *base = NULL;
  g_autofree char *link = NULL;
  int round = round_of (target, &base);

  switch (h->mode)
    {
    case QW_SITE_SINGLE:
      link = anchor (target);
      break;
    case QW_SITE_STATIC:
      {
        GString *rel = g_string_new (NULL);

        for (guint i = depth (h->here); i > 0; i--)
          g_string_append (rel, "../");
        g_string_append (rel, target);
        g_string_append (rel, *target != '\0' ? "/index.html" : "index.html");
        link = g_string_free (rel, FALSE);
      }
      break;
    case QW_SITE_LIVE:
    default:
      link = round > 0 ? g_strdup_printf ("/%s?round=%d", base, round) : g_strconcat ("/", target, NULL);
      break;
    }
  g_string_append (h->out, " href=\"");
  _qw_html_text (h, link);
  g_string_append_c (h->out, '"');
}

static void
tab (QwHtml     *h,
     const char *target,
     const char *label,
     gboolean    current)
{
  _qw_html_raw (h, "<li><a");
  _qw_html_href (h, target);
  if (current)
    _qw_html_raw (h, " aria-current=\"page\"");
  _qw_html_raw (h, ">");
  _qw_html_text (h, label);
  _qw_html_raw (h, "</a></li>");
}

static void
group_tabs (QwHtml            *h,
            const QwSiteGroup *group,
            QwTab              current)
{
  /* The group's segment, as qw_site_page_path() has it (base/qw-group-code.h). */
  g_autofree char *segment = qw_group_code_segment (group->code);
  g_autofree char *pairings = g_strdup_printf ("group/%s/pairings", segment);
  g_autofree char *standings = g_strdup_printf ("group/%s/standings", segment);
  g_autofree char *table = NULL;

  _qw_html_raw (h, "<nav aria-label=\"本组页面\"><ul class=\"tabs\">");
  tab (h, "", "全部组别", FALSE);
  tab (h, pairings, "对阵", current == QW_TAB_PAIRINGS);
  tab (h, standings, "成绩", current == QW_TAB_STANDINGS);
  if (group->system == QW_SYSTEM_ROUND_ROBIN)
    table = g_strdup_printf ("group/%s/crosstable", segment);
  else if (group->system == QW_SYSTEM_KNOCKOUT)
    table = g_strdup_printf ("group/%s/bracket", segment);
  if (table != NULL)
    tab (h, table, group->system == QW_SYSTEM_ROUND_ROBIN ? "交叉表" : "对阵图", current == QW_TAB_TABLE);
  _qw_html_raw (h, "</ul></nav>");
}

static void
find_form (QwHtml     *h,
           const char *value)
{
  _qw_html_raw (h, "<form class=\"find\" id=\"find\" role=\"search\" method=\"get\">"
                   "<label for=\"q\">找自己</label>"
                   "<input id=\"q\" name=\"q\" type=\"search\" placeholder=\"姓名、序号或台号\" "
                   "autocomplete=\"off\" enterkeyhint=\"search\" value=\"");
  _qw_html_text (h, value);
  _qw_html_raw (h, "\"><button type=\"submit\">查找</button></form>"
                   "<p class=\"found\" id=\"found\" role=\"status\" aria-live=\"polite\"></p>");
}

void
_qw_html_begin (QwHtml            *h,
                const char        *title,
                const QwSiteGroup *group,
                QwTab              current,
                const char        *find)
{
  const QwEvent *event = qw_site_get_event (h->site);

  _qw_html_raw (h, "<!DOCTYPE html>\n<html lang=\"zh-CN\"><head><meta charset=\"utf-8\">"
                   "<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">"
                   "<meta name=\"robots\" content=\"noindex\">");
  /* Files have no headers: the policy the venue server sends, in the page. */
  if (h->mode != QW_SITE_LIVE)
    _qw_html_raw (h, "<meta http-equiv=\"Content-Security-Policy\" content=\"" QW_SITE_CSP "\">");
  if (h->mode == QW_SITE_LIVE)
    _qw_html_printf (h, "<meta name=\"qw-version\" content=\"%" G_GINT64_FORMAT "\">", h->version);
  _qw_html_raw (h, "<title>");
  _qw_html_text (h, title);
  _qw_html_raw (h, " · ");
  _qw_html_text (h, event->name);
  _qw_html_raw (h, "</title><style>");
  _qw_html_raw (h, style);
  _qw_html_raw (h, "</style></head><body id=\"top\"><a class=\"skip\" href=\"#main\">跳到正文</a><header>"
                   "<p class=\"event\"><a");
  _qw_html_href (h, "");
  _qw_html_raw (h, ">");
  _qw_html_text (h, event->name);
  _qw_html_raw (h, "</a></p>");
  if (group != NULL)
    group_tabs (h, group, current);
  _qw_html_raw (h, "</header><main id=\"main\">");
  if (h->mode == QW_SITE_LIVE)
    _qw_html_raw (h, "<p class=\"live\" id=\"live\" role=\"status\">本页随赛场录入的成绩自动更新</p>");
  if (find != NULL)
    find_form (h, find);
  _qw_html_raw (h, "<div id=\"content\">");
}

void
_qw_html_end (QwHtml *h)
{
  g_autofree char *at = qw_site_format_time (qw_site_last_result_at (h->site));

  /* Inside #content, so that it follows the live updates. */
  if (*at != '\0')
    {
      _qw_html_raw (h, "<p class=\"meta\">最后一个成绩录入于 ");
      _qw_html_text (h, at);
      _qw_html_raw (h, "</p>");
    }
  _qw_html_raw (h, "</div></main><footer>棋王赛事系统发布 · 仅供查阅，以裁判组公布为准</footer><script>");
  _qw_html_raw (h, find_script);
  if (h->mode == QW_SITE_LIVE)
    _qw_html_raw (h, live_script);
  _qw_html_raw (h, "</script></body></html>\n");
}
