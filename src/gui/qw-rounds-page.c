/* qw-rounds-page.c: pair rounds and enter results, group by group
 *
 * The arbiter's page on the day: pick a group and a round, pair the next
 * round, and enter results with one click or one key per board. After each
 * result the next board without one is selected, so a whole round is
 * entered from the keyboard.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-rounds-page"

#include "config.h"

#include <glib/gi18n.h>

#include "qw-board-item.h"
#include "qw-error.h"
#include "qw-rounds-page-private.h"
#include "qw-tournament.h"
#include "qw-window.h"
#include "qw-document-entries.h"
#include "qw-document-play.h"
#include "qw-entry.h"
#include "qw-event.h"
#include "qw-game.h"

/* The six results, in the order of the buttons and of the keys 1, 2, 3, +, -, 0. */
static const struct {
  QwResult    result;
  const char *code;
} result_buttons[] = {
  { QW_RESULT_RED_WIN, "2:0" },
  { QW_RESULT_DRAW, "1:1" },
  { QW_RESULT_BLACK_WIN, "0:2" },
  { QW_RESULT_RED_BY_FORFEIT, "+:-" },
  { QW_RESULT_BLACK_BY_FORFEIT, "-:+" },
  { QW_RESULT_DOUBLE_FORFEIT, "-:-" },
};

G_DEFINE_FINAL_TYPE (QwRoundsPage, qw_rounds_page, GTK_TYPE_WIDGET)

static void document_changed_cb (QwRoundsPage *self,
                                 const char   *what);

GtkWindow *
_qw_rounds_page_parent_window (QwRoundsPage *self)
{
  return GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self)));
}

/* Columns */

typedef enum
{
  COL_BOARD,
  COL_RED_NO,
  COL_RED_NAME,
  COL_RED_UNIT,
  COL_RED_POINTS,
  COL_RESULT,
  COL_BLACK_POINTS,
  COL_BLACK_NAME,
  COL_BLACK_UNIT,
  COL_BLACK_NO,
  COL_FOULS,
  N_COLUMNS
} Column;

static const struct {
  const char *title;
  int         width;
  gboolean    expand;
} columns[N_COLUMNS] = {
  [COL_BOARD] = { N_("Board"), 56, FALSE },
  [COL_RED_NO] = { N_("No."), 52, FALSE },
  [COL_RED_NAME] = { N_("Red"), 90, FALSE },
  [COL_RED_UNIT] = { N_("Unit"), 120, TRUE },
  [COL_RED_POINTS] = { N_("Points"), 52, FALSE },
  [COL_RESULT] = { N_("Result"), 312, FALSE },
  [COL_BLACK_POINTS] = { N_("Points"), 52, FALSE },
  [COL_BLACK_NAME] = { N_("Black"), 90, FALSE },
  [COL_BLACK_UNIT] = { N_("Unit"), 120, TRUE },
  [COL_BLACK_NO] = { N_("No."), 52, FALSE },
  [COL_FOULS] = { N_("Fouls"), 110, FALSE },
};

static void
setup_label_cb (GtkSignalListItemFactory *factory,
                GtkListItem              *item,
                gpointer                  user_data)
{
  Column col = GPOINTER_TO_INT (user_data);
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_xalign (GTK_LABEL (label), col == COL_BLACK_NO || col == COL_BLACK_POINTS ? 1 : 0);
  if (col == COL_BOARD || col == COL_RED_NO || col == COL_BLACK_NO || col == COL_RED_POINTS
      || col == COL_BLACK_POINTS)
    gtk_widget_add_css_class (label, "numeric");
  if (col == COL_RED_NAME || col == COL_BLACK_NAME)
    gtk_widget_add_css_class (label, "heading");
  if (col == COL_RED_NAME)
    gtk_widget_add_css_class (label, "red-side");
  gtk_list_item_set_child (item, label);
}

