/* fuzz-idcard-date.c: ID numbers and dates as a desk types them
 *
 * The parser's promises: a valid number is 18 characters whose check digit
 * matches and whose birth date is real; a mask of an 18-character number
 * shows at most ten of its characters; a mask of text is text.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "qw-date.h"
#include "qw-fuzz.h"
#include "qw-idcard.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autofree char *text = g_strndup ((const char *) data, size);
  g_autofree char *mask = NULL;
  QwIdInfo info;
  QwDate date;

  qw_fuzz_begin (data, size);
  qw_idcard_parse (text, &info);
  if (info.valid)
    {
      if (strlen (info.normalized) != 18 || qw_idcard_check_digit (info.normalized) != info.normalized[17]
          || !qw_date_is_set (info.birth) || qw_idcard_province_name (info.province) == NULL)
        abort ();
    }
  else if (qw_idcard_error_message (info.error) == NULL || qw_idcard_error_code (info.error) == NULL)
    abort ();
  if (qw_idcard_is_valid (text) != info.valid)
    abort ();
  mask = qw_idcard_mask (text);
  if (g_utf8_validate (text, -1, NULL) && !g_utf8_validate (mask, -1, NULL))
    abort ();
  if (info.valid)
    {
      int shown = 0;

      for (const char *p = mask; *p != '\0'; p++)
        shown += *p != '*';
      if (shown > 10)
        abort ();
    }
  /* A parsed date is a real one: qw_date_make() makes only real dates. */
  if (qw_date_parse (text, &date) && !qw_date_is_set (qw_date_make (date.year, date.month, date.day)))
    abort ();
  if (qw_date_parse_iso (text, &date))
    {
      char iso[QW_DATE_ISO_LEN];

      qw_date_to_iso (date, iso);
      if (strcmp (iso, text) != 0)
        abort ();
      g_free (qw_date_to_chinese (date));
      qw_date_age_on (date, qw_date_make (2021, 7, 3));
    }
  qw_sex_parse (text);
  return 0;
}
