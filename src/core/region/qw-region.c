/* qw-region.c: a region document's stops typed in, deleted and put back
 *
 * Stops arrive three ways (qw-region.h): imported from a results file
 * (qw-stop-import.c), typed in or read from a stops CSV, or run in the
 * document itself. Here: a stop typed in, and stops deleted and put back,
 * each one step of the history. The rows go
 * through store/qw-document-region.h; nothing here speaks SQL.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-region"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "qw-error.h"
#include "qw-document-entries.h"
#include "qw-message.h"
#include "qw-region-private.h"

/* Typed-in stops and deletions */

typedef struct
{
  GPtrArray           *stops;       /* QwStopSummary */
  const QwEvent       *original;    /* the stop edited, or NULL */
} StopsJob;

static gboolean
save_stop_step (QwDocument *doc,
                gpointer    data,
                GError    **error)
{
  StopsJob *job = data;

  /* Renamed: the stop is found by its name, so the old one goes first. */
  return (job->original == NULL || qw_region_delete_stop (doc, job->original->id, error))
         && qw_region_import_stops (doc, job->stops, NULL, NULL, error);
}

/* @data: the events of the stops */
static gboolean
delete_stops_step (QwDocument *doc,
                   gpointer    data,
                   GError    **error)
{
  GPtrArray *events = data;

  for (guint i = 0; i < events->len; i++)
    if (!qw_region_delete_stop (doc, ((QwEvent *) g_ptr_array_index (events, i))->id, error))
      return FALSE;
  return TRUE;
}

/* @data: the QwStopsBackup */
static gboolean
restore_stops_step (QwDocument *doc,
                    gpointer    data,
                    GError    **error)
{
  const QwStopsBackup *backup = data;

  for (guint i = 0; i < backup->results->len; i++)
    if (!qw_region_import_results (doc, g_ptr_array_index (backup->results, i), NULL, NULL, error))
      return FALSE;
  return backup->manual->len == 0 || qw_region_import_stops (doc, backup->manual, NULL, NULL, error);
}


/* Another stop of the region (the national final aside) with the same level
 * and name. */
static gboolean
name_taken (QwDocument          *doc,
            const QwStopSummary *stop,
            const QwEvent       *original,
            GError             **error)
{
  g_autoptr(GPtrArray) events = qw_document_list_events (doc, error);

  if (events == NULL)
    return TRUE;
  for (guint i = 0; i < events->len; i++)
    {
      const QwEvent *e = g_ptr_array_index (events, i);

      if (e->level == QW_LEVEL_NATIONAL_FINAL || (original != NULL && e->id == original->id))
        continue;
      if (e->level == stop->level && g_strcmp0 (e->name, stop->name) == 0)
        {
          g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                       _("The region lists a %s named “%s” already; edit that one instead"),
                       qw_level_to_chinese (stop->level), stop->name);
          return TRUE;
        }
    }
  return FALSE;
}

/**
 * qw_region_save_stop:
 * @original: (nullable): the typed-in stop edited, or %NULL for a new one
 *
 * Adds or updates a typed-in stop, as one step.
 */
gboolean
qw_region_save_stop (QwDocument          *doc,
                     const QwStopSummary *stop,
                     const QwEvent       *original,
                     GError             **error)
{
  g_autoptr(GPtrArray) one = g_ptr_array_new ();
  g_autofree char *label = NULL;
  StopsJob job;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);

  if (stop->name == NULL || stop->name[0] == '\0')
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("Give the stop’s official name"));
      return FALSE;
    }
  if (name_taken (doc, stop, original, error))
    return FALSE;
  g_ptr_array_add (one, (gpointer) stop);
  label = original != NULL ? qw_message_printf (N_("Editing the stop %s"), stop->name)
                           : qw_message_printf (N_("Adding the stop %s"), stop->name);
  job = (StopsJob) { one, original };
  return qw_document_run_step (doc, label, save_stop_step, &job, error);
}

void
qw_stops_backup_free (QwStopsBackup *backup)
{
  if (backup == NULL)
    return;
  g_ptr_array_unref (backup->results);
  g_ptr_array_unref (backup->manual);
  g_free (backup);
}

/**
 * qw_region_backup_stops:
 * @events: (element-type QwEvent): imported or typed-in stops
 *
 * Returns: what qw_region_restore_stops() needs to put the stops back
 */
QwStopsBackup *
qw_region_backup_stops (QwDocument *doc,
                        GPtrArray  *events,
                        GError    **error)
{
  g_autoptr(QwStopsBackup) backup = g_new0 (QwStopsBackup, 1);

  backup->results = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_results_free);
  backup->manual = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_stop_summary_free);
  for (guint i = 0; i < events->len; i++)
    {
      const QwEvent *e = g_ptr_array_index (events, i);
      QwStopSummary *s;
      QwResults *results;

      if (e->source == QW_SOURCE_IMPORTED)
        {
          if ((results = qw_region_imported_results (doc, e->id, error)) == NULL)
            return NULL;
          g_ptr_array_add (backup->results, results);
          continue;
        }
      s = qw_stop_summary_new ();
      s->name = g_strdup (e->name);
      s->level = e->level;
      s->host_level = e->host_level;
      s->host = g_strdup (e->host);
      s->prefecture = g_strdup (e->prefecture);
      s->county_city = g_strdup (e->county_city);
      s->honours = g_strdup (e->honours);
      s->participants = e->participants;
      g_ptr_array_add (backup->manual, s);
    }
  return g_steal_pointer (&backup);
}

/**
 * qw_region_delete_stops:
 * @events: (element-type QwEvent): imported or typed-in stops
 *
 * Deletes the stops as one step. A stop run in this document is not deleted
 * here (its entries and games would go with it).
 */
gboolean
qw_region_delete_stops (QwDocument *doc,
                        GPtrArray  *events,
                        GError    **error)
{
  g_autofree char *label = NULL;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);

  for (guint i = 0; i < events->len; i++)
    {
      const QwEvent *e = g_ptr_array_index (events, i);

      if (e->source == QW_SOURCE_LOCAL)
        {
          g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                       _("%s is run in this document; it cannot be deleted from the region’s list"), e->name);
          return FALSE;
        }
    }
  label = events->len == 1
          ? qw_message_printf (N_("Deleting %s"), ((QwEvent *) g_ptr_array_index (events, 0))->name)
          : qw_message_plural ("Deleting %u stop", "Deleting %u stops", events->len,
                             events->len);
  return qw_document_run_step (doc, label, delete_stops_step, events, error);
}

/* Puts deleted stops back, as one step. */
gboolean
qw_region_restore_stops (QwDocument          *doc,
                         const QwStopsBackup *backup,
                         GError             **error)
{
  guint n = backup->results->len + backup->manual->len;
  g_autofree char *label = NULL;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);

  if (n == 1)
    label = qw_message_printf (N_("Restoring %s"),
                             backup->results->len > 0
                             ? ((QwResults *) g_ptr_array_index (backup->results, 0))->event->name
                             : ((QwStopSummary *) g_ptr_array_index (backup->manual, 0))->name);
  else
    label = qw_message_plural ("Restoring %u stop", "Restoring %u stops", n, n);
  return qw_document_run_step (doc, label, restore_stops_step, (gpointer) backup, error);
}
