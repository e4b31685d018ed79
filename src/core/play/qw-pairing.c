/* qw-pairing.c: pairing the next round by the section's system, and unpairing the last
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-tournament"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "qw-message.h"
#include "qw-error.h"
#include "qw-knockout.h"
#include "qw-roundrobin.h"
#include "qw-swiss.h"
#include "qw-document-venue.h"
#include "qw-tournament-private.h"
#include "qw-tiebreak.h"

static int
intern_unit (GHashTable *units,
             const char *unit)
{
  gpointer value;

  if (unit == NULL || *unit == '\0')
    return -1;
  if (!g_hash_table_lookup_extended (units, unit, NULL, &value))
    {
      value = GINT_TO_POINTER (g_hash_table_size (units));
      g_hash_table_insert (units, (gpointer) unit, value);
    }
  return GPOINTER_TO_INT (value);
}

static QwFirstRoundMode
first_round_mode (const char *code)
{
  if (g_strcmp0 (code, "shouwei") == 0)
    return QW_FIRST_ROUND_SHOUWEI;
  if (g_strcmp0 (code, "linjin") == 0)
    return QW_FIRST_ROUND_LINJIN;
  if (g_strcmp0 (code, "random") == 0)
    return QW_FIRST_ROUND_RANDOM;
  return QW_FIRST_ROUND_LANYAO;
}

static gboolean
pair_swiss (QwPlayState   *s,
            QwPlayHistory *hist,
            int            round,
            GPtrArray     *games,
            GPtrArray     *notes,
            GError       **error)
{
  g_autoptr(GArray) order = _qw_play_draw_order (s);
  g_autoptr(GArray) players = g_array_new (FALSE, TRUE, sizeof (QwSwissPlayer));
  g_autoptr(GHashTable) units = g_hash_table_new (g_str_hash, g_str_equal);
  QwSwissResult result = { NULL, NULL };
  QwSwissOptions options = { 0 };

  for (guint k = 0; k < order->len; k++)
    {
      int i = g_array_index (order, int, k);
      QwEntry *e = g_ptr_array_index (s->entries, i);
      QwPlayHistory *h = &hist[i];
      QwSwissPlayer p = { 0 };

      if (_qw_play_excluded (s, hist, i, round))
        {
          g_ptr_array_add (notes, _qw_play_exclusion_reason (s, hist, i, round));
          continue;
        }
      if (_qw_play_absence_in (s, e->id, round) != NULL)
        {
          g_autofree char *who = _qw_play_entry_label (e);

          g_ptr_array_add (notes, g_strdup_printf (_("%s is absent (请假) in round %d and is not paired"), who,
                                                   round));
          continue;
        }
      p.id = i;
      p.score = h->score;
      p.seed = (int) players->len;
      p.unit = intern_unit (units, e->unit);
      p.reds = h->reds;
      p.blacks = h->blacks;
      p.last[0] = h->last[0];
      p.last[1] = h->last[1];
      p.had_bye = h->had_bye;
      p.float_last = h->float_last;
      p.opponents = (const int *) h->opponents->data;
      p.n_opponents = (int) h->opponents->len;
      p.number = e->no;
      p.run = h->run_colour * h->run_length;
      p.start_rank = (int) k + 1;
      g_array_append_val (players, p);
    }
  if (players->len < 2)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT,
                   _("Round %d cannot be paired: only %u player can play"), round, players->len);
      return FALSE;
    }

  options.round = round;
  options.avoid_units = _qw_play_unit_avoid_applies (s->section, round);
  options.max_run = s->ruleset->max_same_colour_run > 0 ? s->ruleset->max_same_colour_run : 2;
  options.max_difference = s->ruleset->max_colour_difference > 0 ? s->ruleset->max_colour_difference : 2;
  options.first_round = first_round_mode (s->section->settings.first_round);
  options.lottery_seed = s->section->settings.lottery_seed;
  if (!qw_swiss_pair ((const QwSwissPlayer *) players->data, players->len, &options, &result, error))
    {
      /* The engine's verdict first, then one line per tangle of players and
       * why, then what to do when the field is too small for the rounds. */
      if (error != NULL && *error != NULL && (*error)->code == QW_ERROR_CONFLICT)
        {
          g_autoptr(GString) message = g_string_new ((*error)->message);
          g_autofree char *advice = qw_section_field_warning (s->section, (int) players->len);

          for (guint k = 0; result.unpairable != NULL && k < result.unpairable->len; k++)
            g_string_append_printf (message, "\n%s", (char *) g_ptr_array_index (result.unpairable, k));
          if (advice != NULL)
            g_string_append_printf (message, "\n%s", advice);
          g_free ((*error)->message);
          (*error)->message = g_string_free (g_steal_pointer (&message), FALSE);
        }
      qw_swiss_result_clear (&result);
      return FALSE;
    }
  for (guint k = 0; k < result.pairs->len; k++)
    {
      QwSwissPair *pair = &g_array_index (result.pairs, QwSwissPair, k);
      QwEntry *red = g_ptr_array_index (s->entries, pair->red);
      QwEntry *black = pair->black >= 0 ? g_ptr_array_index (s->entries, pair->black) : NULL;

      g_ptr_array_add (games, _qw_play_new_game (s->section, round, red->id, black != NULL ? black->id : 0,
                                                 g_strdup (pair->explain != NULL ? pair->explain : "")));
    }
  qw_swiss_result_clear (&result);
  return TRUE;
}

