/* qw-nominee.h: one player a region nominates for the national final
 *
 * Plain data: the region layer selects and reads nominees
 * (region/qw-nominees.h), the store keeps a national document's.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "qw-types.h"

G_BEGIN_DECLS

typedef struct
{
  char      *region;
  char      *line;         /* the quota line: "open-m", "senior", "display" */
  char      *line_label;   /* "老年组" */
  char      *group_code;   /* the group played at the final: "senior-f" */
  char      *group_name;
  int        rank;         /* place in that group at the provincial final */
  char      *name;
  QwSex      sex;
  char      *birth;
  char      *id_number;
  char      *unit;
  char      *reason;       /* why this player */
  char      *duplicate;    /* a national document's: every region that named this player ("广东、广西")
                            * when more than one did (a player may represent one region only), else NULL */
} QwNominee;

QwNominee *qw_nominee_new  (void);
void       qw_nominee_free (QwNominee *nominee);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (QwNominee, qw_nominee_free)

G_END_DECLS
