/* qw-ladder-store.c: the online ladder's files kept in a final's document
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-ladder"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "qw-cancelled-finalists.h"
#include "qw-csv.h"
#include "qw-error.h"
#include "qw-ladder-store.h"
#include "qw-message.h"
#include "qw-spreadsheet.h"

static const struct
{
  const char *table;              /* the meta key of the table */
  const char *name;               /* … and of the name of the file it came from */
} keys[QW_N_LADDER_FILES] = {
  [QW_LADDER_FILE_GAMES] = { "ladder-games", "ladder-games-file" },
  [QW_LADDER_FILE_PLAYERS] = { "ladder-players", "ladder-players-file" },
  [QW_LADDER_FILE_WILDCARDS] = { "ladder-wildcards", "ladder-wildcards-file" },
};

/* The columns: qw-cancelled-finalists.h (the registration layer reads them too). */
#define CANCELLED_KEY QW_CANCELLED_FINALISTS_KEY

static QwCsv *stored_table (QwDocument    *doc,
                            QwLadderFile   file,
                            char         **name,
                            GError       **error);

static const char *
step_label (QwLadderFile file)
{
  switch (file)
    {
    case QW_LADDER_FILE_PLAYERS:
      return _("Import the ladder’s players list");
    case QW_LADDER_FILE_WILDCARDS:
      return _("Import the wild cards");
    case QW_LADDER_FILE_GAMES:
    case QW_N_LADDER_FILES:
    default:
      return _("Import the ladder’s game log");
    }
}

static const char *
forget_label (QwLadderFile file)
{
  switch (file)
    {
    case QW_LADDER_FILE_PLAYERS:
      return _("Remove the ladder’s players list");
    case QW_LADDER_FILE_WILDCARDS:
      return _("Remove the wild cards");
    case QW_LADDER_FILE_GAMES:
    case QW_N_LADDER_FILES:
    default:
      return _("Remove the ladder’s game log");
    }
}

/* The table as UTF-8 CSV: what the document keeps. */
static char *
table_to_csv (const QwCsv *table)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < table->rows->len; i++)
    {
      char **row = g_ptr_array_index (table->rows, i);

      for (guint k = 0; row[k] != NULL; k++)
        {
          if (k > 0)
            g_string_append_c (out, ',');
          qw_csv_append_field (out, row[k], ',');
        }
      g_string_append_c (out, '\n');
    }
  return g_string_free (out, FALSE);
}

/* The wild cards as the table the document keeps, their application dates
 * and the arbiter's word on a late one included (十三(四)1). */
static char *
wildcards_to_csv (GPtrArray *wildcards)
{
  GString *out = g_string_new ("账号,姓名,理由,申请日期,逾期准许\n");

  for (guint i = 0; i < wildcards->len; i++)
    {
      const QwLadderWildcard *w = g_ptr_array_index (wildcards, i);
      char applied[QW_DATE_ISO_LEN] = "";

      if (qw_date_is_set (w->applied))
        qw_date_to_iso (w->applied, applied);
      qw_csv_append_field (out, w->account, ',');
      g_string_append_c (out, ',');
      qw_csv_append_field (out, w->name != NULL ? w->name : "", ',');
      g_string_append_c (out, ',');
      qw_csv_append_field (out, w->reason != NULL ? w->reason : "", ',');
      g_string_append_c (out, ',');
      qw_csv_append_field (out, applied, ',');
      g_string_append_c (out, ',');
      qw_csv_append_field (out, w->late_allowed != NULL ? w->late_allowed : "", ',');
      g_string_append_c (out, '\n');
    }
  return g_string_free (out, FALSE);
}

/* Whether the table is one the ladder reads; the rows it refuses in @rejected. */
static gboolean
check_table (const QwRuleset  *ruleset,
             QwLadderFile      file,
             const QwCsv      *table,
             const char       *display_name,
             GPtrArray       **rejected,
             GError          **error)
{
  switch (file)
    {
    case QW_LADDER_FILE_PLAYERS:
      {
        g_autoptr(QwLadderPlayers) players = qw_ladder_players_from_table (table, display_name, rejected, error);

        return players != NULL;
      }
    case QW_LADDER_FILE_WILDCARDS:
      {
        g_autoptr(GPtrArray) wildcards = qw_ladder_wildcards_from_table (ruleset, table, display_name, rejected,
                                                                         error);

        return wildcards != NULL;
      }
    case QW_LADDER_FILE_GAMES:
    case QW_N_LADDER_FILES:
    default:
      {
        g_autoptr(QwLadderLog) log = qw_ladder_log_from_table (ruleset, table, display_name, rejected, error);

        return log != NULL;
      }
    }
}

