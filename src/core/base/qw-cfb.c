/* qw-cfb.c: the compound file (OLE2, [MS-CFB]) that holds an .xls workbook
 *
 * An .xls file is a small file system: a header; a sector allocation table
 * (FAT) whose own sectors are listed in the header and then in a chain of
 * DIFAT sectors; a directory of 128-byte entries, each stream named and
 * linked to its siblings in a red-black tree under the root entry; and small
 * streams (under 4,096 bytes) kept in 64-byte sectors of a "mini stream",
 * with an allocation table (the mini FAT) of their own. Every number in it
 * comes from the file.
 *
 * qw_cfb_read_stream() reads one stream of the root storage by [MS-CFB] and
 * trusts none of those numbers: the header has the values the format allows
 * (version 3 or 4, 512- or 4,096-byte sectors, 64-byte mini sectors, the
 * 4,096-byte cut-off); every sector it reads lies inside the file; every
 * chain it follows (DIFAT, directory, the stream's, and for a small stream
 * the mini FAT's, the mini stream's and its own in the mini FAT) stays
 * inside its table and the file, ends with ENDOFCHAIN and never comes back
 * on itself, and holds at least the size its stream declares; every
 * directory entry of the root's tree lies in the directory, is visited once,
 * is a stream or a storage, and has a terminated name of at most 31
 * characters. Only what leads to the stream is checked: damage in another
 * stream (a summary, an embedded picture) does not keep a list from being
 * read, as Excel too reads past it.
 *
 * qw_cfb_write_stream() writes the simplest compound file that holds one
 * stream: version 3, 512-byte sectors, the stream in consecutive sectors,
 * one directory sector, the FAT (and DIFAT sectors once the FAT outgrows
 * the header's 109 places), no mini stream. qw-xls.c hands FreeXL that file,
 * never the user's (it says why).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-cfb"

#include "config.h"

#include <string.h>

#include "qw-cfb.h"

#define MAX_REGULAR_SECTOR 0xFFFFFFFAu
#define DIFSECT            0xFFFFFFFCu
#define FATSECT            0xFFFFFFFDu
#define ENDOFCHAIN         0xFFFFFFFEu
#define FREESECT           0xFFFFFFFFu
#define NOSTREAM           0xFFFFFFFFu

#define HEADER_BYTES       512
#define HEADER_DIFAT       109
#define ENTRY_BYTES        128
#define MINI_SECTOR_BYTES  64
#define MINI_CUTOFF        4096

#define TYPE_STORAGE       1
#define TYPE_STREAM        2
#define TYPE_ROOT          5

static const guint8 signature[8] = { 0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1 };

typedef struct
{
  const guint8 *data;
  gsize         length;
  guint16       major_version;
  gsize         sector_size;
  guint32       n_sectors;      /* the sectors that begin inside the file */
  GArray       *fat;            /* guint32 */
  GArray       *directory;      /* the directory's sectors, in order */
  guint32       n_entries;
  const char   *problem;        /* why the file is refused, for the debug log */
} Cfb;

static guint32
le32 (const guint8 *p)
{
  return (guint32) p[0] | (guint32) p[1] << 8 | (guint32) p[2] << 16 | (guint32) p[3] << 24;
}

static guint16
le16 (const guint8 *p)
{
  return (guint16) (p[0] | p[1] << 8);
}

static gboolean
refuse (Cfb        *cfb,
        const char *problem)
{
  cfb->problem = problem;
  return FALSE;
}

/* @count bytes of sector @sector from @offset, or NULL unless they all lie
 * inside the sector and the file. The header takes the first sector's
 * place: sector 0 begins one sector size into the file. */
static const guint8 *
sector_bytes (const Cfb *cfb,
              guint32    sector,
              gsize      offset,
              gsize      count)
{
  guint64 start;

  if (sector >= cfb->n_sectors || offset > cfb->sector_size || count > cfb->sector_size - offset)
    return NULL;
  start = ((guint64) sector + 1) * cfb->sector_size + offset;
  if (start + count > cfb->length)
    return NULL;
  return cfb->data + start;
}

/* The chain from @start through @table (n entries): every link below
 * @bound (the sectors there are), ending with ENDOFCHAIN. A chain longer
 * than its table has visited a sector twice: it would never end. */
