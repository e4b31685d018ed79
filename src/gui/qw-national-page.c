/* qw-national-page.c: the national organiser's document: every region's nominees
 *
 * The regions send their nominee files; each file replaces that region's
 * earlier list. The page lists every nominee by region and group, flags a
 * player nominated by two regions (a player represents one region only),
 * and ranks the teams from the national final's results: a nominee plays
 * for the region that nominated them, anyone else for their unit.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-national-page"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "qw-entry.h"
#include "qw-error.h"
#include "qw-idcard.h"
#include "qw-import-report.h"
#include "qw-national-page.h"
#include "qw-nominees.h"
#include "qw-region-import.h"
#include "qw-team.h"
#include "qw-window.h"
#include "qw-entry-check.h"
#include "qw-results-export.h"

#define FINAL_META_KEY "national-final-file"

/* One row: a nominee as stored, with what the table shows. */

#define QW_TYPE_NOMINEE_ITEM (qw_nominee_item_get_type ())

G_DECLARE_FINAL_TYPE (QwNomineeItem, qw_nominee_item, QW, NOMINEE_ITEM, GObject)

struct _QwNomineeItem
{
  GObject    parent_instance;
  QwNominee *nominee;
  char      *group_name;
  char      *masked_id;
  char      *search_key;
  char      *duplicate;    /* why the player is flagged, or NULL */
};

G_DEFINE_FINAL_TYPE (QwNomineeItem, qw_nominee_item, G_TYPE_OBJECT)

static void
qw_nominee_item_finalize (GObject *object)
{
  QwNomineeItem *self = QW_NOMINEE_ITEM (object);

  qw_nominee_free (self->nominee);
  g_free (self->group_name);
  g_free (self->masked_id);
  g_free (self->search_key);
  g_free (self->duplicate);
  G_OBJECT_CLASS (qw_nominee_item_parent_class)->finalize (object);
}

static void
qw_nominee_item_class_init (QwNomineeItemClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = qw_nominee_item_finalize;
}

static void
qw_nominee_item_init (QwNomineeItem *self)
{
}

static QwNomineeItem *
qw_nominee_item_new (QwNominee       *nominee,
                     const QwRuleset *ruleset,
                     const char      *duplicate)
{
  QwNomineeItem *self = g_object_new (QW_TYPE_NOMINEE_ITEM, NULL);
  g_autofree char *raw_key = NULL;

  self->nominee = nominee;
  self->group_name = qw_ruleset_group_label (ruleset, nominee->group_code);
  self->masked_id = qw_idcard_mask (nominee->id_number);
  self->duplicate = g_strdup (duplicate);
  /* The digits of the ID number are searchable, not shown. */
  raw_key = g_strjoin (" ", nominee->name, nominee->region, nominee->unit, self->group_name,
                       nominee->id_number, NULL);
  self->search_key = g_utf8_casefold (raw_key, -1);
  return self;
}

/* The page */

struct _QwNationalPage
{
  GtkWidget            parent_instance;

  GtkWidget           *box;
  GtkSearchEntry      *search_entry;
  GtkStack            *content_stack;
  GtkColumnView       *column_view;
  AdwPreferencesGroup *duplicates_group;
  AdwPreferencesGroup *regions_group;
  AdwPreferencesGroup *teams_group;

  GListStore          *store;
  GtkFilterListModel  *filter_model;
  GtkCustomFilter     *filter;
  GtkSortListModel    *sort_model;
  GtkSingleSelection  *selection;
  char                *needle;
  GPtrArray           *sidebar_rows;   /* (AdwPreferencesGroup, row) pairs */

  QwDocument          *doc;
  QwRuleset           *ruleset;
  guint                n_duplicates;
  guint                n_unsettled;     /* final's players nominated by two regions */
  GPtrArray           *teams;          /* QwTeamResult */
  char                *final_name;
};

G_DEFINE_FINAL_TYPE (QwNationalPage, qw_national_page, GTK_TYPE_WIDGET)

static GtkWindow *
get_parent (QwNationalPage *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  return GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL;
}

/* Columns */

typedef enum
{
  COL_REGION,
  COL_GROUP,
  COL_PLACE,
  COL_NAME,
  COL_SEX,
  COL_ID,
  COL_UNIT,
  COL_CHECK,
  N_COLUMNS
} Column;

