/* qw-cli-play.c: playing a stop from the command line
 *
 * simulate, pair, result, games, standings (the exact contract of issue 3),
 * and pair-manual, import-trf, export-trf, unpair, clear-result, explain,
 * and undo and redo (the document's history); the rest of an arbiter's day
 * is in qw-cli-arbiter.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "qw-cli.h"
#include "qw-error.h"
#include "qw-group-code.h"
#include "qw-player-ref.h"
#include "qw-simulate.h"
#include "qw-standings.h"
#include "qw-tournament.h"
#include "qw-entry-check.h"
#include "qw-knockout.h"
#include "qw-trf-document.h"
#include "qw-venue.h"

static int
no_of (QwCliContext *ctx,
       gint64        id)
{
  QwEntry *e = qw_cli_entry_by_id (ctx, id);

  return e != NULL ? e->no : 0;
}

/* Points and tie-breaks: whole numbers as JSON integers. */
static void
set_number_member (JsonObject *o,
                   const char *member,
                   double      value)
{
  if (value == floor (value) && fabs (value) < 1e15)
    json_object_set_int_member (o, member, (gint64) value);
  else
    json_object_set_double_member (o, member, value);
}

static char *
format_number (double value)
{
  if (value == floor (value))
    return g_strdup_printf ("%.0f", value);
  return g_strdup_printf ("%g", value);
}

static void
print_notes (GPtrArray *notes)
{
  for (guint i = 0; notes != NULL && i < notes->len; i++)
    g_printerr ("%s\n", (char *) g_ptr_array_index (notes, i));
}

/* games */

static JsonArray *
games_to_json (QwCliContext *ctx,
               GPtrArray    *games,
               int           round)
{
  JsonArray *array = json_array_new ();
  /* Who entered each result: "window", "cli", "device:NAME" (qw-venue.h). */
  g_autoptr(GHashTable) entered_by = ctx->section != NULL && ctx->section->id != 0
                                     ? qw_venue_entered_by (ctx->doc, ctx->section->id, NULL) : NULL;

  for (guint i = 0; i < games->len; i++)
    {
      const QwGame *g = g_ptr_array_index (games, i);
      const char *by = entered_by != NULL ? g_hash_table_lookup (entered_by, &g->id) : NULL;
      JsonObject *o;

      if (round > 0 && g->round != round)
        continue;
      o = json_object_new ();
      json_object_set_int_member (o, "round", g->round);
      json_object_set_int_member (o, "board", g->board);
      json_object_set_int_member (o, "red", no_of (ctx, g->red));
      if (g->black != 0)
        json_object_set_int_member (o, "black", no_of (ctx, g->black));
      else
        json_object_set_null_member (o, "black");
      json_object_set_string_member (o, "result", qw_result_to_code (g->result));
      /* The play-off of a drawn knockout game: "draw" is a drawn armageddon. */
      if (g->playoff != QW_PLAYOFF_NONE)
        json_object_set_string_member (o, "playoff", qw_playoff_to_code (g->playoff));
      else
        json_object_set_null_member (o, "playoff");
      json_object_set_boolean_member (o, "armageddon", g->armageddon);
      if (by != NULL && g->result != QW_RESULT_NONE)
        json_object_set_string_member (o, "entered_by", by);
      else
        json_object_set_null_member (o, "entered_by");
      json_array_add_object_element (array, o);
    }
  return array;
}

static char *
fouls_text (const QwGame *g)
{
  if (g->red_fouls == 0 && g->black_fouls == 0)
    return g_strdup ("");
  return g_strdup_printf ("%d/%d", g->red_fouls, g->black_fouls);
}

/* The rows of the players absent from @round, after its boards: a 请假, or
 * a late entry's missed round with the points it was given. */
static void
add_absent_rows (QwCliContext *ctx,
                 GPtrArray    *rows,
                 GPtrArray    *absences,
                 int           round)
{
  for (guint i = 0; absences != NULL && i < absences->len; i++)
    {
      const QwAbsence *a = g_ptr_array_index (absences, i);
      g_autofree char *r = NULL, *who = NULL, *points = NULL, *shown = NULL;

      if (a->round != round)
        continue;
      r = g_strdup_printf ("%d", a->round);
      who = qw_cli_player_cell (ctx, a->entry_id);
      points = format_number (a->points);
      shown = a->kind == QW_ABSENCE_LEAVE ? g_strdup (_("absent (请假)"))
                                          : g_strdup_printf (_("absent (late entry): %s"), points);
      g_ptr_array_add (rows, g_strdupv ((char *[]) { r, (char *) "", who, shown, (char *) "", (char *) "", NULL }));
    }
}

static void
print_games_table (QwCliContext *ctx,
                   GPtrArray    *games,
                   int           round)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  g_autoptr(GPtrArray) absences = qw_tournament_list_absences (ctx->doc, ctx->section, NULL);
  int last = 0;

  g_ptr_array_add (rows, g_strdupv ((char *[]) { _("Round"), _("Board"), _("Red"), _("Result"), _("Black"),
                                                 _("Fouls"), NULL }));
  for (guint i = 0; i < games->len; i++)
    {
      const QwGame *g = g_ptr_array_index (games, i);
      g_autofree char *r = NULL, *bd = NULL, *red = NULL, *black = NULL, *fouls = NULL, *shown = NULL;
      const char *result = g->result == QW_RESULT_BYE ? _("bye") : qw_result_to_code (g->result);

      if (round > 0 && g->round != round)
        continue;
      if (g->round != last && last > 0)
        add_absent_rows (ctx, rows, absences, last);
      last = g->round;
      r = g_strdup_printf ("%d", g->round);
      bd = g_strdup_printf ("%d", g->board);
      red = qw_cli_player_cell (ctx, g->red);
      black = qw_cli_player_cell (ctx, g->black);
      fouls = fouls_text (g);
      shown = g->playoff != QW_PLAYOFF_NONE
              ? g_strdup_printf ("%s (%s)", result, qw_playoff_label (g->playoff, g->armageddon))
              : g_strdup (result);
      g_ptr_array_add (rows, g_strdupv ((char *[]) { r, bd, red, shown, g->black != 0 ? black : (char *) "",
                                                     fouls, NULL }));
    }
  if (last > 0)
    add_absent_rows (ctx, rows, absences, last);
  /* Absences from the round still to be paired. */
  if (round == 0 || round > last)
    {
      int next = ctx->section->id != 0 ? qw_document_last_round (ctx->doc, ctx->section->id) + 1 : 1;

      if (next > last && (round == 0 || round == next))
        add_absent_rows (ctx, rows, absences, next);
    }
  qw_cli_print_table (rows);
}

