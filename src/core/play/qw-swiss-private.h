/* qw-swiss-private.h: what the files of the Swiss engine share (play/ only)
 *
 *   qw-swiss-graph.c       the players, the compatibility graph, Edmonds'
 *                          blossom search and the certificate matching
 *   qw-swiss-boards.c      colours, boards and the explanations
 *   qw-swiss-unpairable.c  why no valid pairing exists
 *   qw-swiss.c             the bye, the score groups, round 1, the entry
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <string.h>

#include "qw-swiss.h"

G_BEGIN_DECLS

#define CAN_RED   1
#define CAN_BLACK 2

#define DEFAULT_MAX_RUN        2
#define DEFAULT_MAX_DIFFERENCE 2

/* How many names an unpairable message lists before "…". */
#define MAX_NAMES 8

typedef struct
{
  const QwSwissPlayer  *players;
  int                   n;          /* real players */
  int                   bye;        /* the bye vertex (index n) when n is odd, else -1 */
  int                   nv;         /* vertices: n, plus the bye vertex */
  const QwSwissOptions *options;
  int                   max_run;
  int                   max_diff;

  /* Per vertex. */
  guint8               *can;        /* CAN_RED | CAN_BLACK under the hard limits */
  signed char          *due;        /* colour preference: +1 red, -1 black, 0 none */
  guint8               *strength;   /* 2: imbalance, 1: alternation, 0: none */
  int                  *met_start;  /* met[met_start[v] .. met_start[v+1]) sorted */
  int                  *met;
  int                  *number;     /* 序号 */
  int                  *start_rank; /* place in the starting-rank list, from 1 */

  /* Matchings. */
  guint8               *free;       /* not yet committed */
  int                  *mstar;      /* a perfect matching of the free vertices */
  int                  *partner;    /* the pairing being built; for the bye vertex's mate, bye */

  /* Blossom search workspace. */
  int                  *base;       /* union-find: the blossom a vertex lies in */
  int                  *merged;     /* bases merged by the current contraction */
  int                  *parent;
  int                  *queue;
  guint8               *outer;
  guint                *mark;
  guint                *tag;        /* stamps for candidate filters */
  guint                 stamp;

  int                  *flist;      /* the free vertices, rebuilt per score group */
  int                   flen;
  guint8               *in_group;
} Engine;

static inline gboolean
has_met (const Engine *e,
         int           u,
         int           v)
{
  const int *a = e->met + e->met_start[u];
  int len = e->met_start[u + 1] - e->met_start[u];
  int lo = 0;
  int hi = len;

  if (len <= 8)
    {
      for (int i = 0; i < len; i++)
        if (a[i] == v)
          return TRUE;
      return FALSE;
    }
  while (lo < hi)
    {
      int mid = (lo + hi) / 2;

      if (a[mid] == v)
        return TRUE;
      if (a[mid] < v)
        lo = mid + 1;
      else
        hi = mid;
    }
  return FALSE;
}

static inline gboolean
colours_fit (const Engine *e,
             int           u,
             int           v)
{
  return ((e->can[u] & CAN_RED) && (e->can[v] & CAN_BLACK))
         || ((e->can[v] & CAN_RED) && (e->can[u] & CAN_BLACK));
}

/* An edge of the graph: the two may meet this round under every hard rule. */
static inline gboolean
compatible (const Engine *e,
            int           u,
            int           v)
{
  if (u == v)
    return FALSE;
  if (u == e->bye)
    return !e->players[v].had_bye;
  if (v == e->bye)
    return !e->players[u].had_bye;
  if (!colours_fit (e, u, v))
    return FALSE;
  return !has_met (e, u, v);
}

static inline gboolean
fits (const Engine *e,
      int           red,
      int           black)
{
  return (e->can[red] & CAN_RED) && (e->can[black] & CAN_BLACK);
}

static inline gboolean
same_unit (const Engine *e,
           int           u,
           int           v)
{
  return e->players[u].unit >= 0 && e->players[u].unit == e->players[v].unit;
}

/* Why a pair's colours are as they are, for its explanation. */
typedef enum
{
  WHY_ONLY_WAY,      /* the hard limits allow one assignment only */
  WHY_BALANCE,
  WHY_FEWER_REDS,
  WHY_SEQUENCE,
  WHY_PARITY,
  WHY_BOARD,         /* round 1: board parity */
} ColourWhy;

/* qw-swiss-graph.c */

int      _qw_swiss_colour_run        (const QwSwissPlayer *p);
gboolean _qw_swiss_may_play_red      (const Engine        *e,
                                      const QwSwissPlayer *p);
gboolean _qw_swiss_may_play_black    (const Engine        *e,
                                      const QwSwissPlayer *p);
gboolean _qw_swiss_engine_init       (Engine               *e,
                                      const QwSwissPlayer  *players,
                                      guint                 n,
                                      const QwSwissOptions *options,
                                      GError              **error);
void     _qw_swiss_engine_clear      (Engine *e);
guint    _qw_swiss_next_stamp        (Engine *e);
int      _qw_swiss_search            (Engine       *e,
                                      const int    *list,
                                      int           len,
                                      const guint8 *member,
                                      int          *mate,
                                      int           root,
                                      guint         reject,
                                      const guint8 *upper);
void     _qw_swiss_augment           (Engine *e,
                                      int    *mate,
                                      int     end);
void     _qw_swiss_rebuild_free_list (Engine *e);
int      _qw_swiss_maximum_matching  (Engine *e);
gboolean _qw_swiss_try_commit        (Engine *e,
                                      int     u,
                                      int     v);
guint    _qw_swiss_safe_partners     (Engine *e,
                                      int     u);

/* qw-swiss-boards.c */

char    *_qw_swiss_limit_reason      (const Engine        *e,
                                      const QwSwissPlayer *p,
                                      gboolean             red);
char    *_qw_swiss_explain_pair      (const Engine *e,
                                      int           red,
                                      int           black,
                                      ColourWhy     why,
                                      const char   *lead);
void     _qw_swiss_append_pair       (QwSwissResult *out,
                                      int            red,
                                      int            black,
                                      char          *explain);
void     _qw_swiss_emit_boards       (const Engine  *e,
                                      int            bye_player,
                                      gboolean       passed_over,
                                      QwSwissResult *out);

/* qw-swiss-unpairable.c */

void     _qw_swiss_explain_failure   (Engine        *e,
                                      QwSwissResult *out);

G_END_DECLS
