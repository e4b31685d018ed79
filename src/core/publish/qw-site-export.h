/* qw-site-export.h: the public pages as files, for an association's website
 *
 * One folder that mirrors the venue server's paths (DIR/index.html,
 * DIR/group/CODE/standings/index.html, …, links relative, so it works from
 * any web server and from the disk), the standings as JSON
 * (DIR/api/group/CODE/standings.json), a page for each certificate's code
 * (DIR/verify/CODE/index.html: the QR codes on certificates lead there when
 * the document's site address is this folder's), and one self-contained
 * file per group (DIR/CODE.html).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "qw-document.h"

G_BEGIN_DECLS

gboolean  qw_site_export        (QwDocument  *doc,
                                 const char  *dir,
                                 guint       *n_files,
                                 GError     **error);
gboolean  qw_site_export_over   (QwDocument  *doc,
                                 const char  *dir,
                                 gboolean     force,
                                 guint       *n_files,
                                 GError     **error);

/* The address where the exported folder is published (a document setting;
 * the QR codes of printouts point there when no venue server runs). */
char     *qw_site_get_url       (QwDocument  *doc);
gboolean  qw_site_set_url       (QwDocument  *doc,
                                 const char  *url,
                                 GError     **error);

G_END_DECLS
