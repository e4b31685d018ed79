/* qw-quota.c: a region's national-final places (竞赛方案 七(五)), from the ruleset
 *
 * The scheme's own ambiguities are settled by the ruleset (PRODUCT.md): the
 * participant total may or may not include the provincial final, the extra
 * places may count only valid stops, and honours and four-stop counts go per
 * host unit, prefecture or county-level city, never per stop.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-quota"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "qw-quota.h"
#include "qw-event.h"

QwStopSummary *
qw_stop_summary_new (void)
{
  return g_new0 (QwStopSummary, 1);
}

void
qw_stop_summary_free (QwStopSummary *stop)
{
  if (stop == NULL)
    return;
  g_free (stop->name);
  g_free (stop->host);
  g_free (stop->prefecture);
  g_free (stop->county_city);
  g_free (stop->honours);
  g_free (stop);
}

static void
quota_place_free (gpointer data)
{
  QwQuotaPlace *p = data;

  g_free (p->group);
  g_free (p->label);
  g_free (p->reason);
  g_free (p);
}

void
qw_quota_bonus_free (QwQuotaBonus *b)
{
  if (b == NULL)
    return;
  g_free (b->reason);
  g_free (b->label);
  g_free (b->host);
  g_free (b->groups);
  g_strfreev (b->stops);
  g_free (b->explanation);
  g_free (b);
}

QwQuotaBonus *
qw_quota_bonus_copy (const QwQuotaBonus *b)
{
  QwQuotaBonus *copy = g_new0 (QwQuotaBonus, 1);

  copy->reason = g_strdup (b->reason);
  copy->label = g_strdup (b->label);
  copy->host = g_strdup (b->host);
  copy->places = b->places;
  copy->groups = g_strdup (b->groups);
  copy->stops = b->stops != NULL ? g_strdupv (b->stops) : g_new0 (char *, 1);
  copy->explanation = g_strdup (b->explanation);
  return copy;
}

void
qw_quota_free (QwQuota *quota)
{
  if (quota == NULL)
    return;
  g_free (quota->tier);
  g_free (quota->tier_reason);
  g_free (quota->otherwise);
  g_clear_pointer (&quota->places, g_ptr_array_unref);
  g_clear_pointer (&quota->bonuses, g_ptr_array_unref);
  g_free (quota->next_tier);
  g_free (quota->next_reason);
  g_free (quota);
}

/* Places for the national final, leader included (the minimum of each line). */
int
qw_quota_total_places (const QwQuota *quota)
{
  int total = quota->leader + quota->bonus_places;

  for (guint i = 0; i < quota->places->len; i++)
    total += ((QwQuotaPlace *) g_ptr_array_index (quota->places, i))->min;
  return total;
}

static gboolean
is_valid_stop (const QwRuleset     *ruleset,
               const QwStopSummary *stop)
{
  return stop->level == QW_LEVEL_PRELIMINARY && stop->participants >= ruleset->valid_stop_min_players;
}

static void
count_stops (const QwRuleset *ruleset,
             GPtrArray       *stops,
             QwQuota         *quota)
{
  for (guint i = 0; i < stops->len; i++)
    {
      const QwStopSummary *stop = g_ptr_array_index (stops, i);

      if (stop->level == QW_LEVEL_PRELIMINARY)
        {
          quota->stops++;
          quota->participants += stop->participants;
          if (is_valid_stop (ruleset, stop))
            quota->valid_stops++;
        }
      else if (stop->level == QW_LEVEL_PROVINCIAL_FINAL)
        {
          quota->final = TRUE;
          if (ruleset->participants_include_final)
            quota->participants += stop->participants;
        }
    }
}

static gboolean
tier_reached (const QwQuotaTier *tier,
              const QwQuota     *quota)
{
  return quota->valid_stops >= tier->valid_stops
         && quota->participants >= tier->participants
         && (!tier->needs_final || quota->final);
}

static char *
places_text (int min,
             int max)
{
  if (min == max)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d place", "%d places", (gulong) min), min);
  return g_strdup_printf (_("%d to %d places"), min, max);
}

