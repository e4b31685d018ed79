/* qw-player-ref.c: a player as the arbiter types one
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-player-ref"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "qw-error.h"
#include "qw-player-ref.h"

/* How many candidates a message names before "…". */
#define MAX_CANDIDATES 6

static gboolean
is_bye (const char *text)
{
  return g_str_equal (text, "轮空") || g_ascii_strcasecmp (text, "bye") == 0 || g_str_equal (text, "-");
}

static const QwEntry *
by_number (GPtrArray *entries,
           int        no)
{
  for (guint i = 0; i < entries->len; i++)
    {
      const QwEntry *e = g_ptr_array_index (entries, i);

      if (e->no == no)
        return e;
    }
  return NULL;
}

static void
set_ambiguous (GError     **error,
               const char  *text,
               GPtrArray   *holders)
{
  g_autoptr(GString) names = g_string_new (NULL);

  for (guint i = 0; i < holders->len && i < MAX_CANDIDATES; i++)
    {
      const QwEntry *e = g_ptr_array_index (holders, i);

      if (i > 0)
        g_string_append (names, _(", "));
      g_string_append_printf (names, _("No. %d %s"), e->no, e->name);
    }
  if (holders->len > MAX_CANDIDATES)
    g_string_append (names, "…");
  g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
               _("“%s” names several players (%s): give the number"), text, names->str);
}

/**
 * qw_play_resolve_player:
 * @entries: (element-type QwEntry): the group's entries
 * @text: what was typed: a 序号, a name or a part of one, or, where
 *   @bye_allowed, 轮空, bye or - for the bye (compared after NFKC
 *   normalisation, spaces around dropped: full-width digits are digits)
 * @player: (out) (optional) (transfer none): the player named, for
 *   %QW_PLAYER_REF_PLAYER
 * @error: (optional): for %QW_PLAYER_REF_UNKNOWN and
 *   %QW_PLAYER_REF_AMBIGUOUS, why, naming the candidates of an ambiguous
 *   name
 *
 * A whole name that is one player's names that player even when it is a
 * part of other names; a part of a name names the one player whose name
 * holds it.
 *
 * Returns: what @text names
 */
QwPlayerRef
qw_play_resolve_player (GPtrArray      *entries,
                        const char     *text,
                        gboolean        bye_allowed,
                        const QwEntry **player,
                        GError        **error)
{
  g_autofree char *typed = g_utf8_normalize (text != NULL ? text : "", -1, G_NORMALIZE_ALL);
  g_autoptr(GPtrArray) holders = g_ptr_array_new ();
  const QwEntry *found = NULL;
  guint64 no;

  g_return_val_if_fail (entries != NULL, QW_PLAYER_REF_UNKNOWN);

  if (player != NULL)
    *player = NULL;
  if (typed == NULL)
    {
      g_set_error_literal (error, QW_ERROR, QW_ERROR_INVALID, _("The player is not valid text"));
      return QW_PLAYER_REF_UNKNOWN;
    }
  g_strstrip (typed);
  if (*typed == '\0')
    return QW_PLAYER_REF_EMPTY;
  if (bye_allowed && is_bye (typed))
    return QW_PLAYER_REF_BYE;
  if (g_ascii_string_to_unsigned (typed, 10, 1, G_MAXINT, &no, NULL))
    found = by_number (entries, (int) no);
  else
    for (guint i = 0; i < entries->len && found == NULL; i++)
      {
        const QwEntry *e = g_ptr_array_index (entries, i);

        if (g_strcmp0 (e->name, typed) == 0)
          found = e;
        else if (e->name != NULL && strstr (e->name, typed) != NULL)
          g_ptr_array_add (holders, (gpointer) e);
      }
  if (found == NULL && holders->len == 1)
    found = g_ptr_array_index (holders, 0);
  if (found != NULL)
    {
      if (player != NULL)
        *player = found;
      return QW_PLAYER_REF_PLAYER;
    }
  if (holders->len > 1)
    {
      set_ambiguous (error, typed, holders);
      return QW_PLAYER_REF_AMBIGUOUS;
    }
  g_set_error (error, QW_ERROR, QW_ERROR_NOT_FOUND, _("“%s” is no player of the group"), typed);
  return QW_PLAYER_REF_UNKNOWN;
}
