/* qw-entries-page-files.c: the entries page's registration lists, imported and exported
 *
 * A registration list (CSV or tab-separated text, in any of the encodings
 * Excel writes) is read and checked in a worker thread, its columns found
 * by their header, by the columns remembered for it or in the column
 * mapping dialog; its usable rows are stored on the main thread in one
 * step, and a report says what was imported, what was rejected and which
 * entries wait as late entries. The exported list is written in a worker.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-entries-page"

#include "config.h"

#include <glib/gi18n.h>

#include "qw-dialog-list.h"
#include "qw-text-wrap.h"
#include "qw-admit-dialog.h"
#include "qw-column-map-dialog.h"
#include "qw-entries-page-private.h"
#include "qw-entry-import.h"
#include "qw-feedback.h"
#include "qw-file-chooser.h"
#include "qw-output.h"
#include "qw-registration.h"
#include "qw-spreadsheet.h"
#include "qw-document-entries.h"
#include "qw-entry-check.h"
#include "qw-entry.h"

static char *
short_problems (guint problems)
{
  GString *text = g_string_new (NULL);

  for (int p = 0; p < QW_N_PROBLEMS; p++)
    if (problems & QW_PROBLEM_BIT (p))
      g_string_append_printf (text, "%s%s", text->len > 0 ? _(", ") : "", qw_problem_short_label ((QwProblem) p));
  return g_string_free (text, FALSE);
}

/* What the import did, in a few lines: the counts, and what to do next. */
static char *
import_report (QwEntryImport  *import,
               QwImportReport *report,
               const char     *file_name,
               guint           n_late)
{
  GString *text = g_string_new (NULL);
  guint with_problems = 0;

  for (guint i = 0; i < report->rows->len; i++)
    {
      const QwImportRow *r = g_ptr_array_index (report->rows, i);

      with_problems += r->outcome != QW_ROW_REJECTED && r->problems != 0;
    }
  g_string_append_printf (text, ngettext ("%u entry imported from %s (%s).",
                                          "%u entries imported from %s (%s).", report->added + report->updated),
                          report->added + report->updated, file_name, report->encoding);
  if (report->updated > 0 || report->unchanged > 0)
    {
      g_string_append_c (text, '\n');
      g_string_append_printf (text, _("%u added, %u updated, %u already there unchanged."), report->added,
                              report->updated, report->unchanged);
    }
  if (with_problems > 0)
    {
      g_string_append_c (text, '\n');
      g_string_append_printf (text, ngettext ("%u of them has problems: see the Problems column.",
                                              "%u of them have problems: see the Problems column.",
                                              with_problems), with_problems);
    }
  if (report->rejected > 0)
    {
      g_string_append_c (text, '\n');
      g_string_append_printf (text, ngettext ("%u row was rejected.", "%u rows were rejected.", report->rejected),
                              report->rejected);
    }
  if (n_late > 0)
    {
      g_string_append_c (text, '\n');
      g_string_append_printf (text, ngettext ("%u entry came after round 1 of its group: you are asked next "
                                              "whether to admit it.",
                                              "%u entries came after round 1 of their group: you are asked next "
                                              "whether to admit them.", n_late), n_late);
    }
  if (import->ignored_columns != NULL && import->ignored_columns[0] != NULL)
    {
      g_autofree char *cols = g_strjoinv ("、", import->ignored_columns);

      g_string_append (text, "\n\n");
      g_string_append_printf (text, _("Columns not used: %s"), cols);
    }
  return g_string_free (text, FALSE);
}

/* Every row that needs a look, by its number in the list (data rows from 1,
 * as in check-entries): rejected with the reason, updated, with problems. */
static char *
import_rows (QwImportReport *report)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < report->rows->len; i++)
    {
      const QwImportRow *r = g_ptr_array_index (report->rows, i);
      const char *name = r->name != NULL && *r->name != '\0' ? r->name : _("(no name)");
      g_autofree char *problems = NULL;

      if (text->len > 0 && (r->outcome == QW_ROW_REJECTED || r->outcome == QW_ROW_UPDATED || r->problems != 0))
        g_string_append_c (text, '\n');
      /* The reason names the row already. */
      if (r->outcome == QW_ROW_REJECTED)
        g_string_append_printf (text, _("Rejected: %s"), r->reason);
      else if (r->problems != 0)
        {
          problems = short_problems (r->problems);
          g_string_append_printf (text, r->outcome == QW_ROW_UPDATED ? _("Row %d: No. %d %s, updated: %s")
                                                                     : _("Row %d: No. %d %s: %s"),
                                  r->row, r->no, name, problems);
        }
      else if (r->outcome == QW_ROW_UPDATED)
        g_string_append_printf (text, _("Row %d: No. %d %s, updated"), r->row, r->no, name);
    }
  return g_string_free (text, FALSE);
}

