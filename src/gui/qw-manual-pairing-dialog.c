/* qw-manual-pairing-dialog.c: a round typed in board by board
 *
 * Pairings made elsewhere (on paper, by another program) are typed in: red
 * and black of each board by the players' numbers (序号) or names (a part
 * of the name that only one player's holds is enough), or 轮空 for the
 * bye. Each box shows whom its number names, and the boards are checked as
 * they are typed with the same core check the CLI's pair-manual uses
 * (qw_tournament_check_manual(): rematches, colours, the bye, players left
 * out, absent or out of play, the pairing gate); a player on two boards or
 * playing himself is an error. A round that breaks rules is recorded only
 * when the arbiter says so; the rounds page records it on "record" with
 * qw_tournament_pair_manual(), one step of the history, in the round log.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-manual-pairing-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "qw-manual-pairing-dialog.h"
#include "qw-tooltip.h"
#include "qw-player-ref.h"
#include "qw-tournament.h"
#include "qw-entry.h"

typedef struct
{
  GtkWidget *row;
  GtkLabel  *number;
  GtkEntry  *red;
  GtkEntry  *black;
  GtkLabel  *red_name;
  GtkLabel  *black_name;
} Board;

struct _QwManualPairingDialog
{
  AdwWindow       parent_instance;

  AdwWindowTitle *title;
  GtkWidget      *record_button;
  GtkListBox     *board_list;
  GtkLabel       *status_label;
  GtkCheckButton *force_check;

  QwDocument     *doc;
  QwSection      *section;
  int             round;
  GPtrArray      *entries;    /* QwEntry: the group's */
  GPtrArray      *boards;     /* Board */
  GArray         *given;      /* QwManualBoard: the complete boards, as checked */
  GPtrArray      *warnings;   /* char *: the rules they break */
  gboolean        has_errors; /* a box names nobody, a board is half typed, or the check refused */
};

G_DEFINE_FINAL_TYPE (QwManualPairingDialog, qw_manual_pairing_dialog, ADW_TYPE_WINDOW)

enum {
  RECORD,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void update (QwManualPairingDialog *self);

/* What a box names: the core's rule (qw-player-ref.h). */
static QwPlayerRef
read_box (QwManualPairingDialog *self,
          GtkEntry              *entry,
          gboolean               bye_allowed,
          const QwEntry        **out)
{
  return qw_play_resolve_player (self->entries, gtk_editable_get_text (GTK_EDITABLE (entry)), bye_allowed, out,
                                 NULL);
}

static void
show_box (GtkLabel      *label,
          QwPlayerRef    kind,
          const QwEntry *entry)
{
  g_autofree char *text = NULL;

  gtk_widget_remove_css_class (GTK_WIDGET (label), "error");
  switch (kind)
    {
    case QW_PLAYER_REF_PLAYER:
      text = entry->unit != NULL && *entry->unit != '\0' ? g_strdup_printf ("%s · %s", entry->name, entry->unit)
                                                         : g_strdup (entry->name);
      break;
    case QW_PLAYER_REF_BYE:
      text = g_strdup (_("the bye"));
      break;
    case QW_PLAYER_REF_UNKNOWN:
      text = g_strdup (_("no such player"));
      gtk_widget_add_css_class (GTK_WIDGET (label), "error");
      break;
    case QW_PLAYER_REF_AMBIGUOUS:
      text = g_strdup (_("several players: type the number"));
      gtk_widget_add_css_class (GTK_WIDGET (label), "error");
      break;
    case QW_PLAYER_REF_EMPTY:
    default:
      text = g_strdup ("");
      break;
    }
  gtk_label_set_text (label, text);
  qw_tooltip_set_text (GTK_WIDGET (label), *text != '\0' ? text : NULL);
}

static void
update (QwManualPairingDialog *self)
{
  g_autoptr(GString) errors = g_string_new (NULL);
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GError) error = NULL;

