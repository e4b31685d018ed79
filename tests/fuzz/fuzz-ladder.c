/* fuzz-ladder.c: the online ladder's lists (CSV)
 *
 * The bytes as a game log, a players list and a wild-card list of the 2022
 * ruleset, then, for a log that was accepted, the ladder computed from it
 * (with the players and wild cards when they were accepted too) and its
 * public list (名单公示), which must read back as CSV.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "qw-fuzz.h"
#include "qw-ladder.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  static QwRuleset *ruleset = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) players_error = NULL;
  g_autoptr(GError) wildcards_error = NULL;
  g_autoptr(QwCsv) csv = NULL;
  g_autoptr(QwLadderLog) log = NULL;
  g_autoptr(QwLadderPlayers) players = NULL;
  g_autoptr(GPtrArray) wildcards = NULL;
  g_autoptr(GPtrArray) rejected = NULL;
  g_autoptr(QwLadder) ladder = NULL;
  g_autofree char *list = NULL;
  g_autoptr(QwCsv) back = NULL;

  qw_fuzz_begin (data, size);
  if (ruleset == NULL)
    ruleset = qw_ruleset_lookup ("qiwang-2022", NULL);
  if (ruleset == NULL)
    abort ();
  csv = qw_csv_parse_data ((const char *) data, size, &error);
  if (csv == NULL)
    {
      qw_fuzz_assert_error (error, "qw_csv_parse_data");
      return 0;
    }
  players = qw_ladder_players_from_table (csv, "players.csv", NULL, &players_error);
  if (players == NULL)
    qw_fuzz_assert_error (players_error, "qw_ladder_players_from_table");
  wildcards = qw_ladder_wildcards_from_table (ruleset, csv, "wildcards.csv", NULL, &wildcards_error);
  if (wildcards == NULL)
    qw_fuzz_assert_error (wildcards_error, "qw_ladder_wildcards_from_table");
  log = qw_ladder_log_from_table (ruleset, csv, "games.csv", &rejected, &error);
  if (log == NULL)
    {
      qw_fuzz_assert_error (error, "qw_ladder_log_from_table");
      return 0;
    }
  ladder = qw_ladder_compute (ruleset, log, players, wildcards, &error);
  if (ladder == NULL)
    {
      qw_fuzz_assert_error (error, "qw_ladder_compute");
      return 0;
    }
  list = qw_ladder_public_list_csv (ladder);
  back = qw_csv_parse_data (list, strlen (list), &error);
  if (back == NULL)
    {
      g_printerr ("the public list does not read back: %s\n", error->message);
      abort ();
    }
  return 0;
}