static GtkWidget *
rows_view (GtkWindow  *parent,
           const char *rows)
{
  GtkWidget *label = gtk_label_new (rows);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_label_set_width_chars (GTK_LABEL (label), 40);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 48);
  gtk_widget_set_margin_end (label, 12);
  return qw_dialog_list_new (parent, label, 260);
}

/* What the worker reads: the list as imported. */
typedef struct
{
  char          *path;
  char          *name;
  QwCsv         *csv;
} ImportTask;

static void
import_task_free (gpointer data)
{
  ImportTask *t = data;

  g_free (t->path);
  g_free (t->name);
  g_clear_pointer (&t->csv, qw_csv_free);
  g_free (t);
}

static void
import_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  ImportTask *t = task_data;
  GError *error = NULL;

  t->csv = qw_spreadsheet_read_file (t->path, 0, &error);
  if (t->csv == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  g_task_return_boolean (task, TRUE);
}

/* The entries an import left waiting as late entries: added, or moved into
 * a group that has started (the core tells which). */
static GPtrArray *
imported_late (QwImportReport *report)
{
  return qw_admit_dialog_late_only (report->late_entries);
}

/* Once the report is read, the late entries are asked about. */
typedef struct
{
  GWeakRef   page;
  GPtrArray *late;
} ReportLate;

static void
report_late_free (gpointer  data,
                  GClosure *closure)
{
  ReportLate *r = data;

  g_weak_ref_clear (&r->page);
  g_ptr_array_unref (r->late);
  g_free (r);
}

static void
report_closed_cb (AdwMessageDialog *dialog,
                  const char       *response,
                  ReportLate       *r)
{
  g_autoptr(QwEntriesPage) self = g_weak_ref_get (&r->page);

  if (self != NULL)
    _qw_entries_page_ask_late (self, gtk_window_get_transient_for (GTK_WINDOW (dialog)), r->late);
}

/* "姓名=B、身份证号=C": the fields a map imports, by column. */
static char *
columns_text (const QwColumnMap *map)
{
  GString *text = g_string_new (NULL);

  for (int f = 0; f < QW_N_ENTRY_FIELDS; f++)
    if (map->column[f] >= 0)
      {
        g_autofree char *letters = qw_column_letters (map->column[f]);

        g_string_append_printf (text, "%s%s=%s", text->len > 0 ? "、" : "", qw_entry_field_label ((QwEntryField) f),
                                letters);
      }
  return g_string_free (text, FALSE);
}

/* Stores a list that was read: all its usable rows in one transaction,
 * then reports what was imported and what was rejected. The import is one
 * step of the history. */
static gboolean
import_read (QwEntriesPage     *self,
             QwEntryImport     *import,
             const char        *name,
             const QwColumnMap *remembered,
             GError           **error)
{
  g_autoptr(QwImportReport) report = NULL;
  g_autofree char *text = NULL;
  g_autofree char *rows = NULL;
  g_autofree char *message = NULL;
  g_autoptr(GPtrArray) late = NULL;
  GtkWidget *dialog;

  report = qw_registration_import (doc_of (self), ruleset_of (self), event_of (self), import, error);
  if (report == NULL)
    return FALSE;
  if (report->updated == 0)
    message = g_strdup_printf (ngettext ("Imported %u entry", "Imported %u entries", report->added),
                               report->added);
  else
    message = g_strdup_printf (_("Imported %u entries (%u added, %u updated)"), report->added + report->updated,
                               report->added, report->updated);
  qw_page_reload (QW_PAGE (self));
  if (report->added + report->updated > 0)
    qw_feedback_undo_toast (GTK_WIDGET (self), doc_of (self), message);
  late = imported_late (report);
  text = import_report (import, report, name, late != NULL ? late->len : 0);
  if (remembered != NULL)
    {
      g_autofree char *mapped = columns_text (remembered);
      g_autofree char *with = g_strdup_printf (_("Columns as remembered for this header: %s"), mapped);
      g_autofree char *old = g_steal_pointer (&text);

      text = g_strdup_printf ("%s\n\n%s", old, with);
    }
  rows = import_rows (report);
  dialog = qw_message_dialog_new (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))),
                                   _("Registration List Imported"), text);
  if (*rows != '\0')
    adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), rows_view (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))), rows));
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  if (late != NULL)
    {
      ReportLate *r = g_new0 (ReportLate, 1);

      g_weak_ref_init (&r->page, self);
      r->late = g_steal_pointer (&late);
      g_signal_connect_data (dialog, "response", G_CALLBACK (report_closed_cb), r, report_late_free, 0);
    }
  gtk_window_present (GTK_WINDOW (dialog));
  return TRUE;
}

