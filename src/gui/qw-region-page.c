/* qw-region-page.c: a province's region document: stops, totals, quota, nominees
 *
 * The page a region document opens on. On the left, the region's totals
 * and every stop (imported from its results file, typed in, or run in this
 * document); on the right, what follows from them: the quota card, the
 * checks on arbiters, dates and the provincial final's players, and the
 * nominees. Files are imported by dropping them on the page or with a
 * chooser; every file gets its line in a report.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-region-page"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "qw-column-view.h"
#include "qw-date.h"
#include "qw-error.h"
#include "qw-feedback.h"
#include "qw-output.h"
#include "qw-tooltip.h"
#include "qw-import-report.h"
#include "qw-new-stop-dialog.h"
#include "qw-region-import.h"
#include "qw-region-page.h"
#include "qw-region.h"
#include "qw-stop-dialog.h"
#include "qw-stop-item.h"
#include "qw-document-entries.h"
#include "qw-event.h"

struct _QwRegionPage
{
  GtkWidget            parent_instance;

  GtkOverlay          *overlay;
  GtkRevealer         *drop_revealer;
  GtkSearchEntry      *search_entry;
  GtkLabel            *preliminaries_value;
  GtkLabel            *valid_value;
  GtkLabel            *valid_caption;
  GtkLabel            *final_value;
  GtkLabel            *participants_value;
  GtkLabel            *participants_caption;
  GtkStack            *content_stack;
  GtkColumnView       *column_view;
  GtkLabel            *status_label;
  QwQuotaCard         *quota_card;
  AdwPreferencesGroup *checks_group;
  AdwPreferencesGroup *nominees_group;
  GtkWidget           *export_button;

  GListStore          *store;
  GtkFilterListModel  *filter_model;
  GtkCustomFilter     *filter;
  GtkSortListModel    *sort_model;
  GtkMultiSelection   *selection;
  char                *needle;
  GPtrArray           *check_rows;      /* rows of checks_group */
  GPtrArray           *nominee_rows;    /* rows of nominees_group */

  QwDocumentContext   *context;
  GSignalGroup        *doc_signals;     /* the document's region, events, entries and games */
  QwDocument          *doc;             /* the context's, while it is set */
  QwRuleset           *ruleset;
  QwRegionSummary     *summary;
  QwQuota             *quota;
  QwNomineeList       *nominees;
  guint                n_warnings;
  GPtrArray           *outcomes;        /* QwFileOutcome of the last import */
  GCancellable        *cancellable;
  gboolean             busy;            /* files are being read */
};

G_DEFINE_FINAL_TYPE (QwRegionPage, qw_region_page, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_CONTEXT,
  PROP_BUSY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void reload   (QwRegionPage *self);
static void set_busy (QwRegionPage *self,
                      gboolean      busy);

static GtkWindow *
get_parent (QwRegionPage *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  return GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL;
}

static char *
escaped (const char *text)
{
  return g_markup_escape_text (text != NULL ? text : "", -1);
}
/* Columns */

static void
setup_valid_cb (GtkSignalListItemFactory *factory,
                GtkListItem              *list_item,
                gpointer                  user_data)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_widget_set_halign (label, GTK_ALIGN_START);
  gtk_list_item_set_child (list_item, label);
}

static void
bind_valid_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *list_item,
               QwRegionPage             *self)
{
  GtkWidget *label = gtk_list_item_get_child (list_item);
  QwStopItem *item = gtk_list_item_get_item (list_item);
  int min_players = self->ruleset != NULL ? self->ruleset->valid_stop_min_players : 0;
  g_autofree char *short_of = NULL;

  gtk_widget_remove_css_class (label, "valid-badge");
  gtk_widget_remove_css_class (label, "dim-label");
  if (qw_stop_item_get_event (item)->level != QW_LEVEL_PRELIMINARY)
    {
      gtk_label_set_text (GTK_LABEL (label), "—");
      gtk_widget_add_css_class (label, "dim-label");
    }
  else if (qw_stop_item_get_valid (item))
    {
      gtk_label_set_text (GTK_LABEL (label), _("Valid Stop"));
      gtk_widget_add_css_class (label, "valid-badge");
    }
  else
    {
      short_of = g_strdup_printf (ngettext ("Fewer than %d player", "Fewer than %d players", min_players),
                                  min_players);
      gtk_label_set_text (GTK_LABEL (label), short_of);
      gtk_widget_add_css_class (label, "dim-label");
    }
}

static void
setup_honours_cb (GtkSignalListItemFactory *factory,
                  GtkListItem              *list_item,
                  gpointer                  user_data)
{
  gtk_list_item_set_child (list_item, gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4));
}

static void
bind_honours_cb (GtkSignalListItemFactory *factory,
                 GtkListItem              *list_item,
                 gpointer                  user_data)
{
  QwStopItem *item = gtk_list_item_get_item (list_item);
  GtkWidget *box = gtk_list_item_get_child (list_item);
  g_auto(GStrv) honours = qw_honours_split (qw_stop_item_get_event (item)->honours);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (box)) != NULL)
    gtk_box_remove (GTK_BOX (box), child);
  for (guint i = 0; honours[i] != NULL; i++)
    {
      GtkWidget *badge = gtk_label_new (honours[i]);

      gtk_widget_add_css_class (badge, "honour-badge");
      gtk_box_append (GTK_BOX (box), badge);
    }
}

/* The full name, the host, the honours and the dates come as tooltips, asked
 * for when shown. Ties in any column keep the region's order. */
static const QwColumn columns[] = {
  { N_("Stop"), "short-name", "short-name", 170, QW_COLUMN_EXPAND, NULL, "name" },
  { N_("Type"), "level-text", "level", 56 },
  { N_("Level"), "host-level-text", "host-level", 44 },
  { N_("Host Unit"), "host", "host", 110, QW_COLUMN_EXPAND, NULL, "host" },
  { N_("Prefecture"), "prefecture", "prefecture", 64 },
  { N_("County-Level City"), "county-city", "county-city", 64 },
  { N_("Honours"), NULL, "honours", 96, 0, NULL, "honours", G_CALLBACK (setup_honours_cb),
    G_CALLBACK (bind_honours_cb) },
  { N_("Players"), "participants", "participants", 52, QW_COLUMN_NUMERIC | QW_COLUMN_END },
  { N_("Validity"), NULL, "valid", 76, 0, NULL, "validity-note", G_CALLBACK (setup_valid_cb),
    G_CALLBACK (bind_valid_cb) },
  { N_("Source"), "source-text", "source", 76, 0, NULL, "dates-text" },
};

