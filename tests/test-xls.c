/* test-xls.c: old workbooks (.xls, BIFF8) read as the CSV reader reads lists
 *
 * The fixtures in tests/data were written by Spreadsheet::WriteExcel
 * (tests/data/make-xls.pl), not by Qiwang.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <libintl.h>
#include <locale.h>
#include <string.h>

#include "qw-cfb.h"
#include "qw-entry-import.h"
#include "qw-error.h"
#include "qw-test.h"
#include "qw-test-book.h"
#include "qw-xls.h"

#define MINI_CUTOFF_BYTES 4096

static void
test_list (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "list.xls", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwCsv) csv = qw_xls_read_file (path, 0, NULL, &error);
  GStrv raw;

  g_assert_no_error (error);
  g_assert_cmpstr (csv->encoding, ==, "xls");
  /* The title row goes, the empty row 5 is skipped, dates become ISO text
   * in both formats, and the ID number typed as a number shows as Excel
   * shows it. */
  g_assert_cmpuint (csv->rows->len, ==, 4);
  qw_test_assert_sheet_row (csv, 0, 2, "序号|姓名|性别|出生日期|身份证号|单位|等级|组别|手机|等级分");
  qw_test_assert_sheet_row (csv, 1, 3, "1|王五|女|1949-12-31|11010519491231002X|北京象棋协会||公开组|13800000000|1850");
  qw_test_assert_sheet_row (csv, 2, 4, "2|李四|男|1990-05-06|4.41381E+17|少年宫|一级棋士|公开组||1623.5");
  qw_test_assert_sheet_row (csv, 3, 6, "3|赵六|男|1990/5/6||多行\n单位");
  raw = g_ptr_array_index (csv->raw, 2);
  g_assert_cmpfloat (g_ascii_strtod (raw[4], NULL), ==, 441381199001011234.0);
  g_assert_cmpstr (raw[1], ==, "");
}

static const char *list_csv =
  "\xEF\xBB\xBF序号,姓名,性别,出生日期,身份证号,单位,等级,组别,手机,等级分\r\n"
  "1,王五,女,1949-12-31,11010519491231002X,北京象棋协会,,公开组,13800000000,1850\r\n"
  "2,李四,男,1990年5月6日,4.41381E+17,少年宫,一级棋士,公开组,,1623.5\r\n"
  ",,,,,,,,,\r\n"
  "3,赵六,男,1990/5/6,,\"多行\n单位\",,,,\r\n";

static void
test_same_as_csv (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "list.xls", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwCsv) book = qw_xls_read_file (path, 1, NULL, &error);
  g_autoptr(QwCsv) csv = qw_csv_parse_data (list_csv, strlen (list_csv), &error);
  g_autoptr(QwEntryImport) a = NULL;
  g_autoptr(QwEntryImport) b = NULL;

  g_assert_no_error (error);
  a = qw_entry_import_csv (book, &error);
  g_assert_no_error (error);
  b = qw_entry_import_csv (csv, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (a->entries->len, ==, 3);
  g_assert_cmpuint (a->entries->len, ==, b->entries->len);
  g_assert_cmpuint (a->rejected->len, ==, b->rejected->len);
  for (guint i = 0; i < a->entries->len; i++)
    {
      const QwEntry *x = g_ptr_array_index (a->entries, i);
      const QwEntry *y = g_ptr_array_index (b->entries, i);

      g_assert_cmpstr (x->name, ==, y->name);
      g_assert_cmpint (x->sex, ==, y->sex);
      g_assert_cmpstr (x->birth, ==, y->birth);
      g_assert_cmpstr (x->id_number, ==, y->id_number);
      g_assert_cmpstr (x->unit, ==, y->unit);
      g_assert_cmpstr (x->grade, ==, y->grade);
      g_assert_cmpstr (x->declared_group, ==, y->declared_group);
      g_assert_cmpstr (x->phone, ==, y->phone);
      g_assert_cmpint (x->rating, ==, y->rating);
    }
}

static void
test_sheets (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "list.xls", NULL);
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) names = qw_xls_sheet_names (path, &error);
  g_autoptr(QwCsv) second = NULL;
  QwCsv *none;

  g_assert_no_error (error);
  g_assert_cmpuint (g_strv_length (names), ==, 2);
  g_assert_cmpstr (names[0], ==, "报名表");
  g_assert_cmpstr (names[1], ==, "第二页");
  second = qw_xls_read_file (path, 0, "第二页", &error);
  g_assert_no_error (error);
  qw_test_assert_sheet_row (second, 0, 1, "姓名|单位");
  qw_test_assert_sheet_row (second, 1, 2, "钱七|上海");
  none = qw_xls_read_file (path, 3, NULL, &error);
  g_assert_null (none);
  g_assert_error (error, QW_ERROR, QW_ERROR_NOT_FOUND);
}