/* The columns chosen in the mapping dialog: the list is imported with
 * them, and they are remembered for its header set. */
static void
column_map_import_cb (QwColumnMapDialog *dialog,
                      QwEntriesPage     *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwEntryImport) import = NULL;
  g_autofree char *name = g_filename_display_basename (qw_column_map_dialog_get_path (dialog));
  QwColumnMap map;

  if (qw_page_get_context (QW_PAGE (self)) == NULL)
    return;
  qw_column_map_dialog_get_map (dialog, &map);
  import = qw_entry_import_table (qw_column_map_dialog_get_csv (dialog), &map, &error);
  if (import == NULL || !import_read (self, import, name, NULL, &error))
    {
      qw_feedback_error (GTK_WIDGET (dialog), _("Nothing was imported"), error);
      return;
    }
  if (!qw_desk_remember_columns (doc_of (self), qw_column_map_dialog_get_header (dialog), &map, &error))
    qw_feedback_error (GTK_WIDGET (self), _("The columns could not be remembered"), error);
  gtk_window_destroy (GTK_WINDOW (dialog));
}

/* A list as read: imported by its header, by the columns remembered for
 * the header, or, when the header is not known, by the columns the user
 * maps in a dialog. */
static gboolean
import_list (QwEntriesPage  *self,
             const char     *path,
             const char     *name,
             QwCsv         **csv_inout,
             GError        **error)
{
  QwCsv *csv = *csv_inout;
  g_autoptr(QwImportPreview) preview = qw_entry_import_preview (csv, 0);
  g_autoptr(QwEntryImport) import = NULL;
  g_autoptr(GError) local_error = NULL;
  QwColumnsSource source;
  QwColumnMap map;

  source = qw_desk_columns_for (doc_of (self), (const char * const *) preview->header, NULL, &map);
  if (source != QW_COLUMNS_RECOGNISED || preview->has_name)
    import = qw_entry_import_table (csv, source == QW_COLUMNS_RECOGNISED ? NULL : &map, &local_error);
  if (import == NULL && source == QW_COLUMNS_RECOGNISED)
    {
      QwColumnMapDialog *dialog;

      /* The dialog keeps the list it shows. */
      dialog = qw_column_map_dialog_new (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))), path,
                                         g_steal_pointer (csv_inout), 0);
      g_signal_connect_object (dialog, "import", G_CALLBACK (column_map_import_cb), self, 0);
      gtk_window_present (GTK_WINDOW (dialog));
      return TRUE;
    }
  if (import == NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  return import_read (self, import, name, source == QW_COLUMNS_REMEMBERED ? &map : NULL, error);
}

static void
import_done_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  QwEntriesPage *self = QW_ENTRIES_PAGE (source);
  ImportTask *t = g_task_get_task_data (G_TASK (result));
  g_autoptr(GError) error = NULL;

  /* Cancelled: the page shows another document, or is going away. */
  if (!g_task_propagate_boolean (G_TASK (result), &error)
      && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  _qw_entries_page_set_busy (self, NULL);
  if (error == NULL)
    import_list (self, t->path, t->name, &t->csv, &error);
  if (error != NULL)
    qw_feedback_error (GTK_WIDGET (self), _("Nothing was imported"), error);
}

/**
 * qw_entries_page_import_file:
 *
 * Imports a registration list (CSV or tab-separated text, in any of the
 * encodings Excel writes). The file is read and checked in a worker thread,
 * with a spinner on the page; its usable rows are then stored in one
 * transaction (or nothing, if the file cannot be read), and a report says
 * what was imported and what was rejected. The page is busy meanwhile.
 */
void
qw_entries_page_import_file (QwEntriesPage *self,
                             GFile         *file)
{
  g_autoptr(GTask) task = NULL;
  ImportTask *t;

  g_return_if_fail (QW_IS_ENTRIES_PAGE (self));
  g_return_if_fail (qw_page_get_context (QW_PAGE (self)) != NULL && self->busy_text == NULL);

  t = g_new0 (ImportTask, 1);
  t->path = g_file_get_path (file);
  t->name = g_file_get_basename (file);
  task = g_task_new (self, qw_page_get_cancellable (QW_PAGE (self)), import_done_cb, NULL);
  g_task_set_source_tag (task, qw_entries_page_import_file);
  g_task_set_task_data (task, t, import_task_free);
  _qw_entries_page_set_busy (self, _("Reading the registration list…"));
  g_task_run_in_thread (task, import_thread);
}

