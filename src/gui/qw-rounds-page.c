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
#include "qw-rounds-page.h"
#include "qw-section-dialog.h"
#include "qw-tournament.h"
#include "qw-window.h"

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

struct _QwRoundsPage
{
  GtkWidget           parent_instance;

  GtkWidget          *box;
  GtkDropDown        *group_dropdown;
  GtkDropDown        *round_dropdown;
  GtkLabel           *status_label;
  GtkStack           *content_stack;
  GtkColumnView      *column_view;
  AdwStatusPage      *unpaired_status;

  GListStore         *boards;
  GtkSingleSelection *selection;

  QwDocument         *doc;
  QwEvent            *event;
  QwRuleset          *ruleset;
  GPtrArray          *group_codes;    /* the drop-down's groups, in order */
  QwSection          *section;        /* the selected group's section */
  int                 round;          /* the round shown, 0 when none is paired */
  int                 last_round;
  gboolean            updating;
};

G_DEFINE_FINAL_TYPE (QwRoundsPage, qw_rounds_page, GTK_TYPE_WIDGET)

static void reload_boards (QwRoundsPage *self);
static void document_changed_cb (QwRoundsPage *self,
                                 const char   *what);

static QwWindow *
get_window (QwRoundsPage *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  return QW_IS_WINDOW (root) ? QW_WINDOW (root) : NULL;
}

static void
toast (QwRoundsPage *self,
       const char   *message)
{
  if (get_window (self) != NULL)
    qw_window_show_toast (get_window (self), message);
}

static void
show_error (QwRoundsPage *self,
            const char   *heading,
            const GError *error)
{
  if (get_window (self) != NULL)
    qw_window_show_error (get_window (self), heading, error);
  else
    g_warning ("%s: %s", heading, error != NULL ? error->message : "");
}

static GtkWindow *
parent_window (QwRoundsPage *self)
{
  return GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self)));
}

/* A message dialog with a list of lines, for warnings and explanations. */
static void
show_lines (QwRoundsPage *self,
            const char   *heading,
            const char   *body,
            GPtrArray    *lines)
{
  GtkWidget *dialog = adw_message_dialog_new (parent_window (self), heading, body);
  GtkWidget *label;
  GtkWidget *scrolled;
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; lines != NULL && i < lines->len; i++)
    g_string_append_printf (text, "%s%s", i > 0 ? "\n\n" : "", (char *) g_ptr_array_index (lines, i));
  if (text->len > 0)
    {
      label = gtk_label_new (text->str);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_selectable (GTK_LABEL (label), TRUE);
      scrolled = gtk_scrolled_window_new ();
      gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), label);
      gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scrolled), TRUE);
      gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scrolled), 420);
      gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
      gtk_widget_set_size_request (scrolled, 560, -1);
      adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), scrolled);
    }
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
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

static void
reload_boards (QwRoundsPage *self)
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
      show_error (self, _("The round could not be read"), error);
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
static void
show_round (QwRoundsPage *self,
            int           round)
{
  self->last_round = self->section != NULL ? qw_document_last_round (self->doc, self->section->id) : 0;
  self->round = round > 0 && round <= self->last_round ? round : self->last_round;
  fill_rounds (self);
  gtk_single_selection_set_selected (self->selection, GTK_INVALID_LIST_POSITION);
  reload_boards (self);
  if (self->round > 0)
    {
      guint open = next_open_board (self, 0);

      gtk_single_selection_set_selected (self->selection, open != GTK_INVALID_LIST_POSITION ? open : 0);
    }
}

static void
load_section (QwRoundsPage *self,
              const char   *code)
{
  g_autoptr(GError) error = NULL;

  g_clear_pointer (&self->section, qw_section_free);
  if (code != NULL)
    {
      self->section = qw_document_ensure_section (self->doc, self->event->id, code, &error);
      if (self->section == NULL)
        show_error (self, _("The group could not be read"), error);
    }
  show_round (self, 0);
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
  load_section (self, i < self->group_codes->len ? g_ptr_array_index (self->group_codes, i) : NULL);
}

