/* qw-cli.c: qiwang-cli, a thin face over the core
 *
 * Anything the GUI can do, the CLI can do, with --json for scripts. Commands
 * whose output is a contract (idcard, check-entries, quota, games, standings)
 * keep their keys and codes exactly.
 *
 * This file is the dispatcher: it finds the command's table entry, parses
 * its options (and the shared --json), checks its arguments, opens what the
 * entry says and runs the handler. Usage errors look the same for every
 * command and exit with QW_CLI_USAGE.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <string.h>

#include "qw-cli.h"
#include "qw-data.h"
#include "qw-document-play.h"
#include "qw-error.h"
#include "qw-fd-limit.h"
#include "qw-play.h"
#include "qw-region.h"
#include "qw-tournament.h"

static const QwCliCommand *const command_tables[] = {
  qw_cli_registration_commands,
  qw_cli_play_commands,
  qw_cli_arbiter_commands,
  qw_cli_region_commands,
  qw_cli_results_commands,
  qw_cli_print_commands,
  qw_cli_ladder_commands,
  qw_cli_final_commands,
  qw_cli_publish_commands,
  qw_cli_venue_commands,
};

#define USAGE_COLUMN 70

static const QwCliCommand *
lookup_command (const char *name)
{
  for (guint t = 0; t < G_N_ELEMENTS (command_tables); t++)
    for (const QwCliCommand *c = command_tables[t]; c->name != NULL; c++)
      if (g_str_equal (c->name, name))
        return c;
  return NULL;
}

static void
print_help (void)
{
  g_print (_("Usage: qiwang-cli COMMAND [OPTIONS]\n\nCommands:\n"));
  for (guint t = 0; t < G_N_ELEMENTS (command_tables); t++)
    for (const QwCliCommand *c = command_tables[t]; c->name != NULL; c++)
      {
        g_autofree char *usage = g_strdup_printf ("%s %s", c->name, c->usage);

        g_print ("  %-*s %s\n", USAGE_COLUMN, usage, _(c->summary));
      }
}

/* The left column of an option's help: "-o, --out=FILE.pdf". */
static char *
option_cell (const GOptionEntry *entry)
{
  GString *cell = g_string_new (NULL);

  if (entry->short_name != '\0')
    g_string_append_printf (cell, "-%c, ", entry->short_name);
  g_string_append_printf (cell, "--%s", entry->long_name);
  if (entry->arg != G_OPTION_ARG_NONE && entry->arg_description != NULL)
    g_string_append_printf (cell, "=%s", entry->arg_description);
  return g_string_free (cell, FALSE);
}

static void
add_option_rows (GPtrArray          *rows,
                 const GOptionEntry *entries)
{
  for (; entries != NULL && entries->long_name != NULL; entries++)
    {
      if (entries->flags & G_OPTION_FLAG_HIDDEN)
        continue;
      g_ptr_array_add (rows, option_cell (entries));
      g_ptr_array_add (rows, g_strdup (_(entries->description)));
    }
}

static const GOptionEntry no_entries[] = { { NULL } };

/* The --json of every command that has one: one shared option group. */
static gboolean json_flag;
static const GOptionEntry json_entries[] = {
  { "json", 0, 0, G_OPTION_ARG_NONE, &json_flag, N_("Print JSON"), NULL },
  { NULL },
};

/* The --force of every command that creates a document or writes an output. */
static gboolean force_flag;
static const GOptionEntry force_entries[] = {
  { "force", 0, 0, G_OPTION_ARG_NONE, &force_flag,
    N_("Replace an existing document; write where files of others are (never over an input or a document)"),
    NULL },
  { NULL },
};

static gboolean help_flag;
static const GOptionEntry help_entries[] = {
  { "help", 'h', 0, G_OPTION_ARG_NONE, &help_flag, N_("Show this help"), NULL },
  { NULL },
};

static void
print_command_help (const QwCliCommand *command)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func (g_free);
  int width = 0;

  g_print (_("Usage: qiwang-cli %s %s\n"), command->name, command->usage);
  g_print ("\n%s\n\n", _(command->summary));
  add_option_rows (rows, command->options);
  if (command->flags & QW_CLI_JSON)
    add_option_rows (rows, json_entries);
  if (command->flags & QW_CLI_FORCE)
    add_option_rows (rows, force_entries);
  add_option_rows (rows, help_entries);
  for (guint i = 0; i < rows->len; i += 2)
    width = MAX (width, (int) g_utf8_strlen (g_ptr_array_index (rows, i), -1));
  g_print (_("Options:\n"));
  for (guint i = 0; i < rows->len; i += 2)
    {
      const char *cell = g_ptr_array_index (rows, i);

      g_print ("  %s%*s  %s\n", cell, width - (int) g_utf8_strlen (cell, -1), "",
               (char *) g_ptr_array_index (rows, i + 1));
    }
}

