/* qw-import-memory.h: corrections by hand that a later registration list does not undo
 *
 * Issue 19 point 1: the arbiter corrects 姚伟's ID number (Excel's 4.42E+17 →
 * the real one); the updated list, which still carries the Excel number, is
 * imported again. The correction stays, because the list brings for that
 * field the same value the earlier list brought: the list did not change it,
 * the arbiter did. A value the new list changed replaces the correction.
 *
 * So the document remembers, per entry and field, the value the last import
 * brought and whether the current value was corrected by hand since
 * (store/qw-document-import-memory.h). The import records it
 * (qw_registration_import()); every edit of an entry, the window's entry
 * dialog and `qiwang-cli entry` alike, goes through
 * qw_registration_update_entry(), which marks the fields it changed. A
 * single player's fields are remembered; a pair's (双人) are not.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "qw-document.h"
#include "qw-document-import-memory.h"
#include "qw-entry.h"

G_BEGIN_DECLS

typedef enum
{
  QW_MEMO_NAME = 0,
  QW_MEMO_SEX,
  QW_MEMO_BIRTH,
  QW_MEMO_ID,
  QW_MEMO_UNIT,
  QW_MEMO_GRADE,
  QW_MEMO_PHONE,
  QW_MEMO_GROUP,       /* the declared group */
  QW_MEMO_ACCOUNT,
  QW_N_MEMO_FIELDS
} QwMemoField;

#define QW_MEMO_BIT(f) (1u << (f))

/* The import's code of the field ("name", "id", "group", …), as in
 * qw_entry_field_to_code(): what `import --json` lists in a row's "kept". */
const char *qw_memo_field_code    (QwMemoField  field);
/* Its label for people ("身份证号" under zh_CN). */
const char *qw_memo_field_label   (QwMemoField  field);
/* "身份证号、单位": the labels of @fields (QW_MEMO_BIT set). */
char       *qw_memo_fields_text   (guint        fields);

/* What an entry holds, per field: the values an import compares. */
typedef struct
{
  char *value[QW_N_MEMO_FIELDS];
} QwMemoValues;

void        qw_memo_values_clear  (QwMemoValues  *values);
void        qw_memo_values_of     (QwMemoValues  *values,
                                   const QwEntry *entry);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (QwMemoValues, qw_memo_values_clear)

/* One entry's memory: what the last import brought, what was corrected. */
typedef struct
{
  QwMemoValues imported;
  guint        present;     /* fields an import gave (QW_MEMO_BIT set) */
  guint        corrected;   /* fields corrected by hand since */
} QwImportMemo;

/* As the document holds it (store/qw-document-import-memory.h) → @memo. */
void        qw_import_memo_load   (QwImportMemo  *memo,
                                   const QwImportedEntry *stored);
void        qw_import_memo_clear  (QwImportMemo  *memo);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (QwImportMemo, qw_import_memo_clear)
gboolean    qw_import_memo_store  (QwDocument    *doc,
                                   gint64         entry_id,
                                   const QwImportMemo *memo,
                                   GError       **error);

/* The entry as the last import left it: each corrected field back to the
 * value the import brought (to find it again by what the list says). */
QwEntry    *qw_import_memo_as_imported (const QwImportMemo *memo,
                                        const QwEntry      *entry);

/**
 * qw_import_memo_merge:
 * @row: the values the list's row brings (blank: brings nothing)
 * @current: the entry as stored
 * @merged: the row merged over @current; the fields kept are set back to
 *   @current's
 *
 * The rule: a field corrected by hand whose row value is the value the
 * last import brought keeps the correction; any other value the row brings
 * becomes the field's, and is remembered as imported. @memo is updated.
 *
 * Returns: the fields kept (QW_MEMO_BIT set)
 */
guint       qw_import_memo_merge  (QwImportMemo       *memo,
                                   const QwMemoValues *row,
                                   const QwEntry      *current,
                                   QwEntry            *merged);
/* An entry added by an import: every field as the row brought it. */
void        qw_import_memo_new_row (QwImportMemo      *memo,
                                    const QwMemoValues *row);

/* Inside the step that stores an edit by hand (@before → @after): the
 * fields it changed are marked corrected (back to the imported value: not
 * corrected any more). Nothing for an entry no import gave. */
gboolean    qw_import_memo_mark_edit (QwDocument      *doc,
                                      const QwEntry   *before,
                                      const QwEntry   *after,
                                      GError         **error);

G_END_DECLS
