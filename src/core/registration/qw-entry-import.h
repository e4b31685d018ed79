/* qw-entry-import.h: registration lists (CSV) to entries
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "qw-csv.h"
#include "qw-entry.h"

G_BEGIN_DECLS

typedef struct
{
  int   row;      /* data row, counted from 1 */
  int   line;     /* line in the file */
  char *message;
} QwRowError;

typedef struct
{
  GPtrArray *entries;     /* QwEntry, one per usable data row */
  GArray    *rows;        /* int: the data row of each entry */
  GPtrArray *rejected;    /* QwRowError: rows that could not be used */
  GStrv      ignored_columns;
  char      *encoding;
  int        n_data_rows;
} QwEntryImport;

QwEntryImport *qw_entry_import_csv       (const QwCsv  *csv,
                                          GError      **error);
QwEntryImport *qw_entry_import_file      (const char   *path,
                                          GError      **error);
void           qw_entry_import_free      (QwEntryImport *import);
char          *qw_entries_to_csv         (GPtrArray    *entries,
                                          gboolean      mask_ids);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (QwEntryImport, qw_entry_import_free)

G_END_DECLS