/* In a round robin or a knockout the schedule is fixed: a player who has
 * withdrawn (or is out for forfeits) loses the game by forfeit. */
static void
forfeit_absent (QwPlayState   *s,
                QwPlayHistory *hist,
                QwGame        *g)
{
  gboolean red_out = _qw_play_excluded (s, hist, _qw_play_state_find (s, g->red), g->round)
                     || _qw_play_absence_in (s, g->red, g->round) != NULL;
  gboolean black_out = g->black != 0 && (_qw_play_excluded (s, hist, _qw_play_state_find (s, g->black), g->round)
                                         || _qw_play_absence_in (s, g->black, g->round) != NULL);

  if (g->black == 0)
    {
      /* Only a knockout keeps such a game, so that the absent player does not go through. */
      if (red_out)
        g->result = QW_RESULT_DOUBLE_FORFEIT;
      return;
    }
  if (red_out && black_out)
    g->result = QW_RESULT_DOUBLE_FORFEIT;
  else if (red_out)
    g->result = QW_RESULT_BLACK_BY_FORFEIT;
  else if (black_out)
    g->result = QW_RESULT_RED_BY_FORFEIT;
}

static gboolean
pair_round_robin (QwPlayState   *s,
                  QwPlayHistory *hist,
                  int            round,
                  GPtrArray     *games,
                  GPtrArray     *notes,
                  GError       **error)
{
  g_autoptr(GArray) order = _qw_play_draw_order (s);
  int n = _qw_play_draw_size (s);
  int cycle = qw_berger_rounds (n);
  g_autoptr(GArray) pairs = NULL;
  GPtrArray *byes = g_ptr_array_new ();

  if (n < 2)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT, _("A round robin needs at least 2 players"));
      g_ptr_array_unref (byes);
      return FALSE;
    }
  for (guint k = (guint) n; k < order->len; k++)
    {
      int late = g_array_index (order, int, k);
      g_autofree char *who = NULL;

      if (_qw_play_excluded (s, hist, late, round))
        continue;
      who = _qw_play_player_label (s, ((QwEntry *) g_ptr_array_index (s->entries, late))->id);
      g_ptr_array_add (notes, g_strdup_printf (_("%s was placed after the draw and is not in the "
                                                 "round robin"), who));
    }
  pairs = qw_roundrobin_round (n, round, s->section->settings.double_round_robin);
  for (guint k = 0; k < pairs->len; k++)
    {
      QwBergerPair *p = &g_array_index (pairs, QwBergerPair, k);
      QwEntry *red = g_ptr_array_index (s->entries, g_array_index (order, int, p->red - 1));
      QwEntry *black = p->black > 0 ? g_ptr_array_index (s->entries, g_array_index (order, int, p->black - 1)) : NULL;
      int table_round = (round - 1) % cycle + 1;
      QwGame *g;

      if (black == NULL)
        {
          if (_qw_play_excluded (s, hist, _qw_play_state_find (s, red->id), round))
            continue;   /* an absent player does not collect a bye */
          g = _qw_play_new_game (s->section, round, red->id, 0,
                                 qw_message_int (N_("Berger table, round %d: number %d has the bye"), 2,
                                                 table_round, p->red));
        }
      else
        g = _qw_play_new_game (s->section, round, red->id, black->id,
                               qw_message_int (N_("Berger table, round %d: number %d (red) v number %d"), 3,
                                               table_round, p->red, p->black));
      forfeit_absent (s, hist, g);
      g_ptr_array_add (g->black == 0 ? byes : games, g);
    }
  for (guint k = 0; k < byes->len; k++)
    g_ptr_array_add (games, g_ptr_array_index (byes, k));
  g_ptr_array_unref (byes);
  return TRUE;
}

