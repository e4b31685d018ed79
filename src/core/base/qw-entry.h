/* qw-entry.h: a registration (报名) as the document stores it;
 * what is wrong with it is in registration/qw-entry-check.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "qw-idcard.h"
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
  char          *account;         /* 账号: the player's account on the online platform (弈战),
                                   * empty when unknown; the 2022 ladder's players are known by it */
  /* 双人: an entrant of two. Two members (QwEntry, of which only the
   * person's fields are used: name, sex, birth, doc_kind, id_number,
   * unit, grade, phone, account), and the entry's own person fields
   * derived from them (qw_entry_pair_sync(): the name "甲 / 乙", the
   * common sex and unit, no birth date or document). NULL or empty: one
   * player. The pairing engines, results, standings and printouts see one
   * entrant of that name. */
  GPtrArray     *members;
  char          *relation;        /* a pair of relatives: the relationship as declared (父子, 祖孙…) */
  char          *registered;      /* 报名日期 (ISO once it could be read), "" when not known: checked
                                   * against the event's entry window (2022 十三(一)) */
  gboolean       form_stamped;    /* the entry form stamped by the unit was received (2022 十一(五)4) */
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

/* The name of a pair: the members' names joined by this. */
#define QW_PAIR_NAME_SEPARATOR " / "

/* Whether the entry is an entrant of two (or more) members. */
gboolean      qw_entry_is_pair          (const QwEntry *entry);
/* The member at @index (0 or 1), or NULL. */
QwEntry      *qw_entry_member           (const QwEntry *entry,
                                         guint          index);
/* Adds @member (taken) to the entry's members. */
void          qw_entry_add_member       (QwEntry       *entry,
                                         QwEntry       *member);
/* A pair's own person fields from its members: the name "甲 / 乙"; the sex
 * both share, else unknown; the unit both share (or the one given), else
 * "单位甲 / 单位乙"; the first phone given; no birth date, document, grade or
 * account (each member has its own). Nothing changes for one player. */
void          qw_entry_pair_sync        (QwEntry       *entry);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (QwEntry, qw_entry_free)

/* Who a person (or an entrant) is by document: see qw-entry.c. */
char         *qw_person_identity_key    (QwDocKind       doc_kind,
                                         const char     *id_number,
                                         const QwIdInfo *parsed,
                                         gboolean        excel_number);
char         *qw_entry_identity_key     (const QwEntry  *entry);

G_END_DECLS