static void
bind_label_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *item,
               gpointer                  user_data)
{
  Column col = GPOINTER_TO_INT (user_data);
  QwBoardItem *board = gtk_list_item_get_item (item);
  GtkLabel *label = GTK_LABEL (gtk_list_item_get_child (item));
  const QwGame *game = qw_board_item_get_game (board);
  gboolean red = col <= COL_RED_POINTS;
  QwBoardSide side;
  g_autofree char *text = NULL;

  qw_board_item_get_side (board, red, &side);
  switch (col)
    {
    case COL_BOARD:
      text = g_strdup_printf ("%d", game->board);
      break;
    case COL_RED_NO:
    case COL_BLACK_NO:
      text = side.no > 0 ? g_strdup_printf ("%d", side.no) : g_strdup ("");
      break;
    case COL_RED_NAME:
    case COL_BLACK_NAME:
      text = g_strdup (side.no > 0 ? side.name : (!red ? _("(bye)") : ""));
      break;
    case COL_RED_UNIT:
    case COL_BLACK_UNIT:
      text = g_strdup (side.unit);
      break;
    case COL_RED_POINTS:
    case COL_BLACK_POINTS:
      text = side.no > 0 ? qw_format_points (side.points) : g_strdup ("");
      break;
    case COL_FOULS:
    case COL_RESULT:
    case N_COLUMNS:
    default:
      g_assert_not_reached ();
    }
  gtk_label_set_text (label, text);
}

static void
result_clicked_cb (GtkToggleButton *button,
                   QwRoundsPage    *self);

static void
setup_result_cb (GtkSignalListItemFactory *factory,
                 GtkListItem              *item,
                 QwRoundsPage             *self)
{
  GtkWidget *stack = gtk_stack_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkWidget *bye = gtk_label_new (_("Bye: wins"));

  gtk_widget_add_css_class (box, "linked");
  for (guint i = 0; i < G_N_ELEMENTS (result_buttons); i++)
    {
      GtkWidget *button = gtk_toggle_button_new_with_label (result_buttons[i].code);

      gtk_widget_add_css_class (button, "result-button");
      gtk_widget_set_focus_on_click (button, FALSE);
      g_object_set_data (G_OBJECT (button), "result-index", GUINT_TO_POINTER (i));
      g_object_set_data (G_OBJECT (button), "list-item", item);
      g_signal_connect (button, "clicked", G_CALLBACK (result_clicked_cb), self);
      gtk_box_append (GTK_BOX (box), button);
    }
  gtk_widget_add_css_class (bye, "dim-label");
  gtk_stack_add_named (GTK_STACK (stack), box, "buttons");
  gtk_stack_add_named (GTK_STACK (stack), bye, "bye");
  gtk_list_item_set_child (item, stack);
}

static void
bind_result_cb (GtkSignalListItemFactory *factory,
                GtkListItem              *item,
                QwRoundsPage             *self)
{
  QwBoardItem *board = gtk_list_item_get_item (item);
  const QwGame *game = qw_board_item_get_game (board);
  GtkStack *stack = GTK_STACK (gtk_list_item_get_child (item));
  GtkWidget *box = gtk_stack_get_child_by_name (stack, "buttons");
  guint i = 0;

  gtk_stack_set_visible_child_name (stack, qw_board_item_is_bye (board) ? "bye" : "buttons");
  self->updating = TRUE;
  for (GtkWidget *b = gtk_widget_get_first_child (box); b != NULL; b = gtk_widget_get_next_sibling (b), i++)
    gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (b), game->result == result_buttons[i].result);
  self->updating = FALSE;
}

static void
setup_fouls_cb (GtkSignalListItemFactory *factory,
                GtkListItem              *item,
                gpointer                  user_data)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "dim-label");
  gtk_list_item_set_child (item, label);
}

