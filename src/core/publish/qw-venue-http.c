/* qw-venue-http.c: the venue server's write side and device pages
 *
 * See qw-venue-http.h. The rights and rules are qw-venue.c's; here: HTTP.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-venue"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "qw-error.h"
#include "qw-group-code.h"
#include "qw-site-pages.h"
#include "qw-venue-http.h"
#include "qw-venue-screens.h"
#include "qw-venue.h"

#define COOKIE_NAME "qw_session"

typedef struct
{
  gint64 window_start;    /* monotonic seconds */
  guint  failures;
} Failures;

struct _QwVenueHttp
{
  char       *path;
  QwDocument *doc;        /* writable, opened on first use */
  GHashTable *failures;   /* client address → Failures */
};

QwVenueHttp *
qw_venue_http_new (const char *path)
{
  QwVenueHttp *self = g_new0 (QwVenueHttp, 1);

  self->path = g_strdup (path);
  self->failures = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  return self;
}

void
qw_venue_http_free (QwVenueHttp *self)
{
  if (self == NULL)
    return;
  g_clear_object (&self->doc);
  g_hash_table_unref (self->failures);
  g_free (self->path);
  g_free (self);
}

static QwDocument *
venue_doc (QwVenueHttp  *self,
           GError      **error)
{
  if (self->doc == NULL)
    {
      self->doc = qw_document_open (self->path, error);
      /* The steps' origin is set per write (the device's name); until
       * then they are kept as a program's. */
      if (self->doc != NULL)
        qw_document_set_step_origin (self->doc, "venue");
    }
  return self->doc;
}

gboolean
qw_venue_http_serves (const char *path)
{
  return g_str_has_prefix (path, "/join/") || g_str_equal (path, "/api/result") || g_str_equal (path, "/api/checkin")
         || g_str_equal (path, "/device") || g_str_equal (path, "/screen") || g_str_has_prefix (path, "/screen/");
}

gssize
qw_venue_http_body_limit (const char *method,
                          const char *path)
{
  if (g_strcmp0 (method, "GET") == 0 || g_strcmp0 (method, "HEAD") == 0)
    return 0;
  if (g_strcmp0 (method, "POST") == 0 && (g_strcmp0 (path, "/api/result") == 0 || g_strcmp0 (path, "/api/checkin") == 0))
    return QW_VENUE_BODY_MAX;
  return -1;
}

/* Answers */

static void
common_headers (SoupServerMessage *msg)
{
  SoupMessageHeaders *out = soup_server_message_get_response_headers (msg);

  /* One request a connection (qw-publish-connections.h). */
  soup_message_headers_replace (out, "Connection", "close");
  soup_message_headers_replace (out, "Cache-Control", "no-store");
  soup_message_headers_replace (out, "X-Content-Type-Options", "nosniff");
  soup_message_headers_replace (out, "Content-Security-Policy", QW_SITE_CSP);
  soup_message_headers_replace (out, "Referrer-Policy", "same-origin");
}

static void
send_text (SoupServerMessage *msg,
           guint              status,
           const char        *content_type,
           char              *body)      /* (transfer full) */
{
  common_headers (msg);
  soup_server_message_set_status (msg, status, NULL);
  soup_server_message_set_response (msg, content_type, SOUP_MEMORY_TAKE, body, strlen (body));
}

static void
send_json (SoupServerMessage *msg,
           guint              status,
           JsonObject        *object)    /* (transfer full) */
{
  g_autoptr(JsonNode) node = json_node_init_object (json_node_alloc (), object);
  char *text = json_to_string (node, FALSE);

  json_object_unref (object);
  send_text (msg, status, "application/json; charset=utf-8", text);
}

static void
send_error (SoupServerMessage *msg,
            guint              status,
            const char        *message)
{
  JsonObject *o = json_object_new ();

  json_object_set_int_member (o, "status", status);
  json_object_set_string_member (o, "error", message);
  send_json (msg, status, o);
}

static const char page_style[] =
  "*{box-sizing:border-box}body{margin:0;font-family:'Noto Sans CJK SC',sans-serif;background:#f6f4ef;color:#1d1d1d;"
  "font-size:18px}header{background:#8c1c13;color:#fff;padding:12px 16px}header h1{font-size:20px;margin:0}"
  "header p{margin:4px 0 0;font-size:15px;opacity:.9}main{padding:8px}"
  ".board{background:#fff;border-radius:10px;margin:10px 0;padding:10px;box-shadow:0 1px 3px rgba(0,0,0,.15)}"
  ".head{display:flex;justify-content:space-between;font-weight:700}.players{margin:6px 0;line-height:1.5}"
  ".state{font-size:16px;color:#555;min-height:22px}.state.ok{color:#17672b}.state.err{color:#a4161a}"
  ".buttons{display:grid;grid-template-columns:repeat(3,1fr);gap:8px;margin-top:8px}"
  "button{font-size:22px;min-height:56px;border:0;border-radius:8px;background:#1f4e79;color:#fff}"
  "button.small{font-size:17px;background:#6c757d}button.on{background:#17672b}"
  ".fouls{display:flex;gap:8px;margin-top:8px}.fouls button{flex:1}"
  "input[type=search]{width:100%;font-size:20px;padding:10px;border-radius:8px;border:1px solid #999}"
  ".row{display:flex;align-items:center;justify-content:space-between;background:#fff;border-radius:8px;"
  "margin:6px 0;padding:8px}.row .who{flex:1}.row button{min-width:110px}"
  ".msg{padding:24px;font-size:20px}";

