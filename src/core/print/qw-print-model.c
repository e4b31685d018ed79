/* qw-print-model.c: the request's contract structs, copied into plain data
 *
 * A printout outlives the request that made it (the print dialog lays it out
 * again when the paper changes), so it keeps its own copy of what it prints:
 * players by 序号, games with players as indices, standings rows.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-print"

#include "config.h"

#include <string.h>

#include "qw-pair-gate.h"
#include "qw-print-model.h"
#include "qw-date.h"
#include "qw-entry.h"
#include "qw-event.h"
#include "qw-game.h"
#include "qw-tiebreak.h"

static void
player_free (gpointer data)
{
  QwPPlayer *p = data;

  g_free (p->name);
  g_free (p->unit);
  g_free (p->grade);
  g_free (p->birth);
  g_free (p);
}

static void
standing_free (gpointer data)
{
  QwPStanding *s = data;

  g_clear_pointer (&s->cells, g_array_unref);
  g_free (s);
}

static void
group_free (gpointer data)
{
  QwPGroup *g = data;

  g_free (g->code);
  g_free (g->name);
  g_free (g->category);
  g_clear_pointer (&g->tiebreaks, g_array_unref);
  g_clear_pointer (&g->players, g_ptr_array_unref);
  g_clear_pointer (&g->games, g_array_unref);
  g_clear_pointer (&g->standings, g_ptr_array_unref);
  g_clear_pointer (&g->draw, g_array_unref);
  g_clear_pointer (&g->absences, g_array_unref);
  g_clear_pointer (&g->seeds, g_array_unref);
  g_free (g->seeding_method);
  g_clear_pointer (&g->by_id, g_hash_table_unref);
  g_free (g);
}

void
_qw_pmodel_free (QwPModel *model)
{
  g_clear_pointer (&model->event, qw_event_free);
  g_clear_pointer (&model->ruleset, qw_ruleset_unref);
  g_free (model->header);
  g_clear_pointer (&model->groups, g_ptr_array_unref);
  g_free (model->site_url);
  g_clear_pointer (&model->codes, g_hash_table_unref);
  g_free (model);
}

static int
compare_players (gconstpointer a,
                 gconstpointer b)
{
  const QwPPlayer *pa = *(QwPPlayer * const *) a;
  const QwPPlayer *pb = *(QwPPlayer * const *) b;

  return pa->no - pb->no;
}

static int
compare_games (gconstpointer a,
               gconstpointer b)
{
  const QwPGame *ga = a, *gb = b;

  return ga->round != gb->round ? ga->round - gb->round : ga->board - gb->board;
}

static int
player_index (const QwPGroup *group,
              gint64          entry_id)
{
  return GPOINTER_TO_INT (g_hash_table_lookup (group->by_id, &entry_id)) - 1;
}

static void
copy_players (QwPGroup  *group,
              GPtrArray *entries)
{
  for (guint i = 0; entries != NULL && i < entries->len; i++)
    {
      const QwEntry *e = g_ptr_array_index (entries, i);
      QwPPlayer *p = g_new0 (QwPPlayer, 1);

      p->id = e->id;
      p->no = e->no;
      p->name = g_strdup (e->name != NULL ? e->name : "");
      p->unit = g_strdup (e->unit != NULL ? e->unit : "");
      p->grade = g_strdup (e->grade != NULL ? e->grade : "");
      p->birth = g_strdup (e->birth != NULL ? e->birth : "");
      p->sex = e->sex;
      p->rating = e->rating;
      p->withdrawn = e->status == QW_STATUS_WITHDRAWN;
      p->excluded = e->status == QW_STATUS_EXCLUDED;
      p->late = e->status == QW_STATUS_LATE;
      g_ptr_array_add (group->players, p);
    }
  g_ptr_array_sort (group->players, compare_players);
  for (guint i = 0; i < group->players->len; i++)
    {
      QwPPlayer *p = g_ptr_array_index (group->players, i);

      g_hash_table_insert (group->by_id, &p->id, GINT_TO_POINTER (i + 1));
    }
}

/* Games whose players are not among the group's entries cannot be printed
 * truthfully, so they are left out (a document that passed its own checks
 * has none). */
