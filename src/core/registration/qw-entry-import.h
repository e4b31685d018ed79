/* qw-entry-import.h: registration lists (CSV, .xlsx, .xls) to entries
 *
 * A list's columns are found by their header (姓名, 身份证号, … in Chinese or
 * English: qw_entry_field_from_header()); when the header is not one Qiwang
 * knows, a column map says which column holds which field (the CLI's
 * --columns 姓名=A,身份证号=D; the GUI's mapping dialog, which shows the
 * first rows from qw_entry_import_preview()). The registration service
 * remembers a map per header set (qw-registration.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "qw-csv.h"
#include "qw-entry.h"

G_BEGIN_DECLS

/* The fields a list's columns hold. A row that gives a second member (a
 * name or a document in 姓名2/身份证号2) is a pair (双人): the fields
 * before it are then its first member's, those ending in 2 its second's. */
typedef enum
{
  QW_ENTRY_FIELD_NAME = 0,
  QW_ENTRY_FIELD_SEX,
  QW_ENTRY_FIELD_BIRTH,
  QW_ENTRY_FIELD_ID,
  QW_ENTRY_FIELD_UNIT,
  QW_ENTRY_FIELD_GRADE,
  QW_ENTRY_FIELD_GROUP,
  QW_ENTRY_FIELD_PHONE,
  QW_ENTRY_FIELD_DOC_KIND,
  QW_ENTRY_FIELD_RATING,
  QW_ENTRY_FIELD_ACCOUNT,     /* 账号: the online platform's account (of the first member) */
  QW_ENTRY_FIELD_RELATION,    /* 关系: a pair's declared relationship (亲子双人) */
  QW_ENTRY_FIELD_NAME2,
  QW_ENTRY_FIELD_SEX2,
  QW_ENTRY_FIELD_BIRTH2,
  QW_ENTRY_FIELD_ID2,
  QW_ENTRY_FIELD_DOC_KIND2,
  QW_ENTRY_FIELD_UNIT2,
  QW_ENTRY_FIELD_GRADE2,
  QW_ENTRY_FIELD_PHONE2,
  QW_ENTRY_FIELD_ACCOUNT2,
  QW_ENTRY_FIELD_REGISTERED,  /* 报名日期: when the entry was made (2022 十三(一) entry windows) */
  QW_ENTRY_FIELD_STAMPED,     /* 单位盖章: the unit's stamped form received (是/已盖章/yes/1/√) */
  QW_N_ENTRY_FIELDS
} QwEntryField;

const char *qw_entry_field_to_code     (QwEntryField  field);   /* "name", "sex", "birth", "id", …, "name2", … */
const char *qw_entry_field_label       (QwEntryField  field);   /* the header Qiwang writes: "姓名", … */
/* A header cell the recognition knows ("身份证号码", "ID number", …) or a
 * field's code. */
gboolean    qw_entry_field_from_header (const char   *text,
                                        QwEntryField *out);

/* 序号, 编号, 备注 …: a column that holds no field by design. */
gboolean    qw_entry_header_is_bookkeeping (const char *text);

/* Which column holds each field: counted from 0, -1 for none. */
typedef struct
{
  int column[QW_N_ENTRY_FIELDS];
} QwColumnMap;

void      qw_column_map_clear     (QwColumnMap         *map);
/* The columns the header names (the first of each field). */
void      qw_column_map_recognise (QwColumnMap         *map,
                                   const char * const  *header);
void      qw_column_map_overlay   (QwColumnMap         *map,
                                   const QwColumnMap   *over);
/* "姓名=A,身份证号=D,出生日期=3": fields by any name the header recognition
 * knows, columns by letter (A, …, Z, AA, …) or number from 1. */
gboolean  qw_column_map_parse     (QwColumnMap         *map,
                                   const char          *text,
                                   GError             **error);
char     *qw_column_map_to_text   (const QwColumnMap   *map);     /* "name=A,id=D", as parsed */
gboolean  qw_column_map_is_empty  (const QwColumnMap   *map);
char     *qw_column_letters       (int                  column);  /* 0 → "A", 27 → "AB" */
/* Identifies a header set (its cells, trimmed, case folded), to remember
 * the map chosen for it. */
char     *qw_column_map_key       (const char * const  *header);

/* What the GUI shows before a list is imported. */
typedef struct
{
  GStrv       header;       /* the header row */
  int         header_line;  /* its line in the file (a workbook: its row in the sheet) */
  GPtrArray  *rows;         /* GStrv: the first data rows, as read (not blank) */
  GArray     *lines;        /* int: each of those rows' line */
  int         n_columns;    /* the widest row */
  QwColumnMap recognised;   /* what the header recognition found */
  gboolean    has_name;     /* a 姓名 column was found: the list imports without a map */
  GStrv       unknown;      /* header cells the recognition does not know */
  char       *encoding;
} QwImportPreview;

QwImportPreview *qw_entry_import_preview  (const QwCsv      *csv,
                                           guint             n_rows);
void             qw_import_preview_free   (QwImportPreview  *preview);

typedef struct
{
  int   row;      /* data row, counted from 1 */
  int   line;     /* line in the file */
  char *message;
} QwRowError;

typedef struct
{
  GPtrArray *entries;     /* QwEntry, one per usable data row */
  GArray    *rows;        /* int: the data row of each entry */
  GArray    *lines;       /* int: each entry's own row in the sheet (title and header rows
                           * counted; a CSV's line): what the import report names */
  GPtrArray *rejected;    /* QwRowError: rows that could not be used */
  GStrv      ignored_columns;
  char      *encoding;
  int        n_data_rows;
  GArray    *excel_ids;   /* gboolean per entry: its ID number (or a pair member's) is one
                           * Excel made a number (qw_excel_id_is_number(), the workbook's
                           * stored value included): the checks add id-excel-number */
} QwEntryImport;

/* Header recognition (a title row or two above the header is skipped). */
QwEntryImport *qw_entry_import_csv       (const QwCsv  *csv,
                                          GError      **error);
/* @map: (nullable): the columns of each field; NULL to recognise the
 * header. With a map, the header is the first row (or the row the
 * recognition finds a 姓名 in, among the first rows). */
QwEntryImport *qw_entry_import_table     (const QwCsv        *csv,
                                          const QwColumnMap  *map,
                                          GError            **error);
/* Any list file (qw-spreadsheet.h): CSV, or a workbook's first visible sheet. */
QwEntryImport *qw_entry_import_file      (const char   *path,
                                          GError      **error);
/* The checks' problems of entry @index of @import that the reader saw (id-excel-number). */
guint          qw_entry_import_problems  (const QwEntryImport *import,
                                          guint                index);
void           qw_entry_import_free      (QwEntryImport *import);
char          *qw_entries_to_csv         (GPtrArray    *entries,
                                          gboolean      mask_ids);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (QwEntryImport, qw_entry_import_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (QwImportPreview, qw_import_preview_free)

G_END_DECLS
