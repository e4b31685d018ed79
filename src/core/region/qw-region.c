/* qw-region.c: a region document's stops (imported, typed in, run here),
 * the standings as received, and the checks the province runs on them
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
#include <string.h>

#include "qw-document-play.h"
#include "qw-document-region.h"
#include "qw-error.h"
#include "qw-idcard.h"
#include "qw-region.h"
#include "qw-standings.h"
#include "qw-date.h"
#include "qw-document-entries.h"
#include "qw-entry-check.h"
#include "qw-entry.h"
#include "qw-event.h"
#include "qw-tiebreak.h"

#define UID_KEY_PREFIX "stop-uid:"

/* The region and its ruleset */

gboolean
qw_document_region_setup (QwDocument  *doc,
                          const char  *region,
                          const char  *ruleset_id,
                          GError     **error)
{
  g_autoptr(QwRuleset) ruleset = qw_ruleset_lookup (ruleset_id, error);

  if (ruleset == NULL || !qw_document_begin_step (doc, _("Region settings"), error))
    return FALSE;
  if (!qw_document_set_meta (doc, "region", region != NULL ? region : "", error)
      || !qw_document_set_meta (doc, "ruleset", ruleset->id, error))
    {
      qw_document_rollback (doc);
      return FALSE;
    }
  if (!qw_document_commit (doc, error))
    return FALSE;
  qw_document_emit_changed (doc, "region");
  return TRUE;
}

/* The ruleset named in meta, else the first event's, else the default. */
QwRuleset *
qw_document_region_ruleset (QwDocument  *doc,
                            GError     **error)
{
  g_autofree char *id = qw_document_get_meta (doc, "ruleset");
  g_autoptr(GPtrArray) events = NULL;

  if (id != NULL && id[0] != '\0')
    return qw_ruleset_lookup (id, error);
  events = qw_document_list_events (doc, error);
  if (events == NULL)
    return NULL;
  if (events->len > 0)
    return qw_ruleset_lookup (((QwEvent *) g_ptr_array_index (events, 0))->ruleset, error);
  return qw_ruleset_lookup ("qiwang-2021", error);
}

gboolean
qw_document_region_set_decided_places (QwDocument  *doc,
                                       int          places,
                                       GError     **error)
{
  g_autofree char *text = places >= 0 ? g_strdup_printf ("%d", places) : g_strdup ("");

  if (places > 1000)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                   _("%d places is not a plausible number for one region"), places);
      return FALSE;
    }
  if (!qw_document_begin_step (doc, _("Places decided by the association"), error))
    return FALSE;
  if (!qw_document_set_meta (doc, "decided-places", text, error))
    {
      qw_document_rollback (doc);
      return FALSE;
    }
  if (!qw_document_commit (doc, error))
    return FALSE;
  qw_document_emit_changed (doc, "region");
  return TRUE;
}

int
qw_document_region_get_decided_places (QwDocument *doc)
{
  g_autofree char *text = qw_document_get_meta (doc, "decided-places");
  gint64 value;

  if (text == NULL || !g_ascii_string_to_signed (text, 10, 0, 1000, &value, NULL))
    return -1;
  return (int) value;
}

gboolean
qw_document_region_set_rules_published (QwDocument  *doc,
                                        QwDate       day,
                                        GError     **error)
{
  g_autofree char *text = qw_date_is_set (day) ? qw_date_to_iso_dup (day) : g_strdup ("");

  if (!qw_document_begin_step (doc, _("Publication of the region’s rules"), error))
    return FALSE;
  if (!qw_document_set_meta (doc, "rules-published", text, error))
    {
      qw_document_rollback (doc);
      return FALSE;
    }
  if (!qw_document_commit (doc, error))
    return FALSE;
  qw_document_emit_changed (doc, "region");
  return TRUE;
}

QwDate
qw_document_region_get_rules_published (QwDocument *doc)
{
  g_autofree char *text = qw_document_get_meta (doc, "rules-published");
  QwDate day = QW_DATE_NONE;

  if (text == NULL || !qw_date_parse_iso (text, &day))
    return QW_DATE_NONE;
  return day;
}

/* Importing a results file */

static gboolean
event_exists (QwDocument *doc,
              gint64      event_id)
{
  g_autoptr(QwEvent) event = qw_document_get_event (doc, event_id, NULL);

  return event != NULL;
}

