/* qw-entries-page.c: registration: the entries of a stop
 *
 * A column view over every entry, with its group and its problems, search and
 * group filter, add/edit/delete; the registration list's import and export
 * are in qw-entries-page-files.c. Each change is one step of the document's
 * history (qw-registration.h), undone by the window's Undo; the page shows
 * what the document holds, following its entries and its list order
 * (QwPage). The page owns the entries.* actions; the window's menu items and
 * shortcuts show the page and activate them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-entries-page"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "qw-admit-dialog.h"
#include "qw-column-view.h"
#include "qw-desk-settings.h"
#include "qw-entries-page-private.h"
#include "qw-entry-dialog.h"
#include "qw-entry-item.h"
#include "qw-error.h"
#include "qw-feedback.h"
#include "qw-tooltip.h"
#include "qw-venue.h"
#include "qw-venue-present.h"
#include "qw-registration.h"
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


G_DEFINE_FINAL_TYPE (QwEntriesPage, qw_entries_page, QW_TYPE_PAGE)


static void update_summary (QwEntriesPage *self);


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

/* 签到: a check box per player; toggling it checks the player in or out
 * (one step, as the door's device does). */

static void checkin_toggled_cb (GtkCheckButton *check,
                                QwEntriesPage  *self);

static void
setup_checkin_cb (GtkSignalListItemFactory *factory,
                  GtkListItem              *item,
                  QwEntriesPage            *self)
{
  GtkWidget *check = gtk_check_button_new ();

  gtk_widget_set_halign (check, GTK_ALIGN_CENTER);
  /* The row keeps the keyboard: Ctrl+K checks in the rows selected. */
  gtk_widget_set_focusable (check, FALSE);
  qw_tooltip_set_text (check, _("Checked in (Ctrl+K)"));
  g_signal_connect_object (check, "toggled", G_CALLBACK (checkin_toggled_cb), self, 0);
  gtk_list_item_set_child (item, check);
}

static void
bind_checkin_cb (GtkSignalListItemFactory *factory,
                 GtkListItem              *item,
                 QwEntriesPage            *self)
{
  QwEntryItem *entry_item = gtk_list_item_get_item (item);
  GtkWidget *check = gtk_list_item_get_child (item);

  g_object_set_data_full (G_OBJECT (check), "entry-item", g_object_ref (entry_item), g_object_unref);
  g_signal_handlers_block_by_func (check, checkin_toggled_cb, self);
  gtk_check_button_set_active (GTK_CHECK_BUTTON (check), qw_entry_item_get_present (entry_item));
  g_signal_handlers_unblock_by_func (check, checkin_toggled_cb, self);
  /* Only a player of a group can be checked in. */
  gtk_widget_set_sensitive (check, qw_page_can_change (QW_PAGE (self)) && qw_entry_item_get_entry (entry_item)->group_code != NULL);
}

/* Ties in any column keep the registration order (序号). */
static const QwColumn columns[] = {
  { N_("No."), "no", "no", 56, QW_COLUMN_NUMERIC },
  { N_("Name"), "name", "name", 96 },
  { N_("Sex"), "sex-text", "sex", 48 },
  { N_("Birth Date"), "birth-text", "birth-key", 110, QW_COLUMN_NUMERIC },
  { N_("ID Number"), "masked-id", NULL, 190, QW_COLUMN_NUMERIC },
  /* At least 100 px, as on the rounds and standings pages: at 700 px each
   * unit was cut to two characters while 等级 stood empty. */
  { N_("Unit"), "unit", "unit", 100, QW_COLUMN_EXPAND, NULL, "unit" },
  { N_("Grade"), "grade", NULL, 90 },
  { N_("Group"), "group-name", "group-name", 110, QW_COLUMN_BADGE, "group-badge" },
  { N_("Status"), "status-text", "status-text", 0, QW_COLUMN_BADGE, "status-badge" },
  { N_("Checked In"), NULL, "present", 72, QW_COLUMN_DESCENDING, NULL, NULL,
    G_CALLBACK (setup_checkin_cb), G_CALLBACK (bind_checkin_cb) },
  { N_("Problems"), NULL, "n-problems", 0, QW_COLUMN_EXPAND | QW_COLUMN_DESCENDING, NULL, "problems-text",
    G_CALLBACK (setup_problems_cb), G_CALLBACK (bind_problems_cb) },
};

