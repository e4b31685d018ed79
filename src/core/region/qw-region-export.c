/* qw-region-export.c: a region's stops and quota as lists to hand out
 *
 * The stops sheet has the stops CSV's columns (qw-stops-csv.h), then
 * whether each preliminary is valid (has the ruleset's minimum of players),
 * its dates and where it came from.
 * The quota sheet has the tier with its reason, each line's places, the
 * team leader, the extra places and what the next tier needs.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-region"

#include "config.h"

#include "qw-date.h"
#include "qw-event.h"
#include "qw-region-export.h"

static const char *
or_empty (const char *text)
{
  return text != NULL ? text : "";
}

static char *
iso_or_empty (QwDate date)
{
  return qw_date_is_set (date) ? qw_date_to_iso_dup (date) : g_strdup ("");
}

static const char *
source_text (QwEventSource source)
{
  switch (source)
    {
    case QW_SOURCE_MANUAL:
      return "赛站表";
    case QW_SOURCE_LOCAL:
      return "本文件";
    case QW_SOURCE_IMPORTED:
    default:
      return "成绩表";
    }
}

/**
 * qw_region_stops_sheet:
 *
 * Returns: the sheet "赛站": 名称, 类型, 级别, 承办单位, 地级市, 县级市, 荣誉,
 *   参赛人数, 有效 (是 or 否 for a preliminary), 开始日期, 结束日期, 来源
 */
QwListSheet *
qw_region_stops_sheet (const QwRuleset       *ruleset,
                       const QwRegionSummary *summary)
{
  static const char *const header[] = {
    "名称", "类型", "级别", "承办单位", "地级市", "县级市", "荣誉", "参赛人数", "有效", "开始日期", "结束日期", "来源", NULL,
  };
  static const QwListColumn columns[] = {
    QW_LIST_TEXT, QW_LIST_TEXT, QW_LIST_TEXT, QW_LIST_TEXT, QW_LIST_TEXT, QW_LIST_TEXT, QW_LIST_TEXT,
    QW_LIST_NUMBER, QW_LIST_TEXT, QW_LIST_TEXT, QW_LIST_TEXT, QW_LIST_TEXT,
  };
  QwListSheet *sheet = qw_list_sheet_new ("赛站", header, columns);

  for (guint i = 0; i < summary->stops->len; i++)
    {
      const QwRegionStop *stop = g_ptr_array_index (summary->stops, i);
      const QwEvent *e = stop->event;
      g_autofree char *count = g_strdup_printf ("%d", stop->participants);
      g_autofree char *start = iso_or_empty (e->start_date), *end = iso_or_empty (e->end_date);
      const char *row[] = {
        e->name, qw_level_to_chinese (e->level), qw_host_level_to_chinese (e->host_level), or_empty (e->host),
        or_empty (e->prefecture), or_empty (e->county_city), or_empty (e->honours), count,
        e->level != QW_LEVEL_PRELIMINARY ? "" : stop->valid ? "是" : "否", start, end, source_text (e->source),
      };

      qw_list_sheet_add_row (sheet, row);
    }
  return sheet;
}

/**
 * qw_region_quota_sheet:
 *
 * Returns: the sheet "名额": 项目, 组别, 最少, 最多, 说明
 */
QwListSheet *
qw_region_quota_sheet (const QwRuleset *ruleset,
                       const QwQuota   *quota)
{
  static const char *const header[] = { "项目", "组别", "最少", "最多", "说明", NULL };
  static const QwListColumn columns[] = {
    QW_LIST_TEXT, QW_LIST_TEXT, QW_LIST_NUMBER, QW_LIST_NUMBER, QW_LIST_TEXT,
  };
  QwListSheet *sheet = qw_list_sheet_new ("名额", header, columns);
  g_autofree char *stops = g_strdup_printf ("%d", quota->valid_stops);
  g_autofree char *participants = g_strdup_printf ("%d", quota->participants);
  g_autofree char *leader = g_strdup_printf ("%d", quota->leader);

  qw_list_sheet_add_row (sheet, (const char *[]) { "档次", quota->tier != NULL ? quota->tier : "—", NULL, NULL,
                                                   quota->tier_reason });
  qw_list_sheet_add_row (sheet, (const char *[]) { "有效预选赛", NULL, stops, stops, NULL });
  qw_list_sheet_add_row (sheet, (const char *[]) { "参赛人数", NULL, participants, participants, NULL });
  for (guint i = 0; i < quota->places->len; i++)
    {
      const QwQuotaPlace *p = g_ptr_array_index (quota->places, i);
      g_autofree char *min = g_strdup_printf ("%d", p->min), *max = g_strdup_printf ("%d", p->max);

      qw_list_sheet_add_row (sheet, (const char *[]) { "名额", p->label, min, max, p->reason });
    }
  if (quota->leader > 0)
    qw_list_sheet_add_row (sheet, (const char *[]) { "领队", NULL, leader, leader, NULL });
  for (guint i = 0; i < quota->bonuses->len; i++)
    {
      const QwQuotaBonus *b = g_ptr_array_index (quota->bonuses, i);
      g_autofree char *places = g_strdup_printf ("%d", b->places);

      qw_list_sheet_add_row (sheet, (const char *[]) {
        "额外名额", g_strcmp0 (b->groups, "junior-or-child") == 0 ? "少年组或儿童组" : "不限", places, places,
        b->explanation });
    }
  if (quota->next_reason != NULL)
    qw_list_sheet_add_row (sheet, (const char *[]) { "下一档", quota->next_tier, NULL, NULL, quota->next_reason });
  if (quota->tier != NULL)
    {
      g_autofree char *total = g_strdup_printf ("%d", qw_quota_total_places (quota));

      qw_list_sheet_add_row (sheet, (const char *[]) { "合计", NULL, total, NULL,
                                                       "含领队及每项的最少名额" });
    }
  return sheet;
}

/**
 * qw_region_sheets:
 *
 * Returns: (element-type QwListSheet): a region document's stops and its
 *   quota, or %NULL with @error
 */
GPtrArray *
qw_region_sheets (QwDocument  *doc,
                  GError     **error)
{
  g_autoptr(QwRuleset) ruleset = qw_region_ruleset (doc, error);
  g_autoptr(QwRegionSummary) summary = NULL;
  g_autoptr(GPtrArray) stops = NULL;
  g_autoptr(QwQuota) quota = NULL;
  GPtrArray *sheets;

  if (ruleset == NULL || (summary = qw_region_read_summary (doc, ruleset, error)) == NULL)
    return NULL;
  stops = qw_region_summary_quota_stops (summary);
  quota = qw_quota_compute (ruleset, stops);
  sheets = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_list_sheet_free);
  g_ptr_array_add (sheets, qw_region_stops_sheet (ruleset, summary));
  g_ptr_array_add (sheets, qw_region_quota_sheet (ruleset, quota));
  return sheets;
}