static void
html_text (GString    *out,
           const char *text)
{
  g_autofree char *escaped = g_markup_escape_text (text != NULL ? text : "", -1);

  g_string_append (out, escaped);
}

static GString *
page_begin (const char *title,
            const char *subtitle)
{
  GString *out = g_string_new ("<!DOCTYPE html><html lang=\"zh-CN\"><head><meta charset=\"utf-8\">"
                               "<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\"><title>");

  html_text (out, title);
  g_string_append_printf (out, "</title><style>%s</style></head><body><header><h1>", page_style);
  html_text (out, title);
  g_string_append (out, "</h1>");
  if (subtitle != NULL)
    {
      g_string_append (out, "<p>");
      html_text (out, subtitle);
      g_string_append (out, "</p>");
    }
  g_string_append (out, "</header><main>");
  return out;
}

static void
send_message_page (SoupServerMessage *msg,
                   guint              status,
                   const char        *title,
                   const char        *message)
{
  GString *out = page_begin (title, NULL);

  g_string_append (out, "<p class=\"msg\">");
  html_text (out, message);
  g_string_append (out, "</p></main></body></html>");
  send_text (msg, status, "text/html; charset=utf-8", g_string_free (out, FALSE));
}

/* Rate limit of failures, per client address */

static Failures *
failures_of (QwVenueHttp *self,
             const char  *address)
{
  gint64 now = g_get_monotonic_time () / G_USEC_PER_SEC;
  Failures *f = g_hash_table_lookup (self->failures, address);

  if (f == NULL)
    {
      /* A bounded table: old entries go when it grows. */
      if (g_hash_table_size (self->failures) > 4096)
        g_hash_table_remove_all (self->failures);
      f = g_new0 (Failures, 1);
      f->window_start = now;
      g_hash_table_insert (self->failures, g_strdup (address), f);
    }
  if (now - f->window_start >= QW_VENUE_FAILURE_WINDOW)
    {
      f->window_start = now;
      f->failures = 0;
    }
  return f;
}

/* Returns: the seconds to wait, 0 when the address may go on */
static int
limited (QwVenueHttp *self,
         const char  *address)
{
  Failures *f = failures_of (self, address);

  if (f->failures < QW_VENUE_FAILURES_MAX)
    return 0;
  return (int) MAX (1, QW_VENUE_FAILURE_WINDOW - (g_get_monotonic_time () / G_USEC_PER_SEC - f->window_start));
}

static void
note_failure (QwVenueHttp *self,
              const char  *address,
              guint        status)
{
  if (status == 401 || status == 403 || status == 422)
    failures_of (self, address)->failures++;
}

static void
send_limited (SoupServerMessage *msg,
              int                seconds)
{
  g_autofree char *retry = g_strdup_printf ("%d", seconds);

  send_error (msg, 429, "请求失败次数过多，请稍后再试。");
  soup_message_headers_replace (soup_server_message_get_response_headers (msg), "Retry-After", retry);
}

/* Who is asking */

static const char *
client_address (SoupServerMessage *msg)
{
  const char *host = soup_server_message_get_remote_host (msg);

  return host != NULL ? host : "";
}

static char *
session_cookie (SoupServerMessage *msg)
{
  const char *header = soup_message_headers_get_one (soup_server_message_get_request_headers (msg), "Cookie");
  g_auto(GStrv) parts = NULL;

  if (header == NULL)
    return NULL;
  parts = g_strsplit (header, ";", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      const char *p = parts[i];

      while (*p == ' ')
        p++;
      if (g_str_has_prefix (p, COOKIE_NAME "="))
        return g_strdup (p + strlen (COOKIE_NAME "="));
    }
  return NULL;
}

static char *
bearer_token (SoupServerMessage *msg)
{
  const char *header = soup_message_headers_get_one (soup_server_message_get_request_headers (msg),
                                                     "Authorization");

  if (header == NULL || g_ascii_strncasecmp (header, "Bearer ", 7) != 0)
    return NULL;
  return g_strstrip (g_strdup (header + 7));
}

