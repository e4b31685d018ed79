/* qw-xml-seal.c: XML files whose <content> carries a SHA-256 digest
 *
 * The writer builds the text itself (so the layout stays readable), reads
 * it back, and digests what it read: the reader repeats exactly that last
 * step, with the same code, so both sides digest the same canonical bytes.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-xml-seal"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <libxml/uri.h>
#include <libxml/xmlreader.h>
#include <libxml/xmlschemas.h>
#include <string.h>

#include "qw-error.h"
#include "qw-xml.h"
#include "qw-xml-seal.h"

static gboolean
xml_char_allowed (gunichar c)
{
  return c == 0x9 || c == 0xA || c == 0xD || (c >= 0x20 && c <= 0xD7FF)
         || (c >= 0xE000 && c <= 0xFFFD) || (c >= 0x10000 && c <= 0x10FFFF);
}

void
qw_xml_append_escaped (GString    *out,
                       const char *text)
{
  g_autofree char *valid = NULL;

  if (text == NULL)
    return;
  valid = g_utf8_make_valid (text, -1);
  for (const char *p = valid; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      switch (c)
        {
        case '&': g_string_append (out, "&amp;"); break;
        case '<': g_string_append (out, "&lt;"); break;
        case '>': g_string_append (out, "&gt;"); break;
        case '"': g_string_append (out, "&quot;"); break;
        /* Written as references so that attribute normalisation keeps them. */
        case '\t': g_string_append (out, "&#9;"); break;
        case '\n': g_string_append (out, "&#10;"); break;
        case '\r': g_string_append (out, "&#13;"); break;
        default:
          if (xml_char_allowed (c))
            g_string_append_unichar (out, c);
          break;
        }
    }
}

void
qw_xml_append_attr (GString    *out,
                    const char *name,
                    const char *value)
{
  if (value == NULL)
    return;
  g_string_append_printf (out, " %s=\"", name);
  qw_xml_append_escaped (out, value);
  g_string_append_c (out, '"');
}

void
qw_xml_append_attr_int (GString    *out,
                        const char *name,
                        gint64      value)
{
  g_string_append_printf (out, " %s=\"%" G_GINT64_FORMAT "\"", name, value);
}

void
qw_xml_append_element (GString    *out,
                       const char *indent,
                       const char *name,
                       const char *text,
                       gboolean    skip_empty)
{
  if (skip_empty && (text == NULL || text[0] == '\0'))
    return;
  g_string_append_printf (out, "%s<%s>", indent, name);
  qw_xml_append_escaped (out, text);
  g_string_append_printf (out, "</%s>\n", name);
}


/* The canonical form, written as the file is read
 *
 * The digest is the SHA-256 of the exclusive canonical form (C14N 1.0,
 * without comments) of the document subset made of the root element, with
 * its attributes and namespace declarations, and everything in <content>:
 * not the digest, not the white space between them. So the root's
 * attributes (form="public", version) are sealed as well as the content.
 * The form is produced here from the reader's events, so that a file of any
 * size is digested without building its tree; tests/lib checks it against
 * libxml2's own xmlC14NExecute() on the same subset. */

typedef struct
{
  char *prefix;  /* "" for the default namespace */
  char *uri;     /* "" for none */
  int   depth;
} Rendered;

static void
rendered_clear (gpointer data)
{
  Rendered *r = data;

  g_free (r->prefix);
  g_free (r->uri);
}

typedef struct
{
  const char *uri;
  const char *name;
  const char *prefix;
  const char *value;
  xmlChar    *owned;
} Attr;

static int
compare_attrs (gconstpointer a,
               gconstpointer b)
{
  const Attr *x = a, *y = b;
  int c = strcmp (x->uri, y->uri);

  return c != 0 ? c : strcmp (x->name, y->name);
}

static int
compare_rendered (gconstpointer a,
                  gconstpointer b)
{
  return strcmp (((const Rendered *) a)->prefix, ((const Rendered *) b)->prefix);
}

static void
append_c14n_attr_value (GString    *out,
                        const char *value)
{
  const char *run = value;

  for (;;)
    {
      gsize n = strcspn (run, "&<\"\t\n\r");

      g_string_append_len (out, run, (gssize) n);
      run += n;
      switch (*run)
        {
        case '&': g_string_append (out, "&amp;"); break;
        case '<': g_string_append (out, "&lt;"); break;
        case '"': g_string_append (out, "&quot;"); break;
        case '\t': g_string_append (out, "&#x9;"); break;
        case '\n': g_string_append (out, "&#xA;"); break;
        case '\r': g_string_append (out, "&#xD;"); break;
        default: return;
        }
      run++;
    }
}

