/* qw-printout.c: pages of drawing operations, text fitted with Pango, output
 *
 * A document is laid out once for a page size: every piece of text is
 * measured and fitted into its box (shrunk, wrapped, and only as a last resort
 * ellipsized), and the result is kept as a list of operations per page. Drawing
 * page N onto a cairo_t replays them, so a PDF, a PNG and the print dialog
 * show exactly what was measured.
 *
 * Measuring happens in our own Pango context at 72 dpi with hinted metrics
 * off, so that one point is one user unit and the widths do not depend on the
 * device the page is finally drawn on.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-print"

#include "config.h"

#include <cairo-pdf.h>
#include <fontconfig/fontconfig.h>
#include <gio/gio.h>
#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "qw-certificate.h"
#include "qw-error.h"
#include "qw-print-private.h"

/* The smallest text ever drawn: below this a box is too small to read, and
 * the text is ellipsized instead of shrunk further. */
#define ABSOLUTE_MIN_SIZE 3.0

typedef enum
{
  OP_TEXT,
  OP_LINE,
  OP_RECT,
  OP_CIRCLE,
} OpKind;

typedef struct
{
  const char     *family;       /* interned */
  double          size;
  gboolean        bold;
  double          letter_spacing;
  double          line_spacing;
  int             width;        /* Pango units, -1: no wrapping */
  int             height;       /* with ellipsizing: -lines */
  gboolean        ellipsize;
  PangoAlignment  alignment;
} LayoutParams;

typedef struct
{
  OpKind        kind;
  guint32       rgb;
  guint32       fill_rgb;
  gboolean      fill;
  double        a, b, c, d;     /* line: x0 y0 x1 y1; rect: x y w h; circle: cx cy r */
  double        line_width;
  double        dash;
  char         *text;
  LayoutParams  params;
  double        ox, oy;         /* where the layout's origin goes */
  QwBox         box;
} Op;

struct _QwPage
{
  GArray   *ops;
  gboolean  numbered;
};

struct _QwPrintout
{
  GObject        parent_instance;

  QwPrintKind    kind;
  QwPModel      *model;
  char          *title;
  double         width;
  double         height;
  GPtrArray     *pages;         /* QwPage */
  PangoContext  *pango;
  PangoLayout   *scratch;       /* reused for measuring */
  GHashTable    *line_heights;  /* "family|size|bold" → double* */
  guint          missing_glyphs;
};

G_DEFINE_FINAL_TYPE (QwPrintout, qw_printout, G_TYPE_OBJECT)

typedef void (*RenderFunc) (QwPrintout *out, const QwPModel *model);

static const struct
{
  const char *code;
  const char *chinese;
  QwPaper     paper;
  RenderFunc  render;
} kinds[QW_N_PRINT_KINDS] = {
  [QW_PRINT_PAIRINGS]     = { "pairings", "对阵表", QW_PAPER_A4_PORTRAIT, _qw_render_pairings },
  [QW_PRINT_SLIPS]        = { "slips", "记分单", QW_PAPER_A4_PORTRAIT, _qw_render_slips },
  [QW_PRINT_STANDINGS]    = { "standings", "成绩表", QW_PAPER_A4_LANDSCAPE, _qw_render_standings },
  [QW_PRINT_CROSSTABLE]   = { "crosstable", "交叉表", QW_PAPER_A4_LANDSCAPE, _qw_render_crosstable },
  [QW_PRINT_BRACKET]      = { "bracket", "淘汰赛对阵图", QW_PAPER_A4_LANDSCAPE, _qw_render_bracket },
  [QW_PRINT_CERTIFICATES] = { "certificates", "棋王证书", QW_PAPER_A4_LANDSCAPE, _qw_render_certificates },
  [QW_PRINT_AWARDS]       = { "awards", "奖状", QW_PAPER_A4_LANDSCAPE, _qw_render_awards },
  [QW_PRINT_BOOKLET]      = { "booklet", "秩序册", QW_PAPER_A4_PORTRAIT, _qw_render_booklet },
};

static const char *paper_codes[] = {
  [QW_PAPER_DEFAULT] = "default",
  [QW_PAPER_A4_PORTRAIT] = "a4",
  [QW_PAPER_A4_LANDSCAPE] = "a4-landscape",
  [QW_PAPER_A3_PORTRAIT] = "a3",
  [QW_PAPER_A3_LANDSCAPE] = "a3-landscape",
};

/* Fonts */

