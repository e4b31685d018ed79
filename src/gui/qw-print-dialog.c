/* qw-print-dialog.c: choose a document to print, preview it, print or export PDF
 *
 * The preview, the PDF and the printer all draw with the same renderer
 * (src/core/qw-print*.c), so what the arbiter sees is what comes out.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-print-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "qw-file-chooser.h"
#include "qw-feedback.h"
#include "qw-notice-overlay.h"
#include "qw-play.h"
#include "qw-print-dialog.h"
#include "qw-tooltip.h"
#include "qw-document-entries.h"
#include "qw-document-play.h"
#include "qw-error.h"
#include "qw-event.h"
#include "qw-game.h"
#include "qw-print-source.h"

/* Papers in the drop-down, after "the document's usual". */
static const QwPaper papers[] = {
  QW_PAPER_DEFAULT, QW_PAPER_A4_PORTRAIT, QW_PAPER_A4_LANDSCAPE, QW_PAPER_A3_PORTRAIT, QW_PAPER_A3_LANDSCAPE,
};

struct _QwPrintDialog
{
  AdwWindow            parent_instance;

  QwNoticeOverlay     *toast_overlay;
  AdwWindowTitle      *title;
  GtkWidget           *print_button;
  GtkWidget           *pdf_button;
  AdwComboRow         *kind_row;
  AdwComboRow         *group_row;
  AdwActionRow        *round_row;
  GtkSpinButton       *round_spin;
  AdwComboRow         *paper_row;
  AdwPreferencesGroup *certificate_group;
  GtkSpinButton       *offset_x_spin;
  GtkSpinButton       *offset_y_spin;
  AdwActionRow        *places_row;
  GtkSpinButton       *places_spin;
  AdwPreferencesGroup *notes_group;
  AdwActionRow        *notes_row;
  GtkStack            *preview_stack;
  GtkPicture          *preview;
  AdwStatusPage       *error_status;
  GtkWidget           *previous_button;
  GtkWidget           *next_button;
  GtkLabel            *page_label;

  QwDocument          *doc;
  GArray              *kinds;         /* QwPrintKind of each row of the kind drop-down */
  GPtrArray           *group_codes;   /* NULL first: every group */
  QwPrintout          *printout;
  guint                page;
  char                *asked;         /* "kind\tgroup" of certificates of an unfinished group asked about */
  char                *confirmed;     /* … and the one the user said to print anyway */
};

G_DEFINE_FINAL_TYPE (QwPrintDialog, qw_print_dialog, ADW_TYPE_WINDOW)

static QwPrintKind
selected_kind (QwPrintDialog *self)
{
  guint i = adw_combo_row_get_selected (self->kind_row);

  return self->kinds != NULL && i < self->kinds->len ? g_array_index (self->kinds, QwPrintKind, i) : QW_PRINT_BOOKLET;
}

/* The kinds the document's ruleset has (qw_print_kind_offered()), @kind selected. */
static void
fill_kinds (QwPrintDialog *self,
            QwDocument    *doc,
            QwPrintKind    kind)
{
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  g_autoptr(QwEvent) event = qw_document_get_main_event (doc, NULL);
  g_autoptr(QwRuleset) ruleset = event != NULL ? qw_ruleset_lookup (event->ruleset, NULL) : NULL;
  guint selected = 0;

  g_array_set_size (self->kinds, 0);
  for (int k = 0; k < QW_N_PRINT_KINDS; k++)
    if (ruleset == NULL || qw_print_kind_offered (ruleset, (QwPrintKind) k))
      {
        QwPrintKind offered = (QwPrintKind) k;

        if (offered == kind)
          selected = self->kinds->len;
        g_array_append_val (self->kinds, offered);
        gtk_string_list_append (names, qw_print_kind_to_chinese (offered));
      }
  adw_combo_row_set_model (self->kind_row, G_LIST_MODEL (names));
  adw_combo_row_set_selected (self->kind_row, selected);
}

