/* qw-entry-dialog.c: add or edit one entry, with the checks shown as you type
 *
 * The ID number is the one editing field where the full number appears. As
 * the desk types, the dialog shows the group that the birth date gives and
 * every problem of the entry, so mistakes are fixed before the player leaves.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-entry-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "qw-tooltip.h"
#include "qw-cancelled-finalists.h"
#include "qw-entry-dialog.h"
#include "qw-date.h"
#include "qw-entry-check.h"
#include "qw-entry.h"
#include "qw-event.h"
#include "qw-idcard.h"

struct _QwEntryDialog
{
  AdwWindow       parent_instance;

  AdwWindowTitle *title;
  GtkWidget      *save_button;
  GtkWidget      *save_next_button;
  AdwEntryRow    *name_row;
  AdwComboRow    *sex_row;
  AdwEntryRow    *birth_row;
  AdwComboRow    *doc_kind_row;
  AdwEntryRow    *id_row;
  AdwEntryRow    *unit_row;
  AdwEntryRow    *grade_row;
  GtkSpinButton  *rating_spin;
  AdwEntryRow    *phone_row;
  AdwComboRow    *group_row;
  AdwEntryRow    *registered_row;  /* 报名日期: shown when the ruleset has entry windows (十三(一)) */
  AdwActionRow   *stamped_row;     /* 单位盖章: shown when it asks for the stamped form (十一(五)4) */
  GtkSwitch      *stamped_switch;
  GtkLabel       *derived_label;
  AdwActionRow   *card_row;
  AdwPreferencesGroup *check_group;
  GPtrArray      *problem_rows;  /* rows added to check_group */

  QwRuleset      *ruleset;
  QwEvent        *event;
  QwEntry        *original;     /* NULL when adding */
  QwDocument     *doc;          /* NULL: no document checks (a cancelled finalist) */
  GPtrArray      *group_values; /* declared-group text per combo position; "" first */
};

G_DEFINE_FINAL_TYPE (QwEntryDialog, qw_entry_dialog, ADW_TYPE_WINDOW)

enum {
  SAVE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const char *
text_of (AdwEntryRow *row)
{
  return gtk_editable_get_text (GTK_EDITABLE (row));
}

static QwSex
selected_sex (QwEntryDialog *self)
{
  switch (adw_combo_row_get_selected (self->sex_row))
    {
    case 1:
      return QW_SEX_MALE;
    case 2:
      return QW_SEX_FEMALE;
    default:
      return QW_SEX_UNKNOWN;
    }
}

/**
 * qw_entry_dialog_get_entry:
 *
 * Returns: (transfer full): the entry as the fields describe it
 */
QwEntry *
qw_entry_dialog_get_entry (QwEntryDialog *self)
{
  QwEntry *e = self->original != NULL ? qw_entry_copy (self->original) : qw_entry_new ();
  guint group_pos = adw_combo_row_get_selected (self->group_row);
  QwDate birth;

  g_free (e->name);
  e->name = g_strstrip (g_strdup (text_of (self->name_row)));
  e->sex = selected_sex (self);
  g_free (e->birth);
  e->birth = qw_date_parse (text_of (self->birth_row), &birth)
             ? qw_date_to_iso_dup (birth) : g_strstrip (g_strdup (text_of (self->birth_row)));
  e->doc_kind = adw_combo_row_get_selected (self->doc_kind_row) == 1 ? QW_DOC_OTHER : QW_DOC_RESIDENT_ID;
  g_free (e->id_number);
  e->id_number = g_strstrip (g_strdup (text_of (self->id_row)));
  g_free (e->unit);
  e->unit = g_strstrip (g_strdup (text_of (self->unit_row)));
  g_free (e->grade);
  e->grade = g_strstrip (g_strdup (text_of (self->grade_row)));
  /* A number typed but not yet confirmed counts too. */
  gtk_spin_button_update (self->rating_spin);
  e->rating = gtk_spin_button_get_value_as_int (self->rating_spin);
  g_free (e->phone);
  e->phone = g_strstrip (g_strdup (text_of (self->phone_row)));
  g_free (e->declared_group);
  e->declared_group = g_strdup (group_pos < self->group_values->len
                                ? (const char *) g_ptr_array_index (self->group_values, group_pos) : "");
  /* Stored as `qiwang-cli entry --registered` stores it: ISO once it can be
   * read, as typed otherwise (the check then ignores it). Only where the
   * ruleset asks: elsewhere the entry keeps what it had. */
  if (gtk_widget_get_visible (GTK_WIDGET (self->registered_row)))
    {
      QwDate registered;
      const char *typed = text_of (self->registered_row);

      g_free (e->registered);
      e->registered = qw_date_parse (typed, &registered) ? qw_date_to_iso_dup (registered)
                                                         : g_strstrip (g_strdup (typed));
    }
  if (gtk_widget_get_visible (GTK_WIDGET (self->stamped_row)))
    e->form_stamped = gtk_switch_get_active (self->stamped_switch);
  return e;
}

static GtkWidget *
problem_row (QwProblem problem)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *icon = gtk_image_new_from_icon_name (qw_problem_is_error (problem)
                                                  ? "dialog-error-symbolic" : "dialog-warning-symbolic");