/* An event with pair events (双人) lists entrants named "甲 / 乙": a wider
 * name column. */
static void
fit_names (QwEntriesPage *self)
{
  g_autoptr(GtkColumnViewColumn) name = g_list_model_get_item (gtk_column_view_get_columns (self->column_view), 1);
  gboolean pairs = ruleset_of (self) != NULL && ruleset_of (self)->pair_rules != NULL && ruleset_of (self)->pair_rules->len > 0;

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

  if (ruleset_of (self) != NULL)
    per_group = g_new0 (guint, ruleset_of (self)->groups->len);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(QwEntryItem) item = g_list_model_get_item (G_LIST_MODEL (self->store), i);
      const QwEntryCheck *check = qw_entry_item_get_check (item);
      const QwGroupRule *group = qw_entry_item_get_group (item);

      with_problems += check->problems != 0;
      for (guint g = 0; per_group != NULL && group != NULL && g < ruleset_of (self)->groups->len; g++)
        if (g_ptr_array_index (ruleset_of (self)->groups, g) == group)
          per_group[g]++;
    }
  g_string_append_printf (text, ngettext ("%u entry", "%u entries", n), n);
  for (guint g = 0; per_group != NULL && g < ruleset_of (self)->groups->len; g++)
    if (per_group[g] > 0)
      {
        const QwGroupRule *group = g_ptr_array_index (ruleset_of (self)->groups, g);
        /* Once check-in began: how many of the group's players are here
         * (read with the entries, as the screens and the CLI count them). */
        const guint *count = self->present_counts != NULL ? g_hash_table_lookup (self->present_counts, group->code) : NULL;
        guint here = count != NULL ? count[0] : 0;
        guint total = count != NULL ? count[1] : 0;

        /* A group whose check-in has not begun keeps its plain count. */
        if (here > 0)
          /* Translators: the entries page's summary per group: "公开组男子 已签到 18/24" */
          g_string_append_printf (text, _(" · %s checked in %u/%u"), group->short_name, here, total);
        else
          g_string_append_printf (text, " · %s %u", group->short_name, per_group[g]);
      }
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
  qw_column_view_show_content (self->content_stack, G_LIST_MODEL (self->store), G_LIST_MODEL (self->filter_model));
}

