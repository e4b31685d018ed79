/* qw-national-page.c: the national organiser's document: every region's nominees
 *
 * The regions send their nominee files; each file replaces that region's
 * earlier list. The page lists every nominee by region and group, flags a
 * player nominated by two regions (a player represents one region only),
 * and ranks the teams from the national final's results: a nominee plays
 * for the region that nominated them, anyone else for their unit. Nominee
 * files and the final's results are read and checked in a worker thread;
 * the nominees are stored on the main thread, one transaction per file.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-national-page"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "qw-column-view.h"
#include "qw-entry.h"
#include "qw-error.h"
#include "qw-feedback.h"
#include "qw-file-chooser.h"
#include "qw-idcard.h"
#include "qw-import-report.h"
#include "qw-national-page.h"
#include "qw-nominees.h"
#include "qw-region-import.h"
#include "qw-team.h"
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
  guint      position;     /* in the order of the regions' lists */
  char      *group_name;
  char      *masked_id;
  char      *search_key;
  char      *duplicate;    /* why the player is flagged, or NULL */
};

G_DEFINE_FINAL_TYPE (QwNomineeItem, qw_nominee_item, G_TYPE_OBJECT)

/* Read-only: the table binds and sorts by them. */
enum {
  ITEM_PROP_0,
  ITEM_PROP_POSITION,
  ITEM_PROP_REGION,
  ITEM_PROP_GROUP_NAME,
  ITEM_PROP_RANK,
  ITEM_PROP_NAME,
  ITEM_PROP_SEX,
  ITEM_PROP_SEX_TEXT,
  ITEM_PROP_MASKED_ID,
  ITEM_PROP_UNIT,
  ITEM_PROP_DUPLICATE,
  ITEM_PROP_CHECK_TEXT,
  ITEM_PROP_FLAGGED,
  N_ITEM_PROPS
};

