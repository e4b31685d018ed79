/* qw-text-wrap.c: Chinese text wrapped without a character alone on its line
 *
 * Chinese wraps between any two characters, so a paragraph can end with one
 * character and its full stop alone on the last line ("…也不算弃" / "权。",
 * "黑方晋" / "级。）": issue 19 point 12). Pango has no widow control; an
 * attribute that allows no break inside the last two characters of each
 * paragraph and the punctuation after them (or inside its last clause, when
 * that is short) carries them to the next line together, and leaves the
 * text as it is. Every label that wraps gets it (qw_text_wrap_watch_labels()).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-text-wrap"

#include "config.h"

#include <string.h>

#include "qw-text-wrap.h"

#define TAIL_LETTERS 2
#define CLAUSE_LETTERS 4   /* a last clause this short is kept whole */

static gboolean
is_letter (gunichar c)
{
  return g_unichar_isalnum (c) || g_unichar_break_type (c) == G_UNICODE_BREAK_IDEOGRAPHIC;
}

/* A mark that ends a clause inside a sentence: ：，；、 */
static gboolean
is_clause_mark (gunichar c)
{
  return c == 0xFF1A || c == 0xFF0C || c == 0xFF1B || c == 0x3001;
}

/* Where the tail of the paragraph [@start, @end) begins: its last two
 * letters and the punctuation after them, or its last clause when that is
 * short ("和棋黑胜附加赛战和：" / "黑方晋级", not "…战和：黑" / "方晋级");
 * NULL for a short paragraph. */
static const char *
paragraph_tail (const char *start,
                const char *end)
{
  const char *tail = end;
  const char *last_two = NULL;
  int letters = 0;

  /* Back over the closing punctuation, then over the last letters. */
  while (tail > start)
    {
      const char *prev = g_utf8_find_prev_char (start, tail);
      gunichar c = g_utf8_get_char (prev);

      /* A space ends the tail once it holds two letters: "对 +0）。" is
       * kept whole, "+0）。" never alone. */
      if (g_unichar_isspace (c) && last_two != NULL)
        break;
      if (last_two != NULL && is_clause_mark (c))
        return tail;
      if (is_letter (c))
        {
          if (++letters > CLAUSE_LETTERS)
            break;
          if (letters == TAIL_LETTERS)
            last_two = prev;
        }
      tail = prev;
    }
  return last_two == start ? NULL : last_two;
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

static gboolean
is_allow_breaks (PangoAttribute *attr,
                 gpointer        data)
{
  return attr->klass->type == PANGO_ATTR_ALLOW_BREAKS;
}

/* The label's own text kept from orphans; the label's other attributes
 * (a weight, a size) stay. */
void
qw_label_no_orphans (GtkLabel *label)
{
  PangoAttrList *old = gtk_label_get_attributes (label);
  PangoAttrList *attrs = old != NULL ? pango_attr_list_copy (old) : pango_attr_list_new ();
  PangoAttrList *ours = qw_text_no_orphans_attributes (gtk_label_get_text (label));
  PangoAttrList *removed = pango_attr_list_filter (attrs, is_allow_breaks, NULL);

  g_clear_pointer (&removed, pango_attr_list_unref);
  pango_attr_list_splice (attrs, ours, 0, 0);
  /* Setting the same attributes again would lay the label out again. */
  if (old == NULL || !pango_attr_list_equal (old, attrs))
    gtk_label_set_attributes (label, attrs);
  pango_attr_list_unref (ours);
  pango_attr_list_unref (attrs);
}

/* A label that wraps freely, unless it asks to keep its own breaks (the CSS
 * class "own-breaks"): the notices' title is measured for a height as well,
 * and Pango breaks a kept tail at no width but not at a small one, which
 * GTK reports ("GtkLabel reports a minimum width of 39, but minimum width
 * for height of 1048576 is 75"). A label that ends in "…" has no orphan. */
static gboolean
wraps_freely (GtkLabel *label)
{
  return gtk_label_get_wrap (label) && gtk_label_get_ellipsize (label) == PANGO_ELLIPSIZE_NONE
         && !gtk_widget_has_css_class (GTK_WIDGET (label), "own-breaks");
}

static void
label_changed_cb (GtkLabel   *label,
                  GParamSpec *pspec,
                  gpointer    data)
{
  if (wraps_freely (label))
    qw_label_no_orphans (label);
}

/* Every label that wraps, when it is mapped: kept from orphans then and
 * whenever its text changes after (a dialog's body set again, a row's
 * subtitle, a list's row bound to another item). */
static gboolean
label_mapped_hook (GSignalInvocationHint *hint,
                   guint                  n_values,
                   const GValue          *values,
                   gpointer               data)
{
  static GQuark watched;
  GObject *widget = g_value_get_object (&values[0]);

  if (G_UNLIKELY (watched == 0))
    watched = g_quark_from_static_string ("qw-text-wrap-watched");
  if (!GTK_IS_LABEL (widget) || !wraps_freely (GTK_LABEL (widget)))
    return TRUE;
  if (g_object_get_qdata (widget, watched) == NULL)
    {
      g_object_set_qdata (widget, watched, GINT_TO_POINTER (TRUE));
      g_signal_connect (widget, "notify::label", G_CALLBACK (label_changed_cb), NULL);
    }
  qw_label_no_orphans (GTK_LABEL (widget));
  return TRUE;
}

/**
 * qw_text_wrap_watch_labels:
 *
 * From now on every label of the app that wraps is kept from orphans: the
 * settings' descriptions, the gate's rows, every dialog's body, a dialog
 * written tomorrow (issue 19 point 12 found the rule applied by hand to four
 * dialogs and missing from the rest). One emission hook on GtkWidget::map
 * for the process; calling it again does nothing.
 */
void
qw_text_wrap_watch_labels (void)
{
  static gsize installed = 0;

  if (g_once_init_enter (&installed))
    {
      g_signal_add_emission_hook (g_signal_lookup ("map", GTK_TYPE_WIDGET), 0, label_mapped_hook, NULL, NULL);
      g_once_init_leave (&installed, 1);
    }
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

static void
value_setup_cb (GtkSignalListItemFactory *factory,
                GtkListItem              *item)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_list_item_set_child (item, label);
}

/**
 * qw_combo_row_value_whole:
 * @row: a combo row of a #GtkStringList
 *
 * Its chosen value shown whole in the row, where libadwaita's own label
 * ends it in "…" with room to spare ("拦腰（上半区对下半…" in a group's
 * settings), and its list as qw_combo_row_show_whole() shows it.
 */
void
qw_combo_row_value_whole (AdwComboRow *row)
{
  g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();

  g_signal_connect (factory, "setup", G_CALLBACK (value_setup_cb), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (whole_bind_cb), NULL);
  adw_combo_row_set_factory (row, factory);
  qw_combo_row_show_whole (row);
}