  g_array_set_size (self->given, 0);
  g_clear_pointer (&self->warnings, g_ptr_array_unref);
  for (guint i = 0; i < self->boards->len; i++)
    {
      Board *b = g_ptr_array_index (self->boards, i);
      const QwEntry *red, *black;
      QwPlayerRef r = read_box (self, b->red, FALSE, &red);
      QwPlayerRef k = read_box (self, b->black, TRUE, &black);

      show_box (b->red_name, r, red);
      show_box (b->black_name, k, black);
      if (r == QW_PLAYER_REF_EMPTY && k == QW_PLAYER_REF_EMPTY)
        continue;
      if (r == QW_PLAYER_REF_PLAYER && (k == QW_PLAYER_REF_PLAYER || k == QW_PLAYER_REF_BYE))
        {
          QwManualBoard mb = { red->id, k == QW_PLAYER_REF_BYE ? 0 : black->id };

          g_array_append_val (self->given, mb);
        }
      else if (r == QW_PLAYER_REF_UNKNOWN || r == QW_PLAYER_REF_AMBIGUOUS)
        {
          g_string_append_c (errors, '\n');
          g_string_append_printf (errors, r == QW_PLAYER_REF_UNKNOWN
                                          ? _("Board %u: red names no player of the group")
                                          : _("Board %u: red names several players; type the number"), i + 1);
        }
      else if (k == QW_PLAYER_REF_UNKNOWN || k == QW_PLAYER_REF_AMBIGUOUS)
        {
          g_string_append_c (errors, '\n');
          g_string_append_printf (errors, k == QW_PLAYER_REF_UNKNOWN
                                          ? _("Board %u: black names no player of the group")
                                          : _("Board %u: black names several players; type the number"), i + 1);
        }
      else if (r == QW_PLAYER_REF_EMPTY)
        {
          g_string_append_c (errors, '\n');
          g_string_append_printf (errors, _("Board %u: red is missing"), i + 1);
        }
      else
        {
          g_string_append_c (errors, '\n');
          g_string_append_printf (errors, _("Board %u: black is missing (type 轮空 for the bye)"), i + 1);
        }
    }
  self->has_errors = errors->len > 0;
  if (!self->has_errors && self->given->len > 0)
    {
      self->warnings = qw_tournament_check_manual (self->doc, self->section,
                                                   (const QwManualBoard *) self->given->data, self->given->len,
                                                   &error);
      if (self->warnings == NULL)
        {
          self->has_errors = TRUE;
          g_string_append_printf (errors, "\n%s", error->message);
        }
    }
  if (errors->len > 0)
    g_string_append (text, errors->str + 1);
  else if (self->given->len == 0)
    g_string_append (text, _("No board typed in yet."));
  else if (self->warnings->len == 0)
    g_string_append_printf (text, ngettext ("%u board, and it breaks no rule.",
                                            "%u boards, and they break no rule.", self->given->len),
                            self->given->len);
  else
    {
      g_string_append_printf (text, ngettext ("The round breaks %u rule:", "The round breaks %u rules:",
                                              self->warnings->len), self->warnings->len);
      for (guint i = 0; i < self->warnings->len; i++)
        g_string_append_printf (text, "\n• %s", (char *) g_ptr_array_index (self->warnings, i));
    }
  gtk_label_set_text (self->status_label, text->str);
  gtk_widget_remove_css_class (GTK_WIDGET (self->status_label), "error");
  gtk_widget_remove_css_class (GTK_WIDGET (self->status_label), "warning");
  if (self->has_errors)
    gtk_widget_add_css_class (GTK_WIDGET (self->status_label), "error");
  else if (self->warnings != NULL && self->warnings->len > 0)
    gtk_widget_add_css_class (GTK_WIDGET (self->status_label), "warning");
  gtk_widget_set_visible (GTK_WIDGET (self->force_check),
                          !self->has_errors && self->warnings != NULL && self->warnings->len > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "manual.record", qw_manual_pairing_dialog_can_record (self));
}

static void
renumber (QwManualPairingDialog *self)
{
  for (guint i = 0; i < self->boards->len; i++)
    {
      Board *b = g_ptr_array_index (self->boards, i);
      g_autofree char *number = g_strdup_printf (_("Board %u"), i + 1);
      g_autofree char *red = g_strdup_printf (_("Board %u, red"), i + 1);
      g_autofree char *black = g_strdup_printf (_("Board %u, black"), i + 1);

      gtk_label_set_text (b->number, number);
      gtk_accessible_update_property (GTK_ACCESSIBLE (b->red), GTK_ACCESSIBLE_PROPERTY_LABEL, red, -1);
      gtk_accessible_update_property (GTK_ACCESSIBLE (b->black), GTK_ACCESSIBLE_PROPERTY_LABEL, black, -1);
    }
}

