/* qw-qr-texture.h: a QR code as a texture, for a GtkPicture
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* The code of @text (print/qw-qr.h), @module_px pixels a module; NULL when
 * @text is too long to encode. */
GdkTexture *qw_qr_texture_new (const char *text,
                               int         module_px);

G_END_DECLS
