/* test-ui-walk.c: the day of a stop, walked in the GUI as issue 9's tester did
 *
 * A fresh stop in Chinese: a 43-row GB18030 list as Excel writes it, with
 * the rows organisers get wrong (tests/data/make-walk-lists.py); the
 * starting ranks and the lots; the entries that keep round 1 from being
 * paired, answered one by one (fixed, excluded, let play), each undoable;
 * results from the keyboard; a late-entry list after round 1, asked about
 * at once; a late entry typed in and admitted from the list before the next
 * pairing; an absence (请假) and a withdrawal chosen by search; seven rounds;
 * every print; the results file; and a region that imports it and records
 * when its rules were published. Also: a Swiss too small for its rounds is
 * warned about as it is set up.
 *
 * Writes screenshot-starting-rank.png, screenshot-blocked-entries.png and
 * screenshot-late-entry.png into the build directory. Needs a display (run
 * under Xvfb, in zh_CN).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>

#include "qw-admit-dialog.h"
#include "qw-board-item.h"
#include "qw-entries-page.h"
#include "qw-entry-dialog.h"
#include "qw-entry-item.h"
#include "qw-gate-dialog.h"
#include "qw-player-chooser.h"
#include "qw-print-dialog.h"
#include "qw-region-page.h"
#include "qw-region.h"
#include "qw-results-file.h"
#include "qw-rounds-page.h"
#include "qw-section-dialog.h"
#include "qw-seed-item.h"
#include "qw-stop-item.h"
#include "qw-standings-page.h"
#include "qw-tournament.h"
#include "qw-window.h"
#include "qw-date.h"
#include "qw-document-entries.h"
#include "qw-document-play.h"
#include "qw-entry-check.h"
#include "qw-entry.h"
#include "qw-event.h"
#include "qw-test-documents.h"
#include "qw-test-window.h"
#include "ui-wait.h"

static char *tmp_dir;

#define GROUP "open-m"

/* A stop as the new-stop dialog leaves it: its details, no entries. */
static char *
fresh_stop (const char *name)
{
  g_autoptr(QwEvent) event = qw_event_new ();

  event->name = g_strdup ("2021年第六届全国象棋业余棋王赛广东赛区惠州市惠东县平山街道预选赛");
  event->region = g_strdup ("广东");
  event->place_city = g_strdup ("惠州市");
  event->place_county = g_strdup ("惠东县");
  event->place_town = g_strdup ("平山街道");
  event->host = g_strdup ("惠东县平山街道文化站");
  event->chief_arbiter = g_strdup ("林建华");
  event->chief_arbiter_grade = g_strdup ("二级裁判");
  event->start_date = qw_date_make (2021, 7, 10);
  event->end_date = qw_date_make (2021, 7, 11);
  event->rounds = 7;
  return qw_test_stop_document (tmp_dir, name, event);
}

static char *
data_file (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", name, NULL);
}

/* The stop's entry of @name, as the document stores it. */
static QwEntry *
entry_named (QwWindow   *window,
             const char *name)
{
  g_autoptr(GError) error = NULL;
  const QwEvent *event = qw_document_context_get_event (qw_window_get_context (window));
  g_autoptr(GPtrArray) entries = qw_document_list_entries (qw_window_get_document (window), event->id, &error);
  QwEntry *found = NULL;

  g_assert_no_error (error);
  for (guint i = 0; i < entries->len; i++)
    {
      QwEntry *e = g_ptr_array_index (entries, i);

      if (g_strcmp0 (e->name, name) == 0)
        {
          g_assert_null (found);
          found = qw_entry_copy (e);
        }
    }
  return found;
}

/* The entry numbered @no. */
static QwEntry *
entry_no (QwWindow *window,
          int       no)
{
  g_autoptr(GError) error = NULL;
  const QwEvent *event = qw_document_context_get_event (qw_window_get_context (window));
  g_autoptr(GPtrArray) entries = qw_document_list_entries (qw_window_get_document (window), event->id, &error);

  for (guint i = 0; i < entries->len; i++)
    if (((QwEntry *) g_ptr_array_index (entries, i))->no == no)
      return qw_entry_copy (g_ptr_array_index (entries, i));
  return NULL;
}

static QwSection *
group_section (QwWindow *window)
{
  return qw_document_context_find_section (qw_window_get_context (window), GROUP, NULL);
}

static gboolean
on_a_board (QwRoundsPage *rounds,
            gint64        entry_id)
{
  GListModel *boards = qw_rounds_page_get_boards (rounds);

  for (guint i = 0; i < g_list_model_get_n_items (boards); i++)
    {
      g_autoptr(QwBoardItem) board = g_list_model_get_item (boards, i);
      const QwGame *game = qw_board_item_get_game (board);

      if (game->red == entry_id || game->black == entry_id)
        return TRUE;
    }
  return FALSE;
}

/* Every board of the round shown, from the keyboard: board 1 first, the
 * selection moving on by itself; red wins, black wins and draws in turn. */
