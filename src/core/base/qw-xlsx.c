/* qw-xlsx.c: reading Excel and WPS workbooks (.xlsx) as CSV tables
 *
 * Associations keep their lists in Excel; asking them to "save as CSV" and
 * pick the right encoding loses people. A workbook is a zip of XML parts
 * (ECMA-376): the workbook names its sheets, the relationships say which
 * part each one is, the shared strings hold the text, and the styles say
 * which numbers are dates. Only what a registration list needs is read:
 * cell values as Excel shows them (qw-sheet.c), merges, and the 1904 flag.
 *
 * A workbook comes from someone else's machine, so it is treated as hostile:
 * only a regular file is read, within its limit (qw-file.h), every part is inflated only up to a
 * limit (the sizes the zip declares are not trusted), CRCs are checked, and
 * every part is parsed by qw-xml.c's hardened reader (no network, no DTD,
 * hence no entity expansion).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-xlsx"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <minizip/unzip.h>
#include <stdlib.h>
#include <string.h>

#include "qw-error.h"
#include "qw-file.h"
#include "qw-sheet.h"
#include "qw-xlsx.h"
#include "qw-xml.h"

#define REL_OFFICE_DOCUMENT "/officeDocument"
#define REL_WORKSHEET       "/worksheet"
#define REL_SHARED_STRINGS  "/sharedStrings"
#define REL_STYLES          "/styles"

/* The workbook's bytes, read once (qw-file.h: a regular file, within the
 * limit), and minizip's reading done from memory: no second opening of the
 * path, which could by then be something else. */
typedef struct
{
  const char *data;
  gsize       length;
  gsize       pos;
} Bytes;

static voidpf ZCALLBACK
bytes_open (voidpf      opaque,
            const void *filename,
            int         mode)
{
  Bytes *b = opaque;

  if ((mode & ZLIB_FILEFUNC_MODE_READWRITEFILTER) != ZLIB_FILEFUNC_MODE_READ)
    return NULL;
  b->pos = 0;
  return b;
}

static uLong ZCALLBACK
bytes_read (voidpf  opaque,
            voidpf  stream,
            void   *buf,
            uLong   size)
{
  Bytes *b = stream;
  gsize n = MIN ((gsize) size, b->length - b->pos);

  memcpy (buf, b->data + b->pos, n);
  b->pos += n;
  return (uLong) n;
}

static uLong ZCALLBACK
bytes_write (voidpf      opaque,
             voidpf      stream,
             const void *buf,
             uLong       size)
{
  return 0;
}

static ZPOS64_T ZCALLBACK
bytes_tell (voidpf opaque,
            voidpf stream)
{
  return ((Bytes *) stream)->pos;
}

static long ZCALLBACK
bytes_seek (voidpf   opaque,
            voidpf   stream,
            ZPOS64_T offset,
            int      origin)
{
  Bytes *b = stream;
  ZPOS64_T base;

  switch (origin)
    {
    case ZLIB_FILEFUNC_SEEK_SET:
      base = 0;
      break;
    case ZLIB_FILEFUNC_SEEK_CUR:
      base = b->pos;
      break;
    case ZLIB_FILEFUNC_SEEK_END:
      base = b->length;
      break;
    default:
      return -1;
    }
  if (offset > b->length - base)
    return -1;
  b->pos = (gsize) (base + offset);
  return 0;
}

static int ZCALLBACK
bytes_close (voidpf opaque,
             voidpf stream)
{
  return 0;
}

static int ZCALLBACK
bytes_error (voidpf opaque,
             voidpf stream)
{
  return 0;
}

typedef struct
{
  unzFile  zip;
  char    *display_name;
  char    *data;          /* the whole file */
  Bytes    bytes;
  gsize    inflated;      /* bytes inflated so far, against the total limit */
} Package;

static void
package_close (Package *pkg)
{
  if (pkg->zip != NULL)
    unzClose (pkg->zip);
  g_free (pkg->display_name);
  g_free (pkg->data);
}

