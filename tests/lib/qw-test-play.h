/* qw-test-play.h: the arbiter's actions as the tests call them
 *
 * The play services never change the section they are given; those that
 * change it return it as stored (qw-tournament.h). A test holds its
 * section and acts on it again and again: these take its address and put
 * the stored one in its place when the action succeeds. They do not
 * assert: a test checks what they return.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "qw-tournament.h"

G_BEGIN_DECLS

/* qw_tournament_pair() with %QW_PAIR_GATE_CHECK; @notes (optional) gets the
 * players left out. */
int        qw_test_pair               (QwDocument  *doc,
                                       QwSection  **section,
                                       GPtrArray  **notes,
                                       GError     **error);
int        qw_test_pair_gated         (QwDocument  *doc,
                                       QwSection  **section,
                                       QwPairGate   gate,
                                       GError     **error);
gboolean   qw_test_unpair_last        (QwDocument  *doc,
                                       QwSection  **section,
                                       gboolean     force,
                                       GError     **error);
gboolean   qw_test_update_section     (QwDocument  *doc,
                                       QwSection  **section,
                                       GError     **error);
guint64    qw_test_draw_lots          (QwDocument  *doc,
                                       QwSection  **section,
                                       GError     **error);

G_END_DECLS
