/* qw-site-pages.c: the public pages of a stop
 *
 * Each page is a body (pairings, standings, cross-table, bracket, player)
 * wrapped in the common head; the one-file export strings the bodies of a
 * group together. Everything is written from the snapshot (qw-site.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-site"

#include "config.h"

#include <json-glib/json-glib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "qw-group-code.h"
#include "qw-knockout.h"
#include "qw-site-html.h"
#include "qw-site-pages.h"

/* Requests */

void
qw_site_request_clear (QwSiteRequest *request)
{
  g_clear_pointer (&request->group, g_free);
  g_clear_pointer (&request->code, g_free);
  g_clear_pointer (&request->find, g_free);
}

/* "12" → 12; anything else (or out of range) → -1. */
static int
parse_number (const char *text)
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
        request->round = parse_number (round);
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
      request->no = parse_number (g_ptr_array_index (seg, 3));
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
qw_site_page_path (QwSitePageKind  kind,
                   const char     *group_code,
                   int             number)
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

/* Small pieces */

static char *
format_points (double points)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  return g_strdup (g_ascii_formatd (buffer, sizeof buffer, "%g", points));
}

/* h1 on a page, one level down in the one-file export. */
static void
heading (QwHtml     *h,
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

static void
player_link (QwHtml            *h,
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

static const char *
status_note (const QwSitePlayer *p)
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
static char *
round_label (const QwSiteGroup *group,
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

static const QwRoundCell *
round_cell (const QwSiteGroup *group,
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
static char *
game_result_text (const QwSiteGroup *group,
                  const QwSiteGame  *g)
{
  const QwRoundCell *red = round_cell (group, g->red, g->round);
  const QwRoundCell *black = g->black > 0 ? round_cell (group, g->black, g->round) : NULL;
  g_autofree char *r = NULL, *b = NULL;

  switch (g->result)
    {
    case QW_RESULT_RED_WIN:
    case QW_RESULT_DRAW:
    case QW_RESULT_BLACK_WIN:
      r = format_points (red != NULL ? red->points : 0);
      b = format_points (black != NULL ? black->points : 0);
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
static const char *
game_result_words (QwResult result)
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
static const char *
cell_outcome (const QwRoundCell *cell)
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
static gboolean
matches (const char *find,
         const char *haystack)
{
  g_autofree char *padded = NULL;
  g_autofree char *token = NULL;
  g_autofree char *lower_hay = NULL;
  g_autofree char *lower_find = NULL;

  if (find == NULL || *find == '\0')
    return TRUE;
  padded = g_strdup_printf (" %s ", haystack);
  if (parse_number (find) > 0)
    {
      token = g_strdup_printf (" #%s ", find);
      return strstr (padded, token) != NULL;
    }
  lower_hay = g_utf8_strdown (padded, -1);
  lower_find = g_utf8_strdown (find, -1);
  return strstr (lower_hay, lower_find) != NULL;
}

static void
add_find_words (GString            *words,
                const QwSitePlayer *p)
{
  if (p == NULL)
    return;
  g_string_append_printf (words, " #%d %s %s", p->no, p->name, p->unit);
}

static void
found_note (QwHtml     *h,
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
  points = format_points (qw_site_group_points_before (group, no, round));
  _qw_html_printf (h, "<span class=\"no\">%d</span>", p->no);
  player_link (h, group, p->no, p->name);
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
  g_autofree char *result = game_result_text (group, g);
  QwOutcome red = qw_result_outcome (g->result, TRUE);

  _qw_html_raw (h, "<tr data-find=\"");
  _qw_html_text (h, words);
  _qw_html_printf (h, "\"><td class=\"board\">%d</td>", g->board);
  pairing_side (h, group, g->red, g->round, red == QW_OUTCOME_WIN || red == QW_OUTCOME_FORFEIT_WIN);
  _qw_html_raw (h, "<td class=\"res\"><span aria-hidden=\"true\">");
  _qw_html_text (h, *result != '\0' ? result : "—");
  _qw_html_raw (h, "</span><span class=\"sr\">");
  _qw_html_text (h, game_result_words (g->result));
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
      g_autofree char *label = round_label (group, r);

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
      const QwRoundCell *cell = round_cell (group, row->no, round);

      if (cell != NULL && cell->absent)
        g_string_append_printf (names, "%s%d %s", names->len > 0 ? "、" : "", row->no, row->name);
    }
  if (names->len == 0)
    return;
  _qw_html_raw (h, "<p class=\"note\">本轮请假或未赛：");
  _qw_html_text (h, names->str);
  _qw_html_raw (h, "</p>");
}

static void
pairings_table (QwHtml            *h,
                const QwSiteGroup *group,
                int                round,
                const char        *find)
{
  guint boards = 0, done = 0, shown = 0;
  g_autofree char *label = round_label (group, round);

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
      add_find_words (words, qw_site_group_find_player (group, g->red));
      add_find_words (words, g->black > 0 ? qw_site_group_find_player (group, g->black) : NULL);
      if (!matches (find, words->str))
        continue;
      pairing_row (h, group, g, words->str);
      shown++;
    }
  _qw_html_raw (h, "</tbody></table></div>");
  found_note (h, find, shown);
  absent_note (h, group, round);
}

static void
pairings_body (QwHtml            *h,
               const QwSiteGroup *group,
               int                round,
               const char        *find)
{
  g_autofree char *label = round_label (group, round);
  g_autofree char *title = g_strdup_printf ("%s %s对阵", group->name, label);

  heading (h, 1, NULL, title);
  if (group->last_round == 0)
    {
      _qw_html_raw (h, "<p>本组尚未编排对阵。</p>");
      return;
    }
  rounds_nav (h, group, round);
  pairings_table (h, group, round, find);
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
  g_autoptr(GString) note = g_string_new (status_note (qw_site_group_find_player (group, row->no)));
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
  g_autofree char *points = format_points (row->points);
  g_autofree char *note = row_note (group, row);

  _qw_html_raw (h, "<tr data-find=\"");
  _qw_html_text (h, words);
  _qw_html_printf (h, "\"><td class=\"n\">%d</td><td class=\"name\"><span class=\"no\">%d</span>", row->rank, row->no);
  player_link (h, group, row->no, row->name);
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
      value = format_points (row->tiebreaks[tb]);
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

      if (!matches (find, words))
        continue;
      standings_row (h, group, row, words, notes);
      shown++;
    }
  _qw_html_raw (h, "</tbody></table></div>");
  found_note (h, find, shown);
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

      if (!matches (find, words))
        continue;
      _qw_html_raw (h, "<tr data-find=\"");
      _qw_html_text (h, words);
      _qw_html_printf (h, "\"><td class=\"n\">%d</td><td>", p->no);
      player_link (h, group, p->no, p->name);
      _qw_html_raw (h, "</td><td>");
      _qw_html_text (h, p->unit);
      _qw_html_raw (h, "</td><td>");
      _qw_html_text (h, p->grade);
      _qw_html_raw (h, "</td></tr>");
      shown++;
    }
  _qw_html_raw (h, "</tbody></table></div>");
  found_note (h, find, shown);
}

static void
standings_body (QwHtml            *h,
                const QwSiteGroup *group,
                const char        *find)
{
  g_autofree char *title = g_strdup_printf ("%s 成绩表", group->name);

  heading (h, 1, NULL, title);
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
      points = format_points (cell->points);
      if (text->len > 0)
        g_string_append_c (text, ' ');
      g_string_append (text, qw_result_forfeited_by (cell->result, cell->colour == 'R') ? "-"
                             : qw_result_forfeited_by (cell->result, cell->colour != 'R') ? "+" : points);
    }
  _qw_html_raw (h, "<td>");
  _qw_html_text (h, text->str);
  _qw_html_raw (h, "</td>");
}

static void
crosstable_body (QwHtml            *h,
                 const QwSiteGroup *group)
{
  g_autofree char *title = g_strdup_printf ("%s 交叉表", group->name);

  heading (h, 1, h->mode == QW_SITE_SINGLE ? "crosstable" : NULL, title);
  _qw_html_raw (h, "<p class=\"meta\">每格为该行选手对该列选手的得分；+ 为对手弃权，- 为本人弃权。</p>"
                   "<div class=\"scroll\" role=\"region\" aria-label=\"交叉表，可左右滑动\" tabindex=\"0\">"
                   "<table class=\"cross\"><thead><tr><th scope=\"col\" class=\"name\">姓名</th>");
  for (guint c = 0; c < group->standings->len; c++)
    _qw_html_printf (h, "<th scope=\"col\">%u</th>", c + 1);
  _qw_html_raw (h, "<th scope=\"col\">积分</th><th scope=\"col\">名次</th></tr></thead><tbody>");
  for (guint r = 0; r < group->standings->len; r++)
    {
      const QwStandingRow *row = g_ptr_array_index (group->standings, r);
      g_autofree char *points = format_points (row->points);

      _qw_html_printf (h, "<tr><th scope=\"row\" class=\"name\">%u. ", r + 1);
      player_link (h, group, row->no, row->name);
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
      _qw_html_printf (h, "</strong></td><td>%d</td></tr>", row->rank);
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
      player_link (h, group, p->no, p->name);
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
  const QwRoundCell *red = round_cell (group, g->red, g->round);
  const QwRoundCell *black = g->black > 0 ? round_cell (group, g->black, g->round) : NULL;
  g_autofree char *r = NULL, *b = NULL;
  gboolean scored = g->result != QW_RESULT_NONE && g->result != QW_RESULT_BYE;

  r = scored && red != NULL ? format_points (red->points) : g_strdup ("");
  b = scored && black != NULL ? format_points (black->points) : g_strdup ("");
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

static void
bracket_body (QwHtml            *h,
              const QwSiteGroup *group)
{
  g_autofree char *title = g_strdup_printf ("%s 淘汰赛对阵图", group->name);

  heading (h, 1, h->mode == QW_SITE_SINGLE ? "bracket" : NULL, title);
  if (group->last_round == 0)
    {
      _qw_html_raw (h, "<p>本组尚未编排对阵。</p>");
      return;
    }
  _qw_html_raw (h, "<div class=\"bracket\">");
  for (int round = 1; round <= group->last_round; round++)
    {
      g_autofree char *label = round_label (group, round);

      _qw_html_raw (h, "<section>");
      heading (h, 2, NULL, label);
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
      g_autofree char *label = round_label (group, round);

      _qw_html_raw (h, "<section>");
      heading (h, 2, NULL, label);
      _qw_html_raw (h, "<p class=\"note\">待上一轮结束后编排</p></section>");
    }
  _qw_html_raw (h, "</div>");
}

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
  g_autofree char *points = format_points (cell->points);
  g_autofree char *sum = format_points (total);
  g_autofree char *label = round_label (group, cell->round);

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
      player_link (h, group, opponent->no, opponent->name);
    }
  _qw_html_raw (h, "</td><td class=\"c\">");
  _qw_html_text (h, cell_outcome (cell));
  _qw_html_raw (h, "</td><td class=\"n\">");
  if (cell->result != QW_RESULT_NONE || cell->absent)
    _qw_html_text (h, points);
  _qw_html_raw (h, "</td><td class=\"n\">");
  _qw_html_text (h, sum);
  _qw_html_raw (h, "</td></tr>");
}

static void
player_body (QwHtml             *h,
             const QwSiteGroup  *group,
             const QwSitePlayer *p,
             int                 level)
{
  const QwStandingRow *row = qw_site_group_find_row (group, p->no);
  g_autofree char *title = g_strdup_printf ("%s（%d号）", p->name, p->no);
  g_autofree char *id = g_strdup_printf ("player-%d", p->no);
  const char *note = status_note (p);
  double total = 0;

  heading (h, level, h->mode == QW_SITE_SINGLE ? id : NULL, title);
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
      g_autofree char *points = format_points (row->points);

      _qw_html_printf (h, " · 现列第%d名，积分 ", row->rank);
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
      const QwRoundCell *cell = round_cell (group, p->no, r);
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

static void
index_body (QwHtml *h)
{
  const QwEvent *event = qw_site_get_event (h->site);
  GPtrArray *groups = qw_site_get_groups (h->site);
  g_autofree char *start = qw_date_to_chinese (event->start_date);
  g_autofree char *end = qw_date_to_chinese (event->end_date);

  heading (h, 1, NULL, event->name);
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
  _qw_html_raw (h, "<ul class=\"groups\">");
  for (guint i = 0; i < groups->len; i++)
    group_card (h, g_ptr_array_index (groups, i));
  _qw_html_raw (h, "</ul>");
  if (h->mode != QW_SITE_SINGLE)
    verify_form (h);
}

/* Verify */

static void
verify_body (QwHtml                   *h,
             const char               *typed,
             const QwCertificateCheck *check)
{
  g_autofree char *shown = NULL;
  g_autofree char *normal = NULL;

  heading (h, 1, NULL, "证书查验");
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

static void
not_found_body (QwHtml              *h,
                const QwSiteRequest *request,
                const QwSiteGroup   *group)
{
  heading (h, 1, NULL, "找不到这个页面");
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

      json_object_set_int_member (o, "rank", row->rank);
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
  not_found_body (&h, request, group);
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
      pairings_body (&h, group, round, request->find);
      break;
    case QW_SITE_PAGE_STANDINGS:
      here = qw_site_page_path (request->kind, group->code, 0);
      title = g_strdup_printf ("%s 成绩表", group->name);
      _qw_html_init (&h, site, mode, here, version);
      _qw_html_begin (&h, title, group, QW_TAB_STANDINGS, request->find);
      standings_body (&h, group, request->find);
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
        crosstable_body (&h, group);
      else
        bracket_body (&h, group);
      break;
    case QW_SITE_PAGE_PLAYER:
      if ((player = qw_site_group_find_player (group, request->no)) == NULL)
        return NULL;
      here = qw_site_page_path (request->kind, group->code, player->no);
      title = g_strdup_printf ("%s（%s）", player->name, group->name);
      _qw_html_init (&h, site, mode, here, version);
      _qw_html_begin (&h, title, group, QW_TAB_NONE, NULL);
      player_body (&h, group, player, 1);
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
      _qw_html_begin (&h, "成绩公布", NULL, QW_TAB_NONE, NULL);
      index_body (&h);
    }
  else
    {
      g_autofree char *code = qw_certificate_code_normalize (request->code);

      here = qw_site_page_path (QW_SITE_PAGE_VERIFY, code != NULL ? code : "x", 0);
      _qw_html_init (&h, site, mode, here, version);
      _qw_html_begin (&h, "证书查验", NULL, QW_TAB_NONE, NULL);
      verify_body (&h, request->code, check);
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
  heading (h, 1, NULL, "对阵");
  if (group->last_round == 0)
    _qw_html_raw (h, "<p>本组尚未编排对阵。</p>");
  for (int r = group->last_round; r >= 1; r--)
    {
      g_autofree char *label = round_label (group, r);

      _qw_html_printf (h, "<details id=\"round-%d\"%s><summary>", r, r == group->last_round ? " open" : "");
      _qw_html_text (h, label);
      _qw_html_raw (h, "</summary>");
      pairings_table (h, group, r, NULL);
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
  standings_body (&h, group, NULL);
  _qw_html_raw (&h, "</section>");
  if (group->system == QW_SYSTEM_ROUND_ROBIN)
    crosstable_body (&h, group);
  else if (group->system == QW_SYSTEM_KNOCKOUT)
    bracket_body (&h, group);
  _qw_html_raw (&h, "<section id=\"players\">");
  heading (&h, 1, NULL, "选手");
  for (guint i = 0; i < group->players->len; i++)
    player_body (&h, group, g_ptr_array_index (group->players, i), 2);
  _qw_html_raw (&h, "</section>");
  _qw_html_end (&h);
  return _qw_html_finish (&h);
}
