/* qw-tiebreak.h: the one table of tie-breaks (《象棋竞赛规则》第14条): codes,
 * Chinese names, labels for people, and the presets of each system
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "qw-game.h"

G_BEGIN_DECLS

typedef enum
{
  QW_TB_OPPONENTS = 0,    /* "opponents"   对手分: sum of opponents' final points (a bye counts as the lowest score among players who scored) */
  QW_TB_PROGRESSIVE,      /* "progressive" 累进分: sum of the running totals */
  QW_TB_WINS,             /* "wins"        胜局 */
  QW_TB_BLACK_GAMES,      /* "black_games" 后走局数 */
  QW_TB_BLACK_WINS,       /* "black_wins"  后走胜局 */
  QW_TB_FOULS,            /* "fouls"       犯规 (fewer ranks higher) */
  QW_TB_SONNEBORN,        /* "sonneborn"   小分 */
  QW_TB_DIRECT,           /* "direct"      直胜 (head-to-head among the tied) */
  QW_TB_EARLIER_ROUNDS,   /* "earlier"     compare points after round n-1, n-2, … */
  QW_TB_PROGRESSIVE_CUT,  /* "progressive_cut" 累进分 recomputed dropping round 1, then 2, … */
  QW_N_TIEBREAKS
} QwTiebreak;

const char  *qw_tiebreak_to_code        (QwTiebreak  tb);
gboolean     qw_tiebreak_from_code      (const char *code,
                                         QwTiebreak *out);
/* The rulebook's name (对手分, …), untranslated: printed documents are Chinese. */
const char  *qw_tiebreak_to_chinese     (QwTiebreak  tb);
/* For people, translated: "Opponents’ score (对手分)", "Opp.", and a sentence. */
const char  *qw_tiebreak_label          (QwTiebreak  tb);
const char  *qw_tiebreak_short_label    (QwTiebreak  tb);
const char  *qw_tiebreak_description    (QwTiebreak  tb);

/* Presets: "opponents" (对手分方案), "progressive" (累进分方案), "round-robin"
 * and "knockout". Returns the chain as comma-separated codes, or NULL. */
char        *qw_tiebreak_preset         (const char *preset_id);
/* The preset ids, in the order a chooser offers them. */
const char * const *qw_tiebreak_preset_ids (void);
/* The id of the preset whose chain is @chain, or NULL for a custom chain. */
const char  *qw_tiebreak_preset_for_chain (const char *chain);
/* Translated name of a preset ("对手分方案", …). */
const char  *qw_tiebreak_preset_label   (const char *preset_id);

/* The rulebook's name of a preset, untranslated (printed documents):
 * "对手分方案", "累进分方案", "小分方案", "淘汰赛方案"; NULL for an unknown id. */
const char  *qw_tiebreak_preset_to_chinese (const char *preset_id);

/* Systems (比赛办法), named as tie-breaks are: the rulebook's name,
 * untranslated ("积分编排制", "循环制", "淘汰制"; "双循环制" is for the
 * printers), and a translated name for people ("Swiss (积分编排制)"). */
const char  *qw_system_to_chinese       (QwSystem    system);
const char  *qw_system_label            (QwSystem    system);

/* A chain as typed (codes separated by commas, or a preset id) checked and
 * written back as codes; NULL with @error naming the offending code. */
char        *qw_tiebreak_normalize_chain (const char *text,
                                          GError    **error);
/* (element-type QwTiebreak) the known codes of a stored chain, in order;
 * unknown codes (from a newer version) are skipped. */
GArray      *qw_tiebreak_parse_chain    (const char *text);

G_END_DECLS