static void
test_date1904 (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "list-1904.xls", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwCsv) csv = qw_xls_read_file (path, 0, NULL, &error);

  g_assert_no_error (error);
  qw_test_assert_sheet_row (csv, 1, 2, "孙八|1990-01-01");
}

static void
test_not_xls (void)
{
  g_autofree char *dir = g_dir_make_tmp ("qiwang-xls-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "list.xls", NULL);
  g_autoptr(GError) error = NULL;
  QwCsv *csv;

  /* Desks rename CSV files to .xls. */
  g_assert_true (g_file_set_contents (path, "姓名,单位\n张三,北京\n", -1, NULL));
  csv = qw_xls_read_file (path, 0, NULL, &error);
  g_assert_null (csv);
  g_assert_error (error, QW_ERROR, QW_ERROR_CORRUPT);
  g_unlink (path);
  g_rmdir (dir);
}

/* A copy of list.xls with @value written at @offset (little-endian, @width bytes). */
static char *
damaged_copy (const char *name,
              gsize       offset,
              guint       value,
              guint       width)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "list.xls", NULL);
  g_autofree char *dir = g_dir_make_tmp ("qiwang-xls-XXXXXX", NULL);
  char *copy = g_build_filename (dir, name, NULL);
  g_autofree char *data = NULL;
  gsize length = 0;

  g_assert_true (g_file_get_contents (path, &data, &length, NULL));
  g_assert_cmpuint (offset + width, <=, length);
  for (guint i = 0; i < width; i++)
    data[offset + i] = (char) ((value >> (8 * i)) & 0xFF);
  g_assert_true (g_file_set_contents (copy, data, (gssize) length, NULL));
  return copy;
}

static void
remove_copy (const char *copy)
{
  g_autofree char *dir = g_path_get_dirname (copy);

  g_unlink (copy);
  g_rmdir (dir);
}

#define DAMAGED_EN "this .xls file is damaged or malformed and cannot be read"
#define DAMAGED_ZH "这个 .xls 文件已损坏或格式异常，无法读取"

/* The container is read by qw-cfb.c before any other program sees it: a
 * structure that breaks [MS-CFB] is refused as damaged. FreeXL alone read
 * 53 KB past a 4 KB buffer of its stack for the first (found by
 * fuzz-workbook), looped on the fifth, and read past the mini stream's
 * buffer for the ninth. */
static void
test_container_checked (void)
{
  /* list.xls: 512-byte sectors, the Workbook stream (4096 bytes) in
   * sectors 0 to 7, the directory in sector 8 (at 0x1200), the FAT in
   * sector 9 (at 0x1400). */
  static const struct { gsize offset; guint value; guint width; } cases[] = {
    { 0x1200 + 128 + 0x40, 53841, 2 },       /* the Workbook entry's name length */
    { 0x1200 + 0x40, 0, 2 },                 /* the Root Entry's name length */
    { 0x200 + 2, 9000, 2 },                  /* the first record's size, over BIFF8's 8,224 */
    { 0x1E, 10, 2 },                         /* a sector size the format does not have */
    { 0x1400 + 7 * 4, 0, 4 },                /* the stream's last sector leads back to its first */
    { 0x1400 + 3 * 4, 0xFFFFFFFE, 4 },       /* the stream's chain ends after 2,048 of its 4,096 bytes */
    { 0x30, 1000, 4 },                       /* the directory beyond the end of the file */
    { 0x1200 + 128 + 0x44, 1, 4 },           /* the Workbook entry is its own sibling */
    { 0x1200 + 128 + 0x78, 100, 4 },         /* a small Workbook, in a mini stream there is not */
    { 0x2C, 0, 4 },                          /* no FAT */
    { 0x4C, 5000, 4 },                       /* the FAT beyond the end of the file */
    { 0x20, 7, 2 },                          /* 128-byte mini sectors */
    { 0x38, 512, 4 },                        /* a mini stream cut-off other than 4,096 */
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *copy = damaged_copy ("damaged.xls", cases[i].offset, cases[i].value, cases[i].width);
      g_autoptr(GError) error = NULL;
      g_autoptr(GError) names_error = NULL;
      g_autoptr(QwCsv) csv = qw_xls_read_file (copy, 0, NULL, &error);
      g_auto(GStrv) names = qw_xls_sheet_names (copy, &names_error);

      g_test_message ("case %u", i);
      g_assert_null (csv);
      g_assert_null (names);
      g_assert_error (error, QW_ERROR, QW_ERROR_CORRUPT);
      g_assert_nonnull (strstr (error->message, DAMAGED_EN));
      g_assert_error (names_error, QW_ERROR, QW_ERROR_CORRUPT);
      remove_copy (copy);
    }
}