/* "http://HOST/…" has the host @host */
static gboolean
url_has_host (const char *url,
              const char *host)
{
  g_autoptr(GUri) uri = g_uri_parse (url, G_URI_FLAGS_NONE, NULL);
  g_autofree char *authority = NULL;

  if (uri == NULL || g_uri_get_host (uri) == NULL)
    return FALSE;
  if (g_uri_get_port (uri) > 0)
    authority = g_strdup_printf (strchr (g_uri_get_host (uri), ':') != NULL ? "[%s]:%d" : "%s:%d",
                                 g_uri_get_host (uri), g_uri_get_port (uri));
  else
    authority = g_strdup_printf (strchr (g_uri_get_host (uri), ':') != NULL ? "[%s]" : "%s", g_uri_get_host (uri));
  return g_ascii_strcasecmp (authority, host) == 0;
}

/* See qw-venue-http.h: a cookie needs a matching Origin or Referer; a
 * Bearer script may send neither. */
static gboolean
origin_allowed (SoupServerMessage *msg,
                gboolean           by_cookie)
{
  SoupMessageHeaders *in = soup_server_message_get_request_headers (msg);
  const char *host = soup_message_headers_get_one (in, "Host");
  const char *origin = soup_message_headers_get_one (in, "Origin");
  const char *referer = soup_message_headers_get_one (in, "Referer");
  const char *from = origin != NULL ? origin : referer;

  if (from == NULL)
    return !by_cookie;
  return host != NULL && url_has_host (from, host);
}

/* The device a request speaks for, NULL: answered 401. */
static QwDevice *
device_of (QwVenueHttp       *self,
           SoupServerMessage *msg,
           gboolean          *by_cookie,
           GError           **error)
{
  g_autofree char *session = session_cookie (msg), *bearer = bearer_token (msg);
  QwDocument *doc = venue_doc (self, error);
  QwDevice *device;

  if (doc == NULL)
    return NULL;
  device = qw_venue_authenticate (doc, session, NULL, NULL);
  *by_cookie = device != NULL;
  if (device == NULL)
    device = qw_venue_authenticate (doc, NULL, bearer, error);
  return device;
}

/* /join/TOKEN */

static void
handle_join (QwVenueHttp       *self,
             SoupServerMessage *msg,
             const char        *token)
{
  const char *address = client_address (msg);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDevice) device = NULL;
  g_autofree char *session = NULL, *cookie = NULL;
  QwDocument *doc;
  QwVenueStatus status;
  int wait = limited (self, address);

  if (wait > 0)
    {
      send_limited (msg, wait);
      return;
    }
  doc = venue_doc (self, &error);
  if (doc == NULL)
    {
      send_message_page (msg, 500, "无法加入", error->message);
      return;
    }
  status = qw_venue_join (doc, token, address, &device, &session, &error);
  if (status != QW_VENUE_OK)
    {
      note_failure (self, address, status);
      send_message_page (msg, status == QW_VENUE_FORBIDDEN ? 403 : 500, "无法加入",
                         "这个加入链接无效、已经用过或已被撤销。请向裁判长索取新的链接。");
      return;
    }
  cookie = g_strdup_printf (COOKIE_NAME "=%s; Path=/; HttpOnly; SameSite=Strict; Max-Age=%d", session,
                            QW_VENUE_SESSION_SECONDS);
  common_headers (msg);
  soup_message_headers_replace (soup_server_message_get_response_headers (msg), "Set-Cookie", cookie);
  soup_server_message_set_redirect (msg, 303, device->role == QW_DEVICE_SCREEN ? "/screen" : "/device");
}

/* /device: an arbiter's boards */

typedef struct
{
  gint64  id;
  int     no;
  char   *name;
} Who;

