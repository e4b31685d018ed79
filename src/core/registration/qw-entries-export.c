/* qw-entries-export.c: the entries as a list to hand out (.xlsx or CSV)
 *
 * One row per entry: 序号, 姓名, 性别, 出生日期, 身份证号, 单位, 等级, 等级分,
 * 组别 (the formal group the birth date and sex give, as the checks derive
 * it), 问题 (every problem of the entry, in words). The public form masks
 * the ID number and leaves out the birth date, which is the part of the
 * number the mask hides; the private form has both, for the organiser.
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
  QW_LIST_NUMBER, QW_LIST_TEXT, QW_LIST_TEXT, QW_LIST_TEXT, QW_LIST_ID, QW_LIST_TEXT, QW_LIST_TEXT,
  QW_LIST_NUMBER, QW_LIST_TEXT, QW_LIST_TEXT,
};

G_STATIC_ASSERT (G_N_ELEMENTS (header) == G_N_ELEMENTS (columns) + 1);

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
  QwListSheet *sheet = qw_list_sheet_new ("参赛名单", header, columns);
  g_autofree QwEntryCheck *checks = g_new0 (QwEntryCheck, MAX (entries->len, 1));
  g_autoptr(GHashTable) by_entry = g_hash_table_new (NULL, NULL);
  QwCheckOptions options = { qw_registration_event_date (event), FALSE };

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
      g_autofree char *no = g_strdup_printf ("%d", e->no);
      g_autofree char *id = private_form ? g_strdup (e->id_number != NULL ? e->id_number : "")
                                         : qw_idcard_mask (e->id_number);
      g_autofree char *rating = e->rating > 0 ? g_strdup_printf ("%d", e->rating) : g_strdup ("");
      g_autofree char *problems = qw_problems_join (c->problems, TRUE, "；");
      g_autofree char *birth = NULL;
      QwDate date;

      if (private_form && e->birth != NULL)
        birth = qw_date_parse_iso (e->birth, &date) ? qw_date_to_iso_dup (date) : g_strdup (e->birth);
      {
        const char *row[] = {
          no, e->name, qw_sex_to_chinese (e->sex), birth != NULL ? birth : "", id, e->unit, e->grade,
          rating, c->group != NULL ? c->group->name : "", problems, NULL,
        };

        qw_list_sheet_add_row (sheet, row);
      }
    }
  return sheet;
}
