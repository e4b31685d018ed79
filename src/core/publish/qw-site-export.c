/* qw-site-export.c: the public pages as files
 *
 * The pages are written into a new folder next to --out
 * (.NAME.qiwang-PID-XXXXXX), never into --out itself, and moved into place
 * only when every one is written: a full disk or a kill leaves --out as it
 * was (the next export removes the new folder a killed one left).
 *
 * A new --out is the new folder, renamed. An --out that exists stays the
 * same folder (its owner, permissions, a web server's hold on it): it may
 * hold what the last export wrote there, listed in its .qiwang-site, and
 * each of its folders of ours (group/, api/, verify/) is swapped whole for
 * the new one in one step (renameat2 RENAME_EXCHANGE), the few top files
 * renamed over theirs: a handful of renames, no writing. Files that are
 * not Qiwang's are never replaced unasked: with --force the new pages are
 * moved in beside them, and the list keeps them as the user's from then
 * on; they are never removed, and no document is ever replaced.
 *
 * Nothing is written outside --out: every page's path is made of fixed
 * words, group code segments (base/qw-group-code.h) and certificate codes,
 * checked again where it becomes a file; pages are written only into the
 * new folder this process made; the folder given is resolved once
 * (realpath), and the move into it goes through real folders only: a link
 * inside --out is never followed.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-site"
/* renameat2, syncfs (Linux) */
#define _GNU_SOURCE

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "qw-certificate-code.h"
#include "qw-error.h"
#include "qw-message.h"
#include "qw-output.h"
#include "qw-results-export.h"
#include "qw-site-export.h"
#include "qw-site-pages.h"

#define SITE_URL_KEY "site-url"

/* The list of what an export wrote into its folder, kept there: the next
 * export replaces those files and no others without --force. */
#define MANIFEST ".qiwang-site"
#define MANIFEST_HEADER "qiwang-site 1"

typedef struct
{
  char       *dir;     /* the new folder the pages are written into */
  const char *target;  /* where they go: what messages name */
  GPtrArray  *files;   /* their paths in it, "group/open-m/standings/index.html" */
} Writer;

/* A path of the site: words of letters, digits, '.', '-' and '_', never "."
 * or "..", never absolute. Every page path is made so (fixed words, group
 * code segments, certificate codes); checked again where it becomes a file,
 * and on every path read from a folder's list. */
static gboolean
relative_is_safe (const char *relative)
{
  g_auto(GStrv) parts = NULL;

  if (relative == NULL || *relative == '\0' || *relative == '/')
    return FALSE;
  parts = g_strsplit (relative, "/", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      if (*parts[i] == '\0' || g_str_equal (parts[i], ".") || g_str_equal (parts[i], ".."))
        return FALSE;
      for (const char *p = parts[i]; *p != '\0'; p++)
        if (!g_ascii_isalnum (*p) && *p != '.' && *p != '-' && *p != '_')
          return FALSE;
    }
  return TRUE;
}

static gboolean
write_file (Writer      *w,
            const char  *relative,
            GBytes      *bytes,
            GError     **error)
{
  g_autofree char *path = NULL;
  g_autofree char *folder = NULL;
  g_autoptr(GError) local_error = NULL;
  gsize size = 0;
  const char *data = g_bytes_get_data (bytes, &size);

  if (!relative_is_safe (relative))
    {
      g_autofree char *shown = g_utf8_make_valid (relative, -1);

      g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("“%s” cannot name a page of the site"), shown);
      return FALSE;
    }
  path = g_build_filename (w->dir, relative, NULL);
  folder = g_path_get_dirname (path);
  /* Inside the new folder this export made: no link of anyone's there. */
  if (g_mkdir_with_parents (folder, 0777) != 0)
    {
      int saved = errno;
      g_autofree char *display = g_filename_display_name (folder);

      g_set_error (error, QW_ERROR, QW_ERROR_IO, _("%s cannot be made: %s"), display, g_strerror (saved));
      return FALSE;
    }
  if (!qw_output_replace_contents (path, data, (gssize) size, QW_OUTPUT_STAGED, &local_error))
    {
      /* Named where the user will look for it, not in the new folder. */
      g_autofree char *staged = g_filename_display_name (w->dir);
      g_autofree char *target = g_filename_display_name (w->target);
      g_autoptr(GString) message = g_string_new (local_error->message);

      g_string_replace (message, staged, target, 0);
      g_set_error_literal (error, local_error->domain, local_error->code, message->str);
      return FALSE;
    }
  g_ptr_array_add (w->files, g_strdup (relative));
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
  g_autofree char *single_name = qw_site_group_file (group->code);
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

