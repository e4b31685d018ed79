/* qw-cli-registration.c: idcard, check-entries, new, event, import, entries,
 * export-entries, list-order, demo
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "qw-cli.h"
#include "qw-demo.h"
#include "qw-desk-settings.h"
#include "qw-document.h"
#include "qw-entries-export.h"
#include "qw-entry-import.h"
#include "qw-list-sheet.h"
#include "qw-spreadsheet.h"
#include "qw-error.h"
#include "qw-event-check.h"
#include "qw-event-name.h"
#include "qw-ruleset.h"
#include "qw-ruleset-championship.h"
#include "qw-date.h"
#include "qw-document-entries.h"
#include "qw-cancelled-finalists.h"
#include "qw-entry-check.h"
#include "qw-entry.h"
#include "qw-event.h"
#include "qw-idcard.h"
#include "qw-registration.h"
#include "qw-import-memory.h"
#include "qw-venue.h"

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

/* Reading a list: --sheet and --columns, shared by check-entries and import. */
static struct
{
  int          sheet;
  char        *columns;
  QwColumnMap  map;
} list_opt;

#define LIST_OPTIONS \
  { "sheet", 0, 0, G_OPTION_ARG_INT, &list_opt.sheet, \
    N_("The sheet of a workbook to read, from 1 (default: the first)"), "N" }, \
  { "columns", 0, 0, G_OPTION_ARG_STRING, &list_opt.columns, \
    N_("Which column holds which field, when the header is not recognised: 姓名=A,身份证号=D,…"), "MAP" }

static gboolean
check_list_options (QwCliContext  *ctx,
                    GError       **error)
{
  if (list_opt.sheet < 0)
    {
      g_set_error_literal (error, QW_ERROR, QW_ERROR_INVALID, _("--sheet is a sheet’s number, from 1"));
      return FALSE;
    }
  return list_opt.columns == NULL || qw_column_map_parse (&list_opt.map, list_opt.columns, error);
}

/* The list as read, with the columns it is read by (@doc remembers maps). */
static QwEntryImport *
read_list (QwDocument       *doc,
           const char       *path,
           QwCsv           **csv_out,
           QwColumnMap      *map,
           QwColumnsSource  *source,
           GError          **error)
{
  g_autoptr(QwCsv) csv = qw_spreadsheet_read_file (path, list_opt.sheet, error);
  g_autoptr(QwImportPreview) preview = NULL;
  g_autoptr(GError) local_error = NULL;
  QwEntryImport *import;

  if (csv == NULL)
    return NULL;
  preview = qw_entry_import_preview (csv, 0);
  *source = qw_desk_columns_for (doc, (const char * const *) preview->header,
                                 list_opt.columns != NULL ? &list_opt.map : NULL, map);
  import = qw_entry_import_table (csv, *source == QW_COLUMNS_RECOGNISED ? NULL : map, &local_error);
  if (import == NULL)
    {
      g_autofree char *display = g_filename_display_name (path);

      /* The header Qiwang does not know: say which columns to give. */
      if (*source == QW_COLUMNS_RECOGNISED)
        g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("%s: %s. Give the columns with --columns 姓名=A,身份证号=D,…"),
                     display, local_error->message);
      else
        g_set_error (error, QW_ERROR, QW_ERROR_INVALID, "%s: %s", display, local_error->message);
      return NULL;
    }
  if (csv_out != NULL)
    *csv_out = g_steal_pointer (&csv);
  return import;
}

static struct
{
  char *ruleset;
  char *date;
} check_entries_opt;