/* Filtering */

static gboolean
filter_func (gpointer item,
             gpointer user_data)
{
  QwRegionPage *self = user_data;
  const QwEvent *e = qw_stop_item_get_event (item);
  g_autofree char *haystack = NULL;
  g_autofree char *folded = NULL;

  if (self->needle == NULL)
    return TRUE;
  haystack = g_strjoin (" ", e->name, e->host, e->prefecture, e->county_city, e->honours, NULL);
  folded = g_utf8_casefold (haystack, -1);
  return strstr (folded, self->needle) != NULL;
}

static void
update_content (QwRegionPage *self)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->store));
  guint shown = g_list_model_get_n_items (G_LIST_MODEL (self->filter_model));

  if (n == 0)
    gtk_stack_set_visible_child_name (self->content_stack, "empty");
  else if (shown == 0)
    gtk_stack_set_visible_child_name (self->content_stack, "no-results");
  else
    gtk_stack_set_visible_child_name (self->content_stack, "list");
}

static void
search_changed_cb (QwRegionPage *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->search_entry));

  g_clear_pointer (&self->needle, g_free);
  if (text != NULL && text[0] != '\0')
    self->needle = g_utf8_casefold (text, -1);
  gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
  update_content (self);
}

static void
stop_search_cb (QwRegionPage *self)
{
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
}

/* Rows of the sidebar's groups, rebuilt on every reload */

static GtkWidget *
group_add_row (AdwPreferencesGroup *group,
               GPtrArray           *rows,
               GtkWidget           *row)
{
  adw_preferences_group_add (group, row);
  g_ptr_array_add (rows, row);
  return row;
}

static void
group_clear (AdwPreferencesGroup *group,
             GPtrArray           *rows)
{
  for (guint i = 0; i < rows->len; i++)
    adw_preferences_group_remove (group, g_ptr_array_index (rows, i));
  g_ptr_array_set_size (rows, 0);
}

static void
add_check (QwRegionPage *self,
           const char   *title,
           const char   *subtitle,
           const char   *icon_name,
           const char   *css_class)
{
  group_add_row (self->checks_group, self->check_rows,
                 qw_message_row_new (title, subtitle, icon_name, css_class));
}

static void
add_nominee_note (QwRegionPage *self,
                  const char   *title,
                  const char   *subtitle,
                  const char   *icon_name,
                  const char   *css_class)
{
  group_add_row (self->nominees_group, self->nominee_rows,
                 qw_message_row_new (title, subtitle, icon_name, css_class));
}

/* Totals */

static void
update_totals (QwRegionPage *self)
{
  const QwRegionSummary *s = self->summary;
  g_autofree char *preliminaries = g_strdup_printf ("%d", s->n_preliminaries);
  g_autofree char *valid = g_strdup_printf ("%d", s->n_valid);
  g_autofree char *participants = g_strdup_printf ("%'d", s->participants);
  g_autofree char *valid_caption = g_strdup_printf (ngettext ("Valid Stops (%d or more player)",
                                                              "Valid Stops (%d or more players)",
                                                              self->ruleset->valid_stop_min_players),
                                                    self->ruleset->valid_stop_min_players);

  gtk_label_set_text (self->preliminaries_value, preliminaries);
  gtk_label_set_text (self->valid_value, valid);
  gtk_label_set_text (self->valid_caption, valid_caption);
  gtk_label_set_text (self->final_value, s->final ? _("Listed") : _("None Yet"));
  gtk_label_set_text (self->participants_value, participants);
  gtk_label_set_text (self->participants_caption, self->ruleset->participants_include_final
                                                  ? _("Participants, the Final Included")
                                                  : _("Participants in Preliminaries"));
}

static void
update_status (QwRegionPage *self)
{
  guint counts[3] = { 0, 0, 0 };
  g_autofree char *text = NULL;

  if (self->busy)
    {
      gtk_label_set_text (self->status_label, _("Reading the files…"));
      return;
    }
  for (guint i = 0; self->summary != NULL && i < self->summary->stops->len; i++)
    {
      const QwRegionStop *stop = g_ptr_array_index (self->summary->stops, i);

      counts[CLAMP ((int) stop->event->source, 0, 2)]++;
    }
  text = g_strdup_printf (_("%u from results files, %u typed in, %u run in this document · Drop results "
                            "files here to import them"),
                          counts[QW_SOURCE_IMPORTED], counts[QW_SOURCE_MANUAL], counts[QW_SOURCE_LOCAL]);
  gtk_label_set_text (self->status_label, text);
}

/* Checks: arbiters, dates, and the provincial final's players */

/* The final's players who played no preliminary, one per line when opened. */
static GtkWidget *
unplayed_row (GPtrArray *problems,
              guint      n_players)
{
  GtkWidget *expander = adw_expander_row_new ();
  GtkWidget *icon = gtk_image_new_from_icon_name ("dialog-warning-symbolic");
  g_autofree char *title = g_strdup_printf (ngettext ("%u of the provincial final’s %u players played no "
                                                      "preliminary of this region",
                                                      "%u of the provincial final’s %u players played no "
                                                      "preliminary of this region", n_players),
                                            problems->len, n_players);
  g_autofree char *markup = escaped (title);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (expander), markup);
  adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (expander),
                                 _("Only players of a preliminary may enter the provincial final"));
  gtk_widget_add_css_class (icon, "warning");
  adw_expander_row_add_prefix (ADW_EXPANDER_ROW (expander), icon);
  for (guint i = 0; i < problems->len; i++)
    adw_expander_row_add_row (ADW_EXPANDER_ROW (expander),
                              qw_message_row_new (((QwFinalEntryCheck *) problems->pdata[i])->message, NULL,
                                                  "avatar-default-symbolic", NULL));
  return expander;
}

