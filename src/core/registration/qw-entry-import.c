/* qw-entry-import.c: registration lists (CSV, .xlsx, .xls) to entries
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-entry-import"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "qw-entry-import.h"
#include "qw-error.h"
#include "qw-date.h"
#include "qw-entry-check.h"
#include "qw-entry.h"
#include "qw-excel-id.h"
#include "qw-idcard.h"
#include "qw-spreadsheet.h"

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
  /* Pairs (双人) and the online platform. A row is a pair when it gives a
   * second member's name or document; the columns above are then the
   * first member's. */
  COL_ACCOUNT,
  COL_RELATION,
  COL_NAME2,
  COL_SEX2,
  COL_BIRTH2,
  COL_ID2,
  COL_DOC_KIND2,
  COL_UNIT2,
  COL_GRADE2,
  COL_PHONE2,
  COL_ACCOUNT2,
  COL_REGISTERED,
  COL_STAMPED,
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
  [COL_GROUP] = { "组别", "group", "参赛组别", "报名组别", "报名组", "申报组别", "参赛组", "section", NULL },
  [COL_PHONE] = { "手机", "phone", "手机号", "手机号码", "电话", "联系电话", "mobile", NULL },
  [COL_DOC_KIND] = { "证件类型", "id_type", "doc_type", "document", NULL },
  [COL_RATING] = { "等级分", "rating", NULL },
  [COL_ACCOUNT] = { "账号", "account", "弈战账号", "平台账号", "账号1", "account1", NULL },
  [COL_RELATION] = { "关系", "relation", "亲属关系", "relationship", NULL },
  [COL_NAME2] = { "姓名2", "name2", "搭档", "搭档姓名", "第二人姓名", "队员2", NULL },
  [COL_SEX2] = { "性别2", "sex2", "搭档性别", NULL },
  [COL_BIRTH2] = { "出生日期2", "birth2", "搭档出生日期", NULL },
  [COL_ID2] = { "身份证号2", "id2", "身份证号码2", "证件号码2", "证件号2", "搭档身份证号", NULL },
  [COL_DOC_KIND2] = { "证件类型2", "id_type2", "doc_type2", NULL },
  [COL_UNIT2] = { "单位2", "unit2", "搭档单位", NULL },
  [COL_GRADE2] = { "等级2", "grade2", "搭档等级", NULL },
  [COL_PHONE2] = { "手机2", "phone2", "搭档手机", NULL },
  [COL_ACCOUNT2] = { "账号2", "account2", "弈战账号2", "平台账号2", "搭档账号", NULL },
  [COL_REGISTERED] = { "报名日期", "registered", "报名时间", "登记日期", NULL },
  [COL_STAMPED] = { "单位盖章", "stamped", "盖章", "报名表盖章", "已盖章", NULL },
};

/* The public fields are these columns, in the same order. */
G_STATIC_ASSERT ((int) N_COLS == (int) QW_N_ENTRY_FIELDS);
G_STATIC_ASSERT ((int) COL_ID == (int) QW_ENTRY_FIELD_ID && (int) COL_RATING == (int) QW_ENTRY_FIELD_RATING);
G_STATIC_ASSERT ((int) COL_ACCOUNT == (int) QW_ENTRY_FIELD_ACCOUNT && (int) COL_NAME2 == (int) QW_ENTRY_FIELD_NAME2
                 && (int) COL_ID2 == (int) QW_ENTRY_FIELD_ID2 && (int) COL_ACCOUNT2 == (int) QW_ENTRY_FIELD_ACCOUNT2);

static const char *const field_codes[N_COLS] = {
  "name", "sex", "birth", "id", "unit", "grade", "group", "phone", "doc_kind", "rating",
  "account", "relation", "name2", "sex2", "birth2", "id2", "doc_kind2", "unit2", "grade2", "phone2", "account2",
  "registered", "stamped",
};

/* A header in a title row or two above the header is found too. */
#define HEADER_SEARCH_ROWS 5
/* Excel's last column, XFD. */
#define MAX_COLUMNS 16384

