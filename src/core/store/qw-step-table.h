/* qw-step-table.h: the steps of a document's history, kept in the document,
 * and the topics a step touched (store/ only)
 *
 * Each step recorded is a row of the step table (schema version 10): its
 * label, who made it, its topics and its changeset. The recorder writes the
 * row in the step's own transaction; the history reads it to undo or redo;
 * the document compares the table with what it last saw to announce the
 * steps other connections committed. Calls only qw-document-sql.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "qw-document-private.h"

G_BEGIN_DECLS

/* The tables a step wrote to, as bits: what its topics are made of. */
typedef enum
{
  QW_TABLE_META     = 1 << 0,
  QW_TABLE_EVENT    = 1 << 1,
  QW_TABLE_ENTRY    = 1 << 2,     /* player, entry, member */
  QW_TABLE_SECTION  = 1 << 3,
  QW_TABLE_GAME     = 1 << 4,     /* game, absence */
  QW_TABLE_STANDING = 1 << 5,
  QW_TABLE_NOMINEE  = 1 << 6,
  QW_TABLE_DEVICE   = 1 << 7,     /* the venue's devices, sessions, log (never recorded) */
} QwTables;

#define QW_TABLES_ALL 0xff

/* The bit of @table; 0 for the tables that are never a topic: the logs,
 * the step table and SQLite's own. */
guint        _qw_tables_bit             (const char     *table);
/* The topics ("events", "entries", …, qw-document.h) of the tables in
 * @tables, for a document of @kind: static strings, NULL-terminated. */
const char **_qw_tables_topics          (guint           tables,
                                         QwDocumentKind  kind);
/* The bits of the topics in @text ("games entries"). */
guint        _qw_topics_tables          (const char     *text);
/* The topics as stored: "games entries". */
char        *_qw_tables_topics_text     (guint           tables,
                                         QwDocumentKind  kind);

/* A step as the table holds it, without its changeset. */
typedef struct
{
  gint64    id;
  char     *label;                /* in the reader's language (qw-message.h) */
  char     *stored_label;         /* as stored: to quote it in another stored text */
  char     *origin;
  guint     tables;               /* from its topics */
  gboolean  undone;
} QwStepRow;

void         _qw_step_row_clear         (QwStepRow      *row);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (QwStepRow, _qw_step_row_clear)

/* In the step's transaction: forgets the steps taken back (a new step
 * ends the redo), adds this one, then forgets the oldest beyond
 * QW_HISTORY_MAX_STEPS and QW_HISTORY_MAX_BYTES (the newest always stays). */
/* @held: who held the ID numbers its undo would give back
 * (qw-undo-identities.h), as text. */
gboolean     _qw_step_table_add         (QwDocument     *doc,
                                         const char     *label,
                                         const char     *origin,
                                         guint           tables,
                                         const char     *held,
                                         const void     *changeset,
                                         int             size,
                                         GError        **error);
/* The step undo (@undone FALSE: the newest not taken back) or redo (the
 * oldest taken back) would move; FALSE when there is none (no error) or
 * with @error. */
gboolean     _qw_step_table_next        (QwDocument     *doc,
                                         gboolean        undone,
                                         QwStepRow      *row,
                                         GError        **error);
gboolean     _qw_step_table_get         (QwDocument     *doc,
                                         gint64          id,
                                         QwStepRow      *row,
                                         GError        **error);
/* The step's changeset (g_free() it) and its holders, as text. */
gboolean     _qw_step_table_changeset   (QwDocument     *doc,
                                         gint64          id,
                                         void          **changeset,
                                         int            *size,
                                         char          **held,
                                         GError        **error);
/* Marks it taken back (or done again), with the holders its next move
 * checks. */
gboolean     _qw_step_table_set_undone  (QwDocument     *doc,
                                         gint64          id,
                                         gboolean        undone,
                                         const char     *held,
                                         GError        **error);

/* What a connection saw of the table: each step's id and whether it was
 * undone, to compare with the table later. */
QwStepSight *_qw_step_sight_take        (QwDocument     *doc);
void         _qw_step_sight_free        (QwStepSight    *sight);
/* The tables of the steps made, undone or redone since @before was taken,
 * as the table is now (@now); QW_TABLES_ALL when it cannot tell. */
guint        _qw_step_sight_changes     (const QwStepSight *before,
                                         const QwStepSight *now);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (QwStepSight, _qw_step_sight_free)

G_END_DECLS
