/* qw-play-state.c: what an action on a section reads of the document, and the helpers the actions share
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
#include "qw-tournament-private.h"

void
_qw_play_state_clear (QwPlayState *s)
{
  g_clear_pointer (&s->ruleset, qw_ruleset_unref);
  g_clear_pointer (&s->entries, g_ptr_array_unref);
  g_clear_pointer (&s->games, g_ptr_array_unref);
  g_clear_pointer (&s->withdrawn, g_hash_table_unref);
  g_clear_pointer (&s->absences, g_ptr_array_unref);
  g_clear_pointer (&s->index, g_hash_table_unref);
  g_clear_pointer (&s->dense, g_free);
}


/* Entry ids are mostly consecutive (a section's players registered
 * together): then a table indexed by id finds them, which every game of the
 * history asks twice; else a hash table. */
static void
state_index (QwPlayState *s)
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

gboolean
_qw_play_state_load (QwPlayState     *s,
                     QwDocument      *doc,
                     const QwSection *section,
                     GError         **error)
{
  g_autoptr(QwEvent) event = qw_document_get_event (doc, section->event_id, error);

  s->doc = doc;
  s->section = section;
  if (event == NULL || (s->ruleset = qw_ruleset_lookup (event->ruleset, error)) == NULL)
    return FALSE;
  qw_section_scores (s->ruleset, section, s->scores);
  /* Entries the caller has already read (a QwPairRequest's). */
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

int
_qw_play_state_find (QwPlayState *s,
                     gint64       entry_id)
{
  if (s->dense != NULL)
    return entry_id >= s->dense_base && entry_id - s->dense_base < s->dense_len
           ? s->dense[entry_id - s->dense_base] - 1 : -1;
  return GPOINTER_TO_INT (g_hash_table_lookup (s->index, &entry_id)) - 1;
}

QwEntry *
_qw_play_state_entry (QwPlayState *s,
                      gint64       entry_id)
{
  int i = _qw_play_state_find (s, entry_id);

  return i >= 0 ? g_ptr_array_index (s->entries, i) : NULL;
}

int
_qw_play_withdrawn_before (QwPlayState *s,
                           gint64       entry_id)
{
  gpointer value = g_hash_table_lookup (s->withdrawn, &entry_id);

  return value != NULL ? GPOINTER_TO_INT (value) : 0;
}

/* The entry's absence from @round, or NULL. */
const QwAbsence *
_qw_play_absence_in (QwPlayState *s,
                     gint64       entry_id,
                     int          round)
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
char *
_qw_play_entry_label (const QwEntry *e)
{
  if (e == NULL)
    return g_strdup (_("an unknown player"));
  return g_strdup_printf (_("No. %d %s"), e->no, e->name);
}

/* The same, for a log: a message rendered in the reader's language (qw-message.h). */
char *
_qw_play_entry_message (const QwEntry *e)
{
  g_autofree char *no = NULL;

  if (e == NULL)
    return qw_message (N_("an unknown player"), NULL);
  no = g_strdup_printf ("%d", e->no);
  return qw_message (N_("No. %d %s"), no, e->name, NULL);
}

char *
_qw_play_player_label (QwPlayState *s,
                       gint64       entry_id)
{
  return _qw_play_entry_label (_qw_play_state_entry (s, entry_id));
}

char *
_qw_play_player_message (QwPlayState *s,
                         gint64       entry_id)
{
  return _qw_play_entry_message (_qw_play_state_entry (s, entry_id));
}

/* Histories */

void
_qw_play_histories_free (QwPlayHistory *h,
                         guint          n)
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
push_colour (QwPlayHistory *h,
             signed char    colour)
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
track_forfeits (QwPlayHistory   *h,
                const QwSection *section,
                gboolean         forfeited)
{
  h->forfeit_run = forfeited ? h->forfeit_run + 1 : 0;
  if (section->settings.forfeit_limit > 0 && h->forfeit_run >= section->settings.forfeit_limit)
    h->forfeit_out = TRUE;
}

static void
history_add_game (QwPlayState   *s,
                  QwPlayHistory *hist,
                  const QwGame  *g)
{
  int r = _qw_play_state_find (s, g->red), b = _qw_play_state_find (s, g->black);
  double rp, bp;

  if (r < 0)
    return;
  rp = qw_scoring_points (s->scores, qw_result_outcome (g->result, TRUE), TRUE);
  bp = qw_scoring_points (s->scores, qw_result_outcome (g->result, FALSE), FALSE);
  hist[r].score += rp;
  hist[r].had_bye = hist[r].had_bye || g->result == QW_RESULT_BYE;
  /* A forfeit recorded for an absence (a fixed schedule) is no forfeit for
   * the limit: the run of forfeits neither grows nor ends. */
  if (_qw_play_absence_in (s, g->red, g->round) == NULL)
    track_forfeits (&hist[r], s->section, qw_result_forfeited_by (g->result, TRUE));
  if (b < 0)
    return;
  hist[b].score += bp;
  if (_qw_play_absence_in (s, g->black, g->round) == NULL)
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
set_floats (QwPlayState   *s,
            QwPlayHistory *hist,
            int            last)
{
  for (guint i = 0; i < s->games->len; i++)
    {
      const QwGame *g = g_ptr_array_index (s->games, i);
      int r = _qw_play_state_find (s, g->red), b = _qw_play_state_find (s, g->black);
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
QwPlayHistory *
_qw_play_histories_compute (QwPlayState *s,
                            int          round)
{
  QwPlayHistory *hist = g_new0 (QwPlayHistory, MAX (s->entries->len, 1));
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
      int k = _qw_play_state_find (s, a->entry_id);

      if (k < 0 || a->round >= round)
        continue;
      hist[k].score += a->points;
      if (snapped && a->round < round - 1)
        hist[k].score_before_last += a->points;
    }
  set_floats (s, hist, round - 1);
  return hist;
}

gboolean
_qw_play_excluded (QwPlayState   *s,
                   QwPlayHistory *hist,
                   int            index,
                   int            round)
{
  QwEntry *e = g_ptr_array_index (s->entries, index);
  int before = _qw_play_withdrawn_before (s, e->id);

  return (before > 0 && before <= round) || hist[index].forfeit_out || e->status == QW_STATUS_LATE;
}

char *
_qw_play_exclusion_reason (QwPlayState   *s,
                           QwPlayHistory *hist,
                           int            index,
                           int            round)
{
  QwEntry *e = g_ptr_array_index (s->entries, index);
  g_autofree char *who = _qw_play_player_label (s, e->id);
  int before = _qw_play_withdrawn_before (s, e->id);

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
shuffle (int    *items,
         guint   n,
         guint64 seed,
         guint32 salt)
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
  QwPlayState    *state;
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
gboolean
_qw_play_seeded_by_lot (QwPlayState   *s,
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
seed_order (QwPlayState *s,
            int         *items,
            guint        n,
            gboolean     draw)
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
GArray *
_qw_play_draw_order (QwPlayState *s)
{
  g_auto(GStrv) ids = g_strsplit (s->section->settings.draw != NULL ? s->section->settings.draw : "", ",", -1);
  g_autofree gboolean *in = g_new0 (gboolean, MAX (s->entries->len, 1));
  GArray *order = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint i = 0; ids[i] != NULL; i++)
    {
      int k = _qw_play_state_find (s, g_ascii_strtoll (ids[i], NULL, 10));

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
GArray *
_qw_play_starting_order (QwPlayState   *s,
                         QwPlayHistory *hist,
                         gboolean       draw)
{
  GArray *items = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint i = 0; i < s->entries->len; i++)
    if (!_qw_play_excluded (s, hist, (int) i, 1))
      g_array_append_val (items, i);
  seed_order (s, (int *) items->data, items->len, draw);
  return items;
}

/* A new lottery seed: never 0 (no lottery drawn), and below 2^53 so that
 * every JSON reader keeps it exact. */
guint64
_qw_play_new_lottery_seed (void)
{
  guint64 seed = 0;

  while (seed == 0)
    seed = (((guint64) g_random_int () << 32) | g_random_int ()) & ((G_GUINT64_CONSTANT (1) << 53) - 1);
  return seed;
}

/* Round 1 fixes the draw: the players then active, in seeding order. */
void
_qw_play_fix_draw (QwPlayState   *s,
                   QwSection     *section,
                   QwPlayHistory *hist)
{
  g_autoptr(GArray) items = NULL;
  g_autoptr(GString) text = g_string_new (NULL);

  if (section->settings.lottery_seed == 0)
    section->settings.lottery_seed = _qw_play_new_lottery_seed ();
  items = _qw_play_starting_order (s, hist, TRUE);
  for (guint i = 0; i < items->len; i++)
    {
      QwEntry *e = g_ptr_array_index (s->entries, g_array_index (items, int, i));

      g_string_append_printf (text, "%s%" G_GINT64_FORMAT, i > 0 ? "," : "", e->id);
    }
  g_free (section->settings.draw);
  section->settings.draw = g_string_free (g_steal_pointer (&text), FALSE);
}

/* Building a round's games */

QwGame *
_qw_play_new_game (const QwSection *section,
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

gboolean
_qw_play_unit_avoid_applies (const QwSection *section,
                             int              round)
{
  const char *mode = section->settings.unit_avoid;

  return g_strcmp0 (mode, "always") == 0 || (g_strcmp0 (mode, "first-round") == 0 && round == 1);
}

int
_qw_play_draw_size (QwPlayState *s)
{
  g_auto(GStrv) ids = g_strsplit (s->section->settings.draw != NULL ? s->section->settings.draw : "", ",", -1);
  int n = 0;

  for (guint i = 0; ids[i] != NULL; i++)
    if (_qw_play_state_find (s, g_ascii_strtoll (ids[i], NULL, 10)) >= 0)
      n++;
  return n;
}

/* Inside an action's step: a section looked up but not stored yet is
 * stored (or found, when another window stored it meanwhile). */
gboolean
_qw_play_store_section (QwDocument *doc,
                        QwSection  *section,
                        GError    **error)
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

/* Whether @last_round has every result (@games: the section's, or that round's). */
gboolean
_qw_play_round_complete (GPtrArray *games,
                         int        last_round,
                         GError   **error)
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

gboolean
_qw_play_check_round_complete (QwPlayState *s,
                               GError     **error)
{
  return _qw_play_round_complete (s->games, s->last_round, error);
}

void
_qw_play_number_boards (GPtrArray *games)
{
  for (guint i = 0; i < games->len; i++)
    ((QwGame *) g_ptr_array_index (games, i))->board = (int) i + 1;
}