/* @text with CR LF and a lone CR as LF. */
static char *
normalise_line_ends (const char *text)
{
  GString *out = g_string_sized_new (strlen (text));

  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p != '\r')
        g_string_append_c (out, *p);
      else
        {
          g_string_append_c (out, '\n');
          if (p[1] == '\n')
            p++;
        }
    }
  return g_string_free (out, FALSE);
}

static void
append_c14n_text (GString    *out,
                  const char *text)
{
  const char *run = text;

  for (const char *p = text; ; p++)
    {
      const char *replacement;

      switch (*p)
        {
        case '&': replacement = "&amp;"; break;
        case '<': replacement = "&lt;"; break;
        case '>': replacement = "&gt;"; break;
        case '\r': replacement = "&#xD;"; break;
        case '\0': replacement = NULL; break;
        default: continue;
        }
      g_string_append_len (out, run, p - run);
      if (replacement == NULL)
        return;
      g_string_append (out, replacement);
      run = p + 1;
    }
}

static void
append_qname (GString       *out,
              const xmlChar *prefix,
              const xmlChar *name)
{
  if (prefix != NULL && prefix[0] != '\0')
    {
      g_string_append (out, (const char *) prefix);
      g_string_append_c (out, ':');
    }
  g_string_append (out, (const char *) name);
}

struct _QwSealedReader
{
  xmlTextReader       *reader;
  xmlSchemaValidCtxt  *vctxt;
  char                *display_name;
  gboolean             verify;        /* a sealed file: content and digest required */

  /* The first problem libxml2 reported: a file that is not well-formed is
   * reported as that, even when the schema noticed something first. */
  gboolean             failed;
  int                  error_line;
  int                  error_domain;
  char                *error_message;
  gboolean             invalid;
  int                  invalid_line;
  char                *invalid_message;

  GChecksum           *checksum;
  GString             *canonical;     /* not yet digested */
  GArray              *rendered;      /* Rendered: namespace declarations in the output */
  GArray              *now;           /* Rendered, scratch: those of the element being written */
  GArray              *attrs;         /* Attr, scratch */

  gboolean             seen_content;
  gboolean             in_content;
  gboolean             in_digest;
  GString             *digest_text;
  GHashTable          *root_props;
  const char          *name;          /* the current element's local name */
};

static void
reader_error (void     *user_data,
              xmlError *err)
{
  QwSealedReader *self = user_data;

  if (err == NULL || err->level < XML_ERR_ERROR)
    return;
  if (err->domain == XML_FROM_SCHEMASV || err->domain == XML_FROM_SCHEMASP)
    {
      if (!self->invalid)
        {
          self->invalid = TRUE;
          self->invalid_line = err->line;
          self->invalid_message = qw_xml_describe_error (err);
        }
      return;
    }
  if (self->failed)
    return;
  self->failed = TRUE;
  self->error_line = err->line;
  self->error_domain = err->domain;
  self->error_message = qw_xml_describe_error (err);
}

static void
set_reader_error (QwSealedReader  *self,
                  GError         **error)
{
  if (!self->failed && self->invalid)
    g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("%s, line %d: does not follow the schema: %s"),
                 self->display_name, self->invalid_line, self->invalid_message);
  else
    g_set_error (error, QW_ERROR, QW_ERROR_CORRUPT,
                 _("%s, line %d: not well-formed XML (the file may be truncated or damaged): %s"),
                 self->display_name, self->error_line,
                 self->error_message != NULL ? self->error_message : _("unknown problem"));
}

static void
flush_canonical (QwSealedReader *self,
                 gboolean        all)
{
  if (self->canonical->len >= 65536 || (all && self->canonical->len > 0))
    {
      g_checksum_update (self->checksum, (const guchar *) self->canonical->str, (gssize) self->canonical->len);
      g_string_truncate (self->canonical, 0);
    }
}

/* The namespace declaration in force for @prefix in the output, or NULL. */
static const Rendered *
rendered_for (QwSealedReader *self,
              const char     *prefix)
{
  for (guint i = self->rendered->len; i > 0; i--)
    {
      const Rendered *r = &g_array_index (self->rendered, Rendered, i - 1);

      if (strcmp (r->prefix, prefix) == 0)
        return r;
    }
  return NULL;
}

