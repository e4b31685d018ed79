/* qw-rounds-page-actions.c: the rounds page's dialogs and round actions
 *
 * Pairing and unpairing, the explain view, the rule check, manual swaps,
 * withdrawals, fouls and play-offs, and the group settings. Each change is
 * a step of the document's history; its toast offers to undo it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-rounds-page"

#include "config.h"

#include <glib/gi18n.h>

#include "qw-error.h"
#include "qw-feedback.h"
#include "qw-gate-dialog.h"
#include "qw-knockout.h"
#include "qw-player-chooser.h"
#include "qw-print-dialog.h"
#include "qw-labels.h"
#include "qw-manual-pairing-dialog.h"
#include "qw-tiebreak.h"
#include "qw-rounds-page-private.h"
#include "qw-dialog-list.h"
#include "qw-section-dialog.h"
#include "qw-text-wrap.h"
#include "qw-tournament.h"
#include "qw-document-entries.h"
#include "qw-document-play.h"
#include "qw-entry.h"
#include "qw-game.h"

/* A message dialog with a list of lines, for warnings and explanations. */
static void
show_lines (QwRoundsPage *self,
            const char   *heading,
            const char   *body,
            GPtrArray    *lines)
{
  GtkWidget *dialog = qw_message_dialog_new (_qw_rounds_page_parent_window (self), heading, body);
  GtkWidget *label;
  GtkWidget *scrolled;
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; lines != NULL && i < lines->len; i++)
    g_string_append_printf (text, "%s%s", i > 0 ? "\n\n" : "", (char *) g_ptr_array_index (lines, i));
  if (text->len > 0)
    {
      label = gtk_label_new (text->str);
      qw_label_no_orphans (GTK_LABEL (label));
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
      /* Up to 64 characters wide, and narrower when the dialog is (a fixed
       * width ran under the scroll bar: "种子排位在前者执红" lost 者); its
       * height is measured for the width it gets. */
      gtk_label_set_width_chars (GTK_LABEL (label), 24);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 64);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_selectable (GTK_LABEL (label), TRUE);
      gtk_widget_set_margin_end (label, 12);
      gtk_widget_set_margin_bottom (label, 6);
      /* A scroll bar that shows there is more below, in a height the screen has. */
      scrolled = qw_dialog_list_new (_qw_rounds_page_parent_window (self), label, 420);
      adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), scrolled);
    }
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Fouls and the play-off of a drawn knockout game */

typedef struct
{
  QwRoundsPage *self;
  int           round;
  int           board;
  QwGame       *shown;     /* the game as the dialog opened on it */
  GtkWidget    *red_spin;
  GtkWidget    *black_spin;
  GtkWidget    *playoff_dropdown;
} FoulsDialog;

static void
fouls_dialog_free (gpointer  data,
                   GClosure *closure)
{
  FoulsDialog *d = data;

  g_object_unref (d->self);
  qw_game_free (d->shown);
  g_free (d);
}

static void
fouls_response_cb (AdwMessageDialog *dialog,
                   const char       *response,
                   FoulsDialog      *d)
{
  g_autoptr(GError) error = NULL;
  const QwGame *game = d->shown;
  QwResultInput input = { 0 };
  gboolean ok;

  if (g_str_equal (response, "save") && d->self->section != NULL)
    {
      /* The game the dialog was opened on, as it was then: if another
       * window or program changed it meanwhile, nothing is saved. */
      input.result = game->result;
      input.red_fouls = gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (d->red_spin));
      input.black_fouls = gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (d->black_spin));
      if (d->playoff_dropdown != NULL)
        {
          guint p = gtk_drop_down_get_selected (GTK_DROP_DOWN (d->playoff_dropdown));

          input.playoff = p == 1 ? QW_PLAYOFF_RED : p == 2 ? QW_PLAYOFF_BLACK
                          : p == 3 ? QW_PLAYOFF_DRAW : QW_PLAYOFF_NONE;
          /* The group's setting says whether its play-offs are armageddons. */
          input.armageddon = input.playoff != QW_PLAYOFF_NONE && d->self->section->settings.armageddon;
        }
      ok = qw_tournament_record_game_result (doc_of (d->self), d->self->section, game, &input, &error);
      qw_page_reload (QW_PAGE (d->self));
      if (!ok)
        qw_feedback_error (GTK_WIDGET (d->self), _("The fouls could not be saved"), error);
      else
        {
          g_autofree char *message = g_strdup_printf (_("Fouls of round %d, board %d saved"), d->round, d->board);

          qw_feedback_undo_toast (GTK_WIDGET (d->self), doc_of (d->self), message);
        }
    }
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

