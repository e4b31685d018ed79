/* qw-cli-entry.c: one entry, shown or corrected as the window's entry editor does
 *
 * `qiwang-cli entry DOC NO [--name N] [--sex 男|女] [--birth YYYY-MM-DD]
 * [--id ID] [--unit U] [--grade G] [--phone P] [--declared GROUP] [--json]`
 * (issue 19): with no option the entry is printed (--json: the object of
 * `entries --json`); with options it is changed through
 * qw_registration_update_entry(), the core function the window's entry
 * dialog calls, as one undoable step. A field corrected so is kept when a
 * later list brings again what the earlier one did
 * (registration/qw-import-memory.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "qw-cli.h"
#include "qw-date.h"
#include "qw-document-entries.h"
#include "qw-cancelled-finalists.h"
#include "qw-entry-check.h"
#include "qw-error.h"
#include "qw-idcard.h"
#include "qw-registration.h"
#include "qw-venue.h"

static struct
{
  char *name;
  char *sex;
  char *birth;
  char *id;
  char *unit;
  char *grade;
  char *phone;
  char *declared;
  char *registered;
  char *stamped;
} entry_opt;

static const GOptionEntry entry_options[] = {
  { "name", 0, 0, G_OPTION_ARG_STRING, &entry_opt.name, N_("The name"), "N" },
  { "sex", 0, 0, G_OPTION_ARG_STRING, &entry_opt.sex, N_("男 or 女"), "SEX" },
  { "birth", 0, 0, G_OPTION_ARG_STRING, &entry_opt.birth, N_("The date of birth"), "YYYY-MM-DD" },
  { "id", 0, 0, G_OPTION_ARG_STRING, &entry_opt.id, N_("The ID number (or another document’s number)"), "ID" },
  { "unit", 0, 0, G_OPTION_ARG_STRING, &entry_opt.unit, N_("The unit (单位)"), "U" },
  { "grade", 0, 0, G_OPTION_ARG_STRING, &entry_opt.grade, N_("The grade or title (等级)"), "G" },
  { "phone", 0, 0, G_OPTION_ARG_STRING, &entry_opt.phone, N_("The phone number"), "P" },
  { "declared", 0, 0, G_OPTION_ARG_STRING, &entry_opt.declared,
    N_("The declared group (a group’s code or name; empty: not declared)"), "GROUP" },
  { "registered", 0, 0, G_OPTION_ARG_STRING, &entry_opt.registered,
    N_("When the entry was made (报名日期; empty: not known)"), "YYYY-MM-DD" },
  { "stamped", 0, 0, G_OPTION_ARG_STRING, &entry_opt.stamped,
    N_("yes: the entry form stamped by the unit (报名表经单位盖章) was received; no: not yet"), "yes|no" },
  { NULL },
};

static gboolean
any_option (void)
{
  return entry_opt.name != NULL || entry_opt.sex != NULL || entry_opt.birth != NULL || entry_opt.id != NULL
         || entry_opt.unit != NULL || entry_opt.grade != NULL || entry_opt.phone != NULL
         || entry_opt.declared != NULL || entry_opt.registered != NULL || entry_opt.stamped != NULL;
}

static gboolean
entry_check (QwCliContext  *ctx,
             GError       **error)
{
  g_autofree char *name = entry_opt.name != NULL ? g_strstrip (g_strdup (entry_opt.name)) : NULL;
  int no;
  QwDate date;

  if (!qw_cli_parse_count (ctx->args[0], "NO", 1, G_MAXINT, &no, error))
    return FALSE;
  if (entry_opt.sex != NULL && *entry_opt.sex != '\0' && qw_sex_parse (entry_opt.sex) == QW_SEX_UNKNOWN)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("--sex is 男 or 女, not “%s”"), entry_opt.sex);
      return FALSE;
    }
  if (entry_opt.birth != NULL && *entry_opt.birth != '\0'
      && (!qw_date_parse_iso (entry_opt.birth, &date) || qw_date_compare (date, qw_date_today ()) > 0))
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("--birth is a date of birth, YYYY-MM-DD, not “%s”"),
                   entry_opt.birth);
      return FALSE;
    }
  if (entry_opt.registered != NULL && *entry_opt.registered != '\0' && !qw_date_parse_iso (entry_opt.registered, &date))
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("--registered is a date, YYYY-MM-DD, not “%s”"),
                   entry_opt.registered);
      return FALSE;
    }
  if (entry_opt.stamped != NULL && g_strcmp0 (entry_opt.stamped, "yes") != 0 && g_strcmp0 (entry_opt.stamped, "no") != 0)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("--stamped is yes or no, not “%s”"), entry_opt.stamped);
      return FALSE;
    }
  if (name != NULL && *name == '\0')
    {
      g_set_error_literal (error, QW_ERROR, QW_ERROR_INVALID, _("--name cannot be empty"));
      return FALSE;
    }
  return TRUE;
}

static void
set_text (char       **field,
          const char  *value)
{
  if (value == NULL)
    return;
  g_free (*field);
  *field = g_strstrip (g_strdup (value));
}

/* The declared group as the window's editor stores it: a group of the
 * ruleset by its name; anything else (a local group) as typed. */
