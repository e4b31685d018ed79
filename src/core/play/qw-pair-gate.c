/* qw-pair-gate.c: what keeps an entry out of pairing, and the arbiter's answers
 *
 * The problems are those of registration/qw-entry-check.c, checked over the
 * whole event (a duplicate ID number may sit in another group), on the
 * event's first day; the ruleset says which of them block.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-pair-gate"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "qw-message.h"
#include "qw-cancelled-finalists.h"
#include "qw-document-entries.h"
#include "qw-document-play.h"
#include "qw-entry-check.h"
#include "qw-error.h"
#include "qw-pair-gate.h"
#include "qw-registration.h"

void
qw_gate_item_free (QwGateItem *item)
{
  if (item == NULL)
    return;
  qw_entry_free (item->entry);
  g_free (item);
}

gboolean
qw_gate_item_can_allow (const QwGateItem *item)
{
  return (item->blocking & ~QW_PROBLEM_BIT (QW_PROBLEM_LATE_ENTRY)) != 0
         && (item->blocking & QW_PROBLEM_BIT (QW_PROBLEM_QUALIFICATION_CANCELLED)) == 0;
}

static guint
blocking_mask (const QwRuleset *ruleset)
{
  guint mask = 0;

  for (guint i = 0; ruleset->pairing_blocks[i] != NULL; i++)
    {
      int p = qw_problem_from_code (ruleset->pairing_blocks[i]);

      if (p >= 0)
        mask |= QW_PROBLEM_BIT (p);
    }
  return mask;
}

GPtrArray *
qw_pair_gate_list (QwDocument       *doc,
                   const QwSection  *section,
                   GError          **error)
{
  g_autoptr(GPtrArray) entries = NULL;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), NULL);

  if ((entries = qw_document_list_entries (doc, section->event_id, error)) == NULL)
    return NULL;
  return qw_pair_gate_list_entries (doc, section, entries, error);
}

GPtrArray *
qw_pair_gate_list_entries (QwDocument       *doc,
                           const QwSection  *section,
                           GPtrArray        *entries,
                           GError          **error)
{
  g_autoptr(QwEvent) event = NULL;
  g_autoptr(QwRuleset) ruleset = NULL;
  g_autofree QwEntryCheck *checks = NULL;
  GPtrArray *items;
  QwCheckOptions options = { QW_DATE_NONE, FALSE };
  guint mask;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), NULL);
  g_return_val_if_fail (entries != NULL, NULL);

  if ((event = qw_document_get_event (doc, section->event_id, error)) == NULL
      || (ruleset = qw_ruleset_lookup (event->ruleset, error)) == NULL)
    return NULL;
  options.event_date = qw_registration_event_date (event);
  checks = g_new0 (QwEntryCheck, MAX (entries->len, 1));
  qw_entry_check_all (ruleset, entries, &options, checks);
  /* 九3, 十一(三)3: a finalist whose qualification was cancelled. */
  qw_registration_mark_cancelled (doc, entries, checks);
  mask = blocking_mask (ruleset);
  items = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_gate_item_free);
  for (guint i = 0; i < entries->len; i++)
    {
      const QwEntry *e = g_ptr_array_index (entries, i);
      guint problems = checks[i].problems, allowed;
      QwGateItem *item;

      if (g_strcmp0 (e->group_code, section->code) != 0 || problems == 0
          || e->status == QW_STATUS_WITHDRAWN || e->status == QW_STATUS_EXCLUDED)
        continue;
      /* 九3 立即取消资格: never "paired anyway" (undo the cancellation instead). */
      allowed = qw_problems_parse (e->allowed) & ~QW_PROBLEM_BIT (QW_PROBLEM_QUALIFICATION_CANCELLED);
      item = g_new0 (QwGateItem, 1);
      item->entry = qw_entry_copy (e);
      item->blocking = problems & mask & ~allowed;
      item->allowed = problems & mask & allowed;
      item->warnings = problems & ~mask;
      g_ptr_array_add (items, item);
    }
  return items;
}

