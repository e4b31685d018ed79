/* qw-entry.c: a registration (报名) as the document stores it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-entry"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "qw-entry.h"

G_DEFINE_BOXED_TYPE (QwEntry, qw_entry, qw_entry_copy, qw_entry_free)

QwEntry *
qw_entry_new (void)
{
  return g_new0 (QwEntry, 1);
}

QwEntry *
qw_entry_copy (const QwEntry *entry)
{
  QwEntry *copy = g_memdup2 (entry, sizeof *entry);

  copy->name = g_strdup (entry->name);
  copy->birth = g_strdup (entry->birth);
  copy->id_number = g_strdup (entry->id_number);
  copy->unit = g_strdup (entry->unit);
  copy->grade = g_strdup (entry->grade);
  copy->phone = g_strdup (entry->phone);
  copy->declared_group = g_strdup (entry->declared_group);
  copy->group_code = g_strdup (entry->group_code);
  copy->allowed = g_strdup (entry->allowed);
  return copy;
}

void
qw_entry_free (QwEntry *entry)
{
  if (entry == NULL)
    return;
  g_free (entry->name);
  g_free (entry->birth);
  g_free (entry->id_number);
  g_free (entry->unit);
  g_free (entry->grade);
  g_free (entry->phone);
  g_free (entry->declared_group);
  g_free (entry->group_code);
  g_free (entry->allowed);
  g_free (entry);
}

static gboolean
same_text (const char *a,
           const char *b)
{
  return g_strcmp0 (a != NULL ? a : "", b != NULL ? b : "") == 0;
}

gboolean
qw_entry_equal (const QwEntry *a,
                const QwEntry *b)
{
  return a->id == b->id && a->event_id == b->event_id && a->no == b->no
         && same_text (a->name, b->name) && a->sex == b->sex && same_text (a->birth, b->birth)
         && a->doc_kind == b->doc_kind && same_text (a->id_number, b->id_number)
         && same_text (a->unit, b->unit) && same_text (a->grade, b->grade)
         && same_text (a->phone, b->phone) && same_text (a->declared_group, b->declared_group)
         && same_text (a->group_code, b->group_code) && a->status == b->status
         && a->rating == b->rating && same_text (a->allowed, b->allowed);
}

static const char *const status_codes[] = { "active", "withdrawn", "excluded", "late" };

const char *
qw_entry_status_to_code (QwEntryStatus status)
{
  g_return_val_if_fail ((guint) status < G_N_ELEMENTS (status_codes), "active");
  return status_codes[status];
}

QwEntryStatus
qw_entry_status_from_code (const char *code)
{
  for (guint i = 0; code != NULL && i < G_N_ELEMENTS (status_codes); i++)
    if (g_str_equal (code, status_codes[i]))
      return (QwEntryStatus) i;
  return QW_STATUS_ACTIVE;
}

const char *
qw_doc_kind_to_code (QwDocKind kind)
{
  return kind == QW_DOC_OTHER ? "other" : "resident";
}

QwDocKind
qw_doc_kind_from_code (const char *code)
{
  return g_strcmp0 (code, "other") == 0 ? QW_DOC_OTHER : QW_DOC_RESIDENT_ID;
}

