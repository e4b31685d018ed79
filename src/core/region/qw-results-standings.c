/* qw-results-standings.c: a results file's standings made public: CSV,
 * sheets and HTML
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-results-file"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "qw-list-sheet.h"
#include "qw-idcard.h"
#include "qw-results-file.h"
#include "qw-xml-seal.h"

/* Public standings */

/* The union of the groups' tie-break names, in order of first appearance. */
static GPtrArray *
tiebreak_columns (const QwResults *results)
{
  GPtrArray *names = g_ptr_array_new ();

  for (guint i = 0; i < results->groups->len; i++)
    {
      const QwResultsGroup *group = g_ptr_array_index (results->groups, i);

      for (guint t = 0; group->tiebreak_names[t] != NULL; t++)
        if (!g_ptr_array_find_with_equal_func (names, group->tiebreak_names[t], g_str_equal, NULL))
          g_ptr_array_add (names, group->tiebreak_names[t]);
    }
  return names;
}

static char *
format_number (double value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  return g_strdup (g_ascii_formatd (buffer, sizeof buffer, "%.10g", value));
}

static const char *
tiebreak_value (const QwResultsGroup    *group,
                const QwResultsStanding *s,
                const char              *name,
                char                   **owned)
{
  for (guint t = 0; group->tiebreak_names[t] != NULL && t < s->tiebreaks->len; t++)
    if (g_str_equal (group->tiebreak_names[t], name))
      return *owned = format_number (g_array_index (s->tiebreaks, double, t));
  return "";
}

/* A place, or "—" for none (excluded, a late entry not admitted). */
static char *
place_text (int rank)
{
  return rank > 0 ? g_strdup_printf ("%d", rank) : g_strdup ("—");
}

static void
csv_standing_row (GString                 *out,
                  const QwResultsGroup    *group,
                  const QwResultsStanding *s,
                  const QwEntry           *e,
                  GPtrArray               *columns)
{
  g_autofree char *rank = place_text (s->rank);
  g_autofree char *points = format_number (s->points);
  const char *fields[] = { qw_results_group_display_name (group), rank, e->name, qw_sex_to_chinese (e->sex),
                           e->unit, points };

  for (guint f = 0; f < G_N_ELEMENTS (fields); f++)
    {
      if (f > 0)
        g_string_append_c (out, ',');
      qw_csv_append_field (out, fields[f], ',');
    }
  for (guint c = 0; c < columns->len; c++)
    {
      g_autofree char *owned = NULL;

      g_string_append_c (out, ',');
      qw_csv_append_field (out, tiebreak_value (group, s, g_ptr_array_index (columns, c), &owned), ',');
    }
  g_string_append (out, "\r\n");
}

typedef struct
{
  const QwResultsGroup    *group;
  const QwResultsStanding *standing;
  const QwEntry           *player;
} Ranked;

static const char *
ranked_name (gconstpointer item)
{
  return ((const Ranked *) item)->player->name;
}

static int
ranked_no (gconstpointer item)
{
  return ((const Ranked *) item)->player->no;
}

/* A group's ranked players, best first; players who share a place in the
 * list's order (名次相同者按姓氏笔画: by name for pinyin and stroke). */
static GPtrArray *
ranked_players (const QwResultsGroup *group,
                QwListOrder           order)
{
  GPtrArray *all = g_ptr_array_new_with_free_func (g_free);

  for (guint r = 0; r < group->standings->len; r++)
    {
      const QwResultsStanding *s = g_ptr_array_index (group->standings, r);
      const QwEntry *e = qw_results_group_find_player (group, s->no);
      Ranked *item;

      if (e == NULL)
        continue;
      item = g_new (Ranked, 1);
      *item = (Ranked) { group, s, e };
      g_ptr_array_add (all, item);
    }
  for (guint start = 0; order != QW_LIST_ORDER_NUMBER && start < all->len;)
    {
      guint end = start + 1;
      int rank = ((Ranked *) all->pdata[start])->standing->rank;

      while (end < all->len && ((Ranked *) all->pdata[end])->standing->rank == rank)
        end++;
      if (end - start > 1)
        {
          g_autoptr(GPtrArray) tie = g_ptr_array_new ();

          for (guint i = start; i < end; i++)
            g_ptr_array_add (tie, all->pdata[i]);
          qw_list_sort (tie, order, ranked_name, ranked_no);
          for (guint i = start; i < end; i++)
            all->pdata[i] = tie->pdata[i - start];
        }
      start = end;
    }
  return all;
}

/**
 * qw_results_standings_csv_ordered:
 * @order: the order of players who share a place
 *
 * Returns: one row per ranked player of every group: 组别, 名次, 姓名, 性别,
 *   单位, 积分 and the tie-breaks (no ID column); UTF-8 with a BOM for Excel
 */
