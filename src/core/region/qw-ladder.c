/* qw-ladder.c: the online ladder computed from the platform's game log
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-ladder"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "qw-error.h"
#include "qw-game.h"
#include "qw-ladder.h"

#define MAX_ROWS_IN_MESSAGE 10

/* ----------------------------------------------------------------------- */
/* Tallies                                                                 */
/* ----------------------------------------------------------------------- */

typedef struct
{
  QwLadderRow  row;
  GArray      *rows;              /* int: the log's rows of the games counted */
} Tally;

static void
tally_free (gpointer data)
{
  Tally *t = data;

  g_free (t->row.player);
  g_array_unref (t->rows);
  g_free (t);
}

static Tally *
tally_for (GHashTable *tallies,
           const char *account)
{
  Tally *t = g_hash_table_lookup (tallies, account);

  if (t == NULL)
    {
      t = g_new0 (Tally, 1);
      t->row.player = g_strdup (account);
      t->rows = g_array_new (FALSE, FALSE, sizeof (int));
      g_hash_table_insert (tallies, t->row.player, t);
    }
  return t;
}

static GHashTable *
tallies_new (void)
{
  return g_hash_table_new_full (g_str_hash, g_str_equal, NULL, tally_free);
}

/* The outcome of a ladder result for one side. */
static QwOutcome
ladder_outcome (QwLadderResult result,
                gboolean       red)
{
  switch (result)
    {
    case QW_LADDER_RED_WIN:
      return red ? QW_OUTCOME_WIN : QW_OUTCOME_LOSS;
    case QW_LADDER_DRAW:
      return QW_OUTCOME_DRAW;
    case QW_LADDER_BLACK_WIN:
      return red ? QW_OUTCOME_LOSS : QW_OUTCOME_WIN;
    case QW_LADDER_RED_LEFT:
      return red ? QW_OUTCOME_LEFT : QW_OUTCOME_OPPONENT_LEFT;
    case QW_LADDER_BLACK_LEFT:
      return red ? QW_OUTCOME_OPPONENT_LEFT : QW_OUTCOME_LEFT;
    case QW_LADDER_VOID:
    default:
      return QW_OUTCOME_NONE;
    }
}

static void
tally_add (Tally               *t,
           const QwLadderRules *rules,
           const QwLadderGame  *game,
           gboolean             red)
{
  QwOutcome outcome = ladder_outcome (game->result, red);

  t->row.games++;
  t->row.points += qw_scoring_points (rules->scores, outcome, red);
  switch (outcome)
    {
    case QW_OUTCOME_WIN:
    case QW_OUTCOME_OPPONENT_LEFT:
      t->row.wins++;
      break;
    case QW_OUTCOME_DRAW:
      t->row.draws++;
      break;
    case QW_OUTCOME_LOSS:
      t->row.losses++;
      break;
    case QW_OUTCOME_LEFT:
      t->row.left++;
      if (rules->left_is_loss)
        t->row.losses++;
      break;
    case QW_OUTCOME_NONE:
    case QW_OUTCOME_BYE:
    case QW_OUTCOME_FORFEIT_WIN:
    case QW_OUTCOME_FORFEIT_LOSS:
    default:
      break;
    }
  g_array_append_val (t->rows, game->row);
}

/* Points are sums of the ruleset's decimals; compare them with a tolerance. */
static int
compare_points (double a,
                double b)
{
  if (fabs (a - b) < 1e-9)
    return 0;
  return a > b ? -1 : 1;
}

/* Better first: points, then wins (when they split ties), then account. */
static int
compare_key (const QwLadderRow *a,
             const QwLadderRow *b,
             gboolean           by_wins)
{
  int c = compare_points (a->points, b->points);

  if (c != 0)
    return c;
  if (by_wins && a->wins != b->wins)
    return a->wins > b->wins ? -1 : 1;
  return 0;
}

static int
compare_rows_by_wins (gconstpointer a,
                      gconstpointer b)
{
  const QwLadderRow *x = *(QwLadderRow * const *) a;
  const QwLadderRow *y = *(QwLadderRow * const *) b;
  int c = compare_key (x, y, TRUE);

  return c != 0 ? c : strcmp (x->player, y->player);
}

