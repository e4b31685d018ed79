/* qw-simulate.c: a whole stop played out by chance, for tests and timing
 *
 * A new document, one event, a field of made-up players in one group, then
 * every round paired by the real engines and given results drawn from the
 * players' ratings (Elo's expectation), as `qiwang-cli simulate` shows. The
 * same options give the same document, byte for byte in its games.
 *
 * Each round is one transaction (its pairing, its results and the
 * withdrawals after it), and the field goes in with the first round: a run
 * killed at any moment leaves the rounds it finished, each whole, and never
 * players without the games of a round. (One transaction for the whole run
 * saves an fsync a round, a few milliseconds.) When a round cannot be
 * paired or played, it leaves nothing, and the field and the rounds before
 * it are kept.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-simulate"

#include "config.h"

#include <math.h>
#include <string.h>

#include "qw-demo.h"
#include "qw-simulate.h"
#include "qw-tournament.h"
#include "qw-date.h"
#include "qw-document-entries.h"
#include "qw-document-play.h"
#include "qw-entry.h"
#include "qw-event.h"
#include "qw-game.h"
#include "qw-idcard.h"

static const char *sim_units[] = {
  "白花镇象棋协会", "惠东县象棋协会", "惠州市棋院", "稔山镇文化站", "平山街道棋友会", "大岭街道文体中心",
  "多祝镇象棋队", "吉隆镇棋社", "惠阳区象棋协会", "博罗县棋协", "龙门县文化馆", "惠城区棋友会",
  "深圳市象棋协会", "东莞市棋院", "广州市象棋协会", "佛山市棋协", "汕尾市棋友会", "河源市象棋队",
};

/* Two players born on one day may draw the same sequence number: the
 * second takes the next free one of the same sex (the random draw is not
 * repeated, so the rest of the field stays the same). A field of real
 * people has no two equal numbers, and pairing would stop at a duplicate. */
static void
make_unique (GHashTable *seen,
             char       *id)
{
  for (int tries = 0; tries < 500 && g_hash_table_contains (seen, id); tries++)
    {
      int seq = ((id[14] - '0') * 100 + (id[15] - '0') * 10 + (id[16] - '0') + 2) % 1000;

      id[14] = (char) ('0' + seq / 100);
      id[15] = (char) ('0' + seq / 10 % 10);
      id[16] = (char) ('0' + seq % 10);
      id[17] = qw_idcard_check_digit (id);
    }
  g_hash_table_add (seen, id);
}

static GPtrArray *
simulated_entries (GRand *rand,
                   int    n)
{
  GPtrArray *entries = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_entry_free);
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

  for (int i = 0; i < n; i++)
    {
      QwEntry *e = qw_entry_new ();
      QwDate birth = qw_date_make (g_rand_int_range (rand, 1961, 2005), g_rand_int_range (rand, 1, 13),
                                   g_rand_int_range (rand, 1, 29));

      e->no = i + 1;
      e->name = qw_demo_make_name (rand, QW_SEX_MALE);
      e->sex = QW_SEX_MALE;
      e->birth = qw_date_to_iso_dup (birth);
      e->id_number = qw_demo_make_id_number (rand, "441323", birth, QW_SEX_MALE);
      make_unique (seen, e->id_number);
      e->unit = g_strdup (sim_units[g_rand_int_range (rand, 0, G_N_ELEMENTS (sim_units))]);
      e->grade = g_strdup ("");
      e->phone = g_strdup ("");
      e->declared_group = g_strdup ("");
      e->group_code = g_strdup ("open-m");
      e->rating = g_rand_int_range (rand, 1200, 2400);
      g_ptr_array_add (entries, e);
    }
  return entries;
}

