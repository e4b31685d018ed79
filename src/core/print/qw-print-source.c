/* qw-print-source.c: printing straight from a document
 *
 * Gathers what a document kind needs from the document (the main event, its
 * groups with their entries, games and standings), picks the groups the kind
 * applies to, and lays the printout out. What the CLI's print command and
 * the GUI's print and export actions call.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-print"

#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

#include "qw-certificate-code.h"
#include "qw-error.h"
#include "qw-final.h"
#include "qw-pair-gate.h"
#include "qw-results-export.h"
#include "qw-print-source.h"
#include "qw-tournament.h"
#include "qw-document-entries.h"
#include "qw-document-play.h"
#include "qw-entry.h"
#include "qw-event.h"
#include "qw-game.h"
#include "qw-play.h"

typedef struct
{
  QwSection    *section;
  GPtrArray    *entries;
  GPtrArray    *games;
  GPtrArray    *standings;
  GPtrArray    *absences;
  QwSeeding    *seeding;
  GPtrArray    *gate;
  int           last_round;
  QwPrintGroup  group;
} Source;

static void
source_free (gpointer data)
{
  Source *s = data;

  g_clear_pointer (&s->section, qw_section_free);
  g_clear_pointer (&s->entries, g_ptr_array_unref);
  g_clear_pointer (&s->games, g_ptr_array_unref);
  g_clear_pointer (&s->standings, g_ptr_array_unref);
  g_clear_pointer (&s->absences, g_ptr_array_unref);
  g_clear_pointer (&s->seeding, qw_seeding_free);
  g_clear_pointer (&s->gate, g_ptr_array_unref);
  g_free (s);
}

/* "open-m", "公开组男子" or an alias such as "公开男": the group's code. A
 * group of the ruleset is accepted even when nobody plays in it yet. */
static const char *
resolve_group (const QwRuleset *ruleset,
               GPtrArray       *codes,
               const char      *wanted)
{
  const QwGroupRule *rule;

  for (guint i = 0; i < codes->len; i++)
    if (g_str_equal (g_ptr_array_index (codes, i), wanted))
      return g_ptr_array_index (codes, i);
  rule = qw_ruleset_find_group (ruleset, wanted);
  if (rule == NULL)
    rule = qw_ruleset_match_group_name (ruleset, wanted, QW_SEX_UNKNOWN);
  return rule != NULL ? rule->code : NULL;
}

static Source *
load_group (QwDocument      *doc,
            const QwEvent   *event,
            const QwRuleset *ruleset,
            GPtrArray       *sections,
            const char      *code,
            QwPrintKind      kind,
            int              up_to_round,
            GError         **error)
{
  Source *s = g_new0 (Source, 1);
  QwSection *stored = qw_sections_find (sections, code);

  s->section = stored != NULL ? qw_section_copy (stored) : qw_section_new_unstored (event, ruleset, code);
  s->entries = qw_document_list_section_entries (doc, s->section, error);
  if (s->entries == NULL)
    {
      source_free (s);
      return NULL;
    }
  if (stored != NULL)
    {
      s->games = qw_document_list_games (doc, stored->id, error);
      if (s->games == NULL)
        {
          source_free (s);
          return NULL;
        }
    }
  else
    s->games = g_ptr_array_new_with_free_func ((GDestroyNotify) qw_game_free);
  s->absences = qw_tournament_list_absences (doc, s->section, error);
  if (s->absences == NULL)
    {
      source_free (s);
      return NULL;
    }
  for (guint i = 0; i < s->games->len; i++)
    s->last_round = MAX (s->last_round, ((QwGame *) g_ptr_array_index (s->games, i))->round);
  if (s->games->len > 0)
    s->standings = qw_standings_compute_with_absences (ruleset, s->section, s->entries, s->games, s->absences,
                                                       up_to_round);
  /* Printing never writes: before the lots are drawn, the list says so. */
  if (kind == QW_PRINT_SEEDING && (s->seeding = qw_tournament_seeding (doc, s->section, error)) == NULL)
    {
      source_free (s);
      return NULL;
    }
  /* Before round 1, the players the gate keeps out are marked in the list. */
  if (kind == QW_PRINT_SEEDING && !s->seeding->fixed
      && (s->gate = qw_pair_gate_list (doc, s->section, error)) == NULL)
    {
      source_free (s);
      return NULL;
    }
  s->group = (QwPrintGroup) { s->section, s->entries, s->games, s->standings, s->absences, s->seeding, s->gate };
  return s;
}

