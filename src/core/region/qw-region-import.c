/* qw-region-import.c: bringing a folder of stop files into a region document
 *
 * A province receives a results file (成绩表) from every stop, and may keep
 * a stops CSV for those that did not use Qiwang, or have a stop's own
 * document at hand. Reading and checking files (schema, digest, limits) is
 * the slow part, so it can run in a worker thread; writing to the document
 * stays on the caller's thread, one step per file, so that a rejected file
 * leaves nothing behind, the others still go in, and each can be undone.
 * The GUI's region page and qiwang-cli import-results both come here.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-region-import"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "qw-error.h"
#include "qw-region-import.h"
#include "qw-results-export.h"

/* One file as read, before anything is written. */
typedef struct
{
  char          *display_name;
  QwResults     *results;      /* a results file, or a stop document's results */
  QwStopsImport *stops;        /* a stops CSV */
  GError        *error;        /* the file could not be used */
} ReadFile;

static void
read_file_free (gpointer data)
{
  ReadFile *r = data;

  g_free (r->display_name);
  g_clear_pointer (&r->results, qw_results_free);
  g_clear_pointer (&r->stops, qw_stops_import_free);
  g_clear_error (&r->error);
  g_free (r);
}

void
qw_file_outcome_free (QwFileOutcome *outcome)
{
  if (outcome == NULL)
    return;
  g_free (outcome->display_name);
  g_free (outcome->message);
  g_free (outcome);
}

static gboolean
has_suffix (GFile      *file,
            const char *suffix)
{
  g_autofree char *name = g_file_get_basename (file);
  g_autofree char *lower = name != NULL ? g_utf8_strdown (name, -1) : NULL;

  return lower != NULL && g_str_has_suffix (lower, suffix);
}

/* A stop's own document: its results go through the same XML, digest and
 * all, as the file the stop would have sent. */
static QwResults *
read_stop_document (const char  *path,
                    const char  *display_name,
                    GError     **error)
{
  g_autoptr(QwDocument) doc = qw_document_open (path, error);
  g_autoptr(QwResults) results = NULL;
  g_autofree char *xml = NULL;

  if (doc == NULL)
    return NULL;
  if (qw_document_get_kind (doc) != QW_DOCUMENT_STOP)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                   _("%s is not a stop’s document; open it instead of importing it"), display_name);
      return NULL;
    }
  results = qw_results_from_document (doc, error);
  if (results == NULL || (xml = qw_results_to_xml (results, FALSE, NULL, error)) == NULL)
    return NULL;
  return qw_results_read_memory (xml, strlen (xml), display_name, error);
}

static ReadFile *
read_one (const QwRuleset *ruleset,
          GFile           *file)
{
  ReadFile *r = g_new0 (ReadFile, 1);
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *basename = g_file_get_basename (file);

  r->display_name = g_filename_display_name (basename != NULL ? basename : "?");
  if (path == NULL)
    g_set_error (&r->error, QW_ERROR, QW_ERROR_IO, _("Only local files can be imported"));
  else if (has_suffix (file, ".csv"))
    {
      r->stops = qw_stops_csv_read_file (ruleset, path, &r->error);
      if (r->stops != NULL && !qw_stops_import_check (r->stops, r->display_name, &r->error))
        g_clear_pointer (&r->stops, qw_stops_import_free);
    }
  else if (has_suffix (file, QW_DOCUMENT_SUFFIX))
    r->results = read_stop_document (path, r->display_name, &r->error);
  else if (has_suffix (file, ".xml"))
    r->results = qw_results_read_file (path, &r->error);
  else
    g_set_error (&r->error, QW_ERROR, QW_ERROR_INVALID,
                 _("%s is neither a results file (.xml), a stops CSV (.csv) nor a stop’s document (.qiwang)"),
                 r->display_name);
  return r;
}

/**
 * qw_region_read_files:
 * @files: (element-type GFile)
 *
 * Reads and checks every file; writes nothing. Safe in a worker thread.
 *
 * Returns: (transfer full): the files as read, for qw_region_import_read()
 */
GPtrArray *
qw_region_read_files (const QwRuleset *ruleset,
                      GPtrArray       *files,
                      GCancellable    *cancellable)
{
  GPtrArray *read = g_ptr_array_new_with_free_func (read_file_free);

  for (guint i = 0; i < files->len && !g_cancellable_is_cancelled (cancellable); i++)
    g_ptr_array_add (read, read_one (ruleset, g_ptr_array_index (files, i)));
  return read;
}

typedef struct
{
  QwRuleset *ruleset;
  GPtrArray *files;
} ReadTask;