static GArray *
follow_chain (Cfb           *cfb,
              const guint32 *table,
              guint32        n,
              guint32        bound,
              guint32        start)
{
  g_autoptr(GArray) chain = g_array_new (FALSE, FALSE, sizeof (guint32));

  for (guint32 sector = start; sector != ENDOFCHAIN; sector = table[sector])
    {
      if (sector >= bound || sector >= n)
        {
          refuse (cfb, "a chain leads outside the file or its allocation table");
          return NULL;
        }
      if (chain->len >= n)
        {
          refuse (cfb, "a chain comes back on itself");
          return NULL;
        }
      g_array_append_val (chain, sector);
    }
  return g_steal_pointer (&chain);
}

/* Appends the entries of a full sector of an allocation table. */
static gboolean
append_table_sector (Cfb     *cfb,
                     GArray  *table,
                     guint32  sector)
{
  const guint8 *bytes = sector_bytes (cfb, sector, 0, cfb->sector_size);

  if (bytes == NULL)
    return refuse (cfb, "an allocation table sector lies outside the file");
  for (gsize k = 0; k < cfb->sector_size; k += 4)
    {
      guint32 entry = le32 (bytes + k);

      g_array_append_val (table, entry);
    }
  return TRUE;
}

static gboolean
read_header (Cfb *cfb)
{
  const guint8 *h = cfb->data;
  guint16 shift = le16 (h + 0x1E);
  gsize after_header;

  cfb->major_version = le16 (h + 0x1A);
  if (le16 (h + 0x1C) != 0xFFFE)
    return refuse (cfb, "the byte order mark is not 0xFFFE");
  if (cfb->major_version != 3 && cfb->major_version != 4)
    return refuse (cfb, "the major version is neither 3 nor 4");
  if (shift != 9 && shift != 12)
    return refuse (cfb, "the sector size is neither 512 nor 4096 bytes");
  if (le16 (h + 0x20) != 6)
    return refuse (cfb, "the mini sector size is not 64 bytes");
  if (le32 (h + 0x38) != MINI_CUTOFF)
    return refuse (cfb, "the mini stream cut-off is not 4096 bytes");
  cfb->sector_size = (gsize) 1 << shift;
  if (cfb->length < cfb->sector_size)
    return refuse (cfb, "the file ends inside its header");
  after_header = cfb->length - cfb->sector_size;
  if (after_header / cfb->sector_size >= MAX_REGULAR_SECTOR)
    return refuse (cfb, "the file has more sectors than the format can number");
  cfb->n_sectors = (guint32) ((after_header + cfb->sector_size - 1) / cfb->sector_size);
  return TRUE;
}

/* The FAT: the sectors the header lists first, then those of the DIFAT
 * chain (each DIFAT sector lists sector_size / 4 - 1 of them and ends with
 * the next DIFAT sector), as many as the header counts. The header's DIFAT
 * count is not needed to find them and is not relied on. */
static gboolean
read_fat (Cfb *cfb)
{
  guint32 n_fat_sectors = le32 (cfb->data + 0x2C);
  guint32 per_sector = (guint32) (cfb->sector_size / 4);
  g_autoptr(GArray) fat_sectors = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autofree guint8 *seen = NULL;
  guint32 difat = le32 (cfb->data + 0x44);
  guint32 difat_sectors = 0;

  if (n_fat_sectors == 0 || n_fat_sectors > cfb->n_sectors || n_fat_sectors > G_MAXUINT32 / per_sector)
    return refuse (cfb, "the count of FAT sectors is impossible for the file's size");
  for (guint i = 0; i < HEADER_DIFAT && fat_sectors->len < n_fat_sectors; i++)
    {
      guint32 sector = le32 (cfb->data + 0x4C + 4 * i);

      g_array_append_val (fat_sectors, sector);
    }
  while (fat_sectors->len < n_fat_sectors)
    {
      const guint8 *bytes = sector_bytes (cfb, difat, 0, cfb->sector_size);

      if (bytes == NULL)
        return refuse (cfb, "the DIFAT chain leads outside the file");
      if (++difat_sectors > cfb->n_sectors)
        return refuse (cfb, "the DIFAT chain comes back on itself");
      for (guint32 k = 0; k + 1 < per_sector && fat_sectors->len < n_fat_sectors; k++)
        {
          guint32 sector = le32 (bytes + 4 * k);

          g_array_append_val (fat_sectors, sector);
        }
      difat = le32 (bytes + 4 * (per_sector - 1));
    }

  seen = g_malloc0 (cfb->n_sectors / 8 + 1);
  cfb->fat = g_array_sized_new (FALSE, FALSE, sizeof (guint32), n_fat_sectors * per_sector);
  for (guint i = 0; i < fat_sectors->len; i++)
    {
      guint32 sector = g_array_index (fat_sectors, guint32, i);

      if (sector < cfb->n_sectors && (seen[sector / 8] & (1u << (sector % 8))) != 0)
        return refuse (cfb, "a FAT sector is listed twice");
      if (!append_table_sector (cfb, cfb->fat, sector))
        return FALSE;
      seen[sector / 8] |= (guint8) (1u << (sector % 8));
    }
  return TRUE;
}