void
qw_entry_import_free (QwEntryImport *import)
{
  if (import == NULL)
    return;
  g_clear_pointer (&import->entries, g_ptr_array_unref);
  g_clear_pointer (&import->rows, g_array_unref);
  g_clear_pointer (&import->lines, g_array_unref);
  g_clear_pointer (&import->rejected, g_ptr_array_unref);
  g_strfreev (import->ignored_columns);
  g_free (import->encoding);
  g_clear_pointer (&import->excel_ids, g_array_unref);
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

const char *
qw_entry_field_to_code (QwEntryField field)
{
  g_return_val_if_fail (field < QW_N_ENTRY_FIELDS, NULL);
  return field_codes[field];
}

const char *
qw_entry_field_label (QwEntryField field)
{
  g_return_val_if_fail (field < QW_N_ENTRY_FIELDS, NULL);
  return column_names[field][0];
}

gboolean
qw_entry_field_from_header (const char   *text,
                            QwEntryField *out)
{
  int col = text != NULL ? column_for_header (text) : -1;
  g_autofree char *code = NULL;

  if (col < 0 && text != NULL)
    {
      code = g_strstrip (g_ascii_strdown (text, -1));
      for (int f = 0; f < N_COLS && col < 0; f++)
        if (g_str_equal (code, field_codes[f]))
          col = f;
    }
  if (col < 0)
    return FALSE;
  *out = (QwEntryField) col;
  return TRUE;
}

void
qw_column_map_clear (QwColumnMap *map)
{
  for (int f = 0; f < QW_N_ENTRY_FIELDS; f++)
    map->column[f] = -1;
}

gboolean
qw_column_map_is_empty (const QwColumnMap *map)
{
  for (int f = 0; f < QW_N_ENTRY_FIELDS; f++)
    if (map->column[f] >= 0)
      return FALSE;
  return TRUE;
}

void
qw_column_map_recognise (QwColumnMap         *map,
                         const char * const  *header)
{
  qw_column_map_clear (map);
  for (int i = 0; header != NULL && header[i] != NULL; i++)
    {
      int col = column_for_header (header[i]);

      if (col >= 0 && map->column[col] < 0)
        map->column[col] = i;
    }
}

/**
 * qw_column_map_overlay:
 *
 * Puts the columns @over gives into @map; a column @over gives to a field
 * is taken from whichever field @map gave it to.
 */
void
qw_column_map_overlay (QwColumnMap       *map,
                       const QwColumnMap *over)
{
  for (int f = 0; f < QW_N_ENTRY_FIELDS; f++)
    {
      if (over->column[f] < 0)
        continue;
      for (int g = 0; g < QW_N_ENTRY_FIELDS; g++)
        if (map->column[g] == over->column[f])
          map->column[g] = -1;
      map->column[f] = over->column[f];
    }
}

char *
qw_column_letters (int column)
{
  char buf[8];
  int i = (int) sizeof buf - 1;

  g_return_val_if_fail (column >= 0, NULL);
  buf[i] = '\0';
  for (int n = column + 1; n > 0 && i > 0; n = (n - 1) / 26)
    buf[--i] = (char) ('A' + (n - 1) % 26);
  return g_strdup (buf + i);
}

/* "D", "ad", "4": the column from 0, or -1. */
static int
parse_column (const char *text)
{
  guint64 number;
  gint64 column = 0;

  if (g_ascii_string_to_unsigned (text, 10, 1, MAX_COLUMNS, &number, NULL))
    return (int) number - 1;
  if (text[0] == '\0' || strlen (text) > 3)
    return -1;
  for (const char *p = text; *p != '\0'; p++)
    {
      if (!g_ascii_isalpha (*p))
        return -1;
      column = column * 26 + (g_ascii_toupper (*p) - 'A' + 1);
    }
  return column <= MAX_COLUMNS ? (int) column - 1 : -1;
}

static char *
field_list (void)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();

  for (int f = 0; f < N_COLS; f++)
    g_ptr_array_add (labels, (gpointer) column_names[f][0]);
  g_ptr_array_add (labels, NULL);
  return g_strjoinv ("、", (char **) labels->pdata);
}

/**
 * qw_column_map_parse:
 * @map: (out): the columns given; the other fields are -1
 *
 * Reads "姓名=A,身份证号=D,出生日期=3" (full-width ，、；＝ too). A field
 * named twice, a column given to two fields, an unknown field, a column
 * that is neither a letter nor a number, and a map that names no field are
 * errors.
 */