static void
add_final_entry_checks (QwRegionPage       *self,
                        const QwRegionStop *final)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) entries = qw_document_list_entries (self->doc, final->event->id, &error);
  g_autoptr(GPtrArray) checks = NULL;
  g_autoptr(GPtrArray) problems = g_ptr_array_new ();
  g_autofree char *title = NULL;
  int n_unchecked = 0;

  if (entries != NULL)
    checks = qw_region_check_final_entries (self->doc, entries, &n_unchecked, &error);
  if (checks == NULL)
    {
      add_check (self, _("The provincial final’s players could not be checked"), error->message,
                 "dialog-error-symbolic", "error");
      self->n_warnings++;
      return;
    }
  for (guint i = 0; i < checks->len; i++)
    {
      QwFinalEntryCheck *check = g_ptr_array_index (checks, i);

      if (check->message != NULL)
        g_ptr_array_add (problems, check);
    }
  if (problems->len == 0)
    {
      title = g_strdup_printf (ngettext ("The provincial final’s %u player played a preliminary of this region",
                                         "All %u players of the provincial final played a preliminary of this region",
                                         checks->len), checks->len);
      add_check (self, title, NULL, "emblem-ok-symbolic", "success");
    }
  else
    {
      group_add_row (self->checks_group, self->check_rows, unplayed_row (problems, checks->len));
      self->n_warnings += problems->len;
    }
  if (n_unchecked > 0)
    {
      g_autofree char *text = g_strdup_printf (ngettext ("%d preliminary was typed in without its players, so "
                                                         "they cannot be checked against it",
                                                         "%d preliminaries were typed in without their players, "
                                                         "so they cannot be checked against them", n_unchecked),
                                               n_unchecked);

      add_check (self, text, NULL, "dialog-information-symbolic", NULL);
    }
}

/* No final yet: it is imported once held elsewhere, or run here. */
static GtkWidget *
no_final_row (void)
{
  GtkWidget *row = qw_message_row_new (_("No provincial final yet"),
                                       _("Import its results file once it is held, or run it in this "
                                         "document"),
                                       "dialog-information-symbolic", NULL);
  GtkWidget *button = gtk_button_new_with_mnemonic (_("_Run It Here…"));

  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "region.run-final");
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
  return row;
}

/* The day the region published its competition rules (seed 002 §七(二)1: by
 * 05-15): its warning, or the day recorded, with a button to record it. */
static GtkWidget *
rules_row (const char *title,
           const char *icon_name,
           const char *css_class,
           const char *button_label)
{
  GtkWidget *row = qw_message_row_new (title, NULL, icon_name, css_class);
  GtkWidget *button = gtk_button_new_with_mnemonic (button_label);

  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "region.rules-published");
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
  return row;
}

static void
add_rules_check (QwRegionPage *self,
                 const char   *warning)
{
  QwDate day = self->summary->rules_published;
  char iso[QW_DATE_ISO_LEN];
  g_autofree char *title = NULL;

  if (warning != NULL)
    {
      group_add_row (self->checks_group, self->check_rows,
                     rules_row (warning, "dialog-warning-symbolic", "warning",
                                qw_date_is_set (day) ? _("Change the _Day…") : _("Record the _Day…")));
      return;
    }
  if (!qw_date_is_set (day))
    return;
  qw_date_to_iso (day, iso);
  title = g_strdup_printf (_("The region’s competition rules were published on %s"), iso);
  group_add_row (self->checks_group, self->check_rows,
                 rules_row (title, "emblem-ok-symbolic", "success", _("Change the _Day…")));
}

static void
update_checks (QwRegionPage *self)
{
  const QwRegionStop *final = qw_region_summary_final (self->summary);
  g_autofree char *rules = qw_region_check_rules_published (self->ruleset, self->summary->rules_published);

  group_clear (self->checks_group, self->check_rows);
  self->n_warnings = self->summary->warnings->len;
  add_rules_check (self, rules);
  for (guint i = 0; i < self->summary->warnings->len; i++)
    if (g_strcmp0 (g_ptr_array_index (self->summary->warnings, i), rules) != 0)
      add_check (self, g_ptr_array_index (self->summary->warnings, i), NULL, "dialog-warning-symbolic", "warning");
  if (final == NULL)
    group_add_row (self->checks_group, self->check_rows, no_final_row ());
  else if (final->event->source == QW_SOURCE_MANUAL)
    add_check (self, _("The provincial final was typed in"),
               _("Import its results file to check its players and to name the nominees"),
               "dialog-information-symbolic", NULL);
  else
    add_final_entry_checks (self, final);
  if (self->summary->warnings->len == 0 && final != NULL && final->event->source != QW_SOURCE_MANUAL)
    add_check (self, _("Chief arbiters’ grades and the final’s dates are in order"), NULL,
               "emblem-ok-symbolic", "success");
}

/* Nominees */

static GtkWidget *
nominee_row (const QwNominee *n)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *badge = gtk_label_new (n->line_label[0] != '\0' ? n->line_label : n->line);
  g_autofree char *title = escaped (n->name);
  /* Translators: a nominee's place: "公开组男子 1st · 惠州市棋院" */
  g_autofree char *subtitle = g_strdup_printf (_("%s, place %d · %s"), n->group_name, n->rank, n->unit);
  g_autofree char *subtitle_markup = escaped (subtitle);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle_markup);
  qw_tooltip_set_text (row, n->reason);
  gtk_widget_add_css_class (badge, "group-badge");
  gtk_widget_set_valign (badge, GTK_ALIGN_CENTER);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), badge);
  return row;
}

static void
update_nominees (QwRegionPage *self)
{
  g_autoptr(GError) error = NULL;
  int bonus_places = 0;

  group_clear (self->nominees_group, self->nominee_rows);
  g_clear_pointer (&self->nominees, qw_nominee_list_free);
  self->nominees = qw_region_nominees (self->doc, &error);
  gtk_widget_set_sensitive (self->export_button, self->nominees != NULL);
  if (self->nominees == NULL)
    {
      add_nominee_note (self, _("No nominees yet"), error->message, "dialog-information-symbolic", NULL);
      return;
    }
  for (guint i = 0; i < self->nominees->nominees->len; i++)
    group_add_row (self->nominees_group, self->nominee_rows,
                   nominee_row (g_ptr_array_index (self->nominees->nominees, i)));
  for (guint i = 0; i < self->nominees->notes->len; i++)
    add_nominee_note (self, g_ptr_array_index (self->nominees->notes, i), NULL, "dialog-warning-symbolic",
                      "warning");
  for (guint i = 0; i < self->nominees->bonuses->len; i++)
    bonus_places += ((QwQuotaBonus *) g_ptr_array_index (self->nominees->bonuses, i))->places;
  if (bonus_places > 0)
    {
      g_autofree char *text = g_strdup_printf (ngettext ("%d extra place goes with the list; its host names "
                                                         "the player",
                                                         "%d extra places go with the list; their hosts name "
                                                         "the players", bonus_places),
                                               bonus_places);

      add_nominee_note (self, text, NULL, "list-add-symbolic", NULL);
    }
}

