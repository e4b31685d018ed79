/* qw-entries-page.c: registration: the entries of a stop
 *
 * A column view over every entry, with its group and its problems, search and
 * group filter, add/edit/delete, and CSV import with a report. Each change is
 * one step of the document's history (qw-registration.h), undone by the
 * window's Undo; the page shows what the document holds, following its
 * "changed::entries". The page owns the entries.* actions; the window's menu
 * items and shortcuts show the page and activate them. Reading and checking a registration
 * list, and writing the exported one, run in a worker thread; the entries
 * are stored on the main thread.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-entries-page"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "qw-admit-dialog.h"
#include "qw-column-map-dialog.h"
#include "qw-column-view.h"
#include "qw-desk-settings.h"
#include "qw-entries-page.h"
#include "qw-entry-dialog.h"
#include "qw-entry-import.h"
#include "qw-entry-item.h"
#include "qw-feedback.h"
#include "qw-output.h"
#include "qw-tooltip.h"
#include "qw-registration.h"
#include "qw-spreadsheet.h"
#include "qw-date.h"
#include "qw-document-entries.h"
#include "qw-entry-check.h"
#include "qw-entry.h"
#include "qw-event.h"

/* Filter positions in the drop-down before the groups. */
enum {
  FILTER_ALL,
  FILTER_PROBLEMS,
  FILTER_NO_GROUP,
  N_FIXED_FILTERS
};

struct _QwEntriesPage
{
  GtkWidget          parent_instance;

  GtkWidget         *box;
  GtkSearchEntry    *search_entry;
  GtkDropDown       *filter_dropdown;
  GtkDropDown       *order_dropdown;
  GtkStack          *content_stack;
  GtkColumnView     *column_view;
  GtkSpinner        *busy_spinner;
  GtkLabel          *summary_label;
  GtkLabel          *problems_label;

  GListStore        *store;
  GtkFilterListModel *filter_model;
  GtkCustomFilter   *filter;
  GtkSortListModel  *sort_model;
  GtkMultiSelection *selection;
  GPtrArray         *filter_groups;  /* group codes for the drop-down's group items */
  char              *needle;         /* the search text, case-folded; NULL when empty */

  QwDocumentContext *context;
  GSignalGroup      *doc_signals;    /* the document's "changed::entries" */
  QwDocument        *doc;            /* the context's, while it is set */
  QwRuleset         *ruleset;
  GCancellable      *cancellable;    /* the file being read or written */
  const char        *busy_text;      /* what the worker does, or NULL */
  QwListOrder        order;          /* the document's list order, as shown */
  GtkSorter         *order_sorter;   /* the rows the columns leave tied: in the list order */
  gboolean           updating_order;
};

G_DEFINE_FINAL_TYPE (QwEntriesPage, qw_entries_page, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_CONTEXT,
  PROP_BUSY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void update_summary (QwEntriesPage *self);
static void set_busy       (QwEntriesPage *self,
                            const char    *text);

/* The event the entries are registered for: the context's, kept up to date. */
static const QwEvent *
event_of (QwEntriesPage *self)
{
  return qw_document_context_get_event (self->context);
}

/* Columns */

static void
setup_problems_cb (GtkSignalListItemFactory *factory,
                   GtkListItem              *item,
                   gpointer                  user_data)
{
  gtk_list_item_set_child (item, gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4));
}

static GtkWidget *
problem_badge (QwProblem problem)
{
  GtkWidget *badge = gtk_label_new (qw_problem_short_label (problem));

  gtk_widget_add_css_class (badge, "problem-badge");
  gtk_widget_add_css_class (badge, qw_problem_is_error (problem) ? "error" : "warning");
  return badge;
}

static void
bind_problems_cb (GtkSignalListItemFactory *factory,
                  GtkListItem              *item,
                  gpointer                  user_data)
{
  QwEntryItem *entry_item = gtk_list_item_get_item (item);
  GtkWidget *box = gtk_list_item_get_child (item);
  guint problems = qw_entry_item_get_check (entry_item)->problems;
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (box)) != NULL)
    gtk_box_remove (GTK_BOX (box), child);
  for (int p = 0; p < QW_N_PROBLEMS; p++)
    if (problems & QW_PROBLEM_BIT (p))
      gtk_box_append (GTK_BOX (box), problem_badge ((QwProblem) p));
}

/* Ties in any column keep the registration order (序号). */
static const QwColumn columns[] = {
  { N_("No."), "no", "no", 56, QW_COLUMN_NUMERIC },
  { N_("Name"), "name", "name", 96 },
  { N_("Sex"), "sex-text", "sex", 48 },
  { N_("Birth Date"), "birth-text", "birth-key", 110, QW_COLUMN_NUMERIC },
  { N_("ID Number"), "masked-id", NULL, 190, QW_COLUMN_NUMERIC },
  { N_("Unit"), "unit", "unit", 0, QW_COLUMN_EXPAND, NULL, "unit" },
  { N_("Grade"), "grade", NULL, 90 },
  { N_("Group"), "group-name", "group-name", 110, QW_COLUMN_BADGE, "group-badge" },
  { N_("Status"), "status-text", "status-text", 0, QW_COLUMN_BADGE, "status-badge" },
  { N_("Problems"), NULL, "n-problems", 0, QW_COLUMN_EXPAND | QW_COLUMN_DESCENDING, NULL, "problems-text",
    G_CALLBACK (setup_problems_cb), G_CALLBACK (bind_problems_cb) },
};

/* An event with pair events (双人) lists entrants named "甲 / 乙": a wider
 * name column. */
static void
fit_names (QwEntriesPage *self)
{
  g_autoptr(GtkColumnViewColumn) name = g_list_model_get_item (gtk_column_view_get_columns (self->column_view), 1);
  gboolean pairs = self->ruleset != NULL && self->ruleset->pair_rules != NULL && self->ruleset->pair_rules->len > 0;

  if (name != NULL)
    gtk_column_view_column_set_fixed_width (name, pairs ? 180 : columns[1].width);
}

static void
add_columns (QwEntriesPage *self)
{
  g_autoptr(GtkColumnViewColumn) no = NULL;

  qw_column_view_add_columns (self->column_view, QW_TYPE_ENTRY_ITEM, columns, G_N_ELEMENTS (columns), self);
  no = g_list_model_get_item (gtk_column_view_get_columns (self->column_view), 0);
  gtk_column_view_sort_by_column (self->column_view, no, GTK_SORT_ASCENDING);
}