static const char *sans_families[] = {
  "Noto Sans CJK SC", "Source Han Sans SC", "Source Han Sans CN", "WenQuanYi Micro Hei",
  "WenQuanYi Zen Hei", "Droid Sans Fallback", NULL,
};
static const char *serif_families[] = {
  "Noto Serif CJK SC", "Source Han Serif SC", "Source Han Serif CN", "AR PL UMing CN", NULL,
};
static const char *kai_families[] = {
  "KaiTi", "STKaiti", "Kaiti SC", "AR PL UKai CN", "AR PL KaitiM GB", "TW-Kai", NULL,
};

static gboolean
family_installed (const char *family)
{
  FcPattern *pattern = FcPatternBuild (NULL, FC_FAMILY, FcTypeString, family, (char *) NULL);
  FcObjectSet *objects = FcObjectSetBuild (FC_FAMILY, (char *) NULL);
  FcFontSet *set = FcFontList (NULL, pattern, objects);
  gboolean found = set != NULL && set->nfont > 0;

  if (set != NULL)
    FcFontSetDestroy (set);
  FcObjectSetDestroy (objects);
  FcPatternDestroy (pattern);
  return found;
}

static void
add_installed (GString     *list,
               const char **families)
{
  for (guint i = 0; families[i] != NULL; i++)
    if (family_installed (families[i]))
      g_string_append_printf (list, "%s%s", list->len > 0 ? "," : "", families[i]);
}

/* A Pango family list: the installed fonts of the role in order of
 * preference, then the other roles' CJK fonts, then a generic family, so that
 * a missing font falls back to another CJK font rather than to tofu. */
static char *
build_family_list (QwFontRole role)
{
  GString *list = g_string_new (NULL);

  if (role == QW_FONT_KAI)
    add_installed (list, kai_families);
  if (role == QW_FONT_KAI || role == QW_FONT_SERIF)
    add_installed (list, serif_families);
  add_installed (list, sans_families);
  if (role != QW_FONT_SANS)
    add_installed (list, serif_families);
  g_string_append_printf (list, "%s%s", list->len > 0 ? "," : "",
                          role == QW_FONT_SANS ? "sans-serif" : "serif");
  return g_string_free (list, FALSE);
}

const char *
_qw_font_family (QwFontRole role)
{
  static gsize families[QW_N_FONT_ROLES];

  g_return_val_if_fail (role < QW_N_FONT_ROLES, "sans-serif");
  if (g_once_init_enter (&families[role]))
    {
      g_autofree char *list = build_family_list (role);

      g_once_init_leave (&families[role], (gsize) g_intern_string (list));
    }
  return (const char *) families[role];
}

static const char *
first_family (QwFontRole role)
{
  static gsize firsts[QW_N_FONT_ROLES];

  if (g_once_init_enter (&firsts[role]))
    {
      const char *list = _qw_font_family (role);
      const char *comma = strchr (list, ',');
      g_autofree char *first = comma != NULL ? g_strndup (list, comma - list) : g_strdup (list);

      g_once_init_leave (&firsts[role], (gsize) g_intern_string (first));
    }
  return (const char *) firsts[role];
}

const char *
qw_print_body_family (void)
{
  return first_family (QW_FONT_SANS);
}

const char *
qw_print_kai_family (void)
{
  return first_family (QW_FONT_KAI);
}

/* Codes and papers */

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

const char *
qw_paper_to_code (QwPaper paper)
{
  g_return_val_if_fail (paper < G_N_ELEMENTS (paper_codes), NULL);
  return paper_codes[paper];
}

gboolean
qw_paper_from_code (const char *code,
                    QwPaper    *out)
{
  for (guint i = 0; code != NULL && i < G_N_ELEMENTS (paper_codes); i++)
    if (g_ascii_strcasecmp (code, paper_codes[i]) == 0)
      {
        *out = (QwPaper) i;
        return TRUE;
      }
  return FALSE;
}

/* ISO 216 sizes in points: A4 210 × 297 mm, A3 297 × 420 mm. */
void
qw_paper_get_size (QwPaper  paper,
                   double  *width,
                   double  *height)
{
  double a4w = 210 * QW_MM, a4h = 297 * QW_MM, a3h = 420 * QW_MM;

  switch (paper)
    {
    case QW_PAPER_A4_LANDSCAPE:
      *width = a4h, *height = a4w;
      break;
    case QW_PAPER_A3_PORTRAIT:
      *width = a4h, *height = a3h;
      break;
    case QW_PAPER_A3_LANDSCAPE:
      *width = a3h, *height = a4h;
      break;
    case QW_PAPER_DEFAULT:
    case QW_PAPER_A4_PORTRAIT:
    default:
      *width = a4w, *height = a4h;
      break;
    }
}

