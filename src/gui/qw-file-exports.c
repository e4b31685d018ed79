/* qw-file-exports.c: lists for Excel, and groups to and from TRF files
 *
 * The window's menu writes what the CLI writes, from the same core
 * functions: the entries as export-entries does (qw_entries_list_sheet(), the
 * ID numbers masked unless the private form is asked for), the standings
 * workbook as `export --out FILE.xlsx` (qw_results_standings_sheets()), both
 * in the document's list order; a group as export-trf (qw_trf_from_group());
 * and a TRF file as a new group as import-trf (qw_trf_import_group(), one
 * step of the history). Each asks for the file, then says in a toast what it
 * wrote, or in a dialog why it could not. The files are small: they are
 * written on the main thread.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-file-exports"

#include "config.h"

#include <glib/gi18n.h>

#include "qw-desk-settings.h"
#include "qw-entries-export.h"
#include "qw-feedback.h"
#include "qw-file-chooser.h"
#include "qw-file-exports.h"
#include "qw-group-code.h"
#include "qw-list-sheet.h"
#include "qw-results-export.h"
#include "qw-results-file.h"
#include "qw-trf-document.h"
#include "qw-trf.h"
#include "qw-document-entries.h"
#include "qw-document-play.h"
#include "qw-error.h"

gboolean
qw_excel_export_from_code (const char    *code,
                           QwExcelExport *out)
{
  static const char *codes[] = { "entries", "entries-private", "standings" };

  for (guint i = 0; i < G_N_ELEMENTS (codes); i++)
    if (g_strcmp0 (code, codes[i]) == 0)
      {
        *out = (QwExcelExport) i;
        return TRUE;
      }
  return FALSE;
}

/**
 * qw_excel_export_write:
 * @path: FILE.xlsx, or FILE.csv for the entries
 * @message: (out): what was written, for the toast
 */
gboolean
qw_excel_export_write (QwDocumentContext  *context,
                       QwExcelExport       kind,
                       const char         *path,
                       char              **message,
                       GError            **error)
{
  QwDocument *doc = qw_document_context_get_document (context);
  const QwEvent *event = qw_document_context_get_event (context);
  g_autoptr(GPtrArray) sheets = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_list_sheet_free);
  g_autofree char *name = g_filename_display_basename (path);

  if (kind == QW_EXCEL_STANDINGS)
    {
      g_autoptr(QwResults) results = qw_results_from_document (doc, error);
      g_autoptr(GPtrArray) groups = NULL;

      if (results == NULL)
        return FALSE;
      groups = qw_results_standings_sheets (results, qw_desk_list_order (doc));
      if (groups->len == 0)
        {
          g_set_error_literal (error, QW_ERROR, QW_ERROR_NOT_FOUND, _("No group has standings yet"));
          return FALSE;
        }
      if (!qw_list_sheets_write_xlsx (groups, path, QW_OUTPUT_PUBLIC, error))
        return FALSE;
      *message = g_strdup_printf (ngettext ("%s written: the standings of %u group",
                                            "%s written: the standings of %u groups", groups->len),
                                  name, groups->len);
      return TRUE;
    }
  else
    {
      g_autoptr(GPtrArray) entries = qw_document_list_entries (doc, event->id, error);
      gboolean private_form = kind == QW_EXCEL_ENTRIES_PRIVATE;

      if (entries == NULL)
        return FALSE;
      g_ptr_array_add (sheets, qw_entries_list_sheet (qw_document_context_get_ruleset (context), event, entries,
                                                      qw_desk_list_order (doc), private_form));
      if (!qw_list_sheets_write (sheets, path, private_form ? QW_OUTPUT_PRIVATE : QW_OUTPUT_PUBLIC, error))
        return FALSE;
      *message = g_strdup_printf (private_form ? ngettext ("%s written: %u entry, with full ID numbers",
                                                           "%s written: %u entries, with full ID numbers",
                                                           entries->len)
                                               : ngettext ("%s written: %u entry, ID numbers masked",
                                                           "%s written: %u entries, ID numbers masked",
                                                           entries->len),
                                  name, entries->len);
      return TRUE;
    }
}