/* The pages, written into @w->dir. */
static gboolean
write_site (Writer      *w,
            QwDocument  *doc,
            GError     **error)
{
  g_autoptr(QwSite) site = qw_site_load (doc, error);
  QwSiteRequest index = { .kind = QW_SITE_PAGE_INDEX };
  QwSiteRequest missing = { .kind = QW_SITE_PAGE_NOT_FOUND };
  GPtrArray *groups;

  if (site == NULL)
    return FALSE;
  groups = qw_site_get_groups (site);
  if (!write_page (w, site, &index, "", NULL, error)
      || !write_page (w, site, &missing, "404.html", NULL, error))
    return FALSE;
  for (guint i = 0; i < groups->len; i++)
    if (!export_group (w, site, g_ptr_array_index (groups, i), error))
      return FALSE;
  return export_certificates (w, site, doc, error);
}

/* The folder's list: what the last export wrote ("file") and what it found
 * there and kept, with --force ("kept"). */
typedef struct
{
  GHashTable *ours;      /* relative path → itself */
  GHashTable *kept;
  GHashTable *parents;   /* the folders that hold something of ours */
  GPtrArray  *foreign;   /* what the folder holds besides: neither ours nor kept */
} Found;

static void
found_clear (Found *found)
{
  g_clear_pointer (&found->ours, g_hash_table_unref);
  g_clear_pointer (&found->kept, g_hash_table_unref);
  g_clear_pointer (&found->parents, g_hash_table_unref);
  g_clear_pointer (&found->foreign, g_ptr_array_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Found, found_clear)

static void
add_parents (GHashTable *parents,
             const char *relative)
{
  g_autofree char *folder = g_path_get_dirname (relative);

  while (!g_str_equal (folder, "."))
    {
      char *up = g_path_get_dirname (folder);

      g_hash_table_add (parents, g_steal_pointer (&folder));
      folder = up;
    }
}

/* A list damaged or made by hand lists nothing that is not a page's path:
 * a line naming ../x is ignored, so no file outside the folder is ever
 * taken for ours. */
static void
read_manifest (const char *dir,
               Found      *found)
{
  g_autofree char *path = g_build_filename (dir, MANIFEST, NULL);
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  GStatBuf st;

  if (g_lstat (path, &st) != 0 || !S_ISREG (st.st_mode) || st.st_size > 64 * 1024 * 1024
      || !g_file_get_contents (path, &text, NULL, NULL))
    return;
  lines = g_strsplit (text, "\n", -1);
  if (lines[0] == NULL || !g_str_equal (lines[0], MANIFEST_HEADER))
    return;
  for (guint i = 1; lines[i] != NULL; i++)
    {
      const char *tab = strchr (lines[i], '\t');

      if (tab == NULL || !relative_is_safe (tab + 1))
        continue;
      if (g_str_has_prefix (lines[i], "file\t"))
        {
          g_hash_table_add (found->ours, g_strdup (tab + 1));
          add_parents (found->parents, tab + 1);
        }
      else if (g_str_has_prefix (lines[i], "kept\t"))
        g_hash_table_add (found->kept, g_strdup (tab + 1));
    }
}

/* The names of the new folders exports make: beside the target
 * (".site.qiwang-PID-XXXXXX"), or inside it when its parent cannot be
 * written (".qiwang-staging-PID-XXXXXX"). */
static char *
staging_prefix (const char *target,
                gboolean    inside)
{
  g_autofree char *base = g_path_get_basename (target);

  return inside ? g_strdup (".qiwang-staging-") : g_strdup_printf (".%s.qiwang-", base);
}

/* Whether @name is such a folder of a process that is gone: an export
 * killed before it finished (the process id follows the prefix). */
static gboolean
is_stale_staging (const char *name,
                  const char *prefix)
{
  const char *p;
  char *end = NULL;
  gint64 pid;

  if (!g_str_has_prefix (name, prefix))
    return FALSE;
  p = name + strlen (prefix);
  pid = g_ascii_strtoll (p, &end, 10);
  if (end == p || *end != '-' || strlen (end + 1) != 6 || pid <= 0 || pid > G_MAXINT)
    return FALSE;
  return kill ((pid_t) pid, 0) != 0 && errno == ESRCH;
}

/* Removes a tree of files this process made (a new folder, or the old site
 * swapped out of place), never following a link. */
static void
remove_tree (const char *path)
{
  GStatBuf st;

  if (g_lstat (path, &st) != 0)
    return;
  if (S_ISDIR (st.st_mode))
    {
      g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
      const char *name;

      while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);

          remove_tree (child);
        }
      g_rmdir (path);
    }
  else
    g_unlink (path);
}

