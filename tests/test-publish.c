/* test-publish.c: results where people look (issue 13), through the core
 *
 * The public pages of the demo (a Swiss group under way, a knockout and a
 * round robin), their 404s, the static export and the one-file pages, the
 * WeChat image; the venue server following the document (a result entered
 * through the core shows within 2 seconds; an open write step does not
 * hold it up); that no page, image or export holds an ID number, a phone
 * number or a birth date; and certificates that verify, and do not once
 * their name or place is changed.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "qw-certificate-check.h"
#include "qw-demo.h"
#include "qw-document-entries.h"
#include "qw-document-play.h"
#include "qw-error.h"
#include "qw-idcard.h"
#include "qw-print.h"
#include "qw-print-source.h"
#include "qw-publish-server.h"
#include "qw-registration.h"
#include "qw-results-export.h"
#include "qw-share.h"
#include "qw-site-export.h"
#include "qw-site-pages.h"
#include "qw-test.h"
#include "qw-tournament.h"
#include "qw-test-play.h"

static char *tmp_dir;

/* The demo */

static void
set_system (QwDocument *doc,
            const char *code,
            QwSystem    system)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwSection) section = qw_tournament_find_section (doc, code, TRUE, &error);
  g_autoptr(QwRuleset) r = qw_test_ruleset ();

  g_assert_no_error (error);
  section->system = system;
  qw_section_settings_clear (&section->settings);
  qw_section_settings_init (&section->settings, r, system);
  section->settings.lottery_seed = 20210703;
  qw_document_update_section (doc, section, &error);
  g_assert_no_error (error);
}

/* Pairs @rounds rounds of @code, with a result on every board but the
 * last round's first (left open when @leave_open). */
static void
play (QwDocument *doc,
      const char *code,
      int         rounds,
      gboolean    leave_open)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwSection) section = qw_tournament_find_section (doc, code, TRUE, &error);

  g_assert_no_error (error);
  for (int r = 1; r <= rounds; r++)
    {
      g_autoptr(GPtrArray) games = NULL;
      int round = qw_test_pair_gated (doc, &section, QW_PAIR_GATE_EXCLUDE_BLOCKED, &error);

      g_assert_no_error (error);
      games = qw_document_list_round_games (doc, section->id, round, &error);
      for (guint i = 0; i < games->len; i++)
        {
          const QwGame *g = g_ptr_array_index (games, i);
          QwResultInput input = { .result = (g->board % 3 == 0) ? QW_RESULT_DRAW : QW_RESULT_RED_WIN };

          if (g->black == 0 || (leave_open && r == rounds && g->board == 1))
            continue;
          if (input.result == QW_RESULT_DRAW && section->system == QW_SYSTEM_KNOCKOUT)
            input.playoff = QW_PLAYOFF_BLACK;
          g_assert_true (qw_tournament_record_result (doc, section, round, g->board, &input, &error));
        }
    }
}