/* Filtering and the summary */

static gboolean
filter_func (gpointer item,
             gpointer user_data)
{
  QwEntriesPage *self = user_data;
  QwEntryItem *entry_item = item;
  guint selected = gtk_drop_down_get_selected (self->filter_dropdown);
  const QwEntryCheck *check = qw_entry_item_get_check (entry_item);
  const QwGroupRule *group = qw_entry_item_get_group (entry_item);

  if (selected == FILTER_PROBLEMS && check->problems == 0)
    return FALSE;
  if (selected == FILTER_NO_GROUP && group != NULL)
    return FALSE;
  if (selected >= N_FIXED_FILTERS && selected != GTK_INVALID_LIST_POSITION)
    {
      const char *code = g_ptr_array_index (self->filter_groups, selected - N_FIXED_FILTERS);

      if (group == NULL || !g_str_equal (group->code, code))
        return FALSE;
    }
  return self->needle == NULL || strstr (qw_entry_item_get_search_key (entry_item), self->needle) != NULL;
}

static void
update_summary (QwEntriesPage *self)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->store));
  guint shown = g_list_model_get_n_items (G_LIST_MODEL (self->filter_model));
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree guint *per_group = NULL;
  guint with_problems = 0;

  if (self->ruleset != NULL)
    per_group = g_new0 (guint, self->ruleset->groups->len);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(QwEntryItem) item = g_list_model_get_item (G_LIST_MODEL (self->store), i);
      const QwEntryCheck *check = qw_entry_item_get_check (item);
      const QwGroupRule *group = qw_entry_item_get_group (item);

      with_problems += check->problems != 0;
      for (guint g = 0; per_group != NULL && group != NULL && g < self->ruleset->groups->len; g++)
        if (g_ptr_array_index (self->ruleset->groups, g) == group)
          per_group[g]++;
    }
  g_string_append_printf (text, ngettext ("%u entry", "%u entries", n), n);
  for (guint g = 0; per_group != NULL && g < self->ruleset->groups->len; g++)
    if (per_group[g] > 0)
      g_string_append_printf (text, " · %s %u",
                              ((QwGroupRule *) g_ptr_array_index (self->ruleset->groups, g))->short_name,
                              per_group[g]);
  if (shown != n)
    g_string_append_printf (text, _(" · %u shown"), shown);
  if (self->busy_text != NULL)
    g_string_append_printf (text, " · %s", self->busy_text);
  gtk_label_set_text (self->summary_label, text->str);
  if (with_problems > 0)
    {
      g_autofree char *p = g_strdup_printf (ngettext ("%u entry with problems", "%u entries with problems",
                                                      with_problems), with_problems);
      gtk_label_set_text (self->problems_label, p);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->problems_label), with_problems > 0);
  if (n == 0)
    gtk_stack_set_visible_child_name (self->content_stack, "empty");
  else if (shown == 0)
    gtk_stack_set_visible_child_name (self->content_stack, "no-results");
  else
    gtk_stack_set_visible_child_name (self->content_stack, "list");
}

static void
refilter (QwEntriesPage *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->search_entry));

  g_clear_pointer (&self->needle, g_free);
  if (text != NULL && *text != '\0')
    self->needle = g_utf8_casefold (text, -1);
  gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
  update_summary (self);
}

static void
search_changed_cb (QwEntriesPage *self)
{
  refilter (self);
}

static void
stop_search_cb (QwEntriesPage *self)
{
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
}

static void
filter_changed_cb (QwEntriesPage *self)
{
  refilter (self);
}

static void
fill_filter_dropdown (QwEntriesPage *self)
{
  g_autoptr(GtkStringList) strings = gtk_string_list_new (NULL);

  gtk_string_list_append (strings, _("All Groups"));
  gtk_string_list_append (strings, _("With Problems"));
  gtk_string_list_append (strings, _("No Group"));
  g_ptr_array_set_size (self->filter_groups, 0);
  for (guint g = 0; self->ruleset != NULL && g < self->ruleset->groups->len; g++)
    {
      QwGroupRule *group = g_ptr_array_index (self->ruleset->groups, g);

      if (group->kind != QW_GROUP_FORMAL)
        continue;
      gtk_string_list_append (strings, group->name);
      g_ptr_array_add (self->filter_groups, g_strdup (group->code));
    }
  gtk_drop_down_set_model (self->filter_dropdown, G_LIST_MODEL (strings));
  gtk_drop_down_set_selected (self->filter_dropdown, FILTER_ALL);
}

/* The list order (qw-desk-settings.h): the document's, chosen here for
 * every list (this page, the booklet, the public lists); one step. */

static gint
list_rank_compare (gconstpointer a,
                   gconstpointer b,
                   gpointer      user_data)
{
  int ra = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (a), "list-rank"));
  int rb = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (b), "list-rank"));

  return ra < rb ? GTK_ORDERING_SMALLER : ra > rb ? GTK_ORDERING_LARGER : GTK_ORDERING_EQUAL;
}

/* Each item's place in the list order, as the core sorts the entries. */
static void
rank_items (QwEntriesPage *self,
            GPtrArray     *items)
{
  g_autoptr(GPtrArray) entries = g_ptr_array_new ();
  g_autoptr(GHashTable) item_of = g_hash_table_new (NULL, NULL);

  for (guint i = 0; i < items->len; i++)
    {
      QwEntryItem *item = g_ptr_array_index (items, i);
      QwEntry *entry = (QwEntry *) qw_entry_item_get_entry (item);

      g_ptr_array_add (entries, entry);
      g_hash_table_insert (item_of, entry, item);
    }
  qw_entries_sort_for_list (entries, self->order);
  for (guint i = 0; i < entries->len; i++)
    g_object_set_data (g_hash_table_lookup (item_of, g_ptr_array_index (entries, i)), "list-rank",
                       GINT_TO_POINTER ((int) i + 1));
}

