/* qw-cli-results.c: export (results file, public standings), check-final,
 * nominees, import-nominees, team-result
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "qw-cli.h"
#include "qw-error.h"
#include "qw-desk-settings.h"
#include "qw-idcard.h"
#include "qw-list-sheet.h"
#include "qw-nominees.h"
#include "qw-region.h"
#include "qw-results-file.h"
#include "qw-results-warnings.h"
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
  FORMAT_XLSX,
} Format;

static Format
format_for (const char *path)
{
  g_autofree char *lower = g_ascii_strdown (path, -1);

  if (g_str_has_suffix (lower, ".html") || g_str_has_suffix (lower, ".htm"))
    return FORMAT_HTML;
  if (g_str_has_suffix (lower, ".csv"))
    return FORMAT_CSV;
  if (g_str_has_suffix (lower, ".xlsx"))
    return FORMAT_XLSX;
  return FORMAT_XML;
}

static struct
{
  char     *out;
  gboolean  public_form;
  gint64    event_id;
} export_opt;

static const GOptionEntry export_options[] = {
  { "out", 0, 0, G_OPTION_ARG_FILENAME, &export_opt.out,
    N_("Where to write: FILE.xml (results file), FILE.xlsx (the standings workbook), FILE.html or FILE.csv "
       "(public standings)"), "FILE" },
  { "public", 0, 0, G_OPTION_ARG_NONE, &export_opt.public_form,
    N_("The public form: ID numbers masked, no dates of birth"), NULL },
  { "event", 0, 0, G_OPTION_ARG_INT64, &export_opt.event_id,
    N_("In a region document: the stop to export (its id, see “region --json”)"), "ID" },
  { NULL },
};

static gboolean
export_check (QwCliContext  *ctx,
              GError       **error)
{
  if (export_opt.out != NULL)
    return qw_cli_check_output (ctx, export_opt.out, error);
  g_set_error_literal (error, QW_ERROR, QW_ERROR_INVALID, _("give the document and --out FILE"));
  return FALSE;
}

static int
cmd_export (QwCliContext *ctx)
{
  const char *out = export_opt.out;
  g_autoptr(GError) error = NULL;
  g_autoptr(QwResults) results = NULL;
  g_autofree char *text = NULL;
  g_autofree char *digest = NULL;
  Format format = format_for (out);

  results = export_opt.event_id > 0 ? qw_results_from_event (ctx->doc, export_opt.event_id, &error)
                                    : qw_results_from_document (ctx->doc, &error);
  if (results == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  if (format == FORMAT_XLSX)
    {
      g_autoptr(GPtrArray) sheets = qw_results_standings_sheets (results, qw_desk_list_order (ctx->doc));

      /* The standings: names, units, places; no ID numbers. */
      if (!qw_list_sheets_write_xlsx (sheets, out, QW_OUTPUT_PUBLIC, &error))
        return qw_cli_fail (g_steal_pointer (&error));
      g_print (_("%s: the standings of %s, %u groups\n"), out, results->event->name, sheets->len);
      return QW_CLI_OK;
    }
  if (format == FORMAT_HTML)
    text = qw_results_standings_html (results);
  else if (format == FORMAT_CSV)
    text = qw_results_standings_csv_ordered (results, qw_desk_list_order (ctx->doc));
  else if ((text = qw_results_to_xml (results, export_opt.public_form, &digest, &error)) == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  /* Only the private results file has full ID numbers and dates of birth. */
  if (!qw_list_write_text (out, text, format == FORMAT_XML && !export_opt.public_form ? QW_OUTPUT_PRIVATE
                                      : QW_OUTPUT_PUBLIC, &error))
    return qw_cli_fail (g_steal_pointer (&error));
  /* The gate's warning travels with the number (issue 19 point 6). */
  if (format == FORMAT_XML && !export_opt.public_form)
    {
      g_autofree char *warning = qw_results_export_warning (results);

      if (warning != NULL)
        g_printerr (_("qiwang-cli: warning: %s\n"), warning);
    }
  if (digest != NULL)
    g_print (_("%s: the %s results file of %s (%d players), SHA-256 %s\n"), out,
             export_opt.public_form ? _("public") : _("private"), results->event->name,
             qw_results_count_players (results), digest);
  else
    g_print (_("%s: public standings of %s\n"), out, results->event->name);
  return QW_CLI_OK;
}

/* check-final */

static JsonArray *
strings_to_json (GPtrArray *strings)
{
  JsonArray *array = json_array_new ();

  for (guint i = 0; strings != NULL && i < strings->len; i++)
    json_array_add_string_element (array, g_ptr_array_index (strings, i));
  return array;
}

