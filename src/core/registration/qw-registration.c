/* qw-registration.c: the registration desk's actions on a document
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-registration"

#include "config.h"

#include <glib/gi18n-lib.h>

#include <stdlib.h>
#include <string.h>

#include "qw-document-entries.h"
#include "qw-document-play.h"
#include "qw-cancelled-finalists.h"
#include "qw-entry-check.h"
#include "qw-error.h"
#include "qw-event-check.h"
#include "qw-message.h"
#include "qw-registration.h"
#include "qw-import-memory.h"
#include "qw-document-import-memory.h"

QwDate
qw_registration_event_date (const QwEvent *event)
{
  return qw_date_is_set (event->start_date) ? event->start_date : qw_date_today ();
}

void
qw_registration_place (const QwRuleset *ruleset,
                       const QwEvent   *event,
                       GPtrArray       *entries)
{
  qw_entries_place (ruleset, entries, qw_registration_event_date (event));
}

/* What a service writes in its step. */
typedef struct
{
  const QwEvent *event;
  QwEntry       *entry;        /* the entry added or edited */
  const QwEntry *stored;       /* edited: as it was */
  GPtrArray     *entries;      /* added */
  const gint64  *ids;          /* deleted */
  guint          n_ids;
} EntriesJob;

static gboolean
add_entries_step (QwDocument  *doc,
                  gpointer     data,
                  GError     **error)
{
  EntriesJob *job = data;

  return qw_document_add_entries (doc, job->event->id, job->entries, error);
}

static gboolean leave_old_group (QwDocument     *doc,
                                 const QwEntry  *before,
                                 const QwEntry  *after,
                                 GError        **error);

static gboolean
update_entry_step (QwDocument  *doc,
                   gpointer     data,
                   GError     **error)
{
  EntriesJob *job = data;

  /* The fields changed by hand stay when a later list brings what the
   * earlier one did (qw-import-memory.h). */
  return qw_document_update_entry (doc, job->entry, error) && leave_old_group (doc, job->stored, job->entry, error)
         && qw_import_memo_mark_edit (doc, job->stored, job->entry, error);
}

static gboolean
delete_entries_step (QwDocument  *doc,
                     gpointer     data,
                     GError     **error)
{
  EntriesJob *job = data;

  return qw_document_delete_entries (doc, job->ids, job->n_ids, error);
}

static gboolean
update_event_step (QwDocument  *doc,
                   gpointer     data,
                   GError     **error)
{
  EntriesJob *job = data;

  return qw_document_update_event (doc, job->event, error);
}

/* Whether round 1 of the group @code has been paired. */
static gboolean
group_started (QwDocument    *doc,
               const QwEvent *event,
               const char    *code)
{
  g_autoptr(QwSection) section = NULL;

  if (code == NULL || *code == '\0')
    return FALSE;
  section = qw_document_get_section (doc, event->id, code, NULL);
  return section != NULL && qw_document_last_round (doc, section->id) >= 1;
}

/* An entry that is new to its group (added, or moved before it was paired):
 * it waits as a late entry when the group has started, and plays from the
 * start when it has not. Withdrawn and excluded entries stay so. The rounds
 * it missed in the group it leaves are no longer its own: see
 * leave_old_group(). */
static void
settle_new_in_group (QwDocument    *doc,
                     const QwEvent *event,
                     QwEntry       *entry)
{
  if (entry->status != QW_STATUS_ACTIVE && entry->status != QW_STATUS_LATE)
    return;
  entry->status = group_started (doc, event, entry->group_code) ? QW_STATUS_LATE : QW_STATUS_ACTIVE;
}

/* The same for the many entries of an import: whether a group has started
 * is asked of the document once per group (@started: code → 1 or 2). */
static void
settle_imported (QwDocument    *doc,
                 const QwEvent *event,
                 GHashTable    *started,
                 QwEntry       *entry)
{
  const char *code = entry->group_code != NULL ? entry->group_code : "";
  guint known;

  if (entry->status != QW_STATUS_ACTIVE && entry->status != QW_STATUS_LATE)
    return;
  known = GPOINTER_TO_UINT (g_hash_table_lookup (started, code));
  if (known == 0)
    {
      known = group_started (doc, event, code) ? 2 : 1;
      g_hash_table_insert (started, g_strdup (code), GUINT_TO_POINTER (known));
    }
  entry->status = known == 2 ? QW_STATUS_LATE : QW_STATUS_ACTIVE;
}

/* Inside the step that stores @after: when it moved to another group, the
 * rounds it was admitted as missing in the old one go (a late entry admitted
 * there and moved before it played). */
static gboolean
leave_old_group (QwDocument     *doc,
                 const QwEntry  *before,
                 const QwEntry  *after,
                 GError        **error)
{
  if (g_strcmp0 (before->group_code, after->group_code) == 0)
    return TRUE;
  return qw_document_delete_entry_absences (doc, after->id, QW_ABSENCE_LATE, error);
}

