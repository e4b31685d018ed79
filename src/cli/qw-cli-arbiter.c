/* qw-cli-arbiter.c: the rest of an arbiter's day from the command line
 *
 * withdraw, reinstate, absent, seeding, admit, exclude, include, allow,
 * swap, repair, check, log, sections and settings (qw-cli-play.c has the
 * pairing, the results and the lists).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "qw-cli.h"
#include "qw-error.h"
#include "qw-tournament.h"
#include "qw-tiebreak.h"

/* admit, exclude, include */

static char *admit_missed;

static const GOptionEntry admit_options[] = {
  { "missed-points", 0, 0, G_OPTION_ARG_STRING, &admit_missed,
    N_("Points for each missed round (default 0), or one value per round: 0,1,0"), "P" },
  { NULL },
};

static gboolean
parse_points (const char  *text,
              GArray      *out,
              GError     **error)
{
  g_auto(GStrv) parts = g_strsplit (text, ",", -1);

  for (guint i = 0; parts[i] != NULL; i++)
    {
      char *end = NULL;
      double v = g_ascii_strtod (g_strstrip (parts[i]), &end);

      if (parts[i][0] == '\0' || end == NULL || *end != '\0')
        {
          g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                       _("--missed-points is a number of points, or one for each missed round (0,1,0), not “%s”"),
                       text);
          return FALSE;
        }
      g_array_append_val (out, v);
    }
  return TRUE;
}

static int
cmd_admit (QwCliContext *ctx)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) points = g_array_new (FALSE, FALSE, sizeof (double));
  QwEntry *e;

  if (admit_missed != NULL && !parse_points (admit_missed, points, &error))
    return qw_cli_usage_error (ctx, error->message);
  if ((e = qw_cli_entry_by_no_text (ctx, ctx->args[0], &error)) == NULL
      || !qw_pair_gate_admit (ctx->doc, ctx->section, e->id, (const double *) points->data, points->len, &error))
    return qw_cli_fail (g_steal_pointer (&error));
  return QW_CLI_OK;
}

static int
cmd_exclude (QwCliContext *ctx)
{
  g_autoptr(GError) error = NULL;
  QwEntry *e;

  if ((e = qw_cli_entry_by_no_text (ctx, ctx->args[0], &error)) == NULL
      || !qw_pair_gate_exclude (ctx->doc, ctx->section, e->id, &error))
    return qw_cli_fail (g_steal_pointer (&error));
  return QW_CLI_OK;
}

static int
cmd_include (QwCliContext *ctx)
{
  g_autoptr(GError) error = NULL;
  QwEntry *e;

  if ((e = qw_cli_entry_by_no_text (ctx, ctx->args[0], &error)) == NULL
      || !qw_pair_gate_include (ctx->doc, ctx->section, e->id, &error))
    return qw_cli_fail (g_steal_pointer (&error));
  return QW_CLI_OK;
}

static int
cmd_allow (QwCliContext *ctx)
{
  g_autoptr(GError) error = NULL;
  QwEntry *e;

  if ((e = qw_cli_entry_by_no_text (ctx, ctx->args[0], &error)) == NULL
      || !qw_pair_gate_allow (ctx->doc, ctx->section, e->id, &error))
    return qw_cli_fail (g_steal_pointer (&error));
  return QW_CLI_OK;
}

/* withdraw, reinstate */