  gtk_widget_add_css_class (icon, qw_problem_is_error (problem) ? "error" : "warning");
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), qw_problem_message (problem));
  adw_action_row_add_prefix (ADW_ACTION_ROW (row), icon);
  return row;
}

static void
show_card (QwEntryDialog      *self,
           const QwEntryCheck *check)
{
  g_autofree char *text = NULL;
  char birth[QW_DATE_ISO_LEN];

  if (!check->id.valid)
    {
      adw_action_row_set_subtitle (self->card_row, "—");
      return;
    }
  qw_date_to_iso (check->id.birth, birth);
  text = g_strdup_printf (_("Born %s · %s · %s"), birth, qw_sex_to_chinese (check->id.sex),
                          qw_idcard_province_name (check->id.province));
  adw_action_row_set_subtitle (self->card_row, text);
}

static void
update_check (QwEntryDialog *self)
{
  g_autoptr(QwEntry) e = qw_entry_dialog_get_entry (self);
  QwCheckOptions options = { self->event->start_date, TRUE };
  QwEntryCheck check;
  g_autofree char *age = NULL;

  if (!qw_date_is_set (options.event_date))
    options.event_date = qw_date_today ();
  qw_entry_check (self->ruleset, e, &options, &check);
  /* 九3, 十一(三)3: a finalist whose qualification was cancelled. */
  if (self->doc != NULL && qw_registration_is_cancelled (self->doc, e))
    check.problems |= QW_PROBLEM_BIT (QW_PROBLEM_QUALIFICATION_CANCELLED);
  if (check.age >= 0)
    age = g_strdup_printf (_("%s, aged %d"), check.group != NULL ? check.group->name : _("No formal group"),
                           check.age);
  gtk_label_set_text (self->derived_label, age != NULL ? age
                                           : check.group != NULL ? check.group->name : _("Unknown"));
  show_card (self, &check);
  for (guint i = 0; i < self->problem_rows->len; i++)
    adw_preferences_group_remove (self->check_group, g_ptr_array_index (self->problem_rows, i));
  g_ptr_array_set_size (self->problem_rows, 0);
  for (int p = 0; p < QW_N_PROBLEMS; p++)
    if (check.problems & QW_PROBLEM_BIT (p))
      {
        GtkWidget *row = problem_row ((QwProblem) p);

        adw_preferences_group_add (self->check_group, row);
        g_ptr_array_add (self->problem_rows, row);
      }
  gtk_widget_set_sensitive (self->save_button, e->name[0] != '\0');
  gtk_widget_set_sensitive (self->save_next_button, e->name[0] != '\0');
}

