/* qw-seed-item.c: one line of the starting-rank list (种子排序) on the rounds page
 *
 * Model code, no widgets: a player's place in the order round 1 is drawn
 * from, with the rating or grade it was seeded by, or a note that the
 * lottery placed it (or will, until the lots are drawn).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-seed-item"

#include "config.h"

#include <glib/gi18n.h>

#include "qw-seed-item.h"
#include "qw-entry-check.h"

struct _QwSeedItem
{
  GObject   parent_instance;
  QwSeed    seed;
  char     *rating_text;
  char     *note;
};

G_DEFINE_FINAL_TYPE (QwSeedItem, qw_seed_item, G_TYPE_OBJECT)

/* Read-only: the table binds its labels to them. */
enum {
  PROP_0,
  PROP_SEED,
  PROP_NO,
  PROP_NAME,
  PROP_UNIT,
  PROP_GRADE,
  PROP_RATING_TEXT,
  PROP_NOTE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
qw_seed_item_finalize (GObject *object)
{
  QwSeedItem *self = QW_SEED_ITEM (object);

  g_free (self->seed.name);
  g_free (self->seed.unit);
  g_free (self->seed.grade);
  g_free (self->rating_text);
  g_free (self->note);
  G_OBJECT_CLASS (qw_seed_item_parent_class)->finalize (object);
}

static void
qw_seed_item_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  QwSeedItem *self = QW_SEED_ITEM (object);

  switch (prop_id)
    {
    case PROP_SEED:
      g_value_set_int (value, self->seed.seed);
      break;
    case PROP_NO:
      g_value_set_int (value, self->seed.no);
      break;
    case PROP_NAME:
      g_value_set_string (value, self->seed.name);
      break;
    case PROP_UNIT:
      g_value_set_string (value, self->seed.unit);
      break;
    case PROP_GRADE:
      g_value_set_string (value, self->seed.grade);
      break;
    case PROP_RATING_TEXT:
      g_value_set_string (value, self->rating_text);
      break;
    case PROP_NOTE:
      g_value_set_string (value, self->note);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
qw_seed_item_class_init (QwSeedItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->finalize = qw_seed_item_finalize;
  object_class->get_property = qw_seed_item_get_property;

  properties[PROP_SEED] = g_param_spec_int ("seed", NULL, NULL, 0, G_MAXINT, 0, flags);
  properties[PROP_NO] = g_param_spec_int ("no", NULL, NULL, 0, G_MAXINT, 0, flags);
  properties[PROP_NAME] = g_param_spec_string ("name", NULL, NULL, NULL, flags);
  properties[PROP_UNIT] = g_param_spec_string ("unit", NULL, NULL, NULL, flags);
  properties[PROP_GRADE] = g_param_spec_string ("grade", NULL, NULL, NULL, flags);
  properties[PROP_RATING_TEXT] = g_param_spec_string ("rating-text", NULL, NULL, NULL, flags);
  /* How the place was decided, when by lot. */
  properties[PROP_NOTE] = g_param_spec_string ("note", NULL, NULL, NULL, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
qw_seed_item_init (QwSeedItem *self)
{
}

/**
 * qw_seed_item_new:
 * @drawn: the lots have been drawn: a place by lot is final
 * @blocked: (nullable): the problems that keep the player out of pairing
 *   until the arbiter answers them (qw-pair-gate.h), in words
 */
QwSeedItem *
qw_seed_item_new (const QwSeed *seed,
                  gboolean      drawn,
                  const char   *blocked)
{
  QwSeedItem *self = g_object_new (QW_TYPE_SEED_ITEM, NULL);

  self->seed = *seed;
  self->seed.name = g_strdup (seed->name != NULL ? seed->name : "");
  self->seed.unit = g_strdup (seed->unit != NULL ? seed->unit : "");
  self->seed.grade = g_strdup (seed->grade != NULL ? seed->grade : "");
  self->rating_text = seed->rating > 0 ? g_strdup_printf ("%d", seed->rating) : g_strdup ("");
  if (blocked != NULL)
    self->note = g_strdup_printf (_("Not paired until answered: %s"), blocked);
  else if (seed->by_lot)
    self->note = g_strdup (drawn ? _("By lot") : _("By lot, not drawn yet"));
  else
    self->note = g_strdup ("");
  return self;
}

const QwSeed *
qw_seed_item_get_seed (QwSeedItem *self)
{
  g_return_val_if_fail (QW_IS_SEED_ITEM (self), NULL);
  return &self->seed;
}

static char *
short_labels (guint problems)
{
  GString *text = g_string_new (NULL);

  for (int p = 0; p < QW_N_PROBLEMS; p++)
    if (problems & QW_PROBLEM_BIT (p))
      g_string_append_printf (text, "%s%s", text->len > 0 ? _(", ") : "", qw_problem_short_label ((QwProblem) p));
  return g_string_free (text, FALSE);
}

/**
 * qw_seed_items_new:
 * @gate: (nullable) (element-type QwGateItem): the group's problems before
 *   pairing (qw_pair_gate_list()): the blocked players are marked
 */
GListStore *
qw_seed_items_new (const QwSeeding *seeding,
                   GPtrArray       *gate)
{
  GListStore *store = g_list_store_new (QW_TYPE_SEED_ITEM);
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < seeding->players->len; i++)
    {
      const QwSeed *seed = g_ptr_array_index (seeding->players, i);
      g_autofree char *blocked = NULL;

      for (guint k = 0; gate != NULL && k < gate->len; k++)
        {
          const QwGateItem *item = g_ptr_array_index (gate, k);

          if (item->entry->id == seed->entry_id && item->blocking != 0)
            blocked = short_labels (item->blocking);
        }
      g_ptr_array_add (items, qw_seed_item_new (seed, seeding->drawn, blocked));
    }
  g_list_store_splice (store, 0, 0, items->pdata, items->len);
  return store;
}