static void
arbiter_group (GString        *out,
               QwDocument     *doc,
               const QwDevice *device,
               const QwSection *section,
               GHashTable     *players)
{
  int round = qw_document_last_round (doc, section->id);
  g_autoptr(GPtrArray) games = round > 0 ? qw_document_list_round_games (doc, section->id, round, NULL) : NULL;
  g_auto(QwRoundState) state = { 0 };
  guint shown = 0;

  g_string_append (out, "<h2 style=\"font-size:19px;margin:14px 4px 4px\">");
  html_text (out, section->name != NULL && *section->name != '\0' ? section->name : section->code);
  if (round > 0)
    g_string_append_printf (out, " · 第%d轮", round);
  g_string_append (out, "</h2>");
  if (round == 0 || games == NULL)
    {
      g_string_append (out, "<p class=\"msg\">本组尚未编排。</p>");
      return;
    }
  qw_document_get_round_state (doc, section->id, round, &state, NULL);
  if (state.entry_closed)
    g_string_append (out, "<p class=\"msg\">本轮成绩录入已关闭。</p>");
  for (guint i = 0; i < games->len; i++)
    {
      const QwGame *g = g_ptr_array_index (games, i);
      const Who *red = g_hash_table_lookup (players, &g->red), *black = g_hash_table_lookup (players, &g->black);
      const char *result = qw_result_to_code (g->result);
      static const char *const codes[] = { "2:0", "1:1", "0:2", "+:-", "-:+", "-:-" };

      if (g->black == 0 || !qw_device_has_board (device, g->board))
        continue;
      shown++;
      g_string_append (out, "<div class=\"board\" data-group=\"");
      html_text (out, section->code);
      g_string_append_printf (out, "\" data-round=\"%d\" data-board=\"%d\" data-game=\"%" G_GINT64_FORMAT "\" "
                              "data-red=\"%" G_GINT64_FORMAT "\" data-black=\"%" G_GINT64_FORMAT "\">"
                              "<div class=\"head\"><span>第%d台</span><span class=\"res\">", round, g->board, g->id,
                              g->red, g->black, g->board);
      html_text (out, *result != '\0' ? result : "未录入");
      g_string_append_printf (out, "</span></div><div class=\"players\">红 %d ", red != NULL ? red->no : 0);
      html_text (out, red != NULL ? red->name : "");
      g_string_append_printf (out, "<br>黑 %d ", black != NULL ? black->no : 0);
      html_text (out, black != NULL ? black->name : "");
      g_string_append (out, "</div><div class=\"buttons\">");
      for (guint c = 0; c < G_N_ELEMENTS (codes); c++)
        g_string_append_printf (out, "<button type=\"button\" data-result=\"%s\">%s</button>", codes[c], codes[c]);
      g_string_append_printf (out, "</div><div class=\"fouls\"><button type=\"button\" class=\"small\" "
                              "data-foul=\"red\">红犯规 <b>%d</b></button><button type=\"button\" class=\"small\" "
                              "data-foul=\"black\">黑犯规 <b>%d</b></button></div><div class=\"state\"></div></div>",
                              g->red_fouls, g->black_fouls);
    }
  if (shown == 0)
    g_string_append (out, "<p class=\"msg\">本轮没有分配给本设备的台次。</p>");
}

/* Posts with fetch() (same origin: the browser sends Origin) and shows
 * what the server recorded. Inline, as the public pages' own lines are:
 * the pages' one CSP allows it (qw-site-pages.h). */
static const char arbiter_script[] =
  "<script>(function(){var busy=0,touched=false;"
  "function show(b,cls,t){var s=b.querySelector('.state');s.className='state '+cls;s.textContent=t;}"
  "document.querySelectorAll('.board').forEach(function(b){"
  "var fouls={red:+b.querySelector('[data-foul=red] b').textContent,black:+b.querySelector('[data-foul=black] b').textContent};"
  "b.querySelectorAll('[data-foul]').forEach(function(f){f.addEventListener('click',function(){"
  "var k=f.dataset.foul;fouls[k]++;touched=true;f.querySelector('b').textContent=fouls[k];});});"
  "b.querySelectorAll('[data-result]').forEach(function(btn){btn.addEventListener('click',function(){"
  "var body={group:b.dataset.group,round:+b.dataset.round,board:+b.dataset.board,result:btn.dataset.result,"
  "red_fouls:fouls.red,black_fouls:fouls.black,game:+b.dataset.game,red:+b.dataset.red,black:+b.dataset.black};"
  "show(b,'','正在提交…');busy++;"
  "fetch('/api/result',{method:'POST',headers:{'Content-Type':'application/json'},credentials:'same-origin',"
  "body:JSON.stringify(body)}).then(function(r){return r.json().then(function(j){return [r.status,j];});})"
  ".then(function(a){var st=a[0],j=a[1];busy--;"
  "if(st===200){touched=false;b.querySelector('.res').textContent=j.game.result;"
  "show(b,'ok','已记录：'+j.game.result);}"
  "else{show(b,'err',(j.error||('错误 '+st)));}})"
  ".catch(function(){busy--;show(b,'err','网络错误，未记录，请重试');});});});});"
  /* The page follows the document (a result from the window, the round
   * paired again): read again when it changed, unless a tap is on its way
   * or fouls were counted and not sent yet. */
  "var shown=document.getElementById('state').dataset.state;setInterval(function(){if(busy||touched)return;"
  "fetch('/device?state=1',{cache:'no-store',credentials:'same-origin'}).then(function(r){return r.json();})"
  ".then(function(j){if(j.state&&j.state!==shown&&!busy&&!touched)location.reload();}).catch(function(){});},3000);"
  "})();</script>";