/* What a file is asked for. */
typedef struct
{
  QwDocumentContext *context;
  QwExcelExport      kind;
  char              *group;
} Choice;

static void
choice_free (gpointer data)
{
  Choice *c = data;

  g_object_unref (c->context);
  g_free (c->group);
  g_free (c);
}

static Choice *
choice_new (QwDocumentContext *context)
{
  Choice *c = g_new0 (Choice, 1);

  c->context = g_object_ref (context);
  return c;
}

/* The file chosen, with a suffix that says what it is. */
static char *
chosen_path (GPtrArray  *files,
             const char *suffix)
{
  g_autofree char *path = g_file_get_path (g_ptr_array_index (files, 0));
  g_autofree char *lower = g_ascii_strdown (path, -1);

  if (g_str_has_suffix (lower, suffix) || (g_str_equal (suffix, ".xlsx") && g_str_has_suffix (lower, ".csv")))
    return g_steal_pointer (&path);
  return g_strconcat (path, suffix, NULL);
}

/* Files of @pattern, in upper or lower case. */
static GtkFileFilter *
file_filter (const char *name,
             const char *pattern)
{
  GtkFileFilter *filter = gtk_file_filter_new ();
  g_autofree char *upper = g_ascii_strup (pattern, -1);

  gtk_file_filter_set_name (filter, name);
  gtk_file_filter_add_pattern (filter, pattern);
  gtk_file_filter_add_pattern (filter, upper);
  return filter;
}

/* Where to write: @name offered, made a file name. */
static void
ask_where (GtkWindow         *parent,
           const char        *title,
           const char        *name,
           GtkFileFilter     *filter,
           GtkFileFilter     *other_filter,
           QwFilesChosenFunc  chosen,
           Choice            *c)
{
  g_autofree char *safe = g_strdup (name);
  QwFileQuestion question = { .action = GTK_FILE_CHOOSER_ACTION_SAVE, .title = title, .accept = _("_Export"),
                              .name = safe, .filters = { filter, other_filter } };

  g_strdelimit (safe, "/\\:", '-');
  qw_file_chooser_ask (GTK_WIDGET (parent), &question, chosen, c, choice_free);
}

static void
excel_chosen_cb (GtkWidget *parent,
                 GPtrArray *files,
                 gpointer   data)
{
  Choice *c = data;
  g_autofree char *path = chosen_path (files, ".xlsx");
  g_autofree char *message = NULL;
  g_autoptr(GError) error = NULL;

  if (qw_excel_export_write (c->context, c->kind, path, &message, &error))
    qw_feedback_file_toast (parent, message, path, TRUE);
  else
    qw_feedback_error (parent, _("The workbook could not be written"), error);
}

/**
 * qw_excel_export_choose:
 *
 * Asks where to write the list (.xlsx; .csv for the entries), writes it and
 * says so in a toast.
 */
void
qw_excel_export_choose (GtkWindow         *parent,
                        QwDocumentContext *context,
                        QwExcelExport      kind)
{
  const char *event_name = qw_document_context_get_event (context)->name;
  g_autofree char *name = NULL;
  g_autoptr(GtkFileFilter) xlsx = file_filter (_("Excel workbooks (.xlsx)"), "*.xlsx");
  g_autoptr(GtkFileFilter) csv = NULL;
  Choice *c = choice_new (context);

  /* Translators: file names: "…预选赛-报名表.xlsx", "…-报名表-完整证件号.xlsx", "…-成绩表.xlsx" */
  if (kind == QW_EXCEL_STANDINGS)
    name = g_strdup_printf (_("%s-standings.xlsx"), event_name);
  else if (kind == QW_EXCEL_ENTRIES_PRIVATE)
    name = g_strdup_printf (_("%s-entries-full.xlsx"), event_name);
  else
    name = g_strdup_printf (_("%s-entries.xlsx"), event_name);
  if (kind != QW_EXCEL_STANDINGS)
    csv = file_filter (_("CSV for Excel (.csv)"), "*.csv");
  c->kind = kind;
  ask_where (parent, kind == QW_EXCEL_STANDINGS ? _("Export the Standings for Excel") : _("Export the Entries for Excel"),
             name, xlsx, csv, excel_chosen_cb, c);
}