static gboolean
pair_knockout (QwPlayState   *s,
               QwPlayHistory *hist,
               int            round,
               GPtrArray     *games,
               GError       **error)
{
  g_autoptr(GArray) order = _qw_play_draw_order (s);
  int n = _qw_play_draw_size (s);
  g_autofree gint64 *draw = g_new0 (gint64, MAX (n, 1));
  g_autoptr(GArray) pairs = NULL;
  g_autoptr(GPtrArray) byes = g_ptr_array_new ();

  for (int k = 0; k < n; k++)
    draw[k] = ((QwEntry *) g_ptr_array_index (s->entries, g_array_index (order, int, k)))->id;
  pairs = qw_knockout_pair_round (draw, n, s->games, round, s->section->settings.lottery_seed,
                                  s->section->settings.third_place, error);
  if (pairs == NULL)
    return FALSE;
  for (guint k = 0; k < pairs->len; k++)
    {
      QwKnockoutPair *p = &g_array_index (pairs, QwKnockoutPair, k);
      gboolean third = s->section->settings.third_place && round == qw_knockout_rounds (n) && p->match == 1;
      char *explain = third ? qw_message (N_("Third-place game (三四名决赛) of the semi-finals’ losers"), NULL)
                      : p->black != 0
                      ? qw_message_int (N_("Knockout round %d, match %d of the bracket"), 2, round, p->match + 1)
                      : qw_message_int (N_("Knockout round %d, match %d of the bracket: no opponent, goes through"),
                                        2, round, p->match + 1);
      QwGame *g = _qw_play_new_game (s->section, round, p->red, p->black, explain);

      forfeit_absent (s, hist, g);
      g_ptr_array_add (p->black != 0 ? games : byes, g);
    }
  /* Byes on the last boards. */
  for (guint k = 0; k < byes->len; k++)
    g_ptr_array_add (games, g_steal_pointer (&byes->pdata[k]));
  return TRUE;
}

static gboolean
pair_by_system (QwPlayState   *s,
                QwPlayHistory *hist,
                int            round,
                GPtrArray     *games,
                GPtrArray     *notes,
                GError       **error)
{
  switch (s->section->system)
    {
    case QW_SYSTEM_ROUND_ROBIN:
      return pair_round_robin (s, hist, round, games, notes, error);
    case QW_SYSTEM_KNOCKOUT:
      return pair_knockout (s, hist, round, games, error);
    case QW_SYSTEM_SWISS:
    default:
      return pair_swiss (s, hist, round, games, notes, error);
    }
}

