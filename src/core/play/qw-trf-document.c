/* qw-trf-document.c: a group of a stop to and from a FIDE TRF
 *
 * In: every player line becomes an entry of the new group, numbered by its
 * start rank when those numbers are free (else after the stop's last
 * number), with its name, sex, rating and birth date. Every game is stored
 * as played, from white's (red's) side: results, forfeits, double forfeits,
 * and the pairing-allocated or full-point bye as Qiwang's bye. A round a
 * player was not paired in is stored as an absence with the points the file
 * gives it (a half-point bye a draw's, a zero-point bye or a blank round
 * nothing), so that the standings and the next round's pairing see the
 * same scores; a player whose line ends before the last round played has
 * withdrawn from the round after it. The start-rank order is the group's fixed draw (its Swiss
 * seeds or Berger numbers), so that Qiwang can go on pairing it. With a 162
 * record the group keeps the file's points (settings key "scores"); without,
 * the ruleset's.
 *
 * Out: start ranks follow the group's draw (else its 序号), points and
 * ranks its standings; a board without a result yet is left out; 162 gives the group's points, 222 the time control
 * when the stop gives one, 142 and XXR the rounds. Names, sex, rating and
 * birth date only: never an ID number.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-trf"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "qw-message.h"
#include "qw-document-entries.h"
#include "qw-document-play.h"
#include "qw-error.h"
#include "qw-group-code.h"
#include "qw-play.h"
#include "qw-standings.h"
#include "qw-tournament.h"
#include "qw-trf-document.h"

void
qw_trf_import_free (QwTrfImport *import)
{
  if (import == NULL)
    return;
  g_clear_pointer (&import->section, qw_section_free);
  g_clear_pointer (&import->warnings, g_ptr_array_unref);
  g_free (import);
}

static gboolean
text_has (const char *text,
          const char *const *words)
{
  g_autofree char *lower = text != NULL ? g_utf8_strdown (text, -1) : NULL;

  for (guint i = 0; lower != NULL && words[i] != NULL; i++)
    if (strstr (lower, words[i]) != NULL)
      return TRUE;
  return FALSE;
}

/* 092 (and 192) name the system: Swiss unless they say otherwise. */
static QwSystem
system_of (const QwTrf *trf)
{
  static const char *const robin[] = { "robin", "berger", "循环", NULL };
  static const char *const knockout[] = { "knock", "淘汰", "cup", NULL };

  if (text_has (trf->type, robin) || text_has (trf->encoded_type, robin))
    return QW_SYSTEM_ROUND_ROBIN;
  if (text_has (trf->type, knockout) || text_has (trf->encoded_type, knockout))
    return QW_SYSTEM_KNOCKOUT;
  return QW_SYSTEM_SWISS;
}

static char *
points_text (int tenths)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  return g_strdup (g_ascii_formatd (buffer, sizeof buffer, "%g", tenths / 10.0));
}

/* The 162 record as the group's "scores" setting. */
static char *
scores_of (const QwTrf *trf)
{
  g_autofree char *w = points_text (trf->points.win), *d = points_text (trf->points.draw);
  g_autofree char *l = points_text (trf->points.loss), *a = points_text (trf->points.absent);
  g_autofree char *p = points_text (trf->points.pab);

  return g_strdup_printf ("W=%s,D=%s,L=%s,A=%s,P=%s", w, d, l, a, p);
}

/* "1989/06/01" as 1989-06-01; a date with zeros (1989/00/00) is not a date. */
static char *
birth_of (const char *trf_birth)
{
  QwDate date;
  g_autofree char *iso = NULL;

  if (trf_birth == NULL || trf_birth[0] == '\0')
    return g_strdup ("");
  iso = g_strdelimit (g_strdup (trf_birth), "/.", '-');
  if (qw_date_parse_iso (iso, &date))
    return qw_date_to_iso_dup (date);
  return g_strdup ("");
}

static QwSex
sex_of (char trf_sex)
{
  return trf_sex == 'm' || trf_sex == 'M' ? QW_SEX_MALE : trf_sex == 'w' || trf_sex == 'f' || trf_sex == 'W'
                                                          || trf_sex == 'F' ? QW_SEX_FEMALE : QW_SEX_UNKNOWN;
}

static gboolean
is_blank_block (const QwTrfRound *b)
{
  return b->opponent == 0 && (b->result == ' ' || b->result == '\0');
}