/* Pages and operations */

static void
op_clear (gpointer data)
{
  Op *op = data;

  g_free (op->text);
}

static void
page_free (gpointer data)
{
  QwPage *page = data;

  g_array_unref (page->ops);
  g_free (page);
}

QwPage *
_qw_printout_add_page (QwPrintout *self,
                       gboolean    numbered)
{
  QwPage *page = g_new0 (QwPage, 1);

  page->ops = g_array_new (FALSE, TRUE, sizeof (Op));
  g_array_set_clear_func (page->ops, op_clear);
  page->numbered = numbered;
  g_ptr_array_add (self->pages, page);
  return page;
}

guint
_qw_printout_page_count (QwPrintout *self)
{
  return self->pages->len;
}

QwPage *
_qw_printout_page (QwPrintout *self,
                   guint       index)
{
  g_return_val_if_fail (index < self->pages->len, NULL);
  return g_ptr_array_index (self->pages, index);
}

gboolean
_qw_page_is_numbered (QwPage *page)
{
  return page->numbered;
}

double
_qw_printout_width (QwPrintout *self)
{
  return self->width;
}

double
_qw_printout_height (QwPrintout *self)
{
  return self->height;
}

void
_qw_page_line (QwPage  *page,
               double   x0,
               double   y0,
               double   x1,
               double   y1,
               double   width,
               double   dash,
               guint32  rgb)
{
  Op op = { .kind = OP_LINE, .a = x0, .b = y0, .c = x1, .d = y1,
            .line_width = width, .dash = dash, .rgb = rgb };

  g_array_append_val (page->ops, op);
}

void
_qw_page_rect (QwPage      *page,
               const QwBox *box,
               double       line_width,
               double       dash,
               guint32      stroke_rgb,
               gboolean     fill,
               guint32      fill_rgb)
{
  Op op = { .kind = OP_RECT, .a = box->x, .b = box->y, .c = box->width, .d = box->height,
            .line_width = line_width, .dash = dash, .rgb = stroke_rgb,
            .fill = fill, .fill_rgb = fill_rgb };

  g_array_append_val (page->ops, op);
}

void
_qw_page_circle (QwPage  *page,
                 double   cx,
                 double   cy,
                 double   radius,
                 double   line_width,
                 double   dash,
                 guint32  rgb)
{
  Op op = { .kind = OP_CIRCLE, .a = cx, .b = cy, .c = radius,
            .line_width = line_width, .dash = dash, .rgb = rgb };

  g_array_append_val (page->ops, op);
}

/* Text */