static void
refilter (QwEntriesPage *self)
{
  g_free (self->needle);
  self->needle = qw_column_view_needle (GTK_EDITABLE (self->search_entry));
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
  for (guint g = 0; ruleset_of (self) != NULL && g < ruleset_of (self)->groups->len; g++)
    {
      QwGroupRule *group = g_ptr_array_index (ruleset_of (self)->groups, g);

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
  QwListOrder order = doc_of (self) != NULL ? qw_desk_list_order (doc_of (self)) : QW_LIST_ORDER_NUMBER;
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

  if (self->updating_order || doc_of (self) == NULL || selected == GTK_INVALID_LIST_POSITION
      || (QwListOrder) selected == qw_desk_list_order (doc_of (self)))
    return;
  if (!qw_desk_set_list_order (doc_of (self), (QwListOrder) selected, &error))
    {
      qw_feedback_error (GTK_WIDGET (self), _("The list order could not be changed"), error);
      sync_order (self);
      return;
    }
  message = g_strdup_printf (_("Lists ordered %s"), qw_list_order_label ((QwListOrder) selected));
  qw_page_reload (QW_PAGE (self));
  qw_feedback_undo_toast (GTK_WIDGET (self), doc_of (self), message);
}

/* Loading */

/* Each group's players checked in and its players (qw_venue_count_present()),
 * read once per change of the document, not per key typed in the search. */
static void
count_present (QwEntriesPage *self)
{
  g_clear_pointer (&self->present_counts, g_hash_table_unref);
  if (!self->checkin_started || ruleset_of (self) == NULL)
    return;
  self->present_counts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  for (guint g = 0; g < ruleset_of (self)->groups->len; g++)
    {
      const QwGroupRule *group = g_ptr_array_index (ruleset_of (self)->groups, g);
      guint *count = g_new0 (guint, 2);

      count[0] = qw_venue_count_present (doc_of (self), group->code, &count[1], NULL);
      g_hash_table_insert (self->present_counts, g_strdup (group->code), count);
    }
}

/* The entries read again (a change here, in another window or in another
 * program); QwPage selects again those that were selected. */
static void
reload (QwPage *page)
{
  QwEntriesPage *self = QW_ENTRIES_PAGE (page);
  g_autoptr(GError) error = NULL;
  g_autoptr(GListStore) fresh = NULL;
  g_autoptr(GPtrArray) items = NULL;
  g_autoptr(GHashTable) present = NULL;
  guint n;

  if (qw_page_get_context (page) == NULL)
    {
      g_list_store_remove_all (self->store);
      self->checkin_started = FALSE;
      g_clear_pointer (&self->present_counts, g_hash_table_unref);
      update_summary (self);
      return;
    }
  fresh = qw_entry_items_load (doc_of (self), ruleset_of (self), event_of (self), &error);
  if (fresh == NULL)
    {
      qw_feedback_error (GTK_WIDGET (self), _("The entries could not be read"), error);
      return;
    }
  present = qw_venue_list_present (doc_of (self), NULL);
  self->checkin_started = present != NULL && g_hash_table_size (present) > 0;
  count_present (self);
  n = g_list_model_get_n_items (G_LIST_MODEL (fresh));
  items = g_ptr_array_new_full (n, g_object_unref);
  for (guint i = 0; i < n; i++)
    {
      QwEntryItem *item = g_list_model_get_item (G_LIST_MODEL (fresh), i);

      qw_entry_item_set_present (item, qw_venue_is_present (present, qw_entry_item_get_entry (item)->id));
      g_ptr_array_add (items, item);
    }
  sync_order (self);
  rank_items (self, items);
  g_list_store_splice (self->store, 0, g_list_model_get_n_items (G_LIST_MODEL (self->store)),
                       items->pdata, items->len);
  update_summary (self);
}

static void
update_actions (QwEntriesPage *self)
{
  static const char *actions[] = { "entries.import", "entries.export", "entries.add", "entries.find" };
  g_autoptr(GtkBitset) set = gtk_selection_model_get_selection (GTK_SELECTION_MODEL (self->selection));
  gboolean open = qw_page_get_context (QW_PAGE (self)) != NULL;
  /* A document read-only where it is is read, listed and exported, never changed. */
  gboolean editable = qw_page_can_change (QW_PAGE (self));

  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    gtk_widget_action_set_enabled (GTK_WIDGET (self), actions[i], open);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "entries.add", editable);
  /* One file at a time. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "entries.import", editable && self->busy_text == NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "entries.export", open && self->busy_text == NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "entries.delete", editable && !gtk_bitset_is_empty (set));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "entries.checkin", editable && !gtk_bitset_is_empty (set));
}

/* Another document, or none: a file still being read for the previous one
 * is dropped, and the search and the filter start afresh. */
static void
context_changed (QwPage *page)
{
  QwEntriesPage *self = QW_ENTRIES_PAGE (page);

  _qw_entries_page_set_busy (self, NULL);
  fit_names (self);
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
  fill_filter_dropdown (self);
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
  g_autoptr(GPtrArray) items = qw_page_get_selected_items (QW_PAGE (self));
  GPtrArray *entries = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_entry_free);

  for (guint i = 0; i < items->len; i++)
    g_ptr_array_add (entries, qw_entry_copy (qw_entry_item_get_entry (g_ptr_array_index (items, i))));
  return entries;
}

static void
delete_selected (QwEntriesPage *self)
{
  g_autoptr(GPtrArray) entries = selected_entries (self);
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;

  if (doc_of (self) == NULL || entries->len == 0)
    return;
  if (!qw_registration_delete_entries (doc_of (self), entries, &error))
    {
      qw_feedback_error (GTK_WIDGET (self), _("The entries could not be deleted"), error);
      return;
    }
  if (entries->len == 1)
    message = g_strdup_printf (_("Deleted %s"), ((QwEntry *) entries->pdata[0])->name);
  else
    message = g_strdup_printf (ngettext ("Deleted %u entry", "Deleted %u entries", entries->len), entries->len);
  qw_page_reload (QW_PAGE (self));
  qw_feedback_undo_toast (GTK_WIDGET (self), doc_of (self), message);
}

/* Check-in (签到) by hand: the same function as the door's device and
 * `qiwang-cli checkin`; the players chosen at once are one step. */
