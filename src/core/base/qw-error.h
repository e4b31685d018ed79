/* qw-error.h: the core's error domain
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define QW_ERROR (qw_error_quark ())

typedef enum
{
  QW_ERROR_FAILED,         /* anything else */
  QW_ERROR_INVALID,        /* input that breaks a rule or a schema */
  QW_ERROR_NOT_FOUND,      /* a named thing does not exist */
  QW_ERROR_NEWER_SCHEMA,   /* a document written by a newer Qiwang */
  QW_ERROR_CORRUPT,        /* a damaged or foreign file */
  QW_ERROR_IO,             /* reading or writing failed */
  QW_ERROR_TOO_LARGE,      /* an input over the size limits */
  QW_ERROR_CONFLICT,       /* the action clashes with the document's state */
  QW_ERROR_BLOCKED,        /* entries with a blocking problem keep a round from being paired
                            * (play/qw-pair-gate.h): exclude them or pair them anyway */
  QW_ERROR_STALE,          /* what the caller shows is no longer what is stored (another window or
                            * program changed it): nothing was written; read it again */
  QW_ERROR_BUSY,           /* another program holds the document's write lock past the busy
                            * timeout (store/qw-document.h): try again in a moment */
  QW_ERROR_READ_ONLY,      /* the document is read-only here (a write-protected disk, a folder or
                            * a file the user cannot write): it can be read, not changed */
  QW_ERROR_DISK_FULL,      /* the disk holding the document is full: nothing was changed */
  QW_ERROR_UNFINISHED,     /* the places are not final yet (certificates of a group that has not
                            * finished): done only when the caller confirms (print's --force) */
} QwError;

GQuark qw_error_quark (void);

G_END_DECLS