static void
fill_order_dropdown (QwEntriesPage *self)
{
  g_autoptr(GtkStringList) labels = gtk_string_list_new (NULL);

  for (QwListOrder o = QW_LIST_ORDER_NUMBER; o <= QW_LIST_ORDER_STROKE; o++)
    gtk_string_list_append (labels, qw_list_order_label (o));
  self->updating_order = TRUE;
  gtk_drop_down_set_model (self->order_dropdown, G_LIST_MODEL (labels));
  gtk_drop_down_set_selected (self->order_dropdown, self->order);
  self->updating_order = FALSE;
}

/* The document's order, shown: by 序号 the 序号 column sorts; by name the
 * columns step aside for it. */
static void
sync_order (QwEntriesPage *self)
{
  QwListOrder order = self->doc != NULL ? qw_desk_list_order (self->doc) : QW_LIST_ORDER_NUMBER;
  g_autoptr(GtkColumnViewColumn) no = NULL;

  if (order == self->order)
    return;
  self->order = order;
  self->updating_order = TRUE;
  gtk_drop_down_set_selected (self->order_dropdown, order);
  self->updating_order = FALSE;
  no = g_list_model_get_item (gtk_column_view_get_columns (self->column_view), 0);
  gtk_column_view_sort_by_column (self->column_view, order == QW_LIST_ORDER_NUMBER ? no : NULL,
                                  GTK_SORT_ASCENDING);
}

static void
order_changed_cb (QwEntriesPage *self)
{
  guint selected = gtk_drop_down_get_selected (self->order_dropdown);
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;

  if (self->updating_order || self->doc == NULL || selected == GTK_INVALID_LIST_POSITION
      || (QwListOrder) selected == qw_desk_list_order (self->doc))
    return;
  if (!qw_desk_set_list_order (self->doc, (QwListOrder) selected, &error))
    {
      qw_feedback_error (GTK_WIDGET (self), _("The list order could not be changed"), error);
      sync_order (self);
      return;
    }
  message = g_strdup_printf (_("Lists ordered %s"), qw_list_order_label ((QwListOrder) selected));
  qw_feedback_undo_toast (GTK_WIDGET (self), self->doc, message);
}

/* Loading */

/* The ids of the entries selected: a reload (a change here, in another
 * window or in another program) selects them again where they still are. */
static GHashTable *
selected_ids (QwEntriesPage *self)
{
  g_autoptr(GtkBitset) set = gtk_selection_model_get_selection (GTK_SELECTION_MODEL (self->selection));
  GHashTable *ids = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  GtkBitsetIter iter;
  guint pos;

  if (gtk_bitset_iter_init_first (&iter, set, &pos))
    do
      {
        g_autoptr(QwEntryItem) item = g_list_model_get_item (G_LIST_MODEL (self->selection), pos);

        g_hash_table_add (ids, g_memdup2 (&qw_entry_item_get_entry (item)->id, sizeof (gint64)));
      }
    while (gtk_bitset_iter_next (&iter, &pos));
  return ids;
}

static void
reselect (QwEntriesPage *self,
          GHashTable    *ids)
{
  g_autoptr(GtkBitset) set = NULL;
  g_autoptr(GtkBitset) mask = NULL;
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->selection));

  if (g_hash_table_size (ids) == 0)
    return;
  set = gtk_bitset_new_empty ();
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(QwEntryItem) item = g_list_model_get_item (G_LIST_MODEL (self->selection), i);

      if (g_hash_table_contains (ids, &qw_entry_item_get_entry (item)->id))
        gtk_bitset_add (set, i);
    }
  mask = gtk_bitset_new_range (0, n);
  gtk_selection_model_set_selection (GTK_SELECTION_MODEL (self->selection), set, mask);
}

static void
reload (QwEntriesPage *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GListStore) fresh = NULL;
  g_autoptr(GPtrArray) items = NULL;
  g_autoptr(GHashTable) selected = NULL;
  guint n;

  if (self->context == NULL)
    {
      g_list_store_remove_all (self->store);
      update_summary (self);
      return;
    }
  fresh = qw_entry_items_load (self->doc, self->ruleset, event_of (self), &error);
  if (fresh == NULL)
    {
      qw_feedback_error (GTK_WIDGET (self), _("The entries could not be read"), error);
      return;
    }
  n = g_list_model_get_n_items (G_LIST_MODEL (fresh));
  items = g_ptr_array_new_full (n, g_object_unref);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (items, g_list_model_get_item (G_LIST_MODEL (fresh), i));
  sync_order (self);
  rank_items (self, items);
  selected = selected_ids (self);
  g_list_store_splice (self->store, 0, g_list_model_get_n_items (G_LIST_MODEL (self->store)),
                       items->pdata, items->len);
  reselect (self, selected);
  update_summary (self);
}

static void
update_actions (QwEntriesPage *self)
{
  static const char *actions[] = { "entries.import", "entries.export", "entries.add", "entries.find" };
  g_autoptr(GtkBitset) set = gtk_selection_model_get_selection (GTK_SELECTION_MODEL (self->selection));
  /* A document read-only where it is is read, listed and exported, never changed. */
  gboolean editable = self->doc != NULL && !qw_document_is_read_only (self->doc);

  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    gtk_widget_action_set_enabled (GTK_WIDGET (self), actions[i], self->context != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "entries.add", self->context != NULL && editable);
  /* One file at a time. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "entries.import",
                                 self->context != NULL && editable && self->busy_text == NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "entries.export", self->context != NULL && self->busy_text == NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "entries.delete", self->context != NULL && editable
                                                                      && !gtk_bitset_is_empty (set));
}

/**
 * qw_entries_page_set_context:
 * @context: (nullable): a document running an event, or %NULL
 *
 * Shows the entries of @context's event. A file still being read for the
 * previous document is dropped.
 */
void
qw_entries_page_set_context (QwEntriesPage     *self,
                             QwDocumentContext *context)
{
  g_return_if_fail (QW_IS_ENTRIES_PAGE (self));
  g_return_if_fail (context == NULL || qw_document_context_get_event (context) != NULL);

  if (self->context == context)
    return;
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_set_object (&self->context, context);
  g_clear_object (&self->doc);
  g_clear_pointer (&self->ruleset, qw_ruleset_unref);
  if (context != NULL)
    {
      self->doc = g_object_ref (qw_document_context_get_document (context));
      self->ruleset = qw_ruleset_ref (qw_document_context_get_ruleset (context));
    }
  g_signal_group_set_target (self->doc_signals, self->doc);
  fit_names (self);
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
  fill_filter_dropdown (self);
  reload (self);
  set_busy (self, NULL);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CONTEXT]);
}

