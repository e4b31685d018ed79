/* qw-import-memory.c: corrections by hand that a later registration list does not undo
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-registration"

#include "config.h"

#include <string.h>

#include "qw-document-import-memory.h"
#include "qw-entry-import.h"
#include "qw-import-memory.h"

/* Each remembered field is one of the import's fields. */
static const QwEntryField import_field[QW_N_MEMO_FIELDS] = {
  [QW_MEMO_NAME] = QW_ENTRY_FIELD_NAME,
  [QW_MEMO_SEX] = QW_ENTRY_FIELD_SEX,
  [QW_MEMO_BIRTH] = QW_ENTRY_FIELD_BIRTH,
  [QW_MEMO_ID] = QW_ENTRY_FIELD_ID,
  [QW_MEMO_UNIT] = QW_ENTRY_FIELD_UNIT,
  [QW_MEMO_GRADE] = QW_ENTRY_FIELD_GRADE,
  [QW_MEMO_PHONE] = QW_ENTRY_FIELD_PHONE,
  [QW_MEMO_GROUP] = QW_ENTRY_FIELD_GROUP,
  [QW_MEMO_ACCOUNT] = QW_ENTRY_FIELD_ACCOUNT,
};

const char *
qw_memo_field_code (QwMemoField field)
{
  g_return_val_if_fail (field < QW_N_MEMO_FIELDS, NULL);
  return qw_entry_field_to_code (import_field[field]);
}

const char *
qw_memo_field_label (QwMemoField field)
{
  g_return_val_if_fail (field < QW_N_MEMO_FIELDS, NULL);
  return qw_entry_field_label (import_field[field]);
}

