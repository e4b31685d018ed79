/* qw-cli-venue.c: device, devices --log, checkin, round-entry, round-clock
 * (issue 20: the venue, both ways; the service is publish/qw-venue.h)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <stdlib.h>
#include <string.h>

#include "qw-cli.h"
#include "qw-error.h"
#include "qw-venue.h"

/* device DOC add|list|revoke */

static struct
{
  char  *name;
  char  *role;
  char **groups;
  char  *boards;
} device_opt;

static const GOptionEntry device_options[] = {
  { "name", 0, 0, G_OPTION_ARG_STRING, &device_opt.name, N_("add: the device's name (e.g. 裁判1)"), "NAME" },
  { "role", 0, 0, G_OPTION_ARG_STRING, &device_opt.role, N_("add: arbiter, checkin or screen"), "ROLE" },
  { "group", 0, 0, G_OPTION_ARG_STRING_ARRAY, &device_opt.groups,
    N_("add: a group of its scope (repeat for more; none: every group)"), "CODE" },
  { "boards", 0, 0, G_OPTION_ARG_STRING, &device_opt.boards, N_("add: an arbiter's boards, e.g. 1-10"), "A-B" },
  { NULL },
};

static gboolean
parse_boards (const char  *text,
              int         *from,
              int         *to,
              GError     **error)
{
  g_auto(GStrv) parts = NULL;

  *from = *to = 0;
  if (text == NULL)
    return TRUE;
  parts = g_strsplit (text, "-", 3);
  if (g_strv_length (parts) == 2 && qw_cli_parse_count (parts[0], "--boards", 1, 100000, from, NULL)
      && qw_cli_parse_count (parts[1], "--boards", 1, 100000, to, NULL) && *from <= *to)
    return TRUE;
  g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("--boards must be a range A-B with 1 ≤ A ≤ B, not “%s”"), text);
  return FALSE;
}

static gboolean
device_check (QwCliContext  *ctx,
              GError       **error)
{
  const char *action = ctx->n_args > 0 ? ctx->args[0] : "";
  QwDeviceRole role;
  int from, to;

  if (g_str_equal (action, "add"))
    {
      if (ctx->n_args != 1 || device_opt.name == NULL || device_opt.role == NULL)
        {
          g_set_error_literal (error, QW_ERROR, QW_ERROR_INVALID, _("device add needs --name and --role"));
          return FALSE;
        }
      if (!qw_device_role_from_code (device_opt.role, &role))
        {
          g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("--role must be arbiter, checkin or screen, not “%s”"),
                       device_opt.role);
          return FALSE;
        }
      return parse_boards (device_opt.boards, &from, &to, error);
    }
  if (g_str_equal (action, "list") && ctx->n_args == 1)
    return TRUE;
  if (g_str_equal (action, "revoke") && ctx->n_args == 2)
    return TRUE;
  g_set_error_literal (error, QW_ERROR, QW_ERROR_INVALID, _("device DOC add|list|revoke ID"));
  return FALSE;
}

static JsonNode *
boards_json (const QwDevice *d)
{
  JsonArray *range;

  if (d->board_from == 0 && d->board_to == 0)
    return json_node_new (JSON_NODE_NULL);
  range = json_array_new ();
  json_array_add_int_element (range, d->board_from);
  json_array_add_int_element (range, d->board_to);
  return json_node_init_array (json_node_alloc (), range);
}

static JsonObject *
device_json (const QwDevice *d)
{
  JsonObject *o = json_object_new ();
  JsonArray *groups = json_array_new ();

  for (guint i = 0; d->groups != NULL && d->groups[i] != NULL; i++)
    json_array_add_string_element (groups, d->groups[i]);
  json_object_set_int_member (o, "id", d->id);
  json_object_set_string_member (o, "name", d->name);
  json_object_set_string_member (o, "role", qw_device_role_to_code (d->role));
  json_object_set_array_member (o, "groups", groups);
  json_object_set_member (o, "boards", boards_json (d));
  return o;
}

