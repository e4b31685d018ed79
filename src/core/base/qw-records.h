/* qw-records.h: rows of a region document that only the region layer reads
 *
 * A stop imported from its results file keeps its groups as it sent them:
 * the settings text carries the tie-break chain as received, and the
 * standings their values as received. The store keeps these rows as they
 * are; region/qw-region.c writes and reads their contents.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  gint64  id;             /* 0 until stored */
  gint64  event_id;
  char   *code;
  char   *name;
  char   *system;         /* "swiss", "round-robin", "knockout" */
  int     rounds;
  char   *settings;       /* section.settings, as written */
} QwSectionRecord;

typedef struct
{
  int     rank;           /* position, from 1 */
  gint64  entry_id;
  double  points;
  char   *values;         /* standing.tiebreaks, as written */
  /* Read back with the entry: */
  int     no;
  char   *name;
  char   *unit;
} QwStandingRecord;

QwSectionRecord  *qw_section_record_new   (void);
void           qw_section_record_free  (QwSectionRecord  *row);
QwStandingRecord *qw_standing_record_new  (void);
void           qw_standing_record_free (QwStandingRecord *row);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (QwSectionRecord, qw_section_record_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (QwStandingRecord, qw_standing_record_free)

G_END_DECLS
