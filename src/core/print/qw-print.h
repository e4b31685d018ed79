/* qw-print.h: the printed documents of a stop, drawn with cairo and Pango
 *
 * A QwPrintout is one document (all pairing sheets of a round, all
 * certificates, …) laid out for one page size. It knows its page count and
 * draws any page onto any cairo_t, so the same object serves PDF export, PNG
 * previews and GtkPrintOperation:
 *
 *   begin-print:  qw_printout_set_page_size (p, context width, context height);
 *                 gtk_print_operation_set_n_pages (op, qw_printout_get_n_pages (p));
 *   draw-page:    qw_printout_draw_page (p, gtk_print_context_get_cairo_context (ctx), page_nr);
 *
 * with gtk_print_operation_set_use_full_page (op, TRUE) and
 * gtk_print_operation_set_unit (op, GTK_UNIT_POINTS): the printout draws its
 * own margins, in points, from the paper's corner.
 *
 * No GTK here. Chinese text goes through Pango with a CJK font (Noto Sans or
 * Serif CJK SC; a 楷体 on certificates where one is installed).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>
#include <glib-object.h>

#include "qw-desk-settings.h"
#include "qw-event.h"
#include "qw-final.h"
#include "qw-game.h"
#include "qw-ruleset.h"
#include "qw-seeding.h"
#include "qw-standings.h"

G_BEGIN_DECLS

typedef enum
{
  QW_PAPER_DEFAULT = 0,     /* the document's usual paper */
  QW_PAPER_A4_PORTRAIT,
  QW_PAPER_A4_LANDSCAPE,
  QW_PAPER_A3_PORTRAIT,
  QW_PAPER_A3_LANDSCAPE,
} QwPaper;

typedef enum
{
  QW_PRINT_PAIRINGS = 0,    /* 对阵表 */
  QW_PRINT_SLIPS,           /* 记分单 */
  QW_PRINT_STANDINGS,       /* 成绩表 */
  QW_PRINT_CROSSTABLE,      /* 交叉表 (round robin) */
  QW_PRINT_BRACKET,         /* 淘汰赛对阵图 (knockout) */
  QW_PRINT_CERTIFICATES,    /* 棋王证书: each group's champion */
  QW_PRINT_AWARDS,          /* 奖状: places 1 to 8 */
  QW_PRINT_BOOKLET,         /* 秩序册: cover, information, group lists, round-1 pairings */
  QW_PRINT_CHECKIN,         /* 签到表: each group's players with a box to sign */
  QW_PRINT_SEEDING,         /* 种子排序表: the starting-rank list, with the draw method and lottery seed */
  QW_PRINT_PRIZES,          /* 奖金名单: the final's prize list (region/qw-final.h), with its totals */
  QW_PRINT_GRADES,          /* 技术等级申报表: each group's places for the grade application (private) */
  QW_N_PRINT_KINDS
} QwPrintKind;

/* One group (section) as the printers see it. Nothing is copied until
 * qw_printout_new() reads it; the printout keeps its own copy. */
typedef struct
{
  const QwSection *section;     /* the group's name and system, its settings' tie-break chain */
  GPtrArray       *entries;     /* (element-type QwEntry) the group's entries, by 序号 */
  GPtrArray       *games;       /* (element-type QwGame) every round's games; may be NULL */
  GPtrArray       *standings;   /* (element-type QwStandingRow) ranked; may be NULL */
  GPtrArray       *absences;    /* (element-type QwAbsence) 请假 and late entries' missed rounds; may be NULL */
  const QwSeeding *seeding;     /* the starting-rank list (qw_tournament_seeding()), for the seeding kind;
                                 * may be NULL: the kind then says the list is not available */
  GPtrArray       *gate;        /* (element-type QwGateItem) the group's problems before pairing
                                 * (qw_pair_gate_list()): the starting-rank list marks the
                                 * players a blocking problem keeps out; may be NULL */
  gboolean         provisional; /* certificates, awards: the group has not finished; its
                                 * certificates say 成绩未确定 and carry no verification code */
} QwPrintGroup;