static const char checkin_script[] =
  "<script>(function(){var q=document.getElementById('q');"
  "q.addEventListener('input',function(){var t=q.value.trim();"
  "document.querySelectorAll('.row').forEach(function(r){"
  "r.style.display=(!t||r.dataset.no===t||r.dataset.name.indexOf(t)>=0)?'':'none';});});"
  "document.querySelectorAll('.row button').forEach(function(btn){btn.addEventListener('click',function(){"
  "var r=btn.closest('.row'),present=!btn.classList.contains('on');"
  "fetch('/api/checkin',{method:'POST',headers:{'Content-Type':'application/json'},credentials:'same-origin',"
  "body:JSON.stringify({group:r.dataset.group,no:+r.dataset.no,present:present})})"
  ".then(function(x){return x.json().then(function(j){return [x.status,j];});}).then(function(a){"
  "if(a[0]===200){btn.classList.toggle('on',present);btn.textContent=present?'已签到':'签到';}"
  "else{btn.textContent=a[1].error||('错误 '+a[0]);}})"
  ".catch(function(){btn.textContent='网络错误';});});});})();</script>";

static GHashTable *
players_by_id (QwDocument *doc,
               GPtrArray  *entries)
{
  GHashTable *players = g_hash_table_new_full (g_int64_hash, g_int64_equal, NULL, g_free);

  for (guint i = 0; entries != NULL && i < entries->len; i++)
    {
      QwEntry *e = g_ptr_array_index (entries, i);
      Who *who = g_new0 (Who, 1);

      who->id = e->id;
      who->no = e->no;
      who->name = e->name;
      g_hash_table_insert (players, &who->id, who);
    }
  return players;
}

static void
checkin_rows (GString        *out,
              const QwDevice *device,
              GPtrArray      *entries,
              GHashTable     *present)
{
  for (guint i = 0; i < entries->len; i++)
    {
      const QwEntry *e = g_ptr_array_index (entries, i);
      gboolean here = qw_venue_is_present (present, e->id);

      if (e->group_code == NULL || *e->group_code == '\0' || !qw_device_has_group (device, e->group_code)
          || e->status != QW_STATUS_ACTIVE)
        continue;
      g_string_append (out, "<div class=\"row\" data-group=\"");
      html_text (out, e->group_code);
      g_string_append_printf (out, "\" data-no=\"%d\" data-name=\"", e->no);
      html_text (out, e->name);
      g_string_append_printf (out, "\"><span class=\"who\">%d ", e->no);
      html_text (out, e->name);
      g_string_append (out, " <small>");
      html_text (out, e->unit);
      g_string_append (out, " · ");
      html_text (out, e->group_code);
      g_string_append_printf (out, "</small></span><button type=\"button\"%s>%s</button></div>",
                              here ? " class=\"on\"" : "", here ? "已签到" : "签到");
    }
}

/* What the arbiter's page shows, as a digest: the games of the current
 * round of its groups and boards, their players and results. The page
 * carries it and asks for it again (/device?state=1): a result entered at
 * the window or a round paired again makes the page read itself again. */
static char *
arbiter_state (QwDocument     *doc,
               const QwDevice *device,
               gint64          event_id)
{
  g_autoptr(GPtrArray) sections = qw_document_list_sections (doc, event_id, NULL);
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; sections != NULL && i < sections->len; i++)
    {
      const QwSection *section = g_ptr_array_index (sections, i);
      int round;
      g_autoptr(GPtrArray) games = NULL;
      g_auto(QwRoundState) state = { 0 };

      if (!qw_device_has_group (device, section->code))
        continue;
      round = qw_document_last_round (doc, section->id);
      games = round > 0 ? qw_document_list_round_games (doc, section->id, round, NULL) : NULL;
      qw_document_get_round_state (doc, section->id, round, &state, NULL);
      g_string_append_printf (text, "%s:%d:%d;", section->code, round, state.entry_closed);
      for (guint g = 0; games != NULL && g < games->len; g++)
        {
          const QwGame *game = g_ptr_array_index (games, g);

          if (qw_device_has_board (device, game->board))
            g_string_append_printf (text, "%d,%" G_GINT64_FORMAT ",%" G_GINT64_FORMAT ",%" G_GINT64_FORMAT ",%s,%d,%d;",
                                    game->board, game->id, game->red, game->black,
                                    qw_result_to_code (game->result), game->red_fouls, game->black_fouls);
        }
    }
  return g_compute_checksum_for_string (G_CHECKSUM_SHA1, text->str, -1);
}