static void
round_changed_cb (QwRoundsPage *self)
{
  guint i = gtk_drop_down_get_selected (self->round_dropdown);

  if (self->updating || i == GTK_INVALID_LIST_POSITION)
    return;
  self->round = (int) i + 1;
  reload_boards (self);
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
  load_section (self, self->group_codes->len > 0 ? g_ptr_array_index (self->group_codes, 0) : NULL);
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
      show_round (self, round);
      return;
    }
  load_section (self, self->group_codes->len > 0 ? g_ptr_array_index (self->group_codes, 0) : NULL);
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
        load_section (self, code);
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

static QwBoardItem *
board_at (QwRoundsPage *self,
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
  g_autoptr(QwBoardItem) board = board_at (self, position);
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
  reload_boards (self);
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
      show_error (self, _("The result could not be entered"), error);
      reload_boards (self);
    }
}

/* Fouls and the play-off of a drawn knockout game */

typedef struct
{
  QwRoundsPage *self;
  int           round;
  int           board;
  GtkWidget    *red_spin;
  GtkWidget    *black_spin;
  GtkWidget    *playoff_dropdown;
  GtkWidget    *armageddon_check;
} FoulsDialog;

static void
fouls_response_cb (AdwMessageDialog *dialog,
                   const char       *response,
                   FoulsDialog      *d)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwGame) game = NULL;
  QwResultInput input = { 0 };

  if (g_str_equal (response, "save"))
    {
      game = qw_document_get_game (d->self->doc, d->self->section->id, d->round, d->board, &error);
      if (game != NULL)
        {
          input.result = game->result;
          input.red_fouls = gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (d->red_spin));
          input.black_fouls = gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (d->black_spin));
          if (d->playoff_dropdown != NULL)
            {
              guint p = gtk_drop_down_get_selected (GTK_DROP_DOWN (d->playoff_dropdown));

              input.playoff = p == 1 ? QW_PLAYOFF_RED : p == 2 ? QW_PLAYOFF_BLACK : QW_PLAYOFF_NONE;
              input.armageddon = gtk_check_button_get_active (GTK_CHECK_BUTTON (d->armageddon_check));
            }
        }
      if (game == NULL
          || !qw_tournament_record_result (d->self->doc, d->self->section, d->round, d->board, &input, &error))
        show_error (d->self, _("The fouls could not be saved"), error);
      reload_boards (d->self);
    }
  g_object_unref (d->self);
  g_free (d);
}

static GtkWidget *
labelled (GtkWidget  *grid,
          int         row,
          const char *text,
          GtkWidget  *widget)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_grid_attach (GTK_GRID (grid), label, 0, row, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), widget, 1, row, 1, 1);
  return widget;
}

static void
open_fouls_dialog (QwRoundsPage *self)
{
  g_autoptr(QwBoardItem) board = board_at (self, gtk_single_selection_get_selected (self->selection));
  const QwGame *game;
  FoulsDialog *d;
  GtkWidget *dialog, *grid;
  g_autofree char *heading = NULL;
  QwBoardSide red, black;

  if (board == NULL || qw_board_item_is_bye (board))
    return;
  game = qw_board_item_get_game (board);
  if (game->result == QW_RESULT_NONE)
    {
      toast (self, _("Enter the result first, then the fouls"));
      return;
    }
  qw_board_item_get_side (board, TRUE, &red);
  qw_board_item_get_side (board, FALSE, &black);
  d = g_new0 (FoulsDialog, 1);
  d->self = g_object_ref (self);
  d->round = game->round;
  d->board = game->board;
  grid = gtk_grid_new ();
  gtk_grid_set_row_spacing (GTK_GRID (grid), 8);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  d->red_spin = labelled (grid, 0, red.name, gtk_spin_button_new_with_range (0, 99, 1));
  d->black_spin = labelled (grid, 1, black.name, gtk_spin_button_new_with_range (0, 99, 1));
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (d->red_spin), game->red_fouls);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (d->black_spin), game->black_fouls);
  if (self->section->system == QW_SYSTEM_KNOCKOUT && game->result == QW_RESULT_DRAW)
    {
      const char *choices[] = { _("Not played yet"), _("Red won the play-off"), _("Black won the play-off"), NULL };

      d->playoff_dropdown = labelled (grid, 2, _("Play-off"), gtk_drop_down_new_from_strings (choices));
      gtk_drop_down_set_selected (GTK_DROP_DOWN (d->playoff_dropdown),
                                  game->playoff == QW_PLAYOFF_RED ? 1 : game->playoff == QW_PLAYOFF_BLACK ? 2 : 0);
      d->armageddon_check = gtk_check_button_new_with_label (_("Armageddon (a draw counts as a black win)"));
      gtk_check_button_set_active (GTK_CHECK_BUTTON (d->armageddon_check),
                                   game->armageddon || self->section->settings.armageddon);
      gtk_grid_attach (GTK_GRID (grid), d->armageddon_check, 0, 3, 2, 1);
    }
  heading = g_strdup_printf (_("Board %d: Fouls"), game->board);
  dialog = adw_message_dialog_new (parent_window (self), heading,
                                   _("Fouls (犯规) count in the tie-breaks: fewer ranks higher."));
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), grid);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"), "save", _("_Save"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "save", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "save");
  g_signal_connect (dialog, "response", G_CALLBACK (fouls_response_cb), d);
  gtk_window_present (GTK_WINDOW (dialog));
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
      open_fouls_dialog (self);
      return TRUE;
    default:
      return FALSE;
    }
  if (position == GTK_INVALID_LIST_POSITION)
    return FALSE;
  if (!qw_rounds_page_enter_result (self, position, code, &error))
    show_error (self, _("The result could not be entered"), error);
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