char *
qw_memo_fields_text (guint fields)
{
  GString *text = g_string_new (NULL);

  for (int f = 0; f < QW_N_MEMO_FIELDS; f++)
    if (fields & QW_MEMO_BIT (f))
      g_string_append_printf (text, "%s%s", text->len > 0 ? "、" : "", qw_memo_field_label ((QwMemoField) f));
  return g_string_free (text, FALSE);
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
trimmed (const char *text)
{
  return g_strstrip (g_strdup (text != NULL ? text : ""));
}

void
qw_memo_values_clear (QwMemoValues *values)
{
  for (int f = 0; f < QW_N_MEMO_FIELDS; f++)
    g_clear_pointer (&values->value[f], g_free);
}

void
qw_memo_values_of (QwMemoValues  *values,
                   const QwEntry *entry)
{
  const char *sex = qw_sex_to_code (entry->sex);

  qw_memo_values_clear (values);
  values->value[QW_MEMO_NAME] = trimmed (entry->name);
  values->value[QW_MEMO_SEX] = g_strdup (sex != NULL ? sex : "");
  values->value[QW_MEMO_BIRTH] = trimmed (entry->birth);
  values->value[QW_MEMO_ID] = trimmed (entry->id_number);
  values->value[QW_MEMO_UNIT] = trimmed (entry->unit);
  values->value[QW_MEMO_GRADE] = trimmed (entry->grade);
  values->value[QW_MEMO_PHONE] = trimmed (entry->phone);
  values->value[QW_MEMO_GROUP] = trimmed (entry->declared_group);
  values->value[QW_MEMO_ACCOUNT] = trimmed (entry->account);
}

/* Sets @field of @entry to @value (as qw_memo_values_of() gives it). */
static void
set_value (QwEntry     *entry,
           QwMemoField  field,
           const char  *value)
{
  char **text = NULL;

  switch (field)
    {
    case QW_MEMO_SEX:
      entry->sex = qw_sex_parse (value);
      return;
    case QW_MEMO_NAME:
      text = &entry->name;
      break;
    case QW_MEMO_BIRTH:
      text = &entry->birth;
      break;
    case QW_MEMO_ID:
      text = &entry->id_number;
      break;
    case QW_MEMO_UNIT:
      text = &entry->unit;
      break;
    case QW_MEMO_GRADE:
      text = &entry->grade;
      break;
    case QW_MEMO_PHONE:
      text = &entry->phone;
      break;
    case QW_MEMO_GROUP:
      text = &entry->declared_group;
      break;
    case QW_MEMO_ACCOUNT:
      text = &entry->account;
      break;
    case QW_N_MEMO_FIELDS:
    default:
      g_return_if_reached ();
    }
  g_free (*text);
  *text = g_strdup (value != NULL ? value : "");
}

void
qw_import_memo_clear (QwImportMemo *memo)
{
  qw_memo_values_clear (&memo->imported);
  memo->present = memo->corrected = 0;
}

/* The values are joined by U+001F, which no list's cell keeps (the reader
 * strips control characters; a stray one is dropped here). */
#define SEPARATOR '\x1f'

void
qw_import_memo_load (QwImportMemo          *memo,
                     const QwImportedEntry *stored)
{
  g_auto(GStrv) values = NULL;
  guint n;

  qw_import_memo_clear (memo);
  if (stored == NULL)
    return;
  values = g_strsplit (stored->imported != NULL ? stored->imported : "", "\x1f", QW_N_MEMO_FIELDS);
  n = g_strv_length (values);
  for (guint f = 0; f < QW_N_MEMO_FIELDS; f++)
    memo->imported.value[f] = g_strdup (f < n ? values[f] : "");
  memo->present = stored->present & (QW_MEMO_BIT (QW_N_MEMO_FIELDS) - 1);
  memo->corrected = stored->corrected & memo->present;
}

static char *
memo_text (const QwImportMemo *memo)
{
  GString *text = g_string_new (NULL);

  for (int f = 0; f < QW_N_MEMO_FIELDS; f++)
    {
      const char *v = memo->imported.value[f] != NULL ? memo->imported.value[f] : "";

      if (f > 0)
        g_string_append_c (text, SEPARATOR);
      for (; *v != '\0'; v++)
        if (*v != SEPARATOR)
          g_string_append_c (text, *v);
    }
  return g_string_free (text, FALSE);
}

gboolean
qw_import_memo_store (QwDocument          *doc,
                      gint64               entry_id,
                      const QwImportMemo  *memo,
                      GError             **error)
{
  g_autofree char *text = memo_text (memo);
  QwImportedEntry stored = { entry_id, text, memo->present, memo->corrected };

  return qw_document_set_import_memory (doc, &stored, error);
}

QwEntry *
qw_import_memo_as_imported (const QwImportMemo *memo,
                            const QwEntry      *entry)
{
  QwEntry *copy = qw_entry_copy (entry);

  for (int f = 0; f < QW_N_MEMO_FIELDS; f++)
    if (memo->corrected & memo->present & QW_MEMO_BIT (f))
      set_value (copy, (QwMemoField) f, memo->imported.value[f]);
  return copy;
}

guint
qw_import_memo_merge (QwImportMemo       *memo,
                      const QwMemoValues *row,
                      const QwEntry      *current,
                      QwEntry            *merged)
{
  g_auto(QwMemoValues) now = { { NULL } };
  guint kept = 0;

  qw_memo_values_of (&now, current);
  for (int f = 0; f < QW_N_MEMO_FIELDS; f++)
    {
      guint bit = QW_MEMO_BIT (f);

      if (blank (row->value[f]))
        continue;
      if ((memo->corrected & memo->present & bit)
          && g_strcmp0 (row->value[f], memo->imported.value[f]) == 0)
        {
          /* The list did not change it; the arbiter did: it stays. */
          if (g_strcmp0 (row->value[f], now.value[f]) != 0)
            kept |= bit;
          set_value (merged, (QwMemoField) f, now.value[f]);
          continue;
        }
      g_free (memo->imported.value[f]);
      memo->imported.value[f] = g_strdup (row->value[f]);
      memo->present |= bit;
      memo->corrected &= ~bit;
    }
  return kept;
}

void
qw_import_memo_new_row (QwImportMemo       *memo,
                        const QwMemoValues *row)
{
  qw_import_memo_clear (memo);
  for (int f = 0; f < QW_N_MEMO_FIELDS; f++)
    memo->imported.value[f] = g_strdup (row->value[f] != NULL ? row->value[f] : "");
  memo->present = QW_MEMO_BIT (QW_N_MEMO_FIELDS) - 1;
}

gboolean
qw_import_memo_mark_edit (QwDocument     *doc,
                          const QwEntry  *before,
                          const QwEntry  *after,
                          GError        **error)
{
  g_autoptr(QwImportedEntry) stored = NULL;
  g_autoptr(GError) local_error = NULL;
  g_auto(QwMemoValues) old = { { NULL } };
  g_auto(QwMemoValues) now = { { NULL } };
  QwImportMemo memo = { { { NULL } }, 0, 0 };
  guint corrected;
  gboolean ok;

  if (qw_entry_is_pair (after))
    return TRUE;
  if ((stored = qw_document_get_import_memory (doc, after->id, &local_error)) == NULL)
    {
      /* No import gave the entry: nothing to mark. */
      if (local_error == NULL)
        return TRUE;
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  qw_import_memo_load (&memo, stored);
  qw_memo_values_of (&old, before);
  qw_memo_values_of (&now, after);
  corrected = memo.corrected;
  for (int f = 0; f < QW_N_MEMO_FIELDS; f++)
    {
      guint bit = QW_MEMO_BIT (f);

      if (!(memo.present & bit) || g_strcmp0 (old.value[f], now.value[f]) == 0)
        continue;
      /* Put back as the list had it: the list's value again. */
      if (g_strcmp0 (now.value[f], memo.imported.value[f]) == 0)
        memo.corrected &= ~bit;
      else
        memo.corrected |= bit;
    }
  ok = memo.corrected == corrected || qw_import_memo_store (doc, after->id, &memo, error);
  qw_import_memo_clear (&memo);
  return ok;
}
