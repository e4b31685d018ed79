/* qw-event.c: one event: a preliminary stop, a provincial final, …
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-event"

#include "config.h"

#include <string.h>

#include "qw-event.h"

G_DEFINE_BOXED_TYPE (QwEvent, qw_event, qw_event_copy, qw_event_free)

QwEvent *
qw_event_new (void)
{
  QwEvent *event = g_new0 (QwEvent, 1);

  event->ruleset = g_strdup ("qiwang-2021");
  event->system = g_strdup ("swiss");
  event->rounds = 7;
  return event;
}

#define COPY_STR(field) copy->field = g_strdup (event->field)

QwEvent *
qw_event_copy (const QwEvent *event)
{
  QwEvent *copy = g_memdup2 (event, sizeof *event);

  COPY_STR (ruleset);
  COPY_STR (name);
  COPY_STR (region);
  COPY_STR (place_city);
  COPY_STR (place_county);
  COPY_STR (place_town);
  COPY_STR (host);
  COPY_STR (prefecture);
  COPY_STR (county_city);
  COPY_STR (honours);
  COPY_STR (venue);
  COPY_STR (organiser);
  COPY_STR (chief_arbiter);
  COPY_STR (chief_arbiter_grade);
  COPY_STR (system);
  COPY_STR (digest);
  return copy;
}

#undef COPY_STR

void
qw_event_free (QwEvent *event)
{
  if (event == NULL)
    return;
  g_free (event->ruleset);
  g_free (event->name);
  g_free (event->region);
  g_free (event->place_city);
  g_free (event->place_county);
  g_free (event->place_town);
  g_free (event->host);
  g_free (event->prefecture);
  g_free (event->county_city);
  g_free (event->honours);
  g_free (event->venue);
  g_free (event->organiser);
  g_free (event->chief_arbiter);
  g_free (event->chief_arbiter_grade);
  g_free (event->system);
  g_free (event->digest);
  g_free (event);
}

static const char *level_codes[] = { "preliminary", "provincial-final", "national-final" };
static const char *level_names[] = { "预选赛", "省决赛", "全国总决赛" };

const char *
qw_level_to_code (QwLevel level)
{
  g_return_val_if_fail ((guint) level < G_N_ELEMENTS (level_codes), NULL);
  return level_codes[level];
}

QwLevel
qw_level_from_code (const char *code)
{
  for (guint i = 0; i < G_N_ELEMENTS (level_codes); i++)
    if (g_strcmp0 (code, level_codes[i]) == 0 || g_strcmp0 (code, level_names[i]) == 0)
      return (QwLevel) i;
  return QW_LEVEL_PRELIMINARY;
}

const char *
qw_level_to_chinese (QwLevel level)
{
  g_return_val_if_fail ((guint) level < G_N_ELEMENTS (level_names), NULL);
  return level_names[level];
}

static const char *host_codes[] = { "", "province", "city", "county", "township" };
static const char *host_names[] = { "", "省级", "市级", "县级", "乡级" };

const char *
qw_host_level_to_code (QwHostLevel level)
{
  g_return_val_if_fail ((guint) level < G_N_ELEMENTS (host_codes), NULL);
  return host_codes[level];
}

QwHostLevel
qw_host_level_from_code (const char *code)
{
  for (guint i = 1; i < G_N_ELEMENTS (host_codes); i++)
    if (g_strcmp0 (code, host_codes[i]) == 0)
      return (QwHostLevel) i;
  return QW_HOST_UNKNOWN;
}

/* Reads 市级/县级/乡级 (also 镇级, 区级, 省级) or the English codes. */
QwHostLevel
qw_host_level_parse (const char *text)
{
  g_autofree char *t = NULL;

  if (text == NULL)
    return QW_HOST_UNKNOWN;
  t = g_strstrip (g_strdup (text));
  for (guint i = 1; i < G_N_ELEMENTS (host_codes); i++)
    if (g_str_equal (t, host_codes[i]) || g_str_equal (t, host_names[i]))
      return (QwHostLevel) i;
  if (g_str_equal (t, "镇级") || g_str_equal (t, "乡镇级") || g_str_equal (t, "街道级"))
    return QW_HOST_TOWNSHIP;
  if (g_str_equal (t, "区级") || g_str_equal (t, "县区级"))
    return QW_HOST_COUNTY;
  if (g_str_equal (t, "地市级") || g_str_equal (t, "地级"))
    return QW_HOST_CITY;
  return QW_HOST_UNKNOWN;
}

const char *
qw_host_level_to_chinese (QwHostLevel level)
{
  g_return_val_if_fail ((guint) level < G_N_ELEMENTS (host_names), NULL);
  return host_names[level];
}

static const char *source_codes[] = { "local", "imported", "manual" };

const char *
qw_source_to_code (QwEventSource source)
{
  g_return_val_if_fail ((guint) source < G_N_ELEMENTS (source_codes), NULL);
  return source_codes[source];
}

QwEventSource
qw_source_from_code (const char *code)
{
  for (guint i = 0; i < G_N_ELEMENTS (source_codes); i++)
    if (g_strcmp0 (code, source_codes[i]) == 0)
      return (QwEventSource) i;
  return QW_SOURCE_LOCAL;
}

/* The place chain as one string, "惠州市惠东县白花镇". */
char *
qw_event_place (const QwEvent *event)
{
  return g_strconcat (event->place_city != NULL ? event->place_city : "",
                      event->place_county != NULL ? event->place_county : "",
                      event->place_town != NULL ? event->place_town : "", NULL);
}

/**
 * qw_honours_split:
 * @text: honours separated by 、 ; ； , or ，
 *
 * Returns: the honours, trimmed, without empty items
 */
GStrv
qw_honours_split (const char *text)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_autoptr(GString) normal = g_string_new (text != NULL ? text : "");
  g_auto(GStrv) parts = NULL;
  static const char *separators[] = { "、", "；", "，", "," };

  for (guint i = 0; i < G_N_ELEMENTS (separators); i++)
    g_string_replace (normal, separators[i], ";", 0);
  parts = g_strsplit (normal->str, ";", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      g_strstrip (parts[i]);
      if (parts[i][0] != '\0')
        g_strv_builder_add (builder, parts[i]);
    }
  return g_strv_builder_end (builder);
}
