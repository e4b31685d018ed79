/* qw-entry-check.h: what is wrong with a registration (报名), and its group
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "qw-date.h"
#include "qw-entry.h"
#include "qw-idcard.h"
#include "qw-ruleset.h"

G_BEGIN_DECLS

/* Problem codes, in the order in which they are reported. */
typedef enum
{
  QW_PROBLEM_ID_FORMAT,
  QW_PROBLEM_ID_REGION,
  QW_PROBLEM_ID_DATE,
  QW_PROBLEM_ID_CHECKSUM,
  QW_PROBLEM_ID_EXCEL_NUMBER,         /* Excel stored the number as a number: its digits are lost
                                       * (registration/qw-excel-id.h); reported instead of the
                                       * format and check-digit problems */
  QW_PROBLEM_ID_OLD_FORM,             /* the old 15-digit number: a warning */
  QW_PROBLEM_ID_BIRTH_MISMATCH,
  QW_PROBLEM_ID_SEX_MISMATCH,
  QW_PROBLEM_MISSING_NAME,
  QW_PROBLEM_MISSING_BIRTH,
  QW_PROBLEM_BAD_BIRTH_DATE,
  QW_PROBLEM_MISSING_SEX,
  QW_PROBLEM_MISSING_DOCUMENT,        /* the ruleset requires a document (qiwang-2021: 七(三)3) */
  QW_PROBLEM_DOCUMENT_NOT_ACCEPTED,   /* a kind of document the ruleset does not accept */
  QW_PROBLEM_TOO_STRONG,
  QW_PROBLEM_NEEDS_ESCORT,
  QW_PROBLEM_DUPLICATE_ID,
  QW_PROBLEM_GROUP_MISMATCH,
  QW_PROBLEM_LATE_ENTRY,              /* added after its group's round 1, not admitted yet */
  /* Pairs (双人, QwEntry.members) and the pair events of the ruleset
   * (qw_ruleset_pair_rule()): a pair's members are each checked as a
   * player, and their problems (an ID number, a birth date, a title) are
   * the pair's. */
  QW_PROBLEM_PAIR_INCOMPLETE,         /* in a pair event without two members */
  QW_PROBLEM_PAIR_WRONG_EVENT,        /* two members in an event for one player */
  QW_PROBLEM_PAIR_MAKE_UP,            /* not the event's two men, two women or one of each */
  QW_PROBLEM_PAIR_RELATION,           /* relatives: no relationship the event accepts declared */
  QW_PROBLEM_PAIR_AGE,                /* a member's age out of the event's bounds, or not an
                                       * adult and a child */
  QW_PROBLEM_PAIR_ONLINE,             /* fewer members played online than the event asks */
  QW_PROBLEM_PAIRS_TOO_FEW,           /* the pair event has fewer pairs than it opens with */
  QW_PROBLEM_PAIRS_TOO_MANY,          /* a pair after the event's last place, by 序号 */
  /* The final's junior event (QwFinalRules.junior_field). */
  QW_PROBLEM_JUNIOR_TOO_OLD,          /* born before the junior event's first birth date */
  QW_PROBLEM_NO_CERTIFICATE,          /* no grade certificate (等级) where one is required */
  QW_PROBLEM_FORM_NOT_STAMPED,        /* 2022 十一(五)4: the junior's form stamped by the unit not received */
  QW_PROBLEM_OUTSIDE_ENTRY_WINDOW,    /* 2022 十三(一): entered (报名日期) outside its event's entry window */
  QW_PROBLEM_QUALIFICATION_CANCELLED, /* 2022 九3, 十一(三)3: a finalist whose qualification the arbiter
                                       * cancelled (ladder-cancel); set by qw_registration_mark_cancelled(),
                                       * which needs the document, never by qw_entry_check() */
  QW_N_PROBLEMS
} QwProblem;

#define QW_PROBLEM_BIT(p) (1u << (p))

typedef struct
{
  const QwGroupRule *group;       /* derived from the effective birth date and sex */
  const QwGroupRule *declared;    /* the declared group, when the ruleset knows it */
  QwDate             birth;       /* from the ID number when valid, else as typed */
  QwSex              sex;         /* likewise */
  int                age;         /* 周岁 on the event's first day; -1 when unknown */
  QwIdInfo           id;
  guint              problems;    /* QW_PROBLEM_BIT set */
} QwEntryCheck;

typedef struct
{
  QwDate   event_date;            /* the event's first day */
  gboolean require_document;      /* report an empty ID field (missing-document) even when the
                                   * ruleset does not require a document */
} QwCheckOptions;

/* A pair's members (and one player) are checked alike: qw_entry_check() of
 * one member gives that member's own problems, as a player. The group an
 * entry plays in is its group_code, or where qw_entry_placement() puts it;
 * the pair checks and the junior checks follow that group. A pair has no
 * derived group (it plays where it declared), its sex is the one both
 * members share, its birth date and age are unknown. */
void        qw_entry_check            (const QwRuleset      *ruleset,
                                       const QwEntry        *entry,
                                       const QwCheckOptions *options,
                                       QwEntryCheck         *out);
void        qw_entry_check_all        (const QwRuleset      *ruleset,
                                       GPtrArray            *entries,
                                       const QwCheckOptions *options,
                                       QwEntryCheck         *out);
char       *qw_entry_placement        (const QwRuleset      *ruleset,
                                       const QwEntry        *entry,
                                       const QwEntryCheck   *check);
void        qw_entries_place          (const QwRuleset      *ruleset,
                                       GPtrArray            *entries,
                                       QwDate                event_date);

/* The group @entry plays in (see qw_entry_check()); never NULL, "" when none. */
char       *qw_entry_playing_group    (const QwRuleset      *ruleset,
                                       const QwEntry        *entry,
                                       const QwEntryCheck   *check);

/* Stores what a valid resident ID number says when the entry does not say
 * it: an unknown sex and an empty birth date are filled in (a typed one that
 * differs is kept, and reported as a mismatch). The number's full-width
 * forms are folded to ASCII first (NFKC), and a Chinese name loses the
 * spaces typed between its characters, its separator written · (U+00B7).
 * Returns whether it changed. */
gboolean    qw_entry_fill_from_id     (QwEntry              *entry);

/* Whether the ruleset asks for an entry's 报名日期 (an event with an entry
 * window, 2022 十三(一)) and for the unit's stamped form (十一(五)4): the
 * entry dialog shows those fields only then. */
gboolean    qw_ruleset_asks_registered (const QwRuleset     *ruleset);
gboolean    qw_ruleset_asks_stamp      (const QwRuleset     *ruleset);

const char *qw_problem_code           (QwProblem  problem);
/* The problem of @code, or -1. */
int         qw_problem_from_code      (const char *code);
/* The codes of @problems (QW_PROBLEM_BIT set), in report order, joined by
 * @separator; or their messages with @messages. */
char       *qw_problems_join          (guint       problems,
                                       gboolean    messages,
                                       const char *separator);
/* The problems of a comma-separated list of codes; unknown codes are skipped. */
guint       qw_problems_parse         (const char *codes);
const char *qw_problem_message        (QwProblem  problem);
const char *qw_problem_short_label    (QwProblem  problem);
gboolean    qw_problem_is_error       (QwProblem  problem);
guint       qw_problem_count          (guint      problems);

G_END_DECLS
