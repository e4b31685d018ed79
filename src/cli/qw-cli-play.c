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

/* What most commands open: the document, its event, ruleset and a group. */
typedef struct
{
  QwDocument *doc;
  QwEvent    *event;
  QwRuleset  *ruleset;
  QwSection  *section;
  GPtrArray  *entries;   /* the group's entries, by 序号 */
  GHashTable *by_id;     /* entry id → entry, made on first use */
} Play;

static void
play_clear (Play *p)
{
  g_clear_object (&p->doc);
  g_clear_pointer (&p->event, qw_event_free);
  g_clear_pointer (&p->ruleset, qw_ruleset_unref);
  g_clear_pointer (&p->section, qw_section_free);
  g_clear_pointer (&p->by_id, g_hash_table_unref);
  g_clear_pointer (&p->entries, g_ptr_array_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Play, play_clear)

/* A group that has entries but no section yet reads as an empty section
 * with the defaults, so that reading commands never write. */
static QwSection *
unstored_section (Play       *p,
                  const char *code)
{
  QwSection *section = qw_section_new ();

  section->event_id = p->event->id;
  section->code = g_strdup (code);
  section->name = qw_ruleset_group_label (p->ruleset, code);
  if (!qw_system_from_code (p->event->system, &section->system))
    section->system = QW_SYSTEM_SWISS;
  section->rounds = p->event->rounds;
  qw_section_settings_clear (&section->settings);
  qw_section_settings_init (&section->settings, p->ruleset, section->system);
  return section;
}

static gboolean
play_open (Play        *p,
           const char  *path,
           const char  *code,
           gboolean     create,
           GError     **error)
{
  g_autoptr(GError) missing = NULL;

  p->doc = qw_document_open (path, error);
  if (p->doc == NULL || (p->event = qw_document_get_main_event (p->doc, error)) == NULL
      || (p->ruleset = qw_ruleset_lookup (p->event->ruleset, error)) == NULL)
    return FALSE;
  if (code == NULL)
    return TRUE;
  p->section = qw_tournament_find_section (p->doc, code, create, &missing);
  if (p->section == NULL)
    {
      g_autoptr(QwSection) probe = unstored_section (p, code);
      g_autoptr(GPtrArray) entries = qw_document_list_section_entries (p->doc, probe, NULL);

      if (create || entries == NULL || entries->len == 0)
        {
          g_propagate_error (error, g_steal_pointer (&missing));
          return FALSE;
        }
      p->section = g_steal_pointer (&probe);
    }
  p->entries = qw_document_list_section_entries (p->doc, p->section, error);
  return p->entries != NULL;
}

static QwEntry *
entry_by_id (Play   *p,
             gint64  id)
{
  if (p->by_id == NULL)
    {
      p->by_id = g_hash_table_new (g_int64_hash, g_int64_equal);
      for (guint i = 0; i < p->entries->len; i++)
        {
          QwEntry *e = g_ptr_array_index (p->entries, i);

          g_hash_table_insert (p->by_id, &e->id, e);
        }
    }
  return g_hash_table_lookup (p->by_id, &id);
}

static QwEntry *
entry_by_no_text (Play        *p,
                  const char  *text,
                  GError     **error)
{
  guint64 no;

  if (!g_ascii_string_to_unsigned (text, 10, 1, G_MAXINT, &no, NULL))
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("“%s” is not a player number (序号)"), text);
      return NULL;
    }
  for (guint i = 0; i < p->entries->len; i++)
    {
      QwEntry *e = g_ptr_array_index (p->entries, i);

      if (e->no == (int) no)
        return e;
    }
  g_set_error (error, QW_ERROR, QW_ERROR_NOT_FOUND, _("No player has number %s in group %s"), text,
               p->section->code);
  return NULL;
}

static gboolean
parse_count (const char  *text,
             const char  *what,
             int          min,
             int          max,
             int         *out,
             GError     **error)
{
  guint64 value;

  if (!g_ascii_string_to_unsigned (text, 10, (guint64) min, (guint64) max, &value, NULL))
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("%s must be a whole number from %d to %d, not “%s”"),
                   what, min, max, text);
      return FALSE;
    }
  *out = (int) value;
  return TRUE;
}

