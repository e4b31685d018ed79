/* fuzz-ruleset.c: a ruleset file (data/rulesets/<id>.xml)
 *
 * The loader (schema, then the semantic checks), then what the program does
 * with a season's rules: groups by birth date and name, arbiter grades, a
 * quota for a few stops, event names.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "qw-fuzz.h"
#include "qw-event-name.h"
#include "qw-quota.h"
#include "qw-region.h"
#include "qw-ruleset.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwRuleset) ruleset = NULL;
  g_autoptr(GPtrArray) stops = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_stop_summary_free);
  g_autoptr(QwQuota) quota = NULL;
  g_autoptr(QwEvent) event = qw_event_new ();
  g_autofree char *name = NULL;

  qw_fuzz_begin (data, size);
  ruleset = qw_ruleset_load_memory ((const char *) data, size, "fuzz.xml", NULL, &error);
  if (ruleset == NULL)
    {
      qw_fuzz_assert_xml_error (error, "qw_ruleset_load_memory");
      return 0;
    }
  for (int year = 1930; year <= 2020; year += 7)
    {
      qw_ruleset_group_for (ruleset, qw_date_make (year, 6, 1), QW_SEX_MALE);
      qw_ruleset_group_for (ruleset, qw_date_make (year, 2, 28), QW_SEX_FEMALE);
    }
  qw_ruleset_match_group_name (ruleset, "公开组", QW_SEX_FEMALE);
  qw_ruleset_match_group_name (ruleset, "少年男子组", QW_SEX_MALE);
  qw_ruleset_arbiter_grade_rank (ruleset, "国家级");
  qw_ruleset_min_arbiter_grade (ruleset, "preliminary");
  qw_ruleset_is_barred_title (ruleset, "大师");
  for (guint i = 0; i < ruleset->groups->len; i++)
    g_free (qw_ruleset_group_label (ruleset, ((QwGroupRule *) g_ptr_array_index (ruleset->groups, i))->code));
  for (int i = 0; i < 12; i++)
    {
      QwStopSummary *s = qw_stop_summary_new ();

      s->name = g_strdup_printf ("第%d站", i + 1);
      s->level = i == 11 ? QW_LEVEL_PROVINCIAL_FINAL : QW_LEVEL_PRELIMINARY;
      s->host_level = i % 3 == 0 ? QW_HOST_COUNTY : QW_HOST_TOWNSHIP;
      s->host = g_strdup_printf ("第%d协会", i / 2);
      s->prefecture = g_strdup_printf ("第%d市", i % 4);
      s->county_city = g_strdup ("");
      s->honours = g_strdup (i % 5 == 0 ? "象棋之乡" : "");
      s->participants = 20 + 15 * i;
      g_ptr_array_add (stops, s);
    }
  quota = qw_quota_compute (ruleset, stops);
  event->level = QW_LEVEL_PRELIMINARY;
  event->region = g_strdup ("广东");
  event->place_county = g_strdup ("惠东县");
  event->place_town = g_strdup ("白花镇");
  name = qw_event_name_build (ruleset, event, QW_NAME_FORM_FULL);
  if (name != NULL)
    g_ptr_array_unref (qw_event_name_check (ruleset, event, name));
  return 0;
}
