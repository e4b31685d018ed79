/* qw-game.c: sections, games, result codes and stored section settings
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-game"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "qw-error.h"
#include "qw-game.h"

G_DEFINE_BOXED_TYPE (QwSection, qw_section, qw_section_copy, qw_section_free)
G_DEFINE_BOXED_TYPE (QwGame, qw_game, qw_game_copy, qw_game_free)

/* Settings */

void
qw_section_settings_clear (QwSectionSettings *settings)
{
  g_clear_pointer (&settings->seeding, g_free);
  g_clear_pointer (&settings->first_round, g_free);
  g_clear_pointer (&settings->unit_avoid, g_free);
  g_clear_pointer (&settings->tiebreaks, g_free);
  g_clear_pointer (&settings->draw, g_free);
  g_clear_pointer (&settings->scores, g_free);
}

void
qw_section_settings_copy (QwSectionSettings       *dest,
                          const QwSectionSettings *src)
{
  *dest = *src;
  dest->seeding = g_strdup (src->seeding);
  dest->first_round = g_strdup (src->first_round);
  dest->unit_avoid = g_strdup (src->unit_avoid);
  dest->tiebreaks = g_strdup (src->tiebreaks);
  dest->draw = g_strdup (src->draw);
  dest->scores = g_strdup (src->scores);
}

static const char *
or_default (const char *value,
            const char *fallback)
{
  return value != NULL && *value != '\0' ? value : fallback;
}

/* The defaults of a stored section that names no value: those of the
 * rulebook, with an empty tie-break chain (play/ reads it as the system's
 * preset). */
void
qw_section_settings_init_stored (QwSectionSettings *settings)
{
  memset (settings, 0, sizeof *settings);
  settings->seeding = g_strdup ("rating");
  settings->first_round = g_strdup ("lanyao");
  settings->unit_avoid = g_strdup ("off");
  settings->forfeit_limit = 2;
  settings->forfeit_counts_as_met = TRUE;
  settings->tiebreaks = g_strdup ("");
  settings->draw = g_strdup ("");
  settings->armageddon = TRUE;
  settings->scores = g_strdup ("");
}

static const char * const setting_keys[] = {
  "seeding", "lottery_seed", "first_round", "unit_avoid", "forfeit_limit",
  "forfeit_counts_as_met", "tiebreaks", "double_round_robin", "armageddon", "draw", "scores", "third_place", NULL,
};

char *
qw_section_settings_to_text (const QwSectionSettings *s)
{
  g_autofree char *text = g_strdup_printf ("seeding=%s\n"
                                           "lottery_seed=%" G_GUINT64_FORMAT "\n"
                                           "first_round=%s\n"
                                           "unit_avoid=%s\n"
                                           "forfeit_limit=%d\n"
                                           "forfeit_counts_as_met=%s\n"
                                           "tiebreaks=%s\n"
                                           "double_round_robin=%s\n"
                                           "armageddon=%s\n"
                                           "draw=%s\n",
                                           or_default (s->seeding, "rating"), s->lottery_seed,
                                           or_default (s->first_round, "lanyao"), or_default (s->unit_avoid, "off"),
                                           s->forfeit_limit, s->forfeit_counts_as_met ? "true" : "false",
                                           or_default (s->tiebreaks, ""), s->double_round_robin ? "true" : "false",
                                           s->armageddon ? "true" : "false", or_default (s->draw, ""));

  /* Only a group with points of its own, or a third-place game, says so:
   * the others read as before. */
  if (s->scores != NULL && s->scores[0] != '\0')
    {
      char *with = g_strdup_printf ("%sscores=%s\n", text, s->scores);

      g_free (text);
      text = with;
    }
  if (s->third_place)
    {
      char *with = g_strconcat (text, "third_place=true\n", NULL);

      g_free (text);
      text = with;
    }
  return g_steal_pointer (&text);
}

