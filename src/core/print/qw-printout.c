/* qw-printout.c: a printed document, laid out by its kind's renderer
 *
 * The printout runs the kinds' table (qw-print-kinds.c): the renderer's
 * prepare hook once, when the printout is made, and its render function onto
 * the canvas on every layout. It knows no renderer by name. It also writes
 * the pages out as PDF and PNG.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-print"

#include "config.h"

#include <cairo-pdf.h>
#include <errno.h>
#include <fcntl.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <glib/gi18n-lib.h>
#include <math.h>
#include <unistd.h>

#include "qw-error.h"
#include "qw-output.h"
#include "qw-print-canvas.h"
#include "qw-print-frame.h"
#include "qw-print-kinds.h"
#include "qw-print-model.h"

struct _QwPrintout
{
  GObject                parent_instance;

  QwPrintKind            kind;
  const QwPrintRenderer *renderer;
  QwPModel              *model;
  gpointer               data;          /* what the renderer's prepare hook made */
  char                  *title;
  QwCanvas              *canvas;
};

G_DEFINE_FINAL_TYPE (QwPrintout, qw_printout, G_TYPE_OBJECT)

/**
 * qw_printout_draw_page:
 * @cr: any cairo context whose user space is the page in points, origin at
 *   the paper's top left corner
 * @page: from 0
 */
void
qw_printout_draw_page (QwPrintout *self,
                       cairo_t    *cr,
                       guint       page)
{
  g_return_if_fail (QW_IS_PRINTOUT (self));
  g_return_if_fail (cr != NULL);
  g_return_if_fail (page < _qw_canvas_n_pages (self->canvas));

  _qw_canvas_draw_page (self->canvas, cr, page);
}

/**
 * qw_printout_foreach_text:
 *
 * Calls @func for every piece of text on @page with its box and the extents
 * of the layout exactly as it is drawn, so that checks can prove that no text
 * leaves its box and that every character had a glyph.
 */
void
qw_printout_foreach_text (QwPrintout      *self,
                          guint            page,
                          QwPrintTextFunc  func,
                          gpointer         user_data)
{
  g_return_if_fail (QW_IS_PRINTOUT (self));
  g_return_if_fail (page < _qw_canvas_n_pages (self->canvas));

  _qw_canvas_foreach_text (self->canvas, page, func, user_data);
}

/* The object */

static void
qw_printout_finalize (GObject *object)
{
  QwPrintout *self = QW_PRINTOUT (object);

  if (self->data != NULL && self->renderer->free_data != NULL)
    self->renderer->free_data (self->data);
  g_clear_pointer (&self->model, _qw_pmodel_free);
  g_clear_pointer (&self->canvas, _qw_canvas_free);
  g_free (self->title);
  G_OBJECT_CLASS (qw_printout_parent_class)->finalize (object);
}

static void
qw_printout_class_init (QwPrintoutClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = qw_printout_finalize;
}

static void
qw_printout_init (QwPrintout *self)
{
}

static void
layout_document (QwPrintout *self)
{
  self->renderer->render (self->canvas, self->model, self->data);
  if (_qw_canvas_n_pages (self->canvas) == 0)
    {
      /* Every document has at least one page, which says why it is empty. */
      QwFrame frame;

      _qw_frame_init (&frame, self->canvas, self->model->header);
      _qw_frame_start (&frame, qw_print_kind_to_chinese (self->kind), NULL);
      _qw_frame_notice (&frame, "（没有可打印的内容）");
      _qw_frame_clear (&frame);
    }
  _qw_frame_number_pages (self->canvas);
}

/**
 * qw_printout_new:
 * @request: what to print; read now, not kept
 *
 * Lays the document out on the request's paper, or the kind's usual one (for
 * certificates: the template's).
 *
 * Returns: (transfer full): the printout, or %NULL with @error when the
 *   kind's renderer could not prepare (the certificate template cannot be
 *   read)
 */