/* The last round any player has a block for that is not blank. */
static int
played_rounds (const QwTrf *trf)
{
  int last = 0;

  for (guint i = 0; i < trf->players->len; i++)
    {
      const QwTrfPlayer *p = g_ptr_array_index (trf->players, i);

      for (guint r = 0; r < p->rounds->len; r++)
        {
          const QwTrfRound *b = &g_array_index (p->rounds, QwTrfRound, r);

          if (b->opponent != 0 || (b->result != ' ' && b->result != '\0'))
            last = MAX (last, (int) r + 1);
        }
    }
  return last;
}

static int
compare_start_rank (gconstpointer a,
                    gconstpointer b)
{
  const QwTrfPlayer *x = *(QwTrfPlayer *const *) a, *y = *(QwTrfPlayer *const *) b;

  return (x->start_rank > y->start_rank) - (x->start_rank < y->start_rank);
}

typedef struct
{
  QwTrfGame game;
  int       before;   /* the pair's higher score before the round, × 10 */
} Board;

static int
compare_boards (gconstpointer a,
                gconstpointer b)
{
  const Board *x = a, *y = b;
  gboolean xbye = x->game.black == 0, ybye = y->game.black == 0;
  int xlow = x->game.black != 0 ? MIN (x->game.red, x->game.black) : x->game.red;
  int ylow = y->game.black != 0 ? MIN (y->game.red, y->game.black) : y->game.red;

  if (xbye != ybye)
    return xbye ? 1 : -1;
  if (x->before != y->before)
    return x->before > y->before ? -1 : 1;
  return (xlow > ylow) - (xlow < ylow);
}

/* Points before @round (from 1) under the file's point system, × 10. */
static int
points_before (const QwTrf       *trf,
               const QwTrfPlayer *p,
               int                round)
{
  int sum = 0;

  for (int r = 1; r < round && (guint) r <= p->rounds->len; r++)
    sum += qw_trf_round_points (trf, &g_array_index (p->rounds, QwTrfRound, r - 1));
  return sum;
}

static QwEntry *
entry_from_player (const QwTrfPlayer *p,
                   const QwEvent     *event,
                   const char        *code,
                   int                no)
{
  QwEntry *e = qw_entry_new ();

  e->event_id = event->id;
  e->no = no;
  e->name = g_strdup (p->name);
  e->sex = sex_of (p->sex);
  e->birth = birth_of (p->birth);
  e->rating = p->rating > 0 && p->rating <= 4000 ? p->rating : 0;
  e->group_code = g_strdup (code);
  e->declared_group = g_strdup ("");
  e->doc_kind = QW_DOC_RESIDENT_ID;
  e->id_number = g_strdup ("");
  e->unit = g_strdup ("");
  e->grade = g_strdup ("");
  e->phone = g_strdup ("");
  return e;
}

/* What an unpaired round gave, in the group's points (@scores). The old
 * TRF-16 forms without an opponent count as their newer letters do (FIDE's
 * TRF description; bbpPairings' reader scores them so): "0000 - +" the
 * pairing-allocated bye (U), "0000 - =" a half-point bye (H), "0000 - -"
 * a zero-point bye (Z). */
static gboolean
absence_points (const QwTrfRound *b,
                const double      scores[QW_N_SCORES],
                double           *points)
{
  switch (b->result)
    {
    case 'H':
    case '=':
      *points = scores[QW_SCORE_RED_DRAW];
      return TRUE;
    case 'Z':
    case '-':
      *points = scores[QW_SCORE_FORFEIT_LOSS];
      return TRUE;
    case 'U':
    case 'F':
    case '+':
      return FALSE;   /* a bye: a game of its own */
    case ' ':
    case '\0':
    default:
      *points = 0;
      return TRUE;
    }
}

