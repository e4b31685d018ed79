/* qw-idcard.c: PRC resident identity numbers (GB 11643-1999)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-idcard"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "qw-idcard.h"
#include "qw-date.h"

typedef struct
{
  const char *code;
  const char *name;
} Province;

/* GB/T 2260 first two digits. 83 is used on Taiwan residents' residence permits
 * and 91 by validators for numbers issued abroad; both are accepted as regions. */
static const Province provinces[] = {
  { "11", "北京" }, { "12", "天津" }, { "13", "河北" }, { "14", "山西" }, { "15", "内蒙古" },
  { "21", "辽宁" }, { "22", "吉林" }, { "23", "黑龙江" },
  { "31", "上海" }, { "32", "江苏" }, { "33", "浙江" }, { "34", "安徽" }, { "35", "福建" },
  { "36", "江西" }, { "37", "山东" },
  { "41", "河南" }, { "42", "湖北" }, { "43", "湖南" }, { "44", "广东" }, { "45", "广西" },
  { "46", "海南" },
  { "50", "重庆" }, { "51", "四川" }, { "52", "贵州" }, { "53", "云南" }, { "54", "西藏" },
  { "61", "陕西" }, { "62", "甘肃" }, { "63", "青海" }, { "64", "宁夏" }, { "65", "新疆" },
  { "71", "台湾" }, { "81", "香港" }, { "82", "澳门" }, { "83", "台湾" }, { "91", "国外" },
};

/* Weights W_i = 2^(18-i) mod 11 for i = 1..17. */
static const int weights[17] = { 7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2 };
static const char check_chars[11] = { '1', '0', 'X', '9', '8', '7', '6', '5', '4', '3', '2' };

const char *
qw_idcard_province_name (const char *code)
{
  if (code == NULL)
    return NULL;
  if (code[0] == '\0')
    return NULL;
  for (guint i = 0; i < G_N_ELEMENTS (provinces); i++)
    if (provinces[i].code[0] == code[0] && provinces[i].code[1] == code[1])
      return provinces[i].name;
  return NULL;
}

/* The check character for 17 digits, or '\0' if they are not all digits. */
char
qw_idcard_check_digit (const char *first17)
{
  int sum = 0;

  for (int i = 0; i < 17; i++)
    {
      if (!g_ascii_isdigit (first17[i]))
        return '\0';
      sum += (first17[i] - '0') * weights[i];
    }
  return check_chars[sum % 11];
}

static gboolean
all_digits (const char *s,
            gsize       n)
{
  for (gsize i = 0; i < n; i++)
    if (!g_ascii_isdigit (s[i]))
      return FALSE;
  return TRUE;
}

/* Brings a 15- or 18-character number to the 18-character form, upper-casing x.
 * Returns FALSE when the shape is wrong. The check digit of an 18-digit number is
 * kept as typed, so that a checksum error can still be reported. */
static gboolean
normalize (const char *text,
           char        out[19])
{
  g_autofree char *s = g_strstrip (g_strdup (text));
  gsize len = strlen (s);

  if (len == 18)
    {
      if (!all_digits (s, 17))
        return FALSE;
      if (!g_ascii_isdigit (s[17]) && s[17] != 'X' && s[17] != 'x')
        return FALSE;
      memcpy (out, s, 18);
      out[17] = g_ascii_toupper (out[17]);
      out[18] = '\0';
      return TRUE;
    }
  if (len == 15)
    {
      if (!all_digits (s, 15))
        return FALSE;
      /* GB 11643-1989: YYMMDD with the century 19 implied; append the check digit. */
      memcpy (out, s, 6);
      memcpy (out + 6, "19", 2);
      memcpy (out + 8, s + 6, 9);
      out[17] = qw_idcard_check_digit (out);
      out[18] = '\0';
      return TRUE;
    }
  return FALSE;
}

static QwDate
birth_of (const char *id18)
{
  int year = (id18[6] - '0') * 1000 + (id18[7] - '0') * 100 + (id18[8] - '0') * 10 + (id18[9] - '0');
  int month = (id18[10] - '0') * 10 + (id18[11] - '0');
  int day = (id18[12] - '0') * 10 + (id18[13] - '0');

  return qw_date_make (year, month, day);
}

/**
 * qw_idcard_parse:
 * @text: the number as typed (white space around it is ignored)
 * @info: (out): what the number says
 *
 * Checks, in this order, the shape, the province code, the birth date (a real
 * date, not before 1900 and not in the future) and the check digit, and stops
 * at the first error. A 15-digit number is converted to 18 digits first.
 */
