/* qw-print-standings.c: 成绩表 (standings) and 交叉表 (round-robin cross-table)
 *
 * The standings list the players by place with, for every round, the
 * opponent's 序号 and the colour played (红/黑) and the points scored, then
 * the total and the tie-break columns of the group's chain (《象棋竞赛规则》
 * 第14条). The cross-table is the round robin's player × player grid, with
 * the total, 小分 and the place.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-print"

#include "config.h"

#include "qw-game.h"
#include "qw-group-code.h"
#include "qw-knockout.h"
#include "qw-print-frame.h"
#include "qw-print-renderer.h"
#include "qw-tiebreak.h"

/* Tie-breaks that are numbers worth a column; 直胜 and the earlier-round
 * comparisons decide ties but have no total to print. */
static gboolean
tiebreak_has_column (QwTiebreak tb)
{
  switch (tb)
    {
    case QW_TB_OPPONENTS:
    case QW_TB_PROGRESSIVE:
    case QW_TB_WINS:
    case QW_TB_BLACK_GAMES:
    case QW_TB_BLACK_WINS:
    case QW_TB_FOULS:
    case QW_TB_SONNEBORN:
      return TRUE;
    case QW_TB_DIRECT:
    case QW_TB_EARLIER_ROUNDS:
    case QW_TB_PROGRESSIVE_CUT:
    case QW_N_TIEBREAKS:
    default:
      return FALSE;
    }
}

static GArray *
tiebreak_columns (const QwPGroup *group)
{
  static const QwTiebreak swiss[] = { QW_TB_OPPONENTS, QW_TB_PROGRESSIVE, QW_TB_WINS, QW_TB_BLACK_GAMES };
  static const QwTiebreak round_robin[] = { QW_TB_SONNEBORN, QW_TB_WINS, QW_TB_BLACK_GAMES };
  GArray *shown = g_array_new (FALSE, FALSE, sizeof (QwTiebreak));

  for (guint i = 0; i < group->tiebreaks->len; i++)
    {
      QwTiebreak tb = g_array_index (group->tiebreaks, QwTiebreak, i);

      if (tiebreak_has_column (tb))
        g_array_append_val (shown, tb);
    }
  if (shown->len == 0 && group->system == QW_SYSTEM_ROUND_ROBIN)
    g_array_append_vals (shown, round_robin, G_N_ELEMENTS (round_robin));
  else if (shown->len == 0)
    g_array_append_vals (shown, swiss, G_N_ELEMENTS (swiss));
  return shown;
}

static int
rounds_played (const QwPGroup *group)
{
  int rounds = 0;

  for (guint i = 0; i < group->standings->len; i++)
    {
      const QwPStanding *s = g_ptr_array_index (group->standings, i);

      for (guint c = 0; c < s->cells->len; c++)
        rounds = MAX (rounds, g_array_index (s->cells, QwPCell, c).round);
    }
  return rounds;
}

static const QwPCell *
cell_for_round (const QwPStanding *s,
                int                round)
{
  for (guint c = 0; c < s->cells->len; c++)
    if (g_array_index (s->cells, QwPCell, c).round == round)
      return &g_array_index (s->cells, QwPCell, c);
  return NULL;
}

/* Did the player of this cell forfeit the game? */
static gboolean
cell_forfeited (const QwPCell *cell)
{
  return cell->result == QW_RESULT_DOUBLE_FORFEIT
         || (cell->colour == 'R' && cell->result == QW_RESULT_BLACK_BY_FORFEIT)
         || (cell->colour == 'B' && cell->result == QW_RESULT_RED_BY_FORFEIT);
}

