/* qw-print-source.h: printing straight from a document
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "qw-document.h"
#include "qw-print.h"

G_BEGIN_DECLS

typedef struct
{
  const char *group;            /* a group's code or name; NULL: every group the kind applies to */
  int         round;            /* pairings, slips: the round (0: each group's latest);
                                 * standings: after this round (0: all) */
  QwPaper     paper;
  const char *template_path;    /* certificates, awards */
  double      offset_x_mm;
  double      offset_y_mm;
  int         max_place;        /* awards: 0 = 8 */
} QwPrintOptions;

QwPrintout  *qw_print_document          (QwDocument            *doc,
                                         QwPrintKind            kind,
                                         const QwPrintOptions  *options,
                                         GPtrArray            **notes,
                                         GError               **error);

G_END_DECLS