static char *
declared_text (const QwRuleset *ruleset,
               const char      *text)
{
  const QwGroupRule *g = qw_ruleset_find_group (ruleset, text);

  if (g == NULL)
    g = qw_ruleset_match_group_name (ruleset, text, QW_SEX_UNKNOWN);
  return g_strdup (g != NULL ? g->name : text);
}

static QwEntry *
find_entry (QwCliContext  *ctx,
            int            no,
            GError       **error)
{
  g_autoptr(GPtrArray) list = qw_document_list_entries (ctx->doc, ctx->event->id, error);

  for (guint i = 0; list != NULL && i < list->len; i++)
    if (((QwEntry *) g_ptr_array_index (list, i))->no == no)
      return qw_entry_copy (g_ptr_array_index (list, i));
  if (list != NULL)
    g_set_error (error, QW_ERROR, QW_ERROR_NOT_FOUND, _("There is no entry No. %d"), no);
  return NULL;
}

/* The entry as `entries` shows it: checked among the whole event. */
static int
print_entry (QwCliContext *ctx,
             int           no)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) list = qw_document_list_entries (ctx->doc, ctx->event->id, &error);
  g_autoptr(GHashTable) present = list != NULL ? qw_venue_list_present (ctx->doc, &error) : NULL;
  g_autofree QwEntryCheck *checks = NULL;
  QwCheckOptions options = { QW_DATE_NONE, FALSE };
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);

  if (list == NULL || present == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  options.event_date = qw_registration_event_date (ctx->event);
  checks = g_new0 (QwEntryCheck, MAX (list->len, 1));
  qw_entry_check_all (ctx->ruleset, list, &options, checks);
  qw_registration_mark_cancelled (ctx->doc, list, checks);
  for (guint i = 0; i < list->len; i++)
    {
      const QwEntry *e = g_ptr_array_index (list, i);
      g_autofree char *masked = NULL, *problems = NULL, *no_text = NULL;

      if (e->no != no)
        continue;
      if (ctx->json)
        {
          g_autoptr(JsonObject) o = qw_cli_entry_json (e, &checks[i], qw_venue_is_present (present, e->id));

          qw_cli_print_json_object (o);
          return QW_CLI_OK;
        }
      masked = qw_idcard_display (e->id_number);
      problems = qw_problems_join (checks[i].problems, TRUE, "；");
      no_text = g_strdup_printf ("%d", e->no);
      g_ptr_array_add (rows, g_strdupv ((char *[]) { _("No."), no_text, NULL }));
      g_ptr_array_add (rows, g_strdupv ((char *[]) { _("Name"), e->name, NULL }));
      g_ptr_array_add (rows, g_strdupv ((char *[]) { _("Sex"), (char *) qw_sex_to_chinese (e->sex), NULL }));
      g_ptr_array_add (rows, g_strdupv ((char *[]) { _("Birth date"), e->birth, NULL }));
      g_ptr_array_add (rows, g_strdupv ((char *[]) { _("ID number"), masked, NULL }));
      g_ptr_array_add (rows, g_strdupv ((char *[]) { _("Unit"), e->unit, NULL }));
      g_ptr_array_add (rows, g_strdupv ((char *[]) { _("Grade"), e->grade, NULL }));
      g_ptr_array_add (rows, g_strdupv ((char *[]) { _("Declared group"), e->declared_group, NULL }));
      g_ptr_array_add (rows, g_strdupv ((char *[]) { _("Registered"), e->registered, NULL }));
      g_ptr_array_add (rows, g_strdupv ((char *[]) {
        _("Stamped form"), (char *) (e->form_stamped ? _("received") : _("not received")), NULL }));
      g_ptr_array_add (rows, g_strdupv ((char *[]) {
        _("Group"), checks[i].group != NULL ? checks[i].group->name : (char *) "—", NULL }));
      g_ptr_array_add (rows, g_strdupv ((char *[]) { _("Problems"), problems, NULL }));
      qw_cli_print_table (rows);
      return QW_CLI_OK;
    }
  return qw_cli_fail (g_error_new (QW_ERROR, QW_ERROR_NOT_FOUND, _("There is no entry No. %d"), no));
}