static int
no_of (Play   *p,
       gint64  id)
{
  QwEntry *e = entry_by_id (p, id);

  return e != NULL ? e->no : 0;
}

static void
add_number (JsonBuilder *b,
            double       value)
{
  if (value == floor (value) && fabs (value) < 1e15)
    json_builder_add_int_value (b, (gint64) value);
  else
    json_builder_add_double_value (b, value);
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

static JsonNode *
games_to_json (Play      *p,
               GPtrArray *games,
               int        round)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  json_builder_begin_array (b);
  for (guint i = 0; i < games->len; i++)
    {
      const QwGame *g = g_ptr_array_index (games, i);

      if (round > 0 && g->round != round)
        continue;
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "round");
      json_builder_add_int_value (b, g->round);
      json_builder_set_member_name (b, "board");
      json_builder_add_int_value (b, g->board);
      json_builder_set_member_name (b, "red");
      json_builder_add_int_value (b, no_of (p, g->red));
      json_builder_set_member_name (b, "black");
      if (g->black != 0)
        json_builder_add_int_value (b, no_of (p, g->black));
      else
        json_builder_add_null_value (b);
      json_builder_set_member_name (b, "result");
      json_builder_add_string_value (b, qw_result_to_code (g->result));
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  return json_builder_get_root (b);
}

