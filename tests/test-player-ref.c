/* test-player-ref.c: a player as the arbiter types one (issue 18 point 4)
 *
 * The manual-pairing dialog and qiwang-cli pair-manual read a typed player
 * by one rule: a 序号, a name or a part of one, and for black the bye as
 * 轮空, bye or -; a name several players hold is refused with them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "qw-error.h"
#include "qw-player-ref.h"

static GPtrArray *
group (void)
{
  static const char *names[] = { "袁晓东", "陈晓东", "梁涛", "王伟", "王伟明", NULL };
  GPtrArray *entries = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_entry_free);

  for (int i = 0; names[i] != NULL; i++)
    {
      QwEntry *e = qw_entry_new ();

      e->id = 100 + i;
      e->no = i + 1;
      e->name = g_strdup (names[i]);
      g_ptr_array_add (entries, e);
    }
  return entries;
}

static gint64
resolved (GPtrArray  *entries,
          const char *text,
          gboolean    bye_allowed)
{
  g_autoptr(GError) error = NULL;
  const QwEntry *e = NULL;

  g_assert_cmpint (qw_play_resolve_player (entries, text, bye_allowed, &e, &error), ==, QW_PLAYER_REF_PLAYER);
  g_assert_no_error (error);
  return e->id;
}

static void
test_numbers_and_names (void)
{
  g_autoptr(GPtrArray) entries = group ();

  g_assert_cmpint (resolved (entries, "3", FALSE), ==, 102);
  g_assert_cmpint (resolved (entries, " ３ ", FALSE), ==, 102);         /* full-width, spaces */
  g_assert_cmpint (resolved (entries, "梁涛", FALSE), ==, 102);
  g_assert_cmpint (resolved (entries, "涛", FALSE), ==, 102);           /* a part of one name */
  g_assert_cmpint (resolved (entries, "袁晓", FALSE), ==, 100);
  /* A whole name is that player's, though another name holds it too. */
  g_assert_cmpint (resolved (entries, "王伟", FALSE), ==, 103);
  g_assert_cmpint (resolved (entries, "伟明", FALSE), ==, 104);
}

static void
test_bye (void)
{
  g_autoptr(GPtrArray) entries = group ();
  g_autoptr(GError) error = NULL;
  const char *byes[] = { "轮空", "bye", "BYE", "-", NULL };

  for (guint i = 0; byes[i] != NULL; i++)
    g_assert_cmpint (qw_play_resolve_player (entries, byes[i], TRUE, NULL, NULL), ==, QW_PLAYER_REF_BYE);
  /* Red is never the bye. */
  g_assert_cmpint (qw_play_resolve_player (entries, "轮空", FALSE, NULL, &error), ==, QW_PLAYER_REF_UNKNOWN);
  g_assert_error (error, QW_ERROR, QW_ERROR_NOT_FOUND);
  g_assert_cmpint (qw_play_resolve_player (entries, "  ", TRUE, NULL, NULL), ==, QW_PLAYER_REF_EMPTY);
}

static void
test_refused (void)
{
  g_autoptr(GPtrArray) entries = group ();
  g_autoptr(GError) ambiguous = NULL;
  g_autoptr(GError) unknown = NULL;
  const QwEntry *e = NULL;

  g_assert_cmpint (qw_play_resolve_player (entries, "晓东", FALSE, &e, &ambiguous), ==, QW_PLAYER_REF_AMBIGUOUS);
  g_assert_null (e);
  g_assert_error (ambiguous, QW_ERROR, QW_ERROR_INVALID);
  /* The message names the candidates. */
  g_assert_nonnull (strstr (ambiguous->message, "袁晓东"));
  g_assert_nonnull (strstr (ambiguous->message, "陈晓东"));
  g_assert_cmpint (qw_play_resolve_player (entries, "9", FALSE, &e, &unknown), ==, QW_PLAYER_REF_UNKNOWN);
  g_assert_error (unknown, QW_ERROR, QW_ERROR_NOT_FOUND);
  g_assert_cmpint (qw_play_resolve_player (entries, "张三", TRUE, NULL, NULL), ==, QW_PLAYER_REF_UNKNOWN);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/player-ref/numbers-and-names", test_numbers_and_names);
  g_test_add_func ("/player-ref/bye", test_bye);
  g_test_add_func ("/player-ref/refused", test_refused);
  return g_test_run ();
}