static gboolean
one_of (const char  *value,
        const char  *key,
        const char **allowed,
        GError     **error)
{
  g_autofree char *list = NULL;

  if (g_strv_contains (allowed, value))
    return TRUE;
  list = g_strjoinv (", ", (char **) allowed);
  g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("%s cannot be “%s”; use one of: %s"), key, value, list);
  return FALSE;
}

static gboolean
parse_bool (const char  *value,
            const char  *key,
            gboolean    *out,
            GError     **error)
{
  if (g_strv_contains ((const char *[]) { "true", "yes", "1", "on", NULL }, value))
    *out = TRUE;
  else if (g_strv_contains ((const char *[]) { "false", "no", "0", "off", NULL }, value))
    *out = FALSE;
  else
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("%s must be true or false, not “%s”"), key, value);
      return FALSE;
    }
  return TRUE;
}

static gboolean
parse_draw (const char  *value,
            GError     **error)
{
  g_auto(GStrv) parts = g_strsplit (value, ",", -1);

  for (guint i = 0; parts[i] != NULL; i++)
    {
      guint64 id;

      if (*parts[i] == '\0' && parts[1] == NULL)
        break;
      if (!g_ascii_string_to_unsigned (parts[i], 10, 1, G_MAXINT64, &id, NULL))
        {
          g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("draw must be a list of entry ids, not “%s”"),
                       value);
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
set_text (char       **field,
          const char  *value,
          const char  *key,
          const char **allowed,
          GError     **error)
{
  if (!one_of (value, key, allowed, error))
    return FALSE;
  g_free (*field);
  *field = g_strdup (value);
  return TRUE;
}

gboolean
qw_section_settings_set_stored (QwSectionSettings  *s,
                                const char         *key,
                                const char         *value,
                                GError            **error)
{
  g_return_val_if_fail (key != NULL && value != NULL, FALSE);

  if (g_str_equal (key, "seeding"))
    return set_text (&s->seeding, value, key,
                     (const char *[]) { "rating", "grade", "order", "lottery", NULL }, error);
  if (g_str_equal (key, "first_round"))
    return set_text (&s->first_round, value, key,
                     (const char *[]) { "lanyao", "shouwei", "linjin", "random", NULL }, error);
  if (g_str_equal (key, "unit_avoid"))
    return set_text (&s->unit_avoid, value, key,
                     (const char *[]) { "off", "first-round", "always", NULL }, error);
  if (g_str_equal (key, "lottery_seed"))
    {
      guint64 seed;

      if (!g_ascii_string_to_unsigned (value, 10, 0, G_MAXUINT64, &seed, NULL))
        {
          g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                       _("lottery_seed must be a whole number, not “%s”"), value);
          return FALSE;
        }
      s->lottery_seed = seed;
      return TRUE;
    }
  if (g_str_equal (key, "forfeit_limit"))
    {
      guint64 limit;

      if (!g_ascii_string_to_unsigned (value, 10, 0, 99, &limit, NULL))
        {
          g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                       _("forfeit_limit must be a number of forfeits from 0 (never) to 99, not “%s”"),
                       value);
          return FALSE;
        }
      s->forfeit_limit = (int) limit;
      return TRUE;
    }
  if (g_str_equal (key, "forfeit_counts_as_met"))
    return parse_bool (value, key, &s->forfeit_counts_as_met, error);
  if (g_str_equal (key, "double_round_robin"))
    return parse_bool (value, key, &s->double_round_robin, error);
  if (g_str_equal (key, "armageddon"))
    return parse_bool (value, key, &s->armageddon, error);
  if (g_str_equal (key, "third_place"))
    return parse_bool (value, key, &s->third_place, error);
  if (g_str_equal (key, "tiebreaks"))
    {
      g_free (s->tiebreaks);
      s->tiebreaks = g_strdup (value);
      return TRUE;
    }
  if (g_str_equal (key, "draw"))
    {
      if (!parse_draw (value, error))
        return FALSE;
      g_free (s->draw);
      s->draw = g_strdup (value);
      return TRUE;
    }
  if (g_str_equal (key, "scores"))
    {
      double scores[QW_N_SCORES];

      if (value[0] != '\0' && !qw_scores_parse (value, scores, error))
        return FALSE;
      g_free (s->scores);
      s->scores = g_strdup (value);
      return TRUE;
    }
  g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("“%s” is not a group setting"), key);
  return FALSE;
}

