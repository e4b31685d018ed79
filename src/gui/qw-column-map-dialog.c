/* qw-column-map-dialog.c: which column of a registration list holds which field
 *
 * When the header of a list the desk imports is not one Qiwang recognises,
 * the list's first rows are shown in a small grid with a drop-down above each
 * column, set to what the header recognition found; the user chooses the
 * field each column holds (qw-entry-import.h's fields, 姓名 to 账号2), and,
 * for a workbook of several sheets, the sheet. A field is held by one column:
 * choosing it for a column takes it from the one that had it. The dialog
 * only reads: the entries page imports with the map on "import" and the
 * registration service remembers it for the header set (qw-desk-settings.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-column-map-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "qw-column-map-dialog.h"
#include "qw-idcard.h"
#include "qw-spreadsheet.h"
#include "qw-tooltip.h"

/* The data rows shown under the header. */
#define N_PREVIEW_ROWS 8
/* The drop-downs' first item: the column is not imported. */
#define NO_FIELD 0

struct _QwColumnMapDialog
{
  AdwWindow        parent_instance;

  AdwWindowTitle  *title;
  GtkWidget       *import_button;
  GtkWidget       *sheet_box;
  GtkDropDown     *sheet_dropdown;
  GtkGrid         *grid;
  GtkLabel        *status_label;

  char            *path;
  int              sheet;         /* as read: 0 for the first visible sheet, else from 1 */
  guint            n_sheets;
  QwCsv           *csv;
  QwImportPreview *preview;
  GPtrArray       *dropdowns;     /* GtkDropDown, one per column */
  gboolean         updating;
};

G_DEFINE_FINAL_TYPE (QwColumnMapDialog, qw_column_map_dialog, ADW_TYPE_WINDOW)

enum {
  IMPORT,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
update_status (QwColumnMapDialog *self)
{
  g_autoptr(GString) used = g_string_new (NULL);
  gboolean has_name = FALSE;
  guint n_used = 0;

  for (guint c = 0; c < self->dropdowns->len; c++)
    {
      guint item = gtk_drop_down_get_selected (g_ptr_array_index (self->dropdowns, c));

      if (item == NO_FIELD || item == GTK_INVALID_LIST_POSITION)
        continue;
      has_name |= item - 1 == QW_ENTRY_FIELD_NAME;
      g_string_append_printf (used, "%s%s", n_used > 0 ? "、" : "", qw_entry_field_label ((QwEntryField) (item - 1)));
      n_used++;
    }
  if (self->preview == NULL || self->dropdowns->len == 0)
    gtk_label_set_text (self->status_label, _("This sheet has no rows to import."));
  else if (!has_name)
    gtk_label_set_text (self->status_label, _("Choose the column that holds 姓名 (the name): "
                                              "the list cannot be imported without it."));
  else
    {
      g_autofree char *text = g_strdup_printf (ngettext ("%u of %u column imported: %s.",
                                                         "%u of %u columns imported: %s.", self->dropdowns->len),
                                               n_used, self->dropdowns->len, used->str);

      gtk_label_set_text (self->status_label, text);
    }
  if (has_name)
    gtk_widget_remove_css_class (GTK_WIDGET (self->status_label), "error");
  else
    gtk_widget_add_css_class (GTK_WIDGET (self->status_label), "error");
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "column-map.import", has_name);
}

/* A field is held by one column: the others that had it let it go. */
static void
field_changed_cb (GtkDropDown       *dropdown,
                  GParamSpec        *pspec,
                  QwColumnMapDialog *self)
{
  guint item = gtk_drop_down_get_selected (dropdown);

  if (self->updating)
    return;
  self->updating = TRUE;
  for (guint c = 0; item != NO_FIELD && c < self->dropdowns->len; c++)
    {
      GtkDropDown *other = g_ptr_array_index (self->dropdowns, c);

      if (other != dropdown && gtk_drop_down_get_selected (other) == item)
        gtk_drop_down_set_selected (other, NO_FIELD);
    }
  self->updating = FALSE;
  update_status (self);
}

