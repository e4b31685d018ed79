/* qw-document-text.h: a document's text checked once, where it enters
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <sqlite3.h>

G_BEGIN_DECLS

gboolean _qw_document_check_text (sqlite3     *db,
                                  const char  *display,
                                  GError     **error);

G_END_DECLS