static char *
scope_text (const QwDevice *d)
{
  g_autofree char *groups = d->groups != NULL && d->groups[0] != NULL ? g_strjoinv (",", d->groups)
                                                                      : g_strdup (_("every group"));

  if (d->board_from == 0)
    return g_steal_pointer (&groups);
  return g_strdup_printf (_("%s, boards %d-%d"), groups, d->board_from, d->board_to);
}

static int
device_add (QwCliContext *ctx)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDevice) device = NULL;
  g_autofree char *token = NULL, *join = NULL;
  QwDeviceRole role = QW_DEVICE_SCREEN;
  int from = 0, to = 0;

  qw_device_role_from_code (device_opt.role, &role);
  parse_boards (device_opt.boards, &from, &to, NULL);
  device = qw_venue_add_device (ctx->doc, device_opt.name, role, (const char * const *) device_opt.groups, from, to,
                                &token, &error);
  if (device == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  join = qw_venue_join_path (token);
  if (ctx->json)
    {
      g_autoptr(JsonObject) o = device_json (device);

      json_object_set_string_member (o, "token", token);
      json_object_set_string_member (o, "join", join);
      qw_cli_print_json_object (o);
    }
  else
    {
      g_autofree char *scope = scope_text (device);
      g_autofree char *id = g_strdup_printf ("%" G_GINT64_FORMAT, device->id);

      g_print (_("Device %s “%s” (%s; %s) added.\n"), id, device->name, qw_device_role_to_code (device->role), scope);
      g_print (_("Join link (shown only now; open it on the device, on the venue server's address): %s\n"), join);
      g_print (_("Token for scripts (Authorization: Bearer): %s\n"), token);
    }
  return QW_CLI_OK;
}

static int
device_list (QwCliContext *ctx)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) devices = qw_venue_list_devices (ctx->doc, &error);
  g_autoptr(JsonArray) array = json_array_new ();
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);

  if (devices == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  g_ptr_array_add (rows, g_strdupv ((char *[]) { _("ID"), _("Name"), _("Role"), _("Scope"), _("State"),
                                                 _("Last contact"), _("Entries"), NULL }));
  for (guint i = 0; i < devices->len; i++)
    {
      const QwDevice *d = g_ptr_array_index (devices, i);
      JsonObject *o = device_json (d);
      g_autofree char *id = g_strdup_printf ("%" G_GINT64_FORMAT, d->id);
      g_autofree char *entries = g_strdup_printf ("%d", d->entries);
      g_autofree char *scope = scope_text (d);

      json_object_set_boolean_member (o, "revoked", d->revoked);
      json_object_set_string_member (o, "last_seen", d->last_seen);
      json_object_set_int_member (o, "entries", d->entries);
      json_array_add_object_element (array, o);
      g_ptr_array_add (rows, g_strdupv ((char *[]) {
        id, d->name, (char *) qw_device_role_to_code (d->role), scope,
        d->revoked ? _("revoked") : d->joined ? _("joined") : _("not joined yet"),
        d->last_seen != NULL ? d->last_seen : (char *) "—", entries, NULL }));
    }
  if (ctx->json)
    qw_cli_print_json_array (array);
  else
    qw_cli_print_table (rows);
  return QW_CLI_OK;
}

static int
device_revoke (QwCliContext *ctx)
{
  g_autoptr(GError) error = NULL;
  int id = 0;

  if (!qw_cli_parse_count (ctx->args[1], "ID", 1, G_MAXINT, &id, &error))
    return qw_cli_usage_error (ctx, error->message);
  if (!qw_venue_revoke_device (ctx->doc, id, &error))
    return qw_cli_fail (g_steal_pointer (&error));
  g_print (_("Device %d revoked: its link, its token and its sessions no longer work.\n"), id);
  return QW_CLI_OK;
}

static int
cmd_device (QwCliContext *ctx)
{
  if (g_str_equal (ctx->args[0], "add"))
    return device_add (ctx);
  if (g_str_equal (ctx->args[0], "list"))
    return device_list (ctx);
  return device_revoke (ctx);
}

