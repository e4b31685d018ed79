/* qw-document-identity.c: what a document is known by, made with it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-document"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <sys/random.h>

#include "qw-document-identity.h"
#include "qw-document-private.h"
#include "qw-error.h"
#include "qw-step-recorder.h"

#define SECRET_BYTES 32

char *
qw_document_results_uid_key (gint64 event_id)
{
  return g_strdup_printf ("results-uid:%" G_GINT64_FORMAT, event_id);
}

/* qw-document.c's get_meta and keep_meta, at this unit's level (it sits
 * below qw-document.c: qw-document-private.h). */
static gboolean
has_value (QwDocument *self,
           const char *key)
{
  g_autoptr(sqlite3_stmt) stmt = _qw_document_prepare (self, "SELECT 1 FROM meta WHERE key = ? AND value <> ''",
                                                       NULL);

  if (stmt == NULL)
    return FALSE;
  _qw_bind_text (stmt, 1, key);
  return sqlite3_step (stmt) == SQLITE_ROW;
}

/* Outside any step: no undo takes it back, or printed certificates would
 * stop verifying and a corrected results file would come as a new stop. */
static gboolean
keep (QwDocument  *self,
      const char  *key,
      const char  *value,
      GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt =
    _qw_document_prepare (self, "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", error);
  gboolean was_paused, ok;

  if (stmt == NULL)
    return FALSE;
  _qw_bind_text (stmt, 1, key);
  _qw_bind_text (stmt, 2, value);
  was_paused = _qw_step_recorder_pause (self->recorder, TRUE);
  ok = _qw_document_step_done (self, stmt, error);
  _qw_step_recorder_pause (self->recorder, was_paused);
  return ok;
}

static gboolean
make_secret (QwDocument  *self,
             GError     **error)
{
  guint8 bytes[SECRET_BYTES];
  g_autoptr(GString) hex = g_string_new (NULL);

  if (has_value (self, QW_META_CERTIFICATE_SECRET))
    return TRUE;
  if (getrandom (bytes, sizeof bytes, 0) != (ssize_t) sizeof bytes)
    {
      g_set_error_literal (error, QW_ERROR, QW_ERROR_FAILED, _("No random numbers for the certificates’ secret"));
      return FALSE;
    }
  for (guint i = 0; i < sizeof bytes; i++)
    g_string_append_printf (hex, "%02x", bytes[i]);
  return keep (self, QW_META_CERTIFICATE_SECRET, hex->str, error);
}

/**
 * _qw_document_make_results_uid:
 *
 * Inside the transaction that adds the event @event_id (run in the
 * document): the id of its results file.
 */
gboolean
_qw_document_make_results_uid (QwDocument  *self,
                               gint64       event_id,
                               GError     **error)
{
  g_autofree char *key = qw_document_results_uid_key (event_id);
  g_autofree char *uid = NULL;

  if (has_value (self, key))
    return TRUE;
  uid = g_uuid_string_random ();
  return keep (self, key, uid, error);
}

/* The local events without a results id. */
static GArray *
events_without_uid (QwDocument  *self,
                    GError     **error)
{
  g_autoptr(sqlite3_stmt) stmt =
    _qw_document_prepare (self,
                          "SELECT id FROM event WHERE source = 'local' AND NOT EXISTS "
                          "(SELECT 1 FROM meta WHERE key = 'results-uid:' || event.id AND value <> '')", error);
  GArray *ids;
  int rc;

  if (stmt == NULL)
    return NULL;
  ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      gint64 id = sqlite3_column_int64 (stmt, 0);

      g_array_append_val (ids, id);
    }
  if (rc != SQLITE_DONE)
    {
      _qw_document_set_error (self, error, "events");
      g_array_unref (ids);
      return NULL;
    }
  return ids;
}

/**
 * _qw_document_make_identity:
 *
 * Inside a transaction: the secret, and the results id of every event run
 * in the document, where they are missing (a new document; one made by an
 * older Qiwang, which made them on first use).
 */
gboolean
_qw_document_make_identity (QwDocument  *self,
                            GError     **error)
{
  g_autoptr(GArray) ids = NULL;

  if (!make_secret (self, error) || (ids = events_without_uid (self, error)) == NULL)
    return FALSE;
  for (guint i = 0; i < ids->len; i++)
    if (!_qw_document_make_results_uid (self, g_array_index (ids, gint64, i), error))
      return FALSE;
  return TRUE;
}

/**
 * _qw_document_lacks_identity:
 *
 * Returns: whether _qw_document_make_identity() has something to make (read
 *   without writing, so that a document that has everything is never
 *   locked for it)
 */
gboolean
_qw_document_lacks_identity (QwDocument *self)
{
  g_autoptr(GArray) ids = NULL;

  if (!has_value (self, QW_META_CERTIFICATE_SECRET))
    return TRUE;
  ids = events_without_uid (self, NULL);
  return ids != NULL && ids->len > 0;
}
