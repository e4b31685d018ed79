/* qw-stop-import.c: a stop's results file, or a stops CSV, imported into a
 * region document
 *
 * A results file is imported as one step: the stop's event, its players,
 * sections, games and standings, or nothing. The same stop sent again
 * replaces the earlier import; it is recognised by the id in the file (kept
 * in meta as "stop-uid:<uid>"), or else by name, first day and host. The
 * rows go through store/qw-document-region.h; nothing here speaks SQL.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-region"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <libxml/parser.h>

#include "qw-document-play.h"
#include "qw-document-region.h"
#include "qw-error.h"
#include "qw-document-entries.h"
#include "qw-message.h"
#include "qw-tiebreak.h"
#include "qw-region-private.h"

/* Importing a results file */

static gboolean
event_exists (QwDocument *doc,
              gint64      event_id)
{
  g_autoptr(QwEvent) event = qw_document_get_event (doc, event_id, NULL);

  return event != NULL;
}

gint64
_qw_region_find_by_uid (QwDocument *doc,
                        const char *uid)
{
  g_autofree char *key = g_strconcat (UID_KEY_PREFIX, uid, NULL);
  g_autofree char *value = qw_document_get_meta (doc, key);
  gint64 id;

  if (value == NULL || !g_ascii_string_to_signed (value, 10, 1, G_MAXINT64, &id, NULL))
    return 0;
  return event_exists (doc, id) ? id : 0;
}

static gboolean
same_text (const char *a,
           const char *b)
{
  return g_strcmp0 (a != NULL ? a : "", b != NULL ? b : "") == 0;
}

/* The same stop, sent before: by its id, else by name, first day and host; a
 * stop typed in by hand (no dates) is matched by its name. An import is
 * worth more than a typed-in stop; the earliest stored comes first. */
static gint64
find_existing_stop (QwDocument      *doc,
                    const QwResults *results)
{
  const QwEvent *e = results->event;
  char start[QW_DATE_ISO_LEN];
  g_autoptr(GPtrArray) events = NULL;
  gint64 id = results->uid != NULL ? _qw_region_find_by_uid (doc, results->uid) : 0;
  gint64 manual = 0;

  if (id > 0)
    return id;
  events = qw_document_list_events (doc, NULL);
  if (events == NULL)
    return 0;
  qw_date_to_iso (e->start_date, start);
  for (guint i = 0; i < events->len; i++)
    {
      const QwEvent *other = g_ptr_array_index (events, i);
      char other_start[QW_DATE_ISO_LEN];

      if (!same_text (other->name, e->name) || other->level != e->level)
        continue;
      qw_date_to_iso (other->start_date, other_start);
      if (other->source == QW_SOURCE_IMPORTED && g_str_equal (other_start, start) && same_text (other->host, e->host))
        return other->id;
      if (other->source == QW_SOURCE_MANUAL && manual == 0)
        manual = other->id;
    }
  return manual;
}

static char *
event_digest (QwDocument *doc,
              gint64      event_id)
{
  g_autoptr(QwEvent) event = qw_document_get_event (doc, event_id, NULL);

  return event != NULL ? g_strdup (event->digest) : NULL;
}

/* The file must suit this region before anything is written. */
static gboolean
check_importable (QwDocument      *doc,
                  const QwResults *results,
                  GError         **error)
{
  g_autoptr(QwRuleset) ruleset = qw_region_ruleset (doc, error);
  g_autofree char *region = qw_document_get_meta (doc, "region");
  const QwEvent *e = results->event;

  if (ruleset == NULL)
    return FALSE;
  if (qw_document_get_kind (doc) != QW_DOCUMENT_REGION)
    g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                 _("Results files are imported into a region document; this is a %s document"),
                 qw_document_kind_to_code (qw_document_get_kind (doc)));
  else if (results->is_public)
    g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                 _("“%s” is the public form of a results file (ID numbers masked); the province "
                   "needs the private form to check its players"), e->name);
  else if (e->level == QW_LEVEL_NATIONAL_FINAL)
    g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                 _("“%s” is a national final, not a stop of a region"), e->name);
  else if (g_strcmp0 (e->ruleset, ruleset->id) != 0)
    g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                 _("“%s” was run under the ruleset %s; this region uses %s"),
                 e->name, e->ruleset, ruleset->id);
  else if (region != NULL && region[0] != '\0' && e->region != NULL && e->region[0] != '\0'
           && !g_str_equal (region, e->region))
    g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                 _("“%s” is a stop of the %s region; this document is the %s region"),
                 e->name, e->region, region);
  else
    return TRUE;
  return FALSE;
}