static const struct {
  const char *title;
  int         width;
  gboolean    expand;
} columns[N_COLUMNS] = {
  [COL_REGION] = { N_("Region"), 72, FALSE },
  [COL_GROUP] = { N_("Group"), 110, FALSE },
  [COL_PLACE] = { N_("Place"), 56, FALSE },
  [COL_NAME] = { N_("Name"), 96, FALSE },
  [COL_SEX] = { N_("Sex"), 48, FALSE },
  [COL_ID] = { N_("ID Number"), 190, FALSE },
  [COL_UNIT] = { N_("Unit"), 140, TRUE },
  [COL_CHECK] = { N_("Check"), 150, FALSE },
};

/* Asked for when shown, not set while binding (that costs a pointer query
 * per cell). */
static gboolean
query_tooltip_cb (GtkWidget   *widget,
                  int          x,
                  int          y,
                  gboolean     keyboard,
                  GtkTooltip  *tooltip,
                  GtkListItem *list_item)
{
  QwNomineeItem *item = gtk_list_item_get_item (list_item);
  const char *text = NULL;

  if (item == NULL)
    return FALSE;
  text = GTK_IS_LABEL (widget) && gtk_widget_has_css_class (widget, "problem-badge")
         ? item->duplicate : item->nominee->unit;
  if (text == NULL || text[0] == '\0')
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

static void
setup_cb (GtkSignalListItemFactory *factory,
          GtkListItem              *list_item,
          gpointer                  user_data)
{
  Column col = GPOINTER_TO_INT (user_data);
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  if (col == COL_PLACE || col == COL_ID)
    gtk_widget_add_css_class (label, "numeric");
  if (col == COL_GROUP || col == COL_CHECK)
    gtk_widget_set_halign (label, GTK_ALIGN_START);
  if (col == COL_GROUP)
    gtk_widget_add_css_class (label, "group-badge");
  if (col == COL_UNIT || col == COL_CHECK)
    {
      gtk_widget_set_has_tooltip (label, TRUE);
      g_signal_connect (label, "query-tooltip", G_CALLBACK (query_tooltip_cb), list_item);
    }
  gtk_list_item_set_child (list_item, label);
}

static void
bind_cb (GtkSignalListItemFactory *factory,
         GtkListItem              *list_item,
         gpointer                  user_data)
{
  Column col = GPOINTER_TO_INT (user_data);
  QwNomineeItem *item = gtk_list_item_get_item (list_item);
  const QwNominee *n = item->nominee;
  GtkWidget *label = gtk_list_item_get_child (list_item);
  g_autofree char *place = NULL;

  gtk_widget_remove_css_class (label, "problem-badge");
  gtk_widget_remove_css_class (label, "error");
  switch (col)
    {
    case COL_REGION:
      gtk_label_set_text (GTK_LABEL (label), n->region);
      break;
    case COL_GROUP:
      gtk_label_set_text (GTK_LABEL (label), item->group_name);
      break;
    case COL_PLACE:
      place = g_strdup_printf ("%d", n->rank);
      gtk_label_set_text (GTK_LABEL (label), place);
      break;
    case COL_NAME:
      gtk_label_set_text (GTK_LABEL (label), n->name);
      break;
    case COL_SEX:
      gtk_label_set_text (GTK_LABEL (label), qw_sex_to_chinese (n->sex));
      break;
    case COL_ID:
      gtk_label_set_text (GTK_LABEL (label), item->masked_id);
      break;
    case COL_UNIT:
      gtk_label_set_text (GTK_LABEL (label), n->unit);
      break;
    case COL_CHECK:
      gtk_label_set_text (GTK_LABEL (label), item->duplicate != NULL ? _("Two Regions") : "");
      gtk_widget_set_visible (label, item->duplicate != NULL);
      if (item->duplicate != NULL)
        {
          gtk_widget_add_css_class (label, "problem-badge");
          gtk_widget_add_css_class (label, "error");
        }
      break;
    case N_COLUMNS:
    default:
      g_assert_not_reached ();
    }
}

static int
compare_column (QwNomineeItem *x,
                QwNomineeItem *y,
                Column         col)
{
  switch (col)
    {
    case COL_REGION:
      return g_utf8_collate (x->nominee->region, y->nominee->region);
    case COL_GROUP:
      return g_utf8_collate (x->group_name, y->group_name);
    case COL_PLACE:
      return x->nominee->rank - y->nominee->rank;
    case COL_NAME:
      return g_utf8_collate (x->nominee->name, y->nominee->name);
    case COL_SEX:
      return (int) x->nominee->sex - (int) y->nominee->sex;
    case COL_UNIT:
      return g_utf8_collate (x->nominee->unit, y->nominee->unit);
    case COL_CHECK:
      return (x->duplicate != NULL) - (y->duplicate != NULL);
    case COL_ID:
    case N_COLUMNS:
    default:
      return 0;
    }
}

static int
compare_items (gconstpointer a,
               gconstpointer b,
               gpointer      user_data)
{
  QwNomineeItem *x = (QwNomineeItem *) a, *y = (QwNomineeItem *) b;
  int r = compare_column (x, y, GPOINTER_TO_INT (user_data));

  /* Ties keep the order of the regions' lists. */
  if (r == 0)
    r = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (x), "position"))
        - GPOINTER_TO_INT (g_object_get_data (G_OBJECT (y), "position"));
  return r < 0 ? GTK_ORDERING_SMALLER : r > 0 ? GTK_ORDERING_LARGER : GTK_ORDERING_EQUAL;
}

