/* test-ui-page.c: a page follows the document through QwPage (issue 18 point 2)
 *
 * A change is read by a hidden page only when it is shown, and then once;
 * a shown page reads many changes in one reload; a reload keeps the
 * selection; and a page hears a topic it names whether the change was the
 * user's, an undo, or another program's commit. The pages' "reloaded"
 * signal counts the reloads.
 *
 * Needs a display (run under Xvfb, in zh_CN).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>

#include "qw-demo.h"
#include "qw-document-watch.h"
#include "qw-entries-page.h"
#include "qw-entry-item.h"
#include "qw-registration.h"
#include "qw-rounds-page.h"
#include "qw-window.h"
#include "qw-date.h"
#include "qw-document-entries.h"
#include "qw-entry.h"
#include "qw-event.h"
#include "qw-test.h"
#include "ui-wait.h"

#define N_MADE 12

static char *tmp_dir;

/* A stop with f.n_entries players, opened in a new window on its entries page. */
typedef struct
{
  char          *path;
  QwWindow      *window;
  QwEntriesPage *entries;
  guint          n_entries;   /* shown when opened */
  guint          n_reloads;   /* of the page counted (count_reloads ()) */
} Fixture;

static void
reloaded_cb (QwPage  *page,
             Fixture *f)
{
  f->n_reloads++;
}

static void
count_reloads (Fixture   *f,
               GtkWidget *page)
{
  f->n_reloads = 0;
  g_signal_connect (page, "reloaded", G_CALLBACK (reloaded_cb), f);
}

static void
fixture_open (Fixture    *f,
              const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = NULL;
  g_autoptr(QwEvent) event = qw_event_new ();
  g_autoptr(QwRuleset) ruleset = qw_test_ruleset ();
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(GFile) file = NULL;

  f->path = g_build_filename (tmp_dir, name, NULL);
  doc = qw_document_create (f->path, QW_DOCUMENT_STOP, &error);
  g_assert_no_error (error);
  event->name = g_strdup ("惠州市惠东县平山街道预选赛");
  event->region = g_strdup ("广东");
  event->start_date = qw_date_make (2021, 7, 10);
  event->rounds = 5;
  g_assert_true (qw_document_add_event (doc, event, &error));
  entries = qw_demo_make_entries (31, N_MADE, event->start_date);
  qw_entries_place (ruleset, entries, event->start_date);
  g_assert_true (qw_document_add_entries (doc, event->id, entries, &error));
  g_assert_no_error (error);
  g_clear_object (&doc);

  f->window = qw_test_new_window (1280, 800);
  file = g_file_new_for_path (f->path);
  g_assert_true (qw_window_open_file (f->window, file));
  f->entries = QW_ENTRIES_PAGE (qw_window_get_page (f->window, "entries"));
  qw_test_wait_mapped (GTK_WIDGET (f->entries));
  f->n_entries = g_list_model_get_n_items (qw_entries_page_get_model (f->entries));
  g_assert_cmpuint (f->n_entries, >=, 10);
}

static void
fixture_close (Fixture *f)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  g_unlink (f->path);
  g_free (f->path);
}

static QwDocument *
doc_of (Fixture *f)
{
  return qw_window_get_document (f->window);
}

/* One entry added as the entries page's dialog adds it: a step. */
static gint64
add_entry (QwDocument *doc,
           guint32     seed)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwEvent) event = qw_document_get_main_event (doc, &error);
  g_autoptr(QwRuleset) ruleset = qw_test_ruleset ();
  g_autoptr(GPtrArray) made = qw_demo_make_entries (seed, 1, event->start_date);
  QwEntry *entry = g_ptr_array_index (made, 0);

  g_assert_true (qw_registration_add_entry (doc, ruleset, event, entry, &error));
  g_assert_no_error (error);
  return entry->id;
}

static guint
n_shown (Fixture *f)
{
  return g_list_model_get_n_items (qw_entries_page_get_model (f->entries));
}

/* Runs the main loop until nothing is left to do now: the idles a change
 * scheduled have run. */