gboolean
qw_registration_add_entry (QwDocument       *doc,
                           const QwRuleset  *ruleset,
                           const QwEvent    *event,
                           QwEntry          *entry,
                           GError          **error)
{
  g_autoptr(GPtrArray) one = g_ptr_array_new ();
  g_autofree char *label = NULL;
  EntriesJob job;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);

  entry->event_id = event->id;
  qw_entry_fill_from_id (entry);
  g_ptr_array_add (one, entry);
  qw_registration_place (ruleset, event, one);
  settle_new_in_group (doc, event, entry);
  label = qw_message_printf (N_("Adding %s"), entry->name);
  job = (EntriesJob) { event, entry, NULL, one, NULL, 0 };
  return qw_document_run_step (doc, label, add_entries_step, &job, error);
}

gboolean
qw_registration_update_entry (QwDocument       *doc,
                              const QwRuleset  *ruleset,
                              const QwEvent    *event,
                              QwEntry          *entry,
                              GError          **error)
{
  g_autoptr(QwEntry) stored = NULL;
  g_autofree char *label = NULL;
  EntriesJob job;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);

  stored = qw_document_get_entry (doc, entry->id, error);
  if (stored == NULL)
    return FALSE;
  qw_entry_fill_from_id (entry);
  /* The first pairing fixes the group. */
  if (!qw_document_entry_has_games (doc, entry->id))
    {
      g_autoptr(GPtrArray) one = g_ptr_array_new ();

      g_clear_pointer (&entry->group_code, g_free);
      g_ptr_array_add (one, entry);
      qw_registration_place (ruleset, event, one);
      if (g_strcmp0 (entry->group_code, stored->group_code) != 0)
        settle_new_in_group (doc, event, entry);
    }
  label = qw_message_printf (N_("Editing %s"), entry->name);
  job = (EntriesJob) { event, entry, stored, NULL, NULL, 0 };
  return qw_document_run_step (doc, label, update_entry_step, &job, error);
}

gboolean
qw_registration_delete_entries (QwDocument  *doc,
                                GPtrArray   *entries,
                                GError     **error)
{
  g_autofree gint64 *ids = g_new (gint64, MAX (entries->len, 1));
  g_autofree char *label = NULL;
  EntriesJob job;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);

  if (entries->len == 0)
    return TRUE;
  for (guint i = 0; i < entries->len; i++)
    ids[i] = ((QwEntry *) g_ptr_array_index (entries, i))->id;
  label = entries->len == 1
          ? qw_message_printf (N_("Deleting %s"), ((QwEntry *) g_ptr_array_index (entries, 0))->name)
          : qw_message_plural ("Deleting %u entry", "Deleting %u entries", entries->len,
                             entries->len);
  job = (EntriesJob) { NULL, NULL, NULL, NULL, ids, entries->len };
  return qw_document_run_step (doc, label, delete_entries_step, &job, error);
}

/* Importing */

static void
import_row_free (gpointer data)
{
  QwImportRow *r = data;

  g_free (r->name);
  g_free (r->reason);
  g_free (r);
}

void
qw_import_report_free (QwImportReport *report)
{
  if (report == NULL)
    return;
  g_free (report->encoding);
  g_clear_pointer (&report->rows, g_ptr_array_unref);
  g_clear_pointer (&report->late_entries, g_ptr_array_unref);
  g_free (report);
}

static QwImportReport *
import_report_new (void)
{
  QwImportReport *report = g_new0 (QwImportReport, 1);

  report->rows = g_ptr_array_new_with_free_func (import_row_free);
  report->late_entries = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_entry_free);
  return report;
}

static gboolean
blank (const char *text)
{
  if (text == NULL)
    return TRUE;
  for (; *text != '\0'; text = g_utf8_next_char (text))
    if (!g_unichar_isspace (g_utf8_get_char (text)))
      return FALSE;
  return TRUE;
}

/* Name, birth date and unit: who a row without an ID number is. The birth
 * date in ISO form when it can be read, so that 1990/5/6 is 1990-05-06. */
static int
compare_strings (const char **a,
                 const char **b)
{
  return strcmp (*a, *b);
}

/* The birth date a person is known by: the one given, in ISO form when it
 * can be read, else the one the resident ID number gives (as
 * qw_entry_fill_from_id() fills it in). */
static char *
known_birth (const QwEntry *entry)
{
  QwDate date;

  if (blank (entry->birth))
    {
      QwIdInfo info;

      if (entry->doc_kind == QW_DOC_RESIDENT_ID && !blank (entry->id_number))
        {
          qw_idcard_parse (entry->id_number, &info);
          if (info.valid)
            return qw_date_to_iso_dup (info.birth);
        }
      return g_strdup ("");
    }
  return qw_date_parse (entry->birth, &date) ? qw_date_to_iso_dup (date) : g_strstrip (g_strdup (entry->birth));
}