static void
enter_round (QwWindow     *window,
             QwRoundsPage *rounds,
             int           round)
{
  GListModel *boards = qw_rounds_page_get_boards (rounds);
  static const guint keys[] = { GDK_KEY_1, GDK_KEY_3, GDK_KEY_1, GDK_KEY_2, GDK_KEY_3 };
  g_autofree char *complete = NULL;
  guint n = g_list_model_get_n_items (boards), open = 0;

  g_assert_cmpint (qw_rounds_page_get_round (rounds), ==, round);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(QwBoardItem) board = g_list_model_get_item (boards, i);

      open += !qw_board_item_is_bye (board);
    }
  qw_rounds_page_select_board (rounds, 0);
  for (guint i = 0; i < open; i++)
    g_assert_true (qw_rounds_page_key_result (rounds, keys[(i + (guint) round) % G_N_ELEMENTS (keys)]));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(QwBoardItem) board = g_list_model_get_item (boards, i);

      g_assert_true (qw_board_item_is_bye (board) || qw_board_item_has_result (board));
    }
  complete = round < 7 ? g_strdup_printf (_("Every result of round %d is in: round %d can be paired (Ctrl+R)"), round,
                                          round + 1)
                       : g_strdup_printf (_("Every result of round %d is in"), round);
  qw_test_wait_toast (GTK_WIDGET (window), complete);
}

/* Pairs the next round from the rounds page's button (Ctrl+R); the players
 * not paired (excluded, absent) are listed, and the list closed. */
static void
pair_round (QwWindow     *window,
            QwRoundsPage *rounds,
            int           round)
{
  g_autofree char *paired = g_strdup_printf (_("Round %d paired"), round);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (rounds), "rounds.pair-next", NULL));
  g_assert_null (qw_test_find_toplevel (QW_TYPE_GATE_DIALOG));
  qw_test_wait_toast (GTK_WIDGET (window), paired);
  qw_test_close_toplevels (ADW_TYPE_MESSAGE_DIALOG);
  g_assert_cmpint (qw_rounds_page_get_round (rounds), ==, round);
}

typedef struct
{
  QwGateDialog *gate;
  guint         n_blocked;
} BlockedWait;

static gboolean
blocks (gpointer data)
{
  BlockedWait *w = data;

  return qw_gate_dialog_get_n_blocked (w->gate) == w->n_blocked;
}

/* The list follows a change it did not make (an undo, an admission) at an
 * idle: the test waits for it. */
static void
wait_blocked (QwGateDialog *gate,
              guint         n_blocked)
{
  BlockedWait w = { gate, n_blocked };

  qw_test_wait_until (blocks, &w, "the gate dialog to list the blocked entries again");
}

static const QwGateItem *
gate_item (QwGateDialog *gate,
           gint64        entry_id)
{
  GPtrArray *items = qw_gate_dialog_get_items (gate);

  for (guint i = 0; i < items->len; i++)
    if (((QwGateItem *) g_ptr_array_index (items, i))->entry->id == entry_id)
      return g_ptr_array_index (items, i);
  return NULL;
}

static void
export_pdf (QwWindow    *window,
            QwPrintKind  kind,
            const char  *group,
            int          round)
{
  g_autoptr(GError) error = NULL;
  QwPrintDialog *dialog = qw_print_dialog_new (GTK_WINDOW (window), qw_window_get_document (window), kind, group,
                                               round);
  g_autofree char *name = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GFile) file = NULL;
  g_autofree char *written = NULL;

  gtk_window_present (GTK_WINDOW (dialog));
  g_assert_nonnull (qw_print_dialog_get_printout (dialog));
  name = qw_print_dialog_suggest_name (dialog);
  path = g_build_filename (tmp_dir, name, NULL);
  file = g_file_new_for_path (path);
  g_assert_true (qw_print_dialog_export_pdf (dialog, file, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  written = g_strdup_printf (_("PDF written: %s"), name);
  qw_test_wait_toast (GTK_WIDGET (dialog), written);
  gtk_window_destroy (GTK_WINDOW (dialog));
}

/* The walk, part 1: the list, its check, the starting ranks. */
static void
walk_registration (QwWindow      *window,
                   QwEntriesPage *entries)
{
  g_autofree char *csv = data_file ("walk-list-1.csv");
  g_autoptr(GFile) csv_file = g_file_new_for_path (csv);
  g_autoptr(QwEntry) id_only = NULL;
  GListModel *model = qw_entries_page_get_model (entries);
  GtkWindow *report;

  qw_entries_page_import_file (entries, csv_file);
  qw_test_wait_false (entries, "busy");
  report = qw_test_wait_toplevel (ADW_TYPE_MESSAGE_DIALOG);
  g_assert_cmpstr (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (report)), ==, _("Registration List Imported"));
  g_assert_nonnull (strstr (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (report)), "GB18030"));
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (report), "close");
  qw_test_close_toplevels (ADW_TYPE_MESSAGE_DIALOG);
  qw_test_wait_items (model, 43);
  /* A row with only the ID number: sex and birth date are stored from it. */
  id_only = entry_named (window, "曾志明");
  g_assert_nonnull (id_only);
  g_assert_cmpint (id_only->sex, ==, QW_SEX_MALE);
  g_assert_cmpstr (id_only->birth, ==, "1991-03-05");
}