guint
qw_pair_gate_count_blocked (GPtrArray *items)
{
  guint n = 0;

  for (guint i = 0; i < items->len; i++)
    n += ((QwGateItem *) g_ptr_array_index (items, i))->blocking != 0 ? 1 : 0;
  return n;
}

gboolean
qw_pair_gate_blocks_group (GPtrArray *items)
{
  for (guint i = 0; i < items->len; i++)
    if (((QwGateItem *) g_ptr_array_index (items, i))->blocking & QW_PROBLEM_BIT (QW_PROBLEM_PAIRS_TOO_FEW))
      return TRUE;
  return FALSE;
}

static char *
entry_label (const QwEntry *e)
{
  return g_strdup_printf (_("No. %d %s"), e->no, e->name);
}

/* The same for the group's log: a message rendered in the reader's language
 * (qw-message.h). */
static char *
entry_message (const QwEntry *e)
{
  g_autofree char *no = g_strdup_printf ("%d", e->no);

  return qw_message (N_("No. %d %s"), no, e->name, NULL);
}

char *
qw_pair_gate_describe (GPtrArray *items)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < items->len; i++)
    {
      QwGateItem *item = g_ptr_array_index (items, i);
      g_autofree char *who = NULL, *why = NULL;

      if (item->blocking == 0)
        continue;
      who = entry_label (item->entry);
      why = qw_problems_join (item->blocking, TRUE, "；");
      g_string_append_printf (text, "%s%s: %s", text->len > 0 ? "\n" : "", who, why);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

int
qw_pair_gate_missed_rounds (QwDocument      *doc,
                            const QwSection *section)
{
  g_autoptr(QwSection) stored = NULL;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), 0);

  if (section->id != 0)
    return qw_document_last_round (doc, section->id);
  stored = qw_document_get_section (doc, section->event_id, section->code, NULL);
  return stored != NULL ? qw_document_last_round (doc, stored->id) : 0;
}

/* One answer: the entry (which must be in the group), and the section as
 * stored (stored now, in the answer's step, if it was not). */
typedef struct
{
  QwEntry   *entry;
  QwSection *section;
  int        last_round;
  char      *who;
} Answer;

static void
answer_clear (Answer *a)
{
  g_clear_pointer (&a->entry, qw_entry_free);
  g_clear_pointer (&a->section, qw_section_free);
  g_clear_pointer (&a->who, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Answer, answer_clear)

static gboolean
answer_load (Answer           *a,
             QwDocument       *doc,
             const QwSection  *section,
             gint64            entry_id,
             GError          **error)
{
  a->entry = qw_document_get_entry (doc, entry_id, NULL);
  if (a->entry == NULL || a->entry->event_id != section->event_id
      || g_strcmp0 (a->entry->group_code, section->code) != 0)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_NOT_FOUND, _("The player is not in group %s"), section->code);
      return FALSE;
    }
  a->section = qw_section_copy (section);
  a->who = entry_label (a->entry);
  a->last_round = qw_pair_gate_missed_rounds (doc, section);
  return TRUE;
}

/* Inside the answer's step. */
static gboolean
answer_store_section (Answer      *a,
                      QwDocument  *doc,
                      GError     **error)
{
  g_autoptr(QwSection) stored = NULL;

  if (a->section->id != 0)
    return TRUE;
  stored = qw_document_get_section (doc, a->section->event_id, a->section->code, NULL);
  if (stored != NULL)
    {
      a->section->id = stored->id;
      return TRUE;
    }
  return qw_document_add_section (doc, a->section, error);
}

/* Whether the entry was admitted as a late entry of the section with
 * rounds it missed (absences of kind late). */
