/* qw-tournament.c: the arbiter's actions on a section of a document
 *
 * Each action loads what it needs from the document, checks the rules, and
 * writes in one transaction. The Swiss engine (qw-swiss.c) is pure; this is
 * where a section's games become its QwSwissPlayer records: scores, colours
 * of the games actually played, opponents met (a forfeit counts as met when
 * the section says so), byes, units and seeding.
 *
 * The draw (the seeding order, by rating, grade, typed order or lottery) is
 * fixed when round 1 is paired and stored in the section's settings with the
 * lottery seed, so that it can be audited and every later round uses the
 * same Berger numbers, bracket seeds and Swiss seeds.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-tournament"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "qw-error.h"
#include "qw-knockout.h"
#include "qw-pair-gate.h"
#include "qw-roundrobin.h"
#include "qw-swiss.h"
#include "qw-tournament.h"
#include "qw-document-entries.h"
#include "qw-document-play.h"
#include "qw-entry-check.h"
#include "qw-entry.h"
#include "qw-event.h"
#include "qw-game.h"
#include "qw-play.h"
#include "qw-seeding.h"
#include "qw-tiebreak.h"

/* What an action needs from the document. */
typedef struct
{
  QwDocument      *doc;
  const QwSection *section;
  QwRuleset       *ruleset;
  GPtrArray       *entries;    /* QwEntry, by 序号 */
  GPtrArray       *games;      /* QwGame, by round and board */
  GHashTable      *withdrawn;  /* entry id → first round not paired */
  GPtrArray       *absences;   /* QwAbsence: rounds a player is not paired in (请假, missed rounds) */
  GHashTable      *index;      /* entry id → index in entries + 1, when the ids are sparse */
  int             *dense;      /* else: entry id - dense_base → index in entries + 1 */
  gint64           dense_base;
  gint64           dense_len;
  int              last_round;
  double           scores[QW_N_SCORES];  /* the section's points (qw_section_scores()) */
} State;

/* A player's past, before the round being paired or checked. */
typedef struct
{
  double       score;
  double       score_before_last;
  int          reds;
  int          blacks;
  signed char  last[2];        /* colours of the last two games played, most recent first */
  signed char  run_colour;     /* colour of the current run of games played */
  int          run_length;
  gboolean     had_bye;
  int          float_last;
  GArray      *opponents;      /* int: entry indices met */
  int          forfeit_run;
  gboolean     forfeit_out;    /* reached the section's consecutive-forfeit limit */
} History;

static void
state_clear (State *s)
{
  g_clear_pointer (&s->ruleset, qw_ruleset_unref);
  g_clear_pointer (&s->entries, g_ptr_array_unref);
  g_clear_pointer (&s->games, g_ptr_array_unref);
  g_clear_pointer (&s->withdrawn, g_hash_table_unref);
  g_clear_pointer (&s->absences, g_ptr_array_unref);
  g_clear_pointer (&s->index, g_hash_table_unref);
  g_clear_pointer (&s->dense, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (State, state_clear)

/* Entry ids are mostly consecutive (a section's players registered
 * together): then a table indexed by id finds them, which every game of the
 * history asks twice; else a hash table. */
static void
state_index (State *s)
{
  gint64 lo = G_MAXINT64, hi = G_MININT64;

  for (guint i = 0; i < s->entries->len; i++)
    {
      gint64 id = ((QwEntry *) g_ptr_array_index (s->entries, i))->id;

      lo = MIN (lo, id);
      hi = MAX (hi, id);
    }
  if (s->entries->len > 0 && hi - lo < 4 * (gint64) s->entries->len + 64)
    {
      s->dense_base = lo;
      s->dense_len = hi - lo + 1;
      s->dense = g_new0 (int, s->dense_len);
      for (guint i = 0; i < s->entries->len; i++)
        s->dense[((QwEntry *) g_ptr_array_index (s->entries, i))->id - lo] = (int) i + 1;
      return;
    }
  s->index = g_hash_table_new (g_int64_hash, g_int64_equal);
  for (guint i = 0; i < s->entries->len; i++)
    {
      QwEntry *e = g_ptr_array_index (s->entries, i);

      g_hash_table_insert (s->index, &e->id, GINT_TO_POINTER (i + 1));
    }
}

static gboolean
state_load (State            *s,
            QwDocument       *doc,
            const QwSection  *section,
            GError          **error)
{
  g_autoptr(QwEvent) event = qw_document_get_event (doc, section->event_id, error);

  s->doc = doc;
  s->section = section;
  if (event == NULL || (s->ruleset = qw_ruleset_lookup (event->ruleset, error)) == NULL)
    return FALSE;
  qw_section_scores (s->ruleset, section, s->scores);
  /* Entries the caller has already read (qw_tournament_pair_next_with()). */
  if (s->entries == NULL)
    s->entries = qw_document_list_section_entries (doc, section, error);
  if (s->entries == NULL)
    return FALSE;
  s->games = qw_document_list_games (doc, section->id, error);
  if (s->games == NULL)
    return FALSE;
  s->withdrawn = qw_document_list_withdrawals (doc, section, error);
  if (s->withdrawn == NULL)
    return FALSE;
  s->absences = section->id != 0 ? qw_document_list_absences (doc, section->id, error)
                                 : g_ptr_array_new_with_free_func (g_free);
  if (s->absences == NULL)
    return FALSE;
  state_index (s);
  s->last_round = 0;
  for (guint i = 0; i < s->games->len; i++)
    s->last_round = MAX (s->last_round, ((QwGame *) g_ptr_array_index (s->games, i))->round);
  return TRUE;
}

static int
state_find (State  *s,
            gint64  entry_id)
{
  if (s->dense != NULL)
    return entry_id >= s->dense_base && entry_id - s->dense_base < s->dense_len
           ? s->dense[entry_id - s->dense_base] - 1 : -1;
  return GPOINTER_TO_INT (g_hash_table_lookup (s->index, &entry_id)) - 1;
}

static QwEntry *
state_entry (State  *s,
             gint64  entry_id)
{
  int i = state_find (s, entry_id);

  return i >= 0 ? g_ptr_array_index (s->entries, i) : NULL;
}

static int
withdrawn_before (State  *s,
                  gint64  entry_id)
{
  gpointer value = g_hash_table_lookup (s->withdrawn, &entry_id);

  return value != NULL ? GPOINTER_TO_INT (value) : 0;
}

/* The entry's absence from @round, or NULL. */
static const QwAbsence *
absence_in (State  *s,
            gint64  entry_id,
            int     round)
{
  for (guint i = 0; s->absences != NULL && i < s->absences->len; i++)
    {
      const QwAbsence *a = g_ptr_array_index (s->absences, i);

      if (a->entry_id == entry_id && a->round == round)
        return a;
    }
  return NULL;
}

/* "No. 12 王伟", how players are named in messages. */
static char *
entry_label (const QwEntry *e)
{
  if (e == NULL)
    return g_strdup (_("an unknown player"));
  return g_strdup_printf (_("No. %d %s"), e->no, e->name);
}

static char *
player_label (State  *s,
              gint64  entry_id)
{
  return entry_label (state_entry (s, entry_id));
}

/* Histories */

static void
histories_free (History *h,
                guint    n)
{
  for (guint i = 0; i < n; i++)
    g_clear_pointer (&h[i].opponents, g_array_unref);
  g_free (h);
}

static gboolean
counts_as_met (const QwSection *section,
               QwResult         result)
{
  if (qw_result_is_played (result) || result == QW_RESULT_NONE)
    return TRUE;
  return section->settings.forfeit_counts_as_met;
}

static void
push_colour (History     *h,
             signed char  colour)
{
  h->last[1] = h->last[0];
  h->last[0] = colour;
  if (colour > 0)
    h->reds++;
  else
    h->blacks++;
  if (h->run_colour == colour)
    h->run_length++;
  else
    {
      h->run_colour = colour;
      h->run_length = 1;
    }
}

static void
track_forfeits (History         *h,
                const QwSection *section,
                gboolean         forfeited)
{
  h->forfeit_run = forfeited ? h->forfeit_run + 1 : 0;
  if (section->settings.forfeit_limit > 0 && h->forfeit_run >= section->settings.forfeit_limit)
    h->forfeit_out = TRUE;
}

static void
history_add_game (State        *s,
                  History      *hist,
                  const QwGame *g)
{
  int r = state_find (s, g->red), b = state_find (s, g->black);
  double rp, bp;

  if (r < 0)
    return;
  rp = qw_scoring_points (s->scores, qw_result_outcome (g->result, TRUE), TRUE);
  bp = qw_scoring_points (s->scores, qw_result_outcome (g->result, FALSE), FALSE);
  hist[r].score += rp;
  hist[r].had_bye = hist[r].had_bye || g->result == QW_RESULT_BYE;
  /* A forfeit recorded for an absence (a fixed schedule) is no forfeit for
   * the limit: the run of forfeits neither grows nor ends. */
  if (absence_in (s, g->red, g->round) == NULL)
    track_forfeits (&hist[r], s->section, qw_result_forfeited_by (g->result, TRUE));
  if (b < 0)
    return;
  hist[b].score += bp;
  if (absence_in (s, g->black, g->round) == NULL)
    track_forfeits (&hist[b], s->section, qw_result_forfeited_by (g->result, FALSE));
  if (counts_as_met (s->section, g->result))
    {
      g_array_append_val (hist[r].opponents, b);
      g_array_append_val (hist[b].opponents, r);
    }
  if (qw_result_is_played (g->result))
    {
      push_colour (&hist[r], +1);
      push_colour (&hist[b], -1);
    }
}

/* Who floated last round: the one whose opponent had a different score. */
static void
set_floats (State   *s,
            History *hist,
            int      last)
{
  for (guint i = 0; i < s->games->len; i++)
    {
      const QwGame *g = g_ptr_array_index (s->games, i);
      int r = state_find (s, g->red), b = state_find (s, g->black);
      double diff;

      if (g->round != last || r < 0 || b < 0)
        continue;
      diff = hist[r].score_before_last - hist[b].score_before_last;
      if (diff > 1e-9)
        {
          hist[r].float_last = -1;
          hist[b].float_last = +1;
        }
      else if (diff < -1e-9)
        {
          hist[r].float_last = +1;
          hist[b].float_last = -1;
        }
    }
}

/* Every player's history over the rounds before @round. */
static History *
histories_compute (State *s,
                   int    round)
{
  History *hist = g_new0 (History, MAX (s->entries->len, 1));
  gboolean snapped = FALSE;

  for (guint i = 0; i < s->entries->len; i++)
    hist[i].opponents = g_array_new (FALSE, FALSE, sizeof (int));
  for (guint i = 0; i < s->games->len; i++)
    {
      const QwGame *g = g_ptr_array_index (s->games, i);

      if (g->round >= round)
        break;
      /* Games come by round: snapshot the scores as the last round begins. */
      if (!snapped && g->round == round - 1)
        {
          for (guint k = 0; k < s->entries->len; k++)
            hist[k].score_before_last = hist[k].score;
          snapped = TRUE;
        }
      history_add_game (s, hist, g);
    }
  /* Absent rounds score what they were credited (a 请假 nothing); no
   * opponent, no colour, and the run of forfeits goes on as it was. */
  for (guint i = 0; i < s->absences->len; i++)
    {
      const QwAbsence *a = g_ptr_array_index (s->absences, i);
      int k = state_find (s, a->entry_id);

      if (k < 0 || a->round >= round)
        continue;
      hist[k].score += a->points;
      if (snapped && a->round < round - 1)
        hist[k].score_before_last += a->points;
    }
  set_floats (s, hist, round - 1);
  return hist;
}

static gboolean
excluded (State   *s,
          History *hist,
          int      index,
          int      round)
{
  QwEntry *e = g_ptr_array_index (s->entries, index);
  int before = withdrawn_before (s, e->id);

  return (before > 0 && before <= round) || hist[index].forfeit_out || e->status == QW_STATUS_LATE;
}

static char *
exclusion_reason (State   *s,
                  History *hist,
                  int      index,
                  int      round)
{
  QwEntry *e = g_ptr_array_index (s->entries, index);
  g_autofree char *who = player_label (s, e->id);
  int before = withdrawn_before (s, e->id);

  if (before > 0 && before <= round)
    return e->status == QW_STATUS_EXCLUDED
           ? g_strdup_printf (_("%s is excluded (不具备参赛资格) and is not paired"), who)
           : g_strdup_printf (_("%s has withdrawn (退赛) and is not paired"), who);
  if (e->status == QW_STATUS_LATE)
    return g_strdup_printf (_("%s is a late entry waiting to be admitted and is not paired"), who);
  return g_strdup_printf (_("%s forfeited %d games in a row and is no longer paired"), who,
                          s->section->settings.forfeit_limit);
}

/* Seeding and the draw */

static void
shuffle (int     *items,
         guint    n,
         guint64  seed,
         guint32  salt)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed_array ((const guint32[]) { (guint32) seed,
                                                                          (guint32) (seed >> 32), salt }, 3);

  for (guint i = n; i > 1; i--)
    {
      guint j = (guint) g_rand_int_range (rand, 0, (gint32) i);
      int tmp = items[i - 1];

      items[i - 1] = items[j];
      items[j] = tmp;
    }
}

typedef struct
{
  State    *state;
  gboolean  by_grade;
} SeedContext;

static int
seed_key_compare (gconstpointer pa,
                  gconstpointer pb,
                  gpointer      user_data)
{
  SeedContext *ctx = user_data;
  const QwEntry *a = g_ptr_array_index (ctx->state->entries, *(const int *) pa);
  const QwEntry *b = g_ptr_array_index (ctx->state->entries, *(const int *) pb);

  if (ctx->by_grade && qw_grade_rank (a->grade) != qw_grade_rank (b->grade))
    return qw_grade_rank (a->grade) - qw_grade_rank (b->grade);
  if (a->rating != b->rating)
    return b->rating - a->rating;
  return a->no - b->no;
}

static gboolean
has_seed_key (const QwEntry *e,
              gboolean       by_grade)
{
  return by_grade ? qw_grade_rank (e->grade) > 0 : e->rating > 0;
}

/* Whether the section's seeding leaves @e's place to the lottery. */
static gboolean
seeded_by_lot (State         *s,
               const QwEntry *e)
{
  const char *method = s->section->settings.seeding;

  if (g_strcmp0 (method, "lottery") == 0)
    return TRUE;
  if (g_strcmp0 (method, "order") == 0)
    return FALSE;
  return !has_seed_key (e, g_strcmp0 (method, "grade") == 0);
}

/* Orders @items (entry indices, by 序号) by the section's seeding. Players
 * without a rating (or grade) come after the others, in an order drawn by
 * lot (§2.3). Without @draw, the lot is not drawn: those players stay in
 * 序号 order (a list shown before the lots are drawn). */
static void
seed_order (State    *s,
            int      *items,
            guint     n,
            gboolean  draw)
{
  const QwSectionSettings *set = &s->section->settings;
  gboolean by_grade = g_strcmp0 (set->seeding, "grade") == 0;
  SeedContext ctx = { s, by_grade };
  guint keyed = 0;

  if (g_strcmp0 (set->seeding, "lottery") == 0)
    {
      if (draw)
        shuffle (items, n, set->lottery_seed, 1);
      return;
    }
  if (g_strcmp0 (set->seeding, "order") == 0)
    return;   /* already by 序号 */
  for (guint i = 0; i < n; i++)
    if (has_seed_key (g_ptr_array_index (s->entries, items[i]), by_grade))
      {
        int tmp = items[keyed];

        items[keyed++] = items[i];
        items[i] = tmp;
      }
  g_qsort_with_data (items, (gint) keyed, sizeof (int), seed_key_compare, &ctx);
  /* The unkeyed tail, in 序号 order before the lot. */
  g_qsort_with_data (items + keyed, (gint) (n - keyed), sizeof (int), seed_key_compare, &ctx);
  if (draw)
    shuffle (items + keyed, n - keyed, set->lottery_seed, 2);
}

/* The draw as entry indices: the stored one, then anyone placed later, by 序号. */
static GArray *
draw_order (State *s)
{
  g_auto(GStrv) ids = g_strsplit (s->section->settings.draw != NULL ? s->section->settings.draw : "", ",", -1);
  g_autofree gboolean *in = g_new0 (gboolean, MAX (s->entries->len, 1));
  GArray *order = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint i = 0; ids[i] != NULL; i++)
    {
      int k = state_find (s, g_ascii_strtoll (ids[i], NULL, 10));

      if (k >= 0 && !in[k])
        {
          in[k] = TRUE;
          g_array_append_val (order, k);
        }
    }
  for (guint i = 0; i < s->entries->len; i++)
    if (!in[i])
      g_array_append_val (order, i);
  return order;
}

