/* qw-stop-dialog.c: add or edit a stop typed in by hand (no results file)
 *
 * Such a stop carries only what the quota reads: its name, type, host (with
 * its level, prefecture-level and county-level city, honours) and the number
 * of participants. The honours offered are the ruleset's per-host bonuses.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-stop-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "qw-tooltip.h"
#include "qw-stop-dialog.h"
#include "qw-event.h"

/* The host levels a preliminary's host may have, in the combo's order. */
static const QwHostLevel host_levels[] = { QW_HOST_CITY, QW_HOST_COUNTY, QW_HOST_TOWNSHIP };

struct _QwStopDialog
{
  AdwWindow            parent_instance;

  AdwWindowTitle      *title;
  GtkWidget           *save_button;
  AdwEntryRow         *name_row;
  AdwComboRow         *type_row;
  GtkSpinButton       *participants_spin;
  AdwEntryRow         *host_row;
  AdwComboRow         *host_level_row;
  AdwEntryRow         *prefecture_row;
  AdwEntryRow         *county_city_row;
  AdwPreferencesGroup *honours_group;
  AdwActionRow        *status_row;
  GtkImage            *status_icon;

  QwRuleset           *ruleset;
  QwEvent             *original;        /* the typed-in stop edited, or NULL */
  GPtrArray           *honour_checks;   /* GtkCheckButton, one per honour */
  GPtrArray           *honours;         /* (char *) the honour each check stands for */
};

G_DEFINE_FINAL_TYPE (QwStopDialog, qw_stop_dialog, ADW_TYPE_WINDOW)

enum {
  SAVE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static char *
stripped (AdwEntryRow *row)
{
  return g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (row))));
}

static void
set_text (AdwEntryRow *row,
          const char  *text)
{
  gtk_editable_set_text (GTK_EDITABLE (row), text != NULL ? text : "");
}

static char *
honours_text (QwStopDialog *self)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new ();

  for (guint i = 0; i < self->honour_checks->len; i++)
    if (gtk_check_button_get_active (g_ptr_array_index (self->honour_checks, i)))
      g_ptr_array_add (parts, g_ptr_array_index (self->honours, i));
  g_ptr_array_add (parts, NULL);
  return g_strjoinv ("、", (char **) parts->pdata);
}

static gboolean
is_final (QwStopDialog *self)
{
  return adw_combo_row_get_selected (self->type_row) == 1;
}

/**
 * qw_stop_dialog_get_stop:
 *
 * Returns: (transfer full): the stop as filled in
 */
QwStopSummary *
qw_stop_dialog_get_stop (QwStopDialog *self)
{
  QwStopSummary *stop = qw_stop_summary_new ();
  guint level = adw_combo_row_get_selected (self->host_level_row);

  g_return_val_if_fail (QW_IS_STOP_DIALOG (self), stop);

  stop->name = stripped (self->name_row);
  stop->level = is_final (self) ? QW_LEVEL_PROVINCIAL_FINAL : QW_LEVEL_PRELIMINARY;
  stop->host_level = level < G_N_ELEMENTS (host_levels) ? host_levels[level] : QW_HOST_UNKNOWN;
  stop->host = stripped (self->host_row);
  stop->prefecture = stripped (self->prefecture_row);
  stop->county_city = stripped (self->county_city_row);
  stop->honours = honours_text (self);
  stop->participants = gtk_spin_button_get_value_as_int (self->participants_spin);
  return stop;
}

/* What the stop counts for, or what is still missing, under the fields. */
static void
update_status (QwStopDialog *self)
{
  g_autoptr(QwStopSummary) stop = qw_stop_dialog_get_stop (self);
  int min = self->ruleset != NULL ? self->ruleset->valid_stop_min_players : 0;
  g_autofree char *text = NULL;
  const char *icon = "emblem-ok-symbolic";

  gtk_widget_set_sensitive (GTK_WIDGET (self->host_level_row), stop->level == QW_LEVEL_PRELIMINARY);
  if (stop->name[0] == '\0')
    {
      text = g_strdup (_("Give the stop’s official name."));
      icon = "dialog-information-symbolic";
    }
  else if (stop->level == QW_LEVEL_PROVINCIAL_FINAL)
    text = g_strdup_printf (_("The provincial final: its %d participants count towards the region’s total."),
                            stop->participants);
  else if (stop->participants >= min)
    text = g_strdup_printf (_("A valid stop: %d participants (%d or more needed)."), stop->participants, min);
  else
    {
      text = g_strdup_printf (_("Not a valid stop: %d participants, %d or more needed. Its participants "
                                "still count towards the region’s total."), stop->participants, min);
      icon = "dialog-warning-symbolic";
    }
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->status_row), text);
  gtk_image_set_from_icon_name (self->status_icon, icon);
  gtk_widget_set_sensitive (self->save_button, stop->name[0] != '\0');
}

