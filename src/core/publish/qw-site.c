/* qw-site.c: what the public pages show, read from a document
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-site"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "qw-document-entries.h"
#include "qw-document-play.h"
#include "qw-error.h"
#include "qw-group-code.h"
#include "qw-play.h"
#include "qw-ruleset.h"
#include "qw-site.h"
#include "qw-tournament.h"

struct _QwSite
{
  QwEvent   *event;
  GPtrArray *groups;          /* QwSiteGroup */
  char      *last_result_at;
};

static void
player_free (gpointer data)
{
  QwSitePlayer *p = data;

  g_free (p->name);
  g_free (p->unit);
  g_free (p->grade);
  g_free (p);
}

static void
group_free (gpointer data)
{
  QwSiteGroup *g = data;

  g_free (g->code);
  g_free (g->name);
  g_clear_pointer (&g->chain, g_array_unref);
  g_clear_pointer (&g->players, g_ptr_array_unref);
  g_clear_pointer (&g->games, g_ptr_array_unref);
  g_clear_pointer (&g->standings, g_ptr_array_unref);
  g_free (g->last_result_at);
  g_free (g);
}

static void
site_clear (gpointer data)
{
  QwSite *site = data;

  g_clear_pointer (&site->event, qw_event_free);
  g_clear_pointer (&site->groups, g_ptr_array_unref);
  g_clear_pointer (&site->last_result_at, g_free);
}

QwSite *
qw_site_ref (QwSite *site)
{
  return g_atomic_rc_box_acquire (site);
}

void
qw_site_unref (QwSite *site)
{
  if (site != NULL)
    g_atomic_rc_box_release_full (site, site_clear);
}

/* Loading */

/* Only what a public page may show is copied. */
static QwSitePlayer *
public_player (const QwEntry *e,
               GHashTable    *withdrawn)
{
  QwSitePlayer *p = g_new0 (QwSitePlayer, 1);

  p->no = e->no;
  p->name = g_strdup (e->name != NULL ? e->name : "");
  p->unit = g_strdup (e->unit != NULL ? e->unit : "");
  p->grade = g_strdup (e->grade != NULL ? e->grade : "");
  p->sex = e->sex;
  p->status = e->status;
  p->withdrawn = withdrawn != NULL && g_hash_table_contains (withdrawn, &e->id);
  return p;
}

static void
add_games (QwSiteGroup *group,
           GPtrArray   *games,
           GHashTable  *numbers)
{
  for (guint i = 0; i < games->len; i++)
    {
      const QwGame *g = g_ptr_array_index (games, i);
      QwSiteGame *out = g_new0 (QwSiteGame, 1);

      out->round = g->round;
      out->board = g->board;
      out->red = GPOINTER_TO_INT (g_hash_table_lookup (numbers, &g->red));
      out->black = g->black > 0 ? GPOINTER_TO_INT (g_hash_table_lookup (numbers, &g->black)) : 0;
      out->result = g->result;
      out->playoff = g->playoff;
      out->armageddon = g->armageddon;
      out->red_fouls = g->red_fouls;
      out->black_fouls = g->black_fouls;
      group->last_round = MAX (group->last_round, g->round);
      group->has_results |= g->result != QW_RESULT_NONE;
      g_ptr_array_add (group->games, out);
    }
}

/* The time of the newest result line of the section's game log. */
static char *
last_result_time (QwDocument      *doc,
                  const QwSection *section)
{
  g_autoptr(GPtrArray) log = NULL;

  if (section->id == 0 || (log = qw_document_list_game_log (doc, section->id, NULL)) == NULL)
    return NULL;
  for (guint i = log->len; i > 0; i--)
    {
      const QwGameLogLine *line = g_ptr_array_index (log, i - 1);

      if (line->kind == QW_GAME_LOG_RESULT && line->at != NULL)
        return g_strdup (line->at);
    }
  return NULL;
}