static void
import_chosen_cb (GtkWidget *owner,
                  GPtrArray *files,
                  gpointer   data)
{
  QwEntriesPage *self = QW_ENTRIES_PAGE (owner);

  if (qw_page_get_context (QW_PAGE (self)) != NULL && self->busy_text == NULL)
    qw_entries_page_import_file (self, g_ptr_array_index (files, 0));
}

void
_qw_entries_page_choose_import_file (QwEntriesPage *self)
{
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  QwFileQuestion question = { .action = GTK_FILE_CHOOSER_ACTION_OPEN, .title = _("Import a Registration List"),
                              .accept = _("_Import"), .filters = { filter } };

  gtk_file_filter_set_name (filter, _("Registration lists (Excel, CSV, tab-separated text)"));
  gtk_file_filter_add_pattern (filter, "*.xlsx");
  gtk_file_filter_add_pattern (filter, "*.XLSX");
  gtk_file_filter_add_pattern (filter, "*.xls");
  gtk_file_filter_add_pattern (filter, "*.XLS");
  gtk_file_filter_add_pattern (filter, "*.csv");
  gtk_file_filter_add_pattern (filter, "*.CSV");
  gtk_file_filter_add_pattern (filter, "*.txt");
  gtk_file_filter_add_pattern (filter, "*.tsv");
  qw_file_chooser_ask (GTK_WIDGET (self), &question, import_chosen_cb, NULL, NULL);
}

typedef struct
{
  GPtrArray *entries;
  char      *path;
} ExportTask;

static void
export_task_free (gpointer data)
{
  ExportTask *t = data;

  g_ptr_array_unref (t->entries);
  g_free (t->path);
  g_free (t);
}

static void
export_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  ExportTask *t = task_data;
  g_autofree char *csv = qw_entries_to_csv (t->entries, FALSE);
  GError *error = NULL;

  /* Full ID numbers: for the organiser's eyes only. */
  if (!qw_output_replace_contents (t->path, csv, -1, QW_OUTPUT_PRIVATE, &error))
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

static void
export_done_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  QwEntriesPage *self = QW_ENTRIES_PAGE (source);
  g_autoptr(GError) error = NULL;

  if (!g_task_propagate_boolean (G_TASK (result), &error)
      && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  _qw_entries_page_set_busy (self, NULL);
  if (error != NULL)
    qw_feedback_error (GTK_WIDGET (self), _("The list could not be exported"), error);
  else
    qw_feedback_toast (GTK_WIDGET (self), _("Registration list exported"));
}

/**
 * qw_entries_page_export_file:
 *
 * Writes the registration list (every entry, ID numbers in full) as CSV; the
 * file is written in a worker thread, and a toast says when it is done.
 */
void
qw_entries_page_export_file (QwEntriesPage *self,
                             GFile         *file)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(GTask) task = NULL;
  ExportTask *t;

  g_return_if_fail (QW_IS_ENTRIES_PAGE (self));
  g_return_if_fail (qw_page_get_context (QW_PAGE (self)) != NULL && self->busy_text == NULL);

  entries = qw_document_list_entries (doc_of (self), event_of (self)->id, &error);
  if (entries == NULL)
    {
      qw_feedback_error (GTK_WIDGET (self), _("The list could not be exported"), error);
      return;
    }
  t = g_new0 (ExportTask, 1);
  t->entries = g_steal_pointer (&entries);
  t->path = g_file_get_path (file);
  task = g_task_new (self, qw_page_get_cancellable (QW_PAGE (self)), export_done_cb, NULL);
  g_task_set_source_tag (task, qw_entries_page_export_file);
  g_task_set_task_data (task, t, export_task_free);
  _qw_entries_page_set_busy (self, _("Writing the registration list…"));
  g_task_run_in_thread (task, export_thread);
}

static void
export_chosen_cb (GtkWidget *owner,
                  GPtrArray *files,
                  gpointer   data)
{
  QwEntriesPage *self = QW_ENTRIES_PAGE (owner);

  if (qw_page_get_context (QW_PAGE (self)) != NULL && self->busy_text == NULL)
    qw_entries_page_export_file (self, g_ptr_array_index (files, 0));
}

void
_qw_entries_page_choose_export_file (QwEntriesPage *self)
{
  g_autofree char *name = g_strdup_printf ("%s-报名表.csv", event_of (self)->name);
  QwFileQuestion question = { .action = GTK_FILE_CHOOSER_ACTION_SAVE, .title = _("Export the Registration List"),
                              .accept = _("_Export"), .name = name };

  qw_file_chooser_ask (GTK_WIDGET (self), &question, export_chosen_cb, NULL, NULL);
}
