/* qw-stop-item.c: one row of the region page's stops table
 *
 * Model code: no widgets. A stop's official name starts with the season's
 * name and the region ("2021年第六届全国象棋业余棋王赛广东赛区…"), the same
 * for every row; the table shows what follows, and the full name as a tooltip.
 * What a row shows, and what it sorts by, are read-only properties.
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
  guint     position;
  int       participants;
  gboolean  valid;
  char     *short_name;
  char     *dates_text;
};

G_DEFINE_FINAL_TYPE (QwStopItem, qw_stop_item, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ID,
  PROP_POSITION,
  PROP_NAME,
  PROP_SHORT_NAME,
  PROP_LEVEL,
  PROP_LEVEL_TEXT,
  PROP_HOST_LEVEL,
  PROP_HOST_LEVEL_TEXT,
  PROP_HOST,
  PROP_PREFECTURE,
  PROP_COUNTY_CITY,
  PROP_HONOURS,
  PROP_PARTICIPANTS,
  PROP_VALID,
  PROP_SOURCE,
  PROP_SOURCE_TEXT,
  PROP_DATES_TEXT,
  PROP_VALIDITY_NOTE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

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
qw_stop_item_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  QwStopItem *self = QW_STOP_ITEM (object);
  const QwEvent *e = self->event;

  switch (prop_id)
    {
    case PROP_ID:
      g_value_set_int64 (value, e->id);
      break;
    case PROP_POSITION:
      g_value_set_uint (value, self->position);
      break;
    case PROP_NAME:
      g_value_set_string (value, e->name);
      break;
    case PROP_SHORT_NAME:
      g_value_set_string (value, self->short_name);
      break;
    case PROP_LEVEL:
      g_value_set_int (value, (int) e->level);
      break;
    case PROP_LEVEL_TEXT:
      g_value_set_static_string (value, qw_level_to_chinese (e->level));
      break;
    case PROP_HOST_LEVEL:
      g_value_set_int (value, (int) e->host_level);
      break;
    case PROP_HOST_LEVEL_TEXT:
      g_value_set_static_string (value, e->host_level != QW_HOST_UNKNOWN ? qw_host_level_to_chinese (e->host_level)
                                                                         : "");
      break;
    case PROP_HOST:
      g_value_set_string (value, e->host);
      break;
    case PROP_PREFECTURE:
      g_value_set_string (value, e->prefecture);
      break;
    case PROP_COUNTY_CITY:
      g_value_set_string (value, e->county_city);
      break;
    case PROP_HONOURS:
      g_value_set_string (value, e->honours);
      break;
    case PROP_PARTICIPANTS:
      g_value_set_int (value, self->participants);
      break;
    case PROP_VALID:
      g_value_set_boolean (value, self->valid);
      break;
    case PROP_SOURCE:
      g_value_set_int (value, (int) e->source);
      break;
    case PROP_SOURCE_TEXT:
      g_value_set_static_string (value, qw_stop_item_get_source_text (self));
      break;
    case PROP_DATES_TEXT:
      g_value_set_string (value, self->dates_text);
      break;
    case PROP_VALIDITY_NOTE:
      g_value_set_static_string (value, e->level == QW_LEVEL_PRELIMINARY && !self->valid
                                        ? _("Its players count towards the region’s participants, but it is not "
                                            "a valid stop")
                                        : NULL);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
qw_stop_item_class_init (QwStopItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->finalize = qw_stop_item_finalize;
  object_class->get_property = qw_stop_item_get_property;

  /* The region's order (preliminaries by date, the final last): ties keep it. */
  /* The stop's event: what a reload selects again. */
  properties[PROP_ID] = g_param_spec_int64 ("id", NULL, NULL, 0, G_MAXINT64, 0, flags);
  properties[PROP_POSITION] = g_param_spec_uint ("position", NULL, NULL, 0, G_MAXUINT, 0, flags);
  properties[PROP_NAME] = g_param_spec_string ("name", NULL, NULL, NULL, flags);
  properties[PROP_SHORT_NAME] = g_param_spec_string ("short-name", NULL, NULL, NULL, flags);
  properties[PROP_LEVEL] = g_param_spec_int ("level", NULL, NULL, 0, G_MAXINT, 0, flags);
  properties[PROP_LEVEL_TEXT] = g_param_spec_string ("level-text", NULL, NULL, NULL, flags);
  properties[PROP_HOST_LEVEL] = g_param_spec_int ("host-level", NULL, NULL, 0, G_MAXINT, 0, flags);
  properties[PROP_HOST_LEVEL_TEXT] = g_param_spec_string ("host-level-text", NULL, NULL, NULL, flags);
  properties[PROP_HOST] = g_param_spec_string ("host", NULL, NULL, NULL, flags);
  properties[PROP_PREFECTURE] = g_param_spec_string ("prefecture", NULL, NULL, NULL, flags);
  properties[PROP_COUNTY_CITY] = g_param_spec_string ("county-city", NULL, NULL, NULL, flags);
  properties[PROP_HONOURS] = g_param_spec_string ("honours", NULL, NULL, NULL, flags);
  properties[PROP_PARTICIPANTS] = g_param_spec_int ("participants", NULL, NULL, 0, G_MAXINT, 0, flags);
  properties[PROP_VALID] = g_param_spec_boolean ("valid", NULL, NULL, FALSE, flags);
  properties[PROP_SOURCE] = g_param_spec_int ("source", NULL, NULL, 0, G_MAXINT, 0, flags);
  properties[PROP_SOURCE_TEXT] = g_param_spec_string ("source-text", NULL, NULL, NULL, flags);
  properties[PROP_DATES_TEXT] = g_param_spec_string ("dates-text", NULL, NULL, NULL, flags);
  /* Why a preliminary is not valid, for its Validity cell's tooltip. */
  properties[PROP_VALIDITY_NOTE] = g_param_spec_string ("validity-note", NULL, NULL, NULL, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
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

/**
 * qw_stop_item_new:
 * @position: the stop's place in the region's order
 */
QwStopItem *
qw_stop_item_new (const QwRegionStop *stop,
                  guint               position,
                  const QwRuleset    *ruleset,
                  const char         *region)
{
  QwStopItem *self = g_object_new (QW_TYPE_STOP_ITEM, NULL);

  self->position = position;
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
