/* qw-cli-publish.c: serve, export-site, share, verify-certificate (issue 13)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <glib-unix.h>
#include <stdio.h>
#include <string.h>

#include "qw-certificate-check.h"
#include "qw-cli.h"
#include "qw-error.h"
#include "qw-publish-server.h"
#include "qw-results-file.h"
#include "qw-share.h"
#include "qw-site-export.h"
#include "qw-site-pages.h"

/* serve */

static char **serve_addresses;
static int serve_port = 8080;

static const GOptionEntry serve_options[] = {
  { "address", 0, 0, G_OPTION_ARG_STRING_ARRAY, &serve_addresses,
    N_("An IP address of this computer to serve on (default 127.0.0.1; repeat for more)"), "A" },
  { "port", 0, 0, G_OPTION_ARG_INT, &serve_port, N_("The port (default 8080; 0: any free one)"), "P" },
  { NULL },
};

static gboolean
serve_check (QwCliContext  *ctx,
             GError       **error)
{
  if (serve_port >= 0 && serve_port <= 65535)
    return TRUE;
  g_set_error_literal (error, QW_ERROR, QW_ERROR_INVALID, _("--port must be from 0 to 65535"));
  return FALSE;
}

static gboolean
quit_cb (gpointer data)
{
  g_main_loop_quit (data);
  return G_SOURCE_REMOVE;
}

static int
cmd_serve (QwCliContext *ctx)
{
  const char *loopback[] = { "127.0.0.1", NULL };
  const char * const *addresses = serve_addresses != NULL ? (const char * const *) serve_addresses : loopback;
  g_autoptr(QwPublishServer) server = qw_publish_server_new (ctx->path);
  g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) urls = NULL;

  /* The dispatcher opened (and brought up to date) the document; the server
   * reads it through a connection of its own. */
  g_clear_object (&ctx->doc);
  if (!qw_publish_server_start (server, addresses, (guint) serve_port, &error))
    return qw_cli_fail (g_steal_pointer (&error));
  /* Before the address is printed: a script may stop the server as soon
   * as it has read it. */
  g_unix_signal_add (SIGINT, quit_cb, loop);
  g_unix_signal_add (SIGTERM, quit_cb, loop);
  urls = qw_publish_server_get_urls (server);
  for (guint i = 0; urls[i] != NULL; i++)
    g_print ("serving %s\n", urls[i]);
  fflush (stdout);
  g_main_loop_run (loop);
  qw_publish_server_stop (server);
  return QW_CLI_OK;
}

/* export-site */

static char *export_out;
static char *export_url;

static const GOptionEntry export_site_options[] = {
  { "out", 0, 0, G_OPTION_ARG_FILENAME, &export_out, N_("The folder to write the pages into"), "DIR" },
  { "url", 0, 0, G_OPTION_ARG_STRING, &export_url,
    N_("Where the folder will be published (stored in the document: printouts’ QR codes point there)"), "URL" },
  { NULL },
};

static gboolean
export_site_check (QwCliContext  *ctx,
                   GError       **error)
{
  if (export_out != NULL && *export_out != '\0')
    return TRUE;
  g_set_error_literal (error, QW_ERROR, QW_ERROR_INVALID, _("--out DIR is required"));
  return FALSE;
}

static int
cmd_export_site (QwCliContext *ctx)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *display = g_filename_display_name (export_out);
  guint files = 0;

  if (export_url != NULL && !qw_site_set_url (ctx->doc, export_url, &error))
    return qw_cli_fail (g_steal_pointer (&error));
  if (!qw_site_export_over (ctx->doc, export_out, ctx->force, &files, &error))
    return qw_cli_fail (g_steal_pointer (&error));
  g_print (ngettext ("%s: %u file of the public pages of %s\n", "%s: %u files of the public pages of %s\n", files),
           display, files, ctx->event->name);
  return QW_CLI_OK;
}

/* share */

static char *share_out;
static int share_round;

static const GOptionEntry share_options[] = {
  { "out", 0, 0, G_OPTION_ARG_FILENAME, &share_out, N_("The image to write"), "FILE.png" },
  { "round", 0, 0, G_OPTION_ARG_INT, &share_round, N_("Pairings: this round (default: the latest)"), "N" },
  { NULL },
};

static gboolean
share_check (QwCliContext  *ctx,
             GError       **error)
{
  QwShareKind kind;

  if (share_out == NULL || *share_out == '\0')
    {
      g_set_error_literal (error, QW_ERROR, QW_ERROR_INVALID, _("--out FILE.png is required"));
      return FALSE;
    }
  if (!qw_cli_check_output (ctx, share_out, error))
    return FALSE;
  if (share_round < 0)
    {
      g_set_error_literal (error, QW_ERROR, QW_ERROR_INVALID, _("--round must be 1 or more"));
      return FALSE;
    }
  if (!qw_share_kind_from_code (ctx->args[0], &kind))
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("“%s” is not pairings or standings"), ctx->args[0]);
      return FALSE;
    }
  return TRUE;
}

