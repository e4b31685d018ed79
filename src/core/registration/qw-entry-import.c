/* qw-entry-import.c: registration lists (CSV) to entries
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-entry-import"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "qw-entry-import.h"
#include "qw-error.h"
#include "qw-date.h"
#include "qw-entry.h"
#include "qw-idcard.h"

typedef enum
{
  COL_NAME,
  COL_SEX,
  COL_BIRTH,
  COL_ID,
  COL_UNIT,
  COL_GRADE,
  COL_GROUP,
  COL_PHONE,
  COL_DOC_KIND,
  COL_RATING,
  N_COLS
} Column;

/* Accepted headers, compared after trimming and lower-casing ASCII. */
static const char *const column_names[N_COLS][10] = {
  [COL_NAME] = { "姓名", "name", "选手", "棋手姓名", "选手姓名", NULL },
  [COL_SEX] = { "性别", "sex", "gender", NULL },
  [COL_BIRTH] = { "出生日期", "birth", "birthday", "birth date", "birth_date", "出生年月日", "生日", "出生年月", NULL },
  [COL_ID] = { "身份证号", "id", "身份证", "身份证号码", "证件号码", "证件号", "id number", "id_number", NULL },
  [COL_UNIT] = { "单位", "unit", "代表单位", "所在单位", "club", "team", NULL },
  [COL_GRADE] = { "等级", "grade", "title", "等级称号", "技术等级", "棋手等级", NULL },
  [COL_GROUP] = { "组别", "group", "参赛组别", "section", NULL },
  [COL_PHONE] = { "手机", "phone", "手机号", "手机号码", "电话", "联系电话", "mobile", NULL },
  [COL_DOC_KIND] = { "证件类型", "id_type", "doc_type", "document", NULL },
  [COL_RATING] = { "等级分", "rating", NULL },
};

/* Pairs (双人) and the online platform: columns read apart from the
 * player's own (read_pair_columns()). A row is a pair when it gives a second
 * member's name or document; the usual columns are then the first member's. */
typedef enum
{
  PAIR_ACCOUNT,
  PAIR_RELATION,
  PAIR_NAME2,
  PAIR_SEX2,
  PAIR_BIRTH2,
  PAIR_ID2,
  PAIR_DOC_KIND2,
  PAIR_UNIT2,
  PAIR_GRADE2,
  PAIR_PHONE2,
  PAIR_ACCOUNT2,
  N_PAIR_COLS
} PairColumn;

static const char *const pair_column_names[N_PAIR_COLS][10] = {
  [PAIR_ACCOUNT] = { "账号", "account", "弈战账号", "平台账号", "账号1", "account1", NULL },
  [PAIR_RELATION] = { "关系", "relation", "亲属关系", "relationship", NULL },
  [PAIR_NAME2] = { "姓名2", "name2", "搭档", "搭档姓名", "第二人姓名", "队员2", NULL },
  [PAIR_SEX2] = { "性别2", "sex2", "搭档性别", NULL },
  [PAIR_BIRTH2] = { "出生日期2", "birth2", "搭档出生日期", NULL },
  [PAIR_ID2] = { "身份证号2", "id2", "身份证号码2", "证件号码2", "证件号2", "搭档身份证号", NULL },
  [PAIR_DOC_KIND2] = { "证件类型2", "id_type2", "doc_type2", NULL },
  [PAIR_UNIT2] = { "单位2", "unit2", "搭档单位", NULL },
  [PAIR_GRADE2] = { "等级2", "grade2", "搭档等级", NULL },
  [PAIR_PHONE2] = { "手机2", "phone2", "搭档手机", NULL },
  [PAIR_ACCOUNT2] = { "账号2", "account2", "弈战账号2", "平台账号2", "搭档账号", NULL },
};

void
qw_entry_import_free (QwEntryImport *import)
{
  if (import == NULL)
    return;
  g_clear_pointer (&import->entries, g_ptr_array_unref);
  g_clear_pointer (&import->rows, g_array_unref);
  g_clear_pointer (&import->rejected, g_ptr_array_unref);
  g_strfreev (import->ignored_columns);
  g_free (import->encoding);
  g_free (import);
}

static void
row_error_free (gpointer data)
{
  QwRowError *e = data;

  g_free (e->message);
  g_free (e);
}

static int
column_for_header (const char *header)
{
  g_autofree char *h = g_ascii_strdown (header, -1);

  g_strstrip (h);
  for (int col = 0; col < N_COLS; col++)
    for (int i = 0; column_names[col][i] != NULL; i++)
      if (g_str_equal (h, column_names[col][i]))
        return col;
  return -1;
}

