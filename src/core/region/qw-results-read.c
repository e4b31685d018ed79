/* qw-results-read.c: the results file (成绩表) read as hostile input: size
 * limit, no DTD, schema validation, digest check, then the cross-references
 * the schema cannot express
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-results-file"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "qw-data.h"
#include "qw-error.h"
#include "qw-idcard.h"
#include "qw-results-file.h"
#include "qw-xml.h"
#include "qw-xml-seal.h"

/* Reading */

static char *
prop_or_empty (xmlNode    *node,
               const char *name)
{
  char *value = qw_xml_get_prop (node, name);

  return value != NULL ? value : g_strdup ("");
}

/* The schema's xs:date also takes 2021-07-03Z or -0001-01-01: such a date is
 * a problem, not a date left out. */
static QwDate
prop_date (xmlNode     *node,
           const char  *name,
           char       **problem)
{
  g_autofree char *value = qw_xml_get_prop (node, name);
  QwDate date = QW_DATE_NONE;

  if (value != NULL && !qw_date_parse_iso (value, &date) && *problem == NULL)
    *problem = g_strdup_printf (_("the date “%s” is not a date written YYYY-MM-DD"), value);
  return date;
}

static void
read_event (xmlNode    *node,
            QwResults  *results,
            char      **problem)
{
  QwEvent *e = results->event;
  xmlNode *place = qw_xml_first_child (node, "place");
  xmlNode *host = qw_xml_first_child (node, "host");
  xmlNode *dates = qw_xml_first_child (node, "dates");
  xmlNode *arbiter = qw_xml_first_child (node, "chief-arbiter");
  g_autoptr(GString) honours = g_string_new (NULL);
  g_autofree char *level = qw_xml_get_prop (node, "level");
  g_autofree char *host_level = qw_xml_get_prop (host, "level");

  results->uid = qw_xml_get_prop (node, "uid");
  g_free (e->ruleset);
  e->ruleset = qw_xml_get_prop (node, "ruleset");
  e->level = qw_level_from_code (level);
  g_free (e->system);
  e->system = qw_xml_get_prop (node, "system");
  e->rounds = qw_xml_get_prop_int (node, "rounds", 0);
  e->minutes = qw_xml_get_prop_int (node, "minutes", 0);
  e->increment = qw_xml_get_prop_int (node, "increment", 0);
  e->name = qw_xml_child_text (node, "name");
  e->region = qw_xml_child_text (node, "region");
  e->place_city = prop_or_empty (place, "city");
  e->place_county = prop_or_empty (place, "county");
  e->place_town = prop_or_empty (place, "town");
  e->host = qw_xml_get_text (host);
  e->host_level = qw_host_level_from_code (host_level);
  e->prefecture = prop_or_empty (host, "prefecture");
  e->county_city = prop_or_empty (host, "county-city");
  qw_xml_foreach_child (node, "honour", h)
    {
      g_autofree char *text = qw_xml_get_text (h);

      if (honours->len > 0)
        g_string_append (honours, "、");
      g_string_append (honours, g_strstrip (text));
    }
  e->honours = g_strdup (honours->str);
  e->start_date = prop_date (dates, "start", problem);
  e->end_date = prop_date (dates, "end", problem);
  e->venue = qw_xml_child_text (node, "venue");
  e->organiser = qw_xml_child_text (node, "organiser");
  e->chief_arbiter = qw_xml_get_text (arbiter);
  e->chief_arbiter_grade = prop_or_empty (arbiter, "grade");
  e->source = QW_SOURCE_IMPORTED;
}

static QwEntry *
read_player (xmlNode    *node,
             const char *group_code)
{
  QwEntry *e = qw_entry_new ();
  g_autofree char *sex = qw_xml_get_prop (node, "sex");
  g_autofree char *kind = qw_xml_get_prop (node, "id-kind");
  g_autofree char *status = qw_xml_get_prop (node, "status");

  e->no = qw_xml_get_prop_int (node, "no", 0);
  g_free (e->name);
  e->name = prop_or_empty (node, "name");
  e->sex = qw_sex_parse (sex);
  g_free (e->birth);
  e->birth = prop_or_empty (node, "birth");
  e->doc_kind = qw_doc_kind_from_code (kind);
  g_free (e->id_number);
  e->id_number = prop_or_empty (node, "id");
  g_free (e->unit);
  e->unit = prop_or_empty (node, "unit");
  g_free (e->grade);
  e->grade = prop_or_empty (node, "grade");
  g_free (e->declared_group);
  e->declared_group = prop_or_empty (node, "declared-group");
  g_free (e->group_code);
  e->group_code = g_strdup (group_code);
  e->status = qw_entry_status_from_code (status);
  e->rating = qw_xml_get_prop_int (node, "rating", 0);
  return e;
}