static gboolean
store (QwDocument  *doc,
       QwLadderFile file,
       const char  *label,
       const char  *table,
       const char  *name,
       GError     **error)
{
  const char *const pairs[] = { keys[file].table, table, keys[file].name, name, NULL };

  return qw_document_set_settings (doc, label, pairs, error);
}

gboolean
qw_ladder_store_import (QwDocument       *doc,
                        const QwRuleset  *ruleset,
                        QwLadderFile      file,
                        const char       *path,
                        GPtrArray       **rejected,
                        GError          **error)
{
  g_autofree char *display_name = NULL;
  g_autoptr(QwCsv) table = NULL;
  g_autofree char *text = NULL;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);
  g_return_val_if_fail (file < QW_N_LADDER_FILES, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  if (ruleset == NULL || ruleset->ladder == NULL)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("The ruleset %s has no online ladder"),
                   ruleset != NULL ? ruleset->id : "?");
      return FALSE;
    }
  display_name = g_filename_display_basename (path);
  table = qw_spreadsheet_read_file (path, 0, error);
  if (table == NULL || !check_table (ruleset, file, table, display_name, rejected, error))
    return FALSE;
  if (file == QW_LADDER_FILE_WILDCARDS)
    {
      /* Kept as 账号,姓名,理由 whatever the file's columns: a wild card
       * entered by hand is one more row. */
      g_autoptr(GPtrArray) wildcards = qw_ladder_wildcards_from_table (ruleset, table, display_name, NULL, error);

      if (wildcards == NULL)
        return FALSE;
      text = wildcards_to_csv (wildcards);
    }
  else
    text = table_to_csv (table);
  return store (doc, file, step_label (file), text, display_name, error);
}

/**
 * qw_ladder_store_add_wildcard:
 * @reason: one of the ruleset's wild-card reasons, by code, name or text
 *
 * Adds a wild card entered by hand to the stored ones (none yet: the first),
 * as one undoable step. A reason the ruleset does not know, an empty
 * account or an account with a wild card already is refused.
 */
gboolean
qw_ladder_store_add_wildcard (QwDocument       *doc,
                              const QwRuleset  *ruleset,
                              const char       *account,
                              const char       *name,
                              const char       *reason,
                              const char       *applied,
                              const char       *late_allowed,
                              GError          **error)
{
  g_autoptr(QwLadderWildcard) added = NULL;
  g_autofree char *applied_text = g_strstrip (g_strdup (applied != NULL ? applied : ""));
  g_autoptr(GPtrArray) wildcards = NULL;
  g_autofree char *text = NULL;
  g_autofree char *file_name = NULL;
  g_autoptr(QwCsv) table = NULL;
  GError *local = NULL;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);

  if (ruleset == NULL || ruleset->ladder == NULL)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("The ruleset %s has no online ladder"),
                   ruleset != NULL ? ruleset->id : "?");
      return FALSE;
    }
  added = qw_ladder_wildcard_new (ruleset, account, name, reason, error);
  if (added == NULL)
    return FALSE;
  /* 十三(四)1: the application's date, checked against the deadline by
   * qw_ladder_compute() as an imported one's (a late one is refused there
   * unless the arbiter allowed it). */
  if (applied_text[0] != '\0' && !qw_date_parse (applied_text, &added->applied))
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("The application date “%s” is not a date: write YYYY-MM-DD"),
                   applied_text);
      return FALSE;
    }
  if (applied_text[0] == '\0' && qw_date_is_set (ruleset->ladder->wildcard_deadline))
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                   _("Give the date the wild card was applied for: the rules set a deadline for it"));
      return FALSE;
    }
  added->late_allowed = g_strstrip (g_strdup (late_allowed != NULL ? late_allowed : ""));
  table = stored_table (doc, QW_LADDER_FILE_WILDCARDS, &file_name, &local);
  if (local != NULL)
    {
      g_propagate_error (error, local);
      return FALSE;
    }
  wildcards = table != NULL ? qw_ladder_wildcards_from_table (ruleset, table, file_name, NULL, error)
                            : g_ptr_array_new_with_free_func ((GDestroyNotify) qw_ladder_wildcard_free);
  if (wildcards == NULL)
    return FALSE;
  for (guint i = 0; i < wildcards->len; i++)
    if (g_strcmp0 (((QwLadderWildcard *) g_ptr_array_index (wildcards, i))->account, added->account) == 0)
      {
        g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT, _("The account %s has a wild card already"), added->account);
        return FALSE;
      }
  g_ptr_array_add (wildcards, g_steal_pointer (&added));
  text = wildcards_to_csv (wildcards);
  if (file_name == NULL)
    file_name = g_strdup (_("entered by hand"));
  return store (doc, QW_LADDER_FILE_WILDCARDS, _("Add a wild card"), text, file_name, error);
}