static void
bind_fouls_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *item,
               gpointer                  user_data)
{
  QwBoardItem *board = gtk_list_item_get_item (item);
  const QwGame *game = qw_board_item_get_game (board);
  g_autoptr(GString) text = g_string_new (NULL);

  if (game->red_fouls > 0 || game->black_fouls > 0)
    g_string_append_printf (text, _("R %d · B %d"), game->red_fouls, game->black_fouls);
  if (game->playoff != QW_PLAYOFF_NONE)
    g_string_append_printf (text, "%s%s", text->len > 0 ? " · " : "",
                            game->playoff == QW_PLAYOFF_RED ? _("play-off: red") : _("play-off: black"));
  if (game->manual)
    g_string_append_printf (text, "%s%s", text->len > 0 ? " · " : "", _("changed"));
  gtk_label_set_text (GTK_LABEL (gtk_list_item_get_child (item)), text->str);
}

static void
add_columns (QwRoundsPage *self)
{
  for (int col = 0; col < N_COLUMNS; col++)
    {
      GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
      GtkColumnViewColumn *column;

      if (col == COL_RESULT)
        {
          g_signal_connect (factory, "setup", G_CALLBACK (setup_result_cb), self);
          g_signal_connect (factory, "bind", G_CALLBACK (bind_result_cb), self);
        }
      else if (col == COL_FOULS)
        {
          g_signal_connect (factory, "setup", G_CALLBACK (setup_fouls_cb), NULL);
          g_signal_connect (factory, "bind", G_CALLBACK (bind_fouls_cb), NULL);
        }
      else
        {
          g_signal_connect (factory, "setup", G_CALLBACK (setup_label_cb), GINT_TO_POINTER (col));
          g_signal_connect (factory, "bind", G_CALLBACK (bind_label_cb), GINT_TO_POINTER (col));
        }
      column = gtk_column_view_column_new (_(columns[col].title), factory);
      gtk_column_view_column_set_resizable (column, TRUE);
      gtk_column_view_column_set_expand (column, columns[col].expand);
      if (!columns[col].expand)
        gtk_column_view_column_set_fixed_width (column, columns[col].width);
      gtk_column_view_append_column (self->column_view, column);
      g_object_unref (column);
    }
}

/* Status */

static void
update_status (QwRoundsPage *self)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->boards));
  guint done = 0, playing = 0;
  int total = self->section != NULL ? qw_tournament_total_rounds (self->doc, self->section) : 0;
  g_autofree char *text = NULL;
  gboolean complete;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(QwBoardItem) board = g_list_model_get_item (G_LIST_MODEL (self->boards), i);

      if (qw_board_item_is_bye (board))
        continue;
      playing++;
      done += qw_board_item_has_result (board);
    }
  complete = done == playing;
  if (self->section == NULL)
    text = g_strdup ("");
  else if (self->round == 0)
    text = g_strdup_printf (_("%s · %s · %d rounds"), self->section->name,
                            qw_system_to_code (self->section->system), total);
  else
    text = g_strdup_printf (_("Round %d of %d · %u of %u results entered"), self->round, total, done, playing);
  gtk_label_set_text (self->status_label, text);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "rounds.pair-next",
                                 self->section != NULL && (self->last_round == 0
                                                           || (complete && self->round == self->last_round
                                                               && self->last_round < total)));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "rounds.unpair", self->last_round > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "rounds.explain", self->round > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "rounds.swap",
                                 self->round > 0 && self->round == self->last_round);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "rounds.check", self->round > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "rounds.withdraw", self->section != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "rounds.settings", self->section != NULL);
}

/* Loading */

static void
fill_rounds (QwRoundsPage *self)
{
  g_autoptr(GtkStringList) rounds = gtk_string_list_new (NULL);

  self->updating = TRUE;
  for (int r = 1; r <= self->last_round; r++)
    {
      g_autofree char *label = g_strdup_printf (_("Round %d"), r);

      gtk_string_list_append (rounds, label);
    }
  gtk_drop_down_set_model (self->round_dropdown, G_LIST_MODEL (rounds));
  gtk_widget_set_visible (GTK_WIDGET (self->round_dropdown), self->last_round > 0);
  if (self->round > 0)
    gtk_drop_down_set_selected (self->round_dropdown, (guint) self->round - 1);
  self->updating = FALSE;
}

