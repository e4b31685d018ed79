/* qw-cli-play.c: playing a stop from the command line
 *
 * simulate, pair, result, games, standings (the exact contract of issue 3),
 * and unpair, undo, withdraw, reinstate, swap, repair, explain, sections,
 * settings, log and check for the rest of an arbiter's day.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "qw-cli.h"
#include "qw-demo.h"
#include "qw-document.h"
#include "qw-error.h"
#include "qw-play.h"
#include "qw-ruleset.h"
#include "qw-simulate.h"
#include "qw-standings.h"
#include "qw-tournament.h"
#include "qw-date.h"
#include "qw-document-entries.h"
#include "qw-document-play.h"
#include "qw-entry.h"
#include "qw-event.h"
#include "qw-game.h"
#include "qw-tiebreak.h"

static QwEntry *
entry_by_id (QwCliContext *ctx,
             gint64        id)
{
  /* A table of thousands of games looks players up by id: index them once. */
  if (ctx->entries_by_id == NULL)
    {
      ctx->entries_by_id = g_hash_table_new (g_int64_hash, g_int64_equal);
      for (guint i = 0; i < ctx->entries->len; i++)
        {
          QwEntry *e = g_ptr_array_index (ctx->entries, i);

          g_hash_table_insert (ctx->entries_by_id, &e->id, e);
        }
    }
  return g_hash_table_lookup (ctx->entries_by_id, &id);
}

static QwEntry *
entry_by_no_text (QwCliContext  *ctx,
                  const char    *text,
                  GError       **error)
{
  guint64 no;

  if (!g_ascii_string_to_unsigned (text, 10, 1, G_MAXINT, &no, NULL))
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("“%s” is not a player number (序号)"), text);
      return NULL;
    }
  for (guint i = 0; i < ctx->entries->len; i++)
    {
      QwEntry *e = g_ptr_array_index (ctx->entries, i);

      if (e->no == (int) no)
        return e;
    }
  g_set_error (error, QW_ERROR, QW_ERROR_NOT_FOUND, _("No player has number %s in group %s"), text,
               ctx->section->code);
  return NULL;
}

static int
no_of (QwCliContext *ctx,
       gint64        id)
{
  QwEntry *e = entry_by_id (ctx, id);

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

  for (guint i = 0; i < games->len; i++)
    {
      const QwGame *g = g_ptr_array_index (games, i);
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
      json_array_add_object_element (array, o);
    }
  return array;
}

static char *
player_cell (QwCliContext *ctx,
             gint64        id)
{
  QwEntry *e = entry_by_id (ctx, id);

  if (e == NULL)
    return g_strdup (id == 0 ? _("(bye)") : "?");
  return g_strdup_printf ("%d %s", e->no, e->name);
}

static char *
fouls_text (const QwGame *g)
{
  if (g->red_fouls == 0 && g->black_fouls == 0)
    return g_strdup ("");
  return g_strdup_printf ("%d/%d", g->red_fouls, g->black_fouls);
}

