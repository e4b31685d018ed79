/* qw-certificate.c: certificate layouts, and the certificates drawn from them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-certificate"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <libxml/tree.h>
#include <string.h>

#include "qw-certificate.h"
#include "qw-certificate-code.h"
#include "qw-data.h"
#include "qw-error.h"
#include "qw-event-name.h"
#include "qw-print-frame.h"
#include "qw-print-renderer.h"
#include "qw-xml.h"
#include "qw-date.h"
#include "qw-event.h"

typedef enum
{
  ITEM_TEXT,
  ITEM_LINE,
  ITEM_SEAL,
} ItemKind;

typedef struct
{
  ItemKind     kind;
  double       x, y, width, height;  /* mm; a line's second point is x + width, y + height */
  double       line_width;           /* points */
  guint32      rgb;
  gboolean     show;
  QwTextStyle  style;
  char        *family;               /* owned; style.family points here */
  char        *text;
} Item;

struct _QwCertificateTemplate
{
  QwPaper   paper;
  double    offset_x;               /* mm */
  double    offset_y;
  gboolean  border;
  double    border_inset;           /* mm */
  double    border_width;           /* points */
  guint32   border_rgb;
  double    inner_inset;            /* mm, 0: none */
  double    inner_width;
  GArray   *items;                  /* Item */
  gboolean  verify;                 /* the verification code and its QR (<verify>) */
  double    verify_x, verify_y, verify_size;   /* mm */
  char     *site_url;               /* the request's: the QR leads to SITE/verify/CODE/ */
  GHashTable *codes;                /* the request's certificate codes */
};

static const char *fields[] = {
  "name", "honorific", "unit", "group", "event", "title", "place", "issuer", "date", "date-cn",
};

static void
item_clear (gpointer data)
{
  Item *item = data;

  g_free (item->family);
  g_free (item->text);
}

void
qw_certificate_template_free (QwCertificateTemplate *self)
{
  if (self == NULL)
    return;
  g_clear_pointer (&self->items, g_array_unref);
  g_free (self->site_url);
  g_clear_pointer (&self->codes, g_hash_table_unref);
  g_free (self);
}

/* data/certificates/champion.xml or award.xml */
static char *
default_path (gboolean award)
{
  return qw_data_file ("certificates", award ? "award.xml" : "champion.xml", NULL);
}

static guint32
prop_colour (xmlNode    *node,
             const char *name,
             guint32     fallback)
{
  g_autofree char *value = qw_xml_get_prop (node, name);

  /* The schema has checked the form #rrggbb. */
  if (value == NULL || strlen (value) != 7)
    return fallback;
  return (guint32) g_ascii_strtoull (value + 1, NULL, 16);
}

static QwAlign
prop_align (xmlNode *node)
{
  g_autofree char *value = qw_xml_get_prop (node, "align");

  if (g_strcmp0 (value, "center") == 0)
    return QW_ALIGN_CENTER;
  if (g_strcmp0 (value, "right") == 0)
    return QW_ALIGN_RIGHT;
  return QW_ALIGN_LEFT;
}

static QwVAlign
prop_valign (xmlNode *node)
{
  g_autofree char *value = qw_xml_get_prop (node, "valign");

  if (g_strcmp0 (value, "top") == 0)
    return QW_VALIGN_TOP;
  if (g_strcmp0 (value, "bottom") == 0)
    return QW_VALIGN_BOTTOM;
  return QW_VALIGN_MIDDLE;
}

static QwFontRole
prop_font (xmlNode *node)
{
  g_autofree char *value = qw_xml_get_prop (node, "font");

  if (g_strcmp0 (value, "sans") == 0)
    return QW_FONT_SANS;
  if (g_strcmp0 (value, "serif") == 0)
    return QW_FONT_SERIF;
  return QW_FONT_KAI;
}

