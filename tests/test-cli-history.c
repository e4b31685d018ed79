/* test-cli-history.c: one history for the window and qiwang-cli (issue 18)
 *
 * qiwang-cli undo DOC and redo DOC take back the document's last step as the
 * window's Ctrl+Z does, wherever it was made: the history is kept in the
 * document. A step the CLI makes is one the window can undo, and the
 * window's undo label follows it; a new step ends the redo, whoever makes
 * it. The old undo DOC GROUP ROUND BOARD still clears a result, with a note
 * that it is now clear-result.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <json-glib/json-glib.h>
#include <string.h>

#include "qw-document.h"
#include "qw-document-play.h"
#include "qw-error.h"
#include "qw-test.h"
#include "qw-test-cli.h"
#include "qw-tournament.h"

static char *tmp_dir;

static char *
new_document (const char *name)
{
  char *path = g_build_filename (tmp_dir, name, NULL);

  g_free (qw_test_cli_out ("simulate", path, "--system", "swiss", "--players", "8", "--rounds", "3", "--seed", "18",
                           NULL));
  return path;
}

/* The label undo or redo moved, from --json. */
static char *
moved_label (const char *json,
             const char *member)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonObject *o;

  json_parser_load_from_data (parser, json, -1, &error);
  g_assert_no_error (error);
  o = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpuint (json_object_get_size (o), ==, 1);
  return g_strdup (json_object_get_string_member (o, member));
}

static int
rounds_paired (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = qw_document_open_read_only (path, &error);
  g_autoptr(QwSection) section = NULL;

  g_assert_no_error (error);
  section = qw_tournament_find_section (doc, "open-m", FALSE, &error);
  g_assert_no_error (error);
  return qw_document_last_round (doc, section->id);
}

static QwResult
result_of (const char *path,
           int         round,
           int         board)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = qw_document_open_read_only (path, &error);
  g_autoptr(QwSection) section = NULL;
  g_autoptr(QwGame) game = NULL;

  g_assert_no_error (error);
  section = qw_tournament_find_section (doc, "open-m", FALSE, &error);
  game = qw_document_get_game (doc, section->id, round, board, &error);
  g_assert_no_error (error);
  return game->result;
}

/* undo DOC and redo DOC, in text and in JSON. */
static void
test_undo_redo (void)
{
  g_autofree char *path = new_document ("undo.qiwang");
  g_auto(QwTestRun) none = { 0 }, undone = { 0 }, redone = { 0 }, again = { 0 }, text = { 0 };
  g_autofree char *label = NULL, *label_again = NULL;

  /* A simulated document starts without a history, as a created one does. */
  qw_test_cli (&none, "undo", path, NULL);
  g_assert_cmpint (none.status, ==, 1);
  g_assert_nonnull (strstr (none.err, "Nothing to undo"));

  g_free (qw_test_cli_out ("unpair", path, "open-m", "--force", NULL));
  g_assert_cmpint (rounds_paired (path), ==, 2);
  qw_test_cli (&undone, "undo", path, "--json", NULL);
  g_assert_cmpint (undone.status, ==, 0);
  label = moved_label (undone.out, "undone");
  g_assert_cmpstr (label, ==, "Unpairing of round 3");
  g_assert_cmpint (rounds_paired (path), ==, 3);

  qw_test_cli (&redone, "redo", path, "--json", NULL);
  g_assert_cmpint (redone.status, ==, 0);
  label_again = moved_label (redone.out, "redone");
  g_assert_cmpstr (label_again, ==, "Unpairing of round 3");
  g_assert_cmpint (rounds_paired (path), ==, 2);
  qw_test_cli (&again, "redo", path, NULL);
  g_assert_cmpint (again.status, ==, 1);
  g_assert_nonnull (strstr (again.err, "Nothing to redo"));

  qw_test_cli (&text, "undo", path, NULL);
  g_assert_cmpint (text.status, ==, 0);
  g_assert_cmpstr (text.out, ==, "Undone: Unpairing of round 3\n");
}

