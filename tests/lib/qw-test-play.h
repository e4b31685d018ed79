/* qw-test-play.h: the arbiter's actions as the tests call them
 *
 * The play services never change the section they are given; those that
 * change it return it as stored (qw-tournament.h). A test holds its
 * section and acts on it again and again: these take its address and put
 * the stored one in its place when the action succeeds. They do not
 * assert: a test checks what they return.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "qw-standings.h"
#include "qw-tournament.h"

G_BEGIN_DECLS

/* qw_tournament_pair() with %QW_PAIR_GATE_CHECK; @notes (optional) gets the
 * players left out. */
int        qw_test_pair               (QwDocument  *doc,
                                       QwSection  **section,
                                       GPtrArray  **notes,
                                       GError     **error);
int        qw_test_pair_gated         (QwDocument  *doc,
                                       QwSection  **section,
                                       QwPairGate   gate,
                                       GError     **error);
gboolean   qw_test_unpair_last        (QwDocument  *doc,
                                       QwSection  **section,
                                       gboolean     force,
                                       GError     **error);
gboolean   qw_test_update_section     (QwDocument  *doc,
                                       QwSection  **section,
                                       GError     **error);
guint64    qw_test_draw_lots          (QwDocument  *doc,
                                       QwSection  **section,
                                       GError     **error);

/* The same actions where the test only goes on if they succeed: they fail
 * the test otherwise. */

/* Pairs the next round (qw_test_pair()); returns its number. */
int        qw_test_pair_next          (QwDocument  *doc,
                                       QwSection  **section,
                                       GPtrArray  **notes);
/* Records @result on @board of @round. */
void       qw_test_record             (QwDocument      *doc,
                                       const QwSection *section,
                                       int              round,
                                       int              board,
                                       QwResult         result);

/* A stop to play in, as a GTest fixture: its document at @path in a folder
 * of its own, its group open-m and the group's entries. */
typedef struct
{
  char       *dir;
  char       *path;
  QwDocument *doc;
  QwSection  *section;
  GPtrArray  *entries;
} QwTestStop;

void       qw_test_stop_set_up        (QwTestStop    *f,
                                       gconstpointer  data);
void       qw_test_stop_tear_down     (QwTestStop    *f,
                                       gconstpointer  data);
/* Makes the stop anew: an event of @system with @rounds rounds and @n men
 * in open-m, their names and ID numbers drawn from @seed, born from 1980
 * on, rated @ratings[i] (by default 2400 − 10 i), of the @units in turn
 * (NULL-terminated; by default 第N象棋队). */
void       qw_test_stop_make          (QwTestStop         *f,
                                       const char         *system,
                                       int                 n,
                                       int                 rounds,
                                       guint32             seed,
                                       const int          *ratings,
                                       const char * const *units);
/* The entry id of the player numbered @no (who must be there). */
gint64     qw_test_stop_id_of_no      (QwTestStop    *f,
                                       int            no);
/* Whether a line of the group's round log holds @text. */
gboolean   qw_test_stop_log_contains  (QwTestStop    *f,
                                       const char    *text);

/* Records @result on every board of @round that has none. */
void       qw_test_stop_finish_round  (QwTestStop    *f,
                                       int            round,
                                       QwResult       result);
/* The game of @games that entry @id plays in, or NULL. */
QwGame    *qw_test_game_with          (GPtrArray     *games,
                                       gint64         id);
/* The row of player @no in standings @rows (who must be there). */
const QwStandingRow *qw_test_standing_row (GPtrArray *rows,
                                           int        no);

/* A stop made anew at @path: 白花镇's event of 2021-07-03 with five rounds
 * (*@event gets it) and @n men in open-m (qw_test_new_player() drawn from
 * @seed, of the @units in turn). */
QwDocument *qw_test_stop_with_players (const char         *path,
                                       guint32             seed,
                                       int                 n,
                                       const char * const *units,
                                       QwEvent           **event);

G_END_DECLS