QwDocumentContext *
qw_entries_page_get_context (QwEntriesPage *self)
{
  g_return_val_if_fail (QW_IS_ENTRIES_PAGE (self), NULL);
  return self->context;
}

GListModel *
qw_entries_page_get_model (QwEntriesPage *self)
{
  return G_LIST_MODEL (self->filter_model);
}

void
qw_entries_page_set_search (QwEntriesPage *self,
                            const char    *text)
{
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), text);
  refilter (self);
}

/* Changes: each one is a step of the document's history */

static GPtrArray *
selected_entries (QwEntriesPage *self)
{
  g_autoptr(GtkBitset) set = gtk_selection_model_get_selection (GTK_SELECTION_MODEL (self->selection));
  GPtrArray *entries = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_entry_free);
  GtkBitsetIter iter;
  guint pos;

  if (gtk_bitset_iter_init_first (&iter, set, &pos))
    do
      {
        g_autoptr(QwEntryItem) item = g_list_model_get_item (G_LIST_MODEL (self->selection), pos);

        g_ptr_array_add (entries, qw_entry_copy (qw_entry_item_get_entry (item)));
      }
    while (gtk_bitset_iter_next (&iter, &pos));
  return entries;
}

static void
delete_selected (QwEntriesPage *self)
{
  g_autoptr(GPtrArray) entries = selected_entries (self);
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;

  if (self->doc == NULL || entries->len == 0)
    return;
  if (!qw_registration_delete_entries (self->doc, entries, &error))
    {
      qw_feedback_error (GTK_WIDGET (self), _("The entries could not be deleted"), error);
      return;
    }
  if (entries->len == 1)
    message = g_strdup_printf (_("Deleted %s"), ((QwEntry *) entries->pdata[0])->name);
  else
    message = g_strdup_printf (ngettext ("Deleted %u entry", "Deleted %u entries", entries->len), entries->len);
  qw_feedback_undo_toast (GTK_WIDGET (self), self->doc, message);
}

static void
selection_changed_cb (QwEntriesPage *self)
{
  update_actions (self);
}

/* Late entries: asked about at once */

/* Asks whether to admit @late (QwEntry, stored as late entries), over @parent. */
static void
ask_late (QwEntriesPage *self,
          GtkWindow     *parent,
          GPtrArray     *late)
{
  QwAdmitDialog *dialog;

  if (late == NULL || late->len == 0 || self->context == NULL)
    return;
  dialog = qw_admit_dialog_new (parent, GTK_WIDGET (self), self->context, late);
  if (dialog != NULL)
    gtk_window_present (GTK_WINDOW (dialog));
}

/* The entry dialog closes after Save, or stays for the next entry: the
 * question goes over whichever is left. */
typedef struct
{
  QwEntriesPage *self;
  GWeakRef       dialog;
  GPtrArray     *late;
} LateQuestion;

static gboolean
ask_late_idle_cb (gpointer data)
{
  LateQuestion *q = data;
  g_autoptr(GtkWidget) dialog = g_weak_ref_get (&q->dialog);
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (q->self));
  GtkWindow *parent = dialog != NULL && gtk_widget_get_visible (dialog) ? GTK_WINDOW (dialog)
                      : GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL;

  if (q->self->context != NULL)
    ask_late (q->self, parent, q->late);
  g_object_unref (q->self);
  g_weak_ref_clear (&q->dialog);
  g_ptr_array_unref (q->late);
  g_free (q);
  return G_SOURCE_REMOVE;
}

static void
ask_late_after (QwEntriesPage *self,
                GtkWidget     *dialog,
                const QwEntry *entry)
{
  LateQuestion *q = g_new0 (LateQuestion, 1);

  q->self = g_object_ref (self);
  g_weak_ref_init (&q->dialog, dialog);
  q->late = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_entry_free);
  g_ptr_array_add (q->late, qw_entry_copy (entry));
  g_idle_add (ask_late_idle_cb, q);
}

/* The entry dialog */

static gboolean
entry_saved_cb (QwEntriesPage *self,
                QwEntry       *entry,
                QwEntryDialog *dialog)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;

  if (entry->id == 0)
    {
      g_autoptr(QwEntry) added = qw_entry_copy (entry);

      if (!qw_registration_add_entry (self->doc, self->ruleset, event_of (self), added, &error))
        {
          qw_feedback_error (GTK_WIDGET (self), _("The entry could not be added"), error);
          return FALSE;
        }
      message = g_strdup_printf (_("Added %s"), entry->name);
      if (added->status == QW_STATUS_LATE)
        ask_late_after (self, GTK_WIDGET (dialog), added);
    }
  else
    {
      g_autoptr(QwEntry) edited = qw_entry_copy (entry);

      /* A corrected birth date moves the player, until the first pairing fixes the group. */
      if (!qw_registration_update_entry (self->doc, self->ruleset, event_of (self), edited, &error))
        {
          qw_feedback_error (GTK_WIDGET (self), _("The entry could not be saved"), error);
          return FALSE;
        }
      message = g_strdup_printf (_("Edited %s"), edited->name);
      if (edited->status == QW_STATUS_LATE && entry->status != QW_STATUS_LATE)
        ask_late_after (self, GTK_WIDGET (dialog), edited);
    }
  qw_feedback_undo_toast (GTK_WIDGET (self), self->doc, message);
  return TRUE;
}