/* Part 2: the starting ranks before round 1, the lots drawn as one step. */
static void
walk_starting_ranks (QwWindow     *window,
                     QwRoundsPage *rounds)
{
  g_autoptr(QwSection) section = NULL;
  g_autofree char *label = NULL;
  g_autofree char *undone = NULL;
  g_autoptr(QwSeedItem) first = NULL;
  GListModel *seeds;

  qw_window_show_page (window, "rounds");
  qw_test_wait_mapped (GTK_WIDGET (rounds));
  g_assert_true (qw_rounds_page_select_group (rounds, GROUP));
  g_assert_cmpint (qw_rounds_page_get_round (rounds), ==, 0);
  seeds = qw_rounds_page_get_seeds (rounds);
  /* The players who can play (the blocked ones are not drawn). */
  g_assert_cmpuint (g_list_model_get_n_items (seeds), >=, 30);
  /* By rating: the best rated first, the 运动健将 (2380) marked as not paired
   * until answered, then 李伟 (2100). */
  first = g_list_model_get_item (seeds, 0);
  g_assert_cmpint (qw_seed_item_get_seed (first)->seed, ==, 1);
  g_assert_cmpstr (qw_seed_item_get_seed (first)->name, ==, "钟国强");
  {
    g_autofree char *note = NULL;
    g_autoptr(QwSeedItem) second = g_list_model_get_item (seeds, 1);

    g_object_get (first, "note", &note, NULL);
    g_assert_nonnull (strstr (note, qw_problem_short_label (QW_PROBLEM_TOO_STRONG)));
    g_assert_cmpstr (qw_seed_item_get_seed (second)->name, ==, "李伟");
  }
  g_assert_true (qw_test_label_shown (GTK_WIDGET (rounds), qw_seeding_method_label ("rating")));
  /* The unrated are placed by lot: draw the lots now, one step. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (rounds), "rounds.draw-lots", NULL));
  section = group_section (window);
  g_assert_cmpuint (section->settings.lottery_seed, !=, 0);
  label = g_strdup_printf (_("Drawing lots for group %s"), section->name);
  g_assert_cmpstr (qw_history_get_undo_label (qw_document_get_history (qw_window_get_document (window))), ==, label);
  {
    g_autofree char *seed = g_strdup_printf ("%" G_GUINT64_FORMAT, section->settings.lottery_seed);

    g_assert_true (qw_test_label_shown (GTK_WIDGET (rounds), seed));
  }
  qw_test_wait_no_toast (GTK_WIDGET (window));
  qw_test_screenshot (GTK_WIDGET (window), "screenshot-starting-rank.png");
  /* Undone and redone from the window. */
  undone = g_strdup_printf (_("Undone: %s"), label);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  qw_test_wait_toast (GTK_WIDGET (window), undone);
  g_clear_pointer (&section, qw_section_free);
  section = group_section (window);
  g_assert_cmpuint (section->settings.lottery_seed, ==, 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  /* The list prints, with the method and the seed. */
  export_pdf (window, QW_PRINT_SEEDING, GROUP, 0);
  export_pdf (window, QW_PRINT_CHECKIN, GROUP, 0);
}

/* Part 3: round 1 is asked for; the blocked entries are listed and answered. */
static void
walk_gate (QwWindow     *window,
           QwRoundsPage *rounds)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwEntry) strong = entry_named (window, "钟国强");
  g_autoptr(QwEntry) nameless = entry_no (window, 39);
  g_autoptr(QwEntry) passport = entry_named (window, "陈嘉豪");
  g_autoptr(QwEntry) old_form = entry_named (window, "罗永年");
  QwGateDialog *gate;
  QwEntryDialog *entry_dialog;
  g_autoptr(QwEntry) named = NULL;
  g_autofree char *undone = NULL;

  g_assert_cmpstr (nameless->name, ==, "");
  /* Ctrl+R: nothing is paired, the list shows why. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (rounds), "rounds.pair-next", NULL));
  gate = QW_GATE_DIALOG (qw_test_wait_toplevel (QW_TYPE_GATE_DIALOG));
  g_assert_cmpint (qw_rounds_page_get_round (rounds), ==, 0);
  g_assert_cmpuint (qw_gate_dialog_get_n_blocked (gate), ==, 3);
  g_assert_true (gate_item (gate, strong->id)->blocking & QW_PROBLEM_BIT (QW_PROBLEM_TOO_STRONG));
  g_assert_true (gate_item (gate, nameless->id)->blocking & QW_PROBLEM_BIT (QW_PROBLEM_MISSING_NAME));
  g_assert_true (gate_item (gate, passport->id)->blocking & QW_PROBLEM_BIT (QW_PROBLEM_DOCUMENT_NOT_ACCEPTED));
  /* The old 15-digit number is a warning only. */
  g_assert_cmpuint (gate_item (gate, old_form->id)->blocking, ==, 0);
  g_assert_true (gate_item (gate, old_form->id)->warnings & QW_PROBLEM_BIT (QW_PROBLEM_ID_OLD_FORM));
  /* Problems in words, in Chinese. */
  g_assert_true (qw_test_label_shown (GTK_WIDGET (gate), qw_problem_message (QW_PROBLEM_TOO_STRONG)));
  /* Round 1 cannot be paired from here yet. */
  g_assert_false (gtk_widget_is_sensitive (qw_test_find_action_button (GTK_WIDGET (gate), "gate.pair")));
  qw_test_screenshot (GTK_WIDGET (gate), "screenshot-blocked-entries.png");

  /* The 运动健将 is excluded (不具备参赛资格): one step, undone with Ctrl+Z in the list. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (gate), "gate.exclude", "x", strong->id));
  g_assert_cmpuint (qw_gate_dialog_get_n_blocked (gate), ==, 2);
  g_assert_null (gate_item (gate, strong->id));
  g_clear_pointer (&strong, qw_entry_free);
  strong = entry_named (window, "钟国强");
  g_assert_cmpint (strong->status, ==, QW_STATUS_EXCLUDED);
  {
    g_autofree char *label = g_strdup_printf (_("Exclusion of %s"), "钟国强");

    undone = g_strdup_printf (_("Undone: %s"), label);
  }
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (gate), "win.undo", NULL));
  /* The toast is over the list, with its Redo. */
  qw_test_wait_toast (GTK_WIDGET (gate), undone);
  wait_blocked (gate, 3);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (gate), "win.redo", NULL));
  wait_blocked (gate, 2);

  /* The row without a name is fixed in the entry dialog. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (gate), "gate.fix", "x", nameless->id));
  entry_dialog = QW_ENTRY_DIALOG (qw_test_wait_toplevel (QW_TYPE_ENTRY_DIALOG));
  named = qw_entry_copy (nameless);
  g_free (named->name);
  named->name = g_strdup ("钟小明");
  qw_entry_dialog_fill (entry_dialog, named);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (entry_dialog), "entry.save", NULL));
  qw_test_close_toplevels (QW_TYPE_ENTRY_DIALOG);
  g_assert_cmpuint (qw_gate_dialog_get_n_blocked (gate), ==, 1);

  /* The passport holder plays anyway, logged. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (gate), "gate.allow", "x", passport->id));
  g_assert_cmpuint (qw_gate_dialog_get_n_blocked (gate), ==, 0);
  g_assert_true (gtk_widget_is_sensitive (qw_test_find_action_button (GTK_WIDGET (gate), "gate.pair")));
  g_assert_nonnull (gate_item (gate, passport->id));
  g_assert_cmpuint (gate_item (gate, passport->id)->allowed, !=, 0);

  /* Nothing blocks: round 1 is paired from the list. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (gate), "gate.pair", NULL));
  g_assert_null (qw_test_find_toplevel (QW_TYPE_GATE_DIALOG));
  qw_test_close_toplevels (ADW_TYPE_MESSAGE_DIALOG);
  g_assert_cmpint (qw_rounds_page_get_round (rounds), ==, 1);
  g_assert_false (on_a_board (rounds, strong->id));
  g_assert_true (on_a_board (rounds, nameless->id));
  g_assert_true (on_a_board (rounds, passport->id));
  g_assert_no_error (error);
}

/* Part 4: the late-entry list after round 1, asked about at once. */
static void
walk_late_list (QwWindow      *window,
                QwEntriesPage *entries)
{
  g_autofree char *csv = data_file ("walk-list-2.csv");
  g_autoptr(GFile) csv_file = g_file_new_for_path (csv);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwEntry) first = NULL;
  g_autoptr(QwEntry) second = NULL;
  g_autoptr(QwEntry) again = NULL;
  g_autoptr(QwSection) section = NULL;
  g_autoptr(GPtrArray) absences = NULL;
  QwAdmitDialog *admit;
  GtkWindow *report;
  guint late_absences = 0;

  qw_window_show_page (window, "entries");
  qw_entries_page_import_file (entries, csv_file);
  qw_test_wait_false (entries, "busy");
  report = qw_test_wait_toplevel (ADW_TYPE_MESSAGE_DIALOG);
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (report), "close");
  /* Two new entries wait; the player of the first list again is merged. */
  qw_test_wait_items (qw_entries_page_get_model (entries), 45);
  again = entry_named (window, "陈杰");
  g_assert_cmpstr (again->phone, ==, "13922223333");
  g_assert_cmpint (again->status, ==, QW_STATUS_ACTIVE);
  admit = QW_ADMIT_DIALOG (qw_test_wait_toplevel (QW_TYPE_ADMIT_DIALOG));
  g_assert_cmpuint (qw_admit_dialog_get_n_rows (admit), ==, 2);
  /* The first gets a point for the round missed; the second the default 0. */
  qw_admit_dialog_set_points (admit, 0, 1, 1);
  qw_test_screenshot (GTK_WIDGET (admit), "screenshot-late-entry.png");
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (admit), "admit");
  qw_test_close_toplevels (QW_TYPE_ADMIT_DIALOG);
  first = entry_named (window, "许文强");
  second = entry_named (window, "蔡志坚");
  g_assert_cmpint (first->status, ==, QW_STATUS_ACTIVE);
  g_assert_cmpint (second->status, ==, QW_STATUS_ACTIVE);
  section = group_section (window);
  absences = qw_tournament_list_absences (qw_window_get_document (window), section, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < absences->len; i++)
    {
      const QwAbsence *a = g_ptr_array_index (absences, i);

      g_assert_cmpint (a->round, ==, 1);
      g_assert_cmpint (a->kind, ==, QW_ABSENCE_LATE);
      if (a->entry_id == first->id)
        g_assert_cmpfloat (a->points, ==, 1);
      else
        {
          g_assert_cmpint (a->entry_id, ==, second->id);
          g_assert_cmpfloat (a->points, ==, 0);
        }
      late_absences++;
    }
  g_assert_cmpuint (late_absences, ==, 2);
}