static guint
next_open_board (QwRoundsPage *self,
                 guint         from)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->boards));

  for (guint k = 0; k < n; k++)
    {
      guint i = (from + k) % n;
      g_autoptr(QwBoardItem) board = g_list_model_get_item (G_LIST_MODEL (self->boards), i);

      if (!qw_board_item_is_bye (board) && !qw_board_item_has_result (board))
        return i;
    }
  return GTK_INVALID_LIST_POSITION;
}

void
_qw_rounds_page_reload_boards (QwRoundsPage *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GListStore) fresh = NULL;
  guint selected = gtk_single_selection_get_selected (self->selection);
  guint n;
  g_autoptr(GPtrArray) items = NULL;

  if (self->section == NULL || self->round == 0)
    {
      g_list_store_remove_all (self->boards);
      gtk_stack_set_visible_child_name (self->content_stack, self->section == NULL ? "no-groups" : "unpaired");
      update_status (self);
      return;
    }
  fresh = qw_board_items_load (self->doc, self->ruleset, self->section, self->round, &error);
  if (fresh == NULL)
    {
      qw_window_error_for (GTK_WIDGET (self), _("The round could not be read"), error);
      return;
    }
  n = g_list_model_get_n_items (G_LIST_MODEL (fresh));
  items = g_ptr_array_new_full (n, g_object_unref);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (items, g_list_model_get_item (G_LIST_MODEL (fresh), i));
  g_list_store_splice (self->boards, 0, g_list_model_get_n_items (G_LIST_MODEL (self->boards)),
                       items->pdata, items->len);
  if (selected != GTK_INVALID_LIST_POSITION && selected < n)
    gtk_single_selection_set_selected (self->selection, selected);
  gtk_stack_set_visible_child_name (self->content_stack, "boards");
  update_status (self);
}

/* Shows @round of the current group (0: the last one paired). */
void
_qw_rounds_page_show_round (QwRoundsPage *self,
            int           round)
{
  self->last_round = self->section != NULL ? qw_document_last_round (self->doc, self->section->id) : 0;
  self->round = round > 0 && round <= self->last_round ? round : self->last_round;
  fill_rounds (self);
  gtk_single_selection_set_selected (self->selection, GTK_INVALID_LIST_POSITION);
  _qw_rounds_page_reload_boards (self);
  if (self->round > 0)
    {
      guint open = next_open_board (self, 0);

      gtk_single_selection_set_selected (self->selection, open != GTK_INVALID_LIST_POSITION ? open : 0);
    }
}

void
_qw_rounds_page_load_section (QwRoundsPage *self,
              const char   *code)
{
  g_autoptr(GError) error = NULL;

  g_clear_pointer (&self->section, qw_section_free);
  if (code != NULL)
    {
      self->section = qw_tournament_lookup_section (self->doc, self->event, code, &error);
      if (self->section == NULL)
        qw_window_error_for (GTK_WIDGET (self), _("The group could not be read"), error);
    }
  _qw_rounds_page_show_round (self, 0);
}

/* The groups to play: every group with a section, and every group entries are
 * placed in, in the ruleset's order, then local groups. */
