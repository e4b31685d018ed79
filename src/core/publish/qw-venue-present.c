/* qw-venue-present.c: several players checked in (签到) as one step
 *
 * The window's entries page checks in the players selected at once (the
 * door's list read out by the arbiter): each mark is the one check-in
 * function every face calls (qw_venue_set_present()), nested in one step
 * so that one undo takes them back together.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-venue"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "qw-message.h"
#include "qw-venue.h"
#include "qw-venue-present.h"

typedef struct
{
  const QwPresentMark *marks;
  guint                n_marks;
  gboolean             present;
} ManyJob;

static gboolean
many_step (QwDocument  *doc,
           gpointer     data,
           GError     **error)
{
  ManyJob *job = data;

  for (guint i = 0; i < job->n_marks; i++)
    if (!qw_venue_set_present (doc, job->marks[i].group, job->marks[i].no, job->present, error))
      return FALSE;
  return TRUE;
}

gboolean
qw_venue_set_present_many (QwDocument          *doc,
                           const QwPresentMark *marks,
                           guint                n_marks,
                           gboolean             present,
                           GError             **error)
{
  ManyJob job = { marks, n_marks, present };
  g_autofree char *label = NULL;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);
  g_return_val_if_fail (marks != NULL || n_marks == 0, FALSE);

  if (n_marks == 1)
    return qw_venue_set_present (doc, marks[0].group, marks[0].no, present, error);
  label = present ? qw_message_plural ("Check-in of %u player", "Check-in of %u players", n_marks, n_marks)
                  : qw_message_plural ("Check-in of %u player cancelled", "Check-in of %u players cancelled",
                                       n_marks, n_marks);
  return qw_document_run_step (doc, label, many_step, &job, error);
}