static gboolean
read_directory (Cfb *cfb)
{
  cfb->directory = follow_chain (cfb, (const guint32 *) cfb->fat->data, cfb->fat->len, cfb->n_sectors,
                                 le32 (cfb->data + 0x30));
  if (cfb->directory == NULL)
    return FALSE;
  if (cfb->directory->len == 0)
    return refuse (cfb, "the directory is empty");
  for (guint i = 0; i < cfb->directory->len; i++)
    if (sector_bytes (cfb, g_array_index (cfb->directory, guint32, i), 0, cfb->sector_size) == NULL)
      return refuse (cfb, "a directory sector lies outside the file");
  cfb->n_entries = (guint32) (cfb->directory->len * (cfb->sector_size / ENTRY_BYTES));
  return TRUE;
}

static const guint8 *
entry_at (const Cfb *cfb,
          guint32    id)
{
  guint32 per_sector = (guint32) (cfb->sector_size / ENTRY_BYTES);

  return sector_bytes (cfb, g_array_index (cfb->directory, guint32, id / per_sector),
                       (id % per_sector) * ENTRY_BYTES, ENTRY_BYTES);
}

/* Whether the entry's name is terminated within its 64 bytes as its length
 * says; then whether it is @name, compared as [MS-CFB] compares names
 * (without regard to case; the names asked for here are ASCII). */
static gboolean
entry_name_valid (const guint8 *entry)
{
  guint16 bytes = le16 (entry + 0x40);

  return bytes >= 2 && bytes <= 64 && bytes % 2 == 0 && le16 (entry + bytes - 2) == 0;
}

static gboolean
entry_name_is (const guint8 *entry,
               const char   *name)
{
  gsize units = le16 (entry + 0x40) / 2 - 1;

  if (strlen (name) != units)
    return FALSE;
  for (gsize i = 0; i < units; i++)
    {
      guint16 unit = le16 (entry + 2 * i);

      if (unit >= 0x80 || g_ascii_tolower ((char) unit) != g_ascii_tolower (name[i]))
        return FALSE;
    }
  return TRUE;
}

/* The root storage's tree of entries, walked whole: the first of @names
 * found as a stream (the earliest in @names when several are there). */
static gboolean
find_stream (Cfb                *cfb,
             const char * const *names,
             guint              *which,
             const guint8      **found)
{
  const guint8 *root = entry_at (cfb, 0);
  g_autoptr(GArray) pending = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autofree guint8 *seen = g_malloc0 (cfb->n_entries / 8 + 1);
  guint32 child;

  *found = NULL;
  if (root == NULL || root[0x42] != TYPE_ROOT || !entry_name_valid (root))
    return refuse (cfb, "the first directory entry is not the root");
  child = le32 (root + 0x4C);
  if (child != NOSTREAM)
    g_array_append_val (pending, child);
  while (pending->len > 0)
    {
      guint32 id = g_array_index (pending, guint32, pending->len - 1);
      const guint8 *entry;

      g_array_set_size (pending, pending->len - 1);
      if (id >= cfb->n_entries || id == 0)
        return refuse (cfb, "the directory tree leads outside the directory");
      if ((seen[id / 8] & (1u << (id % 8))) != 0)
        return refuse (cfb, "the directory tree comes back on itself");
      seen[id / 8] |= (guint8) (1u << (id % 8));
      entry = entry_at (cfb, id);
      if (entry == NULL || (entry[0x42] != TYPE_STREAM && entry[0x42] != TYPE_STORAGE))
        return refuse (cfb, "the directory tree holds an entry that is neither a stream nor a storage");
      if (!entry_name_valid (entry))
        return refuse (cfb, "a directory entry's name is not terminated within 64 bytes");
      for (guint i = 0; names[i] != NULL && entry[0x42] == TYPE_STREAM; i++)
        if (entry_name_is (entry, names[i]) && (*found == NULL || i < *which))
          {
            *found = entry;
            *which = i;
          }
      for (guint side = 0x44; side <= 0x48; side += 4)
        {
          guint32 sibling = le32 (entry + side);

          if (sibling != NOSTREAM)
            g_array_append_val (pending, sibling);
        }
    }
  return TRUE;
}

