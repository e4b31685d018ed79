/* qw-cli-region.c: quota, new-region, import-results, import-stops, region
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "qw-cli.h"
#include "qw-error.h"
#include "qw-quota.h"
#include "qw-list-sheet.h"
#include "qw-region-export.h"
#include "qw-region.h"
#include "qw-results-export.h"
#include "qw-results-file.h"
#include "qw-ruleset.h"
#include "qw-stops-csv.h"
#include "qw-date.h"
#include "qw-event.h"

static GPtrArray *region_stops (const char  *path,
                                const char  *ruleset_id,
                                QwRuleset  **ruleset,
                                GError     **error);
static gboolean   is_document  (const char  *path);

/* quota */

static JsonObject *
quota_to_json (const QwQuota *quota)
{
  JsonObject *o = json_object_new ();
  JsonArray *places = json_array_new ();

  json_object_set_int_member (o, "stops", quota->stops);
  json_object_set_int_member (o, "valid_stops", quota->valid_stops);
  json_object_set_int_member (o, "participants", quota->participants);
  json_object_set_boolean_member (o, "final", quota->final);
  json_object_set_string_member (o, "tier", quota->tier != NULL ? quota->tier : "none");
  for (guint i = 0; i < quota->places->len; i++)
    {
      const QwQuotaPlace *p = g_ptr_array_index (quota->places, i);
      JsonObject *place = json_object_new ();

      json_object_set_string_member (place, "group", p->group);
      json_object_set_int_member (place, "min", p->min);
      json_object_set_int_member (place, "max", p->max);
      json_array_add_object_element (places, place);
    }
  json_object_set_array_member (o, "quota", places);
  json_object_set_int_member (o, "leader", quota->leader);
  json_object_set_array_member (o, "bonus", qw_cli_bonuses_to_json (quota->bonuses));
  if (quota->next_tier == NULL)
    json_object_set_null_member (o, "next");
  else
    {
      JsonObject *next = json_object_new ();

      json_object_set_string_member (next, "tier", quota->next_tier);
      json_object_set_int_member (next, "stops_missing", quota->stops_missing);
      json_object_set_int_member (next, "participants_missing", quota->participants_missing);
      json_object_set_boolean_member (next, "final_missing", quota->final_missing);
      json_object_set_object_member (o, "next", next);
    }
  return o;
}

static void
print_quota (const QwRuleset *ruleset,
             const QwQuota   *quota)
{
  g_print (_("Preliminaries: %d, of which valid (%d or more players): %d\n"),
           quota->stops, ruleset->valid_stop_min_players, quota->valid_stops);
  g_print (_("Provincial final: %s\n"), quota->final ? _("yes") : _("no"));
  g_print (_("Participants: %d\n"), quota->participants);
  g_print ("\n%s\n", quota->tier_reason);
  for (guint i = 0; i < quota->places->len; i++)
    g_print ("  %s\n", ((QwQuotaPlace *) g_ptr_array_index (quota->places, i))->reason);
  if (quota->leader > 0)
    g_print (_("  Team leader: %d\n"), quota->leader);
  if (quota->bonuses->len > 0)
    g_print (_("\nExtra places:\n"));
  for (guint i = 0; i < quota->bonuses->len; i++)
    g_print ("  %s\n", ((QwQuotaBonus *) g_ptr_array_index (quota->bonuses, i))->explanation);
  if (quota->next_reason != NULL)
    g_print ("\n%s\n", quota->next_reason);
  if (quota->tier != NULL)
    g_print (_("\nPlaces in all: %d (the leader and the smallest number of each line included)\n"),
             qw_quota_total_places (quota));
}

static GPtrArray *
stops_from_csv (const QwRuleset  *ruleset,
                const char       *path,
                GError          **error)
{
  g_autoptr(QwStopsImport) import = qw_stops_csv_read_file (ruleset, path, error);
  g_autofree char *display_name = g_filename_display_name (path);

  if (import == NULL || !qw_stops_import_check (import, display_name, error))
    return NULL;
  return g_ptr_array_ref (import->stops);
}

