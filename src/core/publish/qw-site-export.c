/* qw-site-export.c: the public pages as files
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-site"

#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "qw-certificate-code.h"
#include "qw-error.h"
#include "qw-results-export.h"
#include "qw-site-export.h"
#include "qw-site-pages.h"

#define SITE_URL_KEY "site-url"

typedef struct
{
  const char *dir;
  guint       files;
} Writer;

static gboolean
write_file (Writer      *w,
            const char  *relative,
            GBytes      *bytes,
            GError     **error)
{
  g_autofree char *path = g_build_filename (w->dir, relative, NULL);
  g_autofree char *folder = g_path_get_dirname (path);
  gsize size = 0;
  const char *data = g_bytes_get_data (bytes, &size);

  if (g_mkdir_with_parents (folder, 0755) != 0)
    {
      int saved = errno;
      g_autofree char *display = g_filename_display_name (folder);

      g_set_error (error, QW_ERROR, QW_ERROR_IO, _("%s cannot be made: %s"), display, g_strerror (saved));
      return FALSE;
    }
  if (!g_file_set_contents (path, data, (gssize) size, error))
    return FALSE;
  w->files++;
  return TRUE;
}

/* Writes the page of @request to @relative (a page path: index.html added). */
static gboolean
write_page (Writer                   *w,
            const QwSite             *site,
            const QwSiteRequest      *request,
            const char               *relative,
            const QwCertificateCheck *check,
            GError                  **error)
{
  g_autoptr(QwSiteResponse) response = qw_site_render (site, request, QW_SITE_STATIC, 0, check);
  g_autofree char *file = *relative == '\0' ? g_strdup ("index.html")
                          : g_str_has_suffix (relative, ".json") || g_str_has_suffix (relative, ".html")
                          ? g_strdup (relative) : g_strconcat (relative, "/index.html", NULL);

  return write_file (w, file, response->body, error);
}

static gboolean
write_group_page (Writer            *w,
                  const QwSite      *site,
                  const QwSiteGroup *group,
                  QwSitePageKind     kind,
                  int                number,
                  GError           **error)
{
  QwSiteRequest request = { .kind = kind, .group = group->code, .round = 0, .no = number, .find = NULL };
  g_autofree char *path = NULL;

  if (kind == QW_SITE_PAGE_PAIRINGS)
    request.round = number;
  path = qw_site_page_path (kind, group->code, number);
  return write_page (w, site, &request, path, NULL, error);
}

static gboolean
export_group (Writer            *w,
              const QwSite      *site,
              const QwSiteGroup *group,
              GError           **error)
{
  char *single = qw_site_render_group_file (site, group->code);
  g_autofree char *single_name = g_strconcat (group->code, ".html", NULL);
  g_autoptr(GBytes) single_bytes = g_bytes_new_take (single, strlen (single));

  if (!write_group_page (w, site, group, QW_SITE_PAGE_PAIRINGS, 0, error)
      || !write_group_page (w, site, group, QW_SITE_PAGE_STANDINGS, 0, error)
      || !write_group_page (w, site, group, QW_SITE_PAGE_STANDINGS_JSON, 0, error)
      || !write_file (w, single_name, single_bytes, error))
    return FALSE;
  for (int r = 1; r <= group->last_round; r++)
    if (!write_group_page (w, site, group, QW_SITE_PAGE_PAIRINGS, r, error))
      return FALSE;
  if ((group->system == QW_SYSTEM_ROUND_ROBIN
       && !write_group_page (w, site, group, QW_SITE_PAGE_CROSSTABLE, 0, error))
      || (group->system == QW_SYSTEM_KNOCKOUT
          && !write_group_page (w, site, group, QW_SITE_PAGE_BRACKET, 0, error)))
    return FALSE;
  for (guint i = 0; i < group->players->len; i++)
    if (!write_group_page (w, site, group, QW_SITE_PAGE_PLAYER,
                           ((QwSitePlayer *) g_ptr_array_index (group->players, i))->no, error))
      return FALSE;
  return TRUE;
}