/* Loading */

static gint64
stop_id_at (GListModel *model,
            guint       position)
{
  g_autoptr(QwStopItem) item = g_list_model_get_item (model, position);
  const QwEvent *event = item != NULL ? qw_stop_item_get_event (item) : NULL;

  return event != NULL ? event->id : 0;
}

/* The stops read again; those selected stay selected where they still are
 * (a change here, in another window or in another program). */
static void
fill_store (QwRegionPage *self)
{
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GtkBitset) before = gtk_selection_model_get_selection (GTK_SELECTION_MODEL (self->selection));
  g_autoptr(GHashTable) selected = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  GtkBitsetIter iter;
  guint pos, n;

  if (gtk_bitset_iter_init_first (&iter, before, &pos))
    do
      {
        gint64 id = stop_id_at (G_LIST_MODEL (self->selection), pos);

        if (id != 0)
          g_hash_table_add (selected, g_memdup2 (&id, sizeof id));
      }
    while (gtk_bitset_iter_next (&iter, &pos));
  for (guint i = 0; i < self->summary->stops->len; i++)
    {
      g_ptr_array_add (items, qw_stop_item_new (g_ptr_array_index (self->summary->stops, i), i, self->ruleset,
                                                self->summary->region));
    }
  g_list_store_splice (self->store, 0, g_list_model_get_n_items (G_LIST_MODEL (self->store)),
                       items->pdata, items->len);
  if (g_hash_table_size (selected) == 0)
    return;
  n = g_list_model_get_n_items (G_LIST_MODEL (self->selection));
  {
    g_autoptr(GtkBitset) after = gtk_bitset_new_empty ();
    g_autoptr(GtkBitset) mask = gtk_bitset_new_range (0, n);

    for (guint i = 0; i < n; i++)
      {
        gint64 id = stop_id_at (G_LIST_MODEL (self->selection), i);

        if (g_hash_table_contains (selected, &id))
          gtk_bitset_add (after, i);
      }
    gtk_selection_model_set_selection (GTK_SELECTION_MODEL (self->selection), after, mask);
  }
}

static void
reload (QwRegionPage *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwRegionSummary) summary = NULL;
  g_autoptr(GPtrArray) stops = NULL;

  if (self->doc == NULL)
    {
      g_list_store_remove_all (self->store);
      update_content (self);
      return;
    }
  summary = qw_region_read_summary (self->doc, self->ruleset, &error);
  if (summary == NULL)
    {
      qw_feedback_error (GTK_WIDGET (self), _("The region could not be read"), error);
      return;
    }
  g_clear_pointer (&self->summary, qw_region_summary_free);
  self->summary = g_steal_pointer (&summary);
  stops = qw_region_summary_quota_stops (self->summary);
  g_clear_pointer (&self->quota, qw_quota_free);
  self->quota = qw_quota_compute (self->ruleset, stops);
  fill_store (self);
  update_content (self);
  update_totals (self);
  update_status (self);
  qw_quota_card_set_quota (self->quota_card, self->ruleset, self->quota,
                           qw_region_get_decided_places (self->doc));
  update_checks (self);
  update_nominees (self);
}

/**
 * qw_region_page_set_context:
 * @context: (nullable): a region document, or %NULL
 *
 * Shows @context's region. Files still being read for the previous document
 * are dropped.
 */
void
qw_region_page_set_context (QwRegionPage      *self,
                            QwDocumentContext *context)
{
  g_return_if_fail (QW_IS_REGION_PAGE (self));
  g_return_if_fail (context == NULL || qw_document_context_get_kind (context) == QW_DOCUMENT_REGION);

  if (!g_set_object (&self->context, context))
    return;
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();
  g_clear_object (&self->doc);
  g_clear_pointer (&self->ruleset, qw_ruleset_unref);
  g_clear_pointer (&self->summary, qw_region_summary_free);
  g_clear_pointer (&self->quota, qw_quota_free);
  g_clear_pointer (&self->nominees, qw_nominee_list_free);
  if (context != NULL)
    {
      self->doc = g_object_ref (qw_document_context_get_document (context));
      self->ruleset = qw_ruleset_ref (qw_document_context_get_ruleset (context));
    }
  set_busy (self, FALSE);
  g_signal_group_set_target (self->doc_signals, self->doc);
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
  reload (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CONTEXT]);
}

QwDocumentContext *
qw_region_page_get_context (QwRegionPage *self)
{
  g_return_val_if_fail (QW_IS_REGION_PAGE (self), NULL);
  return self->context;
}

/* Importing files */

static void
show_report (QwRegionPage *self)
{
  gtk_window_present (GTK_WINDOW (qw_import_report_new (get_parent (self), self->outcomes)));
}

static void
set_busy (QwRegionPage *self,
          gboolean      busy)
{
  /* A region read-only where it is is shown and exported, never changed. */
  gboolean editable = self->doc == NULL || !qw_document_is_read_only (self->doc);
  static const char *changes[] = { "region.add-stop", "region.run-final", "region.rules-published" };

  self->busy = busy;
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "region.import-results", editable && !busy);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "region.import-stops", editable && !busy);
  for (guint i = 0; i < G_N_ELEMENTS (changes); i++)
    gtk_widget_action_set_enabled (GTK_WIDGET (self), changes[i], editable);
  update_status (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
}

static void
files_read_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(QwRegionPage) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) read = qw_region_read_files_finish (result, &error);

  /* Cancelled: the page has another document, or is going away. */
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  set_busy (self, FALSE);
  if (read == NULL)
    {
      qw_feedback_error (GTK_WIDGET (self), _("Nothing was imported"), error);
      return;
    }
  if (self->doc == NULL)
    return;
  /* The page reloads once at the end, not per file. */
  g_signal_group_block (self->doc_signals);
  g_clear_pointer (&self->outcomes, g_ptr_array_unref);
  self->outcomes = qw_region_import_read (self->doc, read);
  g_signal_group_unblock (self->doc_signals);
  reload (self);
  show_report (self);
}

