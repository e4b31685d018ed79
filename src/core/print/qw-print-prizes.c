/* qw-print-prizes.c: 奖金名单 (the final's prize list)
 *
 * The prize list of a final (region/qw-final.h, given in the request): one
 * table per prize table of the ruleset (名次, 序号, 姓名, 代表队/单位, 奖金;
 * a team's table with its counted members and the sum of their places),
 * each with its subtotal; then the players who receive more than one prize
 * with their accumulated amount (a woman's overall and women's prizes), and
 * the totals per table and overall. Amounts in yuan, before tax when the
 * ruleset says so.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-print"

#include "config.h"

#include "qw-final.h"
#include "qw-print-frame.h"
#include "qw-print-renderer.h"

/* What the printout keeps of the prize list: its text, row by row. */
typedef struct
{
  char      *title;       /* "男子个人" */
  gboolean   team;        /* a team table: 名次, 代表队, 计分队员, 名次和, 奖金 */
  GPtrArray *rows;        /* GStrv */
  char      *subtotal;    /* "小计：32人次，108000元" */
} PrizeSection;

typedef struct
{
  GPtrArray *sections;    /* PrizeSection */
  GPtrArray *accumulated; /* GStrv: 序号, 姓名, 代表队/单位, 所获奖项, 合计 */
  GPtrArray *totals;      /* GStrv: 项目, 人次, 奖金 */
  char      *total;
  gboolean   before_tax;
  gboolean   given;       /* the request carried a prize list */
} PrizeDoc;

static void
section_free (gpointer data)
{
  PrizeSection *s = data;

  g_free (s->title);
  g_ptr_array_unref (s->rows);
  g_free (s->subtotal);
  g_free (s);
}

static void
prize_doc_free (gpointer data)
{
  PrizeDoc *d = data;

  g_ptr_array_unref (d->sections);
  g_ptr_array_unref (d->accumulated);
  g_ptr_array_unref (d->totals);
  g_free (d->total);
  g_free (d);
}

static GPtrArray *
rows_new (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
}

static const QwFinalTeam *
find_team (const QwFinalResults *results,
           const char           *event,
           const char           *name)
{
  const QwFinalTeamRanking *r = qw_final_results_team_ranking (results, event);

  for (guint i = 0; r != NULL && i < r->teams->len; i++)
    {
      const QwFinalTeam *t = g_ptr_array_index (r->teams, i);

      if (g_strcmp0 (t->team, name) == 0)
        return t;
    }
  return NULL;
}

