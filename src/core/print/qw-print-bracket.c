/* qw-print-bracket.c: the knockout bracket (淘汰赛对阵图)
 *
 * The bracket is a complete binary tree of matches, the final at its root.
 * It is rebuilt from the games: the latest round's games in board order
 * take the top slots, and each game's feeders are the previous-round games
 * of its red player (upper) and black player (lower). A player who reached a
 * round without a game in the round before had a bye there. Rounds not yet
 * paired are drawn as empty boxes, filled in with the winners already known.
 *
 * Sixteen first-round matches fit a page; a larger bracket is split into
 * pages of five rounds each, and a last page carries on from their winners.
 * If the games do not form a tree (a bracket edited by hand beyond
 * recognition) the rounds are listed as tables instead, and the page says so.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-print"

#include "config.h"

#include "qw-knockout.h"
#include "qw-print-frame.h"
#include "qw-print-renderer.h"
#include "qw-game.h"

#define PAGE_DEPTH 5            /* rounds per page: 16 first-round matches */
#define BOX_FONT   9.0

typedef struct
{
  int       game;               /* index into the group's games, -1 none */
  int       red;                /* player index, -1 unknown */
  int       black;
  gboolean  bye;                /* red advanced without a game */
} Slot;

typedef struct
{
  QwCanvas        *canvas;
  const QwPModel  *model;
  const QwPGroup  *group;
  int              rounds;
  Slot           **slots;       /* slots[r][i], r = 1..rounds, 2^(rounds - r) each */
} Bracket;

static guint
slots_in_round (const Bracket *b,
                int            round)
{
  return 1u << (b->rounds - round);
}

static int
rounds_for_players (guint players)
{
  int rounds = 0;

  while ((1u << rounds) < players)
    rounds++;
  return rounds;
}

static int
game_winner (const QwPGame *g)
{
  switch (g->result)
    {
    case QW_RESULT_RED_WIN:
    case QW_RESULT_RED_BY_FORFEIT:
    case QW_RESULT_BYE:
      return g->red;
    case QW_RESULT_BLACK_WIN:
    case QW_RESULT_BLACK_BY_FORFEIT:
      return g->black;
    case QW_RESULT_DRAW:
      return g->playoff == QW_PLAYOFF_RED ? g->red
             : g->playoff == QW_PLAYOFF_BLACK || g->playoff == QW_PLAYOFF_DRAW ? g->black : -1;
    case QW_RESULT_DOUBLE_FORFEIT:
    case QW_RESULT_NONE:
    default:
      return -1;
    }
}

static int slot_winner (const Bracket *b, int round, guint index);

/* The two players of a slot: the game's, or the winners feeding a slot whose
 * game is not paired yet. */
static void
slot_players (const Bracket *b,
              int            round,
              guint          index,
              int           *red,
              int           *black)
{
  const Slot *s = &b->slots[round][index];

  if (s->game >= 0 || s->bye || round == 1)
    {
      *red = s->red;
      *black = s->black;
      return;
    }
  *red = slot_winner (b, round - 1, 2 * index);
  *black = slot_winner (b, round - 1, 2 * index + 1);
}

static int
slot_winner (const Bracket *b,
             int            round,
             guint          index)
{
  const Slot *s = &b->slots[round][index];

  if (s->bye)
    return s->red;
  if (s->game < 0)
    return -1;
  return game_winner (&g_array_index (b->group->games, QwPGame, s->game));
}

static int
find_game (const QwPGroup *group,
           int             round,
           int             player)
{
  for (guint i = 0; i < group->games->len; i++)
    {
      const QwPGame *g = &g_array_index (group->games, QwPGame, i);

      if (g->round == round && (g->red == player || g->black == player))
        return (int) i;
    }
  return -1;
}

static void
set_slot (Bracket *b,
          int      round,
          guint    index,
          int      game)
{
  const QwPGame *g = &g_array_index (b->group->games, QwPGame, game);
  Slot *s = &b->slots[round][index];

  s->game = game;
  s->red = g->red;
  s->black = g->black;
}

/* Fills the tree from the latest round down. FALSE when the games do not form
 * one: more games in a round than slots, or a game feeding two matches. */