/* Part 5: a late entry typed in, not admitted at once: it waits, and the
 * list before round 2 offers to admit it. */
static void
walk_late_typed (QwWindow      *window,
                 QwEntriesPage *entries,
                 QwRoundsPage  *rounds)
{
  g_autoptr(QwEntry) typed = qw_entry_new ();
  g_autoptr(QwEntry) stored = NULL;
  QwEntryDialog *entry_dialog;
  QwAdmitDialog *admit;
  QwGateDialog *gate;

  typed->name = g_strdup ("彭海涛");
  typed->sex = QW_SEX_MALE;
  typed->birth = g_strdup ("1984-10-21");
  typed->id_number = g_strdup ("441323198410210511");
  typed->unit = g_strdup ("平山街道棋友会");
  typed->rating = 1810;
  gtk_widget_activate_action (GTK_WIDGET (window), "win.add-entry", NULL);
  entry_dialog = QW_ENTRY_DIALOG (qw_test_wait_toplevel (QW_TYPE_ENTRY_DIALOG));
  qw_entry_dialog_fill (entry_dialog, typed);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (entry_dialog), "entry.save", NULL));
  qw_test_close_toplevels (QW_TYPE_ENTRY_DIALOG);
  admit = QW_ADMIT_DIALOG (qw_test_wait_toplevel (QW_TYPE_ADMIT_DIALOG));
  g_assert_cmpuint (qw_admit_dialog_get_n_rows (admit), ==, 1);
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (admit), "later");
  qw_test_close_toplevels (QW_TYPE_ADMIT_DIALOG);
  stored = entry_named (window, "彭海涛");
  g_assert_cmpint (stored->status, ==, QW_STATUS_LATE);
  /* The rating is stored, and the entries page shows it waiting. */
  g_assert_cmpint (stored->rating, ==, 1810);
  {
    GListModel *model = qw_entries_page_get_model (entries);
    gboolean shown = FALSE;

    for (guint i = 0; i < g_list_model_get_n_items (model); i++)
      {
        g_autoptr(QwEntryItem) item = g_list_model_get_item (model, i);
        g_autofree char *status = NULL;

        if (qw_entry_item_get_entry (item)->id != stored->id)
          continue;
        g_object_get (item, "status-text", &status, NULL);
        g_assert_cmpstr (status, ==, _("Late, waiting"));
        shown = TRUE;
      }
    g_assert_true (shown);
  }

  /* Round 2 is asked for: the late entry is in the list, to admit. */
  qw_window_show_page (window, "rounds");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (rounds), "rounds.pair-next", NULL));
  gate = QW_GATE_DIALOG (qw_test_wait_toplevel (QW_TYPE_GATE_DIALOG));
  g_assert_cmpuint (qw_gate_dialog_get_n_blocked (gate), ==, 1);
  g_assert_true (gate_item (gate, stored->id)->blocking & QW_PROBLEM_BIT (QW_PROBLEM_LATE_ENTRY));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (gate), "gate.admit", "x", stored->id));
  admit = QW_ADMIT_DIALOG (qw_test_wait_toplevel (QW_TYPE_ADMIT_DIALOG));
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (admit), "admit");
  qw_test_close_toplevels (QW_TYPE_ADMIT_DIALOG);
  wait_blocked (gate, 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (gate), "gate.pair", NULL));
  g_assert_null (qw_test_find_toplevel (QW_TYPE_GATE_DIALOG));
  qw_test_close_toplevels (ADW_TYPE_MESSAGE_DIALOG);
  g_assert_cmpint (qw_rounds_page_get_round (rounds), ==, 2);
  g_assert_true (on_a_board (rounds, stored->id));
}