/* In the pairing's step. */
static gboolean
store_round (QwDocument *doc,
             QwSection  *section,
             int         round,
             GPtrArray  *games,
             GError    **error)
{
  g_autofree char *label = qw_message_printf (N_("Pairing of round %d"), round);

  qw_document_name_step (doc, label);
  if (!_qw_play_store_section (doc, section, error))
    return FALSE;
  for (guint i = 0; i < games->len; i++)
    ((QwGame *) g_ptr_array_index (games, i))->section_id = section->id;
  return (round != 1 || qw_document_update_section (doc, section, error))
         && qw_document_add_games (doc, games, error);
}

/* Pairs the next round of @section (its stored state when it was stored
 * meanwhile), in the pairing's step. @entries: the group's, when the
 * caller has read them. The section as stored, the games and the notes go
 * to @outcome. */
static int
pair_round (QwDocument      *doc,
            const QwSection *section,
            GPtrArray       *entries,
            QwPairOutcome   *outcome,
            GError         **error)
{
  g_auto(QwPlayState) s = { .entries = entries != NULL ? g_ptr_array_ref (entries) : NULL };
  g_autoptr(GPtrArray) games = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_game_free);
  g_autoptr(GPtrArray) left_out = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(QwSection) updated = qw_section_copy (section);
  QwPlayHistory *hist;
  int round, total;
  gboolean ok;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), 0);

  /* Shown with its defaults, but stored meanwhile: the stored one counts. */
  if (updated->id == 0)
    {
      g_autoptr(QwSection) stored = qw_document_get_section (doc, section->event_id, section->code, NULL);

      if (stored != NULL)
        {
          qw_section_free (updated);
          updated = g_steal_pointer (&stored);
        }
    }
  if (!_qw_play_state_load (&s, doc, updated, error) || !_qw_play_check_round_complete (&s, error))
    return 0;
  round = s.last_round + 1;
  hist = _qw_play_histories_compute (&s, round);
  if (round == 1)
    _qw_play_fix_draw (&s, updated, hist);
  /* A round robin or a knockout with fewer than two players to draw (the
   * gate may just have excluded the others) has no round to play, which is
   * not "all its 0 rounds have been paired". */
  if (round == 1 && updated->system != QW_SYSTEM_SWISS && _qw_play_draw_size (&s) < 2)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT, _("Round %d cannot be paired: only %u player can play"),
                   round, (guint) _qw_play_draw_size (&s));
      _qw_play_histories_free (hist, s.entries->len);
      return 0;
    }
  total = qw_tournament_total_rounds (doc, updated);
  if (round > total)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT,
                   section->system == QW_SYSTEM_SWISS
                   ? _("All %d planned rounds of group %s have been paired; raise the number of rounds "
                       "to pair more")
                   : _("All %d rounds of group %s have been paired"), total, section->code);
      _qw_play_histories_free (hist, s.entries->len);
      return 0;
    }
  ok = pair_by_system (&s, hist, round, games, left_out, error);
  _qw_play_histories_free (hist, s.entries->len);
  if (!ok)
    return 0;
  _qw_play_number_boards (games);
  if (!store_round (doc, updated, round, games, error))
    return 0;
  g_clear_pointer (&outcome->section, qw_section_free);
  g_clear_pointer (&outcome->games, g_ptr_array_unref);
  g_clear_pointer (&outcome->notes, g_ptr_array_unref);
  outcome->section = g_steal_pointer (&updated);
  outcome->games = g_steal_pointer (&games);
  outcome->notes = g_steal_pointer (&left_out);
  outcome->round = round;
  return round;
}

/* Before the gate asks about anyone: the last round has every result, and a
 * round is left to pair. */
static gboolean
next_round_pairable (QwDocument      *doc,
                     const QwSection *section,
                     int             *round,
                     GError         **error)
{
  g_autoptr(GPtrArray) games = NULL;
  int last = section->id != 0 ? qw_document_last_round (doc, section->id) : 0;
  int total;

  *round = last + 1;
  if (last > 0)
    {
      if ((games = qw_document_list_round_games (doc, section->id, last, error)) == NULL
          || !_qw_play_round_complete (games, last, error))
        return FALSE;
    }
  total = qw_tournament_total_rounds (doc, section);
  if (section->system == QW_SYSTEM_SWISS && *round > total)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT,
                   _("All %d planned rounds of group %s have been paired; raise the number of rounds "
                     "to pair more"), total, section->code);
      return FALSE;
    }
  return TRUE;
}