/* Round actions */

/**
 * qw_rounds_page_pair_next:
 *
 * Pairs the next round of the group shown and shows it, with the first board
 * selected for results. Players left out (withdrawn, too many forfeits) are
 * reported in a toast.
 */
gboolean
qw_rounds_page_pair_next (QwRoundsPage  *self,
                          GError       **error)
{
  g_autoptr(GPtrArray) notes = NULL;
  int round;

  if (self->section == NULL)
    return FALSE;
  round = qw_tournament_pair_next (self->doc, self->section, &notes, error);
  if (round == 0)
    return FALSE;
  show_round (self, round);
  gtk_widget_grab_focus (GTK_WIDGET (self->column_view));
  if (notes != NULL && notes->len > 0)
    show_lines (self, _("Players Not Paired"), NULL, notes);
  else
    {
      g_autofree char *message = g_strdup_printf (_("Round %d paired"), round);

      toast (self, message);
    }
  return TRUE;
}

static void
pair_next_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  QwRoundsPage *self = QW_ROUNDS_PAGE (widget);
  g_autoptr(GError) error = NULL;

  if (!qw_rounds_page_pair_next (self, &error) && error != NULL)
    show_error (self, _("The next round could not be paired"), error);
}

static gboolean
round_has_results (QwRoundsPage *self,
                   int           round)
{
  g_autoptr(GPtrArray) games = qw_document_list_games (self->doc, self->section->id, NULL);

  for (guint i = 0; games != NULL && i < games->len; i++)
    {
      QwGame *g = g_ptr_array_index (games, i);

      if (g->round == round && g->black != 0 && g->result != QW_RESULT_NONE)
        return TRUE;
    }
  return FALSE;
}

static void
unpair_response_cb (AdwMessageDialog *dialog,
                    const char       *response,
                    QwRoundsPage     *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;
  int round = self->last_round;

  if (!g_str_equal (response, "unpair"))
    return;
  if (!qw_tournament_unpair_last (self->doc, self->section, TRUE, &error))
    {
      show_error (self, _("The round could not be unpaired"), error);
      return;
    }
  message = g_strdup_printf (_("Round %d unpaired"), round);
  toast (self, message);
  show_round (self, 0);
}

