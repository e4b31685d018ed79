/* qw-results-file.h: the results file (成绩表) that every stop sends
 *
 * A QwResults is the whole of a stop as the province sees it: the event,
 * its groups with their players, every game and the final standings. It is
 * written to and read from data/schemas/results.xsd files, sealed with a
 * SHA-256 digest (qw-xml-seal.h). Players and games refer to each other by
 * 序号 (no), which is unique within an event.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "qw-desk-settings.h"
#include "qw-entry.h"
#include "qw-event.h"
#include "qw-file.h"
#include "qw-game.h"

G_BEGIN_DECLS

/* The size limit, QW_RESULTS_MAX_BYTES, is in qw-file.h with the others. */

typedef struct
{
  int     round;
  int     board;
  int     red;          /* 序号 */
  int     black;        /* 序号, 0 for a bye */
  char   *result;       /* "2:0", "1:1", "0:2", "+:-", "-:+", "-:-", "bye", "" */
  int     red_fouls;
  int     black_fouls;
  char   *playoff;      /* "", "red", "black", "draw" (a drawn armageddon) */
  gboolean armageddon;
} QwResultsGame;

/* A round a player was not paired in (qw-game.h's QwAbsence): a 请假, or a
 * round a late entry missed before it was admitted, with the points given. */
typedef struct
{
  int            no;    /* 序号 */
  int            round;
  QwAbsenceKind  kind;
  double         points;
} QwResultsAbsence;

typedef struct
{
  int     rank;         /* as printed; shared only when every criterion ties */
  int     no;           /* 序号 */
  double  points;
  GArray *tiebreaks;    /* double, one per tie-break of the group, in order */
} QwResultsStanding;

typedef struct
{
  char      *code;            /* "open-m", a local group's code, or "" for unplaced players */
  char      *name;            /* "公开组男子" */
  char      *system;          /* "swiss", "round-robin", "knockout" */
  int        rounds;
  GStrv      tiebreak_codes;  /* the chain, "opponents", … */
  GStrv      tiebreak_names;  /* "对手分", … */
  GPtrArray *players;         /* QwEntry (group_code = code; no phone) */
  GPtrArray *games;           /* QwResultsGame */
  GArray    *absences;        /* QwResultsAbsence, by round then no */
  GPtrArray *standings;       /* QwResultsStanding, best first */
} QwResultsGroup;

/* A certificate or 奖状 the stop issued (region/qw-certificate-code.h): its
 * verification code and what it certifies. Nothing private: the player is
 * named by 序号 within the group. */
typedef struct
{
  char   *code;         /* 10 characters of Crockford's base32, upper case */
  char   *group;        /* the group's code */
  int     no;           /* 序号 */
  int     place;
  char   *title;        /* "白花镇棋王" for a champion, "第三名" … */
} QwResultsCertificate;

typedef struct
{
  char      *uid;             /* the stop's own id: the same stop exported again keeps it */
  QwEvent   *event;
  GPtrArray *groups;          /* QwResultsGroup */
  gboolean   is_public;       /* ID numbers masked, no dates of birth */
  char      *digest;          /* set when read from or written to a file */
  GPtrArray *certificates;    /* QwResultsCertificate: the verification codes issued */
} QwResults;

QwResults          *qw_results_new             (void);
void                qw_results_free            (QwResults         *results);
QwResultsGroup     *qw_results_group_new       (const char        *code);
void                qw_results_group_free      (QwResultsGroup    *group);
QwResultsGame      *qw_results_game_new        (void);
void                qw_results_game_free       (QwResultsGame     *game);
QwResultsStanding  *qw_results_standing_new    (void);
void                qw_results_standing_free   (QwResultsStanding *standing);
QwResultsCertificate *qw_results_certificate_new  (void);
void                qw_results_certificate_free (QwResultsCertificate *certificate);

int                 qw_results_count_players   (const QwResults   *results);
/* The group's name, else its code. */
const char         *qw_results_group_display_name (const QwResultsGroup *group);
const QwEntry      *qw_results_group_find_player (const QwResultsGroup *group,
                                                  int                   no);

char               *qw_results_to_xml          (const QwResults   *results,
                                                gboolean           public_form,
                                                char             **digest,
                                                GError           **error);
gboolean            qw_results_write_file      (const QwResults   *results,
                                                const char        *path,
                                                gboolean           public_form,
                                                GError           **error);
QwResults          *qw_results_read_memory     (const char        *data,
                                                gsize              length,
                                                const char        *display_name,
                                                GError           **error);
QwResults          *qw_results_read_file       (const char        *path,
                                                GError           **error);
/* A part of a results file read whole: the event (@group NULL) or a group. */
typedef void      (*QwResultsPartFunc)         (QwResults         *results,
                                                QwResultsGroup    *group,
                                                gpointer           user_data);
gboolean            qw_results_read_file_in_parts (const char        *path,
                                                   QwResults         *results,
                                                   QwResultsPartFunc  part_func,
                                                   gpointer           user_data,
                                                   GError           **error);

/* Public standings for posting online: masked ID numbers, no phone, no birth date. */
char               *qw_results_standings_csv   (const QwResults   *results);
char               *qw_results_standings_csv_ordered (const QwResults *results,
                                                      QwListOrder      order);
/* (element-type QwListSheet): the standings workbook, a sheet per group */
GPtrArray          *qw_results_standings_sheets (const QwResults  *results,
                                                 QwListOrder       order);
char               *qw_results_standings_html  (const QwResults   *results);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (QwResults, qw_results_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (QwResultsGroup, qw_results_group_free)

G_END_DECLS
