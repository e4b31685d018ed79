/* qw-seeding.c: the starting-rank list's records and the names of its methods
 *
 * The list itself is computed where the draw is made (qw-tournament.c), so
 * that the list shown before round 1 and the draw of round 1 are one
 * computation.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-seeding"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "qw-seeding.h"

static void
seed_free (gpointer data)
{
  QwSeed *seed = data;

  g_free (seed->name);
  g_free (seed->unit);
  g_free (seed->grade);
  g_free (seed);
}

void
qw_seeding_free (QwSeeding *seeding)
{
  if (seeding == NULL)
    return;
  g_free (seeding->method);
  g_clear_pointer (&seeding->players, g_ptr_array_unref);
  g_free (seeding);
}

QwSeeding *
qw_seeding_new (const char *method,
                guint64     lottery_seed)
{
  QwSeeding *seeding = g_new0 (QwSeeding, 1);

  seeding->method = g_strdup (method != NULL && *method != '\0' ? method : "rating");
  seeding->lottery_seed = lottery_seed;
  seeding->players = g_ptr_array_new_with_free_func (seed_free);
  return seeding;
}

void
qw_seeding_append (QwSeeding     *seeding,
                   const QwEntry *entry,
                   gboolean       by_lot)
{
  QwSeed *seed = g_new0 (QwSeed, 1);

  seed->seed = (int) seeding->players->len + 1;
  seed->entry_id = entry->id;
  seed->no = entry->no;
  seed->name = g_strdup (entry->name != NULL ? entry->name : "");
  seed->unit = g_strdup (entry->unit != NULL ? entry->unit : "");
  seed->grade = g_strdup (entry->grade != NULL ? entry->grade : "");
  seed->rating = entry->rating;
  seed->by_lot = by_lot;
  g_ptr_array_add (seeding->players, seed);
}

const char *
qw_seeding_method_to_chinese (const char *method)
{
  if (g_strcmp0 (method, "grade") == 0)
    return "按技术等级";
  if (g_strcmp0 (method, "order") == 0)
    return "按报名序号";
  if (g_strcmp0 (method, "lottery") == 0)
    return "抽签";
  return "按等级分";
}

const char *
qw_seeding_method_label (const char *method)
{
  if (g_strcmp0 (method, "grade") == 0)
    return _("By grade (等级)");
  if (g_strcmp0 (method, "order") == 0)
    return _("In registration order");
  if (g_strcmp0 (method, "lottery") == 0)
    return _("By lottery (抽签)");
  return _("By rating (等级分)");
}