static const GOptionEntry check_entries_options[] = {
  { "ruleset", 0, 0, G_OPTION_ARG_STRING, &check_entries_opt.ruleset, N_("Ruleset id (default qiwang-2021)"), "ID" },
  { "date", 0, 0, G_OPTION_ARG_STRING, &check_entries_opt.date, N_("The event’s first day"), "YYYY-MM-DD" },
  LIST_OPTIONS,
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
  QwColumnMap map;
  QwColumnsSource source;

  if (check_entries_opt.date == NULL)
    options.event_date = qw_date_today ();
  else if (!qw_date_parse_iso (check_entries_opt.date, &options.event_date))
    return qw_cli_usage_error (ctx, _("--date must be a real date written YYYY-MM-DD"));

  ruleset = qw_ruleset_lookup (check_entries_opt.ruleset != NULL ? check_entries_opt.ruleset : "qiwang-2021", &error);
  if (ruleset == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  import = read_list (NULL, ctx->args[0], NULL, &map, &source, &error);
  if (import == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  checks = g_new0 (QwEntryCheck, MAX (import->entries->len, 1));
  qw_entry_check_all (ruleset, import->entries, &options, checks);
  for (guint i = 0; i < import->entries->len; i++)
    checks[i].problems |= qw_entry_import_problems (import, i);
  print_checks (import, checks, ctx->json);
  return QW_CLI_OK;
}

/* new and event: the stop's details (赛事信息)
 *
 * Both take the same options; `new` writes a new stop, `event` shows the
 * stored one and, with options, changes it as one step. The checks are the
 * core's (qw_event_check()): an error refuses, and nothing is written; the
 * warnings are printed (and listed by code in --json). The name, the host
 * level, the prefecture and the county-level city follow the place unless
 * given (qw_event_follow_place()). */

static struct
{
  char  *ruleset, *level, *name, *region, *city, *county, *town, *start, *end, *host, *host_level;
  char  *prefecture, *county_city, *arbiter, *arbiter_grade, *venue, *organiser, *rounds, *minutes, *increment;
  char **honours;
} details_opt;

#define DETAILS_OPTIONS \
  { "level", 0, 0, G_OPTION_ARG_STRING, &details_opt.level, N_("preliminary or provincial-final"), "LEVEL" }, \
  { "name", 0, 0, G_OPTION_ARG_STRING, &details_opt.name, N_("Event name (built from the place when omitted)"), "NAME" }, \
  { "region", 0, 0, G_OPTION_ARG_STRING, &details_opt.region, N_("Region (province), e.g. 广东"), "R" }, \
  { "city", 0, 0, G_OPTION_ARG_STRING, &details_opt.city, N_("City of the host place"), "C" }, \
  { "county", 0, 0, G_OPTION_ARG_STRING, &details_opt.county, N_("County of the host place"), "C" }, \
  { "town", 0, 0, G_OPTION_ARG_STRING, &details_opt.town, N_("Town of the host place"), "T" }, \
  { "start", 0, 0, G_OPTION_ARG_STRING, &details_opt.start, N_("First day"), "YYYY-MM-DD" }, \
  { "end", 0, 0, G_OPTION_ARG_STRING, &details_opt.end, N_("Last day"), "YYYY-MM-DD" }, \
  { "host", 0, 0, G_OPTION_ARG_STRING, &details_opt.host, N_("Host (承办单位)"), "H" }, \
  { "host-level", 0, 0, G_OPTION_ARG_STRING, &details_opt.host_level, \
    N_("Host level: province, prefecture, county or township (follows the place when omitted)"), "LEVEL" }, \
  { "prefecture", 0, 0, G_OPTION_ARG_STRING, &details_opt.prefecture, \
    N_("Prefecture-level city (地级市) of the host’s area"), "P" }, \
  { "county-city", 0, 0, G_OPTION_ARG_STRING, &details_opt.county_city, \
    N_("County-level city (县级市) of the host’s area"), "C" }, \
  { "honour", 0, 0, G_OPTION_ARG_STRING_ARRAY, &details_opt.honours, \
    N_("An honour of the host: 象棋之乡, 象棋基地 or 象棋特色学校 (repeat for more; \"\" for none)"), "H" }, \
  { "arbiter", 0, 0, G_OPTION_ARG_STRING, &details_opt.arbiter, N_("Chief arbiter"), "NAME" }, \
  { "arbiter-grade", 0, 0, G_OPTION_ARG_STRING, &details_opt.arbiter_grade, N_("Chief arbiter’s grade"), "GRADE" }, \
  { "venue", 0, 0, G_OPTION_ARG_STRING, &details_opt.venue, N_("Venue"), "V" }, \
  { "organiser", 0, 0, G_OPTION_ARG_STRING, &details_opt.organiser, \
    N_("Issuing body on the certificates (the host when omitted)"), "O" }, \
  { "rounds", 0, 0, G_OPTION_ARG_STRING, &details_opt.rounds, N_("Rounds"), "N" }, \
  { "minutes", 0, 0, G_OPTION_ARG_STRING, &details_opt.minutes, N_("Base time per player, in minutes"), "N" }, \
  { "increment", 0, 0, G_OPTION_ARG_STRING, &details_opt.increment, N_("Seconds added per move"), "N" }

static const GOptionEntry new_options[] = {
  { "ruleset", 0, 0, G_OPTION_ARG_STRING, &details_opt.ruleset, N_("Ruleset id"), "ID" },
  DETAILS_OPTIONS,
  { NULL },
};

static const GOptionEntry event_options[] = {
  DETAILS_OPTIONS,
  { NULL },
};

#undef DETAILS_OPTIONS

/* The contract's names of the host levels: the city level (地级市) is
 * "prefecture" there, "city" as stored. */
static const char *host_level_names[] = { NULL, "province", "prefecture", "county", "township" };

static gboolean
parse_host_level (const char  *text,
                  QwHostLevel *out)
{
  for (guint i = 1; i < G_N_ELEMENTS (host_level_names); i++)
    if (g_str_equal (text, host_level_names[i]))
      {
        *out = (QwHostLevel) i;
        return TRUE;
      }
  *out = qw_host_level_parse (text);
  return *out != QW_HOST_UNKNOWN;
}

static gboolean
parse_level (const char *text,
             QwLevel    *out)
{
  const QwLevel levels[] = { QW_LEVEL_PRELIMINARY, QW_LEVEL_PROVINCIAL_FINAL };

  for (guint i = 0; i < G_N_ELEMENTS (levels); i++)
    if (g_str_equal (text, qw_level_to_code (levels[i])) || g_str_equal (text, qw_level_to_chinese (levels[i])))
      {
        *out = levels[i];
        return TRUE;
      }
  return FALSE;
}

/* An empty date clears it. */
static gboolean
parse_day (const char  *text,
           const char  *option,
           QwDate      *out,
           GError     **error)
{
  if (text[0] == '\0')
    {
      *out = QW_DATE_NONE;
      return TRUE;
    }
  if (qw_date_parse_iso (text, out))
    return TRUE;
  g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("%s must be a real date written YYYY-MM-DD, not “%s”"),
               option, text);
  return FALSE;
}

/* The option values that can be wrong whatever the document holds. */
static gboolean
check_details (QwCliContext  *ctx,
               GError       **error)
{
  QwDate day;
  QwLevel level;
  QwHostLevel host_level;
  int n;

  if ((details_opt.start != NULL && !parse_day (details_opt.start, "--start", &day, error))
      || (details_opt.end != NULL && !parse_day (details_opt.end, "--end", &day, error)))
    return FALSE;
  if (details_opt.level != NULL && !parse_level (details_opt.level, &level))
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                   _("--level is preliminary or provincial-final, not “%s”"), details_opt.level);
      return FALSE;
    }
  if (details_opt.host_level != NULL && !parse_host_level (details_opt.host_level, &host_level))
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                   _("--host-level is province, prefecture, county or township, not “%s”"), details_opt.host_level);
      return FALSE;
    }
  return (details_opt.rounds == NULL || qw_cli_parse_count (details_opt.rounds, "--rounds", 1, 99, &n, error))
         && (details_opt.minutes == NULL || qw_cli_parse_count (details_opt.minutes, "--minutes", 0, 600, &n, error))
         && (details_opt.increment == NULL
             || qw_cli_parse_count (details_opt.increment, "--increment", 0, 600, &n, error));
}