static gboolean
set_present (QwEntriesPage  *self,
             GPtrArray      *entries,
             gboolean        present)
{
  g_autoptr(GArray) marks = g_array_new (FALSE, FALSE, sizeof (QwPresentMark));
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;

  for (guint i = 0; i < entries->len; i++)
    {
      const QwEntry *e = g_ptr_array_index (entries, i);
      QwPresentMark mark = { e->group_code, e->no };

      if (e->group_code == NULL)
        {
          g_autofree char *why = g_strdup_printf (_("%s has no group yet: only a player of a group is checked in."),
                                                  e->name);

          error = g_error_new_literal (QW_ERROR, QW_ERROR_INVALID, why);
          qw_feedback_error (GTK_WIDGET (self), _("The check-in was not recorded"), error);
          return FALSE;
        }
      g_array_append_val (marks, mark);
    }
  if (!qw_venue_set_present_many (doc_of (self), (const QwPresentMark *) marks->data, marks->len, present, &error))
    {
      qw_feedback_error (GTK_WIDGET (self), _("The check-in was not recorded"), error);
      qw_page_reload (QW_PAGE (self));
      return FALSE;
    }
  if (entries->len == 1)
    message = g_strdup_printf (present ? _("%s checked in") : _("%s’s check-in cancelled"),
                               ((QwEntry *) g_ptr_array_index (entries, 0))->name);
  else
    message = g_strdup_printf (present ? ngettext ("%u player checked in", "%u players checked in", entries->len)
                                       : ngettext ("Check-in of %u player cancelled", "Check-in of %u players cancelled",
                                                   entries->len), entries->len);
  qw_page_reload (QW_PAGE (self));
  qw_feedback_undo_toast (GTK_WIDGET (self), doc_of (self), message);
  return TRUE;
}

static void
checkin_toggled_cb (GtkCheckButton *check,
                    QwEntriesPage  *self)
{
  /* Held: the reload that follows the change binds the box anew. */
  g_autoptr(QwEntryItem) item = g_object_get_data (G_OBJECT (check), "entry-item");
  g_autoptr(GPtrArray) entries = g_ptr_array_new ();
  gboolean present = gtk_check_button_get_active (check);

  if (item == NULL)
    return;
  g_object_ref (item);
  if (doc_of (self) == NULL || present == qw_entry_item_get_present (item))
    return;
  g_ptr_array_add (entries, (gpointer) qw_entry_item_get_entry (item));
  if (!set_present (self, entries, present) && g_object_get_data (G_OBJECT (check), "entry-item") == item)
    {
      /* Refused: the box shows what is stored. */
      g_signal_handlers_block_by_func (check, checkin_toggled_cb, self);
      gtk_check_button_set_active (check, qw_entry_item_get_present (item));
      g_signal_handlers_unblock_by_func (check, checkin_toggled_cb, self);
    }
}

/**
 * qw_entries_page_toggle_checkin:
 *
 * Checks in the entries selected, or, when all of them are checked in
 * already, cancels their check-in: one step. Returns whether it was done.
 */
gboolean
qw_entries_page_toggle_checkin (QwEntriesPage *self)
{
  g_autoptr(GPtrArray) items = qw_page_get_selected_items (QW_PAGE (self));
  g_autoptr(GPtrArray) entries = g_ptr_array_new ();
  gboolean all_present = TRUE;

  if (doc_of (self) == NULL || items->len == 0)
    return FALSE;
  for (guint i = 0; i < items->len; i++)
    {
      QwEntryItem *item = g_ptr_array_index (items, i);

      all_present = all_present && qw_entry_item_get_present (item);
      g_ptr_array_add (entries, (gpointer) qw_entry_item_get_entry (item));
    }
  return set_present (self, entries, !all_present);
}

static void
checkin_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  qw_entries_page_toggle_checkin (QW_ENTRIES_PAGE (widget));
}

static void
selection_changed_cb (QwEntriesPage *self)
{
  update_actions (self);
}

/* Late entries: asked about at once */

