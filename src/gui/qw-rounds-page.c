/* qw-rounds-page.c: pair rounds and enter results, group by group
 *
 * The arbiter's page on the day: pick a group and a round, pair the next
 * round, and enter results with one click or one key per board. After each
 * result the next board without one is selected, so a whole round is
 * entered from the keyboard; the selection never goes back by itself. Every
 * change is a step of the document's history: the page shows what the
 * document holds, also after the window's Undo, and its toasts offer to
 * take a change back.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-rounds-page"

#include "config.h"

#include <glib/gi18n.h>

#include "qw-board-item.h"
#include "qw-column-view.h"
#include "qw-error.h"
#include "qw-feedback.h"
#include "qw-group-choice.h"
#include "qw-labels.h"
#include "qw-tiebreak.h"
#include "qw-result-buttons.h"
#include "qw-rounds-page-private.h"
#include "qw-ruleset-championship.h"
#include "qw-seed-item.h"
#include "qw-tournament.h"
#include "qw-document-entries.h"
#include "qw-document-play.h"
#include "qw-device-text.h"
#include "qw-venue.h"
#include "qw-entry.h"
#include "qw-event.h"
#include "qw-game.h"

G_DEFINE_FINAL_TYPE (QwRoundsPage, qw_rounds_page, QW_TYPE_PAGE)

static void group_changed_cb (QwRoundsPage *self);
static void round_changed_cb (QwRoundsPage *self);

GtkWindow *
_qw_rounds_page_parent_window (QwRoundsPage *self)
{
  return GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self)));
}

/* Columns */

static void
result_chosen_cb (QwRoundsPage    *self,
                  const char      *code,
                  QwResultButtons *buttons)
{
  QwBoardItem *board = qw_result_buttons_get_board (buttons);
  g_autoptr(GError) error = NULL;
  guint position;

  if (board == NULL || !g_list_store_find (self->boards, board, &position))
    return;
  if (!qw_rounds_page_enter_result (self, position, code, &error))
    {
      qw_feedback_error (GTK_WIDGET (self), _("The result could not be entered"), error);
      _qw_rounds_page_reload_boards (self);
    }
}

/* A document read-only where it is shows its results; none is entered. */
static gboolean
editable_of (QwRoundsPage *self)
{
  QwDocument *doc = doc_of (self);

  return doc == NULL || !qw_document_is_read_only (doc);
}

