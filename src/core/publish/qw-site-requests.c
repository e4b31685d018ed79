/* qw-site-requests.c: a public page asked for: its request parsed, its
 * path made
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-site"

#include "config.h"

#include "qw-group-code.h"
#include "qw-site-pages-private.h"

/* Requests */

void
qw_site_request_clear (QwSiteRequest *request)
{
  g_clear_pointer (&request->group, g_free);
  g_clear_pointer (&request->code, g_free);
  g_clear_pointer (&request->find, g_free);
}

/* "12" → 12; anything else (or out of range) → -1. */
int
_qw_site_parse_number (const char *text)
{
  char *end = NULL;
  gint64 n;

  if (text == NULL || !g_ascii_isdigit (*text))
    return -1;
  n = g_ascii_strtoll (text, &end, 10);
  if (*end != '\0' || n < 1 || n > 100000)
    return -1;
  return (int) n;
}

static GPtrArray *
path_segments (const char *path)
{
  g_auto(GStrv) parts = g_strsplit (path != NULL ? path : "", "/", -1);
  GPtrArray *segments = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; parts[i] != NULL; i++)
    {
      char *segment;

      if (*parts[i] == '\0')
        continue;
      segment = g_uri_unescape_string (parts[i], NULL);
      if (segment == NULL)
        segment = g_strdup ("");
      g_ptr_array_add (segments, segment);
    }
  /* The static folders' file names lead to the same pages. */
  if (segments->len > 0 && g_str_equal (g_ptr_array_index (segments, segments->len - 1), "index.html"))
    g_ptr_array_set_size (segments, segments->len - 1);
  return segments;
}

static void
parse_group_page (QwSiteRequest *request,
                  GPtrArray     *seg,
                  GHashTable    *query)
{
  const char *page = g_ptr_array_index (seg, 2);

  request->group = g_strdup (g_ptr_array_index (seg, 1));
  if (g_str_equal (page, "pairings") && seg->len <= 4)
    {
      const char *round = query != NULL ? g_hash_table_lookup (query, "round") : NULL;

      request->kind = QW_SITE_PAGE_PAIRINGS;
      request->round = 0;
      if (seg->len == 4 && g_str_has_prefix (g_ptr_array_index (seg, 3), "round-"))
        round = (const char *) g_ptr_array_index (seg, 3) + strlen ("round-");
      else if (seg->len == 4)
        request->round = -1;
      if (round != NULL && request->round == 0)
        request->round = _qw_site_parse_number (round);
    }
  else if (g_str_equal (page, "standings") && seg->len == 3)
    request->kind = QW_SITE_PAGE_STANDINGS;
  else if (g_str_equal (page, "crosstable") && seg->len == 3)
    request->kind = QW_SITE_PAGE_CROSSTABLE;
  else if (g_str_equal (page, "bracket") && seg->len == 3)
    request->kind = QW_SITE_PAGE_BRACKET;
  else if (g_str_equal (page, "player") && seg->len == 4)
    {
      request->kind = QW_SITE_PAGE_PLAYER;
      request->no = _qw_site_parse_number (g_ptr_array_index (seg, 3));
    }
}

/**
 * qw_site_request_parse:
 *
 * Reads a path of the site (see qw-site-pages.h); anything else is
 * QW_SITE_PAGE_NOT_FOUND.
 */
void
qw_site_request_parse (QwSiteRequest *request,
                       const char    *path,
                       GHashTable    *query)
{
  g_autoptr(GPtrArray) seg = path_segments (path);
  const char *find = query != NULL ? g_hash_table_lookup (query, "q") : NULL;
  const char *first = seg->len > 0 ? g_ptr_array_index (seg, 0) : NULL;

  memset (request, 0, sizeof *request);
  request->round = -1;
  request->find = g_strdup (find != NULL ? g_strstrip (g_strdup (find)) : "");
  if (seg->len == 0)
    request->kind = QW_SITE_PAGE_INDEX;
  else if (g_str_equal (first, "group") && seg->len >= 3)
    parse_group_page (request, seg, query);
  else if (g_str_equal (first, "verify") && seg->len <= 2)
    {
      const char *code = seg->len == 2 ? g_ptr_array_index (seg, 1)
                         : query != NULL ? g_hash_table_lookup (query, "code") : NULL;

      request->kind = QW_SITE_PAGE_VERIFY;
      request->code = g_strdup (code != NULL ? code : "");
    }
  else if (g_str_equal (first, "api") && seg->len == 2 && g_str_equal (g_ptr_array_index (seg, 1), "version"))
    request->kind = QW_SITE_PAGE_VERSION;
  else if (g_str_equal (first, "api") && seg->len == 3 && g_str_equal (g_ptr_array_index (seg, 1), "verify"))
    {
      request->kind = QW_SITE_PAGE_VERIFY_JSON;
      request->code = g_strdup (g_ptr_array_index (seg, 2));
    }
  else if (g_str_equal (first, "api") && seg->len == 4 && g_str_equal (g_ptr_array_index (seg, 1), "group")
           && g_str_equal (g_ptr_array_index (seg, 3), "standings.json"))
    {
      request->kind = QW_SITE_PAGE_STANDINGS_JSON;
      request->group = g_strdup (g_ptr_array_index (seg, 2));
    }
}

/* @group: a group's code (a certificate's code for the verify pages), which
 * stands in the path as qw_group_code_segment() has it: a code made before
 * codes were checked can name no folder outside the site and start no URL
 * scheme. */
char *
qw_site_page_path (QwSitePageKind kind,
                   const char    *group_code,
                   int            number)
{
  g_autofree char *group = kind == QW_SITE_PAGE_VERIFY || kind == QW_SITE_PAGE_VERIFY_JSON
                           ? g_strdup (group_code) : qw_group_code_segment (group_code);

  switch (kind)
    {
    case QW_SITE_PAGE_PAIRINGS:
      return number > 0 ? g_strdup_printf ("group/%s/pairings/round-%d", group, number)
                        : g_strdup_printf ("group/%s/pairings", group);
    case QW_SITE_PAGE_STANDINGS:
      return g_strdup_printf ("group/%s/standings", group);
    case QW_SITE_PAGE_CROSSTABLE:
      return g_strdup_printf ("group/%s/crosstable", group);
    case QW_SITE_PAGE_BRACKET:
      return g_strdup_printf ("group/%s/bracket", group);
    case QW_SITE_PAGE_PLAYER:
      return g_strdup_printf ("group/%s/player/%d", group, number);
    case QW_SITE_PAGE_STANDINGS_JSON:
      return g_strdup_printf ("api/group/%s/standings.json", group);
    case QW_SITE_PAGE_VERIFY:
      return g_strdup_printf ("verify/%s", group);
    case QW_SITE_PAGE_VERIFY_JSON:
      return g_strdup_printf ("api/verify/%s", group);
    case QW_SITE_PAGE_VERSION:
      return g_strdup ("api/version");
    case QW_SITE_PAGE_INDEX:
    case QW_SITE_PAGE_NOT_FOUND:
    default:
      return g_strdup ("");
    }
}

/**
 * qw_site_group_file:
 *
 * Returns: the name of the file that holds the group as one page in the
 *   exported folder: "open-m.html"
 */
char *
qw_site_group_file (const char *group_code)
{
  g_autofree char *segment = qw_group_code_segment (group_code);

  return g_strconcat (segment, ".html", NULL);
}