/* Part 6: 请假 for round 3, and a withdrawal, both found by search; the
 * selected board's red player is offered first. */
static void
walk_absence (QwWindow     *window,
              QwRoundsPage *rounds)
{
  g_autoptr(QwEntry) absent = entry_named (window, "李伟");
  g_autoptr(QwEntry) leaving = entry_named (window, "邹凡");
  g_autofree char *toast = NULL;
  QwPlayerChooser *chooser;
  GtkWindow *dialog;

  qw_rounds_page_select_board (rounds, 0);
  gtk_widget_activate_action (GTK_WIDGET (rounds), "rounds.absent", NULL);
  dialog = qw_test_wait_toplevel (ADW_TYPE_MESSAGE_DIALOG);
  chooser = QW_PLAYER_CHOOSER (qw_test_find_child (GTK_WIDGET (dialog), QW_TYPE_PLAYER_CHOOSER));
  {
    g_autoptr(QwBoardItem) board = g_list_model_get_item (qw_rounds_page_get_boards (rounds), 0);

    g_assert_cmpint (qw_player_chooser_get_selected (chooser)->id, ==, qw_board_item_get_game (board)->red);
  }
  qw_player_chooser_set_search (chooser, "李伟");
  g_assert_cmpuint (qw_player_chooser_get_n_shown (chooser), ==, 1);
  g_assert_cmpint (qw_player_chooser_get_selected (chooser)->id, ==, absent->id);
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "mark");
  qw_test_close_toplevels (ADW_TYPE_MESSAGE_DIALOG);
  toast = g_strdup_printf (_("%s is absent (请假) from round %d: not paired, 0 points"), "李伟", 3);
  qw_test_wait_toast (GTK_WIDGET (window), toast);

  /* A withdrawal, found by its number. */
  gtk_widget_activate_action (GTK_WIDGET (rounds), "rounds.withdraw", NULL);
  dialog = qw_test_wait_toplevel (ADW_TYPE_MESSAGE_DIALOG);
  chooser = QW_PLAYER_CHOOSER (qw_test_find_child (GTK_WIDGET (dialog), QW_TYPE_PLAYER_CHOOSER));
  {
    g_autofree char *no = g_strdup_printf ("%d", leaving->no);

    qw_player_chooser_set_search (chooser, no);
  }
  g_assert_cmpint (qw_player_chooser_get_selected (chooser)->id, ==, leaving->id);
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "mark");
  qw_test_close_toplevels (ADW_TYPE_MESSAGE_DIALOG);
  g_clear_pointer (&leaving, qw_entry_free);
  leaving = entry_named (window, "邹凡");
  g_assert_cmpint (leaving->status, ==, QW_STATUS_WITHDRAWN);

  pair_round (window, rounds, 3);
  g_assert_false (on_a_board (rounds, absent->id));
  g_assert_false (on_a_board (rounds, leaving->id));
}

