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

static JsonObject *
idcard_to_json (const char     *input,
                const QwIdInfo *info)
{
  JsonObject *o = json_object_new ();
  char birth[QW_DATE_ISO_LEN];

  qw_date_to_iso (info->birth, birth);
  json_object_set_string_member (o, "input", input);
  json_object_set_boolean_member (o, "valid", info->valid);
  json_object_set_string_member (o, "error", qw_idcard_error_code (info->error));
  json_object_set_string_member (o, "birth", info->valid ? birth : NULL);
  json_object_set_string_member (o, "sex", info->valid ? qw_sex_to_code (info->sex) : NULL);
  json_object_set_string_member (o, "province", info->valid ? info->province : NULL);
  return o;
}

static int
cmd_idcard (QwCliContext *ctx)
{
  g_autoptr(JsonArray) array = json_array_new ();
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);

  g_ptr_array_add (rows, g_strdupv ((char *[]) { _("ID number"), _("Valid"), _("Problem"),
                                                 _("Birth date"), _("Sex"), _("Province"), NULL }));
  for (int i = 0; i < ctx->n_args; i++)
    {
      const char *input = ctx->args[i];
      QwIdInfo info;
      char birth[QW_DATE_ISO_LEN];

      qw_idcard_parse (input, &info);
      json_array_add_object_element (array, idcard_to_json (input, &info));
      qw_date_to_iso (info.birth, birth);
      g_ptr_array_add (rows, g_strdupv ((char *[]) {
        (char *) input, info.valid ? _("yes") : _("no"),
        info.valid ? (char *) "" : (char *) qw_idcard_error_message (info.error),
        birth, (char *) qw_sex_to_chinese (info.sex),
        info.valid ? (char *) qw_idcard_province_name (info.province) : (char *) "", NULL }));
    }
  if (ctx->json)
    qw_cli_print_json_array (array);
  else
    qw_cli_print_table (rows);
  return QW_CLI_OK;
}

/* check-entries */

/* The check of one entry: "name", "group", "problems" (a bad row has no
 * entry and the one problem "bad-row"). */
static void
set_check_members (JsonObject         *o,
                   const QwEntry      *entry,
                   const QwEntryCheck *check)
{
  JsonArray *problems = json_array_new ();

  json_object_set_string_member (o, "name", entry != NULL ? entry->name : NULL);
  json_object_set_string_member (o, "group", check != NULL && check->group != NULL ? check->group->code : NULL);
  if (check == NULL)
    json_array_add_string_element (problems, "bad-row");
  for (int p = 0; check != NULL && p < QW_N_PROBLEMS; p++)
    if (check->problems & QW_PROBLEM_BIT (p))
      json_array_add_string_element (problems, qw_problem_code ((QwProblem) p));
  json_object_set_array_member (o, "problems", problems);
}

static JsonObject *
check_to_json (int                 row,
               const QwEntry      *entry,
               const QwEntryCheck *check)
{
  JsonObject *o = json_object_new ();

  json_object_set_int_member (o, "row", row);
  set_check_members (o, entry, check);
  return o;
}

static char *
problems_text (guint problems)
{
  return qw_problems_join (problems, TRUE, "；");
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
          json_array_add_object_element (array, check_to_json (row, NULL, NULL));
          g_ptr_array_add (rows, g_strdupv ((char *[]) { row_text, (char *) "", (char *) "", bad->message, NULL }));
        }
      else if (next < import->entries->len && g_array_index (import->rows, int, next) == row)
        {
          const QwEntry *e = g_ptr_array_index (import->entries, next);
          const QwEntryCheck *c = &checks[next];
          g_autofree char *text = problems_text (c->problems);

          json_array_add_object_element (array, check_to_json (row, e, c));
          g_ptr_array_add (rows, g_strdupv ((char *[]) {
            row_text, e->name, c->group != NULL ? c->group->name : (char *) "—", text, NULL }));
          next++;
        }
    }
  if (json)
    qw_cli_print_json_array (array);
  else
    qw_cli_print_table (rows);
}

static struct
{
  char *ruleset;
  char *date;
} check_entries_opt;

static const GOptionEntry check_entries_options[] = {
  { "ruleset", 0, 0, G_OPTION_ARG_STRING, &check_entries_opt.ruleset, N_("Ruleset id (default qiwang-2021)"), "ID" },
  { "date", 0, 0, G_OPTION_ARG_STRING, &check_entries_opt.date, N_("The event’s first day"), "YYYY-MM-DD" },
  { NULL },
};

