/* qw-entries-page.c: registration: the entries of a stop
 *
 * A column view over every entry, with its group and its problems, search and
 * group filter, add/edit/delete with undo, and CSV import with a report.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-entries-page"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "qw-entries-page.h"
#include "qw-entry-dialog.h"
#include "qw-entry-import.h"
#include "qw-entry-item.h"
#include "qw-registration.h"
#include "qw-window.h"
#include "qw-date.h"
#include "qw-document-entries.h"
#include "qw-entry-check.h"
#include "qw-entry.h"
#include "qw-event.h"

typedef enum
{
  UNDO_ADDED,      /* entries were added: undo deletes them */
  UNDO_EDITED,     /* an entry changed: undo writes the old one back */
  UNDO_DELETED,    /* entries were deleted: undo adds them back under their ids */
} UndoKind;

typedef struct
{
  UndoKind   kind;
  GPtrArray *before;   /* QwEntry */
  GPtrArray *after;    /* QwEntry */
  char      *label;
} UndoStep;

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
  GtkWidget         *delete_button;
  GtkStack          *content_stack;
  GtkColumnView     *column_view;
  GtkLabel          *summary_label;
  GtkLabel          *problems_label;

  GListStore        *store;
  GtkFilterListModel *filter_model;
  GtkCustomFilter   *filter;
  GtkSortListModel  *sort_model;
  GtkMultiSelection *selection;
  GPtrArray         *filter_groups;  /* group codes for the drop-down's group items */
  char              *needle;         /* the search text, case-folded; NULL when empty */

  QwDocument        *doc;
  QwEvent           *event;
  QwRuleset         *ruleset;
  GPtrArray         *undo;           /* UndoStep */
  GPtrArray         *redo;
};

G_DEFINE_FINAL_TYPE (QwEntriesPage, qw_entries_page, GTK_TYPE_WIDGET)

static void
undo_step_free (gpointer data)
{
  UndoStep *step = data;

  g_clear_pointer (&step->before, g_ptr_array_unref);
  g_clear_pointer (&step->after, g_ptr_array_unref);
  g_free (step->label);
  g_free (step);
}

static GPtrArray *
copy_entries (GPtrArray *entries)
{
  return g_ptr_array_copy (entries, (GCopyFunc) (void (*) (void)) qw_entry_copy, NULL);
}

/* Columns */

typedef enum
{
  COL_NO,
  COL_NAME,
  COL_SEX,
  COL_BIRTH,
  COL_ID,
  COL_UNIT,
  COL_GRADE,
  COL_GROUP,
  COL_PROBLEMS,
  N_COLUMNS
} Column;

static const struct {
  const char *title;
  int         min_width;
  gboolean    expand;
} columns[N_COLUMNS] = {
  [COL_NO] = { N_("No."), 56, FALSE },
  [COL_NAME] = { N_("Name"), 96, FALSE },
  [COL_SEX] = { N_("Sex"), 48, FALSE },
  [COL_BIRTH] = { N_("Birth Date"), 110, FALSE },
  [COL_ID] = { N_("ID Number"), 190, FALSE },
  [COL_UNIT] = { N_("Unit"), 150, TRUE },
  [COL_GRADE] = { N_("Grade"), 90, FALSE },
  [COL_GROUP] = { N_("Group"), 110, FALSE },
  [COL_PROBLEMS] = { N_("Problems"), 220, TRUE },
};

/* Tooltips are computed when asked for: setting one on every cell while
 * binding makes GTK query the pointer for each row and slows scrolling. */