gboolean
qw_column_map_parse (QwColumnMap  *map,
                     const char   *text,
                     GError      **error)
{
  g_autoptr(GString) normal = g_string_new (NULL);
  g_auto(GStrv) items = NULL;
  gboolean any = FALSE;

  qw_column_map_clear (map);
  for (const char *p = text != NULL ? text : ""; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c == 0xFF0C /* ， */ || c == 0x3001 /* 、 */ || c == 0xFF1B /* ； */ || c == ';')
        c = ',';
      else if (c == 0xFF1D /* ＝ */ || c == 0xFF1A /* ： */ || c == ':')
        c = '=';
      g_string_append_unichar (normal, c);
    }
  items = g_strsplit (normal->str, ",", -1);
  for (guint i = 0; items[i] != NULL; i++)
    {
      char *item = g_strstrip (items[i]);
      char *eq = strchr (item, '=');
      QwEntryField field;
      int column;

      if (*item == '\0')
        continue;
      if (eq == NULL)
        {
          g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                       _("“%s” is not FIELD=COLUMN, as in 姓名=A,身份证号=D"), item);
          return FALSE;
        }
      *eq = '\0';
      g_strstrip (item);
      g_strstrip (eq + 1);
      if (!qw_entry_field_from_header (item, &field))
        {
          g_autofree char *fields = field_list ();

          g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                       _("“%s” is not a field of a registration list; the fields are %s"), item, fields);
          return FALSE;
        }
      column = parse_column (eq + 1);
      if (column < 0)
        {
          g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                       _("“%s” is not a column: give a letter (A, B, …) or a number from 1"), eq + 1);
          return FALSE;
        }
      if (map->column[field] >= 0)
        {
          g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("%s is given twice"), column_names[field][0]);
          return FALSE;
        }
      for (int f = 0; f < N_COLS; f++)
        if (map->column[f] == column)
          {
            g_autofree char *letters = qw_column_letters (column);

            g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("Column %s is given to both %s and %s"),
                         letters, column_names[f][0], column_names[field][0]);
            return FALSE;
          }
      map->column[field] = column;
      any = TRUE;
    }
  if (!any)
    {
      g_set_error_literal (error, QW_ERROR, QW_ERROR_INVALID,
                           _("The column map is empty: give it as 姓名=A,身份证号=D"));
      return FALSE;
    }
  return TRUE;
}

char *
qw_column_map_to_text (const QwColumnMap *map)
{
  g_autoptr(GString) out = g_string_new (NULL);

  for (int f = 0; f < N_COLS; f++)
    if (map->column[f] >= 0)
      {
        g_autofree char *letters = qw_column_letters (map->column[f]);

        g_string_append_printf (out, "%s%s=%s", out->len > 0 ? "," : "", field_codes[f], letters);
      }
  return g_strdup (out->str);
}

char *
qw_column_map_key (const char * const *header)
{
  g_autoptr(GString) joined = g_string_new (NULL);

  for (int i = 0; header != NULL && header[i] != NULL; i++)
    {
      g_autofree char *folded = g_utf8_casefold (header[i], -1);

      g_string_append (joined, g_strstrip (folded));
      g_string_append_c (joined, '\x1f');
    }
  return g_compute_checksum_for_string (G_CHECKSUM_SHA256, joined->str, -1);
}

/* The row among the first that recognises a 姓名 column, or -1. */
static int
find_header_row (const QwCsv *csv)
{
  for (guint i = 0; i < csv->rows->len && i < HEADER_SEARCH_ROWS; i++)
    {
      QwColumnMap map;

      qw_column_map_recognise (&map, g_ptr_array_index (csv->rows, i));
      if (map.column[COL_NAME] >= 0)
        return (int) i;
    }
  return -1;
}

/* The list's own bookkeeping: columns no field is read from by design. */
static const char *const bookkeeping_headers[] = {
  "序号", "编号", "no", "no.", "number", "#", "备注", "说明", "remark", "remarks", "note", "notes", NULL,
};

/**
 * qw_entry_header_is_bookkeeping:
 *
 * Whether a header cell names a column that holds no field by design (序号,
 * 编号, 备注 …): left unused without a word. Any other unused column may hold
 * a field under a name Qiwang does not know (报名组别 did), and the window
 * offers the column mapping for it.
 */
