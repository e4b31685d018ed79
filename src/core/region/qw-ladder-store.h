/* qw-ladder-store.h: the online ladder's files kept in a final's document
 *
 * The ladder (qw-ladder.h) is computed from three tables: the platform's
 * game log, the players list and the wild cards. The CLI's ladder command
 * reads them from files each time; a final's document keeps them, so that
 * the GUI's ladder page shows the same figures every time it is opened.
 * Each import is checked whole as the CLI reads it (a file with a bad row
 * is refused and nothing changes), then stored as one undoable step
 * ("changed::ladder"). The stored tables are UTF-8 CSV in the document's
 * meta rows, whatever file (CSV, .xlsx, .xls) they came from.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "qw-document.h"
#include "qw-ladder.h"
#include "qw-ruleset.h"

G_BEGIN_DECLS

typedef enum
{
  QW_LADDER_FILE_GAMES = 0,       /* the game log */
  QW_LADDER_FILE_PLAYERS,         /* the players list */
  QW_LADDER_FILE_WILDCARDS,       /* the wild cards (外卡) */
  QW_N_LADDER_FILES
} QwLadderFile;

/* What a document keeps of the ladder, computed. */
typedef struct
{
  QwLadderLog     *log;           /* NULL: no game log imported */
  QwLadderPlayers *players;       /* NULL: no players list */
  GPtrArray       *wildcards;     /* QwLadderWildcard; NULL: none imported */
  QwLadder        *ladder;        /* NULL without a game log; the cancellations applied */
  GPtrArray       *cancellations; /* QwLadderCancellation: the arbiter's decisions, in order */
  char            *names[QW_N_LADDER_FILES]; /* the imported files' names; NULL: none */
} QwLadderStored;

/**
 * qw_ladder_store_import:
 * @ruleset: the document's ruleset, with a <ladder>
 * @rejected: (out) (optional): the bad rows of a refused file (QwRowError)
 *
 * Reads @path as qiwang-cli ladder reads it and keeps it in @doc in place
 * of the table of that kind imported before, as one undoable step.
 */
gboolean        qw_ladder_store_import    (QwDocument       *doc,
                                           const QwRuleset  *ruleset,
                                           QwLadderFile      file,
                                           const char       *path,
                                           GPtrArray       **rejected,
                                           GError          **error);
/* A wild card entered by hand, added to the stored ones as one undoable step.
 * @applied: its 申请日期 (YYYY-MM-DD or as the desk types dates), required
 * when the ruleset has a deadline (十三(四)1), checked against it as an
 * imported one is; @late_allowed: (nullable): the arbiter's 逾期准许. */
gboolean        qw_ladder_store_add_wildcard (QwDocument    *doc,
                                           const QwRuleset  *ruleset,
                                           const char       *account,
                                           const char       *name,
                                           const char       *reason,
                                           const char       *applied,
                                           const char       *late_allowed,
                                           GError          **error);
/**
 * qw_ladder_store_cancel:
 * @finalist: a finalist's account, or their 序号 in the finalists list
 * @reason: why, as the arbiter found it (required)
 * @account: (out) (optional): the account cancelled
 *
 * Cancels a finalist's qualification (seed 000 §九3, §十一(三)3) as one
 * undoable step whose label names the account and the reason (the
 * history is the log). An empty reason, a player who is not a finalist or
 * one cancelled already is refused, and nothing changes. No one moves up.
 */
gboolean        qw_ladder_store_cancel    (QwDocument         *doc,
                                           QwRuleset          *ruleset,
                                           const char         *finalist,
                                           QwLadderCancelKind  kind,
                                           const char         *reason,
                                           char              **account,
                                           GError            **error);
/* Takes a table out of the document, as one undoable step. */
gboolean        qw_ladder_store_forget    (QwDocument       *doc,
                                           QwLadderFile      file,
                                           GError          **error);
gboolean        qw_ladder_store_has       (QwDocument       *doc,
                                           QwLadderFile      file);
/* The stored tables read back and the ladder computed from them. */
QwLadderStored *qw_ladder_store_load      (QwDocument       *doc,
                                           QwRuleset        *ruleset,
                                           GError          **error);
void            qw_ladder_stored_free     (QwLadderStored   *stored);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (QwLadderStored, qw_ladder_stored_free)

G_END_DECLS