static gboolean
admitted_late (QwDocument      *doc,
               const QwSection *section,
               gint64           entry_id)
{
  g_autoptr(GPtrArray) absences = NULL;

  if (section->id == 0 || (absences = qw_document_list_absences (doc, section->id, NULL)) == NULL)
    return FALSE;
  for (guint i = 0; i < absences->len; i++)
    {
      const QwAbsence *a = g_ptr_array_index (absences, i);

      if (a->entry_id == entry_id && a->kind == QW_ABSENCE_LATE)
        return TRUE;
    }
  return FALSE;
}

/* Writes one answer: the entry as changed, its status (and from which round
 * it is out), and the round log's line. */
static gboolean
write_answer (QwDocument    *doc,
              gint64         section_id,
              const QwEntry *entry,
              int            before_round,
              int            log_round,
              const char    *message,
              GError       **error)
{
  return qw_document_update_entry (doc, entry, error)
         && qw_document_set_entry_status (doc, entry->id, entry->status, before_round, error)
         && qw_document_log_round (doc, section_id, log_round, message, error);
}

static gboolean
write_missed_rounds (QwDocument    *doc,
                     gint64         section_id,
                     const QwEntry *entry,
                     const GArray  *points,
                     GError       **error);

/* An answer as one step: the section stored if it was not, the entry's
 * new state, the round log's line and, for an admission, the rounds it
 * missed. */
typedef struct
{
  Answer       *answer;
  int           before_round;   /* the entry is out of play from this round (0: in play) */
  const char   *message;
  const GArray *points;         /* an admission: the points of each round missed */
} AnswerJob;

static gboolean
answer_step (QwDocument  *doc,
             gpointer     data,
             GError     **error)
{
  AnswerJob *job = data;
  Answer *a = job->answer;

  return answer_store_section (a, doc, error)
         && write_answer (doc, a->section->id, a->entry, job->before_round, a->last_round + 1, job->message, error)
         && (job->points == NULL || write_missed_rounds (doc, a->section->id, a->entry, job->points, error));
}

static char *
exclude_message (const QwEntry *entry,
                 guint          why,
                 int            round)
{
  g_autofree char *who = entry_message (entry);
  g_autofree char *reasons = qw_problems_join (why, TRUE, "；");

  g_autofree char *from = g_strdup_printf ("%d", round);

  if (why == 0)
    return qw_message (N_("%s is excluded (不具备参赛资格) and is not paired from round %d"), who, from, NULL);
  return qw_message (N_("%s is excluded (不具备参赛资格) and is not paired from round %d: %s"), who, from, reasons,
                     NULL);
}

/* The entry's current blocking problems, from the gate's list. */
static guint
current_blocking (QwDocument      *doc,
                  const QwSection *section,
                  gint64           entry_id,
                  GError         **error,
                  gboolean        *ok)
{
  g_autoptr(GPtrArray) items = qw_pair_gate_list (doc, section, error);

  *ok = items != NULL;
  for (guint i = 0; items != NULL && i < items->len; i++)
    {
      QwGateItem *item = g_ptr_array_index (items, i);

      if (item->entry->id == entry_id)
        return item->blocking;
    }
  return 0;
}

gboolean
qw_pair_gate_exclude (QwDocument       *doc,
                      const QwSection  *section,
                      gint64            entry_id,
                      GError          **error)
{
  g_auto(Answer) a = { 0 };
  AnswerJob job;
  g_autofree char *message = NULL, *label = NULL;
  guint why;
  gboolean ok;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);

  if (!answer_load (&a, doc, section, entry_id, error))
    return FALSE;
  if (a.entry->status == QW_STATUS_EXCLUDED || a.entry->status == QW_STATUS_WITHDRAWN)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT,
                   a.entry->status == QW_STATUS_EXCLUDED ? _("%s is already excluded") : _("%s has withdrawn"),
                   a.who);
      return FALSE;
    }
  why = current_blocking (doc, section, entry_id, error, &ok);
  if (!ok)
    return FALSE;
  message = exclude_message (a.entry, why, a.last_round + 1);
  label = qw_message_printf (N_("Exclusion of %s"), a.entry->name);
  a.entry->status = QW_STATUS_EXCLUDED;
  job = (AnswerJob) { &a, a.last_round + 1, message, NULL };
  return qw_document_run_step (doc, label, answer_step, &job, error);
}