static int games_round;

static const GOptionEntry games_options[] = {
  { "round", 0, 0, G_OPTION_ARG_INT, &games_round, N_("Only this round"), "N" },
  { NULL },
};

static int
cmd_games (QwCliContext *ctx)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) games = NULL;

  if ((games = qw_document_list_games (ctx->doc, ctx->section->id, &error)) == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  if (ctx->json)
    {
      g_autoptr(JsonArray) array = games_to_json (ctx, games, games_round);

      qw_cli_print_json_array (array);
    }
  else
    print_games_table (ctx, games, games_round);
  return QW_CLI_OK;
}

/* standings */

static JsonArray *
standings_to_json (GPtrArray *rows)
{
  JsonArray *array = json_array_new ();

  for (guint i = 0; i < rows->len; i++)
    {
      const QwStandingRow *row = g_ptr_array_index (rows, i);
      JsonObject *o = json_object_new ();
      JsonObject *tiebreaks = json_object_new ();

      /* Issue 19: no place (excluded, a late entry not admitted) is null. */
      if (row->rank > 0)
        json_object_set_int_member (o, "rank", row->rank);
      else
        json_object_set_null_member (o, "rank");
      json_object_set_int_member (o, "no", row->no);
      json_object_set_string_member (o, "name", row->name);
      json_object_set_string_member (o, "unit", row->unit);
      set_number_member (o, "points", row->points);
      for (int t = 0; t < QW_N_TIEBREAKS; t++)
        set_number_member (tiebreaks, qw_tiebreak_to_code ((QwTiebreak) t), row->tiebreaks[t]);
      json_object_set_object_member (o, "tiebreaks", tiebreaks);
      json_array_add_object_element (array, o);
    }
  return array;
}

/* "王伟", "王伟 (excluded)", "王伟 (late entry)", "王伟 (withdrawn)", "王伟 (absent: round 3)" */
static char *
standing_name (const QwStandingRow *row)
{
  g_autoptr(GString) rounds = g_string_new (NULL);

  for (guint r = 0; row->rounds != NULL && r < row->rounds->len; r++)
    {
      const QwRoundCell *cell = &g_array_index (row->rounds, QwRoundCell, r);

      if (cell->absent)
        g_string_append_printf (rounds, "%s%d", rounds->len > 0 ? ", " : "", cell->round);
    }
  if (row->status == QW_STATUS_EXCLUDED)
    return g_strdup_printf (_("%s (excluded)"), row->name);
  if (row->status == QW_STATUS_LATE)
    return g_strdup_printf (_("%s (late entry)"), row->name);
  if (row->withdrawn)
    return g_strdup_printf (_("%s (withdrawn)"), row->name);
  if (rounds->len > 0)
    return g_strdup_printf (_("%s (absent: round %s)"), row->name, rounds->str);
  return g_strdup (row->name);
}

static void
print_standings_table (QwCliContext *ctx,
                       GPtrArray    *rows)
{
  g_autoptr(GPtrArray) table = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  g_auto(GStrv) chain = g_strsplit (ctx->section->settings.tiebreaks, ",", -1);
  g_autoptr(GPtrArray) header = g_ptr_array_new ();

  g_ptr_array_add (header, _("Rank"));
  g_ptr_array_add (header, _("No."));
  g_ptr_array_add (header, _("Name"));
  g_ptr_array_add (header, _("Unit"));
  g_ptr_array_add (header, _("Points"));
  /* The tie-breaks by their names in the reader's language, not their codes
   * (--json keeps the codes). */
  for (guint i = 0; chain[i] != NULL; i++)
    {
      QwTiebreak tb;

      g_ptr_array_add (header, qw_tiebreak_from_code (chain[i], &tb) ? (char *) qw_tiebreak_short_label (tb)
                                                                     : chain[i]);
    }
  g_ptr_array_add (header, NULL);
  g_ptr_array_add (table, g_strdupv ((char **) header->pdata));
  for (guint i = 0; i < rows->len; i++)
    {
      const QwStandingRow *row = g_ptr_array_index (rows, i);
      GPtrArray *cells = g_ptr_array_new ();

      g_ptr_array_add (cells, row->rank > 0 ? g_strdup_printf ("%d", row->rank) : g_strdup ("—"));
      g_ptr_array_add (cells, g_strdup_printf ("%d", row->no));
      g_ptr_array_add (cells, standing_name (row));
      g_ptr_array_add (cells, g_strdup (row->unit));
      g_ptr_array_add (cells, format_number (row->points));
      for (guint c = 0; chain[c] != NULL; c++)
        {
          QwTiebreak tb;

          g_ptr_array_add (cells, qw_tiebreak_from_code (chain[c], &tb) ? format_number (row->tiebreaks[tb])
                                                                         : g_strdup (""));
        }
      g_ptr_array_add (cells, NULL);
      g_ptr_array_add (table, g_ptr_array_free (cells, FALSE));
    }
  qw_cli_print_table (table);
}

static int standings_round;

static const GOptionEntry standings_options[] = {
  { "round", 0, 0, G_OPTION_ARG_INT, &standings_round, N_("Standings after this round"), "N" },
  { NULL },
};

