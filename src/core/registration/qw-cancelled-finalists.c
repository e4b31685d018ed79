/* qw-cancelled-finalists.c: entries that are finalists whose qualification was cancelled
 *
 * See qw-cancelled-finalists.h (seed 000 §九3, §十一(三)3).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-registration"

#include "config.h"

#include <string.h>

#include "qw-cancelled-finalists.h"
#include "qw-csv.h"

typedef struct
{
  GHashTable *accounts;           /* char * set */
  GHashTable *identities;         /* char * set */
} Cancelled;

static void
cancelled_clear (Cancelled *c)
{
  g_clear_pointer (&c->accounts, g_hash_table_unref);
  g_clear_pointer (&c->identities, g_hash_table_unref);
}

static gboolean
is_blank (const char *s)
{
  return s == NULL || s[strspn (s, " \t")] == '\0';
}

/* FALSE when the document records no cancellation. */
static gboolean
cancelled_load (QwDocument *doc,
                Cancelled  *out)
{
  g_autofree char *text = qw_document_get_meta (doc, QW_CANCELLED_FINALISTS_KEY);
  g_autoptr(QwCsv) table = NULL;
  g_autoptr(GError) error = NULL;

  out->accounts = NULL;
  out->identities = NULL;
  if (text == NULL || text[0] == '\0')
    return FALSE;
  table = qw_csv_parse_data (text, strlen (text), &error);
  if (table == NULL)
    {
      g_warning ("The stored cancellations cannot be read: %s", error->message);
      return FALSE;
    }
  out->accounts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  out->identities = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (guint i = 1; i < table->rows->len; i++)
    {
      char **row = g_ptr_array_index (table->rows, i);
      guint n = g_strv_length (row);

      if (n > QW_CANCELLED_COLUMN_ACCOUNT && !is_blank (row[QW_CANCELLED_COLUMN_ACCOUNT]))
        g_hash_table_add (out->accounts, g_strstrip (g_strdup (row[QW_CANCELLED_COLUMN_ACCOUNT])));
      if (n > QW_CANCELLED_COLUMN_IDENTITY && !is_blank (row[QW_CANCELLED_COLUMN_IDENTITY]))
        g_hash_table_add (out->identities, g_strdup (row[QW_CANCELLED_COLUMN_IDENTITY]));
    }
  return g_hash_table_size (out->accounts) > 0 || g_hash_table_size (out->identities) > 0;
}

/* One person: a player, or a pair's member. */
static gboolean
person_matches (const Cancelled *c,
                const QwEntry   *person)
{
  g_autofree char *account = person->account != NULL ? g_strstrip (g_strdup (person->account)) : NULL;
  g_autofree char *identity = NULL;

  if (account != NULL && account[0] != '\0' && g_hash_table_contains (c->accounts, account))
    return TRUE;
  identity = qw_person_identity_key (person->doc_kind, person->id_number, NULL, FALSE);
  return identity != NULL && g_hash_table_contains (c->identities, identity);
}

static gboolean
entry_matches (const Cancelled *c,
               const QwEntry   *entry)
{
  if (!qw_entry_is_pair (entry))
    return person_matches (c, entry);
  for (guint i = 0; i < entry->members->len; i++)
    if (person_matches (c, g_ptr_array_index (entry->members, i)))
      return TRUE;
  return FALSE;
}

void
qw_registration_mark_cancelled (QwDocument   *doc,
                                GPtrArray    *entries,
                                QwEntryCheck *checks)
{
  Cancelled c;

  g_return_if_fail (QW_IS_DOCUMENT (doc));

  if (!cancelled_load (doc, &c))
    {
      cancelled_clear (&c);
      return;
    }
  for (guint i = 0; i < entries->len; i++)
    if (entry_matches (&c, g_ptr_array_index (entries, i)))
      checks[i].problems |= QW_PROBLEM_BIT (QW_PROBLEM_QUALIFICATION_CANCELLED);
  cancelled_clear (&c);
}

gboolean
qw_registration_is_cancelled (QwDocument    *doc,
                              const QwEntry *entry)
{
  Cancelled c;
  gboolean found;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);

  found = cancelled_load (doc, &c) && entry_matches (&c, entry);
  cancelled_clear (&c);
  return found;
}
