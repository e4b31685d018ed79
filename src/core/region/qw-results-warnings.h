/* qw-results-warnings.h: what a results file carries that its reader should be told
 *
 * An ID number that Excel turned into a number (4.40104E+17) names nobody:
 * the gate and the entries page warn about it (id-excel-number, a warning,
 * never a block), and so does the export of the private results file, with
 * the same words. The file is still written: refusing it would keep the
 * whole stop's results from the province for a number the arbiter can
 * correct (报名 page, or `qiwang-cli entry DOC NO --id …`) and export again;
 * a rule of the gate holds everywhere or nowhere (issue 19 point 6).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "qw-results-file.h"

G_BEGIN_DECLS

/* (element-type utf8): one line per player (or pair member) whose ID
 * number is a number Excel made: "公开组男子 No. 3 王五: 4.40104E+17". Empty
 * for a public file (its numbers are masked). */
GPtrArray *qw_results_excel_ids      (const QwResults *results);
/* The warning to show, translated; %NULL when there is nothing to say. */
char      *qw_results_excel_warning  (const QwResults *results);
/* What the export of the private results file tells, translated, both faces
 * alike: the Excel-made ID numbers, then the dates of birth that are not
 * dates (found on the second new-user walk of issue 19: "2008年3月" and
 * "1953-02-29" went into the file without a word); %NULL when nothing. */
char      *qw_results_export_warning (const QwResults *results);

G_END_DECLS