static void
add_tier_places (QwQuota           *quota,
                 const QwQuotaTier *tier)
{
  for (guint i = 0; i < tier->lines->len; i++)
    {
      const QwQuotaLine *line = g_ptr_array_index (tier->lines, i);
      QwQuotaPlace *place = g_new0 (QwQuotaPlace, 1);
      g_autofree char *count = places_text (line->min, line->max);

      place->group = g_strdup (line->group);
      place->label = g_strdup (line->label);
      place->min = line->min;
      place->max = line->max;
      /* Translators: "3 places for 公开组男子 (tier A)" */
      place->reason = g_strdup_printf (_("%s for %s (tier %s)"), count, line->label, tier->id);
      g_ptr_array_add (quota->places, place);
    }
  quota->leader = tier->leader;
}

/**
 * qw_quota_apply_decided:
 * @places: the places the association decided (qw_region_get_decided_places();
 *   -1: not recorded)
 *
 * Below every tier (七(五) 不足B类) the association decides the number of
 * places; they are nominated like a tier's (issue 19 point 18): they fill the
 * lines of the ruleset's decided-lines tier in order, each line's minimum
 * first, then up to its maximum, until they run out. Nothing changes when a
 * tier is reached, nothing was decided, or the ruleset names no such tier.
 */
void
qw_quota_apply_decided (QwQuota         *quota,
                        const QwRuleset *ruleset,
                        int              places)
{
  const QwQuotaTier *tier = NULL;
  g_autofree int *share = NULL;
  int left = places;

  if (quota->tier != NULL || places <= 0 || ruleset->decided_lines == NULL)
    return;
  for (guint i = 0; i < ruleset->tiers->len && tier == NULL; i++)
    if (g_strcmp0 (((QwQuotaTier *) g_ptr_array_index (ruleset->tiers, i))->id, ruleset->decided_lines) == 0)
      tier = g_ptr_array_index (ruleset->tiers, i);
  if (tier == NULL)
    return;
  share = g_new0 (int, MAX (tier->lines->len, 1));
  for (int pass = 0; pass < 2; pass++)
    for (guint i = 0; i < tier->lines->len && left > 0; i++)
      {
        const QwQuotaLine *line = g_ptr_array_index (tier->lines, i);
        int more = MIN ((pass == 0 ? line->min : line->max) - share[i], left);

        if (more > 0)
          {
            share[i] += more;
            left -= more;
          }
      }
  for (guint i = 0; i < tier->lines->len; i++)
    {
      const QwQuotaLine *line = g_ptr_array_index (tier->lines, i);
      QwQuotaPlace *place;
      g_autofree char *count = NULL;

      if (share[i] == 0)
        continue;
      count = places_text (share[i], share[i]);
      place = g_new0 (QwQuotaPlace, 1);
      place->group = g_strdup (line->group);
      place->label = g_strdup (line->label);
      place->min = place->max = share[i];
      /* Translators: "2 places for 公开组男子 (decided by the association)" */
      place->reason = g_strdup_printf (_("%s for %s (decided by the association)"), count, line->label);
      g_ptr_array_add (quota->places, place);
    }
}

static char *
tier_reason (const QwQuotaTier *tier,
             const QwQuota     *quota)
{
  if (tier->needs_final)
    return g_strdup_printf (_("Tier %s: %d valid stops (%d needed), the provincial final, and "
                              "%d participants (%d needed)"),
                            tier->id, quota->valid_stops, tier->valid_stops,
                            quota->participants, tier->participants);
  return g_strdup_printf (_("Tier %s: %d valid stops (%d needed) and %d participants (%d needed)"),
                          tier->id, quota->valid_stops, tier->valid_stops,
                          quota->participants, tier->participants);
}

/* What the region still lacks for @tier, as a sentence. */
static void
set_next (QwQuota           *quota,
          const QwQuotaTier *next)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *joined = NULL;

  quota->next_tier = g_strdup (next->id);
  quota->stops_missing = MAX (0, next->valid_stops - quota->valid_stops);
  quota->participants_missing = MAX (0, next->participants - quota->participants);
  quota->final_missing = next->needs_final && !quota->final;
  if (quota->stops_missing > 0)
    g_ptr_array_add (parts, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d more valid stop",
                                                          "%d more valid stops",
                                                          (gulong) quota->stops_missing),
                                             quota->stops_missing));
  if (quota->participants_missing > 0)
    g_ptr_array_add (parts, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d more participant",
                                                          "%d more participants",
                                                          (gulong) quota->participants_missing),
                                             quota->participants_missing));
  if (quota->final_missing)
    g_ptr_array_add (parts, g_strdup (_("the provincial final")));
  g_ptr_array_add (parts, NULL);
  joined = g_strjoinv (_(", "), (char **) parts->pdata);
  /* Translators: "For tier A the region still needs: 5 more valid stops, 800 more participants" */
  quota->next_reason = g_strdup_printf (_("For tier %s the region still needs: %s"), next->id, joined);
}