gboolean
qw_entry_header_is_bookkeeping (const char *text)
{
  g_autofree char *h = g_ascii_strdown (text != NULL ? text : "", -1);

  g_strstrip (h);
  return *h == '\0' || g_strv_contains (bookkeeping_headers, h);
}

/* The header cells no field of @map takes. */
static GStrv
unused_columns (GStrv              header,
                const QwColumnMap *map)
{
  g_autoptr(GStrvBuilder) unknown = g_strv_builder_new ();

  for (int i = 0; header[i] != NULL; i++)
    {
      gboolean used = FALSE;

      for (int f = 0; f < N_COLS && !used; f++)
        used = map->column[f] == i;
      if (!used && header[i][0] != '\0')
        g_strv_builder_add (unknown, header[i]);
    }
  return g_strv_builder_end (unknown);
}

/* A field as the desk meant it: Excel's text mark ' is not part of it. */
static const char *
field (GStrv        record,
       guint        n_fields,
       const int    map[N_COLS],
       Column       col)
{
  if (map[col] < 0 || (guint) map[col] >= n_fields)
    return "";
  return qw_excel_strip_text_marker (record[map[col]]);
}

/* The same, to keep: without the blanks and text marks in front, however
 * they alternate ("' 李四", "'\f'李四" are 李四), so that the text reads
 * back from an export as it is: the reader trims every field again and
 * takes a mark off again. No name, unit or number begins with a mark. */
static char *
field_text (GStrv        record,
            guint        n_fields,
            const int    map[N_COLS],
            Column       col)
{
  char *text;

  if (map[col] < 0 || (guint) map[col] >= n_fields)
    return g_strdup ("");
  text = g_strstrip (g_strdup (record[map[col]]));
  while (text[0] == '\'')
    {
      char *rest = g_strstrip (g_strdup (text + 1));

      g_free (text);
      text = rest;
    }
  return text;
}

/* Numbers typed with the input method's full-width forms (３２０５…１Ｘ,
 * １３８…) as the ASCII ones (NFKC); a text without them stays as it is. */
static char *
half_width (const char *text)
{
  g_autofree char *folded = g_utf8_normalize (text, -1, G_NORMALIZE_ALL_COMPOSE);

  return g_strstrip (g_strdup (folded != NULL ? folded : text));
}

/* A number to keep (a phone), full-width digits as ASCII. */
static char *
field_number (GStrv        record,
              guint        n_fields,
              const int    map[N_COLS],
              Column       col)
{
  g_autofree char *text = field_text (record, n_fields, map, col);

  return half_width (text);
}

static gboolean
is_blank_record (GStrv record)
{
  for (int i = 0; record[i] != NULL; i++)
    if (record[i][0] != '\0')
      return FALSE;
  return TRUE;
}

/* A list's totals row at the bottom ("合计 | 40人", "总计：", "共 计"): its
 * first filled cell is such a word, blanks and a colon aside. It is no
 * entry (else a player named "40人" joins the list). */
static gboolean
is_totals_record (GStrv record)
{
  static const char *const words[] = { "合计", "总计", "共计", "小计", "合計", "總計", "共計", "小計", NULL };

  for (int i = 0; record[i] != NULL; i++)
    {
      g_autoptr(GString) word = g_string_new (NULL);

      for (const char *p = record[i]; *p != '\0'; p = g_utf8_next_char (p))
        {
          gunichar c = g_utf8_get_char (p);

          if (!g_unichar_isspace (c) && c != ':' && c != 0xFF1A /* ： */ && c != 0x3000)
            g_string_append_unichar (word, c);
        }
      if (word->len > 0)
        return g_strv_contains (words, word->str);
    }
  return FALSE;
}


static QwDocKind
parse_doc_kind (const char *text)
{
  if (text[0] == '\0' || strstr (text, "身份证") != NULL || strstr (text, "户口") != NULL
      || g_ascii_strcasecmp (text, "id") == 0 || g_ascii_strcasecmp (text, "resident") == 0)
    return QW_DOC_RESIDENT_ID;
  return QW_DOC_OTHER;
}

/* 是, 已盖章, 有, yes, y, true, 1, √, ✓: a mark that something was received. */
static gboolean
is_yes (const char *text)
{
  static const char *const yes[] = { "是", "已盖章", "盖章", "有", "已收", "yes", "y", "true", "1", "√", "✓", NULL };
  g_autofree char *t = g_ascii_strdown (text != NULL ? text : "", -1);

  g_strstrip (t);
  return g_strv_contains (yes, t);
}