static void
add_columns (QwNationalPage *self)
{
  for (int col = 0; col < N_COLUMNS; col++)
    {
      GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
      GtkColumnViewColumn *column;
      g_autoptr(GtkSorter) sorter = NULL;

      g_signal_connect (factory, "setup", G_CALLBACK (setup_cb), GINT_TO_POINTER (col));
      g_signal_connect (factory, "bind", G_CALLBACK (bind_cb), GINT_TO_POINTER (col));
      column = gtk_column_view_column_new (_(columns[col].title), factory);
      gtk_column_view_column_set_resizable (column, TRUE);
      gtk_column_view_column_set_expand (column, columns[col].expand);
      gtk_column_view_column_set_fixed_width (column, columns[col].width);
      if (col != COL_ID)
        {
          sorter = GTK_SORTER (gtk_custom_sorter_new (compare_items, GINT_TO_POINTER (col), NULL));
          gtk_column_view_column_set_sorter (column, sorter);
        }
      gtk_column_view_append_column (self->column_view, column);
      g_object_unref (column);
    }
}

/* Filtering */

static gboolean
filter_func (gpointer item,
             gpointer user_data)
{
  QwNationalPage *self = user_data;

  return self->needle == NULL || strstr (QW_NOMINEE_ITEM (item)->search_key, self->needle) != NULL;
}

static void
update_content (QwNationalPage *self)
{
  if (g_list_model_get_n_items (G_LIST_MODEL (self->store)) == 0)
    gtk_stack_set_visible_child_name (self->content_stack, "empty");
  else if (g_list_model_get_n_items (G_LIST_MODEL (self->filter_model)) == 0)
    gtk_stack_set_visible_child_name (self->content_stack, "no-results");
  else
    gtk_stack_set_visible_child_name (self->content_stack, "list");
}

static void
search_changed_cb (QwNationalPage *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->search_entry));

  g_clear_pointer (&self->needle, g_free);
  if (text != NULL && text[0] != '\0')
    self->needle = g_utf8_casefold (text, -1);
  gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
  update_content (self);
}

static void
stop_search_cb (QwNationalPage *self)
{
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
}

/* The sidebar */

typedef struct
{
  AdwPreferencesGroup *group;
  GtkWidget           *row;
} SidebarRow;

static void
sidebar_add (QwNationalPage      *self,
             AdwPreferencesGroup *group,
             GtkWidget           *row)
{
  SidebarRow *r = g_new0 (SidebarRow, 1);

  adw_preferences_group_add (group, row);
  r->group = group;
  r->row = row;
  g_ptr_array_add (self->sidebar_rows, r);
}

static void
sidebar_clear (QwNationalPage      *self,
               AdwPreferencesGroup *group)
{
  for (guint i = self->sidebar_rows->len; i > 0; i--)
    {
      SidebarRow *r = g_ptr_array_index (self->sidebar_rows, i - 1);

      if (r->group != group)
        continue;
      adw_preferences_group_remove (group, r->row);
      g_ptr_array_remove_index (self->sidebar_rows, i - 1);
    }
}