/* Part 7: every print, the results file, the region. */
static void
walk_documents (QwWindow *window)
{
  g_autofree char *results = g_build_filename (tmp_dir, "平山街道预选赛-成绩表.xml", NULL);
  g_autoptr(GFile) results_file = g_file_new_for_path (results);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwResults) read = NULL;
  gboolean found_excluded = FALSE, found_id_only = FALSE, found_late = FALSE;

  export_pdf (window, QW_PRINT_PAIRINGS, GROUP, 7);
  export_pdf (window, QW_PRINT_SLIPS, GROUP, 7);
  export_pdf (window, QW_PRINT_STANDINGS, GROUP, 7);
  export_pdf (window, QW_PRINT_BOOKLET, NULL, 0);
  export_pdf (window, QW_PRINT_CERTIFICATES, GROUP, 0);
  export_pdf (window, QW_PRINT_CHECKIN, NULL, 0);
  export_pdf (window, QW_PRINT_SEEDING, GROUP, 0);
  /* The technical-grade application sheet is in the print dialog too, and
   * its PDF is private (birth dates): issue 19 point 17. */
  {
    g_autoptr(GError) grades_error = NULL;
    QwPrintDialog *dialog = qw_print_dialog_new (GTK_WINDOW (window), qw_window_get_document (window),
                                                 QW_PRINT_GRADES, GROUP, 0);
    g_autofree char *name = NULL;
    g_autofree char *path = NULL;
    g_autoptr(GFile) file = NULL;
    GStatBuf st;

    gtk_window_present (GTK_WINDOW (dialog));
    qw_test_wait_drawn (GTK_WIDGET (dialog));
    qw_test_screenshot (GTK_WIDGET (dialog), "screenshot-print-grades.png");
    name = qw_print_dialog_suggest_name (dialog);
    g_assert_nonnull (strstr (name, "技术等级申报表"));
    path = g_build_filename (tmp_dir, name, NULL);
    file = g_file_new_for_path (path);
    g_assert_true (qw_print_dialog_export_pdf (dialog, file, &grades_error));
    g_assert_no_error (grades_error);
    g_assert_cmpint (g_stat (path, &st), ==, 0);
    g_assert_cmpint (st.st_mode & 0777, ==, 0600);
    gtk_window_destroy (GTK_WINDOW (dialog));
  }

  g_assert_true (qw_window_export_results (window, results_file, FALSE));
  qw_test_wait_until (qw_test_not_exporting, window, "the results file to be written");
  read = qw_results_read_file (results, &error);
  g_assert_no_error (error);
  for (guint g = 0; g < read->groups->len; g++)
    {
      QwResultsGroup *group = g_ptr_array_index (read->groups, g);

      for (guint i = 0; i < group->players->len; i++)
        {
          const QwEntry *p = g_ptr_array_index (group->players, i);

          if (g_strcmp0 (p->name, "钟国强") == 0)
            {
              g_assert_cmpint (p->status, ==, QW_STATUS_EXCLUDED);
              found_excluded = TRUE;
            }
          if (g_strcmp0 (p->name, "曾志明") == 0)
            {
              g_assert_cmpint (p->sex, ==, QW_SEX_MALE);
              g_assert_cmpstr (p->birth, ==, "1991-03-05");
              found_id_only = TRUE;
            }
          found_late |= g_strcmp0 (p->name, "许文强") == 0;
        }
      if (g_str_equal (group->code, GROUP))
        {
          g_assert_cmpint (group->rounds, ==, 7);
          g_assert_cmpuint (group->absences->len, >=, 3);
        }
    }
  g_assert_true (found_excluded && found_id_only && found_late);
}