static gboolean
has_round (const Source *s,
           int           round)
{
  for (guint i = 0; i < s->games->len; i++)
    if (((QwGame *) g_ptr_array_index (s->games, i))->round == round)
      return TRUE;
  return FALSE;
}

static gboolean
has_result (const Source *s)
{
  for (guint i = 0; i < s->games->len; i++)
    if (((QwGame *) g_ptr_array_index (s->games, i))->result != QW_RESULT_NONE)
      return TRUE;
  return FALSE;
}

/* Whether @kind has anything to show for the group; when the group was asked
 * for by name, @error says why not. */
static gboolean
applies (QwPrintKind   kind,
         const Source *s,
         int           round,
         GError      **error)
{
  const char *name = s->section->name;

  switch (kind)
    {
    case QW_PRINT_PAIRINGS:
    case QW_PRINT_SLIPS:
      if (s->last_round == 0)
        {
          g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT, _("Group %s has not been paired yet"), name);
          return FALSE;
        }
      if (round > 0 && !has_round (s, round))
        {
          g_set_error (error, QW_ERROR, QW_ERROR_NOT_FOUND,
                       _("Group %s has no round %d: its last paired round is %d"), name, round, s->last_round);
          return FALSE;
        }
      return TRUE;
    case QW_PRINT_STANDINGS:
    case QW_PRINT_CERTIFICATES:
    case QW_PRINT_AWARDS:
    case QW_PRINT_GRADES:
      if (!has_result (s))
        {
          g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT, _("Group %s has no results yet"), name);
          return FALSE;
        }
      return TRUE;
    case QW_PRINT_CROSSTABLE:
      if (s->section->system != QW_SYSTEM_ROUND_ROBIN)
        {
          g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT,
                       _("Group %s is not played as a round robin; print its standings instead"), name);
          return FALSE;
        }
      return TRUE;
    case QW_PRINT_BRACKET:
      if (s->section->system != QW_SYSTEM_KNOCKOUT)
        {
          g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT,
                       _("Group %s is not played as a knockout; print its standings instead"), name);
          return FALSE;
        }
      return TRUE;
    case QW_PRINT_CHECKIN:
    case QW_PRINT_SEEDING:
    case QW_PRINT_BOOKLET:
    case QW_PRINT_PRIZES:
    case QW_N_PRINT_KINDS:
    default:
      return TRUE;
    }
}

static const char *
nothing_message (QwPrintKind kind)
{
  switch (kind)
    {
    case QW_PRINT_PAIRINGS:
    case QW_PRINT_SLIPS:
      return _("No group has been paired yet");
    case QW_PRINT_CROSSTABLE:
      return _("No group of this event is played as a round robin");
    case QW_PRINT_BRACKET:
      return _("No group of this event is played as a knockout");
    case QW_PRINT_STANDINGS:
    case QW_PRINT_CERTIFICATES:
    case QW_PRINT_AWARDS:
    case QW_PRINT_GRADES:
      return _("No group has results yet");
    case QW_PRINT_CHECKIN:
    case QW_PRINT_SEEDING:
    case QW_PRINT_BOOKLET:
    case QW_PRINT_PRIZES:
    case QW_N_PRINT_KINDS:
    default:
      return _("The event has no groups yet");
    }
}

/* Certificates before the last round would crown a leader, not a champion
 * (issue 19: a champion certificate after 3 of 7 rounds): refused with
 * QW_ERROR_UNFINISHED unless the caller confirms, and then each says
 * 成绩未确定 and carries no verification code — a code would let a place
 * that may still change be checked as if it were final. Finished: every
 * planned round paired and every board's result recorded. */
