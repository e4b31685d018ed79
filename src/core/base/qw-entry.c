/* qw-entry.c: a registration (报名) as the document stores it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-entry"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "qw-entry.h"
#include "qw-excel-id.h"

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
  copy->account = g_strdup (entry->account);
  copy->relation = g_strdup (entry->relation);
  copy->registered = g_strdup (entry->registered);
  copy->members = NULL;
  for (guint i = 0; entry->members != NULL && i < entry->members->len; i++)
    qw_entry_add_member (copy, qw_entry_copy (g_ptr_array_index (entry->members, i)));
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
  g_free (entry->account);
  g_free (entry->relation);
  g_free (entry->registered);
  g_clear_pointer (&entry->members, g_ptr_array_unref);
  g_free (entry);
}

static gboolean
same_text (const char *a,
           const char *b)
{
  return g_strcmp0 (a != NULL ? a : "", b != NULL ? b : "") == 0;
}

static gboolean
same_members (const QwEntry *a,
              const QwEntry *b)
{
  guint na = a->members != NULL ? a->members->len : 0, nb = b->members != NULL ? b->members->len : 0;

  if (na != nb)
    return FALSE;
  for (guint i = 0; i < na; i++)
    if (!qw_entry_equal (g_ptr_array_index (a->members, i), g_ptr_array_index (b->members, i)))
      return FALSE;
  return TRUE;
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
         && a->rating == b->rating && same_text (a->allowed, b->allowed)
         && same_text (a->account, b->account) && same_text (a->relation, b->relation)
         && same_text (a->registered, b->registered) && a->form_stamped == b->form_stamped
         && same_members (a, b);
}

gboolean
qw_entry_is_pair (const QwEntry *entry)
{
  return entry->members != NULL && entry->members->len > 0;
}

QwEntry *
qw_entry_member (const QwEntry *entry,
                 guint          index)
{
  if (entry->members == NULL || index >= entry->members->len)
    return NULL;
  return g_ptr_array_index (entry->members, index);
}

void
qw_entry_add_member (QwEntry *entry,
                     QwEntry *member)
{
  if (entry->members == NULL)
    entry->members = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_entry_free);
  g_ptr_array_add (entry->members, member);
}

static gboolean
blank (const char *text)
{
  if (text == NULL)
    return TRUE;
  for (; *text != '\0'; text = g_utf8_next_char (text))
    if (!g_unichar_isspace (g_utf8_get_char (text)))
      return FALSE;
  return TRUE;
}

static char *
stripped (const char *text)
{
  return g_strstrip (g_strdup (text != NULL ? text : ""));
}

static void
replace (char **field,
         char  *value)
{
  g_free (*field);
  *field = value;
}

void
qw_entry_pair_sync (QwEntry *entry)
{
  g_autoptr(GPtrArray) names = NULL, units = NULL;
  const char *phone = NULL;
  QwSex sex;

  if (!qw_entry_is_pair (entry))
    return;
  names = g_ptr_array_new_with_free_func (g_free);
  units = g_ptr_array_new_with_free_func (g_free);
  sex = ((QwEntry *) g_ptr_array_index (entry->members, 0))->sex;
  for (guint i = 0; i < entry->members->len; i++)
    {
      const QwEntry *m = g_ptr_array_index (entry->members, i);
      g_autofree char *unit = stripped (m->unit);
      g_autofree char *name = stripped (m->name);

      /* A member without a name is flagged (缺姓名); the pair's name is that
       * of the member who has one, not "甲 / ". */
      if (*name != '\0')
        g_ptr_array_add (names, g_steal_pointer (&name));
      if (*unit != '\0' && !g_ptr_array_find_with_equal_func (units, unit, g_str_equal, NULL))
        g_ptr_array_add (units, g_steal_pointer (&unit));
      if (m->sex != sex)
        sex = QW_SEX_UNKNOWN;
      if (phone == NULL && !blank (m->phone))
        phone = m->phone;
    }
  g_ptr_array_add (names, NULL);
  g_ptr_array_add (units, NULL);
  replace (&entry->name, g_strjoinv (QW_PAIR_NAME_SEPARATOR, (char **) names->pdata));
  replace (&entry->unit, g_strjoinv (QW_PAIR_NAME_SEPARATOR, (char **) units->pdata));
  replace (&entry->phone, g_strdup (phone != NULL ? phone : ""));
  replace (&entry->birth, g_strdup (""));
  replace (&entry->id_number, g_strdup (""));
  replace (&entry->grade, g_strdup (""));
  replace (&entry->account, g_strdup (""));
  entry->doc_kind = QW_DOC_RESIDENT_ID;
  entry->sex = sex;
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


/* Who a person is */

static gboolean
is_blank (const char *text)
{
  if (text == NULL)
    return TRUE;
  for (; *text != '\0'; text = g_utf8_next_char (text))
    if (!g_unichar_isspace (g_utf8_get_char (text)))
      return FALSE;
  return TRUE;
}

/**
 * qw_person_identity_key:
 * @parsed: (nullable): @id_number as qw_idcard_parse() read it, when the
 *   caller has (a resident ID number is parsed otherwise)
 * @excel_number: the number is one Excel made a number
 *
 * The identity of one person (a player, or a pair's member) by document:
 * the 18-digit form of a resident ID number (so that the 15- and 18-digit
 * forms of one card match), or the other document's number in upper case.
 *
 * Returns: (nullable): the key; NULL when there is no number, or when Excel
 *   has made it a number (4.41381E+17 is many people's)
 */
char *
qw_person_identity_key (QwDocKind       doc_kind,
                        const char     *id_number,
                        const QwIdInfo *parsed,
                        gboolean        excel_number)
{
  g_autofree char *stripped = NULL;
  QwIdInfo info;

  if (is_blank (id_number))
    return NULL;
  if (doc_kind == QW_DOC_RESIDENT_ID)
    {
      if (excel_number || (parsed == NULL && qw_excel_id_is_number (id_number, NULL)))
        return NULL;
      if (parsed == NULL)
        {
          qw_idcard_parse (id_number, &info);
          parsed = &info;
        }
      if (parsed->normalized[0] != '\0')
        return g_strdup (parsed->normalized);
    }
  /* g_ascii_strup() returns a new string: the copy is freed here. */
  stripped = g_strstrip (g_strdup (id_number));
  return g_ascii_strup (stripped, -1);
}

static int
compare_keys (const char **a,
              const char **b)
{
  return strcmp (*a, *b);
}

/**
 * qw_entry_identity_key:
 *
 * The identity that makes two rows the same entrant:
 * qw_person_identity_key() of the player, or of each member of a pair.
 *
 * Returns: (nullable): the key; a pair's is its members' keys in either
 *   order ("pair:" key "+" key), none unless every member has one
 */
char *
qw_entry_identity_key (const QwEntry *entry)
{
  g_autoptr(GPtrArray) keys = NULL;
  g_autofree char *joined = NULL;

  if (!qw_entry_is_pair (entry))
    return qw_person_identity_key (entry->doc_kind, entry->id_number, NULL, FALSE);
  keys = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < entry->members->len; i++)
    {
      char *key = qw_entry_identity_key (g_ptr_array_index (entry->members, i));

      if (key == NULL)
        return NULL;
      g_ptr_array_add (keys, key);
    }
  g_ptr_array_sort (keys, (GCompareFunc) (void (*) (void)) compare_keys);
  g_ptr_array_add (keys, NULL);
  joined = g_strjoinv ("+", (char **) keys->pdata);
  return g_strconcat ("pair:", joined, NULL);
}