static gboolean
standings_check (QwCliContext  *ctx,
                 GError       **error)
{
  if (standings_round >= 0)
    return TRUE;
  g_set_error_literal (error, QW_ERROR, QW_ERROR_INVALID, _("--round must be 1 or more"));
  return FALSE;
}

static int
cmd_standings (QwCliContext *ctx)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(GPtrArray) rows = NULL;
  g_autoptr(GPtrArray) absences = NULL;

  if ((games = qw_document_list_games (ctx->doc, ctx->section->id, &error)) == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  absences = qw_tournament_list_absences (ctx->doc, ctx->section, &error);
  if (absences == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  rows = qw_standings_compute_with_absences (ctx->ruleset, ctx->section, ctx->entries, games, absences,
                                             standings_round);
  if (ctx->json)
    {
      g_autoptr(JsonArray) array = standings_to_json (rows);

      qw_cli_print_json_array (array);
    }
  else
    print_standings_table (ctx, rows);
  return QW_CLI_OK;
}

/* pair, unpair */

static struct
{
  gboolean exclude_blocked;
  gboolean force;
  gboolean present_only;
} pair_opt;

static const GOptionEntry pair_options[] = {
  { "exclude-blocked", 0, 0, G_OPTION_ARG_NONE, &pair_opt.exclude_blocked,
    N_("Exclude the entries with a blocking problem (不具备参赛资格) and pair the rest"), NULL },
  { "force", 0, 0, G_OPTION_ARG_NONE, &pair_opt.force,
    N_("Pair the entries with a blocking problem anyway (logged; not asked again)"), NULL },
  { "present-only", 0, 0, G_OPTION_ARG_NONE, &pair_opt.present_only,
    N_("Round 1: pair only the players checked in (签到); the others are absent from round 1 (logged)"), NULL },
  { NULL },
};

static gboolean
pair_check (QwCliContext  *ctx,
            GError       **error)
{
  if (!(pair_opt.exclude_blocked && pair_opt.force))
    return TRUE;
  g_set_error_literal (error, QW_ERROR, QW_ERROR_INVALID, _("--exclude-blocked and --force exclude each other"));
  return FALSE;
}

/* The gate's blocked items as the contract has them: [{"no", "name",
 * "problems"}], the problems that block (the warnings are in the text
 * output and the core's list). */
static JsonArray *
gate_items_to_json (GPtrArray *items)
{
  JsonArray *array = json_array_new ();

  for (guint i = 0; items != NULL && i < items->len; i++)
    {
      QwGateItem *item = g_ptr_array_index (items, i);
      JsonObject *o;
      JsonArray *problems;

      if (item->blocking == 0)
        continue;
      o = json_object_new ();
      problems = json_array_new ();
      for (int p = 0; p < QW_N_PROBLEMS; p++)
        if (item->blocking & QW_PROBLEM_BIT (p))
          json_array_add_string_element (problems, qw_problem_code ((QwProblem) p));
      json_object_set_int_member (o, "no", item->entry->no);
      json_object_set_string_member (o, "name", item->entry->name);
      json_object_set_array_member (o, "problems", problems);
      json_array_add_object_element (array, o);
    }
  return array;
}

static void
print_gate_table (GPtrArray *items)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);

  g_ptr_array_add (rows, g_strdupv ((char *[]) { _("No."), _("Name"), _("Blocks pairing"), _("Warnings"), NULL }));
  for (guint i = 0; i < items->len; i++)
    {
      QwGateItem *item = g_ptr_array_index (items, i);
      g_autofree char *no = g_strdup_printf ("%d", item->entry->no);
      g_autofree char *blocking = qw_problems_join (item->blocking, TRUE, "；");
      g_autofree char *warnings = qw_problems_join (item->warnings, TRUE, "；");

      g_ptr_array_add (rows, g_strdupv ((char *[]) { no, item->entry->name, blocking, warnings, NULL }));
    }
  qw_cli_print_table (rows);
}

/* @items: the gate's list that refused the pairing. */
static int
pair_blocked (QwCliContext *ctx,
              GPtrArray    *items,
              GError       *error)
{
  g_autoptr(GError) owned = error;

  if (ctx->json)
    {
      g_autoptr(JsonObject) o = json_object_new ();

      json_object_set_array_member (o, "blocked", gate_items_to_json (items));
      qw_cli_print_json_object (o);
    }
  else if (items != NULL)
    print_gate_table (items);
  g_printerr (_("qiwang-cli: group %s was not paired: fix these entries, or pair with --exclude-blocked or "
                "--force\n"), ctx->section->code);
  return QW_CLI_BLOCKED;
}

