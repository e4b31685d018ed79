/* qw-roster.c: who plays: withdrawals and absences
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-tournament"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "qw-message.h"
#include "qw-error.h"
#include "qw-tournament-private.h"
#include "qw-tiebreak.h"

/* Withdrawals */

static gboolean
set_withdrawn (QwDocument      *doc,
               const QwSection *section,
               gint64           entry_id,
               gboolean         withdraw,
               GError         **error)
{
  g_autoptr(QwEntry) e = qw_document_get_entry (doc, entry_id, NULL);
  g_autoptr(QwSection) stored = qw_section_copy (section);
  g_autofree char *who = NULL;
  g_autofree char *message = NULL;
  g_autofree char *label = NULL;
  int before, last;

  /* One entry and the last round: a withdrawal needs no other state. */
  if (e == NULL || e->event_id != section->event_id || g_strcmp0 (e->group_code, section->code) != 0)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_NOT_FOUND, _("The player is not in group %s"), section->code);
      return FALSE;
    }
  if (!qw_tournament_can_withdraw (e, error))
    return FALSE;
  who = _qw_play_entry_label (e);
  if (withdraw == (e->status == QW_STATUS_WITHDRAWN))
    {
      g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT,
                   withdraw ? _("%s has already withdrawn") : _("%s has not withdrawn"), who);
      return FALSE;
    }
  last = section->id != 0 ? qw_document_last_round (doc, section->id) : 0;
  before = withdraw ? last + 1 : 0;
  {
    g_autofree char *logged = _qw_play_entry_message (e);
    g_autofree char *from = g_strdup_printf ("%d", withdraw ? before : last + 1);

    message = withdraw ? qw_message (N_("%s withdrew (退赛) and is not paired from round %d"), logged, from, NULL)
                       : qw_message (N_("%s is back and is paired again from round %d"), logged, from, NULL);
  }
  label = withdraw ? qw_message_printf (N_("Withdrawal of %s"), e->name)
                   : qw_message_printf (N_("Reinstatement of %s"), e->name);
  qw_document_name_step (doc, label);
  return _qw_play_store_section (doc, stored, error)
         && qw_document_set_withdrawn (doc, entry_id, before, error)
         && qw_document_log_round (doc, stored->id, last + 1, message, error);
}

/**
 * qw_tournament_can_withdraw:
 *
 * An entry excluded (不具备参赛资格) or a late entry not admitted (迟到报名)
 * is not paired: it has nothing to withdraw from (退赛), nor a withdrawal to
 * take back. Asked by the withdrawal itself and by the window, which offers
 * only the players who can.
 *
 * Returns: %TRUE when @entry can withdraw (or come back); else %FALSE with
 *   @error saying why
 */
gboolean
qw_tournament_can_withdraw (const QwEntry  *entry,
                            GError        **error)
{
  g_autofree char *who = NULL;

  g_return_val_if_fail (entry != NULL, FALSE);

  if (entry->status != QW_STATUS_EXCLUDED && entry->status != QW_STATUS_LATE)
    return TRUE;
  who = _qw_play_entry_label (entry);
  if (entry->status == QW_STATUS_EXCLUDED)
    g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT, _("%s is excluded (不具备参赛资格)"), who);
  else
    g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT,
                 _("%s is a late entry not admitted (迟到报名): not paired, nothing to withdraw from"), who);
  return FALSE;
}

typedef struct
{
  const QwSection *section;
  gint64           entry_id;
  gboolean         yes;          /* withdraw; absent */
  int              round;        /* absent: the round */
} RosterJob;

static gboolean
withdrawn_step (QwDocument  *doc,
                gpointer     data,
                GError     **error)
{
  RosterJob *job = data;

  return set_withdrawn (doc, job->section, job->entry_id, job->yes, error);
}

/* The entry is read in the step that writes it. */
static gboolean
set_withdrawn_locked (QwDocument      *doc,
                      const QwSection *section,
                      gint64           entry_id,
                      gboolean         withdraw,
                      GError         **error)
{
  RosterJob job = { section, entry_id, withdraw };

  return qw_document_run_step (doc, NULL, withdrawn_step, &job, error);
}

gboolean
qw_tournament_withdraw (QwDocument      *doc,
                        const QwSection *section,
                        gint64           entry_id,
                        GError         **error)
{
  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);
  return set_withdrawn_locked (doc, section, entry_id, TRUE, error);
}

gboolean
qw_tournament_reinstate (QwDocument      *doc,
                         const QwSection *section,
                         gint64           entry_id,
                         GError         **error)
{
  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);
  return set_withdrawn_locked (doc, section, entry_id, FALSE, error);
}

/* Absence (请假) */

/**
 * qw_tournament_list_absences:
 *
 * Returns: (element-type QwAbsence): the section's absent rounds, by round
 */
GPtrArray *
qw_tournament_list_absences (QwDocument      *doc,
                             const QwSection *section,
                             GError         **error)
{
  g_return_val_if_fail (QW_IS_DOCUMENT (doc), NULL);

  if (section->id == 0)
    return g_ptr_array_new_with_free_func (g_free);
  return qw_document_list_absences (doc, section->id, error);
}

static gboolean
absence_target (QwDocument      *doc,
                const QwSection *section,
                gint64           entry_id,
                QwEntry        **entry,
                int             *round,
                GError         **error)
{
  g_autoptr(QwEntry) e = qw_document_get_entry (doc, entry_id, NULL);
  int total;

  if (e == NULL || e->event_id != section->event_id || g_strcmp0 (e->group_code, section->code) != 0)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_NOT_FOUND, _("The player is not in group %s"), section->code);
      return FALSE;
    }
  *round = (section->id != 0 ? qw_document_last_round (doc, section->id) : 0) + 1;
  total = qw_tournament_total_rounds (doc, section);
  if (total > 0 && *round > total)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT, _("All %d rounds of group %s have been paired"), total,
                   section->code);
      return FALSE;
    }
  *entry = g_steal_pointer (&e);
  return TRUE;
}