static GtkWidget *
count_row (const char *title,
           const char *subtitle,
           const char *count)
{
  GtkWidget *row = qw_message_row_new (title, subtitle, "mark-location-symbolic", NULL);
  GtkWidget *label = gtk_label_new (count);

  gtk_widget_add_css_class (label, "numeric");
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);
  return row;
}

static void
fill_regions (QwNationalPage *self,
              GPtrArray      *nominees)
{
  g_autoptr(GPtrArray) order = g_ptr_array_new ();
  g_autoptr(GHashTable) counts = g_hash_table_new (g_str_hash, g_str_equal);

  sidebar_clear (self, self->regions_group);
  for (guint i = 0; i < nominees->len; i++)
    {
      const char *region = ((QwNominee *) g_ptr_array_index (nominees, i))->region;
      guint n = GPOINTER_TO_UINT (g_hash_table_lookup (counts, region));

      if (n == 0)
        g_ptr_array_add (order, (gpointer) region);
      g_hash_table_insert (counts, (gpointer) region, GUINT_TO_POINTER (n + 1));
    }
  for (guint i = 0; i < order->len; i++)
    {
      guint n = GPOINTER_TO_UINT (g_hash_table_lookup (counts, order->pdata[i]));
      g_autofree char *count = g_strdup_printf (ngettext ("%u nominee", "%u nominees", n), n);

      sidebar_add (self, self->regions_group, count_row (order->pdata[i], NULL, count));
    }
  if (order->len == 0)
    sidebar_add (self, self->regions_group,
                 qw_message_row_new (_("No region has sent its nominees yet"), NULL,
                                     "dialog-information-symbolic", NULL));
}

static GHashTable *
fill_duplicates (QwNationalPage *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) duplicates = qw_document_nominee_duplicates (self->doc, &error);
  GHashTable *by_id = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  sidebar_clear (self, self->duplicates_group);
  self->n_duplicates = duplicates != NULL ? duplicates->len : 0;
  if (duplicates == NULL)
    {
      sidebar_add (self, self->duplicates_group,
                   qw_message_row_new (_("The nominees could not be compared"), error->message,
                                       "dialog-error-symbolic", "error"));
      return by_id;
    }
  for (guint i = 0; i < duplicates->len; i++)
    {
      const QwNomineeDuplicate *d = g_ptr_array_index (duplicates, i);

      g_hash_table_insert (by_id, g_strdup (d->id_number), g_strdup (d->message));
      sidebar_add (self, self->duplicates_group,
                   qw_message_row_new (d->message, NULL, "dialog-warning-symbolic", "error"));
    }
  if (duplicates->len == 0)
    sidebar_add (self, self->duplicates_group,
                 qw_message_row_new (_("No player is nominated by two regions"), NULL,
                                     "emblem-ok-symbolic", "success"));
  return by_id;
}

/* Team results */

static GtkWidget *
team_row (const QwTeamResult *t)
{
  g_autofree char *title = g_strdup_printf ("%d. %s", t->rank, t->team);
  g_autoptr(GString) places = g_string_new (NULL);
  g_autofree char *subtitle = NULL;
  g_autofree char *total = g_strdup_printf ("%d", t->total);
  GtkWidget *row;
  GtkWidget *label;

  for (guint i = 0; i < t->places->len; i++)
    g_string_append_printf (places, i > 0 ? "、%d" : "%d", g_array_index (t->places, int, i));
  subtitle = g_strdup_printf (ngettext ("%d player counted, places %s", "%d players counted, places %s",
                                        t->counted), t->counted, places->str);
  row = qw_message_row_new (title, subtitle, t->rank <= 3 ? "starred-symbolic" : "non-starred-symbolic",
                            t->rank <= 3 ? "accent" : NULL);
  label = gtk_label_new (total);
  gtk_widget_add_css_class (label, "numeric");
  gtk_widget_add_css_class (label, "title-4");
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);
  return row;
}

