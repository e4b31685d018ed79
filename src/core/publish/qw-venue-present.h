/* qw-venue-present.h: several players checked in (签到) as one step
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "qw-document.h"

G_BEGIN_DECLS

/* One player: the group code and the number (序号) qw_venue_set_present()
 * takes. */
typedef struct
{
  const char *group;
  int         no;
} QwPresentMark;

/* Marks each of @marks present (or not) through qw_venue_set_present(), all
 * in one step of the history: one undo takes them all back. Nothing is
 * changed when one is refused. */
gboolean qw_venue_set_present_many (QwDocument          *doc,
                                    const QwPresentMark *marks,
                                    guint                n_marks,
                                    gboolean             present,
                                    GError             **error);

G_END_DECLS