/* The event, its players and the group's section. */
static QwSection *
register_field (QwDocument               *doc,
                const QwSimulateOptions  *options,
                GPtrArray                *entries,
                GError                  **error)
{
  g_autoptr(QwEvent) event = qw_event_new ();
  g_autoptr(QwSection) section = NULL;

  event->name = g_strdup ("2021年第六届全国象棋业余棋王赛广东赛区白花（镇）预选赛");
  event->level = QW_LEVEL_PRELIMINARY;
  event->region = g_strdup ("广东");
  event->place_town = g_strdup ("白花镇");
  event->start_date = qw_date_make (2021, 7, 3);
  event->end_date = qw_date_make (2021, 7, 4);
  g_free (event->system);
  event->system = g_strdup (qw_system_to_code (options->system));
  event->rounds = options->rounds;
  if (!qw_document_add_event (doc, event, error) || !qw_document_add_entries (doc, event->id, entries, error)
      || (section = qw_tournament_ensure_section (doc, event, "open-m", error)) == NULL)
    return NULL;
  /* The lottery follows the seed too, so the same seed gives the same document. */
  section->settings.lottery_seed = (guint64) options->seed * G_GUINT64_CONSTANT (6364136223846793005)
                                   + 1442695040888963407u;
  if (!qw_document_update_section (doc, section, error))
    return NULL;
  return g_steal_pointer (&section);
}

/* Elo's expectation decides who wins a decisive game. */
static void
simulate_result (GRand                   *rand,
                 const QwSimulateOptions *options,
                 const QwEntry           *red,
                 const QwEntry           *black,
                 QwResultInput           *input)
{
  double u = g_rand_double (rand);
  double expect = 1.0 / (1.0 + pow (10.0, (black->rating - red->rating) / 400.0));

  memset (input, 0, sizeof *input);
  if (u < options->forfeit_rate)
    {
      double v = g_rand_double (rand);

      input->result = v < 0.45 ? QW_RESULT_RED_BY_FORFEIT : v < 0.9 ? QW_RESULT_BLACK_BY_FORFEIT
                                                                   : QW_RESULT_DOUBLE_FORFEIT;
      return;
    }
  if (u < options->forfeit_rate + options->draw_rate)
    input->result = QW_RESULT_DRAW;
  else
    input->result = g_rand_double (rand) < expect ? QW_RESULT_RED_WIN : QW_RESULT_BLACK_WIN;
  input->red_fouls = g_rand_double (rand) < 0.04 ? 1 : 0;
  input->black_fouls = g_rand_double (rand) < 0.04 ? 1 : 0;
}

/* A drawn knockout game goes to an armageddon: a draw there is a black win. */
static void
simulate_playoff (GRand                   *rand,
                  const QwSimulateOptions *options,
                  QwResultInput           *input)
{
  double u = g_rand_double (rand);

  input->armageddon = TRUE;
  input->playoff = u < options->draw_rate || u > 0.5 + options->draw_rate / 2 ? QW_PLAYOFF_BLACK
                                                                              : QW_PLAYOFF_RED;
}

/* The results of the round just paired (@games, as stored), recorded as one
 * action. */
static gboolean
simulate_results (QwDocument               *doc,
                  const QwSection          *section,
                  GRand                    *rand,
                  const QwSimulateOptions  *options,
                  GHashTable               *by_id,
                  int                       round,
                  GPtrArray                *games,
                  GError                  **error)
{
  g_autoptr(GArray) results = NULL;

  results = g_array_sized_new (FALSE, FALSE, sizeof (QwBoardResult), games->len);
  for (guint i = 0; i < games->len; i++)
    {
      const QwGame *g = g_ptr_array_index (games, i);
      QwBoardResult r = { g->board };

      if (g->result != QW_RESULT_NONE)
        continue;
      simulate_result (rand, options, g_hash_table_lookup (by_id, &g->red), g_hash_table_lookup (by_id, &g->black),
                       &r.input);
      if (section->system == QW_SYSTEM_KNOCKOUT && r.input.result == QW_RESULT_DRAW)
        simulate_playoff (rand, options, &r.input);
      g_array_append_val (results, r);
    }
  return qw_tournament_record_results (doc, section, round, (const QwBoardResult *) results->data, results->len,
                                       error);
}

static gboolean
simulate_withdrawals (QwDocument               *doc,
                      const QwSection          *section,
                      GRand                    *rand,
                      const QwSimulateOptions  *options,
                      GPtrArray                *entries,
                      GError                  **error)
{
  if (options->withdraw_rate <= 0)
    return TRUE;
  for (guint i = 0; i < entries->len; i++)
    {
      QwEntry *e = g_ptr_array_index (entries, i);

      if (e->status == QW_STATUS_WITHDRAWN || g_rand_double (rand) >= options->withdraw_rate)
        continue;
      if (!qw_tournament_withdraw (doc, section, e->id, error))
        return FALSE;
      e->status = QW_STATUS_WITHDRAWN;
    }
  return TRUE;
}