char *
qw_results_standings_csv_ordered (const QwResults *results,
                                  QwListOrder      order)
{
  /* No ID column, not even masked: a public list names players as the web
   * pages do (issue 19 point 25). */
  GString *out = g_string_new ("\xEF\xBB\xBF" "组别,名次,姓名,性别,单位,积分");
  g_autoptr(GPtrArray) columns = tiebreak_columns (results);

  for (guint c = 0; c < columns->len; c++)
    {
      g_string_append_c (out, ',');
      qw_csv_append_field (out, g_ptr_array_index (columns, c), ',');
    }
  g_string_append (out, "\r\n");
  for (guint i = 0; i < results->groups->len; i++)
    {
      const QwResultsGroup *group = g_ptr_array_index (results->groups, i);
      g_autoptr(GPtrArray) ranked = ranked_players (group, order);

      for (guint r = 0; r < ranked->len; r++)
        {
          const Ranked *item = g_ptr_array_index (ranked, r);

          csv_standing_row (out, group, item->standing, item->player, columns);
        }
    }
  return g_string_free (out, FALSE);
}

char *
qw_results_standings_csv (const QwResults *results)
{
  return qw_results_standings_csv_ordered (results, QW_LIST_ORDER_NUMBER);
}

static const char *
entry_name (gconstpointer item)
{
  return ((const QwEntry *) item)->name;
}

static int
entry_no (gconstpointer item)
{
  return ((const QwEntry *) item)->no;
}

/* A group without standings yet (not paired, or no result entered) still
 * gets its sheet: its players with no place and no points, in the list's
 * order, and a note below them saying why the places are empty (issue 19
 * point 21: the association looks for every group in the workbook). */
static void
add_unplayed_rows (QwListSheet          *sheet,
                   const QwResultsGroup *group,
                   QwListOrder           order)
{
  g_autoptr(GPtrArray) players = g_ptr_array_new ();
  guint n = sheet->columns->len;
  g_autofree const char **cells = g_new0 (const char *, n + 1);

  /* A view of the group's players (g_ptr_array_copy() would take their
   * free function along). */
  for (guint i = 0; i < group->players->len; i++)
    g_ptr_array_add (players, g_ptr_array_index (group->players, i));

  qw_list_sort (players, order, entry_name, entry_no);
  for (guint i = 0; i < players->len; i++)
    {
      const QwEntry *e = g_ptr_array_index (players, i);
      g_autofree char *no = g_strdup_printf ("%d", e->no);

      memset (cells, 0, sizeof (char *) * n);
      cells[1] = no;
      cells[2] = e->name;
      cells[3] = e->unit;
      qw_list_sheet_add_row (sheet, cells);
    }
  qw_list_sheet_set_note (sheet, group->games->len > 0 ? "注：本组尚无成绩，名次和积分在录入第一轮结果后产生。"
                                                      : "注：本组尚未编排对局，名次和积分在比赛后产生。");
}

/**
 * qw_results_standings_sheets:
 * @order: the order of players who share a place
 *
 * Returns: (element-type QwListSheet): one sheet per group, named after
 *   the group: 名次, 序号, 姓名, 单位, 积分, then one column per tie-break of
 *   the group's chain; a group without standings yet lists its players
 *   without places, with a note
 */
GPtrArray *
qw_results_standings_sheets (const QwResults *results,
                             QwListOrder      order)
{
  GPtrArray *sheets = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_list_sheet_free);

  for (guint i = 0; i < results->groups->len; i++)
    {
      const QwResultsGroup *group = g_ptr_array_index (results->groups, i);
      g_autoptr(GPtrArray) ranked = NULL;
      g_autoptr(GPtrArray) header = g_ptr_array_new ();
      g_autoptr(GArray) kinds = g_array_new (FALSE, FALSE, sizeof (QwListColumn));
      guint n_tiebreaks = g_strv_length (group->tiebreak_names);
      QwListSheet *sheet;
      const char *fixed[] = { "名次", "序号", "姓名", "单位", "积分" };
      const QwListColumn fixed_kinds[] = { QW_LIST_NUMBER, QW_LIST_NUMBER, QW_LIST_TEXT, QW_LIST_TEXT,
                                           QW_LIST_NUMBER };

      for (guint c = 0; c < G_N_ELEMENTS (fixed); c++)
        {
          g_ptr_array_add (header, (gpointer) fixed[c]);
          g_array_append_val (kinds, fixed_kinds[c]);
        }
      for (guint t = 0; t < n_tiebreaks; t++)
        {
          QwListColumn number = QW_LIST_NUMBER;

          g_ptr_array_add (header, group->tiebreak_names[t]);
          g_array_append_val (kinds, number);
        }
      g_ptr_array_add (header, NULL);
      /* Entries in no group are a sheet of their own too. */
      sheet = qw_list_sheet_new (qw_results_group_display_name (group)[0] != '\0'
                                 ? qw_results_group_display_name (group) : "未分组",
                                 (const char * const *) header->pdata,
                                 (const QwListColumn *) kinds->data);
      ranked = ranked_players (group, order);
      for (guint r = 0; r < ranked->len; r++)
        {
          const Ranked *item = g_ptr_array_index (ranked, r);
          g_autoptr(GPtrArray) cells = g_ptr_array_new_with_free_func (g_free);

          g_ptr_array_add (cells, place_text (item->standing->rank));
          g_ptr_array_add (cells, g_strdup_printf ("%d", item->player->no));
          g_ptr_array_add (cells, g_strdup (item->player->name));
          g_ptr_array_add (cells, g_strdup (item->player->unit));
          g_ptr_array_add (cells, format_number (item->standing->points));
          for (guint t = 0; t < n_tiebreaks; t++)
            g_ptr_array_add (cells, t < item->standing->tiebreaks->len
                                    ? format_number (g_array_index (item->standing->tiebreaks, double, t))
                                    : g_strdup (""));
          qw_list_sheet_add_row (sheet, (const char * const *) cells->pdata);
        }
      if (group->standings->len == 0)
        add_unplayed_rows (sheet, group, order);
      qw_list_sheet_set_page_title (sheet, results->event != NULL ? results->event->name : NULL);
      g_ptr_array_add (sheets, sheet);
    }
  return sheets;
}