/* A copy of list.xls with @n bytes of @bytes at @offset. */
static char *
patched_copy (gsize         offset,
              const guint8 *bytes,
              gsize         n)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "list.xls", NULL);
  g_autofree char *dir = g_dir_make_tmp ("qiwang-xls-XXXXXX", NULL);
  char *copy = g_build_filename (dir, "other.xls", NULL);
  g_autofree char *data = NULL;
  gsize length = 0;

  g_assert_true (g_file_get_contents (path, &data, &length, NULL));
  memcpy (data + offset, bytes, n);
  g_assert_true (g_file_set_contents (copy, data, (gssize) length, NULL));
  return copy;
}

/* A compound file without a Workbook stream is some other Office file; one
 * with an EncryptedPackage stream is a password-protected .xlsx. */
static void
test_other_office_files (void)
{
  static const guint8 xorkbook[] = { 'X', 0 };
  static const guint8 encrypted[] = { 'E', 0, 'n', 0, 'c', 0, 'r', 0, 'y', 0, 'p', 0, 't', 0, 'e', 0, 'd', 0,
                                      'P', 0, 'a', 0, 'c', 0, 'k', 0, 'a', 0, 'g', 0, 'e', 0, 0, 0 };
  static const guint8 encrypted_length[] = { sizeof encrypted, 0 };
  g_autofree char *word = patched_copy (0x1200 + 128, xorkbook, sizeof xorkbook);
  g_autofree char *protected = patched_copy (0x1200 + 128, encrypted, sizeof encrypted);
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) protected_error = NULL;
  g_autoptr(QwCsv) csv = NULL;
  g_autoptr(QwCsv) protected_csv = NULL;

  csv = qw_xls_read_file (word, 0, NULL, &error);
  g_assert_null (csv);
  g_assert_error (error, QW_ERROR, QW_ERROR_CORRUPT);
  g_assert_nonnull (strstr (error->message, "is an Office file but not an Excel workbook"));
  remove_copy (word);

  {
    g_autofree char *data = NULL;
    gsize length = 0;

    g_assert_true (g_file_get_contents (protected, &data, &length, NULL));
    memcpy (data + 0x1200 + 128 + 0x40, encrypted_length, 2);
    g_assert_true (g_file_set_contents (protected, data, (gssize) length, NULL));
  }
  protected_csv = qw_xls_read_file (protected, 0, NULL, &protected_error);
  g_assert_null (protected_csv);
  g_assert_error (protected_error, QW_ERROR, QW_ERROR_INVALID);
  g_assert_nonnull (strstr (protected_error->message, "is protected by a password"));
  remove_copy (protected);
}

/* list.xls's Workbook stream: its records, without the padding to 4,096 bytes. */
static GBytes *
list_records (void)
{
  static const char * const names[] = { "Workbook", NULL };
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "list.xls", NULL);
  g_autofree char *data = NULL;
  g_autoptr(GBytes) stream = NULL;
  const char *detail = NULL;
  const guint8 *bytes;
  gsize length = 0, size = 0, at = 0;
  guint which = 0;

  g_assert_true (g_file_get_contents (path, &data, &length, NULL));
  g_assert_cmpint (qw_cfb_read_stream ((const guint8 *) data, length, names, &which, &stream, &detail), ==, QW_CFB_OK);
  bytes = g_bytes_get_data (stream, &size);
  while (at + 4 <= size && (bytes[at] | bytes[at + 1] | bytes[at + 2] | bytes[at + 3]) != 0)
    at += 4 + (bytes[at + 2] | bytes[at + 3] << 8);
  g_assert_cmpuint (at, <, MINI_CUTOFF_BYTES);
  return g_bytes_new (bytes, at);
}

static void
put32 (guint8  *p,
       guint32  value)
{
  for (guint i = 0; i < 4; i++)
    p[i] = (guint8) (value >> (8 * i));
}