/* The players round 1 draws from (those not out of play: a player absent
 * from round 1 keeps a place in the draw), in seeding order. */
static GArray *
starting_order (State    *s,
                History  *hist,
                gboolean  draw)
{
  GArray *items = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint i = 0; i < s->entries->len; i++)
    if (!excluded (s, hist, (int) i, 1))
      g_array_append_val (items, i);
  seed_order (s, (int *) items->data, items->len, draw);
  return items;
}

/* A new lottery seed: never 0 (no lottery drawn), and below 2^53 so that
 * every JSON reader keeps it exact. */
static guint64
new_lottery_seed (void)
{
  guint64 seed = 0;

  while (seed == 0)
    seed = (((guint64) g_random_int () << 32) | g_random_int ()) & ((G_GUINT64_CONSTANT (1) << 53) - 1);
  return seed;
}

/* Round 1 fixes the draw: the players then active, in seeding order. */
static void
fix_draw (State     *s,
          QwSection *section,
          History   *hist)
{
  g_autoptr(GArray) items = NULL;
  g_autoptr(GString) text = g_string_new (NULL);

  if (section->settings.lottery_seed == 0)
    section->settings.lottery_seed = new_lottery_seed ();
  items = starting_order (s, hist, TRUE);
  for (guint i = 0; i < items->len; i++)
    {
      QwEntry *e = g_ptr_array_index (s->entries, g_array_index (items, int, i));

      g_string_append_printf (text, "%s%" G_GINT64_FORMAT, i > 0 ? "," : "", e->id);
    }
  g_free (section->settings.draw);
  section->settings.draw = g_string_free (g_steal_pointer (&text), FALSE);
}

/* Building a round's games */

static QwGame *
new_game (const QwSection *section,
          int              round,
          gint64           red,
          gint64           black,
          char            *explain)
{
  QwGame *g = qw_game_new ();

  g->section_id = section->id;
  g->round = round;
  g->red = red;
  g->black = black;
  g->result = black == 0 ? QW_RESULT_BYE : QW_RESULT_NONE;
  g->explain = explain;
  return g;
}

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
unit_avoid_applies (const QwSection *section,
                    int              round)
{
  const char *mode = section->settings.unit_avoid;

  return g_strcmp0 (mode, "always") == 0 || (g_strcmp0 (mode, "first-round") == 0 && round == 1);
}

