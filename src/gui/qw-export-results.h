/* qw-export-results.h: the results file (成绩表) written off the main thread
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "qw-document.h"

G_BEGIN_DECLS

typedef struct
{
  char     *path;          /* where it was written */
  char     *event_name;
  int       players;
  char     *digest;        /* SHA-256 of the file's contents, as the province checks it */
  gboolean  public_form;   /* ID numbers masked, no dates of birth */
  char     *warning;       /* what the arbiter must be told (numbers Excel made), or NULL */
} QwExportedResults;

void               qw_exported_results_free    (QwExportedResults  *exported);

gboolean           qw_export_results_check_path (QwDocument        *doc,
                                                 GFile             *out,
                                                 GError           **error);
void               qw_export_results_async     (QwDocument          *doc,
                                                GFile               *out,
                                                gboolean             public_form,
                                                GCancellable        *cancellable,
                                                GAsyncReadyCallback  callback,
                                                gpointer             user_data);
QwExportedResults *qw_export_results_finish    (GAsyncResult        *result,
                                                GError             **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (QwExportedResults, qw_exported_results_free)

G_END_DECLS
