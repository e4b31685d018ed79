/* qw-play.c: the rules of section settings: defaults, what users type, grades
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-play"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "qw-error.h"
#include "qw-play.h"
#include "qw-roundrobin.h"
#include "qw-tiebreak.h"
#include "qw-game.h"

static const char *
or_default (const char *value,
            const char *fallback)
{
  return value != NULL && *value != '\0' ? value : fallback;
}

/* The tie-break chain a section played with @system starts with: the
 * ruleset's preset for the system, as codes. */
static char *
qw_section_default_chain (const QwRuleset *ruleset,
                          QwSystem         system)
{
  const char *preset;
  char *chain;

  if (system == QW_SYSTEM_ROUND_ROBIN)
    preset = or_default (ruleset != NULL ? ruleset->round_robin_tiebreaks : NULL, "round-robin");
  else if (system == QW_SYSTEM_KNOCKOUT)
    preset = "knockout";
  else
    preset = or_default (ruleset != NULL ? ruleset->swiss_tiebreaks : NULL, "opponents");
  /* The ruleset names a preset, or (for a custom default) a chain. */
  chain = qw_tiebreak_normalize_chain (preset, NULL);
  if (chain != NULL && *chain != '\0')
    return chain;
  g_free (chain);
  return qw_tiebreak_preset ("opponents");
}

/**
 * qw_section_settings_init:
 *
 * Fills @settings with the ruleset's defaults for a section played with
 * @system. The tie-break chain is the ruleset's preset for the system.
 */
void
qw_section_settings_init (QwSectionSettings *settings,
                          const QwRuleset   *ruleset,
                          QwSystem           system)
{
  memset (settings, 0, sizeof *settings);
  settings->seeding = g_strdup ("rating");
  settings->first_round = g_strdup (or_default (ruleset != NULL ? ruleset->swiss_first_round : NULL,
                                                "lanyao"));
  settings->unit_avoid = g_strdup (or_default (ruleset != NULL ? ruleset->unit_avoid : NULL, "off"));
  settings->forfeit_limit = ruleset != NULL ? ruleset->forfeit_limit : 2;
  settings->forfeit_counts_as_met = ruleset != NULL ? ruleset->forfeit_counts_as_met : TRUE;
  settings->tiebreaks = qw_section_default_chain (ruleset, system);
  settings->draw = g_strdup ("");
  settings->armageddon = TRUE;
}

gboolean
qw_section_settings_set (QwSectionSettings  *s,
                         const char         *key,
                         const char         *value,
                         GError            **error)
{
  g_return_val_if_fail (key != NULL && value != NULL, FALSE);

  if (g_str_equal (key, "tiebreaks"))
    {
      char *chain = qw_tiebreak_normalize_chain (value, error);

      if (chain == NULL)
        return FALSE;
      g_free (s->tiebreaks);
      s->tiebreaks = chain;
      return TRUE;
    }
  return qw_section_settings_set_stored (s, key, value, error);
}

/**
 * qw_section_settings_follow_system:
 *
 * A chain is the arbiter's own when it is none of the presets: it stays
 * whatever the system. A preset (or an empty chain, read as the system's
 * preset) belongs to the system it was chosen for, so a Swiss scheme does
 * not rank a round robin (the 小分 of 第14.1条 does).
 */
gboolean
qw_section_settings_follow_system (QwSectionSettings *settings,
                                   const QwRuleset   *ruleset,
                                   QwSystem           old_system,
                                   const char        *old_chain,
                                   QwSystem           system)
{
  const char *chain = settings->tiebreaks != NULL ? settings->tiebreaks : "";

  if (old_system == system || g_strcmp0 (chain, old_chain != NULL ? old_chain : "") != 0)
    return FALSE;
  if (*chain != '\0' && qw_tiebreak_preset_for_chain (chain) == NULL)
    return FALSE;
  g_free (settings->tiebreaks);
  settings->tiebreaks = qw_section_default_chain (ruleset, system);
  return TRUE;
}

/**
 * qw_swiss_safe_rounds:
 *
 * How many rounds a Swiss of @n_players can always pair without a rematch,
 * whatever happened in the rounds before (issue 19: 8 players, 7 rounds,
 * "No valid pairing exists" in round 7).
 *
 * Count N = n, or n + 1 when n is odd (the bye is a player nobody meets
 * twice). Before round r every player has r − 1 opponents, so the players
 * each may still meet form a (N − r)-regular graph, and round r is a perfect
 * matching of it.
 *   - N − r ≥ N/2: there is one (Dirac: a graph whose every vertex has
 *     degree ≥ N/2 has a Hamiltonian cycle, and N is even).
 *   - N − r = N/2 − 1 and that degree is odd (N divisible by 4): there is
 *     one too. By Tutte, a set S of s players whose removal leaves more than
 *     s odd groups: with s = 0 two odd groups of N/2 players, but N/2 is
 *     even; with 1 ≤ s < N/2 − 1 at least s + 2 groups of at least
 *     N/2 − s players each do not fit in N; with s ≥ N/2 − 1 the groups are
 *     single players who would each need all their N/2 − 1 partners in S,
 *     more edges than S has.
 *   - One round more can fail: split the field into two odd halves (N/2
 *     each when N/2 is odd, N/2 − 1 and N/2 + 1 otherwise) who meet only
 *     across; once every cross game is played, neither half can be paired
 *     inside itself.
 * So N/2 rounds, N/2 + 1 when N is divisible by 4: 8 players 5, 6 players
 * 3, 10 players 5, 12 players 7.
 */
int
qw_swiss_safe_rounds (int n_players)
{
  int n = n_players + n_players % 2;

  if (n_players < 2)
    return 0;
  return n / 2 + (n % 4 == 0 ? 1 : 0);
}