static gboolean
pair_swiss (State      *s,
            History    *hist,
            int         round,
            GPtrArray  *games,
            GPtrArray  *notes,
            GError    **error)
{
  g_autoptr(GArray) order = draw_order (s);
  g_autoptr(GArray) players = g_array_new (FALSE, TRUE, sizeof (QwSwissPlayer));
  g_autoptr(GHashTable) units = g_hash_table_new (g_str_hash, g_str_equal);
  QwSwissResult result = { NULL, NULL };
  QwSwissOptions options = { 0 };

  for (guint k = 0; k < order->len; k++)
    {
      int i = g_array_index (order, int, k);
      QwEntry *e = g_ptr_array_index (s->entries, i);
      History *h = &hist[i];
      QwSwissPlayer p = { 0 };

      if (excluded (s, hist, i, round))
        {
          g_ptr_array_add (notes, exclusion_reason (s, hist, i, round));
          continue;
        }
      if (absence_in (s, e->id, round) != NULL)
        {
          g_autofree char *who = entry_label (e);

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
  options.avoid_units = unit_avoid_applies (s->section, round);
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

      g_ptr_array_add (games, new_game (s->section, round, red->id, black != NULL ? black->id : 0,
                                        g_strdup (pair->explain != NULL ? pair->explain : "")));
    }
  qw_swiss_result_clear (&result);
  return TRUE;
}

/* In a round robin or a knockout the schedule is fixed: a player who has
 * withdrawn (or is out for forfeits) loses the game by forfeit. */
static void
forfeit_absent (State   *s,
                History *hist,
                QwGame  *g)
{
  gboolean red_out = excluded (s, hist, state_find (s, g->red), g->round)
                     || absence_in (s, g->red, g->round) != NULL;
  gboolean black_out = g->black != 0 && (excluded (s, hist, state_find (s, g->black), g->round)
                                         || absence_in (s, g->black, g->round) != NULL);

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

static int
draw_size (State *s)
{
  g_auto(GStrv) ids = g_strsplit (s->section->settings.draw != NULL ? s->section->settings.draw : "", ",", -1);
  int n = 0;

  for (guint i = 0; ids[i] != NULL; i++)
    if (state_find (s, g_ascii_strtoll (ids[i], NULL, 10)) >= 0)
      n++;
  return n;
}

static gboolean
pair_round_robin (State      *s,
                  History    *hist,
                  int         round,
                  GPtrArray  *games,
                  GPtrArray  *notes,
                  GError    **error)
{
  g_autoptr(GArray) order = draw_order (s);
  int n = draw_size (s);
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

      if (excluded (s, hist, late, round))
        continue;
      who = player_label (s, ((QwEntry *) g_ptr_array_index (s->entries, late))->id);
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
          if (excluded (s, hist, state_find (s, red->id), round))
            continue;   /* an absent player does not collect a bye */
          g = new_game (s->section, round, red->id, 0,
                        g_strdup_printf (_("Berger table, round %d: number %d has the bye"), table_round, p->red));
        }
      else
        g = new_game (s->section, round, red->id, black->id,
                      g_strdup_printf (_("Berger table, round %d: number %d (red) v number %d"),
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
pair_knockout (State      *s,
               History    *hist,
               int         round,
               GPtrArray  *games,
               GError    **error)
{
  g_autoptr(GArray) order = draw_order (s);
  int n = draw_size (s);
  g_autofree gint64 *draw = g_new0 (gint64, MAX (n, 1));
  g_autoptr(GArray) pairs = NULL;
  g_autoptr(GPtrArray) byes = g_ptr_array_new ();

  for (int k = 0; k < n; k++)
    draw[k] = ((QwEntry *) g_ptr_array_index (s->entries, g_array_index (order, int, k)))->id;
  pairs = qw_knockout_pair_round (draw, n, s->games, round, s->section->settings.lottery_seed, error);
  if (pairs == NULL)
    return FALSE;
  for (guint k = 0; k < pairs->len; k++)
    {
      QwKnockoutPair *p = &g_array_index (pairs, QwKnockoutPair, k);
      QwGame *g = new_game (s->section, round, p->red, p->black,
                            p->black != 0
                            ? g_strdup_printf (_("Knockout round %d, match %d of the bracket"), round, p->match + 1)
                            : g_strdup_printf (_("Knockout round %d, match %d of the bracket: no opponent, "
                                                 "goes through"), round, p->match + 1));

      forfeit_absent (s, hist, g);
      g_ptr_array_add (p->black != 0 ? games : byes, g);
    }
  /* Byes on the last boards. */
  for (guint k = 0; k < byes->len; k++)
    g_ptr_array_add (games, g_steal_pointer (&byes->pdata[k]));
  return TRUE;
}

/* Public API */

/**
 * qw_tournament_new_section:
 * @code: a group code the ruleset knows, or that entries are placed in
 *
 * The section a group plays in before anything is stored: the event's
 * system and rounds, the ruleset's default settings. Nothing is written.
 */
QwSection *
qw_tournament_new_section (QwDocument     *doc,
                           const QwEvent  *event,
                           const char     *code,
                           GError        **error)
{
  g_autoptr(QwRuleset) ruleset = NULL;
  const QwGroupRule *group;
  QwSection *section;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), NULL);
  g_return_val_if_fail (code != NULL, NULL);

  if ((ruleset = qw_ruleset_lookup (event->ruleset, error)) == NULL)
    return NULL;
  group = qw_ruleset_find_group (ruleset, code);
  if (group == NULL && !qw_document_group_has_entries (doc, event->id, code))
    {
      g_set_error (error, QW_ERROR, QW_ERROR_NOT_FOUND,
                   _("There is no group “%s”: the ruleset does not define it and no entry is placed in it"),
                   code);
      return NULL;
    }
  section = g_new0 (QwSection, 1);
  section->event_id = event->id;
  section->code = g_strdup (code);
  section->name = g_strdup (group != NULL ? group->name : code);
  if (!qw_system_from_code (event->system, &section->system))
    section->system = QW_SYSTEM_SWISS;
  section->rounds = event->rounds > 0 ? event->rounds : 7;
  qw_section_settings_init (&section->settings, ruleset, section->system);
  return section;
}

/* The stored section of @code, or a new one with its defaults, stored. */
QwSection *
qw_tournament_ensure_section (QwDocument     *doc,
                              const QwEvent  *event,
                              const char     *code,
                              GError        **error)
{
  g_autoptr(QwSection) section = qw_document_get_section (doc, event->id, code, NULL);

  if (section != NULL)
    return g_steal_pointer (&section);
  section = qw_tournament_new_section (doc, event, code, error);
  if (section == NULL || !qw_document_add_section (doc, section, error))
    return NULL;
  return g_steal_pointer (&section);
}

/**
 * qw_tournament_lookup_section:
 *
 * The stored section of @code, or, when none is stored yet, a new one with
 * its defaults that is not stored (id 0): the first action that writes (a
 * pairing, a withdrawal, its settings) stores it. Nothing is written.
 */
QwSection *
qw_tournament_lookup_section (QwDocument     *doc,
                              const QwEvent  *event,
                              const char     *code,
                              GError        **error)
{
  g_autoptr(QwSection) section = qw_document_get_section (doc, event->id, code, NULL);

  if (section != NULL)
    return g_steal_pointer (&section);
  return qw_tournament_new_section (doc, event, code, error);
}

/* Inside an action's step: a section looked up but not stored yet is
 * stored (or found, when another window stored it meanwhile). */
static gboolean
store_section (QwDocument  *doc,
               QwSection   *section,
               GError     **error)
{
  g_autoptr(QwSection) stored = NULL;

  if (section->id != 0)
    return TRUE;
  stored = qw_document_get_section (doc, section->event_id, section->code, NULL);
  if (stored != NULL)
    {
      section->id = stored->id;
      return TRUE;
    }
  return qw_document_add_section (doc, section, error);
}

/* Tie-breaks follow the system: compared with the section as stored (or,
 * not stored yet, as its defaults), a new system brings its preset chain
 * unless the chain is the arbiter's own or was changed in the same call. */
static gboolean
follow_system (QwDocument  *doc,
               QwSection   *section,
               GError     **error)
{
  g_autoptr(QwSection) before = qw_document_get_section (doc, section->event_id, section->code, NULL);
  g_autoptr(QwEvent) event = NULL;
  g_autoptr(QwRuleset) ruleset = NULL;

  if (before == NULL)
    {
      event = qw_document_get_event (doc, section->event_id, error);
      if (event == NULL || (before = qw_tournament_new_section (doc, event, section->code, error)) == NULL)
        return FALSE;
    }
  if (before->system == section->system)
    return TRUE;
  if (event == NULL && (event = qw_document_get_event (doc, section->event_id, error)) == NULL)
    return FALSE;
  if ((ruleset = qw_ruleset_lookup (event->ruleset, error)) == NULL)
    return FALSE;
  qw_section_settings_follow_system (&section->settings, ruleset, before->system, before->settings.tiebreaks,
                                     section->system);
  return TRUE;
}

/**
 * qw_tournament_update_section:
 *
 * Stores a section's name, system, rounds and settings, as one step ("Settings
 * of group …"); a section not stored yet is stored (its id is set). When the
 * system changes, the tie-break chain follows it (qw_section_settings_follow_system()):
 * @section's chain is then the new system's preset.
 */
gboolean
qw_tournament_update_section (QwDocument  *doc,
                              QwSection   *section,
                              GError     **error)
{
  g_autofree char *label = NULL;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);

  if (!follow_system (doc, section, error))
    return FALSE;
  label = g_strdup_printf (_("Settings of group %s"), section->name != NULL && section->name[0] != '\0'
                                                      ? section->name : section->code);
  if (!qw_document_begin_step (doc, label, error))
    return FALSE;
  if (section->id == 0 ? !store_section (doc, section, error) || !qw_document_update_section (doc, section, error)
                       : !qw_document_update_section (doc, section, error))
    {
      qw_document_rollback (doc);
      return FALSE;
    }
  return qw_document_commit (doc, error);
}

QwSection *
qw_tournament_find_section (QwDocument  *doc,
                            const char  *code,
                            gboolean     create,
                            GError     **error)
{
  g_autoptr(QwEvent) event = NULL;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), NULL);

  event = qw_document_get_main_event (doc, error);
  if (event == NULL)
    return NULL;
  if (create)
    return qw_tournament_ensure_section (doc, event, code, error);
  return qw_document_get_section (doc, event->id, code, error);
}

/* A round robin or a knockout plays as many rounds as its draw needs (the
 * players active now, before round 1 fixes the draw). */
static int
rounds_for (const QwSection *section,
            int              drawn,
            int              active)
{
  int n = drawn > 0 ? drawn : active;

  if (section->system == QW_SYSTEM_SWISS)
    return section->rounds;
  if (section->system == QW_SYSTEM_ROUND_ROBIN)
    return qw_roundrobin_rounds (n, section->settings.double_round_robin);
  return qw_knockout_rounds (n);
}

static int
total_rounds (State *s)
{
  int active = 0;

  if (s->section->system == QW_SYSTEM_SWISS)
    return s->section->rounds;
  for (guint i = 0; i < s->entries->len; i++)
    active += withdrawn_before (s, ((QwEntry *) g_ptr_array_index (s->entries, i))->id) == 0 ? 1 : 0;
  return rounds_for (s->section, draw_size (s), active);
}

/* Counting rounds reads only who is placed in the section, not its games. */
int
qw_tournament_total_rounds (QwDocument      *doc,
                            const QwSection *section)
{
  g_autoptr(GHashTable) placed = NULL;
  g_auto(GStrv) ids = NULL;
  GHashTableIter iter;
  gpointer active;
  int drawn = 0, n_active = 0;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), 0);

  if (section->system == QW_SYSTEM_SWISS)
    return section->rounds;
  placed = qw_document_list_section_entry_ids (doc, section, NULL);
  if (placed == NULL)
    return section->rounds;
  ids = g_strsplit (section->settings.draw != NULL ? section->settings.draw : "", ",", -1);
  for (guint i = 0; ids[i] != NULL; i++)
    {
      gint64 id = g_ascii_strtoll (ids[i], NULL, 10);

      drawn += g_hash_table_contains (placed, &id) ? 1 : 0;
    }
  g_hash_table_iter_init (&iter, placed);
  while (g_hash_table_iter_next (&iter, NULL, &active))
    n_active += GPOINTER_TO_INT (active) ? 1 : 0;
  return rounds_for (section, drawn, n_active);
}

/* Whether @last_round has every result (@games: the section's, or that round's). */
static gboolean
round_complete (GPtrArray  *games,
                int         last_round,
                GError    **error)
{
  g_autoptr(GString) boards = g_string_new (NULL);
  guint missing = 0;

  for (guint i = 0; i < games->len; i++)
    {
      const QwGame *g = g_ptr_array_index (games, i);

      if (g->round == last_round && g->result == QW_RESULT_NONE)
        {
          if (missing++ < 10)
            g_string_append_printf (boards, "%s%d", boards->len > 0 ? ", " : "", g->board);
        }
    }
  if (missing == 0)
    return TRUE;
  if (missing == 1)
    g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT, _("Round %d is not finished: board %s has no result"),
                 last_round, boards->str);
  else
    g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT,
                 _("Round %d is not finished: %u boards have no result (%s%s)"), last_round, missing,
                 boards->str, missing > 10 ? "…" : "");
  return FALSE;
}

static gboolean
check_round_complete (State   *s,
                      GError **error)
{
  return round_complete (s->games, s->last_round, error);
}

static void
number_boards (GPtrArray *games)
{
  for (guint i = 0; i < games->len; i++)
    ((QwGame *) g_ptr_array_index (games, i))->board = (int) i + 1;
}

static gboolean
pair_by_system (State      *s,
                History    *hist,
                int         round,
                GPtrArray  *games,
                GPtrArray  *notes,
                GError    **error)
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

static gboolean
store_round (QwDocument  *doc,
             QwSection   *section,
             int          round,
             GPtrArray   *games,
             GError     **error)
{
  g_autofree char *label = g_strdup_printf (_("Pairing of round %d"), round);

  if (!qw_document_begin_step (doc, label, error))
    return FALSE;
  if (!store_section (doc, section, error))
    {
      qw_document_rollback (doc);
      return FALSE;
    }
  for (guint i = 0; i < games->len; i++)
    ((QwGame *) g_ptr_array_index (games, i))->section_id = section->id;
  if ((round == 1 && !qw_document_update_section (doc, section, error))
      || !qw_document_add_games (doc, games, error))
    {
      qw_document_rollback (doc);
      return FALSE;
    }
  if (!qw_document_commit (doc, error))
    return FALSE;
  qw_document_emit_changed (doc, "games");
  return TRUE;
}

static int
pair_round (QwDocument  *doc,
            QwSection   *section,
            GPtrArray   *entries,
            GPtrArray  **paired,
            GPtrArray  **notes,
            GError     **error)
{
  g_auto(State) s = { .entries = entries != NULL ? g_ptr_array_ref (entries) : NULL };
  g_autoptr(GPtrArray) games = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_game_free);
  g_autoptr(GPtrArray) left_out = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(QwSection) updated = qw_section_copy (section);
  History *hist;
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
  if (!state_load (&s, doc, updated, error) || !check_round_complete (&s, error))
    return 0;
  round = s.last_round + 1;
  hist = histories_compute (&s, round);
  if (round == 1)
    fix_draw (&s, updated, hist);
  total = total_rounds (&s);
  if (round > total)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT,
                   section->system == QW_SYSTEM_SWISS
                   ? _("All %d planned rounds of group %s have been paired; raise the number of rounds "
                       "to pair more")
                   : _("All %d rounds of group %s have been paired"), total, section->code);
      histories_free (hist, s.entries->len);
      return 0;
    }
  ok = pair_by_system (&s, hist, round, games, left_out, error);
  histories_free (hist, s.entries->len);
  if (!ok)
    return 0;
  number_boards (games);
  if (!store_round (doc, updated, round, games, error))
    return 0;
  section->id = updated->id;
  if (round == 1)
    {
      qw_section_settings_clear (&section->settings);
      qw_section_settings_copy (&section->settings, &updated->settings);
    }
  if (notes != NULL)
    *notes = g_steal_pointer (&left_out);
  if (paired != NULL)
    *paired = g_steal_pointer (&games);
  return round;
}

