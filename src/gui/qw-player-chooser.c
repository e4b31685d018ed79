/* qw-player-chooser.c: choose one player of a group, by name or number
 *
 * What the withdrawal and absence dialogs choose with: a search field (a
 * name, part of it, a unit, or the 序号) over the group's players, the
 * selected board's two players first and the red one selected, so that the
 * usual case is one key. Enter in the search takes the first player shown.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-player-chooser"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "qw-player-chooser.h"

struct _QwPlayerChooser
{
  GtkWidget       parent_instance;

  GtkWidget      *box;
  GtkSearchEntry *search_entry;
  GtkListBox     *list;
  GPtrArray      *entries;   /* QwEntry, in the list's order */
  GPtrArray      *rows;      /* the rows, same order */
  GPtrArray      *notes;     /* GtkLabel of each row's note */
  char           *needle;    /* case-folded search text, NULL when empty */
};

G_DEFINE_FINAL_TYPE (QwPlayerChooser, qw_player_chooser, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_SELECTED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static gint
index_of_row (QwPlayerChooser *self,
              GtkListBoxRow   *row)
{
  guint i;

  if (row != NULL && g_ptr_array_find (self->rows, row, &i))
    return (gint) i;
  return -1;
}

static gboolean
matches (QwPlayerChooser *self,
         const QwEntry   *e)
{
  g_autofree char *no = NULL;
  g_autofree char *name = NULL;
  g_autofree char *unit = NULL;

  if (self->needle == NULL)
    return TRUE;
  no = g_strdup_printf ("%d", e->no);
  if (g_str_has_prefix (no, self->needle))
    return TRUE;
  name = g_utf8_casefold (e->name != NULL ? e->name : "", -1);
  unit = g_utf8_casefold (e->unit != NULL ? e->unit : "", -1);
  return strstr (name, self->needle) != NULL || strstr (unit, self->needle) != NULL;
}

static gboolean
filter_func (GtkListBoxRow *row,
             gpointer       data)
{
  QwPlayerChooser *self = data;
  gint i = index_of_row (self, row);

  return i >= 0 && matches (self, g_ptr_array_index (self->entries, i));
}

static GtkListBoxRow *
first_shown (QwPlayerChooser *self)
{
  for (guint i = 0; i < self->rows->len; i++)
    if (matches (self, g_ptr_array_index (self->entries, i)))
      return g_ptr_array_index (self->rows, i);
  return NULL;
}

/* The search narrows the list; the selection follows to a player shown. */
static void
search_changed_cb (QwPlayerChooser *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->search_entry));
  GtkListBoxRow *selected = gtk_list_box_get_selected_row (self->list);
  g_autofree char *stripped = g_strstrip (g_strdup (text));

  g_clear_pointer (&self->needle, g_free);
  if (*stripped != '\0')
    self->needle = g_utf8_casefold (stripped, -1);
  gtk_list_box_invalidate_filter (self->list);
  if (selected == NULL || !matches (self, g_ptr_array_index (self->entries, index_of_row (self, selected))))
    gtk_list_box_select_row (self->list, first_shown (self));
}

static void
search_activate_cb (QwPlayerChooser *self)
{
  GtkListBoxRow *row = first_shown (self);

  if (row != NULL)
    {
      gtk_list_box_select_row (self->list, row);
      /* The dialog's default answer, for the player found. */
      gtk_widget_activate_default (GTK_WIDGET (self));
    }
}

static void
selected_cb (QwPlayerChooser *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED]);
}

static GtkWidget *
player_row (QwPlayerChooser *self,
            const QwEntry   *e,
            gboolean         first)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  g_autofree char *who = g_strdup_printf ("%d %s", e->no, e->name != NULL ? e->name : "");
  GtkWidget *name = gtk_label_new (who);
  GtkWidget *unit = gtk_label_new (e->unit);
  GtkWidget *note = gtk_label_new (first ? _("selected board") : NULL);
  GtkWidget *row = gtk_list_box_row_new ();

  gtk_label_set_xalign (GTK_LABEL (name), 0);
  gtk_label_set_xalign (GTK_LABEL (unit), 0);
  gtk_label_set_ellipsize (GTK_LABEL (unit), PANGO_ELLIPSIZE_END);
  gtk_widget_set_hexpand (unit, TRUE);
  gtk_widget_add_css_class (unit, "dim-label");
  gtk_widget_add_css_class (note, "dim-label");
  gtk_widget_add_css_class (note, "caption");
  gtk_box_append (GTK_BOX (box), name);
  gtk_box_append (GTK_BOX (box), unit);
  gtk_box_append (GTK_BOX (box), note);
  gtk_widget_set_margin_start (box, 8);
  gtk_widget_set_margin_end (box, 8);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  g_ptr_array_add (self->notes, note);
  return row;
}

static void
qw_player_chooser_dispose (GObject *object)
{
  QwPlayerChooser *self = QW_PLAYER_CHOOSER (object);

  g_clear_pointer (&self->box, gtk_widget_unparent);
  g_clear_pointer (&self->entries, g_ptr_array_unref);
  g_clear_pointer (&self->rows, g_ptr_array_unref);
  g_clear_pointer (&self->notes, g_ptr_array_unref);
  g_clear_pointer (&self->needle, g_free);
  G_OBJECT_CLASS (qw_player_chooser_parent_class)->dispose (object);
}