static gboolean
check_unfinished (QwDocument   *doc,
                  Source       *s,
                  gboolean      unfinished_ok,
                  GPtrArray    *notes,
                  GError      **error)
{
  int total = qw_tournament_total_rounds (doc, s->section);
  gboolean open = FALSE;

  for (guint i = 0; i < s->games->len; i++)
    open |= ((QwGame *) g_ptr_array_index (s->games, i))->result == QW_RESULT_NONE;
  if (s->last_round >= total && !open)
    return TRUE;
  if (!unfinished_ok)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_UNFINISHED,
                   _("Group %s has not finished (round %d of %d, or results missing): its places are not "
                     "final. Certificates printed now are marked 成绩未确定 and carry no verification code."),
                   s->section->name, s->last_round, total);
      return FALSE;
    }
  s->group.provisional = TRUE;
  g_ptr_array_add (notes, g_strdup_printf (_("Group %s has not finished (round %d of %d): its places "
                                             "are not final"), s->section->name, s->last_round, total));
  return TRUE;
}

/* The prize list of a final (region/qw-final.h): the whole event's, whatever
 * group was asked for; what it says about unfinished fields is noted. */
static QwPrintout *
print_prizes (QwDocument            *doc,
              const QwEvent         *event,
              const QwRuleset       *ruleset,
              const QwPrintOptions  *options,
              GPtrArray            **notes,
              GError               **error)
{
  g_autoptr(QwFinalResults) results = qw_final_results_compute (doc, error);
  g_autoptr(GPtrArray) groups = g_ptr_array_new ();
  QwPrintRequest request = { 0 };

  if (results == NULL)
    return NULL;
  request.event = event;
  request.ruleset = ruleset;
  request.groups = groups;
  request.paper = options->paper;
  request.prizes = results;
  if (notes != NULL)
    {
      *notes = g_ptr_array_new_with_free_func (g_free);
      for (guint i = 0; i < results->notes->len; i++)
        g_ptr_array_add (*notes, g_strdup (g_ptr_array_index (results->notes, i)));
    }
  return qw_printout_new (QW_PRINT_PRIZES, &request, error);
}

/* The venue servers running in this process, by document (canonical path). */
G_LOCK_DEFINE_STATIC (live_urls);
static GHashTable *live_urls;

/* A venue server of another process (`qiwang-cli serve` while the window
 * or the CLI prints, issue 19 point 24) is found through a file in the
 * user's runtime folder, named after the document's path, holding the
 * server's process id and address; the server removes it when it stops,
 * and a file whose process is gone (a killed server) is not believed. */
static char *
live_url_file (const char *key)
{
  g_autofree char *hash = g_compute_checksum_for_string (G_CHECKSUM_SHA256, key, -1);

  return g_build_filename (g_get_user_runtime_dir (), "qiwang", "live", hash, NULL);
}

static void
write_live_url_file (const char *key,
                     const char *url)
{
  g_autofree char *file = live_url_file (key);
  g_autofree char *dir = g_path_get_dirname (file);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;

  if (url == NULL)
    {
      g_autofree char *old = NULL;

      /* Only this process's own file: another server may have replaced it. */
      if (g_file_get_contents (file, &old, NULL, NULL) && atoi (old) == (int) getpid ())
        g_unlink (file);
      return;
    }
  text = g_strdup_printf ("%d\n%s\n", (int) getpid (), url);
  if (g_mkdir_with_parents (dir, 0700) != 0
      || !g_file_set_contents_full (file, text, -1, G_FILE_SET_CONTENTS_CONSISTENT, 0600, &error))
    g_debug ("the venue server's address is not left for other processes: %s",
             error != NULL ? error->message : g_strerror (errno));
}

static char *
read_live_url_file (const char *key)
{
  g_autofree char *file = live_url_file (key);
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  int pid;

  if (!g_file_get_contents (file, &text, NULL, NULL))
    return NULL;
  lines = g_strsplit (text, "\n", 3);
  if (g_strv_length (lines) < 2)
    return NULL;
  pid = atoi (lines[0]);
  if (pid <= 0 || (kill ((pid_t) pid, 0) != 0 && errno != EPERM)
      || !(g_str_has_prefix (lines[1], "http://") || g_str_has_prefix (lines[1], "https://")))
    return NULL;
  return g_strdup (lines[1]);
}