/* Before the gate asks about anyone: the last round has every result, and a
 * round is left to pair. */
static gboolean
next_round_pairable (QwDocument       *doc,
                     const QwSection  *section,
                     int              *round,
                     GError          **error)
{
  g_autoptr(GPtrArray) games = NULL;
  int last = section->id != 0 ? qw_document_last_round (doc, section->id) : 0;
  int total;

  *round = last + 1;
  if (last > 0)
    {
      if ((games = qw_document_list_round_games (doc, section->id, last, error)) == NULL
          || !round_complete (games, last, error))
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
pair_gated_locked (QwDocument  *doc,
                   QwSection   *section,
                   QwPairGate   gate,
                   GPtrArray   *entries,
                   GPtrArray  **games,
                   GPtrArray  **gate_items,
                   GPtrArray  **notes,
                   GError     **error)
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
  if (gate_items != NULL)
    *gate_items = g_ptr_array_ref (items);
  if (blocked == 0)
    {
      g_autoptr(GPtrArray) group = entries != NULL ? g_ptr_array_ref (entries)
                                                   : take_section_entries (event_entries, section);

      return pair_round (doc, section, group, games, notes, error);
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
  label = g_strdup_printf (_("Pairing of round %d"), round);
  if (!qw_document_begin_step (doc, label, error))
    return 0;
  if (!store_section (doc, stored, error)
      || !qw_pair_gate_resolve (doc, stored, items, gate, round, error))
    {
      qw_document_rollback (doc);
      return 0;
    }
  section->id = stored->id;
  round = pair_round (doc, section, NULL, games, notes, error);
  if (round == 0)
    {
      qw_document_rollback (doc);
      return 0;
    }
  if (!qw_document_commit (doc, error))
    return 0;
  qw_document_emit_changed (doc, "entries");
  return round;
}

/* The state of the group is read in the transaction that writes the
 * round: two programs pairing at once cannot pair the same round twice;
 * the second waits for the first (BEGIN IMMEDIATE) and pairs the next one,
 * or is told that every planned round has been paired. */
static int
pair_gated (QwDocument  *doc,
            QwSection   *section,
            QwPairGate   gate,
            GPtrArray   *entries,
            GPtrArray  **games,
            GPtrArray  **gate_items,
            GPtrArray  **notes,
            GError     **error)
{
  int round;

  if (!qw_document_begin (doc, error))
    return 0;
  round = pair_gated_locked (doc, section, gate, entries, games, gate_items, notes, error);
  if (round == 0)
    {
      qw_document_rollback (doc);
      return 0;
    }
  return qw_document_commit (doc, error) ? round : 0;
}

int
qw_tournament_pair_next (QwDocument  *doc,
                         QwSection   *section,
                         GPtrArray  **notes,
                         GError     **error)
{
  return pair_gated (doc, section, QW_PAIR_GATE_CHECK, NULL, NULL, NULL, notes, error);
}

/**
 * qw_tournament_pair_next_gated:
 * @gate: what to do with the group's entries that have a blocking problem
 *   (qw-pair-gate.h)
 *
 * Pairs the next round as qw_tournament_pair_next() does, after the entries
 * gate: with entries blocked, %QW_PAIR_GATE_CHECK refuses (QW_ERROR_BLOCKED,
 * the message lists them) and writes nothing; the other two answer for
 * every blocked entry, logged, in the pairing's step.
 */
int
qw_tournament_pair_next_gated (QwDocument  *doc,
                               QwSection   *section,
                               QwPairGate   gate,
                               GPtrArray  **notes,
                               GError     **error)
{
  return pair_gated (doc, section, gate, NULL, NULL, NULL, notes, error);
}

/**
 * qw_tournament_pair_next_with:
 * @gate: as for qw_tournament_pair_next_gated()
 * @entries: (element-type QwEntry): the section's entries as
 *   qw_document_list_section_entries() reads them now, when the caller holds
 *   them already (the CLI has read them to print the pairings): they are not
 *   read a second time, nor changed. When the gate has changed some of them
 *   (@gate_items has blocked items and @gate is not %QW_PAIR_GATE_CHECK),
 *   the caller reads them again.
 * @games: (out) (element-type QwGame): the round's games as stored, by board
 * @gate_items: (out) (optional) (element-type QwGateItem): the gate's list
 *   (qw_pair_gate_list()) as it was before the pairing, also when it refused
 *
 * qw_tournament_pair_next_gated() with the entries at hand, giving the games
 * it stored (which the caller need not read back) and what the gate found.
 */
int
qw_tournament_pair_next_with (QwDocument  *doc,
                              QwSection   *section,
                              QwPairGate   gate,
                              GPtrArray   *entries,
                              GPtrArray  **games,
                              GPtrArray  **gate_items,
                              GPtrArray  **notes,
                              GError     **error)
{
  g_return_val_if_fail (entries != NULL && games != NULL, 0);
  return pair_gated (doc, section, gate, entries, games, gate_items, notes, error);
}

/* A forfeit the pairing recorded itself, because the player had withdrawn. */
static gboolean
automatic_result (State        *s,
                  const QwGame *g)
{
  int red = withdrawn_before (s, g->red), black = g->black != 0 ? withdrawn_before (s, g->black) : 0;
  gboolean red_absent = (red > 0 && red <= g->round) || absence_in (s, g->red, g->round) != NULL;
  gboolean black_absent = (black > 0 && black <= g->round)
                          || (g->black != 0 && absence_in (s, g->black, g->round) != NULL);

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
rejoin_admitted (State   *s,
                 GError **error)
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

static gboolean
unpair_last_locked (QwDocument  *doc,
                    QwSection   *section,
                    gboolean     force,
                    GError     **error);

/* Read and written in one transaction, as a pairing is. */
gboolean
qw_tournament_unpair_last (QwDocument  *doc,
                           QwSection   *section,
                           gboolean     force,
                           GError     **error)
{
  if (!qw_document_begin (doc, error))
    return FALSE;
  if (!unpair_last_locked (doc, section, force, error))
    {
      qw_document_rollback (doc);
      return FALSE;
    }
  return qw_document_commit (doc, error);
}

static gboolean
unpair_last_locked (QwDocument  *doc,
                    QwSection   *section,
                    gboolean     force,
                    GError     **error)
{
  g_auto(State) s = { 0 };
  g_autoptr(GString) boards = g_string_new (NULL);
  g_autoptr(QwSection) updated = qw_section_copy (section);
  g_autofree char *message = NULL;
  g_autofree char *label = NULL;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);

  if (!state_load (&s, doc, section, error))
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
  message = boards->len > 0
            ? g_strdup_printf (_("Round %d unpaired, discarding the results of boards %s"), s.last_round, boards->str)
            : g_strdup_printf (_("Round %d unpaired"), s.last_round);
  label = g_strdup_printf (_("Unpairing of round %d"), s.last_round);
  if (!qw_document_begin_step (doc, label, error))
    return FALSE;
  if (s.last_round == 1)
    {
      g_free (updated->settings.draw);
      updated->settings.draw = g_strdup ("");
    }
  if (!qw_document_delete_round (doc, section->id, s.last_round, error)
      || (s.last_round == 1 && !qw_document_update_section (doc, updated, error))
      || !qw_document_log_round (doc, section->id, s.last_round, message, error)
      || !rejoin_admitted (&s, error))
    {
      qw_document_rollback (doc);
      return FALSE;
    }
  if (!qw_document_commit (doc, error))
    return FALSE;
  if (s.last_round == 1)
    {
      qw_section_settings_clear (&section->settings);
      qw_section_settings_copy (&section->settings, &updated->settings);
    }
  qw_document_emit_changed (doc, "games");
  return TRUE;
}

/* Results */

static gboolean
check_input (const QwSection      *section,
             const QwResultInput  *input,
             GError              **error)
{
  switch (input->result)
    {
    case QW_RESULT_RED_WIN:
    case QW_RESULT_DRAW:
    case QW_RESULT_BLACK_WIN:
    case QW_RESULT_RED_BY_FORFEIT:
    case QW_RESULT_BLACK_BY_FORFEIT:
    case QW_RESULT_DOUBLE_FORFEIT:
      break;
    case QW_RESULT_NONE:
    case QW_RESULT_BYE:
    default:
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                   _("A result is one of 2:0, 1:1, 0:2, +:-, -:+ or -:-"));
      return FALSE;
    }
  if (input->red_fouls < 0 || input->black_fouls < 0 || input->red_fouls > 99 || input->black_fouls > 99)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("A foul count is a number from 0 to 99"));
      return FALSE;
    }
  if ((input->playoff != QW_PLAYOFF_NONE || input->armageddon)
      && (section->system != QW_SYSTEM_KNOCKOUT || input->result != QW_RESULT_DRAW))
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                   _("A play-off is recorded only for a drawn knockout game"));
      return FALSE;
    }
  /* The group's setting says whether its play-offs may be armageddons. */
  if (input->armageddon && !section->settings.armageddon)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                   _("Group %s does not play armageddon play-offs (its armageddon setting is off): record who "
                     "won the play-off"), section->name != NULL && *section->name != '\0' ? section->name
                                                                                       : section->code);
      return FALSE;
    }
  if (input->playoff == QW_PLAYOFF_DRAW && !input->armageddon)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                   _("A drawn play-off decides the tie only in an armageddon (a draw is a black win)"));
      return FALSE;
    }
  return TRUE;
}

static char *
describe_result (const QwGame *g)
{
  const char *code = qw_result_to_code (g->result);

  return g_strdup (*code != '\0' ? code : _("no result"));
}

/* The game of @board with @input applied, checked against the rules, and
 * the round log's line when it changes a round that later rounds were
 * paired from (@last: the last round paired). @stored: the round's games
 * by board, when they have been read already. */
static QwGame *
apply_result (QwDocument           *doc,
              const QwSection      *section,
              int                   round,
              int                   board,
              const QwResultInput  *input,
              int                   last,
              GHashTable           *stored,
              char                **message,
              GError              **error)
{
  g_autoptr(QwGame) game = NULL;
  g_autoptr(QwGame) before = NULL;

  *message = NULL;
  if (!check_input (section, input, error))
    return NULL;
  if (stored != NULL && g_hash_table_contains (stored, GINT_TO_POINTER (board)))
    game = qw_game_copy (g_hash_table_lookup (stored, GINT_TO_POINTER (board)));
  else
    game = qw_document_get_game (doc, section->id, round, board, error);
  if (game == NULL)
    return NULL;
  if (game->black == 0)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT,
                   _("Board %d of round %d is a bye; it has no result to record"), board, round);
      return NULL;
    }
  before = qw_game_copy (game);
  game->result = input->result;
  game->red_fouls = input->red_fouls;
  game->black_fouls = input->black_fouls;
  game->playoff = input->playoff;
  game->armageddon = input->armageddon;
  if (round < last && section->system == QW_SYSTEM_KNOCKOUT
      && qw_knockout_winner (before) != qw_knockout_winner (game))
    {
      g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT,
                   _("Round %d was paired from this result; unpair it before changing who went through"), last);
      return NULL;
    }
  if (round < last && before->result != game->result)
    {
      g_autofree char *from = describe_result (before);

      *message = g_strdup_printf (_("Round %d, board %d: result changed from %s to %s after round %d was paired"),
                                  round, board, from, qw_result_to_code (game->result), last);
    }
  return g_steal_pointer (&game);
}

static gboolean
store_result (QwDocument        *doc,
              const QwSection   *section,
              const QwGame      *game,
              const char        *message,
              GError           **error)
{
  return qw_document_set_game_result (doc, game, error)
         && (message == NULL || qw_document_log_round (doc, section->id, game->round, message, error));
}