static QwSiteGroup *
load_group (QwDocument      *doc,
            const QwEvent   *event,
            const QwRuleset *ruleset,
            GPtrArray       *sections,
            const char      *code,
            GError         **error)
{
  QwSection *stored = qw_sections_find (sections, code);
  g_autoptr(QwSection) section = stored != NULL ? qw_section_copy (stored)
                                                : qw_section_new_unstored (event, ruleset, code);
  g_autoptr(GPtrArray) entries = qw_document_list_section_entries (doc, section, error);
  g_autoptr(GPtrArray) games = NULL, absences = NULL;
  g_autoptr(GHashTable) numbers = g_hash_table_new (g_int64_hash, g_int64_equal);
  g_autoptr(GHashTable) withdrawn = NULL;
  QwSiteGroup *group;

  if (entries == NULL)
    return NULL;
  if (stored != NULL)
    {
      games = qw_document_list_games (doc, stored->id, error);
      withdrawn = qw_document_list_withdrawals (doc, stored, error);
      if (games == NULL || withdrawn == NULL)
        return NULL;
    }
  else
    games = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_game_free);
  if ((absences = qw_tournament_list_absences (doc, section, error)) == NULL)
    return NULL;

  group = g_new0 (QwSiteGroup, 1);
  group->code = g_strdup (section->code);
  group->name = section->name != NULL && *section->name != '\0' ? g_strdup (section->name)
                                                                : qw_ruleset_group_label (ruleset, code);
  group->system = section->system;
  group->total_rounds = qw_tournament_total_rounds (doc, section);
  group->chain = qw_tiebreak_parse_chain (section->settings.tiebreaks);
  group->players = g_ptr_array_new_with_free_func (player_free);
  group->games = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < entries->len; i++)
    {
      QwEntry *e = g_ptr_array_index (entries, i);

      g_hash_table_insert (numbers, &e->id, GINT_TO_POINTER (e->no));
      g_ptr_array_add (group->players, public_player (e, withdrawn));
    }
  add_games (group, games, numbers);
  group->standings = qw_standings_compute_with_absences (ruleset, section, entries, games, absences, 0);
  group->last_result_at = last_result_time (doc, section);
  return group;
}

static gboolean
load_groups (QwSite      *site,
             QwDocument  *doc,
             GError     **error)
{
  g_autoptr(QwRuleset) ruleset = qw_ruleset_lookup (site->event->ruleset, error);
  g_autoptr(GPtrArray) sections = NULL, entries = NULL, codes = NULL;

  if (ruleset == NULL || (sections = qw_document_list_sections (doc, site->event->id, error)) == NULL
      || (entries = qw_document_list_entries (doc, site->event->id, error)) == NULL)
    return FALSE;
  codes = qw_event_group_codes (ruleset, sections, entries);
  for (guint i = 0; i < codes->len; i++)
    {
      QwSiteGroup *group = load_group (doc, site->event, ruleset, sections, g_ptr_array_index (codes, i), error);

      if (group == NULL)
        return FALSE;
      g_ptr_array_add (site->groups, group);
      if (group->last_result_at != NULL && g_strcmp0 (group->last_result_at, site->last_result_at) > 0)
        {
          g_free (site->last_result_at);
          site->last_result_at = g_strdup (group->last_result_at);
        }
    }
  return TRUE;
}

/**
 * qw_site_load:
 * @doc: a stop document (or a region document running its provincial final)
 *
 * Reads the main event's public snapshot in one read transaction, when
 * @doc is not inside one already.
 *
 * Returns: (transfer full): the snapshot, or %NULL with @error
 */