/* Fills map[col] with the field index of each known column, -1 if absent. */
static gboolean
map_header (GStrv         header,
            int           map[N_COLS],
            GStrv        *ignored,
            GError      **error)
{
  g_autoptr(GStrvBuilder) unknown = g_strv_builder_new ();

  for (int col = 0; col < N_COLS; col++)
    map[col] = -1;
  for (int i = 0; header[i] != NULL; i++)
    {
      int col = column_for_header (header[i]);

      if (col >= 0 && map[col] < 0)
        map[col] = i;
      else if (header[i][0] != '\0')
        g_strv_builder_add (unknown, header[i]);
    }
  *ignored = g_strv_builder_end (unknown);
  if (map[COL_NAME] < 0)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                   _("The first line must be a header with at least a 姓名 (name) column"));
      return FALSE;
    }
  return TRUE;
}

static int
pair_column_for_header (const char *header)
{
  g_autofree char *h = g_ascii_strdown (header, -1);

  g_strstrip (h);
  for (int col = 0; col < N_PAIR_COLS; col++)
    for (int i = 0; pair_column_names[col][i] != NULL; i++)
      if (g_str_equal (h, pair_column_names[col][i]))
        return col;
  return -1;
}

/* Fills pair_map[col] like map_header(), and takes the pair columns out of
 * the ignored ones. */
static void
map_pair_header (GStrv  header,
                 int    pair_map[N_PAIR_COLS],
                 GStrv *ignored)
{
  g_autoptr(GStrvBuilder) still = g_strv_builder_new ();

  for (int col = 0; col < N_PAIR_COLS; col++)
    pair_map[col] = -1;
  for (int i = 0; header[i] != NULL; i++)
    {
      int col = pair_column_for_header (header[i]);

      if (col >= 0 && pair_map[col] < 0)
        pair_map[col] = i;
    }
  for (int i = 0; (*ignored)[i] != NULL; i++)
    {
      int col = pair_column_for_header ((*ignored)[i]);

      if (col < 0 || pair_map[col] < 0 || !g_str_equal (header[pair_map[col]], (*ignored)[i]))
        g_strv_builder_add (still, (*ignored)[i]);
    }
  g_strfreev (*ignored);
  *ignored = g_strv_builder_end (still);
}

static const char *
pair_field (GStrv     record,
            guint     n_fields,
            const int pair_map[N_PAIR_COLS],
            PairColumn col)
{
  if (pair_map[col] < 0 || (guint) pair_map[col] >= n_fields)
    return "";
  return record[pair_map[col]];
}

static gboolean
text_is_blank (const char *text)
{
  for (; *text != '\0'; text = g_utf8_next_char (text))
    if (!g_unichar_isspace (g_utf8_get_char (text)))
      return FALSE;
  return TRUE;
}

static QwDocKind parse_doc_kind (const char *text);
static char     *normalize_birth (const char *text);

/* The account, and for a pair row its second member and relationship: the
 * entry becomes a pair whose first member is the person of the usual
 * columns (qw_entry_pair_sync() then names it "甲 / 乙"). */
static void
read_pair_columns (QwEntry   *e,
                   GStrv      record,
                   const int  pair_map[N_PAIR_COLS])
{
  guint n = g_strv_length (record);
  QwEntry *first, *second;

  g_free (e->account);
  e->account = g_strstrip (g_strdup (pair_field (record, n, pair_map, PAIR_ACCOUNT)));
  if (text_is_blank (pair_field (record, n, pair_map, PAIR_NAME2))
      && text_is_blank (pair_field (record, n, pair_map, PAIR_ID2)))
    return;
  first = qw_entry_copy (e);
  g_clear_pointer (&first->declared_group, g_free);
  second = qw_entry_new ();
  second->name = g_strdup (pair_field (record, n, pair_map, PAIR_NAME2));
  second->sex = qw_sex_parse (pair_field (record, n, pair_map, PAIR_SEX2));
  second->birth = normalize_birth (pair_field (record, n, pair_map, PAIR_BIRTH2));
  second->doc_kind = parse_doc_kind (pair_field (record, n, pair_map, PAIR_DOC_KIND2));
  second->id_number = g_strdup (pair_field (record, n, pair_map, PAIR_ID2));
  second->unit = g_strdup (pair_field (record, n, pair_map, PAIR_UNIT2));
  second->grade = g_strdup (pair_field (record, n, pair_map, PAIR_GRADE2));
  second->phone = g_strdup (pair_field (record, n, pair_map, PAIR_PHONE2));
  second->account = g_strstrip (g_strdup (pair_field (record, n, pair_map, PAIR_ACCOUNT2)));
  qw_entry_add_member (e, first);
  qw_entry_add_member (e, second);
  g_free (e->relation);
  e->relation = g_strstrip (g_strdup (pair_field (record, n, pair_map, PAIR_RELATION)));
  qw_entry_pair_sync (e);
}