/* Every {field} in @text must be one we can fill. */
static gboolean
check_fields (const char  *text,
              const char  *display,
              int          line,
              GError     **error)
{
  for (const char *p = strchr (text, '{'); p != NULL; p = strchr (p + 1, '{'))
    {
      const char *end = strchr (p, '}');
      g_autofree char *field = NULL;
      gboolean known = FALSE;

      if (end == NULL)
        {
          g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                       _("%s, line %d: a field is opened with “{” but never closed"), display, line);
          return FALSE;
        }
      field = g_strndup (p + 1, end - p - 1);
      for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
        known |= g_str_equal (field, fields[i]);
      if (!known)
        {
          g_autofree char *list = g_strjoinv ("} {", (char **) (const char *[]) {
            fields[0], fields[1], fields[2], fields[3], fields[4], fields[5], fields[6], fields[7],
            fields[8], fields[9], NULL });

          g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                       _("%s, line %d: unknown field {%s}; the fields are {%s}"), display, line, field, list);
          return FALSE;
        }
    }
  return TRUE;
}

/* The element's text with each line's indentation in the file removed (but
 * not the full-width spaces that indent a Chinese paragraph), so that a line
 * break in the file is a line break on paper. */
static char *
paragraphs (xmlNode *node)
{
  g_autofree char *raw = qw_xml_get_text (node);
  g_auto(GStrv) lines = g_strsplit (raw, "\n", -1);
  g_autoptr(GPtrArray) kept = g_ptr_array_new ();

  for (guint i = 0; lines[i] != NULL; i++)
    if (*g_strstrip (lines[i]) != '\0' || (kept->len > 0 && lines[i + 1] != NULL))
      g_ptr_array_add (kept, lines[i]);
  while (kept->len > 0 && *(char *) g_ptr_array_index (kept, kept->len - 1) == '\0')
    g_ptr_array_set_size (kept, kept->len - 1);
  g_ptr_array_add (kept, NULL);
  return g_strjoinv ("\n", (char **) kept->pdata);
}

static gboolean
read_text (QwCertificateTemplate *self,
           xmlNode               *node,
           const char            *display,
           GError               **error)
{
  Item item = { ITEM_TEXT };
  g_autofree char *text = paragraphs (node);

  if (!check_fields (text, display, (int) xmlGetLineNo (node), error))
    return FALSE;
  item.x = qw_xml_get_prop_double (node, "x", 0);
  item.y = qw_xml_get_prop_double (node, "y", 0);
  item.width = qw_xml_get_prop_double (node, "width", 10);
  item.height = qw_xml_get_prop_double (node, "height", 10);
  item.style = _qw_text_style (prop_font (node), qw_xml_get_prop_double (node, "size", 12), prop_align (node));
  item.style.min_size = qw_xml_get_prop_double (node, "min-size", 0);
  item.style.bold = qw_xml_get_prop_bool (node, "bold", FALSE);
  item.style.valign = prop_valign (node);
  item.style.max_lines = MAX (1, qw_xml_get_prop_int (node, "lines", 1));
  item.style.rgb = prop_colour (node, "colour", 0x000000);
  item.style.letter_spacing = qw_xml_get_prop_double (node, "letter-spacing", 0);
  item.style.line_spacing = qw_xml_get_prop_double (node, "line-spacing", 0);
  item.family = qw_xml_get_prop (node, "family");
  if (item.family != NULL)
    {
      /* The named family first, the role's fonts behind it for anything it lacks. */
      char *list = g_strconcat (item.family, ",", _qw_font_family (item.style.font), NULL);

      g_free (item.family);
      item.family = list;
    }
  item.style.family = item.family;
  item.text = g_steal_pointer (&text);
  g_array_append_val (self->items, item);
  return TRUE;
}