static void
remove_stale_staging (const char *folder,
                      const char *prefix)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    if (is_stale_staging (name, prefix))
      {
        g_autofree char *path = g_build_filename (folder, name, NULL);

        remove_tree (path);
      }
}

/* What the target folder holds, from @relative down: a folder that holds
 * something of ours is looked into; anything else that is neither ours nor
 * kept is foreign, a folder as a whole. */
static void
scan_folder (const char *target,
             const char *relative,
             Found      *found)
{
  g_autofree char *path = relative != NULL ? g_build_filename (target, relative, NULL) : g_strdup (target);
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  g_autofree char *inside = staging_prefix (target, TRUE);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = relative != NULL ? g_build_filename (relative, name, NULL) : g_strdup (name);
      g_autofree char *child_path = g_build_filename (target, child, NULL);
      GStatBuf st;

      if (relative == NULL && (g_str_equal (name, MANIFEST) || g_str_has_prefix (name, inside)))
        continue;
      if (g_lstat (child_path, &st) != 0)
        continue;
      if (S_ISDIR (st.st_mode) && g_hash_table_contains (found->parents, child))
        scan_folder (target, child, found);
      else if ((S_ISREG (st.st_mode) && g_hash_table_contains (found->ours, child))
               || g_hash_table_contains (found->kept, child))
        continue;
      else
        g_ptr_array_add (found->foreign, g_steal_pointer (&child));
    }
}

static gint
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(char * const *) a, *(char * const *) b);
}

/* The site's folder, resolved: a link to a folder is followed once, here,
 * and never again inside it. A folder that does not exist yet gets its
 * parents made and is named under its parent's real path. */
static char *
resolve_target (const char  *dir,
                gboolean    *exists,
                GError     **error)
{
  g_autofree char *display = g_filename_display_name (dir);
  g_autofree char *parent = NULL;
  g_autofree char *base = NULL;
  g_autofree char *real_parent = NULL;
  char *real;
  GStatBuf st;

  if (g_stat (dir, &st) == 0)
    {
      if (!S_ISDIR (st.st_mode))
        {
          g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                       _("%s is not a folder; the public pages are written into a folder"), display);
          return NULL;
        }
      if ((real = realpath (dir, NULL)) == NULL)
        {
          g_set_error (error, QW_ERROR, QW_ERROR_IO, _("%s cannot be made: %s"), display, g_strerror (errno));
          return NULL;
        }
      *exists = TRUE;
      return real;
    }
  *exists = FALSE;
  parent = g_path_get_dirname (dir);
  base = g_path_get_basename (dir);
  if (g_str_equal (base, ".") || g_str_equal (base, "..") || g_str_equal (base, "/")
      || g_mkdir_with_parents (parent, 0777) != 0 || (real_parent = realpath (parent, NULL)) == NULL)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_IO, _("%s cannot be made: %s"), display, g_strerror (errno));
      return NULL;
    }
  return g_build_filename (real_parent, base, NULL);
}

