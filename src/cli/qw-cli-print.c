/* qw-cli-print.c: print, the documents an arbiter hands out, as PDF and PNG
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "qw-cli.h"
#include "qw-document.h"
#include "qw-error.h"
#include "qw-print.h"
#include "qw-print-source.h"

static char *
kind_list (void)
{
  GString *list = g_string_new (NULL);

  for (int k = 0; k < QW_N_PRINT_KINDS; k++)
    g_string_append_printf (list, "%s%s", k > 0 ? ", " : "", qw_print_kind_to_code ((QwPrintKind) k));
  return g_string_free (list, FALSE);
}

static gboolean
write_pngs (QwPrintout  *printout,
            const char  *dir,
            const char  *prefix,
            double       dpi,
            GPtrArray   *written,
            GError     **error)
{
  if (g_mkdir_with_parents (dir, 0755) != 0)
    {
      g_autofree char *display = g_filename_display_name (dir);

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (errno),
                   _("The folder %s cannot be created: %s"), display, g_strerror (errno));
      return FALSE;
    }
  for (guint i = 0; i < qw_printout_get_n_pages (printout); i++)
    {
      g_autofree char *name = g_strdup_printf ("%s-%03u.png", prefix, i + 1);
      char *path = g_build_filename (dir, name, NULL);

      g_ptr_array_add (written, path);
      if (!qw_print_to_png (printout, i, dpi, path, error))
        return FALSE;
    }
  return TRUE;
}

static void
print_json (const char  *out,
            QwPrintout  *printout,
            GPtrArray   *pngs,
            GPtrArray   *notes)
{
  g_autoptr(JsonObject) o = json_object_new ();
  JsonArray *png = json_array_new ();
  JsonArray *note = json_array_new ();

  json_object_set_string_member (o, "kind", qw_print_kind_to_code (qw_printout_get_kind (printout)));
  json_object_set_string_member (o, "pdf", out);
  json_object_set_int_member (o, "pages", qw_printout_get_n_pages (printout));
  for (guint i = 0; i < pngs->len; i++)
    json_array_add_string_element (png, g_ptr_array_index (pngs, i));
  json_object_set_array_member (o, "png", png);
  for (guint i = 0; notes != NULL && i < notes->len; i++)
    json_array_add_string_element (note, g_ptr_array_index (notes, i));
  json_object_set_array_member (o, "notes", note);
  qw_cli_print_json_object (o);
}

static struct
{
  char           *out, *group, *paper, *png_dir, *template;
  int             round, places;
  double          dpi, offset_x, offset_y;
  QwPrintKind     kind;      /* checked */
  QwPrintOptions  options;   /* checked */
} print_opt = { .dpi = 100 };

static const GOptionEntry print_options[] = {
  { "out", 'o', 0, G_OPTION_ARG_FILENAME, &print_opt.out, N_("The PDF to write"), "FILE.pdf" },
  { "group", 0, 0, G_OPTION_ARG_STRING, &print_opt.group, N_("Only this group (code or name)"), "G" },
  { "round", 0, 0, G_OPTION_ARG_INT, &print_opt.round,
    N_("Pairings and slips: this round (default: the latest); standings: after this round"), "R" },
  { "paper", 0, 0, G_OPTION_ARG_STRING, &print_opt.paper, N_("a4, a4-landscape, a3 or a3-landscape"), "P" },
  { "png-dir", 0, 0, G_OPTION_ARG_FILENAME, &print_opt.png_dir, N_("Also write every page as a PNG here"), "DIR" },
  { "dpi", 0, 0, G_OPTION_ARG_DOUBLE, &print_opt.dpi, N_("Resolution of the PNG pages (default 100)"), "N" },
  { "template", 0, 0, G_OPTION_ARG_FILENAME, &print_opt.template,
    N_("Certificates and awards: a layout file instead of the standard one"), "FILE.xml" },
  { "offset-x", 0, 0, G_OPTION_ARG_DOUBLE, &print_opt.offset_x,
    N_("Certificates and awards: move everything right by this many millimetres"), "MM" },
  { "offset-y", 0, 0, G_OPTION_ARG_DOUBLE, &print_opt.offset_y,
    N_("Certificates and awards: move everything down by this many millimetres"), "MM" },
  { "places", 0, 0, G_OPTION_ARG_INT, &print_opt.places, N_("Awards: for places 1 to N (default 8)"), "N" },
  { NULL },
};

static gboolean
usage_fails (GError     **error,
             const char  *message)
{
  g_set_error_literal (error, QW_ERROR, QW_ERROR_INVALID, message);
  return FALSE;
}