gboolean
qw_pair_gate_include (QwDocument       *doc,
                      const QwSection  *section,
                      gint64            entry_id,
                      GError          **error)
{
  g_auto(Answer) a = { 0 };
  AnswerJob job;
  g_autofree char *message = NULL, *label = NULL;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);

  if (!answer_load (&a, doc, section, entry_id, error))
    return FALSE;
  if (a.entry->status != QW_STATUS_EXCLUDED)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT, _("%s is not excluded"), a.who);
      return FALSE;
    }
  /* Never paired in a group that has started, nor admitted to it with the
   * rounds it missed: it is a late entry again. */
  a.entry->status = a.last_round > 0 && !qw_document_entry_has_games (doc, entry_id)
                    && !admitted_late (doc, a.section, entry_id)
                    ? QW_STATUS_LATE : QW_STATUS_ACTIVE;
  {
    g_autofree char *who = entry_message (a.entry);
    g_autofree char *from = g_strdup_printf ("%d", a.last_round + 1);

    message = a.entry->status == QW_STATUS_LATE
              ? qw_message (N_("%s is no longer excluded and waits to be admitted as a late entry"), who, NULL)
              : qw_message (N_("%s is no longer excluded and is paired again from round %d"), who, from, NULL);
  }
  label = qw_message_printf (N_("Taking back the exclusion of %s"), a.entry->name);
  job = (AnswerJob) { &a, 0, message, NULL };
  return qw_document_run_step (doc, label, answer_step, &job, error);
}

/* Adds @problems to the entry's allowed codes. */
static void
allow_problems (QwEntry *entry,
                guint    problems)
{
  g_autofree char *codes = NULL;

  problems |= qw_problems_parse (entry->allowed);
  codes = qw_problems_join (problems, FALSE, ",");
  g_free (entry->allowed);
  entry->allowed = g_steal_pointer (&codes);
}

static char *
allow_message (const QwEntry *entry,
               guint          problems)
{
  g_autofree char *who = entry_message (entry);
  g_autofree char *reasons = qw_problems_join (problems, TRUE, "；");

  return qw_message (N_("%s is paired anyway, despite: %s"), who, reasons, NULL);
}

gboolean
qw_pair_gate_allow (QwDocument       *doc,
                    const QwSection  *section,
                    gint64            entry_id,
                    GError          **error)
{
  g_auto(Answer) a = { 0 };
  AnswerJob job;
  g_autofree char *message = NULL, *label = NULL;
  guint why;
  gboolean ok;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);

  if (!answer_load (&a, doc, section, entry_id, error))
    return FALSE;
  why = current_blocking (doc, section, entry_id, error, &ok) & ~QW_PROBLEM_BIT (QW_PROBLEM_LATE_ENTRY);
  if (!ok)
    return FALSE;
  if (why == 0)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT,
                   a.entry->status == QW_STATUS_LATE ? _("%s is a late entry: admit it instead")
                                                     : _("Nothing keeps %s out of pairing"), a.who);
      return FALSE;
    }
  /* Seed 000 §九3, §十一(三)3: a cancelled qualification is the arbiter's
   * decision on the ladder page; it is taken back there (undo), not
   * overridden at pairing. */
  if (why & QW_PROBLEM_BIT (QW_PROBLEM_QUALIFICATION_CANCELLED))
    {
      g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT,
                   _("%s’s qualification for the final was cancelled: the player cannot be paired anyway; if the "
                     "cancellation was a mistake, undo it"), a.who);
      return FALSE;
    }
  allow_problems (a.entry, why);
  message = allow_message (a.entry, why);
  label = qw_message_printf (N_("Pairing %s anyway"), a.entry->name);
  job = (AnswerJob) { &a, 0, message, NULL };
  return qw_document_run_step (doc, label, answer_step, &job, error);
}

