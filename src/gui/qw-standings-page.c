/* qw-standings-page.c: the standings of a group with the Chinese tie-breaks
 *
 * Places, points, the group's tie-break chain in its order, and each round's
 * opponent, colour and result, as the wall chart shows them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-standings-page"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "qw-board-item.h"
#include "qw-column-view.h"
#include "qw-feedback.h"
#include "qw-group-choice.h"
#include "qw-tooltip.h"
#include "qw-section-dialog.h"
#include "qw-standings-page.h"
#include "qw-standings.h"
#include "qw-ruleset-championship.h"
#include "qw-tiebreak.h"
#include "qw-document-play.h"
#include "qw-event.h"
#include "qw-game.h"

/* A row of the table: owns one QwStandingRow; what it shows are read-only
 * properties, the tie-breaks and rounds by index. */
#define QW_TYPE_STANDING_ITEM (qw_standing_item_get_type ())
G_DECLARE_FINAL_TYPE (QwStandingItem, qw_standing_item, QW, STANDING_ITEM, GObject)

struct _QwStandingItem
{
  GObject        parent_instance;
  QwStandingRow *row;
};

G_DEFINE_FINAL_TYPE (QwStandingItem, qw_standing_item, G_TYPE_OBJECT)

enum {
  ITEM_PROP_0,
  ITEM_PROP_RANK,
  ITEM_PROP_PLACE,
  ITEM_PROP_NO,
  ITEM_PROP_NAME,
  ITEM_PROP_UNIT,
  ITEM_PROP_POINTS,
  N_ITEM_PROPS
};

static GParamSpec *item_properties[N_ITEM_PROPS];

static void
qw_standing_item_finalize (GObject *object)
{
  g_clear_pointer (&QW_STANDING_ITEM (object)->row, qw_standing_row_free);
  G_OBJECT_CLASS (qw_standing_item_parent_class)->finalize (object);
}

static void
qw_standing_item_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  const QwStandingRow *row = QW_STANDING_ITEM (object)->row;

  switch (prop_id)
    {
    case ITEM_PROP_RANK:
      g_value_set_int (value, row->rank);
      break;
    case ITEM_PROP_PLACE:
      /* No place for the excluded and late entries not admitted (the name says why). */
      g_value_take_string (value, row->rank > 0 ? g_strdup_printf ("%d", row->rank) : g_strdup ("—"));
      break;
    case ITEM_PROP_NO:
      g_value_set_int (value, row->no);
      break;
    case ITEM_PROP_NAME:
      g_value_take_string (value, row->status == QW_STATUS_EXCLUDED ? g_strdup_printf (_("%s (excluded)"), row->name)
                                  : row->status == QW_STATUS_LATE ? g_strdup_printf (_("%s (late entry)"), row->name)
                                  : row->withdrawn ? g_strdup_printf (_("%s (withdrawn)"), row->name)
                                  : g_strdup (row->name));
      break;
    case ITEM_PROP_UNIT:
      g_value_set_string (value, row->unit);
      break;
    case ITEM_PROP_POINTS:
      g_value_take_string (value, qw_format_points (row->points));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
qw_standing_item_class_init (QwStandingItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->finalize = qw_standing_item_finalize;
  object_class->get_property = qw_standing_item_get_property;
  item_properties[ITEM_PROP_RANK] = g_param_spec_int ("rank", NULL, NULL, 0, G_MAXINT, 0, flags);
  item_properties[ITEM_PROP_PLACE] = g_param_spec_string ("place", NULL, NULL, NULL, flags);
  item_properties[ITEM_PROP_NO] = g_param_spec_int ("no", NULL, NULL, 0, G_MAXINT, 0, flags);
  item_properties[ITEM_PROP_NAME] = g_param_spec_string ("name", NULL, NULL, NULL, flags);
  item_properties[ITEM_PROP_UNIT] = g_param_spec_string ("unit", NULL, NULL, NULL, flags);
  item_properties[ITEM_PROP_POINTS] = g_param_spec_string ("points", NULL, NULL, NULL, flags);
  g_object_class_install_properties (object_class, N_ITEM_PROPS, item_properties);
}

static void
qw_standing_item_init (QwStandingItem *self)
{
}

struct _QwStandingsPage
{
  GtkWidget          parent_instance;

  GtkWidget         *box;
  GtkDropDown       *group_dropdown;
  GtkDropDown       *round_dropdown;
  GtkLabel          *chain_label;
  GtkStack          *content_stack;
  GtkColumnView     *column_view;

  GListStore        *rows;
  QwSection         *section;
  GArray            *chain;        /* QwTiebreak of the section, in order */
  int                last_round;   /* the last round with results */
};

G_DEFINE_FINAL_TYPE (QwStandingsPage, qw_standings_page, QW_TYPE_PAGE)

static void group_changed_cb (QwStandingsPage *self);
static void round_changed_cb (QwStandingsPage *self);

/* "12红胜": the opponent's number, the colour, and the result for this player. */
static char *
round_cell_text (const QwRoundCell *cell)
{
  const char *outcome;

  if (cell->absent && cell->absence == QW_ABSENCE_LEAVE)
    return g_strdup (_("absent (请假)"));
  if (cell->absent)
    {
      g_autofree char *points = g_strdup_printf ("%g", cell->points);

      return g_strdup_printf (_("absent (%s)"), points);
    }
  if (cell->colour == 0)
    return g_strdup (cell->result == QW_RESULT_BYE ? _("bye") : "—");
  switch (cell->result)
    {
    case QW_RESULT_RED_WIN:
      outcome = cell->colour == 'R' ? _("won") : _("lost");
      break;
    case QW_RESULT_BLACK_WIN:
      outcome = cell->colour == 'B' ? _("won") : _("lost");
      break;
    case QW_RESULT_DRAW:
      outcome = _("drew");
      break;
    case QW_RESULT_RED_BY_FORFEIT:
      outcome = cell->colour == 'R' ? "+" : "-";
      break;
    case QW_RESULT_BLACK_BY_FORFEIT:
      outcome = cell->colour == 'B' ? "+" : "-";
      break;
    case QW_RESULT_DOUBLE_FORFEIT:
      outcome = "-";
      break;
    case QW_RESULT_NONE:
    case QW_RESULT_BYE:
    default:
      outcome = "";
      break;
    }
  return g_strdup_printf ("%d%s%s", cell->opponent_no, cell->colour == 'R' ? _("R") : _("B"), outcome);
}

static void
setup_number_cb (GtkSignalListItemFactory *factory,
                 GtkListItem              *item,
                 gpointer                  user_data)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 1);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (label, "numeric");
  gtk_list_item_set_child (item, label);
}