static void
field_changed_cb (QwEntryDialog *self)
{
  if (self->ruleset != NULL && self->event != NULL)
    update_check (self);
}

static gboolean
emit_save (QwEntryDialog *self)
{
  g_autoptr(QwEntry) e = qw_entry_dialog_get_entry (self);
  gboolean saved = FALSE;

  if (e->name[0] == '\0')
    {
      gtk_widget_grab_focus (GTK_WIDGET (self->name_row));
      return FALSE;
    }
  g_signal_emit (self, signals[SAVE], 0, e, &saved);
  return saved;
}

static void
save_clicked_cb (QwEntryDialog *self)
{
  if (emit_save (self))
    gtk_window_destroy (GTK_WINDOW (self));
}

/* Keeps the unit: a desk usually registers a club's players one after another. */
static void
save_next_clicked_cb (QwEntryDialog *self)
{
  if (!emit_save (self))
    return;
  g_clear_pointer (&self->original, qw_entry_free);
  gtk_editable_set_text (GTK_EDITABLE (self->name_row), "");
  gtk_editable_set_text (GTK_EDITABLE (self->birth_row), "");
  gtk_editable_set_text (GTK_EDITABLE (self->id_row), "");
  gtk_editable_set_text (GTK_EDITABLE (self->grade_row), "");
  gtk_spin_button_set_value (self->rating_spin, 0);
  gtk_editable_set_text (GTK_EDITABLE (self->phone_row), "");
  gtk_switch_set_active (self->stamped_switch, FALSE);
  adw_combo_row_set_selected (self->sex_row, 0);
  adw_combo_row_set_selected (self->group_row, 0);
  adw_window_title_set_title (self->title, _("New Entry"));
  gtk_widget_grab_focus (GTK_WIDGET (self->name_row));
}

static void
fill_group_choices (QwEntryDialog *self,
                    const char    *declared)
{
  g_autoptr(GtkStringList) strings = gtk_string_list_new (NULL);
  guint selected = 0;

  g_ptr_array_set_size (self->group_values, 0);
  gtk_string_list_append (strings, _("Not declared"));
  g_ptr_array_add (self->group_values, g_strdup (""));
  for (guint i = 0; i < self->ruleset->groups->len; i++)
    {
      QwGroupRule *g = g_ptr_array_index (self->ruleset->groups, i);

      gtk_string_list_append (strings, g->name);
      g_ptr_array_add (self->group_values, g_strdup (g->name));
      if (declared != NULL && qw_ruleset_match_group_name (self->ruleset, declared, QW_SEX_UNKNOWN) == g
          && g_str_equal (declared, g->name))
        selected = i + 1;
    }
  /* A local group or a loose spelling is kept as it was typed. */
  if (declared != NULL && *declared != '\0' && selected == 0)
    {
      gtk_string_list_append (strings, declared);
      g_ptr_array_add (self->group_values, g_strdup (declared));
      selected = self->group_values->len - 1;
    }
  adw_combo_row_set_model (self->group_row, G_LIST_MODEL (strings));
  adw_combo_row_set_selected (self->group_row, selected);
}

/**
 * qw_entry_dialog_fill:
 *
 * Shows an entry in the fields (the full ID number: this is an editing field).
 */