QwSite *
qw_site_load (QwDocument  *doc,
              GError     **error)
{
  g_autoptr(QwSite) site = g_atomic_rc_box_new0 (QwSite);
  gboolean reading = FALSE;
  gboolean ok;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), NULL);

  site->groups = g_ptr_array_new_with_free_func (group_free);
  /* A writer's own connection may be inside a step; a reader's never is. */
  if (qw_document_is_read_only (doc))
    {
      if (!qw_document_begin_read (doc, error))
        return NULL;
      reading = TRUE;
    }
  site->event = qw_document_get_main_event (doc, error);
  ok = site->event != NULL && load_groups (site, doc, error);
  if (reading)
    qw_document_end_read (doc);
  return ok ? g_steal_pointer (&site) : NULL;
}

/* Reading */

const QwEvent *
qw_site_get_event (const QwSite *site)
{
  return site->event;
}

GPtrArray *
qw_site_get_groups (const QwSite *site)
{
  return site->groups;
}

const QwSiteGroup *
qw_site_find_group (const QwSite *site,
                    const char   *code)
{
  for (guint i = 0; code != NULL && i < site->groups->len; i++)
    {
      const QwSiteGroup *g = g_ptr_array_index (site->groups, i);

      if (g_str_equal (g->code, code))
        return g;
    }
  /* A code made before codes were checked is addressed by its segment
   * (qw_site_page_path()). */
  for (guint i = 0; code != NULL && i < site->groups->len; i++)
    {
      const QwSiteGroup *g = g_ptr_array_index (site->groups, i);
      g_autofree char *segment = NULL;

      if (qw_group_code_is_valid (g->code))
        continue;
      segment = qw_group_code_segment (g->code);
      if (g_str_equal (segment, code))
        return g;
    }
  return NULL;
}

const QwSiteGroup *
qw_site_resolve_group (const QwSite *site,
                       const char   *wanted)
{
  const QwSiteGroup *found = qw_site_find_group (site, wanted);

  for (guint i = 0; found == NULL && wanted != NULL && i < site->groups->len; i++)
    {
      const QwSiteGroup *g = g_ptr_array_index (site->groups, i);

      if (g_str_equal (g->name, wanted))
        found = g;
    }
  return found;
}

const char *
qw_site_last_result_at (const QwSite *site)
{
  return site->last_result_at;
}

const QwSitePlayer *
qw_site_group_find_player (const QwSiteGroup *group,
                           int                no)
{
  for (guint i = 0; i < group->players->len; i++)
    {
      const QwSitePlayer *p = g_ptr_array_index (group->players, i);

      if (p->no == no)
        return p;
    }
  return NULL;
}

const QwStandingRow *
qw_site_group_find_row (const QwSiteGroup *group,
                        int                no)
{
  for (guint i = 0; i < group->standings->len; i++)
    {
      const QwStandingRow *row = g_ptr_array_index (group->standings, i);

      if (row->no == no)
        return row;
    }
  return NULL;
}

double
qw_site_group_points_before (const QwSiteGroup *group,
                             int                no,
                             int                round)
{
  const QwStandingRow *row = qw_site_group_find_row (group, no);
  double points = 0;

  for (guint i = 0; row != NULL && row->rounds != NULL && i < row->rounds->len; i++)
    {
      const QwRoundCell *cell = &g_array_index (row->rounds, QwRoundCell, i);

      if (cell->round < round)
        points += cell->points;
    }
  return points;
}

gboolean
qw_site_group_has_round (const QwSiteGroup *group,
                         int                round)
{
  for (guint i = 0; i < group->games->len; i++)
    if (((QwSiteGame *) g_ptr_array_index (group->games, i))->round == round)
      return TRUE;
  return FALSE;
}

char *
qw_site_format_time (const char *iso_utc)
{
  g_autoptr(GTimeZone) utc = g_time_zone_new_utc ();
  g_autoptr(GDateTime) at = NULL;
  g_autoptr(GDateTime) local = NULL;

  if (iso_utc == NULL || *iso_utc == '\0' || (at = g_date_time_new_from_iso8601 (iso_utc, utc)) == NULL)
    return g_strdup ("");
  local = g_date_time_to_local (at);
  return g_date_time_format (local, "%-m月%-d日 %H:%M");
}
