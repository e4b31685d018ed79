/* qw-cli-registration.c: idcard, check-entries, new, import, entries, demo
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "qw-cli.h"
#include "qw-demo.h"
#include "qw-document.h"
#include "qw-entry-import.h"
#include "qw-error.h"
#include "qw-event-name.h"
#include "qw-ruleset.h"
#include "qw-date.h"
#include "qw-document-entries.h"
#include "qw-entry-check.h"
#include "qw-entry.h"
#include "qw-event.h"
#include "qw-idcard.h"
#include "qw-registration.h"

/* idcard */

static JsonNode *
idcard_to_json (const char     *input,
                const QwIdInfo *info)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  char birth[QW_DATE_ISO_LEN];

  qw_date_to_iso (info->birth, birth);
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "input");
  json_builder_add_string_value (b, input);
  json_builder_set_member_name (b, "valid");
  json_builder_add_boolean_value (b, info->valid);
  json_builder_set_member_name (b, "error");
  json_builder_add_value (b, qw_cli_string_or_null (qw_idcard_error_code (info->error)));
  json_builder_set_member_name (b, "birth");
  json_builder_add_value (b, qw_cli_string_or_null (info->valid ? birth : NULL));
  json_builder_set_member_name (b, "sex");
  json_builder_add_value (b, qw_cli_string_or_null (info->valid ? qw_sex_to_code (info->sex) : NULL));
  json_builder_set_member_name (b, "province");
  json_builder_add_value (b, qw_cli_string_or_null (info->valid ? info->province : NULL));
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

int
qw_cli_idcard (int    argc,
               char **argv)
{
  gboolean json = FALSE;
  GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print JSON"), NULL },
    { NULL },
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonArray) array = json_array_new ();
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);

  if (!qw_cli_parse (entries, "idcard", "ID…", &argc, &argv, &error))
    return qw_cli_usage_error ("idcard", error->message);
  if (argc < 2)
    return qw_cli_usage_error ("idcard", _("give at least one ID number"));

  g_ptr_array_add (rows, g_strdupv ((char *[]) { _("ID number"), _("Valid"), _("Problem"),
                                                 _("Birth date"), _("Sex"), _("Province"), NULL }));
  for (int i = 1; i < argc; i++)
    {
      QwIdInfo info;
      char birth[QW_DATE_ISO_LEN];

      qw_idcard_parse (argv[i], &info);
      json_array_add_element (array, idcard_to_json (argv[i], &info));
      qw_date_to_iso (info.birth, birth);
      g_ptr_array_add (rows, g_strdupv ((char *[]) {
        argv[i], info.valid ? _("yes") : _("no"),
        info.valid ? (char *) "" : (char *) qw_idcard_error_message (info.error),
        birth, (char *) qw_sex_to_chinese (info.sex),
        info.valid ? (char *) qw_idcard_province_name (info.province) : (char *) "", NULL }));
    }
  if (json)
    {
      g_autoptr(JsonNode) root = json_node_init_array (json_node_alloc (), array);

      qw_cli_print_json (root);
    }
  else
    qw_cli_print_table (rows);
  return QW_CLI_OK;
}

/* check-entries */

static JsonNode *
check_to_json (int                 row,
               const QwEntry      *entry,
               const QwEntryCheck *check)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "row");
  json_builder_add_int_value (b, row);
  json_builder_set_member_name (b, "name");
  json_builder_add_value (b, qw_cli_string_or_null (entry != NULL ? entry->name : NULL));
  json_builder_set_member_name (b, "group");
  json_builder_add_value (b, qw_cli_string_or_null (check != NULL && check->group != NULL
                                                    ? check->group->code : NULL));
  json_builder_set_member_name (b, "problems");
  json_builder_begin_array (b);
  if (check == NULL)
    json_builder_add_string_value (b, "bad-row");
  for (int p = 0; check != NULL && p < QW_N_PROBLEMS; p++)
    if (check->problems & QW_PROBLEM_BIT (p))
      json_builder_add_string_value (b, qw_problem_code ((QwProblem) p));
  json_builder_end_array (b);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

static char *
problems_text (guint problems)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new ();

  for (int p = 0; p < QW_N_PROBLEMS; p++)
    if (problems & QW_PROBLEM_BIT (p))
      g_ptr_array_add (parts, (gpointer) qw_problem_message ((QwProblem) p));
  g_ptr_array_add (parts, NULL);
  return g_strjoinv ("；", (char **) parts->pdata);
}