/* Makes the new folder: beside the target, on the same file system, so
 * that it moves into place in one step; inside it when its parent is not
 * ours to write, or the target is a file system of its own. */
static char *
make_staging (const char  *target,
              gboolean     exists,
              GError     **error)
{
  g_autofree char *parent = g_path_get_dirname (target);
  GStatBuf pst, tst;
  int first = 0;

  if (exists && g_stat (parent, &pst) == 0 && g_stat (target, &tst) == 0 && pst.st_dev != tst.st_dev)
    first = 1;
  /* What killed exports left, wherever they made it. */
  if (exists)
    {
      g_autofree char *inside = staging_prefix (target, TRUE);

      remove_stale_staging (target, inside);
    }
  for (int i = first; i < 2; i++)
    {
      g_autofree char *prefix = staging_prefix (target, i == 1);
      g_autofree char *name = g_strdup_printf ("%s%d-XXXXXX", prefix, (int) getpid ());
      char *path = g_build_filename (i == 0 ? parent : target, name, NULL);

      if (i == 0)
        remove_stale_staging (parent, prefix);
      if (g_mkdtemp_full (path, 0777) != NULL)
        {
          /* mkdtemp's 0700 is not what a web server can read. */
          mode_t mask = umask (0);

          umask (mask);
          g_chmod (path, 0777 & ~mask);
          return path;
        }
      if (i == 1 || !exists)
        {
          int saved = errno;
          g_autofree char *display = g_filename_display_name (target);

          g_free (path);
          g_set_error (error, QW_ERROR, QW_ERROR_IO, _("%s cannot be written: %s"), display, g_strerror (saved));
          return NULL;
        }
      g_free (path);
    }
  return NULL;
}

static gboolean
write_manifest (Writer      *w,
                GPtrArray   *kept,
                GError     **error)
{
  g_autoptr(GString) text = g_string_new (MANIFEST_HEADER "\n");
  g_autofree char *path = g_build_filename (w->dir, MANIFEST, NULL);

  for (guint i = 0; i < w->files->len; i++)
    g_string_append_printf (text, "file\t%s\n", (char *) g_ptr_array_index (w->files, i));
  for (guint i = 0; kept != NULL && i < kept->len; i++)
    g_string_append_printf (text, "kept\t%s\n", (char *) g_ptr_array_index (kept, i));
  return qw_output_replace_contents (path, text->str, (gssize) text->len, QW_OUTPUT_STAGED, error);
}

/* Whether a link or a file stands in the target where a page needs a
 * folder: it is never followed, nor removed. */
static gboolean
check_parents (const char  *target,
               const char  *relative,
               GError     **error)
{
  g_auto(GStrv) parts = g_strsplit (relative, "/", -1);
  g_autofree char *path = g_strdup (target);

  for (guint i = 0; parts[i] != NULL && parts[i + 1] != NULL; i++)
    {
      char *next = g_build_filename (path, parts[i], NULL);
      GStatBuf st;

      g_free (path);
      path = next;
      if (g_lstat (path, &st) != 0)
        return TRUE;
      if (!S_ISDIR (st.st_mode))
        {
          g_autofree char *display = g_filename_display_name (path);

          g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT,
                       _("%s is a link or a file where the site needs a folder; nothing was written"), display);
          return FALSE;
        }
    }
  return TRUE;
}

