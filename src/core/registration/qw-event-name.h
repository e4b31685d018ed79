/* qw-event-name.h: the official event names of seed 002 §四
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "qw-event.h"
#include "qw-ruleset.h"

G_BEGIN_DECLS

typedef enum
{
  QW_NAME_FORM_FULL,         /* …广东赛区惠州市惠东县白花镇预选赛 */
  QW_NAME_FORM_LAST_TWO,     /* …广东赛区惠东（县）白花镇预选赛 */
  QW_NAME_FORM_LAST_ONE,     /* …广东赛区白花（镇）预选赛 */
  QW_N_NAME_FORMS
} QwNameForm;

char      *qw_event_name_build    (const QwRuleset *ruleset,
                                   const QwEvent   *event,
                                   QwNameForm       form);
GStrv      qw_event_name_forms    (const QwRuleset *ruleset,
                                   const QwEvent   *event);
int        qw_event_name_form_of  (const QwRuleset *ruleset,
                                   const QwEvent   *event,
                                   const char      *name);
GPtrArray *qw_event_name_check    (const QwRuleset *ruleset,
                                   const QwEvent   *event,
                                   const char      *name);
/* 惠东县 → 惠东（县）: a place with its level's suffix in brackets. */
char      *qw_place_bracketed     (const QwRuleset *ruleset,
                                   const char      *place);
char      *qw_event_champion_title (const QwRuleset *ruleset,
                                    const QwEvent   *event);

G_END_DECLS
