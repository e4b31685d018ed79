/* qw-region-import.h: bringing a folder of stop files into a region document
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "qw-region.h"
#include "qw-ruleset.h"
#include "qw-stops-csv.h"

G_BEGIN_DECLS

typedef enum
{
  QW_FILE_ADDED = 0,
  QW_FILE_REPLACED,
  QW_FILE_UNCHANGED,
  QW_FILE_REJECTED,
} QwFileOutcomeKind;

/* What happened to one file: the import report lists one per file. */
typedef struct
{
  char              *display_name;   /* the file's name */
  QwFileOutcomeKind  kind;
  char              *message;        /* translated */
} QwFileOutcome;

void       qw_file_outcome_free        (QwFileOutcome *outcome);

GPtrArray *qw_region_read_files        (const QwRuleset     *ruleset,
                                        GPtrArray           *files,
                                        GCancellable        *cancellable);
void       qw_region_read_files_async  (QwRuleset           *ruleset,
                                        GPtrArray           *files,
                                        GCancellable        *cancellable,
                                        GAsyncReadyCallback  callback,
                                        gpointer             user_data);
GPtrArray *qw_region_read_files_finish (GAsyncResult        *result,
                                        GError             **error);
GPtrArray *qw_region_import_read       (QwDocument          *doc,
                                        GPtrArray           *read);

G_END_DECLS