static char *quota_ruleset;

static const GOptionEntry quota_options[] = {
  { "ruleset", 0, 0, G_OPTION_ARG_STRING, &quota_ruleset,
    N_("Ruleset id (for a stops CSV; a region document knows its own)"), "ID" },
  { NULL },
};

static int
cmd_quota (QwCliContext *ctx)
{
  const char *path = ctx->args[0];
  g_autoptr(GError) error = NULL;
  g_autoptr(QwRuleset) ruleset = NULL;
  g_autoptr(GPtrArray) stops = NULL;
  g_autoptr(QwQuota) quota = NULL;

  if (is_document (path))
    stops = region_stops (path, quota_ruleset, &ruleset, &error);
  else if ((ruleset = qw_ruleset_lookup (quota_ruleset != NULL ? quota_ruleset : "qiwang-2021", &error)) != NULL)
    stops = stops_from_csv (ruleset, path, &error);
  if (stops == NULL)
    return qw_cli_fail (g_steal_pointer (&error));

  quota = qw_quota_compute (ruleset, stops);
  if (ctx->json)
    {
      g_autoptr(JsonObject) o = quota_to_json (quota);

      qw_cli_print_json_object (o);
    }
  else
    print_quota (ruleset, quota);
  return QW_CLI_OK;
}

/* Helpers shared by the region commands */

/* A path names a Qiwang document when it ends in .qiwang or is a database. */
static gboolean
is_document (const char *path)
{
  char header[16] = { 0 };
  FILE *f;
  gsize n;

  if (g_str_has_suffix (path, QW_DOCUMENT_SUFFIX))
    return TRUE;
  /* Never open a FIFO or a device here: the reader refuses them with a message. */
  if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
    return FALSE;
  f = fopen (path, "rb");
  if (f == NULL)
    return FALSE;
  n = fread (header, 1, sizeof header, f);
  fclose (f);
  return n == sizeof header && memcmp (header, "SQLite format 3", 16) == 0;
}

/**
 * region_stops:
 * @ruleset_id: (nullable): overrides the region's own ruleset
 * @ruleset: (out): the ruleset used
 *
 * Returns: (element-type QwStopSummary): the region's stops for the quota
 */
static GPtrArray *
region_stops (const char  *path,
              const char  *ruleset_id,
              QwRuleset  **ruleset,
              GError     **error)
{
  g_autoptr(QwDocument) doc = qw_cli_open_kind (path, QW_DOCUMENT_REGION, error);
  g_autoptr(QwRegionSummary) summary = NULL;

  if (doc == NULL)
    return NULL;
  *ruleset = ruleset_id != NULL ? qw_ruleset_lookup (ruleset_id, error)
                                : qw_region_ruleset (doc, error);
  if (*ruleset == NULL || (summary = qw_region_read_summary (doc, *ruleset, error)) == NULL)
    return NULL;
  return qw_region_summary_quota_stops (summary);
}

/* new-region */

static struct
{
  char     *region;
  char     *ruleset;
  gboolean  national;
} new_region_opt;

static const GOptionEntry new_region_options[] = {
  { "region", 0, 0, G_OPTION_ARG_STRING, &new_region_opt.region, N_("The region (province), e.g. 广东"), "R" },
  { "ruleset", 0, 0, G_OPTION_ARG_STRING, &new_region_opt.ruleset, N_("Ruleset id (default qiwang-2021)"), "ID" },
  { "national", 0, 0, G_OPTION_ARG_NONE, &new_region_opt.national,
    N_("Create a national document (it imports the regions’ nominees)"), NULL },
  { NULL },
};