void
_qw_rounds_page_open_fouls_dialog (QwRoundsPage *self)
{
  g_autoptr(QwBoardItem) board = _qw_rounds_page_board_at (self, gtk_single_selection_get_selected (self->selection));
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
      qw_feedback_toast (GTK_WIDGET (self), _("Enter the result first, then the fouls"));
      return;
    }
  qw_board_item_get_side (board, TRUE, &red);
  qw_board_item_get_side (board, FALSE, &black);
  d = g_new0 (FoulsDialog, 1);
  d->self = g_object_ref (self);
  d->round = game->round;
  d->board = game->board;
  d->shown = qw_game_copy (game);
  grid = gtk_grid_new ();
  gtk_grid_set_row_spacing (GTK_GRID (grid), 8);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  d->red_spin = labelled (grid, 0, red.name, gtk_spin_button_new_with_range (0, 99, 1));
  d->black_spin = labelled (grid, 1, black.name, gtk_spin_button_new_with_range (0, 99, 1));
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (d->red_spin), game->red_fouls);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (d->black_spin), game->black_fouls);
  if (self->section->system == QW_SYSTEM_KNOCKOUT && game->result == QW_RESULT_DRAW)
    {
      const char *plain[] = { _("Not played yet"), _("Red won the play-off"), _("Black won the play-off"), NULL };
      const char *armageddon[] = { _("Not played yet"), _("Red won the armageddon"), _("Black won the armageddon"),
                                   _("Armageddon drawn: black goes through"), NULL };

      d->playoff_dropdown = labelled (grid, 2, _("Play-off (附加赛)"),
                                      gtk_drop_down_new_from_strings (self->section->settings.armageddon
                                                                      ? armageddon : plain));
      gtk_drop_down_set_selected (GTK_DROP_DOWN (d->playoff_dropdown),
                                  game->playoff == QW_PLAYOFF_RED ? 1 : game->playoff == QW_PLAYOFF_BLACK ? 2
                                  : game->playoff == QW_PLAYOFF_DRAW && self->section->settings.armageddon ? 3 : 0);
    }
  heading = d->playoff_dropdown != NULL ? g_strdup_printf (_("Board %d: Fouls and Play-off"), game->board)
                                        : g_strdup_printf (_("Board %d: Fouls"), game->board);
  dialog = qw_message_dialog_new (_qw_rounds_page_parent_window (self), heading,
                                   _("Fouls (犯规) count in the tie-breaks: fewer ranks higher."));
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), grid);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"), "save", _("_Save"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "save", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "save");
  g_signal_connect_data (dialog, "response", G_CALLBACK (fouls_response_cb), d, fouls_dialog_free, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* The play-off of a drawn knockout game (附加赛): asked for as the draw is
 * entered, and recorded with it in one step. */

typedef struct
{
  QwRoundsPage *self;
  char         *group;   /* the board's group: the page may show another by the answer */
  guint         position;
  int           round;
  int           board;
  QwGame       *shown;   /* the game as the draw was entered on it */
  QwResultInput input;   /* the draw, with the board's fouls */
} PlayoffDialog;

static void
playoff_dialog_free (gpointer  data,
                     GClosure *closure)
{
  PlayoffDialog *d = data;

  g_object_unref (d->self);
  g_free (d->group);
  qw_game_free (d->shown);
  g_free (d);
}

static void
playoff_response_cb (AdwMessageDialog *dialog,
                     const char       *response,
                     PlayoffDialog    *d)
{
  QwRoundsPage *self = d->self;
  g_autoptr(GError) error = NULL;
  gboolean ok;

  if (self->section == NULL || g_str_equal (response, "cancel") || g_strcmp0 (self->section->code, d->group) != 0)
    return;
  d->input.playoff = g_str_equal (response, "red") ? QW_PLAYOFF_RED
                     : g_str_equal (response, "black") ? QW_PLAYOFF_BLACK
                     : g_str_equal (response, "draw") ? QW_PLAYOFF_DRAW : QW_PLAYOFF_NONE;
  d->input.armageddon = d->input.playoff != QW_PLAYOFF_NONE && self->section->settings.armageddon;
  ok = qw_tournament_record_game_result (doc_of (self), self->section, d->shown, &d->input, &error);
  qw_page_reload (QW_PAGE (self));
  if (!ok)
    {
      qw_feedback_error (GTK_WIDGET (self), _("The result could not be entered"), error);
      return;
    }
  if (d->input.playoff == QW_PLAYOFF_NONE)
    {
      g_autofree char *message = g_strdup_printf (_("Board %d drawn: enter its play-off with F when it is played"),
                                                  d->board);

      qw_feedback_undo_toast (GTK_WIDGET (self), doc_of (self), message);
    }
  _qw_rounds_page_select_next_open (self, d->position);
}

void
_qw_rounds_page_open_playoff_dialog (QwRoundsPage *self,
                                     QwBoardItem  *board)
{
  const QwGame *game = qw_board_item_get_game (board);
  gboolean armageddon = self->section->settings.armageddon;
  g_autofree char *heading = NULL;
  g_autofree char *body = NULL;
  QwBoardSide red, black;
  PlayoffDialog *d;
  GtkWidget *dialog;
  guint position;

  if (!g_list_store_find (self->boards, board, &position))
    return;
  qw_board_item_get_side (board, TRUE, &red);
  qw_board_item_get_side (board, FALSE, &black);
  d = g_new0 (PlayoffDialog, 1);
  d->self = g_object_ref (self);
  d->group = g_strdup (self->section->code);
  d->position = position;
  d->round = game->round;
  d->board = game->board;
  d->shown = qw_game_copy (game);
  d->input.result = QW_RESULT_DRAW;
  d->input.red_fouls = game->red_fouls;
  d->input.black_fouls = game->black_fouls;
  /* Translators: the heading of the play-off (附加赛) dialog */
  heading = g_strdup_printf (_("Board %d Drawn: Play-off"), game->board);
  body = armageddon
         ? g_strdup_printf (_("%s (red) and %s (black) drew. A knockout game needs a winner: how did the "
                              "armageddon end? (This group plays its play-offs as armageddon: black goes through "
                              "on a draw.)"), red.name, black.name)
         : g_strdup_printf (_("%s (red) and %s (black) drew. A knockout game needs a winner: who won the "
                              "play-off?"), red.name, black.name);
  dialog = qw_message_dialog_new (_qw_rounds_page_parent_window (self), heading, body);
  /* Escape takes nothing: the draw is not recorded without its play-off. */
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "later", _("Not Played _Yet"),
                                    "red", _("_Red Won"),
                                    "black", _("_Black Won"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "red", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "black", ADW_RESPONSE_SUGGESTED);
  /* Only an armageddon can end drawn: black goes through. */
  if (armageddon)
    adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "draw", _("_Drawn (Black Goes Through)"));
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_data (dialog, "response", G_CALLBACK (playoff_response_cb), d, playoff_dialog_free, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Round actions */

/* The entries that keep the round from being paired */

static void
gate_pair_cb (QwRoundsPage *self,
              QwGateDialog *dialog)
{
  g_autoptr(GError) error = NULL;

  if (self->section == NULL || g_strcmp0 (self->section->code, qw_gate_dialog_get_group (dialog)) != 0)
    qw_rounds_page_select_group (self, qw_gate_dialog_get_group (dialog));
  /* Paired; or something new blocks, and a fresh list is shown. */
  if (qw_rounds_page_pair_next (self, &error) || error == NULL)
    gtk_window_destroy (GTK_WINDOW (dialog));
  else
    qw_feedback_error (GTK_WIDGET (dialog), _("The next round could not be paired"), error);
}

/**
 * _qw_rounds_page_open_gate_dialog:
 *
 * Lists the entries of the group shown that keep its next round from being
 * paired, with the arbiter's answers (qw-gate-dialog.c); the round is paired
 * from there once nothing blocks.
 */
void
_qw_rounds_page_open_gate_dialog (QwRoundsPage *self)
{
  QwGateDialog *dialog;

  if (self->section == NULL)
    return;
  dialog = qw_gate_dialog_new (_qw_rounds_page_parent_window (self), qw_page_get_context (QW_PAGE (self)),
                               self->section->code, self->last_round + 1);
  g_signal_connect_object (dialog, "pair", G_CALLBACK (gate_pair_cb), self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

/**
 * qw_rounds_page_pair_next:
 *
 * Pairs the next round of the group shown and shows it, with the first board
 * selected for results. Players left out (withdrawn, too many forfeits) are
 * reported in a list. When entries of the group have a blocking problem
 * (qw-pair-gate.h), nothing is paired: they are listed with the arbiter's
 * answers instead, and %FALSE is returned without an error.
 */
gboolean
qw_rounds_page_pair_next (QwRoundsPage  *self,
                          GError       **error)
{
  if (self->section == NULL)
    return FALSE;
  /* Round 1 with only some players checked in: asked first (qw-rounds-page-venue.c). */
  if (_qw_rounds_page_ask_present_only (self))
    return FALSE;
  return _qw_rounds_page_pair (self, FALSE, error);
}

/* Pairs the next round; @present_only: round 1 of the players checked in
 * alone, the others absent (QwPairRequest). */
gboolean
_qw_rounds_page_pair (QwRoundsPage  *self,
                      gboolean       present_only,
                      GError       **error)
{
  g_auto(QwPairOutcome) outcome = { 0 };
  g_autoptr(GError) local_error = NULL;
  g_autofree char *message = NULL;
  QwPairRequest request = { .gate = QW_PAIR_GATE_CHECK, .present_only = present_only };
  GPtrArray *notes;
  int round;

  if (self->section == NULL)
    return FALSE;
  round = qw_tournament_pair (doc_of (self), self->section, &request, &outcome, &local_error);
  notes = outcome.notes;
  qw_page_reload (QW_PAGE (self));
  if (round == 0)
    {
      if (g_error_matches (local_error, QW_ERROR, QW_ERROR_BLOCKED))
        {
          _qw_rounds_page_open_gate_dialog (self);
          return FALSE;
        }
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  _qw_rounds_page_show_round (self, round);
  gtk_widget_grab_focus (GTK_WIDGET (self->column_view));
  qw_feedback_dismiss_toast (GTK_WIDGET (self), "round-progress");
  message = g_strdup_printf (_("Round %d paired"), round);
  qw_feedback_undo_toast (GTK_WIDGET (self), doc_of (self), message);
  if (notes != NULL && notes->len > 0)
    show_lines (self, _("Players Not Paired"), NULL, notes);
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
    qw_feedback_error (GTK_WIDGET (self), _("The next round could not be paired"), error);
}

/* A round typed in */

static void
manual_record_cb (QwManualPairingDialog *dialog,
                  QwRoundsPage          *self)
{
  g_autoptr(GError) error = NULL;
  g_auto(QwPairOutcome) outcome = { 0 };
  g_autofree char *message = NULL;
  GArray *boards = qw_manual_pairing_dialog_get_boards (dialog);
  GPtrArray *broken;
  int round;

  if (self->section == NULL)
    return;
  round = qw_tournament_pair_manual (doc_of (self), self->section, (const QwManualBoard *) boards->data, boards->len,
                                     qw_manual_pairing_dialog_get_force (dialog), &outcome, &error);
  broken = outcome.broken;
  qw_page_reload (QW_PAGE (self));
  if (round == 0)
    {
      qw_manual_pairing_dialog_show_error (dialog, error);
      return;
    }
  gtk_window_destroy (GTK_WINDOW (dialog));
  _qw_rounds_page_show_round (self, round);
  gtk_widget_grab_focus (GTK_WIDGET (self->column_view));
  qw_feedback_dismiss_toast (GTK_WIDGET (self), "round-progress");
  message = broken != NULL && broken->len > 0
    ? g_strdup_printf (ngettext ("Round %d recorded as typed in, breaking %u rule (logged)",
                                 "Round %d recorded as typed in, breaking %u rules (logged)", broken->len),
                       round, broken->len)
    : g_strdup_printf (_("Round %d recorded as typed in"), round);
  qw_feedback_undo_toast (GTK_WIDGET (self), doc_of (self), message);
}

/**
 * qw_rounds_page_type_in_round:
 *
 * Opens the dialog in which the next round of the group shown is typed in
 * board by board (qw-manual-pairing-dialog.c), and records it from there.
 *
 * Returns: (transfer none) (nullable): the dialog, presented
 */
GtkWindow *
qw_rounds_page_type_in_round (QwRoundsPage *self)
{
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(GError) error = NULL;
  QwManualPairingDialog *dialog;

  if (self->section == NULL)
    return NULL;
  if ((entries = qw_document_list_section_entries (doc_of (self), self->section, &error)) == NULL)
    {
      qw_feedback_error (GTK_WIDGET (self), _("The group’s players could not be read"), error);
      return NULL;
    }
  dialog = qw_manual_pairing_dialog_new (_qw_rounds_page_parent_window (self), doc_of (self), self->section,
                                         self->last_round + 1, entries);
  g_signal_connect_object (dialog, "record", G_CALLBACK (manual_record_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  return GTK_WINDOW (dialog);
}

static void
pair_manual_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  qw_rounds_page_type_in_round (QW_ROUNDS_PAGE (widget));
}

static gboolean
round_has_results (QwRoundsPage *self,
                   int           round)
{
  g_autoptr(GPtrArray) games = qw_document_list_games (doc_of (self), self->section->id, NULL);

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

  gboolean ok;

  if (!g_str_equal (response, "unpair") || self->section == NULL)
    return;
  ok = qw_tournament_unpair_last (doc_of (self), self->section, TRUE, NULL, &error);
  qw_page_reload (QW_PAGE (self));
  if (!ok)
    {
      qw_feedback_error (GTK_WIDGET (self), _("The round could not be unpaired"), error);
      return;
    }
  _qw_rounds_page_show_round (self, 0);
  message = g_strdup_printf (_("Round %d unpaired"), round);
  qw_feedback_undo_toast (GTK_WIDGET (self), doc_of (self), message);
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
  dialog = qw_message_dialog_new (_qw_rounds_page_parent_window (self), heading,
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
  log = qw_document_list_round_log (doc_of (self), self->section->id, NULL);
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
  g_autoptr(GPtrArray) warnings = qw_tournament_check_round (doc_of (self), self->section, self->round, &error);
  g_autofree char *heading = g_strdup_printf (_("Round %d Against the Rules"), self->round);

  if (warnings == NULL)
    qw_feedback_error (GTK_WIDGET (self), _("The round could not be checked"), error);
  else if (warnings->len == 0)
    show_lines (self, heading, _("The round keeps every rule."), NULL);
  else
    show_lines (self, heading, NULL, warnings);
}

/* Swapping two players, withdrawing one */

/* A dialog choosing players of the group: its drop-downs and their entries. */
typedef struct
{
  QwRoundsPage *self;
  GPtrArray    *entries;   /* QwEntry, in the drop-downs' order */
  GtkDropDown  *first;
  GtkDropDown  *second;    /* NULL when one player is chosen */
} PlayerChoice;

static void
player_choice_free (gpointer  data,
                    GClosure *closure)
{
  PlayerChoice *c = data;

  g_object_unref (c->self);
  g_ptr_array_unref (c->entries);
  g_free (c);
}

static const QwEntry *
chosen (PlayerChoice *c,
        GtkDropDown  *dropdown)
{
  return g_ptr_array_index (c->entries, gtk_drop_down_get_selected (dropdown));
}

static GPtrArray *
section_entries (QwRoundsPage *self)
{
  return qw_document_list_section_entries (doc_of (self), self->section, NULL);
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
                  PlayerChoice     *c)
{
  QwRoundsPage *self = c->self;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) warnings = NULL;

  if (!g_str_equal (response, "swap") || self->section == NULL)
    return;
  warnings = qw_tournament_swap_players (doc_of (self), self->section, self->round, chosen (c, c->first)->id,
                                         chosen (c, c->second)->id, &error);
  qw_page_reload (QW_PAGE (self));
  if (warnings == NULL)
    {
      qw_feedback_error (GTK_WIDGET (self), _("The players could not be swapped"), error);
      return;
    }
  qw_feedback_undo_toast (GTK_WIDGET (self), doc_of (self), _("Players swapped; the change is recorded"));
  if (warnings->len > 0)
    show_lines (self, _("Swapped, but the Round Now Breaks Rules"), _("The change is recorded in the round log."), warnings);
}

static void
swap_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  QwRoundsPage *self = QW_ROUNDS_PAGE (widget);
  g_autoptr(GPtrArray) entries = section_entries (self);
  PlayerChoice *c;
  GtkWidget *dialog, *grid;

  if (entries == NULL || entries->len < 2)
    return;
  c = g_new0 (PlayerChoice, 1);
  c->self = g_object_ref (self);
  grid = gtk_grid_new ();
  gtk_grid_set_row_spacing (GTK_GRID (grid), 8);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  dialog = qw_message_dialog_new (_qw_rounds_page_parent_window (self), _("Swap Two Players"),
                                   _("They exchange their places in this round (on one board: their colours). "
                                     "The change is checked against the rules and recorded."));
  c->first = GTK_DROP_DOWN (labelled (grid, 0, _("Player"), player_dropdown (entries)));
  c->second = GTK_DROP_DOWN (labelled (grid, 1, _("With"), player_dropdown (entries)));
  c->entries = g_steal_pointer (&entries);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), grid);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"), "swap", _("S_wap"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "swap", ADW_RESPONSE_SUGGESTED);
  g_signal_connect_data (dialog, "response", G_CALLBACK (swap_response_cb), c, player_choice_free, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Withdrawing a player, or an absence: one player chosen by name or number,
 * the selected board's players first. */
typedef struct
{
  QwRoundsPage    *self;
  QwPlayerChooser *chooser;
  GHashTable      *marked;    /* entry ids withdrawn (absent next round): the other answer */
  int              round;     /* the round an absence is for */
} OneChoice;

static void
one_choice_free (gpointer  data,
                 GClosure *closure)
{
  OneChoice *c = data;

  g_object_unref (c->self);
  g_hash_table_unref (c->marked);
  g_free (c);
}

/* The players of the selected board, red first (none before round 1). */
static guint
board_players (QwRoundsPage *self,
               gint64        ids[2])
{
  g_autoptr(QwBoardItem) board = _qw_rounds_page_board_at (self, gtk_single_selection_get_selected (self->selection));
  const QwGame *game;
  guint n = 0;

  if (board == NULL)
    return 0;
  game = qw_board_item_get_game (board);
  ids[n++] = game->red;
  if (game->black != 0)
    ids[n++] = game->black;
  return n;
}

/* A dialog with the chooser as its extra child; @first_answer applies to the
 * players not marked, @second_answer to those marked. */
static GtkWidget *
choice_dialog (OneChoice  *c,
               GPtrArray  *entries,
               const char *heading,
               const char *body)
{
  gint64 first[2];
  guint n_first = board_players (c->self, first);
  GtkWidget *dialog = qw_message_dialog_new (_qw_rounds_page_parent_window (c->self), heading, body);

  c->chooser = QW_PLAYER_CHOOSER (qw_player_chooser_new (entries, first, n_first));
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), GTK_WIDGET (c->chooser));
  return dialog;
}

/* The answers follow the player chosen: withdraw (mark) one who plays,
 * reinstate (unmark) one who withdrew. */
static void
choice_changed_cb (AdwMessageDialog *dialog)
{
  OneChoice *c = g_object_get_data (G_OBJECT (dialog), "qw-choice");
  const QwEntry *e = qw_player_chooser_get_selected (c->chooser);
  gboolean marked = e != NULL && g_hash_table_contains (c->marked, &e->id);

  adw_message_dialog_set_response_enabled (dialog, "mark", e != NULL && !marked);
  adw_message_dialog_set_response_enabled (dialog, "unmark", e != NULL && marked);
  adw_message_dialog_set_default_response (dialog, marked ? "unmark" : "mark");
}

static void
present_choice (OneChoice  *c,
                GtkWidget  *dialog,
                const char *mark,
                const char *unmark,
                GCallback   response_cb)
{
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"), "unmark", unmark,
                                    "mark", mark, NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "mark", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_object_set_data (G_OBJECT (dialog), "qw-choice", c);
  g_signal_connect_object (c->chooser, "notify::selected", G_CALLBACK (choice_changed_cb), dialog, G_CONNECT_SWAPPED);
  choice_changed_cb (ADW_MESSAGE_DIALOG (dialog));
  g_signal_connect_data (dialog, "response", response_cb, c, one_choice_free, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
withdraw_response_cb (AdwMessageDialog *dialog,
                      const char       *response,
                      OneChoice        *c)
{
  QwRoundsPage *self = c->self;
  const QwEntry *e = qw_player_chooser_get_selected (c->chooser);
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;
  gboolean withdraw = g_str_equal (response, "mark");
  gboolean ok;

  if ((!withdraw && !g_str_equal (response, "unmark")) || e == NULL || self->section == NULL)
    return;
  /* A group shown with its defaults is stored by the withdrawal; the page reads it back. */
  ok = withdraw ? qw_tournament_withdraw (doc_of (self), self->section, e->id, &error)
                : qw_tournament_reinstate (doc_of (self), self->section, e->id, &error);
  qw_page_reload (QW_PAGE (self));
  if (!ok)
    {
      qw_feedback_error (GTK_WIDGET (self), withdraw ? _("The player could not be withdrawn")
                                                     : _("The withdrawal could not be taken back"), error);
      return;
    }
  message = withdraw ? g_strdup_printf (_("%s withdrew and is not paired from the next round"), e->name)
                     : g_strdup_printf (_("%s plays again from the next round"), e->name);
  qw_feedback_undo_toast (GTK_WIDGET (self), doc_of (self), message);
}

static void
withdraw_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  QwRoundsPage *self = QW_ROUNDS_PAGE (widget);
  g_autoptr(GPtrArray) entries = section_entries (self);
  OneChoice *c;
  GtkWidget *dialog;

  /* Only those who play: not an excluded entry, nor a late one not admitted. */
  for (guint i = entries != NULL ? entries->len : 0; i-- > 0;)
    if (!qw_tournament_can_withdraw (g_ptr_array_index (entries, i), NULL))
      g_ptr_array_remove_index (entries, i);
  if (entries == NULL || entries->len == 0)
    return;
  c = g_new0 (OneChoice, 1);
  c->self = g_object_ref (self);
  c->marked = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  dialog = choice_dialog (c, entries, _("Withdraw a Player (退赛)"),
                          _("The player keeps the results so far and is not paired from the next round."));
  for (guint i = 0; i < entries->len; i++)
    {
      QwEntry *e = g_ptr_array_index (entries, i);

      if (e->status != QW_STATUS_WITHDRAWN)
        continue;
      g_hash_table_add (c->marked, g_memdup2 (&e->id, sizeof e->id));
      qw_player_chooser_set_note (c->chooser, e->id, _("withdrawn"));
    }
  present_choice (c, dialog, _("_Withdraw"), _("_Take Back the Withdrawal"), G_CALLBACK (withdraw_response_cb));
}

/* 请假: out of the next round only */

static void
absent_response_cb (AdwMessageDialog *dialog,
                    const char       *response,
                    OneChoice        *c)
{
  QwRoundsPage *self = c->self;
  const QwEntry *e = qw_player_chooser_get_selected (c->chooser);
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;
  gboolean absent = g_str_equal (response, "mark");
  int round = c->round;
  gboolean ok;

  if ((!absent && !g_str_equal (response, "unmark")) || e == NULL || self->section == NULL)
    return;
  if (absent)
    ok = (round = qw_tournament_set_absent (doc_of (self), self->section, e->id, &error)) > 0;
  else
    ok = qw_tournament_cancel_absence (doc_of (self), self->section, e->id, &error);
  qw_page_reload (QW_PAGE (self));
  if (!ok)
    {
      /* The core says why: not a Swiss, the player withdrew, … */
      qw_feedback_error (GTK_WIDGET (self), absent ? _("The absence could not be recorded")
                                                   : _("The absence could not be taken back"), error);
      return;
    }
  message = absent ? g_strdup_printf (_("%s is absent (请假) from round %d: not paired, 0 points"), e->name, round)
                   : g_strdup_printf (_("%s plays in round %d after all"), e->name, round);
  qw_feedback_undo_toast (GTK_WIDGET (self), doc_of (self), message);
}

static void
absent_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  QwRoundsPage *self = QW_ROUNDS_PAGE (widget);
  g_autoptr(GPtrArray) entries = section_entries (self);
  g_autoptr(GPtrArray) absences = NULL;
  g_autofree char *heading = NULL;
  g_autofree char *note = NULL;
  OneChoice *c;
  GtkWidget *dialog;

  if (entries == NULL || entries->len == 0)
    return;
  c = g_new0 (OneChoice, 1);
  c->self = g_object_ref (self);
  c->marked = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  c->round = self->last_round + 1;
  heading = g_strdup_printf (_("Absent from Round %d (请假)"), c->round);
  dialog = choice_dialog (c, entries, heading,
                          _("The player is not paired in the next round only, and scores 0 for it. It is not a "
                            "withdrawal, and not a forfeit."));
  note = g_strdup_printf (_("absent in round %d"), c->round);
  absences = qw_tournament_list_absences (doc_of (self), self->section, NULL);
  for (guint i = 0; absences != NULL && i < absences->len; i++)
    {
      const QwAbsence *a = g_ptr_array_index (absences, i);

      if (a->round != c->round || a->kind != QW_ABSENCE_LEAVE)
        continue;
      g_hash_table_add (c->marked, g_memdup2 (&a->entry_id, sizeof a->entry_id));
      qw_player_chooser_set_note (c->chooser, a->entry_id, note);
    }
  present_choice (c, dialog, _("_Absent"), _("_Take Back the Absence"), G_CALLBACK (absent_response_cb));
}

/* The starting ranks before round 1: the lots, and the printed list */

static void
draw_lots_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  QwRoundsPage *self = QW_ROUNDS_PAGE (widget);
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;
  g_autofree char *seed_text = NULL;
  guint64 seed;

  if (self->section == NULL)
    return;
  seed = qw_tournament_draw_lots (doc_of (self), self->section, NULL, &error);
  qw_page_reload (QW_PAGE (self));
  if (seed == 0)
    {
      qw_feedback_error (GTK_WIDGET (self), _("The lots could not be drawn"), error);
      return;
    }
  seed_text = g_strdup_printf ("%" G_GUINT64_FORMAT, seed);
  message = g_strdup_printf (_("Lots drawn for group %s: lottery seed %s"), self->section->name, seed_text);
  qw_feedback_undo_toast (GTK_WIDGET (self), doc_of (self), message);
}

static void
print_seeding_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  QwRoundsPage *self = QW_ROUNDS_PAGE (widget);
  QwPrintDialog *dialog;

  if (self->section == NULL)
    return;
  dialog = qw_print_dialog_new (_qw_rounds_page_parent_window (self), doc_of (self), QW_PRINT_SEEDING,
                                self->section->code, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* The dialog wrote its own copy of the section: the page reads it now, and
 * the toast comes after. */
static void
settings_saved_cb (QwRoundsPage    *self,
                   QwSectionDialog *dialog)
{
  g_autofree char *message = g_strdup_printf (_("Settings of group %s saved"),
                                              qw_section_dialog_get_section (dialog)->name);

  qw_page_reload (QW_PAGE (self));
  qw_feedback_undo_toast (GTK_WIDGET (self), doc_of (self), message);
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
  dialog = qw_section_dialog_new (_qw_rounds_page_parent_window (self), doc_of (self), ruleset_of (self), self->section,
                                  self->last_round > 0);
  g_signal_connect_object (dialog, "saved", G_CALLBACK (settings_saved_cb), self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

void
_qw_rounds_page_class_actions_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "rounds.pair-next", NULL, pair_next_action);
  gtk_widget_class_install_action (widget_class, "rounds.pair-manual", NULL, pair_manual_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_r, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "rounds.pair-manual", NULL);
  gtk_widget_class_install_action (widget_class, "rounds.unpair", NULL, unpair_action);
  gtk_widget_class_install_action (widget_class, "rounds.explain", NULL, explain_action);
  gtk_widget_class_install_action (widget_class, "rounds.check", NULL, check_action);
  gtk_widget_class_install_action (widget_class, "rounds.swap", NULL, swap_action);
  gtk_widget_class_install_action (widget_class, "rounds.withdraw", NULL, withdraw_action);
  gtk_widget_class_install_action (widget_class, "rounds.absent", NULL, absent_action);
  gtk_widget_class_install_action (widget_class, "rounds.draw-lots", NULL, draw_lots_action);
  gtk_widget_class_install_action (widget_class, "rounds.print-seeding", NULL, print_seeding_action);
  gtk_widget_class_install_action (widget_class, "rounds.settings", NULL, settings_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_r, GDK_CONTROL_MASK, "rounds.pair-next", NULL);
}