void
qw_section_settings_parse (QwSectionSettings *settings,
                           const char        *text)
{
  g_auto(GStrv) lines = g_strsplit (text != NULL ? text : "", "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;
      char *line = g_strstrip (lines[i]);
      char *eq = strchr (line, '=');

      if (*line == '\0' || *line == '#')
        continue;
      /* What this version cannot read (a key or a value from a newer
       * version, a line edited by hand) keeps its default, as the document
       * format promises: expected, so not a warning. */
      if (eq == NULL)
        {
          g_debug ("Ignoring a section setting without “=”: %s", line);
          continue;
        }
      *eq = '\0';
      g_strstrip (line);
      if (!g_strv_contains (setting_keys, line))
        {
          g_debug ("Ignoring the unknown section setting %s", line);
          continue;
        }
      if (!qw_section_settings_set_stored (settings, line, g_strstrip (eq + 1), &error))
        g_debug ("Ignoring a stored section setting: %s", error->message);
    }
}

/* Sections and games */

QwSection *
qw_section_new (void)
{
  QwSection *section = g_new0 (QwSection, 1);

  section->rounds = 7;
  qw_section_settings_init_stored (&section->settings);
  return section;
}

QwSection *
qw_section_copy (const QwSection *section)
{
  QwSection *copy = g_memdup2 (section, sizeof *section);

  copy->code = g_strdup (section->code);
  copy->name = g_strdup (section->name);
  qw_section_settings_copy (&copy->settings, &section->settings);
  return copy;
}

void
qw_section_free (QwSection *section)
{
  if (section == NULL)
    return;
  g_free (section->code);
  g_free (section->name);
  qw_section_settings_clear (&section->settings);
  g_free (section);
}

QwGame *
qw_game_new (void)
{
  return g_new0 (QwGame, 1);
}

QwGame *
qw_game_copy (const QwGame *game)
{
  QwGame *copy = g_memdup2 (game, sizeof *game);

  copy->explain = g_strdup (game->explain);
  copy->explain_stored = g_strdup (game->explain_stored);
  return copy;
}

void
qw_game_free (QwGame *game)
{
  if (game == NULL)
    return;
  g_free (game->explain);
  g_free (game->explain_stored);
  g_free (game);
}

/* Codes */

const char *
qw_system_to_code (QwSystem system)
{
  switch (system)
    {
    case QW_SYSTEM_ROUND_ROBIN:
      return "round-robin";
    case QW_SYSTEM_KNOCKOUT:
      return "knockout";
    case QW_SYSTEM_SWISS:
    default:
      return "swiss";
    }
}

gboolean
qw_system_from_code (const char *code,
                     QwSystem   *out)
{
  static const char *codes[] = { "swiss", "round-robin", "knockout" };

  for (guint i = 0; i < G_N_ELEMENTS (codes); i++)
    if (g_strcmp0 (code, codes[i]) == 0)
      {
        *out = (QwSystem) i;
        return TRUE;
      }
  return FALSE;
}

static const char *result_codes[] = { "", "2:0", "1:1", "0:2", "+:-", "-:+", "-:-", "bye" };

static const char *const playoff_codes[] = {
  [QW_PLAYOFF_NONE] = "", [QW_PLAYOFF_RED] = "red", [QW_PLAYOFF_BLACK] = "black", [QW_PLAYOFF_DRAW] = "draw",
};

const char *
qw_playoff_to_code (QwPlayoff playoff)
{
  if ((guint) playoff >= G_N_ELEMENTS (playoff_codes))
    return "";
  return playoff_codes[playoff];
}

