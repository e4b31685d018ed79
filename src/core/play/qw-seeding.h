/* qw-seeding.h: the starting-rank list (种子排序), the order round 1 is drawn from
 *
 * What qw_tournament_seeding() returns: the players of a section in the
 * order the draw of round 1 uses (rating, grade, typed order or lottery, the
 * players without a rating or grade after the others, by lot), with the
 * method and the lottery seed, so that the arbiter can show and print it
 * before round 1 and audit it afterwards.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "qw-entry.h"

G_BEGIN_DECLS

typedef struct
{
  int       seed;           /* place in the list, from 1 */
  gint64    entry_id;
  int       no;             /* 序号 */
  char     *name;
  char     *unit;
  char     *grade;          /* 等级 as typed */
  int       rating;         /* 等级分, 0: none */
  gboolean  by_lot;         /* placed by the lottery: no rating (grade) to seed by, or the method is the lottery */
} QwSeed;

typedef struct
{
  char      *method;        /* "rating", "grade", "order" or "lottery" (the section's seeding) */
  guint64    lottery_seed;  /* 0: the lots have not been drawn yet */
  gboolean   fixed;         /* round 1 is paired: this is the stored draw */
  gboolean   drawn;         /* the order is final: fixed, or no player needs the lottery, or it was drawn */
  GPtrArray *players;       /* (element-type QwSeed) in seed order */
} QwSeeding;

/* An empty list (players then come with qw_seeding_append()). */
QwSeeding   *qw_seeding_new                (const char    *method,
                                            guint64        lottery_seed);
/* Appends @entry as the next seed. */
void         qw_seeding_append             (QwSeeding     *seeding,
                                            const QwEntry *entry,
                                            gboolean       by_lot);
void         qw_seeding_free               (QwSeeding  *seeding);
/* "按等级分", "按技术等级", "按报名序号", "抽签": untranslated, for printed documents. */
const char  *qw_seeding_method_to_chinese  (const char *method);
/* Translated, for people, as the section dialog names them: "By rating (等级分)", … */
const char  *qw_seeding_method_label       (const char *method);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (QwSeeding, qw_seeding_free)

G_END_DECLS