static char *
person_key (const QwEntry *entry)
{
  g_autofree char *name = NULL, *unit = NULL, *birth = NULL;

  /* A pair: its members', in either order; none unless each member has one. */
  if (qw_entry_is_pair (entry))
    {
      g_autoptr(GPtrArray) keys = g_ptr_array_new_with_free_func (g_free);
      g_autofree char *joined = NULL;

      for (guint i = 0; i < entry->members->len; i++)
        {
          char *key = person_key (g_ptr_array_index (entry->members, i));

          if (key == NULL)
            return NULL;
          g_ptr_array_add (keys, key);
        }
      g_ptr_array_sort (keys, (GCompareFunc) (void (*) (void)) compare_strings);
      g_ptr_array_add (keys, NULL);
      joined = g_strjoinv ("\x1e", (char **) keys->pdata);
      return g_strconcat ("pair\x1e", joined, NULL);
    }
  if (blank (entry->name))
    return NULL;
  name = g_strstrip (g_strdup (entry->name));
  unit = g_strstrip (g_strdup (entry->unit != NULL ? entry->unit : ""));
  birth = known_birth (entry);
  return g_strjoin ("\x1f", name, birth, unit, NULL);
}

/* Where a row may match an entry: anywhere in the event, or in the same
 * group when one person may enter several groups (the 2022 final). @key is
 * taken. */
static char *
scoped_key (const QwRuleset *ruleset,
            const char      *group,
            char            *key)
{
  char *scoped;

  if (key == NULL || !ruleset->duplicates_per_group)
    return key;
  scoped = g_strconcat (group != NULL ? group : "", "\x1f", key, NULL);
  g_free (key);
  return scoped;
}

/* The group a row would be placed in. */
static char *
row_group (const QwRuleset *ruleset,
           const QwEvent   *event,
           const QwEntry   *row)
{
  g_autoptr(QwEntry) copy = qw_entry_copy (row);
  g_autoptr(GPtrArray) one = g_ptr_array_new ();

  g_clear_pointer (&copy->group_code, g_free);
  g_ptr_array_add (one, copy);
  qw_registration_place (ruleset, event, one);
  return g_steal_pointer (&copy->group_code);
}

/* The document's entries by a key (an ID number's, or a person's), in 序号
 * order: all of them, and those without an ID number. An entry matched by
 * one row is not matched by another (@taken); a queue drops the matched
 * entries at its head as it is read, so that every row finds its match at
 * once however many entries share a key (the scan it replaced went over
 * the matched ones again for every row). */
typedef struct
{
  GQueue all;
  GQueue without_id;
} Candidates;

static void
candidates_free (Candidates *c)
{
  g_queue_clear (&c->all);
  g_queue_clear (&c->without_id);
  g_free (c);
}

static GHashTable *
index_new (void)
{
  return g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) candidates_free);
}

/* @key is taken. */
static void
index_add (GHashTable *index,
           char       *key,
           QwEntry    *entry)
{
  Candidates *c;

  if (key == NULL)
    return;
  c = g_hash_table_lookup (index, key);
  if (c == NULL)
    {
      c = g_new0 (Candidates, 1);
      g_hash_table_insert (index, key, c);
    }
  else
    g_free (key);
  g_queue_push_tail (&c->all, entry);
  if (blank (entry->id_number))
    g_queue_push_tail (&c->without_id, entry);
}

/* The first entry of @key not matched yet (only one without an ID number
 * when @without_id_only), now matched. */
static QwEntry *
index_take (GHashTable *index,
            const char *key,
            GHashTable *taken,
            gboolean    without_id_only)
{
  Candidates *c = key != NULL ? g_hash_table_lookup (index, key) : NULL;
  GQueue *queue;
  QwEntry *e;

  if (c == NULL)
    return NULL;
  queue = without_id_only ? &c->without_id : &c->all;
  while ((e = g_queue_pop_head (queue)) != NULL)
    if (g_hash_table_add (taken, e))
      return e;
  return NULL;
}

static void
take_text (char       **field,
           const char  *value)
{
  if (blank (value))
    return;
  g_free (*field);
  *field = g_strdup (value);
}

/* The person's fields of @row over @merged's (a player or a member). */
static void
merge_person (QwEntry       *merged,
              const QwEntry *row)
{
  take_text (&merged->name, row->name);
  if (row->sex != QW_SEX_UNKNOWN)
    merged->sex = row->sex;
  take_text (&merged->birth, row->birth);
  if (!blank (row->id_number))
    {
      take_text (&merged->id_number, row->id_number);
      merged->doc_kind = row->doc_kind;
    }
  take_text (&merged->unit, row->unit);
  take_text (&merged->grade, row->grade);
  take_text (&merged->phone, row->phone);
  take_text (&merged->account, row->account);
}

/* Whether @a and @b are the same person: the same document, or without one
 * the same name, birth date and unit. */
static gboolean
same_person (const QwEntry *a,
             const QwEntry *b)
{
  g_autofree char *ka = qw_entry_identity_key (a), *kb = qw_entry_identity_key (b);
  g_autofree char *pa = NULL, *pb = NULL;

  if (ka != NULL && kb != NULL)
    return g_str_equal (ka, kb);
  pa = person_key (a);
  pb = person_key (b);
  return pa != NULL && pb != NULL && g_str_equal (pa, pb);
}

/* A pair row over the pair it matched: each member of the row over the
 * stored member it is (a row may list them the other way round). */