static int
unknown_command (const char *name)
{
  g_printerr ("qiwang-cli %s: %s\n", name, _("unknown command"));
  g_printerr (_("Run “qiwang-cli help” for the list of commands.\n"));
  return QW_CLI_USAGE;
}

static char *
count_message (const QwCliCommand *command,
               int                 n)
{
  int min = command->min_args, max = command->max_args;

  if (max == min)
    return g_strdup_printf (ngettext ("takes %d argument, not %d", "takes %d arguments, not %d", min), min, n);
  if (max < 0)
    return g_strdup_printf (ngettext ("takes at least %d argument, not %d", "takes at least %d arguments, not %d",
                                      min), min, n);
  if (max == min + 1)
    return g_strdup_printf (_("takes %d or %d arguments, not %d"), min, max, n);
  return g_strdup_printf (_("takes %d to %d arguments, not %d"), min, max, n);
}

/* Every argument is text, checked once here: the core takes valid UTF-8 for
 * granted. The message names the argument by its place and shows it with
 * the bad bytes replaced. */
static gboolean
check_arguments_text (int      argc,
                      char   **argv,
                      GError **error)
{
  for (int i = 1; i < argc; i++)
    if (!g_utf8_validate (argv[i], -1, NULL))
      {
        g_autofree char *shown = g_utf8_make_valid (argv[i], -1);

        g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                     _("argument %d (“%s”) is not valid UTF-8 text"), i, shown);
        return FALSE;
      }
  return TRUE;
}

/* "-:+" and "-:-" look like options to GOption: keep them out of its way. */
#define RESULT_PLACEHOLDER "\x01result:"

static void
shield_results (int    argc,
                char **argv)
{
  for (int i = 1; i < argc; i++)
    if (g_str_equal (argv[i], "-:+"))
      argv[i] = (char *) RESULT_PLACEHOLDER "-:+";
    else if (g_str_equal (argv[i], "-:-"))
      argv[i] = (char *) RESULT_PLACEHOLDER "-:-";
}

static void
unshield_results (int    argc,
                  char **argv)
{
  for (int i = 1; i < argc; i++)
    if (g_str_has_prefix (argv[i], RESULT_PLACEHOLDER))
      argv[i] += strlen (RESULT_PLACEHOLDER);
}

/* The positional arguments that the usage names ROUND and BOARD. */
static gboolean
parse_named_arguments (QwCliContext  *ctx,
                       char         **positional,
                       int            n,
                       GError       **error)
{
  g_auto(GStrv) words = g_strsplit (ctx->command->usage, " ", -1);

  for (int i = 0; words[i] != NULL && i < n; i++)
    {
      if (words[i][0] == '[' || words[i][0] == '-')
        break;
      if (g_str_equal (words[i], "ROUND")
          && !qw_cli_parse_count (positional[i], _("The round"), 1, 99, &ctx->round, error))
        return FALSE;
      if (g_str_equal (words[i], "BOARD")
          && !qw_cli_parse_count (positional[i], _("The board"), 1, 100000, &ctx->board, error))
        return FALSE;
    }
  return TRUE;
}

/* How many of the @n positional arguments name what is opened. */
static int
opened_arguments (QwCliOpen open,
                  int       n)
{
  switch (open)
    {
    case QW_CLI_OPEN_NOTHING:
      return 0;
    case QW_CLI_OPEN_DOCUMENT_OR_SECTION:
      return n >= 2 ? 2 : 1;
    case QW_CLI_OPEN_SECTION:
    case QW_CLI_OPEN_SECTION_STORED:
    case QW_CLI_OPEN_SECTION_TO_CHANGE:
      return 2;
    case QW_CLI_OPEN_DOCUMENT:
    case QW_CLI_OPEN_STOP:
    case QW_CLI_OPEN_REGION:
    case QW_CLI_OPEN_NATIONAL:
    default:
      return 1;
    }
}

/* Opening */

/**
 * qw_cli_open_document:
 *
 * Opens a document for a command. Its steps are kept in the document's
 * history as made by qiwang-cli: `qiwang-cli undo` and the window's Ctrl+Z
 * take them back as they do the window's.
 */
QwDocument *
qw_cli_open_document (const char  *path,
                      GError     **error)
{
  QwDocument *doc = qw_document_open (path, error);

  if (doc != NULL)
    qw_document_set_step_origin (doc, "cli");
  return doc;
}

/**
 * qw_cli_open_kind:
 * @kind: %QW_DOCUMENT_REGION or %QW_DOCUMENT_NATIONAL
 *
 * Opens a document that must be of @kind.
 */