static int
cmd_new_region (QwCliContext *ctx)
{
  const char *path = ctx->args[0];
  const char *region = new_region_opt.region;
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = NULL;
  g_autofree char *tmp = NULL;
  gboolean ok;

  if (!new_region_opt.national && (region == NULL || region[0] == '\0'))
    return qw_cli_usage_error (ctx, _("give the region with --region, e.g. --region 广东"));
  if (!qw_cli_check_new_document (ctx, path, &error))
    return qw_cli_usage_error (ctx, error->message);
  if ((tmp = qw_cli_temporary_path (path, &error)) == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  doc = qw_document_create (tmp, new_region_opt.national ? QW_DOCUMENT_NATIONAL : QW_DOCUMENT_REGION, &error);
  ok = doc != NULL
       && qw_region_setup (doc, region != NULL ? region : "",
                           new_region_opt.ruleset != NULL ? new_region_opt.ruleset : "qiwang-2021", &error);
  if (!qw_cli_install_document (&doc, tmp, path, ok, ok ? &error : NULL))
    return qw_cli_fail (g_steal_pointer (&error));
  g_print ("%s\n", path);
  return QW_CLI_OK;
}

/* import-results */

static const char *
outcome_code (QwImportOutcome outcome)
{
  switch (outcome)
    {
    case QW_IMPORT_REPLACED:
      return "replaced";
    case QW_IMPORT_UNCHANGED:
      return "unchanged";
    case QW_IMPORT_ADDED:
    default:
      return "added";
    }
}

static char *
outcome_text (QwImportOutcome  outcome,
              const QwResults *results)
{
  int n = qw_results_count_players (results);

  switch (outcome)
    {
    case QW_IMPORT_REPLACED:
      return g_strdup_printf (_("replaced the earlier import of %s (%d players)"), results->event->name, n);
    case QW_IMPORT_UNCHANGED:
      return g_strdup_printf (_("%s was imported already from the same file; nothing changed"),
                              results->event->name);
    case QW_IMPORT_ADDED:
    default:
      return g_strdup_printf (_("added %s (%d players)"), results->event->name, n);
    }
}

/* What the region page imports (src/gui/qw-region-import.c), told apart
 * the same way, by the name's ending: a stops CSV (.csv), a stop's own
 * document (.qiwang), and a results file (.xml; any other name is read as
 * one too, as the CLI always did). */
static gboolean
name_ends_with (const char *path,
                const char *suffix)
{
  g_autofree char *basename = g_path_get_basename (path);
  g_autofree char *name = g_filename_display_name (basename);
  g_autofree char *lower = g_utf8_strdown (name, -1);

  return g_str_has_suffix (lower, suffix);
}

/* A stop's own document: its results go through the same XML, digest and
 * all, as the file the stop would have sent. */
static QwResults *
read_stop_document (const char  *path,
                    GError     **error)
{
  g_autoptr(QwDocument) doc = qw_document_open (path, error);
  g_autofree char *display_name = g_filename_display_name (path);
  g_autoptr(QwResults) results = NULL;
  g_autofree char *xml = NULL;

  if (doc == NULL)
    return NULL;
  if (qw_document_get_kind (doc) != QW_DOCUMENT_STOP)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                   _("%s is not a stop’s document; open it instead of importing it"), display_name);
      return NULL;
    }
  results = qw_results_from_document (doc, error);
  if (results == NULL || (xml = qw_results_to_xml (results, FALSE, NULL, error)) == NULL)
    return NULL;
  return qw_results_read_memory (xml, strlen (xml), display_name, error);
}

/* A results file or a stop document: one stop. */
static gboolean
import_results_file (QwCliContext  *ctx,
                     const char    *path,
                     JsonObject    *o,
                     GError       **error)
{
  g_autoptr(QwResults) results = NULL;
  g_autofree char *text = NULL;
  QwImportOutcome outcome = QW_IMPORT_ADDED;

  /* A results file is stored while it is read (qw-region.h). */
  if (!name_ends_with (path, QW_DOCUMENT_SUFFIX))
    {
      if (!qw_region_import_results_file (ctx->doc, path, &outcome, NULL, &results, error))
        return FALSE;
    }
  else if ((results = read_stop_document (path, error)) == NULL
           || !qw_region_import_results (ctx->doc, results, &outcome, NULL, error))
    return FALSE;
  text = outcome_text (outcome, results);
  json_object_set_string_member (o, "outcome", outcome_code (outcome));
  json_object_set_string_member (o, "name", results->event->name);
  json_object_set_int_member (o, "players", qw_results_count_players (results));
  if (!ctx->json)
    g_print ("%s: %s\n", path, text);
  return TRUE;
}