/* Whether @relative names a real file of the target, reached through real
 * folders only. */
static gboolean
is_file_inside (const char *target,
                const char *relative)
{
  g_auto(GStrv) parts = g_strsplit (relative, "/", -1);
  g_autofree char *path = g_strdup (target);

  for (guint i = 0; parts[i] != NULL; i++)
    {
      char *next = g_build_filename (path, parts[i], NULL);
      GStatBuf st;

      g_free (path);
      path = next;
      if (g_lstat (path, &st) != 0)
        return FALSE;
      if (parts[i + 1] != NULL ? !S_ISDIR (st.st_mode) : !S_ISREG (st.st_mode))
        return FALSE;
    }
  return TRUE;
}

/* Before anything moves: every file the new site replaces or removes may
 * be replaced (base/qw-output.h: never a document), no folder stands where
 * a page goes, and no link or file where a folder goes. */
static gboolean
check_victims (const char  *target,
               Writer      *w,
               Found       *found,
               const char  *document,
               GError     **error)
{
  GHashTableIter iter;
  gpointer key;

  for (guint i = 0; i < w->files->len; i++)
    {
      g_autofree char *path = g_build_filename (target, g_ptr_array_index (w->files, i), NULL);
      GStatBuf st;

      if (!check_parents (target, g_ptr_array_index (w->files, i), error))
        return FALSE;
      if (g_lstat (path, &st) != 0)
        continue;
      if (S_ISDIR (st.st_mode))
        {
          g_autofree char *display = g_filename_display_name (path);

          g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT,
                       _("%s is a folder where the site has a page; nothing was written"), display);
          return FALSE;
        }
      if (S_ISREG (st.st_mode) && !qw_output_check_target (path, document, NULL, error))
        return FALSE;
    }
  g_hash_table_iter_init (&iter, found->ours);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    {
      g_autofree char *path = g_build_filename (target, key, NULL);

      if (is_file_inside (target, key) && !qw_output_check_target (path, document, NULL, error))
        return FALSE;
    }
  return TRUE;
}

/* Whether anything not ours (foreign, or kept with --force) lies in the
 * folder @relative of the target. */
static gboolean
holds_others (Found      *found,
              const char *relative)
{
  g_autofree char *prefix = g_strconcat (relative, "/", NULL);
  GHashTableIter iter;
  gpointer key;

  for (guint i = 0; i < found->foreign->len; i++)
    if (g_str_has_prefix (g_ptr_array_index (found->foreign, i), prefix))
      return TRUE;
  g_hash_table_iter_init (&iter, found->kept);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    if (g_str_has_prefix (key, prefix))
      return TRUE;
  return FALSE;
}

static gboolean
move_failed (const char  *to,
             GError     **error)
{
  int saved = errno;
  g_autofree char *display = g_filename_display_name (to);

  g_set_error (error, QW_ERROR, QW_ERROR_IO, _("%s cannot be written: %s"), display, g_strerror (saved));
  return FALSE;
}

/* Moves what the new folder @from holds into the target's folder @to
 * (@relative in the site): a name the target lacks is moved as it is; a
 * folder of ours is swapped whole, in one step, for the new one (renameat2
 * RENAME_EXCHANGE), the old one removed; a folder that also holds others'
 * files is gone into; a page replaces the file of its name. The target
 * folder itself stays the same folder (its owner, its permissions, a web
 * server's hold on it). The list (.qiwang-site) comes last. */
