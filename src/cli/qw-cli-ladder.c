/* qw-cli-ladder.c: ladder, the 2022 championship's online qualification
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdarg.h>

#include "qw-cli.h"
#include "qw-error.h"
#include "qw-ladder.h"
#include "qw-ladder-store.h"

static struct
{
  char *ruleset;
  char *players;
  char *wildcards;
  char *public_list;
} ladder_opt;

static const GOptionEntry ladder_options[] = {
  { "ruleset", 0, 0, G_OPTION_ARG_STRING, &ladder_opt.ruleset, N_("Ruleset id (default qiwang-2022)"), "ID" },
  { "players", 0, 0, G_OPTION_ARG_FILENAME, &ladder_opt.players,
    N_("The players list: account, name, sex, document kind and number, unit or place"), "PLAYERS.csv" },
  { "wildcards", 0, 0, G_OPTION_ARG_FILENAME, &ladder_opt.wildcards,
    N_("The wild cards: account, name, reason"), "WILD.csv" },
  { "public-list", 0, 0, G_OPTION_ARG_FILENAME, &ladder_opt.public_list,
    N_("Write the public list of finalists (documents masked) to this CSV file"), "OUT.csv" },
  { NULL },
};

/* Points: whole numbers as JSON integers. */
static void
set_points (JsonObject *o,
            double      value)
{
  if (value == floor (value) && fabs (value) < 1e15)
    json_object_set_int_member (o, "points", (gint64) value);
  else
    json_object_set_double_member (o, "points", value);
}

static char *
format_points (double value)
{
  if (value == floor (value))
    return g_strdup_printf ("%.0f", value);
  return g_strdup_printf ("%g", value);
}

static JsonArray *
strings_to_json (GPtrArray *strings)
{
  JsonArray *a = json_array_new ();

  for (guint i = 0; i < strings->len; i++)
    json_array_add_string_element (a, g_ptr_array_index (strings, i));
  return a;
}

static JsonObject *
period_to_json (const QwLadderPeriod *p)
{
  JsonObject *o = json_object_new ();
  JsonArray *selection = json_array_new ();
  JsonArray *qualifying = json_array_new ();

  json_object_set_int_member (o, "period", p->number);
  for (guint i = 0; i < p->selection->len; i++)
    {
      const QwLadderRow *r = g_ptr_array_index (p->selection, i);
      JsonObject *row = json_object_new ();

      json_object_set_string_member (row, "player", r->player);
      json_object_set_int_member (row, "games", r->games);
      json_object_set_int_member (row, "wins", r->wins);
      json_object_set_int_member (row, "draws", r->draws);
      json_object_set_int_member (row, "losses", r->losses);
      json_object_set_int_member (row, "left", r->left);
      set_points (row, r->points);
      json_object_set_boolean_member (row, "qualified", r->qualified);
      json_array_add_object_element (selection, row);
    }
  for (guint i = 0; i < p->qualifying->len; i++)
    {
      const QwLadderRow *r = g_ptr_array_index (p->qualifying, i);
      JsonObject *row = json_object_new ();

      json_object_set_int_member (row, "rank", r->rank);
      json_object_set_string_member (row, "player", r->player);
      json_object_set_int_member (row, "games", r->games);
      json_object_set_int_member (row, "wins", r->wins);
      set_points (row, r->points);
      json_object_set_boolean_member (row, "qualified", r->qualified);
      json_array_add_object_element (qualifying, row);
    }
  json_object_set_array_member (o, "selection", selection);
  json_object_set_array_member (o, "qualifying", qualifying);
  return o;
}

/* The contract of issue 12, exactly: the messages and rows of the warnings
 * are in the readable output. */
