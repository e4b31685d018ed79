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
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "kind");
  json_builder_add_string_value (b, qw_print_kind_to_code (qw_printout_get_kind (printout)));
  json_builder_set_member_name (b, "pdf");
  json_builder_add_value (b, qw_cli_string_or_null (out));
  json_builder_set_member_name (b, "pages");
  json_builder_add_int_value (b, qw_printout_get_n_pages (printout));
  json_builder_set_member_name (b, "png");
  json_builder_begin_array (b);
  for (guint i = 0; i < pngs->len; i++)
    json_builder_add_string_value (b, g_ptr_array_index (pngs, i));
  json_builder_end_array (b);
  json_builder_set_member_name (b, "notes");
  json_builder_begin_array (b);
  for (guint i = 0; notes != NULL && i < notes->len; i++)
    json_builder_add_string_value (b, g_ptr_array_index (notes, i));
  json_builder_end_array (b);
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  qw_cli_print_json (root);
}

int
qw_cli_print (int    argc,
              char **argv)
{
  g_autofree char *out = NULL, *group = NULL, *paper_code = NULL, *png_dir = NULL, *template = NULL;
  g_autofree char *kinds = kind_list ();
  int round = 0, places = 0;
  double dpi = 100, offset_x = 0, offset_y = 0;
  gboolean json = FALSE;
  GOptionEntry entries[] = {
    { "out", 'o', 0, G_OPTION_ARG_FILENAME, &out, N_("The PDF to write"), "FILE.pdf" },
    { "group", 0, 0, G_OPTION_ARG_STRING, &group, N_("Only this group (code or name)"), "G" },
    { "round", 0, 0, G_OPTION_ARG_INT, &round,
      N_("Pairings and slips: this round (default: the latest); standings: after this round"), "R" },
    { "paper", 0, 0, G_OPTION_ARG_STRING, &paper_code, N_("a4, a4-landscape, a3 or a3-landscape"), "P" },
    { "png-dir", 0, 0, G_OPTION_ARG_FILENAME, &png_dir, N_("Also write every page as a PNG here"), "DIR" },
    { "dpi", 0, 0, G_OPTION_ARG_DOUBLE, &dpi, N_("Resolution of the PNG pages (default 100)"), "N" },
    { "template", 0, 0, G_OPTION_ARG_FILENAME, &template,
      N_("Certificates and awards: a layout file instead of the standard one"), "FILE.xml" },
    { "offset-x", 0, 0, G_OPTION_ARG_DOUBLE, &offset_x,
      N_("Certificates and awards: move everything right by this many millimetres"), "MM" },
    { "offset-y", 0, 0, G_OPTION_ARG_DOUBLE, &offset_y,
      N_("Certificates and awards: move everything down by this many millimetres"), "MM" },
    { "places", 0, 0, G_OPTION_ARG_INT, &places, N_("Awards: for places 1 to N (default 8)"), "N" },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print JSON"), NULL },
    { NULL },
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = NULL;
  g_autoptr(QwPrintout) printout = NULL;
  g_autoptr(GPtrArray) notes = NULL;
  g_autoptr(GPtrArray) pngs = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *usage = g_strdup_printf ("DOC KIND (%s)", kinds);
  QwPrintOptions options = { 0 };
  QwPrintKind kind;

  if (!qw_cli_parse (entries, "print", usage, &argc, &argv, &error))
    return qw_cli_usage_error ("print", error->message);
  if (argc != 3)
    return qw_cli_usage_error ("print", _("give the document and what to print"));
  if (!qw_print_kind_from_code (argv[2], &kind))
    {
      g_autofree char *message = g_strdup_printf (_("“%s” is not a document kind; the kinds are: %s"), argv[2], kinds);

      return qw_cli_usage_error ("print", message);
    }
  if (out == NULL && png_dir == NULL)
    return qw_cli_usage_error ("print", _("give --out FILE.pdf (or --png-dir DIR)"));
  if (round < 0)
    return qw_cli_usage_error ("print", _("--round counts from 1"));
  if (places < 0 || places > 100)
    return qw_cli_usage_error ("print", _("--places must be between 1 and 100"));
  if (dpi < 10 || dpi > 1200)
    return qw_cli_usage_error ("print", _("--dpi must be between 10 and 1200"));
  if (paper_code != NULL && (!qw_paper_from_code (paper_code, &options.paper) || options.paper == QW_PAPER_DEFAULT))
    return qw_cli_usage_error ("print", _("--paper must be a4, a4-landscape, a3 or a3-landscape"));
  if (offset_x < -100 || offset_x > 100 || offset_y < -100 || offset_y > 100)
    return qw_cli_usage_error ("print", _("the offsets must be between -100 and 100 millimetres"));

  options.group = group;
  options.round = round;
  options.template_path = template;
  options.offset_x_mm = offset_x;
  options.offset_y_mm = offset_y;
  options.max_place = places;
  doc = qw_document_open (argv[1], &error);
  if (doc == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  printout = qw_print_document (doc, kind, &options, &notes, &error);
  if (printout == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  if (out != NULL && !qw_print_to_pdf (printout, out, &error))
    return qw_cli_fail (g_steal_pointer (&error));
  if (png_dir != NULL && !write_pngs (printout, png_dir, argv[2], dpi, pngs, &error))
    return qw_cli_fail (g_steal_pointer (&error));
  if (qw_printout_get_missing_glyphs (printout) > 0)
    g_printerr (_("Warning: %u characters have no glyph in the installed fonts; install fonts-noto-cjk\n"),
                qw_printout_get_missing_glyphs (printout));
  if (json)
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