static int
compare_rows_by_points (gconstpointer a,
                        gconstpointer b)
{
  const QwLadderRow *x = *(QwLadderRow * const *) a;
  const QwLadderRow *y = *(QwLadderRow * const *) b;
  int c = compare_key (x, y, FALSE);

  return c != 0 ? c : strcmp (x->player, y->player);
}

static int
compare_rows_by_account (gconstpointer a,
                         gconstpointer b)
{
  const QwLadderRow *x = *(QwLadderRow * const *) a;
  const QwLadderRow *y = *(QwLadderRow * const *) b;

  return strcmp (x->player, y->player);
}

static QwLadderRow *
row_copy (const QwLadderRow *row)
{
  QwLadderRow *c = g_new (QwLadderRow, 1);

  *c = *row;
  c->player = g_strdup (row->player);
  return c;
}

static void
row_free (gpointer data)
{
  QwLadderRow *r = data;

  g_free (r->player);
  g_free (r);
}

/* Gives sorted rows their competition ranks on (points[, wins]). */
static void
assign_ranks (GPtrArray *rows,
              gboolean   by_wins)
{
  for (guint i = 0; i < rows->len; i++)
    {
      QwLadderRow *r = g_ptr_array_index (rows, i);
      QwLadderRow *prev = i > 0 ? g_ptr_array_index (rows, i - 1) : NULL;

      r->rank = prev != NULL && compare_key (prev, r, by_wins) == 0 ? prev->rank : (int) i + 1;
    }
}

/* ----------------------------------------------------------------------- */
/* Warnings                                                                */
/* ----------------------------------------------------------------------- */

static const char *warning_codes[] = {
  "outside-dates", "not-selected", "qualified-twice", "wildcard-finalist", "not-listed", "too-strong",
  "too-many-finalists", "wildcard-late", "wildcard-late-allowed", "cancelled-not-finalist",
  "cancelled-identity-changed",
};

const char *
qw_ladder_warning_code (QwLadderWarningKind kind)
{
  if ((guint) kind >= G_N_ELEMENTS (warning_codes))
    return "";
  return warning_codes[kind];
}

static void
warning_free (gpointer data)
{
  QwLadderWarning *w = data;

  g_free (w->player);
  g_array_unref (w->rows);
  g_free (w->message);
  g_free (w);
}

void
qw_ladder_add_warning (QwLadder            *ladder,
                       QwLadderWarningKind  kind,
                       const char          *player,
                       char                *message)
{
  QwLadderWarning *w = g_new0 (QwLadderWarning, 1);

  w->kind = kind;
  w->player = g_strdup (player);
  w->rows = g_array_new (FALSE, FALSE, sizeof (int));
  w->message = message;
  g_ptr_array_add (ladder->warnings, w);
}

typedef struct
{
  GPtrArray  *list;               /* QwLadderWarning */
  GHashTable *by_key;             /* "kind:period:player" → QwLadderWarning */
} Warnings;

/* The one warning of (kind, period, player), made on first use. */
static QwLadderWarning *
warn (Warnings            *warnings,
      QwLadderWarningKind  kind,
      int                  period,
      const char          *player)
{
  g_autofree char *key = g_strdup_printf ("%d:%d:%s", kind, period, player);
  QwLadderWarning *w = g_hash_table_lookup (warnings->by_key, key);

  if (w == NULL)
    {
      w = g_new0 (QwLadderWarning, 1);
      w->kind = kind;
      w->period = period;
      w->player = g_strdup (player);
      w->rows = g_array_new (FALSE, FALSE, sizeof (int));
      g_ptr_array_add (warnings->list, w);
      g_hash_table_insert (warnings->by_key, g_steal_pointer (&key), w);
    }
  return w;
}

static void
warn_row (Warnings            *warnings,
          QwLadderWarningKind  kind,
          int                  period,
          const char          *player,
          int                  row)
{
  QwLadderWarning *w = warn (warnings, kind, period, player);

  g_array_append_val (w->rows, row);
}