static void
set_text (char       **field,
          const char  *value)
{
  g_free (*field);
  *field = g_strstrip (g_strdup (value));
}

static void
set_count (int        *field,
           const char *text)
{
  if (text != NULL)
    *field = (int) g_ascii_strtoll (text, NULL, 10);
}

/* Applies the options (checked by check_details()) to @event.
 * Returns: whether any was given; @set: the followed fields given. */
static gboolean
apply_details (const QwRuleset *ruleset,
               QwEvent         *event,
               QwEventFields   *set)
{
  char **texts[] = { &event->name, &event->region, &event->place_city, &event->place_county,
                     &event->place_town, &event->host, &event->prefecture, &event->county_city,
                     &event->chief_arbiter, &event->venue, &event->organiser };
  const char *given[] = { details_opt.name, details_opt.region, details_opt.city, details_opt.county,
                          details_opt.town, details_opt.host, details_opt.prefecture, details_opt.county_city,
                          details_opt.arbiter, details_opt.venue, details_opt.organiser };
  gboolean any = FALSE;

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    if (given[i] != NULL)
      {
        set_text (texts[i], given[i]);
        any = TRUE;
      }
  *set = (details_opt.name != NULL ? QW_EVENT_FIELD_NAME : 0)
         | (details_opt.host_level != NULL ? QW_EVENT_FIELD_HOST_LEVEL : 0)
         | (details_opt.prefecture != NULL ? QW_EVENT_FIELD_PREFECTURE : 0)
         | (details_opt.county_city != NULL ? QW_EVENT_FIELD_COUNTY_CITY : 0);
  if (details_opt.level != NULL)
    parse_level (details_opt.level, &event->level);
  if (details_opt.host_level != NULL)
    parse_host_level (details_opt.host_level, &event->host_level);
  if (details_opt.start != NULL)
    parse_day (details_opt.start, "--start", &event->start_date, NULL);
  if (details_opt.end != NULL)
    parse_day (details_opt.end, "--end", &event->end_date, NULL);
  if (details_opt.honours != NULL)
    {
      g_autofree char *joined = g_strjoinv ("、", details_opt.honours);
      char *normal = qw_event_honours_normalize (ruleset, joined, NULL);

      /* An unknown honour stays as typed, for the check to refuse. */
      g_free (event->honours);
      event->honours = normal != NULL ? normal : g_steal_pointer (&joined);
    }
  if (details_opt.arbiter_grade != NULL)
    {
      const char *grade = qw_event_arbiter_grade_of (ruleset, details_opt.arbiter_grade);

      set_text (&event->chief_arbiter_grade, grade != NULL ? grade : details_opt.arbiter_grade);
    }
  set_count (&event->rounds, details_opt.rounds);
  set_count (&event->minutes, details_opt.minutes);
  set_count (&event->increment, details_opt.increment);
  return any || *set != 0 || details_opt.level != NULL || details_opt.start != NULL || details_opt.end != NULL
         || details_opt.honours != NULL || details_opt.arbiter_grade != NULL || details_opt.rounds != NULL
         || details_opt.minutes != NULL || details_opt.increment != NULL;
}

/* Each error on its own line; nothing is written. */
static int
refuse (const QwEventCheck *check)
{
  for (guint i = 0; i < check->errors->len; i++)
    g_printerr ("qiwang-cli: %s\n", ((QwEventProblem *) g_ptr_array_index (check->errors, i))->message);
  return QW_CLI_FAILED;
}

