/* qw-page-cache.h: the venue server's rendered pages, within a byte budget
 *
 * A page is rendered once per version of the document and kept for the
 * phones that ask for it again, most recently used first: when the pages
 * kept (their bytes, their gzip form, their keys) would pass the budget,
 * the least recently used go. Only pages that exist are kept (status 200):
 * any number of addresses that lead nowhere cost nothing here, and
 * addresses that lead to the same page share one entry (the key is the
 * page, not the address: qw-publish-server.c).
 *
 * One thread only (the server's).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

typedef struct
{
  GBytes *body;
  GBytes *gzipped;          /* NULL until asked for (and for small pages) */
  guint   status;
  char   *content_type;
  char   *etag;
} QwServedPage;

/* Takes a reference to @body. */
QwServedPage *qw_served_page_new      (GBytes       *body,
                                       guint         status,
                                       const char   *content_type,
                                       const char   *etag);
QwServedPage *qw_served_page_ref      (QwServedPage *page);
void          qw_served_page_unref    (QwServedPage *page);
/* What keeping it costs, in bytes. */
gsize         qw_served_page_size     (const QwServedPage *page);

typedef struct _QwPageCache QwPageCache;

QwPageCache  *qw_page_cache_new       (gsize         budget);
void          qw_page_cache_free      (QwPageCache  *cache);

/* Returns: (transfer full) (nullable): the page, now the most recently used. */
QwServedPage *qw_page_cache_lookup    (QwPageCache  *cache,
                                       const char   *key);
/* Keeps @page (a new reference) under @key, unless it is not a page that
 * exists or it alone would take more than an eighth of the budget. */
void          qw_page_cache_insert    (QwPageCache  *cache,
                                       const char   *key,
                                       QwServedPage *page);
/* The page under @key grew (its gzip form was made): counts it again. */
void          qw_page_cache_update    (QwPageCache  *cache,
                                       const char   *key);
void          qw_page_cache_clear     (QwPageCache  *cache);

gsize         qw_page_cache_get_bytes (QwPageCache  *cache);
guint         qw_page_cache_get_count (QwPageCache  *cache);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (QwServedPage, qw_served_page_unref)

G_END_DECLS
