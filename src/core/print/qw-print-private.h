/* qw-print-private.h: the layout layer under the printed documents
 *
 * Three layers, each in its own file:
 *   qw-printout.c      pages as lists of drawing operations; text fitted into
 *                      boxes with Pango (shrink, wrap, and only as a last
 *                      resort ellipsize: text never leaves its box); fonts;
 *                      PDF and PNG output.
 *   qw-print-frame.c   a page with the event's name on top, the document's
 *                      title, page numbers, and tables whose header row
 *                      repeats on every page.
 *   qw-print-model.c   the request's contract structs (QwEntry, QwGame,
 *                      QwStandingRow, …) copied into the plain model below,
 *                      which every renderer reads.
 *
 * Nothing outside src/core/qw-print*.c and qw-certificate.c includes this.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <pango/pangocairo.h>

#include "qw-print.h"
#include "qw-event.h"
#include "qw-game.h"
#include "qw-tiebreak.h"

G_BEGIN_DECLS

/* Points per millimetre */
#define QW_MM (72.0 / 25.4)

typedef enum
{
  QW_FONT_SANS = 0,         /* tables, headers: Noto Sans CJK SC */
  QW_FONT_SERIF,            /* titles of the booklet: Noto Serif CJK SC */
  QW_FONT_KAI,              /* certificates: a 楷体, else the serif */
  QW_N_FONT_ROLES
} QwFontRole;

typedef enum
{
  QW_ALIGN_LEFT = 0,
  QW_ALIGN_CENTER,
  QW_ALIGN_RIGHT,
} QwAlign;

typedef enum
{
  QW_VALIGN_MIDDLE = 0,
  QW_VALIGN_TOP,
  QW_VALIGN_BOTTOM,
} QwVAlign;

typedef struct
{
  QwFontRole  font;
  const char *family;       /* overrides the role's family list when set (templates) */
  double      size;         /* points */
  double      min_size;     /* shrink no further before ellipsizing; 0: 60 % of size */
  gboolean    bold;
  QwAlign     align;
  QwVAlign    valign;
  int         max_lines;    /* 1: one line, shrinking; more: may wrap to that many */
  guint32     rgb;          /* 0xRRGGBB */
  double      letter_spacing; /* points */
  double      line_spacing;   /* baseline distance as a factor of the line height; 0: the font's */
} QwTextStyle;

typedef struct
{
  double x;
  double y;
  double width;
  double height;
} QwBox;

typedef struct _QwPage QwPage;

/* qw-printout.c: pages and drawing operations */
QwPage     *_qw_printout_add_page      (QwPrintout        *self,
                                        gboolean           numbered);
guint       _qw_printout_page_count    (QwPrintout        *self);
QwPage     *_qw_printout_page          (QwPrintout        *self,
                                        guint              index);
gboolean    _qw_page_is_numbered       (QwPage            *page);
double      _qw_printout_width         (QwPrintout        *self);
double      _qw_printout_height        (QwPrintout        *self);
void        _qw_page_text              (QwPrintout        *self,
                                        QwPage            *page,
                                        const QwTextStyle *style,
                                        const QwBox       *box,
                                        const char        *text);
void        _qw_page_line              (QwPage            *page,
                                        double             x0,
                                        double             y0,
                                        double             x1,
                                        double             y1,
                                        double             width,
                                        double             dash,
                                        guint32            rgb);
void        _qw_page_rect              (QwPage            *page,
                                        const QwBox       *box,
                                        double             line_width,
                                        double             dash,
                                        guint32            stroke_rgb,
                                        gboolean           fill,
                                        guint32            fill_rgb);
void        _qw_page_circle            (QwPage            *page,
                                        double             cx,
                                        double             cy,
                                        double             radius,
                                        double             line_width,
                                        double             dash,
                                        guint32            rgb);
double      _qw_printout_line_height   (QwPrintout        *self,
                                        const QwTextStyle *style);
double      _qw_printout_text_width    (QwPrintout        *self,
                                        const QwTextStyle *style,
                                        const char        *text);
int         _qw_printout_lines_needed  (QwPrintout        *self,
                                        const QwTextStyle *style,
                                        double             width,
                                        const char        *text);
const char *_qw_font_family            (QwFontRole         role);

/* The plain model every renderer reads (qw-print-model.c). */
typedef struct
{
  gint64    id;
  int       no;             /* 序号 */
  char     *name;
  char     *unit;
  QwSex     sex;
  char     *grade;
  gboolean  withdrawn;
} QwPPlayer;

typedef struct
{
  int        round;
  int        board;
  int        red;           /* index into the group's players, -1 unknown */
  int        black;         /* -1 for a bye */
  QwResult   result;
  QwPlayoff  playoff;
  gboolean   armageddon;
} QwPGame;

typedef struct
{
  int       round;
  int       opponent_no;    /* 0: bye or not paired */
  char      colour;         /* 'R', 'B' or 0 */
  QwResult  result;
  double    points;
} QwPCell;

typedef struct
{
  int       rank;
  int       player;         /* index into the group's players */
  double    points;
  double    tiebreaks[QW_N_TIEBREAKS];
  GArray   *cells;          /* QwPCell */
  gboolean  withdrawn;
} QwPStanding;