static gboolean
insert_entries (QwDocument      *doc,
                const QwResults *results,
                gint64           event_id,
                GHashTable      *entry_ids,
                GError         **error)
{
  g_autoptr(GPtrArray) entries = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_entry_free);

  for (guint i = 0; i < results->groups->len; i++)
    {
      const QwResultsGroup *group = g_ptr_array_index (results->groups, i);

      for (guint p = 0; p < group->players->len; p++)
        {
          QwEntry *copy = qw_entry_copy (g_ptr_array_index (group->players, p));

          copy->id = 0;
          copy->event_id = event_id;
          g_free (copy->phone);
          copy->phone = g_strdup ("");
          g_ptr_array_add (entries, copy);
        }
    }
  if (!qw_document_add_entries (doc, event_id, entries, error))
    return FALSE;
  for (guint i = 0; i < entries->len; i++)
    {
      const QwEntry *e = g_ptr_array_index (entries, i);

      g_hash_table_insert (entry_ids, GINT_TO_POINTER (e->no), g_memdup2 (&e->id, sizeof e->id));
    }
  return TRUE;
}

static gint64
entry_id_for (GHashTable *entry_ids,
              int         no)
{
  gint64 *id = g_hash_table_lookup (entry_ids, GINT_TO_POINTER (no));

  return id != NULL ? *id : 0;
}

/* The chain as received, kept in comment lines that the play settings
 * reader skips; a chain that this version knows is also stored as the
 * section's own tiebreaks setting. */
static char *
section_settings (const QwResultsGroup *group)
{
  g_autofree char *codes = g_strjoinv (",", group->tiebreak_codes);
  g_autofree char *names = g_strjoinv (",", group->tiebreak_names);
  GString *out = g_string_new (NULL);
  gboolean known = group->tiebreak_codes[0] != NULL;

  for (guint i = 0; group->tiebreak_codes[i] != NULL; i++)
    {
      QwTiebreak tb;

      known = known && qw_tiebreak_from_code (group->tiebreak_codes[i], &tb);
    }
  if (known)
    g_string_append_printf (out, "tiebreaks=%s\n", codes);
  g_string_append_printf (out, "# received-tiebreaks=%s\n# received-tiebreak-names=%s\n", codes, names);
  return g_string_free (out, FALSE);
}

static gint64
insert_section (QwDocument           *doc,
                const QwResultsGroup *group,
                gint64                event_id,
                GError              **error)
{
  g_autoptr(QwSectionRecord) row = qw_section_record_new ();

  row->event_id = event_id;
  row->code = g_strdup (group->code);
  row->name = g_strdup (group->name);
  row->system = g_strdup (group->system);
  row->rounds = group->rounds;
  row->settings = section_settings (group);
  if (!qw_document_add_section_record (doc, row, error))
    return 0;
  return row->id;
}

static QwPlayoff
playoff_from_code (const char *code)
{
  QwPlayoff playoff;

  return qw_playoff_from_code (code, &playoff) ? playoff : QW_PLAYOFF_NONE;
}

