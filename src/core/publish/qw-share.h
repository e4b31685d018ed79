/* qw-share.h: a group's pairings or standings as one long image for WeChat
 *
 * 1080 pixels wide (sharp at a phone's full width), as long as the group
 * needs: the event's name, the group and round, the time of the last
 * result, the table, and a QR code of the page online when there is one.
 * Drawn with cairo and Pango (Noto Sans CJK). A group of more than 40
 * rows continues in further parts (path-2.png, …), each with the header,
 * the legend of the table's signs and the QR code.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>

#include "qw-document.h"
#include "qw-site.h"

G_BEGIN_DECLS

#define QW_SHARE_WIDTH 1080

typedef enum
{
  QW_SHARE_PAIRINGS = 0,
  QW_SHARE_STANDINGS,
} QwShareKind;

/* Every piece of text that goes into the image, as it is drawn (checks). */
typedef void (*QwShareTextFunc) (const char *text,
                                 gpointer    user_data);

typedef struct
{
  QwShareKind      kind;
  int              round;       /* pairings: the round, 0 = the latest */
  const char      *url;         /* nullable: the page online, drawn as a QR code */
  QwShareTextFunc  text_func;   /* nullable */
  gpointer         text_data;
} QwShareOptions;

gboolean   qw_share_kind_from_code (const char            *code,
                                    QwShareKind           *out);

/* Returns: (element-type cairo_surface_t): the image's parts, or %NULL
 * with @error (no such group or round, nothing to show yet). */
GPtrArray *qw_share_render         (const QwSite          *site,
                                    const char            *group,
                                    const QwShareOptions  *options,
                                    GError               **error);
/* Writes @path (and path-2.png, … for further parts); the URL of the QR
 * code is the document's live or published page when @options has none.
 * Returns: (element-type utf8): the files written, or %NULL with @error. */
GPtrArray *qw_share_write          (QwDocument            *doc,
                                    const char            *group,
                                    const QwShareOptions  *options,
                                    const char            *path,
                                    GError               **error);

G_END_DECLS
