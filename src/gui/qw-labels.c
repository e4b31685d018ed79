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
qw_system_label (QwSystem system)
{
  switch (system)
    {
    case QW_SYSTEM_ROUND_ROBIN:
      return _("Round robin (循环制)");
    case QW_SYSTEM_KNOCKOUT:
      return _("Knockout (淘汰制)");
    case QW_SYSTEM_SWISS:
    default:
      return _("Swiss (积分编排制)");
    }
}

const char *
qw_tiebreak_chain_label (const char *chain)
{
  return qw_tiebreak_preset_label (qw_tiebreak_preset_for_chain (chain));
}

const char *
qw_playoff_label (const QwGame *game)
{
  switch (game->playoff)
    {
    case QW_PLAYOFF_RED:
      return game->armageddon ? _("armageddon: red goes through") : _("play-off: red");
    case QW_PLAYOFF_BLACK:
      /* An armageddon goes to black on a draw as on a win: it is not shown as a black win. */
      return game->armageddon ? _("armageddon: black goes through") : _("play-off: black");
    case QW_PLAYOFF_NONE:
    default:
      return NULL;
    }
}