static gboolean
insert_games (QwDocument           *doc,
              const QwResultsGroup *group,
              gint64                section_id,
              GHashTable           *entry_ids,
              GError              **error)
{
  g_autoptr(GPtrArray) games = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_game_free);

  for (guint i = 0; i < group->games->len; i++)
    {
      const QwResultsGame *g = g_ptr_array_index (group->games, i);
      QwGame *game = qw_game_new ();

      g_ptr_array_add (games, game);
      game->section_id = section_id;
      game->round = g->round;
      game->board = g->board;
      game->red = entry_id_for (entry_ids, g->red);
      game->black = g->black > 0 ? entry_id_for (entry_ids, g->black) : 0;
      if (game->red == 0 || (g->black > 0 && game->black == 0))
        {
          g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("Round %d, board %d: player %d is not in the file"),
                       g->round, g->board, game->red == 0 ? g->red : g->black);
          return FALSE;
        }
      if (!qw_result_from_code (g->result != NULL ? g->result : "", &game->result))
        {
          g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("Round %d, board %d: “%s” is not a result"),
                       g->round, g->board, g->result);
          return FALSE;
        }
      game->red_fouls = g->red_fouls;
      game->black_fouls = g->black_fouls;
      game->playoff = playoff_from_code (g->playoff);
      game->armageddon = g->armageddon;
    }
  return qw_document_add_games (doc, games, error);
}

static gboolean
insert_absences (QwDocument           *doc,
                 const QwResultsGroup *group,
                 gint64                section_id,
                 GHashTable           *entry_ids,
                 GError              **error)
{
  for (guint i = 0; i < group->absences->len; i++)
    {
      const QwResultsAbsence *a = &g_array_index (group->absences, QwResultsAbsence, i);
      QwAbsence absence = { entry_id_for (entry_ids, a->no), a->round, a->kind, a->points };

      if (absence.entry_id == 0)
        {
          g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("Round %d: absent player %d is not in the file"),
                       a->round, a->no);
          return FALSE;
        }
      if (!qw_document_set_absence (doc, section_id, &absence, error))
        return FALSE;
    }
  return TRUE;
}

/* "values=12 30" and, when the printed place differs from the position
 * (a complete tie), ";place=2". */
static char *
standing_text (const QwResultsStanding *s,
               int                      position)
{
  GString *out = g_string_new ("values=");

  for (guint i = 0; i < s->tiebreaks->len; i++)
    {
      char buffer[G_ASCII_DTOSTR_BUF_SIZE];

      if (i > 0)
        g_string_append_c (out, ' ');
      g_string_append (out, g_ascii_formatd (buffer, sizeof buffer, "%.15g",
                                             g_array_index (s->tiebreaks, double, i)));
    }
  if (s->rank != position)
    g_string_append_printf (out, ";place=%d", s->rank);
  return g_string_free (out, FALSE);
}

static gboolean
insert_standings (QwDocument           *doc,
                  const QwResultsGroup *group,
                  gint64                section_id,
                  GHashTable           *entry_ids,
                  GError              **error)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_standing_record_free);

  for (guint i = 0; i < group->standings->len; i++)
    {
      const QwResultsStanding *s = g_ptr_array_index (group->standings, i);
      QwStandingRecord *row = qw_standing_record_new ();

      row->rank = (int) i + 1;
      row->entry_id = entry_id_for (entry_ids, s->no);
      row->points = s->points;
      row->values = standing_text (s, (int) i + 1);
      g_ptr_array_add (rows, row);
    }
  return qw_document_add_standing_records (doc, section_id, rows, error);
}

static gboolean
insert_stop (QwDocument      *doc,
             const QwResults *results,
             gint64          *event_id,
             GError         **error)
{
  g_autoptr(QwEvent) event = qw_event_copy (results->event);
  g_autoptr(GHashTable) entry_ids = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, g_free);
  g_autofree char *uid_key = NULL;
  g_autofree char *id_text = NULL;

  event->id = 0;
  event->source = QW_SOURCE_IMPORTED;
  event->participants = qw_results_count_players (results);
  g_free (event->digest);
  event->digest = g_strdup (results->digest != NULL ? results->digest : "");
  if (!qw_document_add_event (doc, event, error)
      || !insert_entries (doc, results, event->id, entry_ids, error))
    return FALSE;
  for (guint i = 0; i < results->groups->len; i++)
    {
      const QwResultsGroup *group = g_ptr_array_index (results->groups, i);
      gint64 section_id;

      /* Players placed in no group have no section. */
      if (group->code[0] == '\0')
        continue;
      section_id = insert_section (doc, group, event->id, error);
      if (section_id == 0 || !insert_games (doc, group, section_id, entry_ids, error)
          || !insert_absences (doc, group, section_id, entry_ids, error)
          || !insert_standings (doc, group, section_id, entry_ids, error))
        return FALSE;
    }
  uid_key = g_strconcat (UID_KEY_PREFIX, results->uid, NULL);
  id_text = g_strdup_printf ("%" G_GINT64_FORMAT, event->id);
  if (results->uid != NULL && !qw_document_set_meta (doc, uid_key, id_text, error))
    return FALSE;
  *event_id = event->id;
  return TRUE;
}