static GtkWidget *
cell (const char *text,
      const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 20);
  gtk_label_set_width_chars (GTK_LABEL (label), 6);
  if (text != NULL && *text != '\0')
    qw_tooltip_set_text (label, text);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  return label;
}

static GtkWidget *
field_dropdown (void)
{
  g_autoptr(GtkStringList) fields = gtk_string_list_new (NULL);

  gtk_string_list_append (fields, _("Not imported"));
  for (int f = 0; f < QW_N_ENTRY_FIELDS; f++)
    gtk_string_list_append (fields, qw_entry_field_label ((QwEntryField) f));
  return gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&fields)), NULL);
}

/* The grid: the line numbers, then a column each: its letter, its field,
 * its header cell and the first rows. */
static void
fill_grid (QwColumnMapDialog *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->grid))) != NULL)
    gtk_grid_remove (self->grid, child);
  g_ptr_array_set_size (self->dropdowns, 0);
  g_clear_pointer (&self->preview, qw_import_preview_free);
  if (self->csv == NULL || self->csv->rows->len == 0)
    {
      update_status (self);
      return;
    }
  self->preview = qw_entry_import_preview (self->csv, N_PREVIEW_ROWS);
  self->updating = TRUE;
  for (int c = 0; c < self->preview->n_columns; c++)
    {
      g_autofree char *letters = qw_column_letters (c);
      GtkWidget *dropdown = field_dropdown ();
      const char *header = c < (int) g_strv_length (self->preview->header) ? self->preview->header[c] : "";
      g_autofree char *tip = g_strdup_printf (_("What column %s holds"), letters);

      gtk_grid_attach (self->grid, cell (letters, "dim-label"), c + 1, 0, 1, 1);
      for (int f = 0; f < QW_N_ENTRY_FIELDS; f++)
        if (self->preview->recognised.column[f] == c)
          {
            gtk_drop_down_set_selected (GTK_DROP_DOWN (dropdown), (guint) f + 1);
            break;
          }
      qw_tooltip_set_text (dropdown, tip);
      gtk_accessible_update_property (GTK_ACCESSIBLE (dropdown), GTK_ACCESSIBLE_PROPERTY_LABEL, tip, -1);
      g_signal_connect (dropdown, "notify::selected", G_CALLBACK (field_changed_cb), self);
      gtk_grid_attach (self->grid, dropdown, c + 1, 1, 1, 1);
      g_ptr_array_add (self->dropdowns, dropdown);
      gtk_grid_attach (self->grid, cell (header, "heading"), c + 1, 2, 1, 1);
    }
  {
    g_autofree char *line = g_strdup_printf (_("Line %d"), self->preview->header_line);

    gtk_grid_attach (self->grid, cell (line, "dim-label"), 0, 2, 1, 1);
  }
  for (guint r = 0; r < self->preview->rows->len; r++)
    {
      GStrv row = g_ptr_array_index (self->preview->rows, r);
      g_autofree char *line = g_strdup_printf (_("Line %d"), g_array_index (self->preview->lines, int, r));
      guint n = g_strv_length (row);

      gtk_grid_attach (self->grid, cell (line, "dim-label"), 0, (int) r + 3, 1, 1);
      for (guint c = 0; c < n; c++)
        {
          /* The preview is not an editing field (qw_idcard_display_cell()). */
          g_autofree char *shown = qw_idcard_display_cell (row[c]);

          gtk_grid_attach (self->grid, cell (shown, NULL), (int) c + 1, (int) r + 3, 1, 1);
        }
    }
  self->updating = FALSE;
  update_status (self);
}

static gboolean
read_sheet (QwColumnMapDialog *self,
            int                sheet)
{
  g_autoptr(GError) error = NULL;
  QwCsv *csv = qw_spreadsheet_read_file (self->path, sheet, &error);

  if (csv == NULL)
    {
      gtk_label_set_text (self->status_label, error->message);
      gtk_widget_add_css_class (GTK_WIDGET (self->status_label), "error");
      return FALSE;
    }
  g_clear_pointer (&self->csv, qw_csv_free);
  self->csv = csv;
  self->sheet = sheet;
  fill_grid (self);
  return TRUE;
}

