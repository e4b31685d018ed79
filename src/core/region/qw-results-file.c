/* qw-results-file.c: the results file (成绩表) that every stop sends
 *
 * The file is written as text (readable, stable layout) and sealed with the
 * digest of its content. Reading treats it as hostile: size limit, no DTD,
 * schema validation, digest check, then the cross-references the schema
 * cannot express (a game's players belong to the game's group).
 *
 * This file holds the values; qw-results-write.c writes a file,
 * qw-results-read.c reads one and qw-results-standings.c makes its
 * standings public.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-results-file"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "qw-results-file.h"

/* Values */

QwResultsGame *
qw_results_game_new (void)
{
  QwResultsGame *game = g_new0 (QwResultsGame, 1);

  game->result = g_strdup ("");
  game->playoff = g_strdup ("");
  return game;
}

void
qw_results_game_free (QwResultsGame *game)
{
  if (game == NULL)
    return;
  g_free (game->result);
  g_free (game->playoff);
  g_free (game);
}

QwResultsStanding *
qw_results_standing_new (void)
{
  QwResultsStanding *standing = g_new0 (QwResultsStanding, 1);

  standing->tiebreaks = g_array_new (FALSE, TRUE, sizeof (double));
  return standing;
}

void
qw_results_standing_free (QwResultsStanding *standing)
{
  if (standing == NULL)
    return;
  g_array_unref (standing->tiebreaks);
  g_free (standing);
}

QwResultsGroup *
qw_results_group_new (const char *code)
{
  QwResultsGroup *group = g_new0 (QwResultsGroup, 1);

  group->code = g_strdup (code != NULL ? code : "");
  group->name = g_strdup ("");
  group->system = g_strdup ("swiss");
  group->tiebreak_codes = g_new0 (char *, 1);
  group->tiebreak_names = g_new0 (char *, 1);
  group->players = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_entry_free);
  group->games = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_results_game_free);
  group->absences = g_array_new (FALSE, TRUE, sizeof (QwResultsAbsence));
  group->standings = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_results_standing_free);
  return group;
}

void
qw_results_group_free (QwResultsGroup *group)
{
  if (group == NULL)
    return;
  g_free (group->code);
  g_free (group->name);
  g_free (group->system);
  g_strfreev (group->tiebreak_codes);
  g_strfreev (group->tiebreak_names);
  g_ptr_array_unref (group->players);
  g_ptr_array_unref (group->games);
  g_array_unref (group->absences);
  g_ptr_array_unref (group->standings);
  g_free (group);
}

QwResultsCertificate *
qw_results_certificate_new (void)
{
  QwResultsCertificate *certificate = g_new0 (QwResultsCertificate, 1);

  certificate->code = g_strdup ("");
  certificate->group = g_strdup ("");
  certificate->title = g_strdup ("");
  return certificate;
}

void
qw_results_certificate_free (QwResultsCertificate *certificate)
{
  if (certificate == NULL)
    return;
  g_free (certificate->code);
  g_free (certificate->group);
  g_free (certificate->title);
  g_free (certificate);
}

QwResults *
qw_results_new (void)
{
  QwResults *results = g_new0 (QwResults, 1);

  results->event = qw_event_new ();
  results->groups = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_results_group_free);
  results->certificates = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_results_certificate_free);
  return results;
}

void
qw_results_free (QwResults *results)
{
  if (results == NULL)
    return;
  g_free (results->uid);
  qw_event_free (results->event);
  g_ptr_array_unref (results->groups);
  g_ptr_array_unref (results->certificates);
  g_free (results->digest);
  g_free (results);
}

int
qw_results_count_players (const QwResults *results)
{
  int n = 0;

  for (guint i = 0; i < results->groups->len; i++)
    n += (int) ((QwResultsGroup *) g_ptr_array_index (results->groups, i))->players->len;
  return n;
}

const QwEntry *
qw_results_group_find_player (const QwResultsGroup *group,
                              int                   no)
{
  for (guint i = 0; i < group->players->len; i++)
    {
      const QwEntry *e = g_ptr_array_index (group->players, i);

      if (e->no == no)
        return e;
    }
  return NULL;
}

/* The group's name, else its code: how messages name it. */
const char *
qw_results_group_display_name (const QwResultsGroup *group)
{
  return group->name[0] != '\0' ? group->name : group->code;
}