static void
apply_params (PangoLayout        *layout,
              const LayoutParams *p,
              const char         *text)
{
  PangoFontDescription *desc = pango_font_description_new ();
  PangoAttrList *attrs = NULL;

  pango_font_description_set_family_static (desc, p->family);
  pango_font_description_set_size (desc, (int) lround (p->size * PANGO_SCALE));
  pango_font_description_set_weight (desc, p->bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
  pango_layout_set_font_description (layout, desc);
  pango_font_description_free (desc);
  if (p->letter_spacing != 0)
    {
      attrs = pango_attr_list_new ();
      pango_attr_list_insert (attrs, pango_attr_letter_spacing_new ((int) lround (p->letter_spacing * PANGO_SCALE)));
    }
  pango_layout_set_attributes (layout, attrs);
  if (attrs != NULL)
    pango_attr_list_unref (attrs);
  pango_layout_set_width (layout, p->width);
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_ellipsize (layout, p->ellipsize ? PANGO_ELLIPSIZE_END : PANGO_ELLIPSIZE_NONE);
  pango_layout_set_height (layout, p->ellipsize ? p->height : -1);
  pango_layout_set_alignment (layout, p->alignment);
  pango_layout_set_line_spacing (layout, (float) p->line_spacing);
  pango_layout_set_text (layout, text, -1);
}

static void
logical_size (PangoLayout *layout,
              double      *width,
              double      *height)
{
  PangoRectangle logical;

  pango_layout_get_extents (layout, NULL, &logical);
  *width = (double) logical.width / PANGO_SCALE;
  *height = (double) logical.height / PANGO_SCALE;
}

static LayoutParams
base_params (const QwTextStyle *style,
             double             size)
{
  LayoutParams p = { 0 };

  p.family = style->family != NULL ? g_intern_string (style->family) : _qw_font_family (style->font);
  p.size = size;
  p.bold = style->bold;
  p.letter_spacing = style->letter_spacing;
  p.line_spacing = style->line_spacing;
  p.width = -1;
  p.alignment = style->align == QW_ALIGN_CENTER ? PANGO_ALIGN_CENTER
              : style->align == QW_ALIGN_RIGHT ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT;
  return p;
}

/* Tries @p on the scratch layout: does it fit the box? */
static gboolean
try_fit (QwPrintout         *self,
         const LayoutParams *p,
         const char         *text,
         const QwBox        *box,
         int                 max_lines)
{
  double w, h;

  apply_params (self->scratch, p, text);
  logical_size (self->scratch, &w, &h);
  return w <= box->width + 0.001 && h <= box->height + 0.001
         && pango_layout_get_line_count (self->scratch) <= max_lines;
}

static double
next_size (double size,
           double floor)
{
  double next = size * 0.94;

  return (size > floor && next < floor) ? floor : next;
}

/* Finds the largest way to set @text inside @box: one line at the full size
 * down to 80 %; then wrapped lines down to the style's smallest size; then one
 * line down to the smallest size; then ellipsized at the smallest size (and,
 * when even one line is too tall, smaller still). */
static LayoutParams
fit_text (QwPrintout        *self,
          const QwTextStyle *style,
          const QwBox       *box,
          const char        *text)
{
  double min_size = style->min_size > 0 ? MIN (style->min_size, style->size) : style->size * 0.6;
  double comfort = MAX (min_size, style->size * 0.8);
  int max_lines = MAX (1, style->max_lines);
  LayoutParams p = base_params (style, style->size);

  for (p.size = style->size; p.size >= comfort - 0.001; p.size = next_size (p.size, comfort))
    if (try_fit (self, &p, text, box, 1))
      return p;
  if (max_lines > 1)
    {
      p.width = (int) floor (box->width * PANGO_SCALE);
      for (p.size = style->size; p.size >= min_size - 0.001; p.size = next_size (p.size, min_size))
        if (try_fit (self, &p, text, box, max_lines))
          return p;
      p.width = -1;
    }
  for (p.size = comfort; p.size >= min_size - 0.001; p.size = next_size (p.size, min_size))
    if (try_fit (self, &p, text, box, 1))
      return p;

  p.ellipsize = TRUE;
  p.width = (int) floor (box->width * PANGO_SCALE);
  for (int lines = max_lines; lines >= 1; lines--)
    {
      p.size = min_size;
      p.height = -lines;
      if (try_fit (self, &p, text, box, lines))
        return p;
    }
  p.height = -1;
  for (p.size = min_size; p.size > ABSOLUTE_MIN_SIZE; p.size = next_size (p.size, ABSOLUTE_MIN_SIZE))
    if (try_fit (self, &p, text, box, 1))
      return p;
  p.size = ABSOLUTE_MIN_SIZE;
  return p;
}

static void
place_origin (PangoLayout       *layout,
              const QwTextStyle *style,
              const QwBox       *box,
              gboolean           has_width,
              double            *ox,
              double            *oy)
{
  PangoRectangle logical;
  double lx, ly, lw, lh;

  pango_layout_get_extents (layout, NULL, &logical);
  lx = (double) logical.x / PANGO_SCALE;
  ly = (double) logical.y / PANGO_SCALE;
  lw = (double) logical.width / PANGO_SCALE;
  lh = (double) logical.height / PANGO_SCALE;
  if (has_width)
    *ox = box->x;
  else if (style->align == QW_ALIGN_CENTER)
    *ox = box->x + (box->width - lw) / 2 - lx;
  else if (style->align == QW_ALIGN_RIGHT)
    *ox = box->x + box->width - lw - lx;
  else
    *ox = box->x - lx;
  if (style->valign == QW_VALIGN_TOP)
    *oy = box->y - ly;
  else if (style->valign == QW_VALIGN_BOTTOM)
    *oy = box->y + box->height - lh - ly;
  else
    *oy = box->y + (box->height - lh) / 2 - ly;
}

/**
 * _qw_page_text:
 *
 * Fits @text into @box (see fit_text()) and records it on @page. Empty text
 * records nothing.
 */
void
_qw_page_text (QwPrintout        *self,
               QwPage            *page,
               const QwTextStyle *style,
               const QwBox       *box,
               const char        *text)
{
  Op op = { .kind = OP_TEXT };

  if (text == NULL || *text == '\0' || box->width <= 0 || box->height <= 0)
    return;
  op.params = fit_text (self, style, box, text);
  apply_params (self->scratch, &op.params, text);
  self->missing_glyphs += (guint) pango_layout_get_unknown_glyphs_count (self->scratch);
  place_origin (self->scratch, style, box, op.params.width >= 0, &op.ox, &op.oy);
  op.text = g_strdup (text);
  op.rgb = style->rgb;
  op.box = *box;
  g_array_append_val (page->ops, op);
}

double
_qw_printout_line_height (QwPrintout        *self,
                          const QwTextStyle *style)
{
  LayoutParams p = base_params (style, style->size);
  g_autofree char *key = g_strdup_printf ("%s|%.3f|%d", p.family, p.size, p.bold);
  double *cached = g_hash_table_lookup (self->line_heights, key);
  double w, h;

  if (cached != NULL)
    return *cached;
  p.letter_spacing = 0;
  p.line_spacing = 0;
  apply_params (self->scratch, &p, "国");
  logical_size (self->scratch, &w, &h);
  cached = g_new (double, 1);
  *cached = h;
  g_hash_table_insert (self->line_heights, g_steal_pointer (&key), cached);
  return h;
}

double
_qw_printout_text_width (QwPrintout        *self,
                         const QwTextStyle *style,
                         const char        *text)
{
  LayoutParams p = base_params (style, style->size);
  double w, h;

  apply_params (self->scratch, &p, text != NULL ? text : "");
  logical_size (self->scratch, &w, &h);
  return w;
}

/* How many lines @text takes at the style's full size in @width, counting
 * that a line up to 25 % too long will rather be shrunk than wrapped. */
int
_qw_printout_lines_needed (QwPrintout        *self,
                           const QwTextStyle *style,
                           double             width,
                           const char        *text)
{
  LayoutParams p = base_params (style, style->size);

  if (text == NULL || *text == '\0' || width <= 0)
    return 1;
  if (_qw_printout_text_width (self, style, text) <= width * 1.25)
    return 1;
  p.width = (int) floor (width * PANGO_SCALE);
  apply_params (self->scratch, &p, text);
  return pango_layout_get_line_count (self->scratch);
}

/* Drawing */

static void
set_rgb (cairo_t *cr,
         guint32  rgb)
{
  cairo_set_source_rgb (cr, ((rgb >> 16) & 0xff) / 255.0, ((rgb >> 8) & 0xff) / 255.0,
                        (rgb & 0xff) / 255.0);
}

static void
set_stroke (cairo_t  *cr,
            const Op *op)
{
  set_rgb (cr, op->rgb);
  cairo_set_line_width (cr, op->line_width);
  if (op->dash > 0)
    {
      double dashes[] = { op->dash, op->dash };

      cairo_set_dash (cr, dashes, 2, 0);
    }
  else
    cairo_set_dash (cr, NULL, 0, 0);
}

static void
draw_op (cairo_t     *cr,
         PangoLayout *layout,
         const Op    *op)
{
  switch (op->kind)
    {
    case OP_TEXT:
      apply_params (layout, &op->params, op->text);
      set_rgb (cr, op->rgb);
      cairo_move_to (cr, op->ox, op->oy);
      pango_cairo_show_layout (cr, layout);
      break;
    case OP_LINE:
      set_stroke (cr, op);
      cairo_move_to (cr, op->a, op->b);
      cairo_line_to (cr, op->c, op->d);
      cairo_stroke (cr);
      break;
    case OP_RECT:
      cairo_rectangle (cr, op->a, op->b, op->c, op->d);
      if (op->fill)
        {
          set_rgb (cr, op->fill_rgb);
          if (op->line_width > 0)
            cairo_fill_preserve (cr);
          else
            cairo_fill (cr);
        }
      if (op->line_width > 0)
        {
          set_stroke (cr, op);
          cairo_stroke (cr);
        }
      break;
    case OP_CIRCLE:
      cairo_new_sub_path (cr);
      cairo_arc (cr, op->a, op->b, op->c, 0, 2 * G_PI);
      set_stroke (cr, op);
      cairo_stroke (cr);
      break;
    default:
      g_assert_not_reached ();
    }
}

/**
 * qw_printout_draw_page:
 * @cr: any cairo context whose user space is the page in points, origin at
 *   the paper's top left corner
 * @page: from 0
 */
void
qw_printout_draw_page (QwPrintout *self,
                       cairo_t    *cr,
                       guint       page)
{
  QwPage *p;
  g_autoptr(PangoLayout) layout = NULL;

  g_return_if_fail (QW_IS_PRINTOUT (self));
  g_return_if_fail (cr != NULL);
  g_return_if_fail (page < self->pages->len);

  p = g_ptr_array_index (self->pages, page);
  layout = pango_layout_new (self->pango);
  cairo_save (cr);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);
  for (guint i = 0; i < p->ops->len; i++)
    draw_op (cr, layout, &g_array_index (p->ops, Op, i));
  cairo_restore (cr);
}

