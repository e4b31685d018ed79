/* qw-output.h: writing the files Qiwang hands out
 *
 * Every file Qiwang writes for people (results files, workbooks, CSV lists,
 * PDFs and images, TRF files, the public pages), from the CLI and from the
 * window alike, is written through here, so that:
 *
 *   - an output never replaces an input: the document being read, a file
 *     the command reads, or any Qiwang document at all (any SQLite
 *     database), whether named directly, through a symbolic link or as a
 *     hard link, is refused; --force does not change that
 *     (qw_output_check_target());
 *   - an output is written whole or not at all: into an unnamed temporary
 *     file in the same folder (O_TMPFILE; a hidden named one where the file
 *     system has none), flushed to the disk, and renamed over the old file
 *     only once complete. A full disk, a crash or a kill leaves the old file
 *     whole and no temporary file behind;
 *   - private outputs (full ID numbers, dates of birth) are created 0600,
 *     public ones 0666 less the umask.
 *
 * A FIFO or a character device (/dev/stdout, /dev/null) is written to
 * directly: there is no old file to keep there.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  QW_OUTPUT_PUBLIC  = 0,        /* anyone may read it: 0666 less the umask */
  QW_OUTPUT_PRIVATE = 1 << 0,   /* full ID numbers or dates of birth: 0600 */
  /* Written into a new folder that is itself moved into place when complete
   * (the public pages, publish/qw-site-export.c): the file is created there
   * directly, with no temporary of its own and no flush (the folder's move
   * flushes everything at once). */
  QW_OUTPUT_STAGED  = 1 << 1,
} QwOutputFlags;

typedef struct _QwOutput QwOutput;

gboolean    qw_output_check_target      (const char          *path,
                                         const char          *document,
                                         const char * const  *inputs,
                                         GError             **error);

QwOutput   *qw_output_new               (const char          *path,
                                         QwOutputFlags        flags,
                                         GError             **error);
const char *qw_output_get_path          (QwOutput            *output);
const char *qw_output_get_temp_path     (QwOutput            *output);
gboolean    qw_output_write             (QwOutput            *output,
                                         const void          *data,
                                         gsize                size,
                                         GError             **error);
gboolean    qw_output_commit            (QwOutput            *output,
                                         GError             **error);
void        qw_output_free              (QwOutput            *output);

gboolean    qw_output_replace_contents  (const char          *path,
                                         const void          *data,
                                         gssize               size,
                                         QwOutputFlags        flags,
                                         GError             **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (QwOutput, qw_output_free)

G_END_DECLS