static void
fill_teams (QwNationalPage *self)
{
  g_autofree char *description = NULL;

  sidebar_clear (self, self->teams_group);
  if (self->teams == NULL)
    {
      sidebar_add (self, self->teams_group,
                   qw_message_row_new (_("No results yet"),
                                       _("Choose the national final’s results file or document with “Team "
                                         "Results…”"),
                                       "dialog-information-symbolic", NULL));
      adw_preferences_group_set_description (self->teams_group, NULL);
      return;
    }
  description = g_strdup_printf (_("%s: the sum of the places of each team’s best %d players in the formal "
                                   "groups; ties go to the better best place"),
                                 self->final_name, self->ruleset->team_best);
  adw_preferences_group_set_description (self->teams_group, description);
  if (self->n_unsettled > 0)
    {
      g_autofree char *text = g_strdup_printf (ngettext ("%u player nominated by two regions counts for no "
                                                         "team until it is settled",
                                                         "%u players nominated by two regions count for no "
                                                         "team until it is settled", self->n_unsettled),
                                               self->n_unsettled);

      sidebar_add (self, self->teams_group, qw_message_row_new (text, NULL, "dialog-warning-symbolic", "warning"));
    }
  for (guint i = 0; i < self->teams->len; i++)
    sidebar_add (self, self->teams_group, team_row (g_ptr_array_index (self->teams, i)));
  if (self->teams->len == 0)
    sidebar_add (self, self->teams_group,
                 qw_message_row_new (_("The results have no placed player in a formal group"), NULL,
                                     "dialog-information-symbolic", NULL));
}

/* ID number (as the nominee table keeps it) → the region that nominated
 * it, or "" for a player nominated by two regions. */
static GHashTable *
regions_by_id (GListModel *store)
{
  GHashTable *regions = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  for (guint i = 0; i < g_list_model_get_n_items (store); i++)
    {
      g_autoptr(QwNomineeItem) item = g_list_model_get_item (store, i);

      if (item->nominee->id_number[0] != '\0')
        g_hash_table_insert (regions, g_strdup (item->nominee->id_number),
                             g_strdup (item->duplicate == NULL ? item->nominee->region : ""));
    }
  return regions;
}

/* A nominee plays for their region, anyone else (an invited player) for
 * their unit; a player claimed by two regions counts for no team until the
 * organiser settles it (NULL). */
static char *
team_of (GHashTable    *regions,
         const QwEntry *player)
{
  g_autofree char *key = qw_entry_identity_key (player);
  const char *region = key != NULL ? g_hash_table_lookup (regions, key) : NULL;

  if (region != NULL && region[0] == '\0')
    return NULL;
  return g_strdup (region != NULL ? region : player->unit);
}

static GPtrArray *
compute_teams (QwNationalPage  *self,
               const QwResults *results)
{
  g_autoptr(GHashTable) regions = regions_by_id (G_LIST_MODEL (self->store));
  g_autoptr(GPtrArray) members = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_team_member_free);

  self->n_unsettled = 0;
  for (guint g = 0; g < results->groups->len; g++)
    {
      const QwResultsGroup *group = g_ptr_array_index (results->groups, g);
      const QwGroupRule *rule = qw_ruleset_find_group (self->ruleset, group->code);

      if (rule == NULL || rule->kind != QW_GROUP_FORMAL)
        continue;
      for (guint s = 0; s < group->standings->len; s++)
        {
          const QwResultsStanding *st = g_ptr_array_index (group->standings, s);
          const QwEntry *player = qw_results_group_find_player (group, st->no);
          g_autofree char *team = player != NULL ? team_of (regions, player) : NULL;

          if (player != NULL && team == NULL)
            self->n_unsettled++;
          if (team != NULL && team[0] != '\0')
            g_ptr_array_add (members, qw_team_member_new (team, player->name, group->code, st->rank));
        }
    }
  return qw_team_results (members, self->ruleset->team_best);
}

static QwResults *
read_final (GFile   *file,
            GError **error)
{
  g_autofree char *path = g_file_get_path (file);
  g_autoptr(QwDocument) doc = NULL;

  if (path == NULL)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_IO, _("Only local files can be read"));
      return NULL;
    }
  if (!g_str_has_suffix (path, QW_DOCUMENT_SUFFIX))
    return qw_results_read_file (path, error);
  doc = qw_document_open (path, error);
  return doc != NULL ? qw_results_from_document (doc, error) : NULL;
}

/**
 * qw_national_page_load_final:
 * @file: the national final's results file (.xml) or document (.qiwang)
 *
 * Ranks the teams from the final's standings. The national document keeps
 * where the file is, so the ranking is back the next time it is opened.
 */