/**
 * qw_section_field_warning:
 *
 * Without rematches a field of n players has at most as many rounds as its
 * round robin (n − 1, or n when n is odd and each round has a bye): a Swiss
 * planned for more cannot be paired to the end. One planned for more than
 * qw_swiss_safe_rounds() can run out of pairings in its last rounds (8
 * players over 7 rounds did in round 7), and the round robin is the better
 * system: both are said at setup, in both faces, with the round robin
 * offered.
 */
char *
qw_section_field_warning (const QwSection *section,
                          int              n_players)
{
  int most, safe;

  if (section->system != QW_SYSTEM_SWISS || n_players < 2 || section->rounds < 1)
    return NULL;
  most = qw_berger_rounds (n_players);
  safe = qw_swiss_safe_rounds (n_players);
  if (section->rounds > most)
    return g_strdup_printf (_("A Swiss of %d players over %d rounds cannot be paired to the end: without "
                              "rematches it has at most %d rounds. Play it as a round robin (%d rounds), or "
                              "plan fewer rounds."), n_players, section->rounds, most, most);
  if (section->rounds > safe)
    return g_strdup_printf (_("A Swiss of %d players can always be paired without rematches for %d rounds only: "
                              "over %d rounds its last rounds may have no pairing. Play it as a round robin "
                              "(%d rounds), or plan at most %d rounds."),
                            n_players, safe, section->rounds, most, safe);
  return NULL;
}

/* Grades, strongest first. The CXA's 20 levels (特级大师 … 十六级棋士) with the
 * GAS athlete grades slotted in beside their usual equivalents. */
static const struct
{
  const char *text;
  int         rank;
} grade_ranks[] = {
  { "国际级运动健将", 1 },
  { "特级大师", 1 },
  { "运动健将", 2 },
  { "国家大师", 2 },
  { "荣誉棋协大师", 3 },
  { "棋协大师", 3 },
  { "一级运动员", 3 },
  { "地方大师", 4 },
  { "二级运动员", 5 },
  { "三级运动员", 6 },
};

static const char *chinese_numbers[] = {
  "一", "二", "三", "四", "五", "六", "七", "八", "九", "十",
  "十一", "十二", "十三", "十四", "十五", "十六",
};


/**
 * qw_section_new_unstored:
 *
 * Returns: (transfer full): the section group @code of @event would be
 *   played as, not stored
 */
QwSection *
qw_section_new_unstored (const QwEvent   *event,
                         const QwRuleset *ruleset,
                         const char      *code)
{
  QwSection *section = qw_section_new ();

  section->event_id = event->id;
  section->code = g_strdup (code);
  section->name = qw_ruleset_group_label (ruleset, code);
  if (!qw_system_from_code (event->system, &section->system))
    section->system = QW_SYSTEM_SWISS;
  section->rounds = event->rounds;
  qw_section_settings_clear (&section->settings);
  qw_section_settings_init (&section->settings, ruleset, section->system);
  return section;
}

/**
 * qw_sections_find:
 *
 * Returns: (transfer none) (nullable): the section of @code in @sections
 */
QwSection *
qw_sections_find (GPtrArray  *sections,
                  const char *code)
{
  for (guint i = 0; i < sections->len; i++)
    {
      QwSection *s = g_ptr_array_index (sections, i);

      if (g_str_equal (s->code, code))
        return s;
    }
  return NULL;
}

static int
compare_codes (gconstpointer a,
               gconstpointer b)
{
  return g_strcmp0 (*(const char * const *) a, *(const char * const *) b);
}

/**
 * qw_event_group_codes:
 *
 * Returns: (transfer full) (element-type utf8): every group with a section
 *   or entries, the ruleset's in its order, then local groups by code
 */
GPtrArray *
qw_event_group_codes (const QwRuleset *ruleset,
                      GPtrArray       *sections,
                      GPtrArray       *entries)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) local = g_ptr_array_new ();
  GPtrArray *codes = g_ptr_array_new_with_free_func (g_free);
  GHashTableIter iter;
  gpointer key;

  for (guint i = 0; i < sections->len; i++)
    g_hash_table_add (seen, ((QwSection *) g_ptr_array_index (sections, i))->code);
  for (guint i = 0; i < entries->len; i++)
    {
      const QwEntry *e = g_ptr_array_index (entries, i);

      if (e->group_code != NULL && *e->group_code != '\0')
        g_hash_table_add (seen, e->group_code);
    }
  for (guint i = 0; i < ruleset->groups->len; i++)
    {
      const QwGroupRule *rule = g_ptr_array_index (ruleset->groups, i);

      if (g_hash_table_remove (seen, rule->code))
        g_ptr_array_add (codes, g_strdup (rule->code));
    }
  g_hash_table_iter_init (&iter, seen);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    g_ptr_array_add (local, key);
  g_ptr_array_sort (local, compare_codes);
  for (guint i = 0; i < local->len; i++)
    g_ptr_array_add (codes, g_strdup (g_ptr_array_index (local, i)));
  return codes;
}

int
qw_grade_rank (const char *grade)
{
  if (grade == NULL || *grade == '\0')
    return 0;
  for (guint i = 0; i < G_N_ELEMENTS (grade_ranks); i++)
    if (strstr (grade, grade_ranks[i].text) != NULL)
      return grade_ranks[i].rank;
  /* "N级棋士": 一级棋士 is rank 5 … 十六级棋士 rank 20. Longest numbers first,
   * so that 十一 is not read as 十. */
  for (int i = (int) G_N_ELEMENTS (chinese_numbers) - 1; i >= 0; i--)
    {
      g_autofree char *text = g_strconcat (chinese_numbers[i], "级棋士", NULL);

      if (strstr (grade, text) != NULL)
        return 5 + i;
    }
  return 0;
}
