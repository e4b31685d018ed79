/* qw-wildcard-dialog.c: a wild card (外卡) entered by hand on the ladder page
 *
 * The account, the name, one of the ruleset's reasons (十一(五)1) and the
 * application's date (申请日期, 十三(四)1: by the ruleset's deadline, 10月1日
 * in 2022); the core checks them (qw_ladder_store_add_wildcard()) and
 * stores the wild card with the imported ones as one undoable step. A date
 * after the deadline asks for the arbiter's 逾期准许, as an imported wild
 * card's column; without it the wild card is refused (a warning), as an
 * imported one.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-wildcard-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "qw-feedback.h"
#include "qw-ladder-store.h"
#include "qw-ruleset-championship.h"
#include "qw-wildcard-dialog.h"

struct _QwWildcardDialog
{
  AdwMessageDialog   parent_instance;

  AdwEntryRow       *account_row;
  AdwEntryRow       *name_row;
  AdwComboRow       *reason_row;
  AdwEntryRow       *applied_row;
  AdwEntryRow       *late_row;

  QwDocumentContext *context;
  GtkWidget         *feedback;   /* weak */
};

G_DEFINE_FINAL_TYPE (QwWildcardDialog, qw_wildcard_dialog, ADW_TYPE_MESSAGE_DIALOG)

static char *
stripped (AdwEntryRow *row)
{
  return g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (row))));
}

static const QwWildcardReason *
selected_reason (QwWildcardDialog *self)
{
  QwRuleset *ruleset = self->context != NULL ? qw_document_context_get_ruleset (self->context) : NULL;
  guint i = adw_combo_row_get_selected (self->reason_row);

  if (ruleset == NULL || ruleset->ladder == NULL || i >= ruleset->ladder->wildcard_reasons->len)
    return NULL;
  return g_ptr_array_index (ruleset->ladder->wildcard_reasons, i);
}

static QwDate
deadline_of (QwWildcardDialog *self)
{
  QwRuleset *ruleset = self->context != NULL ? qw_document_context_get_ruleset (self->context) : NULL;

  return ruleset != NULL && ruleset->ladder != NULL ? ruleset->ladder->wildcard_deadline : QW_DATE_NONE;
}

/* Whether the date typed lies after the deadline: the 逾期准许 row is shown. */
static gboolean
is_late (QwWildcardDialog *self)
{
  g_autofree char *applied = stripped (self->applied_row);
  QwDate deadline = deadline_of (self), date;

  return qw_date_is_set (deadline) && qw_date_parse (applied, &date) && qw_date_compare (date, deadline) > 0;
}

static void
fields_changed_cb (QwWildcardDialog *self)
{
  g_autofree char *account = stripped (self->account_row);
  g_autofree char *applied = stripped (self->applied_row);
  gboolean dated = applied[0] != '\0' || !qw_date_is_set (deadline_of (self));

  gtk_widget_set_visible (GTK_WIDGET (self->late_row), is_late (self));
  adw_message_dialog_set_response_enabled (ADW_MESSAGE_DIALOG (self), "add",
                                           account[0] != '\0' && selected_reason (self) != NULL && dated);
}

gboolean
qw_wildcard_dialog_add (QwWildcardDialog  *self,
                        GError           **error)
{
  g_autofree char *account = stripped (self->account_row);
  g_autofree char *name = stripped (self->name_row);
  g_autofree char *applied = stripped (self->applied_row);
  g_autofree char *late = is_late (self) ? stripped (self->late_row) : NULL;
  const QwWildcardReason *reason = selected_reason (self);

  g_return_val_if_fail (QW_IS_WILDCARD_DIALOG (self), FALSE);

  return qw_ladder_store_add_wildcard (qw_document_context_get_document (self->context),
                                       qw_document_context_get_ruleset (self->context), account, name,
                                       reason != NULL ? reason->code : "", applied, late, error);
}

