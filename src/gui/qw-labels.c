/* qw-labels.c: names for people of the play vocabulary the core keeps as codes
 *
 * The tie-breaks and their presets are named by the core's one table
 * (play/qw-tiebreak.h); the systems and play-offs by these, in the same
 * words as the group settings dialog.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-labels"

#include "config.h"

#include <glib/gi18n.h>

#include "qw-labels.h"
#include "qw-tiebreak.h"

const char *
qw_tiebreak_chain_label (const char *chain)
{
  return qw_tiebreak_preset_label (qw_tiebreak_preset_for_chain (chain));
}