void
qw_entry_dialog_fill (QwEntryDialog *self,
                      const QwEntry *entry)
{
  gtk_editable_set_text (GTK_EDITABLE (self->name_row), entry->name != NULL ? entry->name : "");
  adw_combo_row_set_selected (self->sex_row, entry->sex == QW_SEX_MALE ? 1 : entry->sex == QW_SEX_FEMALE ? 2 : 0);
  gtk_editable_set_text (GTK_EDITABLE (self->birth_row), entry->birth != NULL ? entry->birth : "");
  adw_combo_row_set_selected (self->doc_kind_row, entry->doc_kind == QW_DOC_OTHER ? 1 : 0);
  gtk_editable_set_text (GTK_EDITABLE (self->id_row), entry->id_number != NULL ? entry->id_number : "");
  gtk_editable_set_text (GTK_EDITABLE (self->unit_row), entry->unit != NULL ? entry->unit : "");
  gtk_editable_set_text (GTK_EDITABLE (self->grade_row), entry->grade != NULL ? entry->grade : "");
  gtk_spin_button_set_value (self->rating_spin, entry->rating);
  gtk_editable_set_text (GTK_EDITABLE (self->phone_row), entry->phone != NULL ? entry->phone : "");
  gtk_editable_set_text (GTK_EDITABLE (self->registered_row), entry->registered != NULL ? entry->registered : "");
  gtk_switch_set_active (self->stamped_switch, entry->form_stamped);
  fill_group_choices (self, entry->declared_group);
}

static void
qw_entry_dialog_dispose (GObject *object)
{
  QwEntryDialog *self = QW_ENTRY_DIALOG (object);

  g_clear_pointer (&self->ruleset, qw_ruleset_unref);
  g_clear_pointer (&self->event, qw_event_free);
  g_clear_pointer (&self->original, qw_entry_free);
  g_clear_object (&self->doc);
  g_clear_pointer (&self->group_values, g_ptr_array_unref);
  g_clear_pointer (&self->problem_rows, g_ptr_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), QW_TYPE_ENTRY_DIALOG);
  G_OBJECT_CLASS (qw_entry_dialog_parent_class)->dispose (object);
}

static void
save_shortcut (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  save_clicked_cb (QW_ENTRY_DIALOG (widget));
}

static void
save_next_shortcut (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  save_next_clicked_cb (QW_ENTRY_DIALOG (widget));
}