/* The entries of @event_entries in @section's group, taken from it. */
static GPtrArray *
take_section_entries (GPtrArray       *event_entries,
                      const QwSection *section)
{
  GPtrArray *entries = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_entry_free);

  for (guint i = 0; i < event_entries->len; i++)
    {
      QwEntry *e = g_ptr_array_index (event_entries, i);

      if (g_strcmp0 (e->group_code, section->code) == 0)
        g_ptr_array_add (entries, g_steal_pointer (&event_entries->pdata[i]));
    }
  return entries;
}

/* The gate, then the pairing. The event's entries are read once (not at all
 * when @entries, the group's as read now, are the whole event's): the gate
 * checks them, and the pairing pairs the group's, unless the gate changed
 * some (an exclusion, an admission, a problem allowed): it reads them again
 * then, in the step that changed them. */
static int
pair_gated_locked (QwDocument      *doc,
                   const QwSection *section,
                   QwPairGate       gate,
                   GPtrArray       *entries,
                   QwPairOutcome   *outcome,
                   GError         **error)
{
  g_autoptr(GPtrArray) event_entries = NULL;
  g_autoptr(GPtrArray) items = NULL;
  g_autoptr(QwSection) stored = NULL;
  g_autofree char *label = NULL;
  guint blocked;
  int round;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), 0);

  if (entries != NULL && qw_document_count_entries (doc, section->event_id) == (int) entries->len)
    event_entries = g_ptr_array_ref (entries);
  else if ((event_entries = qw_document_list_entries (doc, section->event_id, error)) == NULL)
    return 0;
  if ((items = qw_pair_gate_list_entries (doc, section, event_entries, error)) == NULL)
    return 0;
  blocked = qw_pair_gate_count_blocked (items);
  g_clear_pointer (&outcome->gate_items, g_ptr_array_unref);
  outcome->gate_items = g_ptr_array_ref (items);
  if (blocked == 0)
    {
      g_autoptr(GPtrArray) group = entries != NULL ? g_ptr_array_ref (entries)
                                                   : take_section_entries (event_entries, section);

      return pair_round (doc, section, group, outcome, error);
    }
  stored = qw_section_copy (section);
  if (stored->id == 0)
    {
      g_autoptr(QwSection) found = qw_document_get_section (doc, section->event_id, section->code, NULL);

      if (found != NULL)
        stored->id = found->id;
    }
  if (!next_round_pairable (doc, stored, &round, error))
    return 0;
  /* 8对开赛 (seed 000 §十一(五)2–3): too few eligible pairs blocks the whole
   * group; excluding the blocked pairs would leave even fewer, so
   * --exclude-blocked pairs nothing either. */
  if (gate == QW_PAIR_GATE_EXCLUDE_BLOCKED && qw_pair_gate_blocks_group (items))
    {
      g_autofree char *list = qw_pair_gate_describe (items);

      g_set_error (error, QW_ERROR, QW_ERROR_BLOCKED,
                   _("Group %s cannot be paired: it has fewer eligible pairs than the event opens with "
                     "(pairs-too-few); excluding the blocked pairs leaves even fewer.\n%s"),
                   section->code, list);
      return 0;
    }
  if (gate == QW_PAIR_GATE_CHECK)
    {
      g_autofree char *list = qw_pair_gate_describe (items);

      g_set_error (error, QW_ERROR, QW_ERROR_BLOCKED,
                   g_dngettext (GETTEXT_PACKAGE,
                                "Group %s cannot be paired: %u entry has a problem that keeps it out of "
                                "pairing. Fix it, exclude it or pair it anyway.\n%s",
                                "Group %s cannot be paired: %u entries have a problem that keeps them out of "
                                "pairing. Fix them, exclude them or pair them anyway.\n%s", blocked),
                   section->code, blocked, list);
      return 0;
    }
  label = qw_message_printf (N_("Pairing of round %d"), round);
  qw_document_name_step (doc, label);
  if (!_qw_play_store_section (doc, stored, error)
      || !qw_pair_gate_resolve (doc, stored, items, gate, round, error))
    return 0;
  return pair_round (doc, stored, NULL, outcome, error);
}