static void
setup_result_cb (GtkSignalListItemFactory *factory,
                 GtkListItem              *item,
                 QwRoundsPage             *self)
{
  GtkWidget *buttons = qw_result_buttons_new ();
  GtkExpression *board = gtk_property_expression_new (GTK_TYPE_LIST_ITEM, NULL, "item");

  gtk_expression_bind (board, buttons, "board", item);
  g_signal_connect_object (buttons, "chosen", G_CALLBACK (result_chosen_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_set_sensitive (buttons, editable_of (self));
  /* A row made higher by a wrapped note keeps its buttons button-high. */
  gtk_widget_set_valign (buttons, GTK_ALIGN_CENTER);
  gtk_list_item_set_child (item, buttons);
}

/* The rows made for the document before: their buttons follow this one. */
static void
update_result_buttons (GtkWidget *widget,
                       gboolean   editable)
{
  if (QW_IS_RESULT_BUTTONS (widget))
    {
      gtk_widget_set_sensitive (widget, editable);
      return;
    }
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    update_result_buttons (c, editable);
}

static const QwColumn columns[] = {
  { N_("Board"), "board", NULL, 56, QW_COLUMN_NUMERIC },
  { N_("No."), "red-no", NULL, 52, QW_COLUMN_NUMERIC },
  { N_("Red"), "red-name", NULL, 90, QW_COLUMN_HEADING, "red-side" },
  /* Units at least 100 px: a narrow window scrolls sideways rather than
   * showing "…" for every unit. */
  { N_("Unit"), "red-unit", NULL, 100, QW_COLUMN_EXPAND },
  { N_("Points"), "red-points", NULL, 52, QW_COLUMN_NUMERIC },
  { N_("Result"), NULL, NULL, 312, 0, NULL, NULL, G_CALLBACK (setup_result_cb) },
  { N_("Points"), "black-points", NULL, 52, QW_COLUMN_NUMERIC | QW_COLUMN_END },
  { N_("Black"), "black-name", NULL, 90, QW_COLUMN_HEADING },
  { N_("Unit"), "black-unit", NULL, 100, QW_COLUMN_EXPAND },
  { N_("No."), "black-no", NULL, 52, QW_COLUMN_NUMERIC | QW_COLUMN_END },
  /* Takes its share of the spare width, and a play-off's note, long with
   * the fouls before it ("红 1 · 黑 2 · 和棋黑胜附加赛战和：黑方晋级"), wraps
   * whole onto lines of its own: the arbiter reads who goes through without
   * pointing at it (issue 19 point 12). 150 px: "和棋黑胜附加赛战和：" on
   * one line. */
  { N_("Fouls"), "fouls", NULL, 150, QW_COLUMN_EXPAND | QW_COLUMN_WRAP, "dim-label", "fouls" },
  /* 窗口, 命令行, 设备：NAME: a device's name whole ("设备：1–10 台裁判"). */
  { N_("Entered By"), "entered-by", NULL, 100, QW_COLUMN_WRAP, "dim-label", "entered-by" },
};

static const QwColumn seed_columns[] = {
  { N_("Seed"), "seed", NULL, 56, QW_COLUMN_NUMERIC },
  { N_("No."), "no", NULL, 56, QW_COLUMN_NUMERIC },
  { N_("Name"), "name", NULL, 110, QW_COLUMN_HEADING },
  { N_("Unit"), "unit", NULL, 0, QW_COLUMN_EXPAND },
  { N_("Grade"), "grade", NULL, 110 },
  { N_("Rating"), "rating-text", NULL, 70, QW_COLUMN_NUMERIC },
  { N_("Note"), "note", NULL, 300, 0, "dim-label", "note" },
};

/* The starting-rank list, before round 1 */

static void
reload_seeding (QwRoundsPage *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwSeeding) seeding = qw_tournament_seeding (doc_of (self), self->section, &error);
  g_autoptr(GListStore) fresh = NULL;
  g_autoptr(GPtrArray) gate = NULL;
  g_autoptr(GPtrArray) items = NULL;
  g_autoptr(GString) text = NULL;
  g_autofree char *warning = NULL;
  guint n, by_lot = 0;

  if (seeding == NULL)
    {
      qw_feedback_error (GTK_WIDGET (self), _("The starting ranks could not be read"), error);
      return;
    }
  gate = qw_pair_gate_list (doc_of (self), self->section, NULL);
  fresh = qw_seed_items_new (seeding, gate);
  n = g_list_model_get_n_items (G_LIST_MODEL (fresh));
  items = g_ptr_array_new_full (n, g_object_unref);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (items, g_list_model_get_item (G_LIST_MODEL (fresh), i));
  g_list_store_splice (self->seeds, 0, g_list_model_get_n_items (G_LIST_MODEL (self->seeds)), items->pdata, items->len);
  for (guint i = 0; i < seeding->players->len; i++)
    by_lot += ((QwSeed *) g_ptr_array_index (seeding->players, i))->by_lot ? 1 : 0;
  self->seeds_drawn = seeding->drawn;
  text = g_string_new (NULL);
  g_string_append_printf (text, ngettext ("%u player · %s", "%u players · %s", seeding->players->len),
                          seeding->players->len, qw_seeding_method_label (seeding->method));
  if (seeding->lottery_seed != 0)
    {
      g_autofree char *seed = g_strdup_printf ("%" G_GUINT64_FORMAT, seeding->lottery_seed);

      g_string_append_printf (text, _(" · lottery seed %s"), seed);
    }
  if (!seeding->drawn)
    g_string_append_printf (text, ngettext (" · %u player is placed by lot, not drawn yet: draw the lots now, or "
                                            "round 1 draws them",
                                            " · %u players are placed by lot, not drawn yet: draw the lots now, or "
                                            "round 1 draws them", by_lot), by_lot);
  else if (by_lot > 0)
    g_string_append_printf (text, ngettext (" · %u player placed by lot", " · %u players placed by lot", by_lot),
                            by_lot);
  /* Check-in begun: how many are here, before pairing them alone is offered. */
  {
    guint total = 0;
    guint here = qw_venue_count_present (doc_of (self), self->section->code, &total, NULL);

    if (here > 0)
      g_string_append_printf (text, _(" · %u of %u checked in"), here, total);
  }
  gtk_label_set_text (self->seeding_label, text->str);
  warning = qw_tournament_field_warning (doc_of (self), self->section);
  gtk_label_set_text (self->field_warning_label, warning != NULL ? warning : "");
  gtk_widget_set_visible (GTK_WIDGET (self->field_warning_label), warning != NULL);
  gtk_stack_set_visible_child_name (self->seeding_stack, n > 0 ? "list" : "empty");
}

/* Status */

/* The status in the row of the drop-downs when it fits whole, else on a line
 * of its own below them (a narrow window). */
static void
place_status (QwRoundsPage *self)
{
  gboolean inline_fits = adw_squeezer_get_visible_child (self->status_squeezer) == GTK_WIDGET (self->status_label);

  gtk_widget_set_visible (GTK_WIDGET (self->status_line),
                          !inline_fits && *gtk_label_get_text (self->status_label) != '\0');
}

static gboolean
place_status_idle (gpointer data)
{
  QwRoundsPage *self = data;

  self->status_idle = 0;
  place_status (self);
  return G_SOURCE_REMOVE;
}

/* The squeezer chooses while the page is allocated: the line below is
 * shown or hidden after it, not in the middle of it. */
static void
status_squeezed_cb (QwRoundsPage *self)
{
  if (self->status_idle == 0)
    self->status_idle = g_idle_add (place_status_idle, self);
}

/* The round's result entry from devices and its clock (qw-venue.h): read
 * with the boards, said after the results count, and the button that
 * closes or opens the entry, on the current round only (the next pairing
 * closes a round by itself). */
static void
read_round_state (QwRoundsPage *self)
{
  g_auto(QwRoundState) state = { 0 };

  self->entry_closed = FALSE;
  g_clear_pointer (&self->clock_start, g_free);
  g_clear_pointer (&self->clock_end, g_free);
  if (self->section == NULL || self->round == 0
      || !qw_venue_get_round_state (doc_of (self), self->section->code, self->round, &state, NULL))
    return;
  self->entry_closed = state.entry_closed;
  self->clock_start = g_steal_pointer (&state.clock_start);
  self->clock_end = g_steal_pointer (&state.clock_end);
}

static void
update_venue_status (QwRoundsPage *self,
                     gboolean      editable)
{
  gboolean current = self->section != NULL && self->round > 0 && self->round == self->last_round;
  g_autoptr(GString) text = g_string_new (gtk_label_get_text (self->status_label));

  if (self->round > 0 && (self->entry_closed || !current))
    g_string_append (text, _(" · entry from phones closed"));
  if (self->clock_start != NULL)
    g_string_append_printf (text, _(" · starts %s"), self->clock_start);
  if (self->clock_end != NULL)
    g_string_append_printf (text, _(" · ends %s"), self->clock_end);
  gtk_label_set_text (self->status_label, text->str);
  place_status (self);
  /* Only where phones may enter results: a stop run without devices is not
   * asked about them. */
  gtk_widget_set_visible (self->entry_button,
                          current && (self->entry_closed || qw_venue_has_devices (doc_of (self))));
  adw_button_content_set_label (self->entry_button_content,
                                self->entry_closed ? _("_Open Entry") : _("_Close Entry"));
  adw_button_content_set_icon_name (self->entry_button_content,
                                    self->entry_closed ? "changes-allow-symbolic" : "changes-prevent-symbolic");
  gtk_widget_set_tooltip_text (self->entry_button,
                               self->entry_closed ? _("Let the arbiters’ phones enter this round’s results again (Ctrl+L)")
                                                  : _("Stop the arbiters’ phones entering this round’s results: "
                                                      "only the window enters them (Ctrl+L)"));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "rounds.toggle-entry", editable && current);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "rounds.round-clock", editable && self->round > 0);
}