static int
cmd_pair (QwCliContext *ctx)
{
  g_autoptr(GError) error = NULL;
  g_auto(QwPairOutcome) outcome = { 0 };
  QwPairRequest request = { QW_PAIR_GATE_CHECK, ctx->entries };
  GPtrArray *notes, *games, *before;
  QwPairGate gate;
  int round;

  request.gate = gate = pair_opt.force ? QW_PAIR_GATE_FORCE
                      : pair_opt.exclude_blocked ? QW_PAIR_GATE_EXCLUDE_BLOCKED : QW_PAIR_GATE_CHECK;
  request.present_only = pair_opt.present_only;
  /* The pairing takes the entries read to print the pairings, and gives the
   * games it stored and what the gate found (to say what an option did with
   * the blocked entries, or which ones block). */
  round = qw_tournament_pair (ctx->doc, ctx->section, &request, &outcome, &error);
  before = outcome.gate_items;
  if (round == 0 && g_error_matches (error, QW_ERROR, QW_ERROR_BLOCKED))
    return pair_blocked (ctx, before, g_steal_pointer (&error));
  if (round == 0)
    return qw_cli_fail (g_steal_pointer (&error));
  games = outcome.games;
  notes = outcome.notes;
  qw_section_free (ctx->section);
  ctx->section = g_steal_pointer (&outcome.section);
  /* Excluded or admitted now: the context's entries are read again. */
  if (gate != QW_PAIR_GATE_CHECK && qw_pair_gate_count_blocked (before) > 0)
    {
      g_clear_pointer (&ctx->entries_by_id, g_hash_table_unref);
      g_clear_pointer (&ctx->entries, g_ptr_array_unref);
      if ((ctx->entries = qw_document_list_section_entries (ctx->doc, ctx->section, &error)) == NULL)
        return qw_cli_fail (g_steal_pointer (&error));
    }
  if (ctx->json)
    {
      g_autoptr(JsonObject) o = json_object_new ();
      JsonArray *left_out = json_array_new ();

      json_object_set_int_member (o, "round", round);
      json_object_set_array_member (o, "games", games_to_json (ctx, games, round));
      if (gate != QW_PAIR_GATE_CHECK)
        json_object_set_array_member (o, gate == QW_PAIR_GATE_FORCE ? "forced" : "excluded",
                                      gate_items_to_json (before));
      for (guint i = 0; notes != NULL && i < notes->len; i++)
        json_array_add_string_element (left_out, g_ptr_array_index (notes, i));
      json_object_set_array_member (o, "notes", left_out);
      qw_cli_print_json_object (o);
      return QW_CLI_OK;
    }
  print_notes (notes);
  for (guint i = 0; before != NULL && i < before->len; i++)
    {
      QwGateItem *item = g_ptr_array_index (before, i);
      g_autofree char *why = NULL;

      if (item->blocking == 0)
        continue;
      why = qw_problems_join (item->blocking, TRUE, "；");
      g_printerr (gate == QW_PAIR_GATE_FORCE ? _("Paired anyway: %d %s (%s)\n") : _("Excluded: %d %s (%s)\n"),
                  item->entry->no, item->entry->name, why);
    }
  if (round == 1)
    qw_cli_print_field_warning (ctx);
  if (round == 1)
    {
      g_autofree char *seed = g_strdup_printf ("%" G_GUINT64_FORMAT, ctx->section->settings.lottery_seed);

      g_print (_("Lottery seed (抽签种子): %s\n"), seed);
    }
  print_games_table (ctx, games, round);
  return QW_CLI_OK;
}

/* pair-manual */

static struct
{
  char     *pairs;
  gboolean  force;
} pair_manual_opt;

static const GOptionEntry pair_manual_options[] = {
  { "pairs", 0, 0, G_OPTION_ARG_STRING, &pair_manual_opt.pairs,
    N_("The boards in order, red-black by player number or name, the bye as N-bye or N-轮空: "
       "\"1-5,6-2,7-bye\""), "PAIRS" },
  { "force", 0, 0, G_OPTION_ARG_NONE, &pair_manual_opt.force,
    N_("Record the round even when it breaks rules (logged)"), NULL },
  { NULL },
};

/* "1-5,6-2,7-bye" (also ， and 、 between boards, : or – within one, 轮空)
 * as the (red, black) sides typed, each a player as the manual-pairing
 * dialog takes one (qw_play_resolve_player()): a 序号, a name or a part of
 * one; black may be the bye. Names are resolved once the group is open. */
static GPtrArray *
parse_pairs (const char  *text,
             GError     **error)
{
  g_autoptr(GString) normal = g_string_new (NULL);
  g_auto(GStrv) items = NULL;
  g_autoptr(GPtrArray) boards = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);

  if (text == NULL)
    {
      g_set_error_literal (error, QW_ERROR, QW_ERROR_INVALID, _("give the round’s boards with --pairs \"1-5,6-2,7-bye\""));
      return NULL;
    }
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c == 0xFF0C || c == 0x3001 || c == ';')
        c = ',';
      else if (c == ':' || c == 0xFF1A || c == 0x2013 || c == 0x2014 || c == 0xFF0D)
        c = '-';
      g_string_append_unichar (normal, c);
    }
  items = g_strsplit (normal->str, ",", -1);
  for (guint i = 0; items[i] != NULL; i++)
    {
      char *item = g_strstrip (items[i]);
      g_auto(GStrv) sides = NULL;

      if (*item == '\0')
        continue;
      sides = g_strsplit (item, "-", -1);
      if (sides[0] == NULL || sides[1] == NULL || sides[2] != NULL || *g_strstrip (sides[0]) == '\0'
          || *g_strstrip (sides[1]) == '\0')
        {
          g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                       _("“%s” is not a board: write red-black by player number or name (1-5, 王伟-李强), "
                         "or N-bye (N-轮空)"), item);
          return NULL;
        }
      g_ptr_array_add (boards, g_steal_pointer (&sides));
    }
  if (boards->len == 0)
    {
      g_set_error_literal (error, QW_ERROR, QW_ERROR_INVALID, _("--pairs names no board"));
      return NULL;
    }
  return g_steal_pointer (&boards);
}

static gboolean
pair_manual_check (QwCliContext  *ctx,
                   GError       **error)
{
  g_autoptr(GPtrArray) boards = parse_pairs (pair_manual_opt.pairs, error);

  return boards != NULL;
}

static JsonArray *
strings_json (GPtrArray *strings)
{
  JsonArray *array = json_array_new ();

  for (guint i = 0; strings != NULL && i < strings->len; i++)
    json_array_add_string_element (array, g_ptr_array_index (strings, i));
  return array;
}