gboolean
qw_tournament_record_result (QwDocument           *doc,
                             const QwSection      *section,
                             int                   round,
                             int                   board,
                             const QwResultInput  *input,
                             GError              **error)
{
  QwBoardResult one = { board, *input };

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);
  g_return_val_if_fail (input != NULL, FALSE);

  return qw_tournament_record_results (doc, section, round, &one, 1, error);
}

/**
 * qw_tournament_record_results:
 * @results: (array length=n_results): boards of @round and their results
 *
 * Records several results of one round as one action, each checked as
 * qw_tournament_record_result() checks it: all are stored, or none.
 */
gboolean
qw_tournament_record_results (QwDocument           *doc,
                              const QwSection      *section,
                              int                   round,
                              const QwBoardResult  *results,
                              guint                 n_results,
                              GError              **error)
{
  g_autoptr(GHashTable) by_board = NULL;
  g_autoptr(GPtrArray) changed = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_game_free);
  g_autoptr(GPtrArray) messages = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *label = NULL;
  int last;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);
  g_return_val_if_fail (results != NULL || n_results == 0, FALSE);

  label = n_results == 1 ? g_strdup_printf (_("Result of round %d, board %d"), round, results[0].board)
                         : g_strdup_printf (_("Results of round %d"), round);
  /* The games are read in the step that writes them: another program
   * cannot re-pair the round between the reading and the writing. */
  if (!qw_document_begin_step (doc, label, error))
    return FALSE;
  last = qw_document_last_round (doc, section->id);
  /* Many results: the round's games are read once, not a query each. */
  if (n_results > 1)
    {
      g_autoptr(GPtrArray) games = qw_document_list_round_games (doc, section->id, round, error);

      if (games == NULL)
        goto fail;
      by_board = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) qw_game_free);
      g_ptr_array_set_free_func (games, NULL);
      for (guint i = 0; i < games->len; i++)
        {
          QwGame *g = g_ptr_array_index (games, i);

          g_hash_table_insert (by_board, GINT_TO_POINTER (g->board), g);
        }
    }
  /* Every result is checked before anything is written. */
  for (guint i = 0; i < n_results; i++)
    {
      char *message = NULL;
      QwGame *game = apply_result (doc, section, round, results[i].board, &results[i].input, last, by_board,
                                   &message, error);

      if (game == NULL)
        goto fail;
      g_ptr_array_add (changed, game);
      g_ptr_array_add (messages, message);
      /* The same board again in the batch sees this result as its before. */
      if (by_board != NULL)
        g_hash_table_replace (by_board, GINT_TO_POINTER (game->board), qw_game_copy (game));
    }
  for (guint i = 0; i < changed->len; i++)
    if (!store_result (doc, section, g_ptr_array_index (changed, i), g_ptr_array_index (messages, i), error))
      goto fail;
  if (!qw_document_commit (doc, error))
    return FALSE;
  qw_document_emit_changed (doc, "games");
  return TRUE;

fail:
  qw_document_rollback (doc);
  return FALSE;
}

/* The game @shown, as a view last read it, is still the game at its round
 * and board, as it was read. If not, the view is behind the document:
 * another window or program re-paired the round, changed its players or
 * entered a result meanwhile, and nothing may be written from it. A game's
 * identity is its id with its players (an id freed by an unpairing may be
 * given to a new game). In the transaction open. */
static gboolean
check_shown (QwDocument       *doc,
             const QwSection  *section,
             const QwGame     *shown,
             GError          **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autoptr(QwGame) now = qw_document_get_game (doc, section->id, shown->round, shown->board, &local_error);

  if (now == NULL && !g_error_matches (local_error, QW_ERROR, QW_ERROR_NOT_FOUND))
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  if (now == NULL || now->id != shown->id || now->section_id != shown->section_id || now->red != shown->red
      || now->black != shown->black)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_STALE,
                   _("Round %d, board %d is no longer the game shown: the round was changed in another window "
                     "or program. Nothing was recorded; the round now shows what is stored."),
                   shown->round, shown->board);
      return FALSE;
    }
  if (now->result != shown->result || now->red_fouls != shown->red_fouls || now->black_fouls != shown->black_fouls
      || now->playoff != shown->playoff || now->armageddon != shown->armageddon)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_STALE,
                   _("The result of round %d, board %d was changed in another window or program after it was "
                     "shown. Nothing was recorded; the board now shows what is stored."),
                   shown->round, shown->board);
      return FALSE;
    }
  return TRUE;
}

/**
 * qw_tournament_record_game_result:
 * @shown: the game as the caller read it (a view's board)
 *
 * Records @input for the game @shown, never for whichever game is at its
 * round and board now: when that game is gone or no longer as @shown
 * (%QW_ERROR_STALE), nothing is written.
 */
gboolean
qw_tournament_record_game_result (QwDocument           *doc,
                                  const QwSection      *section,
                                  const QwGame         *shown,
                                  const QwResultInput  *input,
                                  GError              **error)
{
  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);
  g_return_val_if_fail (shown != NULL && input != NULL, FALSE);

  if (!qw_document_begin (doc, error))
    return FALSE;
  if (!check_shown (doc, section, shown, error)
      || !qw_tournament_record_result (doc, section, shown->round, shown->board, input, error))
    {
      qw_document_rollback (doc);
      return FALSE;
    }
  return qw_document_commit (doc, error);
}

/**
 * qw_tournament_undo_game_result:
 * @shown: the game as the caller read it
 *
 * Clears the result of the game @shown, as
 * qw_tournament_record_game_result() records one.
 */
gboolean
qw_tournament_undo_game_result (QwDocument       *doc,
                                const QwSection  *section,
                                const QwGame     *shown,
                                GError          **error)
{
  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);
  g_return_val_if_fail (shown != NULL, FALSE);

  if (!qw_document_begin (doc, error))
    return FALSE;
  if (!check_shown (doc, section, shown, error)
      || !qw_tournament_undo_result (doc, section, shown->round, shown->board, error))
    {
      qw_document_rollback (doc);
      return FALSE;
    }
  return qw_document_commit (doc, error);
}

gboolean
qw_tournament_undo_result (QwDocument       *doc,
                           const QwSection  *section,
                           int               round,
                           int               board,
                           GError          **error)
{
  g_autoptr(QwGame) game = NULL;
  g_autofree char *label = NULL;
  int last;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);

  /* Read in the step that writes (see qw_tournament_record_results()). */
  label = g_strdup_printf (_("Clearing the result of round %d, board %d"), round, board);
  if (!qw_document_begin_step (doc, label, error))
    return FALSE;
  game = qw_document_get_game (doc, section->id, round, board, error);
  if (game == NULL)
    goto fail;
  if (game->black == 0 || game->result == QW_RESULT_NONE)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT,
                   game->black == 0 ? _("Board %d of round %d is a bye; it has no result to undo")
                                    : _("Board %d of round %d has no result to undo"), board, round);
      goto fail;
    }
  last = qw_document_last_round (doc, section->id);
  if (round < last)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT,
                   _("Round %d has been paired since; unpair it first, or record the corrected result"), last);
      goto fail;
    }
  game->result = QW_RESULT_NONE;
  game->red_fouls = game->black_fouls = 0;
  game->playoff = QW_PLAYOFF_NONE;
  game->armageddon = FALSE;
  if (!qw_document_set_game_result (doc, game, error))
    goto fail;
  if (!qw_document_commit (doc, error))
    return FALSE;
  qw_document_emit_changed (doc, "games");
  return TRUE;

fail:
  qw_document_rollback (doc);
  return FALSE;
}

/* Withdrawals */

static gboolean
set_withdrawn (QwDocument       *doc,
               const QwSection  *section,
               gint64            entry_id,
               gboolean          withdraw,
               GError          **error)
{
  g_autoptr(QwEntry) e = qw_document_get_entry (doc, entry_id, NULL);
  g_autoptr(QwSection) stored = qw_section_copy (section);
  g_autofree char *who = NULL;
  g_autofree char *message = NULL;
  g_autofree char *label = NULL;
  int before, last;

  /* One entry and the last round: a withdrawal needs no other state. */
  if (e == NULL || e->event_id != section->event_id || g_strcmp0 (e->group_code, section->code) != 0)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_NOT_FOUND, _("The player is not in group %s"), section->code);
      return FALSE;
    }
  who = entry_label (e);
  if (e->status == QW_STATUS_EXCLUDED)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT, _("%s is excluded (不具备参赛资格)"), who);
      return FALSE;
    }
  if (withdraw == (e->status == QW_STATUS_WITHDRAWN))
    {
      g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT,
                   withdraw ? _("%s has already withdrawn") : _("%s has not withdrawn"), who);
      return FALSE;
    }
  last = section->id != 0 ? qw_document_last_round (doc, section->id) : 0;
  before = withdraw ? last + 1 : 0;
  message = withdraw
            ? g_strdup_printf (_("%s withdrew (退赛) and is not paired from round %d"), who, before)
            : g_strdup_printf (_("%s is back and is paired again from round %d"), who, last + 1);
  label = withdraw ? g_strdup_printf (_("Withdrawal of %s"), e->name)
                   : g_strdup_printf (_("Reinstatement of %s"), e->name);
  if (!qw_document_begin_step (doc, label, error))
    return FALSE;
  if (!store_section (doc, stored, error)
      || !qw_document_set_withdrawn (doc, entry_id, before, error)
      || !qw_document_log_round (doc, stored->id, last + 1, message, error))
    {
      qw_document_rollback (doc);
      return FALSE;
    }
  if (!qw_document_commit (doc, error))
    return FALSE;
  qw_document_emit_changed (doc, "entries");
  return TRUE;
}

/* The entry is read in the transaction that writes it. */
static gboolean
set_withdrawn_locked (QwDocument       *doc,
                      const QwSection  *section,
                      gint64            entry_id,
                      gboolean          withdraw,
                      GError          **error)
{
  if (!qw_document_begin (doc, error))
    return FALSE;
  if (!set_withdrawn (doc, section, entry_id, withdraw, error))
    {
      qw_document_rollback (doc);
      return FALSE;
    }
  return qw_document_commit (doc, error);
}

gboolean
qw_tournament_withdraw (QwDocument       *doc,
                        const QwSection  *section,
                        gint64            entry_id,
                        GError          **error)
{
  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);
  return set_withdrawn_locked (doc, section, entry_id, TRUE, error);
}

gboolean
qw_tournament_reinstate (QwDocument       *doc,
                         const QwSection  *section,
                         gint64            entry_id,
                         GError          **error)
{
  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);
  return set_withdrawn_locked (doc, section, entry_id, FALSE, error);
}

/* Checking a round against the rules */

static void
check_colour (State      *s,
              History    *h,
              gint64      id,
              signed char colour,
              int         board,
              GPtrArray  *out)
{
  int max_run = s->ruleset->max_same_colour_run > 0 ? s->ruleset->max_same_colour_run : 2;
  int max_diff = s->ruleset->max_colour_difference > 0 ? s->ruleset->max_colour_difference : 2;
  int run = h->run_colour == colour ? h->run_length + 1 : 1;
  int diff = (h->reds - h->blacks) + colour;
  g_autofree char *who = player_label (s, id);

  if (run > max_run)
    g_ptr_array_add (out, g_strdup_printf (colour > 0 ? _("Board %d: %s would play red %d times in a row")
                                                      : _("Board %d: %s would play black %d times in a row"),
                                           board, who, run));
  if (ABS (diff) > max_diff)
    g_ptr_array_add (out, g_strdup_printf (diff > 0 ? _("Board %d: %s would have %d more reds than blacks")
                                                    : _("Board %d: %s would have %d more blacks than reds"),
                                           board, who, ABS (diff)));
}

static gboolean
have_met (History *h,
          int      other)
{
  for (guint i = 0; i < h->opponents->len; i++)
    if (g_array_index (h->opponents, int, i) == other)
      return TRUE;
  return FALSE;
}