static GParamSpec *item_properties[N_ITEM_PROPS];

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
qw_nominee_item_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  QwNomineeItem *self = QW_NOMINEE_ITEM (object);
  const QwNominee *n = self->nominee;

  switch (prop_id)
    {
    case ITEM_PROP_POSITION:
      g_value_set_uint (value, self->position);
      break;
    case ITEM_PROP_REGION:
      g_value_set_string (value, n->region);
      break;
    case ITEM_PROP_GROUP_NAME:
      g_value_set_string (value, self->group_name);
      break;
    case ITEM_PROP_RANK:
      g_value_set_int (value, n->rank);
      break;
    case ITEM_PROP_NAME:
      g_value_set_string (value, n->name);
      break;
    case ITEM_PROP_SEX:
      g_value_set_int (value, (int) n->sex);
      break;
    case ITEM_PROP_SEX_TEXT:
      g_value_set_static_string (value, qw_sex_to_chinese (n->sex));
      break;
    case ITEM_PROP_MASKED_ID:
      g_value_set_string (value, self->masked_id);
      break;
    case ITEM_PROP_UNIT:
      g_value_set_string (value, n->unit);
      break;
    case ITEM_PROP_DUPLICATE:
      g_value_set_string (value, self->duplicate);
      break;
    case ITEM_PROP_CHECK_TEXT:
      g_value_set_static_string (value, self->duplicate != NULL ? _("Two Regions") : "");
      break;
    case ITEM_PROP_FLAGGED:
      g_value_set_boolean (value, self->duplicate != NULL);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
qw_nominee_item_class_init (QwNomineeItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->finalize = qw_nominee_item_finalize;
  object_class->get_property = qw_nominee_item_get_property;
  item_properties[ITEM_PROP_POSITION] = g_param_spec_uint ("position", NULL, NULL, 0, G_MAXUINT, 0, flags);
  item_properties[ITEM_PROP_REGION] = g_param_spec_string ("region", NULL, NULL, NULL, flags);
  item_properties[ITEM_PROP_GROUP_NAME] = g_param_spec_string ("group-name", NULL, NULL, NULL, flags);
  item_properties[ITEM_PROP_RANK] = g_param_spec_int ("rank", NULL, NULL, 0, G_MAXINT, 0, flags);
  item_properties[ITEM_PROP_NAME] = g_param_spec_string ("name", NULL, NULL, NULL, flags);
  item_properties[ITEM_PROP_SEX] = g_param_spec_int ("sex", NULL, NULL, 0, G_MAXINT, 0, flags);
  item_properties[ITEM_PROP_SEX_TEXT] = g_param_spec_string ("sex-text", NULL, NULL, NULL, flags);
  item_properties[ITEM_PROP_MASKED_ID] = g_param_spec_string ("masked-id", NULL, NULL, NULL, flags);
  item_properties[ITEM_PROP_UNIT] = g_param_spec_string ("unit", NULL, NULL, NULL, flags);
  /* Why the player is flagged (nominated by two regions), or NULL. */
  item_properties[ITEM_PROP_DUPLICATE] = g_param_spec_string ("duplicate", NULL, NULL, NULL, flags);
  item_properties[ITEM_PROP_CHECK_TEXT] = g_param_spec_string ("check-text", NULL, NULL, NULL, flags);
  item_properties[ITEM_PROP_FLAGGED] = g_param_spec_boolean ("flagged", NULL, NULL, FALSE, flags);
  g_object_class_install_properties (object_class, N_ITEM_PROPS, item_properties);
}

static void
qw_nominee_item_init (QwNomineeItem *self)
{
}

static QwNomineeItem *
qw_nominee_item_new (QwNominee       *nominee,
                     guint            position,
                     const QwRuleset *ruleset,
                     const char      *duplicate)
{
  QwNomineeItem *self = g_object_new (QW_TYPE_NOMINEE_ITEM, NULL);
  g_autofree char *raw_key = NULL;

  self->nominee = nominee;
  self->position = position;
  self->group_name = qw_ruleset_group_label (ruleset, nominee->group_code);
  self->masked_id = qw_idcard_display (nominee->id_number);
  self->duplicate = g_strdup (duplicate);
  /* The digits of the ID number are searchable, not shown. */
  raw_key = g_strjoin (" ", nominee->name, nominee->region, nominee->unit, self->group_name,
                       nominee->id_number, NULL);
  self->search_key = g_utf8_casefold (raw_key, -1);
  return self;
}

/* A nominee across reloads: a region names a player once. */
static char *
nominee_key (QwNomineeItem *item)
{
  return g_strconcat (item->nominee->region, "/", item->nominee->id_number, NULL);
}

/* The page */

struct _QwNationalPage
{
  QwPage               parent_instance;

  GtkWidget           *box;
  GtkSearchEntry      *search_entry;
  GtkSpinner          *busy_spinner;
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

  GPtrArray           *outcomes;       /* QwFileOutcome of the last import */
  guint                n_duplicates;
  guint                n_unsettled;     /* final's players nominated by two regions */
  GPtrArray           *teams;          /* QwTeamResult */
  QwResults           *final;          /* the national final's results, as read */
  char                *final_name;
};

G_DEFINE_FINAL_TYPE (QwNationalPage, qw_national_page, QW_TYPE_PAGE)


/* The page's context's document and ruleset. */
static QwDocument *
doc_of (QwNationalPage *self)
{
  return qw_page_get_document (QW_PAGE (self));
}

static QwRuleset *
ruleset_of (QwNationalPage *self)
{
  return qw_page_get_ruleset (QW_PAGE (self));
}

static GtkWindow *
get_parent (QwNationalPage *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  return GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL;
}

/* Columns: ties keep the order of the regions' lists. */

static const QwColumn columns[] = {
  { N_("Region"), "region", "region", 72 },
  { N_("Group"), "group-name", "group-name", 110, QW_COLUMN_BADGE, "group-badge" },
  { N_("Place"), "rank", "rank", 56, QW_COLUMN_NUMERIC },
  { N_("Name"), "name", "name", 96 },
  { N_("Sex"), "sex-text", "sex", 48 },
  { N_("ID Number"), "masked-id", NULL, 190, QW_COLUMN_NUMERIC },
  { N_("Unit"), "unit", "unit", 140, QW_COLUMN_EXPAND, NULL, "unit" },
  { N_("Check"), "check-text", "flagged", 150, QW_COLUMN_BADGE, "problem-badge error", "duplicate" },
};

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
  qw_column_view_show_content (self->content_stack, G_LIST_MODEL (self->store), G_LIST_MODEL (self->filter_model));
}