static void
read_line (QwCertificateTemplate *self,
           xmlNode               *node)
{
  Item item = { ITEM_LINE };

  item.x = qw_xml_get_prop_double (node, "x1", 0);
  item.y = qw_xml_get_prop_double (node, "y1", 0);
  item.width = qw_xml_get_prop_double (node, "x2", 0) - item.x;
  item.height = qw_xml_get_prop_double (node, "y2", 0) - item.y;
  item.line_width = qw_xml_get_prop_double (node, "width", 0.8);
  item.rgb = prop_colour (node, "colour", 0x000000);
  g_array_append_val (self->items, item);
}

static void
read_seal (QwCertificateTemplate *self,
           xmlNode               *node)
{
  Item item = { ITEM_SEAL };

  item.x = qw_xml_get_prop_double (node, "x", 0);
  item.y = qw_xml_get_prop_double (node, "y", 0);
  item.width = qw_xml_get_prop_double (node, "diameter", 40);
  item.show = qw_xml_get_prop_bool (node, "show", TRUE);
  g_array_append_val (self->items, item);
}

/**
 * qw_certificate_template_load:
 * @path: a layout file; validated against data/certificates/certificate.xsd
 *
 * Returns: (transfer full): the layout, or %NULL with @error saying which
 *   line is wrong and why
 */
QwCertificateTemplate *
qw_certificate_template_load (const char  *path,
                              GError     **error)
{
  g_autofree char *schema = qw_data_file ("certificates", "certificate.xsd", NULL);
  g_autofree char *display = g_filename_display_name (path);
  g_autoptr(xmlDoc) doc = qw_xml_read_file (path, QW_FILE_TEMPLATE, schema, error);
  g_autoptr(QwCertificateTemplate) self = NULL;
  g_autofree char *paper = NULL;
  xmlNode *root, *border;

  if (doc == NULL)
    return NULL;
  root = xmlDocGetRootElement (doc);
  self = g_new0 (QwCertificateTemplate, 1);
  self->items = g_array_new (FALSE, TRUE, sizeof (Item));
  g_array_set_clear_func (self->items, item_clear);
  paper = qw_xml_get_prop (root, "paper");
  if (paper == NULL || !qw_paper_from_code (paper, &self->paper))
    self->paper = QW_PAPER_A4_LANDSCAPE;
  self->verify = TRUE;
  self->verify_x = 24;
  self->verify_y = 158;
  self->verify_size = 24;
  self->offset_x = qw_xml_get_prop_double (root, "offset-x", 0);
  self->offset_y = qw_xml_get_prop_double (root, "offset-y", 0);

  border = qw_xml_first_child (root, "border");
  if (border != NULL)
    {
      self->border = TRUE;
      self->border_inset = qw_xml_get_prop_double (border, "inset", 10);
      self->border_width = qw_xml_get_prop_double (border, "width", 2.5);
      self->border_rgb = prop_colour (border, "colour", 0xb8860b);
      self->inner_inset = qw_xml_get_prop_double (border, "inner-inset", 0);
      self->inner_width = qw_xml_get_prop_double (border, "inner-width", 0.8);
    }
  for (xmlNode *n = root->children; n != NULL; n = n->next)
    {
      if (n->type != XML_ELEMENT_NODE)
        continue;
      if (g_str_equal ((const char *) n->name, "text") && !read_text (self, n, display, error))
        return NULL;
      else if (g_str_equal ((const char *) n->name, "line"))
        read_line (self, n);
      else if (g_str_equal ((const char *) n->name, "seal"))
        read_seal (self, n);
      else if (g_str_equal ((const char *) n->name, "verify"))
        {
          self->verify = qw_xml_get_prop_bool (n, "show", TRUE);
          self->verify_x = qw_xml_get_prop_double (n, "x", self->verify_x);
          self->verify_y = qw_xml_get_prop_double (n, "y", self->verify_y);
          self->verify_size = qw_xml_get_prop_double (n, "size", self->verify_size);
        }
    }
  return g_steal_pointer (&self);
}

/* Dates and places in words */

static const char *digits[] = { "〇", "一", "二", "三", "四", "五", "六", "七", "八", "九" };

