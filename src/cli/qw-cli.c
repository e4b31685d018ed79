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
  { "quota", qw_cli_quota, "quota [--ruleset ID] [--json] STOPS.csv|REGION.qiwang",
    N_("A region’s national-final places, with their reasons") },
  { "new-region", qw_cli_new_region, "new-region DOC --region R [--ruleset ID] [--national]",
    N_("Create a region (or national) document") },
  { "import-results", qw_cli_import_results, "import-results REGION.qiwang FILE.xml... [--json]",
    N_("Import stops’ results files into a region") },
  { "import-stops", qw_cli_import_stops, "import-stops REGION.qiwang STOPS.csv",
    N_("Add stops that did not use Qiwang, from a stops CSV") },
  { "region", qw_cli_region, "region REGION.qiwang [--json]",
    N_("A region’s stops, validity, totals and warnings") },
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