/* KIND and the options */
static gboolean
print_check (QwCliContext  *ctx,
             GError       **error)
{
  QwPrintOptions *options = &print_opt.options;

  if (!qw_print_kind_from_code (ctx->args[0], &print_opt.kind))
    {
      g_autofree char *kinds = kind_list ();

      g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("“%s” is not a document kind; the kinds are: %s"),
                   ctx->args[0], kinds);
      return FALSE;
    }
  if (print_opt.out == NULL && print_opt.png_dir == NULL)
    return usage_fails (error, _("give --out FILE.pdf (or --png-dir DIR)"));
  if (print_opt.out != NULL && !qw_cli_check_output (ctx, print_opt.out, error))
    return FALSE;
  if (print_opt.round < 0)
    return usage_fails (error, _("--round counts from 1"));
  if (print_opt.places < 0 || print_opt.places > 100)
    return usage_fails (error, _("--places must be between 1 and 100"));
  if (print_opt.dpi < 10 || print_opt.dpi > 1200)
    return usage_fails (error, _("--dpi must be between 10 and 1200"));
  if (print_opt.paper != NULL
      && (!qw_paper_from_code (print_opt.paper, &options->paper) || options->paper == QW_PAPER_DEFAULT))
    return usage_fails (error, _("--paper must be a4, a4-landscape, a3 or a3-landscape"));
  if (print_opt.offset_x < -100 || print_opt.offset_x > 100 || print_opt.offset_y < -100 || print_opt.offset_y > 100)
    return usage_fails (error, _("the offsets must be between -100 and 100 millimetres"));
  options->group = print_opt.group;
  options->round = print_opt.round;
  options->template_path = print_opt.template;
  options->offset_x_mm = print_opt.offset_x;
  options->offset_y_mm = print_opt.offset_y;
  options->max_place = print_opt.places;
  /* --force also confirms certificates of a group that has not finished. */
  options->unfinished_ok = ctx->force;
  return TRUE;
}

static int
cmd_print (QwCliContext *ctx)
{
  const char *out = print_opt.out, *png_dir = print_opt.png_dir;
  g_autoptr(GError) error = NULL;
  g_autoptr(QwPrintout) printout = NULL;
  g_autoptr(GPtrArray) notes = NULL;
  g_autoptr(GPtrArray) pngs = g_ptr_array_new_with_free_func (g_free);

  printout = qw_print_document (ctx->doc, print_opt.kind, &print_opt.options, &notes, &error);
  /* Issue 19: certificates of an unfinished group wait for --force (exit 3). */
  if (printout == NULL && g_error_matches (error, QW_ERROR, QW_ERROR_UNFINISHED))
    {
      g_printerr (_("qiwang-cli: %s\nPrint them anyway with --force.\n"), error->message);
      return QW_CLI_BLOCKED;
    }
  if (printout == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  if (out != NULL && !qw_print_to_pdf (printout, out, &error))
    return qw_cli_fail (g_steal_pointer (&error));
  if (png_dir != NULL && !write_pngs (printout, png_dir, ctx->args[0], print_opt.dpi, pngs, &error))
    return qw_cli_fail (g_steal_pointer (&error));
  if (qw_printout_get_missing_glyphs (printout) > 0)
    g_printerr (_("Warning: %u characters have no glyph in the installed fonts; install fonts-noto-cjk\n"),
                qw_printout_get_missing_glyphs (printout));
  if (ctx->json)
    {
      print_json (out, printout, pngs, notes);
      return QW_CLI_OK;
    }
  for (guint i = 0; notes != NULL && i < notes->len; i++)
    g_printerr (_("Warning: %s\n"), (char *) g_ptr_array_index (notes, i));
  if (out != NULL)
    g_print (g_dngettext (GETTEXT_PACKAGE, "%s: %u page\n", "%s: %u pages\n", qw_printout_get_n_pages (printout)),
             out, qw_printout_get_n_pages (printout));
  if (png_dir != NULL)
    g_print (g_dngettext (GETTEXT_PACKAGE, "%s: %u PNG page\n", "%s: %u PNG pages\n", pngs->len), png_dir, pngs->len);
  return QW_CLI_OK;
}

const QwCliCommand qw_cli_print_commands[] = {
  {
    .name = "print",
    .usage = "DOC pairings|slips|standings|crosstable|bracket|certificates|awards|booklet|checkin|seeding|prizes "
             "--out FILE.pdf "
             "[--group G] [--round R] [--paper P] [--png-dir DIR] [--force]",
    .min_args = 2, .max_args = 2, .open = QW_CLI_OPEN_DOCUMENT, .flags = QW_CLI_JSON | QW_CLI_FORCE,
    .options = print_options, .check = print_check,
    .handler = cmd_print, .summary = N_("Print a document (PDF, and PNG pages with --png-dir)"),
  },
  { NULL },
};