static void
print_warnings (const QwEventCheck *check,
                gboolean            to_stderr)
{
  for (guint i = 0; i < check->warnings->len; i++)
    {
      const char *message = ((QwEventProblem *) g_ptr_array_index (check->warnings, i))->message;

      if (to_stderr)
        g_printerr (_("Warning: %s\n"), message);
      else
        g_print (_("Warning: %s\n"), message);
    }
}

static void
set_text_member (JsonObject *o,
                 const char *key,
                 const char *value)
{
  if (value != NULL && value[0] != '\0')
    json_object_set_string_member (o, key, value);
  else
    json_object_set_null_member (o, key);
}

static void
set_date_member (JsonObject *o,
                 const char *key,
                 QwDate      date)
{
  g_autofree char *iso = qw_date_is_set (date) ? qw_date_to_iso_dup (date) : NULL;

  set_text_member (o, key, iso);
}

static JsonObject *
event_to_json (const QwEvent      *event,
               const QwEventCheck *check)
{
  JsonObject *o = json_object_new ();
  JsonArray *honours = json_array_new ();
  JsonArray *warnings = json_array_new ();
  g_auto(GStrv) parts = qw_honours_split (event->honours);
  g_autoptr(GPtrArray) codes = g_ptr_array_new ();

  json_object_set_string_member (o, "name", event->name != NULL ? event->name : "");
  json_object_set_string_member (o, "level", qw_level_to_code (event->level));
  set_text_member (o, "region", event->region);
  set_date_member (o, "start", event->start_date);
  set_date_member (o, "end", event->end_date);
  set_text_member (o, "host", event->host);
  set_text_member (o, "host_level", host_level_names[event->host_level]);
  set_text_member (o, "prefecture", event->prefecture);
  set_text_member (o, "county_city", event->county_city);
  for (guint i = 0; parts[i] != NULL; i++)
    json_array_add_string_element (honours, parts[i]);
  json_object_set_array_member (o, "honours", honours);
  set_text_member (o, "arbiter", event->chief_arbiter);
  set_text_member (o, "arbiter_grade", event->chief_arbiter_grade);
  for (guint i = 0; i < check->warnings->len; i++)
    {
      const char *code = ((QwEventProblem *) g_ptr_array_index (check->warnings, i))->code;

      if (!g_ptr_array_find_with_equal_func (codes, code, g_str_equal, NULL))
        {
          g_ptr_array_add (codes, (gpointer) code);
          json_array_add_string_element (warnings, code);
        }
    }
  json_object_set_array_member (o, "warnings", warnings);
  return o;
}

static void
add_row (GPtrArray  *rows,
         const char *label,
         const char *value)
{
  g_ptr_array_add (rows, g_strdupv ((char *[]) { (char *) label, (char *) (value != NULL ? value : ""), NULL }));
}

static void
print_event (const QwEvent *event)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  g_autofree char *start = qw_date_is_set (event->start_date) ? qw_date_to_iso_dup (event->start_date) : NULL;
  g_autofree char *end = qw_date_is_set (event->end_date) ? qw_date_to_iso_dup (event->end_date) : NULL;
  g_autofree char *place = qw_event_place (event);
  g_autofree char *rounds = g_strdup_printf ("%d", event->rounds);
  g_autofree char *time = g_strdup_printf (_("%d min + %d s per move"), event->minutes, event->increment);

  add_row (rows, _("Field"), _("Value"));
  add_row (rows, _("Name"), event->name);
  add_row (rows, _("Level"), qw_level_to_chinese (event->level));
  add_row (rows, _("Region"), event->region);
  add_row (rows, _("Host place"), place);
  add_row (rows, _("First day"), start);
  add_row (rows, _("Last day"), end);
  add_row (rows, _("Host"), event->host);
  add_row (rows, _("Host level"), qw_host_level_to_chinese (event->host_level));
  add_row (rows, _("Prefecture-level city"), event->prefecture);
  add_row (rows, _("County-level city"), event->county_city);
  add_row (rows, _("Honours"), event->honours);
  add_row (rows, _("Chief arbiter"), event->chief_arbiter);
  add_row (rows, _("Chief arbiter’s grade"), event->chief_arbiter_grade);
  add_row (rows, _("Venue"), event->venue);
  add_row (rows, _("Issuing body"), event->organiser);
  add_row (rows, _("Rounds"), rounds);
  add_row (rows, _("Time"), time);
  qw_cli_print_table (rows);
}