/**
 * qw_printout_foreach_text:
 *
 * Calls @func for every piece of text on @page with its box and the extents
 * of the layout exactly as it is drawn, so that checks can prove that no text
 * leaves its box and that every character had a glyph.
 */
void
qw_printout_foreach_text (QwPrintout      *self,
                          guint            page,
                          QwPrintTextFunc  func,
                          gpointer         user_data)
{
  QwPage *p;
  g_autoptr(PangoLayout) layout = NULL;

  g_return_if_fail (QW_IS_PRINTOUT (self));
  g_return_if_fail (page < self->pages->len);

  p = g_ptr_array_index (self->pages, page);
  layout = pango_layout_new (self->pango);
  for (guint i = 0; i < p->ops->len; i++)
    {
      const Op *op = &g_array_index (p->ops, Op, i);
      PangoRectangle ink, logical;
      QwPrintTextInfo info = { 0 };

      if (op->kind != OP_TEXT)
        continue;
      apply_params (layout, &op->params, op->text);
      pango_layout_get_extents (layout, &ink, &logical);
      info.text = op->text;
      info.family = op->params.family;
      info.size = op->params.size;
      info.box[0] = op->box.x, info.box[1] = op->box.y;
      info.box[2] = op->box.width, info.box[3] = op->box.height;
      info.logical[0] = op->ox + (double) logical.x / PANGO_SCALE;
      info.logical[1] = op->oy + (double) logical.y / PANGO_SCALE;
      info.logical[2] = (double) logical.width / PANGO_SCALE;
      info.logical[3] = (double) logical.height / PANGO_SCALE;
      info.ink[0] = op->ox + (double) ink.x / PANGO_SCALE;
      info.ink[1] = op->oy + (double) ink.y / PANGO_SCALE;
      info.ink[2] = (double) ink.width / PANGO_SCALE;
      info.ink[3] = (double) ink.height / PANGO_SCALE;
      info.lines = pango_layout_get_line_count (layout);
      info.ellipsized = pango_layout_is_ellipsized (layout);
      info.unknown_glyphs = pango_layout_get_unknown_glyphs_count (layout);
      func (&info, user_data);
    }
}

