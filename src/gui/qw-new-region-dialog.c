/* qw-new-region-dialog.c: create a region document (or a national one)
 *
 * A province collects its stops in a region document: it names the region
 * and the season's ruleset, then where to save it. The national organiser
 * collects the regions' nominees in a national document.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-new-region-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "qw-text-wrap.h"
#include "qw-file-chooser.h"
#include "qw-tooltip.h"
#include "qw-new-region-dialog.h"
#include "qw-new-stop-dialog.h"
#include "qw-region.h"
#include "qw-ruleset.h"

struct _QwNewRegionDialog
{
  AdwWindow            parent_instance;

  AdwWindowTitle      *title;
  AdwPreferencesGroup *group;
  AdwComboRow         *kind_row;
  AdwComboRow         *region_row;
  AdwComboRow         *ruleset_row;

  GStrv                ruleset_ids;
};

G_DEFINE_FINAL_TYPE (QwNewRegionDialog, qw_new_region_dialog, ADW_TYPE_WINDOW)

enum {
  CREATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static QwDocumentKind
chosen_kind (QwNewRegionDialog *self)
{
  return adw_combo_row_get_selected (self->kind_row) == 1 ? QW_DOCUMENT_NATIONAL : QW_DOCUMENT_REGION;
}

static const char *
chosen_region (QwNewRegionDialog *self)
{
  GObject *item = adw_combo_row_get_selected_item (self->region_row);

  return GTK_IS_STRING_OBJECT (item) ? gtk_string_object_get_string (GTK_STRING_OBJECT (item)) : "";
}

static const char *
chosen_ruleset (QwNewRegionDialog *self)
{
  guint i = adw_combo_row_get_selected (self->ruleset_row);

  return i < g_strv_length (self->ruleset_ids) ? self->ruleset_ids[i] : "qiwang-2021";
}

static void
kind_changed_cb (QwNewRegionDialog *self)
{
  gboolean region = chosen_kind (self) == QW_DOCUMENT_REGION;

  gtk_widget_set_visible (GTK_WIDGET (self->region_row), region);
  adw_window_title_set_title (self->title, region ? _("New Region") : _("New National Document"));
  adw_preferences_group_set_description (self->group,
                                         region ? _("A province’s document: it imports the results files of "
                                                    "the region’s stops, computes the quota of national-final "
                                                    "places and names the nominees.")
                                                : _("The national organiser’s document: it imports every "
                                                    "region’s nominees, finds players nominated by two "
                                                    "regions, and ranks the teams."));
}

/**
 * qw_new_region_dialog_create_at:
 *
 * Writes a new region (or national) document. An existing file there is
 * replaced (the file chooser has asked).
 */
gboolean
qw_new_region_dialog_create_at (QwNewRegionDialog  *self,
                                GFile              *file,
                                GError            **error)
{
  g_autofree char *path = g_file_get_path (file);
  QwDocumentKind kind = chosen_kind (self);
  g_autoptr(QwDocument) doc = NULL;

  g_return_val_if_fail (QW_IS_NEW_REGION_DIALOG (self), FALSE);

  doc = qw_document_create (path, kind, error);
  return doc != NULL
         && qw_region_setup (doc, kind == QW_DOCUMENT_REGION ? chosen_region (self) : "",
                             chosen_ruleset (self), error);
}

static void
save_chosen_cb (GtkWidget *owner,
                GPtrArray *files,
                gpointer   data)
{
  QwNewRegionDialog *self = QW_NEW_REGION_DIALOG (owner);
  GFile *file = g_ptr_array_index (files, 0);
  g_autoptr(GError) error = NULL;
  GtkWidget *dialog;

  if (qw_new_region_dialog_create_at (self, file, &error))
    {
      g_signal_emit (self, signals[CREATED], 0, file);
      gtk_window_destroy (GTK_WINDOW (self));
      return;
    }
  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("The document could not be created"), error->message);
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
create_clicked_cb (QwNewRegionDialog *self)
{
  g_autoptr(QwRuleset) ruleset = qw_ruleset_lookup (chosen_ruleset (self), NULL);
  const char *season = ruleset != NULL ? ruleset->name : "";
  g_autofree char *name = NULL;

  /* The file name says what it is, in the users' language. */
  if (chosen_kind (self) == QW_DOCUMENT_REGION)
    name = g_strdup_printf ("%s%s%s" QW_DOCUMENT_SUFFIX, season, chosen_region (self),
                            ruleset != NULL && ruleset->region_suffix != NULL ? ruleset->region_suffix : "");
  else
    name = g_strdup_printf ("%s全国推荐名单" QW_DOCUMENT_SUFFIX, season);
  {
    QwFileQuestion question = { .action = GTK_FILE_CHOOSER_ACTION_SAVE, .title = _("Save the New Document"),
                                .accept = _("C_reate"), .name = name };

    qw_file_chooser_ask (GTK_WIDGET (self), &question, save_chosen_cb, NULL, NULL);
  }
}

