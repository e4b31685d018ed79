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
  QW_PROBLEM_ID_BIRTH_MISMATCH,
  QW_PROBLEM_ID_SEX_MISMATCH,
  QW_PROBLEM_MISSING_NAME,
  QW_PROBLEM_MISSING_BIRTH,
  QW_PROBLEM_BAD_BIRTH_DATE,
  QW_PROBLEM_MISSING_SEX,
  QW_PROBLEM_MISSING_DOCUMENT,
  QW_PROBLEM_TOO_STRONG,
  QW_PROBLEM_NEEDS_ESCORT,
  QW_PROBLEM_DUPLICATE_ID,
  QW_PROBLEM_GROUP_MISMATCH,
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
  gboolean require_document;      /* report an empty ID field (missing-document) */
} QwCheckOptions;

void        qw_entry_check            (const QwRuleset      *ruleset,
                                       const QwEntry        *entry,
                                       const QwCheckOptions *options,
                                       QwEntryCheck         *out);
void        qw_entry_check_all        (const QwRuleset      *ruleset,
                                       GPtrArray            *entries,
                                       const QwCheckOptions *options,
                                       QwEntryCheck         *out);
char       *qw_entry_identity_key     (const QwEntry        *entry);
char       *qw_entry_placement        (const QwRuleset      *ruleset,
                                       const QwEntry        *entry,
                                       const QwEntryCheck   *check);
void        qw_entries_place          (const QwRuleset      *ruleset,
                                       GPtrArray            *entries,
                                       QwDate                event_date);

const char *qw_problem_code           (QwProblem  problem);
const char *qw_problem_message        (QwProblem  problem);
const char *qw_problem_short_label    (QwProblem  problem);
gboolean    qw_problem_is_error       (QwProblem  problem);
guint       qw_problem_count          (guint      problems);

G_END_DECLS