static int
cmd_share (QwCliContext *ctx)
{
  QwShareOptions options = { .round = share_round };
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) written = NULL;

  qw_share_kind_from_code (ctx->args[1], &options.kind);
  written = qw_share_write (ctx->doc, ctx->args[0], &options, share_out, &error);
  if (written == NULL)
    return qw_cli_fail (g_steal_pointer (&error));
  for (guint i = 0; i < written->len; i++)
    {
      g_autofree char *display = g_filename_display_name (g_ptr_array_index (written, i));

      g_print ("%s\n", display);
    }
  return QW_CLI_OK;
}

static gboolean
share_check_args (QwCliContext  *ctx,
                  GError       **error)
{
  /* DOC is opened; the check sees GROUP and the kind. */
  QwCliContext shifted = *ctx;

  shifted.args = ctx->args + 1;
  return share_check (&shifted, error);
}

/* verify-certificate */

static gboolean
is_results_file (const char *path)
{
  char head[16] = { 0 };
  FILE *f;
  gsize n;

  if (g_str_has_suffix (path, ".xml") || g_str_has_suffix (path, ".XML"))
    return TRUE;
  if ((f = fopen (path, "rb")) == NULL)
    return FALSE;
  n = fread (head, 1, sizeof head, f);
  fclose (f);
  return n > 0 && memcmp (head, "SQLite format 3", MIN (n, 15)) != 0;
}

static void
print_check (const QwCertificateCheck *check,
             const char               *typed)
{
  g_autofree char *shown = NULL;

  if (!check->valid)
    {
      if (*check->code == '\0')
        g_print (_("“%s” is not a certificate code (10 letters and digits)\n"), typed);
      else
        {
          shown = qw_certificate_code_format (check->code);
          g_print (_("Not valid: no certificate with the code %s was issued\n"), shown);
        }
      return;
    }
  shown = qw_certificate_code_format (check->code);
  g_print (_("Valid: certificate %s\n"), shown);
  g_print (_("  Name:  %s\n"), check->name);
  g_print (_("  Event: %s\n"), check->event);
  g_print (_("  Group: %s\n"), check->group);
  g_print (_("  Place: %d\n"), check->place);
  g_print (_("  Title: %s\n"), check->title);
}

static int
cmd_verify_certificate (QwCliContext *ctx)
{
  const char *path = ctx->args[0], *typed = ctx->args[1];
  g_autoptr(GError) error = NULL;
  g_autoptr(QwCertificateCheck) check = NULL;

  if (is_results_file (path))
    {
      g_autoptr(QwResults) results = qw_results_read_file (path, &error);

      if (results == NULL)
        return qw_cli_fail (g_steal_pointer (&error));
      check = qw_results_check_certificate (results, typed);
    }
  else
    {
      g_autoptr(QwDocument) doc = qw_document_open (path, &error);

      if (doc == NULL || (check = qw_certificate_check (doc, typed, &error)) == NULL)
        return qw_cli_fail (g_steal_pointer (&error));
    }
  if (ctx->json)
    {
      g_autofree char *json = qw_site_check_json (check);

      g_print ("%s\n", json);
    }
  else
    print_check (check, typed);
  return check->valid ? QW_CLI_OK : QW_CLI_FAILED;
}

const QwCliCommand qw_cli_publish_commands[] = {
  {
    .name = "serve", .usage = "DOC [--address A] [--port P]", .min_args = 1, .max_args = 1,
    .open = QW_CLI_OPEN_STOP, .options = serve_options, .check = serve_check, .handler = cmd_serve,
    .summary = N_("Serve the public pages on the venue network until interrupted"),
  },
  {
    .name = "export-site", .usage = "DOC --out DIR [--url URL] [--force]", .min_args = 1, .max_args = 1,
    .open = QW_CLI_OPEN_STOP, .flags = QW_CLI_FORCE, .options = export_site_options, .check = export_site_check,
    .handler = cmd_export_site, .summary = N_("Write the public pages as files (a folder, and one file per group)"),
  },
  {
    .name = "share", .usage = "DOC GROUP pairings|standings --out FILE.png [--round N] [--force]", .min_args = 3,
    .max_args = 3, .open = QW_CLI_OPEN_STOP, .flags = QW_CLI_FORCE, .options = share_options, .check = share_check_args,
    .handler = cmd_share, .summary = N_("A group’s pairings or standings as one long image for WeChat"),
  },
  {
    .name = "verify-certificate", .usage = "DOC|RESULTS.xml CODE [--json]", .min_args = 2, .max_args = 2,
    .open = QW_CLI_OPEN_NOTHING, .flags = QW_CLI_JSON, .handler = cmd_verify_certificate,
    .summary = N_("Whether a certificate’s code was issued, and what it certifies"),
  },
  { NULL },
};
