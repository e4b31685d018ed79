/* qw-results-warnings.c: what a results file carries that its reader should be told
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-results"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "qw-date.h"
#include "qw-entry.h"
#include "qw-excel-id.h"
#include "qw-results-warnings.h"

static void
add_if_excel (GPtrArray            *lines,
              const QwResultsGroup *group,
              const QwEntry        *player,
              const QwEntry        *person)
{
  if (person->id_number == NULL || !qw_excel_id_is_number (person->id_number, NULL))
    return;
  g_ptr_array_add (lines, g_strdup_printf (_("%s No. %d %s: %s"), qw_results_group_display_name (group),
                                           player->no, person->name, person->id_number));
}

GPtrArray *
qw_results_excel_ids (const QwResults *results)
{
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);

  for (guint g = 0; !results->is_public && g < results->groups->len; g++)
    {
      const QwResultsGroup *group = g_ptr_array_index (results->groups, g);

      for (guint i = 0; i < group->players->len; i++)
        {
          const QwEntry *player = g_ptr_array_index (group->players, i);

          if (!qw_entry_is_pair (player))
            add_if_excel (lines, group, player, player);
          for (guint m = 0; qw_entry_is_pair (player) && m < player->members->len; m++)
            add_if_excel (lines, group, player, g_ptr_array_index (player->members, m));
        }
    }
  return lines;
}

char *
qw_results_excel_warning (const QwResults *results)
{
  g_autoptr(GPtrArray) lines = qw_results_excel_ids (results);
  g_autoptr(GString) text = NULL;

  if (lines->len == 0)
    return NULL;
  text = g_string_new (NULL);
  g_string_append_printf (text,
                          g_dngettext (GETTEXT_PACKAGE,
                                       "%u ID number in the results file is a number Excel made (id-excel-number) "
                                       "and names nobody; correct it on the entries page and export again:",
                                       "%u ID numbers in the results file are numbers Excel made (id-excel-number) "
                                       "and name nobody; correct them on the entries page and export again:",
                                       lines->len),
                          lines->len);
  for (guint i = 0; i < lines->len; i++)
    g_string_append_printf (text, "\n  %s", (const char *) g_ptr_array_index (lines, i));
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
add_if_not_a_date (GPtrArray            *lines,
                   const QwResultsGroup *group,
                   const QwEntry        *player,
                   const QwEntry        *person)
{
  QwDate date;

  if (person->birth == NULL || person->birth[0] == '\0' || qw_date_parse_iso (person->birth, &date))
    return;
  g_ptr_array_add (lines, g_strdup_printf (_("%s No. %d %s: %s"), qw_results_group_display_name (group),
                                           player->no, person->name, person->birth));
}

/* A date of birth the desk typed and nobody could read (2008年3月, 08/03/05,
 * 1953-02-29) travels as typed: the province counts ages from it. */
static char *
birth_warning (const QwResults *results)
{
  g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GString) text = NULL;

  for (guint g = 0; !results->is_public && g < results->groups->len; g++)
    {
      const QwResultsGroup *group = g_ptr_array_index (results->groups, g);

      for (guint i = 0; i < group->players->len; i++)
        {
          const QwEntry *player = g_ptr_array_index (group->players, i);

          if (!qw_entry_is_pair (player))
            add_if_not_a_date (lines, group, player, player);
          for (guint m = 0; qw_entry_is_pair (player) && m < player->members->len; m++)
            add_if_not_a_date (lines, group, player, g_ptr_array_index (player->members, m));
        }
    }
  if (lines->len == 0)
    return NULL;
  text = g_string_new (NULL);
  g_string_append_printf (text,
                          g_dngettext (GETTEXT_PACKAGE,
                                       "%u date of birth in the results file is not a date (bad-birth-date); "
                                       "correct it on the entries page and export again:",
                                       "%u dates of birth in the results file are not dates (bad-birth-date); "
                                       "correct them on the entries page and export again:",
                                       lines->len),
                          lines->len);
  for (guint i = 0; i < lines->len; i++)
    g_string_append_printf (text, "\n  %s", (const char *) g_ptr_array_index (lines, i));
  return g_string_free (g_steal_pointer (&text), FALSE);
}

char *
qw_results_export_warning (const QwResults *results)
{
  g_autofree char *excel = qw_results_excel_warning (results);
  g_autofree char *births = birth_warning (results);

  if (excel != NULL && births != NULL)
    return g_strconcat (excel, "\n", births, NULL);
  return g_strdup (excel != NULL ? excel : births);
}
