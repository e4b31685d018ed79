/* qw-cli.c: qiwang-cli, a thin face over the core
 *
 * Anything the GUI can do, the CLI can do, with --json for scripts. Commands
 * whose output is a contract (idcard, check-entries, quota, games, standings)
 * keep their keys and codes exactly.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <string.h>

#include "qw-cli.h"
#include "qw-data.h"

static const QwCliCommand commands[] = {
  { "idcard", qw_cli_idcard, "idcard [--json] ID...", N_("Check resident ID numbers") },
  { "check-entries", qw_cli_check_entries,
    "check-entries --ruleset ID --date YYYY-MM-DD [--json] FILE.csv",
    N_("Check a registration list: groups and problems") },
  { "new", qw_cli_new, "new DOC [--name NAME] [--region R] [--city C] [--county C] [--town T] ...",
    N_("Create a stop document") },
  { "import", qw_cli_import, "import DOC FILE.csv [--json]", N_("Import a registration list into a document") },
  { "entries", qw_cli_entries, "entries DOC [--json]", N_("List a document’s entries (ID numbers masked)") },
  { "demo", qw_cli_demo, "demo DOC", N_("Write the demo document") },
  { "simulate", qw_cli_simulate,
    "simulate DOC --system swiss|round-robin|knockout --players N --rounds R --seed S [--draw-rate P] "
    "[--forfeit-rate P] [--withdraw-rate P]",
    N_("Create a document with one group (open-m) of generated players and play every round") },
  { "pair", qw_cli_pair, "pair DOC GROUP", N_("Pair the next round of a group") },
  { "unpair", qw_cli_unpair, "unpair DOC GROUP [--force]", N_("Remove the last round of a group") },
  { "result", qw_cli_result,
    "result DOC GROUP ROUND BOARD 2:0|1:1|0:2|+:-|-:+|-:- [--red-fouls N] [--black-fouls N] [--playoff red|black|draw] "
    "[--armageddon]",
    N_("Record a result") },
  { "undo", qw_cli_undo, "undo DOC GROUP ROUND BOARD", N_("Undo a result") },
  { "games", qw_cli_games, "games DOC GROUP [--round N] [--json]", N_("List a group’s games") },
  { "standings", qw_cli_standings, "standings DOC GROUP [--round N] [--json]", N_("Standings with the tie-breaks") },
  { "explain", qw_cli_explain, "explain DOC GROUP ROUND", N_("Why each pair of a round was made") },
  { "withdraw", qw_cli_withdraw, "withdraw DOC GROUP NO", N_("A player withdraws (退赛): not paired any more") },
  { "reinstate", qw_cli_reinstate, "reinstate DOC GROUP NO", N_("Take back a withdrawal") },
  { "swap", qw_cli_swap, "swap DOC GROUP ROUND NO NO", N_("Swap two players in the last round (checked, logged)") },
  { "repair", qw_cli_repair, "repair DOC GROUP ROUND BOARD RED [BLACK]",
    N_("Re-pair a board of the last round (checked, logged)") },
  { "check", qw_cli_check, "check DOC GROUP ROUND", N_("List the rules a round breaks") },
  { "log", qw_cli_log, "log DOC GROUP", N_("The arbiter’s changes to a group") },
  { "sections", qw_cli_sections, "sections DOC", N_("The groups as played, with their settings") },
  { "settings", qw_cli_settings, "settings DOC GROUP [KEY=VALUE...]", N_("Show or change a group’s settings") },
  { "quota", qw_cli_quota, "quota [--ruleset ID] [--json] STOPS.csv|REGION.qiwang",
    N_("A region’s national-final places, with their reasons") },
  { "new-region", qw_cli_new_region, "new-region DOC --region R [--ruleset ID] [--national]",
    N_("Create a region (or national) document") },
  { "import-results", qw_cli_import_results, "import-results REGION.qiwang FILE.xml... [--json]",
    N_("Import stops’ results files into a region") },
  { "import-stops", qw_cli_import_stops, "import-stops REGION.qiwang STOPS.csv",
    N_("Add stops that did not use Qiwang, from a stops CSV") },
  { "region", qw_cli_region, "region REGION.qiwang [--decided-places N] [--json]",
    N_("A region’s stops, validity, totals and warnings") },
  { "export", qw_cli_export, "export DOC --out FILE.xml|FILE.html|FILE.csv [--public] [--event ID]",
    N_("Write the results file (成绩表), or the public standings") },
  { "check-final", qw_cli_check_final, "check-final REGION.qiwang [FINAL.qiwang] [--json]",
    N_("Check the provincial final: entries, chief arbiter, dates") },
  { "nominees", qw_cli_nominees, "nominees REGION.qiwang|NATIONAL.qiwang [--out FILE.xml|FILE.csv] [--private] [--json]",
    N_("A region’s nominees for the national final (or a national document’s, with duplicates)") },
  { "import-nominees", qw_cli_import_nominees, "import-nominees NATIONAL.qiwang FILE.xml...",
    N_("Import regions’ nominee files; players nominated by two regions are flagged") },
  { "team-result", qw_cli_team_result, "team-result DOC|RESULTS.xml [--best N] [--by unit|province] [--json]",
    N_("Team results: the sum of the best places in the formal groups") },
};

static void
print_help (void)
{
  g_print (_("Usage: qiwang-cli COMMAND [OPTIONS]\n\nCommands:\n"));
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    g_print ("  %-70s %s\n", commands[i].usage, _(commands[i].summary));
}

int
main (int    argc,
      char **argv)
{
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, qw_locale_dir ());
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  if (argc < 2 || g_str_equal (argv[1], "help") || g_str_equal (argv[1], "--help")
      || g_str_equal (argv[1], "-h"))
    {
      print_help ();
      return argc < 2 ? QW_CLI_USAGE : QW_CLI_OK;
    }
  if (g_str_equal (argv[1], "--version"))
    {
      g_print ("qiwang-cli %s\n", PACKAGE_VERSION);
      return QW_CLI_OK;
    }
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (g_str_equal (argv[1], commands[i].name))
      return commands[i].handler (argc - 1, argv + 1);
  return qw_cli_usage_error (argv[1], _("unknown command"));
}