/* 1 … 31 the way dates are read: 十, 十一, 二十, 二十一, 三十一. */
static void
append_small_number (GString *s,
                     int      n)
{
  if (n >= 20)
    g_string_append (s, digits[n / 10]);
  if (n >= 10)
    g_string_append (s, "十");
  if (n % 10 != 0 || n < 10)
    g_string_append (s, digits[n % 10]);
}

char *
qw_certificate_chinese_date (QwDate date)
{
  GString *s = g_string_new (NULL);
  char year[8];

  if (!qw_date_is_set (date))
    return g_string_free (s, FALSE);
  g_snprintf (year, sizeof year, "%04d", date.year);
  for (const char *c = year; *c != '\0'; c++)
    g_string_append (s, digits[*c - '0']);
  g_string_append (s, "年");
  append_small_number (s, date.month);
  g_string_append (s, "月");
  append_small_number (s, date.day);
  g_string_append (s, "日");
  return g_string_free (s, FALSE);
}

char *
qw_certificate_place_text (int place)
{
  GString *s = g_string_new ("第");

  if (place <= 0 || place >= 100)
    g_string_append_printf (s, "%d", place);
  else
    append_small_number (s, place);
  g_string_append (s, "名");
  return g_string_free (s, FALSE);
}

/* Rendering */

typedef struct
{
  const char *values[G_N_ELEMENTS (fields)];
} Fields;

static char *
expand (const char   *text,
        const Fields *values)
{
  GString *out = g_string_new (NULL);
  const char *p = text;

  while (*p != '\0')
    {
      const char *open = strchr (p, '{');
      const char *close = open != NULL ? strchr (open, '}') : NULL;

      if (open == NULL || close == NULL)
        {
          g_string_append (out, p);
          break;
        }
      g_string_append_len (out, p, open - p);
      for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
        if (strlen (fields[i]) == (gsize) (close - open - 1) && strncmp (open + 1, fields[i], close - open - 1) == 0)
          g_string_append (out, values->values[i] != NULL ? values->values[i] : "");
      p = close + 1;
    }
  return g_string_free (out, FALSE);
}

static void
draw_border (const QwCertificateTemplate *tpl,
             QwCanvas                    *canvas,
             QwPage                      *page)
{
  double ox = tpl->offset_x * QW_MM, oy = tpl->offset_y * QW_MM;
  double w = _qw_canvas_width (canvas), h = _qw_canvas_height (canvas);
  double inset = tpl->border_inset * QW_MM;
  QwBox outer = { ox + inset, oy + inset, w - 2 * inset, h - 2 * inset };

  _qw_page_rect (page, &outer, tpl->border_width, 0, tpl->border_rgb, FALSE, 0);
  if (tpl->inner_inset > 0)
    {
      double inner = tpl->inner_inset * QW_MM;
      QwBox box = { ox + inner, oy + inner, w - 2 * inner, h - 2 * inner };

      _qw_page_rect (page, &box, tpl->inner_width, 0, tpl->border_rgb, FALSE, 0);
    }
}

/* A line may break before an opening quote: “ glues to the character before
 * it in the line-breaking rules (UAX #14, LB19), so "特授予“白花镇棋王”称号"
 * was one unbreakable run that went whole to the next line, leaving room
 * on the line before and splitting 授/予 (issue 19 point 24). A zero-width
 * space before “ is a break opportunity that draws nothing. Takes @text. */
static char *
quote_breaks (char *text)
{
  g_autoptr(GString) out = g_string_new (NULL);

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      if (g_utf8_get_char (p) == 0x201C && p != text)
        g_string_append (out, "\u200b");
      g_string_append_unichar (out, g_utf8_get_char (p));
    }
  g_free (text);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static void