/* A stream's size: version 3 files keep it in 32 bits (the next 32 may hold
 * anything, [MS-CFB] 2.6.3), version 4 files in 64. */
static gboolean
entry_size (Cfb          *cfb,
            const guint8 *entry,
            guint32      *size)
{
  if (cfb->major_version == 4 && le32 (entry + 0x7C) != 0)
    return refuse (cfb, "a stream says it is larger than 4 GB");
  *size = le32 (entry + 0x78);
  if (*size > cfb->length)
    return refuse (cfb, "a stream says it is larger than the file");
  return TRUE;
}

/* A stream of 4,096 bytes or more: in the FAT's sectors. */
static GBytes *
read_regular_stream (Cfb     *cfb,
                     guint32  start,
                     guint32  size)
{
  g_autoptr(GArray) chain = follow_chain (cfb, (const guint32 *) cfb->fat->data, cfb->fat->len,
                                          cfb->n_sectors, start);
  g_autoptr(GByteArray) bytes = NULL;

  if (chain == NULL)
    return NULL;
  if ((guint64) chain->len * cfb->sector_size < size)
    {
      refuse (cfb, "a stream's chain is shorter than its size");
      return NULL;
    }
  bytes = g_byte_array_sized_new (size);
  for (guint i = 0; bytes->len < size; i++)
    {
      gsize count = MIN (cfb->sector_size, size - bytes->len);
      const guint8 *data = sector_bytes (cfb, g_array_index (chain, guint32, i), 0, count);

      if (data == NULL)
        {
          refuse (cfb, "a stream's sector lies outside the file");
          return NULL;
        }
      g_byte_array_append (bytes, data, (guint) count);
    }
  return g_byte_array_free_to_bytes (g_steal_pointer (&bytes));
}

/* A stream under 4,096 bytes: in 64-byte sectors of the mini stream (the
 * root entry's stream), chained by the mini FAT. */
static GBytes *
read_mini_stream (Cfb     *cfb,
                  guint32  start,
                  guint32  size)
{
  const guint8 *root = entry_at (cfb, 0);
  const guint32 *fat = (const guint32 *) cfb->fat->data;
  g_autoptr(GArray) container = NULL;
  g_autoptr(GArray) mini_fat_sectors = NULL;
  g_autoptr(GArray) mini_fat = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autoptr(GArray) chain = NULL;
  g_autoptr(GByteArray) bytes = NULL;
  guint32 container_size, n_mini;

  if (!entry_size (cfb, root, &container_size))
    return NULL;
  container = follow_chain (cfb, fat, cfb->fat->len, cfb->n_sectors, le32 (root + 0x74));
  if (container == NULL)
    return NULL;
  if ((guint64) container->len * cfb->sector_size < container_size)
    {
      refuse (cfb, "the mini stream's chain is shorter than its size");
      return NULL;
    }
  mini_fat_sectors = follow_chain (cfb, fat, cfb->fat->len, cfb->n_sectors, le32 (cfb->data + 0x3C));
  if (mini_fat_sectors == NULL)
    return NULL;
  for (guint i = 0; i < mini_fat_sectors->len; i++)
    if (!append_table_sector (cfb, mini_fat, g_array_index (mini_fat_sectors, guint32, i)))
      return NULL;
  n_mini = container_size / MINI_SECTOR_BYTES + (container_size % MINI_SECTOR_BYTES != 0);
  chain = follow_chain (cfb, (const guint32 *) mini_fat->data, mini_fat->len, n_mini, start);
  if (chain == NULL)
    return NULL;
  if ((guint64) chain->len * MINI_SECTOR_BYTES < size)
    {
      refuse (cfb, "a small stream's chain is shorter than its size");
      return NULL;
    }
  bytes = g_byte_array_sized_new (size);
  for (guint i = 0; bytes->len < size; i++)
    {
      /* Below n_mini, so inside the mini stream's chain; 64 divides the
       * sector size, so a mini sector never straddles two sectors. */
      guint64 offset = (guint64) g_array_index (chain, guint32, i) * MINI_SECTOR_BYTES;
      guint32 sector = g_array_index (container, guint32, offset / cfb->sector_size);
      gsize count = MIN (MINI_SECTOR_BYTES, size - bytes->len);
      const guint8 *data = sector_bytes (cfb, sector, offset % cfb->sector_size, count);

      if (data == NULL)
        {
          refuse (cfb, "a small stream's sector lies outside the file");
          return NULL;
        }
      g_byte_array_append (bytes, data, (guint) count);
    }
  return g_byte_array_free_to_bytes (g_steal_pointer (&bytes));
}

