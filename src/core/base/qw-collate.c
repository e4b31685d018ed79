/* qw-collate.c: ordering names by pinyin or by surname strokes
 *
 * Chinese official lists (秩序册, 名单公示) are ordered by the surname's
 * strokes (按姓氏笔画排序), others by pinyin. Both orders need data on every
 * character that GLib does not have, and ICU (CLDR's Chinese collations)
 * does: "zh@collation=stroke" orders by the number of strokes, so 一 and 乙
 * (1) come before 丁 (2), 王 (4), 李, 张, 陈 (7) and 赵 (9), and Latin text
 * after Chinese; "zh@collation=pinyin" orders by reading (白 < 陈 < 丁 …).
 *
 * Two limits of CLDR's data that users may notice:
 *   - among characters with the same number of strokes, CLDR orders by
 *     radical, not by the first strokes' shapes (横竖撇点折) as the
 *     national rule does, so the 7-stroke surnames come as 张 < 李 < 陈
 *     where an official list has 李 < 张 < 陈;
 *   - pinyin is the character's common reading, not its reading as a
 *     surname (曾 sorts as céng, 单 as dān).
 * Whole names are compared, so within one surname the given names follow in
 * the same order.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-collate"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>
#include <unicode/ucol.h>
#include <unicode/ustring.h>

#include "qw-collate.h"
#include "qw-error.h"

struct _QwCollator
{
  UCollator *ucol;
};

static const char *
locale_of (QwCollation collation)
{
  return collation == QW_COLLATION_STROKE ? "zh@collation=stroke" : "zh@collation=pinyin";
}

/**
 * qw_collator_new:
 *
 * Returns: a collator for @collation, or %NULL with an error when ICU has no
 *   data for it (ICU built without its Chinese collations)
 */
QwCollator *
qw_collator_new (QwCollation   collation,
                 GError      **error)
{
  UErrorCode status = U_ZERO_ERROR;
  UCollator *ucol = ucol_open (locale_of (collation), &status);
  QwCollator *collator;

  /* A fallback to the root collation would silently order by code point. */
  if (U_FAILURE (status) || status == U_USING_DEFAULT_WARNING)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_FAILED,
                   _("This system's ICU cannot order names by %s (%s)"),
                   qw_collation_to_code (collation), u_errorName (status));
      if (ucol != NULL)
        ucol_close (ucol);
      return NULL;
    }
  collator = g_new0 (QwCollator, 1);
  collator->ucol = ucol;
  return collator;
}

void
qw_collator_free (QwCollator *collator)
{
  if (collator == NULL)
    return;
  ucol_close (collator->ucol);
  g_free (collator);
}

/**
 * qw_collator_compare:
 *
 * Returns: <0, 0 or >0 as @a comes before, with or after @b; %NULL sorts
 *   as the empty string, and text that is not UTF-8 after everything else
 */
int
qw_collator_compare (QwCollator *collator,
                     const char *a,
                     const char *b)
{
  UErrorCode status = U_ZERO_ERROR;
  UCollationResult r;

  r = ucol_strcollUTF8 (collator->ucol, a != NULL ? a : "", -1, b != NULL ? b : "", -1, &status);
  if (U_FAILURE (status))
    return g_strcmp0 (a, b);
  return r == UCOL_LESS ? -1 : r == UCOL_GREATER ? 1 : 0;
}

/**
 * qw_collator_sort_key:
 *
 * Returns: a key for @text: keys compare with strcmp() as the texts compare
 *   with qw_collator_compare(), so they can be stored or kept in a sorted
 *   model. The key is bytes, not text; it contains no NUL before its end.
 */
char *
qw_collator_sort_key (QwCollator *collator,
                      const char *text)
{
  g_autofree gunichar2 *utf16 = NULL;
  glong n = 0;
  int32_t size;
  char *key;

  utf16 = g_utf8_to_utf16 (text != NULL ? text : "", -1, NULL, &n, NULL);
  if (utf16 == NULL)
    return g_strdup ("\xFF");
  size = ucol_getSortKey (collator->ucol, (const UChar *) utf16, (int32_t) n, NULL, 0);
  key = g_malloc0 ((gsize) size + 1);
  ucol_getSortKey (collator->ucol, (const UChar *) utf16, (int32_t) n, (uint8_t *) key, size + 1);
  return key;
}

typedef struct
{
  char          *key;
  gconstpointer  item;
} Keyed;

static int
compare_keyed (gconstpointer a,
               gconstpointer b)
{
  return strcmp (((const Keyed *) a)->key, ((const Keyed *) b)->key);
}

/**
 * qw_collator_sort:
 * @items: the items to sort, in place
 * @name_of: gives each item's name
 *
 * Sorts @items by name (stable: items with the same name keep their order).
 */
void
qw_collator_sort (QwCollator   *collator,
                  GPtrArray    *items,
                  const char *(*name_of) (gconstpointer item))
{
  g_autoptr(GArray) keyed = g_array_sized_new (FALSE, FALSE, sizeof (Keyed), items->len);

  for (guint i = 0; i < items->len; i++)
    {
      Keyed k = { qw_collator_sort_key (collator, name_of (items->pdata[i])), items->pdata[i] };

      g_array_append_val (keyed, k);
    }
  /* g_array_sort() is a stable merge sort in GLib. */
  g_array_sort (keyed, compare_keyed);
  for (guint i = 0; i < items->len; i++)
    {
      Keyed *k = &g_array_index (keyed, Keyed, i);

      items->pdata[i] = (gpointer) k->item;
      g_free (k->key);
    }
}

static void
close_collator (gpointer data)
{
  qw_collator_free (data);
}

/* One collator per thread and collation: ICU's C collators are not meant to
 * be shared across threads. */
static GPrivate pinyin_collator = G_PRIVATE_INIT (close_collator);
static GPrivate stroke_collator = G_PRIVATE_INIT (close_collator);

/**
 * qw_collate:
 *
 * Compares two names like qw_collator_compare(), with a collator kept for
 * the calling thread; when ICU cannot make one, by code point.
 */
int
qw_collate (QwCollation  collation,
            const char  *a,
            const char  *b)
{
  GPrivate *slot = collation == QW_COLLATION_STROKE ? &stroke_collator : &pinyin_collator;
  QwCollator *collator = g_private_get (slot);

  if (collator == NULL)
    {
      g_autoptr(GError) error = NULL;

      collator = qw_collator_new (collation, &error);
      if (collator == NULL)
        {
          g_warning ("%s", error->message);
          return g_strcmp0 (a, b);
        }
      g_private_set (slot, collator);
    }
  return qw_collator_compare (collator, a, b);
}

/* The codes a document setting stores: "pinyin", "stroke". */
const char *
qw_collation_to_code (QwCollation collation)
{
  return collation == QW_COLLATION_STROKE ? "stroke" : "pinyin";
}

gboolean
qw_collation_from_code (const char  *code,
                        QwCollation *out)
{
  if (g_strcmp0 (code, "pinyin") == 0)
    *out = QW_COLLATION_PINYIN;
  else if (g_strcmp0 (code, "stroke") == 0)
    *out = QW_COLLATION_STROKE;
  else
    return FALSE;
  return TRUE;
}