/* A version 3 compound file holding @stream (under 4,096 bytes) in the
 * mini stream, its 64-byte sectors in reverse order: sector 0 the FAT,
 * 1 the directory, 2 the mini FAT, 3 on the mini stream. */
static GBytes *
mini_stream_file (GBytes *stream)
{
  gsize size = 0;
  const guint8 *bytes = g_bytes_get_data (stream, &size);
  guint n_mini = (guint) ((size + 63) / 64);
  guint n_container = (n_mini * 64 + 511) / 512;
  gsize length = 512 * (4 + (gsize) n_container);
  guint8 *file = g_malloc0 (length);
  guint8 *fat = file + 512, *dir = file + 1024, *mini_fat = file + 1536, *container = file + 2048;
  static const guint8 signature[8] = { 0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1 };
  static const char *entry_names[] = { "Root Entry", "Workbook" };

  memcpy (file, signature, sizeof signature);
  file[0x18] = 0x3E, file[0x1A] = 3, file[0x1C] = 0xFE, file[0x1D] = 0xFF, file[0x1E] = 9, file[0x20] = 6;
  put32 (file + 0x2C, 1);                /* one FAT sector, */
  put32 (file + 0x30, 1);                /* the directory in sector 1, */
  put32 (file + 0x38, MINI_CUTOFF_BYTES);
  put32 (file + 0x3C, 2);                /* the mini FAT in sector 2, */
  put32 (file + 0x40, 1);
  put32 (file + 0x44, 0xFFFFFFFE);
  for (guint i = 0; i < 109; i++)
    put32 (file + 0x4C + 4 * i, i == 0 ? 0 : 0xFFFFFFFF);
  for (guint i = 0; i < 128; i++)
    put32 (fat + 4 * i, 0xFFFFFFFF);
  put32 (fat, 0xFFFFFFFD);
  put32 (fat + 4, 0xFFFFFFFE);
  put32 (fat + 8, 0xFFFFFFFE);
  for (guint i = 0; i < n_container; i++)
    put32 (fat + 4 * (3 + i), i + 1 < n_container ? 3 + i + 1 : 0xFFFFFFFE);
  for (guint e = 0; e < 4; e++)
    {
      guint8 *entry = dir + 128 * e;

      put32 (entry + 0x44, 0xFFFFFFFF);
      put32 (entry + 0x48, 0xFFFFFFFF);
      put32 (entry + 0x4C, 0xFFFFFFFF);
      if (e >= 2)
        continue;
      for (guint i = 0; entry_names[e][i] != '\0'; i++)
        entry[2 * i] = (guint8) entry_names[e][i];
      entry[0x40] = (guint8) (2 * (strlen (entry_names[e]) + 1));
      entry[0x42] = e == 0 ? 5 : 2;
      entry[0x43] = 1;
    }
  put32 (dir + 0x4C, 1);                                  /* the root's child: the Workbook */
  put32 (dir + 0x74, 3);                                  /* the mini stream from sector 3 */
  put32 (dir + 0x78, n_mini * 64);
  put32 (dir + 128 + 0x74, n_mini - 1);                   /* the Workbook from the last mini sector */
  put32 (dir + 128 + 0x78, (guint32) size);
  for (guint i = 0; i < 128; i++)
    put32 (mini_fat + 4 * i, 0xFFFFFFFF);
  /* The stream's k-th 64 bytes in mini sector n_mini - 1 - k. */
  for (guint k = 0; k < n_mini; k++)
    {
      guint sector = n_mini - 1 - k;

      memcpy (container + 64 * sector, bytes + 64 * k, MIN (64, size - 64 * k));
      put32 (mini_fat + 4 * sector, k + 1 < n_mini ? sector - 1 : 0xFFFFFFFE);
    }
  return g_bytes_new_take (file, length);
}

static char *
write_tmp (const char *name,
           GBytes     *bytes)
{
  g_autofree char *dir = qw_test_make_tmp_dir ("qiwang-xls-XXXXXX");
  char *path = g_build_filename (dir, name, NULL);

  g_assert_true (g_file_set_contents (path, g_bytes_get_data (bytes, NULL), (gssize) g_bytes_get_size (bytes), NULL));
  return path;
}

/* A small Workbook stream in the mini stream, its sectors chained by the
 * mini FAT in reverse order ([MS-CFB] allows any order). FreeXL alone
 * reads a mini stream front to back whatever its chain says; given the
 * stream in a file of Qiwang's, it reads the list. */