static char *
rows_text (GArray *rows)
{
  g_autoptr(GString) s = g_string_new (NULL);

  for (guint i = 0; i < rows->len && i < MAX_ROWS_IN_MESSAGE; i++)
    g_string_append_printf (s, "%s%d", i > 0 ? _(", ") : "", g_array_index (rows, int, i));
  if (rows->len > MAX_ROWS_IN_MESSAGE)
    g_string_append (s, _(", …"));
  return g_string_free (g_steal_pointer (&s), FALSE);
}

static int
compare_warnings (gconstpointer a,
                  gconstpointer b)
{
  const QwLadderWarning *x = *(QwLadderWarning * const *) a;
  const QwLadderWarning *y = *(QwLadderWarning * const *) b;

  if (x->period != y->period)
    return x->period < y->period ? -1 : 1;
  if (x->kind != y->kind)
    return x->kind < y->kind ? -1 : 1;
  return strcmp (x->player, y->player);
}

/* ----------------------------------------------------------------------- */
/* The computation                                                         */
/* ----------------------------------------------------------------------- */

static void
period_free (gpointer data)
{
  QwLadderPeriod *p = data;

  g_clear_pointer (&p->selection, g_ptr_array_unref);
  g_clear_pointer (&p->qualifying, g_ptr_array_unref);
  g_free (p);
}

void
qw_ladder_finalist_free (gpointer data)
{
  QwLadderFinalist *f = data;

  g_free (f->account);
  g_free (f->name);
  g_clear_pointer (&f->periods, g_array_unref);
  g_free (f->reason);
  g_free (f->reason_code);
  qw_ladder_player_free (f->player);
  g_free (f);
}

/* Here, not in qw-ladder-cancel.c: a cancelled finalist is freed as a finalist. */
static void
cancelled_free (gpointer data)
{
  QwLadderCancelled *c = data;

  qw_ladder_finalist_free (c->finalist);
  g_free (c->reason);
  g_free (c);
}

GPtrArray *
qw_ladder_cancelled_array_new (void)
{
  return g_ptr_array_new_with_free_func (cancelled_free);
}

void
qw_ladder_free (QwLadder *ladder)
{
  if (ladder == NULL)
    return;
  g_clear_pointer (&ladder->ruleset, qw_ruleset_unref);
  g_clear_pointer (&ladder->periods, g_ptr_array_unref);
  g_clear_pointer (&ladder->season, g_ptr_array_unref);
  g_clear_pointer (&ladder->finalists, g_ptr_array_unref);
  g_clear_pointer (&ladder->certificate_eligible, g_ptr_array_unref);
  g_clear_pointer (&ladder->warnings, g_ptr_array_unref);
  g_clear_pointer (&ladder->cancelled, g_ptr_array_unref);
  g_free (ladder);
}

/* Whether a game lies outside its stage's dates (八2), the qualifying's
 * first day starting at the ruleset's hour (十一(二)2). */
static gboolean
outside_dates (const QwLadderRules      *rules,
               const QwLadderPeriodRule *period,
               const QwLadderGame       *game)
{
  QwDate from = game->stage == QW_LADDER_QUALIFYING ? period->qualifying_from : period->selection_from;
  QwDate to = game->stage == QW_LADDER_QUALIFYING ? period->qualifying_to : period->selection_to;

  if (qw_date_compare (game->date, from) < 0 || qw_date_compare (game->date, to) > 0)
    return TRUE;
  return game->stage == QW_LADDER_QUALIFYING && qw_date_compare (game->date, from) == 0 && game->minute >= 0
         && game->minute < rules->first_day_from;
}

static GPtrArray *
rows_of (GHashTable *tallies)
{
  GPtrArray *rows = g_ptr_array_new_with_free_func (row_free);
  GHashTableIter iter;
  Tally *t;

  g_hash_table_iter_init (&iter, tallies);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &t))
    g_ptr_array_add (rows, row_copy (&t->row));
  return rows;
}

static gboolean
reached_threshold (const QwLadderRules *rules,
                   const QwLadderRow   *row)
{
  return row != NULL && compare_points (row->points, rules->selection_threshold) <= 0;
}