typedef struct
{
  const QwEvent   *event;       /* the official name heads every page */
  const QwRuleset *ruleset;     /* scoring, group categories, the champion's title */
  GPtrArray       *groups;      /* (element-type QwPrintGroup) in print order */
  int              round;       /* pairings and slips: 0 = each group's latest paired round */
  int              max_place;   /* awards: the last place that gets a 奖状 (0 = 8) */
  const char      *template_path; /* certificates, awards: NULL = data/certificates/<kind>.xml */
  double           offset_x_mm; /* certificates, awards: added to the template's offsets */
  double           offset_y_mm;
  QwPaper          paper;       /* QW_PAPER_DEFAULT: the kind's usual paper */
  const QwFinalResults *prizes; /* prizes: the final's prize list (qw_final_results_compute());
                                 * NULL: the sheet says there is none */
  QwListOrder      list_order;  /* booklet: the order of each group's players (by 序号 when 0) */
  const char      *site_url;    /* the public pages ("http://…/"): QR codes on pairing sheets and
                                 * standings; NULL: none */
  GHashTable      *certificate_codes; /* certificates, awards: "group\tno\tplace" → verification
                                 * code (region/qw-certificate-code.h); NULL: none */
} QwPrintRequest;

/* What was measured for one piece of text as it is drawn, for checks. */
typedef struct
{
  const char *text;
  const char *family;           /* the family list given to Pango */
  double      size;             /* the font size used, in points (after shrinking) */
  double      box[4];           /* x, y, width, height: the cell the text must stay in */
  double      logical[4];       /* the layout's logical extents on the page */
  double      ink[4];           /* its ink extents on the page */
  int         lines;
  const char *wrapped;          /* @text as laid out, with "\n" where a line breaks */
  gboolean    ellipsized;       /* the text did not fit even at its smallest size */
  int         unknown_glyphs;   /* characters no installed font could draw (tofu) */
} QwPrintTextInfo;

typedef void (*QwPrintTextFunc) (const QwPrintTextInfo *info,
                                 gpointer               user_data);

#define QW_TYPE_PRINTOUT (qw_printout_get_type ())

G_DECLARE_FINAL_TYPE (QwPrintout, qw_printout, QW, PRINTOUT, GObject)

const char  *qw_print_kind_to_code      (QwPrintKind  kind);    /* "pairings", … "booklet" */
gboolean     qw_print_kind_from_code    (const char  *code,
                                         QwPrintKind *out);
const char  *qw_print_kind_to_chinese   (QwPrintKind  kind);    /* "对阵表", … */
/* "a4", "a4-landscape", "a3", "a3-landscape" (and "default") */
gboolean     qw_paper_from_code         (const char  *code,
                                         QwPaper     *out);
QwPaper      qw_print_kind_default_paper (QwPrintKind kind);
/* Whether a document of @ruleset has this kind of printout: the prize list
 * only a final's (qw_ruleset_offers (ruleset, QW_RULESET_FINAL)). */
gboolean     qw_print_kind_offered      (const QwRuleset *ruleset,
                                         QwPrintKind      kind);
void         qw_paper_get_size          (QwPaper      paper,
                                         double      *width,
                                         double      *height);

QwPrintout  *qw_printout_new            (QwPrintKind           kind,
                                         const QwPrintRequest *request,
                                         GError              **error);
QwPrintKind  qw_printout_get_kind       (QwPrintout  *self);
const char  *qw_printout_get_title      (QwPrintout  *self);
void         qw_printout_set_page_size  (QwPrintout  *self,
                                         double       width,
                                         double       height);
void         qw_printout_get_page_size  (QwPrintout  *self,
                                         double      *width,
                                         double      *height);
guint        qw_printout_get_n_pages    (QwPrintout  *self);
void         qw_printout_draw_page      (QwPrintout  *self,
                                         cairo_t     *cr,
                                         guint        page);
guint        qw_printout_get_missing_glyphs (QwPrintout *self);
void         qw_printout_foreach_text   (QwPrintout      *self,
                                         guint            page,
                                         QwPrintTextFunc  func,
                                         gpointer         user_data);

gboolean     qw_print_to_pdf            (QwPrintout  *printout,
                                         const char  *path,
                                         GError     **error);
gboolean     qw_print_to_png            (QwPrintout  *printout,
                                         guint        page,
                                         double       dpi,
                                         const char  *path,
                                         GError     **error);
/* Any image as a PNG file, whole or not at all (base/qw-output.h). */
gboolean     qw_print_write_png         (cairo_surface_t *surface,
                                         const char      *path,
                                         GError         **error);

/* The font families chosen for body text and for certificates, after looking
 * at what is installed (for messages and checks). */
const char  *qw_print_body_family       (void);
const char  *qw_print_kai_family        (void);

G_END_DECLS