/* A tie-break column: @user_data is the QwTiebreak. */
static void
bind_tiebreak_cb (GtkSignalListItemFactory *factory,
                  GtkListItem              *item,
                  gpointer                  user_data)
{
  QwStandingItem *standing = gtk_list_item_get_item (item);
  g_autofree char *text = qw_format_points (standing->row->tiebreaks[GPOINTER_TO_UINT (user_data)]);

  gtk_label_set_text (GTK_LABEL (gtk_list_item_get_child (item)), text);
}

/* A round's column: @user_data is the round. */
static void
bind_round_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *item,
               gpointer                  user_data)
{
  QwStandingItem *standing = gtk_list_item_get_item (item);
  const QwStandingRow *row = standing->row;
  const QwRoundCell *cell = NULL;
  g_autofree char *text = NULL;

  for (guint i = 0; row->rounds != NULL && i < row->rounds->len; i++)
    if (g_array_index (row->rounds, QwRoundCell, i).round == GPOINTER_TO_INT (user_data))
      cell = &g_array_index (row->rounds, QwRoundCell, i);
  text = cell != NULL ? round_cell_text (cell) : g_strdup ("");
  gtk_label_set_text (GTK_LABEL (gtk_list_item_get_child (item)), text);
}

static const QwColumn fixed_columns[] = {
  { N_("Rank"), "place", NULL, 56, QW_COLUMN_NUMERIC | QW_COLUMN_END | QW_COLUMN_HEADING },
  { N_("No."), "no", NULL, 52, QW_COLUMN_NUMERIC | QW_COLUMN_END },
  { N_("Name"), "name", NULL, 110, QW_COLUMN_NUMERIC, NULL, "name" },
  /* At least 100 px, as on the rounds page: at 700 px every unit was
   * squeezed to "…" while the table scrolled sideways anyway. */
  { N_("Unit"), "unit", NULL, 100, QW_COLUMN_NUMERIC | QW_COLUMN_EXPAND },
  { N_("Points"), "points", NULL, 60, QW_COLUMN_NUMERIC | QW_COLUMN_END | QW_COLUMN_HEADING },
};