static gboolean
label_query_tooltip_cb (GtkWidget  *widget,
                        int         x,
                        int         y,
                        gboolean    keyboard,
                        GtkTooltip *tooltip,
                        gpointer    user_data)
{
  const char *text = gtk_label_get_text (GTK_LABEL (widget));

  if (text == NULL || *text == '\0')
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

static gboolean
problems_query_tooltip_cb (GtkWidget  *widget,
                           int         x,
                           int         y,
                           gboolean    keyboard,
                           GtkTooltip *tooltip,
                           gpointer    user_data)
{
  QwEntryItem *item = g_object_get_data (G_OBJECT (widget), "item");
  const char *text = item != NULL ? qw_entry_item_get_problems_text (item) : NULL;

  if (text == NULL || *text == '\0')
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

static void
setup_text_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *item,
               gpointer                  user_data)
{
  Column col = GPOINTER_TO_INT (user_data);
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  if (col == COL_NO || col == COL_ID || col == COL_BIRTH)
    gtk_widget_add_css_class (label, "numeric");
  if (col == COL_UNIT)
    {
      gtk_widget_set_has_tooltip (label, TRUE);
      g_signal_connect (label, "query-tooltip", G_CALLBACK (label_query_tooltip_cb), NULL);
    }
  if (col == COL_GROUP)
    {
      gtk_widget_add_css_class (label, "group-badge");
      gtk_widget_set_halign (label, GTK_ALIGN_START);
    }
  gtk_list_item_set_child (item, label);
}

static void
setup_problems_cb (GtkSignalListItemFactory *factory,
                   GtkListItem              *item,
                   gpointer                  user_data)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);

  gtk_widget_set_has_tooltip (box, TRUE);
  g_signal_connect (box, "query-tooltip", G_CALLBACK (problems_query_tooltip_cb), NULL);
  gtk_list_item_set_child (item, box);
}

static const char *
sex_text (QwSex sex)
{
  switch (sex)
    {
    case QW_SEX_MALE:
      return _("M");
    case QW_SEX_FEMALE:
      return _("F");
    case QW_SEX_UNKNOWN:
    default:
      return "";
    }
}

static void
bind_text_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *item,
              gpointer                  user_data)
{
  Column col = GPOINTER_TO_INT (user_data);
  QwEntryItem *entry_item = gtk_list_item_get_item (item);
  const QwEntry *e = qw_entry_item_get_entry (entry_item);
  GtkLabel *label = GTK_LABEL (gtk_list_item_get_child (item));
  char no[16];

  switch (col)
    {
    case COL_NO:
      g_snprintf (no, sizeof no, "%d", e->no);
      gtk_label_set_text (label, no);
      break;
    case COL_NAME:
      gtk_label_set_text (label, e->name);
      break;
    case COL_SEX:
      gtk_label_set_text (label, sex_text (qw_entry_item_get_check (entry_item)->sex));
      break;
    case COL_BIRTH:
      gtk_label_set_text (label, qw_entry_item_get_birth_text (entry_item));
      break;
    case COL_ID:
      gtk_label_set_text (label, qw_entry_item_get_masked_id (entry_item));
      break;
    case COL_UNIT:
      gtk_label_set_text (label, e->unit);
      break;
    case COL_GRADE:
      gtk_label_set_text (label, e->grade);
      break;
    case COL_GROUP:
      gtk_label_set_text (label, qw_entry_item_get_group_name (entry_item));
      gtk_widget_set_visible (GTK_WIDGET (label), *qw_entry_item_get_group_name (entry_item) != '\0');
      break;
    case COL_PROBLEMS:
    case N_COLUMNS:
    default:
      g_assert_not_reached ();
    }
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
  g_object_set_data_full (G_OBJECT (box), "item", g_object_ref (entry_item), g_object_unref);
}

static int
compare_items (gconstpointer a,
               gconstpointer b,
               gpointer      user_data)
{
  Column col = GPOINTER_TO_INT (user_data);
  QwEntryItem *x = (QwEntryItem *) a, *y = (QwEntryItem *) b;
  const QwEntry *ex = qw_entry_item_get_entry (x), *ey = qw_entry_item_get_entry (y);
  int r = 0;

  switch (col)
    {
    case COL_NAME:
      r = strcmp (qw_entry_item_get_name_key (x), qw_entry_item_get_name_key (y));
      break;
    case COL_UNIT:
      r = strcmp (qw_entry_item_get_unit_key (x), qw_entry_item_get_unit_key (y));
      break;
    case COL_BIRTH:
      r = qw_date_compare (qw_entry_item_get_check (x)->birth, qw_entry_item_get_check (y)->birth);
      break;
    case COL_GROUP:
      r = g_strcmp0 (qw_entry_item_get_group_name (x), qw_entry_item_get_group_name (y));
      break;
    case COL_PROBLEMS:
      r = (int) qw_problem_count (qw_entry_item_get_check (y)->problems)
          - (int) qw_problem_count (qw_entry_item_get_check (x)->problems);
      break;
    case COL_SEX:
      r = (int) qw_entry_item_get_check (x)->sex - (int) qw_entry_item_get_check (y)->sex;
      break;
    case COL_NO:
    case COL_ID:
    case COL_GRADE:
    case N_COLUMNS:
    default:
      break;
    }
  if (r == 0)
    r = (ex->no > ey->no) - (ex->no < ey->no);
  return r < 0 ? GTK_ORDERING_SMALLER : r > 0 ? GTK_ORDERING_LARGER : GTK_ORDERING_EQUAL;
}