static void
settle (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* A hidden page reads nothing; shown, it reads what changed, once. */
static void
test_hidden_page (void)
{
  Fixture f = { 0 };
  GtkWidget *rounds;

  fixture_open (&f, "hidden.qiwang");
  rounds = qw_window_get_page (f.window, "rounds");
  qw_window_show_page (f.window, "rounds");
  qw_test_wait_mapped (rounds);
  g_assert_false (gtk_widget_get_mapped (GTK_WIDGET (f.entries)));
  count_reloads (&f, GTK_WIDGET (f.entries));

  add_entry (doc_of (&f), 101);
  add_entry (doc_of (&f), 102);
  /* The rounds page, shown, follows the entries too: its reload has run. */
  qw_test_wait_reloaded (rounds);
  settle ();
  g_assert_cmpuint (f.n_reloads, ==, 0);
  g_assert_true (qw_page_is_pending (QW_PAGE (f.entries)));
  g_assert_cmpuint (n_shown (&f), ==, f.n_entries);

  qw_window_show_page (f.window, "entries");
  qw_test_wait_mapped (GTK_WIDGET (f.entries));
  g_assert_cmpuint (f.n_reloads, ==, 1);
  g_assert_false (qw_page_is_pending (QW_PAGE (f.entries)));
  g_assert_cmpuint (n_shown (&f), ==, f.n_entries + 2);
  /* Nothing is read again after. */
  qw_test_wait_drawn (GTK_WIDGET (f.entries));
  settle ();
  g_assert_cmpuint (f.n_reloads, ==, 1);
  fixture_close (&f);
}

/* Many changes while the page is shown: one reload, after them. */
static void
test_changes_coalesce (void)
{
  Fixture f = { 0 };

  fixture_open (&f, "coalesce.qiwang");
  count_reloads (&f, GTK_WIDGET (f.entries));
  for (guint32 i = 0; i < 5; i++)
    add_entry (doc_of (&f), 200 + i);
  /* Nothing is read while the steps are made. */
  g_assert_cmpuint (f.n_reloads, ==, 0);
  g_assert_cmpuint (n_shown (&f), ==, f.n_entries);
  qw_test_wait_reloaded (GTK_WIDGET (f.entries));
  settle ();
  g_assert_cmpuint (f.n_reloads, ==, 1);
  g_assert_cmpuint (n_shown (&f), ==, f.n_entries + 5);

  /* Five undos, then four redos: one reload again. */
  for (guint i = 0; i < 5; i++)
    g_assert_true (qw_history_undo (qw_document_get_history (doc_of (&f)), NULL, NULL));
  for (guint i = 0; i < 4; i++)
    g_assert_true (qw_history_redo (qw_document_get_history (doc_of (&f)), NULL, NULL));
  qw_test_wait_reloaded (GTK_WIDGET (f.entries));
  settle ();
  g_assert_cmpuint (f.n_reloads, ==, 2);
  g_assert_cmpuint (n_shown (&f), ==, f.n_entries + 4);
  fixture_close (&f);
}

static gint64
id_at (Fixture *f,
       guint    position)
{
  g_autoptr(QwEntryItem) item = g_list_model_get_item (qw_entries_page_get_model (f->entries), position);

  return qw_entry_item_get_entry (item)->id;
}

static int
compare_ids (gconstpointer a,
             gconstpointer b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;

  return x < y ? -1 : x > y;
}

static GtkSelectionModel *
selection_of (Fixture *f)
{
  GtkWidget *view = qw_test_find_child (GTK_WIDGET (f->entries), GTK_TYPE_COLUMN_VIEW);

  return gtk_column_view_get_model (GTK_COLUMN_VIEW (view));
}

/* The ids of the entries selected on the page, sorted. */
static GArray *
selected_ids (Fixture *f)
{
  g_autoptr(GtkBitset) set = gtk_selection_model_get_selection (selection_of (f));
  GArray *ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  GtkBitsetIter iter;
  guint position;

  if (gtk_bitset_iter_init_first (&iter, set, &position))
    do
      {
        gint64 id = id_at (f, position);

        g_array_append_val (ids, id);
      }
    while (gtk_bitset_iter_next (&iter, &position));
  g_array_sort (ids, compare_ids);
  return ids;
}

/* A reload selects again the entries that were selected, where they are
 * now; an entry deleted meanwhile is not selected, nor is a new one. */
static void
test_selection_kept (void)
{
  Fixture f = { 0 };
  GtkSelectionModel *selection;
  g_autoptr(GArray) before = NULL;
  g_autoptr(GArray) after = NULL;
  g_autoptr(GPtrArray) doomed = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_entry_free);
  g_autoptr(GError) error = NULL;
  gint64 kept[2];

  fixture_open (&f, "selection.qiwang");
  selection = selection_of (&f);
  g_assert_true (gtk_selection_model_select_item (selection, 2, TRUE));
  g_assert_true (gtk_selection_model_select_item (selection, 5, FALSE));
  g_assert_true (gtk_selection_model_select_item (selection, 9, FALSE));
  kept[0] = id_at (&f, 2);
  kept[1] = id_at (&f, 9);
  before = selected_ids (&f);
  g_assert_cmpuint (before->len, ==, 3);

  /* Another entry added, and the fifth row's deleted: two steps, one reload. */
  count_reloads (&f, GTK_WIDGET (f.entries));
  add_entry (doc_of (&f), 301);
  g_ptr_array_add (doomed, qw_document_get_entry (doc_of (&f), id_at (&f, 5), &error));
  g_assert_no_error (error);
  g_assert_true (qw_registration_delete_entries (doc_of (&f), doomed, &error));
  g_assert_no_error (error);
  qw_test_wait_reloaded (GTK_WIDGET (f.entries));
  g_assert_cmpuint (f.n_reloads, ==, 1);
  g_assert_cmpuint (n_shown (&f), ==, f.n_entries);
  after = selected_ids (&f);
  g_assert_cmpuint (after->len, ==, 2);
  g_assert_true (g_array_index (after, gint64, 0) == MIN (kept[0], kept[1]));
  g_assert_true (g_array_index (after, gint64, 1) == MAX (kept[0], kept[1]));
  fixture_close (&f);
}

