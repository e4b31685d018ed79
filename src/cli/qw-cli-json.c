/* qw-cli-json.c: output helpers shared by the commands
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

int
qw_cli_fail (GError *error)
{
  g_printerr ("qiwang-cli: %s\n", error != NULL ? error->message : _("failed"));
  g_clear_error (&error);
  return QW_CLI_FAILED;
}

/* Every command's usage errors look the same: the message, then its usage. */
int
qw_cli_usage_error (const QwCliContext *ctx,
                    const char         *message)
{
  g_printerr ("qiwang-cli %s: %s\n", ctx->command->name, message);
  g_printerr (_("Usage: qiwang-cli %s %s\n"), ctx->command->name, ctx->command->usage);
  return QW_CLI_USAGE;
}

gboolean
qw_cli_parse_count (const char  *text,
                    const char  *what,
                    int          min,
                    int          max,
                    int         *out,
                    GError     **error)
{
  g_autoptr(GError) local_error = NULL;
  guint64 value;

  if (!g_ascii_string_to_unsigned (text, 10, (guint64) min, (guint64) max, &value, &local_error))
    {
      /* 2147483648 is a whole number, only too large for this. */
      if (g_error_matches (local_error, G_NUMBER_PARSER_ERROR, G_NUMBER_PARSER_ERROR_OUT_OF_BOUNDS)
          && g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT64, &value, NULL) && value > (guint64) max)
        g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("%s must be a whole number from %d to %d; “%s” is too large"),
                     what, min, max, text);
      else
        g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("%s must be a whole number from %d to %d, not “%s”"),
                     what, min, max, text);
      return FALSE;
    }
  *out = (int) value;
  return TRUE;
}

gboolean
qw_cli_check_list_path (const char  *path,
                        GError     **error)
{
  g_autofree char *basename = g_path_get_basename (path);
  g_autofree char *name = g_filename_display_name (basename);
  g_autofree char *lower = g_utf8_strdown (name, -1);

  if (g_str_has_suffix (lower, ".xlsx") || g_str_has_suffix (lower, ".csv"))
    return TRUE;
  g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("--out is FILE.xlsx (a workbook) or FILE.csv, not “%s”"), name);
  return FALSE;
}

/* JSON: every command builds JsonObject and JsonArray nodes and prints them
 * here, pretty with an indent of two. */
static void
print_json (JsonNode *node)
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

void
qw_cli_print_json_array (JsonArray *array)
{
  g_autoptr(JsonNode) node = json_node_init_array (json_node_alloc (), array);

  print_json (node);
}

void
qw_cli_print_json_object (JsonObject *object)
{
  g_autoptr(JsonNode) node = json_node_init_object (json_node_alloc (), object);

  print_json (node);
}

/* A quota's (or a nominee list's) extra places. */
JsonArray *
qw_cli_bonuses_to_json (GPtrArray *bonuses)
{
  JsonArray *array = json_array_new ();

  for (guint i = 0; i < bonuses->len; i++)
    {
      const QwQuotaBonus *bonus = g_ptr_array_index (bonuses, i);
      JsonObject *o = json_object_new ();

      json_object_set_string_member (o, "reason", bonus->reason);
      json_object_set_string_member (o, "host", bonus->host);
      json_object_set_int_member (o, "places", bonus->places);
      json_object_set_string_member (o, "groups", bonus->groups);
      json_array_add_object_element (array, o);
    }
  return array;
}

/* Display width of a UTF-8 string: CJK characters take two columns. A byte
 * that does not start a whole character takes one, and is never read past. */
static int
display_width (const char *s)
{
  const char *end = s + strlen (s);
  int width = 0;

  while (s < end)
    {
      gunichar c = g_utf8_get_char_validated (s, end - s);

      if (c == (gunichar) -1 || c == (gunichar) -2)
        {
          width++;
          s++;
          continue;
        }
      width += g_unichar_iswide (c) ? 2 : (g_unichar_iszerowidth (c) ? 0 : 1);
      s = g_utf8_next_char (s);
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