static gboolean
store_absence (QwDocument      *doc,
               const QwSection *section,
               const QwEntry   *e,
               int              round,
               gboolean         absent,
               GError         **error)
{
  g_autoptr(QwSection) stored = qw_section_copy (section);
  g_autofree char *label = NULL, *message = NULL;
  QwAbsence absence = { e->id, round, QW_ABSENCE_LEAVE, 0 };

  label = absent ? qw_message_printf (N_("Absence of %s in round %d"), e->name, round)
                 : qw_message_printf (N_("Return of %s in round %d"), e->name, round);
  {
    g_autofree char *logged = _qw_play_entry_message (e);
    g_autofree char *in = g_strdup_printf ("%d", round);

    message = absent ? qw_message (N_("%s is absent (请假) in round %d: not paired, no points"), logged, in, NULL)
                     : qw_message (N_("%s is no longer absent and is paired in round %d"), logged, in, NULL);
  }
  qw_document_name_step (doc, label);
  return _qw_play_store_section (doc, stored, error)
         && (absent ? qw_document_set_absence (doc, stored->id, &absence, error)
                    : qw_document_delete_absence (doc, stored->id, e->id, round, error))
         && qw_document_log_round (doc, stored->id, round, message, error);
}

static gboolean
absent_step (QwDocument  *doc,
             gpointer     data,
             GError     **error)
{
  RosterJob *job = data;
  const QwSection *section = job->section;
  g_autoptr(QwEntry) e = NULL;
  g_autoptr(GPtrArray) absences = NULL;
  g_autofree char *who = NULL;
  int round;

  if (!absence_target (doc, section, job->entry_id, &e, &round, error))
    return FALSE;
  who = _qw_play_entry_label (e);
  if (section->system != QW_SYSTEM_SWISS)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT,
                   _("Group %s plays a fixed schedule (%s): a player who misses a round loses that game by "
                     "forfeit; record it as +:- or -:+"), section->code, qw_system_label (section->system));
      return FALSE;
    }
  if (e->status != QW_STATUS_ACTIVE)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT,
                   e->status == QW_STATUS_WITHDRAWN ? _("%s has withdrawn (退赛) and is not paired anyway")
                   : e->status == QW_STATUS_EXCLUDED ? _("%s is excluded (不具备参赛资格) and is not paired anyway")
                   : _("%s is a late entry waiting to be admitted and is not paired anyway"), who);
      return FALSE;
    }
  if ((absences = qw_tournament_list_absences (doc, section, error)) == NULL)
    return FALSE;
  for (guint i = 0; i < absences->len; i++)
    {
      const QwAbsence *a = g_ptr_array_index (absences, i);

      if (a->entry_id == job->entry_id && a->round == round)
        {
          g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT, _("%s is already absent in round %d"), who, round);
          return FALSE;
        }
    }
  job->round = round;
  return store_absence (doc, section, e, round, TRUE, error);
}

/**
 * qw_tournament_set_absent:
 *
 * 请假: the player is not paired in the next round, that round only, and
 * scores nothing for it. Not a withdrawal (the player is paired again
 * afterwards) and not a forfeit (the consecutive-forfeit limit does not
 * count it). One step of the history ("Absence of 王伟 in round 4"), logged
 * in the round log. Only a Swiss can leave a player out of a round: a round
 * robin or knockout has a fixed schedule, where a missed game is a forfeit.
 *
 * Returns: the round the player is absent from, or 0 with @error
 */
int
qw_tournament_set_absent (QwDocument      *doc,
                          const QwSection *section,
                          gint64           entry_id,
                          GError         **error)
{
  RosterJob job = { section, entry_id, TRUE };

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), 0);

  /* The player and the absences are read in the step that writes. */
  if (!qw_document_run_step (doc, NULL, absent_step, &job, error))
    return 0;
  return job.round;
}

/**
 * qw_tournament_cancel_absence:
 *
 * Takes back the player's absence from the next round, as one step.
 */
static gboolean
cancel_absence_step (QwDocument  *doc,
                     gpointer     data,
                     GError     **error)
{
  RosterJob *job = data;
  g_autoptr(QwEntry) e = NULL;
  g_autoptr(GPtrArray) absences = NULL;
  g_autofree char *who = NULL;
  int round;

  if (!absence_target (doc, job->section, job->entry_id, &e, &round, error)
      || (absences = qw_tournament_list_absences (doc, job->section, error)) == NULL)
    return FALSE;
  for (guint i = 0; i < absences->len; i++)
    {
      const QwAbsence *a = g_ptr_array_index (absences, i);

      if (a->entry_id == job->entry_id && a->round == round && a->kind == QW_ABSENCE_LEAVE)
        return store_absence (doc, job->section, e, round, FALSE, error);
    }
  who = _qw_play_entry_label (e);
  g_set_error (error, QW_ERROR, QW_ERROR_NOT_FOUND, _("%s is not absent in round %d"), who, round);
  return FALSE;
}

gboolean
qw_tournament_cancel_absence (QwDocument      *doc,
                              const QwSection *section,
                              gint64           entry_id,
                              GError         **error)
{
  RosterJob job = { section, entry_id, FALSE };

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);
  return qw_document_run_step (doc, NULL, cancel_absence_step, &job, error);
}