static gboolean
store_import (QwDocument      *doc,
              const QwEvent   *event,
              const QwTrf     *trf,
              const char      *code,
              QwTrfImport     *import,
              GError         **error)
{
  g_autoptr(QwRuleset) ruleset = qw_ruleset_lookup (event->ruleset, error);
  g_autoptr(GPtrArray) existing = NULL;
  g_autoptr(GPtrArray) order = g_ptr_array_new ();
  g_autoptr(GPtrArray) entries = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_entry_free);
  g_autoptr(GHashTable) by_rank = g_hash_table_new (NULL, NULL);
  g_autoptr(GHashTable) taken = g_hash_table_new (NULL, NULL);
  g_autoptr(GArray) trf_games = NULL;
  g_autoptr(GPtrArray) games = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_game_free);
  g_autoptr(GString) draw = g_string_new (NULL);
  g_autoptr(QwSection) section = NULL;
  g_autoptr(GString) log = g_string_new (NULL);
  double scores[QW_N_SCORES];
  int played = played_rounds (trf), offset = 0, max_no = 0, n_byes = 0;
  QwSystem system = system_of (trf);

  if (ruleset == NULL || (existing = qw_document_list_entries (doc, event->id, error)) == NULL)
    return FALSE;
  for (guint i = 0; i < trf->players->len; i++)
    g_ptr_array_add (order, g_ptr_array_index (trf->players, i));
  g_ptr_array_sort (order, compare_start_rank);

  /* Numbers: the start ranks, unless the stop uses some of them. */
  for (guint i = 0; i < existing->len; i++)
    {
      const QwEntry *e = g_ptr_array_index (existing, i);

      g_hash_table_add (taken, GINT_TO_POINTER (e->no));
      max_no = MAX (max_no, e->no);
    }
  for (guint i = 0; i < order->len && offset == 0; i++)
    if (g_hash_table_contains (taken, GINT_TO_POINTER (((QwTrfPlayer *) order->pdata[i])->start_rank)))
      offset = max_no;
  if (offset > 0)
    g_ptr_array_add (import->warnings,
                     g_strdup_printf (_("The stop already uses some of the file’s start ranks as numbers: "
                                        "start rank N is number %d + N"), offset));

  for (guint i = 0; i < order->len; i++)
    {
      const QwTrfPlayer *p = order->pdata[i];

      g_ptr_array_add (entries, entry_from_player (p, event, code, offset + p->start_rank));
      if (p->points10 != 0 && p->points10 != qw_trf_player_points (trf, p))
        {
          g_autofree char *given = points_text (p->points10), *sum = points_text (qw_trf_player_points (trf, p));

          g_ptr_array_add (import->warnings,
                           g_strdup_printf (_("Player %d (%s): the file gives %s points, but the rounds add up "
                                              "to %s"), p->start_rank, p->name, given, sum));
        }
    }
  trf_games = qw_trf_games (trf, import->warnings);
  if (!trf->has_points)
    g_ptr_array_add (import->warnings,
                     g_strdup (_("The file has no point system (162): the games are scored with the ruleset’s "
                                 "points")));

  if (!qw_document_add_entries (doc, event->id, entries, error))
    return FALSE;
  for (guint i = 0; i < order->len; i++)
    {
      const QwTrfPlayer *p = order->pdata[i];
      QwEntry *e = g_ptr_array_index (entries, i);

      g_hash_table_insert (by_rank, GINT_TO_POINTER (p->start_rank), e);
      g_string_append_printf (draw, "%s%" G_GINT64_FORMAT, i > 0 ? "," : "", e->id);
    }

  section = qw_tournament_new_section (doc, event, code, error);
  if (section == NULL)
    return FALSE;
  if (section->system != system)
    {
      section->system = system;
      qw_section_settings_clear (&section->settings);
      qw_section_settings_init (&section->settings, ruleset, system);
    }
  section->rounds = MAX (MAX (trf->n_rounds, played), 1);
  g_free (section->settings.seeding);
  section->settings.seeding = g_strdup ("order");
  g_free (section->settings.draw);
  section->settings.draw = g_strdup (draw->str);
  g_free (section->settings.scores);
  section->settings.scores = trf->has_points ? scores_of (trf) : g_strdup ("");
  if (!qw_document_add_section (doc, section, error))
    return FALSE;
  qw_section_scores (ruleset, section, scores);

  /* Each round's boards: the higher scores first, the byes last. */
  for (int r = 1; r <= played; r++)
    {
      g_autoptr(GArray) boards = g_array_new (FALSE, FALSE, sizeof (Board));

      for (guint i = 0; i < trf_games->len; i++)
        {
          const QwTrfGame *g = &g_array_index (trf_games, QwTrfGame, i);
          Board b = { *g, 0 };

          if (g->round != r)
            continue;
          b.before = points_before (trf, qw_trf_find_player (trf, g->red), r);
          if (g->black != 0)
            b.before = MAX (b.before, points_before (trf, qw_trf_find_player (trf, g->black), r));
          g_array_append_val (boards, b);
        }
      g_array_sort (boards, compare_boards);
      for (guint i = 0; i < boards->len; i++)
        {
          const QwTrfGame *g = &g_array_index (boards, Board, i).game;
          QwEntry *red = g_hash_table_lookup (by_rank, GINT_TO_POINTER (g->red));
          QwEntry *black = g->black != 0 ? g_hash_table_lookup (by_rank, GINT_TO_POINTER (g->black)) : NULL;
          QwGame *game = qw_game_new ();

          game->section_id = section->id;
          game->round = r;
          game->board = (int) i + 1;
          game->red = red->id;
          game->black = black != NULL ? black->id : 0;
          game->result = black != NULL ? g->result : QW_RESULT_BYE;
          game->explain = qw_message (N_("Imported from a TRF file"), NULL);
          n_byes += black == NULL;
          g_ptr_array_add (games, game);
        }
    }
  if (games->len > 0 && !qw_document_add_games (doc, games, error))
    return FALSE;

  /* The rounds a player was not paired in: blank rounds after the last
   * round the player has a block for are a withdrawal (退赛); blank rounds
   * before the first, the missed rounds of a late entry; a known absence
   * (Z), a half-point bye (H) or a blank round in between, an absence with
   * the points the file gives it. */
  for (guint i = 0; i < order->len; i++)
    {
      const QwTrfPlayer *p = order->pdata[i];
      QwEntry *e = g_ptr_array_index (entries, i);
      int first = 0, last = 0;

      for (int r = 1; r <= played && (guint) r <= p->rounds->len; r++)
        if (!is_blank_block (&g_array_index (p->rounds, QwTrfRound, r - 1)))
          {
            first = first == 0 ? r : first;
            last = r;
          }
      if (last > 0 && last < played
          && !qw_document_set_entry_status (doc, e->id, QW_STATUS_WITHDRAWN, last + 1, error))
        return FALSE;
      for (int r = 1; r <= (last > 0 ? last : played); r++)
        {
          QwTrfRound blank = { 0, ' ', ' ' };
          const QwTrfRound *b = (guint) r <= p->rounds->len ? &g_array_index (p->rounds, QwTrfRound, r - 1) : &blank;
          QwAbsence absence = { e->id, r, r < first ? QW_ABSENCE_LATE : QW_ABSENCE_LEAVE, 0 };

          if (b->opponent != 0 && qw_trf_find_player (trf, b->opponent) != NULL)
            continue;
          if (!absence_points (b, scores, &absence.points))
            continue;
          if (!qw_document_set_absence (doc, section->id, &absence, error))
            return FALSE;
        }
    }

  {
    /* Stored as messages, read in the reader's language (issue 19 point 22). */
    g_autofree char *head = qw_message_printf (N_("Group %s imported from a TRF file: %u players, %d rounds, "
                                                  "%u games and byes"), code, order->len, played, games->len);
    g_autofree char *warning = qw_message (N_("Warning:"), NULL);

    g_string_assign (log, head);
    for (guint i = 0; i < import->warnings->len; i++)
      g_string_append_printf (log, "\n%s %s", warning, (char *) g_ptr_array_index (import->warnings, i));
  }
  if (!qw_document_log_round (doc, section->id, 1, log->str, error))
    return FALSE;
  import->players = (int) order->len;
  import->rounds = played;
  import->games = (int) games->len;
  import->section = g_steal_pointer (&section);
  return TRUE;
}