gboolean
qw_national_page_load_final (QwNationalPage  *self,
                             GFile           *file,
                             GError         **error)
{
  g_autoptr(QwResults) results = NULL;
  g_autofree char *path = g_file_get_path (file);

  g_return_val_if_fail (QW_IS_NATIONAL_PAGE (self), FALSE);
  g_return_val_if_fail (self->doc != NULL, FALSE);

  results = read_final (file, error);
  if (results == NULL)
    return FALSE;
  if (!qw_document_set_meta (self->doc, FINAL_META_KEY, path, error))
    return FALSE;
  g_clear_pointer (&self->teams, g_ptr_array_unref);
  self->teams = compute_teams (self, results);
  g_free (self->final_name);
  self->final_name = g_strdup (results->event->name);
  fill_teams (self);
  return TRUE;
}

/* Loading */

static void
reload_final (QwNationalPage *self)
{
  g_autofree char *path = qw_document_get_meta (self->doc, FINAL_META_KEY);
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(QwResults) results = NULL;

  g_clear_pointer (&self->teams, g_ptr_array_unref);
  if (path != NULL && path[0] != '\0' && g_file_test (path, G_FILE_TEST_IS_REGULAR))
    {
      file = g_file_new_for_path (path);
      results = read_final (file, &error);
      if (results != NULL)
        {
          self->teams = compute_teams (self, results);
          g_free (self->final_name);
          self->final_name = g_strdup (results->event->name);
        }
      else
        g_warning ("The national final's results (%s) could not be read: %s", path, error->message);
    }
  fill_teams (self);
}

static void
reload (QwNationalPage *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) nominees = NULL;
  g_autoptr(GHashTable) duplicates = NULL;
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);

  if (self->doc == NULL)
    {
      g_list_store_remove_all (self->store);
      update_content (self);
      return;
    }
  nominees = qw_document_list_nominees (self->doc, &error);
  if (nominees == NULL)
    {
      qw_window_error_for (GTK_WIDGET (self), _("The nominees could not be read"), error);
      return;
    }
  duplicates = fill_duplicates (self);
  fill_regions (self, nominees);
  for (guint i = 0; i < nominees->len; i++)
    {
      QwNominee *n = g_ptr_array_index (nominees, i);
      QwNomineeItem *item = qw_nominee_item_new (n, self->ruleset, g_hash_table_lookup (duplicates, n->id_number));

      g_object_set_data (G_OBJECT (item), "position", GUINT_TO_POINTER (i));
      g_ptr_array_add (items, item);
    }
  /* The items own the nominees now. */
  g_ptr_array_set_free_func (nominees, NULL);
  g_list_store_splice (self->store, 0, g_list_model_get_n_items (G_LIST_MODEL (self->store)),
                       items->pdata, items->len);
  update_content (self);
  reload_final (self);
}

static void
document_changed_cb (QwNationalPage *self,
                     const char     *what)
{
  if (g_strcmp0 (what, "nominees") == 0)
    reload (self);
}

void
qw_national_page_set_document (QwNationalPage *self,
                               QwDocument     *doc,
                               QwRuleset      *ruleset)
{
  g_return_if_fail (QW_IS_NATIONAL_PAGE (self));

  if (self->doc != NULL)
    g_signal_handlers_disconnect_by_data (self->doc, self);
  g_clear_object (&self->doc);
  g_clear_pointer (&self->ruleset, qw_ruleset_unref);
  g_clear_pointer (&self->teams, g_ptr_array_unref);
  if (doc != NULL)
    {
      self->doc = g_object_ref (doc);
      self->ruleset = qw_ruleset_ref (ruleset);
      g_signal_connect_swapped (doc, "changed", G_CALLBACK (document_changed_cb), self);
    }
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
  reload (self);
}

/* Importing nominee files */