static int
cmd_pair_manual (QwCliContext *ctx)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) boards = g_array_new (FALSE, FALSE, sizeof (QwManualBoard));
  g_auto(QwPairOutcome) outcome = { 0 };
  GPtrArray *broken, *games;
  g_autoptr(GPtrArray) given = parse_pairs (pair_manual_opt.pairs, NULL);
  int round;

  /* Each side as the dialog reads its boxes: a number, a name or a part of
   * one, the bye; a name several players hold is refused with them. */
  for (guint i = 0; i < given->len; i++)
    {
      char **sides = g_ptr_array_index (given, i);
      QwManualBoard b = { 0, 0 };

      for (guint k = 0; k < 2; k++)
        {
          const QwEntry *e = NULL;
          QwPlayerRef ref = qw_play_resolve_player (ctx->entries, sides[k], k == 1, &e, &error);

          if (ref == QW_PLAYER_REF_UNKNOWN || ref == QW_PLAYER_REF_AMBIGUOUS)
            {
              g_prefix_error (&error, _("Board %u: "), i + 1);
              return qw_cli_fail (g_steal_pointer (&error));
            }
          if (ref == QW_PLAYER_REF_PLAYER)
            *(k == 0 ? &b.red : &b.black) = e->id;
        }
      g_array_append_val (boards, b);
    }
  round = qw_tournament_pair_manual (ctx->doc, ctx->section, (const QwManualBoard *) boards->data, boards->len,
                                     pair_manual_opt.force, &outcome, &error);
  broken = outcome.broken;
  if (round == 0 && g_error_matches (error, QW_ERROR, QW_ERROR_BLOCKED))
    {
      if (ctx->json)
        {
          g_autoptr(JsonObject) o = json_object_new ();

          json_object_set_array_member (o, "broken", strings_json (broken));
          qw_cli_print_json_object (o);
        }
      else
        for (guint i = 0; broken != NULL && i < broken->len; i++)
          g_print ("%s\n", (char *) g_ptr_array_index (broken, i));
      g_printerr (_("qiwang-cli: the round of group %s was not recorded: it breaks the rules above; "
                    "correct it, or record it with --force\n"), ctx->section->code);
      return QW_CLI_BLOCKED;
    }
  if (round == 0)
    return qw_cli_fail (g_steal_pointer (&error));
  games = outcome.games;
  qw_section_free (ctx->section);
  ctx->section = g_steal_pointer (&outcome.section);
  g_clear_pointer (&ctx->entries_by_id, g_hash_table_unref);
  g_clear_pointer (&ctx->entries, g_ptr_array_unref);
  if ((ctx->entries = qw_document_list_section_entries (ctx->doc, ctx->section, &error)) == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  if (ctx->json)
    {
      g_autoptr(JsonObject) o = json_object_new ();

      json_object_set_int_member (o, "round", round);
      json_object_set_array_member (o, "games", games_to_json (ctx, games, round));
      json_object_set_array_member (o, "broken", strings_json (broken));
      qw_cli_print_json_object (o);
      return QW_CLI_OK;
    }
  for (guint i = 0; broken != NULL && i < broken->len; i++)
    g_printerr (_("Warning: %s\n"), (char *) g_ptr_array_index (broken, i));
  print_games_table (ctx, games, round);
  return QW_CLI_OK;
}

/* import-trf, export-trf */

static char *import_trf_group;

static const GOptionEntry import_trf_options[] = {
  { "group", 0, 0, G_OPTION_ARG_STRING, &import_trf_group, N_("The code of the new group, e.g. open-m"), "CODE" },
  { NULL },
};

static gboolean
import_trf_check (QwCliContext  *ctx,
                  GError       **error)
{
  if (import_trf_group == NULL || import_trf_group[0] == '\0')
    {
      g_set_error_literal (error, QW_ERROR, QW_ERROR_INVALID, _("give the new group’s code with --group CODE"));
      return FALSE;
    }
  /* Before the document is opened: a code that could be a path is refused
   * with nothing read or written. */
  return qw_group_code_check (import_trf_group, error);
}

static int
cmd_import_trf (QwCliContext *ctx)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwTrf) trf = NULL;
  g_autoptr(QwTrfImport) import = NULL;

  if ((trf = qw_trf_read_file (ctx->args[0], &error)) == NULL
      || (import = qw_trf_import_group (ctx->doc, ctx->event, trf, import_trf_group, &error)) == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  if (ctx->json)
    {
      g_autoptr(JsonObject) o = json_object_new ();

      json_object_set_int_member (o, "players", import->players);
      json_object_set_int_member (o, "rounds", import->rounds);
      json_object_set_int_member (o, "games", import->games);
      json_object_set_array_member (o, "warnings", strings_json (import->warnings));
      qw_cli_print_json_object (o);
      return QW_CLI_OK;
    }
  g_print (_("Group %s (%s): %d players, %d rounds, %d games and byes\n"), import->section->code,
           qw_system_to_code (import->section->system), import->players, import->rounds, import->games);
  for (guint i = 0; i < import->warnings->len; i++)
    g_print (_("Warning: %s\n"), (char *) g_ptr_array_index (import->warnings, i));
  return QW_CLI_OK;
}

static char *export_trf_out;

static const GOptionEntry export_trf_options[] = {
  { "out", 0, 0, G_OPTION_ARG_FILENAME, &export_trf_out, N_("Where to write the TRF-2026 file"), "FILE.trf" },
  { NULL },
};

static gboolean
export_trf_check (QwCliContext  *ctx,
                  GError       **error)
{
  if (export_trf_out != NULL)
    return qw_cli_check_output (ctx, export_trf_out, error);
  g_set_error_literal (error, QW_ERROR, QW_ERROR_INVALID, _("give the file to write with --out FILE.trf"));
  return FALSE;
}

static int
cmd_export_trf (QwCliContext *ctx)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwTrf) trf = NULL;
  guint unplayed = 0;

  if ((trf = qw_trf_from_group (ctx->doc, ctx->event, ctx->section, &unplayed, &error)) == NULL
      || !qw_trf_write_file (trf, export_trf_out, &error))
    return qw_cli_fail (g_steal_pointer (&error));
  if (unplayed > 0)
    g_printerr (g_dngettext (GETTEXT_PACKAGE, "Warning: %u board has no result yet and is not in the file\n",
                             "Warning: %u boards have no result yet and are not in the file\n", unplayed),
                unplayed);
  g_print (_("%s: group %s, %u players, %d rounds (TRF-2026, no ID numbers)\n"), export_trf_out,
           ctx->section->code, trf->players->len, qw_trf_n_rounds (trf));
  return QW_CLI_OK;
}

