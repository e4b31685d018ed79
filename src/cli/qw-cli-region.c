/* qw-cli-region.c: quota (and the region commands)
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
#include "qw-region.h"
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

static JsonNode *
quota_to_json (const QwQuota *quota)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "stops");
  json_builder_add_int_value (b, quota->stops);
  json_builder_set_member_name (b, "valid_stops");
  json_builder_add_int_value (b, quota->valid_stops);
  json_builder_set_member_name (b, "participants");
  json_builder_add_int_value (b, quota->participants);
  json_builder_set_member_name (b, "final");
  json_builder_add_boolean_value (b, quota->final);
  json_builder_set_member_name (b, "tier");
  json_builder_add_string_value (b, quota->tier != NULL ? quota->tier : "none");
  json_builder_set_member_name (b, "quota");
  json_builder_begin_array (b);
  for (guint i = 0; i < quota->places->len; i++)
    {
      const QwQuotaPlace *p = g_ptr_array_index (quota->places, i);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "group");
      json_builder_add_string_value (b, p->group);
      json_builder_set_member_name (b, "min");
      json_builder_add_int_value (b, p->min);
      json_builder_set_member_name (b, "max");
      json_builder_add_int_value (b, p->max);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "leader");
  json_builder_add_int_value (b, quota->leader);
  json_builder_set_member_name (b, "bonus");
  json_builder_begin_array (b);
  for (guint i = 0; i < quota->bonuses->len; i++)
    {
      const QwQuotaBonus *bonus = g_ptr_array_index (quota->bonuses, i);

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
  json_builder_set_member_name (b, "next");
  if (quota->next_tier == NULL)
    json_builder_add_null_value (b);
  else
    {
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "tier");
      json_builder_add_string_value (b, quota->next_tier);
      json_builder_set_member_name (b, "stops_missing");
      json_builder_add_int_value (b, quota->stops_missing);
      json_builder_set_member_name (b, "participants_missing");
      json_builder_add_int_value (b, quota->participants_missing);
      json_builder_set_member_name (b, "final_missing");
      json_builder_add_boolean_value (b, quota->final_missing);
      json_builder_end_object (b);
    }
  json_builder_end_object (b);
  return json_builder_get_root (b);
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

int
qw_cli_quota (int    argc,
              char **argv)
{
  g_autofree char *ruleset_id = NULL;
  gboolean json = FALSE;
  GOptionEntry entries[] = {
    { "ruleset", 0, 0, G_OPTION_ARG_STRING, &ruleset_id,
      N_("Ruleset id (for a stops CSV; a region document knows its own)"), "ID" },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print JSON"), NULL },
    { NULL },
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(QwRuleset) ruleset = NULL;
  g_autoptr(GPtrArray) stops = NULL;
  g_autoptr(QwQuota) quota = NULL;

  if (!qw_cli_parse (entries, "quota", "STOPS.csv|REGION.qiwang", &argc, &argv, &error))
    return qw_cli_usage_error ("quota", error->message);
  if (argc != 2)
    return qw_cli_usage_error ("quota", _("give one stops CSV or one region document"));
  if (is_document (argv[1]))
    stops = region_stops (argv[1], ruleset_id, &ruleset, &error);
  else if ((ruleset = qw_ruleset_lookup (ruleset_id != NULL ? ruleset_id : "qiwang-2021", &error)) != NULL)
    stops = stops_from_csv (ruleset, argv[1], &error);
  if (stops == NULL)
    return qw_cli_fail (g_steal_pointer (&error));

  quota = qw_quota_compute (ruleset, stops);
  if (json)
    {
      g_autoptr(JsonNode) root = quota_to_json (quota);

      qw_cli_print_json (root);
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
  f = fopen (path, "rb");
  if (f == NULL)
    return FALSE;
  n = fread (header, 1, sizeof header, f);
  fclose (f);
  return n == sizeof header && memcmp (header, "SQLite format 3", 16) == 0;
}

static QwDocument *
open_region (const char  *path,
             GError     **error)
{
  g_autoptr(QwDocument) doc = qw_document_open (path, error);
  g_autofree char *display_name = g_filename_display_name (path);

  if (doc == NULL)
    return NULL;
  if (qw_document_get_kind (doc) != QW_DOCUMENT_REGION)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                   _("%s is a %s document, not a region document (create one with “qiwang-cli "
                     "new-region”)"), display_name, qw_document_kind_to_code (qw_document_get_kind (doc)));
      return NULL;
    }
  return g_steal_pointer (&doc);
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
  g_autoptr(QwDocument) doc = open_region (path, error);
  g_autoptr(QwRegionSummary) summary = NULL;

  if (doc == NULL)
    return NULL;
  *ruleset = ruleset_id != NULL ? qw_ruleset_lookup (ruleset_id, error)
                                : qw_document_region_ruleset (doc, error);
  if (*ruleset == NULL || (summary = qw_document_region_summary (doc, *ruleset, error)) == NULL)
    return NULL;
  return qw_region_summary_quota_stops (summary);
}

/* new-region */