static void
fill_groups (QwRoundsPage *self)
{
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(GPtrArray) sections = NULL;
  g_autoptr(GHashTable) codes = g_hash_table_new (g_str_hash, g_str_equal);

  g_ptr_array_set_size (self->group_codes, 0);
  if (self->doc != NULL)
    {
      entries = qw_document_list_entries (self->doc, self->event->id, NULL);
      sections = qw_document_list_sections (self->doc, self->event->id, NULL);
    }
  for (guint i = 0; entries != NULL && i < entries->len; i++)
    {
      QwEntry *e = g_ptr_array_index (entries, i);

      if (e->group_code != NULL && e->group_code[0] != '\0')
        g_hash_table_add (codes, e->group_code);
    }
  for (guint i = 0; sections != NULL && i < sections->len; i++)
    g_hash_table_add (codes, ((QwSection *) g_ptr_array_index (sections, i))->code);
  for (guint g = 0; self->ruleset != NULL && g < self->ruleset->groups->len; g++)
    {
      QwGroupRule *rule = g_ptr_array_index (self->ruleset->groups, g);

      if (g_hash_table_remove (codes, rule->code))
        {
          gtk_string_list_append (names, rule->name);
          g_ptr_array_add (self->group_codes, g_strdup (rule->code));
        }
    }
  {
    GHashTableIter iter;
    gpointer key;

    g_hash_table_iter_init (&iter, codes);
    while (g_hash_table_iter_next (&iter, &key, NULL))
      {
        gtk_string_list_append (names, key);
        g_ptr_array_add (self->group_codes, g_strdup (key));
      }
  }
  self->updating = TRUE;
  gtk_drop_down_set_model (self->group_dropdown, G_LIST_MODEL (names));
  self->updating = FALSE;
}

static void
group_changed_cb (QwRoundsPage *self)
{
  guint i = gtk_drop_down_get_selected (self->group_dropdown);

  if (self->updating || self->doc == NULL)
    return;
  _qw_rounds_page_load_section (self, i < self->group_codes->len ? g_ptr_array_index (self->group_codes, i) : NULL);
}

static void
round_changed_cb (QwRoundsPage *self)
{
  guint i = gtk_drop_down_get_selected (self->round_dropdown);

  if (self->updating || i == GTK_INVALID_LIST_POSITION)
    return;
  self->round = (int) i + 1;
  _qw_rounds_page_reload_boards (self);
}

void
qw_rounds_page_set_document (QwRoundsPage  *self,
                             QwDocument    *doc,
                             const QwEvent *event,
                             QwRuleset     *ruleset)
{
  g_return_if_fail (QW_IS_ROUNDS_PAGE (self));

  if (self->doc != NULL)
    g_signal_handlers_disconnect_by_data (self->doc, self);
  g_clear_object (&self->doc);
  g_clear_pointer (&self->event, qw_event_free);
  g_clear_pointer (&self->ruleset, qw_ruleset_unref);
  g_clear_pointer (&self->section, qw_section_free);
  if (doc != NULL)
    {
      self->doc = g_object_ref (doc);
      self->event = qw_event_copy (event);
      self->ruleset = qw_ruleset_ref (ruleset);
      g_signal_connect_swapped (doc, "changed", G_CALLBACK (document_changed_cb), self);
    }
  fill_groups (self);
  _qw_rounds_page_load_section (self, self->group_codes->len > 0 ? g_ptr_array_index (self->group_codes, 0) : NULL);
}

/* Refreshes the group list (entries may have been placed in new groups) and
 * keeps the group and round shown. */
static void
refresh (QwRoundsPage *self)
{
  g_autofree char *code = self->section != NULL ? g_strdup (self->section->code) : NULL;
  int round = self->round;

  if (self->doc == NULL)
    return;
  fill_groups (self);
  if (code != NULL && qw_rounds_page_select_group (self, code))
    {
      _qw_rounds_page_show_round (self, round);
      return;
    }
  _qw_rounds_page_load_section (self, self->group_codes->len > 0 ? g_ptr_array_index (self->group_codes, 0) : NULL);
}

static void
document_changed_cb (QwRoundsPage *self,
                     const char   *what)
{
  if (g_strcmp0 (what, "entries") == 0)
    refresh (self);
}

gboolean
qw_rounds_page_select_group (QwRoundsPage *self,
                             const char   *code)
{
  for (guint i = 0; i < self->group_codes->len; i++)
    if (g_str_equal (g_ptr_array_index (self->group_codes, i), code))
      {
        self->updating = TRUE;
        gtk_drop_down_set_selected (self->group_dropdown, i);
        self->updating = FALSE;
        _qw_rounds_page_load_section (self, code);
        return TRUE;
      }
  return FALSE;
}

const char *
qw_rounds_page_get_group (QwRoundsPage *self)
{
  return self->section != NULL ? self->section->code : NULL;
}

