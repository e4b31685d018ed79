/* qw-qr.c: QR codes (libqrencode), drawn with cairo
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-print"

#include "config.h"

#include <qrencode.h>

#include "qw-qr.h"

#define QUIET 4

static QRcode *
encode (const char *text)
{
  if (text == NULL || *text == '\0')
    return NULL;
  return QRcode_encodeString (text, 0, QR_ECLEVEL_M, QR_MODE_8, 1);
}

static void
draw_modules (cairo_t      *cr,
              const QRcode *code,
              double        x,
              double        y,
              double        module)
{
  cairo_save (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_rectangle (cr, x, y, (code->width + 2 * QUIET) * module, (code->width + 2 * QUIET) * module);
  cairo_fill (cr);
  cairo_set_source_rgb (cr, 0, 0, 0);
  for (int row = 0; row < code->width; row++)
    for (int col = 0; col < code->width; col++)
      if (code->data[row * code->width + col] & 1)
        cairo_rectangle (cr, x + (col + QUIET) * module, y + (row + QUIET) * module, module, module);
  /* Adjacent squares filled in one path leave no hairlines between them. */
  cairo_set_antialias (cr, CAIRO_ANTIALIAS_NONE);
  cairo_fill (cr);
  cairo_restore (cr);
}

gboolean
qw_qr_draw (cairo_t    *cr,
            const char *text,
            double      x,
            double      y,
            double      size)
{
  QRcode *code = encode (text);

  if (code == NULL)
    return FALSE;
  draw_modules (cr, code, x, y, size / (code->width + 2 * QUIET));
  QRcode_free (code);
  return TRUE;
}

cairo_surface_t *
qw_qr_image (const char *text,
             int         module_px)
{
  QRcode *code = encode (text);
  cairo_surface_t *surface;
  cairo_t *cr;
  int side;

  if (code == NULL)
    return NULL;
  side = (code->width + 2 * QUIET) * module_px;
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, side, side);
  cr = cairo_create (surface);
  draw_modules (cr, code, 0, 0, module_px);
  cairo_destroy (cr);
  QRcode_free (code);
  return surface;
}
