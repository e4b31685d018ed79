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

#include "qw-board-item.h"
#include "qw-section-dialog.h"
#include "qw-standings-page.h"
#include "qw-standings.h"
#include "qw-tiebreak.h"
#include "qw-tournament.h"
#include "qw-window.h"
#include "qw-document-play.h"
#include "qw-event.h"
#include "qw-game.h"
#include "qw-standings.h"
#include "qw-tiebreak.h"

/* A row of the table: owns one QwStandingRow. */
#define QW_TYPE_STANDING_ITEM (qw_standing_item_get_type ())
G_DECLARE_FINAL_TYPE (QwStandingItem, qw_standing_item, QW, STANDING_ITEM, GObject)

struct _QwStandingItem
{
  GObject        parent_instance;
  QwStandingRow *row;
};

G_DEFINE_FINAL_TYPE (QwStandingItem, qw_standing_item, G_TYPE_OBJECT)

static void
qw_standing_item_finalize (GObject *object)
{
  g_clear_pointer (&QW_STANDING_ITEM (object)->row, qw_standing_row_free);
  G_OBJECT_CLASS (qw_standing_item_parent_class)->finalize (object);
}

static void
qw_standing_item_class_init (QwStandingItemClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = qw_standing_item_finalize;
}

static void
qw_standing_item_init (QwStandingItem *self)
{
}

struct _QwStandingsPage
{
  GtkWidget      parent_instance;

  GtkWidget     *box;
  GtkDropDown   *group_dropdown;
  GtkDropDown   *round_dropdown;
  GtkLabel      *chain_label;
  GtkStack      *content_stack;
  GtkColumnView *column_view;

  GListStore    *rows;
  QwDocument    *doc;
  QwEvent       *event;
  QwRuleset     *ruleset;
  QwSection     *section;
  GPtrArray     *group_codes;
  GArray        *chain;        /* QwTiebreak of the section, in order */
  int            last_round;   /* the last round with results */
  gboolean       updating;
};

G_DEFINE_FINAL_TYPE (QwStandingsPage, qw_standings_page, GTK_TYPE_WIDGET)

/* Column kinds; tie-break and round columns carry their index in the data. */
typedef enum
{
  COL_RANK,
  COL_NO,
  COL_NAME,
  COL_UNIT,
  COL_POINTS,
  COL_TIEBREAK,
  COL_ROUND,
} Column;

static void
setup_cb (GtkSignalListItemFactory *factory,
          GtkListItem              *item,
          gpointer                  user_data)
{
  Column col = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (factory), "column"));
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), col == COL_NAME || col == COL_UNIT ? 0 : 1);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (label, "numeric");
  if (col == COL_RANK || col == COL_POINTS)
    gtk_widget_add_css_class (label, "heading");
  gtk_list_item_set_child (item, label);
}

/* "12红胜": the opponent's number, the colour, and the result for this player. */
static char *
round_cell_text (const QwRoundCell *cell)
{
  const char *outcome;

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
bind_cb (GtkSignalListItemFactory *factory,
         GtkListItem              *item,
         gpointer                  user_data)
{
  Column col = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (factory), "column"));
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (factory), "index"));
  QwStandingItem *standing = gtk_list_item_get_item (item);
  const QwStandingRow *row = standing->row;
  GtkLabel *label = GTK_LABEL (gtk_list_item_get_child (item));
  g_autofree char *text = NULL;

  switch (col)
    {
    case COL_RANK:
      text = g_strdup_printf ("%d", row->rank);
      break;
    case COL_NO:
      text = g_strdup_printf ("%d", row->no);
      break;
    case COL_NAME:
      text = row->withdrawn ? g_strdup_printf (_("%s (withdrawn)"), row->name) : g_strdup (row->name);
      break;
    case COL_UNIT:
      text = g_strdup (row->unit);
      break;
    case COL_POINTS:
      text = qw_format_points (row->points);
      break;
    case COL_TIEBREAK:
      text = qw_format_points (row->tiebreaks[index]);
      break;
    case COL_ROUND:
      {
        const QwRoundCell *cell = NULL;

        for (guint i = 0; row->rounds != NULL && i < row->rounds->len; i++)
          if (g_array_index (row->rounds, QwRoundCell, i).round == (int) index)
            cell = &g_array_index (row->rounds, QwRoundCell, i);
        text = cell != NULL ? round_cell_text (cell) : g_strdup ("");
      }
      break;
    default:
      g_assert_not_reached ();
    }
  gtk_label_set_text (label, text);
}

