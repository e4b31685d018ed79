/* qw-print-canvas.c: fonts, papers, pages of drawing operations, text fitted with Pango
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

#include <fontconfig/fontconfig.h>
#include <math.h>
#include <pango/pangocairo.h>
#include <string.h>

#include "qw-entry.h"
#include "qw-print-canvas.h"
#include "qw-qr.h"

/* The smallest text ever drawn: below this a box is too small to read, and
 * the text is ellipsized instead of shrunk further. */
#define ABSOLUTE_MIN_SIZE 3.0

typedef enum
{
  OP_TEXT,
  OP_LINE,
  OP_RECT,
  OP_CIRCLE,
  OP_QR,
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
  PangoAttrList  *keep;         /* not owned: the ranges kept on one line, or NULL */
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
  PangoAttrList *keep;          /* owned: params.keep */
  LayoutParams  params;
  double        ox, oy;         /* where the layout's origin goes */
  QwBox         box;
  gboolean      screen_only;    /* a guide for the eye: drawn on screen, never on paper */
} Op;

struct _QwPage
{
  GArray   *ops;
  gboolean  numbered;
};

struct _QwCanvas
{
  double         width;
  double         height;
  GPtrArray     *pages;         /* QwPage */
  PangoContext  *pango;
  PangoLayout   *scratch;       /* reused for measuring */
  GHashTable    *line_heights;  /* "family|size|bold" → double* */
  guint          missing_glyphs;
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

/* A style for @font at @size: one line, vertically centred, black. */
QwTextStyle
_qw_text_style (QwFontRole font,
                double     size,
                QwAlign    align)
{
  QwTextStyle style = { 0 };

  style.font = font;
  style.size = size;
  style.align = align;
  style.valign = QW_VALIGN_MIDDLE;
  style.max_lines = 1;
  return style;
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

/* Papers */

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

/* Pages */

static void
op_clear (gpointer data)
{
  Op *op = data;

  g_free (op->text);
  g_clear_pointer (&op->keep, pango_attr_list_unref);
}

static void
page_free (gpointer data)
{
  QwPage *page = data;

  g_array_unref (page->ops);
  g_free (page);
}

/* The canvas */

/**
 * _qw_canvas_new:
 * @width: the paper's width in points
 * @height: its height in points
 *
 * Returns: (transfer full): an empty canvas
 */
QwCanvas *
_qw_canvas_new (double width,
                double height)
{
  QwCanvas *self = g_new0 (QwCanvas, 1);
  cairo_font_options_t *options = cairo_font_options_create ();

  self->width = width;
  self->height = height;
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
  return self;
}

void
_qw_canvas_free (QwCanvas *self)
{
  if (self == NULL)
    return;
  g_clear_pointer (&self->pages, g_ptr_array_unref);
  g_clear_pointer (&self->line_heights, g_hash_table_unref);
  g_clear_object (&self->scratch);
  g_clear_object (&self->pango);
  g_free (self);
}

/* Drops every page, for laying the document out again on another paper. The
 * fonts' measurements are kept. */
void
_qw_canvas_reset (QwCanvas *self,
                  double    width,
                  double    height)
{
  g_ptr_array_set_size (self->pages, 0);
  self->missing_glyphs = 0;
  self->width = width;
  self->height = height;
}

double
_qw_canvas_width (QwCanvas *self)
{
  return self->width;
}

double
_qw_canvas_height (QwCanvas *self)
{
  return self->height;
}

guint
_qw_canvas_n_pages (QwCanvas *self)
{
  return self->pages->len;
}

QwPage *
_qw_canvas_page (QwCanvas *self,
                 guint     index)
{
  g_return_val_if_fail (index < self->pages->len, NULL);
  return g_ptr_array_index (self->pages, index);
}

QwPage *
_qw_canvas_add_page (QwCanvas *self,
                     gboolean  numbered)
{
  QwPage *page = g_new0 (QwPage, 1);

  page->ops = g_array_new (FALSE, TRUE, sizeof (Op));
  g_array_set_clear_func (page->ops, op_clear);
  page->numbered = numbered;
  g_ptr_array_add (self->pages, page);
  return page;
}

/* Characters that no installed font could draw, over every page. Zero
 * unless the CJK fonts are missing. */
guint
_qw_canvas_missing_glyphs (QwCanvas *self)
{
  return self->missing_glyphs;
}

/* Page operations */

gboolean
_qw_page_is_numbered (QwPage *page)
{
  return page->numbered;
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

/* Makes the op added last a guide drawn in previews only (a seal's place
 * on a certificate): a PDF or a print job leaves it out. */
void
_qw_page_last_screen_only (QwPage *page)
{
  g_return_if_fail (page->ops->len > 0);
  g_array_index (page->ops, Op, page->ops->len - 1).screen_only = TRUE;
}

/* A QR code of @text in the square @x, @y, @size (qw-qr.h). */
void
_qw_page_qr (QwPage     *page,
             double      x,
             double      y,
             double      size,
             const char *text)
{
  Op op = { .kind = OP_QR, .a = x, .b = y, .c = size, .text = g_strdup (text) };

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
  if (p->keep != NULL)
    attrs = pango_attr_list_copy (p->keep);
  if (p->letter_spacing != 0)
    {
      if (attrs == NULL)
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

static void
keep_range (PangoAttrList **attrs,
            gsize           start,
            gsize           end)
{
  PangoAttribute *attr = pango_attr_allow_breaks_new (FALSE);

  attr->start_index = (guint) start;
  attr->end_index = (guint) end;
  if (*attrs == NULL)
    *attrs = pango_attr_list_new ();
  pango_attr_list_insert (*attrs, attr);
}

/* The 楷体 fonts' 〇 (U+3007, the zero of 二〇二一年) is a small thin ring,
 * well below the size and weight of the characters around it (AR PL UKai:
 * about two thirds of the em, hairline). Noto Sans CJK's light 〇 is a full
 * square's ring with a stroke close to the brush's: the date of a
 * certificate reads as one line of type (issue 19 point 24). */
#define ZERO_FAMILIES "Noto Sans CJK SC,Source Han Sans SC,Noto Sans SC"

static void
even_zero (PangoAttrList **attrs,
           const char     *text)
{
  const char *zero = "\xe3\x80\x87";  /* 〇 */

  for (const char *at = strstr (text, zero); at != NULL; at = strstr (at + 3, zero))
    {
      PangoAttribute *family = pango_attr_family_new (ZERO_FAMILIES);
      PangoAttribute *weight = pango_attr_weight_new (PANGO_WEIGHT_LIGHT);

      family->start_index = weight->start_index = (guint) (at - text);
      family->end_index = weight->end_index = (guint) (at - text + 3);
      if (*attrs == NULL)
        *attrs = pango_attr_list_new ();
      pango_attr_list_insert (*attrs, family);
      pango_attr_list_insert (*attrs, weight);
    }
}

/* No line break inside any occurrence of the style's kept words, nor inside
 * a member's name of a pair ("甲 / 乙" breaks after the separator only); a
 * 〇 in 楷体 from a face that draws it at full size. */
static PangoAttrList *
keep_attributes (const QwTextStyle *style,
                 const char        *text)
{
  PangoAttrList *attrs = NULL;
  const char *sep = strstr (text, QW_PAIR_NAME_SEPARATOR);

  if (style->font == QW_FONT_KAI && style->family == NULL)
    even_zero (&attrs, text);

  for (const char *part = text; sep != NULL && part != NULL;)
    {
      const char *next = strstr (part, QW_PAIR_NAME_SEPARATOR);
      const char *end = next != NULL ? next : part + strlen (part);

      if (g_utf8_strlen (part, end - part) >= 2)
        keep_range (&attrs, (gsize) (part - text), (gsize) (end - text));
      part = next != NULL ? next + strlen (QW_PAIR_NAME_SEPARATOR) : NULL;
    }

  for (guint i = 0; style->keep != NULL && style->keep[i] != NULL; i++)
    {
      const char *word = style->keep[i];
      gsize len = strlen (word);

      if (len == 0 || g_utf8_strlen (word, -1) < 2)
        continue;
      for (const char *at = strstr (text, word); at != NULL; at = strstr (at + len, word))
        keep_range (&attrs, (gsize) (at - text), (gsize) (at - text + len));
    }
  return attrs;
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
try_fit (QwCanvas           *self,
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
fit_text (QwCanvas          *self,
          const QwTextStyle *style,
          const QwBox       *box,
          const char        *text,
          PangoAttrList     *keep)
{
  double min_size = style->min_size > 0 ? MIN (style->min_size, style->size) : style->size * 0.6;
  double comfort = MAX (min_size, style->size * 0.8);
  int max_lines = MAX (1, style->max_lines);
  LayoutParams p = base_params (style, style->size);

  p.keep = keep;
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
_qw_page_text (QwCanvas          *self,
               QwPage            *page,
               const QwTextStyle *style,
               const QwBox       *box,
               const char        *text)
{
  Op op = { .kind = OP_TEXT };

  if (text == NULL || *text == '\0' || box->width <= 0 || box->height <= 0)
    return;
  op.keep = keep_attributes (style, text);
  op.params = fit_text (self, style, box, text, op.keep);
  apply_params (self->scratch, &op.params, text);
  self->missing_glyphs += (guint) pango_layout_get_unknown_glyphs_count (self->scratch);
  place_origin (self->scratch, style, box, op.params.width >= 0, &op.ox, &op.oy);
  op.text = g_strdup (text);
  op.rgb = style->rgb;
  op.box = *box;
  g_array_append_val (page->ops, op);
}

double
_qw_canvas_line_height (QwCanvas          *self,
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
_qw_canvas_text_width (QwCanvas          *self,
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
_qw_canvas_lines_needed (QwCanvas          *self,
                         const QwTextStyle *style,
                         double             width,
                         const char        *text)
{
  LayoutParams p = base_params (style, style->size);

  if (text == NULL || *text == '\0' || width <= 0)
    return 1;
  if (_qw_canvas_text_width (self, style, text) <= width * 1.25)
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
    case OP_QR:
      qw_qr_draw (cr, op->text, op->a, op->b, op->c);
      break;
    default:
      g_assert_not_reached ();
    }
}

/* Whether @cr goes to paper: a PDF file, or a print job (GtkPrintOperation
 * draws on a PDF or PostScript surface, on Windows a printing one); an
 * image or a recording surface is a preview. */
static gboolean
draws_on_paper (cairo_t *cr)
{
  cairo_surface_type_t type = cairo_surface_get_type (cairo_get_target (cr));

  return type == CAIRO_SURFACE_TYPE_PDF || type == CAIRO_SURFACE_TYPE_PS || type == CAIRO_SURFACE_TYPE_SVG
         || type == CAIRO_SURFACE_TYPE_WIN32_PRINTING;
}

/**
 * _qw_canvas_draw_page:
 * @cr: any cairo context whose user space is the page in points, origin at
 *   the paper's top left corner
 * @page: from 0
 */
void
_qw_canvas_draw_page (QwCanvas *self,
                      cairo_t  *cr,
                      guint     page)
{
  QwPage *p;
  g_autoptr(PangoLayout) layout = NULL;
  gboolean paper;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (page < self->pages->len);

  p = g_ptr_array_index (self->pages, page);
  layout = pango_layout_new (self->pango);
  paper = draws_on_paper (cr);
  cairo_save (cr);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);
  for (guint i = 0; i < p->ops->len; i++)
    if (!paper || !g_array_index (p->ops, Op, i).screen_only)
      draw_op (cr, layout, &g_array_index (p->ops, Op, i));
  cairo_restore (cr);
}

/* The text with a newline wherever the layout breaks a line. */
static char *
wrapped_text (PangoLayout *layout,
              const char  *text)
{
  GString *out = g_string_new (NULL);
  GSList *lines = pango_layout_get_lines_readonly (layout);

  for (GSList *l = lines; l != NULL; l = l->next)
    {
      PangoLayoutLine *line = l->data;

      if (l != lines)
        g_string_append_c (out, '\n');
      g_string_append_len (out, text + line->start_index, line->length);
    }
  return g_string_free (out, FALSE);
}

/**
 * _qw_canvas_foreach_text:
 *
 * Calls @func for every piece of text on @page with its box and the extents
 * of the layout exactly as it is drawn, so that checks can prove that no text
 * leaves its box and that every character had a glyph.
 */
void
_qw_canvas_foreach_text (QwCanvas        *self,
                         guint            page,
                         QwPrintTextFunc  func,
                         gpointer         user_data)
{
  QwPage *p;
  g_autoptr(PangoLayout) layout = NULL;

  g_return_if_fail (page < self->pages->len);

  p = g_ptr_array_index (self->pages, page);
  layout = pango_layout_new (self->pango);
  for (guint i = 0; i < p->ops->len; i++)
    {
      const Op *op = &g_array_index (p->ops, Op, i);
      PangoRectangle ink, logical;
      QwPrintTextInfo info = { 0 };
      char *wrapped;

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
      wrapped = wrapped_text (layout, op->text);
      info.wrapped = wrapped;
      info.ellipsized = pango_layout_is_ellipsized (layout);
      info.unknown_glyphs = pango_layout_get_unknown_glyphs_count (layout);
      func (&info, user_data);
      g_free (wrapped);
    }
}

