/* qw-test-region.h: stops, results and region documents for the region tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "qw-demo.h"
#include "qw-idcard.h"
#include "qw-document.h"
#include "qw-region.h"
#include "qw-results-file.h"
#include "qw-date.h"
#include "qw-document-entries.h"
#include "qw-entry.h"
#include "qw-event.h"

G_BEGIN_DECLS

/* A valid resident ID number for a birth date and sex, from a seed. */
char       *fixture_id_number    (guint32            seed,
                                  const char        *birth,
                                  QwSex              sex);
QwEntry    *fixture_player       (int                no,
                                  const char        *name,
                                  QwSex              sex,
                                  const char        *birth,
                                  const char        *group);
void        fixture_game         (QwResultsGroup    *group,
                                  int                round,
                                  int                board,
                                  int                red,
                                  int                black,
                                  const char        *result);
void        fixture_standing     (QwResultsGroup    *group,
                                  int                rank,
                                  int                no,
                                  double             points,
                                  double             opponents,
                                  double             progressive);
/* A preliminary of @n_open players in 公开组男子 (a small Swiss of two rounds
 * with a shared first place), two in 少年组女子 and one player placed in no
 * group. */
QwResults  *fixture_results      (const char        *name,
                                  const char        *uid,
                                  const char        *start,
                                  int                n_open);
char       *fixture_tmpdir       (void);
void        fixture_rmdir        (const char        *dir);
QwDocument *fixture_region       (const char        *dir,
                                  const char        *region);
/* A region (广东) in @dir whose provincial final, imported with ten stops,
 * has national nominees; returns its path. */
char       *fixture_region_with_nominees (const char *dir);
int         fixture_count_events (QwDocument        *doc);
void        assert_entries_equal (const QwEntry     *a,
                                  const QwEntry     *b,
                                  gboolean           public_form);
/* Same event, groups, players, games and standings. */
void        assert_results_equal (const QwResults   *a,
                                  const QwResults   *b,
                                  gboolean           public_form);

/* The results file of fixture_results ("白花站", …, 7 players), as XML. */
char       *fixture_results_text (gboolean           public_form);
/* Whether a warning of @s holds @needle. */
gboolean    fixture_summary_warns (const QwRegionSummary *s,
                                   const char            *needle);

/* A region document (广东) in a folder of its own, as a GTest fixture. */
typedef struct
{
  char       *dir;
  QwDocument *doc;
  QwRuleset  *ruleset;
} QwTestRegion;

void        qw_test_region_set_up    (QwTestRegion  *f,
                                      gconstpointer  data);
void        qw_test_region_tear_down (QwTestRegion  *f,
                                      gconstpointer  data);

/* A 2022 ladder's period 1 for @n players (accounts q01, q02, … except
 * player @special_no, whose account and ID number are given): everyone
 * selected in 海选, then a round robin in 入围 where the lower number always
 * wins, so the ranks are 1 to @n, all distinct. Writes games.csv and
 * players.csv into @dir. */
void        qw_test_write_ladder_inputs (const char *dir,
                                         int         n,
                                         int         special_no,
                                         const char *special_account,
                                         const char *special_id,
                                         char      **games_path,
                                         char      **players_path);

G_END_DECLS