draw_certificate (const QwCertificateTemplate *tpl,
                  QwCanvas                    *canvas,
                  const Fields                *values,
                  const char * const          *keep)
{
  QwPage *page = _qw_canvas_add_page (canvas, FALSE);
  double ox = tpl->offset_x, oy = tpl->offset_y;

  if (tpl->border)
    draw_border (tpl, canvas, page);
  for (guint i = 0; i < tpl->items->len; i++)
    {
      const Item *item = &g_array_index (tpl->items, Item, i);

      switch (item->kind)
        {
        case ITEM_TEXT:
          {
            g_autofree char *text = quote_breaks (expand (item->text, values));
            QwBox box = { (item->x + ox) * QW_MM, (item->y + oy) * QW_MM,
                          item->width * QW_MM, item->height * QW_MM };
            QwTextStyle style = item->style;

            style.keep = keep;
            _qw_page_text (canvas, page, &style, &box, text);
          }
          break;
        case ITEM_LINE:
          _qw_page_line (page, (item->x + ox) * QW_MM, (item->y + oy) * QW_MM,
                         (item->x + item->width + ox) * QW_MM, (item->y + item->height + oy) * QW_MM,
                         item->line_width, 0, item->rgb);
          break;
        case ITEM_SEAL:
          /* A guide for placing the paper under the stamp: on screen only. */
          if (item->show)
            {
              _qw_page_circle (page, (item->x + ox) * QW_MM, (item->y + oy) * QW_MM,
                               item->width * QW_MM / 2, 0.6, 2.5, 0xa0a0a0);
              _qw_page_last_screen_only (page);
            }
          break;
        default:
          g_assert_not_reached ();
        }
    }
}

/* What a line of a certificate never breaks: the names of the places (as
 * the official name writes them, 惠东县 or 惠东（县）), the region, the
 * title (with its 称号), the group and, added per certificate, the player.
 * A line breaks between them, or the text shrinks. */
static GPtrArray *
kept_words (const QwPModel *model,
            const char     *title)
{
  const QwEvent *e = model->event;
  const char *places[] = { e->region, e->place_city, e->place_county, e->place_town, e->prefecture,
                           e->county_city };
  GPtrArray *words = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < G_N_ELEMENTS (places); i++)
    {
      if (places[i] == NULL || *places[i] == '\0')
        continue;
      g_ptr_array_add (words, g_strdup (places[i]));
      g_ptr_array_add (words, qw_place_bracketed (model->ruleset, places[i]));
    }
  if (e->region != NULL && *e->region != '\0' && model->ruleset->region_suffix != NULL)
    g_ptr_array_add (words, g_strconcat (e->region, model->ruleset->region_suffix, NULL));
  /* 授予 is one word: never 授 at a line's end and 予 on the next. */
  g_ptr_array_add (words, g_strdup ("授予"));
  if (title != NULL && *title != '\0')
    {
      g_ptr_array_add (words, g_strdup (title));
      /* The title is granted as “…”称号: no line of one character after it. */
      g_ptr_array_add (words, g_strconcat (title, "”称号", NULL));
    }
  return words;
}

/* The certificate's verification code; with an address for the document's
 * pages (export-site --url, or a venue server running), a QR code of its
 * verification page. Without one there is no QR: a phone scanning the bare
 * code would find nothing, so the certificate does not promise a scan
 * (issue 19 point 24); the code can still be checked by the organiser
 * (qiwang-cli verify-certificate) or typed into the results pages later. */