static void
open_entry_dialog (QwEntriesPage *self,
                   const QwEntry *entry)
{
  QwEntryDialog *dialog;
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  if (self->doc == NULL)
    return;
  dialog = qw_entry_dialog_new (GTK_WINDOW (root), self->ruleset, event_of (self), entry);
  g_signal_connect_object (dialog, "save", G_CALLBACK (entry_saved_cb), self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
row_activated_cb (QwEntriesPage *self,
                  guint          position)
{
  g_autoptr(QwEntryItem) item = g_list_model_get_item (G_LIST_MODEL (self->selection), position);

  if (item != NULL)
    open_entry_dialog (self, qw_entry_item_get_entry (item));
}

/* Import and export */

static char *
short_problems (guint problems)
{
  GString *text = g_string_new (NULL);

  for (int p = 0; p < QW_N_PROBLEMS; p++)
    if (problems & QW_PROBLEM_BIT (p))
      g_string_append_printf (text, "%s%s", text->len > 0 ? _(", ") : "", qw_problem_short_label ((QwProblem) p));
  return g_string_free (text, FALSE);
}

/* What the import did, in a few lines: the counts, and what to do next. */
static char *
import_report (QwEntryImport  *import,
               QwImportReport *report,
               const char     *file_name,
               guint           n_late)
{
  GString *text = g_string_new (NULL);
  guint with_problems = 0;

  for (guint i = 0; i < report->rows->len; i++)
    {
      const QwImportRow *r = g_ptr_array_index (report->rows, i);

      with_problems += r->outcome != QW_ROW_REJECTED && r->problems != 0;
    }
  g_string_append_printf (text, ngettext ("%u entry imported from %s (%s).",
                                          "%u entries imported from %s (%s).", report->added + report->updated),
                          report->added + report->updated, file_name, report->encoding);
  if (report->updated > 0 || report->unchanged > 0)
    {
      g_string_append_c (text, '\n');
      g_string_append_printf (text, _("%u added, %u updated, %u already there unchanged."), report->added,
                              report->updated, report->unchanged);
    }
  if (with_problems > 0)
    {
      g_string_append_c (text, '\n');
      g_string_append_printf (text, ngettext ("%u of them has problems: see the Problems column.",
                                              "%u of them have problems: see the Problems column.",
                                              with_problems), with_problems);
    }
  if (report->rejected > 0)
    {
      g_string_append_c (text, '\n');
      g_string_append_printf (text, ngettext ("%u row was rejected.", "%u rows were rejected.", report->rejected),
                              report->rejected);
    }
  if (n_late > 0)
    {
      g_string_append_c (text, '\n');
      g_string_append_printf (text, ngettext ("%u entry came after round 1 of its group: you are asked next "
                                              "whether to admit it.",
                                              "%u entries came after round 1 of their group: you are asked next "
                                              "whether to admit them.", n_late), n_late);
    }
  if (import->ignored_columns != NULL && import->ignored_columns[0] != NULL)
    {
      g_autofree char *cols = g_strjoinv ("、", import->ignored_columns);

      g_string_append (text, "\n\n");
      g_string_append_printf (text, _("Columns not used: %s"), cols);
    }
  return g_string_free (text, FALSE);
}

/* Every row that needs a look, by its number in the list (data rows from 1,
 * as in check-entries): rejected with the reason, updated, with problems. */
static char *
import_rows (QwImportReport *report)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < report->rows->len; i++)
    {
      const QwImportRow *r = g_ptr_array_index (report->rows, i);
      const char *name = r->name != NULL && *r->name != '\0' ? r->name : _("(no name)");
      g_autofree char *problems = NULL;

      if (text->len > 0 && (r->outcome == QW_ROW_REJECTED || r->outcome == QW_ROW_UPDATED || r->problems != 0))
        g_string_append_c (text, '\n');
      /* The reason names the row already. */
      if (r->outcome == QW_ROW_REJECTED)
        g_string_append_printf (text, _("Rejected: %s"), r->reason);
      else if (r->problems != 0)
        {
          problems = short_problems (r->problems);
          g_string_append_printf (text, r->outcome == QW_ROW_UPDATED ? _("Row %d: No. %d %s, updated: %s")
                                                                     : _("Row %d: No. %d %s: %s"),
                                  r->row, r->no, name, problems);
        }
      else if (r->outcome == QW_ROW_UPDATED)
        g_string_append_printf (text, _("Row %d: No. %d %s, updated"), r->row, r->no, name);
    }
  return g_string_free (text, FALSE);
}

static GtkWidget *
rows_view (const char *rows)
{
  GtkWidget *label = gtk_label_new (rows);
  GtkWidget *scrolled = gtk_scrolled_window_new ();

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_label_set_width_chars (GTK_LABEL (label), 40);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 48);
  gtk_widget_set_margin_end (label, 12);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), label);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scrolled), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scrolled), 260);
  gtk_scrolled_window_set_overlay_scrolling (GTK_SCROLLED_WINDOW (scrolled), FALSE);
  return scrolled;
}