void
qw_print_set_live_url (const char *doc_path,
                       const char *url)
{
  g_autofree char *key = g_canonicalize_filename (doc_path, NULL);

  G_LOCK (live_urls);
  if (live_urls == NULL)
    live_urls = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  if (url != NULL)
    g_hash_table_insert (live_urls, g_strdup (key), g_strdup (url));
  else
    g_hash_table_remove (live_urls, key);
  G_UNLOCK (live_urls);
  write_live_url_file (key, url);
}

/**
 * qw_print_get_site_url:
 *
 * Returns: (nullable): where the QR codes of @doc's printouts point: the
 *   venue server publishing it (in this process or another), else the
 *   address the user set for the
 *   exported pages (meta "site-url", publish/qw-site-export.h); with a
 *   trailing "/"
 */
char *
qw_print_get_site_url (QwDocument *doc)
{
  g_autofree char *key = g_canonicalize_filename (qw_document_get_path (doc), NULL);
  char *url = NULL;

  G_LOCK (live_urls);
  if (live_urls != NULL)
    url = g_strdup (g_hash_table_lookup (live_urls, key));
  G_UNLOCK (live_urls);
  if (url == NULL)
    url = read_live_url_file (key);
  if (url == NULL)
    url = qw_document_get_meta (doc, "site-url");
  if (url != NULL && *url == '\0')
    g_clear_pointer (&url, g_free);
  return url;
}

/* "group\tno\tplace" → code: the verification codes of the certificates
 * the document issues (region/qw-certificate-code.h), places 1 to @places
 * included. */
static GHashTable *
certificate_codes (QwDocument  *doc,
                   int          places,
                   GError     **error)
{
  g_autoptr(QwResults) results = NULL;
  GHashTable *codes;

  if (!qw_certificate_ensure_places (doc, places, error)
      || (results = qw_results_from_document (doc, error)) == NULL)
    return NULL;
  codes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  for (guint i = 0; i < results->certificates->len; i++)
    {
      const QwResultsCertificate *c = g_ptr_array_index (results->certificates, i);

      g_hash_table_insert (codes, g_strdup_printf ("%s\t%d\t%d", c->group, c->no, c->place), g_strdup (c->code));
    }
  return codes;
}

/**
 * qw_print_document:
 * @options: (nullable): which group, round, paper…
 * @notes: (out) (optional) (element-type utf8): warnings worth showing, e.g.
 *   certificates for a group that has not finished
 *
 * Lays out a document of @kind for the document's main event: for every
 * group the kind applies to (knockout groups for a bracket, groups with
 * results for standings, …) or for the one group asked for.
 *
 * Returns: (transfer full): the printout, or %NULL with @error saying why
 *   there is nothing to print
 */
