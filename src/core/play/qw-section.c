/* qw-section.c: a group's section: found, made, stored, its settings, its draw and starting ranks
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-tournament"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "qw-message.h"
#include "qw-error.h"
#include "qw-knockout.h"
#include "qw-roundrobin.h"
#include "qw-tournament-private.h"

/* Public API */

/**
 * qw_tournament_new_section:
 * @code: a group code the ruleset knows, or that entries are placed in
 *
 * The section a group plays in before anything is stored: the event's
 * system and rounds, the ruleset's default settings. Nothing is written.
 */
QwSection *
qw_tournament_new_section (QwDocument    *doc,
                           const QwEvent *event,
                           const char    *code,
                           GError       **error)
{
  g_autoptr(QwRuleset) ruleset = NULL;
  const QwGroupRule *group;
  QwSection *section;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), NULL);
  g_return_val_if_fail (code != NULL, NULL);

  if ((ruleset = qw_ruleset_lookup (event->ruleset, error)) == NULL)
    return NULL;
  group = qw_ruleset_find_group (ruleset, code);
  if (group == NULL && !qw_document_group_has_entries (doc, event->id, code))
    {
      g_set_error (error, QW_ERROR, QW_ERROR_NOT_FOUND,
                   _("There is no group “%s”: the ruleset does not define it and no entry is placed in it"),
                   code);
      return NULL;
    }
  section = g_new0 (QwSection, 1);
  section->event_id = event->id;
  section->code = g_strdup (code);
  section->name = g_strdup (group != NULL ? group->name : code);
  if (!qw_system_from_code (event->system, &section->system))
    section->system = QW_SYSTEM_SWISS;
  section->rounds = event->rounds > 0 ? event->rounds : 7;
  qw_section_settings_init (&section->settings, ruleset, section->system);
  return section;
}

/* The stored section of @code, or a new one with its defaults, stored. */
QwSection *
qw_tournament_ensure_section (QwDocument    *doc,
                              const QwEvent *event,
                              const char    *code,
                              GError       **error)
{
  g_autoptr(QwSection) section = qw_document_get_section (doc, event->id, code, NULL);

  if (section != NULL)
    return g_steal_pointer (&section);
  section = qw_tournament_new_section (doc, event, code, error);
  if (section == NULL || !qw_document_add_section (doc, section, error))
    return NULL;
  return g_steal_pointer (&section);
}

/**
 * qw_tournament_lookup_section:
 *
 * The stored section of @code, or, when none is stored yet, a new one with
 * its defaults that is not stored (id 0): the first action that writes (a
 * pairing, a withdrawal, its settings) stores it. Nothing is written.
 */
QwSection *
qw_tournament_lookup_section (QwDocument    *doc,
                              const QwEvent *event,
                              const char    *code,
                              GError       **error)
{
  g_autoptr(QwSection) section = qw_document_get_section (doc, event->id, code, NULL);

  if (section != NULL)
    return g_steal_pointer (&section);
  return qw_tournament_new_section (doc, event, code, error);
}

/* Tie-breaks follow the system: compared with the section as stored (or,
 * not stored yet, as its defaults), a new system brings its preset chain
 * unless the chain is the arbiter's own or was changed in the same call. */
static gboolean
follow_system (QwDocument *doc,
               QwSection  *section,
               GError    **error)
{
  g_autoptr(QwSection) before = qw_document_get_section (doc, section->event_id, section->code, NULL);
  g_autoptr(QwEvent) event = NULL;
  g_autoptr(QwRuleset) ruleset = NULL;

  if (before == NULL)
    {
      event = qw_document_get_event (doc, section->event_id, error);
      if (event == NULL || (before = qw_tournament_new_section (doc, event, section->code, error)) == NULL)
        return FALSE;
    }
  if (before->system == section->system)
    return TRUE;
  if (event == NULL && (event = qw_document_get_event (doc, section->event_id, error)) == NULL)
    return FALSE;
  if ((ruleset = qw_ruleset_lookup (event->ruleset, error)) == NULL)
    return FALSE;
  qw_section_settings_follow_system (&section->settings, ruleset, before->system, before->settings.tiebreaks,
                                     section->system);
  return TRUE;
}

/* @data: the section, stored if it was not (its id set), its settings
 * written. */
static gboolean
store_settings_step (QwDocument  *doc,
                     gpointer     data,
                     GError     **error)
{
  QwSection *section = data;

  return _qw_play_store_section (doc, section, error) && qw_document_update_section (doc, section, error);
}