static gboolean
package_open (Package    *pkg,
              const char *path,
              GError    **error)
{
  zlib_filefunc64_def funcs = {
    bytes_open, bytes_read, bytes_write, bytes_tell, bytes_seek, bytes_close, bytes_error, NULL,
  };
  gsize length = 0;

  memset (pkg, 0, sizeof *pkg);
  pkg->display_name = g_filename_display_name (path);
  if (!qw_file_read (path, QW_FILE_WORKBOOK, &pkg->data, &length, error))
    return FALSE;
  /* An OLE compound file: an old .xls, or an .xlsx with a password (Excel
   * wraps encrypted workbooks in one). */
  if (length >= 4 && memcmp (pkg->data, "\xD0\xCF\x11\xE0", 4) == 0)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                   _("%s is not an .xlsx workbook: it is an old .xls file, or a workbook "
                     "protected by a password (remove the password in Excel first)"),
                   pkg->display_name);
      return FALSE;
    }
  pkg->bytes.data = pkg->data;
  pkg->bytes.length = length;
  funcs.opaque = &pkg->bytes;
  pkg->zip = unzOpen2_64 (pkg->display_name, &funcs);
  if (pkg->zip == NULL)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_CORRUPT,
                   _("%s is not an .xlsx workbook (it is not a zip archive, or it is damaged)"),
                   pkg->display_name);
      return FALSE;
    }
  return TRUE;
}

/* Inflates one part, never more than the limits. Returns NULL without an
 * error when @optional and the part does not exist. */
static char *
read_part (Package    *pkg,
           const char *name,
           gboolean    optional,
           gsize      *length,
           GError    **error)
{
  g_autoptr(GByteArray) data = NULL;
  unz_file_info64 info;
  char buf[65536];
  int n, rc;

  /* OPC part names are case-insensitive (2: compare without case). */
  if (unzLocateFile (pkg->zip, name, 2) != UNZ_OK)
    {
      if (!optional)
        g_set_error (error, QW_ERROR, QW_ERROR_CORRUPT,
                     _("%s is not a complete workbook: the part %s is missing"),
                     pkg->display_name, name);
      return NULL;
    }
  if (unzGetCurrentFileInfo64 (pkg->zip, &info, NULL, 0, NULL, 0, NULL, 0) != UNZ_OK)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_CORRUPT, _("%s: the part %s cannot be read"),
                   pkg->display_name, name);
      return NULL;
    }
  if (info.flag & 1)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                   _("%s is encrypted; remove the password in Excel first"), pkg->display_name);
      return NULL;
    }
  if (unzOpenCurrentFile (pkg->zip) != UNZ_OK)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_CORRUPT, _("%s: the part %s cannot be read"),
                   pkg->display_name, name);
      return NULL;
    }
  data = g_byte_array_new ();
  while ((n = unzReadCurrentFile (pkg->zip, buf, sizeof buf)) > 0)
    {
      if (data->len + (gsize) n > QW_XLSX_MAX_PART_BYTES
          || pkg->inflated + (gsize) n > QW_XLSX_MAX_TOTAL_BYTES)
        {
          g_autofree char *limit = g_format_size (QW_XLSX_MAX_PART_BYTES);

          unzCloseCurrentFile (pkg->zip);
          g_set_error (error, QW_ERROR, QW_ERROR_TOO_LARGE,
                       _("%s: the part %s unpacks to more than %s; this is not a registration list"),
                       pkg->display_name, name, limit);
          return NULL;
        }
      pkg->inflated += (gsize) n;
      g_byte_array_append (data, (const guint8 *) buf, (guint) n);
    }
  rc = unzCloseCurrentFile (pkg->zip);
  if (n < 0 || rc != UNZ_OK)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_CORRUPT,
                   _("%s is damaged: the part %s does not unpack correctly"),
                   pkg->display_name, name);
      return NULL;
    }
  *length = data->len;
  g_byte_array_append (data, (const guint8 *) "", 1);
  return (char *) g_byte_array_free (g_steal_pointer (&data), FALSE);
}