static void
update_status (QwRoundsPage *self)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->boards));
  guint done = 0, playing = 0;
  int total = self->section != NULL ? qw_tournament_total_rounds (doc_of (self), self->section) : 0;
  g_autofree char *text = NULL;
  /* A document read-only where it is shows its rounds; nothing changes them. */
  gboolean editable = qw_page_can_change (QW_PAGE (self));
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
    text = g_strdup_printf (_("%s · %s · %d rounds · %s"), self->section->name,
                            qw_system_label (self->section->system), total,
                            qw_tiebreak_chain_label (self->section->settings.tiebreaks));
  else
    text = g_strdup_printf (_("Round %d of %d · %u of %u results entered"), self->round, total, done, playing);
  gtk_label_set_text (self->status_label, text);
  update_venue_status (self, editable);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "rounds.settings", editable && self->section != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "rounds.pair-next",
                                 editable && self->section != NULL && (self->last_round == 0
                                                           || (complete && self->round == self->last_round
                                                               && self->last_round < total)));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "rounds.pair-manual",
                                 editable && self->section != NULL && (self->last_round == 0
                                                           || (complete && self->round == self->last_round
                                                               && self->last_round < total)));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "rounds.unpair", editable && self->last_round > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "rounds.explain", self->round > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "rounds.swap",
                                 editable && self->round > 0 && self->round == self->last_round);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "rounds.check", self->round > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "rounds.withdraw", editable && self->section != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "rounds.absent", editable && self->section != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "rounds.settings", editable && self->section != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "rounds.draw-lots",
                                 editable && self->section != NULL && self->last_round == 0 && !self->seeds_drawn);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "rounds.print-seeding", self->section != NULL);
}