gboolean
_qw_region_delete_uid_keys (QwDocument *doc,
                            gint64      event_id,
                            GError    **error)
{
  g_autofree char *id_text = g_strdup_printf ("%" G_GINT64_FORMAT, event_id);

  return qw_document_delete_meta_keys (doc, UID_KEY_PREFIX, id_text, error);
}

/**
 * qw_region_import_results:
 * @outcome: (out) (optional): added, replaced or unchanged
 * @event_id: (out) (optional): the stop's event
 *
 * Imports a stop's results (read with qw_results_read_file()) into a region
 * document as one step. A stop imported before is replaced; the very same
 * file imported again changes nothing (QW_IMPORT_UNCHANGED).
 */
typedef struct
{
  const QwResults *results;
  QwImportOutcome  outcome;
  gint64           event_id;
} ResultsJob;

/* FALSE without an error: the very same file was imported already, and
 * nothing is written. */
static gboolean
import_results_step (QwDocument *doc,
                     gpointer    data,
                     GError    **error)
{
  ResultsJob *job = data;
  g_autofree char *old_digest = NULL;
  gint64 existing;

  if (!check_importable (doc, job->results, error))
    return FALSE;
  existing = find_existing_stop (doc, job->results);
  old_digest = existing > 0 ? event_digest (doc, existing) : NULL;
  if (existing > 0 && job->results->digest != NULL && g_strcmp0 (old_digest, job->results->digest) == 0)
    {
      job->outcome = QW_IMPORT_UNCHANGED;
      job->event_id = existing;
      return FALSE;
    }
  if ((existing > 0 && (!_qw_region_delete_uid_keys (doc, existing, error)
                        || !qw_document_delete_event (doc, existing, error)))
      || !insert_stop (doc, job->results, &job->event_id, error))
    return FALSE;
  job->outcome = existing > 0 ? QW_IMPORT_REPLACED : QW_IMPORT_ADDED;
  return TRUE;
}

gboolean
qw_region_import_results (QwDocument      *doc,
                          const QwResults *results,
                          QwImportOutcome *outcome,
                          gint64          *event_id,
                          GError         **error)
{
  ResultsJob job = { results, QW_IMPORT_ADDED, 0 };
  g_autoptr(GError) local_error = NULL;
  g_autofree char *label = NULL;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);
  g_return_val_if_fail (results != NULL, FALSE);

  label = qw_message_printf (N_("Import of %s"), results->event->name);
  if (!qw_document_run_step (doc, label, import_results_step, &job, &local_error) && local_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  if (outcome != NULL)
    *outcome = job.outcome;
  if (event_id != NULL)
    *event_id = job.event_id;
  return TRUE;
}

/* Importing while reading: a worker thread reads the file and hands over
 * the event and each group as it is read; this thread stores them in the
 * step at once. What the file is worth is known only at its end (schema,
 * digest, consistency): the step is committed only then, and any problem
 * found, the reader's first, rolls it back. */

typedef struct
{
  const char   *path;
  QwResults    *results;  /* read into; this thread's, freed once the reader is done */
  GAsyncQueue  *parts;    /* ImportPart */
} ImportReading;

typedef struct
{
  gboolean         end;
  gboolean         ok;        /* at the end: the file holds */
  QwResultsGroup  *group;     /* a group, or NULL for the event */
  GError          *error;     /* at the end, when it does not */
} ImportPart;

static void
hand_part (QwResults      *results,
           QwResultsGroup *group,
           gpointer        user_data)
{
  ImportReading *reading = user_data;
  ImportPart *part = g_new0 (ImportPart, 1);

  part->group = group;
  g_async_queue_push (reading->parts, part);
}