/* The points of each missed round (double), checked; NULL with @error. */
static GArray *
missed_values (const QwRuleset  *ruleset,
               int               missed_rounds,
               const double     *missed,
               guint             n_missed,
               GError          **error)
{
  double win = ruleset->scores[QW_SCORE_RED_WIN];
  g_autoptr(GArray) values = g_array_sized_new (FALSE, FALSE, sizeof (double), MAX (missed_rounds, 0));

  if (n_missed > 1 && n_missed != (guint) missed_rounds)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                   g_dngettext (GETTEXT_PACKAGE, "The entry missed %d round: give one value, or none for 0",
                                "The entry missed %d rounds: give one value for each, one for all, or none for 0",
                                missed_rounds), missed_rounds);
      return NULL;
    }
  for (int r = 0; r < missed_rounds; r++)
    {
      double v = n_missed == 0 ? 0 : missed[n_missed == 1 ? 0 : r];

      if (!isfinite (v) || v < 0 || v > win)
        {
          g_autofree char *top = g_strdup_printf ("%g", win);

          g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                       _("The points for a missed round are from 0 to %s"), top);
          return NULL;
        }
      g_array_append_val (values, v);
    }
  return g_steal_pointer (&values);
}

static char *
admit_message (const QwEntry *entry,
               int            joined,
               const GArray  *points)
{
  g_autofree char *who = entry_message (entry);
  g_autoptr(GString) shown = g_string_new (NULL);

  g_autofree char *from = g_strdup_printf ("%d", joined), *before = g_strdup_printf ("%d", joined - 1);

  if (joined <= 1)
    return qw_message (N_("%s is admitted as a late entry and is paired from round 1"), who, NULL);
  for (guint r = 0; r < points->len; r++)
    {
      char buf[G_ASCII_DTOSTR_BUF_SIZE];

      g_string_append_printf (shown, "%s%s", r > 0 ? ", " : "",
                              g_ascii_formatd (buf, sizeof buf, "%g", g_array_index (points, double, r)));
    }
  if (joined == 2)
    return qw_message (N_("%s is admitted as a late entry and is paired from round 2; round 1 counts as "
                          "absent with %s points"), who, shown->str, NULL);
  return qw_message (N_("%s is admitted as a late entry and is paired from round %d; rounds 1–%d count as "
                        "absent with %s points"), who, from, before, shown->str, NULL);
}

/* Admits @entry (in memory): it is paired from the round after
 * @last_round; *@points are those of each round it missed. */
static gboolean
admit_entry (const QwRuleset  *ruleset,
             const QwSection  *section,
             QwEntry          *entry,
             int               last_round,
             const double     *missed,
             guint             n_missed,
             GArray          **points,
             char            **message,
             GError          **error)
{
  g_autofree char *who = entry_label (entry);

  if (entry->status != QW_STATUS_LATE)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT, _("%s is not a late entry waiting to be admitted"), who);
      return FALSE;
    }
  if (section->system != QW_SYSTEM_SWISS && last_round > 0)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT,
                   _("%s cannot join: the draw of a round robin or knockout is fixed when round 1 is paired. "
                     "Exclude the entry, or unpair round 1."), who);
      return FALSE;
    }
  if ((*points = missed_values (ruleset, last_round, missed, n_missed, error)) == NULL)
    return FALSE;
  entry->status = QW_STATUS_ACTIVE;
  *message = admit_message (entry, last_round + 1, *points);
  return TRUE;
}

/* The rounds an admitted late entry missed, as absences of kind late with
 * their points: the standings, the Swiss scores, the prints and the
 * results file count them from there. */