static void
read_task_free (gpointer data)
{
  ReadTask *t = data;

  qw_ruleset_unref (t->ruleset);
  g_ptr_array_unref (t->files);
  g_free (t);
}

static void
read_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  ReadTask *t = task_data;
  g_autoptr(GPtrArray) read = qw_region_read_files (t->ruleset, t->files, cancellable);

  if (g_task_return_error_if_cancelled (task))
    return;
  g_task_return_pointer (task, g_steal_pointer (&read), (GDestroyNotify) g_ptr_array_unref);
}

void
qw_region_read_files_async (QwRuleset           *ruleset,
                            GPtrArray           *files,
                            GCancellable        *cancellable,
                            GAsyncReadyCallback  callback,
                            gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  ReadTask *t = g_new0 (ReadTask, 1);

  g_task_set_source_tag (task, qw_region_read_files_async);
  t->ruleset = qw_ruleset_ref (ruleset);
  /* The worker gets its own array: the caller may change theirs. */
  t->files = g_ptr_array_copy (files, (GCopyFunc) (void (*) (void)) g_object_ref, NULL);
  g_ptr_array_set_free_func (t->files, g_object_unref);
  g_task_set_task_data (task, t, read_task_free);
  g_task_run_in_thread (task, read_thread);
}

GPtrArray *
qw_region_read_files_finish (GAsyncResult  *result,
                             GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

static QwFileOutcome *
outcome_new (const char        *display_name,
             QwFileOutcomeKind  kind,
             char              *message)
{
  QwFileOutcome *o = g_new0 (QwFileOutcome, 1);

  o->display_name = g_strdup (display_name);
  o->kind = kind;
  o->message = message;
  return o;
}

static QwFileOutcome *
import_results (QwDocument *doc,
                ReadFile   *r)
{
  g_autoptr(GError) error = NULL;
  QwImportOutcome outcome = QW_IMPORT_ADDED;
  const char *name = r->results->event->name;
  int n = qw_results_count_players (r->results);

  if (!qw_region_import_results (doc, r->results, &outcome, NULL, &error))
    return outcome_new (r->display_name, QW_FILE_REJECTED, g_strdup (error->message));
  switch (outcome)
    {
    case QW_IMPORT_REPLACED:
      return outcome_new (r->display_name, QW_FILE_REPLACED,
                          g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                        "Replaced the earlier import of %s (%d player)",
                                                        "Replaced the earlier import of %s (%d players)", n),
                                           name, n));
    case QW_IMPORT_UNCHANGED:
      return outcome_new (r->display_name, QW_FILE_UNCHANGED,
                          g_strdup_printf (_("%s was imported already from the same file; nothing changed"),
                                           name));
    case QW_IMPORT_ADDED:
    default:
      return outcome_new (r->display_name, QW_FILE_ADDED,
                          g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Added %s (%d player)",
                                                        "Added %s (%d players)", n),
                                           name, n));
    }
}

static QwFileOutcome *
import_stops (QwDocument *doc,
              ReadFile   *r)
{
  g_autoptr(GError) error = NULL;
  int added = 0, replaced = 0, kept;

  if (!qw_region_import_stops (doc, r->stops->stops, &added, &replaced, &error))
    return outcome_new (r->display_name, QW_FILE_REJECTED, g_strdup (error->message));
  kept = (int) r->stops->stops->len - added - replaced;
  return outcome_new (r->display_name, added > 0 ? QW_FILE_ADDED : replaced > 0 ? QW_FILE_REPLACED
                                                                                : QW_FILE_UNCHANGED,
                      g_strdup_printf (_("Stops added: %d; replaced: %d; kept as imported from their "
                                         "results files: %d"), added, replaced, kept));
}

/**
 * qw_region_import_read:
 * @read: from qw_region_read_files()
 *
 * Writes each file that was read into the region document, one transaction
 * per file.
 *
 * Returns: (element-type QwFileOutcome): one outcome per file, in order
 */
GPtrArray *
qw_region_import_read (QwDocument *doc,
                       GPtrArray  *read)
{
  GPtrArray *outcomes = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_file_outcome_free);

  for (guint i = 0; i < read->len; i++)
    {
      ReadFile *r = g_ptr_array_index (read, i);

      if (r->error != NULL)
        g_ptr_array_add (outcomes, outcome_new (r->display_name, QW_FILE_REJECTED, g_strdup (r->error->message)));
      else if (r->stops != NULL)
        g_ptr_array_add (outcomes, import_stops (doc, r));
      else
        g_ptr_array_add (outcomes, import_results (doc, r));
    }
  return outcomes;
}