static void
print_games_table (QwCliContext *ctx,
                   GPtrArray    *games,
                   int           round)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);

  g_ptr_array_add (rows, g_strdupv ((char *[]) { _("Round"), _("Board"), _("Red"), _("Result"), _("Black"),
                                                 _("Fouls"), NULL }));
  for (guint i = 0; i < games->len; i++)
    {
      const QwGame *g = g_ptr_array_index (games, i);
      g_autofree char *r = NULL, *bd = NULL, *red = NULL, *black = NULL, *fouls = NULL, *shown = NULL;
      const char *result = g->result == QW_RESULT_BYE ? _("bye") : qw_result_to_code (g->result);

      if (round > 0 && g->round != round)
        continue;
      r = g_strdup_printf ("%d", g->round);
      bd = g_strdup_printf ("%d", g->board);
      red = player_cell (ctx, g->red);
      black = player_cell (ctx, g->black);
      fouls = fouls_text (g);
      shown = g->playoff != QW_PLAYOFF_NONE
              ? g_strdup_printf ("%s (%s)", result, g->playoff == QW_PLAYOFF_RED ? _("play-off: red")
                                                                            : _("play-off: black"))
              : g_strdup (result);
      g_ptr_array_add (rows, g_strdupv ((char *[]) { r, bd, red, shown, g->black != 0 ? black : (char *) "",
                                                     fouls, NULL }));
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

      json_object_set_int_member (o, "rank", row->rank);
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
  for (guint i = 0; chain[i] != NULL; i++)
    g_ptr_array_add (header, chain[i]);
  g_ptr_array_add (header, NULL);
  g_ptr_array_add (table, g_strdupv ((char **) header->pdata));
  for (guint i = 0; i < rows->len; i++)
    {
      const QwStandingRow *row = g_ptr_array_index (rows, i);
      GPtrArray *cells = g_ptr_array_new ();

      g_ptr_array_add (cells, g_strdup_printf ("%d", row->rank));
      g_ptr_array_add (cells, g_strdup_printf ("%d", row->no));
      g_ptr_array_add (cells, row->withdrawn ? g_strdup_printf (_("%s (withdrawn)"), row->name) : g_strdup (row->name));
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

  if ((games = qw_document_list_games (ctx->doc, ctx->section->id, &error)) == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  rows = qw_standings_compute (ctx->ruleset, ctx->section, ctx->entries, games, standings_round);
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

static int
cmd_pair (QwCliContext *ctx)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) notes = NULL;
  g_autoptr(GPtrArray) games = NULL;
  int round;

  /* The entries read to print the pairings are those the pairing reads, and
   * it gives the games it stored. */
  round = qw_tournament_pair_next_with (ctx->doc, ctx->section, ctx->entries, &games, &notes, &error);
  if (round == 0)
    return qw_cli_fail (g_steal_pointer (&error));
  print_notes (notes);
  if (round == 1)
    {
      g_autofree char *seed = g_strdup_printf ("%" G_GUINT64_FORMAT, ctx->section->settings.lottery_seed);

      g_print (_("Lottery seed (抽签种子): %s\n"), seed);
    }
  print_games_table (ctx, games, round);
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

  if (!qw_tournament_unpair_last (ctx->doc, ctx->section, unpair_force, &error))
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
               gboolean        armageddon,
               QwResultInput  *input,
               GError        **error)
{
  if (text == NULL)
    return TRUE;
  if (g_str_equal (text, "red"))
    input->playoff = QW_PLAYOFF_RED;
  else if (g_str_equal (text, "black"))
    input->playoff = QW_PLAYOFF_BLACK;
  else if (g_str_equal (text, "draw") && armageddon)
    input->playoff = QW_PLAYOFF_BLACK;   /* armageddon: a drawn play-off is a black win */
  else
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                   g_str_equal (text, "draw") ? _("A drawn play-off decides nothing unless it is an armageddon "
                                                  "(--armageddon)")
                                              : _("--playoff is red, black or (with --armageddon) draw"));
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
    N_("The play-off was an armageddon (a draw is a black win)"), NULL },
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
         && parse_playoff (result_opt.playoff, result_opt.armageddon, input, error);
}

static int
cmd_result (QwCliContext *ctx)
{
  g_autoptr(GError) error = NULL;

  if (!qw_tournament_record_result (ctx->doc, ctx->section, ctx->round, ctx->board, &result_opt.input, &error))
    return qw_cli_fail (g_steal_pointer (&error));
  return QW_CLI_OK;
}

static int
cmd_undo (QwCliContext *ctx)
{
  g_autoptr(GError) error = NULL;

  if (!qw_tournament_undo_result (ctx->doc, ctx->section, ctx->round, ctx->board, &error))
    return qw_cli_fail (g_steal_pointer (&error));
  return QW_CLI_OK;
}

/* withdraw, reinstate */

static int
withdrawal (QwCliContext *ctx,
            gboolean      withdraw)
{
  g_autoptr(GError) error = NULL;
  QwEntry *e;

  if ((e = entry_by_no_text (ctx, ctx->args[0], &error)) == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  if (!(withdraw ? qw_tournament_withdraw : qw_tournament_reinstate) (ctx->doc, ctx->section, e->id, &error))
    return qw_cli_fail (g_steal_pointer (&error));
  return QW_CLI_OK;
}

static int
cmd_withdraw (QwCliContext *ctx)
{
  return withdrawal (ctx, TRUE);
}

static int
cmd_reinstate (QwCliContext *ctx)
{
  return withdrawal (ctx, FALSE);
}

/* swap, repair, check */

static int
print_warnings (GPtrArray *warnings)
{
  for (guint i = 0; i < warnings->len; i++)
    g_print (_("Warning: %s\n"), (char *) g_ptr_array_index (warnings, i));
  return QW_CLI_OK;
}

/* ROUND NO NO */
static int
cmd_swap (QwCliContext *ctx)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) warnings = NULL;
  QwEntry *a, *b;

  if ((a = entry_by_no_text (ctx, ctx->args[1], &error)) == NULL
      || (b = entry_by_no_text (ctx, ctx->args[2], &error)) == NULL
      || (warnings = qw_tournament_swap_players (ctx->doc, ctx->section, ctx->round, a->id, b->id, &error)) == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  return print_warnings (warnings);
}

