/* qw-trf-document.h: a group of a stop to and from a FIDE TRF
 *
 * A tournament paired elsewhere (Swiss-Manager, Vega, a Chinese pairing
 * program that writes TRF) comes in as a new group of the stop with its
 * players and every round as played; a group played here goes out as
 * TRF-2026, so that bbpPairings or JaVaFo can check its pairings. White is
 * red. ID numbers never go into a TRF.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "qw-document.h"
#include "qw-event.h"
#include "qw-game.h"
#include "qw-trf.h"

G_BEGIN_DECLS

typedef struct
{
  QwSection *section;    /* the group as stored */
  int        players;
  int        rounds;     /* rounds with games */
  int        games;      /* games and byes stored */
  GPtrArray *warnings;   /* char *, translated: what the file says that Qiwang reads otherwise */
} QwTrfImport;

void         qw_trf_import_free     (QwTrfImport     *import);
QwTrfImport *qw_trf_import_group    (QwDocument      *doc,
                                     const QwEvent   *event,
                                     const QwTrf     *trf,
                                     const char      *code,
                                     GError         **error);
QwTrf       *qw_trf_from_group      (QwDocument      *doc,
                                     const QwEvent   *event,
                                     const QwSection *section,
                                     guint           *unplayed,
                                     GError         **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (QwTrfImport, qw_trf_import_free)

G_END_DECLS
