/* qw-stop-item.c: one row of the region page's stops table
 *
 * Model code: no widgets. A stop's official name starts with the season's
 * name and the region ("2021年第六届全国象棋业余棋王赛广东赛区…"), the same
 * for every row; the table shows what follows, and the full name as a tooltip.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-stop-item"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "qw-stop-item.h"
#include "qw-date.h"
#include "qw-event.h"

struct _QwStopItem
{
  GObject   parent_instance;
  QwEvent  *event;
  int       participants;
  gboolean  valid;
  char     *short_name;
  char     *dates_text;
};

G_DEFINE_FINAL_TYPE (QwStopItem, qw_stop_item, G_TYPE_OBJECT)

static void
qw_stop_item_finalize (GObject *object)
{
  QwStopItem *self = QW_STOP_ITEM (object);

  g_clear_pointer (&self->event, qw_event_free);
  g_free (self->short_name);
  g_free (self->dates_text);
  G_OBJECT_CLASS (qw_stop_item_parent_class)->finalize (object);
}

static void
qw_stop_item_class_init (QwStopItemClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = qw_stop_item_finalize;
}

static void
qw_stop_item_init (QwStopItem *self)
{
}

/**
 * qw_stop_short_name:
 * @region: (nullable): the region document's region, "广东"
 *
 * Returns: the name without the season's prefix and the region
 *   ("惠州市惠东县白花镇预选赛"), or the whole name when it does not start so
 */
char *
qw_stop_short_name (const QwRuleset *ruleset,
                    const char      *region,
                    const char      *name)
{
  const char *rest = name != NULL ? name : "";
  g_autofree char *region_part = NULL;

  if (ruleset != NULL && ruleset->name_prefix != NULL && g_str_has_prefix (rest, ruleset->name_prefix))
    rest += strlen (ruleset->name_prefix);
  if (ruleset != NULL && region != NULL && region[0] != '\0')
    {
      region_part = g_strconcat (region, ruleset->region_suffix != NULL ? ruleset->region_suffix : "", NULL);
      if (g_str_has_prefix (rest, region_part))
        rest += strlen (region_part);
    }
  return g_strdup (rest[0] != '\0' ? rest : (name != NULL ? name : ""));
}

static char *
dates_text (const QwEvent *e)
{
  char start[QW_DATE_ISO_LEN], end[QW_DATE_ISO_LEN];

  if (!qw_date_is_set (e->start_date))
    return g_strdup ("");
  qw_date_to_iso (e->start_date, start);
  if (!qw_date_is_set (e->end_date) || qw_date_compare (e->start_date, e->end_date) == 0)
    return g_strdup (start);
  qw_date_to_iso (e->end_date, end);
  return g_strdup_printf ("%s – %s", start, end);
}

QwStopItem *
qw_stop_item_new (const QwRegionStop *stop,
                  const QwRuleset    *ruleset,
                  const char         *region)
{
  QwStopItem *self = g_object_new (QW_TYPE_STOP_ITEM, NULL);

  self->event = qw_event_copy (stop->event);
  self->participants = stop->participants;
  self->valid = stop->valid;
  self->short_name = qw_stop_short_name (ruleset, region, self->event->name);
  self->dates_text = dates_text (self->event);
  return self;
}

const QwEvent *
qw_stop_item_get_event (QwStopItem *self)
{
  g_return_val_if_fail (QW_IS_STOP_ITEM (self), NULL);
  return self->event;
}

int
qw_stop_item_get_participants (QwStopItem *self)
{
  g_return_val_if_fail (QW_IS_STOP_ITEM (self), 0);
  return self->participants;
}

gboolean
qw_stop_item_get_valid (QwStopItem *self)
{
  g_return_val_if_fail (QW_IS_STOP_ITEM (self), FALSE);
  return self->valid;
}

const char *
qw_stop_item_get_short_name (QwStopItem *self)
{
  g_return_val_if_fail (QW_IS_STOP_ITEM (self), NULL);
  return self->short_name;
}

const char *
qw_stop_item_get_dates_text (QwStopItem *self)
{
  g_return_val_if_fail (QW_IS_STOP_ITEM (self), NULL);
  return self->dates_text;
}

const char *
qw_stop_item_get_source_text (QwStopItem *self)
{
  g_return_val_if_fail (QW_IS_STOP_ITEM (self), NULL);

  switch (self->event->source)
    {
    case QW_SOURCE_IMPORTED:
      return _("Results file");
    case QW_SOURCE_MANUAL:
      return _("Typed in");
    case QW_SOURCE_LOCAL:
    default:
      return _("Run here");
    }
}