static gint64
find_by_uid (QwDocument *doc,
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
  gint64 id = results->uid != NULL ? find_by_uid (doc, results->uid) : 0;
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
check_importable (QwDocument       *doc,
                  const QwResults  *results,
                  GError          **error)
{
  g_autoptr(QwRuleset) ruleset = qw_document_region_ruleset (doc, error);
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
insert_entries (QwDocument       *doc,
                const QwResults  *results,
                gint64            event_id,
                GHashTable       *entry_ids,
                GError          **error)
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
insert_section (QwDocument            *doc,
                const QwResultsGroup  *group,
                gint64                 event_id,
                GError               **error)
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

static const char *
playoff_to_code (QwPlayoff playoff)
{
  return qw_playoff_to_code (playoff);
}

static gboolean
insert_games (QwDocument            *doc,
              const QwResultsGroup  *group,
              gint64                 section_id,
              GHashTable            *entry_ids,
              GError               **error)
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
insert_absences (QwDocument            *doc,
                 const QwResultsGroup  *group,
                 gint64                 section_id,
                 GHashTable            *entry_ids,
                 GError               **error)
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
insert_standings (QwDocument            *doc,
                  const QwResultsGroup  *group,
                  gint64                 section_id,
                  GHashTable            *entry_ids,
                  GError               **error)
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
insert_stop (QwDocument       *doc,
             const QwResults  *results,
             gint64           *event_id,
             GError          **error)
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

static gboolean
delete_uid_keys (QwDocument  *doc,
                 gint64       event_id,
                 GError     **error)
{
  g_autofree char *id_text = g_strdup_printf ("%" G_GINT64_FORMAT, event_id);

  return qw_document_delete_meta_keys (doc, UID_KEY_PREFIX, id_text, error);
}

/**
 * qw_document_import_results:
 * @outcome: (out) (optional): added, replaced or unchanged
 * @event_id: (out) (optional): the stop's event
 *
 * Imports a stop's results (read with qw_results_read_file()) into a region
 * document in one transaction. A stop imported before is replaced.
 */
gboolean
qw_document_import_results (QwDocument       *doc,
                            const QwResults  *results,
                            QwImportOutcome  *outcome,
                            gint64           *event_id,
                            GError          **error)
{
  g_autofree char *old_digest = NULL;
  g_autofree char *label = NULL;
  gint64 existing, new_id = 0;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);
  g_return_val_if_fail (results != NULL, FALSE);

  label = g_strdup_printf (_("Import of %s"), results->event->name);
  if (!check_importable (doc, results, error) || !qw_document_begin_step (doc, label, error))
    return FALSE;
  existing = find_existing_stop (doc, results);
  old_digest = existing > 0 ? event_digest (doc, existing) : NULL;
  if (existing > 0 && results->digest != NULL && g_strcmp0 (old_digest, results->digest) == 0)
    {
      qw_document_rollback (doc);
      if (outcome != NULL)
        *outcome = QW_IMPORT_UNCHANGED;
      if (event_id != NULL)
        *event_id = existing;
      return TRUE;
    }
  if ((existing > 0 && (!delete_uid_keys (doc, existing, error)
                        || !qw_document_delete_event (doc, existing, error)))
      || !insert_stop (doc, results, &new_id, error))
    {
      qw_document_rollback (doc);
      return FALSE;
    }
  if (!qw_document_commit (doc, error))
    return FALSE;
  if (outcome != NULL)
    *outcome = existing > 0 ? QW_IMPORT_REPLACED : QW_IMPORT_ADDED;
  if (event_id != NULL)
    *event_id = new_id;
  qw_document_emit_changed (doc, "region");
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
  gboolean     begun;       /* importable, and the step begun */
  gint64       existing;
  char        *old_digest;
  QwEvent     *event;
  GHashTable  *entry_ids;
  GError      *error;       /* the first problem in storing */
} ImportStore;

static void
store_event (ImportStore *store)
{
  g_autofree char *label = g_strdup_printf (_("Import of %s"), store->results->event->name);

  if (!check_importable (store->doc, store->results, &store->error)
      || !qw_document_begin_step (store->doc, label, &store->error))
    return;
  store->begun = TRUE;
  store->existing = find_existing_stop (store->doc, store->results);
  store->old_digest = store->existing > 0 ? event_digest (store->doc, store->existing) : NULL;
  if (store->existing > 0 && (!delete_uid_keys (store->doc, store->existing, &store->error)
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
store_finish (ImportStore  *store,
              GError      **error)
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

/**
 * qw_document_import_results_file:
 * @results: (out) (optional): the results read, for what the caller shows
 *
 * Reads a results file (as qw_results_read_file()) and imports it (as
 * qw_document_import_results()), storing each part as soon as it is read:
 * one transaction, one step, committed only when the whole file holds; the
 * same refusals, the reader's first.
 */
gboolean
qw_document_import_results_file (QwDocument       *doc,
                                 const char       *path,
                                 QwImportOutcome  *outcome,
                                 gint64           *event_id,
                                 QwResults       **results,
                                 GError          **error)
{
  g_autoptr(QwResults) read = qw_results_new ();
  ImportReading reading = { path, read, NULL };
  ImportStore store = { doc, NULL, FALSE, 0, NULL, NULL, NULL, NULL };
  g_autoptr(GError) read_error = NULL;
  gboolean read_ok = FALSE;
  QwImportOutcome done = QW_IMPORT_ADDED;
  gint64 new_id = 0;
  gboolean ok = FALSE;
  GThread *thread;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

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
      done = QW_IMPORT_UNCHANGED;
      new_id = store.existing;
      ok = TRUE;
    }
  else if (store.error != NULL)
    g_propagate_error (error, g_steal_pointer (&store.error));
  else if (store.event == NULL)
    {
      /* Never handed an event (the schema requires one, so the reader
       * refuses such a file): as before, nothing begun. */
      ok = qw_document_import_results (doc, read, &done, &new_id, error);
      if (ok && results != NULL)
        *results = g_steal_pointer (&read);
      g_clear_pointer (&store.old_digest, g_free);
      g_hash_table_unref (store.entry_ids);
      if (ok && outcome != NULL)
        *outcome = done;
      if (ok && event_id != NULL)
        *event_id = new_id;
      return ok;
    }
  else
    {
      store.results = read;
      ok = store_finish (&store, error);
      done = store.existing > 0 ? QW_IMPORT_REPLACED : QW_IMPORT_ADDED;
      new_id = store.event->id;
    }
  /* Unchanged or refused: nothing written. */
  if (store.begun && (!ok || done == QW_IMPORT_UNCHANGED))
    qw_document_rollback (doc);
  else if (store.begun && !qw_document_commit (doc, error))
    ok = FALSE;
  g_clear_pointer (&store.event, qw_event_free);
  g_free (store.old_digest);
  g_hash_table_unref (store.entry_ids);
  g_clear_error (&store.error);
  if (!ok)
    return FALSE;
  if (outcome != NULL)
    *outcome = done;
  if (event_id != NULL)
    *event_id = new_id;
  if (results != NULL)
    *results = g_steal_pointer (&read);
  if (done != QW_IMPORT_UNCHANGED)
    qw_document_emit_changed (doc, "region");
  return TRUE;
}

gboolean
qw_document_delete_stop (QwDocument  *doc,
                         gint64       event_id,
                         GError     **error)
{
  g_autoptr(QwEvent) event = qw_document_get_event (doc, event_id, error);
  g_autofree char *label = NULL;

  if (event == NULL)
    return FALSE;
  label = g_strdup_printf (_("Deleting %s"), event->name);
  if (!qw_document_begin_step (doc, label, error))
    return FALSE;
  if (!delete_uid_keys (doc, event_id, error) || !qw_document_delete_event (doc, event_id, error))
    {
      qw_document_rollback (doc);
      return FALSE;
    }
  if (!qw_document_commit (doc, error))
    return FALSE;
  qw_document_emit_changed (doc, "region");
  return TRUE;
}

/* Stops typed in or read from a stops CSV */

static QwEvent *
event_from_stop (const QwStopSummary *stop,
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
static gint64
find_manual_stop (QwDocument          *doc,
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
 * qw_document_import_stops:
 * @stops: (element-type QwStopSummary): from qw_stops_csv_read_file() or typed in
 * @added: (out) (optional):
 * @replaced: (out) (optional): stops typed in before under the same name
 *
 * Adds the stops as manual events in one transaction. A stop that was
 * imported from its results file is kept as it is.
 */
gboolean
qw_document_import_stops (QwDocument  *doc,
                          GPtrArray   *stops,
                          int         *added,
                          int         *replaced,
                          GError     **error)
{
  g_autoptr(QwRuleset) ruleset = qw_document_region_ruleset (doc, error);
  g_autofree char *region = qw_document_get_meta (doc, "region");
  g_autofree char *label = NULL;
  int n_added = 0, n_replaced = 0;

  label = stops->len == 1
          ? g_strdup_printf (_("Adding the stop %s"), ((QwStopSummary *) g_ptr_array_index (stops, 0))->name)
          : g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Import of %u stop", "Import of %u stops", stops->len),
                             stops->len);
  if (ruleset == NULL || !qw_document_begin_step (doc, label, error))
    return FALSE;
  for (guint i = 0; i < stops->len; i++)
    {
      const QwStopSummary *stop = g_ptr_array_index (stops, i);
      g_autoptr(QwEvent) event = event_from_stop (stop, ruleset->id, region);
      gint64 existing = find_manual_stop (doc, stop);

      if (existing < 0)
        continue;
      event->id = existing;
      if (existing > 0 ? !qw_document_update_event (doc, event, error)
                       : !qw_document_add_event (doc, event, error))
        {
          qw_document_rollback (doc);
          return FALSE;
        }
      if (existing > 0)
        n_replaced++;
      else
        n_added++;
    }
  if (!qw_document_commit (doc, error))
    return FALSE;
  if (added != NULL)
    *added = n_added;
  if (replaced != NULL)
    *replaced = n_replaced;
  qw_document_emit_changed (doc, "region");
  return TRUE;
}

/* Typed-in stops and deletions */

/* Another stop of the region (the national final aside) with the same level
 * and name. */
static gboolean
name_taken (QwDocument          *doc,
            const QwStopSummary *stop,
            const QwEvent       *original,
            GError             **error)
{
  g_autoptr(GPtrArray) events = qw_document_list_events (doc, error);

  if (events == NULL)
    return TRUE;
  for (guint i = 0; i < events->len; i++)
    {
      const QwEvent *e = g_ptr_array_index (events, i);

      if (e->level == QW_LEVEL_NATIONAL_FINAL || (original != NULL && e->id == original->id))
        continue;
      if (e->level == stop->level && g_strcmp0 (e->name, stop->name) == 0)
        {
          g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                       _("The region lists a %s named “%s” already; edit that one instead"),
                       qw_level_to_chinese (stop->level), stop->name);
          return TRUE;
        }
    }
  return FALSE;
}

/**
 * qw_region_save_stop:
 * @original: (nullable): the typed-in stop edited, or %NULL for a new one
 *
 * Adds or updates a typed-in stop, as one step.
 */
gboolean
qw_region_save_stop (QwDocument           *doc,
                     const QwStopSummary  *stop,
                     const QwEvent        *original,
                     GError              **error)
{
  g_autoptr(GPtrArray) one = g_ptr_array_new ();
  g_autofree char *label = NULL;
  int added = 0, replaced = 0;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);

  if (stop->name == NULL || stop->name[0] == '\0')
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("Give the stop’s official name"));
      return FALSE;
    }
  if (name_taken (doc, stop, original, error))
    return FALSE;
  g_ptr_array_add (one, (gpointer) stop);
  label = original != NULL ? g_strdup_printf (_("Editing the stop %s"), stop->name)
                           : g_strdup_printf (_("Adding the stop %s"), stop->name);
  if (!qw_document_begin_step (doc, label, error))
    return FALSE;
  /* Renamed: the stop is found by its name, so the old one goes first. */
  if ((original != NULL && !qw_document_delete_stop (doc, original->id, error))
      || !qw_document_import_stops (doc, one, &added, &replaced, error))
    {
      qw_document_rollback (doc);
      return FALSE;
    }
  return qw_document_commit (doc, error);
}

