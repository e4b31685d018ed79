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

/* Stores what a valid resident ID number says when the entry does not say
 * it: an unknown sex and an empty birth date are filled in (a typed one that
 * differs is kept, and reported as a mismatch). Returns whether it changed. */
gboolean    qw_entry_fill_from_id     (QwEntry              *entry);

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