/* The object */

static void
qw_printout_finalize (GObject *object)
{
  QwPrintout *self = QW_PRINTOUT (object);

  g_clear_pointer (&self->model, _qw_pmodel_free);
  g_clear_pointer (&self->pages, g_ptr_array_unref);
  g_clear_pointer (&self->line_heights, g_hash_table_unref);
  g_clear_object (&self->scratch);
  g_clear_object (&self->pango);
  g_free (self->title);
  G_OBJECT_CLASS (qw_printout_parent_class)->finalize (object);
}

static void
qw_printout_class_init (QwPrintoutClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = qw_printout_finalize;
}

static void
qw_printout_init (QwPrintout *self)
{
  cairo_font_options_t *options = cairo_font_options_create ();

  self->pages = g_ptr_array_new_with_free_func (page_free);
  self->line_heights = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->pango = pango_font_map_create_context (pango_cairo_font_map_get_default ());
  pango_cairo_context_set_resolution (self->pango, 72.0);
  cairo_font_options_set_hint_metrics (options, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_hint_style (options, CAIRO_HINT_STYLE_NONE);
  pango_cairo_context_set_font_options (self->pango, options);
  cairo_font_options_destroy (options);
  pango_context_set_round_glyph_positions (self->pango, FALSE);
  pango_context_set_language (self->pango, pango_language_from_string ("zh-cn"));
  self->scratch = pango_layout_new (self->pango);
}

static void
layout_document (QwPrintout *self)
{
  g_ptr_array_set_size (self->pages, 0);
  self->missing_glyphs = 0;
  kinds[self->kind].render (self, self->model);
  if (self->pages->len == 0)
    {
      /* Every document has at least one page, which says why it is empty. */
      QwFrame frame;

      _qw_frame_init (&frame, self, self->model->header);
      _qw_frame_start (&frame, kinds[self->kind].chinese, NULL);
      _qw_frame_notice (&frame, "（没有可打印的内容）");
      _qw_frame_clear (&frame);
    }
  _qw_printout_number_pages (self);
}

/**
 * qw_printout_new:
 * @request: what to print; read now, not kept
 *
 * Lays the document out on the request's paper (or the kind's usual one, or
 * for certificates the template's).
 *
 * Returns: (transfer full): the printout, or %NULL with @error when the
 *   certificate template cannot be read
 */
QwPrintout *
qw_printout_new (QwPrintKind           kind,
                 const QwPrintRequest *request,
                 GError              **error)
{
  g_autoptr(QwPrintout) self = NULL;
  QwPaper paper;

  g_return_val_if_fail (kind < QW_N_PRINT_KINDS, NULL);
  g_return_val_if_fail (request != NULL && request->event != NULL, NULL);
  g_return_val_if_fail (request->ruleset != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  self = g_object_new (QW_TYPE_PRINTOUT, NULL);
  self->kind = kind;
  self->model = _qw_pmodel_new (request);
  paper = request->paper != QW_PAPER_DEFAULT ? request->paper : kinds[kind].paper;
  if (kind == QW_PRINT_CERTIFICATES || kind == QW_PRINT_AWARDS)
    {
      g_autofree char *path = request->template_path != NULL
        ? g_strdup (request->template_path)
        : qw_certificate_template_default_path (kind == QW_PRINT_AWARDS);

      self->model->template = qw_certificate_template_load (path, error);
      if (self->model->template == NULL)
        return NULL;
      if (request->offset_x_mm != 0 || request->offset_y_mm != 0)
        {
          double x, y;

          qw_certificate_template_get_offset (self->model->template, &x, &y);
          qw_certificate_template_set_offset (self->model->template, x + request->offset_x_mm,
                                              y + request->offset_y_mm);
        }
      if (request->paper == QW_PAPER_DEFAULT)
        paper = qw_certificate_template_get_paper (self->model->template);
    }
  self->title = g_strdup_printf ("%s %s", self->model->header, kinds[kind].chinese);
  qw_paper_get_size (paper, &self->width, &self->height);
  layout_document (self);
  return g_steal_pointer (&self);
}

QwPrintKind
qw_printout_get_kind (QwPrintout *self)
{
  g_return_val_if_fail (QW_IS_PRINTOUT (self), QW_PRINT_PAIRINGS);
  return self->kind;
}

/* "<event name> 对阵表": for a PDF's title and a print job's name. */
const char *
qw_printout_get_title (QwPrintout *self)
{
  g_return_val_if_fail (QW_IS_PRINTOUT (self), NULL);
  return self->title;
}

/**
 * qw_printout_set_page_size:
 * @width: the paper's width in points
 * @height: its height in points
 *
 * Lays the document out again for another paper (the print dialog's page
 * setup). The page count may change.
 */
void
qw_printout_set_page_size (QwPrintout *self,
                           double      width,
                           double      height)
{
  g_return_if_fail (QW_IS_PRINTOUT (self));
  g_return_if_fail (width >= 72 && height >= 72);

  if (fabs (width - self->width) < 0.01 && fabs (height - self->height) < 0.01)
    return;
  self->width = width;
  self->height = height;
  layout_document (self);
}

void
qw_printout_get_page_size (QwPrintout *self,
                           double     *width,
                           double     *height)
{
  g_return_if_fail (QW_IS_PRINTOUT (self));
  *width = self->width;
  *height = self->height;
}

guint
qw_printout_get_n_pages (QwPrintout *self)
{
  g_return_val_if_fail (QW_IS_PRINTOUT (self), 0);
  return self->pages->len;
}

/* Characters that no installed font could draw, over the whole layout. Zero
 * unless the CJK fonts are missing. */
guint
qw_printout_get_missing_glyphs (QwPrintout *self)
{
  g_return_val_if_fail (QW_IS_PRINTOUT (self), 0);
  return self->missing_glyphs;
}

/* Output */

typedef struct
{
  GOutputStream *stream;
  GError        *error;
} Sink;

static cairo_status_t
sink_write (void                *closure,
            const unsigned char *data,
            unsigned int         length)
{
  Sink *sink = closure;

  if (sink->error != NULL)
    return CAIRO_STATUS_WRITE_ERROR;
  if (!g_output_stream_write_all (sink->stream, data, length, NULL, NULL, &sink->error))
    return CAIRO_STATUS_WRITE_ERROR;
  return CAIRO_STATUS_SUCCESS;
}

static gboolean
sink_open (Sink        *sink,
           const char  *path,
           GError     **error)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) local = NULL;

  sink->error = NULL;
  sink->stream = G_OUTPUT_STREAM (g_file_replace (file, NULL, FALSE, G_FILE_CREATE_NONE, NULL, &local));
  if (sink->stream == NULL)
    {
      g_autofree char *display = g_filename_display_name (path);

      g_set_error (error, QW_ERROR, QW_ERROR_IO, _("%s could not be written: %s"), display, local->message);
      return FALSE;
    }
  return TRUE;
}