static void
walk_region (const char *results)
{
  g_autofree char *path = g_build_filename (tmp_dir, "广东赛区.qiwang", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GError) error = NULL;
  g_autofree char *rules_warning = NULL;
  QwWindow *window;
  QwRegionPage *page;
  guint warnings;

  {
    g_autoptr(QwDocument) doc = NULL;

    g_unlink (path);
    doc = qw_document_create (path, QW_DOCUMENT_REGION, &error);
    g_assert_no_error (error);
    g_assert_true (qw_region_setup (doc, "广东", "qiwang-2021", &error));
  }
  window = qw_test_new_window (1280, 800);
  g_assert_true (qw_window_open_file (window, file));
  page = QW_REGION_PAGE (qw_window_get_page (window, "region"));
  qw_test_wait_mapped (GTK_WIDGET (page));
  g_ptr_array_add (files, g_file_new_for_path (results));
  qw_region_page_import_files (page, files);
  qw_test_wait_false (page, "busy");
  qw_test_wait_toplevel (ADW_TYPE_MESSAGE_DIALOG);
  qw_test_close_toplevels (ADW_TYPE_MESSAGE_DIALOG);
  g_assert_cmpuint (g_list_model_get_n_items (qw_region_page_get_model (page)), ==, 1);
  /* 参赛人数: 46 entries, but the 运动健将 found ineligible took no part. */
  {
    g_autoptr(QwStopItem) stop = g_list_model_get_item (qw_region_page_get_model (page), 0);

    g_assert_cmpint (qw_stop_item_get_participants (stop), ==, 45);
  }
  /* The rules' day is not recorded: a warning, with a button to record it. */
  rules_warning = qw_region_check_rules_published (qw_document_context_get_ruleset (qw_window_get_context (window)),
                                                   QW_DATE_NONE);
  g_assert_true (qw_test_label_shown (GTK_WIDGET (page), rules_warning));
  warnings = qw_region_page_get_n_warnings (page);
  g_assert_true (qw_region_page_set_rules_published (page, qw_date_make (2021, 5, 10), &error));
  g_assert_no_error (error);
  g_assert_false (qw_test_label_shown (GTK_WIDGET (page), rules_warning));
  g_assert_cmpuint (qw_region_page_get_n_warnings (page), ==, warnings - 1);
  g_assert_true (qw_test_label_shown (GTK_WIDGET (page), "2021-05-10"));
  {
    QwDate day = qw_region_get_rules_published (qw_window_get_document (window));

    g_assert_cmpint (qw_date_compare (day, qw_date_make (2021, 5, 10)), ==, 0);
  }
  /* One step: undone, the warning is back. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  qw_test_wait_reloaded (GTK_WIDGET (page));
  g_assert_true (qw_test_label_shown (GTK_WIDGET (page), rules_warning));
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_walk (void)
{
  g_autofree char *path = fresh_stop ("平山街道预选赛.qiwang");
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *results = g_build_filename (tmp_dir, "平山街道预选赛-成绩表.xml", NULL);
  QwWindow *window = qw_test_new_window (1280, 800);
  QwEntriesPage *entries;
  QwRoundsPage *rounds;

  g_assert_true (qw_window_open_file (window, file));
  entries = QW_ENTRIES_PAGE (qw_window_get_page (window, "entries"));
  qw_test_wait_mapped (GTK_WIDGET (entries));
  walk_registration (window, entries);
  qw_window_show_page (window, "rounds");
  rounds = QW_ROUNDS_PAGE (qw_window_get_page (window, "rounds"));
  walk_starting_ranks (window, rounds);
  walk_gate (window, rounds);
  enter_round (window, rounds, 1);
  walk_late_list (window, entries);
  walk_late_typed (window, entries, rounds);
  enter_round (window, rounds, 2);
  walk_absence (window, rounds);
  enter_round (window, rounds, 3);
  for (int r = 4; r <= 7; r++)
    {
      pair_round (window, rounds, r);
      enter_round (window, rounds, r);
    }
  /* Round 7 was the last: nothing more to pair. */
  g_assert_false (gtk_widget_is_sensitive (qw_test_find_action_button (GTK_WIDGET (rounds), "rounds.pair-next")));
  /* The standings say who was excluded. */
  qw_window_show_page (window, "standings");
  {
    QwStandingsPage *standings = QW_STANDINGS_PAGE (qw_window_get_page (window, "standings"));
    g_autofree char *excluded = g_strdup_printf (_("%s (excluded)"), "钟国强");
    GListModel *rows;
    gboolean shown = FALSE;

    qw_test_wait_mapped (GTK_WIDGET (standings));
    g_assert_true (qw_standings_page_select_group (standings, GROUP));
    rows = qw_standings_page_get_rows (standings);
    for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
      {
        g_autoptr(GObject) row = g_list_model_get_item (rows, i);
        g_autofree char *name = NULL;

        g_object_get (row, "name", &name, NULL);
        shown |= g_strcmp0 (name, excluded) == 0;
      }
    g_assert_true (shown);
  }
  walk_documents (window);
  gtk_window_destroy (GTK_WINDOW (window));
  walk_region (results);
}

