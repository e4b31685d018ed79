/* qw-national.c: the national document, which collects the regions' nominees
 *
 * Each region's list replaces that region's earlier list, so a corrected
 * file can be sent again. A player may represent only one region (六(二)):
 * an ID number nominated by two regions is reported. The rows go through
 * store/qw-document-region.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-nominees"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "qw-document-region.h"
#include "qw-error.h"
#include "qw-idcard.h"
#include "qw-message.h"
#include "qw-nominees.h"
#include "qw-region.h"

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

/* The label of a quota line in the list's ruleset ("老年组"), or "". The
 * file gives the line's code; any tier's line of that code has its label. */
static const char *
line_label (const QwRuleset *ruleset,
            const char      *tier,
            const char      *line)
{
  const char *any = NULL;

  for (guint t = 0; ruleset != NULL && line != NULL && t < ruleset->tiers->len; t++)
    {
      const QwQuotaTier *qt = g_ptr_array_index (ruleset->tiers, t);

      for (guint l = 0; l < qt->lines->len; l++)
        {
          const QwQuotaLine *ql = g_ptr_array_index (qt->lines, l);

          if (!g_str_equal (ql->group, line))
            continue;
          if (g_strcmp0 (qt->id, tier) == 0)
            return ql->label;
          any = any != NULL ? any : ql->label;
        }
    }
  return any != NULL ? any : "";
}

typedef struct
{
  const QwNomineeList *list;
  GPtrArray           *nominees;    /* normalised */
  int                  replaced;
} NomineesJob;

static gboolean
replace_step (QwDocument  *doc,
              gpointer     data,
              GError     **error)
{
  NomineesJob *job = data;

  return qw_document_replace_nominees (doc, job->list->region, job->nominees, job->list->digest, &job->replaced,
                                       error);
}

/**
 * qw_national_import_nominees:
 * @replaced: (out) (optional): how many earlier nominees of the region were replaced
 *
 * Stores a region's nominees in a national document, as one step,
 * replacing that region's earlier list.
 */
gboolean
qw_national_import_nominees (QwDocument           *doc,
                             const QwNomineeList  *list,
                             int                  *replaced,
                             GError              **error)
{
  g_autoptr(GPtrArray) normalised = NULL;
  g_autoptr(QwRuleset) ruleset = NULL;
  g_autofree char *label = NULL;
  NomineesJob job;
  int n_replaced = 0;

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
  /* The list's ruleset names its quota lines; a list from a newer
   * ruleset than this Qiwang knows keeps the lines' codes. */
  ruleset = list->ruleset != NULL && list->ruleset[0] != '\0' ? qw_ruleset_lookup (list->ruleset, NULL) : NULL;
  /* One person, one ID number: stored as the card reads it. */
  normalised = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_nominee_free);
  for (guint i = 0; i < list->nominees->len; i++)
    {
      const QwNominee *n = g_ptr_array_index (list->nominees, i);
      QwNominee *copy = qw_nominee_new ();

      copy->line = g_strdup (n->line != NULL ? n->line : "");
      copy->line_label = g_strdup (n->line_label != NULL && n->line_label[0] != '\0'
                                   ? n->line_label : line_label (ruleset, list->tier, n->line));
      copy->group_name = g_strdup (n->group_name != NULL ? n->group_name : "");
      copy->group_code = g_strdup (n->group_code);
      copy->name = g_strdup (n->name);
      copy->sex = n->sex;
      copy->birth = g_strdup (n->birth);
      copy->id_number = normalise_id (n->id_number);
      copy->unit = g_strdup (n->unit);
      copy->rank = n->rank;
      copy->reason = g_strdup (n->reason);
      g_ptr_array_add (normalised, copy);
    }
  label = qw_message_printf (N_("Nominees of %s"), list->region);
  job = (NomineesJob) { list, normalised, 0 };
  if (!qw_document_run_step (doc, label, replace_step, &job, error))
    return FALSE;
  n_replaced = job.replaced;
  if (replaced != NULL)
    *replaced = n_replaced;
  return TRUE;
}

static void
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
 * qw_national_nominee_duplicates:
 *
 * Returns: (element-type QwNomineeDuplicate): every ID number nominated by
 *   more than one region, by ID number
 */