/* "" (or NULL) is no play-off; anything else unknown is FALSE. */
gboolean
qw_playoff_from_code (const char *code,
                      QwPlayoff  *out)
{
  for (guint i = 0; i < G_N_ELEMENTS (playoff_codes); i++)
    if (g_strcmp0 (code != NULL ? code : "", playoff_codes[i]) == 0)
      {
        *out = (QwPlayoff) i;
        return TRUE;
      }
  return FALSE;
}

const char *
qw_absence_kind_to_code (QwAbsenceKind kind)
{
  return kind == QW_ABSENCE_LATE ? "late" : "leave";
}

gboolean
qw_absence_kind_from_code (const char    *code,
                           QwAbsenceKind *out)
{
  if (g_strcmp0 (code, "leave") == 0)
    *out = QW_ABSENCE_LEAVE;
  else if (g_strcmp0 (code, "late") == 0)
    *out = QW_ABSENCE_LATE;
  else
    return FALSE;
  return TRUE;
}

const char *
qw_result_to_code (QwResult result)
{
  if ((guint) result >= G_N_ELEMENTS (result_codes))
    return "";
  return result_codes[result];
}

gboolean
qw_result_from_code (const char *code,
                     QwResult   *out)
{
  for (guint i = 0; i < G_N_ELEMENTS (result_codes); i++)
    if (g_strcmp0 (code, result_codes[i]) == 0)
      {
        *out = (QwResult) i;
        return TRUE;
      }
  return FALSE;
}

gboolean
qw_result_is_played (QwResult result)
{
  return result == QW_RESULT_RED_WIN || result == QW_RESULT_DRAW || result == QW_RESULT_BLACK_WIN;
}

gboolean
qw_result_forfeited_by (QwResult result,
                        gboolean red)
{
  if (result == QW_RESULT_DOUBLE_FORFEIT)
    return TRUE;
  return red ? result == QW_RESULT_BLACK_BY_FORFEIT : result == QW_RESULT_RED_BY_FORFEIT;
}

double
qw_scoring_points (const double scores[QW_N_SCORES],
                   QwOutcome    outcome,
                   gboolean     red)
{
  switch (outcome)
    {
    case QW_OUTCOME_WIN:
      return scores[red ? QW_SCORE_RED_WIN : QW_SCORE_BLACK_WIN];
    case QW_OUTCOME_DRAW:
      return scores[red ? QW_SCORE_RED_DRAW : QW_SCORE_BLACK_DRAW];
    case QW_OUTCOME_LOSS:
      return scores[red ? QW_SCORE_RED_LOSS : QW_SCORE_BLACK_LOSS];
    case QW_OUTCOME_BYE:
      return scores[QW_SCORE_BYE];
    case QW_OUTCOME_FORFEIT_WIN:
      return scores[QW_SCORE_FORFEIT_WIN];
    case QW_OUTCOME_FORFEIT_LOSS:
      return scores[QW_SCORE_FORFEIT_LOSS];
    case QW_OUTCOME_LEFT:
      return scores[QW_SCORE_LEFT];
    case QW_OUTCOME_OPPONENT_LEFT:
      return scores[QW_SCORE_LEFT_OPPONENT];
    case QW_OUTCOME_NONE:
    default:
      return 0;
    }
}

QwOutcome
qw_result_outcome (QwResult result,
                   gboolean red)
{
  switch (result)
    {
    case QW_RESULT_RED_WIN:
      return red ? QW_OUTCOME_WIN : QW_OUTCOME_LOSS;
    case QW_RESULT_DRAW:
      return QW_OUTCOME_DRAW;
    case QW_RESULT_BLACK_WIN:
      return red ? QW_OUTCOME_LOSS : QW_OUTCOME_WIN;
    case QW_RESULT_RED_BY_FORFEIT:
      return red ? QW_OUTCOME_FORFEIT_WIN : QW_OUTCOME_FORFEIT_LOSS;
    case QW_RESULT_BLACK_BY_FORFEIT:
      return red ? QW_OUTCOME_FORFEIT_LOSS : QW_OUTCOME_FORFEIT_WIN;
    case QW_RESULT_DOUBLE_FORFEIT:
      return QW_OUTCOME_FORFEIT_LOSS;
    case QW_RESULT_BYE:
      return red ? QW_OUTCOME_BYE : QW_OUTCOME_NONE;
    case QW_RESULT_NONE:
    default:
      return QW_OUTCOME_NONE;
    }
}