static xmlDoc *
read_xml_part (Package    *pkg,
               const char *name,
               gboolean    optional,
               GError    **error)
{
  g_autofree char *data = NULL;
  g_autofree char *display = NULL;
  gsize length = 0;

  data = read_part (pkg, name, optional, &length, error);
  if (data == NULL)
    return NULL;
  display = g_strdup_printf ("%s (%s)", pkg->display_name, name);
  return qw_xml_read_memory (data, length, display, NULL, error);
}

/* Resolves a relationship target against the part that names it. */
static char *
resolve_target (const char *source_part,
                const char *target)
{
  g_auto(GStrv) segments = NULL;
  g_autoptr(GPtrArray) parts = g_ptr_array_new ();
  g_autofree char *joined = NULL;

  if (target[0] == '/')
    joined = g_strdup (target + 1);
  else
    {
      g_autofree char *dir = g_path_get_dirname (source_part);

      joined = g_str_equal (dir, ".") ? g_strdup (target) : g_strconcat (dir, "/", target, NULL);
    }
  segments = g_strsplit (joined, "/", -1);
  for (int i = 0; segments[i] != NULL; i++)
    {
      if (segments[i][0] == '\0' || g_str_equal (segments[i], "."))
        continue;
      if (g_str_equal (segments[i], ".."))
        {
          if (parts->len > 0)
            g_ptr_array_remove_index (parts, parts->len - 1);
          continue;
        }
      g_ptr_array_add (parts, segments[i]);
    }
  g_ptr_array_add (parts, NULL);
  return g_strjoinv ("/", (char **) parts->pdata);
}

/* The relationships of @part, as id -> resolved target and type -> target. */
typedef struct
{
  GHashTable *by_id;
  GHashTable *by_type_suffix;
} Rels;

static void
rels_clear (Rels *rels)
{
  g_clear_pointer (&rels->by_id, g_hash_table_unref);
  g_clear_pointer (&rels->by_type_suffix, g_hash_table_unref);
}

static const char *
type_suffix (const char *type)
{
  const char *slash = type != NULL ? strrchr (type, '/') : NULL;

  return slash != NULL ? slash : "";
}

static gboolean
read_rels (Package    *pkg,
           const char *part,
           Rels       *rels,
           GError    **error)
{
  g_autofree char *dir = g_path_get_dirname (part);
  g_autofree char *base = g_path_get_basename (part);
  g_autofree char *rels_name = NULL;
  g_autoptr(xmlDoc) doc = NULL;
  g_autoptr(GError) local_error = NULL;

  rels->by_id = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  rels->by_type_suffix = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  if (g_str_equal (part, ""))
    rels_name = g_strdup ("_rels/.rels");
  else
    rels_name = g_str_equal (dir, ".") ? g_strdup_printf ("_rels/%s.rels", base)
                                       : g_strdup_printf ("%s/_rels/%s.rels", dir, base);
  doc = read_xml_part (pkg, rels_name, TRUE, &local_error);
  if (doc == NULL)
    {
      if (local_error != NULL)
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          return FALSE;
        }
      return TRUE;
    }
  qw_xml_foreach_child (xmlDocGetRootElement (doc), "Relationship", rel)
    {
      g_autofree char *id = qw_xml_get_prop (rel, "Id");
      g_autofree char *type = qw_xml_get_prop (rel, "Type");
      g_autofree char *target = qw_xml_get_prop (rel, "Target");
      g_autofree char *mode = qw_xml_get_prop (rel, "TargetMode");
      char *resolved;

      if (id == NULL || target == NULL || g_strcmp0 (mode, "External") == 0)
        continue;
      resolved = resolve_target (part, target);
      if (!g_hash_table_contains (rels->by_type_suffix, type_suffix (type)))
        g_hash_table_insert (rels->by_type_suffix, g_strdup (type_suffix (type)),
                             g_strdup (resolved));
      g_hash_table_insert (rels->by_id, g_steal_pointer (&id), resolved);
    }
  return TRUE;
}