/* A Swiss too small for its rounds is warned about in the group's settings,
 * with the round robin one click away (issue 9 item 12). */
static void
test_field_warning (void)
{
  g_autofree char *path = fresh_stop ("公开组女子.qiwang");
  g_autofree char *csv = data_file ("walk-list-1.csv");
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) csv_file = g_file_new_for_path (csv);
  QwWindow *window = qw_test_new_window (1280, 800);
  QwEntriesPage *entries;
  QwRoundsPage *rounds;
  QwSectionDialog *dialog;
  AdwComboRow *system;

  g_assert_true (qw_window_open_file (window, file));
  entries = QW_ENTRIES_PAGE (qw_window_get_page (window, "entries"));
  qw_test_wait_mapped (GTK_WIDGET (entries));
  qw_entries_page_import_file (entries, csv_file);
  qw_test_wait_false (entries, "busy");
  qw_test_close_toplevels (ADW_TYPE_MESSAGE_DIALOG);
  qw_window_show_page (window, "rounds");
  rounds = QW_ROUNDS_PAGE (qw_window_get_page (window, "rounds"));
  qw_test_wait_mapped (GTK_WIDGET (rounds));
  /* Three women over seven rounds. */
  g_assert_true (qw_rounds_page_select_group (rounds, "open-f"));
  g_assert_true (qw_test_label_shown (GTK_WIDGET (rounds), "3"));
  gtk_widget_activate_action (GTK_WIDGET (rounds), "rounds.settings", NULL);
  dialog = QW_SECTION_DIALOG (qw_test_wait_toplevel (QW_TYPE_SECTION_DIALOG));
  g_assert_nonnull (qw_section_dialog_get_field_warning (dialog));
  g_assert_nonnull (strstr (qw_section_dialog_get_field_warning (dialog), "循环"));
  qw_test_screenshot (GTK_WIDGET (dialog), "screenshot-field-warning.png");
  system = ADW_COMBO_ROW (qw_test_find_child (GTK_WIDGET (dialog), ADW_TYPE_COMBO_ROW));
  /* "Play as round robin": the system changes, the warning goes. */
  g_signal_emit_by_name (qw_test_find_button (GTK_WIDGET (dialog), _("Play as _Round Robin")), "clicked");
  g_assert_cmpuint (adw_combo_row_get_selected (system), ==, QW_SYSTEM_ROUND_ROBIN);
  g_assert_null (qw_section_dialog_get_field_warning (dialog));
  /* Back to the Swiss with fewer rounds than the field allows: no warning. */
  adw_combo_row_set_selected (system, QW_SYSTEM_SWISS);
  g_assert_nonnull (qw_section_dialog_get_field_warning (dialog));
  gtk_window_destroy (GTK_WINDOW (dialog));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int    argc,
      char **argv)
{
  qw_test_ui_init (&argc, &argv);
  /* Dialogs and stacks switch at once. */
  qw_test_stop_animations ();
  tmp_dir = g_dir_make_tmp ("qiwang-ui-walk-XXXXXX", NULL);
  g_test_add_func ("/ui-walk/walk", test_walk);
  g_test_add_func ("/ui-walk/field-warning", test_field_warning);
  return g_test_run ();
}