QwDocument *
qw_cli_open_kind (const char      *path,
                  QwDocumentKind   kind,
                  GError         **error)
{
  g_autoptr(QwDocument) doc = qw_cli_open_document (path, error);
  g_autofree char *display_name = g_filename_display_name (path);

  if (doc == NULL)
    return NULL;
  if (qw_document_get_kind (doc) == kind)
    return g_steal_pointer (&doc);
  if (kind == QW_DOCUMENT_REGION)
    g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                 _("%s is a %s document, not a region document (create one with “qiwang-cli "
                   "new-region”)"), display_name, qw_document_kind_to_code (qw_document_get_kind (doc)));
  else
    g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                 _("%s is a %s document, not a national document (create one with “qiwang-cli "
                   "new-region --national”)"), display_name, qw_document_kind_to_code (qw_document_get_kind (doc)));
  return NULL;
}

static gboolean
open_stop (QwCliContext  *ctx,
           GError       **error)
{
  ctx->doc = qw_cli_open_document (ctx->path, error);
  return ctx->doc != NULL && (ctx->event = qw_document_get_main_event (ctx->doc, error)) != NULL
         && (ctx->ruleset = qw_ruleset_lookup (ctx->event->ruleset, error)) != NULL;
}

static gboolean
open_section (QwCliContext  *ctx,
              const char    *code,
              gboolean       store,
              GError       **error)
{
  g_autoptr(GError) missing = NULL;

  if (!open_stop (ctx, error))
    return FALSE;
  ctx->section = qw_tournament_find_section (ctx->doc, code, store, &missing);
  if (ctx->section == NULL)
    {
      g_autoptr(QwSection) probe = qw_section_new_unstored (ctx->event, ctx->ruleset, code);
      g_autoptr(GPtrArray) entries = qw_document_list_section_entries (ctx->doc, probe, NULL);

      if (store || entries == NULL || entries->len == 0)
        {
          g_propagate_error (error, g_steal_pointer (&missing));
          return FALSE;
        }
      ctx->section = g_steal_pointer (&probe);
    }
  ctx->entries = qw_document_list_section_entries (ctx->doc, ctx->section, error);
  return ctx->entries != NULL;
}

static gboolean
open_for_command (QwCliContext  *ctx,
                  char         **positional,
                  GError       **error)
{
  switch (ctx->command->open)
    {
    case QW_CLI_OPEN_NOTHING:
      return TRUE;
    case QW_CLI_OPEN_DOCUMENT:
      ctx->doc = qw_cli_open_document (ctx->path, error);
      return ctx->doc != NULL;
    case QW_CLI_OPEN_DOCUMENT_OR_SECTION:
      /* The arguments after DOC: none, or GROUP and more. */
      if (ctx->args == positional + 1)
        {
          ctx->doc = qw_cli_open_document (ctx->path, error);
          return ctx->doc != NULL;
        }
      return open_section (ctx, positional[1], FALSE, error);
    case QW_CLI_OPEN_STOP:
      return open_stop (ctx, error);
    case QW_CLI_OPEN_SECTION:
      return open_section (ctx, positional[1], FALSE, error);
    case QW_CLI_OPEN_SECTION_STORED:
      return open_section (ctx, positional[1], TRUE, error);
    case QW_CLI_OPEN_SECTION_TO_CHANGE:
      return open_section (ctx, positional[1], ctx->n_args > 0, error);
    case QW_CLI_OPEN_REGION:
      return (ctx->doc = qw_cli_open_kind (ctx->path, QW_DOCUMENT_REGION, error)) != NULL
             && (ctx->ruleset = qw_region_ruleset (ctx->doc, error)) != NULL;
    case QW_CLI_OPEN_NATIONAL:
      return (ctx->doc = qw_cli_open_kind (ctx->path, QW_DOCUMENT_NATIONAL, error)) != NULL;
    default:
      g_assert_not_reached ();
    }
}