static int
cmd_entry (QwCliContext *ctx)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwEntry) entry = NULL;
  int no = (int) g_ascii_strtoll (ctx->args[0], NULL, 10);

  if (!any_option ())
    return print_entry (ctx, no);
  if ((entry = find_entry (ctx, no, &error)) == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  if (qw_entry_is_pair (entry))
    return qw_cli_fail (g_error_new (QW_ERROR, QW_ERROR_INVALID,
                                     _("No. %d is a pair (双人): edit its members in the window"), no));
  set_text (&entry->name, entry_opt.name);
  if (entry_opt.sex != NULL)
    entry->sex = qw_sex_parse (entry_opt.sex);
  set_text (&entry->birth, entry_opt.birth);
  set_text (&entry->id_number, entry_opt.id);
  set_text (&entry->unit, entry_opt.unit);
  set_text (&entry->grade, entry_opt.grade);
  set_text (&entry->phone, entry_opt.phone);
  set_text (&entry->registered, entry_opt.registered);
  if (entry_opt.stamped != NULL)
    entry->form_stamped = g_str_equal (entry_opt.stamped, "yes");
  if (entry_opt.declared != NULL)
    {
      g_free (entry->declared_group);
      entry->declared_group = *entry_opt.declared != '\0' ? declared_text (ctx->ruleset, entry_opt.declared)
                                                          : g_strdup ("");
    }
  /* The window's editor's own function: one step, placed again until paired. */
  if (!qw_registration_update_entry (ctx->doc, ctx->ruleset, ctx->event, entry, &error))
    return qw_cli_fail (g_steal_pointer (&error));
  if (!ctx->json)
    g_print (_("Edited No. %d %s\n"), entry->no, entry->name);
  return ctx->json ? print_entry (ctx, no) : QW_CLI_OK;
}

const QwCliCommand qw_cli_entry_commands[] = {
  {
    .name = "entry",
    .usage = "DOC NO [--name N] [--sex 男|女] [--birth YYYY-MM-DD] [--id ID] [--unit U] [--grade G] [--phone P] "
             "[--declared GROUP] [--registered YYYY-MM-DD] [--stamped yes|no] [--json]",
    .min_args = 2, .max_args = 2,
    .open = QW_CLI_OPEN_STOP, .flags = QW_CLI_JSON, .options = entry_options, .check = entry_check,
    .handler = cmd_entry, .summary = N_("Show an entry, or correct it as the window’s entry editor does"),
  },
  { NULL },
};