static void
qw_entry_dialog_class_init (QwEntryDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = qw_entry_dialog_dispose;

  /**
   * QwEntryDialog::save:
   * @entry: the entry as filled in (id 0 for a new one)
   *
   * Returns: %TRUE when the handler stored the entry
   */
  signals[SAVE] = g_signal_new ("save", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                g_signal_accumulator_first_wins, NULL, NULL,
                                G_TYPE_BOOLEAN, 1, QW_TYPE_ENTRY | G_SIGNAL_TYPE_STATIC_SCOPE);

  gtk_widget_class_set_template_from_resource (widget_class, "/cn/qiwang/Qiwang/ui/qw-entry-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, QwEntryDialog, title);
  gtk_widget_class_bind_template_child (widget_class, QwEntryDialog, save_button);
  gtk_widget_class_bind_template_child (widget_class, QwEntryDialog, save_next_button);
  gtk_widget_class_bind_template_child (widget_class, QwEntryDialog, name_row);
  gtk_widget_class_bind_template_child (widget_class, QwEntryDialog, sex_row);
  gtk_widget_class_bind_template_child (widget_class, QwEntryDialog, birth_row);
  gtk_widget_class_bind_template_child (widget_class, QwEntryDialog, doc_kind_row);
  gtk_widget_class_bind_template_child (widget_class, QwEntryDialog, id_row);
  gtk_widget_class_bind_template_child (widget_class, QwEntryDialog, unit_row);
  gtk_widget_class_bind_template_child (widget_class, QwEntryDialog, grade_row);
  gtk_widget_class_bind_template_child (widget_class, QwEntryDialog, rating_spin);
  gtk_widget_class_bind_template_child (widget_class, QwEntryDialog, phone_row);
  gtk_widget_class_bind_template_child (widget_class, QwEntryDialog, group_row);
  gtk_widget_class_bind_template_child (widget_class, QwEntryDialog, registered_row);
  gtk_widget_class_bind_template_child (widget_class, QwEntryDialog, stamped_row);
  gtk_widget_class_bind_template_child (widget_class, QwEntryDialog, stamped_switch);
  gtk_widget_class_bind_template_child (widget_class, QwEntryDialog, derived_label);
  gtk_widget_class_bind_template_child (widget_class, QwEntryDialog, card_row);
  gtk_widget_class_bind_template_child (widget_class, QwEntryDialog, check_group);
  gtk_widget_class_bind_template_callback (widget_class, field_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, save_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, save_next_clicked_cb);

  gtk_widget_class_install_action (widget_class, "entry.save", NULL, save_shortcut);
  gtk_widget_class_install_action (widget_class, "entry.save-next", NULL, save_next_shortcut);
  /* Saved as in any editor: Ctrl+S, Enter in a field (qw-entry-dialog.ui),
   * Ctrl+Enter, Alt+S (the button's mnemonic) or the button. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK, "entry.save", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, GDK_CONTROL_MASK, "entry.save", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "entry.save-next", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
qw_entry_dialog_init (QwEntryDialog *self)
{
  const char *sexes[] = { _("Not given"), _("Male"), _("Female"), NULL };
  const char *kinds[] = { _("ID card or household register"), _("Passport or other"), NULL };

  gtk_widget_init_template (GTK_WIDGET (self));
  qw_tooltips_wrap (GTK_WIDGET (self));
  self->group_values = g_ptr_array_new_with_free_func (g_free);
  self->problem_rows = g_ptr_array_new ();
  adw_combo_row_set_model (self->sex_row, G_LIST_MODEL (gtk_string_list_new (sexes)));
  adw_combo_row_set_model (self->doc_kind_row, G_LIST_MODEL (gtk_string_list_new (kinds)));
  /* Enter in the rating saves too (GTK 4.8's spin button has no "activate"
   * of its own: its text has). */
  for (GtkWidget *c = gtk_widget_get_first_child (GTK_WIDGET (self->rating_spin)); c != NULL; c = gtk_widget_get_next_sibling (c))
    if (GTK_IS_TEXT (c))
      g_signal_connect_object (c, "activate", G_CALLBACK (save_clicked_cb), self, G_CONNECT_SWAPPED | G_CONNECT_AFTER);
}

/**
 * qw_entry_dialog_new:
 * @entry: (nullable): the entry to edit, or %NULL to add one
 */
QwEntryDialog *
qw_entry_dialog_new (GtkWindow     *parent,
                     QwRuleset     *ruleset,
                     const QwEvent *event,
                     const QwEntry *entry)
{
  QwEntryDialog *self = g_object_new (QW_TYPE_ENTRY_DIALOG, "transient-for", parent, NULL);
  g_autofree char *title = NULL;

  self->ruleset = qw_ruleset_ref (ruleset);
  self->event = qw_event_copy (event);
  gtk_widget_set_visible (GTK_WIDGET (self->registered_row), qw_ruleset_asks_registered (ruleset));
  gtk_widget_set_visible (GTK_WIDGET (self->stamped_row), qw_ruleset_asks_stamp (ruleset));
  if (entry != NULL)
    {
      self->original = qw_entry_copy (entry);
      qw_entry_dialog_fill (self, entry);
      title = g_strdup_printf (_("Entry No. %d"), entry->no);
      adw_window_title_set_title (self->title, title);
      gtk_widget_set_visible (self->save_next_button, FALSE);
    }
  else
    {
      fill_group_choices (self, NULL);
      adw_window_title_set_title (self->title, _("New Entry"));
    }
  update_check (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->name_row));
  return self;
}

/**
 * qw_entry_dialog_set_document:
 *
 * The document the entry goes into: the check then shows what needs it too
 * (a finalist whose qualification was cancelled, qw-cancelled-finalists.h).
 */
void
qw_entry_dialog_set_document (QwEntryDialog *self,
                              QwDocument    *doc)
{
  g_return_if_fail (QW_IS_ENTRY_DIALOG (self));

  g_set_object (&self->doc, doc);
  update_check (self);
}
