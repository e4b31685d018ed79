/* qw-standings.c: standings with the Chinese tie-breaks (《象棋竞赛规则》第14条)
 *
 * Points first (in a knockout, the stage reached comes before them), then the
 * section's chain of tie-breaks, applied in turn to each group of players
 * still tied. Places are shared only when every criterion ties.
 *
 * Conventions, where the rules leave room (xiangqi-rules.md §2.3, §4):
 *   - a bye counts as a win (胜局) and, for 对手分, as an opponent with the
 *     lowest score among the players who have scored;
 *   - a forfeit (弃权) scores per the ruleset; the forfeit winner has a win,
 *     and the opponent still counts for 对手分 and 小分. Forfeited games are
 *     not games played, so they are not 后走局数 or 后走胜局;
 *   - 小分: the points of the opponents beaten plus half those of the
 *     opponents drawn;
 *   - 直胜 compares the points the tied players scored against each other,
 *     only when every two of them have met; it is applied again inside any
 *     smaller group it leaves tied;
 *   - "earlier" compares the running totals after round n−1, n−2, …, 1;
 *     "progressive_cut" compares 累进分 without round 1, then without rounds
 *     1–2, …;
 *   - in a round robin, a player who withdrew having met fewer than half of
 *     the field has every result cancelled (2007 rules 第20条);
 *   - an absent round (QwAbsence: a 请假, or a round a late entry missed
 *     before it was admitted) counts the points it credits (0 for a 请假,
 *     what the arbiter gave for a missed round): no opponent, no colour,
 *     no win;
 *   - excluded entries (不具备参赛资格) and late entries not admitted have
 *     no place (rank 0): they are listed after every ranked player.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-standings"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "qw-entry.h"
#include "qw-knockout.h"
#include "qw-standings.h"
#include "qw-tiebreak.h"
#include "qw-game.h"

void
qw_standing_row_free (QwStandingRow *row)
{
  if (row == NULL)
    return;
  g_free (row->name);
  g_free (row->unit);
  g_clear_pointer (&row->rounds, g_array_unref);
  g_free (row);
}

/* Working state */

typedef struct
{
  QwStandingRow *row;
  int            stage;       /* knockout: 2 × last round reached, + 1 for winning it */
  int            lost_in;     /* knockout: the round the player lost in (0: not out) */
  double        *totals;      /* running total after round r, r = 1 … n (index r − 1) */
  gboolean       cancelled;   /* round robin: withdrew early, results cancelled */
} Player;

typedef struct
{
  const QwRuleset *ruleset;
  const QwSection *section;
  int              n_rounds;
  Player          *players;
  guint            n_players;
  GHashTable      *by_id;     /* entry id → Player */
  GPtrArray       *games;     /* counted games (element-type QwGame, not owned) */
  double           bye_value; /* 对手分 of a bye */
  double           scores[QW_N_SCORES]; /* the section's (qw_section_scores()) */
} Table;

#define EPSILON 1e-9

static void
table_points (const Table *t,
              QwResult     result,
              double      *red,
              double      *black)
{
  *red = qw_scoring_points (t->scores, qw_result_outcome (result, TRUE), TRUE);
  *black = qw_scoring_points (t->scores, qw_result_outcome (result, FALSE), FALSE);
}

static Player *
lookup (Table  *t,
        gint64  id)
{
  return id != 0 ? g_hash_table_lookup (t->by_id, &id) : NULL;
}

static gboolean
won (const QwGame *g,
     gboolean      red)
{
  switch (g->result)
    {
    case QW_RESULT_RED_WIN:
    case QW_RESULT_RED_BY_FORFEIT:
    case QW_RESULT_BYE:
      return red;
    case QW_RESULT_BLACK_WIN:
    case QW_RESULT_BLACK_BY_FORFEIT:
      return !red;
    case QW_RESULT_NONE:
    case QW_RESULT_DRAW:
    case QW_RESULT_DOUBLE_FORFEIT:
    default:
      return FALSE;
    }
}

/* In a round robin, a player who withdrew having played fewer than half of
 * the field has every result cancelled. */