static QwLadderPeriod *
make_period (const QwLadderRules      *rules,
             const QwLadderPeriodRule *rule,
             GHashTable               *selection,
             GHashTable               *qualifying,
             Warnings                 *warnings)
{
  QwLadderPeriod *p = g_new0 (QwLadderPeriod, 1);
  GHashTableIter iter;
  Tally *t;

  p->number = rule->number;
  p->rule = rule;
  p->selection = rows_of (selection);
  g_ptr_array_sort (p->selection, compare_rows_by_wins);
  assign_ranks (p->selection, TRUE);
  for (guint i = 0; i < p->selection->len; i++)
    {
      QwLadderRow *r = g_ptr_array_index (p->selection, i);

      r->qualified = reached_threshold (rules, r);
      p->n_selected += r->qualified;
    }

  p->qualifying = g_ptr_array_new_with_free_func (row_free);
  g_hash_table_iter_init (&iter, qualifying);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &t))
    {
      Tally *selected = g_hash_table_lookup (selection, t->row.player);

      if (t->row.games < rules->qualifying_min_games)
        continue;
      if (!reached_threshold (rules, selected != NULL ? &selected->row : NULL))
        {
          QwLadderWarning *w = warn (warnings, QW_LADDER_WARNING_NOT_SELECTED, rule->number, t->row.player);

          g_array_append_vals (w->rows, t->rows->data, t->rows->len);
          if (!rules->rank_unselected)
            continue;
        }
      g_ptr_array_add (p->qualifying, row_copy (&t->row));
    }
  g_ptr_array_sort (p->qualifying, rules->ties_by_wins ? compare_rows_by_wins : compare_rows_by_points);
  assign_ranks (p->qualifying, rules->ties_by_wins);
  for (guint i = 0; i < p->qualifying->len;)
    {
      QwLadderRow *first = g_ptr_array_index (p->qualifying, i);
      guint end = i;
      gboolean qualified;

      while (end < p->qualifying->len && ((QwLadderRow *) g_ptr_array_index (p->qualifying, end))->rank == first->rank)
        end++;
      /* 十一(二)1: players still tied at the last place all go through (or none). */
      qualified = first->rank <= rules->qualifying_places
                  && (rules->tied_last_all || (int) end <= rules->qualifying_places);
      for (; i < end; i++)
        {
          ((QwLadderRow *) g_ptr_array_index (p->qualifying, i))->qualified = qualified;
          p->n_qualified += qualified;
        }
    }
  return p;
}

static QwLadderFinalist *
finalist_new (const char *account)
{
  QwLadderFinalist *f = g_new0 (QwLadderFinalist, 1);

  f->account = g_strdup (account);
  f->periods = g_array_new (FALSE, FALSE, sizeof (int));
  return f;
}

/* Seed 000 §十三(四)1: wild cards are applied for by 10月1日 (the ruleset's
 * <wildcards deadline>). An application dated after it is refused, with its
 * date, unless the arbiter let it stand (逾期准许), which is logged; an
 * application without a date is not checked. */
static gboolean
wildcard_in_time (const QwLadderRules    *rules,
                  const QwLadderWildcard *w,
                  Warnings               *warnings)
{
  char applied[QW_DATE_ISO_LEN], deadline[QW_DATE_ISO_LEN];
  gboolean allowed = w->late_allowed != NULL && *w->late_allowed != '\0';
  QwLadderWarning *warning;

  if (!qw_date_is_set (rules->wildcard_deadline) || !qw_date_is_set (w->applied)
      || qw_date_compare (w->applied, rules->wildcard_deadline) <= 0)
    return TRUE;
  qw_date_to_iso (w->applied, applied);
  qw_date_to_iso (rules->wildcard_deadline, deadline);
  warning = warn (warnings, allowed ? QW_LADDER_WARNING_WILDCARD_LATE_ALLOWED : QW_LADDER_WARNING_WILDCARD_LATE, 0,
                  w->account);
  g_free (warning->message);
  warning->message = allowed
                     ? g_strdup_printf (_("The wild card of %s %s was applied for on %s, after the deadline %s "
                                          "(十三(四)1); it stands, as the arbiter allowed: %s"),
                                        w->account, w->name, applied, deadline, w->late_allowed)
                     : g_strdup_printf (_("The wild card of %s %s was applied for on %s, after the deadline %s "
                                          "(十三(四)1): refused"), w->account, w->name, applied, deadline);
  return allowed;
}