/* The same topic heard from the three ways a change comes: the user's step,
 * an undo, and another program's commit (found by the document context). */
static void
test_every_source (void)
{
  Fixture f = { 0 };
  g_autoptr(QwDocument) other = NULL;
  g_autoptr(GError) error = NULL;

  fixture_open (&f, "sources.qiwang");
  count_reloads (&f, GTK_WIDGET (f.entries));

  add_entry (doc_of (&f), 401);
  qw_test_wait_reloaded (GTK_WIDGET (f.entries));
  g_assert_cmpuint (f.n_reloads, ==, 1);
  g_assert_cmpuint (n_shown (&f), ==, f.n_entries + 1);

  g_assert_true (qw_history_undo (qw_document_get_history (doc_of (&f)), NULL, &error));
  g_assert_no_error (error);
  qw_test_wait_reloaded (GTK_WIDGET (f.entries));
  g_assert_cmpuint (f.n_reloads, ==, 2);
  g_assert_cmpuint (n_shown (&f), ==, f.n_entries);

  other = qw_document_open (f.path, &error);
  g_assert_no_error (error);
  add_entry (other, 402);
  g_assert_true (qw_document_context_check_outside (qw_window_get_context (f.window)));
  qw_test_wait_reloaded (GTK_WIDGET (f.entries));
  settle ();
  g_assert_cmpuint (f.n_reloads, ==, 3);
  g_assert_cmpuint (n_shown (&f), ==, f.n_entries + 1);
  fixture_close (&f);
}

static gboolean
not_pending (QwDocumentWatch *watch)
{
  return !qw_document_watch_is_pending (watch);
}

static void
count_cb (GtkWidget *widget)
{
  guint *n = g_object_get_data (G_OBJECT (widget), "n-reloads");

  (*n)++;
}

