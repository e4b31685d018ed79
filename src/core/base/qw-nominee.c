/* qw-nominee.c: one player a region nominates for the national final
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "qw-nominee.h"

QwNominee *
qw_nominee_new (void)
{
  return g_new0 (QwNominee, 1);
}

void
qw_nominee_free (QwNominee *n)
{
  if (n == NULL)
    return;
  g_free (n->region);
  g_free (n->line);
  g_free (n->line_label);
  g_free (n->group_code);
  g_free (n->group_name);
  g_free (n->name);
  g_free (n->birth);
  g_free (n->id_number);
  g_free (n->unit);
  g_free (n->reason);
  g_free (n->duplicate);
  g_free (n);
}