static QwRowError *
rejected_at (QwEntryImport *import,
             int            row)
{
  for (guint i = 0; i < import->rejected->len; i++)
    {
      QwRowError *e = g_ptr_array_index (import->rejected, i);

      if (e->row == row)
        return e;
    }
  return NULL;
}

static void
print_checks (QwEntryImport *import,
              QwEntryCheck  *checks,
              gboolean       json)
{
  g_autoptr(JsonArray) array = json_array_new ();
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  guint next = 0;

  g_ptr_array_add (rows, g_strdupv ((char *[]) { _("Row"), _("Name"), _("Group"), _("Problems"), NULL }));
  for (int row = 1; row <= import->n_data_rows; row++)
    {
      QwRowError *bad = rejected_at (import, row);
      g_autofree char *row_text = g_strdup_printf ("%d", row);

      if (bad != NULL)
        {
          json_array_add_element (array, check_to_json (row, NULL, NULL));
          g_ptr_array_add (rows, g_strdupv ((char *[]) { row_text, (char *) "", (char *) "", bad->message, NULL }));
        }
      else if (next < import->entries->len && g_array_index (import->rows, int, next) == row)
        {
          const QwEntry *e = g_ptr_array_index (import->entries, next);
          const QwEntryCheck *c = &checks[next];
          g_autofree char *text = problems_text (c->problems);

          json_array_add_element (array, check_to_json (row, e, c));
          g_ptr_array_add (rows, g_strdupv ((char *[]) {
            row_text, e->name, c->group != NULL ? c->group->name : (char *) "—", text, NULL }));
          next++;
        }
    }
  if (json)
    {
      g_autoptr(JsonNode) root = json_node_init_array (json_node_alloc (), array);

      qw_cli_print_json (root);
    }
  else
    qw_cli_print_table (rows);
}

