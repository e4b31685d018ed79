/* qw-results-export.h: a document's events as results files (成绩表)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "qw-document.h"
#include "qw-results-file.h"

G_BEGIN_DECLS

/* Computed standings for an event
 * run in the document, the received ones for an imported stop. */
QwResults          *qw_results_from_event      (QwDocument        *doc,
                                                gint64             event_id,
                                                GError           **error);
QwResults          *qw_results_from_document   (QwDocument        *doc,
                                                GError           **error);

G_END_DECLS