static void
search_changed_cb (QwNationalPage *self)
{
  g_free (self->needle);
  self->needle = qw_column_view_needle (GTK_EDITABLE (self->search_entry));
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
  g_autoptr(GPtrArray) duplicates = qw_national_nominee_duplicates (doc_of (self), &error);
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
                                 self->final_name, ruleset_of (self)->team_best);
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
      const QwGroupRule *rule = qw_ruleset_find_group (ruleset_of (self), group->code);

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
  return qw_team_results (members, ruleset_of (self)->team_best);
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

/* While a worker reads files, one job at a time (the spinner is bound to
 * "busy"). */
static void
update_actions (QwNationalPage *self)
{
  gboolean free = doc_of (self) != NULL && !qw_page_is_busy (QW_PAGE (self));

  /* A national document read-only where it is is shown, never changed. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "national.import-nominees",
                                 free && qw_page_can_change (QW_PAGE (self)));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "national.load-final", free);
}

/* A job for the worker; it is dropped when the page changes document. */
static GTask *
task_new (QwNationalPage      *self,
          gpointer             source_tag,
          GAsyncReadyCallback  callback,
          gpointer             user_data)
{
  GTask *task;

  task = g_task_new (self, qw_page_get_cancellable (QW_PAGE (self)), callback, user_data);
  g_task_set_source_tag (task, source_tag);
  return task;
}

/* The teams, from the final's results (kept) and the nominees shown. */
static void
update_teams (QwNationalPage *self)
{
  g_clear_pointer (&self->teams, g_ptr_array_unref);
  if (self->final != NULL)
    self->teams = compute_teams (self, self->final);
  fill_teams (self);
}

static void
final_thread (GTask        *task,
              gpointer      source_object,
              gpointer      task_data,
              GCancellable *cancellable)
{
  GError *error = NULL;
  QwResults *results = read_final (task_data, &error);

  if (results == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, results, (GDestroyNotify) qw_results_free);
}

static void
final_read_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  QwNationalPage *self = QW_NATIONAL_PAGE (source);
  GFile *file = g_task_get_task_data (G_TASK (result));
  gboolean chosen = GPOINTER_TO_INT (user_data);
  g_autoptr(GError) error = NULL;
  g_autoptr(QwResults) results = g_task_propagate_pointer (G_TASK (result), &error);
  g_autofree char *path = g_file_get_path (file);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  qw_page_set_busy (QW_PAGE (self), FALSE);
  /* The document keeps where the file is, so the ranking is back the next
   * time it is opened. */
  if (results != NULL && chosen && !qw_document_set_meta (doc_of (self), FINAL_META_KEY, path, &error))
    g_clear_pointer (&results, qw_results_free);
  if (results == NULL)
    {
      if (chosen)
        qw_feedback_error (GTK_WIDGET (self), _("The team results could not be computed"), error);
      else
        g_warning ("The national final's results (%s) could not be read: %s", path, error->message);
      return;
    }
  g_clear_pointer (&self->final, qw_results_free);
  self->final = g_steal_pointer (&results);
  g_free (self->final_name);
  self->final_name = g_strdup (self->final->event->name);
  update_teams (self);
}

static void
read_final_async (QwNationalPage *self,
                  GFile          *file,
                  gboolean        chosen)
{
  g_autoptr(GTask) task = NULL;

  task = task_new (self, read_final_async, final_read_cb, GINT_TO_POINTER (chosen));
  g_task_set_task_data (task, g_object_ref (file), g_object_unref);
  qw_page_set_busy (QW_PAGE (self), TRUE);
  g_task_run_in_thread (task, final_thread);
}

/**
 * qw_national_page_load_final:
 * @file: the national final's results file (.xml) or document (.qiwang)
 *
 * Ranks the teams from the final's standings. The file is read in a worker
 * thread (the page is busy meanwhile); the national document keeps where
 * it is, so the ranking is back the next time it is opened.
 */
