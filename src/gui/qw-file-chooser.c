/* qw-file-chooser.c: asking the user for a file to open or to write
 *
 * Every file dialog of the window, its pages and its dialogs: a native
 * chooser (the portal's in a sandbox), modal over the owner's window, with
 * a Cancel button. The owner is kept until the user answers, and told only
 * when a file was chosen; the chooser goes with the answer. It opens in the
 * folder of the window's document, where the organiser keeps the event's
 * files (not the folder the program was started in).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-file-chooser"

#include "config.h"

#include <glib/gi18n.h>

#include "qw-file-chooser.h"
#include "qw-window.h"

typedef struct
{
  GtkWidget         *owner;
  QwFilesChosenFunc  chosen;
  gpointer           data;
  GDestroyNotify     destroy;
} Question;

static void
question_free (Question *q)
{
  if (q->destroy != NULL)
    q->destroy (q->data);
  g_object_unref (q->owner);
  g_free (q);
}

static GPtrArray *
chosen_files (GtkFileChooser *chooser)
{
  g_autoptr(GListModel) list = gtk_file_chooser_get_files (chooser);
  GPtrArray *files = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    g_ptr_array_add (files, g_list_model_get_item (list, i));
  return files;
}

static void
response_cb (GtkNativeDialog *chooser,
             int              response,
             Question        *q)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GPtrArray) files = chosen_files (GTK_FILE_CHOOSER (chooser));

      if (files->len > 0)
        q->chosen (q->owner, files, q->data);
    }
  gtk_native_dialog_destroy (chooser);
  g_object_unref (chooser);
  question_free (q);
}

/* The folder of the document of @owner's window, or of the window a dialog
 * is over; %NULL without a document. */
static GFile *
document_folder (GtkWidget *owner)
{
  GtkRoot *root = gtk_widget_get_root (owner);

  for (GtkWindow *w = GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL; w != NULL; w = gtk_window_get_transient_for (w))
    if (QW_IS_WINDOW (w) && qw_window_has_document (QW_WINDOW (w)))
      {
        g_autoptr(GFile) file = g_file_new_for_path (qw_document_get_path (qw_window_get_document (QW_WINDOW (w))));

        return g_file_get_parent (file);
      }
  return NULL;
}

/**
 * qw_file_chooser_ask:
 * @owner: the page or window asking; its window is the chooser's parent
 * @chosen: called with the files, when the user chose some
 * @data: (nullable): for @chosen; freed with @destroy once the user answered
 *
 * Asks @question and returns at once.
 */
void
qw_file_chooser_ask (GtkWidget            *owner,
                     const QwFileQuestion *question,
                     QwFilesChosenFunc     chosen,
                     gpointer              data,
                     GDestroyNotify        destroy)
{
  GtkRoot *root = gtk_widget_get_root (owner);
  GtkFileChooserNative *chooser;
  g_autoptr(GFile) folder = NULL;
  Question *q;

  g_return_if_fail (GTK_IS_WIDGET (owner));
  g_return_if_fail (question != NULL && chosen != NULL);

  chooser = gtk_file_chooser_native_new (question->title, GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                         question->action, question->accept, _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  for (guint i = 0; i < G_N_ELEMENTS (question->filters) && question->filters[i] != NULL; i++)
    gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), question->filters[i]);
  /* Set before the name: a save dialog keeps the name typed in the folder. */
  if ((folder = document_folder (owner)) != NULL)
    gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), folder, NULL);
  if (question->name != NULL)
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), question->name);
  gtk_file_chooser_set_select_multiple (GTK_FILE_CHOOSER (chooser), question->multiple);
  q = g_new0 (Question, 1);
  q->owner = g_object_ref (owner);
  q->chosen = chosen;
  q->data = data;
  q->destroy = destroy;
  g_signal_connect (chooser, "response", G_CALLBACK (response_cb), q);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}