static gboolean unpair_force;

static const GOptionEntry unpair_options[] = {
  { "force", 0, 0, G_OPTION_ARG_NONE, &unpair_force, N_("Unpair even if results were entered (they are lost)"), NULL },
  { NULL },
};

static int
cmd_unpair (QwCliContext *ctx)
{
  g_autoptr(GError) error = NULL;

  if (!qw_tournament_unpair_last (ctx->doc, ctx->section, unpair_force, NULL, &error))
    return qw_cli_fail (g_steal_pointer (&error));
  return QW_CLI_OK;
}

/* result, undo */

static gboolean
parse_result (const char  *text,
              QwResult    *out,
              GError     **error)
{
  g_autofree char *normal = g_strdup (text);

  /* A full-width colon, as typed with a Chinese input method. */
  if (strstr (text, "：") != NULL)
    {
      g_autoptr(GString) s = g_string_new (text);

      g_string_replace (s, "：", ":", 0);
      g_free (normal);
      normal = g_string_free (g_steal_pointer (&s), FALSE);
    }
  if (qw_result_from_code (normal, out) && *out != QW_RESULT_NONE && *out != QW_RESULT_BYE)
    return TRUE;
  g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
               _("“%s” is not a result; use 2:0, 1:1, 0:2, +:-, -:+ or -:-"), text);
  return FALSE;
}

static gboolean
parse_playoff (const char     *text,
               QwResultInput  *input,
               GError        **error)
{
  if (text == NULL)
    return TRUE;
  if (g_str_equal (text, "red"))
    input->playoff = QW_PLAYOFF_RED;
  else if (g_str_equal (text, "black"))
    input->playoff = QW_PLAYOFF_BLACK;
  else if (g_str_equal (text, "draw"))
    input->playoff = QW_PLAYOFF_DRAW;    /* an armageddon: a drawn play-off is a black win */
  else
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("--playoff is red, black or draw (a drawn armageddon)"));
      return FALSE;
    }
  return TRUE;
}

static struct
{
  int            red_fouls;
  int            black_fouls;
  gboolean       armageddon;
  char          *playoff;
  QwResultInput  input;      /* what the options and the RESULT say, checked */
} result_opt;

static const GOptionEntry result_options[] = {
  { "red-fouls", 0, 0, G_OPTION_ARG_INT, &result_opt.red_fouls, N_("Fouls (犯规) of the red player"), "N" },
  { "black-fouls", 0, 0, G_OPTION_ARG_INT, &result_opt.black_fouls, N_("Fouls of the black player"), "N" },
  { "playoff", 0, 0, G_OPTION_ARG_STRING, &result_opt.playoff, N_("Knockout: who won the play-off of a drawn game"),
    "red|black|draw" },
  { "armageddon", 0, 0, G_OPTION_ARG_NONE, &result_opt.armageddon,
    N_("The play-off was an armageddon (a draw is a black win); implied when the group plays armageddon play-offs"),
    NULL },
  { NULL },
};

/* ROUND BOARD RESULT */
static gboolean
result_check (QwCliContext  *ctx,
              GError       **error)
{
  QwResultInput *input = &result_opt.input;

  *input = (QwResultInput) { QW_RESULT_NONE, 0, 0, QW_PLAYOFF_NONE, FALSE };
  input->red_fouls = result_opt.red_fouls;
  input->black_fouls = result_opt.black_fouls;
  input->armageddon = result_opt.armageddon;
  return parse_result (ctx->args[2], &input->result, error)
         && parse_playoff (result_opt.playoff, input, error);
}

static int
cmd_result (QwCliContext *ctx)
{
  g_autoptr(GError) error = NULL;
  QwResultInput input = result_opt.input;

  /* A group whose play-offs are armageddons (its setting) needs no
   * --armageddon; one whose play-offs are not refuses it (the core says so). */
  if (input.playoff != QW_PLAYOFF_NONE && ctx->section->settings.armageddon)
    input.armageddon = TRUE;
  if (!qw_tournament_record_result (ctx->doc, ctx->section, ctx->round, ctx->board, &input, &error))
    return qw_cli_fail (g_steal_pointer (&error));
  return QW_CLI_OK;
}

static int
clear_result (QwCliContext *ctx,
              int           round,
              int           board)
{
  g_autoptr(GError) error = NULL;

  if (!qw_tournament_undo_result (ctx->doc, ctx->section, round, board, &error))
    return qw_cli_fail (g_steal_pointer (&error));
  return QW_CLI_OK;
}

/* GROUP ROUND BOARD */
static int
cmd_clear_result (QwCliContext *ctx)
{
  return clear_result (ctx, ctx->round, ctx->board);
}

/* undo, redo: the document's last step, as the window's Ctrl+Z takes it
 * back (the same core service); undo's old form clears a result. */

/* Nothing after DOC, or ROUND BOARD after DOC GROUP (the old form). */
static gboolean
undo_check (QwCliContext  *ctx,
            GError       **error)
{
  if (ctx->n_args == 0)
    return TRUE;
  if (ctx->n_args == 2)
    return qw_cli_parse_count (ctx->args[0], _("The round"), 1, 99, &ctx->round, error)
           && qw_cli_parse_count (ctx->args[1], _("The board"), 1, 100000, &ctx->board, error);
  g_set_error_literal (error, QW_ERROR, QW_ERROR_INVALID,
                       _("give the document alone (its last change is undone), or, as clear-result, "
                         "DOC GROUP ROUND BOARD"));
  return FALSE;
}

static int
move_history (QwCliContext *ctx,
              gboolean      undo)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *label = NULL;

  if (!(undo ? qw_document_undo (ctx->doc, 0, &label, &error) : qw_document_redo (ctx->doc, 0, &label, &error)))
    return qw_cli_fail (g_steal_pointer (&error));
  if (ctx->json)
    {
      g_autoptr(JsonObject) o = json_object_new ();

      json_object_set_string_member (o, undo ? "undone" : "redone", label);
      qw_cli_print_json_object (o);
    }
  else
    g_print (undo ? _("Undone: %s\n") : _("Redone: %s\n"), label);
  return QW_CLI_OK;
}