void
qw_stops_backup_free (QwStopsBackup *backup)
{
  if (backup == NULL)
    return;
  g_ptr_array_unref (backup->results);
  g_ptr_array_unref (backup->manual);
  g_free (backup);
}

/**
 * qw_region_backup_stops:
 * @events: (element-type QwEvent): imported or typed-in stops
 *
 * Returns: what qw_region_restore_stops() needs to put the stops back
 */
QwStopsBackup *
qw_region_backup_stops (QwDocument  *doc,
                        GPtrArray   *events,
                        GError     **error)
{
  g_autoptr(QwStopsBackup) backup = g_new0 (QwStopsBackup, 1);

  backup->results = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_results_free);
  backup->manual = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_stop_summary_free);
  for (guint i = 0; i < events->len; i++)
    {
      const QwEvent *e = g_ptr_array_index (events, i);
      QwStopSummary *s;
      QwResults *results;

      if (e->source == QW_SOURCE_IMPORTED)
        {
          if ((results = qw_document_imported_results (doc, e->id, error)) == NULL)
            return NULL;
          g_ptr_array_add (backup->results, results);
          continue;
        }
      s = qw_stop_summary_new ();
      s->name = g_strdup (e->name);
      s->level = e->level;
      s->host_level = e->host_level;
      s->host = g_strdup (e->host);
      s->prefecture = g_strdup (e->prefecture);
      s->county_city = g_strdup (e->county_city);
      s->honours = g_strdup (e->honours);
      s->participants = e->participants;
      g_ptr_array_add (backup->manual, s);
    }
  return g_steal_pointer (&backup);
}

