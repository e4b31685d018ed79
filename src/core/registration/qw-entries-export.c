/* qw-entries-export.c: the entries as a list to hand out (.xlsx or CSV)
 *
 * One row per entry: 序号, 姓名, 性别, 出生日期, 身份证号, 单位, 等级, 等级分,
 * 组别 (the formal group the birth date and sex give, as the checks derive
 * it), 问题 (every problem of the entry, in words). The public form masks
 * the ID number and has no 出生日期 column (the birth date is the part of
 * the number the mask hides); the private form has both, for the organiser,
 * the dates as date cells in a workbook.
 * With a pair (双人) among the entries, its columns follow, as in the
 * entries CSV (qw_entries_to_csv()): 账号, then the second member's
 * 姓名2 … 账号2, and 关系; the usual columns are then a pair's first
 * member's, and its 组别 the pair event it declared.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-registration"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "qw-entries-export.h"
#include "qw-entry-check.h"
#include "qw-entry.h"
#include "qw-idcard.h"
#include "qw-registration.h"

static const char *const header[] = {
  "序号", "姓名", "性别", "出生日期", "身份证号", "单位", "等级", "等级分", "组别", "问题", NULL,
};

static const QwListColumn columns[] = {
  QW_LIST_NUMBER, QW_LIST_TEXT, QW_LIST_TEXT, QW_LIST_DATE, QW_LIST_ID, QW_LIST_TEXT, QW_LIST_TEXT,
  QW_LIST_NUMBER, QW_LIST_TEXT, QW_LIST_TEXT,
};

G_STATIC_ASSERT (G_N_ELEMENTS (header) == G_N_ELEMENTS (columns) + 1);

/* The same, and the pair columns after them. */
static const char *const pair_header[] = {
  "序号", "姓名", "性别", "出生日期", "身份证号", "单位", "等级", "等级分", "组别", "问题",
  "账号", "姓名2", "性别2", "出生日期2", "身份证号2", "单位2", "等级2", "账号2", "关系", NULL,
};

static const QwListColumn pair_columns[] = {
  QW_LIST_NUMBER, QW_LIST_TEXT, QW_LIST_TEXT, QW_LIST_DATE, QW_LIST_ID, QW_LIST_TEXT, QW_LIST_TEXT,
  QW_LIST_NUMBER, QW_LIST_TEXT, QW_LIST_TEXT,
  QW_LIST_ID, QW_LIST_TEXT, QW_LIST_TEXT, QW_LIST_DATE, QW_LIST_ID, QW_LIST_TEXT, QW_LIST_TEXT, QW_LIST_ID,
  QW_LIST_TEXT,
};

G_STATIC_ASSERT (G_N_ELEMENTS (pair_header) == G_N_ELEMENTS (pair_columns) + 1);

/* 出生日期 and 出生日期2 */
#define BIRTH_COLUMN 3
#define BIRTH2_COLUMN 13

/* A person's ID number in the form asked for. */
static char *
id_cell (const QwEntry *person,
         gboolean       private_form)
{
  if (person == NULL)
    return g_strdup ("");
  return private_form ? g_strdup (person->id_number != NULL ? person->id_number : "")
                      : qw_idcard_mask (person->id_number);
}

/* A person's birth date: in the private form only. */
static char *
birth_cell (const QwEntry *person,
            gboolean       private_form)
{
  QwDate date;

  if (!private_form || person == NULL || person->birth == NULL)
    return g_strdup ("");
  return qw_date_parse_iso (person->birth, &date) ? qw_date_to_iso_dup (date) : g_strdup (person->birth);
}

/**
 * qw_entries_list_sheet:
 * @entries: (element-type QwEntry): the event's entries; sorted in @order
 *   (the array's order changes)
 * @private_form: full ID numbers and birth dates
 *
 * Returns: the sheet "参赛名单"
 */
QwListSheet *
qw_entries_list_sheet (const QwRuleset *ruleset,
                       const QwEvent   *event,
                       GPtrArray       *entries,
                       QwListOrder      order,
                       gboolean         private_form)
{
  QwListSheet *sheet;
  g_autofree QwEntryCheck *checks = g_new0 (QwEntryCheck, MAX (entries->len, 1));
  g_autoptr(GHashTable) by_entry = g_hash_table_new (NULL, NULL);
  QwCheckOptions options = { qw_registration_event_date (event), FALSE };
  gboolean pairs = FALSE;

  for (guint i = 0; i < entries->len && !pairs; i++)
    pairs = qw_entry_is_pair (g_ptr_array_index (entries, i));
  sheet = pairs ? qw_list_sheet_new ("参赛名单", pair_header, pair_columns)
                : qw_list_sheet_new ("参赛名单", header, columns);

  /* Duplicates are found in 序号 order, as the entries page finds them. */
  qw_entries_sort_for_list (entries, QW_LIST_ORDER_NUMBER);
  qw_entry_check_all (ruleset, entries, &options, checks);
  for (guint i = 0; i < entries->len; i++)
    g_hash_table_insert (by_entry, g_ptr_array_index (entries, i), &checks[i]);
  qw_entries_sort_for_list (entries, order);
  for (guint i = 0; i < entries->len; i++)
    {
      const QwEntry *e = g_ptr_array_index (entries, i);
      const QwEntryCheck *c = g_hash_table_lookup (by_entry, e);
      const QwEntry *first = qw_entry_is_pair (e) ? qw_entry_member (e, 0) : e;
      const QwEntry *second = qw_entry_member (e, 1);
      g_autofree char *no = g_strdup_printf ("%d", e->no);
      g_autofree char *id = id_cell (first, private_form);
      g_autofree char *id2 = id_cell (second, private_form);
      g_autofree char *birth = birth_cell (first, private_form);
      g_autofree char *birth2 = birth_cell (second, private_form);
      g_autofree char *rating = e->rating > 0 ? g_strdup_printf ("%d", e->rating) : g_strdup ("");
      g_autofree char *problems = qw_problems_join (c->problems, TRUE, "；");
      /* A pair has no group by birth date: it plays in the event it declared. */
      const QwGroupRule *group = c->group != NULL ? c->group : qw_entry_is_pair (e) ? c->declared : NULL;
      const char *row[] = {
        no, first->name, qw_sex_to_chinese (first->sex), birth, id, first->unit, first->grade,
        rating, group != NULL ? group->name : "", problems,
        first->account, second != NULL ? second->name : "", second != NULL ? qw_sex_to_chinese (second->sex) : "",
        birth2, id2, second != NULL ? second->unit : "", second != NULL ? second->grade : "",
        second != NULL ? second->account : "", e->relation, NULL,
      };

      /* Without a pair in the list, the sheet takes the first columns only. */
      qw_list_sheet_add_row (sheet, row);
    }
  /* The public form has no birth dates: it leaves their columns out rather
   * than hand out empty ones (issue 19 point 25). */
  if (!private_form)
    {
      if (pairs)
        qw_list_sheet_remove_column (sheet, BIRTH2_COLUMN);
      qw_list_sheet_remove_column (sheet, BIRTH_COLUMN);
    }
  qw_list_sheet_set_page_title (sheet, event->name);
  return sheet;
}