/* The window and qiwang-cli share one history. */
static void
test_window_and_cli (void)
{
  g_autofree char *path = new_document ("shared.qiwang");
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) window = NULL;
  g_autoptr(QwSection) section = NULL;
  g_auto(QwTestRun) undone = { 0 }, redo = { 0 };
  QwHistory *history;
  QwResultInput win = { QW_RESULT_RED_WIN, 0, 0, QW_PLAYOFF_NONE, FALSE };

  g_free (qw_test_cli_out ("unpair", path, "open-m", "--force", NULL));
  g_free (qw_test_cli_out ("pair", path, "open-m", NULL));

  /* The window opens the document: the CLI's last step is the one to undo. */
  window = qw_document_open (path, &error);
  g_assert_no_error (error);
  qw_document_enable_history (window);
  history = qw_document_get_history (window);
  g_assert_false (qw_document_check_outside (window));
  g_assert_cmpstr (qw_history_get_undo_label (history), ==, "Pairing of round 3");

  /* A result entered in the window, undone by qiwang-cli undo. */
  section = qw_tournament_find_section (window, "open-m", FALSE, &error);
  g_assert_true (qw_tournament_record_result (window, section, 3, 1, &win, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (qw_history_get_undo_label (history), ==, "Result of round 3, board 1");
  qw_test_cli (&undone, "undo", path, NULL);
  g_assert_cmpint (undone.status, ==, 0);
  g_assert_cmpstr (undone.out, ==, "Undone: Result of round 3, board 1\n");
  g_assert_cmpint (result_of (path, 3, 1), ==, QW_RESULT_NONE);

  /* The window hears of it and offers to redo it; its redo is the step the
   * CLI took back. */
  g_assert_true (qw_document_check_outside (window));
  g_assert_cmpstr (qw_history_get_undo_label (history), ==, "Pairing of round 3");
  g_assert_cmpstr (qw_history_get_redo_label (history), ==, "Result of round 3, board 1");
  g_assert_true (qw_document_redo (window, qw_history_get_redo_step (history), NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (result_of (path, 3, 1), ==, QW_RESULT_RED_WIN);

  /* The CLI undoes it again, then makes a step of its own: the redo ends,
   * whoever made the step undone. */
  g_free (qw_test_cli_out ("undo", path, NULL));
  g_free (qw_test_cli_out ("result", path, "open-m", "3", "2", "0:2", NULL));
  g_assert_true (qw_document_check_outside (window));
  g_assert_false (qw_history_get_can_redo (history));
  g_assert_cmpstr (qw_history_get_undo_label (history), ==, "Result of round 3, board 2");
  qw_test_cli (&redo, "redo", path, NULL);
  g_assert_cmpint (redo.status, ==, 1);

  /* A step the window shows but another program has moved past since is
   * not taken back in its place. */
  g_free (qw_test_cli_out ("result", path, "open-m", "3", "3", "1:1", NULL));
  g_assert_false (qw_document_undo (window, qw_history_get_undo_step (history), NULL, &error));
  g_assert_error (error, QW_ERROR, QW_ERROR_STALE);
  g_assert_cmpint (result_of (path, 3, 3), ==, QW_RESULT_DRAW);
}

/* clear-result, and undo's old form: the same, with a note. */
static void
test_clear_result (void)
{
  g_autofree char *path = new_document ("clear.qiwang");
  g_auto(QwTestRun) old = { 0 }, undone = { 0 };

  g_free (qw_test_cli_out ("unpair", path, "open-m", "--force", NULL));
  g_free (qw_test_cli_out ("pair", path, "open-m", NULL));
  g_free (qw_test_cli_out ("result", path, "open-m", "3", "1", "2:0", NULL));
  g_free (qw_test_cli_out ("clear-result", path, "open-m", "3", "1", NULL));
  g_assert_cmpint (result_of (path, 3, 1), ==, QW_RESULT_NONE);

  g_free (qw_test_cli_out ("result", path, "open-m", "3", "1", "2:0", NULL));
  qw_test_cli (&old, "undo", path, "open-m", "3", "1", NULL);
  g_assert_cmpint (old.status, ==, 0);
  g_assert_nonnull (strstr (old.err, "is now “clear-result DOC GROUP ROUND BOARD”"));
  g_assert_cmpint (result_of (path, 3, 1), ==, QW_RESULT_NONE);
  /* Clearing a result is a step like any other. */
  qw_test_cli (&undone, "undo", path, NULL);
  g_assert_cmpstr (undone.out, ==, "Undone: Clearing the result of round 3, board 1\n");
  g_assert_cmpint (result_of (path, 3, 1), ==, QW_RESULT_RED_WIN);
}

/* Every file under @dir (or the file @path) as one text. */
static void
read_all (const char *path,
          GString    *into)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  if (dir == NULL)
    {
      g_autofree char *text = NULL;
      gsize length = 0;

      if (g_file_get_contents (path, &text, &length, NULL))
        g_string_append_len (into, text, (gssize) length);
      return;
    }
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      read_all (child, into);
    }
}

/* The history never leaves the document: no export holds a step's origin,
 * label or changeset. */
static void
test_exports (void)
{
  g_autofree char *path = new_document ("private.qiwang");
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = NULL;
  g_autoptr(QwSection) section = NULL;
  g_autoptr(GString) exported = g_string_new (NULL);
  QwResultInput input = { QW_RESULT_BLACK_WIN, 0, 0, QW_PLAYOFF_NONE, FALSE };
  const char *outs[] = { "private.xml", "public.xml", "public.html", "standings.xlsx", "site", NULL };

  g_free (qw_test_cli_out ("unpair", path, "open-m", "--force", NULL));
  g_free (qw_test_cli_out ("pair", path, "open-m", NULL));
  doc = qw_document_open (path, &error);
  g_assert_no_error (error);
  qw_document_set_step_origin (doc, "device:秘密平板");
  section = qw_tournament_find_section (doc, "open-m", FALSE, &error);
  g_assert_true (qw_tournament_record_result (doc, section, 3, 1, &input, &error));
  g_assert_no_error (error);
  g_clear_object (&doc);

  g_free (qw_test_cli_out ("export", path, "--out", outs[0], NULL));
  g_free (qw_test_cli_out ("export", path, "--out", outs[1], "--public", NULL));
  g_free (qw_test_cli_out ("export", path, "--out", outs[2], NULL));
  g_free (qw_test_cli_out ("export", path, "--out", outs[3], NULL));
  g_free (qw_test_cli_out ("export-site", path, "--out", outs[4], NULL));
  for (guint i = 0; outs[i] != NULL; i++)
    {
      g_autofree char *out = g_build_filename (tmp_dir, outs[i], NULL);

      read_all (out, exported);
    }
  g_assert_cmpuint (exported->len, >, 1000);
  g_assert_null (strstr (exported->str, "秘密平板"));
  g_assert_null (strstr (exported->str, "Result of round 3, board 1"));
  g_assert_null (strstr (exported->str, "Pairing of round 3"));
}

int
main (int    argc,
      char **argv)
{
  int status;

  qw_test_cli_init (&argc, &argv);
  tmp_dir = qw_test_make_tmp_dir ("qiwang-cli-history-XXXXXX");
  qw_test_cli_configure (&(QwTestCliOptions) { .dir = tmp_dir, .may_die = TRUE });
  g_test_add_func ("/cli-history/undo-redo", test_undo_redo);
  g_test_add_func ("/cli-history/window-and-cli", test_window_and_cli);
  g_test_add_func ("/cli-history/clear-result", test_clear_result);
  g_test_add_func ("/cli-history/exports", test_exports);
  status = g_test_run ();
  qw_test_remove_tree (tmp_dir);
  g_free (tmp_dir);
  return status;
}