/* A label that follows @topic, shown in @box, counting its reloads. */
static QwDocumentWatch *
follow_topic (Fixture    *f,
              GtkWidget  *box,
              const char *topic,
              guint      *n_reloads)
{
  GtkWidget *label = gtk_label_new (topic);
  QwDocumentWatch *watch;

  gtk_box_append (GTK_BOX (box), label);
  qw_test_wait_mapped (label);
  g_object_set_data (G_OBJECT (label), "n-reloads", n_reloads);
  watch = qw_document_watch_new (label, (const char *[]) { topic, NULL }, count_cb);
  qw_document_watch_set_document (watch, doc_of (f));
  g_assert_cmpuint (*n_reloads, ==, 1);
  return watch;
}

/* Another program's commit reaches a widget as the window's own steps do.
 * One that keeps no history says nothing of what it changed: a widget hears
 * it whichever topic it names, among the topics a stop's document announces
 * (not "region": a stop has no region rows). One that keeps the history
 * (the CLI, the venue server) is heard by the topics its step touched. */
static void
test_every_topic (void)
{
  Fixture f = { 0 };
  g_autoptr(QwDocument) other = NULL;
  g_autoptr(GError) error = NULL;
  const char * const *topics = qw_document_topics ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *window = gtk_window_new ();
  g_autoptr(QwDocumentWatch) meta_watch = NULL;
  g_autoptr(QwDocumentWatch) games_watch = NULL;
  guint n_meta = 0, n_games = 0;

  fixture_open (&f, "topics.qiwang");
  other = qw_document_open (f.path, &error);
  g_assert_no_error (error);
  /* Shown: a widget that is not follows when it is. */
  gtk_window_set_child (GTK_WINDOW (window), box);
  gtk_window_present (GTK_WINDOW (window));
  qw_test_wait_mapped (window);
  for (guint i = 0; topics[i] != NULL; i++)
    {
      g_autoptr(QwDocumentWatch) watch = NULL;
      guint n_reloads = 0;
      g_autofree char *value = g_strdup_printf ("%u", i);

      g_test_message ("topic %s", topics[i]);
      watch = follow_topic (&f, box, topics[i], &n_reloads);
      g_assert_true (qw_document_set_meta (other, "test-topic", value, &error));
      g_assert_no_error (error);
      g_assert_true (qw_document_context_check_outside (qw_window_get_context (f.window)));
      if (g_str_equal (topics[i], "region"))
        {
          g_assert_false (qw_document_watch_is_pending (watch));
          continue;
        }
      g_assert_true (qw_document_watch_is_pending (watch));
      qw_test_wait_until ((QwTestCondition) not_pending, watch, "the watch to read the change");
      g_assert_cmpuint (n_reloads, ==, 2);
    }

  /* The CLI's step, kept in the document's history, says what it touched. */
  qw_document_set_step_origin (other, "cli");
  meta_watch = follow_topic (&f, box, "meta", &n_meta);
  games_watch = follow_topic (&f, box, "games", &n_games);
  g_assert_true (qw_document_set_meta (other, "test-topic", "cli", &error));
  g_assert_no_error (error);
  g_assert_true (qw_document_context_check_outside (qw_window_get_context (f.window)));
  g_assert_true (qw_document_watch_is_pending (meta_watch));
  g_assert_false (qw_document_watch_is_pending (games_watch));
  qw_test_wait_until ((QwTestCondition) not_pending, meta_watch, "the watch to read the change");
  g_assert_cmpuint (n_meta, ==, 2);
  g_assert_cmpuint (n_games, ==, 1);
  g_clear_object (&meta_watch);
  g_clear_object (&games_watch);
  gtk_window_destroy (GTK_WINDOW (window));
  fixture_close (&f);
}

int
main (int    argc,
      char **argv)
{
  int status;

  qw_test_ui_init (&argc, &argv);
  tmp_dir = qw_test_make_tmp_dir ("qiwang-ui-page-XXXXXX");
  g_test_add_func ("/ui-page/hidden-page", test_hidden_page);
  g_test_add_func ("/ui-page/changes-coalesce", test_changes_coalesce);
  g_test_add_func ("/ui-page/selection-kept", test_selection_kept);
  g_test_add_func ("/ui-page/every-source", test_every_source);
  g_test_add_func ("/ui-page/every-topic", test_every_topic);
  status = g_test_run ();
  qw_test_remove_tree (tmp_dir);
  g_free (tmp_dir);
  return status;
}
