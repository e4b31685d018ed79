/* qw-entry.h: a registration (报名) as the document stores it;
 * what is wrong with it is in registration/qw-entry-check.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

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
  QW_STATUS_EXCLUDED,       /* 不具备参赛资格: the arbiter excluded the entry; not paired */
  QW_STATUS_LATE,           /* 迟到报名: added after round 1 of its group was paired; not paired
                             * until the arbiter admits it (the rounds it missed are then
                             * absences of kind late, qw-game.h) */
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
  char          *allowed;         /* problem codes the arbiter let the entry play with ("pair
                                   * anyway"), comma-separated: not asked about again */
} QwEntry;

#define QW_TYPE_ENTRY (qw_entry_get_type ())

GType    qw_entry_get_type (void) G_GNUC_CONST;
QwEntry *qw_entry_new      (void);
QwEntry *qw_entry_copy     (const QwEntry *entry);
void     qw_entry_free     (QwEntry       *entry);
gboolean qw_entry_equal    (const QwEntry *a,
                            const QwEntry *b);

/* "active", "withdrawn", "excluded", "late"; an unknown code reads as active. */
const char   *qw_entry_status_to_code   (QwEntryStatus  status);
QwEntryStatus qw_entry_status_from_code (const char    *code);
/* "resident", "other" (the codes of the document and the ruleset's accepted documents). */
const char   *qw_doc_kind_to_code       (QwDocKind      kind);
QwDocKind     qw_doc_kind_from_code     (const char    *code);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (QwEntry, qw_entry_free)

G_END_DECLS