static gboolean
build_tree (Bracket *b)
{
  int last = _qw_pgroup_last_round (b->group);
  g_autofree gboolean *used = g_new0 (gboolean, MAX (1, b->group->games->len));
  guint placed = 0, top = 0;

  if (last > b->rounds)
    return FALSE;
  for (guint i = 0; i < b->group->games->len; i++)
    if (g_array_index (b->group->games, QwPGame, i).round == last)
      {
        if (top >= slots_in_round (b, last))
          return FALSE;
        set_slot (b, last, top++, (int) i);
        used[i] = TRUE;
        placed++;
      }
  for (int r = last; r >= 2; r--)
    for (guint i = 0; i < slots_in_round (b, r); i++)
      {
        const Slot *s = &b->slots[r][i];
        int sides[2] = { s->red, s->bye ? -1 : s->black };

        for (int k = 0; k < 2; k++)
          {
            int feeder;

            if (sides[k] < 0)
              continue;
            feeder = find_game (b->group, r - 1, sides[k]);
            if (feeder >= 0 && used[feeder])
              return FALSE;
            if (feeder >= 0)
              {
                set_slot (b, r - 1, 2 * i + k, feeder);
                used[feeder] = TRUE;
                placed++;
              }
            else
              {
                Slot *child = &b->slots[r - 1][2 * i + k];

                child->red = sides[k];
                child->bye = TRUE;
              }
          }
      }
  return placed == b->group->games->len;
}

/* With the draw known, the bracket is exactly the one the knockout engine
 * pairs from (qw-knockout.c): the seeds in slot order, each match's winner
 * going up to meet the winner of the neighbouring match. */
static gboolean
build_from_draw (Bracket *b)
{
  const GArray *draw = b->group->draw;
  g_autoptr(GArray) seeds = qw_knockout_slots ((int) draw->len);
  g_autofree gboolean *used = g_new0 (gboolean, MAX (1, b->group->games->len));
  guint placed = 0;

  if (seeds->len != 2 * slots_in_round (b, 1))
    return FALSE;
  for (int r = 1; r <= b->rounds; r++)
    for (guint m = 0; m < slots_in_round (b, r); m++)
      {
        Slot *s = &b->slots[r][m];
        int sides[2];
        int game = -1;

        if (r == 1)
          for (int k = 0; k < 2; k++)
            {
              int seed = g_array_index (seeds, int, 2 * m + k);

              sides[k] = seed <= (int) draw->len ? g_array_index (draw, int, seed - 1) : -1;
            }
        else
          {
            sides[0] = slot_winner (b, r - 1, 2 * m);
            sides[1] = slot_winner (b, r - 1, 2 * m + 1);
          }
        for (int k = 0; k < 2 && game < 0; k++)
          if (sides[k] >= 0)
            game = find_game (b->group, r, sides[k]);
        if (game >= 0)
          {
            if (used[game])
              return FALSE;
            used[game] = TRUE;
            placed++;
            set_slot (b, r, m, game);
          }
        else if (r == 1)
          {
            /* Not paired yet, or an empty place: show who is drawn there. */
            s->red = sides[0] >= 0 ? sides[0] : sides[1];
            s->black = sides[0] >= 0 ? sides[1] : -1;
            s->bye = s->black < 0 && s->red >= 0;
          }
      }
  return placed == b->group->games->len;
}

/* Drawing */

typedef struct
{
  double x0;                    /* left of round column 0 */
  double column;                /* width of a column */
  double box;                   /* width of a box */
  double top;                   /* top of the slot area */
  double height;                /* of the slot area */
  double box_height;
  int    low;                   /* the page's first round */
  int    high;                  /* its last */
  guint  first;                 /* the page's first slot in round @low */
} Geometry;

static double
slot_centre (const Geometry *geo,
             int             round,
             guint           index)
{
  guint per = 1u << (round - geo->low);       /* leaves under one slot */
  double leaf = geo->height / ((1u << (geo->high - geo->low)));
  guint first_leaf = index * per - geo->first;

  return geo->top + (first_leaf + per / 2.0) * leaf;
}