static int
cmd_check_entries (QwCliContext *ctx)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwRuleset) ruleset = NULL;
  g_autoptr(QwEntryImport) import = NULL;
  g_autofree QwEntryCheck *checks = NULL;
  QwCheckOptions options = { QW_DATE_NONE, FALSE };

  if (check_entries_opt.date == NULL)
    options.event_date = qw_date_today ();
  else if (!qw_date_parse_iso (check_entries_opt.date, &options.event_date))
    return qw_cli_usage_error (ctx, _("--date must be a real date written YYYY-MM-DD"));

  ruleset = qw_ruleset_lookup (check_entries_opt.ruleset != NULL ? check_entries_opt.ruleset : "qiwang-2021", &error);
  if (ruleset == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  import = qw_entry_import_file (ctx->args[0], &error);
  if (import == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  checks = g_new0 (QwEntryCheck, MAX (import->entries->len, 1));
  qw_entry_check_all (ruleset, import->entries, &options, checks);
  print_checks (import, checks, ctx->json);
  return QW_CLI_OK;
}

/* new */

static struct
{
  char *ruleset, *name, *region, *city, *county, *town, *start, *end, *level, *host, *arbiter, *arbiter_grade;
} new_opt;

static const GOptionEntry new_options[] = {
  { "ruleset", 0, 0, G_OPTION_ARG_STRING, &new_opt.ruleset, N_("Ruleset id"), "ID" },
  { "level", 0, 0, G_OPTION_ARG_STRING, &new_opt.level, N_("preliminary or provincial-final"), "LEVEL" },
  { "name", 0, 0, G_OPTION_ARG_STRING, &new_opt.name, N_("Event name (built from the place when omitted)"), "NAME" },
  { "region", 0, 0, G_OPTION_ARG_STRING, &new_opt.region, N_("Region (province), e.g. 广东"), "R" },
  { "city", 0, 0, G_OPTION_ARG_STRING, &new_opt.city, N_("City of the host place"), "C" },
  { "county", 0, 0, G_OPTION_ARG_STRING, &new_opt.county, N_("County of the host place"), "C" },
  { "town", 0, 0, G_OPTION_ARG_STRING, &new_opt.town, N_("Town of the host place"), "T" },
  { "host", 0, 0, G_OPTION_ARG_STRING, &new_opt.host, N_("Host (承办单位)"), "H" },
  { "start", 0, 0, G_OPTION_ARG_STRING, &new_opt.start, N_("First day"), "YYYY-MM-DD" },
  { "end", 0, 0, G_OPTION_ARG_STRING, &new_opt.end, N_("Last day"), "YYYY-MM-DD" },
  { "arbiter", 0, 0, G_OPTION_ARG_STRING, &new_opt.arbiter, N_("Chief arbiter"), "NAME" },
  { "arbiter-grade", 0, 0, G_OPTION_ARG_STRING, &new_opt.arbiter_grade, N_("Chief arbiter’s grade"), "GRADE" },
  { NULL },
};

static int
cmd_new (QwCliContext *ctx)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwRuleset) ruleset = NULL;
  g_autoptr(QwDocument) doc = NULL;
  g_autoptr(QwEvent) event = qw_event_new ();
  g_autoptr(GPtrArray) problems = NULL;

  if ((new_opt.start != NULL && !qw_date_parse_iso (new_opt.start, &event->start_date))
      || (new_opt.end != NULL && !qw_date_parse_iso (new_opt.end, &event->end_date)))
    return qw_cli_usage_error (ctx, _("dates are written YYYY-MM-DD"));
  ruleset = qw_ruleset_lookup (new_opt.ruleset != NULL ? new_opt.ruleset : "qiwang-2021", &error);
  if (ruleset == NULL)
    return qw_cli_fail (g_steal_pointer (&error));

  g_free (event->ruleset);
  event->ruleset = g_strdup (ruleset->id);
  event->level = qw_level_from_code (new_opt.level);
  event->region = g_strdup (new_opt.region);
  event->place_city = g_strdup (new_opt.city);
  event->place_county = g_strdup (new_opt.county);
  event->place_town = g_strdup (new_opt.town);
  event->host = g_strdup (new_opt.host);
  event->chief_arbiter = g_strdup (new_opt.arbiter);
  event->chief_arbiter_grade = g_strdup (new_opt.arbiter_grade);
  event->name = new_opt.name != NULL ? g_strdup (new_opt.name) : qw_event_name_build (ruleset, event, QW_NAME_FORM_FULL);
  if (event->name == NULL)
    event->name = g_strdup (ruleset->name);
  problems = qw_event_name_check (ruleset, event, event->name);
  for (guint i = 0; i < problems->len; i++)
    g_printerr (_("Warning: %s\n"), (char *) g_ptr_array_index (problems, i));

  doc = qw_document_create (ctx->args[0], QW_DOCUMENT_STOP, &error);
  if (doc == NULL || !qw_document_add_event (doc, event, &error))
    return qw_cli_fail (g_steal_pointer (&error));
  g_print ("%s\n", event->name);
  return QW_CLI_OK;
}