static void
field_changed_cb (QwStopDialog *self)
{
  update_status (self);
}

/**
 * qw_stop_dialog_save:
 *
 * Emits ::save with the stop as filled in.
 *
 * Returns: %TRUE when a handler stored it
 */
gboolean
qw_stop_dialog_save (QwStopDialog *self)
{
  g_autoptr(QwStopSummary) stop = qw_stop_dialog_get_stop (self);
  gboolean saved = FALSE;

  g_return_val_if_fail (QW_IS_STOP_DIALOG (self), FALSE);

  if (stop->name[0] == '\0')
    {
      gtk_widget_grab_focus (GTK_WIDGET (self->name_row));
      return FALSE;
    }
  g_signal_emit (self, signals[SAVE], 0, stop, &saved);
  return saved;
}

static void
save_clicked_cb (QwStopDialog *self)
{
  if (qw_stop_dialog_save (self))
    gtk_window_destroy (GTK_WINDOW (self));
}

static void
save_shortcut (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  save_clicked_cb (QW_STOP_DIALOG (widget));
}

static void
add_honours (QwStopDialog *self)
{
  for (guint i = 0; i < self->ruleset->bonuses->len; i++)
    {
      const QwBonusRule *rule = g_ptr_array_index (self->ruleset->bonuses, i);
      GtkWidget *row, *check;
      g_autofree char *escaped = NULL;

      if (rule->scope != QW_BONUS_PER_HOST || rule->honour == NULL)
        continue;
      row = adw_action_row_new ();
      check = gtk_check_button_new ();
      escaped = g_markup_escape_text (rule->honour, -1);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), escaped);
      g_free (escaped);
      escaped = g_markup_escape_text (rule->label, -1);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), escaped);
      gtk_widget_set_valign (check, GTK_ALIGN_CENTER);
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), check);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), check);
      adw_preferences_group_add (self->honours_group, row);
      g_ptr_array_add (self->honour_checks, check);
      g_ptr_array_add (self->honours, g_strdup (rule->honour));
    }
  gtk_widget_set_visible (GTK_WIDGET (self->honours_group), self->honour_checks->len > 0);
}

/**
 * qw_stop_dialog_fill:
 *
 * Sets every field from a stop (the one edited, or the UI tests').
 */
void
qw_stop_dialog_fill (QwStopDialog        *self,
                     const QwStopSummary *stop)
{
  g_auto(GStrv) honours = qw_honours_split (stop->honours);

  g_return_if_fail (QW_IS_STOP_DIALOG (self));

  set_text (self->name_row, stop->name);
  adw_combo_row_set_selected (self->type_row, stop->level == QW_LEVEL_PROVINCIAL_FINAL ? 1 : 0);
  gtk_spin_button_set_value (self->participants_spin, stop->participants);
  set_text (self->host_row, stop->host);
  for (guint i = 0; i < G_N_ELEMENTS (host_levels); i++)
    if (host_levels[i] == stop->host_level)
      adw_combo_row_set_selected (self->host_level_row, i);
  set_text (self->prefecture_row, stop->prefecture);
  set_text (self->county_city_row, stop->county_city);
  for (guint i = 0; i < self->honour_checks->len; i++)
    gtk_check_button_set_active (g_ptr_array_index (self->honour_checks, i),
                                 g_strv_contains ((const char * const *) honours,
                                                  g_ptr_array_index (self->honours, i)));
  update_status (self);
}

