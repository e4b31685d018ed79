/* qw-cli-json.c: output helpers shared by the commands
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "qw-cli.h"

int
qw_cli_fail (GError *error)
{
  g_printerr ("qiwang-cli: %s\n", error != NULL ? error->message : _("failed"));
  g_clear_error (&error);
  return QW_CLI_FAILED;
}

int
qw_cli_usage_error (const char *command,
                    const char *message)
{
  g_printerr ("qiwang-cli %s: %s\n", command, message);
  g_printerr (_("Run “qiwang-cli help” for the list of commands.\n"));
  return QW_CLI_USAGE;
}

gboolean
qw_cli_parse (GOptionEntry *entries,
              const char   *command,
              const char   *parameter_string,
              int          *argc,
              char       ***argv,
              GError      **error)
{
  g_autofree char *params = g_strdup_printf ("%s %s", command, parameter_string);
  g_autoptr(GOptionContext) context = g_option_context_new (params);

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  return g_option_context_parse (context, argc, argv, error);
}

void
qw_cli_print_json (JsonNode *node)
{
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autofree char *text = NULL;

  json_generator_set_root (generator, node);
  json_generator_set_pretty (generator, TRUE);
  json_generator_set_indent (generator, 2);
  text = json_generator_to_data (generator, NULL);
  fputs (text, stdout);
  fputc ('\n', stdout);
}

JsonNode *
qw_cli_string_or_null (const char *text)
{
  JsonNode *node = json_node_new (JSON_NODE_VALUE);

  if (text == NULL)
    {
      json_node_init_null (node);
      return node;
    }
  json_node_set_string (node, text);
  return node;
}

/* Display width of a UTF-8 string: CJK characters take two columns. */
static int
display_width (const char *s)
{
  int width = 0;

  for (; *s != '\0'; s = g_utf8_next_char (s))
    {
      gunichar c = g_utf8_get_char (s);

      width += g_unichar_iswide (c) ? 2 : (g_unichar_iszerowidth (c) ? 0 : 1);
    }
  return width;
}

/**
 * qw_cli_print_table:
 * @rows: (element-type GStrv): the header row first
 *
 * Prints aligned columns for people reading a terminal.
 */
void
qw_cli_print_table (GPtrArray *rows)
{
  g_autoptr(GArray) widths = g_array_new (FALSE, TRUE, sizeof (int));

  for (guint r = 0; r < rows->len; r++)
    {
      GStrv row = g_ptr_array_index (rows, r);

      for (guint c = 0; row[c] != NULL; c++)
        {
          if (c >= widths->len)
            g_array_set_size (widths, c + 1);
          g_array_index (widths, int, c) = MAX (g_array_index (widths, int, c), display_width (row[c]));
        }
    }
  for (guint r = 0; r < rows->len; r++)
    {
      GStrv row = g_ptr_array_index (rows, r);

      for (guint c = 0; row[c] != NULL; c++)
        {
          int pad = g_array_index (widths, int, c) - display_width (row[c]);

          fputs (row[c], stdout);
          if (row[c + 1] != NULL)
            printf ("%*s  ", pad, "");
        }
      fputc ('\n', stdout);
    }
}
