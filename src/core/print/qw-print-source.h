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
  const char *site_url;         /* QR codes: the public pages' address; NULL: the venue server's
                                 * when one publishes the document, else the document's setting */
  gboolean    unfinished_ok;    /* certificates, awards: a group that has not finished is printed
                                 * (marked 成绩未确定, no verification code) instead of refused */
} QwPrintOptions;

/* While a venue server publishes the document at @doc_path (publish/), the
 * QR codes of its printouts point to @url ("http://192.168.1.5:8080/");
 * %NULL when it stops. Thread-safe. */
void         qw_print_set_live_url      (const char            *doc_path,
                                         const char            *url);
char        *qw_print_get_site_url      (QwDocument            *doc);

QwPrintout  *qw_print_document          (QwDocument            *doc,
                                         QwPrintKind            kind,
                                         const QwPrintOptions  *options,
                                         GPtrArray            **notes,
                                         GError               **error);

G_END_DECLS