/* Typed dates are kept in ISO form when they can be read, and as typed when
 * not, so that the entry still shows what the desk wrote. */
static char *
normalize_birth (const char *text)
{
  g_autofree char *folded = half_width (text);
  QwDate date;

  if (qw_date_parse (folded, &date))
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

static gboolean
text_is_blank (const char *text)
{
  for (; *text != '\0'; text = g_utf8_next_char (text))
    if (!g_unichar_isspace (g_utf8_get_char (text)))
      return FALSE;
  return TRUE;
}

/* For a pair row (a second member's name or document given), the second
 * member and the relationship: the entry becomes a pair whose first member
 * is the person of the usual columns (qw_entry_pair_sync() then names it
 * "甲 / 乙"). */
static void
read_pair (QwEntry   *e,
           GStrv      record,
           guint      n,
           const int  map[N_COLS])
{
  QwEntry *first, *second;

  if (text_is_blank (field (record, n, map, COL_NAME2)) && text_is_blank (field (record, n, map, COL_ID2)))
    return;
  first = qw_entry_copy (e);
  g_clear_pointer (&first->declared_group, g_free);
  second = qw_entry_new ();
  second->name = field_text (record, n, map, COL_NAME2);
  second->sex = qw_sex_parse (field (record, n, map, COL_SEX2));
  second->birth = normalize_birth (field (record, n, map, COL_BIRTH2));
  second->doc_kind = parse_doc_kind (field (record, n, map, COL_DOC_KIND2));
  second->id_number = g_strstrip (g_strdup (field (record, n, map, COL_ID2)));
  second->unit = field_text (record, n, map, COL_UNIT2);
  second->grade = field_text (record, n, map, COL_GRADE2);
  second->phone = field_number (record, n, map, COL_PHONE2);
  second->account = g_strstrip (g_strdup (field (record, n, map, COL_ACCOUNT2)));
  qw_entry_add_member (e, first);
  qw_entry_add_member (e, second);
  g_free (e->relation);
  e->relation = g_strstrip (g_strdup (field (record, n, map, COL_RELATION)));
  qw_entry_pair_sync (e);
}

static QwEntry *
entry_from_record (GStrv     record,
                   const int map[N_COLS])
{
  guint n = g_strv_length (record);
  QwEntry *e = qw_entry_new ();
  const char *id_text = field (record, n, map, COL_ID);
  g_autofree char *registered = NULL;

  e->name = field_text (record, n, map, COL_NAME);
  e->sex = qw_sex_parse (field (record, n, map, COL_SEX));
  e->birth = normalize_birth (field (record, n, map, COL_BIRTH));
  e->doc_kind = parse_doc_kind (field (record, n, map, COL_DOC_KIND));
  /* Without a 证件类型 column, a number that begins with a letter (E12345678)
   * is a passport or a permit, never a resident ID: the gate then says the
   * document is not accepted, not that the ID number is malformed. */
  while (g_ascii_isspace (*id_text))
    id_text++;
  if (text_is_blank (field (record, n, map, COL_DOC_KIND)) && g_ascii_isalpha (*id_text))
    e->doc_kind = QW_DOC_OTHER;
  /* Excel turns long numbers into 4.40102E+17; nothing to recover then, but
   * keep what was there so the problem shows. The tab a CSV export puts
   * after a long number (qw_csv_append_id_field()) goes. */
  e->id_number = g_strstrip (g_strdup (id_text));
  e->unit = field_text (record, n, map, COL_UNIT);
  e->grade = field_text (record, n, map, COL_GRADE);
  e->declared_group = field_text (record, n, map, COL_GROUP);
  e->phone = field_number (record, n, map, COL_PHONE);
  e->rating = parse_rating (field (record, n, map, COL_RATING));
  e->account = g_strstrip (g_strdup (field (record, n, map, COL_ACCOUNT)));
  registered = g_strstrip (g_strdup (field (record, n, map, COL_REGISTERED)));
  e->registered = normalize_birth (registered);
  e->form_stamped = is_yes (field (record, n, map, COL_STAMPED));
  read_pair (e, record, n, map);
  return e;
}

/* Whether the ID number in column @col of the row is one Excel made a
 * number: by its text, or by the workbook's stored value of the cell. */
static gboolean
excel_id_in (GStrv      raw,
             GStrv      record,
             guint      n,
             const int  map[N_COLS],
             Column     col)
{
  const char *stored = NULL;

  if (map[col] < 0 || (guint) map[col] >= n)
    return FALSE;
  if (raw != NULL && (guint) map[col] < g_strv_length (raw))
    stored = raw[map[col]];
  return qw_excel_id_is_number (field (record, n, map, col), stored);
}

/* Whether the row's ID number, or its second member's, is one Excel made a
 * number. */
static gboolean
excel_id (const QwCsv *csv,
          guint        index,
          GStrv        record,
          const int    map[N_COLS])
{
  GStrv raw = csv->raw != NULL && index < csv->raw->len ? g_ptr_array_index (csv->raw, index) : NULL;
  guint n = g_strv_length (record);

  return excel_id_in (raw, record, n, map, COL_ID) || excel_id_in (raw, record, n, map, COL_ID2);
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
 * qw_entry_import_table:
 * @map: (nullable): the column of each field; %NULL to recognise the header
 *
 * Turns every data row into an entry. Rows with more fields than the header
 * are rejected with their row number; blank rows are skipped but keep their
 * number, so that row numbers match the spreadsheet. Entries with problems
 * (a bad ID number, no name) are kept: showing them is the point. The
 * header is the first row whose cells name a 姓名 column, among the first
 * few (a title row above it is skipped); with @map and no such row, the
 * first row. A table without a name column is refused.
 */
QwEntryImport *
qw_entry_import_table (const QwCsv        *csv,
                       const QwColumnMap  *map,
                       GError            **error)
{
  g_autoptr(QwEntryImport) import = NULL;
  int header_row = find_header_row (csv);
  guint first;
  GStrv header;
  guint n_header;
  QwColumnMap columns;

  if (header_row < 0 && map == NULL)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                   _("The first line must be a header with at least a 姓名 (name) column"));
      return NULL;
    }
  first = (guint) MAX (header_row, 0);
  header = g_ptr_array_index (csv->rows, first);
  n_header = g_strv_length (header);
  if (map != NULL)
    columns = *map;
  else
    qw_column_map_recognise (&columns, (const char * const *) header);
  if (columns.column[COL_NAME] < 0)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("The column map must give the 姓名 (name) column"));
      return NULL;
    }
  for (int f = 0; f < N_COLS; f++)
    if (columns.column[f] >= 0 && (guint) columns.column[f] >= n_header)
      {
        g_autofree char *letters = qw_column_letters (columns.column[f]);

        g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                     _("The list has %u columns: there is no column %s for %s"), n_header, letters,
                     column_names[f][0]);
        return NULL;
      }
  import = g_new0 (QwEntryImport, 1);
  import->ignored_columns = unused_columns (header, &columns);
  import->entries = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_entry_free);
  import->rows = g_array_new (FALSE, FALSE, sizeof (int));
  import->lines = g_array_new (FALSE, FALSE, sizeof (int));
  import->rejected = g_ptr_array_new_with_free_func (row_error_free);
  import->excel_ids = g_array_new (FALSE, FALSE, sizeof (gboolean));
  import->encoding = g_strdup (csv->encoding);

  for (guint i = first + 1; i < csv->rows->len; i++)
    {
      GStrv record = g_ptr_array_index (csv->rows, i);
      int row = (int) (i - first);
      int line = g_array_index (csv->lines, int, i);
      guint n = g_strv_length (record);
      gboolean excel;

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
      if (is_totals_record (record))
        {
          reject (import, row, line, g_strdup_printf (_("Row %d (line %d) is a totals row (合计), not an entry"),
                                                      row, line));
          continue;
        }
      excel = excel_id (csv, i, record, columns.column);
      g_ptr_array_add (import->entries, entry_from_record (record, columns.column));
      g_array_append_val (import->rows, row);
      g_array_append_val (import->lines, line);
      g_array_append_val (import->excel_ids, excel);
    }
  return g_steal_pointer (&import);
}