/* A round to play, and what became of it. */
typedef struct
{
  QwSection               **section;      /* replaced by the section as stored after the pairing */
  GRand                    *rand;
  const QwSimulateOptions  *options;
  GHashTable               *by_id;        /* entry id → entry of @entries */
  GPtrArray                *entries;
  int                       round;        /* the round played, 0 when it failed */
  GError                   *round_error;  /* why */
} RoundJob;

static gboolean
round_step (QwDocument  *doc,
            gpointer     data,
            GError     **error)
{
  RoundJob *job = data;
  g_auto(QwPairOutcome) outcome = { 0 };
  int round = qw_tournament_pair (doc, *job->section, NULL, &outcome, error);

  if (round == 0)
    return FALSE;
  qw_section_free (*job->section);
  *job->section = g_steal_pointer (&outcome.section);
  if (!simulate_results (doc, *job->section, job->rand, job->options, job->by_id, round, outcome.games, error)
      || (round < qw_tournament_total_rounds (doc, *job->section)
          && !simulate_withdrawals (doc, *job->section, job->rand, job->options, job->entries, error)))
    return FALSE;
  job->round = round;
  return TRUE;
}

/* One round, paired and played, in a step of its own (inside the field's,
 * for the first): if any of it fails, none of it stays. */
static void
play_round (QwDocument *doc,
            RoundJob   *job)
{
  job->round = 0;
  g_clear_error (&job->round_error);
  qw_document_run_step (doc, NULL, round_step, job, &job->round_error);
}

/* The field, and its first round: a round that fails leaves the field. */
static gboolean
field_step (QwDocument  *doc,
            gpointer     data,
            GError     **error)
{
  RoundJob *job = data;

  *job->section = register_field (doc, job->options, job->entries, error);
  if (*job->section == NULL)
    return FALSE;
  for (guint i = 0; i < job->entries->len; i++)
    {
      QwEntry *e = g_ptr_array_index (job->entries, i);

      g_hash_table_insert (job->by_id, &e->id, e);
    }
  if (qw_tournament_total_rounds (doc, *job->section) > 0)
    play_round (doc, job);
  return TRUE;
}

/**
 * qw_simulate:
 * @path: the document to create; a file there is replaced
 * @outcome: (out): what was done, also when it fails part way
 *
 * Creates a document and plays it out, a step a round (the field with the
 * first). On failure, @outcome says whether the document was created with
 * its players and how many whole rounds it holds. The steps are not kept
 * in the document's history: a simulated document starts without one, as a
 * created one does.
 */
gboolean
qw_simulate (const char               *path,
             const QwSimulateOptions  *options,
             QwSimulateOutcome        *outcome,
             GError                  **error)
{
  g_autoptr(GRand) rand = NULL;
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(QwDocument) doc = NULL;
  g_autoptr(QwSection) section = NULL;
  g_autoptr(GHashTable) by_id = NULL;
  RoundJob job;
  gboolean first = TRUE;

  g_return_val_if_fail (path != NULL && options != NULL && outcome != NULL, FALSE);
  g_return_val_if_fail (options->players >= 2 && options->rounds >= 1, FALSE);

  memset (outcome, 0, sizeof *outcome);
  rand = g_rand_new_with_seed (options->seed);
  entries = simulated_entries (rand, options->players);
  by_id = g_hash_table_new (g_int64_hash, g_int64_equal);
  job = (RoundJob) { &section, rand, options, by_id, entries, 0, NULL };
  doc = qw_document_create (path, QW_DOCUMENT_STOP, error);
  if (doc == NULL || !qw_document_run_step (doc, NULL, field_step, &job, error))
    return FALSE;
  outcome->created = TRUE;
  outcome->lottery_seed = section->settings.lottery_seed;
  while (outcome->played < qw_tournament_total_rounds (doc, section))
    {
      if (!first)
        play_round (doc, &job);
      first = FALSE;
      if (job.round == 0)
        {
          g_propagate_error (error, g_steal_pointer (&job.round_error));
          return FALSE;
        }
      outcome->played = job.round;
    }
  return TRUE;
}