/* import */

static const char *
outcome_text (QwRowOutcome outcome)
{
  switch (outcome)
    {
    case QW_ROW_ADDED:
      return _("added");
    case QW_ROW_UPDATED:
      return _("updated");
    case QW_ROW_UNCHANGED:
      return _("unchanged");
    case QW_ROW_REJECTED:
    default:
      return _("rejected");
    }
}

static int
cmd_import (QwCliContext *ctx)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwEntryImport) import = NULL;
  g_autoptr(QwImportReport) report = NULL;
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);

  import = qw_entry_import_file (ctx->args[0], &error);
  if (import == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  report = qw_registration_import (ctx->doc, ctx->ruleset, ctx->event, import, &error);
  if (report == NULL)
    return qw_cli_fail (g_steal_pointer (&error));

  if (ctx->json)
    {
      g_autoptr(JsonObject) o = json_object_new ();
      JsonArray *rejected = json_array_new ();

      json_object_set_string_member (o, "encoding", report->encoding);
      json_object_set_int_member (o, "added", report->added);
      json_object_set_int_member (o, "updated", report->updated);
      json_object_set_int_member (o, "unchanged", report->unchanged);
      json_object_set_int_member (o, "imported", report->added + report->updated);
      for (guint i = 0; i < report->rows->len; i++)
        {
          const QwImportRow *r = g_ptr_array_index (report->rows, i);

          if (r->outcome == QW_ROW_REJECTED)
            {
              JsonObject *bad = json_object_new ();

              json_object_set_int_member (bad, "row", r->row);
              json_object_set_string_member (bad, "reason", r->reason);
              /* The key of the first contract, kept. */
              json_object_set_string_member (bad, "message", r->reason);
              json_array_add_object_element (rejected, bad);
            }
        }
      json_object_set_array_member (o, "rejected", rejected);
      qw_cli_print_json_object (o);
      return QW_CLI_OK;
    }
  g_print (_("Imported %u entries (%s): %u added, %u updated, %u unchanged, %u rejected.\n"),
           report->added + report->updated, report->encoding, report->added, report->updated, report->unchanged,
           report->rejected);
  g_ptr_array_add (rows, g_strdupv ((char *[]) { _("Row"), _("No."), _("Name"), _("Outcome"), _("Problems"), NULL }));
  for (guint i = 0; i < report->rows->len; i++)
    {
      const QwImportRow *r = g_ptr_array_index (report->rows, i);
      g_autofree char *row = g_strdup_printf ("%d", r->row);
      g_autofree char *no = r->no > 0 ? g_strdup_printf ("%d", r->no) : g_strdup ("");
      g_autofree char *problems = r->outcome == QW_ROW_REJECTED ? g_strdup (r->reason)
                                                                 : problems_text (r->problems);

      g_ptr_array_add (rows, g_strdupv ((char *[]) { row, no, r->name, (char *) outcome_text (r->outcome),
                                                     problems, NULL }));
    }
  qw_cli_print_table (rows);
  return QW_CLI_OK;
}

/* entries */

static const char *
status_text (QwEntryStatus status)
{
  switch (status)
    {
    case QW_STATUS_WITHDRAWN:
      return _("withdrawn");
    case QW_STATUS_EXCLUDED:
      return _("excluded");
    case QW_STATUS_LATE:
      return _("late entry");
    case QW_STATUS_ACTIVE:
    default:
      return "";
    }
}

