/* qw-cli-group.c: the group a command acts on, as the commands name it
 *
 * A player is named by 序号 on the command line and shown as "12 王伟" in
 * tables; a Swiss too small for its rounds is said wherever it is set up or
 * paired.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "qw-cli.h"
#include "qw-error.h"
#include "qw-tournament.h"

QwEntry *
qw_cli_entry_by_id (QwCliContext *ctx,
                    gint64        id)
{
  /* A table of thousands of games looks players up by id: index them once. */
  if (ctx->entries_by_id == NULL)
    {
      ctx->entries_by_id = g_hash_table_new (g_int64_hash, g_int64_equal);
      for (guint i = 0; i < ctx->entries->len; i++)
        {
          QwEntry *e = g_ptr_array_index (ctx->entries, i);

          g_hash_table_insert (ctx->entries_by_id, &e->id, e);
        }
    }
  return g_hash_table_lookup (ctx->entries_by_id, &id);
}

QwEntry *
qw_cli_entry_by_no_text (QwCliContext  *ctx,
                         const char    *text,
                         GError       **error)
{
  guint64 no;

  if (!g_ascii_string_to_unsigned (text, 10, 1, G_MAXINT, &no, NULL))
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("“%s” is not a player number (序号)"), text);
      return NULL;
    }
  for (guint i = 0; i < ctx->entries->len; i++)
    {
      QwEntry *e = g_ptr_array_index (ctx->entries, i);

      if (e->no == (int) no)
        return e;
    }
  g_set_error (error, QW_ERROR, QW_ERROR_NOT_FOUND, _("No player has number %s in group %s"), text,
               ctx->section->code);
  return NULL;
}

char *
qw_cli_player_cell (QwCliContext *ctx,
                    gint64        id)
{
  QwEntry *e = qw_cli_entry_by_id (ctx, id);

  if (e == NULL)
    return g_strdup (id == 0 ? _("(bye)") : "?");
  return g_strdup_printf ("%d %s", e->no, e->name);
}

/* A Swiss too small for its rounds: said when it is set up and paired. */
void
qw_cli_print_field_warning (QwCliContext *ctx)
{
  g_autofree char *warning = qw_tournament_field_warning (ctx->doc, ctx->section);

  if (warning != NULL)
    g_printerr (_("Warning: %s\n"), warning);
}