/* Exclusive C14N: a namespace is declared where it is first visibly used by
 * an element's name or one of its attributes' names, and again only where
 * it changes. */
static void
use_namespace (QwSealedReader *self,
               GArray         *now,
               const char     *prefix,
               const char     *uri,
               int             depth)
{
  const Rendered *in_force;
  Rendered r;

  if (strcmp (prefix, "xml") == 0)
    return;
  for (guint i = 0; i < now->len; i++)
    if (strcmp (g_array_index (now, Rendered, i).prefix, prefix) == 0)
      return;
  in_force = rendered_for (self, prefix);
  if (in_force != NULL ? strcmp (in_force->uri, uri) == 0 : (prefix[0] == '\0' && uri[0] == '\0'))
    return;
  r.prefix = g_strdup (prefix);
  r.uri = g_strdup (uri);
  r.depth = depth;
  g_array_append_val (now, r);
}

static void
render_start (QwSealedReader *self,
              xmlNode        *node,
              int             depth)
{
  GString *out = self->canonical;
  GArray *now = self->now;
  GArray *attrs = self->attrs;

  g_array_set_size (now, 0);
  g_array_set_size (attrs, 0);

  use_namespace (self, now, node->ns != NULL && node->ns->prefix != NULL ? (const char *) node->ns->prefix : "",
                 node->ns != NULL ? (const char *) node->ns->href : "", depth);
  for (xmlAttr *a = node->properties; a != NULL; a = a->next)
    {
      Attr attr = { "", (const char *) a->name, NULL, NULL, NULL };

      if (a->ns != NULL && a->ns->prefix != NULL)
        {
          use_namespace (self, now, (const char *) a->ns->prefix, (const char *) a->ns->href, depth);
          attr.uri = (const char *) a->ns->href;
          attr.prefix = (const char *) a->ns->prefix;
        }
      if (a->children != NULL && a->children->next == NULL && a->children->type == XML_TEXT_NODE)
        attr.value = (const char *) a->children->content;
      else
        attr.value = (const char *) (attr.owned = xmlNodeGetContent ((xmlNode *) a));
      if (attr.value == NULL)
        attr.value = "";
      g_array_append_val (attrs, attr);
    }
  if (now->len > 1)
    g_array_sort (now, compare_rendered);
  /* By namespace URI, then local name (no two are equal in a well-formed
   * file): an insertion sort, as an element has a handful. */
  for (guint i = 1; i < attrs->len; i++)
    {
      Attr a = g_array_index (attrs, Attr, i);
      guint j = i;

      for (; j > 0 && compare_attrs (&g_array_index (attrs, Attr, j - 1), &a) > 0; j--)
        g_array_index (attrs, Attr, j) = g_array_index (attrs, Attr, j - 1);
      g_array_index (attrs, Attr, j) = a;
    }

  g_string_append_c (out, '<');
  append_qname (out, node->ns != NULL ? node->ns->prefix : NULL, node->name);
  for (guint i = 0; i < now->len; i++)
    {
      Rendered *r = &g_array_index (now, Rendered, i);

      g_string_append (out, r->prefix[0] != '\0' ? " xmlns:" : " xmlns");
      g_string_append (out, r->prefix);
      g_string_append (out, "=\"");
      append_c14n_attr_value (out, r->uri);
      g_string_append_c (out, '"');
      g_array_append_val (self->rendered, *r);
    }
  for (guint i = 0; i < attrs->len; i++)
    {
      Attr *a = &g_array_index (attrs, Attr, i);

      g_string_append_c (out, ' ');
      append_qname (out, (const xmlChar *) a->prefix, (const xmlChar *) a->name);
      g_string_append (out, "=\"");
      append_c14n_attr_value (out, a->value);
      g_string_append_c (out, '"');
      xmlFree (a->owned);
    }
  g_string_append_c (out, '>');
}

static void
render_end (QwSealedReader *self,
            xmlNode        *node,
            int             depth)
{
  g_string_append (self->canonical, "</");
  append_qname (self->canonical, node->ns != NULL ? node->ns->prefix : NULL, node->name);
  g_string_append_c (self->canonical, '>');
  while (self->rendered->len > 0
         && g_array_index (self->rendered, Rendered, self->rendered->len - 1).depth >= depth)
    g_array_set_size (self->rendered, self->rendered->len - 1);
  flush_canonical (self, FALSE);
}

