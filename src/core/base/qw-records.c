/* qw-records.c: rows of a region document that only the region layer reads
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "qw-records.h"

QwSectionRecord *
qw_section_record_new (void)
{
  return g_new0 (QwSectionRecord, 1);
}

void
qw_section_record_free (QwSectionRecord *row)
{
  if (row == NULL)
    return;
  g_free (row->code);
  g_free (row->name);
  g_free (row->system);
  g_free (row->settings);
  g_free (row);
}

QwStandingRecord *
qw_standing_record_new (void)
{
  return g_new0 (QwStandingRecord, 1);
}

void
qw_standing_record_free (QwStandingRecord *row)
{
  if (row == NULL)
    return;
  g_free (row->values);
  g_free (row->name);
  g_free (row->unit);
  g_free (row);
}