static int
cmd_new (QwCliContext *ctx)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwRuleset) ruleset = NULL;
  g_autoptr(QwDocument) doc = NULL;
  g_autoptr(QwEvent) event = qw_event_new ();
  g_autoptr(QwEventCheck) check = NULL;
  g_autofree char *tmp = NULL;
  QwEventFields set;
  gboolean ok;

  if (!qw_cli_check_new_document (ctx, ctx->args[0], &error))
    return qw_cli_usage_error (ctx, error->message);
  ruleset = qw_ruleset_lookup (details_opt.ruleset != NULL ? details_opt.ruleset : "qiwang-2021", &error);
  if (ruleset == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  g_free (event->ruleset);
  event->ruleset = g_strdup (ruleset->id);
  /* A ruleset with a final (qiwang-2022) makes the final: its level, and
   * the days the ruleset gives unless the options say otherwise. */
  qw_ruleset_event_defaults (ruleset, event, FALSE);
  apply_details (ruleset, event, &set);
  qw_event_follow_place (ruleset, NULL, event, set);
  check = qw_event_check (ruleset, event);
  if (check->errors->len > 0)
    return refuse (check);
  print_warnings (check, TRUE);

  if ((tmp = qw_cli_temporary_path (ctx->args[0], &error)) == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  doc = qw_document_create (tmp, QW_DOCUMENT_STOP, &error);
  ok = doc != NULL && qw_document_add_event (doc, event, &error);
  if (!qw_cli_install_document (&doc, tmp, ctx->args[0], ok, ok ? &error : NULL))
    return qw_cli_fail (g_steal_pointer (&error));
  g_print ("%s\n", event->name);
  return QW_CLI_OK;
}

static int
cmd_event (QwCliContext *ctx)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwEvent) event = qw_event_copy (ctx->event);
  g_autoptr(QwEventCheck) check = NULL;
  QwEventFields set;
  gboolean changed;

  changed = apply_details (ctx->ruleset, event, &set);
  if (changed)
    qw_event_follow_place (ctx->ruleset, ctx->event, event, set);
  check = qw_event_check (ctx->ruleset, event);
  if (changed && check->errors->len > 0)
    return refuse (check);
  if (changed && !qw_registration_update_event (ctx->doc, ctx->ruleset, event, &error))
    return qw_cli_fail (g_steal_pointer (&error));
  if (ctx->json)
    {
      g_autoptr(JsonObject) o = event_to_json (event, check);

      qw_cli_print_json_object (o);
      return QW_CLI_OK;
    }
  print_event (event);
  print_warnings (check, FALSE);
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

static const GOptionEntry import_options[] = {
  LIST_OPTIONS,
  { NULL },
};

/* The entries the import left waiting as late entries (迟到报名), by 序号:
 * they are paired once admitted (qiwang-cli admit). */
static JsonArray *
late_numbers_json (const QwImportReport *report)
{
  JsonArray *late = json_array_new ();

  for (guint i = 0; i < report->late_entries->len; i++)
    json_array_add_int_element (late, ((QwEntry *) g_ptr_array_index (report->late_entries, i))->no);
  return late;
}

/* Every row of the report: its own row in the sheet, its entry, what became
 * of it, its problems, and the corrections by hand it kept ("kept"). */
static JsonArray *
report_rows_json (const QwImportReport *report)
{
  JsonArray *rows = json_array_new ();

  for (guint i = 0; i < report->rows->len; i++)
    {
      const QwImportRow *r = g_ptr_array_index (report->rows, i);
      JsonObject *o = json_object_new ();
      JsonArray *problems = json_array_new ();
      JsonArray *kept = json_array_new ();
      static const char *const outcome_codes[] = { "added", "updated", "unchanged", "rejected" };

      json_object_set_int_member (o, "row", r->row);
      if (r->no > 0)
        json_object_set_int_member (o, "no", r->no);
      json_object_set_string_member (o, "name", r->name);
      json_object_set_string_member (o, "outcome", outcome_codes[r->outcome]);
      for (int p = 0; p < QW_N_PROBLEMS; p++)
        if (r->problems & QW_PROBLEM_BIT (p))
          json_array_add_string_element (problems, qw_problem_code ((QwProblem) p));
      json_object_set_array_member (o, "problems", problems);
      for (int f = 0; f < QW_N_MEMO_FIELDS; f++)
        if (r->kept & QW_MEMO_BIT (f))
          json_array_add_string_element (kept, qw_memo_field_code ((QwMemoField) f));
      json_object_set_array_member (o, "kept", kept);
      if (r->reason != NULL)
        json_object_set_string_member (o, "reason", r->reason);
      json_array_add_object_element (rows, o);
    }
  return rows;
}

/* The header cells no field was read from: said, with how to map them. */
static JsonArray *
unused_columns_json (const QwEntryImport *import)
{
  JsonArray *columns = json_array_new ();

  for (guint i = 0; import->ignored_columns != NULL && import->ignored_columns[i] != NULL; i++)
    json_array_add_string_element (columns, import->ignored_columns[i]);
  return columns;
}

static void
print_unused_columns (const QwEntryImport *import)
{
  g_autofree char *cols = NULL;

  if (import->ignored_columns == NULL || import->ignored_columns[0] == NULL)
    return;
  cols = g_strjoinv ("、", import->ignored_columns);
  g_printerr (_("Columns not used: %s. If one of them holds a field, import again with --columns, "
                "e.g. --columns 组别=C (see qiwang-cli help import).\n"), cols);
}

static void
print_late (const QwImportReport *report)
{
  g_autoptr(GString) numbers = g_string_new (NULL);

  if (report->late_entries->len == 0)
    return;
  for (guint i = 0; i < report->late_entries->len; i++)
    g_string_append_printf (numbers, "%s%d", i > 0 ? ", " : "",
                            ((QwEntry *) g_ptr_array_index (report->late_entries, i))->no);
  g_print (g_dngettext (GETTEXT_PACKAGE, "Late entry, waiting to be admitted (qiwang-cli admit): %s\n",
                        "Late entries, waiting to be admitted (qiwang-cli admit): %s\n", report->late_entries->len),
           numbers->str);
}

