/* qw-tiebreak.c: the one table of tie-breaks, their names and presets
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-tiebreak"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "qw-error.h"
#include "qw-tiebreak.h"

static const struct
{
  const char *code;
  const char *chinese;
} tiebreaks[QW_N_TIEBREAKS] = {
  [QW_TB_OPPONENTS] = { "opponents", "对手分" },
  [QW_TB_PROGRESSIVE] = { "progressive", "累进分" },
  [QW_TB_WINS] = { "wins", "胜局" },
  [QW_TB_BLACK_GAMES] = { "black_games", "后走局数" },
  [QW_TB_BLACK_WINS] = { "black_wins", "后走胜局" },
  [QW_TB_FOULS] = { "fouls", "犯规" },
  [QW_TB_SONNEBORN] = { "sonneborn", "小分" },
  [QW_TB_DIRECT] = { "direct", "直胜" },
  [QW_TB_EARLIER_ROUNDS] = { "earlier", "前轮成绩" },
  [QW_TB_PROGRESSIVE_CUT] = { "progressive_cut", "逐轮累进分" },
};

static const struct
{
  const char *id;
  const char *chain;
  const char *chinese;
} presets[] = {
  { "opponents", "opponents,wins,fouls,black_games,earlier", "对手分方案" },
  { "progressive", "progressive,wins,fouls,black_games,progressive_cut", "累进分方案" },
  { "round-robin", "sonneborn,wins,direct,fouls,black_games", "小分方案" },
  /* Not in the rules: a knockout ranks by stage first, then these. */
  { "knockout", "opponents,wins,fouls,black_games", "淘汰赛方案" },
};

const char *
qw_tiebreak_to_code (QwTiebreak tb)
{
  g_return_val_if_fail ((guint) tb < QW_N_TIEBREAKS, "");
  return tiebreaks[tb].code;
}

const char *
qw_tiebreak_to_chinese (QwTiebreak tb)
{
  g_return_val_if_fail ((guint) tb < QW_N_TIEBREAKS, "");
  return tiebreaks[tb].chinese;
}

gboolean
qw_tiebreak_from_code (const char *code,
                       QwTiebreak *out)
{
  for (guint i = 0; i < QW_N_TIEBREAKS; i++)
    if (g_strcmp0 (code, tiebreaks[i].code) == 0)
      {
        *out = (QwTiebreak) i;
        return TRUE;
      }
  return FALSE;
}

/**
 * qw_tiebreak_preset:
 * @preset_id: "opponents", "progressive", "round-robin" or "knockout"
 *
 * Returns: (nullable): the preset's chain as comma-separated codes
 */
char *
qw_tiebreak_preset (const char *preset_id)
{
  for (guint i = 0; i < G_N_ELEMENTS (presets); i++)
    if (g_strcmp0 (preset_id, presets[i].id) == 0)
      return g_strdup (presets[i].chain);
  return NULL;
}


static const char * const preset_ids[] = { "opponents", "progressive", "round-robin", "knockout", NULL };

const char * const *
qw_tiebreak_preset_ids (void)
{
  return preset_ids;
}

const char *
qw_tiebreak_preset_for_chain (const char *chain)
{
  for (guint i = 0; i < G_N_ELEMENTS (presets); i++)
    if (g_strcmp0 (chain, presets[i].chain) == 0)
      return presets[i].id;
  return NULL;
}

const char *
qw_tiebreak_preset_to_chinese (const char *preset_id)
{
  for (guint i = 0; i < G_N_ELEMENTS (presets); i++)
    if (g_strcmp0 (preset_id, presets[i].id) == 0)
      return presets[i].chinese;
  return NULL;
}

const char *
qw_system_to_chinese (QwSystem system)
{
  switch (system)
    {
    case QW_SYSTEM_ROUND_ROBIN:
      return "循环制";
    case QW_SYSTEM_KNOCKOUT:
      return "淘汰制";
    case QW_SYSTEM_SWISS:
    default:
      return "积分编排制";
    }
}

const char *
qw_system_label (QwSystem system)
{
  switch (system)
    {
    case QW_SYSTEM_ROUND_ROBIN:
      return _("Round robin (循环制)");
    case QW_SYSTEM_KNOCKOUT:
      return _("Knockout (淘汰制)");
    case QW_SYSTEM_SWISS:
    default:
      return _("Swiss (积分编排制)");
    }
}

