/* qw-page-cache.c: the venue server's rendered pages, within a byte budget
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "qw-page-cache.h"

/* A page that alone would take more than this share of the budget is
 * served without being kept. */
#define LARGEST_SHARE 8

/* The pages */

static void
served_page_clear (gpointer data)
{
  QwServedPage *page = data;

  g_bytes_unref (page->body);
  g_clear_pointer (&page->gzipped, g_bytes_unref);
  g_free (page->content_type);
  g_free (page->etag);
}

QwServedPage *
qw_served_page_new (GBytes     *body,
                    guint       status,
                    const char *content_type,
                    const char *etag)
{
  QwServedPage *page = g_rc_box_new0 (QwServedPage);

  page->body = g_bytes_ref (body);
  page->status = status;
  page->content_type = g_strdup (content_type);
  page->etag = g_strdup (etag);
  return page;
}

QwServedPage *
qw_served_page_ref (QwServedPage *page)
{
  return g_rc_box_acquire (page);
}

void
qw_served_page_unref (QwServedPage *page)
{
  g_rc_box_release_full (page, served_page_clear);
}

gsize
qw_served_page_size (const QwServedPage *page)
{
  return sizeof *page + g_bytes_get_size (page->body) + (page->gzipped != NULL ? g_bytes_get_size (page->gzipped) : 0)
         + strlen (page->content_type) + strlen (page->etag) + 2 * sizeof (GBytes *);
}

/* The cache */

typedef struct
{
  GList         link;       /* in lru: data is the entry */
  char         *key;
  QwServedPage *page;
  gsize         size;       /* as counted in bytes */
} Entry;

struct _QwPageCache
{
  gsize       budget;
  gsize       bytes;
  GHashTable *entries;      /* key (owned by the entry) → Entry */
  GQueue      lru;          /* most recently used first */
};

static gsize
entry_size (const Entry *entry)
{
  /* The key is held once; the hash table's node and the entry itself. */
  return sizeof *entry + strlen (entry->key) + 1 + 4 * sizeof (gpointer) + qw_served_page_size (entry->page);
}

static void
entry_free (gpointer data)
{
  Entry *entry = data;

  qw_served_page_unref (entry->page);
  g_free (entry->key);
  g_free (entry);
}

QwPageCache *
qw_page_cache_new (gsize budget)
{
  QwPageCache *cache = g_new0 (QwPageCache, 1);

  cache->budget = budget;
  cache->entries = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, entry_free);
  g_queue_init (&cache->lru);
  return cache;
}

void
qw_page_cache_free (QwPageCache *cache)
{
  if (cache == NULL)
    return;
  qw_page_cache_clear (cache);
  g_hash_table_unref (cache->entries);
  g_free (cache);
}

static void
remove_entry (QwPageCache *cache,
              Entry       *entry)
{
  g_queue_unlink (&cache->lru, &entry->link);
  cache->bytes -= entry->size;
  g_hash_table_remove (cache->entries, entry->key);
}

/* The least recently used go until the rest fits, @keep last of all. */
static void
shrink_to_budget (QwPageCache *cache,
                  Entry       *keep)
{
  GList *l = cache->lru.tail;

  while (cache->bytes > cache->budget && l != NULL)
    {
      GList *previous = l->prev;

      if (l->data != keep)
        remove_entry (cache, l->data);
      l = previous;
    }
  if (cache->bytes > cache->budget && keep != NULL)
    remove_entry (cache, keep);
}

QwServedPage *
qw_page_cache_lookup (QwPageCache *cache,
                      const char  *key)
{
  Entry *entry = g_hash_table_lookup (cache->entries, key);

  if (entry == NULL)
    return NULL;
  g_queue_unlink (&cache->lru, &entry->link);
  g_queue_push_head_link (&cache->lru, &entry->link);
  return qw_served_page_ref (entry->page);
}

void
qw_page_cache_insert (QwPageCache  *cache,
                      const char   *key,
                      QwServedPage *page)
{
  Entry *entry, *old;

  if (page->status != 200 || qw_served_page_size (page) > cache->budget / LARGEST_SHARE)
    return;
  old = g_hash_table_lookup (cache->entries, key);
  if (old != NULL)
    remove_entry (cache, old);
  entry = g_new0 (Entry, 1);
  entry->key = g_strdup (key);
  entry->page = qw_served_page_ref (page);
  entry->size = entry_size (entry);
  entry->link.data = entry;
  g_hash_table_insert (cache->entries, entry->key, entry);
  g_queue_push_head_link (&cache->lru, &entry->link);
  cache->bytes += entry->size;
  shrink_to_budget (cache, entry);
}

void
qw_page_cache_update (QwPageCache *cache,
                      const char  *key)
{
  Entry *entry = g_hash_table_lookup (cache->entries, key);

  if (entry == NULL)
    return;
  cache->bytes -= entry->size;
  entry->size = entry_size (entry);
  cache->bytes += entry->size;
  if (entry->size > cache->budget / LARGEST_SHARE)
    remove_entry (cache, entry);
  else
    shrink_to_budget (cache, entry);
}

void
qw_page_cache_clear (QwPageCache *cache)
{
  g_hash_table_remove_all (cache->entries);
  g_queue_init (&cache->lru);
  cache->bytes = 0;
}

gsize
qw_page_cache_get_bytes (QwPageCache *cache)
{
  return cache->bytes;
}

guint
qw_page_cache_get_count (QwPageCache *cache)
{
  return g_hash_table_size (cache->entries);
}