static void
draw_verification (const QwCertificateTemplate *tpl,
                   QwCanvas                    *canvas,
                   const char                  *code)
{
  QwPage *page = _qw_canvas_page (canvas, _qw_canvas_n_pages (canvas) - 1);
  double x = (tpl->verify_x + tpl->offset_x) * QW_MM, y = (tpl->verify_y + tpl->offset_y) * QW_MM;
  double size = tpl->verify_size * QW_MM;
  g_autofree char *shown = qw_certificate_code_format (code);
  g_autofree char *url = tpl->site_url != NULL ? g_strdup_printf ("%sverify/%s/", tpl->site_url, code) : NULL;
  g_autofree char *line = g_strdup_printf ("验证码 %s", shown);
  QwTextStyle small = _qw_text_style (QW_FONT_SANS, 8, QW_ALIGN_LEFT);
  QwTextStyle bold = _qw_text_style (QW_FONT_SANS, 10, QW_ALIGN_LEFT);
  QwBox hint = { x + size + 2 * QW_MM, y + size / 2 - 11, 60 * QW_MM, 11 };
  QwBox text = { x + size + 2 * QW_MM, y + size / 2, 60 * QW_MM, 14 };

  small.rgb = 0x404040;
  bold.bold = TRUE;
  if (url == NULL)
    {
      /* The code alone, where the QR would have been. */
      hint.x = text.x = x;
      _qw_page_text (canvas, page, &small, &hint, "凭验证码可向主办单位查验真伪");
      _qw_page_text (canvas, page, &bold, &text, line);
      return;
    }
  _qw_page_qr (page, x, y, size, url);
  _qw_page_text (canvas, page, &small, &hint, "扫码或在成绩网页查验真伪");
  _qw_page_text (canvas, page, &bold, &text, line);
}

/* A certificate of a group that has not finished (issue 19): 成绩未确定 in
 * red where the verification code would be, and no code. */
static void
draw_provisional (const QwCertificateTemplate *tpl,
                  QwCanvas                    *canvas)
{
  QwPage *page = _qw_canvas_page (canvas, _qw_canvas_n_pages (canvas) - 1);
  double x = (tpl->verify_x + tpl->offset_x) * QW_MM, y = (tpl->verify_y + tpl->offset_y) * QW_MM;
  QwTextStyle mark = _qw_text_style (QW_FONT_SANS, 24, QW_ALIGN_LEFT);
  QwTextStyle small = _qw_text_style (QW_FONT_SANS, 8, QW_ALIGN_LEFT);
  QwBox box = { x, y, 80 * QW_MM, 30 };
  QwBox hint = { x, y + 32, 80 * QW_MM, 11 };

  mark.bold = TRUE;
  mark.rgb = 0xc00000;
  small.rgb = 0xc00000;
  _qw_page_text (canvas, page, &mark, &box, "成绩未确定");
  _qw_page_text (canvas, page, &small, &hint, "比赛尚未结束，名次可能变化；本证书不能查验");
}

/* Children and juniors are addressed as 同学, adults as 同志. */
static const char *
honorific (const QwPGroup *group)
{
  if (g_str_equal (group->category, "child") || g_str_equal (group->category, "junior"))
    return "同学";
  return "同志";
}