static gboolean
write_missed_rounds (QwDocument    *doc,
                     gint64         section_id,
                     const QwEntry *entry,
                     const GArray  *points,
                     GError       **error)
{
  for (guint r = 0; r < points->len; r++)
    {
      QwAbsence absence = { entry->id, (int) r + 1, QW_ABSENCE_LATE, g_array_index (points, double, r) };

      if (!qw_document_set_absence (doc, section_id, &absence, error))
        return FALSE;
    }
  return TRUE;
}

gboolean
qw_pair_gate_admit (QwDocument       *doc,
                    const QwSection  *section,
                    gint64            entry_id,
                    const double     *missed,
                    guint             n_missed,
                    GError          **error)
{
  g_auto(Answer) a = { 0 };
  AnswerJob job;
  g_autoptr(QwEvent) event = NULL;
  g_autoptr(QwRuleset) ruleset = NULL;
  g_autoptr(GArray) points = NULL;
  g_autofree char *message = NULL, *label = NULL;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);
  g_return_val_if_fail (missed != NULL || n_missed == 0, FALSE);

  if (!answer_load (&a, doc, section, entry_id, error)
      || (event = qw_document_get_event (doc, section->event_id, error)) == NULL
      || (ruleset = qw_ruleset_lookup (event->ruleset, error)) == NULL
      || !admit_entry (ruleset, section, a.entry, a.last_round, missed, n_missed, &points, &message, error))
    return FALSE;
  label = qw_message_printf (N_("Admission of %s"), a.entry->name);
  job = (AnswerJob) { &a, 0, message, points };
  return qw_document_run_step (doc, label, answer_step, &job, error);
}

gboolean
qw_pair_gate_resolve (QwDocument       *doc,
                      const QwSection  *section,
                      GPtrArray        *items,
                      QwPairGate        gate,
                      int               round,
                      GError          **error)
{
  g_autoptr(QwEvent) event = NULL;
  g_autoptr(QwRuleset) ruleset = NULL;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);
  g_return_val_if_fail (section->id != 0, FALSE);

  if ((event = qw_document_get_event (doc, section->event_id, error)) == NULL
      || (ruleset = qw_ruleset_lookup (event->ruleset, error)) == NULL)
    return FALSE;
  for (guint i = 0; i < items->len; i++)
    {
      QwGateItem *item = g_ptr_array_index (items, i);
      g_autoptr(QwEntry) entry = NULL;
      g_autoptr(GArray) points = NULL;
      g_autofree char *who = NULL, *message = NULL, *admitted = NULL;
      guint others = item->blocking & ~QW_PROBLEM_BIT (QW_PROBLEM_LATE_ENTRY);
      int before = 0;

      if (item->blocking == 0)
        continue;
      entry = qw_entry_copy (item->entry);
      who = entry_label (entry);
      if (gate == QW_PAIR_GATE_EXCLUDE_BLOCKED)
        {
          entry->status = QW_STATUS_EXCLUDED;
          before = round;
          message = exclude_message (entry, item->blocking, round);
        }
      else
        {
          if (item->blocking & QW_PROBLEM_BIT (QW_PROBLEM_LATE_ENTRY)
              && !admit_entry (ruleset, section, entry, round - 1, NULL, 0, &points, &admitted, error))
            return FALSE;
          if (others != 0)
            {
              allow_problems (entry, others);
              message = allow_message (entry, others);
            }
          if (admitted != NULL)
            {
              char *both = message != NULL ? g_strconcat (admitted, "\n", message, NULL) : g_strdup (admitted);

              g_free (message);
              message = both;
            }
        }
      if (!write_answer (doc, section->id, entry, before, round, message, error)
          || (points != NULL && !write_missed_rounds (doc, section->id, entry, points, error)))
        return FALSE;
    }
  return TRUE;
}
