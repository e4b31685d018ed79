/* qw-cli-files.c: what the CLI writes, and never writes over
 *
 * A command that creates a document (new, new-region, demo, simulate) never
 * replaces an existing file unless --force says so, and builds the new
 * document under a temporary name next to it, renaming it into place only
 * when it is complete: a failure or a kill leaves the old file as it was.
 * A command that writes an output (export, nominees --out, print --out,
 * ladder --public-list) never writes over a Qiwang document, least of all
 * the one it reads, nor over another file it reads, unless --force says so; outputs themselves are written to a temporary file and
 * renamed (g_file_set_contents(), qw_print_to_pdf()).
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

/* Whether @path is a database file (and so, most likely, a document). */
static gboolean
is_database (const char *path)
{
  char header[16] = { 0 };
  FILE *f;
  gsize n;

  if (!g_file_test (path, G_FILE_TEST_IS_REGULAR) || (f = g_fopen (path, "rb")) == NULL)
    return FALSE;
  n = fread (header, 1, sizeof header, f);
  fclose (f);
  return n == sizeof header && memcmp (header, "SQLite format 3", 16) == 0;
}

static gboolean
same_file (const char *a,
           const char *b)
{
  GStatBuf sa, sb;

  return a != NULL && b != NULL && g_stat (a, &sa) == 0 && g_stat (b, &sb) == 0
         && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

/**
 * qw_cli_check_output:
 * @out: where the command is about to write
 * @inputs: (nullable) (array zero-terminated=1): the other files the command
 *   reads (those of its options), besides the document and its arguments
 *
 * Returns: %FALSE, with a message, when @out is the document the command
 *   reads, another file it reads, or any other Qiwang document, and --force
 *   was not given
 */
gboolean
qw_cli_check_output_over (const QwCliContext *ctx,
                          const char         *out,
                          const char *const  *inputs,
                          GError            **error)
{
  g_autofree char *display = g_filename_display_name (out);

  if (ctx->force)
    return TRUE;
  for (int i = 0; i < ctx->n_args; i++)
    if (!same_file (ctx->args[i], ctx->path) && same_file (out, ctx->args[i]))
      {
        g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT,
                     _("%s is a file the command reads; writing there would replace it (give --force "
                       "if that is really what you want)"), display);
        return FALSE;
      }
  for (guint i = 0; inputs != NULL && inputs[i] != NULL; i++)
    if (same_file (out, inputs[i]))
      {
        g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT,
                     _("%s is a file the command reads; writing there would replace it (give --force "
                       "if that is really what you want)"), display);
        return FALSE;
      }
  if (same_file (out, ctx->path))
    {
      g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT,
                   _("%s is the document being read; writing there would replace it (give --force "
                     "if that is really what you want)"), display);
      return FALSE;
    }
  if (is_database (out))
    {
      g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT,
                   _("%s is a Qiwang document; writing there would replace it (give --force if that "
                     "is really what you want)"), display);
      return FALSE;
    }
  return TRUE;
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