static int
withdrawal (QwCliContext *ctx,
            gboolean      withdraw)
{
  g_autoptr(GError) error = NULL;
  QwEntry *e;

  if ((e = qw_cli_entry_by_no_text (ctx, ctx->args[0], &error)) == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  if (!(withdraw ? qw_tournament_withdraw : qw_tournament_reinstate) (ctx->doc, ctx->section, e->id, &error))
    return qw_cli_fail (g_steal_pointer (&error));
  return QW_CLI_OK;
}

static int
cmd_withdraw (QwCliContext *ctx)
{
  return withdrawal (ctx, TRUE);
}

static int
cmd_reinstate (QwCliContext *ctx)
{
  return withdrawal (ctx, FALSE);
}

/* absent (请假) */

static gboolean absent_cancel;

static const GOptionEntry absent_options[] = {
  { "cancel", 0, 0, G_OPTION_ARG_NONE, &absent_cancel, N_("Take the absence back: the player is paired again"),
    NULL },
  { NULL },
};

static int
cmd_absent (QwCliContext *ctx)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *who = NULL;
  QwEntry *e;
  int round;

  if ((e = qw_cli_entry_by_no_text (ctx, ctx->args[0], &error)) == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  who = qw_cli_player_cell (ctx, e->id);
  if (absent_cancel)
    {
      if (!qw_tournament_cancel_absence (ctx->doc, ctx->section, e->id, &error))
        return qw_cli_fail (g_steal_pointer (&error));
      g_print (_("%s is paired again from the next round\n"), who);
      return QW_CLI_OK;
    }
  if ((round = qw_tournament_set_absent (ctx->doc, ctx->section, e->id, &error)) == 0)
    return qw_cli_fail (g_steal_pointer (&error));
  g_print (_("%s is absent (请假) in round %d: not paired, no points\n"), who, round);
  return QW_CLI_OK;
}

/* seeding */

static JsonObject *
seeding_to_json (const QwSeeding *seeding)
{
  JsonObject *o = json_object_new ();
  JsonArray *players = json_array_new ();

  json_object_set_string_member (o, "method", seeding->method);
  /* Seeds are drawn below 2^53; one stored by an older version may not fit
   * a JSON integer, and is then written as its decimal text. */
  if (seeding->lottery_seed <= G_MAXINT64)
    json_object_set_int_member (o, "lottery_seed", (gint64) seeding->lottery_seed);
  else
    {
      g_autofree char *text = g_strdup_printf ("%" G_GUINT64_FORMAT, seeding->lottery_seed);

      json_object_set_string_member (o, "lottery_seed", text);
    }
  for (guint i = 0; i < seeding->players->len; i++)
    {
      const QwSeed *p = g_ptr_array_index (seeding->players, i);
      JsonObject *po = json_object_new ();

      json_object_set_int_member (po, "seed", p->seed);
      json_object_set_int_member (po, "no", p->no);
      json_object_set_string_member (po, "name", p->name);
      if (p->rating > 0)
        json_object_set_int_member (po, "rating", p->rating);
      else
        json_object_set_null_member (po, "rating");
      json_object_set_string_member (po, "grade", *p->grade != '\0' ? p->grade : NULL);
      json_array_add_object_element (players, po);
    }
  json_object_set_array_member (o, "players", players);
  return o;
}

static void
print_seeding_table (const QwSeeding *seeding)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  g_autofree char *seed = g_strdup_printf ("%" G_GUINT64_FORMAT, seeding->lottery_seed);

  g_print (_("Starting ranks (种子排序): %s; lottery seed (抽签种子): %s\n"),
           qw_seeding_method_label (seeding->method), seed);
  g_ptr_array_add (rows, g_strdupv ((char *[]) { _("Seed"), _("No."), _("Name"), _("Unit"), _("Grade"),
                                                 _("Rating"), (char *) "", NULL }));
  for (guint i = 0; i < seeding->players->len; i++)
    {
      const QwSeed *p = g_ptr_array_index (seeding->players, i);
      g_autofree char *k = g_strdup_printf ("%d", p->seed);
      g_autofree char *no = g_strdup_printf ("%d", p->no);
      g_autofree char *rating = p->rating > 0 ? g_strdup_printf ("%d", p->rating) : g_strdup ("");

      g_ptr_array_add (rows, g_strdupv ((char *[]) { k, no, p->name, p->unit, p->grade, rating,
                                                     p->by_lot ? _("by lot") : (char *) "", NULL }));
    }
  qw_cli_print_table (rows);
}

static int
cmd_seeding (QwCliContext *ctx)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwSeeding) seeding = NULL;

  /* Before round 1 the lots are drawn now, so that the list shown is the
   * one round 1 uses. */
  if (qw_document_last_round (ctx->doc, ctx->section->id) == 0 && ctx->section->settings.lottery_seed == 0)
    {
      QwSection *stored = NULL;
      guint64 seed = qw_tournament_draw_lots (ctx->doc, ctx->section, &stored, &error);
      g_autofree char *text = NULL;

      if (seed == 0)
        return qw_cli_fail (g_steal_pointer (&error));
      qw_section_free (ctx->section);
      ctx->section = stored;
      text = g_strdup_printf ("%" G_GUINT64_FORMAT, seed);
      g_printerr (_("Lots drawn for group %s: lottery seed %s\n"), ctx->section->code, text);
    }
  if ((seeding = qw_tournament_seeding (ctx->doc, ctx->section, &error)) == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  if (ctx->json)
    {
      g_autoptr(JsonObject) o = seeding_to_json (seeding);

      qw_cli_print_json_object (o);
    }
  else
    print_seeding_table (seeding);
  return QW_CLI_OK;
}

/* swap, repair, check */

static int
print_warnings (GPtrArray *warnings)
{
  for (guint i = 0; i < warnings->len; i++)
    g_print (_("Warning: %s\n"), (char *) g_ptr_array_index (warnings, i));
  return QW_CLI_OK;
}