static void
mark_cancelled (Table     *t,
                GPtrArray *games)
{
  guint field = t->n_players;

  if (t->section->system != QW_SYSTEM_ROUND_ROBIN)
    return;
  for (guint i = 0; i < t->n_players; i++)
    {
      Player *p = &t->players[i];
      guint played = 0;

      if (!p->row->withdrawn)
        continue;
      for (guint k = 0; k < games->len; k++)
        {
          const QwGame *g = g_ptr_array_index (games, k);

          if (qw_result_is_played (g->result) && (g->red == p->row->entry_id || g->black == p->row->entry_id))
            played++;
        }
      p->cancelled = field > 1 && played * 2 < field - 1;
    }
}

static void
collect_games (Table     *t,
               GPtrArray *games,
               int        up_to_round)
{
  int last = 0, started = 0;
  /* A damaged document may hold a game of round 0, or of round two billion:
   * no group plays more rounds than this (the results file's rule too), and
   * such games are not counted rather than sizing every row by them. */
  int most = MAX (MAX (t->section->rounds, 99), 2 * (int) MIN (t->n_players, 100000));

  /* A round just paired, with nothing but its bye recorded, does not count
   * yet: the standings are those after the last round with results. */
  for (guint i = 0; i < games->len; i++)
    {
      const QwGame *g = g_ptr_array_index (games, i);

      if (g->round < 1 || g->round > most)
        continue;
      last = MAX (last, g->round);
      if (g->result != QW_RESULT_NONE && g->result != QW_RESULT_BYE)
        started = MAX (started, g->round);
    }
  t->n_rounds = up_to_round > 0 ? MIN (up_to_round, last) : started;
  mark_cancelled (t, games);
  t->games = g_ptr_array_new ();
  for (guint i = 0; i < games->len; i++)
    {
      QwGame *g = g_ptr_array_index (games, i);
      Player *red = lookup (t, g->red), *black = lookup (t, g->black);

      if (g->round < 1 || g->round > t->n_rounds || red == NULL || (g->black != 0 && black == NULL))
        continue;
      if (red->cancelled || (black != NULL && black->cancelled))
        continue;
      g_ptr_array_add (t->games, g);
    }
}

static void
add_cell (Table        *t,
          Player       *p,
          const QwGame *g,
          gboolean      red,
          double        points)
{
  Player *opp = red ? lookup (t, g->black) : lookup (t, g->red);
  QwRoundCell *cell = &g_array_index (p->row->rounds, QwRoundCell, g->round - 1);

  cell->round = g->round;
  cell->opponent = opp != NULL ? opp->row->entry_id : 0;
  cell->opponent_no = opp != NULL ? opp->row->no : 0;
  cell->colour = g->result == QW_RESULT_BYE ? 0 : (red ? 'R' : 'B');
  cell->result = g->result;
  cell->points = points;
  cell->playoff = g->playoff;
  cell->armageddon = g->armageddon;
}

/* Points, round cells, wins, colours and fouls: everything that needs only
 * the player's own games. */
static void
count_own (Table *t)
{
  for (guint i = 0; i < t->games->len; i++)
    {
      const QwGame *g = g_ptr_array_index (t->games, i);
      Player *red = lookup (t, g->red), *black = lookup (t, g->black);
      double rp, bp;

      table_points (t, g->result, &rp, &bp);
      add_cell (t, red, g, TRUE, rp);
      red->row->tiebreaks[QW_TB_FOULS] += g->red_fouls;
      red->row->tiebreaks[QW_TB_WINS] += won (g, TRUE) ? 1 : 0;
      if (black == NULL)
        continue;
      add_cell (t, black, g, FALSE, bp);
      black->row->tiebreaks[QW_TB_FOULS] += g->black_fouls;
      black->row->tiebreaks[QW_TB_WINS] += won (g, FALSE) ? 1 : 0;
      if (qw_result_is_played (g->result))
        {
          black->row->tiebreaks[QW_TB_BLACK_GAMES] += 1;
          black->row->tiebreaks[QW_TB_BLACK_WINS] += g->result == QW_RESULT_BLACK_WIN ? 1 : 0;
        }
    }
}

