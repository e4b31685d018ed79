/* qw-date.h: calendar dates as typed by registration desks
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* A calendar date. year == 0 means "no date". Plain value type: copy freely. */
typedef struct
{
  gint16 year;
  gint8  month;
  gint8  day;
} QwDate;

#define QW_DATE_NONE ((QwDate) { 0, 0, 0 })
#define QW_DATE_ISO_LEN 11 /* "YYYY-MM-DD" + NUL */

gboolean qw_date_is_set        (QwDate date);
QwDate   qw_date_make          (int year, int month, int day);
gboolean qw_date_parse         (const char *text, QwDate *out);
gboolean qw_date_parse_iso     (const char *text, QwDate *out);
int      qw_date_compare       (QwDate a, QwDate b);
void     qw_date_to_iso        (QwDate date, char out[QW_DATE_ISO_LEN]);
char    *qw_date_to_iso_dup    (QwDate date);
char    *qw_date_to_chinese    (QwDate date);
int      qw_date_age_on        (QwDate birth, QwDate on);
QwDate   qw_date_today         (void);
int      qw_date_days_between  (QwDate from, QwDate to);

G_END_DECLS