/* Closes the file, replacing the old one only when everything was written;
 * otherwise the old file stays as it was. */
static gboolean
sink_close (Sink            *sink,
            cairo_status_t   status,
            const char      *path,
            GError         **error)
{
  g_autoptr(GCancellable) cancel = g_cancellable_new ();
  g_autofree char *display = g_filename_display_name (path);
  gboolean ok = sink->error == NULL && status == CAIRO_STATUS_SUCCESS;

  if (!ok)
    g_cancellable_cancel (cancel);
  g_output_stream_close (sink->stream, cancel, ok ? &sink->error : NULL);
  g_clear_object (&sink->stream);
  if (sink->error != NULL)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_IO, _("%s could not be written: %s"), display,
                   sink->error->message);
      g_clear_error (&sink->error);
      return FALSE;
    }
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_IO, _("%s could not be written: %s"), display,
                   cairo_status_to_string (status));
      return FALSE;
    }
  return TRUE;
}

/**
 * qw_print_to_pdf:
 *
 * Writes every page to a PDF. cairo embeds the fonts as subsets, so the file
 * prints the same anywhere. An existing file is replaced only on success.
 */
gboolean
qw_print_to_pdf (QwPrintout  *printout,
                 const char  *path,
                 GError     **error)
{
  Sink sink;
  cairo_surface_t *surface;
  cairo_status_t status;

  g_return_val_if_fail (QW_IS_PRINTOUT (printout), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  if (!sink_open (&sink, path, error))
    return FALSE;
  surface = cairo_pdf_surface_create_for_stream (sink_write, &sink, printout->width, printout->height);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, printout->title);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "Qiwang " PACKAGE_VERSION);
  for (guint i = 0; i < printout->pages->len; i++)
    {
      cairo_t *cr = cairo_create (surface);

      qw_printout_draw_page (printout, cr, i);
      cairo_show_page (cr);
      cairo_destroy (cr);
    }
  cairo_surface_finish (surface);
  status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  return sink_close (&sink, status, path, error);
}