int
qw_rounds_page_get_round (QwRoundsPage *self)
{
  return self->round;
}

GListModel *
qw_rounds_page_get_boards (QwRoundsPage *self)
{
  return G_LIST_MODEL (self->selection);
}

void
qw_rounds_page_select_board (QwRoundsPage *self,
                             guint         position)
{
  gtk_single_selection_set_selected (self->selection, position);
}

/* Results */

QwBoardItem *
_qw_rounds_page_board_at (QwRoundsPage *self,
          guint         position)
{
  if (position == GTK_INVALID_LIST_POSITION || position >= g_list_model_get_n_items (G_LIST_MODEL (self->boards)))
    return NULL;
  return g_list_model_get_item (G_LIST_MODEL (self->boards), position);
}

/**
 * qw_rounds_page_enter_result:
 * @code: "2:0", "1:1", "0:2", "+:-", "-:+", "-:-", or "" to undo the result
 *
 * Records the result of the board at @position (keeping its fouls and
 * play-off) and selects the next board that has none.
 */
gboolean
qw_rounds_page_enter_result (QwRoundsPage  *self,
                             guint          position,
                             const char    *code,
                             GError       **error)
{
  g_autoptr(QwBoardItem) board = _qw_rounds_page_board_at (self, position);
  const QwGame *game;
  QwResultInput input = { 0 };
  gboolean ok;

  if (board == NULL || qw_board_item_is_bye (board))
    return TRUE;
  game = qw_board_item_get_game (board);
  if (code[0] == '\0')
    ok = qw_tournament_undo_result (self->doc, self->section, game->round, game->board, error);
  else
    {
      if (!qw_result_from_code (code, &input.result))
        {
          g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("“%s” is not a result"), code);
          return FALSE;
        }
      input.red_fouls = game->red_fouls;
      input.black_fouls = game->black_fouls;
      input.playoff = input.result == QW_RESULT_DRAW ? game->playoff : QW_PLAYOFF_NONE;
      input.armageddon = game->armageddon;
      ok = qw_tournament_record_result (self->doc, self->section, game->round, game->board, &input, error);
    }
  if (!ok)
    return FALSE;
  _qw_rounds_page_reload_boards (self);
  if (code[0] != '\0')
    {
      guint next = next_open_board (self, position + 1);

      gtk_single_selection_set_selected (self->selection, next != GTK_INVALID_LIST_POSITION ? next : position);
    }
  return TRUE;
}

static void
result_clicked_cb (GtkToggleButton *button,
                   QwRoundsPage    *self)
{
  GtkListItem *item = g_object_get_data (G_OBJECT (button), "list-item");
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "result-index"));
  guint position = gtk_list_item_get_position (item);
  QwBoardItem *board = gtk_list_item_get_item (item);
  g_autoptr(GError) error = NULL;
  const char *code;

  if (self->updating || board == NULL)
    return;
  /* Clicking the result already there takes it back. */
  code = qw_board_item_get_game (board)->result == result_buttons[index].result ? "" : result_buttons[index].code;
  if (!qw_rounds_page_enter_result (self, position, code, &error))
    {
      qw_window_error_for (GTK_WIDGET (self), _("The result could not be entered"), error);
      _qw_rounds_page_reload_boards (self);
    }
}

/**
 * qw_rounds_page_key_result:
 *
 * The keyboard's result entry: 1 2 3 for 2:0 1:1 0:2, + - 0 for the forfeits,
 * Delete to undo, F for fouls. Returns %TRUE when the key was used.
 */