/* OOXML escapes characters XML cannot hold as _xHHHH_ (ST_Xstring):
 * Excel writes a carriage return in a cell as _x000D_. */
static void
append_xstring (GString    *out,
                const char *text)
{
  for (const char *p = text; *p != '\0'; p++)
    {
      if (p[0] == '_' && p[1] == 'x' && g_ascii_isxdigit (p[2]) && g_ascii_isxdigit (p[3])
          && g_ascii_isxdigit (p[4]) && g_ascii_isxdigit (p[5]) && p[6] == '_')
        {
          gunichar c = (gunichar) strtoul ((char[]) { p[2], p[3], p[4], p[5], '\0' }, NULL, 16);

          if (g_unichar_validate (c) && c != 0)
            {
              g_string_append_unichar (out, c);
              p += 6;
              continue;
            }
        }
      g_string_append_c (out, *p);
    }
}

/* Text of a string item (<si> or <is>): its own <t>, or the <t> of each rich
 * text run <r>, concatenated. Phonetic runs (<rPh>, the furigana or pinyin
 * over the text) are not part of the value. */
static char *
string_item_text (xmlNode *item)
{
  GString *out = g_string_new (NULL);

  for (xmlNode *n = item != NULL ? item->children : NULL; n != NULL; n = n->next)
    {
      if (n->type != XML_ELEMENT_NODE)
        continue;
      if (g_str_equal ((const char *) n->name, "t"))
        {
          g_autofree char *t = qw_xml_get_text (n);

          append_xstring (out, t);
        }
      else if (g_str_equal ((const char *) n->name, "r"))
        {
          g_autofree char *t = qw_xml_child_text (n, "t");

          if (t != NULL)
            append_xstring (out, t);
        }
    }
  return g_string_free (out, FALSE);
}

typedef struct
{
  Package    pkg;
  gboolean   date1904;
  GPtrArray *strings;       /* char *: the shared strings */
  GArray    *formats;       /* QwSheetFormat per cellXfs index */
  GPtrArray *sheet_names;   /* char * */
  GPtrArray *sheet_parts;   /* char *: the part of each sheet, NULL if unknown */
  GArray    *sheet_hidden;  /* gboolean */
} Workbook;

static void
workbook_clear (Workbook *wb)
{
  package_close (&wb->pkg);
  g_clear_pointer (&wb->strings, g_ptr_array_unref);
  g_clear_pointer (&wb->formats, g_array_unref);
  g_clear_pointer (&wb->sheet_names, g_ptr_array_unref);
  g_clear_pointer (&wb->sheet_parts, g_ptr_array_unref);
  g_clear_pointer (&wb->sheet_hidden, g_array_unref);
}