static QwResultsGame *
read_game (xmlNode *node)
{
  QwResultsGame *g = qw_results_game_new ();

  g->round = qw_xml_get_prop_int (node, "round", 0);
  g->board = qw_xml_get_prop_int (node, "board", 0);
  g->red = qw_xml_get_prop_int (node, "red", 0);
  g->black = qw_xml_get_prop_int (node, "black", 0);
  g_free (g->result);
  g->result = prop_or_empty (node, "result");
  g->red_fouls = qw_xml_get_prop_int (node, "red-fouls", 0);
  g->black_fouls = qw_xml_get_prop_int (node, "black-fouls", 0);
  g_free (g->playoff);
  g->playoff = prop_or_empty (node, "playoff");
  g->armageddon = qw_xml_get_prop_bool (node, "armageddon", FALSE);
  return g;
}

static QwResultsAbsence
read_absence (xmlNode *node)
{
  QwResultsAbsence a = { 0 };
  g_autofree char *kind = qw_xml_get_prop (node, "kind");

  a.no = qw_xml_get_prop_int (node, "no", 0);
  a.round = qw_xml_get_prop_int (node, "round", 0);
  if (!qw_absence_kind_from_code (kind, &a.kind))
    a.kind = QW_ABSENCE_LEAVE;
  a.points = qw_xml_get_prop_double (node, "points", 0);
  return a;
}

static QwResultsStanding *
read_standing (xmlNode *node)
{
  QwResultsStanding *s = qw_results_standing_new ();
  g_autofree char *values = prop_or_empty (node, "tiebreaks");
  g_auto(GStrv) parts = g_strsplit_set (g_strstrip (values), " \t\n", -1);

  s->rank = qw_xml_get_prop_int (node, "rank", 0);
  s->no = qw_xml_get_prop_int (node, "no", 0);
  s->points = qw_xml_get_prop_double (node, "points", 0);
  for (guint i = 0; parts[i] != NULL; i++)
    if (parts[i][0] != '\0')
      {
        double v = g_ascii_strtod (parts[i], NULL);

        g_array_append_val (s->tiebreaks, v);
      }
  return s;
}

static QwResultsGroup *
read_group_start (xmlNode *node)
{
  g_autofree char *code = prop_or_empty (node, "code");
  QwResultsGroup *group = qw_results_group_new (code);
  char *system = qw_xml_get_prop (node, "system");

  g_free (group->name);
  group->name = prop_or_empty (node, "name");
  if (system != NULL)
    {
      g_free (group->system);
      group->system = system;
    }
  group->rounds = qw_xml_get_prop_int (node, "rounds", 0);
  return group;
}

static void
strv_append (GStrv      *strv,
             const char *text)
{
  guint n = g_strv_length (*strv);

  *strv = g_renew (char *, *strv, n + 2);
  (*strv)[n] = g_strdup (text);
  (*strv)[n + 1] = NULL;
}

static void
read_tiebreak (QwResultsGroup *group,
               xmlNode        *node)
{
  g_autofree char *code = prop_or_empty (node, "code");
  g_autofree char *name = qw_xml_get_text (node);

  strv_append (&group->tiebreak_codes, code);
  strv_append (&group->tiebreak_names, name);
}

/* Consistency: what the schema cannot say
 *
 * A file whose digest is right can still say impossible things (it was
 * written by hand, or by another program, and sealed). After the digest,
 * the content is checked for what a tournament cannot be; the first problem
 * found refuses the file. */

typedef struct
{
  gint64 key;
  int    value;
} Pair;

static int
compare_pairs (gconstpointer a,
               gconstpointer b)
{
  const Pair *x = a, *y = b;

  if (x->key != y->key)
    return x->key < y->key ? -1 : 1;
  return (x->value > y->value) - (x->value < y->value);
}

