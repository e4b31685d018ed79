/* qw-excel-id.c: ID numbers that Excel turned into numbers
 *
 * Typed into a cell that is not formatted as text, an 18-digit ID number
 * becomes a number. Excel keeps 15 significant digits, so the last three
 * digits become 000 for good (441381199001011234 is stored as
 * 4.41381199001011E+17), and a standard column shows, and a CSV export
 * writes, 4.41381E+17. Nothing can bring the digits back; what helps is to
 * say so, instead of "wrong check digit", and tell the desk how to fix the
 * sheet. Excel users also type a leading ' to force text; it is not part of
 * the number.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-excel-id"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "qw-excel-id.h"
#include "qw-idcard.h"

/**
 * qw_excel_strip_text_marker:
 *
 * Returns: (transfer none): @text after a leading ' (Excel's mark for
 *   "this is text"), or @text itself
 */
const char *
qw_excel_strip_text_marker (const char *text)
{
  if (text != NULL && text[0] == '\'')
    return text + 1;
  return text;
}

/* 4.41381E+17, 4.41381199001011e+17, 1.10101E+14: the scientific form
 * Excel shows for an ID-sized number (15 or 18 digits). */
static gboolean
is_scientific_id (const char *s)
{
  const char *p = s;
  int exponent = 0;

  if (!g_ascii_isdigit (*p) || *p == '0')
    return FALSE;
  p++;
  if (*p == '.')
    {
      p++;
      if (!g_ascii_isdigit (*p))
        return FALSE;
      while (g_ascii_isdigit (*p))
        p++;
    }
  if (*p != 'E' && *p != 'e')
    return FALSE;
  p++;
  if (*p == '+')
    p++;
  if (!g_ascii_isdigit (*p))
    return FALSE;
  for (; g_ascii_isdigit (*p); p++)
    exponent = MIN (exponent * 10 + (*p - '0'), 1000);
  return *p == '\0' && exponent >= 14 && exponent <= 17;
}

/* 441381199001011000: 16 to 18 digits whose tail Excel has zeroed (it keeps
 * 15 significant digits, so an 18-digit number ends in 000). */
static gboolean
is_rounded_digits (const char *s)
{
  gsize n = strlen (s);

  if (n < 16 || n > 18 || strspn (s, "0123456789") != n || s[0] == '0')
    return FALSE;
  for (gsize i = 15; i < n; i++)
    if (s[i] != '0')
      return FALSE;
  return TRUE;
}

/**
 * qw_excel_id_is_number:
 * @text: the ID field as the table holds it (a CSV field, or what a
 *   workbook cell shows)
 * @raw: (nullable): for a workbook, the cell's stored number (QwCsv.raw);
 *   %NULL or "" when the cell is text or the table is a CSV file
 *
 * Returns: whether the field is an ID number that Excel stored as a number,
 *   so that its digits are lost: a numeric cell with an ID-sized value (15
 *   digits or more), or text that Excel made of one: the scientific form
 *   4.41381E+17, or 16 to 18 digits ending in the zeros of rounding. An
 *   18-digit text ending in 000 that is a valid ID number is taken as real
 *   (about one number in a thousand ends so); in a numeric cell even a
 *   valid one is reported, since the column is a number column either way.
 */
gboolean
qw_excel_id_is_number (const char *text,
                       const char *raw)
{
  g_autofree char *s = g_strstrip (g_strdup (qw_excel_strip_text_marker (text != NULL ? text : "")));

  if (raw != NULL && raw[0] != '\0')
    {
      char *end = NULL;
      double v = g_ascii_strtod (raw, &end);

      if (end != raw && isfinite (v) && fabs (v) >= 1e14)
        return TRUE;
    }
  if (is_scientific_id (s))
    return TRUE;
  return is_rounded_digits (s) && !qw_idcard_is_valid (s);
}

/**
 * qw_excel_id_advice:
 *
 * Returns: what to tell the desk, for the id-excel-number problem
 */
const char *
qw_excel_id_advice (void)
{
  return _("Excel stored this ID number as a number and lost its last digits: "
           "format the ID column as Text in Excel and type the numbers again");
}
