/* qw-qr.h: QR codes (libqrencode), drawn with cairo
 *
 * On printouts (pairing sheets, standings: the live or published page;
 * certificates: their verification page), on the WeChat image and in the
 * GUI's publish dialog. Error correction level M; the quiet zone of four
 * modules is part of the drawn square.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>
#include <glib.h>

G_BEGIN_DECLS

/* Draws the code of @text as a square of @size (user units) at @x, @y:
 * white background, black modules. FALSE when @text is too long to encode. */
gboolean         qw_qr_draw   (cairo_t    *cr,
                               const char *text,
                               double      x,
                               double      y,
                               double      size);
/* An image of the code, @module_px pixels a module (quiet zone included). */
cairo_surface_t *qw_qr_image  (const char *text,
                               int         module_px);

G_END_DECLS
