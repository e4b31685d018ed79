/* qw-trf.h: FIDE Tournament Report Files (TRF-16 and TRF-2026)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "qw-file.h"
#include "qw-game.h"

G_BEGIN_DECLS

/* Files larger than QW_TRF_MAX_BYTES (qw-file.h, with the other limits)
 * are not a tournament report. */
#define QW_TRF_MAX_PLAYERS  9999
#define QW_TRF_MAX_ROUNDS   99

/* One round of one player, as its 10-column block in the 001 line. */
typedef struct
{
  int  opponent;  /* the opponent's start rank; 0 for none ("0000" or blank) */
  char colour;    /* 'w' (white, who moves first: red), 'b' (black), '-' or ' ' (none) */
  char result;    /* the code as written: 1 = 0 (played), W D L (played, under one move),
                   * + - (forfeit won / lost), H F U Z (half, full, pairing-allocated,
                   * zero-point bye), ' ' (not paired) */
} QwTrfRound;

typedef struct
{
  int     start_rank;    /* 5-8 */
  char    sex;           /* 10: 'm', 'w' or ' ' */
  char   *title;         /* 11-13: "GM", "WIM", … or "" */
  char   *name;          /* 15-47: "Lastname, Firstname" */
  int     rating;        /* 49-52; 0 for none */
  char   *federation;    /* 54-56 */
  char   *fide_id;       /* 58-68 */
  char   *birth;         /* 70-79: "YYYY/MM/DD" as written, or "" */
  int     points10;      /* 81-84: points × 10 ("11.5" is 115) */
  int     rank;          /* 86-89; 0 for none */
  GArray *rounds;        /* QwTrfRound; index 0 is round 1 */
} QwTrfPlayer;

/* Points of each result under the 162 record (TRF-2026), × 10. */
typedef struct
{
  int win;     /* W: win, forfeit win, full-point bye (default 1.0) */
  int draw;    /* D: draw, half-point bye (0.5) */
  int loss;    /* L: loss (0.0) */
  int absent;  /* A (Z in bbpPairings): zero-point bye, forfeit loss (0.0) */
  int pab;     /* P: pairing-allocated bye (the win's value) */
} QwTrfPoints;

typedef struct
{
  char       *name;            /* 012 */
  char       *city;            /* 022 */
  char       *federation;      /* 032 */
  char       *start_date;      /* 042 */
  char       *end_date;        /* 052 */
  int         n_players;       /* 062; 0 when absent */
  int         n_rated;         /* 072; 0 when absent */
  char       *type;            /* 092 */
  char       *chief_arbiter;   /* 102 */
  GPtrArray  *deputies;        /* 112, one line each: char * */
  char       *time_per_game;   /* 122 */
  GPtrArray  *round_dates;     /* 132: char * "YY/MM/DD" per round */
  int         n_rounds;        /* 142 or XXR; 0 when absent */
  char        initial_colour;  /* 152: 'W', 'B' or '\0' */
  gboolean    has_points;      /* a 162 record was read, or is to be written */
  QwTrfPoints points;          /* 162, or FIDE's defaults */
  char       *encoded_type;    /* 192: "FIDE_DUTCH_2026", … */
  char       *time_control;    /* 222: "5400+30", "40/6000+30:900+30" */
  GPtrArray  *players;         /* QwTrfPlayer, in file order */
  GPtrArray  *other_lines;     /* char *: records not read above, kept as written */
} QwTrf;

/* One game or bye, for the games of a round (white is red). */
typedef struct
{
  int      round;   /* from 1 */
  int      red;     /* start rank of white */
  int      black;   /* start rank of black; 0 for a bye */
  QwResult result;  /* QW_RESULT_BYE for a pairing-allocated or full-point bye */
} QwTrfGame;

QwTrf       *qw_trf_new              (void);
void         qw_trf_free             (QwTrf          *trf);
QwTrfPlayer *qw_trf_player_new       (void);
void         qw_trf_player_free      (QwTrfPlayer    *player);
QwTrfPlayer *qw_trf_add_player       (QwTrf          *trf,
                                      int             start_rank,
                                      const char     *name);
QwTrfPlayer *qw_trf_find_player      (const QwTrf    *trf,
                                      int             start_rank);
QwTrfRound  *qw_trf_player_round     (QwTrfPlayer    *player,
                                      int             round);
void         qw_trf_points_default   (QwTrfPoints    *points);

QwTrf       *qw_trf_parse            (const char     *data,
                                      gsize           length,
                                      GError        **error);
QwTrf       *qw_trf_read_file        (const char     *path,
                                      GError        **error);
char        *qw_trf_write            (const QwTrf    *trf);
gboolean     qw_trf_write_file       (const QwTrf    *trf,
                                      const char     *path,
                                      GError        **error);

int          qw_trf_round_points     (const QwTrf       *trf,
                                      const QwTrfRound  *round);
int          qw_trf_player_points    (const QwTrf       *trf,
                                      const QwTrfPlayer *player);
int          qw_trf_n_rounds         (const QwTrf       *trf);
gboolean     qw_trf_set_game         (QwTrf          *trf,
                                      int             round,
                                      int             red,
                                      int             black,
                                      QwResult        result,
                                      GError        **error);
gboolean     qw_trf_set_unpaired     (QwTrf          *trf,
                                      int             round,
                                      int             start_rank,
                                      char            code,
                                      GError        **error);
GArray      *qw_trf_games            (const QwTrf    *trf,
                                      GPtrArray      *warnings);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (QwTrf, qw_trf_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (QwTrfPlayer, qw_trf_player_free)

G_END_DECLS