static void
copy_games (QwPGroup  *group,
            GPtrArray *games)
{
  for (guint i = 0; games != NULL && i < games->len; i++)
    {
      const QwGame *g = g_ptr_array_index (games, i);
      QwPGame pg = { g->round, g->board, player_index (group, g->red),
                     g->black != 0 ? player_index (group, g->black) : -1,
                     g->result, g->playoff, g->armageddon };

      if (pg.red < 0 || (g->black != 0 && pg.black < 0))
        {
          g_debug ("game %" G_GINT64_FORMAT " has a player outside its group; not printed", g->id);
          continue;
        }
      g_array_append_val (group->games, pg);
    }
  g_array_sort (group->games, compare_games);
}

static void
copy_standings (QwPGroup  *group,
                GPtrArray *rows)
{
  for (guint i = 0; rows != NULL && i < rows->len; i++)
    {
      const QwStandingRow *row = g_ptr_array_index (rows, i);
      QwPStanding *s;
      int player = player_index (group, row->entry_id);

      if (player < 0)
        continue;
      s = g_new0 (QwPStanding, 1);
      s->rank = row->rank;
      s->player = player;
      s->points = row->points;
      memcpy (s->tiebreaks, row->tiebreaks, sizeof s->tiebreaks);
      s->withdrawn = row->withdrawn;
      s->cells = g_array_new (FALSE, TRUE, sizeof (QwPCell));
      for (guint c = 0; row->rounds != NULL && c < row->rounds->len; c++)
        {
          const QwRoundCell *rc = &g_array_index (row->rounds, QwRoundCell, c);
          QwPCell cell = { rc->round, rc->opponent_no, rc->colour, rc->result, rc->points, rc->playoff,
                           rc->armageddon, rc->absent, rc->absence };

          g_array_append_val (s->cells, cell);
        }
      g_ptr_array_add (group->standings, s);
    }
}

/* The section's chain, "opponents,wins,…", or a preset's id. */
static void
parse_tiebreaks (QwPGroup   *group,
                 const char *chain)
{
  g_auto(GStrv) codes = NULL;
  g_autofree char *preset = NULL;

  if (chain == NULL || *chain == '\0')
    return;
  codes = g_strsplit (chain, ",", -1);
  if (codes[0] != NULL && codes[1] == NULL)
    {
      QwTiebreak tb;

      if (!qw_tiebreak_from_code (g_strstrip (codes[0]), &tb))
        {
          preset = qw_tiebreak_preset (codes[0]);
          if (preset != NULL)
            {
              g_strfreev (codes);
              codes = g_strsplit (preset, ",", -1);
            }
        }
    }
  for (guint i = 0; codes[i] != NULL; i++)
    {
      QwTiebreak tb;

      if (qw_tiebreak_from_code (g_strstrip (codes[i]), &tb))
        g_array_append_val (group->tiebreaks, tb);
    }
}

/* The draw, "id,id,…" fixed at round 1, as player indices; left empty
 * when it names anyone who is not in the group. */
static void
parse_draw (QwPGroup   *group,
            const char *draw)
{
  g_auto(GStrv) ids = NULL;

  if (draw == NULL || *draw == '\0')
    return;
  ids = g_strsplit (draw, ",", -1);
  for (guint i = 0; ids[i] != NULL; i++)
    {
      gint64 id;
      int index;

      if (!g_ascii_string_to_signed (g_strstrip (ids[i]), 10, 1, G_MAXINT64, &id, NULL)
          || (index = player_index (group, id)) < 0)
        {
          g_array_set_size (group->draw, 0);
          return;
        }
      g_array_append_val (group->draw, index);
    }
}

static int
compare_absences (gconstpointer a,
                  gconstpointer b)
{
  const QwPAbsence *x = a, *y = b;

  return x->round != y->round ? x->round - y->round : x->player - y->player;
}

