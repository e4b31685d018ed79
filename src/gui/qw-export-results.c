/* qw-export-results.c: the results file (成绩表) written off the main thread
 *
 * What `qiwang-cli export DOC --out F.xml [--public]` writes, from the same
 * core functions (region/qw-results-export.h, qw-results-file.h). A large
 * stop's standings take a while to compute, so the worker opens the file
 * again on a connection of its own and reads what is committed; the
 * window's connection is never used off the main thread.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-export-results"

#include "config.h"

#include <glib/gi18n.h>

#include "qw-error.h"
#include "qw-export-results.h"
#include "qw-output.h"
#include "qw-results-export.h"
#include "qw-results-file.h"
#include "qw-results-warnings.h"

void
qw_exported_results_free (QwExportedResults *exported)
{
  if (exported == NULL)
    return;
  g_free (exported->path);
  g_free (exported->event_name);
  g_free (exported->digest);
  g_free (exported->warning);
  g_free (exported);
}

static gboolean
same_file (GFile *a,
           GFile *b)
{
  g_autoptr(GFileInfo) ia = NULL;
  g_autoptr(GFileInfo) ib = NULL;

  if (g_file_equal (a, b))
    return TRUE;
  /* Two names for one file (a link, another spelling of the folder). */
  ia = g_file_query_info (a, G_FILE_ATTRIBUTE_ID_FILE, G_FILE_QUERY_INFO_NONE, NULL, NULL);
  ib = g_file_query_info (b, G_FILE_ATTRIBUTE_ID_FILE, G_FILE_QUERY_INFO_NONE, NULL, NULL);
  return ia != NULL && ib != NULL
         && g_strcmp0 (g_file_info_get_attribute_string (ia, G_FILE_ATTRIBUTE_ID_FILE),
                       g_file_info_get_attribute_string (ib, G_FILE_ATTRIBUTE_ID_FILE)) == 0;
}

/**
 * qw_export_results_check_path:
 *
 * A results file never goes over the open document, nor over any Qiwang
 * document: %FALSE with @error saying so.
 */
gboolean
qw_export_results_check_path (QwDocument  *doc,
                              GFile       *out,
                              GError     **error)
{
  g_autoptr(GFile) doc_file = g_file_new_for_path (qw_document_get_path (doc));
  g_autofree char *path = g_file_get_path (out);
  g_autofree char *lower = path != NULL ? g_ascii_strdown (path, -1) : NULL;

  if (path == NULL)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_IO, _("The results file can only be written to a local folder"));
      return FALSE;
    }
  if (same_file (out, doc_file))
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                   _("That is the open document itself: the results file would replace it. Choose another name."));
      return FALSE;
    }
  if (g_str_has_suffix (lower, QW_DOCUMENT_SUFFIX))
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                   _("A results file is an .xml file; it is not written over a Qiwang document (%s)."),
                   QW_DOCUMENT_SUFFIX);
      return FALSE;
    }
  return TRUE;
}

typedef struct
{
  char     *doc_path;
  char     *out_path;
  gboolean  public_form;
} ExportTask;

static void
export_task_free (gpointer data)
{
  ExportTask *t = data;

  g_free (t->doc_path);
  g_free (t->out_path);
  g_free (t);
}

static void
export_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  ExportTask *t = task_data;
  GError *error = NULL;
  g_autoptr(QwDocument) doc = qw_document_open (t->doc_path, &error);
  g_autoptr(QwResults) results = NULL;
  g_autofree char *xml = NULL;
  g_autofree char *digest = NULL;
  QwExportedResults *exported;

  if (doc == NULL || (results = qw_results_from_document (doc, &error)) == NULL
      || (xml = qw_results_to_xml (results, t->public_form, &digest, &error)) == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  if (g_task_return_error_if_cancelled (task))
    return;
  if (!qw_output_replace_contents (t->out_path, xml, -1, t->public_form ? QW_OUTPUT_PUBLIC : QW_OUTPUT_PRIVATE,
                                   &error))
    {
      g_task_return_error (task, error);
      return;
    }
  exported = g_new0 (QwExportedResults, 1);
  exported->path = g_strdup (t->out_path);
  exported->event_name = g_strdup (results->event != NULL ? results->event->name : "");
  exported->players = qw_results_count_players (results);
  exported->digest = g_steal_pointer (&digest);
  exported->public_form = t->public_form;
  exported->warning = qw_results_export_warning (results);
  g_task_return_pointer (task, exported, (GDestroyNotify) qw_exported_results_free);
}

/**
 * qw_export_results_async:
 * @out: where to write; check it first with qw_export_results_check_path()
 * @public_form: ID numbers masked and no dates of birth, for posting
 *
 * Writes the results file of @doc's event in a worker thread.
 */
void
qw_export_results_async (QwDocument          *doc,
                         GFile               *out,
                         gboolean             public_form,
                         GCancellable        *cancellable,
                         GAsyncReadyCallback  callback,
                         gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  ExportTask *t = g_new0 (ExportTask, 1);

  g_return_if_fail (QW_IS_DOCUMENT (doc));

  g_task_set_source_tag (task, qw_export_results_async);
  t->doc_path = g_strdup (qw_document_get_path (doc));
  t->out_path = g_file_get_path (out);
  t->public_form = public_form;
  g_task_set_task_data (task, t, export_task_free);
  g_task_run_in_thread (task, export_thread);
}

QwExportedResults *
qw_export_results_finish (GAsyncResult  *result,
                          GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}