/**
 * qw_tournament_update_section:
 * @section: the name, system, rounds and settings to store
 * @stored: (out) (optional): the section as stored: its id when it was not
 *   stored yet, and, when the system changes, the tie-break chain that
 *   follows it (qw_section_settings_follow_system())
 *
 * Stores a section's name, system, rounds and settings, as one step
 * ("Settings of group …"); a section not stored yet is stored.
 */
gboolean
qw_tournament_update_section (QwDocument       *doc,
                              const QwSection  *section,
                              QwSection       **stored,
                              GError          **error)
{
  g_autoptr(QwSection) updated = NULL;
  g_autofree char *label = NULL;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), FALSE);
  g_return_val_if_fail (section != NULL, FALSE);

  updated = qw_section_copy (section);
  if (!follow_system (doc, updated, error))
    return FALSE;
  label = qw_message_printf (N_("Settings of group %s"), updated->name != NULL && updated->name[0] != '\0'
                                                      ? updated->name : updated->code);
  if (!qw_document_run_step (doc, label, store_settings_step, updated, error))
    return FALSE;
  if (stored != NULL)
    *stored = g_steal_pointer (&updated);
  return TRUE;
}

QwSection *
qw_tournament_find_section (QwDocument *doc,
                            const char *code,
                            gboolean    create,
                            GError    **error)
{
  g_autoptr(QwEvent) event = NULL;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), NULL);

  event = qw_document_get_main_event (doc, error);
  if (event == NULL)
    return NULL;
  if (create)
    return qw_tournament_ensure_section (doc, event, code, error);
  return qw_document_get_section (doc, event->id, code, error);
}

/* The one rule for how many rounds a group plays, asked by the group lists,
 * the pairing (with the draw round 1 has just fixed, in its step) and every
 * printout: a Swiss its planned rounds; a round robin or a knockout as many
 * as its draw needs: once round 1 fixed it, the drawn players still placed
 * in the group, before that the players round 1 would draw now (active: not
 * withdrawn, excluded or a late entry waiting). Counting reads only who is
 * placed in the section, not its games. */
int
qw_tournament_total_rounds (QwDocument      *doc,
                            const QwSection *section)
{
  g_autoptr(GHashTable) placed = NULL;
  g_auto(GStrv) ids = NULL;
  GHashTableIter iter;
  gpointer active;
  int drawn = 0, n_active = 0, n;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), 0);

  if (section->system == QW_SYSTEM_SWISS)
    return section->rounds;
  placed = qw_document_list_section_entry_ids (doc, section, NULL);
  if (placed == NULL)
    return section->rounds;
  ids = g_strsplit (section->settings.draw != NULL ? section->settings.draw : "", ",", -1);
  for (guint i = 0; ids[i] != NULL; i++)
    {
      gint64 id = g_ascii_strtoll (ids[i], NULL, 10);

      drawn += g_hash_table_contains (placed, &id) ? 1 : 0;
    }
  g_hash_table_iter_init (&iter, placed);
  while (g_hash_table_iter_next (&iter, NULL, &active))
    n_active += GPOINTER_TO_INT (active) ? 1 : 0;
  n = drawn > 0 ? drawn : n_active;
  if (section->system == QW_SYSTEM_ROUND_ROBIN)
    return qw_roundrobin_rounds (n, section->settings.double_round_robin);
  return qw_knockout_rounds (n);
}

/* The starting-rank list */

/**
 * qw_tournament_seeding:
 *
 * The starting-rank list of @section: once round 1 is paired, the draw it
 * fixed; before, the order round 1 would use now, from the same
 * computation. Players whose place is left to the lottery are marked
 * by_lot; until the lots are drawn (qw_tournament_draw_lots(), or round 1)
 * they are listed by 序号 and the list is not final (drawn is FALSE).
 * Reading never writes.
 *
 * Returns: (transfer full): the list, or %NULL with @error
 */