/* A stops CSV: the stops that did not use Qiwang. */
static gboolean
import_stops_file (QwCliContext  *ctx,
                   const char    *path,
                   JsonObject    *o,
                   GError       **error)
{
  g_autoptr(GPtrArray) stops = stops_from_csv (ctx->ruleset, path, error);
  int added = 0, replaced = 0, kept;

  if (stops == NULL || !qw_region_import_stops (ctx->doc, stops, &added, &replaced, error))
    return FALSE;
  kept = (int) stops->len - added - replaced;
  json_object_set_string_member (o, "outcome", added > 0 ? "added" : replaced > 0 ? "replaced" : "unchanged");
  json_object_set_int_member (o, "added", added);
  json_object_set_int_member (o, "replaced", replaced);
  json_object_set_int_member (o, "kept", kept);
  if (!ctx->json)
    {
      g_print ("%s: ", path);
      g_print (_("%d stops added, %d replaced, %d kept as imported from their results files\n"),
               added, replaced, kept);
    }
  return TRUE;
}

static int
cmd_import_results (QwCliContext *ctx)
{
  g_autoptr(JsonArray) array = json_array_new ();
  int failed = 0;

  /* One file is one action: a bad file is refused, the others still go in. */
  for (int i = 0; i < ctx->n_args; i++)
    {
      const char *path = ctx->args[i];
      g_autoptr(GError) file_error = NULL;
      JsonObject *o = json_object_new ();
      gboolean ok;

      json_object_set_string_member (o, "file", path);
      ok = name_ends_with (path, ".csv") ? import_stops_file (ctx, path, o, &file_error)
                                         : import_results_file (ctx, path, o, &file_error);
      if (!ok)
        {
          failed++;
          json_object_set_string_member (o, "outcome", "rejected");
          json_object_set_string_member (o, "message", file_error->message);
          if (!ctx->json)
            g_printerr (_("%s: rejected: %s\n"), path, file_error->message);
        }
      json_array_add_object_element (array, o);
    }
  if (ctx->json)
    qw_cli_print_json_array (array);
  return failed > 0 ? QW_CLI_FAILED : QW_CLI_OK;
}

/* import-stops */

static int
cmd_import_stops (QwCliContext *ctx)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) stops = NULL;
  int added = 0, replaced = 0;

  if ((stops = stops_from_csv (ctx->ruleset, ctx->args[0], &error)) == NULL
      || !qw_region_import_stops (ctx->doc, stops, &added, &replaced, &error))
    return qw_cli_fail (g_steal_pointer (&error));
  g_print (_("%d stops added, %d replaced, %d kept as imported from their results files\n"),
           added, replaced, (int) stops->len - added - replaced);
  return QW_CLI_OK;
}

/* region */