static void
render_pi (QwSealedReader *self)
{
  const xmlChar *target = xmlTextReaderConstName (self->reader);
  const xmlChar *data = xmlTextReaderConstValue (self->reader);

  g_string_append (self->canonical, "<?");
  g_string_append (self->canonical, (const char *) target);
  if (data != NULL && data[0] != '\0')
    {
      g_string_append_c (self->canonical, ' ');
      /* C14N writes a PI's data with only #xD escaped. */
      for (const xmlChar *p = data; *p != '\0'; p++)
        if (*p == '\r')
          g_string_append (self->canonical, "&#xD;");
        else
          g_string_append_c (self->canonical, (char) *p);
    }
  g_string_append (self->canonical, "?>");
}

static void
remember_root_props (QwSealedReader *self,
                     xmlNode        *node)
{
  for (xmlAttr *a = node->properties; a != NULL; a = a->next)
    if (a->ns == NULL)
      {
        xmlChar *value = xmlNodeGetContent ((xmlNode *) a);

        g_hash_table_replace (self->root_props, g_strdup ((const char *) a->name),
                              g_strdup (value != NULL ? (const char *) value : ""));
        xmlFree (value);
      }
}

void
qw_sealed_reader_free (QwSealedReader *self)
{
  if (self == NULL)
    return;
  if (self->reader != NULL)
    xmlFreeTextReader (self->reader);
  if (self->vctxt != NULL)
    xmlSchemaFreeValidCtxt (self->vctxt);
  g_free (self->display_name);
  g_free (self->error_message);
  g_free (self->invalid_message);
  g_checksum_free (self->checksum);
  g_string_free (self->canonical, TRUE);
  g_array_unref (self->rendered);
  g_array_unref (self->now);
  g_array_unref (self->attrs);
  g_string_free (self->digest_text, TRUE);
  g_hash_table_unref (self->root_props);
  g_free (self);
}

/* Schemas are compiled once a process: a schema is read-only once compiled,
 * and every validation has a context of its own. */
static xmlSchema *
compiled_schema (const char  *schema_path,
                 GError     **error)
{
  G_LOCK_DEFINE_STATIC (schemas);
  static GHashTable *schemas = NULL;
  xmlSchema *schema;

  G_LOCK (schemas);
  if (schemas == NULL)
    schemas = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  schema = g_hash_table_lookup (schemas, schema_path);
  if (schema == NULL)
    {
      xmlSchemaParserCtxt *pctxt = xmlSchemaNewParserCtxt (schema_path);

      schema = pctxt != NULL ? xmlSchemaParse (pctxt) : NULL;
      xmlSchemaFreeParserCtxt (pctxt);
      if (schema != NULL)
        g_hash_table_insert (schemas, g_strdup (schema_path), schema);
    }
  G_UNLOCK (schemas);
  if (schema == NULL)
    g_set_error (error, QW_ERROR, QW_ERROR_FAILED, _("The schema %s could not be loaded"), schema_path);
  return schema;
}

/**
 * qw_sealed_reader_new:
 * @kind: the kind of file, for its size limit (qw-file.h)
 * @schema_path: (nullable): validate against this schema as the file is read
 *
 * Starts reading a sealed file from memory: size limit, no document type
 * declaration (found after decoding), then a reader that validates, digests
 * and hands out the elements of <content> one at a time, so that a file of
 * any size is read without building its tree.
 */