static char *
demo_path (const char *name)
{
  g_autofree char *path = g_build_filename (tmp_dir, name, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = qw_demo_create (path, &error);

  g_assert_no_error (error);
  set_system (doc, "child-m", QW_SYSTEM_KNOCKOUT);
  set_system (doc, "junior-f", QW_SYSTEM_ROUND_ROBIN);
  play (doc, "child-m", 2, TRUE);
  play (doc, "junior-f", 2, FALSE);
  return g_steal_pointer (&path);
}

static QwDocument *
open_doc (const char *path)
{
  g_autoptr(GError) error = NULL;
  QwDocument *doc = qw_document_open (path, &error);

  g_assert_no_error (error);
  return doc;
}

/* The demo with open-m played to the end (round 4's results, rounds 5–7):
 * a group that has not finished has no verification codes on its
 * certificates (issue 19). */
static QwDocument *
finished_open (const char *path)
{
  QwDocument *doc = open_doc (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwSection) section = qw_tournament_find_section (doc, "open-m", TRUE, &error);
  g_autoptr(GPtrArray) games = qw_document_list_round_games (doc, section->id, 4, &error);

  g_assert_no_error (error);
  for (guint i = 0; i < games->len; i++)
    {
      const QwGame *g = g_ptr_array_index (games, i);
      QwResultInput input = { .result = QW_RESULT_RED_WIN };

      if (g->black != 0 && g->result == QW_RESULT_NONE)
        g_assert_true (qw_tournament_record_result (doc, section, 4, g->board, &input, &error));
    }
  play (doc, "open-m", 3, FALSE);
  return doc;
}

static QwSiteResponse *
get (const QwSite *site,
     const char   *path,
     const char   *round)
{
  g_autoptr(GHashTable) query = g_hash_table_new (g_str_hash, g_str_equal);
  g_auto(QwSiteRequest) request = { 0 };

  if (round != NULL)
    g_hash_table_insert (query, (gpointer) "round", (gpointer) round);
  qw_site_request_parse (&request, path, query);
  return qw_site_render (site, &request, QW_SITE_LIVE, 7, NULL);
}

static const char *
body_of (const QwSiteResponse *response)
{
  return g_bytes_get_data (response->body, NULL);
}

/* Pages */

static void
test_pages (void)
{
  g_autofree char *path = demo_path ("pages.qiwang");
  g_autoptr(QwDocument) doc = open_doc (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwSite) site = qw_site_load (doc, &error);
  static const struct { const char *path; const char *round; guint status; const char *contains; } pages[] = {
    { "/", NULL, 200, "公开组男子" },
    { "/group/open-m/pairings", NULL, 200, "第4轮对阵" },
    { "/group/open-m/pairings/", "2", 200, "第2轮对阵" },
    { "/group/open-m/pairings/round-3", NULL, 200, "第3轮对阵" },
    { "/group/open-m/standings", NULL, 200, "对手分" },
    { "/group/open-m/player/50", NULL, 200, "钟杰" },
    { "/group/child-m/bracket", NULL, 200, "半决赛" },
    { "/group/junior-f/crosstable", NULL, 200, "交叉表" },
    { "/group/open-f/standings", NULL, 200, "尚未录入成绩" },
    { "/group/open-f/pairings", NULL, 200, "本组尚未编排对阵" },
    { "/group/nope/standings", NULL, 404, "没有代码为“nope”的组别" },
    { "/group/open-m/pairings", "9", 404, "本组没有第9轮" },
    { "/group/open-m/pairings", "x", 404, "找不到这个页面" },
    { "/group/open-m/player/999", NULL, 404, "本组没有这个序号的选手" },
    { "/group/open-m/crosstable", NULL, 404, "本组不是循环赛" },
    { "/group/open-m/bracket", NULL, 404, "本组不是淘汰赛" },
    { "/nothing/here", NULL, 404, "找不到这个页面" },
    { "/verify/ABCDE-12345", NULL, 404, "没有颁发验证码为 ABCDE-12345 的证书" },
  };

  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    {
      g_autoptr(QwSiteResponse) r = get (site, pages[i].path, pages[i].round);

      g_test_message ("%s%s%s: %u", pages[i].path, pages[i].round != NULL ? "?round=" : "",
                      pages[i].round != NULL ? pages[i].round : "", r->status);
      g_assert_cmpuint (r->status, ==, pages[i].status);
      g_assert_true (g_str_has_prefix (r->content_type, "text/html"));
      g_assert_nonnull (strstr (body_of (r), "<html lang=\"zh-CN\">"));
      g_assert_nonnull (strstr (body_of (r), pages[i].contains));
      /* Served pages poll for changes; nothing comes from elsewhere. */
      g_assert_nonnull (strstr (body_of (r), "<meta name=\"qw-version\" content=\"7\">"));
      g_assert_null (strstr (body_of (r), "src=\"http"));
      g_assert_null (strstr (body_of (r), "href=\"http"));
    }
}

/* Finding one's board: the served page keeps only the matching rows. */
static void
test_find (void)
{
  g_autofree char *path = demo_path ("find.qiwang");
  g_autoptr(QwDocument) doc = open_doc (path);
  g_autoptr(QwSite) site = qw_site_load (doc, NULL);
  g_autoptr(GHashTable) query = g_hash_table_new (g_str_hash, g_str_equal);
  g_auto(QwSiteRequest) by_name = { 0 };
  g_auto(QwSiteRequest) by_no = { 0 };
  g_autoptr(QwSiteResponse) a = NULL, b = NULL;

  g_hash_table_insert (query, (gpointer) "q", (gpointer) "钟杰");
  qw_site_request_parse (&by_name, "/group/open-m/pairings", query);
  a = qw_site_render (site, &by_name, QW_SITE_LIVE, 1, NULL);
  g_assert_cmpuint (a->status, ==, 200);
  g_assert_nonnull (strstr (body_of (a), "钟杰"));
  g_assert_nonnull (strstr (body_of (a), "：1 行"));
  g_hash_table_insert (query, (gpointer) "q", (gpointer) "50");
  qw_site_request_parse (&by_no, "/group/open-m/standings", query);
  b = qw_site_render (site, &by_no, QW_SITE_LIVE, 1, NULL);
  g_assert_nonnull (strstr (body_of (b), "钟杰"));
  g_assert_null (strstr (body_of (b), "卢嘉俊"));
}

/* The JSON is `qiwang-cli standings --json`'s: every row, every tie-break. */
static void
test_json (void)
{
  g_autofree char *path = demo_path ("json.qiwang");
  g_autoptr(QwDocument) doc = open_doc (path);
  g_autoptr(QwSite) site = qw_site_load (doc, NULL);
  g_autoptr(QwSiteResponse) r = get (site, "/api/group/open-m/standings.json", NULL);
  g_autoptr(QwSiteResponse) missing = get (site, "/api/group/nope/standings.json", NULL);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonArray *rows;
  JsonObject *first;

  g_assert_cmpuint (r->status, ==, 200);
  g_assert_true (g_str_has_prefix (r->content_type, "application/json"));
  json_parser_load_from_data (parser, body_of (r), -1, &error);
  g_assert_no_error (error);
  rows = json_node_get_array (json_parser_get_root (parser));
  g_assert_cmpuint (json_array_get_length (rows), ==, 30);
  first = json_array_get_object_element (rows, 0);
  g_assert_cmpint (json_object_get_int_member (first, "rank"), ==, 1);
  g_assert_true (json_object_has_member (first, "no") && json_object_has_member (first, "name")
                 && json_object_has_member (first, "unit") && json_object_has_member (first, "points"));
  g_assert_cmpuint (json_object_get_size (json_object_get_object_member (first, "tiebreaks")), ==, QW_N_TIEBREAKS);
  g_assert_cmpuint (json_object_get_size (first), ==, 6);
  g_assert_cmpuint (missing->status, ==, 404);
}

/* The server */

static guint
fetch (const char  *base,
       const char  *path,
       char       **body)
{
  g_autofree char *url = g_strconcat (base, path, NULL);

  return qw_test_http_get (url, body);
}

/* A board's result as the served pairings page shows it. */
static char *
served_result (const char *base,
               int         round,
               int         board)
{
  g_autofree char *path = g_strdup_printf ("group/open-m/pairings?round=%d", round);
  g_autofree char *body = NULL;
  g_autofree char *marker = g_strdup_printf ("<td class=\"board\">%d</td>", board);
  const char *row, *res, *end;

  g_assert_cmpuint (fetch (base, path, &body), ==, 200);
  row = strstr (body, marker);
  g_assert_nonnull (row);
  res = strstr (row, "<td class=\"res\"><span aria-hidden=\"true\">");
  g_assert_nonnull (res);
  res += strlen ("<td class=\"res\"><span aria-hidden=\"true\">");
  end = strstr (res, "</span>");
  return g_strndup (res, end - res);
}

static void
test_live (void)
{
  g_autofree char *path = demo_path ("live.qiwang");
  g_autoptr(QwDocument) doc = open_doc (path);
  g_autoptr(QwPublishServer) server = qw_publish_server_new (path);
  const char *loopback[] = { "127.0.0.1", NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(QwSection) section = qw_tournament_find_section (doc, "open-m", FALSE, &error);
  QwResultInput win = { .result = QW_RESULT_BLACK_WIN };
  g_auto(GStrv) urls = NULL;
  g_autofree char *before = NULL;
  g_autofree char *version = NULL;
  gint64 start, shown = 0;
  double seconds;

  g_assert_no_error (error);
  g_assert_true (qw_publish_server_start (server, loopback, 0, &error));
  g_assert_no_error (error);
  urls = qw_publish_server_get_urls (server);
  g_assert_true (g_str_has_prefix (urls[0], "http://127.0.0.1:"));
  g_assert_cmpuint (qw_publish_server_get_port (server), >, 0);
  before = served_result (urls[0], 4, 2);
  g_assert_cmpstr (before, ==, "—");
  g_assert_cmpuint (fetch (urls[0], "api/version", &version), ==, 200);
  g_assert_cmpstr (version, ==, "{\"version\":1}");

  /* The arbiter enters a result through the core, on his own connection. */
  start = g_get_monotonic_time ();
  g_assert_true (qw_tournament_record_result (doc, section, 4, 2, &win, &error));
  g_assert_no_error (error);
  while (g_get_monotonic_time () - start < qw_test_seconds (2.0) * G_USEC_PER_SEC)
    {
      g_autofree char *now = served_result (urls[0], 4, 2);

      if (g_strcmp0 (now, before) != 0)
        {
          g_assert_cmpstr (now, ==, "0:2");
          shown = g_get_monotonic_time ();
          break;
        }
      g_usleep (20 * 1000);
    }
  g_assert_cmpint (shown, >, 0);
  seconds = (shown - start) / (double) G_USEC_PER_SEC;
  g_test_message ("the result was on the served page %.3f s after it was entered", seconds);
  g_assert_cmpfloat (seconds, <, qw_test_seconds (2.0));
  g_free (version);
  g_assert_cmpuint (fetch (urls[0], "api/version", &version), ==, 200);
  g_assert_cmpstr (version, !=, "{\"version\":1}");

  /* A step left open (the arbiter in the middle of an action) holds nothing up. */
  g_assert_true (qw_document_begin_step (doc, "open", &error));
  g_assert_true (qw_document_set_meta (doc, "test-open-step", "1", &error));
  start = g_get_monotonic_time ();
  {
    g_autofree char *body = NULL;

    g_assert_cmpuint (fetch (urls[0], "group/open-m/standings", &body), ==, 200);
    g_assert_nonnull (strstr (body, "成绩表"));
  }
  g_test_message ("a page during an open write step: %.1f ms", (g_get_monotonic_time () - start) / 1000.0);
  g_assert_cmpfloat ((g_get_monotonic_time () - start) / 1e6, <, qw_test_seconds (1.0));
  qw_document_rollback (doc);

  g_assert_cmpuint (qw_publish_server_get_requests (server), >, 3);
  qw_publish_server_stop (server);
  g_assert_false (qw_publish_server_is_running (server));
  g_assert_cmpuint (fetch (urls[0], "", NULL), ==, 0);
}

/* Two servers cannot share a port; a failed start leaves nothing running. */
static void
test_server_errors (void)
{
  g_autofree char *path = demo_path ("errors.qiwang");
  g_autoptr(QwPublishServer) one = qw_publish_server_new (path);
  g_autoptr(QwPublishServer) two = qw_publish_server_new (path);
  g_autoptr(QwPublishServer) missing = NULL;
  g_autofree char *nowhere = g_build_filename (tmp_dir, "nowhere.qiwang", NULL);
  const char *loopback[] = { "127.0.0.1", NULL };
  const char *bad[] = { "not-an-address", NULL };
  g_autoptr(GError) error = NULL;

  g_assert_true (qw_publish_server_start (one, loopback, 0, &error));
  g_assert_false (qw_publish_server_start (two, loopback, qw_publish_server_get_port (one), &error));
  g_assert_error (error, QW_ERROR, QW_ERROR_IO);
  g_assert_false (qw_publish_server_is_running (two));
  g_clear_error (&error);
  g_assert_false (qw_publish_server_start (two, bad, 0, &error));
  g_assert_error (error, QW_ERROR, QW_ERROR_INVALID);
  g_clear_error (&error);
  missing = qw_publish_server_new (nowhere);
  g_assert_false (qw_publish_server_start (missing, loopback, 0, &error));
  g_assert_nonnull (error);
}

/* The reader's connection cannot write. */
static void
test_read_only (void)
{
  g_autofree char *path = demo_path ("read-only.qiwang");
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) reader = qw_document_open_read_only (path, &error);
  g_autoptr(QwSite) site = NULL;

  g_assert_no_error (error);
  g_assert_true (qw_document_is_read_only (reader));
  g_assert_false (qw_document_set_meta (reader, "x", "y", &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  site = qw_site_load (reader, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (qw_site_get_groups (site)->len, >=, 8);
}

/* Privacy */

typedef struct
{
  GPtrArray *secrets;     /* every ID number, phone number and birth date, as they may be written */
  guint      checked;
} Privacy;

static void
add_secret (Privacy    *p,
            const char *text)
{
  if (text != NULL && strlen (text) >= 6)
    g_ptr_array_add (p->secrets, g_strdup (text));
}

static Privacy *
privacy_new (QwDocument *doc)
{
  Privacy *p = g_new0 (Privacy, 1);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwEvent) event = qw_document_get_main_event (doc, &error);
  g_autoptr(GPtrArray) entries = qw_document_list_entries (doc, event->id, &error);
  guint phones = 0;

  g_assert_no_error (error);
  p->secrets = g_ptr_array_new_with_free_func (g_free);
  /* A pair's members are people with numbers and birth dates of their own. */
  for (guint i = 0, n = entries->len; i < n; i++)
    for (guint m = 0; qw_entry_is_pair (g_ptr_array_index (entries, i)) && m < 2; m++)
      g_ptr_array_add (entries, qw_entry_copy (qw_entry_member (g_ptr_array_index (entries, i), m)));
  for (guint i = 0; i < entries->len; i++)
    {
      const QwEntry *e = g_ptr_array_index (entries, i);
      QwDate birth;

      add_secret (p, e->id_number);
      add_secret (p, e->phone);
      phones += e->phone != NULL && *e->phone != '\0';
      if (e->birth != NULL && qw_date_parse_iso (e->birth, &birth))
        {
          g_autofree char *iso = g_strdup (e->birth);
          g_autofree char *compact = g_strdup_printf ("%04d%02d%02d", birth.year, birth.month, birth.day);
          g_autofree char *chinese = g_strdup_printf ("%d年%d月%d日", birth.year, birth.month, birth.day);
          g_autofree char *slashed = g_strdup_printf ("%d/%d/%d", birth.year, birth.month, birth.day);

          add_secret (p, iso);
          add_secret (p, compact);
          add_secret (p, chinese);
          add_secret (p, slashed);
        }
    }
  /* The demo's entries do carry all three. */
  g_assert_cmpuint (phones, >, 50);
  g_assert_cmpuint (p->secrets->len, >, 200);
  return p;
}

static void
privacy_free (Privacy *p)
{
  g_ptr_array_unref (p->secrets);
  g_free (p);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Privacy, privacy_free)

static void
assert_private_free (Privacy    *p,
                     const char *what,
                     const char *text)
{
  g_autoptr(GRegex) id = g_regex_new ("(?<![0-9])[1-9][0-9]{16}[0-9Xx](?![0-9])", 0, 0, NULL);
  g_autoptr(GRegex) phone = g_regex_new ("(?<![0-9])1[3-9][0-9]{9}(?![0-9])", 0, 0, NULL);

  for (guint i = 0; i < p->secrets->len; i++)
    if (strstr (text, g_ptr_array_index (p->secrets, i)) != NULL)
      g_error ("%s holds “%s”, a player's private data", what, (char *) g_ptr_array_index (p->secrets, i));
  if (g_regex_match (id, text, 0, NULL) || g_regex_match (phone, text, 0, NULL))
    g_error ("%s holds something that looks like an ID or phone number", what);
  p->checked++;
}

static void
check_response (Privacy             *p,
                const QwSite        *site,
                const QwSiteRequest *request,
                const char          *what)
{
  g_autoptr(QwSiteResponse) r = qw_site_render (site, request, QW_SITE_LIVE, 1, NULL);

  assert_private_free (p, what, body_of (r));
}

static void
check_all_pages (Privacy            *p,
                 const QwSite       *site)
{
  GPtrArray *groups = qw_site_get_groups (site);
  QwSiteRequest request = { .kind = QW_SITE_PAGE_INDEX };

  check_response (p, site, &request, "the index");
  for (guint i = 0; i < groups->len; i++)
    {
      const QwSiteGroup *g = g_ptr_array_index (groups, i);
      static const QwSitePageKind kinds[] = { QW_SITE_PAGE_STANDINGS, QW_SITE_PAGE_CROSSTABLE, QW_SITE_PAGE_BRACKET,
                                              QW_SITE_PAGE_STANDINGS_JSON };
      g_autofree char *single = qw_site_render_group_file (site, g->code);

      request = (QwSiteRequest) { .group = g->code };
      for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
        {
          request.kind = kinds[k];
          check_response (p, site, &request, g->code);
        }
      request.kind = QW_SITE_PAGE_PAIRINGS;
      for (int r = 0; r <= g->last_round; r++)
        {
          request.round = r;
          check_response (p, site, &request, "pairings");
        }
      request.kind = QW_SITE_PAGE_PLAYER;
      for (guint n = 0; n < g->players->len; n++)
        {
          request.no = ((QwSitePlayer *) g_ptr_array_index (g->players, n))->no;
          check_response (p, site, &request, "a player's page");
        }
      assert_private_free (p, "a group's single file", single);
    }
}

static void
check_folder (Privacy    *p,
              const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autofree char *text = NULL;

      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        {
          check_folder (p, path);
          continue;
        }
      g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
      assert_private_free (p, path, text);
      /* The folder works from any place: no link from the site's root. */
      g_assert_null (strstr (text, "href=\"/"));
    }
}

static void
collect_text (const char *text,
              gpointer    data)
{
  g_string_append_printf (data, "%s\n", text);
}

static void
check_images (Privacy      *p,
              const QwSite *site)
{
  GPtrArray *groups = qw_site_get_groups (site);
  guint images = 0;

  for (guint i = 0; i < groups->len; i++)
    for (int kind = QW_SHARE_PAIRINGS; kind <= QW_SHARE_STANDINGS; kind++)
      {
        const QwSiteGroup *g = g_ptr_array_index (groups, i);
        g_autoptr(GString) drawn = g_string_new (NULL);
        QwShareOptions options = { .kind = kind, .url = "http://127.0.0.1:8080/", .text_func = collect_text,
                                   .text_data = drawn };
        g_autoptr(GPtrArray) parts = qw_share_render (site, g->code, &options, NULL);

        if (parts == NULL)
          continue;
        assert_private_free (p, "a WeChat image", drawn->str);
        images++;
      }
  g_assert_cmpuint (images, >=, 5);
}

/* Every page, image, exported file and certificate of the document at @path. */
static void
check_privacy (const char *path)
{
  g_autoptr(QwDocument) doc = open_doc (path);
  g_autoptr(Privacy) p = privacy_new (doc);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwSite) site = qw_site_load (doc, &error);
  g_autofree char *dir = g_build_filename (tmp_dir, "privacy-site", NULL);
  g_autoptr(QwResults) results = NULL;
  guint files = 0;

  g_assert_no_error (error);
  check_all_pages (p, site);
  check_images (p, site);
  g_assert_true (qw_site_export (doc, dir, &files, &error));
  g_assert_no_error (error);
  check_folder (p, dir);
  /* Every certificate's page and JSON. */
  results = qw_results_from_document (doc, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (results->certificates->len, >, 0);
  for (guint i = 0; i < results->certificates->len; i++)
    {
      const QwResultsCertificate *c = g_ptr_array_index (results->certificates, i);
      g_autoptr(QwCertificateCheck) check = qw_results_check_certificate (results, c->code);
      QwSiteRequest request = { .kind = QW_SITE_PAGE_VERIFY, .code = c->code };
      g_autoptr(QwSiteResponse) page = qw_site_render (site, &request, QW_SITE_LIVE, 1, check);
      g_autofree char *json = qw_site_check_json (check);

      g_assert_true (check->valid);
      assert_private_free (p, "a certificate's page", body_of (page));
      assert_private_free (p, "a certificate's JSON", json);
    }
  g_test_message ("%u pages, images and files searched, %u files exported", p->checked, files);
}

static void
test_privacy (void)
{
  g_autofree char *path = demo_path ("privacy.qiwang");

  check_privacy (path);
}

/* Pairs (双人, issue 12) */

static int pair_serial = 300;

/* A member: a valid ID number of Guangdong, a phone, a birth date. */
static QwEntry *
member (const char *name,
        QwSex       sex,
        const char *birth)
{
  QwEntry *e = qw_entry_new ();
  char first17[18];
  int seq = (pair_serial++ % 500) * 2 + (sex == QW_SEX_FEMALE ? 0 : 1);

  g_snprintf (first17, sizeof first17, "440303%.4s%.2s%.2s%03d", birth, birth + 5, birth + 8, seq);
  e->name = g_strdup (name);
  e->sex = sex;
  e->birth = g_strdup (birth);
  e->id_number = g_strdup_printf ("%s%c", first17, qw_idcard_check_digit (first17));
  e->phone = g_strdup_printf ("139%08d", 20210000 + pair_serial);
  e->unit = g_strdup ("深圳市象棋协会");
  return e;
}

/* The demo with a 家庭双人组 of six pairs (2021, seed 002 五(二)1), two
 * rounds of it played. */
static char *
demo_with_pairs (const char *name)
{
  static const char *const families[][5] = {
    { "陈父", "1980-02-01", "陈女", "2011-03-01", "父女" }, { "林母", "1982-04-02", "林子", "2012-05-02", "母子" },
    { "黄父", "1979-06-03", "黄子", "2010-07-03", "父子" }, { "吴母", "1985-08-04", "吴女", "2013-09-04", "母女" },
    { "郑公", "1955-10-05", "郑孙", "2014-11-05", "祖孙" }, { "何父", "1981-12-06", "何女", "2012-01-06", "父女" },
  };
  g_autofree char *path = demo_path (name);
  g_autoptr(QwDocument) doc = open_doc (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwEvent) event = qw_document_get_main_event (doc, &error);
  g_autoptr(QwRuleset) ruleset = qw_test_ruleset ();

  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (families); i++)
    {
      g_autoptr(QwEntry) pair = qw_entry_new ();
      gboolean mother = g_str_has_suffix (families[i][4], "母子") || g_str_has_suffix (families[i][4], "母女");

      qw_entry_add_member (pair, member (families[i][0], mother ? QW_SEX_FEMALE : QW_SEX_MALE, families[i][1]));
      qw_entry_add_member (pair, member (families[i][2], strstr (families[i][2], "女") != NULL ? QW_SEX_FEMALE
                                                                                          : QW_SEX_MALE,
                                         families[i][3]));
      pair->relation = g_strdup (families[i][4]);
      pair->group_code = g_strdup ("family");
      qw_entry_pair_sync (pair);
      g_assert_true (qw_registration_add_entry (doc, ruleset, event, pair, &error));
      g_assert_no_error (error);
    }
  play (doc, "family", 2, FALSE);
  return g_steal_pointer (&path);
}

/* The public pages and images name a pair "甲 / 乙", and no page, image,
 * export or certificate holds a member's ID number, phone or birth date. */
static void
test_privacy_pairs (void)
{
  g_autofree char *path = demo_with_pairs ("privacy-pairs.qiwang");
  g_autoptr(QwDocument) doc = open_doc (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwSite) site = qw_site_load (doc, &error);
  const QwSiteGroup *family;
  g_autoptr(QwSiteResponse) standings = NULL, pairings = NULL, player = NULL;
  g_autoptr(GString) drawn = g_string_new (NULL);
  QwShareOptions options = { .kind = QW_SHARE_STANDINGS, .url = "http://127.0.0.1:8080/", .text_func = collect_text,
                             .text_data = drawn };
  g_autoptr(GPtrArray) parts = NULL;

  g_assert_no_error (error);
  family = qw_site_find_group (site, "family");
  g_assert_nonnull (family);
  g_assert_cmpuint (family->players->len, ==, 6);
  g_assert_cmpint (family->last_round, ==, 2);
  standings = get (site, "/group/family/standings", NULL);
  pairings = get (site, "/group/family/pairings", "1");
  {
    g_autofree char *page = g_strdup_printf ("/group/family/player/%d",
                                             ((QwSitePlayer *) g_ptr_array_index (family->players, 0))->no);

    player = get (site, page, NULL);
  }
  for (guint i = 0; i < family->players->len; i++)
    {
      const QwSitePlayer *pl = g_ptr_array_index (family->players, i);

      g_assert_nonnull (strstr (pl->name, " / "));
      g_assert_nonnull (strstr (body_of (standings), pl->name));
      g_assert_nonnull (strstr (body_of (pairings), pl->name));
    }
  g_assert_nonnull (strstr (body_of (standings), "陈父 / 陈女"));
  g_assert_cmpint (player->status, ==, 200);
  g_assert_nonnull (strstr (body_of (player), " / "));
  parts = qw_share_render (site, "family", &options, &error);
  g_assert_no_error (error);
  g_assert_nonnull (parts);
  g_assert_nonnull (strstr (drawn->str, "陈父 / 陈女"));
  g_clear_object (&doc);

  check_privacy (path);
}

/* Certificates */

typedef struct
{
  GPtrArray *codes;       /* "ABCDE-FGHJK" as printed */
  GPtrArray *texts;
} Printed;

static void
collect_printed (const QwPrintTextInfo *info,
                 gpointer               data)
{
  Printed *printed = data;

  if (g_str_has_prefix (info->text, "验证码 "))
    g_ptr_array_add (printed->codes, g_strdup (info->text + strlen ("验证码 ")));
  g_ptr_array_add (printed->texts, g_strdup (info->text));
}

static gboolean
printed_text (const Printed *printed,
              const char    *text)
{
  for (guint i = 0; i < printed->texts->len; i++)
    if (strstr (g_ptr_array_index (printed->texts, i), text) != NULL)
      return TRUE;
  return FALSE;
}

static void
test_certificates (void)
{
  g_autofree char *path = demo_path ("certificates.qiwang");
  g_autoptr(QwDocument) doc = finished_open (path);
  g_autoptr(GError) error = NULL;
  QwPrintOptions options = { .group = "open-m" };
  g_autoptr(QwPrintout) printout = qw_print_document (doc, QW_PRINT_CERTIFICATES, &options, NULL, &error);
  Printed printed = { g_ptr_array_new_with_free_func (g_free), g_ptr_array_new_with_free_func (g_free) };
  g_autoptr(QwCertificateCheck) check = NULL;
  g_autoptr(QwCertificateCheck) typed = NULL;
  g_autoptr(QwResults) results = NULL;
  g_autofree char *lower = NULL;
  const QwResultsCertificate *issued;
  const QwEntry *champion = NULL;
  QwResultsGroup *group = NULL;

  g_assert_no_error (error);
  qw_printout_foreach_text (printout, 0, collect_printed, &printed);
  g_assert_cmpuint (printed.codes->len, ==, 1);

  /* The printed certificate verifies, and says what the certificate says. */
  check = qw_certificate_check (doc, g_ptr_array_index (printed.codes, 0), &error);
  g_assert_no_error (error);
  g_assert_true (check->valid);
  g_assert_cmpint (check->place, ==, 1);
  g_assert_cmpstr (check->title, ==, "白花镇棋王");
  g_assert_cmpstr (check->group, ==, "公开组男子");
  g_assert_true (g_str_has_suffix (check->event, "白花镇预选赛"));
  g_assert_true (printed_text (&printed, check->name));
  /* As a person types it: lower case, no dash, O for 0. */
  lower = g_ascii_strdown (g_ptr_array_index (printed.codes, 0), -1);
  g_strdelimit (lower, "-", ' ');
  typed = qw_certificate_check (doc, lower, &error);
  g_assert_true (typed->valid);

  /* The same contents with another name, or another place, make another
   * code: a certificate altered that way does not verify. */
  results = qw_results_from_document (doc, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < results->groups->len; i++)
    if (g_str_equal (((QwResultsGroup *) g_ptr_array_index (results->groups, i))->code, "open-m"))
      group = g_ptr_array_index (results->groups, i);
  issued = qw_results_find_certificate (results, "open-m", check->no);
  g_assert_nonnull (issued);
  champion = qw_results_group_find_player (group, check->no);
  g_free (((QwEntry *) champion)->name);
  ((QwEntry *) champion)->name = g_strdup ("王冒名");
  g_assert_true (qw_results_issue_certificates (doc, results, &error));
  issued = qw_results_find_certificate (results, "open-m", check->no);
  g_assert_cmpstr (issued->code, !=, g_ptr_array_index (printed.codes, 0));
  {
    g_autoptr(QwCertificateCheck) forged = qw_certificate_check (doc, issued->code, &error);

    g_assert_false (forged->valid);
  }
  for (guint i = 0; i < group->standings->len; i++)
    {
      QwResultsStanding *s = g_ptr_array_index (group->standings, i);

      if (s->no == check->no)
        s->rank = 2;
    }
  g_free (((QwEntry *) champion)->name);
  ((QwEntry *) champion)->name = g_strdup (check->name);
  g_assert_true (qw_results_issue_certificates (doc, results, &error));
  issued = qw_results_find_certificate (results, "open-m", check->no);
  g_assert_nonnull (issued);
  {
    g_autoptr(QwCertificateCheck) forged = qw_certificate_check (doc, issued->code, &error);

    g_assert_cmpstr (issued->code, !=, g_ptr_array_index (printed.codes, 0));
    g_assert_false (forged->valid);
  }

  /* A code that is not one, and a code of another document. */
  {
    g_autoptr(QwCertificateCheck) nonsense = qw_certificate_check (doc, "hello", &error);
    g_autofree char *other_path = demo_path ("other.qiwang");
    g_autoptr(QwDocument) other = open_doc (other_path);
    g_autoptr(QwCertificateCheck) elsewhere = qw_certificate_check (other, g_ptr_array_index (printed.codes, 0),
                                                                    &error);

    g_assert_false (nonsense->valid);
    g_assert_cmpstr (nonsense->code, ==, "");
    g_assert_no_error (error);
    g_assert_false (elsewhere->valid);
  }
  g_ptr_array_unref (printed.codes);
  g_ptr_array_unref (printed.texts);
}

static const QwResultsCertificate *
certificate_of (const QwResults *results,
                const char      *group,
                int              place)
{
  for (guint i = 0; i < results->certificates->len; i++)
    {
      const QwResultsCertificate *c = g_ptr_array_index (results->certificates, i);

      if (g_str_equal (c->group, group) && c->place == place)
        return c;
    }
  g_assert_not_reached ();
}

static gboolean
verifies (QwDocument *doc,
          const char *code)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwCertificateCheck) check = qw_certificate_check (doc, code, &error);

  g_assert_no_error (error);
  return check->valid;
}