/**
 * qw_region_page_import_files:
 * @files: (element-type GFile): results files, stops CSVs or stop documents
 *
 * Reads the files in a worker thread, imports each one into the region
 * document (a file is taken whole or not at all), then shows a report.
 */
void
qw_region_page_import_files (QwRegionPage *self,
                             GPtrArray    *files)
{
  g_return_if_fail (QW_IS_REGION_PAGE (self));

  if (self->doc == NULL || self->busy || files->len == 0)
    return;
  set_busy (self, TRUE);
  qw_region_read_files_async (self->ruleset, files, self->cancellable, files_read_cb, g_object_ref (self));
}

gboolean
qw_region_page_is_busy (QwRegionPage *self)
{
  g_return_val_if_fail (QW_IS_REGION_PAGE (self), FALSE);
  return self->busy;
}

/**
 * qw_region_page_get_outcomes:
 *
 * Returns: (element-type QwFileOutcome) (nullable): the last import's outcomes
 */
GPtrArray *
qw_region_page_get_outcomes (QwRegionPage *self)
{
  g_return_val_if_fail (QW_IS_REGION_PAGE (self), NULL);
  return self->outcomes;
}

static void
import_response_cb (GtkNativeDialog *chooser,
                    int              response,
                    QwRegionPage    *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GListModel) chosen = gtk_file_chooser_get_files (GTK_FILE_CHOOSER (chooser));
      g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);

      for (guint i = 0; i < g_list_model_get_n_items (chosen); i++)
        g_ptr_array_add (files, g_list_model_get_item (chosen, i));
      qw_region_page_import_files (self, files);
    }
  gtk_native_dialog_destroy (chooser);
  g_object_unref (chooser);
}

