/* qw-event-check.h: the checks of a stop's details (赛事信息)
 *
 * One function checks an event as the GUI and the CLI let it be typed in:
 * errors refuse the change (an end before the start, a chief arbiter's grade
 * the ruleset does not know, an honour it does not know, no name); warnings
 * advise (the name's form, the chief arbiter's grade for the level, the
 * provincial final's deadline, the recommended rounds and time, the host
 * level against the place). The fields that follow the host place (the
 * official name, the host level, the prefecture and the county-level city)
 * are derived here too, so both faces follow it the same way.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "qw-event.h"
#include "qw-ruleset.h"

G_BEGIN_DECLS

/* Fields that follow the place unless the user sets them. */
typedef enum
{
  QW_EVENT_FIELD_NAME        = 1 << 0,
  QW_EVENT_FIELD_HOST_LEVEL  = 1 << 1,
  QW_EVENT_FIELD_PREFECTURE  = 1 << 2,
  QW_EVENT_FIELD_COUNTY_CITY = 1 << 3,
} QwEventFields;

typedef struct
{
  const char *code;     /* "end-before-start", … (static) */
  const char *field;    /* the field it is about: "name", "start", "end", "host", "host_level",
                         * "prefecture", "county_city", "honours", "arbiter",
                         * "arbiter_grade", "rounds", "time" (static) */
  char       *message;  /* translated */
} QwEventProblem;

typedef struct
{
  GPtrArray *errors;    /* QwEventProblem: the change is refused */
  GPtrArray *warnings;  /* QwEventProblem: shown, never forbidden */
} QwEventCheck;

QwEventCheck *qw_event_check              (const QwRuleset *ruleset,
                                           const QwEvent   *event);
void          qw_event_check_free         (QwEventCheck    *check);
gboolean      qw_event_check_has_code     (const QwEventCheck *check,
                                           const char      *code);
gboolean      qw_event_check_to_error     (const QwEventCheck *check,
                                           GError         **error);

QwHostLevel   qw_event_place_host_level   (const QwRuleset *ruleset,
                                           const QwEvent   *event);
void          qw_event_follow_place       (const QwRuleset *ruleset,
                                           const QwEvent   *before,
                                           QwEvent         *event,
                                           QwEventFields    set);

GStrv         qw_event_honours_offered    (const QwRuleset *ruleset);
char         *qw_event_honours_normalize  (const QwRuleset *ruleset,
                                           const char      *text,
                                           char           **unknown);
const char   *qw_event_arbiter_grade_of   (const QwRuleset *ruleset,
                                           const char      *text);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (QwEventCheck, qw_event_check_free)

G_END_DECLS