/* Loading */

/* The page sets the drop-down itself: it does not react to its own change. */
static void
fill_rounds (QwRoundsPage *self)
{
  g_autoptr(GtkStringList) rounds = gtk_string_list_new (NULL);

  g_signal_handlers_block_by_func (self->round_dropdown, round_changed_cb, self);
  for (int r = 1; r <= self->last_round; r++)
    {
      g_autofree char *label = g_strdup_printf (_("Round %d"), r);

      gtk_string_list_append (rounds, label);
    }
  gtk_drop_down_set_model (self->round_dropdown, G_LIST_MODEL (rounds));
  gtk_widget_set_visible (GTK_WIDGET (self->round_dropdown), self->last_round > 0);
  if (self->round > 0)
    gtk_drop_down_set_selected (self->round_dropdown, (guint) self->round - 1);
  g_signal_handlers_unblock_by_func (self->round_dropdown, round_changed_cb, self);
}

static GtkWidget *
inner_list (QwRoundsPage *self)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->column_view)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_LIST_VIEW (child))
      return child;
  return NULL;
}

static QwResultButtons *
find_result_buttons (GtkWidget *widget)
{
  if (QW_IS_RESULT_BUTTONS (widget))
    return QW_RESULT_BUTTONS (widget);
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      QwResultButtons *found = find_result_buttons (c);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Gives the keyboard focus to the row of @position, when the list has it:
 * the arrow keys then go on from the board the page selected, not from the
 * one last clicked. Rows exist only for the boards in view, and a reload
 * takes away the row that had the focus. */
static gboolean
focus_row (QwRoundsPage *self,
           guint         position)
{
  GtkWidget *list = inner_list (self);
  g_autoptr(QwBoardItem) board = _qw_rounds_page_board_at (self, position);
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = GTK_IS_ROOT (root) ? gtk_root_get_focus (root) : NULL;

  /* The list has the focus, or had it on a row that a reload took away. */
  if (list == NULL || board == NULL
      || (focus != NULL && gtk_widget_get_root (focus) != NULL && !gtk_widget_is_ancestor (focus, list)))
    return TRUE;
  for (GtkWidget *row = gtk_widget_get_first_child (list); row != NULL; row = gtk_widget_get_next_sibling (row))
    {
      QwResultButtons *buttons = find_result_buttons (row);

      if (buttons != NULL && qw_result_buttons_get_board (buttons) == board)
        {
          gtk_widget_grab_focus (row);
          return TRUE;
        }
    }
  return FALSE;
}

static gboolean
focus_selected_cb (gpointer data)
{
  QwRoundsPage *self = data;

  self->focus_idle = 0;
  focus_row (self, gtk_single_selection_get_selected (self->selection));
  return G_SOURCE_REMOVE;
}

/* Selects the board at @position, scrolled into view, and makes it the one
 * the arrow keys move from. */
static void
select_board (QwRoundsPage *self,
              guint         position)
{
  GtkWidget *list = inner_list (self);

  gtk_single_selection_set_selected (self->selection, position);
  if (position == GTK_INVALID_LIST_POSITION || list == NULL)
    return;
  gtk_widget_activate_action (list, "list.scroll-to-item", "u", position);
  /* A row scrolled into view is made at the next layout. */
  if (!focus_row (self, position) && self->focus_idle == 0)
    self->focus_idle = g_idle_add_full (G_PRIORITY_LOW, focus_selected_cb, self, NULL);
}

static gboolean
board_is_open (QwRoundsPage *self,
               guint         position)
{
  g_autoptr(QwBoardItem) board = g_list_model_get_item (G_LIST_MODEL (self->boards), position);

  return board != NULL && !qw_board_item_is_bye (board) && !qw_board_item_has_result (board);
}

/* The first board from @from on that has no result; never wraps round. */
static guint
next_open_board (QwRoundsPage *self,
                 guint         from)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->boards));

  for (guint i = from; i < n; i++)
    if (board_is_open (self, i))
      return i;
  return GTK_INVALID_LIST_POSITION;
}