static void
collect_finalists (QwLadder   *ladder,
                   GPtrArray  *wildcards,
                   Warnings   *warnings)
{
  g_autoptr(GHashTable) by_account = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint k = 0; k < ladder->periods->len; k++)
    {
      const QwLadderPeriod *p = g_ptr_array_index (ladder->periods, k);

      for (guint i = 0; i < p->qualifying->len; i++)
        {
          const QwLadderRow *r = g_ptr_array_index (p->qualifying, i);
          QwLadderFinalist *f;

          if (!r->qualified)
            continue;
          f = g_hash_table_lookup (by_account, r->player);
          if (f != NULL)
            {
              warn (warnings, QW_LADDER_WARNING_QUALIFIED_TWICE, p->number, r->player);
              g_array_append_val (f->periods, p->number);
              continue;
            }
          f = finalist_new (r->player);
          f->via = QW_LADDER_VIA_ONLINE;
          f->period = p->number;
          f->rank = r->rank;
          g_array_append_val (f->periods, p->number);
          g_ptr_array_add (ladder->finalists, f);
          g_hash_table_insert (by_account, f->account, f);
          ladder->n_online++;
        }
    }
  for (guint i = 0; wildcards != NULL && i < wildcards->len; i++)
    {
      const QwLadderWildcard *w = g_ptr_array_index (wildcards, i);
      QwLadderFinalist *f;

      if (!wildcard_in_time (ladder->ruleset->ladder, w, warnings))
        continue;
      if (g_hash_table_contains (by_account, w->account))
        {
          warn (warnings, QW_LADDER_WARNING_WILDCARD_FINALIST, 0, w->account);
          continue;
        }
      f = finalist_new (w->account);
      f->via = QW_LADDER_VIA_WILDCARD;
      f->name = g_strdup (w->name);
      f->reason = g_strdup (w->reason);
      f->reason_code = g_strdup (w->reason_code);
      g_ptr_array_add (ladder->finalists, f);
      g_hash_table_insert (by_account, f->account, f);
      ladder->n_wildcards++;
    }
}

static void
check_finalists (QwLadder              *ladder,
                 const QwLadderPlayers *players,
                 Warnings              *warnings)
{
  const QwLadderRules *rules = ladder->ruleset->ladder;

  for (guint i = 0; players != NULL && i < ladder->finalists->len; i++)
    {
      QwLadderFinalist *f = g_ptr_array_index (ladder->finalists, i);
      const QwLadderPlayer *p = qw_ladder_players_find (players, f->account);

      if (p == NULL)
        {
          warn (warnings, QW_LADDER_WARNING_NOT_LISTED, f->period, f->account);
          continue;
        }
      f->player = qw_ladder_player_copy (p);
      g_free (f->name);
      f->name = g_strdup (p->name);
      if (qw_ruleset_is_barred_title (ladder->ruleset, p->grade))
        warn (warnings, QW_LADDER_WARNING_TOO_STRONG, f->period, f->account);
    }
  for (guint i = 0; i < ladder->finalists->len; i++)
    {
      QwLadderFinalist *f = g_ptr_array_index (ladder->finalists, i);

      if (f->name == NULL)
        f->name = g_strdup ("");
    }
  if ((int) ladder->finalists->len > rules->places)
    warn (warnings, QW_LADDER_WARNING_TOO_MANY, 0, "");
}