static JsonObject *
summary_to_json (const QwRegionSummary *summary,
                 int                    decided)
{
  JsonObject *o = json_object_new ();
  JsonArray *stops = json_array_new ();
  JsonArray *warnings = json_array_new ();

  json_object_set_string_member (o, "region", summary->region);
  for (guint i = 0; i < summary->stops->len; i++)
    {
      const QwRegionStop *stop = g_ptr_array_index (summary->stops, i);
      const QwEvent *e = stop->event;
      JsonObject *s = json_object_new ();
      char start[QW_DATE_ISO_LEN], end[QW_DATE_ISO_LEN];

      qw_date_to_iso (e->start_date, start);
      qw_date_to_iso (e->end_date, end);
      json_object_set_string_member (s, "name", e->name);
      json_object_set_string_member (s, "type", qw_level_to_code (e->level));
      json_object_set_string_member (s, "level", qw_host_level_to_code (e->host_level));
      json_object_set_string_member (s, "host", e->host);
      json_object_set_string_member (s, "prefecture", e->prefecture);
      json_object_set_string_member (s, "county_city", e->county_city);
      json_object_set_string_member (s, "honours", e->honours);
      json_object_set_string_member (s, "start", start[0] != '\0' ? start : NULL);
      json_object_set_string_member (s, "end", end[0] != '\0' ? end : NULL);
      json_object_set_int_member (s, "participants", stop->participants);
      json_object_set_boolean_member (s, "valid", stop->valid);
      json_object_set_string_member (s, "source", qw_source_to_code (e->source));
      json_array_add_object_element (stops, s);
    }
  json_object_set_array_member (o, "stops", stops);
  json_object_set_int_member (o, "preliminaries", summary->n_preliminaries);
  json_object_set_int_member (o, "valid_stops", summary->n_valid);
  json_object_set_int_member (o, "participants", summary->participants);
  json_object_set_boolean_member (o, "final", summary->final);
  if (decided >= 0)
    json_object_set_int_member (o, "decided_places", decided);
  else
    json_object_set_null_member (o, "decided_places");
  for (guint i = 0; i < summary->warnings->len; i++)
    json_array_add_string_element (warnings, g_ptr_array_index (summary->warnings, i));
  json_object_set_array_member (o, "warnings", warnings);
  return o;
}

/* The table's 来源: where a stop's results came from, in the reader's
 * language (--json keeps the code). */
static const char *
source_label (QwEventSource source)
{
  switch (source)
    {
    case QW_SOURCE_LOCAL:
      return _("this document");
    case QW_SOURCE_IMPORTED:
      return _("results file");
    case QW_SOURCE_MANUAL:
      return _("typed in");
    default:
      return qw_source_to_code (source);
    }
}

static void
print_summary (const QwRuleset       *ruleset,
               const QwRegionSummary *summary,
               int                    decided)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);

  g_ptr_array_add (rows, g_strdupv ((char *[]) { _("Stop"), _("Type"), _("Level"), _("Host"),
                                                 _("Participants"), _("Valid"), _("Source"), NULL }));
  for (guint i = 0; i < summary->stops->len; i++)
    {
      const QwRegionStop *stop = g_ptr_array_index (summary->stops, i);
      const QwEvent *e = stop->event;
      g_autofree char *count = g_strdup_printf ("%d", stop->participants);

      g_ptr_array_add (rows, g_strdupv ((char *[]) {
        e->name, (char *) qw_level_to_chinese (e->level),
        (char *) qw_host_level_to_chinese (e->host_level), e->host, count,
        e->level != QW_LEVEL_PRELIMINARY ? (char *) "" : stop->valid ? _("yes") : _("no"),
        (char *) source_label (e->source), NULL }));
    }
  g_print (_("Region: %s\n\n"), summary->region);
  qw_cli_print_table (rows);
  g_print (_("\nPreliminaries: %d, valid (%d or more players): %d; provincial final: %s; "
             "participants: %d\n"),
           summary->n_preliminaries, ruleset->valid_stop_min_players, summary->n_valid,
           summary->final ? _("yes") : _("no"), summary->participants);
  if (decided >= 0)
    g_print (_("Places decided by the association: %d\n"), decided);
  for (guint i = 0; i < summary->warnings->len; i++)
    g_print (_("Warning: %s\n"), (char *) g_ptr_array_index (summary->warnings, i));
}

static int region_decided = -2;
static char *region_rules_published;
static char *region_out;
static QwDate rules_day;

static const GOptionEntry region_options[] = {
  { "out", 0, 0, G_OPTION_ARG_FILENAME, &region_out,
    N_("Write the stops with their validity and the quota: FILE.xlsx (two sheets), or FILE.csv (the stops)"),
    "FILE" },
  { "decided-places", 0, 0, G_OPTION_ARG_INT, &region_decided,
    N_("Record the places the association decided (no tier reached); -1 clears it"), "N" },
  { "rules-published", 0, 0, G_OPTION_ARG_STRING, &region_rules_published,
    N_("Record the day the region published its competition rules (竞赛办法); \"\" clears it"), "YYYY-MM-DD" },
  { NULL },
};