/**
 * _qw_rounds_page_select_next_open:
 * @after: the board whose result was just entered
 *
 * Moves on to the next board without a result. At the end of the boards
 * the selection stays where it is: a toast says the round is complete, or
 * which earlier boards still have none. It never goes back to board 1 by
 * itself, where the next key would change a result already entered.
 */
void
_qw_rounds_page_select_next_open (QwRoundsPage *self,
                                  guint         after)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->boards));
  guint next = next_open_board (self, after + 1);
  g_autoptr(GString) open = NULL;
  g_autofree char *message = NULL;
  guint missing = 0;
  int total;

  if (next != GTK_INVALID_LIST_POSITION)
    {
      select_board (self, next);
      return;
    }
  select_board (self, MIN (after, n > 0 ? n - 1 : 0));
  open = g_string_new (NULL);
  for (guint i = 0; i < n; i++)
    if (board_is_open (self, i))
      {
        g_autoptr(QwBoardItem) board = g_list_model_get_item (G_LIST_MODEL (self->boards), i);

        if (++missing <= 6)
          g_string_append_printf (open, "%s%d", missing > 1 ? _(", ") : "", qw_board_item_get_game (board)->board);
      }
  if (missing > 6)
    g_string_append (open, _("…"));
  total = qw_tournament_total_rounds (doc_of (self), self->section);
  if (missing == 1)
    message = g_strdup_printf (_("Board %s of round %d still has no result"), open->str, self->round);
  else if (missing > 1)
    /* Translators: "Boards 3, 7 of round 4 still have no result" */
    message = g_strdup_printf (_("Boards %s of round %d still have no result"), open->str, self->round);
  else if (self->round == self->last_round && self->round < total)
    message = g_strdup_printf (_("Every result of round %d is in: round %d can be paired (Ctrl+R)"), self->round,
                               self->round + 1);
  else
    message = g_strdup_printf (_("Every result of round %d is in"), self->round);
  /* The round as it stands now, not behind the toasts of earlier boards. */
  qw_feedback_replace_toast (GTK_WIDGET (self), "round-progress", message);
}

void
_qw_rounds_page_reload_boards (QwRoundsPage *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GListStore) fresh = NULL;
  guint selected = gtk_single_selection_get_selected (self->selection);
  guint n;
  g_autoptr(GPtrArray) items = NULL;
  g_autoptr(GHashTable) entered_by = NULL;

  if (self->section == NULL || self->round == 0)
    {
      read_round_state (self);
      g_list_store_remove_all (self->boards);
      gtk_stack_set_visible_child_name (self->content_stack, self->section == NULL ? "no-groups" : "unpaired");
      if (self->section != NULL)
        reload_seeding (self);
      update_status (self);
      return;
    }
  fresh = qw_board_items_load (doc_of (self), ruleset_of (self), self->section, self->round, &error);
  if (fresh == NULL)
    {
      qw_feedback_error (GTK_WIDGET (self), _("The round could not be read"), error);
      return;
    }
  entered_by = qw_venue_entered_by (doc_of (self), self->section->id, NULL);
  n = g_list_model_get_n_items (G_LIST_MODEL (fresh));
  items = g_ptr_array_new_full (n, g_object_unref);
  for (guint i = 0; i < n; i++)
    {
      QwBoardItem *item = g_list_model_get_item (G_LIST_MODEL (fresh), i);
      const QwGame *game = qw_board_item_get_game (item);
      g_autofree char *by = game->result != QW_RESULT_NONE && entered_by != NULL
                            ? qw_entered_by_label (g_hash_table_lookup (entered_by, &game->id)) : NULL;

      qw_board_item_set_entered_by (item, by);
      g_ptr_array_add (items, item);
    }
  read_round_state (self);
  g_list_store_splice (self->boards, 0, g_list_model_get_n_items (G_LIST_MODEL (self->boards)),
                       items->pdata, items->len);
  if (selected != GTK_INVALID_LIST_POSITION && selected < n)
    select_board (self, selected);
  gtk_stack_set_visible_child_name (self->content_stack, "boards");
  update_status (self);
}

