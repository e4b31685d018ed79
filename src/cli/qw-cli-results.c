/* qw-cli-results.c: export (results file, public standings), check-final,
 * nominees, import-nominees, team-result
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "qw-cli.h"
#include "qw-error.h"
#include "qw-idcard.h"
#include "qw-nominees.h"
#include "qw-region.h"
#include "qw-results-file.h"
#include "qw-team.h"
#include "qw-document-entries.h"
#include "qw-event.h"
#include "qw-results-export.h"

/* export */

typedef enum
{
  FORMAT_XML,
  FORMAT_HTML,
  FORMAT_CSV,
} Format;

static Format
format_for (const char *path)
{
  g_autofree char *lower = g_ascii_strdown (path, -1);

  if (g_str_has_suffix (lower, ".html") || g_str_has_suffix (lower, ".htm"))
    return FORMAT_HTML;
  if (g_str_has_suffix (lower, ".csv"))
    return FORMAT_CSV;
  return FORMAT_XML;
}

int
qw_cli_export (int    argc,
               char **argv)
{
  g_autofree char *out = NULL;
  gboolean public_form = FALSE;
  gint64 event_id = 0;
  GOptionEntry entries[] = {
    { "out", 0, 0, G_OPTION_ARG_FILENAME, &out,
      N_("Where to write: FILE.xml (results file), FILE.html or FILE.csv (public standings)"), "FILE" },
    { "public", 0, 0, G_OPTION_ARG_NONE, &public_form,
      N_("The public form: ID numbers masked, no dates of birth"), NULL },
    { "event", 0, 0, G_OPTION_ARG_INT64, &event_id,
      N_("In a region document: the stop to export (its id, see “region --json”)"), "ID" },
    { NULL },
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = NULL;
  g_autoptr(QwResults) results = NULL;
  g_autofree char *text = NULL;
  g_autofree char *digest = NULL;
  Format format;

  if (!qw_cli_parse (entries, "export", "DOC --out FILE", &argc, &argv, &error))
    return qw_cli_usage_error ("export", error->message);
  if (argc != 2 || out == NULL)
    return qw_cli_usage_error ("export", _("give the document and --out FILE"));
  format = format_for (out);
  doc = qw_document_open (argv[1], &error);
  if (doc == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  results = event_id > 0 ? qw_results_from_event (doc, event_id, &error)
                         : qw_results_from_document (doc, &error);
  if (results == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  if (format == FORMAT_HTML)
    text = qw_results_standings_html (results);
  else if (format == FORMAT_CSV)
    text = qw_results_standings_csv (results);
  else if ((text = qw_results_to_xml (results, public_form, &digest, &error)) == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  if (!g_file_set_contents (out, text, -1, &error))
    return qw_cli_fail (g_steal_pointer (&error));
  if (digest != NULL)
    g_print (_("%s: the %s results file of %s (%d players), SHA-256 %s\n"), out,
             public_form ? _("public") : _("private"), results->event->name,
             qw_results_count_players (results), digest);
  else
    g_print (_("%s: public standings of %s\n"), out, results->event->name);
  return QW_CLI_OK;
}

/* check-final */

static JsonNode *
checks_to_json (GPtrArray *checks,
                int        unchecked,
                GPtrArray *warnings)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "entries");
  json_builder_begin_array (b);
  for (guint i = 0; i < checks->len; i++)
    {
      const QwFinalEntryCheck *c = g_ptr_array_index (checks, i);
      g_autofree char *masked = qw_idcard_mask (c->entry->id_number);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "no");
      json_builder_add_int_value (b, c->entry->no);
      json_builder_set_member_name (b, "name");
      json_builder_add_string_value (b, c->entry->name);
      json_builder_set_member_name (b, "id");
      json_builder_add_string_value (b, masked);
      json_builder_set_member_name (b, "played");
      json_builder_add_boolean_value (b, c->played);
      json_builder_set_member_name (b, "stops");
      json_builder_add_string_value (b, c->stops);
      json_builder_set_member_name (b, "message");
      json_builder_add_value (b, qw_cli_string_or_null (c->message));
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "unchecked_stops");
  json_builder_add_int_value (b, unchecked);
  json_builder_set_member_name (b, "warnings");
  json_builder_begin_array (b);
  for (guint i = 0; i < warnings->len; i++)
    json_builder_add_string_value (b, g_ptr_array_index (warnings, i));
  json_builder_end_array (b);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

/* The final: a stop document of its own, or the region's final (run in it
 * or imported). */
static QwEvent *
find_final (QwDocument  *region,
            QwDocument  *final_doc,
            GPtrArray  **entries,
            GError     **error)
{
  QwDocument *doc = final_doc != NULL ? final_doc : region;
  g_autoptr(GPtrArray) events = NULL;
  QwEvent *final = NULL;

  if (final_doc != NULL)
    final = qw_document_get_main_event (final_doc, error);
  else if ((events = qw_document_list_events (region, error)) != NULL)
    for (guint i = 0; i < events->len && final == NULL; i++)
      {
        QwEvent *e = g_ptr_array_index (events, i);

        if (e->level == QW_LEVEL_PROVINCIAL_FINAL && e->source != QW_SOURCE_MANUAL)
          final = qw_event_copy (e);
      }
  if (final == NULL)
    {
      if (error != NULL && *error == NULL)
        g_set_error (error, QW_ERROR, QW_ERROR_NOT_FOUND,
                     _("The region holds no provincial final with entries; give the final’s "
                       "document as well"));
      return NULL;
    }
  *entries = qw_document_list_entries (doc, final->id, error);
  if (*entries == NULL)
    g_clear_pointer (&final, qw_event_free);
  return final;
}

int
qw_cli_check_final (int    argc,
                    char **argv)
{
  gboolean json = FALSE;
  GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print JSON"), NULL },
    { NULL },
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) region = NULL;
  g_autoptr(QwDocument) final_doc = NULL;
  g_autoptr(QwRuleset) ruleset = NULL;
  g_autoptr(QwRegionSummary) summary = NULL;
  g_autoptr(QwEvent) final = NULL;
  g_autoptr(GPtrArray) final_entries = NULL;
  g_autoptr(GPtrArray) checks = NULL;
  g_autoptr(GPtrArray) warnings = NULL;
  g_autofree char *arbiter = NULL;
  int unchecked = 0, flagged = 0;

  if (!qw_cli_parse (entries, "check-final", "REGION.qiwang [FINAL.qiwang]", &argc, &argv, &error))
    return qw_cli_usage_error ("check-final", error->message);
  if (argc != 2 && argc != 3)
    return qw_cli_usage_error ("check-final", _("give the region document and, if the final is run "
                                                "in a document of its own, that document"));
  region = qw_document_open (argv[1], &error);
  if (region == NULL || (argc == 3 && (final_doc = qw_document_open (argv[2], &error)) == NULL)
      || (ruleset = qw_document_region_ruleset (region, &error)) == NULL
      || (summary = qw_document_region_summary (region, ruleset, &error)) == NULL
      || (final = find_final (region, final_doc, &final_entries, &error)) == NULL
      || (checks = qw_document_region_check_final_entries (region, final_entries, &unchecked,
                                                           &error)) == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  if (final->level != QW_LEVEL_PROVINCIAL_FINAL)
    return qw_cli_usage_error ("check-final", _("the second document is not a provincial final"));

  warnings = qw_region_check_final_dates (ruleset, final, summary);
  if ((arbiter = qw_check_chief_arbiter (ruleset, final)) != NULL)
    g_ptr_array_insert (warnings, 0, g_steal_pointer (&arbiter));
  if (unchecked > 0)
    g_ptr_array_add (warnings, g_strdup_printf (_("%d preliminaries were typed in without players; "
                                                  "their players cannot be checked"), unchecked));
  if (json)
    {
      g_autoptr(JsonNode) root = checks_to_json (checks, unchecked, warnings);

      qw_cli_print_json (root);
      return QW_CLI_OK;
    }
  for (guint i = 0; i < checks->len; i++)
    {
      const QwFinalEntryCheck *c = g_ptr_array_index (checks, i);

      if (c->message != NULL)
        {
          g_print ("%s\n", c->message);
          flagged++;
        }
    }
  g_print (_("%u entries checked, %d flagged\n"), checks->len, flagged);
  for (guint i = 0; i < warnings->len; i++)
    g_print (_("Warning: %s\n"), (char *) g_ptr_array_index (warnings, i));
  return QW_CLI_OK;
}

/* nominees */

static JsonNode *
nominees_to_json (const QwNomineeList *list,
                  GPtrArray           *duplicates)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "region");
  json_builder_add_string_value (b, list->region);
  json_builder_set_member_name (b, "tier");
  json_builder_add_string_value (b, list->tier[0] != '\0' ? list->tier : "none");
  json_builder_set_member_name (b, "leader");
  json_builder_add_int_value (b, list->leader);
  json_builder_set_member_name (b, "nominees");
  json_builder_begin_array (b);
  for (guint i = 0; i < list->nominees->len; i++)
    {
      const QwNominee *n = g_ptr_array_index (list->nominees, i);
      g_autofree char *masked = qw_idcard_mask (n->id_number);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "region");
      json_builder_add_string_value (b, n->region);
      json_builder_set_member_name (b, "line");
      json_builder_add_string_value (b, n->line);
      json_builder_set_member_name (b, "group");
      json_builder_add_string_value (b, n->group_code);
      json_builder_set_member_name (b, "rank");
      json_builder_add_int_value (b, n->rank);
      json_builder_set_member_name (b, "name");
      json_builder_add_string_value (b, n->name);
      json_builder_set_member_name (b, "id");
      json_builder_add_string_value (b, masked);
      json_builder_set_member_name (b, "unit");
      json_builder_add_string_value (b, n->unit);
      json_builder_set_member_name (b, "reason");
      json_builder_add_string_value (b, n->reason);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "bonus");
  json_builder_begin_array (b);
  for (guint i = 0; i < list->bonuses->len; i++)
    {
      const QwQuotaBonus *bonus = g_ptr_array_index (list->bonuses, i);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "reason");
      json_builder_add_string_value (b, bonus->reason);
      json_builder_set_member_name (b, "host");
      json_builder_add_string_value (b, bonus->host);
      json_builder_set_member_name (b, "places");
      json_builder_add_int_value (b, bonus->places);
      json_builder_set_member_name (b, "groups");
      json_builder_add_string_value (b, bonus->groups);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "notes");
  json_builder_begin_array (b);
  for (guint i = 0; i < list->notes->len; i++)
    json_builder_add_string_value (b, g_ptr_array_index (list->notes, i));
  json_builder_end_array (b);
  json_builder_set_member_name (b, "duplicates");
  json_builder_begin_array (b);
  for (guint i = 0; duplicates != NULL && i < duplicates->len; i++)
    json_builder_add_string_value (b, ((QwNomineeDuplicate *) g_ptr_array_index (duplicates, i))->message);
  json_builder_end_array (b);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

