/* qw-xml.c: reading untrusted XML safely, and small DOM helpers
 *
 * Results files come from other people's machines, so every XML input is
 * treated as hostile: a size limit before parsing, no network, no DTD at all
 * (which rules out entity expansion and external entities), libxml2's default
 * depth limit (no XML_PARSE_HUGE), and validation against our schema.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-xml"

#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <libxml/parser.h>
#include <libxml/xmlschemas.h>
#include <stdlib.h>
#include <string.h>

#include "qw-error.h"
#include "qw-xml.h"

typedef struct
{
  int   line;
  char *message;
} FirstError;

static void
remember_first_error (void     *user_data,
                      xmlError *err)
{
  FirstError *first = user_data;

  if (first->message != NULL || err == NULL)
    return;
  first->line = err->line;
  first->message = g_strchomp (g_strdup (err->message != NULL ? err->message : "?"));
}

static gboolean
has_doctype (const char *data,
             gsize       length)
{
  static const char *needles[] = { "<!DOCTYPE", "<!ENTITY", "<!doctype" };

  for (guint i = 0; i < G_N_ELEMENTS (needles); i++)
    if (g_strstr_len (data, (gssize) length, needles[i]) != NULL)
      return TRUE;
  return FALSE;
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
  if (has_doctype (data, length))
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                   _("%s contains a document type or entity declaration, which is not allowed"),
                   display_name);
      return NULL;
    }
  ctxt = xmlNewParserCtxt ();
  doc = xmlCtxtReadMemory (ctxt, data, (int) length, NULL, NULL,
                           XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
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

xmlDoc *
qw_xml_read_file (const char *path,
                  gsize       max_bytes,
                  const char *schema_path,
                  GError    **error)
{
  g_autofree char *data = NULL;
  g_autofree char *display_name = g_filename_display_name (path);
  gsize length = 0;
  GStatBuf st;

  if (g_stat (path, &st) != 0)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_IO, _("%s cannot be read: %s"),
                   display_name, g_strerror (errno));
      return NULL;
    }
  if ((guint64) st.st_size > max_bytes)
    {
      g_autofree char *size = g_format_size ((guint64) st.st_size);
      g_autofree char *limit = g_format_size (max_bytes);

      g_set_error (error, QW_ERROR, QW_ERROR_TOO_LARGE, _("%s is too large (%s; the limit is %s)"),
                   display_name, size, limit);
      return NULL;
    }
  if (!g_file_get_contents (path, &data, &length, error))
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

/* Returns a g_malloc'ed copy, so that callers never mix xmlFree and g_free. */
char *
qw_xml_get_prop (xmlNode    *node,
                 const char *name)
{
  xmlChar *value;
  char *copy;

  if (node == NULL)
    return NULL;
  value = xmlGetProp (node, (const xmlChar *) name);
  if (value == NULL)
    return NULL;
  copy = g_strdup ((const char *) value);
  xmlFree (value);
  return copy;
}

int
qw_xml_get_prop_int (xmlNode    *node,
                     const char *name,
                     int         fallback)
{
  g_autofree char *value = qw_xml_get_prop (node, name);
  gint64 v;

  if (value == NULL || !g_ascii_string_to_signed (value, 10, G_MININT, G_MAXINT, &v, NULL))
    return fallback;
  return (int) v;
}

double
qw_xml_get_prop_double (xmlNode    *node,
                        const char *name,
                        double      fallback)
{
  g_autofree char *value = qw_xml_get_prop (node, name);
  char *end = NULL;
  double v;

  if (value == NULL)
    return fallback;
  v = g_ascii_strtod (value, &end);
  return (end != value && *end == '\0') ? v : fallback;
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