static void
unpair_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  QwRoundsPage *self = QW_ROUNDS_PAGE (widget);
  g_autofree char *heading = NULL;
  gboolean results;
  GtkWidget *dialog;

  if (self->section == NULL || self->last_round == 0)
    return;
  results = round_has_results (self, self->last_round);
  heading = g_strdup_printf (_("Unpair Round %d?"), self->last_round);
  dialog = adw_message_dialog_new (parent_window (self), heading,
                                   results ? _("Its results are lost with it. The earlier rounds stay as they are.")
                                           : _("Its pairings are removed; pair it again when ready."));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"),
                                    "unpair", results ? _("_Unpair and Discard Results") : _("_Unpair"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "unpair", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (unpair_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
explain_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  QwRoundsPage *self = QW_ROUNDS_PAGE (widget);
  g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) log = NULL;
  g_autofree char *heading = NULL;
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->boards));

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(QwBoardItem) board = g_list_model_get_item (G_LIST_MODEL (self->boards), i);
      const QwGame *game = qw_board_item_get_game (board);
      QwBoardSide red, black;

      qw_board_item_get_side (board, TRUE, &red);
      qw_board_item_get_side (board, FALSE, &black);
      if (black.no > 0)
        g_ptr_array_add (lines, g_strdup_printf (_("Board %d · %d %s (red) v %d %s\n%s"), game->board, red.no, red.name,
                                                 black.no, black.name, game->explain));
      else
        g_ptr_array_add (lines, g_strdup_printf (_("Board %d · %d %s: bye\n%s"), game->board, red.no, red.name,
                                                 game->explain));
    }
  log = qw_document_list_round_log (self->doc, self->section->id, NULL);
  for (guint i = 0; log != NULL && i < log->len; i++)
    {
      QwRoundLogLine *line = g_ptr_array_index (log, i);

      if (line->round == self->round)
        g_ptr_array_add (lines, g_strdup_printf (_("Arbiter, %s: %s"), line->at, line->message));
    }
  heading = g_strdup_printf (_("Round %d: Why Each Pair"), self->round);
  show_lines (self, heading, _("Score groups from the top down, same score first; no rematch; colours within the limits."), lines);
}

static void
check_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  QwRoundsPage *self = QW_ROUNDS_PAGE (widget);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) warnings = qw_tournament_check_round (self->doc, self->section, self->round, &error);
  g_autofree char *heading = g_strdup_printf (_("Round %d Against the Rules"), self->round);

  if (warnings == NULL)
    show_error (self, _("The round could not be checked"), error);
  else if (warnings->len == 0)
    show_lines (self, heading, _("The round keeps every rule."), NULL);
  else
    show_lines (self, heading, NULL, warnings);
}

/* Swapping two players, withdrawing one */

static GPtrArray *
section_entries (QwRoundsPage *self)
{
  return qw_document_list_section_entries (self->doc, self->section, NULL);
}

static GtkWidget *
player_dropdown (GPtrArray *entries)
{
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);

  for (guint i = 0; i < entries->len; i++)
    {
      QwEntry *e = g_ptr_array_index (entries, i);
      g_autofree char *label = g_strdup_printf ("%d %s", e->no, e->name);

      gtk_string_list_append (names, label);
    }
  return gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&names)), NULL);
}

static void
swap_response_cb (AdwMessageDialog *dialog,
                  const char       *response,
                  QwRoundsPage     *self)
{
  GPtrArray *entries = g_object_get_data (G_OBJECT (dialog), "entries");
  GtkDropDown *a = g_object_get_data (G_OBJECT (dialog), "a");
  GtkDropDown *b = g_object_get_data (G_OBJECT (dialog), "b");
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) warnings = NULL;

  if (!g_str_equal (response, "swap"))
    return;
  warnings = qw_tournament_swap_players (self->doc, self->section, self->round,
                                         ((QwEntry *) g_ptr_array_index (entries, gtk_drop_down_get_selected (a)))->id,
                                         ((QwEntry *) g_ptr_array_index (entries, gtk_drop_down_get_selected (b)))->id,
                                         &error);
  if (warnings == NULL)
    {
      show_error (self, _("The players could not be swapped"), error);
      return;
    }
  reload_boards (self);
  if (warnings->len > 0)
    show_lines (self, _("Swapped, but the Round Now Breaks Rules"), _("The change is recorded in the round log."), warnings);
  else
    toast (self, _("Players swapped; the change is recorded"));
}