QwEntryImport *
qw_entry_import_csv (const QwCsv  *csv,
                     GError      **error)
{
  return qw_entry_import_table (csv, NULL, error);
}

QwEntryImport *
qw_entry_import_file (const char  *path,
                      GError     **error)
{
  g_autoptr(QwCsv) csv = qw_spreadsheet_read_file (path, 0, error);

  if (csv == NULL)
    return NULL;
  return qw_entry_import_csv (csv, error);
}

guint
qw_entry_import_problems (const QwEntryImport *import,
                          guint                index)
{
  if (import->excel_ids != NULL && index < import->excel_ids->len
      && g_array_index (import->excel_ids, gboolean, index))
    return QW_PROBLEM_BIT (QW_PROBLEM_ID_EXCEL_NUMBER);
  return 0;
}

void
qw_import_preview_free (QwImportPreview *preview)
{
  if (preview == NULL)
    return;
  g_strfreev (preview->header);
  g_clear_pointer (&preview->rows, g_ptr_array_unref);
  g_clear_pointer (&preview->lines, g_array_unref);
  g_strfreev (preview->unknown);
  g_free (preview->encoding);
  g_free (preview);
}

/**
 * qw_entry_import_preview:
 * @n_rows: how many data rows to show
 *
 * Returns: the header (the row that names a 姓名 column among the first,
 *   else the first row), what it recognises, and the first data rows that
 *   are not blank: what a mapping dialog shows
 */