static void
add_columns (QwEntriesPage *self)
{
  for (int col = 0; col < N_COLUMNS; col++)
    {
      GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
      GtkColumnViewColumn *column;
      g_autoptr(GtkSorter) sorter = NULL;

      if (col == COL_PROBLEMS)
        {
          g_signal_connect (factory, "setup", G_CALLBACK (setup_problems_cb), NULL);
          g_signal_connect (factory, "bind", G_CALLBACK (bind_problems_cb), NULL);
        }
      else
        {
          g_signal_connect (factory, "setup", G_CALLBACK (setup_text_cb), GINT_TO_POINTER (col));
          g_signal_connect (factory, "bind", G_CALLBACK (bind_text_cb), GINT_TO_POINTER (col));
        }
      column = gtk_column_view_column_new (_(columns[col].title), factory);
      gtk_column_view_column_set_resizable (column, TRUE);
      gtk_column_view_column_set_expand (column, columns[col].expand);
      gtk_column_view_column_set_fixed_width (column, columns[col].expand ? -1 : columns[col].min_width);
      if (col != COL_ID && col != COL_GRADE)
        {
          sorter = GTK_SORTER (gtk_custom_sorter_new (compare_items, GINT_TO_POINTER (col), NULL));
          gtk_column_view_column_set_sorter (column, sorter);
        }
      gtk_column_view_append_column (self->column_view, column);
      if (col == COL_NO)
        gtk_column_view_sort_by_column (self->column_view, column, GTK_SORT_ASCENDING);
      g_object_unref (column);
    }
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

  if (selected == FILTER_PROBLEMS && check->problems == 0)
    return FALSE;
  if (selected == FILTER_NO_GROUP && check->group != NULL)
    return FALSE;
  if (selected >= N_FIXED_FILTERS && selected != GTK_INVALID_LIST_POSITION)
    {
      const char *code = g_ptr_array_index (self->filter_groups, selected - N_FIXED_FILTERS);

      if (check->group == NULL || !g_str_equal (check->group->code, code))
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

      with_problems += check->problems != 0;
      for (guint g = 0; per_group != NULL && check->group != NULL && g < self->ruleset->groups->len; g++)
        if (g_ptr_array_index (self->ruleset->groups, g) == check->group)
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

/* Loading */

static void
reload (QwEntriesPage *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GListStore) fresh = NULL;
  g_autoptr(GPtrArray) items = NULL;
  guint n;

  if (self->doc == NULL)
    {
      g_list_store_remove_all (self->store);
      update_summary (self);
      return;
    }
  fresh = qw_entry_items_load (self->doc, self->ruleset, self->event, &error);
  if (fresh == NULL)
    {
      qw_window_error_for (GTK_WIDGET (self), _("The entries could not be read"), error);
      return;
    }
  n = g_list_model_get_n_items (G_LIST_MODEL (fresh));
  items = g_ptr_array_new_full (n, g_object_unref);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (items, g_list_model_get_item (G_LIST_MODEL (fresh), i));
  g_list_store_splice (self->store, 0, g_list_model_get_n_items (G_LIST_MODEL (self->store)),
                       items->pdata, items->len);
  update_summary (self);
}

static void
document_changed_cb (QwEntriesPage *self,
                     const char    *what)
{
  if (g_strcmp0 (what, "entries") == 0)
    reload (self);
}

void
qw_entries_page_set_document (QwEntriesPage *self,
                              QwDocument    *doc,
                              const QwEvent *event,
                              QwRuleset     *ruleset)
{
  g_return_if_fail (QW_IS_ENTRIES_PAGE (self));

  if (self->doc != NULL)
    g_signal_handlers_disconnect_by_data (self->doc, self);
  g_clear_object (&self->doc);
  g_clear_pointer (&self->event, qw_event_free);
  g_clear_pointer (&self->ruleset, qw_ruleset_unref);
  g_ptr_array_set_size (self->undo, 0);
  g_ptr_array_set_size (self->redo, 0);
  if (doc != NULL)
    {
      self->doc = g_object_ref (doc);
      self->event = qw_event_copy (event);
      self->ruleset = qw_ruleset_ref (ruleset);
      g_signal_connect_swapped (doc, "changed", G_CALLBACK (document_changed_cb), self);
    }
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
  fill_filter_dropdown (self);
  reload (self);
}

GListModel *
qw_entries_page_get_model (QwEntriesPage *self)
{
  return G_LIST_MODEL (self->sort_model);
}

void
qw_entries_page_set_search (QwEntriesPage *self,
                            const char    *text)
{
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), text);
  refilter (self);
}