static guint
board_index (QwManualPairingDialog *self,
             GtkWidget             *widget)
{
  for (guint i = 0; i < self->boards->len; i++)
    {
      Board *b = g_ptr_array_index (self->boards, i);

      if (gtk_widget_is_ancestor (widget, b->row))
        return i;
    }
  return G_MAXUINT;
}

static Board *add_board (QwManualPairingDialog *self);

static void
red_activate_cb (GtkEntry              *entry,
                 QwManualPairingDialog *self)
{
  guint i = board_index (self, GTK_WIDGET (entry));
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));

  if (*text == '\0' && qw_manual_pairing_dialog_can_record (self))
    gtk_widget_activate_action (GTK_WIDGET (self), "manual.record", NULL);
  else if (i < self->boards->len)
    gtk_widget_grab_focus (GTK_WIDGET (((Board *) g_ptr_array_index (self->boards, i))->black));
}

/* Enter in black: the next board, or, after the last, the round is recorded. */
static void
black_activate_cb (GtkEntry              *entry,
                   QwManualPairingDialog *self)
{
  guint i = board_index (self, GTK_WIDGET (entry));

  if (i + 1 < self->boards->len)
    gtk_widget_grab_focus (GTK_WIDGET (((Board *) g_ptr_array_index (self->boards, i + 1))->red));
  else if (qw_manual_pairing_dialog_can_record (self))
    gtk_widget_activate_action (GTK_WIDGET (self), "manual.record", NULL);
  else
    gtk_widget_grab_focus (GTK_WIDGET (add_board (self)->red));
}

static void
remove_clicked_cb (GtkButton             *button,
                   QwManualPairingDialog *self)
{
  guint i = board_index (self, GTK_WIDGET (button));
  Board *b;

  if (i >= self->boards->len || self->boards->len == 1)
    return;
  b = g_ptr_array_index (self->boards, i);
  gtk_list_box_remove (self->board_list, b->row);
  g_ptr_array_remove_index (self->boards, i);
  renumber (self);
  update (self);
}

static GtkEntry *
number_entry (QwManualPairingDialog *self,
              const char            *placeholder)
{
  GtkWidget *entry = gtk_entry_new ();

  gtk_entry_set_placeholder_text (GTK_ENTRY (entry), placeholder);
  gtk_editable_set_width_chars (GTK_EDITABLE (entry), 11);
  gtk_editable_set_max_width_chars (GTK_EDITABLE (entry), 11);
  g_signal_connect_swapped (entry, "changed", G_CALLBACK (update), self);
  return GTK_ENTRY (entry);
}

static GtkLabel *
name_label (void)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_width_chars (GTK_LABEL (label), 24);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 24);
  return GTK_LABEL (label);
}

static GtkWidget *
side_label (const char *text,
            const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_widget_add_css_class (label, css_class);
  return label;
}

static Board *
add_board (QwManualPairingDialog *self)
{
  Board *b = g_new0 (Board, 1);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *remove = gtk_button_new_from_icon_name ("user-trash-symbolic");

  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 6);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  b->number = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_width_chars (b->number, 6);
  gtk_label_set_xalign (b->number, 0);
  gtk_widget_add_css_class (GTK_WIDGET (b->number), "dim-label");
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (b->number));
  gtk_box_append (GTK_BOX (box), side_label (_("Red"), "red-side"));
  b->red = number_entry (self, _("No. or name"));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (b->red));
  b->red_name = name_label ();
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (b->red_name));
  gtk_box_append (GTK_BOX (box), side_label (_("Black"), "black-side"));
  b->black = number_entry (self, _("No., name, 轮空"));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (b->black));
  b->black_name = name_label ();
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (b->black_name));
  gtk_widget_set_hexpand (remove, TRUE);
  gtk_widget_set_halign (remove, GTK_ALIGN_END);
  gtk_widget_add_css_class (remove, "flat");
  qw_tooltip_set_text (remove, _("Remove this board"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (remove), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Remove this board"), -1);
  g_signal_connect (remove, "clicked", G_CALLBACK (remove_clicked_cb), self);
  gtk_box_append (GTK_BOX (box), remove);
  g_signal_connect (b->red, "activate", G_CALLBACK (red_activate_cb), self);
  g_signal_connect (b->black, "activate", G_CALLBACK (black_activate_cb), self);
  b->row = gtk_list_box_row_new ();
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (b->row), FALSE);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (b->row), box);
  gtk_list_box_append (self->board_list, b->row);
  g_ptr_array_add (self->boards, b);
  renumber (self);
  return b;
}

