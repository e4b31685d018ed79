/* qw-qr-texture.c: a QR code as a texture, for a GtkPicture
 *
 * The publish dialog shows the address phones open, the add-device dialog
 * a device's join link: both draw the code the printouts draw (qw-qr.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "qw-qr.h"
#include "qw-qr-texture.h"

GdkTexture *
qw_qr_texture_new (const char *text,
                   int         module_px)
{
  cairo_surface_t *code = qw_qr_image (text, module_px);
  cairo_surface_t *argb;
  g_autoptr(GBytes) bytes = NULL;
  GdkTexture *texture;
  cairo_t *cr;
  int w, h;

  if (code == NULL)
    return NULL;
  w = cairo_image_surface_get_width (code);
  h = cairo_image_surface_get_height (code);
  /* RGB24 leaves its fourth byte undefined: GDK wants it opaque. */
  argb = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  cr = cairo_create (argb);
  cairo_set_source_surface (cr, code, 0, 0);
  cairo_paint (cr);
  cairo_destroy (cr);
  cairo_surface_flush (argb);
  bytes = g_bytes_new (cairo_image_surface_get_data (argb), (gsize) cairo_image_surface_get_stride (argb) * h);
  texture = gdk_memory_texture_new (w, h, GDK_MEMORY_DEFAULT, bytes, cairo_image_surface_get_stride (argb));
  cairo_surface_destroy (argb);
  cairo_surface_destroy (code);
  return texture;
}
