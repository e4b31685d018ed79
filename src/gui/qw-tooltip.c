/* qw-tooltip.c: tooltips that wrap at a readable width, in Chinese too
 *
 * GTK 4.8's own tooltip label asks for the narrowest width its text can
 * wrap to, and Chinese text can wrap after any character: "主菜单" came out
 * one character a line. These tooltips show a label that asks for its text
 * on one line (natural-wrap-mode none) and wraps only beyond
 * QW_TOOLTIP_WIDTH_CHARS. A widget's tooltip text stays where GTK keeps it
 * (gtk_widget_get_tooltip_text()); only its showing changes.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-tooltip"

#include "config.h"

#include "qw-tooltip.h"

#define WRAPPED_KEY "qw-tooltip-wrapped"

/**
 * qw_tooltip_label_new:
 * @markup: the tooltip, as markup
 *
 * Returns: (transfer floating): the label a tooltip shows
 */
GtkWidget *
qw_tooltip_label_new (const char *markup)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_markup (GTK_LABEL (label), markup);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_natural_wrap_mode (GTK_LABEL (label), GTK_NATURAL_WRAP_NONE);
  gtk_label_set_max_width_chars (GTK_LABEL (label), QW_TOOLTIP_WIDTH_CHARS);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  return label;
}

/**
 * qw_tooltip_set_wrapped:
 *
 * For a query-tooltip handler: shows @text (plain, not markup) wrapped at a
 * readable width.
 */
void
qw_tooltip_set_wrapped (GtkTooltip *tooltip,
                        const char *text)
{
  g_autofree char *markup = g_markup_escape_text (text != NULL ? text : "", -1);

  gtk_tooltip_set_custom (tooltip, qw_tooltip_label_new (markup));
}

/* Shows the widget's own tooltip (text or markup) in a wrapped label;
 * nothing when it has none at the moment. */
static gboolean
query_tooltip_cb (GtkWidget  *widget,
                  int         x,
                  int         y,
                  gboolean    keyboard_mode,
                  GtkTooltip *tooltip,
                  gpointer    user_data)
{
  const char *markup = gtk_widget_get_tooltip_markup (widget);

  if (markup == NULL || *markup == '\0')
    return FALSE;
  gtk_tooltip_set_custom (tooltip, qw_tooltip_label_new (markup));
  return TRUE;
}

static void
wrap_one (GtkWidget *widget)
{
  if (g_object_get_data (G_OBJECT (widget), WRAPPED_KEY) != NULL)
    return;
  g_object_set_data (G_OBJECT (widget), WRAPPED_KEY, GINT_TO_POINTER (1));
  g_signal_connect (widget, "query-tooltip", G_CALLBACK (query_tooltip_cb), NULL);
}

/**
 * qw_tooltip_set_text:
 * @text: (nullable): plain text
 *
 * gtk_widget_set_tooltip_text(), shown wrapped at a readable width.
 */
void
qw_tooltip_set_text (GtkWidget  *widget,
                     const char *text)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));

  gtk_widget_set_tooltip_text (widget, text);
  wrap_one (widget);
}

/**
 * qw_tooltips_wrap:
 *
 * Every widget under @root (and @root) that has a tooltip text now shows it
 * wrapped at a readable width, also when the text changes later. Windows,
 * pages and dialogs call it once their template is built.
 */
void
qw_tooltips_wrap (GtkWidget *root)
{
  g_return_if_fail (GTK_IS_WIDGET (root));

  if (gtk_widget_get_tooltip_markup (root) != NULL)
    wrap_one (root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    qw_tooltips_wrap (child);
}
