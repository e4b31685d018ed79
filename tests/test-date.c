/* test-date.c: dates as typed at registration desks
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "qw-date.h"

static void
assert_parses (const char *text,
               const char *iso)
{
  QwDate d;
  char out[QW_DATE_ISO_LEN];

  if (!qw_date_parse (text, &d))
    g_error ("“%s” did not parse", text);
  qw_date_to_iso (d, out);
  g_assert_cmpstr (out, ==, iso);
}

static void
assert_rejects (const char *text)
{
  QwDate d;

  if (qw_date_parse (text, &d))
    g_error ("“%s” parsed but should not", text);
  g_assert_false (qw_date_is_set (d));
}

static void
test_formats (void)
{
  assert_parses ("1990-05-06", "1990-05-06");
  assert_parses ("1990/5/6", "1990-05-06");
  assert_parses ("1990.05.06", "1990-05-06");
  assert_parses ("19900506", "1990-05-06");
  assert_parses ("1990年5月6日", "1990-05-06");
  assert_parses ("1990年05月06", "1990-05-06");
  assert_parses (" 2010-1-1 ", "2010-01-01");
  assert_parses ("2000-02-29", "2000-02-29");
}

static void
test_rejects (void)
{
  assert_rejects ("");
  assert_rejects ("1990-13-01");
  assert_rejects ("1990-02-30");
  assert_rejects ("1900-02-29");
  assert_rejects ("90-5-6");
  assert_rejects ("1990-5");
  assert_rejects ("1990-05-06x");
  assert_rejects ("五月六日");
  assert_rejects ("199005066");
  assert_rejects ("1990/05/06/07");
}

static void
test_iso_strict (void)
{
  QwDate d;

  g_assert_true (qw_date_parse_iso ("2021-07-01", &d));
  g_assert_false (qw_date_parse_iso ("2021/07/01", &d));
  g_assert_false (qw_date_parse_iso ("2021-7-1", &d));
  g_assert_false (qw_date_parse_iso ("2021-02-29", &d));
}

static void
test_age (void)
{
  QwDate birth = qw_date_make (1951, 7, 1);

  /* 周岁: the birthday itself counts. */
  g_assert_cmpint (qw_date_age_on (birth, qw_date_make (2021, 6, 30)), ==, 69);
  g_assert_cmpint (qw_date_age_on (birth, qw_date_make (2021, 7, 1)), ==, 70);
  g_assert_cmpint (qw_date_age_on (birth, qw_date_make (2021, 7, 2)), ==, 70);
  /* Born on 29 February: a year older on 1 March in a common year. */
  birth = qw_date_make (1952, 2, 29);
  g_assert_cmpint (qw_date_age_on (birth, qw_date_make (2022, 2, 28)), ==, 69);
  g_assert_cmpint (qw_date_age_on (birth, qw_date_make (2022, 3, 1)), ==, 70);
}

static void
test_compare (void)
{
  g_assert_cmpint (qw_date_compare (qw_date_make (1960, 12, 31), qw_date_make (1961, 1, 1)), <, 0);
  g_assert_cmpint (qw_date_compare (qw_date_make (1961, 1, 1), qw_date_make (1961, 1, 1)), ==, 0);
  g_assert_cmpint (qw_date_days_between (qw_date_make (2021, 10, 30), qw_date_make (2021, 10, 31)), ==, 1);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/date/formats", test_formats);
  g_test_add_func ("/date/rejects", test_rejects);
  g_test_add_func ("/date/iso-strict", test_iso_strict);
  g_test_add_func ("/date/age", test_age);
  g_test_add_func ("/date/compare", test_compare);
  return g_test_run ();
}