static JsonObject *
ladder_to_json (const QwLadder *ladder)
{
  JsonObject *o = json_object_new ();
  JsonArray *periods = json_array_new ();
  JsonArray *finalists = json_array_new ();
  JsonArray *warnings = json_array_new ();

  for (guint k = 0; k < ladder->periods->len; k++)
    json_array_add_object_element (periods, period_to_json (g_ptr_array_index (ladder->periods, k)));
  for (guint i = 0; i < ladder->finalists->len; i++)
    json_array_add_string_element (finalists, ((QwLadderFinalist *) g_ptr_array_index (ladder->finalists, i))->account);
  for (guint i = 0; i < ladder->warnings->len; i++)
    {
      const QwLadderWarning *w = g_ptr_array_index (ladder->warnings, i);
      JsonObject *row = json_object_new ();

      json_object_set_string_member (row, "code", qw_ladder_warning_code (w->kind));
      json_object_set_int_member (row, "period", w->period);
      json_object_set_string_member (row, "player", w->player);
      json_array_add_object_element (warnings, row);
    }
  json_object_set_array_member (o, "periods", periods);
  json_object_set_array_member (o, "finalists", finalists);
  json_object_set_array_member (o, "certificate_eligible", strings_to_json (ladder->certificate_eligible));
  json_object_set_array_member (o, "warnings", warnings);
  return o;
}

static const char *
name_of (const QwLadderPlayers *players,
         const char            *account)
{
  const QwLadderPlayer *p = qw_ladder_players_find (players, account);

  return p != NULL ? p->name : "";
}

static char *
count_text (int n)
{
  return g_strdup_printf ("%d", n);
}

/* Adds a row of cells to a table, taking every cell (NULL-terminated). */
static void
add_row (GPtrArray *table,
         char      *first,
         ...)
{
  GPtrArray *row = g_ptr_array_new ();
  va_list ap;

  va_start (ap, first);
  for (char *cell = first; cell != NULL; cell = va_arg (ap, char *))
    g_ptr_array_add (row, cell);
  va_end (ap);
  g_ptr_array_add (row, NULL);
  g_ptr_array_add (table, g_ptr_array_free (row, FALSE));
}

static void
print_period (const QwLadder        *ladder,
              const QwLadderPeriod  *p,
              const QwLadderPlayers *players)
{
  const QwLadderRules *rules = ladder->ruleset->ladder;
  g_autoptr(GPtrArray) selection = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  g_autoptr(GPtrArray) qualifying = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  g_autofree char *threshold = format_points (rules->selection_threshold);
  char from[QW_DATE_ISO_LEN], to[QW_DATE_ISO_LEN];

  if (p->selection->len == 0 && p->qualifying->len == 0)
    {
      g_print (_("Period %d: no games\n\n"), p->number);
      return;
    }
  qw_date_to_iso (p->rule->selection_from, from);
  qw_date_to_iso (p->rule->selection_to, to);
  g_print (_("Period %d\n\n"), p->number);
  g_print (_("Selection, %s to %s: %d of %u players reached %s points\n"), from, to, p->n_selected,
           p->selection->len, threshold);
  add_row (selection, g_strdup (_("Rank")), g_strdup (_("Account")), g_strdup (_("Name")), g_strdup (_("Games")),
           g_strdup (_("Wins")), g_strdup (_("Draws")), g_strdup (_("Losses")), g_strdup (_("Left")),
           g_strdup (_("Points")), g_strdup (_("Selected")), NULL);
  for (guint i = 0; i < p->selection->len; i++)
    {
      const QwLadderRow *r = g_ptr_array_index (p->selection, i);

      add_row (selection, count_text (r->rank), g_strdup (r->player), g_strdup (name_of (players, r->player)),
               count_text (r->games), count_text (r->wins), count_text (r->draws), count_text (r->losses),
               count_text (r->left), format_points (r->points), g_strdup (r->qualified ? _("yes") : ""), NULL);
    }
  qw_cli_print_table (selection);

  qw_date_to_iso (p->rule->qualifying_from, from);
  qw_date_to_iso (p->rule->qualifying_to, to);
  g_print (_("\nQualifying, %s to %s: %d of %u players qualified (top %d)\n"), from, to, p->n_qualified,
           p->qualifying->len, rules->qualifying_places);
  add_row (qualifying, g_strdup (_("Rank")), g_strdup (_("Account")), g_strdup (_("Name")), g_strdup (_("Games")),
           g_strdup (_("Wins")), g_strdup (_("Points")), g_strdup (_("Qualified")), NULL);
  for (guint i = 0; i < p->qualifying->len; i++)
    {
      const QwLadderRow *r = g_ptr_array_index (p->qualifying, i);

      add_row (qualifying, count_text (r->rank), g_strdup (r->player), g_strdup (name_of (players, r->player)),
               count_text (r->games), count_text (r->wins), format_points (r->points),
               g_strdup (r->qualified ? _("yes") : ""), NULL);
    }
  qw_cli_print_table (qualifying);
  g_print ("\n");
}