/* The first key that is there twice, after sorting; -1 when none. */
static gint64
first_duplicate (GArray *pairs,
                 int    *first,
                 int    *second)
{
  g_array_sort (pairs, compare_pairs);
  for (guint i = 1; i < pairs->len; i++)
    {
      const Pair *a = &g_array_index (pairs, Pair, i - 1);
      const Pair *b = &g_array_index (pairs, Pair, i);

      if (a->key == b->key)
        {
          *first = a->value;
          *second = b->value;
          return a->key;
        }
    }
  return -1;
}

#define KEY(round, x) ((gint64) (round) * 1000000 + (x))

/* The most and the least a game gives, from the file's ruleset; a ruleset
 * this Qiwang does not know counts as the usual 2 for a win. */
static void
score_range (const QwResults *results,
             double          *lowest,
             double          *highest)
{
  g_autoptr(QwRuleset) ruleset = NULL;

  *lowest = 0;
  *highest = 2;
  if (results->event->ruleset == NULL || !qw_ruleset_id_is_valid (results->event->ruleset)
      || (ruleset = qw_ruleset_lookup (results->event->ruleset, NULL)) == NULL)
    return;
  for (int k = 0; k < QW_N_SCORES; k++)
    {
      *lowest = MIN (*lowest, ruleset->scores[k]);
      *highest = MAX (*highest, ruleset->scores[k]);
    }
}

/* The rounds a group plays: as it says, or, where it does not say (0, the
 * schema's default), as many as its games and absences show. */
static int
group_rounds (const QwResultsGroup *group)
{
  int rounds = 0;

  if (group->rounds > 0)
    return group->rounds;
  for (guint i = 0; i < group->games->len; i++)
    rounds = MAX (rounds, ((QwResultsGame *) g_ptr_array_index (group->games, i))->round);
  for (guint i = 0; i < group->absences->len; i++)
    rounds = MAX (rounds, g_array_index (group->absences, QwResultsAbsence, i).round);
  return rounds;
}

static gboolean
check_games (const QwResultsGroup  *group,
             int                    rounds,
             GHashTable            *numbers,
             double                 lowest,
             double                 highest,
             const char            *display_name,
             GError               **error)
{
  g_autoptr(GArray) boards = g_array_sized_new (FALSE, FALSE, sizeof (Pair), group->games->len);
  g_autoptr(GArray) seats = g_array_sized_new (FALSE, FALSE, sizeof (Pair), group->games->len * 2);
  int first = 0, second = 0;
  gint64 twice;

  for (guint i = 0; i < group->games->len; i++)
    {
      const QwResultsGame *g = g_ptr_array_index (group->games, i);
      gboolean bye = g_str_equal (g->result, "bye");
      Pair board = { KEY (g->round, g->board), g->board };
      Pair red = { KEY (g->round, g->red), g->board };
      Pair black = { KEY (g->round, g->black), g->board };

      if (g->round < 1 || g->round > rounds)
        {
          g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                       _("%s: group %s has a game in round %d, board %d, but plays %d rounds"),
                       display_name, qw_results_group_display_name (group), g->round, g->board, rounds);
          return FALSE;
        }
      if (!g_hash_table_contains (numbers, GINT_TO_POINTER (g->red))
          || (g->black > 0 && !g_hash_table_contains (numbers, GINT_TO_POINTER (g->black))))
        {
          g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                       _("%s: group %s, round %d, board %d names player %d, who is not in the group"),
                       display_name, qw_results_group_display_name (group), g->round, g->board,
                       g_hash_table_contains (numbers, GINT_TO_POINTER (g->red)) ? g->black : g->red);
          return FALSE;
        }
      if (g->red == g->black)
        {
          g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                       _("%s: group %s, round %d, board %d: player %d plays against himself"),
                       display_name, qw_results_group_display_name (group), g->round, g->board, g->red);
          return FALSE;
        }
      if (bye != (g->black == 0))
        {
          g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                       bye ? _("%s: group %s, round %d, board %d is a bye with an opponent")
                           : _("%s: group %s, round %d, board %d has a result but no opponent"),
                       display_name, qw_results_group_display_name (group), g->round, g->board);
          return FALSE;
        }
      if (g->red_fouls > 100 || g->black_fouls > 100)
        {
          g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                       _("%s: group %s, round %d, board %d has more than 100 fouls"),
                       display_name, qw_results_group_display_name (group), g->round, g->board);
          return FALSE;
        }
      g_array_append_val (boards, board);
      g_array_append_val (seats, red);
      if (g->black > 0)
        g_array_append_val (seats, black);
    }
  for (guint i = 0; i < group->absences->len; i++)
    {
      const QwResultsAbsence *a = &g_array_index (group->absences, QwResultsAbsence, i);
      Pair seat = { KEY (a->round, a->no), 0 };

      if (!g_hash_table_contains (numbers, GINT_TO_POINTER (a->no)))
        {
          g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                       _("%s: group %s, round %d: an absence names a player of another group"),
                       display_name, qw_results_group_display_name (group), a->round);
          return FALSE;
        }
      if (a->round < 1 || a->round > rounds)
        {
          g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                       _("%s: group %s: player %d is absent in round %d, but the group plays %d rounds"),
                       display_name, qw_results_group_display_name (group), a->no, a->round, rounds);
          return FALSE;
        }
      if (!isfinite (a->points) || a->points < MIN (0, lowest) || a->points > highest
          || (a->kind == QW_ABSENCE_LEAVE && a->points != 0))
        {
          char buffer[G_ASCII_DTOSTR_BUF_SIZE];

          g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                       _("%s: group %s, round %d: player %d is given %s points for an absence"),
                       display_name, qw_results_group_display_name (group), a->round, a->no,
                       g_ascii_formatd (buffer, sizeof buffer, "%g", a->points));
          return FALSE;
        }
      g_array_append_val (seats, seat);
    }
  if ((twice = first_duplicate (boards, &first, &second)) >= 0)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                   _("%s: group %s has two games on round %d, board %d"),
                   display_name, qw_results_group_display_name (group), (int) (twice / 1000000), (int) (twice % 1000000));
      return FALSE;
    }
  if ((twice = first_duplicate (seats, &first, &second)) >= 0)
    {
      /* An absence sorts first (board 0). */
      if (first == 0 && second == 0)
        g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("%s: group %s, round %d: player %d is absent twice"),
                     display_name, qw_results_group_display_name (group), (int) (twice / 1000000), (int) (twice % 1000000));
      else if (first == 0)
        g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                     _("%s: group %s, round %d: player %d is absent but plays on board %d"),
                     display_name, qw_results_group_display_name (group), (int) (twice / 1000000), (int) (twice % 1000000),
                     second);
      else
        g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                     _("%s: group %s, round %d: player %d plays twice (boards %d and %d)"),
                     display_name, qw_results_group_display_name (group), (int) (twice / 1000000), (int) (twice % 1000000),
                     first, second);
      return FALSE;
    }
  return TRUE;
}