static char *
side_text (const Bracket *b,
           int            player)
{
  const QwPPlayer *p = _qw_pgroup_player (b->group, player);

  if (p == NULL)
    return g_strdup ("");
  return g_strdup_printf ("%d  %s", p->no, p->name);
}

/* "胜", "负", "和·加赛胜", "弃权"… for one side of a decided game. */
static const char *
side_mark (const QwPGame *g,
           gboolean       red)
{
  int winner = game_winner (g);
  gboolean won = winner >= 0 && winner == (red ? g->red : g->black);

  switch (g->result)
    {
    case QW_RESULT_NONE:
      return "";
    case QW_RESULT_DRAW:
      if (winner < 0)
        return "和";
      /* A drawn armageddon: black goes through on the draw. */
      if (g->playoff == QW_PLAYOFF_DRAW)
        return won ? "和·加赛和·黑胜" : "和·加赛和·负";
      return won ? "和·加赛胜" : "和·加赛负";
    case QW_RESULT_RED_BY_FORFEIT:
    case QW_RESULT_BLACK_BY_FORFEIT:
      return won ? "胜" : "弃权";
    case QW_RESULT_DOUBLE_FORFEIT:
      return "弃权";
    case QW_RESULT_BYE:
      return "";
    case QW_RESULT_RED_WIN:
    case QW_RESULT_BLACK_WIN:
    default:
      return won ? "胜" : "负";
    }
}

static void
box_line (const Bracket *b,
          QwPage        *page,
          const QwBox   *line,
          const char    *name,
          const char    *mark,
          gboolean       winner)
{
  QwTextStyle left = _qw_text_style (QW_FONT_SANS, BOX_FONT, QW_ALIGN_LEFT);
  QwTextStyle right = _qw_text_style (QW_FONT_SANS, BOX_FONT - 1, QW_ALIGN_RIGHT);
  double mark_width = *mark != '\0' ? MIN (line->width * 0.4, _qw_canvas_text_width (b->canvas, &right, mark) + 2) : 0;
  QwBox name_box = { line->x + 3, line->y, line->width - mark_width - 6, line->height };
  QwBox mark_box = { line->x + line->width - mark_width - 3, line->y, mark_width, line->height };

  left.bold = winner;
  left.min_size = 5;
  right.min_size = 5;
  right.rgb = 0x404040;
  _qw_page_text (b->canvas, page, &left, &name_box, name);
  if (mark_width > 0)
    _qw_page_text (b->canvas, page, &right, &mark_box, mark);
}

static void
draw_slot (const Bracket  *b,
           const Geometry *geo,
           QwPage         *page,
           int             round,
           guint           index)
{
  const Slot *s = &b->slots[round][index];
  double cx = geo->x0 + (round - geo->low) * geo->column;
  double cy = slot_centre (geo, round, index);
  QwBox box = { cx, cy - geo->box_height / 2, geo->box, geo->box_height };
  QwBox upper = { box.x, box.y, box.width, box.height / 2 };
  QwBox lower = { box.x, box.y + box.height / 2, box.width, box.height / 2 };
  const QwPGame *g = s->game >= 0 ? &g_array_index (b->group->games, QwPGame, s->game) : NULL;
  int red, black, winner = slot_winner (b, round, index);
  g_autofree char *red_text = NULL, *black_text = NULL;

  slot_players (b, round, index, &red, &black);
  red_text = side_text (b, red);
  black_text = s->bye || (g != NULL && g->black < 0) ? g_strdup ("（轮空）") : side_text (b, black);
  _qw_page_rect (page, &box, 0.7, 0, 0x000000, FALSE, 0);
  _qw_page_line (page, box.x, cy, box.x + box.width, cy, 0.3, 0, 0x808080);
  box_line (b, page, &upper, red_text, g != NULL ? side_mark (g, TRUE) : "", winner >= 0 && winner == red);
  box_line (b, page, &lower, black_text, g != NULL ? side_mark (g, FALSE) : "",
            winner >= 0 && winner == black && !s->bye);

  /* The connector to the next round's box. */
  if (round < geo->high || round < b->rounds)
    {
      double x1 = box.x + box.width, xm = cx + geo->column - (geo->column - geo->box) / 2;
      double parent = round < geo->high ? slot_centre (geo, round + 1, index / 2) : cy;

      _qw_page_line (page, x1, cy, xm, cy, 0.7, 0, 0x000000);
      _qw_page_line (page, xm, cy, xm, parent, 0.7, 0, 0x000000);
      _qw_page_line (page, xm, parent, cx + geo->column, parent, 0.7, 0, 0x000000);
    }
}