gboolean
qw_rounds_page_key_result (QwRoundsPage *self,
                           guint         keyval)
{
  guint position = gtk_single_selection_get_selected (self->selection);
  const char *code = NULL;
  g_autoptr(GError) error = NULL;

  switch (keyval)
    {
    case GDK_KEY_1: case GDK_KEY_KP_1:
      code = "2:0";
      break;
    case GDK_KEY_2: case GDK_KEY_KP_2: case GDK_KEY_equal:
      code = "1:1";
      break;
    case GDK_KEY_3: case GDK_KEY_KP_3:
      code = "0:2";
      break;
    case GDK_KEY_plus: case GDK_KEY_KP_Add:
      code = "+:-";
      break;
    case GDK_KEY_minus: case GDK_KEY_KP_Subtract:
      code = "-:+";
      break;
    case GDK_KEY_0: case GDK_KEY_KP_0:
      code = "-:-";
      break;
    case GDK_KEY_Delete: case GDK_KEY_BackSpace: case GDK_KEY_KP_Delete:
      code = "";
      break;
    case GDK_KEY_f: case GDK_KEY_F:
      _qw_rounds_page_open_fouls_dialog (self);
      return TRUE;
    default:
      return FALSE;
    }
  if (position == GTK_INVALID_LIST_POSITION)
    return FALSE;
  if (!qw_rounds_page_enter_result (self, position, code, &error))
    qw_window_error_for (GTK_WIDGET (self), _("The result could not be entered"), error);
  return TRUE;
}

static gboolean
key_pressed_cb (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                QwRoundsPage          *self)
{
  if ((state & (GDK_CONTROL_MASK | GDK_ALT_MASK)) != 0 || self->round == 0)
    return FALSE;
  return qw_rounds_page_key_result (self, keyval);
}

void
qw_rounds_page_activate_action (QwRoundsPage *self,
                                const char   *name)
{
  gtk_widget_activate_action (GTK_WIDGET (self), name, NULL);
}

/* GObject */

static void
qw_rounds_page_dispose (GObject *object)
{
  QwRoundsPage *self = QW_ROUNDS_PAGE (object);

  if (self->doc != NULL)
    g_signal_handlers_disconnect_by_data (self->doc, self);
  g_clear_object (&self->doc);
  g_clear_pointer (&self->event, qw_event_free);
  g_clear_pointer (&self->ruleset, qw_ruleset_unref);
  g_clear_pointer (&self->section, qw_section_free);
  gtk_widget_dispose_template (GTK_WIDGET (self), QW_TYPE_ROUNDS_PAGE);
  g_clear_object (&self->selection);
  g_clear_object (&self->boards);
  g_clear_pointer (&self->group_codes, g_ptr_array_unref);
  G_OBJECT_CLASS (qw_rounds_page_parent_class)->dispose (object);
}

static void
qw_rounds_page_class_init (QwRoundsPageClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = qw_rounds_page_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class, "/cn/qiwang/Qiwang/ui/qw-rounds-page.ui");
  gtk_widget_class_bind_template_child (widget_class, QwRoundsPage, box);
  gtk_widget_class_bind_template_child (widget_class, QwRoundsPage, group_dropdown);
  gtk_widget_class_bind_template_child (widget_class, QwRoundsPage, round_dropdown);
  gtk_widget_class_bind_template_child (widget_class, QwRoundsPage, status_label);
  gtk_widget_class_bind_template_child (widget_class, QwRoundsPage, content_stack);
  gtk_widget_class_bind_template_child (widget_class, QwRoundsPage, column_view);
  gtk_widget_class_bind_template_child (widget_class, QwRoundsPage, unpaired_status);
  gtk_widget_class_bind_template_callback (widget_class, group_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, round_changed_cb);

  _qw_rounds_page_class_actions_init (widget_class);
}

static void
qw_rounds_page_init (QwRoundsPage *self)
{
  GtkEventController *keys;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->group_codes = g_ptr_array_new_with_free_func (g_free);
  self->boards = g_list_store_new (QW_TYPE_BOARD_ITEM);
  self->selection = gtk_single_selection_new (G_LIST_MODEL (g_object_ref (self->boards)));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  add_columns (self);
  gtk_column_view_set_model (self->column_view, GTK_SELECTION_MODEL (self->selection));
  keys = gtk_event_controller_key_new ();
  g_signal_connect (keys, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->column_view), keys);
  update_status (self);
}