/* The columns follow the group: its chain, then one per round played. */
static void
rebuild_columns (QwStandingsPage *self)
{
  QwRuleset *ruleset = qw_page_get_ruleset (QW_PAGE (self));
  QwColumn fixed[G_N_ELEMENTS (fixed_columns)];

  /* A pair event's entrants are named "甲 / 乙": a wider name column. */
  memcpy (fixed, fixed_columns, sizeof fixed);
  if (self->section != NULL && ruleset != NULL && qw_ruleset_pair_rule (ruleset, self->section->code) != NULL)
    fixed[2].width = 190;
  qw_column_view_clear (self->column_view);
  qw_column_view_add_columns (self->column_view, QW_TYPE_STANDING_ITEM, fixed, G_N_ELEMENTS (fixed), NULL);
  for (guint i = 0; i < self->chain->len; i++)
    {
      QwTiebreak tb = g_array_index (self->chain, QwTiebreak, i);
      /* The titles are the ruleset's Chinese names already. */
      QwColumn column = { qw_tiebreak_short_label (tb), NULL, NULL, 70, 0, NULL, NULL,
                          G_CALLBACK (setup_number_cb), G_CALLBACK (bind_tiebreak_cb) };

      if (tb == QW_TB_EARLIER_ROUNDS || tb == QW_TB_PROGRESSIVE_CUT || tb == QW_TB_DIRECT)
        continue;
      qw_column_view_add_column (self->column_view, QW_TYPE_STANDING_ITEM, &column, GUINT_TO_POINTER (tb));
    }
  for (int r = 1; r <= self->last_round; r++)
    {
      g_autofree char *title = g_strdup_printf (_("R%d"), r);
      QwColumn column = { title, NULL, NULL, 72, 0, NULL, NULL, G_CALLBACK (setup_number_cb),
                          G_CALLBACK (bind_round_cb) };

      qw_column_view_add_column (self->column_view, QW_TYPE_STANDING_ITEM, &column, GINT_TO_POINTER (r));
    }
}

static void
update_chain (QwStandingsPage *self)
{
  g_auto(GStrv) codes = g_strsplit (self->section != NULL && self->section->settings.tiebreaks != NULL
                                    ? self->section->settings.tiebreaks : "", ",", -1);
  g_autoptr(GString) text = g_string_new (_("Points"));

  g_array_set_size (self->chain, 0);
  for (guint i = 0; codes[i] != NULL; i++)
    {
      QwTiebreak tb;

      if (!qw_tiebreak_from_code (g_strstrip (codes[i]), &tb))
        continue;
      g_array_append_val (self->chain, tb);
      g_string_append_printf (text, " → %s", qw_tiebreak_label (tb));
    }
  gtk_label_set_text (self->chain_label, text->str);
  qw_tooltip_set_text (GTK_WIDGET (self->chain_label), text->str);
}

/* The last round in which every board has a result. */
static int
last_complete_round (GPtrArray *games)
{
  int last = 0;
  int open = G_MAXINT;

  for (guint i = 0; i < games->len; i++)
    {
      QwGame *g = g_ptr_array_index (games, i);

      last = MAX (last, g->round);
      if (g->black != 0 && g->result == QW_RESULT_NONE)
        open = MIN (open, g->round);
    }
  return open == G_MAXINT ? last : open - 1;
}

/* The page sets the drop-down itself: it does not react to its own change. */
static void
fill_rounds (QwStandingsPage *self)
{
  g_autoptr(GtkStringList) rounds = gtk_string_list_new (NULL);

  for (int r = self->last_round; r >= 1; r--)
    {
      g_autofree char *label = g_strdup_printf (_("After Round %d"), r);

      gtk_string_list_append (rounds, label);
    }
  g_signal_handlers_block_by_func (self->round_dropdown, round_changed_cb, self);
  gtk_drop_down_set_model (self->round_dropdown, G_LIST_MODEL (rounds));
  g_signal_handlers_unblock_by_func (self->round_dropdown, round_changed_cb, self);
  gtk_widget_set_visible (GTK_WIDGET (self->round_dropdown), self->last_round > 0);
}

/* Each round's column as wide as its widest cell: "缺席（请假）" was cut
 * to "缺席（…" in 72 px while the unit had room to spare (issue 19
 * point 12). The round columns are the last ones (rebuild_columns()). */
