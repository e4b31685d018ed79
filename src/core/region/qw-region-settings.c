/* qw-region-settings.c: a region document's own settings: its region, its
 * ruleset, the places the association decided and the day its rules were
 * published
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-region"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "qw-error.h"
#include "qw-document-entries.h"
#include "qw-message.h"
#include "qw-region.h"

/* One step named by the untranslated @msgid, rendered in the language of
 * whoever reads the history (issue 19 point 22). */
static gboolean
set_settings (QwDocument         *doc,
              const char         *msgid,
              const char *const  *pairs,
              GError            **error)
{
  g_autofree char *label = qw_message (msgid, NULL);

  return qw_document_set_settings (doc, label, pairs, error);
}

/* The region and its ruleset */

gboolean
qw_region_setup (QwDocument  *doc,
                 const char  *region,
                 const char  *ruleset_id,
                 GError     **error)
{
  g_autoptr(QwRuleset) ruleset = qw_ruleset_lookup (ruleset_id, error);
  const char *pairs[] = { "region", region != NULL ? region : "", "ruleset", NULL, NULL };

  if (ruleset == NULL)
    return FALSE;
  pairs[3] = ruleset->id;
  return set_settings (doc, N_("Region settings"), pairs, error);
}

/* The ruleset named in meta, else the first event's, else the default. */
QwRuleset *
qw_region_ruleset (QwDocument  *doc,
                   GError     **error)
{
  g_autofree char *id = qw_document_get_meta (doc, "ruleset");
  g_autoptr(GPtrArray) events = NULL;

  if (id != NULL && id[0] != '\0')
    return qw_ruleset_lookup (id, error);
  events = qw_document_list_events (doc, error);
  if (events == NULL)
    return NULL;
  if (events->len > 0)
    return qw_ruleset_lookup (((QwEvent *) g_ptr_array_index (events, 0))->ruleset, error);
  return qw_ruleset_lookup ("qiwang-2021", error);
}

gboolean
qw_region_set_decided_places (QwDocument  *doc,
                              int          places,
                              GError     **error)
{
  g_autofree char *text = places >= 0 ? g_strdup_printf ("%d", places) : g_strdup ("");

  if (places > 1000)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                   _("%d places is not a plausible number for one region"), places);
      return FALSE;
    }
  return set_settings (doc, N_("Places decided by the association"),
                       (const char *const[]) { "decided-places", text, NULL }, error);
}

int
qw_region_get_decided_places (QwDocument *doc)
{
  g_autofree char *text = qw_document_get_meta (doc, "decided-places");
  gint64 value;

  if (text == NULL || !g_ascii_string_to_signed (text, 10, 0, 1000, &value, NULL))
    return -1;
  return (int) value;
}

gboolean
qw_region_set_rules_published (QwDocument  *doc,
                               QwDate       day,
                               GError     **error)
{
  g_autofree char *text = qw_date_is_set (day) ? qw_date_to_iso_dup (day) : g_strdup ("");

  return set_settings (doc, N_("Publication of the region’s rules"),
                       (const char *const[]) { "rules-published", text, NULL }, error);
}

QwDate
qw_region_get_rules_published (QwDocument *doc)
{
  g_autofree char *text = qw_document_get_meta (doc, "rules-published");
  QwDate day = QW_DATE_NONE;

  if (text == NULL || !qw_date_parse_iso (text, &day))
    return QW_DATE_NONE;
  return day;
}