static const char *
field (GStrv        record,
       guint        n_fields,
       const int    map[N_COLS],
       Column       col)
{
  if (map[col] < 0 || (guint) map[col] >= n_fields)
    return "";
  return record[map[col]];
}

static gboolean
is_blank_record (GStrv record)
{
  for (int i = 0; record[i] != NULL; i++)
    if (record[i][0] != '\0')
      return FALSE;
  return TRUE;
}

static QwDocKind
parse_doc_kind (const char *text)
{
  if (text[0] == '\0' || strstr (text, "身份证") != NULL || strstr (text, "户口") != NULL
      || g_ascii_strcasecmp (text, "id") == 0 || g_ascii_strcasecmp (text, "resident") == 0)
    return QW_DOC_RESIDENT_ID;
  return QW_DOC_OTHER;
}

/* Typed dates are kept in ISO form when they can be read, and as typed when
 * not, so that the entry still shows what the desk wrote. */
static char *
normalize_birth (const char *text)
{
  QwDate date;

  if (qw_date_parse (text, &date))
    return qw_date_to_iso_dup (date);
  return g_strdup (text);
}

/* 等级分 as a list writes it: "1850", " 1,850 ", "1850分", or 1623.5 from a
 * spreadsheet's number (rounded). Anything else, or outside 0 … 4000, is no
 * rating (0). */
static int
parse_rating (const char *text)
{
  g_autoptr(GString) digits = g_string_new (NULL);
  const char *end = NULL;
  double value;

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (g_unichar_isspace (c) || c == ',' || c == 0xFF0C /* ， */)
        continue;
      if (c >= 0xFF10 && c <= 0xFF19)   /* full-width digits */
        c = '0' + (c - 0xFF10);
      if (c == 0x5206 /* 分 */ && p[strlen ("分")] == '\0')
        break;
      g_string_append_unichar (digits, c);
    }
  if (digits->len == 0)
    return 0;
  value = g_ascii_strtod (digits->str, (char **) &end);
  if (end == NULL || *end != '\0' || !(value >= 0 && value <= 4000))
    return 0;
  return (int) (value + 0.5);
}

static QwEntry *
entry_from_record (GStrv     record,
                   const int map[N_COLS])
{
  guint n = g_strv_length (record);
  QwEntry *e = qw_entry_new ();
  const char *id_text = field (record, n, map, COL_ID);

  e->name = g_strdup (field (record, n, map, COL_NAME));
  e->sex = qw_sex_parse (field (record, n, map, COL_SEX));
  e->birth = normalize_birth (field (record, n, map, COL_BIRTH));
  e->doc_kind = parse_doc_kind (field (record, n, map, COL_DOC_KIND));
  /* Excel turns long numbers into 4.40102E+17; nothing to recover then, but
   * keep what was there so the problem shows. */
  e->id_number = g_strdup (id_text);
  e->unit = g_strdup (field (record, n, map, COL_UNIT));
  e->grade = g_strdup (field (record, n, map, COL_GRADE));
  e->declared_group = g_strdup (field (record, n, map, COL_GROUP));
  e->phone = g_strdup (field (record, n, map, COL_PHONE));
  e->rating = parse_rating (field (record, n, map, COL_RATING));
  return e;
}

static void
reject (QwEntryImport *import,
        int            row,
        int            line,
        char          *message)
{
  QwRowError *e = g_new0 (QwRowError, 1);

  e->row = row;
  e->line = line;
  e->message = message;
  g_ptr_array_add (import->rejected, e);
}

/**
 * qw_entry_import_csv:
 *
 * Turns every data row into an entry. Rows with more fields than the header
 * are rejected with their row number; blank rows are skipped but keep their
 * number, so that row numbers match the spreadsheet. Entries with problems
 * (a bad ID number, no name) are kept: showing them is the point.
 */