static int
cmd_import (QwCliContext *ctx)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwEntryImport) import = NULL;
  g_autoptr(QwImportReport) report = NULL;
  g_autoptr(QwCsv) csv = NULL;
  g_autoptr(QwImportPreview) preview = NULL;
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  g_autofree char *columns = NULL;
  QwColumnMap map;
  QwColumnsSource source;

  import = read_list (ctx->doc, ctx->args[0], &csv, &map, &source, &error);
  if (import == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  report = qw_registration_import (ctx->doc, ctx->ruleset, ctx->event, import, &error);
  if (report == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  /* The map given for this header set is the one the next import uses. */
  preview = qw_entry_import_preview (csv, 0);
  if (source == QW_COLUMNS_GIVEN
      && !qw_desk_remember_columns (ctx->doc, (const char * const *) preview->header, &map, &error))
    return qw_cli_fail (g_steal_pointer (&error));
  columns = qw_column_map_to_text (&map);

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
      json_object_set_array_member (o, "late", late_numbers_json (report));
      json_object_set_array_member (o, "rows", report_rows_json (report));
      json_object_set_array_member (o, "unused_columns", unused_columns_json (import));
      qw_cli_print_json_object (o);
      return QW_CLI_OK;
    }
  g_print (_("Imported %u entries (%s): %u added, %u updated, %u unchanged, %u rejected.\n"),
           report->added + report->updated, report->encoding, report->added, report->updated, report->unchanged,
           report->rejected);
  if (source != QW_COLUMNS_RECOGNISED)
    g_print (source == QW_COLUMNS_GIVEN ? _("Columns: %s (remembered for this header)\n")
                                        : _("Columns: %s (as remembered for this header)\n"), columns);
  print_unused_columns (import);
  g_ptr_array_add (rows, g_strdupv ((char *[]) { _("Row"), _("No."), _("Name"), _("Outcome"), _("Problems"),
                                                 _("Corrections kept"), NULL }));
  for (guint i = 0; i < report->rows->len; i++)
    {
      const QwImportRow *r = g_ptr_array_index (report->rows, i);
      g_autofree char *row = g_strdup_printf ("%d", r->row);
      g_autofree char *no = r->no > 0 ? g_strdup_printf ("%d", r->no) : g_strdup ("");
      g_autofree char *problems = r->outcome == QW_ROW_REJECTED ? g_strdup (r->reason)
                                                                 : problems_text (r->problems);
      g_autofree char *kept = qw_memo_fields_text (r->kept);

      g_ptr_array_add (rows, g_strdupv ((char *[]) { row, no, r->name, (char *) outcome_text (r->outcome),
                                                     problems, kept, NULL }));
    }
  qw_cli_print_table (rows);
  print_late (report);
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

/* A pair's members (双人), their documents masked as the entries' are. */
static JsonArray *
members_to_json (const QwEntry *pair)
{
  JsonArray *members = json_array_new ();

  for (guint i = 0; i < pair->members->len; i++)
    {
      const QwEntry *m = g_ptr_array_index (pair->members, i);
      g_autofree char *masked = qw_idcard_display (m->id_number);
      JsonObject *o = json_object_new ();

      json_object_set_string_member (o, "name", m->name);
      json_object_set_string_member (o, "sex", qw_sex_to_code (m->sex));
      json_object_set_string_member (o, "birth", m->birth != NULL && m->birth[0] != '\0' ? m->birth : NULL);
      json_object_set_string_member (o, "id", masked);
      json_object_set_string_member (o, "unit", m->unit);
      json_object_set_string_member (o, "account", m->account != NULL && m->account[0] != '\0' ? m->account : NULL);
      json_array_add_object_element (members, o);
    }
  return members;
}

/* The object of `entries --json` (and of `entry --json`). */
JsonObject *
qw_cli_entry_json (const QwEntry      *e,
                   const QwEntryCheck *check,
                   gboolean            present)
{
  g_autofree char *masked = qw_idcard_display (e->id_number);
  JsonObject *o = json_object_new ();
  QwDate birth;
  char iso[QW_DATE_ISO_LEN];
  gboolean has_birth = e->birth != NULL && qw_date_parse_iso (e->birth, &birth);

  if (has_birth)
    qw_date_to_iso (birth, iso);
  set_check_members (o, e, check);
  json_object_set_int_member (o, "no", e->no);
  json_object_set_string_member (o, "id", masked);
  json_object_set_string_member (o, "unit", e->unit);
  /* As stored: what the document and every export hold. */
  json_object_set_string_member (o, "sex", qw_sex_to_code (e->sex));
  json_object_set_string_member (o, "birth", has_birth ? iso : NULL);
  json_object_set_string_member (o, "status", qw_entry_status_to_code (e->status));
  json_object_set_boolean_member (o, "present", present);
  if (qw_entry_is_pair (e))
    json_object_set_array_member (o, "members", members_to_json (e));
  if (e->relation != NULL && e->relation[0] != '\0')
    json_object_set_string_member (o, "relation", e->relation);
  /* 2022 十三(一) and 十一(五)4: when it was entered, and the unit's stamped form. */
  json_object_set_string_member (o, "registered", e->registered != NULL && e->registered[0] != '\0'
                                                  ? e->registered : NULL);
  json_object_set_boolean_member (o, "form_stamped", e->form_stamped);
  return o;
}

static char *entries_order;

static const GOptionEntry entries_options[] = {
  { "order", 0, 0, G_OPTION_ARG_STRING, &entries_order,
    N_("number, pinyin or stroke (按姓氏笔画); default: the document’s list order"), "ORDER" },
  { NULL },
};

static gboolean
parse_order (const char   *text,
             QwListOrder  *out,
             GError      **error)
{
  if (qw_list_order_from_code (text, out))
    return TRUE;
  g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("The list order is number, pinyin or stroke, not “%s”"), text);
  return FALSE;
}

