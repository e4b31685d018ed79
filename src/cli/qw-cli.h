/* qw-cli.h: qiwang-cli, a thin face over the core
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* Exit statuses */
#define QW_CLI_OK      0
#define QW_CLI_FAILED  1
#define QW_CLI_USAGE   2

typedef int (*QwCliHandler) (int argc, char **argv);

typedef struct
{
  const char   *name;
  QwCliHandler  handler;
  const char   *usage;
  const char   *summary;
} QwCliCommand;

int      qw_cli_fail        (GError     *error);
int      qw_cli_usage_error (const char *command,
                             const char *message);
gboolean qw_cli_parse       (GOptionEntry *entries,
                             const char   *command,
                             const char   *parameter_string,
                             int          *argc,
                             char       ***argv,
                             GError      **error);
void     qw_cli_print_json  (JsonNode   *node);
void     qw_cli_print_table (GPtrArray  *rows);
JsonNode *qw_cli_string_or_null (const char *text);

/* Commands */
int qw_cli_idcard        (int argc, char **argv);
int qw_cli_check_entries (int argc, char **argv);
int qw_cli_new           (int argc, char **argv);
int qw_cli_import        (int argc, char **argv);
int qw_cli_entries       (int argc, char **argv);
int qw_cli_demo          (int argc, char **argv);
int qw_cli_simulate      (int argc, char **argv);
int qw_cli_pair          (int argc, char **argv);
int qw_cli_unpair        (int argc, char **argv);
int qw_cli_result        (int argc, char **argv);
int qw_cli_undo          (int argc, char **argv);
int qw_cli_games         (int argc, char **argv);
int qw_cli_standings     (int argc, char **argv);
int qw_cli_explain       (int argc, char **argv);
int qw_cli_withdraw      (int argc, char **argv);
int qw_cli_reinstate     (int argc, char **argv);
int qw_cli_swap          (int argc, char **argv);
int qw_cli_repair        (int argc, char **argv);
int qw_cli_check         (int argc, char **argv);
int qw_cli_log           (int argc, char **argv);
int qw_cli_sections      (int argc, char **argv);
int qw_cli_settings      (int argc, char **argv);
int qw_cli_quota          (int argc, char **argv);
int qw_cli_new_region     (int argc, char **argv);
int qw_cli_import_results (int argc, char **argv);
int qw_cli_import_stops   (int argc, char **argv);
int qw_cli_region         (int argc, char **argv);
int qw_cli_export         (int argc, char **argv);
int qw_cli_check_final    (int argc, char **argv);
int qw_cli_nominees       (int argc, char **argv);
int qw_cli_import_nominees (int argc, char **argv);
int qw_cli_team_result    (int argc, char **argv);

G_END_DECLS
