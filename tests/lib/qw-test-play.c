/* qw-test-play.c: the arbiter's actions as the tests call them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "qw-test-play.h"

static void
replace_section (QwSection **section,
                 QwSection  *stored)
{
  if (stored == NULL)
    return;
  qw_section_free (*section);
  *section = stored;
}

int
qw_test_pair (QwDocument  *doc,
              QwSection  **section,
              GPtrArray  **notes,
              GError     **error)
{
  g_auto(QwPairOutcome) outcome = { 0 };
  int round = qw_tournament_pair (doc, *section, NULL, &outcome, error);

  if (round == 0)
    return 0;
  replace_section (section, g_steal_pointer (&outcome.section));
  if (notes != NULL)
    *notes = g_steal_pointer (&outcome.notes);
  return round;
}

int
qw_test_pair_gated (QwDocument  *doc,
                    QwSection  **section,
                    QwPairGate   gate,
                    GError     **error)
{
  const QwPairRequest request = { gate, NULL };
  g_auto(QwPairOutcome) outcome = { 0 };
  int round = qw_tournament_pair (doc, *section, &request, &outcome, error);

  if (round > 0)
    replace_section (section, g_steal_pointer (&outcome.section));
  return round;
}

gboolean
qw_test_unpair_last (QwDocument  *doc,
                     QwSection  **section,
                     gboolean     force,
                     GError     **error)
{
  QwSection *stored = NULL;

  if (!qw_tournament_unpair_last (doc, *section, force, &stored, error))
    return FALSE;
  replace_section (section, stored);
  return TRUE;
}

gboolean
qw_test_update_section (QwDocument  *doc,
                        QwSection  **section,
                        GError     **error)
{
  QwSection *stored = NULL;

  if (!qw_tournament_update_section (doc, *section, &stored, error))
    return FALSE;
  replace_section (section, stored);
  return TRUE;
}

guint64
qw_test_draw_lots (QwDocument  *doc,
                   QwSection  **section,
                   GError     **error)
{
  QwSection *stored = NULL;
  guint64 seed = qw_tournament_draw_lots (doc, *section, &stored, error);

  replace_section (section, stored);
  return seed;
}