static void
test_mini_stream (void)
{
  g_autoptr(GBytes) records = list_records ();
  g_autoptr(GBytes) file = mini_stream_file (records);
  g_autofree char *path = write_tmp ("small.xls", file);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwCsv) csv = qw_xls_read_file (path, 0, NULL, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (csv->rows->len, ==, 4);
  qw_test_assert_sheet_row (csv, 0, 2, "序号|姓名|性别|出生日期|身份证号|单位|等级|组别|手机|等级分");
  qw_test_assert_sheet_row (csv, 3, 6, "3|赵六|男|1990/5/6||多行\n单位");
  remove_copy (path);
}

/* A Workbook stream of 7.5 MB: its FAT needs more than the header's 109
 * places, so the user's file and the one FreeXL reads both have DIFAT
 * sectors. The records added before the last sheet's end are of a type
 * FreeXL skips. */
static void
test_large_stream (void)
{
  g_autoptr(GBytes) records = list_records ();
  g_autoptr(GByteArray) stream = g_byte_array_new ();
  g_autoptr(GBytes) stream_bytes = NULL;
  g_autoptr(GBytes) file = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) names_error = NULL;
  g_autoptr(QwCsv) csv = NULL;
  g_auto(GStrv) names = NULL;
  guint8 filler[4 + 8000] = { 0x77, 0x77, 8000 & 0xFF, 8000 >> 8 };

  /* The records end with the last sheet's EOF record (000A 0000). */
  g_byte_array_append (stream, g_bytes_get_data (records, NULL), (guint) g_bytes_get_size (records) - 4);
  while (stream->len < 7500 * 1000)
    g_byte_array_append (stream, filler, sizeof filler);
  g_byte_array_append (stream, (const guint8 *) "\x0A\0\0\0", 4);
  stream_bytes = g_byte_array_free_to_bytes (g_steal_pointer (&stream));
  file = qw_cfb_write_stream ("Workbook", stream_bytes);
  g_assert_cmpuint (g_bytes_get_size (file), >, 109 * 128 * 512);
  path = write_tmp ("large.xls", file);
  names = qw_xls_sheet_names (path, &names_error);
  g_assert_no_error (names_error);
  g_assert_cmpuint (g_strv_length (names), ==, 2);
  csv = qw_xls_read_file (path, 0, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (csv->rows->len, ==, 4);
  qw_test_assert_sheet_row (csv, 1, 3, "1|王五|女|1949-12-31|11010519491231002X|北京象棋协会||公开组|13800000000|1850");
  remove_copy (path);
}

/* FreeXL runs in a process of its own: the application never loads it. */
static void
test_freexl_not_loaded (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "list.xls", NULL);
  g_autofree char *maps = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(QwCsv) csv = qw_xls_read_file (path, 0, NULL, &error);

  g_assert_no_error (error);
  g_assert_true (g_file_get_contents ("/proc/self/maps", &maps, NULL, NULL));
  g_assert_null (strstr (maps, "libfreexl"));
}

/* The input fuzz-workbook found (tests/fuzz/regressions/workbook/): a FORMAT
 * record of 15 bytes whose text says it has 65,525 UTF-16 characters, so
 * that FreeXL 1.0.6 copies 131,050 bytes from its 8,224-byte record buffer
 * (freexl.c, parse_biff_record -> parse_unicode_string). The container is
 * sound; FreeXL reads past its buffer in the reader's process, where under
 * AddressSanitizer it dies, and elsewhere it dies or fails on what lies
 * there (FreeXL error -3). Either way this process goes on and the file is
 * refused as damaged. */
static void
test_freexl_overread_contained (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fuzz", "regressions", "workbook",
                                                 "freexl-format-overread.xls", NULL);
  g_autofree char *display_name = g_filename_display_name (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) names_error = NULL;
  g_autoptr(QwCsv) csv = qw_xls_read_file (path, 0, NULL, &error);
  g_auto(GStrv) names = qw_xls_sheet_names (path, &names_error);

  g_assert_null (csv);
  g_assert_null (names);
  g_assert_error (error, QW_ERROR, QW_ERROR_CORRUPT);
  g_assert_error (names_error, QW_ERROR, QW_ERROR_CORRUPT);
  g_assert_true (g_str_has_prefix (error->message, display_name));
  g_assert_nonnull (strstr (error->message, DAMAGED_EN));
}