static void
add_column (QwStandingsPage *self,
            const char      *title,
            Column           col,
            guint            index,
            int              width,
            gboolean         expand)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkColumnViewColumn *column;

  g_object_set_data (G_OBJECT (factory), "column", GINT_TO_POINTER (col));
  g_object_set_data (G_OBJECT (factory), "index", GUINT_TO_POINTER (index));
  g_signal_connect (factory, "setup", G_CALLBACK (setup_cb), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_cb), NULL);
  column = gtk_column_view_column_new (title, factory);
  gtk_column_view_column_set_resizable (column, TRUE);
  gtk_column_view_column_set_expand (column, expand);
  if (!expand)
    gtk_column_view_column_set_fixed_width (column, width);
  gtk_column_view_append_column (self->column_view, column);
  g_object_unref (column);
}

/* The columns follow the group: its chain, then one per round played. */
static void
rebuild_columns (QwStandingsPage *self)
{
  GListModel *existing = gtk_column_view_get_columns (self->column_view);

  while (g_list_model_get_n_items (existing) > 0)
    {
      g_autoptr(GtkColumnViewColumn) c = g_list_model_get_item (existing, 0);

      gtk_column_view_remove_column (self->column_view, c);
    }
  add_column (self, _("Rank"), COL_RANK, 0, 56, FALSE);
  add_column (self, _("No."), COL_NO, 0, 52, FALSE);
  add_column (self, _("Name"), COL_NAME, 0, 110, FALSE);
  add_column (self, _("Unit"), COL_UNIT, 0, 140, TRUE);
  add_column (self, _("Points"), COL_POINTS, 0, 60, FALSE);
  for (guint i = 0; i < self->chain->len; i++)
    {
      QwTiebreak tb = g_array_index (self->chain, QwTiebreak, i);

      if (tb == QW_TB_EARLIER_ROUNDS || tb == QW_TB_PROGRESSIVE_CUT || tb == QW_TB_DIRECT)
        continue;
      add_column (self, qw_tiebreak_short_label (tb), COL_TIEBREAK, (guint) tb, 70, FALSE);
    }
  for (int r = 1; r <= self->last_round; r++)
    {
      g_autofree char *title = g_strdup_printf (_("R%d"), r);

      add_column (self, title, COL_ROUND, (guint) r, 72, FALSE);
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
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->chain_label), text->str);
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

static void
fill_rounds (QwStandingsPage *self)
{
  g_autoptr(GtkStringList) rounds = gtk_string_list_new (NULL);

  self->updating = TRUE;
  for (int r = self->last_round; r >= 1; r--)
    {
      g_autofree char *label = g_strdup_printf (_("After Round %d"), r);

      gtk_string_list_append (rounds, label);
    }
  gtk_drop_down_set_model (self->round_dropdown, G_LIST_MODEL (rounds));
  gtk_widget_set_visible (GTK_WIDGET (self->round_dropdown), self->last_round > 0);
  self->updating = FALSE;
}

static void
compute (QwStandingsPage *self,
         int              up_to_round)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(GPtrArray) rows = NULL;
  g_autoptr(GPtrArray) items = NULL;

  g_list_store_remove_all (self->rows);
  if (self->section == NULL || up_to_round == 0)
    {
      gtk_stack_set_visible_child_name (self->content_stack, "empty");
      return;
    }
  entries = qw_document_list_section_entries (self->doc, self->section, &error);
  games = entries != NULL ? qw_document_list_games (self->doc, self->section->id, &error) : NULL;
  rows = games != NULL ? qw_standings_compute (self->ruleset, self->section, entries, games, up_to_round) : NULL;
  if (rows == NULL)
    {
      if (error != NULL)
        qw_window_error_for (GTK_WIDGET (self), _("The standings could not be computed"), error);
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
  g_list_store_splice (self->rows, 0, 0, items->pdata, items->len);
  gtk_stack_set_visible_child_name (self->content_stack, items->len > 0 ? "table" : "empty");
}

static void
load_section (QwStandingsPage *self,
              const char      *code)
{
  g_autoptr(GPtrArray) games = NULL;

  g_clear_pointer (&self->section, qw_section_free);
  self->last_round = 0;
  if (code != NULL)
    self->section = qw_tournament_lookup_section (self->doc, self->event, code, NULL);
  if (self->section != NULL)
    games = qw_document_list_games (self->doc, self->section->id, NULL);
  if (games != NULL)
    self->last_round = last_complete_round (games);
  update_chain (self);
  rebuild_columns (self);
  fill_rounds (self);
  compute (self, self->last_round);
}

