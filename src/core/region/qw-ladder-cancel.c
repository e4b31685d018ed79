/* qw-ladder-cancel.c: finalists whose qualification is cancelled
 *
 * Seed 000 §九3: 通过线上比赛晋级线下总决赛的选手名单，以及持主办方外卡参加
 * 线下总决赛的选手名单将在总决赛前公示，如被举报，经查实立即取消资格;
 * §十一(三)3: 若发现作弊行为，一经查实取消成绩. The arbiter's decision is
 * kept in the document (qw-ladder-store.c); here it is applied to the
 * computed ladder.
 *
 * Who takes the place: the seed states no rule for filling it (no 递补, no
 * reserve list: §十一(三)2 sends each period's top places to the final, and
 * §十一(五) gives wild cards only by the organiser's decision). Moving the
 * next-ranked player of the period up would be a rule of our own making, so
 * the place stays empty (名额空缺) and the output says so; the organiser may
 * still give a wild card.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-ladder"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "qw-ladder.h"

static const char *const kind_codes[] = { "reported", "cheating" };

const char *
qw_ladder_cancel_kind_to_code (QwLadderCancelKind kind)
{
  return kind == QW_LADDER_CANCEL_CHEATING ? kind_codes[1] : kind_codes[0];
}

gboolean
qw_ladder_cancel_kind_from_code (const char         *code,
                                 QwLadderCancelKind *kind)
{
  for (guint i = 0; i < G_N_ELEMENTS (kind_codes); i++)
    if (g_strcmp0 (code, kind_codes[i]) == 0)
      {
        *kind = (QwLadderCancelKind) i;
        return TRUE;
      }
  return FALSE;
}

/* Chinese whatever the interface's language: it goes into the public list's
 * neighbours, the printed documents. */
const char *
qw_ladder_cancel_kind_to_chinese (QwLadderCancelKind kind)
{
  return kind == QW_LADDER_CANCEL_CHEATING ? "作弊，经查实" : "名单公示期间被举报，经查实";
}

const char *
qw_ladder_cancelled_place_text (void)
{
  return "名额空缺";
}

QwLadderCancellation *
qw_ladder_cancellation_new (const char         *account,
                            QwLadderCancelKind  kind,
                            const char         *reason)
{
  QwLadderCancellation *c = g_new0 (QwLadderCancellation, 1);

  c->account = g_strdup (account);
  c->kind = kind;
  c->reason = g_strdup (reason);
  return c;
}

void
qw_ladder_cancellation_free (QwLadderCancellation *c)
{
  if (c == NULL)
    return;
  g_free (c->account);
  g_free (c->reason);
  g_free (c->identity);
  g_free (c->name);
  g_free (c);
}

static int
finalist_index (const QwLadder *ladder,
                const char     *account)
{
  for (guint i = 0; i < ladder->finalists->len; i++)
    if (g_strcmp0 (((QwLadderFinalist *) g_ptr_array_index (ladder->finalists, i))->account, account) == 0)
      return (int) i;
  return -1;
}

char *
qw_ladder_finalist_identity (const QwLadderFinalist *finalist)
{
  if (finalist->player == NULL)
    return NULL;
  return qw_person_identity_key (finalist->player->doc_kind, finalist->player->doc_number, NULL, FALSE);
}

static gboolean
is_blank (const char *s)
{
  return s == NULL || s[0] == '\0';
}

/* A stored cancellation that no longer matches a finalist: the ladder's
 * files were imported again since (another log, another players list). The
 * arbiter decides; nothing is changed on the quiet. */
static void
warn_not_finalist (QwLadder                   *ladder,
                   const QwLadderCancellation *c)
{
  qw_ladder_add_warning (ladder, QW_LADDER_WARNING_CANCELLED_NOT_FINALIST, c->account,
                         g_strdup_printf (_("The qualification of %s %s was cancelled, but the account is not a "
                                            "finalist any more (the ladder’s files changed since): the "
                                            "cancellation applies to nobody; check it"),
                                          c->account, c->name != NULL ? c->name : ""));
}