static int
cmd_entries (QwCliContext *ctx)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) list = NULL;
  g_autoptr(JsonArray) array = json_array_new ();
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  g_autofree QwEntryCheck *checks = NULL;
  QwCheckOptions options = { QW_DATE_NONE, FALSE };

  if ((list = qw_document_list_entries (ctx->doc, ctx->event->id, &error)) == NULL)
    return qw_cli_fail (g_steal_pointer (&error));

  options.event_date = qw_date_is_set (ctx->event->start_date) ? ctx->event->start_date : qw_date_today ();
  checks = g_new0 (QwEntryCheck, MAX (list->len, 1));
  qw_entry_check_all (ctx->ruleset, list, &options, checks);
  g_ptr_array_add (rows, g_strdupv ((char *[]) { _("No."), _("Name"), _("Sex"), _("Birth date"), _("ID number"),
                                                 _("Unit"), _("Group"), _("Status"), _("Problems"), NULL }));
  for (guint i = 0; i < list->len; i++)
    {
      const QwEntry *e = g_ptr_array_index (list, i);
      g_autofree char *masked = qw_idcard_mask (e->id_number);
      g_autofree char *no = g_strdup_printf ("%d", e->no);
      g_autofree char *text = problems_text (checks[i].problems);
      JsonObject *o = json_object_new ();
      QwDate birth;
      char iso[QW_DATE_ISO_LEN];
      gboolean has_birth = e->birth != NULL && qw_date_parse_iso (e->birth, &birth);

      if (has_birth)
        qw_date_to_iso (birth, iso);
      set_check_members (o, e, &checks[i]);
      json_object_set_int_member (o, "no", e->no);
      json_object_set_string_member (o, "id", masked);
      json_object_set_string_member (o, "unit", e->unit);
      /* As stored: what the document and every export hold. */
      json_object_set_string_member (o, "sex", qw_sex_to_code (e->sex));
      json_object_set_string_member (o, "birth", has_birth ? iso : NULL);
      json_object_set_string_member (o, "status", qw_entry_status_to_code (e->status));
      json_array_add_object_element (array, o);
      g_ptr_array_add (rows, g_strdupv ((char *[]) {
        no, e->name, (char *) qw_sex_to_chinese (e->sex), has_birth ? iso : e->birth, masked, e->unit,
        checks[i].group != NULL ? checks[i].group->name : (char *) "—", (char *) status_text (e->status), text,
        NULL }));
    }
  if (ctx->json)
    qw_cli_print_json_array (array);
  else
    qw_cli_print_table (rows);
  return QW_CLI_OK;
}

/* demo */

static int
cmd_demo (QwCliContext *ctx)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = NULL;

  doc = qw_demo_create (ctx->args[0], &error);
  if (doc == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  g_print ("%s\n", ctx->args[0]);
  return QW_CLI_OK;
}

const QwCliCommand qw_cli_registration_commands[] = {
  {
    .name = "idcard", .usage = "[--json] ID...", .min_args = 1, .max_args = -1,
    .open = QW_CLI_OPEN_NOTHING, .flags = QW_CLI_JSON,
    .handler = cmd_idcard, .summary = N_("Check resident ID numbers"),
  },
  {
    .name = "check-entries", .usage = "--ruleset ID --date YYYY-MM-DD [--json] FILE.csv", .min_args = 1, .max_args = 1,
    .open = QW_CLI_OPEN_NOTHING, .flags = QW_CLI_JSON, .options = check_entries_options,
    .handler = cmd_check_entries, .summary = N_("Check a registration list: groups and problems"),
  },
  {
    .name = "new", .usage = "DOC [--name NAME] [--region R] [--city C] [--county C] [--town T] ...",
    .min_args = 1, .max_args = 1,
    .open = QW_CLI_OPEN_NOTHING, .options = new_options,
    .handler = cmd_new, .summary = N_("Create a stop document"),
  },
  {
    .name = "import", .usage = "DOC FILE.csv [--json]", .min_args = 2, .max_args = 2,
    .open = QW_CLI_OPEN_STOP, .flags = QW_CLI_JSON,
    .handler = cmd_import, .summary = N_("Import a registration list into a document"),
  },
  {
    .name = "entries", .usage = "DOC [--json]", .min_args = 1, .max_args = 1,
    .open = QW_CLI_OPEN_STOP, .flags = QW_CLI_JSON,
    .handler = cmd_entries, .summary = N_("List a document’s entries (ID numbers masked)"),
  },
  {
    .name = "demo", .usage = "DOC", .min_args = 1, .max_args = 1,
    .open = QW_CLI_OPEN_NOTHING,
    .handler = cmd_demo, .summary = N_("Write the demo document"),
  },
  { NULL },
};
