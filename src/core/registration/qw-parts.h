/* qw-parts.h: the parts of the work a document offers
 *
 * What a document holds decides what can be done with it: a stop runs its
 * event (entries, rounds, standings), a region's document its stops and
 * quota, a national one the regions' nominees; and the ruleset decides the
 * rest (the 2021 regions and their quotas, the 2022 ladder and prize list:
 * qw_ruleset_offers()). The window shows a page for each part offered.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "qw-document.h"
#include "qw-ruleset-championship.h"

G_BEGIN_DECLS

typedef enum
{
  QW_PART_REGION = 0,    /* a region's stops, quota and final */
  QW_PART_NATIONAL,      /* the regions' nominees */
  QW_PART_LADDER,        /* the online ladder */
  QW_PART_ENTRIES,       /* the event's entries */
  QW_PART_ROUNDS,        /* its rounds */
  QW_PART_STANDINGS,     /* its standings */
  QW_PART_PRIZES,        /* a final's rankings, teams and prize list */
  QW_N_PARTS
} QwPart;

gboolean  qw_part_offered  (QwDocumentKind    kind,
                            const QwRuleset  *ruleset,
                            gboolean          runs_event,
                            QwPart            part);

G_END_DECLS