QwSealedReader *
qw_sealed_reader_new (const char  *data,
                      gsize        length,
                      const char  *display_name,
                      QwFileKind   kind,
                      const char  *schema_path,
                      GError     **error)
{
  g_autoptr(QwSealedReader) self = NULL;
  xmlSchema *schema = NULL;

  if (!qw_file_check_size (length, kind, display_name, error)
      || !qw_xml_check_no_dtd (data, length, display_name, error))
    return NULL;
  if (schema_path != NULL && (schema = compiled_schema (schema_path, error)) == NULL)
    return NULL;
  self = g_new0 (QwSealedReader, 1);
  self->display_name = g_strdup (display_name);
  self->verify = schema_path != NULL;
  self->checksum = g_checksum_new (G_CHECKSUM_SHA256);
  self->canonical = g_string_sized_new (65536 + 4096);
  self->rendered = g_array_new (FALSE, FALSE, sizeof (Rendered));
  g_array_set_clear_func (self->rendered, rendered_clear);
  self->now = g_array_new (FALSE, FALSE, sizeof (Rendered));
  self->attrs = g_array_new (FALSE, FALSE, sizeof (Attr));
  self->digest_text = g_string_new (NULL);
  self->root_props = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->reader = xmlReaderForMemory (data, (int) length, NULL, NULL,
                                     XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
  if (self->reader == NULL)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_CORRUPT,
                   _("%s, line %d: not well-formed XML (the file may be truncated or damaged): %s"),
                   display_name, 1, _("the file is empty"));
      return NULL;
    }
  xmlTextReaderSetStructuredErrorHandler (self->reader, reader_error, self);
  xmlResetLastError ();
  if (schema != NULL)
    {
      self->vctxt = xmlSchemaNewValidCtxt (schema);
      xmlSchemaSetValidStructuredErrors (self->vctxt, reader_error, self);
      if (self->vctxt == NULL || xmlTextReaderSchemaValidateCtxt (self->reader, self->vctxt, 0) != 0)
        {
          g_set_error (error, QW_ERROR, QW_ERROR_FAILED, _("The schema %s could not be loaded"), schema_path);
          return NULL;
        }
    }
  return g_steal_pointer (&self);
}

/* C14N has no canonical form for a relative namespace URI (libxml2 refuses
 * to canonicalise one); neither does a sealed file, wherever it is. Nor for
 * a URI holding a character that a URI cannot hold as it is (space, < > "
 * and controls) or an entity (&): libxml2 keeps "&amp;" in a namespace as
 * "&#38;" and writes its canonical form without escaping, so the form would
 * depend on how the parser stores it. A file of ours has neither. */
static gboolean
namespace_is_plain (const xmlChar *href)
{
  for (const xmlChar *p = href; *p != '\0'; p++)
    if (*p <= 0x20 || *p == 0x7f || strchr ("&<>\"'", *p) != NULL)
      return FALSE;
  return TRUE;
}

static gboolean
check_namespaces (QwSealedReader  *self,
                  xmlNode         *node,
                  GError         **error)
{
  for (xmlNs *ns = node->nsDef; ns != NULL; ns = ns->next)
    {
      xmlURI *uri;
      gboolean absolute;

      if (ns->href == NULL || ns->href[0] == '\0')
        continue;
      if (!namespace_is_plain (ns->href))
        {
          g_autofree char *shown = g_utf8_make_valid ((const char *) ns->href, -1);

          g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                       _("%s, line %d: the namespace “%s” holds characters that a sealed file’s namespace "
                         "cannot hold"),
                       self->display_name, xmlTextReaderGetParserLineNumber (self->reader), shown);
          self->failed = TRUE;
          return FALSE;
        }
      uri = xmlParseURI ((const char *) ns->href);
      absolute = uri != NULL && uri->scheme != NULL && uri->scheme[0] != '\0';
      xmlFreeURI (uri);
      if (!absolute)
        {
          g_autofree char *shown = g_utf8_make_valid ((const char *) ns->href, -1);

          g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                       _("%s, line %d: the namespace “%s” is not an absolute URI"),
                       self->display_name, xmlTextReaderGetParserLineNumber (self->reader), shown);
          self->failed = TRUE;
          return FALSE;
        }
    }
  return TRUE;
}

/* Reads one node and writes its part of the canonical form. Returns 1 on an
 * element inside <content>, 0 on anything else, -1 at the end and -2 on an
 * error. */
