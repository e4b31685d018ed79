/* qw-cli.h: qiwang-cli, a thin face over the core
 *
 * Every command is one entry of a table (QwCliCommand): its usage, how many
 * arguments it takes, what it opens and its options. The dispatcher
 * (qw-cli.c) parses the options, checks the arguments, opens what the entry
 * says and hands the handler a QwCliContext with the opened objects; a
 * handler only does its command's own work.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

#include "qw-document.h"
#include "qw-entry.h"
#include "qw-event.h"
#include "qw-game.h"
#include "qw-ruleset.h"

G_BEGIN_DECLS

/* Exit statuses */
#define QW_CLI_OK      0
#define QW_CLI_FAILED  1
#define QW_CLI_USAGE   2
#define QW_CLI_BLOCKED 3   /* pair: entries with a blocking problem; print: certificates of an unfinished
                            * group without --force (nothing was written) */

/* What the dispatcher opens, from the first arguments, before the handler
 * runs. A failure to open exits with QW_CLI_FAILED and the core's message. */
typedef enum
{
  QW_CLI_OPEN_NOTHING,
  QW_CLI_OPEN_DOCUMENT,          /* DOC: any Qiwang document */
  QW_CLI_OPEN_STOP,              /* DOC: a document, its main event and the event's ruleset */
  QW_CLI_OPEN_SECTION,           /* DOC GROUP: a stop and the group as played; a group that has
                                  * entries but no stored section reads as its defaults, so
                                  * that reading never writes */
  QW_CLI_OPEN_SECTION_STORED,    /* DOC GROUP: a stop and the group's section, stored first if
                                  * it was not (the command writes to it) */
  QW_CLI_OPEN_SECTION_TO_CHANGE, /* DOC GROUP [CHANGE…]: SECTION_STORED when changes follow
                                  * GROUP, else SECTION */
  QW_CLI_OPEN_DOCUMENT_OR_SECTION, /* DOC alone: DOCUMENT; DOC GROUP …: SECTION */
  QW_CLI_OPEN_REGION,            /* REGION.qiwang: a region document and its ruleset */
  QW_CLI_OPEN_NATIONAL,          /* NATIONAL.qiwang: a national document */
} QwCliOpen;

typedef enum
{
  QW_CLI_JSON         = 1 << 0,  /* takes the shared --json */
  QW_CLI_RESULT_CODES = 1 << 1,  /* arguments -:+ and -:- are results, not options */
  QW_CLI_FORCE        = 1 << 2,  /* takes the shared --force: replace an existing document */
} QwCliFlags;

typedef struct _QwCliCommand QwCliCommand;

/* What a handler receives. Positional arguments named ROUND and BOARD in the
 * command's usage are checked by the dispatcher (a round from 1 to 99, a
 * board from 1 to 100000) and handed over as numbers. */
typedef struct
{
  const QwCliCommand  *command;
  char               **args;      /* the arguments after those opened (NULL-terminated) */
  int                  n_args;
  const char          *path;      /* the opened document's path, as given */
  gboolean             json;      /* --json was given */
  gboolean             force;     /* --force was given */
  int                  round;     /* the ROUND argument, or 0 */
  int                  board;     /* the BOARD argument, or 0 */
  QwDocument          *doc;
  QwEvent             *event;     /* STOP, SECTION: the main event */
  QwRuleset           *ruleset;   /* STOP, SECTION: the event's; REGION: the region's */
  QwSection           *section;   /* SECTION: the group as played */
  GPtrArray           *entries;   /* SECTION: the group's entries, by 序号 */
  GHashTable          *entries_by_id; /* entry id → entry of @entries, made on first use */
} QwCliContext;

/* Checks options and arguments before anything is opened; a failure is a
 * usage error (QW_CLI_USAGE) with the error's message. */
typedef gboolean (*QwCliCheck)   (QwCliContext  *ctx,
                                  GError       **error);
/* Returns the exit status. */
typedef int      (*QwCliHandler) (QwCliContext  *ctx);

struct _QwCliCommand
{
  const char         *name;
  const char         *usage;     /* the positional arguments (and main options) after the name */
  int                 min_args;
  int                 max_args;  /* -1: any number */
  QwCliOpen           open;
  QwCliFlags          flags;
  const GOptionEntry *options;   /* nullable; its storage is the command's own (static) */
  QwCliCheck          check;     /* nullable */
  QwCliHandler        handler;
  const char         *summary;   /* N_() */
};

/* The commands, in the order help lists them; each table ends with { NULL }. */
extern const QwCliCommand qw_cli_registration_commands[];
extern const QwCliCommand qw_cli_play_commands[];
extern const QwCliCommand qw_cli_arbiter_commands[];
extern const QwCliCommand qw_cli_region_commands[];
extern const QwCliCommand qw_cli_results_commands[];
extern const QwCliCommand qw_cli_print_commands[];
extern const QwCliCommand qw_cli_ladder_commands[];
extern const QwCliCommand qw_cli_final_commands[];
extern const QwCliCommand qw_cli_publish_commands[];
extern const QwCliCommand qw_cli_venue_commands[];

QwDocument *qw_cli_open_document   (const char         *path,
                                   GError            **error);
QwDocument *qw_cli_open_kind       (const char         *path,
                                   QwDocumentKind      kind,
                                   GError            **error);

/* qw-cli-group.c: a SECTION command's players */
QwEntry  *qw_cli_entry_by_id      (QwCliContext       *ctx,
                                   gint64              id);
QwEntry  *qw_cli_entry_by_no_text (QwCliContext       *ctx,
                                   const char         *text,
                                   GError            **error);
/* "12 王伟", "(bye)" */
char     *qw_cli_player_cell      (QwCliContext       *ctx,
                                   gint64              id);
void      qw_cli_print_field_warning (QwCliContext    *ctx);

int       qw_cli_fail             (GError             *error);
int       qw_cli_usage_error      (const QwCliContext *ctx,
                                   const char         *message);
gboolean  qw_cli_parse_count      (const char         *text,
                                   const char         *what,
                                   int                 min,
                                   int                 max,
                                   int                *out,
                                   GError            **error);

/* Never replacing data silently (qw-cli-files.c) */
gboolean  qw_cli_check_output       (const QwCliContext *ctx,
                                    const char         *out,
                                    GError            **error);
gboolean  qw_cli_check_output_over  (const QwCliContext *ctx,
                                    const char         *out,
                                    const char *const  *inputs,
                                    GError            **error);
gboolean  qw_cli_check_new_document (const QwCliContext *ctx,
                                    const char         *path,
                                    GError            **error);
char     *qw_cli_temporary_path     (const char         *path,
                                    GError            **error);
gboolean  qw_cli_install_document   (QwDocument        **doc,
                                    const char         *tmp,
                                    const char         *path,
                                    gboolean            ok,
                                    GError            **error);

void      qw_cli_print_json_array  (JsonArray         *array);
void      qw_cli_print_json_object (JsonObject        *object);
JsonArray *qw_cli_bonuses_to_json   (GPtrArray         *bonuses);
void      qw_cli_print_table       (GPtrArray         *rows);
/* An export's --out: FILE.xlsx or FILE.csv, else a usage error. */
gboolean  qw_cli_check_list_path   (const char        *path,
                                    GError           **error);

G_END_DECLS