static gboolean
read_shared_strings (Workbook   *wb,
                     const char *part,
                     GError    **error)
{
  g_autoptr(xmlDoc) doc = NULL;
  g_autoptr(GError) local_error = NULL;

  wb->strings = g_ptr_array_new_with_free_func (g_free);
  if (part == NULL)
    return TRUE;
  doc = read_xml_part (&wb->pkg, part, TRUE, &local_error);
  if (doc == NULL)
    {
      if (local_error == NULL)
        return TRUE;
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  qw_xml_foreach_child (xmlDocGetRootElement (doc), "si", si)
    g_ptr_array_add (wb->strings, string_item_text (si));
  return TRUE;
}

static gboolean
read_styles (Workbook   *wb,
             const char *part,
             GError    **error)
{
  g_autoptr(xmlDoc) doc = NULL;
  g_autoptr(GHashTable) codes = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, g_free);
  g_autoptr(GError) local_error = NULL;
  xmlNode *root;

  wb->formats = g_array_new (FALSE, TRUE, sizeof (QwSheetFormat));
  if (part == NULL)
    return TRUE;
  doc = read_xml_part (&wb->pkg, part, TRUE, &local_error);
  if (doc == NULL)
    {
      if (local_error == NULL)
        return TRUE;
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  root = xmlDocGetRootElement (doc);
  qw_xml_foreach_child (qw_xml_first_child (root, "numFmts"), "numFmt", f)
    g_hash_table_insert (codes, GINT_TO_POINTER (qw_xml_get_prop_int (f, "numFmtId", -1)),
                         qw_xml_get_prop (f, "formatCode"));
  qw_xml_foreach_child (qw_xml_first_child (root, "cellXfs"), "xf", xf)
    {
      int id = qw_xml_get_prop_int (xf, "numFmtId", 0);
      QwSheetFormat format;

      qw_sheet_format_classify (id, g_hash_table_lookup (codes, GINT_TO_POINTER (id)), &format);
      g_array_append_val (wb->formats, format);
    }
  return TRUE;
}

static gboolean
workbook_open (Workbook   *wb,
               const char *path,
               GError    **error)
{
  Rels root_rels = { 0 }, book_rels = { 0 };
  g_autoptr(xmlDoc) doc = NULL;
  const char *book_part;
  gboolean ok = FALSE;
  xmlNode *root;

  memset (wb, 0, sizeof *wb);
  wb->sheet_names = g_ptr_array_new_with_free_func (g_free);
  wb->sheet_parts = g_ptr_array_new_with_free_func (g_free);
  wb->sheet_hidden = g_array_new (FALSE, FALSE, sizeof (gboolean));
  if (!package_open (&wb->pkg, path, error))
    return FALSE;
  if (!read_rels (&wb->pkg, "", &root_rels, error))
    goto out;
  book_part = g_hash_table_lookup (root_rels.by_type_suffix, REL_OFFICE_DOCUMENT);
  if (book_part == NULL)
    book_part = "xl/workbook.xml";
  doc = read_xml_part (&wb->pkg, book_part, FALSE, error);
  if (doc == NULL || !read_rels (&wb->pkg, book_part, &book_rels, error))
    goto out;
  root = xmlDocGetRootElement (doc);
  wb->date1904 = qw_xml_get_prop_bool (qw_xml_first_child (root, "workbookPr"), "date1904", FALSE);
  qw_xml_foreach_child (qw_xml_first_child (root, "sheets"), "sheet", sheet)
    {
      g_autofree char *name = qw_xml_get_prop (sheet, "name");
      g_autofree char *rid = qw_xml_get_prop (sheet, "id");
      g_autofree char *state = qw_xml_get_prop (sheet, "state");
      const char *target = rid != NULL ? g_hash_table_lookup (book_rels.by_id, rid) : NULL;
      gboolean hidden = state != NULL && !g_str_equal (state, "visible");

      g_ptr_array_add (wb->sheet_names, g_strdup (name != NULL ? name : ""));
      g_ptr_array_add (wb->sheet_parts, g_strdup (target));
      g_array_append_val (wb->sheet_hidden, hidden);
    }
  if (wb->sheet_names->len == 0)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("%s has no sheets"),
                   wb->pkg.display_name);
      goto out;
    }
  if (!read_shared_strings (wb, g_hash_table_lookup (book_rels.by_type_suffix, REL_SHARED_STRINGS),
                            error)
      || !read_styles (wb, g_hash_table_lookup (book_rels.by_type_suffix, REL_STYLES), error))
    goto out;
  ok = TRUE;
out:
  rels_clear (&root_rels);
  rels_clear (&book_rels);
  return ok;
}

/* "D5" -> column 3, row 5; FALSE if it is no cell reference. */
static gboolean
parse_ref (const char *ref,
           int        *row,
           int        *column)
{
  int col = 0, r = 0;
  const char *p = ref;

  if (ref == NULL)
    return FALSE;
  while (*p == '$')
    p++;
  if (!g_ascii_isalpha (*p))
    return FALSE;
  for (; g_ascii_isalpha (*p); p++)
    {
      col = col * 26 + (g_ascii_toupper (*p) - 'A' + 1);
      if (col > QW_SHEET_MAX_COLUMNS)
        return FALSE;
    }
  if (*p == '$')
    p++;
  if (!g_ascii_isdigit (*p))
    return FALSE;
  for (; g_ascii_isdigit (*p); p++)
    {
      r = r * 10 + (*p - '0');
      if (r > QW_SHEET_MAX_ROWS)
        return FALSE;
    }
  if (*p != '\0' || r < 1)
    return FALSE;
  *row = r;
  *column = col - 1;
  return TRUE;
}

