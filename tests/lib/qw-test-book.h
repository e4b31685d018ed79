/* qw-test-book.h: workbooks (.xlsx) zipped from XML parts, for tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "qw-csv.h"

G_BEGIN_DECLS

#define XML_HEAD "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n"
#define NS_MAIN "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
#define NS_REL "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
#define NS_PKG_REL "http://schemas.openxmlformats.org/package/2006/relationships"

typedef struct
{
  const char *name;
  const char *state;   /* NULL, "hidden" */
  const char *xml;     /* the worksheet part */
} QwTestSheet;

/* Writes @file in a new temporary folder: the workbook of @sheets (ended by
 * a NULL name), with its shared strings and styles when given; returns its
 * path. */
char *qw_test_make_book (const char        *file,
                         const char        *workbook_pr,
                         const QwTestSheet *sheets,
                         const char        *shared_strings,
                         const char        *styles);

/* Removes the workbook at @path and the folder it was made in. */
void  qw_test_remove_book       (const char        *path);
/* Row @index of a sheet read as text (cells joined with "|") and the line
 * it came from. */
void  qw_test_assert_sheet_row  (const QwCsv       *csv,
                                 guint              index,
                                 int                line,
                                 const char        *joined);

G_END_DECLS
