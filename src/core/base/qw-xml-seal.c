/* qw-xml-seal.c: XML files whose <content> carries a SHA-256 digest
 *
 * The writer builds the text itself (so the layout stays readable), parses
 * it back, and digests the parsed content: the reader repeats exactly that
 * last step, so both sides digest the same canonical bytes.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "qw-xml-seal"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <libxml/c14n.h>
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

/**
 * qw_xml_content_digest:
 * @content: the <content> element of a parsed file
 *
 * Returns: the SHA-256 of its exclusive canonical form, in lower-case hex
 */
static char *
qw_xml_content_digest (xmlNode  *content,
                       GError  **error)
{
  xmlDoc *copy = xmlNewDoc ((const xmlChar *) "1.0");
  xmlNode *root = xmlDocCopyNode (content, copy, 1);
  xmlChar *bytes = NULL;
  int length = -1;
  char *digest = NULL;

  if (root != NULL)
    {
      xmlDocSetRootElement (copy, root);
      length = xmlC14NDocDumpMemory (copy, NULL, XML_C14N_EXCLUSIVE_1_0, NULL, 0, &bytes);
    }
  if (length >= 0)
    digest = g_compute_checksum_for_data (G_CHECKSUM_SHA256, bytes, (gsize) length);
  else
    g_set_error (error, QW_ERROR, QW_ERROR_FAILED, _("The content could not be put in canonical form"));
  xmlFree (bytes);
  xmlFreeDoc (copy);
  return digest;
}

static const char xml_declaration[] = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";

/**
 * qw_xml_seal:
 * @root_attrs: the root element's attributes, starting with a space
 * @content: the complete `<content>…</content>` element
 * @digest: (out) (optional): the digest that was written
 *
 * Returns: the whole file's text, with the digest of @content
 */
char *
qw_xml_seal (const char  *root_name,
             const char  *root_attrs,
             const char  *content,
             char       **digest,
             GError     **error)
{
  g_autoptr(GString) text = g_string_new (xml_declaration);
  g_autoptr(xmlDoc) doc = NULL;
  g_autofree char *sum = NULL;
  xmlNode *content_node;

  g_string_append_printf (text, "<%s%s>\n", root_name, root_attrs);
  g_string_append (text, content);
  g_string_append_printf (text, "</%s>\n", root_name);
  doc = qw_xml_read_memory (text->str, text->len, root_name, NULL, error);
  if (doc == NULL)
    return NULL;
  content_node = qw_xml_first_child (xmlDocGetRootElement (doc), "content");
  if (content_node == NULL || (sum = qw_xml_content_digest (content_node, error)) == NULL)
    {
      if (content_node == NULL)
        g_set_error (error, QW_ERROR, QW_ERROR_FAILED, _("The file has no content element"));
      return NULL;
    }
  g_string_truncate (text, text->len - strlen (root_name) - 4);
  g_string_append_printf (text, "  <digest algorithm=\"sha256\">%s</digest>\n</%s>\n", sum, root_name);
  if (digest != NULL)
    *digest = g_steal_pointer (&sum);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static gboolean
verify (xmlDoc      *doc,
        const char  *display_name,
        xmlNode    **content,
        char       **digest,
        GError     **error)
{
  xmlNode *root = xmlDocGetRootElement (doc);
  xmlNode *content_node = qw_xml_first_child (root, "content");
  g_autofree char *stored = g_strstrip (qw_xml_child_text (root, "digest"));
  g_autofree char *actual = NULL;

  if (content_node == NULL || stored == NULL)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_INVALID,
                   _("%s has no content or no digest"), display_name);
      return FALSE;
    }
  actual = qw_xml_content_digest (content_node, error);
  if (actual == NULL)
    return FALSE;
  if (g_ascii_strcasecmp (actual, stored) != 0)
    {
      g_set_error (error, QW_ERROR, QW_ERROR_CORRUPT,
                   _("%s is damaged or was changed after it was exported: its content does not "
                     "match its SHA-256 digest. Ask the sender for a fresh export."),
                   display_name);
      return FALSE;
    }
  *content = content_node;
  if (digest != NULL)
    *digest = g_ascii_strdown (stored, -1);
  return TRUE;
}

/**
 * qw_xml_read_sealed:
 * @content: (out) (transfer none): the verified content element
 * @digest: (out) (optional): the digest
 *
 * Parses untrusted XML (see qw-xml.c), validates it against @schema_path and
 * checks the digest.
 */
xmlDoc *
qw_xml_read_sealed (const char  *data,
                    gsize        length,
                    const char  *display_name,
                    const char  *schema_path,
                    xmlNode    **content,
                    char       **digest,
                    GError     **error)
{
  g_autoptr(xmlDoc) doc = qw_xml_read_memory (data, length, display_name, schema_path, error);

  if (doc == NULL || !verify (doc, display_name, content, digest, error))
    return NULL;
  return g_steal_pointer (&doc);
}

xmlDoc *
qw_xml_read_sealed_file (const char  *path,
                         gsize        max_bytes,
                         const char  *schema_path,
                         xmlNode    **content,
                         char       **digest,
                         GError     **error)
{
  g_autofree char *display_name = g_filename_display_name (path);
  g_autoptr(xmlDoc) doc = qw_xml_read_file (path, max_bytes, schema_path, error);

  if (doc == NULL || !verify (doc, display_name, content, digest, error))
    return NULL;
  return g_steal_pointer (&doc);
}