/* Shows @round of the current group (0: the last one paired). */
void
_qw_rounds_page_show_round (QwRoundsPage *self,
                            int           round)
{
  self->last_round = self->section != NULL ? qw_document_last_round (doc_of (self), self->section->id) : 0;
  self->round = round > 0 && round <= self->last_round ? round : self->last_round;
  fill_rounds (self);
  gtk_single_selection_set_selected (self->selection, GTK_INVALID_LIST_POSITION);
  _qw_rounds_page_reload_boards (self);
  if (self->round > 0)
    {
      guint open = next_open_board (self, 0);

      select_board (self, open != GTK_INVALID_LIST_POSITION ? open : 0);
    }
}

/* A pair event's entrants are named "甲 / 乙": their name columns are
 * wider (the ruleset says which groups are pair events). */
static void
fit_names (QwRoundsPage *self,
           const char   *code)
{
  gboolean pairs = code != NULL && ruleset_of (self) != NULL && qw_ruleset_pair_rule (ruleset_of (self), code) != NULL;
  g_autoptr(GtkColumnViewColumn) red = g_list_model_get_item (gtk_column_view_get_columns (self->column_view), 2);
  g_autoptr(GtkColumnViewColumn) black = g_list_model_get_item (gtk_column_view_get_columns (self->column_view), 7);
  g_autoptr(GtkColumnViewColumn) seed = g_list_model_get_item (gtk_column_view_get_columns (self->seed_view), 2);

  gtk_column_view_column_set_fixed_width (red, pairs ? 190 : columns[2].width);
  gtk_column_view_column_set_fixed_width (black, pairs ? 190 : columns[7].width);
  gtk_column_view_column_set_fixed_width (seed, pairs ? 190 : seed_columns[2].width);
}

/* Shows the group @code: its stored section, or one with its defaults when
 * nothing of it is stored yet. Reading never writes. */
void
_qw_rounds_page_load_section (QwRoundsPage *self,
                              const char   *code)
{
  QwDocumentContext *context = qw_page_get_context (QW_PAGE (self));
  g_autoptr(GError) error = NULL;

  fit_names (self, code);

  g_clear_pointer (&self->section, qw_section_free);
  if (code != NULL && context != NULL)
    {
      self->section = qw_document_context_find_section (context, code, &error);
      if (self->section == NULL)
        qw_feedback_error (GTK_WIDGET (self), _("The group could not be read"), error);
    }
  _qw_rounds_page_show_round (self, 0);
}

/* The groups to play, as the context finds them (qw-group-choice.h). */
static void
fill_groups (QwRoundsPage *self)
{
  g_autoptr(GError) error = NULL;

  if (!qw_group_choice_fill (self->group_dropdown, qw_page_get_context (QW_PAGE (self)), &error))
    qw_feedback_error (GTK_WIDGET (self), _("The groups could not be read"), error);
}

static void
group_changed_cb (QwRoundsPage *self)
{
  _qw_rounds_page_load_section (self, qw_group_choice_get (self->group_dropdown));
}

static void
round_changed_cb (QwRoundsPage *self)
{
  guint i = gtk_drop_down_get_selected (self->round_dropdown);

  if (i == GTK_INVALID_LIST_POSITION)
    return;
  self->round = (int) i + 1;
  _qw_rounds_page_reload_boards (self);
}

/* Reads the groups, the group shown and its rounds again, keeping what is
 * shown: the group, the round (the new last one when the last was shown and
 * a round was paired or unpaired) and the board selected. The document
 * changed: a result, a pairing, an undo in the window, a new entry. */
static void
reload (QwPage *page)
{
  QwRoundsPage *self = QW_ROUNDS_PAGE (page);
  g_autofree char *code = self->section != NULL ? g_strdup (self->section->code) : NULL;
  guint selected = gtk_single_selection_get_selected (self->selection);
  gboolean at_last = self->round == self->last_round;
  int round = self->round;

  fill_groups (self);
  if (!qw_group_choice_select (self->group_dropdown, code))
    {
      _qw_rounds_page_load_section (self, qw_group_choice_first (self->group_dropdown));
      return;
    }
  g_clear_pointer (&self->section, qw_section_free);
  self->section = qw_document_context_find_section (qw_page_get_context (page), code, NULL);
  self->last_round = self->section != NULL ? qw_document_last_round (doc_of (self), self->section->id) : 0;
  round = at_last ? self->last_round : MIN (round, self->last_round);
  if (round != self->round || round == 0)
    {
      _qw_rounds_page_show_round (self, round);
      return;
    }
  fill_rounds (self);
  _qw_rounds_page_reload_boards (self);
  if (selected != GTK_INVALID_LIST_POSITION && selected < g_list_model_get_n_items (G_LIST_MODEL (self->boards)))
    select_board (self, selected);
}