int
qw_cli_new_region (int    argc,
                   char **argv)
{
  g_autofree char *ruleset_id = NULL;
  g_autofree char *region = NULL;
  gboolean national = FALSE;
  GOptionEntry entries[] = {
    { "region", 0, 0, G_OPTION_ARG_STRING, &region, N_("The region (province), e.g. 广东"), "R" },
    { "ruleset", 0, 0, G_OPTION_ARG_STRING, &ruleset_id, N_("Ruleset id (default qiwang-2021)"), "ID" },
    { "national", 0, 0, G_OPTION_ARG_NONE, &national,
      N_("Create a national document (it imports the regions’ nominees)"), NULL },
    { NULL },
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = NULL;

  if (!qw_cli_parse (entries, "new-region", "DOC", &argc, &argv, &error))
    return qw_cli_usage_error ("new-region", error->message);
  if (argc != 2)
    return qw_cli_usage_error ("new-region", _("give the document to create"));
  if (!national && (region == NULL || region[0] == '\0'))
    return qw_cli_usage_error ("new-region", _("give the region with --region, e.g. --region 广东"));
  if (g_file_test (argv[1], G_FILE_TEST_EXISTS))
    return qw_cli_usage_error ("new-region", _("the file exists already; choose a new name"));
  doc = qw_document_create (argv[1], national ? QW_DOCUMENT_NATIONAL : QW_DOCUMENT_REGION, &error);
  if (doc == NULL
      || !qw_document_region_setup (doc, region != NULL ? region : "",
                                    ruleset_id != NULL ? ruleset_id : "qiwang-2021", &error))
    return qw_cli_fail (g_steal_pointer (&error));
  g_print ("%s\n", argv[1]);
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

int
qw_cli_import_results (int    argc,
                       char **argv)
{
  gboolean json = FALSE;
  GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print JSON"), NULL },
    { NULL },
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = NULL;
  g_autoptr(JsonArray) array = json_array_new ();
  int failed = 0;

  if (!qw_cli_parse (entries, "import-results", "REGION.qiwang FILE.xml…", &argc, &argv, &error))
    return qw_cli_usage_error ("import-results", error->message);
  if (argc < 3)
    return qw_cli_usage_error ("import-results", _("give the region document and at least one results file"));
  doc = open_region (argv[1], &error);
  if (doc == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  /* One file is one action: a bad file is refused, the others still go in. */
  for (int i = 2; i < argc; i++)
    {
      g_autoptr(GError) file_error = NULL;
      g_autoptr(QwResults) results = qw_results_read_file (argv[i], &file_error);
      g_autoptr(JsonObject) obj = json_object_new ();
      g_autofree char *text = NULL;
      QwImportOutcome outcome = QW_IMPORT_ADDED;
      gint64 event_id = 0;

      if (results != NULL)
        qw_document_import_results (doc, results, &outcome, &event_id, &file_error);
      json_object_set_string_member (obj, "file", argv[i]);
      if (file_error != NULL)
        {
          failed++;
          json_object_set_string_member (obj, "outcome", "rejected");
          json_object_set_string_member (obj, "message", file_error->message);
          if (!json)
            g_printerr (_("%s: rejected: %s\n"), argv[i], file_error->message);
        }
      else
        {
          text = outcome_text (outcome, results);
          json_object_set_string_member (obj, "outcome", outcome_code (outcome));
          json_object_set_string_member (obj, "name", results->event->name);
          json_object_set_int_member (obj, "players", qw_results_count_players (results));
          if (!json)
            g_print ("%s: %s\n", argv[i], text);
        }
      json_array_add_object_element (array, g_steal_pointer (&obj));
    }
  if (json)
    {
      g_autoptr(JsonNode) root = json_node_init_array (json_node_alloc (), array);

      qw_cli_print_json (root);
    }
  return failed > 0 ? QW_CLI_FAILED : QW_CLI_OK;
}

/* import-stops */

int
qw_cli_import_stops (int    argc,
                     char **argv)
{
  GOptionEntry entries[] = { { NULL } };
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = NULL;
  g_autoptr(QwRuleset) ruleset = NULL;
  g_autoptr(GPtrArray) stops = NULL;
  int added = 0, replaced = 0;

  if (!qw_cli_parse (entries, "import-stops", "REGION.qiwang STOPS.csv", &argc, &argv, &error))
    return qw_cli_usage_error ("import-stops", error->message);
  if (argc != 3)
    return qw_cli_usage_error ("import-stops", _("give the region document and the stops CSV"));
  doc = open_region (argv[1], &error);
  if (doc == NULL || (ruleset = qw_document_region_ruleset (doc, &error)) == NULL
      || (stops = stops_from_csv (ruleset, argv[2], &error)) == NULL
      || !qw_document_import_stops (doc, stops, &added, &replaced, &error))
    return qw_cli_fail (g_steal_pointer (&error));
  g_print (_("%d stops added, %d replaced, %d kept as imported from their results files\n"),
           added, replaced, (int) stops->len - added - replaced);
  return QW_CLI_OK;
}

/* region */

static JsonNode *
summary_to_json (const QwRegionSummary *summary,
                 int                    decided)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "region");
  json_builder_add_string_value (b, summary->region);
  json_builder_set_member_name (b, "stops");
  json_builder_begin_array (b);
  for (guint i = 0; i < summary->stops->len; i++)
    {
      const QwRegionStop *stop = g_ptr_array_index (summary->stops, i);
      const QwEvent *e = stop->event;
      char start[QW_DATE_ISO_LEN], end[QW_DATE_ISO_LEN];

      qw_date_to_iso (e->start_date, start);
      qw_date_to_iso (e->end_date, end);
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "name");
      json_builder_add_string_value (b, e->name);
      json_builder_set_member_name (b, "type");
      json_builder_add_string_value (b, qw_level_to_code (e->level));
      json_builder_set_member_name (b, "level");
      json_builder_add_string_value (b, qw_host_level_to_code (e->host_level));
      json_builder_set_member_name (b, "host");
      json_builder_add_string_value (b, e->host);
      json_builder_set_member_name (b, "prefecture");
      json_builder_add_string_value (b, e->prefecture);
      json_builder_set_member_name (b, "county_city");
      json_builder_add_string_value (b, e->county_city);
      json_builder_set_member_name (b, "honours");
      json_builder_add_string_value (b, e->honours);
      json_builder_set_member_name (b, "start");
      json_builder_add_value (b, qw_cli_string_or_null (start[0] != '\0' ? start : NULL));
      json_builder_set_member_name (b, "end");
      json_builder_add_value (b, qw_cli_string_or_null (end[0] != '\0' ? end : NULL));
      json_builder_set_member_name (b, "participants");
      json_builder_add_int_value (b, stop->participants);
      json_builder_set_member_name (b, "valid");
      json_builder_add_boolean_value (b, stop->valid);
      json_builder_set_member_name (b, "source");
      json_builder_add_string_value (b, qw_source_to_code (e->source));
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "preliminaries");
  json_builder_add_int_value (b, summary->n_preliminaries);
  json_builder_set_member_name (b, "valid_stops");
  json_builder_add_int_value (b, summary->n_valid);
  json_builder_set_member_name (b, "participants");
  json_builder_add_int_value (b, summary->participants);
  json_builder_set_member_name (b, "final");
  json_builder_add_boolean_value (b, summary->final);
  json_builder_set_member_name (b, "decided_places");
  if (decided >= 0)
    json_builder_add_int_value (b, decided);
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "warnings");
  json_builder_begin_array (b);
  for (guint i = 0; i < summary->warnings->len; i++)
    json_builder_add_string_value (b, g_ptr_array_index (summary->warnings, i));
  json_builder_end_array (b);
  json_builder_end_object (b);
  return json_builder_get_root (b);
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
        (char *) qw_source_to_code (e->source), NULL }));
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