static void
count_totals (Table *t)
{
  int n = t->n_rounds;

  for (guint i = 0; i < t->n_players; i++)
    {
      Player *p = &t->players[i];
      double running = 0, progressive = 0, cut = 0;

      for (int r = 1; r <= n; r++)
        {
          double s = g_array_index (p->row->rounds, QwRoundCell, r - 1).points;

          running += s;
          p->totals[r - 1] = running;
          progressive += running;
          /* Without round 1: every later round's points, weighted as in 累进分. */
          if (r > 1)
            cut += s * (n - r + 1);
        }
      p->row->points = running;
      p->row->tiebreaks[QW_TB_PROGRESSIVE] = progressive;
      p->row->tiebreaks[QW_TB_PROGRESSIVE_CUT] = cut;
      p->row->tiebreaks[QW_TB_EARLIER_ROUNDS] = n > 1 ? p->totals[n - 2] : 0;
    }
}

/* §4: the bye's opponent counts as the lowest score among players who scored. */
static double
lowest_scored (Table *t)
{
  double lowest = 0;
  gboolean any = FALSE;

  for (guint i = 0; i < t->n_players; i++)
    {
      double pts = t->players[i].row->points;

      if (pts > EPSILON && (!any || pts < lowest))
        {
          lowest = pts;
          any = TRUE;
        }
    }
  return lowest;
}

static void
count_opponents (Table *t)
{
  t->bye_value = lowest_scored (t);
  for (guint i = 0; i < t->games->len; i++)
    {
      const QwGame *g = g_ptr_array_index (t->games, i);
      Player *red = lookup (t, g->red), *black = lookup (t, g->black);

      if (black == NULL)
        {
          if (g->result == QW_RESULT_BYE)
            red->row->tiebreaks[QW_TB_OPPONENTS] += t->bye_value;
          continue;
        }
      red->row->tiebreaks[QW_TB_OPPONENTS] += black->row->points;
      black->row->tiebreaks[QW_TB_OPPONENTS] += red->row->points;
      if (won (g, TRUE))
        red->row->tiebreaks[QW_TB_SONNEBORN] += black->row->points;
      else if (won (g, FALSE))
        black->row->tiebreaks[QW_TB_SONNEBORN] += red->row->points;
      else if (g->result == QW_RESULT_DRAW)
        {
          red->row->tiebreaks[QW_TB_SONNEBORN] += black->row->points / 2;
          black->row->tiebreaks[QW_TB_SONNEBORN] += red->row->points / 2;
        }
    }
}

/* Knockout stage: how far the player got. A game between players already
 * out (the third-place game, 三四名决赛, in the final round) ranks its winner
 * just above its loser: stage 2 × (round − 1) + 1. */
static void
count_stages (Table *t)
{
  for (guint i = 0; i < t->games->len; i++)
    {
      const QwGame *g = g_ptr_array_index (t->games, i);
      QwKnockoutWinner w = qw_knockout_winner (g);
      Player *red = lookup (t, g->red), *black = lookup (t, g->black);

      if (black == NULL || w == QW_KNOCKOUT_UNDECIDED)
        continue;
      if (w == QW_KNOCKOUT_BLACK || w == QW_KNOCKOUT_NOBODY)
        red->lost_in = red->lost_in == 0 ? g->round : MIN (red->lost_in, g->round);
      if (w == QW_KNOCKOUT_RED || w == QW_KNOCKOUT_NOBODY)
        black->lost_in = black->lost_in == 0 ? g->round : MIN (black->lost_in, g->round);
    }
  for (guint i = 0; i < t->games->len; i++)
    {
      const QwGame *g = g_ptr_array_index (t->games, i);
      QwKnockoutWinner w = qw_knockout_winner (g);
      Player *red = lookup (t, g->red), *black = lookup (t, g->black);

      if (black != NULL && ((red->lost_in > 0 && red->lost_in < g->round)
                            || (black->lost_in > 0 && black->lost_in < g->round)))
        {
          Player *winner = w == QW_KNOCKOUT_RED ? red : w == QW_KNOCKOUT_BLACK ? black : NULL;

          if (winner != NULL)
            winner->stage = MAX (winner->stage, 2 * (g->round - 1) + 1);
          continue;
        }
      red->stage = MAX (red->stage, 2 * g->round + (w == QW_KNOCKOUT_RED ? 1 : 0));
      if (black != NULL)
        black->stage = MAX (black->stage, 2 * g->round + (w == QW_KNOCKOUT_BLACK ? 1 : 0));
    }
}

/* The knockout's semi-final round: its last round (from the players of
 * round 1, byes included) less one; 0 when it has none. */