static JsonObject *
checks_to_json (GPtrArray *checks,
                int        unchecked,
                GPtrArray *warnings)
{
  JsonObject *o = json_object_new ();
  JsonArray *entries = json_array_new ();

  for (guint i = 0; i < checks->len; i++)
    {
      const QwFinalEntryCheck *c = g_ptr_array_index (checks, i);
      g_autofree char *masked = qw_idcard_display (c->entry->id_number);
      JsonObject *e = json_object_new ();

      json_object_set_int_member (e, "no", c->entry->no);
      json_object_set_string_member (e, "name", c->entry->name);
      json_object_set_string_member (e, "id", masked);
      json_object_set_boolean_member (e, "played", c->played);
      json_object_set_string_member (e, "stops", c->stops);
      json_object_set_string_member (e, "message", c->message);
      json_array_add_object_element (entries, e);
    }
  json_object_set_array_member (o, "entries", entries);
  json_object_set_int_member (o, "unchecked_stops", unchecked);
  json_object_set_array_member (o, "warnings", strings_to_json (warnings));
  return o;
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

/* REGION.qiwang [FINAL.qiwang] */
static int
cmd_check_final (QwCliContext *ctx)
{
  g_autoptr(GError) error = NULL;
  QwDocument *region = ctx->doc;
  g_autoptr(QwDocument) final_doc = NULL;
  g_autoptr(QwRuleset) ruleset = NULL;
  g_autoptr(QwRegionSummary) summary = NULL;
  g_autoptr(QwEvent) final = NULL;
  g_autoptr(GPtrArray) final_entries = NULL;
  g_autoptr(GPtrArray) checks = NULL;
  g_autoptr(GPtrArray) warnings = NULL;
  g_autofree char *arbiter = NULL;
  int unchecked = 0, flagged = 0;

  if ((ctx->n_args == 1 && (final_doc = qw_document_open (ctx->args[0], &error)) == NULL)
      || (ruleset = qw_region_ruleset (region, &error)) == NULL
      || (summary = qw_region_read_summary (region, ruleset, &error)) == NULL
      || (final = find_final (region, final_doc, &final_entries, &error)) == NULL
      || (checks = qw_region_check_final_entries (region, final_entries, &unchecked,
                                                  &error)) == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  if (final->level != QW_LEVEL_PROVINCIAL_FINAL)
    return qw_cli_usage_error (ctx, _("the second document is not a provincial final"));

  warnings = qw_region_check_final_dates (ruleset, final, summary);
  if ((arbiter = qw_check_chief_arbiter (ruleset, final)) != NULL)
    g_ptr_array_insert (warnings, 0, g_steal_pointer (&arbiter));
  if (unchecked > 0)
    g_ptr_array_add (warnings, g_strdup_printf (_("%d preliminaries were typed in without players; "
                                                  "their players cannot be checked"), unchecked));
  if (ctx->json)
    {
      g_autoptr(JsonObject) o = checks_to_json (checks, unchecked, warnings);

      qw_cli_print_json_object (o);
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

static JsonObject *
nominees_to_json (const QwNomineeList *list,
                  GPtrArray           *duplicates)
{
  JsonObject *o = json_object_new ();
  JsonArray *nominees = json_array_new ();
  JsonArray *messages = json_array_new ();

  json_object_set_string_member (o, "region", list->region);
  json_object_set_string_member (o, "tier", list->tier[0] != '\0' ? list->tier : "none");
  json_object_set_int_member (o, "leader", list->leader);
  for (guint i = 0; i < list->nominees->len; i++)
    {
      const QwNominee *n = g_ptr_array_index (list->nominees, i);
      g_autofree char *masked = qw_idcard_display (n->id_number);
      JsonObject *no = json_object_new ();

      json_object_set_string_member (no, "region", n->region);
      json_object_set_string_member (no, "line", n->line);
      json_object_set_string_member (no, "group", n->group_code);
      json_object_set_int_member (no, "rank", n->rank);
      json_object_set_string_member (no, "name", n->name);
      json_object_set_string_member (no, "id", masked);
      json_object_set_string_member (no, "unit", n->unit);
      json_object_set_string_member (no, "reason", n->reason);
      json_array_add_object_element (nominees, no);
    }
  json_object_set_array_member (o, "nominees", nominees);
  json_object_set_array_member (o, "bonus", qw_cli_bonuses_to_json (list->bonuses));
  json_object_set_array_member (o, "notes", strings_to_json (list->notes));
  for (guint i = 0; duplicates != NULL && i < duplicates->len; i++)
    json_array_add_string_element (messages, ((QwNomineeDuplicate *) g_ptr_array_index (duplicates, i))->message);
  json_object_set_array_member (o, "duplicates", messages);
  return o;
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
      g_autofree char *masked = qw_idcard_display (n->id_number);
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

/* The public form (masked ID numbers, no dates of birth) unless --private:
 * the private one is for the national organiser only. */
static gboolean
write_nominees (const QwNomineeList  *list,
                const char           *out,
                gboolean              private_form,
                GError              **error)
{
  g_autofree char *text = NULL;
  QwOutputFlags flags = private_form ? QW_OUTPUT_PRIVATE : QW_OUTPUT_PUBLIC;

  if (format_for (out) == FORMAT_XLSX)
    {
      g_autoptr(GPtrArray) sheets = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_list_sheet_free);

      g_ptr_array_add (sheets, qw_nominees_list_sheet (list, !private_form));
      return qw_list_sheets_write_xlsx (sheets, out, flags, error);
    }
  if (format_for (out) == FORMAT_CSV)
    text = qw_nominees_to_csv (list, !private_form);
  else if (format_for (out) == FORMAT_XML)
    text = qw_nominees_to_xml_form (list, !private_form, NULL, error);
  else
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("Nominees are written as FILE.xml, FILE.xlsx or FILE.csv"));
      return FALSE;
    }
  return text != NULL && qw_list_write_text (out, text, flags, error);
}

static struct
{
  char     *out;
  gboolean  private_form;
} nominees_opt;

static const GOptionEntry nominees_options[] = {
  { "out", 0, 0, G_OPTION_ARG_FILENAME, &nominees_opt.out,
    N_("Write the nominees: FILE.xml (for the national organiser), FILE.xlsx or FILE.csv"), "FILE" },
  { "private", 0, 0, G_OPTION_ARG_NONE, &nominees_opt.private_form,
    N_("Full ID numbers and dates of birth (for the national organiser); without it, the public form"), NULL },
  { NULL },
};

static int
cmd_nominees (QwCliContext *ctx)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwNomineeList) list = NULL;
  g_autoptr(GPtrArray) duplicates = NULL;

  if (qw_document_get_kind (ctx->doc) == QW_DOCUMENT_NATIONAL)
    {
      list = qw_national_nominees (ctx->doc, &error);
      duplicates = list != NULL ? qw_national_nominee_duplicates (ctx->doc, &error) : NULL;
      if (duplicates == NULL)
        return qw_cli_fail (g_steal_pointer (&error));
    }
  else if ((list = qw_region_nominees (ctx->doc, &error)) == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  if (nominees_opt.out != NULL
      && (!qw_cli_check_output (ctx, nominees_opt.out, &error)
          || !write_nominees (list, nominees_opt.out, nominees_opt.private_form, &error)))
    return qw_cli_fail (g_steal_pointer (&error));
  if (ctx->json)
    {
      g_autoptr(JsonObject) o = nominees_to_json (list, duplicates);

      qw_cli_print_json_object (o);
    }
  else
    print_nominees (list, duplicates);
  return QW_CLI_OK;
}

/* import-nominees */

/* NATIONAL.qiwang FILE.xml… */
static int
cmd_import_nominees (QwCliContext *ctx)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) duplicates = NULL;
  int failed = 0;

  for (int i = 0; i < ctx->n_args; i++)
    {
      const char *path = ctx->args[i];
      g_autoptr(GError) file_error = NULL;
      g_autoptr(QwNomineeList) list = qw_nominees_read_file (path, &file_error);
      int replaced = 0;

      if (list == NULL || !qw_national_import_nominees (ctx->doc, list, &replaced, &file_error))
        {
          g_printerr (_("%s: rejected: %s\n"), path, file_error->message);
          failed++;
          continue;
        }
      g_print (_("%s: %s, %u nominees%s\n"), path, list->region, list->nominees->len,
               replaced > 0 ? _(" (replacing the region’s earlier list)") : "");
    }
  duplicates = qw_national_nominee_duplicates (ctx->doc, &error);
  if (duplicates == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  for (guint i = 0; i < duplicates->len; i++)
    g_print (_("Warning: %s\n"), ((QwNomineeDuplicate *) g_ptr_array_index (duplicates, i))->message);
  return failed > 0 ? QW_CLI_FAILED : QW_CLI_OK;
}