static void
add_board_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  QwManualPairingDialog *self = QW_MANUAL_PAIRING_DIALOG (widget);

  gtk_widget_grab_focus (GTK_WIDGET (add_board (self)->red));
  update (self);
}

static void
record_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  QwManualPairingDialog *self = QW_MANUAL_PAIRING_DIALOG (widget);

  if (qw_manual_pairing_dialog_can_record (self))
    g_signal_emit (self, signals[RECORD], 0);
}

static void
force_toggled_cb (QwManualPairingDialog *self)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "manual.record", qw_manual_pairing_dialog_can_record (self));
}

static void
qw_manual_pairing_dialog_dispose (GObject *object)
{
  QwManualPairingDialog *self = QW_MANUAL_PAIRING_DIALOG (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), QW_TYPE_MANUAL_PAIRING_DIALOG);
  g_clear_pointer (&self->boards, g_ptr_array_unref);
  g_clear_pointer (&self->given, g_array_unref);
  g_clear_pointer (&self->warnings, g_ptr_array_unref);
  g_clear_pointer (&self->entries, g_ptr_array_unref);
  g_clear_pointer (&self->section, qw_section_free);
  g_clear_object (&self->doc);
  G_OBJECT_CLASS (qw_manual_pairing_dialog_parent_class)->dispose (object);
}

