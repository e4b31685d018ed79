/* qw-cli-files.c: what the CLI writes, and never writes over
 *
 * A command that creates a document (new, new-region, demo, simulate) never
 * replaces an existing file unless --force says so, and builds the new
 * document under a temporary name next to it, renaming it into place only
 * when it is complete: a failure or a kill leaves the old file as it was.
 * A command that writes an output (export, nominees --out, print --out,
 * ladder --public-list, share, export-trf, export-site) never writes over a
 * Qiwang document, least of all the one it reads, nor over another file it
 * reads, whatever --force says; outputs themselves are written whole or not
 * at all (base/qw-output.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "qw-cli.h"
#include "qw-error.h"
#include "qw-output.h"

static void
remove_journals (const char *path)
{
  static const char *const suffixes[] = { "-wal", "-shm", "-journal" };

  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
    {
      g_autofree char *file = g_strconcat (path, suffixes[i], NULL);

      g_unlink (file);
    }
}

static void
remove_document_files (const char *path)
{
  remove_journals (path);
  g_unlink (path);
}

/**
 * qw_cli_check_output_over:
 * @out: where the command is about to write
 * @inputs: (nullable) (array zero-terminated=1): the other files the command
 *   reads (those of its options), besides the document and its arguments
 *
 * Before anything is opened: the core's check of an output's place
 * (base/qw-output.h), with every file this command reads.
 *
 * Returns: %FALSE, with a message, when @out is the document the command
 *   reads, another file it reads, or any other Qiwang document; --force
 *   does not change that
 */
gboolean
qw_cli_check_output_over (const QwCliContext *ctx,
                          const char         *out,
                          const char *const  *inputs,
                          GError            **error)
{
  g_autoptr(GPtrArray) read = g_ptr_array_new ();

  for (int i = 0; i < ctx->n_args; i++)
    g_ptr_array_add (read, ctx->args[i]);
  for (guint i = 0; inputs != NULL && inputs[i] != NULL; i++)
    g_ptr_array_add (read, (gpointer) inputs[i]);
  g_ptr_array_add (read, NULL);
  return qw_output_check_target (out, ctx->path, (const char * const *) read->pdata, error);
}

/**
 * qw_cli_check_output:
 * @out: where the command is about to write
 *
 * As qw_cli_check_output_over(), for a command that reads only its
 * document and its arguments.
 */
gboolean
qw_cli_check_output (const QwCliContext  *ctx,
                     const char          *out,
                     GError             **error)
{
  return qw_cli_check_output_over (ctx, out, NULL, error);
}

/**
 * qw_cli_check_new_document:
 *
 * Returns: %FALSE, with a message, when @path exists and --force was not given
 */
gboolean
qw_cli_check_new_document (const QwCliContext  *ctx,
                           const char          *path,
                           GError             **error)
{
  g_autofree char *display = g_filename_display_name (path);
  GStatBuf st;

  if (ctx->force || g_lstat (path, &st) != 0)
    return TRUE;
  g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT,
               _("%s exists already; choose a new name, or give --force to replace it"), display);
  return FALSE;
}

/**
 * qw_cli_temporary_path:
 *
 * Returns: a new, unused name next to @path for building a document that
 *   qw_cli_install_document() then renames to @path
 */
char *
qw_cli_temporary_path (const char  *path,
                       GError     **error)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *name = g_strdup_printf (".%s.XXXXXX", base);
  char *tmp = g_build_filename (dir, name, NULL);
  int fd = g_mkstemp (tmp);

  if (fd < 0)
    {
      int saved = errno;
      g_autofree char *display = g_filename_display_name (path);

      g_set_error (error, QW_ERROR, QW_ERROR_IO, _("%s cannot be created: %s"), display, g_strerror (saved));
      g_free (tmp);
      return NULL;
    }
  close (fd);
  return tmp;
}

/**
 * qw_cli_install_document:
 * @doc: (inout) (transfer full) (nullable): the document built at @tmp, closed
 *   here; %NULL when it is closed already
 * @ok: whether it was built completely
 *
 * Closes the document and renames it to @path, or, when !@ok, removes it.
 */
gboolean
qw_cli_install_document (QwDocument  **doc,
                         const char   *tmp,
                         const char   *path,
                         gboolean      ok,
                         GError      **error)
{
  g_autofree char *display = g_filename_display_name (path);

  /* Closing checkpoints the journal into the file. */
  if (doc != NULL)
    g_clear_object (doc);
  if (!ok)
    {
      remove_document_files (tmp);
      return FALSE;
    }
  /* An old document's journal must not be applied to the new one. */
  remove_journals (path);
  if (g_rename (tmp, path) != 0)
    {
      int saved = errno;

      remove_document_files (tmp);
      g_set_error (error, QW_ERROR, QW_ERROR_IO, _("%s cannot be created: %s"), display, g_strerror (saved));
      return FALSE;
    }
  return TRUE;
}