static void
context_clear (QwCliContext *ctx)
{
  g_clear_object (&ctx->doc);
  g_clear_pointer (&ctx->event, qw_event_free);
  g_clear_pointer (&ctx->ruleset, qw_ruleset_unref);
  g_clear_pointer (&ctx->section, qw_section_free);
  g_clear_pointer (&ctx->entries_by_id, g_hash_table_unref);
  g_clear_pointer (&ctx->entries, g_ptr_array_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (QwCliContext, context_clear)

/* The values GOption allocated for the command's options. */
static void
clear_option_values (const GOptionEntry *entries)
{
  for (; entries != NULL && entries->long_name != NULL; entries++)
    switch (entries->arg)
      {
      case G_OPTION_ARG_STRING:
      case G_OPTION_ARG_FILENAME:
        g_clear_pointer ((char **) entries->arg_data, g_free);
        break;
      case G_OPTION_ARG_STRING_ARRAY:
      case G_OPTION_ARG_FILENAME_ARRAY:
        g_clear_pointer ((char ***) entries->arg_data, g_strfreev);
        break;
      case G_OPTION_ARG_NONE:
      case G_OPTION_ARG_INT:
      case G_OPTION_ARG_CALLBACK:
      case G_OPTION_ARG_DOUBLE:
      case G_OPTION_ARG_INT64:
      default:
        break;
      }
}

/* @argv: the command's name, then its options and arguments */
static int
dispatch (const QwCliCommand *command,
          int                 argc,
          char              **argv)
{
  g_auto(QwCliContext) ctx = { .command = command };
  g_autoptr(GOptionContext) parser = g_option_context_new (NULL);
  g_autoptr(GError) error = NULL;
  char **positional;
  int n, opened = opened_arguments (command->open, command->min_args);

  g_assert (command->min_args >= opened);
  g_option_context_set_help_enabled (parser, FALSE);
  g_option_context_set_translation_domain (parser, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (parser, command->options != NULL ? command->options : no_entries,
                                     GETTEXT_PACKAGE);
  g_option_context_add_main_entries (parser, help_entries, GETTEXT_PACKAGE);
  if (command->flags & QW_CLI_JSON)
    {
      GOptionGroup *group = g_option_group_new ("json", _("JSON output"), _("Show the JSON option"), NULL, NULL);

      g_option_group_add_entries (group, json_entries);
      g_option_group_set_translation_domain (group, GETTEXT_PACKAGE);
      g_option_context_add_group (parser, group);
    }
  if (command->flags & QW_CLI_FORCE)
    {
      GOptionGroup *group = g_option_group_new ("force", _("Replacing"), _("Show the replacing option"), NULL, NULL);

      g_option_group_add_entries (group, force_entries);
      g_option_group_set_translation_domain (group, GETTEXT_PACKAGE);
      g_option_context_add_group (parser, group);
    }
  /* Text enters here: an argument that is not UTF-8 goes no further. */
  if (!check_arguments_text (argc, argv, &error))
    return qw_cli_usage_error (&ctx, error->message);
  if (command->flags & QW_CLI_RESULT_CODES)
    shield_results (argc, argv);
  if (!g_option_context_parse (parser, &argc, &argv, &error))
    return qw_cli_usage_error (&ctx, error->message);
  if (help_flag)
    {
      print_command_help (command);
      return QW_CLI_OK;
    }
  if (command->flags & QW_CLI_RESULT_CODES)
    unshield_results (argc, argv);
  ctx.json = json_flag;
  ctx.force = force_flag;

  positional = argv + 1;
  n = argc - 1;
  if (n < command->min_args || (command->max_args >= 0 && n > command->max_args))
    {
      g_autofree char *message = count_message (command, n);

      return qw_cli_usage_error (&ctx, message);
    }
  opened = opened_arguments (command->open, n);
  ctx.path = opened > 0 ? positional[0] : NULL;
  ctx.args = positional + opened;
  ctx.n_args = n - opened;
  if (!parse_named_arguments (&ctx, positional, n, &error)
      || (command->check != NULL && !command->check (&ctx, &error)))
    return qw_cli_usage_error (&ctx, error->message);
  if (!open_for_command (&ctx, positional, &error))
    return qw_cli_fail (g_steal_pointer (&error));
  return command->handler (&ctx);
}

int
main (int    argc,
      char **argv)
{
  const QwCliCommand *command;
  int status;

  qw_data_use_build_tree ();
  /* `serve` holds a descriptor per phone (qw-fd-limit.h). */
  qw_fd_limit_raise ();
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, qw_locale_dir ());
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  if (argc < 2 || g_str_equal (argv[1], "help") || g_str_equal (argv[1], "--help")
      || g_str_equal (argv[1], "-h"))
    {
      if (argc > 2 && g_str_equal (argv[1], "help") && (command = lookup_command (argv[2])) != NULL)
        print_command_help (command);
      else
        print_help ();
      return argc < 2 ? QW_CLI_USAGE : QW_CLI_OK;
    }
  if (g_str_equal (argv[1], "--version"))
    {
      g_print ("qiwang-cli %s\n", PACKAGE_VERSION);
      return QW_CLI_OK;
    }
  command = lookup_command (argv[1]);
  if (command == NULL)
    return unknown_command (argv[1]);
  status = dispatch (command, argc - 1, argv + 1);
  clear_option_values (command->options);
  return status;
}