static void
print_nominees (const QwNomineeList *list,
                GPtrArray           *duplicates)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);

  g_ptr_array_add (rows, g_strdupv ((char *[]) { _("Region"), _("Line"), _("Group"), _("Place"),
                                                 _("Name"), _("ID number"), _("Unit"), NULL }));
  for (guint i = 0; i < list->nominees->len; i++)
    {
      const QwNominee *n = g_ptr_array_index (list->nominees, i);
      g_autofree char *masked = qw_idcard_mask (n->id_number);
      g_autofree char *rank = g_strdup_printf ("%d", n->rank);

      g_ptr_array_add (rows, g_strdupv ((char *[]) {
        n->region, n->line_label[0] != '\0' ? n->line_label : n->line,
        n->group_name[0] != '\0' ? n->group_name : n->group_code, rank, n->name, masked, n->unit, NULL }));
    }
  qw_cli_print_table (rows);
  if (list->leader > 0)
    g_print (_("Team leader: %d\n"), list->leader);
  for (guint i = 0; i < list->bonuses->len; i++)
    g_print (_("Extra: %s\n"), ((QwQuotaBonus *) g_ptr_array_index (list->bonuses, i))->explanation);
  for (guint i = 0; i < list->notes->len; i++)
    g_print (_("Note: %s\n"), (char *) g_ptr_array_index (list->notes, i));
  for (guint i = 0; duplicates != NULL && i < duplicates->len; i++)
    g_print (_("Warning: %s\n"), ((QwNomineeDuplicate *) g_ptr_array_index (duplicates, i))->message);
}

