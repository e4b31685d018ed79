/* qw-team.c: team results at the national final (竞赛方案 五(三))
 *
 * A team's result is the sum of the places of its best N players (the
 * ruleset's <team best>) in the formal groups; the smaller sum ranks higher,
 * and a tie goes to the team with the better best place, then the better
 * second place, and so on. Stated default where the scheme is silent: a
 * team with fewer than N placed players ranks after every team with more,
 * since a short sum is not a better one.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-team"

#include "config.h"

#include "qw-idcard.h"
#include "qw-team.h"
#include "qw-entry.h"

QwTeamMember *
qw_team_member_new (const char *team,
                    const char *name,
                    const char *group_code,
                    int         place)
{
  QwTeamMember *m = g_new0 (QwTeamMember, 1);

  m->team = g_strdup (team);
  m->name = g_strdup (name);
  m->group_code = g_strdup (group_code);
  m->place = place;
  return m;
}

void
qw_team_member_free (QwTeamMember *member)
{
  if (member == NULL)
    return;
  g_free (member->team);
  g_free (member->name);
  g_free (member->group_code);
  g_free (member);
}

static void
qw_team_result_free (QwTeamResult *result)
{
  if (result == NULL)
    return;
  g_free (result->team);
  g_array_unref (result->places);
  g_ptr_array_unref (result->names);
  g_free (result);
}

static int
compare_members (gconstpointer a,
                 gconstpointer b)
{
  const QwTeamMember *x = *(QwTeamMember * const *) a;
  const QwTeamMember *y = *(QwTeamMember * const *) b;

  return (x->place > y->place) - (x->place < y->place);
}

/* <0 when @a ranks above @b. */
static int
compare_teams (const QwTeamResult *a,
               const QwTeamResult *b)
{
  if (a->counted != b->counted)
    return a->counted > b->counted ? -1 : 1;
  if (a->total != b->total)
    return a->total < b->total ? -1 : 1;
  for (guint i = 0; i < a->places->len; i++)
    {
      int pa = g_array_index (a->places, int, i);
      int pb = g_array_index (b->places, int, i);

      if (pa != pb)
        return pa < pb ? -1 : 1;
    }
  return 0;
}

static int
compare_teams_sort (gconstpointer a,
                    gconstpointer b)
{
  const QwTeamResult *x = *(QwTeamResult * const *) a;
  const QwTeamResult *y = *(QwTeamResult * const *) b;
  int c = compare_teams (x, y);

  return c != 0 ? c : g_strcmp0 (x->team, y->team);
}

/**
 * qw_team_results:
 * @members: (element-type QwTeamMember): every placed player of a formal group
 * @best: how many places count
 *
 * Returns: (element-type QwTeamResult): the teams, ranked
 */
GPtrArray *
qw_team_results (GPtrArray *members,
                 int        best)
{
  g_autoptr(GHashTable) by_team = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                                         (GDestroyNotify) g_ptr_array_unref);
  GPtrArray *results = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_team_result_free);
  GHashTableIter iter;
  gpointer key, value;

  for (guint i = 0; i < members->len; i++)
    {
      QwTeamMember *m = g_ptr_array_index (members, i);
      GPtrArray *list;

      if (m->team == NULL || m->team[0] == '\0' || m->place <= 0)
        continue;
      list = g_hash_table_lookup (by_team, m->team);
      if (list == NULL)
        g_hash_table_insert (by_team, m->team, (list = g_ptr_array_new ()));
      g_ptr_array_add (list, m);
    }
  g_hash_table_iter_init (&iter, by_team);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      GPtrArray *list = value;
      QwTeamResult *r = g_new0 (QwTeamResult, 1);

      g_ptr_array_sort (list, compare_members);
      r->team = g_strdup (key);
      r->members = (int) list->len;
      r->places = g_array_new (FALSE, FALSE, sizeof (int));
      r->names = g_ptr_array_new_with_free_func (g_free);
      for (guint i = 0; i < list->len && (int) i < best; i++)
        {
          const QwTeamMember *m = g_ptr_array_index (list, i);

          g_array_append_val (r->places, m->place);
          g_ptr_array_add (r->names, g_strdup (m->name));
          r->total += m->place;
        }
      r->counted = (int) r->places->len;
      g_ptr_array_add (results, r);
    }
  g_ptr_array_sort (results, compare_teams_sort);
  for (guint i = 0; i < results->len; i++)
    {
      QwTeamResult *r = g_ptr_array_index (results, i);
      const QwTeamResult *before = i > 0 ? g_ptr_array_index (results, i - 1) : NULL;

      r->rank = before != NULL && compare_teams (before, r) == 0 ? before->rank : (int) i + 1;
    }
  return results;
}

static char *
team_of (const QwEntry *player,
         QwTeamBy       by)
{
  QwIdInfo info;

  if (by == QW_TEAM_BY_UNIT)
    return g_strdup (player->unit != NULL ? player->unit : "");
  qw_idcard_parse (player->id_number, &info);
  return g_strdup (info.valid ? qw_idcard_province_name (info.province) : "");
}

/**
 * qw_team_members_from_results:
 *
 * Returns: (element-type QwTeamMember): the placed players of the formal
 *   groups of a national final's results
 */
GPtrArray *
qw_team_members_from_results (const QwRuleset *ruleset,
                              const QwResults *results,
                              QwTeamBy         by)
{
  GPtrArray *members = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_team_member_free);

  for (guint g = 0; g < results->groups->len; g++)
    {
      const QwResultsGroup *group = g_ptr_array_index (results->groups, g);
      const QwGroupRule *rule = qw_ruleset_find_group (ruleset, group->code);

      if (rule == NULL || rule->kind != QW_GROUP_FORMAL)
        continue;
      for (guint s = 0; s < group->standings->len; s++)
        {
          const QwResultsStanding *st = g_ptr_array_index (group->standings, s);
          const QwEntry *player = qw_results_group_find_player (group, st->no);
          g_autofree char *team = player != NULL ? team_of (player, by) : NULL;

          if (team != NULL && team[0] != '\0')
            g_ptr_array_add (members, qw_team_member_new (team, player->name, group->code, st->rank));
        }
    }
  return members;
}
