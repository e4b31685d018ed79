/* qw-cli-final.c: teams and prizes, the 2022 final's team rankings and prize list
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "qw-cli.h"
#include "qw-document-entries.h"
#include "qw-final.h"

static char *
count_text (gint64 n)
{
  return g_strdup_printf ("%" G_GINT64_FORMAT, n);
}

static void
print_notes (const QwFinalResults *results)
{
  for (guint i = 0; i < results->notes->len; i++)
    g_printerr (_("Note: %s\n"), (char *) g_ptr_array_index (results->notes, i));
}

/* teams */

static JsonObject *
team_to_json (const QwFinalTeam *team)
{
  JsonObject *o = json_object_new ();
  JsonArray *members = json_array_new ();

  if (team->rank > 0)
    json_object_set_int_member (o, "rank", team->rank);
  else
    json_object_set_null_member (o, "rank");
  json_object_set_string_member (o, "team", team->team);
  json_object_set_int_member (o, "sum", team->sum);
  for (guint i = 0; i < team->members->len; i++)
    {
      const QwFinalTeamMember *m = g_ptr_array_index (team->members, i);
      JsonObject *mo = json_object_new ();

      json_object_set_int_member (mo, "no", m->no);
      json_object_set_string_member (mo, "name", m->name);
      json_object_set_int_member (mo, "place", m->place);
      json_array_add_object_element (members, mo);
    }
  json_object_set_array_member (o, "members", members);
  json_object_set_boolean_member (o, "complete", team->complete);
  json_object_set_boolean_member (o, "awarded", team->awarded);
  return o;
}

static void
print_teams (const QwFinalResults *results)
{
  for (guint i = 0; i < results->teams->len; i++)
    {
      const QwFinalTeamRanking *r = g_ptr_array_index (results->teams, i);
      g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);

      g_print (i > 0 ? "\n%s\n" : "%s\n", r->name);
      g_print (g_dngettext (GETTEXT_PACKAGE, "%u team; %d place awarded\n", "%u teams; %d places awarded\n",
                            r->teams->len), r->teams->len, r->places);
      g_ptr_array_add (rows, g_strdupv ((char *[]) { _("Rank"), _("Team"), _("Sum of places"), _("Members"),
                                                     _("Complete"), _("Awarded"), NULL }));
      for (guint k = 0; k < r->teams->len; k++)
        {
          const QwFinalTeam *t = g_ptr_array_index (r->teams, k);
          g_autoptr(GString) members = g_string_new (NULL);
          g_autofree char *rank = t->rank > 0 ? count_text (t->rank) : g_strdup ("—");
          g_autofree char *sum = count_text (t->sum);

          for (guint m = 0; m < t->members->len; m++)
            {
              const QwFinalTeamMember *member = g_ptr_array_index (t->members, m);

              g_string_append_printf (members, "%s%s (%d)", m > 0 ? "、" : "", member->name, member->place);
            }
          g_ptr_array_add (rows, g_strdupv ((char *[]) { rank, t->team, sum, members->str,
                                                         t->complete ? _("yes") : _("no"),
                                                         t->awarded ? _("yes") : (char *) "", NULL }));
        }
      qw_cli_print_table (rows);
    }
}

static int
cmd_teams (QwCliContext *ctx)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwFinalResults) results = qw_final_results_compute (ctx->doc, &error);

  if (results == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  if (ctx->json)
    {
      g_autoptr(JsonArray) array = json_array_new ();

      for (guint i = 0; i < results->teams->len; i++)
        {
          const QwFinalTeamRanking *r = g_ptr_array_index (results->teams, i);
          JsonObject *o = json_object_new ();
          JsonArray *teams = json_array_new ();

          json_object_set_string_member (o, "event", r->code);
          for (guint k = 0; k < r->teams->len; k++)
            json_array_add_object_element (teams, team_to_json (g_ptr_array_index (r->teams, k)));
          json_object_set_array_member (o, "teams", teams);
          json_array_add_object_element (array, o);
        }
      qw_cli_print_json_array (array);
      return QW_CLI_OK;
    }
  print_teams (results);
  print_notes (results);
  return QW_CLI_OK;
}

/* prizes */

static struct
{
  char *out;
} prizes_opt;

static const GOptionEntry prizes_options[] = {
  { "out", 'o', 0, G_OPTION_ARG_FILENAME, &prizes_opt.out, N_("Also write the prize list here"), "FILE.xlsx|FILE.csv" },
  { NULL },
};

static gboolean
prizes_check (QwCliContext  *ctx,
              GError       **error)
{
  g_autofree char *lower = prizes_opt.out != NULL ? g_ascii_strdown (prizes_opt.out, -1) : NULL;

  if (lower != NULL && !g_str_has_suffix (lower, ".xlsx") && !g_str_has_suffix (lower, ".csv"))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, _("--out must name a .xlsx or a .csv file"));
      return FALSE;
    }
  return prizes_opt.out == NULL || qw_cli_check_output (ctx, prizes_opt.out, error);
}