/* "12红", "轮空" or "—"; and the points, "2" or "0弃" for a forfeit. */
static void
round_cell_texts (const QwPCell *cell,
                  char         **opponent,
                  char         **points)
{
  if (cell != NULL && cell->absent)
    {
      /* 请假, or a round a late entry missed (缺席, with the points given). */
      *opponent = g_strdup (cell->absence == QW_ABSENCE_LEAVE ? "请假" : "缺席");
      *points = _qw_format_points (cell->points);
      return;
    }
  if (cell == NULL || (cell->opponent_no == 0 && cell->result != QW_RESULT_BYE))
    {
      *opponent = g_strdup ("—");
      *points = g_strdup ("");
      return;
    }
  if (cell->result == QW_RESULT_BYE || cell->opponent_no == 0)
    *opponent = g_strdup ("轮空");
  else
    *opponent = g_strdup_printf ("%d%s", cell->opponent_no,
                                 cell->colour == 'R' ? "红" : cell->colour == 'B' ? "黑" : "");
  if (cell->result == QW_RESULT_NONE)
    *points = g_strdup ("");
  else
    {
      g_autofree char *p = _qw_format_points (cell->points);

      *points = g_strconcat (p, cell_forfeited (cell) ? "弃" : "", NULL);
    }
}

/* 备注: 不具备参赛资格 or 退赛; the rounds of a 请假; how a drawn knockout game went, an
 * armageddon draw as such ("第2轮加赛和·黑胜"). */
static char *
standing_note (const QwPStanding *s,
               const QwPPlayer   *p)
{
  g_autoptr(GPtrArray) notes = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GString) leave = g_string_new (NULL);

  if (p->excluded)
    g_ptr_array_add (notes, g_strdup ("不具备参赛资格"));
  else if (p->late)
    g_ptr_array_add (notes, g_strdup ("迟到报名，未接纳"));
  else if (s->withdrawn || p->withdrawn)
    g_ptr_array_add (notes, g_strdup ("退赛"));
  for (guint c = 0; c < s->cells->len; c++)
    {
      const QwPCell *cell = &g_array_index (s->cells, QwPCell, c);

      if (cell->absent && cell->absence == QW_ABSENCE_LEAVE)
        g_string_append_printf (leave, "%s%d", leave->len > 0 ? "、" : "", cell->round);
      else if (cell->result == QW_RESULT_DRAW && cell->playoff != QW_PLAYOFF_NONE)
        g_ptr_array_add (notes, g_strdup_printf ("第%d轮%s", cell->round, qw_playoff_to_chinese (cell->playoff)));
    }
  if (leave->len > 0)
    g_ptr_array_add (notes, g_strdup_printf ("第%s轮请假", leave->str));
  g_ptr_array_add (notes, NULL);
  return g_strjoinv ("；", (char **) notes->pdata);
}

/* 备注 is as narrow as 退赛 needs, wider for play-offs and absences. */
static double
notes_weight (const QwPGroup *group)
{
  glong longest = 0;

  for (guint r = 0; r < group->standings->len; r++)
    {
      const QwPStanding *s = g_ptr_array_index (group->standings, r);
      g_autofree char *note = standing_note (s, _qw_pgroup_player (group, s->player));

      longest = MAX (longest, g_utf8_strlen (note, -1));
    }
  return CLAMP (longest * 0.8, 3.6, 8);
}

/* The 对手 column holds "12红": its width follows the longest 序号, so that
 * "104红" in a group of more than 99 players is set at the size of "12红"
 * rather than shrunk to fit (issue 19 point 25). */
static double
opponent_weight (const QwPGroup *group)
{
  int highest = 0, digits = 1;

  for (guint i = 0; i < group->players->len; i++)
    highest = MAX (highest, ((const QwPPlayer *) g_ptr_array_index (group->players, i))->no);
  for (; highest >= 10; highest /= 10)
    digits++;
  return digits <= 2 ? 3.6 : 3.6 + 1.0 * (digits - 2);
}