gboolean
qw_scores_parse (const char  *text,
                 double       scores[QW_N_SCORES],
                 GError     **error)
{
  g_auto(GStrv) items = g_strsplit (text != NULL ? text : "", ",", -1);
  double value[5];
  gboolean given[5] = { FALSE, FALSE, FALSE, FALSE, FALSE };
  static const char symbols[] = "WDLAP";

  for (guint i = 0; items[i] != NULL; i++)
    {
      char *item = g_strstrip (items[i]);
      const char *at;
      char *end = NULL;
      double v;

      if (*item == '\0')
        continue;
      at = item[0] != '\0' && item[1] == '=' ? strchr (symbols, g_ascii_toupper (item[0])) : NULL;
      v = at != NULL ? g_ascii_strtod (item + 2, &end) : 0;
      if (at == NULL || end == item + 2 || *end != '\0' || !(v >= -100 && v <= 100))
        {
          g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                       _("scores is a list like W=2,D=1,L=0 (win, draw, loss; A a forfeit lost, P a bye), "
                         "not “%s”"), text);
          return FALSE;
        }
      value[at - symbols] = v;
      given[at - symbols] = TRUE;
    }
  if (!given[0] || !given[1] || !given[2])
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                   _("scores must give a win’s, a draw’s and a loss’s points (W=, D=, L=), not “%s”"), text);
      return FALSE;
    }
  if (!given[3])
    value[3] = value[2];
  if (!given[4])
    value[4] = value[0];
  scores[QW_SCORE_RED_WIN] = scores[QW_SCORE_BLACK_WIN] = value[0];
  scores[QW_SCORE_RED_DRAW] = scores[QW_SCORE_BLACK_DRAW] = value[1];
  scores[QW_SCORE_RED_LOSS] = scores[QW_SCORE_BLACK_LOSS] = value[2];
  scores[QW_SCORE_FORFEIT_WIN] = scores[QW_SCORE_LEFT_OPPONENT] = value[0];
  scores[QW_SCORE_FORFEIT_LOSS] = scores[QW_SCORE_LEFT] = value[3];
  scores[QW_SCORE_BYE] = value[4];
  return TRUE;
}

void
qw_section_scores (const QwRuleset *ruleset,
                   const QwSection *section,
                   double           scores[QW_N_SCORES])
{
  const char *own = section != NULL ? section->settings.scores : NULL;

  if (own != NULL && own[0] != '\0' && qw_scores_parse (own, scores, NULL))
    return;
  memcpy (scores, ruleset->scores, sizeof ruleset->scores);
}

void
qw_section_result_points (const QwRuleset *ruleset,
                          const QwSection *section,
                          QwResult         result,
                          double          *red,
                          double          *black)
{
  double scores[QW_N_SCORES];

  if (section == NULL || section->settings.scores == NULL || section->settings.scores[0] == '\0')
    {
      qw_result_points (ruleset, result, red, black);
      return;
    }
  qw_section_scores (ruleset, section, scores);
  if (red != NULL)
    *red = qw_scoring_points (scores, qw_result_outcome (result, TRUE), TRUE);
  if (black != NULL)
    *black = qw_scoring_points (scores, qw_result_outcome (result, FALSE), FALSE);
}

void
qw_result_points (const QwRuleset *ruleset,
                  QwResult         result,
                  double          *red,
                  double          *black)
{
  if (red != NULL)
    *red = qw_scoring_points (ruleset->scores, qw_result_outcome (result, TRUE), TRUE);
  if (black != NULL)
    *black = qw_scoring_points (ruleset->scores, qw_result_outcome (result, FALSE), FALSE);
}