static char *
warning_message (const QwLadder        *ladder,
                 const QwLadderWarning *w)
{
  const QwLadderRules *rules = ladder->ruleset->ladder;
  g_autofree char *rows = rows_text (w->rows);
  g_autofree char *threshold = g_strdup_printf ("%g", rules->selection_threshold);

  switch (w->kind)
    {
    case QW_LADDER_WARNING_OUTSIDE_DATES:
      return g_strdup_printf (rules->count_outside_dates
                              ? _("Period %d: %s played outside the period’s dates (rows %s); the games count")
                              : _("Period %d: %s played outside the period’s dates (rows %s); the games do not count"),
                              w->period, w->player, rows);
    case QW_LADDER_WARNING_NOT_SELECTED:
      return g_strdup_printf (rules->rank_unselected
                              ? _("Period %d: %s played the qualifying stage without %s points in the selection "
                                  "(rows %s)")
                              : _("Period %d: %s played the qualifying stage without %s points in the selection "
                                  "(rows %s); not ranked, the games count for the opponents"),
                              w->period, w->player, threshold, rows);
    case QW_LADDER_WARNING_QUALIFIED_TWICE:
      return g_strdup_printf (_("Period %d: %s qualified in an earlier period already; counted once"), w->period,
                              w->player);
    case QW_LADDER_WARNING_WILDCARD_FINALIST:
      return g_strdup_printf (_("%s has a wild card but is a finalist already; counted once"), w->player);
    case QW_LADDER_WARNING_NOT_LISTED:
      return g_strdup_printf (_("The finalist %s is not in the players list"), w->player);
    case QW_LADDER_WARNING_TOO_STRONG:
      return g_strdup_printf (_("The finalist %s holds a title that bars them from playing"), w->player);
    case QW_LADDER_WARNING_TOO_MANY:
      return g_strdup_printf (_("%u finalists, more than the final’s %d individual places"),
                              ladder->finalists->len, rules->places);
    case QW_LADDER_WARNING_WILDCARD_LATE:
    case QW_LADDER_WARNING_WILDCARD_LATE_ALLOWED:
    /* Made with their message (qw-ladder-cancel.c): never here. */
    case QW_LADDER_WARNING_CANCELLED_NOT_FINALIST:
    case QW_LADDER_WARNING_CANCELLED_IDENTITY_CHANGED:
      /* Said where the wild card is checked, with its dates (wildcard_in_time()). */
      return g_strdup (w->player);
    default:
      return g_strdup ("");
    }
}

/**
 * qw_ladder_compute:
 *
 * Every period's standings by the ruleset's <ladder>; then the finalists, the
 * players eligible for a grade certificate and the warnings.
 */
