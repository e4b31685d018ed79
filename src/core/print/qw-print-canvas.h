/* qw-print-canvas.h: the primitives under every printed document
 *
 * A QwCanvas is a stack of pages for one paper size. Each page is a list of
 * drawing operations (text, lines, rectangles, circles); every piece of text
 * is measured and fitted into its box when it is added (shrunk, wrapped, and
 * only as a last resort ellipsized: text never leaves its box), so that
 * replaying a page onto any cairo_t shows exactly what was measured. The
 * fonts (family lists per role, after looking at what is installed) and the
 * papers (qw-print.h) live here too.
 *
 * The renderers draw onto a canvas; they know nothing of the QwPrintout that
 * owns it. Private to src/core/print/.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "qw-print.h"

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
  const char * const *keep;   /* nullable, NULL-terminated: words never broken across lines (place
                               * names: a line may break between 惠东县 and 白花镇, not inside
                               * 白花镇); the text shrinks instead */
} QwTextStyle;

typedef struct
{
  double x;
  double y;
  double width;
  double height;
} QwBox;

typedef struct _QwCanvas QwCanvas;
typedef struct _QwPage QwPage;

/* Fonts */
const char *_qw_font_family            (QwFontRole         role);
QwTextStyle _qw_text_style             (QwFontRole         font,
                                        double             size,
                                        QwAlign            align);

/* The canvas */
QwCanvas   *_qw_canvas_new             (double             width,
                                        double             height);
void        _qw_canvas_free            (QwCanvas          *canvas);
void        _qw_canvas_reset           (QwCanvas          *canvas,
                                        double             width,
                                        double             height);
double      _qw_canvas_width           (QwCanvas          *canvas);
double      _qw_canvas_height          (QwCanvas          *canvas);
guint       _qw_canvas_n_pages         (QwCanvas          *canvas);
QwPage     *_qw_canvas_page            (QwCanvas          *canvas,
                                        guint              index);
QwPage     *_qw_canvas_add_page        (QwCanvas          *canvas,
                                        gboolean           numbered);
guint       _qw_canvas_missing_glyphs  (QwCanvas          *canvas);

/* Measuring text at a style's full size */
double      _qw_canvas_line_height     (QwCanvas          *canvas,
                                        const QwTextStyle *style);
double      _qw_canvas_text_width      (QwCanvas          *canvas,
                                        const QwTextStyle *style,
                                        const char        *text);
int         _qw_canvas_lines_needed    (QwCanvas          *canvas,
                                        const QwTextStyle *style,
                                        double             width,
                                        const char        *text);

/* Page operations */
gboolean    _qw_page_is_numbered       (QwPage            *page);
void        _qw_page_text              (QwCanvas          *canvas,
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
void        _qw_page_last_screen_only  (QwPage            *page);

void        _qw_page_qr                (QwPage            *page,
                                        double             x,
                                        double             y,
                                        double             size,
                                        const char        *text);

/* Replaying pages */
void        _qw_canvas_draw_page       (QwCanvas          *canvas,
                                        cairo_t           *cr,
                                        guint              page);
void        _qw_canvas_foreach_text    (QwCanvas          *canvas,
                                        guint              page,
                                        QwPrintTextFunc    func,
                                        gpointer           user_data);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (QwCanvas, _qw_canvas_free)

G_END_DECLS