static void
response_cb (QwWildcardDialog *self,
             const char       *response)
{
  g_autoptr(GError) error = NULL;

  if (g_strcmp0 (response, "add") != 0 || self->feedback == NULL)
    return;
  if (qw_wildcard_dialog_add (self, &error))
    qw_feedback_undo_toast (self->feedback, qw_document_context_get_document (self->context),
                            _("Wild card added"));
  else
    qw_feedback_error (self->feedback, _("The wild card was not added"), error);
}

void
qw_wildcard_dialog_set (QwWildcardDialog *self,
                        const char       *account,
                        const char       *name,
                        guint             reason)
{
  g_return_if_fail (QW_IS_WILDCARD_DIALOG (self));

  gtk_editable_set_text (GTK_EDITABLE (self->account_row), account != NULL ? account : "");
  gtk_editable_set_text (GTK_EDITABLE (self->name_row), name != NULL ? name : "");
  adw_combo_row_set_selected (self->reason_row, reason);
}

void
qw_wildcard_dialog_set_applied (QwWildcardDialog *self,
                                const char       *applied,
                                const char       *late_allowed)
{
  g_return_if_fail (QW_IS_WILDCARD_DIALOG (self));

  gtk_editable_set_text (GTK_EDITABLE (self->applied_row), applied != NULL ? applied : "");
  gtk_editable_set_text (GTK_EDITABLE (self->late_row), late_allowed != NULL ? late_allowed : "");
}

static void
qw_wildcard_dialog_dispose (GObject *object)
{
  QwWildcardDialog *self = QW_WILDCARD_DIALOG (object);

  g_clear_object (&self->context);
  g_clear_weak_pointer (&self->feedback);
  gtk_widget_dispose_template (GTK_WIDGET (self), QW_TYPE_WILDCARD_DIALOG);
  G_OBJECT_CLASS (qw_wildcard_dialog_parent_class)->dispose (object);
}

static void
qw_wildcard_dialog_class_init (QwWildcardDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = qw_wildcard_dialog_dispose;
  gtk_widget_class_set_template_from_resource (widget_class, "/cn/qiwang/Qiwang/ui/qw-wildcard-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, QwWildcardDialog, account_row);
  gtk_widget_class_bind_template_child (widget_class, QwWildcardDialog, name_row);
  gtk_widget_class_bind_template_child (widget_class, QwWildcardDialog, reason_row);
  gtk_widget_class_bind_template_child (widget_class, QwWildcardDialog, applied_row);
  gtk_widget_class_bind_template_child (widget_class, QwWildcardDialog, late_row);
  gtk_widget_class_bind_template_callback (widget_class, fields_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, response_cb);
}

static void
qw_wildcard_dialog_init (QwWildcardDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

QwWildcardDialog *
qw_wildcard_dialog_new (GtkWindow         *parent,
                        GtkWidget         *feedback,
                        QwDocumentContext *context)
{
  QwWildcardDialog *self = g_object_new (QW_TYPE_WILDCARD_DIALOG, "transient-for", parent, NULL);
  QwRuleset *ruleset = qw_document_context_get_ruleset (context);
  g_autoptr(GtkStringList) reasons = gtk_string_list_new (NULL);
  g_autofree char *applied_title = NULL;
  QwDate deadline;

  self->context = g_object_ref (context);
  g_set_weak_pointer (&self->feedback, feedback);
  for (guint i = 0; ruleset != NULL && ruleset->ladder != NULL && i < ruleset->ladder->wildcard_reasons->len; i++)
    {
      const QwWildcardReason *r = g_ptr_array_index (ruleset->ladder->wildcard_reasons, i);

      gtk_string_list_append (reasons, r->name);
    }
  adw_combo_row_set_model (self->reason_row, G_LIST_MODEL (reasons));
  deadline = deadline_of (self);
  if (qw_date_is_set (deadline))
    {
      char iso[QW_DATE_ISO_LEN];

      qw_date_to_iso (deadline, iso);
      /* Translators: "申请日期（截止 2022-10-01）" */
      applied_title = g_strdup_printf (_("Application date (deadline %s)"), iso);
    }
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->applied_row),
                                 applied_title != NULL ? applied_title : _("Application date"));
  fields_changed_cb (self);
  return self;
}