static char *
members_text (const QwFinalTeam *team)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; team != NULL && i < team->members->len; i++)
    {
      const QwFinalTeamMember *m = g_ptr_array_index (team->members, i);

      g_string_append_printf (text, "%s%s（%d）", i > 0 ? "、" : "", m->name, m->place);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static gboolean
prepare_prizes (const QwPrintRequest  *request,
                QwPaper               *paper,
                gpointer              *data,
                GError               **error)
{
  const QwFinalResults *results = request->prizes;
  PrizeDoc *d = g_new0 (PrizeDoc, 1);

  d->sections = g_ptr_array_new_with_free_func (section_free);
  d->accumulated = rows_new ();
  d->totals = rows_new ();
  *data = d;
  if (results == NULL)
    return TRUE;
  d->given = TRUE;
  d->before_tax = results->before_tax;
  for (guint i = 0; i < results->totals->len; i++)
    {
      const QwPrizeTotal *t = g_ptr_array_index (results->totals, i);
      g_autoptr(GPtrArray) awards = qw_final_results_awards_of (results, t->event);
      const QwFinalTeamRanking *teams = qw_final_results_team_ranking (results, t->event);
      PrizeSection *s = g_new0 (PrizeSection, 1);

      s->title = g_strdup (t->name);
      s->team = teams != NULL;
      s->rows = rows_new ();
      s->subtotal = g_strdup_printf ("小计：%d%s，%" G_GINT64_FORMAT "元", t->awards, s->team ? "队" : "人次",
                                     t->amount);
      for (guint k = 0; k < awards->len; k++)
        {
          const QwPrizeAward *a = g_ptr_array_index (awards, k);
          g_autofree char *place = g_strdup_printf ("%d", a->place);
          g_autofree char *amount = g_strdup_printf ("%d", a->amount);

          if (s->team)
            {
              const QwFinalTeam *team = find_team (results, t->event, a->name);
              g_autofree char *members = members_text (team);
              g_autofree char *sum = team != NULL ? g_strdup_printf ("%d", team->sum) : g_strdup ("");

              g_ptr_array_add (s->rows, g_strdupv ((char *[]) { place, a->name, members, sum, amount, NULL }));
            }
          else
            {
              g_autofree char *no = a->no > 0 ? g_strdup_printf ("%d", a->no) : g_strdup ("");

              g_ptr_array_add (s->rows, g_strdupv ((char *[]) { place, no, a->name, a->team, amount, NULL }));
            }
        }
      g_ptr_array_add (d->sections, s);
      {
        g_autofree char *count = g_strdup_printf ("%d", t->awards);
        g_autofree char *amount = g_strdup_printf ("%" G_GINT64_FORMAT, t->amount);

        g_ptr_array_add (d->totals, g_strdupv ((char *[]) { t->name, count, amount, NULL }));
      }
    }
  d->total = g_strdup_printf ("%" G_GINT64_FORMAT, results->total);
  for (guint i = 0; i < results->accumulated->len; i++)
    {
      const QwPrizeAccumulated *acc = g_ptr_array_index (results->accumulated, i);
      g_autoptr(GString) what = g_string_new (NULL);
      g_autofree char *no = g_strdup_printf ("%d", acc->no);
      g_autofree char *amount = g_strdup_printf ("%" G_GINT64_FORMAT, acc->amount);

      for (guint k = 0; k < acc->awards->len; k++)
        {
          const QwPrizeAward *a = g_ptr_array_index (acc->awards, k);

          g_string_append_printf (what, "%s%s第%d名 %d元", k > 0 ? "；" : "", a->event_name, a->place, a->amount);
        }
      g_ptr_array_add (d->accumulated, g_strdupv ((char *[]) { no, acc->name, acc->team, what->str, amount, NULL }));
    }
  return TRUE;
}

static void
render_prizes (QwCanvas       *canvas,
               const QwPModel *model,
               gconstpointer   data)
{
  static const QwColumn player_columns[] = {
    { "名次", NULL, 1.2, QW_ALIGN_CENTER, 1 },
    { "序号", NULL, 1.2, QW_ALIGN_CENTER, 1 },
    { "姓名", NULL, 3.6, QW_ALIGN_CENTER, 2 },
    { "代表队/单位", NULL, 4.4, QW_ALIGN_LEFT, 2 },
    { "奖金（元）", NULL, 2.0, QW_ALIGN_RIGHT, 1 },
  };
  static const QwColumn team_columns[] = {
    { "名次", NULL, 1.2, QW_ALIGN_CENTER, 1 },
    { "代表队", NULL, 2.2, QW_ALIGN_CENTER, 2 },
    { "计分队员（名次）", NULL, 6.0, QW_ALIGN_LEFT, 3 },
    { "名次和", NULL, 1.2, QW_ALIGN_CENTER, 1 },
    { "奖金（元）", NULL, 2.0, QW_ALIGN_RIGHT, 1 },
  };
  static const QwColumn accumulated_columns[] = {
    { "序号", NULL, 1.2, QW_ALIGN_CENTER, 1 },
    { "姓名", NULL, 2.4, QW_ALIGN_CENTER, 2 },
    { "代表队/单位", NULL, 2.8, QW_ALIGN_LEFT, 2 },
    { "所获奖项", NULL, 5.6, QW_ALIGN_LEFT, 3 },
    { "合计（元）", NULL, 2.0, QW_ALIGN_RIGHT, 1 },
  };
  static const QwColumn total_columns[] = {
    { "项目", NULL, 5.0, QW_ALIGN_LEFT, 1 },
    { "获奖人次", NULL, 2.0, QW_ALIGN_CENTER, 1 },
    { "奖金（元）", NULL, 3.0, QW_ALIGN_RIGHT, 1 },
  };
  const PrizeDoc *d = data;
  g_autofree char *subtitle = _qw_event_subtitle (model->event);
  QwTextStyle heading = _qw_text_style (QW_FONT_SANS, 12, QW_ALIGN_LEFT);
  QwTextStyle line = _qw_text_style (QW_FONT_SANS, 10, QW_ALIGN_RIGHT);
  QwTextStyle note = _qw_text_style (QW_FONT_SANS, 10, QW_ALIGN_LEFT);
  QwFrame frame;

  heading.bold = TRUE;
  _qw_frame_init (&frame, canvas, model->header);
  _qw_frame_start (&frame, d->before_tax ? "奖金名单（税前）" : "奖金名单", subtitle);
  if (!d->given)
    {
      _qw_frame_notice (&frame, "未提供奖金名单：本赛事的规程没有总决赛的奖励办法。");
      _qw_frame_clear (&frame);
      return;
    }
  for (guint i = 0; i < d->sections->len; i++)
    {
      const PrizeSection *s = g_ptr_array_index (d->sections, i);
      g_autoptr(QwTable) table = s->team ? _qw_table_new (team_columns, G_N_ELEMENTS (team_columns), 10)
                                         : _qw_table_new (player_columns, G_N_ELEMENTS (player_columns), 10);

      /* A heading never stays alone at the foot of a page. */
      _qw_frame_ensure (&frame, 60);
      _qw_frame_paragraph (&frame, &heading, s->title);
      _qw_frame_space (&frame, 3);
      if (s->rows->len == 0)
        {
          _qw_frame_paragraph (&frame, &note, "尚无获奖者。");
          _qw_frame_space (&frame, 8);
          continue;
        }
      _qw_table_set_caption (table, s->title);
      for (guint k = 0; k < s->rows->len; k++)
        _qw_table_add_row (table, (const char * const *) g_ptr_array_index (s->rows, k), 0);
      _qw_table_emit (table, &frame);
      _qw_frame_space (&frame, 3);
      _qw_frame_paragraph (&frame, &line, s->subtotal);
      _qw_frame_space (&frame, 8);
    }
  if (d->accumulated->len > 0)
    {
      g_autoptr(QwTable) table = _qw_table_new (accumulated_columns, G_N_ELEMENTS (accumulated_columns), 10);

      _qw_frame_ensure (&frame, 60);
      _qw_frame_paragraph (&frame, &heading, "累计奖金（同一选手获多项奖金）");
      _qw_frame_space (&frame, 3);
      _qw_table_set_caption (table, "累计奖金");
      for (guint k = 0; k < d->accumulated->len; k++)
        _qw_table_add_row (table, (const char * const *) g_ptr_array_index (d->accumulated, k), 0);
      _qw_table_emit (table, &frame);
      _qw_frame_space (&frame, 8);
    }
  {
    g_autoptr(QwTable) table = _qw_table_new (total_columns, G_N_ELEMENTS (total_columns), 10);
    const char *all[] = { "总计", "", d->total, NULL };

    _qw_frame_ensure (&frame, 60);
    _qw_frame_paragraph (&frame, &heading, "奖金合计");
    _qw_frame_space (&frame, 3);
    _qw_table_set_caption (table, "奖金合计");
    for (guint k = 0; k < d->totals->len; k++)
      _qw_table_add_row (table, (const char * const *) g_ptr_array_index (d->totals, k), 0);
    _qw_table_add_row (table, all, QW_ROW_BOLD);
    _qw_table_emit (table, &frame);
  }
  if (d->before_tax)
    {
      _qw_frame_space (&frame, 6);
      _qw_frame_paragraph (&frame, &note, "以上奖金均为税前金额（人民币元）。");
    }
  _qw_frame_clear (&frame);
}

/* The kinds' table (qw-print-kinds.c) lists it. */
const QwPrintRenderer _qw_print_prizes_renderer = {
  .prepare = prepare_prizes,
  .free_data = prize_doc_free,
  .render = render_prizes,
};