void
qw_national_page_load_final (QwNationalPage *self,
                             GFile          *file)
{
  g_return_if_fail (QW_IS_NATIONAL_PAGE (self));
  g_return_if_fail (doc_of (self) != NULL && !qw_page_is_busy (QW_PAGE (self)));

  read_final_async (self, file, TRUE);
}

/* Loading */

static void
reload (QwPage *page)
{
  QwNationalPage *self = QW_NATIONAL_PAGE (page);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) nominees = NULL;
  g_autoptr(GHashTable) duplicates = NULL;
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);

  if (doc_of (self) == NULL)
    {
      g_list_store_remove_all (self->store);
      update_content (self);
      return;
    }
  nominees = qw_document_list_nominees (doc_of (self), &error);
  if (nominees == NULL)
    {
      qw_feedback_error (GTK_WIDGET (self), _("The nominees could not be read"), error);
      return;
    }
  duplicates = fill_duplicates (self);
  fill_regions (self, nominees);
  for (guint i = 0; i < nominees->len; i++)
    {
      QwNominee *n = g_ptr_array_index (nominees, i);

      g_ptr_array_add (items, qw_nominee_item_new (n, i, ruleset_of (self), g_hash_table_lookup (duplicates, n->id_number)));
    }
  /* The items own the nominees now. */
  g_ptr_array_set_free_func (nominees, NULL);
  g_list_store_splice (self->store, 0, g_list_model_get_n_items (G_LIST_MODEL (self->store)),
                       items->pdata, items->len);
  update_content (self);
  update_teams (self);
}

/* Another national document, or none: its nominees, and the final's
 * results it keeps, read again in a worker thread. */
static void
context_changed (QwPage *page)
{
  QwNationalPage *self = QW_NATIONAL_PAGE (page);
  g_autofree char *path = NULL;

  g_clear_pointer (&self->teams, g_ptr_array_unref);
  g_clear_pointer (&self->final, qw_results_free);
  g_clear_pointer (&self->outcomes, g_ptr_array_unref);
  update_actions (self);
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
  if (doc_of (self) != NULL)
    path = qw_document_get_meta (doc_of (self), FINAL_META_KEY);
  if (path != NULL && path[0] != '\0' && g_file_test (path, G_FILE_TEST_IS_REGULAR))
    {
      g_autoptr(GFile) file = g_file_new_for_path (path);

      read_final_async (self, file, FALSE);
    }
}

/* Importing nominee files */

/* A nominee file as read in the worker, before anything is stored. */
typedef struct
{
  char          *display_name;
  QwNomineeList *list;
  GError        *error;
} ReadList;

static void
read_list_free (gpointer data)
{
  ReadList *r = data;

  g_free (r->display_name);
  g_clear_pointer (&r->list, qw_nominee_list_free);
  g_clear_error (&r->error);
  g_free (r);
}

static void
read_lists_thread (GTask        *task,
                   gpointer      source_object,
                   gpointer      task_data,
                   GCancellable *cancellable)
{
  GPtrArray *files = task_data;
  g_autoptr(GPtrArray) read = g_ptr_array_new_with_free_func (read_list_free);

  for (guint i = 0; i < files->len && !g_cancellable_is_cancelled (cancellable); i++)
    {
      GFile *file = g_ptr_array_index (files, i);
      ReadList *r = g_new0 (ReadList, 1);
      g_autofree char *path = g_file_get_path (file);
      g_autofree char *basename = g_file_get_basename (file);

      r->display_name = g_filename_display_name (basename != NULL ? basename : "?");
      if (path == NULL)
        g_set_error (&r->error, QW_ERROR, QW_ERROR_IO, _("Only local files can be imported"));
      else
        r->list = qw_nominees_read_file (path, &r->error);
      g_ptr_array_add (read, r);
    }
  if (!g_task_return_error_if_cancelled (task))
    g_task_return_pointer (task, g_steal_pointer (&read), (GDestroyNotify) g_ptr_array_unref);
}