/* Changes, each one undoable */

static void
push_undo (QwEntriesPage *self,
           UndoKind       kind,
           GPtrArray     *before,
           GPtrArray     *after,
           const char    *label)
{
  UndoStep *step = g_new0 (UndoStep, 1);

  step->kind = kind;
  step->before = before != NULL ? copy_entries (before) : NULL;
  step->after = after != NULL ? copy_entries (after) : NULL;
  step->label = g_strdup (label);
  g_ptr_array_add (self->undo, step);
  g_ptr_array_set_size (self->redo, 0);
}

static gboolean
delete_list (QwEntriesPage  *self,
             GPtrArray      *entries,
             GError        **error)
{
  g_autofree gint64 *ids = g_new (gint64, MAX (entries->len, 1));

  for (guint i = 0; i < entries->len; i++)
    ids[i] = ((QwEntry *) g_ptr_array_index (entries, i))->id;
  return qw_document_delete_entries (self->doc, ids, entries->len, error);
}

static gboolean
apply_step (QwEntriesPage  *self,
            UndoStep       *step,
            gboolean        reverse,
            GError        **error)
{
  g_autoptr(GPtrArray) copy = NULL;

  switch (step->kind)
    {
    case UNDO_ADDED:
      if (reverse)
        return delete_list (self, step->after, error);
      copy = copy_entries (step->after);
      return qw_document_add_entries (self->doc, self->event->id, copy, error);
    case UNDO_DELETED:
      if (!reverse)
        return delete_list (self, step->before, error);
      copy = copy_entries (step->before);
      return qw_document_add_entries (self->doc, self->event->id, copy, error);
    case UNDO_EDITED:
      return qw_document_update_entry (self->doc,
                                       g_ptr_array_index (reverse ? step->before : step->after, 0),
                                       error);
    default:
      g_assert_not_reached ();
    }
}

static void
undo_or_redo (QwEntriesPage *self,
              gboolean       undo)
{
  GPtrArray *from = undo ? self->undo : self->redo;
  GPtrArray *to = undo ? self->redo : self->undo;
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;
  UndoStep *step;

  if (from->len == 0)
    {
      qw_window_toast_for (GTK_WIDGET (self), undo ? _("Nothing to undo") : _("Nothing to redo"));
      return;
    }
  step = g_ptr_array_steal_index (from, from->len - 1);
  if (!apply_step (self, step, undo, &error))
    {
      qw_window_error_for (GTK_WIDGET (self), undo ? _("The change could not be undone") : _("The change could not be redone"), error);
      undo_step_free (step);
      return;
    }
  message = g_strdup_printf (undo ? _("Undone: %s") : _("Redone: %s"), step->label);
  g_ptr_array_add (to, step);
  qw_window_toast_for (GTK_WIDGET (self), message);
}