/**
 * qw_region_delete_stops:
 * @events: (element-type QwEvent): imported or typed-in stops
 *
 * Deletes the stops as one step. A stop run in this document is not deleted
 * here (its entries and games would go with it).
 */
gboolean
qw_region_delete_stops (QwDocument  *doc,
                        GPtrArray   *events,
                        GError     **error)
{
  g_autofree char *label = NULL;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);

  for (guint i = 0; i < events->len; i++)
    {
      const QwEvent *e = g_ptr_array_index (events, i);

      if (e->source == QW_SOURCE_LOCAL)
        {
          g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                       _("%s is run in this document; it cannot be deleted from the region’s list"), e->name);
          return FALSE;
        }
    }
  label = events->len == 1
          ? g_strdup_printf (_("Deleting %s"), ((QwEvent *) g_ptr_array_index (events, 0))->name)
          : g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Deleting %u stop", "Deleting %u stops", events->len),
                             events->len);
  if (!qw_document_begin_step (doc, label, error))
    return FALSE;
  for (guint i = 0; i < events->len; i++)
    if (!qw_document_delete_stop (doc, ((QwEvent *) g_ptr_array_index (events, i))->id, error))
      {
        qw_document_rollback (doc);
        return FALSE;
      }
  return qw_document_commit (doc, error);
}

/* Puts deleted stops back, as one step. */
gboolean
qw_region_restore_stops (QwDocument           *doc,
                         const QwStopsBackup  *backup,
                         GError              **error)
{
  guint n = backup->results->len + backup->manual->len;
  g_autofree char *label = NULL;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);

  if (n == 1)
    label = g_strdup_printf (_("Restoring %s"),
                             backup->results->len > 0
                             ? ((QwResults *) g_ptr_array_index (backup->results, 0))->event->name
                             : ((QwStopSummary *) g_ptr_array_index (backup->manual, 0))->name);
  else
    label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Restoring %u stop", "Restoring %u stops", n), n);
  if (!qw_document_begin_step (doc, label, error))
    return FALSE;
  for (guint i = 0; i < backup->results->len; i++)
    if (!qw_document_import_results (doc, g_ptr_array_index (backup->results, i), NULL, NULL, error))
      goto fail;
  if (backup->manual->len > 0 && !qw_document_import_stops (doc, backup->manual, NULL, NULL, error))
    goto fail;
  return qw_document_commit (doc, error);

fail:
  qw_document_rollback (doc);
  return FALSE;
}

/* Standings as received */

static void
qw_received_standing_free (QwReceivedStanding *standing)
{
  if (standing == NULL)
    return;
  g_free (standing->name);
  g_free (standing->unit);
  g_array_unref (standing->tiebreaks);
  g_free (standing);
}

static void
parse_standing_text (QwReceivedStanding *s,
                     const char         *text)
{
  g_auto(GStrv) fields = g_strsplit (text, ";", -1);

  s->place = s->rank;
  for (guint i = 0; fields[i] != NULL; i++)
    {
      if (g_str_has_prefix (fields[i], "place="))
        s->place = (int) g_ascii_strtoll (fields[i] + 6, NULL, 10);
      else if (g_str_has_prefix (fields[i], "values="))
        {
          g_auto(GStrv) values = g_strsplit (fields[i] + 7, " ", -1);

          for (guint v = 0; values[v] != NULL; v++)
            if (values[v][0] != '\0')
              {
                double value = g_ascii_strtod (values[v], NULL);

                g_array_append_val (s->tiebreaks, value);
              }
        }
    }
}

/**
 * qw_document_list_received_standings:
 *
 * Returns: (element-type QwReceivedStanding): a section's standings as they
 *   came in the results file, best first
 */