QwPrintout *
qw_printout_new (QwPrintKind           kind,
                 const QwPrintRequest *request,
                 GError              **error)
{
  g_autoptr(QwPrintout) self = NULL;
  QwPaper paper;
  double width, height;

  g_return_val_if_fail (kind < QW_N_PRINT_KINDS, NULL);
  g_return_val_if_fail (request != NULL && request->event != NULL, NULL);
  g_return_val_if_fail (request->ruleset != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  self = g_object_new (QW_TYPE_PRINTOUT, NULL);
  self->kind = kind;
  self->renderer = _qw_print_kind_renderer (kind);
  self->model = _qw_pmodel_new (request);
  paper = request->paper != QW_PAPER_DEFAULT ? request->paper : qw_print_kind_default_paper (kind);
  if (self->renderer->prepare != NULL && !self->renderer->prepare (request, &paper, &self->data, error))
    return NULL;
  self->title = g_strdup_printf ("%s %s", self->model->header, qw_print_kind_to_chinese (kind));
  qw_paper_get_size (paper, &width, &height);
  self->canvas = _qw_canvas_new (width, height);
  layout_document (self);
  return g_steal_pointer (&self);
}

QwPrintKind
qw_printout_get_kind (QwPrintout *self)
{
  g_return_val_if_fail (QW_IS_PRINTOUT (self), QW_PRINT_PAIRINGS);
  return self->kind;
}

/* "<event name> 对阵表": for a PDF's title and a print job's name. */
const char *
qw_printout_get_title (QwPrintout *self)
{
  g_return_val_if_fail (QW_IS_PRINTOUT (self), NULL);
  return self->title;
}

/**
 * qw_printout_set_page_size:
 * @width: the paper's width in points
 * @height: its height in points
 *
 * Lays the document out again for another paper (the print dialog's page
 * setup). The page count may change.
 */
void
qw_printout_set_page_size (QwPrintout *self,
                           double      width,
                           double      height)
{
  g_return_if_fail (QW_IS_PRINTOUT (self));
  g_return_if_fail (width >= 72 && height >= 72);

  if (fabs (width - _qw_canvas_width (self->canvas)) < 0.01
      && fabs (height - _qw_canvas_height (self->canvas)) < 0.01)
    return;
  _qw_canvas_reset (self->canvas, width, height);
  layout_document (self);
}

void
qw_printout_get_page_size (QwPrintout *self,
                           double     *width,
                           double     *height)
{
  g_return_if_fail (QW_IS_PRINTOUT (self));
  *width = _qw_canvas_width (self->canvas);
  *height = _qw_canvas_height (self->canvas);
}

guint
qw_printout_get_n_pages (QwPrintout *self)
{
  g_return_val_if_fail (QW_IS_PRINTOUT (self), 0);
  return _qw_canvas_n_pages (self->canvas);
}

/* Characters that no installed font could draw, over the whole layout. Zero
 * unless the CJK fonts are missing. */
guint
qw_printout_get_missing_glyphs (QwPrintout *self)
{
  g_return_val_if_fail (QW_IS_PRINTOUT (self), 0);
  return _qw_canvas_missing_glyphs (self->canvas);
}

/* Output */

/* Every file goes through base/qw-output.h: written under a temporary file
 * next to its place and renamed there only when complete, so that a
 * failure, a full disk or a kill never leaves half a file, new or replaced. */
static cairo_status_t
output_write (void                *closure,
              const unsigned char *data,
              unsigned int         length)
{
  return qw_output_write (closure, data, length, NULL) ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR;
}

/* Puts the output in place when cairo finished without an error. */
static gboolean
output_finish (QwOutput        *output,
               cairo_status_t   status,
               GError         **error)
{
  g_autofree char *display = NULL;

  /* A failed write is the output's to report: it knows the errno. */
  if (status == CAIRO_STATUS_SUCCESS || status == CAIRO_STATUS_WRITE_ERROR)
    return qw_output_commit (output, error);
  display = g_filename_display_name (qw_output_get_path (output));
  g_set_error (error, QW_ERROR, QW_ERROR_IO, _("%s could not be written: %s"), display,
               cairo_status_to_string (status));
  return FALSE;
}

/**
 * qw_print_write_png:
 *
 * Writes an image surface as a PNG file, whole or not at all.
 */
gboolean
qw_print_write_png (cairo_surface_t  *surface,
                    const char       *path,
                    GError          **error)
{
  g_autoptr(QwOutput) output = qw_output_new (path, QW_OUTPUT_PUBLIC, error);

  if (output == NULL)
    return FALSE;
  return output_finish (output, cairo_surface_write_to_png_stream (surface, output_write, output), error);
}

/**
 * qw_print_to_pdf:
 *
 * Writes every page to a PDF. cairo embeds the fonts as subsets, so the file
 * prints the same anywhere. An existing file is replaced only on success.
 */
gboolean
qw_print_to_pdf (QwPrintout  *printout,
                 const char  *path,
                 GError     **error)
{
  g_autoptr(QwOutput) output = NULL;
  cairo_surface_t *surface;
  cairo_status_t status;
  double width, height;

  g_return_val_if_fail (QW_IS_PRINTOUT (printout), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  /* The grade application has birth dates: the file is its owner's only (0600). */
  if ((output = qw_output_new (path, printout->kind == QW_PRINT_GRADES ? QW_OUTPUT_PRIVATE : QW_OUTPUT_PUBLIC,
                               error)) == NULL)
    return FALSE;
  qw_printout_get_page_size (printout, &width, &height);
  surface = cairo_pdf_surface_create_for_stream (output_write, output, width, height);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, printout->title);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "Qiwang " PACKAGE_VERSION);
  for (guint i = 0; i < qw_printout_get_n_pages (printout); i++)
    {
      cairo_t *cr = cairo_create (surface);

      qw_printout_draw_page (printout, cr, i);
      cairo_show_page (cr);
      cairo_destroy (cr);
    }
  cairo_surface_finish (surface);
  status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  return output_finish (output, status, error);
}

/**
 * qw_print_to_png:
 * @page: from 0
 * @dpi: the preview's resolution (72: one pixel per point)
 *
 * Writes one page as a PNG on white paper, for previews and review.
 */
gboolean
qw_print_to_png (QwPrintout  *printout,
                 guint        page,
                 double       dpi,
                 const char  *path,
                 GError     **error)
{
  cairo_surface_t *surface;
  gboolean ok;
  cairo_t *cr;
  double scale = dpi / 72.0;
  double width, height;

  g_return_val_if_fail (QW_IS_PRINTOUT (printout), FALSE);
  g_return_val_if_fail (dpi >= 10 && dpi <= 1200, FALSE);
  if (page >= qw_printout_get_n_pages (printout))
    {
      g_set_error (error, QW_ERROR, QW_ERROR_NOT_FOUND, _("There is no page %u: the document has %u"),
                   page + 1, qw_printout_get_n_pages (printout));
      return FALSE;
    }
  qw_printout_get_page_size (printout, &width, &height);
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) ceil (width * scale),
                                        (int) ceil (height * scale));
  cr = cairo_create (surface);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  cairo_scale (cr, scale, scale);
  qw_printout_draw_page (printout, cr, page);
  cairo_destroy (cr);
  ok = qw_print_write_png (surface, path, error);
  cairo_surface_destroy (surface);
  return ok;
}