/* While a worker reads or writes a file: a spinner and what it does. */
static void
set_busy (QwEntriesPage *self,
          const char    *text)
{
  self->busy_text = text;
  gtk_widget_set_visible (GTK_WIDGET (self->busy_spinner), text != NULL);
  gtk_spinner_set_spinning (self->busy_spinner, text != NULL);
  qw_tooltip_set_text (GTK_WIDGET (self->busy_spinner), text);
  update_summary (self);
  update_actions (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
}

/* What the worker reads: the list as imported. */
typedef struct
{
  char          *path;
  char          *name;
  QwCsv         *csv;
} ImportTask;

static void
import_task_free (gpointer data)
{
  ImportTask *t = data;

  g_free (t->path);
  g_free (t->name);
  g_clear_pointer (&t->csv, qw_csv_free);
  g_free (t);
}

static void
import_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  ImportTask *t = task_data;
  GError *error = NULL;

  t->csv = qw_spreadsheet_read_file (t->path, 0, &error);
  if (t->csv == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  g_task_return_boolean (task, TRUE);
}

/* The entries an import left waiting as late entries: added, or moved into
 * a group that has started (the core tells which). */
static GPtrArray *
imported_late (QwImportReport *report)
{
  return qw_admit_dialog_late_only (report->late_entries);
}

/* Once the report is read, the late entries are asked about. */
typedef struct
{
  GWeakRef   page;
  GPtrArray *late;
} ReportLate;

static void
report_late_free (gpointer  data,
                  GClosure *closure)
{
  ReportLate *r = data;

  g_weak_ref_clear (&r->page);
  g_ptr_array_unref (r->late);
  g_free (r);
}

static void
report_closed_cb (AdwMessageDialog *dialog,
                  const char       *response,
                  ReportLate       *r)
{
  g_autoptr(QwEntriesPage) self = g_weak_ref_get (&r->page);

  if (self != NULL)
    ask_late (self, gtk_window_get_transient_for (GTK_WINDOW (dialog)), r->late);
}

/* "姓名=B、身份证号=C": the fields a map imports, by column. */
static char *
columns_text (const QwColumnMap *map)
{
  GString *text = g_string_new (NULL);

  for (int f = 0; f < QW_N_ENTRY_FIELDS; f++)
    if (map->column[f] >= 0)
      {
        g_autofree char *letters = qw_column_letters (map->column[f]);

        g_string_append_printf (text, "%s%s=%s", text->len > 0 ? "、" : "", qw_entry_field_label ((QwEntryField) f),
                                letters);
      }
  return g_string_free (text, FALSE);
}

/* Stores a list that was read: all its usable rows in one transaction,
 * then reports what was imported and what was rejected. The import is one
 * step of the history. */
static gboolean
import_read (QwEntriesPage     *self,
             QwEntryImport     *import,
             const char        *name,
             const QwColumnMap *remembered,
             GError           **error)
{
  g_autoptr(QwImportReport) report = NULL;
  g_autofree char *text = NULL;
  g_autofree char *rows = NULL;
  g_autofree char *message = NULL;
  g_autoptr(GPtrArray) late = NULL;
  GtkWidget *dialog;

  report = qw_registration_import (self->doc, self->ruleset, event_of (self), import, error);
  if (report == NULL)
    return FALSE;
  if (report->updated == 0)
    message = g_strdup_printf (ngettext ("Imported %u entry", "Imported %u entries", report->added),
                               report->added);
  else
    message = g_strdup_printf (_("Imported %u entries (%u added, %u updated)"), report->added + report->updated,
                               report->added, report->updated);
  if (report->added + report->updated > 0)
    qw_feedback_undo_toast (GTK_WIDGET (self), self->doc, message);
  late = imported_late (report);
  text = import_report (import, report, name, late != NULL ? late->len : 0);
  if (remembered != NULL)
    {
      g_autofree char *mapped = columns_text (remembered);
      g_autofree char *with = g_strdup_printf (_("Columns as remembered for this header: %s"), mapped);
      g_autofree char *old = g_steal_pointer (&text);

      text = g_strdup_printf ("%s\n\n%s", old, with);
    }
  rows = import_rows (report);
  dialog = adw_message_dialog_new (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))),
                                   _("Registration List Imported"), text);
  if (*rows != '\0')
    adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), rows_view (rows));
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  if (late != NULL)
    {
      ReportLate *r = g_new0 (ReportLate, 1);

      g_weak_ref_init (&r->page, self);
      r->late = g_steal_pointer (&late);
      g_signal_connect_data (dialog, "response", G_CALLBACK (report_closed_cb), r, report_late_free, 0);
    }
  gtk_window_present (GTK_WINDOW (dialog));
  return TRUE;
}

/* The columns chosen in the mapping dialog: the list is imported with
 * them, and they are remembered for its header set. */
static void
column_map_import_cb (QwColumnMapDialog *dialog,
                      QwEntriesPage     *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwEntryImport) import = NULL;
  g_autofree char *name = g_filename_display_basename (qw_column_map_dialog_get_path (dialog));
  QwColumnMap map;

  if (self->context == NULL)
    return;
  qw_column_map_dialog_get_map (dialog, &map);
  import = qw_entry_import_table (qw_column_map_dialog_get_csv (dialog), &map, &error);
  if (import == NULL || !import_read (self, import, name, NULL, &error))
    {
      qw_feedback_error (GTK_WIDGET (dialog), _("Nothing was imported"), error);
      return;
    }
  if (!qw_desk_remember_columns (self->doc, qw_column_map_dialog_get_header (dialog), &map, &error))
    qw_feedback_error (GTK_WIDGET (self), _("The columns could not be remembered"), error);
  gtk_window_destroy (GTK_WINDOW (dialog));
}

/* A list as read: imported by its header, by the columns remembered for
 * the header, or, when the header is not known, by the columns the user
 * maps in a dialog. */
static gboolean
import_list (QwEntriesPage  *self,
             const char     *path,
             const char     *name,
             QwCsv         **csv_inout,
             GError        **error)
{
  QwCsv *csv = *csv_inout;
  g_autoptr(QwImportPreview) preview = qw_entry_import_preview (csv, 0);
  g_autoptr(QwEntryImport) import = NULL;
  g_autoptr(GError) local_error = NULL;
  QwColumnsSource source;
  QwColumnMap map;

  source = qw_desk_columns_for (self->doc, (const char * const *) preview->header, NULL, &map);
  if (source != QW_COLUMNS_RECOGNISED || preview->has_name)
    import = qw_entry_import_table (csv, source == QW_COLUMNS_RECOGNISED ? NULL : &map, &local_error);
  if (import == NULL && source == QW_COLUMNS_RECOGNISED)
    {
      QwColumnMapDialog *dialog;

      /* The dialog keeps the list it shows. */
      dialog = qw_column_map_dialog_new (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))), path,
                                         g_steal_pointer (csv_inout), 0);
      g_signal_connect_object (dialog, "import", G_CALLBACK (column_map_import_cb), self, 0);
      gtk_window_present (GTK_WINDOW (dialog));
      return TRUE;
    }
  if (import == NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  return import_read (self, import, name, source == QW_COLUMNS_REMEMBERED ? &map : NULL, error);
}

static void
import_done_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  QwEntriesPage *self = QW_ENTRIES_PAGE (source);
  ImportTask *t = g_task_get_task_data (G_TASK (result));
  g_autoptr(GError) error = NULL;

  /* Cancelled: the page shows another document, or is going away. */
  if (!g_task_propagate_boolean (G_TASK (result), &error)
      && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  set_busy (self, NULL);
  if (error == NULL)
    import_list (self, t->path, t->name, &t->csv, &error);
  if (error != NULL)
    qw_feedback_error (GTK_WIDGET (self), _("Nothing was imported"), error);
}

/**
 * qw_entries_page_import_file:
 *
 * Imports a registration list (CSV or tab-separated text, in any of the
 * encodings Excel writes). The file is read and checked in a worker thread,
 * with a spinner on the page; its usable rows are then stored in one
 * transaction (or nothing, if the file cannot be read), and a report says
 * what was imported and what was rejected. The page is busy meanwhile.
 */
