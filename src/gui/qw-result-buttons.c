/* qw-result-buttons.c: the six result buttons of a board on the rounds page
 *
 * 2:0 1:1 0:2 +:- -:+ -:-, linked; the recorded result is pressed. A bye
 * shows "Bye: wins" instead. The board comes through the "board" property
 * (bound to the list item's item); a click emits ::chosen with the result's
 * code, or "" when the result already recorded is clicked (to take it back).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-result-buttons"

#include "config.h"

#include <glib/gi18n.h>

#include "qw-result-buttons.h"
#include "qw-game.h"

/* The six results, in the order of the buttons and of the keys 1, 2, 3, +, -, 0. */
static const struct {
  QwResult    result;
  const char *code;
} results[] = {
  { QW_RESULT_RED_WIN, "2:0" },
  { QW_RESULT_DRAW, "1:1" },
  { QW_RESULT_BLACK_WIN, "0:2" },
  { QW_RESULT_RED_BY_FORFEIT, "+:-" },
  { QW_RESULT_BLACK_BY_FORFEIT, "-:+" },
  { QW_RESULT_DOUBLE_FORFEIT, "-:-" },
};

struct _QwResultButtons
{
  GtkWidget    parent_instance;

  GtkStack    *stack;
  GtkWidget   *buttons[G_N_ELEMENTS (results)];
  QwBoardItem *board;
};

G_DEFINE_FINAL_TYPE (QwResultButtons, qw_result_buttons, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_BOARD,
  N_PROPS
};

enum {
  CHOSEN,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
clicked_cb (QwResultButtons *self,
            GtkButton       *button)
{
  QwResult recorded;

  if (self->board == NULL)
    return;
  recorded = qw_board_item_get_game (self->board)->result;
  for (guint i = 0; i < G_N_ELEMENTS (results); i++)
    if (self->buttons[i] == GTK_WIDGET (button))
      /* Clicking the result already there takes it back. */
      g_signal_emit (self, signals[CHOSEN], 0, recorded == results[i].result ? "" : results[i].code);
}

static void
qw_result_buttons_dispose (GObject *object)
{
  QwResultButtons *self = QW_RESULT_BUTTONS (object);

  g_clear_pointer ((GtkWidget **) &self->stack, gtk_widget_unparent);
  g_clear_object (&self->board);
  G_OBJECT_CLASS (qw_result_buttons_parent_class)->dispose (object);
}

static void
qw_result_buttons_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_BOARD:
      g_value_set_object (value, QW_RESULT_BUTTONS (object)->board);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
qw_result_buttons_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  switch (prop_id)
    {
    case PROP_BOARD:
      qw_result_buttons_set_board (QW_RESULT_BUTTONS (object), g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
qw_result_buttons_class_init (QwResultButtonsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = qw_result_buttons_dispose;
  object_class->get_property = qw_result_buttons_get_property;
  object_class->set_property = qw_result_buttons_set_property;

  properties[PROP_BOARD] = g_param_spec_object ("board", NULL, NULL, QW_TYPE_BOARD_ITEM,
                                                G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY
                                                | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * QwResultButtons::chosen:
   * @code: "2:0", "1:1", "0:2", "+:-", "-:+", "-:-", or "" to take the result back
   */
  signals[CHOSEN] = g_signal_new ("chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                  NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
qw_result_buttons_init (QwResultButtons *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkWidget *bye = gtk_label_new (_("Bye: wins"));

  self->stack = GTK_STACK (gtk_stack_new ());
  gtk_widget_add_css_class (box, "linked");
  for (guint i = 0; i < G_N_ELEMENTS (results); i++)
    {
      self->buttons[i] = gtk_toggle_button_new_with_label (results[i].code);
      gtk_widget_add_css_class (self->buttons[i], "result-button");
      gtk_widget_set_focus_on_click (self->buttons[i], FALSE);
      g_signal_connect_swapped (self->buttons[i], "clicked", G_CALLBACK (clicked_cb), self);
      gtk_box_append (GTK_BOX (box), self->buttons[i]);
    }
  gtk_widget_add_css_class (bye, "dim-label");
  gtk_stack_add_named (self->stack, box, "buttons");
  gtk_stack_add_named (self->stack, bye, "bye");
  gtk_widget_set_parent (GTK_WIDGET (self->stack), GTK_WIDGET (self));
}

GtkWidget *
qw_result_buttons_new (void)
{
  return g_object_new (QW_TYPE_RESULT_BUTTONS, NULL);
}

QwBoardItem *
qw_result_buttons_get_board (QwResultButtons *self)
{
  g_return_val_if_fail (QW_IS_RESULT_BUTTONS (self), NULL);
  return self->board;
}

/* Setting a button's state emits no "clicked": only the user's click does. */
void
qw_result_buttons_set_board (QwResultButtons *self,
                             QwBoardItem     *board)
{
  QwResult recorded;

  g_return_if_fail (QW_IS_RESULT_BUTTONS (self));

  if (!g_set_object (&self->board, board))
    return;
  recorded = board != NULL ? qw_board_item_get_game (board)->result : QW_RESULT_NONE;
  gtk_stack_set_visible_child_name (self->stack, board != NULL && qw_board_item_is_bye (board) ? "bye" : "buttons");
  for (guint i = 0; i < G_N_ELEMENTS (results); i++)
    gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->buttons[i]), recorded == results[i].result);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BOARD]);
}