static void
print_ladder (const QwLadder        *ladder,
              const QwLadderPlayers *players)
{
  const QwLadderRules *rules = ladder->ruleset->ladder;
  g_autoptr(GPtrArray) finalists = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);

  g_print (_("%d games: %d counted, %d void, %d outside their period’s dates\n\n"), ladder->n_games,
           ladder->n_counted, ladder->n_void, ladder->n_outside);
  for (guint k = 0; k < ladder->periods->len; k++)
    print_period (ladder, g_ptr_array_index (ladder->periods, k), players);

  g_print (_("Finalists: %u (%d online, %d wild cards) of %d individual places\n"), ladder->finalists->len,
           ladder->n_online, ladder->n_wildcards, rules->places);
  add_row (finalists, g_strdup (_("No.")), g_strdup (_("Account")), g_strdup (_("Name")), g_strdup (_("Qualified by")),
           NULL);
  for (guint i = 0; i < ladder->finalists->len; i++)
    {
      const QwLadderFinalist *f = g_ptr_array_index (ladder->finalists, i);

      add_row (finalists, count_text ((int) i + 1), g_strdup (f->account), g_strdup (f->name),
               qw_ladder_finalist_qualified_text (f),
               NULL);
    }
  qw_cli_print_table (finalists);

  g_print (_("\nEligible for a grade certificate (%d counted games or more): %u\n"), rules->certificate_games,
           ladder->certificate_eligible->len);
  for (guint i = 0; i < ladder->certificate_eligible->len; i++)
    g_print ("  %s\n", (char *) g_ptr_array_index (ladder->certificate_eligible, i));
  if (ladder->warnings->len > 0)
    g_print (_("\nWarnings:\n"));
  for (guint i = 0; i < ladder->warnings->len; i++)
    g_print ("  %s\n", ((QwLadderWarning *) g_ptr_array_index (ladder->warnings, i))->message);
}

