/* qw-text-wrap.c: Chinese text wrapped without a character alone on its line
 *
 * Chinese wraps between any two characters, so a paragraph can end with one
 * character and its full stop alone on the last line ("…也不算弃" / "权。",
 * "黑方晋" / "级。）": issue 19 point 12). Pango has no widow control; a
 * word joiner (U+2060, UAX #14 class WJ: no break on either side, drawn as
 * nothing) between the last two characters of each paragraph and the
 * punctuation after them carries them to the next line together.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-text-wrap"

#include "config.h"

#include <string.h>

#include "qw-text-wrap.h"

#define WORD_JOINER "\xe2\x81\xa0"
#define TAIL_LETTERS 2

static gboolean
is_letter (gunichar c)
{
  return g_unichar_isalnum (c) || g_unichar_break_type (c) == G_UNICODE_BREAK_IDEOGRAPHIC;
}

/* One paragraph: its last letters and the punctuation after them joined. */
static void
append_paragraph (GString    *out,
                  const char *start,
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
  /* A short paragraph or one of words: left as it is. */
  if (letters < TAIL_LETTERS || tail == start)
    {
      g_string_append_len (out, start, end - start);
      return;
    }
  g_string_append_len (out, start, tail - start);
  for (const char *p = tail; p < end; p = g_utf8_next_char (p))
    {
      if (p > tail)
        g_string_append (out, WORD_JOINER);
      g_string_append_len (out, p, g_utf8_next_char (p) - p);
    }
}

/**
 * qw_text_no_orphans:
 * @text: (nullable): text to show in a label that wraps
 *
 * Returns: (transfer full): @text with each paragraph's last two characters
 *   and its closing punctuation bound together
 */
char *
qw_text_no_orphans (const char *text)
{
  GString *out;
  const char *p;

  if (text == NULL)
    return NULL;
  out = g_string_sized_new (strlen (text) + 16);
  p = text;
  while (*p != '\0')
    {
      const char *nl = strchr (p, '\n');
      const char *end = nl != NULL ? nl : p + strlen (p);

      append_paragraph (out, p, end);
      if (nl == NULL)
        break;
      g_string_append_c (out, '\n');
      p = nl + 1;
    }
  return g_string_free (out, FALSE);
}

/**
 * qw_message_dialog_new:
 *
 * adw_message_dialog_new() with qw_text_no_orphans() of @body.
 *
 * Returns: (transfer floating): the dialog
 */
GtkWidget *
qw_message_dialog_new (GtkWindow  *parent,
                       const char *heading,
                       const char *body)
{
  g_autofree char *kept = qw_text_no_orphans (body);

  return adw_message_dialog_new (parent, heading, kept);
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