/* Stores one file that was read, in its own transaction: a region's list
 * replaces its earlier one. */
static QwFileOutcome *
import_one (QwNationalPage *self,
            ReadList       *r)
{
  QwFileOutcome *o = g_new0 (QwFileOutcome, 1);
  g_autoptr(GError) error = NULL;
  const QwNomineeList *list = r->list;
  int replaced = 0;

  o->display_name = g_strdup (r->display_name);
  if (list == NULL || !qw_national_import_nominees (doc_of (self), r->list, &replaced, &error))
    {
      o->kind = QW_FILE_REJECTED;
      o->message = g_strdup (list == NULL ? r->error->message : error->message);
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

static void
lists_read_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  QwNationalPage *self = QW_NATIONAL_PAGE (source);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) read = g_task_propagate_pointer (G_TASK (result), &error);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  qw_page_set_busy (QW_PAGE (self), FALSE);
  g_clear_pointer (&self->outcomes, g_ptr_array_unref);
  self->outcomes = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_file_outcome_free);
  for (guint i = 0; read != NULL && i < read->len; i++)
    g_ptr_array_add (self->outcomes, import_one (self, g_ptr_array_index (read, i)));
  /* Once for all the files, and before the report goes over the page. */
  qw_page_reload (QW_PAGE (self));
  gtk_window_present (GTK_WINDOW (qw_import_report_new (get_parent (self), self->outcomes)));
}

/**
 * qw_national_page_import_files:
 * @files: (element-type GFile): the regions' nominee files
 *
 * Reads and checks the files in a worker thread (the page is busy
 * meanwhile), then stores each in its own transaction (a region's list
 * replaces its earlier one), and shows a report.
 */
void
qw_national_page_import_files (QwNationalPage *self,
                               GPtrArray      *files)
{
  g_autoptr(GTask) task = NULL;
  GPtrArray *copy;

  g_return_if_fail (QW_IS_NATIONAL_PAGE (self));

  if (doc_of (self) == NULL || qw_page_is_busy (QW_PAGE (self)) || files->len == 0)
    return;
  task = task_new (self, qw_national_page_import_files, lists_read_cb, NULL);
  /* The worker gets its own array: the caller may change theirs. */
  copy = g_ptr_array_copy (files, (GCopyFunc) (void (*) (void)) g_object_ref, NULL);
  g_ptr_array_set_free_func (copy, g_object_unref);
  g_task_set_task_data (task, copy, (GDestroyNotify) g_ptr_array_unref);
  qw_page_set_busy (QW_PAGE (self), TRUE);
  g_task_run_in_thread (task, read_lists_thread);
}

/**
 * qw_national_page_get_outcomes:
 *
 * Returns: (element-type QwFileOutcome) (nullable): the last import's outcomes
 */
GPtrArray *
qw_national_page_get_outcomes (QwNationalPage *self)
{
  g_return_val_if_fail (QW_IS_NATIONAL_PAGE (self), NULL);
  return self->outcomes;
}

static void
import_chosen_cb (GtkWidget *owner,
                  GPtrArray *files,
                  gpointer   data)
{
  qw_national_page_import_files (QW_NATIONAL_PAGE (owner), files);
}

static void
import_nominees_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  QwFileQuestion question = { .action = GTK_FILE_CHOOSER_ACTION_OPEN, .title = _("Import the Regions’ Nominee Files"),
                              .accept = _("_Import"), .filters = { filter }, .multiple = TRUE };

  gtk_file_filter_set_name (filter, _("Nominee files (.xml)"));
  gtk_file_filter_add_pattern (filter, "*.xml");
  gtk_file_filter_add_pattern (filter, "*.XML");
  qw_file_chooser_ask (widget, &question, import_chosen_cb, NULL, NULL);
}

static void
final_chosen_cb (GtkWidget *owner,
                 GPtrArray *files,
                 gpointer   data)
{
  QwNationalPage *self = QW_NATIONAL_PAGE (owner);

  if (doc_of (self) != NULL && !qw_page_is_busy (QW_PAGE (self)))
    qw_national_page_load_final (self, g_ptr_array_index (files, 0));
}

