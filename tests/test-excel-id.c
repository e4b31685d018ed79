/* test-excel-id.c: ID numbers that Excel turned into numbers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "qw-excel-id.h"
#include "qw-idcard.h"

static void
test_csv_fields (void)
{
  /* What an Excel CSV holds for an ID column that was a number. */
  g_assert_true (qw_excel_id_is_number ("4.41381E+17", NULL));
  g_assert_true (qw_excel_id_is_number ("4.41381199001011E+17", NULL));
  g_assert_true (qw_excel_id_is_number ("4.41381e+17", NULL));
  g_assert_true (qw_excel_id_is_number ("1.10101E+14", NULL));   /* a 15-digit one */
  g_assert_true (qw_excel_id_is_number ("441381199001011000", NULL));
  g_assert_true (qw_excel_id_is_number (" 441381199001011000 ", ""));
  g_assert_true (qw_excel_id_is_number ("'4.41381E+17", NULL));
  /* Real ID numbers, and other numbers, are not. */
  g_assert_false (qw_excel_id_is_number ("11010519491231002X", NULL));
  g_assert_false (qw_excel_id_is_number ("110105194912310021", NULL));
  g_assert_false (qw_excel_id_is_number ("'11010519491231002X", NULL));
  g_assert_false (qw_excel_id_is_number ("13800000000", NULL));
  g_assert_false (qw_excel_id_is_number ("1.5E+3", NULL));
  g_assert_false (qw_excel_id_is_number ("", NULL));
  g_assert_false (qw_excel_id_is_number (NULL, NULL));
  g_assert_false (qw_excel_id_is_number ("护照E12345678", NULL));
}

static void
test_valid_with_zeros (void)
{
  char id[19] = { 0 };

  /* A real number can end in 000 (about one in a thousand does): as text
   * it is taken as typed, in a numeric cell it is reported all the same. */
  for (int day = 1; day <= 28 && id[0] == '\0'; day++)
    for (int d = 0; d <= 9 && id[0] == '\0'; d++)
      {
        char first17[18];

        g_snprintf (first17, sizeof first17, "4413811990%02d%02d%d00", 1, day, d);
        if (qw_idcard_check_digit (first17) == '0')
          g_snprintf (id, sizeof id, "%s0", first17);
      }
  g_assert_cmpuint (strlen (id), ==, 18);
  g_assert_true (qw_idcard_is_valid (id));
  g_assert_false (qw_excel_id_is_number (id, NULL));
  g_assert_true (qw_excel_id_is_number (id, id));
}

static void
test_workbook_cells (void)
{
  /* A workbook's numeric cell: the stored value decides. */
  g_assert_true (qw_excel_id_is_number ("4.41381E+17", "4.41381199001011E+17"));
  g_assert_true (qw_excel_id_is_number ("441381199001011000", "441381199001011000"));
  g_assert_true (qw_excel_id_is_number ("1.10101E+14", "110101490101001"));
  g_assert_false (qw_excel_id_is_number ("13800000000", "13800000000"));
  g_assert_false (qw_excel_id_is_number ("1850", "1850"));
}

static void
test_text_marker (void)
{
  g_assert_cmpstr (qw_excel_strip_text_marker ("'11010519491231002X"), ==, "11010519491231002X");
  g_assert_cmpstr (qw_excel_strip_text_marker ("11010519491231002X"), ==, "11010519491231002X");
  g_assert_cmpstr (qw_excel_strip_text_marker ("''x"), ==, "'x");
  g_assert_null (qw_excel_strip_text_marker (NULL));
  g_assert_nonnull (qw_excel_id_advice ());
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/excel-id/csv-fields", test_csv_fields);
  g_test_add_func ("/excel-id/valid-with-zeros", test_valid_with_zeros);
  g_test_add_func ("/excel-id/workbook-cells", test_workbook_cells);
  g_test_add_func ("/excel-id/text-marker", test_text_marker);
  return g_test_run ();
}