static void
choose_files (QwRegionPage  *self,
              const char    *title,
              GtkFileFilter *filter)
{
  GtkFileChooserNative *chooser;

  chooser = gtk_file_chooser_native_new (title, get_parent (self), GTK_FILE_CHOOSER_ACTION_OPEN,
                                         _("_Import"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  gtk_file_chooser_set_select_multiple (GTK_FILE_CHOOSER (chooser), TRUE);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  g_signal_connect (chooser, "response", G_CALLBACK (import_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
import_results_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Results files (.xml) and stops’ documents (.qiwang)"));
  gtk_file_filter_add_pattern (filter, "*.xml");
  gtk_file_filter_add_pattern (filter, "*.XML");
  gtk_file_filter_add_pattern (filter, "*" QW_DOCUMENT_SUFFIX);
  choose_files (QW_REGION_PAGE (widget), _("Import Stops’ Results Files"), filter);
}

static void
import_stops_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Stops CSV (名称,类型,级别,承办单位,地级市,县级市,荣誉,参赛人数)"));
  gtk_file_filter_add_pattern (filter, "*.csv");
  gtk_file_filter_add_pattern (filter, "*.CSV");
  choose_files (QW_REGION_PAGE (widget), _("Import a Stops CSV"), filter);
}

/* Drag and drop */

static gboolean
drop_cb (GtkDropTarget *target,
         const GValue  *value,
         double         x,
         double         y,
         QwRegionPage  *self)
{
  g_autoptr(GSList) list = gdk_file_list_get_files (g_value_get_boxed (value));
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);

  gtk_revealer_set_reveal_child (self->drop_revealer, FALSE);
  for (GSList *l = list; l != NULL; l = l->next)
    g_ptr_array_add (files, g_object_ref (l->data));
  if (files->len == 0 || self->doc == NULL || self->busy)
    return FALSE;
  qw_region_page_import_files (self, files);
  return TRUE;
}

static GdkDragAction
drop_enter_cb (GtkDropTarget *target,
               double         x,
               double         y,
               QwRegionPage  *self)
{
  if (self->doc == NULL || self->busy)
    return 0;
  gtk_revealer_set_reveal_child (self->drop_revealer, TRUE);
  return GDK_ACTION_COPY;
}

static void
drop_leave_cb (GtkDropTarget *target,
               QwRegionPage  *self)
{
  gtk_revealer_set_reveal_child (self->drop_revealer, FALSE);
}

static void
add_drop_target (QwRegionPage *self)
{
  GtkDropTarget *target = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);

  g_signal_connect (target, "drop", G_CALLBACK (drop_cb), self);
  g_signal_connect (target, "enter", G_CALLBACK (drop_enter_cb), self);
  g_signal_connect (target, "leave", G_CALLBACK (drop_leave_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (target));
}

/* Typed-in stops */

/**
 * qw_region_page_save_stop:
 * @original: (nullable): the typed-in stop edited, or %NULL for a new one
 *
 * Adds or updates a typed-in stop, in one transaction.
 */
gboolean
qw_region_page_save_stop (QwRegionPage         *self,
                          const QwStopSummary  *stop,
                          const QwEvent        *original,
                          GError              **error)
{
  gboolean ok;

  g_return_val_if_fail (QW_IS_REGION_PAGE (self), FALSE);
  g_return_val_if_fail (self->doc != NULL, FALSE);

  g_signal_group_block (self->doc_signals);
  ok = qw_region_save_stop (self->doc, stop, original, error);
  g_signal_group_unblock (self->doc_signals);
  if (ok)
    reload (self);
  return ok;
}

static gboolean
stop_saved_cb (QwRegionPage  *self,
               QwStopSummary *stop,
               QwStopDialog  *dialog)
{
  const QwEvent *original = qw_stop_dialog_get_original (dialog);
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;

  if (!qw_region_page_save_stop (self, stop, original, &error))
    {
      qw_feedback_error (GTK_WIDGET (self), _("The stop could not be saved"), error);
      return FALSE;
    }
  message = g_strdup_printf (original != NULL ? _("Saved %s") : _("Added %s"), stop->name);
  qw_feedback_undo_toast (GTK_WIDGET (self), self->doc, message);
  return TRUE;
}

static void
open_stop_dialog (QwRegionPage  *self,
                  const QwEvent *original)
{
  QwStopDialog *dialog;

  if (self->doc == NULL)
    return;
  dialog = qw_stop_dialog_new (get_parent (self), self->ruleset, original);
  g_signal_connect_object (dialog, "save", G_CALLBACK (stop_saved_cb), self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
final_created_cb (QwRegionPage *self,
                  GFile        *file)
{
  g_autofree char *path = g_file_get_path (file);

  /* Opened again, the window finds the final and shows its entries page. */
  gtk_widget_activate_action (GTK_WIDGET (self), "win.open-file", "s", path);
}

static void
run_final_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  QwRegionPage *self = QW_REGION_PAGE (widget);
  QwNewStopDialog *dialog;

  if (self->doc == NULL)
    return;
  dialog = qw_new_stop_dialog_new (get_parent (self));
  qw_new_stop_dialog_set_target (dialog, self->doc);
  g_signal_connect_object (dialog, "created", G_CALLBACK (final_created_cb), self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
add_stop_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  open_stop_dialog (QW_REGION_PAGE (widget), NULL);
}

static void
row_activated_cb (QwRegionPage *self,
                  guint         position)
{
  g_autoptr(QwStopItem) item = g_list_model_get_item (G_LIST_MODEL (self->selection), position);
  const QwEvent *e;

  if (item == NULL)
    return;
  e = qw_stop_item_get_event (item);
  switch (e->source)
    {
    case QW_SOURCE_MANUAL:
      open_stop_dialog (self, e);
      break;
    case QW_SOURCE_LOCAL:
      gtk_widget_activate_action (GTK_WIDGET (self), "win.show-page", "s", "entries");
      break;
    case QW_SOURCE_IMPORTED:
    default:
      qw_feedback_toast (GTK_WIDGET (self), _("This stop came from its results file: import a newer file to change it"));
      break;
    }
}

/* Deleting */

/**
 * qw_region_page_delete_stops:
 * @events: (element-type QwEvent): imported or typed-in stops
 *
 * Deletes the stops in one step of the document's history (the window's
 * Undo puts them back). A stop run in this document is not deleted here (its
 * entries and games would go with it).
 */
gboolean
qw_region_page_delete_stops (QwRegionPage  *self,
                             GPtrArray     *events,
                             GError       **error)
{
  g_autofree char *message = NULL;
  gboolean ok;

  g_return_val_if_fail (QW_IS_REGION_PAGE (self), FALSE);

  g_signal_group_block (self->doc_signals);
  ok = qw_region_delete_stops (self->doc, events, error);
  g_signal_group_unblock (self->doc_signals);
  reload (self);
  if (!ok)
    return FALSE;
  message = events->len == 1
            ? g_strdup_printf (_("Deleted %s"), ((QwEvent *) events->pdata[0])->name)
            : g_strdup_printf (ngettext ("Deleted %u stop", "Deleted %u stops", events->len), events->len);
  qw_feedback_undo_toast (GTK_WIDGET (self), self->doc, message);
  return TRUE;
}

static GPtrArray *
selected_events (QwRegionPage *self)
{
  g_autoptr(GtkBitset) set = gtk_selection_model_get_selection (GTK_SELECTION_MODEL (self->selection));
  GPtrArray *events = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_event_free);
  GtkBitsetIter iter;
  guint pos;

  if (gtk_bitset_iter_init_first (&iter, set, &pos))
    do
      {
        g_autoptr(QwStopItem) item = g_list_model_get_item (G_LIST_MODEL (self->selection), pos);

        g_ptr_array_add (events, qw_event_copy (qw_stop_item_get_event (item)));
      }
    while (gtk_bitset_iter_next (&iter, &pos));
  return events;
}

static void
delete_stops_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  QwRegionPage *self = QW_REGION_PAGE (widget);
  g_autoptr(GPtrArray) events = selected_events (self);
  g_autoptr(GError) error = NULL;

  if (self->doc == NULL || events->len == 0)
    return;
  if (!qw_region_page_delete_stops (self, events, &error))
    qw_feedback_error (GTK_WIDGET (self), _("The stops could not be deleted"), error);
}

static void
selection_changed_cb (QwRegionPage *self)
{
  g_autoptr(GtkBitset) set = gtk_selection_model_get_selection (GTK_SELECTION_MODEL (self->selection));

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "region.delete-stops",
                                 !gtk_bitset_is_empty (set) && (self->doc == NULL || !qw_document_is_read_only (self->doc)));
}

static gboolean
key_pressed_cb (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                QwRegionPage          *self)
{
  if (keyval == GDK_KEY_Delete && (state & GDK_MODIFIER_MASK) == 0)
    {
      gtk_widget_activate_action (GTK_WIDGET (self), "region.delete-stops", NULL);
      return TRUE;
    }
  return FALSE;
}

/* The places the association decided, when no tier is reached */

static void
decide_places_cb (QwRegionPage *self,
                  int           places)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;

  if (self->doc == NULL)
    return;
  if (!qw_region_set_decided_places (self->doc, places, &error))
    {
      qw_feedback_error (GTK_WIDGET (self), _("The places could not be recorded"), error);
      return;
    }
  message = g_strdup_printf (ngettext ("Recorded %d place decided by the association",
                                       "Recorded %d places decided by the association", places), places);
  qw_feedback_undo_toast (GTK_WIDGET (self), self->doc, message);
}

/* Exporting the nominees */

/**
 * qw_region_page_export_nominees:
 * @format: "xml" (the sealed file for the national organiser), "csv" (with
 *   ID numbers) or "public-csv" (ID numbers masked, for posting)
 */
gboolean
qw_region_page_export_nominees (QwRegionPage  *self,
                                const char    *format,
                                GFile         *file,
                                GError       **error)
{
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *text = NULL;

  g_return_val_if_fail (QW_IS_REGION_PAGE (self), FALSE);

  if (self->nominees == NULL)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_NOT_FOUND, _("The region has no nominees yet"));
      return FALSE;
    }
  if (path == NULL)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_IO, _("Only local files can be written"));
      return FALSE;
    }
  if (g_str_equal (format, "xml"))
    text = qw_nominees_to_xml (self->nominees, NULL, error);
  else
    text = qw_nominees_to_csv (self->nominees, g_str_equal (format, "public-csv"));
  /* Only the public CSV masks ID numbers and leaves out dates of birth. */
  return text != NULL
         && qw_output_replace_contents (path, text, -1, g_str_equal (format, "public-csv") ? QW_OUTPUT_PUBLIC
                                                        : QW_OUTPUT_PRIVATE, error);
}