GPtrArray *
qw_document_list_received_standings (QwDocument  *doc,
                                     gint64       section_id,
                                     GError     **error)
{
  g_autoptr(GPtrArray) stored = qw_document_list_standing_records (doc, section_id, error);
  GPtrArray *rows;

  if (stored == NULL)
    return NULL;
  rows = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_received_standing_free);
  for (guint i = 0; i < stored->len; i++)
    {
      const QwStandingRecord *row = g_ptr_array_index (stored, i);
      QwReceivedStanding *s = g_new0 (QwReceivedStanding, 1);

      s->rank = row->rank;
      s->entry_id = row->entry_id;
      s->no = row->no;
      s->name = g_strdup (row->name);
      s->unit = g_strdup (row->unit);
      s->points = row->points;
      s->tiebreaks = g_array_new (FALSE, TRUE, sizeof (double));
      parse_standing_text (s, row->values);
      g_ptr_array_add (rows, s);
    }
  return rows;
}

/* An imported stop, back as results (public exports, nominees, checks) */

/* A "# key=value" line written by section_settings(). */
static char *
settings_value (const char *settings,
                const char *key)
{
  g_auto(GStrv) lines = g_strsplit (settings, "\n", -1);
  g_autofree char *prefix = g_strconcat ("# ", key, "=", NULL);

  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], prefix))
      return g_strdup (lines[i] + strlen (prefix));
  return g_strdup ("");
}

static GStrv
split_list (const char *text)
{
  if (text == NULL || text[0] == '\0')
    return g_new0 (char *, 1);
  return g_strsplit (text, ",", -1);
}

/* @numbers: entry id → 序号, for the stop's entries */
static gboolean
read_games (QwDocument      *doc,
            gint64           section_id,
            GHashTable      *numbers,
            QwResultsGroup  *group,
            GError         **error)
{
  g_autoptr(GPtrArray) games = qw_document_list_games (doc, section_id, error);

  if (games == NULL)
    return FALSE;
  for (guint i = 0; i < games->len; i++)
    {
      const QwGame *stored = g_ptr_array_index (games, i);
      QwResultsGame *g = qw_results_game_new ();

      g->round = stored->round;
      g->board = stored->board;
      g->red = GPOINTER_TO_INT (g_hash_table_lookup (numbers, &stored->red));
      g->black = stored->black != 0 ? GPOINTER_TO_INT (g_hash_table_lookup (numbers, &stored->black)) : 0;
      g_free (g->result);
      g->result = g_strdup (qw_result_to_code (stored->result));
      g->red_fouls = stored->red_fouls;
      g->black_fouls = stored->black_fouls;
      g_free (g->playoff);
      g->playoff = g_strdup (playoff_to_code (stored->playoff));
      g->armageddon = stored->armageddon;
      g_ptr_array_add (group->games, g);
    }
  return TRUE;
}

static gboolean
read_absences (QwDocument      *doc,
               gint64           section_id,
               GHashTable      *numbers,
               QwResultsGroup  *group,
               GError         **error)
{
  g_autoptr(GPtrArray) absences = qw_document_list_absences (doc, section_id, error);

  if (absences == NULL)
    return FALSE;
  for (guint i = 0; i < absences->len; i++)
    {
      const QwAbsence *a = g_ptr_array_index (absences, i);
      QwResultsAbsence out = { GPOINTER_TO_INT (g_hash_table_lookup (numbers, &a->entry_id)), a->round, a->kind,
                               a->points };

      if (out.no > 0)
        g_array_append_val (group->absences, out);
    }
  return TRUE;
}

static gboolean
read_standings (QwDocument      *doc,
                gint64           section_id,
                QwResultsGroup  *group,
                GError         **error)
{
  g_autoptr(GPtrArray) rows = qw_document_list_received_standings (doc, section_id, error);

  if (rows == NULL)
    return FALSE;
  for (guint i = 0; i < rows->len; i++)
    {
      const QwReceivedStanding *r = g_ptr_array_index (rows, i);
      QwResultsStanding *s = qw_results_standing_new ();

      s->rank = r->place;
      s->no = r->no;
      s->points = r->points;
      g_array_append_vals (s->tiebreaks, r->tiebreaks->data, r->tiebreaks->len);
      g_ptr_array_add (group->standings, s);
    }
  return TRUE;
}

/* Moves the entries of @code from @entries into @group. */
static void
take_players (GPtrArray      *entries,
              const char     *code,
              QwResultsGroup *group)
{
  for (guint i = 0; i < entries->len;)
    {
      QwEntry *e = g_ptr_array_index (entries, i);

      if (g_strcmp0 (e->group_code, code) == 0)
        g_ptr_array_add (group->players, g_ptr_array_steal_index (entries, i));
      else
        i++;
    }
}

static gboolean
read_sections (QwDocument  *doc,
               QwResults   *results,
               GPtrArray   *entries,
               GError     **error)
{
  g_autoptr(GPtrArray) rows = qw_document_list_section_records (doc, results->event->id, error);
  g_autoptr(GHashTable) numbers = g_hash_table_new (g_int64_hash, g_int64_equal);

  if (rows == NULL)
    return FALSE;
  for (guint i = 0; i < entries->len; i++)
    {
      QwEntry *e = g_ptr_array_index (entries, i);

      g_hash_table_insert (numbers, &e->id, GINT_TO_POINTER (e->no));
    }
  for (guint i = 0; i < rows->len; i++)
    {
      const QwSectionRecord *row = g_ptr_array_index (rows, i);
      QwResultsGroup *group = qw_results_group_new (row->code);
      g_autofree char *codes = settings_value (row->settings, "received-tiebreaks");
      g_autofree char *names = settings_value (row->settings, "received-tiebreak-names");

      g_ptr_array_add (results->groups, group);
      g_free (group->name);
      group->name = g_strdup (row->name);
      g_free (group->system);
      group->system = g_strdup (row->system);
      group->rounds = row->rounds;
      g_strfreev (group->tiebreak_codes);
      group->tiebreak_codes = split_list (codes);
      g_strfreev (group->tiebreak_names);
      group->tiebreak_names = split_list (names);
      if (!read_games (doc, row->id, numbers, group, error)
          || !read_absences (doc, row->id, numbers, group, error)
          || !read_standings (doc, row->id, group, error))
        return FALSE;
    }
  /* The players move into their groups only now: @numbers points into them. */
  for (guint i = 0; i < results->groups->len; i++)
    {
      QwResultsGroup *group = g_ptr_array_index (results->groups, i);

      g_hash_table_remove_all (numbers);
      take_players (entries, group->code, group);
    }
  return TRUE;
}