GPtrArray *
qw_national_nominee_duplicates (QwDocument  *doc,
                                GError     **error)
{
  g_autoptr(GPtrArray) nominees = qw_document_list_nominees (doc, error);
  g_autoptr(GHashTable) by_id = NULL;
  g_autoptr(GPtrArray) ids = NULL;
  GPtrArray *duplicates;

  if (nominees == NULL)
    return NULL;
  /* ID number → the first of its nominees; each nominee's regions, once. */
  by_id = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify) g_ptr_array_unref);
  ids = g_ptr_array_new ();
  for (guint i = 0; i < nominees->len; i++)
    {
      const QwNominee *n = g_ptr_array_index (nominees, i);
      GPtrArray *same;

      if (n->id_number == NULL || n->id_number[0] == '\0')
        continue;
      same = g_hash_table_lookup (by_id, n->id_number);
      if (same == NULL)
        {
          same = g_ptr_array_new ();
          g_hash_table_insert (by_id, n->id_number, same);
          g_ptr_array_add (ids, n->id_number);
        }
      g_ptr_array_add (same, (gpointer) n);
    }
  g_ptr_array_sort (ids, compare_strings);
  duplicates = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_nominee_duplicate_free);
  for (guint i = 0; i < ids->len; i++)
    {
      GPtrArray *same = g_hash_table_lookup (by_id, g_ptr_array_index (ids, i));
      g_autoptr(GPtrArray) regions = g_ptr_array_new ();
      const char *name = NULL;
      QwNomineeDuplicate *d;
      g_autofree char *masked = NULL;
      g_autofree char *joined = NULL;

      for (guint j = 0; j < same->len; j++)
        {
          const QwNominee *n = g_ptr_array_index (same, j);

          if (!g_ptr_array_find_with_equal_func (regions, n->region, g_str_equal, NULL))
            g_ptr_array_add (regions, n->region);
          if (name == NULL || strcmp (n->name, name) < 0)
            name = n->name;
        }
      if (regions->len < 2)
        continue;
      g_ptr_array_sort (regions, compare_strings);
      g_ptr_array_add (regions, NULL);
      d = g_new0 (QwNomineeDuplicate, 1);
      d->id_number = g_strdup (g_ptr_array_index (ids, i));
      d->name = g_strdup (name);
      d->regions = g_strdupv ((char **) regions->pdata);
      masked = qw_idcard_mask (d->id_number);
      joined = g_strjoinv ("、", d->regions);
      d->message = g_strdup_printf (_("%s (%s) is nominated by %s; a player may represent only one region"),
                                    d->name, masked, joined);
      g_ptr_array_add (duplicates, d);
    }
  return duplicates;
}

/**
 * qw_national_nominees:
 *
 * Returns: every region's nominees as the national document keeps them,
 *   by region: each with its region, quota line and group, and with
 *   @duplicate set to the regions that named the player when two did
 */
QwNomineeList *
qw_national_nominees (QwDocument  *doc,
                      GError     **error)
{
  g_autoptr(GPtrArray) nominees = qw_document_list_nominees (doc, error);
  g_autoptr(GPtrArray) duplicates = NULL;
  g_autoptr(GHashTable) regions_of = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(QwRuleset) ruleset = NULL;
  QwNomineeList *list;

  if (nominees == NULL || (duplicates = qw_national_nominee_duplicates (doc, error)) == NULL)
    return NULL;
  ruleset = qw_region_ruleset (doc, NULL);
  for (guint i = 0; i < duplicates->len; i++)
    {
      QwNomineeDuplicate *d = g_ptr_array_index (duplicates, i);

      g_hash_table_insert (regions_of, d->id_number, d->regions);
    }
  list = qw_nominee_list_new ();
  list->national = TRUE;
  list->region = g_strdup ("");
  list->ruleset = g_strdup (ruleset != NULL ? ruleset->id : "");
  list->tier = g_strdup ("");
  list->final_name = g_strdup ("");
  for (guint i = 0; i < nominees->len; i++)
    {
      QwNominee *n = g_ptr_array_index (nominees, i);
      GStrv regions = n->id_number != NULL ? g_hash_table_lookup (regions_of, n->id_number) : NULL;

      if (regions != NULL)
        n->duplicate = g_strjoinv ("、", regions);
    }
  g_ptr_array_extend_and_steal (list->nominees, g_steal_pointer (&nominees));
  return list;
}