static void
merge_pair (QwEntry       *merged,
            const QwEntry *row)
{
  gboolean swapped = merged->members->len == 2 && row->members->len == 2
                     && same_person (g_ptr_array_index (merged->members, 0), g_ptr_array_index (row->members, 1))
                     && !same_person (g_ptr_array_index (merged->members, 0),
                                      g_ptr_array_index (row->members, 0));

  for (guint i = 0; i < row->members->len; i++)
    {
      guint into = swapped ? 1 - i : i;

      if (into < merged->members->len)
        merge_person (g_ptr_array_index (merged->members, into), g_ptr_array_index (row->members, i));
      else
        qw_entry_add_member (merged, qw_entry_copy (g_ptr_array_index (row->members, i)));
    }
  take_text (&merged->relation, row->relation);
  take_text (&merged->declared_group, row->declared_group);
  if (row->rating > 0)
    merged->rating = row->rating;
  qw_entry_fill_from_id (merged);
}

/* The stored entry with the row's non-empty fields over it. */
static QwEntry *
merge_row (const QwEntry *stored,
           const QwEntry *row)
{
  QwEntry *merged = qw_entry_copy (stored);

  take_text (&merged->registered, row->registered);
  /* A list says a stamped form was received; it never takes one back. */
  merged->form_stamped = merged->form_stamped || row->form_stamped;
  if (qw_entry_is_pair (row) && qw_entry_is_pair (merged))
    {
      merge_pair (merged, row);
      return merged;
    }
  take_text (&merged->name, row->name);
  if (row->sex != QW_SEX_UNKNOWN)
    merged->sex = row->sex;
  take_text (&merged->birth, row->birth);
  if (!blank (row->id_number))
    {
      take_text (&merged->id_number, row->id_number);
      merged->doc_kind = row->doc_kind;
    }
  take_text (&merged->unit, row->unit);
  take_text (&merged->grade, row->grade);
  take_text (&merged->phone, row->phone);
  take_text (&merged->account, row->account);
  take_text (&merged->declared_group, row->declared_group);
  if (row->rating > 0)
    merged->rating = row->rating;
  qw_entry_fill_from_id (merged);
  return merged;
}

static QwImportRow *
report_row (QwImportReport  *report,
            int              row,
            QwRowOutcome  outcome,
            const char      *name,
            char            *reason)
{
  QwImportRow *r = g_new0 (QwImportRow, 1);

  r->row = row;
  r->outcome = outcome;
  r->name = g_strdup (name != NULL ? name : "");
  r->reason = reason;
  g_ptr_array_add (report->rows, r);
  switch (outcome)
    {
    case QW_ROW_ADDED:
      report->added++;
      break;
    case QW_ROW_UPDATED:
      report->updated++;
      break;
    case QW_ROW_UNCHANGED:
      report->unchanged++;
      break;
    case QW_ROW_REJECTED:
    default:
      report->rejected++;
      break;
    }
  return r;
}

/* What happened to each row, before anything is written. */
typedef struct
{
  QwImportRow  *row;
  QwEntry      *stored;  /* not owned: the entry the row is stored as (the row's own entry when
                          * added, the merged one when updated, the matched one when unchanged) */
  QwEntry      *match;   /* not owned: the stored entry it matched, as it was; NULL when added */
  QwImportMemo *memo;    /* owned: what the import leaves remembered for an updated player's
                          * entry (qw-import-memory.h); NULL otherwise (an added entry's is
                          * written from it as stored) */
} Outcome;

/* The memory of the entries of the event that have one: as stored, by
 * entry (read when a row matches it), and the entries with a correction by
 * what the last list said. */
typedef struct
{
  GHashTable *stored;      /* entry id → QwImportedEntry */
  GHashTable *by_imported; /* index (index_new()) of the entries with a correction */
} Memory;

static void
memo_free (QwImportMemo *memo)
{
  if (memo == NULL)
    return;
  qw_import_memo_clear (memo);
  g_free (memo);
}