static char *
find_uid (QwDocument *doc,
          gint64      event_id)
{
  g_autofree char *id_text = g_strdup_printf ("%" G_GINT64_FORMAT, event_id);
  g_autofree char *key = qw_document_find_meta_key (doc, UID_KEY_PREFIX, id_text);

  if (key == NULL)
    return NULL;
  return g_strdup (key + strlen (UID_KEY_PREFIX));
}

/**
 * qw_document_imported_results:
 *
 * Returns: an imported stop as it was received: event, groups, players,
 *   games and standings (players placed in no group come last)
 */
QwResults *
qw_document_imported_results (QwDocument  *doc,
                              gint64       event_id,
                              GError     **error)
{
  g_autoptr(QwResults) results = qw_results_new ();
  g_autoptr(GPtrArray) entries = NULL;
  QwEvent *event = qw_document_get_event (doc, event_id, error);

  if (event == NULL)
    return NULL;
  qw_event_free (results->event);
  results->event = event;
  if (event->source != QW_SOURCE_IMPORTED)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                   _("“%s” was not imported from a results file"), event->name);
      return NULL;
    }
  results->uid = find_uid (doc, event_id);
  results->digest = g_strdup (event->digest);
  entries = qw_document_list_entries (doc, event_id, error);
  if (entries == NULL || !read_sections (doc, results, entries, error))
    return NULL;
  if (entries->len > 0)
    {
      QwResultsGroup *rest = qw_results_group_new ("");

      g_ptr_array_extend_and_steal (rest->players, g_steal_pointer (&entries));
      g_ptr_array_add (results->groups, rest);
    }
  return g_steal_pointer (&results);
}

/* Summary */

static void
region_stop_free (gpointer data)
{
  QwRegionStop *stop = data;

  qw_event_free (stop->event);
  g_free (stop);
}

void
qw_region_summary_free (QwRegionSummary *summary)
{
  if (summary == NULL)
    return;
  g_free (summary->region);
  g_clear_pointer (&summary->stops, g_ptr_array_unref);
  g_clear_pointer (&summary->warnings, g_ptr_array_unref);
  g_free (summary);
}

/* Preliminaries by first day (undated last), then by name; the final last. */
static int
compare_stops (gconstpointer a,
               gconstpointer b)
{
  const QwRegionStop *x = *(QwRegionStop * const *) a;
  const QwRegionStop *y = *(QwRegionStop * const *) b;
  gboolean x_dated = qw_date_is_set (x->event->start_date);
  gboolean y_dated = qw_date_is_set (y->event->start_date);

  if (x->event->level != y->event->level)
    return x->event->level < y->event->level ? -1 : 1;
  if (x_dated != y_dated)
    return x_dated ? -1 : 1;
  if (x_dated && qw_date_compare (x->event->start_date, y->event->start_date) != 0)
    return qw_date_compare (x->event->start_date, y->event->start_date);
  return g_strcmp0 (x->event->name, y->event->name);
}

/**
 * qw_check_chief_arbiter:
 *
 * Returns: (nullable): why the chief arbiter's grade falls short of the
 *   ruleset's minimum for the event's level, or %NULL when it does not
 */
char *
qw_check_chief_arbiter (const QwRuleset *ruleset,
                        const QwEvent   *event)
{
  const char *min_grade = qw_ruleset_min_arbiter_grade (ruleset, qw_level_to_code (event->level));
  int needed, rank;

  if (min_grade == NULL)
    return NULL;
  needed = qw_ruleset_arbiter_grade_rank (ruleset, min_grade);
  rank = qw_ruleset_arbiter_grade_rank (ruleset, event->chief_arbiter_grade);
  if (event->chief_arbiter == NULL || event->chief_arbiter[0] == '\0')
    return g_strdup_printf (_("%s: no chief arbiter is named; a %s needs one of grade %s or above"),
                            event->name, qw_level_to_chinese (event->level), min_grade);
  if (rank < 0)
    return g_strdup_printf (_("%s: the chief arbiter %s has no known grade (“%s”); a %s needs %s "
                              "or above"),
                            event->name, event->chief_arbiter,
                            event->chief_arbiter_grade != NULL ? event->chief_arbiter_grade : "",
                            qw_level_to_chinese (event->level), min_grade);
  if (rank > needed)
    return g_strdup_printf (_("%s: the chief arbiter %s is %s; a %s needs %s or above"),
                            event->name, event->chief_arbiter, event->chief_arbiter_grade,
                            qw_level_to_chinese (event->level), min_grade);
  return NULL;
}

static QwDate
last_day (const QwEvent *e)
{
  return qw_date_is_set (e->end_date) ? e->end_date : e->start_date;
}

/**
 * qw_region_check_final_dates:
 *
 * Returns: (element-type utf8): warnings: the final does not come after every
 *   preliminary of the region, or ends after the ruleset's deadline
 */
