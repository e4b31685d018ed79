/* qw-print-games.h: the pairings table, shared by the pairing sheet and the booklet
 *
 * Private to src/core/print/.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "qw-print-frame.h"
#include "qw-print-model.h"

G_BEGIN_DECLS

void        _qw_emit_pairings_table    (QwFrame        *frame,
                                        const QwPModel *model,
                                        const QwPGroup *group,
                                        int             round,
                                        gboolean        with_results,
                                        const char     *caption);

G_END_DECLS