/* team-result */

static struct
{
  char *by;
  int   best;
} team_result_opt;

static const GOptionEntry team_result_options[] = {
  { "best", 0, 0, G_OPTION_ARG_INT, &team_result_opt.best, N_("Places that count (default: the ruleset’s)"), "N" },
  { "by", 0, 0, G_OPTION_ARG_STRING, &team_result_opt.by,
    N_("Teams by “unit” (default) or “province” of the ID number"), "BY" },
  { NULL },
};

static JsonArray *
teams_to_json (GPtrArray *teams)
{
  JsonArray *array = json_array_new ();

  for (guint i = 0; i < teams->len; i++)
    {
      const QwTeamResult *t = g_ptr_array_index (teams, i);
      JsonObject *o = json_object_new ();
      JsonArray *places = json_array_new ();

      json_object_set_int_member (o, "rank", t->rank);
      json_object_set_string_member (o, "team", t->team);
      json_object_set_int_member (o, "total", t->total);
      json_object_set_int_member (o, "counted", t->counted);
      for (guint p = 0; p < t->places->len; p++)
        json_array_add_int_element (places, g_array_index (t->places, int, p));
      json_object_set_array_member (o, "places", places);
      json_array_add_object_element (array, o);
    }
  return array;
}

static void
print_teams (GPtrArray *teams)
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