typedef struct
{
  const QwSection *section;
  QwPairGate       gate;
  GPtrArray       *entries;
  QwPairOutcome   *outcome;
  gboolean         present_only;
} PairJob;

/* Before round 1 of a Swiss, only the players checked in are paired: every
 * other active entry of the group is absent (请假) from round 1, each
 * logged. @section is stored first (its id for the absences). */
static gboolean
absent_unless_present (QwDocument  *doc,
                       QwSection   *section,
                       GError     **error)
{
  g_autoptr(GHashTable) present = NULL;
  g_autoptr(GPtrArray) entries = NULL;
  guint here = 0;

  if (section->system != QW_SYSTEM_SWISS)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT,
                   _("Group %s plays a fixed schedule (%s): only a Swiss can pair the players present alone"),
                   section->code, qw_system_label (section->system));
      return FALSE;
    }
  if (!_qw_play_store_section (doc, section, error))
    return FALSE;
  if (qw_document_last_round (doc, section->id) != 0)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT,
                   _("Group %s has paired round 1 already: only round 1 pairs the players present alone"),
                   section->code);
      return FALSE;
    }
  if ((present = qw_document_list_present (doc, error)) == NULL
      || (entries = qw_document_list_section_entries (doc, section, error)) == NULL)
    return FALSE;
  for (guint i = 0; i < entries->len; i++)
    {
      const QwEntry *e = g_ptr_array_index (entries, i);

      if (e->status == QW_STATUS_ACTIVE && g_hash_table_contains (present, &e->id))
        here++;
    }
  if (here == 0)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT, _("No player of group %s has checked in (签到)"),
                   section->code);
      return FALSE;
    }
  for (guint i = 0; i < entries->len; i++)
    {
      const QwEntry *e = g_ptr_array_index (entries, i);
      QwAbsence absence = { e->id, 1, QW_ABSENCE_LEAVE, 0 };
      g_autofree char *who = NULL, *message = NULL;

      if (e->status != QW_STATUS_ACTIVE || g_hash_table_contains (present, &e->id))
        continue;
      /* Stored as a message, read in the reader's language (issue 19 point 22). */
      who = _qw_play_entry_message (e);
      message = qw_message_printf (N_("%s has not checked in (未签到): absent in round 1, not paired, no points"), who);
      if (!qw_document_set_absence (doc, section->id, &absence, error)
          || !qw_document_log_round (doc, section->id, 1, message, error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
pair_step (QwDocument  *doc,
           gpointer     data,
           GError     **error)
{
  PairJob *job = data;
  g_autoptr(QwSection) stored = NULL;

  if (job->present_only)
    {
      stored = qw_section_copy (job->section);
      if (!absent_unless_present (doc, stored, error))
        return FALSE;
      /* The group's entries are read again: the caller's do not know the absences. */
      return pair_gated_locked (doc, stored, job->gate, NULL, job->outcome, error) > 0;
    }
  return pair_gated_locked (doc, job->section, job->gate, job->entries, job->outcome, error) > 0;
}

void
qw_pair_outcome_clear (QwPairOutcome *outcome)
{
  g_clear_pointer (&outcome->section, qw_section_free);
  g_clear_pointer (&outcome->games, g_ptr_array_unref);
  g_clear_pointer (&outcome->notes, g_ptr_array_unref);
  g_clear_pointer (&outcome->gate_items, g_ptr_array_unref);
  outcome->round = 0;
}

/**
 * qw_tournament_pair:
 * @section: the section as the caller holds it, not changed: a section not
 *   stored yet is stored in the pairing's step, and round 1 fixes its draw
 *   (@outcome has the section as stored)
 * @request: (nullable): the gate and the entries at hand; %NULL for
 *   %QW_PAIR_GATE_CHECK, the entries read here
 * @outcome: (out caller-allocates) (optional): what the pairing did, and
 *   the gate's list also when it refused; zero-filled by the caller,
 *   cleared with qw_pair_outcome_clear()
 *
 * Pairs the next round by the section's system, as one step of the
 * history ("Pairing of round 3"). The previous round must be complete.
 * Entries of the group with a problem that blocks pairing (qw-pair-gate.h)
 * go through the gate first: with %QW_PAIR_GATE_CHECK the pairing is
 * refused (QW_ERROR_BLOCKED, whose message lists them) and nothing is
 * written; the other two answer for every blocked entry, logged, in the
 * pairing's step.
 *
 * Returns: the round paired, or 0 with @error
 */
int
qw_tournament_pair (QwDocument          *doc,
                    const QwSection     *section,
                    const QwPairRequest *request,
                    QwPairOutcome       *outcome,
                    GError             **error)
{
  g_auto(QwPairOutcome) local = { 0 };
  PairJob job = { section, request != NULL ? request->gate : QW_PAIR_GATE_CHECK,
                  request != NULL ? request->entries : NULL, outcome != NULL ? outcome : &local,
                  request != NULL && request->present_only };

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), 0);
  g_return_val_if_fail (section != NULL, 0);

  /* The state of the group is read in the step that writes the round: two
   * programs pairing at once cannot pair the same round twice; the second
   * waits for the first (BEGIN IMMEDIATE) and pairs the next one, or is
   * told that every planned round has been paired. */
  if (!qw_document_run_step (doc, NULL, pair_step, &job, error))
    return 0;
  return job.outcome->round;
}

/* A forfeit the pairing recorded itself, because the player had withdrawn. */
static gboolean
automatic_result (QwPlayState  *s,
                  const QwGame *g)
{
  int red = _qw_play_withdrawn_before (s, g->red), black = g->black != 0 ? _qw_play_withdrawn_before (s, g->black) : 0;
  gboolean red_absent = (red > 0 && red <= g->round) || _qw_play_absence_in (s, g->red, g->round) != NULL;
  gboolean black_absent = (black > 0 && black <= g->round)
                          || (g->black != 0 && _qw_play_absence_in (s, g->black, g->round) != NULL);

  switch (g->result)
    {
    case QW_RESULT_NONE:
    case QW_RESULT_BYE:
      return TRUE;
    case QW_RESULT_BLACK_BY_FORFEIT:
      return red_absent;
    case QW_RESULT_RED_BY_FORFEIT:
      return black_absent;
    case QW_RESULT_DOUBLE_FORFEIT:
      return red_absent && (g->black == 0 || black_absent);
    case QW_RESULT_RED_WIN:
    case QW_RESULT_DRAW:
    case QW_RESULT_BLACK_WIN:
    default:
      return FALSE;
    }
}

/* Late entries admitted after the round being unpaired are paired in it
 * when it is paired again: it is no longer a round they missed, and its
 * absence goes. (A 请假 for it stays: it was asked for that round.) */
static gboolean
rejoin_admitted (QwPlayState *s,
                 GError     **error)
{
  for (guint i = 0; i < s->absences->len; i++)
    {
      const QwAbsence *a = g_ptr_array_index (s->absences, i);

      if (a->kind == QW_ABSENCE_LATE && a->round >= s->last_round
          && !qw_document_delete_absence (s->doc, s->section->id, a->entry_id, a->round, error))
        return FALSE;
    }
  return TRUE;
}

/* With round 1 unpaired the group has not started: an entry that came in
 * after it and waits as a late entry is an entry like the others (the
 * gate would otherwise ask to admit it for no round missed). */
static gboolean
release_late_entries (QwPlayState *s,
                      GError     **error)
{
  for (guint i = 0; i < s->entries->len; i++)
    {
      const QwEntry *e = g_ptr_array_index (s->entries, i);
      g_autofree char *who = NULL;
      g_autofree char *message = NULL;

      if (e->status != QW_STATUS_LATE)
        continue;
      who = _qw_play_entry_message (e);
      message = qw_message (N_("%s is no longer a late entry: round 1 was unpaired"), who, NULL);
      if (!qw_document_set_entry_status (s->doc, e->id, QW_STATUS_ACTIVE, 0, error)
          || !qw_document_log_round (s->doc, s->section->id, 1, message, error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
unpair_last_locked (QwDocument      *doc,
                    const QwSection *section,
                    gboolean         force,
                    QwSection       *updated,
                    GError         **error)
{
  g_auto(QwPlayState) s = { 0 };
  g_autoptr(GString) boards = g_string_new (NULL);
  g_autofree char *message = NULL;
  g_autofree char *label = NULL;

  if (!_qw_play_state_load (&s, doc, section, error))
    return FALSE;
  if (s.last_round == 0)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT, _("No round of group %s has been paired"), section->code);
      return FALSE;
    }
  for (guint i = 0; i < s.games->len; i++)
    {
      const QwGame *g = g_ptr_array_index (s.games, i);

      if (g->round == s.last_round && !automatic_result (&s, g))
        g_string_append_printf (boards, "%s%d", boards->len > 0 ? ", " : "", g->board);
    }
  if (boards->len > 0 && !force)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT,
                   _("Round %d already has results (boards %s); undo them first, or unpair it anyway to "
                     "discard them"), s.last_round, boards->str);
      return FALSE;
    }
  {
    g_autofree char *round = g_strdup_printf ("%d", s.last_round);

    message = boards->len > 0
              ? qw_message (N_("Round %d unpaired, discarding the results of boards %s"), round, boards->str, NULL)
              : qw_message (N_("Round %d unpaired"), round, NULL);
  }
  label = qw_message_printf (N_("Unpairing of round %d"), s.last_round);
  qw_document_name_step (doc, label);
  if (s.last_round == 1)
    {
      g_free (updated->settings.draw);
      updated->settings.draw = g_strdup ("");
    }
  return qw_document_delete_round (doc, section->id, s.last_round, error)
         && (s.last_round != 1 || qw_document_update_section (doc, updated, error))
         && qw_document_log_round (doc, section->id, s.last_round, message, error)
         && rejoin_admitted (&s, error)
         && (s.last_round != 1 || release_late_entries (&s, error));
}

typedef struct
{
  const QwSection *section;
  gboolean         force;
  QwSection       *updated;
} UnpairJob;

static gboolean
unpair_step (QwDocument  *doc,
             gpointer     data,
             GError     **error)
{
  UnpairJob *job = data;

  return unpair_last_locked (doc, job->section, job->force, job->updated, error);
}

/**
 * qw_tournament_unpair_last:
 * @stored: (out) (optional): the section as stored after the unpairing
 *   (unpairing round 1 releases its draw)
 *
 * Removes the last round, read and written in one transaction as a pairing
 * is: one step of the history. A round with results entered is removed
 * only with @force. Unpairing round 1 releases the draw (the lottery seed
 * stays).
 */
gboolean
qw_tournament_unpair_last (QwDocument       *doc,
                           const QwSection  *section,
                           gboolean          force,
                           QwSection       **stored,
                           GError          **error)
{
  g_autoptr(QwSection) updated = NULL;
  UnpairJob job;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);
  g_return_val_if_fail (section != NULL, FALSE);

  updated = qw_section_copy (section);
  job = (UnpairJob) { section, force, updated };
  if (!qw_document_run_step (doc, NULL, unpair_step, &job, error))
    return FALSE;
  if (stored != NULL)
    *stored = g_steal_pointer (&updated);
  return TRUE;
}