void
qw_idcard_parse (const char *text,
                 QwIdInfo   *info)
{
  QwDate birth;

  memset (info, 0, sizeof *info);
  info->error = QW_ID_ERROR_FORMAT;
  if (text == NULL || !normalize (text, info->normalized))
    {
      info->normalized[0] = '\0';
      return;
    }
  if (qw_idcard_province_name (info->normalized) == NULL)
    {
      info->error = QW_ID_ERROR_REGION;
      return;
    }
  birth = birth_of (info->normalized);
  if (!qw_date_is_set (birth) || birth.year < 1900 || qw_date_compare (birth, qw_date_today ()) > 0)
    {
      info->error = QW_ID_ERROR_DATE;
      return;
    }
  if (qw_idcard_check_digit (info->normalized) != info->normalized[17])
    {
      info->error = QW_ID_ERROR_CHECKSUM;
      return;
    }
  info->valid = TRUE;
  info->error = QW_ID_OK;
  info->birth = birth;
  info->sex = ((info->normalized[16] - '0') % 2 == 1) ? QW_SEX_MALE : QW_SEX_FEMALE;
  memcpy (info->province, info->normalized, 2);
  info->province[2] = '\0';
}

gboolean
qw_idcard_is_valid (const char *text)
{
  QwIdInfo info;

  qw_idcard_parse (text, &info);
  return info.valid;
}

const char *
qw_idcard_error_code (QwIdError error)
{
  switch (error)
    {
    case QW_ID_OK:
      return NULL;
    case QW_ID_ERROR_FORMAT:
      return "id-format";
    case QW_ID_ERROR_REGION:
      return "id-region";
    case QW_ID_ERROR_DATE:
      return "id-date";
    case QW_ID_ERROR_CHECKSUM:
      return "id-checksum";
    default:
      g_return_val_if_reached (NULL);
    }
}

const char *
qw_idcard_error_message (QwIdError error)
{
  switch (error)
    {
    case QW_ID_OK:
      return NULL;
    case QW_ID_ERROR_FORMAT:
      return _("The ID number must have 18 characters (or the old 15 digits)");
    case QW_ID_ERROR_REGION:
      return _("The ID number starts with an unknown province code");
    case QW_ID_ERROR_DATE:
      return _("The birth date inside the ID number is not a real date");
    case QW_ID_ERROR_CHECKSUM:
      return _("The last character of the ID number does not match (check digit)");
    default:
      g_return_val_if_reached (NULL);
    }
}

/* Masks a document number for anything that is not an editing field:
 * 440102********123X for 18 characters; other documents keep a few characters
 * at each end so that a desk can still tell them apart. */
char *
qw_idcard_mask (const char *text)
{
  g_autofree char *s = NULL;
  gsize len, keep_head, keep_tail;
  GString *out;

  if (text == NULL)
    return g_strdup ("");
  s = g_strstrip (g_strdup (text));
  len = strlen (s);
  if (len == 0)
    return g_strdup ("");
  if (len >= 15)
    keep_head = 6, keep_tail = 4;
  else if (len >= 8)
    keep_head = 2, keep_tail = 2;
  else
    keep_head = 1, keep_tail = 0;
  /* Other documents may hold other characters; bytes that are not UTF-8
   * (a damaged field) count one character each instead of being read past. */
  if (!g_str_is_ascii (s))
    {
      g_autofree char *valid = g_utf8_make_valid (s, (gssize) len);

      return g_strnfill ((gsize) g_utf8_strlen (valid, -1), '*');
    }
  out = g_string_new_len (s, (gssize) keep_head);
  for (gsize i = keep_head; i < len - keep_tail; i++)
    g_string_append_c (out, '*');
  g_string_append (out, s + len - keep_tail);
  if (len >= 15)
    out->str[out->len - 1] = g_ascii_toupper (out->str[out->len - 1]);
  return g_string_free (out, FALSE);
}

/**
 * qw_idcard_display:
 * @id_number: (nullable): an ID number or another document's number
 *
 * How an ID number is shown anywhere but in the field that edits it: in
 * the window's lists, the CLI's tables and its JSON. Masked, as
 * qw_idcard_mask() does (440102********123X): the faces call this, never
 * the mask itself, so that what is shown is decided once.
 *
 * Returns: (transfer full): the text to show ("" for none)
 */
char *
qw_idcard_display (const char *id_number)
{
  return qw_idcard_mask (id_number);
}

/**
 * qw_idcard_display_cell:
 * @text: (nullable): a cell of a list about to be imported
 *
 * A cell as a preview of the list shows it: what has the form of an ID
 * number (15 or 18 characters, digits with an X at the end) is masked, and
 * still tells which column holds them; anything else is shown as it is.
 *
 * Returns: (transfer full): the text to show
 */
char *
qw_idcard_display_cell (const char *text)
{
  g_autofree char *s = g_strstrip (g_strdup (text != NULL ? text : ""));
  gsize len = strlen (s);

  if (len != 15 && len != 18)
    return g_steal_pointer (&s);
  for (gsize i = 0; i < len; i++)
    if (!g_ascii_isdigit (s[i]) && !(i == len - 1 && (s[i] == 'X' || s[i] == 'x')))
      return g_steal_pointer (&s);
  return qw_idcard_display (s);
}
