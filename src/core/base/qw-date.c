/* qw-date.c: calendar dates as typed by registration desks
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-date"

#include "qw-date.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

gboolean
qw_date_is_set (QwDate date)
{
  return date.year != 0;
}

static gboolean
qw_date_is_valid (int year,
                  int month,
                  int day)
{
  if (year < 1 || year > 9999 || month < 1 || month > 12 || day < 1)
    return FALSE;
  return day <= g_date_get_days_in_month ((GDateMonth) month, (GDateYear) year);
}

QwDate
qw_date_make (int year,
              int month,
              int day)
{
  if (!qw_date_is_valid (year, month, day))
    return QW_DATE_NONE;
  return (QwDate) { (gint16) year, (gint8) month, (gint8) day };
}

/* Reads a run of ASCII digits (at most max_digits) into *value. */
static const char *
read_number (const char *p,
             int         max_digits,
             int        *value,
             int        *n_digits)
{
  int v = 0;
  int n = 0;

  while (n < max_digits && g_ascii_isdigit (*p))
    {
      v = v * 10 + (*p - '0');
      p++;
      n++;
    }
  *value = v;
  *n_digits = n;
  return p;
}

/* Skips one separator. Chinese separators are multi-byte UTF-8. */
static const char *
skip_separator (const char *p,
                const char *chinese)
{
  if (*p == '-' || *p == '/' || *p == '.')
    return p + 1;
  if (chinese != NULL && g_str_has_prefix (p, chinese))
    return p + strlen (chinese);
  return NULL;
}

static gboolean
parse_compact (const char *p,
               QwDate     *out)
{
  int year = 0, month = 0, day = 0;

  if (strlen (p) != 8)
    return FALSE;
  for (int i = 0; i < 8; i++)
    if (!g_ascii_isdigit (p[i]))
      return FALSE;
  year = (p[0] - '0') * 1000 + (p[1] - '0') * 100 + (p[2] - '0') * 10 + (p[3] - '0');
  month = (p[4] - '0') * 10 + (p[5] - '0');
  day = (p[6] - '0') * 10 + (p[7] - '0');
  *out = qw_date_make (year, month, day);
  return qw_date_is_set (*out);
}

/* Parses 1990-05-06, 1990/5/6, 1990.05.06, 19900506 and 1990年5月6日 (with an
 * optional trailing 日). Leading and trailing white space is ignored. */
gboolean
qw_date_parse (const char *text,
               QwDate     *out)
{
  g_autofree char *copy = NULL;
  const char *p;
  int year, month, day, n;

  *out = QW_DATE_NONE;
  if (text == NULL)
    return FALSE;
  copy = g_strstrip (g_strdup (text));
  p = copy;
  if (*p == '\0')
    return FALSE;
  if (parse_compact (p, out))
    return TRUE;

  p = read_number (p, 4, &year, &n);
  if (n != 4 || (p = skip_separator (p, "年")) == NULL)
    return FALSE;
  p = read_number (p, 2, &month, &n);
  if (n == 0 || (p = skip_separator (p, "月")) == NULL)
    return FALSE;
  p = read_number (p, 2, &day, &n);
  if (n == 0)
    return FALSE;
  if (g_str_has_prefix (p, "日"))
    p += strlen ("日");
  if (*p != '\0')
    return FALSE;
  *out = qw_date_make (year, month, day);
  return qw_date_is_set (*out);
}

/* Strict YYYY-MM-DD, as stored in documents and given on the command line. */
gboolean
qw_date_parse_iso (const char *text,
                   QwDate     *out)
{
  *out = QW_DATE_NONE;
  if (text == NULL || strlen (text) != 10 || text[4] != '-' || text[7] != '-')
    return FALSE;
  for (int i = 0; i < 10; i++)
    if (i != 4 && i != 7 && !g_ascii_isdigit (text[i]))
      return FALSE;
  *out = qw_date_make (atoi (text), atoi (text + 5), atoi (text + 8));
  return qw_date_is_set (*out);
}

int
qw_date_compare (QwDate a,
                 QwDate b)
{
  int ka = a.year * 10000 + a.month * 100 + a.day;
  int kb = b.year * 10000 + b.month * 100 + b.day;

  return (ka > kb) - (ka < kb);
}

void
qw_date_to_iso (QwDate date,
                char   out[QW_DATE_ISO_LEN])
{
  if (!qw_date_is_set (date))
    {
      out[0] = '\0';
      return;
    }
  g_snprintf (out, QW_DATE_ISO_LEN, "%04d-%02d-%02d", date.year, date.month, date.day);
}

char *
qw_date_to_iso_dup (QwDate date)
{
  char buf[QW_DATE_ISO_LEN];

  qw_date_to_iso (date, buf);
  return g_strdup (buf);
}

char *
qw_date_to_chinese (QwDate date)
{
  if (!qw_date_is_set (date))
    return g_strdup ("");
  return g_strdup_printf ("%d年%d月%d日", date.year, date.month, date.day);
}

/* Age in full years (周岁) on the given day: the birthday itself counts. A
 * person born on 29 February turns a year older on 1 March in common years. */
int
qw_date_age_on (QwDate birth,
                QwDate on)
{
  int age = on.year - birth.year;

  if (on.month < birth.month || (on.month == birth.month && on.day < birth.day))
    age--;
  return age;
}

/* Called for every entry checked (a birth date may not lie in the future), so
 * it avoids GDateTime's time-zone lookups, and converts the time once a
 * second for each thread (a pairing's gate checks 5,000 entries at once). */
QwDate
qw_date_today (void)
{
  static _Thread_local time_t converted = (time_t) -1;
  static _Thread_local QwDate today;
  time_t now = time (NULL);
  struct tm tm;

  if (now == converted)
    return today;
  localtime_r (&now, &tm);
  today = qw_date_make (tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday);
  converted = now;
  return today;
}

int
qw_date_days_between (QwDate from,
                      QwDate to)
{
  GDate a, b;

  g_date_clear (&a, 1);
  g_date_clear (&b, 1);
  g_date_set_dmy (&a, (GDateDay) from.day, (GDateMonth) from.month, (GDateYear) from.year);
  g_date_set_dmy (&b, (GDateDay) to.day, (GDateMonth) to.month, (GDateYear) to.year);
  return g_date_days_between (&a, &b);
}