static QwTable *
standings_table (const QwPGroup *group,
                 int             rounds,
                 GArray         *tiebreaks)
{
  g_autoptr(GArray) columns = g_array_new (FALSE, TRUE, sizeof (QwColumn));
  g_autoptr(GPtrArray) strings = g_ptr_array_new_with_free_func (g_free);
  static const QwColumn fixed[] = {
    { "名次", NULL, 3.2, QW_ALIGN_CENTER, 1 },
    { "序号", NULL, 3.2, QW_ALIGN_CENTER, 1 },
    { "姓名", NULL, 6.5, QW_ALIGN_CENTER, 3 },
    { "单位", NULL, 10, QW_ALIGN_LEFT, 3 },
  };

  g_array_append_vals (columns, fixed, G_N_ELEMENTS (fixed));
  for (int r = 1; r <= rounds; r++)
    {
      char *group_title = g_strdup_printf ("第%d轮", r);
      QwColumn opponent = { "对手", group_title, opponent_weight (group), QW_ALIGN_CENTER, 1 };
      QwColumn points = { "得分", group_title, 2.8, QW_ALIGN_CENTER, 1 };

      g_ptr_array_add (strings, group_title);
      g_array_append_val (columns, opponent);
      g_array_append_val (columns, points);
    }
  g_array_append_val (columns, ((QwColumn) { "积分", NULL, 3.4, QW_ALIGN_CENTER, 1 }));
  for (guint i = 0; i < tiebreaks->len; i++)
    {
      QwTiebreak tb = g_array_index (tiebreaks, QwTiebreak, i);
      QwColumn c = { qw_tiebreak_to_chinese (tb), NULL, 3.6, QW_ALIGN_CENTER, 1 };

      g_array_append_val (columns, c);
    }
  g_array_append_val (columns, ((QwColumn) { "备注", NULL, notes_weight (group), QW_ALIGN_CENTER, 3 }));
  return _qw_table_new ((const QwColumn *) columns->data, columns->len, rounds > 11 ? 8 : 9);
}

static void
add_standing_row (QwTable           *table,
                  const QwPGroup    *group,
                  const QwPStanding *s,
                  int                rounds,
                  GArray            *tiebreaks)
{
  const QwPPlayer *p = _qw_pgroup_player (group, s->player);
  g_autoptr(GPtrArray) cells = g_ptr_array_new_with_free_func (g_free);

  /* No place for the excluded and late entries not admitted: "—", the reason in 备注. */
  g_ptr_array_add (cells, s->rank > 0 ? g_strdup_printf ("%d", s->rank) : g_strdup ("—"));
  g_ptr_array_add (cells, g_strdup_printf ("%d", p->no));
  g_ptr_array_add (cells, g_strdup (p->name));
  g_ptr_array_add (cells, g_strdup (p->unit));
  for (int r = 1; r <= rounds; r++)
    {
      char *opponent, *points;

      round_cell_texts (cell_for_round (s, r), &opponent, &points);
      g_ptr_array_add (cells, opponent);
      g_ptr_array_add (cells, points);
    }
  g_ptr_array_add (cells, _qw_format_points (s->points));
  for (guint i = 0; i < tiebreaks->len; i++)
    g_ptr_array_add (cells, _qw_format_points (s->tiebreaks[g_array_index (tiebreaks, QwTiebreak, i)]));
  g_ptr_array_add (cells, standing_note (s, p));
  g_ptr_array_add (cells, NULL);
  _qw_table_add_row (table, (const char * const *) cells->pdata, 0);
}

static void
signature (QwFrame    *frame,
           const char *legend)
{
  QwTextStyle note = _qw_text_style (QW_FONT_SANS, 9, QW_ALIGN_LEFT);
  QwTextStyle sign = _qw_text_style (QW_FONT_SANS, 10.5, QW_ALIGN_RIGHT);

  _qw_frame_space (frame, 4);
  _qw_frame_paragraph (frame, &note, legend);
  _qw_frame_space (frame, 8);
  _qw_frame_paragraph (frame, &sign, "裁判长：____________　　日期：____________");
}

static const char *
group_notice (const QwPGroup *group)
{
  if (group->players->len == 0)
    return "本组暂无棋手。";
  if (group->standings->len == 0)
    return "本组尚无成绩。";
  return NULL;
}