static void
fill_groups (QwStandingsPage *self)
{
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  g_autoptr(GPtrArray) sections = NULL;

  g_ptr_array_set_size (self->group_codes, 0);
  if (self->doc != NULL)
    sections = qw_document_list_sections (self->doc, self->event->id, NULL);
  for (guint i = 0; sections != NULL && i < sections->len; i++)
    {
      QwSection *s = g_ptr_array_index (sections, i);

      gtk_string_list_append (names, s->name != NULL && s->name[0] != '\0' ? s->name : s->code);
      g_ptr_array_add (self->group_codes, g_strdup (s->code));
    }
  self->updating = TRUE;
  gtk_drop_down_set_model (self->group_dropdown, G_LIST_MODEL (names));
  self->updating = FALSE;
}

static void
group_changed_cb (QwStandingsPage *self)
{
  guint i = gtk_drop_down_get_selected (self->group_dropdown);

  if (self->updating || self->doc == NULL)
    return;
  load_section (self, i < self->group_codes->len ? g_ptr_array_index (self->group_codes, i) : NULL);
}

static void
round_changed_cb (QwStandingsPage *self)
{
  guint i = gtk_drop_down_get_selected (self->round_dropdown);

  if (self->updating || i == GTK_INVALID_LIST_POSITION)
    return;
  compute (self, self->last_round - (int) i);
}

static void
settings_saved_cb (QwStandingsPage *self)
{
  qw_standings_page_refresh (self);
}

static void
settings_clicked_cb (QwStandingsPage *self)
{
  QwSectionDialog *dialog;

  if (self->section == NULL)
    return;
  dialog = qw_section_dialog_new (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))), self->doc,
                                  self->ruleset, self->section,
                                  qw_document_last_round (self->doc, self->section->id) > 0);
  g_signal_connect_object (dialog, "saved", G_CALLBACK (settings_saved_cb), self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Keeps the group shown, re-reading sections, games and settings. */
void
qw_standings_page_refresh (QwStandingsPage *self)
{
  g_autofree char *code = self->section != NULL ? g_strdup (self->section->code) : NULL;

  if (self->doc == NULL)
    return;
  fill_groups (self);
  if (code == NULL || !qw_standings_page_select_group (self, code))
    load_section (self, self->group_codes->len > 0 ? g_ptr_array_index (self->group_codes, 0) : NULL);
}

void
qw_standings_page_set_document (QwStandingsPage *self,
                                QwDocument      *doc,
                                const QwEvent   *event,
                                QwRuleset       *ruleset)
{
  g_clear_object (&self->doc);
  g_clear_pointer (&self->event, qw_event_free);
  g_clear_pointer (&self->ruleset, qw_ruleset_unref);
  g_clear_pointer (&self->section, qw_section_free);
  if (doc != NULL)
    {
      self->doc = g_object_ref (doc);
      self->event = qw_event_copy (event);
      self->ruleset = qw_ruleset_ref (ruleset);
    }
  fill_groups (self);
  load_section (self, self->group_codes->len > 0 ? g_ptr_array_index (self->group_codes, 0) : NULL);
}

gboolean
qw_standings_page_select_group (QwStandingsPage *self,
                                const char      *code)
{
  for (guint i = 0; i < self->group_codes->len; i++)
    if (g_str_equal (g_ptr_array_index (self->group_codes, i), code))
      {
        self->updating = TRUE;
        gtk_drop_down_set_selected (self->group_dropdown, i);
        self->updating = FALSE;
        load_section (self, code);
        return TRUE;
      }
  return FALSE;
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

  g_clear_object (&self->doc);
  g_clear_pointer (&self->event, qw_event_free);
  g_clear_pointer (&self->ruleset, qw_ruleset_unref);
  g_clear_pointer (&self->section, qw_section_free);
  gtk_widget_dispose_template (GTK_WIDGET (self), QW_TYPE_STANDINGS_PAGE);
  g_clear_object (&self->rows);
  g_clear_pointer (&self->group_codes, g_ptr_array_unref);
  g_clear_pointer (&self->chain, g_array_unref);
  G_OBJECT_CLASS (qw_standings_page_parent_class)->dispose (object);
}

static void
qw_standings_page_class_init (QwStandingsPageClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = qw_standings_page_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
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
  gtk_widget_init_template (GTK_WIDGET (self));
  self->rows = g_list_store_new (QW_TYPE_STANDING_ITEM);
  self->group_codes = g_ptr_array_new_with_free_func (g_free);
  self->chain = g_array_new (FALSE, FALSE, sizeof (QwTiebreak));
  {
    g_autoptr(GtkNoSelection) selection = gtk_no_selection_new (G_LIST_MODEL (g_object_ref (self->rows)));

    gtk_column_view_set_model (self->column_view, GTK_SELECTION_MODEL (selection));
  }
}