QwEntryImport *
qw_entry_import_csv (const QwCsv  *csv,
                     GError      **error)
{
  g_autoptr(QwEntryImport) import = g_new0 (QwEntryImport, 1);
  GStrv header = g_ptr_array_index (csv->rows, 0);
  guint n_header = g_strv_length (header);
  int map[N_COLS], pair_map[N_PAIR_COLS];

  if (!map_header (header, map, &import->ignored_columns, error))
    return NULL;
  map_pair_header (header, pair_map, &import->ignored_columns);
  import->entries = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_entry_free);
  import->rows = g_array_new (FALSE, FALSE, sizeof (int));
  import->rejected = g_ptr_array_new_with_free_func (row_error_free);
  import->encoding = g_strdup (csv->encoding);

  for (guint i = 1; i < csv->rows->len; i++)
    {
      GStrv record = g_ptr_array_index (csv->rows, i);
      int row = (int) i;
      int line = g_array_index (csv->lines, int, i);
      guint n = g_strv_length (record);

      import->n_data_rows = row;
      if (is_blank_record (record))
        continue;
      if (n > n_header && !is_blank_record (record + n_header))
        {
          reject (import, row, line,
                  g_strdup_printf (_("Row %d (line %d) has %u fields, but the header has %u"),
                                   row, line, n, n_header));
          continue;
        }
      {
        QwEntry *entry = entry_from_record (record, map);

        read_pair_columns (entry, record, pair_map);
        g_ptr_array_add (import->entries, entry);
      }
      g_array_append_val (import->rows, row);
    }
  return g_steal_pointer (&import);
}

QwEntryImport *
qw_entry_import_file (const char  *path,
                      GError     **error)
{
  g_autoptr(QwCsv) csv = qw_csv_read_file (path, error);

  if (csv == NULL)
    return NULL;
  return qw_entry_import_csv (csv, error);
}

/* A registration list in the same columns the importer reads, UTF-8 with a BOM
 * so that Chinese Excel opens it correctly. With a pair among the entries,
 * the pair columns follow (the usual ones are then a pair's first member). */
static void
append_fields (GString            *out,
               const char * const *fields,
               guint               n,
               gboolean            first)
{
  for (guint f = 0; f < n; f++)
    {
      if (f > 0 || !first)
        g_string_append_c (out, ',');
      qw_csv_append_field (out, fields[f] != NULL ? fields[f] : "", ',');
    }
}

char *
qw_entries_to_csv (GPtrArray *entries,
                   gboolean   mask_ids)
{
  GString *out = g_string_new ("\xEF\xBB\xBF序号,姓名,性别,出生日期,身份证号,单位,等级,组别,手机,等级分");
  gboolean pairs = FALSE;

  for (guint i = 0; i < entries->len && !pairs; i++)
    pairs = qw_entry_is_pair (g_ptr_array_index (entries, i));
  if (pairs)
    g_string_append (out, ",账号,姓名2,性别2,出生日期2,身份证号2,单位2,等级2,手机2,账号2,关系");
  g_string_append (out, "\r\n");
  for (guint i = 0; i < entries->len; i++)
    {
      const QwEntry *e = g_ptr_array_index (entries, i);
      const QwEntry *first = qw_entry_is_pair (e) ? qw_entry_member (e, 0) : e;
      const QwEntry *second = qw_entry_member (e, 1);
      g_autofree char *no = g_strdup_printf ("%d", e->no);
      g_autofree char *masked = mask_ids ? qw_idcard_mask (first->id_number) : g_strdup (first->id_number);
      g_autofree char *rating = e->rating > 0 ? g_strdup_printf ("%d", e->rating) : g_strdup ("");
      const char *fields[] = {
        no, first->name, qw_sex_to_chinese (first->sex), first->birth, masked, first->unit, first->grade,
        e->declared_group, mask_ids ? "" : first->phone, rating,
      };

      append_fields (out, fields, G_N_ELEMENTS (fields), TRUE);
      if (pairs)
        {
          g_autofree char *masked2 = second == NULL ? NULL
                                     : mask_ids ? qw_idcard_mask (second->id_number) : g_strdup (second->id_number);
          const char *more[] = {
            first->account,
            second != NULL ? second->name : "", second != NULL ? qw_sex_to_chinese (second->sex) : "",
            second != NULL ? second->birth : "", masked2, second != NULL ? second->unit : "",
            second != NULL ? second->grade : "", second != NULL && !mask_ids ? second->phone : "",
            second != NULL ? second->account : "", e->relation,
          };

          append_fields (out, more, G_N_ELEMENTS (more), FALSE);
        }
      g_string_append (out, "\r\n");
    }
  return g_string_free (out, FALSE);
}