static void
render (QwCanvas                    *canvas,
        const QwPModel              *model,
        const QwCertificateTemplate *tpl,
        gboolean                     awards)
{
  const QwEvent *event = model->event;
  g_autofree char *title = qw_event_champion_title (model->ruleset, event);
  QwDate day = qw_date_is_set (event->end_date) ? event->end_date : event->start_date;
  g_autofree char *date = qw_date_to_chinese (day);
  g_autofree char *date_cn = qw_certificate_chinese_date (day);
  const char *issuer = event->organiser != NULL && *event->organiser != '\0' ? event->organiser
                       : event->host != NULL ? event->host : "";
  int last_place = awards ? model->max_place : 1;
  Fields values = { { NULL } };
  guint printed = 0;
  g_autoptr(GPtrArray) keep = kept_words (model, title);
  guint n_kept = keep->len;

  values.values[4] = model->header;
  values.values[5] = title;
  values.values[7] = issuer;
  values.values[8] = date;
  values.values[9] = date_cn;
  for (guint g = 0; g < model->groups->len; g++)
    {
      const QwPGroup *group = g_ptr_array_index (model->groups, g);

      for (guint i = 0; i < group->standings->len; i++)
        {
          const QwPStanding *s = g_ptr_array_index (group->standings, i);
          const QwPPlayer *p = _qw_pgroup_player (group, s->player);
          g_autofree char *place = awards ? qw_certificate_place_text (s->rank) : g_strdup ("冠军");

          if (s->rank < 1 || s->rank > last_place)
            continue;
          values.values[0] = p->name;
          values.values[1] = honorific (group);
          values.values[2] = p->unit;
          values.values[3] = group->name;
          values.values[6] = place;
          g_ptr_array_set_size (keep, n_kept);
          g_ptr_array_add (keep, g_strdup (group->name));
          g_ptr_array_add (keep, g_strdup (p->name));
          g_ptr_array_add (keep, NULL);
          draw_certificate (tpl, canvas, &values, (const char * const *) keep->pdata);
          g_ptr_array_set_size (keep, keep->len - 1);
          if (group->provisional)
            draw_provisional (tpl, canvas);
          else if (tpl->verify && tpl->codes != NULL)
            {
              g_autofree char *key = g_strdup_printf ("%s\t%d\t%d", group->code, p->no, s->rank);
              const char *code = g_hash_table_lookup (tpl->codes, key);

              if (code != NULL)
                draw_verification (tpl, canvas, code);
            }
          printed++;
        }
    }
  if (printed == 0)
    {
      QwFrame frame;

      _qw_frame_init (&frame, canvas, model->header);
      _qw_frame_start (&frame, awards ? "奖状" : "棋王证书", NULL);
      _qw_frame_notice (&frame, "尚无名次：录入成绩、排出名次后才能打印。");
      _qw_frame_clear (&frame);
    }
}

/* The renderers' prepare hook: the request's layout file, or the kind's
 * usual one, moved by the request's offsets; its paper unless the request
 * named one. */
static gboolean
prepare (const QwPrintRequest  *request,
         gboolean               awards,
         QwPaper               *paper,
         gpointer              *data,
         GError               **error)
{
  g_autofree char *path = request->template_path != NULL
    ? g_strdup (request->template_path)
    : default_path (awards);
  QwCertificateTemplate *tpl = qw_certificate_template_load (path, error);

  if (tpl == NULL)
    return FALSE;
  tpl->offset_x += request->offset_x_mm;
  tpl->offset_y += request->offset_y_mm;
  if (request->site_url != NULL && *request->site_url != '\0')
    tpl->site_url = g_str_has_suffix (request->site_url, "/") ? g_strdup (request->site_url)
                                                              : g_strconcat (request->site_url, "/", NULL);
  if (request->certificate_codes != NULL)
    tpl->codes = g_hash_table_ref (request->certificate_codes);
  if (request->paper == QW_PAPER_DEFAULT)
    *paper = tpl->paper;
  *data = tpl;
  return TRUE;
}

static gboolean
prepare_certificates (const QwPrintRequest  *request,
                      QwPaper               *paper,
                      gpointer              *data,
                      GError               **error)
{
  return prepare (request, FALSE, paper, data, error);
}

static gboolean
prepare_awards (const QwPrintRequest  *request,
                QwPaper               *paper,
                gpointer              *data,
                GError               **error)
{
  return prepare (request, TRUE, paper, data, error);
}

static void
render_certificates (QwCanvas       *canvas,
                     const QwPModel *model,
                     gconstpointer   data)
{
  render (canvas, model, data, FALSE);
}

static void
render_awards (QwCanvas       *canvas,
               const QwPModel *model,
               gconstpointer   data)
{
  render (canvas, model, data, TRUE);
}

/* The kinds' table (qw-print-kinds.c) lists these. */
const QwPrintRenderer _qw_print_certificates_renderer = {
  .prepare = prepare_certificates,
  .free_data = (GDestroyNotify) qw_certificate_template_free,
  .render = render_certificates,
};

const QwPrintRenderer _qw_print_awards_renderer = {
  .prepare = prepare_awards,
  .free_data = (GDestroyNotify) qw_certificate_template_free,
  .render = render_awards,
};