static void
print_prizes (const QwFinalResults *results)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  g_autoptr(GPtrArray) totals = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  g_autofree char *all = count_text (results->total);

  g_ptr_array_add (rows, g_strdupv ((char *[]) { _("Event"), _("Place"), _("No."), _("Name"), _("Team or unit"),
                                                 _("Amount (yuan)"), NULL }));
  for (guint i = 0; i < results->awards->len; i++)
    {
      const QwPrizeAward *a = g_ptr_array_index (results->awards, i);
      g_autofree char *place = count_text (a->place);
      g_autofree char *no = a->no > 0 ? count_text (a->no) : g_strdup ("");
      g_autofree char *amount = count_text (a->amount);

      g_ptr_array_add (rows, g_strdupv ((char *[]) { a->event_name, place, no, a->name, a->team, amount, NULL }));
    }
  qw_cli_print_table (rows);
  if (results->accumulated->len > 0)
    g_print (_("\nPlayers with more than one prize:\n"));
  for (guint i = 0; i < results->accumulated->len; i++)
    {
      const QwPrizeAccumulated *acc = g_ptr_array_index (results->accumulated, i);
      g_autoptr(GString) parts = g_string_new (NULL);

      for (guint k = 0; k < acc->awards->len; k++)
        {
          const QwPrizeAward *a = g_ptr_array_index (acc->awards, k);

          g_string_append_printf (parts, "%s%s %d: %d", k > 0 ? " + " : "", a->event_name, a->place, a->amount);
        }
      g_print ("  %d %s (%s): %s = %" G_GINT64_FORMAT "\n", acc->no, acc->name, acc->team, parts->str, acc->amount);
    }
  g_print ("\n");
  g_ptr_array_add (totals, g_strdupv ((char *[]) { _("Event"), _("Prizes"), _("Amount (yuan)"), NULL }));
  for (guint i = 0; i < results->totals->len; i++)
    {
      const QwPrizeTotal *t = g_ptr_array_index (results->totals, i);
      g_autofree char *awards = count_text (t->awards);
      g_autofree char *amount = count_text (t->amount);

      g_ptr_array_add (totals, g_strdupv ((char *[]) { t->name, awards, amount, NULL }));
    }
  g_ptr_array_add (totals, g_strdupv ((char *[]) { _("Total"), (char *) "", all, NULL }));
  qw_cli_print_table (totals);
  if (results->before_tax)
    g_print (_("Amounts before tax.\n"));
}

static int
cmd_prizes (QwCliContext *ctx)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwFinalResults) results = qw_final_results_compute (ctx->doc, &error);
  g_autoptr(QwEvent) event = NULL;

  if (results == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  if (prizes_opt.out != NULL)
    {
      if ((event = qw_document_get_main_event (ctx->doc, &error)) == NULL
          || !qw_final_prizes_write (results, event, prizes_opt.out, &error))
        return qw_cli_fail (g_steal_pointer (&error));
    }
  if (ctx->json)
    {
      g_autoptr(JsonArray) array = json_array_new ();

      for (guint i = 0; i < results->awards->len; i++)
        {
          const QwPrizeAward *a = g_ptr_array_index (results->awards, i);
          JsonObject *o = json_object_new ();

          json_object_set_string_member (o, "event", a->event);
          json_object_set_int_member (o, "place", a->place);
          if (a->no > 0)
            json_object_set_int_member (o, "no", a->no);
          else
            json_object_set_null_member (o, "no");
          json_object_set_string_member (o, "name", a->name);
          json_object_set_string_member (o, "team", a->team);
          json_object_set_int_member (o, "amount", a->amount);
          json_array_add_object_element (array, o);
        }
      qw_cli_print_json_array (array);
      return QW_CLI_OK;
    }
  print_prizes (results);
  print_notes (results);
  if (prizes_opt.out != NULL)
    g_print (_("Written to %s\n"), prizes_opt.out);
  return QW_CLI_OK;
}

const QwCliCommand qw_cli_final_commands[] = {
  {
    .name = "teams", .usage = "DOC [--json]", .min_args = 1, .max_args = 1,
    .open = QW_CLI_OPEN_DOCUMENT, .flags = QW_CLI_JSON,
    .handler = cmd_teams,
    .summary = N_("The final’s team rankings: teams by province or unit, the places awarded"),
  },
  {
    .name = "prizes", .usage = "DOC [--json] [--out FILE.xlsx|FILE.csv] [--force]", .min_args = 1, .max_args = 1,
    .open = QW_CLI_OPEN_DOCUMENT, .flags = QW_CLI_JSON | QW_CLI_FORCE, .options = prizes_options, .check = prizes_check,
    .handler = cmd_prizes,
    .summary = N_("The final’s prize list: every event’s places and amounts, and the totals"),
  },
  { NULL },
};
