/* qw-event.h: one event: a preliminary stop, a provincial final, …
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "qw-date.h"

G_BEGIN_DECLS

typedef enum
{
  QW_LEVEL_PRELIMINARY = 0,   /* 预选赛 */
  QW_LEVEL_PROVINCIAL_FINAL,  /* 省决赛 */
  QW_LEVEL_NATIONAL_FINAL,    /* 全国总决赛 */
} QwLevel;

typedef enum
{
  QW_HOST_UNKNOWN = 0,
  QW_HOST_PROVINCE,           /* 省级 */
  QW_HOST_CITY,               /* 市级 */
  QW_HOST_COUNTY,             /* 县级 */
  QW_HOST_TOWNSHIP,           /* 乡级 */
} QwHostLevel;

typedef enum
{
  QW_SOURCE_LOCAL = 0,        /* run in this document */
  QW_SOURCE_IMPORTED,         /* from a stop's results file */
  QW_SOURCE_MANUAL,           /* typed in or from a stops CSV: no players, only a count */
} QwEventSource;

typedef struct
{
  gint64         id;
  char          *ruleset;          /* "qiwang-2021" */
  char          *name;             /* the official name */
  QwLevel        level;
  char          *region;           /* 赛区: the province, "广东" */
  char          *place_city;       /* 惠州市 */
  char          *place_county;     /* 惠东县 */
  char          *place_town;       /* 白花镇 */
  char          *host;             /* 承办单位 */
  QwHostLevel    host_level;
  char          *prefecture;       /* 地级市 whose area the stop is in */
  char          *county_city;      /* 县级市 whose area the stop is in, if any */
  char          *honours;          /* 象棋之乡、象棋基地、象棋特色学校, separated by 、 */
  QwDate         start_date;
  QwDate         end_date;
  char          *venue;
  char          *organiser;        /* issuing body on certificates */
  char          *chief_arbiter;
  char          *chief_arbiter_grade;
  char          *system;           /* "swiss", "round-robin", "knockout" */
  int            rounds;
  int            minutes;          /* base time per player */
  int            increment;        /* seconds per move */
  QwEventSource  source;
  int            participants;     /* for QW_SOURCE_MANUAL events */
  char          *digest;           /* of the imported results file */
} QwEvent;

#define QW_TYPE_EVENT (qw_event_get_type ())

GType        qw_event_get_type          (void) G_GNUC_CONST;
QwEvent     *qw_event_new               (void);
QwEvent     *qw_event_copy              (const QwEvent *event);
void         qw_event_free              (QwEvent       *event);

const char  *qw_level_to_code           (QwLevel        level);
QwLevel      qw_level_from_code         (const char    *code);
const char  *qw_level_to_chinese        (QwLevel        level);
const char  *qw_host_level_to_code      (QwHostLevel    level);
QwHostLevel  qw_host_level_from_code    (const char    *code);
QwHostLevel  qw_host_level_parse        (const char    *text);
const char  *qw_host_level_to_chinese   (QwHostLevel    level);
const char  *qw_source_to_code          (QwEventSource  source);
QwEventSource qw_source_from_code       (const char    *code);
char        *qw_event_place             (const QwEvent *event);
GStrv        qw_honours_split           (const char    *text);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (QwEvent, qw_event_free)

G_END_DECLS