static void
swap_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  QwRoundsPage *self = QW_ROUNDS_PAGE (widget);
  GPtrArray *entries = section_entries (self);
  GtkWidget *dialog, *grid;

  if (entries == NULL || entries->len < 2)
    {
      g_clear_pointer (&entries, g_ptr_array_unref);
      return;
    }
  grid = gtk_grid_new ();
  gtk_grid_set_row_spacing (GTK_GRID (grid), 8);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  dialog = adw_message_dialog_new (parent_window (self), _("Swap Two Players"),
                                   _("They exchange their places in this round (on one board: their colours). "
                                     "The change is checked against the rules and recorded."));
  g_object_set_data (G_OBJECT (dialog), "a", labelled (grid, 0, _("Player"), player_dropdown (entries)));
  g_object_set_data (G_OBJECT (dialog), "b", labelled (grid, 1, _("With"), player_dropdown (entries)));
  g_object_set_data_full (G_OBJECT (dialog), "entries", entries, (GDestroyNotify) g_ptr_array_unref);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), grid);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"), "swap", _("S_wap"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "swap", ADW_RESPONSE_SUGGESTED);
  g_signal_connect_object (dialog, "response", G_CALLBACK (swap_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
withdraw_response_cb (AdwMessageDialog *dialog,
                      const char       *response,
                      QwRoundsPage     *self)
{
  GPtrArray *entries = g_object_get_data (G_OBJECT (dialog), "entries");
  GtkDropDown *who = g_object_get_data (G_OBJECT (dialog), "who");
  QwEntry *e;
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;

  if (!g_str_equal (response, "withdraw"))
    return;
  e = g_ptr_array_index (entries, gtk_drop_down_get_selected (who));
  if (!qw_tournament_withdraw (self->doc, self->section, e->id, &error))
    {
      show_error (self, _("The player could not be withdrawn"), error);
      return;
    }
  message = g_strdup_printf (_("%s withdrew and is not paired from the next round"), e->name);
  toast (self, message);
  reload_boards (self);
}

static void
withdraw_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  QwRoundsPage *self = QW_ROUNDS_PAGE (widget);
  GPtrArray *entries = section_entries (self);
  GtkWidget *dialog;

  if (entries == NULL || entries->len == 0)
    {
      g_clear_pointer (&entries, g_ptr_array_unref);
      return;
    }
  dialog = adw_message_dialog_new (parent_window (self), _("Withdraw a Player (退赛)"),
                                   _("The player keeps the results so far and is not paired from the next round."));
  g_object_set_data (G_OBJECT (dialog), "who", player_dropdown (entries));
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), g_object_get_data (G_OBJECT (dialog), "who"));
  g_object_set_data_full (G_OBJECT (dialog), "entries", entries, (GDestroyNotify) g_ptr_array_unref);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"),
                                    "withdraw", _("_Withdraw"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "withdraw", ADW_RESPONSE_DESTRUCTIVE);
  g_signal_connect_object (dialog, "response", G_CALLBACK (withdraw_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
settings_saved_cb (QwRoundsPage *self)
{
  g_autofree char *code = g_strdup (self->section->code);

  load_section (self, code);
}

static void
settings_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  QwRoundsPage *self = QW_ROUNDS_PAGE (widget);
  QwSectionDialog *dialog;

  if (self->section == NULL)
    return;
  dialog = qw_section_dialog_new (parent_window (self), self->doc, self->ruleset, self->section,
                                  self->last_round > 0);
  g_signal_connect_object (dialog, "saved", G_CALLBACK (settings_saved_cb), self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
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

  gtk_widget_class_install_action (widget_class, "rounds.pair-next", NULL, pair_next_action);
  gtk_widget_class_install_action (widget_class, "rounds.unpair", NULL, unpair_action);
  gtk_widget_class_install_action (widget_class, "rounds.explain", NULL, explain_action);
  gtk_widget_class_install_action (widget_class, "rounds.check", NULL, check_action);
  gtk_widget_class_install_action (widget_class, "rounds.swap", NULL, swap_action);
  gtk_widget_class_install_action (widget_class, "rounds.withdraw", NULL, withdraw_action);
  gtk_widget_class_install_action (widget_class, "rounds.settings", NULL, settings_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_r, GDK_CONTROL_MASK, "rounds.pair-next", NULL);
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