/* Renders the page at the preview's size as a texture. */
static void
show_page (QwPrintDialog *self)
{
  g_autofree char *label = NULL;
  guint n = self->printout != NULL ? qw_printout_get_n_pages (self->printout) : 0;
  double width, height, scale;
  cairo_surface_t *surface;
  cairo_t *cr;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  int w, h;

  gtk_widget_set_sensitive (self->previous_button, self->page > 0);
  gtk_widget_set_sensitive (self->next_button, self->page + 1 < n);
  label = n > 0 ? g_strdup_printf (_("Page %u of %u"), self->page + 1, n) : g_strdup ("");
  gtk_label_set_text (self->page_label, label);
  if (n == 0)
    return;
  qw_printout_get_page_size (self->printout, &width, &height);
  /* About 100 dpi: sharp enough on screen, fast to draw. */
  scale = 100.0 / 72.0;
  w = (int) (width * scale);
  h = (int) (height * scale);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  cr = cairo_create (surface);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  cairo_scale (cr, scale, scale);
  qw_printout_draw_page (self->printout, cr, self->page);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  bytes = g_bytes_new (cairo_image_surface_get_data (surface),
                       (gsize) cairo_image_surface_get_stride (surface) * (gsize) h);
  texture = gdk_memory_texture_new (w, h, GDK_MEMORY_DEFAULT, bytes, (gsize) cairo_image_surface_get_stride (surface));
  gtk_picture_set_paintable (self->preview, GDK_PAINTABLE (texture));
  cairo_surface_destroy (surface);
}

static void ask_unfinished (QwPrintDialog *self, const GError *error);

static void
rebuild (QwPrintDialog *self)
{
  QwPrintKind kind = selected_kind (self);
  guint group = adw_combo_row_get_selected (self->group_row);
  QwPrintOptions options = { 0 };
  g_autoptr(GPtrArray) notes = NULL;
  g_autoptr(GError) error = NULL;
  gboolean certificates = kind == QW_PRINT_CERTIFICATES || kind == QW_PRINT_AWARDS;
  g_autofree char *key = NULL;

  gtk_widget_set_visible (GTK_WIDGET (self->round_row),
                          kind == QW_PRINT_PAIRINGS || kind == QW_PRINT_SLIPS || kind == QW_PRINT_STANDINGS);
  /* The prize list is of the whole final, every field in it. */
  gtk_widget_set_visible (GTK_WIDGET (self->group_row), kind != QW_PRINT_PRIZES);
  gtk_widget_set_visible (GTK_WIDGET (self->certificate_group), certificates);
  gtk_widget_set_visible (GTK_WIDGET (self->places_row), kind == QW_PRINT_AWARDS);
  options.group = group < self->group_codes->len ? g_ptr_array_index (self->group_codes, group) : NULL;
  options.round = gtk_spin_button_get_value_as_int (self->round_spin);
  options.paper = papers[MIN (adw_combo_row_get_selected (self->paper_row), G_N_ELEMENTS (papers) - 1)];
  options.offset_x_mm = gtk_spin_button_get_value (self->offset_x_spin);
  options.offset_y_mm = gtk_spin_button_get_value (self->offset_y_spin);
  options.max_place = gtk_spin_button_get_value_as_int (self->places_spin);
  key = g_strdup_printf ("%d\t%s", kind, options.group != NULL ? options.group : "");
  options.unfinished_ok = g_strcmp0 (key, self->confirmed) == 0;

  g_clear_object (&self->printout);
  self->page = 0;
  self->printout = qw_print_document (self->doc, kind, &options, &notes, &error);
  gtk_widget_set_sensitive (self->print_button, self->printout != NULL);
  gtk_widget_set_sensitive (self->pdf_button, self->printout != NULL);
  if (notes != NULL && notes->len > 0)
    {
      g_autofree char *joined = NULL;
      g_autofree char *escaped = NULL;

      g_ptr_array_add (notes, NULL);
      joined = g_strjoinv ("\n", (char **) notes->pdata);
      escaped = g_markup_escape_text (joined, -1);
      adw_action_row_set_subtitle (self->notes_row, escaped);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->notes_group), notes != NULL && notes->len > 0);
  if (self->printout == NULL)
    {
      adw_status_page_set_description (self->error_status, error != NULL ? error->message : NULL);
      gtk_stack_set_visible_child_name (self->preview_stack, "error");
      show_page (self);
      if (g_error_matches (error, QW_ERROR, QW_ERROR_UNFINISHED) && g_strcmp0 (key, self->asked) != 0)
        {
          g_free (self->asked);
          self->asked = g_steal_pointer (&key);
          ask_unfinished (self, error);
        }
      return;
    }
  adw_window_title_set_subtitle (self->title, qw_printout_get_title (self->printout));
  gtk_stack_set_visible_child_name (self->preview_stack, "page");
  show_page (self);
}