static void
load_final_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  QwFileQuestion question = { .action = GTK_FILE_CHOOSER_ACTION_OPEN,
                              .title = _("Choose the National Final’s Results"), .accept = _("_Open"),
                              .filters = { filter } };

  gtk_file_filter_set_name (filter, _("The national final’s results file (.xml) or document (.qiwang)"));
  gtk_file_filter_add_pattern (filter, "*.xml");
  gtk_file_filter_add_pattern (filter, "*" QW_DOCUMENT_SUFFIX);
  qw_file_chooser_ask (widget, &question, final_chosen_cb, NULL, NULL);
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

  for (GSList *l = list; l != NULL; l = l->next)
    g_ptr_array_add (files, g_object_ref (l->data));
  if (doc_of (self) == NULL || qw_page_is_busy (QW_PAGE (self)) || files->len == 0)
    return FALSE;
  qw_national_page_import_files (self, files);
  return TRUE;
}

/* Accessors (the UI tests) */

GListModel *
qw_national_page_get_model (QwNationalPage *self)
{
  g_return_val_if_fail (QW_IS_NATIONAL_PAGE (self), NULL);
  return G_LIST_MODEL (self->filter_model);
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

  g_clear_pointer (&self->teams, g_ptr_array_unref);
  g_clear_pointer (&self->final, qw_results_free);
  g_clear_pointer (&self->final_name, g_free);
  g_clear_pointer (&self->outcomes, g_ptr_array_unref);
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
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = qw_national_page_dispose;
  QW_PAGE_CLASS (klass)->context_changed = context_changed;
  QW_PAGE_CLASS (klass)->reload = reload;
  qw_page_class_set_topics (QW_PAGE_CLASS (klass), "nominees", NULL);


  gtk_widget_class_set_template_from_resource (widget_class, "/cn/qiwang/Qiwang/ui/qw-national-page.ui");
  gtk_widget_class_bind_template_child (widget_class, QwNationalPage, box);
  gtk_widget_class_bind_template_child (widget_class, QwNationalPage, search_entry);
  gtk_widget_class_bind_template_child (widget_class, QwNationalPage, busy_spinner);
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
  g_autoptr(GtkSorter) sorter = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->sidebar_rows = g_ptr_array_new_with_free_func (g_free);
  self->store = g_list_store_new (QW_TYPE_NOMINEE_ITEM);
  self->filter = gtk_custom_filter_new (filter_func, self, NULL);
  /* Sorted, then filtered: a search keeps the order, it does not sort again. */
  self->sort_model = gtk_sort_list_model_new (G_LIST_MODEL (g_object_ref (self->store)), NULL);
  self->filter_model = gtk_filter_list_model_new (G_LIST_MODEL (self->sort_model),
                                                  GTK_FILTER (self->filter));
  self->selection = gtk_single_selection_new (G_LIST_MODEL (self->filter_model));
  qw_column_view_add_columns (self->column_view, QW_TYPE_NOMINEE_ITEM, columns, G_N_ELEMENTS (columns), self);
  sorter = qw_column_view_sorter (self->column_view, QW_TYPE_NOMINEE_ITEM, "position");
  gtk_sort_list_model_set_sorter (self->sort_model, sorter);
  gtk_column_view_set_model (self->column_view, GTK_SELECTION_MODEL (self->selection));
  qw_page_keep_selection (QW_PAGE (self), GTK_SELECTION_MODEL (self->selection),
                          gtk_cclosure_expression_new (G_TYPE_STRING, NULL, 0, NULL, G_CALLBACK (nominee_key),
                                                       NULL, NULL));

  target = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);
  g_signal_connect (target, "drop", G_CALLBACK (drop_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (target));
  g_object_bind_property (self, "busy", self->busy_spinner, "visible", G_BINDING_SYNC_CREATE);
  g_object_bind_property (self, "busy", self->busy_spinner, "spinning", G_BINDING_SYNC_CREATE);
  g_signal_connect (self, "notify::busy", G_CALLBACK (update_actions), NULL);
  update_content (self);
  update_actions (self);
}