static QwCfbResult
read_stream (Cfb                *cfb,
             const char * const *names,
             guint              *which,
             GBytes            **stream)
{
  const guint8 *entry = NULL;
  guint32 size;

  if (!read_header (cfb) || !read_fat (cfb) || !read_directory (cfb) || !find_stream (cfb, names, which, &entry))
    return QW_CFB_DAMAGED;
  if (entry == NULL)
    return QW_CFB_NO_STREAM;
  if (!entry_size (cfb, entry, &size))
    return QW_CFB_DAMAGED;
  if (size == 0)
    *stream = g_bytes_new (NULL, 0);
  else if (size < MINI_CUTOFF)
    *stream = read_mini_stream (cfb, le32 (entry + 0x74), size);
  else
    *stream = read_regular_stream (cfb, le32 (entry + 0x74), size);
  return *stream != NULL ? QW_CFB_OK : QW_CFB_DAMAGED;
}

/**
 * qw_cfb_read_stream:
 * @names: (array zero-terminated=1): the streams wanted, the preferred first
 * @which: (out): which of @names was found
 * @stream: (out) (transfer full): its bytes, exactly its declared size
 * @detail: (out): what is wrong, in English, for the debug log (static)
 *
 * Reads a stream of the root storage of the compound file @data, checking
 * every structure that leads to it (see the top of the file).
 */
QwCfbResult
qw_cfb_read_stream (const guint8       *data,
                    gsize               length,
                    const char * const *names,
                    guint              *which,
                    GBytes            **stream,
                    const char        **detail)
{
  Cfb cfb = { .data = data, .length = length };
  QwCfbResult result;

  *which = 0;
  *stream = NULL;
  *detail = NULL;
  if (length < HEADER_BYTES || memcmp (data, signature, sizeof signature) != 0)
    {
      *detail = "no compound file signature";
      return QW_CFB_NOT_CFB;
    }
  result = read_stream (&cfb, names, which, stream);
  if (result == QW_CFB_NO_STREAM)
    cfb.problem = "none of the streams asked for";
  *detail = cfb.problem;
  g_clear_pointer (&cfb.fat, g_array_unref);
  g_clear_pointer (&cfb.directory, g_array_unref);
  return result;
}

static void
put16 (guint8  *p,
       guint16  value)
{
  p[0] = (guint8) value;
  p[1] = (guint8) (value >> 8);
}

static void
put32 (guint8  *p,
       guint32  value)
{
  for (guint i = 0; i < 4; i++)
    p[i] = (guint8) (value >> (8 * i));
}

/* A directory entry: its name (ASCII), type, child and stream. */
static void
put_entry (guint8     *entry,
           const char *name,
           guint8      type,
           guint32     child,
           guint32     start,
           guint32     size)
{
  gsize units = strlen (name);

  for (gsize i = 0; i < units; i++)
    put16 (entry + 2 * i, (guint8) name[i]);
  put16 (entry + 0x40, (guint16) (type != 0 ? 2 * (units + 1) : 0));
  entry[0x42] = type;
  entry[0x43] = type != 0 ? 1 : 0;   /* black */
  put32 (entry + 0x44, NOSTREAM);
  put32 (entry + 0x48, NOSTREAM);
  put32 (entry + 0x4C, child);
  put32 (entry + 0x74, start);
  put32 (entry + 0x78, size);
}