static void
sheet_changed_cb (QwColumnMapDialog *self)
{
  guint selected = gtk_drop_down_get_selected (self->sheet_dropdown);

  if (self->path == NULL || self->updating || selected == GTK_INVALID_LIST_POSITION)
    return;
  read_sheet (self, (int) selected + 1);
}

static void
import_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  QwColumnMapDialog *self = QW_COLUMN_MAP_DIALOG (widget);

  if (qw_column_map_dialog_can_import (self))
    g_signal_emit (self, signals[IMPORT], 0);
}

static void
qw_column_map_dialog_dispose (GObject *object)
{
  QwColumnMapDialog *self = QW_COLUMN_MAP_DIALOG (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), QW_TYPE_COLUMN_MAP_DIALOG);
  g_clear_pointer (&self->dropdowns, g_ptr_array_unref);
  g_clear_pointer (&self->preview, qw_import_preview_free);
  g_clear_pointer (&self->csv, qw_csv_free);
  g_clear_pointer (&self->path, g_free);
  G_OBJECT_CLASS (qw_column_map_dialog_parent_class)->dispose (object);
}

static void
qw_column_map_dialog_class_init (QwColumnMapDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = qw_column_map_dialog_dispose;

  /**
   * QwColumnMapDialog::import:
   *
   * The user accepted the map (a column holds 姓名): import the list with
   * qw_column_map_dialog_get_map() from qw_column_map_dialog_get_csv().
   */
  signals[IMPORT] = g_signal_new ("import", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                  G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class, "/cn/qiwang/Qiwang/ui/qw-column-map-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, QwColumnMapDialog, title);
  gtk_widget_class_bind_template_child (widget_class, QwColumnMapDialog, import_button);
  gtk_widget_class_bind_template_child (widget_class, QwColumnMapDialog, sheet_box);
  gtk_widget_class_bind_template_child (widget_class, QwColumnMapDialog, sheet_dropdown);
  gtk_widget_class_bind_template_child (widget_class, QwColumnMapDialog, grid);
  gtk_widget_class_bind_template_child (widget_class, QwColumnMapDialog, status_label);
  gtk_widget_class_bind_template_callback (widget_class, sheet_changed_cb);

  gtk_widget_class_install_action (widget_class, "column-map.import", NULL, import_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, GDK_CONTROL_MASK, "column-map.import", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Enter, GDK_CONTROL_MASK, "column-map.import", NULL);
}

static void
qw_column_map_dialog_init (QwColumnMapDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->dropdowns = g_ptr_array_new ();
  qw_tooltip_set_text (self->import_button, _("Import the list with these columns (Ctrl+Enter)"));
  gtk_window_set_default_widget (GTK_WINDOW (self), self->import_button);
}

/**
 * qw_column_map_dialog_new:
 * @path: the list's file, to read another sheet of a workbook
 * @csv: (transfer full): the list as read from @sheet
 * @sheet: the sheet read: 0 for the first visible, else from 1
 *
 * Present it; on "import", import the list with the map chosen.
 */
QwColumnMapDialog *
qw_column_map_dialog_new (GtkWindow  *parent,
                          const char *path,
                          QwCsv      *csv,
                          int         sheet)
{
  QwColumnMapDialog *self = g_object_new (QW_TYPE_COLUMN_MAP_DIALOG, "transient-for", parent, NULL);
  g_autofree char *name = g_filename_display_basename (path);
  g_auto(GStrv) sheets = NULL;

  self->path = g_strdup (path);
  self->csv = csv;
  self->sheet = sheet;
  adw_window_title_set_subtitle (self->title, name);
  if (qw_spreadsheet_kind_of (path) != QW_SPREADSHEET_CSV)
    sheets = qw_spreadsheet_sheet_names (path, NULL);
  self->n_sheets = sheets != NULL ? g_strv_length (sheets) : 1;
  if (self->n_sheets > 1)
    {
      self->updating = TRUE;
      gtk_drop_down_set_model (self->sheet_dropdown,
                               G_LIST_MODEL (gtk_string_list_new ((const char * const *) sheets)));
      g_object_unref (gtk_drop_down_get_model (self->sheet_dropdown));
      gtk_drop_down_set_selected (self->sheet_dropdown, sheet > 0 ? (guint) sheet - 1 : 0);
      self->updating = FALSE;
      gtk_widget_set_visible (self->sheet_box, TRUE);
    }
  fill_grid (self);
  return self;
}

/* The map chosen: the column of each field, -1 for none. */
void
qw_column_map_dialog_get_map (QwColumnMapDialog *self,
                              QwColumnMap       *out)
{
  g_return_if_fail (QW_IS_COLUMN_MAP_DIALOG (self));

  qw_column_map_clear (out);
  for (guint c = 0; c < self->dropdowns->len; c++)
    {
      guint item = gtk_drop_down_get_selected (g_ptr_array_index (self->dropdowns, c));

      if (item != NO_FIELD && item != GTK_INVALID_LIST_POSITION)
        out->column[item - 1] = (int) c;
    }
}

/* @field: a QwEntryField, or -1 for "not imported". */
gboolean
qw_column_map_dialog_set_field (QwColumnMapDialog *self,
                                int                column,
                                int                field)
{
  g_return_val_if_fail (QW_IS_COLUMN_MAP_DIALOG (self), FALSE);

  if (column < 0 || (guint) column >= self->dropdowns->len || field < -1 || field >= QW_N_ENTRY_FIELDS)
    return FALSE;
  gtk_drop_down_set_selected (g_ptr_array_index (self->dropdowns, column), (guint) (field + 1));
  return TRUE;
}

/* @sheet: from 1, as the drop-down lists them. */
gboolean
qw_column_map_dialog_set_sheet (QwColumnMapDialog *self,
                                int                sheet)
{
  g_return_val_if_fail (QW_IS_COLUMN_MAP_DIALOG (self), FALSE);

  if (sheet < 1 || (guint) sheet > self->n_sheets)
    return FALSE;
  gtk_drop_down_set_selected (self->sheet_dropdown, (guint) sheet - 1);
  return self->sheet == sheet;
}

int
qw_column_map_dialog_get_sheet (QwColumnMapDialog *self)
{
  g_return_val_if_fail (QW_IS_COLUMN_MAP_DIALOG (self), 0);
  return self->sheet;
}

guint
qw_column_map_dialog_get_n_sheets (QwColumnMapDialog *self)
{
  g_return_val_if_fail (QW_IS_COLUMN_MAP_DIALOG (self), 0);
  return self->n_sheets;
}

const char *
qw_column_map_dialog_get_path (QwColumnMapDialog *self)
{
  g_return_val_if_fail (QW_IS_COLUMN_MAP_DIALOG (self), NULL);
  return self->path;
}

const QwCsv *
qw_column_map_dialog_get_csv (QwColumnMapDialog *self)
{
  g_return_val_if_fail (QW_IS_COLUMN_MAP_DIALOG (self), NULL);
  return self->csv;
}

/* The header row of the sheet shown, to remember the map by. */
const char * const *
qw_column_map_dialog_get_header (QwColumnMapDialog *self)
{
  g_return_val_if_fail (QW_IS_COLUMN_MAP_DIALOG (self), NULL);
  return self->preview != NULL ? (const char * const *) self->preview->header : NULL;
}

gboolean
qw_column_map_dialog_can_import (QwColumnMapDialog *self)
{
  QwColumnMap map;

  g_return_val_if_fail (QW_IS_COLUMN_MAP_DIALOG (self), FALSE);
  qw_column_map_dialog_get_map (self, &map);
  return self->csv != NULL && map.column[QW_ENTRY_FIELD_NAME] >= 0;
}