static int
step (QwSealedReader  *self,
      GError         **error)
{
  int rc = xmlTextReaderRead (self->reader);
  int type, depth;
  xmlNode *node;

  /* Once the schema is broken nothing more is handed out, but the rest is
   * still parsed (and freed as it goes) to tell a truncated or damaged file
   * from one that is only invalid. */
  while (self->invalid && !self->failed && rc > 0)
    rc = xmlTextReaderRead (self->reader);
  if (rc < 0 && !self->failed)
    {
      /* With a schema plugged in, the parser's own error does not always
       * reach the handler; it is still the thread's last error. */
      xmlError *last = xmlGetLastError ();

      if (last != NULL && last->domain != XML_FROM_SCHEMASV && last->domain != XML_FROM_SCHEMASP)
        reader_error (self, last);
      if (!self->failed)
        {
          self->failed = TRUE;
          self->error_line = xmlTextReaderGetParserLineNumber (self->reader);
          self->error_message = g_strdup (_("unknown problem"));
        }
    }
  if (self->failed || self->invalid)
    {
      set_reader_error (self, error);
      return -2;
    }
  if (rc == 0)
    return -1;
  type = xmlTextReaderNodeType (self->reader);
  depth = xmlTextReaderDepth (self->reader);
  node = xmlTextReaderCurrentNode (self->reader);
  switch (type)
    {
    case XML_READER_TYPE_ELEMENT:
      if (!check_namespaces (self, node, error))
        return -2;
      self->name = (const char *) node->name;
      if (depth == 0)
        {
          remember_root_props (self, node);
          render_start (self, node, depth);
          if (xmlTextReaderIsEmptyElement (self->reader))
            render_end (self, node, depth);
          return 0;
        }
      if (depth == 1)
        {
          /* Every <content> (the schema allows one) is part of the sealed subset. */
          if (strcmp (self->name, "content") == 0)
            {
              self->seen_content = TRUE;
              render_start (self, node, depth);
              self->in_content = !xmlTextReaderIsEmptyElement (self->reader);
              if (!self->in_content)
                render_end (self, node, depth);
            }
          else if (strcmp (self->name, "digest") == 0)
            self->in_digest = !xmlTextReaderIsEmptyElement (self->reader);
          return 0;
        }
      if (!self->in_content)
        return 0;
      render_start (self, node, depth);
      if (xmlTextReaderIsEmptyElement (self->reader))
        render_end (self, node, depth);
      return 1;
    case XML_READER_TYPE_END_ELEMENT:
      if (depth == 0 || (depth >= 1 && self->in_content))
        render_end (self, node, depth);
      if (depth == 1)
        self->in_content = self->in_digest = FALSE;
      return 0;
    case XML_READER_TYPE_CDATA:
      /* libxml2's reader hands a CDATA section's line ends over as they
       * were (its tree parser normalises them, as XML says: a CR, or CR LF,
       * is LF); a CR in a CDATA section cannot come from a character
       * reference, so it is a line end. */
      if (self->in_content && depth >= 2)
        {
          g_autofree char *text = normalise_line_ends ((const char *) xmlTextReaderConstValue (self->reader));

          append_c14n_text (self->canonical, text);
        }
      else if (self->in_digest)
        g_string_append (self->digest_text, (const char *) xmlTextReaderConstValue (self->reader));
      return 0;
    case XML_READER_TYPE_TEXT:
    case XML_READER_TYPE_WHITESPACE:
    case XML_READER_TYPE_SIGNIFICANT_WHITESPACE:
      if (self->in_content && depth >= 2)
        append_c14n_text (self->canonical, (const char *) xmlTextReaderConstValue (self->reader));
      else if (self->in_digest)
        g_string_append (self->digest_text, (const char *) xmlTextReaderConstValue (self->reader));
      return 0;
    case XML_READER_TYPE_PROCESSING_INSTRUCTION:
      if (self->in_content && depth >= 2)
        render_pi (self);
      return 0;
    case XML_READER_TYPE_COMMENT:
      return 0;
    case XML_READER_TYPE_NONE:
    case XML_READER_TYPE_ATTRIBUTE:
    case XML_READER_TYPE_ENTITY_REFERENCE:
    case XML_READER_TYPE_ENTITY:
    case XML_READER_TYPE_DOCUMENT:
    case XML_READER_TYPE_DOCUMENT_TYPE:
    case XML_READER_TYPE_DOCUMENT_FRAGMENT:
    case XML_READER_TYPE_NOTATION:
    case XML_READER_TYPE_END_ENTITY:
    case XML_READER_TYPE_XML_DECLARATION:
    default:
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                   _("%s, line %d: contains a document type, an entity or a notation, which is not allowed"),
                   self->display_name, xmlTextReaderGetParserLineNumber (self->reader));
      self->failed = TRUE;
      return -2;
    }
}

/**
 * qw_sealed_reader_next:
 * @depth: (out): 1 for a child of <content>, 2 for a grandchild, …
 *
 * Moves to the next element inside <content>.
 *
 * Returns: %TRUE on an element; %FALSE at the end of the file, or with
 *   @error set
 */