QwImportPreview *
qw_entry_import_preview (const QwCsv *csv,
                         guint        n_rows)
{
  QwImportPreview *preview = g_new0 (QwImportPreview, 1);
  int header_row = MAX (find_header_row (csv), 0);
  GStrv header = csv->rows->len > 0 ? g_ptr_array_index (csv->rows, header_row) : NULL;
  char *none[] = { NULL };

  preview->header = g_strdupv (header != NULL ? header : none);
  preview->header_line = csv->rows->len > 0 ? g_array_index (csv->lines, int, header_row) : 0;
  preview->rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  preview->lines = g_array_new (FALSE, FALSE, sizeof (int));
  preview->encoding = g_strdup (csv->encoding);
  preview->n_columns = (int) g_strv_length (preview->header);
  qw_column_map_recognise (&preview->recognised, (const char * const *) preview->header);
  preview->has_name = preview->recognised.column[COL_NAME] >= 0;
  preview->unknown = unused_columns (preview->header, &preview->recognised);
  for (guint i = (guint) header_row + 1; i < csv->rows->len && preview->rows->len < n_rows; i++)
    {
      GStrv record = g_ptr_array_index (csv->rows, i);

      if (is_blank_record (record))
        continue;
      g_ptr_array_add (preview->rows, g_strdupv (record));
      g_array_append_val (preview->lines, g_array_index (csv->lines, int, i));
      preview->n_columns = MAX (preview->n_columns, (int) g_strv_length (record));
    }
  return preview;
}

/* The fields of a CSV row, comma-separated after what @out holds already
 * (@first: the row's first); the ID numbers' and phones' (@text_fields, a
 * bit per field) stay text in Excel. */
static void
append_fields (GString            *out,
               const char * const *fields,
               guint               n,
               gboolean            first,
               guint               text_fields)
{
  for (guint f = 0; f < n; f++)
    {
      const char *value = fields[f] != NULL ? fields[f] : "";

      if (f > 0 || !first)
        g_string_append_c (out, ',');
      if ((text_fields & (1u << f)) != 0)
        qw_csv_append_id_field (out, value, ',');
      else
        qw_csv_append_field (out, value, ',');
    }
}

/* A registration list in the same columns the importer reads, UTF-8 with a BOM
 * so that Chinese Excel opens it correctly, ID numbers kept as text. With a
 * pair among the entries, the pair columns follow (the usual ones are then
 * a pair's first member's). */
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

      /* 身份证号 and 手机 */
      append_fields (out, fields, G_N_ELEMENTS (fields), TRUE, (1u << 4) | (1u << 8));
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

          /* 账号, 身份证号2, 手机2 and 账号2 (an account can be a long number too) */
          append_fields (out, more, G_N_ELEMENTS (more), FALSE, (1u << 0) | (1u << 4) | (1u << 7) | (1u << 8));
        }
      g_string_append (out, "\r\n");
    }
  return g_string_free (out, FALSE);
}