static void
copy_absences (QwPGroup  *group,
               GPtrArray *absences)
{
  for (guint i = 0; absences != NULL && i < absences->len; i++)
    {
      const QwAbsence *a = g_ptr_array_index (absences, i);
      QwPAbsence pa = { player_index (group, a->entry_id), a->round, a->kind, a->points };

      if (pa.player >= 0)
        g_array_append_val (group->absences, pa);
    }
  g_array_sort (group->absences, compare_absences);
}

static void
copy_seeding (QwPGroup        *group,
              const QwSeeding *seeding)
{
  if (seeding == NULL)
    return;
  group->has_seeding = TRUE;
  group->seeding_method = g_strdup (seeding->method);
  group->lottery_seed = seeding->lottery_seed;
  group->seeding_fixed = seeding->fixed;
  group->seeding_drawn = seeding->drawn;
  for (guint i = 0; i < seeding->players->len; i++)
    {
      const QwSeed *s = g_ptr_array_index (seeding->players, i);
      QwPSeed ps = { s->seed, player_index (group, s->entry_id), s->by_lot };

      if (ps.player >= 0)
        g_array_append_val (group->seeds, ps);
    }
}

static void
copy_gate (QwPGroup  *group,
           GPtrArray *gate)
{
  for (guint i = 0; gate != NULL && i < gate->len; i++)
    {
      const QwGateItem *item = g_ptr_array_index (gate, i);
      int k = player_index (group, item->entry->id);

      if (k >= 0 && item->blocking != 0)
        ((QwPPlayer *) g_ptr_array_index (group->players, k))->blocked = TRUE;
    }
}

static QwPGroup *
copy_group (const QwRuleset    *ruleset,
            const QwPrintGroup *in)
{
  QwPGroup *group = g_new0 (QwPGroup, 1);
  const QwSection *section = in->section;
  const QwGroupRule *rule = NULL;

  group->players = g_ptr_array_new_with_free_func (player_free);
  group->games = g_array_new (FALSE, TRUE, sizeof (QwPGame));
  group->standings = g_ptr_array_new_with_free_func (standing_free);
  group->tiebreaks = g_array_new (FALSE, TRUE, sizeof (QwTiebreak));
  group->draw = g_array_new (FALSE, TRUE, sizeof (int));
  group->absences = g_array_new (FALSE, TRUE, sizeof (QwPAbsence));
  group->seeds = g_array_new (FALSE, TRUE, sizeof (QwPSeed));
  group->by_id = g_hash_table_new (g_int64_hash, g_int64_equal);
  group->code = g_strdup (section != NULL && section->code != NULL ? section->code : "");
  if (section != NULL && section->name != NULL && *section->name != '\0')
    group->name = g_strdup (section->name);
  else
    group->name = qw_ruleset_group_label (ruleset, group->code);
  rule = qw_ruleset_find_group (ruleset, group->code);
  group->category = g_strdup (rule != NULL && rule->category != NULL ? rule->category : "");
  group->provisional = in->provisional;
  qw_section_scores (ruleset, section, group->scores);
  if (section != NULL)
    {
      group->system = section->system;
      group->rounds = section->rounds;
      group->double_round_robin = section->settings.double_round_robin;
      parse_tiebreaks (group, section->settings.tiebreaks);
    }
  copy_players (group, in->entries);
  copy_games (group, in->games);
  copy_standings (group, in->standings);
  copy_absences (group, in->absences);
  copy_seeding (group, in->seeding);
  copy_gate (group, in->gate);
  if (section != NULL)
    parse_draw (group, section->settings.draw);
  return group;
}