/**
 * qw_print_to_png:
 * @page: from 0
 * @dpi: the preview's resolution (72: one pixel per point)
 *
 * Writes one page as a PNG on white paper, for previews and review.
 */
gboolean
qw_print_to_png (QwPrintout  *printout,
                 guint        page,
                 double       dpi,
                 const char  *path,
                 GError     **error)
{
  Sink sink;
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;
  double scale = dpi / 72.0;

  g_return_val_if_fail (QW_IS_PRINTOUT (printout), FALSE);
  g_return_val_if_fail (dpi >= 10 && dpi <= 1200, FALSE);
  if (page >= printout->pages->len)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_NOT_FOUND, _("There is no page %u: the document has %u"),
                   page + 1, printout->pages->len);
      return FALSE;
    }
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) ceil (printout->width * scale),
                                        (int) ceil (printout->height * scale));
  cr = cairo_create (surface);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  cairo_scale (cr, scale, scale);
  qw_printout_draw_page (printout, cr, page);
  cairo_destroy (cr);
  if (!sink_open (&sink, path, error))
    {
      cairo_surface_destroy (surface);
      return FALSE;
    }
  status = cairo_surface_write_to_png_stream (surface, sink_write, &sink);
  cairo_surface_destroy (surface);
  return sink_close (&sink, status, path, error);
}