static int
semi_final_round (Table *t)
{
  int n = 0;

  for (guint i = 0; i < t->games->len; i++)
    {
      const QwGame *g = g_ptr_array_index (t->games, i);

      if (g->round == 1)
        n += g->black != 0 ? 2 : 1;
    }
  return qw_knockout_rounds (n) - 1;
}

/* Without a third-place game the semi-finals' losers share place 3 (并列
 * 第三): nothing they played decides between them, and points or 后走局数
 * must not (issue 19). */
static gboolean
share_third (Table  *t,
             Player *a,
             Player *b)
{
  int semi;

  if (t->section->system != QW_SYSTEM_KNOCKOUT || t->section->settings.third_place)
    return FALSE;
  semi = semi_final_round (t);
  return semi >= 1 && a->lost_in == semi && b->lost_in == semi && a->stage == b->stage;
}

/* Ranking */

static int
cmp_double (double a,
            double b)
{
  if (a > b + EPSILON)
    return 1;
  if (a < b - EPSILON)
    return -1;
  return 0;
}

/* Positive when @a ranks above @b on @tb. */
static int
compare_on (Table      *t,
            QwTiebreak  tb,
            Player     *a,
            Player     *b)
{
  switch (tb)
    {
    case QW_TB_FOULS:
      return cmp_double (b->row->tiebreaks[tb], a->row->tiebreaks[tb]);
    case QW_TB_EARLIER_ROUNDS:
      for (int r = t->n_rounds - 1; r >= 1; r--)
        {
          int c = cmp_double (a->totals[r - 1], b->totals[r - 1]);

          if (c != 0)
            return c;
        }
      return 0;
    case QW_TB_PROGRESSIVE_CUT:
      {
        double ca = a->row->tiebreaks[QW_TB_PROGRESSIVE], cb = b->row->tiebreaks[QW_TB_PROGRESSIVE];

        /* Drop round 1, then 2, …: each drop removes that round's points
         * from every running total that included them. */
        for (int r = 1; r < t->n_rounds; r++)
          {
            int weight = t->n_rounds - r + 1;
            int c;

            ca -= g_array_index (a->row->rounds, QwRoundCell, r - 1).points * weight;
            cb -= g_array_index (b->row->rounds, QwRoundCell, r - 1).points * weight;
            c = cmp_double (ca, cb);
            if (c != 0)
              return c;
          }
        return 0;
      }
    case QW_TB_OPPONENTS:
    case QW_TB_PROGRESSIVE:
    case QW_TB_WINS:
    case QW_TB_BLACK_GAMES:
    case QW_TB_BLACK_WINS:
    case QW_TB_SONNEBORN:
    case QW_TB_DIRECT:
    case QW_N_TIEBREAKS:
    default:
      return cmp_double (a->row->tiebreaks[tb], b->row->tiebreaks[tb]);
    }
}

typedef struct
{
  Table      *table;
  QwTiebreak  tb;
  gboolean    primary;
} SortContext;

static gboolean
out_of_play (const Player *p)
{
  return p->row->status == QW_STATUS_EXCLUDED || p->row->status == QW_STATUS_LATE;
}

static int
compare_primary (Table  *t,
                 Player *a,
                 Player *b)
{
  int c = (int) out_of_play (b) - (int) out_of_play (a);

  if (c == 0 && t->section->system == QW_SYSTEM_KNOCKOUT)
    c = a->stage - b->stage;
  if (c == 0)
    c = cmp_double (a->row->points, b->row->points);
  return c;
}

static int
sort_players (gconstpointer pa,
              gconstpointer pb,
              gpointer      user_data)
{
  SortContext *ctx = user_data;
  Player *a = *(Player **) pa, *b = *(Player **) pb;
  int c = ctx->primary ? compare_primary (ctx->table, a, b) : compare_on (ctx->table, ctx->tb, a, b);

  if (c != 0)
    return -c;
  return a->row->no - b->row->no;
}

/* Whether two players have met in a counted game with a result. */
static double
points_against (Table  *t,
                Player *p,
                Player *opp,
                int    *met)
{
  double total = 0;

  for (guint i = 0; i < t->games->len; i++)
    {
      const QwGame *g = g_ptr_array_index (t->games, i);
      double rp, bp;

      if (g->result == QW_RESULT_NONE || g->black == 0)
        continue;
      table_points (t, g->result, &rp, &bp);
      if (g->red == p->row->entry_id && g->black == opp->row->entry_id)
        total += rp;
      else if (g->black == p->row->entry_id && g->red == opp->row->entry_id)
        total += bp;
      else
        continue;
      (*met)++;
    }
  return total;
}