static void
check_identity (QwLadder                   *ladder,
                const QwLadderCancellation *c,
                const QwLadderFinalist     *f)
{
  g_autofree char *now = qw_ladder_finalist_identity (f);
  gboolean document_differs = !is_blank (c->identity) && g_strcmp0 (now, c->identity) != 0;
  gboolean name_differs = !is_blank (c->name) && !is_blank (f->name) && g_strcmp0 (c->name, f->name) != 0;

  if (!document_differs && !name_differs)
    return;
  /* Still applied: a cancellation never lapses on its own (a corrected
   * document would otherwise let a cheater back in); the arbiter looks. */
  qw_ladder_add_warning (ladder, QW_LADDER_WARNING_CANCELLED_IDENTITY_CHANGED, c->account,
                         g_strdup_printf (_("The qualification of %s was cancelled for %s, but the players list "
                                            "now gives this account to %s%s: the cancellation still applies; "
                                            "check that it is the same person"),
                                          c->account, !is_blank (c->name) ? c->name : c->account,
                                          !is_blank (f->name) ? f->name : c->account,
                                          document_differs ? _(" with another document") : ""));
}

void
qw_ladder_apply_cancellations (QwLadder  *ladder,
                               GPtrArray *cancellations)
{
  /* The 序号 each had in the list as computed, before any was taken out. */
  g_autoptr(GPtrArray) computed = g_ptr_array_new ();   /* not owning: a copy would free them */

  g_ptr_array_extend (computed, ladder->finalists, NULL, NULL);
  for (guint i = 0; cancellations != NULL && i < cancellations->len; i++)
    {
      const QwLadderCancellation *c = g_ptr_array_index (cancellations, i);
      int index = finalist_index (ladder, c->account);
      QwLadderCancelled *cancelled;
      guint number = 0;

      if (index < 0)
        {
          if (qw_ladder_find_cancelled (ladder, c->account) == NULL)
            warn_not_finalist (ladder, c);
          continue;
        }
      check_identity (ladder, c, g_ptr_array_index (ladder->finalists, (guint) index));
      cancelled = g_new0 (QwLadderCancelled, 1);
      cancelled->finalist = g_ptr_array_steal_index (ladder->finalists, (guint) index);
      g_ptr_array_find (computed, cancelled->finalist, &number);
      cancelled->number = (int) number + 1;
      cancelled->kind = c->kind;
      cancelled->reason = g_strdup (c->reason);
      if (cancelled->finalist->via == QW_LADDER_VIA_WILDCARD)
        ladder->n_wildcards--;
      else
        ladder->n_online--;
      g_ptr_array_add (ladder->cancelled, cancelled);
    }
}

const QwLadderFinalist *
qw_ladder_find_finalist (const QwLadder *ladder,
                         const char     *account_or_number)
{
  int index = finalist_index (ladder, account_or_number);
  char *end = NULL;
  long number;

  if (index >= 0)
    return g_ptr_array_index (ladder->finalists, (guint) index);
  if (account_or_number == NULL || !g_ascii_isdigit (account_or_number[0]))
    return NULL;
  number = strtol (account_or_number, &end, 10);
  if (*end != '\0' || number < 1 || number > (long) ladder->finalists->len)
    return NULL;
  return g_ptr_array_index (ladder->finalists, (guint) number - 1);
}

const QwLadderCancelled *
qw_ladder_find_cancelled (const QwLadder *ladder,
                          const char     *account)
{
  for (guint i = 0; i < ladder->cancelled->len; i++)
    {
      const QwLadderCancelled *c = g_ptr_array_index (ladder->cancelled, i);

      if (g_strcmp0 (c->finalist->account, account) == 0)
        return c;
    }
  return NULL;
}