static void
undo_clicked_cb (QwEntriesPage *self)
{
  undo_or_redo (self, TRUE);
}

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
      qw_window_error_for (GTK_WIDGET (self), _("The entries could not be deleted"), error);
      return;
    }
  if (entries->len == 1)
    message = g_strdup_printf (_("Deleted %s"), ((QwEntry *) entries->pdata[0])->name);
  else
    message = g_strdup_printf (ngettext ("Deleted %u entry", "Deleted %u entries", entries->len), entries->len);
  push_undo (self, UNDO_DELETED, entries, NULL, message);
  qw_window_undo_toast_for (GTK_WIDGET (self), message, G_CALLBACK (undo_clicked_cb), self);
}

static void
delete_clicked_cb (QwEntriesPage *self)
{
  delete_selected (self);
}

static void
selection_changed_cb (QwEntriesPage *self)
{
  g_autoptr(GtkBitset) set = gtk_selection_model_get_selection (GTK_SELECTION_MODEL (self->selection));

  gtk_widget_set_sensitive (self->delete_button, !gtk_bitset_is_empty (set));
}

/* The entry dialog */

/* Ages and groups are counted on the event's first day (today if unset). */
static QwDate
event_date (QwEntriesPage *self)
{
  return qw_registration_event_date (self->event);
}

static gboolean
entry_saved_cb (QwEntriesPage *self,
                QwEntry       *entry,
                QwEntryDialog *dialog)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) after = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_entry_free);
  g_autofree char *message = NULL;

  if (entry->id == 0)
    {
      g_autoptr(QwEntry) added = qw_entry_copy (entry);

      if (!qw_registration_add_entry (self->doc, self->ruleset, self->event, added, &error))
        {
          qw_window_error_for (GTK_WIDGET (self), _("The entry could not be added"), error);
          return FALSE;
        }
      g_ptr_array_add (after, g_steal_pointer (&added));
      message = g_strdup_printf (_("Added %s"), entry->name);
      push_undo (self, UNDO_ADDED, NULL, after, message);
    }
  else
    {
      g_autoptr(QwEntry) old = qw_document_get_entry (self->doc, entry->id, &error);
      g_autoptr(GPtrArray) before = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_entry_free);
      g_autoptr(QwEntry) edited = qw_entry_copy (entry);

      /* A corrected birth date moves the player, until the first pairing fixes the group. */
      entry = edited;
      if (old == NULL || !qw_registration_update_entry (self->doc, self->ruleset, self->event, entry, &error))
        {
          qw_window_error_for (GTK_WIDGET (self), _("The entry could not be saved"), error);
          return FALSE;
        }
      g_ptr_array_add (before, g_steal_pointer (&old));
      g_ptr_array_add (after, qw_entry_copy (entry));
      message = g_strdup_printf (_("Edited %s"), entry->name);
      push_undo (self, UNDO_EDITED, before, after, message);
    }
  qw_window_toast_for (GTK_WIDGET (self), message);
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
  dialog = qw_entry_dialog_new (GTK_WINDOW (root), self->ruleset, self->event, entry);
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
import_report (QwEntryImport *import,
               const char    *file_name,
               guint          with_problems)
{
  GString *text = g_string_new (NULL);

  g_string_append_printf (text, ngettext ("%u entry imported from %s (%s).",
                                          "%u entries imported from %s (%s).", import->entries->len),
                          import->entries->len, file_name, import->encoding);
  if (with_problems > 0)
    {
      g_string_append_c (text, '\n');
      g_string_append_printf (text, ngettext ("%u of them has problems: see the Problems column.",
                                              "%u of them have problems: see the Problems column.",
                                              with_problems), with_problems);
    }
  if (import->rejected->len > 0)
    {
      g_string_append (text, "\n\n");
      g_string_append_printf (text, ngettext ("%u row was rejected:", "%u rows were rejected:",
                                              import->rejected->len), import->rejected->len);
      for (guint i = 0; i < import->rejected->len && i < 20; i++)
        g_string_append_printf (text, "\n• %s", ((QwRowError *) import->rejected->pdata[i])->message);
      if (import->rejected->len > 20)
        g_string_append_printf (text, _("\n… and %u more"), import->rejected->len - 20);
    }
  if (import->ignored_columns != NULL && import->ignored_columns[0] != NULL)
    {
      g_autofree char *cols = g_strjoinv ("、", import->ignored_columns);

      g_string_append (text, "\n\n");
      g_string_append_printf (text, _("Columns not used: %s"), cols);
    }
  return g_string_free (text, FALSE);
}