static char *
cell_value (Workbook *wb,
            xmlNode  *cell,
            char    **raw)
{
  g_autofree char *type = qw_xml_get_prop (cell, "t");
  g_autofree char *v = qw_xml_child_text (cell, "v");
  int style = qw_xml_get_prop_int (cell, "s", 0);
  QwSheetFormat general = { QW_SHEET_FORMAT_GENERAL, 0, FALSE, FALSE };
  const QwSheetFormat *format = &general;
  char *end = NULL;
  double number;

  *raw = NULL;
  if (g_strcmp0 (type, "inlineStr") == 0)
    return string_item_text (qw_xml_first_child (cell, "is"));
  if (v == NULL)
    return NULL;
  if (g_strcmp0 (type, "s") == 0)
    {
      gint64 index;

      if (!g_ascii_string_to_signed (v, 10, 0, G_MAXINT, &index, NULL)
          || (guint64) index >= wb->strings->len)
        return NULL;
      return g_strdup (g_ptr_array_index (wb->strings, index));
    }
  if (g_strcmp0 (type, "str") == 0 || g_strcmp0 (type, "e") == 0)
    {
      GString *out = g_string_new (NULL);

      append_xstring (out, v);
      return g_string_free (out, FALSE);
    }
  if (g_strcmp0 (type, "b") == 0)
    return g_strdup (g_str_equal (g_strstrip (v), "1") ? "TRUE" : "FALSE");
  if (g_strcmp0 (type, "d") == 0)
    {
      /* Strict OOXML's ISO 8601 date cells: keep the day. */
      g_autofree char *day = g_strndup (v, 10);
      QwDate date;

      if (qw_date_parse_iso (day, &date))
        return qw_date_to_iso_dup (date);
      return g_strdup (v);
    }
  g_strstrip (v);
  number = g_ascii_strtod (v, &end);
  if (end == v || *end != '\0')
    return g_strdup (v);
  if (style >= 0 && (guint) style < wb->formats->len)
    format = &g_array_index (wb->formats, QwSheetFormat, style);
  if (format->kind == QW_SHEET_FORMAT_GENERAL || format->kind == QW_SHEET_FORMAT_FIXED)
    *raw = g_strdup (v);
  return qw_sheet_format_number (number, format, wb->date1904);
}

static gboolean
read_sheet (Workbook   *wb,
            const char *part,
            QwSheet    *sheet,
            GError    **error)
{
  g_autoptr(xmlDoc) doc = read_xml_part (&wb->pkg, part, FALSE, error);
  xmlNode *root;
  int row_number = 0;

  if (doc == NULL)
    return FALSE;
  root = xmlDocGetRootElement (doc);
  qw_xml_foreach_child (qw_xml_first_child (root, "sheetData"), "row", row)
    {
      int r = qw_xml_get_prop_int (row, "r", row_number + 1);
      int column = -1;

      if (r < 1 || r > QW_SHEET_MAX_ROWS)
        continue;
      row_number = r;
      qw_xml_foreach_child (row, "c", cell)
        {
          g_autofree char *ref = qw_xml_get_prop (cell, "r");
          g_autofree char *text = NULL;
          g_autofree char *raw = NULL;
          int cr;

          /* Cells without a reference follow the one before. */
          if (!parse_ref (ref, &cr, &column))
            {
              cr = row_number;
              column++;
            }
          if (column >= QW_SHEET_MAX_COLUMNS)
            break;
          text = cell_value (wb, cell, &raw);
          if (text != NULL)
            qw_sheet_set (sheet, cr, column, text, raw);
        }
    }
  qw_xml_foreach_child (qw_xml_first_child (root, "mergeCells"), "mergeCell", merge)
    {
      g_autofree char *ref = qw_xml_get_prop (merge, "ref");
      g_auto(GStrv) ends = ref != NULL ? g_strsplit (ref, ":", 2) : NULL;
      int r1, c1, r2, c2;

      if (ends != NULL && ends[0] != NULL && ends[1] != NULL
          && parse_ref (ends[0], &r1, &c1) && parse_ref (ends[1], &r2, &c2))
        qw_sheet_merge (sheet, r1, c1, r2, c2);
    }
  return TRUE;
}