static void
memory_clear (Memory *m)
{
  g_clear_pointer (&m->stored, g_hash_table_unref);
  g_clear_pointer (&m->by_imported, g_hash_table_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Memory, memory_clear)

static int
compare_rows (gconstpointer a,
              gconstpointer b)
{
  const QwImportRow *ra = *(QwImportRow * const *) a, *rb = *(QwImportRow * const *) b;

  return ra->row - rb->row;
}

/* The event's entries as the import leaves them, in 序号 order: the stored
 * ones (@updated: the merged entry of each one a row changed) and then the
 * added ones, which were numbered after them. The same as reading them
 * again, without a second copy of the event in memory. */
static GPtrArray *
entries_after (GPtrArray  *existing,
               GHashTable *updated,
               GPtrArray  *added)
{
  GPtrArray *after = g_ptr_array_sized_new (existing->len + added->len);

  for (guint i = 0; i < existing->len; i++)
    {
      QwEntry *e = g_ptr_array_index (existing, i);
      QwEntry *merged = g_hash_table_lookup (updated, e);

      g_ptr_array_add (after, merged != NULL ? merged : e);
    }
  for (guint i = 0; i < added->len; i++)
    g_ptr_array_add (after, g_ptr_array_index (added, i));
  return after;
}

/* The problems of each of @entries (qw_entry_check_all()); the checks'
 * details are given back at once. */
static guint *
problems_of (QwDocument      *doc,
             const QwRuleset *ruleset,
             const QwEvent   *event,
             GPtrArray       *entries)
{
  g_autofree QwEntryCheck *checks = g_new0 (QwEntryCheck, MAX (entries->len, 1));
  guint *problems = g_new0 (guint, MAX (entries->len, 1));
  QwCheckOptions options = { qw_registration_event_date (event), FALSE };

  qw_entry_check_all (ruleset, entries, &options, checks);
  qw_registration_mark_cancelled (doc, entries, checks);
  for (guint i = 0; i < entries->len; i++)
    problems[i] = checks[i].problems;
  return problems;
}

static int
compare_no (gconstpointer key,
            gconstpointer item)
{
  const QwEntry *a = key, *b = *(QwEntry * const *) item;

  return (a->no > b->no) - (a->no < b->no);
}

/* Where @entry is among @existing (in 序号 order). */
static guint
position_in (GPtrArray     *existing,
             const QwEntry *entry)
{
  QwEntry **found = bsearch (entry, existing->pdata, existing->len, sizeof (gpointer), compare_no);

  g_assert (found != NULL);
  return (guint) (found - (QwEntry **) existing->pdata);
}

/* The entries that the import left waiting as late entries: added to a
 * group that has started, or moved into one. */
static void
collect_late (QwImportReport *report,
              GPtrArray      *added,
              GPtrArray      *before,
              GPtrArray      *after)
{
  for (guint i = 0; i < added->len; i++)
    {
      const QwEntry *e = g_ptr_array_index (added, i);

      if (e->status == QW_STATUS_LATE)
        g_ptr_array_add (report->late_entries, qw_entry_copy (e));
    }
  for (guint i = 0; i < after->len; i++)
    {
      const QwEntry *b = g_ptr_array_index (before, i), *a = g_ptr_array_index (after, i);

      if (a->status == QW_STATUS_LATE && b->status != QW_STATUS_LATE)
        g_ptr_array_add (report->late_entries, qw_entry_copy (a));
    }
}

/* Where each row goes, by the indexes of the stored entries: added, or
 * merged into the entry it matched (kept in @updated_after when that
 * changed it, with the entry as it was in @updated_before). */
static char *listed_key (const char *id_number,
                         const char *name);
static guint remember_row (Memory        *memory,
                           Outcome       *o,
                           const QwEntry *row,
                           QwEntry       *merged);

static Outcome
match_row (QwDocument         *doc,
           const QwRuleset    *ruleset,
           const QwEvent      *event,
           QwImportReport     *report,
           GHashTable         *by_id,
           GHashTable         *by_person,
           GHashTable         *taken,
           Memory             *memory,
           QwEntry            *row,
           int                 number,
           GPtrArray          *updated_before,
           GPtrArray          *updated_after)
{
  g_autofree char *id_key = NULL, *who = NULL, *group = NULL;
  g_autofree char *as_listed = NULL;
  QwEntry *match = NULL, *merged;
  Outcome o = { NULL, NULL, NULL, NULL };
  guint kept;

  qw_entry_fill_from_id (row);
  group = ruleset->duplicates_per_group ? row_group (ruleset, event, row) : NULL;
  id_key = scoped_key (ruleset, group, qw_entry_identity_key (row));
  who = scoped_key (ruleset, group, person_key (row));
  as_listed = scoped_key (ruleset, group, listed_key (row->id_number, row->name));
  if (id_key != NULL)
    match = index_take (by_id, id_key, taken, FALSE);
  /* An entry corrected by hand since the last list: found by what that
   * list said (its Excel number, the name before the correction). */
  if (match == NULL)
    match = index_take (memory->by_imported, as_listed, taken, FALSE);
  if (match == NULL)
    match = index_take (memory->by_imported, id_key, taken, FALSE);
  if (match == NULL)
    match = index_take (memory->by_imported, who, taken, FALSE);
  /* No number, or a number the document does not know yet: the same
   * person without a number (a first list often has none). */
  if (match == NULL)
    match = index_take (by_person, who, taken, id_key != NULL);
  if (match == NULL)
    {
      row->event_id = event->id;
      row->id = 0;
      row->no = 0;
      o.row = report_row (report, number, QW_ROW_ADDED, row->name, NULL);
      o.stored = row;
      return o;
    }
  merged = merge_row (match, row);
  o.match = match;
  kept = remember_row (memory, &o, row, merged);
  if (!qw_document_entry_has_games (doc, match->id))
    {
      g_autoptr(GPtrArray) one = g_ptr_array_new ();

      g_clear_pointer (&merged->group_code, g_free);
      g_ptr_array_add (one, merged);
      qw_registration_place (ruleset, event, one);
      if (g_strcmp0 (merged->group_code, match->group_code) != 0)
        settle_new_in_group (doc, event, merged);
    }
  if (qw_entry_equal (merged, match))
    {
      qw_entry_free (merged);
      o.row = report_row (report, number, QW_ROW_UNCHANGED, row->name, NULL);
      o.stored = match;
      /* Nothing is written for it: its memory stays as it was. */
      g_clear_pointer (&o.memo, memo_free);
    }
  else
    {
      o.row = report_row (report, number, QW_ROW_UPDATED, row->name, NULL);
      o.stored = merged;
      g_ptr_array_add (updated_before, match);
      g_ptr_array_add (updated_after, merged);
    }
  o.row->entry_id = match->id;
  o.row->no = match->no;
  o.row->kept = kept;
  return o;
}

/* The ID number as the list writes it (4.42E+17 too, which two people may
 * share) with the name: how a list names an entry it gave before. */
static char *
listed_key (const char *id_number,
            const char *name)
{
  g_autofree char *id = NULL, *who = NULL;

  if (blank (id_number))
    return NULL;
  id = g_strstrip (g_strdup (id_number));
  who = g_strstrip (g_strdup (name != NULL ? name : ""));
  return g_strconcat ("listed\x1f", id, "\x1f", who, NULL);
}

/* What the import remembers of a row that matched @o->match: over the
 * entry's memory, the fields the row changed; the corrections the row
 * leaves alone are set back in @merged. A single player's entry only.
 * Returns the fields kept. */
static guint
remember_row (Memory        *memory,
              Outcome       *o,
              const QwEntry *row,
              QwEntry       *merged)
{
  g_auto(QwMemoValues) values = { { NULL } };

  if (qw_entry_is_pair (row) || qw_entry_is_pair (o->match))
    return 0;
  o->memo = g_new0 (QwImportMemo, 1);
  qw_import_memo_load (o->memo, g_hash_table_lookup (memory->stored, &o->match->id));
  qw_memo_values_of (&values, row);
  return qw_import_memo_merge (o->memo, &values, o->match, merged);
}

static void
outcome_clear (gpointer data)
{
  g_clear_pointer (&((Outcome *) data)->memo, memo_free);
}

static GArray *
outcomes_new (void)
{
  GArray *outcomes = g_array_new (FALSE, TRUE, sizeof (Outcome));

  g_array_set_clear_func (outcomes, outcome_clear);
  return outcomes;
}

/* Inside the import's step, once the entries are written: an added player's
 * memory is what its row brought (as stored), an updated one's is @o's. */
static gboolean
remember_stored (QwDocument     *doc,
                 const Outcome  *o,
                 const QwEntry  *row,
                 GError        **error)
{
  g_auto(QwImportMemo) memo = { { { NULL } }, 0, 0 };
  g_auto(QwMemoValues) values = { { NULL } };

  if (o->row->outcome == QW_ROW_UPDATED && o->memo != NULL)
    return qw_import_memo_store (doc, o->match->id, o->memo, error);
  if (o->row->outcome != QW_ROW_ADDED || qw_entry_is_pair (row))
    return TRUE;
  qw_memo_values_of (&values, row);
  qw_import_memo_new_row (&memo, &values);
  return qw_import_memo_store (doc, row->id, &memo, error);
}

/* The memory of the event's entries (@existing), and the index of those
 * with a correction by what the last list said. */
static gboolean
memory_load (Memory           *memory,
             QwDocument       *doc,
             const QwRuleset  *ruleset,
             const QwEvent    *event,
             GPtrArray        *existing,
             GError          **error)
{
  if ((memory->stored = qw_document_list_import_memory (doc, event->id, error)) == NULL)
    return FALSE;
  memory->by_imported = index_new ();
  for (guint i = 0; g_hash_table_size (memory->stored) > 0 && i < existing->len; i++)
    {
      QwEntry *e = g_ptr_array_index (existing, i);
      const QwImportedEntry *stored = g_hash_table_lookup (memory->stored, &e->id);
      g_auto(QwImportMemo) memo = { { { NULL } }, 0, 0 };
      g_autoptr(QwEntry) as_imported = NULL;

      if (stored == NULL || stored->corrected == 0 || qw_entry_is_pair (e))
        continue;
      qw_import_memo_load (&memo, stored);
      as_imported = qw_import_memo_as_imported (&memo, e);
      index_add (memory->by_imported, scoped_key (ruleset, e->group_code, qw_entry_identity_key (as_imported)), e);
      index_add (memory->by_imported, scoped_key (ruleset, e->group_code, person_key (as_imported)), e);
      index_add (memory->by_imported, scoped_key (ruleset, e->group_code,
                                                  listed_key (memo.imported.value[QW_MEMO_ID],
                                                              memo.imported.value[QW_MEMO_NAME])), e);
    }
  return TRUE;
}

/* What the import's step stores: the added entries, the updated ones; it
 * names the step. */
static gboolean
store_import (QwDocument  *doc,
              gint64       event_id,
              GPtrArray   *to_add,
              GPtrArray   *updated_before,
              GPtrArray   *updated_after,
              GError     **error)
{
  g_autofree char *label = NULL;
  gboolean ok = TRUE;

  if (to_add->len + updated_after->len == 0)
    return TRUE;
  label = updated_after->len == 0
          ? qw_message_plural ("Import of %u entry", "Import of %u entries", to_add->len, to_add->len)
          : qw_message_printf (N_("Import of a registration list (%u added, %u updated)"), to_add->len,
                             updated_after->len);
  qw_document_name_step (doc, label);
  if (to_add->len > 0)
    ok = qw_document_add_entries (doc, event_id, to_add, error);
  ok = ok && qw_document_update_entries (doc, updated_after, error);
  for (guint i = 0; ok && i < updated_after->len; i++)
    ok = leave_old_group (doc, g_ptr_array_index (updated_before, i), g_ptr_array_index (updated_after, i),
                          error);
  return ok;
}

/* Everything here is in proportion to the rows and the stored entries: each
 * row finds its match through the indexes, the rows are written in one
 * statement each (blocks for the added), the problems are checked once for
 * the whole event. */
static QwImportReport *
import_rows_locked (QwDocument       *doc,
                    const QwRuleset  *ruleset,
                    const QwEvent    *event,
                    GPtrArray        *rows_entries,
                    const int        *row_numbers,
                    GPtrArray        *reader_rejected,
                    GError          **error)
{
  g_autoptr(QwImportReport) report = import_report_new ();
  g_autoptr(GPtrArray) existing = NULL;
  g_autoptr(GHashTable) by_id = index_new ();
  g_autoptr(GHashTable) by_person = index_new ();
  g_autoptr(GHashTable) taken = g_hash_table_new (g_direct_hash, g_direct_equal);
  g_autoptr(GHashTable) started = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GArray) outcomes = outcomes_new ();
  g_autoptr(GPtrArray) to_add = g_ptr_array_new ();
  g_autoptr(GPtrArray) updated_before = g_ptr_array_new ();  /* entries of @existing */
  g_autoptr(GPtrArray) updated_after = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_entry_free);
  g_autoptr(GHashTable) updated = g_hash_table_new (g_direct_hash, g_direct_equal);
  g_autoptr(GPtrArray) after = NULL;
  g_autofree guint *problems = NULL;
  g_auto(Memory) memory = { NULL, NULL };

  existing = qw_document_list_entries (doc, event->id, error);
  if (existing == NULL || !memory_load (&memory, doc, ruleset, event, existing, error))
    return NULL;
  for (guint i = 0; i < existing->len; i++)
    {
      QwEntry *e = g_ptr_array_index (existing, i);

      index_add (by_id, scoped_key (ruleset, e->group_code, qw_entry_identity_key (e)), e);
      index_add (by_person, scoped_key (ruleset, e->group_code, person_key (e)), e);
    }
  for (guint i = 0; reader_rejected != NULL && i < reader_rejected->len; i++)
    {
      QwRowError *bad = g_ptr_array_index (reader_rejected, i);

      report_row (report, row_numbers != NULL ? bad->line : bad->row, QW_ROW_REJECTED, NULL,
                  g_strdup (bad->message));
    }

  for (guint i = 0; i < rows_entries->len; i++)
    {
      QwEntry *row = g_ptr_array_index (rows_entries, i);
      int number = row_numbers != NULL ? row_numbers[i] : (int) i + 1;
      Outcome o;

      if (blank (row->name) && blank (row->id_number))
        {
          report_row (report, number, QW_ROW_REJECTED, row->name,
                      g_strdup_printf (_("Row %d has neither a name nor an ID number"), number));
          o = (Outcome) { NULL, NULL, NULL, NULL };
        }
      else
        {
          o = match_row (doc, ruleset, event, report, by_id, by_person, taken, &memory, row, number,
                         updated_before, updated_after);
        }
      if (o.row != NULL && o.row->outcome == QW_ROW_ADDED)
        g_ptr_array_add (to_add, row);
      g_array_append_val (outcomes, o);
    }
  g_clear_pointer (&by_id, g_hash_table_unref);
  g_clear_pointer (&by_person, g_hash_table_unref);
  g_clear_pointer (&taken, g_hash_table_unref);

  qw_registration_place (ruleset, event, to_add);
  for (guint i = 0; i < to_add->len; i++)
    settle_imported (doc, event, started, g_ptr_array_index (to_add, i));
  /* The problems of the entries as the import leaves them are known before
   * they are written (the checks' memory is given back before SQLite's
   * grows with the write): by their place in the event, the stored ones
   * first, then the added ones, numbered after them. */
  for (guint i = 0; i < updated_after->len; i++)
    g_hash_table_insert (updated, g_ptr_array_index (updated_before, i), g_ptr_array_index (updated_after, i));
  after = entries_after (existing, updated, to_add);
  problems = problems_of (doc, ruleset, event, after);
  g_clear_pointer (&after, g_ptr_array_unref);
  g_clear_pointer (&updated, g_hash_table_unref);
  if (!store_import (doc, event->id, to_add, updated_before, updated_after, error))
    return NULL;

  for (guint i = 0, added = 0; i < outcomes->len; i++)
    {
      Outcome *o = &g_array_index (outcomes, Outcome, i);
      QwEntry *row = g_ptr_array_index (rows_entries, i);

      if (o->row == NULL)
        continue;
      /* What the rows stored brought, remembered in the same step. */
      if (!remember_stored (doc, o, row, error))
        return NULL;
      if (o->row->outcome == QW_ROW_ADDED)
        {
          o->row->entry_id = row->id;
          o->row->no = row->no;
          o->row->problems = problems[existing->len + added++];
          continue;
        }
      o->row->problems = problems[position_in (existing, o->match)];
      /* The caller's row learns what it was stored as. */
      row->id = o->stored->id;
      row->no = o->stored->no;
      g_free (row->group_code);
      row->group_code = g_strdup (o->stored->group_code);
      row->status = o->stored->status;
    }
  g_ptr_array_sort (report->rows, compare_rows);
  collect_late (report, to_add, updated_before, updated_after);
  return g_steal_pointer (&report);
}