/* ROUND NO NO */
static int
cmd_swap (QwCliContext *ctx)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) warnings = NULL;
  QwEntry *a, *b;

  if ((a = qw_cli_entry_by_no_text (ctx, ctx->args[1], &error)) == NULL
      || (b = qw_cli_entry_by_no_text (ctx, ctx->args[2], &error)) == NULL
      || (warnings = qw_tournament_swap_players (ctx->doc, ctx->section, ctx->round, a->id, b->id, &error)) == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  return print_warnings (warnings);
}

/* ROUND BOARD RED [BLACK] */
static int
cmd_repair (QwCliContext *ctx)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) warnings = NULL;
  QwEntry *red, *black = NULL;

  if ((red = qw_cli_entry_by_no_text (ctx, ctx->args[2], &error)) == NULL
      || (ctx->n_args == 4 && (black = qw_cli_entry_by_no_text (ctx, ctx->args[3], &error)) == NULL)
      || (warnings = qw_tournament_repair_board (ctx->doc, ctx->section, ctx->round, ctx->board, red->id,
                                                 black != NULL ? black->id : 0, &error)) == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  return print_warnings (warnings);
}

static int
cmd_check (QwCliContext *ctx)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) warnings = NULL;

  if ((warnings = qw_tournament_check_round (ctx->doc, ctx->section, ctx->round, &error)) == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  if (warnings->len == 0)
    g_print (_("Round %d keeps every rule.\n"), ctx->round);
  return print_warnings (warnings);
}

static int
cmd_log (QwCliContext *ctx)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) lines = NULL;

  if ((lines = qw_document_list_arbiter_log (ctx->doc, ctx->section->id, &error)) == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  for (guint i = 0; i < lines->len; i++)
    {
      QwRoundLogLine *line = g_ptr_array_index (lines, i);

      g_print ("%s  %s\n", line->at, line->message);
    }
  return QW_CLI_OK;
}

/* sections, settings */

static void
print_section (QwCliContext    *ctx,
               const QwSection *s)
{
  g_autofree char *settings = qw_section_settings_to_text (&s->settings);
  g_autoptr(GPtrArray) entries = qw_document_list_section_entries (ctx->doc, s, NULL);

  g_print ("%s  %s  %s  ", s->code, s->name, qw_system_to_code (s->system));
  g_print (_("%d rounds (%d paired), %u players\n"), qw_tournament_total_rounds (ctx->doc, s),
           s->id != 0 ? qw_document_last_round (ctx->doc, s->id) : 0, entries != NULL ? entries->len : 0);
  g_print ("%s", settings);
}

static int
cmd_sections (QwCliContext *ctx)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) sections = NULL;

  if ((sections = qw_document_list_sections (ctx->doc, ctx->event->id, &error)) == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  for (guint i = 0; i < sections->len; i++)
    {
      if (i > 0)
        g_print ("\n");
      print_section (ctx, g_ptr_array_index (sections, i));
    }
  return QW_CLI_OK;
}

/* "system", "rounds" and "name" are the section's own fields; anything else
 * is a setting. */
static gboolean
apply_setting (QwSection   *section,
               const char  *assignment,
               GError     **error)
{
  g_auto(GStrv) kv = g_strsplit (assignment, "=", 2);

  if (kv[0] == NULL || kv[1] == NULL)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("Settings are written KEY=VALUE, not “%s”"), assignment);
      return FALSE;
    }
  if (g_str_equal (kv[0], "system"))
    {
      if (qw_system_from_code (kv[1], &section->system))
        return TRUE;
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("system is swiss, round-robin or knockout, not “%s”"), kv[1]);
      return FALSE;
    }
  if (g_str_equal (kv[0], "rounds"))
    return qw_cli_parse_count (kv[1], "rounds", 1, 99, &section->rounds, error);
  if (g_str_equal (kv[0], "name"))
    {
      g_free (section->name);
      section->name = g_strdup (kv[1]);
      return TRUE;
    }
  return qw_section_settings_set (&section->settings, kv[0], kv[1], error);
}

/* [KEY=VALUE…] */
static int
cmd_settings (QwCliContext *ctx)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *chain = NULL;

  for (int i = 0; i < ctx->n_args; i++)
    if (!apply_setting (ctx->section, ctx->args[i], &error))
      return qw_cli_usage_error (ctx, error->message);
  chain = g_strdup (ctx->section->settings.tiebreaks);
  if (ctx->n_args > 0)
    {
      QwSection *stored = NULL;

      if (!qw_tournament_update_section (ctx->doc, ctx->section, &stored, &error))
        return qw_cli_fail (g_steal_pointer (&error));
      qw_section_free (ctx->section);
      ctx->section = stored;
    }
  /* A new system brings its tie-breaks (unless the chain is the arbiter's own). */
  if (g_strcmp0 (chain, ctx->section->settings.tiebreaks) != 0)
    {
      const char *preset = qw_tiebreak_preset_for_chain (ctx->section->settings.tiebreaks);

      g_printerr (_("The tie-breaks follow the system: %s (%s)\n"), qw_tiebreak_preset_label (preset),
                  ctx->section->settings.tiebreaks);
    }
  print_section (ctx, ctx->section);
  qw_cli_print_field_warning (ctx);
  return QW_CLI_OK;
}