const char *
qw_tiebreak_preset_label (const char *preset_id)
{
  if (g_strcmp0 (preset_id, "opponents") == 0)
    return _("Opponents’ score scheme (对手分方案)");
  if (g_strcmp0 (preset_id, "progressive") == 0)
    return _("Progressive score scheme (累进分方案)");
  if (g_strcmp0 (preset_id, "round-robin") == 0)
    return _("Round robin (小分方案)");
  if (g_strcmp0 (preset_id, "knockout") == 0)
    return _("Knockout");
  return _("Custom");
}

/* Names for people */

static const struct {
  const char *label;
  const char *short_label;
  const char *description;
} names[QW_N_TIEBREAKS] = {
  [QW_TB_OPPONENTS] = { N_("Opponents’ score (对手分)"), N_("Opp."),
                        N_("Sum of the opponents’ final points; a bye counts as the lowest score of those who scored") },
  [QW_TB_PROGRESSIVE] = { N_("Progressive score (累进分)"), N_("Prog."),
                          N_("Sum of the running totals after each round") },
  [QW_TB_WINS] = { N_("Wins (胜局)"), N_("Wins"), N_("Games won, byes and forfeit wins included") },
  [QW_TB_BLACK_GAMES] = { N_("Games as black (后走局数)"), N_("Black games"), N_("More games as black ranks higher") },
  [QW_TB_BLACK_WINS] = { N_("Wins as black (后走胜局)"), N_("Black wins"), N_("Games won as black") },
  [QW_TB_FOULS] = { N_("Fouls (犯规)"), N_("Fouls"), N_("Fewer fouls ranks higher") },
  [QW_TB_SONNEBORN] = { N_("Sonneborn–Berger (小分)"), N_("S-B"),
                        N_("Points of the opponents beaten, plus half of those drawn") },
  [QW_TB_DIRECT] = { N_("Direct encounter (直胜)"), N_("Direct"), N_("The result between the tied players") },
  [QW_TB_EARLIER_ROUNDS] = { N_("Earlier rounds"), N_("Earlier"),
                             N_("Points after the round before, then the one before that, …") },
  [QW_TB_PROGRESSIVE_CUT] = { N_("Progressive, rounds dropped in turn"), N_("Prog. cut"),
                              N_("The progressive score without round 1, then without rounds 1 and 2, …") },
};

const char *
qw_tiebreak_label (QwTiebreak tb)
{
  g_return_val_if_fail (tb < QW_N_TIEBREAKS, "");
  return _(names[tb].label);
}

const char *
qw_tiebreak_short_label (QwTiebreak tb)
{
  g_return_val_if_fail (tb < QW_N_TIEBREAKS, "");
  return _(names[tb].short_label);
}

const char *
qw_tiebreak_description (QwTiebreak tb)
{
  g_return_val_if_fail (tb < QW_N_TIEBREAKS, "");
  return _(names[tb].description);
}

/* A chain is a comma-separated list of known codes without repeats; a
 * preset id ("opponents", "progressive", "round-robin") stands for its chain. */
char *
qw_tiebreak_normalize_chain (const char  *value,
                 GError     **error)
{
  g_auto(GStrv) parts = NULL;
  g_autoptr(GString) out = g_string_new (NULL);
  gboolean seen[QW_N_TIEBREAKS] = { FALSE };
  char *preset = qw_tiebreak_preset (value);

  if (preset != NULL)
    return preset;
  parts = g_strsplit (value, ",", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      QwTiebreak tb;
      char *code = g_strstrip (parts[i]);

      if (*code == '\0')
        continue;
      if (!qw_tiebreak_from_code (code, &tb))
        {
          g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                       _("“%s” is not a tie-break; use opponents, progressive, wins, black_games, "
                         "black_wins, fouls, sonneborn, direct, earlier or progressive_cut"), code);
          return NULL;
        }
      if (seen[tb])
        {
          g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("The tie-break %s is listed twice"), code);
          return NULL;
        }
      seen[tb] = TRUE;
      if (out->len > 0)
        g_string_append_c (out, ',');
      g_string_append (out, code);
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

GArray *
qw_tiebreak_parse_chain (const char *text)
{
  g_auto(GStrv) parts = g_strsplit (text != NULL ? text : "", ",", -1);
  GArray *chain = g_array_new (FALSE, FALSE, sizeof (QwTiebreak));

  for (guint i = 0; parts[i] != NULL; i++)
    {
      QwTiebreak tb;

      if (qw_tiebreak_from_code (g_strstrip (parts[i]), &tb))
        g_array_append_val (chain, tb);
    }
  return chain;
}