int
qw_cli_region (int    argc,
               char **argv)
{
  gboolean json = FALSE;
  int decided = -2;
  GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print JSON"), NULL },
    { "decided-places", 0, 0, G_OPTION_ARG_INT, &decided,
      N_("Record the places the association decided (no tier reached); -1 clears it"), "N" },
    { NULL },
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = NULL;
  g_autoptr(QwRuleset) ruleset = NULL;
  g_autoptr(QwRegionSummary) summary = NULL;

  if (!qw_cli_parse (entries, "region", "REGION.qiwang", &argc, &argv, &error))
    return qw_cli_usage_error ("region", error->message);
  if (argc != 2)
    return qw_cli_usage_error ("region", _("give the region document"));
  if (decided < -2)
    return qw_cli_usage_error ("region", _("--decided-places is a number of places, or -1"));
  doc = open_region (argv[1], &error);
  if (doc == NULL || (decided >= -1 && !qw_document_region_set_decided_places (doc, decided, &error))
      || (ruleset = qw_document_region_ruleset (doc, &error)) == NULL
      || (summary = qw_document_region_summary (doc, ruleset, &error)) == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  if (json)
    {
      g_autoptr(JsonNode) root = summary_to_json (summary, qw_document_region_get_decided_places (doc));

      qw_cli_print_json (root);
    }
  else
    print_summary (ruleset, summary, qw_document_region_get_decided_places (doc));
  return QW_CLI_OK;
}