/* An export under way: the page and the format chosen. */
typedef struct
{
  QwRegionPage *self;
  char         *format;
} ExportChoice;

static void
export_choice_free (gpointer  data,
                    GClosure *closure)
{
  ExportChoice *c = data;

  g_object_unref (c->self);
  g_free (c->format);
  g_free (c);
}

static void
export_response_cb (GtkNativeDialog *chooser,
                    int              response,
                    ExportChoice    *choice)
{
  QwRegionPage *self = choice->self;
  const char *format = choice->format;

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autoptr(GError) error = NULL;

      if (qw_region_page_export_nominees (self, format, file, &error))
        qw_feedback_toast (GTK_WIDGET (self), _("Nominees exported"));
      else
        qw_feedback_error (GTK_WIDGET (self), _("The nominees could not be exported"), error);
    }
  gtk_native_dialog_destroy (chooser);
  g_object_unref (chooser);
}

static void
export_nominees_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  QwRegionPage *self = QW_REGION_PAGE (widget);
  const char *format = g_variant_get_string (parameter, NULL);
  GtkFileChooserNative *chooser;
  ExportChoice *choice;
  g_autofree char *name = NULL;

  if (self->nominees == NULL)
    return;
  /* File names stay Chinese: they travel to the organiser as they are. */
  if (g_str_equal (format, "xml"))
    name = g_strdup_printf ("%s赛区-全国总决赛推荐名单.xml", self->nominees->region);
  else if (g_str_equal (format, "csv"))
    name = g_strdup_printf ("%s赛区-推荐名单.csv", self->nominees->region);
  else
    name = g_strdup_printf ("%s赛区-推荐名单-公示.csv", self->nominees->region);
  chooser = gtk_file_chooser_native_new (_("Export the Nominees"), get_parent (self),
                                         GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
  choice = g_new0 (ExportChoice, 1);
  choice->self = g_object_ref (self);
  choice->format = g_strdup (format);
  g_signal_connect_data (chooser, "response", G_CALLBACK (export_response_cb), choice, export_choice_free, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

/* Accessors (the window and the UI tests) */

GListModel *
qw_region_page_get_model (QwRegionPage *self)
{
  g_return_val_if_fail (QW_IS_REGION_PAGE (self), NULL);
  return G_LIST_MODEL (self->filter_model);
}

QwQuotaCard *
qw_region_page_get_quota_card (QwRegionPage *self)
{
  g_return_val_if_fail (QW_IS_REGION_PAGE (self), NULL);
  return self->quota_card;
}

const QwQuota *
qw_region_page_get_quota (QwRegionPage *self)
{
  g_return_val_if_fail (QW_IS_REGION_PAGE (self), NULL);
  return self->quota;
}

const QwNomineeList *
qw_region_page_get_nominees (QwRegionPage *self)
{
  g_return_val_if_fail (QW_IS_REGION_PAGE (self), NULL);
  return self->nominees;
}

guint
qw_region_page_get_n_warnings (QwRegionPage *self)
{
  g_return_val_if_fail (QW_IS_REGION_PAGE (self), 0);
  return self->n_warnings;
}

/* GObject */

/* Recording the day the rules were published */

/**
 * qw_region_page_set_rules_published:
 * @day: the day, or unset to clear it
 *
 * Records the day the region published its competition rules, as one step
 * with an undo toast; the checks follow.
 */
gboolean
qw_region_page_set_rules_published (QwRegionPage  *self,
                                    QwDate         day,
                                    GError       **error)
{
  g_autofree char *message = NULL;
  char iso[QW_DATE_ISO_LEN];

  g_return_val_if_fail (QW_IS_REGION_PAGE (self), FALSE);
  g_return_val_if_fail (self->doc != NULL, FALSE);

  if (!qw_region_set_rules_published (self->doc, day, error))
    return FALSE;
  if (qw_date_is_set (day))
    {
      qw_date_to_iso (day, iso);
      message = g_strdup_printf (_("Rules published on %s"), iso);
    }
  else
    message = g_strdup (_("Day of the rules’ publication cleared"));
  qw_feedback_undo_toast (GTK_WIDGET (self), self->doc, message);
  return TRUE;
}

static void
rules_day_response_cb (AdwMessageDialog *dialog,
                       const char       *response,
                       QwRegionPage     *self)
{
  GtkEditable *entry = GTK_EDITABLE (adw_message_dialog_get_extra_child (dialog));
  g_autoptr(GError) error = NULL;
  QwDate day = QW_DATE_NONE;

  if (self->doc == NULL || g_str_equal (response, "cancel"))
    return;
  if (g_str_equal (response, "save") && !qw_date_parse (gtk_editable_get_text (entry), &day))
    {
      g_set_error (&error, QW_ERROR, QW_ERROR_INVALID, _("“%s” is not a date: write it as 2021-05-10"),
                   gtk_editable_get_text (entry));
      qw_feedback_error (GTK_WIDGET (self), _("The day was not recorded"), error);
      return;
    }
  if (!qw_region_page_set_rules_published (self, day, &error))
    qw_feedback_error (GTK_WIDGET (self), _("The day was not recorded"), error);
}

static void
rules_published_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  QwRegionPage *self = QW_REGION_PAGE (widget);
  QwDate day = self->summary != NULL ? self->summary->rules_published : QW_DATE_NONE;
  QwDate deadline = qw_ruleset_rules_deadline (self->ruleset);
  g_autofree char *body = NULL;
  char due[QW_DATE_ISO_LEN] = "", iso[QW_DATE_ISO_LEN] = "";
  GtkWidget *dialog, *entry;

  if (self->doc == NULL)
    return;
  if (qw_date_is_set (deadline))
    qw_date_to_iso (deadline, due);
  if (qw_date_is_set (day))
    qw_date_to_iso (day, iso);
  body = g_strdup_printf (_("The day the region published its competition rules, with how its national-final "
                            "places are decided. They are due by %s."), due);
  dialog = adw_message_dialog_new (get_parent (self), _("Rules Published"), body);
  entry = gtk_entry_new ();
  gtk_editable_set_text (GTK_EDITABLE (entry), iso);
  gtk_entry_set_placeholder_text (GTK_ENTRY (entry), "2021-05-10");
  gtk_entry_set_activates_default (GTK_ENTRY (entry), TRUE);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), entry);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"), NULL);
  if (qw_date_is_set (day))
    adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "clear", _("C_lear"));
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "save", _("_Record"));
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "save", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "save");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (rules_day_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  gtk_widget_grab_focus (entry);
}