static gpointer
read_in_parts (gpointer data)
{
  ImportReading *reading = data;
  ImportPart *end = g_new0 (ImportPart, 1);

  end->end = TRUE;
  end->ok = qw_results_read_file_in_parts (reading->path, reading->results, hand_part, reading, &end->error);
  g_async_queue_push (reading->parts, end);
  return NULL;
}

typedef struct
{
  QwDocument  *doc;
  QwResults   *results;     /* as read so far: only handed parts are looked at */
  gboolean     begun;       /* importable, and the step named */
  gint64       existing;
  char        *old_digest;
  QwEvent     *event;
  GHashTable  *entry_ids;
  GError      *error;       /* the first problem in storing */
} ImportStore;

static void
store_event (ImportStore *store)
{
  g_autofree char *label = qw_message_printf (N_("Import of %s"), store->results->event->name);

  if (!check_importable (store->doc, store->results, &store->error))
    return;
  qw_document_name_step (store->doc, label);
  store->begun = TRUE;
  store->existing = find_existing_stop (store->doc, store->results);
  store->old_digest = store->existing > 0 ? event_digest (store->doc, store->existing) : NULL;
  if (store->existing > 0 && (!_qw_region_delete_uid_keys (store->doc, store->existing, &store->error)
                              || !qw_document_delete_event (store->doc, store->existing, &store->error)))
    return;
  /* The participants and the digest are known at the end. */
  store->event = qw_event_copy (store->results->event);
  store->event->id = 0;
  store->event->source = QW_SOURCE_IMPORTED;
  store->event->participants = 0;
  g_free (store->event->digest);
  store->event->digest = g_strdup ("");
  qw_document_add_event (store->doc, store->event, &store->error);
}

static void
store_group (ImportStore          *store,
             const QwResultsGroup *group)
{
  g_autoptr(GPtrArray) entries = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_entry_free);
  gint64 section_id;

  for (guint p = 0; p < group->players->len; p++)
    {
      QwEntry *copy = qw_entry_copy (g_ptr_array_index (group->players, p));

      copy->id = 0;
      copy->event_id = store->event->id;
      g_free (copy->phone);
      copy->phone = g_strdup ("");
      g_ptr_array_add (entries, copy);
    }
  if (!qw_document_add_entries (store->doc, store->event->id, entries, &store->error))
    return;
  for (guint i = 0; i < entries->len; i++)
    {
      const QwEntry *e = g_ptr_array_index (entries, i);

      g_hash_table_insert (store->entry_ids, GINT_TO_POINTER (e->no), g_memdup2 (&e->id, sizeof e->id));
    }
  /* Players placed in no group have no section. */
  if (group->code[0] == '\0')
    return;
  section_id = insert_section (store->doc, group, store->event->id, &store->error);
  if (section_id != 0 && insert_games (store->doc, group, section_id, store->entry_ids, &store->error)
      && insert_absences (store->doc, group, section_id, store->entry_ids, &store->error))
    insert_standings (store->doc, group, section_id, store->entry_ids, &store->error);
}

/* The stop is stored; what is left: its participants, digest and uid. */
static gboolean
store_finish (ImportStore *store,
              GError     **error)
{
  const QwResults *results = store->results;
  g_autofree char *uid_key = NULL;
  g_autofree char *id_text = NULL;

  store->event->participants = qw_results_count_players (results);
  g_free (store->event->digest);
  store->event->digest = g_strdup (results->digest != NULL ? results->digest : "");
  if (!qw_document_update_event (store->doc, store->event, error))
    return FALSE;
  uid_key = g_strconcat (UID_KEY_PREFIX, results->uid, NULL);
  id_text = g_strdup_printf ("%" G_GINT64_FORMAT, store->event->id);
  return results->uid == NULL || qw_document_set_meta (store->doc, uid_key, id_text, error);
}

typedef struct
{
  const char      *path;
  QwResults       *read;        /* the results as read */
  QwImportOutcome  outcome;
  gint64           event_id;
} FileJob;

/* The reader in its thread, the parts stored as they come, in the step.
 * FALSE without an error: the same file was imported already. */