static gboolean
entries_check (QwCliContext  *ctx,
               GError       **error)
{
  QwListOrder order;

  return entries_order == NULL || parse_order (entries_order, &order, error);
}

static int
cmd_entries (QwCliContext *ctx)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) list = NULL;
  g_autoptr(JsonArray) array = json_array_new ();
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  g_autofree QwEntryCheck *checks = NULL;
  g_autoptr(GHashTable) by_entry = g_hash_table_new (NULL, NULL);
  g_autoptr(GHashTable) present = NULL;
  QwCheckOptions options = { QW_DATE_NONE, FALSE };
  QwListOrder order = qw_desk_list_order (ctx->doc);

  if (entries_order != NULL)
    parse_order (entries_order, &order, NULL);
  if ((list = qw_document_list_entries (ctx->doc, ctx->event->id, &error)) == NULL
      || (present = qw_venue_list_present (ctx->doc, &error)) == NULL)
    return qw_cli_fail (g_steal_pointer (&error));

  options.event_date = qw_date_is_set (ctx->event->start_date) ? ctx->event->start_date : qw_date_today ();
  checks = g_new0 (QwEntryCheck, MAX (list->len, 1));
  /* Checked in 序号 order (duplicates are the later entries), listed in the order asked. */
  qw_entry_check_all (ctx->ruleset, list, &options, checks);
  qw_registration_mark_cancelled (ctx->doc, list, checks);
  for (guint i = 0; i < list->len; i++)
    g_hash_table_insert (by_entry, g_ptr_array_index (list, i), &checks[i]);
  qw_entries_sort_for_list (list, order);
  g_ptr_array_add (rows, g_strdupv ((char *[]) { _("No."), _("Name"), _("Sex"), _("Birth date"), _("ID number"),
                                                 _("Unit"), _("Group"), _("Status"), _("Problems"), NULL }));
  for (guint i = 0; i < list->len; i++)
    {
      const QwEntry *e = g_ptr_array_index (list, i);
      const QwEntryCheck *check = g_hash_table_lookup (by_entry, e);
      g_autofree char *masked = qw_idcard_display (e->id_number);
      g_autofree char *no = g_strdup_printf ("%d", e->no);
      g_autofree char *text = problems_text (check->problems);
      QwDate birth;
      char iso[QW_DATE_ISO_LEN];
      gboolean has_birth = e->birth != NULL && qw_date_parse_iso (e->birth, &birth);

      if (has_birth)
        qw_date_to_iso (birth, iso);
      json_array_add_object_element (array, qw_cli_entry_json (e, check, qw_venue_is_present (present, e->id)));
      g_ptr_array_add (rows, g_strdupv ((char *[]) {
        no, e->name, (char *) qw_sex_to_chinese (e->sex), has_birth ? iso : e->birth, masked, e->unit,
        check->group != NULL ? check->group->name : (char *) "—", (char *) status_text (e->status), text,
        NULL }));
    }
  if (ctx->json)
    qw_cli_print_json_array (array);
  else
    qw_cli_print_table (rows);
  return QW_CLI_OK;
}

/* export-entries */

static struct
{
  char     *out;
  gboolean  private_form;
} export_entries_opt;

static const GOptionEntry export_entries_options[] = {
  { "out", 0, 0, G_OPTION_ARG_FILENAME, &export_entries_opt.out,
    N_("Where to write: FILE.xlsx (a workbook) or FILE.csv (for Excel)"), "FILE" },
  { "private", 0, 0, G_OPTION_ARG_NONE, &export_entries_opt.private_form,
    N_("Full ID numbers and birth dates (for the organiser only)"), NULL },
  { NULL },
};

static gboolean
export_entries_check (QwCliContext  *ctx,
                      GError       **error)
{
  if (export_entries_opt.out == NULL)
    {
      g_set_error_literal (error, QW_ERROR, QW_ERROR_INVALID, _("give the document and --out FILE.xlsx or FILE.csv"));
      return FALSE;
    }
  return qw_cli_check_list_path (export_entries_opt.out, error)
         && qw_cli_check_output (ctx, export_entries_opt.out, error);
}

