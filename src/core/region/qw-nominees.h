/* qw-nominees.h: a region's nominees for the national final, and the
 * national document that collects every region's
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "qw-document.h"
#include "qw-document-region.h"
#include "qw-list-sheet.h"
#include "qw-nominee.h"
#include "qw-quota.h"
#include "qw-results-file.h"
#include "qw-ruleset.h"

G_BEGIN_DECLS

/* The size limit, QW_NOMINEES_MAX_BYTES, is in qw-file.h with the others. */


typedef struct
{
  char      *region;
  char      *ruleset;
  char      *tier;         /* "A", "B", or "" when the association decides */
  int        leader;
  char      *final_name;
  GPtrArray *nominees;     /* QwNominee, by quota line, then place */
  GPtrArray *bonuses;      /* QwQuotaBonus: extra places that the host names */
  GPtrArray *notes;        /* translated: lines that the final's standings cannot fill */
  char      *digest;       /* when read from or written to a file */
  gboolean   is_public;    /* read from a public file: ID numbers masked, no dates of birth */
  gboolean   national;     /* a national document's list: every region's nominees, each with its
                            * own region (and the regions that named a player twice) */
} QwNomineeList;

QwNomineeList *qw_nominee_list_new       (void);
void           qw_nominee_list_free      (QwNomineeList    *list);

QwNomineeList *qw_nominees_select        (const QwRuleset  *ruleset,
                                          const QwQuota    *quota,
                                          const QwResults  *final,
                                          const char       *region);
QwNomineeList *qw_region_nominees          (QwDocument     *doc,
                                           GError        **error);
char          *qw_nominees_to_xml        (const QwNomineeList *list,
                                          char            **digest,
                                          GError          **error);
char          *qw_nominees_to_xml_form   (const QwNomineeList *list,
                                          gboolean          public_form,
                                          char            **digest,
                                          GError          **error);
QwNomineeList *qw_nominees_read_memory   (const char       *data,
                                          gsize             length,
                                          const char       *display_name,
                                          GError          **error);
QwNomineeList *qw_nominees_read_file     (const char       *path,
                                          GError          **error);
char          *qw_nominees_to_csv        (const QwNomineeList *list,
                                          gboolean          mask_ids);
QwListSheet   *qw_nominees_list_sheet    (const QwNomineeList *list,
                                          gboolean          mask_ids);

/* The national document (qw-national.c; qw_document_list_nominees() is the store's) */
typedef struct
{
  char      *id_number;
  char      *name;
  GStrv      regions;      /* every region that nominated the player, sorted */
  char      *message;
} QwNomineeDuplicate;

/* A national document's nominees as one list: each with its region, quota
 * line and group, marked when two regions named the player. */
QwNomineeList *qw_national_nominees          (QwDocument          *doc,
                                              GError             **error);
gboolean       qw_national_import_nominees   (QwDocument          *doc,
                                              const QwNomineeList *list,
                                              int                 *replaced,
                                              GError             **error);
GPtrArray     *qw_national_nominee_duplicates (QwDocument         *doc,
                                               GError            **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (QwNomineeList, qw_nominee_list_free)

G_END_DECLS
