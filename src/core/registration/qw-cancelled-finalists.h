/* qw-cancelled-finalists.h: finalists whose qualification was cancelled, and the entries they match
 *
 * Seed 000 §九3 (名单公示…如被举报，经查实立即取消资格) and §十一(三)3 (若发现
 * 作弊行为，一经查实取消成绩): the arbiter cancels a finalist of the online
 * ladder (region/qw-ladder-store.h, qiwang-cli ladder-cancel). A cancelled
 * player may not be entered into the final by hand either: an entry that is
 * that player (by platform account, or by the document the ladder's players
 * list gave) carries the problem qualification-cancelled, which the 2022
 * ruleset's pairing gate blocks.
 *
 * Why a problem and not a refusal at entry: a cancellation often comes after
 * the finalists were entered (the public list is shown before the final),
 * so a refusal would miss the entries made before it; a problem shows on
 * every entry it concerns, whenever it was made, in the entry dialog, the
 * entries list, the import report and `qiwang-cli entry`, and keeps the
 * entry out of pairing like the other blocking problems.
 *
 * The document keeps the cancellations as CSV in its meta row
 * QW_CANCELLED_FINALISTS_KEY; this layer only reads the columns below, the
 * ladder's store writes them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "qw-document.h"
#include "qw-entry-check.h"

G_BEGIN_DECLS

#define QW_CANCELLED_FINALISTS_KEY "ladder-cancelled"

/* The columns of the stored table, after its header row. Rows written
 * before the identity was kept have only the first three. */
typedef enum
{
  QW_CANCELLED_COLUMN_ACCOUNT = 0,  /* 账号 */
  QW_CANCELLED_COLUMN_KIND,         /* 类别: "reported" or "cheating" */
  QW_CANCELLED_COLUMN_REASON,       /* 理由 */
  QW_CANCELLED_COLUMN_IDENTITY,     /* 身份: qw_person_identity_key() of the players list's document, or "" */
  QW_CANCELLED_COLUMN_NAME,         /* 姓名, as the ladder had it */
  QW_N_CANCELLED_COLUMNS
} QwCancelledColumn;

/**
 * qw_registration_mark_cancelled:
 * @checks: the checks of @entries (qw_entry_check_all()), one each
 *
 * Adds QW_PROBLEM_QUALIFICATION_CANCELLED to the check of every entry (or
 * pair member) that is a finalist whose qualification the document records
 * as cancelled: the same platform account, or the same document. A
 * document with no cancellation, or whose table cannot be read, changes
 * nothing (the ladder page reports a damaged table).
 */
void      qw_registration_mark_cancelled (QwDocument   *doc,
                                          GPtrArray    *entries,
                                          QwEntryCheck *checks);

/* The same for one entry, not (yet) stored: the entry dialog's check. */
gboolean  qw_registration_is_cancelled   (QwDocument    *doc,
                                          const QwEntry *entry);

G_END_DECLS