const QwCliCommand qw_cli_arbiter_commands[] = {
  {
    .name = "withdraw", .usage = "DOC GROUP NO", .min_args = 3, .max_args = 3, .open = QW_CLI_OPEN_SECTION,
    .handler = cmd_withdraw, .summary = N_("A player withdraws (退赛): not paired any more"),
  },
  {
    .name = "reinstate", .usage = "DOC GROUP NO", .min_args = 3, .max_args = 3, .open = QW_CLI_OPEN_SECTION,
    .handler = cmd_reinstate, .summary = N_("Take back a withdrawal"),
  },
  {
    .name = "absent", .usage = "DOC GROUP NO [--cancel]", .min_args = 3, .max_args = 3, .open = QW_CLI_OPEN_SECTION,
    .options = absent_options,
    .handler = cmd_absent, .summary = N_("A player is absent (请假) from the next round only: not paired, no points"),
  },
  {
    .name = "seeding", .usage = "DOC GROUP [--json]", .min_args = 2, .max_args = 2,
    .open = QW_CLI_OPEN_SECTION_STORED, .flags = QW_CLI_JSON,
    .handler = cmd_seeding,
    .summary = N_("The starting-rank list (种子排序) with the draw method and the lottery seed; before round 1 "
                  "it draws the lots"),
  },
  {
    .name = "admit", .usage = "DOC GROUP NO [--missed-points P]", .min_args = 3, .max_args = 3,
    .open = QW_CLI_OPEN_SECTION, .options = admit_options,
    .handler = cmd_admit, .summary = N_("Admit a late entry (迟到报名), with the points of the rounds it missed"),
  },
  {
    .name = "exclude", .usage = "DOC GROUP NO", .min_args = 3, .max_args = 3, .open = QW_CLI_OPEN_SECTION,
    .handler = cmd_exclude, .summary = N_("Exclude an entry (不具备参赛资格): it is not paired (logged)"),
  },
  {
    .name = "include", .usage = "DOC GROUP NO", .min_args = 3, .max_args = 3, .open = QW_CLI_OPEN_SECTION,
    .handler = cmd_include, .summary = N_("Take back an exclusion"),
  },
  {
    .name = "allow", .usage = "DOC GROUP NO", .min_args = 3, .max_args = 3, .open = QW_CLI_OPEN_SECTION,
    .handler = cmd_allow,
    .summary = N_("Let an entry with a blocking problem be paired anyway (logged; not asked again)"),
  },
  {
    .name = "swap", .usage = "DOC GROUP ROUND NO NO", .min_args = 5, .max_args = 5, .open = QW_CLI_OPEN_SECTION,
    .handler = cmd_swap, .summary = N_("Swap two players in the last round (checked, logged)"),
  },
  {
    .name = "repair", .usage = "DOC GROUP ROUND BOARD RED [BLACK]", .min_args = 5, .max_args = 6,
    .open = QW_CLI_OPEN_SECTION,
    .handler = cmd_repair, .summary = N_("Re-pair a board of the last round (checked, logged)"),
  },
  {
    .name = "check", .usage = "DOC GROUP ROUND", .min_args = 3, .max_args = 3, .open = QW_CLI_OPEN_SECTION,
    .handler = cmd_check, .summary = N_("List the rules a round breaks"),
  },
  {
    .name = "log", .usage = "DOC GROUP", .min_args = 2, .max_args = 2, .open = QW_CLI_OPEN_SECTION,
    .handler = cmd_log, .summary = N_("The arbiter’s changes to a group"),
  },
  {
    .name = "sections", .usage = "DOC", .min_args = 1, .max_args = 1, .open = QW_CLI_OPEN_STOP,
    .handler = cmd_sections, .summary = N_("The groups as played, with their settings"),
  },
  {
    .name = "settings", .usage = "DOC GROUP [KEY=VALUE...]", .min_args = 2, .max_args = -1,
    .open = QW_CLI_OPEN_SECTION_TO_CHANGE,
    .handler = cmd_settings, .summary = N_("Show or change a group’s settings"),
  },
  { NULL },
};