gboolean
qw_sealed_reader_next (QwSealedReader  *self,
                       int             *depth,
                       GError         **error)
{
  for (;;)
    {
      int rc = step (self, error);

      if (rc == 1)
        {
          *depth = xmlTextReaderDepth (self->reader) - 1;
          return TRUE;
        }
      if (rc < 0)
        return FALSE;
    }
}

/* The current element's local name. */
const char *
qw_sealed_reader_name (QwSealedReader *self)
{
  return self->name;
}

/**
 * qw_sealed_reader_node:
 *
 * Returns: (transfer none): the current element with its attributes (not
 *   its children), valid until the next call
 */
xmlNode *
qw_sealed_reader_node (QwSealedReader *self)
{
  return xmlTextReaderCurrentNode (self->reader);
}

/**
 * qw_sealed_reader_expand:
 *
 * Returns: (transfer none): the current element with everything in it; the
 *   next call to qw_sealed_reader_next() goes on inside it
 */
xmlNode *
qw_sealed_reader_expand (QwSealedReader *self)
{
  return xmlTextReaderExpand (self->reader);
}

/* An attribute of the root element, or NULL. */
const char *
qw_sealed_reader_root_prop (QwSealedReader *self,
                            const char     *name)
{
  return g_hash_table_lookup (self->root_props, name);
}

/**
 * qw_sealed_reader_finish:
 * @digest: (out) (optional): the file's digest, lower-case
 *
 * Reads to the end and checks that the whole file was valid and that its
 * digest matches. For a reader without a schema (qw_xml_seal()), @digest is
 * the digest computed, and nothing is checked.
 */
gboolean
qw_sealed_reader_finish (QwSealedReader  *self,
                         char           **digest,
                         GError         **error)
{
  g_autofree char *stored = NULL;
  const char *actual;
  int rc;

  while ((rc = step (self, error)) >= 0)
    ;
  if (rc == -2)
    return FALSE;
  if (self->vctxt != NULL && xmlTextReaderIsValid (self->reader) != 1)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("%s does not follow the schema"), self->display_name);
      return FALSE;
    }
  flush_canonical (self, TRUE);
  actual = g_checksum_get_string (self->checksum);
  if (!self->verify)
    {
      if (digest != NULL)
        *digest = g_strdup (actual);
      return TRUE;
    }
  stored = g_strstrip (g_strdup (self->digest_text->str));
  if (!self->seen_content || stored[0] == '\0')
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID, _("%s has no content or no digest"), self->display_name);
      return FALSE;
    }
  if (g_ascii_strcasecmp (actual, stored) != 0)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_CORRUPT,
                   _("%s is damaged or was changed after it was exported: its content does not "
                     "match its SHA-256 digest. Ask the sender for a fresh export."),
                   self->display_name);
      return FALSE;
    }
  if (digest != NULL)
    *digest = g_ascii_strdown (stored, -1);
  return TRUE;
}

static const char xml_declaration[] = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";

/**
 * qw_xml_seal:
 * @root_attrs: the root element's attributes, starting with a space
 * @content: the complete `<content>…</content>` element
 * @digest: (out) (optional): the digest that was written
 *
 * Returns: the whole file's text, with the digest of its root element's
 *   attributes and @content
 */
char *
qw_xml_seal (const char  *root_name,
             const char  *root_attrs,
             const char  *content,
             char       **digest,
             GError     **error)
{
  g_autoptr(GString) text = g_string_new (xml_declaration);
  g_autoptr(QwSealedReader) reader = NULL;
  g_autofree char *sum = NULL;
  gsize unsealed;

  g_string_append_printf (text, "<%s%s>\n", root_name, root_attrs);
  g_string_append (text, content);
  g_string_append_printf (text, "</%s>\n", root_name);
  reader = qw_sealed_reader_new (text->str, text->len, root_name, QW_FILE_RESULTS, NULL, error);
  if (reader == NULL || !qw_sealed_reader_finish (reader, &sum, error))
    return NULL;
  unsealed = text->len - strlen (root_name) - 4;
  g_string_truncate (text, unsealed);
  g_string_append_printf (text, "  <digest algorithm=\"sha256\">%s</digest>\n</%s>\n", sum, root_name);
  if (digest != NULL)
    *digest = g_steal_pointer (&sum);
  return g_string_free (g_steal_pointer (&text), FALSE);
}