/* TRF */

gboolean
qw_trf_export_write (QwDocumentContext  *context,
                     const char         *group,
                     const char         *path,
                     char              **message,
                     GError            **error)
{
  QwDocument *doc = qw_document_context_get_document (context);
  const QwEvent *event = qw_document_context_get_event (context);
  g_autoptr(QwSection) section = qw_document_get_section (doc, event->id, group, NULL);
  g_autoptr(QwTrf) trf = NULL;
  g_autofree char *name = g_filename_display_basename (path);
  guint unplayed = 0;

  if (section == NULL)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_NOT_FOUND, _("Group %s has not been paired yet"), group);
      return FALSE;
    }
  if ((trf = qw_trf_from_group (doc, event, section, &unplayed, error)) == NULL
      || !qw_trf_write_file (trf, path, error))
    return FALSE;
  if (unplayed > 0)
    *message = g_strdup_printf (ngettext ("%s written: %u players, %d rounds; %u board has no result yet and is "
                                          "not in the file",
                                          "%s written: %u players, %d rounds; %u boards have no result yet and are "
                                          "not in the file", unplayed),
                                name, trf->players->len, qw_trf_n_rounds (trf), unplayed);
  else
    *message = g_strdup_printf (_("%s written: %u players, %d rounds (TRF-2026, no ID numbers)"), name,
                                trf->players->len, qw_trf_n_rounds (trf));
  return TRUE;
}

static void
trf_export_chosen_cb (GtkWidget *parent,
                      GPtrArray *files,
                      gpointer   data)
{
  Choice *c = data;
  g_autofree char *path = chosen_path (files, ".trf");
  g_autofree char *message = NULL;
  g_autoptr(GError) error = NULL;

  if (qw_trf_export_write (c->context, c->group, path, &message, &error))
    qw_feedback_file_toast (parent, message, path, TRUE);
  else
    qw_feedback_error (parent, _("The TRF file could not be written"), error);
}

/**
 * qw_trf_export_choose:
 * @group: the group's code (the one the rounds page shows)
 *
 * Asks where to write @group as a TRF-2026 file, writes it, says so.
 */
void
qw_trf_export_choose (GtkWindow         *parent,
                      QwDocumentContext *context,
                      const char        *group)
{
  g_autofree char *name = g_strdup_printf ("%s-%s.trf", qw_document_context_get_event (context)->name, group);
  g_autofree char *title = g_strdup_printf (_("Export Group %s as TRF"), group);
  g_autoptr(GtkFileFilter) filter = file_filter (_("FIDE TRF files (.trf)"), "*.trf");
  Choice *c = choice_new (context);

  c->group = g_strdup (group);
  ask_where (parent, title, name, filter, NULL, trf_export_chosen_cb, c);
}

/**
 * qw_trf_import_read:
 * @group: the new group's code
 * @warnings: (out) (transfer full) (element-type utf8): what the file says
 *   that Qiwang reads otherwise
 *
 * Imports the TRF file at @path as the new group @group, one step.
 */
gboolean
qw_trf_import_read (QwDocumentContext  *context,
                    const char         *path,
                    const char         *group,
                    char              **message,
                    GPtrArray         **warnings,
                    GError            **error)
{
  g_autoptr(QwTrf) trf = NULL;
  g_autoptr(QwTrfImport) import = NULL;

  /* The code before the file: a code that is not a name reads nothing. */
  if (!qw_group_code_check (group, error) || (trf = qw_trf_read_file (path, error)) == NULL
      || (import = qw_trf_import_group (qw_document_context_get_document (context),
                                        qw_document_context_get_event (context), trf, group, error)) == NULL)
    return FALSE;
  *message = g_strdup_printf (_("Group %s imported: %d players, %d rounds, %d games and byes"),
                              import->section->code, import->players, import->rounds, import->games);
  *warnings = g_ptr_array_ref (import->warnings);
  return TRUE;
}