static void
compute_tier (const QwRuleset *ruleset,
              QwQuota         *quota)
{
  const QwQuotaTier *reached = NULL;
  guint index = ruleset->tiers->len;

  for (guint i = 0; i < ruleset->tiers->len && reached == NULL; i++)
    if (tier_reached (g_ptr_array_index (ruleset->tiers, i), quota))
      {
        reached = g_ptr_array_index (ruleset->tiers, i);
        index = i;
      }
  if (reached != NULL)
    {
      quota->tier = g_strdup (reached->id);
      quota->tier_reason = tier_reason (reached, quota);
      add_tier_places (quota, reached);
    }
  else
    {
      quota->otherwise = g_strdup (ruleset->otherwise);
      quota->tier_reason = g_strdup_printf (_("No tier is reached, so the number of places is "
                                              "left to the association: %s"),
                                            ruleset->otherwise != NULL ? ruleset->otherwise : "");
    }
  /* Tiers are listed best first: the next one up is the one before. */
  if (index > 0 && ruleset->tiers->len > 0)
    set_next (quota, g_ptr_array_index (ruleset->tiers, index - 1));
}

/* Extra places */

typedef struct
{
  char      *key;      /* host unit, prefecture or county-level city */
  GPtrArray *stops;    /* names of the stops that count, (char *) */
  gboolean   honoured; /* per-host rules: the host carries the honour on one of its rows */
} Area;

static void
area_free (gpointer data)
{
  Area *a = data;

  g_free (a->key);
  g_ptr_array_unref (a->stops);
  g_free (a);
}

static gboolean
has_honour (const QwStopSummary *stop,
            const char          *honour)
{
  g_auto(GStrv) honours = qw_honours_split (stop->honours);

  for (guint i = 0; honours[i] != NULL; i++)
    /* "全国象棋之乡" names the same honour as "象棋之乡". */
    if (g_str_equal (honours[i], honour) || g_str_has_suffix (honours[i], honour))
      return TRUE;
  return FALSE;
}

static const char *
area_key (const QwBonusRule   *rule,
          const QwStopSummary *stop)
{
  const char *key;

  switch (rule->scope)
    {
    case QW_BONUS_PER_PREFECTURE:
      key = stop->prefecture;
      break;
    case QW_BONUS_PER_COUNTY_CITY:
      key = stop->county_city;
      break;
    case QW_BONUS_PER_HOST:
    default:
      /* A stop without a host stands for itself. */
      key = stop->host != NULL && stop->host[0] != '\0' ? stop->host : stop->name;
      break;
    }
  return key != NULL ? key : "";
}

static gboolean
stop_counts_for (const QwRuleset     *ruleset,
                 const QwBonusRule   *rule,
                 const QwStopSummary *stop)
{
  if (stop->level != QW_LEVEL_PRELIMINARY)
    return FALSE;
  if (ruleset->bonus_valid_stops_only && !is_valid_stop (ruleset, stop))
    return FALSE;
  if (rule->host_level != NULL && rule->host_level[0] != '\0'
      && g_strcmp0 (qw_host_level_to_code (stop->host_level), rule->host_level) != 0)
    return FALSE;
  return area_key (rule, stop)[0] != '\0';
}

/* Groups the stops that count for @rule by area, in the order they first appear. */
static GPtrArray *
collect_areas (const QwRuleset   *ruleset,
               const QwBonusRule *rule,
               GPtrArray         *stops)
{
  GPtrArray *areas = g_ptr_array_new_with_free_func (area_free);
  g_autoptr(GHashTable) by_key = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < stops->len; i++)
    {
      const QwStopSummary *stop = g_ptr_array_index (stops, i);
      const char *key;
      Area *area;

      if (!stop_counts_for (ruleset, rule, stop))
        continue;
      key = area_key (rule, stop);
      area = g_hash_table_lookup (by_key, key);
      if (area == NULL)
        {
          area = g_new0 (Area, 1);
          area->key = g_strdup (key);
          area->stops = g_ptr_array_new ();
          g_ptr_array_add (areas, area);
          g_hash_table_insert (by_key, area->key, area);
        }
      g_ptr_array_add (area->stops, stop->name);
      /* Honours belong to the host, whichever of its rows lists them; a
       * rule per host that names no honour (the schema allows it) asks
       * for none. */
      if (rule->scope != QW_BONUS_PER_HOST || rule->honour == NULL || has_honour (stop, rule->honour))
        area->honoured = TRUE;
    }
  return areas;
}