void
qw_entries_page_import_file (QwEntriesPage *self,
                             GFile         *file)
{
  g_autoptr(GTask) task = NULL;
  ImportTask *t;

  g_return_if_fail (QW_IS_ENTRIES_PAGE (self));
  g_return_if_fail (self->context != NULL && self->busy_text == NULL);

  t = g_new0 (ImportTask, 1);
  t->path = g_file_get_path (file);
  t->name = g_file_get_basename (file);
  self->cancellable = g_cancellable_new ();
  task = g_task_new (self, self->cancellable, import_done_cb, NULL);
  g_task_set_source_tag (task, qw_entries_page_import_file);
  g_task_set_task_data (task, t, import_task_free);
  set_busy (self, _("Reading the registration list…"));
  g_task_run_in_thread (task, import_thread);
}

static void
import_response_cb (GtkNativeDialog *chooser,
                    int              response,
                    QwEntriesPage   *self)
{
  if (response == GTK_RESPONSE_ACCEPT && self->context != NULL && self->busy_text == NULL)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));

      qw_entries_page_import_file (self, file);
    }
  gtk_native_dialog_destroy (chooser);
  g_object_unref (chooser);
}

static void
choose_import_file (QwEntriesPage *self)
{
  GtkFileChooserNative *chooser;
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Registration lists (Excel, CSV, tab-separated text)"));
  gtk_file_filter_add_pattern (filter, "*.xlsx");
  gtk_file_filter_add_pattern (filter, "*.XLSX");
  gtk_file_filter_add_pattern (filter, "*.xls");
  gtk_file_filter_add_pattern (filter, "*.XLS");
  gtk_file_filter_add_pattern (filter, "*.csv");
  gtk_file_filter_add_pattern (filter, "*.CSV");
  gtk_file_filter_add_pattern (filter, "*.txt");
  gtk_file_filter_add_pattern (filter, "*.tsv");
  chooser = gtk_file_chooser_native_new (_("Import a Registration List"),
                                         GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))),
                                         GTK_FILE_CHOOSER_ACTION_OPEN, _("_Import"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  g_signal_connect (chooser, "response", G_CALLBACK (import_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

typedef struct
{
  GPtrArray *entries;
  char      *path;
} ExportTask;

static void
export_task_free (gpointer data)
{
  ExportTask *t = data;

  g_ptr_array_unref (t->entries);
  g_free (t->path);
  g_free (t);
}

static void
export_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  ExportTask *t = task_data;
  g_autofree char *csv = qw_entries_to_csv (t->entries, FALSE);
  GError *error = NULL;

  /* Full ID numbers: for the organiser's eyes only. */
  if (!qw_output_replace_contents (t->path, csv, -1, QW_OUTPUT_PRIVATE, &error))
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

static void
export_done_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  QwEntriesPage *self = QW_ENTRIES_PAGE (source);
  g_autoptr(GError) error = NULL;

  if (!g_task_propagate_boolean (G_TASK (result), &error)
      && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  set_busy (self, NULL);
  if (error != NULL)
    qw_feedback_error (GTK_WIDGET (self), _("The list could not be exported"), error);
  else
    qw_feedback_toast (GTK_WIDGET (self), _("Registration list exported"));
}

/**
 * qw_entries_page_export_file:
 *
 * Writes the registration list (every entry, ID numbers in full) as CSV; the
 * file is written in a worker thread, and a toast says when it is done.
 */
void
qw_entries_page_export_file (QwEntriesPage *self,
                             GFile         *file)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(GTask) task = NULL;
  ExportTask *t;

  g_return_if_fail (QW_IS_ENTRIES_PAGE (self));
  g_return_if_fail (self->context != NULL && self->busy_text == NULL);

  entries = qw_document_list_entries (self->doc, event_of (self)->id, &error);
  if (entries == NULL)
    {
      qw_feedback_error (GTK_WIDGET (self), _("The list could not be exported"), error);
      return;
    }
  t = g_new0 (ExportTask, 1);
  t->entries = g_steal_pointer (&entries);
  t->path = g_file_get_path (file);
  self->cancellable = g_cancellable_new ();
  task = g_task_new (self, self->cancellable, export_done_cb, NULL);
  g_task_set_source_tag (task, qw_entries_page_export_file);
  g_task_set_task_data (task, t, export_task_free);
  set_busy (self, _("Writing the registration list…"));
  g_task_run_in_thread (task, export_thread);
}

static void
export_response_cb (GtkNativeDialog *chooser,
                    int              response,
                    QwEntriesPage   *self)
{
  if (response == GTK_RESPONSE_ACCEPT && self->context != NULL && self->busy_text == NULL)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));

      qw_entries_page_export_file (self, file);
    }
  gtk_native_dialog_destroy (chooser);
  g_object_unref (chooser);
}

static void
choose_export_file (QwEntriesPage *self)
{
  GtkFileChooserNative *chooser;
  g_autofree char *name = g_strdup_printf ("%s-报名表.csv", event_of (self)->name);

  chooser = gtk_file_chooser_native_new (_("Export the Registration List"),
                                         GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))),
                                         GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
  g_signal_connect (chooser, "response", G_CALLBACK (export_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

gboolean
qw_entries_page_is_busy (QwEntriesPage *self)
{
  g_return_val_if_fail (QW_IS_ENTRIES_PAGE (self), FALSE);
  return self->busy_text != NULL;
}

/* Actions: the entries.* group, offered to the window's menu and shortcuts */

static void
import_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  choose_import_file (QW_ENTRIES_PAGE (widget));
}

static void
export_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  choose_export_file (QW_ENTRIES_PAGE (widget));
}

static void
add_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  open_entry_dialog (QW_ENTRIES_PAGE (widget), NULL);
}

static void
find_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  gtk_widget_grab_focus (GTK_WIDGET (QW_ENTRIES_PAGE (widget)->search_entry));
}

static void
delete_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  delete_selected (QW_ENTRIES_PAGE (widget));
}

static gboolean
key_pressed_cb (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                QwEntriesPage         *self)
{
  if (keyval == GDK_KEY_Delete && (state & GDK_MODIFIER_MASK) == 0
      && !gtk_widget_has_focus (GTK_WIDGET (gtk_editable_get_delegate (GTK_EDITABLE (self->search_entry)))))
    {
      gtk_widget_activate_action (GTK_WIDGET (self), "entries.delete", NULL);
      return TRUE;
    }
  return FALSE;
}