GPtrArray *
qw_region_check_final_dates (const QwRuleset       *ruleset,
                             const QwEvent         *final,
                             const QwRegionSummary *summary)
{
  GPtrArray *warnings = g_ptr_array_new_with_free_func (g_free);
  QwDate end = last_day (final);
  QwDate deadline;
  char day[QW_DATE_ISO_LEN];

  if (!qw_date_is_set (final->start_date))
    {
      g_ptr_array_add (warnings, g_strdup_printf (_("%s has no dates, so they cannot be checked"),
                                                  final->name));
      return warnings;
    }
  for (guint i = 0; ruleset->final_after_preliminaries && i < summary->stops->len; i++)
    {
      const QwEvent *stop = ((QwRegionStop *) g_ptr_array_index (summary->stops, i))->event;
      char stop_day[QW_DATE_ISO_LEN];

      if (stop->level != QW_LEVEL_PRELIMINARY || !qw_date_is_set (last_day (stop))
          || qw_date_compare (final->start_date, last_day (stop)) > 0)
        continue;
      qw_date_to_iso (final->start_date, day);
      qw_date_to_iso (last_day (stop), stop_day);
      g_ptr_array_add (warnings,
                       g_strdup_printf (_("The provincial final starts on %s, but the preliminary %s "
                                          "ends on %s: the final must come after every preliminary"),
                                        day, stop->name, stop_day));
    }
  deadline = qw_ruleset_final_deadline (ruleset, end);
  if (qw_date_is_set (deadline) && qw_date_compare (end, deadline) > 0)
    {
      qw_date_to_iso (end, day);
      g_ptr_array_add (warnings,
                       g_strdup_printf (_("The provincial final ends on %s, after the deadline of "
                                          "%02d-%02d"),
                                        day, ruleset->final_deadline_month, ruleset->final_deadline_day));
    }
  return warnings;
}

/**
 * qw_region_check_rules_published:
 * @published: the day the region published its rules, or unset
 *
 * Returns: (nullable): a warning when the ruleset asks a region to publish
 *   its competition rules by a day (seed 002 §七(二)1: 05-15) and no day
 *   is recorded, or a later one; %NULL when in order. The day itself is
 *   in time.
 */
char *
qw_region_check_rules_published (const QwRuleset *ruleset,
                                 QwDate           published)
{
  QwDate deadline = qw_ruleset_rules_deadline (ruleset);
  char due[QW_DATE_ISO_LEN], day[QW_DATE_ISO_LEN];

  if (!qw_date_is_set (deadline))
    return NULL;
  qw_date_to_iso (deadline, due);
  if (!qw_date_is_set (published))
    return g_strdup_printf (_("The region publishes its competition rules, with how its national-final "
                              "places are decided, by %s; no day of publication is recorded"), due);
  if (qw_date_compare (published, deadline) <= 0)
    return NULL;
  qw_date_to_iso (published, day);
  return g_strdup_printf (_("The region’s competition rules were published on %s, after %s, the day "
                            "they are due"), day, due);
}

const QwRegionStop *
qw_region_summary_final (const QwRegionSummary *summary)
{
  for (guint i = 0; i < summary->stops->len; i++)
    {
      const QwRegionStop *stop = g_ptr_array_index (summary->stops, i);

      if (stop->event->level == QW_LEVEL_PROVINCIAL_FINAL)
        return stop;
    }
  return NULL;
}

static void
add_warnings (const QwRuleset *ruleset,
              QwRegionSummary *summary)
{
  const QwRegionStop *final = qw_region_summary_final (summary);
  int n_finals = 0;

  for (guint i = 0; i < summary->stops->len; i++)
    {
      const QwRegionStop *stop = g_ptr_array_index (summary->stops, i);
      char *warning;

      if (stop->event->level == QW_LEVEL_PROVINCIAL_FINAL)
        n_finals++;
      /* A stop typed in by hand says nothing about its arbiter. */
      if (stop->event->source != QW_SOURCE_MANUAL
          && (warning = qw_check_chief_arbiter (ruleset, stop->event)) != NULL)
        g_ptr_array_add (summary->warnings, warning);
    }
  if (n_finals > 1)
    g_ptr_array_add (summary->warnings,
                     g_strdup_printf (_("The region lists %d provincial finals; it holds one"), n_finals));
  if (final != NULL && final->event->source != QW_SOURCE_MANUAL)
    {
      g_autoptr(GPtrArray) dates = qw_region_check_final_dates (ruleset, final->event, summary);

      g_ptr_array_extend_and_steal (summary->warnings, g_steal_pointer (&dates));
    }
}

/**
 * qw_document_region_summary:
 *
 * Returns: every stop with its level, host, participants and validity, the
 *   region's totals and the warnings
 */
