/* qw-print-kinds.c: the table of printed documents, and their codes and names
 *
 * The one place that names every renderer: a new kind of document is a new
 * row here (and a value of QwPrintKind), nothing in the printout changes.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-print"

#include "config.h"

#include "qw-print-kinds.h"
#include "qw-ruleset-championship.h"

static const struct
{
  const char            *code;
  const char            *chinese;
  QwPaper                paper;
  const QwPrintRenderer *renderer;
} kinds[QW_N_PRINT_KINDS] = {
  [QW_PRINT_PAIRINGS]     = { "pairings", "对阵表", QW_PAPER_A4_PORTRAIT, &_qw_print_pairings_renderer },
  [QW_PRINT_SLIPS]        = { "slips", "记分单", QW_PAPER_A4_PORTRAIT, &_qw_print_slips_renderer },
  [QW_PRINT_STANDINGS]    = { "standings", "成绩表", QW_PAPER_A4_LANDSCAPE, &_qw_print_standings_renderer },
  [QW_PRINT_CROSSTABLE]   = { "crosstable", "交叉表", QW_PAPER_A4_LANDSCAPE, &_qw_print_crosstable_renderer },
  [QW_PRINT_BRACKET]      = { "bracket", "淘汰赛对阵图", QW_PAPER_A4_LANDSCAPE, &_qw_print_bracket_renderer },
  [QW_PRINT_CERTIFICATES] = { "certificates", "棋王证书", QW_PAPER_A4_LANDSCAPE, &_qw_print_certificates_renderer },
  [QW_PRINT_AWARDS]       = { "awards", "奖状", QW_PAPER_A4_LANDSCAPE, &_qw_print_awards_renderer },
  [QW_PRINT_BOOKLET]      = { "booklet", "秩序册", QW_PAPER_A4_PORTRAIT, &_qw_print_booklet_renderer },
  [QW_PRINT_CHECKIN]      = { "checkin", "签到表", QW_PAPER_A4_PORTRAIT, &_qw_print_checkin_renderer },
  [QW_PRINT_SEEDING]      = { "seeding", "种子排序表", QW_PAPER_A4_PORTRAIT, &_qw_print_seeding_renderer },
  [QW_PRINT_PRIZES]       = { "prizes", "奖金名单", QW_PAPER_A4_PORTRAIT, &_qw_print_prizes_renderer },
  [QW_PRINT_GRADES]       = { "grades", "技术等级申报表", QW_PAPER_A4_PORTRAIT, &_qw_print_grades_renderer },
};

const QwPrintRenderer *
_qw_print_kind_renderer (QwPrintKind kind)
{
  g_return_val_if_fail (kind < QW_N_PRINT_KINDS, NULL);
  return kinds[kind].renderer;
}

const char *
qw_print_kind_to_code (QwPrintKind kind)
{
  g_return_val_if_fail (kind < QW_N_PRINT_KINDS, NULL);
  return kinds[kind].code;
}

gboolean
qw_print_kind_from_code (const char  *code,
                         QwPrintKind *out)
{
  for (guint i = 0; code != NULL && i < QW_N_PRINT_KINDS; i++)
    if (g_str_equal (code, kinds[i].code))
      {
        *out = (QwPrintKind) i;
        return TRUE;
      }
  return FALSE;
}

const char *
qw_print_kind_to_chinese (QwPrintKind kind)
{
  g_return_val_if_fail (kind < QW_N_PRINT_KINDS, NULL);
  return kinds[kind].chinese;
}

QwPaper
qw_print_kind_default_paper (QwPrintKind kind)
{
  g_return_val_if_fail (kind < QW_N_PRINT_KINDS, QW_PAPER_A4_PORTRAIT);
  return kinds[kind].paper;
}

gboolean
qw_print_kind_offered (const QwRuleset *ruleset,
                       QwPrintKind      kind)
{
  g_return_val_if_fail (kind < QW_N_PRINT_KINDS, FALSE);

  if (kind == QW_PRINT_PRIZES)
    return qw_ruleset_offers (ruleset, QW_RULESET_FINAL);
  return TRUE;
}
