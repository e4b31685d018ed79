/* qw-text-wrap.c: Chinese text wrapped without a character alone on its line
 *
 * Chinese wraps between any two characters, so a paragraph can end with one
 * character and its full stop alone on the last line ("…也不算弃" / "权。",
 * "黑方晋" / "级。）": issue 19 point 12). Pango has no widow control; an
 * attribute that allows no break inside the last two characters of each
 * paragraph and the punctuation after them carries them to the next line
 * together, and leaves the text as it is.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-text-wrap"

#include "config.h"

#include <string.h>

#include "qw-text-wrap.h"

#define TAIL_LETTERS 2

static gboolean
is_letter (gunichar c)
{
  return g_unichar_isalnum (c) || g_unichar_break_type (c) == G_UNICODE_BREAK_IDEOGRAPHIC;
}

/* Where the tail of the paragraph [@start, @end) begins: its last two
 * letters and the punctuation after them; NULL for a short paragraph. */
static const char *
paragraph_tail (const char *start,
                const char *end)
{
  const char *tail = end;
  int letters = 0;

  /* Back over the closing punctuation, then over the last letters. */
  while (tail > start)
    {
      const char *prev = g_utf8_find_prev_char (start, tail);
      gunichar c = g_utf8_get_char (prev);

      if (g_unichar_isspace (c))
        break;
      if (is_letter (c) && ++letters > TAIL_LETTERS)
        break;
      tail = prev;
    }
  return letters < TAIL_LETTERS || tail == start ? NULL : tail;
}

/**
 * qw_text_no_orphans_attributes:
 * @text: text shown in a label that wraps
 *
 * Returns: (transfer full): attributes that keep each paragraph's last two
 *   characters and its closing punctuation on one line (no break allowed
 *   inside; the text itself is unchanged, so it copies as it is)
 */
PangoAttrList *
qw_text_no_orphans_attributes (const char *text)
{
  PangoAttrList *attrs = pango_attr_list_new ();
  const char *p = text != NULL ? text : "";

  while (*p != '\0')
    {
      const char *nl = strchr (p, '\n');
      const char *end = nl != NULL ? nl : p + strlen (p);
      const char *tail = paragraph_tail (p, end);

      if (tail != NULL)
        {
          PangoAttribute *attr = pango_attr_allow_breaks_new (FALSE);

          attr->start_index = tail - text;
          attr->end_index = end - text;
          pango_attr_list_insert (attrs, attr);
        }
      if (nl == NULL)
        break;
      p = nl + 1;
    }
  return attrs;
}

/* The label's own text kept from orphans. */
void
qw_label_no_orphans (GtkLabel *label)
{
  PangoAttrList *attrs = qw_text_no_orphans_attributes (gtk_label_get_text (label));

  gtk_label_set_attributes (label, attrs);
  pango_attr_list_unref (attrs);
}

static GtkLabel *
find_label (GtkWidget  *widget,
            const char *text)
{
  if (GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0)
    return GTK_LABEL (widget);
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkLabel *found = find_label (c, text);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/**
 * qw_message_dialog_no_orphans:
 *
 * Keeps the body of @dialog (as it is now) from orphans: call it again after
 * adw_message_dialog_set_body().
 */
void
qw_message_dialog_no_orphans (AdwMessageDialog *dialog)
{
  const char *body = adw_message_dialog_get_body (dialog);
  GtkLabel *label = body != NULL && *body != '\0' ? find_label (GTK_WIDGET (dialog), body) : NULL;

  if (label != NULL)
    qw_label_no_orphans (label);
}

/**
 * qw_message_dialog_new:
 *
 * adw_message_dialog_new() with its body kept from orphans.
 *
 * Returns: (transfer floating): the dialog
 */
GtkWidget *
qw_message_dialog_new (GtkWindow  *parent,
                       const char *heading,
                       const char *body)
{
  GtkWidget *dialog = adw_message_dialog_new (parent, heading, body);

  qw_message_dialog_no_orphans (ADW_MESSAGE_DIALOG (dialog));
  return dialog;
}

static void
whole_setup_cb (GtkSignalListItemFactory *factory,
                GtkListItem              *item)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 40);
  gtk_list_item_set_child (item, label);
}

static void
whole_bind_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *item)
{
  GtkStringObject *string = gtk_list_item_get_item (item);

  gtk_label_set_text (GTK_LABEL (gtk_list_item_get_child (item)),
                      GTK_IS_STRING_OBJECT (string) ? gtk_string_object_get_string (string) : "");
}

/**
 * qw_combo_row_show_whole:
 * @row: a combo row of a #GtkStringList
 *
 * Its list shows each name whole: a ruleset's name ("2021年第六届全国象棋
 * 业余棋王赛") was cut to "2021年第六届全国象…".
 */
void
qw_combo_row_show_whole (AdwComboRow *row)
{
  g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();

  g_signal_connect (factory, "setup", G_CALLBACK (whole_setup_cb), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (whole_bind_cb), NULL);
  adw_combo_row_set_list_factory (row, factory);
}