static void
unfinished_response_cb (AdwMessageDialog *dialog,
                        const char       *response,
                        QwPrintDialog    *self)
{
  if (g_str_equal (response, "print"))
    {
      g_free (self->confirmed);
      self->confirmed = g_strdup (self->asked);
      rebuild (self);
    }
}

/* Certificates of a group that has not finished (issue 19): asked once for
 * the kind and group; printed anyway, each says 成绩未确定 and has no
 * verification code. */
static void
ask_unfinished (QwPrintDialog *self,
                const GError  *error)
{
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Print Certificates of an Unfinished Group?"),
                                              error->message);

  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"),
                                    "print", _("Print _Provisional"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "print", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (unfinished_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* The options are set before the document is given: nothing to lay out then. */
static void
option_changed_cb (QwPrintDialog *self)
{
  if (self->doc != NULL)
    rebuild (self);
}

static void
previous_clicked_cb (QwPrintDialog *self)
{
  if (self->page > 0)
    self->page--;
  show_page (self);
}

static void
next_clicked_cb (QwPrintDialog *self)
{
  if (self->printout != NULL && self->page + 1 < qw_printout_get_n_pages (self->printout))
    self->page++;
  show_page (self);
}

QwPrintout *
qw_print_dialog_get_printout (QwPrintDialog *self)
{
  return self->printout;
}

static void
show_error (QwPrintDialog *self,
            const char    *heading,
            const GError  *error)
{
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), heading, error != NULL ? error->message : NULL);

  g_warning ("%s: %s", heading, error != NULL ? error->message : "");
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Printing through GtkPrintOperation: the renderer lays the document out on
 * the printer's paper (in points, the whole sheet) and draws page by page. */

static void
begin_print_cb (GtkPrintOperation *operation,
                GtkPrintContext   *context,
                QwPrintDialog     *self)
{
  qw_printout_set_page_size (self->printout, gtk_print_context_get_width (context),
                             gtk_print_context_get_height (context));
  gtk_print_operation_set_n_pages (operation, (int) qw_printout_get_n_pages (self->printout));
}

static void
draw_page_cb (GtkPrintOperation *operation,
              GtkPrintContext   *context,
              int                page,
              QwPrintDialog     *self)
{
  qw_printout_draw_page (self->printout, gtk_print_context_get_cairo_context (context), (guint) page);
}

static void
end_print_cb (GtkPrintOperation *operation,
              GtkPrintContext   *context,
              QwPrintDialog     *self)
{
  /* Back to the preview's paper. */
  rebuild (self);
}

/* A4 or A3 by name, so that printers pick the right tray, turned as the
 * document is laid out. */
static GtkPageSetup *
page_setup_for (QwPrintout *printout)
{
  GtkPageSetup *setup = gtk_page_setup_new ();
  g_autoptr(GtkPaperSize) paper = NULL;
  double width, height;

  qw_printout_get_page_size (printout, &width, &height);
  paper = gtk_paper_size_new (MIN (width, height) > 800 ? GTK_PAPER_NAME_A3 : GTK_PAPER_NAME_A4);
  gtk_page_setup_set_paper_size (setup, paper);
  gtk_page_setup_set_orientation (setup, width > height ? GTK_PAGE_ORIENTATION_LANDSCAPE
                                                        : GTK_PAGE_ORIENTATION_PORTRAIT);
  return setup;
}

static void
print_clicked_cb (QwPrintDialog *self)
{
  g_autoptr(GtkPrintOperation) operation = gtk_print_operation_new ();
  g_autoptr(GtkPageSetup) setup = NULL;
  g_autoptr(GError) error = NULL;
  GtkPrintOperationResult result;

  if (self->printout == NULL)
    return;
  setup = page_setup_for (self->printout);
  gtk_print_operation_set_default_page_setup (operation, setup);
  gtk_print_operation_set_use_full_page (operation, TRUE);
  gtk_print_operation_set_unit (operation, GTK_UNIT_POINTS);
  gtk_print_operation_set_job_name (operation, qw_printout_get_title (self->printout));
  gtk_print_operation_set_embed_page_setup (operation, TRUE);
  g_signal_connect (operation, "begin-print", G_CALLBACK (begin_print_cb), self);
  g_signal_connect (operation, "draw-page", G_CALLBACK (draw_page_cb), self);
  g_signal_connect (operation, "end-print", G_CALLBACK (end_print_cb), self);
  result = gtk_print_operation_run (operation, GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG, GTK_WINDOW (self), &error);
  if (result == GTK_PRINT_OPERATION_RESULT_ERROR)
    show_error (self, _("The document could not be printed"), error);
}

/**
 * qw_print_dialog_export_pdf:
 *
 * Writes what the preview shows as a PDF; a toast says where, with a button
 * to open it.
 */
gboolean
qw_print_dialog_export_pdf (QwPrintDialog  *self,
                            GFile          *file,
                            GError        **error)
{
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *name = g_file_get_basename (file);
  g_autofree char *message = NULL;

  g_return_val_if_fail (self->printout != NULL, FALSE);
  if (!qw_print_to_pdf (self->printout, path, error))
    return FALSE;
  message = g_strdup_printf (_("PDF written: %s"), name);
  qw_feedback_file_toast (GTK_WIDGET (self->toast_overlay), message, path, FALSE);
  return TRUE;
}

static gboolean
kind_has_round (QwPrintKind kind)
{
  return kind == QW_PRINT_PAIRINGS || kind == QW_PRINT_SLIPS || kind == QW_PRINT_STANDINGS;
}

/**
 * qw_print_dialog_suggest_name:
 *
 * The PDF's file name: the document's kind, then the group and the round
 * when they are chosen ("对阵表-公开组男子-第3轮.pdf"), so the next round's does not
 * replace it.
 */
char *
qw_print_dialog_suggest_name (QwPrintDialog *self)
{
  QwPrintKind kind = selected_kind (self);
  guint group = adw_combo_row_get_selected (self->group_row);
  const char *code = group < self->group_codes->len ? g_ptr_array_index (self->group_codes, group) : NULL;
  g_autoptr(GString) name = g_string_new (qw_print_kind_to_chinese (kind));
  int round = gtk_spin_button_get_value_as_int (self->round_spin);
  g_autoptr(QwSection) section = NULL;

  if (code != NULL)
    {
      g_autoptr(QwEvent) event = qw_document_get_main_event (self->doc, NULL);

      section = event != NULL ? qw_document_get_section (self->doc, event->id, code, NULL) : NULL;
      g_string_append_printf (name, "-%s", section != NULL && section->name != NULL && section->name[0] != '\0'
                                           ? section->name : code);
    }
  /* Round 0 is each group's latest: named when one group is chosen. */
  if (kind_has_round (kind) && round == 0 && section != NULL)
    round = qw_document_last_round (self->doc, section->id);
  if (kind_has_round (kind) && round > 0)
    /* Translators: the round in a file name, "对阵表-公开组男子-第3轮.pdf" (no spaces) */
    g_string_append_printf (name, _("-Round%d"), round);
  g_string_append (name, ".pdf");
  g_strdelimit (name->str, "/\\:", '-');
  return g_string_free (g_steal_pointer (&name), FALSE);
}

static void
pdf_chosen_cb (GtkWidget *owner,
               GPtrArray *files,
               gpointer   data)
{
  QwPrintDialog *self = QW_PRINT_DIALOG (owner);
  g_autoptr(GError) error = NULL;

  if (!qw_print_dialog_export_pdf (self, g_ptr_array_index (files, 0), &error))
    show_error (self, _("The PDF could not be written"), error);
}

static void
pdf_clicked_cb (QwPrintDialog *self)
{
  g_autofree char *name = NULL;
  QwFileQuestion question = { .action = GTK_FILE_CHOOSER_ACTION_SAVE, .title = _("Export PDF"),
                              .accept = _("_Export") };

  if (self->printout == NULL)
    return;
  name = qw_print_dialog_suggest_name (self);
  question.name = name;
  qw_file_chooser_ask (GTK_WIDGET (self), &question, pdf_chosen_cb, NULL, NULL);
}

static void
fill_groups (QwPrintDialog *self,
             QwDocument    *doc,
             const char    *selected)
{
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  g_autoptr(QwEvent) event = qw_document_get_main_event (doc, NULL);
  g_autoptr(GPtrArray) sections = event != NULL ? qw_document_list_sections (doc, event->id, NULL) : NULL;
  guint position = 0;

  gtk_string_list_append (names, _("Every Group"));
  g_ptr_array_add (self->group_codes, NULL);
  for (guint i = 0; sections != NULL && i < sections->len; i++)
    {
      QwSection *s = g_ptr_array_index (sections, i);

      gtk_string_list_append (names, s->name != NULL && s->name[0] != '\0' ? s->name : s->code);
      g_ptr_array_add (self->group_codes, g_strdup (s->code));
      if (g_strcmp0 (selected, s->code) == 0)
        position = i + 1;
    }
  adw_combo_row_set_model (self->group_row, G_LIST_MODEL (names));
  adw_combo_row_set_selected (self->group_row, position);
}

static void
qw_print_dialog_dispose (GObject *object)
{
  QwPrintDialog *self = QW_PRINT_DIALOG (object);

  g_clear_object (&self->printout);
  g_clear_object (&self->doc);
  g_clear_pointer (&self->group_codes, g_ptr_array_unref);
  g_clear_pointer (&self->asked, g_free);
  g_clear_pointer (&self->confirmed, g_free);
  gtk_widget_dispose_template (GTK_WIDGET (self), QW_TYPE_PRINT_DIALOG);
  g_clear_pointer (&self->kinds, g_array_unref);
  G_OBJECT_CLASS (qw_print_dialog_parent_class)->dispose (object);
}

static void
qw_print_dialog_class_init (QwPrintDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = qw_print_dialog_dispose;
  g_type_ensure (QW_TYPE_NOTICE_OVERLAY);
  gtk_widget_class_set_template_from_resource (widget_class, "/cn/qiwang/Qiwang/ui/qw-print-dialog.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, QwPrintDialog, name)
  BIND (toast_overlay);
  BIND (title);
  BIND (print_button);
  BIND (pdf_button);
  BIND (kind_row);
  BIND (group_row);
  BIND (round_row);
  BIND (round_spin);
  BIND (paper_row);
  BIND (certificate_group);
  BIND (offset_x_spin);
  BIND (offset_y_spin);
  BIND (places_row);
  BIND (places_spin);
  BIND (notes_group);
  BIND (notes_row);
  BIND (preview_stack);
  BIND (preview);
  BIND (error_status);
  BIND (previous_button);
  BIND (next_button);
  BIND (page_label);
#undef BIND
  gtk_widget_class_bind_template_callback (widget_class, option_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, previous_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, next_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, print_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, pdf_clicked_cb);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
qw_print_dialog_init (QwPrintDialog *self)
{
  const char *paper_names[] = { _("The document’s usual paper"), _("A4 portrait"), _("A4 landscape"),
                                _("A3 portrait"), _("A3 landscape"), NULL };

  gtk_widget_init_template (GTK_WIDGET (self));
  self->group_codes = g_ptr_array_new_with_free_func (g_free);
  self->kinds = g_array_new (FALSE, FALSE, sizeof (QwPrintKind));
  adw_combo_row_set_model (self->paper_row, G_LIST_MODEL (gtk_string_list_new (paper_names)));
  qw_tooltips_wrap (GTK_WIDGET (self));
}

/**
 * qw_print_dialog_new:
 * @group: (nullable): the group to start with; %NULL for every group
 * @round: the round to start with; 0 for the latest
 */
QwPrintDialog *
qw_print_dialog_new (GtkWindow   *parent,
                     QwDocument  *doc,
                     QwPrintKind  kind,
                     const char  *group,
                     int          round)
{
  QwPrintDialog *self = g_object_new (QW_TYPE_PRINT_DIALOG, "transient-for", parent, NULL);

  fill_kinds (self, doc, kind);
  fill_groups (self, doc, group);
  gtk_spin_button_set_value (self->round_spin, round);
  self->doc = g_object_ref (doc);
  rebuild (self);
  return self;
}