/* The stored entries are read and the list's written in one step, which
 * takes the write lock first: a second program importing the same list at
 * the same time waits for this one, then finds its entries there instead of
 * adding them again. */
typedef struct
{
  const QwRuleset  *ruleset;
  const QwEvent    *event;
  GPtrArray        *rows_entries;
  const int        *row_numbers;
  GPtrArray        *reader_rejected;
  QwImportReport   *report;       /* (out) */
} ImportJob;

static gboolean
import_step (QwDocument  *doc,
             gpointer     data,
             GError     **error)
{
  ImportJob *job = data;

  job->report = import_rows_locked (doc, job->ruleset, job->event, job->rows_entries, job->row_numbers,
                                    job->reader_rejected, error);
  return job->report != NULL;
}

static QwImportReport *
import_rows (QwDocument       *doc,
             const QwRuleset  *ruleset,
             const QwEvent    *event,
             GPtrArray        *rows_entries,
             const int        *row_numbers,
             GPtrArray        *reader_rejected,
             GError          **error)
{
  ImportJob job = { ruleset, event, rows_entries, row_numbers, reader_rejected, NULL };

  if (!qw_document_run_step (doc, NULL, import_step, &job, error))
    {
      g_clear_pointer (&job.report, qw_import_report_free);
      return NULL;
    }
  return job.report;
}