static void
qw_region_page_dispose (GObject *object)
{
  QwRegionPage *self = QW_REGION_PAGE (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->doc_signals);
  g_clear_object (&self->context);
  g_clear_object (&self->doc);
  g_clear_pointer (&self->ruleset, qw_ruleset_unref);
  g_clear_pointer (&self->summary, qw_region_summary_free);
  g_clear_pointer (&self->quota, qw_quota_free);
  g_clear_pointer (&self->nominees, qw_nominee_list_free);
  gtk_widget_dispose_template (GTK_WIDGET (self), QW_TYPE_REGION_PAGE);
  g_clear_object (&self->selection);
  g_clear_object (&self->store);
  g_clear_pointer (&self->check_rows, g_ptr_array_unref);
  g_clear_pointer (&self->nominee_rows, g_ptr_array_unref);
  g_clear_pointer (&self->outcomes, g_ptr_array_unref);
  g_clear_pointer (&self->needle, g_free);
  G_OBJECT_CLASS (qw_region_page_parent_class)->dispose (object);
}

static void
qw_region_page_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  QwRegionPage *self = QW_REGION_PAGE (object);

  switch (prop_id)
    {
    case PROP_CONTEXT:
      g_value_set_object (value, self->context);
      break;
    case PROP_BUSY:
      g_value_set_boolean (value, self->busy);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
qw_region_page_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  switch (prop_id)
    {
    case PROP_CONTEXT:
      qw_region_page_set_context (QW_REGION_PAGE (object), g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
qw_region_page_class_init (QwRegionPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = qw_region_page_dispose;
  object_class->get_property = qw_region_page_get_property;
  object_class->set_property = qw_region_page_set_property;

  properties[PROP_CONTEXT] = g_param_spec_object ("context", NULL, NULL, QW_TYPE_DOCUMENT_CONTEXT,
                                                  G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY
                                                  | G_PARAM_STATIC_STRINGS);
  /* Files are being read in a worker thread. */
  properties[PROP_BUSY] = g_param_spec_boolean ("busy", NULL, NULL, FALSE,
                                                G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  g_type_ensure (QW_TYPE_QUOTA_CARD);
  gtk_widget_class_set_template_from_resource (widget_class, "/cn/qiwang/Qiwang/ui/qw-region-page.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, QwRegionPage, name)
  BIND (overlay);
  BIND (drop_revealer);
  BIND (search_entry);
  BIND (preliminaries_value);
  BIND (valid_value);
  BIND (valid_caption);
  BIND (final_value);
  BIND (participants_value);
  BIND (participants_caption);
  BIND (content_stack);
  BIND (column_view);
  BIND (status_label);
  BIND (quota_card);
  BIND (checks_group);
  BIND (nominees_group);
  BIND (export_button);
#undef BIND
  gtk_widget_class_bind_template_callback (widget_class, search_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, stop_search_cb);
  gtk_widget_class_bind_template_callback (widget_class, row_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, decide_places_cb);

  gtk_widget_class_install_action (widget_class, "region.import-results", NULL, import_results_action);
  gtk_widget_class_install_action (widget_class, "region.import-stops", NULL, import_stops_action);
  gtk_widget_class_install_action (widget_class, "region.add-stop", NULL, add_stop_action);
  gtk_widget_class_install_action (widget_class, "region.run-final", NULL, run_final_action);
  gtk_widget_class_install_action (widget_class, "region.delete-stops", NULL, delete_stops_action);
  gtk_widget_class_install_action (widget_class, "region.export-nominees", "s", export_nominees_action);
  gtk_widget_class_install_action (widget_class, "region.rules-published", NULL, rules_published_action);
}

static void
qw_region_page_init (QwRegionPage *self)
{
  GtkEventController *keys;
  g_autoptr(GtkSorter) sorter = NULL;
  static const char *relevant[] = { "changed::region", "changed::events", "changed::entries", "changed::games" };

  gtk_widget_init_template (GTK_WIDGET (self));
  self->doc_signals = g_signal_group_new (QW_TYPE_DOCUMENT);
  for (guint i = 0; i < G_N_ELEMENTS (relevant); i++)
    g_signal_group_connect_swapped (self->doc_signals, relevant[i], G_CALLBACK (reload), self);
  self->check_rows = g_ptr_array_new ();
  self->nominee_rows = g_ptr_array_new ();
  self->cancellable = g_cancellable_new ();
  self->store = g_list_store_new (QW_TYPE_STOP_ITEM);
  self->filter = gtk_custom_filter_new (filter_func, self, NULL);
  /* Sorted, then filtered: a search keeps the order, it does not sort again. */
  self->sort_model = gtk_sort_list_model_new (G_LIST_MODEL (g_object_ref (self->store)), NULL);
  self->filter_model = gtk_filter_list_model_new (G_LIST_MODEL (self->sort_model),
                                                  GTK_FILTER (self->filter));
  self->selection = gtk_multi_selection_new (G_LIST_MODEL (self->filter_model));
  qw_column_view_add_columns (self->column_view, QW_TYPE_STOP_ITEM, columns, G_N_ELEMENTS (columns), self);
  sorter = qw_column_view_sorter (self->column_view, QW_TYPE_STOP_ITEM, "position");
  gtk_sort_list_model_set_sorter (self->sort_model, sorter);
  gtk_column_view_set_model (self->column_view, GTK_SELECTION_MODEL (self->selection));
  g_signal_connect_swapped (self->selection, "selection-changed", G_CALLBACK (selection_changed_cb), self);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "region.delete-stops", FALSE);

  keys = gtk_event_controller_key_new ();
  g_signal_connect (keys, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->column_view), keys);
  add_drop_target (self);
  update_content (self);
}