static const char *
round_name (int round,
            int rounds,
            char buf[32])
{
  if (round == rounds)
    return "决赛";
  if (round == rounds - 1)
    return "半决赛";
  if (round == rounds - 2)
    return "四分之一决赛";
  g_snprintf (buf, 32, "第%d轮", round);
  return buf;
}

static void
draw_champion (const Bracket  *b,
               const Geometry *geo,
               QwPage         *page)
{
  double cx = geo->x0 + (geo->high - geo->low + 1) * geo->column;
  double cy = slot_centre (geo, geo->high, 0);
  QwBox box = { cx, cy - geo->box_height / 2, geo->box, geo->box_height };
  QwBox label = { box.x, box.y - 18, box.width, 16 };
  QwBox name = { box.x + 3, box.y, box.width - 6, box.height };
  QwTextStyle label_style = _qw_text_style (QW_FONT_SANS, 11, QW_ALIGN_CENTER);
  QwTextStyle name_style = _qw_text_style (QW_FONT_SANS, 12, QW_ALIGN_CENTER);
  g_autofree char *text = side_text (b, slot_winner (b, b->rounds, 0));

  label_style.bold = TRUE;
  label_style.rgb = 0x8b0000;
  name_style.bold = TRUE;
  name_style.min_size = 6;
  _qw_page_line (page, cx - (geo->column - geo->box), cy, cx, cy, 0.7, 0, 0x000000);
  _qw_page_rect (page, &box, 1.4, 0, 0x8b0000, FALSE, 0);
  _qw_page_text (b->canvas, page, &label_style, &label, "冠　军");
  _qw_page_text (b->canvas, page, &name_style, &name, text);
}

/* One page: rounds @low … @high of the subtree whose round-@high slot is @root. */
static void
draw_part (const Bracket *b,
           QwFrame       *frame,
           int            low,
           int            high,
           guint          root)
{
  QwTextStyle head = _qw_text_style (QW_FONT_SANS, 10.5, QW_ALIGN_CENTER);
  gboolean champion = high == b->rounds;
  int columns = high - low + 1 + (champion ? 1 : 0);
  double width = frame->right - frame->left;
  guint leaves = 1u << (high - low);
  Geometry geo;
  char buf[32];

  geo.x0 = frame->left;
  geo.column = width / (columns - 0.15);
  geo.box = geo.column * 0.82;
  geo.top = frame->y + 22;
  geo.height = frame->bottom - geo.top - 4;
  geo.box_height = MIN (2 * (BOX_FONT * 1.5 + 3), geo.height / leaves * 0.86);
  geo.low = low;
  geo.high = high;
  geo.first = root << (high - low);

  head.bold = TRUE;
  for (int r = low; r <= high; r++)
    {
      QwBox box = { geo.x0 + (r - low) * geo.column, frame->y, geo.box, 18 };

      _qw_page_text (b->canvas, frame->page, &head, &box, round_name (r, b->rounds, buf));
      for (guint i = root << (high - r); i < (root + 1) << (high - r); i++)
        draw_slot (b, &geo, frame->page, r, i);
    }
  if (champion)
    draw_champion (b, &geo, frame->page);
}