/**
 * qw_cfb_write_stream:
 * @name: the stream's name: ASCII, at most 31 characters
 *
 * Returns: (transfer full): a version 3 compound file of 512-byte sectors
 *   holding @stream alone (see the top of the file)
 */
GBytes *
qw_cfb_write_stream (const char *name,
                     GBytes     *stream)
{
  gsize length = g_bytes_get_size (stream);
  const gsize ssz = 512, per = 128;
  guint32 n_data, n_fat = 0, n_difat = 0, dir, first_fat, first_difat, n_total;
  guint8 *out, *header;
  gsize out_length;

  g_return_val_if_fail (name != NULL && strlen (name) <= 31, NULL);
  g_return_val_if_fail (length <= G_MAXUINT32 / 2, NULL);

  n_data = (guint32) ((length + ssz - 1) / ssz);
  /* The FAT numbers every sector, its own and the DIFAT's included. */
  for (;;)
    {
      guint32 total = n_data + 1 + n_fat + n_difat;
      guint32 fat = (guint32) ((total + per - 1) / per);
      guint32 difat = fat > HEADER_DIFAT ? (guint32) ((fat - HEADER_DIFAT + per - 2) / (per - 1)) : 0;

      if (fat == n_fat && difat == n_difat)
        break;
      n_fat = fat;
      n_difat = difat;
    }
  dir = n_data;
  first_fat = dir + 1;
  first_difat = first_fat + n_fat;
  n_total = first_difat + n_difat;
  out_length = ssz + (gsize) n_total * ssz;
  out = g_malloc0 (out_length);

  header = out;
  memcpy (header, signature, sizeof signature);
  put16 (header + 0x18, 0x003E);
  put16 (header + 0x1A, 3);
  put16 (header + 0x1C, 0xFFFE);
  put16 (header + 0x1E, 9);
  put16 (header + 0x20, 6);
  put32 (header + 0x2C, n_fat);
  put32 (header + 0x30, dir);
  put32 (header + 0x38, MINI_CUTOFF);
  put32 (header + 0x3C, ENDOFCHAIN);
  put32 (header + 0x44, n_difat > 0 ? first_difat : ENDOFCHAIN);
  put32 (header + 0x48, n_difat);
  for (guint32 i = 0; i < HEADER_DIFAT; i++)
    put32 (header + 0x4C + 4 * i, i < n_fat ? first_fat + i : FREESECT);

  if (length > 0)
    memcpy (out + ssz, g_bytes_get_data (stream, NULL), length);

  {
    guint8 *entries = out + ssz + (gsize) dir * ssz;

    put_entry (entries, "Root Entry", TYPE_ROOT, 1, ENDOFCHAIN, 0);
    put_entry (entries + ENTRY_BYTES, name, TYPE_STREAM, NOSTREAM, length > 0 ? 0 : ENDOFCHAIN,
               (guint32) length);
    put_entry (entries + 2 * ENTRY_BYTES, "", 0, NOSTREAM, 0, 0);
    put_entry (entries + 3 * ENTRY_BYTES, "", 0, NOSTREAM, 0, 0);
  }

  for (guint32 s = 0; s < n_fat * per; s++)
    {
      guint8 *slot = out + ssz + (gsize) first_fat * ssz + 4 * (gsize) s;
      guint32 value = FREESECT;

      if (s < n_data)
        value = s + 1 < n_data ? s + 1 : ENDOFCHAIN;
      else if (s == dir)
        value = ENDOFCHAIN;
      else if (s >= first_fat && s < first_difat)
        value = FATSECT;
      else if (s >= first_difat && s < n_total)
        value = DIFSECT;
      put32 (slot, value);
    }

  for (guint32 d = 0; d < n_difat; d++)
    {
      guint8 *sector = out + ssz + (gsize) (first_difat + d) * ssz;

      for (guint32 k = 0; k + 1 < per; k++)
        {
          guint32 index = HEADER_DIFAT + d * (guint32) (per - 1) + k;

          put32 (sector + 4 * k, index < n_fat ? first_fat + index : FREESECT);
        }
      put32 (sector + 4 * (per - 1), d + 1 < n_difat ? first_difat + d + 1 : ENDOFCHAIN);
    }
  return g_bytes_new_take (out, out_length);
}