static gboolean
import_file_step (QwDocument *doc,
                  gpointer    data,
                  GError    **error)
{
  FileJob *job = data;
  QwResults *read = job->read;
  ImportReading reading = { job->path, read, NULL };
  ImportStore store = { doc, NULL, FALSE, 0, NULL, NULL, NULL, NULL };
  g_autoptr(GError) read_error = NULL;
  gboolean read_ok = FALSE, ok = FALSE;
  GThread *thread;

  /* libxml2 sets itself up once, before a second thread uses it. */
  xmlInitParser ();
  reading.parts = g_async_queue_new ();
  store.entry_ids = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, g_free);
  thread = g_thread_new ("qw-read-results", read_in_parts, &reading);
  for (;;)
    {
      g_autofree ImportPart *part = g_async_queue_pop (reading.parts);

      if (part->end)
        {
          read_ok = part->ok;
          read_error = part->error;
          break;
        }
      /* After a problem, only the end is awaited: the reader's own problem,
       * found later, is the one reported. */
      if (store.error != NULL)
        continue;
      if (part->group == NULL)
        {
          /* The event, and the file's form, as read so far. */
          store.results = read;
          store_event (&store);
        }
      else if (store.event != NULL && store.event->id > 0)
        store_group (&store, part->group);
    }
  g_thread_join (thread);
  g_async_queue_unref (reading.parts);

  if (!read_ok)
    g_propagate_error (error, g_steal_pointer (&read_error));
  else if (store.begun && store.existing > 0 && read->digest != NULL
           && g_strcmp0 (store.old_digest, read->digest) == 0)
    {
      /* Imported already from the same file: whatever storing it again
       * found, nothing changes. */
      job->outcome = QW_IMPORT_UNCHANGED;
      job->event_id = store.existing;
    }
  else if (store.error != NULL)
    g_propagate_error (error, g_steal_pointer (&store.error));
  else if (store.event == NULL)
    /* Never handed an event (the schema requires one, so the reader
     * refuses such a file): imported whole, as a step inside this one. */
    ok = qw_region_import_results (doc, read, &job->outcome, &job->event_id, error)
         && job->outcome != QW_IMPORT_UNCHANGED;
  else
    {
      store.results = read;
      ok = store_finish (&store, error);
      job->outcome = store.existing > 0 ? QW_IMPORT_REPLACED : QW_IMPORT_ADDED;
      job->event_id = store.event->id;
    }
  g_clear_pointer (&store.event, qw_event_free);
  g_free (store.old_digest);
  g_hash_table_unref (store.entry_ids);
  g_clear_error (&store.error);
  return ok;
}

/**
 * qw_region_import_results_file:
 * @results: (out) (optional): the results read, for what the caller shows
 *
 * Reads a results file (as qw_results_read_file()) and imports it (as
 * qw_region_import_results()), storing each part as soon as it is read:
 * one step, committed only when the whole file holds; the same refusals,
 * the reader's first.
 */