static QwFileOutcome *
import_one (QwNationalPage *self,
            GFile          *file)
{
  QwFileOutcome *o = g_new0 (QwFileOutcome, 1);
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *basename = g_file_get_basename (file);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwNomineeList) list = NULL;
  int replaced = 0;

  o->display_name = g_filename_display_name (basename != NULL ? basename : "?");
  if (path == NULL)
    g_set_error (&error, QW_ERROR, QW_ERROR_IO, _("Only local files can be imported"));
  else
    list = qw_nominees_read_file (path, &error);
  if (list == NULL || !qw_document_import_nominees (self->doc, list, &replaced, &error))
    {
      o->kind = QW_FILE_REJECTED;
      o->message = g_strdup (error->message);
      return o;
    }
  o->kind = replaced > 0 ? QW_FILE_REPLACED : QW_FILE_ADDED;
  o->message = replaced > 0
               ? g_strdup_printf (ngettext ("%s: %u nominee, replacing the region’s earlier list",
                                            "%s: %u nominees, replacing the region’s earlier list",
                                            list->nominees->len), list->region, list->nominees->len)
               : g_strdup_printf (ngettext ("%s: %u nominee", "%s: %u nominees", list->nominees->len),
                                  list->region, list->nominees->len);
  return o;
}

/**
 * qw_national_page_import_files:
 * @files: (element-type GFile): the regions' nominee files
 *
 * Imports each file in its own transaction (a region's list replaces its
 * earlier one), then shows a report.
 *
 * Returns: (transfer full) (element-type QwFileOutcome): one per file
 */
GPtrArray *
qw_national_page_import_files (QwNationalPage *self,
                               GPtrArray      *files)
{
  GPtrArray *outcomes = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_file_outcome_free);

  g_return_val_if_fail (QW_IS_NATIONAL_PAGE (self), outcomes);

  if (self->doc == NULL || files->len == 0)
    return outcomes;
  for (guint i = 0; i < files->len; i++)
    g_ptr_array_add (outcomes, import_one (self, g_ptr_array_index (files, i)));
  gtk_window_present (GTK_WINDOW (qw_import_report_new (get_parent (self), outcomes)));
  return outcomes;
}

static void
import_response_cb (GtkNativeDialog *chooser,
                    int              response,
                    QwNationalPage  *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GListModel) chosen = gtk_file_chooser_get_files (GTK_FILE_CHOOSER (chooser));
      g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);
      g_autoptr(GPtrArray) outcomes = NULL;

      for (guint i = 0; i < g_list_model_get_n_items (chosen); i++)
        g_ptr_array_add (files, g_list_model_get_item (chosen, i));
      outcomes = qw_national_page_import_files (self, files);
    }
  gtk_native_dialog_destroy (chooser);
  g_object_unref (chooser);
}