static void
render_standings (QwCanvas       *canvas,
                  const QwPModel *model,
                  gconstpointer   data)
{
  QwFrame frame;
  g_autofree char *subtitle = _qw_event_subtitle (model->event);

  _qw_frame_init (&frame, canvas, model->header);
  for (guint i = 0; i < model->groups->len; i++)
    {
      const QwPGroup *group = g_ptr_array_index (model->groups, i);
      int rounds = rounds_played (group);
      g_autoptr(GArray) tiebreaks = tiebreak_columns (group);
      g_autoptr(QwTable) table = NULL;
      g_autofree char *title = g_strdup_printf ("%s 成绩表", group->name);
      g_autofree char *after = rounds > 0 ? g_strdup_printf ("第%d轮后　%s", rounds, subtitle) : g_strdup (subtitle);
      const char *notice = group_notice (group);
      g_autofree char *segment = qw_group_code_segment (group->code);
      g_autofree char *path = g_strdup_printf ("group/%s/standings", segment);
      g_autofree char *url = _qw_pmodel_page_url (model, path);

      _qw_frame_start (&frame, title, after);
      _qw_frame_qr (&frame, url);
      if (notice != NULL)
        {
          _qw_frame_notice (&frame, notice);
          continue;
        }
      table = standings_table (group, rounds, tiebreaks);
      for (guint r = 0; r < group->standings->len; r++)
        add_standing_row (table, group, g_ptr_array_index (group->standings, r), rounds, tiebreaks);
      _qw_table_emit (table, &frame);
      signature (&frame, "注：对手栏为对手序号及本人所执棋色（红/黑）；“弃”为弃权；"
                         "名次按积分及表中所列顺序的比较项目确定。");
    }
  _qw_frame_clear (&frame);
}

/* Cross-table */

static const QwPStanding *
standing_of (const QwPGroup *group,
             int             player)
{
  for (guint i = 0; i < group->standings->len; i++)
    {
      const QwPStanding *s = g_ptr_array_index (group->standings, i);

      if (s->player == player)
        return s;
    }
  return NULL;
}

/* What @player scored against @opponent: "2", "1", "0", "+" or "-" for
 * forfeits; both games of a double round robin side by side. */
static char *
crosstable_cell (const QwPModel *model,
                 const QwPGroup *group,
                 int             player,
                 int             opponent)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < group->games->len; i++)
    {
      const QwPGame *g = &g_array_index (group->games, QwPGame, i);
      gboolean red = g->red == player && g->black == opponent;
      double r, b;

      if (!red && !(g->black == player && g->red == opponent))
        continue;
      if (g->result == QW_RESULT_NONE)
        continue;
      if (text->len > 0)
        g_string_append_c (text, ' ');
      if (g->result == QW_RESULT_RED_BY_FORFEIT)
        g_string_append (text, red ? "+" : "-");
      else if (g->result == QW_RESULT_BLACK_BY_FORFEIT)
        g_string_append (text, red ? "-" : "+");
      else if (g->result == QW_RESULT_DOUBLE_FORFEIT)
        g_string_append (text, "-");
      else
        {
          g_autofree char *p = NULL;

          _qw_pgame_points (model, group, g, &r, &b);
          p = _qw_format_points (red ? r : b);
          g_string_append (text, p);
        }
    }
  return g_string_free (text, FALSE);
}

static QwTable *
crosstable_table (const QwPGroup *group)
{
  guint n = group->players->len;
  g_autoptr(GArray) columns = g_array_new (FALSE, TRUE, sizeof (QwColumn));
  g_autoptr(GPtrArray) strings = g_ptr_array_new_with_free_func (g_free);
  static const QwColumn fixed[] = {
    { "序号", NULL, 3.2, QW_ALIGN_CENTER, 1 },
    { "姓名", NULL, 6.5, QW_ALIGN_CENTER, 3 },
    { "单位", NULL, 10, QW_ALIGN_LEFT, 3 },
  };

  g_array_append_vals (columns, fixed, G_N_ELEMENTS (fixed));
  for (guint i = 0; i < n; i++)
    {
      char *title = g_strdup_printf ("%d", _qw_pgroup_player (group, (int) i)->no);
      QwColumn c = { title, NULL, 3.2, QW_ALIGN_CENTER, 1 };

      g_ptr_array_add (strings, title);
      g_array_append_val (columns, c);
    }
  g_array_append_val (columns, ((QwColumn) { "积分", NULL, 3.6, QW_ALIGN_CENTER, 1 }));
  g_array_append_val (columns, ((QwColumn) { "小分", NULL, 3.6, QW_ALIGN_CENTER, 1 }));
  g_array_append_val (columns, ((QwColumn) { "名次", NULL, 3.4, QW_ALIGN_CENTER, 1 }));
  return _qw_table_new ((const QwColumn *) columns->data, columns->len, n > 16 ? 8 : 9.5);
}

