/* qw-device-text.c: a venue device in words, for the window
 *
 * The add-device dialog, the device list and the rounds page say the same
 * things the same way: a device's role, its scope (its groups by their
 * names, its boards), its last contact, and who entered a result.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "qw-device-text.h"

const char *
qw_device_role_label (QwDeviceRole role)
{
  switch (role)
    {
    case QW_DEVICE_ARBITER:
      return _("Arbiter");
    case QW_DEVICE_CHECKIN:
      return _("Check-in");
    case QW_DEVICE_SCREEN:
      return _("Screen");
    default:
      return "";
    }
}

const char *
qw_device_role_description (QwDeviceRole role)
{
  switch (role)
    {
    case QW_DEVICE_ARBITER:
      return _("Enters the results of the boards of its groups");
    case QW_DEVICE_CHECKIN:
      return _("Marks the players of its groups present");
    case QW_DEVICE_SCREEN:
      return _("Shows the pairings and standings in the hall; changes nothing");
    default:
      return "";
    }
}

static const char *
group_name (GPtrArray  *sections,
            const char *code)
{
  for (guint i = 0; sections != NULL && i < sections->len; i++)
    {
      QwSection *s = g_ptr_array_index (sections, i);

      if (g_strcmp0 (s->code, code) == 0 && s->name != NULL && s->name[0] != '\0')
        return s->name;
    }
  return code;
}

char *
qw_device_scope_text (const QwDevice    *device,
                      QwDocumentContext *context)
{
  g_autoptr(GPtrArray) sections = context != NULL ? qw_document_context_list_sections (context, NULL) : NULL;
  GString *text = g_string_new (NULL);

  if (device->role == QW_DEVICE_SCREEN)
    return g_string_free (text, FALSE);
  if (device->groups == NULL || device->groups[0] == NULL)
    g_string_append (text, _("Every group"));
  for (guint i = 0; device->groups != NULL && device->groups[i] != NULL; i++)
    {
      if (i > 0)
        g_string_append (text, _(", "));
      g_string_append (text, group_name (sections, device->groups[i]));
    }
  if (device->role == QW_DEVICE_ARBITER)
    {
      if (device->board_from > 0)
        /* Translators: an arbiter device's boards: "第 1–10 台" */
        g_string_append_printf (text, _(" · boards %d–%d"), device->board_from, device->board_to);
      else
        g_string_append (text, _(" · every board"));
    }
  return g_string_free (text, FALSE);
}

char *
qw_device_last_seen_text (const QwDevice *device)
{
  g_autoptr(GTimeZone) utc = g_time_zone_new_utc ();
  g_autoptr(GDateTime) seen = NULL;
  g_autoptr(GDateTime) local = NULL;
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();

  if (device->last_seen == NULL)
    return g_strdup (_("never in contact"));
  seen = g_date_time_new_from_iso8601 (device->last_seen, utc);
  if (seen == NULL)
    return g_strdup (device->last_seen);
  local = g_date_time_to_local (seen);
  if (g_date_time_get_year (local) == g_date_time_get_year (now)
      && g_date_time_get_day_of_year (local) == g_date_time_get_day_of_year (now))
    {
      g_autofree char *time = g_date_time_format (local, "%H:%M");

      /* Translators: a device's last contact today: "最近联系 14:32" */
      return g_strdup_printf (_("last contact %s"), time);
    }
  {
    g_autofree char *date = g_date_time_format (local, "%Y-%m-%d %H:%M");

    return g_strdup_printf (_("last contact %s"), date);
  }
}

char *
qw_entered_by_label (const char *origin)
{
  if (origin == NULL || origin[0] == '\0')
    return NULL;
  if (g_str_equal (origin, "window"))
    return g_strdup (_("Window"));
  if (g_str_equal (origin, "cli"))
    return g_strdup (_("Command line"));
  if (g_str_has_prefix (origin, "device:"))
    /* Translators: who entered a result: "设备：1–10 台裁判" */
    return g_strdup_printf (_("Device: %s"), origin + strlen ("device:"));
  return g_strdup (origin);
}