static void
fit_round_columns (QwStandingsPage *self,
                   GPtrArray       *rows)
{
  GListModel *columns = gtk_column_view_get_columns (self->column_view);
  guint n_columns = g_list_model_get_n_items (columns);
  g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), NULL);

  for (int r = 1; r <= self->last_round && (guint) r <= n_columns; r++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, n_columns - self->last_round + r - 1);
      int widest = 0;

      for (guint i = 0; i < rows->len; i++)
        {
          const QwStandingRow *row = g_ptr_array_index (rows, i);

          for (guint k = 0; row->rounds != NULL && k < row->rounds->len; k++)
            if (g_array_index (row->rounds, QwRoundCell, k).round == r)
              {
                g_autofree char *text = round_cell_text (&g_array_index (row->rounds, QwRoundCell, k));
                int width;

                pango_layout_set_text (layout, text, -1);
                pango_layout_get_pixel_size (layout, &width, NULL);
                widest = MAX (widest, width);
              }
        }
      /* The cell's padding on both sides. */
      gtk_column_view_column_set_fixed_width (column, MAX (72, widest + 28));
    }
}

static void
compute (QwStandingsPage *self,
         int              up_to_round)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(GPtrArray) absences = NULL;
  g_autoptr(GPtrArray) rows = NULL;
  g_autoptr(GPtrArray) items = NULL;
  QwDocument *doc;

  g_list_store_remove_all (self->rows);
  if (self->section == NULL || up_to_round == 0)
    {
      gtk_stack_set_visible_child_name (self->content_stack, "empty");
      return;
    }
  doc = qw_page_get_document (QW_PAGE (self));
  entries = qw_document_list_section_entries (doc, self->section, &error);
  games = entries != NULL ? qw_document_list_games (doc, self->section->id, &error) : NULL;
  /* 请假 and the rounds late entries missed, with the points they were given. */
  absences = games != NULL ? qw_document_list_absences (doc, self->section->id, &error) : NULL;
  rows = absences != NULL ? qw_standings_compute_with_absences (qw_page_get_ruleset (QW_PAGE (self)),
                                                                self->section, entries, games, absences,
                                                                up_to_round)
                          : NULL;
  if (rows == NULL)
    {
      if (error != NULL)
        qw_feedback_error (GTK_WIDGET (self), _("The standings could not be computed"), error);
      return;
    }
  items = g_ptr_array_new_full (rows->len, g_object_unref);
  /* The items take the rows over. */
  g_ptr_array_set_free_func (rows, NULL);
  for (guint i = 0; i < rows->len; i++)
    {
      QwStandingItem *item = g_object_new (QW_TYPE_STANDING_ITEM, NULL);

      item->row = g_ptr_array_index (rows, i);
      g_ptr_array_add (items, item);
    }
  fit_round_columns (self, rows);
  g_list_store_splice (self->rows, 0, 0, items->pdata, items->len);
  gtk_stack_set_visible_child_name (self->content_stack, items->len > 0 ? "table" : "empty");
}

/* Shows the group @code: its stored section, or one with its defaults when
 * nothing of it is stored yet (no standings then). Reading never writes. */
static void
load_section (QwStandingsPage *self,
              const char      *code)
{
  QwDocumentContext *context = qw_page_get_context (QW_PAGE (self));
  g_autoptr(GPtrArray) games = NULL;

  g_clear_pointer (&self->section, qw_section_free);
  self->last_round = 0;
  if (code != NULL && context != NULL)
    self->section = qw_document_context_find_section (context, code, NULL);
  if (self->section != NULL && self->section->id != 0)
    games = qw_document_list_games (qw_document_context_get_document (context), self->section->id, NULL);
  if (games != NULL)
    self->last_round = last_complete_round (games);
  update_chain (self);
  rebuild_columns (self);
  fill_rounds (self);
  compute (self, self->last_round);
}

static void
group_changed_cb (QwStandingsPage *self)
{
  load_section (self, qw_group_choice_get (self->group_dropdown));
}

static void
round_changed_cb (QwStandingsPage *self)
{
  guint i = gtk_drop_down_get_selected (self->round_dropdown);

  if (i == GTK_INVALID_LIST_POSITION)
    return;
  compute (self, self->last_round - (int) i);
}