static void
emit_crosstable (QwFrame        *frame,
                 const QwPModel *model,
                 const QwPGroup *group)
{
  guint n = group->players->len;
  g_autoptr(QwTable) table = crosstable_table (group);

  /* Rows and columns in 序号 order, headed by the 序号 themselves. */
  for (guint i = 0; i < n; i++)
    {
      const QwPPlayer *p = _qw_pgroup_player (group, (int) i);
      const QwPStanding *s = standing_of (group, (int) i);
      g_autoptr(GPtrArray) cells = g_ptr_array_new_with_free_func (g_free);
      double total = 0;

      g_ptr_array_add (cells, g_strdup_printf ("%d", p->no));
      g_ptr_array_add (cells, g_strdup (p->name));
      g_ptr_array_add (cells, g_strdup (p->unit));
      for (guint j = 0; j < n; j++)
        g_ptr_array_add (cells, i == j ? g_strdup ("") : crosstable_cell (model, group, (int) i, (int) j));
      if (s == NULL)
        for (guint k = 0; k < group->games->len; k++)
          {
            const QwPGame *g = &g_array_index (group->games, QwPGame, k);
            double r, b;

            _qw_pgame_points (model, group, g, &r, &b);
            total += g->red == (int) i ? r : g->black == (int) i ? b : 0;
          }
      g_ptr_array_add (cells, _qw_format_points (s != NULL ? s->points : total));
      g_ptr_array_add (cells, s != NULL ? _qw_format_points (s->tiebreaks[QW_TB_SONNEBORN]) : g_strdup (""));
      g_ptr_array_add (cells, s == NULL ? g_strdup ("") : s->rank > 0 ? g_strdup_printf ("%d", s->rank)
                                                                      : g_strdup ("—"));
      g_ptr_array_add (cells, NULL);
      _qw_table_add_row (table, (const char * const *) cells->pdata, 0);
      _qw_table_shade_cell (table, 3 + i);
    }
  _qw_table_emit (table, frame);
}

static void
render_crosstable (QwCanvas       *canvas,
                   const QwPModel *model,
                   gconstpointer   data)
{
  QwFrame frame;
  g_autofree char *subtitle = _qw_event_subtitle (model->event);

  _qw_frame_init (&frame, canvas, model->header);
  for (guint i = 0; i < model->groups->len; i++)
    {
      const QwPGroup *group = g_ptr_array_index (model->groups, i);
      g_autofree char *title = g_strdup_printf ("%s 交叉表", group->name);
      g_autofree char *segment = qw_group_code_segment (group->code);
      g_autofree char *path = g_strdup_printf ("group/%s/crosstable", segment);
      g_autofree char *url = _qw_pmodel_page_url (model, path);

      _qw_frame_start (&frame, title, subtitle);
      _qw_frame_qr (&frame, url);
      if (group->players->len == 0)
        {
          _qw_frame_notice (&frame, "本组暂无棋手。");
          continue;
        }
      emit_crosstable (&frame, model, group);
      signature (&frame, "注：横行为本人对各序号棋手的得分；“+”为对方弃权，“-”为本人弃权；"
                         "小分为所胜对手积分之和加所和对手积分之半。");
    }
  _qw_frame_clear (&frame);
}

/* The kinds' table (qw-print-kinds.c) lists these. */
const QwPrintRenderer _qw_print_standings_renderer = { .render = render_standings };
const QwPrintRenderer _qw_print_crosstable_renderer = { .render = render_crosstable };