/* devices DOC --log */

static gboolean devices_log;

static const GOptionEntry devices_options[] = {
  { "log", 0, 0, G_OPTION_ARG_NONE, &devices_log, N_("The log of every write asked by a device"), NULL },
  { NULL },
};

static gboolean
devices_check (QwCliContext  *ctx,
               GError       **error)
{
  if (devices_log)
    return TRUE;
  g_set_error_literal (error, QW_ERROR, QW_ERROR_INVALID, _("devices DOC --log [--json]"));
  return FALSE;
}

static int
cmd_devices (QwCliContext *ctx)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) lines = qw_venue_list_log (ctx->doc, &error);
  g_autoptr(JsonArray) array = json_array_new ();
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);

  if (lines == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  g_ptr_array_add (rows, g_strdupv ((char *[]) { _("Time"), _("Device"), _("Address"), _("Action"), _("Group"),
                                                 _("Round"), _("Board"), _("Result"), _("Outcome"), NULL }));
  for (guint i = 0; i < lines->len; i++)
    {
      const QwDeviceLogLine *l = g_ptr_array_index (lines, i);
      JsonObject *o = json_object_new ();
      g_autofree char *round = l->round > 0 ? g_strdup_printf ("%d", l->round) : g_strdup ("");
      g_autofree char *board = l->board > 0 ? g_strdup_printf ("%d", l->board) : g_strdup ("");

      json_object_set_string_member (o, "time", l->time);
      json_object_set_string_member (o, "device", l->device);
      json_object_set_string_member (o, "address", l->address);
      json_object_set_string_member (o, "action", l->action);
      json_object_set_string_member (o, "group", *l->group != '\0' ? l->group : NULL);
      if (l->round > 0)
        json_object_set_int_member (o, "round", l->round);
      else
        json_object_set_null_member (o, "round");
      if (l->board > 0)
        json_object_set_int_member (o, "board", l->board);
      else
        json_object_set_null_member (o, "board");
      json_object_set_string_member (o, "result", *l->result != '\0' ? l->result : NULL);
      json_object_set_string_member (o, "outcome", l->outcome);
      json_array_add_object_element (array, o);
      g_ptr_array_add (rows, g_strdupv ((char *[]) { l->time, l->device, l->address, l->action, l->group, round,
                                                     board, l->result, l->outcome, NULL }));
    }
  if (ctx->json)
    qw_cli_print_json_array (array);
  else
    qw_cli_print_table (rows);
  return QW_CLI_OK;
}

/* checkin DOC GROUP NO [--cancel] */

static gboolean checkin_cancel;

static const GOptionEntry checkin_options[] = {
  { "cancel", 0, 0, G_OPTION_ARG_NONE, &checkin_cancel, N_("Take the check-in back"), NULL },
  { NULL },
};

static int
cmd_checkin (QwCliContext *ctx)
{
  g_autoptr(GError) error = NULL;
  guint total = 0, here;
  int no = 0;

  if (!qw_cli_parse_count (ctx->args[1], "NO", 1, G_MAXINT, &no, &error))
    return qw_cli_usage_error (ctx, error->message);
  if (!qw_venue_set_present (ctx->doc, ctx->args[0], no, !checkin_cancel, &error))
    return qw_cli_fail (g_steal_pointer (&error));
  here = qw_venue_count_present (ctx->doc, ctx->args[0], &total, NULL);
  g_print (checkin_cancel ? _("No. %d of group %s: check-in cancelled (%u of %u present)\n")
                          : _("No. %d of group %s: present (%u of %u present)\n"), no, ctx->args[0], here, total);
  return QW_CLI_OK;
}

/* round-entry DOC GROUP ROUND --close|--open, round-clock DOC GROUP ROUND */

static gboolean entry_close, entry_open;