QwPrintout *
qw_print_document (QwDocument            *doc,
                   QwPrintKind            kind,
                   const QwPrintOptions  *options,
                   GPtrArray            **notes,
                   GError               **error)
{
  QwPrintOptions defaults = { 0 };
  g_autoptr(QwEvent) event = NULL;
  g_autoptr(QwRuleset) ruleset = NULL;
  g_autoptr(GPtrArray) sections = NULL, entries = NULL, codes = NULL;
  g_autoptr(GPtrArray) sources = g_ptr_array_new_with_free_func (source_free);
  g_autoptr(GPtrArray) groups = g_ptr_array_new ();
  g_autoptr(GPtrArray) found_notes = g_ptr_array_new_with_free_func (g_free);
  QwPrintRequest request = { 0 };
  g_autofree char *site_url = NULL;
  g_autoptr(GHashTable) verify_codes = NULL;
  int up_to = 0;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), NULL);
  g_return_val_if_fail (kind < QW_N_PRINT_KINDS, NULL);

  if (options == NULL)
    options = &defaults;
  if (options->round < 0)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("Rounds are numbered from 1"));
      return NULL;
    }
  event = qw_document_get_main_event (doc, error);
  if (event == NULL || (ruleset = qw_ruleset_lookup (event->ruleset, error)) == NULL
      || (sections = qw_document_list_sections (doc, event->id, error)) == NULL
      || (entries = qw_document_list_entries (doc, event->id, error)) == NULL)
    return NULL;
  if (kind == QW_PRINT_PRIZES)
    return print_prizes (doc, event, ruleset, options, notes, error);
  codes = qw_event_group_codes (ruleset, sections, entries);
  if (options->group != NULL)
    {
      g_autofree char *code = g_strdup (resolve_group (ruleset, codes, options->group));
      g_autoptr(GString) known = g_string_new (NULL);

      if (code == NULL)
        {
          for (guint i = 0; i < codes->len; i++)
            g_string_append_printf (known, "%s%s", i > 0 ? ", " : "", (char *) g_ptr_array_index (codes, i));
          g_set_error (error, QW_ERROR, QW_ERROR_NOT_FOUND, _("The event has no group “%s”; its groups are: %s"),
                       options->group, known->len > 0 ? known->str : _("none"));
          return NULL;
        }
      g_ptr_array_set_size (codes, 0);
      g_ptr_array_add (codes, g_steal_pointer (&code));
    }
  if (kind == QW_PRINT_STANDINGS)
    up_to = options->round;
  for (guint i = 0; i < codes->len; i++)
    {
      g_autoptr(GError) why = NULL;
      Source *s = load_group (doc, event, ruleset, sections, g_ptr_array_index (codes, i), kind, up_to, error);

      if (s == NULL)
        return NULL;
      g_ptr_array_add (sources, s);
      if (!applies (kind, s, kind == QW_PRINT_STANDINGS ? 0 : options->round, &why))
        {
          gboolean system_wrong = kind == QW_PRINT_CROSSTABLE || kind == QW_PRINT_BRACKET;
          gboolean round_wrong = why->code == QW_ERROR_NOT_FOUND;

          /* Among all groups, those without anything to show are left out.
           * A group asked for by name is printed anyway when it merely has
           * nothing yet, so that the sheet says so; a wrong round or system
           * is an error. */
          if (options->group == NULL)
            continue;
          if (system_wrong || round_wrong)
            {
              g_propagate_error (error, g_steal_pointer (&why));
              return NULL;
            }
        }
      if ((kind == QW_PRINT_CERTIFICATES || kind == QW_PRINT_AWARDS) && s->standings != NULL
          && s->standings->len > 0 && !check_unfinished (doc, s, options->unfinished_ok, found_notes, error))
        return NULL;
      g_ptr_array_add (groups, &s->group);
    }
  if (groups->len == 0 && options->round > 0 && (kind == QW_PRINT_PAIRINGS || kind == QW_PRINT_SLIPS))
    {
      int last = 0;

      for (guint i = 0; i < sources->len; i++)
        last = MAX (last, ((Source *) g_ptr_array_index (sources, i))->last_round);
      if (last > 0)
        {
          g_set_error (error, QW_ERROR, QW_ERROR_NOT_FOUND,
                       _("No group has round %d: the latest paired round is %d"), options->round, last);
          return NULL;
        }
    }
  if (groups->len == 0)
    {
      g_set_error_literal (error, QW_ERROR, QW_ERROR_NOT_FOUND, nothing_message (kind));
      return NULL;
    }

  request.event = event;
  request.ruleset = ruleset;
  request.groups = groups;
  request.round = kind == QW_PRINT_STANDINGS ? 0 : options->round;
  request.max_place = options->max_place;
  request.template_path = options->template_path;
  request.offset_x_mm = options->offset_x_mm;
  request.offset_y_mm = options->offset_y_mm;
  request.paper = options->paper;
  request.list_order = qw_desk_list_order (doc);
  site_url = options->site_url != NULL ? g_strdup (options->site_url) : qw_print_get_site_url (doc);
  request.site_url = site_url;
  if (kind == QW_PRINT_CERTIFICATES || kind == QW_PRINT_AWARDS)
    {
      verify_codes = certificate_codes (doc, kind == QW_PRINT_AWARDS && options->max_place > 0
                                             ? options->max_place : 1, error);
      if (verify_codes == NULL)
        return NULL;
      request.certificate_codes = verify_codes;
    }
  if (notes != NULL)
    *notes = g_steal_pointer (&found_notes);
  return qw_printout_new (kind, &request, error);
}