static void
qw_stop_dialog_dispose (GObject *object)
{
  QwStopDialog *self = QW_STOP_DIALOG (object);

  g_clear_pointer (&self->ruleset, qw_ruleset_unref);
  g_clear_pointer (&self->original, qw_event_free);
  g_clear_pointer (&self->honour_checks, g_ptr_array_unref);
  g_clear_pointer (&self->honours, g_ptr_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), QW_TYPE_STOP_DIALOG);
  G_OBJECT_CLASS (qw_stop_dialog_parent_class)->dispose (object);
}

static void
qw_stop_dialog_class_init (QwStopDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = qw_stop_dialog_dispose;

  /**
   * QwStopDialog::save:
   * @stop: (type gpointer): the QwStopSummary as filled in
   *
   * Returns: %TRUE when the handler stored the stop
   */
  signals[SAVE] = g_signal_new ("save", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                g_signal_accumulator_first_wins, NULL, NULL,
                                G_TYPE_BOOLEAN, 1, G_TYPE_POINTER);

  gtk_widget_class_set_template_from_resource (widget_class, "/cn/qiwang/Qiwang/ui/qw-stop-dialog.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, QwStopDialog, name)
  BIND (title);
  BIND (save_button);
  BIND (name_row);
  BIND (type_row);
  BIND (participants_spin);
  BIND (host_row);
  BIND (host_level_row);
  BIND (prefecture_row);
  BIND (county_city_row);
  BIND (honours_group);
  BIND (status_row);
  BIND (status_icon);
#undef BIND
  gtk_widget_class_bind_template_callback (widget_class, field_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, save_clicked_cb);

  gtk_widget_class_install_action (widget_class, "stop.save", NULL, save_shortcut);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, GDK_CONTROL_MASK, "stop.save", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
qw_stop_dialog_init (QwStopDialog *self)
{
  g_autoptr(GtkStringList) types = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) levels = gtk_string_list_new (NULL);

  gtk_widget_init_template (GTK_WIDGET (self));
  qw_tooltips_wrap (GTK_WIDGET (self));
  self->honour_checks = g_ptr_array_new ();
  self->honours = g_ptr_array_new_with_free_func (g_free);
  gtk_string_list_append (types, qw_level_to_chinese (QW_LEVEL_PRELIMINARY));
  gtk_string_list_append (types, qw_level_to_chinese (QW_LEVEL_PROVINCIAL_FINAL));
  adw_combo_row_set_model (self->type_row, G_LIST_MODEL (types));
  for (guint i = 0; i < G_N_ELEMENTS (host_levels); i++)
    gtk_string_list_append (levels, qw_host_level_to_chinese (host_levels[i]));
  adw_combo_row_set_model (self->host_level_row, G_LIST_MODEL (levels));
  adw_combo_row_set_selected (self->host_level_row, 1);
}

/**
 * qw_stop_dialog_new:
 * @stop: (nullable): the typed-in stop to edit, or %NULL to add one
 */
QwStopDialog *
qw_stop_dialog_new (GtkWindow     *parent,
                    QwRuleset     *ruleset,
                    const QwEvent *stop)
{
  QwStopDialog *self = g_object_new (QW_TYPE_STOP_DIALOG, "transient-for", parent, NULL);

  self->ruleset = qw_ruleset_ref (ruleset);
  add_honours (self);
  if (stop != NULL)
    {
      g_autoptr(QwStopSummary) summary = qw_stop_summary_new ();

      self->original = qw_event_copy (stop);
      summary->name = g_strdup (stop->name);
      summary->level = stop->level;
      summary->host_level = stop->host_level;
      summary->host = g_strdup (stop->host);
      summary->prefecture = g_strdup (stop->prefecture);
      summary->county_city = g_strdup (stop->county_city);
      summary->honours = g_strdup (stop->honours);
      summary->participants = stop->participants;
      qw_stop_dialog_fill (self, summary);
      adw_window_title_set_title (self->title, _("Edit a Stop"));
    }
  else
    adw_window_title_set_title (self->title, _("Add a Stop"));
  update_status (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->name_row));
  return self;
}

/**
 * qw_stop_dialog_get_original:
 *
 * Returns: (nullable): the typed-in stop the dialog edits; %NULL when it adds one
 */
const QwEvent *
qw_stop_dialog_get_original (QwStopDialog *self)
{
  g_return_val_if_fail (QW_IS_STOP_DIALOG (self), NULL);
  return self->original;
}