static void
check_pair (State        *s,
            History      *hist,
            const QwGame *g,
            GPtrArray    *out)
{
  int r = state_find (s, g->red), b = state_find (s, g->black);
  QwEntry *red, *black;
  g_autofree char *rw = NULL, *bw = NULL;

  if (r < 0 || b < 0)
    return;
  red = g_ptr_array_index (s->entries, r);
  black = g_ptr_array_index (s->entries, b);
  rw = player_label (s, red->id);
  bw = player_label (s, black->id);
  if (have_met (&hist[r], b))
    g_ptr_array_add (out, g_strdup_printf (_("Board %d: %s and %s have already met"), g->board, rw, bw));
  if (s->section->system != QW_SYSTEM_SWISS)
    return;
  check_colour (s, &hist[r], red->id, +1, g->board, out);
  check_colour (s, &hist[b], black->id, -1, g->board, out);
  if (unit_avoid_applies (s->section, g->round) && red->unit != NULL && *red->unit != '\0'
      && g_strcmp0 (red->unit, black->unit) == 0)
    g_ptr_array_add (out, g_strdup_printf (_("Board %d: %s and %s are from the same unit (%s)"),
                                           g->board, rw, bw, red->unit));
}

static void
check_bye (State        *s,
           History      *hist,
           const QwGame *g,
           const int    *seen,
           GPtrArray    *out)
{
  int r = state_find (s, g->red);
  g_autofree char *who = NULL;

  if (r < 0 || s->section->system != QW_SYSTEM_SWISS)
    return;
  who = player_label (s, g->red);
  if (hist[r].had_bye)
    g_ptr_array_add (out, g_strdup_printf (_("%s has a second bye"), who));
  /* §2.3: the bye goes to the lowest-scored player who has not had one. */
  for (guint i = 0; i < s->entries->len; i++)
    if (seen[i] > 0 && (int) i != r && !hist[i].had_bye && hist[i].score < hist[r].score - 1e-9)
      {
        g_autofree char *other = player_label (s, ((QwEntry *) g_ptr_array_index (s->entries, i))->id);

        g_ptr_array_add (out, g_strdup_printf (_("The bye should go to %s, who has a lower score and no "
                                                 "bye yet, not to %s"), other, who));
        break;
      }
}

static void
check_presence (State     *s,
                History   *hist,
                int        round,
                const int *seen,
                GPtrArray *out)
{
  for (guint i = 0; i < s->entries->len; i++)
    {
      QwEntry *e = g_ptr_array_index (s->entries, i);
      g_autofree char *who = player_label (s, e->id);
      gboolean out_of_play = excluded (s, hist, (int) i, round);
      const QwAbsence *absence = absence_in (s, e->id, round);
      gboolean absent = absence != NULL;

      if (seen[i] > 1)
        g_ptr_array_add (out, g_strdup_printf (_("%s is paired %d times in round %d"), who, seen[i], round));
      if (seen[i] > 0 && out_of_play)
        g_ptr_array_add (out, g_strdup_printf (_("%s is paired in round %d but is out of play"), who, round));
      if (seen[i] > 0 && absent && s->section->system == QW_SYSTEM_SWISS)
        g_ptr_array_add (out, absence->kind == QW_ABSENCE_LATE
                              ? g_strdup_printf (_("%s is paired in round %d, a round it missed as a late entry"),
                                                 who, round)
                              : g_strdup_printf (_("%s is paired in round %d but is absent (请假)"), who, round));
      if (seen[i] == 0 && !out_of_play && !absent && s->section->system == QW_SYSTEM_SWISS)
        g_ptr_array_add (out, g_strdup_printf (_("%s is not paired in round %d"), who, round));
    }
}

static GPtrArray *
check_loaded_round (State *s,
                    int    round)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);
  History *hist = histories_compute (s, round);
  g_autofree int *seen = g_new0 (int, MAX (s->entries->len, 1));

  for (guint i = 0; i < s->games->len; i++)
    {
      const QwGame *g = g_ptr_array_index (s->games, i);
      int r = state_find (s, g->red), b = state_find (s, g->black);

      if (g->round != round)
        continue;
      if (r >= 0)
        seen[r]++;
      if (b >= 0)
        seen[b]++;
    }
  check_presence (s, hist, round, seen, out);
  for (guint i = 0; i < s->games->len; i++)
    {
      const QwGame *g = g_ptr_array_index (s->games, i);

      if (g->round != round)
        continue;
      if (g->black != 0)
        check_pair (s, hist, g, out);
      else
        check_bye (s, hist, g, seen, out);
    }
  histories_free (hist, s->entries->len);
  return out;
}

GPtrArray *
qw_tournament_check_round (QwDocument       *doc,
                           const QwSection  *section,
                           int               round,
                           GError          **error)
{
  g_auto(State) s = { 0 };

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), NULL);

  if (!state_load (&s, doc, section, error))
    return NULL;
  return check_loaded_round (&s, round);
}

/* Manual changes */

static QwGame *
game_of (State  *s,
         int     round,
         gint64  player)
{
  for (guint i = 0; i < s->games->len; i++)
    {
      QwGame *g = g_ptr_array_index (s->games, i);

      if (g->round == round && (g->red == player || (g->black != 0 && g->black == player)))
        return g;
    }
  return NULL;
}

static void
mark_manual (QwGame *g)
{
  g_autofree char *old = g->explain;

  g->manual = TRUE;
  if (old == NULL || strstr (old, _("Changed by the arbiter")) == NULL)
    g->explain = g_strdup_printf ("%s%s%s", old != NULL ? old : "", old != NULL && *old != '\0' ? "\n" : "",
                                  _("Changed by the arbiter"));
  else
    g->explain = g_steal_pointer (&old);
}

static void
replace_player (QwGame *g,
                gint64  from,
                gint64  to)
{
  if (g->red == from)
    g->red = to;
  else if (g->black == from)
    g->black = to;
  mark_manual (g);
}

static gboolean
changeable (const QwGame  *g,
            GError       **error)
{
  if (g == NULL || g->result == QW_RESULT_NONE || g->result == QW_RESULT_BYE)
    return TRUE;
  g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT,
               _("Board %d of round %d has a result; undo it before changing the pairing"), g->board, g->round);
  return FALSE;
}

/* Exchanges @a and @b in @round in memory. */
static gboolean
swap_in_round (State   *s,
               int      round,
               gint64   a,
               gint64   b,
               GError **error)
{
  QwGame *ga = game_of (s, round, a), *gb = game_of (s, round, b);

  if (a == b)
    return TRUE;
  if (state_entry (s, a) == NULL || state_entry (s, b) == NULL)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_NOT_FOUND, _("Both players must be in group %s"), s->section->code);
      return FALSE;
    }
  if (ga == NULL && gb == NULL)
    {
      g_autofree char *wa = player_label (s, a), *wb = player_label (s, b);

      g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT, _("Neither %s nor %s is paired in round %d"), wa, wb, round);
      return FALSE;
    }
  if (!changeable (ga, error) || !changeable (gb, error))
    return FALSE;
  if (ga == gb)
    {
      gint64 red = ga->red;

      ga->red = ga->black;
      ga->black = red;
      mark_manual (ga);
      return TRUE;
    }
  if (ga != NULL)
    replace_player (ga, a, b);
  if (gb != NULL)
    replace_player (gb, b, a);
  return TRUE;
}

static gboolean
check_last_round (State   *s,
                  int      round,
                  GError **error)
{
  if (round >= 1 && round == s->last_round)
    return TRUE;
  g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT,
               s->last_round == 0 ? _("No round has been paired yet")
                                  : _("Only the last round paired (round %d) can be changed"), s->last_round);
  return FALSE;
}

/* Writes the manually changed games of @round, logs the change with the
 * warnings it causes, and returns them. */
static GPtrArray *
store_manual_change (State       *s,
                     int          round,
                     const char  *label,
                     const char  *what,
                     GError     **error)
{
  g_autoptr(GPtrArray) warnings = check_loaded_round (s, round);
  g_autoptr(GString) message = g_string_new (what);

  for (guint i = 0; i < warnings->len; i++)
    g_string_append_printf (message, "\n%s %s", _("Warning:"), (char *) g_ptr_array_index (warnings, i));
  if (!qw_document_begin_step (s->doc, label, error))
    return NULL;
  for (guint i = 0; i < s->games->len; i++)
    {
      QwGame *g = g_ptr_array_index (s->games, i);

      if (g->round == round && g->manual && !qw_document_update_game (s->doc, g, error))
        goto fail;
    }
  if (!qw_document_log_round (s->doc, s->section->id, round, message->str, error))
    goto fail;
  if (!qw_document_commit (s->doc, error))
    return NULL;
  qw_document_emit_changed (s->doc, "games");
  return g_steal_pointer (&warnings);

fail:
  qw_document_rollback (s->doc);
  return NULL;
}

/* A manual change reads the round in the transaction that writes it: two
 * programs changing one round at once cannot write over each other's
 * change from what each read before it. Ends the transaction opened
 * around @warnings' change. */
static GPtrArray *
end_manual_change (QwDocument  *doc,
                   GPtrArray   *warnings,
                   GError     **error)
{
  if (warnings == NULL)
    {
      qw_document_rollback (doc);
      return NULL;
    }
  if (!qw_document_commit (doc, error))
    {
      g_ptr_array_unref (warnings);
      return NULL;
    }
  return warnings;
}

static GPtrArray *swap_players_locked (QwDocument       *doc,
                                       const QwSection  *section,
                                       int               round,
                                       gint64            a,
                                       gint64            b,
                                       GError          **error);

GPtrArray *
qw_tournament_swap_players (QwDocument       *doc,
                            const QwSection  *section,
                            int               round,
                            gint64            a,
                            gint64            b,
                            GError          **error)
{
  g_return_val_if_fail (QW_IS_DOCUMENT (doc), NULL);

  if (!qw_document_begin (doc, error))
    return NULL;
  return end_manual_change (doc, swap_players_locked (doc, section, round, a, b, error), error);
}

static GPtrArray *
swap_players_locked (QwDocument       *doc,
                     const QwSection  *section,
                     int               round,
                     gint64            a,
                     gint64            b,
                     GError          **error)
{
  g_auto(State) s = { 0 };
  g_autofree char *wa = NULL, *wb = NULL, *what = NULL, *label = NULL;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), NULL);

  if (!state_load (&s, doc, section, error) || !check_last_round (&s, round, error))
    return NULL;
  if (a == b)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("Give two different players to swap"));
      return NULL;
    }
  if (!swap_in_round (&s, round, a, b, error))
    return NULL;
  wa = player_label (&s, a);
  wb = player_label (&s, b);
  what = g_strdup_printf (_("Round %d: the arbiter swapped %s and %s"), round, wa, wb);
  label = g_strdup_printf (_("Swap of %s and %s in round %d"), state_entry (&s, a)->name,
                           state_entry (&s, b)->name, round);
  return store_manual_change (&s, round, label, what, error);
}

static GPtrArray *repair_board_locked (QwDocument       *doc,
                                       const QwSection  *section,
                                       int               round,
                                       int               board,
                                       gint64            red,
                                       gint64            black,
                                       GError          **error);

GPtrArray *
qw_tournament_repair_board (QwDocument       *doc,
                            const QwSection  *section,
                            int               round,
                            int               board,
                            gint64            red,
                            gint64            black,
                            GError          **error)
{
  g_return_val_if_fail (QW_IS_DOCUMENT (doc), NULL);

  if (!qw_document_begin (doc, error))
    return NULL;
  return end_manual_change (doc, repair_board_locked (doc, section, round, board, red, black, error), error);
}