static gboolean
move_entries (const char  *from,
              const char  *to,
              const char  *relative,
              Found       *found,
              GError     **error)
{
  g_autoptr(GDir) dir = g_dir_open (from, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    if (relative != NULL || !g_str_equal (name, MANIFEST))
      g_ptr_array_add (names, g_strdup (name));
  if (relative == NULL)
    g_ptr_array_add (names, g_strdup (MANIFEST));
  for (guint i = 0; i < names->len; i++)
    {
      const char *n = g_ptr_array_index (names, i);
      g_autofree char *source = g_build_filename (from, n, NULL);
      g_autofree char *dest = g_build_filename (to, n, NULL);
      g_autofree char *child = relative != NULL ? g_build_filename (relative, n, NULL) : g_strdup (n);
      GStatBuf st, dst;

      if (g_lstat (source, &st) != 0)
        continue;
      if (g_lstat (dest, &dst) != 0)
        {
          if (g_rename (source, dest) != 0)
            return move_failed (dest, error);
          continue;
        }
      /* check_victims() saw that a folder meets a real folder here. */
      if (S_ISDIR (st.st_mode))
        {
          if (!holds_others (found, child)
              && renameat2 (AT_FDCWD, source, AT_FDCWD, dest, RENAME_EXCHANGE) == 0)
            {
              /* The old folder, now under the new one's name. */
              remove_tree (source);
              continue;
            }
          if (!move_entries (source, dest, child, found, error))
            return FALSE;
          continue;
        }
      if (g_rename (source, dest) != 0)
        return move_failed (dest, error);
    }
  return TRUE;
}

/* The pages of the last export that this one no longer has (a group or a
 * player gone), and the folders they leave empty. */
static void
remove_old_pages (const char *target,
                  Writer     *w,
                  Found      *found)
{
  g_autoptr(GHashTable) now = g_hash_table_new (g_str_hash, g_str_equal);
  GHashTableIter iter;
  gpointer key;

  for (guint i = 0; i < w->files->len; i++)
    g_hash_table_add (now, g_ptr_array_index (w->files, i));
  g_hash_table_iter_init (&iter, found->ours);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    {
      g_autofree char *path = NULL;
      g_autofree char *folder = NULL;

      if (g_hash_table_contains (now, key) || !is_file_inside (target, key))
        continue;
      path = g_build_filename (target, key, NULL);
      g_unlink (path);
      /* rmdir leaves a folder that is not empty. */
      for (folder = g_path_get_dirname (path); !g_str_equal (folder, target) && g_rmdir (folder) == 0;)
        {
          char *up = g_path_get_dirname (folder);

          g_free (folder);
          folder = up;
        }
    }
}

static void
sync_folder (const char *path)
{
  int fd = open (path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

  if (fd >= 0)
    {
      fsync (fd);
      close (fd);
    }
}

/* Puts the new folder in place: renamed to the target when there is none
 * (one step); else moved into it (move_entries()). */
static gboolean
commit_site (const char  *target,
             gboolean     exists,
             Writer      *w,
             Found       *found,
             const char  *document,
             GError     **error)
{
  g_autofree char *parent = g_path_get_dirname (target);
  int fd = open (w->dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

  /* Every page on the disk at once, before any is in place. */
  if (fd >= 0)
    {
      syncfs (fd);
      close (fd);
    }
  if (!exists)
    {
      if (g_rename (w->dir, target) != 0)
        return move_failed (target, error);
      sync_folder (parent);
      return TRUE;
    }
  if (!check_victims (target, w, found, document, error) || !move_entries (w->dir, target, NULL, found, error))
    return FALSE;
  remove_old_pages (target, w, found);
  sync_folder (target);
  remove_tree (w->dir);
  return TRUE;
}

/**
 * qw_site_export_over:
 * @dir: the folder to write into (made if missing)
 * @force: write into a folder that holds files Qiwang did not write there
 *   (they are kept, unless a page of the site has the same name)
 * @n_files: (out) (optional): how many pages were written
 *
 * Writes the pages into a new folder next to @dir and moves them into
 * place when all are written: a failure (a full disk) leaves @dir as it
 * was. @dir may hold what the last export wrote there (listed in its
 * .qiwang-site): it is replaced, and pages that are gone are removed.
 * Anything else there is refused without @force: an export never writes
 * over someone's files unasked. Nothing is written outside @dir, and no
 * document is ever replaced, @force or not.
 *
 * Returns: whether every page was written
 */
gboolean
qw_site_export_over (QwDocument  *doc,
                     const char  *dir,
                     gboolean     force,
                     guint       *n_files,
                     GError     **error)
{
  g_auto(Found) found = { 0 };
  g_autofree char *target = NULL;
  g_autofree char *staging = NULL;
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) kept = g_ptr_array_new_with_free_func (g_free);
  const char *document = qw_document_get_path (doc);
  gboolean exists = FALSE;
  Writer w;

  target = resolve_target (dir, &exists, error);
  if (target == NULL)
    return FALSE;
  found.ours = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  found.kept = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  found.parents = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  found.foreign = g_ptr_array_new_with_free_func (g_free);
  if (exists)
    {
      read_manifest (target, &found);
      scan_folder (target, NULL, &found);
      g_ptr_array_sort (found.foreign, compare_strings);
    }
  if (found.foreign->len > 0 && !force)
    {
      g_autofree char *display = g_filename_display_name (dir);
      g_autofree char *first = g_filename_display_name (g_ptr_array_index (found.foreign, 0));

      g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT,
                   g_dngettext (GETTEXT_PACKAGE,
                                "%s holds %u file Qiwang did not write there (%s); nothing was written. Choose an "
                                "empty folder, or give --force to write the pages beside it",
                                "%s holds %u files Qiwang did not write there (%s, …); nothing was written. Choose "
                                "an empty folder, or give --force to write the pages beside them",
                                found.foreign->len),
                   display, found.foreign->len, first);
      return FALSE;
    }
  staging = make_staging (target, exists, error);
  if (staging == NULL)
    return FALSE;
  w.dir = staging;
  w.target = target;
  w.files = files;
  if (!write_site (&w, doc, error))
    {
      remove_tree (staging);
      return FALSE;
    }
  /* What stays beside the pages: found and kept, unless a page replaces it. */
  {
    g_autoptr(GHashTable) pages = g_hash_table_new (g_str_hash, g_str_equal);
    GHashTableIter iter;
    gpointer key;

    for (guint i = 0; i < files->len; i++)
      g_hash_table_add (pages, g_ptr_array_index (files, i));
    for (guint i = 0; i < found.foreign->len; i++)
      if (!g_hash_table_contains (pages, g_ptr_array_index (found.foreign, i)))
        g_ptr_array_add (kept, g_strdup (g_ptr_array_index (found.foreign, i)));
    g_hash_table_iter_init (&iter, found.kept);
    while (g_hash_table_iter_next (&iter, &key, NULL))
      if (!g_hash_table_contains (pages, key))
        {
          g_autofree char *path = g_build_filename (target, key, NULL);
          GStatBuf st;

          if (g_lstat (path, &st) == 0)
            g_ptr_array_add (kept, g_strdup (key));
        }
    g_ptr_array_sort (kept, compare_strings);
  }
  if (!write_manifest (&w, kept, error)
      || !commit_site (target, exists, &w, &found, document, error))
    {
      remove_tree (staging);
      return FALSE;
    }
  if (n_files != NULL)
    *n_files = files->len;
  return TRUE;
}

/**
 * qw_site_export:
 *
 * As qw_site_export_over(), into a new folder, an empty one or one that
 * holds only what an earlier export wrote.
 */
gboolean
qw_site_export (QwDocument  *doc,
                const char  *dir,
                guint       *n_files,
                GError     **error)
{
  return qw_site_export_over (doc, dir, FALSE, n_files, error);
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
  g_autofree char *label = NULL;

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
  label = qw_message (N_("Site address"), NULL);
  return qw_document_set_settings (doc, label, (const char *const[]) { SITE_URL_KEY, clean, NULL }, error);
}