static int
cmd_export_entries (QwCliContext *ctx)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) list = NULL;
  g_autoptr(GPtrArray) sheets = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_list_sheet_free);

  if ((list = qw_document_list_entries (ctx->doc, ctx->event->id, &error)) == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  g_ptr_array_add (sheets, qw_entries_list_sheet (ctx->ruleset, ctx->event, list, qw_desk_list_order (ctx->doc),
                                                  export_entries_opt.private_form));
  if (!qw_list_sheets_write (sheets, export_entries_opt.out,
                             export_entries_opt.private_form ? QW_OUTPUT_PRIVATE : QW_OUTPUT_PUBLIC, &error))
    return qw_cli_fail (g_steal_pointer (&error));
  g_print (export_entries_opt.private_form ? _("%s: %u entries, with full ID numbers\n")
                                           : _("%s: %u entries, ID numbers masked\n"),
           export_entries_opt.out, list->len);
  return QW_CLI_OK;
}

/* list-order */

static gboolean
list_order_check (QwCliContext  *ctx,
                  GError       **error)
{
  QwListOrder order;

  return ctx->n_args == 0 || parse_order (ctx->args[0], &order, error);
}

static int
cmd_list_order (QwCliContext *ctx)
{
  g_autoptr(GError) error = NULL;
  QwListOrder order;

  if (ctx->n_args > 0)
    {
      parse_order (ctx->args[0], &order, NULL);
      if (order != qw_desk_list_order (ctx->doc) && !qw_desk_set_list_order (ctx->doc, order, &error))
        return qw_cli_fail (g_steal_pointer (&error));
    }
  order = qw_desk_list_order (ctx->doc);
  g_print ("%s (%s)\n", qw_list_order_to_code (order), qw_list_order_label (order));
  return QW_CLI_OK;
}

/* demo */

static int
cmd_demo (QwCliContext *ctx)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = NULL;
  g_autofree char *tmp = NULL;

  if (!qw_cli_check_new_document (ctx, ctx->args[0], &error))
    return qw_cli_usage_error (ctx, error->message);
  if ((tmp = qw_cli_temporary_path (ctx->args[0], &error)) == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  doc = qw_demo_create (tmp, &error);
  if (!qw_cli_install_document (&doc, tmp, ctx->args[0], doc != NULL, doc != NULL ? &error : NULL))
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
    .name = "check-entries",
    .usage = "--ruleset ID --date YYYY-MM-DD [--sheet N] [--columns MAP] [--json] FILE.csv|FILE.xlsx|FILE.xls",
    .min_args = 1, .max_args = 1,
    .open = QW_CLI_OPEN_NOTHING, .flags = QW_CLI_JSON, .options = check_entries_options, .check = check_list_options,
    .handler = cmd_check_entries, .summary = N_("Check a registration list: groups and problems"),
  },
  {
    .name = "new", .usage = "DOC [--name NAME] [--region R] [--city C] [--county C] [--town T] ...",
    .min_args = 1, .max_args = 1,
    .open = QW_CLI_OPEN_NOTHING, .flags = QW_CLI_FORCE, .options = new_options, .check = check_details,
    .handler = cmd_new, .summary = N_("Create a stop document"),
  },
  {
    .name = "event", .usage = "DOC [--json] [--name N] [--start D] [--end D] [--host H] ...",
    .min_args = 1, .max_args = 1,
    .open = QW_CLI_OPEN_STOP, .flags = QW_CLI_JSON, .options = event_options, .check = check_details,
    .handler = cmd_event, .summary = N_("Show or change the stop’s details"),
  },
  {
    .name = "import", .usage = "DOC FILE.xlsx|FILE.xls|FILE.csv [--sheet N] [--columns MAP] [--json]",
    .min_args = 2, .max_args = 2,
    .open = QW_CLI_OPEN_STOP, .flags = QW_CLI_JSON, .options = import_options, .check = check_list_options,
    .handler = cmd_import, .summary = N_("Import a registration list (CSV or Excel) into a document"),
  },
  {
    .name = "entries", .usage = "DOC [--order number|pinyin|stroke] [--json]", .min_args = 1, .max_args = 1,
    .open = QW_CLI_OPEN_STOP, .flags = QW_CLI_JSON, .options = entries_options, .check = entries_check,
    .handler = cmd_entries, .summary = N_("List a document’s entries (ID numbers masked)"),
  },
  {
    .name = "export-entries", .usage = "DOC --out FILE.xlsx|FILE.csv [--private] [--force]", .min_args = 1, .max_args = 1,
    .open = QW_CLI_OPEN_STOP, .flags = QW_CLI_FORCE, .options = export_entries_options, .check = export_entries_check,
    .handler = cmd_export_entries,
    .summary = N_("Write the entries for Excel: the formal group and the problems of each (ID numbers masked)"),
  },
  {
    .name = "list-order", .usage = "DOC [number|pinyin|stroke]", .min_args = 1, .max_args = 2,
    .open = QW_CLI_OPEN_STOP, .check = list_order_check,
    .handler = cmd_list_order,
    .summary = N_("Show or set the order of the entries, the booklet and public lists (stroke: 按姓氏笔画)"),
  },
  {
    .name = "demo", .usage = "DOC [--force]", .min_args = 1, .max_args = 1,
    .open = QW_CLI_OPEN_NOTHING, .flags = QW_CLI_FORCE,
    .handler = cmd_demo, .summary = N_("Write the demo document"),
  },
  { NULL },
};
