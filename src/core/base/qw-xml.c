/* qw-xml.c: reading untrusted XML safely, and small DOM helpers
 *
 * Results files come from other people's machines, so every XML input is
 * treated as hostile: only regular files, a size limit before parsing
 * (qw-file.h), no network, no DTD at all, found after decoding whatever the
 * encoding (which rules out entity expansion and external entities),
 * libxml2's default depth limit (no XML_PARSE_HUGE), and validation against
 * our schema.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-xml"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/xmlschemas.h>
#include <stdlib.h>
#include <string.h>

#include "qw-error.h"
#include "qw-file.h"
#include "qw-xml.h"

typedef struct
{
  int   line;
  char *message;
} FirstError;

/* The nesting depth libxml2 allows without XML_PARSE_HUGE (xmlParserMaxDepth). */
#define MAX_DEPTH 256

/**
 * qw_xml_describe_error:
 *
 * Returns: libxml2's message in words for the user: its own advice ("use
 *   XML_PARSE_HUGE option") is for programmers and is never passed on
 */
char *
qw_xml_describe_error (const xmlError *err)
{
  const char *message;

  if (err == NULL || err->message == NULL)
    return g_strdup (_("unknown problem"));
  message = err->message;
  if (strstr (message, "XML_PARSE_HUGE") != NULL || strstr (message, "Excessive depth") != NULL)
    {
      if (strstr (message, "depth") != NULL)
        return g_strdup_printf (_("the elements are nested more than %d deep"), MAX_DEPTH);
      return g_strdup (_("a name, a text or a value is longer than a file of this kind can hold"));
    }
  /* libxml2 may quote the bytes it could not read: the message is text. */
  return g_strchomp (g_utf8_make_valid (message, -1));
}

static void
remember_first_error (void     *user_data,
                      xmlError *err)
{
  FirstError *first = user_data;

  if (first->message != NULL || err == NULL)
    return;
  first->line = err->line;
  first->message = qw_xml_describe_error (err);
}

/* A document type declaration is refused before anything in it is read:
 * the parser decodes the file (UTF-8, UTF-16, any encoding its declaration
 * names) and stops at the first <!DOCTYPE or at the root element, so that a
 * declaration is found however the bytes spell it, and no entity in it is
 * ever declared or expanded. */
typedef struct
{
  gboolean dtd;
} DtdProbe;

static void
probe_subset (void          *ctx,
              const xmlChar *name,
              const xmlChar *external_id,
              const xmlChar *system_id)
{
  xmlParserCtxt *ctxt = ctx;

  ((DtdProbe *) ctxt->_private)->dtd = TRUE;
  xmlStopParser (ctxt);
}

static void
probe_entity (void          *ctx,
              const xmlChar *name,
              int            type,
              const xmlChar *public_id,
              const xmlChar *system_id,
              xmlChar       *content)
{
  xmlParserCtxt *ctxt = ctx;

  ((DtdProbe *) ctxt->_private)->dtd = TRUE;
  xmlStopParser (ctxt);
}

static void
probe_root (void           *ctx,
            const xmlChar  *localname,
            const xmlChar  *prefix,
            const xmlChar  *uri,
            int             nb_namespaces,
            const xmlChar **namespaces,
            int             nb_attributes,
            int             nb_defaulted,
            const xmlChar **attributes)
{
  xmlStopParser (ctx);
}

static void
probe_silence (void     *user_data,
               xmlError *err)
{
}

/**
 * qw_xml_check_no_dtd:
 *
 * Returns: %FALSE with an error when the document, once decoded, has a
 *   document type declaration (and so possibly entities)
 */