static int
cmd_undo (QwCliContext *ctx)
{
  if (ctx->section == NULL)
    return move_history (ctx, TRUE);
  g_printerr (_("qiwang-cli: “undo DOC GROUP ROUND BOARD” is now “clear-result DOC GROUP ROUND BOARD”; "
                "“undo DOC” takes back the document’s last change\n"));
  return clear_result (ctx, ctx->round, ctx->board);
}

static int
cmd_redo (QwCliContext *ctx)
{
  return move_history (ctx, FALSE);
}

/* explain, log */

static int
cmd_explain (QwCliContext *ctx)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);

  if ((games = qw_document_list_games (ctx->doc, ctx->section->id, &error)) == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  g_ptr_array_add (rows, g_strdupv ((char *[]) { _("Board"), _("Red"), _("Black"), _("Why"), NULL }));
  for (guint i = 0; i < games->len; i++)
    {
      const QwGame *g = g_ptr_array_index (games, i);
      g_autofree char *bd = NULL, *red = NULL, *black = NULL, *why = NULL;

      if (g->round != ctx->round)
        continue;
      bd = g_strdup_printf ("%d", g->board);
      red = qw_cli_player_cell (ctx, g->red);
      black = qw_cli_player_cell (ctx, g->black);
      why = g_strdelimit (g_strdup (g->explain), "\n", ' ');
      g_ptr_array_add (rows, g_strdupv ((char *[]) { bd, red, black, why, NULL }));
    }
  if (rows->len == 1)
    return qw_cli_fail (g_error_new (QW_ERROR, QW_ERROR_NOT_FOUND, _("Round %d of group %s has not been paired"),
                                     ctx->round, ctx->section->code));
  qw_cli_print_table (rows);
  return QW_CLI_OK;
}

/* simulate */

static gboolean
check_rate (double       rate,
            const char  *name,
            GError     **error)
{
  if (rate >= 0 && rate <= 1)
    return TRUE;
  g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("%s is a probability from 0 to 1"), name);
  return FALSE;
}

static struct
{
  char              *system;
  gint64             seed;
  QwSimulateOptions  sim;
} simulate_opt = { NULL, -1, { QW_SYSTEM_SWISS, 0, 0, 0, 0.25, 0.0, 0.0 } };

static const GOptionEntry simulate_options[] = {
  { "system", 0, 0, G_OPTION_ARG_STRING, &simulate_opt.system, N_("swiss, round-robin or knockout"), "SYSTEM" },
  { "players", 0, 0, G_OPTION_ARG_INT, &simulate_opt.sim.players, N_("Number of players"), "N" },
  { "rounds", 0, 0, G_OPTION_ARG_INT, &simulate_opt.sim.rounds,
    N_("Rounds (Swiss; a round robin or knockout plays all of its own)"), "R" },
  { "seed", 0, 0, G_OPTION_ARG_INT64, &simulate_opt.seed, N_("Seed of the players, the lottery and the results"), "S" },
  { "draw-rate", 0, 0, G_OPTION_ARG_DOUBLE, &simulate_opt.sim.draw_rate, N_("Share of drawn games (default 0.25)"),
    "P" },
  { "forfeit-rate", 0, 0, G_OPTION_ARG_DOUBLE, &simulate_opt.sim.forfeit_rate,
    N_("Share of forfeited games (default 0)"), "P" },
  { "withdraw-rate", 0, 0, G_OPTION_ARG_DOUBLE, &simulate_opt.sim.withdraw_rate,
    N_("Chance that a player withdraws after a round (default 0)"), "P" },
  { NULL },
};