/* DOC|RESULTS.xml */
static int
cmd_team_result (QwCliContext *ctx)
{
  const char *path = ctx->args[0];
  g_autoptr(GError) error = NULL;
  g_autoptr(QwResults) results = NULL;
  g_autoptr(QwRuleset) ruleset = NULL;
  g_autoptr(GPtrArray) members = NULL;
  g_autoptr(GPtrArray) teams = NULL;
  QwTeamBy team_by = QW_TEAM_BY_UNIT;

  if (team_result_opt.by != NULL && g_str_equal (team_result_opt.by, "province"))
    team_by = QW_TEAM_BY_PROVINCE;
  else if (team_result_opt.by != NULL && !g_str_equal (team_result_opt.by, "unit"))
    return qw_cli_usage_error (ctx, _("--by is unit or province"));
  if (team_result_opt.best < 0)
    return qw_cli_usage_error (ctx, _("--best must be 1 or more"));
  if (format_for (path) == FORMAT_XML && !g_str_has_suffix (path, QW_DOCUMENT_SUFFIX))
    results = qw_results_read_file (path, &error);
  else
    {
      g_autoptr(QwDocument) doc = qw_document_open (path, &error);

      results = doc != NULL ? qw_results_from_document (doc, &error) : NULL;
    }
  if (results == NULL || (ruleset = qw_ruleset_lookup (results->event->ruleset, &error)) == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  members = qw_team_members_from_results (ruleset, results, team_by);
  teams = qw_team_results (members, team_result_opt.best > 0 ? team_result_opt.best : ruleset->team_best);
  if (ctx->json)
    {
      g_autoptr(JsonArray) array = teams_to_json (teams);

      qw_cli_print_json_array (array);
    }
  else
    print_teams (teams);
  return QW_CLI_OK;
}

const QwCliCommand qw_cli_results_commands[] = {
  {
    .name = "export", .usage = "DOC --out FILE.xml|FILE.xlsx|FILE.html|FILE.csv [--public] [--event ID] [--force]",
    .min_args = 1, .max_args = 1, .open = QW_CLI_OPEN_DOCUMENT, .flags = QW_CLI_FORCE, .options = export_options,
    .check = export_check,
    .handler = cmd_export, .summary = N_("Write the results file (成绩表), or the public standings"),
  },
  {
    .name = "check-final", .usage = "REGION.qiwang [FINAL.qiwang] [--json]", .min_args = 1, .max_args = 2,
    .open = QW_CLI_OPEN_DOCUMENT, .flags = QW_CLI_JSON,
    .handler = cmd_check_final, .summary = N_("Check the provincial final: entries, chief arbiter, dates"),
  },
  {
    .name = "nominees",
    .usage = "REGION.qiwang|NATIONAL.qiwang [--out FILE.xml|FILE.xlsx|FILE.csv] [--private] [--json] [--force]",
    .min_args = 1, .max_args = 1, .open = QW_CLI_OPEN_DOCUMENT, .flags = QW_CLI_JSON | QW_CLI_FORCE,
    .options = nominees_options,
    .handler = cmd_nominees,
    .summary = N_("A region’s nominees for the national final (or a national document’s, with duplicates)"),
  },
  {
    .name = "import-nominees", .usage = "NATIONAL.qiwang FILE.xml...", .min_args = 2, .max_args = -1,
    .open = QW_CLI_OPEN_NATIONAL,
    .handler = cmd_import_nominees,
    .summary = N_("Import regions’ nominee files; players nominated by two regions are flagged"),
  },
  {
    .name = "team-result", .usage = "DOC|RESULTS.xml [--best N] [--by unit|province] [--json]",
    .min_args = 1, .max_args = 1, .open = QW_CLI_OPEN_NOTHING, .flags = QW_CLI_JSON, .options = team_result_options,
    .handler = cmd_team_result, .summary = N_("Team results: the sum of the best places in the formal groups"),
  },
  { NULL },
};