/* A stand-in for the reader in a folder of its own, as QIWANG_LIBEXECDIR. */
static char *
stand_in_reader (const char *script)
{
  char *dir = qw_test_make_tmp_dir ("qiwang-reader-XXXXXX");
  g_autofree char *program = g_build_filename (dir, "qiwang-xls-reader", NULL);
  g_autofree char *text = g_strdup_printf ("#!/bin/sh\n%s\n", script);

  g_assert_true (g_file_set_contents (program, text, -1, NULL));
  g_assert_cmpint (g_chmod (program, 0755), ==, 0);
  return dir;
}

static GError *
read_with_reader (const char *script)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "list.xls", NULL);
  g_autofree char *saved = g_strdup (g_getenv ("QIWANG_LIBEXECDIR"));
  g_autofree char *dir = script != NULL ? stand_in_reader (script) : qw_test_make_tmp_dir ("qiwang-reader-XXXXXX");
  GError *error = NULL;
  g_autoptr(QwCsv) csv = NULL;

  g_setenv ("QIWANG_LIBEXECDIR", dir, TRUE);
  csv = qw_xls_read_file (path, 0, NULL, &error);
  if (saved != NULL)
    g_setenv ("QIWANG_LIBEXECDIR", saved, TRUE);
  else
    g_unsetenv ("QIWANG_LIBEXECDIR");
  qw_test_remove_tree (dir);
  g_assert_null (csv);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  return error;
}

/* Whatever happens to the reader, this process goes on and the user is
 * told: a reader killed by a signal (what a wild read or write in FreeXL
 * comes to) or that leaves without a complete answer, or answers nonsense,
 * is a damaged file; an answer over the limit is too large; a reader that
 * is not installed is said to be missing. In Chinese too. */
static void
test_reader_failure_contained (void)
{
  g_autofree char *po = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "..", "po", NULL);
  g_autoptr(GError) crashed = read_with_reader ("kill -SEGV $$");
  g_autoptr(GError) unfinished = read_with_reader ("printf 'N\\006\\000\\000\\000Sheet1'; exit 0");
  g_autoptr(GError) nonsense = read_with_reader ("printf 'N\\377\\377\\377\\377'; printf 'Z\\000\\000\\000\\000'");
  g_autoptr(GError) failed = read_with_reader ("printf 'Z\\000\\000\\000\\000'; exit 1");
  g_autoptr(GError) too_large = read_with_reader ("head -c 140000000 /dev/zero");
  g_autoptr(GError) missing = read_with_reader (NULL);
  g_autoptr(GError) chinese = NULL;

  g_assert_error (crashed, QW_ERROR, QW_ERROR_CORRUPT);
  g_assert_nonnull (strstr (crashed->message, DAMAGED_EN));
  g_assert_error (unfinished, QW_ERROR, QW_ERROR_CORRUPT);
  g_assert_nonnull (strstr (unfinished->message, DAMAGED_EN));
  g_assert_error (nonsense, QW_ERROR, QW_ERROR_CORRUPT);
  g_assert_nonnull (strstr (nonsense->message, DAMAGED_EN));
  g_assert_error (failed, QW_ERROR, QW_ERROR_CORRUPT);
  g_assert_error (too_large, QW_ERROR, QW_ERROR_TOO_LARGE);
  g_assert_error (missing, QW_ERROR, QW_ERROR_FAILED);
  g_assert_nonnull (strstr (missing->message, "cannot be started"));

  bindtextdomain (GETTEXT_PACKAGE, po);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  g_assert_nonnull (setlocale (LC_ALL, "zh_CN.UTF-8"));
  chinese = read_with_reader ("kill -SEGV $$");
  setlocale (LC_ALL, "");
  g_assert_error (chinese, QW_ERROR, QW_ERROR_CORRUPT);
  g_assert_nonnull (strstr (chinese->message, DAMAGED_ZH));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/xls/list", test_list);
  g_test_add_func ("/xls/same-as-csv", test_same_as_csv);
  g_test_add_func ("/xls/sheets", test_sheets);
  g_test_add_func ("/xls/date1904", test_date1904);
  g_test_add_func ("/xls/not-xls", test_not_xls);
  g_test_add_func ("/xls/container-checked", test_container_checked);
  g_test_add_func ("/xls/other-office-files", test_other_office_files);
  g_test_add_func ("/xls/mini-stream", test_mini_stream);
  g_test_add_func ("/xls/large-stream", test_large_stream);
  g_test_add_func ("/xls/freexl-not-loaded", test_freexl_not_loaded);
  g_test_add_func ("/xls/freexl-overread-contained", test_freexl_overread_contained);
  g_test_add_func ("/xls/reader-failure-contained", test_reader_failure_contained);
  return g_test_run ();
}