/* Another document: the rounds of its event, from its first group. */
static void
context_changed (QwPage *page)
{
  QwRoundsPage *self = QW_ROUNDS_PAGE (page);

  g_clear_pointer (&self->section, qw_section_free);
  update_result_buttons (GTK_WIDGET (self), editable_of (self));
}

gboolean
qw_rounds_page_select_group (QwRoundsPage *self,
                             const char   *code)
{
  if (!qw_group_choice_select (self->group_dropdown, code))
    return FALSE;
  _qw_rounds_page_load_section (self, code);
  return TRUE;
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

/* The starting-rank list shown before round 1 (QwSeedItem). */
GListModel *
qw_rounds_page_get_seeds (QwRoundsPage *self)
{
  g_return_val_if_fail (QW_IS_ROUNDS_PAGE (self), NULL);
  return G_LIST_MODEL (self->seeds);
}

void
qw_rounds_page_select_board (QwRoundsPage *self,
                             guint         position)
{
  select_board (self, position);
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
 * @code: "2:0", "1:1", "0:2", "+:-", "-:+", "-:-", or "" to clear the result
 *
 * Records the result of the board at @position (keeping its fouls and
 * play-off) and selects the next board that has none. A drawn knockout game
 * needs its play-off: the play-off dialog opens instead, and the result is
 * recorded with it. Clearing a result is a step like any other: a toast
 * offers to undo it.
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
  int round, number;
  gboolean ok;

  if (board == NULL || qw_board_item_is_bye (board))
    return TRUE;
  game = qw_board_item_get_game (board);
  round = game->round;
  number = game->board;
  if (code[0] == '\0')
    {
      g_autofree char *message = NULL;

      if (game->result == QW_RESULT_NONE)
        return TRUE;
      ok = qw_tournament_undo_game_result (doc_of (self), self->section, game, error);
      qw_page_reload (QW_PAGE (self));
      if (!ok)
        return FALSE;
      select_board (self, position);
      message = g_strdup_printf (_("Result of round %d, board %d cleared"), round, number);
      qw_feedback_undo_toast (GTK_WIDGET (self), doc_of (self), message);
      return TRUE;
    }
  if (!qw_result_from_code (code, &input.result))
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("“%s” is not a result"), code);
      return FALSE;
    }
  /* A drawn knockout game is decided by its play-off: asked for at once. */
  if (self->section->system == QW_SYSTEM_KNOCKOUT && input.result == QW_RESULT_DRAW
      && !(game->result == QW_RESULT_DRAW && game->playoff != QW_PLAYOFF_NONE))
    {
      select_board (self, position);
      _qw_rounds_page_open_playoff_dialog (self, board);
      return TRUE;
    }
  input.red_fouls = game->red_fouls;
  input.black_fouls = game->black_fouls;
  input.playoff = input.result == QW_RESULT_DRAW ? game->playoff : QW_PLAYOFF_NONE;
  input.armageddon = input.playoff != QW_PLAYOFF_NONE && game->armageddon;
  /* For the game shown, never whichever is at its board now (a stale view
   * is refused, and the refresh below shows what is stored). */
  ok = qw_tournament_record_game_result (doc_of (self), self->section, game, &input, error);
  qw_page_reload (QW_PAGE (self));
  if (!ok)
    return FALSE;
  _qw_rounds_page_select_next_open (self, position);
  return TRUE;
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
    qw_feedback_error (GTK_WIDGET (self), _("The result could not be entered"), error);
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

/* The keyboard goes to the boards, on the board selected, as the page is
 * shown: results are entered at once. */
static gboolean
qw_rounds_page_grab_focus (GtkWidget *widget)
{
  QwRoundsPage *self = QW_ROUNDS_PAGE (widget);
  guint selected = gtk_single_selection_get_selected (self->selection);

  if (self->round > 0 && selected != GTK_INVALID_LIST_POSITION
      && gtk_widget_grab_focus (GTK_WIDGET (self->column_view)))
    {
      select_board (self, selected);
      return TRUE;
    }
  return GTK_WIDGET_CLASS (qw_rounds_page_parent_class)->grab_focus (widget);
}

/* GObject */

