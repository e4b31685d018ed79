/* qw-cancel-finalist-dialog.c: cancelling a finalist's qualification on the ladder page
 *
 * Seed 000 §九3 (名单公示…如被举报，经查实立即取消资格) and §十一(三)3 (若发现
 * 作弊行为，一经查实取消成绩): the arbiter gives what was found (required)
 * and whether the player was reported during the public list or found
 * cheating. The core (qw_ladder_store_cancel(), the function `qiwang-cli
 * ladder-cancel` calls) checks and stores it as one undoable step; undo
 * (Ctrl+Z) takes it back. No one moves up: the place stays empty.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-cancel-finalist-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "qw-cancel-finalist-dialog.h"
#include "qw-feedback.h"
#include "qw-ladder-store.h"
#include "qw-text-wrap.h"

struct _QwCancelFinalistDialog
{
  AdwMessageDialog   parent_instance;

  AdwEntryRow       *reason_row;
  AdwComboRow       *kind_row;

  QwDocumentContext *context;
  GtkWidget         *feedback;   /* weak */
  char              *account;
};

G_DEFINE_FINAL_TYPE (QwCancelFinalistDialog, qw_cancel_finalist_dialog, ADW_TYPE_MESSAGE_DIALOG)

static char *
reason_text (QwCancelFinalistDialog *self)
{
  return g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->reason_row))));
}

/* The reason is required (the core refuses an empty one too). */
static void
fields_changed_cb (QwCancelFinalistDialog *self)
{
  g_autofree char *reason = reason_text (self);

  adw_message_dialog_set_response_enabled (ADW_MESSAGE_DIALOG (self), "cancel-qualification", reason[0] != '\0');
}

static QwLadderCancelKind
selected_kind (QwCancelFinalistDialog *self)
{
  return adw_combo_row_get_selected (self->kind_row) == 1 ? QW_LADDER_CANCEL_CHEATING : QW_LADDER_CANCEL_REPORTED;
}

gboolean
qw_cancel_finalist_dialog_apply (QwCancelFinalistDialog  *self,
                                 GError                 **error)
{
  g_autofree char *reason = reason_text (self);

  g_return_val_if_fail (QW_IS_CANCEL_FINALIST_DIALOG (self), FALSE);

  return qw_ladder_store_cancel (qw_document_context_get_document (self->context),
                                 qw_document_context_get_ruleset (self->context), self->account,
                                 selected_kind (self), reason, NULL, error);
}

static void
response_cb (QwCancelFinalistDialog *self,
             const char             *response)
{
  g_autoptr(GError) error = NULL;

  if (g_strcmp0 (response, "cancel-qualification") != 0 || self->feedback == NULL)
    return;
  if (qw_cancel_finalist_dialog_apply (self, &error))
    qw_feedback_undo_toast (self->feedback, qw_document_context_get_document (self->context),
                            _("Qualification cancelled; the place stays empty"));
  else
    qw_feedback_error (self->feedback, _("The qualification was not cancelled"), error);
}

void
qw_cancel_finalist_dialog_set (QwCancelFinalistDialog *self,
                               QwLadderCancelKind      kind,
                               const char             *reason)
{
  g_return_if_fail (QW_IS_CANCEL_FINALIST_DIALOG (self));

  adw_combo_row_set_selected (self->kind_row, kind == QW_LADDER_CANCEL_CHEATING ? 1 : 0);
  gtk_editable_set_text (GTK_EDITABLE (self->reason_row), reason != NULL ? reason : "");
}

static void
qw_cancel_finalist_dialog_dispose (GObject *object)
{
  QwCancelFinalistDialog *self = QW_CANCEL_FINALIST_DIALOG (object);

  g_clear_object (&self->context);
  g_clear_weak_pointer (&self->feedback);
  g_clear_pointer (&self->account, g_free);
  gtk_widget_dispose_template (GTK_WIDGET (self), QW_TYPE_CANCEL_FINALIST_DIALOG);
  G_OBJECT_CLASS (qw_cancel_finalist_dialog_parent_class)->dispose (object);
}

static void
qw_cancel_finalist_dialog_class_init (QwCancelFinalistDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = qw_cancel_finalist_dialog_dispose;
  gtk_widget_class_set_template_from_resource (widget_class, "/cn/qiwang/Qiwang/ui/qw-cancel-finalist-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, QwCancelFinalistDialog, reason_row);
  gtk_widget_class_bind_template_child (widget_class, QwCancelFinalistDialog, kind_row);
  gtk_widget_class_bind_template_callback (widget_class, fields_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, response_cb);
}

static void
qw_cancel_finalist_dialog_init (QwCancelFinalistDialog *self)
{
  /* 九3 and 十一(三)3, in the order of qw_ladder_cancel_kind_to_code(). */
  const char *kinds[] = { _("Reported during the public list, found true"), _("Cheating, found true"), NULL };

  gtk_widget_init_template (GTK_WIDGET (self));
  adw_combo_row_set_model (self->kind_row, G_LIST_MODEL (gtk_string_list_new (kinds)));
  /* The kind is what the log and the page say: shown whole, not "…被举报…". */
  qw_combo_row_value_whole (self->kind_row);
}

QwCancelFinalistDialog *
qw_cancel_finalist_dialog_new (GtkWindow              *parent,
                               GtkWidget              *feedback,
                               QwDocumentContext      *context,
                               const QwLadderFinalist *finalist,
                               int                     number)
{
  QwCancelFinalistDialog *self = g_object_new (QW_TYPE_CANCEL_FINALIST_DIALOG, "transient-for", parent, NULL);
  g_autofree char *body = NULL;

  self->context = g_object_ref (context);
  self->account = g_strdup (finalist->account);
  g_set_weak_pointer (&self->feedback, feedback);
  /* Translators: "第5名入选者 13812345678 棋手5: …" */
  body = g_strdup_printf (_("Finalist No. %d, %s %s. The place stays empty: no one moves up, and the public "
                            "list shows it as cancelled without the reason. Undo takes it back."),
                          number, finalist->account, finalist->name != NULL ? finalist->name : "");
  adw_message_dialog_set_body (ADW_MESSAGE_DIALOG (self), body);
  fields_changed_cb (self);
  return self;
}
