/* fuzz-workbook.c: a registration list saved as a workbook (.xlsx, .xls)
 *
 * The bytes as a file, read as an .xlsx workbook (the zip, its parts with
 * their limits, the shared strings, the styles' dates, merges) and as an
 * old .xls one (FreeXL), each for its sheet names and its first sheet as a
 * table, which must then hold text only, within the field limit.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>

#include "qw-file.h"
#include "qw-fuzz.h"
#include "qw-xls.h"
#include "qw-xlsx.h"

static void
check_table (const QwCsv *table,
             const char  *what)
{
  for (guint r = 0; r < table->rows->len; r++)
    {
      GStrv row = g_ptr_array_index (table->rows, r);

      for (guint c = 0; row[c] != NULL; c++)
        if (!g_utf8_validate (row[c], -1, NULL) || g_utf8_strlen (row[c], -1) > QW_TEXT_MAX_CHARS)
          {
            g_printerr ("%s: row %u, column %u is not text within the limit\n", what, r, c);
            abort ();
          }
    }
}

static void
read_as (const char *path,
         gboolean    xlsx)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) table_error = NULL;
  g_auto(GStrv) names = xlsx ? qw_xlsx_sheet_names (path, &error) : qw_xls_sheet_names (path, &error);
  g_autoptr(QwCsv) table = xlsx ? qw_xlsx_read_file (path, 0, NULL, &table_error)
                                : qw_xls_read_file (path, 0, NULL, &table_error);
  const char *what = xlsx ? "qw_xlsx_read_file" : "qw_xls_read_file";

  if (names == NULL)
    qw_fuzz_assert_xml_error (error, xlsx ? "qw_xlsx_sheet_names" : "qw_xls_sheet_names");
  else
    for (guint i = 0; names[i] != NULL; i++)
      if (!g_utf8_validate (names[i], -1, NULL))
        {
          g_printerr ("a sheet name is not UTF-8\n");
          abort ();
        }
  if (table == NULL)
    qw_fuzz_assert_xml_error (table_error, what);
  else
    check_table (table, what);
}

static char *folder, *xlsx, *xls;

static void
remove_files (void)
{
  g_unlink (xlsx);
  g_unlink (xls);
  g_rmdir (folder);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{

  qw_fuzz_begin (data, size);
  /* The readers take a path, as the program gives them one. */
  if (xlsx == NULL)
    {
      folder = g_dir_make_tmp ("qiwang-fuzz-workbook-XXXXXX", NULL);
      if (folder == NULL)
        abort ();
      xlsx = g_build_filename (folder, "list.xlsx", NULL);
      xls = g_build_filename (folder, "list.xls", NULL);
      atexit (remove_files);
    }
  if (!g_file_set_contents (xlsx, (const char *) data, (gssize) size, NULL)
      || !g_file_set_contents (xls, (const char *) data, (gssize) size, NULL))
    abort ();
  read_as (xlsx, TRUE);
  read_as (xls, FALSE);
  return 0;
}