/* GObject */

static void
qw_entries_page_dispose (GObject *object)
{
  QwEntriesPage *self = QW_ENTRIES_PAGE (object);

  /* The columns go with the template, changing the sorter: the filter,
   * which reads the drop-down, is not asked again. */
  if (self->filter_model != NULL)
    gtk_filter_list_model_set_filter (self->filter_model, NULL);
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->doc_signals);
  g_clear_object (&self->context);
  g_clear_object (&self->doc);
  g_clear_pointer (&self->ruleset, qw_ruleset_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), QW_TYPE_ENTRIES_PAGE);
  g_clear_object (&self->selection);
  g_clear_object (&self->store);
  g_clear_pointer (&self->filter_groups, g_ptr_array_unref);
  g_clear_pointer (&self->needle, g_free);
  g_clear_object (&self->order_sorter);
  G_OBJECT_CLASS (qw_entries_page_parent_class)->dispose (object);
}

static void
qw_entries_page_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  QwEntriesPage *self = QW_ENTRIES_PAGE (object);

  switch (prop_id)
    {
    case PROP_CONTEXT:
      g_value_set_object (value, self->context);
      break;
    case PROP_BUSY:
      g_value_set_boolean (value, self->busy_text != NULL);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
qw_entries_page_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  QwEntriesPage *self = QW_ENTRIES_PAGE (object);

  switch (prop_id)
    {
    case PROP_CONTEXT:
      qw_entries_page_set_context (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
qw_entries_page_class_init (QwEntriesPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = qw_entries_page_dispose;
  object_class->get_property = qw_entries_page_get_property;
  object_class->set_property = qw_entries_page_set_property;

  properties[PROP_CONTEXT] = g_param_spec_object ("context", NULL, NULL, QW_TYPE_DOCUMENT_CONTEXT,
                                                  G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY
                                                  | G_PARAM_STATIC_STRINGS);
  /* A file is being read or written in a worker thread. */
  properties[PROP_BUSY] = g_param_spec_boolean ("busy", NULL, NULL, FALSE,
                                                G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class, "/cn/qiwang/Qiwang/ui/qw-entries-page.ui");
  gtk_widget_class_bind_template_child (widget_class, QwEntriesPage, box);
  gtk_widget_class_bind_template_child (widget_class, QwEntriesPage, search_entry);
  gtk_widget_class_bind_template_child (widget_class, QwEntriesPage, filter_dropdown);
  gtk_widget_class_bind_template_child (widget_class, QwEntriesPage, order_dropdown);
  gtk_widget_class_bind_template_child (widget_class, QwEntriesPage, content_stack);
  gtk_widget_class_bind_template_child (widget_class, QwEntriesPage, column_view);
  gtk_widget_class_bind_template_child (widget_class, QwEntriesPage, busy_spinner);
  gtk_widget_class_bind_template_child (widget_class, QwEntriesPage, summary_label);
  gtk_widget_class_bind_template_child (widget_class, QwEntriesPage, problems_label);
  gtk_widget_class_bind_template_callback (widget_class, search_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, stop_search_cb);
  gtk_widget_class_bind_template_callback (widget_class, filter_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, order_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, row_activated_cb);

  gtk_widget_class_install_action (widget_class, "entries.import", NULL, import_action);
  gtk_widget_class_install_action (widget_class, "entries.export", NULL, export_action);
  gtk_widget_class_install_action (widget_class, "entries.add", NULL, add_action);
  gtk_widget_class_install_action (widget_class, "entries.find", NULL, find_action);
  gtk_widget_class_install_action (widget_class, "entries.delete", NULL, delete_action);
}

static void
qw_entries_page_init (QwEntriesPage *self)
{
  GtkEventController *keys;
  g_autoptr(GtkSorter) sorter = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->filter_groups = g_ptr_array_new_with_free_func (g_free);
  self->doc_signals = g_signal_group_new (QW_TYPE_DOCUMENT);
  g_signal_group_connect_swapped (self->doc_signals, "changed::entries", G_CALLBACK (reload), self);
  /* An undone list order. */
  g_signal_group_connect_swapped (self->doc_signals, "changed::meta", G_CALLBACK (reload), self);
  self->store = g_list_store_new (QW_TYPE_ENTRY_ITEM);
  self->filter = gtk_custom_filter_new (filter_func, self, NULL);
  /* Sorted, then filtered: a search keeps the order, it does not sort again. */
  self->sort_model = gtk_sort_list_model_new (G_LIST_MODEL (g_object_ref (self->store)), NULL);
  self->filter_model = gtk_filter_list_model_new (G_LIST_MODEL (self->sort_model),
                                                  GTK_FILTER (self->filter));
  self->selection = gtk_multi_selection_new (G_LIST_MODEL (self->filter_model));
  add_columns (self);
  /* The columns the user sorted by, then the list order, then 序号. */
  sorter = GTK_SORTER (gtk_multi_sorter_new ());
  gtk_multi_sorter_append (GTK_MULTI_SORTER (sorter), g_object_ref (gtk_column_view_get_sorter (self->column_view)));
  self->order_sorter = GTK_SORTER (gtk_custom_sorter_new (list_rank_compare, NULL, NULL));
  gtk_multi_sorter_append (GTK_MULTI_SORTER (sorter), g_object_ref (self->order_sorter));
  gtk_multi_sorter_append (GTK_MULTI_SORTER (sorter), GTK_SORTER (gtk_numeric_sorter_new (
    gtk_property_expression_new (QW_TYPE_ENTRY_ITEM, NULL, "no"))));
  gtk_sort_list_model_set_sorter (self->sort_model, sorter);
  fill_order_dropdown (self);
  gtk_column_view_set_model (self->column_view, GTK_SELECTION_MODEL (self->selection));
  g_signal_connect_swapped (self->selection, "selection-changed", G_CALLBACK (selection_changed_cb), self);

  keys = gtk_event_controller_key_new ();
  g_signal_connect (keys, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->column_view), keys);
  fill_filter_dropdown (self);
  update_summary (self);
  update_actions (self);
}