static void
qw_rounds_page_dispose (GObject *object)
{
  QwRoundsPage *self = QW_ROUNDS_PAGE (object);

  g_clear_handle_id (&self->focus_idle, g_source_remove);
  g_clear_handle_id (&self->status_idle, g_source_remove);
  g_clear_pointer (&self->section, qw_section_free);
  g_clear_pointer (&self->clock_start, g_free);
  g_clear_pointer (&self->clock_end, g_free);
  g_clear_pointer (&self->reminded, g_hash_table_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), QW_TYPE_ROUNDS_PAGE);
  g_clear_object (&self->selection);
  g_clear_object (&self->boards);
  g_clear_object (&self->seeds);
  G_OBJECT_CLASS (qw_rounds_page_parent_class)->dispose (object);
}

static void
qw_rounds_page_class_init (QwRoundsPageClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = qw_rounds_page_dispose;
  widget_class->grab_focus = qw_rounds_page_grab_focus;
  QW_PAGE_CLASS (klass)->context_changed = context_changed;
  QW_PAGE_CLASS (klass)->reload = reload;
  /* A result, a pairing, a group's settings, a new entry in the seeding. */
  qw_page_class_set_topics (QW_PAGE_CLASS (klass), "games", "sections", "entries", NULL);
  gtk_widget_class_set_template_from_resource (widget_class, "/cn/qiwang/Qiwang/ui/qw-rounds-page.ui");
  gtk_widget_class_bind_template_child (widget_class, QwRoundsPage, box);
  gtk_widget_class_bind_template_child (widget_class, QwRoundsPage, group_dropdown);
  gtk_widget_class_bind_template_child (widget_class, QwRoundsPage, round_dropdown);
  gtk_widget_class_bind_template_child (widget_class, QwRoundsPage, status_label);
  gtk_widget_class_bind_template_child (widget_class, QwRoundsPage, status_squeezer);
  gtk_widget_class_bind_template_child (widget_class, QwRoundsPage, status_line);
  gtk_widget_class_bind_template_child (widget_class, QwRoundsPage, entry_button);
  gtk_widget_class_bind_template_child (widget_class, QwRoundsPage, entry_button_content);
  gtk_widget_class_bind_template_child (widget_class, QwRoundsPage, content_stack);
  gtk_widget_class_bind_template_child (widget_class, QwRoundsPage, column_view);
  gtk_widget_class_bind_template_child (widget_class, QwRoundsPage, unpaired_status);
  gtk_widget_class_bind_template_child (widget_class, QwRoundsPage, seeding_label);
  gtk_widget_class_bind_template_child (widget_class, QwRoundsPage, field_warning_label);
  gtk_widget_class_bind_template_child (widget_class, QwRoundsPage, seeding_stack);
  gtk_widget_class_bind_template_child (widget_class, QwRoundsPage, seed_view);
  gtk_widget_class_bind_template_callback (widget_class, group_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, status_squeezed_cb);
  gtk_widget_class_bind_template_callback (widget_class, round_changed_cb);

  _qw_rounds_page_class_actions_init (widget_class);
  _qw_rounds_page_class_venue_init (widget_class);
}

static void
qw_rounds_page_init (QwRoundsPage *self)
{
  GtkEventController *keys;

  gtk_widget_init_template (GTK_WIDGET (self));
  g_object_bind_property (self->status_label, "label", self->status_line, "label", G_BINDING_SYNC_CREATE);
  self->reminded = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->boards = g_list_store_new (QW_TYPE_BOARD_ITEM);
  self->selection = gtk_single_selection_new (G_LIST_MODEL (g_object_ref (self->boards)));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  qw_column_view_add_columns (self->column_view, QW_TYPE_BOARD_ITEM, columns, G_N_ELEMENTS (columns), self);
  gtk_column_view_set_model (self->column_view, GTK_SELECTION_MODEL (self->selection));
  self->seeds = g_list_store_new (QW_TYPE_SEED_ITEM);
  qw_column_view_add_columns (self->seed_view, QW_TYPE_SEED_ITEM, seed_columns, G_N_ELEMENTS (seed_columns), self);
  {
    g_autoptr(GtkNoSelection) none = gtk_no_selection_new (G_LIST_MODEL (g_object_ref (self->seeds)));

    gtk_column_view_set_model (self->seed_view, GTK_SELECTION_MODEL (none));
  }
  keys = gtk_event_controller_key_new ();
  g_signal_connect (keys, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->column_view), keys);
  /* Devices are added in a dialog, not a change this page reads again for:
   * the close-entry button is looked at as the page is shown. */
  g_signal_connect (self, "map", G_CALLBACK (update_status), NULL);
  update_status (self);
}