QwSeeding *
qw_tournament_seeding (QwDocument      *doc,
                       const QwSection *section,
                       GError         **error)
{
  g_auto(QwPlayState) s = { 0 };
  g_autoptr(QwSeeding) seeding = NULL;
  g_autoptr(GArray) order = NULL;
  const QwSectionSettings *set = &section->settings;
  gboolean any_lot = FALSE;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), NULL);

  if (!_qw_play_state_load (&s, doc, section, error))
    return NULL;
  seeding = qw_seeding_new (set->seeding, set->lottery_seed);
  if (s.last_round > 0)
    {
      /* The draw as fixed; players placed after it are not in it. */
      g_autoptr(GArray) all = _qw_play_draw_order (&s);

      order = g_array_new (FALSE, FALSE, sizeof (int));
      g_array_append_vals (order, all->data, (guint) MIN ((int) all->len, _qw_play_draw_size (&s)));
      seeding->fixed = TRUE;
    }
  else
    {
      QwPlayHistory *hist = _qw_play_histories_compute (&s, 1);

      order = _qw_play_starting_order (&s, hist, set->lottery_seed != 0);
      _qw_play_histories_free (hist, s.entries->len);
    }
  for (guint k = 0; k < order->len; k++)
    {
      const QwEntry *e = g_ptr_array_index (s.entries, g_array_index (order, int, k));
      gboolean by_lot = _qw_play_seeded_by_lot (&s, e);

      any_lot |= by_lot;
      qw_seeding_append (seeding, e, by_lot);
    }
  seeding->drawn = seeding->fixed || set->lottery_seed != 0 || !any_lot;
  return g_steal_pointer (&seeding);
}

typedef struct
{
  QwSection  *section;
  const char *message;
} LotsJob;

static gboolean
draw_lots_step (QwDocument  *doc,
                gpointer     data,
                GError     **error)
{
  LotsJob *job = data;

  return store_settings_step (doc, job->section, error)
         && qw_document_log_round (doc, job->section->id, 1, job->message, error);
}

/**
 * qw_tournament_draw_lots:
 * @stored: (out) (optional): the section as stored, with its seed
 *
 * Draws the lots (抽签) before round 1: a lottery seed, stored and logged as
 * one step ("Drawing lots for group …"), so that the starting-rank list
 * shown from now on is the one round 1 uses. A section that has a seed
 * already keeps it, and nothing is written.
 *
 * Returns: the lottery seed, or 0 with @error (round 1 is paired: the draw
 *   is fixed)
 */
guint64
qw_tournament_draw_lots (QwDocument       *doc,
                         const QwSection  *section,
                         QwSection       **stored,
                         GError          **error)
{
  g_autoptr(QwSection) updated = NULL;
  g_autofree char *label = NULL, *message = NULL, *seed_text = NULL;
  const char *name;
  guint64 seed;
  LotsJob job;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), 0);
  g_return_val_if_fail (section != NULL, 0);

  name = section->name != NULL && *section->name != '\0' ? section->name : section->code;
  if (section->id != 0 && qw_document_last_round (doc, section->id) > 0)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_CONFLICT,
                   _("The draw of group %s was fixed when round 1 was paired"), name);
      return 0;
    }
  updated = qw_section_copy (section);
  if (section->settings.lottery_seed != 0)
    {
      seed = section->settings.lottery_seed;
      if (stored != NULL)
        *stored = g_steal_pointer (&updated);
      return seed;
    }
  updated->settings.lottery_seed = _qw_play_new_lottery_seed ();
  seed_text = g_strdup_printf ("%" G_GUINT64_FORMAT, updated->settings.lottery_seed);
  label = qw_message_printf (N_("Drawing lots for group %s"), name);
  message = qw_message (N_("Lots drawn (抽签) for the starting ranks: lottery seed %s"), seed_text, NULL);
  job = (LotsJob) { updated, message };
  if (!qw_document_run_step (doc, label, draw_lots_step, &job, error))
    return 0;
  seed = updated->settings.lottery_seed;
  if (stored != NULL)
    *stored = g_steal_pointer (&updated);
  return seed;
}

/* A Swiss too small for its rounds */

/**
 * qw_tournament_field_warning:
 *
 * qw_section_field_warning() for the players who can play in @section now
 * (placed in its group and not withdrawn).
 *
 * Returns: (nullable): a translated warning suggesting a round robin
 */
char *
qw_tournament_field_warning (QwDocument      *doc,
                             const QwSection *section)
{
  g_autoptr(GHashTable) placed = NULL;
  GHashTableIter iter;
  gpointer active;
  int n = 0;

  g_return_val_if_fail (QW_IS_DOCUMENT (doc), NULL);

  if (section->system != QW_SYSTEM_SWISS)
    return NULL;
  placed = qw_document_list_section_entry_ids (doc, section, NULL);
  if (placed == NULL)
    return NULL;
  g_hash_table_iter_init (&iter, placed);
  while (g_hash_table_iter_next (&iter, NULL, &active))
    n += GPOINTER_TO_INT (active) ? 1 : 0;
  return qw_section_field_warning (section, n);
}
