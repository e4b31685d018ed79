/* qw-document-nominees.c: the national document's nominee table
 *
 * Each region's list replaces that region's earlier list, so a corrected
 * file can be sent again. A player may represent only one region (六(二)):
 * an ID number nominated by two regions is reported.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-nominees"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>

#include "qw-document-private.h"
#include "qw-error.h"
#include "qw-idcard.h"
#include "qw-nominees.h"

/* The same person whatever the case of a final X or stray spaces. */
static char *
normalise_id (const char *id_number)
{
  QwIdInfo info;

  if (id_number == NULL)
    return g_strdup ("");
  qw_idcard_parse (id_number, &info);
  if (info.normalized[0] != '\0')
    return g_strdup (info.normalized);
  return g_ascii_strup (g_strstrip (g_strdup (id_number)), -1);
}

static gboolean
insert_nominees (QwDocument           *doc,
                 const QwNomineeList  *list,
                 GError              **error)
{
  g_autoptr(sqlite3_stmt) stmt =
    _qw_document_prepare (doc, "INSERT INTO nominee (region, group_code, name, sex, birth, id_number, "
                               "unit, rank, reason, source) VALUES (?,?,?,?,?,?,?,?,?,?)", error);

  if (stmt == NULL)
    return FALSE;
  for (guint i = 0; i < list->nominees->len; i++)
    {
      const QwNominee *n = g_ptr_array_index (list->nominees, i);
      g_autofree char *id = normalise_id (n->id_number);
      const char *sex = qw_sex_to_code (n->sex);

      sqlite3_reset (stmt);
      _qw_bind_text (stmt, 1, list->region);
      _qw_bind_text (stmt, 2, n->group_code);
      _qw_bind_text (stmt, 3, n->name);
      _qw_bind_text (stmt, 4, sex != NULL ? sex : "");
      _qw_bind_text (stmt, 5, n->birth);
      _qw_bind_text (stmt, 6, id);
      _qw_bind_text (stmt, 7, n->unit);
      sqlite3_bind_int (stmt, 8, n->rank);
      _qw_bind_text (stmt, 9, n->reason);
      _qw_bind_text (stmt, 10, list->digest);
      if (!_qw_document_step_done (doc, stmt, error))
        return FALSE;
    }
  return TRUE;
}

/**
 * qw_document_import_nominees:
 * @replaced: (out) (optional): how many earlier nominees of the region were replaced
 *
 * Stores a region's nominees in a national document, in one transaction,
 * replacing that region's earlier list.
 */
gboolean
qw_document_import_nominees (QwDocument           *doc,
                             const QwNomineeList  *list,
                             int                  *replaced,
                             GError              **error)
{
  g_autoptr(sqlite3_stmt) delete = NULL;
  int n_replaced;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);

  if (qw_document_get_kind (doc) != QW_DOCUMENT_NATIONAL)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                   _("Nominee lists are imported into a national document; this is a %s document"),
                   qw_document_kind_to_code (qw_document_get_kind (doc)));
      return FALSE;
    }
  if (list->region == NULL || list->region[0] == '\0')
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("The list of nominees does not name its region"));
      return FALSE;
    }
  if (list->is_public)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                   _("This is the public form of %s’s nominees (ID numbers masked); the national "
                     "document needs the private form (qiwang-cli nominees --private --out FILE.xml)"),
                   list->region);
      return FALSE;
    }
  if (!qw_document_begin (doc, error))
    return FALSE;
  delete = _qw_document_prepare (doc, "DELETE FROM nominee WHERE region = ?", error);
  if (delete == NULL)
    goto fail;
  _qw_bind_text (delete, 1, list->region);
  if (!_qw_document_step_done (doc, delete, error))
    goto fail;
  n_replaced = sqlite3_changes (_qw_document_get_db (doc));
  if (!insert_nominees (doc, list, error))
    goto fail;
  if (!qw_document_commit (doc, error))
    return FALSE;
  if (replaced != NULL)
    *replaced = n_replaced;
  qw_document_emit_changed (doc, "nominees");
  return TRUE;

fail:
  qw_document_rollback (doc);
  return FALSE;
}

/**
 * qw_document_list_nominees:
 *
 * Returns: (element-type QwNominee): every region's nominees, by region
 */
GPtrArray *
qw_document_list_nominees (QwDocument  *doc,
                           GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt =
    _qw_document_prepare (doc, "SELECT region, group_code, name, sex, birth, id_number, unit, rank, "
                               "reason FROM nominee ORDER BY region, id", error);
  GPtrArray *nominees;

  if (stmt == NULL)
    return NULL;
  nominees = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_nominee_free);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    {
      QwNominee *n = qw_nominee_new ();

      n->region = g_strdup (_qw_column_text (stmt, 0));
      n->line = g_strdup ("");
      n->line_label = g_strdup ("");
      n->group_code = g_strdup (_qw_column_text (stmt, 1));
      n->group_name = g_strdup ("");
      n->name = g_strdup (_qw_column_text (stmt, 2));
      n->sex = qw_sex_parse (_qw_column_text (stmt, 3));
      n->birth = g_strdup (_qw_column_text (stmt, 4));
      n->id_number = g_strdup (_qw_column_text (stmt, 5));
      n->unit = g_strdup (_qw_column_text (stmt, 6));
      n->rank = sqlite3_column_int (stmt, 7);
      n->reason = g_strdup (_qw_column_text (stmt, 8));
      g_ptr_array_add (nominees, n);
    }
  return nominees;
}

void
qw_nominee_duplicate_free (QwNomineeDuplicate *d)
{
  if (d == NULL)
    return;
  g_free (d->id_number);
  g_free (d->name);
  g_strfreev (d->regions);
  g_free (d->message);
  g_free (d);
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return g_strcmp0 (*(const char * const *) a, *(const char * const *) b);
}

/**
 * qw_document_nominee_duplicates:
 *
 * Returns: (element-type QwNomineeDuplicate): every ID number nominated by
 *   more than one region
 */
GPtrArray *
qw_document_nominee_duplicates (QwDocument  *doc,
                                GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt =
    _qw_document_prepare (doc, "SELECT id_number, MIN(name), GROUP_CONCAT(DISTINCT region) FROM nominee "
                               "WHERE id_number != '' GROUP BY id_number "
                               "HAVING COUNT(DISTINCT region) > 1 ORDER BY id_number", error);
  GPtrArray *duplicates;

  if (stmt == NULL)
    return NULL;
  duplicates = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_nominee_duplicate_free);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    {
      QwNomineeDuplicate *d = g_new0 (QwNomineeDuplicate, 1);
      g_autofree char *masked = NULL;
      g_autofree char *joined = NULL;

      d->id_number = g_strdup (_qw_column_text (stmt, 0));
      d->name = g_strdup (_qw_column_text (stmt, 1));
      d->regions = g_strsplit (_qw_column_text (stmt, 2), ",", -1);
      qsort (d->regions, g_strv_length (d->regions), sizeof (char *), compare_strings);
      masked = qw_idcard_mask (d->id_number);
      joined = g_strjoinv ("、", d->regions);
      d->message = g_strdup_printf (_("%s (%s) is nominated by %s; a player may represent only one region"),
                                    d->name, masked, joined);
      g_ptr_array_add (duplicates, d);
    }
  return duplicates;
}
