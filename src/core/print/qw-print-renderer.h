/* qw-print-renderer.h: what a printed document's renderer provides
 *
 * Each kind of document (qw-print.h's QwPrintKind) has one renderer, listed
 * in the kinds' table (qw-print-kinds.c). A QwPrintout runs it in two steps:
 *
 *   prepare  once, when the printout is made: reads what the kind needs
 *            beyond the model (the certificates read their layout file) and
 *            may choose the paper; may fail with an error for the user.
 *            NULL when there is nothing to prepare.
 *   render   on every layout (again when the paper changes): draws the whole
 *            document onto the canvas, given the model and what prepare made.
 *
 * A renderer draws with the canvas, frames and tables; it knows neither the
 * printout nor the other renderers. Private to src/core/print/.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "qw-print.h"
#include "qw-print-canvas.h"
#include "qw-print-model.h"

G_BEGIN_DECLS

/* @paper: on entry the request's paper, else the kind's usual one; the hook
 * may change it when the request left the paper to the default.
 * @data: (out): what render will be given, freed with the renderer's free_data */
typedef gboolean (*QwPrintPrepareFunc) (const QwPrintRequest  *request,
                                        QwPaper               *paper,
                                        gpointer              *data,
                                        GError               **error);
typedef void     (*QwPrintRenderFunc)  (QwCanvas              *canvas,
                                        const QwPModel        *model,
                                        gconstpointer          data);

typedef struct
{
  QwPrintPrepareFunc  prepare;      /* may be NULL */
  GDestroyNotify      free_data;    /* for what prepare made; may be NULL */
  QwPrintRenderFunc   render;
} QwPrintRenderer;

/* The renderers, each defined in its own file. */
extern const QwPrintRenderer _qw_print_pairings_renderer;      /* qw-print-games.c */
extern const QwPrintRenderer _qw_print_slips_renderer;         /* qw-print-games.c */
extern const QwPrintRenderer _qw_print_standings_renderer;     /* qw-print-standings.c */
extern const QwPrintRenderer _qw_print_crosstable_renderer;    /* qw-print-standings.c */
extern const QwPrintRenderer _qw_print_bracket_renderer;       /* qw-print-bracket.c */
extern const QwPrintRenderer _qw_print_certificates_renderer;  /* qw-certificate.c */
extern const QwPrintRenderer _qw_print_awards_renderer;        /* qw-certificate.c */
extern const QwPrintRenderer _qw_print_booklet_renderer;       /* qw-print-booklet.c */
extern const QwPrintRenderer _qw_print_checkin_renderer;       /* qw-print-lists.c */
extern const QwPrintRenderer _qw_print_seeding_renderer;       /* qw-print-lists.c */
extern const QwPrintRenderer _qw_print_prizes_renderer;        /* qw-print-prizes.c */
extern const QwPrintRenderer _qw_print_grades_renderer;        /* qw-print-grades.c */

G_END_DECLS