static void
html_cell (GString    *out,
           const char *tag,
           const char *text)
{
  g_autofree char *escaped = g_markup_escape_text (text != NULL ? text : "", -1);

  g_string_append_printf (out, "<%s>%s</%s>", tag, escaped, tag);
}

static void
html_group (GString              *out,
            const QwResultsGroup *group)
{
  g_string_append (out, "<h2>");
  qw_xml_append_escaped (out, qw_results_group_display_name (group));
  g_string_append (out, "</h2>\n<div class=\"t\"><table>\n<thead><tr>");
  html_cell (out, "th", "名次");
  html_cell (out, "th", "姓名");
  html_cell (out, "th", "单位");
  html_cell (out, "th", "积分");
  for (guint t = 0; group->tiebreak_names[t] != NULL; t++)
    html_cell (out, "th", group->tiebreak_names[t]);
  g_string_append (out, "</tr></thead>\n<tbody>\n");
  for (guint r = 0; r < group->standings->len; r++)
    {
      const QwResultsStanding *s = g_ptr_array_index (group->standings, r);
      const QwEntry *e = qw_results_group_find_player (group, s->no);
      g_autofree char *rank = NULL;
      g_autofree char *points = NULL;

      if (e == NULL)
        continue;
      rank = place_text (s->rank);
      points = format_number (s->points);
      g_string_append (out, "<tr>");
      html_cell (out, "td", rank);
      html_cell (out, "td", e->name);
      html_cell (out, "td", e->unit);
      html_cell (out, "td", points);
      for (guint t = 0; t < s->tiebreaks->len; t++)
        {
          g_autofree char *value = format_number (g_array_index (s->tiebreaks, double, t));

          html_cell (out, "td", value);
        }
      g_string_append (out, "</tr>\n");
    }
  g_string_append (out, "</tbody>\n</table></div>\n");
}

/**
 * qw_results_standings_html:
 *
 * Returns: a standalone page with one table per group, for posting online
 */
char *
qw_results_standings_html (const QwResults *results)
{
  GString *out = g_string_new ("<!DOCTYPE html>\n<html lang=\"zh-CN\">\n<head>\n<meta charset=\"utf-8\">\n");
  g_autofree char *title = g_markup_escape_text (results->event->name, -1);

  g_string_append_printf (out, "<title>%s 成绩</title>\n", title);
  /* A phone shows it at its own width (the viewport), a cell keeps its
   * words on one line, and a table wider than the screen scrolls by
   * itself, not the page (issue 19 point 25: at 375 px names broke one
   * character per line). No ID numbers, as on the web pages. */
  g_string_append (out, "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
  g_string_append (out, "<style>body{font-family:sans-serif;margin:2em}"
                        "@media (max-width:600px){body{margin:.6em}}"
                        ".t{overflow-x:auto;margin-bottom:2em}"
                        "table{border-collapse:collapse}"
                        "th,td{border:1px solid #999;padding:.25em .6em;text-align:center;white-space:nowrap}"
                        "th{background:#eee}</style>\n</head>\n<body>\n");
  g_string_append_printf (out, "<h1>%s 成绩</h1>\n", title);
  for (guint i = 0; i < results->groups->len; i++)
    {
      const QwResultsGroup *group = g_ptr_array_index (results->groups, i);

      if (group->standings->len > 0)
        html_group (out, group);
    }
  g_string_append (out, "</body>\n</html>\n");
  return g_string_free (out, FALSE);
}
