/* qw-test-book.c: workbooks (.xlsx) zipped from XML parts, for tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gstdio.h>
#include <minizip/zip.h>
#include <string.h>

#include "qw-test-book.h"

static void
add_part (zipFile     zip,
          const char *name,
          const char *data,
          gsize       length)
{
  zip_fileinfo info = { 0 };

  g_assert_cmpint (zipOpenNewFileInZip (zip, name, &info, NULL, 0, NULL, 0, NULL,
                                        Z_DEFLATED, Z_DEFAULT_COMPRESSION), ==, ZIP_OK);
  g_assert_cmpint (zipWriteInFileInZip (zip, data, (unsigned) length), ==, ZIP_OK);
  g_assert_cmpint (zipCloseFileInZip (zip), ==, ZIP_OK);
}

static void
add_text (zipFile     zip,
          const char *name,
          const char *text)
{
  add_part (zip, name, text, strlen (text));
}


char *
qw_test_make_book (const char      *file,
           const char      *workbook_pr,
           const QwTestSheet *sheets,
           const char      *shared_strings,
           const char      *styles)
{
  g_autofree char *dir = g_dir_make_tmp ("qiwang-xlsx-XXXXXX", NULL);
  char *path = g_build_filename (dir, file, NULL);
  zipFile zip = zipOpen (path, APPEND_STATUS_CREATE);
  g_autoptr(GString) book = g_string_new (XML_HEAD);
  g_autoptr(GString) rels = g_string_new (XML_HEAD);
  g_autoptr(GString) types = g_string_new (XML_HEAD);

  g_assert_nonnull (zip);
  g_string_append (types,
                   "<Types xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\">"
                   "<Default Extension=\"rels\" ContentType=\"application/vnd.openxmlformats-package.relationships+xml\"/>"
                   "<Default Extension=\"xml\" ContentType=\"application/xml\"/></Types>");
  add_text (zip, "[Content_Types].xml", types->str);
  add_text (zip, "_rels/.rels",
            XML_HEAD "<Relationships xmlns=\"" NS_PKG_REL "\">"
            "<Relationship Id=\"rId1\" Type=\"" NS_REL "/officeDocument\" Target=\"xl/workbook.xml\"/>"
            "</Relationships>");
  g_string_append_printf (book, "<workbook xmlns=\"%s\" xmlns:r=\"%s\">%s<sheets>",
                          NS_MAIN, NS_REL, workbook_pr != NULL ? workbook_pr : "");
  g_string_append_printf (rels, "<Relationships xmlns=\"%s\">", NS_PKG_REL);
  for (int i = 0; sheets[i].name != NULL; i++)
    {
      g_autofree char *part = g_strdup_printf ("xl/worksheets/sheet%d.xml", i + 1);

      g_string_append_printf (book, "<sheet name=\"%s\" sheetId=\"%d\"%s%s%s r:id=\"rId%d\"/>",
                              sheets[i].name, i + 1,
                              sheets[i].state != NULL ? " state=\"" : "",
                              sheets[i].state != NULL ? sheets[i].state : "",
                              sheets[i].state != NULL ? "\"" : "", i + 1);
      /* Excel writes relative targets, some generators absolute ones. */
      g_string_append_printf (rels, "<Relationship Id=\"rId%d\" Type=\"%s/worksheet\" Target=\"%s%s\"/>",
                              i + 1, NS_REL, i % 2 == 0 ? "" : "/xl/",
                              part + 3);
      add_text (zip, part, sheets[i].xml);
    }
  g_string_append (book, "</sheets></workbook>");
  if (shared_strings != NULL)
    {
      g_string_append_printf (rels, "<Relationship Id=\"rId90\" Type=\"%s/sharedStrings\" "
                              "Target=\"sharedStrings.xml\"/>", NS_REL);
      add_text (zip, "xl/sharedStrings.xml", shared_strings);
    }
  if (styles != NULL)
    {
      g_string_append_printf (rels, "<Relationship Id=\"rId91\" Type=\"%s/styles\" "
                              "Target=\"styles.xml\"/>", NS_REL);
      add_text (zip, "xl/styles.xml", styles);
    }
  g_string_append (rels, "</Relationships>");
  add_text (zip, "xl/workbook.xml", book->str);
  add_text (zip, "xl/_rels/workbook.xml.rels", rels->str);
  g_assert_cmpint (zipClose (zip, NULL), ==, ZIP_OK);
  return path;
}

void
qw_test_remove_book (const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);

  g_unlink (path);
  g_rmdir (dir);
}

void
qw_test_assert_sheet_row (const QwCsv *csv,
                          guint        index,
                          int          line,
                          const char  *joined)
{
  g_autofree char *got = g_strjoinv ("|", g_ptr_array_index (csv->rows, index));

  g_assert_cmpstr (got, ==, joined);
  g_assert_cmpint (g_array_index (csv->lines, int, index), ==, line);
}