/* A national document's nominees, as one list. */
static QwNomineeList *
national_list (QwDocument  *doc,
               GError     **error)
{
  g_autoptr(GPtrArray) nominees = qw_document_list_nominees (doc, error);
  QwNomineeList *list;

  if (nominees == NULL)
    return NULL;
  list = qw_nominee_list_new ();
  list->region = g_strdup ("");
  list->ruleset = g_strdup ("");
  list->tier = g_strdup ("");
  list->final_name = g_strdup ("");
  g_ptr_array_extend_and_steal (list->nominees, g_steal_pointer (&nominees));
  return list;
}

static gboolean
write_nominees (const QwNomineeList  *list,
                const char           *out,
                gboolean              private_csv,
                GError              **error)
{
  g_autofree char *text = NULL;

  if (format_for (out) == FORMAT_CSV)
    text = qw_nominees_to_csv (list, !private_csv);
  else if (format_for (out) == FORMAT_XML)
    text = qw_nominees_to_xml (list, NULL, error);
  else
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("Nominees are written as FILE.xml or FILE.csv"));
      return FALSE;
    }
  return text != NULL && g_file_set_contents (out, text, -1, error);
}

int
qw_cli_nominees (int    argc,
                 char **argv)
{
  g_autofree char *out = NULL;
  gboolean json = FALSE, private_csv = FALSE;
  GOptionEntry entries[] = {
    { "out", 0, 0, G_OPTION_ARG_FILENAME, &out,
      N_("Write the nominees: FILE.xml (for the national organiser) or FILE.csv"), "FILE" },
    { "private", 0, 0, G_OPTION_ARG_NONE, &private_csv, N_("CSV with full ID numbers and dates of birth"), NULL },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print JSON"), NULL },
    { NULL },
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = NULL;
  g_autoptr(QwNomineeList) list = NULL;
  g_autoptr(GPtrArray) duplicates = NULL;

  if (!qw_cli_parse (entries, "nominees", "REGION.qiwang|NATIONAL.qiwang", &argc, &argv, &error))
    return qw_cli_usage_error ("nominees", error->message);
  if (argc != 2)
    return qw_cli_usage_error ("nominees", _("give the region (or national) document"));
  doc = qw_document_open (argv[1], &error);
  if (doc == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  if (qw_document_get_kind (doc) == QW_DOCUMENT_NATIONAL)
    {
      list = national_list (doc, &error);
      duplicates = list != NULL ? qw_document_nominee_duplicates (doc, &error) : NULL;
      if (duplicates == NULL)
        return qw_cli_fail (g_steal_pointer (&error));
    }
  else if ((list = qw_document_region_nominees (doc, &error)) == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  if (out != NULL && !write_nominees (list, out, private_csv, &error))
    return qw_cli_fail (g_steal_pointer (&error));
  if (json)
    {
      g_autoptr(JsonNode) root = nominees_to_json (list, duplicates);

      qw_cli_print_json (root);
    }
  else
    print_nominees (list, duplicates);
  return QW_CLI_OK;
}

/* import-nominees */

int
qw_cli_import_nominees (int    argc,
                        char **argv)
{
  GOptionEntry entries[] = { { NULL } };
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = NULL;
  g_autoptr(GPtrArray) duplicates = NULL;
  int failed = 0;

  if (!qw_cli_parse (entries, "import-nominees", "NATIONAL.qiwang FILE.xml…", &argc, &argv, &error))
    return qw_cli_usage_error ("import-nominees", error->message);
  if (argc < 3)
    return qw_cli_usage_error ("import-nominees", _("give the national document and at least one nominee file"));
  doc = qw_document_open (argv[1], &error);
  if (doc == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  for (int i = 2; i < argc; i++)
    {
      g_autoptr(GError) file_error = NULL;
      g_autoptr(QwNomineeList) list = qw_nominees_read_file (argv[i], &file_error);
      int replaced = 0;

      if (list == NULL || !qw_document_import_nominees (doc, list, &replaced, &file_error))
        {
          g_printerr (_("%s: rejected: %s\n"), argv[i], file_error->message);
          failed++;
          continue;
        }
      g_print (_("%s: %s, %u nominees%s\n"), argv[i], list->region, list->nominees->len,
               replaced > 0 ? _(" (replacing the region’s earlier list)") : "");
    }
  duplicates = qw_document_nominee_duplicates (doc, &error);
  if (duplicates == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  for (guint i = 0; i < duplicates->len; i++)
    g_print (_("Warning: %s\n"), ((QwNomineeDuplicate *) g_ptr_array_index (duplicates, i))->message);
  return failed > 0 ? QW_CLI_FAILED : QW_CLI_OK;
}

/* team-result */

int
qw_cli_team_result (int    argc,
                    char **argv)
{
  g_autofree char *by = NULL;
  int best = 0;
  gboolean json = FALSE;
  GOptionEntry entries[] = {
    { "best", 0, 0, G_OPTION_ARG_INT, &best, N_("Places that count (default: the ruleset’s)"), "N" },
    { "by", 0, 0, G_OPTION_ARG_STRING, &by, N_("Teams by “unit” (default) or “province” of the ID number"), "BY" },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print JSON"), NULL },
    { NULL },
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(QwResults) results = NULL;
  g_autoptr(QwRuleset) ruleset = NULL;
  g_autoptr(GPtrArray) members = NULL;
  g_autoptr(GPtrArray) teams = NULL;
  QwTeamBy team_by = QW_TEAM_BY_UNIT;

  if (!qw_cli_parse (entries, "team-result", "DOC|RESULTS.xml", &argc, &argv, &error))
    return qw_cli_usage_error ("team-result", error->message);
  if (argc != 2)
    return qw_cli_usage_error ("team-result", _("give the national final’s document or results file"));
  if (by != NULL && g_str_equal (by, "province"))
    team_by = QW_TEAM_BY_PROVINCE;
  else if (by != NULL && !g_str_equal (by, "unit"))
    return qw_cli_usage_error ("team-result", _("--by is unit or province"));
  if (best < 0)
    return qw_cli_usage_error ("team-result", _("--best must be 1 or more"));
  if (format_for (argv[1]) == FORMAT_XML && !g_str_has_suffix (argv[1], QW_DOCUMENT_SUFFIX))
    results = qw_results_read_file (argv[1], &error);
  else
    {
      g_autoptr(QwDocument) doc = qw_document_open (argv[1], &error);

      results = doc != NULL ? qw_results_from_document (doc, &error) : NULL;
    }
  if (results == NULL || (ruleset = qw_ruleset_lookup (results->event->ruleset, &error)) == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  members = qw_team_members_from_results (ruleset, results, team_by);
  teams = qw_team_results (members, best > 0 ? best : ruleset->team_best);
  if (json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();
      g_autoptr(JsonNode) root = NULL;

      json_builder_begin_array (b);
      for (guint i = 0; i < teams->len; i++)
        {
          const QwTeamResult *t = g_ptr_array_index (teams, i);

          json_builder_begin_object (b);
          json_builder_set_member_name (b, "rank");
          json_builder_add_int_value (b, t->rank);
          json_builder_set_member_name (b, "team");
          json_builder_add_string_value (b, t->team);
          json_builder_set_member_name (b, "total");
          json_builder_add_int_value (b, t->total);
          json_builder_set_member_name (b, "counted");
          json_builder_add_int_value (b, t->counted);
          json_builder_set_member_name (b, "places");
          json_builder_begin_array (b);
          for (guint p = 0; p < t->places->len; p++)
            json_builder_add_int_value (b, g_array_index (t->places, int, p));
          json_builder_end_array (b);
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      root = json_builder_get_root (b);
      qw_cli_print_json (root);
      return QW_CLI_OK;
    }
  {
    g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);

    g_ptr_array_add (rows, g_strdupv ((char *[]) { _("Rank"), _("Team"), _("Total"), _("Counted"),
                                                   _("Places"), NULL }));
    for (guint i = 0; i < teams->len; i++)
      {
        const QwTeamResult *t = g_ptr_array_index (teams, i);
        g_autoptr(GString) places = g_string_new (NULL);
        g_autofree char *rank = g_strdup_printf ("%d", t->rank);
        g_autofree char *total = g_strdup_printf ("%d", t->total);
        g_autofree char *counted = g_strdup_printf ("%d", t->counted);

        for (guint p = 0; p < t->places->len; p++)
          g_string_append_printf (places, p > 0 ? " %d" : "%d", g_array_index (t->places, int, p));
        g_ptr_array_add (rows, g_strdupv ((char *[]) { rank, t->team, total, counted, places->str, NULL }));
      }
    qw_cli_print_table (rows);
  }
  return QW_CLI_OK;
}
