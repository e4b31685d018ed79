/* qw-group-code.c: a group's code is a name, never a path
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-group-code"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "qw-error.h"
#include "qw-group-code.h"

/**
 * qw_group_code_is_valid:
 *
 * Returns: whether @code is 1 to %QW_GROUP_CODE_MAX_CHARS ASCII letters,
 *   digits, '-' and '_'
 */
gboolean
qw_group_code_is_valid (const char *code)
{
  gsize n = 0;

  if (code == NULL || *code == '\0')
    return FALSE;
  for (const char *p = code; *p != '\0'; p++, n++)
    if (n >= QW_GROUP_CODE_MAX_CHARS || !(g_ascii_isalnum (*p) || *p == '-' || *p == '_'))
      return FALSE;
  return TRUE;
}

/**
 * qw_group_code_check:
 *
 * Returns: %FALSE, with a message that shows what a code may be, when
 *   @code is not a valid group code
 */
gboolean
qw_group_code_check (const char  *code,
                     GError     **error)
{
  g_autofree char *shown = NULL;

  if (qw_group_code_is_valid (code))
    return TRUE;
  if (code == NULL || *code == '\0')
    {
      g_set_error_literal (error, QW_ERROR, QW_ERROR_INVALID,
                           _("A group needs a code: letters, digits, - and _ (for example open-m)"));
      return FALSE;
    }
  /* Shown as typed, but as text: never more than a line of it. */
  shown = g_utf8_make_valid (code, MIN (strlen (code), 200));
  g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
               _("“%s” is not a group code: a code has only letters, digits, - and _, at most %d of them "
                 "(for example open-m)"), shown, QW_GROUP_CODE_MAX_CHARS);
  return FALSE;
}

/**
 * qw_group_code_segment:
 *
 * Returns: what stands for the group in a path or an address: @code itself
 *   when it is valid, else "x-" and 16 hexadecimal digits of its SHA-256
 *   (a valid code too, the same for the same code everywhere)
 */
char *
qw_group_code_segment (const char *code)
{
  g_autofree char *digest = NULL;

  if (qw_group_code_is_valid (code))
    return g_strdup (code);
  digest = g_compute_checksum_for_string (G_CHECKSUM_SHA256, code != NULL ? code : "", -1);
  return g_strdup_printf ("x-%.16s", digest);
}
