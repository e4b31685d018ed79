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
#include "qw-entry-check.h"
#include "qw-error.h"
#include "qw-pair-gate.h"
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

/* The reminders (issue 19 point 9): the group's entries with a problem that
 * does not block (需家属陪同, an ID number Excel made …), said before every
 * pairing whether or not something blocks. */
JsonArray *
qw_cli_gate_reminders_json (GPtrArray *items)
{
  JsonArray *array = json_array_new ();

  for (guint i = 0; items != NULL && i < items->len; i++)
    {
      QwGateItem *item = g_ptr_array_index (items, i);
      JsonObject *o;
      JsonArray *problems;

      if (item->warnings == 0)
        continue;
      o = json_object_new ();
      problems = json_array_new ();
      for (int p = 0; p < QW_N_PROBLEMS; p++)
        if (item->warnings & QW_PROBLEM_BIT (p))
          json_array_add_string_element (problems, qw_problem_code ((QwProblem) p));
      json_object_set_int_member (o, "no", item->entry->no);
      json_object_set_string_member (o, "name", item->entry->name);
      json_object_set_array_member (o, "problems", problems);
      json_array_add_object_element (array, o);
    }
  return array;
}

void
qw_cli_print_gate_reminders (GPtrArray *items)
{
  for (guint i = 0; items != NULL && i < items->len; i++)
    {
      QwGateItem *item = g_ptr_array_index (items, i);
      g_autofree char *why = NULL;

      if (item->warnings == 0)
        continue;
      why = qw_problems_join (item->warnings, TRUE, "；");
      g_printerr (_("Reminder: %d %s (%s)\n"), item->entry->no, item->entry->name, why);
    }
}