gboolean
qw_ladder_store_forget (QwDocument   *doc,
                        QwLadderFile  file,
                        GError      **error)
{
  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);
  g_return_val_if_fail (file < QW_N_LADDER_FILES, FALSE);

  if (!qw_ladder_store_has (doc, file))
    return TRUE;
  return store (doc, file, forget_label (file), "", "", error);
}

gboolean
qw_ladder_store_has (QwDocument   *doc,
                     QwLadderFile  file)
{
  g_autofree char *text = NULL;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);
  g_return_val_if_fail (file < QW_N_LADDER_FILES, FALSE);

  text = qw_document_get_meta (doc, keys[file].table);
  return text != NULL && text[0] != '\0';
}

/* A stored table, or NULL (no error) when there is none. */
static QwCsv *
stored_table (QwDocument    *doc,
              QwLadderFile   file,
              char         **name,
              GError       **error)
{
  g_autofree char *text = qw_document_get_meta (doc, keys[file].table);

  *name = NULL;
  if (text == NULL || text[0] == '\0')
    return NULL;
  *name = qw_document_get_meta (doc, keys[file].name);
  if (*name == NULL || (*name)[0] == '\0')
    {
      g_free (*name);
      *name = g_strdup (_("the stored table"));
    }
  return qw_csv_parse_data (text, strlen (text), error);
}

/* The cancellations kept: 账号,类别,理由,身份,姓名, kind as its code (rows
 * stored before the identity was kept end after 理由). */
static GPtrArray *
stored_cancellations (QwDocument  *doc,
                      GError     **error)
{
  g_autofree char *text = qw_document_get_meta (doc, CANCELLED_KEY);
  g_autoptr(GPtrArray) list = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_ladder_cancellation_free);
  g_autoptr(QwCsv) table = NULL;

  if (text == NULL || text[0] == '\0')
    return g_steal_pointer (&list);
  table = qw_csv_parse_data (text, strlen (text), error);
  if (table == NULL)
    return NULL;
  for (guint i = 1; i < table->rows->len; i++)
    {
      char **row = g_ptr_array_index (table->rows, i);
      QwLadderCancelKind kind;

      guint n = g_strv_length (row);
      QwLadderCancellation *c;

      if (n < 3 || !qw_ladder_cancel_kind_from_code (row[QW_CANCELLED_COLUMN_KIND], &kind))
        {
          g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("The stored cancellations are damaged (row %u)"), i);
          return NULL;
        }
      c = qw_ladder_cancellation_new (row[QW_CANCELLED_COLUMN_ACCOUNT], kind, row[QW_CANCELLED_COLUMN_REASON]);
      if (n > QW_CANCELLED_COLUMN_IDENTITY && row[QW_CANCELLED_COLUMN_IDENTITY][0] != '\0')
        c->identity = g_strdup (row[QW_CANCELLED_COLUMN_IDENTITY]);
      if (n > QW_CANCELLED_COLUMN_NAME && row[QW_CANCELLED_COLUMN_NAME][0] != '\0')
        c->name = g_strdup (row[QW_CANCELLED_COLUMN_NAME]);
      g_ptr_array_add (list, c);
    }
  return g_steal_pointer (&list);
}

static char *
cancellations_to_csv (GPtrArray *list)
{
  GString *out = g_string_new ("账号,类别,理由,身份,姓名\n");

  for (guint i = 0; i < list->len; i++)
    {
      const QwLadderCancellation *c = g_ptr_array_index (list, i);

      qw_csv_append_field (out, c->account, ',');
      g_string_append_c (out, ',');
      qw_csv_append_field (out, qw_ladder_cancel_kind_to_code (c->kind), ',');
      g_string_append_c (out, ',');
      qw_csv_append_field (out, c->reason, ',');
      g_string_append_c (out, ',');
      qw_csv_append_field (out, c->identity != NULL ? c->identity : "", ',');
      g_string_append_c (out, ',');
      qw_csv_append_field (out, c->name != NULL ? c->name : "", ',');
      g_string_append_c (out, '\n');
    }
  return g_string_free (out, FALSE);
}