/* ROUND BOARD RED [BLACK] */
static int
cmd_repair (QwCliContext *ctx)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) warnings = NULL;
  QwEntry *red, *black = NULL;

  if ((red = entry_by_no_text (ctx, ctx->args[2], &error)) == NULL
      || (ctx->n_args == 4 && (black = entry_by_no_text (ctx, ctx->args[3], &error)) == NULL)
      || (warnings = qw_tournament_repair_board (ctx->doc, ctx->section, ctx->round, ctx->board, red->id,
                                                 black != NULL ? black->id : 0, &error)) == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  return print_warnings (warnings);
}

static int
cmd_check (QwCliContext *ctx)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) warnings = NULL;

  if ((warnings = qw_tournament_check_round (ctx->doc, ctx->section, ctx->round, &error)) == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  if (warnings->len == 0)
    g_print (_("Round %d keeps every rule.\n"), ctx->round);
  return print_warnings (warnings);
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
      red = player_cell (ctx, g->red);
      black = player_cell (ctx, g->black);
      why = g_strdelimit (g_strdup (g->explain), "\n", ' ');
      g_ptr_array_add (rows, g_strdupv ((char *[]) { bd, red, black, why, NULL }));
    }
  if (rows->len == 1)
    return qw_cli_fail (g_error_new (QW_ERROR, QW_ERROR_NOT_FOUND, _("Round %d of group %s has not been paired"),
                                     ctx->round, ctx->section->code));
  qw_cli_print_table (rows);
  return QW_CLI_OK;
}

static int
cmd_log (QwCliContext *ctx)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) lines = NULL;

  if ((lines = qw_document_list_arbiter_log (ctx->doc, ctx->section->id, &error)) == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  for (guint i = 0; i < lines->len; i++)
    {
      QwRoundLogLine *line = g_ptr_array_index (lines, i);

      g_print ("%s  %s\n", line->at, line->message);
    }
  return QW_CLI_OK;
}

/* sections, settings */

static void
print_section (QwCliContext    *ctx,
               const QwSection *s)
{
  g_autofree char *settings = qw_section_settings_to_text (&s->settings);
  g_autoptr(GPtrArray) entries = qw_document_list_section_entries (ctx->doc, s, NULL);

  g_print ("%s  %s  %s  ", s->code, s->name, qw_system_to_code (s->system));
  g_print (_("%d rounds (%d paired), %u players\n"), qw_tournament_total_rounds (ctx->doc, s),
           s->id != 0 ? qw_document_last_round (ctx->doc, s->id) : 0, entries != NULL ? entries->len : 0);
  g_print ("%s", settings);
}

static int
cmd_sections (QwCliContext *ctx)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) sections = NULL;

  if ((sections = qw_document_list_sections (ctx->doc, ctx->event->id, &error)) == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  for (guint i = 0; i < sections->len; i++)
    {
      if (i > 0)
        g_print ("\n");
      print_section (ctx, g_ptr_array_index (sections, i));
    }
  return QW_CLI_OK;
}

/* "system", "rounds" and "name" are the section's own fields; anything else
 * is a setting. */