static void
import_nominees_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  QwNationalPage *self = QW_NATIONAL_PAGE (widget);
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  GtkFileChooserNative *chooser;

  gtk_file_filter_set_name (filter, _("Nominee files (.xml)"));
  gtk_file_filter_add_pattern (filter, "*.xml");
  gtk_file_filter_add_pattern (filter, "*.XML");
  chooser = gtk_file_chooser_native_new (_("Import the Regions’ Nominee Files"), get_parent (self),
                                         GTK_FILE_CHOOSER_ACTION_OPEN, _("_Import"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  gtk_file_chooser_set_select_multiple (GTK_FILE_CHOOSER (chooser), TRUE);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  g_signal_connect (chooser, "response", G_CALLBACK (import_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
final_response_cb (GtkNativeDialog *chooser,
                   int              response,
                   QwNationalPage  *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autoptr(GError) error = NULL;

      if (!qw_national_page_load_final (self, file, &error))
        qw_window_error_for (GTK_WIDGET (self), _("The team results could not be computed"), error);
    }
  gtk_native_dialog_destroy (chooser);
  g_object_unref (chooser);
}

static void
load_final_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  QwNationalPage *self = QW_NATIONAL_PAGE (widget);
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  GtkFileChooserNative *chooser;

  gtk_file_filter_set_name (filter, _("The national final’s results file (.xml) or document (.qiwang)"));
  gtk_file_filter_add_pattern (filter, "*.xml");
  gtk_file_filter_add_pattern (filter, "*" QW_DOCUMENT_SUFFIX);
  chooser = gtk_file_chooser_native_new (_("Choose the National Final’s Results"), get_parent (self),
                                         GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  g_signal_connect (chooser, "response", G_CALLBACK (final_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static gboolean
drop_cb (GtkDropTarget  *target,
         const GValue   *value,
         double          x,
         double          y,
         QwNationalPage *self)
{
  g_autoptr(GSList) list = gdk_file_list_get_files (g_value_get_boxed (value));
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GPtrArray) outcomes = NULL;

  for (GSList *l = list; l != NULL; l = l->next)
    g_ptr_array_add (files, g_object_ref (l->data));
  if (self->doc == NULL || files->len == 0)
    return FALSE;
  outcomes = qw_national_page_import_files (self, files);
  return TRUE;
}

/* Accessors (the UI tests) */

GListModel *
qw_national_page_get_model (QwNationalPage *self)
{
  g_return_val_if_fail (QW_IS_NATIONAL_PAGE (self), NULL);
  return G_LIST_MODEL (self->sort_model);
}

guint
qw_national_page_get_n_duplicates (QwNationalPage *self)
{
  g_return_val_if_fail (QW_IS_NATIONAL_PAGE (self), 0);
  return self->n_duplicates;
}

/**
 * qw_national_page_get_teams:
 *
 * Returns: (element-type QwTeamResult) (nullable): the ranked teams
 */
GPtrArray *
qw_national_page_get_teams (QwNationalPage *self)
{
  g_return_val_if_fail (QW_IS_NATIONAL_PAGE (self), NULL);
  return self->teams;
}

/* GObject */

static void
qw_national_page_dispose (GObject *object)
{
  QwNationalPage *self = QW_NATIONAL_PAGE (object);

  if (self->doc != NULL)
    g_signal_handlers_disconnect_by_data (self->doc, self);
  g_clear_object (&self->doc);
  g_clear_pointer (&self->ruleset, qw_ruleset_unref);
  g_clear_pointer (&self->teams, g_ptr_array_unref);
  g_clear_pointer (&self->final_name, g_free);
  gtk_widget_dispose_template (GTK_WIDGET (self), QW_TYPE_NATIONAL_PAGE);
  g_clear_object (&self->selection);
  g_clear_object (&self->store);
  g_clear_pointer (&self->sidebar_rows, g_ptr_array_unref);
  g_clear_pointer (&self->needle, g_free);
  G_OBJECT_CLASS (qw_national_page_parent_class)->dispose (object);
}

static void
qw_national_page_class_init (QwNationalPageClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = qw_national_page_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class, "/cn/qiwang/Qiwang/ui/qw-national-page.ui");
  gtk_widget_class_bind_template_child (widget_class, QwNationalPage, box);
  gtk_widget_class_bind_template_child (widget_class, QwNationalPage, search_entry);
  gtk_widget_class_bind_template_child (widget_class, QwNationalPage, content_stack);
  gtk_widget_class_bind_template_child (widget_class, QwNationalPage, column_view);
  gtk_widget_class_bind_template_child (widget_class, QwNationalPage, duplicates_group);
  gtk_widget_class_bind_template_child (widget_class, QwNationalPage, regions_group);
  gtk_widget_class_bind_template_child (widget_class, QwNationalPage, teams_group);
  gtk_widget_class_bind_template_callback (widget_class, search_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, stop_search_cb);

  gtk_widget_class_install_action (widget_class, "national.import-nominees", NULL, import_nominees_action);
  gtk_widget_class_install_action (widget_class, "national.load-final", NULL, load_final_action);
}

static void
qw_national_page_init (QwNationalPage *self)
{
  GtkDropTarget *target;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->sidebar_rows = g_ptr_array_new_with_free_func (g_free);
  self->store = g_list_store_new (QW_TYPE_NOMINEE_ITEM);
  self->filter = gtk_custom_filter_new (filter_func, self, NULL);
  self->filter_model = gtk_filter_list_model_new (G_LIST_MODEL (g_object_ref (self->store)),
                                                  GTK_FILTER (self->filter));
  self->sort_model = gtk_sort_list_model_new (G_LIST_MODEL (self->filter_model), NULL);
  self->selection = gtk_single_selection_new (G_LIST_MODEL (self->sort_model));
  add_columns (self);
  gtk_sort_list_model_set_sorter (self->sort_model, gtk_column_view_get_sorter (self->column_view));
  gtk_column_view_set_model (self->column_view, GTK_SELECTION_MODEL (self->selection));

  target = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);
  g_signal_connect (target, "drop", G_CALLBACK (drop_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (target));
  update_content (self);
}