/* 直胜 inside one tied group; 0 for everyone unless all of them have met. */
static void
compute_direct (Table   *t,
                Player **group,
                guint    n)
{
  gboolean all_met = TRUE;

  for (guint i = 0; i < n; i++)
    {
      double total = 0;

      for (guint j = 0; j < n; j++)
        {
          int met = 0;

          if (i == j)
            continue;
          total += points_against (t, group[i], group[j], &met);
          all_met = all_met && met > 0;
        }
      group[i]->row->tiebreaks[QW_TB_DIRECT] = total;
    }
  if (!all_met)
    for (guint i = 0; i < n; i++)
      group[i]->row->tiebreaks[QW_TB_DIRECT] = 0;
}

static void refine (Table *t, Player **group, guint n, const QwTiebreak *chain, guint n_chain);

/* Splits group[0..n), sorted on chain[0], into runs of equal value and
 * refines each run with the rest of the chain. 直胜 is relative to the group,
 * so a smaller group it leaves tied is compared on 直胜 again first. */
static void
refine_runs (Table            *t,
             Player          **group,
             guint             n,
             const QwTiebreak *chain,
             guint             n_chain)
{
  guint start = 0;

  for (guint i = 1; i <= n; i++)
    {
      guint size = i - start;

      if (i < n && compare_on (t, chain[0], group[start], group[i]) == 0)
        continue;
      if (chain[0] == QW_TB_DIRECT && size > 1 && size < n)
        refine (t, group + start, size, chain, n_chain);
      else
        refine (t, group + start, size, chain + 1, n_chain - 1);
      start = i;
    }
}

static void
refine (Table            *t,
        Player          **group,
        guint             n,
        const QwTiebreak *chain,
        guint             n_chain)
{
  SortContext ctx = { t, 0, FALSE };

  if (n < 2 || n_chain == 0)
    return;
  ctx.tb = chain[0];
  if (ctx.tb == QW_TB_DIRECT)
    compute_direct (t, group, n);
  g_qsort_with_data (group, (gint) n, sizeof (Player *), sort_players, &ctx);
  refine_runs (t, group, n, chain, n_chain);
}

static gboolean
all_tie (Table            *t,
         Player           *a,
         Player           *b,
         const QwTiebreak *chain,
         guint             n_chain)
{
  if (compare_primary (t, a, b) != 0)
    return FALSE;
  for (guint i = 0; i < n_chain; i++)
    if (compare_on (t, chain[i], a, b) != 0)
      return FALSE;
  return TRUE;
}

/* The section's chain; an empty one (a section stored without a chain)
 * is its system's preset. */
static GArray *
section_chain (const QwSection *section)
{
  const char *text = section->settings.tiebreaks;
  g_autofree char *preset = NULL;

  if (text == NULL || *text == '\0')
    {
      preset = qw_tiebreak_preset (section->system == QW_SYSTEM_ROUND_ROBIN ? "round-robin"
                                   : section->system == QW_SYSTEM_KNOCKOUT ? "knockout"
                                   : "opponents");
      text = preset;
    }
  return qw_tiebreak_parse_chain (text);
}

static void
rank (Table     *t,
      Player   **order,
      GPtrArray *rows)
{
  g_autoptr(GArray) chain = section_chain (t->section);
  SortContext ctx = { t, 0, TRUE };
  guint start = 0;

  g_qsort_with_data (order, (gint) t->n_players, sizeof (Player *), sort_players, &ctx);
  for (guint i = 1; i <= t->n_players; i++)
    {
      if (i < t->n_players && compare_primary (t, order[start], order[i]) == 0)
        continue;
      refine (t, order + start, i - start, (QwTiebreak *) chain->data, chain->len);
      start = i;
    }
  for (guint i = 0; i < t->n_players; i++)
    {
      QwStandingRow *row = order[i]->row;
      gboolean shared = i > 0 && (all_tie (t, order[i - 1], order[i], (QwTiebreak *) chain->data, chain->len)
                                  || share_third (t, order[i - 1], order[i]));

      /* Out of play, no place (issue 19: an excluded player got place 26). */
      if (out_of_play (order[i]))
        row->rank = 0;
      else
        row->rank = shared ? order[i - 1]->row->rank : (int) i + 1;
    }
  for (guint i = 0; i < t->n_players; i++)
    g_ptr_array_add (rows, g_steal_pointer (&order[i]->row));
}