void
qw_new_region_dialog_set_region (QwNewRegionDialog *self,
                                 const char        *region)
{
  const char * const *regions = qw_regions ();

  g_return_if_fail (QW_IS_NEW_REGION_DIALOG (self));

  for (guint i = 0; regions[i] != NULL; i++)
    if (g_strcmp0 (regions[i], region) == 0)
      adw_combo_row_set_selected (self->region_row, i);
}

static void
qw_new_region_dialog_dispose (GObject *object)
{
  QwNewRegionDialog *self = QW_NEW_REGION_DIALOG (object);

  g_clear_pointer (&self->ruleset_ids, g_strfreev);
  gtk_widget_dispose_template (GTK_WIDGET (self), QW_TYPE_NEW_REGION_DIALOG);
  G_OBJECT_CLASS (qw_new_region_dialog_parent_class)->dispose (object);
}

static void
qw_new_region_dialog_class_init (QwNewRegionDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = qw_new_region_dialog_dispose;

  /**
   * QwNewRegionDialog::created:
   * @file: the new document
   */
  signals[CREATED] = g_signal_new ("created", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                   NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_FILE);

  gtk_widget_class_set_template_from_resource (widget_class, "/cn/qiwang/Qiwang/ui/qw-new-region-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, QwNewRegionDialog, title);
  gtk_widget_class_bind_template_child (widget_class, QwNewRegionDialog, group);
  gtk_widget_class_bind_template_child (widget_class, QwNewRegionDialog, kind_row);
  gtk_widget_class_bind_template_child (widget_class, QwNewRegionDialog, region_row);
  gtk_widget_class_bind_template_child (widget_class, QwNewRegionDialog, ruleset_row);
  gtk_widget_class_bind_template_callback (widget_class, kind_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, create_clicked_cb);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
qw_new_region_dialog_init (QwNewRegionDialog *self)
{
  g_autoptr(GtkStringList) kinds = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);

  gtk_widget_init_template (GTK_WIDGET (self));
  qw_tooltips_wrap (GTK_WIDGET (self));
  gtk_string_list_append (kinds, _("Region Document"));
  gtk_string_list_append (kinds, _("National Document"));
  adw_combo_row_set_model (self->kind_row, G_LIST_MODEL (kinds));
  adw_combo_row_set_model (self->region_row, G_LIST_MODEL (gtk_string_list_new (qw_regions ())));
  self->ruleset_ids = qw_ruleset_list_ids ();
  for (guint i = 0; self->ruleset_ids[i] != NULL; i++)
    {
      g_autoptr(QwRuleset) r = qw_ruleset_lookup (self->ruleset_ids[i], NULL);

      gtk_string_list_append (names, r != NULL ? r->name : self->ruleset_ids[i]);
    }
  adw_combo_row_set_model (self->ruleset_row, G_LIST_MODEL (names));
  qw_combo_row_show_whole (self->ruleset_row);
  qw_new_region_dialog_set_region (self, "广东");
  kind_changed_cb (self);
}

/**
 * qw_new_region_dialog_new:
 * @kind: %QW_DOCUMENT_REGION or %QW_DOCUMENT_NATIONAL, preselected
 */
QwNewRegionDialog *
qw_new_region_dialog_new (GtkWindow      *parent,
                          QwDocumentKind  kind)
{
  QwNewRegionDialog *self = g_object_new (QW_TYPE_NEW_REGION_DIALOG, "transient-for", parent, NULL);

  adw_combo_row_set_selected (self->kind_row, kind == QW_DOCUMENT_NATIONAL ? 1 : 0);
  kind_changed_cb (self);
  return self;
}