typedef struct
{
  GtkWindow         *parent;
  QwDocumentContext *context;
  char              *path;
  GtkEntry          *code;
} TrfImport;

static void
trf_import_free (gpointer  data,
                 GClosure *closure)
{
  TrfImport *t = data;

  g_object_unref (t->parent);
  g_object_unref (t->context);
  g_free (t->path);
  g_free (t);
}

static void
trf_code_response_cb (AdwMessageDialog *dialog,
                      const char       *response,
                      TrfImport        *t)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) warnings = NULL;
  g_autofree char *message = NULL;
  g_autofree char *code = NULL;

  if (!g_str_equal (response, "import"))
    return;
  code = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (t->code))));
  if (!qw_trf_import_read (t->context, t->path, code, &message, &warnings, &error))
    {
      qw_feedback_error (GTK_WIDGET (t->parent), _("The TRF file could not be imported"), error);
      return;
    }
  qw_feedback_undo_toast (GTK_WIDGET (t->parent), qw_document_context_get_document (t->context),
                          message);
  if (warnings->len > 0)
    {
      g_autoptr(GString) body = g_string_new (NULL);
      GtkWidget *notes;

      for (guint i = 0; i < warnings->len; i++)
        g_string_append_printf (body, "%s• %s", i > 0 ? "\n" : "", (char *) g_ptr_array_index (warnings, i));
      notes = adw_message_dialog_new (t->parent, _("Imported, with Warnings"), body->str);
      adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (notes), "close", _("_Close"));
      gtk_window_present (GTK_WINDOW (notes));
    }
}

/* Import only a code that is a name (base/qw-group-code.h). */
static void
trf_code_changed_cb (GtkEditable      *code,
                     AdwMessageDialog *dialog)
{
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (code)));

  adw_message_dialog_set_response_enabled (dialog, "import", qw_group_code_is_valid (text));
}

/* @data: the document's context */
static void
trf_open_chosen_cb (GtkWidget *parent,
                    GPtrArray *files,
                    gpointer   data)
{
  GFile *file = g_ptr_array_index (files, 0);
  g_autofree char *name = g_file_get_basename (file);
  TrfImport *t = g_new0 (TrfImport, 1);
  GtkWidget *dialog;

  t->parent = GTK_WINDOW (g_object_ref (parent));
  t->context = g_object_ref (data);
  t->path = g_file_get_path (file);
  t->code = GTK_ENTRY (gtk_entry_new ());
  gtk_editable_set_text (GTK_EDITABLE (t->code), "trf");
  gtk_entry_set_activates_default (t->code, TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (t->code), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Group code"), -1);
  dialog = adw_message_dialog_new (t->parent, _("Import a TRF File as a Group"), NULL);
  adw_message_dialog_format_body (ADW_MESSAGE_DIALOG (dialog),
                                  _("%s is imported as a new group of the stop, with its players and every "
                                    "round as played. The new group’s code:"), name);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), GTK_WIDGET (t->code));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"),
                                    "import", _("_Import"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "import", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "import");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_object (t->code, "changed", G_CALLBACK (trf_code_changed_cb), dialog, 0);
  g_signal_connect_data (dialog, "response", G_CALLBACK (trf_code_response_cb), t, trf_import_free, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/**
 * qw_trf_import_choose:
 *
 * Asks for a TRF file and the new group's code, imports it (one step).
 */
void
qw_trf_import_choose (GtkWindow         *parent,
                      QwDocumentContext *context)
{
  g_autoptr(GtkFileFilter) filter = file_filter (_("FIDE TRF files (.trf, .txt)"), "*.trf");
  QwFileQuestion question = { .action = GTK_FILE_CHOOSER_ACTION_OPEN, .title = _("Import a TRF File as a Group"),
                              .accept = _("_Open"), .filters = { filter } };

  gtk_file_filter_add_pattern (filter, "*.txt");
  qw_file_chooser_ask (GTK_WIDGET (parent), &question, trf_open_chosen_cb, g_object_ref (context), g_object_unref);
}