static const GOptionEntry round_entry_options[] = {
  { "close", 0, 0, G_OPTION_ARG_NONE, &entry_close, N_("Close result entry from devices for the round"), NULL },
  { "open", 0, 0, G_OPTION_ARG_NONE, &entry_open, N_("Open it again"), NULL },
  { NULL },
};

static gboolean
round_entry_check (QwCliContext  *ctx,
                   GError       **error)
{
  if (entry_close != entry_open)
    return TRUE;
  g_set_error_literal (error, QW_ERROR, QW_ERROR_INVALID, _("Give one of --close and --open"));
  return FALSE;
}

static int
cmd_round_entry (QwCliContext *ctx)
{
  g_autoptr(GError) error = NULL;

  if (!qw_venue_set_entry_closed (ctx->doc, ctx->args[0], ctx->round, entry_close, &error))
    return qw_cli_fail (g_steal_pointer (&error));
  g_print (entry_close ? _("Result entry from devices for round %d of group %s is closed.\n")
                       : _("Result entry from devices for round %d of group %s is open.\n"), ctx->round, ctx->args[0]);
  return QW_CLI_OK;
}

static char *clock_start, *clock_end;

static const GOptionEntry round_clock_options[] = {
  { "start", 0, 0, G_OPTION_ARG_STRING, &clock_start, N_("When the round starts (HH:MM); none: cleared"), "TIME" },
  { "end", 0, 0, G_OPTION_ARG_STRING, &clock_end, N_("When the round ends (HH:MM); none: cleared"), "TIME" },
  { NULL },
};

static int
cmd_round_clock (QwCliContext *ctx)
{
  g_autoptr(GError) error = NULL;

  if (!qw_venue_set_round_clock (ctx->doc, ctx->args[0], ctx->round, clock_start, clock_end, &error))
    return qw_cli_fail (g_steal_pointer (&error));
  g_print (_("Round %d of group %s: start %s, end %s.\n"), ctx->round, ctx->args[0],
           clock_start != NULL ? clock_start : "—", clock_end != NULL ? clock_end : "—");
  return QW_CLI_OK;
}

const QwCliCommand qw_cli_venue_commands[] = {
  {
    .name = "device",
    .usage = "DOC add --name NAME --role arbiter|checkin|screen [--group CODE]... [--boards A-B] [--json] "
             "| DOC list [--json] | DOC revoke ID",
    .min_args = 2, .max_args = 3, .open = QW_CLI_OPEN_DOCUMENT, .flags = QW_CLI_JSON,
    .options = device_options, .check = device_check, .handler = cmd_device,
    .summary = N_("Add, list or revoke a device of the venue (a phone, a door's tablet, a screen)"),
  },
  {
    .name = "devices", .usage = "DOC --log [--json]", .min_args = 1, .max_args = 1,
    .open = QW_CLI_OPEN_DOCUMENT, .flags = QW_CLI_JSON, .options = devices_options, .check = devices_check,
    .handler = cmd_devices, .summary = N_("The log of the devices' writes"),
  },
  {
    .name = "checkin", .usage = "DOC GROUP NO [--cancel]", .min_args = 3, .max_args = 3,
    .open = QW_CLI_OPEN_DOCUMENT, .options = checkin_options, .handler = cmd_checkin,
    .summary = N_("Mark a player present (签到), or take it back"),
  },
  {
    .name = "round-entry", .usage = "DOC GROUP ROUND --close|--open", .min_args = 3, .max_args = 3,
    .open = QW_CLI_OPEN_DOCUMENT, .options = round_entry_options, .check = round_entry_check,
    .handler = cmd_round_entry, .summary = N_("Close or open result entry from devices for a round"),
  },
  {
    .name = "round-clock", .usage = "DOC GROUP ROUND [--start HH:MM] [--end HH:MM]", .min_args = 3, .max_args = 3,
    .open = QW_CLI_OPEN_DOCUMENT, .options = round_clock_options, .handler = cmd_round_clock,
    .summary = N_("Set the clock the hall's screens show for a round"),
  },
  { NULL },
};