static gboolean
check_standings (const QwResultsGroup  *group,
                 int                    rounds,
                 GHashTable            *numbers,
                 double                 lowest,
                 double                 highest,
                 const char            *display_name,
                 GError               **error)
{
  guint n_tiebreaks = g_strv_length (group->tiebreak_codes);
  g_autoptr(GHashTable) ranked = g_hash_table_new (g_direct_hash, g_direct_equal);
  double most = highest * rounds, least = MIN (0, lowest * rounds);
  int previous = 0;
  gboolean unranked = FALSE;

  for (guint i = 0; i < group->standings->len; i++)
    {
      const QwResultsStanding *s = g_ptr_array_index (group->standings, i);

      if (!g_hash_table_contains (numbers, GINT_TO_POINTER (s->no)) || s->tiebreaks->len != n_tiebreaks)
        {
          g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                       _("%s: group %s, standing %d does not match the group's players or "
                         "tie-breaks"),
                       display_name, qw_results_group_display_name (group), s->rank);
          return FALSE;
        }
      if (!g_hash_table_add (ranked, GINT_TO_POINTER (s->no)))
        {
          g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                       _("%s: group %s ranks player %d twice"), display_name, qw_results_group_display_name (group), s->no);
          return FALSE;
        }
      /* Without a place (no rank: excluded, or a late entry not admitted):
       * only after every ranked player. */
      if (s->rank == 0)
        unranked = TRUE;
      else if (unranked || s->rank < previous || s->rank > (int) group->standings->len)
        {
          g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                       _("%s: group %s: the standings are not in order (place %d after place %d, of %u)"),
                       display_name, qw_results_group_display_name (group), s->rank, previous, group->standings->len);
          return FALSE;
        }
      if (s->rank > 0)
        previous = s->rank;
      if (!isfinite (s->points) || s->points < least || s->points > most)
        {
          char buffer[G_ASCII_DTOSTR_BUF_SIZE];

          g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                       g_dngettext (GETTEXT_PACKAGE, "%s: group %s: player %d has %s points, but %d round gives from %g to %g",
                                    "%s: group %s: player %d has %s points, but %d rounds give from %g to %g",
                                    (gulong) rounds),
                       display_name, qw_results_group_display_name (group), s->no,
                       g_ascii_formatd (buffer, sizeof buffer, "%g", s->points), rounds, least, most);
          return FALSE;
        }
      for (guint t = 0; t < s->tiebreaks->len; t++)
        if (!isfinite (g_array_index (s->tiebreaks, double, t)))
          {
            g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                         _("%s: group %s: player %d has a tie-break that is not a number"),
                         display_name, qw_results_group_display_name (group), s->no);
            return FALSE;
          }
    }
  return TRUE;
}