QwRegionSummary *
qw_document_region_summary (QwDocument       *doc,
                            const QwRuleset  *ruleset,
                            GError          **error)
{
  g_autoptr(QwRegionSummary) summary = g_new0 (QwRegionSummary, 1);
  g_autoptr(GPtrArray) events = qw_document_list_events (doc, error);

  if (events == NULL)
    return NULL;
  summary->region = qw_document_get_meta (doc, "region");
  if (summary->region == NULL)
    summary->region = g_strdup ("");
  summary->stops = g_ptr_array_new_with_free_func (region_stop_free);
  summary->warnings = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < events->len; i++)
    {
      const QwEvent *event = g_ptr_array_index (events, i);
      QwRegionStop *stop;

      if (event->level == QW_LEVEL_NATIONAL_FINAL)
        continue;
      stop = g_new0 (QwRegionStop, 1);
      stop->event = qw_event_copy (event);
      stop->participants = stop->event->source == QW_SOURCE_MANUAL
                           ? stop->event->participants
                           : qw_document_count_participants (doc, stop->event->id);
      stop->valid = stop->event->level == QW_LEVEL_PRELIMINARY
                    && stop->participants >= ruleset->valid_stop_min_players;
      if (stop->event->level == QW_LEVEL_PRELIMINARY)
        {
          summary->n_preliminaries++;
          summary->n_valid += stop->valid;
          summary->participants += stop->participants;
        }
      else
        {
          summary->final = TRUE;
          if (ruleset->participants_include_final)
            summary->participants += stop->participants;
        }
      g_ptr_array_add (summary->stops, stop);
    }
  g_ptr_array_sort (summary->stops, compare_stops);
  add_warnings (ruleset, summary);
  if (qw_document_get_kind (doc) == QW_DOCUMENT_REGION)
    {
      char *warning;

      summary->rules_published = qw_document_region_get_rules_published (doc);
      warning = qw_region_check_rules_published (ruleset, summary->rules_published);
      if (warning != NULL)
        g_ptr_array_add (summary->warnings, warning);
    }
  return g_steal_pointer (&summary);
}

/**
 * qw_region_summary_quota_stops:
 *
 * Returns: (element-type QwStopSummary): the stops as qw_quota_compute() takes them
 */
GPtrArray *
qw_region_summary_quota_stops (const QwRegionSummary *summary)
{
  GPtrArray *stops = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_stop_summary_free);

  for (guint i = 0; i < summary->stops->len; i++)
    {
      const QwRegionStop *r = g_ptr_array_index (summary->stops, i);
      QwStopSummary *s = qw_stop_summary_new ();

      s->name = g_strdup (r->event->name);
      s->level = r->event->level;
      s->host_level = r->event->host_level;
      s->host = g_strdup (r->event->host);
      s->prefecture = g_strdup (r->event->prefecture);
      s->county_city = g_strdup (r->event->county_city);
      s->honours = g_strdup (r->event->honours);
      s->participants = r->participants;
      g_ptr_array_add (stops, s);
    }
  return stops;
}

/* The provincial final's entries against the preliminaries */

static void
qw_final_entry_check_free (QwFinalEntryCheck *check)
{
  if (check == NULL)
    return;
  qw_entry_free (check->entry);
  g_free (check->stops);
  g_free (check->message);
  g_free (check);
}

/* ID number → the names of the preliminaries it played, joined by 、. */
static GHashTable *
preliminary_players (QwDocument  *doc,
                     int         *n_unchecked,
                     GError     **error)
{
  g_autoptr(GHashTable) players = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GPtrArray) events = qw_document_list_events (doc, error);

  if (events == NULL)
    return NULL;
  *n_unchecked = 0;
  for (guint i = 0; i < events->len; i++)
    {
      const QwEvent *event = g_ptr_array_index (events, i);
      g_autoptr(GPtrArray) entries = NULL;

      if (event->level != QW_LEVEL_PRELIMINARY)
        continue;
      if (event->source == QW_SOURCE_MANUAL)
        {
          (*n_unchecked)++;
          continue;
        }
      entries = qw_document_list_entries (doc, event->id, error);
      if (entries == NULL)
        return NULL;
      for (guint j = 0; j < entries->len; j++)
        {
          char *key = qw_entry_identity_key (g_ptr_array_index (entries, j));
          const char *before;

          if (key == NULL)
            continue;
          before = g_hash_table_lookup (players, key);
          g_hash_table_replace (players, key,
                                before != NULL ? g_strconcat (before, "、", event->name, NULL)
                                               : g_strdup (event->name));
        }
    }
  return g_steal_pointer (&players);
}

/**
 * qw_document_region_check_final_entries:
 * @entries: (element-type QwEntry): the provincial final's entries
 * @n_unchecked_stops: (out): preliminaries typed in without players, which
 *   cannot be checked against
 *
 * Only players of a preliminary may enter the provincial final (七(二)4(4)):
 * each entry is looked up by ID number among the region's preliminaries.
 *
 * Returns: (element-type QwFinalEntryCheck): one per entry, in order
 */
GPtrArray *
qw_document_region_check_final_entries (QwDocument  *doc,
                                        GPtrArray   *entries,
                                        int         *n_unchecked_stops,
                                        GError     **error)
{
  g_autoptr(GHashTable) players = preliminary_players (doc, n_unchecked_stops, error);
  GPtrArray *checks;

  if (players == NULL)
    return NULL;
  checks = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_final_entry_check_free);
  for (guint i = 0; i < entries->len; i++)
    {
      const QwEntry *entry = g_ptr_array_index (entries, i);
      QwFinalEntryCheck *check = g_new0 (QwFinalEntryCheck, 1);
      g_autofree char *key = qw_entry_identity_key (entry);
      g_autofree char *masked = qw_idcard_mask (entry->id_number);
      const char *stops = key != NULL ? g_hash_table_lookup (players, key) : NULL;

      check->entry = qw_entry_copy (entry);
      check->played = stops != NULL;
      check->stops = g_strdup (stops != NULL ? stops : "");
      if (key == NULL)
        check->message = g_strdup_printf (_("%s has no ID number, so it cannot be checked against "
                                            "the preliminaries"), entry->name);
      else if (stops == NULL)
        check->message = g_strdup_printf (_("%s (%s) played in no preliminary of this region"),
                                          entry->name, masked);
      g_ptr_array_add (checks, check);
    }
  return checks;
}