typedef struct
{
  char       *code;
  char       *name;         /* 公开组男子 */
  char       *category;     /* the ruleset's category code: "child", "junior", … or "" */
  QwSystem    system;
  int         rounds;       /* planned */
  gboolean    double_round_robin;
  GArray     *tiebreaks;    /* QwTiebreak, the chain */
  GPtrArray  *players;      /* QwPPlayer, by 序号 */
  GArray     *games;        /* QwPGame, by round then board */
  GPtrArray  *standings;    /* QwPStanding, ranked; empty when none was given */
  GArray     *draw;         /* int player indices in drawing order (knockout seeds); may be empty */
  GHashTable *by_id;        /* entry id → player index + 1 */
} QwPGroup;

typedef struct
{
  QwEvent    *event;
  QwRuleset  *ruleset;
  char       *header;       /* the official name, for page headers */
  GPtrArray  *groups;       /* QwPGroup */
  int         round;
  int         max_place;
  struct _QwCertificateTemplate *template; /* certificates and awards */
} QwPModel;

QwPModel   *_qw_pmodel_new             (const QwPrintRequest *request);
void        _qw_pmodel_free            (QwPModel             *model);
int         _qw_pgroup_last_round      (const QwPGroup       *group);
const QwPPlayer *_qw_pgroup_player     (const QwPGroup       *group,
                                        int                   index);
void        _qw_pgame_points           (const QwPModel       *model,
                                        const QwPGame        *game,
                                        double               *red,
                                        double               *black);
double      _qw_pgroup_points_before   (const QwPModel       *model,
                                        const QwPGroup       *group,
                                        int                   player,
                                        int                   round);
char       *_qw_format_points          (double                points);
char       *_qw_event_subtitle         (const QwEvent        *event);

/* qw-print-frame.c: page frames, paragraphs and tables */
typedef struct
{
  QwPrintout *out;
  QwPage     *page;
  const char *header;       /* the event's name, on top of every page */
  char       *title;        /* the document's title, repeated with （续） */
  char       *subtitle;
  double      left;
  double      right;
  double      top;          /* below the titles */
  double      bottom;
  double      y;            /* the cursor */
} QwFrame;

void        _qw_frame_init             (QwFrame     *frame,
                                        QwPrintout  *out,
                                        const char  *header);
void        _qw_frame_clear            (QwFrame     *frame);
void        _qw_frame_start            (QwFrame     *frame,
                                        const char  *title,
                                        const char  *subtitle);
void        _qw_frame_continue         (QwFrame     *frame);
void        _qw_frame_ensure           (QwFrame     *frame,
                                        double       height);
void        _qw_frame_paragraph        (QwFrame     *frame,
                                        const QwTextStyle *style,
                                        const char  *text);
void        _qw_frame_space            (QwFrame     *frame,
                                        double       height);
void        _qw_frame_notice           (QwFrame     *frame,
                                        const char  *text);
void        _qw_printout_number_pages  (QwPrintout  *out);
QwTextStyle _qw_text_style             (QwFontRole   font,
                                        double       size,
                                        QwAlign      align);

typedef struct
{
  const char *title;
  const char *group;        /* a header spanning consecutive columns, or NULL */
  double      weight;       /* share of the table's width */
  QwAlign     align;
  int         max_lines;    /* 1: shrink only; 2: may wrap */
} QwColumn;

typedef enum
{
  QW_ROW_BOLD   = 1 << 0,
  QW_ROW_SHADED = 1 << 1,
} QwRowFlags;

typedef struct _QwTable QwTable;

QwTable    *_qw_table_new              (const QwColumn *columns,
                                        guint           n_columns,
                                        double          font_size);
void        _qw_table_add_row          (QwTable        *table,
                                        const char * const *cells,
                                        guint           flags);
void        _qw_table_set_caption      (QwTable        *table,
                                        const char     *caption);
void        _qw_table_shade_cell       (QwTable        *table,
                                        guint           column);
guint       _qw_table_n_rows           (QwTable        *table);
void        _qw_table_emit             (QwTable        *table,
                                        QwFrame        *frame);
void        _qw_table_free             (QwTable        *table);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (QwTable, _qw_table_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (QwPModel, _qw_pmodel_free)

/* The renderers: each lays out its whole document into @out. */
void        _qw_render_pairings        (QwPrintout *out, const QwPModel *model);
void        _qw_render_slips           (QwPrintout *out, const QwPModel *model);
void        _qw_render_standings       (QwPrintout *out, const QwPModel *model);
void        _qw_render_crosstable      (QwPrintout *out, const QwPModel *model);
void        _qw_render_bracket         (QwPrintout *out, const QwPModel *model);
void        _qw_render_booklet         (QwPrintout *out, const QwPModel *model);
/* Certificates and awards: model->template (qw-certificate.c). */
void        _qw_render_certificates    (QwPrintout *out, const QwPModel *model);
void        _qw_render_awards          (QwPrintout *out, const QwPModel *model);

/* Shared by the pairing sheet and the booklet (qw-print-games.c). */
void        _qw_emit_pairings_table    (QwFrame *frame, const QwPModel *model,
                                        const QwPGroup *group, int round,
                                        gboolean with_results, const char *caption);

G_END_DECLS