/* Asks whether to admit @late (QwEntry, stored as late entries), over @parent. */
void
_qw_entries_page_ask_late (QwEntriesPage *self,
                           GtkWindow     *parent,
                           GPtrArray     *late)
{
  QwAdmitDialog *dialog;

  if (late == NULL || late->len == 0 || qw_page_get_context (QW_PAGE (self)) == NULL)
    return;
  dialog = qw_admit_dialog_new (parent, GTK_WIDGET (self), qw_page_get_context (QW_PAGE (self)), late);
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

  if (qw_page_get_context (QW_PAGE (q->self)) != NULL)
    _qw_entries_page_ask_late (q->self, parent, q->late);
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

      if (!qw_registration_add_entry (doc_of (self), ruleset_of (self), event_of (self), added, &error))
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
      if (!qw_registration_update_entry (doc_of (self), ruleset_of (self), event_of (self), edited, &error))
        {
          qw_feedback_error (GTK_WIDGET (self), _("The entry could not be saved"), error);
          return FALSE;
        }
      message = g_strdup_printf (_("Edited %s"), edited->name);
      if (edited->status == QW_STATUS_LATE && entry->status != QW_STATUS_LATE)
        ask_late_after (self, GTK_WIDGET (dialog), edited);
    }
  qw_page_reload (QW_PAGE (self));
  qw_feedback_undo_toast (GTK_WIDGET (self), doc_of (self), message);
  return TRUE;
}

static void
open_entry_dialog (QwEntriesPage *self,
                   const QwEntry *entry)
{
  QwEntryDialog *dialog;
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  if (doc_of (self) == NULL)
    return;
  dialog = qw_entry_dialog_new (GTK_WINDOW (root), ruleset_of (self), event_of (self), entry);
  qw_entry_dialog_set_document (dialog, doc_of (self));
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

/* While a worker reads or writes a file: a spinner (bound to "busy") and
 * what it does. */
void
_qw_entries_page_set_busy (QwEntriesPage *self,
                           const char    *text)
{
  self->busy_text = text;
  qw_tooltip_set_text (GTK_WIDGET (self->busy_spinner), text);
  update_summary (self);
  update_actions (self);
  qw_page_set_busy (QW_PAGE (self), text != NULL);
}

/* Actions: the entries.* group, offered to the window's menu and shortcuts */

static void
import_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  _qw_entries_page_choose_import_file (QW_ENTRIES_PAGE (widget));
}

static void
export_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  _qw_entries_page_choose_export_file (QW_ENTRIES_PAGE (widget));
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
  gtk_widget_dispose_template (GTK_WIDGET (self), QW_TYPE_ENTRIES_PAGE);
  g_clear_object (&self->selection);
  g_clear_object (&self->store);
  g_clear_pointer (&self->filter_groups, g_ptr_array_unref);
  g_clear_pointer (&self->needle, g_free);
  g_clear_pointer (&self->present_counts, g_hash_table_unref);
  g_clear_object (&self->order_sorter);
  G_OBJECT_CLASS (qw_entries_page_parent_class)->dispose (object);
}

static void
qw_entries_page_class_init (QwEntriesPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = qw_entries_page_dispose;
  QW_PAGE_CLASS (klass)->context_changed = context_changed;
  QW_PAGE_CLASS (klass)->reload = reload;
  /* The list order is among the document's settings. */
  qw_page_class_set_topics (QW_PAGE_CLASS (klass), "entries", "meta", NULL);


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
  gtk_widget_class_install_action (widget_class, "entries.checkin", NULL, checkin_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_k, GDK_CONTROL_MASK, "entries.checkin", NULL);
}

static void
qw_entries_page_init (QwEntriesPage *self)
{
  GtkEventController *keys;
  g_autoptr(GtkSorter) sorter = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->filter_groups = g_ptr_array_new_with_free_func (g_free);
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
  qw_page_keep_selection (QW_PAGE (self), GTK_SELECTION_MODEL (self->selection),
                          gtk_property_expression_new (QW_TYPE_ENTRY_ITEM, NULL, "id"));
  g_signal_connect_swapped (self->selection, "selection-changed", G_CALLBACK (selection_changed_cb), self);

  keys = gtk_event_controller_key_new ();
  g_signal_connect (keys, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->column_view), keys);
  fill_filter_dropdown (self);
  g_object_bind_property (self, "busy", self->busy_spinner, "visible", G_BINDING_SYNC_CREATE);
  g_object_bind_property (self, "busy", self->busy_spinner, "spinning", G_BINDING_SYNC_CREATE);
  update_summary (self);
  update_actions (self);
}