/* A correction after printing: the old certificate fails, the new one verifies. */
static void
test_certificate_after_correction (void)
{
  g_autofree char *path = demo_path ("correction.qiwang");
  g_autoptr(QwDocument) doc = open_doc (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwResults) before = qw_results_from_document (doc, &error);
  g_autoptr(QwResults) after = NULL;
  g_autoptr(QwSection) section = qw_tournament_find_section (doc, "junior-f", FALSE, &error);
  QwResultInput loss = { .result = QW_RESULT_BLACK_WIN };
  g_autofree char *code = NULL;

  g_assert_no_error (error);
  code = g_strdup (certificate_of (before, "junior-f", 1)->code);
  g_assert_true (verifies (doc, code));
  g_assert_true (qw_tournament_record_result (doc, section, 1, 1, &loss, &error));
  g_assert_no_error (error);
  g_assert_false (verifies (doc, code));
  after = qw_results_from_document (doc, &error);
  g_assert_no_error (error);
  g_assert_true (verifies (doc, certificate_of (after, "junior-f", 1)->code));
}

/* The results file carries its codes: they verify from the file alone, and
 * a file whose name or place was changed is refused. */
static void
test_certificate_from_file (void)
{
  g_autofree char *path = demo_path ("file.qiwang");
  g_autofree char *file = g_build_filename (tmp_dir, "results-public.xml", NULL);
  g_autofree char *edited_path = g_build_filename (tmp_dir, "results-edited.xml", NULL);
  g_autoptr(QwDocument) doc = open_doc (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwResults) results = qw_results_from_document (doc, &error);
  g_autoptr(QwResults) read = NULL;
  g_autoptr(QwCertificateCheck) check = NULL;
  g_autofree char *text = NULL;
  g_autofree char *name_attr = NULL;
  g_autoptr(GString) edited = NULL;
  const QwResultsCertificate *c;
  const QwEntry *e = NULL;

  g_assert_no_error (error);
  g_assert_true (qw_results_write_file (results, file, TRUE, &error));
  read = qw_results_read_file (file, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (read->certificates->len, ==, results->certificates->len);
  c = g_ptr_array_index (read->certificates, 0);
  check = qw_results_check_certificate (read, c->code);
  g_assert_true (check->valid);
  g_assert_cmpint (check->place, ==, c->place);
  /* The public file's codes are the document's. */
  g_assert_true (verifies (doc, c->code));

  for (guint i = 0; i < read->groups->len && e == NULL; i++)
    if (g_str_equal (((QwResultsGroup *) g_ptr_array_index (read->groups, i))->code, c->group))
      e = qw_results_group_find_player (g_ptr_array_index (read->groups, i), c->no);
  g_assert_nonnull (e);
  g_assert_true (g_file_get_contents (file, &text, NULL, NULL));
  name_attr = g_strdup_printf ("name=\"%s\"", e->name);
  edited = g_string_new (text);
  g_assert_cmpuint (g_string_replace (edited, name_attr, "name=\"王冒名\"", 1), ==, 1);
  g_assert_true (g_file_set_contents (edited_path, edited->str, -1, NULL));
  g_assert_null (qw_results_read_file (edited_path, &error));
  g_assert_nonnull (error);
}

/* The static export */

static void
test_export (void)
{
  g_autofree char *path = demo_path ("export.qiwang");
  g_autoptr(QwDocument) doc = open_doc (path);
  g_autofree char *dir = g_build_filename (tmp_dir, "site", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwResults) results = NULL;
  static const char *expected[] = {
    "index.html", "404.html", "open-m.html", "group/open-m/pairings/index.html",
    "group/open-m/pairings/round-1/index.html", "group/open-m/standings/index.html",
    "group/open-m/player/50/index.html", "group/child-m/bracket/index.html",
    "group/junior-f/crosstable/index.html", "api/group/open-m/standings.json",
  };
  g_autofree char *url = NULL;
  g_autofree char *index = NULL;
  g_autofree char *index_path = g_build_filename (dir, "index.html", NULL);
  guint files = 0;

  g_assert_true (qw_site_set_url (doc, "https://xq.example.cn/baihua", &error));
  url = qw_site_get_url (doc);
  g_assert_cmpstr (url, ==, "https://xq.example.cn/baihua/");
  g_assert_false (qw_site_set_url (doc, "not a url", &error));
  g_clear_error (&error);
  g_assert_true (qw_site_export (doc, dir, &files, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (files, >, 100);
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_autofree char *file = g_build_filename (dir, expected[i], NULL);

      g_assert_true (g_file_test (file, G_FILE_TEST_IS_REGULAR));
    }
  results = qw_results_from_document (doc, &error);
  for (guint i = 0; i < results->certificates->len; i++)
    {
      const QwResultsCertificate *c = g_ptr_array_index (results->certificates, i);
      g_autofree char *file = g_build_filename (dir, "verify", c->code, "index.html", NULL);
      g_autofree char *text = NULL;

      g_assert_true (g_file_get_contents (file, &text, NULL, NULL));
      g_assert_nonnull (strstr (text, "证书有效"));
    }
  /* Static pages have no live updates, and link relatively. */
  {
    g_autofree char *file = g_build_filename (dir, "group", "open-m", "standings", "index.html", NULL);
    g_autofree char *text = NULL;

    g_assert_true (g_file_get_contents (file, &text, NULL, NULL));
    g_assert_null (strstr (text, "qw-version"));
    g_assert_nonnull (strstr (text, "href=\"../../../group/open-m/pairings/index.html\""));
  }
  g_assert_true (g_file_get_contents (index_path, &index, NULL, NULL));
  g_assert_nonnull (strstr (index, "href=\"open-m.html\""));
}

/* The WeChat image */

static void
test_share (void)
{
  g_autofree char *path = demo_path ("share.qiwang");
  g_autofree char *png = g_build_filename (tmp_dir, "share.png", NULL);
  g_autoptr(QwDocument) doc = open_doc (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwSite) site = qw_site_load (doc, &error);
  g_autoptr(GString) drawn = g_string_new (NULL);
  QwShareOptions standings = { .kind = QW_SHARE_STANDINGS, .text_func = collect_text, .text_data = drawn };
  QwShareOptions pairings = { .kind = QW_SHARE_PAIRINGS, .round = 2 };
  QwShareOptions late = { .kind = QW_SHARE_PAIRINGS, .round = 9 };
  g_autoptr(GPtrArray) parts = qw_share_render (site, "公开组男子", &standings, &error);
  g_autoptr(GPtrArray) written = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (parts->len, ==, 1);
  g_assert_cmpint (cairo_image_surface_get_width (g_ptr_array_index (parts, 0)), ==, QW_SHARE_WIDTH);
  g_assert_cmpint (cairo_image_surface_get_height (g_ptr_array_index (parts, 0)), >, 30 * 60);
  g_assert_nonnull (strstr (drawn->str, qw_site_get_event (site)->name));
  g_assert_nonnull (strstr (drawn->str, "公开组男子 成绩表"));
  g_assert_nonnull (strstr (drawn->str, "已录入至第3轮的成绩"));
  /* Every part says what its signs mean (issue 19 point 25). */
  g_assert_nonnull (strstr (drawn->str, "（退赛）为已退出比赛的棋手"));
  {
    g_autoptr(GString) signs = g_string_new (NULL);
    QwShareOptions legend = { .kind = QW_SHARE_PAIRINGS, .round = 2, .text_func = collect_text, .text_data = signs };
    g_autoptr(GPtrArray) images = qw_share_render (site, "open-m", &legend, &error);

    g_assert_no_error (error);
    g_assert_nonnull (strstr (signs->str, "+ : - 红方不战而胜"));
    g_assert_nonnull (strstr (signs->str, "- : - 双方弃权"));
  }
  written = qw_share_write (doc, "open-m", &pairings, png, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (written->len, ==, 1);
  g_assert_true (g_file_test (png, G_FILE_TEST_IS_REGULAR));
  g_assert_null (qw_share_render (site, "open-m", &late, &error));
  g_assert_error (error, QW_ERROR, QW_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_null (qw_share_render (site, "open-f", &standings, &error));
  g_assert_error (error, QW_ERROR, QW_ERROR_CONFLICT);
  g_clear_error (&error);
  /* A result entered through the core: the time of the last result. */
  {
    g_autoptr(QwSection) section = qw_tournament_find_section (doc, "open-m", FALSE, &error);
    QwResultInput win = { .result = QW_RESULT_RED_WIN };
    g_autoptr(QwSite) later = NULL;
    g_autoptr(GPtrArray) again = NULL;

    g_assert_true (qw_tournament_record_result (doc, section, 4, 1, &win, &error));
    later = qw_site_load (doc, &error);
    g_string_truncate (drawn, 0);
    again = qw_share_render (later, "open-m", &standings, &error);
    g_assert_no_error (error);
    g_assert_nonnull (strstr (drawn->str, "最后一个成绩录入于"));
  }
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  tmp_dir = qw_test_make_tmp_dir ("qiwang-publish-XXXXXX");
  g_test_add_func ("/publish/pages", test_pages);
  g_test_add_func ("/publish/find", test_find);
  g_test_add_func ("/publish/json", test_json);
  g_test_add_func ("/publish/live", test_live);
  g_test_add_func ("/publish/server-errors", test_server_errors);
  g_test_add_func ("/publish/read-only", test_read_only);
  g_test_add_func ("/publish/privacy", test_privacy);
  g_test_add_func ("/publish/privacy-pairs", test_privacy_pairs);
  g_test_add_func ("/publish/certificates", test_certificates);
  g_test_add_func ("/publish/certificate-after-correction", test_certificate_after_correction);
  g_test_add_func ("/publish/certificate-from-file", test_certificate_from_file);
  g_test_add_func ("/publish/export", test_export);
  g_test_add_func ("/publish/share", test_share);
  status = g_test_run ();
  qw_test_remove_tree (tmp_dir);
  return status;
}
