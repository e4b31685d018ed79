/* qw-cli-results.c: export (results file, public standings), check-final
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "qw-cli.h"
#include "qw-error.h"
#include "qw-idcard.h"
#include "qw-region.h"
#include "qw-results-file.h"

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
