/* qw-desk-settings.c: what a document remembers for the desk
 *
 * Both settings are meta rows: "list-order" (number, pinyin, stroke) and
 * "import-columns:<SHA-256 of the header set>" (a column map as
 * qw_column_map_to_text() writes it).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-registration"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "qw-desk-settings.h"
#include "qw-entry.h"
#include "qw-error.h"
#include "qw-message.h"

#define LIST_ORDER_KEY "list-order"
#define COLUMNS_KEY_PREFIX "import-columns:"

static const char *const order_codes[] = { "number", "pinyin", "stroke" };

const char *
qw_list_order_to_code (QwListOrder order)
{
  g_return_val_if_fail ((guint) order < G_N_ELEMENTS (order_codes), NULL);
  return order_codes[order];
}

gboolean
qw_list_order_from_code (const char  *code,
                         QwListOrder *out)
{
  for (guint i = 0; code != NULL && i < G_N_ELEMENTS (order_codes); i++)
    if (g_str_equal (code, order_codes[i]))
      {
        *out = (QwListOrder) i;
        return TRUE;
      }
  return FALSE;
}

const char *
qw_list_order_label (QwListOrder order)
{
  switch (order)
    {
    case QW_LIST_ORDER_PINYIN:
      return _("By pinyin");
    case QW_LIST_ORDER_STROKE:
      return _("By surname strokes");
    case QW_LIST_ORDER_NUMBER:
    default:
      return _("By number");
    }
}

QwListOrder
qw_desk_list_order (QwDocument *doc)
{
  g_autofree char *code = qw_document_get_meta (doc, LIST_ORDER_KEY);
  QwListOrder order = QW_LIST_ORDER_NUMBER;

  if (code != NULL && !qw_list_order_from_code (code, &order))
    g_debug ("Ignoring the unknown list order %s", code);
  return order;
}

gboolean
qw_desk_set_list_order (QwDocument   *doc,
                        QwListOrder   order,
                        GError      **error)
{
  g_autofree char *label = qw_message (N_("List order"), NULL);

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);

  return qw_document_set_settings (doc, label,
                                   (const char *const[]) { LIST_ORDER_KEY, qw_list_order_to_code (order), NULL },
                                   error);
}

typedef struct
{
  gpointer  item;
  char     *key;
  int       no;
} Keyed;

static int
compare_keyed (gconstpointer a,
               gconstpointer b)
{
  const Keyed *x = a, *y = b;
  int c = x->key != NULL && y->key != NULL ? strcmp (x->key, y->key) : 0;

  if (c != 0)
    return c;
  return (x->no > y->no) - (x->no < y->no);
}

void
qw_list_sort (GPtrArray    *items,
              QwListOrder   order,
              const char *(*name_of) (gconstpointer item),
              int         (*no_of)   (gconstpointer item))
{
  g_autoptr(QwCollator) collator = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) keyed = NULL;

  if (items->len < 2)
    return;
  if (order != QW_LIST_ORDER_NUMBER)
    {
      collator = qw_collator_new (order == QW_LIST_ORDER_STROKE ? QW_COLLATION_STROKE : QW_COLLATION_PINYIN,
                                  &error);
      /* Without ICU's data the list keeps its numbers' order. */
      if (collator == NULL)
        g_debug ("Names cannot be collated: %s", error->message);
    }
  keyed = g_array_sized_new (FALSE, FALSE, sizeof (Keyed), items->len);
  for (guint i = 0; i < items->len; i++)
    {
      gpointer item = g_ptr_array_index (items, i);
      Keyed k = { item, NULL, no_of (item) };

      if (collator != NULL)
        k.key = qw_collator_sort_key (collator, name_of (item) != NULL ? name_of (item) : "");
      g_array_append_val (keyed, k);
    }
  g_array_sort (keyed, compare_keyed);
  for (guint i = 0; i < keyed->len; i++)
    {
      Keyed *k = &g_array_index (keyed, Keyed, i);

      items->pdata[i] = k->item;
      g_free (k->key);
    }
}

static const char *
entry_name (gconstpointer item)
{
  return ((const QwEntry *) item)->name;
}

static int
entry_no (gconstpointer item)
{
  return ((const QwEntry *) item)->no;
}

void
qw_entries_sort_for_list (GPtrArray   *entries,
                          QwListOrder  order)
{
  qw_list_sort (entries, order, entry_name, entry_no);
}

static char *
columns_key (const char * const *header)
{
  g_autofree char *digest = qw_column_map_key (header);

  return g_strconcat (COLUMNS_KEY_PREFIX, digest, NULL);
}

QwColumnsSource
qw_desk_columns_for (QwDocument         *doc,
                     const char * const *header,
                     const QwColumnMap  *given,
                     QwColumnMap        *out)
{
  g_autofree char *key = NULL;
  g_autofree char *kept = NULL;

  qw_column_map_recognise (out, header);
  if (given != NULL)
    {
      qw_column_map_overlay (out, given);
      return QW_COLUMNS_GIVEN;
    }
  if (doc == NULL)
    return QW_COLUMNS_RECOGNISED;
  key = columns_key (header);
  kept = qw_document_get_meta (doc, key);
  if (kept != NULL && kept[0] != '\0')
    {
      g_autoptr(GError) error = NULL;
      QwColumnMap map;

      if (qw_column_map_parse (&map, kept, &error))
        {
          *out = map;
          return QW_COLUMNS_REMEMBERED;
        }
      g_debug ("Ignoring a remembered column map: %s", error->message);
    }
  return QW_COLUMNS_RECOGNISED;
}

gboolean
qw_desk_remember_columns (QwDocument         *doc,
                          const char * const *header,
                          const QwColumnMap  *map,
                          GError            **error)
{
  g_autofree char *key = columns_key (header);
  g_autofree char *text = qw_column_map_to_text (map);

  return qw_document_keep_meta (doc, key, text, error);
}

gboolean
qw_desk_forget_columns (QwDocument         *doc,
                        const char * const *header,
                        GError            **error)
{
  g_autofree char *key = columns_key (header);

  return qw_document_keep_meta (doc, key, "", error);
}