static gboolean
check_group (const QwResultsGroup  *group,
             GHashTable            *all_numbers,
             gboolean               is_public,
             double                 lowest,
             double                 highest,
             const char            *display_name,
             GError               **error)
{
  g_autoptr(GHashTable) numbers = g_hash_table_new (g_direct_hash, g_direct_equal);
  g_autoptr(GHashTable) ids = g_hash_table_new (g_str_hash, g_str_equal);
  int max_rounds = MAX (99, 2 * (int) MIN (group->players->len, 100000));
  int rounds = group_rounds (group);

  if (rounds > max_rounds)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                   _("%s: group %s plays %d rounds; a group of %u players plays at most %d"),
                   display_name, qw_results_group_display_name (group), rounds, group->players->len, max_rounds);
      return FALSE;
    }
  for (guint i = 0; i < group->players->len; i++)
    {
      const QwEntry *e = g_ptr_array_index (group->players, i);

      if (!g_hash_table_add (all_numbers, GINT_TO_POINTER (e->no)))
        {
          g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                       _("%s: the number (序号) %d is given to two players"), display_name, e->no);
          return FALSE;
        }
      g_hash_table_add (numbers, GINT_TO_POINTER (e->no));
      /* A masked number (440102********123X) may be shared by two people. */
      if (!is_public && e->id_number[0] != '\0' && !g_hash_table_add (ids, e->id_number))
        {
          g_autofree char *masked = qw_idcard_mask (e->id_number);

          g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                       _("%s: group %s has two players with the ID number %s"),
                       display_name, qw_results_group_display_name (group), masked);
          return FALSE;
        }
    }
  /* Standings without games or rounds (a group that was played elsewhere)
   * are still bounded by the most rounds a group can play. */
  return check_games (group, rounds, numbers, lowest, highest, display_name, error)
         && check_standings (group, rounds > 0 ? rounds : max_rounds, numbers, lowest, highest, display_name,
                             error);
}

static gboolean
check_results (const QwResults  *results,
               const char       *problem,
               const char       *display_name,
               GError          **error)
{
  g_autoptr(GHashTable) numbers = g_hash_table_new (g_direct_hash, g_direct_equal);
  g_autoptr(GHashTable) codes = g_hash_table_new (g_str_hash, g_str_equal);
  const QwEvent *e = results->event;
  double lowest, highest;

  if (problem != NULL)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID, "%s: %s", display_name, problem);
      return FALSE;
    }
  if (!qw_ruleset_id_is_valid (e->ruleset))
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("%s: “%s” is not a ruleset id"), display_name, e->ruleset);
      return FALSE;
    }
  if (qw_date_is_set (e->start_date) && qw_date_is_set (e->end_date)
      && qw_date_compare (e->end_date, e->start_date) < 0)
    {
      char start[QW_DATE_ISO_LEN], end[QW_DATE_ISO_LEN];

      qw_date_to_iso (e->start_date, start);
      qw_date_to_iso (e->end_date, end);
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("%s: the event ends (%s) before it starts (%s)"),
                   display_name, end, start);
      return FALSE;
    }
  score_range (results, &lowest, &highest);
  for (guint i = 0; i < results->groups->len; i++)
    {
      const QwResultsGroup *group = g_ptr_array_index (results->groups, i);

      if (!g_hash_table_add (codes, group->code))
        {
          g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("%s: two groups have the code “%s”"),
                       display_name, group->code);
          return FALSE;
        }
      if (!check_group (group, numbers, results->is_public, lowest, highest, display_name, error))
        return FALSE;
    }
  return TRUE;
}