static gboolean
region_check (QwCliContext  *ctx,
              GError       **error)
{
  if (region_decided < -2)
    {
      g_set_error_literal (error, QW_ERROR, QW_ERROR_INVALID, _("--decided-places is a number of places, or -1"));
      return FALSE;
    }
  if (region_out != NULL
      && (!qw_cli_check_list_path (region_out, error) || !qw_cli_check_output (ctx, region_out, error)))
    return FALSE;
  rules_day = QW_DATE_NONE;
  if (region_rules_published != NULL && region_rules_published[0] != '\0'
      && !qw_date_parse_iso (region_rules_published, &rules_day))
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("--rules-published must be a real date written YYYY-MM-DD, "
                                                        "not “%s”"), region_rules_published);
      return FALSE;
    }
  return TRUE;
}

static int
cmd_region (QwCliContext *ctx)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwRegionSummary) summary = NULL;

  if ((region_decided >= -1 && !qw_region_set_decided_places (ctx->doc, region_decided, &error))
      || (region_rules_published != NULL
          && !qw_region_set_rules_published (ctx->doc, rules_day, &error))
      || (summary = qw_region_read_summary (ctx->doc, ctx->ruleset, &error)) == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  if (region_out != NULL)
    {
      g_autoptr(GPtrArray) sheets = qw_region_sheets (ctx->doc, &error);

      /* The stops and the quota: no person's data. */
      if (sheets == NULL || !qw_list_sheets_write (sheets, region_out, QW_OUTPUT_PUBLIC, &error))
        return qw_cli_fail (g_steal_pointer (&error));
      g_printerr (_("%s: the stops and the quota of %s\n"), region_out, summary->region);
    }
  if (ctx->json)
    {
      g_autoptr(JsonObject) o = summary_to_json (summary, qw_region_get_decided_places (ctx->doc));

      qw_cli_print_json_object (o);
    }
  else
    print_summary (ctx->ruleset, summary, qw_region_get_decided_places (ctx->doc));
  return QW_CLI_OK;
}

const QwCliCommand qw_cli_region_commands[] = {
  {
    .name = "quota", .usage = "[--ruleset ID] [--json] STOPS.csv|REGION.qiwang", .min_args = 1, .max_args = 1,
    .open = QW_CLI_OPEN_NOTHING, .flags = QW_CLI_JSON, .options = quota_options,
    .handler = cmd_quota, .summary = N_("A region’s national-final places, with their reasons"),
  },
  {
    .name = "new-region", .usage = "DOC --region R [--ruleset ID] [--national] [--force]", .min_args = 1,
    .max_args = 1, .open = QW_CLI_OPEN_NOTHING, .flags = QW_CLI_FORCE, .options = new_region_options,
    .handler = cmd_new_region, .summary = N_("Create a region (or national) document"),
  },
  {
    .name = "import-results", .usage = "REGION.qiwang FILE.xml|.csv|.qiwang... [--json]",
    .min_args = 2, .max_args = -1, .open = QW_CLI_OPEN_REGION, .flags = QW_CLI_JSON,
    .handler = cmd_import_results,
    .summary = N_("Import stops’ results files, stops CSVs and stops’ documents into a region"),
  },
  {
    .name = "import-stops", .usage = "REGION.qiwang STOPS.csv", .min_args = 2, .max_args = 2,
    .open = QW_CLI_OPEN_REGION,
    .handler = cmd_import_stops, .summary = N_("Add stops that did not use Qiwang, from a stops CSV"),
  },
  {
    .name = "region",
    .usage = "REGION.qiwang [--decided-places N] [--rules-published D] [--out FILE.xlsx|FILE.csv] [--json] [--force]", .min_args = 1, .max_args = 1,
    .open = QW_CLI_OPEN_REGION, .flags = QW_CLI_JSON | QW_CLI_FORCE, .options = region_options, .check = region_check,
    .handler = cmd_region, .summary = N_("A region’s stops, validity, totals and warnings"),
  },
  { NULL },
};
