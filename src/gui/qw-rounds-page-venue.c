/* qw-rounds-page-venue.c: the rounds page's side of the venue network
 *
 * Closing and opening result entry from the arbiters' phones for the
 * current round (the next pairing closes a round by itself), the round's
 * clock for the hall's screens, and, before round 1, pairing only the
 * players checked in (签到): the others get the round-1 absence, logged
 * (QwPairRequest.present_only, as `qiwang-cli pair --present-only`). Each
 * is one step of the document's history, its toast offering to undo it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-rounds-page"

#include "config.h"

#include <glib/gi18n.h>

#include "qw-feedback.h"
#include "qw-rounds-page-private.h"
#include "qw-venue.h"

/* Result entry from phones */

static void
toggle_entry_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  QwRoundsPage *self = QW_ROUNDS_PAGE (widget);
  gboolean close = !self->entry_closed;
  int round = self->round;
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;

  if (self->section == NULL || round == 0 || round != self->last_round)
    return;
  if (!qw_venue_set_entry_closed (doc_of (self), self->section->code, round, close, &error))
    {
      qw_feedback_error (GTK_WIDGET (self), close ? _("Result entry could not be closed")
                                                  : _("Result entry could not be opened"), error);
      return;
    }
  qw_page_reload (QW_PAGE (self));
  message = close ? g_strdup_printf (_("Round %d closed to the phones: only the window enters its results"), round)
                  : g_strdup_printf (_("Round %d open to the phones again"), round);
  qw_feedback_undo_toast (GTK_WIDGET (self), doc_of (self), message);
}

/* The round's clock */

typedef struct
{
  QwRoundsPage *self;
  char         *group;
  int           round;
  GtkEditable  *start;
  GtkEditable  *end;
} ClockDialog;

static void
clock_dialog_free (gpointer  data,
                   GClosure *closure)
{
  ClockDialog *d = data;

  g_object_unref (d->self);
  g_free (d->group);
  g_free (d);
}

static void
clock_response_cb (AdwMessageDialog *dialog,
                   const char       *response,
                   ClockDialog      *d)
{
  QwRoundsPage *self = d->self;
  gboolean clear = g_str_equal (response, "clear");
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;
  g_autofree char *start = NULL;
  g_autofree char *end = NULL;

  if (!clear && !g_str_equal (response, "save"))
    return;
  if (!clear)
    {
      start = g_strstrip (g_strdup (gtk_editable_get_text (d->start)));
      end = g_strstrip (g_strdup (gtk_editable_get_text (d->end)));
    }
  if (!qw_venue_set_round_clock (doc_of (self), d->group, d->round, start != NULL && start[0] != '\0' ? start : NULL,
                                 end != NULL && end[0] != '\0' ? end : NULL, &error))
    {
      qw_feedback_error (GTK_WIDGET (self), _("The round’s clock was not set"), error);
      return;
    }
  qw_page_reload (QW_PAGE (self));
  message = clear ? g_strdup_printf (_("Clock of round %d cleared"), d->round)
                  : g_strdup_printf (_("Clock of round %d set for the hall’s screens"), d->round);
  qw_feedback_undo_toast (GTK_WIDGET (self), doc_of (self), message);
}

static GtkEditable *
time_entry (GtkWidget  *grid,
            int         row,
            const char *label,
            const char *value)
{
  GtkWidget *title = gtk_label_new_with_mnemonic (label);
  GtkWidget *entry = gtk_entry_new ();

  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_label_set_mnemonic_widget (GTK_LABEL (title), entry);
  gtk_entry_set_placeholder_text (GTK_ENTRY (entry), _("HH:MM"));
  gtk_entry_set_activates_default (GTK_ENTRY (entry), TRUE);
  gtk_editable_set_width_chars (GTK_EDITABLE (entry), 16);
  gtk_editable_set_text (GTK_EDITABLE (entry), value != NULL ? value : "");
  gtk_grid_attach (GTK_GRID (grid), title, 0, row, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), entry, 1, row, 1, 1);
  return GTK_EDITABLE (entry);
}

/**
 * qw_rounds_page_ask_round_clock:
 *
 * Asks for the start and end time of the round shown, for the hall's
 * screens. Returns: (transfer none): the dialog, shown; NULL without a round
 */