static void
handle_device_page (QwVenueHttp       *self,
                    SoupServerMessage *msg,
                    GHashTable        *query)
{
  g_autoptr(GError) error = NULL;
  gboolean by_cookie = FALSE;
  g_autoptr(QwDevice) device = device_of (self, msg, &by_cookie, &error);
  g_autoptr(QwEvent) event = NULL;
  g_autoptr(GPtrArray) entries = NULL, sections = NULL;
  g_autoptr(GHashTable) players = NULL, present = NULL;
  g_autofree char *subtitle = NULL;
  GString *out;

  if (device == NULL)
    {
      send_message_page (msg, 401, "未加入", "本设备尚未加入，或已被撤销。请打开裁判长给的加入链接。");
      return;
    }
  if (device->role == QW_DEVICE_SCREEN)
    {
      common_headers (msg);
      soup_server_message_set_redirect (msg, 303, "/screen");
      return;
    }
  if ((event = qw_document_get_main_event (self->doc, &error)) == NULL
      || (entries = qw_document_list_entries (self->doc, event->id, &error)) == NULL)
    {
      send_message_page (msg, 500, "读取失败", error->message);
      return;
    }
  if (query != NULL && g_hash_table_contains (query, "state"))
    {
      JsonObject *o = json_object_new ();
      g_autofree char *state = device->role == QW_DEVICE_ARBITER ? arbiter_state (self->doc, device, event->id)
                                                                 : g_strdup ("");

      json_object_set_string_member (o, "state", state);
      send_json (msg, 200, o);
      return;
    }
  subtitle = g_strdup_printf ("%s · %s", device->name, device->role == QW_DEVICE_ARBITER ? "裁判录入" : "签到");
  out = page_begin (event->name, subtitle);
  if (device->role == QW_DEVICE_ARBITER)
    {
      g_autofree char *state = arbiter_state (self->doc, device, event->id);

      g_string_append_printf (out, "<div id=\"state\" data-state=\"%s\" hidden></div>", state);
      players = players_by_id (self->doc, entries);
      sections = qw_document_list_sections (self->doc, event->id, NULL);
      for (guint i = 0; sections != NULL && i < sections->len; i++)
        {
          const QwSection *s = g_ptr_array_index (sections, i);

          if (qw_device_has_group (device, s->code))
            arbiter_group (out, self->doc, device, s, players);
        }
      g_string_append (out, "</main>");
      g_string_append (out, arbiter_script);
    }
  else
    {
      present = qw_venue_list_present (self->doc, NULL);
      g_string_append (out, "<input type=\"search\" id=\"q\" placeholder=\"输入序号或姓名\" autocomplete=\"off\">");
      checkin_rows (out, device, entries, present);
      g_string_append (out, "</main>");
      g_string_append (out, checkin_script);
    }
  g_string_append (out, "</body></html>");
  send_text (msg, 200, "text/html; charset=utf-8", g_string_free (out, FALSE));
}

/* POST /api/result, /api/checkin */

static JsonObject *
read_body (SoupServerMessage *msg)
{
  SoupMessageBody *body = soup_server_message_get_request_body (msg);
  const char *type = soup_message_headers_get_content_type (soup_server_message_get_request_headers (msg), NULL);
  g_autoptr(JsonParser) parser = NULL;
  g_autoptr(GBytes) bytes = NULL;
  JsonNode *root;

  if (type == NULL || g_ascii_strcasecmp (type, "application/json") != 0 || body == NULL)
    return NULL;
  bytes = soup_message_body_flatten (body);
  if (g_bytes_get_size (bytes) == 0 || g_bytes_get_size (bytes) > QW_VENUE_BODY_MAX
      || !g_utf8_validate (g_bytes_get_data (bytes, NULL), (gssize) g_bytes_get_size (bytes), NULL))
    return NULL;
  parser = json_parser_new ();
  if (!json_parser_load_from_data (parser, g_bytes_get_data (bytes, NULL), (gssize) g_bytes_get_size (bytes), NULL))
    return NULL;
  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    return NULL;
  return json_object_ref (json_node_get_object (root));
}

static gboolean
member_int (JsonObject *o,
            const char *name,
            gboolean    required,
            gint64      min,
            gint64      max,
            gint64     *out)
{
  JsonNode *n = json_object_get_member (o, name);

  if (n == NULL || JSON_NODE_HOLDS_NULL (n))
    return !required;
  if (!JSON_NODE_HOLDS_VALUE (n) || json_node_get_value_type (n) != G_TYPE_INT64)
    return FALSE;
  *out = json_node_get_int (n);
  return *out >= min && *out <= max;
}

