/* fuzz-document.c: a mutated document (.qiwang) opened as the GUI opens it
 *
 * The bytes are written to a file of their own (SQLite reads files), opened
 * (the header, the integrity check, the version, migrations, the text
 * check), and then read the way the pages read them: the events, entries,
 * groups and games, absences, the arbiter's log, the pairing gate, the
 * standings, the results file it would export, and a region's summary.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>

#include "qw-fuzz.h"
#include "qw-document.h"
#include "qw-document-entries.h"
#include "qw-document-play.h"
#include "qw-pair-gate.h"
#include "qw-region.h"
#include "qw-results-export.h"
#include "qw-standings.h"
#include "qw-test.h"
#include "qw-tournament.h"

static char *folder;
static char *path;

static void
read_stop (QwDocument *doc)
{
  g_autoptr(GPtrArray) events = qw_document_list_events (doc, NULL);
  g_autoptr(QwResults) results = NULL;
  g_autoptr(GError) error = NULL;

  for (guint i = 0; events != NULL && i < events->len; i++)
    {
      const QwEvent *event = g_ptr_array_index (events, i);
      g_autoptr(GPtrArray) entries = qw_document_list_entries (doc, event->id, NULL);
      g_autoptr(GPtrArray) sections = qw_document_list_sections (doc, event->id, NULL);
      g_autoptr(QwRuleset) ruleset = qw_ruleset_lookup (event->ruleset, NULL);

      for (guint s = 0; sections != NULL && s < sections->len; s++)
        {
          QwSection *section = g_ptr_array_index (sections, s);
          g_autoptr(GPtrArray) games = qw_document_list_games (doc, section->id, NULL);
          g_autoptr(GPtrArray) players = qw_document_list_section_entries (doc, section, NULL);
          g_autoptr(GPtrArray) absences = qw_tournament_list_absences (doc, section, NULL);
          g_autoptr(GPtrArray) log = qw_document_list_arbiter_log (doc, section->id, NULL);
          g_autoptr(GPtrArray) gate = qw_pair_gate_list (doc, section, NULL);

          if (games != NULL && players != NULL && ruleset != NULL)
            {
              g_autoptr(GPtrArray) rows = qw_standings_compute_with_absences (ruleset, section, players, games,
                                                                              absences, 0);
            }
        }
      (void) entries;
    }
  results = qw_results_from_document (doc, &error);
  if (results != NULL)
    {
      g_autofree char *text = qw_results_to_xml (results, FALSE, NULL, NULL);
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(QwDocument) doc = NULL;

  qw_fuzz_begin (data, size);
  if (folder == NULL)
    {
      folder = g_dir_make_tmp ("qiwang-fuzz-document-XXXXXX", NULL);
      path = g_build_filename (folder, "fuzz.qiwang", NULL);
    }
  qw_test_remove_tree (folder);
  g_mkdir (folder, 0700);
  if (!g_file_set_contents (path, (const char *) data, (gssize) size, NULL))
    abort ();
  doc = qw_document_open (path, &error);
  if (doc == NULL)
    {
      qw_fuzz_assert_error (error, "qw_document_open");
      return 0;
    }
  if (qw_document_get_kind (doc) == QW_DOCUMENT_REGION)
    {
      g_autoptr(QwRuleset) ruleset = qw_region_ruleset (doc, NULL);
      g_autoptr(QwRegionSummary) summary = ruleset != NULL ? qw_region_read_summary (doc, ruleset, NULL) : NULL;
    }
  read_stop (doc);
  return 0;
}
