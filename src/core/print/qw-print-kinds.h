/* qw-print-kinds.h: the table of printed documents
 *
 * One row per QwPrintKind: its code ("pairings"), its Chinese name, its usual
 * paper and its renderer. The public side (codes, names, papers) is declared
 * in qw-print.h; this is what the printout looks up. Private to
 * src/core/print/.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "qw-print.h"
#include "qw-print-renderer.h"

G_BEGIN_DECLS

const QwPrintRenderer *_qw_print_kind_renderer (QwPrintKind kind);

G_END_DECLS