static int
cmd_ladder (QwCliContext *ctx)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwRuleset) ruleset = NULL;
  g_autoptr(QwLadderLog) log = NULL;
  g_autoptr(QwLadderPlayers) players = NULL;
  g_autoptr(GPtrArray) wildcards = NULL;
  g_autoptr(QwLadder) ladder = NULL;

  if (ladder_opt.public_list != NULL)
    {
      const char *inputs[3] = { NULL };
      int n = 0;

      /* Not over a document, nor over the lists being read. */
      if (ladder_opt.players != NULL)
        inputs[n++] = ladder_opt.players;
      if (ladder_opt.wildcards != NULL)
        inputs[n++] = ladder_opt.wildcards;
      if (!qw_cli_check_output_over (ctx, ladder_opt.public_list, inputs, &error))
        return qw_cli_usage_error (ctx, error->message);
    }
  ruleset = qw_ruleset_lookup (ladder_opt.ruleset != NULL ? ladder_opt.ruleset : "qiwang-2022", &error);
  if (ruleset == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  log = qw_ladder_log_read_file (ruleset, ctx->args[0], NULL, &error);
  if (log == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  if (ladder_opt.players != NULL
      && (players = qw_ladder_players_read_file (ladder_opt.players, NULL, &error)) == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  if (ladder_opt.wildcards != NULL
      && (wildcards = qw_ladder_wildcards_read_file (ruleset, ladder_opt.wildcards, NULL, &error)) == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  ladder = qw_ladder_compute (ruleset, log, players, wildcards, &error);
  if (ladder == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  if (ladder_opt.public_list != NULL && !qw_ladder_write_public_list (ladder, ladder_opt.public_list, &error))
    return qw_cli_fail (g_steal_pointer (&error));
  if (ctx->json)
    {
      g_autoptr(JsonObject) o = ladder_to_json (ladder);

      qw_cli_print_json_object (o);
    }
  else
    print_ladder (ladder, players);
  return QW_CLI_OK;
}

/* ----------------------------------------------------------------------- */
/* The ladder kept in a final's document: its finalists and cancellations   */
/* ----------------------------------------------------------------------- */

static struct
{
  char *reason;
  char *kind;
} cancel_opt;

static const GOptionEntry cancel_options[] = {
  { "reason", 0, 0, G_OPTION_ARG_STRING, &cancel_opt.reason, N_("Why, as found (required)"), "TEXT" },
  { "kind", 0, 0, G_OPTION_ARG_STRING, &cancel_opt.kind,
    N_("reported (reported during the public list, found true; the default) or cheating"), "KIND" },
  { NULL },
};

static gboolean
is_cancellation_warning (const QwLadderWarning *w)
{
  return w->kind == QW_LADDER_WARNING_CANCELLED_NOT_FINALIST
         || w->kind == QW_LADDER_WARNING_CANCELLED_IDENTITY_CHANGED;
}

/* Stored cancellations that no longer match a finalist (qw-ladder-cancel.c). */
static JsonArray *
cancellation_warnings_json (const QwLadder *ladder)
{
  JsonArray *list = json_array_new ();

  for (guint i = 0; i < ladder->warnings->len; i++)
    {
      const QwLadderWarning *w = g_ptr_array_index (ladder->warnings, i);
      JsonObject *row;

      if (!is_cancellation_warning (w))
        continue;
      row = json_object_new ();
      json_object_set_string_member (row, "code", qw_ladder_warning_code (w->kind));
      json_object_set_string_member (row, "account", w->player);
      json_object_set_string_member (row, "message", w->message);
      json_array_add_object_element (list, row);
    }
  return list;
}

static JsonObject *
finalists_to_json (const QwLadder *ladder)
{
  JsonObject *o = json_object_new ();
  JsonArray *finalists = json_array_new ();
  JsonArray *cancelled = json_array_new ();

  for (guint i = 0; i < ladder->finalists->len; i++)
    {
      const QwLadderFinalist *f = g_ptr_array_index (ladder->finalists, i);
      JsonObject *row = json_object_new ();

      json_object_set_int_member (row, "number", (gint64) i + 1);
      json_object_set_string_member (row, "account", f->account);
      json_object_set_string_member (row, "name", f->name);
      json_object_set_string_member (row, "via", f->via == QW_LADDER_VIA_WILDCARD ? "wildcard" : "online");
      json_object_set_int_member (row, "period", f->period);
      json_object_set_int_member (row, "rank", f->rank);
      json_array_add_object_element (finalists, row);
    }
  for (guint i = 0; i < ladder->cancelled->len; i++)
    {
      const QwLadderCancelled *c = g_ptr_array_index (ladder->cancelled, i);
      JsonObject *row = json_object_new ();

      json_object_set_string_member (row, "account", c->finalist->account);
      json_object_set_string_member (row, "name", c->finalist->name);
      json_object_set_string_member (row, "reason", c->reason);
      json_object_set_string_member (row, "kind", qw_ladder_cancel_kind_to_code (c->kind));
      json_object_set_int_member (row, "period", c->finalist->period);
      json_object_set_int_member (row, "rank", c->finalist->rank);
      /* No one moves up: the seed has no rule for it (qw-ladder-cancel.c). */
      json_object_set_string_member (row, "place", "empty");
      json_array_add_object_element (cancelled, row);
    }
  json_object_set_array_member (o, "finalists", finalists);
  json_object_set_array_member (o, "cancelled", cancelled);
  json_object_set_array_member (o, "cancellation_warnings", cancellation_warnings_json (ladder));
  json_object_set_int_member (o, "places", ladder->ruleset->ladder->places);
  return o;
}

static void
print_finalists (const QwLadder *ladder)
{
  g_autoptr(GPtrArray) finalists = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  g_autoptr(GPtrArray) cancelled = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);

  g_print (_("Finalists: %u (%d online, %d wild cards) of %d individual places\n"), ladder->finalists->len,
           ladder->n_online, ladder->n_wildcards, ladder->ruleset->ladder->places);
  add_row (finalists, g_strdup (_("No.")), g_strdup (_("Account")), g_strdup (_("Name")), g_strdup (_("Qualified by")),
           NULL);
  for (guint i = 0; i < ladder->finalists->len; i++)
    {
      const QwLadderFinalist *f = g_ptr_array_index (ladder->finalists, i);

      add_row (finalists, count_text ((int) i + 1), g_strdup (f->account), g_strdup (f->name),
               qw_ladder_finalist_qualified_text (f),
               NULL);
    }
  qw_cli_print_table (finalists);
  for (guint i = 0; i < ladder->warnings->len; i++)
    {
      const QwLadderWarning *w = g_ptr_array_index (ladder->warnings, i);

      if (is_cancellation_warning (w))
        g_print (_("Warning: %s\n"), w->message);
    }
  if (ladder->cancelled->len == 0)
    return;
  g_print (_("\nQualifications cancelled: %u\n"), ladder->cancelled->len);
  add_row (cancelled, g_strdup (_("Account")), g_strdup (_("Name")), g_strdup (_("Qualified by")),
           g_strdup (_("Kind")), g_strdup (_("Reason")), g_strdup (_("Final place")), NULL);
  for (guint i = 0; i < ladder->cancelled->len; i++)
    {
      const QwLadderCancelled *c = g_ptr_array_index (ladder->cancelled, i);
      const QwLadderFinalist *f = c->finalist;

      add_row (cancelled, g_strdup (f->account), g_strdup (f->name),
               qw_ladder_finalist_qualified_text (f),
               g_strdup (qw_ladder_cancel_kind_to_chinese (c->kind)), g_strdup (c->reason),
               g_strdup (qw_ladder_cancelled_place_text ()), NULL);
    }
  qw_cli_print_table (cancelled);
}

static int
show_finalists (QwCliContext *ctx)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwLadderStored) stored = qw_ladder_store_load (ctx->doc, ctx->ruleset, &error);

  if (stored == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  if (stored->ladder == NULL)
    return qw_cli_fail (g_error_new (QW_ERROR, QW_ERROR_INVALID,
                                     _("There are no finalists yet: import the ladder’s game log first")));
  if (ctx->json)
    {
      g_autoptr(JsonObject) o = finalists_to_json (stored->ladder);

      qw_cli_print_json_object (o);
    }
  else
    print_finalists (stored->ladder);
  return QW_CLI_OK;
}

static int
cmd_ladder_finalists (QwCliContext *ctx)
{
  return show_finalists (ctx);
}

static int
cmd_ladder_cancel (QwCliContext *ctx)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *account = NULL;
  QwLadderCancelKind kind = QW_LADDER_CANCEL_REPORTED;

  if (cancel_opt.kind != NULL && !qw_ladder_cancel_kind_from_code (cancel_opt.kind, &kind))
    {
      g_autofree char *message = g_strdup_printf (_("Unknown --kind %s: reported or cheating"), cancel_opt.kind);

      return qw_cli_usage_error (ctx, message);
    }
  if (!qw_ladder_store_cancel (ctx->doc, ctx->ruleset, ctx->args[0], kind, cancel_opt.reason, &account, &error))
    return qw_cli_fail (g_steal_pointer (&error));
  if (!ctx->json)
    g_print (_("The qualification of %s is cancelled; no one moves up: %s\n\n"), account,
             qw_ladder_cancelled_place_text ());
  return show_finalists (ctx);
}

const QwCliCommand qw_cli_ladder_commands[] = {
  {
    .name = "ladder",
    .usage = "GAMES.csv|GAMES.xlsx [--ruleset ID] [--players PLAYERS.csv] [--wildcards WILD.csv] "
             "[--public-list OUT.csv] [--force] [--json]",
    .min_args = 1, .max_args = 1, .open = QW_CLI_OPEN_NOTHING, .flags = QW_CLI_JSON | QW_CLI_FORCE,
    .options = ladder_options,
    .handler = cmd_ladder,
    .summary = N_("The online ladder: every period’s standings, the finalists and the certificates"),
  },
  {
    .name = "ladder-finalists", .usage = "DOC [--json]", .min_args = 1, .max_args = 1,
    .open = QW_CLI_OPEN_STOP, .flags = QW_CLI_JSON,
    .handler = cmd_ladder_finalists,
    .summary = N_("The finalists of the ladder kept in a final’s document, and the qualifications cancelled"),
  },
  {
    .name = "ladder-cancel", .usage = "DOC FINALIST --reason TEXT [--kind reported|cheating] [--json]",
    .min_args = 2, .max_args = 2, .open = QW_CLI_OPEN_STOP, .flags = QW_CLI_JSON, .options = cancel_options,
    .handler = cmd_ladder_cancel,
    .summary = N_("Cancel a finalist’s qualification (by account or number), with the reason found"),
  },
  { NULL },
};