gboolean
qw_region_import_results_file (QwDocument      *doc,
                               const char      *path,
                               QwImportOutcome *outcome,
                               gint64          *event_id,
                               QwResults      **results,
                               GError         **error)
{
  g_autoptr(QwResults) read = qw_results_new ();
  FileJob job = { path, read, QW_IMPORT_ADDED, 0 };
  g_autoptr(GError) local_error = NULL;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  if (!qw_document_run_step (doc, NULL, import_file_step, &job, &local_error) && local_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  if (outcome != NULL)
    *outcome = job.outcome;
  if (event_id != NULL)
    *event_id = job.event_id;
  if (results != NULL)
    *results = g_steal_pointer (&read);
  return TRUE;
}

/* @data: the event's id */
static gboolean
delete_stop_step (QwDocument *doc,
                  gpointer    data,
                  GError    **error)
{
  gint64 event_id = *(gint64 *) data;

  return _qw_region_delete_uid_keys (doc, event_id, error) && qw_document_delete_event (doc, event_id, error);
}

gboolean
qw_region_delete_stop (QwDocument *doc,
                       gint64      event_id,
                       GError    **error)
{
  g_autoptr(QwEvent) event = qw_document_get_event (doc, event_id, error);
  g_autofree char *label = NULL;

  if (event == NULL)
    return FALSE;
  label = qw_message_printf (N_("Deleting %s"), event->name);
  return qw_document_run_step (doc, label, delete_stop_step, &event_id, error);
}

/* Stops typed in or read from a stops CSV */

QwEvent *
_qw_region_event_from_stop (const QwStopSummary *stop,
                            const char          *ruleset_id,
                            const char          *region)
{
  QwEvent *e = qw_event_new ();

  g_free (e->ruleset);
  e->ruleset = g_strdup (ruleset_id);
  e->name = g_strdup (stop->name);
  e->level = stop->level;
  e->region = g_strdup (region != NULL ? region : "");
  e->host = g_strdup (stop->host);
  e->host_level = stop->host_level;
  e->prefecture = g_strdup (stop->prefecture);
  e->county_city = g_strdup (stop->county_city);
  e->honours = g_strdup (stop->honours);
  e->source = QW_SOURCE_MANUAL;
  e->participants = stop->participants;
  return e;
}

/* A manual stop of the same name and level, or -1 when a stop imported from
 * its results file already stands for it (the file is worth more). */
gint64
_qw_region_find_manual_stop (QwDocument          *doc,
                             const QwStopSummary *stop)
{
  g_autoptr(GPtrArray) events = qw_document_list_events (doc, NULL);
  gint64 other = 0;

  for (guint i = 0; events != NULL && i < events->len; i++)
    {
      const QwEvent *e = g_ptr_array_index (events, i);

      if (!same_text (e->name, stop->name) || e->level != stop->level)
        continue;
      if (e->source == QW_SOURCE_MANUAL)
        return e->id;
      if (other == 0)
        other = -1;
    }
  return other;
}

/**
 * qw_region_import_stops:
 * @stops: (element-type QwStopSummary): from qw_stops_csv_read_file() or typed in
 * @added: (out) (optional):
 * @replaced: (out) (optional): stops typed in before under the same name
 *
 * Adds the stops as manual events as one step. A stop that was
 * imported from its results file is kept as it is.
 */
typedef struct
{
  GPtrArray  *stops;
  const char *ruleset_id;
  const char *region;
  int         added;
  int         replaced;
} StopsJob;

static gboolean
import_stops_step (QwDocument *doc,
                   gpointer    data,
                   GError    **error)
{
  StopsJob *job = data;

  for (guint i = 0; i < job->stops->len; i++)
    {
      const QwStopSummary *stop = g_ptr_array_index (job->stops, i);
      g_autoptr(QwEvent) event = _qw_region_event_from_stop (stop, job->ruleset_id, job->region);
      gint64 existing = _qw_region_find_manual_stop (doc, stop);

      if (existing < 0)
        continue;
      event->id = existing;
      if (existing > 0 ? !qw_document_update_event (doc, event, error)
                       : !qw_document_add_event (doc, event, error))
        return FALSE;
      if (existing > 0)
        job->replaced++;
      else
        job->added++;
    }
  return TRUE;
}

gboolean
qw_region_import_stops (QwDocument *doc,
                        GPtrArray  *stops,
                        int        *added,
                        int        *replaced,
                        GError    **error)
{
  g_autoptr(QwRuleset) ruleset = qw_region_ruleset (doc, error);
  g_autofree char *region = qw_document_get_meta (doc, "region");
  g_autofree char *label = NULL;
  StopsJob job = { stops, NULL, region, 0, 0 };

  if (ruleset == NULL)
    return FALSE;
  job.ruleset_id = ruleset->id;
  label = stops->len == 1
          ? qw_message_printf (N_("Adding the stop %s"), ((QwStopSummary *) g_ptr_array_index (stops, 0))->name)
          : qw_message_plural ("Import of %u stop", "Import of %u stops", stops->len,
                             stops->len);
  if (!qw_document_run_step (doc, label, import_stops_step, &job, error))
    return FALSE;
  if (added != NULL)
    *added = job.added;
  if (replaced != NULL)
    *replaced = job.replaced;
  return TRUE;
}