static guint
count_problems (QwEntriesPage *self,
                GPtrArray     *entries)
{
  QwCheckOptions options = { event_date (self), FALSE };
  g_autofree QwEntryCheck *checks = g_new0 (QwEntryCheck, MAX (entries->len, 1));
  guint n = 0;

  qw_entry_check_all (self->ruleset, entries, &options, checks);
  for (guint i = 0; i < entries->len; i++)
    n += checks[i].problems != 0;
  return n;
}

/**
 * qw_entries_page_import_file:
 *
 * Imports a registration list: all its usable rows in one transaction (or
 * nothing, if the file cannot be read), then reports what was imported and
 * what was rejected. The import is one undo step.
 */
gboolean
qw_entries_page_import_file (QwEntriesPage  *self,
                             GFile          *file,
                             GError        **error)
{
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *name = g_file_get_basename (file);
  g_autoptr(QwEntryImport) import = NULL;
  g_autofree char *report = NULL;
  g_autofree char *message = NULL;
  GtkWidget *dialog;

  g_return_val_if_fail (self->doc != NULL, FALSE);

  import = qw_entry_import_file (path, error);
  if (import == NULL)
    return FALSE;
  if (!qw_registration_import_entries (self->doc, self->ruleset, self->event, import->entries, error))
    return FALSE;
  message = g_strdup_printf (ngettext ("Imported %u entry", "Imported %u entries", import->entries->len),
                             import->entries->len);
  push_undo (self, UNDO_ADDED, NULL, import->entries, message);
  report = import_report (import, name, count_problems (self, import->entries));
  dialog = adw_message_dialog_new (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))),
                                   _("Registration List Imported"), report);
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
  return TRUE;
}

static void
import_response_cb (GtkNativeDialog *chooser,
                    int              response,
                    QwEntriesPage   *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autoptr(GError) error = NULL;

      if (!qw_entries_page_import_file (self, file, &error))
        qw_window_error_for (GTK_WIDGET (self), _("Nothing was imported"), error);
    }
  gtk_native_dialog_destroy (chooser);
  g_object_unref (chooser);
}

static void
choose_import_file (QwEntriesPage *self)
{
  GtkFileChooserNative *chooser;
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Registration lists (CSV, tab-separated text)"));
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

static void
export_response_cb (GtkNativeDialog *chooser,
                    int              response,
                    QwEntriesPage   *self)
{
  if (response == GTK_RESPONSE_ACCEPT && self->doc != NULL)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) entries = qw_document_list_entries (self->doc, self->event->id, &error);
      g_autofree char *csv = entries != NULL ? qw_entries_to_csv (entries, FALSE) : NULL;
      g_autofree char *path = g_file_get_path (file);

      if (csv == NULL || !g_file_set_contents (path, csv, -1, &error))
        qw_window_error_for (GTK_WIDGET (self), _("The list could not be exported"), error);
      else
        qw_window_toast_for (GTK_WIDGET (self), _("Registration list exported"));
    }
  gtk_native_dialog_destroy (chooser);
  g_object_unref (chooser);
}