QwLadder *
qw_ladder_compute (QwRuleset             *ruleset,
                   const QwLadderLog     *log,
                   const QwLadderPlayers *players,
                   GPtrArray             *wildcards,
                   GError               **error)
{
  g_autoptr(QwLadder) ladder = NULL;
  const QwLadderRules *rules;
  g_autoptr(GPtrArray) selection = g_ptr_array_new_with_free_func ((GDestroyNotify) g_hash_table_unref);
  g_autoptr(GPtrArray) qualifying = g_ptr_array_new_with_free_func ((GDestroyNotify) g_hash_table_unref);
  g_autoptr(GHashTable) season = tallies_new ();
  g_autoptr(GHashTable) warning_keys = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  Warnings warnings;
  int n_periods;

  g_return_val_if_fail (ruleset != NULL && log != NULL, NULL);

  rules = ruleset->ladder;
  if (rules == NULL)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("The ruleset %s has no online ladder"), ruleset->id);
      return NULL;
    }
  n_periods = qw_ladder_rules_n_periods (rules);
  ladder = g_new0 (QwLadder, 1);
  ladder->ruleset = qw_ruleset_ref (ruleset);
  ladder->periods = g_ptr_array_new_with_free_func (period_free);
  ladder->finalists = g_ptr_array_new_with_free_func (qw_ladder_finalist_free);
  ladder->certificate_eligible = g_ptr_array_new_with_free_func (g_free);
  ladder->warnings = g_ptr_array_new_with_free_func (warning_free);
  ladder->cancelled = qw_ladder_cancelled_array_new ();
  warnings.list = ladder->warnings;
  warnings.by_key = warning_keys;
  for (int k = 0; k < n_periods; k++)
    {
      g_ptr_array_add (selection, tallies_new ());
      g_ptr_array_add (qualifying, tallies_new ());
    }

  for (guint i = 0; i < log->games->len; i++)
    {
      const QwLadderGame *game = g_ptr_array_index (log->games, i);
      const QwLadderPeriodRule *period = qw_ladder_rules_period (rules, game->period);
      GHashTable *stage;

      ladder->n_games++;
      if (period == NULL)
        {
          g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("Row %d: the ruleset has no period %d"), game->row,
                       game->period);
          return NULL;
        }
      /* 十一(二)4: a void game counts for nothing. */
      if (game->result == QW_LADDER_VOID)
        {
          ladder->n_void++;
          continue;
        }
      if (outside_dates (rules, period, game))
        {
          ladder->n_outside++;
          warn_row (&warnings, QW_LADDER_WARNING_OUTSIDE_DATES, game->period, game->red, game->row);
          warn_row (&warnings, QW_LADDER_WARNING_OUTSIDE_DATES, game->period, game->black, game->row);
          if (!rules->count_outside_dates)
            continue;
        }
      ladder->n_counted++;
      stage = g_ptr_array_index (game->stage == QW_LADDER_QUALIFYING ? qualifying : selection, game->period - 1);
      tally_add (tally_for (stage, game->red), rules, game, TRUE);
      tally_add (tally_for (stage, game->black), rules, game, FALSE);
      tally_add (tally_for (season, game->red), rules, game, TRUE);
      tally_add (tally_for (season, game->black), rules, game, FALSE);
    }

  for (int k = 0; k < n_periods; k++)
    g_ptr_array_add (ladder->periods, make_period (rules, qw_ladder_rules_period (rules, k + 1),
                                                   g_ptr_array_index (selection, k),
                                                   g_ptr_array_index (qualifying, k), &warnings));

  /* 十一(一)6: enough counted games for a grade certificate. */
  ladder->season = rows_of (season);
  g_ptr_array_sort (ladder->season, compare_rows_by_account);
  for (guint i = 0; i < ladder->season->len; i++)
    {
      QwLadderRow *r = g_ptr_array_index (ladder->season, i);

      r->qualified = r->games >= rules->certificate_games;
      if (r->qualified)
        g_ptr_array_add (ladder->certificate_eligible, g_strdup (r->player));
    }
  {
    g_autoptr(GPtrArray) by_points = g_ptr_array_new ();

    /* Season ranks are of the whole season's points, for a leaderboard. */
    g_ptr_array_extend (by_points, ladder->season, NULL, NULL);
    g_ptr_array_sort (by_points, compare_rows_by_wins);
    assign_ranks (by_points, TRUE);
  }

  collect_finalists (ladder, wildcards, &warnings);
  check_finalists (ladder, players, &warnings);
  g_ptr_array_sort (ladder->warnings, compare_warnings);
  for (guint i = 0; i < ladder->warnings->len; i++)
    {
      QwLadderWarning *w = g_ptr_array_index (ladder->warnings, i);

      if (w->message == NULL)
        w->message = warning_message (ladder, w);
    }
  return g_steal_pointer (&ladder);
}

const QwLadderPeriod *
qw_ladder_get_period (const QwLadder *ladder,
                      int             number)
{
  if (number < 1 || (guint) number > ladder->periods->len)
    return NULL;
  return g_ptr_array_index (ladder->periods, number - 1);
}

static int
compare_row_to_account (gconstpointer key,
                        gconstpointer element)
{
  const QwLadderRow *r = *(QwLadderRow * const *) element;

  return strcmp (key, r->player);
}

/* Returns: (nullable): the account's season figures */
const QwLadderRow *
qw_ladder_season_row (const QwLadder *ladder,
                      const char     *account)
{
  QwLadderRow **found;

  if (account == NULL || ladder->season->len == 0)
    return NULL;
  found = bsearch (account, ladder->season->pdata, ladder->season->len, sizeof (gpointer), compare_row_to_account);
  return found != NULL ? *found : NULL;
}

char *
qw_ladder_finalist_qualified_text (const QwLadderFinalist *finalist)
{
  return finalist->via == QW_LADDER_VIA_WILDCARD ? g_strdup_printf (_("wild card: %s"), finalist->reason)
                                                 : g_strdup_printf (_("period %d, rank %d"), finalist->period,
                                                                    finalist->rank);
}