static void
qw_player_chooser_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  QwPlayerChooser *self = QW_PLAYER_CHOOSER (object);
  const QwEntry *e;

  switch (prop_id)
    {
    case PROP_SELECTED:
      e = qw_player_chooser_get_selected (self);
      g_value_set_int64 (value, e != NULL ? e->id : 0);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
qw_player_chooser_class_init (QwPlayerChooserClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = qw_player_chooser_dispose;
  object_class->get_property = qw_player_chooser_get_property;
  /* The entry id of the player chosen, 0 when none. */
  properties[PROP_SELECTED] = g_param_spec_int64 ("selected", NULL, NULL, 0, G_MAXINT64, 0,
                                                  G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
qw_player_chooser_init (QwPlayerChooser *self)
{
  GtkWidget *scrolled = gtk_scrolled_window_new ();

  self->entries = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_entry_free);
  self->rows = g_ptr_array_new ();
  self->notes = g_ptr_array_new ();
  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));
  self->search_entry = GTK_SEARCH_ENTRY (gtk_search_entry_new ());
  g_object_set (self->search_entry, "placeholder-text", _("Name, unit or number"), NULL);
  g_signal_connect_swapped (self->search_entry, "search-changed", G_CALLBACK (search_changed_cb), self);
  g_signal_connect_swapped (self->search_entry, "activate", G_CALLBACK (search_activate_cb), self);
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->search_entry));
  self->list = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (self->list, GTK_SELECTION_BROWSE);
  gtk_list_box_set_filter_func (self->list, filter_func, self, NULL);
  gtk_widget_add_css_class (GTK_WIDGET (self->list), "boxed-list");
  g_signal_connect_swapped (self->list, "selected-rows-changed", G_CALLBACK (selected_cb), self);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), GTK_WIDGET (self->list));
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scrolled), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scrolled), 300);
  gtk_widget_set_size_request (scrolled, 380, -1);
  gtk_box_append (GTK_BOX (self->box), scrolled);
}

/**
 * qw_player_chooser_new:
 * @entries: (element-type QwEntry): the players, by 序号
 * @first: (array length=n_first) (nullable): entry ids listed first (the
 *   selected board's players); the first of them is selected
 */
GtkWidget *
qw_player_chooser_new (GPtrArray    *entries,
                       const gint64 *first,
                       guint         n_first)
{
  QwPlayerChooser *self = g_object_new (QW_TYPE_PLAYER_CHOOSER, NULL);

  for (guint k = 0; k < n_first; k++)
    for (guint i = 0; i < entries->len; i++)
      {
        const QwEntry *e = g_ptr_array_index (entries, i);

        if (e->id == first[k])
          {
            GtkWidget *row = player_row (self, e, TRUE);

            g_ptr_array_add (self->entries, qw_entry_copy (e));
            g_ptr_array_add (self->rows, row);
            gtk_list_box_append (self->list, row);
          }
      }
  for (guint i = 0; i < entries->len; i++)
    {
      const QwEntry *e = g_ptr_array_index (entries, i);
      gboolean listed = FALSE;
      GtkWidget *row;

      for (guint k = 0; k < n_first; k++)
        listed |= e->id == first[k];
      if (listed)
        continue;
      row = player_row (self, e, FALSE);
      g_ptr_array_add (self->entries, qw_entry_copy (e));
      g_ptr_array_add (self->rows, row);
      gtk_list_box_append (self->list, row);
    }
  if (self->rows->len > 0)
    gtk_list_box_select_row (self->list, g_ptr_array_index (self->rows, 0));
  return GTK_WIDGET (self);
}

/* A word beside the player: "已退赛", "第 4 轮请假". */
void
qw_player_chooser_set_note (QwPlayerChooser *self,
                            gint64           entry_id,
                            const char      *note)
{
  g_return_if_fail (QW_IS_PLAYER_CHOOSER (self));

  for (guint i = 0; i < self->entries->len; i++)
    if (((QwEntry *) g_ptr_array_index (self->entries, i))->id == entry_id)
      gtk_label_set_text (g_ptr_array_index (self->notes, i), note);
}

void
qw_player_chooser_set_search (QwPlayerChooser *self,
                              const char      *text)
{
  g_return_if_fail (QW_IS_PLAYER_CHOOSER (self));
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), text);
  /* At once, not after the search entry's delay. */
  search_changed_cb (self);
}

gboolean
qw_player_chooser_select (QwPlayerChooser *self,
                          gint64           entry_id)
{
  g_return_val_if_fail (QW_IS_PLAYER_CHOOSER (self), FALSE);

  for (guint i = 0; i < self->entries->len; i++)
    if (((QwEntry *) g_ptr_array_index (self->entries, i))->id == entry_id)
      {
        gtk_list_box_select_row (self->list, g_ptr_array_index (self->rows, i));
        return TRUE;
      }
  return FALSE;
}

/* Returns: (nullable): the player chosen */
const QwEntry *
qw_player_chooser_get_selected (QwPlayerChooser *self)
{
  gint i;

  g_return_val_if_fail (QW_IS_PLAYER_CHOOSER (self), NULL);
  i = index_of_row (self, gtk_list_box_get_selected_row (self->list));
  if (i < 0 || !matches (self, g_ptr_array_index (self->entries, i)))
    return NULL;
  return g_ptr_array_index (self->entries, i);
}

guint
qw_player_chooser_get_n_shown (QwPlayerChooser *self)
{
  guint n = 0;

  g_return_val_if_fail (QW_IS_PLAYER_CHOOSER (self), 0);
  for (guint i = 0; i < self->entries->len; i++)
    n += matches (self, g_ptr_array_index (self->entries, i)) ? 1 : 0;
  return n;
}