static const char *
member_string (JsonObject *o,
               const char *name)
{
  JsonNode *n = json_object_get_member (o, name);

  if (n == NULL || !JSON_NODE_HOLDS_VALUE (n) || json_node_get_value_type (n) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (n);
}

/* The game as `games --json` shows it (red and black: 序号). */
static JsonObject *
game_json (QwDocument   *doc,
           const QwGame *g)
{
  JsonObject *o = json_object_new ();
  g_autoptr(QwEntry) red = qw_document_get_entry (doc, g->red, NULL);
  g_autoptr(QwEntry) black = g->black != 0 ? qw_document_get_entry (doc, g->black, NULL) : NULL;
  g_autoptr(GHashTable) by = qw_venue_entered_by (doc, g->section_id, NULL);
  const char *entered = by != NULL ? g_hash_table_lookup (by, &g->id) : NULL;

  json_object_set_int_member (o, "round", g->round);
  json_object_set_int_member (o, "board", g->board);
  json_object_set_int_member (o, "red", red != NULL ? red->no : 0);
  if (black != NULL)
    json_object_set_int_member (o, "black", black->no);
  else
    json_object_set_null_member (o, "black");
  json_object_set_string_member (o, "result", qw_result_to_code (g->result));
  if (g->playoff != QW_PLAYOFF_NONE)
    json_object_set_string_member (o, "playoff", qw_playoff_to_code (g->playoff));
  else
    json_object_set_null_member (o, "playoff");
  json_object_set_boolean_member (o, "armageddon", g->armageddon);
  json_object_set_int_member (o, "red_fouls", g->red_fouls);
  json_object_set_int_member (o, "black_fouls", g->black_fouls);
  if (entered != NULL && g->result != QW_RESULT_NONE)
    json_object_set_string_member (o, "entered_by", entered);
  else
    json_object_set_null_member (o, "entered_by");
  return o;
}

static void
write_result (QwVenueHttp       *self,
              SoupServerMessage *msg,
              const QwDevice    *device,
              JsonObject        *body)
{
  QwVenueResultRequest r = { 0 };
  gint64 round = 0, board = 0, red_fouls = -1, black_fouls = -1, game = 0, red = 0, black = 0;
  g_autoptr(GError) error = NULL;
  g_autoptr(QwGame) recorded = NULL;
  const char *outcome = NULL;
  QwVenueStatus status;
  JsonObject *o;

  if (!member_int (body, "round", TRUE, 1, 999, &round) || !member_int (body, "board", TRUE, 1, 100000, &board)
      || !member_int (body, "red_fouls", FALSE, 0, 99, &red_fouls)
      || !member_int (body, "black_fouls", FALSE, 0, 99, &black_fouls)
      || !member_int (body, "game", FALSE, 0, G_MAXINT64, &game) || !member_int (body, "red", FALSE, 0, G_MAXINT64, &red)
      || !member_int (body, "black", FALSE, 0, G_MAXINT64, &black) || member_string (body, "group") == NULL
      || member_string (body, "result") == NULL)
    {
      note_failure (self, client_address (msg), 422);
      send_error (msg, 422, "请求格式错误：需要 group、round、board 和 result。");
      return;
    }
  r.group = member_string (body, "group");
  r.round = (int) round;
  r.board = (int) board;
  r.result = member_string (body, "result");
  r.red_fouls = (int) red_fouls;
  r.black_fouls = (int) black_fouls;
  r.game_id = game;
  r.red = red;
  r.black = black;
  status = qw_venue_device_result (self->doc, device, &r, client_address (msg), &recorded, &outcome, &error);
  note_failure (self, client_address (msg), status);
  o = json_object_new ();
  json_object_set_boolean_member (o, "recorded", status == QW_VENUE_OK);
  json_object_set_int_member (o, "status", status);
  json_object_set_string_member (o, "outcome", outcome);
  if (error != NULL)
    json_object_set_string_member (o, "error", error->message);
  if (recorded != NULL)
    json_object_set_object_member (o, "game", game_json (self->doc, recorded));
  send_json (msg, status, o);
}

static void
write_checkin (QwVenueHttp       *self,
               SoupServerMessage *msg,
               const QwDevice    *device,
               JsonObject        *body)
{
  gint64 no = 0;
  JsonNode *present = json_object_get_member (body, "present");
  const char *group = member_string (body, "group");
  g_autoptr(GError) error = NULL;
  QwVenueStatus status;
  JsonObject *o;

  if (!member_int (body, "no", TRUE, 1, G_MAXINT, &no) || group == NULL || present == NULL
      || !JSON_NODE_HOLDS_VALUE (present) || json_node_get_value_type (present) != G_TYPE_BOOLEAN)
    {
      note_failure (self, client_address (msg), 422);
      send_error (msg, 422, "请求格式错误：需要 group、no 和 present。");
      return;
    }
  status = qw_venue_device_checkin (self->doc, device, group, (int) no, json_node_get_boolean (present),
                                    client_address (msg), &error);
  note_failure (self, client_address (msg), status);
  o = json_object_new ();
  json_object_set_boolean_member (o, "recorded", status == QW_VENUE_OK);
  json_object_set_int_member (o, "status", status);
  json_object_set_string_member (o, "group", group);
  json_object_set_int_member (o, "no", no);
  json_object_set_boolean_member (o, "present", json_node_get_boolean (present));
  if (error != NULL)
    json_object_set_string_member (o, "error", error->message);
  send_json (msg, status, o);
}

static void
handle_write (QwVenueHttp       *self,
              SoupServerMessage *msg,
              const char        *path)
{
  const char *address = client_address (msg);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDevice) device = NULL;
  g_autoptr(JsonObject) body = NULL;
  gboolean by_cookie = FALSE;
  int wait = limited (self, address);

  if (wait > 0)
    {
      send_limited (msg, wait);
      return;
    }
  device = device_of (self, msg, &by_cookie, &error);
  if (device == NULL)
    {
      if (self->doc == NULL)
        {
          send_error (msg, 500, error->message);
          return;
        }
      note_failure (self, address, 401);
      send_error (msg, 401, "未加入或已被撤销：请重新打开加入链接。");
      return;
    }
  if (!origin_allowed (msg, by_cookie))
    {
      note_failure (self, address, 403);
      send_error (msg, 403, "请求来源不符（Origin）。");
      return;
    }
  body = read_body (msg);
  if (body == NULL)
    {
      note_failure (self, address, 422);
      send_error (msg, 422, "请求内容必须是 JSON 对象（Content-Type: application/json）。");
      return;
    }
  if (g_str_equal (path, "/api/result"))
    write_result (self, msg, device, body);
  else
    write_checkin (self, msg, device, body);
}