static void
table_init (Table           *t,
            const QwRuleset *ruleset,
            const QwSection *section,
            GPtrArray       *entries)
{
  t->ruleset = ruleset;
  t->section = section;
  qw_section_scores (ruleset, section, t->scores);
  t->n_players = entries->len;
  t->players = g_new0 (Player, MAX (entries->len, 1));
  t->by_id = g_hash_table_new (g_int64_hash, g_int64_equal);
  for (guint i = 0; i < entries->len; i++)
    {
      const QwEntry *e = g_ptr_array_index (entries, i);
      QwStandingRow *row = g_new0 (QwStandingRow, 1);

      row->entry_id = e->id;
      row->no = e->no;
      row->name = g_strdup (e->name);
      row->unit = g_strdup (e->unit);
      row->withdrawn = e->status == QW_STATUS_WITHDRAWN;
      row->status = e->status;
      t->players[i].row = row;
      g_hash_table_insert (t->by_id, &row->entry_id, &t->players[i]);
    }
}

static void
table_clear (Table *t)
{
  for (guint i = 0; i < t->n_players; i++)
    {
      qw_standing_row_free (t->players[i].row);
      g_free (t->players[i].totals);
    }
  g_free (t->players);
  g_hash_table_unref (t->by_id);
  g_clear_pointer (&t->games, g_ptr_array_unref);
}

/* Absent rounds: the cell says so and scores what the absence credits. */
static void
count_absences (Table     *t,
                GPtrArray *absences)
{
  for (guint i = 0; absences != NULL && i < absences->len; i++)
    {
      const QwAbsence *a = g_ptr_array_index (absences, i);
      Player *p = lookup (t, a->entry_id);
      QwRoundCell *cell;

      if (p == NULL || p->cancelled || a->round < 1 || a->round > t->n_rounds)
        continue;
      cell = &g_array_index (p->row->rounds, QwRoundCell, a->round - 1);
      /* A game of the round (a forfeit the fixed schedule recorded) stays. */
      if (cell->result != QW_RESULT_NONE)
        continue;
      cell->absent = TRUE;
      cell->absence = a->kind;
      cell->points = a->points;
    }
}

GPtrArray *
qw_standings_compute (const QwRuleset *ruleset,
                      const QwSection *section,
                      GPtrArray       *entries,
                      GPtrArray       *games,
                      int              up_to_round)
{
  return qw_standings_compute_with_absences (ruleset, section, entries, games, NULL, up_to_round);
}

GPtrArray *
qw_standings_compute_with_absences (const QwRuleset *ruleset,
                                    const QwSection *section,
                                    GPtrArray       *entries,
                                    GPtrArray       *games,
                                    GPtrArray       *absences,
                                    int              up_to_round)
{
  Table t = { 0 };
  g_autofree Player **order = NULL;
  GPtrArray *rows = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_standing_row_free);

  g_return_val_if_fail (ruleset != NULL && section != NULL, rows);

  table_init (&t, ruleset, section, entries);
  collect_games (&t, games, up_to_round);
  order = g_new (Player *, MAX (t.n_players, 1));
  for (guint i = 0; i < t.n_players; i++)
    {
      Player *p = &t.players[i];

      p->totals = g_new0 (double, MAX (t.n_rounds, 1));
      p->row->rounds = g_array_sized_new (FALSE, TRUE, sizeof (QwRoundCell), t.n_rounds);
      g_array_set_size (p->row->rounds, t.n_rounds);
      for (int r = 0; r < t.n_rounds; r++)
        g_array_index (p->row->rounds, QwRoundCell, r).round = r + 1;
      order[i] = p;
    }
  count_own (&t);
  count_absences (&t, absences);
  count_totals (&t);
  count_opponents (&t);
  if (section->system == QW_SYSTEM_KNOCKOUT)
    count_stages (&t);
  rank (&t, order, rows);
  table_clear (&t);
  return rows;
}