gboolean
qw_xml_check_no_dtd (const char  *data,
                     gsize        length,
                     const char  *display_name,
                     GError     **error)
{
  xmlSAXHandler sax;
  xmlParserCtxt *ctxt;
  DtdProbe probe = { FALSE };

  if (length > G_MAXINT)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_TOO_LARGE, _("%s is too large"), display_name);
      return FALSE;
    }
  /* Nothing to parse (an empty file): the parser that follows says so. */
  ctxt = xmlCreateMemoryParserCtxt (data, (int) length);
  if (ctxt == NULL)
    return TRUE;
  memset (&sax, 0, sizeof sax);
  sax.initialized = XML_SAX2_MAGIC;
  sax.internalSubset = probe_subset;
  sax.externalSubset = probe_subset;
  sax.entityDecl = probe_entity;
  sax.startElementNs = probe_root;
  sax.serror = probe_silence;
  memcpy (ctxt->sax, &sax, sizeof sax);
  ctxt->_private = &probe;
  xmlCtxtUseOptions (ctxt, XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
  xmlParseDocument (ctxt);
  ctxt->_private = NULL;
  xmlFreeParserCtxt (ctxt);
  if (probe.dtd)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                   _("%s contains a document type or entity declaration, which is not allowed"),
                   display_name);
      return FALSE;
    }
  return TRUE;
}

static gboolean
validate (xmlDoc     *doc,
          const char *display_name,
          const char *schema_path,
          GError    **error)
{
  xmlSchemaParserCtxt *pctxt;
  xmlSchema *schema;
  xmlSchemaValidCtxt *vctxt;
  FirstError first = { 0, NULL };
  int rc;

  pctxt = xmlSchemaNewParserCtxt (schema_path);
  schema = pctxt != NULL ? xmlSchemaParse (pctxt) : NULL;
  xmlSchemaFreeParserCtxt (pctxt);
  if (schema == NULL)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_FAILED,
                   _("The schema %s could not be loaded"), schema_path);
      return FALSE;
    }
  vctxt = xmlSchemaNewValidCtxt (schema);
  xmlSchemaSetValidStructuredErrors (vctxt, (xmlStructuredErrorFunc) remember_first_error, &first);
  rc = xmlSchemaValidateDoc (vctxt, doc);
  xmlSchemaFreeValidCtxt (vctxt);
  xmlSchemaFree (schema);
  if (rc != 0)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                   _("%s, line %d: does not follow the schema: %s"),
                   display_name, first.line,
                   first.message != NULL ? first.message : _("unknown problem"));
      g_free (first.message);
      return FALSE;
    }
  g_free (first.message);
  return TRUE;
}

xmlDoc *
qw_xml_read_memory (const char *data,
                    gsize       length,
                    const char *display_name,
                    const char *schema_path,
                    GError    **error)
{
  xmlParserCtxt *ctxt;
  xmlDoc *doc;
  FirstError first = { 0, NULL };

  if (length > G_MAXINT)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_TOO_LARGE, _("%s is too large"), display_name);
      return NULL;
    }
  if (!qw_xml_check_no_dtd (data, length, display_name, error))
    return NULL;
  ctxt = xmlNewParserCtxt ();
  doc = xmlCtxtReadMemory (ctxt, data, (int) length, NULL, NULL,
                           XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
  if (doc != NULL && ctxt->wellFormed && (doc->intSubset != NULL || doc->extSubset != NULL))
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                   _("%s contains a document type or entity declaration, which is not allowed"),
                   display_name);
      xmlFreeDoc (doc);
      xmlFreeParserCtxt (ctxt);
      return NULL;
    }
  if (doc == NULL || !ctxt->wellFormed)
    {
      xmlError *err = xmlCtxtGetLastError (ctxt);

      remember_first_error (&first, err);
      g_set_error (error, QW_ERROR, QW_ERROR_CORRUPT,
                   _("%s, line %d: not well-formed XML (the file may be truncated or damaged): %s"),
                   display_name, first.line,
                   first.message != NULL ? first.message : _("unknown problem"));
      g_free (first.message);
      g_clear_pointer (&doc, xmlFreeDoc);
      xmlFreeParserCtxt (ctxt);
      return NULL;
    }
  xmlFreeParserCtxt (ctxt);
  if (schema_path != NULL && !validate (doc, display_name, schema_path, error))
    {
      xmlFreeDoc (doc);
      return NULL;
    }
  return doc;
}