/* What only the reader saw: an ID cell that was a number in the workbook.
 * The reader's entries by their row number, so that each report row finds
 * its own at once (a scan for each row made a 200,000-row list take
 * minutes). */
static void
add_reader_problems (QwImportReport      *report,
                     const QwEntryImport *import)
{
  g_autoptr(GHashTable) index_of_row = g_hash_table_new (g_direct_hash, g_direct_equal);

  for (guint k = 0; k < import->lines->len; k++)
    if (qw_entry_import_problems (import, k) != 0)
      g_hash_table_insert (index_of_row, GINT_TO_POINTER (g_array_index (import->lines, int, k)),
                           GUINT_TO_POINTER (k + 1));
  for (guint i = 0; g_hash_table_size (index_of_row) > 0 && i < report->rows->len; i++)
    {
      QwImportRow *r = g_ptr_array_index (report->rows, i);
      guint k = GPOINTER_TO_UINT (g_hash_table_lookup (index_of_row, GINT_TO_POINTER (r->row)));

      /* A corrected number kept over the list's Excel number: not the entry's problem. */
      if (r->outcome != QW_ROW_REJECTED && k > 0 && !(r->kept & QW_MEMO_BIT (QW_MEMO_ID)))
        r->problems |= qw_entry_import_problems (import, k - 1);
    }
}