static GPtrArray *
repair_board_locked (QwDocument       *doc,
                     const QwSection  *section,
                     int               round,
                     int               board,
                     gint64            red,
                     gint64            black,
                     GError          **error)
{
  g_auto(State) s = { 0 };
  g_autofree char *wr = NULL, *wb = NULL, *what = NULL, *label = NULL;
  QwGame *g = NULL;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), NULL);

  if (!state_load (&s, doc, section, error) || !check_last_round (&s, round, error))
    return NULL;
  for (guint i = 0; i < s.games->len && g == NULL; i++)
    {
      QwGame *candidate = g_ptr_array_index (s.games, i);

      if (candidate->round == round && candidate->board == board)
        g = candidate;
    }
  if (g == NULL)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_NOT_FOUND, _("Round %d has no board %d"), round, board);
      return NULL;
    }
  if (red == black || red == 0 || (black == 0) != (g->black == 0))
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                   g->black == 0 ? _("Board %d is a bye: give the one player who takes it")
                                 : _("Give two different players for board %d"), board);
      return NULL;
    }
  /* Two exchanges: red into the red place, then black into the black place. */
  if (!swap_in_round (&s, round, g->red, red, error)
      || (black != 0 && !swap_in_round (&s, round, g->black, black, error)))
    return NULL;
  wr = player_label (&s, red);
  wb = black != 0 ? player_label (&s, black) : g_strdup (_("the bye"));
  what = g_strdup_printf (_("Round %d: the arbiter re-paired board %d as %s v %s"), round, board, wr, wb);
  label = g_strdup_printf (_("Re-pairing of round %d, board %d"), round, board);
  return store_manual_change (&s, round, label, what, error);
}

/* The starting-rank list */

/**
 * qw_tournament_seeding:
 *
 * The starting-rank list of @section: once round 1 is paired, the draw it
 * fixed; before, the order round 1 would use now, from the same
 * computation. Players whose place is left to the lottery are marked
 * by_lot; until the lots are drawn (qw_tournament_draw_lots(), or round 1)
 * they are listed by 序号 and the list is not final (drawn is FALSE).
 * Reading never writes.
 *
 * Returns: (transfer full): the list, or %NULL with @error
 */
QwSeeding *
qw_tournament_seeding (QwDocument       *doc,
                       const QwSection  *section,
                       GError          **error)
{
  g_auto(State) s = { 0 };
  g_autoptr(QwSeeding) seeding = NULL;
  g_autoptr(GArray) order = NULL;
  const QwSectionSettings *set = &section->settings;
  gboolean any_lot = FALSE;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), NULL);

  if (!state_load (&s, doc, section, error))
    return NULL;
  seeding = qw_seeding_new (set->seeding, set->lottery_seed);
  if (s.last_round > 0)
    {
      /* The draw as fixed; players placed after it are not in it. */
      g_autoptr(GArray) all = draw_order (&s);

      order = g_array_new (FALSE, FALSE, sizeof (int));
      g_array_append_vals (order, all->data, (guint) MIN ((int) all->len, draw_size (&s)));
      seeding->fixed = TRUE;
    }
  else
    {
      History *hist = histories_compute (&s, 1);

      order = starting_order (&s, hist, set->lottery_seed != 0);
      histories_free (hist, s.entries->len);
    }
  for (guint k = 0; k < order->len; k++)
    {
      const QwEntry *e = g_ptr_array_index (s.entries, g_array_index (order, int, k));
      gboolean by_lot = seeded_by_lot (&s, e);

      any_lot |= by_lot;
      qw_seeding_append (seeding, e, by_lot);
    }
  seeding->drawn = seeding->fixed || set->lottery_seed != 0 || !any_lot;
  return g_steal_pointer (&seeding);
}

/**
 * qw_tournament_draw_lots:
 * @section: its lottery seed is set
 *
 * Draws the lots (抽签) before round 1: a lottery seed, stored and logged as
 * one step ("Drawing lots for group …"), so that the starting-rank list
 * shown from now on is the one round 1 uses. A section that has a seed
 * already keeps it, and nothing is written.
 *
 * Returns: the lottery seed, or 0 with @error (round 1 is paired: the draw
 *   is fixed)
 */
guint64
qw_tournament_draw_lots (QwDocument  *doc,
                         QwSection   *section,
                         GError     **error)
{
  g_autoptr(QwSection) updated = NULL;
  g_autofree char *label = NULL, *message = NULL, *seed_text = NULL;
  const char *name;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), 0);

  name = section->name != NULL && *section->name != '\0' ? section->name : section->code;
  if (section->id != 0 && qw_document_last_round (doc, section->id) > 0)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT,
                   _("The draw of group %s was fixed when round 1 was paired"), name);
      return 0;
    }
  if (section->settings.lottery_seed != 0)
    return section->settings.lottery_seed;
  updated = qw_section_copy (section);
  updated->settings.lottery_seed = new_lottery_seed ();
  seed_text = g_strdup_printf ("%" G_GUINT64_FORMAT, updated->settings.lottery_seed);
  label = g_strdup_printf (_("Drawing lots for group %s"), name);
  message = g_strdup_printf (_("Lots drawn (抽签) for the starting ranks: lottery seed %s"), seed_text);
  if (!qw_document_begin_step (doc, label, error))
    return 0;
  if (!store_section (doc, updated, error) || !qw_document_update_section (doc, updated, error)
      || !qw_document_log_round (doc, updated->id, 1, message, error))
    {
      qw_document_rollback (doc);
      return 0;
    }
  if (!qw_document_commit (doc, error))
    return 0;
  section->id = updated->id;
  section->settings.lottery_seed = updated->settings.lottery_seed;
  qw_document_emit_changed (doc, "sections");
  return section->settings.lottery_seed;
}

/* A Swiss too small for its rounds */

/**
 * qw_tournament_field_warning:
 *
 * qw_section_field_warning() for the players who can play in @section now
 * (placed in its group and not withdrawn).
 *
 * Returns: (nullable): a translated warning suggesting a round robin
 */
char *
qw_tournament_field_warning (QwDocument      *doc,
                             const QwSection *section)
{
  g_autoptr(GHashTable) placed = NULL;
  GHashTableIter iter;
  gpointer active;
  int n = 0;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), NULL);

  if (section->system != QW_SYSTEM_SWISS)
    return NULL;
  placed = qw_document_list_section_entry_ids (doc, section, NULL);
  if (placed == NULL)
    return NULL;
  g_hash_table_iter_init (&iter, placed);
  while (g_hash_table_iter_next (&iter, NULL, &active))
    n += GPOINTER_TO_INT (active) ? 1 : 0;
  return qw_section_field_warning (section, n);
}

/* Absence (请假) */

/**
 * qw_tournament_list_absences:
 *
 * Returns: (element-type QwAbsence): the section's absent rounds, by round
 */
GPtrArray *
qw_tournament_list_absences (QwDocument       *doc,
                             const QwSection  *section,
                             GError          **error)
{
  g_return_val_if_fail (QW_IS_DOCUMENT (doc), NULL);

  if (section->id == 0)
    return g_ptr_array_new_with_free_func (g_free);
  return qw_document_list_absences (doc, section->id, error);
}

static gboolean
absence_target (QwDocument       *doc,
                const QwSection  *section,
                gint64            entry_id,
                QwEntry         **entry,
                int              *round,
                GError          **error)
{
  g_autoptr(QwEntry) e = qw_document_get_entry (doc, entry_id, NULL);
  int total;

  if (e == NULL || e->event_id != section->event_id || g_strcmp0 (e->group_code, section->code) != 0)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_NOT_FOUND, _("The player is not in group %s"), section->code);
      return FALSE;
    }
  *round = (section->id != 0 ? qw_document_last_round (doc, section->id) : 0) + 1;
  total = qw_tournament_total_rounds (doc, section);
  if (total > 0 && *round > total)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT, _("All %d rounds of group %s have been paired"), total,
                   section->code);
      return FALSE;
    }
  *entry = g_steal_pointer (&e);
  return TRUE;
}

static gboolean
store_absence (QwDocument       *doc,
               const QwSection  *section,
               const QwEntry    *e,
               int               round,
               gboolean          absent,
               GError          **error)
{
  g_autoptr(QwSection) stored = qw_section_copy (section);
  g_autofree char *who = entry_label (e);
  g_autofree char *label = NULL, *message = NULL;
  QwAbsence absence = { e->id, round, QW_ABSENCE_LEAVE, 0 };

  label = absent ? g_strdup_printf (_("Absence of %s in round %d"), e->name, round)
                 : g_strdup_printf (_("Return of %s in round %d"), e->name, round);
  message = absent ? g_strdup_printf (_("%s is absent (请假) in round %d: not paired, no points"), who, round)
                   : g_strdup_printf (_("%s is no longer absent and is paired in round %d"), who, round);
  if (!qw_document_begin_step (doc, label, error))
    return FALSE;
  if (!store_section (doc, stored, error)
      || !(absent ? qw_document_set_absence (doc, stored->id, &absence, error)
                  : qw_document_delete_absence (doc, stored->id, e->id, round, error))
      || !qw_document_log_round (doc, stored->id, round, message, error))
    {
      qw_document_rollback (doc);
      return FALSE;
    }
  if (!qw_document_commit (doc, error))
    return FALSE;
  qw_document_emit_changed (doc, "games");
  return TRUE;
}

/**
 * qw_tournament_set_absent:
 *
 * 请假: the player is not paired in the next round, that round only, and
 * scores nothing for it. Not a withdrawal (the player is paired again
 * afterwards) and not a forfeit (the consecutive-forfeit limit does not
 * count it). One step of the history ("Absence of 王伟 in round 4"), logged
 * in the round log. Only a Swiss can leave a player out of a round: a round
 * robin or knockout has a fixed schedule, where a missed game is a forfeit.
 *
 * Returns: the round the player is absent from, or 0 with @error
 */
int
qw_tournament_set_absent (QwDocument       *doc,
                          const QwSection  *section,
                          gint64            entry_id,
                          GError          **error)
{
  g_autoptr(QwEntry) e = NULL;
  g_autoptr(GPtrArray) absences = NULL;
  g_autofree char *who = NULL;
  int round;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), 0);

  if (!absence_target (doc, section, entry_id, &e, &round, error))
    return 0;
  who = entry_label (e);
  if (section->system != QW_SYSTEM_SWISS)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT,
                   _("Group %s plays a fixed schedule (%s): a player who misses a round loses that game by "
                     "forfeit; record it as +:- or -:+"), section->code, qw_system_label (section->system));
      return 0;
    }
  if (e->status != QW_STATUS_ACTIVE)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT,
                   e->status == QW_STATUS_WITHDRAWN ? _("%s has withdrawn (退赛) and is not paired anyway")
                   : e->status == QW_STATUS_EXCLUDED ? _("%s is excluded (不具备参赛资格) and is not paired anyway")
                   : _("%s is a late entry waiting to be admitted and is not paired anyway"), who);
      return 0;
    }
  if ((absences = qw_tournament_list_absences (doc, section, error)) == NULL)
    return 0;
  for (guint i = 0; i < absences->len; i++)
    {
      const QwAbsence *a = g_ptr_array_index (absences, i);

      if (a->entry_id == entry_id && a->round == round)
        {
          g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT, _("%s is already absent in round %d"), who, round);
          return 0;
        }
    }
  if (!store_absence (doc, section, e, round, TRUE, error))
    return 0;
  return round;
}

/**
 * qw_tournament_cancel_absence:
 *
 * Takes back the player's absence from the next round, as one step.
 */