GtkWindow *
qw_rounds_page_ask_round_clock (QwRoundsPage *self)
{
  g_autofree char *heading = NULL;
  GtkWidget *dialog, *grid;
  ClockDialog *d;

  g_return_val_if_fail (QW_IS_ROUNDS_PAGE (self), NULL);
  if (self->section == NULL || self->round == 0)
    return NULL;
  d = g_new0 (ClockDialog, 1);
  d->self = g_object_ref (self);
  d->group = g_strdup (self->section->code);
  d->round = self->round;
  grid = gtk_grid_new ();
  gtk_grid_set_row_spacing (GTK_GRID (grid), 8);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  gtk_widget_set_halign (grid, GTK_ALIGN_CENTER);
  d->start = time_entry (grid, 0, _("_Starts at"), self->clock_start);
  d->end = time_entry (grid, 1, _("_Ends at"), self->clock_end);
  heading = g_strdup_printf (_("Clock of Round %d"), self->round);
  dialog = adw_message_dialog_new (_qw_rounds_page_parent_window (self), heading,
                                   _("The hall’s screens show when the round starts or ends. Write the time as "
                                     "HH:MM, e.g. 09:00; leave a field empty for none."));
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), grid);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"), "clear", _("C_lear"),
                                    "save", _("_Save"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "save", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_response_enabled (ADW_MESSAGE_DIALOG (dialog), "clear",
                                           self->clock_start != NULL || self->clock_end != NULL);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "save");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_data (dialog, "response", G_CALLBACK (clock_response_cb), d, clock_dialog_free, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  gtk_widget_grab_focus (GTK_WIDGET (d->start));
  return GTK_WINDOW (dialog);
}

static void
round_clock_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  qw_rounds_page_ask_round_clock (QW_ROUNDS_PAGE (widget));
}

/* Round 1 of the players present */

static void
present_only_response_cb (AdwMessageDialog *dialog,
                          const char       *response,
                          QwRoundsPage     *self)
{
  const char *group = g_object_get_data (G_OBJECT (dialog), "group");
  g_autoptr(GError) error = NULL;

  if (!g_str_equal (response, "present") && !g_str_equal (response, "all"))
    return;
  /* The page may show another group by now. */
  if (self->section == NULL || g_strcmp0 (self->section->code, group) != 0)
    qw_rounds_page_select_group (self, group);
  if (!_qw_rounds_page_pair (self, g_str_equal (response, "present"), &error) && error != NULL)
    qw_feedback_error (GTK_WIDGET (self), _("The next round could not be paired"), error);
}

/**
 * _qw_rounds_page_ask_present_only:
 *
 * Before round 1 of a Swiss group some of whose players are checked in and
 * others not: asks whether to pair only those present (the others absent
 * from round 1, logged), everyone, or nothing yet. Returns whether it asked
 * (the answer pairs).
 */
gboolean
_qw_rounds_page_ask_present_only (QwRoundsPage *self)
{
  guint total = 0, here;
  g_autofree char *heading = NULL;
  g_autofree char *body = NULL;
  GtkWidget *dialog;

  if (self->section == NULL || self->last_round != 0 || self->section->system != QW_SYSTEM_SWISS)
    return FALSE;
  here = qw_venue_count_present (doc_of (self), self->section->code, &total, NULL);
  if (here == 0 || here >= total)
    return FALSE;
  heading = g_strdup_printf (_("%u of %u Players Checked In"), here, total);
  body = g_strdup_printf (ngettext ("Pair round 1 of %s with the players checked in only? The %u player not checked in "
                                    "is absent (请假) from round 1, with 0 points; the pairing log says so.",
                                    "Pair round 1 of %s with the players checked in only? The %u players not checked "
                                    "in are absent (请假) from round 1, with 0 points; the pairing log says so.",
                                    total - here), self->section->name, total - here);
  dialog = adw_message_dialog_new (_qw_rounds_page_parent_window (self), heading, body);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"), "all", _("Pair _Everyone"),
                                    "present", _("Pair Those _Present"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "present", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "present");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_object_set_data_full (G_OBJECT (dialog), "group", g_strdup (self->section->code), g_free);
  g_signal_connect_object (dialog, "response", G_CALLBACK (present_only_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  return TRUE;
}

void
_qw_rounds_page_class_venue_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "rounds.toggle-entry", NULL, toggle_entry_action);
  gtk_widget_class_install_action (widget_class, "rounds.round-clock", NULL, round_clock_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_l, GDK_CONTROL_MASK, "rounds.toggle-entry", NULL);
}
