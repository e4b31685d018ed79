/* test-venue-present.c: several players checked in as one step (issue 20)
 *
 * The window's entries page checks in the players selected at once: one
 * step, one undo takes them all back; one refused mark changes nothing.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "qw-demo.h"
#include "qw-document-play.h"
#include "qw-error.h"
#include "qw-test.h"
#include "qw-tournament.h"
#include "qw-venue.h"
#include "qw-venue-present.h"

static char *tmp_dir;

static QwDocument *
demo (const char *name)
{
  g_autofree char *path = g_build_filename (tmp_dir, name, NULL);
  g_autoptr(GError) error = NULL;
  QwDocument *doc = qw_demo_create (path, &error);

  g_assert_no_error (error);
  qw_document_enable_history (doc);
  return doc;
}

static guint
present_in (QwDocument *doc,
            const char *group)
{
  guint total = 0;

  return qw_venue_count_present (doc, group, &total, NULL);
}

static void
test_one_step (void)
{
  g_autoptr(QwDocument) doc = demo ("one-step.qiwang");
  g_autoptr(QwSection) section = qw_tournament_find_section (doc, "open-f", FALSE, NULL);
  g_autoptr(GPtrArray) players = qw_document_list_section_entries (doc, section, NULL);
  QwPresentMark marks[3];
  g_autoptr(GError) error = NULL;
  gint64 before = qw_history_get_undo_step (qw_document_get_history (doc));

  for (guint i = 0; i < 3; i++)
    marks[i] = (QwPresentMark) { "open-f", ((QwEntry *) g_ptr_array_index (players, i))->no };
  g_assert_true (qw_venue_set_present_many (doc, marks, 3, TRUE, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (present_in (doc, "open-f"), ==, 3);
  g_assert_cmpint (qw_history_get_undo_step (qw_document_get_history (doc)), !=, before);
  /* One undo: all three. */
  g_assert_true (qw_document_undo (doc, 0, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (present_in (doc, "open-f"), ==, 0);
  g_assert_true (qw_document_redo (doc, 0, NULL, &error));
  g_assert_cmpuint (present_in (doc, "open-f"), ==, 3);
  /* And out again, together. */
  g_assert_true (qw_venue_set_present_many (doc, marks, 2, FALSE, &error));
  g_assert_cmpuint (present_in (doc, "open-f"), ==, 1);
}

static void
test_refused_changes_nothing (void)
{
  g_autoptr(QwDocument) doc = demo ("refused.qiwang");
  g_autoptr(QwSection) section = qw_tournament_find_section (doc, "open-f", FALSE, NULL);
  g_autoptr(GPtrArray) players = qw_document_list_section_entries (doc, section, NULL);
  QwPresentMark marks[2] = { { "open-f", ((QwEntry *) g_ptr_array_index (players, 0))->no }, { "open-f", 9999 } };
  g_autoptr(GError) error = NULL;

  g_assert_false (qw_venue_set_present_many (doc, marks, 2, TRUE, &error));
  g_assert_nonnull (error);
  g_assert_cmpuint (present_in (doc, "open-f"), ==, 0);
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  tmp_dir = qw_test_make_tmp_dir ("qiwang-venue-present-XXXXXX");
  g_test_add_func ("/venue-present/one-step", test_one_step);
  g_test_add_func ("/venue-present/refused-changes-nothing", test_refused_changes_nothing);
  status = g_test_run ();
  qw_test_remove_tree (tmp_dir);
  return status;
}