QwImportReport *
qw_registration_import (QwDocument           *doc,
                        const QwRuleset      *ruleset,
                        const QwEvent        *event,
                        const QwEntryImport  *import,
                        GError              **error)
{
  QwImportReport *report;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), NULL);
  g_return_val_if_fail (import != NULL, NULL);

  /* The report names the sheet's own rows (issue 19 point 8): title and
   * header rows counted, a CSV's lines. */
  report = import_rows (doc, ruleset, event, import->entries, (const int *) import->lines->data,
                        import->rejected, error);
  if (report == NULL)
    return NULL;
  report->encoding = g_strdup (import->encoding);
  add_reader_problems (report, import);
  return report;
}

gboolean
qw_registration_import_entries (QwDocument       *doc,
                                const QwRuleset  *ruleset,
                                const QwEvent    *event,
                                GPtrArray        *entries,
                                GError          **error)
{
  g_autoptr(QwImportReport) report = NULL;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);

  report = import_rows (doc, ruleset, event, entries, NULL, NULL, error);
  return report != NULL;
}

gboolean
qw_registration_update_event (QwDocument       *doc,
                              const QwRuleset  *ruleset,
                              const QwEvent    *event,
                              GError          **error)
{
  g_autoptr(QwEventCheck) check = NULL;
  g_autofree char *label = qw_message (N_("Stop details"), NULL);
  EntriesJob job;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);
  g_return_val_if_fail (ruleset != NULL && event != NULL, FALSE);

  check = qw_event_check (ruleset, event);
  if (!qw_event_check_to_error (check, error))
    return FALSE;
  job = (EntriesJob) { event, NULL, NULL, NULL, NULL, 0 };
  return qw_document_run_step (doc, label, update_event_step, &job, error);
}