gboolean
qw_ladder_store_cancel (QwDocument         *doc,
                        QwRuleset          *ruleset,
                        const char         *finalist,
                        QwLadderCancelKind  kind,
                        const char         *reason,
                        char              **account,
                        GError            **error)
{
  g_autoptr(QwLadderStored) stored = NULL;
  g_autofree char *why = g_strstrip (g_strdup (reason != NULL ? reason : ""));
  g_autofree char *text = NULL;
  g_autofree char *label = NULL;
  const QwLadderCancelled *done;
  const QwLadderFinalist *f;
  QwLadderCancellation *added;
  const char *pairs[] = { CANCELLED_KEY, NULL, NULL };

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);

  if (why[0] == '\0')
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                   _("A finalist’s qualification is cancelled only with the reason found: give the reason"));
      return FALSE;
    }
  stored = qw_ladder_store_load (doc, ruleset, error);
  if (stored == NULL)
    return FALSE;
  if (stored->ladder == NULL)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                   _("There are no finalists yet: import the ladder’s game log first"));
      return FALSE;
    }
  done = qw_ladder_find_cancelled (stored->ladder, finalist);
  if (done != NULL)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT, _("The qualification of %s %s is cancelled already: %s"),
                   done->finalist->account, done->finalist->name, done->reason);
      return FALSE;
    }
  f = qw_ladder_find_finalist (stored->ladder, finalist);
  if (f == NULL)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_NOT_FOUND, _("%s is not a finalist: give a finalist’s account or number"),
                   finalist != NULL ? finalist : "");
      return FALSE;
    }
  added = qw_ladder_cancellation_new (f->account, kind, why);
  /* Who it was, so that an entry of that person is caught without the
   * account (qw-cancelled-finalists.h) and a changed players list is seen. */
  added->identity = qw_ladder_finalist_identity (f);
  added->name = g_strdup (f->name);
  g_ptr_array_add (stored->cancellations, added);
  text = cancellations_to_csv (stored->cancellations);
  pairs[1] = text;
  label = qw_message_printf (N_("Cancel the qualification of %s %s: %s"), f->account, f->name, why);
  if (!qw_document_set_settings (doc, label, pairs, error))
    return FALSE;
  g_info ("The qualification of %s is cancelled (%s)", f->account, qw_ladder_cancel_kind_to_code (kind));
  if (account != NULL)
    *account = g_strdup (f->account);
  return TRUE;
}

QwLadderStored *
qw_ladder_store_load (QwDocument  *doc,
                      QwRuleset   *ruleset,
                      GError     **error)
{
  g_autoptr(QwLadderStored) stored = g_new0 (QwLadderStored, 1);
  g_autoptr(QwCsv) games = NULL;
  g_autoptr(QwCsv) players = NULL;
  g_autoptr(QwCsv) wildcards = NULL;
  GError *local = NULL;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), NULL);

  if (ruleset == NULL || ruleset->ladder == NULL)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("The ruleset %s has no online ladder"),
                   ruleset != NULL ? ruleset->id : "?");
      return NULL;
    }
  if ((games = stored_table (doc, QW_LADDER_FILE_GAMES, &stored->names[QW_LADDER_FILE_GAMES], &local)) == NULL
      && local != NULL)
    goto failed;
  if ((players = stored_table (doc, QW_LADDER_FILE_PLAYERS, &stored->names[QW_LADDER_FILE_PLAYERS], &local)) == NULL
      && local != NULL)
    goto failed;
  if ((wildcards = stored_table (doc, QW_LADDER_FILE_WILDCARDS, &stored->names[QW_LADDER_FILE_WILDCARDS],
                                 &local)) == NULL
      && local != NULL)
    goto failed;
  if (players != NULL
      && (stored->players = qw_ladder_players_from_table (players, stored->names[QW_LADDER_FILE_PLAYERS], NULL,
                                                          &local)) == NULL)
    goto failed;
  if (wildcards != NULL
      && (stored->wildcards = qw_ladder_wildcards_from_table (ruleset, wildcards,
                                                              stored->names[QW_LADDER_FILE_WILDCARDS], NULL,
                                                              &local)) == NULL)
    goto failed;
  if (games != NULL)
    {
      stored->log = qw_ladder_log_from_table (ruleset, games, stored->names[QW_LADDER_FILE_GAMES], NULL, &local);
      if (stored->log == NULL)
        goto failed;
      stored->ladder = qw_ladder_compute (ruleset, stored->log, stored->players, stored->wildcards, &local);
      if (stored->ladder == NULL)
        goto failed;
    }
  stored->cancellations = stored_cancellations (doc, &local);
  if (stored->cancellations == NULL)
    goto failed;
  if (stored->ladder != NULL)
    qw_ladder_apply_cancellations (stored->ladder, stored->cancellations);
  return g_steal_pointer (&stored);

failed:
  g_propagate_error (error, local);
  return NULL;
}

void
qw_ladder_stored_free (QwLadderStored *stored)
{
  if (stored == NULL)
    return;
  g_clear_pointer (&stored->ladder, qw_ladder_free);
  g_clear_pointer (&stored->log, qw_ladder_log_free);
  g_clear_pointer (&stored->players, qw_ladder_players_free);
  g_clear_pointer (&stored->wildcards, g_ptr_array_unref);
  g_clear_pointer (&stored->cancellations, g_ptr_array_unref);
  for (int i = 0; i < QW_N_LADDER_FILES; i++)
    g_free (stored->names[i]);
  g_free (stored);
}