static int
cmd_simulate (QwCliContext *ctx)
{
  const char *path = ctx->args[0];
  QwSimulateOptions *sim = &simulate_opt.sim;
  gint64 seed = simulate_opt.seed;
  g_autoptr(GError) error = NULL;
  g_autofree char *tmp = NULL;
  QwSimulateOutcome outcome;
  gboolean ok;

  if (simulate_opt.system == NULL || !qw_system_from_code (simulate_opt.system, &sim->system))
    return qw_cli_usage_error (ctx, _("--system is swiss, round-robin or knockout"));
  if (sim->players < 2 || sim->players > 100000)
    return qw_cli_usage_error (ctx, _("--players must be from 2 to 100000"));
  if (sim->rounds < 1 || sim->rounds > 99)
    return qw_cli_usage_error (ctx, _("--rounds must be from 1 to 99"));
  if (seed < 0 || seed > G_MAXUINT32)
    return qw_cli_usage_error (ctx, _("--seed must be a whole number from 0 to 4294967295"));
  if (!check_rate (sim->draw_rate, "--draw-rate", &error) || !check_rate (sim->forfeit_rate, "--forfeit-rate", &error)
      || !check_rate (sim->withdraw_rate, "--withdraw-rate", &error))
    return qw_cli_usage_error (ctx, error->message);
  if (sim->draw_rate + sim->forfeit_rate > 1)
    return qw_cli_usage_error (ctx, _("--draw-rate and --forfeit-rate add up to more than 1"));
  sim->seed = (guint32) seed;

  if (!qw_cli_check_new_document (ctx, path, &error))
    return qw_cli_usage_error (ctx, error->message);

  /* The document is built under a temporary name and renamed into place
   * once written: a killed run leaves no half document, and an existing one
   * (with --force) stays as it was until then. A run that stops part way
   * keeps what qw_simulate() committed (whole rounds), as it says. */
  if ((tmp = qw_cli_temporary_path (path, &error)) == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  ok = qw_simulate (tmp, sim, &outcome, &error);
  if (!outcome.created)
    {
      qw_cli_install_document (NULL, tmp, path, FALSE, NULL);
      return qw_cli_fail (g_steal_pointer (&error));
    }
  {
    g_autoptr(GError) install_error = NULL;
    g_autofree char *lottery = NULL;

    if (!qw_cli_install_document (NULL, tmp, path, TRUE, &install_error))
      return qw_cli_fail (g_steal_pointer (&install_error));
    lottery = g_strdup_printf ("%" G_GUINT64_FORMAT, outcome.lottery_seed);
    g_print (_("%s: %d players, %s, %d rounds played, lottery seed %s\n"), path, sim->players,
             qw_system_to_code (sim->system), outcome.played, lottery);
  }
  if (!ok)
    return qw_cli_fail (g_steal_pointer (&error));
  return QW_CLI_OK;
}

const QwCliCommand qw_cli_play_commands[] = {
  {
    .name = "simulate",
    .usage = "DOC --system swiss|round-robin|knockout --players N --rounds R --seed S [--draw-rate P] "
             "[--forfeit-rate P] [--withdraw-rate P] [--force]",
    .min_args = 1, .max_args = 1, .open = QW_CLI_OPEN_NOTHING, .flags = QW_CLI_FORCE, .options = simulate_options,
    .handler = cmd_simulate,
    .summary = N_("Create a document with one group (open-m) of generated players and play every round"),
  },
  {
    .name = "pair", .usage = "DOC GROUP [--json] [--exclude-blocked] [--force] [--present-only]", .min_args = 2, .max_args = 2,
    .open = QW_CLI_OPEN_SECTION, .flags = QW_CLI_JSON, .options = pair_options, .check = pair_check,
    .handler = cmd_pair,
    .summary = N_("Pair the next round of a group (exit 3: entries with a blocking problem, nothing paired)"),
  },
  {
    .name = "pair-manual", .usage = "DOC GROUP --pairs \"R-B,R-B,...,N-bye\" [--force] [--json]",
    .min_args = 2, .max_args = 2, .open = QW_CLI_OPEN_SECTION, .flags = QW_CLI_JSON,
    .options = pair_manual_options, .check = pair_manual_check,
    .handler = cmd_pair_manual,
    .summary = N_("Record the next round as typed in, checked against the rules (exit 3: rules broken, "
                  "nothing recorded)"),
  },
  {
    .name = "import-trf", .usage = "DOC FILE.trf --group CODE [--json]", .min_args = 2, .max_args = 2,
    .open = QW_CLI_OPEN_STOP, .flags = QW_CLI_JSON, .options = import_trf_options, .check = import_trf_check,
    .handler = cmd_import_trf,
    .summary = N_("Import a tournament from a FIDE TRF file as a new group, every round as played"),
  },
  {
    .name = "export-trf", .usage = "DOC GROUP --out FILE.trf [--force]", .min_args = 2, .max_args = 2,
    .open = QW_CLI_OPEN_SECTION, .flags = QW_CLI_FORCE, .options = export_trf_options, .check = export_trf_check,
    .handler = cmd_export_trf,
    .summary = N_("Write a group as a FIDE TRF-2026 file, for bbpPairings or JaVaFo to check"),
  },
  {
    .name = "unpair", .usage = "DOC GROUP [--force]", .min_args = 2, .max_args = 2, .open = QW_CLI_OPEN_SECTION,
    .options = unpair_options,
    .handler = cmd_unpair, .summary = N_("Remove the last round of a group"),
  },
  {
    .name = "result",
    .usage = "DOC GROUP ROUND BOARD 2:0|1:1|0:2|+:-|-:+|-:- [--red-fouls N] [--black-fouls N] "
             "[--playoff red|black|draw] [--armageddon]",
    .min_args = 5, .max_args = 5, .open = QW_CLI_OPEN_SECTION, .flags = QW_CLI_RESULT_CODES,
    .options = result_options, .check = result_check,
    .handler = cmd_result, .summary = N_("Record a result"),
  },
  {
    .name = "clear-result", .usage = "DOC GROUP ROUND BOARD", .min_args = 4, .max_args = 4,
    .open = QW_CLI_OPEN_SECTION,
    .handler = cmd_clear_result, .summary = N_("Clear a result: the board has none again"),
  },
  {
    .name = "undo", .usage = "DOC [--json]", .min_args = 1, .max_args = 4,
    .open = QW_CLI_OPEN_DOCUMENT_OR_SECTION, .flags = QW_CLI_JSON, .check = undo_check,
    .handler = cmd_undo,
    .summary = N_("Take back the document’s last change, wherever it was made, as the window’s Undo does "
                  "(“undo DOC GROUP ROUND BOARD”, the old clear-result, still works)"),
  },
  {
    .name = "redo", .usage = "DOC [--json]", .min_args = 1, .max_args = 1, .open = QW_CLI_OPEN_DOCUMENT,
    .flags = QW_CLI_JSON,
    .handler = cmd_redo, .summary = N_("Make again the last change undone, as the window’s Redo does"),
  },
  {
    .name = "games", .usage = "DOC GROUP [--round N] [--json]", .min_args = 2, .max_args = 2,
    .open = QW_CLI_OPEN_SECTION, .flags = QW_CLI_JSON, .options = games_options,
    .handler = cmd_games, .summary = N_("List a group’s games"),
  },
  {
    .name = "standings", .usage = "DOC GROUP [--round N] [--json]", .min_args = 2, .max_args = 2,
    .open = QW_CLI_OPEN_SECTION, .flags = QW_CLI_JSON, .options = standings_options, .check = standings_check,
    .handler = cmd_standings, .summary = N_("Standings with the tie-breaks"),
  },
  {
    .name = "explain", .usage = "DOC GROUP ROUND", .min_args = 3, .max_args = 3, .open = QW_CLI_OPEN_SECTION,
    .handler = cmd_explain, .summary = N_("Why each pair of a round was made"),
  },
  { NULL },
};
