/* qw-entry.h: a registration (报名) and what is wrong with it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "qw-date.h"
#include "qw-idcard.h"
#include "qw-ruleset.h"
#include "qw-types.h"

G_BEGIN_DECLS

typedef enum
{
  QW_DOC_RESIDENT_ID = 0,   /* 第二代居民身份证 or 户口本: the 18-digit number */
  QW_DOC_OTHER,             /* passport or another document: only non-emptiness is checked */
} QwDocKind;

typedef enum
{
  QW_STATUS_ACTIVE = 0,
  QW_STATUS_WITHDRAWN,      /* 退赛: not paired any more */
} QwEntryStatus;

typedef struct
{
  gint64         id;              /* the document's row id; 0 until stored */
  gint64         event_id;
  int            no;              /* 序号, unique within the event */
  char          *name;            /* 姓名 */
  QwSex          sex;             /* 性别 as typed */
  char          *birth;           /* 出生日期 as typed; ISO once it could be read */
  QwDocKind      doc_kind;
  char          *id_number;       /* 身份证号 or the other document's number */
  char          *unit;            /* 单位 */
  char          *grade;           /* 等级: grade or title, free text */
  char          *phone;           /* 手机 */
  char          *declared_group;  /* 组别 as declared, may be empty */
  char          *group_code;      /* the group the player plays in; empty: not placed */
  QwEntryStatus  status;
  int            rating;          /* 等级分, 0 when unknown; used for seeding */
} QwEntry;

#define QW_TYPE_ENTRY (qw_entry_get_type ())

GType    qw_entry_get_type (void) G_GNUC_CONST;
QwEntry *qw_entry_new      (void);
QwEntry *qw_entry_copy     (const QwEntry *entry);
void     qw_entry_free     (QwEntry       *entry);
gboolean qw_entry_equal    (const QwEntry *a,
                            const QwEntry *b);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (QwEntry, qw_entry_free)

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