int
qw_cli_check_entries (int    argc,
                      char **argv)
{
  g_autofree char *ruleset_id = NULL;
  g_autofree char *date_text = NULL;
  gboolean json = FALSE;
  GOptionEntry entries[] = {
    { "ruleset", 0, 0, G_OPTION_ARG_STRING, &ruleset_id, N_("Ruleset id (default qiwang-2021)"), "ID" },
    { "date", 0, 0, G_OPTION_ARG_STRING, &date_text, N_("The event’s first day"), "YYYY-MM-DD" },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print JSON"), NULL },
    { NULL },
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(QwRuleset) ruleset = NULL;
  g_autoptr(QwEntryImport) import = NULL;
  g_autofree QwEntryCheck *checks = NULL;
  QwCheckOptions options = { QW_DATE_NONE, FALSE };

  if (!qw_cli_parse (entries, "check-entries", "FILE.csv", &argc, &argv, &error))
    return qw_cli_usage_error ("check-entries", error->message);
  if (argc != 2)
    return qw_cli_usage_error ("check-entries", _("give exactly one CSV file"));
  if (date_text == NULL)
    options.event_date = qw_date_today ();
  else if (!qw_date_parse_iso (date_text, &options.event_date))
    return qw_cli_usage_error ("check-entries", _("--date must be a real date written YYYY-MM-DD"));

  ruleset = qw_ruleset_lookup (ruleset_id != NULL ? ruleset_id : "qiwang-2021", &error);
  if (ruleset == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  import = qw_entry_import_file (argv[1], &error);
  if (import == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  checks = g_new0 (QwEntryCheck, MAX (import->entries->len, 1));
  qw_entry_check_all (ruleset, import->entries, &options, checks);
  print_checks (import, checks, json);
  return QW_CLI_OK;
}

/* new */

int
qw_cli_new (int    argc,
            char **argv)
{
  g_autofree char *ruleset_id = NULL, *name = NULL, *region = NULL, *city = NULL;
  g_autofree char *county = NULL, *town = NULL, *start = NULL, *end = NULL, *level = NULL;
  g_autofree char *host = NULL, *arbiter = NULL, *arbiter_grade = NULL;
  GOptionEntry entries[] = {
    { "ruleset", 0, 0, G_OPTION_ARG_STRING, &ruleset_id, N_("Ruleset id"), "ID" },
    { "level", 0, 0, G_OPTION_ARG_STRING, &level, N_("preliminary or provincial-final"), "LEVEL" },
    { "name", 0, 0, G_OPTION_ARG_STRING, &name, N_("Event name (built from the place when omitted)"), "NAME" },
    { "region", 0, 0, G_OPTION_ARG_STRING, &region, N_("Region (province), e.g. 广东"), "R" },
    { "city", 0, 0, G_OPTION_ARG_STRING, &city, N_("City of the host place"), "C" },
    { "county", 0, 0, G_OPTION_ARG_STRING, &county, N_("County of the host place"), "C" },
    { "town", 0, 0, G_OPTION_ARG_STRING, &town, N_("Town of the host place"), "T" },
    { "host", 0, 0, G_OPTION_ARG_STRING, &host, N_("Host (承办单位)"), "H" },
    { "start", 0, 0, G_OPTION_ARG_STRING, &start, N_("First day"), "YYYY-MM-DD" },
    { "end", 0, 0, G_OPTION_ARG_STRING, &end, N_("Last day"), "YYYY-MM-DD" },
    { "arbiter", 0, 0, G_OPTION_ARG_STRING, &arbiter, N_("Chief arbiter"), "NAME" },
    { "arbiter-grade", 0, 0, G_OPTION_ARG_STRING, &arbiter_grade, N_("Chief arbiter’s grade"), "GRADE" },
    { NULL },
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(QwRuleset) ruleset = NULL;
  g_autoptr(QwDocument) doc = NULL;
  g_autoptr(QwEvent) event = qw_event_new ();
  g_autoptr(GPtrArray) problems = NULL;

  if (!qw_cli_parse (entries, "new", "DOC", &argc, &argv, &error))
    return qw_cli_usage_error ("new", error->message);
  if (argc != 2)
    return qw_cli_usage_error ("new", _("give the document to create"));
  if ((start != NULL && !qw_date_parse_iso (start, &event->start_date))
      || (end != NULL && !qw_date_parse_iso (end, &event->end_date)))
    return qw_cli_usage_error ("new", _("dates are written YYYY-MM-DD"));
  ruleset = qw_ruleset_lookup (ruleset_id != NULL ? ruleset_id : "qiwang-2021", &error);
  if (ruleset == NULL)
    return qw_cli_fail (g_steal_pointer (&error));

  g_free (event->ruleset);
  event->ruleset = g_strdup (ruleset->id);
  event->level = qw_level_from_code (level);
  event->region = g_strdup (region);
  event->place_city = g_strdup (city);
  event->place_county = g_strdup (county);
  event->place_town = g_strdup (town);
  event->host = g_strdup (host);
  event->chief_arbiter = g_strdup (arbiter);
  event->chief_arbiter_grade = g_strdup (arbiter_grade);
  event->name = name != NULL ? g_strdup (name) : qw_event_name_build (ruleset, event, QW_NAME_FORM_FULL);
  if (event->name == NULL)
    event->name = g_strdup (ruleset->name);
  problems = qw_event_name_check (ruleset, event, event->name);
  for (guint i = 0; i < problems->len; i++)
    g_printerr (_("Warning: %s\n"), (char *) g_ptr_array_index (problems, i));

  doc = qw_document_create (argv[1], QW_DOCUMENT_STOP, &error);
  if (doc == NULL || !qw_document_add_event (doc, event, &error))
    return qw_cli_fail (g_steal_pointer (&error));
  g_print ("%s\n", event->name);
  return QW_CLI_OK;
}

/* import */

int
qw_cli_import (int    argc,
               char **argv)
{
  gboolean json = FALSE;
  GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print JSON"), NULL },
    { NULL },
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = NULL;
  g_autoptr(QwEvent) event = NULL;
  g_autoptr(QwRuleset) ruleset = NULL;
  g_autoptr(QwEntryImport) import = NULL;

  if (!qw_cli_parse (entries, "import", "DOC FILE.csv", &argc, &argv, &error))
    return qw_cli_usage_error ("import", error->message);
  if (argc != 3)
    return qw_cli_usage_error ("import", _("give the document and the CSV file"));
  doc = qw_document_open (argv[1], &error);
  if (doc == NULL || (event = qw_document_get_main_event (doc, &error)) == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  ruleset = qw_ruleset_lookup (event->ruleset, &error);
  if (ruleset == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  import = qw_entry_import_file (argv[2], &error);
  if (import == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  if (!qw_registration_import_entries (doc, ruleset, event, import->entries, &error))
    return qw_cli_fail (g_steal_pointer (&error));

  if (json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();
      g_autoptr(JsonNode) root = NULL;

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "imported");
      json_builder_add_int_value (b, import->entries->len);
      json_builder_set_member_name (b, "encoding");
      json_builder_add_string_value (b, import->encoding);
      json_builder_set_member_name (b, "rejected");
      json_builder_begin_array (b);
      for (guint i = 0; i < import->rejected->len; i++)
        {
          QwRowError *e = g_ptr_array_index (import->rejected, i);

          json_builder_begin_object (b);
          json_builder_set_member_name (b, "row");
          json_builder_add_int_value (b, e->row);
          json_builder_set_member_name (b, "message");
          json_builder_add_string_value (b, e->message);
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      json_builder_end_object (b);
      root = json_builder_get_root (b);
      qw_cli_print_json (root);
      return QW_CLI_OK;
    }
  g_print (_("Imported %u entries (%s).\n"), import->entries->len, import->encoding);
  for (guint i = 0; i < import->rejected->len; i++)
    g_print ("%s\n", ((QwRowError *) g_ptr_array_index (import->rejected, i))->message);
  return QW_CLI_OK;
}

/* entries */

int
qw_cli_entries (int    argc,
                char **argv)
{
  gboolean json = FALSE;
  GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print JSON"), NULL },
    { NULL },
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = NULL;
  g_autoptr(QwEvent) event = NULL;
  g_autoptr(QwRuleset) ruleset = NULL;
  g_autoptr(GPtrArray) list = NULL;
  g_autoptr(JsonArray) array = json_array_new ();
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  g_autofree QwEntryCheck *checks = NULL;
  QwCheckOptions options = { QW_DATE_NONE, FALSE };

  if (!qw_cli_parse (entries, "entries", "DOC", &argc, &argv, &error))
    return qw_cli_usage_error ("entries", error->message);
  if (argc != 2)
    return qw_cli_usage_error ("entries", _("give the document"));
  doc = qw_document_open (argv[1], &error);
  if (doc == NULL || (event = qw_document_get_main_event (doc, &error)) == NULL
      || (ruleset = qw_ruleset_lookup (event->ruleset, &error)) == NULL
      || (list = qw_document_list_entries (doc, event->id, &error)) == NULL)
    return qw_cli_fail (g_steal_pointer (&error));

  options.event_date = qw_date_is_set (event->start_date) ? event->start_date : qw_date_today ();
  checks = g_new0 (QwEntryCheck, MAX (list->len, 1));
  qw_entry_check_all (ruleset, list, &options, checks);
  g_ptr_array_add (rows, g_strdupv ((char *[]) { _("No."), _("Name"), _("Sex"), _("ID number"),
                                                 _("Unit"), _("Group"), _("Problems"), NULL }));
  for (guint i = 0; i < list->len; i++)
    {
      const QwEntry *e = g_ptr_array_index (list, i);
      g_autofree char *masked = qw_idcard_mask (e->id_number);
      g_autofree char *no = g_strdup_printf ("%d", e->no);
      g_autofree char *text = problems_text (checks[i].problems);
      g_autoptr(JsonNode) node = check_to_json ((int) i + 1, e, &checks[i]);
      JsonObject *obj = json_node_get_object (node);

      json_object_remove_member (obj, "row");
      json_object_set_int_member (obj, "no", e->no);
      json_object_set_string_member (obj, "id", masked);
      json_object_set_string_member (obj, "unit", e->unit);
      json_array_add_element (array, g_steal_pointer (&node));
      g_ptr_array_add (rows, g_strdupv ((char *[]) {
        no, e->name, (char *) qw_sex_to_chinese (e->sex), masked, e->unit,
        checks[i].group != NULL ? checks[i].group->name : (char *) "—", text, NULL }));
    }
  if (json)
    {
      g_autoptr(JsonNode) root = json_node_init_array (json_node_alloc (), array);

      qw_cli_print_json (root);
    }
  else
    qw_cli_print_table (rows);
  return QW_CLI_OK;
}

/* demo */

int
qw_cli_demo (int    argc,
             char **argv)
{
  GOptionEntry entries[] = { { NULL } };
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = NULL;

  if (!qw_cli_parse (entries, "demo", "DOC", &argc, &argv, &error))
    return qw_cli_usage_error ("demo", error->message);
  if (argc != 2)
    return qw_cli_usage_error ("demo", _("give the document to write"));
  doc = qw_demo_create (argv[1], &error);
  if (doc == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  g_print ("%s\n", argv[1]);
  return QW_CLI_OK;
}