/**
 * qw_trf_import_group:
 * @code: the new group's code: a group the ruleset knows, or a local one
 *
 * Creates the group @code of @event from @trf, as one step of the history
 * ("Import of group … from a TRF file"). A group that has entries or games
 * already is refused, and nothing is written.
 *
 * Returns: (transfer full): what was stored, or %NULL with @error
 */
typedef struct
{
  const QwEvent *event;
  const QwTrf   *trf;
  const char    *code;
  QwTrfImport   *import;
} TrfJob;

static gboolean
import_step (QwDocument  *doc,
             gpointer     data,
             GError     **error)
{
  TrfJob *job = data;

  return store_import (doc, job->event, job->trf, job->code, job->import, error);
}

QwTrfImport *
qw_trf_import_group (QwDocument     *doc,
                     const QwEvent  *event,
                     const QwTrf    *trf,
                     const char     *code,
                     GError        **error)
{
  g_autoptr(QwTrfImport) import = NULL;
  g_autoptr(QwSection) existing = NULL;
  g_autofree char *label = NULL;
  TrfJob job;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), NULL);

  if (!qw_group_code_check (code, error))
    return NULL;
  existing = qw_document_get_section (doc, event->id, code, NULL);
  if (existing != NULL || qw_document_group_has_entries (doc, event->id, code))
    {
      g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT,
                   _("Group %s has entries already; a TRF file is imported as a new group"), code);
      return NULL;
    }
  if (trf->players->len == 0)
    {
      g_set_error_literal (error, QW_ERROR, QW_ERROR_INVALID, _("The TRF file has no players"));
      return NULL;
    }
  import = g_new0 (QwTrfImport, 1);
  import->warnings = g_ptr_array_new_with_free_func (g_free);
  label = qw_message_printf (N_("Import of group %s from a TRF file"), code);
  job = (TrfJob) { event, trf, code, import };
  if (!qw_document_run_step (doc, label, import_step, &job, error))
    return NULL;
  return g_steal_pointer (&import);
}