/**
 * qw_xlsx_sheet_names:
 *
 * Returns: (transfer full): the workbook's sheet names in their order, the
 *   order --sheet N counts in (hidden sheets included)
 */
GStrv
qw_xlsx_sheet_names (const char  *path,
                     GError     **error)
{
  Workbook wb;
  GStrv names;

  if (!workbook_open (&wb, path, error))
    {
      workbook_clear (&wb);
      return NULL;
    }
  g_ptr_array_add (wb.sheet_names, NULL);
  names = g_strdupv ((char **) wb.sheet_names->pdata);
  workbook_clear (&wb);
  return names;
}

/**
 * qw_xlsx_read_file:
 * @sheet_index: the sheet to read, counted from 1 in the workbook's order;
 *   0 for the one named @sheet_name, or without a name the first sheet that
 *   is not hidden
 * @sheet_name: (nullable): the sheet's name, when @sheet_index is 0
 *
 * Returns: the sheet as the CSV reader's table (see qw_sheet_to_table()),
 *   with `encoding` "xlsx", or %NULL with an error naming the file
 */
QwCsv *
qw_xlsx_read_file (const char  *path,
                   int          sheet_index,
                   const char  *sheet_name,
                   GError     **error)
{
  Workbook wb;
  g_autoptr(QwSheet) sheet = qw_sheet_new ();
  g_autoptr(GError) local_error = NULL;
  const char *part;
  int chosen = -1;
  QwCsv *csv = NULL;

  if (!workbook_open (&wb, path, error))
    {
      workbook_clear (&wb);
      return NULL;
    }
  if (sheet_index > 0)
    chosen = sheet_index <= (int) wb.sheet_names->len ? sheet_index - 1 : -1;
  else if (sheet_name != NULL)
    {
      for (guint i = 0; i < wb.sheet_names->len && chosen < 0; i++)
        if (g_str_equal (g_ptr_array_index (wb.sheet_names, i), sheet_name))
          chosen = (int) i;
    }
  else
    {
      for (guint i = 0; i < wb.sheet_names->len && chosen < 0; i++)
        if (!g_array_index (wb.sheet_hidden, gboolean, i))
          chosen = (int) i;
      if (chosen < 0)
        chosen = 0;
    }
  if (chosen < 0)
    {
      if (sheet_index > 0)
        g_set_error (error, QW_ERROR, QW_ERROR_NOT_FOUND,
                     _("%s has %u sheets; there is no sheet %d"),
                     wb.pkg.display_name, wb.sheet_names->len, sheet_index);
      else
        g_set_error (error, QW_ERROR, QW_ERROR_NOT_FOUND, _("%s has no sheet named “%s”"),
                     wb.pkg.display_name, sheet_name);
      workbook_clear (&wb);
      return NULL;
    }
  part = g_ptr_array_index (wb.sheet_parts, chosen);
  if (part == NULL)
    g_set_error (error, QW_ERROR, QW_ERROR_CORRUPT,
                 _("%s is damaged: the sheet “%s” has no part"),
                 wb.pkg.display_name, (const char *) g_ptr_array_index (wb.sheet_names, chosen));
  else if (read_sheet (&wb, part, sheet, error))
    {
      csv = qw_sheet_to_table (sheet, "xlsx", &local_error);
      if (csv == NULL)
        g_set_error (error, QW_ERROR, local_error->code, "%s (%s): %s", wb.pkg.display_name,
                     (const char *) g_ptr_array_index (wb.sheet_names, chosen),
                     local_error->message);
    }
  workbook_clear (&wb);
  return csv;
}
