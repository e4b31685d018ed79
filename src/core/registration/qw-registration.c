/* qw-registration.c: the registration desk's actions on a document
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-registration"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "qw-document-entries.h"
#include "qw-entry-check.h"
#include "qw-event-check.h"
#include "qw-registration.h"

QwDate
qw_registration_event_date (const QwEvent *event)
{
  return qw_date_is_set (event->start_date) ? event->start_date : qw_date_today ();
}

void
qw_registration_place (const QwRuleset *ruleset,
                       const QwEvent   *event,
                       GPtrArray       *entries)
{
  qw_entries_place (ruleset, entries, qw_registration_event_date (event));
}

/* Ends the step a service opened: committed when its write went well. */
static gboolean
end_step (QwDocument  *doc,
          gboolean     ok,
          GError     **error)
{
  if (!ok)
    {
      qw_document_rollback (doc);
      return FALSE;
    }
  return qw_document_commit (doc, error);
}

gboolean
qw_registration_add_entry (QwDocument       *doc,
                           const QwRuleset  *ruleset,
                           const QwEvent    *event,
                           QwEntry          *entry,
                           GError          **error)
{
  g_autoptr(GPtrArray) one = g_ptr_array_new ();
  g_autofree char *label = NULL;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);

  entry->event_id = event->id;
  g_ptr_array_add (one, entry);
  qw_registration_place (ruleset, event, one);
  label = g_strdup_printf (_("Adding %s"), entry->name);
  if (!qw_document_begin_step (doc, label, error))
    return FALSE;
  return end_step (doc, qw_document_add_entries (doc, event->id, one, error), error);
}

gboolean
qw_registration_update_entry (QwDocument       *doc,
                              const QwRuleset  *ruleset,
                              const QwEvent    *event,
                              QwEntry          *entry,
                              GError          **error)
{
  g_autoptr(QwEntry) stored = NULL;
  g_autofree char *label = NULL;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);

  stored = qw_document_get_entry (doc, entry->id, error);
  if (stored == NULL)
    return FALSE;
  /* The first pairing fixes the group. */
  if (!qw_document_entry_has_games (doc, entry->id))
    {
      g_autoptr(GPtrArray) one = g_ptr_array_new ();

      g_clear_pointer (&entry->group_code, g_free);
      g_ptr_array_add (one, entry);
      qw_registration_place (ruleset, event, one);
    }
  label = g_strdup_printf (_("Editing %s"), entry->name);
  if (!qw_document_begin_step (doc, label, error))
    return FALSE;
  return end_step (doc, qw_document_update_entry (doc, entry, error), error);
}

gboolean
qw_registration_delete_entries (QwDocument  *doc,
                                GPtrArray   *entries,
                                GError     **error)
{
  g_autofree gint64 *ids = g_new (gint64, MAX (entries->len, 1));
  g_autofree char *label = NULL;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);

  if (entries->len == 0)
    return TRUE;
  for (guint i = 0; i < entries->len; i++)
    ids[i] = ((QwEntry *) g_ptr_array_index (entries, i))->id;
  label = entries->len == 1
          ? g_strdup_printf (_("Deleting %s"), ((QwEntry *) g_ptr_array_index (entries, 0))->name)
          : g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Deleting %u entry", "Deleting %u entries", entries->len),
                             entries->len);
  if (!qw_document_begin_step (doc, label, error))
    return FALSE;
  return end_step (doc, qw_document_delete_entries (doc, ids, entries->len, error), error);
}

gboolean
qw_registration_import_entries (QwDocument       *doc,
                                const QwRuleset  *ruleset,
                                const QwEvent    *event,
                                GPtrArray        *entries,
                                GError          **error)
{
  g_autofree char *label = NULL;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);

  qw_registration_place (ruleset, event, entries);
  label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Import of %u entry", "Import of %u entries", entries->len),
                           entries->len);
  if (!qw_document_begin_step (doc, label, error))
    return FALSE;
  return end_step (doc, qw_document_add_entries (doc, event->id, entries, error), error);
}

gboolean
qw_registration_update_event (QwDocument       *doc,
                              const QwRuleset  *ruleset,
                              const QwEvent    *event,
                              GError          **error)
{
  g_autoptr(QwEventCheck) check = NULL;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);
  g_return_val_if_fail (ruleset != NULL && event != NULL, FALSE);

  check = qw_event_check (ruleset, event);
  if (!qw_event_check_to_error (check, error))
    return FALSE;
  if (!qw_document_begin_step (doc, _("Stop details"), error))
    return FALSE;
  return end_step (doc, qw_document_update_event (doc, event, error), error);
}