/* Screens */

typedef struct
{
  QwVenueHttp *self;
} ClockData;

static char *
screen_clock (const char *group,
              int         round,
              char      **end,
              gpointer    data)
{
  QwVenueHttp *self = data;
  g_auto(QwRoundState) state = { 0 };

  *end = NULL;
  if (venue_doc (self, NULL) == NULL || !qw_venue_get_round_state (self->doc, group, round, &state, NULL))
    return NULL;
  *end = g_steal_pointer (&state.clock_end);
  return g_steal_pointer (&state.clock_start);
}

static int
query_int (GHashTable *query,
           const char *key)
{
  const char *text = query != NULL ? g_hash_table_lookup (query, key) : NULL;
  guint64 value = 0;

  if (text == NULL || !g_ascii_string_to_unsigned (text, 10, 0, 10000, &value, NULL))
    return 0;
  return (int) value;
}

static void
handle_screen (QwVenueHttp       *self,
               SoupServerMessage *msg,
               const char        *path,
               GHashTable        *query,
               const QwSite      *site)
{
  g_auto(GStrv) parts = g_strsplit (path, "/", -1);   /* "", "screen", GROUP, KIND */
  char *html = NULL;

  if (g_str_equal (path, "/screen"))
    html = qw_venue_screen_cycle (site, query_int (query, "at"), screen_clock, self);
  else if (g_strv_length (parts) == 4 && (g_str_equal (parts[3], "pairings") || g_str_equal (parts[3], "standings")))
    html = qw_venue_screen_render (site, parts[2], g_str_equal (parts[3], "pairings") ? QW_SCREEN_PAIRINGS
                                                                                     : QW_SCREEN_STANDINGS,
                                   MAX (query_int (query, "page"), 1), screen_clock, self);
  if (html == NULL)
    {
      send_message_page (msg, 404, "找不到", "没有这个大屏页面。");
      return;
    }
  send_text (msg, 200, "text/html; charset=utf-8", html);
}

void
qw_venue_http_handle (QwVenueHttp       *self,
                      SoupServerMessage *msg,
                      const char        *path,
                      GHashTable        *query,
                      const QwSite      *site)
{
  const char *method = soup_server_message_get_method (msg);
  gboolean post = g_strcmp0 (method, "POST") == 0;

  if (g_str_has_prefix (path, "/api/"))
    {
      if (!post)
        {
          send_error (msg, 405, "只接受 POST。");
          soup_message_headers_replace (soup_server_message_get_response_headers (msg), "Allow", "POST");
          return;
        }
      handle_write (self, msg, path);
      return;
    }
  if (post)
    {
      send_error (msg, 405, "这里只能用 GET 和 HEAD。");
      return;
    }
  /* A HEAD (a link checker, a preview) never uses up a join link. */
  if (g_str_has_prefix (path, "/join/") && g_strcmp0 (method, "HEAD") == 0)
    send_message_page (msg, 200, "加入", "请用浏览器打开这个链接。");
  else if (g_str_has_prefix (path, "/join/"))
    handle_join (self, msg, path + strlen ("/join/"));
  else if (g_str_equal (path, "/device"))
    handle_device_page (self, msg, query);
  else
    handle_screen (self, msg, path, query, site);
}