static QwResultsCertificate *
read_certificate (xmlNode *node)
{
  QwResultsCertificate *c = qw_results_certificate_new ();

  g_free (c->code);
  c->code = prop_or_empty (node, "code");
  g_free (c->group);
  c->group = prop_or_empty (node, "group");
  c->no = qw_xml_get_prop_int (node, "no", 0);
  c->place = qw_xml_get_prop_int (node, "place", 0);
  g_free (c->title);
  c->title = prop_or_empty (node, "title");
  return c;
}

/* A certificate names a player of its group. */
static gboolean
check_certificate (const QwResults             *results,
                   const QwResultsCertificate  *c,
                   const char                  *display_name,
                   GError                     **error)
{
  for (guint i = 0; i < results->groups->len; i++)
    {
      const QwResultsGroup *group = g_ptr_array_index (results->groups, i);

      if (g_str_equal (group->code, c->group) && qw_results_group_find_player (group, c->no) != NULL)
        return TRUE;
    }
  g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
               _("%s: certificate %s names no player of group %s"), display_name, c->code, c->group);
  return FALSE;
}

/* Certificate codes are unique, and each names a player of its group. */
static gboolean
check_certificates (const QwResults  *results,
                    const char       *display_name,
                    GError          **error)
{
  g_autoptr(GHashTable) codes = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < results->certificates->len; i++)
    {
      const QwResultsCertificate *c = g_ptr_array_index (results->certificates, i);

      if (!g_hash_table_add (codes, c->code))
        {
          g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("%s: two certificates have the code %s"),
                       display_name, c->code);
          return FALSE;
        }
      if (!check_certificate (results, c, display_name, error))
        return FALSE;
    }
  return TRUE;
}

/* Reading, as a stream: the elements of <content> are read one at a time,
 * so that a large file never stands in memory as a tree. */
static QwResults *
read_results (QwSealedReader     *reader,
              const char         *display_name,
              QwResults          *into,
              QwResultsPartFunc   part_func,
              gpointer            user_data,
              GError            **error)
{
  g_autoptr(QwResults) owned = into == NULL ? qw_results_new () : NULL;
  QwResults *results = into != NULL ? into : owned;
  g_autofree char *digest = NULL;
  g_autofree char *problem = NULL;
  QwResultsGroup *group = NULL;
  QwResultsGroup *pending = NULL;   /* read, not yet handed to part_func */
  gboolean event_seen = FALSE, event_handed = FALSE;
  int depth;

  while (qw_sealed_reader_next (reader, &depth, error))
    {
      const char *name = qw_sealed_reader_name (reader);
      xmlNode *node;

      /* A child of <content> begins: the one before it is read whole. */
      if (depth == 1 && part_func != NULL)
        {
          if (event_seen && !event_handed)
            {
              results->is_public = g_strcmp0 (qw_sealed_reader_root_prop (reader, "form"), "public") == 0;
              part_func (results, NULL, user_data);
              event_handed = TRUE;
            }
          if (pending != NULL)
            part_func (results, g_steal_pointer (&pending), user_data);
          /* Handed out: never touched again. */
          group = NULL;
        }
      if (depth == 1 && g_str_equal (name, "certificate"))
        {
          if ((node = qw_sealed_reader_expand (reader)) != NULL)
            g_ptr_array_add (results->certificates, read_certificate (node));
          continue;
        }
      if (depth == 1 && g_str_equal (name, "group"))
        {
          g_ptr_array_add (results->groups, group = read_group_start (qw_sealed_reader_node (reader)));
          pending = group;
          continue;
        }
      if (depth > 2 || (depth == 2 && group == NULL) || (depth == 1 && !g_str_equal (name, "event")))
        continue;
      /* NULL when the element is cut short: the next step reports it. */
      if ((node = qw_sealed_reader_expand (reader)) == NULL)
        continue;
      if (depth == 1)
        {
          read_event (node, results, &problem);
          event_seen = TRUE;
        }
      else
        {
          if (g_str_equal (name, "player"))
            g_ptr_array_add (group->players, read_player (node, group->code));
          else if (g_str_equal (name, "game"))
            g_ptr_array_add (group->games, read_game (node));
          else if (g_str_equal (name, "absence"))
            {
              QwResultsAbsence absence = read_absence (node);

              g_array_append_val (group->absences, absence);
            }
          else if (g_str_equal (name, "standing"))
            g_ptr_array_add (group->standings, read_standing (node));
          else if (g_str_equal (name, "tiebreak"))
            read_tiebreak (group, node);
        }
    }
  if (part_func != NULL && (error == NULL || *error == NULL))
    {
      if (event_seen && !event_handed)
        {
          results->is_public = g_strcmp0 (qw_sealed_reader_root_prop (reader, "form"), "public") == 0;
          part_func (results, NULL, user_data);
          event_handed = TRUE;
        }
      if (pending != NULL)
        part_func (results, g_steal_pointer (&pending), user_data);
    }
  if ((error != NULL && *error != NULL) || !qw_sealed_reader_finish (reader, &digest, error))
    return NULL;
  /* Set once: a part handed out may be looked at meanwhile. */
  if (!event_handed)
    results->is_public = g_strcmp0 (qw_sealed_reader_root_prop (reader, "form"), "public") == 0;
  if (!check_results (results, problem, display_name, error))
    return NULL;
  if (!check_certificates (results, display_name, error))
    return NULL;
  results->digest = g_steal_pointer (&digest);
  return into != NULL ? into : g_steal_pointer (&owned);
}