static void
choose_export_file (QwEntriesPage *self)
{
  GtkFileChooserNative *chooser;
  g_autofree char *name = g_strdup_printf ("%s-报名表.csv", self->event->name);

  chooser = gtk_file_chooser_native_new (_("Export the Registration List"),
                                         GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))),
                                         GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
  g_signal_connect (chooser, "response", G_CALLBACK (export_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

/**
 * qw_entries_page_activate_action:
 * @name: "import-entries", "export-entries", "add-entry", "find", "undo" or "redo"
 */
void
qw_entries_page_activate_action (QwEntriesPage *self,
                                 const char    *name)
{
  if (self->doc == NULL)
    return;
  if (g_str_equal (name, "import-entries"))
    choose_import_file (self);
  else if (g_str_equal (name, "export-entries"))
    choose_export_file (self);
  else if (g_str_equal (name, "add-entry"))
    open_entry_dialog (self, NULL);
  else if (g_str_equal (name, "find"))
    gtk_widget_grab_focus (GTK_WIDGET (self->search_entry));
  else if (g_str_equal (name, "undo"))
    undo_or_redo (self, TRUE);
  else if (g_str_equal (name, "redo"))
    undo_or_redo (self, FALSE);
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
      delete_selected (self);
      return TRUE;
    }
  return FALSE;
}

/* GObject */

static void
qw_entries_page_dispose (GObject *object)
{
  QwEntriesPage *self = QW_ENTRIES_PAGE (object);

  if (self->doc != NULL)
    g_signal_handlers_disconnect_by_data (self->doc, self);
  g_clear_object (&self->doc);
  g_clear_pointer (&self->event, qw_event_free);
  g_clear_pointer (&self->ruleset, qw_ruleset_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), QW_TYPE_ENTRIES_PAGE);
  g_clear_object (&self->selection);
  g_clear_object (&self->store);
  g_clear_pointer (&self->undo, g_ptr_array_unref);
  g_clear_pointer (&self->redo, g_ptr_array_unref);
  g_clear_pointer (&self->filter_groups, g_ptr_array_unref);
  g_clear_pointer (&self->needle, g_free);
  G_OBJECT_CLASS (qw_entries_page_parent_class)->dispose (object);
}

static void
qw_entries_page_class_init (QwEntriesPageClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = qw_entries_page_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class, "/cn/qiwang/Qiwang/ui/qw-entries-page.ui");
  gtk_widget_class_bind_template_child (widget_class, QwEntriesPage, box);
  gtk_widget_class_bind_template_child (widget_class, QwEntriesPage, search_entry);
  gtk_widget_class_bind_template_child (widget_class, QwEntriesPage, filter_dropdown);
  gtk_widget_class_bind_template_child (widget_class, QwEntriesPage, delete_button);
  gtk_widget_class_bind_template_child (widget_class, QwEntriesPage, content_stack);
  gtk_widget_class_bind_template_child (widget_class, QwEntriesPage, column_view);
  gtk_widget_class_bind_template_child (widget_class, QwEntriesPage, summary_label);
  gtk_widget_class_bind_template_child (widget_class, QwEntriesPage, problems_label);
  gtk_widget_class_bind_template_callback (widget_class, search_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, stop_search_cb);
  gtk_widget_class_bind_template_callback (widget_class, filter_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, delete_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, row_activated_cb);
}

static void
qw_entries_page_init (QwEntriesPage *self)
{
  GtkEventController *keys;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->undo = g_ptr_array_new_with_free_func (undo_step_free);
  self->redo = g_ptr_array_new_with_free_func (undo_step_free);
  self->filter_groups = g_ptr_array_new_with_free_func (g_free);
  self->store = g_list_store_new (QW_TYPE_ENTRY_ITEM);
  self->filter = gtk_custom_filter_new (filter_func, self, NULL);
  self->filter_model = gtk_filter_list_model_new (G_LIST_MODEL (g_object_ref (self->store)),
                                                  GTK_FILTER (self->filter));
  self->sort_model = gtk_sort_list_model_new (G_LIST_MODEL (self->filter_model), NULL);
  self->selection = gtk_multi_selection_new (G_LIST_MODEL (self->sort_model));
  add_columns (self);
  gtk_sort_list_model_set_sorter (self->sort_model, gtk_column_view_get_sorter (self->column_view));
  gtk_column_view_set_model (self->column_view, GTK_SELECTION_MODEL (self->selection));
  g_signal_connect_swapped (self->selection, "selection-changed", G_CALLBACK (selection_changed_cb), self);

  keys = gtk_event_controller_key_new ();
  g_signal_connect (keys, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->column_view), keys);
  fill_filter_dropdown (self);
  update_summary (self);
}