static const char *
groups_text (const char *groups)
{
  if (g_strcmp0 (groups, "junior-or-child") == 0)
    return _("junior or child groups");
  return _("any group");
}

static char *
bonus_explanation (const QwRuleset   *ruleset,
                   const QwBonusRule *rule,
                   const Area        *area)
{
  g_autofree char *count = places_text (rule->places, rule->places);
  g_autoptr(GString) names = g_string_new (NULL);
  int n = (int) area->stops->len;

  for (guint i = 0; i < area->stops->len; i++)
    {
      if (i > 0)
        g_string_append (names, "、");
      g_string_append (names, g_ptr_array_index (area->stops, i));
    }
  if (rule->scope == QW_BONUS_PER_HOST)
    /* Translators: "白花镇象棋协会 (象棋之乡) hosts 白花预选赛: 2 extra places, any group.
     * 承办预选赛的全国象棋之乡" */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "%s (%s) hosts %d preliminary (%s): %s extra, %s. %s",
                                         "%s (%s) hosts %d preliminaries (%s): %s extra, %s. %s",
                                         (gulong) n),
                            area->key, rule->honour, n, names->str, count,
                            groups_text (rule->groups), rule->label);
  /* Translators: "惠州市 has 4 valid 县级 preliminaries in its area (4 needed: …): 1 place extra, any group. …" */
  return g_strdup_printf (_("%s has %d %s %s preliminaries in its area (%d needed: %s): %s extra, %s. %s"),
                          area->key, n,
                          ruleset->bonus_valid_stops_only ? _("valid") : _("listed"),
                          qw_host_level_to_chinese (qw_host_level_from_code (rule->host_level)),
                          rule->min_stops, names->str, count, groups_text (rule->groups),
                          rule->label);
}

static void
compute_bonuses (const QwRuleset *ruleset,
                 GPtrArray       *stops,
                 QwQuota         *quota)
{
  for (guint r = 0; r < ruleset->bonuses->len; r++)
    {
      const QwBonusRule *rule = g_ptr_array_index (ruleset->bonuses, r);
      g_autoptr(GPtrArray) areas = collect_areas (ruleset, rule, stops);

      for (guint a = 0; a < areas->len; a++)
        {
          const Area *area = g_ptr_array_index (areas, a);
          QwQuotaBonus *bonus;
          int needed = rule->scope == QW_BONUS_PER_HOST ? 1 : MAX (rule->min_stops, 1);

          if (!area->honoured || (int) area->stops->len < needed)
            continue;
          bonus = g_new0 (QwQuotaBonus, 1);
          bonus->reason = g_strdup (rule->reason);
          bonus->label = g_strdup (rule->label);
          bonus->host = g_strdup (area->key);
          bonus->places = rule->places;
          bonus->groups = g_strdup (rule->groups != NULL ? rule->groups : "any");
          g_ptr_array_add (area->stops, NULL);
          bonus->stops = g_strdupv ((char **) area->stops->pdata);
          g_ptr_array_remove_index (area->stops, area->stops->len - 1);
          bonus->explanation = bonus_explanation (ruleset, rule, area);
          quota->bonus_places += bonus->places;
          g_ptr_array_add (quota->bonuses, bonus);
        }
    }
}

/**
 * qw_quota_compute:
 * @stops: (element-type QwStopSummary): the region's preliminaries and its
 *   provincial final
 *
 * Returns: the quota, with a reason for every place
 */
QwQuota *
qw_quota_compute (const QwRuleset *ruleset,
                  GPtrArray       *stops)
{
  QwQuota *quota;

  g_return_val_if_fail (ruleset != NULL && stops != NULL, NULL);

  quota = g_new0 (QwQuota, 1);
  quota->places = g_ptr_array_new_with_free_func (quota_place_free);
  quota->bonuses = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_quota_bonus_free);
  count_stops (ruleset, stops, quota);
  compute_tier (ruleset, quota);
  compute_bonuses (ruleset, stops, quota);
  return quota;
}