static void
settings_saved_cb (QwStandingsPage *self,
                   QwSectionDialog *dialog)
{
  g_autofree char *message = g_strdup_printf (_("Settings of group %s saved"),
                                              qw_section_dialog_get_section (dialog)->name);

  qw_page_reload (QW_PAGE (self));
  qw_feedback_undo_toast (GTK_WIDGET (self), qw_page_get_document (QW_PAGE (self)), message);
}

static void
settings_clicked_cb (QwStandingsPage *self)
{
  QwDocument *doc;
  QwSectionDialog *dialog;

  if (self->section == NULL)
    return;
  doc = qw_page_get_document (QW_PAGE (self));
  dialog = qw_section_dialog_new (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))), doc,
                                  qw_page_get_ruleset (QW_PAGE (self)), self->section,
                                  self->section->id != 0 && qw_document_last_round (doc, self->section->id) > 0);
  g_signal_connect_object (dialog, "saved", G_CALLBACK (settings_saved_cb), self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Keeps the group shown, reading sections, games and settings again. */
static void
reload (QwPage *page)
{
  QwStandingsPage *self = QW_STANDINGS_PAGE (page);
  g_autofree char *code = self->section != NULL ? g_strdup (self->section->code) : NULL;

  /* The groups to play, as the rounds page lists them. */
  qw_group_choice_fill (self->group_dropdown, qw_page_get_context (page), NULL);
  if (code == NULL || !qw_standings_page_select_group (self, code))
    load_section (self, qw_group_choice_first (self->group_dropdown));
}

/* Another document: its first group. */
static void
context_changed (QwPage *page)
{
  QwStandingsPage *self = QW_STANDINGS_PAGE (page);

  g_clear_pointer (&self->section, qw_section_free);
}

gboolean
qw_standings_page_select_group (QwStandingsPage *self,
                                const char      *code)
{
  if (!qw_group_choice_select (self->group_dropdown, code))
    return FALSE;
  load_section (self, code);
  return TRUE;
}

const char *
qw_standings_page_get_group (QwStandingsPage *self)
{
  return self->section != NULL ? self->section->code : NULL;
}

GListModel *
qw_standings_page_get_rows (QwStandingsPage *self)
{
  return G_LIST_MODEL (self->rows);
}

static void
qw_standings_page_dispose (GObject *object)
{
  QwStandingsPage *self = QW_STANDINGS_PAGE (object);

  g_clear_pointer (&self->section, qw_section_free);
  gtk_widget_dispose_template (GTK_WIDGET (self), QW_TYPE_STANDINGS_PAGE);
  g_clear_object (&self->rows);
  g_clear_pointer (&self->chain, g_array_unref);
  G_OBJECT_CLASS (qw_standings_page_parent_class)->dispose (object);
}

static void
qw_standings_page_class_init (QwStandingsPageClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = qw_standings_page_dispose;
  QW_PAGE_CLASS (klass)->context_changed = context_changed;
  QW_PAGE_CLASS (klass)->reload = reload;
  /* Results are entered on the rounds page: the standings follow when shown. */
  qw_page_class_set_topics (QW_PAGE_CLASS (klass), "games", "sections", "entries", NULL);

  gtk_widget_class_set_template_from_resource (widget_class, "/cn/qiwang/Qiwang/ui/qw-standings-page.ui");
  gtk_widget_class_bind_template_child (widget_class, QwStandingsPage, box);
  gtk_widget_class_bind_template_child (widget_class, QwStandingsPage, group_dropdown);
  gtk_widget_class_bind_template_child (widget_class, QwStandingsPage, round_dropdown);
  gtk_widget_class_bind_template_child (widget_class, QwStandingsPage, chain_label);
  gtk_widget_class_bind_template_child (widget_class, QwStandingsPage, content_stack);
  gtk_widget_class_bind_template_child (widget_class, QwStandingsPage, column_view);
  gtk_widget_class_bind_template_callback (widget_class, group_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, round_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, settings_clicked_cb);
}

static void
qw_standings_page_init (QwStandingsPage *self)
{
  g_autoptr(GtkNoSelection) selection = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->rows = g_list_store_new (QW_TYPE_STANDING_ITEM);
  self->chain = g_array_new (FALSE, FALSE, sizeof (QwTiebreak));
  selection = gtk_no_selection_new (G_LIST_MODEL (g_object_ref (self->rows)));
  gtk_column_view_set_model (self->column_view, GTK_SELECTION_MODEL (selection));
}