/* When the games are not a tree: each round as a list. */
static void
draw_lists (const Bracket *b,
            QwFrame       *frame)
{
  static const QwColumn columns[] = {
    { "轮次", NULL, 1, QW_ALIGN_CENTER, 1 },
    { "台号", NULL, 1, QW_ALIGN_CENTER, 1 },
    { "红方", NULL, 4, QW_ALIGN_LEFT, 1 },
    { "结果", NULL, 2.4, QW_ALIGN_CENTER, 1 },
    { "黑方", NULL, 4, QW_ALIGN_LEFT, 1 },
  };
  g_autoptr(QwTable) table = _qw_table_new (columns, G_N_ELEMENTS (columns), 10);
  QwTextStyle note = _qw_text_style (QW_FONT_SANS, 9.5, QW_ALIGN_LEFT);

  _qw_frame_paragraph (frame, &note, "注：本组对阵与标准淘汰表的树形关系不一致（可能经过人工调整），以下按轮次列出。");
  _qw_frame_space (frame, 4);
  for (guint i = 0; i < b->group->games->len; i++)
    {
      const QwPGame *g = &g_array_index (b->group->games, QwPGame, i);
      g_autofree char *round = g_strdup_printf ("%d", g->round);
      g_autofree char *board = g_strdup_printf ("%d", g->board);
      g_autofree char *red = side_text (b, g->red);
      g_autofree char *black = g->black >= 0 ? side_text (b, g->black) : g_strdup ("（轮空）");
      g_autofree char *result = g_strdup_printf ("%s / %s", side_mark (g, TRUE), side_mark (g, FALSE));
      const char *row[] = { round, board, red, g->result == QW_RESULT_NONE ? "" : result, black };

      _qw_table_add_row (table, row, 0);
    }
  _qw_table_emit (table, frame);
}

static void
render_group (QwCanvas       *canvas,
              const QwPModel *model,
              const QwPGroup *group,
              QwFrame        *frame)
{
  g_autofree char *title = g_strdup_printf ("%s 淘汰赛对阵图", group->name);
  g_autofree char *subtitle = _qw_event_subtitle (model->event);
  Bracket b = { canvas, model, group,
                rounds_for_players (group->draw->len >= 2 ? group->draw->len : group->players->len) };

  _qw_frame_start (frame, title, subtitle);
  if (group->system != QW_SYSTEM_KNOCKOUT)
    {
      _qw_frame_notice (frame, "本组不采用淘汰制，没有淘汰赛对阵图。");
      return;
    }
  if (group->players->len < 2)
    {
      _qw_frame_notice (frame, group->players->len == 0 ? "本组暂无棋手。" : "本组只有一名棋手，无需对阵。");
      return;
    }
  if (group->games->len == 0)
    {
      _qw_frame_notice (frame, "本组尚未编排对阵。");
      return;
    }
  b.slots = g_new0 (Slot *, b.rounds + 1);
  for (int r = 1; r <= b.rounds; r++)
    {
      b.slots[r] = g_new (Slot, slots_in_round (&b, r));
      for (guint i = 0; i < slots_in_round (&b, r); i++)
        b.slots[r][i] = (Slot) { -1, -1, -1, FALSE };
    }
  if (!(group->draw->len >= 2 ? build_from_draw (&b) : build_tree (&b)))
    draw_lists (&b, frame);
  else if (b.rounds <= PAGE_DEPTH)
    draw_part (&b, frame, 1, b.rounds, 0);
  else
    {
      /* Pages of PAGE_DEPTH rounds, then the rest from their winners on. */
      guint parts = 1u << (b.rounds - PAGE_DEPTH);

      for (guint p = 0; p < parts; p++)
        {
          if (p > 0)
            _qw_frame_continue (frame);
          draw_part (&b, frame, 1, PAGE_DEPTH, p);
        }
      _qw_frame_continue (frame);
      draw_part (&b, frame, PAGE_DEPTH, b.rounds, 0);
    }
  for (int r = 1; r <= b.rounds; r++)
    g_free (b.slots[r]);
  g_free (b.slots);
}

static void
render_bracket (QwCanvas       *canvas,
                const QwPModel *model,
                gconstpointer   data)
{
  QwFrame frame;

  _qw_frame_init (&frame, canvas, model->header);
  for (guint i = 0; i < model->groups->len; i++)
    render_group (canvas, model, g_ptr_array_index (model->groups, i), &frame);
  _qw_frame_clear (&frame);
}

/* The kinds' table (qw-print-kinds.c) lists this. */
const QwPrintRenderer _qw_print_bracket_renderer = { .render = render_bracket };