QwPModel *
_qw_pmodel_new (const QwPrintRequest *request)
{
  QwPModel *model = g_new0 (QwPModel, 1);

  model->event = qw_event_copy (request->event);
  model->ruleset = qw_ruleset_ref ((QwRuleset *) request->ruleset);
  if (request->event->name != NULL && *request->event->name != '\0')
    model->header = g_strdup (request->event->name);
  else
    model->header = g_strdup (request->ruleset->name != NULL ? request->ruleset->name : "");
  model->groups = g_ptr_array_new_with_free_func (group_free);
  for (guint i = 0; request->groups != NULL && i < request->groups->len; i++)
    g_ptr_array_add (model->groups, copy_group (request->ruleset, g_ptr_array_index (request->groups, i)));
  model->round = MAX (0, request->round);
  model->max_place = request->max_place > 0 ? request->max_place : 8;
  model->list_order = request->list_order;
  model->site_url = g_strdup (request->site_url);
  if (request->certificate_codes != NULL)
    model->codes = g_hash_table_ref (request->certificate_codes);
  return model;
}

const QwPPlayer *
_qw_pgroup_player (const QwPGroup *group,
                   int             index)
{
  if (index < 0 || (guint) index >= group->players->len)
    return NULL;
  return g_ptr_array_index (group->players, index);
}

int
_qw_pgroup_last_round (const QwPGroup *group)
{
  int last = 0;

  for (guint i = 0; i < group->games->len; i++)
    last = MAX (last, g_array_index (group->games, QwPGame, i).round);
  return last;
}

void
_qw_pgame_points (const QwPModel *model,
                  const QwPGroup *group,
                  const QwPGame  *game,
                  double         *red,
                  double         *black)
{
  *red = qw_scoring_points (group->scores, qw_result_outcome (game->result, TRUE), TRUE);
  *black = qw_scoring_points (group->scores, qw_result_outcome (game->result, FALSE), FALSE);
}

/* The player's points before @round, from the games (byes and forfeits as
 * the ruleset scores them) and the rounds absent from. */
double
_qw_pgroup_points_before (const QwPModel *model,
                          const QwPGroup *group,
                          int             player,
                          int             round)
{
  double total = 0;

  for (guint i = 0; i < group->games->len; i++)
    {
      const QwPGame *g = &g_array_index (group->games, QwPGame, i);
      double red, black;

      if (g->round >= round || (g->red != player && g->black != player))
        continue;
      _qw_pgame_points (model, group, g, &red, &black);
      total += g->red == player ? red : black;
    }
  /* Rounds absent from score what they credit (a late entry's missed rounds). */
  for (guint i = 0; i < group->absences->len; i++)
    {
      const QwPAbsence *a = &g_array_index (group->absences, QwPAbsence, i);

      if (a->player == player && a->round < round)
        total += a->points;
    }
  return total;
}

/* 2 → "2", 1.5 → "1.5", whatever the locale. */
char *
_qw_format_points (double points)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  g_ascii_formatd (buf, sizeof buf, "%g", points);
  return g_strdup (buf);
}

char *
_qw_pmodel_page_url (const QwPModel *model,
                     const char     *path)
{
  if (model->site_url == NULL || *model->site_url == '\0')
    return NULL;
  return g_strconcat (model->site_url, g_str_has_suffix (model->site_url, "/") ? "" : "/", path, "/", NULL);
}

/* "2021年7月3日至4日　白花镇文化活动中心" */
char *
_qw_event_subtitle (const QwEvent *event)
{
  g_autofree char *start = qw_date_to_chinese (event->start_date);
  g_autofree char *dates = NULL;
  const char *venue = event->venue != NULL ? event->venue : "";

  if (qw_date_is_set (event->end_date) && qw_date_compare (event->end_date, event->start_date) != 0)
    {
      QwDate s = event->start_date, e = event->end_date;

      if (s.year == e.year && s.month == e.month)
        dates = g_strdup_printf ("%s至%d日", start, e.day);
      else if (s.year == e.year)
        dates = g_strdup_printf ("%s至%d月%d日", start, e.month, e.day);
      else
        {
          g_autofree char *end = qw_date_to_chinese (e);

          dates = g_strdup_printf ("%s至%s", start, end);
        }
    }
  else
    dates = g_strdup (start);
  if (*dates != '\0' && *venue != '\0')
    return g_strdup_printf ("%s　%s", dates, venue);
  return g_strdup (*dates != '\0' ? dates : venue);
}
