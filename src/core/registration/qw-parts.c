/* qw-parts.c: the parts of the work a document offers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "qw-parts.h"

/**
 * qw_part_offered:
 * @kind: the document's kind
 * @ruleset: (nullable): the document's ruleset (none: nothing is offered)
 * @runs_event: the document runs an event of its own (a stop does; a
 *   region's or national document may, such as the provincial final)
 *
 * Whether a document offers @part: the region's part a region's document,
 * the national part a national one, the others one that runs an event; and
 * each only when the ruleset offers what it is about.
 */
gboolean
qw_part_offered (QwDocumentKind    kind,
                 const QwRuleset  *ruleset,
                 gboolean          runs_event,
                 QwPart            part)
{
  if (ruleset == NULL)
    return FALSE;
  switch (part)
    {
    case QW_PART_REGION:
      return kind == QW_DOCUMENT_REGION && qw_ruleset_offers (ruleset, QW_RULESET_REGIONS);
    case QW_PART_NATIONAL:
      return kind == QW_DOCUMENT_NATIONAL && qw_ruleset_offers (ruleset, QW_RULESET_REGIONS);
    case QW_PART_LADDER:
      return runs_event && qw_ruleset_offers (ruleset, QW_RULESET_LADDER);
    case QW_PART_PRIZES:
      return runs_event && qw_ruleset_offers (ruleset, QW_RULESET_FINAL);
    case QW_PART_ENTRIES:
    case QW_PART_ROUNDS:
    case QW_PART_STANDINGS:
      return runs_event;
    case QW_N_PARTS:
    default:
      return FALSE;
    }
}