gboolean
qw_tournament_cancel_absence (QwDocument       *doc,
                              const QwSection  *section,
                              gint64            entry_id,
                              GError          **error)
{
  g_autoptr(QwEntry) e = NULL;
  g_autoptr(GPtrArray) absences = NULL;
  int round;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);

  if (!absence_target (doc, section, entry_id, &e, &round, error)
      || (absences = qw_tournament_list_absences (doc, section, error)) == NULL)
    return FALSE;
  for (guint i = 0; i < absences->len; i++)
    {
      const QwAbsence *a = g_ptr_array_index (absences, i);

      if (a->entry_id == entry_id && a->round == round && a->kind == QW_ABSENCE_LEAVE)
        return store_absence (doc, section, e, round, FALSE, error);
    }
  {
    g_autofree char *who = entry_label (e);

    g_set_error (error, QW_ERROR, QW_ERROR_NOT_FOUND, _("%s is not absent in round %d"), who, round);
  }
  return FALSE;
}

/* Rounds typed in */

static const QwGame *
game_of_list (GPtrArray *games,
              gint64     player)
{
  for (guint i = 0; i < games->len; i++)
    {
      const QwGame *g = g_ptr_array_index (games, i);

      if (g->red == player || (g->black != 0 && g->black == player))
        return g;
    }
  return NULL;
}

/* The games of @boards as round @round, byes on the last boards; checks
 * that they can be a round at all. */
static GPtrArray *
manual_games (State               *s,
              int                  round,
              const QwManualBoard *boards,
              guint                n_boards,
              GError             **error)
{
  g_autoptr(GPtrArray) games = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_game_free);
  g_autoptr(GPtrArray) byes = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_game_free);
  g_autoptr(GHashTable) seen = g_hash_table_new (g_int64_hash, g_int64_equal);

  if (n_boards == 0)
    {
      g_set_error_literal (error, QW_ERROR, QW_ERROR_INVALID, _("Give at least one board"));
      return NULL;
    }
  for (guint i = 0; i < n_boards; i++)
    {
      const QwManualBoard *b = &boards[i];
      gint64 players[2] = { b->red, b->black };

      if (b->red == b->black)
        {
          g_autofree char *who = player_label (s, b->red);

          g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("Board %u: %s cannot play himself"), i + 1, who);
          return NULL;
        }
      for (guint k = 0; k < 2; k++)
        {
          if (k == 1 && players[k] == 0)
            continue;
          if (state_entry (s, players[k]) == NULL)
            {
              g_set_error (error, QW_ERROR, QW_ERROR_NOT_FOUND, _("Board %u names a player who is not in group %s"),
                           i + 1, s->section->code);
              return NULL;
            }
          if (!g_hash_table_add (seen, (gpointer) (k == 0 ? &boards[i].red : &boards[i].black)))
            {
              g_autofree char *who = player_label (s, players[k]);

              g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("%s is on two boards of round %d"), who, round);
              return NULL;
            }
        }
      g_ptr_array_add (b->black == 0 ? byes : games,
                       new_game (s->section, round, b->red, b->black, g_strdup (_("Paired by hand"))));
    }
  g_ptr_array_extend_and_steal (games, g_steal_pointer (&byes));
  number_boards (games);
  for (guint i = 0; i < games->len; i++)
    ((QwGame *) g_ptr_array_index (games, i))->manual = TRUE;
  return g_steal_pointer (&games);
}

/* Every rule the round of @games breaks: the rules of play, as
 * qw_tournament_check_round() reads them, and the pairing gate for each
 * entry paired with a problem that blocks pairing. */
static GPtrArray *
manual_broken_rules (State     *s,
                     int        round,
                     GPtrArray *games,
                     GPtrArray *gate_items)
{
  GPtrArray *broken;
  guint n_byes = 0;

  for (guint i = 0; i < games->len; i++)
    g_ptr_array_add (s->games, qw_game_copy (g_ptr_array_index (games, i)));
  broken = check_loaded_round (s, round);
  g_ptr_array_set_size (s->games, s->games->len - games->len);
  for (guint i = 0; i < games->len; i++)
    n_byes += ((QwGame *) g_ptr_array_index (games, i))->black == 0;
  if (n_byes > 1)
    g_ptr_array_add (broken, g_strdup_printf (_("Round %d has %u byes; a round has one at most"), round, n_byes));
  for (guint i = 0; i < gate_items->len; i++)
    {
      QwGateItem *item = g_ptr_array_index (gate_items, i);
      g_autofree char *who = NULL, *why = NULL;

      if (item->blocking == 0 || game_of_list (games, item->entry->id) == NULL)
        continue;
      who = entry_label (item->entry);
      why = qw_problems_join (item->blocking, TRUE, "；");
      g_ptr_array_add (broken, g_strdup_printf (_("%s has a problem that keeps it out of pairing: %s"), who, why));
    }
  return broken;
}

/* The games of a round as the log writes them: "1–5, 2–6, 7 轮空". */
static char *
manual_summary (State     *s,
                GPtrArray *games)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < games->len; i++)
    {
      const QwGame *g = g_ptr_array_index (games, i);
      QwEntry *red = state_entry (s, g->red), *black = g->black != 0 ? state_entry (s, g->black) : NULL;

      if (i > 0)
        g_string_append (text, _(", "));
      if (black != NULL)
        g_string_append_printf (text, "%d–%d", red->no, black->no);
      else
        g_string_append_printf (text, _("%d bye"), red->no);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* Loads @section (the stored one when it was stored meanwhile) for the next round. */
static gboolean
manual_load (State       *s,
             QwDocument  *doc,
             QwSection   *updated,
             int         *round,
             GError     **error)
{
  if (updated->id == 0)
    {
      g_autoptr(QwSection) stored = qw_document_get_section (doc, updated->event_id, updated->code, NULL);

      if (stored != NULL)
        {
          updated->id = stored->id;
          qw_section_settings_clear (&updated->settings);
          qw_section_settings_copy (&updated->settings, &stored->settings);
          updated->system = stored->system;
          updated->rounds = stored->rounds;
        }
    }
  if (updated->system == QW_SYSTEM_KNOCKOUT)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                   _("A knockout’s rounds follow its bracket; they cannot be typed in"));
      return FALSE;
    }
  if (!state_load (s, doc, updated, error) || !check_round_complete (s, error))
    return FALSE;
  *round = s->last_round + 1;
  if (updated->system == QW_SYSTEM_SWISS && *round > total_rounds (s))
    {
      g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT,
                   _("All %d planned rounds of group %s have been paired; raise the number of rounds "
                     "to pair more"), total_rounds (s), updated->code);
      return FALSE;
    }
  return TRUE;
}

/**
 * qw_tournament_check_manual:
 * @boards: (array length=n_boards): red and black of each board, by entry
 *   id; black 0 for the bye
 *
 * What qw_tournament_pair_manual() would find, without writing: the rules
 * the boards as the next round would break (a rematch, the colours, the
 * bye, a player left out, out of play or absent, the pairing gate).
 *
 * Returns: (element-type utf8): one message per broken rule (empty when
 *   none), or %NULL with @error when the boards cannot be a round at all (a
 *   player on two boards or not in the group, the last round unfinished, a
 *   knockout)
 */
GPtrArray *
qw_tournament_check_manual (QwDocument          *doc,
                            const QwSection     *section,
                            const QwManualBoard *boards,
                            guint                n_boards,
                            GError             **error)
{
  g_auto(State) s = { 0 };
  g_autoptr(QwSection) updated = qw_section_copy (section);
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(GPtrArray) items = NULL;
  int round;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), NULL);

  if (!manual_load (&s, doc, updated, &round, error)
      || (games = manual_games (&s, round, boards, n_boards, error)) == NULL
      || (items = qw_pair_gate_list (doc, updated, error)) == NULL)
    return NULL;
  return manual_broken_rules (&s, round, games, items);
}

/**
 * qw_tournament_pair_manual:
 * @section: its id is set when it was not stored yet; round 1 fixes its draw
 * @boards: (array length=n_boards): as for qw_tournament_check_manual()
 * @force: record the round even when it breaks rules: entries paired with
 *   a blocking problem are then allowed (late entries admitted), as
 *   qw_tournament_pair_next_gated() does with %QW_PAIR_GATE_FORCE
 * @broken: (out) (optional) (element-type utf8): the rules the round breaks
 *
 * Records the next round exactly as given, in one step of the history
 * ("Round 3 paired by hand"), logged in the group's round log with every
 * rule it breaks. Without @force a round that breaks a rule is refused with
 * %QW_ERROR_BLOCKED, whose message lists them, and nothing is written.
 *
 * Returns: the round recorded, or 0 with @error
 */
int
qw_tournament_pair_manual (QwDocument          *doc,
                           QwSection           *section,
                           const QwManualBoard *boards,
                           guint                n_boards,
                           gboolean             force,
                           GPtrArray          **broken,
                           GError             **error)
{
  g_auto(State) s = { 0 };
  g_autoptr(QwSection) updated = qw_section_copy (section);
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(GPtrArray) items = NULL;
  g_autoptr(GPtrArray) rules = NULL;
  g_autoptr(GPtrArray) paired_blocked = g_ptr_array_new ();
  g_autoptr(GString) message = NULL;
  g_autofree char *summary = NULL, *label = NULL;
  int round;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), 0);

  if (!manual_load (&s, doc, updated, &round, error)
      || (games = manual_games (&s, round, boards, n_boards, error)) == NULL
      || (items = qw_pair_gate_list (doc, updated, error)) == NULL)
    return 0;
  rules = manual_broken_rules (&s, round, games, items);
  if (rules->len > 0 && !force)
    {
      g_autoptr(GString) list = g_string_new (NULL);

      for (guint i = 0; i < rules->len; i++)
        g_string_append_printf (list, "\n%s", (char *) g_ptr_array_index (rules, i));
      g_set_error (error, QW_ERROR, QW_ERROR_BLOCKED,
                   g_dngettext (GETTEXT_PACKAGE, "Round %d of group %s was not recorded: it breaks %u rule%s",
                                "Round %d of group %s was not recorded: it breaks %u rules%s", rules->len),
                   round, updated->code, rules->len, list->str);
      if (broken != NULL)
        *broken = g_steal_pointer (&rules);
      return 0;
    }
  for (guint i = 0; i < items->len; i++)
    {
      QwGateItem *item = g_ptr_array_index (items, i);

      if (item->blocking != 0 && game_of_list (games, item->entry->id) != NULL)
        g_ptr_array_add (paired_blocked, item);
    }
  summary = manual_summary (&s, games);
  message = g_string_new (NULL);
  g_string_printf (message, _("Round %d paired by hand: %s"), round, summary);
  for (guint i = 0; i < rules->len; i++)
    g_string_append_printf (message, "\n%s %s", _("Warning:"), (char *) g_ptr_array_index (rules, i));

  label = g_strdup_printf (_("Round %d paired by hand"), round);
  if (!qw_document_begin_step (doc, label, error))
    return 0;
  if (!store_section (doc, updated, error))
    goto fail;
  if (round == 1)
    {
      History *hist = histories_compute (&s, round);

      fix_draw (&s, updated, hist);
      histories_free (hist, s.entries->len);
      if (!qw_document_update_section (doc, updated, error))
        goto fail;
    }
  for (guint i = 0; i < games->len; i++)
    ((QwGame *) g_ptr_array_index (games, i))->section_id = updated->id;
  if ((paired_blocked->len > 0
       && !qw_pair_gate_resolve (doc, updated, paired_blocked, QW_PAIR_GATE_FORCE, round, error))
      || !qw_document_add_games (doc, games, error)
      || !qw_document_log_round (doc, updated->id, round, message->str, error))
    goto fail;
  if (!qw_document_commit (doc, error))
    return 0;
  qw_document_emit_changed (doc, "games");
  if (paired_blocked->len > 0)
    qw_document_emit_changed (doc, "entries");
  section->id = updated->id;
  if (round == 1)
    {
      qw_section_settings_clear (&section->settings);
      qw_section_settings_copy (&section->settings, &updated->settings);
    }
  if (broken != NULL)
    *broken = g_steal_pointer (&rules);
  return round;

fail:
  qw_document_rollback (doc);
  return 0;
}
