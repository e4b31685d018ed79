/* test-idcard.c: GB 11643-1999 resident ID numbers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "qw-idcard.h"
#include "qw-date.h"

static void
test_worked_example (void)
{
  QwIdInfo info;
  char birth[QW_DATE_ISO_LEN];

  /* The standard's own example: S = 167, 167 mod 11 = 2, check character X. */
  g_assert_cmpint (qw_idcard_check_digit ("11010519491231002"), ==, 'X');
  qw_idcard_parse ("11010519491231002X", &info);
  g_assert_true (info.valid);
  g_assert_cmpint (info.error, ==, QW_ID_OK);
  qw_date_to_iso (info.birth, birth);
  g_assert_cmpstr (birth, ==, "1949-12-31");
  g_assert_cmpint (info.sex, ==, QW_SEX_FEMALE);
  g_assert_cmpstr (info.province, ==, "11");
  g_assert_cmpstr (qw_idcard_province_name (info.province), ==, "北京");
}

static void
test_lower_case_x_and_spaces (void)
{
  QwIdInfo info;

  qw_idcard_parse ("  11010519491231002x ", &info);
  g_assert_true (info.valid);
  g_assert_cmpstr (info.normalized, ==, "11010519491231002X");
}

static void
test_sex_from_17th_digit (void)
{
  char id[19] = "44010219900101123";
  QwIdInfo info;

  /* 17th digit 3: odd, a man. */
  id[17] = qw_idcard_check_digit (id);
  id[18] = '\0';
  qw_idcard_parse (id, &info);
  g_assert_true (info.valid);
  g_assert_cmpint (info.sex, ==, QW_SEX_MALE);
}

static void
test_errors (void)
{
  static const struct {
    const char *input;
    QwIdError   error;
  } cases[] = {
    { "", QW_ID_ERROR_FORMAT },
    { "1101051949123100", QW_ID_ERROR_FORMAT },          /* 16 characters */
    { "11010519491231002XX", QW_ID_ERROR_FORMAT },       /* 19 */
    { "1101051949123100X2", QW_ID_ERROR_FORMAT },        /* X not last */
    { "11010519491231002Y", QW_ID_ERROR_FORMAT },
    { "11010519491231００2X", QW_ID_ERROR_FORMAT },      /* full-width digits */
    { "00010519491231002X", QW_ID_ERROR_REGION },
    { "99010519491231002X", QW_ID_ERROR_REGION },
    { "110105194902300021", QW_ID_ERROR_DATE },          /* 30 February */
    { "110105194913010021", QW_ID_ERROR_DATE },          /* month 13 */
    { "110105189912310021", QW_ID_ERROR_DATE },          /* before 1900 */
    { "110105299912310021", QW_ID_ERROR_DATE },          /* in the future */
    { "110105194912310021", QW_ID_ERROR_CHECKSUM },
    { "11010519491231002", QW_ID_ERROR_FORMAT },         /* 17 */
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      QwIdInfo info;

      qw_idcard_parse (cases[i].input, &info);
      g_assert_false (info.valid);
      if (info.error != cases[i].error)
        g_error ("%s: expected error %d, got %d", cases[i].input, cases[i].error, info.error);
      g_assert_nonnull (qw_idcard_error_code (info.error));
      g_assert_nonnull (qw_idcard_error_message (info.error));
    }
  g_assert_cmpstr (qw_idcard_error_code (QW_ID_ERROR_CHECKSUM), ==, "id-checksum");
  g_assert_cmpstr (qw_idcard_error_code (QW_ID_ERROR_REGION), ==, "id-region");
  g_assert_null (qw_idcard_error_code (QW_ID_OK));
}

static void
test_leap_day (void)
{
  char id[19] = "44010220000229123";
  char bad[19] = "44010219000229123";
  QwIdInfo info;

  id[17] = qw_idcard_check_digit (id);
  id[18] = '\0';
  g_assert_true (qw_idcard_is_valid (id));
  /* 1900 was not a leap year. */
  bad[17] = qw_idcard_check_digit (bad);
  bad[18] = '\0';
  qw_idcard_parse (bad, &info);
  g_assert_cmpint (info.error, ==, QW_ID_ERROR_DATE);
}

static void
test_fifteen_digits (void)
{
  QwIdInfo info;
  char birth[QW_DATE_ISO_LEN];

  /* 110105 491231 002: the old form of the worked example. */
  qw_idcard_parse ("110105491231002", &info);
  g_assert_true (info.valid);
  g_assert_cmpstr (info.normalized, ==, "11010519491231002X");
  qw_date_to_iso (info.birth, birth);
  g_assert_cmpstr (birth, ==, "1949-12-31");
  g_assert_cmpint (info.sex, ==, QW_SEX_FEMALE);

  qw_idcard_parse ("000105491231002", &info);
  g_assert_cmpint (info.error, ==, QW_ID_ERROR_REGION);
  qw_idcard_parse ("110105490231002", &info);
  g_assert_cmpint (info.error, ==, QW_ID_ERROR_DATE);
  qw_idcard_parse ("11010549123100X", &info);
  g_assert_cmpint (info.error, ==, QW_ID_ERROR_FORMAT);
}

static void
test_mask (void)
{
  g_autofree char *a = qw_idcard_mask ("44010219900101123x");
  g_autofree char *b = qw_idcard_mask ("110105491231002");
  g_autofree char *c = qw_idcard_mask ("E12345678");
  g_autofree char *d = qw_idcard_mask ("");

  g_assert_cmpstr (a, ==, "440102********123X");
  g_assert_cmpstr (b, ==, "110105*****1002");
  g_assert_cmpstr (c, ==, "E1*****78");
  g_assert_cmpstr (d, ==, "");
}

/* What every face shows (issue 18): the masked form, and in a list's
 * preview only the cells that have the form of an ID number. */
static void
test_display (void)
{
  g_autofree char *shown = qw_idcard_display ("44010219900101123X");
  g_autofree char *id_cell = qw_idcard_display_cell (" 44010219900101123x ");
  g_autofree char *old_cell = qw_idcard_display_cell ("110105491231002");
  g_autofree char *name_cell = qw_idcard_display_cell ("王伟");
  g_autofree char *phone_cell = qw_idcard_display_cell ("13800000000");
  g_autofree char *none = qw_idcard_display (NULL);

  g_assert_cmpstr (shown, ==, "440102********123X");
  g_assert_cmpstr (id_cell, ==, "440102********123X");
  g_assert_cmpstr (old_cell, ==, "110105*****1002");
  g_assert_cmpstr (name_cell, ==, "王伟");
  g_assert_cmpstr (phone_cell, ==, "13800000000");
  g_assert_cmpstr (none, ==, "");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/idcard/worked-example", test_worked_example);
  g_test_add_func ("/idcard/display", test_display);
  g_test_add_func ("/idcard/lower-case-x", test_lower_case_x_and_spaces);
  g_test_add_func ("/idcard/sex", test_sex_from_17th_digit);
  g_test_add_func ("/idcard/errors", test_errors);
  g_test_add_func ("/idcard/leap-day", test_leap_day);
  g_test_add_func ("/idcard/fifteen-digits", test_fifteen_digits);
  g_test_add_func ("/idcard/mask", test_mask);
  return g_test_run ();
}