/* Out */

static int
tenths (double points)
{
  return (int) lround (points * 10);
}

static char *
trf_date (QwDate date)
{
  if (!qw_date_is_set (date))
    return NULL;
  return g_strdup_printf ("%04d/%02d/%02d", date.year, date.month, date.day);
}

/* The start-rank order: the group's draw, then the rest by 序号. */
static GPtrArray *
start_order (const QwSection *section,
             GPtrArray       *entries)
{
  g_auto(GStrv) ids = g_strsplit (section->settings.draw != NULL ? section->settings.draw : "", ",", -1);
  g_autoptr(GHashTable) placed = g_hash_table_new (NULL, NULL);
  GPtrArray *order = g_ptr_array_new ();

  for (guint i = 0; ids[i] != NULL; i++)
    {
      gint64 id = g_ascii_strtoll (ids[i], NULL, 10);

      for (guint k = 0; k < entries->len; k++)
        {
          QwEntry *e = g_ptr_array_index (entries, k);

          if (e->id == id && g_hash_table_add (placed, e))
            g_ptr_array_add (order, e);
        }
    }
  for (guint k = 0; k < entries->len; k++)
    if (!g_hash_table_contains (placed, g_ptr_array_index (entries, k)))
      g_ptr_array_add (order, g_ptr_array_index (entries, k));
  return order;
}

static char
unpaired_code (double                points,
               const double          scores[QW_N_SCORES])
{
  if (fabs (points - scores[QW_SCORE_RED_DRAW]) < 1e-9 && points > 0)
    return 'H';
  if (fabs (points - scores[QW_SCORE_BYE]) < 1e-9 && points > 0)
    return 'F';
  return 'Z';
}

static const char *
type_of (QwSystem system)
{
  switch (system)
    {
    case QW_SYSTEM_ROUND_ROBIN:
      return "Round robin";
    case QW_SYSTEM_KNOCKOUT:
      return "Knockout";
    case QW_SYSTEM_SWISS:
    default:
      return "Swiss";
    }
}

/**
 * qw_trf_from_group:
 * @unplayed: (out) (optional): the boards left out because they have no
 *   result yet
 *
 * Returns: (transfer full): @section of @event as a TRF-2026 file's
 *   contents, or %NULL with @error
 */