/**
 * qw_xml_read_file:
 * @kind: what the file is, for its size limit (qw-file.h)
 *
 * Reads a regular file of at most the limit of @kind, then as
 * qw_xml_read_memory().
 */
xmlDoc *
qw_xml_read_file (const char *path,
                  QwFileKind  kind,
                  const char *schema_path,
                  GError    **error)
{
  g_autofree char *data = NULL;
  g_autofree char *display_name = g_filename_display_name (path);
  gsize length = 0;

  if (!qw_file_read (path, kind, &data, &length, error))
    return NULL;
  return qw_xml_read_memory (data, length, display_name, schema_path, error);
}

static gboolean
is_element (xmlNode    *node,
            const char *name)
{
  return node->type == XML_ELEMENT_NODE
         && (name == NULL || strcmp ((const char *) node->name, name) == 0);
}

xmlNode *
qw_xml_first_child (xmlNode    *parent,
                    const char *name)
{
  if (parent == NULL)
    return NULL;
  for (xmlNode *n = parent->children; n != NULL; n = n->next)
    if (is_element (n, name))
      return n;
  return NULL;
}

xmlNode *
qw_xml_next_sibling (xmlNode    *node,
                     const char *name)
{
  for (xmlNode *n = node->next; n != NULL; n = n->next)
    if (is_element (n, name))
      return n;
  return NULL;
}

/* The value of an attribute, without copying it when it is a single text
 * node (as it always is without entities). As xmlGetProp(), the name is
 * matched whatever the attribute's namespace: a workbook's r:id is "id". */
static const char *
peek_prop (xmlNode     *node,
           const char  *name,
           xmlChar    **owned)
{
  *owned = NULL;
  if (node == NULL)
    return NULL;
  for (xmlAttr *a = node->properties; a != NULL; a = a->next)
    if (strcmp ((const char *) a->name, name) == 0)
      {
        if (a->children == NULL)
          return "";
        if (a->children->next == NULL && a->children->type == XML_TEXT_NODE)
          return (const char *) a->children->content;
        return (const char *) (*owned = xmlNodeGetContent ((xmlNode *) a));
      }
  return NULL;
}

/* Returns a g_malloc'ed copy, so that callers never mix xmlFree and g_free. */
char *
qw_xml_get_prop (xmlNode    *node,
                 const char *name)
{
  xmlChar *owned;
  const char *value = peek_prop (node, name, &owned);
  char *copy = g_strdup (value);

  xmlFree (owned);
  return copy;
}

int
qw_xml_get_prop_int (xmlNode    *node,
                     const char *name,
                     int         fallback)
{
  xmlChar *owned;
  const char *value = peek_prop (node, name, &owned);
  gint64 v;
  gboolean ok = value != NULL && g_ascii_string_to_signed (value, 10, G_MININT, G_MAXINT, &v, NULL);

  xmlFree (owned);
  return ok ? (int) v : fallback;
}

double
qw_xml_get_prop_double (xmlNode    *node,
                        const char *name,
                        double      fallback)
{
  xmlChar *owned;
  const char *value = peek_prop (node, name, &owned);
  char *end = NULL;
  double v = fallback;

  if (value != NULL)
    {
      v = g_ascii_strtod (value, &end);
      if (end == value || *end != '\0')
        v = fallback;
    }
  xmlFree (owned);
  return v;
}

gboolean
qw_xml_get_prop_bool (xmlNode    *node,
                      const char *name,
                      gboolean    fallback)
{
  g_autofree char *value = qw_xml_get_prop (node, name);

  if (value == NULL)
    return fallback;
  return g_str_equal (value, "true") || g_str_equal (value, "1");
}

char *
qw_xml_get_text (xmlNode *node)
{
  xmlChar *value;
  char *copy;

  if (node == NULL)
    return NULL;
  value = xmlNodeGetContent (node);
  copy = g_strdup (value != NULL ? (const char *) value : "");
  xmlFree (value);
  return copy;
}

char *
qw_xml_child_text (xmlNode    *parent,
                   const char *name)
{
  return qw_xml_get_text (qw_xml_first_child (parent, name));
}