static gboolean
apply_setting (QwSection   *section,
               const char  *assignment,
               GError     **error)
{
  g_auto(GStrv) kv = g_strsplit (assignment, "=", 2);

  if (kv[0] == NULL || kv[1] == NULL)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("Settings are written KEY=VALUE, not “%s”"), assignment);
      return FALSE;
    }
  if (g_str_equal (kv[0], "system"))
    {
      if (qw_system_from_code (kv[1], &section->system))
        return TRUE;
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("system is swiss, round-robin or knockout, not “%s”"), kv[1]);
      return FALSE;
    }
  if (g_str_equal (kv[0], "rounds"))
    return qw_cli_parse_count (kv[1], "rounds", 1, 99, &section->rounds, error);
  if (g_str_equal (kv[0], "name"))
    {
      g_free (section->name);
      section->name = g_strdup (kv[1]);
      return TRUE;
    }
  return qw_section_settings_set (&section->settings, kv[0], kv[1], error);
}

/* [KEY=VALUE…] */
static int
cmd_settings (QwCliContext *ctx)
{
  g_autoptr(GError) error = NULL;

  for (int i = 0; i < ctx->n_args; i++)
    if (!apply_setting (ctx->section, ctx->args[i], &error))
      return qw_cli_usage_error (ctx, error->message);
  if (ctx->n_args > 0 && !qw_tournament_update_section (ctx->doc, ctx->section, &error))
    return qw_cli_fail (g_steal_pointer (&error));
  print_section (ctx, ctx->section);
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

  ok = qw_simulate (path, sim, &outcome, &error);
  if (!outcome.created)
    return qw_cli_fail (g_steal_pointer (&error));
  {
    g_autofree char *lottery = g_strdup_printf ("%" G_GUINT64_FORMAT, outcome.lottery_seed);

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
             "[--forfeit-rate P] [--withdraw-rate P]",
    .min_args = 1, .max_args = 1, .open = QW_CLI_OPEN_NOTHING, .options = simulate_options,
    .handler = cmd_simulate,
    .summary = N_("Create a document with one group (open-m) of generated players and play every round"),
  },
  {
    .name = "pair", .usage = "DOC GROUP", .min_args = 2, .max_args = 2, .open = QW_CLI_OPEN_SECTION_STORED,
    .handler = cmd_pair, .summary = N_("Pair the next round of a group"),
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
    .name = "undo", .usage = "DOC GROUP ROUND BOARD", .min_args = 4, .max_args = 4, .open = QW_CLI_OPEN_SECTION,
    .handler = cmd_undo, .summary = N_("Undo a result"),
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
  {
    .name = "withdraw", .usage = "DOC GROUP NO", .min_args = 3, .max_args = 3, .open = QW_CLI_OPEN_SECTION,
    .handler = cmd_withdraw, .summary = N_("A player withdraws (退赛): not paired any more"),
  },
  {
    .name = "reinstate", .usage = "DOC GROUP NO", .min_args = 3, .max_args = 3, .open = QW_CLI_OPEN_SECTION,
    .handler = cmd_reinstate, .summary = N_("Take back a withdrawal"),
  },
  {
    .name = "swap", .usage = "DOC GROUP ROUND NO NO", .min_args = 5, .max_args = 5, .open = QW_CLI_OPEN_SECTION,
    .handler = cmd_swap, .summary = N_("Swap two players in the last round (checked, logged)"),
  },
  {
    .name = "repair", .usage = "DOC GROUP ROUND BOARD RED [BLACK]", .min_args = 5, .max_args = 6,
    .open = QW_CLI_OPEN_SECTION,
    .handler = cmd_repair, .summary = N_("Re-pair a board of the last round (checked, logged)"),
  },
  {
    .name = "check", .usage = "DOC GROUP ROUND", .min_args = 3, .max_args = 3, .open = QW_CLI_OPEN_SECTION,
    .handler = cmd_check, .summary = N_("List the rules a round breaks"),
  },
  {
    .name = "log", .usage = "DOC GROUP", .min_args = 2, .max_args = 2, .open = QW_CLI_OPEN_SECTION,
    .handler = cmd_log, .summary = N_("The arbiter’s changes to a group"),
  },
  {
    .name = "sections", .usage = "DOC", .min_args = 1, .max_args = 1, .open = QW_CLI_OPEN_STOP,
    .handler = cmd_sections, .summary = N_("The groups as played, with their settings"),
  },
  {
    .name = "settings", .usage = "DOC GROUP [KEY=VALUE...]", .min_args = 2, .max_args = -1,
    .open = QW_CLI_OPEN_SECTION_TO_CHANGE,
    .handler = cmd_settings, .summary = N_("Show or change a group’s settings"),
  },
  { NULL },
};