static void
qw_manual_pairing_dialog_class_init (QwManualPairingDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = qw_manual_pairing_dialog_dispose;

  /**
   * QwManualPairingDialog::record:
   *
   * The arbiter asked to record the boards (qw_manual_pairing_dialog_get_boards()),
   * forced past the rules they break when qw_manual_pairing_dialog_get_force().
   */
  signals[RECORD] = g_signal_new ("record", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                  G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class, "/cn/qiwang/Qiwang/ui/qw-manual-pairing-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, QwManualPairingDialog, title);
  gtk_widget_class_bind_template_child (widget_class, QwManualPairingDialog, record_button);
  gtk_widget_class_bind_template_child (widget_class, QwManualPairingDialog, board_list);
  gtk_widget_class_bind_template_child (widget_class, QwManualPairingDialog, status_label);
  gtk_widget_class_bind_template_child (widget_class, QwManualPairingDialog, force_check);
  gtk_widget_class_bind_template_callback (widget_class, force_toggled_cb);

  gtk_widget_class_install_action (widget_class, "manual.record", NULL, record_action);
  gtk_widget_class_install_action (widget_class, "manual.add-board", NULL, add_board_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, GDK_CONTROL_MASK, "manual.record", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Enter, GDK_CONTROL_MASK, "manual.record", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_n, GDK_CONTROL_MASK, "manual.add-board", NULL);
}

static void
qw_manual_pairing_dialog_init (QwManualPairingDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->boards = g_ptr_array_new_with_free_func (g_free);
  self->given = g_array_new (FALSE, FALSE, sizeof (QwManualBoard));
  qw_tooltip_set_text (self->record_button, _("Record the round as typed in (Ctrl+Enter)"));
}

/**
 * qw_manual_pairing_dialog_new:
 * @section: the group, copied
 * @round: the round typed in (the next one)
 * @entries: (element-type QwEntry): the group's entries
 *
 * Present it; on "record", record the boards with qw_tournament_pair_manual().
 */
QwManualPairingDialog *
qw_manual_pairing_dialog_new (GtkWindow       *parent,
                              QwDocument      *doc,
                              const QwSection *section,
                              int              round,
                              GPtrArray       *entries)
{
  QwManualPairingDialog *self = g_object_new (QW_TYPE_MANUAL_PAIRING_DIALOG, "transient-for", parent, NULL);
  g_autofree char *title = g_strdup_printf (_("Round %d Typed In"), round);
  guint n_active = 0;

  self->doc = g_object_ref (doc);
  self->section = qw_section_copy (section);
  self->round = round;
  self->entries = g_ptr_array_ref (entries);
  adw_window_title_set_title (self->title, title);
  adw_window_title_set_subtitle (self->title, section->name);
  for (guint i = 0; i < entries->len; i++)
    n_active += ((QwEntry *) g_ptr_array_index (entries, i))->status == QW_STATUS_ACTIVE;
  for (guint i = 0; i < MAX ((n_active + 1) / 2, 1); i++)
    add_board (self);
  update (self);
  gtk_widget_grab_focus (GTK_WIDGET (((Board *) g_ptr_array_index (self->boards, 0))->red));
  return self;
}

/* @board: from 0; a board past the last is added. */
gboolean
qw_manual_pairing_dialog_set_board (QwManualPairingDialog *self,
                                    guint                  board,
                                    const char            *red,
                                    const char            *black)
{
  Board *b;

  g_return_val_if_fail (QW_IS_MANUAL_PAIRING_DIALOG (self), FALSE);

  if (board > self->boards->len)
    return FALSE;
  b = board == self->boards->len ? add_board (self) : g_ptr_array_index (self->boards, board);
  gtk_editable_set_text (GTK_EDITABLE (b->red), red != NULL ? red : "");
  gtk_editable_set_text (GTK_EDITABLE (b->black), black != NULL ? black : "");
  update (self);
  return TRUE;
}

guint
qw_manual_pairing_dialog_get_n_boards (QwManualPairingDialog *self)
{
  g_return_val_if_fail (QW_IS_MANUAL_PAIRING_DIALOG (self), 0);
  return self->boards->len;
}

/* (element-type QwManualBoard) (transfer none): the complete boards. */
GArray *
qw_manual_pairing_dialog_get_boards (QwManualPairingDialog *self)
{
  g_return_val_if_fail (QW_IS_MANUAL_PAIRING_DIALOG (self), NULL);
  return self->given;
}

/* (element-type utf8) (transfer none) (nullable): the rules the boards break. */
GPtrArray *
qw_manual_pairing_dialog_get_warnings (QwManualPairingDialog *self)
{
  g_return_val_if_fail (QW_IS_MANUAL_PAIRING_DIALOG (self), NULL);
  return self->warnings;
}

gboolean
qw_manual_pairing_dialog_get_force (QwManualPairingDialog *self)
{
  g_return_val_if_fail (QW_IS_MANUAL_PAIRING_DIALOG (self), FALSE);
  return gtk_check_button_get_active (self->force_check);
}

void
qw_manual_pairing_dialog_set_force (QwManualPairingDialog *self,
                                    gboolean               force)
{
  g_return_if_fail (QW_IS_MANUAL_PAIRING_DIALOG (self));
  gtk_check_button_set_active (self->force_check, force);
}

/* Some board is typed in, none is wrong, and a round breaking rules is forced. */
gboolean
qw_manual_pairing_dialog_can_record (QwManualPairingDialog *self)
{
  g_return_val_if_fail (QW_IS_MANUAL_PAIRING_DIALOG (self), FALSE);
  return !self->has_errors && self->given->len > 0 && self->warnings != NULL
         && (self->warnings->len == 0 || gtk_check_button_get_active (self->force_check));
}

/* The round could not be recorded after all (the document changed meanwhile). */
void
qw_manual_pairing_dialog_show_error (QwManualPairingDialog *self,
                                     const GError          *error)
{
  g_return_if_fail (QW_IS_MANUAL_PAIRING_DIALOG (self));
  update (self);
  gtk_label_set_text (self->status_label, error->message);
  gtk_widget_add_css_class (GTK_WIDGET (self->status_label), "error");
}