static char *
player_cell (Play   *p,
             gint64  id)
{
  QwEntry *e = entry_by_id (p, id);

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
print_games_table (Play      *p,
                   GPtrArray *games,
                   int        round)
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
      red = player_cell (p, g->red);
      black = player_cell (p, g->black);
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

int
qw_cli_games (int    argc,
              char **argv)
{
  gboolean json = FALSE;
  int round = 0;
  GOptionEntry options[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print JSON"), NULL },
    { "round", 0, 0, G_OPTION_ARG_INT, &round, N_("Only this round"), "N" },
    { NULL },
  };
  g_autoptr(GError) error = NULL;
  g_auto(Play) p = { 0 };
  g_autoptr(GPtrArray) games = NULL;

  if (!qw_cli_parse (options, "games", "DOC GROUP", &argc, &argv, &error))
    return qw_cli_usage_error ("games", error->message);
  if (argc != 3)
    return qw_cli_usage_error ("games", _("give the document and the group code, e.g. open-m"));
  if (!play_open (&p, argv[1], argv[2], FALSE, &error)
      || (games = qw_document_list_games (p.doc, p.section->id, &error)) == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  if (json)
    {
      g_autoptr(JsonNode) root = games_to_json (&p, games, round);

      qw_cli_print_json (root);
    }
  else
    print_games_table (&p, games, round);
  return QW_CLI_OK;
}

/* standings */

static JsonNode *
standings_to_json (GPtrArray *rows)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  json_builder_begin_array (b);
  for (guint i = 0; i < rows->len; i++)
    {
      const QwStandingRow *row = g_ptr_array_index (rows, i);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "rank");
      json_builder_add_int_value (b, row->rank);
      json_builder_set_member_name (b, "no");
      json_builder_add_int_value (b, row->no);
      json_builder_set_member_name (b, "name");
      json_builder_add_string_value (b, row->name);
      json_builder_set_member_name (b, "unit");
      json_builder_add_string_value (b, row->unit);
      json_builder_set_member_name (b, "points");
      add_number (b, row->points);
      json_builder_set_member_name (b, "tiebreaks");
      json_builder_begin_object (b);
      for (int t = 0; t < QW_N_TIEBREAKS; t++)
        {
          json_builder_set_member_name (b, qw_tiebreak_to_code ((QwTiebreak) t));
          add_number (b, row->tiebreaks[t]);
        }
      json_builder_end_object (b);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  return json_builder_get_root (b);
}

static void
print_standings_table (Play      *p,
                       GPtrArray *rows)
{
  g_autoptr(GPtrArray) table = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  g_auto(GStrv) chain = g_strsplit (p->section->settings.tiebreaks, ",", -1);
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

int
qw_cli_standings (int    argc,
                  char **argv)
{
  gboolean json = FALSE;
  int round = 0;
  GOptionEntry options[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print JSON"), NULL },
    { "round", 0, 0, G_OPTION_ARG_INT, &round, N_("Standings after this round"), "N" },
    { NULL },
  };
  g_autoptr(GError) error = NULL;
  g_auto(Play) p = { 0 };
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(GPtrArray) rows = NULL;

  if (!qw_cli_parse (options, "standings", "DOC GROUP", &argc, &argv, &error))
    return qw_cli_usage_error ("standings", error->message);
  if (argc != 3)
    return qw_cli_usage_error ("standings", _("give the document and the group code, e.g. open-m"));
  if (round < 0)
    return qw_cli_usage_error ("standings", _("--round must be 1 or more"));
  if (!play_open (&p, argv[1], argv[2], FALSE, &error)
      || (games = qw_document_list_games (p.doc, p.section->id, &error)) == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  rows = qw_standings_compute (p.ruleset, p.section, p.entries, games, round);
  if (json)
    {
      g_autoptr(JsonNode) root = standings_to_json (rows);

      qw_cli_print_json (root);
    }
  else
    print_standings_table (&p, rows);
  return QW_CLI_OK;
}

/* pair, unpair */

int
qw_cli_pair (int    argc,
             char **argv)
{
  GOptionEntry options[] = { { NULL } };
  g_autoptr(GError) error = NULL;
  g_auto(Play) p = { 0 };
  g_autoptr(GPtrArray) notes = NULL;
  g_autoptr(GPtrArray) games = NULL;
  int round;

  if (!qw_cli_parse (options, "pair", "DOC GROUP", &argc, &argv, &error))
    return qw_cli_usage_error ("pair", error->message);
  if (argc != 3)
    return qw_cli_usage_error ("pair", _("give the document and the group code, e.g. open-m"));
  if (!play_open (&p, argv[1], argv[2], TRUE, &error))
    return qw_cli_fail (g_steal_pointer (&error));
  round = qw_tournament_pair_next (p.doc, p.section, &notes, &error);
  if (round == 0 || (games = qw_document_list_round_games (p.doc, p.section->id, round, &error)) == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  print_notes (notes);
  if (round == 1)
    {
      g_autofree char *seed = g_strdup_printf ("%" G_GUINT64_FORMAT, p.section->settings.lottery_seed);

      g_print (_("Lottery seed (抽签种子): %s\n"), seed);
    }
  print_games_table (&p, games, round);
  return QW_CLI_OK;
}

int
qw_cli_unpair (int    argc,
               char **argv)
{
  gboolean force = FALSE;
  GOptionEntry options[] = {
    { "force", 0, 0, G_OPTION_ARG_NONE, &force, N_("Unpair even if results were entered (they are lost)"), NULL },
    { NULL },
  };
  g_autoptr(GError) error = NULL;
  g_auto(Play) p = { 0 };

  if (!qw_cli_parse (options, "unpair", "DOC GROUP", &argc, &argv, &error))
    return qw_cli_usage_error ("unpair", error->message);
  if (argc != 3)
    return qw_cli_usage_error ("unpair", _("give the document and the group code"));
  if (!play_open (&p, argv[1], argv[2], FALSE, &error)
      || !qw_tournament_unpair_last (p.doc, p.section, force, &error))
    return qw_cli_fail (g_steal_pointer (&error));
  return QW_CLI_OK;
}

/* result, undo */

/* "-:+" and "-:-" look like options to GOption: keep them out of its way. */
static const char *result_codes[] = { "-:+", "-:-", NULL };
#define RESULT_PLACEHOLDER "\x01result:"

static void
shield_results (int    argc,
                char **argv,
                char **saved)
{
  for (int i = 1; i < argc; i++)
    if (g_strv_contains (result_codes, argv[i]))
      {
        saved[i] = argv[i];
        argv[i] = (char *) (g_str_equal (argv[i], "-:+") ? RESULT_PLACEHOLDER "-:+" : RESULT_PLACEHOLDER "-:-");
      }
}

static const char *
unshield (const char *arg)
{
  return g_str_has_prefix (arg, RESULT_PLACEHOLDER) ? arg + strlen (RESULT_PLACEHOLDER) : arg;
}

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

int
qw_cli_result (int    argc,
               char **argv)
{
  int red_fouls = 0, black_fouls = 0;
  gboolean armageddon = FALSE;
  g_autofree char *playoff = NULL;
  GOptionEntry options[] = {
    { "red-fouls", 0, 0, G_OPTION_ARG_INT, &red_fouls, N_("Fouls (犯规) of the red player"), "N" },
    { "black-fouls", 0, 0, G_OPTION_ARG_INT, &black_fouls, N_("Fouls of the black player"), "N" },
    { "playoff", 0, 0, G_OPTION_ARG_STRING, &playoff, N_("Knockout: who won the play-off of a drawn game"),
      "red|black|draw" },
    { "armageddon", 0, 0, G_OPTION_ARG_NONE, &armageddon, N_("The play-off was an armageddon (a draw is a black win)"),
      NULL },
    { NULL },
  };
  g_autoptr(GError) error = NULL;
  g_auto(Play) p = { 0 };
  g_autofree char **saved = g_new0 (char *, argc + 1);
  QwResultInput input = { QW_RESULT_NONE, 0, 0, QW_PLAYOFF_NONE, FALSE };
  int round, board;

  shield_results (argc, argv, saved);
  if (!qw_cli_parse (options, "result", "DOC GROUP ROUND BOARD RESULT", &argc, &argv, &error))
    return qw_cli_usage_error ("result", error->message);
  if (argc != 6)
    return qw_cli_usage_error ("result", _("give the document, the group, the round, the board and the result "
                                           "(2:0 1:1 0:2 +:- -:+ -:-)"));
  input.red_fouls = red_fouls;
  input.black_fouls = black_fouls;
  input.armageddon = armageddon;
  if (!parse_count (argv[3], _("The round"), 1, 99, &round, &error)
      || !parse_count (argv[4], _("The board"), 1, 100000, &board, &error)
      || !parse_result (unshield (argv[5]), &input.result, &error)
      || !parse_playoff (playoff, armageddon, &input, &error))
    return qw_cli_usage_error ("result", error->message);
  if (!play_open (&p, argv[1], argv[2], FALSE, &error)
      || !qw_tournament_record_result (p.doc, p.section, round, board, &input, &error))
    return qw_cli_fail (g_steal_pointer (&error));
  return QW_CLI_OK;
}

int
qw_cli_undo (int    argc,
             char **argv)
{
  GOptionEntry options[] = { { NULL } };
  g_autoptr(GError) error = NULL;
  g_auto(Play) p = { 0 };
  int round, board;

  if (!qw_cli_parse (options, "undo", "DOC GROUP ROUND BOARD", &argc, &argv, &error))
    return qw_cli_usage_error ("undo", error->message);
  if (argc != 5)
    return qw_cli_usage_error ("undo", _("give the document, the group, the round and the board"));
  if (!parse_count (argv[3], _("The round"), 1, 99, &round, &error)
      || !parse_count (argv[4], _("The board"), 1, 100000, &board, &error))
    return qw_cli_usage_error ("undo", error->message);
  if (!play_open (&p, argv[1], argv[2], FALSE, &error)
      || !qw_tournament_undo_result (p.doc, p.section, round, board, &error))
    return qw_cli_fail (g_steal_pointer (&error));
  return QW_CLI_OK;
}

/* withdraw, reinstate */

static int
withdrawal (int       argc,
            char    **argv,
            gboolean  withdraw)
{
  const char *command = withdraw ? "withdraw" : "reinstate";
  GOptionEntry options[] = { { NULL } };
  g_autoptr(GError) error = NULL;
  g_auto(Play) p = { 0 };
  QwEntry *e;

  if (!qw_cli_parse (options, command, "DOC GROUP NO", &argc, &argv, &error))
    return qw_cli_usage_error (command, error->message);
  if (argc != 4)
    return qw_cli_usage_error (command, _("give the document, the group and the player’s number (序号)"));
  if (!play_open (&p, argv[1], argv[2], FALSE, &error) || (e = entry_by_no_text (&p, argv[3], &error)) == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  if (!(withdraw ? qw_tournament_withdraw : qw_tournament_reinstate) (p.doc, p.section, e->id, &error))
    return qw_cli_fail (g_steal_pointer (&error));
  return QW_CLI_OK;
}

int
qw_cli_withdraw (int    argc,
                 char **argv)
{
  return withdrawal (argc, argv, TRUE);
}

int
qw_cli_reinstate (int    argc,
                  char **argv)
{
  return withdrawal (argc, argv, FALSE);
}

/* swap, repair, check */

static int
print_warnings (GPtrArray *warnings)
{
  for (guint i = 0; i < warnings->len; i++)
    g_print (_("Warning: %s\n"), (char *) g_ptr_array_index (warnings, i));
  return QW_CLI_OK;
}

int
qw_cli_swap (int    argc,
             char **argv)
{
  GOptionEntry options[] = { { NULL } };
  g_autoptr(GError) error = NULL;
  g_auto(Play) p = { 0 };
  g_autoptr(GPtrArray) warnings = NULL;
  QwEntry *a, *b;
  int round;

  if (!qw_cli_parse (options, "swap", "DOC GROUP ROUND NO NO", &argc, &argv, &error))
    return qw_cli_usage_error ("swap", error->message);
  if (argc != 6)
    return qw_cli_usage_error ("swap", _("give the document, the group, the round and two player numbers"));
  if (!parse_count (argv[3], _("The round"), 1, 99, &round, &error))
    return qw_cli_usage_error ("swap", error->message);
  if (!play_open (&p, argv[1], argv[2], FALSE, &error) || (a = entry_by_no_text (&p, argv[4], &error)) == NULL
      || (b = entry_by_no_text (&p, argv[5], &error)) == NULL
      || (warnings = qw_tournament_swap_players (p.doc, p.section, round, a->id, b->id, &error)) == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  return print_warnings (warnings);
}

int
qw_cli_repair (int    argc,
               char **argv)
{
  GOptionEntry options[] = { { NULL } };
  g_autoptr(GError) error = NULL;
  g_auto(Play) p = { 0 };
  g_autoptr(GPtrArray) warnings = NULL;
  QwEntry *red, *black = NULL;
  int round, board;

  if (!qw_cli_parse (options, "repair", "DOC GROUP ROUND BOARD RED [BLACK]", &argc, &argv, &error))
    return qw_cli_usage_error ("repair", error->message);
  if (argc != 6 && argc != 7)
    return qw_cli_usage_error ("repair", _("give the document, the group, the round, the board and the players’ "
                                           "numbers (red first)"));
  if (!parse_count (argv[3], _("The round"), 1, 99, &round, &error)
      || !parse_count (argv[4], _("The board"), 1, 100000, &board, &error))
    return qw_cli_usage_error ("repair", error->message);
  if (!play_open (&p, argv[1], argv[2], FALSE, &error) || (red = entry_by_no_text (&p, argv[5], &error)) == NULL
      || (argc == 7 && (black = entry_by_no_text (&p, argv[6], &error)) == NULL)
      || (warnings = qw_tournament_repair_board (p.doc, p.section, round, board, red->id,
                                                 black != NULL ? black->id : 0, &error)) == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  return print_warnings (warnings);
}

int
qw_cli_check (int    argc,
              char **argv)
{
  GOptionEntry options[] = { { NULL } };
  g_autoptr(GError) error = NULL;
  g_auto(Play) p = { 0 };
  g_autoptr(GPtrArray) warnings = NULL;
  int round;

  if (!qw_cli_parse (options, "check", "DOC GROUP ROUND", &argc, &argv, &error))
    return qw_cli_usage_error ("check", error->message);
  if (argc != 4)
    return qw_cli_usage_error ("check", _("give the document, the group and the round"));
  if (!parse_count (argv[3], _("The round"), 1, 99, &round, &error))
    return qw_cli_usage_error ("check", error->message);
  if (!play_open (&p, argv[1], argv[2], FALSE, &error)
      || (warnings = qw_tournament_check_round (p.doc, p.section, round, &error)) == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  if (warnings->len == 0)
    g_print (_("Round %d keeps every rule.\n"), round);
  return print_warnings (warnings);
}

/* explain, log */

int
qw_cli_explain (int    argc,
                char **argv)
{
  GOptionEntry options[] = { { NULL } };
  g_autoptr(GError) error = NULL;
  g_auto(Play) p = { 0 };
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  int round;

  if (!qw_cli_parse (options, "explain", "DOC GROUP ROUND", &argc, &argv, &error))
    return qw_cli_usage_error ("explain", error->message);
  if (argc != 4)
    return qw_cli_usage_error ("explain", _("give the document, the group and the round"));
  if (!parse_count (argv[3], _("The round"), 1, 99, &round, &error))
    return qw_cli_usage_error ("explain", error->message);
  if (!play_open (&p, argv[1], argv[2], FALSE, &error)
      || (games = qw_document_list_games (p.doc, p.section->id, &error)) == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  g_ptr_array_add (rows, g_strdupv ((char *[]) { _("Board"), _("Red"), _("Black"), _("Why"), NULL }));
  for (guint i = 0; i < games->len; i++)
    {
      const QwGame *g = g_ptr_array_index (games, i);
      g_autofree char *bd = NULL, *red = NULL, *black = NULL, *why = NULL;

      if (g->round != round)
        continue;
      bd = g_strdup_printf ("%d", g->board);
      red = player_cell (&p, g->red);
      black = player_cell (&p, g->black);
      why = g_strdelimit (g_strdup (g->explain), "\n", ' ');
      g_ptr_array_add (rows, g_strdupv ((char *[]) { bd, red, black, why, NULL }));
    }
  if (rows->len == 1)
    return qw_cli_fail (g_error_new (QW_ERROR, QW_ERROR_NOT_FOUND, _("Round %d of group %s has not been paired"),
                                     round, p.section->code));
  qw_cli_print_table (rows);
  return QW_CLI_OK;
}

int
qw_cli_log (int    argc,
            char **argv)
{
  GOptionEntry options[] = { { NULL } };
  g_autoptr(GError) error = NULL;
  g_auto(Play) p = { 0 };
  g_autoptr(GPtrArray) lines = NULL;

  if (!qw_cli_parse (options, "log", "DOC GROUP", &argc, &argv, &error))
    return qw_cli_usage_error ("log", error->message);
  if (argc != 3)
    return qw_cli_usage_error ("log", _("give the document and the group"));
  if (!play_open (&p, argv[1], argv[2], FALSE, &error)
      || (lines = qw_document_list_round_log (p.doc, p.section->id, &error)) == NULL)
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
print_section (Play            *p,
               const QwSection *s)
{
  g_autofree char *settings = qw_section_settings_to_text (&s->settings);
  g_autoptr(GPtrArray) entries = qw_document_list_section_entries (p->doc, s, NULL);

  g_print ("%s  %s  %s  ", s->code, s->name, qw_system_to_code (s->system));
  g_print (_("%d rounds (%d paired), %u players\n"), qw_tournament_total_rounds (p->doc, s),
           s->id != 0 ? qw_document_last_round (p->doc, s->id) : 0, entries != NULL ? entries->len : 0);
  g_print ("%s", settings);
}

int
qw_cli_sections (int    argc,
                 char **argv)
{
  GOptionEntry options[] = { { NULL } };
  g_autoptr(GError) error = NULL;
  g_auto(Play) p = { 0 };
  g_autoptr(GPtrArray) sections = NULL;

  if (!qw_cli_parse (options, "sections", "DOC", &argc, &argv, &error))
    return qw_cli_usage_error ("sections", error->message);
  if (argc != 2)
    return qw_cli_usage_error ("sections", _("give the document"));
  if (!play_open (&p, argv[1], NULL, FALSE, &error)
      || (sections = qw_document_list_sections (p.doc, p.event->id, &error)) == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  for (guint i = 0; i < sections->len; i++)
    {
      if (i > 0)
        g_print ("\n");
      print_section (&p, g_ptr_array_index (sections, i));
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
    return parse_count (kv[1], "rounds", 1, 99, &section->rounds, error);
  if (g_str_equal (kv[0], "name"))
    {
      g_free (section->name);
      section->name = g_strdup (kv[1]);
      return TRUE;
    }
  return qw_section_settings_set (&section->settings, kv[0], kv[1], error);
}

int
qw_cli_settings (int    argc,
                 char **argv)
{
  GOptionEntry options[] = { { NULL } };
  g_autoptr(GError) error = NULL;
  g_auto(Play) p = { 0 };

  if (!qw_cli_parse (options, "settings", "DOC GROUP [KEY=VALUE…]", &argc, &argv, &error))
    return qw_cli_usage_error ("settings", error->message);
  if (argc < 3)
    return qw_cli_usage_error ("settings", _("give the document and the group, then any KEY=VALUE to change"));
  if (!play_open (&p, argv[1], argv[2], argc > 3, &error))
    return qw_cli_fail (g_steal_pointer (&error));
  for (int i = 3; i < argc; i++)
    if (!apply_setting (p.section, argv[i], &error))
      return qw_cli_usage_error ("settings", error->message);
  if (argc > 3 && !qw_document_update_section (p.doc, p.section, &error))
    return qw_cli_fail (g_steal_pointer (&error));
  print_section (&p, p.section);
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

int
qw_cli_simulate (int    argc,
                 char **argv)
{
  g_autofree char *system_code = NULL;
  gint64 seed = -1;
  QwSimulateOptions sim;
  GOptionEntry options[] = {
    { "system", 0, 0, G_OPTION_ARG_STRING, &system_code, N_("swiss, round-robin or knockout"), "SYSTEM" },
    { "players", 0, 0, G_OPTION_ARG_INT, &sim.players, N_("Number of players"), "N" },
    { "rounds", 0, 0, G_OPTION_ARG_INT, &sim.rounds, N_("Rounds (Swiss; a round robin or knockout plays all of its own)"),
      "R" },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, N_("Seed of the players, the lottery and the results"), "S" },
    { "draw-rate", 0, 0, G_OPTION_ARG_DOUBLE, &sim.draw_rate, N_("Share of drawn games (default 0.25)"), "P" },
    { "forfeit-rate", 0, 0, G_OPTION_ARG_DOUBLE, &sim.forfeit_rate, N_("Share of forfeited games (default 0)"), "P" },
    { "withdraw-rate", 0, 0, G_OPTION_ARG_DOUBLE, &sim.withdraw_rate,
      N_("Chance that a player withdraws after a round (default 0)"), "P" },
    { NULL },
  };
  g_autoptr(GError) error = NULL;
  QwSimulateOutcome outcome;
  gboolean ok;

  qw_simulate_options_init (&sim);
  if (!qw_cli_parse (options, "simulate", "DOC", &argc, &argv, &error))
    return qw_cli_usage_error ("simulate", error->message);
  if (argc != 2)
    return qw_cli_usage_error ("simulate", _("give the document to create"));
  if (system_code == NULL || !qw_system_from_code (system_code, &sim.system))
    return qw_cli_usage_error ("simulate", _("--system is swiss, round-robin or knockout"));
  if (sim.players < 2 || sim.players > 100000)
    return qw_cli_usage_error ("simulate", _("--players must be from 2 to 100000"));
  if (sim.rounds < 1 || sim.rounds > 99)
    return qw_cli_usage_error ("simulate", _("--rounds must be from 1 to 99"));
  if (seed < 0 || seed > G_MAXUINT32)
    return qw_cli_usage_error ("simulate", _("--seed must be a whole number from 0 to 4294967295"));
  if (!check_rate (sim.draw_rate, "--draw-rate", &error) || !check_rate (sim.forfeit_rate, "--forfeit-rate", &error)
      || !check_rate (sim.withdraw_rate, "--withdraw-rate", &error))
    return qw_cli_usage_error ("simulate", error->message);
  if (sim.draw_rate + sim.forfeit_rate > 1)
    return qw_cli_usage_error ("simulate", _("--draw-rate and --forfeit-rate add up to more than 1"));
  sim.seed = (guint32) seed;

  ok = qw_simulate (argv[1], &sim, &outcome, &error);
  if (!outcome.created)
    return qw_cli_fail (g_steal_pointer (&error));
  {
    g_autofree char *lottery = g_strdup_printf ("%" G_GUINT64_FORMAT, outcome.lottery_seed);

    g_print (_("%s: %d players, %s, %d rounds played, lottery seed %s\n"), argv[1], sim.players,
             qw_system_to_code (sim.system), outcome.played, lottery);
  }
  if (!ok)
    return qw_cli_fail (g_steal_pointer (&error));
  return QW_CLI_OK;
}