/**
 * qw_results_read_memory:
 *
 * Reads untrusted bytes: size limit (qw-file.h), no document type, schema,
 * digest (over the root's attributes and the content), then the consistency
 * of what the file says (check_results()).
 *
 * Returns: the results, or %NULL with a message that names the file and the
 *   first problem found
 */
QwResults *
qw_results_read_memory (const char  *data,
                        gsize        length,
                        const char  *display_name,
                        GError     **error)
{
  g_autofree char *schema = qw_data_file ("schemas", "results.xsd", NULL);
  g_autoptr(QwSealedReader) reader = NULL;
  g_autoptr(GError) local_error = NULL;
  QwResults *results;

  reader = qw_sealed_reader_new (data, length, display_name, QW_FILE_RESULTS, schema, error);
  if (reader == NULL)
    return NULL;
  results = read_results (reader, display_name, NULL, NULL, NULL, &local_error);
  if (results == NULL)
    g_propagate_error (error, g_steal_pointer (&local_error));
  return results;
}

/**
 * qw_results_read_file:
 *
 * Reads a regular file of at most %QW_RESULTS_MAX_BYTES, then as
 * qw_results_read_memory().
 */
QwResults *
qw_results_read_file (const char  *path,
                      GError     **error)
{
  g_autofree char *display_name = g_filename_display_name (path);
  g_autofree char *data = NULL;
  gsize length = 0;

  if (!qw_file_read (path, QW_FILE_RESULTS, &data, &length, error))
    return NULL;
  return qw_results_read_memory (data, length, display_name, error);
}

/**
 * qw_results_read_file_in_parts:
 * @results: an empty results (qw_results_new()) to read into; the caller's,
 *   whatever happens, and freed by the caller once done with the parts
 * @part_func: called, in the thread reading, with the event (@group %NULL)
 *   once it is read, and with each group once it is read whole
 *
 * Reads as qw_results_read_file(), handing out the parts as they are read so
 * that a caller can store them while the rest is still read. Nothing handed
 * out is checked yet (schema, digest, consistency): only the value returned
 * says whether the file holds. A part handed out is not changed again.
 *
 * Returns: %FALSE, with the message of qw_results_read_file(), when the file
 *   does not hold; @results then holds what was read of it
 */
gboolean
qw_results_read_file_in_parts (const char         *path,
                               QwResults          *results,
                               QwResultsPartFunc   part_func,
                               gpointer            user_data,
                               GError            **error)
{
  g_autofree char *display_name = g_filename_display_name (path);
  g_autofree char *schema = qw_data_file ("schemas", "results.xsd", NULL);
  g_autoptr(QwSealedReader) reader = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autofree char *data = NULL;
  gsize length = 0;

  g_return_val_if_fail (results != NULL, FALSE);
  g_return_val_if_fail (part_func != NULL, FALSE);

  if (!qw_file_read (path, QW_FILE_RESULTS, &data, &length, error))
    return FALSE;
  reader = qw_sealed_reader_new (data, length, display_name, QW_FILE_RESULTS, schema, error);
  if (reader == NULL)
    return FALSE;
  if (read_results (reader, display_name, results, part_func, user_data, &local_error) == NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  return TRUE;
}