/* A page for each certificate the document issued. */
static gboolean
export_certificates (Writer        *w,
                     const QwSite  *site,
                     QwDocument    *doc,
                     GError       **error)
{
  g_autoptr(QwResults) results = qw_results_from_document (doc, error);

  if (results == NULL)
    return FALSE;
  for (guint i = 0; i < results->certificates->len; i++)
    {
      const QwResultsCertificate *c = g_ptr_array_index (results->certificates, i);
      g_autoptr(QwCertificateCheck) check = qw_results_check_certificate (results, c->code);
      QwSiteRequest request = { .kind = QW_SITE_PAGE_VERIFY, .code = c->code };
      g_autofree char *path = qw_site_page_path (QW_SITE_PAGE_VERIFY, c->code, 0);

      if (!write_page (w, site, &request, path, check, error))
        return FALSE;
    }
  return TRUE;
}

/**
 * qw_site_export:
 * @dir: the folder to write into (made if missing; files there are replaced)
 * @n_files: (out) (optional): how many files were written
 *
 * Returns: whether every page was written
 */
gboolean
qw_site_export (QwDocument  *doc,
                const char  *dir,
                guint       *n_files,
                GError     **error)
{
  g_autoptr(QwSite) site = qw_site_load (doc, error);
  QwSiteRequest index = { .kind = QW_SITE_PAGE_INDEX };
  QwSiteRequest missing = { .kind = QW_SITE_PAGE_NOT_FOUND };
  Writer w = { dir, 0 };
  GPtrArray *groups;

  if (site == NULL)
    return FALSE;
  groups = qw_site_get_groups (site);
  if (!write_page (&w, site, &index, "", NULL, error)
      || !write_page (&w, site, &missing, "404.html", NULL, error))
    return FALSE;
  for (guint i = 0; i < groups->len; i++)
    if (!export_group (&w, site, g_ptr_array_index (groups, i), error))
      return FALSE;
  if (!export_certificates (&w, site, doc, error))
    return FALSE;
  if (n_files != NULL)
    *n_files = w.files;
  return TRUE;
}

/* The site's address */

char *
qw_site_get_url (QwDocument *doc)
{
  char *url = qw_document_get_meta (doc, SITE_URL_KEY);

  if (url != NULL && *url == '\0')
    g_clear_pointer (&url, g_free);
  return url;
}

/**
 * qw_site_set_url:
 * @url: (nullable): "https://…/" where the exported folder is published;
 *   %NULL or "" to forget it
 *
 * One step of the document's history.
 */
gboolean
qw_site_set_url (QwDocument  *doc,
                 const char  *url,
                 GError     **error)
{
  g_autofree char *clean = g_strstrip (g_strdup (url != NULL ? url : ""));

  if (*clean != '\0')
    {
      g_autoptr(GUri) parsed = g_uri_parse (clean, G_URI_FLAGS_NONE, NULL);

      if (parsed == NULL || (g_strcmp0 (g_uri_get_scheme (parsed), "http") != 0
                             && g_strcmp0 (g_uri_get_scheme (parsed), "https") != 0)
          || g_uri_get_host (parsed) == NULL || *g_uri_get_host (parsed) == '\0')
        {
          g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                       _("“%s” is not a web address (it starts with http:// or https://)"), clean);
          return FALSE;
        }
      if (!g_str_has_suffix (clean, "/"))
        {
          char *slashed = g_strconcat (clean, "/", NULL);

          g_free (clean);
          clean = slashed;
        }
    }
  if (!qw_document_begin_step (doc, _("Site address"), error))
    return FALSE;
  if (!qw_document_set_meta (doc, SITE_URL_KEY, clean, error))
    {
      qw_document_rollback (doc);
      return FALSE;
    }
  return qw_document_commit (doc, error);
}