QwTrf *
qw_trf_from_group (QwDocument       *doc,
                   const QwEvent    *event,
                   const QwSection  *section,
                   guint            *unplayed,
                   GError          **error)
{
  g_autoptr(QwRuleset) ruleset = qw_ruleset_lookup (event->ruleset, error);
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(GPtrArray) absences = NULL;
  g_autoptr(GPtrArray) standings = NULL;
  g_autoptr(GPtrArray) order = NULL;
  g_autoptr(GHashTable) rank_of = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  g_autoptr(QwTrf) trf = qw_trf_new ();
  double scores[QW_N_SCORES];
  int last = 0, rated = 0;
  guint n_unplayed = 0;

  if (ruleset == NULL || (entries = qw_document_list_section_entries (doc, section, error)) == NULL
      || (games = section->id != 0 ? qw_document_list_games (doc, section->id, error)
                                   : g_ptr_array_new_with_free_func ((GDestroyNotify) qw_game_free)) == NULL
      || (absences = section->id != 0 ? qw_document_list_absences (doc, section->id, error)
                                      : g_ptr_array_new_with_free_func (g_free)) == NULL)
    return NULL;
  if (entries->len == 0)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_NOT_FOUND, _("Group %s has no players"), section->code);
      return NULL;
    }
  if (entries->len > QW_TRF_MAX_PLAYERS)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_TOO_LARGE, _("A TRF file holds at most %d players"),
                   QW_TRF_MAX_PLAYERS);
      return NULL;
    }
  qw_section_scores (ruleset, section, scores);
  standings = qw_standings_compute_with_absences (ruleset, section, entries, games, absences, 0);
  order = start_order (section, entries);

  trf->name = g_strdup (event->name != NULL ? event->name : "");
  trf->city = g_strdup (event->place_city != NULL ? event->place_city : "");
  trf->federation = g_strdup ("CHN");
  trf->start_date = trf_date (event->start_date);
  trf->end_date = trf_date (event->end_date);
  trf->type = g_strdup (type_of (section->system));
  trf->chief_arbiter = g_strdup (event->chief_arbiter != NULL ? event->chief_arbiter : "");
  if (event->minutes > 0)
    {
      trf->time_per_game = g_strdup_printf ("%d min + %d s", event->minutes, event->increment);
      trf->time_control = g_strdup_printf ("%d+%d", event->minutes * 60, event->increment);
    }
  trf->n_rounds = qw_tournament_total_rounds (doc, section);
  trf->has_points = TRUE;
  trf->points.win = tenths (scores[QW_SCORE_RED_WIN]);
  trf->points.draw = tenths (scores[QW_SCORE_RED_DRAW]);
  trf->points.loss = tenths (scores[QW_SCORE_RED_LOSS]);
  trf->points.absent = tenths (scores[QW_SCORE_FORFEIT_LOSS]);
  trf->points.pab = tenths (scores[QW_SCORE_BYE]);

  for (guint i = 0; i < order->len; i++)
    {
      const QwEntry *e = g_ptr_array_index (order, i);
      QwTrfPlayer *p = qw_trf_add_player (trf, (int) i + 1, e->name);
      QwDate birth;
      gint64 *key = g_new (gint64, 1);

      *key = e->id;
      g_hash_table_insert (rank_of, key, GINT_TO_POINTER (i + 1));
      p->sex = e->sex == QW_SEX_MALE ? 'm' : e->sex == QW_SEX_FEMALE ? 'w' : ' ';
      p->rating = e->rating > 0 && e->rating <= 9999 ? e->rating : 0;
      rated += p->rating > 0;
      if (e->birth != NULL && qw_date_parse_iso (e->birth, &birth))
        {
          g_free (p->birth);
          p->birth = trf_date (birth);
        }
    }
  for (guint i = 0; i < games->len; i++)
    {
      const QwGame *g = g_ptr_array_index (games, i);
      int red = GPOINTER_TO_INT (g_hash_table_lookup (rank_of, &g->red));
      int black = g->black != 0 ? GPOINTER_TO_INT (g_hash_table_lookup (rank_of, &g->black)) : 0;

      if (red == 0 || (g->black != 0 && black == 0) || g->round > QW_TRF_MAX_ROUNDS)
        continue;
      /* A board without a result is not in the file: the TRF has no code
       * for it, and the programs that read one refuse a blank result. */
      if (g->result == QW_RESULT_NONE)
        {
          n_unplayed++;
          continue;
        }
      if (!qw_trf_set_game (trf, g->round, red, black, g->result, error))
        return NULL;
      last = MAX (last, g->round);
    }
  for (guint i = 0; i < absences->len; i++)
    {
      const QwAbsence *a = g_ptr_array_index (absences, i);
      int rank = GPOINTER_TO_INT (g_hash_table_lookup (rank_of, &a->entry_id));

      if (rank == 0 || a->round > QW_TRF_MAX_ROUNDS)
        continue;
      if (!qw_trf_set_unpaired (trf, a->round, rank, unpaired_code (a->points, scores), error))
        return NULL;
      last = MAX (last, a->round);
    }
  /* Every line as long as the rounds played: a round not paired is blank. */
  for (guint i = 0; i < trf->players->len && last > 0; i++)
    qw_trf_player_round (g_ptr_array_index (trf->players, i), last);
  for (guint i = 0; i < standings->len; i++)
    {
      const QwStandingRow *row = g_ptr_array_index (standings, i);
      int rank = GPOINTER_TO_INT (g_hash_table_lookup (rank_of, &row->entry_id));
      QwTrfPlayer *p = rank > 0 ? qw_trf_find_player (trf, rank) : NULL;

      if (p == NULL)
        continue;
      p->points10 = tenths (row->points);
      p->rank = row->rank;
    }
  trf->n_players = (int) trf->players->len;
  trf->n_rated = rated;
  if (unplayed != NULL)
    *unplayed = n_unplayed;
  return g_steal_pointer (&trf);
}
