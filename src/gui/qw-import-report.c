/* qw-import-report.c: what happened to each imported file, in a dialog
 *
 * One line per file, with the core's own message for a rejected file, so
 * that the province knows which stop to call back.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-import-report"

#include "config.h"

#include <glib/gi18n.h>

#include "qw-dialog-list.h"
#include "qw-text-wrap.h"
#include "qw-import-report.h"

/**
 * qw_message_row_new:
 * @subtitle: (nullable):
 * @css_class: (nullable): for the icon: "warning", "error", "success"
 *
 * Returns: a row with an icon and a wrapped title (plain text, not markup)
 */
GtkWidget *
qw_message_row_new (const char *title,
                    const char *subtitle,
                    const char *icon_name,
                    const char *css_class)
{
  GtkWidget *row = adw_action_row_new ();
  g_autofree char *title_markup = g_markup_escape_text (title != NULL ? title : "", -1);
  GtkWidget *icon = gtk_image_new_from_icon_name (icon_name);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title_markup);
  adw_action_row_set_title_lines (ADW_ACTION_ROW (row), 0);
  if (subtitle != NULL)
    {
      g_autofree char *subtitle_markup = g_markup_escape_text (subtitle, -1);

      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle_markup);
      adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 0);
    }
  gtk_widget_set_valign (icon, GTK_ALIGN_CENTER);
  if (css_class != NULL)
    gtk_widget_add_css_class (icon, css_class);
  adw_action_row_add_prefix (ADW_ACTION_ROW (row), icon);
  return row;
}

static const char *
outcome_icon (QwFileOutcomeKind kind)
{
  switch (kind)
    {
    case QW_FILE_ADDED:
      return "emblem-ok-symbolic";
    case QW_FILE_REPLACED:
      return "view-refresh-symbolic";
    case QW_FILE_UNCHANGED:
      return "emblem-default-symbolic";
    case QW_FILE_REJECTED:
    default:
      return "dialog-error-symbolic";
    }
}

static const char *
outcome_class (QwFileOutcomeKind kind)
{
  switch (kind)
    {
    case QW_FILE_REJECTED:
      return "error";
    case QW_FILE_UNCHANGED:
      return NULL;
    case QW_FILE_ADDED:
    case QW_FILE_REPLACED:
    default:
      return "success";
    }
}

static void
append_outcomes (GtkListBox *list,
                 GPtrArray  *outcomes,
                 gboolean    rejected)
{
  for (guint i = 0; i < outcomes->len; i++)
    {
      const QwFileOutcome *o = g_ptr_array_index (outcomes, i);

      if ((o->kind == QW_FILE_REJECTED) == rejected)
        gtk_list_box_append (list, qw_message_row_new (o->display_name, o->message, outcome_icon (o->kind),
                                                       outcome_class (o->kind)));
    }
}

static GtkWidget *
report_list (GtkWindow *parent,
             GPtrArray *outcomes)
{
  GtkWidget *list = gtk_list_box_new ();

  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");
  /* Rejected files first: they are what the province must follow up. */
  append_outcomes (GTK_LIST_BOX (list), outcomes, TRUE);
  append_outcomes (GTK_LIST_BOX (list), outcomes, FALSE);
  gtk_widget_set_margin_end (list, 12);
  return qw_dialog_list_new (parent, list, 420);
}

/**
 * qw_import_report_new:
 * @outcomes: (element-type QwFileOutcome): one per file
 *
 * Returns: (transfer floating): an AdwMessageDialog to present
 */
GtkWidget *
qw_import_report_new (GtkWindow *parent,
                      GPtrArray *outcomes)
{
  guint counts[QW_FILE_REJECTED + 1] = { 0 };
  g_autofree char *heading = NULL;
  g_autofree char *body = NULL;
  GtkWidget *dialog;
  guint taken;

  for (guint i = 0; i < outcomes->len; i++)
    counts[((QwFileOutcome *) g_ptr_array_index (outcomes, i))->kind]++;
  taken = outcomes->len - counts[QW_FILE_REJECTED];
  if (taken == 0)
    heading = g_strdup (_("Nothing Was Imported"));
  else
    heading = g_strdup_printf (ngettext ("%u File Imported", "%u Files Imported", taken), taken);
  body = g_strdup_printf (_("Added: %u · Replaced: %u · Already there: %u · Rejected: %u. Nothing was "
                            "taken from a rejected file."),
                          counts[QW_FILE_ADDED], counts[QW_FILE_REPLACED], counts[QW_FILE_UNCHANGED],
                          counts[QW_FILE_REJECTED]);
  dialog = qw_message_dialog_new (parent, heading, body);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), report_list (parent, outcomes));
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_set_default_size (GTK_WINDOW (dialog), 600, -1);
  return dialog;
}
